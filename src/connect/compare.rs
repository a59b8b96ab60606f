//! One request's two answers side by side, the playground's and an
//! endpoint's, and every way they differ.
//!
//! ```text
//!   playground  Ok({"Items": [a, b], "Count": 2, "ConsumedCapacity": {"TableName": "T", "CapacityUnits": 0.5}})
//!   endpoint    Ok({"Items": [b, a], "Count": 2, "ConsumedCapacity": {"TableName": "T", "CapacityUnits": 1.0}})
//!                 → [Order { member: "Items" }, Units { name: "T CapacityUnits", 0.5, 1.0 }]
//!   playground  Err(ValidationException: …)   endpoint Ok(…)   → [Outcome { … }]
//! ```
//!
//! The rules, member by member of the response:
//! - item lists (`Items`, each table's list in `Responses`) are compared as
//!   collections first (items on one side only, counted), then, when both
//!   hold the same items, in order: a Query's order is the sort key's, a
//!   Scan's the partitions' hash, both of which the playground reproduces;
//! - `ConsumedCapacity` (one object or a list of them) is flattened into
//!   numbers named by table, index and kind (`T CapacityUnits`,
//!   `T GSI ByAuthor ReadCapacityUnits`, a write's
//!   `T vector index ByLook VectorWriteRequestBytes`, SearchVectors'
//!   `VectorSearchRequestBytes`), and each is compared as a number;
//! - every other member (`Count`, `ScannedCount`, `Item`, `Attributes`,
//!   `LastEvaluatedKey`, `UnprocessedItems`, …) must be equal as JSON;
//! - two refusals differ in their exception's name or message.
//!
//! Items are equal when their JSON is (attribute order never matters:
//! `serde_json`'s maps are sorted), so numbers compare as DynamoDB sends
//! them, already normalised (`1.50` is sent as `1.5`).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

/// One side's answer: a response body, or an exception's name and message.
pub type Outcome = Result<Value, (String, String)>;

/// One way the two answers differ.
#[derive(Clone, Debug, PartialEq)]
pub enum Difference {
    /// One side answered and the other refused: the refusing side's
    /// exception name.
    Outcome { playground: Option<String>, endpoint: Option<String> },
    /// Both refused, with different exceptions.
    ErrorType { playground: String, endpoint: String },
    /// Both refused with the same exception, in other words.
    ErrorMessage { playground: String, endpoint: String },
    /// Items only one side returned, counted (`member`: `Items` or
    /// `Responses.<table>`).
    Items { member: String, only_playground: usize, only_endpoint: usize },
    /// The same items, in another order.
    Order { member: String },
    /// A member with other contents, or on one side only.
    Member { name: String, playground: Option<Value>, endpoint: Option<Value> },
    /// Capacity units, by table, index and kind.
    Units { name: String, playground: Option<f64>, endpoint: Option<f64> },
}

/// The operations whose requests take `ReturnConsumedCapacity`, reads first.
pub const WITH_UNITS: &[&str] = &[
    "GetItem",
    "Query",
    "Scan",
    "SearchVectors",
    "PutItem",
    "UpdateItem",
    "DeleteItem",
    "BatchGetItem",
    "BatchWriteItem",
    "TransactGetItems",
    "TransactWriteItems",
    "ExecuteStatement",
    "BatchExecuteStatement",
    "ExecuteTransaction",
];

/// `request` asking for its units (`ReturnConsumedCapacity: TOTAL`) when
/// its operation takes them and it does not ask already; `true` when the
/// member was added, so the page can say so.
pub fn asking_for_units(operation: &str, request: Value) -> (Value, bool) {
    match request {
        Value::Object(mut members)
            if WITH_UNITS.contains(&operation) && !members.contains_key("ReturnConsumedCapacity") =>
        {
            members.insert("ReturnConsumedCapacity".into(), "TOTAL".into());
            (Value::Object(members), true)
        }
        other => (other, false),
    }
}

/// Every difference between the playground's answer and the endpoint's, in
/// the order of the members' names (none when they agree).
pub fn compare(playground: &Outcome, endpoint: &Outcome) -> Vec<Difference> {
    match (playground, endpoint) {
        (Ok(mine), Ok(theirs)) => compare_bodies(mine, theirs),
        (Err((my_type, my_message)), Err((their_type, their_message))) => {
            if my_type != their_type {
                vec![Difference::ErrorType { playground: my_type.clone(), endpoint: their_type.clone() }]
            } else if my_message != their_message {
                vec![Difference::ErrorMessage { playground: my_message.clone(), endpoint: their_message.clone() }]
            } else {
                Vec::new()
            }
        }
        (Ok(_), Err((exception, _))) => {
            vec![Difference::Outcome { playground: None, endpoint: Some(exception.clone()) }]
        }
        (Err((exception, _)), Ok(_)) => {
            vec![Difference::Outcome { playground: Some(exception.clone()), endpoint: None }]
        }
    }
}

fn compare_bodies(mine: &Value, theirs: &Value) -> Vec<Difference> {
    let empty = Map::new();
    let mine = mine.as_object().unwrap_or(&empty);
    let theirs = theirs.as_object().unwrap_or(&empty);
    let mut names: Vec<&String> = mine.keys().chain(theirs.keys()).collect();
    crate::engine::ordered::sort(&mut names);
    names.dedup();
    let mut out = Vec::new();
    for name in names {
        let (a, b) = (mine.get(name.as_str()), theirs.get(name.as_str()));
        match name.as_str() {
            "ConsumedCapacity" => compare_units(a, b, &mut out),
            "Items" => compare_collections(name, a, b, true, &mut out),
            "Responses" if is_map_of_lists(a) && is_map_of_lists(b) => {
                let (a, b) = (a.and_then(Value::as_object), b.and_then(Value::as_object));
                let mut tables: Vec<&String> = a.into_iter().chain(b).flat_map(Map::keys).collect();
                crate::engine::ordered::sort(&mut tables);
                tables.dedup();
                for table in tables {
                    let member = format!("Responses.{table}");
                    let (x, y) = (a.and_then(|m| m.get(table.as_str())), b.and_then(|m| m.get(table.as_str())));
                    // BatchGetItem returns a table's items in no set order.
                    compare_collections(&member, x, y, false, &mut out);
                }
            }
            _ if a != b => {
                out.push(Difference::Member { name: name.clone(), playground: a.cloned(), endpoint: b.cloned() })
            }
            _ => {}
        }
    }
    out
}

fn is_map_of_lists(value: Option<&Value>) -> bool {
    value.and_then(Value::as_object).is_some_and(|m| m.values().all(Value::is_array))
}

fn compare_collections(member: &str, a: Option<&Value>, b: Option<&Value>, ordered: bool, out: &mut Vec<Difference>) {
    let (Some(Value::Array(x)), Some(Value::Array(y))) = (a, b) else {
        if a != b {
            out.push(Difference::Member { name: member.to_string(), playground: a.cloned(), endpoint: b.cloned() });
        }
        return;
    };
    // Each item's JSON text, counted: a map is sorted, so equal items
    // have equal texts.
    let mut counts: BTreeMap<String, i64> = BTreeMap::new();
    for item in x {
        *counts.entry(item.to_string()).or_default() += 1;
    }
    for item in y {
        *counts.entry(item.to_string()).or_default() -= 1;
    }
    let only_playground = counts.values().filter(|n| **n > 0).map(|n| *n as usize).sum::<usize>();
    let only_endpoint = counts.values().filter(|n| **n < 0).map(|n| n.unsigned_abs() as usize).sum::<usize>();
    if only_playground > 0 || only_endpoint > 0 {
        out.push(Difference::Items { member: member.to_string(), only_playground, only_endpoint });
    } else if ordered && x != y {
        out.push(Difference::Order { member: member.to_string() });
    }
}

/// `ConsumedCapacity` as numbers named by table, index and kind.
pub fn units(consumed: Option<&Value>) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    let entries: Vec<&Value> = match consumed {
        Some(Value::Array(list)) => list.iter().collect(),
        Some(value @ Value::Object(_)) => vec![value],
        _ => Vec::new(),
    };
    for entry in entries {
        // SearchVectors names no table: its bytes go by their kind alone.
        let table = entry.get("TableName").and_then(Value::as_str).unwrap_or_default();
        add_units(&mut out, table, entry);
        if let Some(own) = entry.get("Table") {
            add_units(&mut out, &format!("{table} Table"), own);
        }
        for (member, kind) in
            [("GlobalSecondaryIndexes", "GSI"), ("LocalSecondaryIndexes", "LSI"), ("VectorIndexes", "vector index")]
        {
            if let Some(Value::Object(indexes)) = entry.get(member) {
                for (index, value) in indexes {
                    add_units(&mut out, &format!("{table} {kind} {index}"), value);
                }
            }
        }
    }
    out
}

fn add_units(out: &mut BTreeMap<String, f64>, prefix: &str, value: &Value) {
    for kind in [
        "CapacityUnits",
        "ReadCapacityUnits",
        "WriteCapacityUnits",
        "VectorSearchRequestBytes",
        "VectorWriteRequestBytes",
    ] {
        if let Some(n) = value.get(kind).and_then(Value::as_f64) {
            let name = if prefix.is_empty() { kind.to_string() } else { format!("{prefix} {kind}") };
            *out.entry(name).or_default() += n;
        }
    }
}

fn compare_units(a: Option<&Value>, b: Option<&Value>, out: &mut Vec<Difference>) {
    let (mine, theirs) = (units(a), units(b));
    let mut names: Vec<&String> = mine.keys().chain(theirs.keys()).collect();
    crate::engine::ordered::sort(&mut names);
    names.dedup();
    for name in names {
        let (x, y) = (mine.get(name).copied(), theirs.get(name).copied());
        let same = matches!((x, y), (Some(x), Some(y)) if (x - y).abs() < 1e-9);
        if !same {
            out.push(Difference::Units { name: name.clone(), playground: x, endpoint: y });
        }
    }
}

#[cfg(test)]
mod tests;
