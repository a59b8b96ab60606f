//! The capacity model of each table and GSI: its partitions and token
//! buckets, kept in step with the definition and the data, and the metrics
//! read from it (partitions, samples, top keys).

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

use super::workload::KeyStat;
use crate::engine::error::{ApiError, Result};
use crate::engine::partition::{hash_position, PartitionLayout};
use crate::engine::schema::KeyValue;
use crate::engine::service::Engine;
use crate::engine::storage::keyspace_hash;
use crate::engine::table::BillingMode;
use crate::engine::throttling::ThrottleCounts;
use crate::engine::throughput::{
    OnDemandCeilings, PartitionSample, ThroughputState, ON_DEMAND_INITIAL_READ_PEAK, ON_DEMAND_INITIAL_WRITE_PEAK,
};

/// Metrics of a table or GSI over a window of engine seconds.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Metrics {
    pub samples: Vec<PartitionSample>,
    /// The window's busiest keys (requests and workloads alike; see
    /// [`crate::engine::contributors`]).
    pub top_keys: Vec<KeyStat>,
}

impl Metrics {
    /// The window's throttled requests by access and limit.
    pub fn throttles(&self) -> ThrottleCounts {
        let mut counts = ThrottleCounts::default();
        for sample in &self.samples {
            counts.merge(&sample.throttles);
        }
        counts
    }
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

/// Whose capacity model it is: a table's, or one of its GSIs'.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct SimKey {
    pub(crate) table: String,
    /// The GSI's name; `None` for the table itself.
    pub(crate) index: Option<String>,
}

/// What a fresh layout of a table or GSI is made from ([`fresh_layout`]).
struct LayoutInputs {
    on_demand: bool,
    rcu: f64,
    wcu: f64,
    /// (keyspace position, bytes) of each item collection.
    sizes: Vec<(u64, u64)>,
    /// The table's id (see [`SimEntry::table_id`]).
    table_id: String,
}

/// The engine's capacity model of one table or GSI.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SimEntry {
    /// The table's id: a table deleted and created again starts over.
    pub(super) table_id: String,
    pub(crate) state: ThroughputState,
    /// Every split for heat so far: (engine second, partition split).
    pub(super) heat_splits: Vec<(u64, usize)>,
    /// What the layout was last brought in step with.
    pub(super) fingerprint: Option<Fingerprint>,
    /// The partitions' bytes lag behind the data (see `sync_capacity`).
    pub(super) bytes_dirty: bool,
}

/// The capacity models by table and index.
type Models = BTreeMap<SimKey, SimEntry>;

/// The engine's capacity models. Derived state, brought in step lazily, so
/// a read-only question (`describe_partitions`) may bring it up to the
/// clock: behind a lock, which keeps the engine shareable between the
/// endpoint's threads. Writers reach it without locking (`get_mut`);
/// readers try the lock and never wait on it.
#[derive(Debug, Default)]
pub(crate) struct CapacityModels(Mutex<Models>);

impl Clone for CapacityModels {
    fn clone(&self) -> Self {
        let models = match self.0.try_lock() {
            Ok(models) => models.clone(),
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner().clone(),
            // Not reachable: a clone takes `&Engine`, while a reader holds
            // the lock only inside one call.
            Err(TryLockError::WouldBlock) => Models::new(),
        };
        Self(Mutex::new(models))
    }
}

impl CapacityModels {
    /// The models, for a caller that has the engine to itself.
    pub(crate) fn get_mut(&mut self) -> &mut Models {
        self.0.get_mut().unwrap_or_else(PoisonError::into_inner)
    }

    /// The models, for a read-only question.
    fn try_lock(&self) -> Result<MutexGuard<'_, Models>> {
        match self.0.try_lock() {
            Ok(models) => Ok(models),
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => {
                Err(ApiError::InternalServer("the capacity model is already in use".into()))
            }
        }
    }
}

/// When a sync recounts the bytes per partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bytes {
    /// Only when a split for size may be due (the data is near the limit).
    WhenSplitDue,
    /// Always.
    Exact,
}

/// What a layout depends on: unchanged, `sync_capacity` need not rescan the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fingerprint {
    rcu: u64,
    wcu: u64,
    on_demand: bool,
    bytes: usize,
    count: usize,
    limit: u64,
    /// The warm throughput in force.
    warm: (i64, i64),
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

impl Engine {
    pub(super) fn sim_key(table: &str, index: Option<&str>) -> SimKey {
        SimKey { table: table.to_string(), index: index.map(str::to_string) }
    }

    /// Forgets the capacity model of GSI `index` of `table`, whose deletion
    /// finished: its partitions, buckets and metrics go with it, and a GSI
    /// added again under the same name starts afresh. The entry is marked
    /// stale, as a deleted table's is: an empty id matches no table.
    pub(crate) fn forget_index_capacity(&mut self, table: &str, index: &str) {
        if let Some(entry) = self.sims.get_mut().get_mut(&Self::sim_key(table, Some(index))) {
            entry.table_id.clear();
        }
    }

    /// Brings the capacity model of `table` (or its GSI `index`) in step with
    /// the definition and the data, creating it on first use. The bytes per
    /// partition are recounted only when a split for size may be due: a write
    /// to a table far below the size limit skips that scan (see
    /// [`Engine::sync_capacity_exact`]).
    pub(crate) fn sync_capacity(&mut self, table: &str, index: Option<&str>) -> Result<&mut SimEntry> {
        self.sync_and_follow(table, index, Bytes::WhenSplitDue)
    }

    /// [`Engine::sync_capacity`], with the bytes per partition always
    /// recounted: what DescribePartitions and a restored snapshot show.
    pub(crate) fn sync_capacity_exact(&mut self, table: &str, index: Option<&str>) -> Result<&mut SimEntry> {
        self.sync_and_follow(table, index, Bytes::Exact)
    }

    /// The model brought in step (`sync_entry`), then the table's stream
    /// follows its partitions (`streams`): what a request that may write
    /// does.
    fn sync_and_follow(&mut self, table: &str, index: Option<&str>, recount: Bytes) -> Result<&mut SimEntry> {
        // The map is taken out of its lock while the rest of the engine is read.
        let mut sims = std::mem::take(self.sims.get_mut());
        let synced = self.sync_entry(&mut sims, table, index, recount);
        *self.sims.get_mut() = sims;
        synced?;
        if index.is_none() {
            self.stream_follows_partitions(table);
        }
        self.sims.get_mut().get_mut(&Self::sim_key(table, index)).ok_or_else(ApiError::resource_not_found)
    }

    /// `read` of the model brought in step, for a read-only question
    /// (partitions, metrics, a request's footprint): through the lock, and
    /// without the stream (it follows at the next request,
    /// `sync_and_follow`).
    pub(crate) fn read_synced<R>(
        &self,
        table: &str,
        index: Option<&str>,
        recount: Bytes,
        read: impl FnOnce(&SimEntry) -> R,
    ) -> Result<R> {
        let mut sims = self.sims.try_lock()?;
        self.sync_entry(&mut sims, table, index, recount)?;
        sims.get(&Self::sim_key(table, index)).map(read).ok_or_else(ApiError::resource_not_found)
    }

    /// The layout brought in step (`sync_layout`), then split for heat, now
    /// that the buckets have been brought to the clock's second: a partition
    /// whose hard limit refused requests in each of the last
    /// `heat_split_seconds` seconds splits
    /// ([`ThroughputState::split_hot_partitions`]), whether the traffic came
    /// from requests or from a workload. Each split is logged with its
    /// second.
    fn sync_entry(&self, sims: &mut Models, table: &str, index: Option<&str>, recount: Bytes) -> Result<()> {
        let heat_after = self.settings.heat_split_seconds;
        let now = self.clock.now_millis() / 1000;
        let entry = self.sync_layout(sims, table, index, recount)?;
        let split = entry.state.split_hot_partitions(heat_after);
        if !split.is_empty() {
            entry.heat_splits.extend(split.into_iter().map(|i| (now, i)));
            // The children's bytes are counted again on the next exact sync.
            entry.bytes_dirty = true;
        }
        Ok(())
    }

    /// The partitions of `table` as keyspace ranges, once it is simulated.
    pub(crate) fn partition_ranges(&self, table: &str) -> Option<Vec<(u64, u64)>> {
        let sims = self.sims.try_lock().ok()?;
        let entry = sims.get(&Self::sim_key(table, None))?;
        Some(entry.state.layout.partitions.iter().map(|p| (p.start, p.end)).collect())
    }

    /// The layout part of [`Engine::sync_capacity`].
    fn sync_layout<'m>(
        &self,
        sims: &'m mut Models,
        table: &str,
        index: Option<&str>,
        recount: Bytes,
    ) -> Result<&'m mut SimEntry> {
        let t = self.tables.get(table).ok_or_else(ApiError::resource_not_found)?;
        let on_demand = t.definition.billing_mode == BillingMode::PayPerRequest;
        let now_millis = self.clock.now_millis();
        let (mut warm, mut maximum) = (t.definition.warm.at(now_millis), t.definition.on_demand_maximum);
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
                    .filter(|i| i.kind == crate::engine::index::IndexKind::Global)
                    .ok_or_else(ApiError::resource_not_found)?;
                let store = t.index_store(name).ok_or_else(ApiError::resource_not_found)?;
                (warm, maximum) = (def.warm.at(now_millis), def.on_demand_maximum);
                let throughput = &def.throughput;
                let (r, w) = (throughput.read_capacity_units as f64, throughput.write_capacity_units as f64);
                (r, w, store.size_bytes(), store.entry_count())
            }
        };
        let table_id = t.definition.id.clone();
        let limit = self.settings.partition_size_limit_bytes.max(1);
        let fingerprint = Fingerprint { rcu: rcu.to_bits(), wcu: wcu.to_bits(), on_demand, bytes, count, limit, warm };
        let ceilings = OnDemandCeilings {
            maximum: (maximum.read.map(|r| r as f64), maximum.write.map(|w| w as f64)),
            ..OnDemandCeilings::default()
        };
        let now = self.clock.now_millis() / 1000;
        let key = Self::sim_key(table, index);
        let stale = sims.get(&key).is_none_or(|e| e.table_id != table_id);
        // Fast path: nothing the layout depends on has changed.
        if !stale {
            if let Some(entry) = sims.get_mut(&key) {
                entry.state.roll(now);
                entry.state.ceilings = ceilings;
                let want = if on_demand { entry.state.previous_peak() } else { (rcu, wcu) };
                let same_throughput = (entry.state.layout.rcu, entry.state.layout.wcu) == want;
                let same_shape = entry.fingerprint.is_some_and(|f| {
                    (f.rcu, f.wcu, f.on_demand, f.limit, f.warm)
                        == (fingerprint.rcu, fingerprint.wcu, on_demand, limit, warm)
                });
                let same_data = entry.fingerprint == Some(fingerprint);
                // Far below the size limit no write can cause a split.
                let no_split_due = bytes as u64 <= limit;
                if same_throughput && entry.state.on_demand == on_demand && same_shape {
                    if same_data && !entry.bytes_dirty {
                        return sims.get_mut(&key).ok_or_else(ApiError::resource_not_found);
                    }
                    if recount == Bytes::WhenSplitDue && no_split_due {
                        entry.bytes_dirty = true;
                        entry.fingerprint = Some(fingerprint);
                        return sims.get_mut(&key).ok_or_else(ApiError::resource_not_found);
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
            sims.insert(
                key.clone(),
                SimEntry { table_id, state, heat_splits: Vec::new(), fingerprint: None, bytes_dirty: false },
            );
        }
        let entry = sims.get_mut(&key).ok_or_else(ApiError::resource_not_found)?;
        let state = &mut entry.state;
        state.roll(now);
        state.ceilings = ceilings;
        let before = state.layout.clone();
        let (warm_r, warm_w) = (warm.0 as f64, warm.1 as f64);
        if on_demand {
            // Pre-warmed: the table serves its warm throughput at once.
            state.raise_peak(warm_r, warm_w);
        }
        let (want_r, want_w) = if on_demand { state.previous_peak() } else { (rcu, wcu) };
        if !on_demand && (warm_r > want_r || warm_w > want_w) {
            // Pre-warmed: the partitions its warm throughput needs, which
            // stay when the capacity is set back (partitions never merge).
            let mut warmed = state.layout.clone();
            warmed.set_throughput(warm_r.max(want_r), warm_w.max(want_w));
            if warmed.len() > state.layout.len() {
                state.layout = warmed;
            }
        }
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
    pub fn describe_partitions(&self, table: &str, index: Option<&str>) -> Result<Vec<PartitionInfo>> {
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
        self.read_synced(table, index, Bytes::Exact, |entry| {
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
            infos
        })
    }

    /// Metrics of `table` (or its GSI `index`) for engine seconds
    /// `from..to`: the per-partition samples, and the `top_n` busiest keys
    /// of the window (the second under way included).
    pub fn metrics(&self, table: &str, index: Option<&str>, from: u64, to: u64, top_n: usize) -> Result<Metrics> {
        self.read_synced(table, index, Bytes::WhenSplitDue, |entry| {
            let samples = entry.state.window(from, to).cloned().collect();
            let top_keys = entry
                .state
                .keys
                .top(from, to, top_n)
                .into_iter()
                .map(|k| KeyStat { key: k.key, accesses: k.accesses, throttles: k.throttles })
                .collect();
            Metrics { samples, top_keys }
        })
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
        Some(LayoutInputs { on_demand, rcu, wcu, sizes, table_id: t.definition.id.clone() })
    }

    /// The layouts a snapshot must carry: those that history (doubling,
    /// splits of data since deleted) made different from what a fresh
    /// simulation of the same table would give.
    pub(crate) fn layouts_to_save(&self) -> Vec<(SimKey, PartitionLayout)> {
        let limit = self.settings.partition_size_limit_bytes.max(1);
        let Ok(sims) = self.sims.try_lock() else { return Vec::new() };
        sims.iter()
            .filter(|(SimKey { table, index }, entry)| {
                let Some(LayoutInputs { on_demand, rcu, wcu, sizes, table_id }) =
                    self.layout_inputs(table, index.as_deref())
                else {
                    return false;
                };
                if table_id != entry.table_id {
                    return false;
                }
                let mut fresh = fresh_layout(on_demand, rcu, wcu, &sizes, limit);
                let (want_r, want_w) = if on_demand { entry.state.previous_peak() } else { (rcu, wcu) };
                fresh.set_throughput(want_r, want_w);
                fresh.partitions != entry.state.layout.partitions
            })
            .map(|(key, entry)| (key.clone(), entry.state.layout.clone()))
            .collect()
    }

    /// Puts back a saved layout (from a snapshot) for a table or GSI.
    pub(crate) fn restore_layout(
        &mut self,
        table: &str,
        index: Option<&str>,
        mut layout: PartitionLayout,
    ) -> Result<()> {
        let LayoutInputs { on_demand, rcu, wcu, table_id, .. } =
            self.layout_inputs(table, index).ok_or_else(ApiError::resource_not_found)?;
        (layout.rcu, layout.wcu) =
            if on_demand { (ON_DEMAND_INITIAL_READ_PEAK, ON_DEMAND_INITIAL_WRITE_PEAK) } else { (rcu, wcu) };
        let now = self.clock.now_millis() / 1000;
        let state = ThroughputState::new(layout, on_demand, now);
        let entry = SimEntry { table_id, state, heat_splits: Vec::new(), fingerprint: None, bytes_dirty: false };
        self.sims.get_mut().insert(Self::sim_key(table, index), entry);
        self.sync_capacity_exact(table, index).map(|_| ())
    }
}

/// Where a partition key falls in a layout (for the hooks).
pub(crate) fn partition_of(layout: &PartitionLayout, key: &KeyValue) -> usize {
    layout.locate(hash_position(&keyspace_hash(key)))
}
