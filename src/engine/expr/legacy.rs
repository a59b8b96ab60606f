//! The legacy conditional parameters, translated to the expression trees.
//!
//! Before expressions, DynamoDB took conditions and updates as JSON
//! structures. They still work, and mean the same as an expression:
//!
//! | legacy parameter                          | becomes                          |
//! |-------------------------------------------|----------------------------------|
//! | `Expected` (+ `ConditionalOperator`)      | a [`Condition`]                  |
//! | `QueryFilter`, `ScanFilter` (+ operator)  | a [`Condition`]                  |
//! | `KeyConditions`                           | a [`KeyCondition`]               |
//! | `AttributeUpdates`                        | an [`UpdateExpression`]          |
//!
//! `{"a": {"ComparisonOperator": "EQ", "AttributeValueList": [v]}}` is
//! `a = v`; `NE` is `<>`; `LT`/`LE`/`GT`/`GE` compare; `NULL`/`NOT_NULL` are
//! `attribute_not_exists`/`attribute_exists`; `CONTAINS`, `NOT_CONTAINS`
//! (`NOT contains`), `BEGINS_WITH`, `IN`, `BETWEEN` are their expression
//! twins. In `Expected`, `{"Value": v}` (or `"Exists": true` with a value) is
//! `a = v` and `{"Exists": false}` is `attribute_not_exists(a)`. The
//! conditions are joined with `AND`, or `OR` when `ConditionalOperator` is
//! `OR`. Attribute names are taken literally (no paths, no placeholders).
//!
//! The validation messages are dynalite's (validations/index.js
//! `validateAttributeConditions` and `validateConditions`,
//! validations/updateItem.js), which were captured from DynamoDB. One
//! departure: dynalite refuses lists, maps, booleans and nulls for `EQ`/`NE`;
//! the developer guide says "EQ is supported for all data types, including
//! lists and maps", and we follow the guide.

use serde_json::{Map, Value};

use super::ast::{
    ActionKind, Comparator, Cond, DocumentPath, Function, Literal, Operand, SetOperand, SetValue, UpdateAction,
};
use super::condition::{order, Condition};
use super::key_condition::{resolve, KeyOp, KeyTerm};
use super::update::UpdateExpression;
use crate::engine::error::{ApiError, Result};
use crate::engine::schema::{KeyCondition, KeySchema};
use crate::engine::value::AttributeValue;

const OPERATORS: [&str; 13] = [
    "IN",
    "NULL",
    "BETWEEN",
    "LT",
    "NOT_CONTAINS",
    "EQ",
    "GT",
    "NOT_NULL",
    "NE",
    "LE",
    "BEGINS_WITH",
    "GE",
    "CONTAINS",
];

fn invalid(detail: impl std::fmt::Display) -> ApiError {
    ApiError::invalid_parameter(detail)
}

fn serialization(message: &str) -> ApiError {
    ApiError::Serialization(message.to_string())
}

/// `queryFilter` from `QueryFilter`, as validation messages name members.
fn lower_first(member: &str) -> String {
    let mut chars = member.chars();
    chars.next().map(|c| c.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// The map of attribute name → condition (or update) structure.
fn structures(v: &Value) -> Result<Vec<(&String, &Map<String, Value>)>> {
    let fields = match v {
        Value::Object(fields) => fields,
        Value::Array(_) => return Err(serialization("Start of list found where not expected")),
        _ => return Err(serialization("Expected map or null")),
    };
    let mut out = Vec::with_capacity(fields.len());
    for (name, structure) in fields {
        match structure {
            Value::Object(s) => out.push((name, s)),
            Value::Null => {}
            Value::Array(_) => return Err(serialization("Start of list found where not expected")),
            _ => return Err(serialization("Expected null")),
        }
    }
    Ok(out)
}

/// A member that is present and not null.
fn member<'a>(s: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    s.get(name).filter(|v| !v.is_null())
}

fn string_member<'a>(s: &'a Map<String, Value>, name: &str) -> Result<Option<&'a str>> {
    match member(s, name) {
        None => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(Value::Array(_)) => Err(serialization("Start of list found where not expected")),
        Some(Value::Object(_)) => Err(serialization("Start of structure or map found where not expected.")),
        Some(_) => Err(serialization("Unexpected value type in payload")),
    }
}

fn value_list(s: &Map<String, Value>) -> Result<Option<Vec<AttributeValue>>> {
    match member(s, "AttributeValueList") {
        None => Ok(None),
        Some(Value::Array(items)) => items.iter().map(AttributeValue::from_wire).collect::<Result<Vec<_>>>().map(Some),
        Some(Value::Object(_)) => Err(serialization("Start of structure or map found where not expected.")),
        Some(_) => Err(serialization("Expected list or null")),
    }
}

fn single_value(s: &Map<String, Value>) -> Result<Option<AttributeValue>> {
    member(s, "Value").map(AttributeValue::from_wire).transpose()
}

/// The comparison operator, checked against the enum.
fn comparison_operator<'a>(s: &'a Map<String, Value>, member_path: &str, required: bool) -> Result<Option<&'a str>> {
    let op = string_member(s, "ComparisonOperator")?;
    match op {
        None if required => Err(ApiError::validation(format!(
            "1 validation error detected: Value null at '{member_path}.member.comparisonOperator' failed to satisfy constraint: Member must not be null"
        ))),
        Some(op) if !OPERATORS.contains(&op) => Err(ApiError::validation(format!(
            "1 validation error detected: Value '{op}' at '{member_path}.member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [{}]",
            OPERATORS.join(", ")
        ))),
        other => Ok(other),
    }
}

/// How many values an operator takes: exactly, or (for IN) at least one.
fn count_ok(op: &str, count: usize) -> bool {
    match op {
        "NULL" | "NOT_NULL" => count == 0,
        "IN" => count >= 1,
        "BETWEEN" => count == 2,
        _ => count == 1,
    }
}

/// The value types an operator accepts.
fn type_ok(op: &str, value: &AttributeValue) -> bool {
    let t = value.type_name();
    match op {
        "EQ" | "NE" => true,
        "BEGINS_WITH" => matches!(t, "S" | "B"),
        _ => matches!(t, "S" | "N" | "B"),
    }
}

/// `validateConditions`' checks on one operator and its values.
fn check_values(op: &str, values: &[AttributeValue], count_message: bool) -> Result<()> {
    if count_message && !count_ok(op, values.len()) {
        return Err(invalid(format!("Invalid number of argument(s) for the {op} ComparisonOperator")));
    }
    if let Some(first) = values.first() {
        if values.iter().any(|v| v.type_name() != first.type_name()) {
            return Err(invalid("AttributeValues inside AttributeValueList must be of same type"));
        }
    }
    if let Some(bad) = values.iter().find(|v| !type_ok(op, v)) {
        return Err(invalid(format!(
            "ComparisonOperator {op} is not valid for {} AttributeValue type",
            bad.type_name()
        )));
    }
    if op == "BETWEEN" {
        if let [low, high] = values {
            if order(low, high) == Some(std::cmp::Ordering::Greater) {
                return Err(ApiError::validation(
                    "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound",
                ));
            }
        }
    }
    Ok(())
}

fn literal(value: AttributeValue) -> Operand {
    let placeholder = value.to_wire().to_string();
    Operand::Value(Literal { placeholder, value })
}

/// The condition a legacy operator expresses on attribute `name`.
fn translate(name: &str, op: &str, values: Vec<AttributeValue>) -> Cond {
    let path = || Operand::Path(DocumentPath::attribute(name));
    let mut values = values.into_iter().map(literal);
    let mut next = || values.next().unwrap_or_else(|| literal(AttributeValue::Null));
    let compare = |c: Comparator, v: Operand| Cond::Compare(c, path(), v);
    match op {
        "EQ" => compare(Comparator::Eq, next()),
        "NE" => compare(Comparator::Ne, next()),
        "LT" => compare(Comparator::Lt, next()),
        "LE" => compare(Comparator::Le, next()),
        "GT" => compare(Comparator::Gt, next()),
        "GE" => compare(Comparator::Ge, next()),
        "NULL" => Cond::Function(Function::AttributeNotExists, vec![path()]),
        "NOT_NULL" => Cond::Function(Function::AttributeExists, vec![path()]),
        "CONTAINS" => Cond::Function(Function::Contains, vec![path(), next()]),
        "NOT_CONTAINS" => Cond::Not(Box::new(Cond::Function(Function::Contains, vec![path(), next()]))),
        "BEGINS_WITH" => Cond::Function(Function::BeginsWith, vec![path(), next()]),
        "BETWEEN" => {
            let low = next();
            Cond::Between(path(), low, next())
        }
        _ => {
            let list: Vec<Operand> = values.collect();
            Cond::In(path(), list)
        }
    }
}

fn join(conds: Vec<Cond>, conditional_operator: Option<&str>) -> Result<Condition> {
    match conditional_operator {
        None | Some("AND") => Ok(Condition::from_cond(Cond::And(conds))),
        Some("OR") => Ok(Condition::from_cond(Cond::Or(conds))),
        Some(other) => Err(ApiError::validation(format!(
            "1 validation error detected: Value '{other}' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]"
        ))),
    }
}

/// `Expected` (+ `ConditionalOperator`) of PutItem, UpdateItem, DeleteItem.
pub fn expected(expected: &Value, conditional_operator: Option<&str>) -> Result<Condition> {
    let mut conds = Vec::new();
    for (name, s) in structures(expected)? {
        let member_path = format!("expected.{name}");
        let op = comparison_operator(s, &member_path, false)?;
        let list = value_list(s)?;
        let value = single_value(s)?;
        let exists = match member(s, "Exists") {
            None => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(_) => return Err(serialization("Unexpected value type in payload")),
        };
        if list.is_some() && value.is_some() {
            return Err(invalid(format!("Value and AttributeValueList cannot be used together for Attribute: {name}")));
        }
        if let Some(op) = op {
            if exists.is_some() {
                return Err(invalid(format!(
                    "Exists and ComparisonOperator cannot be used together for Attribute: {name}"
                )));
            }
            if !matches!(op, "NULL" | "NOT_NULL") && list.is_none() && value.is_none() {
                return Err(invalid(format!(
                    "Value or AttributeValueList must be used with ComparisonOperator: {op} for Attribute: {name}"
                )));
            }
            let values = list.or_else(|| value.map(|v| vec![v])).unwrap_or_default();
            check_values(op, &values, true)?;
            conds.push(translate(name, op, values));
        } else if list.is_some() {
            return Err(invalid(format!(
                "AttributeValueList can only be used with a ComparisonOperator for Attribute: {name}"
            )));
        } else {
            match (exists, value) {
                (None | Some(true), None) => {
                    let shown = exists.map_or("null".to_string(), |b| b.to_string());
                    return Err(invalid(format!(
                        "Value must be provided when Exists is {shown} for Attribute: {name}"
                    )));
                }
                (Some(false), Some(_)) => {
                    return Err(invalid(format!("Value cannot be used when Exists is false for Attribute: {name}")));
                }
                (Some(false), None) => conds.push(translate(name, "NULL", Vec::new())),
                (_, Some(value)) => conds.push(translate(name, "EQ", vec![value])),
            }
        }
    }
    join(conds, conditional_operator)
}

/// `QueryFilter` / `ScanFilter` (+ `ConditionalOperator`); `member` names
/// the parameter in messages.
pub fn filter(conditions: &Value, conditional_operator: Option<&str>, member: &'static str) -> Result<Condition> {
    let mut conds = Vec::new();
    for (name, s) in structures(conditions)? {
        let member_path = format!("{}.{name}", lower_first(member));
        let op = comparison_operator(s, &member_path, true)?.unwrap_or("EQ");
        let values = value_list(s)?.unwrap_or_default();
        check_values(op, &values, true)?;
        conds.push(translate(name, op, values));
    }
    join(conds, conditional_operator)
}

/// `KeyConditions` of Query, against the table's (or index's) key schema.
pub fn key_conditions(conditions: &Value, schema: &KeySchema) -> Result<KeyCondition> {
    let mut entries = Vec::new();
    for (name, s) in structures(conditions)? {
        let op = comparison_operator(s, &format!("keyConditions.{name}"), true)?.unwrap_or("EQ");
        let values = value_list(s)?.unwrap_or_default();
        check_values(op, &values, true)?;
        entries.push((name.clone(), op, values));
    }
    // A multi-attribute key takes a condition per key attribute at most
    // (semantics F; no AWS text is known for more, ours says the bound); its
    // RANGE rules are the expression's, checked in `resolve`.
    let most = if schema.is_multi_attribute() { schema.attributes().count() } else { 2 };
    if entries.is_empty() || entries.len() > most {
        return Err(ApiError::validation(if schema.is_multi_attribute() {
            format!("Conditions can be of length 1 to {most} only")
        } else {
            "Conditions can be of length 1 or 2 only".to_string()
        }));
    }
    let present = |key: &str| entries.iter().any(|(n, _, _)| n == key);
    if let Some(missing) = schema.partition_attributes().find(|a| !present(&a.name)) {
        return Err(ApiError::validation(format!("Query condition missed key schema element: {}", missing.name)));
    }
    let single_sort_key = schema.sort_key.as_ref().filter(|_| !schema.is_multi_attribute() && entries.len() == 2);
    if let Some(sort_key) = single_sort_key {
        if !present(&sort_key.name) {
            return Err(ApiError::validation(format!("Query condition missed key schema element: {}", sort_key.name)));
        }
    }
    if entries.iter().any(|(_, op, _)| matches!(*op, "NULL" | "NOT_NULL" | "CONTAINS" | "NOT_CONTAINS" | "IN")) {
        return Err(ApiError::validation("Attempted conditional constraint is not an indexable operation"));
    }
    let terms = entries
        .into_iter()
        .map(|(name, op, values)| {
            let op = match op {
                "BETWEEN" => KeyOp::Between,
                "BEGINS_WITH" => KeyOp::BeginsWith,
                "NE" => KeyOp::Compare(Comparator::Ne),
                "LT" => KeyOp::Compare(Comparator::Lt),
                "LE" => KeyOp::Compare(Comparator::Le),
                "GT" => KeyOp::Compare(Comparator::Gt),
                "GE" => KeyOp::Compare(Comparator::Ge),
                _ => KeyOp::Compare(Comparator::Eq),
            };
            KeyTerm { name, op, values }
        })
        .collect();
    resolve(terms, schema).map_err(ApiError::Validation)
}

/// `AttributeUpdates` of UpdateItem.
pub fn attribute_updates(updates: &Value) -> Result<UpdateExpression> {
    let mut actions = Vec::new();
    for (name, s) in structures(updates)? {
        let action = string_member(s, "Action")?.unwrap_or("PUT");
        if !matches!(action, "ADD" | "PUT" | "DELETE") {
            return Err(ApiError::validation(format!(
                "1 validation error detected: Value '{action}' at 'attributeUpdates.{name}.member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]"
            )));
        }
        let value = single_value(s)?;
        let path = DocumentPath::attribute(name);
        let kind = match (action, value) {
            ("DELETE", None) => ActionKind::Remove,
            (_, None) => return Err(invalid("Only DELETE action is allowed when no attribute value is specified")),
            ("DELETE", Some(value)) => {
                if !matches!(value, AttributeValue::Ss(_) | AttributeValue::Ns(_) | AttributeValue::Bs(_)) {
                    return Err(invalid(format!(
                        "DELETE action with value is not supported for the type {}",
                        value.type_name()
                    )));
                }
                ActionKind::Delete(Literal { placeholder: value.to_wire().to_string(), value })
            }
            ("ADD", Some(value)) => {
                if !matches!(
                    value,
                    AttributeValue::L(_)
                        | AttributeValue::Ss(_)
                        | AttributeValue::Ns(_)
                        | AttributeValue::Bs(_)
                        | AttributeValue::N(_)
                ) {
                    return Err(invalid(format!("ADD action is not supported for the type {}", value.type_name())));
                }
                ActionKind::Add(Literal { placeholder: value.to_wire().to_string(), value })
            }
            (_, Some(value)) => {
                let literal = Literal { placeholder: value.to_wire().to_string(), value };
                ActionKind::Set(SetValue::Operand(SetOperand::Value(literal)))
            }
        };
        actions.push(UpdateAction { path, kind, span: 0..0 });
    }
    Ok(UpdateExpression::from_legacy(actions))
}
