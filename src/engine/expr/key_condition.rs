//! KeyConditionExpression (semantics D.2).
//!
//! A key condition is parsed and checked with the condition grammar
//! (so it gets every condition message, prefixed `Invalid
//! KeyConditionExpression:`), then reduced to at most one condition per key
//! attribute, the way dynalite's `convertKeyCondition` walks the tree:
//!
//! * only `AND` may join conditions: `OR`, `NOT`, `IN`, `<>`,
//!   `attribute_exists`, `attribute_not_exists`, `attribute_type` and
//!   `contains` are "Invalid operator used in KeyConditionExpression: OR";
//! * `BETWEEN` and `begins_with` need the key attribute first; `size()` is a
//!   "nested operation"; a path with `.` or `[]` is a "nested attribute";
//!   one condition may name one attribute, and must name one;
//! * each key attribute may have one condition; `:v < sk` is read as
//!   `sk > :v`.
//!
//! Then the schema (table or index): more conditions than key attributes is
//! "The number of query conditions (3) exceeds the number of key attributes
//! defined in the schema (2)" (checked first: captured for a table whose key
//! was named neither way, and in paritysuite); a missing partition key, or
//! with two conditions a missing sort key, is "Query condition missed key
//! schema element: pk"; the partition key needs `=` ("Query key condition
//! not supported"); values of the wrong type are "Condition parameter type
//! does not match schema type".
//!
//! A multi-attribute key (a GSI with several HASH or RANGE attributes,
//! semantics F) has rules of its own: `=` on every HASH attribute, and
//! conditions on a left-to-right prefix of the RANGE attributes, all `=`
//! but the last (`resolve_multi`).
//!
//! Wording: the three `KeyConditionExpressions …` messages carry the
//! `Invalid KeyConditionExpression: ` prefix as DynamoDB sends them today
//! (paritysuite; dynoxide's changelog, confirmed in eu-west-2); dynalite's
//! older captures have them bare. The `Invalid operator used in …` and
//! `Invalid condition in …` messages name the member already and stay bare.
//! These structural errors span the whole expression.

use super::ast::{Comparator, Cond, Function, Operand};
use super::condition;
use super::parser::{self, Source};
use super::placeholders::{Placeholders, Usage};
use crate::engine::error::{ApiError, Result};
use crate::engine::schema::{KeyAttribute, KeyCondition, KeySchema, KeyValue, ScalarType, SortKeyCondition};
use crate::engine::value::AttributeValue;

const MEMBER: &str = "KeyConditionExpression";

/// The comparison one key condition makes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum KeyOp {
    Compare(Comparator),
    Between,
    BeginsWith,
}

/// One condition on one key attribute, before the schema is consulted.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct KeyTerm {
    pub name: String,
    pub op: KeyOp,
    pub values: Vec<AttributeValue>,
}

/// Parses a KeyConditionExpression against the key schema of the table or
/// index being queried.
pub fn parse_key_condition(
    text: &str,
    placeholders: &Placeholders,
    usage: &mut Usage,
    schema: &KeySchema,
) -> Result<KeyCondition> {
    parser::precheck(text, MEMBER)?;
    let src = Source::new(text, MEMBER);
    let node = parser::parse_condition_syntax(&src)?;
    let cond = condition::check(&src, &node, placeholders, usage)?;
    let whole = 0..text.len();
    let error = |message: String| ApiError::InvalidExpression { message, member: MEMBER, span: whole.clone() };
    let mut terms = Vec::new();
    walk(&cond, &mut terms).map_err(error)?;
    let count = terms.len();
    let keys = schema.attributes().count();
    if count > keys {
        return Err(error(format!(
            "The number of query conditions ({count}) exceeds the number of key attributes defined in the schema ({keys})"
        )));
    }
    resolve(terms, schema).map_err(error)
}

/// dynalite's `checkExpr`: one pass, first problem wins.
fn walk(cond: &Cond, out: &mut Vec<KeyTerm>) -> std::result::Result<(), String> {
    let invalid_operator = |name: &str| format!("Invalid operator used in KeyConditionExpression: {name}");
    let first_operand = |name: &str| {
        format!("Invalid condition in KeyConditionExpression: {name} operator must have the key attribute as its first operand")
    };
    let (op, operands): (KeyOp, Vec<&Operand>) = match cond {
        Cond::And(terms) => {
            for term in terms {
                walk(term, out)?;
            }
            return Ok(());
        }
        Cond::Or(_) => return Err(invalid_operator("OR")),
        Cond::Not(_) => return Err(invalid_operator("NOT")),
        Cond::In(..) => return Err(invalid_operator("IN")),
        Cond::Compare(Comparator::Ne, ..) => return Err(invalid_operator("<>")),
        Cond::Compare(op, a, b) => (KeyOp::Compare(*op), vec![a, b]),
        Cond::Between(value, low, high) => {
            if !matches!(value, Operand::Path(_)) {
                return Err(first_operand("BETWEEN"));
            }
            (KeyOp::Between, vec![value, low, high])
        }
        Cond::Function(Function::BeginsWith, args) => {
            if !matches!(args.first(), Some(Operand::Path(_))) {
                return Err(first_operand("begins_with"));
            }
            (KeyOp::BeginsWith, args.iter().collect())
        }
        Cond::Function(function, _) => return Err(invalid_operator(function.name())),
    };
    let mut attribute: Option<(String, usize)> = None;
    let mut values = Vec::new();
    for (i, operand) in operands.into_iter().enumerate() {
        match operand {
            Operand::Path(path) => {
                if attribute.is_some() {
                    return Err(
                        "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"
                            .into(),
                    );
                }
                if path.is_nested() {
                    return Err(
                        "Invalid KeyConditionExpression: KeyConditionExpressions cannot have conditions on nested attributes"
                            .into(),
                    );
                }
                attribute = Some((path.top_name().unwrap_or_default().to_string(), i));
            }
            Operand::Size(_) => {
                return Err(
                    "Invalid KeyConditionExpression: KeyConditionExpressions cannot contain nested operations".into()
                )
            }
            Operand::Value(literal) => values.push(literal.value.clone()),
        }
    }
    let Some((name, index)) = attribute else {
        return Err("Invalid condition in KeyConditionExpression: No key attribute specified".into());
    };
    if out.iter().any(|t| t.name == name) {
        return Err(
            "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key".into()
        );
    }
    let op = match op {
        KeyOp::Compare(c) if index != 0 => KeyOp::Compare(c.flipped()),
        other => other,
    };
    out.push(KeyTerm { name, op, values });
    Ok(())
}

/// The key conditions checked against the schema (shared with the legacy
/// `KeyConditions`): partition key first, then the sort key.
pub(crate) fn resolve(terms: Vec<KeyTerm>, schema: &KeySchema) -> std::result::Result<KeyCondition, String> {
    if schema.is_multi_attribute() {
        return resolve_multi(terms, schema);
    }
    let missed = |attribute: &KeyAttribute| format!("Query condition missed key schema element: {}", attribute.name);
    let count = terms.len();
    let mut terms = terms;
    let take =
        |terms: &mut Vec<KeyTerm>, name: &str| terms.iter().position(|t| t.name == name).map(|i| terms.remove(i));
    let Some(partition) = take(&mut terms, &schema.partition_key.name) else {
        return Err(missed(&schema.partition_key));
    };
    let sort = match (&schema.sort_key, count) {
        (Some(sort_key), 2) => match take(&mut terms, &sort_key.name) {
            Some(term) => Some((sort_key, term)),
            None => return Err(missed(sort_key)),
        },
        (None, 2..) => return Err("Query key condition not supported".into()),
        _ => None,
    };
    if partition.op != KeyOp::Compare(Comparator::Eq) {
        return Err("Query key condition not supported".into());
    }
    let mismatch = type_mismatch;
    let partition_value =
        partition.values.first().and_then(|v| key_value(v, schema.partition_key.scalar_type)).ok_or_else(mismatch)?;
    let empty_kind = match &partition_value {
        KeyValue::S(s) if s.is_empty() => Some("string"),
        KeyValue::B(b) if b.is_empty() => Some("binary"),
        _ => None,
    };
    if let Some(kind) = empty_kind {
        return Err(format!(
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty {kind} value. Key: {}",
            schema.partition_key.name
        ));
    }
    let sort = match sort {
        None => None,
        Some((attribute, term)) => Some(sort_condition(attribute, &term)?),
    };
    Ok(KeyCondition { partition: partition_value, sort })
}

/// "Condition parameter type does not match schema type".
fn type_mismatch() -> String {
    "One or more parameter values were invalid: Condition parameter type does not match schema type".to_string()
}

/// The condition one term puts on one RANGE attribute.
fn sort_condition(attribute: &KeyAttribute, term: &KeyTerm) -> std::result::Result<SortKeyCondition, String> {
    let mismatch = type_mismatch;
    let mut values = term.values.iter().map(|v| key_value(v, attribute.scalar_type));
    let mut next = || values.next().flatten().ok_or_else(mismatch);
    Ok(match term.op {
        KeyOp::Compare(Comparator::Eq) => SortKeyCondition::Eq(next()?),
        KeyOp::Compare(Comparator::Lt) => SortKeyCondition::Lt(next()?),
        KeyOp::Compare(Comparator::Le) => SortKeyCondition::Le(next()?),
        KeyOp::Compare(Comparator::Gt) => SortKeyCondition::Gt(next()?),
        KeyOp::Compare(Comparator::Ge) => SortKeyCondition::Ge(next()?),
        KeyOp::Between => {
            let low = next()?;
            let high = next()?;
            if low > high {
                return Err(
                    "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound"
                        .into(),
                );
            }
            SortKeyCondition::Between(low, high)
        }
        KeyOp::BeginsWith => {
            let prefix = next()?;
            if matches!(prefix, KeyValue::N(_)) {
                return Err(mismatch());
            }
            SortKeyCondition::BeginsWith(prefix)
        }
        KeyOp::Compare(Comparator::Ne) => {
            return Err("Attempted conditional constraint is not an indexable operation".into())
        }
    })
}

/// The key conditions checked against a multi-attribute key schema (a GSI
/// with several HASH or RANGE attributes, semantics F): an equality on
/// every HASH attribute (the first one missing is named), nothing on other
/// attributes, and conditions on a left-to-right prefix of the RANGE
/// attributes, all equalities but the last. The first RANGE attribute,
/// in key-schema order, that has a condition while an earlier one lacks an
/// equality is refused naming both (paritysuite, measured on AWS).
fn resolve_multi(mut terms: Vec<KeyTerm>, schema: &KeySchema) -> std::result::Result<KeyCondition, String> {
    let take =
        |terms: &mut Vec<KeyTerm>, name: &str| terms.iter().position(|t| t.name == name).map(|i| terms.remove(i));
    let mut hash_terms = Vec::new();
    for attribute in schema.partition_attributes() {
        match take(&mut terms, &attribute.name) {
            Some(term) => hash_terms.push((attribute, term)),
            None => return Err(format!("Query condition missed key schema element: {}", attribute.name)),
        }
    }
    let range_terms: Vec<(&KeyAttribute, Option<KeyTerm>)> =
        schema.sort_attributes().map(|attribute| (attribute, take(&mut terms, &attribute.name))).collect();
    if !terms.is_empty() || hash_terms.iter().any(|(_, term)| term.op != KeyOp::Compare(Comparator::Eq)) {
        return Err("Query key condition not supported".into());
    }
    let is_equality = |term: &Option<KeyTerm>| term.as_ref().is_some_and(|t| t.op == KeyOp::Compare(Comparator::Eq));
    for (later, (later_attribute, later_term)) in range_terms.iter().enumerate() {
        if later_term.is_none() {
            continue;
        }
        if let Some((prior, _)) = range_terms.iter().take(later).find(|(_, term)| !is_equality(term)) {
            return Err(format!(
                "RANGE key attributes {} must have equality conditions specified in the query because a condition is present on key attribute {}",
                prior.name, later_attribute.name
            ));
        }
    }
    let mut partition = Vec::with_capacity(hash_terms.len());
    for (attribute, term) in &hash_terms {
        let value = term.values.first().and_then(|v| key_value(v, attribute.scalar_type)).ok_or_else(type_mismatch)?;
        let empty_kind = match &value {
            KeyValue::S(s) if s.is_empty() => Some("string"),
            KeyValue::B(b) if b.is_empty() => Some("binary"),
            _ => None,
        };
        if let Some(kind) = empty_kind {
            return Err(format!(
                "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty {kind} value. Key: {}",
                attribute.name
            ));
        }
        partition.push(value);
    }
    let mut conditions = Vec::new();
    for (attribute, term) in &range_terms {
        if let Some(term) = term {
            conditions.push(sort_condition(attribute, term)?);
        }
    }
    let sort = match (range_terms.len(), conditions.pop()) {
        (_, None) => None,
        (1, Some(only)) => Some(only),
        (_, Some(last)) => {
            let equal = conditions
                .into_iter()
                .filter_map(|c| match c {
                    SortKeyCondition::Eq(v) => Some(v),
                    _ => None,
                })
                .collect();
            Some(SortKeyCondition::Prefix { equal, last: Box::new(last) })
        }
    };
    Ok(KeyCondition { partition: KeyValue::of_parts(partition), sort })
}

/// The key value of `value` if it has the key's type.
pub(crate) fn key_value(value: &AttributeValue, scalar_type: ScalarType) -> Option<KeyValue> {
    match (value, scalar_type) {
        (AttributeValue::S(s), ScalarType::S) => Some(KeyValue::S(s.clone())),
        (AttributeValue::N(n), ScalarType::N) => Some(KeyValue::N(n.clone())),
        (AttributeValue::B(b), ScalarType::B) => Some(KeyValue::B(b.clone())),
        _ => None,
    }
}
