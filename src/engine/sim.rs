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
//! see `tests/partitions.rs`). At the end the engine clock has moved by the
//! workload's duration. Workloads also split partitions for heat
//! (`throughput`), since they know each key's traffic.

use std::collections::BTreeMap;

use super::capacity::{read_units, write_units, ChargeKind, Consistency, Scope};
use super::error::{ApiError, Result};
use super::partition::{hash_position, key_position, PartitionLayout};
use super::schema::{KeyValue, ScalarType};
use super::service::Engine;
use super::storage::keyspace_hash;
use super::table::BillingMode;
use super::throughput::{
    Access, PartitionSample, Throttle, ThroughputState, ON_DEMAND_INITIAL_READ_PEAK, ON_DEMAND_INITIAL_WRITE_PEAK,
};
use super::value::Number;

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
    /// Top keys since the table was first simulated (workloads add theirs).
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
    /// Accesses and throttles per key.
    keys: BTreeMap<String, (u64, u64)>,
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

/// Per-stream precomputation: key sampler and key → partition cache.
struct StreamRun<'a> {
    stream: &'a Stream,
    keys: u32,
    cdf: Vec<f64>,
    partition_of: Vec<u32>,
    /// Keyspace position of each key drawn so far.
    position_of: Vec<u64>,
    stats: Vec<(u64, u64)>,
    access: Access,
    units: f64,
    carry: f64,
}

impl<'a> StreamRun<'a> {
    fn new(stream: &'a Stream) -> Self {
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
            stream,
            keys,
            cdf,
            partition_of: vec![u32::MAX; keys as usize],
            position_of: vec![0; keys as usize],
            stats: vec![(0, 0); keys as usize],
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
}

/// Where to split partition `partition` for heat: the traffic-weighted
/// median of the keys this workload sent there so far (the first key past
/// half the accesses, never the lowest key), so each child gets about half.
/// `None` with fewer than two keys: one key cannot be split off further.
fn heat_split_point(runs: &[StreamRun], partition: usize) -> Option<u64> {
    let mut keys: Vec<(u64, u64)> = runs
        .iter()
        .flat_map(|run| {
            run.partition_of
                .iter()
                .zip(&run.position_of)
                .zip(&run.stats)
                .filter(|((p, _), (accesses, _))| **p as usize == partition && *accesses > 0)
                .map(|((_, pos), (accesses, _))| (*pos, *accesses))
        })
        .collect();
    keys.sort_unstable();
    keys.dedup_by(|b, a| {
        if a.0 == b.0 {
            a.1 += b.1;
            true
        } else {
            false
        }
    });
    if keys.len() < 2 {
        return None;
    }
    let total: u64 = keys.iter().map(|k| k.1).sum();
    let mut seen = 0;
    for (k, (pos, accesses)) in keys.iter().enumerate() {
        if k > 0 && seen * 2 >= total {
            return Some(*pos);
        }
        seen += accesses;
    }
    keys.last().map(|k| k.0)
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
    keys.sort_by(|a, b| b.accesses.cmp(&a.accesses).then(b.throttles.cmp(&a.throttles)).then(a.key.cmp(&b.key)));
    keys.truncate(n);
    keys
}

impl Engine {
    fn sim_key(table: &str, index: Option<&str>) -> (String, Option<String>) {
        (table.to_string(), index.map(str::to_string))
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
    pub(crate) fn sync_sim_with(&mut self, table: &str, index: Option<&str>, full: bool) -> Result<&mut SimEntry> {
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
                SimEntry { table_id, state, keys: BTreeMap::new(), fingerprint: None, bytes_dirty: false },
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
    /// the engine clock by its duration. Deterministic for a given seed.
    pub fn run_workload(&mut self, workload: &Workload) -> Result<WorkloadReport> {
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
        self.clock.set(start * 1000);
        let heat_after = self.settings.heat_split_seconds;
        let entry = self.sync_sim(&workload.table, workload.index.as_deref())?;
        let mut runs: Vec<StreamRun> = workload.streams.iter().map(StreamRun::new).collect();
        let mut rng = Rng::new(workload.seed);
        let mut report = WorkloadReport { start_second: start, ..Default::default() };
        let state = &mut entry.state;
        let mut counts = vec![0u64; runs.len()];
        for s in 0..workload.seconds {
            state.roll(start + u64::from(s));
            if heat_after > 0 {
                let hot: Vec<usize> = (0..state.parts.len())
                    .filter(|&i| u64::from(state.parts[i].hot_streak) >= heat_after)
                    .rev()
                    .collect();
                for i in hot {
                    if let Some(p) = state.parts.get_mut(i) {
                        p.hot_streak = 0;
                    }
                    let Some(at) = heat_split_point(&runs, i) else { continue };
                    if state.split_for_heat(i, at) {
                        report.heat_splits.push((s, i));
                        for run in runs.iter_mut() {
                            run.partition_of.iter_mut().for_each(|p| *p = u32::MAX);
                        }
                    }
                }
            }
            let mut totals = SecondTotals { second: s, ..Default::default() };
            let mut most = 0;
            for (run, count) in runs.iter_mut().zip(counts.iter_mut()) {
                let wanted = run.carry + run.stream.rate_at(s);
                *count = wanted.floor() as u64;
                run.carry = wanted - *count as f64;
                most = most.max(*count);
            }
            for j in 0..most {
                for (run, count) in runs.iter_mut().zip(&counts) {
                    if j >= *count {
                        continue;
                    }
                    let k = run.draw(&mut rng);
                    let slot = k as usize;
                    let mut partition = run.partition_of[slot];
                    if partition == u32::MAX {
                        let pos = key_position(&workload_key(run.stream, k, key_type));
                        partition = state.layout.locate(pos) as u32;
                        run.partition_of[slot] = partition;
                        run.position_of[slot] = pos;
                    }
                    totals.requests += 1;
                    run.stats[slot].0 += 1;
                    match state.admit(partition as usize, run.access, run.units) {
                        Ok(()) => match run.access {
                            Access::Read => totals.consumed_read += run.units,
                            Access::Write => totals.consumed_write += run.units,
                        },
                        Err(t) => {
                            totals.throttled += 1;
                            run.stats[slot].1 += 1;
                            if t == Throttle::HardLimit {
                                report.throttled_hard_limit += 1;
                            }
                        }
                    }
                }
            }
            report.requests += totals.requests;
            report.throttled += totals.throttled;
            report.consumed_read += totals.consumed_read;
            report.consumed_write += totals.consumed_write;
            report.per_second.push(totals);
        }
        let end = start + u64::from(workload.seconds);
        state.roll(end);
        report.partitions = state.window(start, end).cloned().collect();
        let mut all = Vec::new();
        for run in &runs {
            for (k, (a, t)) in run.stats.iter().enumerate() {
                if *a > 0 {
                    all.push(KeyStat { key: run.stream.key_name(k as u32), accesses: *a, throttles: *t });
                }
            }
        }
        // Keep at least 100 for the engine's running top-keys list.
        let top = sort_top(all, workload.top_n.max(100));
        for k in &top {
            let slot = entry.keys.entry(k.key.clone()).or_default();
            slot.0 += k.accesses;
            slot.1 += k.throttles;
        }
        report.top_keys = sort_top(top, workload.top_n);
        self.clock.set(end * 1000);
        Ok(report)
    }

    /// Metrics of `table` (or its GSI `index`) for engine seconds
    /// `from..to`, and the top `top_n` keys so far.
    pub fn metrics(&mut self, table: &str, index: Option<&str>, from: u64, to: u64, top_n: usize) -> Result<Metrics> {
        let entry = self.sync_sim(table, index)?;
        let samples = entry.state.window(from, to).cloned().collect();
        let keys =
            entry.keys.iter().map(|(k, (a, t))| KeyStat { key: k.clone(), accesses: *a, throttles: *t }).collect();
        Ok(Metrics { samples, top_keys: sort_top(keys, top_n) })
    }

    /// Admits the last request's charges ([`Engine::last_charges`]) against
    /// the buckets of the partitions it touched: all or nothing. A charge
    /// names the partition key that pays it (`Charge::partition`: the item's
    /// key, a Query's key, a GSI entry's index key); a charge without one (a
    /// Scan page) is spread evenly over the partitions of the table or GSI it
    /// draws on. LSI charges and base-item fetches draw on the table.
    pub(crate) fn admit(&mut self) -> Result<()> {
        type Demand = (Option<String>, Access, Option<KeyValue>, f64);
        let mut demands: BTreeMap<String, Vec<Demand>> = BTreeMap::new();
        for charge in &self.charges {
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
                    entry.state.count_throttle(*i, *access);
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

    /// Counts one real request's key on the top-keys list.
    pub(crate) fn count_key(&mut self, table: &str, index: Option<&str>, key: &KeyValue, throttled: bool) {
        if let Some(entry) = self.sims.get_mut(&Self::sim_key(table, index)) {
            let name = match key {
                KeyValue::S(s) => s.clone(),
                KeyValue::N(n) => n.to_string(),
                KeyValue::B(b) => format!("{b:02x?}"),
            };
            let slot = entry.keys.entry(name).or_default();
            slot.0 += 1;
            slot.1 += u64::from(throttled);
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
        let entry = SimEntry { table_id, state, keys: BTreeMap::new(), fingerprint: None, bytes_dirty: false };
        self.sims.insert(Self::sim_key(table, index), entry);
        self.sync_sim_with(table, index, true).map(|_| ())
    }
}

/// Where a partition key falls in a layout (for the hooks).
pub(crate) fn partition_of(layout: &PartitionLayout, key: &KeyValue) -> usize {
    layout.locate(hash_position(&keyspace_hash(key)))
}
