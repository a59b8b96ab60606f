//! The propagation queue that makes global secondary indexes eventually
//! consistent, and the clock-driven index lifecycle.
//!
//! A base-table write does not touch its GSIs. It appends, for each GSI whose
//! entry changes, a [`PendingIndexUpdate`]: "at time `due`, the entry of item
//! K in index I becomes E (or goes away)". At the start of every request
//! the engine catches up with its clock (`catch_up`) and applies every
//! update that is due, in the order written:
//!
//! ```text
//!   t=0    PutItem o1 {status: OPEN}   table: o1 OPEN     queue: [byStatus ← o1 OPEN @250]
//!   t=100  Query byStatus = OPEN       → nothing yet: the GSI has not seen o1
//!   t=300  Query byStatus = OPEN       → queue applied first: o1
//! ```
//!
//! The delay is [`crate::engine::settings::EngineSettings::gsi_propagation_delay_millis`]
//! (default 250 ms). Due times never decrease along the queue, so changing the
//! delay cannot reorder two writes to the same item.
//!
//! The same catch-up moves index lifecycles along: a GSI added by UpdateTable is
//! `CREATING` (backfilling) until its backfill time is up, then `ACTIVE`; a
//! dropped GSI is `DELETING` for a moment, then gone; a throughput change
//! shows `UPDATING` in its own response and `ACTIVE` after.

use std::collections::VecDeque;

use super::{IndexEntry, IndexStatus};
use crate::engine::schema::PrimaryKey;
use crate::engine::table::Table;
use crate::engine::value::Item;
use crate::engine::Engine;

/// One change on its way to a GSI.
#[derive(Clone, Debug, PartialEq)]
pub struct PendingIndexUpdate {
    pub index_name: String,
    /// The primary key of the base item whose entry changes.
    pub table_key: PrimaryKey,
    /// The entry the item will have in the index; `None`: it leaves it.
    pub entry: Option<IndexEntry>,
    /// When the base-table write happened (engine milliseconds).
    pub written_millis: u64,
    /// When the change reaches the index.
    pub due_millis: u64,
}

/// A pending GSI update as the UI shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct PendingIndexUpdateView {
    pub index_name: String,
    /// The base item's primary key attributes.
    pub table_key: Item,
    /// The entry the item will have in the index (projected attributes);
    /// `None` when it is leaving the index.
    pub entry: Option<Item>,
    pub written_millis: u64,
    pub due_millis: u64,
    /// Milliseconds of engine time until it is applied (0 when it will be
    /// applied by the next request).
    pub remaining_millis: u64,
}

impl Table {
    /// Applies every queued GSI update due at `now`, then moves index
    /// lifecycles along (see the module docs). Returns the GSIs whose
    /// deletion finished.
    pub(crate) fn advance_to(&mut self, now: u64) -> Vec<String> {
        self.propagate(|update| update.due_millis <= now);
        let mut finished_deleting = Vec::new();
        for index in &mut self.definition.indexes {
            let Some(until) = index.status_until_millis else { continue };
            if until > now {
                continue;
            }
            match index.status {
                IndexStatus::Deleting => finished_deleting.push(index.name.clone()),
                _ => {
                    index.status = IndexStatus::Active;
                    index.backfilling = false;
                    index.status_until_millis = None;
                    index.status_since_millis = None;
                }
            }
        }
        for name in &finished_deleting {
            self.detach_index(name);
        }
        self.advance_vector_indexes(now);
        finished_deleting
    }

    fn propagate(&mut self, due: impl Fn(&PendingIndexUpdate) -> bool) {
        while self.pending.front().is_some_and(&due) {
            let Some(update) = self.pending.pop_front() else { break };
            if let Some(store) = self.index_stores.get_mut(&update.index_name) {
                store.set(&update.table_key, update.entry);
            }
        }
        if self.pending.is_empty() {
            // Let a drained queue give its memory back.
            self.pending = VecDeque::new();
        }
    }

    /// The GSI updates written but not yet applied, oldest first, with the
    /// engine time left until each is applied at `now`.
    pub fn pending_index_updates(&self, now: u64) -> Vec<PendingIndexUpdateView> {
        let schema = &self.definition.key_schema;
        self.pending
            .iter()
            .map(|p| PendingIndexUpdateView {
                index_name: p.index_name.clone(),
                table_key: schema.key_item(&p.table_key),
                entry: p.entry.as_ref().map(|e| e.item.clone()),
                written_millis: p.written_millis,
                due_millis: p.due_millis,
                remaining_millis: p.due_millis.saturating_sub(now),
            })
            .collect()
    }
}

impl Engine {
    /// The GSI updates of table `table` still on their way, oldest first,
    /// each with the engine time left until it reaches its index: the items
    /// the UI shows as "pending" next to a GSI's contents. Empty for an
    /// unknown table. Call it after moving the clock to see what a request
    /// made now would find (updates already due count as applied by then:
    /// their `remaining_millis` is 0).
    pub fn pending_index_updates(&self, table: &str) -> Vec<PendingIndexUpdateView> {
        let now = self.clock.now_millis();
        self.tables.get(table).map(|t| t.pending_index_updates(now)).unwrap_or_default()
    }
}
