//! The data every benchmark and the memory program share: one table shape,
//! one item shape, and the request bodies an SDK would send for them.
//!
//! The table `Orders` has partition key `pk` (S) and sort key `sk` (S). Item
//! `i` belongs to customer `i / 100`, so every item collection holds 100
//! orders: a Query of one customer returns exactly 100 items, whatever the
//! table's size. An item looks like an order a lecture would use:
//!
//! ```text
//! {"pk": "customer#0000123", "sk": "order#000042", "status": "SHIPPED",
//!  "amount": 1234.56, "qty": 3, "email": "customer123@example.com",
//!  "created": "2026-03-01T12:34:56Z", "shipping": {"city": "Berlin", "zip": "10115"}}
//! ```
//!
//! which is 150 to 160 bytes by DynamoDB's item-size rule.

#![allow(dead_code)] // each bench and example uses a part

use ddb_playground::engine::Engine;
use serde_json::{json, Value};

/// Orders per customer: the size of every item collection.
pub const ORDERS_PER_CUSTOMER: u64 = 100;

/// The table every benchmark uses.
pub const TABLE: &str = "Orders";

const STATUSES: [&str; 4] = ["PENDING", "SHIPPED", "DELIVERED", "RETURNED"];
const CITIES: [&str; 4] = ["Berlin", "Lisbon", "Osaka", "Toronto"];

/// The CreateTable body: provisioned far above what any benchmark draws
/// (the engine admits every request against the partitions' buckets; the
/// benchmarks move the clock 1 ms per request, so nothing is throttled).
pub fn create_table() -> Value {
    json!({
        "TableName": TABLE,
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "AttributeDefinitions": [
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "sk", "AttributeType": "S"}
        ],
        "ProvisionedThroughput": {"ReadCapacityUnits": 40000, "WriteCapacityUnits": 40000}
    })
}

/// The partition key of customer `c`.
pub fn customer(c: u64) -> String {
    format!("customer#{c:07}")
}

/// The sort key of order `o` of a customer.
pub fn order(o: u64) -> String {
    format!("order#{o:06}")
}

/// Item number `i` in DynamoDB JSON (the `Item` member of a PutItem).
pub fn item(i: u64) -> Value {
    let c = i / ORDERS_PER_CUSTOMER;
    let o = i % ORDERS_PER_CUSTOMER;
    json!({
        "pk": {"S": customer(c)},
        "sk": {"S": order(o)},
        "status": {"S": STATUSES[(i % 4) as usize]},
        "amount": {"N": format!("{}.{:02}", 10 + i % 1990, i % 100)},
        "qty": {"N": (1 + i % 9).to_string()},
        "email": {"S": format!("customer{c}@example.com")},
        "created": {"S": format!("2026-03-{:02}T12:{:02}:{:02}Z", 1 + o % 28, i % 60, (i / 60) % 60)},
        "shipping": {"M": {"city": {"S": CITIES[(c % 4) as usize]}, "zip": {"S": format!("{:05}", c % 100_000)}}}
    })
}

/// The PutItem body for item `i`.
pub fn put_request(i: u64) -> Value {
    json!({"TableName": TABLE, "Item": item(i)})
}

/// The GetItem body for item `i`.
pub fn get_request(i: u64) -> Value {
    let (c, o) = (i / ORDERS_PER_CUSTOMER, i % ORDERS_PER_CUSTOMER);
    json!({"TableName": TABLE, "Key": {"pk": {"S": customer(c)}, "sk": {"S": order(o)}}})
}

/// An UpdateItem body for item `i`, as an SDK sends one: add to a number,
/// set a string, under a condition that holds.
pub fn update_request(i: u64) -> Value {
    let (c, o) = (i / ORDERS_PER_CUSTOMER, i % ORDERS_PER_CUSTOMER);
    json!({
        "TableName": TABLE,
        "Key": {"pk": {"S": customer(c)}, "sk": {"S": order(o)}},
        "UpdateExpression": "SET qty = qty + :one, #s = :status",
        "ConditionExpression": "attribute_exists(pk)",
        "ExpressionAttributeNames": {"#s": "status"},
        "ExpressionAttributeValues": {":one": {"N": "1"}, ":status": {"S": "SHIPPED"}}
    })
}

/// The Query body for all orders of customer `c` (100 items).
pub fn query_request(c: u64) -> Value {
    json!({
        "TableName": TABLE,
        "KeyConditionExpression": "pk = :pk",
        "ExpressionAttributeValues": {":pk": {"S": customer(c)}}
    })
}

/// An engine holding items `0..n`, loaded through `Engine::execute` with
/// throughput enforcement off (a load at one instant of the manual clock
/// would otherwise be throttled), then enforcement back on.
pub fn loaded_engine(n: u64) -> Engine {
    let mut engine = Engine::new();
    engine.execute("CreateTable", &create_table()).expect("CreateTable");
    engine.settings_mut().enforce_throughput = false;
    for i in 0..n {
        engine.execute("PutItem", &put_request(i)).expect("PutItem");
    }
    engine.settings_mut().enforce_throughput = true;
    engine
}
