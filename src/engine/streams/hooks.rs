//! How a table feeds its stream, and how streams outlive changes.
//!
//! The table side of DynamoDB Streams: `Table::write_item` calls
//! `record_change` for every write that changes an item; UpdateTable turns
//! the stream on, off or to a new view type (`change_stream`); a partition
//! split reshards it (`reshard_stream`); the write journal marks and rolls
//! back its records (`stream_mark`, `roll_back_stream`); a deleted table's
//! streams are retired, readable for 24 hours (`retire_streams`), and the
//! catch-up trims records past retention (`trim_streams`).

use serde_json::{json, Map, Value};

use super::{StreamViewType, TableStream, FIRST_SEQUENCE};
use crate::engine::error::{ApiError, Result};
use crate::engine::schema::PrimaryKey;
use crate::engine::table::Table;
use crate::engine::value::Item;
use crate::engine::Engine;

impl Table {
    /// The stream records are written to, if the table's stream is enabled.
    pub fn enabled_stream(&self) -> Option<&TableStream> {
        self.streams.last().filter(|s| s.is_enabled())
    }

    /// Every stream of the table still readable, oldest first.
    pub fn streams(&self) -> &[TableStream] {
        &self.streams
    }

    /// Whether UpdateTable may enable (`Some(view)`) or disable (`None`)
    /// the table's stream.
    pub(crate) fn check_stream_change(&self, view_type: Option<StreamViewType>) -> Result<()> {
        let name = &self.definition.name;
        match (view_type, self.enabled_stream()) {
            (Some(_), Some(_)) => {
                Err(ApiError::validation(format!("Table already has an enabled stream: TableName: {name}")))
            }
            (None, None) => Err(ApiError::validation(format!("Table has no stream to disable: TableName: {name}"))),
            _ => Ok(()),
        }
    }

    /// Enables a new stream (`Some(view)`) or disables the current one.
    pub(crate) fn change_stream(&mut self, view_type: Option<StreamViewType>, region: &str, now: u64) -> Result<()> {
        self.check_stream_change(view_type)?;
        match view_type {
            Some(view_type) => {
                let stream = TableStream::new(self, region, view_type, now);
                self.streams.push(stream);
            }
            None => {
                if let Some(stream) = self.streams.last_mut() {
                    stream.close_shards();
                    stream.disabled_millis = Some(now);
                }
            }
        }
        Ok(())
    }

    /// Replaces the enabled stream by an empty one created at `created`
    /// (snapshot restore).
    pub(crate) fn restart_stream(&mut self, region: &str, created: u64) {
        let Some(view_type) = self.enabled_stream().map(|s| s.view_type) else { return };
        self.streams.pop();
        let stream = TableStream::new(self, region, view_type, created);
        self.streams.push(stream);
    }

    /// The stream hook of `write_item`: one record per changed item.
    pub(crate) fn record_change(
        &mut self,
        key: &PrimaryKey,
        old: Option<&Item>,
        new: Option<&Item>,
        now: u64,
        by_service: bool,
    ) {
        if old == new {
            return;
        }
        if let Some(stream) = self.streams.last_mut().filter(|s| s.is_enabled()) {
            stream.append(key, old, new, now, by_service);
        }
    }

    /// Trims records past retention and forgets disabled streams past it.
    pub(crate) fn trim_streams(&mut self, now: u64) {
        self.streams.iter_mut().for_each(|s| s.trim(now));
        self.streams.retain(|s| !s.expired(now));
    }

    /// The stream's length and next sequence number, for the journal.
    pub(crate) fn stream_mark(&self) -> Option<(usize, u128)> {
        self.streams.last().map(|s| (s.records.len(), s.next_sequence))
    }

    pub(crate) fn roll_back_stream(&mut self, mark: Option<(usize, u128)>) {
        if let (Some((len, next)), Some(stream)) = (mark, self.streams.last_mut()) {
            stream.records.truncate(len);
            // A shard opened since (a split) keeps its start: numbers only grow.
            let opened = stream.shards.iter().map(|s| s.starting_sequence).max().unwrap_or(FIRST_SEQUENCE);
            stream.next_sequence = next.max(opened);
        }
    }

    /// The stream hook of the capacity model: the table's partitions are
    /// now `ranges` (keyspace ranges in order); see [`TableStream::reshard`].
    pub(crate) fn reshard_stream(&mut self, ranges: &[(u64, u64)], now: u64) {
        if let Some(stream) = self.streams.last_mut() {
            stream.reshard(ranges, now);
        }
    }

    /// `StreamSpecification`, `LatestStreamArn`, `LatestStreamLabel` of a
    /// `TableDescription`.
    pub(crate) fn describe_stream_members(&self, out: &mut Map<String, Value>) {
        if let Some(stream) = self.enabled_stream() {
            out.insert(
                "StreamSpecification".into(),
                json!({"StreamEnabled": true, "StreamViewType": stream.view_type.as_str()}),
            );
        }
        if let Some(stream) = self.streams.last() {
            out.insert("LatestStreamLabel".into(), stream.label.clone().into());
            out.insert("LatestStreamArn".into(), stream.arn.clone().into());
        }
    }
}

impl Engine {
    /// Keeps a deleted table's streams readable (closed) for 24 hours.
    pub(crate) fn retire_streams(&mut self, table: &mut Table) {
        let now = self.clock.now_millis();
        for mut stream in std::mem::take(&mut table.streams) {
            stream.close_shards();
            stream.disabled_millis.get_or_insert(now);
            self.retired_streams.push(stream);
        }
    }

    pub(crate) fn trim_streams(&mut self, now: u64) {
        self.tables.values_mut().for_each(|t| t.trim_streams(now));
        self.retired_streams.iter_mut().for_each(|s| s.trim(now));
        self.retired_streams.retain(|s| !s.expired(now));
    }

    /// A stream has one open shard per partition of its table: after the
    /// capacity model moved the table's partitions (a split for size, for
    /// heat, a throughput change), the enabled stream closes the shards of
    /// partitions that are gone and opens their children's.
    pub(crate) fn stream_follows_partitions(&mut self, table: &str) {
        let now = self.clock.now_millis();
        if self.tables.get(table).is_none_or(|t| t.enabled_stream().is_none()) {
            return;
        }
        let Some(ranges) = self.partition_ranges(table) else { return };
        if let Some(t) = self.tables.get_mut(table) {
            t.reshard_stream(&ranges, now);
        }
    }
}
