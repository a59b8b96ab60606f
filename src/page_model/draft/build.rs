//! Building the request: a draft's fields, read only for the chosen
//! operation, become the JSON body an SDK sends. Expression attribute names
//! and values the expressions do not use are left out, as a careful SDK
//! user would.

use std::collections::BTreeSet;

use serde_json::{json, Map, Value};

use super::read::merge;
use super::*;

/// The wire value of a key attribute typed as text.
pub(super) fn key_value(attribute: &KeyAttribute, text: &str) -> Value {
    match attribute.scalar_type {
        ScalarType::S => json!({ "S": text }),
        ScalarType::N => json!({ "N": text.trim() }),
        ScalarType::B => json!({ "B": text.trim() }),
    }
}

/// The text a key attribute's wire value is typed as, if it has the
/// attribute's type.
pub(super) fn key_text(attribute: &KeyAttribute, value: &Value) -> Option<String> {
    let tag = attribute.scalar_type.as_str();
    let object = value.as_object().filter(|o| o.len() == 1)?;
    object.get(tag)?.as_str().map(str::to_string)
}

/// The typed text of a wire key, when it holds exactly the schema's key
/// attributes with their types.
pub(super) fn key_input(schema: &KeySchema, key: &Value) -> Option<KeyInput> {
    let map = key.as_object()?;
    if map.len() != schema.attributes().count() {
        return None;
    }
    let partition = key_text(&schema.partition_key, map.get(&schema.partition_key.name)?)?;
    let sort = match &schema.sort_key {
        Some(attribute) => key_text(attribute, map.get(&attribute.name)?)?,
        None => String::new(),
    };
    Some(KeyInput { partition, sort })
}

/// `ExpressionAttributeNames` from its text: `None` when blank.
pub(super) fn names_value(text: &str) -> Result<Option<Value>, FormError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let parsed: Value =
        serde_json::from_str(text).map_err(|e| FormError::new("names", ApiError::Serialization(e.to_string())))?;
    Ok(Some(parsed))
}

/// `ExpressionAttributeValues` from plain or DynamoDB JSON: `None` when blank.
pub(super) fn values_value(text: &str) -> Result<Option<Value>, FormError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let item = parse_item_json(text).map_err(|e| FormError::new("values", e))?;
    Ok(Some(item_to_wire(&item)))
}

/// An item from plain or DynamoDB JSON (blank is an empty item: the engine
/// then names the missing key, and raw mode can still be opened).
/// `Parameters`: a JSON list whose values are DynamoDB JSON (`{"S": "a"}`)
/// or plain JSON (`"a"`, `3`), as the item editor takes them.
pub(super) fn parameters_value(text: &str) -> Result<Option<Value>, FormError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let invalid = |message: String| FormError::new("parameters", ApiError::Serialization(message));
    let list: Value = serde_json::from_str(text).map_err(|e| invalid(e.to_string()))?;
    let Value::Array(values) = list else {
        return Err(FormError::own("parameters", FormProblem::ParametersNotList, ApiError::Serialization));
    };
    let mut out = Vec::with_capacity(values.len());
    for value in values {
        let typed = value.as_object().is_some_and(|o| o.len() == 1 && o.keys().all(|k| is_type_tag(k)));
        if typed {
            out.push(value);
        } else {
            let mut wrapper = Map::new();
            wrapper.insert("p".into(), value);
            let item =
                parse_item_json(&Value::Object(wrapper).to_string()).map_err(|e| FormError::new("parameters", e))?;
            out.push(item.get("p").map(|v| v.to_wire()).unwrap_or(Value::Null));
        }
    }
    Ok(Some(Value::Array(out)))
}

pub(super) fn item_value(text: &str, field: &str) -> Result<Value, FormError> {
    if text.trim().is_empty() {
        return Ok(Value::Object(Map::new()));
    }
    let item = parse_item_json(text).map_err(|e| FormError::new(field, e))?;
    Ok(item_to_wire(&item))
}

/// Inserts `text` under `member` unless it is blank.
pub(super) fn put_text(body: &mut Map<String, Value>, member: &str, text: &str) {
    if !text.trim().is_empty() {
        body.insert(member.into(), Value::String(text.to_string()));
    }
}

/// Inserts `Limit` when the field holds one; a limit that is not a whole
/// number is the form's own error.
fn put_limit(body: &mut Map<String, Value>, text: &str) -> Result<(), FormError> {
    let limit = text.trim();
    if !limit.is_empty() {
        let number = limit.parse::<i64>().map_err(|_| {
            FormError::own("limit", FormProblem::LimitNotWhole(limit.to_string()), ApiError::validation)
        })?;
        body.insert("Limit".into(), number.into());
    }
    Ok(())
}

/// `TopK` when the field holds one; one that is not a whole number is the
/// form's own error (blank is left out, for the engine to ask for it).
fn put_top_k(body: &mut Map<String, Value>, text: &str) -> Result<(), FormError> {
    let top_k = text.trim();
    if !top_k.is_empty() {
        let number = top_k
            .parse::<i64>()
            .map_err(|_| FormError::own("top-k", FormProblem::TopKNotWhole, ApiError::validation))?;
        body.insert("TopK".into(), number.into());
    }
    Ok(())
}

/// `SearchVector` from a JSON list whose numbers are plain (`0.5`) or
/// DynamoDB JSON (`{"N": "0.5"}`); `None` when blank. Anything else in the
/// list is sent as it is, for the engine to refuse as DynamoDB does.
pub(super) fn vector_value(text: &str) -> Result<Option<Value>, FormError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let list: Value =
        serde_json::from_str(text).map_err(|e| FormError::new("vector", ApiError::Serialization(e.to_string())))?;
    let Value::Array(values) = list else {
        return Err(FormError::own("vector", FormProblem::VectorNotList, ApiError::Serialization));
    };
    let typed = |value: Value| match value {
        Value::Number(number) => json!({ "N": number.to_string() }),
        other => other,
    };
    Ok(Some(Value::Array(values.into_iter().map(typed).collect())))
}

/// Inserts the placeholder maps unless empty.
pub(super) fn put_maps(body: &mut Map<String, Value>, names: Option<Value>, values: Option<Value>) {
    if let Some(names) = names.filter(|n| n.as_object().is_none_or(|o| !o.is_empty())) {
        body.insert("ExpressionAttributeNames".into(), names);
    }
    if let Some(values) = values.filter(|v| v.as_object().is_none_or(|o| !o.is_empty())) {
        body.insert("ExpressionAttributeValues".into(), values);
    }
}

/// The `#name`s and `:value`s an expression mentions.
pub(super) fn placeholders(texts: &[&str]) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for text in texts {
        for token in tokenize(text) {
            if matches!(token.kind, TokenKind::Name | TokenKind::Value) {
                used.insert(token.text(text).to_string());
            }
        }
    }
    used
}

/// Only the entries of a placeholder map that `used` mentions: each action
/// of a transaction carries its own maps, and DynamoDB refuses unused ones.
pub(super) fn only_used(map: &Option<Value>, used: &BTreeSet<String>) -> Option<Value> {
    match map {
        Some(Value::Object(entries)) => {
            let kept: Map<String, Value> = entries
                .iter()
                .filter(|(k, _)| used.contains(k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .json_object();
            (!kept.is_empty()).then_some(Value::Object(kept))
        }
        other => other.clone(),
    }
}

impl Draft {
    /// The request built from the form's fields.
    pub fn build_request(&self, selected: Option<&str>, schema: Option<&KeySchema>) -> Result<Value, FormError> {
        let table = self.table_name(selected).to_string();
        let mut body = Map::new();
        let names = names_value(&self.names)?;
        let values = values_value(&self.values)?;
        match self.operation {
            ItemOperation::GetItem => {
                body.insert("TableName".into(), table.into());
                body.insert("Key".into(), key_map(schema, &self.key));
                if self.consistent {
                    body.insert("ConsistentRead".into(), true.into());
                }
                put_text(&mut body, "ProjectionExpression", &self.projection);
                put_maps(&mut body, names, None);
            }
            ItemOperation::PutItem => {
                body.insert("TableName".into(), table.into());
                body.insert("Item".into(), item_value(&self.item, "item")?);
                put_text(&mut body, "ConditionExpression", &self.condition);
                put_maps(&mut body, names, values);
                put_text(&mut body, "ReturnValues", &self.return_values);
            }
            ItemOperation::UpdateItem => {
                body.insert("TableName".into(), table.into());
                body.insert("Key".into(), key_map(schema, &self.key));
                put_text(&mut body, "UpdateExpression", &self.update);
                put_text(&mut body, "ConditionExpression", &self.condition);
                put_maps(&mut body, names, values);
                put_text(&mut body, "ReturnValues", &self.return_values);
            }
            ItemOperation::DeleteItem => {
                body.insert("TableName".into(), table.into());
                body.insert("Key".into(), key_map(schema, &self.key));
                put_text(&mut body, "ConditionExpression", &self.condition);
                put_maps(&mut body, names, values);
                put_text(&mut body, "ReturnValues", &self.return_values);
            }
            ItemOperation::Query | ItemOperation::Scan => {
                body.insert("TableName".into(), table.into());
                put_text(&mut body, "IndexName", &self.index);
                let (mut names, mut values) = (names, values);
                if self.operation == ItemOperation::Query {
                    if self.key_expression_mode {
                        body.insert("KeyConditionExpression".into(), self.key_condition.clone().into());
                    } else {
                        let picked = self.picked_condition(schema);
                        body.insert("KeyConditionExpression".into(), picked.expression.into());
                        names = Some(merge(names, picked.names));
                        values = Some(merge(values, picked.values));
                    }
                }
                put_text(&mut body, "FilterExpression", &self.filter);
                put_text(&mut body, "ProjectionExpression", &self.projection);
                put_maps(&mut body, names, values);
                if self.consistent {
                    body.insert("ConsistentRead".into(), true.into());
                }
                put_limit(&mut body, &self.limit)?;
                if self.operation == ItemOperation::Query && !self.forward {
                    body.insert("ScanIndexForward".into(), false.into());
                }
                put_text(&mut body, "Select", &self.select);
                if let Some(start) = &self.start_key {
                    body.insert("ExclusiveStartKey".into(), start.clone());
                }
            }
            ItemOperation::SearchVectors => {
                body.insert("TableName".into(), table.into());
                put_text(&mut body, "IndexName", &self.index);
                if let Some(vector) = vector_value(&self.vector)? {
                    body.insert("SearchVector".into(), vector);
                }
                put_top_k(&mut body, &self.top_k)?;
                put_text(&mut body, "SearchConditionExpression", &self.search_condition);
                put_text(&mut body, "ProjectionExpression", &self.projection);
                put_maps(&mut body, names, values);
            }
            ItemOperation::BatchGetItem => {
                let keys: Vec<Value> = self.keys.iter().map(|k| key_map(schema, k)).collect();
                let mut entry = Map::new();
                entry.insert("Keys".into(), keys.into());
                put_text(&mut entry, "ProjectionExpression", &self.projection);
                put_maps(&mut entry, names, None);
                if self.consistent {
                    entry.insert("ConsistentRead".into(), true.into());
                }
                let mut items = Map::new();
                items.insert(table, Value::Object(entry));
                body.insert("RequestItems".into(), Value::Object(items));
            }
            ItemOperation::BatchWriteItem => {
                let mut requests = Vec::new();
                for (i, row) in self.writes.iter().enumerate() {
                    requests.push(match row.kind {
                        WriteKind::Delete => json!({ "DeleteRequest": { "Key": key_map(schema, &row.key) } }),
                        _ => json!({ "PutRequest": { "Item": item_value(&row.item, &format!("write-{i}"))? } }),
                    });
                }
                let mut items = Map::new();
                items.insert(table, requests.into());
                body.insert("RequestItems".into(), Value::Object(items));
            }
            ItemOperation::TransactGetItems => {
                let used = placeholders(&[&self.projection]);
                let gets: Vec<Value> = self
                    .keys
                    .iter()
                    .map(|key| {
                        let mut get = Map::new();
                        get.insert("TableName".into(), table.clone().into());
                        get.insert("Key".into(), key_map(schema, key));
                        put_text(&mut get, "ProjectionExpression", &self.projection);
                        put_maps(&mut get, only_used(&names, &used), None);
                        json!({ "Get": get })
                    })
                    .collect();
                body.insert("TransactItems".into(), gets.into());
            }
            ItemOperation::ExecuteStatement => {
                body.insert("Statement".into(), self.statement.clone().into());
                if let Some(parameters) = parameters_value(&self.parameters)? {
                    body.insert("Parameters".into(), parameters);
                }
                if self.consistent {
                    body.insert("ConsistentRead".into(), true.into());
                }
                put_limit(&mut body, &self.limit)?;
                if let Some(token) = &self.next_token {
                    body.insert("NextToken".into(), token.clone().into());
                }
            }
            ItemOperation::TransactWriteItems => {
                let mut actions = Vec::new();
                for (i, row) in self.writes.iter().enumerate() {
                    let mut action = Map::new();
                    action.insert("TableName".into(), table.clone().into());
                    match row.kind {
                        WriteKind::Put => {
                            action.insert("Item".into(), item_value(&row.item, &format!("write-{i}"))?);
                        }
                        WriteKind::Update => {
                            action.insert("Key".into(), key_map(schema, &row.key));
                            put_text(&mut action, "UpdateExpression", &row.update);
                        }
                        WriteKind::Delete | WriteKind::ConditionCheck => {
                            action.insert("Key".into(), key_map(schema, &row.key));
                        }
                    }
                    put_text(&mut action, "ConditionExpression", &row.condition);
                    let used = placeholders(&[&row.update, &row.condition]);
                    put_maps(&mut action, only_used(&names, &used), only_used(&values, &used));
                    let mut wrapped = Map::new();
                    wrapped.insert(row.kind.name().into(), Value::Object(action));
                    actions.push(Value::Object(wrapped));
                }
                body.insert("TransactItems".into(), actions.into());
            }
        }
        if !self.return_consumed.is_empty() {
            body.insert("ReturnConsumedCapacity".into(), self.return_consumed.clone().into());
        }
        if self.extra_for == Some(self.operation) {
            for (member, value) in &self.extra {
                body.insert(member.clone(), value.clone());
            }
        }
        Ok(Value::Object(body))
    }
}
