//! `ReviewAccessPatterns`: a design review of the endpoint's own tables
//! (`Engine::review_access_patterns`; docs/ddb-local.md has an example).
//!
//! ```text
//! → {"Seconds": 60, "AccessPatterns": [{"Name": "Vote", "Operation": "UpdateItem",
//!     "Request": {…}, "RequestsPerSecond": 1500,
//!     "PartitionKeyValues": {"Distribution": "Uniform", "Count": 10}}]}
//! ← {"Seconds": 60, "AccessPatterns": [{"Name": "Vote", "AccessPath": "UpdateItem",
//!     "ConsumedCapacityPerRequest": {"ReadCapacityUnits": 0.0, "WriteCapacityUnits": 1.0},
//!     "Requests": 90000, "Throttled": 0, "ThrottlingReasons": {},
//!     "MonthlyCost": {"OnDemand": 2430.0, "Provisioned": 702.0}, …}],
//!    "Total": {"MonthlyCost": {…}}, "Prices": {"Region": "us-east-1", "Checked": "2026-11-22"}}
//! ```
//!
//! A pattern's JSON form is the scenario document's
//! ([`crate::scenario::access_patterns`]). A review runs on a copy of the
//! engine: the tables are left as they were.

use serde_json::{json, Map, Value};

use super::Members;
use crate::engine::review::{prices, Fix, HotSpot, PatternReview, MAX_REVIEW_SECONDS};
use crate::engine::{ApiError, Engine};
use crate::scenario::access_patterns;

/// The most access patterns one review takes.
pub const MAX_ACCESS_PATTERNS: usize = 100;

/// A figure as the endpoint answers it: to a millionth, so float noise
/// (`23.399999999999995`) does not show.
fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

fn cost(on_demand: f64, provisioned: f64) -> Value {
    json!({"OnDemand": round(on_demand), "Provisioned": round(provisioned)})
}

fn pattern_json(p: &PatternReview) -> Value {
    let mut out = Map::new();
    out.insert("Name".into(), p.name.clone().into());
    out.insert("AccessPath".into(), p.access_path.name().into());
    if let Some(index) = p.access_path.index() {
        out.insert("IndexName".into(), index.into());
    }
    if let Some(error) = &p.error {
        out.insert("Error".into(), json!({"Code": error.name(), "Message": error.message()}));
    }
    out.insert(
        "ConsumedCapacityPerRequest".into(),
        json!({"ReadCapacityUnits": p.read_units, "WriteCapacityUnits": p.write_units}),
    );
    // Vector indexes meter bytes, under DynamoDB's own member names.
    if p.search_bytes > 0.0 {
        out.insert("VectorSearchRequestBytesPerRequest".into(), p.search_bytes.into());
    }
    if p.vector_write_bytes > 0.0 {
        out.insert("VectorWriteRequestBytesPerRequest".into(), p.vector_write_bytes.into());
    }
    out.insert(
        "CapacityNeeded".into(),
        json!({"ReadCapacityUnits": round(p.capacity_needed.0), "WriteCapacityUnits": round(p.capacity_needed.1)}),
    );
    if p.over_capacity {
        out.insert("OverCapacity".into(), true.into());
    }
    out.insert("Requests".into(), p.requests.into());
    out.insert("Throttled".into(), p.throttled.into());
    let reasons: Map<String, Value> = p.throttling_reasons.iter().map(|(r, n)| (r.clone(), json!(n))).collect();
    out.insert("ThrottlingReasons".into(), reasons.into());
    out.insert("MonthlyCost".into(), cost(p.monthly.on_demand, p.monthly.provisioned));
    let fixes: Vec<Value> = p
        .fixes
        .iter()
        .map(|fix| match fix {
            Fix::WriteSharding { shards, key, index } => {
                out.insert("ShardsNeeded".into(), (*shards).into());
                let mut fix = json!({"Shards": shards, "PartitionKeyValue": key});
                if let (Some(index), Some(members)) = (index, fix.as_object_mut()) {
                    members.insert("IndexName".into(), index.clone().into());
                }
                json!({"WriteSharding": fix})
            }
            Fix::Provision { index, read, write } => {
                let mut fix =
                    json!({"ReadCapacityUnits": round(read.ceil()), "WriteCapacityUnits": round(write.ceil())});
                if let (Some(index), Some(members)) = (index, fix.as_object_mut()) {
                    members.insert("IndexName".into(), index.clone().into());
                }
                json!({"ProvisionedThroughput": fix})
            }
            Fix::GlobalSecondaryIndex { partition_key, sort_key, sparse } => {
                let mut fix = json!({"SortKey": sort_key, "Sparse": sparse});
                if let (Some(pk), Some(members)) = (partition_key, fix.as_object_mut()) {
                    members.insert("PartitionKey".into(), pk.clone().into());
                }
                json!({"GlobalSecondaryIndex": fix})
            }
        })
        .collect();
    if !fixes.is_empty() {
        out.insert("Fixes".into(), fixes.into());
    }
    Value::Object(out)
}

fn hot_spot_json(h: &HotSpot) -> Value {
    let mut out = json!({
        "TableName": h.table, "Partition": h.partition, "Partitions": h.partitions,
        "ConsumedCapacityUnits": h.consumed, "Throttled": h.throttled,
    });
    if let Some(fields) = out.as_object_mut() {
        if let Some(index) = &h.index {
            fields.insert("IndexName".into(), index.clone().into());
        }
        if let Some(key) = &h.key {
            fields
                .insert("TopKey".into(), json!({"Key": key.key, "Accesses": key.accesses, "Throttled": key.throttles}));
        }
    }
    out
}

pub(super) fn review_access_patterns(engine: &mut Engine, request: Members) -> Result<Value, ApiError> {
    let request = request.only(&["AccessPatterns", "Seconds"])?;
    let seconds = request.integer("Seconds", 1, u64::from(MAX_REVIEW_SECONDS))?.unwrap_or(60) as u32;
    let listed = request.array("AccessPatterns")?.ok_or_else(|| request.missing("AccessPatterns"))?;
    if listed.is_empty() || listed.len() > MAX_ACCESS_PATTERNS {
        return Err(ApiError::validation(format!(
            "AccessPatterns must list 1 to {MAX_ACCESS_PATTERNS} patterns, not {}",
            listed.len()
        )));
    }
    let patterns = listed
        .iter()
        .enumerate()
        .map(|(i, p)| access_patterns::from_json(p, &format!("AccessPatterns[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let review = engine.review_access_patterns(&patterns, seconds)?;
    Ok(json!({
        "Seconds": review.seconds,
        "AccessPatterns": review.patterns.iter().map(pattern_json).collect::<Vec<_>>(),
        "Storage": review.storage.iter().map(|s| {
            let mut out = json!({"TableName": s.table, "ItemCount": s.items, "BilledBytes": s.billed_bytes, "MonthlyCost": s.monthly});
            if let (Some(index), Some(fields)) = (&s.index, out.as_object_mut()) {
                fields.insert("IndexName".into(), index.clone().into());
            }
            out
        }).collect::<Vec<_>>(),
        "HotSpots": review.hot_spots.iter().map(hot_spot_json).collect::<Vec<_>>(),
        "Total": {"MonthlyCost": cost(review.total.on_demand, review.total.provisioned)},
        "Prices": {"Region": prices::PRICES_REGION, "Checked": prices::PRICES_CHECKED, "MonthDays": 30},
    }))
}
