use serde_json::{json, Value};

use super::*;
use crate::engine::value::wire::item_to_wire;

fn orders_engine() -> Engine {
    let mut engine = Engine::new();
    let create = json!({"TableName": "Orders",
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"},
                                 {"AttributeName": "Status", "AttributeType": "S"}],
        "GlobalSecondaryIndexes": [{"IndexName": "ByStatus",
            "KeySchema": [{"AttributeName": "Status", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}],
        "BillingMode": "PAY_PER_REQUEST"});
    engine.execute("CreateTable", &create).expect("created");
    engine
}

fn orders_template() -> Value {
    json!({"ItemsPerPartitionKey": {"Distribution": "Uniform", "Min": 1, "Max": 9},
           "Attributes": [
               {"Name": "OrderDate", "Type": "Date", "From": "2025-01-01", "To": "2025-12-31"},
               {"Name": "PK", "Type": "Template", "Template": "CUST#{n}"},
               {"Name": "SK", "Type": "Template", "Template": "ORDER#{OrderDate}#{i}"},
               {"Name": "Status", "Type": "Choice", "Values": ["OPEN", "SHIPPED", "RETURNED"],
                "Distribution": "Zipf", "Presence": 0.5},
               {"Name": "Total", "Type": "Number", "Min": 1, "Max": 500, "Decimals": 2},
               {"Name": "Line", "Type": "Sequence", "Start": 100},
               {"Name": "Note", "Type": "String", "MinLength": 5, "MaxLength": 20}]})
}

fn items_of(engine: &mut Engine) -> Vec<Value> {
    let scan = engine.execute("Scan", &json!({"TableName": "Orders"})).expect("scan");
    scan["Items"].as_array().cloned().unwrap_or_default()
}

#[test]
fn the_same_seed_makes_the_same_items() {
    let mut a = orders_engine();
    let mut b = orders_engine();
    let report = a.generate_items("Orders", &orders_template(), 500, 42).expect("generated");
    assert_eq!(report.items, 500);
    assert_eq!(report.replaced, 0, "{{i}} keeps sort keys unique");
    b.generate_items("Orders", &orders_template(), 500, 42).expect("generated");
    let items = items_of(&mut a);
    assert_eq!(items.len(), 500);
    assert_eq!(items, items_of(&mut b));
    let mut c = orders_engine();
    c.generate_items("Orders", &orders_template(), 500, 43).expect("generated");
    assert_ne!(items, items_of(&mut c), "another seed, other items");
    // Sliced, the same items as in one call.
    let mut d = orders_engine();
    let mut generation = d.start_generation("Orders", &orders_template(), 500, 42).expect("checked");
    let mut steps = 0;
    while !d.step_generation(&mut generation, 37).expect("step") {
        steps += 1;
    }
    assert_eq!(steps, 500 / 37);
    assert_eq!(items_of(&mut d), items);
}

/// Golden: the first items of seed 1. A change here changes every
/// generated table and every share link that carries a template.
#[test]
fn the_first_items_are_these() {
    let engine = orders_engine();
    let mut generation = engine.start_generation("Orders", &orders_template(), 3, 1).expect("checked");
    let first: Vec<Value> = (0..3).map(|_| item_to_wire(&generation.next_item().expect("item"))).collect();
    assert_eq!(
        first,
        [
            json!({"Line": {"N": "100"}, "Note": {"S": "akqfq01cnnbo"}, "OrderDate": {"S": "2025-09-30"},
                   "PK": {"S": "CUST#0"}, "SK": {"S": "ORDER#2025-09-30#0"}, "Total": {"N": "222.74"}}),
            json!({"Line": {"N": "101"}, "Note": {"S": "atbglfupsrkkwr"}, "OrderDate": {"S": "2025-07-10"},
                   "PK": {"S": "CUST#0"}, "SK": {"S": "ORDER#2025-07-10#1"}, "Status": {"S": "SHIPPED"},
                   "Total": {"N": "202.67"}}),
            json!({"Line": {"N": "102"}, "Note": {"S": "iusxp3dg9jg3ywb"}, "OrderDate": {"S": "2025-06-09"},
                   "PK": {"S": "CUST#0"}, "SK": {"S": "ORDER#2025-06-09#2"}, "Status": {"S": "SHIPPED"},
                   "Total": {"N": "407.86"}}),
        ]
    );
}

#[test]
fn the_distributions_hold() {
    let mut engine = orders_engine();
    let template = json!({"ItemsPerPartitionKey": {"Distribution": "Fixed", "Count": 4},
        "Attributes": [{"Name": "PK", "Type": "Template", "Template": "CUST#{n}"},
                       {"Name": "SK", "Type": "Template", "Template": "{i}"},
                       {"Name": "Status", "Type": "Choice", "Values": ["A", "B", "C", "D"], "Distribution": "Zipf"},
                       {"Name": "Qty", "Type": "Integer", "Min": 1, "Max": 10},
                       {"Name": "Day", "Type": "Date", "From": "2024-02-28", "To": "2024-03-01"},
                       {"Name": "Gift", "Type": "Boolean", "Probability": 0.25},
                       {"Name": "Sparse", "Type": "String", "Length": 3, "Presence": 0.1}]});
    let report = engine.generate_items("Orders", &template, 20_000, 9).expect("generated");
    assert_eq!(report.partition_keys, 5_000);
    let table = engine.table("Orders").expect("table");
    let mut status = [0u32; 4];
    let (mut qty_sum, mut gifts, mut sparse, mut leap) = (0u64, 0u32, 0u32, 0u32);
    let mut per_key = std::collections::BTreeMap::new();
    for found in table.storage.scan_after(None) {
        let item = found.item();
        *per_key.entry(found.partition.clone()).or_insert(0) += 1;
        match item.get("Status") {
            Some(AttributeValue::S(s)) => status[(s.as_bytes()[0] - b'A') as usize] += 1,
            other => panic!("{other:?}"),
        }
        if let Some(AttributeValue::N(n)) = item.get("Qty") {
            let n: u64 = n.to_string().parse().expect("integer");
            assert!((1..=10).contains(&n));
            qty_sum += n;
        }
        gifts += u32::from(item.get("Gift") == Some(&AttributeValue::Bool(true)));
        sparse += u32::from(item.contains_key("Sparse"));
        leap += u32::from(item.get("Day") == Some(&AttributeValue::S("2024-02-29".into())));
    }
    assert!(per_key.values().all(|n| *n == 4), "four items per partition key");
    // Zipf s=1 over 4: weights 1, 1/2, 1/3, 1/4 of 25/12 → 48 %, 24 %, 16 %, 12 %.
    assert!((9_300..9_900).contains(&status[0]) && (4_500..5_100).contains(&status[1]), "{status:?}");
    assert!(status[3] < status[2] && status[2] < status[1]);
    let mean = qty_sum as f64 / 20_000.0;
    assert!((5.4..5.6).contains(&mean), "{mean}");
    assert!((4_700..5_300).contains(&gifts), "{gifts}");
    assert!((1_800..2_200).contains(&sparse), "{sparse}");
    assert!((6_300..7_000).contains(&leap), "{leap}");
    // Indexed like any put: every item has a Status, so the GSI holds them all.
    let by_status = engine
        .execute(
            "Query",
            &json!({"TableName": "Orders", "IndexName": "ByStatus", "Select": "COUNT",
            "KeyConditionExpression": "#s = :a", "ExpressionAttributeNames": {"#s": "Status"},
            "ExpressionAttributeValues": {":a": {"S": "A"}}}),
        )
        .expect("query");
    assert_eq!(by_status["Count"], json!(status[0]));
}

#[test]
fn zipf_items_per_partition_key_make_a_few_large_collections() {
    let mut engine = orders_engine();
    let template = json!({"ItemsPerPartitionKey": {"Distribution": "Zipf", "Max": 1000, "Exponent": 1.0},
        "Attributes": [{"Name": "PK", "Type": "Template", "Template": "C{n}"},
                       {"Name": "SK", "Type": "Template", "Template": "{i}"}]});
    let report = engine.generate_items("Orders", &template, 50_000, 3).expect("generated");
    let table = engine.table("Orders").expect("table");
    let mut sizes: Vec<usize> = table.storage.collection_sizes().map(|(_, _, items)| items).collect();
    sizes.sort_unstable();
    assert_eq!(sizes.len() as u64, report.partition_keys);
    let single = sizes.iter().filter(|n| **n == 1).count();
    // Weight 1 of H(1000) ≈ 7.49: about 13 % of partition keys hold one item.
    assert!(single * 100 / sizes.len() >= 10, "{single} of {}", sizes.len());
    assert!(sizes.last().copied().unwrap_or(0) >= 500, "the largest holds hundreds");
}

#[test]
fn bad_templates_are_refused_and_change_nothing() {
    let mut engine = orders_engine();
    let keys = json!([{"Name": "PK", "Type": "Template", "Template": "C{n}"},
                      {"Name": "SK", "Type": "Template", "Template": "{i}"}]);
    let with = |more: Value| {
        let mut list = keys.as_array().cloned().unwrap_or_default();
        list.push(more);
        json!({"Attributes": list})
    };
    let cases = [
        (
            with(json!({"Name": "Big", "Type": "String", "Length": 409_600})),
            1,
            "its items could be up to 409628 bytes; an item may be at most 409600 bytes (400 KB)",
        ),
        (
            with(json!({"Name": "X", "Type": "Sequence"})),
            10_000_001,
            "Count must be from 1 to 10000000 items; got 10000001",
        ),
        (with(json!({"Name": "X", "Type": "Sequence"})), 0, "Count must be from 1 to 10000000 items; got 0"),
        (
            json!({"Attributes": [{"Name": "PK", "Type": "Template", "Template": "C{n}"}]}),
            1,
            "every item needs the key attribute SK of table Orders",
        ),
        (
            with(json!({"Name": "X", "Type": "Template", "Template": "{Y}"})),
            1,
            "{Y} is neither {n}, {i} nor an attribute listed before this one",
        ),
        (with(json!({"Name": "X", "Type": "Template", "Template": "{n"})), 1, "a \"{\" is not closed"),
        (with(json!({"Name": "X", "Type": "Dice"})), 1, "Type must be Sequence, Choice, Integer"),
        (
            with(json!({"Name": "X", "Type": "Date", "From": "2025-02-30", "To": "2025-03-01"})),
            1,
            "From must be a date YYYY-MM-DD",
        ),
        (with(json!({"Name": "X", "Type": "Choice", "Values": ["a", 1]})), 1, "must all be of one type"),
        (
            with(json!({"Name": "X", "Type": "Integer", "Min": 0, "Max": 10_000_000, "Distribution": "Zipf"})),
            1,
            "at most 1000000 values",
        ),
        (
            with(json!({"Name": "X", "Type": "Number", "Min": 5, "Max": 1, "Decimals": 2})),
            1,
            "Max must be a number from 5",
        ),
        (with(json!({"Name": "Status", "Type": "Integer", "Min": 1, "Max": 2})), 1, "Type mismatch"),
        (
            json!({"Attributes": [{"Name": "PK", "Type": "Template", "Template": "C{n}", "AttributeType": "N"},
                               {"Name": "SK", "Type": "Template", "Template": "{i}"}]}),
            1,
            "its template made \"C0\"",
        ),
        (json!({"Attributes": []}), 1, "must list 1 to 100 attributes"),
        (json!({"ItemsPerPartitionKey": {"Distribution": "Fixed"}, "Attributes": keys.clone()}), 1, "needs \"Count\""),
        (json!([]), 1, "the template must be a JSON object"),
    ];
    for (template, count, expected) in cases {
        match engine.generate_items("Orders", &template, count, 1) {
            Err(e) => assert!(e.message().contains(expected), "{template}: {e}"),
            Ok(_) => panic!("accepted {template}"),
        }
    }
    assert!(items_of(&mut engine).is_empty());
    let missing = engine.generate_items("Nope", &json!({"Attributes": keys}), 1, 1).err();
    assert_eq!(missing.map(|e| e.name().to_string()).as_deref(), Some("ResourceNotFoundException"));
}

#[test]
fn generated_items_are_not_charged_nor_streamed_and_keep_existing_keeps_edits() {
    let mut engine = orders_engine();
    engine
        .execute(
            "UpdateTable",
            &json!({"TableName": "Orders",
            "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"}}),
        )
        .expect("stream on");
    let template = json!({"ItemsPerPartitionKey": {"Distribution": "Fixed", "Count": 2},
        "Attributes": [{"Name": "PK", "Type": "Template", "Template": "C{n}"},
                       {"Name": "SK", "Type": "Template", "Template": "{i}"},
                       {"Name": "V", "Type": "Integer", "Min": 1, "Max": 1000}]});
    engine.generate_items("Orders", &template, 10, 5).expect("generated");
    let table = engine.table("Orders").expect("table");
    assert_eq!(table.storage.item_count(), 10);
    assert!(table.streams.last().is_some_and(|s| s.is_enabled()), "the stream is still on");
    let edited = json!({"PK": {"S": "C0"}, "SK": {"S": "0"}, "V": {"N": "-1"}});
    engine.execute("PutItem", &json!({"TableName": "Orders", "Item": edited})).expect("put");
    engine
        .execute("DeleteItem", &json!({"TableName": "Orders", "Key": {"PK": {"S": "C4"}, "SK": {"S": "1"}}}))
        .expect("delete");
    let mut again = engine.start_generation("Orders", &template, 10, 5).expect("checked").keep_existing();
    assert!(engine.step_generation(&mut again, 100).expect("step"));
    assert_eq!(again.report().kept, 9);
    let got = engine
        .execute("GetItem", &json!({"TableName": "Orders", "Key": {"PK": {"S": "C0"}, "SK": {"S": "0"}}}))
        .expect("get");
    assert_eq!(got["Item"]["V"], json!({"N": "-1"}), "the edit is kept");
    assert_eq!(engine.table("Orders").expect("table").storage.item_count(), 10, "the deleted item is made again");
}
