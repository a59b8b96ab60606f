//! NoSQL Workbench data models: import one as a scenario, export a scenario
//! as one.
//!
//! NoSQL Workbench (AWS's desktop data modeler) saves a model as one JSON
//! document. Versions 1.0 and 3.0 share their shape; 3.0 added the billing
//! members and `AWSService`:
//!
//! ```text
//! { "ModelName": "Music",
//!   "ModelMetadata": { "Author": "", "DateCreated": "Jan 12, 2026, 10:14 AM",
//!                      "DateLastModified": "…", "Description": "",
//!                      "AWSService": "Amazon DynamoDB",          3.0 only
//!                      "Version": "3.0" },
//!   "DataModel": [                                              one entry per table
//!     { "TableName": "Music",
//!       "KeyAttributes": { "PartitionKey": {"AttributeName": "Artist", "AttributeType": "S"},
//!                          "SortKey":      {"AttributeName": "SongTitle", "AttributeType": "S"} },
//!       "NonKeyAttributes": [ {"AttributeName": "Year", "AttributeType": "N"}, … ],
//!       "TableFacets": [ { "FacetName": "song",                 named views of the table
//!                          "KeyAttributeAlias": {"PartitionKeyAlias": "Artist", "SortKeyAlias": "Title"},
//!                          "TableData": [ …items… ],            older models keep items here
//!                          "NonKeyAttributes": ["Year"], "DataAccess": {"MySql": {}} } ],
//!       "GlobalSecondaryIndexes": [ { "IndexName": "ByYear",
//!                                     "KeyAttributes": { "PartitionKey": {…} },
//!                                     "Projection": {"ProjectionType": "ALL"} } ],
//!       "TableData": [ {"Artist": {"S": "Acme"}, "SongTitle": {"S": "Hi"}, "Year": {"N": "2026"}} ],
//!       "DataAccess": {"MySql": {}},
//!       "SampleDataFormats": { "Year": ["dataTypes", "Number"] },
//!       "BillingMode": "PROVISIONED",                           3.0
//!       "ProvisionedCapacitySettings": {                        3.0, provisioned tables
//!         "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
//!         "AutoScalingRead":  { "ScalableTargetRequest": {"MinCapacity": 1, "MaxCapacity": 10, …},
//!                               "ScalingPolicyConfiguration": {"TargetValue": 70} },
//!         "AutoScalingWrite": { … } } } ] }
//! ```
//!
//! (The shape was learnt from models AWS publishes with its design-pattern
//! samples and from models people keep in public repositories; the fixtures
//! in `tests/fixtures/workbench/` are small hand-written ones of both
//! versions.) Items are DynamoDB JSON, one typed value per attribute, as in
//! a PutItem request.
//!
//! # Import: through the engine's own requests
//!
//! [`import`] turns each table into the CreateTable request DynamoDB would
//! get (key attributes and GSI keys become `AttributeDefinitions`; a GSI of
//! a provisioned table gets the table's capacity, as Workbench's own commit
//! does) and sends it, then every item of `TableData` and of each facet's
//! `TableData` as a PutItem, all through [`Engine::execute`] on a fresh
//! engine. So every rule DynamoDB applies (key types, sizes, number
//! precision, set rules, index key types) applies to a model, and its errors
//! are DynamoDB's, prefixed with the place in the model:
//!
//! ```text
//! Invalid NoSQL Workbench model: DataModel[0] (table "Music").TableData[2]:
//! ValidationException: One or more parameter values were invalid: Type mismatch for key …
//! ```
//!
//! Anything wrong is an error and nothing is returned, so a caller never
//! replaces its current work with half a model. A model that names no
//! billing mode (every 1.0 model) becomes on demand, the mode that needs no
//! capacity figures; one with `ProvisionedCapacitySettings` but no
//! `BillingMode` is provisioned. Throughput is not enforced while the model
//! loads: an import is not traffic. Finally the engine is rebuilt from its
//! own snapshot, which builds every GSI from the items at once (see
//! [`crate::engine::snapshot`]), so index views are complete from the start.
//!
//! # Keeping what the playground does not simulate
//!
//! Facets, `DataAccess`, `SampleDataFormats`, auto scaling, the metadata and
//! any member this module does not know are not simulated, but they are not
//! dropped either: the scenario keeps the whole model in its `workbench`
//! member ([`Scenario::workbench`]), with each `TableData` entry reduced to
//! its item's primary key (the engine holds the items; a copy would double
//! the size of every share link). The import reports what it kept without
//! using, so nothing disappears silently.
//!
//! # Export: the kept model, filled in from the engine
//!
//! [`export`] starts from that kept model (or from an empty one for a
//! scenario made in the playground) and fills it in from the engine as it is
//! now:
//!
//! * **Tables** in the model's order, then tables created since, by name;
//!   tables deleted since are left out.
//! * **Schema.** A table whose key schema, indexes and billing are what the
//!   import made of the kept model (checked by creating the kept table on a
//!   scratch engine and comparing definitions) keeps its members exactly as
//!   they were. A changed table gets `KeyAttributes`,
//!   `GlobalSecondaryIndexes` (each index keeping its other members),
//!   `BillingMode` and `ProvisionedCapacitySettings.ProvisionedThroughput`
//!   (auto scaling kept while still provisioned) written from the engine.
//! * **Items.** Each kept key is replaced by the item under that key now;
//!   deleted items are left out; items added since go to the table's own
//!   `TableData`, in keyspace order. An item listed in two places (the
//!   table and a facet) comes back in both.
//! * **NonKeyAttributes** keeps its list and gains every attribute the items
//!   or the GSI keys use that it does not name.
//!
//! What a model cannot hold — local secondary indexes, streams, time to
//! live, the table class, a GSI's own capacity, tags, deletion protection, capacity in a 1.0
//! model, a multi-attribute GSI key's attributes after its first HASH and
//! first RANGE attribute (its `KeyAttributes` has one `PartitionKey` and one
//! `SortKey`; the others stay in `NonKeyAttributes`) — is reported in the
//! export's warnings. So a model round-trips: import then
//! export gives the same document, except that numbers and sets come back in
//! DynamoDB's normal spelling (`0.50` → `0.5`), which the import reports.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Map, Value};

use super::exchange::Imported;
use super::format::{is_scenario, Scenario};
use super::warning::{Lost, Unused, Warning};
use crate::engine::ordered::Ordered;
use crate::engine::streams::iso_millis;
use crate::engine::value::wire::{item_from_wire, item_to_wire};
use crate::engine::{ApiError, Engine, Result};

/// The model versions [`export`] writes (and [`import`] knows by name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelVersion {
    /// The original format: no billing members, no `AWSService`.
    V1,
    /// The current format (NoSQL Workbench 3.x).
    V3,
}

impl ModelVersion {
    /// `ModelMetadata.Version` of this version.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::V1 => "1.0",
            Self::V3 => "3.0",
        }
    }
}

/// A scenario written as a model, with what the model could not hold.
#[derive(Clone, Debug)]
pub struct Exported {
    pub model: Value,
    pub warnings: Vec<Warning>,
}

const TOP_MEMBERS: &[&str] = &["ModelName", "ModelMetadata", "DataModel"];
const TABLE_MEMBERS: &[&str] = &[
    "TableName",
    "KeyAttributes",
    "NonKeyAttributes",
    "TableFacets",
    "GlobalSecondaryIndexes",
    "TableData",
    "DataAccess",
    "SampleDataFormats",
    "BillingMode",
    "ProvisionedCapacitySettings",
];
const INDEX_MEMBERS: &[&str] = &["IndexName", "KeyAttributes", "Projection"];
/// Written into the `ModelName` and `Description` of a model made from a
/// scenario that was not imported.
const DEFAULT_MODEL_NAME: &str = "ddb-playground";

/// Whether a JSON document is a NoSQL Workbench model: it has a `DataModel`
/// list (and is not a scenario document).
pub fn is_model(document: &Value) -> bool {
    document.get("DataModel").is_some_and(Value::is_array) && !is_scenario(document)
}

fn invalid(place: &str, what: impl std::fmt::Display) -> ApiError {
    if place.is_empty() {
        ApiError::validation(format!("Invalid NoSQL Workbench model: {what}"))
    } else {
        ApiError::validation(format!("Invalid NoSQL Workbench model: {place}: {what}"))
    }
}

/// The members of `object` not in `known`, as `"A", "B"`; `None` if none.
fn unknown_members(object: &Map<String, Value>, known: &[&str]) -> Option<String> {
    let unknown: Vec<String> =
        object.keys().filter(|k| !known.contains(&k.as_str())).map(|k| format!("\"{k}\"")).collect();
    (!unknown.is_empty()).then(|| unknown.join(", "))
}

/// `KeyAttributes` (`PartitionKey`, optional `SortKey`) as (name, type,
/// key type) triples. Types are passed on as given: CreateTable checks them.
fn key_attributes(value: Option<&Value>) -> std::result::Result<Vec<(String, Value, &'static str)>, String> {
    let Some(Value::Object(keys)) = value else {
        return Err("\"KeyAttributes\" must be an object with a \"PartitionKey\"".into());
    };
    let mut out = Vec::new();
    for (member, key_type) in [("PartitionKey", "HASH"), ("SortKey", "RANGE")] {
        match keys.get(member) {
            None if key_type == "RANGE" => {}
            Some(Value::Object(key)) => match key.get("AttributeName") {
                Some(Value::String(name)) => {
                    out.push((name.clone(), key.get("AttributeType").cloned().unwrap_or(Value::Null), key_type))
                }
                _ => return Err(format!("KeyAttributes.{member}.AttributeName must be a string")),
            },
            _ => return Err(format!("KeyAttributes.{member} must be an object with an AttributeName")),
        }
    }
    Ok(out)
}

/// The CreateTable request a model's table stands for (see the module docs).
fn create_table_request(table: &Map<String, Value>, name: &str) -> std::result::Result<Value, String> {
    let mut definitions: Vec<(String, Value)> = Vec::new();
    let mut define = |name: &str, kind: &Value| -> std::result::Result<(), String> {
        match definitions.iter().find(|(n, _)| n == name) {
            Some((_, earlier)) if earlier != kind => {
                Err(format!("the key attribute \"{name}\" is declared with two types, {earlier} and {kind}"))
            }
            Some(_) => Ok(()),
            None => {
                definitions.push((name.to_string(), kind.clone()));
                Ok(())
            }
        }
    };
    let key_schema = |keys: &[(String, Value, &str)]| -> Value {
        keys.iter().map(|(name, _, key_type)| json!({"AttributeName": name, "KeyType": key_type})).collect()
    };
    let keys = key_attributes(table.get("KeyAttributes"))?;
    for (attribute, kind, _) in &keys {
        define(attribute, kind)?;
    }
    let capacity = table.get("ProvisionedCapacitySettings").and_then(|s| s.get("ProvisionedThroughput"));
    let billing = match (table.get("BillingMode"), capacity) {
        (Some(mode), _) => mode.clone(),
        (None, Some(_)) => "PROVISIONED".into(),
        (None, None) => "PAY_PER_REQUEST".into(),
    };
    let provisioned = billing == "PROVISIONED";
    let mut indexes = Vec::new();
    match table.get("GlobalSecondaryIndexes") {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            for (j, index) in list.iter().enumerate() {
                let Value::Object(index) = index else {
                    return Err(format!("GlobalSecondaryIndexes[{j}] must be an object"));
                };
                let index_keys = key_attributes(index.get("KeyAttributes"))
                    .map_err(|e| format!("GlobalSecondaryIndexes[{j}]: {e}"))?;
                for (attribute, kind, _) in &index_keys {
                    define(attribute, kind).map_err(|e| format!("GlobalSecondaryIndexes[{j}]: {e}"))?;
                }
                let mut request = Map::new();
                request.insert("IndexName".into(), index.get("IndexName").cloned().unwrap_or(Value::Null));
                request.insert("KeySchema".into(), key_schema(&index_keys));
                if let Some(projection) = index.get("Projection") {
                    request.insert("Projection".into(), projection.clone());
                }
                if let (true, Some(capacity)) = (provisioned, capacity) {
                    request.insert("ProvisionedThroughput".into(), capacity.clone());
                }
                indexes.push(Value::Object(request));
            }
        }
        Some(_) => return Err("\"GlobalSecondaryIndexes\" must be a list".into()),
    }
    let mut request = Map::new();
    request.insert("TableName".into(), name.into());
    request.insert("KeySchema".into(), key_schema(&keys));
    let definitions: Vec<Value> =
        definitions.into_iter().map(|(name, kind)| json!({"AttributeName": name, "AttributeType": kind})).collect();
    request.insert("AttributeDefinitions".into(), definitions.into());
    request.insert("BillingMode".into(), billing);
    if let (true, Some(capacity)) = (provisioned, capacity) {
        request.insert("ProvisionedThroughput".into(), capacity.clone());
    }
    if !indexes.is_empty() {
        request.insert("GlobalSecondaryIndexes".into(), indexes.into());
    }
    Ok(Value::Object(request))
}

/// The primary key of an item in wire form: its `keys` attributes.
fn key_of(item: &Value, keys: &[String]) -> Value {
    let key: Map<String, Value> =
        keys.iter().filter_map(|name| item.get(name).map(|value| (name.clone(), value.clone()))).json_object();
    Value::Object(key)
}

/// The type tag of a wire value (`S`, `N`, `M`, …).
fn type_tag(value: &Value) -> Option<&str> {
    value.as_object().and_then(|v| v.keys().next()).map(String::as_str)
}

/// The key attribute names of a CreateTable request's `KeySchema`.
fn key_names(request: &Value) -> Vec<String> {
    request
        .get("KeySchema")
        .and_then(Value::as_array)
        .map(|keys| keys.iter().filter_map(|k| k.get("AttributeName")?.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// What one table's import noticed, for the warnings.
#[derive(Default)]
struct TableNotes {
    items: usize,
    /// Items whose stored form differs from the model's spelling.
    renormalised: usize,
    /// Attributes whose type differs from `NonKeyAttributes`: how many,
    /// and the first (place, actual type, declared type).
    mistyped: (usize, Option<(String, String, String)>),
}

/// One table's import: its CreateTable and PutItems on `engine`.
struct TableImport<'a> {
    engine: &'a mut Engine,
    name: String,
    keys: Vec<String>,
    /// Declared types of `NonKeyAttributes`.
    declared: BTreeMap<String, String>,
    /// The items put so far, by canonical key: where, and the item.
    seen: BTreeMap<String, (String, Value)>,
    notes: TableNotes,
}

impl TableImport<'_> {
    /// Puts the items of one `TableData` list; returns the list of their keys.
    fn put_all(&mut self, data: &Value, place: &str) -> Result<Value> {
        let Value::Array(items) = data else { return Err(invalid(place, "expected a list of items")) };
        let mut keys = Vec::with_capacity(items.len());
        for (k, item) in items.iter().enumerate() {
            let item_place = format!("{place}[{k}]");
            let request = json!({"TableName": self.name, "Item": item});
            self.engine.execute("PutItem", &request).map_err(|e| invalid(&item_place, e))?;
            // The PutItem succeeded, so the item decodes.
            let normal = item_from_wire(item).map(|i| item_to_wire(&i)).map_err(|e| invalid(&item_place, e))?;
            let key = key_of(&normal, &self.keys);
            let canonical = key.to_string();
            match self.seen.get(&canonical) {
                Some((earlier, earlier_item)) if *earlier_item != normal => {
                    return Err(invalid(
                        &item_place,
                        format!("{earlier} has another item with the same primary key {canonical}"),
                    ));
                }
                // The same item listed twice (in the table and in a facet):
                // one item, remembered in both places.
                Some(_) => {}
                None => {
                    self.notes.items += 1;
                    if normal != *item {
                        self.notes.renormalised += 1;
                    }
                    self.check_types(&normal, &item_place);
                    self.seen.insert(canonical, (item_place, normal));
                }
            }
            keys.push(key);
        }
        Ok(Value::Array(keys))
    }

    fn check_types(&mut self, item: &Value, place: &str) {
        let Some(attributes) = item.as_object() else { return };
        for (name, value) in attributes {
            let (Some(declared), Some(actual)) = (self.declared.get(name), type_tag(value)) else { continue };
            if declared != actual {
                if self.notes.mistyped.0 == 0 {
                    self.notes.mistyped.1 = Some((format!("{place}.{name}"), actual.to_string(), declared.to_string()));
                }
                self.notes.mistyped.0 += 1;
            }
        }
    }
}

/// Reads a NoSQL Workbench model (versions 1.0 and 3.0) into a scenario, or
/// says exactly where and why it cannot (see the module docs).
pub fn import(model: &Value) -> Result<Imported> {
    let Value::Object(top) = model else { return Err(invalid("", "the document is not a JSON object")) };
    let Some(Value::Array(tables)) = top.get("DataModel") else {
        return Err(invalid("", "\"DataModel\" must be a list of tables"));
    };
    // Kept for the export, so it must survive being saved as text.
    if let Some((place, number)) = super::format::unsettled_number(model, "") {
        let place = place.strip_prefix('.').unwrap_or(&place);
        return Err(invalid("", super::format::unsettled_message(place, &number)));
    }
    let mut warnings = Vec::new();
    match top.get("ModelMetadata").and_then(|m| m.get("Version")).and_then(Value::as_str) {
        Some("1.0" | "3.0") => {}
        Some(other) => warnings.push(Warning::VersionAssumed { stated: Some(other.to_string()) }),
        None => warnings.push(Warning::VersionAssumed { stated: None }),
    }
    if let Some(members) = unknown_members(top, TOP_MEMBERS) {
        warnings.push(Warning::ModelMembersKept { members });
    }

    let mut engine = Engine::new();
    let enforce = engine.settings().enforce_throughput;
    // Loading a model is not traffic: no throttling while it runs.
    engine.settings_mut().enforce_throughput = false;
    let mut kept_tables = Vec::with_capacity(tables.len());
    let mut first_table = None;
    for (i, table) in tables.iter().enumerate() {
        let (name, kept) = import_table(&mut engine, table, i, &mut warnings)?;
        first_table.get_or_insert(name);
        kept_tables.push(kept);
    }
    engine.settings_mut().enforce_throughput = enforce;
    // Rebuilt from its snapshot: the GSIs are built from the items at once.
    let engine = Engine::restore(&engine.snapshot()).map_err(|e| invalid("", e))?;

    let mut kept = top.clone();
    kept.insert("DataModel".into(), kept_tables.into());
    let mut scenario = Scenario::of(&engine);
    if let Some(name) = first_table {
        scenario.view = json!({ "table": name });
    }
    scenario.workbench = Some(Value::Object(kept));
    Ok(Imported { scenario, warnings })
}

/// Imports the table at `DataModel[i]`; returns its name and the table as
/// the scenario keeps it (items reduced to keys).
fn import_table(engine: &mut Engine, table: &Value, i: usize, warnings: &mut Vec<Warning>) -> Result<(String, Value)> {
    let place = format!("DataModel[{i}]");
    let Value::Object(members) = table else { return Err(invalid(&place, "expected a table object")) };
    let Some(Value::String(name)) = members.get("TableName") else {
        return Err(invalid(&place, "\"TableName\" must be a string"));
    };
    let place = format!("{place} (table \"{name}\")");
    let request = create_table_request(members, name).map_err(|what| invalid(&place, what))?;
    engine.execute("CreateTable", &request).map_err(|e| invalid(&place, e))?;

    let declared = members
        .get("NonKeyAttributes")
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .filter_map(|a| {
                    Some((a.get("AttributeName")?.as_str()?.to_string(), a.get("AttributeType")?.as_str()?.to_string()))
                })
                .ordered_map()
        })
        .unwrap_or_default();
    let mut import = TableImport {
        engine,
        name: name.clone(),
        keys: key_names(&request),
        declared,
        seen: BTreeMap::new(),
        notes: TableNotes::default(),
    };
    let mut kept = members.clone();
    if let Some(data) = members.get("TableData") {
        kept.insert("TableData".into(), import.put_all(data, &format!("{place}.TableData"))?);
    }
    let mut facet_count = 0;
    if let Some(Value::Array(facets)) = members.get("TableFacets") {
        let mut kept_facets = facets.clone();
        for (j, facet) in kept_facets.iter_mut().enumerate() {
            let Value::Object(facet) = facet else { continue };
            facet_count += 1;
            if let Some(data) = facet.get("TableData").cloned() {
                let keys = import.put_all(&data, &format!("{place}.TableFacets[{j}].TableData"))?;
                facet.insert("TableData".into(), keys);
            }
        }
        kept.insert("TableFacets".into(), kept_facets.into());
    }

    let notes = import.notes;
    let mut unused = Vec::new();
    if facet_count > 0 {
        unused.push(Unused::Facets(facet_count));
    }
    for member in ["DataAccess", "SampleDataFormats"] {
        if members.get(member).is_some_and(|v| v.as_object().is_some_and(|o| !o.is_empty())) {
            unused.push(Unused::Member(member.to_string()));
        }
    }
    let settings = members.get("ProvisionedCapacitySettings");
    if settings.and_then(|s| s.as_object()).is_some_and(|s| s.keys().any(|k| k.starts_with("AutoScaling"))) {
        unused.push(Unused::AutoScaling);
    }
    if let Some(unknown) = unknown_members(members, TABLE_MEMBERS) {
        unused.push(Unused::Unknown(unknown));
    }
    for index in members.get("GlobalSecondaryIndexes").and_then(Value::as_array).into_iter().flatten() {
        if let (Some(object), Some(index_name)) = (index.as_object(), index.get("IndexName").and_then(Value::as_str)) {
            if let Some(unknown) = unknown_members(object, INDEX_MEMBERS) {
                unused.push(Unused::IndexMembers { members: unknown, index: index_name.to_string() });
            }
        }
    }
    if !unused.is_empty() {
        warnings.push(Warning::TableKept { table: name.to_string(), unused });
    }
    if notes.renormalised > 0 {
        warnings.push(Warning::Renormalised {
            table: name.to_string(),
            changed: notes.renormalised,
            items: notes.items,
        });
    }
    if let (count @ 1.., Some((place, actual, declared))) = notes.mistyped {
        warnings.push(Warning::Mistyped { table: name.to_string(), count, place, actual, declared });
    }
    Ok((name.clone(), Value::Object(kept)))
}

/// `Jan 12, 2026, 10:14 AM` (UTC): how Workbench writes its dates.
fn workbench_date(millis: u64) -> String {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let iso = iso_millis(millis);
    let field = |range: std::ops::Range<usize>| iso.get(range).and_then(|s| s.parse::<usize>().ok()).unwrap_or(0);
    let (year, month, day, hour, minute) = (field(0..4), field(5..7), field(8..10), field(11..13), field(14..16));
    let month = MONTHS.get(month.wrapping_sub(1)).copied().unwrap_or("Jan");
    let (hour12, half) = match hour {
        0 => (12, "AM"),
        1..=11 => (hour, "AM"),
        12 => (12, "PM"),
        _ => (hour - 12, "PM"),
    };
    format!("{month} {day:02}, {year}, {hour12:02}:{minute:02} {half}")
}

/// The `ModelName` and `ModelMetadata` of a model made from scratch.
fn fresh_model(version: ModelVersion, now_millis: u64) -> Map<String, Value> {
    let date = workbench_date(now_millis);
    let mut metadata = Map::new();
    metadata.insert("Author".into(), "".into());
    metadata.insert("DateCreated".into(), date.clone().into());
    metadata.insert("DateLastModified".into(), date.into());
    metadata.insert("Description".into(), format!("Exported from {DEFAULT_MODEL_NAME}").into());
    if version == ModelVersion::V3 {
        metadata.insert("AWSService".into(), "Amazon DynamoDB".into());
    }
    metadata.insert("Version".into(), version.as_str().into());
    let mut model = Map::new();
    model.insert("ModelName".into(), DEFAULT_MODEL_NAME.into());
    model.insert("ModelMetadata".into(), metadata.into());
    model
}

/// Writes the scenario as a NoSQL Workbench model of `version` (see the
/// module docs). Never fails: what a model cannot hold is in the warnings.
pub fn export(scenario: &Scenario, version: ModelVersion) -> Exported {
    let snapshot = scenario.engine.snapshot();
    let tables: Vec<&Value> = snapshot.get("tables").and_then(Value::as_array).into_iter().flatten().collect();
    let table_named = |name: &str| {
        tables.iter().copied().find(|t| t.get("definition").and_then(|d| d.get("TableName")) == Some(&json!(name)))
    };
    let kept = scenario.workbench.as_ref().and_then(Value::as_object);
    let mut model = kept.cloned().unwrap_or_else(|| fresh_model(version, scenario.engine.clock().now_millis()));
    if let Some(Value::Object(metadata)) = model.get_mut("ModelMetadata") {
        metadata.insert("Version".into(), version.as_str().into());
    } else {
        model.insert("ModelMetadata".into(), json!({ "Version": version.as_str() }));
    }

    let mut warnings = Vec::new();
    let mut data_model = Vec::new();
    let mut written = BTreeSet::new();
    for kept_table in kept.and_then(|m| m.get("DataModel")).and_then(Value::as_array).into_iter().flatten() {
        let Some(kept_table) = kept_table.as_object() else { continue };
        let Some(name) = kept_table.get("TableName").and_then(Value::as_str) else { continue };
        // A table deleted in the playground is left out.
        if let Some(table) = table_named(name).filter(|_| written.insert(name.to_string())) {
            data_model.push(export_table(Some(kept_table), table, version, &mut warnings));
        }
    }
    for table in &tables {
        let name = table.get("definition").and_then(|d| d.get("TableName")).and_then(Value::as_str);
        if name.is_some_and(|name| !written.contains(name)) {
            data_model.push(export_table(None, table, version, &mut warnings));
        }
    }
    model.insert("DataModel".into(), data_model.into());
    Exported { model: Value::Object(model), warnings }
}

/// `KeyAttributes` of a wire key schema, with types from the definitions:
/// its first HASH and first RANGE attribute (a multi-attribute GSI key's
/// others are in [`more_key_attributes`], and the warnings).
fn key_attributes_of(key_schema: Option<&Value>, types: &BTreeMap<&str, &Value>) -> Value {
    let mut out = Map::new();
    for key in key_schema.and_then(Value::as_array).into_iter().flatten() {
        let name = key.get("AttributeName").and_then(Value::as_str).unwrap_or_default();
        let member = if key.get("KeyType") == Some(&json!("RANGE")) { "SortKey" } else { "PartitionKey" };
        let kind = types.get(name).copied().cloned().unwrap_or(Value::Null);
        out.entry(member).or_insert_with(|| json!({"AttributeName": name, "AttributeType": kind}));
    }
    Value::Object(out)
}

/// The key attributes of a wire key schema after its first HASH and its
/// first RANGE attribute, in key-schema order.
fn more_key_attributes(key_schema: Option<&Value>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    key_schema
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|key| !seen.insert(key.get("KeyType").and_then(Value::as_str).unwrap_or_default().to_string()))
        .filter_map(|key| key.get("AttributeName").and_then(Value::as_str).map(str::to_string))
        .collect()
}

/// Whether the engine's `definition` is what importing `kept` creates:
/// then the kept schema members are still true, word for word.
fn schema_unchanged(kept: &Map<String, Value>, definition: &Value) -> bool {
    let name = definition.get("TableName").and_then(Value::as_str).unwrap_or_default();
    let Ok(request) = create_table_request(kept, name) else { return false };
    let mut scratch = Engine::new();
    if scratch.execute("CreateTable", &request).is_err() {
        return false;
    }
    let snapshot = scratch.snapshot();
    snapshot.get("tables").and_then(|t| t.get(0)).and_then(|t| t.get("definition")) == Some(definition)
}

/// One table of the exported model.
fn export_table(
    kept: Option<&Map<String, Value>>,
    table: &Value,
    version: ModelVersion,
    warnings: &mut Vec<Warning>,
) -> Value {
    let empty = Value::Null;
    let definition = table.get("definition").unwrap_or(&empty);
    let name = definition.get("TableName").and_then(Value::as_str).unwrap_or_default();
    let items: Vec<&Value> = table.get("items").and_then(Value::as_array).into_iter().flatten().collect();
    let keys = key_names(definition);
    let types: BTreeMap<&str, &Value> = definition
        .get("AttributeDefinitions")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|a| Some((a.get("AttributeName")?.as_str()?, a.get("AttributeType")?)))
        .ordered_map();
    let provisioned = definition.get("BillingMode") == Some(&json!("PROVISIONED"));
    let capacity = definition.get("ProvisionedThroughput");
    let globals: Vec<&Value> =
        definition.get("GlobalSecondaryIndexes").and_then(Value::as_array).into_iter().flatten().collect();

    let mut out = kept.cloned().unwrap_or_default();
    out.insert("TableName".into(), name.into());
    if !kept.is_some_and(|kept| schema_unchanged(kept, definition)) {
        out.insert("KeyAttributes".into(), key_attributes_of(definition.get("KeySchema"), &types));
        let kept_indexes = kept.and_then(|k| k.get("GlobalSecondaryIndexes")).and_then(Value::as_array);
        let indexes: Vec<Value> = globals
            .iter()
            .map(|index| {
                let index_name = index.get("IndexName").cloned().unwrap_or(Value::Null);
                let mut entry = kept_indexes
                    .into_iter()
                    .flatten()
                    .find(|k| k.get("IndexName") == Some(&index_name))
                    .and_then(Value::as_object)
                    .cloned()
                    .unwrap_or_default();
                entry.insert("IndexName".into(), index_name);
                entry.insert("KeyAttributes".into(), key_attributes_of(index.get("KeySchema"), &types));
                entry.insert("Projection".into(), index.get("Projection").cloned().unwrap_or(json!({})));
                Value::Object(entry)
            })
            .collect();
        if kept.is_none() || kept_indexes.is_some() || !indexes.is_empty() {
            out.insert("GlobalSecondaryIndexes".into(), indexes.into());
        }
        let kept_billing = kept.is_some_and(|k| k.contains_key("BillingMode"));
        let write_billing = kept_billing || (version == ModelVersion::V3 && (kept.is_none() || provisioned));
        if write_billing {
            out.insert("BillingMode".into(), definition.get("BillingMode").cloned().unwrap_or(Value::Null));
            if let (true, Some(capacity)) = (provisioned, capacity) {
                let mut settings =
                    out.get("ProvisionedCapacitySettings").and_then(Value::as_object).cloned().unwrap_or_default();
                settings.insert("ProvisionedThroughput".into(), capacity.clone());
                out.insert("ProvisionedCapacitySettings".into(), settings.into());
            } else if out.remove("ProvisionedCapacitySettings").is_some() {
                warnings.push(Warning::OnDemandNow { table: name.to_string() });
            }
        } else {
            out.remove("BillingMode");
            if provisioned {
                out.remove("ProvisionedCapacitySettings");
                warnings
                    .push(Warning::NoBillingMode { table: name.to_string(), version: version.as_str().to_string() });
            }
        }
    }
    note_what_a_model_cannot_hold(table, definition, name, &globals, warnings);

    // Items: the kept keys replaced by today's items, then the new ones.
    let canonical = |item: &Value| key_of(item, &keys).to_string();
    let by_key: BTreeMap<String, &Value> = items.iter().map(|item| (canonical(item), *item)).ordered_map();
    let mut used = BTreeSet::new();
    let mut resolve = |list: &Value| -> Value {
        let resolved: Vec<Value> = list
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|entry| {
                let key = canonical(entry);
                let item = by_key.get(&key)?;
                used.insert(key);
                Some((*item).clone())
            })
            .collect();
        resolved.into()
    };
    if let Some(Value::Array(facets)) = out.get_mut("TableFacets") {
        for facet in facets.iter_mut() {
            if let Value::Object(facet) = facet {
                if let Some(list) = facet.get("TableData") {
                    let resolved = resolve(list);
                    facet.insert("TableData".into(), resolved);
                }
            }
        }
    }
    let mut table_data = match out.get("TableData") {
        Some(list) => match resolve(list) {
            Value::Array(resolved) => resolved,
            _ => Vec::new(),
        },
        None => Vec::new(),
    };
    table_data.extend(items.iter().filter(|item| !used.contains(&canonical(item))).map(|item| (*item).clone()));
    if kept.is_none() || out.contains_key("TableData") || !table_data.is_empty() {
        out.insert("TableData".into(), table_data.into());
    }

    // NonKeyAttributes: the kept list, plus what the items and GSIs use.
    let mut attributes: Vec<Value> = out.get("NonKeyAttributes").and_then(Value::as_array).cloned().unwrap_or_default();
    let mut listed: BTreeSet<String> =
        attributes.iter().filter_map(|a| a.get("AttributeName")?.as_str().map(str::to_string)).ordered_set();
    let mut seen_types: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for item in &items {
        for (attribute, value) in item.as_object().into_iter().flatten() {
            if keys.contains(attribute) {
                continue;
            }
            let Some(tag) = type_tag(value) else { continue };
            seen_types.entry(attribute).or_default().insert(tag);
            if listed.insert(attribute.clone()) {
                attributes.push(json!({"AttributeName": attribute, "AttributeType": tag}));
            }
        }
    }
    for (attribute, kind) in &types {
        if !keys.iter().any(|k| k == attribute) && listed.insert(attribute.to_string()) {
            attributes.push(json!({"AttributeName": attribute, "AttributeType": kind}));
        }
    }
    for (attribute, tags) in seen_types.iter().filter(|(_, tags)| tags.len() > 1) {
        warnings.push(Warning::SeveralTypes {
            table: name.to_string(),
            attribute: attribute.to_string(),
            types: tags.iter().map(|tag| tag.to_string()).collect(),
        });
    }
    if kept.is_none() || out.contains_key("NonKeyAttributes") || !attributes.is_empty() {
        out.insert("NonKeyAttributes".into(), attributes.into());
    }
    if kept.is_none() {
        out.insert("TableFacets".into(), json!([]));
        out.insert("DataAccess".into(), json!({"MySql": {}}));
    }
    Value::Object(out)
}

/// Warnings for what the engine has and a model cannot hold.
fn note_what_a_model_cannot_hold(
    table: &Value,
    definition: &Value,
    name: &str,
    globals: &[&Value],
    warnings: &mut Vec<Warning>,
) {
    let mut lost = Vec::new();
    for index in definition.get("LocalSecondaryIndexes").and_then(Value::as_array).into_iter().flatten() {
        let index_name = index.get("IndexName").and_then(Value::as_str).unwrap_or_default();
        lost.push(Lost::Lsi(index_name.to_string()));
    }
    if let Some(view) = definition.get("StreamSpecification").and_then(|s| s.get("StreamViewType")) {
        lost.push(Lost::Stream(view.as_str().unwrap_or_default().to_string()));
    }
    if let Some(attribute) = table.get("state").and_then(|s| s.get("timeToLiveAttribute")).and_then(Value::as_str) {
        lost.push(Lost::Ttl(attribute.to_string()));
    }
    if let Some(class) = definition.get("TableClass").and_then(Value::as_str) {
        lost.push(Lost::TableClass(class.to_string()));
    }
    let capacity = definition.get("ProvisionedThroughput");
    for index in globals {
        let index_name = index.get("IndexName").and_then(Value::as_str).unwrap_or_default();
        if let (Some(own), Some(table_capacity)) = (index.get("ProvisionedThroughput"), capacity) {
            if own != table_capacity {
                lost.push(Lost::OwnCapacity(index_name.to_string()));
            }
        }
        let more = more_key_attributes(index.get("KeySchema"));
        if !more.is_empty() {
            lost.push(Lost::MoreKeyAttributes { index: index_name.to_string(), attributes: more });
        }
    }
    if let Some(tags) = definition.get("Tags").and_then(Value::as_array).filter(|tags| !tags.is_empty()) {
        lost.push(Lost::Tags(tags.len()));
    }
    if definition.get("DeletionProtectionEnabled").and_then(Value::as_bool) == Some(true) {
        lost.push(Lost::DeletionProtection);
    }
    for index in definition.get("VectorIndexes").and_then(Value::as_array).into_iter().flatten() {
        lost.push(Lost::VectorIndex(index.get("IndexName").and_then(Value::as_str).unwrap_or_default().to_string()));
    }
    if !lost.is_empty() {
        warnings.push(Warning::CannotHold { table: name.to_string(), lost });
    }
}
