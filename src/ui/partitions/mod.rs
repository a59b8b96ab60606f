//! The Partitions tab: how a table sits on partitions and what heat does.
//!
//! [`partition_map`] (the keyspace band of the selected table and its GSIs,
//! with the teaching-scale knob), [`hotkey_lab`] (seeded workloads run,
//! paused and stepped second by second) with [`lab_run`] (the runs and
//! their animation clock) and [`lab_charts`] (heatmap, timelines, keyspace,
//! top keys), and [`planners`] (the partition math and the shard count).
//!
//! The lab and the planners are drawn by the panels' wasm
//! ([`lab_module`]), in roots the page makes for them ([`lab_place`]):
//! the partition map is the tab's only part in the page's first wasm.

pub mod hotkey_lab;
pub mod lab_charts;
pub mod lab_module;
pub mod lab_place;
pub mod lab_run;
pub mod partition_map;
pub mod planners;
