//! The playground operations: the engine's simulation layer (partitions,
//! burst buckets, workloads, metrics, the planners) over the same endpoint,
//! under `X-Amz-Target: Playground_20261121.<Operation>`.
//!
//! This module is only the JSON ⇄ engine-type conversion and the input
//! checks; the work is done by the engine's public API (`Engine::advance_clock`,
//! `Engine::describe_partitions`, `Engine::run_workload`, `Engine::metrics`,
//! `partition::plan_partitions`, `partition::shard_count`). Members are
//! PascalCase like DynamoDB's; an unknown member, a missing required one or
//! a value out of range is a `ValidationException` that names it. Times are
//! engine seconds since the Unix epoch (whole numbers; `Now` has a fraction).
//! Keyspace positions (the first 64 bits of the partition-key hash) do not
//! fit a JSON number exactly, so they are 16 hex digits.
//!
//! | Operation            | Request                                              | Response |
//! |----------------------|------------------------------------------------------|----------|
//! | `AdvanceClock`       | `Seconds` (manual clock only)                        | `Now`, `NowMillis` |
//! | `DescribePartitions` | `TableName`, `IndexName`?                            | `Partitions` |
//! | `RunWorkload`        | `TableName`, `IndexName`?, `Seconds`, `Seed`?, `TopN`?, `Streams` | totals, `PerSecond`, `PartitionSamples`, `TopKeys`, `HeatSplits` |
//! | `GetMetrics`         | `TableName`, `IndexName`?, `From`?, `To`?, `TopN`?    | `PartitionSamples`, `TopKeys` |
//! | `PlanPartitions`     | `ReadCapacityUnits`, `WriteCapacityUnits`, `SizeBytes`?, `SizeLimitBytes`? | the partition math |
//! | `PlanShards`         | `Items`, `Fraction`, `ItemSizeBytes`                 | `Shards` |
//! | `PutStreamTrigger`   | `TableName`, `TriggerName`, `Events`, `Filter`?, `StartingPosition`?, `Update` | `StreamTrigger` |
//! | `ListStreamTriggers` | `TableName`?                                         | `StreamTriggers` |
//! | `DeleteStreamTrigger`| `TableName`, `TriggerName`                           | `StreamTrigger` |
//! | `ReviewAccessPatterns` | `AccessPatterns`, `Seconds`?                       | per pattern: access path, cost, throttles, monthly cost (`review`) |
//! | `GenerateItems`      | `TableName`, `Template`, `Count`, `Seed`?            | items made, replaced, partition keys (`generate`) |
//! | `CheckExercise`      | `Exercise` or `ExerciseId`, `Solution`               | score, goals, patterns with their cases, monthly cost, problems (`exercise`) |
//!
//! **AdvanceClock** moves the manual clock (`ddb-local --clock manual`);
//! buckets refill by the time gone by. With the wall clock (the default) it
//! is refused: time there is real time.
//!
//! ```text
//! → {"Seconds": 5}
//! ← {"Now": 1767225605.0, "NowMillis": 1767225605000}
//! ```
//!
//! **DescribePartitions**: each partition of a table (or GSI) in keyspace
//! order: hash range, items, bytes, its share of the provisioned throughput
//! and the tokens left in its burst buckets (up to 300 s of its share).
//!
//! The examples here (AdvanceClock's above included) are one session with
//! `ddb-local --clock manual`:
//! `Votes` is a provisioned table (5 RCU, 1 WCU, string key `pk`) that has
//! had three one-unit puts.
//!
//! ```text
//! → {"TableName": "Votes"}
//! ← {"TableName": "Votes", "PartitionCount": 1, "Partitions": [{"Partition": 0,
//!     "HashRangeStart": "0000000000000000", "HashRangeEnd": "ffffffffffffffff",
//!     "ItemCount": 3, "SizeBytes": 9, "ReadCapacityUnits": 5.0, "WriteCapacityUnits": 1.0,
//!     "ReadBurstTokens": 1500.0, "WriteBurstTokens": 297.0}]}
//! ```
//!
//! **RunWorkload**: request streams run against the table's capacity model
//! for `Seconds` of engine time (items are not stored; capacity is charged
//! and metrics are recorded). Each stream: `Operation` `READ` or `WRITE`
//! (`ConsistentRead` for reads), a rate (`Rate` requests/s, or `Rates`:
//! `[{"FromSecond": 0, "PerSecond": 100}, …]`), `KeyDistribution` `UNIFORM`
//! or `ZIPF` (with `KeyCount`, `ZipfExponent` default 1), `HOT_KEY`, or
//! `SHARDS` (with `ShardCount`: keys `prefix_0 … prefix_{N-1}`), `KeyPrefix`
//! (default `key`) and `ItemSizeBytes` (default 1,000). `Seed` (default 0)
//! makes it reproducible; `TopN` (default 10) sizes the top-keys list.
//!
//! Limits, so that one request cannot occupy the server for minutes: at
//! most [`MAX_SIMULATED_REQUESTS`] (10 million) simulated requests,
//! [`MAX_RUN_WORKLOAD_SECONDS`] (3,600) seconds, [`MAX_STREAMS`] streams and
//! [`MAX_TOP_N`] top keys per call; key and shard counts up to 1,000,000;
//! items up to 400 KB.
//!
//! With the manual clock the workload starts at the next whole second, the
//! clock ends `Seconds` later, and the table keeps what it did (buckets,
//! metrics for `GetMetrics`, top keys, splits for heat). With the wall clock
//! simulated time may not run ahead of real time, so the workload runs on a
//! copy of the engine: the report is the same, but the live table is left
//! untouched (`"Recorded": false`).
//!
//! ```text
//! → {"TableName": "Votes", "Seconds": 2, "Seed": 7, "TopN": 1, "Streams": [{"Operation": "WRITE",
//!     "Rate": 1500, "KeyDistribution": "HOT_KEY", "KeyPrefix": "candidate_A", "ItemSizeBytes": 100}]}
//! ← {"TableName": "Votes", "StartTime": 1767225605, "Seconds": 2, "Recorded": true,
//!    "Requests": 3000, "Throttled": 2699, "ThrottledByPartitionLimit": 0,
//!    "ConsumedReadCapacityUnits": 0.0, "ConsumedWriteCapacityUnits": 301.0,
//!    "PerSecond": [{"Second": 0, "Requests": 1500, "Throttled": 1200,
//!                   "ConsumedReadCapacityUnits": 0.0, "ConsumedWriteCapacityUnits": 300.0},
//!                  {"Second": 1, "Requests": 1500, "Throttled": 1499, …, "ConsumedWriteCapacityUnits": 1.0}],
//!    "PartitionSamples": [{"Time": 1767225605, "Partition": 0, "ConsumedReadCapacityUnits": 0.0,
//!       "ConsumedWriteCapacityUnits": 300.0, "ThrottledReads": 0, "ThrottledWrites": 1200,
//!       "ReadBurstTokens": 1500.0, "WriteBurstTokens": 0.0, "SizeBytes": 9},
//!      {"Time": 1767225606, "Partition": 0, …, "ThrottledWrites": 1499, "WriteBurstTokens": 0.0, …}],
//!    "TopKeys": [{"Key": "candidate_A", "Accesses": 3000, "Throttles": 2699}],
//!    "HeatSplits": []}
//! ```
//!
//! (The 1 WCU table had 300 s of burst minus the three puts, plus 5 s of
//! refill: 300 writes pass in the first second, then one a second.)
//!
//! **GetMetrics**: the per-partition samples of engine seconds `From`
//! (default 0) up to, not including, `To` (default: now + 1) — the last hour
//! is kept — and the `TopN` (default 10) keys of the same window, like
//! CloudWatch Contributor Insights: accesses and throttles per partition key,
//! from requests and workloads alike. The second under way counts for the
//! top keys (a request made a moment ago is in them) but has no samples
//! until it is over. Each second keeps its 25 busiest keys
//! (`engine::contributors`).
//!
//! ```text
//! → {"TableName": "Votes", "From": 1767225606, "To": 1767225607, "TopN": 2}
//! ← {"TableName": "Votes", "From": 1767225606, "To": 1767225607,
//!    "PartitionSamples": [{"Time": 1767225606, "Partition": 0, "ConsumedWriteCapacityUnits": 1.0,
//!                          "ThrottledWrites": 1499, "WriteBurstTokens": 0.0, …}],
//!    "TopKeys": [{"Key": "candidate_A", "Accesses": 1500, "Throttles": 1499}]}
//! ```
//!
//! **PlanPartitions**: the seed formula `ceil(max(RCU/3000 + WCU/1000,
//! size/limit))` for a hypothetical table. `SizeLimitBytes` defaults to the
//! engine's partition size limit (10 GiB unless a teaching scale is set).
//!
//! ```text
//! → {"ReadCapacityUnits": 5000, "WriteCapacityUnits": 500, "SizeBytes": 8589934592}
//! ← {"PartitionsByCapacity": 2.166666666666667, "PartitionsBySize": 0.8, "Partitions": 3,
//!    "ReadCapacityUnitsPerPartition": 1666.6666666666667,
//!    "WriteCapacityUnitsPerPartition": 166.66666666666666, "SizeLimitBytes": 10737418240}
//! ```
//!
//! **PlanShards**: how many write shards a key value shared by `Fraction`
//! of `Items` needs so that reading them fits one partition's 3,000 RCU:
//! `ceil(Items × Fraction / (3000 × floor(4096 / ItemSizeBytes)))`.
//!
//! ```text
//! → {"Items": 3000000, "Fraction": 0.2, "ItemSizeBytes": 250}
//! ← {"Shards": 13, "MatchingItems": 600000.0, "ItemsPerPartitionPerSecond": 48000.0}
//! ```
//!
//! **PutStreamTrigger**, **ListStreamTriggers**, **DeleteStreamTrigger**:
//! a declarative trigger on a table's stream that runs an UpdateItem built
//! from each record (the "DynamoDB Streams and AWS Lambda" aggregation; the
//! language and how it runs: `engine::triggers`). A trigger is described by
//! its definition plus `CreationDateTime`, `PendingRecords` and
//! `Statistics` (records processed, filtered, skipped, writes, write units
//! consumed, throttles, failures, the last error).
//!
//! ```text
//! → {"TableName": "Votes", "TriggerName": "CountVotes", "Events": ["INSERT", "MODIFY"],
//!    "Update": {"TableName": "VoteTotals",
//!               "Key": {"Candidate": {"From": "Keys.Candidate", "Before": "_"}},
//!               "UpdateExpression": "ADD TotalVotes :n",
//!               "ExpressionAttributeValues": {":n": {"Delta": "Votes"}}}}
//! ← {"StreamTrigger": {…the definition…, "CreationDateTime": 1767225600.0, "PendingRecords": 0,
//!    "Statistics": {"RecordsProcessed": 0, "Writes": 0, "ConsumedWriteCapacityUnits": 0.0, …}}}
//! ```
//!
//! A bad request, for any of them, is HTTP 400:
//!
//! ```text
//! → {"Items": 3000000, "Fraction": 2, "ItemSizeBytes": 250}
//! ← {"__type": "com.amazon.coral.validate#ValidationException",
//!    "message": "The request: 'Fraction' must be a number from 0 to 1; got 2"}
//! ```

mod exercise;
mod generate;
mod review;

use serde_json::{json, Map, Value};

use crate::engine::api::item::MAX_ITEM_BYTES;
use crate::engine::clock::ClockMode;
use crate::engine::partition::{plan_partitions, shard_count, PARTITION_MAX_RCU};
use crate::engine::sim::{KeyDistribution, KeyStat, PartitionInfo, Traffic, TrafficKind, Workload, MAX_WORKLOAD_KEYS};
use crate::engine::throttling::ThrottleCounts;
use crate::engine::throughput::PartitionSample;
use crate::engine::triggers::TRIGGER_OPERATIONS;
use crate::engine::{ApiError, Engine};

/// What comes before a playground operation's name in `X-Amz-Target`.
pub const TARGET_PREFIX: &str = "Playground_20261121.";

/// The playground operations.
pub const OPERATIONS: &[&str] = &[
    "AdvanceClock",
    "DescribePartitions",
    "RunWorkload",
    "GetMetrics",
    "PlanPartitions",
    "PlanShards",
    "PutStreamTrigger",
    "ListStreamTriggers",
    "DeleteStreamTrigger",
    "ReviewAccessPatterns",
    "GenerateItems",
    "CheckExercise",
];

/// Most requests one `RunWorkload` call may simulate (the engine allows more
/// for the browser; the endpoint keeps a call to seconds).
pub const MAX_SIMULATED_REQUESTS: u64 = 10_000_000;
/// Longest workload one `RunWorkload` call may run: one hour of engine time
/// (as long as metrics are kept; the engine itself allows a day).
pub const MAX_RUN_WORKLOAD_SECONDS: u64 = 3_600;
/// Most streams in one workload.
pub const MAX_STREAMS: usize = 16;
/// Most top keys a response lists.
pub const MAX_TOP_N: u64 = 1_000;
/// Longest single `AdvanceClock` step: one year.
pub const MAX_ADVANCE_SECONDS: f64 = 366.0 * 86_400.0;
/// Largest item a workload stream may read or write: DynamoDB's 400 KB.
const MAX_TRAFFIC_ITEM_BYTES: u64 = MAX_ITEM_BYTES as u64;
/// Longest `KeyPrefix` (DynamoDB's partition keys are at most 2,048 bytes).
pub const MAX_KEY_PREFIX_BYTES: usize = 1_024;

/// Whether a playground operation leaves the data unchanged (no save needed).
pub fn is_read_only(operation: &str) -> bool {
    matches!(operation, "DescribePartitions" | "GetMetrics" | "PlanPartitions" | "PlanShards" | "CheckExercise")
}

/// Whether a playground operation reads nothing of the endpoint's engine
/// (the shard planner; an exercise check, which builds an engine of its
/// own): the endpoint runs it without taking the engine's lock, so a long
/// check holds up no other request.
pub fn needs_no_engine(operation: &str) -> bool {
    matches!(operation, "PlanShards" | "CheckExercise")
}

/// Runs a playground operation that [`needs_no_engine`].
pub fn execute_alone(operation: &str, request: &Value) -> Result<Value, ApiError> {
    let request = Members::of(request)?;
    match operation {
        "PlanShards" => shards(request),
        "CheckExercise" => exercise::check_exercise(request),
        other => Err(unknown_operation(other)),
    }
}

/// Runs playground `operation` on `engine`. The engine clock has already
/// been ticked by the caller.
pub fn execute(engine: &mut Engine, operation: &str, request: &Value) -> Result<Value, ApiError> {
    // The engine checks a trigger request itself (`Engine::execute_triggers`).
    if TRIGGER_OPERATIONS.contains(&operation) {
        return engine.execute_triggers(operation, request);
    }
    if needs_no_engine(operation) {
        return execute_alone(operation, request);
    }
    let request = Members::of(request)?;
    match operation {
        "AdvanceClock" => advance_clock(engine, request),
        "DescribePartitions" => describe_partitions(engine, request),
        "RunWorkload" => run_workload(engine, request),
        "GetMetrics" => get_metrics(engine, request),
        "PlanPartitions" => plan(engine, request),
        "ReviewAccessPatterns" => review::review_access_patterns(engine, request),
        "GenerateItems" => generate::generate_items(engine, request),
        other => Err(unknown_operation(other)),
    }
}

/// The error for a playground operation that does not exist.
pub fn unknown_operation(operation: &str) -> ApiError {
    ApiError::UnknownOperation(format!(
        "Unknown playground operation '{operation}': expected one of {}",
        OPERATIONS.join(", ")
    ))
}

/// A request object whose members are checked against the allowed names.
struct Members<'a> {
    map: &'a Map<String, Value>,
    context: String,
}

impl<'a> Members<'a> {
    fn of(value: &'a Value) -> Result<Self, ApiError> {
        Self::within(value, "The request")
    }

    fn within(value: &'a Value, context: &str) -> Result<Self, ApiError> {
        match value {
            Value::Object(map) => Ok(Self { map, context: context.to_string() }),
            _ => Err(ApiError::validation(format!("{context} must be a JSON object"))),
        }
    }

    /// Refuses members not in `allowed` (a typo should not pass silently).
    fn only(self, allowed: &[&str]) -> Result<Self, ApiError> {
        if let Some(name) = self.map.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(ApiError::validation(format!(
                "{}: unknown member '{name}'; expected {}",
                self.context,
                allowed.join(", ")
            )));
        }
        Ok(self)
    }

    fn get(&self, name: &str) -> Option<&'a Value> {
        self.map.get(name).filter(|v| !v.is_null())
    }

    fn missing(&self, name: &str) -> ApiError {
        ApiError::validation(format!("{}: the member '{name}' is required", self.context))
    }

    fn string(&self, name: &str) -> Result<Option<&'a str>, ApiError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(s)) if !s.is_empty() => Ok(Some(s)),
            Some(_) => Err(ApiError::validation(format!("{}: '{name}' must be a non-empty string", self.context))),
        }
    }

    fn required_string(&self, name: &str) -> Result<&'a str, ApiError> {
        self.string(name)?.ok_or_else(|| self.missing(name))
    }

    fn bool(&self, name: &str) -> Result<Option<bool>, ApiError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(ApiError::validation(format!("{}: '{name}' must be true or false", self.context))),
        }
    }

    /// A finite number in `min..=max`.
    fn number(&self, name: &str, min: f64, max: f64) -> Result<Option<f64>, ApiError> {
        let Some(value) = self.get(name) else { return Ok(None) };
        match value.as_f64() {
            Some(x) if x.is_finite() && (min..=max).contains(&x) => Ok(Some(x)),
            _ => Err(ApiError::validation(format!(
                "{}: '{name}' must be a number from {min} to {max}; got {value}",
                self.context
            ))),
        }
    }

    fn required_number(&self, name: &str, min: f64, max: f64) -> Result<f64, ApiError> {
        self.number(name, min, max)?.ok_or_else(|| self.missing(name))
    }

    /// A whole number in `min..=max` (`5` or `5.0`).
    fn integer(&self, name: &str, min: u64, max: u64) -> Result<Option<u64>, ApiError> {
        let Some(value) = self.get(name) else { return Ok(None) };
        let whole = value.as_u64().or_else(|| {
            value.as_f64().filter(|x| x.fract() == 0.0 && *x >= 0.0 && *x <= u64::MAX as f64).map(|x| x as u64)
        });
        match whole {
            Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(ApiError::validation(format!(
                "{}: '{name}' must be a whole number from {min} to {max}; got {value}",
                self.context
            ))),
        }
    }

    fn required_integer(&self, name: &str, min: u64, max: u64) -> Result<u64, ApiError> {
        self.integer(name, min, max)?.ok_or_else(|| self.missing(name))
    }

    fn array(&self, name: &str) -> Result<Option<&'a Vec<Value>>, ApiError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Array(items)) => Ok(Some(items)),
            Some(_) => Err(ApiError::validation(format!("{}: '{name}' must be a list", self.context))),
        }
    }
}

/// `TableName` and `IndexName`, echoed into the response.
fn target(request: &Members) -> Result<(String, Option<String>), ApiError> {
    let table = request.required_string("TableName")?.to_string();
    let index = request.string("IndexName")?.map(str::to_string);
    Ok((table, index))
}

fn with_target(mut body: Map<String, Value>, table: &str, index: Option<&str>) -> Value {
    body.insert("TableName".into(), json!(table));
    if let Some(index) = index {
        body.insert("IndexName".into(), json!(index));
    }
    Value::Object(body)
}

fn advance_clock(engine: &mut Engine, request: Members) -> Result<Value, ApiError> {
    let request = request.only(&["Seconds"])?;
    if engine.clock().mode() == ClockMode::Wall {
        return Err(ApiError::validation(
            "AdvanceClock needs the manual clock: this endpoint follows the wall clock, so time moves only in \
             real time. Start ddb-local with --clock manual to move time by hand.",
        ));
    }
    let seconds = request.required_number("Seconds", 0.0, MAX_ADVANCE_SECONDS)?;
    engine.advance_clock((seconds * 1000.0).round() as u64);
    let now = engine.clock();
    Ok(json!({"Now": now.now_seconds(), "NowMillis": now.now_millis()}))
}

fn position(x: u64) -> String {
    format!("{x:016x}")
}

fn partition_json(i: usize, p: &PartitionInfo) -> Value {
    json!({
        "Partition": i,
        "HashRangeStart": position(p.start),
        "HashRangeEnd": position(p.end),
        "ItemCount": p.item_count,
        "SizeBytes": p.bytes,
        "ReadCapacityUnits": p.rcu_share,
        "WriteCapacityUnits": p.wcu_share,
        "ReadBurstTokens": p.read_tokens,
        "WriteBurstTokens": p.write_tokens,
    })
}

fn describe_partitions(engine: &mut Engine, request: Members) -> Result<Value, ApiError> {
    let request = request.only(&["TableName", "IndexName"])?;
    let (table, index) = target(&request)?;
    let partitions = engine.describe_partitions(&table, index.as_deref())?;
    let mut body = Map::new();
    body.insert("PartitionCount".into(), json!(partitions.len()));
    body.insert("Partitions".into(), partitions.iter().enumerate().map(|(i, p)| partition_json(i, p)).collect());
    Ok(with_target(body, &table, index.as_deref()))
}

fn sample_json(s: &PartitionSample) -> Value {
    json!({
        "Time": s.second,
        "Partition": s.partition,
        "ConsumedReadCapacityUnits": s.consumed_read,
        "ConsumedWriteCapacityUnits": s.consumed_write,
        "ThrottledReads": s.throttled_reads,
        "ThrottledWrites": s.throttled_writes,
        "ReadBurstTokens": s.read_tokens,
        "WriteBurstTokens": s.write_tokens,
        "SizeBytes": s.bytes,
    })
}

/// Throttled requests by throttling reason: `{"TableWriteKeyRangeThroughputExceeded": 12, …}`.
fn reasons_json(counts: &ThrottleCounts, on_index: bool) -> Value {
    counts.by_reason(on_index).into_iter().map(|(reason, n)| (reason, json!(n))).collect::<Map<_, _>>().into()
}

fn key_json(k: &KeyStat) -> Value {
    json!({"Key": k.key, "Accesses": k.accesses, "Throttles": k.throttles})
}

const STREAM_MEMBERS: &[&str] = &[
    "Operation",
    "ConsistentRead",
    "Rate",
    "Rates",
    "KeyDistribution",
    "KeyCount",
    "ZipfExponent",
    "ShardCount",
    "KeyPrefix",
    "ItemSizeBytes",
];

/// Largest rate a stream may ask for (the request cap binds long before).
const MAX_RATE: f64 = MAX_SIMULATED_REQUESTS as f64;

fn parse_stream(value: &Value, n: usize) -> Result<Traffic, ApiError> {
    let context = format!("Streams[{n}]");
    let s = Members::within(value, &context)?.only(STREAM_MEMBERS)?;
    let operation = match s.required_string("Operation")? {
        "READ" => TrafficKind::Read { consistent: s.bool("ConsistentRead")?.unwrap_or(false) },
        "WRITE" => {
            if s.get("ConsistentRead").is_some() {
                return Err(ApiError::validation(format!("{context}: 'ConsistentRead' applies to READ streams only")));
            }
            TrafficKind::Write
        }
        other => {
            return Err(ApiError::validation(format!("{context}: 'Operation' must be READ or WRITE; got '{other}'")))
        }
    };
    let rates = match (s.number("Rate", 0.0, MAX_RATE)?, s.array("Rates")?) {
        (Some(rate), None) => vec![(0, rate)],
        (None, Some(list)) if !list.is_empty() && list.len() <= MAX_RUN_WORKLOAD_SECONDS as usize => {
            let mut rates = Vec::with_capacity(list.len());
            for (j, entry) in list.iter().enumerate() {
                let r = Members::within(entry, &format!("{context}.Rates[{j}]"))?.only(&["FromSecond", "PerSecond"])?;
                let from = r.required_integer("FromSecond", 0, MAX_RUN_WORKLOAD_SECONDS)? as u32;
                rates.push((from, r.required_number("PerSecond", 0.0, MAX_RATE)?));
            }
            rates
        }
        (None, Some(_)) => {
            return Err(ApiError::validation(format!(
                "{context}: 'Rates' must list 1 to {MAX_RUN_WORKLOAD_SECONDS} {{\"FromSecond\", \"PerSecond\"}} entries"
            )))
        }
        (Some(_), Some(_)) => {
            return Err(ApiError::validation(format!("{context}: give either 'Rate' or 'Rates', not both")))
        }
        (None, None) => {
            return Err(ApiError::validation(format!(
                "{context}: a rate is required: 'Rate' (requests per second) or 'Rates'"
            )))
        }
    };
    let max_keys = u64::from(MAX_WORKLOAD_KEYS);
    let distribution = s.required_string("KeyDistribution")?;
    let allowed: &[&str] = match distribution {
        "UNIFORM" => &["KeyCount"],
        "ZIPF" => &["KeyCount", "ZipfExponent"],
        "SHARDS" => &["ShardCount"],
        _ => &[],
    };
    for member in ["KeyCount", "ZipfExponent", "ShardCount"] {
        if s.get(member).is_some() && !allowed.contains(&member) {
            return Err(ApiError::validation(format!(
                "{context}: '{member}' does not apply to KeyDistribution {distribution}"
            )));
        }
    }
    let keys = match distribution {
        "UNIFORM" => KeyDistribution::Uniform { keys: s.required_integer("KeyCount", 1, max_keys)? as u32 },
        "ZIPF" => KeyDistribution::Zipf {
            keys: s.required_integer("KeyCount", 1, max_keys)? as u32,
            s: s.number("ZipfExponent", 0.0, 10.0)?.unwrap_or(1.0),
        },
        "HOT_KEY" => KeyDistribution::HotKey,
        "SHARDS" => KeyDistribution::Shards { shards: s.required_integer("ShardCount", 1, max_keys)? as u32 },
        other => {
            return Err(ApiError::validation(format!(
                "{context}: 'KeyDistribution' must be UNIFORM, ZIPF, HOT_KEY or SHARDS; got '{other}'"
            )))
        }
    };
    let key_prefix = s.string("KeyPrefix")?.unwrap_or("key");
    if key_prefix.len() > MAX_KEY_PREFIX_BYTES {
        return Err(ApiError::validation(format!(
            "{context}: 'KeyPrefix' may be at most {MAX_KEY_PREFIX_BYTES} bytes"
        )));
    }
    let item_size_bytes = s.integer("ItemSizeBytes", 1, MAX_TRAFFIC_ITEM_BYTES)?.unwrap_or(1_000) as u32;
    Ok(Traffic { operation, rates, keys, key_prefix: key_prefix.to_string(), item_size_bytes })
}

/// Requests the streams ask for over `seconds` (as the engine counts them:
/// each second's rate rounded up), saturating.
fn planned_requests(streams: &[Traffic], seconds: u32) -> f64 {
    let rate_at = |stream: &Traffic, second: u32| {
        let rate = stream.rates.iter().filter(|(from, _)| *from <= second).max_by_key(|(from, _)| *from).map(|r| r.1);
        rate.unwrap_or(0.0).ceil()
    };
    (0..seconds).map(|s| streams.iter().map(|st| rate_at(st, s)).sum::<f64>()).sum()
}

fn parse_workload(request: &Members) -> Result<Workload, ApiError> {
    let (table, index) = target(request)?;
    let seconds = request.required_integer("Seconds", 1, MAX_RUN_WORKLOAD_SECONDS)? as u32;
    let seed = request.integer("Seed", 0, u64::MAX)?.unwrap_or(0);
    let top_n = request.integer("TopN", 0, MAX_TOP_N)?.unwrap_or(10) as usize;
    let list = request.array("Streams")?.ok_or_else(|| request.missing("Streams"))?;
    if list.is_empty() || list.len() > MAX_STREAMS {
        return Err(ApiError::validation(format!("'Streams' must list 1 to {MAX_STREAMS} streams")));
    }
    let streams = list.iter().enumerate().map(|(n, s)| parse_stream(s, n)).collect::<Result<Vec<_>, _>>()?;
    let planned = planned_requests(&streams, seconds);
    if planned > MAX_SIMULATED_REQUESTS as f64 {
        return Err(ApiError::validation(format!(
            "This workload would simulate {planned} requests; this endpoint simulates at most \
             {MAX_SIMULATED_REQUESTS} per RunWorkload call (lower the rates or the seconds, or split it into \
             several calls)"
        )));
    }
    Ok(Workload { table, index, traffic: streams, seconds, seed, top_n })
}

fn run_workload(engine: &mut Engine, request: Members) -> Result<Value, ApiError> {
    let request = request.only(&["TableName", "IndexName", "Seconds", "Seed", "TopN", "Streams"])?;
    let workload = parse_workload(&request)?;
    // Wall clock: simulated time cannot run ahead of real time, so run on a copy.
    let recorded = engine.clock().mode() == ClockMode::Manual;
    let report = if recorded { engine.run_workload(&workload)? } else { engine.clone().run_workload(&workload)? };
    let per_second: Vec<Value> = report
        .per_second
        .iter()
        .map(|t| {
            json!({
                "Second": t.second,
                "Requests": t.requests,
                "Throttled": t.throttled,
                "ConsumedReadCapacityUnits": t.consumed_read,
                "ConsumedWriteCapacityUnits": t.consumed_write,
            })
        })
        .collect();
    let mut body = Map::new();
    body.insert("StartTime".into(), json!(report.start_second));
    body.insert("Seconds".into(), json!(workload.seconds));
    body.insert("Recorded".into(), json!(recorded));
    body.insert("Requests".into(), json!(report.requests));
    body.insert("Throttled".into(), json!(report.throttled));
    body.insert("ThrottledByPartitionLimit".into(), json!(report.throttled_hard_limit));
    body.insert("ThrottlesByReason".into(), reasons_json(&report.throttles, workload.index.is_some()));
    body.insert("ConsumedReadCapacityUnits".into(), json!(report.consumed_read));
    body.insert("ConsumedWriteCapacityUnits".into(), json!(report.consumed_write));
    body.insert("PerSecond".into(), Value::Array(per_second));
    body.insert("PartitionSamples".into(), report.partitions.iter().map(sample_json).collect());
    body.insert("TopKeys".into(), report.top_keys.iter().map(key_json).collect());
    body.insert(
        "HeatSplits".into(),
        report
            .heat_splits
            .iter()
            .map(|(second, partition)| json!({"Second": second, "Partition": partition}))
            .collect(),
    );
    Ok(with_target(body, &workload.table, workload.index.as_deref()))
}

fn get_metrics(engine: &mut Engine, request: Members) -> Result<Value, ApiError> {
    let request = request.only(&["TableName", "IndexName", "From", "To", "TopN"])?;
    let (table, index) = target(&request)?;
    let now = engine.clock().now_millis() / 1000;
    let from = request.integer("From", 0, u64::MAX)?.unwrap_or(0);
    let to = request.integer("To", 0, u64::MAX)?.unwrap_or(now.saturating_add(1));
    if from > to {
        return Err(ApiError::validation(format!("'From' ({from}) must not be after 'To' ({to})")));
    }
    let top_n = request.integer("TopN", 0, MAX_TOP_N)?.unwrap_or(10) as usize;
    let metrics = engine.metrics(&table, index.as_deref(), from, to, top_n)?;
    let mut body = Map::new();
    body.insert("From".into(), json!(from));
    body.insert("To".into(), json!(to));
    body.insert("PartitionSamples".into(), metrics.samples.iter().map(sample_json).collect());
    body.insert("ThrottlesByReason".into(), reasons_json(&metrics.throttles(), index.is_some()));
    body.insert("TopKeys".into(), metrics.top_keys.iter().map(key_json).collect());
    Ok(with_target(body, &table, index.as_deref()))
}

/// Largest capacity or size the planners take (far beyond any real table).
const MAX_PLAN_INPUT: f64 = 1e18;

fn plan(engine: &Engine, request: Members) -> Result<Value, ApiError> {
    let request = request.only(&["ReadCapacityUnits", "WriteCapacityUnits", "SizeBytes", "SizeLimitBytes"])?;
    let rcu = request.required_number("ReadCapacityUnits", 0.0, MAX_PLAN_INPUT)?;
    let wcu = request.required_number("WriteCapacityUnits", 0.0, MAX_PLAN_INPUT)?;
    let size = request.number("SizeBytes", 0.0, MAX_PLAN_INPUT)?.unwrap_or(0.0);
    let default_limit = engine.settings().partition_size_limit_bytes.max(1);
    let limit = request.integer("SizeLimitBytes", 1, u64::MAX)?.unwrap_or(default_limit);
    let plan = plan_partitions(rcu, wcu, size, limit);
    Ok(json!({
        "PartitionsByCapacity": plan.by_capacity,
        "PartitionsBySize": plan.by_size,
        "Partitions": plan.partitions,
        "ReadCapacityUnitsPerPartition": plan.rcu_per_partition,
        "WriteCapacityUnitsPerPartition": plan.wcu_per_partition,
        "SizeLimitBytes": limit,
    }))
}

fn shards(request: Members) -> Result<Value, ApiError> {
    let request = request.only(&["Items", "Fraction", "ItemSizeBytes"])?;
    let items = request.required_integer("Items", 0, 1u64 << 53)?;
    let fraction = request.required_number("Fraction", 0.0, 1.0)?;
    let size = request.required_integer("ItemSizeBytes", 1, MAX_TRAFFIC_ITEM_BYTES)?;
    let per_partition = PARTITION_MAX_RCU * (4096 / size.min(4096)).max(1) as f64;
    Ok(json!({
        "Shards": shard_count(items, fraction, size),
        "MatchingItems": items as f64 * fraction,
        "ItemsPerPartitionPerSecond": per_partition,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(engine: &mut Engine, operation: &str, request: Value) -> Result<Value, ApiError> {
        execute(engine, operation, &request)
    }

    #[test]
    fn planners_give_the_seed_figures() {
        let mut engine = Engine::new();
        let plan = run(
            &mut engine,
            "PlanPartitions",
            json!({"ReadCapacityUnits": 5000, "WriteCapacityUnits": 500, "SizeBytes": 8u64 << 30}),
        )
        .expect("plan");
        assert_eq!(plan["Partitions"], 3);
        assert_eq!((plan["ReadCapacityUnitsPerPartition"].as_f64().expect("n") * 100.0).round(), 166_667.0);
        let shards = run(&mut engine, "PlanShards", json!({"Items": 3_000_000, "Fraction": 0.2, "ItemSizeBytes": 250}))
            .expect("shards");
        assert_eq!(shards["Shards"], 13);
    }

    #[test]
    fn bad_input_is_a_validation_exception() {
        let mut engine = Engine::new();
        let cases = [
            ("PlanPartitions", json!({"ReadCapacityUnits": -1, "WriteCapacityUnits": 1}), "ReadCapacityUnits"),
            ("PlanPartitions", json!({"ReadCapacityUnits": 1}), "WriteCapacityUnits"),
            ("PlanPartitions", json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1, "Size": 1}), "Size"),
            ("PlanShards", json!({"Items": 1.5, "Fraction": 0.1, "ItemSizeBytes": 1}), "Items"),
            ("PlanShards", json!({"Items": 1, "Fraction": 2, "ItemSizeBytes": 1}), "Fraction"),
            ("PlanShards", json!([1]), "JSON object"),
            ("RunWorkload", json!({"TableName": "t", "Seconds": 1}), "Streams"),
            ("RunWorkload", json!({"TableName": "t", "Seconds": 0, "Streams": []}), "Seconds"),
            (
                "RunWorkload",
                json!({"TableName": "t", "Seconds": 3600, "Streams": [{"Operation": "WRITE", "Rate": 5000,
                       "KeyDistribution": "HOT_KEY"}]}),
                "at most 10000000",
            ),
            (
                "RunWorkload",
                json!({"TableName": "t", "Seconds": 1, "Streams": [{"Operation": "DELETE", "Rate": 1,
                       "KeyDistribution": "HOT_KEY"}]}),
                "READ or WRITE",
            ),
            (
                "RunWorkload",
                json!({"TableName": "t", "Seconds": 1, "Streams": [{"Operation": "READ", "Rate": 1,
                       "KeyDistribution": "HOT_KEY", "ShardCount": 2}]}),
                "ShardCount",
            ),
            ("GetMetrics", json!({"TableName": "t", "From": 5, "To": 4}), "From"),
            ("DescribePartitions", json!({}), "TableName"),
        ];
        for (operation, request, needle) in cases {
            let error = run(&mut engine, operation, request.clone()).expect_err("refused");
            assert_eq!(error.name(), "ValidationException", "{operation} {request}: {error}");
            assert!(error.message().contains(needle), "{operation} {request}: {error}");
        }
        assert_eq!(run(&mut engine, "Frobnicate", json!({})).expect_err("unknown").name(), "UnknownOperationException");
    }

    #[test]
    fn advance_clock_needs_the_manual_clock() {
        let mut engine = Engine::new();
        let start = engine.clock().now_millis();
        let moved = run(&mut engine, "AdvanceClock", json!({"Seconds": 1.5})).expect("manual");
        assert_eq!(moved["NowMillis"], start + 1_500);
        engine.clock_mut().set_mode(ClockMode::Wall);
        let error = run(&mut engine, "AdvanceClock", json!({"Seconds": 1})).expect_err("wall");
        assert!(error.message().contains("--clock manual"), "{error}");
    }
}
