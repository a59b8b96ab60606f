//! Triggers: malformed definitions refused without a change, a stream
//! enabled again read from its start, a deleted target counted as failures.

use serde_json::{json, Value};

use crate::engine::Engine;

fn run(engine: &mut Engine, operation: &str, request: Value) -> Value {
    engine.execute(operation, &request).unwrap_or_else(|e| panic!("{operation}: {e}"))
}

fn engine_with_tables() -> Engine {
    let mut engine = Engine::new();
    for (name, stream) in [("Src", true), ("Dst", false)] {
        let mut request = json!({
            "TableName": name,
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "BillingMode": "PAY_PER_REQUEST"
        });
        if stream {
            request["StreamSpecification"] = json!({"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"});
        }
        run(&mut engine, "CreateTable", request);
    }
    engine
}

fn counter() -> Value {
    json!({"TableName": "Src", "TriggerName": "Count", "Events": ["INSERT"],
           "Update": {"TableName": "Dst", "Key": {"pk": {"S": "all"}},
                      "UpdateExpression": "ADD n :one", "ExpressionAttributeValues": {":one": {"N": "1"}}}})
}

fn count(engine: &mut Engine) -> Value {
    run(engine, "GetItem", json!({"TableName": "Dst", "Key": {"pk": {"S": "all"}}}))["Item"]["n"].clone()
}

#[test]
fn malformed_definitions_are_refused_and_change_nothing() {
    let mut engine = engine_with_tables();
    let members = ["TableName", "TriggerName", "Events", "Filter", "StartingPosition", "Update"];
    let odd = [json!(null), json!(1), json!("x"), json!([]), json!({}), json!([null]), json!({"From": 3})];
    let mut refused = 0;
    for member in members {
        for value in &odd {
            let mut request = counter();
            request[member] = value.clone();
            if member == "TriggerName" && value == "x" {
                continue; // a good name
            }
            if engine.execute_triggers("PutStreamTrigger", &request).is_err() {
                refused += 1;
            }
        }
    }
    for (path, value) in
        [("Key", json!({"pk": {"Delta": 5}})), ("ExpressionAttributeValues", json!({":one": {"X": "1"}}))]
    {
        let mut request = counter();
        request["Update"][path] = value;
        assert!(engine.execute_triggers("PutStreamTrigger", &request).is_err(), "{path}");
    }
    for request in [json!(null), json!([]), json!("PutStreamTrigger")] {
        assert!(engine.execute_triggers("PutStreamTrigger", &request).is_err());
        assert!(engine.execute_triggers("ListStreamTriggers", &request).is_err());
        assert!(engine.execute_triggers("DeleteStreamTrigger", &request).is_err());
    }
    assert!(engine.execute_triggers("Nope", &json!({})).is_err());
    // Every odd value is refused (an empty Filter object too).
    assert_eq!(refused, members.len() * odd.len() - 1);
    assert_eq!(engine.stream_triggers().count(), 0);
}

#[test]
fn a_stream_enabled_again_is_read_from_its_start() {
    let mut engine = engine_with_tables();
    engine.execute_triggers("PutStreamTrigger", &counter()).expect("trigger");
    run(&mut engine, "PutItem", json!({"TableName": "Src", "Item": {"pk": {"S": "a"}}}));
    engine.advance_clock(1_000);
    assert_eq!(count(&mut engine), json!({"N": "1"}));
    let off = json!({"TableName": "Src", "StreamSpecification": {"StreamEnabled": false}});
    run(&mut engine, "UpdateTable", off);
    run(&mut engine, "PutItem", json!({"TableName": "Src", "Item": {"pk": {"S": "b"}}}));
    let on = json!({"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"});
    run(&mut engine, "UpdateTable", json!({"TableName": "Src", "StreamSpecification": on}));
    run(&mut engine, "PutItem", json!({"TableName": "Src", "Item": {"pk": {"S": "c"}}}));
    engine.advance_clock(1_000);
    // b was written with no stream; c is the new stream's first record.
    assert_eq!(count(&mut engine), json!({"N": "2"}));
    assert!(!engine.has_waiting_trigger_records());
}

#[test]
fn updates_into_a_deleted_table_are_failures_and_the_trigger_goes_on() {
    let mut engine = engine_with_tables();
    engine.execute_triggers("PutStreamTrigger", &counter()).expect("trigger");
    run(&mut engine, "DeleteTable", json!({"TableName": "Dst"}));
    run(&mut engine, "PutItem", json!({"TableName": "Src", "Item": {"pk": {"S": "a"}}}));
    run(&mut engine, "PutItem", json!({"TableName": "Src", "Item": {"pk": {"S": "b"}}}));
    engine.advance_clock(1_000);
    let trigger = engine.stream_triggers().next().expect("still defined");
    assert_eq!((trigger.stats.records, trigger.stats.failures, trigger.stats.writes), (2, 2, 0));
    assert_eq!(trigger.stats.last_error.as_deref(), Some("ResourceNotFoundException: Requested resource not found"));
    assert!(engine.take_trigger_writes().is_empty());
}

#[test]
fn a_trigger_on_its_own_table_needs_a_filter() {
    let mut engine = engine_with_tables();
    let mut own = counter();
    own["Update"]["TableName"] = json!("Src");
    let message = engine.execute_triggers("PutStreamTrigger", &own).expect_err("a loop").to_string();
    assert!(message.contains("needs a Filter"), "{message}");
    // Filtered to the items it does not write itself: allowed, and it ends.
    own["Filter"] = json!({"ConditionExpression": "pk <> :all", "ExpressionAttributeValues": {":all": {"S": "all"}}});
    engine.execute_triggers("PutStreamTrigger", &own).expect("filtered");
    run(&mut engine, "PutItem", json!({"TableName": "Src", "Item": {"pk": {"S": "a"}}}));
    engine.advance_clock(1_000);
    engine.advance_clock(1_000);
    let total = run(&mut engine, "GetItem", json!({"TableName": "Src", "Key": {"pk": {"S": "all"}}}));
    assert_eq!(total["Item"]["n"], json!({"N": "1"}));
    assert!(!engine.has_waiting_trigger_records());
}
