//! Workloads: deterministic request traffic run against a table's (or
//! GSI's) capacity model, one second at a time (see the module docs of
//! `sim`).

use std::collections::VecDeque;

use crate::engine::capacity::{read_units, write_units, Consistency};
use crate::engine::contributors::KEYS_PER_SECOND;
use crate::engine::error::{ApiError, Result};
use crate::engine::ordered;
use crate::engine::partition::key_position;
use crate::engine::schema::{KeyValue, ScalarType};
use crate::engine::service::Engine;
use crate::engine::throttling::ThrottleCounts;
use crate::engine::throughput::{Access, PartitionSample, Throttle, ThroughputState, METRICS_RETENTION_SECONDS};
use crate::engine::value::Number;

/// Most distinct keys a uniform or Zipf stream may draw from.
pub const MAX_WORKLOAD_KEYS: u32 = 1_000_000;
/// Most requests one workload may simulate (a guard for the browser).
pub const MAX_WORKLOAD_REQUESTS: u64 = 50_000_000;
/// Longest workload: one day of engine time.
pub const MAX_WORKLOAD_SECONDS: u32 = 86_400;

/// What a traffic line's requests do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TrafficKind {
    /// A GetItem-sized read of one item.
    Read { consistent: bool },
    /// A PutItem of one item.
    Write,
}

/// Which keys a traffic line's requests go to.
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

/// One line of traffic: requests of one kind, at a rate, over a key
/// distribution.
#[derive(Clone, Debug, PartialEq)]
pub struct Traffic {
    pub operation: TrafficKind,
    /// Requests per second from the given second (relative to the start)
    /// on; the first entry should be at second 0 (before it, the rate is 0).
    pub rates: Vec<(u32, f64)>,
    pub keys: KeyDistribution,
    /// The key name (or its prefix).
    pub key_prefix: String,
    /// Bytes per item read or written.
    pub item_size_bytes: u32,
}

impl Traffic {
    /// A stream at a constant rate.
    pub fn constant(operation: TrafficKind, per_second: f64, keys: KeyDistribution, prefix: &str, size: u32) -> Self {
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
    pub traffic: Vec<Traffic>,
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
    /// The throttled by access and the limit that refused them (the
    /// throttling reasons; a GSI's when the workload ran against one).
    pub throttles: ThrottleCounts,
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

/// SplitMix64: small, fast, and the same everywhere. The one generator of
/// the crate: workloads, the item generator, the endpoint's request ids and
/// the randomized tests all draw from it, seeded, so a run can be repeated.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// SplitMix64's increment (the golden ratio in 64 bits).
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        let out = Self::mix(self.0);
        self.0 = self.0.wrapping_add(Self::GAMMA);
        out
    }

    /// One step of the generator from state `z`, without a generator: a
    /// good 64-bit mix of a counter (`Rng::new(z).next_u64()`).
    pub fn mix(z: u64) -> u64 {
        let mut z = z.wrapping_add(Self::GAMMA);
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

/// A Zipf choice among `count` values: value `k` (from 0) drawn with weight
/// `1/(k+1)^s`, from a table of cumulative weights. Shared by workloads,
/// design reviews and the item generator.
#[derive(Clone, Debug, PartialEq)]
pub struct Zipf {
    cdf: Vec<f64>,
}

impl Zipf {
    /// `s` that is not finite counts as 1.
    pub fn new(count: u32, s: f64) -> Self {
        let s = if s.is_finite() { s } else { 1.0 };
        let mut acc = 0.0;
        let mut cdf: Vec<f64> = (0..count)
            .map(|k| {
                acc += 1.0 / f64::from(k + 1).powf(s);
                acc
            })
            .collect();
        let total = acc.max(f64::MIN_POSITIVE);
        cdf.iter_mut().for_each(|c| *c /= total);
        Self { cdf }
    }

    /// A value in `0..count`.
    pub fn draw(&self, rng: &mut Rng) -> u64 {
        let u = rng.next_f64();
        (self.cdf.partition_point(|c| *c <= u) as u64).min(self.cdf.len().saturating_sub(1) as u64)
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
struct TrafficRun {
    stream: Traffic,
    keys: u32,
    zipf: Option<Zipf>,
    slots: Vec<KeySlot>,
    /// Keys drawn in the second under way, with their counts before it.
    touched: Vec<(u32, u64, u64)>,
    access: Access,
    units: f64,
    carry: f64,
}

impl TrafficRun {
    fn new(stream: &Traffic) -> Self {
        let keys = stream.key_count();
        let zipf = match stream.keys {
            KeyDistribution::Zipf { s, .. } => Some(Zipf::new(keys, s)),
            _ => None,
        };
        let size = stream.item_size_bytes as usize;
        let (access, units) = match stream.operation {
            TrafficKind::Read { consistent } => {
                let c = if consistent { Consistency::Strong } else { Consistency::Eventual };
                (Access::Read, read_units(size, c))
            }
            TrafficKind::Write => (Access::Write, write_units(size)),
        };
        Self {
            stream: stream.clone(),
            keys,
            zipf,
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
            KeyDistribution::Zipf { .. } => match &self.zipf {
                Some(zipf) => zipf.draw(rng) as u32,
                None => 0,
            },
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
fn record_second_keys(runs: &mut [TrafficRun], state: &mut ThroughputState) {
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
    runs: Vec<TrafficRun>,
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
fn workload_key(stream: &Traffic, k: u32, key_type: ScalarType) -> KeyValue {
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
            (0..workload.seconds).map(|s| workload.traffic.iter().map(|st| st.rate_at(s).ceil()).sum::<f64>()).sum();
        if planned > MAX_WORKLOAD_REQUESTS as f64 {
            return Err(ApiError::validation(format!(
                "A workload may simulate at most {MAX_WORKLOAD_REQUESTS} requests; this one asks for {planned}"
            )));
        }
        // Whole seconds: the workload starts at the next full second.
        let start = self.clock.now_millis().div_ceil(1000);
        self.clock.set(start.saturating_mul(1000));
        let entry = self.sync_capacity(&workload.table, workload.index.as_deref())?;
        let (partitions_seen, splits_seen) = (entry.state.layout.len(), entry.heat_splits.len());
        Ok(WorkloadRun {
            key_type,
            runs: workload.traffic.iter().map(TrafficRun::new).collect(),
            rng: Rng::new(workload.seed),
            counts: vec![0; workload.traffic.len()],
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
        let entry = self.sync_capacity(&run.workload.table, run.workload.index.as_deref())?;
        for &(_, partition) in entry.heat_splits.get(run.splits_seen..).unwrap_or_default() {
            run.report.heat_splits.push((s, partition));
        }
        run.splits_seen = entry.heat_splits.len();
        let state = &mut entry.state;
        if state.layout.len() != run.partitions_seen {
            run.partitions_seen = state.layout.len();
            run.runs.iter_mut().for_each(TrafficRun::forget_partitions);
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
                        run.report.throttles.add(stream.access, t.limit_type(), 1);
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
}
