//! What a table holds, as the views draw it: counts and sizes, the item
//! collections in keyspace order, where each collection sits on the
//! keyspace, and which row of the items grid a key is on.
//!
//! The items themselves stay behind the table (`Storage` is the engine's
//! own): a view asks these questions instead of hashing keys or walking
//! the storage itself, so the keyspace order has one definition.

use std::ops::Bound;

use super::Table;
use crate::engine::partition::hash_position;
use crate::engine::schema::PrimaryKey;
use crate::engine::storage::{keyspace_hash, CollectionView};
use crate::engine::value::Item;

/// One item collection (of the table or of an index) on the keyspace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CollectionSpot {
    /// Where its partition key falls on the 64-bit keyspace partitions are
    /// cut on.
    pub position: u64,
    pub bytes: usize,
    /// Items (or index entries).
    pub items: usize,
}

impl Table {
    /// Number of items (DescribeTable's `ItemCount`, exact).
    pub fn item_count(&self) -> usize {
        self.storage.item_count()
    }

    /// Bytes of all items (DescribeTable's `TableSizeBytes`, exact).
    pub fn size_bytes(&self) -> usize {
        self.storage.size_bytes()
    }

    /// Number of item collections (distinct partition key values).
    pub fn collection_count(&self) -> usize {
        self.storage.collection_sizes().count()
    }

    /// The item collections in keyspace order, each in sort-key order,
    /// unpacked.
    pub fn collections(&self) -> impl Iterator<Item = CollectionView<'_>> {
        self.storage.collections()
    }

    /// Every item in keyspace order (a Scan's order), unpacked one by one.
    pub fn items(&self) -> impl Iterator<Item = Item> + '_ {
        self.storage.scan_after(None).map(|found| found.item())
    }

    /// The table's item collections on the keyspace, in keyspace order.
    pub fn collection_spots(&self) -> impl Iterator<Item = CollectionSpot> + '_ {
        let spot = |(hash, bytes, items)| CollectionSpot { position: hash_position(hash), bytes, items };
        self.storage.collection_sizes().map(spot)
    }

    /// An index's item collections on its own keyspace, in keyspace order
    /// (empty for an index that does not exist).
    pub fn index_collection_spots(&self, index: &str) -> Vec<CollectionSpot> {
        let spot = |(hash, bytes, items)| CollectionSpot { position: hash_position(hash), bytes, items };
        self.index_store(index).map(|store| store.collection_sizes().map(spot).collect()).unwrap_or_default()
    }

    /// The row (from 0, in keyspace order, as the items grid and a Scan
    /// list them) where the item of `key` is, or would be: the items of the
    /// collections before its own, then those before it in its collection.
    pub fn row_of(&self, key: &PrimaryKey) -> usize {
        let hash = keyspace_hash(&key.partition);
        let before: usize = self.storage.collection_sizes().take_while(|(h, _, _)| **h < hash).map(|(_, _, n)| n).sum();
        let inside = match &key.sort {
            Some(sort) => self
                .storage
                .collection_range(&key.partition, (Bound::Unbounded, Bound::Excluded(Some(sort.clone()))))
                .count(),
            None => 0,
        };
        before.saturating_add(inside)
    }

    /// The generated items deleted since they were made: the keys whose
    /// generated item was replaced or deleted and that hold no item now.
    pub fn deleted_generated(&self) -> impl Iterator<Item = &PrimaryKey> + '_ {
        self.storage.diverged().filter(|key| self.storage.size_of(key).is_none())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::engine::schema::{KeyValue, PrimaryKey};
    use crate::engine::value::Number;
    use crate::engine::Engine;

    fn engine() -> Engine {
        let mut engine = Engine::new();
        let create = json!({
            "TableName": "Tbl",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                     {"AttributeName": "sk", "AttributeType": "N"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            "BillingMode": "PAY_PER_REQUEST",
        });
        engine.execute("CreateTable", &create).expect("created");
        for pk in ["a", "b", "c", "d"] {
            for sk in 1..=3 {
                let item = json!({"pk": {"S": pk}, "sk": {"N": sk.to_string()}});
                engine.execute("PutItem", &json!({"TableName": "Tbl", "Item": item})).expect("put");
            }
        }
        engine
    }

    #[test]
    fn every_items_row_is_its_place_in_scan_order() {
        let engine = engine();
        let table = engine.table("Tbl").expect("table");
        assert_eq!((table.item_count(), table.collection_count()), (12, 4));
        let schema = &table.definition.key_schema;
        for (row, item) in table.items().enumerate() {
            let key = schema.key_of_item(&item).expect("key");
            assert_eq!(table.row_of(&key), row);
        }
        let spots: Vec<_> = table.collection_spots().collect();
        assert!(spots.windows(2).all(|w| w[0].position <= w[1].position), "keyspace order");
        assert_eq!(spots.iter().map(|s| s.items).sum::<usize>(), 12);
        assert_eq!(spots.iter().map(|s| s.bytes).sum::<usize>(), table.size_bytes());
    }

    #[test]
    fn a_missing_key_is_placed_where_it_would_be() {
        let engine = engine();
        let table = engine.table("Tbl").expect("table");
        let absent = PrimaryKey {
            partition: KeyValue::S("a".into()),
            sort: Some(KeyValue::N(Number::parse("2.5").expect("number"))),
        };
        let two = PrimaryKey {
            partition: KeyValue::S("a".into()),
            sort: Some(KeyValue::N(Number::parse("3").expect("number"))),
        };
        assert_eq!(table.row_of(&absent), table.row_of(&two));
        assert!(table.index_collection_spots("none").is_empty());
    }
}
