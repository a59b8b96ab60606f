//! A deployment's plan: the requests it sends, and its writes' cost checked
//! against the write-unit rule (semantics A.3: 1 WRU per started KB of the
//! item, and one more write per GSI the item appears in).

use serde_json::json;

use super::*;

fn engine() -> Engine {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({
                "TableName": "Orders",
                "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                         {"AttributeName": "Status", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
                "BillingMode": "PAY_PER_REQUEST",
                "GlobalSecondaryIndexes": [{"IndexName": "ByStatus",
                    "KeySchema": [{"AttributeName": "Status", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "KEYS_ONLY"}}]
            }),
        )
        .unwrap();
    engine
        .execute(
            "UpdateTimeToLive",
            &json!({"TableName": "Orders", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "Expires"}}),
        )
        .unwrap();
    for i in 0..30 {
        let mut item = json!({"PK": {"S": format!("order#{i:02}")}});
        if i % 3 == 0 {
            item["Status"] = json!({"S": "OPEN"});
        }
        engine.execute("PutItem", &json!({"TableName": "Orders", "Item": item})).unwrap();
    }
    // 2 + 3 + 4 + 1,490 = 1,499 bytes: two write units.
    let big = json!({"PK": {"S": "big"}, "Blob": {"S": "x".repeat(1490)}});
    engine.execute("PutItem", &json!({"TableName": "Orders", "Item": big})).unwrap();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Empty", "AttributeDefinitions": [{"AttributeName": "K", "AttributeType": "N"}],
                    "KeySchema": [{"AttributeName": "K", "KeyType": "HASH"}],
                    "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}),
        )
        .unwrap();
    engine
}

#[test]
fn the_plan_creates_each_table_as_the_engine_keeps_it_and_writes_its_items() {
    let plan = plan(&engine(), VectorIndexes::Send);
    let names: Vec<&str> = plan.tables.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Empty", "Orders"]);
    let (empty, orders) = (&plan.tables[0], &plan.tables[1]);
    assert_eq!(empty.create["ProvisionedThroughput"], json!({"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}));
    assert_eq!(empty.ttl, None);
    assert!(empty.batches().is_empty());
    assert_eq!(orders.create["BillingMode"], "PAY_PER_REQUEST");
    assert_eq!(orders.create["GlobalSecondaryIndexes"][0]["IndexName"], "ByStatus");
    assert_eq!(orders.indexes(), 1);
    assert_eq!(
        orders.ttl,
        Some(json!({"TableName": "Orders", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "Expires"}}))
    );
    assert_eq!(plan.items(), 31);
    let batches = orders.batches();
    assert_eq!(batches.len(), 2, "25 puts, then 6");
    assert_eq!(batches[0]["RequestItems"]["Orders"].as_array().unwrap().len(), 25);
    assert_eq!(batches[1]["RequestItems"]["Orders"].as_array().unwrap().len(), 6);
    assert_eq!(batches[0]["ReturnConsumedCapacity"], "TOTAL");
    assert!(batches[0]["RequestItems"]["Orders"][0]["PutRequest"]["Item"]["PK"].is_object());
}

#[test]
fn the_writes_cost_what_the_write_unit_rule_says() {
    let plan = plan(&engine(), VectorIndexes::Send);
    // 30 small items (1 WRU each), one of 1,499 bytes (2 WRU), and the 10
    // with a Status written to ByStatus as well (1 WRU each).
    assert_eq!(plan.write_units, 30.0 + 2.0 + 10.0);
    assert!((plan.dollars() - 42.0 * 0.625 / 1e6).abs() < 1e-12);
}

#[test]
fn unprocessed_items_are_sent_again_after_a_growing_pause() {
    assert_eq!([1, 2, 3, 7, 8, 50].map(backoff_millis), [100, 200, 400, 6400, 6400, 6400]);
    assert_eq!(backoff_millis(0), 100);
    assert_eq!(resend(None), None);
    assert_eq!(resend(Some(&json!({}))), None);
    assert_eq!(resend(Some(&json!({"T": []}))), None);
    let left = json!({"T": [{"PutRequest": {"Item": {"K": {"N": "1"}}}}]});
    assert_eq!(resend(Some(&left)), Some(json!({"RequestItems": left, "ReturnConsumedCapacity": "TOTAL"})));
    assert_eq!(table_status(&json!({"Table": {"TableStatus": "ACTIVE"}})), "ACTIVE");
    assert_eq!(table_status(&json!({})), "");
}

#[test]
fn vector_indexes_are_sent_or_left_out_with_the_definitions_only_they_used() {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({
                "TableName": "Products",
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                         {"AttributeName": "tenant", "AttributeType": "S"},
                                         {"AttributeName": "kind", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "BillingMode": "PAY_PER_REQUEST",
                "GlobalSecondaryIndexes": [{"IndexName": "ByKind",
                    "KeySchema": [{"AttributeName": "kind", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "ALL"}}],
                "VectorIndexes": [{"IndexName": "ByLook", "VectorAttribute": {"AttributeName": "embedding"},
                    "Dimensions": 2, "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "ALL"},
                    "SearchSchema": [{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"}]}]
            }),
        )
        .unwrap();
    let item = json!({"pk": {"S": "p1"}, "tenant": {"S": "A"}, "kind": {"S": "shoe"},
                      "embedding": {"L": [{"N": "1"}, {"N": "0"}]}});
    engine.execute("PutItem", &json!({"TableName": "Products", "Item": item})).unwrap();

    let sent = plan(&engine, VectorIndexes::Send);
    assert_eq!((sent.vector_indexes, sent.tables[0].vector_indexes()), (1, 1));

    let left_out = plan(&engine, VectorIndexes::LeaveOut);
    let create = &left_out.tables[0].create;
    assert!(create.get("VectorIndexes").is_none());
    assert_eq!(left_out.tables[0].vector_indexes(), 0);
    assert_eq!(left_out.vector_indexes, 1, "the playground still has it");
    let defined: Vec<&str> =
        create["AttributeDefinitions"].as_array().unwrap().iter().filter_map(|d| d["AttributeName"].as_str()).collect();
    assert_eq!(defined, ["pk", "kind"], "tenant was the search schema's only");
    assert_eq!(left_out.tables[0].items, [item]);
    // The request is one DynamoDB takes: an engine creates the table from it.
    let mut endpoint = Engine::new();
    endpoint.execute("CreateTable", create).unwrap();
    let described = endpoint.execute("DescribeTable", &json!({"TableName": "Products"})).unwrap();
    assert!(described["Table"].get("VectorIndexes").is_none());
    assert_eq!(described["Table"]["GlobalSecondaryIndexes"][0]["IndexName"], "ByKind");
    // The writes: one unit for the table and one for the GSI either way.
    assert_eq!((sent.write_units, left_out.write_units), (2.0, 2.0));
}
