//! Partitions: how a table's keyspace is cut into ranges, how many there are,
//! and what share of the table's throughput each one serves.
//!
//! The rules (semantics C, the seeds' partitioning slides, DG17
//! "Understand Partition Behavior"):
//!
//! * A partition serves at most **3,000 RCU and 1,000 WCU** per second and
//!   holds about **10 GB**.
//! * A new table gets `ceil(max(RCU/3000 + WCU/1000, size/10 GB))`
//!   partitions, at least one. The seed's example: 8 GB, 5,000 RCU, 500 WCU
//!   → 2.17 by capacity, 0.8 by size → **3 partitions** of 1,666.67 RCU and
//!   166.67 WCU each ([`plan_partitions`]).
//! * Raising throughput beyond what the partitions can serve **doubles** the
//!   partition count (as often as needed); the table's throughput is then
//!   spread evenly again (DG17: 5,000/2,000 → 4 partitions; 8,000 RCU → 8).
//! * A partition holding more than the size limit **splits in two** at the
//!   middle of its data (the item collection where half its bytes lie
//!   behind); each child gets half the parent's share (DG17: one split of 4
//!   → 5 partitions, 3 at 1,250/500 and 2 at 625/250). An item collection is
//!   never cut: a partition whose data is one collection cannot split (the
//!   real service can split an item collection by sort key; not simulated).
//! * Partitions are **never merged**: lowering throughput or deleting items
//!   keeps the count.
//! * **On demand**: a new on-demand table sizes its partitions as if it were
//!   provisioned at its initial previous peak (semantics C: 12,000 RRU and
//!   4,000 WRU → 8 partitions).
//!
//! **Teaching scale**: 10 GB per partition cannot be shown in a browser, so
//! the size limit is an engine setting
//! ([`crate::engine::EngineSettings::partition_size_limit_bytes`], golden
//! name `partition-size-limit`). Set it to a few kilobytes and a class sees a
//! split after a handful of items. The UI shows the limit whenever it is not
//! [`PARTITION_SIZE_BYTES`].
//!
//! Keyspace: every partition owns a contiguous range of the 64-bit prefix of
//! the partition-key hash ([`crate::engine::storage::keyspace_hash`]); the
//! ranges cover the whole keyspace without gaps, in order.

use super::capacity::items_per_read_block;
use super::schema::KeyValue;
use super::storage::keyspace_hash;

/// Read units one partition serves per second at most.
pub const PARTITION_MAX_RCU: f64 = 3_000.0;
/// Write units one partition serves per second at most.
pub const PARTITION_MAX_WCU: f64 = 1_000.0;
/// The data one partition holds: 10 GB (binary).
pub const PARTITION_SIZE_BYTES: u64 = 10 * 1024 * 1024 * 1024;
/// Never more partitions than this per table or index: a guard against a
/// teaching-scale limit of one byte (64 Ki partitions is far beyond anything
/// a class looks at).
pub const MAX_PARTITIONS: usize = 65_536;

/// The partition math for a hypothetical table (the seed's planner).
#[derive(Clone, Debug, PartialEq)]
pub struct PartitionPlan {
    /// `RCU/3000 + WCU/1000`.
    pub by_capacity: f64,
    /// `size / size limit`.
    pub by_size: f64,
    /// `ceil(max(by_capacity, by_size))`, at least 1.
    pub partitions: u64,
    /// Each partition's share of the read capacity.
    pub rcu_per_partition: f64,
    /// Each partition's share of the write capacity.
    pub wcu_per_partition: f64,
}

/// The partition math: how many partitions a table with `rcu`, `wcu` and
/// `size_bytes` of data starts with, and each one's share. `size_limit_bytes`
/// is [`PARTITION_SIZE_BYTES`] unless a teaching scale is set. Never panics:
/// negative or non-finite inputs count as 0.
pub fn plan_partitions(rcu: f64, wcu: f64, size_bytes: f64, size_limit_bytes: u64) -> PartitionPlan {
    let clean = |x: f64| if x.is_finite() && x > 0.0 { x } else { 0.0 };
    let (rcu, wcu, size) = (clean(rcu), clean(wcu), clean(size_bytes));
    let by_capacity = rcu / PARTITION_MAX_RCU + wcu / PARTITION_MAX_WCU;
    let by_size = size / (size_limit_bytes.max(1) as f64);
    let wanted = by_capacity.max(by_size).ceil().max(1.0);
    let partitions = if wanted >= MAX_PARTITIONS as f64 { MAX_PARTITIONS as u64 } else { wanted as u64 };
    PartitionPlan {
        by_capacity,
        by_size,
        partitions,
        rcu_per_partition: rcu / partitions as f64,
        wcu_per_partition: wcu / partitions as f64,
    }
}

/// Rounds to two decimals, as the seeds print shares (1,666.67).
pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The write-sharding planner (seed 002's order example): how many shards
/// `N` a GSI partition key needs so that reading the `fraction` of `items`
/// that share one key value (e.g. status OPEN) fits one partition's read
/// rate: `N = ceil(items × fraction / (3,000 × floor(4096 / item_size)))`.
/// The seed: 3,000,000 orders, 20 % OPEN, 250 B → 600,000 / (3,000 × 16)
/// = 12.5 → **13**. At least 1; never panics.
pub fn shard_count(items: u64, fraction: f64, item_size_bytes: u64) -> u64 {
    let fraction = if fraction.is_finite() && fraction > 0.0 { fraction } else { 0.0 };
    let per_block = items_per_read_block(item_size_bytes);
    let per_partition = PARTITION_MAX_RCU * per_block as f64;
    let n = (items as f64 * fraction / per_partition).ceil();
    if n.is_finite() && n >= 1.0 {
        n.min(u32::MAX as f64) as u64
    } else {
        1
    }
}

/// Where a partition key falls on the 64-bit keyspace partitions are cut on.
pub fn key_position(key: &KeyValue) -> u64 {
    hash_position(&keyspace_hash(key))
}

/// The first 8 bytes of a keyspace hash as a number.
pub fn hash_position(hash: &[u8; 16]) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&hash[..8]);
    u64::from_be_bytes(bytes)
}

/// One partition: a keyspace range and its share of the throughput.
#[derive(Clone, Debug, PartialEq)]
pub struct Partition {
    /// First keyspace position owned (inclusive).
    pub start: u64,
    /// Last keyspace position owned (inclusive).
    pub end: u64,
    /// Read units per second this partition is provisioned with.
    pub rcu_share: f64,
    /// Write units per second this partition is provisioned with.
    pub wcu_share: f64,
}

impl Partition {
    /// Whether the partition owns keyspace position `position`.
    pub fn owns(&self, position: u64) -> bool {
        self.start <= position && position <= self.end
    }

    /// Splits the range at `at` (the first position of the upper child); each
    /// child gets half the shares. `None` when `at` is outside `start+1..=end`.
    fn split_at(&self, at: u64) -> Option<(Partition, Partition)> {
        if at <= self.start || at > self.end {
            return None;
        }
        let (r, w) = (self.rcu_share / 2.0, self.wcu_share / 2.0);
        Some((
            Partition { start: self.start, end: at - 1, rcu_share: r, wcu_share: w },
            Partition { start: at, end: self.end, rcu_share: r, wcu_share: w },
        ))
    }

    fn midpoint(&self) -> u64 {
        self.start + (self.end - self.start) / 2 + 1
    }
}

/// What changed in a layout, for the metrics and the UI's animation.
#[derive(Clone, Debug, PartialEq)]
pub enum LayoutEvent {
    /// Throughput outgrew the partitions: the count went from `from` to `to`.
    Doubled { from: usize, to: usize },
    /// Partition `index` passed the size limit and split in two.
    SplitForSize { index: usize },
    /// Partition `index` split to isolate hot traffic.
    SplitForHeat { index: usize },
}

/// A table's (or GSI's) partitions, in keyspace order.
#[derive(Clone, Debug, PartialEq)]
pub struct PartitionLayout {
    pub partitions: Vec<Partition>,
    /// The total throughput the shares were last spread from.
    pub rcu: f64,
    pub wcu: f64,
}

impl PartitionLayout {
    /// `count` equal ranges with equal shares of `rcu` and `wcu`.
    pub fn even(count: usize, rcu: f64, wcu: f64) -> Self {
        let count = count.clamp(1, MAX_PARTITIONS);
        let width = u64::MAX / count as u64;
        let partitions = (0..count)
            .map(|i| {
                let start = width * i as u64 + (i as u64).min(u64::MAX % count as u64);
                let next = width * (i as u64 + 1) + ((i as u64) + 1).min(u64::MAX % count as u64);
                let end = if i + 1 == count { u64::MAX } else { next - 1 };
                Partition { start, end, rcu_share: rcu / count as f64, wcu_share: wcu / count as f64 }
            })
            .collect();
        Self { partitions, rcu, wcu }
    }

    /// The layout a new table starts with (the seed formula).
    pub fn initial(rcu: f64, wcu: f64, size_bytes: u64, size_limit_bytes: u64) -> Self {
        let plan = plan_partitions(rcu, wcu, size_bytes as f64, size_limit_bytes);
        Self::even(plan.partitions as usize, rcu, wcu)
    }

    /// The number of partitions.
    pub fn len(&self) -> usize {
        self.partitions.len()
    }

    /// Never true: a layout has at least one partition.
    pub fn is_empty(&self) -> bool {
        self.partitions.is_empty()
    }

    /// The index of the partition owning keyspace position `position`.
    pub fn locate(&self, position: u64) -> usize {
        self.partitions.partition_point(|p| p.end < position).min(self.partitions.len().saturating_sub(1))
    }

    /// New provisioned throughput: when the partitions cannot serve it,
    /// every partition splits in two (repeatedly) until they can. Either way
    /// the shares are spread evenly again. Never merges.
    pub fn set_throughput(&mut self, rcu: f64, wcu: f64) -> Option<LayoutEvent> {
        let needed = plan_partitions(rcu, wcu, 0.0, 1).by_capacity.ceil().max(1.0) as usize;
        let from = self.partitions.len();
        let mut event = None;
        while self.partitions.len() < needed && self.partitions.len() * 2 <= MAX_PARTITIONS {
            let mut doubled = Vec::with_capacity(self.partitions.len() * 2);
            for p in &self.partitions {
                match p.split_at(p.midpoint()) {
                    Some((a, b)) => {
                        doubled.push(a);
                        doubled.push(b);
                    }
                    None => doubled.push(p.clone()),
                }
            }
            if doubled.len() == self.partitions.len() {
                break;
            }
            self.partitions = doubled;
            event = Some(LayoutEvent::Doubled { from, to: self.partitions.len() });
        }
        let n = self.partitions.len() as f64;
        for p in &mut self.partitions {
            p.rcu_share = rcu / n;
            p.wcu_share = wcu / n;
        }
        self.rcu = rcu;
        self.wcu = wcu;
        event
    }

    /// Splits every partition holding more than `limit` bytes, at the middle
    /// of its data. `collections` are `(keyspace position, bytes)` of the item
    /// collections, in keyspace order. Returns the splits, in order.
    pub fn split_for_size(&mut self, collections: &[(u64, u64)], limit: u64) -> Vec<LayoutEvent> {
        let mut events = Vec::new();
        let mut i = 0;
        while self.partitions.len() < MAX_PARTITIONS {
            let Some(p) = self.partitions.get(i) else { break };
            let inside: Vec<(u64, u64)> = collections.iter().copied().filter(|(pos, _)| p.owns(*pos)).collect();
            let total: u64 = inside.iter().map(|c| c.1).sum();
            if total <= limit.max(1) {
                i += 1;
                continue;
            }
            // The first collection past half the bytes starts the upper child;
            // if that is the first collection, the second one does.
            let mut seen = 0u64;
            let mut at = None;
            for (k, (pos, bytes)) in inside.iter().enumerate() {
                if k > 0 && seen * 2 >= total {
                    at = Some(*pos);
                    break;
                }
                seen += bytes;
            }
            if at.is_none() && inside.len() > 1 {
                at = inside.last().map(|c| c.0);
            }
            match at.and_then(|at| p.split_at(at)) {
                Some((a, b)) => {
                    self.replace_with_children(i, a, b);
                    events.push(LayoutEvent::SplitForSize { index: i });
                    // Look at the lower child again: it may still be too big.
                }
                None => i += 1,
            }
        }
        events
    }

    /// Splits partition `index` so that keyspace position `hot` gets a
    /// partition of its own side (split for heat): at the hot key when it is
    /// not the partition's first position, else just after it. Each child
    /// gets half the shares. `None` when the partition is a single position.
    pub fn split_for_heat(&mut self, index: usize, hot: u64) -> Option<LayoutEvent> {
        let p = self.partitions.get(index)?;
        if self.partitions.len() >= MAX_PARTITIONS {
            return None;
        }
        let at = if hot > p.start { hot } else { hot.checked_add(1)? };
        let (a, b) = p.split_at(at)?;
        self.replace_with_children(index, a, b);
        Some(LayoutEvent::SplitForHeat { index })
    }

    /// Puts the children `a` and `b` where partition `index` was.
    fn replace_with_children(&mut self, index: usize, a: Partition, b: Partition) {
        if let Some(parent) = self.partitions.get_mut(index) {
            *parent = a;
            self.partitions.insert(index + 1, b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_partition_math() {
        let gb = 1024.0 * 1024.0 * 1024.0;
        let plan = plan_partitions(5_000.0, 500.0, 8.0 * gb, PARTITION_SIZE_BYTES);
        assert_eq!(round2(plan.by_capacity), 2.17);
        assert_eq!(round2(plan.by_size), 0.8);
        assert_eq!(plan.partitions, 3);
        assert_eq!(round2(plan.rcu_per_partition), 1_666.67);
        assert_eq!(round2(plan.wcu_per_partition), 166.67);
        assert_eq!(plan_partitions(f64::NAN, -1.0, f64::INFINITY, 0).partitions, 1);
    }

    #[test]
    fn the_seed_shard_count() {
        assert_eq!(shard_count(3_000_000, 0.2, 250), 13);
        assert_eq!(shard_count(0, 0.2, 250), 1);
        assert_eq!(shard_count(u64::MAX, f64::NAN, 0), 1);
    }

    #[test]
    fn dg17_worked_examples() {
        assert_eq!(PartitionLayout::initial(1_000.0, 500.0, 0, PARTITION_SIZE_BYTES).len(), 1);
        assert_eq!(PartitionLayout::initial(1_000.0, 1_000.0, 0, PARTITION_SIZE_BYTES).len(), 2);
        let mut layout = PartitionLayout::initial(5_000.0, 2_000.0, 0, PARTITION_SIZE_BYTES);
        assert_eq!(layout.len(), 4);
        assert_eq!((layout.partitions[0].rcu_share, layout.partitions[0].wcu_share), (1_250.0, 500.0));
        let mut raised = layout.clone();
        assert_eq!(raised.set_throughput(8_000.0, 2_000.0), Some(LayoutEvent::Doubled { from: 4, to: 8 }));
        // Lowering never merges.
        assert_eq!(raised.set_throughput(1.0, 1.0), None);
        assert_eq!(raised.len(), 8);
        // One split for size: 5 partitions, 3 at 1250/500 and 2 at 625/250.
        let p = layout.partitions[1].clone();
        let collections = [(p.start + 10, 60), (p.start + 20, 60)];
        assert_eq!(layout.split_for_size(&collections, 100), vec![LayoutEvent::SplitForSize { index: 1 }]);
        let shares: Vec<(f64, f64)> = layout.partitions.iter().map(|p| (p.rcu_share, p.wcu_share)).collect();
        assert_eq!(shares, vec![(1250.0, 500.0), (625.0, 250.0), (625.0, 250.0), (1250.0, 500.0), (1250.0, 500.0)]);
    }

    #[test]
    fn ranges_cover_the_keyspace() {
        for n in [1, 2, 3, 7, 10] {
            let layout = PartitionLayout::even(n, 1.0, 1.0);
            assert_eq!(layout.partitions[0].start, 0);
            assert_eq!(layout.partitions[n - 1].end, u64::MAX);
            for w in layout.partitions.windows(2) {
                assert_eq!(w[0].end + 1, w[1].start);
            }
            assert_eq!(layout.locate(u64::MAX), n - 1);
            assert_eq!(layout.locate(0), 0);
        }
        // One collection alone never splits.
        let mut one = PartitionLayout::even(1, 1.0, 1.0);
        assert!(one.split_for_size(&[(5, 1_000)], 10).is_empty());
    }
}
