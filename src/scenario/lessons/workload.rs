//! A lesson's workload: traffic for the hot-key lab.
//!
//! ```json
//! {"preset": "voting", "rate": 1500, "seconds": 60, "prefix": "CandidateA",
//!  "rcu": 10000, "wcu": 10000, "shards": 10, "compare": true}
//! ```
//!
//! `preset` is the lab's (`voting`, `hot`, `zipf`, `uniform`, `sharded`);
//! `read` (`"eventual"` or `"strong"`) makes the requests GetItems instead of
//! PutItems; `compare` re-runs the same traffic over `shards` write shards.
//! As in the lab, every run starts on a fresh engine with one table, `Lab`,
//! provisioned with `rcu`/`wcu`, so the lesson's own tables are never
//! touched and a test here sees exactly what the lab will draw.

use serde_json::{json, Value};

use crate::engine::sim::{KeyDistribution, Traffic, TrafficKind, Workload, WorkloadReport};
use crate::engine::{Engine, Result};

/// The table every lab run creates.
pub const LAB_TABLE: &str = "Lab";

/// One workload of a lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonWorkload {
    pub preset: String,
    pub rate: f64,
    pub seconds: u32,
    /// Distinct keys (uniform and Zipf).
    pub keys: u32,
    pub zipf_s: f64,
    pub shards: u32,
    pub prefix: String,
    pub table_rcu: u32,
    pub table_wcu: u32,
    /// `None`: writes; `Some(consistent)`: reads.
    pub reads: Option<bool>,
    pub item_bytes: u32,
    pub seed: u64,
    /// Run it again over `shards` write shards and show both.
    pub compare: bool,
}

impl LessonWorkload {
    /// Reads a workload spec; members left out take the lab's defaults.
    pub fn parse(spec: &Value) -> std::result::Result<Self, String> {
        let spec = spec.as_object().ok_or("a workload is not an object")?;
        let number = |member: &str, default: f64| spec.get(member).and_then(Value::as_f64).unwrap_or(default);
        let whole = |member: &str, default: u32| {
            spec.get(member).and_then(Value::as_u64).and_then(|n| u32::try_from(n).ok()).unwrap_or(default)
        };
        let text =
            |member: &str, default: &str| spec.get(member).and_then(Value::as_str).unwrap_or(default).to_string();
        let preset = text("preset", "voting");
        if !["voting", "hot", "zipf", "uniform", "sharded"].contains(&preset.as_str()) {
            return Err(format!("unknown workload preset {preset}"));
        }
        let reads = match spec.get("read").and_then(Value::as_str) {
            None => None,
            Some("strong") => Some(true),
            Some("eventual") => Some(false),
            Some(other) => return Err(format!("\"read\" must be \"strong\" or \"eventual\", not {other}")),
        };
        Ok(Self {
            preset,
            rate: number("rate", 1_500.0),
            seconds: whole("seconds", 60),
            keys: whole("keys", 1_000),
            zipf_s: number("zipf", 1.2),
            shards: whole("shards", 10),
            prefix: text("prefix", "CandidateA"),
            table_rcu: whole("rcu", 10_000),
            table_wcu: whole("wcu", 10_000),
            reads,
            item_bytes: whole("bytes", 1_000),
            seed: spec.get("seed").and_then(Value::as_u64).unwrap_or(42),
            compare: spec.get("compare").and_then(Value::as_bool).unwrap_or(false),
        })
    }

    /// The spec [`parse`](Self::parse) reads back as this workload: how the
    /// page hands a lesson's workload to the lab in the panels' wasm.
    pub fn to_spec(&self) -> Value {
        let read = self.reads.map(|strong| if strong { "strong" } else { "eventual" });
        json!({
            "preset": self.preset, "rate": self.rate, "seconds": self.seconds, "keys": self.keys,
            "zipf": self.zipf_s, "shards": self.shards, "prefix": self.prefix, "rcu": self.table_rcu,
            "wcu": self.table_wcu, "bytes": self.item_bytes, "seed": self.seed, "compare": self.compare,
            "read": read,
        })
    }

    /// The keys the preset's traffic goes to.
    pub fn distribution(&self) -> KeyDistribution {
        match self.preset.as_str() {
            "zipf" => KeyDistribution::Zipf { keys: self.keys.max(1), s: self.zipf_s },
            "uniform" => KeyDistribution::Uniform { keys: self.keys.max(1) },
            "sharded" => KeyDistribution::Shards { shards: self.shards.max(1) },
            _ => KeyDistribution::HotKey,
        }
    }

    /// The engine workload for `keys` (the preset's, or the shards').
    pub fn workload(&self, keys: KeyDistribution) -> Workload {
        let operation = match self.reads {
            None => TrafficKind::Write,
            Some(consistent) => TrafficKind::Read { consistent },
        };
        Workload {
            table: LAB_TABLE.into(),
            index: None,
            traffic: vec![Traffic::constant(operation, self.rate, keys, &self.prefix, self.item_bytes.max(1))],
            seconds: self.seconds,
            seed: self.seed,
            top_n: 8,
        }
    }

    /// Runs the traffic on a fresh lab table: the preset's keys, or spread
    /// over the write shards when `sharded`.
    pub fn run(&self, sharded: bool) -> Result<WorkloadReport> {
        let mut engine = Engine::new();
        engine.execute(
            "CreateTable",
            &json!({
                "TableName": LAB_TABLE,
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": self.table_rcu, "WriteCapacityUnits": self.table_wcu}
            }),
        )?;
        let keys = if sharded { KeyDistribution::Shards { shards: self.shards.max(1) } } else { self.distribution() };
        engine.run_workload(&self.workload(keys))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workloads_spec_reads_back_as_the_same_workload() {
        let specs = [
            json!({}),
            json!({"preset": "zipf", "keys": 50, "zipf": 1.5, "read": "strong", "compare": true, "seed": u64::MAX}),
            json!({"preset": "hot", "read": "eventual", "bytes": 4000, "rate": 12.5, "rcu": 3, "wcu": 7}),
            json!({"preset": "sharded", "shards": 4, "prefix": "Vote", "seconds": 5}),
        ];
        for spec in specs {
            let workload = LessonWorkload::parse(&spec).unwrap();
            assert_eq!(LessonWorkload::parse(&workload.to_spec()).unwrap(), workload, "{spec}");
        }
    }
}
