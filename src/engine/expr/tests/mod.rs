//! Table-driven tests for the expression engine: parse → printed form,
//! parse → exact DynamoDB message, evaluation, update application,
//! projection, key conditions, legacy parameters, limits at the exact
//! boundary, and a no-panic sweep over generated garbage.

use serde_json::{json, Value};

use super::*;
use crate::engine::error::ApiError;
use crate::engine::schema::{KeyAttribute, KeyCondition, KeySchema, KeyValue, ScalarType, SortKeyCondition};
use crate::engine::value::wire::{item_from_wire, item_to_wire};
use crate::engine::value::{AttributeValue, Item, Number};

/// The placeholders every table uses.
fn placeholders() -> Placeholders {
    let names = json!({
        "#a": "a", "#b": "b", "#c": "c", "#n": "n", "#dot": "a.b", "#st": "Status", "#pk": "pk", "#sk": "sk",
        "#one": "1", "#idx": "[3]",
    });
    let values = json!({
        ":s": {"S": "hello"}, ":s2": {"S": "world"}, ":he": {"S": "he"}, ":e": {"S": ""},
        ":n": {"N": "1"}, ":n2": {"N": "2"}, ":n5": {"N": "5"}, ":neg": {"N": "-3"},
        ":b": {"B": "AQI="}, ":b1": {"B": "AQ=="},
        ":ss": {"SS": ["a", "b"]}, ":ns": {"NS": ["1", "2"]}, ":bs": {"BS": ["AQ=="]},
        ":l": {"L": [{"N": "1"}, {"S": "x"}]}, ":el": {"L": []}, ":m": {"M": {"k": {"S": "v"}}},
        ":t": {"BOOL": true}, ":null": {"NULL": true},
        ":tS": {"S": "S"}, ":tN": {"S": "N"}, ":tL": {"S": "L"}, ":tM": {"S": "M"}, ":tDOG": {"S": "DOG"},
        ":big": {"N": "99999999999999999999999999999999999999E+88"},
    });
    match Placeholders::from_request(Some(&names), Some(&values)) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}

fn item(v: Value) -> Item {
    item_from_wire(&v).unwrap_or_else(|e| panic!("{v}: {e}"))
}

fn message(e: ApiError) -> String {
    e.message().to_string()
}

fn condition(text: &str) -> Result<Condition, String> {
    Condition::parse(text, "ConditionExpression", &placeholders(), &mut Usage::new()).map_err(message)
}

fn update(text: &str) -> Result<UpdateExpression, String> {
    UpdateExpression::parse(text, &placeholders(), &mut Usage::new()).map_err(message)
}

fn projection(text: &str) -> Result<Projection, String> {
    Projection::parse(text, &placeholders(), &mut Usage::new()).map_err(message)
}

fn num(text: &str) -> AttributeValue {
    AttributeValue::N(Number::parse(text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

fn schema(sort: Option<ScalarType>) -> KeySchema {
    KeySchema::new(
        KeyAttribute { name: "pk".into(), scalar_type: ScalarType::S },
        sort.map(|scalar_type| KeyAttribute { name: "sk".into(), scalar_type }),
    )
}

fn key(text: &str, sort: Option<ScalarType>) -> Result<KeyCondition, String> {
    parse_key_condition(text, &placeholders(), &mut Usage::new(), &schema(sort)).map_err(message)
}

/// Applies `text` to `before` and returns the new item (wire JSON) or the message.
fn apply(text: &str, before: Value) -> Result<Value, String> {
    let u = update(text)?;
    u.apply(&item(before)).map(|i| item_to_wire(&i)).map_err(message)
}

mod conditions_eval;
mod conditions_parse;
#[cfg(not(target_arch = "wasm32"))]
mod golden;
mod keys;
mod legacy_params;
mod limits;
mod no_panic;
mod projections;
mod syntax;
mod updates;
