//! Running a statement and its equivalent on twin engines and comparing
//! items, capacity, pages and the engine after.

use serde_json::{json, Map, Value};

use crate::engine::{ApiError, Engine};
use crate::fuzzing::bytes::Choices;
use crate::fuzzing::targets::run;

use super::statements::*;

pub(super) fn statement_json(statement: &Statement) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("Statement".into(), Value::from(statement.text.clone()));
    if !statement.params.is_empty() {
        map.insert("Parameters".into(), Value::Array(statement.params.clone()));
    }
    map
}

pub(super) fn items_of(response: &Value, member: &str) -> Vec<Value> {
    match response.get(member) {
        Some(Value::Array(list)) => list.clone(),
        Some(Value::Object(item)) => vec![Value::Object(item.clone())],
        _ => Vec::new(),
    }
}

pub(super) fn capacity_units(response: &Value) -> f64 {
    response.pointer("/ConsumedCapacity/CapacityUnits").and_then(Value::as_f64).unwrap_or(0.0)
}

/// A SELECT against its reads, page by page for a single read.
pub(super) fn compare_reads(
    engine: &mut Engine,
    c: &mut Choices,
    statement: &Statement,
    reads: &[(&'static str, Value)],
) {
    let mut twin = engine.clone();
    let mut request = statement_json(statement);
    let capacity = c.pick_str(&["TOTAL", "INDEXES", "NONE"]);
    request.insert("ReturnConsumedCapacity".into(), Value::from(capacity));
    let consistent = c.one_in(4);
    if consistent {
        request.insert("ConsistentRead".into(), Value::Bool(true));
    }
    let single = reads.len() == 1;
    let limit = (single && c.one_in(3)).then(|| 1 + c.below(4));
    if let Some(limit) = limit {
        request.insert("Limit".into(), Value::from(limit));
    }
    let mut request = Value::Object(request);
    let mut start: Option<Value> = None;
    for page in 0..16 {
        let result = run(engine, c, "ExecuteStatement", &request);
        // The equivalent reads, in order, on the twin.
        let (mut items, mut units, mut last, mut consumed, mut error) = (Vec::new(), 0.0, None, None, None);
        for (operation, read) in reads {
            let mut read = read.clone();
            read["ReturnConsumedCapacity"] = Value::from(capacity);
            if consistent {
                read["ConsistentRead"] = Value::Bool(true);
            }
            if let (Some(limit), true) = (limit, *operation != "GetItem") {
                read["Limit"] = Value::from(limit);
            }
            if let Some(start) = &start {
                read["ExclusiveStartKey"] = start.clone();
            }
            match twin.execute(operation, &read) {
                Ok(response) => {
                    items.extend(items_of(&response, if *operation == "GetItem" { "Item" } else { "Items" }));
                    units += capacity_units(&response);
                    last = response.get("LastEvaluatedKey").cloned();
                    consumed = response.get("ConsumedCapacity").cloned();
                }
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        let context = || format!("{request}\nequivalent: {reads:?}\npage {page}");
        let response = match (&result, error) {
            (Ok(response), None) => response,
            // Ours: a Query reads what an index projects, but PartiQL
            // refuses a filter on what the index does not project.
            (Err(ApiError::Validation(message)), None)
                if message.contains("does not project one or more filter attributes") =>
            {
                return;
            }
            (Err(a), Some(b)) => {
                assert_eq!(a.name(), b.name(), "{}\nstatement: {a}\nequivalent: {b}", context());
                return;
            }
            (a, b) => panic!("{}\nstatement: {a:?}\nequivalent: {b:?}", context()),
        };
        assert_eq!(items_of(response, "Items"), items, "items of {}", context());
        if single {
            assert_eq!(response.get("ConsumedCapacity"), consumed.as_ref(), "capacity of {}", context());
        } else {
            assert!((capacity_units(response) - units).abs() < 1e-9, "capacity of {}: {response}", context());
        }
        if !single {
            return;
        }
        match (response.get("NextToken"), last) {
            (None, None) => return,
            (Some(token), Some(key)) => {
                request["NextToken"] = token.clone();
                start = Some(key);
            }
            (token, key) => panic!("NextToken {token:?} but LastEvaluatedKey {key:?}: {}", context()),
        }
    }
}

/// A write statement against its equivalent write on a twin engine: the
/// same outcome, the same RETURNING items, the same engine after.
pub(super) fn compare_write(
    engine: &mut Engine,
    c: &mut Choices,
    statement: &Statement,
    operation: &str,
    equivalent: &Value,
    insert: bool,
) {
    let mut twin = engine.clone();
    let mut request = statement_json(statement);
    let capacity = c.pick_str(&["TOTAL", "INDEXES", "NONE"]);
    request.insert("ReturnConsumedCapacity".into(), Value::from(capacity));
    let mut equivalent = equivalent.clone();
    equivalent["ReturnConsumedCapacity"] = Value::from(capacity);
    if c.one_in(4) {
        request.insert("ReturnValuesOnConditionCheckFailure".into(), Value::from("ALL_OLD"));
        equivalent["ReturnValuesOnConditionCheckFailure"] = Value::from("ALL_OLD");
    }
    let request = Value::Object(request);
    let result = run(engine, c, "ExecuteStatement", &request);
    let other = twin.execute(operation, &equivalent);
    let context = || format!("{request}\nequivalent {operation}: {equivalent}");
    match (&result, &other) {
        (Ok(a), Ok(b)) => {
            assert_eq!(items_of(a, "Items"), items_of(b, "Attributes"), "RETURNING of {}", context());
            assert_eq!(a.get("ConsumedCapacity"), b.get("ConsumedCapacity"), "capacity of {}", context());
        }
        (Err(ApiError::DuplicateItem { .. }), Err(ApiError::ConditionalCheckFailed { .. })) if insert => {}
        (Err(a), Err(b)) => assert_eq!(a.name(), b.name(), "{}\nstatement: {a}\nequivalent: {b}", context()),
        (a, b) => panic!("{}\nstatement: {a:?}\nequivalent: {b:?}", context()),
    }
    engine.advance_clock(0);
    twin.advance_clock(0);
    assert_eq!(engine.snapshot(), twin.snapshot(), "engine after {}", context());
}

/// A batch or a transaction: generic checks; a failed request or
/// transaction changes nothing; one that succeeded leaves the engine as
/// its statements' equivalents, run in order, leave a twin.
pub(super) fn compare_many(engine: &mut Engine, c: &mut Choices, transaction: bool) {
    let count = 1 + c.below(4);
    let reads = c.one_in(3);
    let statements: Vec<Statement> = (0..count).map(|_| member_statement(c, reads, transaction)).collect();
    let list: Vec<Value> = statements.iter().map(|s| Value::Object(statement_json(s))).collect();
    let (operation, request) = if transaction {
        ("ExecuteTransaction", json!({"TransactStatements": list, "ReturnConsumedCapacity": "TOTAL"}))
    } else {
        ("BatchExecuteStatement", json!({"Statements": list, "ReturnConsumedCapacity": "TOTAL"}))
    };
    engine.advance_clock(0);
    let mut twin = engine.clone();
    let before = engine.snapshot();
    let result = run(engine, c, operation, &request);
    engine.advance_clock(0);
    let Ok(response) = result else {
        assert_eq!(engine.snapshot(), before, "a failed {operation} changed the engine: {request}");
        return;
    };
    // What each statement answered in a batch (an error leaves its item
    // unchanged, as its equivalent's error would).
    let answers = response.get("Responses").and_then(Value::as_array).cloned().unwrap_or_default();
    twin.settings_mut().enforce_throughput = false;
    for (i, statement) in statements.iter().enumerate() {
        let failed = answers.get(i).is_some_and(|a| a.get("Error").is_some());
        match &statement.equivalent {
            Equivalent::Write(operation, equivalent, _) if !failed => {
                let mut equivalent = equivalent.clone();
                if let Some(map) = equivalent.as_object_mut() {
                    map.remove("ReturnValues");
                }
                let result = twin.execute(operation, &equivalent);
                assert!(
                    result.is_ok() || !transaction,
                    "a statement of a successful transaction fails alone: {request}\n{operation} {equivalent}: {result:?}"
                );
            }
            // A changed statement that succeeded: no equivalent to replay.
            Equivalent::Nothing if !failed => return,
            _ => {}
        }
    }
    twin.settings_mut().enforce_throughput = engine.settings().enforce_throughput;
    twin.advance_clock(0);
    assert_eq!(engine.snapshot(), twin.snapshot(), "engine after {operation} {request}");
}
