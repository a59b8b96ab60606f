//! Snapshots: the whole engine as one JSON document, and back again.
//!
//! The local endpoint saves its data with [`Engine::snapshot`] and loads it
//! with [`Engine::restore`]; the browser's scenario export will grow out of
//! the same document. It is plain JSON that a person can read, diff and edit:
//!
//! ```text
//! {
//!   "format": "ddb-playground",            always this string
//!   "version": 1,                          this layout; bumped on any change readers must know about
//!   "clock": 1767225600000,                engine time, milliseconds since the Unix epoch
//!   "tables": [                            in table-name order
//!     {
//!       "definition": {                    the CreateTable request that recreates the table
//!         "TableName": "Music",
//!         "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"}, …],
//!         "AttributeDefinitions": [{"AttributeName": "Artist", "AttributeType": "S"}, …],
//!         "BillingMode": "PROVISIONED",
//!         "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
//!         "TableClass": "STANDARD"         only when a request ever named the class
//!       },
//!       "state": {                         optional; each member optional
//!         "tableId": "…",                  TableId as DescribeTable shows it
//!         "createdMillis": …,              CreationDateTime
//!         "payPerRequestSinceMillis": …,   BillingModeSummary.LastUpdateToPayPerRequestDateTime
//!         "lastIncreaseMillis": …,         ProvisionedThroughput.LastIncreaseDateTime
//!         "lastDecreaseMillis": …,         ProvisionedThroughput.LastDecreaseDateTime
//!         "decreasesToday": 0              ProvisionedThroughput.NumberOfDecreasesToday
//!       },
//!       "items": [{"Artist": {"S": "Acme Band"}, …}, …]   DynamoDB JSON, in keyspace order
//!     }
//!   ]
//! }
//! ```
//!
//! **Restoring replays requests.** [`Engine::restore`] does not build tables
//! and items by hand: it sends each `definition` through
//! `execute("CreateTable", …)` and each item through `execute("PutItem", …)`
//! on a fresh engine whose clock stands at `clock`. Every rule the engine
//! applies to a request (key schema, types, sizes, 38-digit numbers, nesting)
//! therefore applies to a snapshot too, and a hand-written scenario needs
//! nothing but `definition` and `items`. What no request can set (the table
//! id, timestamps, the throughput history) travels in `state` and is put back
//! after the CreateTable; a member left out keeps what the replay produced.
//!
//! **Round trip.** `restore(snapshot(e))` gives tables equal to `e`'s, field
//! for field, and the same clock; numbers come back in their normalised
//! spelling, sets in their sorted order, so `snapshot` of the result is the
//! same document.
//!
//! **Errors.** A document that is not a snapshot, or one whose content the
//! engine refuses, is a `ValidationException` whose message starts with
//! `Invalid snapshot:` and names the place, e.g.
//! `Invalid snapshot: tables[0].items[3]: ValidationException: One or more
//! parameter values were invalid: Missing the key pk in the item`. Unknown
//! members are refused rather than skipped, so a typo cannot silently drop
//! data. Nothing is returned but the error: the half-built engine is dropped,
//! so a caller never sees a partial one.
//!
//! When the engine grows (secondary indexes, TTL, streams, throttling state),
//! this module must grow with it: new table features go into `definition`
//! (as CreateTable members) or `state`, and a replay that would be throttled
//! once capacity is enforced must bypass the throttle.

use serde_json::{json, Map, Value};

use super::clock::Clock;
use super::error::{ApiError, Result};
use super::table::{BillingMode, Table};
use super::value::wire::item_to_wire;
use super::Engine;

/// The `format` member of every snapshot.
pub const FORMAT: &str = "ddb-playground";
/// The layout version this build writes and reads.
pub const VERSION: u64 = 1;

const TOP_MEMBERS: &[&str] = &["format", "version", "clock", "tables"];
const TABLE_MEMBERS: &[&str] = &["definition", "state", "items"];
const STATE_MEMBERS: &[&str] = &[
    "tableId",
    "createdMillis",
    "payPerRequestSinceMillis",
    "lastIncreaseMillis",
    "lastDecreaseMillis",
    "decreasesToday",
];

/// The error for a fault at `path` (`tables[2].items[0]`, …).
fn invalid(path: &str, what: impl std::fmt::Display) -> ApiError {
    if path.is_empty() {
        ApiError::validation(format!("Invalid snapshot: {what}"))
    } else {
        ApiError::validation(format!("Invalid snapshot: {path}: {what}"))
    }
}

/// The object at `path`, with no members but `allowed`.
fn object<'a>(value: &'a Value, path: &str, allowed: &[&str]) -> Result<&'a Map<String, Value>> {
    let Value::Object(members) = value else {
        return Err(invalid(path, "expected a JSON object"));
    };
    if let Some(unknown) = members.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(invalid(path, format!("unknown member \"{unknown}\" (expected one of: {})", allowed.join(", "))));
    }
    Ok(members)
}

/// The path of member `name` below `path`.
fn member_path(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_string()
    } else {
        format!("{path}.{name}")
    }
}

/// A whole number at `members[name]`, if present.
fn optional_u64(members: &Map<String, Value>, path: &str, name: &str) -> Result<Option<u64>> {
    match members.get(name) {
        None => Ok(None),
        Some(v) => {
            v.as_u64().map(Some).ok_or_else(|| invalid(&member_path(path, name), "expected a non-negative integer"))
        }
    }
}

/// The CreateTable request that recreates `table`'s definition as it is now.
fn create_table_request(table: &Table) -> Value {
    let d = &table.definition;
    let mut key_schema = vec![json!({"AttributeName": d.key_schema.partition_key.name, "KeyType": "HASH"})];
    if let Some(sort) = &d.key_schema.sort_key {
        key_schema.push(json!({"AttributeName": sort.name, "KeyType": "RANGE"}));
    }
    let definitions: Vec<Value> = d
        .attribute_definitions
        .iter()
        .map(|a| json!({"AttributeName": a.name, "AttributeType": a.scalar_type.as_str()}))
        .collect();
    let mut request = Map::new();
    request.insert("TableName".into(), d.name.clone().into());
    request.insert("KeySchema".into(), key_schema.into());
    request.insert("AttributeDefinitions".into(), definitions.into());
    request.insert("BillingMode".into(), d.billing_mode.as_str().into());
    if d.billing_mode == BillingMode::Provisioned {
        let t = &d.throughput;
        request.insert(
            "ProvisionedThroughput".into(),
            json!({"ReadCapacityUnits": t.read_capacity_units, "WriteCapacityUnits": t.write_capacity_units}),
        );
    }
    // Only a class some request named: DescribeTable shows TableClassSummary
    // exactly when one did, and the replayed CreateTable must keep that.
    if d.table_class_given {
        request.insert("TableClass".into(), d.table_class.as_str().into());
    }
    Value::Object(request)
}

/// What no request can set: the id, the timestamps, the throughput history.
fn table_state(table: &Table) -> Value {
    let d = &table.definition;
    let t = &d.throughput;
    let mut state = Map::new();
    state.insert("tableId".into(), d.id.clone().into());
    state.insert("createdMillis".into(), d.created_millis.into());
    let optional = [
        ("payPerRequestSinceMillis", d.pay_per_request_since_millis),
        ("lastIncreaseMillis", t.last_increase_millis),
        ("lastDecreaseMillis", t.last_decrease_millis),
    ];
    for (name, millis) in optional {
        if let Some(millis) = millis {
            state.insert(name.into(), millis.into());
        }
    }
    state.insert("decreasesToday".into(), t.decreases_today.into());
    Value::Object(state)
}

fn table_snapshot(table: &Table) -> Value {
    let items: Vec<Value> =
        table.storage.collections().flat_map(|collection| collection.items.into_iter().map(item_to_wire)).collect();
    json!({"definition": create_table_request(table), "state": table_state(table), "items": items})
}

impl Engine {
    /// The whole engine as a versioned JSON document (see the module docs).
    pub fn snapshot(&self) -> Value {
        let tables: Vec<Value> = self.tables.values().map(table_snapshot).collect();
        json!({"format": FORMAT, "version": VERSION, "clock": self.clock.now_millis(), "tables": tables})
    }

    /// An engine rebuilt from a [`Engine::snapshot`] document by replaying
    /// CreateTable and PutItem requests. Any fault is a `ValidationException`
    /// starting `Invalid snapshot:` that names where it is.
    pub fn restore(snapshot: &Value) -> Result<Engine> {
        let top = object(snapshot, "", TOP_MEMBERS)?;
        match top.get("format") {
            Some(Value::String(f)) if f == FORMAT => {}
            Some(other) => return Err(invalid("format", format!("expected \"{FORMAT}\", found {other}"))),
            None => {
                return Err(invalid(
                    "",
                    format!("missing \"format\": \"{FORMAT}\" (is this a ddb-playground snapshot?)"),
                ))
            }
        }
        match top.get("version").map(Value::as_u64) {
            Some(Some(VERSION)) => {}
            Some(Some(newer)) if newer > VERSION => {
                return Err(invalid(
                    "version",
                    format!("version {newer} is newer than this build of ddb-playground reads ({VERSION})"),
                ))
            }
            Some(_) => return Err(invalid("version", format!("expected {VERSION}"))),
            None => return Err(invalid("", "missing \"version\"")),
        }
        let clock = optional_u64(top, "", "clock")?.ok_or_else(|| invalid("", "missing \"clock\""))?;
        let tables = match top.get("tables") {
            Some(Value::Array(tables)) => tables,
            Some(_) => return Err(invalid("tables", "expected an array")),
            None => return Err(invalid("", "missing \"tables\"")),
        };

        let mut engine = Engine::new();
        engine.clock = Clock::at(clock);
        for (i, table) in tables.iter().enumerate() {
            engine.restore_table(table, &format!("tables[{i}]"))?;
        }
        Ok(engine)
    }

    fn restore_table(&mut self, snapshot: &Value, path: &str) -> Result<()> {
        let members = object(snapshot, path, TABLE_MEMBERS)?;
        let definition_path = format!("{path}.definition");
        let definition = match members.get("definition") {
            Some(definition @ Value::Object(_)) => definition,
            Some(_) => return Err(invalid(&definition_path, "expected a CreateTable request object")),
            None => return Err(invalid(path, "missing \"definition\"")),
        };
        self.execute("CreateTable", definition).map_err(|e| invalid(&definition_path, e))?;
        // CreateTable succeeded, so the name is there and is a string.
        let name = definition.get("TableName").and_then(Value::as_str).unwrap_or_default().to_string();

        if let Some(state) = members.get("state") {
            self.restore_state(&name, state, &format!("{path}.state"))?;
        }

        let items = match members.get("items") {
            None => return Ok(()),
            Some(Value::Array(items)) => items,
            Some(_) => return Err(invalid(&format!("{path}.items"), "expected an array of items")),
        };
        for (j, item) in items.iter().enumerate() {
            let item_path = format!("{path}.items[{j}]");
            let request = json!({"TableName": name, "Item": item, "ReturnValues": "ALL_OLD"});
            let response = self.execute("PutItem", &request).map_err(|e| invalid(&item_path, e))?;
            // A second item under the same key would silently replace the
            // first: the file is wrong, so say so instead of losing data.
            if response.get("Attributes").is_some() {
                return Err(invalid(&item_path, "an earlier item of this table has the same primary key"));
            }
        }
        Ok(())
    }

    fn restore_state(&mut self, name: &str, state: &Value, path: &str) -> Result<()> {
        let members = object(state, path, STATE_MEMBERS)?;
        let table_id = match members.get("tableId") {
            None => None,
            Some(Value::String(id)) if !id.is_empty() => Some(id.clone()),
            Some(_) => return Err(invalid(&format!("{path}.tableId"), "expected a non-empty string")),
        };
        let created = optional_u64(members, path, "createdMillis")?;
        let pay_per_request_since = optional_u64(members, path, "payPerRequestSinceMillis")?;
        let last_increase = optional_u64(members, path, "lastIncreaseMillis")?;
        let last_decrease = optional_u64(members, path, "lastDecreaseMillis")?;
        let decreases_today = match optional_u64(members, path, "decreasesToday")? {
            None => None,
            Some(n) => {
                Some(u32::try_from(n).map_err(|_| invalid(&format!("{path}.decreasesToday"), "number is too large"))?)
            }
        };

        let Some(table) = self.tables.get_mut(name) else {
            return Err(ApiError::InternalServer(format!("table {name} vanished while restoring a snapshot")));
        };
        let d = &mut table.definition;
        if let Some(id) = table_id {
            d.id = id;
        }
        if let Some(created) = created {
            d.created_millis = created;
        }
        if pay_per_request_since.is_some() {
            d.pay_per_request_since_millis = pay_per_request_since;
        }
        if last_increase.is_some() {
            d.throughput.last_increase_millis = last_increase;
        }
        if last_decrease.is_some() {
            d.throughput.last_decrease_millis = last_decrease;
        }
        if let Some(n) = decreases_today {
            d.throughput.decreases_today = n;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(engine: &mut Engine, operation: &str, request: Value) -> Value {
        match engine.execute(operation, &request) {
            Ok(response) => response,
            Err(e) => panic!("{operation} failed: {e}"),
        }
    }

    /// An engine with some history: two tables, one switched to on demand
    /// and back, one with a named class, items of every data type.
    fn populated() -> Engine {
        let mut engine = Engine::new();
        run(
            &mut engine,
            "CreateTable",
            json!({
                "TableName": "Music",
                "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"}, {"AttributeName": "Song", "KeyType": "RANGE"}],
                "AttributeDefinitions": [{"AttributeName": "Song", "AttributeType": "S"}, {"AttributeName": "Artist", "AttributeType": "S"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}
            }),
        );
        engine.clock_mut().advance(60_000);
        run(
            &mut engine,
            "CreateTable",
            json!({
                "TableName": "bin-keys",
                "KeySchema": [{"AttributeName": "k", "KeyType": "HASH"}],
                "AttributeDefinitions": [{"AttributeName": "k", "AttributeType": "B"}],
                "BillingMode": "PAY_PER_REQUEST",
                "TableClass": "STANDARD_INFREQUENT_ACCESS"
            }),
        );
        engine.clock_mut().advance(1_500);
        run(&mut engine, "UpdateTable", json!({"TableName": "Music", "BillingMode": "PAY_PER_REQUEST"}));
        engine.clock_mut().advance(2_000);
        run(
            &mut engine,
            "UpdateTable",
            json!({"TableName": "Music", "BillingMode": "PROVISIONED",
                   "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 7}}),
        );
        for (artist, song) in [("Acme", "a"), ("Acme", "b"), ("Zed", "z"), ("Émile", "é")] {
            run(
                &mut engine,
                "PutItem",
                json!({"TableName": "Music", "Item": {
                    "Artist": {"S": artist}, "Song": {"S": song},
                    "Year": {"N": "0042.1200"}, "Big": {"N": "-1E125"},
                    "Tags": {"SS": ["z", "a"]}, "Scores": {"NS": ["10", "9.5"]},
                    "Blobs": {"BS": ["AQI=", "AA=="]}, "Raw": {"B": "AAEC"},
                    "Flags": {"M": {"on": {"BOOL": true}, "none": {"NULL": true}, "list": {"L": [{"S": ""}, {"N": "1"}]}}}
                }}),
            );
        }
        run(&mut engine, "PutItem", json!({"TableName": "bin-keys", "Item": {"k": {"B": "AQID"}}}));
        engine
    }

    #[test]
    fn round_trip_is_exact() {
        let engine = populated();
        let snapshot = engine.snapshot();
        // Through text, as the endpoint stores it.
        let text = serde_json::to_string_pretty(&snapshot).expect("serialisable");
        let reread: Value = serde_json::from_str(&text).expect("parsable");
        let restored = Engine::restore(&reread).expect("restorable");
        assert_eq!(restored.tables, engine.tables);
        assert_eq!(restored.clock, engine.clock);
        assert_eq!(restored.snapshot(), snapshot);
        // And the restored engine answers the same.
        for name in ["Music", "bin-keys"] {
            let describe = json!({"TableName": name});
            let mut a = engine.clone();
            let mut b = restored.clone();
            assert_eq!(a.execute("DescribeTable", &describe), b.execute("DescribeTable", &describe));
        }
    }

    #[test]
    fn snapshot_has_the_documented_shape() {
        let snapshot = populated().snapshot();
        assert_eq!(snapshot["format"], "ddb-playground");
        assert_eq!(snapshot["version"], 1);
        assert_eq!(snapshot["clock"], Clock::DEFAULT_START_MILLIS + 63_500);
        let music = &snapshot["tables"][0];
        assert_eq!(music["definition"]["TableName"], "Music");
        assert_eq!(music["definition"]["BillingMode"], "PROVISIONED");
        assert_eq!(
            music["definition"]["ProvisionedThroughput"],
            json!({"ReadCapacityUnits": 3, "WriteCapacityUnits": 7})
        );
        assert!(music["definition"].get("TableClass").is_none());
        assert_eq!(music["state"]["createdMillis"], Clock::DEFAULT_START_MILLIS);
        assert_eq!(music["state"]["payPerRequestSinceMillis"], Clock::DEFAULT_START_MILLIS + 61_500);
        assert_eq!(music["items"].as_array().map(Vec::len), Some(4));
        assert_eq!(music["items"][0]["Year"], json!({"N": "42.12"}));
        let bin = &snapshot["tables"][1];
        assert_eq!(bin["definition"]["TableClass"], "STANDARD_INFREQUENT_ACCESS");
        assert!(bin["definition"].get("ProvisionedThroughput").is_none());
    }

    #[test]
    fn empty_engine_round_trips() {
        let snapshot = Engine::new().snapshot();
        assert_eq!(
            snapshot,
            json!({"format": "ddb-playground", "version": 1, "clock": Clock::DEFAULT_START_MILLIS, "tables": []})
        );
        let restored = Engine::restore(&snapshot).expect("restorable");
        assert!(restored.tables.is_empty());
    }

    #[test]
    fn a_hand_written_scenario_needs_only_definitions_and_items() {
        let scenario = json!({"format": "ddb-playground", "version": 1, "clock": 5_000, "tables": [{
            "definition": {"TableName": "tbl", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                           "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "N"}], "BillingMode": "PAY_PER_REQUEST"},
            "items": [{"pk": {"N": "1"}}, {"pk": {"N": "2"}, "x": {"S": "y"}}]
        }]});
        let engine = Engine::restore(&scenario).expect("restorable");
        let table = engine.table("tbl").expect("table restored");
        assert_eq!(table.storage.item_count(), 2);
        assert_eq!(table.definition.created_millis, 5_000);
        assert_eq!(table.definition.pay_per_request_since_millis, Some(5_000));
    }

    fn error_of(snapshot: Value) -> String {
        match Engine::restore(&snapshot) {
            Ok(_) => panic!("restored a broken snapshot: {snapshot}"),
            Err(ApiError::Validation(message)) => message,
            Err(other) => panic!("expected a ValidationException, got {other}"),
        }
    }

    fn with_tables(tables: Value) -> Value {
        json!({"format": "ddb-playground", "version": 1, "clock": 0, "tables": tables})
    }

    fn table(items: Value) -> Value {
        json!({
            "definition": {"TableName": "tbl", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                           "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"},
            "items": items
        })
    }

    #[test]
    fn corrupt_documents_are_refused_with_the_place_named() {
        let cases = [
            (json!([1, 2]), "Invalid snapshot: expected a JSON object"),
            (
                json!({}),
                "Invalid snapshot: missing \"format\": \"ddb-playground\" (is this a ddb-playground snapshot?)",
            ),
            (
                json!({"format": "nosql-workbench"}),
                "Invalid snapshot: format: expected \"ddb-playground\", found \"nosql-workbench\"",
            ),
            (json!({"format": "ddb-playground"}), "Invalid snapshot: missing \"version\""),
            (
                json!({"format": "ddb-playground", "version": 2}),
                "Invalid snapshot: version: version 2 is newer than this build of ddb-playground reads (1)",
            ),
            (json!({"format": "ddb-playground", "version": "1"}), "Invalid snapshot: version: expected 1"),
            (json!({"format": "ddb-playground", "version": 1, "tables": []}), "Invalid snapshot: missing \"clock\""),
            (
                json!({"format": "ddb-playground", "version": 1, "clock": -1, "tables": []}),
                "Invalid snapshot: clock: expected a non-negative integer",
            ),
            (json!({"format": "ddb-playground", "version": 1, "clock": 0}), "Invalid snapshot: missing \"tables\""),
            (
                json!({"format": "ddb-playground", "version": 1, "clock": 0, "tables": {}}),
                "Invalid snapshot: tables: expected an array",
            ),
            (
                json!({"format": "ddb-playground", "version": 1, "clock": 0, "tables": [], "tabels": []}),
                "Invalid snapshot: unknown member \"tabels\" (expected one of: format, version, clock, tables)",
            ),
            (with_tables(json!(["t"])), "Invalid snapshot: tables[0]: expected a JSON object"),
            (with_tables(json!([{}])), "Invalid snapshot: tables[0]: missing \"definition\""),
            (
                with_tables(json!([{"definition": "t"}])),
                "Invalid snapshot: tables[0].definition: expected a CreateTable request object",
            ),
            (
                with_tables(json!([{"definition": {"TableName": "tbl"}}])),
                "Invalid snapshot: tables[0].definition: ValidationException: 2 validation errors detected: \
                 Value null at 'attributeDefinitions' failed to satisfy constraint: Member must not be null; \
                 Value null at 'keySchema' failed to satisfy constraint: Member must not be null",
            ),
            (with_tables(json!([table(json!({}))])), "Invalid snapshot: tables[0].items: expected an array of items"),
            (
                with_tables(json!([table(json!([{"pk": {"S": "a"}}, {"other": {"S": "b"}}]))])),
                "Invalid snapshot: tables[0].items[1]: ValidationException: \
                 One or more parameter values were invalid: Missing the key pk in the item",
            ),
            (
                with_tables(json!([table(json!([{"pk": {"N": "1"}}]))])),
                "Invalid snapshot: tables[0].items[0]: ValidationException: \
                 One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
            ),
            (
                with_tables(json!([table(json!([{"pk": {"S": "a"}}, {"pk": {"S": "a"}}]))])),
                "Invalid snapshot: tables[0].items[1]: an earlier item of this table has the same primary key",
            ),
            (
                with_tables(json!([table(json!([])), table(json!([]))])),
                "Invalid snapshot: tables[1].definition: ResourceInUseException: Table already exists: tbl",
            ),
            (
                with_tables(
                    json!([{"definition": table(json!([]))["definition"], "state": {"createdMillis": "yesterday"}}]),
                ),
                "Invalid snapshot: tables[0].state.createdMillis: expected a non-negative integer",
            ),
            (
                with_tables(json!([{"definition": table(json!([]))["definition"], "state": {"tableId": 7}}])),
                "Invalid snapshot: tables[0].state.tableId: expected a non-empty string",
            ),
            (
                with_tables(
                    json!([{"definition": table(json!([]))["definition"], "state": {"decreasesToday": 5_000_000_000u64}}]),
                ),
                "Invalid snapshot: tables[0].state.decreasesToday: number is too large",
            ),
            (
                with_tables(json!([{"definition": table(json!([]))["definition"], "extra": 1}])),
                "Invalid snapshot: tables[0]: unknown member \"extra\" (expected one of: definition, state, items)",
            ),
        ];
        for (snapshot, expected) in cases {
            assert_eq!(error_of(snapshot), expected);
        }
    }

    #[test]
    fn an_item_the_engine_refuses_is_refused_in_a_snapshot() {
        let message = error_of(with_tables(json!([table(json!([{"pk": {"S": "a"}, "n": {"N": "1E126"}}]))])));
        assert_eq!(
            message,
            "Invalid snapshot: tables[0].items[0]: ValidationException: \
             Number overflow. Attempting to store a number with magnitude larger than supported range"
        );
        let message = error_of(with_tables(json!([table(json!([{"pk": {"S": "a"}, "s": {"S": 5}}]))])));
        assert!(message.starts_with("Invalid snapshot: tables[0].items[0]: SerializationException: "), "{message}");
    }
}
