//! An access pattern in JSON: the one form the scenario document, its share
//! link, `ddb-local --data` and the endpoint's `ReviewAccessPatterns` all
//! use, so a pattern saved in the page can be sent to the endpoint as it is.
//!
//! ```json
//! {"Name": "Record a vote", "Operation": "UpdateItem", "Request": {…},
//!  "RequestsPerSecond": 1500,
//!  "PartitionKeyValues": {"Distribution": "Uniform", "Count": 10}}
//! ```
//!
//! `PartitionKeyValues` is optional (`Single`: always the request's value);
//! `Exponent` belongs to `Zipf` only and defaults to 1. The members are
//! DynamoDB-style PascalCase, and an unknown member is refused, so a typo
//! does not pass silently. What the values mean, and their limits, is the
//! engine's [`AccessPattern`].

use serde_json::{json, Map, Value};

use crate::engine::review::{AccessPattern, KeyVariation, MAX_KEY_VALUES};
use crate::engine::{ApiError, Result};

const MEMBERS: &[&str] = &["Name", "Operation", "Request", "RequestsPerSecond", "PartitionKeyValues"];
const KEY_MEMBERS: &[&str] = &["Distribution", "Count", "Exponent"];

fn object<'a>(value: &'a Value, context: &str, allowed: &[&str]) -> Result<&'a Map<String, Value>> {
    let Value::Object(map) = value else {
        return Err(ApiError::validation(format!("{context} must be a JSON object")));
    };
    if let Some(name) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(ApiError::validation(format!(
            "{context}: unknown member '{name}'; expected {}",
            allowed.join(", ")
        )));
    }
    Ok(map)
}

fn get<'a>(map: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    map.get(name).filter(|v| !v.is_null())
}

fn text(map: &Map<String, Value>, name: &str, context: &str) -> Result<String> {
    match get(map, name) {
        Some(Value::String(s)) if !s.is_empty() => Ok(s.clone()),
        Some(_) => Err(ApiError::validation(format!("{context}: '{name}' must be a non-empty string"))),
        None => Err(ApiError::validation(format!("{context}: the member '{name}' is required"))),
    }
}

fn key_variation(value: &Value, context: &str) -> Result<KeyVariation> {
    let map = object(value, context, KEY_MEMBERS)?;
    let count = || match get(map, "Count") {
        None => Err(ApiError::validation(format!("{context}: the member 'Count' is required"))),
        Some(value) => match value.as_u64().filter(|n| (1..=u64::from(MAX_KEY_VALUES)).contains(n)) {
            Some(n) => Ok(n as u32),
            None => Err(ApiError::validation(format!(
                "{context}: 'Count' must be a whole number from 1 to {MAX_KEY_VALUES}; got {value}"
            ))),
        },
    };
    match text(map, "Distribution", context)?.as_str() {
        "Single" => Ok(KeyVariation::Single),
        "Uniform" => Ok(KeyVariation::Uniform { count: count()? }),
        "Zipf" => {
            let exponent = match get(map, "Exponent") {
                None => 1.0,
                Some(value) => match value.as_f64().filter(|x| *x > 0.0 && *x <= 10.0) {
                    Some(x) => x,
                    None => {
                        return Err(ApiError::validation(format!(
                            "{context}: 'Exponent' must be a number above 0 and at most 10; got {value}"
                        )))
                    }
                },
            };
            Ok(KeyVariation::Zipf { count: count()?, exponent })
        }
        other => {
            Err(ApiError::validation(format!("{context}: 'Distribution' must be Single, Uniform or Zipf, not {other}")))
        }
    }
}

/// Reads one pattern; `context` names it in messages (`AccessPatterns[2]`).
/// The shape is checked here; the rate is checked by
/// [`AccessPattern::check`], and the request by running it.
pub fn from_json(value: &Value, context: &str) -> Result<AccessPattern> {
    let map = object(value, context, MEMBERS)?;
    let request = match get(map, "Request") {
        Some(object @ Value::Object(_)) => object.clone(),
        Some(_) => return Err(ApiError::validation(format!("{context}: 'Request' must be a JSON object"))),
        None => return Err(ApiError::validation(format!("{context}: the member 'Request' is required"))),
    };
    let keys = match get(map, "PartitionKeyValues") {
        None => KeyVariation::Single,
        Some(value) => key_variation(value, &format!("{context}.PartitionKeyValues"))?,
    };
    let requests_per_second = get(map, "RequestsPerSecond")
        .and_then(Value::as_f64)
        .ok_or_else(|| ApiError::validation(format!("{context}: 'RequestsPerSecond' must be a number above 0")))?;
    Ok(AccessPattern {
        name: text(map, "Name", context)?,
        operation: text(map, "Operation", context)?,
        request,
        requests_per_second,
        keys,
    })
}

/// How the partition key value varies, as `PartitionKeyValues`.
pub fn keys_json(keys: &KeyVariation) -> Value {
    match keys {
        KeyVariation::Single => json!({"Distribution": "Single"}),
        KeyVariation::Uniform { count } => json!({"Distribution": "Uniform", "Count": count}),
        KeyVariation::Zipf { count, exponent } => json!({"Distribution": "Zipf", "Count": count, "Exponent": exponent}),
    }
}

/// One pattern in its JSON form; [`from_json`] reads it back as it was.
pub fn to_json(pattern: &AccessPattern) -> Value {
    let mut out = Map::new();
    out.insert("Name".into(), pattern.name.clone().into());
    out.insert("Operation".into(), pattern.operation.clone().into());
    out.insert("Request".into(), pattern.request.clone());
    out.insert("RequestsPerSecond".into(), json!(pattern.requests_per_second));
    if pattern.keys != KeyVariation::Single {
        out.insert("PartitionKeyValues".into(), keys_json(&pattern.keys));
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vote() -> Value {
        json!({"Name": "Vote", "Operation": "UpdateItem",
               "Request": {"TableName": "Votes", "Key": {"Candidate": {"S": "CandidateA"}},
                           "UpdateExpression": "ADD Votes :one", "ExpressionAttributeValues": {":one": {"N": "1"}}},
               "RequestsPerSecond": 1500,
               "PartitionKeyValues": {"Distribution": "Uniform", "Count": 10}})
    }

    #[test]
    fn patterns_round_trip() {
        for keys in [json!(null), json!({"Distribution": "Zipf", "Count": 100, "Exponent": 1.2})] {
            let mut value = vote();
            if keys.is_null() {
                value.as_object_mut().map(|o| o.remove("PartitionKeyValues"));
            } else {
                value["PartitionKeyValues"] = keys;
            }
            let pattern = from_json(&value, "p").expect("reads");
            assert_eq!(from_json(&to_json(&pattern), "p").expect("reads back"), pattern);
            assert_eq!(to_json(&pattern)["RequestsPerSecond"], json!(1500.0));
        }
        let zipf = from_json(
            &json!({"Name": "z", "Operation": "GetItem", "Request": {}, "RequestsPerSecond": 2,
                                     "PartitionKeyValues": {"Distribution": "Zipf", "Count": 5}}),
            "p",
        );
        assert_eq!(zipf.map(|p| p.keys).ok(), Some(KeyVariation::Zipf { count: 5, exponent: 1.0 }));
    }

    #[test]
    fn broken_patterns_say_what_is_wrong() {
        let with = |member: &str, value: Value| {
            let mut v = vote();
            v[member] = value;
            v
        };
        let mut no_request = vote();
        no_request.as_object_mut().map(|o| o.remove("Request"));
        let cases = [
            (json!([]), "p must be a JSON object"),
            (
                with("Nmae", json!("x")),
                "p: unknown member 'Nmae'; expected Name, Operation, Request, RequestsPerSecond, PartitionKeyValues",
            ),
            (no_request, "p: the member 'Request' is required"),
            (with("Request", json!("GetItem")), "p: 'Request' must be a JSON object"),
            (with("Name", json!("")), "p: 'Name' must be a non-empty string"),
            (with("RequestsPerSecond", json!("fast")), "p: 'RequestsPerSecond' must be a number above 0"),
            (
                with("PartitionKeyValues", json!({"Distribution": "Uniform", "Count": 0})),
                "p.PartitionKeyValues: 'Count' must be a whole number from 1 to 1000000; got 0",
            ),
            (
                with("PartitionKeyValues", json!({"Distribution": "Zipf", "Count": 3, "Exponent": -1})),
                "p.PartitionKeyValues: 'Exponent' must be a number above 0 and at most 10; got -1",
            ),
            (
                with("PartitionKeyValues", json!({"Distribution": "Normal"})),
                "p.PartitionKeyValues: 'Distribution' must be Single, Uniform or Zipf, not Normal",
            ),
        ];
        for (value, message) in cases {
            assert_eq!(from_json(&value, "p").err().map(|e| e.message().to_string()).as_deref(), Some(message));
        }
    }
}
