//! The exercise and the solution as typed documents, read strictly from
//! their JSON form (docs/exercises.md has both formats).
//!
//! An **exercise** is what the lecturer gives: entity types with their
//! records (listed, or generated from the item generator's template, count
//! and seed), access patterns with cases that say what each must return or
//! store, goals, hints, texts in three languages and optionally a model
//! answer. A **solution** is what the learner designs: CreateTable requests,
//! a mapping of each entity type onto items, and one request per pattern.
//!
//! Reading checks each document on its own (types, unknown members, limits,
//! brace escapes, records carrying their key attributes);
//! [`Solution::check_against`] then checks what joins them (every entity
//! type and pattern named exists, every placeholder names an attribute of
//! the type or a parameter of every case, every pattern has a request).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::placeholder;
use super::read::{at_most, invalid, strings, Object};
use crate::engine::error::Result;
use crate::engine::generate::{ItemTemplate, MAX_GENERATED_ITEMS};
use crate::engine::operation::{Operation, Plane};
use crate::engine::ordered::Ordered;
use crate::engine::review::{KeyVariation, MAX_KEY_VALUES, MAX_REQUESTS_PER_SECOND, MAX_REVIEW_REQUESTS};
use crate::engine::value::document::item_from_plain;
use crate::engine::value::wire::{item_from_wire, item_to_wire};
use crate::engine::value::{AttributeValue, Item};

/// Most records of all entity types together, listed or generated.
pub const MAX_RECORDS: u64 = 100_000;
/// Most entity types.
pub const MAX_ENTITY_TYPES: usize = 32;
/// Most access patterns.
pub const MAX_PATTERNS: usize = 32;
/// Most cases of one access pattern.
pub const MAX_CASES_PER_PATTERN: usize = 50;
/// Most hints.
pub const MAX_HINTS: usize = 20;
/// Longest review, in seconds of engine time.
pub const MAX_REVIEW_SECONDS: u32 = 600;
/// The review's length when the exercise names none.
pub const DEFAULT_REVIEW_SECONDS: u32 = 60;
/// Most tables a solution creates.
pub const MAX_TABLES: usize = 32;
/// Most mappings (items) one entity type's record makes.
pub const MAX_MAPPINGS_PER_TYPE: usize = 8;
/// The languages besides English an exercise's texts come in.
pub const LANGUAGES: &[&str] = &["de", "ja"];

/// An exercise's texts in one language besides English.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Texts {
    pub title: Option<String>,
    pub statement: Option<String>,
    /// Aligned with the English hints by position.
    pub hints: Vec<String>,
}

/// Where an entity type's records come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Records {
    Listed(Vec<Item>),
    /// The item generator's template (its JSON form), count and seed.
    Generated {
        template: Value,
        count: u64,
        seed: u64,
    },
}

/// An entity type: the attributes that identify a record, and its records.
#[derive(Clone, Debug, PartialEq)]
pub struct Entity {
    pub key: Vec<String>,
    pub records: Records,
    /// Every attribute a record of the type may have (what a mapping's
    /// placeholders may name).
    pub attributes: BTreeSet<String>,
}

/// A record named by its type and key: what a case expects and what the
/// report lists as missing or extra.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RecordKey {
    pub entity: String,
    /// The key attributes' values, in the entity's `Key` order.
    pub values: Vec<(String, KeyText)>,
}

/// A key attribute's value, compared by type and text (numbers normalised).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum KeyText {
    S(String),
    N(String),
    Other(String),
}

/// Whether a pattern reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Read,
    Write,
}

/// One case of a pattern: parameters, and what the request must return or store.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// Parameter name → plain JSON scalar.
    pub parameters: BTreeMap<String, Value>,
    pub expect: Expect,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    /// The records a read returns (in order when the pattern is ordered).
    Read(Vec<RecordKey>),
    /// The record a write stores.
    Write { entity: String, record: Item },
}

/// One access pattern of the exercise.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    pub name: String,
    pub kind: Kind,
    pub requests_per_second: f64,
    pub ordered: bool,
    /// How the parameter the partition key is made of varies at the rate:
    /// the review varies the request's partition key value this way when
    /// the learner's partition key is made from that parameter.
    pub varying: Option<(String, KeyVariation)>,
    /// The goal `MaxCapacityPerRequest`: read plus write units of one request.
    pub max_capacity_per_request: Option<f64>,
    pub cases: Vec<Case>,
}

/// The exercise's goals; `None` or `false` is no goal.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Goals {
    pub served_without_scan: bool,
    pub no_throttling: bool,
    pub max_monthly_cost: Option<f64>,
    pub max_global_secondary_indexes: Option<u64>,
    pub max_tables: Option<u64>,
}

/// An exercise.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    pub title: String,
    pub statement: String,
    pub hints: Vec<String>,
    /// Language (`de`, `ja`) → its texts.
    pub translations: BTreeMap<String, Texts>,
    pub entities: BTreeMap<String, Entity>,
    pub patterns: Vec<Pattern>,
    pub goals: Goals,
    pub review_seconds: u32,
    pub model_answer: Option<Solution>,
}

/// How an entity type's record becomes one item.
#[derive(Clone, Debug, PartialEq)]
pub struct Mapping {
    pub table: String,
    /// Attribute name → DynamoDB JSON value with `{attribute}` placeholders.
    pub attributes: Map<String, Value>,
}

/// The request that serves a pattern, with `{parameter}` placeholders.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternRequest {
    pub operation: String,
    pub request: Value,
}

/// A learner's design.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// CreateTable requests.
    pub tables: Vec<Value>,
    /// Entity type → the items each record becomes.
    pub mappings: BTreeMap<String, Vec<Mapping>>,
    /// Pattern name → its request.
    pub requests: BTreeMap<String, PatternRequest>,
}

/// Whether a pattern's request may use `operation`: an item operation of
/// the data plane, or `ExecuteStatement` (one request per pattern, so not
/// the PartiQL batches and transactions).
pub fn serves_patterns(operation: Operation) -> bool {
    operation.plane() == Plane::Data
        && !matches!(operation, Operation::BatchExecuteStatement | Operation::ExecuteTransaction)
}

/// The names of the operations a pattern's request may use.
pub fn pattern_operations() -> impl Iterator<Item = &'static str> {
    Operation::ALL.iter().copied().filter(|o| serves_patterns(*o)).map(Operation::name)
}

impl KeyText {
    fn of(value: &AttributeValue) -> Self {
        match value {
            AttributeValue::S(s) => Self::S(s.clone()),
            AttributeValue::N(n) => Self::N(n.to_string()),
            other => Self::Other(format!("{other:?}")),
        }
    }

    /// The plain JSON value, as the report shows a key.
    pub fn to_plain(&self) -> Value {
        match self {
            Self::S(s) | Self::Other(s) => Value::String(s.clone()),
            Self::N(n) => {
                // A JSON number only when it reads back as the same spelling.
                let number = serde_json::from_str::<Value>(n).ok().filter(Value::is_number);
                match number {
                    Some(v) if v.to_string().as_str() == n.as_str() => v,
                    _ => Value::String(n.clone()),
                }
            }
        }
    }
}

impl RecordKey {
    /// The key of `record` of `entity` with key attributes `key`; `None`
    /// when it lacks one.
    pub fn of(entity: &str, key: &[String], record: &Item) -> Option<Self> {
        let values =
            key.iter().map(|name| Some((name.clone(), KeyText::of(record.get(name)?)))).collect::<Option<Vec<_>>>()?;
        Some(Self { entity: entity.to_string(), values })
    }

    /// `{attribute: plain value}`.
    pub fn to_plain(&self) -> Value {
        Value::Object(self.values.iter().map(|(name, value)| (name.clone(), value.to_plain())).json_object())
    }

    /// `Order {"orderId": "o1"}`, for messages.
    pub fn describe(&self) -> String {
        format!("{} {}", self.entity, self.to_plain())
    }
}

/// A parameter's text, as it fills a placeholder.
pub fn parameter_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A record attribute's text, as it fills a placeholder; `None` for a value
/// that has no text (a map, a list, a set, binary, null).
pub fn attribute_text(value: &AttributeValue) -> Option<String> {
    match value {
        AttributeValue::S(s) => Some(s.clone()),
        AttributeValue::N(n) => Some(n.to_string()),
        AttributeValue::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn texts(value: &Value, at: &str) -> Result<Texts> {
    let object = Object::of(value, at, &["Title", "Statement", "Hints"])?;
    Ok(Texts {
        title: object.string("Title")?.map(str::to_string),
        statement: object.string("Statement")?.map(str::to_string),
        hints: object.get("Hints").map(|h| strings(h, &object.path("Hints"))).transpose()?.unwrap_or_default(),
    })
}

/// A record given as plain JSON, with its key attributes.
fn record(value: &Value, key: &[String], at: &str) -> Result<Item> {
    let item = item_from_plain(value).map_err(|e| invalid(at, e.message()))?;
    for name in key {
        match item.get(name) {
            Some(AttributeValue::S(_) | AttributeValue::N(_)) => {}
            Some(_) => return Err(invalid(at, format!("the key attribute {name} must be a string or a number"))),
            None => return Err(invalid(at, format!("lacks the key attribute {name}"))),
        }
    }
    Ok(item)
}

fn entity(value: &Value, at: &str) -> Result<Entity> {
    let object = Object::of(value, at, &["Key", "Records", "Generate"])?;
    let key = strings(object.required("Key")?, &object.path("Key"))?;
    if key.is_empty() {
        return Err(invalid(&object.path("Key"), "must name at least one attribute"));
    }
    let mut attributes: BTreeSet<String> = BTreeSet::new();
    let records = match (object.array("Records")?, object.get("Generate")) {
        (Some(_), Some(_)) => return Err(invalid(at, "has both Records and Generate; give one")),
        (None, None) => return Err(invalid(at, "needs Records or Generate")),
        (Some(listed), None) => {
            let at = object.path("Records");
            at_most(listed.len(), MAX_RECORDS as usize, &at, "records")?;
            let records = listed
                .iter()
                .enumerate()
                .map(|(i, r)| record(r, &key, &format!("{at}[{i}]")))
                .collect::<Result<Vec<_>>>()?;
            attributes.extend(records.iter().flat_map(|r| r.keys().cloned()));
            Records::Listed(records)
        }
        (None, Some(generate)) => {
            let at = object.path("Generate");
            let g = Object::of(generate, &at, &["Template", "Count", "Seed"])?;
            let template = g.required("Template")?;
            let parsed = ItemTemplate::from_json(template).map_err(|e| invalid(&g.path("Template"), e.message()))?;
            parsed.check_size().map_err(|e| invalid(&g.path("Template"), e.message()))?;
            for name in &key {
                if !parsed.attributes.iter().any(|a| &a.name == name && a.presence >= 1.0) {
                    return Err(invalid(
                        &g.path("Template"),
                        format!("makes no key attribute {name} for every record (list it without a Presence below 1)"),
                    ));
                }
            }
            attributes.extend(parsed.attributes.iter().map(|a| a.name.clone()));
            let count = g
                .integer("Count", 1, MAX_GENERATED_ITEMS.min(MAX_RECORDS))?
                .ok_or_else(|| invalid(&g.path("Count"), "is required"))?;
            let seed = g.integer("Seed", 0, u64::MAX)?.unwrap_or(0);
            Records::Generated { template: template.clone(), count, seed }
        }
    };
    Ok(Entity { key, records, attributes })
}

impl Entity {
    /// How many records the type has.
    pub fn record_count(&self) -> u64 {
        match &self.records {
            Records::Listed(records) => records.len() as u64,
            Records::Generated { count, .. } => *count,
        }
    }

    /// The records, generated when the type has a template.
    pub fn records(&self) -> Result<Vec<Item>> {
        match &self.records {
            Records::Listed(records) => Ok(records.clone()),
            Records::Generated { template, count, seed } => {
                let mut generation = crate::engine::generate::Generation::detached(template, *count, *seed)?;
                let mut out = Vec::with_capacity(*count as usize);
                while !generation.is_done() {
                    out.push(generation.next_item()?);
                }
                Ok(out)
            }
        }
    }
}

fn variation(value: &Value, at: &str) -> Result<(String, KeyVariation)> {
    let object = Object::of(value, at, &["Parameter", "Distribution", "Count", "Exponent"])?;
    let parameter = object.required_string("Parameter")?.to_string();
    let count = object.integer("Count", 1, u64::from(MAX_KEY_VALUES))?.unwrap_or(1) as u32;
    let keys = match object.string("Distribution")?.unwrap_or("Uniform") {
        "Uniform" => KeyVariation::Uniform { count },
        "Zipf" => KeyVariation::Zipf { count, exponent: object.number("Exponent", 0.01, 10.0)?.unwrap_or(1.0) },
        other => {
            return Err(invalid(&object.path("Distribution"), format!("must be Uniform or Zipf, not {other}")));
        }
    };
    Ok((parameter, keys))
}

fn record_key(value: &Value, at: &str, entities: &BTreeMap<String, Entity>) -> Result<RecordKey> {
    let object = Object::of(value, at, &["Type", "Key"])?;
    let entity = object.required_string("Type")?;
    let Some(known) = entities.get(entity) else {
        return Err(invalid(&object.path("Type"), format!("names no entity type: {entity}")));
    };
    let key_at = object.path("Key");
    let given = object.object("Key")?.ok_or_else(|| invalid(&key_at, "is required"))?;
    if let Some(extra) = given.keys().find(|k| !known.key.iter().any(|name| name == *k)) {
        return Err(invalid(&key_at, format!("{extra} is not a key attribute of {entity} ({})", known.key.join(", "))));
    }
    let item = record(&Value::Object(given.clone()), &known.key, &key_at)?;
    RecordKey::of(entity, &known.key, &item).ok_or_else(|| invalid(&key_at, "lacks a key attribute"))
}

fn case(value: &Value, at: &str, kind: Kind, entities: &BTreeMap<String, Entity>) -> Result<Case> {
    let allowed: &[&str] = match kind {
        Kind::Read => &["Parameters", "Expect"],
        Kind::Write => &["Parameters", "Write"],
    };
    let object = Object::of(value, at, allowed)?;
    let mut parameters = BTreeMap::new();
    for (name, value) in object.object("Parameters")?.into_iter().flatten() {
        if !matches!(value, Value::String(_) | Value::Number(_) | Value::Bool(_)) {
            return Err(invalid(&format!("{at}.Parameters.{name}"), "must be a string, a number or a boolean"));
        }
        parameters.insert(name.clone(), value.clone());
    }
    let expect = match kind {
        Kind::Read => {
            let at = object.path("Expect");
            let listed = object.array("Expect")?.ok_or_else(|| invalid(&at, "is required"))?;
            Expect::Read(
                listed
                    .iter()
                    .enumerate()
                    .map(|(i, v)| record_key(v, &format!("{at}[{i}]"), entities))
                    .collect::<Result<_>>()?,
            )
        }
        Kind::Write => {
            let write = Object::of(object.required("Write")?, object.path("Write"), &["Type", "Record"])?;
            let entity = write.required_string("Type")?;
            let Some(known) = entities.get(entity) else {
                return Err(invalid(&write.path("Type"), format!("names no entity type: {entity}")));
            };
            let record = record(write.required("Record")?, &known.key, &write.path("Record"))?;
            Expect::Write { entity: entity.to_string(), record }
        }
    };
    Ok(Case { parameters, expect })
}

fn pattern(value: &Value, at: &str, entities: &BTreeMap<String, Entity>) -> Result<Pattern> {
    let object = Object::of(
        value,
        at,
        &["Name", "Kind", "RequestsPerSecond", "Ordered", "PartitionKeyValues", "MaxCapacityPerRequest", "Cases"],
    )?;
    let name = object.required_string("Name")?.to_string();
    let kind = match object.required_string("Kind")? {
        "Read" => Kind::Read,
        "Write" => Kind::Write,
        other => return Err(invalid(&object.path("Kind"), format!("must be Read or Write, not {other}"))),
    };
    let requests_per_second = object
        .number("RequestsPerSecond", 0.0, MAX_REQUESTS_PER_SECOND)?
        .ok_or_else(|| invalid(&object.path("RequestsPerSecond"), "is required"))?;
    if requests_per_second <= 0.0 {
        return Err(invalid(&object.path("RequestsPerSecond"), "must be above 0"));
    }
    let varying =
        object.get("PartitionKeyValues").map(|v| variation(v, &object.path("PartitionKeyValues"))).transpose()?;
    let cases_at = object.path("Cases");
    let listed = object.array("Cases")?.map(Vec::as_slice).unwrap_or_default();
    at_most(listed.len(), MAX_CASES_PER_PATTERN, &cases_at, "cases")?;
    let cases = listed
        .iter()
        .enumerate()
        .map(|(i, c)| case(c, &format!("{cases_at}[{i}]"), kind, entities))
        .collect::<Result<Vec<_>>>()?;
    if let Some((parameter, _)) = &varying {
        if let Some(i) = cases.iter().position(|c| !c.parameters.contains_key(parameter)) {
            return Err(invalid(&format!("{cases_at}[{i}]"), format!("lacks the parameter {parameter} that varies")));
        }
    }
    Ok(Pattern {
        name,
        kind,
        requests_per_second,
        ordered: object.bool("Ordered")?.unwrap_or(false),
        varying,
        max_capacity_per_request: object.number("MaxCapacityPerRequest", 0.0, 1e9)?,
        cases,
    })
}

fn goals(value: Option<&Value>) -> Result<Goals> {
    let Some(value) = value else { return Ok(Goals::default()) };
    let object = Object::of(
        value,
        "Exercise.Goals",
        &["ServedWithoutScan", "NoThrottling", "MaxMonthlyCost", "MaxGlobalSecondaryIndexes", "MaxTables"],
    )?;
    Ok(Goals {
        served_without_scan: object.bool("ServedWithoutScan")?.unwrap_or(false),
        no_throttling: object.bool("NoThrottling")?.unwrap_or(false),
        max_monthly_cost: object.number("MaxMonthlyCost", 0.0, 1e12)?,
        max_global_secondary_indexes: object.integer("MaxGlobalSecondaryIndexes", 0, 20)?,
        max_tables: object.integer("MaxTables", 1, MAX_TABLES as u64)?,
    })
}

impl Exercise {
    /// Reads an exercise document (its model answer checked against it).
    pub fn from_json(value: &Value) -> Result<Self> {
        let object = Object::of(
            value,
            "Exercise",
            &[
                "Title",
                "Statement",
                "Hints",
                "Translations",
                "Entities",
                "AccessPatterns",
                "Goals",
                "ReviewSeconds",
                "ModelAnswer",
            ],
        )?;
        let hints = object.get("Hints").map(|h| strings(h, "Exercise.Hints")).transpose()?.unwrap_or_default();
        at_most(hints.len(), MAX_HINTS, "Exercise.Hints", "hints")?;
        let mut translations = BTreeMap::new();
        for (language, value) in object.object("Translations")?.into_iter().flatten() {
            let at = format!("Exercise.Translations.{language}");
            if !LANGUAGES.contains(&language.as_str()) {
                return Err(invalid(
                    &at,
                    format!("is no language of the playground; expected {}", LANGUAGES.join(", ")),
                ));
            }
            let texts = texts(value, &at)?;
            if !texts.hints.is_empty() && texts.hints.len() != hints.len() {
                return Err(invalid(
                    &format!("{at}.Hints"),
                    format!("has {} hints, the English has {}", texts.hints.len(), hints.len()),
                ));
            }
            translations.insert(language.clone(), texts);
        }
        let listed = object.object("Entities")?.ok_or_else(|| invalid("Exercise.Entities", "is required"))?;
        at_most(listed.len(), MAX_ENTITY_TYPES, "Exercise.Entities", "entity types")?;
        let mut entities = BTreeMap::new();
        for (name, value) in listed {
            entities.insert(name.clone(), entity(value, &format!("Exercise.Entities.{name}"))?);
        }
        let records: u64 = entities.values().map(Entity::record_count).sum();
        if records > MAX_RECORDS {
            return Err(invalid(
                "Exercise.Entities",
                format!("have {records} records; an exercise allows at most {MAX_RECORDS}"),
            ));
        }
        let listed =
            object.array("AccessPatterns")?.ok_or_else(|| invalid("Exercise.AccessPatterns", "is required"))?;
        at_most(listed.len(), MAX_PATTERNS, "Exercise.AccessPatterns", "access patterns")?;
        let patterns = listed
            .iter()
            .enumerate()
            .map(|(i, p)| pattern(p, &format!("Exercise.AccessPatterns[{i}]"), &entities))
            .collect::<Result<Vec<_>>>()?;
        let mut names = BTreeSet::new();
        for (i, p) in patterns.iter().enumerate() {
            if !names.insert(p.name.as_str()) {
                return Err(invalid(
                    &format!("Exercise.AccessPatterns[{i}].Name"),
                    format!("{} is named twice", p.name),
                ));
            }
        }
        let review_seconds = object
            .integer("ReviewSeconds", 1, u64::from(MAX_REVIEW_SECONDS))?
            .map_or(DEFAULT_REVIEW_SECONDS, |s| s as u32);
        let rate: f64 = patterns.iter().map(|p| p.requests_per_second).sum();
        if rate * f64::from(review_seconds) > MAX_REVIEW_REQUESTS {
            return Err(invalid(
                "Exercise.AccessPatterns",
                format!(
                    "ask {rate} requests a second for {review_seconds} s; a review sends at most {MAX_REVIEW_REQUESTS}"
                ),
            ));
        }
        let mut exercise = Exercise {
            title: object.required_string("Title")?.to_string(),
            statement: object.required_string("Statement")?.to_string(),
            hints,
            translations,
            entities,
            patterns,
            goals: goals(object.get("Goals"))?,
            review_seconds,
            model_answer: None,
        };
        if let Some(answer) = object.get("ModelAnswer") {
            let answer = Solution::from_json_at(answer, "Exercise.ModelAnswer")?;
            answer.check_against_at(&exercise, "Exercise.ModelAnswer")?;
            exercise.model_answer = Some(answer);
        }
        Ok(exercise)
    }

    /// The title in `language` (`en`, `de`, `ja`), English when untranslated.
    pub fn title_in(&self, language: &str) -> &str {
        self.translations.get(language).and_then(|t| t.title.as_deref()).unwrap_or(&self.title)
    }

    /// The statement in `language`, English when untranslated.
    pub fn statement_in(&self, language: &str) -> &str {
        self.translations.get(language).and_then(|t| t.statement.as_deref()).unwrap_or(&self.statement)
    }

    /// The hints in `language`, English when untranslated.
    pub fn hints_in(&self, language: &str) -> &[String] {
        match self.translations.get(language) {
            Some(t) if t.hints.len() == self.hints.len() => &t.hints,
            _ => &self.hints,
        }
    }

    /// The pattern named `name`.
    pub fn pattern(&self, name: &str) -> Option<&Pattern> {
        self.patterns.iter().find(|p| p.name == name)
    }
}

fn mapping(value: &Value, at: &str) -> Result<Mapping> {
    let object = Object::of(value, at, &["TableName", "Attributes"])?;
    let table = object.required_string("TableName")?.to_string();
    let attributes = object.object("Attributes")?.cloned().unwrap_or_default();
    let mut found = Vec::new();
    placeholder::names(&Value::Object(attributes.clone()), &object.path("Attributes"), &mut found)
        .map_err(|(at, e)| invalid(&at, e))?;
    Ok(Mapping { table, attributes })
}

impl Solution {
    /// Reads a solution document.
    pub fn from_json(value: &Value) -> Result<Self> {
        Self::from_json_at(value, "Solution")
    }

    fn from_json_at(value: &Value, at: &str) -> Result<Self> {
        let object = Object::of(value, at, &["Tables", "Mappings", "Requests"])?;
        let tables = object.array("Tables")?.cloned().unwrap_or_default();
        at_most(tables.len(), MAX_TABLES, &object.path("Tables"), "tables")?;
        for (i, table) in tables.iter().enumerate() {
            if !table.is_object() {
                return Err(invalid(&format!("{at}.Tables[{i}]"), "must be a CreateTable request (a JSON object)"));
            }
        }
        let mut mappings = BTreeMap::new();
        for (entity, value) in object.object("Mappings")?.into_iter().flatten() {
            let at = format!("{at}.Mappings.{entity}");
            let listed = match value {
                Value::Array(items) => {
                    at_most(items.len(), MAX_MAPPINGS_PER_TYPE, &at, "mappings")?;
                    items.iter().enumerate().map(|(i, m)| mapping(m, &format!("{at}[{i}]"))).collect::<Result<_>>()?
                }
                single => vec![mapping(single, &at)?],
            };
            mappings.insert(entity.clone(), listed);
        }
        let mut requests = BTreeMap::new();
        for (name, value) in object.object("Requests")?.into_iter().flatten() {
            let at = format!("{at}.Requests.{name}");
            let r = Object::of(value, &at, &["Operation", "Request"])?;
            let operation = r.required_string("Operation")?;
            if !Operation::parse(operation).is_some_and(serves_patterns) {
                let expected: Vec<&str> = pattern_operations().collect();
                return Err(invalid(
                    &r.path("Operation"),
                    format!("{operation} is no item operation; expected one of {}", expected.join(", ")),
                ));
            }
            let request = r.required("Request")?;
            if !request.is_object() {
                return Err(invalid(&r.path("Request"), "must be a JSON object"));
            }
            let mut found = Vec::new();
            placeholder::names(request, &r.path("Request"), &mut found).map_err(|(at, e)| invalid(&at, e))?;
            requests
                .insert(name.clone(), PatternRequest { operation: operation.to_string(), request: request.clone() });
        }
        Ok(Solution { tables, mappings, requests })
    }

    /// Checks what joins the solution to `exercise` (see the module docs).
    pub fn check_against(&self, exercise: &Exercise) -> Result<()> {
        self.check_against_at(exercise, "Solution")
    }

    fn check_against_at(&self, exercise: &Exercise, at: &str) -> Result<()> {
        for (entity, mappings) in &self.mappings {
            let Some(known) = exercise.entities.get(entity) else {
                return Err(invalid(&format!("{at}.Mappings.{entity}"), "names no entity type of the exercise"));
            };
            for (i, mapping) in mappings.iter().enumerate() {
                let mut found = Vec::new();
                let place = format!("{at}.Mappings.{entity}[{i}].Attributes");
                placeholder::names(&Value::Object(mapping.attributes.clone()), &place, &mut found)
                    .map_err(|(at, e)| invalid(&at, e))?;
                if let Some((name, where_)) = found.iter().find(|(name, _)| !known.attributes.contains(name)) {
                    return Err(invalid(where_, format!("{{{name}}} names no attribute of a {entity} record")));
                }
            }
        }
        for name in self.requests.keys() {
            if exercise.pattern(name).is_none() {
                return Err(invalid(&format!("{at}.Requests.{name}"), "names no access pattern of the exercise"));
            }
        }
        for pattern in &exercise.patterns {
            let Some(request) = self.requests.get(&pattern.name) else {
                return Err(invalid(
                    &format!("{at}.Requests"),
                    format!("has no request for the pattern {}", pattern.name),
                ));
            };
            let mut found = Vec::new();
            let place = format!("{at}.Requests.{}.Request", pattern.name);
            placeholder::names(&request.request, &place, &mut found).map_err(|(at, e)| invalid(&at, e))?;
            for (name, where_) in &found {
                if pattern.cases.iter().any(|c| !c.parameters.contains_key(name)) || pattern.cases.is_empty() {
                    return Err(invalid(
                        where_,
                        format!("{{{name}}} is no parameter of every case of {}", pattern.name),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The item of `mapping` for `record`: the record's own attributes plus
    /// the mapped ones (which win a name both have). A mapped attribute
    /// whose placeholder names an attribute the record lacks is left out —
    /// how a sparse index's key is made only for the records it wants.
    pub fn item_of(mapping: &Mapping, record: &Item) -> Result<Item> {
        let mut wire = item_to_wire(record);
        let lookup = |name: &str| record.get(name).and_then(attribute_text);
        if let Value::Object(fields) = &mut wire {
            for (name, template) in &mapping.attributes {
                match placeholder::fill(template, &lookup) {
                    Ok(value) => {
                        fields.insert(name.clone(), value);
                    }
                    Err(_) => {
                        fields.remove(name);
                    }
                }
            }
        }
        item_from_wire(&wire)
    }
}
