//! The access-pattern checklist: is each pattern served by a key lookup, a
//! Query, or only by a Scan, and what does it cost?
//!
//! The verdict comes from the requests themselves, not from a label someone
//! typed: a pattern whose requests are all GetItem / BatchGetItem (or item
//! writes) is served **by key**; one with a Query (on the table or an index)
//! **by Query**; one that needs a Scan is **only servable by Scan**, and its
//! cost is measured. A pattern the design cannot serve at all carries the
//! reason in words; its requests are then the evidence (the Query one would
//! like to write, refused with DynamoDB's own error, and the Scan that is
//! left).
//!
//! Costs are measured with [`Engine::dry_run`](crate::engine::Engine::dry_run) on the data as it is: every
//! page of a Query or Scan (following `LastEvaluatedKey`, unless the request
//! sets a `Limit`, which asks for one page), and for write
//! sharding every shard, summed from the engine's charges. Nothing changes
//! and no capacity is taken.

use serde_json::{json, Value};

use super::lesson::{Lesson, Pattern};
use crate::engine::table::BillingMode;
use crate::engine::{ApiError, Previews};

/// Most pages followed for one request: far beyond any lesson's data.
const MAX_PAGES: u32 = 1_000;

/// How a pattern is served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// GetItem, BatchGetItem (or a write by key).
    Key,
    /// A Query on the table or one of its indexes.
    Query,
    /// A SearchVectors of a vector index.
    Search,
    /// Only a Scan can answer it.
    Scan,
    /// The design cannot serve it (see [`Assessment::unservable`]).
    Unservable,
}

/// What one request of a pattern did, over all its pages and shards.
#[derive(Clone, Debug, PartialEq)]
pub struct RequestCost {
    /// The saved operation.
    pub name: String,
    pub operation: String,
    pub table: String,
    pub index: Option<String>,
    /// Requests sent: pages × shards.
    pub requests: u32,
    /// Capacity units consumed (read and write together).
    pub units: f64,
    /// Items returned (`Count`, or the items a GetItem/BatchGetItem found).
    pub count: u64,
    /// Items read (`ScannedCount`; for key lookups, the items found).
    pub scanned: u64,
    /// Whether the table bills on demand (units are RRU/WRU then).
    pub on_demand: bool,
    /// A search's `VectorSearchRequestBytes` (it uses no units).
    pub search_bytes: f64,
    /// DynamoDB's answer when the request is refused.
    pub error: Option<ApiError>,
}

impl RequestCost {
    /// "Query on index GSI-1 of OrderEntry", "GetItem on Events", "Scan of Events".
    pub fn route(&self) -> String {
        let on = if self.operation == "Scan" { "of" } else { "on" };
        match &self.index {
            Some(index) => format!("{} {on} index {index} of {}", self.operation, self.table),
            None => format!("{} {on} {}", self.operation, self.table),
        }
    }
}

/// A pattern's verdict and what its requests cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Assessment {
    pub verdict: Verdict,
    pub costs: Vec<RequestCost>,
    /// Why the design cannot serve the pattern, if it cannot.
    pub unservable: Option<String>,
}

impl Assessment {
    /// Units consumed by all the pattern's requests.
    pub fn units(&self) -> f64 {
        self.costs.iter().map(|c| c.units).sum()
    }

    /// The first refused request, if any.
    pub fn error(&self) -> Option<&ApiError> {
        self.costs.iter().find_map(|c| c.error.as_ref())
    }
}

/// The verdict a request's operation gives.
fn verdict_of(operation: &str) -> Verdict {
    match operation {
        "Scan" => Verdict::Scan,
        "Query" => Verdict::Query,
        "SearchVectors" => Verdict::Search,
        _ => Verdict::Key,
    }
}

/// Items a response returned and read.
fn counts(response: &Value) -> (u64, u64) {
    if let Some(count) = response.get("Count").and_then(Value::as_u64) {
        let scanned = response.get("ScannedCount").and_then(Value::as_u64).unwrap_or(count);
        return (count, scanned);
    }
    // A search returns its TopK as SearchResults.
    if let Some(results) = response.get("SearchResults").and_then(Value::as_array) {
        return (results.len() as u64, results.len() as u64);
    }
    let found = match (response.get("Item"), response.get("Responses")) {
        (Some(_), _) => 1,
        (None, Some(Value::Object(tables))) => {
            tables.values().filter_map(Value::as_array).map(Vec::len).sum::<usize>() as u64
        }
        (None, Some(Value::Array(items))) => items.iter().filter(|i| i.get("Item").is_some()).count() as u64,
        _ => 0,
    };
    (found, found)
}

/// Runs one request through all its pages (just the one, when the request
/// sets a `Limit`: "the newest 50" is one page by intent); adds what it
/// cost to `cost`.
fn measure(engine: &mut Previews, operation: &str, mut request: Value, cost: &mut RequestCost) {
    let pages = if request.get("Limit").is_some() { 1 } else { MAX_PAGES };
    for _ in 0..pages {
        let dry = engine.dry_run(operation, &request);
        let outcome = dry.result;
        cost.units += dry.charges.iter().map(|c| c.units).sum::<f64>();
        cost.search_bytes += dry.search_bytes.unwrap_or(0) as f64;
        cost.requests += 1;
        match outcome {
            Err(error) => {
                cost.error = Some(error);
                return;
            }
            Ok(response) => {
                let (count, scanned) = counts(&response);
                cost.count += count;
                cost.scanned += scanned;
                match (response.get("LastEvaluatedKey"), request.as_object_mut()) {
                    (Some(last), Some(members)) => {
                        members.insert("ExclusiveStartKey".into(), last.clone());
                    }
                    _ => return,
                }
            }
        }
    }
}

/// Assesses one pattern of `lesson` on `engine`'s data (dry runs only).
pub fn assess(engine: &mut Previews, lesson: &Lesson, pattern: &Pattern) -> Assessment {
    let mut costs = Vec::new();
    let mut verdict = Verdict::Key;
    for name in &pattern.operations {
        let Some(saved) = lesson.operation(name) else { continue };
        let request = &saved.request;
        let table =
            request.get("TableName").and_then(Value::as_str).map(str::to_string).or_else(|| {
                request.get("RequestItems").and_then(Value::as_object).and_then(|t| t.keys().next().cloned())
            });
        let table = table.unwrap_or_default();
        let on_demand = engine.table(&table).is_some_and(|t| t.definition.billing_mode == BillingMode::PayPerRequest);
        let mut cost = RequestCost {
            name: name.clone(),
            operation: saved.operation.clone(),
            index: request.get("IndexName").and_then(Value::as_str).map(str::to_string),
            table,
            requests: 0,
            units: 0.0,
            count: 0,
            scanned: 0,
            on_demand,
            search_bytes: 0.0,
            error: None,
        };
        match &pattern.fan_out {
            Some((placeholder, shards)) => {
                for shard in 0..*shards {
                    let mut sharded = request.clone();
                    if let Some(values) = sharded.get_mut("ExpressionAttributeValues").and_then(Value::as_object_mut) {
                        values.insert(placeholder.clone(), json!({ "N": shard.to_string() }));
                    }
                    measure(engine, &saved.operation, sharded, &mut cost);
                    if cost.error.is_some() {
                        break;
                    }
                }
            }
            None => measure(engine, &saved.operation, request.clone(), &mut cost),
        }
        verdict = match (verdict, verdict_of(&saved.operation)) {
            (Verdict::Scan, _) | (_, Verdict::Scan) => Verdict::Scan,
            (Verdict::Search, _) | (_, Verdict::Search) => Verdict::Search,
            (Verdict::Query, _) | (_, Verdict::Query) => Verdict::Query,
            _ => Verdict::Key,
        };
        costs.push(cost);
    }
    if pattern.unservable.is_some() {
        verdict = Verdict::Unservable;
    }
    Assessment { verdict, costs, unservable: pattern.unservable.clone() }
}
