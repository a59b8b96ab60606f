//! Which partitions a request touches: the same lookup admission makes.
//!
//! Every charge names the partition key that pays it (`Charge::partition`),
//! or none for a Scan page, which draws on every partition of its table or
//! GSI. Admission (`admission`) turns charges into demands on partitions;
//! [`Engine::touched_partitions`] answers the same question for people (the
//! console's "Partitions touched: 1 of 3"), from the same layout and the same
//! `partition_of`, so what the page says and what is throttled never differ.

use super::model::{partition_of, Bytes};
use crate::engine::capacity::{Charge, Scope};
use crate::engine::ordered;
use crate::engine::partition::PartitionLayout;
use crate::engine::Engine;

/// The partitions one table (or GSI) serves a request from.
#[derive(Clone, Debug, PartialEq)]
pub struct Touched {
    pub table: String,
    /// The GSI, for charges on its own keyspace.
    pub index: Option<String>,
    /// Partition numbers (from 0, in keyspace order), ascending.
    pub partitions: Vec<usize>,
    /// How many partitions the table (or GSI) has.
    pub of: usize,
}

impl Engine {
    /// Where each of `charges` lands (the charges of a request, e.g. a
    /// dry run's, [`crate::engine::DryRun::charges`]): a charge with a partition
    /// key in the partition owning the key's hash, one without (a Scan page)
    /// on every partition. LSI charges and base-item fetches draw on the
    /// table. The capacity models are brought in step first (splits
    /// included); nothing else changes.
    pub fn touched_partitions(&self, charges: &[Charge]) -> Vec<Touched> {
        let mut out: Vec<Touched> = Vec::new();
        // Each keyspace's layout, brought in step once (a batch or a
        // transaction has many charges on one table).
        let mut layouts: Vec<PartitionLayout> = Vec::new();
        for charge in charges {
            let index = match &charge.scope {
                Scope::Index { name, global: true, .. } => Some(name.clone()),
                _ => None,
            };
            let slot = match out.iter().position(|t| t.table == charge.table && t.index == index) {
                Some(i) => i,
                None => {
                    // Only the layout is read, so the bytes per partition need
                    // no recount (a split for size is made either way when due).
                    let synced = self.read_synced(&charge.table, index.as_deref(), Bytes::WhenSplitDue, |entry| {
                        entry.state.layout.clone()
                    });
                    let Ok(layout) = synced else { continue };
                    if layout.partitions.is_empty() {
                        continue;
                    }
                    let of = layout.len();
                    layouts.push(layout);
                    out.push(Touched { table: charge.table.clone(), index, partitions: Vec::new(), of });
                    out.len() - 1
                }
            };
            let (Some(layout), Some(touched)) = (layouts.get(slot), out.get_mut(slot)) else { continue };
            match &charge.partition {
                Some(key) => touched.partitions.push(partition_of(layout, key)),
                None => touched.partitions.extend(0..layout.len()),
            }
            ordered::sort(&mut touched.partitions);
            touched.partitions.dedup();
        }
        out
    }
}
