//! A vector index's contents: one entry per indexed item, in the table's
//! key order. A search reads the entries of one `HASH` value (or, without
//! a `HASH` attribute, all of them): it compares each entry's `HASH` value,
//! and scores only those that match.

use std::collections::BTreeMap;

use crate::engine::schema::{KeyValue, PrimaryKey};
use crate::engine::value::Item;

/// One item's entry.
#[derive(Clone, Debug, PartialEq)]
pub struct VectorEntry {
    /// The `HASH` value it is searched under (`None`: the schema has none).
    pub hash: Option<KeyValue>,
    /// The f32 copy of the item's vector.
    pub vector: Vec<f32>,
    /// The projected attributes (the vector too, when projected).
    pub item: Item,
    /// Its size as G.6 measures it: 4 bytes per dimension, the vector
    /// attribute's name and the other projected attributes
    /// (`metering::entry_bytes`). `IndexSizeBytes` sums these; a write is
    /// metered at least 1 KB.
    pub size_bytes: usize,
}

/// The entries of one vector index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VectorStore {
    entries: BTreeMap<PrimaryKey, VectorEntry>,
    size_bytes: usize,
    /// While a request may still be undone: each change's key and the
    /// entry it replaced (see `table::journal`).
    journal: Option<Vec<(PrimaryKey, Option<VectorEntry>)>>,
}

impl VectorStore {
    /// The entry of the item under `key`, if it is indexed.
    pub fn get(&self, key: &PrimaryKey) -> Option<&VectorEntry> {
        self.entries.get(key)
    }

    /// Replaces (or, with `None`, removes) the entry of the item under `key`.
    pub fn set(&mut self, key: &PrimaryKey, entry: Option<VectorEntry>) {
        let old = self.replace(key, entry);
        if let Some(journal) = &mut self.journal {
            journal.push((key.clone(), old));
        }
    }

    /// Puts `entry` (or nothing) under `key`, returning what was there.
    fn replace(&mut self, key: &PrimaryKey, entry: Option<VectorEntry>) -> Option<VectorEntry> {
        if let Some(entry) = &entry {
            self.size_bytes += entry.size_bytes;
        }
        let old = match entry {
            Some(entry) => self.entries.insert(key.clone(), entry),
            None => self.entries.remove(key),
        };
        if let Some(old) = &old {
            self.size_bytes = self.size_bytes.saturating_sub(old.size_bytes);
        }
        old
    }

    /// Starts recording changes so they can be undone.
    pub fn begin_journal(&mut self) {
        self.journal = Some(Vec::new());
    }

    /// Keeps every change since [`VectorStore::begin_journal`].
    pub fn commit(&mut self) {
        self.journal = None;
    }

    /// Undoes every change since [`VectorStore::begin_journal`].
    pub fn roll_back(&mut self) {
        let Some(journal) = self.journal.take() else { return };
        for (key, previous) in journal.into_iter().rev() {
            self.replace(&key, previous);
        }
    }

    /// The entries a search scoped to `hash` reads, in table-key order.
    pub fn group<'a>(&'a self, hash: &'a Option<KeyValue>) -> impl Iterator<Item = (&'a PrimaryKey, &'a VectorEntry)> {
        self.entries.iter().filter(move |(_, entry)| entry.hash == *hash)
    }

    /// Every entry, in table-key order.
    pub fn entries(&self) -> impl Iterator<Item = (&PrimaryKey, &VectorEntry)> {
        self.entries.iter()
    }

    /// How many items are indexed.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// `IndexSizeBytes`: the f32 vectors and the projected attributes
    /// (DG-STOR), exact at every moment.
    pub fn size_bytes(&self) -> usize {
        self.size_bytes
    }
}
