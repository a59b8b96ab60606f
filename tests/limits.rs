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
        // 400 WCU per put on one partition key: one put a second stays under
        // a partition's 1,000 WCU/s (it would throttle at once otherwise).
        engine.clock_mut().advance(1_000);
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
        assert_eq!(dry.result, real, "{operation}");
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

// ---------------------------------------------------------------------------
// Secondary indexes (semantics B.4): counts, names, projected attributes,
// index key sizes and the item-collection limit, each at the boundary.

/// A CreateTable request for table `tbl` (key pk, sk) with `gsis` global
/// indexes on `g<i>` and `lsis` local ones on `l<i>`, each projecting
/// `include` non-key attributes (KEYS_ONLY when 0).
fn indexed_table(gsis: usize, lsis: usize, include: usize) -> Value {
    let projection = |prefix: &str| match include {
        0 => json!({"ProjectionType": "KEYS_ONLY"}),
        n => {
            json!({"ProjectionType": "INCLUDE", "NonKeyAttributes": (0..n).map(|j| format!("{prefix}{j}")).collect::<Vec<_>>()})
        }
    };
    let mut definitions = vec![
        json!({"AttributeName": "pk", "AttributeType": "S"}),
        json!({"AttributeName": "sk", "AttributeType": "S"}),
    ];
    let mut request = json!({
        "TableName": "tbl",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "BillingMode": "PAY_PER_REQUEST"
    });
    if gsis > 0 {
        let list: Vec<Value> = (0..gsis)
            .map(|i| {
                definitions.push(json!({"AttributeName": format!("g{i}"), "AttributeType": "S"}));
                json!({"IndexName": format!("gsi{i}"), "KeySchema": [{"AttributeName": format!("g{i}"), "KeyType": "HASH"}], "Projection": projection(&format!("g{i}a"))})
            })
            .collect();
        request["GlobalSecondaryIndexes"] = list.into();
    }
    if lsis > 0 {
        let list: Vec<Value> = (0..lsis)
            .map(|i| {
                definitions.push(json!({"AttributeName": format!("l{i}"), "AttributeType": "S"}));
                json!({"IndexName": format!("lsi{i}"), "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": format!("l{i}"), "KeyType": "RANGE"}], "Projection": projection(&format!("l{i}a"))})
            })
            .collect();
        request["LocalSecondaryIndexes"] = list.into();
    }
    request["AttributeDefinitions"] = definitions.into();
    request
}

fn create(request: &Value) -> Result<Value, ApiError> {
    Engine::new().execute("CreateTable", request)
}

#[test]
fn at_most_twenty_global_and_five_local_indexes() {
    assert!(create(&indexed_table(20, 5, 0)).is_ok());
    assert_eq!(
        create(&indexed_table(21, 0, 0)),
        Err(ApiError::validation(
            "One or more parameter values were invalid: GlobalSecondaryIndex count exceeds the per-table limit of 20"
        ))
    );
    assert_eq!(
        create(&indexed_table(0, 6, 0)),
        Err(ApiError::validation(
            "One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds per-table limit of 5"
        ))
    );
    // UpdateTable cannot take a table past 20 GSIs either.
    let mut engine = Engine::new();
    engine.execute("CreateTable", &indexed_table(20, 0, 0)).expect("20 GSIs");
    let update = json!({"TableName": "tbl", "AttributeDefinitions": [{"AttributeName": "x", "AttributeType": "S"}],
        "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "one-more", "KeySchema": [{"AttributeName": "x", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}}]});
    let refused = engine.execute("UpdateTable", &update).expect_err("21st GSI");
    assert_eq!(refused.name(), "LimitExceededException");
}

/// 100 `NonKeyAttributes` in all, an attribute projected twice counting
/// twice; at most 20 in one index.
#[test]
fn at_most_one_hundred_projected_attributes() {
    assert!(create(&indexed_table(5, 0, 20)).is_ok());
    let too_many = Err(ApiError::validation(
        "One or more parameter values were invalid: Number of projected attributes in all indexes exceeds limit of 100",
    ));
    assert_eq!(create(&indexed_table(5, 1, 1)).map(|_| ()), Ok(()));
    let mut request = indexed_table(5, 1, 20);
    assert_eq!(create(&request), too_many);
    // The same names in two indexes count twice.
    request = indexed_table(6, 0, 17);
    for (i, index) in request["GlobalSecondaryIndexes"].as_array_mut().into_iter().flatten().enumerate() {
        index["Projection"]["NonKeyAttributes"] = (0..17).map(|j| format!("same{j}")).collect::<Vec<_>>().into();
        assert!(i < 6);
    }
    assert_eq!(create(&request), too_many); // 6 × 17 = 102
    let mut request = indexed_table(1, 0, 21);
    assert_eq!(
        create(&request).map_err(|e| e.message().starts_with("1 validation error detected: Value '[g0a0, g0a1,")),
        Err(true)
    );
    request["GlobalSecondaryIndexes"][0]["Projection"]["NonKeyAttributes"] = json!([]);
    assert_eq!(
        create(&request),
        Err(ApiError::validation(
            "1 validation error detected: Value '[]' at 'globalSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy constraint: Member must have length greater than or equal to 1"
        ))
    );
}

#[test]
fn index_names_are_3_to_255_characters() {
    for (name, ok) in
        [("abc".to_string(), true), ("a".repeat(255), true), ("ab".to_string(), false), ("a".repeat(256), false)]
    {
        let mut request = indexed_table(1, 0, 0);
        request["GlobalSecondaryIndexes"][0]["IndexName"] = name.clone().into();
        assert_eq!(create(&request).is_ok(), ok, "{} characters", name.len());
    }
    let mut request = indexed_table(1, 0, 0);
    request["GlobalSecondaryIndexes"][0]["IndexName"] = "bad name".into();
    assert_eq!(
        create(&request),
        Err(ApiError::validation(
            "1 validation error detected: Value 'bad name' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
        ))
    );
}

/// Index keys obey the key size limits: 2,048 bytes for an index partition
/// key, 1,024 for an index sort key (Alternator's tests, test_limit_sort_key_len_lsi).
#[test]
fn index_keys_obey_the_key_size_limits() {
    let mut engine = Engine::new();
    engine.execute("CreateTable", &indexed_table(1, 1, 0)).expect("created");
    let put = |engine: &mut Engine, attribute: &str, len: usize| {
        let item = json!({"pk": {"S": "a"}, "sk": {"S": "b"}, attribute: {"S": "x".repeat(len)}});
        engine.execute("PutItem", &json!({"TableName": "tbl", "Item": item}))
    };
    assert!(put(&mut engine, "g0", 2048).is_ok());
    assert_eq!(
        put(&mut engine, "g0", 2049),
        Err(ApiError::validation(
            "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes"
        ))
    );
    assert!(put(&mut engine, "l0", 1024).is_ok());
    assert_eq!(
        put(&mut engine, "l0", 1025),
        Err(ApiError::validation(
            "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes"
        ))
    );
}

/// The item-collection limit counts the items and their LSI entries; a
/// write may bring a collection to exactly the limit, not one byte past.
#[test]
fn item_collections_stop_at_the_limit_to_the_byte() {
    let mut engine = Engine::new();
    engine.execute("CreateTable", &indexed_table(0, 1, 0)).expect("created");
    // {pk: "a", sk: "1", l0: "x"} = 3 + 3 + 3 = 9 bytes; its entry the same 9.
    let item = |sk: &str, pad: usize| json!({"pk": {"S": "a"}, "sk": {"S": sk}, "l0": {"S": "x"}, "p": {"S": "y".repeat(pad)}});
    let put = |engine: &mut Engine, item: Value| engine.execute("PutItem", &json!({"TableName": "tbl", "Item": item}));
    engine.settings_mut().item_collection_limit_bytes = 100;
    // 9 + 1 + pad bytes of item, 9 of entry: pad 81 gives 91 + 9 = 100.
    assert!(put(&mut engine, item("1", 81)).is_ok());
    assert_eq!(put(&mut engine, item("2", 0)).map_err(|e| e.name()), Err("ItemCollectionSizeLimitExceededException"));
    // Shrinking is always allowed, even back to exactly the limit.
    assert!(put(&mut engine, item("1", 80)).is_ok());
    assert!(put(&mut engine, item("1", 81)).is_ok());
    assert!(put(&mut engine, item("1", 82)).is_err());
    // Another partition key is another collection.
    let other = json!({"pk": {"S": "b"}, "sk": {"S": "1"}, "l0": {"S": "x"}, "p": {"S": "y".repeat(81)}});
    assert!(put(&mut engine, other).is_ok());
}

/// A dry run of a write on an indexed table leaves items, index entries and
/// the GSI queue exactly as they were, and answers like the real call.
#[test]
fn dry_runs_leave_indexes_untouched() {
    let mut engine = Engine::new();
    engine.execute("CreateTable", &indexed_table(1, 1, 0)).expect("created");
    for (sk, delay) in [("1", 0), ("2", 1_000)] {
        engine.settings_mut().gsi_propagation_delay_millis = delay;
        let item = json!({"pk": {"S": "a"}, "sk": {"S": sk}, "g0": {"S": "g"}, "l0": {"S": "l"}});
        engine.execute("PutItem", &json!({"TableName": "tbl", "Item": item})).expect("put");
    }
    for delay in [0, 1_000] {
        engine.settings_mut().gsi_propagation_delay_millis = delay;
        let calls = [
            (
                "PutItem",
                json!({"TableName": "tbl", "Item": {"pk": {"S": "a"}, "sk": {"S": "1"}, "g0": {"S": "h"}}, "ReturnConsumedCapacity": "INDEXES"}),
            ),
            (
                "DeleteItem",
                json!({"TableName": "tbl", "Key": {"pk": {"S": "a"}, "sk": {"S": "2"}}, "ReturnConsumedCapacity": "INDEXES"}),
            ),
            (
                "UpdateItem",
                json!({"TableName": "tbl", "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}}, "UpdateExpression": "SET l0 = :v", "ExpressionAttributeValues": {":v": {"S": "m"}}}),
            ),
            (
                "BatchWriteItem",
                json!({"RequestItems": {"tbl": [{"PutRequest": {"Item": {"pk": {"S": "c"}, "sk": {"S": "1"}, "g0": {"S": "g"}}}}]}}),
            ),
            (
                "TransactWriteItems",
                json!({"TransactItems": [{"Delete": {"TableName": "tbl", "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}}}}]}),
            ),
        ];
        for (operation, request) in calls {
            let before = engine.table("tbl").cloned();
            let dry = engine.dry_run(operation, &request);
            assert_eq!(engine.table("tbl").cloned(), before, "{operation} with delay {delay} changed the table");
            assert_eq!(dry.result, engine.clone().execute(operation, &request), "{operation}");
        }
    }
    assert_eq!(engine.pending_index_updates("tbl").len(), 1);
}
