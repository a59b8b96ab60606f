//! A `PutStreamTrigger` request checked and turned into a [`StreamTrigger`].
//!
//! Everything is checked before anything changes: the tables exist, the
//! source table's stream is enabled and keeps the images the trigger reads,
//! the key names exactly the target's key attributes, and the filter and
//! the update expression pass the same checks a ConditionExpression and an
//! UpdateItem request do (with DynamoDB's messages). The update is checked
//! by building the UpdateItem request with stand-in values.

use std::collections::VecDeque;

use serde_json::{Map, Value};

use super::{Image, StreamTrigger, TriggerStats, TriggerUpdate, ValueSource};
use crate::engine::api::item::UpdateItemInput;
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::{Condition, Placeholders, Usage};
use crate::engine::ordered::{self, Ordered};
use crate::engine::schema::ScalarType;
use crate::engine::streams::StreamViewType;
use crate::engine::table::Table;
use crate::engine::value::wire::item_from_wire;
use crate::engine::Engine;

const TRIGGER_MEMBERS: &[&str] = &["TableName", "TriggerName", "Events", "Filter", "StartingPosition", "Update"];
const FILTER_MEMBERS: &[&str] = &["ConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues"];
const UPDATE_MEMBERS: &[&str] =
    &["TableName", "Key", "UpdateExpression", "ExpressionAttributeNames", "ExpressionAttributeValues"];
const EVENTS: &[&str] = &["INSERT", "MODIFY", "REMOVE"];
const MAX_NAME_LENGTH: usize = 64;

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::validation(message)
}

/// `value` as an object with only the `allowed` members.
pub(super) fn members<'a>(value: &'a Value, allowed: &[&str]) -> Result<&'a Map<String, Value>> {
    let Value::Object(map) = value else { return Err(invalid("The request must be a JSON object")) };
    if let Some(unknown) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(invalid(format!("Unknown member '{unknown}': expected one of {}", allowed.join(", "))));
    }
    Ok(map)
}

pub(super) fn optional_string<'a>(map: &'a Map<String, Value>, name: &str) -> Result<Option<&'a str>> {
    match map.get(name) {
        None => Ok(None),
        Some(Value::String(s)) if !s.is_empty() => Ok(Some(s)),
        Some(_) => Err(invalid(format!("{name} must be a non-empty string"))),
    }
}

pub(super) fn required_string<'a>(map: &'a Map<String, Value>, name: &str) -> Result<&'a str> {
    optional_string(map, name)?.ok_or_else(|| invalid(format!("{name} is required")))
}

pub(super) fn existing_table<'a>(engine: &'a Engine, name: &str) -> Result<&'a Table> {
    engine
        .tables
        .get(name)
        .ok_or_else(|| ApiError::ResourceNotFound(format!("Requested resource not found: Table: {name} not found")))
}

fn trigger_name(name: &str) -> Result<()> {
    let fits = name.len() <= MAX_NAME_LENGTH
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if fits {
        Ok(())
    } else {
        Err(invalid(format!(
            "TriggerName '{name}' must be 1 to {MAX_NAME_LENGTH} characters of a-z, A-Z, 0-9, '_', '-' and '.'"
        )))
    }
}

fn events(value: Option<&Value>) -> Result<Vec<&'static str>> {
    let bad = || invalid(format!("Events must be a non-empty list of {}", EVENTS.join(", ")));
    let Some(Value::Array(given)) = value else { return Err(bad()) };
    if given.is_empty() {
        return Err(bad());
    }
    let mut out = Vec::new();
    for event in given {
        let text = event.as_str().unwrap_or_default();
        let Some(known) = EVENTS.iter().find(|e| **e == text) else {
            return Err(invalid(format!("Unknown event {event} in Events: expected {}", EVENTS.join(", "))));
        };
        if out.contains(known) {
            return Err(invalid(format!("Events names {known} twice")));
        }
        out.push(*known);
    }
    Ok(out)
}

/// A value source (see the module docs of `triggers`).
fn value_source(value: &Value, context: &str) -> Result<ValueSource> {
    let Value::Object(map) = value else {
        return Err(invalid(format!(
            "{context} must be a value in DynamoDB JSON, a {{\"From\": …}} or a {{\"Delta\": …}}"
        )));
    };
    if let Some(from) = map.get("From") {
        members(value, &["From", "Before"]).map_err(|e| invalid(format!("{context}: {}", e.message())))?;
        let text = from.as_str().unwrap_or_default();
        let parsed = text.split_once('.').and_then(|(image, name)| Some((Image::parse(image)?, name)));
        let Some((image, name)) = parsed.filter(|(_, name)| !name.is_empty()) else {
            return Err(invalid(format!(
                "{context}: From must be Keys.<attribute>, NewImage.<attribute> or OldImage.<attribute>, not {from}"
            )));
        };
        let before = match map.get("Before") {
            None => None,
            Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
            Some(_) => return Err(invalid(format!("{context}: Before must be a non-empty string"))),
        };
        return Ok(ValueSource::Attribute { image, name: name.to_string(), before });
    }
    if let Some(delta) = map.get("Delta") {
        members(value, &["Delta"]).map_err(|e| invalid(format!("{context}: {}", e.message())))?;
        return match delta {
            Value::String(name) if !name.is_empty() => Ok(ValueSource::Delta(name.clone())),
            _ => Err(invalid(format!("{context}: Delta must name an attribute"))),
        };
    }
    let mut wrapped = Map::new();
    wrapped.insert("v".into(), value.clone());
    let item = item_from_wire(&Value::Object(wrapped)).map_err(|e| invalid(format!("{context}: {}", e.message())))?;
    item.get("v").cloned().map(ValueSource::Constant).ok_or_else(|| invalid(format!("{context} is empty")))
}

/// Each member of an object of value sources, in name order.
fn value_sources(value: Option<&Value>, member: &str) -> Result<Vec<(String, ValueSource)>> {
    match value {
        None => Ok(Vec::new()),
        Some(Value::Object(map)) => {
            map.iter().map(|(name, v)| Ok((name.clone(), value_source(v, &format!("{member}.{name}"))?))).collect()
        }
        Some(_) => Err(invalid(format!("{member} must be an object"))),
    }
}

/// Whether `view` keeps what `source` reads; the message when it does not.
fn readable(source: &ValueSource, view: StreamViewType, table: &str) -> Result<()> {
    let (needs, what) = match source {
        ValueSource::Constant(_) | ValueSource::Attribute { image: Image::Keys, .. } => return Ok(()),
        ValueSource::Attribute { image: Image::NewImage, name, .. } => {
            (matches!(view, StreamViewType::NewImage | StreamViewType::NewAndOldImages), format!("NewImage.{name}"))
        }
        ValueSource::Attribute { image: Image::OldImage, name, .. } => {
            (matches!(view, StreamViewType::OldImage | StreamViewType::NewAndOldImages), format!("OldImage.{name}"))
        }
        ValueSource::Delta(name) => (view == StreamViewType::NewAndOldImages, format!("Delta of {name}")),
    };
    if needs {
        Ok(())
    } else {
        Err(invalid(format!(
            "The trigger reads {what}, but the stream of table {table} has StreamViewType {}",
            view.as_str()
        )))
    }
}

/// A stand-in for a value source, to check the update before any record.
fn stand_in(source: &ValueSource, key_type: Option<ScalarType>) -> Value {
    match (source, key_type) {
        (ValueSource::Constant(value), _) => value.to_wire(),
        (_, Some(ScalarType::N)) | (ValueSource::Delta(_), _) => serde_json::json!({"N": "1"}),
        (_, Some(ScalarType::B)) => serde_json::json!({"B": "AA=="}),
        (ValueSource::Attribute { before: None, .. }, None) => serde_json::json!({"N": "1"}),
        _ => serde_json::json!({"S": "x"}),
    }
}

impl Engine {
    /// A checked trigger from a `PutStreamTrigger` request (see the module
    /// docs); its position is where `StartingPosition` says.
    pub(super) fn parse_trigger(&self, request: &Value) -> Result<StreamTrigger> {
        let map = members(request, TRIGGER_MEMBERS)?;
        let table_name = required_string(map, "TableName")?;
        let name = required_string(map, "TriggerName")?;
        trigger_name(name)?;
        let events = events(map.get("Events"))?;
        let from_start = match optional_string(map, "StartingPosition")? {
            None | Some("LATEST") => false,
            Some("TRIM_HORIZON") => true,
            Some(other) => {
                return Err(invalid(format!("StartingPosition must be LATEST or TRIM_HORIZON, not {other}")))
            }
        };
        let update_value = map.get("Update").ok_or_else(|| invalid("Update is required"))?;
        let update = members(update_value, UPDATE_MEMBERS).map_err(|e| invalid(format!("Update: {}", e.message())))?;

        let table = existing_table(self, table_name)?;
        let Some(stream) = table.enabled_stream() else {
            return Err(invalid(format!(
                "Table {table_name} has no enabled stream: a trigger reads the table's stream (StreamSpecification)"
            )));
        };
        let view = stream.view_type;

        let filter = match map.get("Filter") {
            None => None,
            Some(filter) => {
                let f = members(filter, FILTER_MEMBERS).map_err(|e| invalid(format!("Filter: {}", e.message())))?;
                if view == StreamViewType::KeysOnly {
                    return Err(invalid(format!(
                        "A Filter reads the record's images, but the stream of table {table_name} has StreamViewType KEYS_ONLY"
                    )));
                }
                let text = required_string(f, "ConditionExpression")?;
                let placeholders =
                    Placeholders::from_request(f.get("ExpressionAttributeNames"), f.get("ExpressionAttributeValues"))?;
                let mut usage = Usage::new();
                let condition = Condition::parse(text, "ConditionExpression", &placeholders, &mut usage)?;
                usage.check_all_used(&placeholders)?;
                Some(condition)
            }
        };

        let target_name =
            required_string(update, "TableName").map_err(|e| invalid(format!("Update.{}", e.message())))?;
        let target = existing_table(self, target_name)?;
        if target_name == table_name && filter.is_none() {
            return Err(invalid(format!(
                "A trigger that updates its own table ({table_name}) needs a Filter that leaves its own writes out: \
                 otherwise each of its writes is a record that triggers the next"
            )));
        }
        let key = value_sources(update.get("Key"), "Update.Key")?;
        let schema = &target.definition.key_schema;
        let wanted: Vec<&str> = schema.attributes().map(|a| a.name.as_str()).collect();
        let mut given: Vec<&str> = key.iter().map(|(n, _)| n.as_str()).collect();
        ordered::sort(&mut given);
        let mut sorted = wanted.clone();
        ordered::sort(&mut sorted);
        if given != sorted {
            return Err(invalid(format!(
                "Update.Key must name exactly the key attributes of table {target_name}: {}",
                wanted.join(", ")
            )));
        }
        let expression = required_string(update, "UpdateExpression")
            .map_err(|e| invalid(format!("Update.{}", e.message())))?
            .to_string();
        let values = value_sources(update.get("ExpressionAttributeValues"), "Update.ExpressionAttributeValues")?;
        for (_, source) in key.iter().chain(&values) {
            readable(source, view, table_name)?;
        }

        // The UpdateItem it will run, with stand-in values: DynamoDB's
        // checks of the expression and its placeholders, before any record.
        let key_type = |name: &str| schema.attributes().find(|a| a.name == name).map(|a| a.scalar_type);
        let probe_key = key.iter().map(|(n, s)| (n.clone(), stand_in(s, key_type(n)))).json_object();
        let probe_values = values.iter().map(|(n, s)| (n.clone(), stand_in(s, None))).json_object();
        let mut probe = Map::new();
        probe.insert("TableName".into(), target_name.into());
        probe.insert("Key".into(), Value::Object(probe_key));
        probe.insert("UpdateExpression".into(), expression.clone().into());
        if let Some(names) = update.get("ExpressionAttributeNames") {
            probe.insert("ExpressionAttributeNames".into(), names.clone());
        }
        if !probe_values.is_empty() {
            probe.insert("ExpressionAttributeValues".into(), Value::Object(probe_values));
        }
        UpdateItemInput::parse(&Value::Object(probe))?.validate()?;

        let position = if from_start {
            (stream.arn.clone(), stream.trimmed_before)
        } else {
            (stream.arn.clone(), stream.next_sequence)
        };
        Ok(StreamTrigger {
            table: table_name.to_string(),
            name: name.to_string(),
            events,
            filter,
            update: TriggerUpdate {
                table: target_name.to_string(),
                key,
                expression,
                names: update.get("ExpressionAttributeNames").cloned(),
                values,
            },
            definition: request.clone(),
            created_millis: self.clock.now_millis(),
            position: Some(position),
            stats: TriggerStats::default(),
            recent: VecDeque::new(),
        })
    }
}
