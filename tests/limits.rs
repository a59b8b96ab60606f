//! Every size boundary of semantics B.3/B.4 at the exact byte: accepted at
//! the limit, refused one byte past it, through the same `execute` entry
//! point an SDK reaches.

#![cfg(not(target_arch = "wasm32"))]

use ddb_playground::engine::{ApiError, Engine};
use serde_json::{json, Value};

fn engine_with_table() -> Engine {
    let mut engine = Engine::new();
    let create = json!({
        "TableName": "tbl",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "B"}],
        "BillingMode": "PAY_PER_REQUEST"
    });
    engine.execute("CreateTable", &create).expect("table created");
    engine
}

fn put(engine: &mut Engine, item: Value) -> Result<Value, ApiError> {
    engine.execute("PutItem", &json!({"TableName": "tbl", "Item": item, "ReturnConsumedCapacity": "TOTAL"}))
}

fn base64_of(len: usize) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(vec![7u8; len])
}

fn units(response: &Value) -> f64 {
    response["ConsumedCapacity"]["CapacityUnits"].as_f64().expect("capacity reported")
}

#[test]
fn partition_key_is_at_most_2048_bytes() {
    let mut engine = engine_with_table();
    // "é" is two UTF-8 bytes: the limit counts bytes, not characters.
    let at_limit = "é".repeat(1024);
    assert!(put(&mut engine, json!({"pk": {"S": at_limit}, "sk": {"B": "AA=="}})).is_ok());
    let past = format!("{at_limit}x");
    assert_eq!(
        put(&mut engine, json!({"pk": {"S": past}, "sk": {"B": "AA=="}})),
        Err(ApiError::validation(
            "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes"
        ))
    );
}

#[test]
fn sort_key_is_at_most_1024_bytes() {
    let mut engine = engine_with_table();
    assert!(put(&mut engine, json!({"pk": {"S": "a"}, "sk": {"B": base64_of(1024)}})).is_ok());
    let key = json!({"pk": {"S": "a"}, "sk": {"B": base64_of(1025)}});
    let expected = Err(ApiError::validation(
        "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes",
    ));
    assert_eq!(put(&mut engine, key.clone()), expected);
    assert_eq!(engine.execute("GetItem", &json!({"TableName": "tbl", "Key": key})), expected);
}

#[test]
fn items_are_at_most_409600_bytes() {
    let mut engine = engine_with_table();
    // pk:"a" = 2+1, sk:one byte = 2+1, "data" = 4: the rest is the string.
    let fixed = 3 + 3 + 4;
    let item = |len: usize| json!({"pk": {"S": "a"}, "sk": {"B": "AA=="}, "data": {"S": "x".repeat(len)}});
    let at_limit = put(&mut engine, item(409_600 - fixed)).expect("an item of exactly 400 KB is accepted");
    assert_eq!(units(&at_limit), 400.0);
    assert_eq!(
        put(&mut engine, item(409_600 - fixed + 1)),
        Err(ApiError::validation("Item size has exceeded the maximum allowed size"))
    );
}

/// Semantics B.3: dynalite's "small item with ConsistentRead", measured on
/// DynamoDB. The item is exactly 4,096 bytes and costs 1 RCU strongly
/// consistent; one more byte costs 2.
#[test]
fn the_4096_byte_item_costs_one_read_unit() {
    let mut engine = Engine::new();
    let create = json!({
        "TableName": "tbl",
        "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "a", "AttributeType": "S"}],
        "BillingMode": "PAY_PER_REQUEST"
    });
    engine.execute("CreateTable", &create).expect("table created");
    let item = |b_len: usize| {
        json!({
            "a": {"S": "0123456789"},
            "bb": {"S": "b".repeat(b_len)},
            "ccc": {"N": "12.3456"},
            "dddd": {"B": "AQI="},
            "eeeee": {"BS": ["AQI=", "Aw==", "BA=="]},
            "ffffff": {"NULL": true},
            "ggggggg": {"BOOL": true},
            "hhhhhhhh": {"L": [{"S": "a"}, {"S": "aa"}, {"S": "bb"}, {"S": "ccc"}]},
            "iiiiiiiii": {"M": {"aa": {"S": "aa"}, "bbb": {"S": "bbb"}}}
        })
    };
    let get = json!({"TableName": "tbl", "Key": {"a": {"S": "0123456789"}}, "ConsistentRead": true, "ReturnConsumedCapacity": "TOTAL"});
    let eventual = json!({"TableName": "tbl", "Key": {"a": {"S": "0123456789"}}, "ReturnConsumedCapacity": "TOTAL"});
    for (b_len, strong, half, write) in [(3999, 1.0, 0.5, 4.0), (4000, 2.0, 1.0, 5.0)] {
        assert_eq!(units(&put(&mut engine, item(b_len)).expect("put")), write);
        assert_eq!(units(&engine.execute("GetItem", &get).expect("get")), strong, "strong read, bb of {b_len}");
        assert_eq!(units(&engine.execute("GetItem", &eventual).expect("get")), half, "eventual read, bb of {b_len}");
    }
    let described = engine.execute("DescribeTable", &json!({"TableName": "tbl"})).expect("described");
    assert_eq!(described["Table"]["TableSizeBytes"], 4097);
}

/// A Scan page stops once 1 MB has been read, the item that crosses the line
/// included (semantics A.2): 263 items of 4,000 bytes = 1,052,000 bytes read,
/// ceil(1,052,000 / 4096) = 257 blocks = 128.5 RCU eventually consistent —
/// the "128.5 RCU" a full scan page is known to cost.
#[test]
fn a_scan_page_stops_after_one_megabyte() {
    let mut engine = Engine::new();
    let create = json!({
        "TableName": "tbl",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "BillingMode": "PAY_PER_REQUEST"
    });
    engine.execute("CreateTable", &create).expect("table created");
    for i in 0..300 {
        // "pk" + "k000" = 6 bytes, "data" + 3,990 = 3,994: 4,000 bytes each.
        let item = json!({"pk": {"S": format!("k{i:03}")}, "data": {"S": "x".repeat(3990)}});
        engine.execute("PutItem", &json!({"TableName": "tbl", "Item": item})).expect("put");
    }
    let scan = json!({"TableName": "tbl", "Select": "COUNT", "ReturnConsumedCapacity": "TOTAL"});
    let first = engine.execute("Scan", &scan).expect("first page");
    assert_eq!(first["ScannedCount"], 263);
    assert_eq!(units(&first), 128.5);
    let mut next = scan.clone();
    next["ExclusiveStartKey"] = first["LastEvaluatedKey"].clone();
    let second = engine.execute("Scan", &next).expect("second page");
    assert_eq!(second["ScannedCount"], 37);
    assert!(second.get("LastEvaluatedKey").is_none());
    // 37 × 4,000 = 148,000 bytes: 37 blocks, 18.5 RCU.
    assert_eq!(units(&second), 18.5);
}

/// BatchGetItem answers at most 16 MB (16,000,000 bytes, per the API
/// reference's worked example); the keys it did not reach come back in
/// `UnprocessedKeys`, with the table's other request members, and are not
/// charged. 50 items of exactly 400 KB: 39 fit (15,974,400 B), the 40th would
/// pass 16,000,000 B.
#[test]
fn batch_get_stops_at_sixteen_megabytes() {
    let mut engine = engine_with_table();
    let fixed = 3 + 3 + 4;
    let keys: Vec<Value> = (0..50u8).map(|i| json!({"pk": {"S": "a"}, "sk": {"B": base64_of_byte(i)}})).collect();
    for key in &keys {
        let mut item = key.clone();
        item["data"] = json!({"S": "x".repeat(409_600 - fixed)});
        put(&mut engine, item).expect("put");
    }
    let request = json!({"RequestItems": {"tbl": {"Keys": keys, "ProjectionExpression": "pk"}}, "ReturnConsumedCapacity": "TOTAL"});
    let response = engine.execute("BatchGetItem", &request).expect("batch get");
    assert_eq!(response["Responses"]["tbl"].as_array().map(Vec::len), Some(39));
    let unprocessed = &response["UnprocessedKeys"]["tbl"];
    assert_eq!(unprocessed["Keys"].as_array().map(Vec::len), Some(11));
    assert_eq!(unprocessed["ProjectionExpression"], "pk");
    // 39 items × 100 blocks × 0.5.
    assert_eq!(response["ConsumedCapacity"][0]["CapacityUnits"], 1950.0);
}

fn base64_of_byte(byte: u8) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode([byte])
}

/// A dry run answers exactly what the real call answers, and changes nothing.
#[test]
fn dry_runs_answer_like_the_real_call_and_change_nothing() {
    let mut engine = engine_with_table();
    put(&mut engine, json!({"pk": {"S": "a"}, "sk": {"B": "AA=="}, "n": {"N": "1"}})).expect("put");
    let key = json!({"pk": {"S": "a"}, "sk": {"B": "AA=="}});
    let calls = [
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": {"S": "b"}, "sk": {"B": "AA=="}}, "ReturnConsumedCapacity": "TOTAL"}),
        ),
        (
            "UpdateItem",
            json!({"TableName": "tbl", "Key": key, "UpdateExpression": "ADD n :one", "ExpressionAttributeValues": {":one": {"N": "1"}}, "ReturnValues": "ALL_NEW"}),
        ),
        ("DeleteItem", json!({"TableName": "tbl", "Key": key, "ReturnValues": "ALL_OLD"})),
        (
            "BatchWriteItem",
            json!({"RequestItems": {"tbl": [{"DeleteRequest": {"Key": key}}]}, "ReturnConsumedCapacity": "TOTAL"}),
        ),
        (
            "TransactWriteItems",
            json!({"TransactItems": [{"Delete": {"TableName": "tbl", "Key": key}}], "ClientRequestToken": "t1", "ReturnConsumedCapacity": "TOTAL"}),
        ),
        (
            "Query",
            json!({"TableName": "tbl", "KeyConditionExpression": "pk = :a", "ExpressionAttributeValues": {":a": {"S": "a"}}, "ReturnConsumedCapacity": "TOTAL"}),
        ),
        ("DeleteTable", json!({"TableName": "tbl"})),
        ("PutItem", json!({"TableName": "tbl", "Item": {"pk": {"S": ""}}})),
    ];
    for (operation, request) in calls {
        let before = engine.snapshot();
        let dry = engine.dry_run(operation, &request);
        assert_eq!(engine.snapshot(), before, "{operation} changed the engine");
        let real = engine.clone().execute(operation, &request);
        assert_eq!(dry, real, "{operation}");
    }
}

/// A transaction may carry at most 4 MB of items: ten 400 KB puts (4,096,000
/// bytes) are accepted, eleven are not.
#[test]
fn transactions_carry_at_most_four_megabytes() {
    let mut engine = engine_with_table();
    let fixed = 3 + 3 + 4;
    let puts = |n: u8| {
        let actions: Vec<Value> = (0..n)
            .map(|i| {
                let item = json!({"pk": {"S": "a"}, "sk": {"B": base64_of_byte(i)}, "data": {"S": "x".repeat(409_600 - fixed)}});
                json!({"Put": {"TableName": "tbl", "Item": item}})
            })
            .collect();
        json!({"TransactItems": actions})
    };
    assert!(engine.execute("TransactWriteItems", &puts(10)).is_ok());
    let refused = engine.execute("TransactWriteItems", &puts(11)).expect_err("over 4 MB");
    assert_eq!(refused.name(), "ValidationException");
    assert!(refused.message().contains("4 MB"), "{refused}");
}
