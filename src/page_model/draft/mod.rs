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

mod build;
use build::*;
use read::*;
mod read;

use serde_json::{Map, Value};

use crate::engine::expr::lexer::{tokenize, TokenKind};
use crate::engine::ordered::Ordered;
use crate::engine::schema::{KeyAttribute, KeySchema, ScalarType};
use crate::engine::value::document::parse_item_json;
use crate::engine::value::wire::{is_type_tag, item_from_wire, item_to_wire};
use crate::engine::ApiError;
use crate::i18n::{FormProblem, Lang, Msg};
use crate::page_model::format::{editor_text_for, pretty};
use crate::page_model::limits;

/// The item operations the console's form builds, PartiQL's
/// ExecuteStatement among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ItemOperation {
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

impl ItemOperation {
    /// In the order DynamoDB's API reference groups them, PartiQL last.
    pub const ALL: [ItemOperation; 11] = [
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
    pub operation: ItemOperation,
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
    pub extra_for: Option<ItemOperation>,
    pub mode: Mode,
    /// The raw editor's text (raw mode only).
    pub raw: String,
}

impl Default for Draft {
    fn default() -> Self {
        Self {
            operation: ItemOperation::Query,
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
