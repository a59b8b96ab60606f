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
//! Query's key picker follows the key schema it reads by: an equality on
//! the partition key, and one of `=`, `<`, `<=`, `>`, `>=`, BETWEEN or
//! begins_with on the sort key. On a GSI with a multi-attribute key (up to
//! four HASH and four RANGE attributes) it asks for every HASH attribute's
//! value and takes the RANGE attributes left to right, each next one only
//! after an equality, which is the shape DynamoDB accepts:
//!
//! ```text
//!   #pk = :pk AND #pk2 = :pk2 AND #sk = :sk AND #sk2 BETWEEN :sk2 AND :sk2hi
//!   Tenant        Region          Status        Date
//! ```
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
use crate::engine::{ApiError, Operation};
use crate::i18n::{FormProblem, Lang, Msg};
use crate::page_model::format::{editor_text_for, pretty};
use crate::page_model::limits;

/// The item operations the console's form builds, PartiQL's
/// ExecuteStatement among them: a choice among the engine's operations
/// ([`Operation`], which knows their names and kinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ItemOperation {
    GetItem,
    PutItem,
    UpdateItem,
    DeleteItem,
    Query,
    Scan,
    /// A search of a vector index for the items nearest a vector.
    SearchVectors,
    BatchGetItem,
    BatchWriteItem,
    TransactGetItems,
    TransactWriteItems,
    /// A PartiQL statement.
    ExecuteStatement,
}

impl ItemOperation {
    /// In the order DynamoDB's API reference groups them, PartiQL last.
    pub const ALL: [ItemOperation; 12] = [
        Self::Query,
        Self::Scan,
        Self::SearchVectors,
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

    /// The engine's operation it is.
    pub fn operation(self) -> Operation {
        match self {
            Self::GetItem => Operation::GetItem,
            Self::PutItem => Operation::PutItem,
            Self::UpdateItem => Operation::UpdateItem,
            Self::DeleteItem => Operation::DeleteItem,
            Self::Query => Operation::Query,
            Self::Scan => Operation::Scan,
            Self::SearchVectors => Operation::SearchVectors,
            Self::BatchGetItem => Operation::BatchGetItem,
            Self::BatchWriteItem => Operation::BatchWriteItem,
            Self::TransactGetItems => Operation::TransactGetItems,
            Self::TransactWriteItems => Operation::TransactWriteItems,
            Self::ExecuteStatement => Operation::ExecuteStatement,
        }
    }

    /// The name in `X-Amz-Target`.
    pub fn name(self) -> &'static str {
        self.operation().name()
    }

    /// The console's operation of that name, if it drafts it.
    pub fn parse(name: &str) -> Option<Self> {
        let operation = Operation::parse(name)?;
        Self::ALL.into_iter().find(|op| op.operation() == operation)
    }

    /// Query and Scan: the operations that read pages.
    pub fn pages(self) -> bool {
        matches!(self, Self::Query | Self::Scan)
    }

    /// Query, Scan and SearchVectors: the operations that name an index.
    pub fn reads_index(self) -> bool {
        self.pages() || self == Self::SearchVectors
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

    /// What the `<option>` says in `lang` (the operators as written in an
    /// expression, "any" in words).
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Self::Any => lang.t(Msg::SortAnyWholeCollection),
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

/// The condition on one further RANGE attribute of a multi-attribute sort
/// key (its second to fourth), in the Query key picker: the first RANGE
/// attribute's is [`Draft::sort_op`] and its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortPart {
    pub op: SortOp,
    pub value: String,
    pub value2: String,
}

impl Default for SortPart {
    fn default() -> Self {
        Self { op: SortOp::Any, value: String::new(), value2: String::new() }
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
    /// SearchVectors: `SearchVector`, a JSON list of numbers (plain or
    /// DynamoDB JSON).
    pub vector: String,
    /// SearchVectors: `TopK`.
    pub top_k: String,
    /// SearchVectors: `SearchConditionExpression`.
    pub search_condition: String,
    /// Query: true when the key condition is typed as an expression, false
    /// when it comes from the key picker below.
    pub key_expression_mode: bool,
    pub partition_value: String,
    /// A multi-attribute partition key's further HASH attributes' values,
    /// in key-schema order (its second to fourth attribute).
    pub more_partition_values: Vec<String>,
    pub sort_op: SortOp,
    pub sort_value: String,
    pub sort_value2: String,
    /// A multi-attribute sort key's further RANGE attributes' conditions,
    /// in key-schema order; one is used only while every condition before
    /// it is an equality.
    pub more_sort: Vec<SortPart>,
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
            vector: String::new(),
            top_k: "5".into(),
            search_condition: String::new(),
            key_expression_mode: false,
            partition_value: String::new(),
            more_partition_values: Vec::new(),
            sort_op: SortOp::Any,
            sort_value: String::new(),
            sort_value2: String::new(),
            more_sort: Vec::new(),
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
        "top-k" => "TopK".into(),
        "vector" => "SearchVector".into(),
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
/// them to turn an expression back into the picker. A multi-attribute key's
/// further attributes are numbered from 2 (`#pk2 = :pk2`, `#sk2 = :sk2`, a
/// BETWEEN's upper value `:sk2hi`); the first RANGE attribute's upper value
/// is `:sk2`, never used together with a second RANGE attribute's (a range
/// condition is the last one).
const PK_NAME: &str = "#pk";
const SK_NAME: &str = "#sk";
const PK_VALUE: &str = ":pk";
const SK_VALUE: &str = ":sk";
const SK_VALUE2: &str = ":sk2";

/// The name and value placeholders of HASH attribute `position`.
fn partition_placeholders(position: usize) -> (String, String) {
    match position {
        0 => (PK_NAME.into(), PK_VALUE.into()),
        n => (format!("{PK_NAME}{}", n + 1), format!("{PK_VALUE}{}", n + 1)),
    }
}

/// The name, value and upper-value placeholders of RANGE attribute `position`.
fn sort_placeholders(position: usize) -> (String, String, String) {
    match position {
        0 => (SK_NAME.into(), SK_VALUE.into(), SK_VALUE2.into()),
        n => (format!("{SK_NAME}{}", n + 1), format!("{SK_VALUE}{}", n + 1), format!("{SK_VALUE}{}hi", n + 1)),
    }
}

impl Draft {
    /// The index a request reads (Query and Scan with an `IndexName`).
    pub fn index_name(&self) -> Option<&str> {
        (self.operation.reads_index() && !self.index.is_empty()).then_some(self.index.as_str())
    }

    /// The table the draft works on: its own, or the selected one.
    pub fn table_name<'a>(&'a self, selected: Option<&'a str>) -> &'a str {
        if self.table.is_empty() {
            selected.unwrap_or_default()
        } else {
            &self.table
        }
    }

    /// The picker's value of HASH attribute `position`.
    pub fn partition_text(&self, position: usize) -> &str {
        match position {
            0 => &self.partition_value,
            n => self.more_partition_values.get(n - 1).map_or("", String::as_str),
        }
    }

    /// Sets the picker's value of HASH attribute `position`.
    pub fn set_partition_text(&mut self, position: usize, text: String) {
        match position {
            0 => self.partition_value = text,
            n => {
                if self.more_partition_values.len() < n {
                    self.more_partition_values.resize(n, String::new());
                }
                if let Some(slot) = self.more_partition_values.get_mut(n - 1) {
                    *slot = text;
                }
            }
        }
    }

    /// The picker's condition on RANGE attribute `position`.
    pub fn sort_part(&self, position: usize) -> SortPart {
        match position {
            0 => SortPart { op: self.sort_op, value: self.sort_value.clone(), value2: self.sort_value2.clone() },
            n => self.more_sort.get(n - 1).cloned().unwrap_or_default(),
        }
    }

    /// Sets the picker's condition on RANGE attribute `position`.
    pub fn set_sort_part(&mut self, position: usize, part: SortPart) {
        match position {
            0 => {
                self.sort_op = part.op;
                self.sort_value = part.value;
                self.sort_value2 = part.value2;
            }
            n => {
                if self.more_sort.len() < n {
                    self.more_sort.resize(n, SortPart::default());
                }
                if let Some(slot) = self.more_sort.get_mut(n - 1) {
                    *slot = part;
                }
            }
        }
    }

    /// How many RANGE attributes of `schema` the picker shows: the first,
    /// and each next one while the one before it is an equality.
    pub fn shown_sort_parts(&self, schema: &KeySchema) -> usize {
        let count = schema.sort_attributes().count();
        (0..count).take_while(|&i| i == 0 || self.sort_part(i - 1).op == SortOp::Eq).count()
    }

    /// The key condition the picker stands for: an equality on every HASH
    /// attribute, then the RANGE attributes' conditions left to right, up
    /// to the first that is not an equality (semantics F: equality on a
    /// prefix of the RANGE attributes, a range condition on the last).
    pub fn picked_condition(&self, schema: Option<&KeySchema>) -> PickedCondition {
        let mut names = Map::new();
        let mut values = Map::new();
        let Some(schema) = schema else {
            return PickedCondition { expression: String::new(), names, values };
        };
        let mut clauses = Vec::new();
        for (position, attribute) in schema.partition_attributes().enumerate() {
            let (name, value) = partition_placeholders(position);
            clauses.push(format!("{name} = {value}"));
            names.insert(name, attribute.name.clone().into());
            values.insert(value, key_value(attribute, self.partition_text(position)));
        }
        for (position, attribute) in schema.sort_attributes().enumerate() {
            let part = self.sort_part(position);
            let (name, value, upper) = sort_placeholders(position);
            let clause = match part.op {
                SortOp::Any => break,
                SortOp::Between => format!("{name} BETWEEN {value} AND {upper}"),
                SortOp::BeginsWith => format!("begins_with({name}, {value})"),
                other => format!("{name} {} {value}", other.code()),
            };
            clauses.push(clause);
            names.insert(name, attribute.name.clone().into());
            values.insert(value, key_value(attribute, &part.value));
            if part.op == SortOp::Between {
                values.insert(upper, key_value(attribute, &part.value2));
            }
            if part.op != SortOp::Eq {
                break;
            }
        }
        PickedCondition { expression: clauses.join(" AND "), names, values }
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
        for (position, attribute) in schema.partition_attributes().enumerate() {
            candidate.set_partition_text(position, text_of(attribute, &partition_placeholders(position).1));
        }
        // The shapes the picker writes: no sort condition, or equalities on
        // the first RANGE attributes and any condition on the next.
        let sort_attributes: Vec<&KeyAttribute> = schema.sort_attributes().collect();
        let mut shapes: Vec<Vec<SortOp>> = vec![Vec::new()];
        for depth in 1..=sort_attributes.len() {
            for op in SortOp::ALL.into_iter().filter(|op| *op != SortOp::Any) {
                let mut shape = vec![SortOp::Eq; depth - 1];
                shape.push(op);
                shapes.push(shape);
            }
        }
        for shape in shapes {
            for (position, attribute) in sort_attributes.iter().enumerate() {
                let (_, value, upper) = sort_placeholders(position);
                let op = shape.get(position).copied().unwrap_or(SortOp::Any);
                let used = |member: &str, yes: bool| if yes { text_of(attribute, member) } else { String::new() };
                candidate.set_sort_part(
                    position,
                    SortPart {
                        op,
                        value: used(&value, op != SortOp::Any),
                        value2: used(&upper, op == SortOp::Between),
                    },
                );
            }
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
