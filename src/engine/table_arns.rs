//! A table's ARN where its name is asked for. Every `TableName` (and the
//! table keys of a batch's `RequestItems`, and each transaction action's
//! `TableName`) may be the table's ARN instead,
//! `arn:aws:dynamodb:<region>:<account>:table/<name>`. The request is run
//! with the names the ARNs give; the answer then names the table as the
//! request did: `ConsumedCapacity`'s `TableName` and a batch's `Responses`,
//! `UnprocessedItems`, `UnprocessedKeys` and `ItemCollectionMetrics` are
//! keyed by the ARN again. Descriptions keep the name (with the ARN in
//! `TableArn`).
//!
//! An ARN of another account is IAM's refusal and one of another region is
//! not an ARN this endpoint answers for, as for the tag operations
//! (`ops/tags.rs`). Semantics: docs/dynamodb-semantics.md, section F
//! ("A table's ARN for its name").

use serde_json::{Map, Value};

use super::api::tags::table_arn;
use super::error::Result;
use super::Engine;

/// The actions of a TransactWriteItems or TransactGetItems item.
const ACTIONS: &[&str] = &["Put", "Update", "Delete", "ConditionCheck", "Get"];

/// The names a request gave as ARNs: (name, ARN).
pub(crate) type Given = Vec<(String, String)>;

impl Engine {
    /// The table a table-name place holds: a name as it is, an ARN of this
    /// account and region as the name it gives (noted in `given`).
    fn table_name_of(&self, operation: &str, text: &str, given: &mut Given) -> Result<Option<String>> {
        if !text.starts_with("arn:") {
            return Ok(None);
        }
        let arn = table_arn(text)?;
        self.check_own_arn(operation, &arn)?;
        if !given.iter().any(|(name, _)| *name == arn.table_name) {
            given.push((arn.table_name.clone(), arn.arn.clone()));
        }
        Ok(Some(arn.table_name))
    }

    /// `request` with its table ARNs replaced by the names they give, and
    /// those names; `None` if it names no table by ARN.
    pub(crate) fn names_for_arns(&self, operation: &str, request: &Value) -> Result<Option<(Value, Given)>> {
        // Most requests name their tables: look before copying anything.
        if !names_an_arn(request) {
            return Ok(None);
        }
        let mut given = Given::new();
        let mut request = request.clone();
        if let Some(place) = request.get_mut("TableName") {
            let text = place.as_str().unwrap_or_default().to_string();
            if let Some(name) = self.table_name_of(operation, &text, &mut given)? {
                *place = name.into();
            }
        }
        if let Some(items) = request.get_mut("RequestItems").and_then(Value::as_object_mut) {
            let mut renamed = Map::new();
            for (table, value) in std::mem::take(items) {
                let name = self.table_name_of(operation, &table, &mut given)?.unwrap_or(table);
                renamed.insert(name, value);
            }
            *items = renamed;
        }
        if let Some(list) = request.get_mut("TransactItems").and_then(Value::as_array_mut) {
            for item in list.iter_mut() {
                for action in ACTIONS {
                    let Some(place) = item.get_mut(*action).and_then(|a| a.get_mut("TableName")) else { continue };
                    let Some(text) = place.as_str() else { continue };
                    if let Some(name) = self.table_name_of(operation, text, &mut given)? {
                        *place = name.into();
                    }
                }
            }
        }
        Ok((!given.is_empty()).then_some((request, given)))
    }
}

/// Whether any table-name place of `request` holds an ARN.
fn names_an_arn(request: &Value) -> bool {
    let arn = |v: Option<&Value>| v.and_then(Value::as_str).is_some_and(|t| t.starts_with("arn:"));
    arn(request.get("TableName"))
        || request
            .get("RequestItems")
            .and_then(Value::as_object)
            .is_some_and(|m| m.keys().any(|k| k.starts_with("arn:")))
        || request.get("TransactItems").and_then(Value::as_array).is_some_and(|list| {
            list.iter().any(|item| ACTIONS.iter().any(|a| arn(item.get(*a).and_then(|a| a.get("TableName")))))
        })
}

/// Names the tables in `body` as the request did: by ARN where it gave one.
pub(crate) fn echo_arns(body: &mut Value, given: &Given) {
    let arn_of = |name: &str| given.iter().find(|(n, _)| n == name).map(|(_, arn)| arn.clone());
    match body.get_mut("ConsumedCapacity") {
        Some(Value::Array(list)) => list.iter_mut().for_each(|c| rename_table_name(c, &arn_of)),
        Some(one) => rename_table_name(one, &arn_of),
        None => {}
    }
    for member in ["Responses", "UnprocessedItems", "UnprocessedKeys", "ItemCollectionMetrics"] {
        let Some(map) = body.get_mut(member).and_then(Value::as_object_mut) else { continue };
        for (table, value) in std::mem::take(map) {
            map.insert(arn_of(&table).unwrap_or(table), value);
        }
    }
}

fn rename_table_name(capacity: &mut Value, arn_of: &impl Fn(&str) -> Option<String>) {
    if let Some(place) = capacity.get_mut("TableName") {
        if let Some(arn) = place.as_str().and_then(arn_of) {
            *place = arn.into();
        }
    }
}
