//! A vector index's contents: one entry per indexed item, grouped by the
//! `HASH` value a search is scoped to, each group in the table's key order.
//! A search reads one group (or, without a `HASH` attribute, the only one),
//! so a per-tenant search never looks at another tenant's vectors.

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
    groups: BTreeMap<Option<KeyValue>, BTreeMap<PrimaryKey, VectorEntry>>,
    /// Where each table key's entry is, to remove it.
    hashes: BTreeMap<PrimaryKey, Option<KeyValue>>,
    size_bytes: usize,
    /// While a request may still be undone: each change's key and the
    /// entry it replaced (see `table::journal`).
    journal: Option<Vec<(PrimaryKey, Option<VectorEntry>)>>,
}

impl VectorStore {
    /// The entry of the item under `key`, if it is indexed.
    pub fn get(&self, key: &PrimaryKey) -> Option<&VectorEntry> {
        let hash = self.hashes.get(key)?;
        self.groups.get(hash)?.get(key)
    }

    /// Replaces (or, with `None`, removes) the entry of the item under `key`.
    pub fn set(&mut self, key: &PrimaryKey, entry: Option<VectorEntry>) {
        let old = self.take(key);
        if let Some(journal) = &mut self.journal {
            journal.push((key.clone(), old));
        }
        self.put(key, entry);
    }

    /// Removes the entry under `key`, returning it.
    fn take(&mut self, key: &PrimaryKey) -> Option<VectorEntry> {
        let hash = self.hashes.remove(key)?;
        let group = self.groups.get_mut(&hash)?;
        let old = group.remove(key);
        if group.is_empty() {
            self.groups.remove(&hash);
        }
        if let Some(old) = &old {
            self.size_bytes = self.size_bytes.saturating_sub(old.size_bytes);
        }
        old
    }

    /// Stores `entry` under `key`, where there is none.
    fn put(&mut self, key: &PrimaryKey, entry: Option<VectorEntry>) {
        if let Some(entry) = entry {
            self.size_bytes += entry.size_bytes;
            self.hashes.insert(key.clone(), entry.hash.clone());
            self.groups.entry(entry.hash.clone()).or_default().insert(key.clone(), entry);
        }
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
            self.take(&key);
            self.put(&key, previous);
        }
    }

    /// The entries a search scoped to `hash` reads, in table-key order.
    pub fn group(&self, hash: &Option<KeyValue>) -> impl Iterator<Item = (&PrimaryKey, &VectorEntry)> {
        self.groups.get(hash).into_iter().flatten()
    }

    /// How many items are indexed.
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }

    /// `IndexSizeBytes`: the f32 vectors and the projected attributes
    /// (DG-STOR), exact at every moment.
    pub fn size_bytes(&self) -> usize {
        self.size_bytes
    }
}
