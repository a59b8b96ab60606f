//! Secondary indexes: what they are, what they copy, and what keeping them
//! up to date costs.
//!
//! A **secondary index** is a second copy of (part of) a table, keyed
//! differently, so a Query can find items by something other than the
//! primary key. DynamoDB has two kinds (semantics A.2–A.4, B.4):
//!
//! * a **local secondary index** (LSI) keeps the table's partition key and
//!   sorts each item collection by another attribute. It lives next to the
//!   table's items, is updated in the same write (strongly consistent), is
//!   charged to the table's capacity and can only be declared at CreateTable;
//! * a **global secondary index** (GSI) has a partition key (and optional sort
//!   key) of its own, so it is laid out on a keyspace of its own. It has its
//!   own capacity, can be added and dropped with UpdateTable, and is updated
//!   **asynchronously**: a base-table write reaches it through a propagation
//!   queue ([`propagation`]), so a Query on a GSI may not see a write yet.
//!
//! ```text
//!   table Orders (pk = customer, sk = orderId)        GSI byStatus (pk = status, sk = date)
//!   ┌ "ann"  ├ o1 {status: OPEN, date: 03-01} ──────▶ "OPEN"  ├ 03-01  o1 (ann)
//!   │        └ o2 {status: DONE, date: 03-04} ──┐     │        └ 03-07  o9 (bob)
//!   └ "bob"  └ o9 {status: OPEN, date: 03-07} ──┼───▶ "DONE"  └ 03-04  o2 (ann)
//!                                               │
//!            o7 {no status}  ───────────────────┴──▶  (not in the index: sparse)
//! ```
//!
//! **Membership is sparse.** An item is in an index only if it has every
//! index key attribute, as a scalar of the declared type (for a GSI with a
//! multi-attribute key, every one of its up to four HASH and four RANGE
//! attributes, semantics F). Writing an index key
//! attribute of the wrong type, or an empty string/binary, is refused with
//! DynamoDB's messages (research notes §3.1 item 7; dynalite `validateItem`;
//! conformance captures for the empty-value texts).
//!
//! **Entries.** An index entry holds the index keys, the table's primary key
//! and the projected attributes: everything (`ALL`), nothing more
//! (`KEYS_ONLY`), or the listed `NonKeyAttributes` (`INCLUDE`). Its size is the
//! ordinary item size of that projected entry (B.1), and that size is what
//! index reads and writes are charged on. Entries are stored in keyspace order
//! of the index partition key, then by index sort key, then by the table's
//! primary key (index keys need not be unique): see [`store`].
//!
//! **Write cost** (A.3, measured on AWS): for each index, compare the entry
//! before and after the write, each image rounded up to 1 KB *on its own*:
//!
//! ```text
//!   before \ after   absent        same key, same entry   same key, differs      other key
//!   absent           nothing       –                      ceil(new)              ceil(new)
//!   present          ceil(old)     nothing                max(ceil(old),ceil(new))  ceil(old)+ceil(new)
//! ```
//!
//! "Nothing" means no index arm at all in `ConsumedCapacity`. A GSI's units
//! are its own; an LSI's come out of the table's capacity but are reported
//! under `LocalSecondaryIndexes`. Inside a transaction an index write costs
//! its ordinary units: only the table's write doubles (measured on DynamoDB,
//! semantics A.3).
//!
//! Simplifications, stated once:
//! * numbers are normalised on input (`1.0` is stored as `1`), so rewriting
//!   `1` as `1.0` is no change here; AWS charges an index write for it (A.3);
//! * an item's size in an index excludes DynamoDB's 100-byte per-entry storage
//!   overhead, as `TableSizeBytes` does for items;
//! * GSI back-pressure (a write throttled because a GSI lacks capacity,
//!   semantics C) waits for the throttling model.

pub mod maintain;
pub mod phase;
pub mod propagation;
pub mod store;

use serde_json::{json, Map, Value};

use super::capacity::Charge;
use super::error::{ApiError, Result};
use super::schema::{check_key_value, KeySchema, KeyValue, PrimaryKey, MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES};
use super::table::scaling::{OnDemandMaximum, WarmThroughput};
use super::table::Throughput;
use super::value::size::item_size;
use super::value::Item;
use crate::engine::ordered::Ordered;

pub(crate) use maintain::{CollectionClaims, WriteContext};
pub use phase::IndexPhase;
pub use propagation::{PendingIndexUpdate, PendingIndexUpdateView};
pub use store::{IndexCollectionView, IndexEntry, IndexEntryView, IndexRef, IndexStore};

/// Most global secondary indexes per table (the default quota, B.4).
pub const MAX_GLOBAL_INDEXES: usize = 20;
/// Most local secondary indexes per table (B.4).
pub const MAX_LOCAL_INDEXES: usize = 5;
/// Most `NonKeyAttributes` over all of a table's indexes; an attribute
/// projected into two indexes counts twice (B.4).
pub const MAX_PROJECTED_ATTRIBUTES: usize = 100;
/// Most `NonKeyAttributes` in one index (the API's member constraint).
pub const MAX_NON_KEY_ATTRIBUTES_PER_INDEX: usize = 20;
/// The item-collection limit of a table with LSIs: 10 GB (B.4).
pub const ITEM_COLLECTION_LIMIT_BYTES: u64 = 10 * 1024 * 1024 * 1024;

/// Local or global (or, for an [`IndexChange`] only, a vector index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexKind {
    Global,
    Local,
    Vector,
}

impl IndexKind {
    /// "GSI" or "LSI", as people say it.
    pub fn abbreviation(self) -> &'static str {
        match self {
            Self::Global => "GSI",
            Self::Local => "LSI",
            Self::Vector => "vector index",
        }
    }

    /// The member a description or a `ConsumedCapacity` lists it under.
    pub fn member(self) -> &'static str {
        match self {
            Self::Global => "GlobalSecondaryIndexes",
            Self::Local => "LocalSecondaryIndexes",
            Self::Vector => "VectorIndexes",
        }
    }
}

/// Which attributes an index copies besides the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProjectionType {
    All,
    KeysOnly,
    Include,
}

impl ProjectionType {
    /// The values `ProjectionType` takes, in DynamoDB's order.
    pub const VALUES: &'static [&'static str] = &["ALL", "INCLUDE", "KEYS_ONLY"];

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "ALL" => Some(Self::All),
            "KEYS_ONLY" => Some(Self::KeysOnly),
            "INCLUDE" => Some(Self::Include),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::All => "ALL",
            Self::KeysOnly => "KEYS_ONLY",
            Self::Include => "INCLUDE",
        }
    }
}

/// An index's `Projection`.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexProjection {
    pub projection_type: ProjectionType,
    /// Only for `INCLUDE`, in request order.
    pub non_key_attributes: Vec<String>,
}

impl IndexProjection {
    /// The `Projection` object of a description or request.
    pub fn to_wire(&self) -> Value {
        let mut out = Map::new();
        if self.projection_type == ProjectionType::Include {
            out.insert("NonKeyAttributes".into(), self.non_key_attributes.clone().into());
        }
        out.insert("ProjectionType".into(), self.projection_type.as_str().into());
        Value::Object(out)
    }
}

/// Where an index is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexStatus {
    /// Being built (a GSI added by UpdateTable backfills meanwhile).
    Creating,
    /// Its throughput is changing.
    Updating,
    /// Being dropped: no longer read or maintained.
    Deleting,
    Active,
}

impl IndexStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Creating => "CREATING",
            Self::Updating => "UPDATING",
            Self::Deleting => "DELETING",
            Self::Active => "ACTIVE",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "CREATING" => Some(Self::Creating),
            "UPDATING" => Some(Self::Updating),
            "DELETING" => Some(Self::Deleting),
            "ACTIVE" => Some(Self::Active),
            _ => None,
        }
    }
}

/// One secondary index's definition (its contents live in an [`IndexStore`]).
#[derive(Clone, Debug, PartialEq)]
pub struct IndexDefinition {
    pub name: String,
    pub kind: IndexKind,
    /// For an LSI the partition key is the table's.
    pub key_schema: KeySchema,
    pub projection: IndexProjection,
    /// A GSI's own capacity (zero units on an on-demand table); unused for
    /// LSIs, which share the table's.
    pub throughput: Throughput,
    pub status: IndexStatus,
    /// A GSI added by UpdateTable is `CREATING` with `Backfilling: true`
    /// until its backfill completes.
    pub backfilling: bool,
    /// When the current `CREATING`/`UPDATING`/`DELETING` phase ends, in
    /// engine milliseconds; `None` when `ACTIVE`.
    pub status_until_millis: Option<u64>,
    /// When that phase began, in engine milliseconds: a backfill's length
    /// is fixed then, from the table's size at its start.
    pub status_since_millis: Option<u64>,
    /// `…:table/<table>/index/<index>`.
    pub arn: String,
    /// A GSI's `OnDemandThroughput` (on demand only).
    pub on_demand_maximum: OnDemandMaximum,
    /// A GSI's `WarmThroughput`.
    pub warm: WarmThroughput,
}

/// What a write hands an index: the entry the item has there, if any.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EntryImage {
    pub key: PrimaryKey,
    pub item: Item,
    pub size: usize,
}

/// How one base-table write changed one index, for its cost (A.3). Only
/// built when something changed.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexChange {
    pub index: String,
    pub kind: IndexKind,
    /// The entry's index key and size before the write.
    pub old: Option<(PrimaryKey, usize)>,
    /// The entry's index key and size after the write.
    pub new: Option<(PrimaryKey, usize)>,
}

impl IndexChange {
    /// The charges of A.3's table: enter = ceil(new), leave = ceil(old),
    /// projected attributes changed = max of the two, key moved = both (a
    /// delete and a put). The same inside a transaction (A.3).
    pub fn charges(&self, table: &str) -> Vec<Charge> {
        if self.kind == IndexKind::Vector {
            let bytes = crate::engine::vector::metering::write_bytes(
                self.old.as_ref().map(|(_, size)| *size),
                self.new.as_ref().map(|(_, size)| *size),
            );
            return vec![Charge::vector_write(table, &self.index, bytes)];
        }
        let global = self.kind == IndexKind::Global;
        let charge = |action, bytes| Charge::index_write(table, &self.index, global, action, bytes);
        use super::capacity::EntryAction::{Delete, Put, Update};
        match (&self.old, &self.new) {
            (None, None) => Vec::new(),
            (None, Some((key, new))) => vec![charge(Put, *new).keyed(&key.partition)],
            (Some((key, old)), None) => vec![charge(Delete, *old).keyed(&key.partition)],
            (Some((old_key, old)), Some((new_key, new))) if old_key == new_key => {
                vec![charge(Update, (*old).max(*new)).keyed(&new_key.partition)]
            }
            (Some((old_key, old)), Some((new_key, new))) => {
                vec![charge(Delete, *old).keyed(&old_key.partition), charge(Put, *new).keyed(&new_key.partition)]
            }
        }
    }
}

/// DynamoDB's refusal of an empty string or binary (`kind`) written to the
/// key `key` of index `index` (a GSI's, an LSI's or a vector index's `HASH`).
pub(crate) fn empty_index_key(source: WriteSource, kind: &str, index: &str, key: &str) -> ApiError {
    ApiError::validation(match source {
        WriteSource::Item => format!(
            "One or more parameter values are not valid. A value specified for a secondary index key is not supported. \
             The AttributeValue for a key attribute cannot contain an empty {kind} value. IndexName: {index}, IndexKey: {key}"
        ),
        WriteSource::Update => format!(
            "One or more parameter values are not valid. The update expression attempted to update a secondary index key \
             to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty {kind} value."
        ),
    })
}

/// Where a value written to an index key came from: the messages differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WriteSource {
    /// A whole item (PutItem, a batch or transaction Put).
    Item,
    /// The result of an update expression (UpdateItem, a transaction Update).
    Update,
}

impl IndexDefinition {
    /// Whether reads may use the index and writes maintain it.
    pub fn is_live(&self) -> bool {
        self.status != IndexStatus::Deleting
    }

    /// The attribute names an entry holds besides `NonKeyAttributes`: the
    /// index keys and the table keys.
    fn key_names<'a>(&'a self, table_schema: &'a KeySchema) -> impl Iterator<Item = &'a str> + 'a {
        self.key_schema.attributes().chain(table_schema.attributes()).map(|a| a.name.as_str())
    }

    /// Whether an entry carries attribute `name` (for an LSI read, whether
    /// the table must be fetched).
    pub fn projects(&self, name: &str, table_schema: &KeySchema) -> bool {
        match self.projection.projection_type {
            ProjectionType::All => true,
            ProjectionType::KeysOnly => self.key_names(table_schema).any(|n| n == name),
            ProjectionType::Include => {
                self.key_names(table_schema).any(|n| n == name)
                    || self.projection.non_key_attributes.iter().any(|n| n == name)
            }
        }
    }

    /// The index key of an item, or `None` when the item is not in the index
    /// (sparse: a key attribute missing, of another type, or empty).
    pub fn key_of(&self, item: &Item) -> Option<PrimaryKey> {
        let value = |attribute: &super::schema::KeyAttribute| {
            item.get(&attribute.name).and_then(|v| KeyValue::of(v, attribute.scalar_type)).filter(|k| {
                !matches!(k, KeyValue::S(s) if s.is_empty()) && !matches!(k, KeyValue::B(b) if b.is_empty())
            })
        };
        let schema = &self.key_schema;
        let partition = schema.partition_attributes().map(value).collect::<Option<Vec<_>>>()?;
        let sort = schema.sort_attributes().map(value).collect::<Option<Vec<_>>>()?;
        let sort = (!sort.is_empty()).then(|| KeyValue::of_parts(sort));
        Some(PrimaryKey { partition: KeyValue::of_parts(partition), sort })
    }

    /// The entry an item has in the index: its projected attributes.
    pub fn project(&self, item: &Item, table_schema: &KeySchema) -> Item {
        match self.projection.projection_type {
            ProjectionType::All => item.clone(),
            _ => item
                .iter()
                .filter(|(name, _)| self.projects(name, table_schema))
                .map(|(name, value)| (name.clone(), value.clone()))
                .ordered_map(),
        }
    }

    /// The entry of an item, if the item belongs in the index.
    pub(crate) fn image(&self, item: &Item, table_schema: &KeySchema) -> Option<EntryImage> {
        let key = self.key_of(item)?;
        let item = self.project(item, table_schema);
        let size = item_size(&item);
        Some(EntryImage { key, item, size })
    }

    /// DynamoDB's type check of the index key attributes an item carries.
    fn check_types(&self, item: &Item) -> Result<()> {
        for attribute in self.key_schema.attributes() {
            if let Some(value) = item.get(&attribute.name) {
                if KeyValue::of(value, attribute.scalar_type).is_none() {
                    return Err(ApiError::invalid_parameter(format!(
                        "Type mismatch for Index Key {} Expected: {} Actual: {} IndexName: {}",
                        attribute.name,
                        attribute.scalar_type.as_str(),
                        value.type_name(),
                        self.name
                    )));
                }
            }
        }
        Ok(())
    }

    /// DynamoDB's check for empty strings and binaries in index keys.
    fn check_not_empty(&self, item: &Item, source: WriteSource) -> Result<()> {
        for attribute in self.key_schema.attributes() {
            let kind = match item.get(&attribute.name).and_then(|v| KeyValue::of(v, attribute.scalar_type)) {
                Some(KeyValue::S(s)) if s.is_empty() => "string",
                Some(KeyValue::B(b)) if b.is_empty() => "binary",
                _ => continue,
            };
            return Err(empty_index_key(source, kind, &self.name, &attribute.name));
        }
        Ok(())
    }

    /// The key size limits (B.4) apply to index keys too.
    fn check_sizes(&self, item: &Item) -> Result<()> {
        let schema = &self.key_schema;
        let limits = schema
            .partition_attributes()
            .map(|a| (a, MAX_PARTITION_KEY_BYTES))
            .chain(schema.sort_attributes().map(|a| (a, MAX_SORT_KEY_BYTES)));
        for (attribute, limit) in limits {
            if let Some(value) = item.get(&attribute.name).and_then(|v| KeyValue::of(v, attribute.scalar_type)) {
                if !matches!(&value, KeyValue::S(s) if s.is_empty())
                    && !matches!(&value, KeyValue::B(b) if b.is_empty())
                {
                    check_key_value(&attribute.name, &value, limit)?;
                }
            }
        }
        Ok(())
    }

    /// The `IndexArn` of index `name` on the table with ARN `table_arn`.
    pub fn arn_for(table_arn: &str, name: &str) -> String {
        format!("{table_arn}/index/{name}")
    }

    /// This index as it appears in a `TableDescription`. `table_status` is
    /// the status the description reports for the table: while the table is
    /// `CREATING`, so are its GSIs.
    pub fn describe(&self, store: Option<&IndexStore>, table_status: &str, on_demand: bool, now_millis: u64) -> Value {
        let mut out = Map::new();
        if self.kind == IndexKind::Global && self.backfilling && self.status == IndexStatus::Creating {
            out.insert("Backfilling".into(), true.into());
        }
        out.insert("IndexArn".into(), self.arn.clone().into());
        out.insert("IndexName".into(), self.name.clone().into());
        out.insert("IndexSizeBytes".into(), store.map_or(0, IndexStore::size_bytes).into());
        if self.kind == IndexKind::Global {
            let status = if table_status == "CREATING" { "CREATING" } else { self.status.as_str() };
            out.insert("IndexStatus".into(), status.into());
        }
        out.insert("ItemCount".into(), store.map_or(0, IndexStore::entry_count).into());
        out.insert("KeySchema".into(), key_schema_wire(&self.key_schema));
        out.insert("Projection".into(), self.projection.to_wire());
        if self.kind == IndexKind::Global {
            let t = &self.throughput;
            let mut throughput = Map::new();
            if let Some(at) = t.last_increase_millis {
                throughput.insert("LastIncreaseDateTime".into(), (at as f64 / 1000.0).into());
            }
            if let Some(at) = t.last_decrease_millis {
                throughput.insert("LastDecreaseDateTime".into(), (at as f64 / 1000.0).into());
            }
            throughput.insert("NumberOfDecreasesToday".into(), t.decreases_today.into());
            let (read, write) = if on_demand { (0, 0) } else { (t.read_capacity_units, t.write_capacity_units) };
            throughput.insert("ReadCapacityUnits".into(), read.into());
            throughput.insert("WriteCapacityUnits".into(), write.into());
            out.insert("ProvisionedThroughput".into(), throughput.into());
            if let Some(maximum) = self.on_demand_maximum.describe().filter(|_| on_demand) {
                out.insert("OnDemandThroughput".into(), maximum);
            }
            out.insert("WarmThroughput".into(), self.warm.describe(now_millis));
        }
        Value::Object(out)
    }

    /// This index as a member of a CreateTable request (snapshots).
    pub fn create_request(&self, provisioned: bool) -> Value {
        let mut out = Map::new();
        out.insert("IndexName".into(), self.name.clone().into());
        out.insert("KeySchema".into(), key_schema_wire(&self.key_schema));
        out.insert("Projection".into(), self.projection.to_wire());
        if self.kind == IndexKind::Global && provisioned {
            let t = &self.throughput;
            out.insert(
                "ProvisionedThroughput".into(),
                json!({"ReadCapacityUnits": t.read_capacity_units, "WriteCapacityUnits": t.write_capacity_units}),
            );
        }
        if let Some(maximum) =
            self.on_demand_maximum.describe().filter(|_| self.kind == IndexKind::Global && !provisioned)
        {
            out.insert("OnDemandThroughput".into(), maximum);
        }
        Value::Object(out)
    }
}

/// A key schema as the wire lists it.
pub fn key_schema_wire(schema: &KeySchema) -> Value {
    let hash = schema.partition_attributes().map(|a| json!({"AttributeName": a.name, "KeyType": "HASH"}));
    let range = schema.sort_attributes().map(|a| json!({"AttributeName": a.name, "KeyType": "RANGE"}));
    Value::Array(hash.chain(range).collect())
}

/// Checks a new image against every live index, in DynamoDB's order: the
/// key types of all indexes first, then empty values, then key sizes.
/// Indexes are visited in name order, so an attribute that keys several
/// indexes is reported under the alphabetically first (dynoxide, measured
/// against AWS).
pub(crate) fn check_index_keys(indexes: &[IndexDefinition], item: &Item, source: WriteSource) -> Result<()> {
    let mut ordered: Vec<&IndexDefinition> = indexes.iter().filter(|i| i.is_live()).collect();
    crate::engine::ordered::sort_by(&mut ordered, |a, b| a.name.cmp(&b.name));
    for index in &ordered {
        index.check_types(item)?;
    }
    for index in &ordered {
        index.check_not_empty(item, source)?;
    }
    for index in &ordered {
        index.check_sizes(item)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::schema::{KeyAttribute, ScalarType};
    use crate::engine::value::AttributeValue;

    fn attr(name: &str, scalar_type: ScalarType) -> KeyAttribute {
        KeyAttribute { name: name.into(), scalar_type }
    }

    fn index(projection_type: ProjectionType, include: &[&str]) -> IndexDefinition {
        IndexDefinition {
            name: "byStatus".into(),
            kind: IndexKind::Global,
            key_schema: KeySchema::new(attr("status", ScalarType::S), Some(attr("date", ScalarType::N))),
            projection: IndexProjection {
                projection_type,
                non_key_attributes: include.iter().map(|s| s.to_string()).collect(),
            },
            throughput: Throughput::default(),
            status: IndexStatus::Active,
            backfilling: false,
            status_until_millis: None,
            status_since_millis: None,
            arn: "arn".into(),
            on_demand_maximum: OnDemandMaximum::default(),
            warm: WarmThroughput::new((1, 1)),
        }
    }

    fn table_schema() -> KeySchema {
        KeySchema::new(attr("pk", ScalarType::S), None)
    }

    fn item(pairs: &[(&str, AttributeValue)]) -> Item {
        pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
    }

    fn s(v: &str) -> AttributeValue {
        AttributeValue::S(v.into())
    }

    fn n(v: &str) -> AttributeValue {
        AttributeValue::N(crate::engine::Number::parse(v).expect("number"))
    }

    #[test]
    fn membership_is_sparse() {
        let i = index(ProjectionType::All, &[]);
        assert!(i.key_of(&item(&[("pk", s("a")), ("status", s("OPEN")), ("date", n("1"))])).is_some());
        assert!(i.key_of(&item(&[("pk", s("a")), ("status", s("OPEN"))])).is_none());
        assert!(i.key_of(&item(&[("pk", s("a")), ("status", n("1")), ("date", n("1"))])).is_none());
        assert!(i.key_of(&item(&[("pk", s("a")), ("status", s("")), ("date", n("1"))])).is_none());
    }

    #[test]
    fn projections_copy_keys_and_what_they_name() {
        let full = item(&[("pk", s("a")), ("status", s("OPEN")), ("date", n("1")), ("x", s("1")), ("y", s("2"))]);
        let keys = index(ProjectionType::KeysOnly, &[]).project(&full, &table_schema());
        assert_eq!(keys.keys().collect::<Vec<_>>(), ["date", "pk", "status"]);
        let include = index(ProjectionType::Include, &["y", "missing"]).project(&full, &table_schema());
        assert_eq!(include.keys().collect::<Vec<_>>(), ["date", "pk", "status", "y"]);
        assert_eq!(index(ProjectionType::All, &[]).project(&full, &table_schema()), full);
    }

    #[test]
    fn key_checks_use_dynamodb_words() {
        let i = [index(ProjectionType::All, &[])];
        let wrong = item(&[("pk", s("a")), ("status", n("3"))]);
        assert_eq!(
            check_index_keys(&i, &wrong, WriteSource::Item),
            Err(ApiError::validation(
                "One or more parameter values were invalid: Type mismatch for Index Key status Expected: S Actual: N IndexName: byStatus"
            ))
        );
        let empty = item(&[("pk", s("a")), ("status", s(""))]);
        assert_eq!(
            check_index_keys(&i, &empty, WriteSource::Item),
            Err(ApiError::validation(
                "One or more parameter values are not valid. A value specified for a secondary index key is not supported. \
                 The AttributeValue for a key attribute cannot contain an empty string value. IndexName: byStatus, IndexKey: status"
            ))
        );
        assert!(check_index_keys(&i, &item(&[("pk", s("a"))]), WriteSource::Item).is_ok());
    }

    #[test]
    fn write_costs_follow_the_a3_table() {
        let key = |v: &str| PrimaryKey { partition: KeyValue::S(v.into()), sort: None };
        let change = |old: Option<(&str, usize)>, new: Option<(&str, usize)>| IndexChange {
            index: "i".into(),
            kind: IndexKind::Global,
            old: old.map(|(k, s)| (key(k), s)),
            new: new.map(|(k, s)| (key(k), s)),
        };
        let units = |c: IndexChange| c.charges("t").iter().map(|c| c.units).sum::<f64>();
        assert_eq!(units(change(None, Some(("a", 1500)))), 2.0); // enters
        assert_eq!(units(change(Some(("a", 1500)), None)), 2.0); // leaves
        assert_eq!(units(change(Some(("a", 100)), Some(("a", 1500)))), 2.0); // projected attribute changed
        assert_eq!(units(change(Some(("a", 1517)), Some(("b", 1517)))), 4.0); // each image on its own
    }
}
