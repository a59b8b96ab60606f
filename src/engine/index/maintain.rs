//! Keeping a table's indexes in step with its items.
//!
//! Every item write goes through `Table::write_item`. It stores (or
//! deletes) the item, works out for each live index the entry the item had
//! before and has after the write, and then:
//!
//! ```text
//!   base write ──▶ storage.put / delete
//!        │
//!        ├──▶ LSI  store.set(key, new entry)            now, in the same write
//!        └──▶ GSI  pending queue (due = now + delay) ──▶ store.set(…) when due
//! ```
//!
//! and returns one [`IndexChange`] per index whose entry changed, which the
//! operation turns into index write charges (A.3). Before writing, an
//! operation validates the new image (`Table::check_index_keys`) and, on a
//! table with LSIs, the 10 GB item-collection limit
//! (`Table::check_item_collection`): the table's items plus their LSI
//! entries under one partition key. Over the limit, only writes that shrink
//! the collection go through (B.4).

use std::collections::{BTreeMap, VecDeque};

use serde_json::{json, Value};

use super::propagation::PendingIndexUpdate;
use super::{
    check_index_keys, EntryImage, IndexChange, IndexCollectionView, IndexDefinition, IndexEntry, IndexKind,
    IndexStatus, IndexStore, WriteSource,
};
use crate::engine::error::{ApiError, Result};
use crate::engine::ordered::Ordered;
use crate::engine::schema::{KeyValue, PrimaryKey};
use crate::engine::table::{Table, TableDefinition};
use crate::engine::value::size::item_size;
use crate::engine::value::Item;
use crate::engine::vector::store::VectorEntry;
use crate::engine::vector::VectorStore;

/// What a write needs to know about time and limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WriteContext {
    pub now_millis: u64,
    pub propagation_delay_millis: u64,
    pub item_collection_limit_bytes: u64,
    /// A write by the service itself (the TTL sweeper): its stream record
    /// says so.
    pub by_service: bool,
}

/// DynamoDB's error for a write that would grow an item collection past the
/// limit (its documented message, semantics C).
pub(crate) fn item_collection_too_large() -> ApiError {
    ApiError::ItemCollectionSizeLimitExceeded("Collection size exceeded.".into())
}

impl Table {
    /// A new table with the given definition, no items, and an empty store
    /// for each of its indexes.
    pub fn new(definition: TableDefinition) -> Self {
        let index_stores = definition.indexes.iter().map(|i| (i.name.clone(), IndexStore::default())).ordered_map();
        let vector_stores =
            definition.vector_indexes.iter().map(|v| (v.name.clone(), VectorStore::default())).ordered_map();
        Self {
            definition,
            storage: Default::default(),
            index_stores,
            vector_stores,
            pending: VecDeque::new(),
            pending_mark: None,
            streams: Vec::new(),
            stream_mark: None,
            ttl_attribute: None,
            ttl_expiries: BTreeMap::new(),
        }
    }

    /// A secondary index's definition by name (also one being created or
    /// deleted).
    pub fn index(&self, name: &str) -> Option<&IndexDefinition> {
        self.definition.indexes.iter().find(|i| i.name == name)
    }

    /// A secondary index's contents by name.
    pub fn index_store(&self, name: &str) -> Option<&IndexStore> {
        self.index_stores.get(name)
    }

    /// A secondary index's contents as the UI shows them, mirroring
    /// [`crate::engine::storage::Storage::collections`]: the index's item
    /// collections in keyspace order of the index partition key, each with
    /// its entries in index sort-key order (then by the table's primary key),
    /// every entry holding only the projected attributes. For a GSI this is
    /// the *propagated* state; writes still on their way are listed by
    /// [`crate::engine::Engine::pending_index_updates`]. `None` if there is
    /// no such index.
    pub fn index_collections(&self, name: &str) -> Option<impl Iterator<Item = IndexCollectionView<'_>>> {
        self.index_stores.get(name).map(IndexStore::collections)
    }

    /// Whether the table has local secondary indexes (and so item-collection
    /// limits and metrics).
    pub fn has_local_indexes(&self) -> bool {
        self.definition.indexes.iter().any(|i| i.kind == IndexKind::Local)
    }

    /// DynamoDB's checks of a new image's index key attributes (types, empty
    /// values, key sizes).
    pub(crate) fn check_index_keys(&self, item: &Item, source: WriteSource) -> Result<()> {
        check_index_keys(&self.definition.indexes, item, source)?;
        crate::engine::vector::check::check_item(&self.definition.vector_indexes, item, source)
    }

    /// Bytes an item and its LSI entries add to its item collection.
    fn collection_share(&self, item: &Item) -> usize {
        let schema = &self.definition.key_schema;
        let lsi_bytes: usize = self
            .definition
            .indexes
            .iter()
            .filter(|i| i.kind == IndexKind::Local)
            .filter_map(|i| i.image(item, schema))
            .map(|image| image.size)
            .sum();
        item_size(item) + lsi_bytes
    }

    /// The size of the item collection under `partition`: the table's items
    /// and their LSI entries.
    pub fn item_collection_size(&self, partition: &KeyValue) -> usize {
        let lsi_bytes: usize = self
            .definition
            .indexes
            .iter()
            .filter(|i| i.kind == IndexKind::Local)
            .filter_map(|i| self.index_stores.get(&i.name))
            .map(|store| store.collection_size(partition))
            .sum();
        self.storage.collection_size(partition) + lsi_bytes
    }

    /// How much replacing the item under `key` with `new` grows its item
    /// collection (negative: shrinks).
    pub(crate) fn collection_growth(&self, key: &PrimaryKey, new: Option<&Item>) -> i128 {
        let old = self.storage.get(key).map_or(0, |item| self.collection_share(&item));
        let new = new.map_or(0, |item| self.collection_share(item));
        new as i128 - old as i128
    }

    /// The item-collection limit of a table with LSIs: a write that grows a
    /// collection past `limit` bytes fails; `pending` is growth earlier
    /// writes of the same request already claimed for this partition.
    pub(crate) fn check_item_collection(
        &self,
        key: &PrimaryKey,
        new: Option<&Item>,
        pending: i128,
        limit: u64,
    ) -> Result<i128> {
        if !self.has_local_indexes() {
            return Ok(0);
        }
        let growth = self.collection_growth(key, new);
        let after = self.item_collection_size(&key.partition) as i128 + pending + growth;
        if growth > 0 && after > i128::from(limit) {
            return Err(item_collection_too_large());
        }
        Ok(growth)
    }

    /// `ItemCollectionMetrics` for the collection under `partition`, or
    /// `None` for a table without LSIs (DynamoDB only reports them there).
    ///
    /// `SizeEstimateRangeGB` is a bracket, not an exact figure: the tenth of
    /// the limit the collection's size falls in, in GB. At DynamoDB's 10 GB
    /// limit that is the whole gigabyte it lies in (`[0.0, 1.0]` for a small
    /// collection, as DynamoDB reports); with a lowered limit the bracket
    /// narrows with it, so the numbers move as a class fills a collection.
    pub(crate) fn item_collection_metrics(&self, partition: &KeyValue, limit: u64) -> Option<Value> {
        if !self.has_local_indexes() {
            return None;
        }
        let size = self.item_collection_size(partition) as f64;
        let step = (limit.max(10) / 10) as f64;
        let low = (size / step).floor() * step;
        let gb = |bytes: f64| bytes / (1024.0 * 1024.0 * 1024.0);
        let mut key = serde_json::Map::new();
        key.insert(self.definition.key_schema.partition_key.name.clone(), partition.to_attribute().to_wire());
        Some(json!({"ItemCollectionKey": key, "SizeEstimateRangeGB": [gb(low), gb(low + step)]}))
    }

    /// Stores `new` under `key` (or deletes the item when `new` is `None`)
    /// and maintains every live index: LSIs at once, GSIs through the
    /// propagation queue. Returns the item replaced and how each index
    /// changed. The caller has validated the write.
    ///
    /// This is the one place every item write passes (item, batch and
    /// transaction operations, the TTL sweeper), so it is also where the
    /// stream gets its record (`streams`) and TTL learns of a new expiry
    /// (`ttl`).
    pub(crate) fn write_item(
        &mut self,
        key: &PrimaryKey,
        new: Option<Item>,
        context: WriteContext,
    ) -> (Option<Item>, Vec<IndexChange>) {
        let schema = self.definition.key_schema.clone();
        let live: Vec<IndexDefinition> = self.definition.indexes.iter().filter(|i| i.is_live()).cloned().collect();
        let new_images: Vec<Option<EntryImage>> =
            live.iter().map(|i| new.as_ref().and_then(|item| i.image(item, &schema))).collect();
        let new_vectors: Vec<_> = self
            .definition
            .vector_indexes
            .iter()
            .map(|v| new.as_ref().and_then(|item| v.entry(item, &schema)))
            .collect();
        let new_expiry = self.ttl_expiry_of(new.as_ref());
        let streamed = self.enabled_stream().is_some();
        let new_copy = if streamed { new.clone() } else { None };
        let old = match new {
            Some(item) => self.storage.put(key, item),
            None => self.storage.delete(key),
        };
        let old_expiry = self.ttl_expiry_of(old.as_ref());
        self.note_expiry(old_expiry, new_expiry);
        if streamed {
            self.record_change(key, old.as_ref(), new_copy.as_ref(), context.now_millis, context.by_service);
        }
        let mut changes = Vec::new();
        self.write_vectors(key, new_vectors, &mut changes);
        for (index, new_image) in live.iter().zip(new_images) {
            let old_image = old.as_ref().and_then(|item| index.image(item, &schema));
            if old_image == new_image {
                continue;
            }
            changes.push(IndexChange {
                index: index.name.clone(),
                kind: index.kind,
                old: old_image.as_ref().map(|i| (i.key.clone(), i.size)),
                new: new_image.as_ref().map(|i| (i.key.clone(), i.size)),
            });
            let entry = new_image.map(|i| IndexEntry { key: i.key, item: i.item });
            // With no delay a GSI changes in the write itself, unless older
            // changes are still queued: those must land first.
            let at_once = context.propagation_delay_millis == 0 && self.pending.is_empty();
            if index.kind == IndexKind::Local || at_once {
                if let Some(store) = self.index_stores.get_mut(&index.name) {
                    store.set(key, entry);
                }
            } else {
                let due = context.now_millis.saturating_add(context.propagation_delay_millis);
                let due = self.pending.back().map_or(due, |last| due.max(last.due_millis));
                self.pending.push_back(PendingIndexUpdate {
                    index_name: index.name.clone(),
                    table_key: key.clone(),
                    entry,
                    written_millis: context.now_millis,
                    due_millis: due,
                });
            }
        }
        (old, changes)
    }

    /// Stores each vector index's new entry for the item under `key` and
    /// notes the indexes whose entry changed (their bytes are metered).
    fn write_vectors(&mut self, key: &PrimaryKey, new: Vec<Option<VectorEntry>>, changes: &mut Vec<IndexChange>) {
        for (index, entry) in self.definition.vector_indexes.iter().zip(new) {
            let Some(store) = self.vector_stores.get_mut(&index.name) else { continue };
            let old = store.get(key);
            if old == entry.as_ref() {
                continue;
            }
            changes.push(IndexChange {
                index: index.name.clone(),
                kind: IndexKind::Vector,
                old: old.map(|e| (key.clone(), e.size_bytes)),
                new: entry.as_ref().map(|e| (key.clone(), e.size_bytes)),
            });
            store.set(key, entry);
        }
    }

    /// Builds a GSI's contents from the table's items (a backfill), adds
    /// its definition (after the other GSIs) and store. The caller has
    /// validated the definition.
    pub(crate) fn attach_global_index(&mut self, index: IndexDefinition) {
        let schema = &self.definition.key_schema;
        let mut store = IndexStore::default();
        for found in self.storage.scan_after(None) {
            if let Some(image) = index.image(&found.item(), schema) {
                let table_key = PrimaryKey { partition: found.partition.clone(), sort: found.sort.clone() };
                store.set(&table_key, Some(IndexEntry { key: image.key, item: image.item }));
            }
        }
        self.index_stores.insert(index.name.clone(), store);
        // Indexes are kept GSIs first, then LSIs, as CreateTable lists them.
        let at = self.definition.indexes.iter().take_while(|i| i.kind == IndexKind::Global).count();
        self.definition.indexes.insert(at, index);
    }

    /// Removes an index with everything it holds (its queued updates too),
    /// and the attribute definitions no key uses any more.
    pub(crate) fn detach_index(&mut self, name: &str) -> Option<IndexDefinition> {
        let position = self.definition.indexes.iter().position(|i| i.name == name)?;
        let index = self.definition.indexes.remove(position);
        self.index_stores.remove(name);
        self.pending.retain(|p| p.index_name != name);
        self.prune_attribute_definitions();
        Some(index)
    }

    /// Drops the attribute definitions that no key and no vector index's
    /// `SearchSchema` uses any more (after an index is gone).
    pub(crate) fn prune_attribute_definitions(&mut self) {
        let definition = &mut self.definition;
        let used = |attribute: &str| {
            definition.key_schema.is_key_attribute(attribute)
                || definition.indexes.iter().any(|i| i.key_schema.is_key_attribute(attribute))
                || definition.vector_indexes.iter().any(|v| v.schema_attribute(attribute).is_some())
        };
        let kept: Vec<_> = definition.attribute_definitions.iter().filter(|a| used(&a.name)).cloned().collect();
        definition.attribute_definitions = kept;
    }

    /// The live indexes with their stores, for reads.
    pub(crate) fn live_index(&self, name: &str) -> Option<(&IndexDefinition, &IndexStore)> {
        let index = self.index(name).filter(|i| i.is_live())?;
        Some((index, self.index_stores.get(name)?))
    }

    /// Total `NonKeyAttributes` over the table's indexes (B.4).
    pub(crate) fn projected_attribute_count(&self) -> usize {
        self.definition.indexes.iter().map(|i| i.projection.non_key_attributes.len()).sum()
    }

    /// Indexes (GSIs and vector indexes) that are being created or deleted
    /// at `now`.
    pub(crate) fn index_operation_in_progress(&self, now: u64) -> bool {
        self.definition.indexes.iter().any(|i| matches!(i.status, IndexStatus::Creating | IndexStatus::Deleting))
            || self.vector_operation_in_progress(now)
    }
}

/// Item-collection growth already claimed by earlier writes of one request,
/// per table and partition key.
#[derive(Default)]
pub(crate) struct CollectionClaims(BTreeMap<(String, KeyValue), i128>);

impl CollectionClaims {
    /// Checks one write of a batch or transaction against the limit, counting
    /// the growth of the request's earlier writes to the same collection.
    pub(crate) fn check(&mut self, table: &Table, key: &PrimaryKey, new: Option<&Item>, limit: u64) -> Result<()> {
        let slot = (table.definition.name.clone(), key.partition.clone());
        let pending = self.0.get(&slot).copied().unwrap_or(0);
        let growth = table.check_item_collection(key, new, pending, limit)?;
        *self.0.entry(slot).or_default() += growth;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::engine::Engine;

    /// A small deterministic generator (xorshift), so a failure replays.
    /// The engine's seeded generator, with the draws the requests take.
    struct Dice(crate::engine::sim::Rng);

    impl Dice {
        fn roll(&mut self, sides: u64) -> u64 {
            self.0.next_u64() % sides.max(1)
        }

        fn pick<'a>(&mut self, options: &[&'a str]) -> &'a str {
            options[self.roll(options.len() as u64) as usize]
        }
    }

    /// An index's contents rebuilt from the table's items, as a backfill.
    fn rebuilt(table: &Table, index: &IndexDefinition) -> IndexStore {
        let mut store = IndexStore::default();
        for found in table.storage.scan_after(None) {
            if let Some(image) = index.image(&found.item(), &table.definition.key_schema) {
                let key = PrimaryKey { partition: found.partition.clone(), sort: found.sort.clone() };
                store.set(&key, Some(IndexEntry { key: image.key, item: image.item }));
            }
        }
        store
    }

    fn value(dice: &mut Dice) -> Value {
        match dice.roll(6) {
            0 => json!({"S": ""}),
            1 => json!({"N": dice.roll(3).to_string()}),
            2 => json!({"L": []}),
            _ => json!({"S": dice.pick(&["a", "b", "c"])}),
        }
    }

    fn random_request(dice: &mut Dice) -> (&'static str, Value) {
        let key = json!({"pk": {"S": dice.pick(&["p1", "p2"])}, "sk": {"S": dice.pick(&["1", "2", "3"])}});
        let mut item = key.clone();
        for attribute in ["g", "n", "l", "x", "y"] {
            if dice.roll(3) > 0 {
                item[attribute] = if attribute == "n" { json!({"N": dice.roll(4).to_string()}) } else { value(dice) };
            }
        }
        match dice.roll(6) {
            0 => ("PutItem", json!({"TableName": "tbl", "Item": item, "ReturnConsumedCapacity": "INDEXES"})),
            1 => {
                let attribute = dice.pick(&["g", "n", "l", "x", "y"]);
                let update =
                    if dice.roll(3) == 0 { format!("REMOVE {attribute}") } else { format!("SET {attribute} = :v") };
                let mut request = json!({"TableName": "tbl", "Key": key, "UpdateExpression": update});
                if update.starts_with("SET") {
                    request["ExpressionAttributeValues"] = json!({":v": value(dice)});
                }
                ("UpdateItem", request)
            }
            2 => ("DeleteItem", json!({"TableName": "tbl", "Key": key})),
            3 => ("BatchWriteItem", json!({"RequestItems": {"tbl": [{"PutRequest": {"Item": item}}]}})),
            4 => ("TransactWriteItems", json!({"TransactItems": [{"Put": {"TableName": "tbl", "Item": item}}]})),
            _ => (
                "Query",
                json!({"TableName": "tbl", "IndexName": "byG", "KeyConditionExpression": "g = :g",
                                  "ExpressionAttributeValues": {":g": {"S": "a"}}}),
            ),
        }
    }

    #[test]
    fn indexes_always_match_a_rebuild_from_the_items() {
        for seed in 1..=20u64 {
            let mut dice = Dice(crate::engine::sim::Rng::new(seed));
            let mut engine = Engine::new();
            let create = json!({
                "TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                    {"AttributeName": "g", "AttributeType": "S"}, {"AttributeName": "n", "AttributeType": "N"}, {"AttributeName": "l", "AttributeType": "S"}],
                "GlobalSecondaryIndexes": [
                    {"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}},
                    {"IndexName": "byGN", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}, {"AttributeName": "n", "KeyType": "RANGE"}],
                     "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["x"]}}],
                "LocalSecondaryIndexes": [{"IndexName": "byL", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "l", "KeyType": "RANGE"}],
                    "Projection": {"ProjectionType": "KEYS_ONLY"}}]
            });
            engine.execute("CreateTable", &create).expect("created");
            for step in 0..200 {
                engine.settings_mut().gsi_propagation_delay_millis = [0, 0, 100, 250, 1_000][dice.roll(5) as usize];
                let (operation, request) = random_request(&mut dice);
                let _ = if dice.roll(4) == 0 {
                    // A dry run first applies what the clock has made due, as
                    // any request would; compare from there.
                    engine.execute("ListTables", &json!({})).expect("listed");
                    let before = engine.table("tbl").cloned();
                    let answer = engine.dry_run(operation, &request).result;
                    assert_eq!(
                        engine.table("tbl").cloned(),
                        before,
                        "seed {seed} step {step}: dry run changed the table"
                    );
                    answer
                } else {
                    engine.execute(operation, &request)
                };
                engine.clock_mut().advance(dice.roll(300));
                let table = engine.table("tbl").expect("table");
                let lsi = table.index("byL").expect("LSI");
                assert_eq!(table.index_store("byL"), Some(&rebuilt(table, lsi)), "seed {seed} step {step}: LSI");
            }
            engine.clock_mut().advance(10_000);
            engine.execute("DescribeTable", &json!({"TableName": "tbl"})).expect("described");
            let table = engine.table("tbl").expect("table");
            assert!(engine.pending_index_updates("tbl").is_empty());
            for index in &table.definition.indexes {
                assert_eq!(table.index_store(&index.name), Some(&rebuilt(table, index)), "seed {seed}: {}", index.name);
            }
        }
    }
}
