//! Making an exercise from the playground: the tables' items become the
//! exercise's records, the saved access patterns its patterns with their
//! current results as the expected rows, and (if the author wants) the
//! current design its model answer (docs/exercises.md has the format).
//!
//! ```text
//!   items ── grouped by the type attribute (or by table) ──► Entities
//!            each type's key attributes, as the author picked them
//!   saved read patterns ── run now on a copy, every page ──► one case each:
//!            the records returned, traced back by their table's primary key
//!   the tables' CreateTable requests, one mapping per type that keeps the
//!   item as it is, the saved requests ──► ModelAnswer (when asked for)
//! ```
//!
//! A record is the item in plain JSON, so the model answer's mapping adds
//! nothing: loading the records rebuilds the tables, and each saved request
//! returns what it returns now — the model answer scores every pattern
//! correct, and every goal the current design meets. The case has no
//! parameters, so every brace in a saved request is escaped (`{{`), and
//! write patterns are left out (a write's expected record is not one of
//! the current results); the result names them. Items without the type
//! attribute are no record of any type and are left out too, counted.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Map, Value};

use crate::engine::exercise::format::{attribute_text, RecordKey};
use crate::engine::exercise::Exercise;
use crate::engine::ordered::{self, Ordered};
use crate::engine::review::AccessPattern;
use crate::engine::schema::PrimaryKey;
use crate::engine::value::document::item_to_plain;
use crate::engine::value::wire::item_from_wire;
use crate::engine::value::Item;
use crate::engine::{ApiError, Engine, Result};

/// Most pages one saved request is followed through.
const MAX_PAGES: usize = 10_000;

/// The goals the author chose (`None` and `false` are no goal).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChosenGoals {
    pub served_without_scan: bool,
    pub no_throttling: bool,
    pub max_monthly_cost: Option<f64>,
    pub max_global_secondary_indexes: Option<u64>,
    pub max_tables: Option<u64>,
}

/// What the author chose.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Authoring {
    pub title: String,
    pub statement: String,
    /// The attribute whose value names an item's entity type (`Type`);
    /// `None` makes each table one entity type, named as the table.
    pub type_attribute: Option<String>,
    /// Entity type → the attributes that identify its records; a type not
    /// listed is identified by its table's primary key attributes.
    pub keys: BTreeMap<String, Vec<String>>,
    pub goals: ChosenGoals,
    /// Whether the current design goes in as the model answer.
    pub model_answer: bool,
}

/// An entity type as the tables hold it: what the form offers.
#[derive(Clone, Debug, PartialEq)]
pub struct EntityType {
    pub name: String,
    pub table: String,
    pub records: usize,
    /// The table's primary key attributes: the default key.
    pub table_key: Vec<String>,
    /// Every attribute a record of the type has (what a key may be made of).
    pub attributes: BTreeSet<String>,
}

/// A made exercise.
#[derive(Clone, Debug, PartialEq)]
pub struct Made {
    /// The exercise document.
    pub document: Value,
    /// Items left out: they lack the type attribute.
    pub items_without_type: usize,
    /// Saved patterns left out: they write.
    pub writes_left_out: Vec<String>,
}

fn invalid(detail: impl std::fmt::Display) -> ApiError {
    ApiError::validation(format!("The exercise cannot be made: {detail}"))
}

/// The entity type of `item` in `table`, if it has one.
fn type_of(item: &Item, table: &str, type_attribute: Option<&str>) -> Option<String> {
    match type_attribute {
        None => Some(table.to_string()),
        Some(attribute) => item.get(attribute).and_then(attribute_text).filter(|t| !t.is_empty()),
    }
}

/// The entity types of the tables' items, by `type_attribute` (or by
/// table), in name order.
pub fn entity_types(engine: &Engine, type_attribute: Option<&str>) -> Vec<EntityType> {
    let mut types: BTreeMap<String, EntityType> = BTreeMap::new();
    for table in engine.tables() {
        let schema = &table.definition.key_schema;
        let mut table_key = vec![schema.partition_key.name.clone()];
        table_key.extend(schema.sort_key.iter().map(|k| k.name.clone()));
        for item in table.items() {
            let Some(name) = type_of(&item, &table.definition.name, type_attribute) else { continue };
            let entry = types.entry(name.clone()).or_insert_with(|| EntityType {
                name,
                table: table.definition.name.clone(),
                records: 0,
                table_key: table_key.clone(),
                attributes: BTreeSet::new(),
            });
            entry.records += 1;
            entry.attributes.extend(item.keys().cloned());
        }
    }
    types.into_values().collect()
}

/// The attributes that could name an entity type: those some item has as
/// a string, most common first.
pub fn type_attribute_candidates(engine: &Engine) -> Vec<String> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for table in engine.tables() {
        for item in table.items() {
            for (name, value) in item.iter() {
                if matches!(value, crate::engine::value::AttributeValue::S(_)) {
                    *counts.entry(name.clone()).or_default() += 1;
                }
            }
        }
    }
    let mut listed: Vec<(String, usize)> = counts.into_iter().collect();
    ordered::sort_by(&mut listed, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    listed.into_iter().map(|(name, _)| name).collect()
}

/// Whether a saved pattern reads (and so has results to expect).
fn reads(pattern: &AccessPattern) -> bool {
    match pattern.operation.as_str() {
        "GetItem" | "Query" | "Scan" | "BatchGetItem" | "TransactGetItems" => true,
        "ExecuteStatement" => pattern
            .request
            .get("Statement")
            .and_then(Value::as_str)
            .is_some_and(|s| s.trim_start().get(..6).is_some_and(|w| w.eq_ignore_ascii_case("select"))),
        _ => false,
    }
}

/// Every item in a read's answer, in the answer's order.
fn returned_items(answer: &Value, out: &mut Vec<Value>) {
    if let Some(item) = answer.get("Item").filter(|i| i.is_object()) {
        out.push(item.clone());
    }
    if let Some(Value::Array(items)) = answer.get("Items") {
        out.extend(items.iter().cloned());
    }
    match answer.get("Responses") {
        // BatchGetItem: table → items.
        Some(Value::Object(tables)) => {
            for items in tables.values() {
                out.extend(items.as_array().into_iter().flatten().cloned());
            }
        }
        // TransactGetItems: one {Item} per request.
        Some(Value::Array(responses)) => {
            out.extend(responses.iter().filter_map(|r| r.get("Item")).filter(|i| i.is_object()).cloned());
        }
        _ => {}
    }
}

/// The items a saved read returns now, every page, on a copy of `engine`.
fn run_read(engine: &mut Engine, pattern: &AccessPattern) -> Result<Vec<Value>> {
    let mut request = pattern.request.clone();
    let mut items = Vec::new();
    for _ in 0..MAX_PAGES {
        let answer = engine.execute(&pattern.operation, &request)?;
        returned_items(&answer, &mut items);
        let next = match (answer.get("LastEvaluatedKey"), answer.get("NextToken")) {
            (Some(key), _) => ("ExclusiveStartKey", key.clone()),
            (None, Some(token)) => ("NextToken", token.clone()),
            (None, None) => return Ok(items),
        };
        if let Value::Object(members) = &mut request {
            members.insert(next.0.into(), next.1);
        }
    }
    Err(invalid(format!("{}: more than {MAX_PAGES} pages", pattern.name)))
}

/// `value` with every brace in its strings doubled, so placeholders read
/// it back as it is.
fn escaped(value: &Value) -> Value {
    match value {
        Value::String(s) => Value::String(s.replace('{', "{{").replace('}', "}}")),
        Value::Array(items) => Value::Array(items.iter().map(escaped).collect()),
        Value::Object(members) => Value::Object(members.iter().map(|(k, v)| (k.clone(), escaped(v))).json_object()),
        other => other.clone(),
    }
}

/// Makes an exercise of `engine`'s items and the saved `patterns` (module
/// docs). Refused, with what is wrong, when a type lacks a key attribute in
/// some record, two records of a type share a key, a saved read fails now,
/// or the exercise would not read.
pub fn make(engine: &Engine, patterns: &[AccessPattern], authoring: &Authoring) -> Result<Made> {
    let title = authoring.title.trim();
    if title.is_empty() {
        return Err(invalid("it needs a title"));
    }
    if authoring.statement.trim().is_empty() {
        return Err(invalid("it needs a statement (the task in words)"));
    }
    let type_attribute = authoring.type_attribute.as_deref().map(str::trim).filter(|a| !a.is_empty());
    let types = entity_types(engine, type_attribute);
    if types.is_empty() {
        return Err(invalid(match type_attribute {
            Some(attribute) => format!("no item has the attribute {attribute} as a string or number"),
            None => "the tables hold no items".to_string(),
        }));
    }
    let key_of = |t: &EntityType| authoring.keys.get(&t.name).filter(|k| !k.is_empty()).unwrap_or(&t.table_key).clone();
    let mut records: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    // (table, item's primary key) → the record it is: how a result is traced.
    let mut owners: BTreeMap<(String, PrimaryKey), RecordKey> = BTreeMap::new();
    let mut seen: BTreeSet<RecordKey> = BTreeSet::new();
    let mut items_without_type = 0;
    for table in engine.tables() {
        let name = &table.definition.name;
        for item in table.items() {
            let Some(entity) = type_of(&item, name, type_attribute) else {
                items_without_type += 1;
                continue;
            };
            let Some(known) = types.iter().find(|t| t.name == entity) else { continue };
            if &known.table != name {
                return Err(invalid(format!(
                    "the type {entity} has items in two tables ({} and {name}); an entity type maps to one table",
                    known.table
                )));
            }
            let key = key_of(known);
            let Some(record_key) = RecordKey::of(&entity, &key, &item) else {
                return Err(invalid(format!(
                    "an item of type {entity} in {name} lacks the key attribute {} (a string or a number)",
                    key.iter()
                        .find(|k| item.get(k.as_str()).and_then(attribute_text).is_none())
                        .cloned()
                        .unwrap_or_default()
                )));
            };
            if !seen.insert(record_key.clone()) {
                return Err(invalid(format!(
                    "two records of type {entity} have the key {}; pick key attributes that tell them apart",
                    record_key.describe()
                )));
            }
            let primary = table.definition.key_schema.key_of_item(&item)?;
            owners.insert((name.clone(), primary), record_key);
            records.entry(entity).or_default().push(item_to_plain(&item));
        }
    }

    let mut copy = engine.clone();
    let mut listed = Vec::new();
    let mut requests = Map::new();
    let mut writes_left_out = Vec::new();
    for pattern in patterns {
        if !reads(pattern) {
            writes_left_out.push(pattern.name.clone());
            continue;
        }
        let items = run_read(&mut copy, pattern).map_err(|e| {
            invalid(format!("the saved pattern {} fails now: {}: {}", pattern.name, e.name(), e.message()))
        })?;
        let mut expected: Vec<RecordKey> = Vec::new();
        for wire in &items {
            let item = item_from_wire(wire)?;
            let owner = engine.tables().find_map(|t| {
                let primary = t.definition.key_schema.key_of_item(&item).ok()?;
                owners.get(&(t.definition.name.clone(), primary))
            });
            if let Some(owner) = owner.filter(|o| !expected.contains(o)) {
                expected.push(owner.clone());
            }
        }
        let expect: Vec<Value> = expected.iter().map(|k| json!({"Type": k.entity, "Key": k.to_plain()})).collect();
        listed.push(json!({"Name": pattern.name, "Kind": "Read", "RequestsPerSecond": pattern.requests_per_second,
                           "Cases": [{"Parameters": {}, "Expect": expect}]}));
        requests.insert(
            pattern.name.clone(),
            json!({"Operation": pattern.operation, "Request": escaped(&pattern.request)}),
        );
    }

    let entities: Map<String, Value> = types
        .iter()
        .map(|t| {
            let listed = records.remove(&t.name).unwrap_or_default();
            (t.name.clone(), json!({"Key": key_of(t), "Records": listed}))
        })
        .json_object();
    let g = &authoring.goals;
    let mut goals = Map::new();
    if g.served_without_scan {
        goals.insert("ServedWithoutScan".into(), true.into());
    }
    if g.no_throttling {
        goals.insert("NoThrottling".into(), true.into());
    }
    if let Some(cost) = g.max_monthly_cost {
        goals.insert("MaxMonthlyCost".into(), json!(cost));
    }
    if let Some(gsis) = g.max_global_secondary_indexes {
        goals.insert("MaxGlobalSecondaryIndexes".into(), gsis.into());
    }
    if let Some(tables) = g.max_tables {
        goals.insert("MaxTables".into(), tables.into());
    }
    let mut document = json!({
        "Title": title,
        "Statement": authoring.statement.trim(),
        "Entities": entities,
        "AccessPatterns": listed,
        "Goals": goals,
    });
    if authoring.model_answer {
        let snapshot = engine.snapshot();
        let tables: Vec<Value> = snapshot
            .get("tables")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|t| t.get("definition").cloned())
            .collect();
        let mappings: Map<String, Value> =
            types.iter().map(|t| (t.name.clone(), json!({"TableName": t.table, "Attributes": {}}))).json_object();
        if let Value::Object(members) = &mut document {
            members.insert("ModelAnswer".into(), json!({"Tables": tables, "Mappings": mappings, "Requests": requests}));
        }
    }
    Exercise::from_json(&document).map_err(|e| invalid(e.message()))?;
    Ok(Made { document, items_without_type, writes_left_out })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::engine::exercise::{check, Solution};
    use crate::scenario::lessons::{setup, LessonLibrary};

    fn lesson(id: &str) -> crate::scenario::Scenario {
        let lesson = LessonLibrary::new().lesson(id).expect("lesson");
        setup::scenario(&lesson).expect("scenario")
    }

    fn scored(document: &Value) -> crate::engine::exercise::CheckReport {
        let exercise = Exercise::from_json(document).expect("reads");
        let answer = exercise.model_answer.clone().expect("a model answer");
        check(&exercise, &answer).expect("checks")
    }

    #[test]
    fn a_lesson_by_table_checks_full_against_its_own_design() {
        let scenario = lesson("relationships");
        let authoring = Authoring {
            title: "Relationships".into(),
            statement: "Design the tables.".into(),
            goals: ChosenGoals { served_without_scan: true, max_tables: Some(5), ..ChosenGoals::default() },
            model_answer: true,
            ..Authoring::default()
        };
        let made = make(&scenario.engine, &scenario.access_patterns, &authoring).expect("made");
        assert_eq!(made.items_without_type, 0);
        let document = &made.document;
        assert_eq!(document["Entities"]["Users"]["Key"], json!(["SSN"]));
        assert_eq!(document["Entities"]["UserCourses"]["Key"], json!(["UserId", "CourseId"]));
        let patterns = document["AccessPatterns"].as_array().expect("patterns");
        assert_eq!(patterns.len(), scenario.access_patterns.len());
        // The expected rows are the current results, by their entity keys.
        let by_ssn = patterns.iter().find(|p| p["Name"] == scenario.access_patterns[0].name).expect("first");
        assert_eq!(by_ssn["Cases"][0]["Expect"], json!([{"Type": "Users", "Key": {"SSN": "123-45-6789"}}]));
        let report = scored(document);
        assert_eq!(report.met, report.of, "{:#}", report.to_json());
        assert_eq!(report.of, patterns.len() + 2);
        // A design that scans misses the goal and returns extra records.
        let exercise = Exercise::from_json(document).expect("reads");
        let mut scanning = document["ModelAnswer"].clone();
        for request in scanning["Requests"].as_object_mut().expect("requests").values_mut() {
            let table = request["Request"]["TableName"].clone();
            *request = json!({"Operation": "Scan", "Request": {"TableName": table}});
        }
        let report = check(&exercise, &Solution::from_json(&scanning).expect("reads")).expect("checks");
        assert!(report.met < report.of);
    }

    #[test]
    fn a_single_table_grouped_by_an_attribute_checks_full() {
        let scenario = lesson("hr-order-entry");
        // The lesson's items carry no type attribute; EmployeeName groups
        // the employees' items, and the others are left out, counted.
        let authoring = Authoring {
            title: "Order entry".into(),
            statement: "Design one table.".into(),
            type_attribute: Some("EmployeeName".into()),
            model_answer: true,
            ..Authoring::default()
        };
        let made = make(&scenario.engine, &scenario.access_patterns, &authoring).expect("made");
        assert!(made.items_without_type > 0);
        let report = scored(&made.document);
        assert_eq!(report.met, report.of, "{:#}", report.to_json());
    }

    #[test]
    fn braces_in_saved_requests_survive_as_text() {
        let mut engine = Engine::new();
        engine
            .execute(
                "CreateTable",
                &json!({"TableName": "Things", "BillingMode": "PAY_PER_REQUEST",
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}),
            )
            .expect("table");
        for (pk, kind) in [("{a}", "A"), ("b", "B")] {
            engine
                .execute("PutItem", &json!({"TableName": "Things", "Item": {"pk": {"S": pk}, "Kind": {"S": kind}}}))
                .expect("put");
        }
        let pattern = AccessPattern {
            name: "Get {a}".into(),
            operation: "GetItem".into(),
            request: json!({"TableName": "Things", "Key": {"pk": {"S": "{a}"}}}),
            requests_per_second: 1.0,
            keys: crate::engine::review::KeyVariation::Single,
        };
        let write = AccessPattern { name: "Put".into(), operation: "PutItem".into(), ..pattern.clone() };
        let authoring = Authoring {
            title: "Braces".into(),
            statement: "Braces.".into(),
            type_attribute: Some("Kind".into()),
            model_answer: true,
            ..Authoring::default()
        };
        let made = make(&engine, &[pattern, write], &authoring).expect("made");
        assert_eq!(made.writes_left_out, ["Put"]);
        assert_eq!(made.document["Entities"]["A"]["Key"], json!(["pk"]));
        assert_eq!(made.document["ModelAnswer"]["Requests"]["Get {a}"]["Request"]["Key"]["pk"]["S"], "{{a}}");
        let report = scored(&made.document);
        assert_eq!(report.met, report.of, "{:#}", report.to_json());
    }

    #[test]
    fn what_cannot_be_made_says_why() {
        let scenario = lesson("relationships");
        let patterns = &scenario.access_patterns;
        let base = Authoring { title: "R".into(), statement: "S".into(), ..Authoring::default() };
        let message = |authoring: &Authoring| {
            make(&scenario.engine, patterns, authoring).expect_err("refused").message().to_string()
        };
        assert!(message(&Authoring { title: " ".into(), ..base.clone() }).contains("needs a title"));
        assert!(message(&Authoring { statement: String::new(), ..base.clone() }).contains("needs a statement"));
        assert!(message(&Authoring { type_attribute: Some("Nope".into()), ..base.clone() })
            .contains("no item has the attribute Nope"));
        let keys = BTreeMap::from([("Posts".to_string(), vec!["UserId".to_string()])]);
        assert!(message(&Authoring { keys, ..base.clone() }).contains("two records of type Posts have the key"));
        let keys = BTreeMap::from([("Users".to_string(), vec!["Nickname".to_string()])]);
        assert!(message(&Authoring { keys, ..base }).contains("lacks the key attribute Nickname"));
    }
}
