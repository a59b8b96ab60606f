//! The exercise at scale that the check's benchmarks share (natively
//! `benches/exercise.rs`, in the browser `tests/browser_bench.rs`): 10,000
//! generated orders of 1,000 customers and 12 access patterns (GetItem, a
//! Query forwards, a Query backwards and a PutItem, three of each, at 100
//! requests a second each over the 1,000 customers, two cases each), with
//! its model answer: one table keyed by customer and order.

use ddb_playground::engine::exercise::{cases, Exercise, Solution};
use ddb_playground::engine::review::{AccessPattern, KeyVariation};
use ddb_playground::engine::value::wire::item_to_wire;
use ddb_playground::engine::Engine;
use serde_json::{json, Value};

/// Customers; each has ten orders.
pub const CUSTOMERS: u32 = 1_000;
const RATE: f64 = 100.0;

fn order(k: u32, i: u32) -> Value {
    json!({"Type": "Order", "Key": {"OrderId": format!("O{k}-{i}")}})
}

/// Pattern `p` of the 12: kind `p % 4` for customer `p`.
fn pattern(p: u32) -> Value {
    let (k1, k2) = (p + 1, p + 500);
    let vary = json!({"Parameter": "Customer", "Distribution": "Uniform", "Count": CUSTOMERS});
    let read = |name: String, cases: Value, ordered: bool| {
        json!({"Name": name, "Kind": "Read", "RequestsPerSecond": RATE, "Ordered": ordered,
               "PartitionKeyValues": vary, "Cases": cases})
    };
    let all = |k: u32, reverse: bool| {
        let mut keys: Vec<Value> = (0..10).map(|i| order(k, i)).collect();
        if reverse {
            keys.reverse();
        }
        json!({"Parameters": {"Customer": format!("C{k}")}, "Expect": keys})
    };
    match p % 4 {
        0 => read(
            format!("Get an order {p}"),
            json!([{"Parameters": {"Customer": format!("C{k1}"), "Order": format!("O{k1}-3")}, "Expect": [order(k1, 3)]},
                   {"Parameters": {"Customer": format!("C{k2}"), "Order": format!("O{k2}-7")}, "Expect": [order(k2, 7)]}]),
            false,
        ),
        1 => read(format!("Orders of a customer {p}"), json!([all(k1, false), all(k2, false)]), true),
        2 => read(format!("Latest orders first {p}"), json!([all(k1, true), all(k2, true)]), true),
        _ => {
            let record = |k: u32| {
                json!({"CustomerId": format!("C{k}"), "OrderId": format!("O{k}-new"),
                                         "OrderDate": "2026-11-28", "Total": 10})
            };
            let case = |k: u32| {
                json!({"Parameters": {"Customer": format!("C{k}"), "Order": format!("O{k}-new")},
                                       "Write": {"Type": "Order", "Record": record(k)}})
            };
            json!({"Name": format!("Place an order {p}"), "Kind": "Write", "RequestsPerSecond": RATE,
                   "PartitionKeyValues": vary, "Cases": [case(k1), case(k2)]})
        }
    }
}

fn request(p: u32) -> Value {
    let query = |forward: bool| {
        json!({"Operation": "Query", "Request": {"TableName": "Orders",
        "KeyConditionExpression": "CustomerId = :c", "ExpressionAttributeValues": {":c": {"S": "{Customer}"}},
        "ScanIndexForward": forward}})
    };
    match p % 4 {
        0 => json!({"Operation": "GetItem", "Request": {"TableName": "Orders",
            "Key": {"CustomerId": {"S": "{Customer}"}, "OrderId": {"S": "{Order}"}}}}),
        1 => query(true),
        2 => query(false),
        _ => json!({"Operation": "PutItem", "Request": {"TableName": "Orders", "Item": {
            "CustomerId": {"S": "{Customer}"}, "OrderId": {"S": "{Order}"},
            "OrderDate": {"S": "2026-11-28"}, "Total": {"N": "10"}}}}),
    }
}

/// The exercise and its model answer.
pub fn documents() -> (Value, Value) {
    let patterns: Vec<Value> = (0..12).map(pattern).collect();
    let exercise = json!({
        "Title": "Orders at scale", "Statement": "Ten thousand orders.",
        "Entities": {"Order": {"Key": ["OrderId"], "Generate": {"Count": CUSTOMERS * 10, "Seed": 7, "Template": {
            "ItemsPerPartitionKey": {"Distribution": "Fixed", "Count": 10},
            "Attributes": [
                {"Name": "CustomerId", "Type": "Template", "Template": "C{n}"},
                {"Name": "OrderId", "Type": "Template", "Template": "O{n}-{i}"},
                {"Name": "OrderDate", "Type": "Date", "From": "2026-01-01", "To": "2026-11-27"},
                {"Name": "Status", "Type": "Choice", "Values": ["OPEN", "SHIPPED"]},
                {"Name": "Total", "Type": "Number", "Min": 1, "Max": 500, "Decimals": 2},
                {"Name": "Note", "Type": "String", "Length": 60}]}}}},
        "AccessPatterns": patterns,
        "Goals": {"ServedWithoutScan": true, "NoThrottling": true, "MaxTables": 1, "MaxMonthlyCost": 10000},
        "ReviewSeconds": 60
    });
    let requests: serde_json::Map<String, Value> = exercise["AccessPatterns"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(p, pattern)| (pattern["Name"].as_str().unwrap_or_default().to_string(), request(p as u32)))
        .collect();
    let solution = json!({
        "Tables": [{"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "CustomerId", "AttributeType": "S"},
                                     {"AttributeName": "OrderId", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "CustomerId", "KeyType": "HASH"},
                          {"AttributeName": "OrderId", "KeyType": "RANGE"}]}],
        "Mappings": {"Order": {"TableName": "Orders", "Attributes": {}}},
        "Requests": requests
    });
    (exercise, solution)
}

/// The baseline beside the check: an engine holding the same table and
/// items, loaded directly, and the same 12 patterns for its design review,
/// so `check / review` is what the check adds to the review it runs.
pub fn review_baseline(
    exercise: &Exercise,
    solution: &Solution,
    solution_json: &Value,
) -> (Engine, Vec<AccessPattern>) {
    let mut engine = Engine::new();
    engine.settings_mut().enforce_throughput = false;
    engine.execute("CreateTable", &solution_json["Tables"][0]).expect("CreateTable");
    let records = exercise.entities["Order"].records().expect("records");
    for record in &records {
        engine.execute("PutItem", &json!({"TableName": "Orders", "Item": item_to_wire(record)})).expect("PutItem");
    }
    *engine.settings_mut() = Default::default();
    let patterns = exercise
        .patterns
        .iter()
        .map(|p| {
            let request = &solution.requests[&p.name];
            AccessPattern {
                name: p.name.clone(),
                operation: request.operation.clone(),
                request: cases::filled(request, p.cases.first()).expect("filled"),
                requests_per_second: p.requests_per_second,
                keys: KeyVariation::Uniform { count: CUSTOMERS },
            }
        })
        .collect();
    (engine, patterns)
}
