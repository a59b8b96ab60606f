//! Storage: a table's items, laid out the way DynamoDB lays them out.
//!
//! DynamoDB hashes each partition key onto a **keyspace** and gives every
//! partition a contiguous range of it. All items that share a partition key
//! form an **item collection**: they live together, in one partition, sorted
//! by sort key. A Scan walks the keyspace in hash order, which is why scan
//! results look shuffled:
//!
//! ```text
//!   keyspace (hash of the partition key)
//!   000000 ───────────────────────────────────────────────────── ffffff
//!   │  "user#7"        "user#2"             "game#1"          "a"   │
//!   │  ├ sk=2024-01     ├ sk=profile         ├ sk=score#0042   └ –   │
//!   │  └ sk=2024-02     └ sk=settings        └ sk=score#0100         │
//!   │  item collection, sorted by sort key                           │
//! ```
//!
//! The hash is `md5("Outliers" ‖ key bytes)`. DynamoDB's own function is not
//! documented; this one reproduces the scan order observed on the real
//! service (dynalite, semantics E), and it is deterministic, so the same data
//! always lands in the same place. Partitions themselves (splitting the
//! keyspace into ranges, with capacity shares) come with the partition model;
//! here the keyspace order is all there is.
//!
//! Each item is kept packed into one byte string ([`PackedItem`]), filed
//! under its key: a read unpacks it into an [`Item`]. That keeps a table
//! within a small multiple of its DynamoDB size (`examples/memory.rs`), where
//! items as `BTreeMap`s took ten times as much.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound;

use md5::{Digest, Md5};

use super::packed::{FiledUnder, PackedItem};
use super::schema::{KeyValue, PrimaryKey};
use super::value::Item;

/// The prefix DynamoDB (as reverse-engineered by dynalite) hashes before the key.
const HASH_PREFIX: &[u8] = b"Outliers";

/// Where a partition key sits in the keyspace: its MD5 hash, first.
pub fn keyspace_hash(partition_key: &KeyValue) -> [u8; 16] {
    let mut hasher = Md5::new();
    hasher.update(HASH_PREFIX);
    hasher.update(partition_key.hash_bytes());
    hasher.finalize().into()
}

/// The first 24 bits of the hash as 6 hex digits: the position on the
/// keyspace that the UI and the golden scripts print.
pub fn keyspace_position(hash: &[u8; 16]) -> String {
    format!("{:02x}{:02x}{:02x}", hash[0], hash[1], hash[2])
}

/// Orders item collections by hash, then by key (two keys with the same hash
/// are possible, if unlikely, and must not collide).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct CollectionKey {
    hash: [u8; 16],
    partition: KeyValue,
}

/// One stored item, packed; the packed form starts with the item's size,
/// so table totals need no recount. The flag says the item is exactly as
/// the generator made it ([`Storage::mark_generated`]).
#[derive(Clone, Debug, PartialEq)]
struct Stored(PackedItem, bool);

impl Stored {
    fn size(&self) -> usize {
        self.0.size()
    }

    fn unpack(&self, partition: &KeyValue, sort: &Option<KeyValue>) -> Item {
        self.0.unpack(FiledUnder { partition, sort: sort.as_ref() })
    }
}

/// All items with one partition key value, sorted by sort key (`None` for a
/// table without one).
#[derive(Clone, Debug, PartialEq, Default)]
struct Collection {
    items: BTreeMap<Option<KeyValue>, Stored>,
    size: usize,
}

/// A read-only view of one item collection, for snapshots.
#[derive(Clone, Debug, PartialEq)]
pub struct CollectionView<'a> {
    pub partition_key: &'a KeyValue,
    pub hash: [u8; 16],
    /// Bytes of all items in the collection (billing sizes, semantics B.1).
    pub size: usize,
    /// The items in sort-key order.
    pub items: Vec<Item>,
}

/// One stored item as a read sees it: where it sits and what it weighs.
/// The item itself stays packed until [`ItemRef::item`] asks for it, so a
/// read that skips an item (out of range, another segment) never unpacks it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ItemRef<'a> {
    /// The keyspace hash of the item's partition key.
    pub hash: &'a [u8; 16],
    pub partition: &'a KeyValue,
    pub sort: &'a Option<KeyValue>,
    packed: &'a PackedItem,
    /// The item's size in bytes (semantics B.1).
    pub size: usize,
    /// Exactly as the generator made it.
    pub generated: bool,
}

impl<'a> ItemRef<'a> {
    fn of(key: &'a CollectionKey, sort: &'a Option<KeyValue>, stored: &'a Stored) -> Self {
        ItemRef {
            hash: &key.hash,
            partition: &key.partition,
            sort,
            packed: &stored.0,
            size: stored.size(),
            generated: stored.1,
        }
    }

    /// The item, unpacked.
    pub fn item(&self) -> Item {
        self.packed.unpack(FiledUnder { partition: self.partition, sort: self.sort.as_ref() })
    }
}

/// The 12-bit bucket of the keyspace a hash falls in: parallel scans split
/// the keyspace into 4,096 buckets (semantics E).
pub fn keyspace_bucket(hash: &[u8; 16]) -> u16 {
    (u16::from(hash[0]) << 4) | u16::from(hash[1] >> 4)
}

/// A table's items in keyspace order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Storage {
    collections: BTreeMap<CollectionKey, Collection>,
    item_count: usize,
    size_bytes: usize,
    /// While a dry run is under way: every change, with the item it replaced,
    /// so [`Storage::roll_back`] can undo them in reverse.
    journal: Option<Vec<(PrimaryKey, Option<Stored>)>>,
    /// The keys whose generated item was replaced or deleted since: with
    /// the flags, what a scenario needs to carry generated data as its
    /// template ([`Storage::diverged`]).
    diverged: BTreeSet<PrimaryKey>,
}

impl Storage {
    fn collection_key(key: &PrimaryKey) -> CollectionKey {
        CollectionKey { hash: keyspace_hash(&key.partition), partition: key.partition.clone() }
    }

    fn stored(&self, key: &PrimaryKey) -> Option<&Stored> {
        self.collections.get(&Self::collection_key(key))?.items.get(&key.sort)
    }

    /// The item stored under `key`, if any, unpacked.
    pub fn get(&self, key: &PrimaryKey) -> Option<Item> {
        self.stored(key).map(|stored| stored.unpack(&key.partition, &key.sort))
    }

    /// The size of the item stored under `key` (semantics B.1), without
    /// unpacking it.
    pub fn size_of(&self, key: &PrimaryKey) -> Option<usize> {
        self.stored(key).map(Stored::size)
    }

    /// Starts recording changes so they can be rolled back (a dry run).
    pub fn begin_journal(&mut self) {
        self.journal = Some(Vec::new());
    }

    /// Keeps every change since [`Storage::begin_journal`] and stops recording.
    pub fn commit(&mut self) {
        self.journal = None;
    }

    /// Undoes every change since [`Storage::begin_journal`] and stops
    /// recording. `undone`, if given, is shown each change as it is undone,
    /// newest first: the item the change had stored, then the item put back.
    pub fn roll_back(&mut self, mut undone: Option<&mut dyn FnMut(Option<Item>, Option<Item>)>) {
        let Some(journal) = self.journal.take() else { return };
        for (key, previous) in journal.into_iter().rev() {
            if let Some(undone) = undone.as_mut() {
                undone(self.get(&key), previous.as_ref().map(|stored| stored.unpack(&key.partition, &key.sort)));
            }
            match previous {
                Some(stored) => {
                    // The generated item is back: the change that replaced it is undone.
                    if stored.1 {
                        self.diverged.remove(&key);
                    }
                    self.put_stored(&key, stored)
                }
                None => self.delete_stored(&key),
            };
        }
    }

    fn record(&mut self, key: &PrimaryKey) {
        if self.journal.is_some() {
            let previous = self.stored(key).cloned();
            if let Some(journal) = &mut self.journal {
                journal.push((key.clone(), previous));
            }
        }
    }

    /// Stores `item` under `key`, returning the item it replaced.
    pub fn put(&mut self, key: &PrimaryKey, item: Item) -> Option<Item> {
        let packed = PackedItem::pack(&item, FiledUnder { partition: &key.partition, sort: key.sort.as_ref() });
        self.record(key);
        let old = self.put_stored(key, Stored(packed, false));
        self.note_diverged(key, old.as_ref());
        old.map(|old| old.unpack(&key.partition, &key.sort))
    }

    fn note_diverged(&mut self, key: &PrimaryKey, old: Option<&Stored>) {
        if old.is_some_and(|old| old.1) {
            self.diverged.insert(key.clone());
        }
    }

    /// Marks the item under `key` as exactly as the generator made it (until
    /// it is replaced or deleted).
    pub fn mark_generated(&mut self, key: &PrimaryKey) {
        if let Some(stored) =
            self.collections.get_mut(&Self::collection_key(key)).and_then(|c| c.items.get_mut(&key.sort))
        {
            stored.1 = true;
        }
    }

    /// Marks `key` as one whose generated item is no longer stored as made
    /// (a scenario read back deletes it again, or kept an edit there).
    pub fn mark_diverged(&mut self, key: &PrimaryKey) {
        self.diverged.insert(key.clone());
    }

    /// The keys whose generated item was replaced or deleted: those with
    /// no item now are the generated items deleted since.
    pub fn diverged(&self) -> impl Iterator<Item = &PrimaryKey> {
        self.diverged.iter()
    }

    fn put_stored(&mut self, key: &PrimaryKey, stored: Stored) -> Option<Stored> {
        let size = stored.size();
        let collection = self.collections.entry(Self::collection_key(key)).or_default();
        let old = collection.items.insert(key.sort.clone(), stored);
        collection.size += size;
        self.size_bytes += size;
        match &old {
            Some(old) => {
                collection.size -= old.size();
                self.size_bytes -= old.size();
            }
            None => self.item_count += 1,
        }
        old
    }

    /// Removes the item under `key`, returning it.
    pub fn delete(&mut self, key: &PrimaryKey) -> Option<Item> {
        self.record(key);
        let old = self.delete_stored(key)?;
        self.note_diverged(key, Some(&old));
        Some(old.unpack(&key.partition, &key.sort))
    }

    fn delete_stored(&mut self, key: &PrimaryKey) -> Option<Stored> {
        let collection_key = Self::collection_key(key);
        let collection = self.collections.get_mut(&collection_key)?;
        let old = collection.items.remove(&key.sort)?;
        collection.size -= old.size();
        if collection.items.is_empty() {
            self.collections.remove(&collection_key);
        }
        self.item_count -= 1;
        self.size_bytes -= old.size();
        Some(old)
    }

    /// Each item collection's keyspace hash, bytes and item count, in
    /// keyspace order, without building views (the partition model's scan).
    pub fn collection_sizes(&self) -> impl Iterator<Item = (&[u8; 16], usize, usize)> + '_ {
        self.collections.iter().map(|(key, c)| (&key.hash, c.size, c.items.len()))
    }

    /// Number of items in the table.
    pub fn item_count(&self) -> usize {
        self.item_count
    }

    /// Sum of the items' sizes (DescribeTable's `TableSizeBytes`).
    pub fn size_bytes(&self) -> usize {
        self.size_bytes
    }

    /// Bytes of the items under one partition key (the table's share of an
    /// item collection).
    pub fn collection_size(&self, partition: &KeyValue) -> usize {
        let key = CollectionKey { hash: keyspace_hash(partition), partition: partition.clone() };
        self.collections.get(&key).map_or(0, |c| c.size)
    }

    /// The items of one item collection whose sort keys fall in `range`, in
    /// sort-key order (reverse it for a backward Query).
    pub fn collection_range<'a>(
        &'a self,
        partition: &KeyValue,
        range: (Bound<Option<KeyValue>>, Bound<Option<KeyValue>>),
    ) -> impl DoubleEndedIterator<Item = ItemRef<'a>> + 'a {
        let key = CollectionKey { hash: keyspace_hash(partition), partition: partition.clone() };
        self.collections.get_key_value(&key).into_iter().flat_map(move |(key, collection)| {
            collection.items.range(range.clone()).map(move |(sort, stored)| ItemRef::of(key, sort, stored))
        })
    }

    /// Every item in keyspace order, starting after `start` (a Scan's
    /// `ExclusiveStartKey`; the item it names need not exist any more).
    pub fn scan_after<'a>(&'a self, start: Option<&PrimaryKey>) -> impl Iterator<Item = ItemRef<'a>> + 'a {
        let (head, rest) = match start {
            None => (None, Bound::Unbounded),
            Some(key) => {
                let collection_key = Self::collection_key(key);
                let head = self.collections.get_key_value(&collection_key).map(|(ck, c)| (ck, c, key.sort.clone()));
                (head, Bound::Excluded(collection_key))
            }
        };
        let head = head.into_iter().flat_map(|(key, collection, sort)| {
            collection
                .items
                .range((Bound::Excluded(sort), Bound::Unbounded))
                .map(move |(sort, stored)| ItemRef::of(key, sort, stored))
        });
        let rest = self.collections.range((rest, Bound::Unbounded)).flat_map(|(key, collection)| {
            collection.items.iter().map(move |(sort, stored)| ItemRef::of(key, sort, stored))
        });
        head.chain(rest)
    }

    /// The item collections in keyspace order, each in sort-key order.
    pub fn collections(&self) -> impl Iterator<Item = CollectionView<'_>> {
        self.collections.iter().map(|(key, collection)| CollectionView {
            partition_key: &key.partition,
            hash: key.hash,
            size: collection.size,
            items: collection.items.iter().map(|(sort, stored)| stored.unpack(&key.partition, sort)).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::value::AttributeValue;

    fn key(pk: &str, sk: Option<&str>) -> PrimaryKey {
        PrimaryKey { partition: KeyValue::S(pk.into()), sort: sk.map(|s| KeyValue::S(s.into())) }
    }

    fn item(pk: &str, sk: &str) -> Item {
        Item::from([("pk".to_string(), AttributeValue::S(pk.into())), ("sk".to_string(), AttributeValue::S(sk.into()))])
    }

    #[test]
    fn put_replace_delete_keep_totals() {
        let mut storage = Storage::default();
        assert_eq!(storage.put(&key("a", Some("1")), item("a", "1")), None);
        assert_eq!(storage.put(&key("a", Some("2")), item("a", "2")), None);
        assert_eq!(storage.item_count(), 2);
        assert_eq!(storage.size_bytes(), 2 * (3 + 3));
        assert!(storage.put(&key("a", Some("1")), item("a", "1")).is_some());
        assert_eq!(storage.item_count(), 2);
        assert_eq!(storage.delete(&key("a", Some("1"))), Some(item("a", "1")));
        assert_eq!(storage.delete(&key("a", Some("1"))), None);
        assert_eq!(storage.delete(&key("zzz", None)), None);
        assert_eq!((storage.item_count(), storage.size_bytes()), (1, 6));
        storage.delete(&key("a", Some("2")));
        assert_eq!(storage.collections().count(), 0);
    }

    #[test]
    fn scans_resume_after_a_start_key_even_a_deleted_one() {
        let mut storage = Storage::default();
        for (pk, sk) in [("a", "1"), ("a", "2"), ("b", "1"), ("c", "1"), ("c", "2")] {
            storage.put(&key(pk, Some(sk)), item(pk, sk));
        }
        let all: Vec<_> = storage.scan_after(None).map(|r| (r.partition.clone(), r.sort.clone())).collect();
        assert_eq!(all.len(), 5);
        for (i, (pk, sk)) in all.iter().enumerate() {
            let start = PrimaryKey { partition: pk.clone(), sort: sk.clone() };
            let rest: Vec<_> =
                storage.scan_after(Some(&start)).map(|r| (r.partition.clone(), r.sort.clone())).collect();
            assert_eq!(rest, all[i + 1..].to_vec());
        }
        let start = PrimaryKey { partition: all[0].0.clone(), sort: all[0].1.clone() };
        storage.delete(&start);
        let rest: Vec<_> = storage.scan_after(Some(&start)).map(|r| (r.partition.clone(), r.sort.clone())).collect();
        assert_eq!(rest, all[1..].to_vec());
    }

    #[test]
    fn collection_ranges_run_both_ways() {
        let mut storage = Storage::default();
        for sk in ["1", "2", "3", "4"] {
            storage.put(&key("a", Some(sk)), item("a", sk));
        }
        let s = |v: &str| Some(KeyValue::S(v.into()));
        let range = (Bound::Included(s("2")), Bound::Excluded(s("4")));
        let forward: Vec<_> =
            storage.collection_range(&KeyValue::S("a".into()), range.clone()).map(|r| r.sort.clone()).collect();
        assert_eq!(forward, vec![s("2"), s("3")]);
        let backward: Vec<_> =
            storage.collection_range(&KeyValue::S("a".into()), range).rev().map(|r| r.sort.clone()).collect();
        assert_eq!(backward, vec![s("3"), s("2")]);
        assert_eq!(
            storage.collection_range(&KeyValue::S("zz".into()), (Bound::Unbounded, Bound::Unbounded)).count(),
            0
        );
    }

    #[test]
    fn a_journal_rolls_every_change_back() {
        let mut storage = Storage::default();
        storage.put(&key("a", Some("1")), item("a", "1"));
        storage.put(&key("b", Some("1")), item("b", "1"));
        let before = storage.clone();
        storage.begin_journal();
        storage.put(&key("a", Some("1")), item("a", "1x"));
        storage.put(&key("c", Some("1")), item("c", "1"));
        storage.delete(&key("b", Some("1")));
        storage.delete(&key("zzz", None));
        storage.put(&key("c", Some("1")), item("c", "2"));
        storage.roll_back(None);
        assert_eq!(storage, before);
    }

    #[test]
    fn collections_are_in_hash_order_and_sorted_by_sort_key() {
        let mut storage = Storage::default();
        for (pk, sk) in [("b", "é"), ("a", "z"), ("b", "Z"), ("c", "a"), ("b", "a")] {
            storage.put(&key(pk, Some(sk)), item(pk, sk));
        }
        let views: Vec<_> = storage.collections().collect();
        let hashes: Vec<_> = views.iter().map(|v| v.hash).collect();
        let mut sorted = hashes.clone();
        sorted.sort();
        assert_eq!(hashes, sorted);
        let b = views
            .iter()
            .find(|v| v.partition_key == &KeyValue::S("b".into()))
            .map(|v| v.items.iter().map(|i| i.get("sk").cloned()).collect::<Vec<_>>());
        // UTF-8 byte order: "Z" (0x5A) < "a" (0x61) < "é" (0xC3A9).
        let expected = ["Z", "a", "é"].map(|s| Some(AttributeValue::S(s.into())));
        assert_eq!(b, Some(expected.to_vec()));
    }

    /// dynalite's "should return items in string hash order", written against
    /// live DynamoDB (semantics E): the keyspace order must match it exactly.
    #[test]
    fn string_keys_scan_in_the_order_dynamodb_returns_them() {
        let expected = ["2", "8", "9", "1", "6", "hello", "0", "5", "4", "äáöü", "aardman", "7", "3", "zapf"];
        let mut storage = Storage::default();
        let mut shuffled = expected;
        shuffled.sort();
        for pk in shuffled {
            storage.put(&key(pk, None), Item::from([("pk".to_string(), AttributeValue::S(pk.into()))]));
        }
        let order: Vec<_> = storage.collections().map(|v| v.partition_key.clone()).collect();
        assert_eq!(order, expected.map(|s| KeyValue::S(s.into())).to_vec());
    }
}
