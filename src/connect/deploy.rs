//! Deploying the playground to an endpoint: what will be created and
//! written, and what the writes cost, worked out before anything is sent.
//!
//! ```text
//!   Engine ─ snapshot ─→ Plan { tables: [TablePlan { CreateTable request, TTL request, items }], write units }
//!                                         │
//!   the page, per table:  CreateTable (unless it exists and the user typed its name)
//!                         DescribeTable until ACTIVE
//!                         UpdateTimeToLive (when TTL is on)
//!                         BatchWriteItem of ≤ 25 puts, UnprocessedItems sent again after a pause
//! ```
//!
//! Each table's CreateTable request is the one the engine keeps for it
//! (keys, GSIs and LSIs, billing and capacity, on-demand maxima, stream,
//! table class, tags and deletion protection as created), with its warm
//! throughput when that is not the default: the same request the AWS CLI
//! script export sends ([`crate::scenario::cli_script`]).
//!
//! **Vector indexes** go in CreateTable with their table. For an endpoint
//! without vector search, the plan can leave them out: the requests lose
//! their `VectorIndexes` and the attribute definitions only a vector
//! index's search schema used (CreateTable refuses a definition no key or
//! index uses); the items are written as they are, vectors included.
//!
//! **The cost, computed by the engine.** The writes are replayed on a
//! scratch engine holding empty copies of the tables (throughput not
//! enforced, so nothing throttles): the units it charges are the units
//! DynamoDB charges for the same puts into empty tables, GSI and LSI
//! writes included, priced on demand ([`prices`]).

use std::collections::BTreeSet;

use serde_json::{json, Map, Value};

use crate::engine::review::prices;
use crate::engine::Engine;
use crate::scenario::cli_script::BATCH_SIZE;

/// One table to create and fill.
#[derive(Clone, Debug, PartialEq)]
pub struct TablePlan {
    pub name: String,
    pub create: Value,
    /// `UpdateTimeToLive`'s request, when the table has TTL on.
    pub ttl: Option<Value>,
    pub items: Vec<Value>,
}

impl TablePlan {
    /// The `BatchWriteItem` requests that write the items, in keyspace
    /// order, at most [`BATCH_SIZE`] puts each.
    pub fn batches(&self) -> Vec<Value> {
        self.items
            .chunks(BATCH_SIZE)
            .map(|chunk| {
                let puts: Vec<Value> = chunk.iter().map(|item| json!({"PutRequest": {"Item": item}})).collect();
                let mut request = Map::new();
                request.insert(self.name.clone(), puts.into());
                json!({"RequestItems": request, "ReturnConsumedCapacity": "TOTAL"})
            })
            .collect()
    }

    /// The number of GSIs and LSIs its request creates.
    pub fn indexes(&self) -> usize {
        ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"]
            .iter()
            .filter_map(|member| self.create.get(*member).and_then(Value::as_array))
            .map(Vec::len)
            .sum()
    }

    /// The number of vector indexes its request creates.
    pub fn vector_indexes(&self) -> usize {
        self.create.get("VectorIndexes").and_then(Value::as_array).map_or(0, Vec::len)
    }

    /// Its request without vector indexes, and without the attribute
    /// definitions no key of the table or of a GSI or LSI names.
    fn leave_out_vector_indexes(&mut self) {
        let Value::Object(create) = &mut self.create else { return };
        if create.remove("VectorIndexes").is_none() {
            return;
        }
        let mut keys = BTreeSet::new();
        let schemas = std::iter::once(create.get("KeySchema")).chain(
            ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"]
                .iter()
                .filter_map(|member| create.get(*member).and_then(Value::as_array))
                .flatten()
                .map(|index| index.get("KeySchema")),
        );
        for element in schemas.flatten().filter_map(Value::as_array).flatten() {
            if let Some(name) = element.get("AttributeName").and_then(Value::as_str) {
                keys.insert(name.to_string());
            }
        }
        if let Some(Value::Array(definitions)) = create.get_mut("AttributeDefinitions") {
            definitions.retain(|d| d.get("AttributeName").and_then(Value::as_str).is_some_and(|n| keys.contains(n)));
        }
    }
}

/// Everything a deployment sends, and what its writes cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub tables: Vec<TablePlan>,
    /// Write request units of all the puts, indexes included.
    pub write_units: f64,
    /// The playground's vector indexes, sent or left out.
    pub vector_indexes: usize,
}

impl Plan {
    pub fn items(&self) -> usize {
        self.tables.iter().map(|t| t.items.len()).sum()
    }

    /// The writes' price on demand, in US dollars.
    pub fn dollars(&self) -> f64 {
        prices::on_demand(0.0, self.write_units)
    }
}

/// Whether a plan's CreateTable requests carry the tables' vector indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VectorIndexes {
    Send,
    LeaveOut,
}

/// The plan for `engine`'s tables, in name order.
pub fn plan(engine: &Engine, vector_indexes: VectorIndexes) -> Plan {
    let snapshot = engine.snapshot();
    let mut tables = Vec::new();
    for table in snapshot.get("tables").and_then(Value::as_array).into_iter().flatten() {
        let Some(Value::Object(definition)) = table.get("definition") else { continue };
        let mut create = definition.clone();
        crate::scenario::cloudformation::add_warm_throughput(table, &mut create);
        let name = create.get("TableName").and_then(Value::as_str).unwrap_or_default().to_string();
        let ttl = table
            .get("state")
            .and_then(|s| s.get("timeToLiveAttribute"))
            .map(|attribute| json!({"TableName": name, "TimeToLiveSpecification": {"Enabled": true, "AttributeName": attribute}}));
        let items = table.get("items").and_then(Value::as_array).cloned().unwrap_or_default();
        tables.push(TablePlan { name, create: Value::Object(create), ttl, items });
    }
    let all_vector_indexes = tables.iter().map(TablePlan::vector_indexes).sum();
    if vector_indexes == VectorIndexes::LeaveOut {
        tables.iter_mut().for_each(TablePlan::leave_out_vector_indexes);
    }
    let write_units = replayed_units(&tables);
    Plan { tables, write_units, vector_indexes: all_vector_indexes }
}

/// The write units the puts cost on empty copies of the tables.
fn replayed_units(tables: &[TablePlan]) -> f64 {
    let mut scratch = Engine::new();
    scratch.settings_mut().set("enforce-throughput", 0);
    let mut units = 0.0;
    for table in tables {
        if scratch.execute("CreateTable", &table.create).is_err() {
            continue;
        }
        for batch in table.batches() {
            if let Ok(answer) = scratch.execute("BatchWriteItem", &batch) {
                units += crate::connect::compare::units(answer.get("ConsumedCapacity")).values().sum::<f64>();
            }
        }
    }
    units
}

/// The pause before sending unprocessed items again, after `attempt`
/// (from 1) tries: doubling from 100 ms, at most 6.4 s.
pub fn backoff_millis(attempt: u32) -> u32 {
    100u32.saturating_mul(1 << attempt.clamp(1, 7).saturating_sub(1))
}

/// How many times a batch's unprocessed items are sent again before the
/// deployment stops.
pub const MAX_ATTEMPTS: u32 = 8;

/// The `BatchWriteItem` request that sends `unprocessed` again, or `None`
/// when nothing is left (`UnprocessedItems` absent or empty).
pub fn resend(unprocessed: Option<&Value>) -> Option<Value> {
    let items = unprocessed?.as_object()?;
    if items.values().all(|puts| puts.as_array().is_none_or(Vec::is_empty)) {
        return None;
    }
    Some(json!({"RequestItems": items, "ReturnConsumedCapacity": "TOTAL"}))
}

/// The status DescribeTable reports, or `""`.
pub fn table_status(description: &Value) -> &str {
    description.get("Table").and_then(|t| t.get("TableStatus")).and_then(Value::as_str).unwrap_or_default()
}

#[cfg(test)]
mod tests;
