//! Contributor Insights: which partition keys take a table's traffic, second
//! by second, so that any window of time can name its top keys.
//!
//! CloudWatch Contributor Insights for DynamoDB lists the most accessed and
//! the most throttled keys of a table over a chosen period. The engine keeps
//! the same kind of record per table and per GSI (one [`Contributors`] in
//! each `ThroughputState`): every request that names a key, and every
//! request of a workload, counts one access for its key (and one throttle if
//! it was refused) in the *open* second, the engine second now under way.
//! When the clock moves on, the open second is closed: its busiest
//! [`KEYS_PER_SECOND`] keys are kept, the rest are dropped.
//!
//! ```text
//!   second   10           11           12 (open)
//!            vote 1,500   vote 1,500   vote 700
//!            a       1    b       2
//!   top(10, 13) → vote 3,700 · b 2 · a 1        top(11, 12) → vote 1,500 · b 2
//! ```
//!
//! A window's top keys ([`Contributors::top`]) add up the seconds in it, the
//! open one included (so a request made a moment ago already counts).
//! Closed seconds are kept as long as the per-partition samples,
//! [`METRICS_RETENTION_SECONDS`].
//!
//! Simplification (ours): keeping only each second's busiest keys bounds the
//! memory of a long, wide workload (a uniform stream over a million keys),
//! at the price that a key which was never among a second's busiest is
//! missing from the windows. Any key that matters for throttling, one that
//! takes a noticeable share of a partition, is kept exactly. Contributor
//! Insights itself approximates too.
//!
//! The same records tell split for heat where to cut a hot partition
//! ([`Contributors::in_range`], `throughput`): the keys that hit it during
//! its hot streak, with their keyspace positions.

use std::collections::{BTreeMap, VecDeque};

use super::throughput::METRICS_RETENTION_SECONDS;
use crate::engine::ordered;

/// How many keys each closed second keeps: its busiest.
pub const KEYS_PER_SECOND: usize = 25;

/// One key's traffic in one second (or a window).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyCount {
    /// The partition key as top-key lists spell it.
    pub key: String,
    /// Where the key falls on the keyspace (`partition::key_position`).
    pub position: u64,
    pub accesses: u64,
    pub throttles: u64,
}

/// Busiest first: most accesses, then most throttles, then by key.
fn busiest_first(a: &KeyCount, b: &KeyCount) -> std::cmp::Ordering {
    b.accesses.cmp(&a.accesses).then(b.throttles.cmp(&a.throttles)).then(a.key.cmp(&b.key))
}

/// The per-key record of one table or GSI.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Contributors {
    /// The engine second being counted.
    open_second: u64,
    /// Its keys so far, by name.
    open: BTreeMap<String, KeyCount>,
    /// Closed seconds that had traffic, oldest first, each with its busiest
    /// keys (busiest first).
    closed: VecDeque<(u64, Vec<KeyCount>)>,
}

impl Contributors {
    /// An empty record whose open second is `now`.
    pub fn new(now: u64) -> Self {
        Self { open_second: now, ..Self::default() }
    }

    /// Adds traffic to the open second: `accesses` requests for `key`, of
    /// which `throttles` were refused.
    pub fn count(&mut self, key: &str, position: u64, accesses: u64, throttles: u64) {
        let slot = self.open.entry(key.to_string()).or_insert_with(|| KeyCount {
            key: key.to_string(),
            position,
            accesses: 0,
            throttles: 0,
        });
        slot.accesses = slot.accesses.saturating_add(accesses);
        slot.throttles = slot.throttles.saturating_add(throttles);
    }

    /// Moves to engine second `now`: the open second is closed (keeping its
    /// busiest keys) and seconds past retention are dropped. Earlier seconds
    /// are ignored, as `ThroughputState::roll` does.
    pub fn roll(&mut self, now: u64) {
        if now <= self.open_second {
            return;
        }
        if !self.open.is_empty() {
            let mut keys: Vec<KeyCount> = std::mem::take(&mut self.open).into_values().collect();
            ordered::sort_by(&mut keys, busiest_first);
            keys.truncate(KEYS_PER_SECOND);
            self.closed.push_back((self.open_second, keys));
        }
        self.open_second = now;
        while self.closed.front().is_some_and(|(second, _)| second.saturating_add(METRICS_RETENTION_SECONDS) < now) {
            self.closed.pop_front();
        }
    }

    /// The seconds of `from..to` (closed and open), each with its keys.
    fn seconds(&self, from: u64, to: u64) -> impl Iterator<Item = &KeyCount> {
        let open = (from <= self.open_second && self.open_second < to).then_some(&self.open);
        self.closed
            .iter()
            .filter(move |(second, _)| from <= *second && *second < to)
            .flat_map(|(_, keys)| keys.iter())
            .chain(open.into_iter().flat_map(|keys| keys.values()))
    }

    /// The `n` busiest keys of engine seconds `from..to`, summed over the
    /// seconds, busiest first.
    pub fn top(&self, from: u64, to: u64, n: usize) -> Vec<KeyCount> {
        let mut sums: BTreeMap<&str, KeyCount> = BTreeMap::new();
        for k in self.seconds(from, to) {
            let slot = sums.entry(&k.key).or_insert_with(|| KeyCount { accesses: 0, throttles: 0, ..k.clone() });
            slot.accesses = slot.accesses.saturating_add(k.accesses);
            slot.throttles = slot.throttles.saturating_add(k.throttles);
        }
        let mut keys: Vec<KeyCount> = sums.into_values().collect();
        ordered::sort_by(&mut keys, busiest_first);
        keys.truncate(n);
        keys
    }

    /// `(position, accesses)` of the keys of seconds `from..to` that fall in
    /// keyspace positions `start..=end`, summed per key, in keyspace order.
    pub fn in_range(&self, from: u64, to: u64, start: u64, end: u64) -> Vec<(u64, u64)> {
        let mut sums: BTreeMap<u64, u64> = BTreeMap::new();
        for k in self.seconds(from, to).filter(|k| start <= k.position && k.position <= end) {
            let slot = sums.entry(k.position).or_default();
            *slot = slot.saturating_add(k.accesses);
        }
        sums.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(keys: &[KeyCount]) -> Vec<(&str, u64, u64)> {
        keys.iter().map(|k| (k.key.as_str(), k.accesses, k.throttles)).collect()
    }

    #[test]
    fn windows_add_up_their_seconds() {
        // The module's example.
        let mut c = Contributors::new(10);
        c.count("vote", 7, 1_500, 500);
        c.count("a", 3, 1, 0);
        c.roll(11);
        c.count("vote", 7, 1_500, 500);
        c.count("b", 5, 2, 0);
        c.roll(12);
        c.count("vote", 7, 700, 0);
        assert_eq!(names(&c.top(10, 13, 10)), [("vote", 3_700, 1_000), ("b", 2, 0), ("a", 1, 0)]);
        assert_eq!(names(&c.top(11, 12, 10)), [("vote", 1_500, 500), ("b", 2, 0)]);
        assert_eq!(names(&c.top(12, 13, 10)), [("vote", 700, 0)], "the open second counts");
        assert!(c.top(13, 100, 10).is_empty());
        assert_eq!(names(&c.top(0, 100, 1)), [("vote", 3_700, 1_000)]);
        // Keys 3 and 5 are in 0..=5; 7 is not.
        assert_eq!(c.in_range(10, 13, 0, 5), [(3, 1), (5, 2)]);
    }

    #[test]
    fn a_closed_second_keeps_its_busiest_keys_for_an_hour() {
        let mut c = Contributors::new(0);
        for k in 0..(KEYS_PER_SECOND as u64 + 5) {
            c.count(&format!("k{k:02}"), k, k + 1, 0);
        }
        c.roll(1);
        let kept = c.top(0, 1, 100);
        assert_eq!(kept.len(), KEYS_PER_SECOND);
        // The five quietest (k00..k04, 1 to 5 accesses) are dropped.
        assert_eq!(kept.last().map(|k| k.key.as_str()), Some("k05"));
        c.roll(METRICS_RETENTION_SECONDS);
        assert_eq!(c.top(0, 1, 100).len(), KEYS_PER_SECOND, "second 0 is an hour old: still kept");
        c.roll(METRICS_RETENTION_SECONDS + 1);
        assert!(c.top(0, 1, 100).is_empty());
        // Time never runs backwards.
        c.roll(5);
        c.count("late", 1, 1, 0);
        assert_eq!(names(&c.top(METRICS_RETENTION_SECONDS + 1, u64::MAX, 5)), [("late", 1, 0)]);
    }
}
