//! How a pattern's partition key value varies in the review.
//!
//! The exercise says which parameter varies at the pattern's rate and how
//! (`PartitionKeyValues`: "every vote has its own `voterId`, a million of
//! them"). Whether the *learner's* partition key varies with it depends on
//! the design: a table keyed on `VOTER#{voterId}` spreads the votes, one
//! keyed on `{candidate}` sends them all to one key. So the review varies
//! the request's partition key value only when the request makes that
//! value from the varying parameter:
//!
//! * `GetItem`, `UpdateItem`, `DeleteItem`: the partition key attribute of
//!   `Key`; `PutItem`: of `Item` (the table's key schema says which);
//! * `Query`: the value compared with `=` to the partition key of the table
//!   or index in `KeyConditionExpression`;
//! * `ExecuteStatement`: the statement or its parameters name it anywhere;
//! * anything else: never.

use serde_json::Value;

use super::format::{Pattern, PatternRequest};
use crate::engine::review::KeyVariation;
use crate::engine::Engine;

/// Whether `value` (a template) contains the placeholder `{parameter}`.
fn names(value: &Value, parameter: &str) -> bool {
    value.to_string().contains(&format!("{{{parameter}}}"))
}

/// The partition key attribute of `table` (or of its index `index`).
fn partition_key(engine: &Engine, table: &str, index: Option<&str>) -> Option<String> {
    let definition = &engine.table(table)?.definition;
    let schema = match index {
        None => &definition.key_schema,
        Some(name) => &definition.indexes.iter().find(|i| i.name == name)?.key_schema,
    };
    Some(schema.partition_key.name.clone())
}

/// The `:value` compared with `=` to `attribute` in a key condition.
fn key_value_name(request: &Value, attribute: &str) -> Option<String> {
    let condition = request.get("KeyConditionExpression")?.as_str()?;
    let names = request.get("ExpressionAttributeNames").and_then(Value::as_object);
    let lowered = condition.to_ascii_lowercase();
    let mut clauses = Vec::new();
    let mut start = 0;
    for (at, _) in lowered.match_indices(" and ") {
        clauses.push(condition.get(start..at).unwrap_or_default());
        start = at + 5;
    }
    clauses.push(condition.get(start..).unwrap_or_default());
    for clause in clauses {
        let Some((left, right)) = clause.split_once('=') else { continue };
        let (left, right) = (left.trim().trim_start_matches('('), right.trim().trim_end_matches(')'));
        let resolved = match left.strip_prefix('#') {
            Some(_) => names.and_then(|n| n.get(left)).and_then(Value::as_str).unwrap_or(left),
            None => left,
        };
        if resolved == attribute {
            return Some(right.trim().to_string());
        }
    }
    None
}

/// The key variation the review gives `pattern`'s request.
pub fn of(engine: &Engine, pattern: &Pattern, request: &PatternRequest) -> KeyVariation {
    let Some((parameter, variation)) = &pattern.varying else { return KeyVariation::Single };
    let r = &request.request;
    let table = r.get("TableName").and_then(Value::as_str).unwrap_or_default();
    let varies = match request.operation.as_str() {
        "GetItem" | "UpdateItem" | "DeleteItem" | "PutItem" => {
            let member = if request.operation == "PutItem" { "Item" } else { "Key" };
            partition_key(engine, table, None)
                .and_then(|pk| r.get(member)?.get(pk))
                .is_some_and(|v| names(v, parameter))
        }
        "Query" => {
            let index = r.get("IndexName").and_then(Value::as_str);
            partition_key(engine, table, index)
                .and_then(|pk| key_value_name(r, &pk))
                .and_then(|name| r.get("ExpressionAttributeValues")?.get(name))
                .is_some_and(|v| names(v, parameter))
        }
        "ExecuteStatement" => names(r, parameter),
        _ => false,
    };
    if varies {
        variation.clone()
    } else {
        KeyVariation::Single
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_key_condition_names_the_value_of_the_partition_key() {
        let request = json!({"KeyConditionExpression": "#p = :p AND begins_with(SK, :s)",
            "ExpressionAttributeNames": {"#p": "PK"}});
        assert_eq!(key_value_name(&request, "PK").as_deref(), Some(":p"));
        assert_eq!(key_value_name(&request, "SK"), None);
        let plain = json!({"KeyConditionExpression": "SK > :s and PK = :p"});
        assert_eq!(key_value_name(&plain, "PK").as_deref(), Some(":p"));
    }
}
