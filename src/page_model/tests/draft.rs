//! Request drafts: a form's fields become the request an SDK sends, and a
//! request read back fills the form and builds the same request again.

use serde_json::{json, Value};

use crate::engine::schema::{KeyAttribute, KeySchema, ScalarType};
use crate::page_model::draft::{Draft, ItemOperation, KeyInput, SortOp};

/// `Music`: `Artist` (S) and `Year` (N).
fn schema() -> KeySchema {
    KeySchema::new(
        KeyAttribute { name: "Artist".into(), scalar_type: ScalarType::S },
        Some(KeyAttribute { name: "Year".into(), scalar_type: ScalarType::N }),
    )
}

fn draft(operation: ItemOperation, edit: impl FnOnce(&mut Draft)) -> Draft {
    let mut draft = Draft { operation, ..Draft::default() };
    edit(&mut draft);
    draft
}

fn key(partition: &str, sort: &str) -> KeyInput {
    KeyInput { partition: partition.into(), sort: sort.into() }
}

/// Each form, the request it builds on table `Music`.
fn cases() -> Vec<(Draft, Value)> {
    vec![
        (
            draft(ItemOperation::GetItem, |d| d.key = key("Acme", "2024")),
            json!({"TableName": "Music", "Key": {"Artist": {"S": "Acme"}, "Year": {"N": "2024"}},
                   "ReturnConsumedCapacity": "TOTAL"}),
        ),
        (
            draft(ItemOperation::Query, |d| {
                d.partition_value = "Acme".into();
                d.sort_op = SortOp::Ge;
                d.sort_value = "2000".into();
            }),
            json!({"TableName": "Music", "KeyConditionExpression": "#pk = :pk AND #sk >= :sk",
                   "ExpressionAttributeNames": {"#pk": "Artist", "#sk": "Year"},
                   "ExpressionAttributeValues": {":pk": {"S": "Acme"}, ":sk": {"N": "2000"}},
                   "ReturnConsumedCapacity": "TOTAL"}),
        ),
        (
            draft(ItemOperation::PutItem, |d| d.item = r#"{"Artist": "Acme", "Year": 2024, "Plays": 7}"#.into()),
            json!({"TableName": "Music",
                   "Item": {"Artist": {"S": "Acme"}, "Year": {"N": "2024"}, "Plays": {"N": "7"}},
                   "ReturnConsumedCapacity": "TOTAL"}),
        ),
        (
            draft(ItemOperation::Scan, |d| {
                d.filter = "Plays > :n".into();
                d.values = r#"{":n": 5}"#.into();
                d.limit = "10".into();
            }),
            json!({"TableName": "Music", "FilterExpression": "Plays > :n",
                   "ExpressionAttributeValues": {":n": {"N": "5"}}, "Limit": 10,
                   "ReturnConsumedCapacity": "TOTAL"}),
        ),
        (
            draft(ItemOperation::SearchVectors, |d| {
                d.index = "ByLook".into();
                d.vector = "[0.5, -1, 2e-3]".into();
                d.top_k = "3".into();
                d.search_condition = "tenant = :t".into();
                d.values = r#"{":t": "A"}"#.into();
            }),
            json!({"TableName": "Music", "IndexName": "ByLook",
                   "SearchVector": [{"N": "0.5"}, {"N": "-1"}, {"N": "0.002"}], "TopK": 3,
                   "SearchConditionExpression": "tenant = :t",
                   "ExpressionAttributeValues": {":t": {"S": "A"}}, "ReturnConsumedCapacity": "TOTAL"}),
        ),
    ]
}

#[test]
fn forms_build_the_request_an_sdk_sends() {
    for (draft, expected) in cases() {
        let built = draft.build_request(Some("Music"), Some(&schema()));
        assert_eq!(built.as_ref().ok(), Some(&expected), "{:?}: {built:?}", draft.operation);
    }
}

#[test]
fn a_request_read_back_builds_itself_again() {
    for (draft, expected) in cases() {
        let back = Draft::from_request(&Draft::default(), draft.operation, &expected, Some(&schema()));
        assert_eq!(back.build_request(Some("Music"), Some(&schema())).ok(), Some(expected));
    }
}

#[test]
fn a_bad_field_is_an_error_that_names_it() {
    let bad = draft(ItemOperation::PutItem, |d| d.item = "{not json".into());
    assert!(bad.build_request(Some("Music"), Some(&schema())).is_err());
    let bad = draft(ItemOperation::Scan, |d| d.values = "[1]".into());
    assert!(bad.build_request(Some("Music"), Some(&schema())).is_err());
    for (edit, field) in [
        ((|d: &mut Draft| d.vector = "{\"a\": 1}".into()) as fn(&mut Draft), "vector"),
        (|d: &mut Draft| d.vector = "[1,".into(), "vector"),
        (|d: &mut Draft| d.top_k = "three".into(), "top-k"),
    ] {
        let bad = draft(ItemOperation::SearchVectors, edit);
        let error = bad.build_request(Some("Music"), Some(&schema())).unwrap_err();
        assert_eq!(error.field, field);
    }
}

/// A vector written with anything but numbers in DynamoDB JSON stays raw
/// (sent as it is), so the engine answers what DynamoDB would.
#[test]
fn a_search_vector_the_form_cannot_show_is_kept_as_sent() {
    let request = json!({"TableName": "Music", "IndexName": "ByLook", "SearchVector": [{"S": "a"}], "TopK": 1});
    let back = Draft::from_request(&Draft::default(), ItemOperation::SearchVectors, &request, Some(&schema()));
    assert_eq!(back.vector, "");
    let built = back.build_request(Some("Music"), Some(&schema())).unwrap();
    assert_eq!(built.get("SearchVector"), Some(&json!([{"S": "a"}])));
}
