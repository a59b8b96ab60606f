//! The learner's solution as typed: the tables, each entity type's
//! mappings and each pattern's operation and request, every one the text
//! of its field. It is saved as typed (under [`DRAFT_PREFIX`] and the
//! exercise's id) after every edit, so a field that is not JSON yet is
//! kept too; only [`Draft::solution`] reads the texts, and says which one
//! is not JSON.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use crate::engine::exercise::format::Kind;
use crate::engine::exercise::{Exercise, Solution};
use crate::engine::ordered::Ordered;
use crate::page_model::format::pretty;
use crate::ui::browser::local_storage;

/// Where a draft is kept: this and the exercise's id.
pub const DRAFT_PREFIX: &str = "ddb-playground/exercise-draft/";

/// One pattern's request, as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct RequestDraft {
    pub operation: String,
    pub text: String,
}

/// A solution as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    pub tables: String,
    pub mappings: BTreeMap<String, String>,
    pub requests: BTreeMap<String, RequestDraft>,
}

/// The request an operation takes, as a skeleton to fill in.
pub fn skeleton(operation: &str) -> Value {
    match operation {
        "GetItem" | "DeleteItem" => json!({"TableName": "", "Key": {}}),
        "Query" => json!({"TableName": "", "KeyConditionExpression": "", "ExpressionAttributeValues": {}}),
        "Scan" => json!({"TableName": ""}),
        "PutItem" => json!({"TableName": "", "Item": {}}),
        "UpdateItem" => json!({"TableName": "", "Key": {}, "UpdateExpression": "", "ExpressionAttributeValues": {}}),
        "ExecuteStatement" => json!({"Statement": ""}),
        "BatchGetItem" | "BatchWriteItem" => json!({"RequestItems": {}}),
        "TransactGetItems" | "TransactWriteItems" => json!({"TransactItems": []}),
        _ => json!({}),
    }
}

impl Draft {
    /// A fresh draft for `exercise`: no tables, a mapping skeleton per
    /// entity type, a Query (read) or PutItem (write) skeleton per pattern.
    pub fn fresh(exercise: &Exercise) -> Self {
        let mapping = pretty(&json!({"TableName": "", "Attributes": {}}));
        let requests = exercise
            .patterns
            .iter()
            .map(|p| {
                let operation = if p.kind == Kind::Read { "Query" } else { "PutItem" };
                let request = RequestDraft { operation: operation.into(), text: pretty(&skeleton(operation)) };
                (p.name.clone(), request)
            })
            .ordered_map();
        Draft {
            tables: "[]".into(),
            mappings: exercise.entities.keys().map(|e| (e.clone(), mapping.clone())).ordered_map(),
            requests,
        }
    }

    /// The draft of a solution document (the model answer), pretty.
    pub fn of_solution(exercise: &Exercise, solution: &Value) -> Self {
        let mut draft = Draft::fresh(exercise);
        if let Some(tables) = solution.get("Tables") {
            draft.tables = pretty(tables);
        }
        for (entity, mapping) in solution.get("Mappings").and_then(Value::as_object).into_iter().flatten() {
            draft.mappings.insert(entity.clone(), pretty(mapping));
        }
        for (name, request) in solution.get("Requests").and_then(Value::as_object).into_iter().flatten() {
            let operation = request.get("Operation").and_then(Value::as_str).unwrap_or_default().to_string();
            let text = request.get("Request").map(pretty).unwrap_or_default();
            draft.requests.insert(name.clone(), RequestDraft { operation, text });
        }
        draft
    }

    /// The solution document, or the field that is no JSON with the
    /// parser's message.
    pub fn document(&self) -> Result<Value, (String, String)> {
        let read =
            |at: &str, text: &str| serde_json::from_str::<Value>(text).map_err(|e| (at.to_string(), e.to_string()));
        let tables = read("Tables", &self.tables)?;
        let mut mappings = Map::new();
        for (entity, text) in &self.mappings {
            mappings.insert(entity.clone(), read(entity, text)?);
        }
        let mut requests = Map::new();
        for (name, request) in &self.requests {
            let body = read(name, &request.text)?;
            requests.insert(name.clone(), json!({"Operation": request.operation, "Request": body}));
        }
        Ok(json!({"Tables": tables, "Mappings": mappings, "Requests": requests}))
    }

    /// The solution, or what stops it in words: the field that is no JSON,
    /// or the engine's `ValidationException`.
    pub fn solution(&self, not_json: fn(&str, &str) -> String) -> Result<Solution, String> {
        let document = self.document().map_err(|(at, message)| not_json(&at, &message))?;
        Solution::from_json(&document).map_err(|e| format!("{}: {}", e.name(), e.message()))
    }

    fn to_json(&self) -> Value {
        let requests: Map<String, Value> = self
            .requests
            .iter()
            .map(|(k, r)| (k.clone(), json!({"Operation": r.operation, "Text": r.text})))
            .json_object();
        json!({"Tables": self.tables, "Mappings": self.mappings, "Requests": requests})
    }

    /// The draft kept for `exercise`, over a fresh one (so a pattern or
    /// entity type it lacks gets its skeleton).
    pub fn saved(id: &str, exercise: &Exercise) -> Self {
        let mut draft = Draft::fresh(exercise);
        let kept = local_storage()
            .and_then(|s| s.get_item(&format!("{DRAFT_PREFIX}{id}")).ok().flatten())
            .and_then(|text| serde_json::from_str::<Value>(&text).ok());
        let Some(kept) = kept else { return draft };
        if let Some(tables) = kept.get("Tables").and_then(Value::as_str) {
            draft.tables = tables.to_string();
        }
        for (entity, text) in kept.get("Mappings").and_then(Value::as_object).into_iter().flatten() {
            if let (Some(slot), Some(text)) = (draft.mappings.get_mut(entity), text.as_str()) {
                *slot = text.to_string();
            }
        }
        for (name, request) in kept.get("Requests").and_then(Value::as_object).into_iter().flatten() {
            let field = |f: &str| request.get(f).and_then(Value::as_str).map(str::to_string);
            if let (Some(slot), Some(operation), Some(text)) =
                (draft.requests.get_mut(name), field("Operation"), field("Text"))
            {
                *slot = RequestDraft { operation, text };
            }
        }
        draft
    }

    /// Keeps the draft for exercise `id` (a full storage keeps the older
    /// copy; the fields still hold what was typed).
    pub fn save(&self, id: &str) {
        if let Some(storage) = local_storage() {
            let _ = storage.set_item(&format!("{DRAFT_PREFIX}{id}"), &self.to_json().to_string());
        }
    }
}
