//! The catch-up: what the engine does with its clock before every request.
//!
//! The engine has no background threads: time passes only when the host
//! moves the clock (the page's simulation, a test, the endpoint's wall
//! clock). Whatever became due in between happens at the start of the next
//! request, in this order:
//!
//! 1. every table's GSI updates that are due reach their indexes, and
//!    backfills and index deletions that are over finish (`index::propagation`);
//! 2. the capacity model forgets the GSIs whose deletion finished (`sim`);
//! 3. the TTL sweeper deletes items expired longer than its delay, writing
//!    their stream records as the service (`ttl`; not during a dry run);
//! 4. stream triggers take the records due to them and run their updates,
//!    each admitted as its own write (`triggers`; not during a dry run);
//! 5. stream records past their 24-hour retention are trimmed (`streams`).
//!
//! Token buckets are not refilled here: they refill lazily, from the elapsed
//! time, when a request next draws on them (`throughput`).

use super::Engine;

impl Engine {
    /// Brings the engine up to its clock (see the module docs). Runs at the
    /// start of every request, and after the clock moves.
    pub(crate) fn catch_up(&mut self) {
        let now = self.apply_due_time();
        self.sweep_expired(now);
        self.run_stream_triggers(now);
        self.trim_streams(now);
    }

    /// The catch-up of a dry run (`dry_run`): what the clock made due is
    /// applied, but the TTL sweeper and the stream triggers wait for a real
    /// request, since their deletions and updates are writes of their own.
    pub(crate) fn catch_up_for_dry_run(&mut self) {
        let now = self.apply_due_time();
        self.trim_streams(now);
    }

    /// Steps 1 and 2 of the catch-up; answers the time caught up to.
    fn apply_due_time(&mut self) -> u64 {
        let now = self.clock.now_millis();
        let mut deleted = Vec::new();
        for t in self.tables.values_mut() {
            deleted.extend(t.advance_to(now).into_iter().map(|index| (t.definition.name.clone(), index)));
        }
        for (table, index) in deleted {
            self.forget_index_capacity(&table, &index);
        }
        now
    }
}
