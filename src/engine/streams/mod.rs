//! DynamoDB Streams: a time-ordered log of the item changes of a table.
//!
//! A table with `StreamSpecification {StreamEnabled: true, StreamViewType}`
//! (CreateTable or UpdateTable) has a stream. Every item write goes through
//! `Table::write_item` (`index::maintain`), and that is where the one hook
//! sits: a write that changes an item appends exactly one [`StreamRecord`] to
//! the table's enabled stream: `INSERT` (no item before), `MODIFY` (an item
//! before and after, different), `REMOVE` (the item is gone). A write that
//! leaves the item as it was (a PutItem of the same image, a DeleteItem of a
//! missing key) writes no record, as in DynamoDB. PutItem, UpdateItem,
//! DeleteItem, BatchWriteItem, TransactWriteItems and the TTL sweeper all
//! pass through the hook, so every change is recorded once, in the order the
//! writes were applied.
//!
//! **Shards follow partitions.** As in DynamoDB, a stream has one open shard
//! per partition of the table, taking the records of the items whose
//! partition key hashes into that partition's range; an item's records all
//! go to one shard, in order (sequence numbers only grow). When a partition
//! splits (for size, by doubling, for heat), its shard is closed (it gets an
//! `EndingSequenceNumber`) and a child shard opens for each new partition,
//! naming the closed one as its `ParentShardId`. A reader processes a parent
//! to its end before its children, and keeps per-key order that way.
//!
//! ```text
//!   PutItem k1   ─┐                          shard A (partition 1, open)
//!   UpdateItem k1 ├─▶ Table::write_item ─▶  [seq 1 INSERT k1][seq 2 MODIFY k1][seq 3 REMOVE k1 (Service)]
//!   TTL sweep k1 ─┘                          ▲ TRIM_HORIZON                     ▲ LATEST
//!
//!   partition 1 splits:  shard A closed, ends at seq 7
//!                          ├─ shard B (parent A): hashes 0…m-1   [seq 8 …]
//!                          └─ shard C (parent A): hashes m…      [seq 9 …]
//! ```
//!
//! The partitions are the engine's (`sim`); the stream learns the layout
//! whenever the engine brings a table's capacity model in step
//! (`Engine::sync_capacity` ends with `stream_follows_partitions`): at every
//! admitted request, on CreateTable/UpdateTable, after a snapshot restore,
//! and before a Streams API call reads the stream. A new stream starts with
//! the table's partitions as they are, without parents. With throughput
//! enforcement off (`set enforce-throughput 0`), writes do not look at the
//! partitions, so a split shows in the stream at the next of those moments.
//!
//! What a record holds follows the view type: `KEYS_ONLY` the keys only,
//! `NEW_IMAGE` the item after, `OLD_IMAGE` the item before, and
//! `NEW_AND_OLD_IMAGES` both. TTL deletions carry `userIdentity {type:
//! "Service", principalId: "dynamodb.amazonaws.com"}`.
//!
//! **Rollback.** Dry runs and throttled requests journal their tables; the
//! journal marks the stream's length and rolls records back with the items
//! (`Table::begin_journal`), so neither leaves a record behind.
//!
//! **Retention.** Records older than 24 hours of engine time are trimmed
//! when the clock is applied (at the start of each request, on
//! `advance_clock`). Disabling a stream closes it (its shards get an
//! `EndingSequenceNumber`); it stays readable for 24 hours, then it is gone.
//! Enabling again creates a new stream with a new ARN and label. A deleted
//! table's streams stay readable for 24 hours as well.
//!
//! **The Streams API.** [`crate::engine::Engine::execute_streams`]
//! answers `ListStreams`, `DescribeStream`, `GetShardIterator` and
//! `GetRecords` with the request and response shapes of the DynamoDB Streams
//! API (target prefix `DynamoDBStreams_20120810`; the endpoint routes to
//! it). Like every other operation, a request is checked in `api::streams`
//! and answered in `ops::streams`. Shard iterators are opaque strings that
//! expire 15 minutes (engine time) after they were issued.
//!
//! This module is the log itself ([`TableStream`]); `hooks` is the table's
//! side (recording writes, enabling, resharding, retiring).
//!
//! Simplifications: shards do not roll over after some hours as
//! DynamoDB's do (only splits close them); sequence numbers are counted per
//! stream (DynamoDB's are only ordered per shard); stream records are not
//! saved in snapshots (the stream definition and label are; a restored
//! stream starts empty).

mod hooks;

use std::collections::VecDeque;

use md5::{Digest, Md5};
use serde_json::{json, Map, Value};

use super::calendar::date_text;
use super::partition::key_position;
use super::schema::{KeySchema, PrimaryKey};
use super::table::Table;
use super::value::size::item_size;
use super::value::wire::item_to_wire;
use super::value::Item;

/// How long records (and a disabled stream) stay readable: 24 hours.
pub const RETENTION_MILLIS: u64 = 24 * 60 * 60 * 1000;
/// How long a shard iterator stays valid: 15 minutes.
pub const ITERATOR_LIFETIME_MILLIS: u64 = 15 * 60 * 1000;
/// The first sequence number of a stream (21 digits, as DynamoDB's are).
pub(crate) const FIRST_SEQUENCE: u128 = 100_000_000_000_000_000_000;

/// The operations of the DynamoDB Streams API, answered by
/// [`crate::engine::Engine::execute_streams`].
pub const STREAMS_OPERATIONS: &[&str] = &["ListStreams", "DescribeStream", "GetShardIterator", "GetRecords"];

/// What a stream record shows of the item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamViewType {
    KeysOnly,
    NewImage,
    OldImage,
    NewAndOldImages,
}

impl StreamViewType {
    /// In the order DynamoDB's enum message lists them.
    pub const VALUES: &'static [&'static str] = &["OLD_IMAGE", "KEYS_ONLY", "NEW_AND_OLD_IMAGES", "NEW_IMAGE"];

    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "KEYS_ONLY" => Self::KeysOnly,
            "NEW_IMAGE" => Self::NewImage,
            "OLD_IMAGE" => Self::OldImage,
            "NEW_AND_OLD_IMAGES" => Self::NewAndOldImages,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::KeysOnly => "KEYS_ONLY",
            Self::NewImage => "NEW_IMAGE",
            Self::OldImage => "OLD_IMAGE",
            Self::NewAndOldImages => "NEW_AND_OLD_IMAGES",
        }
    }

    fn shows_new(self) -> bool {
        matches!(self, Self::NewImage | Self::NewAndOldImages)
    }

    fn shows_old(self) -> bool {
        matches!(self, Self::OldImage | Self::NewAndOldImages)
    }
}

/// One change of one item.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamRecord {
    pub sequence: u128,
    /// `INSERT`, `MODIFY` or `REMOVE`.
    pub event_name: &'static str,
    pub created_millis: u64,
    pub keys: Item,
    /// The images the view type keeps.
    pub old_image: Option<Item>,
    pub new_image: Option<Item>,
    /// A deletion by the TTL sweeper.
    pub by_service: bool,
    /// The shard it is in (an index into [`TableStream::shards`]).
    pub shard: usize,
}

/// One shard of a stream: the records of one partition's keyspace range,
/// from when the shard opened until it closed (its partition split, or
/// the stream was disabled).
#[derive(Clone, Debug, PartialEq)]
pub struct StreamShard {
    pub id: String,
    /// The shard this one continues (its partition split into this one's).
    pub parent: Option<String>,
    /// Keyspace positions (partition key hashes) it takes records for.
    pub start: u64,
    pub end: u64,
    /// The sequence number the shard started at.
    pub starting_sequence: u128,
    /// Set once the shard is closed: no record after it.
    pub ending_sequence: Option<u128>,
}

/// One stream of a table (enabled, or disabled and still readable).
#[derive(Clone, Debug, PartialEq)]
pub struct TableStream {
    pub arn: String,
    pub label: String,
    pub table_name: String,
    pub region: String,
    pub key_schema: KeySchema,
    pub view_type: StreamViewType,
    pub created_millis: u64,
    /// When the stream was disabled (its table deleted, or UpdateTable);
    /// `None` while it is enabled.
    pub disabled_millis: Option<u64>,
    /// Every shard, in the order they opened (parents before children).
    pub shards: Vec<StreamShard>,
    /// Whether the shards have been laid out on the table's partitions yet
    /// (a new stream has one shard for the whole keyspace until then).
    laid_out: bool,
    pub records: VecDeque<StreamRecord>,
    /// The sequence number the next record gets.
    pub next_sequence: u128,
    /// Records below this sequence number were trimmed.
    pub trimmed_before: u128,
}

/// `2026-01-01T00:00:00.000` for engine milliseconds: a stream label.
pub fn iso_millis(millis: u64) -> String {
    let days = (millis / 86_400_000) as i64;
    let rest = millis % 86_400_000;
    let (h, m, s, ms) = (rest / 3_600_000, rest / 60_000 % 60, rest / 1000 % 60, rest % 1000);
    format!("{}T{h:02}:{m:02}:{s:02}.{ms:03}", date_text(days))
}

fn hex_digest(parts: &[&[u8]]) -> String {
    let mut hasher = Md5::new();
    for part in parts {
        hasher.update(part);
    }
    let h: [u8; 16] = hasher.finalize().into();
    h.iter().map(|b| format!("{b:02x}")).collect()
}

/// A shard id: `shardId-<creation millis, 20 digits>-<8 hex digits>`, the
/// hex from the stream's ARN (and, after the first, the shard's number).
fn shard_id(arn: &str, at: u64, n: usize) -> String {
    let digest = if n == 0 { hex_digest(&[arn.as_bytes()]) } else { hex_digest(&[arn.as_bytes(), &n.to_be_bytes()]) };
    format!("shardId-{at:020}-{}", digest.get(..8).unwrap_or_default())
}

impl TableStream {
    /// A new, enabled stream of `table` created at `now`.
    pub(crate) fn new(table: &Table, region: &str, view_type: StreamViewType, now: u64) -> Self {
        let d = &table.definition;
        // A label is the creation time; a second stream of the same table in
        // the same millisecond takes the next free one.
        let mut at = now;
        for _ in 0..=table.streams.len() {
            if !table.streams.iter().any(|s| s.label == iso_millis(at)) {
                break;
            }
            at = at.saturating_add(1);
        }
        let label = iso_millis(at);
        let arn = format!("{}/stream/{label}", d.arn);
        let shard = StreamShard {
            id: shard_id(&arn, at, 0),
            parent: None,
            start: 0,
            end: u64::MAX,
            starting_sequence: FIRST_SEQUENCE,
            ending_sequence: None,
        };
        Self {
            arn,
            label,
            table_name: d.name.clone(),
            region: region.to_string(),
            key_schema: d.key_schema.clone(),
            view_type,
            created_millis: now,
            disabled_millis: None,
            shards: vec![shard],
            laid_out: false,
            records: VecDeque::new(),
            next_sequence: FIRST_SEQUENCE,
            trimmed_before: FIRST_SEQUENCE,
        }
    }

    pub fn is_enabled(&self) -> bool {
        self.disabled_millis.is_none()
    }

    /// The open shard taking the records of keyspace position `position`.
    fn shard_for(&self, position: u64) -> usize {
        let open = |s: &&StreamShard| s.ending_sequence.is_none();
        self.shards
            .iter()
            .enumerate()
            .filter(|(_, s)| open(s) && s.start <= position && position <= s.end)
            .map(|(i, _)| i)
            .next()
            .or_else(|| self.shards.iter().rposition(|s| s.ending_sequence.is_none()))
            .unwrap_or(0)
    }

    /// The last sequence number a shard closed now ends at.
    fn closing_sequence(&self, shard: &StreamShard) -> u128 {
        self.next_sequence.saturating_sub(1).max(shard.starting_sequence)
    }

    /// Brings the open shards in step with the table's partitions (their
    /// keyspace ranges, in order; `now` names new shards). A new stream
    /// takes them as they are; afterwards an open shard whose range is no
    /// longer a partition's (it split) is closed and a child opens for each
    /// partition inside it. Nothing happens to a disabled stream.
    pub(crate) fn reshard(&mut self, ranges: &[(u64, u64)], now: u64) {
        if !self.is_enabled() || ranges.is_empty() {
            return;
        }
        let unused = self.next_sequence == FIRST_SEQUENCE && self.shards.len() == 1;
        if !self.laid_out && unused {
            let first = self.shards.first().map(|s| s.id.clone()).unwrap_or_default();
            self.shards = ranges
                .iter()
                .enumerate()
                .map(|(i, &(start, end))| StreamShard {
                    // The first keeps the id it was created with.
                    id: if i == 0 { first.clone() } else { shard_id(&self.arn, now, i) },
                    parent: None,
                    start,
                    end,
                    starting_sequence: FIRST_SEQUENCE,
                    ending_sequence: None,
                })
                .collect();
            self.laid_out = true;
            return;
        }
        self.laid_out = true;
        // `ranges` are in keyspace order: look a shard's range up by its start.
        let is_partition = |s: &StreamShard| {
            ranges.binary_search_by_key(&s.start, |r| r.0).ok().and_then(|i| ranges.get(i)) == Some(&(s.start, s.end))
        };
        let split: Vec<usize> = (0..self.shards.len())
            .filter(|&i| self.shards.get(i).is_some_and(|s| s.ending_sequence.is_none() && !is_partition(s)))
            .collect();
        for i in split {
            let Some(parent) = self.shards.get(i).cloned() else { continue };
            let ending = self.closing_sequence(&parent);
            if let Some(shard) = self.shards.get_mut(i) {
                shard.ending_sequence = Some(ending);
            }
            for &(start, end) in ranges.iter().filter(|(start, end)| parent.start <= *start && *end <= parent.end) {
                let n = self.shards.len();
                self.shards.push(StreamShard {
                    id: shard_id(&self.arn, now, n),
                    parent: Some(parent.id.clone()),
                    start,
                    end,
                    starting_sequence: self.next_sequence,
                    ending_sequence: None,
                });
            }
        }
    }

    /// Closes every open shard (the stream is disabled).
    pub(crate) fn close_shards(&mut self) {
        for i in 0..self.shards.len() {
            let ending = self.shards.get(i).filter(|s| s.ending_sequence.is_none()).map(|s| self.closing_sequence(s));
            if let (Some(ending), Some(shard)) = (ending, self.shards.get_mut(i)) {
                shard.ending_sequence = Some(ending);
            }
        }
    }

    pub(crate) fn append(
        &mut self,
        key: &PrimaryKey,
        old: Option<&Item>,
        new: Option<&Item>,
        now: u64,
        by_service: bool,
    ) {
        let event_name = match (old, new) {
            (None, Some(_)) => "INSERT",
            (Some(_), Some(_)) => "MODIFY",
            (Some(_), None) => "REMOVE",
            (None, None) => return,
        };
        let shard = self.shard_for(key_position(&key.partition));
        let record = StreamRecord {
            shard,
            sequence: self.next_sequence,
            event_name,
            created_millis: now,
            keys: self.key_schema.key_item(key),
            old_image: old.filter(|_| self.view_type.shows_old()).cloned(),
            new_image: new.filter(|_| self.view_type.shows_new()).cloned(),
            by_service,
        };
        self.next_sequence += 1;
        self.records.push_back(record);
    }

    /// Drops records older than the retention period.
    pub(crate) fn trim(&mut self, now: u64) {
        while self.records.front().is_some_and(|r| r.created_millis.saturating_add(RETENTION_MILLIS) <= now) {
            if let Some(r) = self.records.pop_front() {
                self.trimmed_before = r.sequence + 1;
            }
        }
    }

    pub(crate) fn expired(&self, now: u64) -> bool {
        self.disabled_millis.is_some_and(|at| at.saturating_add(RETENTION_MILLIS) <= now)
    }

    /// The record as GetRecords sends it.
    pub fn record_to_wire(&self, record: &StreamRecord) -> Value {
        let mut dynamodb = Map::new();
        dynamodb.insert("ApproximateCreationDateTime".into(), (record.created_millis / 1000).into());
        dynamodb.insert("Keys".into(), item_to_wire(&record.keys));
        let mut size = item_size(&record.keys);
        if let Some(image) = &record.new_image {
            dynamodb.insert("NewImage".into(), item_to_wire(image));
            size += item_size(image);
        }
        if let Some(image) = &record.old_image {
            dynamodb.insert("OldImage".into(), item_to_wire(image));
            size += item_size(image);
        }
        dynamodb.insert("SequenceNumber".into(), record.sequence.to_string().into());
        dynamodb.insert("SizeBytes".into(), size.into());
        dynamodb.insert("StreamViewType".into(), self.view_type.as_str().into());
        let event_id = hex_digest(&[self.arn.as_bytes(), &record.sequence.to_be_bytes()]);
        let mut out = Map::new();
        out.insert("awsRegion".into(), self.region.clone().into());
        out.insert("dynamodb".into(), Value::Object(dynamodb));
        out.insert("eventID".into(), event_id.into());
        out.insert("eventName".into(), record.event_name.into());
        out.insert("eventSource".into(), "aws:dynamodb".into());
        out.insert("eventVersion".into(), "1.1".into());
        if record.by_service {
            out.insert("userIdentity".into(), json!({"type": "Service", "principalId": "dynamodb.amazonaws.com"}));
        }
        Value::Object(out)
    }

    pub(crate) fn summary(&self) -> Value {
        json!({"StreamArn": self.arn, "StreamLabel": self.label, "TableName": self.table_name})
    }

    /// A shard as DescribeStream lists it.
    pub(crate) fn shard_to_wire(shard: &StreamShard) -> Value {
        // The shard's range is fixed when it opens and when it closes;
        // trimming does not move its start.
        let mut range = Map::new();
        range.insert("StartingSequenceNumber".into(), shard.starting_sequence.to_string().into());
        if let Some(ending) = shard.ending_sequence {
            range.insert("EndingSequenceNumber".into(), ending.to_string().into());
        }
        let mut out = Map::new();
        if let Some(parent) = &shard.parent {
            out.insert("ParentShardId".into(), parent.clone().into());
        }
        out.insert("SequenceNumberRange".into(), Value::Object(range));
        out.insert("ShardId".into(), shard.id.clone().into());
        Value::Object(out)
    }

    /// A shard by id, with its index.
    pub(crate) fn shard(&self, id: &str) -> Option<(usize, &StreamShard)> {
        self.shards.iter().enumerate().find(|(_, s)| s.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_iso_times() {
        assert_eq!(iso_millis(0), "1970-01-01T00:00:00.000");
        assert_eq!(iso_millis(1_767_225_600_000), "2026-01-01T00:00:00.000");
        assert_eq!(iso_millis(951_782_400_123), "2000-02-29T00:00:00.123");
    }
}
