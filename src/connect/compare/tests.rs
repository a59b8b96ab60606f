//! Pairs of answers and the differences found, one case per rule.

use serde_json::json;

use super::*;

fn ok(value: Value) -> Outcome {
    Ok(value)
}

fn err(kind: &str, message: &str) -> Outcome {
    Err((kind.to_string(), message.to_string()))
}

fn item(pk: &str, n: u32) -> Value {
    json!({"PK": {"S": pk}, "N": {"N": n.to_string()}})
}

#[test]
fn equal_answers_have_no_differences() {
    let body = json!({"Items": [item("a", 1), item("b", 2)], "Count": 2, "ScannedCount": 2,
        "ConsumedCapacity": {"TableName": "T", "CapacityUnits": 0.5}});
    assert_eq!(compare(&ok(body.clone()), &ok(body)), vec![]);
    // Attribute order inside an item never matters.
    let a: Value = serde_json::from_str(r#"{"Item": {"A": {"S": "x"}, "B": {"N": "1"}}}"#).unwrap();
    let b: Value = serde_json::from_str(r#"{"Item": {"B": {"N": "1"}, "A": {"S": "x"}}}"#).unwrap();
    assert_eq!(compare(&ok(a), &ok(b)), vec![]);
    assert_eq!(compare(&err("ValidationException", "m"), &err("ValidationException", "m")), vec![]);
}

#[test]
fn items_are_compared_as_collections_then_in_order() {
    let a = json!({"Items": [item("a", 1), item("b", 2)]});
    let b = json!({"Items": [item("b", 2), item("a", 1)]});
    assert_eq!(compare(&ok(a.clone()), &ok(b)), vec![Difference::Order { member: "Items".into() }]);
    let c = json!({"Items": [item("a", 1), item("c", 3), item("d", 4)]});
    assert_eq!(
        compare(&ok(a), &ok(c)),
        vec![Difference::Items { member: "Items".into(), only_playground: 1, only_endpoint: 2 }]
    );
    // A repeated item counts twice.
    let twice = json!({"Items": [item("a", 1), item("a", 1)]});
    let once = json!({"Items": [item("a", 1)]});
    assert_eq!(
        compare(&ok(twice), &ok(once)),
        vec![Difference::Items { member: "Items".into(), only_playground: 1, only_endpoint: 0 }]
    );
}

#[test]
fn batch_responses_are_compared_per_table_without_order() {
    let a = json!({"Responses": {"T": [item("a", 1), item("b", 2)], "U": [item("x", 1)]}});
    let b = json!({"Responses": {"T": [item("b", 2), item("a", 1)]}});
    assert_eq!(
        compare(&ok(a), &ok(b)),
        vec![Difference::Member {
            name: "Responses.U".into(),
            playground: Some(json!([item("x", 1)])),
            endpoint: None
        }]
    );
}

#[test]
fn units_are_compared_by_table_index_and_kind() {
    let a = json!({"ConsumedCapacity": {"TableName": "T", "CapacityUnits": 1.5, "Table": {"CapacityUnits": 0.5},
        "GlobalSecondaryIndexes": {"ByAuthor": {"CapacityUnits": 1.0}}}});
    let b = json!({"ConsumedCapacity": {"TableName": "T", "CapacityUnits": 2.0, "Table": {"CapacityUnits": 0.5},
        "GlobalSecondaryIndexes": {"ByAuthor": {"CapacityUnits": 1.5}}}});
    assert_eq!(
        compare(&ok(a), &ok(b)),
        vec![
            Difference::Units { name: "T CapacityUnits".into(), playground: Some(1.5), endpoint: Some(2.0) },
            Difference::Units {
                name: "T GSI ByAuthor CapacityUnits".into(),
                playground: Some(1.0),
                endpoint: Some(1.5)
            },
        ]
    );
    // A list (batch operations) is summed per table; units on one side only are named.
    let list =
        json!({"ConsumedCapacity": [{"TableName": "T", "CapacityUnits": 1}, {"TableName": "U", "CapacityUnits": 2}]});
    let one = json!({"ConsumedCapacity": [{"TableName": "T", "CapacityUnits": 1.0}]});
    assert_eq!(
        compare(&ok(list), &ok(one)),
        vec![Difference::Units { name: "U CapacityUnits".into(), playground: Some(2.0), endpoint: None }]
    );
}

#[test]
fn other_members_must_be_equal() {
    let a = json!({"Items": [], "Count": 0, "ScannedCount": 3, "LastEvaluatedKey": {"PK": {"S": "a"}}});
    let b = json!({"Items": [], "Count": 0, "ScannedCount": 4});
    assert_eq!(
        compare(&ok(a), &ok(b)),
        vec![
            Difference::Member {
                name: "LastEvaluatedKey".into(),
                playground: Some(json!({"PK": {"S": "a"}})),
                endpoint: None
            },
            Difference::Member { name: "ScannedCount".into(), playground: Some(json!(3)), endpoint: Some(json!(4)) },
        ]
    );
}

#[test]
fn refusals_differ_in_kind_or_words() {
    assert_eq!(
        compare(&err("ValidationException", "m"), &ok(json!({}))),
        vec![Difference::Outcome { playground: Some("ValidationException".into()), endpoint: None }]
    );
    assert_eq!(
        compare(&ok(json!({})), &err("ResourceNotFoundException", "m")),
        vec![Difference::Outcome { playground: None, endpoint: Some("ResourceNotFoundException".into()) }]
    );
    assert_eq!(
        compare(&err("ValidationException", "m"), &err("SerializationException", "m")),
        vec![Difference::ErrorType {
            playground: "ValidationException".into(),
            endpoint: "SerializationException".into()
        }]
    );
    assert_eq!(
        compare(&err("ValidationException", "a"), &err("ValidationException", "b")),
        vec![Difference::ErrorMessage { playground: "a".into(), endpoint: "b".into() }]
    );
}

#[test]
fn vector_bytes_are_compared_as_units_are() {
    // SearchVectors reports its bytes alone, naming no table (semantics G.6).
    let search = |bytes: f64| json!({"SearchResults": [], "ConsumedCapacity": {"VectorSearchRequestBytes": bytes}});
    assert_eq!(compare(&ok(search(1024.0)), &ok(search(1024.0))), vec![]);
    assert_eq!(
        compare(&ok(search(1024.0)), &ok(search(1500.0))),
        vec![Difference::Units {
            name: "VectorSearchRequestBytes".into(),
            playground: Some(1024.0),
            endpoint: Some(1500.0)
        }]
    );
    // A write's bytes per vector index, under INDEXES.
    let write = |bytes: f64| {
        json!({"ConsumedCapacity": {"TableName": "T", "CapacityUnits": 1.0,
            "VectorIndexes": {"ByLook": {"VectorWriteRequestBytes": bytes}}}})
    };
    assert_eq!(
        compare(&ok(write(1024.0)), &ok(write(2060.0))),
        vec![Difference::Units {
            name: "T vector index ByLook VectorWriteRequestBytes".into(),
            playground: Some(1024.0),
            endpoint: Some(2060.0)
        }]
    );
    let (request, added) = asking_for_units("SearchVectors", json!({"TableName": "T"}));
    assert_eq!((request["ReturnConsumedCapacity"].as_str(), added), (Some("TOTAL"), true));
}

#[test]
fn units_are_asked_for_where_the_operation_takes_them() {
    let (request, added) = asking_for_units("Query", json!({"TableName": "T"}));
    assert_eq!((request, added), (json!({"TableName": "T", "ReturnConsumedCapacity": "TOTAL"}), true));
    let asked = json!({"TableName": "T", "ReturnConsumedCapacity": "INDEXES"});
    assert_eq!(asking_for_units("Query", asked.clone()), (asked, false));
    assert_eq!(asking_for_units("DescribeTable", json!({"TableName": "T"})), (json!({"TableName": "T"}), false));
    assert_eq!(asking_for_units("Query", json!([1])), (json!([1]), false));
}
