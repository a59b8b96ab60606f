//! The table's write journal: how a request's writes are undone.
//!
//! A dry run (the console's live cost) and a request refused by admission
//! (a throttle) must leave the table exactly as it was, yet both run the
//! real write path. So before such a request the service opens a journal on
//! every table; each part of a table keeps its own undo record:
//!
//! ```text
//!   storage        the packed items written, with what they replaced
//!   index stores   LSI entries and applied GSI entries, likewise
//!   vector stores  vector index entries, likewise
//!   pending        the GSI queue's length before the request
//!   stream         the stream's position before the request
//!   TTL expiries   recounted from the items as they are restored
//! ```
//!
//! `commit_journal` drops the undo records; `roll_back` replays them
//! backwards. Journals do not nest: one request at a time.

use super::Table;
use crate::engine::index::IndexStore;
use crate::engine::vector::VectorStore;

impl Table {
    /// Starts recording item and index changes so a dry run can undo them.
    pub(crate) fn begin_journal(&mut self) {
        self.storage.begin_journal();
        self.index_stores.values_mut().for_each(IndexStore::begin_journal);
        self.vector_stores.values_mut().for_each(VectorStore::begin_journal);
        self.pending_mark = Some(self.pending.len());
        self.stream_mark = Some(self.stream_mark());
    }

    /// Keeps every item and index change since [`Table::begin_journal`].
    pub(crate) fn commit_journal(&mut self) {
        self.storage.commit();
        self.index_stores.values_mut().for_each(IndexStore::commit);
        self.vector_stores.values_mut().for_each(VectorStore::commit);
        self.pending_mark = None;
        self.stream_mark = None;
    }

    /// Undoes every item and index change since [`Table::begin_journal`].
    /// The TTL expiry counts follow the items back: an item written and
    /// rolled back (a dry run, a throttled write) counts as it did before,
    /// so the sweeper still finds it.
    pub(crate) fn roll_back(&mut self) {
        if self.ttl_attribute.is_some() {
            let mut moves = Vec::new();
            self.storage.roll_back(Some(&mut |written, restored| moves.push((written, restored))));
            for (written, restored) in moves {
                let (from, to) = (self.ttl_expiry_of(written.as_ref()), self.ttl_expiry_of(restored.as_ref()));
                self.note_expiry(from, to);
            }
        } else {
            self.storage.roll_back(None);
        }
        self.index_stores.values_mut().for_each(IndexStore::roll_back);
        self.vector_stores.values_mut().for_each(VectorStore::roll_back);
        if let Some(mark) = self.pending_mark.take() {
            self.pending.truncate(mark);
        }
        if let Some(mark) = self.stream_mark.take() {
            self.roll_back_stream(mark);
        }
    }
}
