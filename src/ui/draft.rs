//! The query console's request drafts: what the operation builder's form
//! holds, and how it becomes the JSON body an SDK sends (and back again).
//!
//! A [`Draft`] keeps every field of every operation at once, as typed, so
//! switching from Query to Scan and back loses nothing. Building a request
//! reads only the fields the chosen operation takes:
//!
//! ```text
//!   Draft (text, as typed) ──build_request(schema)──► request JSON ──► dry run / execute
//!        ▲                                                  │
//!        └──────────────── from_request(schema) ◄───────────┘   (raw mode → form)
//! ```
//!
//! Values may be typed as plain JSON or DynamoDB JSON (see
//! [`parse_item_json`]); the request always carries DynamoDB JSON, as an
//! SDK's would. Key fields are plain text typed by the table's key schema
//! (a number key's text becomes `{"N": text}`), so the engine, not the form,
//! answers a bad key with DynamoDB's own error.
//!
//! Raw mode edits the request itself. Members the form has no field for
//! (`Segment`, a legacy `QueryFilter`, a second table in a batch …) are
//! kept in [`Draft::extra`] and sent along unchanged, so a round trip
//! raw → form → raw keeps the request whole.
//!
//! Everything here is pure: no Yew, no engine borrow; errors are values.

use std::collections::BTreeSet;

use serde_json::{json, Map, Value};

use super::format::{editor_text_for, pretty};
use super::limits;
use crate::engine::expr::lexer::{tokenize, TokenKind};
use crate::engine::ordered::Ordered;
use crate::engine::schema::{KeyAttribute, KeySchema, ScalarType};
use crate::engine::value::document::parse_item_json;
use crate::engine::value::wire::{is_type_tag, item_from_wire, item_to_wire};
use crate::engine::ApiError;
use crate::i18n::{FormProblem, Lang, Msg};

/// The item operations the console builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Operation {
    GetItem,
    PutItem,
    UpdateItem,
    DeleteItem,
    Query,
    Scan,
    BatchGetItem,
    BatchWriteItem,
    TransactGetItems,
    TransactWriteItems,
    /// A PartiQL statement.
    ExecuteStatement,
}

impl Operation {
    /// In the order DynamoDB's API reference groups them, PartiQL last.
    pub const ALL: [Operation; 11] = [
        Self::Query,
        Self::Scan,
        Self::GetItem,
        Self::PutItem,
        Self::UpdateItem,
        Self::DeleteItem,
        Self::BatchGetItem,
        Self::BatchWriteItem,
        Self::TransactGetItems,
        Self::TransactWriteItems,
        Self::ExecuteStatement,
    ];

    /// The name in `X-Amz-Target`.
    pub fn name(self) -> &'static str {
        match self {
            Self::GetItem => "GetItem",
            Self::PutItem => "PutItem",
            Self::UpdateItem => "UpdateItem",
            Self::DeleteItem => "DeleteItem",
            Self::Query => "Query",
            Self::Scan => "Scan",
            Self::BatchGetItem => "BatchGetItem",
            Self::BatchWriteItem => "BatchWriteItem",
            Self::TransactGetItems => "TransactGetItems",
            Self::TransactWriteItems => "TransactWriteItems",
            Self::ExecuteStatement => "ExecuteStatement",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|op| op.name() == name)
    }

    /// Query and Scan: the operations that read pages.
    pub fn pages(self) -> bool {
        matches!(self, Self::Query | Self::Scan)
    }

    /// Whether the operation can change data (a run changes the table; a
    /// dry run rolls it back).
    pub fn writes(self) -> bool {
        matches!(
            self,
            Self::PutItem | Self::UpdateItem | Self::DeleteItem | Self::BatchWriteItem | Self::TransactWriteItems
        )
    }
}

/// Which editor a draft is shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Form,
    Raw,
}

/// A primary key as typed: the partition key's and the sort key's text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyInput {
    pub partition: String,
    pub sort: String,
}

/// The sort-key half of the Query key picker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortOp {
    /// No sort-key condition: the whole item collection.
    Any,
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
    Between,
    BeginsWith,
}

impl SortOp {
    pub const ALL: [SortOp; 8] =
        [Self::Any, Self::Eq, Self::Lt, Self::Le, Self::Gt, Self::Ge, Self::Between, Self::BeginsWith];

    /// The `<option>` value.
    pub fn code(self) -> &'static str {
        match self {
            Self::Any => "any",
            Self::Eq => "=",
            Self::Lt => "<",
            Self::Le => "<=",
            Self::Gt => ">",
            Self::Ge => ">=",
            Self::Between => "between",
            Self::BeginsWith => "begins_with",
        }
    }

    /// What the `<option>` says.
    pub fn label(self) -> &'static str {
        match self {
            Self::Any => "any (whole collection)",
            Self::Eq => "=",
            Self::Lt => "<",
            Self::Le => "<=",
            Self::Gt => ">",
            Self::Ge => ">=",
            Self::Between => "BETWEEN … AND …",
            Self::BeginsWith => "begins_with",
        }
    }

    pub fn parse(code: &str) -> Self {
        Self::ALL.into_iter().find(|op| op.code() == code).unwrap_or(Self::Any)
    }
}

/// One action of a BatchWriteItem or TransactWriteItems.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteKind {
    Put,
    Update,
    Delete,
    ConditionCheck,
}

impl WriteKind {
    pub const ALL: [WriteKind; 4] = [Self::Put, Self::Update, Self::Delete, Self::ConditionCheck];

    /// The member naming the action in a TransactWriteItems.
    pub fn name(self) -> &'static str {
        match self {
            Self::Put => "Put",
            Self::Update => "Update",
            Self::Delete => "Delete",
            Self::ConditionCheck => "ConditionCheck",
        }
    }

    pub fn parse(name: &str) -> Self {
        Self::ALL.into_iter().find(|kind| kind.name() == name).unwrap_or(Self::Put)
    }
}

/// One row of a batch or transaction write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteRow {
    pub kind: WriteKind,
    /// The item of a Put.
    pub item: String,
    /// The key of an Update, Delete or ConditionCheck.
    pub key: KeyInput,
    pub update: String,
    pub condition: String,
}

impl Default for WriteRow {
    fn default() -> Self {
        Self {
            kind: WriteKind::Put,
            item: String::new(),
            key: KeyInput::default(),
            update: String::new(),
            condition: String::new(),
        }
    }
}

/// Everything the operation builder shows, as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    pub operation: Operation,
    /// The table; empty means "the table selected on the left".
    pub table: String,
    /// Query and Scan: `IndexName`; empty to read the table itself.
    pub index: String,
    /// The key of GetItem, UpdateItem, DeleteItem.
    pub key: KeyInput,
    /// The item of PutItem.
    pub item: String,
    /// Query: true when the key condition is typed as an expression, false
    /// when it comes from the key picker below.
    pub key_expression_mode: bool,
    pub partition_value: String,
    pub sort_op: SortOp,
    pub sort_value: String,
    pub sort_value2: String,
    pub key_condition: String,
    pub filter: String,
    pub projection: String,
    pub condition: String,
    pub update: String,
    /// `ExpressionAttributeNames` as JSON text.
    pub names: String,
    /// `ExpressionAttributeValues` as plain or DynamoDB JSON text.
    pub values: String,
    pub consistent: bool,
    pub limit: String,
    pub forward: bool,
    /// `Select`; empty for DynamoDB's default.
    pub select: String,
    /// `ReturnValues`; empty for DynamoDB's default (`NONE`).
    pub return_values: String,
    /// `ReturnConsumedCapacity`.
    pub return_consumed: String,
    /// `ExclusiveStartKey`, set by "Next page" or raw mode.
    pub start_key: Option<Value>,
    /// The keys of BatchGetItem and TransactGetItems.
    pub keys: Vec<KeyInput>,
    /// The actions of BatchWriteItem and TransactWriteItems.
    pub writes: Vec<WriteRow>,
    /// ExecuteStatement: the PartiQL statement.
    pub statement: String,
    /// ExecuteStatement: `Parameters` as a JSON list of DynamoDB JSON values
    /// (or plain JSON values); empty for none.
    pub parameters: String,
    /// ExecuteStatement: the `NextToken` "Next page" resumes from.
    pub next_token: Option<String>,
    /// Request members the form has no field for, sent as they are, and the
    /// operation they belong to (they are dropped for any other).
    pub extra: Map<String, Value>,
    pub extra_for: Option<Operation>,
    pub mode: Mode,
    /// The raw editor's text (raw mode only).
    pub raw: String,
}

impl Default for Draft {
    fn default() -> Self {
        Self {
            operation: Operation::Query,
            table: String::new(),
            index: String::new(),
            key: KeyInput::default(),
            item: String::new(),
            key_expression_mode: false,
            partition_value: String::new(),
            sort_op: SortOp::Any,
            sort_value: String::new(),
            sort_value2: String::new(),
            key_condition: String::new(),
            filter: String::new(),
            projection: String::new(),
            condition: String::new(),
            update: String::new(),
            names: String::new(),
            values: String::new(),
            consistent: false,
            limit: String::new(),
            forward: true,
            select: String::new(),
            return_values: String::new(),
            return_consumed: "TOTAL".into(),
            start_key: None,
            keys: vec![KeyInput::default()],
            writes: vec![WriteRow::default()],
            statement: String::new(),
            parameters: String::new(),
            next_token: None,
            extra: Map::new(),
            extra_for: None,
            mode: Mode::Form,
            raw: String::new(),
        }
    }
}

/// Why a form could not become a request: which field, and the error the
/// parser gave (a `SerializationException` for JSON that does not parse).
///
/// The JSON parser's and the engine's messages are passed on as they are
/// (DynamoDB answers in English too); a problem the form itself found
/// (`Limit` is not a whole number …) is also kept as a [`FormProblem`], so
/// the page words it in its language.
#[derive(Clone, Debug, PartialEq)]
pub struct FormError {
    /// The field's name as the builder spells it: "values", "names",
    /// "item", "limit", "raw", "write-2" …
    pub field: String,
    /// The error, its message in English.
    pub error: ApiError,
    /// The form's own problem, if the form found it.
    pub problem: Option<FormProblem>,
}

impl FormError {
    fn new(field: impl Into<String>, error: ApiError) -> Self {
        Self { field: field.into(), error, problem: None }
    }

    /// A problem the form found, as an error of `kind` (its message the
    /// English wording).
    fn own(field: impl Into<String>, problem: FormProblem, kind: fn(String) -> ApiError) -> Self {
        let error = kind(Lang::En.tr().form_problem(&problem));
        Self { field: field.into(), error, problem: Some(problem) }
    }

    /// The error's message in `lang`: the form's own problems translated,
    /// the parser's and the engine's as they are.
    pub fn message_in(&self, lang: Lang) -> String {
        match &self.problem {
            Some(problem) => lang.tr().form_problem(problem),
            None => self.error.message().to_string(),
        }
    }

    /// "ExpressionAttributeValues: SerializationException: EOF while parsing …"
    pub fn describe(&self, lang: Lang) -> String {
        format!("{}: {}: {}", field_label(&self.field, lang), self.error.name(), self.message_in(lang))
    }
}

/// The request member (or form part) a field name stands for: member
/// names as the API spells them, the form's own parts in `lang`.
pub fn field_label(field: &str, lang: Lang) -> String {
    match field {
        "values" => "ExpressionAttributeValues".into(),
        "names" => "ExpressionAttributeNames".into(),
        "item" => "Item".into(),
        "limit" => "Limit".into(),
        "raw" => lang.t(Msg::FieldRequestJson).into(),
        other => match other.strip_prefix("write-") {
            Some(n) => lang.tr().numbered(Msg::Action, n.parse::<usize>().map_or(0, |n| n + 1)),
            None => other.to_string(),
        },
    }
}

/// The wire value of a key attribute typed as text.
fn key_value(attribute: &KeyAttribute, text: &str) -> Value {
    match attribute.scalar_type {
        ScalarType::S => json!({ "S": text }),
        ScalarType::N => json!({ "N": text.trim() }),
        ScalarType::B => json!({ "B": text.trim() }),
    }
}

/// The text a key attribute's wire value is typed as, if it has the
/// attribute's type.
fn key_text(attribute: &KeyAttribute, value: &Value) -> Option<String> {
    let tag = attribute.scalar_type.as_str();
    let object = value.as_object().filter(|o| o.len() == 1)?;
    object.get(tag)?.as_str().map(str::to_string)
}

/// A `Key` map from typed key text. Without a schema (no such table) the
/// map is empty, and the engine answers what DynamoDB would.
pub fn key_map(schema: Option<&KeySchema>, key: &KeyInput) -> Value {
    let mut map = Map::new();
    if let Some(schema) = schema {
        map.insert(schema.partition_key.name.clone(), key_value(&schema.partition_key, &key.partition));
        if let Some(sort) = &schema.sort_key {
            map.insert(sort.name.clone(), key_value(sort, &key.sort));
        }
    }
    Value::Object(map)
}

/// The typed text of a wire key, when it holds exactly the schema's key
/// attributes with their types.
fn key_input(schema: &KeySchema, key: &Value) -> Option<KeyInput> {
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
fn names_value(text: &str) -> Result<Option<Value>, FormError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let parsed: Value =
        serde_json::from_str(text).map_err(|e| FormError::new("names", ApiError::Serialization(e.to_string())))?;
    Ok(Some(parsed))
}

/// `ExpressionAttributeValues` from plain or DynamoDB JSON: `None` when blank.
fn values_value(text: &str) -> Result<Option<Value>, FormError> {
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
fn parameters_value(text: &str) -> Result<Option<Value>, FormError> {
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

fn item_value(text: &str, field: &str) -> Result<Value, FormError> {
    if text.trim().is_empty() {
        return Ok(Value::Object(Map::new()));
    }
    let item = parse_item_json(text).map_err(|e| FormError::new(field, e))?;
    Ok(item_to_wire(&item))
}

/// Inserts `text` under `member` unless it is blank.
fn put_text(body: &mut Map<String, Value>, member: &str, text: &str) {
    if !text.trim().is_empty() {
        body.insert(member.into(), Value::String(text.to_string()));
    }
}

/// Inserts the placeholder maps unless empty.
fn put_maps(body: &mut Map<String, Value>, names: Option<Value>, values: Option<Value>) {
    if let Some(names) = names.filter(|n| n.as_object().is_none_or(|o| !o.is_empty())) {
        body.insert("ExpressionAttributeNames".into(), names);
    }
    if let Some(values) = values.filter(|v| v.as_object().is_none_or(|o| !o.is_empty())) {
        body.insert("ExpressionAttributeValues".into(), values);
    }
}

/// The `#name`s and `:value`s an expression mentions.
fn placeholders(texts: &[&str]) -> BTreeSet<String> {
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
fn only_used(map: &Option<Value>, used: &BTreeSet<String>) -> Option<Value> {
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

/// The key condition the Query key picker stands for: the expression and
/// the names and values it uses.
pub struct PickedCondition {
    pub expression: String,
    pub names: Map<String, Value>,
    pub values: Map<String, Value>,
}

/// Placeholders the key picker uses; [`Draft::from_request`] recognises
/// them to turn an expression back into the picker.
const PK_NAME: &str = "#pk";
const SK_NAME: &str = "#sk";
const PK_VALUE: &str = ":pk";
const SK_VALUE: &str = ":sk";
const SK_VALUE2: &str = ":sk2";

impl Draft {
    /// The index a request reads (Query and Scan with an `IndexName`).
    pub fn index_name(&self) -> Option<&str> {
        (self.operation.pages() && !self.index.is_empty()).then_some(self.index.as_str())
    }

    /// The table the draft works on: its own, or the selected one.
    pub fn table_name<'a>(&'a self, selected: Option<&'a str>) -> &'a str {
        if self.table.is_empty() {
            selected.unwrap_or_default()
        } else {
            &self.table
        }
    }

    /// The key condition the picker stands for.
    pub fn picked_condition(&self, schema: Option<&KeySchema>) -> PickedCondition {
        let mut names = Map::new();
        let mut values = Map::new();
        let Some(schema) = schema else {
            return PickedCondition { expression: String::new(), names, values };
        };
        names.insert(PK_NAME.into(), schema.partition_key.name.clone().into());
        values.insert(PK_VALUE.into(), key_value(&schema.partition_key, &self.partition_value));
        let mut expression = format!("{PK_NAME} = {PK_VALUE}");
        if let (Some(sort), op) = (&schema.sort_key, self.sort_op) {
            let sort_clause = match op {
                SortOp::Any => None,
                SortOp::Between => Some(format!("{SK_NAME} BETWEEN {SK_VALUE} AND {SK_VALUE2}")),
                SortOp::BeginsWith => Some(format!("begins_with({SK_NAME}, {SK_VALUE})")),
                other => Some(format!("{SK_NAME} {} {SK_VALUE}", other.code())),
            };
            if let Some(clause) = sort_clause {
                expression.push_str(" AND ");
                expression.push_str(&clause);
                names.insert(SK_NAME.into(), sort.name.clone().into());
                values.insert(SK_VALUE.into(), key_value(sort, &self.sort_value));
                if op == SortOp::Between {
                    values.insert(SK_VALUE2.into(), key_value(sort, &self.sort_value2));
                }
            }
        }
        PickedCondition { expression, names, values }
    }

    /// The raw editor's text as JSON. Text over DynamoDB's request limit is
    /// refused by its size, unread ([`limits::oversize`]): every redraw of
    /// the console parses it, and 50 MB would freeze the tab.
    pub fn parse_raw(&self) -> Result<Value, ApiError> {
        if let Some(error) = limits::oversize(&self.raw) {
            return Err(error);
        }
        serde_json::from_str::<Value>(&self.raw).map_err(|e| ApiError::Serialization(e.to_string()))
    }

    /// The request the draft stands for: the raw text parsed in raw mode,
    /// the form's fields otherwise.
    pub fn request(&self, selected: Option<&str>, schema: Option<&KeySchema>) -> Result<Value, FormError> {
        match self.mode {
            Mode::Raw => self.parse_raw().map_err(|e| FormError::new("raw", e)),
            Mode::Form => self.build_request(selected, schema),
        }
    }

    /// The request built from the form's fields.
    pub fn build_request(&self, selected: Option<&str>, schema: Option<&KeySchema>) -> Result<Value, FormError> {
        let table = self.table_name(selected).to_string();
        let mut body = Map::new();
        let names = names_value(&self.names)?;
        let values = values_value(&self.values)?;
        match self.operation {
            Operation::GetItem => {
                body.insert("TableName".into(), table.into());
                body.insert("Key".into(), key_map(schema, &self.key));
                if self.consistent {
                    body.insert("ConsistentRead".into(), true.into());
                }
                put_text(&mut body, "ProjectionExpression", &self.projection);
                put_maps(&mut body, names, None);
            }
            Operation::PutItem => {
                body.insert("TableName".into(), table.into());
                body.insert("Item".into(), item_value(&self.item, "item")?);
                put_text(&mut body, "ConditionExpression", &self.condition);
                put_maps(&mut body, names, values);
                put_text(&mut body, "ReturnValues", &self.return_values);
            }
            Operation::UpdateItem => {
                body.insert("TableName".into(), table.into());
                body.insert("Key".into(), key_map(schema, &self.key));
                put_text(&mut body, "UpdateExpression", &self.update);
                put_text(&mut body, "ConditionExpression", &self.condition);
                put_maps(&mut body, names, values);
                put_text(&mut body, "ReturnValues", &self.return_values);
            }
            Operation::DeleteItem => {
                body.insert("TableName".into(), table.into());
                body.insert("Key".into(), key_map(schema, &self.key));
                put_text(&mut body, "ConditionExpression", &self.condition);
                put_maps(&mut body, names, values);
                put_text(&mut body, "ReturnValues", &self.return_values);
            }
            Operation::Query | Operation::Scan => {
                body.insert("TableName".into(), table.into());
                put_text(&mut body, "IndexName", &self.index);
                let (mut names, mut values) = (names, values);
                if self.operation == Operation::Query {
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
                let limit = self.limit.trim();
                if !limit.is_empty() {
                    let number = limit.parse::<i64>().map_err(|_| {
                        FormError::own("limit", FormProblem::LimitNotWhole(limit.to_string()), ApiError::validation)
                    })?;
                    body.insert("Limit".into(), number.into());
                }
                if self.operation == Operation::Query && !self.forward {
                    body.insert("ScanIndexForward".into(), false.into());
                }
                put_text(&mut body, "Select", &self.select);
                if let Some(start) = &self.start_key {
                    body.insert("ExclusiveStartKey".into(), start.clone());
                }
            }
            Operation::BatchGetItem => {
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
            Operation::BatchWriteItem => {
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
            Operation::TransactGetItems => {
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
            Operation::ExecuteStatement => {
                body.insert("Statement".into(), self.statement.clone().into());
                if let Some(parameters) = parameters_value(&self.parameters)? {
                    body.insert("Parameters".into(), parameters);
                }
                if self.consistent {
                    body.insert("ConsistentRead".into(), true.into());
                }
                let limit = self.limit.trim();
                if !limit.is_empty() {
                    let number = limit.parse::<i64>().map_err(|_| {
                        FormError::own("limit", FormProblem::LimitNotWhole(limit.to_string()), ApiError::validation)
                    })?;
                    body.insert("Limit".into(), number.into());
                }
                if let Some(token) = &self.next_token {
                    body.insert("NextToken".into(), token.clone().into());
                }
            }
            Operation::TransactWriteItems => {
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

    /// The draft in raw mode, its text the request the form stands for.
    pub fn to_raw(&self, selected: Option<&str>, schema: Option<&KeySchema>) -> Result<Draft, FormError> {
        let request = self.build_request(selected, schema)?;
        Ok(Draft { mode: Mode::Raw, raw: pretty(&request), ..self.clone() })
    }

    /// The draft in form mode, its fields filled from the raw text.
    pub fn to_form(&self, schema: Option<&KeySchema>) -> Result<Draft, FormError> {
        let request = self.parse_raw().map_err(|e| FormError::new("raw", e))?;
        let Value::Object(_) = &request else {
            return Err(FormError::own("raw", FormProblem::RequestNotObject, ApiError::Serialization));
        };
        let mut draft = Self::from_request(self, self.operation, &request, schema);
        draft.mode = Mode::Form;
        Ok(draft)
    }

    /// A draft of `operation` whose form stands for `request`. Fields of
    /// other operations keep their text from `base`; members the form
    /// cannot show go to [`Draft::extra`].
    pub fn from_request(base: &Draft, operation: Operation, request: &Value, schema: Option<&KeySchema>) -> Draft {
        let mut rest = request.as_object().cloned().unwrap_or_default();
        let mut draft = base.clone();
        draft.operation = operation;
        draft.extra = Map::new();
        draft.extra_for = None;
        // What every operation may carry.
        draft.return_consumed = take_string(&mut rest, "ReturnConsumedCapacity").unwrap_or_default();
        draft.names = base_text(&base.names, rest.remove("ExpressionAttributeNames"), pretty, names_value);
        draft.values = base_text(&base.values, rest.remove("ExpressionAttributeValues"), values_text, values_value);
        let table = take_string(&mut rest, "TableName");

        match operation {
            Operation::PutItem => {
                match rest.remove("Item") {
                    Some(item) => match item_from_wire(&item) {
                        Ok(parsed) => {
                            let keep = parse_item_json(&base.item).is_ok_and(|old| old == parsed);
                            draft.item = if keep { base.item.clone() } else { editor_text_for(&parsed) };
                        }
                        Err(_) => {
                            rest.insert("Item".into(), item);
                        }
                    },
                    None => draft.item = String::new(),
                }
                draft.condition = take_string(&mut rest, "ConditionExpression").unwrap_or_default();
                draft.return_values = take_string(&mut rest, "ReturnValues").unwrap_or_default();
            }
            Operation::GetItem => {
                take_key(&mut rest, "Key", schema, &mut draft.key);
                draft.consistent = take_bool(&mut rest, "ConsistentRead").unwrap_or(false);
                draft.projection = take_string(&mut rest, "ProjectionExpression").unwrap_or_default();
            }
            Operation::UpdateItem | Operation::DeleteItem => {
                take_key(&mut rest, "Key", schema, &mut draft.key);
                if operation == Operation::UpdateItem {
                    draft.update = take_string(&mut rest, "UpdateExpression").unwrap_or_default();
                }
                draft.condition = take_string(&mut rest, "ConditionExpression").unwrap_or_default();
                draft.return_values = take_string(&mut rest, "ReturnValues").unwrap_or_default();
            }
            Operation::Query | Operation::Scan => {
                draft.index = take_string(&mut rest, "IndexName").unwrap_or_default();
                if operation == Operation::Query {
                    let text = take_string(&mut rest, "KeyConditionExpression");
                    draft.key_condition = text.clone().unwrap_or_default();
                    draft.key_expression_mode = true;
                    if let Some(text) = text {
                        draft.recognise_picker(&text, schema, base);
                    }
                }
                draft.filter = take_string(&mut rest, "FilterExpression").unwrap_or_default();
                draft.projection = take_string(&mut rest, "ProjectionExpression").unwrap_or_default();
                draft.consistent = take_bool(&mut rest, "ConsistentRead").unwrap_or(false);
                draft.limit = match rest.remove("Limit") {
                    Some(Value::Number(n)) => n.to_string(),
                    Some(other) => {
                        rest.insert("Limit".into(), other);
                        String::new()
                    }
                    None => String::new(),
                };
                draft.forward = take_bool(&mut rest, "ScanIndexForward").unwrap_or(true);
                if operation == Operation::Scan && !draft.forward {
                    rest.insert("ScanIndexForward".into(), false.into());
                    draft.forward = true;
                }
                draft.select = take_string(&mut rest, "Select").unwrap_or_default();
                draft.start_key = rest.remove("ExclusiveStartKey");
            }
            Operation::BatchGetItem => {
                let taken = (|| {
                    let items = rest.get("RequestItems")?.as_object()?;
                    let (name, entry) = single(items)?;
                    let mut entry = entry.as_object()?.clone();
                    let schema = schema?;
                    let keys = entry.remove("Keys")?;
                    let keys: Option<Vec<KeyInput>> = keys.as_array()?.iter().map(|k| key_input(schema, k)).collect();
                    let projection = take_string(&mut entry, "ProjectionExpression");
                    let consistent = take_bool(&mut entry, "ConsistentRead");
                    let names = entry.remove("ExpressionAttributeNames");
                    entry.is_empty().then_some((name.clone(), keys?, projection, consistent, names))
                })();
                if let Some((name, keys, projection, consistent, names)) = taken {
                    rest.remove("RequestItems");
                    draft.table = name;
                    draft.keys = if keys.is_empty() { vec![KeyInput::default()] } else { keys };
                    draft.projection = projection.unwrap_or_default();
                    draft.consistent = consistent.unwrap_or(false);
                    if let Some(names) = names {
                        draft.names = pretty(&names);
                    }
                }
            }
            Operation::BatchWriteItem => {
                let taken = (|| {
                    let items = rest.get("RequestItems")?.as_object()?;
                    let (name, requests) = single(items)?;
                    let rows: Option<Vec<WriteRow>> =
                        requests.as_array()?.iter().map(|r| batch_write_row(r, schema)).collect();
                    Some((name.clone(), rows?))
                })();
                if let Some((name, rows)) = taken {
                    rest.remove("RequestItems");
                    draft.table = name;
                    draft.writes = if rows.is_empty() { vec![WriteRow::default()] } else { rows };
                }
            }
            Operation::TransactGetItems => {
                let taken = (|| {
                    let actions = rest.get("TransactItems")?.as_array()?;
                    let mut table = None::<String>;
                    let mut keys = Vec::new();
                    let mut projection = None::<String>;
                    let mut names = None::<Value>;
                    for action in actions {
                        let get = single_member(action, "Get")?;
                        let mut get = get.as_object()?.clone();
                        let name = take_string(&mut get, "TableName")?;
                        if table.get_or_insert_with(|| name.clone()) != &name {
                            return None;
                        }
                        keys.push(key_input(schema?, &get.remove("Key")?)?);
                        let p = take_string(&mut get, "ProjectionExpression");
                        if projection.is_some() && projection != p {
                            return None;
                        }
                        projection = p;
                        if let Some(n) = get.remove("ExpressionAttributeNames") {
                            names = Some(n);
                        }
                        if !get.is_empty() {
                            return None;
                        }
                    }
                    Some((table?, keys, projection, names))
                })();
                if let Some((name, keys, projection, names)) = taken {
                    rest.remove("TransactItems");
                    draft.table = name;
                    draft.keys = keys;
                    draft.projection = projection.unwrap_or_default();
                    if let Some(names) = names {
                        draft.names = pretty(&names);
                    }
                }
            }
            Operation::ExecuteStatement => {
                draft.statement = take_string(&mut rest, "Statement").unwrap_or_default();
                draft.parameters = match rest.remove("Parameters") {
                    Some(parameters) if parameters.is_array() => pretty(&parameters),
                    Some(other) => {
                        rest.insert("Parameters".into(), other);
                        String::new()
                    }
                    None => String::new(),
                };
                draft.consistent = take_bool(&mut rest, "ConsistentRead").unwrap_or(false);
                draft.limit = rest.remove("Limit").map(|l| l.to_string()).unwrap_or_default();
                draft.next_token = take_string(&mut rest, "NextToken");
            }
            Operation::TransactWriteItems => {
                let taken = (|| {
                    let actions = rest.get("TransactItems")?.as_array()?;
                    let mut table = None::<String>;
                    let mut rows = Vec::new();
                    let mut names = Map::new();
                    let mut values = Map::new();
                    for action in actions {
                        let (kind, body) = action.as_object().and_then(single)?;
                        let kind = WriteKind::ALL.into_iter().find(|k| k.name() == kind)?;
                        let mut body = body.as_object()?.clone();
                        let name = take_string(&mut body, "TableName")?;
                        if table.get_or_insert_with(|| name.clone()) != &name {
                            return None;
                        }
                        let mut row = WriteRow { kind, ..WriteRow::default() };
                        match kind {
                            WriteKind::Put => {
                                let item = item_from_wire(&body.remove("Item")?).ok()?;
                                row.item = editor_text_for(&item);
                            }
                            _ => row.key = key_input(schema?, &body.remove("Key")?)?,
                        }
                        row.update = take_string(&mut body, "UpdateExpression").unwrap_or_default();
                        row.condition = take_string(&mut body, "ConditionExpression").unwrap_or_default();
                        for (member, into) in
                            [("ExpressionAttributeNames", &mut names), ("ExpressionAttributeValues", &mut values)]
                        {
                            if let Some(map) = body.remove(member) {
                                for (k, v) in map.as_object()? {
                                    if into.get(k).is_some_and(|old| old != v) {
                                        return None;
                                    }
                                    into.insert(k.clone(), v.clone());
                                }
                            }
                        }
                        if !body.is_empty() {
                            return None;
                        }
                        rows.push(row);
                    }
                    Some((table?, rows, names, values))
                })();
                if let Some((name, rows, names, values)) = taken {
                    rest.remove("TransactItems");
                    draft.table = name;
                    draft.writes = if rows.is_empty() { vec![WriteRow::default()] } else { rows };
                    let names = Value::Object(names);
                    let values = Value::Object(values);
                    draft.names = base_text(&base.names, Some(names), pretty, names_value);
                    draft.values = base_text(&base.values, Some(values), values_text, values_value);
                }
            }
        }
        if let Some(table) = table {
            draft.table = table;
        }
        if !rest.is_empty() {
            draft.extra = rest;
            draft.extra_for = Some(operation);
        }
        draft
    }

    /// Turns a key condition back into the key picker when it is one the
    /// picker writes (`#pk = :pk AND #sk BETWEEN :sk AND :sk2`, …) and its
    /// placeholders are the picker's; takes those placeholders out of the
    /// names and values text (keeping `base`'s spelling of what is left).
    fn recognise_picker(&mut self, text: &str, schema: Option<&KeySchema>, base: &Draft) {
        let Some(schema) = schema else { return };
        let Ok(Some(Value::Object(mut names))) = names_value(&self.names) else { return };
        let Ok(Some(Value::Object(mut values))) = values_value(&self.values) else { return };
        let matches = |candidate: &Draft| {
            let picked = candidate.picked_condition(Some(schema));
            picked.expression == text
                && picked.names.iter().all(|(k, v)| names.get(k) == Some(v))
                && picked.values.iter().all(|(k, v)| values.get(k) == Some(v))
        };
        let text_of = |attribute: &KeyAttribute, member: &str| {
            values.get(member).and_then(|value| key_text(attribute, value)).unwrap_or_default()
        };
        let mut candidate = self.clone();
        candidate.key_expression_mode = false;
        candidate.partition_value = text_of(&schema.partition_key, PK_VALUE);
        if let Some(sort) = &schema.sort_key {
            candidate.sort_value = text_of(sort, SK_VALUE);
            candidate.sort_value2 = text_of(sort, SK_VALUE2);
        }
        for op in SortOp::ALL {
            candidate.sort_op = op;
            if matches(&candidate) {
                let picked = candidate.picked_condition(Some(schema));
                for k in picked.names.keys() {
                    names.remove(k);
                }
                for k in picked.values.keys() {
                    values.remove(k);
                }
                let left = |map: Map<String, Value>| (!map.is_empty()).then_some(Value::Object(map));
                candidate.names = base_text(&base.names, left(names), pretty, names_value);
                candidate.values = base_text(&base.values, left(values), values_text, values_value);
                candidate.key_condition = String::new();
                *self = candidate;
                return;
            }
        }
    }

    /// Sets the start key of the next page.
    pub fn with_start_key(&self, key: Option<Value>) -> Draft {
        let mut draft = self.clone();
        if draft.mode == Mode::Raw {
            if let Ok(Value::Object(mut request)) = draft.parse_raw() {
                match &key {
                    Some(key) => request.insert("ExclusiveStartKey".into(), key.clone()),
                    None => request.remove("ExclusiveStartKey"),
                };
                draft.raw = pretty(&Value::Object(request));
            }
        }
        draft.start_key = key;
        draft
    }
}

/// The text a placeholder map is shown with: the user's own text when it
/// still says the same thing, else the new value spelled out.
fn base_text(
    old: &str,
    new: Option<Value>,
    show: impl Fn(&Value) -> String,
    parse: fn(&str) -> Result<Option<Value>, FormError>,
) -> String {
    match new {
        None => String::new(),
        Some(value) => {
            if parse(old).ok().flatten().as_ref() == Some(&value) {
                old.to_string()
            } else {
                show(&value)
            }
        }
    }
}

/// Values as the form shows them: plain JSON when that reads back the
/// same, DynamoDB JSON otherwise (or the JSON itself if it is not values).
fn values_text(value: &Value) -> String {
    match item_from_wire(value) {
        Ok(item) => editor_text_for(&item),
        Err(_) => pretty(value),
    }
}

/// Merges generated placeholders into the user's map (the user's win a
/// clash, so their error shows rather than being hidden).
fn merge(user: Option<Value>, generated: Map<String, Value>) -> Value {
    match user {
        Some(Value::Object(mut map)) => {
            for (k, v) in generated {
                map.entry(k).or_insert(v);
            }
            Value::Object(map)
        }
        Some(other) => other,
        None => Value::Object(generated),
    }
}

fn take_string(map: &mut Map<String, Value>, member: &str) -> Option<String> {
    match map.remove(member) {
        Some(Value::String(s)) => Some(s),
        Some(other) => {
            map.insert(member.into(), other);
            None
        }
        None => None,
    }
}

fn take_bool(map: &mut Map<String, Value>, member: &str) -> Option<bool> {
    match map.remove(member) {
        Some(Value::Bool(b)) => Some(b),
        Some(other) => {
            map.insert(member.into(), other);
            None
        }
        None => None,
    }
}

/// Moves a `Key` member into `into` when the form can show it.
fn take_key(map: &mut Map<String, Value>, member: &str, schema: Option<&KeySchema>, into: &mut KeyInput) {
    let Some(key) = map.remove(member) else {
        *into = KeyInput::default();
        return;
    };
    match schema.and_then(|schema| key_input(schema, &key)) {
        Some(input) => *into = input,
        None => {
            map.insert(member.into(), key);
        }
    }
}

/// The one entry of a map, if it has exactly one.
fn single(map: &Map<String, Value>) -> Option<(&String, &Value)> {
    let mut entries = map.iter();
    let first = entries.next()?;
    entries.next().is_none().then_some(first)
}

/// `{"<member>": x}` → x.
fn single_member<'a>(value: &'a Value, member: &str) -> Option<&'a Value> {
    let (name, inner) = single(value.as_object()?)?;
    (name == member).then_some(inner)
}

/// One `PutRequest`/`DeleteRequest` as a form row.
fn batch_write_row(request: &Value, schema: Option<&KeySchema>) -> Option<WriteRow> {
    let (kind, body) = single(request.as_object()?)?;
    let body = body.as_object()?;
    match kind.as_str() {
        "PutRequest" if body.len() == 1 => {
            let item = item_from_wire(body.get("Item")?).ok()?;
            Some(WriteRow { kind: WriteKind::Put, item: editor_text_for(&item), ..WriteRow::default() })
        }
        "DeleteRequest" if body.len() == 1 => {
            let key = key_input(schema?, body.get("Key")?)?;
            Some(WriteRow { kind: WriteKind::Delete, key, ..WriteRow::default() })
        }
        _ => None,
    }
}
