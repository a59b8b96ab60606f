//! Engine settings: the timings and limits a lecturer may change to make a
//! behaviour visible in class.
//!
//! DynamoDB does some things in the background: a write reaches a global
//! secondary index a fraction of a second later, a new GSI backfills for
//! minutes to hours, a dropped one takes a few seconds to go. The engine
//! plays these out on its clock ([`crate::engine::clock`]) with the timings
//! below. The defaults are close to what DynamoDB does on small tables; raise
//! [`EngineSettings::gsi_propagation_delay_millis`] to several seconds to let
//! students catch a GSI serving stale results, or lower
//! [`EngineSettings::item_collection_limit_bytes`] to a few kilobytes so a
//! class can hit `ItemCollectionSizeLimitExceededException` with a handful of
//! items instead of 10 GB.
//!
//! Change them with [`crate::engine::Engine::settings_mut`]; the golden
//! scripts use `set <name> <value>` (names as in [`EngineSettings::set`]).

use super::index::ITEM_COLLECTION_LIMIT_BYTES;
use super::partition::PARTITION_SIZE_BYTES;

/// The engine's background timings and teaching knobs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSettings {
    /// How long after a base-table write its change reaches each GSI
    /// (engine milliseconds). 0 makes GSIs update synchronously.
    /// Default 250 ms: DynamoDB's GSIs typically catch up "within a fraction
    /// of a second".
    pub gsi_propagation_delay_millis: u64,
    /// A GSI added by UpdateTable stays `CREATING` (backfilling) for
    /// `gsi_backfill_base_millis + gsi_backfill_millis_per_mib × table MiB`.
    /// Defaults: 2,000 ms plus 1,000 ms per MiB of table data, so a demo
    /// table backfills in about two seconds and a 100 MiB one in under two
    /// minutes (DynamoDB takes minutes to hours; the rule is ours).
    pub gsi_backfill_base_millis: u64,
    /// See [`EngineSettings::gsi_backfill_base_millis`].
    pub gsi_backfill_millis_per_mib: u64,
    /// How long a dropped GSI stays `DELETING`. Default 2,500 ms (measured on
    /// AWS for a small index: about 2.6 s).
    pub gsi_delete_millis: u64,
    /// The item-collection limit of tables with local secondary indexes:
    /// the table's items and LSI entries under one partition key together.
    /// DynamoDB's is 10 GB (B.4); lower it to let a class reach it.
    pub item_collection_limit_bytes: u64,
    /// Teaching scale for partitions: a partition holding more than this
    /// splits in two (`crate::engine::partition`). DynamoDB's is 10 GB
    /// ([`PARTITION_SIZE_BYTES`]); set a few kilobytes to show splits with a
    /// handful of items. The UI shows it whenever it is not the real value.
    pub partition_size_limit_bytes: u64,
    /// Whether real requests are admitted against the partitions' token
    /// buckets (and throttled). Default on (1); 0 turns throttling of
    /// requests off (workloads are always simulated).
    pub enforce_throughput: bool,
    /// Split for heat: after this many seconds in a row of a partition's
    /// hard limit refusing requests (real ones or a workload's), it splits
    /// at its traffic's median key. Default 300 (our choice; DynamoDB says only that it
    /// isolates hot items "over time"); 0 turns it off.
    pub heat_split_seconds: u64,
    /// How long after an item's TTL expiry the sweeper deletes it (engine
    /// milliseconds; see `crate::engine::ttl`). Until then the expired item
    /// stays readable. Default 300,000 (5 minutes; DynamoDB deletes
    /// "within a few days", typically); 0 deletes at the next request.
    pub ttl_sweep_delay_millis: u64,
    /// How long a vector index added by UpdateTable allocates resources
    /// (the table `UPDATING`, the index `CREATING`). Default 30,000 ms, as
    /// measured on DynamoDB (semantics G.2).
    pub vector_allocation_millis: u64,
    /// How long its backfill then takes, whatever the table's size
    /// ("index construction drives backfill duration, not the number of
    /// items"). Default 30,000 ms; DynamoDB took minutes (our choice).
    pub vector_backfill_millis: u64,
    /// How long after turning `ACTIVE` it still refuses searches. Default
    /// 10,000 ms; DynamoDB calls the gap "brief and varies" (our choice).
    pub vector_serve_delay_millis: u64,
}

impl Default for EngineSettings {
    fn default() -> Self {
        Self {
            gsi_propagation_delay_millis: 250,
            gsi_backfill_base_millis: 2_000,
            gsi_backfill_millis_per_mib: 1_000,
            gsi_delete_millis: 2_500,
            item_collection_limit_bytes: ITEM_COLLECTION_LIMIT_BYTES,
            partition_size_limit_bytes: PARTITION_SIZE_BYTES,
            enforce_throughput: true,
            heat_split_seconds: 300,
            ttl_sweep_delay_millis: 300_000,
            vector_allocation_millis: 30_000,
            vector_backfill_millis: 30_000,
            vector_serve_delay_millis: 10_000,
        }
    }
}

impl EngineSettings {
    /// The setting names, as `set` and snapshots spell them.
    pub const NAMES: &'static [&'static str] = &[
        "gsi-propagation-delay",
        "gsi-backfill-base",
        "gsi-backfill-per-mib",
        "gsi-delete",
        "item-collection-limit",
        "partition-size-limit",
        "enforce-throughput",
        "heat-split",
        "ttl-sweep-delay",
        "vector-allocation",
        "vector-backfill",
        "vector-serve-delay",
    ];

    /// Sets a setting by name; `false` for an unknown name.
    pub fn set(&mut self, name: &str, value: u64) -> bool {
        if name == "enforce-throughput" {
            self.enforce_throughput = value != 0;
            return true;
        }
        let slot = match name {
            "gsi-propagation-delay" => &mut self.gsi_propagation_delay_millis,
            "gsi-backfill-base" => &mut self.gsi_backfill_base_millis,
            "gsi-backfill-per-mib" => &mut self.gsi_backfill_millis_per_mib,
            "gsi-delete" => &mut self.gsi_delete_millis,
            "item-collection-limit" => &mut self.item_collection_limit_bytes,
            "partition-size-limit" => &mut self.partition_size_limit_bytes,
            "heat-split" => &mut self.heat_split_seconds,
            "ttl-sweep-delay" => &mut self.ttl_sweep_delay_millis,
            "vector-allocation" => &mut self.vector_allocation_millis,
            "vector-backfill" => &mut self.vector_backfill_millis,
            "vector-serve-delay" => &mut self.vector_serve_delay_millis,
            _ => return false,
        };
        *slot = value;
        true
    }

    /// A setting by name.
    pub fn get(&self, name: &str) -> Option<u64> {
        Some(match name {
            "gsi-propagation-delay" => self.gsi_propagation_delay_millis,
            "gsi-backfill-base" => self.gsi_backfill_base_millis,
            "gsi-backfill-per-mib" => self.gsi_backfill_millis_per_mib,
            "gsi-delete" => self.gsi_delete_millis,
            "item-collection-limit" => self.item_collection_limit_bytes,
            "partition-size-limit" => self.partition_size_limit_bytes,
            "enforce-throughput" => u64::from(self.enforce_throughput),
            "heat-split" => self.heat_split_seconds,
            "ttl-sweep-delay" => self.ttl_sweep_delay_millis,
            "vector-allocation" => self.vector_allocation_millis,
            "vector-backfill" => self.vector_backfill_millis,
            "vector-serve-delay" => self.vector_serve_delay_millis,
            _ => return None,
        })
    }

    /// How long backfilling a new GSI takes on a table of `table_bytes`.
    pub fn backfill_millis(&self, table_bytes: usize) -> u64 {
        let per_mib = u128::from(self.gsi_backfill_millis_per_mib) * table_bytes as u128 / (1024 * 1024);
        self.gsi_backfill_base_millis.saturating_add(u64::try_from(per_mib).unwrap_or(u64::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_by_name() {
        let mut s = EngineSettings::default();
        for name in EngineSettings::NAMES {
            assert!(s.set(name, 1));
            assert_eq!(s.get(name), Some(1));
        }
        assert!(!s.set("nope", 1));
        let s = EngineSettings::default();
        assert_eq!(s.backfill_millis(0), 2_000);
        assert_eq!(s.backfill_millis(3 * 1024 * 1024), 5_000);
    }
}
