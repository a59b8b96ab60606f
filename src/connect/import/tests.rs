//! An endpoint's table brought in: a description turned into the request
//! that makes the same table (checked by describing both), the Scan's
//! estimate, pages collected up to a limit, and the engine built.

use serde_json::json;

use super::*;

/// A provisioned table with a GSI, an LSI, a stream and TTL, and 40 items:
/// the endpoint's side, played by an engine.
fn endpoint() -> Engine {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({
                "TableName": "Forum",
                "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                         {"AttributeName": "SK", "AttributeType": "S"},
                                         {"AttributeName": "Author", "AttributeType": "S"},
                                         {"AttributeName": "Posted", "AttributeType": "N"}],
                "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 3},
                "GlobalSecondaryIndexes": [{"IndexName": "ByAuthor",
                    "KeySchema": [{"AttributeName": "Author", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["Title"]},
                    "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 1}}],
                "LocalSecondaryIndexes": [{"IndexName": "ByPosted",
                    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "Posted", "KeyType": "RANGE"}],
                    "Projection": {"ProjectionType": "KEYS_ONLY"}}],
                "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"},
                "DeletionProtectionEnabled": true
            }),
        )
        .unwrap();
    engine.settings_mut().set("enforce-throughput", 0);
    for i in 0..40 {
        let item = json!({"PK": {"S": format!("thread#{}", i % 4)}, "SK": {"S": format!("post#{i:02}")},
                          "Author": {"S": format!("user{}", i % 3)}, "Posted": {"N": i.to_string()},
                          "Title": {"S": "x".repeat(100)}});
        engine.execute("PutItem", &json!({"TableName": "Forum", "Item": item})).unwrap();
    }
    engine
}

fn describe(engine: &mut Engine) -> Value {
    engine.execute("DescribeTable", &json!({"TableName": "Forum"})).unwrap()
}

#[test]
fn a_description_makes_the_same_table() {
    let mut there = endpoint();
    let description = describe(&mut there);
    let create = create_request(&description).unwrap();
    assert_eq!(create["BillingMode"], "PROVISIONED");
    assert_eq!(create["ProvisionedThroughput"], json!({"ReadCapacityUnits": 7, "WriteCapacityUnits": 3}));
    assert_eq!(create["DeletionProtectionEnabled"], true);
    let mut here = into_engine(&create, Some("Expires"), &[]).unwrap();
    let again = describe(&mut here);
    for member in
        ["AttributeDefinitions", "KeySchema", "StreamSpecification", "DeletionProtectionEnabled", "BillingModeSummary"]
    {
        assert_eq!(again["Table"][member], description["Table"][member], "{member}");
    }
    for (list, members) in [
        ("GlobalSecondaryIndexes", &["IndexName", "KeySchema", "Projection"][..]),
        ("LocalSecondaryIndexes", &["IndexName", "KeySchema", "Projection"][..]),
    ] {
        for member in members {
            assert_eq!(again["Table"][list][0][member], description["Table"][list][0][member], "{list} {member}");
        }
    }
    let capacity =
        |d: &Value| d["Table"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["ReadCapacityUnits"].clone();
    assert_eq!(capacity(&again), capacity(&description));
    let ttl = here.execute("DescribeTimeToLive", &json!({"TableName": "Forum"})).unwrap();
    assert_eq!(ttl_attribute(&ttl).as_deref(), Some("Expires"));
    assert_eq!(ttl_attribute(&json!({"TimeToLiveDescription": {"TimeToLiveStatus": "DISABLED"}})), None);
}

#[test]
fn dynamodb_local_without_a_billing_summary_is_read_by_its_capacity() {
    let on_demand = json!({"Table": {"TableName": "T", "AttributeDefinitions": [], "KeySchema": [],
        "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0}}});
    assert_eq!(create_request(&on_demand).unwrap()["BillingMode"], "PAY_PER_REQUEST");
    let provisioned = json!({"Table": {"TableName": "T", "AttributeDefinitions": [], "KeySchema": [],
        "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5, "NumberOfDecreasesToday": 0}}});
    assert_eq!(
        create_request(&provisioned).unwrap()["ProvisionedThroughput"],
        json!({"ReadCapacityUnits": 5, "WriteCapacityUnits": 5})
    );
    assert_eq!(create_request(&json!({})), Err("the answer has no Table".to_string()));
    assert_eq!(create_request(&json!({"Table": {}})), Err("the description has no TableName".to_string()));
}

#[test]
fn the_estimate_reads_the_tables_own_figures() {
    let description = json!({"Table": {"ItemCount": 1000, "TableSizeBytes": 2_000_000}});
    let all = estimate(&description, Limit::default());
    assert_eq!((all.items, all.bytes), (1000, 2_000_000));
    // 2,000,000 bytes are 489 started blocks of 4 KB: ½ unit each.
    assert_eq!(all.read_units, 244.5);
    assert!((all.dollars() - 244.5 * 0.125 / 1e6).abs() < 1e-15);
    let hundred = estimate(&description, Limit { items: Some(100), bytes: None });
    assert_eq!((hundred.items, hundred.bytes), (100, 200_000));
    let one_mb = estimate(&description, Limit { items: Some(900), bytes: Some(1_000_000) });
    assert_eq!((one_mb.items, one_mb.bytes), (500, 1_000_000));
    let empty = estimate(&json!({"Table": {"ItemCount": 0, "TableSizeBytes": 0}}), Limit::default());
    assert_eq!((empty.items, empty.bytes, empty.read_units), (0, 0, 0.0));
}

#[test]
fn pages_are_collected_up_to_the_limit_and_build_the_playground() {
    let mut there = endpoint();
    let limit = Limit { items: Some(30), bytes: None };
    let mut collected = Collected::default();
    let mut start = None;
    let mut pages = 0;
    loop {
        let request = collected.next_request("Forum", start.as_ref(), limit);
        let page = there.execute("Scan", &request).unwrap();
        pages += 1;
        match collected.add_page(&page, limit) {
            Some(next) => start = Some(next),
            None => break,
        }
    }
    assert_eq!(pages, 1, "Limit asked for the 30 wanted");
    assert_eq!(collected.items.len(), 30);
    // PK (2 + 9) + SK (2 + 7) + Author (6 + 5) + Posted (6 + 2 at most) + Title (5 + 100).
    assert!(collected.bytes >= 30 * 140 && collected.bytes <= 30 * 145, "{}", collected.bytes);
    assert!(collected.read_units > 0.0);

    let by_bytes = Limit { items: None, bytes: Some(1000) };
    let mut small = Collected::default();
    let page = there.execute("Scan", &json!({"TableName": "Forum"})).unwrap();
    assert_eq!(small.add_page(&page, by_bytes), None);
    // Items of about 143 bytes: the seventh passes 1,000 bytes and is the last.
    assert_eq!(small.items.len(), 7);
    assert!(small.bytes >= 1000 && small.bytes < 1000 + 150, "{}", small.bytes);

    let create = create_request(&describe(&mut there)).unwrap();
    let mut here = into_engine(&create, None, &collected.items).unwrap();
    let count = here.execute("Scan", &json!({"TableName": "Forum", "Select": "COUNT"})).unwrap();
    assert_eq!(count["Count"], 30);
    assert!(here.settings().enforce_throughput, "throughput is enforced again once the items are in");
}

#[test]
fn vector_indexes_come_with_their_table_and_an_index_being_deleted_does_not() {
    let mut there = Engine::new();
    there
        .execute(
            "CreateTable",
            &json!({
                "TableName": "Products",
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                         {"AttributeName": "tenant", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "BillingMode": "PAY_PER_REQUEST",
                "VectorIndexes": [
                    {"IndexName": "ByLook", "VectorAttribute": {"AttributeName": "embedding"}, "Dimensions": 3,
                     "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "KEYS_ONLY"},
                     "SearchSchema": [{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"}]},
                    {"IndexName": "ByTaste", "VectorAttribute": {"AttributeName": "taste"}, "Dimensions": 2,
                     "DistanceFunction": "EUCLIDEAN", "Projection": {"ProjectionType": "ALL"}}]
            }),
        )
        .unwrap();
    let item = json!({"pk": {"S": "p1"}, "tenant": {"S": "A"},
                      "embedding": {"L": [{"N": "1"}, {"N": "0"}, {"N": "0"}]}, "taste": {"L": [{"N": "0.5"}, {"N": "2"}]}});
    there.execute("PutItem", &json!({"TableName": "Products", "Item": item})).unwrap();
    let description = there.execute("DescribeTable", &json!({"TableName": "Products"})).unwrap();
    let create = create_request(&description).unwrap();
    assert_eq!(create["VectorIndexes"].as_array().map(Vec::len), Some(2));
    assert!(
        create["VectorIndexes"][0].get("IndexStatus").is_none()
            && create["VectorIndexes"][0].get("ItemCount").is_none()
    );
    let items = [item.clone()];
    let mut here = into_engine(&create, None, &items).unwrap();
    let again = here.execute("DescribeTable", &json!({"TableName": "Products"})).unwrap();
    for (at, index) in description["Table"]["VectorIndexes"].as_array().unwrap().iter().enumerate() {
        for member in VECTOR_INDEX_MEMBERS {
            assert_eq!(again["Table"]["VectorIndexes"][at][member], index[member], "{member}");
        }
        assert_eq!(again["Table"]["VectorIndexes"][at]["ItemCount"], 1);
    }
    // The search answers on the copy as on the endpoint.
    let search =
        json!({"TableName": "Products", "IndexName": "ByTaste", "SearchVector": [{"N": "0.5"}, {"N": "2"}], "TopK": 1});
    let found_there = there.execute("SearchVectors", &search).unwrap();
    let found_here = here.execute("SearchVectors", &search).unwrap();
    assert_eq!(found_here["SearchResults"], found_there["SearchResults"]);
    assert_eq!(found_here["SearchResults"].as_array().map(Vec::len), Some(1));

    // An index being deleted is left out, GSI or vector.
    let mut deleting = description.clone();
    deleting["Table"]["VectorIndexes"][1]["IndexStatus"] = json!("DELETING");
    let create = create_request(&deleting).unwrap();
    let names: Vec<&str> =
        create["VectorIndexes"].as_array().unwrap().iter().filter_map(|i| i["IndexName"].as_str()).collect();
    assert_eq!(names, ["ByLook"]);
    let mut forum = describe(&mut endpoint());
    forum["Table"]["GlobalSecondaryIndexes"][0]["IndexStatus"] = json!("DELETING");
    assert!(create_request(&forum).unwrap().get("GlobalSecondaryIndexes").is_none());
}
