//! The engine as a snapshot document (see the module docs of `snapshot`).

use serde_json::{json, Map, Value};

use crate::engine::index::{IndexDefinition, IndexKind, IndexStatus};
use crate::engine::ordered::Ordered;
use crate::engine::settings::EngineSettings;
use crate::engine::sim::SimKey;
use crate::engine::table::scaling::{WarmThroughput, ON_DEMAND_WARM};
use crate::engine::table::{BillingMode, Table};
use crate::engine::value::wire::item_to_wire;
use crate::engine::Engine;

use super::{FORMAT, VERSION};

/// The CreateTable request that recreates `table`'s definition as it is now
/// (an index being deleted, and the attribute definitions only it used, left
/// out).
pub fn create_table_request(table: &Table) -> Value {
    let d = &table.definition;
    let mut key_schema = vec![json!({"AttributeName": d.key_schema.partition_key.name, "KeyType": "HASH"})];
    if let Some(sort) = &d.key_schema.sort_key {
        key_schema.push(json!({"AttributeName": sort.name, "KeyType": "RANGE"}));
    }
    let live: Vec<&IndexDefinition> = d.indexes.iter().filter(|i| i.is_live()).collect();
    let used = |name: &str| {
        d.key_schema.is_key_attribute(name)
            || live.iter().any(|i| i.key_schema.is_key_attribute(name))
            || d.vector_indexes.iter().any(|v| v.schema_attribute(name).is_some())
    };
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
    if !d.vector_indexes.is_empty() {
        let vectors: Vec<Value> = d.vector_indexes.iter().map(|v| v.to_request()).collect();
        request.insert("VectorIndexes".into(), vectors.into());
    }
    if let Some(stream) = table.enabled_stream() {
        request.insert(
            "StreamSpecification".into(),
            json!({"StreamEnabled": true, "StreamViewType": stream.view_type.as_str()}),
        );
    }
    if let Some(maximum) = d.on_demand_maximum.describe().filter(|_| d.billing_mode == BillingMode::PayPerRequest) {
        request.insert("OnDemandThroughput".into(), maximum);
    }
    if d.deletion_protection_enabled {
        request.insert("DeletionProtectionEnabled".into(), true.into());
    }
    if !d.tags.is_empty() {
        let tags: Vec<Value> = d.tags.iter().map(|(key, value)| json!({"Key": key, "Value": value})).collect();
        request.insert("Tags".into(), tags.into());
    }
    Value::Object(request)
}

/// A GSI's state beyond its definition, or `None` when it is simply ACTIVE
/// with no throughput history.
fn index_state(index: &IndexDefinition, provisioned: bool) -> Option<Value> {
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
        ("statusSinceMillis", index.status_since_millis),
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
    if let Some(warm) = warm_state(&index.warm, (t.read_capacity_units, t.write_capacity_units), provisioned) {
        state.insert("warmThroughput".into(), warm);
    }
    (!state.is_empty()).then_some(Value::Object(state))
}

/// A warm throughput as saved, unless it is what the replayed CreateTable
/// gives (the capacity when provisioned, 12,000 / 4,000 on demand):
/// `{"read", "write"}` and a raise under way as `"raising": [read, write,
/// doneMillis]`.
fn warm_state(warm: &WarmThroughput, capacity: (i64, i64), provisioned: bool) -> Option<Value> {
    let replayed = if provisioned { capacity } else { ON_DEMAND_WARM };
    if (warm.read, warm.write) == replayed && warm.raising.is_none() {
        return None;
    }
    let mut out = Map::new();
    out.insert("read".into(), warm.read.into());
    out.insert("write".into(), warm.write.into());
    if let Some((read, write, done)) = warm.raising {
        out.insert("raising".into(), json!([read, write, done]));
    }
    Some(Value::Object(out))
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
    let provisioned = d.billing_mode == BillingMode::Provisioned;
    if let Some(warm) = warm_state(&d.warm, (t.read_capacity_units, t.write_capacity_units), provisioned) {
        state.insert("warmThroughput".into(), warm);
    }
    let indexes: Map<String, Value> = d
        .indexes
        .iter()
        .filter(|i| i.kind == IndexKind::Global && i.is_live())
        .filter_map(|i| index_state(i, provisioned).map(|state| (i.name.clone(), state)))
        .json_object();
    if !indexes.is_empty() {
        state.insert("indexes".into(), Value::Object(indexes));
    }
    let vectors: Map<String, Value> =
        d.vector_indexes.iter().filter_map(|v| v.lifecycle.map(|life| (v.name.clone(), life.to_state()))).json_object();
    if !vectors.is_empty() {
        state.insert("vectorIndexes".into(), Value::Object(vectors));
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

/// The table with its items, in keyspace order, or only those not exactly
/// as generated (`generated: false`).
fn table_snapshot(table: &Table, generated: bool) -> Value {
    let items: Vec<Value> = table
        .storage
        .scan_after(None)
        .filter(|stored| generated || !stored.generated)
        .map(|stored| item_to_wire(&stored.item()))
        .collect();
    json!({"definition": create_table_request(table), "state": table_state(table), "items": items})
}

impl Engine {
    /// The whole engine as a versioned JSON document (see the module docs).
    pub fn snapshot(&self) -> Value {
        self.snapshot_of(true)
    }

    /// The snapshot without the items still exactly as the generator made
    /// them: what a scenario stores beside its generations' templates
    /// (`scenario::generated`), at the cost of the other items only.
    pub fn snapshot_without_generated(&self) -> Value {
        self.snapshot_of(false)
    }

    fn snapshot_of(&self, generated: bool) -> Value {
        let tables: Vec<Value> = self.tables.values().map(|t| table_snapshot(t, generated)).collect();
        let mut out = json!({"format": FORMAT, "version": VERSION, "clock": self.clock.now_millis(), "tables": tables});
        if let (Some(settings), Value::Object(members)) = (settings_snapshot(&self.settings), &mut out) {
            members.insert("settings".into(), settings);
        }
        let layouts: Vec<Value> = self
            .layouts_to_save()
            .into_iter()
            .map(|(SimKey { table, index }, layout)| {
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
        let triggers: Vec<Value> = self.triggers.iter().map(|t| t.definition.clone()).collect();
        if let (false, Value::Object(members)) = (triggers.is_empty(), &mut out) {
            members.insert("triggers".into(), triggers.into());
        }
        out
    }
}
