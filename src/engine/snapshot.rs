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
//!   "settings": {"gsi-propagation-delay": 5000},   optional: engine settings that differ
//!                                          from the defaults (names as in EngineSettings::NAMES)
//!   "partitions": [                        optional: partition layouts that history made
//!     {"table": "Music", "index": "…",     differ from a fresh table's (doubled, split);
//!      "ranges": [["0000000000000000",     "index" only for a GSI; each range: first and
//!                  "7fffffffffffffff",     last keyspace position (16 hex digits), RCU
//!                  2.5, 2.5], …]}          and WCU share (a number, or a decimal
//!                                          string where the number would not
//!                                          read back exactly: see `share`)
//!   ],
//!   "tables": [                            in table-name order
//!     {
//!       "definition": {                    the CreateTable request that recreates the table
//!         "TableName": "Music",
//!         "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"}, …],
//!         "AttributeDefinitions": [{"AttributeName": "Artist", "AttributeType": "S"}, …],
//!         "BillingMode": "PROVISIONED",
//!         "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
//!         "TableClass": "STANDARD",        only when a request ever named the class
//!         "GlobalSecondaryIndexes": [ {"IndexName": …, "KeySchema": …, "Projection": …,
//!                                      "ProvisionedThroughput": …}, … ],   also those added
//!                                          by UpdateTable; not one being deleted
//!         "LocalSecondaryIndexes": [ … ],
//!         "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"}
//!       },
//!       "state": {                         optional; each member optional
//!         "tableId": "…",                  TableId as DescribeTable shows it
//!         "createdMillis": …,              CreationDateTime
//!         "payPerRequestSinceMillis": …,   BillingModeSummary.LastUpdateToPayPerRequestDateTime
//!         "lastIncreaseMillis": …,         ProvisionedThroughput.LastIncreaseDateTime
//!         "lastDecreaseMillis": …,         ProvisionedThroughput.LastDecreaseDateTime
//!         "decreasesToday": 0,             ProvisionedThroughput.NumberOfDecreasesToday
//!         "streamCreatedMillis": …,        when the enabled stream was created (its label)
//!         "timeToLiveAttribute": "expires", the TTL attribute while TTL is enabled
//!         "indexes": {                     a GSI's state, when not simply ACTIVE
//!           "GenreIndex": {"status": "CREATING", "backfilling": true,
//!                          "statusUntilMillis": …,     when the backfill ends
//!                          "lastIncreaseMillis": …, "lastDecreaseMillis": …, "decreasesToday": 0}
//!         }
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
//! **Indexes are rebuilt, not stored.** An index holds nothing but copies of
//! items, so the document lists only index *definitions*. A replay creates
//! the table with its local indexes, puts the items (which fills the LSIs),
//! then builds each global index from the items at once, as a backfill
//! would: an item whose GSI key has the wrong type (possible for a GSI added
//! later by UpdateTable) is simply left out of that index, never refused.
//! GSI updates still on their way when the snapshot was taken are thus
//! applied on restore, and an index being deleted is saved as already gone.
//!
//! **Round trip.** `restore(snapshot(e))` gives tables equal to `e`'s, field
//! for field (once `e`'s GSI updates have landed and no index is being
//! deleted), the same clock and settings; numbers come back in their
//! normalised spelling, sets in their sorted order, so `snapshot` of the
//! result is the same document.
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
//! **Streams and TTL.** The enabled stream's definition is saved (its view
//! type in `definition`, its creation time, hence its ARN and label, in
//! `state`), its records are not: a restored stream starts empty, and the
//! replayed PutItems write no records. Disabled streams and the streams of
//! deleted tables (readable for 24 hours) are not saved. TTL is saved as its
//! attribute name; the sweeper looks at the restored items at the next
//! request.
//!
//! When the engine grows (throttling state),
//! this module must grow with it: new table features go into `definition`
//! (as CreateTable members) or `state`, and a replay that would be throttled
//! once capacity is enforced must bypass the throttle.

use serde_json::{json, Map, Value};

use super::clock::Clock;
use super::error::{ApiError, Result};
use super::index::{IndexDefinition, IndexKind, IndexStatus};
use super::partition::{Partition, PartitionLayout, MAX_PARTITIONS};
use super::settings::EngineSettings;
use super::table::{BillingMode, Table};
use super::value::wire::item_to_wire;
use super::Engine;
use crate::engine::ordered::Ordered;

/// The `format` member of every snapshot.
pub const FORMAT: &str = "ddb-playground";
/// The layout version this build writes and reads.
pub const VERSION: u64 = 1;

const TOP_MEMBERS: &[&str] = &["format", "version", "clock", "settings", "tables", "partitions"];
const LAYOUT_MEMBERS: &[&str] = &["table", "index", "ranges"];
const TABLE_MEMBERS: &[&str] = &["definition", "state", "items"];
const STATE_MEMBERS: &[&str] = &[
    "tableId",
    "createdMillis",
    "payPerRequestSinceMillis",
    "lastIncreaseMillis",
    "lastDecreaseMillis",
    "decreasesToday",
    "indexes",
    "streamCreatedMillis",
    "timeToLiveAttribute",
];
const INDEX_STATE_MEMBERS: &[&str] =
    &["status", "backfilling", "statusUntilMillis", "lastIncreaseMillis", "lastDecreaseMillis", "decreasesToday"];

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

/// The CreateTable request that recreates `table`'s definition as it is now
/// (an index being deleted, and the attribute definitions only it used, left
/// out).
fn create_table_request(table: &Table) -> Value {
    let d = &table.definition;
    let mut key_schema = vec![json!({"AttributeName": d.key_schema.partition_key.name, "KeyType": "HASH"})];
    if let Some(sort) = &d.key_schema.sort_key {
        key_schema.push(json!({"AttributeName": sort.name, "KeyType": "RANGE"}));
    }
    let live: Vec<&IndexDefinition> = d.indexes.iter().filter(|i| i.is_live()).collect();
    let used =
        |name: &str| d.key_schema.is_key_attribute(name) || live.iter().any(|i| i.key_schema.is_key_attribute(name));
    let definitions: Vec<Value> = d
        .attribute_definitions
        .iter()
        .filter(|a| used(&a.name))
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
    let provisioned = d.billing_mode == BillingMode::Provisioned;
    for kind in [IndexKind::Global, IndexKind::Local] {
        let indexes: Vec<Value> =
            live.iter().filter(|i| i.kind == kind).map(|i| i.create_request(provisioned)).collect();
        if !indexes.is_empty() {
            request.insert(kind.member().into(), indexes.into());
        }
    }
    if let Some(stream) = table.enabled_stream() {
        request.insert(
            "StreamSpecification".into(),
            json!({"StreamEnabled": true, "StreamViewType": stream.view_type.as_str()}),
        );
    }
    Value::Object(request)
}

/// A GSI's state beyond its definition, or `None` when it is simply ACTIVE
/// with no throughput history.
fn index_state(index: &IndexDefinition) -> Option<Value> {
    let t = &index.throughput;
    let mut state = Map::new();
    if index.status != IndexStatus::Active {
        state.insert("status".into(), index.status.as_str().into());
    }
    if index.backfilling {
        state.insert("backfilling".into(), true.into());
    }
    let optional = [
        ("statusUntilMillis", index.status_until_millis),
        ("lastIncreaseMillis", t.last_increase_millis),
        ("lastDecreaseMillis", t.last_decrease_millis),
    ];
    for (name, millis) in optional {
        if let Some(millis) = millis {
            state.insert(name.into(), millis.into());
        }
    }
    if t.decreases_today > 0 {
        state.insert("decreasesToday".into(), t.decreases_today.into());
    }
    (!state.is_empty()).then_some(Value::Object(state))
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
    if let Some(stream) = table.enabled_stream() {
        state.insert("streamCreatedMillis".into(), stream.created_millis.into());
    }
    if let Some(attribute) = table.ttl_attribute() {
        state.insert("timeToLiveAttribute".into(), attribute.into());
    }
    let indexes: Map<String, Value> = d
        .indexes
        .iter()
        .filter(|i| i.kind == IndexKind::Global && i.is_live())
        .filter_map(|i| index_state(i).map(|state| (i.name.clone(), state)))
        .json_object();
    if !indexes.is_empty() {
        state.insert("indexes".into(), Value::Object(indexes));
    }
    Value::Object(state)
}

/// A partition's capacity share as saved: a JSON number when serde_json reads
/// that number back as the same `f64`, else the shortest decimal text that
/// `str::parse` reads back exactly. serde_json's default float parsing is
/// not always exact (1/11, a share of an 11-way split, reads back one bit
/// off); its exact mode would add ~11 KB to the gzipped wasm.
fn share(value: f64) -> Value {
    let number = Value::from(value);
    match serde_json::from_str::<f64>(&number.to_string()) {
        Ok(back) if back.to_bits() == value.to_bits() => number,
        _ => Value::String(value.to_string()),
    }
}

/// The settings that differ from the defaults, by name.
fn settings_snapshot(settings: &EngineSettings) -> Option<Value> {
    let defaults = EngineSettings::default();
    let changed: Map<String, Value> = EngineSettings::NAMES
        .iter()
        .filter_map(|name| {
            let value = settings.get(name)?;
            (defaults.get(name) != Some(value)).then(|| (name.to_string(), value.into()))
        })
        .json_object();
    (!changed.is_empty()).then_some(Value::Object(changed))
}

fn table_snapshot(table: &Table) -> Value {
    let items: Vec<Value> = table
        .storage
        .collections()
        .flat_map(|collection| collection.items.into_iter().map(|item| item_to_wire(&item)))
        .collect();
    json!({"definition": create_table_request(table), "state": table_state(table), "items": items})
}

impl Engine {
    /// The whole engine as a versioned JSON document (see the module docs).
    pub fn snapshot(&self) -> Value {
        let tables: Vec<Value> = self.tables.values().map(table_snapshot).collect();
        let mut out = json!({"format": FORMAT, "version": VERSION, "clock": self.clock.now_millis(), "tables": tables});
        if let (Some(settings), Value::Object(members)) = (settings_snapshot(&self.settings), &mut out) {
            members.insert("settings".into(), settings);
        }
        let layouts: Vec<Value> = self
            .layouts_to_save()
            .into_iter()
            .map(|((table, index), layout)| {
                let ranges: Vec<Value> = layout
                    .partitions
                    .iter()
                    .map(|p| {
                        json!([
                            format!("{:016x}", p.start),
                            format!("{:016x}", p.end),
                            share(p.rcu_share),
                            share(p.wcu_share)
                        ])
                    })
                    .collect();
                let mut entry = json!({"table": table, "ranges": ranges});
                if let (Some(index), Value::Object(members)) = (index, &mut entry) {
                    members.insert("index".into(), index.clone().into());
                }
                entry
            })
            .collect();
        if let (false, Value::Object(members)) = (layouts.is_empty(), &mut out) {
            members.insert("partitions".into(), layouts.into());
        }
        out
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
        // The replay is not traffic: no throttling while it runs.
        engine.settings.enforce_throughput = false;
        let mut settings = EngineSettings::default();
        if let Some(given) = top.get("settings") {
            for (name, value) in object(given, "settings", EngineSettings::NAMES)? {
                let value = value
                    .as_u64()
                    .ok_or_else(|| invalid(&member_path("settings", name), "expected a non-negative integer"))?;
                settings.set(name, value);
            }
        }
        for (i, table) in tables.iter().enumerate() {
            engine.restore_table(table, &format!("tables[{i}]"))?;
        }
        engine.settings.partition_size_limit_bytes = settings.partition_size_limit_bytes;
        match top.get("partitions") {
            None => {}
            Some(Value::Array(layouts)) => {
                for (i, layout) in layouts.iter().enumerate() {
                    engine.restore_partitions(layout, &format!("partitions[{i}]"))?;
                }
            }
            Some(_) => return Err(invalid("partitions", "expected an array")),
        }
        // Streams start with a shard per partition of the restored layout.
        let streamed: Vec<String> =
            engine.tables().filter(|t| t.enabled_stream().is_some()).map(|t| t.definition.name.clone()).collect();
        for name in streamed {
            engine.sync_capacity(&name, None)?;
        }
        // Only now: a lowered item-collection limit must not refuse the
        // items that were written before it was lowered.
        engine.settings = settings;
        Ok(engine)
    }

    fn restore_partitions(&mut self, snapshot: &Value, path: &str) -> Result<()> {
        let members = object(snapshot, path, LAYOUT_MEMBERS)?;
        let name = |member: &str| match members.get(member) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(invalid(&format!("{path}.{member}"), "expected a string")),
        };
        let table = name("table")?.ok_or_else(|| invalid(path, "missing \"table\""))?;
        let index = name("index")?;
        let bad = |what: &str| invalid(&format!("{path}.ranges"), what);
        let Some(Value::Array(ranges)) = members.get("ranges") else {
            return Err(bad("expected an array of [start, end, rcu, wcu]"));
        };
        let mut partitions = Vec::with_capacity(ranges.len());
        for range in ranges {
            let parsed = range.as_array().and_then(|r| {
                let position = |v: &Value| v.as_str().and_then(|s| u64::from_str_radix(s, 16).ok());
                let share = |v: &Value| {
                    v.as_f64().or_else(|| v.as_str()?.parse::<f64>().ok()).filter(|x| x.is_finite() && *x >= 0.0)
                };
                let [start, end, rcu, wcu] = r.as_slice() else { return None };
                Some(Partition {
                    start: position(start)?,
                    end: position(end)?,
                    rcu_share: share(rcu)?,
                    wcu_share: share(wcu)?,
                })
            });
            partitions.push(parsed.ok_or_else(|| bad("expected [start hex, end hex, rcu, wcu]"))?);
        }
        let contiguous = partitions.first().is_some_and(|p| p.start == 0)
            && partitions.last().is_some_and(|p| p.end == u64::MAX)
            && partitions.windows(2).all(|w| match w {
                [lower, upper] => lower.end.checked_add(1) == Some(upper.start),
                _ => false,
            })
            && partitions.iter().all(|p| p.start <= p.end)
            && partitions.len() <= MAX_PARTITIONS;
        if !contiguous {
            return Err(bad("the ranges must cover the keyspace in order, without gaps"));
        }
        let layout = PartitionLayout { partitions, rcu: 0.0, wcu: 0.0 };
        self.restore_layout(&table, index.as_deref(), layout).map_err(|e| invalid(path, e))
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
        // The GSIs are rebuilt from the items afterwards (see the module docs).
        let globals = self.detach_global_indexes(&name);
        let items = match members.get("items") {
            None => &Vec::new(),
            Some(Value::Array(items)) => items,
            Some(_) => return Err(invalid(&format!("{path}.items"), "expected an array of items")),
        };
        self.restore_items(&name, items, path)?;
        let (region, now) = (self.region.clone(), self.clock.now_millis());
        if let Some(table) = self.tables.get_mut(&name) {
            for index in globals {
                table.attach_global_index(index);
            }
            // The replay is not traffic: the stream starts empty.
            table.restart_stream(&region, now);
        }
        if let Some(state) = members.get("state") {
            self.restore_state(&name, state, &format!("{path}.state"))?;
        }
        Ok(())
    }

    /// Takes a new table's GSIs off it, to be rebuilt after its items.
    fn detach_global_indexes(&mut self, name: &str) -> Vec<IndexDefinition> {
        let Some(table) = self.tables.get_mut(name) else { return Vec::new() };
        let (globals, locals): (Vec<_>, Vec<_>) =
            std::mem::take(&mut table.definition.indexes).into_iter().partition(|i| i.kind == IndexKind::Global);
        table.definition.indexes = locals;
        for index in &globals {
            table.index_stores.remove(&index.name);
        }
        globals
    }

    fn restore_items(&mut self, name: &str, items: &[Value], path: &str) -> Result<()> {
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
        let stream_created = optional_u64(members, path, "streamCreatedMillis")?;
        let ttl_attribute = match members.get("timeToLiveAttribute") {
            None => None,
            Some(Value::String(name)) if !name.is_empty() => Some(name.clone()),
            Some(_) => return Err(invalid(&format!("{path}.timeToLiveAttribute"), "expected a non-empty string")),
        };
        let decreases_today = match optional_u64(members, path, "decreasesToday")? {
            None => None,
            Some(n) => {
                Some(u32::try_from(n).map_err(|_| invalid(&format!("{path}.decreasesToday"), "number is too large"))?)
            }
        };

        let mut index_states = Vec::new();
        if let Some(indexes) = members.get("indexes") {
            let indexes_path = format!("{path}.indexes");
            let Value::Object(indexes) = indexes else {
                return Err(invalid(&indexes_path, "expected a JSON object"));
            };
            for (index_name, state) in indexes {
                index_states.push(self.read_index_state(
                    name,
                    index_name,
                    state,
                    &member_path(&indexes_path, index_name),
                )?);
            }
        }

        let Some(table) = self.tables.get_mut(name) else {
            return Err(ApiError::InternalServer(format!("table {name} vanished while restoring a snapshot")));
        };
        for state in index_states {
            if let Some(index) = table.definition.indexes.iter_mut().find(|i| i.name == state.name) {
                state.apply(index);
            }
        }
        if let Some(created) = stream_created {
            if table.enabled_stream().is_none() {
                return Err(invalid(
                    &format!("{path}.streamCreatedMillis"),
                    "the definition has no StreamSpecification",
                ));
            }
            let region = self.region.clone();
            table.restart_stream(&region, created);
        }
        if let Some(attribute) = ttl_attribute {
            table.set_ttl_attribute(Some(attribute));
        }
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

    fn read_index_state(&self, table: &str, index: &str, state: &Value, path: &str) -> Result<IndexState> {
        let members = object(state, path, INDEX_STATE_MEMBERS)?;
        let is_global =
            self.tables.get(table).and_then(|t| t.index(index)).is_some_and(|i| i.kind == IndexKind::Global);
        if !is_global {
            return Err(invalid(path, "no global secondary index of this name in the definition"));
        }
        let status = match members.get("status") {
            None => None,
            Some(Value::String(s)) => match IndexStatus::parse(s) {
                Some(status @ (IndexStatus::Active | IndexStatus::Creating | IndexStatus::Updating)) => Some(status),
                _ => return Err(invalid(&member_path(path, "status"), "expected ACTIVE, CREATING or UPDATING")),
            },
            Some(_) => return Err(invalid(&member_path(path, "status"), "expected a string")),
        };
        let backfilling = match members.get("backfilling") {
            None => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(_) => return Err(invalid(&member_path(path, "backfilling"), "expected true or false")),
        };
        let decreases_today = match optional_u64(members, path, "decreasesToday")? {
            None => None,
            Some(n) => Some(
                u32::try_from(n).map_err(|_| invalid(&member_path(path, "decreasesToday"), "number is too large"))?,
            ),
        };
        Ok(IndexState {
            name: index.to_string(),
            status,
            backfilling,
            status_until: optional_u64(members, path, "statusUntilMillis")?,
            last_increase: optional_u64(members, path, "lastIncreaseMillis")?,
            last_decrease: optional_u64(members, path, "lastDecreaseMillis")?,
            decreases_today,
        })
    }
}

/// A GSI's saved state, read and checked.
struct IndexState {
    name: String,
    status: Option<IndexStatus>,
    backfilling: Option<bool>,
    status_until: Option<u64>,
    last_increase: Option<u64>,
    last_decrease: Option<u64>,
    decreases_today: Option<u32>,
}

impl IndexState {
    fn apply(self, index: &mut IndexDefinition) {
        if let Some(status) = self.status {
            index.status = status;
        }
        if let Some(backfilling) = self.backfilling {
            index.backfilling = backfilling;
        }
        if self.status_until.is_some() {
            index.status_until_millis = self.status_until;
        }
        if self.last_increase.is_some() {
            index.throughput.last_increase_millis = self.last_increase;
        }
        if self.last_decrease.is_some() {
            index.throughput.last_decrease_millis = self.last_decrease;
        }
        if let Some(n) = self.decreases_today {
            index.throughput.decreases_today = n;
        }
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

    /// Tables with every kind of index state: an LSI, GSIs from CreateTable
    /// and from UpdateTable (one still backfilling, one re-provisioned), an
    /// item whose later GSI key has the wrong type, changed settings.
    fn indexed() -> Engine {
        let mut engine = Engine::new();
        engine.settings_mut().gsi_propagation_delay_millis = 5_000;
        run(
            &mut engine,
            "CreateTable",
            json!({
                "TableName": "Thread",
                "KeySchema": [{"AttributeName": "ForumName", "KeyType": "HASH"}, {"AttributeName": "Subject", "KeyType": "RANGE"}],
                "AttributeDefinitions": [{"AttributeName": "ForumName", "AttributeType": "S"}, {"AttributeName": "Subject", "AttributeType": "S"},
                                         {"AttributeName": "LastPost", "AttributeType": "S"}, {"AttributeName": "Author", "AttributeType": "S"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
                "LocalSecondaryIndexes": [{"IndexName": "LastPostIndex",
                    "KeySchema": [{"AttributeName": "ForumName", "KeyType": "HASH"}, {"AttributeName": "LastPost", "KeyType": "RANGE"}],
                    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["Replies"]}}],
                "GlobalSecondaryIndexes": [{"IndexName": "ByAuthor", "KeySchema": [{"AttributeName": "Author", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "KEYS_ONLY"}, "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 2}}]
            }),
        );
        for (subject, author, post, genre) in [
            ("a", "ann", "03-01", json!({"S": "x"})),
            ("b", "bob", "03-02", json!({"N": "7"})),
            ("c", "ann", "", json!({"S": "y"})),
        ] {
            let mut item = json!({"ForumName": {"S": "S3"}, "Subject": {"S": subject}, "Author": {"S": author}, "Replies": {"N": "2"}, "Genre": genre});
            if !post.is_empty() {
                item["LastPost"] = json!({"S": post});
            }
            run(&mut engine, "PutItem", json!({"TableName": "Thread", "Item": item}));
        }
        engine.clock_mut().advance(10_000);
        let update = json!({"TableName": "Thread", "GlobalSecondaryIndexUpdates": [{"Update": {"IndexName": "ByAuthor",
            "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 3}}}]});
        run(&mut engine, "UpdateTable", update);
        engine.clock_mut().advance(1_000);
        let create = json!({"TableName": "Thread", "AttributeDefinitions": [{"AttributeName": "Genre", "AttributeType": "S"}],
            "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "ByGenre", "KeySchema": [{"AttributeName": "Genre", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"}, "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}}]});
        run(&mut engine, "UpdateTable", create);
        engine.clock_mut().advance(500);
        run(&mut engine, "DescribeTable", json!({"TableName": "Thread"}));
        engine
    }

    #[test]
    fn indexes_round_trip() {
        let engine = indexed();
        let snapshot = engine.snapshot();
        assert_eq!(snapshot["settings"], json!({"gsi-propagation-delay": 5000}));
        let thread = &snapshot["tables"][0];
        assert_eq!(thread["definition"]["GlobalSecondaryIndexes"].as_array().map(Vec::len), Some(2));
        assert_eq!(thread["definition"]["LocalSecondaryIndexes"][0]["IndexName"], "LastPostIndex");
        assert_eq!(thread["state"]["indexes"]["ByGenre"]["status"], "CREATING");
        assert_eq!(thread["state"]["indexes"]["ByAuthor"]["decreasesToday"], 1);
        let restored = Engine::restore(&snapshot).expect("restorable");
        assert_eq!(restored.tables, engine.tables);
        assert_eq!(restored.settings, engine.settings);
        assert_eq!(restored.snapshot(), snapshot);
        // The item with a numeric Genre stayed out of ByGenre, as in the backfill.
        let by_genre = restored.table("Thread").and_then(|t| t.index_store("ByGenre")).map(|s| s.entry_count());
        assert_eq!(by_genre, Some(2));
        let describe = json!({"TableName": "Thread"});
        let (mut a, mut b) = (engine.clone(), restored.clone());
        assert_eq!(a.execute("DescribeTable", &describe), b.execute("DescribeTable", &describe));
    }

    #[test]
    fn pending_gsi_updates_land_on_restore_and_deleting_indexes_are_dropped() {
        let mut engine = indexed();
        run(
            &mut engine,
            "PutItem",
            json!({"TableName": "Thread", "Item": {"ForumName": {"S": "S4"}, "Subject": {"S": "d"}, "Author": {"S": "cy"}}}),
        );
        assert_eq!(engine.pending_index_updates("Thread").len(), 1);
        // ByGenre finishes its backfill (the pending update stays queued:
        // the clock moved but no request ran), then is dropped.
        engine.clock_mut().advance(2_000);
        assert_eq!(engine.pending_index_updates("Thread").len(), 1);
        run(
            &mut engine,
            "UpdateTable",
            json!({"TableName": "Thread", "GlobalSecondaryIndexUpdates": [{"Delete": {"IndexName": "ByGenre"}}]}),
        );
        assert_eq!(engine.pending_index_updates("Thread").len(), 1);
        let restored = Engine::restore(&engine.snapshot()).expect("restorable");
        let table = restored.table("Thread").expect("restored");
        assert!(table.index("ByGenre").is_none());
        assert_eq!(table.index_store("ByAuthor").map(|s| s.entry_count()), Some(4));
        assert!(restored.pending_index_updates("Thread").is_empty());
        assert!(!table.definition.attribute_definitions.iter().any(|a| a.name == "Genre"));
    }

    #[test]
    fn a_hand_written_scenario_may_declare_indexes() {
        let scenario = json!({"format": "ddb-playground", "version": 1, "clock": 0, "settings": {"item-collection-limit": 10}, "tables": [{
            "definition": {"TableName": "tbl", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                           "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                                                    {"AttributeName": "g", "AttributeType": "S"}, {"AttributeName": "l", "AttributeType": "N"}],
                           "BillingMode": "PAY_PER_REQUEST",
                           "GlobalSecondaryIndexes": [{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}],
                           "LocalSecondaryIndexes": [{"IndexName": "byL", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "l", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}}]},
            "items": [{"pk": {"S": "a"}, "sk": {"S": "1"}, "g": {"S": "x"}, "l": {"N": "1"}}, {"pk": {"S": "a"}, "sk": {"S": "2"}, "g": {"S": "x"}}]
        }]});
        // The lowered limit applies from now on, not to the items restored.
        let engine = Engine::restore(&scenario).expect("restorable");
        let table = engine.table("tbl").expect("restored");
        assert_eq!(table.index_store("byG").map(|s| s.entry_count()), Some(2));
        assert_eq!(table.index_store("byL").map(|s| s.entry_count()), Some(1));
        assert_eq!(engine.settings().item_collection_limit_bytes, 10);
        let bad = json!({"format": "ddb-playground", "version": 1, "clock": 0, "settings": {"nope": 1}, "tables": []});
        assert_eq!(
            error_of(bad),
            "Invalid snapshot: settings: unknown member \"nope\" (expected one of: gsi-propagation-delay, gsi-backfill-base, gsi-backfill-per-mib, gsi-delete, item-collection-limit, partition-size-limit, enforce-throughput, heat-split, ttl-sweep-delay)"
        );
        let mut with_state = scenario.clone();
        with_state["tables"][0]["state"] = json!({"indexes": {"byL": {"status": "CREATING"}}});
        assert_eq!(
            error_of(with_state),
            "Invalid snapshot: tables[0].state.indexes.byL: no global secondary index of this name in the definition"
        );
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
                "Invalid snapshot: unknown member \"tabels\" (expected one of: format, version, clock, settings, tables, partitions)",
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
