//! A table: its definition (keys, billing, throughput, class), its items,
//! its indexes and their pending GSI updates, its stream, and the write
//! journal that undoes a request (`journal`).
//!
//! [`Table::describe`] renders the `TableDescription` that
//! CreateTable, DescribeTable, UpdateTable and DeleteTable answer with.
//!
//! Simplifications, stated here once: a table is `ACTIVE` as soon as it is
//! created or updated (DynamoDB takes seconds to minutes; the CreateTable and
//! UpdateTable responses still say `CREATING`/`UPDATING`, as DynamoDB's do),
//! also while one of its GSIs is being created or deleted (the index's own
//! `IndexStatus` says so); `ItemCount`, `TableSizeBytes`, and an index's
//! `ItemCount` and `IndexSizeBytes`, are exact at every moment (DynamoDB
//! refreshes them about every six hours).

mod contents;
mod journal;
pub mod scaling;

use std::collections::{BTreeMap, VecDeque};

use serde_json::{json, Map, Value};

use super::index::{IndexDefinition, IndexKind, IndexStore, PendingIndexUpdate};
use super::schema::{KeyAttribute, KeySchema};
use super::storage::Storage;
use super::streams::TableStream;
use super::vector::{VectorIndex, VectorStore};
pub use contents::CollectionSpot;
use scaling::{OnDemandMaximum, WarmThroughput};

/// How the table pays for reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BillingMode {
    /// Fixed read/write capacity units per second.
    Provisioned,
    /// On-demand: pay per request unit.
    PayPerRequest,
}

impl BillingMode {
    pub const VALUES: &'static [&'static str] = &["PROVISIONED", "PAY_PER_REQUEST"];

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "PROVISIONED" => Some(Self::Provisioned),
            "PAY_PER_REQUEST" => Some(Self::PayPerRequest),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Provisioned => "PROVISIONED",
            Self::PayPerRequest => "PAY_PER_REQUEST",
        }
    }
}

/// Storage class: Standard, or Standard-Infrequent Access (cheaper storage,
/// dearer requests).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableClass {
    Standard,
    StandardInfrequentAccess,
}

impl TableClass {
    pub const VALUES: &'static [&'static str] = &["STANDARD", "STANDARD_INFREQUENT_ACCESS"];

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "STANDARD" => Some(Self::Standard),
            "STANDARD_INFREQUENT_ACCESS" => Some(Self::StandardInfrequentAccess),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Standard => "STANDARD",
            Self::StandardInfrequentAccess => "STANDARD_INFREQUENT_ACCESS",
        }
    }
}

/// Provisioned read and write capacity units, with the history DynamoDB
/// reports next to them.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Throughput {
    pub read_capacity_units: i64,
    pub write_capacity_units: i64,
    pub last_increase_millis: Option<u64>,
    pub last_decrease_millis: Option<u64>,
    pub decreases_today: u32,
}

/// Everything about a table except its items.
#[derive(Clone, Debug, PartialEq)]
pub struct TableDefinition {
    pub name: String,
    pub key_schema: KeySchema,
    /// As given in `AttributeDefinitions`, in request order.
    pub attribute_definitions: Vec<KeyAttribute>,
    pub billing_mode: BillingMode,
    /// Zero units while on demand.
    pub throughput: Throughput,
    pub table_class: TableClass,
    /// Whether a request ever named the class: only then is
    /// `TableClassSummary` shown.
    pub table_class_given: bool,
    pub created_millis: u64,
    /// When the table last switched to (or was created) on demand.
    pub pay_per_request_since_millis: Option<u64>,
    pub arn: String,
    pub id: String,
    /// Secondary indexes: the global ones in the order they were created,
    /// then the local ones (an index being deleted stays listed until it is
    /// gone).
    pub indexes: Vec<IndexDefinition>,
    /// The table's tags by key (`TagResource`, CreateTable's `Tags`).
    pub tags: BTreeMap<String, String>,
    /// `OnDemandThroughput` (on demand only).
    pub on_demand_maximum: OnDemandMaximum,
    /// `WarmThroughput`.
    pub warm: WarmThroughput,
    /// `DeletionProtectionEnabled`: DeleteTable is refused while it is on.
    pub deletion_protection_enabled: bool,
    /// Vector indexes (`VectorIndexes`), in request order.
    pub vector_indexes: Vec<VectorIndex>,
}

/// A table: definition, items, and its secondary indexes' contents.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub definition: TableDefinition,
    pub(in crate::engine) storage: Storage,
    /// Each index's entries, by index name.
    pub(crate) index_stores: BTreeMap<String, IndexStore>,
    /// Each vector index's entries, by index name.
    pub(crate) vector_stores: BTreeMap<String, VectorStore>,
    /// Changes on their way to the GSIs (see `index::propagation`).
    pub(crate) pending: VecDeque<PendingIndexUpdate>,
    /// The queue length when a dry run began.
    pub(crate) pending_mark: Option<usize>,
    /// The table's streams still readable, oldest first; the last one is
    /// the one records go to while it is enabled (see `streams`).
    pub(crate) streams: Vec<TableStream>,
    /// The latest stream's length and next sequence number when a journal
    /// began.
    pub(crate) stream_mark: Option<Option<(usize, u128)>>,
    /// The TTL attribute while TTL is enabled (see `ttl`).
    pub(crate) ttl_attribute: Option<String>,
    /// While TTL is enabled, how many items expire at each time (engine
    /// milliseconds, before the five-year rule, which depends on `now`):
    /// kept by every write, so the sweeper and the views ask a `BTreeMap`
    /// instead of unpacking every item (see `ttl`).
    pub(crate) ttl_expiries: BTreeMap<u64, u32>,
}

/// Seconds since the epoch, as DynamoDB sends timestamps.
fn seconds(millis: u64) -> f64 {
    millis as f64 / 1000.0
}

impl Table {
    /// The `TableDescription` with the given status.
    pub fn describe(&self, status: &str, now_millis: u64) -> Value {
        let d = &self.definition;
        let mut out = Map::new();
        let definitions: Vec<Value> = d
            .attribute_definitions
            .iter()
            .map(|a| json!({"AttributeName": a.name, "AttributeType": a.scalar_type.as_str()}))
            .collect();
        out.insert("AttributeDefinitions".into(), definitions.into());
        out.insert("TableName".into(), d.name.clone().into());
        let mut key_schema = vec![json!({"AttributeName": d.key_schema.partition_key.name, "KeyType": "HASH"})];
        if let Some(sort) = &d.key_schema.sort_key {
            key_schema.push(json!({"AttributeName": sort.name, "KeyType": "RANGE"}));
        }
        out.insert("KeySchema".into(), key_schema.into());
        out.insert("TableStatus".into(), status.into());
        out.insert("CreationDateTime".into(), seconds(d.created_millis).into());
        let t = &d.throughput;
        let mut throughput = Map::new();
        if let Some(at) = t.last_increase_millis {
            throughput.insert("LastIncreaseDateTime".into(), seconds(at).into());
        }
        if let Some(at) = t.last_decrease_millis {
            throughput.insert("LastDecreaseDateTime".into(), seconds(at).into());
        }
        throughput.insert("NumberOfDecreasesToday".into(), t.decreases_today.into());
        throughput.insert("ReadCapacityUnits".into(), t.read_capacity_units.into());
        throughput.insert("WriteCapacityUnits".into(), t.write_capacity_units.into());
        out.insert("ProvisionedThroughput".into(), throughput.into());
        out.insert("TableSizeBytes".into(), self.storage.size_bytes().into());
        out.insert("ItemCount".into(), self.storage.item_count().into());
        out.insert("TableArn".into(), d.arn.clone().into());
        out.insert("TableId".into(), d.id.clone().into());
        // A table that was always provisioned has no BillingModeSummary.
        if let Some(at) = d.pay_per_request_since_millis {
            let billing =
                json!({"BillingMode": d.billing_mode.as_str(), "LastUpdateToPayPerRequestDateTime": seconds(at)});
            out.insert("BillingModeSummary".into(), billing);
        }
        if d.table_class_given {
            out.insert("TableClassSummary".into(), json!({"TableClass": d.table_class.as_str()}));
        }
        out.insert("DeletionProtectionEnabled".into(), d.deletion_protection_enabled.into());
        self.describe_stream_members(&mut out);
        let on_demand = d.billing_mode == BillingMode::PayPerRequest;
        if let Some(maximum) = d.on_demand_maximum.describe().filter(|_| on_demand) {
            out.insert("OnDemandThroughput".into(), maximum);
        }
        out.insert("WarmThroughput".into(), d.warm.describe(now_millis));
        for kind in [IndexKind::Global, IndexKind::Local] {
            let indexes: Vec<Value> = d
                .indexes
                .iter()
                .filter(|i| i.kind == kind)
                .map(|i| i.describe(self.index_stores.get(&i.name), status, on_demand, now_millis))
                .collect();
            if !indexes.is_empty() {
                out.insert(kind.member().into(), indexes.into());
            }
        }
        if !d.vector_indexes.is_empty() {
            let vectors: Vec<Value> = d
                .vector_indexes
                .iter()
                .map(|v| v.describe(self.vector_stores.get(&v.name), status, now_millis))
                .collect();
            out.insert("VectorIndexes".into(), vectors.into());
        }
        Value::Object(out)
    }
}
