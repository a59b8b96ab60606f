//! Golden scripts for the engine: each file in `src/engine/testscripts/`
//! reads like a lecture example and records the engine's exact answers.
//! Run with `UPDATE_GOLDENFILES=1 cargo test --test golden` to regenerate the
//! outputs after an intended change, then review the diff.
//!
//! Commands:
//!
//! * `<Operation> '<request JSON>'`: runs the operation through
//!   `Engine::execute` and prints the response body (keys sorted). Prefix the
//!   line with `!` when an error is expected: it prints `Error: <Exception>: <message>`,
//!   followed by the rest of the error body (`Item`, `CancellationReasons`) when there is one.
//! * `item-size '<item JSON>'`: the item's size in bytes and what reading and
//!   writing it costs (item in DynamoDB JSON or plain JSON, as the editor
//!   takes it).
//! * `dump <table>`: the table's item collections in keyspace order, each
//!   with its hash position and items in sort-key order.
//! * `dump-index <table> <index>`: a secondary index's contents
//!   (`Table::index_collections`): its item collections in keyspace order of
//!   the index partition key, each with its hash position, then its entries
//!   in index sort-key order with the projected attributes only. For a GSI,
//!   what has propagated so far.
//! * `pending <table>`: the GSI updates still on their way
//!   (`Engine::pending_index_updates`), each with the time left.
//! * `explain`: how the previous request's capacity was computed, one line
//!   per rounding (`Engine::execute_charged`).
//! * `advance <milliseconds>`: moves the engine clock.
//! * `restore`: replaces the engine with the one its snapshot restores
//!   (`Engine::snapshot`, `Engine::restore`), as reloading the page does.
//! * `set <setting> <value>`: changes an engine setting (`EngineSettings`,
//!   e.g. `set gsi-propagation-delay 5000`, `set item-collection-limit 4096`).
//! * `dump-partitions <table> [index]`: the partitions of a table or GSI
//!   (`Engine::describe_partitions`): hash range `[start, end)` (first 6
//!   hex digits of the 64-bit positions), items, bytes, RCU/WCU share, and bucket (burst) levels.
//! * `workload <table>[@<gsi>] <read|read-strong|write> <rate> <distribution>
//!   <prefix> <item bytes> <seconds> [seed]`: runs a one-stream workload
//!   (`Engine::run_workload`) against the table or one of its GSIs and
//!   prints its totals, the seconds it first and last throttled, the
//!   throttles by throttling reason, and the top 3 keys. Distribution:
//!   `uniform:<keys>`, quoted, `zipf:<keys>:<s>`, `hot`, `shards:<n>`.
//! * `dry <Operation> '<request JSON>'`: runs the operation as the
//!   console's preview does (`Engine::dry_run`): nothing changes.
//! * `streams <Operation> '<request JSON>'`: runs a DynamoDB Streams API
//!   operation (`Engine::execute_streams`: ListStreams, DescribeStream,
//!   GetShardIterator, GetRecords) and prints the response, or the error as
//!   above with `!`.
//! * `records <table>`: the table's latest stream read through the Streams
//!   API, every shard from TRIM_HORIZON, one line per record in sequence
//!   order: (with several shards, the shard's number in DescribeStream's
//!   list,) sequence number, event, keys, the images the view type keeps,
//!   and who made the change.
//! * `triggers <Operation> '<request JSON>'`: runs a stream-trigger operation
//!   (`Engine::execute_triggers`: PutStreamTrigger, ListStreamTriggers,
//!   DeleteStreamTrigger) and prints the response, or the error as above
//!   with `!`.
//!
//! * `statement [consistent] [limit=N] [params='<JSON list>'] [next] "<PartiQL>"`:
//!   runs ExecuteStatement with `ReturnConsumedCapacity: TOTAL` and prints
//!   the access path the statement became (the `statement` of `Engine::dry_run`), how
//!   many items it read and returned, then the response. `next` passes the
//!   previous response's `NextToken`. Prefix with `!` when an error is expected.
//! * `plan [consistent] [params='<JSON list>'] "<PartiQL>"`: dry-runs the
//!   statement and prints its access path and the equivalent requests, one
//!   per line, and the error the statement would meet, if any.
//!
//! In request bodies, `$stream`, `$shard` and `$iterator` stand for the last
//! `LatestStreamArn`/`StreamArn`, `ShardId` and `ShardIterator`/
//! `NextShardIterator` any response showed, so scripts need not copy them.

#![cfg(not(target_arch = "wasm32"))]
// clippy.toml's rules keep weight out of the page's wasm; tests never reach it.
#![allow(clippy::disallowed_methods)]

use std::error::Error;
use std::fmt::Write as _;

use ddb_playground::engine::capacity::Charge;
use ddb_playground::engine::capacity::{read_units, write_units, Consistency};
use ddb_playground::engine::partition::round2;
use ddb_playground::engine::sim::{KeyDistribution, Traffic, TrafficKind, Workload};
use ddb_playground::engine::storage::keyspace_position;
use ddb_playground::engine::value::document::parse_item_json;
use ddb_playground::engine::value::size::item_size;
use ddb_playground::engine::value::wire::item_to_wire;
use ddb_playground::engine::{ApiError, Engine, Outcome};
use test_each_file::test_each_path;

test_each_path! { in "src/engine/testscripts" as engine => test_goldenscript }

fn test_goldenscript(path: &std::path::Path) {
    goldenscript::run(
        &mut Runner { engine: Engine::new(), charges: Vec::new(), next_token: None, vars: Vec::new() },
        path,
    )
    .expect("goldenscript failed")
}

struct Runner {
    engine: Engine,
    /// What the last request (or dry run) consumed, for `explain`.
    charges: Vec<Charge>,
    /// The last ExecuteStatement response's `NextToken`.
    next_token: Option<String>,
    /// `$stream`, `$shard`, `$iterator` (see the module docs).
    vars: Vec<(&'static str, String)>,
}

impl Runner {
    fn substitute(&self, body: &str) -> String {
        self.vars.iter().fold(body.to_string(), |body, (name, value)| body.replace(&format!("${name}"), value))
    }

    /// Remembers the stream ARN, shard id and iterator a response shows.
    fn remember(&mut self, response: &serde_json::Value) {
        let found = [
            ("stream", ["LatestStreamArn", "StreamArn"]),
            ("shard", ["ShardId", "ShardId"]),
            ("iterator", ["NextShardIterator", "ShardIterator"]),
        ];
        for (name, keys) in found {
            if let Some(value) = keys.iter().find_map(|k| find_key(response, k)) {
                self.vars.retain(|(n, _)| *n != name);
                self.vars.push((name, value));
            }
        }
    }

    fn streams(&mut self, operation: &str, body: &serde_json::Value) -> Result<serde_json::Value, String> {
        self.charges.clear();
        let response = self.engine.execute_streams(operation, body).map_err(|e| e.to_string())?;
        self.remember(&response);
        Ok(response)
    }
}

/// The first string under `key` anywhere in `value`.
fn find_key(value: &serde_json::Value, key: &str) -> Option<String> {
    match value {
        serde_json::Value::Object(map) => map
            .get(key)
            .and_then(|v| v.as_str().map(str::to_string))
            .or_else(|| map.values().find_map(|v| find_key(v, key))),
        serde_json::Value::Array(items) => items.iter().find_map(|v| find_key(v, key)),
        _ => None,
    }
}

impl goldenscript::Runner for Runner {
    type Command = goldenscript::Command;

    fn run(&mut self, command: &Self::Command, _: &goldenscript::Context) -> Result<String, Box<dyn Error>> {
        let mut args = command.consume_args();
        let mut out = String::new();
        match command.name.as_str() {
            "item-size" => {
                let text = args.next_pos().ok_or("item JSON expected")?.to_string();
                args.reject_next()?;
                let item = parse_item_json(&text)?;
                let size = item_size(&item);
                writeln!(
                    out,
                    "{size} bytes: read {} strong / {} eventual, write {}",
                    read_units(size, Consistency::Strong),
                    read_units(size, Consistency::Eventual),
                    write_units(size)
                )?;
            }
            "dump" => {
                let name = args.next_pos().ok_or("table name expected")?.to_string();
                args.reject_next()?;
                let table = self.engine.table(&name).ok_or("no such table")?;
                for collection in table.collections() {
                    let position = keyspace_position(&collection.hash);
                    let key = serde_json::to_string(&collection.partition_key.to_attribute().to_wire())?;
                    writeln!(out, "{position} {key} ({} bytes)", collection.size)?;
                    for item in collection.items {
                        writeln!(out, "  {}", serde_json::to_string(&item_to_wire(&item))?)?;
                    }
                }
            }
            "dump-index" => {
                let name = args.next_pos().ok_or("table name expected")?.to_string();
                let index = args.next_pos().ok_or("index name expected")?.to_string();
                args.reject_next()?;
                let table = self.engine.table(&name).ok_or("no such table")?;
                for collection in table.index_collections(&index).ok_or("no such index")? {
                    let position = keyspace_position(&collection.hash);
                    let key = serde_json::to_string(&collection.partition_key.to_attribute().to_wire())?;
                    writeln!(out, "{position} {key} ({} bytes)", collection.size)?;
                    for entry in collection.entries {
                        writeln!(
                            out,
                            "  {} ({} bytes)",
                            serde_json::to_string(&item_to_wire(entry.item))?,
                            entry.size
                        )?;
                    }
                }
            }
            "pending" => {
                let name = args.next_pos().ok_or("table name expected")?.to_string();
                args.reject_next()?;
                for update in self.engine.pending_index_updates(&name) {
                    let key = serde_json::to_string(&item_to_wire(&update.table_key))?;
                    let entry = match &update.entry {
                        Some(entry) => serde_json::to_string(&item_to_wire(entry))?,
                        None => "(leaves the index)".to_string(),
                    };
                    writeln!(out, "{} {key} → {entry} in {} ms", update.index_name, update.remaining_millis)?;
                }
            }
            "set" => {
                let setting = args.next_pos().ok_or("setting name expected")?.to_string();
                let value: u64 = args.next_pos().ok_or("value expected")?.parse()?;
                args.reject_next()?;
                if !self.engine.settings_mut().set(&setting, value) {
                    return Err(format!("unknown setting {setting}").into());
                }
            }
            "explain" => {
                args.reject_next()?;
                for charge in &self.charges {
                    writeln!(out, "{}: {}", charge.table, charge.describe())?;
                }
            }
            "dump-partitions" => {
                let table = args.next_pos().ok_or("table name expected")?.to_string();
                let index = args.next_pos().map(|a| a.to_string());
                args.reject_next()?;
                for (i, p) in self.engine.describe_partitions(&table, index.as_deref())?.iter().enumerate() {
                    writeln!(
                        out,
                        "#{i} [{:06x}, {}) items {} bytes {} share {}/{} RCU/WCU burst {}/{}",
                        p.start >> 40,
                        p.end.checked_add(1).map_or("1000000".to_string(), |e| format!("{:06x}", e >> 40)),
                        p.item_count,
                        p.bytes,
                        round2(p.rcu_share),
                        round2(p.wcu_share),
                        round2(p.read_tokens),
                        round2(p.write_tokens)
                    )?;
                }
            }
            "workload" => {
                let mut next = || args.next_pos().map(|a| a.to_string()).ok_or("workload argument expected");
                // `Table` or `Table@Index` (a GSI's own capacity).
                let target = next()?;
                let (table, index) = match target.split_once('@') {
                    Some((t, i)) => (t.to_string(), Some(i.to_string())),
                    None => (target, None),
                };
                let operation = match next()?.as_str() {
                    "read" => TrafficKind::Read { consistent: false },
                    "read-strong" => TrafficKind::Read { consistent: true },
                    "write" => TrafficKind::Write,
                    other => return Err(format!("unknown operation {other}").into()),
                };
                let rate: f64 = next()?.parse()?;
                let distribution = next()?;
                let parts: Vec<&str> = distribution.split(':').collect();
                let keys = match parts.as_slice() {
                    ["uniform", n] => KeyDistribution::Uniform { keys: n.parse()? },
                    ["zipf", n, s] => KeyDistribution::Zipf { keys: n.parse()?, s: s.parse()? },
                    ["hot"] => KeyDistribution::HotKey,
                    ["shards", n] => KeyDistribution::Shards { shards: n.parse()? },
                    _ => return Err(format!("unknown distribution {distribution}").into()),
                };
                let prefix = next()?;
                let size: u32 = next()?.parse()?;
                let seconds: u32 = next()?.parse()?;
                let seed: u64 = args.next_pos().map(|a| a.parse()).transpose()?.unwrap_or(1);
                args.reject_next()?;
                let workload = Workload {
                    table,
                    index,
                    traffic: vec![Traffic::constant(operation, rate, keys, &prefix, size)],
                    seconds,
                    seed,
                    top_n: 3,
                };
                let report = self.engine.run_workload(&workload)?;
                let throttling: Vec<u32> =
                    report.per_second.iter().filter(|s| s.throttled > 0).map(|s| s.second).collect();
                writeln!(
                    out,
                    "{} requests, {} throttled ({} at the partition limit), consumed {} RCU {} WCU",
                    report.requests,
                    report.throttled,
                    report.throttled_hard_limit,
                    report.consumed_read,
                    report.consumed_write
                )?;
                match (throttling.first(), throttling.last()) {
                    (Some(first), Some(last)) => writeln!(out, "throttled in seconds {first}..={last}")?,
                    _ => writeln!(out, "never throttled")?,
                }
                let reasons = report.throttles.by_reason(workload.index.is_some());
                if !reasons.is_empty() {
                    let listed: Vec<String> = reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
                    writeln!(out, "throttling reasons: {}", listed.join(", "))?;
                }
                for key in &report.top_keys {
                    writeln!(out, "top key {}: {} accesses, {} throttled", key.key, key.accesses, key.throttles)?;
                }
            }
            "dry" => {
                let operation = args.next_pos().ok_or("operation expected")?.to_string();
                let body = args.next_pos().map(|a| a.to_string()).unwrap_or_else(|| "{}".into());
                args.reject_next()?;
                let body: serde_json::Value = serde_json::from_str(&self.substitute(&body))?;
                let dry = self.engine.dry_run(&operation, &body);
                self.charges = dry.charges;
                let response = dry.result.map_err(|e| e.to_string())?;
                writeln!(out, "{}", serde_json::to_string(&response)?)?;
            }
            "streams" => {
                let operation = args.next_pos().ok_or("operation expected")?.to_string();
                let body = args.next_pos().map(|a| a.to_string()).unwrap_or_else(|| "{}".into());
                args.reject_next()?;
                let body: serde_json::Value = serde_json::from_str(&self.substitute(&body))?;
                let response = self.streams(&operation, &body)?;
                writeln!(out, "{}", serde_json::to_string(&response)?)?;
            }
            "triggers" => {
                let operation = args.next_pos().ok_or("operation expected")?.to_string();
                let body = args.next_pos().map(|a| a.to_string()).unwrap_or_else(|| "{}".into());
                args.reject_next()?;
                let body: serde_json::Value = serde_json::from_str(&self.substitute(&body))?;
                self.charges.clear();
                let response = self.engine.execute_triggers(&operation, &body).map_err(|e| e.to_string())?;
                writeln!(out, "{}", serde_json::to_string(&response)?)?;
            }
            "records" => {
                let name = args.next_pos().ok_or("table name expected")?.to_string();
                args.reject_next()?;
                let table = self.engine.table(&name).ok_or("no such table")?;
                let stream = table.streams().last().ok_or("the table has no stream")?;
                let arn = stream.arn.clone();
                let shards: Vec<String> = stream.shards.iter().map(|s| s.id.clone()).collect();
                // Every shard from TRIM_HORIZON, then all records in sequence order.
                let mut records = Vec::new();
                for (n, shard) in shards.iter().enumerate() {
                    let request =
                        serde_json::json!({"StreamArn": arn, "ShardId": shard, "ShardIteratorType": "TRIM_HORIZON"});
                    let iterator =
                        self.engine.execute_streams("GetShardIterator", &request).map_err(|e| e.to_string())?;
                    let request = serde_json::json!({"ShardIterator": iterator["ShardIterator"]});
                    let response = self.engine.execute_streams("GetRecords", &request).map_err(|e| e.to_string())?;
                    records.extend(response["Records"].as_array().into_iter().flatten().map(|r| (n, r.clone())));
                }
                records.sort_by_key(|(_, r)| r["dynamodb"]["SequenceNumber"].as_str().unwrap_or("").to_string());
                for (n, record) in &records {
                    if shards.len() > 1 {
                        write!(out, "[shard {n}] ")?;
                    }
                    let d = &record["dynamodb"];
                    write!(
                        out,
                        "{} {} {}",
                        d["SequenceNumber"].as_str().unwrap_or("?"),
                        record["eventName"].as_str().unwrap_or("?"),
                        d["Keys"]
                    )?;
                    for image in ["OldImage", "NewImage"] {
                        if let Some(item) = d.get(image) {
                            write!(out, " {image}={item}")?;
                        }
                    }
                    match record.get("userIdentity") {
                        Some(who) => writeln!(out, " by {}", who["principalId"].as_str().unwrap_or("?"))?,
                        None => writeln!(out)?,
                    }
                }
            }
            "statement" | "plan" => {
                let mut request = serde_json::Map::new();
                if let Some(limit) = args.take_key("limit") {
                    request.insert("Limit".into(), limit.parse::<u64>()?.into());
                }
                if let Some(params) = args.take_key("params") {
                    request.insert("Parameters".into(), serde_json::from_str(params)?);
                }
                let mut statement = None;
                while let Some(arg) = args.next_pos() {
                    match arg {
                        "consistent" => {
                            request.insert("ConsistentRead".into(), true.into());
                        }
                        "next" => {
                            let token = self.next_token.clone().ok_or("no NextToken to resume from")?;
                            request.insert("NextToken".into(), token.into());
                        }
                        text => statement = Some(text.to_string()),
                    }
                }
                args.reject_next()?;
                request.insert("Statement".into(), statement.ok_or("statement expected")?.into());
                request.insert("ReturnConsumedCapacity".into(), "TOTAL".into());
                let body = serde_json::Value::Object(request);
                // The plan is what a dry run reports (the console shows it
                // as the statement is typed); `statement` then runs it.
                let dry = self.engine.dry_run("ExecuteStatement", &body);
                let (report, result) = match command.name.as_str() {
                    "plan" => {
                        self.charges = dry.charges;
                        (dry.statement, dry.result)
                    }
                    _ => {
                        let outcome = self.engine.execute_charged("ExecuteStatement", &body);
                        self.charges = outcome.charges;
                        (dry.statement, outcome.result)
                    }
                };
                if let Some(report) = report {
                    writeln!(out, "{}", report.summary())?;
                    if command.name == "plan" {
                        for (operation, request) in &report.equivalent {
                            writeln!(out, "  {operation} {}", serde_json::to_string(request)?)?;
                        }
                    }
                }
                if command.name == "plan" {
                    if let Err(error) = &result {
                        writeln!(out, "  would fail: {error}")?;
                    }
                    return Ok(out);
                }
                let response = result.map_err(|e| e.to_string())?;
                self.next_token = response.get("NextToken").and_then(|t| t.as_str()).map(str::to_string);
                writeln!(out, "{}", serde_json::to_string(&response)?)?;
            }
            "advance" => {
                let millis: u64 = args.next_pos().ok_or("milliseconds expected")?.parse()?;
                args.reject_next()?;
                self.engine.clock_mut().advance(millis);
            }
            "restore" => {
                args.reject_next()?;
                self.engine = Engine::restore(&self.engine.snapshot()).map_err(|e| e.to_string())?;
            }
            operation => {
                let body = args.next_pos().map(|a| a.to_string()).unwrap_or_else(|| "{}".into());
                args.reject_next()?;
                let body = self.substitute(&body);
                // As `Engine::execute_json` reads a body, with the charges.
                let outcome = match serde_json::from_str(&body) {
                    Ok(request) => self.engine.execute_charged(operation, &request),
                    Err(e) => Outcome { result: Err(ApiError::Serialization(e.to_string())), charges: Vec::new() },
                };
                self.charges = outcome.charges;
                let response = outcome.result.map_err(|e| {
                    let mut wire = e.to_wire();
                    if let Some(body) = wire.as_object_mut() {
                        body.retain(|k, _| k != "__type" && k != "message" && k != "Message");
                    }
                    match wire.as_object().is_some_and(|b| !b.is_empty()) {
                        true => format!("{e}\n{wire}"),
                        false => e.to_string(),
                    }
                })?;
                self.remember(&response);
                writeln!(out, "{}", serde_json::to_string(&response)?)?;
            }
        }
        Ok(out)
    }
}
