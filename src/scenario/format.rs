//! The scenario document and its versions.
//!
//! ```json
//! { "format": "ddb-playground-scenario", "version": 1,
//!   "engine": { …Engine::snapshot()… },
//!   "operations": [ { "name": "Top score", "operation": "Query", "request": { … } } ],
//!   "accessPatterns": [ { "Name": "Top score", "Operation": "Query", "Request": { … },
//!                         "RequestsPerSecond": 50 } ],
//!   "view": { "table": "GameScores" },
//!   "workbench": { …a NoSQL Workbench model, items reduced to their keys… },
//!   "generated": [ { "table": "Orders", "template": { … }, "count": 100000, "seed": 7 } ] }
//! ```
//!
//! `generated` lists the tables filled by the generator: the items still as
//! generated are left out of `engine` and made again when the scenario is
//! read (see [`super::generated`]), so a share link carries the template
//! and seed rather than the items.
//!
//! `engine` is exactly [`Engine::snapshot`]'s document, so a scenario file and
//! a `ddb-local --data` file share their core. `workbench` is optional: it is
//! present when the scenario was imported from a NoSQL Workbench model, and
//! keeps what the playground does not simulate (facets, data access
//! settings, model metadata, unknown members) so an export can write the
//! model back (see [`super::workbench`]). Adding an optional member did not
//! need a new version: a version-1 reader that does not know it loads the
//! same tables and items. `accessPatterns` is optional in the same way (a
//! document without it has none); each entry is the endpoint's
//! `ReviewAccessPatterns` form ([`super::access_patterns`]), so a pattern
//! saved in the page is sent to `ddb-local` as it is. A pattern that does
//! not read (a missing member, a rate ≤ 0) refuses the whole document with
//! a message naming it, like any other broken part: the playground that
//! was open stays as it was, and nothing is half-loaded. Older versions are upgraded by
//! [`migrate`] before they are read; a version newer than this build is
//! refused with a message that says so, rather than half-understood.

use serde_json::{json, Map, Value};

use super::access_patterns;
use super::generated::{self, GeneratedData};
use crate::engine::review::AccessPattern;
use crate::engine::{ApiError, Engine, Result};

/// The `format` member every scenario carries.
pub const FORMAT: &str = "ddb-playground-scenario";
/// The version this build writes.
pub const VERSION: u64 = 1;

/// A saved operation: a request the scenario keeps at hand.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedOperation {
    pub name: String,
    pub operation: String,
    pub request: Value,
}

/// A whole playground.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub engine: Engine,
    pub operations: Vec<SavedOperation>,
    /// The application's access patterns, in the order the author keeps
    /// them (the design review's input).
    pub access_patterns: Vec<AccessPattern>,
    /// What the author was looking at; kept as given, for the UI to read.
    pub view: Value,
    /// The NoSQL Workbench model this scenario was imported from, each
    /// `TableData` entry reduced to its item's primary key
    /// ([`super::workbench`]); `None` for a scenario made in the playground.
    pub workbench: Option<Value>,
    /// The generations whose items are made again when it is read.
    pub generated: Vec<GeneratedData>,
}

fn invalid(detail: impl std::fmt::Display) -> ApiError {
    ApiError::validation(format!("Invalid scenario: {detail}"))
}

/// The first number under `value` that would not read back as itself once
/// written as JSON text, as its place (`value` is at `at`) and its text.
///
/// A scenario travels as text (a file, a share link, the browser's
/// storage), and serde_json's default float parsing is fast, not exact:
/// it multiplies or divides the digits by one power of ten, which is exact
/// only up to 10^22, so with more than 15 significant digits, or far from
/// 1 (outside about 1e-7 … 1e22), the number read back can differ from the
/// one written in its last bit (`9.999e79` is written so and read back as
/// `9.999000000000001e79`). Exact parsing (serde_json's `float_roundtrip`)
/// adds about 11 KB to a gzipped wasm (measured on a minimal crate), so
/// the parts of a document kept as given (operation requests, the view, a
/// Workbench model) are refused instead when a number in them would
/// change: a real model or request has no such number (capacities are
/// integers, item numbers are strings).
pub(crate) fn unsettled_number(value: &Value, at: &str) -> Option<(String, String)> {
    let mut stack: Vec<(String, &Value)> = vec![(at.to_string(), value)];
    while let Some((place, value)) = stack.pop() {
        match value {
            Value::Number(number) if number.is_f64() => {
                let text = number.to_string();
                if serde_json::from_str::<f64>(&text).ok() != number.as_f64() {
                    return Some((place, text));
                }
            }
            Value::Array(list) => {
                stack.extend(list.iter().enumerate().rev().map(|(i, v)| (format!("{place}[{i}]"), v)))
            }
            Value::Object(map) => stack.extend(map.iter().rev().map(|(k, v)| (format!("{place}.{k}"), v))),
            _ => {}
        }
    }
    None
}

/// Our message (DynamoDB has none) for a number [`unsettled_number`] found.
pub(crate) fn unsettled_message(place: &str, number: &str) -> String {
    format!(
        "{place}: the number {number} would not read back exactly once saved \
         (numbers of up to 15 significant digits between 1e-7 and 1e22 always do)"
    )
}

/// Upgrades an older scenario document to the current version. There is
/// only version 1 so far; each future version adds one step here, and tests
/// keep every old version loading.
pub fn migrate(document: Value) -> Result<Value> {
    let object = document.as_object().ok_or_else(|| invalid("the document is not a JSON object"))?;
    if object.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(invalid(format!("\"format\" must be \"{FORMAT}\"")));
    }
    match object.get("version").and_then(Value::as_u64) {
        Some(VERSION) => Ok(document),
        Some(v) if v > VERSION => Err(invalid(format!(
            "version {v} was written by a newer ddb-playground; this one reads up to version {VERSION}"
        ))),
        _ => Err(invalid("\"version\" must be a whole number from 1")),
    }
}

/// A scenario document around an engine snapshot that is already made,
/// with no saved operations and no view: what `ddb-local --data` writes, so
/// its file and the browser's export are one format.
pub fn document_of_snapshot(snapshot: Value) -> Value {
    json!({"format": FORMAT, "version": VERSION, "engine": snapshot, "operations": [], "view": {}})
}

/// Whether a JSON document says it is a scenario (rather than a bare
/// engine snapshot, which older data files hold).
pub fn is_scenario(document: &Value) -> bool {
    document.get("format").and_then(Value::as_str) == Some(FORMAT)
}

impl Scenario {
    /// A scenario of the engine as it is, with no saved operations.
    pub fn of(engine: &Engine) -> Self {
        Self::of_engine(engine.clone())
    }

    /// [`Scenario::of`], taking the engine rather than copying it.
    pub fn of_engine(engine: Engine) -> Self {
        Self {
            engine,
            operations: Vec::new(),
            access_patterns: Vec::new(),
            view: Value::Object(Map::new()),
            workbench: None,
            generated: Vec::new(),
        }
    }

    /// The scenario document.
    pub fn to_json(&self) -> Value {
        let operations: Vec<Value> = self
            .operations
            .iter()
            .map(|o| json!({"name": o.name, "operation": o.operation, "request": o.request}))
            .collect();
        let (snapshot, generated) = generated::written(&self.engine, &self.generated);
        let mut document = json!({
            "format": FORMAT,
            "version": VERSION,
            "engine": snapshot,
            "operations": operations,
            "view": self.view,
        });
        if let Value::Object(members) = &mut document {
            if !self.access_patterns.is_empty() {
                let patterns = self.access_patterns.iter().map(access_patterns::to_json).collect();
                members.insert("accessPatterns".into(), Value::Array(patterns));
            }
            if let Some(model) = &self.workbench {
                members.insert("workbench".into(), model.clone());
            }
        }
        if let (false, Value::Object(members)) = (generated.is_empty(), &mut document) {
            members.insert("generated".into(), generated.iter().map(GeneratedData::to_json).collect());
        }
        document
    }

    /// Reads a scenario document of any supported version. The engine is
    /// rebuilt through its own requests, so every table and item is
    /// validated as if it had just been sent.
    pub fn from_json(document: Value) -> Result<Self> {
        let document = migrate(document)?;
        let mut engine = Engine::restore(document.get("engine").ok_or_else(|| invalid("\"engine\" is missing"))?)?;
        let generated = match document.get("generated") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(list)) => {
                list.iter().enumerate().map(|(i, g)| GeneratedData::from_json(g, i)).collect::<Result<Vec<_>>>()?
            }
            Some(_) => return Err(invalid("\"generated\" must be a list")),
        };
        generated::regenerate(&mut engine, &generated)?;
        let mut operations = Vec::new();
        let listed = match document.get("operations") {
            None | Some(Value::Null) => &[][..],
            Some(Value::Array(list)) => list.as_slice(),
            Some(_) => return Err(invalid("\"operations\" must be a list")),
        };
        for (i, entry) in listed.iter().enumerate() {
            let text = |member: &str| entry.get(member).and_then(Value::as_str).map(str::to_string);
            let (Some(name), Some(operation), Some(request)) = (text("name"), text("operation"), entry.get("request"))
            else {
                return Err(invalid(format!("operations[{i}] needs \"name\", \"operation\" and \"request\"")));
            };
            if !request.is_object() {
                return Err(invalid(format!("operations[{i}].request must be a JSON object")));
            }
            operations.push(SavedOperation { name, operation, request: request.clone() });
        }
        let access_patterns = read_access_patterns(&document)?;
        let view = document.get("view").cloned().unwrap_or_else(|| Value::Object(Map::new()));
        let workbench = match document.get("workbench") {
            None | Some(Value::Null) => None,
            Some(model) if super::workbench::is_model(model) => Some(model.clone()),
            Some(_) => {
                return Err(invalid("\"workbench\" must be a NoSQL Workbench model (an object with \"DataModel\")"))
            }
        };
        let kept = operations
            .iter()
            .enumerate()
            .map(|(i, o)| (format!("operations[{i}].request"), &o.request))
            .chain(
                access_patterns.iter().enumerate().map(|(i, p)| (format!("accessPatterns[{i}].Request"), &p.request)),
            )
            .chain([("view".to_string(), &view)])
            .chain(workbench.iter().map(|w| ("workbench".to_string(), w)));
        for (place, value) in kept {
            if let Some((place, number)) = unsettled_number(value, &place) {
                return Err(invalid(unsettled_message(&place, &number)));
            }
        }
        Ok(Self { engine, operations, access_patterns, view, workbench, generated })
    }
}

/// The document's `accessPatterns`, each read and its rate and key
/// variation checked; the first that does not read refuses the document.
fn read_access_patterns(document: &Value) -> Result<Vec<AccessPattern>> {
    let listed = match document.get("accessPatterns") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(list)) => list,
        Some(_) => return Err(invalid("\"accessPatterns\" must be a list")),
    };
    let mut patterns = Vec::new();
    for (i, entry) in listed.iter().enumerate() {
        let pattern = access_patterns::from_json(entry, &format!("accessPatterns[{i}]"))
            .and_then(|p| p.check().map(|()| p))
            .map_err(|e| invalid(e.message()))?;
        patterns.push(pattern);
    }
    Ok(patterns)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Scenario {
        let mut engine = Engine::new();
        let create = json!({"TableName": "GameScores",
            "KeySchema": [{"AttributeName": "UserId", "KeyType": "HASH"}, {"AttributeName": "GameTitle", "KeyType": "RANGE"}],
            "AttributeDefinitions": [{"AttributeName": "UserId", "AttributeType": "S"}, {"AttributeName": "GameTitle", "AttributeType": "S"}],
            "BillingMode": "PAY_PER_REQUEST"});
        engine.execute("CreateTable", &create).expect("created");
        for (user, game, score) in [("101", "Galaxy Invaders", "5842"), ("102", "Alien Adventure", "192")] {
            let item = json!({"UserId": {"S": user}, "GameTitle": {"S": game}, "TopScore": {"N": score}});
            engine.execute("PutItem", &json!({"TableName": "GameScores", "Item": item})).expect("put");
        }
        let mut scenario = Scenario::of(&engine);
        scenario.operations.push(SavedOperation {
            name: "Scores of user 101".into(),
            operation: "Query".into(),
            request: json!({"TableName": "GameScores", "KeyConditionExpression": "UserId = :u",
                            "ExpressionAttributeValues": {":u": {"S": "101"}}}),
        });
        scenario.view = json!({"table": "GameScores"});
        scenario.access_patterns.push(AccessPattern {
            name: "Top scores of a user".into(),
            operation: "Query".into(),
            request: json!({"TableName": "GameScores", "KeyConditionExpression": "UserId = :u",
                            "ExpressionAttributeValues": {":u": {"S": "101"}}}),
            requests_per_second: 250.0,
            keys: crate::engine::review::KeyVariation::Zipf { count: 1000, exponent: 1.1 },
        });
        scenario
    }

    #[test]
    fn access_patterns_travel_with_the_document() {
        let scenario = sample();
        let document = scenario.to_json();
        assert_eq!(document["accessPatterns"][0]["Name"], json!("Top scores of a user"));
        assert_eq!(
            document["accessPatterns"][0]["PartitionKeyValues"],
            json!({"Distribution": "Zipf", "Count": 1000, "Exponent": 1.1})
        );
        let back = Scenario::from_json(document).expect("reads back");
        assert_eq!(back.access_patterns, scenario.access_patterns);
        // Without patterns the member is left out, and a document without
        // it (every document written before patterns) has none.
        let mut plain = sample();
        plain.access_patterns.clear();
        let document = plain.to_json();
        assert!(document.get("accessPatterns").is_none());
        let back = Scenario::from_json(document).expect("an older document loads");
        assert!(back.access_patterns.is_empty());
        assert_eq!(back.operations, plain.operations);
    }

    #[test]
    fn a_broken_access_pattern_refuses_the_document_naming_it() {
        let good = sample().to_json();
        let with = |patterns: Value| {
            let mut document = good.clone();
            document["accessPatterns"] = patterns;
            Scenario::from_json(document).err().map(|e| e.message().to_string())
        };
        let pattern = good["accessPatterns"][0].clone();
        let mut slow = pattern.clone();
        slow["RequestsPerSecond"] = json!(0);
        let mut nameless = pattern.clone();
        nameless.as_object_mut().map(|o| o.remove("Name"));
        let mut absurd = pattern.clone();
        absurd["RequestsPerSecond"] = json!(2e7);
        let cases = [
            (json!({}), "Invalid scenario: \"accessPatterns\" must be a list"),
            (
                json!([pattern.clone(), slow]),
                "Invalid scenario: Access pattern Top scores of a user: RequestsPerSecond must be a number above 0, not 0",
            ),
            (json!([nameless]), "Invalid scenario: accessPatterns[0]: the member 'Name' is required"),
            (
                json!([absurd]),
                "Invalid scenario: Access pattern Top scores of a user: RequestsPerSecond must be at most 10000000, not 20000000",
            ),
        ];
        for (patterns, message) in cases {
            assert_eq!(with(patterns).as_deref(), Some(message));
        }
        assert!(with(json!(null)).is_none());
    }

    #[test]
    fn documents_round_trip() {
        let scenario = sample();
        let document = scenario.to_json();
        let back = Scenario::from_json(document.clone()).expect("reads back");
        assert_eq!(back.to_json(), document);
        assert_eq!(back.operations, scenario.operations);
    }

    #[test]
    fn a_kept_workbench_model_travels_with_the_document() {
        let mut scenario = sample();
        let model = json!({"ModelName": "Scores", "DataModel": [{"TableName": "GameScores", "TableFacets": []}]});
        scenario.workbench = Some(model.clone());
        let document = scenario.to_json();
        assert_eq!(document["workbench"], model);
        let back = Scenario::from_json(document.clone()).expect("reads back");
        assert_eq!(back.workbench, Some(model));
        assert_eq!(back.to_json(), document);
        // Without one, the member is absent, and a broken one is refused.
        assert!(sample().to_json().get("workbench").is_none());
        let mut broken = document;
        broken["workbench"] = json!({"ModelName": "no DataModel"});
        let error = Scenario::from_json(broken).err().map(|e| e.message().to_string());
        assert_eq!(
            error.as_deref(),
            Some("Invalid scenario: \"workbench\" must be a NoSQL Workbench model (an object with \"DataModel\")")
        );
    }

    #[test]
    fn broken_documents_are_refused_with_a_reason() {
        let good = sample().to_json();
        let mut newer = good.clone();
        newer["version"] = json!(2);
        let mut no_engine = good.clone();
        no_engine.as_object_mut().map(|o| o.remove("engine"));
        let mut bad_operation = good.clone();
        bad_operation["operations"] = json!([{"name": "x"}]);
        let cases = [
            (json!([]), "Invalid scenario: the document is not a JSON object"),
            (json!({"format": "other"}), "Invalid scenario: \"format\" must be \"ddb-playground-scenario\""),
            (
                newer,
                "Invalid scenario: version 2 was written by a newer ddb-playground; this one reads up to version 1",
            ),
            (no_engine, "Invalid scenario: \"engine\" is missing"),
            (bad_operation, "Invalid scenario: operations[0] needs \"name\", \"operation\" and \"request\""),
        ];
        for (document, message) in cases {
            match Scenario::from_json(document) {
                Err(e) => assert_eq!(e.message(), message),
                Ok(_) => panic!("accepted a broken scenario: {message}"),
            }
        }
    }

    /// Found by the `workbench` fuzz target: a number kept as given that
    /// serde_json reads back from its own text as another number broke the
    /// share-link round trip (9.999e79 is written `9.999e79`, read back as
    /// 9.999000000000001e79). Such documents are refused; ordinary numbers
    /// (up to 15 significant digits, between 1e-7 and 1e22) always read back.
    #[test]
    fn numbers_that_would_change_when_saved_are_refused() {
        for fine in [
            json!(0.1),
            json!(2.5e-7),
            json!(1.23456789012345e-7),
            json!(1e22),
            json!(123456789012345.0),
            json!(u64::MAX),
            json!(-7),
        ] {
            assert_eq!(unsettled_number(&json!({"a": [fine]}), "view"), None, "{fine}");
        }
        let unsettled = json!(9.999e79);
        let text = unsettled.to_string();
        assert_ne!(serde_json::from_str::<f64>(&text).ok(), Some(9.999e79), "the premise: it reads back otherwise");
        assert_eq!(unsettled_number(&json!({"a": [1, unsettled]}), "view"), Some(("view.a[1]".into(), text.clone())));

        let mut document = sample().to_json();
        document["operations"] = json!([{"name": "q", "operation": "Query", "request": {"Limit": 9.999e79}}]);
        let message = Scenario::from_json(document).err().map(|e| e.message().to_string());
        assert_eq!(
            message.as_deref(),
            Some(
                format!(
                    "Invalid scenario: operations[0].request.Limit: the number {text} would not read back exactly \
                     once saved (numbers of up to 15 significant digits between 1e-7 and 1e22 always do)"
                )
                .as_str()
            )
        );
        let mut document = sample().to_json();
        document["view"] = json!({"zoom": 1.5});
        assert!(Scenario::from_json(document).is_ok());
    }
}
