//! Importing an endpoint's table into the playground: its description
//! turned into the CreateTable request that makes the same table, what a
//! Scan up to a limit will read and cost, the pages collected up to that
//! limit, and the playground built from them.
//!
//! ```text
//!   DescribeTable ─ create_request ─→ CreateTable {keys, GSIs, LSIs, vector indexes, billing and capacity, stream, class, protection}
//!                 ─ estimate(limit) ─→ bytes, read units, dollars          (shown before the Scan)
//!   Scan pages   ─ Collected::add_page ─→ items up to the limit, the next ExclusiveStartKey or the end
//!   into_engine(create, TTL attribute, items) ─→ an Engine holding the table and its items
//! ```
//!
//! Vector indexes come with their table (their creation members; the
//! entries are built again from the items). An index being deleted, GSI or
//! vector, is left out.
//!
//! **What is not carried over.** Warm throughput (every table reports its
//! default), tags, global tables' replicas, and settings DynamoDB keeps
//! outside the description (backups, PITR, resource policies). A
//! description the engine refuses (a feature it does not model) is said
//! with the engine's message, and nothing is imported.
//!
//! **The estimate.** DescribeTable's `TableSizeBytes` and `ItemCount` are
//! DynamoDB's figures, updated about every six hours: a Scan of up to
//! `limit` reads about `min(limit, table size)` bytes, which an eventually
//! consistent Scan charges ½ read unit per 4 KB of (semantics A.2).

use serde_json::{json, Map, Value};

use crate::engine::review::prices;
use crate::engine::value::size::item_size;
use crate::engine::value::wire::item_from_wire;
use crate::engine::{ApiError, Engine};
use crate::scenario::cli_script::BATCH_SIZE;

/// How far a Scan reads: items, bytes, or both (whichever comes first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    pub items: Option<u64>,
    pub bytes: Option<u64>,
}

/// The members of a vector index's description that CreateTable takes.
const VECTOR_INDEX_MEMBERS: [&str; 6] =
    ["IndexName", "VectorAttribute", "Dimensions", "DistanceFunction", "Projection", "SearchSchema"];

/// The `names` members `description` has.
fn members(description: &Value, names: &[&str]) -> Map<String, Value> {
    let mut out = Map::new();
    for name in names {
        if let Some(value) = description.get(*name) {
            out.insert((*name).into(), value.clone());
        }
    }
    out
}

/// The members of a GSI's or LSI's description that CreateTable takes.
fn index_request(index: &Value, provisioned: bool, global: bool) -> Value {
    let mut out = members(index, &["IndexName", "KeySchema", "Projection"]);
    if global {
        if provisioned {
            if let Some(throughput) = index.get("ProvisionedThroughput") {
                out.insert("ProvisionedThroughput".into(), capacity(throughput));
            }
        }
        if let Some(maximum) = index.get("OnDemandThroughput").filter(|_| !provisioned) {
            out.insert("OnDemandThroughput".into(), maximum.clone());
        }
    }
    Value::Object(out)
}

/// `ProvisionedThroughput` as CreateTable takes it (the description adds
/// dates and a count of decreases).
fn capacity(throughput: &Value) -> Value {
    json!({
        "ReadCapacityUnits": throughput.get("ReadCapacityUnits").cloned().unwrap_or(json!(1)),
        "WriteCapacityUnits": throughput.get("WriteCapacityUnits").cloned().unwrap_or(json!(1)),
    })
}

/// Whether the table is provisioned: its billing mode, or, where the
/// endpoint does not say (DynamoDB Local answers no `BillingModeSummary`),
/// a capacity above zero.
fn is_provisioned(table: &Value) -> bool {
    match table.get("BillingModeSummary").and_then(|s| s.get("BillingMode")).and_then(Value::as_str) {
        Some(mode) => mode == "PROVISIONED",
        None => table
            .get("ProvisionedThroughput")
            .and_then(|t| t.get("ReadCapacityUnits"))
            .and_then(Value::as_u64)
            .is_some_and(|units| units > 0),
    }
}

/// The CreateTable request that makes the table `description` (a
/// DescribeTable answer) describes.
pub fn create_request(description: &Value) -> Result<Value, String> {
    let table = description.get("Table").ok_or("the answer has no Table")?;
    let mut out = Map::new();
    for member in ["TableName", "AttributeDefinitions", "KeySchema"] {
        let value = table.get(member).ok_or_else(|| format!("the description has no {member}"))?;
        out.insert(member.into(), value.clone());
    }
    let provisioned = is_provisioned(table);
    if provisioned {
        out.insert("BillingMode".into(), "PROVISIONED".into());
        let throughput = table.get("ProvisionedThroughput").cloned().unwrap_or_default();
        out.insert("ProvisionedThroughput".into(), capacity(&throughput));
    } else {
        out.insert("BillingMode".into(), "PAY_PER_REQUEST".into());
        if let Some(maximum) = table.get("OnDemandThroughput") {
            out.insert("OnDemandThroughput".into(), maximum.clone());
        }
    }
    for member in ["GlobalSecondaryIndexes", "LocalSecondaryIndexes", "VectorIndexes"] {
        if let Some(Value::Array(indexes)) = table.get(member) {
            let requests: Vec<Value> = indexes
                .iter()
                .filter(|i| i.get("IndexStatus").and_then(Value::as_str) != Some("DELETING"))
                .map(|i| match member {
                    "VectorIndexes" => Value::Object(members(i, &VECTOR_INDEX_MEMBERS)),
                    _ => index_request(i, provisioned, member == "GlobalSecondaryIndexes"),
                })
                .collect();
            if !requests.is_empty() {
                out.insert(member.into(), requests.into());
            }
        }
    }
    if let Some(stream) = table.get("StreamSpecification").filter(|s| s.get("StreamEnabled") == Some(&json!(true))) {
        out.insert("StreamSpecification".into(), stream.clone());
    }
    if let Some(class) = table.get("TableClassSummary").and_then(|c| c.get("TableClass")) {
        out.insert("TableClass".into(), class.clone());
    }
    if let Some(protection @ Value::Bool(true)) = table.get("DeletionProtectionEnabled") {
        out.insert("DeletionProtectionEnabled".into(), protection.clone());
    }
    Ok(Value::Object(out))
}

/// The TTL attribute a DescribeTimeToLive answer names, when TTL is on.
pub fn ttl_attribute(answer: &Value) -> Option<String> {
    let description = answer.get("TimeToLiveDescription")?;
    let on = matches!(description.get("TimeToLiveStatus").and_then(Value::as_str), Some("ENABLED" | "ENABLING"));
    on.then(|| description.get("AttributeName").and_then(Value::as_str).map(str::to_string)).flatten()
}

/// What a Scan up to a limit will read, before it is sent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub items: u64,
    pub bytes: u64,
    /// Read units of an eventually consistent Scan of `bytes`.
    pub read_units: f64,
}

impl Estimate {
    /// The read units' price on demand, in US dollars.
    pub fn dollars(&self) -> f64 {
        prices::on_demand(self.read_units, 0.0)
    }
}

/// What a Scan of the described table up to `limit` reads, by the table's
/// own figures.
pub fn estimate(description: &Value, limit: Limit) -> Estimate {
    let table = description.get("Table");
    let figure = |member: &str| table.and_then(|t| t.get(member)).and_then(Value::as_u64).unwrap_or_default();
    let (count, size) = (figure("ItemCount"), figure("TableSizeBytes"));
    let mut items = limit.items.map_or(count, |n| n.min(count));
    let mut bytes = size.saturating_mul(items).checked_div(count).unwrap_or_default();
    if let Some(cap) = limit.bytes.filter(|cap| *cap < bytes) {
        bytes = cap;
        items = count.saturating_mul(cap).checked_div(size).unwrap_or(items);
    }
    Estimate { items, bytes, read_units: bytes.div_ceil(4096) as f64 * 0.5 }
}

/// Scan pages collected up to a limit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Collected {
    pub items: Vec<Value>,
    /// The items' sizes, as DynamoDB counts them (semantics B.1).
    pub bytes: u64,
    /// Read units the pages reported.
    pub read_units: f64,
}

impl Collected {
    /// Adds one Scan page; answers the next page's `ExclusiveStartKey`, or
    /// `None` when the table or the limit is reached.
    pub fn add_page(&mut self, page: &Value, limit: Limit) -> Option<Value> {
        self.read_units += crate::connect::compare::units(page.get("ConsumedCapacity")).values().sum::<f64>();
        for item in page.get("Items").and_then(Value::as_array).into_iter().flatten() {
            if self.full(limit) {
                return None;
            }
            let size = item_from_wire(item).map(|i| item_size(&i) as u64).unwrap_or_default();
            self.items.push(item.clone());
            self.bytes += size;
        }
        if self.full(limit) {
            return None;
        }
        page.get("LastEvaluatedKey").cloned()
    }

    fn full(&self, limit: Limit) -> bool {
        limit.items.is_some_and(|n| self.items.len() as u64 >= n) || limit.bytes.is_some_and(|b| self.bytes >= b)
    }

    /// The next Scan page's request: at most the items still wanted.
    pub fn next_request(&self, table: &str, start: Option<&Value>, limit: Limit) -> Value {
        let mut request = Map::new();
        request.insert("TableName".into(), table.into());
        request.insert("ReturnConsumedCapacity".into(), "TOTAL".into());
        if let Some(wanted) = limit.items.map(|n| n.saturating_sub(self.items.len() as u64).clamp(1, 1000)) {
            request.insert("Limit".into(), wanted.into());
        }
        if let Some(start) = start {
            request.insert("ExclusiveStartKey".into(), start.clone());
        }
        Value::Object(request)
    }
}

/// An engine holding the table `create` makes, with its TTL attribute, and
/// `items` (written without throughput limits: an import is not a workload).
pub fn into_engine(create: &Value, ttl: Option<&str>, items: &[Value]) -> Result<Engine, ApiError> {
    let mut engine = Engine::new();
    engine.settings_mut().set("enforce-throughput", 0);
    engine.execute("CreateTable", create)?;
    let name = create.get("TableName").and_then(Value::as_str).unwrap_or_default();
    if let Some(attribute) = ttl {
        let request =
            json!({"TableName": name, "TimeToLiveSpecification": {"Enabled": true, "AttributeName": attribute}});
        engine.execute("UpdateTimeToLive", &request)?;
    }
    for chunk in items.chunks(BATCH_SIZE) {
        let puts: Vec<Value> = chunk.iter().map(|item| json!({"PutRequest": {"Item": item}})).collect();
        let mut request = Map::new();
        request.insert(name.to_string(), puts.into());
        engine.execute("BatchWriteItem", &json!({"RequestItems": request}))?;
    }
    engine.settings_mut().set("enforce-throughput", 1);
    Ok(engine)
}

#[cfg(test)]
mod tests;
