//! Throughput: token buckets per partition, burst and adaptive capacity, the
//! per-partition hard limit, on-demand peaks, and the per-second metrics.
//!
//! Time runs in whole seconds of engine time ([`crate::engine::clock`]): a
//! bucket is refilled at the start of each second, and every limit below is
//! a per-second one. The rules and their sources (semantics C):
//!
//! * **Buckets**: each partition has a read and a write bucket, refilled at
//!   its share of the table's provisioned RCU/WCU
//!   ([`crate::engine::partition`]). A request takes its units from the
//!   bucket of the partition it touches.
//! * **Burst capacity** (DG:bp-partition-key-design "Using burst capacity
//!   effectively"): a bucket holds up to **300 s** of its share, and starts
//!   full. So a 10 WCU table written at 20 WCU/s drains 10 units a second and
//!   first throttles in second 300 (index 299); at 10 WCU/s it never does.
//! * **Hard limit**: a partition never serves more than **3,000 RCU or
//!   1,000 WCU in one second**, burst or not (DG:bp-partition-key-design;
//!   our reading where `docs/lessons.md` says "once burst is spent": the physical
//!   limit comes first, so a single key at 1,500 WCU/s throttles from its
//!   first second, whatever the table's total).
//! * **Adaptive capacity** (always on): a partition whose bucket is empty
//!   may still serve a request while the *table* has unused provisioned
//!   capacity in this second (what all partitions used, plus the rest of
//!   this partition's own share, below the table's RCU/WCU), up to the hard
//!   limit. A table of one partition has nothing to lend. DG's example: 400 WCU over 4 partitions,
//!   one partition sustains 150 WCU/s. (Simplification: the lent units are
//!   not taken from the other partitions' buckets.)
//! * **On demand** (DG:HowItWorks.ReadWriteCapacityMode): no buckets; a
//!   table serves up to **2× its previous peak** per second, the previous
//!   peak being at least 12,000 RRU / 4,000 WRU. A new peak counts as
//!   "previous" once it is **30 minutes** old, so doubling traffic faster
//!   than that throttles. The hard per-partition limit still applies.
//! * **GSI back-pressure** (DG:GSI "Provisioned throughput considerations"):
//!   each GSI has its own partitions and buckets; a base-table write that
//!   changes a GSI is admitted only if the table *and* every such GSI have
//!   the capacity (see `Engine::admit`).
//! * **Debt** (our rule): a request is admitted while its partition still
//!   has something to give (a positive bucket, spare table capacity, a
//!   second not yet at the hard limit) and then takes all its units, even
//!   into debt: a single 400 KB write (400 WCU) on a 1 WCU table succeeds,
//!   as it does on DynamoDB, and the partition throttles until the refill
//!   has paid the debt back. With requests of one unit the limits above are
//!   exact.
//! * **Split for heat** (DG:bp-partition-key-design; Elhemali et al. 2022
//!   "split for consumption"): a partition whose hard limit has refused
//!   requests for [`crate::engine::EngineSettings::heat_split_seconds`]
//!   seconds in a row splits in two at the point that halves its traffic
//!   (the traffic-weighted median key), so two warm keys that together pass
//!   1,000 WCU/s end up in partitions of their own. One key alone can never
//!   be split off further: past 1,000 WCU/s it needs write sharding. The
//!   keys and their traffic come from the per-second key record
//!   ([`crate::engine::contributors`]), which real requests and workloads
//!   both feed, so sustained real traffic splits a partition just as a
//!   workload does ([`ThroughputState::split_hot_partitions`], called
//!   whenever the state is brought up to the clock). Not modelled: the LSI
//!   and Streams exceptions.
//! * A throttled request consumes nothing and is counted as throttled.
//!
//! **Metrics**: every second with traffic leaves one [`PartitionSample`] per
//! partition (consumed units, throttled requests, bucket levels, bytes);
//! samples older than [`METRICS_RETENTION_SECONDS`] are dropped.

use std::collections::VecDeque;

use super::contributors::Contributors;
use super::partition::{PartitionLayout, PARTITION_MAX_RCU, PARTITION_MAX_WCU};
use super::throttling::ThrottleCounts;

/// Seconds of unused capacity a bucket keeps (burst capacity).
pub const BURST_SECONDS: f64 = 300.0;
/// How long a new on-demand peak takes to count as the previous peak.
pub const ON_DEMAND_PEAK_SECONDS: u64 = 30 * 60;
/// The previous peak of a new on-demand table (semantics C).
pub const ON_DEMAND_INITIAL_READ_PEAK: f64 = 12_000.0;
/// See [`ON_DEMAND_INITIAL_READ_PEAK`].
pub const ON_DEMAND_INITIAL_WRITE_PEAK: f64 = 4_000.0;
/// How many seconds of per-partition samples are kept.
pub const METRICS_RETENTION_SECONDS: u64 = 3_600;
/// The default per-table account quota of an on-demand table or GSI, in
/// request units per second, for reads and for writes (semantics C).
pub const TABLE_QUOTA_UNITS: f64 = 40_000.0;

/// Reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
}

/// Why a request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Throttle {
    /// A provisioned partition had no tokens and the table no spare capacity.
    Provisioned,
    /// The partition's hard per-second limit.
    HardLimit,
    /// An on-demand table above twice its previous peak.
    OnDemand,
    /// An on-demand table or GSI at the per-table account quota.
    AccountLimit,
    /// An on-demand table or GSI at its `OnDemandThroughput` maximum.
    MaxOnDemand,
}

/// One partition in one second of engine time.
#[derive(Clone, Debug, PartialEq)]
pub struct PartitionSample {
    /// Engine time, whole seconds since the epoch.
    pub second: u64,
    pub partition: usize,
    pub consumed_read: f64,
    pub consumed_write: f64,
    pub throttled_reads: u64,
    pub throttled_writes: u64,
    /// Tokens left in the buckets at the end of the second (burst level).
    pub read_tokens: f64,
    pub write_tokens: f64,
    /// Bytes stored in the partition.
    pub bytes: u64,
    /// The throttled requests by access and the limit that refused them.
    pub throttles: ThrottleCounts,
}

/// What an on-demand table or GSI may serve per second at most, whatever
/// its previous peak: reads, then writes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnDemandCeilings {
    /// `OnDemandThroughput`'s `MaxReadRequestUnits` and
    /// `MaxWriteRequestUnits`, when set.
    pub maximum: (Option<f64>, Option<f64>),
    /// The per-table account quota.
    pub quota: (f64, f64),
}

impl Default for OnDemandCeilings {
    fn default() -> Self {
        Self { maximum: (None, None), quota: (TABLE_QUOTA_UNITS, TABLE_QUOTA_UNITS) }
    }
}

impl OnDemandCeilings {
    fn for_access(&self, access: Access) -> (Option<f64>, f64) {
        match access {
            Access::Read => (self.maximum.0, self.quota.0),
            Access::Write => (self.maximum.1, self.quota.1),
        }
    }
}

/// One partition's buckets and this second's counters.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PartitionState {
    pub read_tokens: f64,
    pub write_tokens: f64,
    used_read: f64,
    used_write: f64,
    throttled_reads: u64,
    throttled_writes: u64,
    /// This second's refusals by access and limit.
    throttles: ThrottleCounts,
    /// Requests refused this second by the hard per-partition limit.
    hard_throttled: u64,
    /// Consecutive seconds (up to the last closed one) in which the hard
    /// limit refused requests: what split for heat waits for.
    pub hot_streak: u32,
    /// Bytes stored, as last synchronised with the storage.
    pub bytes: u64,
}

/// The capacity state of one table or GSI.
#[derive(Clone, Debug, PartialEq)]
pub struct ThroughputState {
    pub layout: PartitionLayout,
    pub on_demand: bool,
    pub parts: Vec<PartitionState>,
    /// The second the counters belong to.
    second: u64,
    table_used_read: f64,
    table_used_write: f64,
    /// On demand: the previous peak (matured), and recent seconds' totals.
    peak_read: f64,
    peak_write: f64,
    recent: VecDeque<(u64, f64, f64)>,
    /// On demand: the ceilings on the table's (or GSI's) request units per
    /// second, reads and writes: its `OnDemandThroughput` maximum, if set,
    /// and the per-table account quota.
    pub ceilings: OnDemandCeilings,
    /// Closed seconds, oldest first.
    pub samples: VecDeque<PartitionSample>,
    /// Accesses and throttles per key, per second (top keys, split for heat).
    pub keys: Contributors,
}

impl ThroughputState {
    /// Fresh state: full buckets, at engine second `now`.
    pub fn new(layout: PartitionLayout, on_demand: bool, now: u64) -> Self {
        let mut state = Self {
            parts: Vec::new(),
            layout,
            on_demand,
            second: now,
            table_used_read: 0.0,
            table_used_write: 0.0,
            peak_read: ON_DEMAND_INITIAL_READ_PEAK,
            peak_write: ON_DEMAND_INITIAL_WRITE_PEAK,
            recent: VecDeque::new(),
            ceilings: OnDemandCeilings::default(),
            samples: VecDeque::new(),
            keys: Contributors::new(now),
        };
        state.reshape();
        state
    }

    /// Bucket capacity of partition `i`.
    fn caps(&self, i: usize) -> (f64, f64) {
        let (r, w) = self.shares(i);
        (r * BURST_SECONDS, w * BURST_SECONDS)
    }

    /// Partition `i`'s RCU and WCU shares (0 for a partition that is not there).
    fn shares(&self, i: usize) -> (f64, f64) {
        self.layout.partitions.get(i).map_or((0.0, 0.0), |p| (p.rcu_share, p.wcu_share))
    }

    /// After the layout changed: one state per partition, buckets full for
    /// new partitions and capped for old ones.
    pub fn reshape(&mut self) {
        let caps: Vec<(f64, f64)> = (0..self.layout.len()).map(|i| self.caps(i)).collect();
        if self.parts.len() != caps.len() {
            self.parts = caps
                .iter()
                .map(|&(r, w)| PartitionState { read_tokens: r, write_tokens: w, ..PartitionState::default() })
                .collect();
        }
        for (part, &(r, w)) in self.parts.iter_mut().zip(&caps) {
            part.read_tokens = part.read_tokens.min(r);
            part.write_tokens = part.write_tokens.min(w);
        }
    }

    /// After the layout changed from `old` (doubled, split): each new
    /// partition inherits the bucket levels and this second's use of the old
    /// partition it came from, divided among that partition's children in
    /// proportion to their shares (halves, for a split in two), so a split
    /// never hands out fresh burst capacity. Then every bucket is capped at
    /// its (new) 300 s.
    pub fn remap(&mut self, old: &PartitionLayout) {
        if old.partitions == self.layout.partitions && self.parts.len() == self.layout.len() {
            self.reshape();
            return;
        }
        let old_parts = std::mem::take(&mut self.parts);
        let parents: Vec<usize> = self.layout.partitions.iter().map(|p| old.locate(p.start)).collect();
        let mut sums = vec![(0.0f64, 0.0f64, 0usize); old.len()];
        for (p, &i) in self.layout.partitions.iter().zip(&parents) {
            if let Some(sum) = sums.get_mut(i) {
                sum.0 += p.rcu_share;
                sum.1 += p.wcu_share;
                sum.2 += 1;
            }
        }
        let fraction = |share: f64, sum: f64, n: usize| if sum > 0.0 { share / sum } else { 1.0 / n.max(1) as f64 };
        self.parts = self
            .layout
            .partitions
            .iter()
            .zip(&parents)
            .map(|(p, &i)| {
                let (Some(parent), Some(state), Some(&(sum_r, sum_w, n))) =
                    (old.partitions.get(i), old_parts.get(i), sums.get(i))
                else {
                    return PartitionState::default();
                };
                let (fr, fw) = (fraction(p.rcu_share, sum_r, n), fraction(p.wcu_share, sum_w, n));
                let first = p.start == parent.start;
                PartitionState {
                    read_tokens: state.read_tokens * fr,
                    write_tokens: state.write_tokens * fw,
                    used_read: state.used_read * fr,
                    used_write: state.used_write * fw,
                    throttled_reads: if first { state.throttled_reads } else { 0 },
                    throttled_writes: if first { state.throttled_writes } else { 0 },
                    throttles: if first { state.throttles } else { ThrottleCounts::default() },
                    hard_throttled: 0,
                    hot_streak: 0,
                    bytes: 0,
                }
            })
            .collect();
        self.reshape();
    }

    /// Lifts the on-demand previous peak to at least `(read, write)`: what
    /// a warm throughput raised by request does.
    pub fn raise_peak(&mut self, read: f64, write: f64) {
        self.peak_read = self.peak_read.max(read);
        self.peak_write = self.peak_write.max(write);
    }

    /// The on-demand previous peak (read, write) as it stands.
    pub fn previous_peak(&self) -> (f64, f64) {
        (self.peak_read, self.peak_write)
    }

    /// Moves the counters to engine second `now`: closes the current second
    /// (recording its samples) and refills the buckets for the seconds gone
    /// by. Earlier seconds are ignored.
    pub fn roll(&mut self, now: u64) {
        if now <= self.second {
            return;
        }
        self.keys.roll(now);
        let had_traffic = self.table_used_read > 0.0
            || self.table_used_write > 0.0
            || self.parts.iter().any(|p| p.throttled_reads + p.throttled_writes > 0);
        if had_traffic {
            for (i, p) in self.parts.iter().enumerate() {
                self.samples.push_back(PartitionSample {
                    second: self.second,
                    partition: i,
                    consumed_read: p.used_read,
                    consumed_write: p.used_write,
                    throttled_reads: p.throttled_reads,
                    throttled_writes: p.throttled_writes,
                    read_tokens: p.read_tokens,
                    write_tokens: p.write_tokens,
                    bytes: p.bytes,
                    throttles: p.throttles,
                });
            }
            if self.on_demand {
                self.recent.push_back((self.second, self.table_used_read, self.table_used_write));
            }
        }
        while self.samples.front().is_some_and(|s| s.second + METRICS_RETENTION_SECONDS < now) {
            self.samples.pop_front();
        }
        while let Some(&(second, r, w)) = self.recent.front() {
            if second + ON_DEMAND_PEAK_SECONDS > now {
                break;
            }
            self.peak_read = self.peak_read.max(r);
            self.peak_write = self.peak_write.max(w);
            self.recent.pop_front();
        }
        let elapsed = (now - self.second) as f64;
        let limits: Vec<((f64, f64), (f64, f64))> =
            (0..self.parts.len()).map(|i| (self.caps(i), self.shares(i))).collect();
        for (p, ((cap_r, cap_w), (rcu, wcu))) in self.parts.iter_mut().zip(limits) {
            let (add_r, add_w) = (rcu * elapsed, wcu * elapsed);
            p.read_tokens = (p.read_tokens + add_r).min(cap_r);
            p.write_tokens = (p.write_tokens + add_w).min(cap_w);
            p.used_read = 0.0;
            p.used_write = 0.0;
            p.throttled_reads = 0;
            p.throttled_writes = 0;
            p.throttles = ThrottleCounts::default();
            // A gap of idle seconds breaks the streak.
            p.hot_streak = if p.hard_throttled > 0 && elapsed == 1.0 { p.hot_streak.saturating_add(1) } else { 0 };
            p.hard_throttled = 0;
        }
        self.table_used_read = 0.0;
        self.table_used_write = 0.0;
        self.second = now;
    }

    /// Whether partition `i` could take `units` of `access` now (the size
    /// does not matter: an admitted request may go into debt), and from
    /// where: `Ok(true)` from its bucket, `Ok(false)` from the table's spare
    /// capacity (adaptive) or on-demand headroom.
    pub fn check(&self, i: usize, access: Access, _units: f64) -> Result<bool, Throttle> {
        let Some(p) = self.parts.get(i) else { return Err(Throttle::HardLimit) };
        let share = match access {
            Access::Read => self.shares(i).0,
            Access::Write => self.shares(i).1,
        };
        let (used, hard, tokens, table_used, table_rate, peak) = match access {
            Access::Read => {
                (p.used_read, PARTITION_MAX_RCU, p.read_tokens, self.table_used_read, self.layout.rcu, self.peak_read)
            }
            Access::Write => (
                p.used_write,
                PARTITION_MAX_WCU,
                p.write_tokens,
                self.table_used_write,
                self.layout.wcu,
                self.peak_write,
            ),
        };
        if used >= hard {
            return Err(Throttle::HardLimit);
        }
        if self.on_demand {
            let (maximum, quota) = self.ceilings.for_access(access);
            return if maximum.is_some_and(|m| table_used >= m) {
                Err(Throttle::MaxOnDemand)
            } else if table_used >= quota {
                Err(Throttle::AccountLimit)
            } else if table_used >= 2.0 * peak {
                Err(Throttle::OnDemand)
            } else {
                Ok(false)
            };
        }
        if tokens > 0.0 {
            Ok(true)
        } else if table_used + (share - used).max(0.0) < table_rate {
            // Adaptive: what the table has not used this second, counting
            // this partition's own share as spent (its bucket is empty).
            Ok(false)
        } else {
            Err(Throttle::Provisioned)
        }
    }

    /// Takes `units` of `access` on partition `i` (after [`Self::check`]
    /// said yes; `from_bucket` is what it answered).
    pub fn consume(&mut self, i: usize, access: Access, units: f64, from_bucket: bool) {
        let Some(p) = self.parts.get_mut(i) else { return };
        match access {
            Access::Read => {
                p.used_read += units;
                if from_bucket {
                    p.read_tokens -= units;
                }
                self.table_used_read += units;
            }
            Access::Write => {
                p.used_write += units;
                if from_bucket {
                    p.write_tokens -= units;
                }
                self.table_used_write += units;
            }
        }
    }

    /// Counts a request on partition `i` refused for `why` (a refusal by
    /// the hard limit also counts towards split for heat).
    pub fn count_throttle(&mut self, i: usize, access: Access, why: Throttle) {
        if let Some(p) = self.parts.get_mut(i) {
            match access {
                Access::Read => p.throttled_reads += 1,
                Access::Write => p.throttled_writes += 1,
            }
            p.throttles.add(access, why.limit_type(), 1);
            if why == Throttle::HardLimit {
                p.hard_throttled += 1;
            }
        }
    }

    /// Split for heat, due at the current second: every partition whose
    /// hard limit refused requests in each of the last `after` seconds
    /// splits at the traffic-weighted median of the keys that reached it in
    /// those seconds ([`heat_split_point`]). Its streak starts over either
    /// way. Returns the partitions split (their indexes before splitting,
    /// highest first, so each index is still right when it is reported).
    /// `after` 0 turns it off.
    pub fn split_hot_partitions(&mut self, after: u64) -> Vec<usize> {
        if after == 0 {
            return Vec::new();
        }
        let hot: Vec<usize> =
            self.parts.iter().enumerate().filter(|(_, p)| u64::from(p.hot_streak) >= after).map(|(i, _)| i).collect();
        let from = self.second.saturating_sub(after);
        let mut split = Vec::new();
        for i in hot.into_iter().rev() {
            if let Some(p) = self.parts.get_mut(i) {
                p.hot_streak = 0;
            }
            let Some((start, end)) = self.layout.partitions.get(i).map(|p| (p.start, p.end)) else { continue };
            let keys = self.keys.in_range(from, self.second, start, end);
            if heat_split_point(&keys).is_some_and(|at| self.split_for_heat(i, at)) {
                split.push(i);
            }
        }
        split
    }

    /// Splits partition `index` in two at keyspace position `at` (split for
    /// heat): each child has half the share and inherits half the buckets.
    pub fn split_for_heat(&mut self, index: usize, at: u64) -> bool {
        let old = self.layout.clone();
        let Some(p) = self.layout.partitions.get(index) else { return false };
        if at <= p.start || at > p.end || self.layout.len() >= super::partition::MAX_PARTITIONS {
            return false;
        }
        // `split_for_heat` splits at `at` itself when it lies inside.
        if self.layout.split_for_heat(index, at).is_none() {
            return false;
        }
        self.remap(&old);
        true
    }

    /// Check, then consume or count the throttle: one request on one partition.
    pub fn admit(&mut self, i: usize, access: Access, units: f64) -> Result<(), Throttle> {
        match self.check(i, access, units) {
            Ok(from_bucket) => {
                self.consume(i, access, units, from_bucket);
                Ok(())
            }
            Err(t) => {
                self.count_throttle(i, access, t);
                Err(t)
            }
        }
    }

    /// The samples of seconds `from..to` (engine seconds), oldest first.
    pub fn window(&self, from: u64, to: u64) -> impl Iterator<Item = &PartitionSample> {
        self.samples.iter().filter(move |s| s.second >= from && s.second < to)
    }
}

/// Where to split a hot partition: the traffic-weighted median of its keys
/// (`(position, accesses)` in keyspace order), that is the first key past
/// half the accesses, never the lowest key, so each child gets about half.
/// `None` with fewer than two keys: one key cannot be split off further.
pub fn heat_split_point(keys: &[(u64, u64)]) -> Option<u64> {
    if keys.len() < 2 {
        return None;
    }
    let total: u64 = keys.iter().map(|k| k.1).fold(0, u64::saturating_add);
    let mut seen = 0u64;
    for (k, (pos, accesses)) in keys.iter().enumerate() {
        if k > 0 && seen.saturating_mul(2) >= total {
            return Some(*pos);
        }
        seen = seen.saturating_add(*accesses);
    }
    keys.last().map(|k| k.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heat_splits_at_the_median_key() {
        // 10 + 30 + 60 = 100 accesses: past half (50) after the second key.
        assert_eq!(heat_split_point(&[(1, 10), (2, 30), (3, 60)]), Some(3));
        // The first key alone has half: the second one starts the upper child.
        assert_eq!(heat_split_point(&[(1, 50), (2, 50)]), Some(2));
        assert_eq!(heat_split_point(&[(1, 90), (2, 5), (3, 5)]), Some(2));
        assert_eq!(heat_split_point(&[(1, 5)]), None);
        assert_eq!(heat_split_point(&[]), None);
    }

    fn run(state: &mut ThroughputState, seconds: u64, per_second: u32, units: f64) -> Vec<u64> {
        let mut throttled_at = Vec::new();
        for s in 0..seconds {
            state.roll(s);
            for _ in 0..per_second {
                if state.admit(0, Access::Write, units).is_err() {
                    throttled_at.push(s);
                }
            }
        }
        throttled_at
    }

    #[test]
    fn burst_then_throttle() {
        let mut state = ThroughputState::new(PartitionLayout::even(1, 10.0, 10.0), false, 0);
        let t = run(&mut state, 600, 20, 1.0);
        assert_eq!(t.first(), Some(&299));
        assert_eq!(t.len(), 10 * 301);
        let mut state = ThroughputState::new(PartitionLayout::even(1, 10.0, 10.0), false, 0);
        assert!(run(&mut state, 1_000, 10, 1.0).is_empty());
    }

    #[test]
    fn adaptive_capacity_sustains_a_hot_partition() {
        // DG: 400 WCU over 4 partitions, one partition at 150 WCU/s.
        let mut state = ThroughputState::new(PartitionLayout::even(4, 400.0, 400.0), false, 0);
        assert!(run(&mut state, 2_000, 150, 1.0).is_empty());
    }

    #[test]
    fn on_demand_doubles_its_peak() {
        let mut state = ThroughputState::new(PartitionLayout::even(16, 12_000.0, 4_000.0), true, 0);
        // 8,000 WRU/s (2 × 4,000) in 1 KB writes over 16 partitions is fine.
        for s in 0..3 {
            state.roll(s);
            for i in 0..8_000 {
                assert!(state.admit(i % 16, Access::Write, 1.0).is_ok());
            }
            assert_eq!(state.admit(0, Access::Write, 1.0), Err(Throttle::OnDemand));
        }
        // 9,000/s for a while: throttles until that peak is 30 minutes old.
        let mut throttled = Vec::new();
        for s in 3..2_000 {
            state.roll(s);
            for i in 0..9_000 {
                if state.admit(i % 16, Access::Write, 1.0).is_err() {
                    throttled.push(s);
                    break;
                }
            }
        }
        // Second 0's peak (8,000) counts from second 1,800: 2 × 8,000 ≥ 9,000.
        assert_eq!((throttled.first(), throttled.last(), throttled.len()), (Some(&3), Some(&1_799), 1_797));
        assert_eq!(state.previous_peak().1, 8_000.0);
    }
}
