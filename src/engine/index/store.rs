//! An index's contents: entries in keyspace order of the index partition
//! key, then by index sort key, then by the table's primary key.
//!
//! ```text
//!   index keyspace (hash of the index partition key)
//!   000000 ─────────────────────────────────────────── ffffff
//!   │  "DONE"                       "OPEN"                  │
//!   │  └ 03-04 ─ (ann, o2)          ├ 03-01 ─ (ann, o1)     │
//!   │                               ├ 03-07 ─ (bob, o9)     │
//!   │                               └ 03-07 ─ (cat, o3)     │  same index key: table key decides
//! ```
//!
//! Unlike a table, an index need not have unique keys: many items may share
//! an index partition and sort key, so each entry is filed under its index key
//! *and* the primary key of the item it came from. The store also remembers
//! where each item's entry sits, so replacing an item's entry (the one
//! mutation there is, [`IndexStore::set`]) needs no search.
//!
//! For a local secondary index the index partition key is the table's, so
//! its collections lie in exactly the table's keyspace order.

use std::collections::BTreeMap;
use std::ops::Bound;

use crate::engine::schema::{KeyValue, PrimaryKey};
use crate::engine::storage::keyspace_hash;
use crate::engine::value::size::item_size;
use crate::engine::value::Item;

/// One entry: the index key it is filed under and the projected attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexEntry {
    /// The index's partition and sort key values.
    pub key: PrimaryKey,
    /// The projected attributes (index keys and table keys included).
    pub item: Item,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct CollectionKey {
    hash: [u8; 16],
    partition: KeyValue,
}

#[derive(Clone, Debug, PartialEq)]
struct Stored {
    item: Item,
    size: usize,
}

/// One index partition key's entries: by index sort key, then table key.
#[derive(Clone, Debug, PartialEq, Default)]
struct Collection {
    entries: BTreeMap<Option<KeyValue>, BTreeMap<PrimaryKey, Stored>>,
    size: usize,
    count: usize,
}

/// A read-only view of one index collection, for snapshots (the UI).
#[derive(Clone, Debug, PartialEq)]
pub struct IndexCollectionView<'a> {
    /// The index partition key value shared by the entries.
    pub partition_key: &'a KeyValue,
    pub hash: [u8; 16],
    /// Bytes of all entries (billing sizes of the projected entries, B.1).
    pub size: usize,
    /// The entries in index sort-key order, then table-key order.
    pub entries: Vec<IndexEntryView<'a>>,
}

/// One entry as a snapshot shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexEntryView<'a> {
    pub sort_key: Option<&'a KeyValue>,
    /// The primary key of the base-table item the entry came from.
    pub table_key: &'a PrimaryKey,
    /// Projected attributes only.
    pub item: &'a Item,
    pub size: usize,
}

/// One entry as a read sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IndexRef<'a> {
    pub hash: &'a [u8; 16],
    pub partition: &'a KeyValue,
    pub sort: &'a Option<KeyValue>,
    pub table_key: &'a PrimaryKey,
    pub item: &'a Item,
    pub size: usize,
}

/// The contents of one secondary index.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct IndexStore {
    collections: BTreeMap<CollectionKey, Collection>,
    /// Table key → the index key its entry is filed under.
    positions: BTreeMap<PrimaryKey, PrimaryKey>,
    size_bytes: usize,
    /// During a dry run: each change with the entry it replaced.
    journal: Option<Vec<(PrimaryKey, Option<IndexEntry>)>>,
}

fn collection_key(partition: &KeyValue) -> CollectionKey {
    CollectionKey { hash: keyspace_hash(partition), partition: partition.clone() }
}

impl IndexStore {
    /// Number of entries (DescribeTable's `ItemCount` for the index).
    pub fn entry_count(&self) -> usize {
        self.positions.len()
    }

    /// Each collection's keyspace hash, bytes and entry count, in keyspace
    /// order (the partition model's scan).
    pub fn collection_sizes(&self) -> impl Iterator<Item = (&[u8; 16], usize, usize)> + '_ {
        self.collections.iter().map(|(key, c)| (&key.hash, c.size, c.entries.values().map(|same| same.len()).sum()))
    }

    /// Bytes of all entries (DescribeTable's `IndexSizeBytes`).
    pub fn size_bytes(&self) -> usize {
        self.size_bytes
    }

    /// Bytes of the entries under one index partition key (an LSI's share of
    /// an item collection).
    pub fn collection_size(&self, partition: &KeyValue) -> usize {
        self.collections.get(&collection_key(partition)).map_or(0, |c| c.size)
    }

    /// The entry of the base item with primary key `table_key`, if any.
    pub fn get(&self, table_key: &PrimaryKey) -> Option<IndexEntry> {
        let index_key = self.positions.get(table_key)?;
        let stored = self
            .collections
            .get(&collection_key(&index_key.partition))?
            .entries
            .get(&index_key.sort)?
            .get(table_key)?;
        Some(IndexEntry { key: index_key.clone(), item: stored.item.clone() })
    }

    /// Sets the entry of base item `table_key` (`None`: it has none) and
    /// returns the entry it replaced.
    pub fn set(&mut self, table_key: &PrimaryKey, entry: Option<IndexEntry>) -> Option<IndexEntry> {
        let old = self.remove(table_key);
        if let Some(journal) = &mut self.journal {
            journal.push((table_key.clone(), old.clone()));
        }
        if let Some(entry) = entry {
            let size = item_size(&entry.item);
            let collection = self.collections.entry(collection_key(&entry.key.partition)).or_default();
            collection
                .entries
                .entry(entry.key.sort.clone())
                .or_default()
                .insert(table_key.clone(), Stored { item: entry.item, size });
            collection.size += size;
            collection.count += 1;
            self.size_bytes += size;
            self.positions.insert(table_key.clone(), entry.key);
        }
        old
    }

    fn remove(&mut self, table_key: &PrimaryKey) -> Option<IndexEntry> {
        let index_key = self.positions.remove(table_key)?;
        let ck = collection_key(&index_key.partition);
        let collection = self.collections.get_mut(&ck)?;
        let same_sort = collection.entries.get_mut(&index_key.sort)?;
        let stored = same_sort.remove(table_key)?;
        if same_sort.is_empty() {
            collection.entries.remove(&index_key.sort);
        }
        collection.size = collection.size.saturating_sub(stored.size);
        collection.count = collection.count.saturating_sub(1);
        if collection.count == 0 {
            self.collections.remove(&ck);
        }
        self.size_bytes = self.size_bytes.saturating_sub(stored.size);
        Some(IndexEntry { key: index_key, item: stored.item })
    }

    /// Starts recording changes so they can be rolled back (a dry run).
    pub fn begin_journal(&mut self) {
        self.journal = Some(Vec::new());
    }

    /// Keeps every change since [`IndexStore::begin_journal`].
    pub fn commit(&mut self) {
        self.journal = None;
    }

    /// Undoes every change since [`IndexStore::begin_journal`].
    pub fn roll_back(&mut self) {
        let Some(journal) = self.journal.take() else { return };
        for (table_key, previous) in journal.into_iter().rev() {
            self.remove(&table_key);
            if let Some(entry) = previous {
                self.set(&table_key, Some(entry));
            }
        }
    }

    /// The collections in keyspace order, each in index sort-key order.
    pub fn collections(&self) -> impl Iterator<Item = IndexCollectionView<'_>> {
        self.collections.iter().map(|(key, collection)| IndexCollectionView {
            partition_key: &key.partition,
            hash: key.hash,
            size: collection.size,
            entries: collection
                .entries
                .iter()
                .flat_map(|(sort, same)| {
                    same.iter().map(move |(table_key, stored)| IndexEntryView {
                        sort_key: sort.as_ref(),
                        table_key,
                        item: &stored.item,
                        size: stored.size,
                    })
                })
                .collect(),
        })
    }

    /// The entries of one index collection whose sort keys fall in `range`,
    /// in (sort key, table key) order; reverse it for a backward Query.
    pub fn collection_range<'a>(
        &'a self,
        partition: &KeyValue,
        range: (Bound<Option<KeyValue>>, Bound<Option<KeyValue>>),
    ) -> impl DoubleEndedIterator<Item = IndexRef<'a>> + 'a {
        self.collections.get_key_value(&collection_key(partition)).into_iter().flat_map(move |(key, collection)| {
            collection.entries.range(range.clone()).flat_map(move |(sort, same)| {
                same.iter().map(move |(table_key, stored)| IndexRef {
                    hash: &key.hash,
                    partition: &key.partition,
                    sort,
                    table_key,
                    item: &stored.item,
                    size: stored.size,
                })
            })
        })
    }

    /// Every entry in keyspace order, starting after the entry filed under
    /// index key `start.0` for table key `start.1` (a Scan's
    /// `ExclusiveStartKey`; the entry need not exist any more).
    pub fn scan_after<'a>(
        &'a self,
        start: Option<(&PrimaryKey, &PrimaryKey)>,
    ) -> Box<dyn Iterator<Item = IndexRef<'a>> + 'a> {
        let refs = |key: &'a CollectionKey, sort: &'a Option<KeyValue>, same: &'a BTreeMap<PrimaryKey, Stored>| {
            same.iter().map(move |(table_key, stored)| IndexRef {
                hash: &key.hash,
                partition: &key.partition,
                sort,
                table_key,
                item: &stored.item,
                size: stored.size,
            })
        };
        let Some((index_key, table_key)) = start else {
            return Box::new(
                self.collections
                    .iter()
                    .flat_map(move |(key, c)| c.entries.iter().flat_map(move |(sort, same)| refs(key, sort, same))),
            );
        };
        let ck = collection_key(&index_key.partition);
        let sort = index_key.sort.clone();
        let table_key = table_key.clone();
        let head = self.collections.get_key_value(&ck).into_iter().flat_map(move |(key, c)| {
            let table_key = table_key.clone();
            let start_sort = sort.clone();
            c.entries.range((Bound::Included(sort.clone()), Bound::Unbounded)).flat_map(move |(s, same)| {
                let first = *s == start_sort;
                let table_key = table_key.clone();
                refs(key, s, same).filter(move |r| !first || *r.table_key > table_key)
            })
        });
        let rest = self
            .collections
            .range((Bound::Excluded(ck), Bound::Unbounded))
            .flat_map(move |(key, c)| c.entries.iter().flat_map(move |(sort, same)| refs(key, sort, same)));
        Box::new(head.chain(rest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::value::AttributeValue;

    fn key(p: &str, s: Option<&str>) -> PrimaryKey {
        PrimaryKey { partition: KeyValue::S(p.into()), sort: s.map(|s| KeyValue::S(s.into())) }
    }

    fn entry(p: &str, s: &str, base: &str) -> IndexEntry {
        IndexEntry {
            key: key(p, Some(s)),
            item: Item::from([
                ("status".to_string(), AttributeValue::S(p.into())),
                ("date".to_string(), AttributeValue::S(s.into())),
                ("pk".to_string(), AttributeValue::S(base.into())),
            ]),
        }
    }

    #[test]
    fn entries_share_index_keys_and_move_when_set() {
        let mut store = IndexStore::default();
        store.set(&key("ann", None), Some(entry("OPEN", "03-01", "ann")));
        store.set(&key("bob", None), Some(entry("OPEN", "03-01", "bob")));
        store.set(&key("cat", None), Some(entry("DONE", "03-04", "cat")));
        assert_eq!((store.entry_count(), store.size_bytes()), (3, 3 * (6 + 4 + 4 + 5 + 2 + 3)));
        let open: Vec<_> = store
            .collection_range(&KeyValue::S("OPEN".into()), (Bound::Unbounded, Bound::Unbounded))
            .map(|r| r.table_key.clone())
            .collect();
        assert_eq!(open, [key("ann", None), key("bob", None)]);
        // ann's entry moves to DONE; then leaves the index.
        assert!(store.set(&key("ann", None), Some(entry("DONE", "03-09", "ann"))).is_some());
        assert_eq!(
            store.collection_range(&KeyValue::S("OPEN".into()), (Bound::Unbounded, Bound::Unbounded)).count(),
            1
        );
        assert_eq!(store.get(&key("ann", None)).map(|e| e.key), Some(key("DONE", Some("03-09"))));
        store.set(&key("ann", None), None);
        assert_eq!(store.entry_count(), 2);
        assert_eq!(store.collections().map(|c| c.entries.len()).sum::<usize>(), 2);
    }

    #[test]
    fn scans_resume_after_an_entry_and_journals_roll_back() {
        let mut store = IndexStore::default();
        for (p, s, base) in [("A", "1", "x"), ("A", "1", "y"), ("A", "2", "z"), ("B", "1", "w"), ("C", "5", "v")] {
            store.set(&key(base, None), Some(entry(p, s, base)));
        }
        let all: Vec<_> = store
            .scan_after(None)
            .map(|r| (PrimaryKey { partition: r.partition.clone(), sort: r.sort.clone() }, r.table_key.clone()))
            .collect();
        assert_eq!(all.len(), 5);
        for (i, (index_key, table_key)) in all.iter().enumerate() {
            let rest: Vec<_> = store.scan_after(Some((index_key, table_key))).map(|r| r.table_key.clone()).collect();
            assert_eq!(rest, all[i + 1..].iter().map(|(_, t)| t.clone()).collect::<Vec<_>>());
        }
        let before = store.clone();
        store.begin_journal();
        store.set(&key("x", None), Some(entry("Q", "9", "x")));
        store.set(&key("new", None), Some(entry("A", "1", "new")));
        store.set(&key("w", None), None);
        store.roll_back();
        assert_eq!(store, before);
    }
}
