//! Running a pattern's cases on the loaded tables.
//!
//! **A read case** sends the learner's request with the case's parameters
//! filled in (asking for `ReturnConsumedCapacity` on the check's own copy
//! of it) and follows `LastEvaluatedKey` (a statement's `NextToken`) to the
//! end, counting every page's units. Each returned item is traced back to
//! the record that made it by its table's primary key (an index entry
//! carries it too); the records returned are compared with the expected
//! ones. Records of a type the case does not expect (edge items, other
//! types of a single-table design) are ignored, so returning an item
//! collection is not punished; a case that expects nothing counts every
//! record returned as extra.
//!
//! **A write case** runs on its own copy of the loaded engine (so cases do
//! not see each other's writes) and then reads back, by key, every item the
//! mappings make of the written record: each must be there, exactly.

use std::collections::BTreeSet;

use serde_json::{json, Map, Value};

use super::format::{parameter_text, Case, Exercise, Expect, Pattern, PatternRequest, RecordKey, Solution};
use super::load::{items_of, Owners};
use super::placeholder;
use super::report::CaseReport;
use crate::engine::error::ApiError;
use crate::engine::ordered::Ordered;
use crate::engine::partiql::parser;
use crate::engine::value::document::item_to_plain;
use crate::engine::value::wire::{item_from_wire, item_to_wire};
use crate::engine::value::Item;
use crate::engine::Engine;

/// Most pages one case follows.
pub const MAX_PAGES: u32 = 10_000;

/// The request of `pattern` with `case`'s parameters.
pub fn filled(request: &PatternRequest, case: Option<&Case>) -> Result<Value, ApiError> {
    let lookup = |name: &str| case.and_then(|c| c.parameters.get(name)).map(parameter_text);
    placeholder::fill(&request.request, &lookup).map_err(|name| {
        ApiError::validation(format!("The request names the parameter {{{name}}}, which the case lacks"))
    })
}

/// The units a response's `ConsumedCapacity` (one or a list) reports.
fn units(response: &Value) -> f64 {
    match response.get("ConsumedCapacity") {
        Some(Value::Array(list)) => list.iter().filter_map(|c| c.get("CapacityUnits")?.as_f64()).sum(),
        Some(one) => one.get("CapacityUnits").and_then(Value::as_f64).unwrap_or(0.0),
        None => 0.0,
    }
}

/// The table a statement reads.
fn statement_table(request: &Value) -> Option<String> {
    let statement = request.get("Statement")?.as_str()?;
    Some(parser::parse(statement).ok()?.source().table.clone())
}

/// The items of one response, each with the table it is from.
fn returned(operation: &str, request: &Value, response: &Value) -> Vec<(String, Value)> {
    let table = || request.get("TableName").and_then(Value::as_str).unwrap_or_default().to_string();
    let list = |v: Option<&Value>| v.and_then(Value::as_array).cloned().unwrap_or_default();
    match operation {
        "GetItem" => response.get("Item").map(|i| vec![(table(), i.clone())]).unwrap_or_default(),
        "Query" | "Scan" => list(response.get("Items")).into_iter().map(|i| (table(), i)).collect(),
        "ExecuteStatement" => {
            let table = statement_table(request).unwrap_or_default();
            list(response.get("Items")).into_iter().map(|i| (table.clone(), i)).collect()
        }
        "BatchGetItem" => response
            .get("Responses")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .flat_map(|(t, items)| list(Some(items)).into_iter().map(move |i| (t.clone(), i)))
            .collect(),
        "TransactGetItems" => {
            let actions = list(request.get("TransactItems"));
            list(response.get("Responses"))
                .into_iter()
                .zip(actions)
                .filter_map(|(r, a)| {
                    let t = a.get("Get")?.get("TableName")?.as_str()?.to_string();
                    Some((t, r.get("Item")?.clone()))
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The record that made `item` of `table`, by the table's primary key.
fn owner(engine: &Engine, owners: &Owners, table: &str, item: &Value) -> Option<RecordKey> {
    let item = item_from_wire(item).ok()?;
    let key = engine.table(table)?.definition.key_schema.key_of_item(&item).ok()?;
    owners.get(&(table.to_string(), key)).cloned()
}

fn parameters_json(case: &Case) -> Map<String, Value> {
    case.parameters.iter().map(|(k, v)| (k.clone(), v.clone())).json_object()
}

fn failed(case: &Case, error: ApiError, consumed: f64, pages: u32) -> CaseReport {
    CaseReport {
        parameters: parameters_json(case),
        correct: false,
        missing: Vec::new(),
        extra: Vec::new(),
        out_of_order: false,
        differences: Vec::new(),
        error: Some(error),
        consumed_capacity: consumed,
        pages,
    }
}

/// `request` asking for its consumed capacity.
fn with_capacity(mut request: Value) -> Value {
    if let Some(fields) = request.as_object_mut() {
        if fields.get("ReturnConsumedCapacity").and_then(Value::as_str) != Some("INDEXES") {
            fields.insert("ReturnConsumedCapacity".into(), "TOTAL".into());
        }
    }
    request
}

/// Runs one read case.
pub fn read_case(
    engine: &mut Engine,
    owners: &Owners,
    pattern: &Pattern,
    request: &PatternRequest,
    case: &Case,
) -> CaseReport {
    let Expect::Read(expected) = &case.expect else {
        return failed(case, ApiError::validation("A read case needs Expect"), 0.0, 0);
    };
    let mut next = match filled(request, Some(case)) {
        Ok(r) => with_capacity(r),
        Err(e) => return failed(case, e, 0.0, 0),
    };
    let operation = request.operation.as_str();
    let (mut consumed, mut pages) = (0.0, 0u32);
    let mut traced: Vec<RecordKey> = Vec::new();
    loop {
        let response = match engine.execute(operation, &next) {
            Ok(r) => r,
            Err(e) => return failed(case, e, consumed, pages),
        };
        pages += 1;
        consumed += units(&response);
        for (table, item) in returned(operation, &next, &response) {
            if let Some(record) = owner(engine, owners, &table, &item) {
                if !traced.contains(&record) {
                    traced.push(record);
                }
            }
        }
        let (from, to) = match operation {
            "Query" | "Scan" => ("LastEvaluatedKey", "ExclusiveStartKey"),
            "ExecuteStatement" => ("NextToken", "NextToken"),
            _ => break,
        };
        let Some(more) = response.get(from).cloned() else { break };
        if pages >= MAX_PAGES {
            let message = format!("The request still had more results after {MAX_PAGES} pages");
            return failed(case, ApiError::validation(message), consumed, pages);
        }
        if let Some(fields) = next.as_object_mut() {
            fields.insert(to.into(), more);
        }
    }
    let types: BTreeSet<&str> = expected.iter().map(|k| k.entity.as_str()).ordered_set();
    let returned: Vec<RecordKey> =
        traced.into_iter().filter(|r| types.is_empty() || types.contains(r.entity.as_str())).collect();
    let missing: Vec<RecordKey> = expected.iter().filter(|k| !returned.contains(k)).cloned().collect();
    let extra: Vec<RecordKey> = returned.iter().filter(|k| !expected.contains(k)).cloned().collect();
    let out_of_order = pattern.ordered && {
        let common_returned: Vec<&RecordKey> = returned.iter().filter(|k| expected.contains(k)).collect();
        let common_expected: Vec<&RecordKey> = expected.iter().filter(|k| returned.contains(k)).collect();
        common_returned != common_expected
    };
    CaseReport {
        parameters: parameters_json(case),
        correct: missing.is_empty() && extra.is_empty() && !out_of_order,
        missing,
        extra,
        out_of_order,
        differences: Vec::new(),
        error: None,
        consumed_capacity: consumed,
        pages,
    }
}

/// The item stored under `item`'s key in `table`, read back by key.
fn stored(engine: &mut Engine, table: &str, item: &Item) -> Result<Option<Item>, ApiError> {
    let Some(definition) = engine.table(table).map(|t| &t.definition) else { return Ok(None) };
    let key: Item = definition
        .key_schema
        .attributes()
        .filter_map(|a| Some((a.name.clone(), item.get(&a.name)?.clone())))
        .ordered_map();
    let response =
        engine.execute("GetItem", &json!({"TableName": table, "Key": item_to_wire(&key), "ConsistentRead": true}))?;
    response.get("Item").map(item_from_wire).transpose()
}

/// Runs one write case on a copy of `loaded`.
pub fn write_case(
    loaded: &Engine,
    exercise: &Exercise,
    solution: &Solution,
    request: &PatternRequest,
    case: &Case,
) -> CaseReport {
    let Expect::Write { entity, record } = &case.expect else {
        return failed(case, ApiError::validation("A write case needs Write"), 0.0, 0);
    };
    let filled = match filled(request, Some(case)) {
        Ok(r) => with_capacity(r),
        Err(e) => return failed(case, e, 0.0, 0),
    };
    let mut engine = loaded.clone();
    let consumed = match engine.execute(&request.operation, &filled) {
        Ok(response) => units(&response),
        Err(e) => return failed(case, e, 0.0, 1),
    };
    let mut differences = Vec::new();
    let made = items_of(solution, entity, record);
    if made.is_empty() {
        differences.push(format!("The solution maps no {entity} to an item"));
    }
    for (table, item) in made {
        let item = match item {
            Ok(item) => item,
            Err(e) => {
                differences.push(format!("The record makes no item of {table}: {}", e.message()));
                continue;
            }
        };
        match stored(&mut engine, &table, &item) {
            Ok(Some(found)) if found == item => {}
            Ok(Some(found)) => differences.push(format!(
                "{table} holds {} where the record makes {}",
                item_to_plain(&found),
                item_to_plain(&item)
            )),
            Ok(None) => differences.push(format!("{table} holds no item {}", item_to_plain(&item))),
            Err(e) => differences.push(format!("{table}: {}: {}", e.name(), e.message())),
        }
    }
    let missing: Vec<RecordKey> = if differences.is_empty() {
        Vec::new()
    } else {
        let key = exercise.entities.get(entity).map(|e| e.key.as_slice()).unwrap_or_default();
        RecordKey::of(entity, key, record).into_iter().collect()
    };
    CaseReport {
        parameters: parameters_json(case),
        correct: differences.is_empty(),
        missing,
        extra: Vec::new(),
        out_of_order: false,
        differences,
        error: None,
        consumed_capacity: consumed,
        pages: 1,
    }
}
