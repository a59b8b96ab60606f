//! The simulation layer: a table's partitions and buckets kept in step with
//! its definition and data (`model`), the admission of each request against
//! them (`admission`), deterministic workloads (`workload`), and the metrics
//! the playground draws (per partition per second, top keys).
//!
//! The engine keeps one [`ThroughputState`](crate::engine::throughput::ThroughputState) per table and per GSI, created
//! the first time it is needed and then kept in step by `sync`: a throughput
//! change doubles the partitions if they cannot serve it
//! ([`PartitionLayout::set_throughput`](crate::engine::partition::PartitionLayout::set_throughput)); a partition over the size limit
//! splits ([`PartitionLayout::split_for_size`](crate::engine::partition::PartitionLayout::split_for_size)); nothing ever merges.
//!
//! **Workloads** ([`Workload`]) are lines of request traffic ([`Traffic`])
//! run against a table's capacity model for N seconds of engine time: each
//! line has an operation
//! (read or write), a rate (requests per second, changing at given seconds),
//! a key distribution (uniform, Zipf with skew `s`, one hot key, or N write
//! shards `key_0..key_N-1`) and an item size. Requests of a second are
//! spread over the lines round-robin. Everything is drawn from a seeded
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
//!   Engine::step_workload(run) bring the buckets to second s (sync_capacity:
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
//! [`Engine::metrics`](crate::engine::Engine::metrics) can name the top keys of any window of time. The
//! same record tells split for heat where to cut: when a partition has been
//! refused by its hard limit long enough, it splits at the median of the
//! keys that reached it, whether they came from requests or workloads.

mod admission;
mod footprint;
mod model;
mod workload;

pub use admission::{throttle_error, Refusal};
pub use footprint::Touched;
pub(crate) use model::{CapacityModels, SimKey};
pub use model::{Metrics, PartitionInfo};
pub use workload::*;
