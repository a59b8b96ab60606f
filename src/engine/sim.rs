//! The simulation layer: a table's partitions and buckets kept in step with
//! its definition and data, deterministic workloads, and the metrics the
//! playground draws (per partition per second, top keys).
//!
//! The engine keeps one [`ThroughputState`] per table and per GSI, created
//! the first time it is needed and then kept in step by `sync`: a throughput
//! change doubles the partitions if they cannot serve it
//! ([`PartitionLayout::set_throughput`]); a partition over the size limit
//! splits ([`PartitionLayout::split_for_size`]); nothing ever merges.
//!
//! **Workloads** ([`Workload`]) are request streams run against a table's
//! capacity model for N seconds of engine time: each stream has an operation
//! (read or write), a rate (requests per second, changing at given seconds),
//! a key distribution (uniform, Zipf with skew `s`, one hot key, or N write
//! shards `key_0..key_N-1`) and an item size. Requests of a second are
//! spread over the streams round-robin. Everything is drawn from a seeded
//! generator (SplitMix64, no `getrandom`), so a workload with the same seed
//! gives the same answer on every machine. A workload charges the buckets
//! and records metrics exactly as requests would, but it does not store
//! items: it simulates *capacity*, which is what a million requests a second
//! need to be fast (a native release build runs a million in about 0.1 s;
//! see `tests/partitions.rs`).
//!
//! A workload runs **one second at a time** ([`WorkloadRun`]):
//!
//! ```text
//!   Engine::start_workload(w)  checks it, starts at the next whole second
//!   Engine::step_workload(run) bring the buckets to second s (sync_sim:
//!                              refill, split for heat if due), draw and
//!                              admit that second's requests, close it
//!                              (samples, busiest keys), clock → s + 1
//!   WorkloadRun::report()      what it did so far
//!   Engine::run_workload(w)    = start + every step + report
//! ```
//!
//! so the browser can run, pause and step a workload without freezing the
//! page, and get exactly what one call would have given. At the end the
//! engine clock has moved by the workload's duration.
//!
//! **Metrics**: the per-partition samples of `throughput`, and per key
//! (accesses, throttles) the record of [`crate::engine::contributors`], fed
//! by real requests (`Engine::count_key`) and workloads alike, so
//! [`Engine::metrics`] can name the top keys of any window of time. The
//! same record tells split for heat where to cut: when a partition has been
//! refused by its hard limit long enough, it splits at the median of the
//! keys that reached it, whether they came from requests or workloads.

use std::collections::{BTreeMap, VecDeque};

use super::capacity::{read_units, write_units, Charge, ChargeKind, Consistency, Scope};
use super::contributors::KEYS_PER_SECOND;
use super::error::{ApiError, Result};
use super::partition::{hash_position, key_position, PartitionLayout};
use super::schema::{KeyValue, ScalarType};
use super::service::Engine;
use super::storage::keyspace_hash;
use super::table::BillingMode;
use super::throughput::{
    Access, PartitionSample, Throttle, ThroughputState, METRICS_RETENTION_SECONDS, ON_DEMAND_INITIAL_READ_PEAK,
    ON_DEMAND_INITIAL_WRITE_PEAK,
};
use super::value::Number;
use crate::engine::ordered;

/// Most distinct keys a uniform or Zipf stream may draw from.
pub const MAX_WORKLOAD_KEYS: u32 = 1_000_000;
/// Most requests one workload may simulate (a guard for the browser).
pub const MAX_WORKLOAD_REQUESTS: u64 = 50_000_000;
/// Longest workload: one day of engine time.
pub const MAX_WORKLOAD_SECONDS: u32 = 86_400;

/// What a stream's requests do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operation {
    /// A GetItem-sized read of one item.
    Read { consistent: bool },
    /// A PutItem of one item.
    Write,
}

/// Which keys a stream's requests go to.
#[derive(Clone, Debug, PartialEq)]
pub enum KeyDistribution {
    /// `prefix0 .. prefix{keys-1}`, each equally likely.
    Uniform { keys: u32 },
    /// `prefix0 .. prefix{keys-1}`, key `k` (from 0) with weight `1/(k+1)^s`.
    Zipf { keys: u32, s: f64 },
    /// Every request to the one key `prefix`.
    HotKey,
    /// Write sharding: `prefix_0 .. prefix_{shards-1}`, each equally likely.
    Shards { shards: u32 },
}

/// One request stream.
#[derive(Clone, Debug, PartialEq)]
pub struct Stream {
    pub operation: Operation,
    /// Requests per second from the given second (relative to the start)
    /// on; the first entry should be at second 0 (before it, the rate is 0).
    pub rates: Vec<(u32, f64)>,
    pub keys: KeyDistribution,
    /// The key name (or its prefix).
    pub key_prefix: String,
    /// Bytes per item read or written.
    pub item_size_bytes: u32,
}

impl Stream {
    /// A stream at a constant rate.
    pub fn constant(operation: Operation, per_second: f64, keys: KeyDistribution, prefix: &str, size: u32) -> Self {
        Self { operation, rates: vec![(0, per_second)], keys, key_prefix: prefix.into(), item_size_bytes: size }
    }

    fn rate_at(&self, second: u32) -> f64 {
        let rate = self.rates.iter().filter(|(from, _)| *from <= second).max_by_key(|(from, _)| *from).map(|r| r.1);
        rate.filter(|r| r.is_finite() && *r > 0.0).unwrap_or(0.0)
    }

    fn key_count(&self) -> u32 {
        match self.keys {
            KeyDistribution::Uniform { keys } | KeyDistribution::Zipf { keys, .. } => keys.clamp(1, MAX_WORKLOAD_KEYS),
            KeyDistribution::HotKey => 1,
            KeyDistribution::Shards { shards } => shards.clamp(1, MAX_WORKLOAD_KEYS),
        }
    }

    /// The name of key number `k`, as top keys list it.
    pub fn key_name(&self, k: u32) -> String {
        match self.keys {
            KeyDistribution::HotKey => self.key_prefix.clone(),
            KeyDistribution::Shards { .. } => format!("{}_{k}", self.key_prefix),
            _ => format!("{}{k}", self.key_prefix),
        }
    }
}

/// A workload: streams run against one table (or GSI) for `seconds`.
#[derive(Clone, Debug, PartialEq)]
pub struct Workload {
    pub table: String,
    /// A GSI to run against instead of the table.
    pub index: Option<String>,
    pub streams: Vec<Stream>,
    pub seconds: u32,
    pub seed: u64,
    /// How many top keys to report.
    pub top_n: usize,
}

/// Totals of one second of a workload.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SecondTotals {
    /// Seconds since the workload started.
    pub second: u32,
    pub requests: u64,
    pub throttled: u64,
    pub consumed_read: f64,
    pub consumed_write: f64,
}

/// One key's traffic (CloudWatch Contributor Insights style).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct KeyStat {
    pub key: String,
    pub accesses: u64,
    pub throttles: u64,
}

/// What a workload did.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct WorkloadReport {
    pub requests: u64,
    pub throttled: u64,
    /// Of the throttled: how many hit the per-partition hard limit.
    pub throttled_hard_limit: u64,
    pub consumed_read: f64,
    pub consumed_write: f64,
    /// Engine second the workload started at.
    pub start_second: u64,
    pub per_second: Vec<SecondTotals>,
    /// Per partition per second (seconds with traffic), engine seconds.
    pub partitions: Vec<PartitionSample>,
    pub top_keys: Vec<KeyStat>,
    /// Splits for heat: (second of the workload, partition split).
    pub heat_splits: Vec<(u32, usize)>,
}

/// Metrics of a table or GSI over a window of engine seconds.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Metrics {
    pub samples: Vec<PartitionSample>,
    /// The window's busiest keys (requests and workloads alike; see
    /// [`crate::engine::contributors`]).
    pub top_keys: Vec<KeyStat>,
}

/// One partition as DescribePartitions shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct PartitionInfo {
    pub start: u64,
    pub end: u64,
    pub item_count: u64,
    pub bytes: u64,
    pub rcu_share: f64,
    pub wcu_share: f64,
    pub read_tokens: f64,
    pub write_tokens: f64,
}

/// A table name and, for a GSI, the index name.
pub(crate) type SimKey = (String, Option<String>);

/// On demand, RCU, WCU, (position, bytes) of the collections, table id.
type LayoutInputs = (bool, f64, f64, Vec<(u64, u64)>, String);

/// Units of reads or writes wanted from one partition.
type Want = (usize, Access, f64);

/// The engine's capacity model of one table or GSI.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SimEntry {
    /// The table's id: a table deleted and created again starts over.
    table_id: String,
    pub(crate) state: ThroughputState,
    /// Every split for heat so far: (engine second, partition split).
    heat_splits: Vec<(u64, usize)>,
    /// What the layout was last brought in step with.
    fingerprint: Option<Fingerprint>,
    /// The partitions' bytes lag behind the data (see `sync_sim_with`).
    bytes_dirty: bool,
}

/// What a layout depends on: unchanged, `sync_sim` need not rescan the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fingerprint {
    rcu: u64,
    wcu: u64,
    on_demand: bool,
    bytes: usize,
    count: usize,
    limit: u64,
}

/// Bytes per partition of `layout`, from `(position, bytes)` collections.
fn bytes_per_partition(layout: &PartitionLayout, collections: &[(u64, u64)]) -> Vec<u64> {
    let mut out = vec![0u64; layout.len()];
    for (pos, bytes) in collections {
        if let Some(slot) = out.get_mut(layout.locate(*pos)) {
            *slot += bytes;
        }
    }
    out
}

/// SplitMix64: small, fast, and the same everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `0..n` (n ≥ 1).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n.max(1))) >> 32) as u32
    }
}

/// One key of a stream: where it falls and its traffic so far.
#[derive(Clone, Copy, Debug, Default)]
struct KeySlot {
    /// The partition it falls in (`u32::MAX`: not looked up yet, or the
    /// layout changed since).
    partition: u32,
    /// Its keyspace position (valid once looked up).
    position: u64,
    accesses: u64,
    throttles: u64,
    /// 1 + the workload second it was last drawn in (0: never).
    touched_in: u32,
}

/// Per-stream precomputation: key sampler and key → partition cache, and
/// each key's traffic, over the run and in the second under way.
#[derive(Clone, Debug)]
struct StreamRun {
    stream: Stream,
    keys: u32,
    cdf: Vec<f64>,
    slots: Vec<KeySlot>,
    /// Keys drawn in the second under way, with their counts before it.
    touched: Vec<(u32, u64, u64)>,
    access: Access,
    units: f64,
    carry: f64,
}

impl StreamRun {
    fn new(stream: &Stream) -> Self {
        let keys = stream.key_count();
        let cdf = match stream.keys {
            KeyDistribution::Zipf { s, .. } => {
                let s = if s.is_finite() { s } else { 1.0 };
                let mut acc = 0.0;
                let mut cdf: Vec<f64> = (0..keys)
                    .map(|k| {
                        acc += 1.0 / f64::from(k + 1).powf(s);
                        acc
                    })
                    .collect();
                let total = acc.max(f64::MIN_POSITIVE);
                cdf.iter_mut().for_each(|c| *c /= total);
                cdf
            }
            _ => Vec::new(),
        };
        let size = stream.item_size_bytes as usize;
        let (access, units) = match stream.operation {
            Operation::Read { consistent } => {
                let c = if consistent { Consistency::Strong } else { Consistency::Eventual };
                (Access::Read, read_units(size, c))
            }
            Operation::Write => (Access::Write, write_units(size)),
        };
        Self {
            stream: stream.clone(),
            keys,
            cdf,
            slots: vec![KeySlot { partition: u32::MAX, ..KeySlot::default() }; keys as usize],
            touched: Vec::new(),
            access,
            units,
            carry: 0.0,
        }
    }

    fn draw(&self, rng: &mut Rng) -> u32 {
        match self.stream.keys {
            KeyDistribution::HotKey => 0,
            KeyDistribution::Zipf { .. } => {
                let u = rng.next_f64();
                (self.cdf.partition_point(|c| *c <= u) as u32).min(self.keys - 1)
            }
            _ => rng.below(self.keys),
        }
    }

    /// The layout changed: every key's partition must be looked up again.
    fn forget_partitions(&mut self) {
        self.slots.iter_mut().for_each(|slot| slot.partition = u32::MAX);
    }
}

/// Hands the second's busiest keys (of all streams) to the key record
/// ([`crate::engine::contributors`]), which keeps only that many anyway:
/// building a name for every key drawn would cost more than the requests.
fn record_second_keys(runs: &mut [StreamRun], state: &mut ThroughputState) {
    // (stream, key, accesses, throttles) in this second.
    let mut drawn: Vec<(usize, u32, u64, u64)> = Vec::new();
    for (r, run) in runs.iter_mut().enumerate() {
        for (k, a0, t0) in run.touched.drain(..) {
            if let Some(slot) = run.slots.get(k as usize) {
                drawn.push((r, k, slot.accesses.saturating_sub(a0), slot.throttles.saturating_sub(t0)));
            }
        }
    }
    // A total order (ties by stream and key), so the same keys are kept on
    // every machine.
    let order = |a: &(usize, u32, u64, u64), b: &(usize, u32, u64, u64)| {
        b.2.cmp(&a.2).then(b.3.cmp(&a.3)).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1))
    };
    if drawn.len() > KEYS_PER_SECOND {
        drawn.select_nth_unstable_by(KEYS_PER_SECOND - 1, order);
        drawn.truncate(KEYS_PER_SECOND);
    }
    for (r, k, accesses, throttles) in drawn {
        let Some(run) = runs.get(r) else { continue };
        let position = run.slots.get(k as usize).map_or(0, |slot| slot.position);
        state.keys.count(&run.stream.key_name(k), position, accesses, throttles);
    }
}

/// A workload under way, simulated one second at a time: made by
/// [`Engine::start_workload`], moved on by [`Engine::step_workload`], read
/// with [`WorkloadRun::report`]. [`Engine::run_workload`] is exactly a
/// start followed by every step, so a run paused, stepped and resumed gives
/// the same report as one run in one go (tested in `tests/partitions.rs`).
/// This is what lets the browser run long workloads in slices without
/// freezing the page.
///
/// The engine's clock follows the run: it is at the start of the next
/// second to simulate. Anything else done on the engine in between (a real
/// request, a look at the partitions) happens at that moment of the run.
#[derive(Clone, Debug)]
pub struct WorkloadRun {
    workload: Workload,
    key_type: ScalarType,
    runs: Vec<StreamRun>,
    rng: Rng,
    counts: Vec<u64>,
    /// Seconds simulated so far.
    done: u32,
    /// Partitions in the layout the key → partition caches were built on.
    partitions_seen: usize,
    /// Heat splits of the table's log already reported.
    splits_seen: usize,
    /// Per partition per second, the last hour (as the table keeps them).
    samples: VecDeque<PartitionSample>,
    /// Everything but the samples and the top keys.
    report: WorkloadReport,
}

impl WorkloadRun {
    /// The workload being run.
    pub fn workload(&self) -> &Workload {
        &self.workload
    }

    /// Seconds simulated so far.
    pub fn seconds_done(&self) -> u32 {
        self.done
    }

    /// Whether every second has been simulated.
    pub fn is_finished(&self) -> bool {
        self.done >= self.workload.seconds
    }

    /// What the run did so far: totals, the seconds simulated, their
    /// samples (the last hour) and the top keys of the run so far.
    pub fn report(&self) -> WorkloadReport {
        let mut report = self.report.clone();
        report.partitions = self.samples.iter().cloned().collect();
        // (accesses, throttles, stream, key) of every key drawn; names are
        // built only for those that can make the list.
        let mut counts: Vec<(u64, u64, usize, u32)> = Vec::new();
        for (r, run) in self.runs.iter().enumerate() {
            for (k, slot) in run.slots.iter().enumerate() {
                if slot.accesses > 0 {
                    counts.push((slot.accesses, slot.throttles, r, k as u32));
                }
            }
        }
        let n = self.workload.top_n;
        if n == 0 {
            counts.clear();
        } else if counts.len() > n {
            counts.select_nth_unstable_by(n - 1, |a, b| (b.0, b.1).cmp(&(a.0, a.1)));
            if let Some(&(a, t, _, _)) = counts.get(n - 1) {
                counts.retain(|c| (c.0, c.1) >= (a, t));
            }
        }
        let all = counts
            .into_iter()
            .filter_map(|(accesses, throttles, r, k)| {
                let key = self.runs.get(r)?.stream.key_name(k);
                Some(KeyStat { key, accesses, throttles })
            })
            .collect();
        report.top_keys = sort_top(all, self.workload.top_n);
        report
    }
}

/// The partition key value a workload key stands for, in the table's key type.
fn workload_key(stream: &Stream, k: u32, key_type: ScalarType) -> KeyValue {
    match key_type {
        ScalarType::N => KeyValue::N(Number::parse(&k.to_string()).unwrap_or_else(|_| Number::zero())),
        ScalarType::B => KeyValue::B(stream.key_name(k).into_bytes()),
        ScalarType::S => KeyValue::S(stream.key_name(k)),
    }
}

fn sort_top(mut keys: Vec<KeyStat>, n: usize) -> Vec<KeyStat> {
    ordered::sort_by(&mut keys, |a, b| {
        b.accesses.cmp(&a.accesses).then(b.throttles.cmp(&a.throttles)).then(a.key.cmp(&b.key))
    });
    keys.truncate(n);
    keys
}

impl Engine {
    fn sim_key(table: &str, index: Option<&str>) -> (String, Option<String>) {
        (table.to_string(), index.map(str::to_string))
    }

    /// Forgets the capacity model of GSI `index` of `table`, whose deletion
    /// finished: its partitions, buckets and metrics go with it, and a GSI
    /// added again under the same name starts afresh. The entry is marked
    /// stale, as a deleted table's is: an empty id matches no table.
    pub(crate) fn forget_index_capacity(&mut self, table: &str, index: &str) {
        if let Some(entry) = self.sims.get_mut(&Self::sim_key(table, Some(index))) {
            entry.table_id.clear();
        }
    }

    /// Brings the capacity model of `table` (or its GSI `index`) in step with
    /// the definition and the data, creating it on first use.
    pub(crate) fn sync_sim(&mut self, table: &str, index: Option<&str>) -> Result<&mut SimEntry> {
        self.sync_sim_with(table, index, false)
    }

    /// [`Engine::sync_sim`]; with `full`, the bytes per partition are
    /// recounted even when no split can be due (otherwise a write to a table
    /// far below the size limit skips that scan, and the partitions' bytes
    /// are brought up to date by the next `full` sync: DescribePartitions).
    ///
    /// Then split for heat runs, now that the buckets have been brought to
    /// the clock's second: a partition whose hard limit refused requests in
    /// each of the last `heat_split_seconds` seconds splits
    /// ([`ThroughputState::split_hot_partitions`]), whether the traffic came
    /// from requests or from a workload. Each split is logged with its
    /// second.
    pub(crate) fn sync_sim_with(&mut self, table: &str, index: Option<&str>, full: bool) -> Result<&mut SimEntry> {
        let heat_after = self.settings.heat_split_seconds;
        let now_millis = self.clock.now_millis();
        let now = now_millis / 1000;
        let entry = self.sync_layout(table, index, full)?;
        let split = entry.state.split_hot_partitions(heat_after);
        if !split.is_empty() {
            entry.heat_splits.extend(split.into_iter().map(|i| (now, i)));
            // The children's bytes are counted again on the next full sync.
            entry.bytes_dirty = true;
        }
        // The table's stream has a shard per partition (`streams`).
        let streamed = index.is_none() && self.tables.get(table).is_some_and(|t| t.enabled_stream().is_some());
        if streamed {
            let ranges: Vec<(u64, u64)> = self
                .sims
                .get(&Self::sim_key(table, None))
                .map(|e| e.state.layout.partitions.iter().map(|p| (p.start, p.end)).collect())
                .unwrap_or_default();
            if let Some(t) = self.tables.get_mut(table) {
                t.reshard_stream(&ranges, now_millis);
            }
        }
        self.sims.get_mut(&Self::sim_key(table, index)).ok_or_else(ApiError::resource_not_found)
    }

    /// The layout part of [`Engine::sync_sim_with`].
    fn sync_layout(&mut self, table: &str, index: Option<&str>, full: bool) -> Result<&mut SimEntry> {
        let t = self.tables.get(table).ok_or_else(ApiError::resource_not_found)?;
        let on_demand = t.definition.billing_mode == BillingMode::PayPerRequest;
        let (rcu, wcu, bytes, count) = match index {
            None => (
                t.definition.throughput.read_capacity_units as f64,
                t.definition.throughput.write_capacity_units as f64,
                t.storage.size_bytes(),
                t.storage.item_count(),
            ),
            Some(name) => {
                let def = t
                    .index(name)
                    .filter(|i| i.kind == super::index::IndexKind::Global)
                    .ok_or_else(ApiError::resource_not_found)?;
                let store = t.index_store(name).ok_or_else(ApiError::resource_not_found)?;
                let throughput = &def.throughput;
                let (r, w) = (throughput.read_capacity_units as f64, throughput.write_capacity_units as f64);
                (r, w, store.size_bytes(), store.entry_count())
            }
        };
        let table_id = t.definition.id.clone();
        let limit = self.settings.partition_size_limit_bytes.max(1);
        let fingerprint = Fingerprint { rcu: rcu.to_bits(), wcu: wcu.to_bits(), on_demand, bytes, count, limit };
        let now = self.clock.now_millis() / 1000;
        let key = Self::sim_key(table, index);
        let stale = self.sims.get(&key).is_none_or(|e| e.table_id != table_id);
        // Fast path: nothing the layout depends on has changed.
        if !stale {
            if let Some(entry) = self.sims.get_mut(&key) {
                entry.state.roll(now);
                let want = if on_demand { entry.state.previous_peak() } else { (rcu, wcu) };
                let same_throughput = (entry.state.layout.rcu, entry.state.layout.wcu) == want;
                let same_shape = entry.fingerprint.is_some_and(|f| {
                    (f.rcu, f.wcu, f.on_demand, f.limit) == (fingerprint.rcu, fingerprint.wcu, on_demand, limit)
                });
                let same_data = entry.fingerprint == Some(fingerprint);
                // Far below the size limit no write can cause a split.
                let no_split_due = bytes as u64 <= limit;
                if same_throughput && entry.state.on_demand == on_demand && same_shape {
                    if same_data && !entry.bytes_dirty {
                        return self.sims.get_mut(&key).ok_or_else(ApiError::resource_not_found);
                    }
                    if !full && no_split_due {
                        entry.bytes_dirty = true;
                        entry.fingerprint = Some(fingerprint);
                        return self.sims.get_mut(&key).ok_or_else(ApiError::resource_not_found);
                    }
                }
            }
        }
        let t = self.tables.get(table).ok_or_else(ApiError::resource_not_found)?;
        let collections: Vec<(u64, u64)> = match index {
            None => t.storage.collection_sizes().map(|(h, size, _)| (hash_position(h), size as u64)).collect(),
            Some(name) => t
                .index_store(name)
                .map(|store| store.collection_sizes().map(|(h, size, _)| (hash_position(h), size as u64)).collect())
                .unwrap_or_default(),
        };
        if stale {
            let layout = fresh_layout(on_demand, rcu, wcu, &collections, limit);
            let state = ThroughputState::new(layout, on_demand, now);
            self.sims.insert(
                key.clone(),
                SimEntry { table_id, state, heat_splits: Vec::new(), fingerprint: None, bytes_dirty: false },
            );
        }
        let entry = self.sims.get_mut(&key).ok_or_else(ApiError::resource_not_found)?;
        let state = &mut entry.state;
        state.roll(now);
        let before = state.layout.clone();
        let (want_r, want_w) = if on_demand { state.previous_peak() } else { (rcu, wcu) };
        if state.on_demand != on_demand || state.layout.rcu != want_r || state.layout.wcu != want_w {
            state.on_demand = on_demand;
            state.layout.set_throughput(want_r, want_w);
        }
        let mut per_partition = bytes_per_partition(&state.layout, &collections);
        if per_partition.iter().any(|b| *b > limit) {
            state.layout.split_for_size(&collections, limit);
            per_partition = bytes_per_partition(&state.layout, &collections);
        }
        state.remap(&before);
        for (part, bytes) in state.parts.iter_mut().zip(per_partition) {
            part.bytes = bytes;
        }
        entry.fingerprint = Some(fingerprint);
        entry.bytes_dirty = false;
        Ok(entry)
    }

    /// The partitions of `table` (or its GSI `index`) in keyspace order:
    /// hash range, items, bytes, throughput shares and burst levels.
    pub fn describe_partitions(&mut self, table: &str, index: Option<&str>) -> Result<Vec<PartitionInfo>> {
        let counts: Vec<(u64, u64)> = {
            let t = self.tables.get(table).ok_or_else(ApiError::resource_not_found)?;
            match index {
                None => t.storage.collection_sizes().map(|(h, _, n)| (hash_position(h), n as u64)).collect(),
                Some(name) => t
                    .index_store(name)
                    .map(|store| store.collection_sizes().map(|(h, _, n)| (hash_position(h), n as u64)).collect())
                    .unwrap_or_default(),
            }
        };
        let entry = self.sync_sim_with(table, index, true)?;
        let state = &entry.state;
        let mut infos: Vec<PartitionInfo> = state
            .layout
            .partitions
            .iter()
            .zip(&state.parts)
            .map(|(p, s)| PartitionInfo {
                start: p.start,
                end: p.end,
                item_count: 0,
                bytes: s.bytes,
                rcu_share: p.rcu_share,
                wcu_share: p.wcu_share,
                read_tokens: s.read_tokens,
                write_tokens: s.write_tokens,
            })
            .collect();
        for (pos, n) in counts {
            let i = state.layout.locate(pos);
            if let Some(info) = infos.get_mut(i) {
                info.item_count += n;
            }
        }
        Ok(infos)
    }

    /// Runs a workload on the capacity model of its table (or GSI), moving
    /// the engine clock by its duration. Deterministic for a given seed:
    /// [`Engine::start_workload`], then [`Engine::step_workload`] until it
    /// is over.
    pub fn run_workload(&mut self, workload: &Workload) -> Result<WorkloadReport> {
        let mut run = self.start_workload(workload)?;
        while self.step_workload(&mut run)? {}
        Ok(run.report())
    }

    /// Checks a workload and starts it at the next whole second of the
    /// engine clock; nothing is simulated yet.
    pub fn start_workload(&mut self, workload: &Workload) -> Result<WorkloadRun> {
        let key_type = {
            let t = self.tables.get(&workload.table).ok_or_else(ApiError::resource_not_found)?;
            match &workload.index {
                None => t.definition.key_schema.partition_key.scalar_type,
                Some(name) => t
                    .index(name)
                    .map(|i| i.key_schema.partition_key.scalar_type)
                    .ok_or_else(ApiError::resource_not_found)?,
            }
        };
        if workload.seconds > MAX_WORKLOAD_SECONDS {
            return Err(ApiError::validation(format!(
                "A workload may run for at most {MAX_WORKLOAD_SECONDS} seconds; this one asks for {}",
                workload.seconds
            )));
        }
        let planned: f64 =
            (0..workload.seconds).map(|s| workload.streams.iter().map(|st| st.rate_at(s).ceil()).sum::<f64>()).sum();
        if planned > MAX_WORKLOAD_REQUESTS as f64 {
            return Err(ApiError::validation(format!(
                "A workload may simulate at most {MAX_WORKLOAD_REQUESTS} requests; this one asks for {planned}"
            )));
        }
        // Whole seconds: the workload starts at the next full second.
        let start = self.clock.now_millis().div_ceil(1000);
        self.clock.set(start.saturating_mul(1000));
        let entry = self.sync_sim(&workload.table, workload.index.as_deref())?;
        let (partitions_seen, splits_seen) = (entry.state.layout.len(), entry.heat_splits.len());
        Ok(WorkloadRun {
            key_type,
            runs: workload.streams.iter().map(StreamRun::new).collect(),
            rng: Rng::new(workload.seed),
            counts: vec![0; workload.streams.len()],
            done: 0,
            partitions_seen,
            splits_seen,
            samples: VecDeque::new(),
            report: WorkloadReport { start_second: start, ..Default::default() },
            workload: workload.clone(),
        })
    }

    /// Simulates the next second of `run`: the requests of that second are
    /// admitted against the buckets (or throttled), the second is closed
    /// (its samples and busiest keys recorded) and the clock moves to the
    /// start of the next one. `Ok(false)` once the run is over (then nothing
    /// happens). Fails if the table (or GSI) is gone.
    pub fn step_workload(&mut self, run: &mut WorkloadRun) -> Result<bool> {
        if run.is_finished() {
            return Ok(false);
        }
        let s = run.done;
        let second = run.report.start_second.saturating_add(u64::from(s));
        self.clock.set(second.saturating_mul(1000));
        // Brings the buckets to this second; splits for heat that are due.
        let entry = self.sync_sim(&run.workload.table, run.workload.index.as_deref())?;
        for &(_, partition) in entry.heat_splits.get(run.splits_seen..).unwrap_or_default() {
            run.report.heat_splits.push((s, partition));
        }
        run.splits_seen = entry.heat_splits.len();
        let state = &mut entry.state;
        if state.layout.len() != run.partitions_seen {
            run.partitions_seen = state.layout.len();
            run.runs.iter_mut().for_each(StreamRun::forget_partitions);
        }
        let mut totals = SecondTotals { second: s, ..Default::default() };
        let mut most = 0;
        for (stream, count) in run.runs.iter_mut().zip(run.counts.iter_mut()) {
            let wanted = stream.carry + stream.stream.rate_at(s);
            *count = wanted.floor() as u64;
            stream.carry = wanted - *count as f64;
            most = most.max(*count);
        }
        let key_type = run.key_type;
        for j in 0..most {
            for (stream, count) in run.runs.iter_mut().zip(&run.counts) {
                if j >= *count {
                    continue;
                }
                let k = stream.draw(&mut run.rng);
                let name = &stream.stream;
                let Some(slot) = stream.slots.get_mut(k as usize) else { continue };
                if slot.partition == u32::MAX {
                    slot.position = key_position(&workload_key(name, k, key_type));
                    slot.partition = state.layout.locate(slot.position) as u32;
                }
                if slot.touched_in != s + 1 {
                    slot.touched_in = s + 1;
                    stream.touched.push((k, slot.accesses, slot.throttles));
                }
                totals.requests += 1;
                slot.accesses += 1;
                match state.admit(slot.partition as usize, stream.access, stream.units) {
                    Ok(()) => match stream.access {
                        Access::Read => totals.consumed_read += stream.units,
                        Access::Write => totals.consumed_write += stream.units,
                    },
                    Err(t) => {
                        totals.throttled += 1;
                        slot.throttles += 1;
                        if t == Throttle::HardLimit {
                            run.report.throttled_hard_limit += 1;
                        }
                    }
                }
            }
        }
        record_second_keys(&mut run.runs, state);
        let next = second.saturating_add(1);
        state.roll(next);
        run.samples.extend(state.window(second, next).cloned());
        while run.samples.front().is_some_and(|x| x.second.saturating_add(METRICS_RETENTION_SECONDS) < next) {
            run.samples.pop_front();
        }
        let report = &mut run.report;
        report.requests += totals.requests;
        report.throttled += totals.throttled;
        report.consumed_read += totals.consumed_read;
        report.consumed_write += totals.consumed_write;
        report.per_second.push(totals);
        run.done += 1;
        self.clock.set(next.saturating_mul(1000));
        Ok(true)
    }

    /// Metrics of `table` (or its GSI `index`) for engine seconds
    /// `from..to`: the per-partition samples, and the `top_n` busiest keys
    /// of the window (the second under way included).
    pub fn metrics(&mut self, table: &str, index: Option<&str>, from: u64, to: u64, top_n: usize) -> Result<Metrics> {
        let entry = self.sync_sim(table, index)?;
        let samples = entry.state.window(from, to).cloned().collect();
        let top_keys = entry
            .state
            .keys
            .top(from, to, top_n)
            .into_iter()
            .map(|k| KeyStat { key: k.key, accesses: k.accesses, throttles: k.throttles })
            .collect();
        Ok(Metrics { samples, top_keys })
    }

    /// Admits a request's charges against the buckets of the partitions it touched: all or nothing. A charge
    /// names the partition key that pays it (`Charge::partition`: the item's
    /// key, a Query's key, a GSI entry's index key); a charge without one (a
    /// Scan page) is spread evenly over the partitions of the table or GSI it
    /// draws on. LSI charges and base-item fetches draw on the table.
    pub(crate) fn admit(&mut self, charges: &[Charge]) -> Result<()> {
        type Demand = (Option<String>, Access, Option<KeyValue>, f64);
        let mut demands: BTreeMap<String, Vec<Demand>> = BTreeMap::new();
        for charge in charges {
            let index = match &charge.scope {
                Scope::Index { name, global: true, .. } => Some(name.clone()),
                _ => None,
            };
            let access = match charge.kind {
                ChargeKind::Read(_) | ChargeKind::TransactionalRead => Access::Read,
                ChargeKind::Write | ChargeKind::TransactionalWrite => Access::Write,
            };
            demands.entry(charge.table.clone()).or_default().push((
                index,
                access,
                charge.partition.clone(),
                charge.units,
            ));
        }
        if demands.is_empty() {
            return Ok(());
        }
        // Check everything first, then consume: a throttled request takes nothing.
        let mut plans: Vec<(SimKey, Vec<Want>)> = Vec::new();
        for (table, list) in &demands {
            let mut by_target: BTreeMap<Option<String>, Vec<(usize, Access, f64)>> = BTreeMap::new();
            for (index, access, key, units) in list {
                let Ok(entry) = self.sync_sim(table, index.as_deref()) else { continue };
                let n = entry.state.layout.len();
                let target = by_target.entry(index.clone()).or_default();
                match key {
                    Some(key) => target.push((partition_of(&entry.state.layout, key), *access, *units)),
                    None => target.extend((0..n).map(|i| (i, *access, units / n as f64))),
                }
            }
            for (index, wants) in by_target {
                let mut summed: BTreeMap<(usize, bool), f64> = BTreeMap::new();
                for (i, access, units) in wants {
                    *summed.entry((i, access == Access::Write)).or_default() += units;
                }
                plans.push((
                    (table.clone(), index),
                    summed
                        .into_iter()
                        .map(|((i, w), u)| (i, if w { Access::Write } else { Access::Read }, u))
                        .collect(),
                ));
            }
        }
        let mut refusal = None;
        for ((table, index), wants) in &plans {
            let Some(entry) = self.sims.get_mut(&(table.clone(), index.clone())) else { continue };
            for (i, access, units) in wants {
                if let Err(t) = entry.state.check(*i, *access, *units) {
                    entry.state.count_throttle(*i, *access, t);
                    refusal.get_or_insert((t, index.is_some()));
                }
            }
        }
        let keyed: Vec<(String, KeyValue)> = demands
            .iter()
            .flat_map(|(t, list)| {
                list.iter().filter(|d| d.0.is_none()).filter_map(move |d| d.2.clone().map(|k| (t.clone(), k)))
            })
            .collect();
        if let Some((table, key)) = keyed.first() {
            self.count_key(table, None, key, refusal.is_some());
        }
        if let Some((throttle, on_gsi)) = refusal {
            return Err(throttle_error(throttle, on_gsi));
        }
        for ((table, index), wants) in &plans {
            let Some(entry) = self.sims.get_mut(&(table.clone(), index.clone())) else { continue };
            for (i, access, units) in wants {
                if let Ok(from_bucket) = entry.state.check(*i, *access, *units) {
                    entry.state.consume(*i, *access, *units, from_bucket);
                }
            }
        }
        Ok(())
    }

    /// Counts one real request's key in the table's (or GSI's) key record
    /// for the second under way.
    pub(crate) fn count_key(&mut self, table: &str, index: Option<&str>, key: &KeyValue, throttled: bool) {
        if let Some(entry) = self.sims.get_mut(&Self::sim_key(table, index)) {
            let name = match key {
                KeyValue::S(s) => s.clone(),
                KeyValue::N(n) => n.to_string(),
                KeyValue::B(b) => format!("{b:02x?}"),
            };
            entry.state.keys.count(&name, key_position(key), 1, u64::from(throttled));
        }
    }
}

/// The exception a throttled request fails with (semantics C; messages as
/// DynamoDB sends them, which differ from DG:Programming.Errors' summaries).
pub fn throttle_error(throttle: Throttle, on_gsi: bool) -> ApiError {
    match (throttle, on_gsi) {
        (Throttle::OnDemand, _) => ApiError::Throttling("Rate of requests exceeds the allowed throughput.".into()),
        (_, false) => ApiError::ProvisionedThroughputExceeded(
            "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.".into(),
        ),
        (_, true) => ApiError::ProvisionedThroughputExceeded(
            "The level of configured provisioned throughput for one or more global secondary indexes of the table was exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes with the UpdateTable API".into(),
        ),
    }
}

/// The layout a table (or GSI) gets when first simulated: the seed formula
/// on its capacity (on demand: the initial previous peak) and data, then any
/// splits its data needs at the size limit.
pub(crate) fn fresh_layout(on_demand: bool, rcu: f64, wcu: f64, sizes: &[(u64, u64)], limit: u64) -> PartitionLayout {
    let total: u64 = sizes.iter().map(|c| c.1).sum();
    let mut layout = if on_demand {
        PartitionLayout::initial(ON_DEMAND_INITIAL_READ_PEAK, ON_DEMAND_INITIAL_WRITE_PEAK, total, limit)
    } else {
        PartitionLayout::initial(rcu, wcu, total, limit)
    };
    layout.split_for_size(sizes, limit);
    layout
}

impl Engine {
    /// The inputs of [`fresh_layout`] for a table or GSI, read-only.
    fn layout_inputs(&self, table: &str, index: Option<&str>) -> Option<LayoutInputs> {
        let t = self.tables.get(table)?;
        let on_demand = t.definition.billing_mode == BillingMode::PayPerRequest;
        let (rcu, wcu, sizes) = match index {
            None => (
                t.definition.throughput.read_capacity_units as f64,
                t.definition.throughput.write_capacity_units as f64,
                t.storage.collection_sizes().map(|(h, size, _)| (hash_position(h), size as u64)).collect(),
            ),
            Some(name) => {
                let def = t.index(name)?;
                let sizes = t
                    .index_store(name)?
                    .collection_sizes()
                    .map(|(h, size, _)| (hash_position(h), size as u64))
                    .collect();
                (def.throughput.read_capacity_units as f64, def.throughput.write_capacity_units as f64, sizes)
            }
        };
        Some((on_demand, rcu, wcu, sizes, t.definition.id.clone()))
    }

    /// The layouts a snapshot must carry: those that history (doubling,
    /// splits of data since deleted) made different from what a fresh
    /// simulation of the same table would give.
    pub(crate) fn layouts_to_save(&self) -> Vec<(&SimKey, &PartitionLayout)> {
        let limit = self.settings.partition_size_limit_bytes.max(1);
        self.sims
            .iter()
            .filter(|((table, index), entry)| {
                let Some((on_demand, rcu, wcu, sizes, id)) = self.layout_inputs(table, index.as_deref()) else {
                    return false;
                };
                if id != entry.table_id {
                    return false;
                }
                let mut fresh = fresh_layout(on_demand, rcu, wcu, &sizes, limit);
                let (want_r, want_w) = if on_demand { entry.state.previous_peak() } else { (rcu, wcu) };
                fresh.set_throughput(want_r, want_w);
                fresh.partitions != entry.state.layout.partitions
            })
            .map(|(key, entry)| (key, &entry.state.layout))
            .collect()
    }

    /// Puts back a saved layout (from a snapshot) for a table or GSI.
    pub(crate) fn restore_layout(
        &mut self,
        table: &str,
        index: Option<&str>,
        mut layout: PartitionLayout,
    ) -> Result<()> {
        let (on_demand, rcu, wcu, _, table_id) =
            self.layout_inputs(table, index).ok_or_else(ApiError::resource_not_found)?;
        (layout.rcu, layout.wcu) =
            if on_demand { (ON_DEMAND_INITIAL_READ_PEAK, ON_DEMAND_INITIAL_WRITE_PEAK) } else { (rcu, wcu) };
        let now = self.clock.now_millis() / 1000;
        let state = ThroughputState::new(layout, on_demand, now);
        let entry = SimEntry { table_id, state, heat_splits: Vec::new(), fingerprint: None, bytes_dirty: false };
        self.sims.insert(Self::sim_key(table, index), entry);
        self.sync_sim_with(table, index, true).map(|_| ())
    }
}

/// Where a partition key falls in a layout (for the hooks).
pub(crate) fn partition_of(layout: &PartitionLayout, key: &KeyValue) -> usize {
    layout.locate(hash_position(&keyspace_hash(key)))
}
