//! Stream triggers: a declarative stand-in for "DynamoDB Streams and AWS
//! Lambda", the pattern that aggregates data as it is written (a vote
//! counted into a total, an order into a customer's balance).
//!
//! A trigger reads one table's stream and, for each record it accepts, runs
//! one UpdateItem built from the record. It is defined with
//! `PutStreamTrigger` (the playground operations, [`Engine::execute_triggers`]):
//!
//! ```text
//! {"TableName": "Votes",                     the table whose stream it reads
//!  "TriggerName": "CountVotes",              [A-Za-z0-9_.-], 1-64; a Put of an existing name replaces it
//!  "Events": ["INSERT", "MODIFY"],           any non-empty subset of INSERT, MODIFY, REMOVE
//!  "Filter": {"ConditionExpression": "Votes > :zero",           optional: a condition expression on
//!             "ExpressionAttributeValues": {":zero": {"N": "0"}}},  the record's NewImage (OldImage for REMOVE)
//!  "StartingPosition": "LATEST",             or TRIM_HORIZON: where in the stream it starts
//!  "Update": {"TableName": "VoteTotals",     the UpdateItem it runs
//!             "Key": {"Candidate": {"From": "Keys.Candidate", "Before": "_"}},
//!             "UpdateExpression": "ADD Total :n",
//!             "ExpressionAttributeNames": {…},                  optional, as in UpdateItem
//!             "ExpressionAttributeValues": {":n": {"Delta": "Votes"}}}}
//! ```
//!
//! The key's attributes and the expression's values are **value sources**,
//! each one of:
//!
//! * a constant in DynamoDB JSON: `{"N": "1"}`;
//! * `{"From": "<Keys|NewImage|OldImage>.<attribute>"}`: a top-level
//!   attribute of the record; with `"Before": "<separator>"`, a string cut
//!   before the separator's last occurrence (`CandidateA_3` → `CandidateA`:
//!   a write shard's suffix removed; a string without the separator stays
//!   whole);
//! * `{"Delta": "<attribute>"}`: the number `NewImage.a − OldImage.a` (a
//!   missing side counts as 0): what a counter's MODIFY added.
//!
//! A source that names an image the stream's view type does not keep is
//! refused when the trigger is defined (`Delta` needs `NEW_AND_OLD_IMAGES`),
//! and so is a trigger that updates its own table without a `Filter`: each
//! of its writes would be a record that triggers the next (Lambda stops such
//! a recursive loop after a few rounds; here it cannot start).
//!
//! **Processing.** Triggers run in the catch-up (`catch_up`), on the engine
//! clock, never in a dry run. A record is due [`BATCH_DELAY_MILLIS`] after
//! it was written, standing for the poll interval of a Lambda event source
//! mapping. Each trigger is one reader that takes the due records in
//! sequence order, so each shard's records (and each item's) are handled in
//! order. For each record: an event not in `Events` or a filter that does
//! not hold passes it (*filtered*); a value source the record cannot
//! fill (a missing attribute, `Before` on a non-string) passes it
//! (*skipped*); otherwise the update runs as the trigger, not as a user
//! request:
//!
//! * it is charged to the target table like any UpdateItem and admitted
//!   against the target's partitions (`sim::admission`); its writes count in
//!   the table's metrics and land in the target's own stream;
//! * refused (throttled), it is rolled back and the trigger stops at that
//!   record: the next catch-up (the next request, or the clock moving)
//!   retries it, in order, as Lambda retries a batch;
//! * an update that fails otherwise (the key does not match the target's
//!   schema, `ADD` to a string) is counted as *failed* with its message, and
//!   the trigger goes on with the next record (as a mapping with an
//!   on-failure destination would).
//!
//! What a trigger did is kept with it ([`TriggerStats`], the last
//! [`RECENT_RUNS`] records in [`TriggerRun`]): records processed, filtered
//! and skipped, writes, write units consumed, throttles, failures. The
//! stream panel and `ListStreamTriggers` show them; each applied update,
//! with its charges, is also handed to the host
//! ([`Engine::take_trigger_writes`]: the page's activity log shows it as the
//! trigger's call). The user's requests' `ConsumedCapacity` never includes
//! them.
//!
//! A trigger whose table is deleted is deleted with it. When the table's
//! stream is disabled the trigger drains what it holds; a stream enabled
//! again is read from its start. Snapshots keep the definitions (the
//! `triggers` member); a restored trigger starts at the restored, empty
//! stream with fresh counts.
//!
//! Simplifications: one update per record (no batching of several records
//! into one write, no function code); no retry limit (a throttled record is
//! retried until it succeeds).

mod definition;
mod run;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;

use serde_json::{json, Value};

use super::error::{ApiError, Result};
use super::expr::condition::Condition;
use super::value::AttributeValue;
use super::Engine;

/// How long after a record is written a trigger takes it.
pub const BATCH_DELAY_MILLIS: u64 = 1_000;
/// How many records a trigger remembers in [`StreamTrigger::recent`].
pub const RECENT_RUNS: usize = 20;
/// Triggers per table.
pub const MAX_TRIGGERS_PER_TABLE: usize = 5;
/// How many applied writes [`Engine::take_trigger_writes`] keeps for the
/// host between two calls (the oldest go first).
pub const KEPT_TRIGGER_WRITES: usize = 1_000;

/// The trigger operations, answered by [`Engine::execute_triggers`].
pub const TRIGGER_OPERATIONS: &[&str] = &["PutStreamTrigger", "ListStreamTriggers", "DeleteStreamTrigger"];

/// Where a value source reads from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Image {
    Keys,
    NewImage,
    OldImage,
}

impl Image {
    fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "Keys" => Self::Keys,
            "NewImage" => Self::NewImage,
            "OldImage" => Self::OldImage,
            _ => return None,
        })
    }
}

/// A value the trigger fills in from the record.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueSource {
    Constant(AttributeValue),
    Attribute { image: Image, name: String, before: Option<String> },
    Delta(String),
}

/// The update a trigger runs for each record.
#[derive(Clone, Debug, PartialEq)]
pub struct TriggerUpdate {
    pub table: String,
    pub key: Vec<(String, ValueSource)>,
    pub expression: String,
    pub names: Option<Value>,
    pub values: Vec<(String, ValueSource)>,
}

/// What a trigger has done since it was defined.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TriggerStats {
    /// Records taken from the stream (whatever became of them).
    pub records: u64,
    pub filtered: u64,
    pub skipped: u64,
    /// Updates that were admitted and applied.
    pub writes: u64,
    /// Write units those updates consumed.
    pub units: f64,
    /// Attempts refused by the target's capacity (each retried later).
    pub throttles: u64,
    pub failures: u64,
    pub last_error: Option<String>,
}

/// What became of one record.
#[derive(Clone, Debug, PartialEq)]
pub enum RunOutcome {
    /// The update was applied to the item with this key (DynamoDB JSON).
    Wrote {
        key: String,
        units: f64,
    },
    Filtered,
    Skipped(String),
    Failed(String),
    /// Refused by the target's capacity; the record will be retried.
    Throttled,
}

/// One update a trigger applied, with what it cost: the host's activity
/// log shows it as the trigger's own call ([`Engine::take_trigger_writes`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TriggerWrite {
    /// The table whose stream the trigger reads.
    pub table: String,
    pub trigger: String,
    pub at_millis: u64,
    /// The UpdateItem request it ran.
    pub request: Value,
    /// Its charges (on the target table).
    pub charges: Vec<super::capacity::Charge>,
}

/// One record a trigger handled.
#[derive(Clone, Debug, PartialEq)]
pub struct TriggerRun {
    pub at_millis: u64,
    pub sequence: u128,
    pub event_name: &'static str,
    pub outcome: RunOutcome,
}

/// A trigger on a table's stream (see the module docs).
#[derive(Clone, Debug)]
pub struct StreamTrigger {
    pub table: String,
    pub name: String,
    pub events: Vec<&'static str>,
    pub filter: Option<Condition>,
    pub update: TriggerUpdate,
    /// The PutStreamTrigger request that defined it (what List shows and a
    /// snapshot keeps).
    pub definition: Value,
    pub created_millis: u64,
    /// The stream it reads (ARN) and the next sequence number it takes.
    pub(crate) position: Option<(String, u128)>,
    pub stats: TriggerStats,
    pub recent: VecDeque<TriggerRun>,
}

impl StreamTrigger {
    /// The trigger as `ListStreamTriggers` shows it: its definition, when
    /// it was created, and what it did.
    pub fn describe(&self, pending: usize) -> Value {
        let mut out = self.definition.clone();
        if let Value::Object(map) = &mut out {
            let s = &self.stats;
            map.insert("CreationDateTime".into(), (self.created_millis as f64 / 1000.0).into());
            map.insert("PendingRecords".into(), pending.into());
            let mut stats = json!({
                "RecordsProcessed": s.records,
                "RecordsFiltered": s.filtered,
                "RecordsSkipped": s.skipped,
                "Writes": s.writes,
                "ConsumedWriteCapacityUnits": s.units,
                "Throttles": s.throttles,
                "Failures": s.failures,
            });
            if let (Some(error), Value::Object(stats)) = (&s.last_error, &mut stats) {
                stats.insert("LastError".into(), error.clone().into());
            }
            map.insert("Statistics".into(), stats);
        }
        out
    }
}

impl Engine {
    /// The updates triggers applied since the last call, oldest first (at
    /// most [`KEPT_TRIGGER_WRITES`]): for a host that logs them as the
    /// triggers' own calls, apart from the requests.
    pub fn take_trigger_writes(&mut self) -> Vec<TriggerWrite> {
        std::mem::take(&mut self.trigger_writes).into()
    }

    /// Every stream trigger, by table and then in the order defined.
    pub fn stream_triggers(&self) -> impl Iterator<Item = &StreamTrigger> {
        self.triggers.iter()
    }

    /// Whether some trigger has records it has not taken yet (due or not):
    /// the page keeps its clock ticking until they are handled.
    pub fn has_waiting_trigger_records(&self) -> bool {
        self.triggers.iter().any(|t| self.pending_trigger_records(t) > 0)
    }

    /// How far each trigger has got (records taken, throttled attempts):
    /// changes exactly when a trigger did something.
    pub fn trigger_progress(&self) -> Vec<(u64, u64)> {
        self.triggers.iter().map(|t| (t.stats.records, t.stats.throttles)).collect()
    }

    /// The records of `trigger`'s table's stream it has not taken yet.
    pub fn pending_trigger_records(&self, trigger: &StreamTrigger) -> usize {
        self.trigger_backlog(trigger).map_or(0, |(_, records)| records)
    }

    /// Runs a trigger operation (`PutStreamTrigger`, `ListStreamTriggers`,
    /// `DeleteStreamTrigger`) on a JSON request, after the catch-up every
    /// request begins with. Bad input is a `ValidationException` or
    /// `ResourceNotFoundException` and changes nothing.
    pub fn execute_triggers(&mut self, operation: &str, request: &Value) -> Result<Value> {
        self.catch_up();
        match operation {
            "PutStreamTrigger" => self.put_stream_trigger(request),
            "ListStreamTriggers" => self.list_stream_triggers(request),
            "DeleteStreamTrigger" => self.delete_stream_trigger(request),
            _ => Err(ApiError::UnknownOperation(format!("Unknown operation: {operation}"))),
        }
    }

    fn put_stream_trigger(&mut self, request: &Value) -> Result<Value> {
        let trigger = self.parse_trigger(request)?;
        let pending = self.pending_trigger_records(&trigger);
        let described = trigger.describe(pending);
        match self.triggers.iter_mut().find(|t| t.table == trigger.table && t.name == trigger.name) {
            Some(existing) => *existing = trigger,
            None => {
                let count = self.triggers.iter().filter(|t| t.table == trigger.table).count();
                if count >= MAX_TRIGGERS_PER_TABLE {
                    return Err(ApiError::LimitExceeded(format!(
                        "Table {} already has {MAX_TRIGGERS_PER_TABLE} stream triggers, the most it can have",
                        trigger.table
                    )));
                }
                self.triggers.push(trigger);
            }
        }
        Ok(json!({ "StreamTrigger": described }))
    }

    fn list_stream_triggers(&mut self, request: &Value) -> Result<Value> {
        let members = definition::members(request, &["TableName"])?;
        let table = definition::optional_string(members, "TableName")?;
        if let Some(name) = table {
            definition::existing_table(self, name)?;
        }
        let listed: Vec<Value> = self
            .triggers
            .iter()
            .filter(|t| table.is_none_or(|name| t.table == name))
            .map(|t| t.describe(self.pending_trigger_records(t)))
            .collect();
        Ok(json!({ "StreamTriggers": listed }))
    }

    fn delete_stream_trigger(&mut self, request: &Value) -> Result<Value> {
        let members = definition::members(request, &["TableName", "TriggerName"])?;
        let table = definition::required_string(members, "TableName")?;
        let name = definition::required_string(members, "TriggerName")?;
        definition::existing_table(self, table)?;
        let Some(at) = self.triggers.iter().position(|t| t.table == table && t.name == name) else {
            return Err(ApiError::ResourceNotFound(format!(
                "Requested resource not found: Stream trigger {name} not found on table {table}"
            )));
        };
        let trigger = self.triggers.remove(at);
        let pending = self.pending_trigger_records(&trigger);
        Ok(json!({ "StreamTrigger": trigger.describe(pending) }))
    }
}
