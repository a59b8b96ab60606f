//! A snapshot document checked and replayed into a fresh engine (see the
//! module docs of `snapshot`).

use serde_json::{json, Map, Value};

use crate::engine::clock::Clock;
use crate::engine::error::{ApiError, Result};
use crate::engine::index::{IndexDefinition, IndexKind, IndexStatus};
use crate::engine::partition::{Partition, PartitionLayout, MAX_PARTITIONS};
use crate::engine::settings::EngineSettings;
use crate::engine::table::scaling::WarmThroughput;
use crate::engine::vector::VectorLifecycle;
use crate::engine::Engine;

use super::*;

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

impl Engine {
    /// An engine rebuilt from a [`Engine::snapshot`] document by replaying
    /// CreateTable and PutItem requests. Any fault is a `ValidationException`
    /// starting `Invalid snapshot:` that names where it is.
    pub fn restore(snapshot: &Value) -> Result<Engine> {
        Self::restore_in_region(snapshot, crate::engine::service::DEFAULT_REGION)
    }

    /// [`Engine::restore`] into an engine in `region` (see
    /// [`Engine::in_region`]): the restored tables' ARNs name it.
    pub fn restore_in_region(snapshot: &Value, region: &str) -> Result<Engine> {
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

        let mut engine = Engine::in_region(region);
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
        match top.get("triggers") {
            None => {}
            Some(Value::Array(triggers)) => {
                for (i, trigger) in triggers.iter().enumerate() {
                    engine
                        .execute_triggers("PutStreamTrigger", trigger)
                        .map_err(|e| invalid(&format!("triggers[{i}]"), e))?;
                }
            }
            Some(_) => return Err(invalid("triggers", "expected an array")),
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
        // The GSIs and vector indexes are rebuilt from the items afterwards
        // (see the module docs).
        let globals = self.detach_global_indexes(&name);
        let vectors = self.tables.get_mut(&name).map(|t| t.detach_vector_indexes()).unwrap_or_default();
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
            for index in vectors {
                table.attach_vector_index(index);
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
        let warm =
            members.get("warmThroughput").map(|w| read_warm(w, &member_path(path, "warmThroughput"))).transpose()?;

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

        let vector_states = match members.get("vectorIndexes") {
            None => Vec::new(),
            Some(states) => self.read_vector_states(name, states, &format!("{path}.vectorIndexes"))?,
        };
        let Some(table) = self.tables.get_mut(name) else {
            return Err(ApiError::InternalServer(format!("table {name} vanished while restoring a snapshot")));
        };
        for (index_name, lifecycle) in vector_states {
            if let Some(index) = table.definition.vector_indexes.iter_mut().find(|v| v.name == index_name) {
                index.lifecycle = Some(lifecycle);
            }
        }
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
        if let Some(warm) = warm {
            d.warm = warm;
        }
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

    /// The saved lifecycles of vector indexes on their way in or out.
    fn read_vector_states(&self, table: &str, states: &Value, path: &str) -> Result<Vec<(String, VectorLifecycle)>> {
        let Value::Object(states) = states else {
            return Err(invalid(path, "expected a JSON object"));
        };
        let mut out = Vec::new();
        for (index, state) in states {
            let index_path = member_path(path, index);
            let known =
                self.tables.get(table).is_some_and(|t| t.definition.vector_indexes.iter().any(|v| &v.name == index));
            if !known {
                return Err(invalid(&index_path, "no vector index of this name in the definition"));
            }
            let members = object(state, &index_path, VectorLifecycle::STATE_MEMBERS)?;
            out.push((index.clone(), VectorLifecycle::from_state(members).map_err(|e| invalid(&index_path, e))?));
        }
        Ok(out)
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
        let warm =
            members.get("warmThroughput").map(|w| read_warm(w, &member_path(path, "warmThroughput"))).transpose()?;
        Ok(IndexState {
            warm,
            name: index.to_string(),
            status,
            backfilling,
            status_until: optional_u64(members, path, "statusUntilMillis")?,
            status_since: optional_u64(members, path, "statusSinceMillis")?,
            last_increase: optional_u64(members, path, "lastIncreaseMillis")?,
            last_decrease: optional_u64(members, path, "lastDecreaseMillis")?,
            decreases_today,
        })
    }
}

/// A saved warm throughput: `{"read", "write", "raising"?: [read, write,
/// doneMillis]}`, each figure at least 1 and a raise not lower.
fn read_warm(value: &Value, path: &str) -> Result<WarmThroughput> {
    let members = object(value, path, &["read", "write", "raising"])?;
    let figure = |name: &str| -> Result<i64> {
        match optional_u64(members, path, name)? {
            Some(n) if (1..=i64::MAX as u64).contains(&n) => Ok(n as i64),
            _ => Err(invalid(&member_path(path, name), "expected a whole number of at least 1")),
        }
    };
    let mut warm = WarmThroughput::new((figure("read")?, figure("write")?));
    if let Some(raising) = members.get("raising") {
        let numbers: Vec<u64> = raising.as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
        let raising_path = member_path(path, "raising");
        let [read, write, done] = numbers.as_slice() else {
            return Err(invalid(&raising_path, "expected [read, write, doneMillis]"));
        };
        let (Ok(read), Ok(write)) = (i64::try_from(*read), i64::try_from(*write)) else {
            return Err(invalid(&raising_path, "number is too large"));
        };
        if read < warm.read || write < warm.write {
            return Err(invalid(&raising_path, "a raise below the warm throughput"));
        }
        warm.raising = Some((read, write, *done));
    }
    Ok(warm)
}

/// A GSI's saved state, read and checked.
struct IndexState {
    warm: Option<WarmThroughput>,
    name: String,
    status: Option<IndexStatus>,
    backfilling: Option<bool>,
    status_until: Option<u64>,
    status_since: Option<u64>,
    last_increase: Option<u64>,
    last_decrease: Option<u64>,
    decreases_today: Option<u32>,
}

impl IndexState {
    fn apply(self, index: &mut IndexDefinition) {
        if let Some(warm) = self.warm {
            index.warm = warm;
        }
        if let Some(status) = self.status {
            index.status = status;
        }
        if let Some(backfilling) = self.backfilling {
            index.backfilling = backfilling;
        }
        if self.status_until.is_some() {
            index.status_until_millis = self.status_until;
        }
        if self.status_since.is_some() {
            index.status_since_millis = self.status_since;
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
