//! Admission: a request's charges against the token buckets of the
//! partitions it touched, all or nothing, and the exception a refused
//! request fails with, naming every limit that refused it
//! ([`crate::engine::throttling`]).

use std::collections::BTreeMap;

use super::model::{partition_of, SimKey};
use crate::engine::capacity::{Charge, ChargeKind, Scope};
use crate::engine::error::{ApiError, Result};
use crate::engine::partition::key_position;
use crate::engine::schema::KeyValue;
use crate::engine::service::Engine;
use crate::engine::throttling::ThrottlingReason;
use crate::engine::throughput::{Access, Throttle};

/// Units of reads or writes wanted from one partition.
#[derive(Clone, Copy, Debug)]
struct Want {
    partition: usize,
    access: Access,
    units: f64,
}

/// What one charge draws on: the table or one of its GSIs, by the
/// partition key that pays (none: spread over every partition).
struct Demand {
    index: Option<String>,
    access: Access,
    key: Option<KeyValue>,
    units: f64,
}

impl Engine {
    /// Admits a request's charges against the buckets of the partitions it touched: all or nothing. A charge
    /// names the partition key that pays it (`Charge::partition`: the item's
    /// key, a Query's key, a GSI entry's index key); a charge without one (a
    /// Scan page) is spread evenly over the partitions of the table or GSI it
    /// draws on. LSI charges and base-item fetches draw on the table.
    pub(crate) fn admit(&mut self, charges: &[Charge]) -> Result<()> {
        let mut demands: BTreeMap<String, Vec<Demand>> = BTreeMap::new();
        for charge in charges {
            let index = match &charge.scope {
                Scope::Index { name, global: true, .. } => Some(name.clone()),
                _ => None,
            };
            let access = match charge.kind {
                ChargeKind::Read(_) | ChargeKind::TransactionalRead => Access::Read,
                ChargeKind::Write | ChargeKind::TransactionalWrite => Access::Write,
                // Vector bytes draw on no partition's capacity.
                ChargeKind::VectorWrite => continue,
            };
            let demand = Demand { index, access, key: charge.partition.clone(), units: charge.units };
            demands.entry(charge.table.clone()).or_default().push(demand);
        }
        if demands.is_empty() {
            return Ok(());
        }
        // Check everything first, then consume: a throttled request takes nothing.
        let mut plans: Vec<(SimKey, Vec<Want>)> = Vec::new();
        for (table, list) in &demands {
            let mut by_target: BTreeMap<Option<String>, Vec<Want>> = BTreeMap::new();
            for Demand { index, access, key, units } in list {
                let Ok(entry) = self.sync_capacity(table, index.as_deref()) else { continue };
                let n = entry.state.layout.len();
                let target = by_target.entry(index.clone()).or_default();
                let access = *access;
                match key {
                    Some(key) => {
                        target.push(Want { partition: partition_of(&entry.state.layout, key), access, units: *units })
                    }
                    None => target.extend((0..n).map(|partition| Want { partition, access, units: units / n as f64 })),
                }
            }
            for (index, wants) in by_target {
                let mut summed: BTreeMap<(usize, bool), f64> = BTreeMap::new();
                for want in wants {
                    *summed.entry((want.partition, want.access == Access::Write)).or_default() += want.units;
                }
                let wants = summed.into_iter().map(|((partition, write), units)| Want {
                    partition,
                    access: if write { Access::Write } else { Access::Read },
                    units,
                });
                plans.push((SimKey { table: table.clone(), index }, wants.collect()));
            }
        }
        // Every limit that refuses, each named once: the table's before its
        // GSIs' (`plans` is in that order).
        let mut refusals: Vec<Refusal> = Vec::new();
        for (key, wants) in &plans {
            let arn = self.tables.get(&key.table).map(|t| t.definition.arn.clone()).unwrap_or_default();
            let index = &key.index;
            let Some(entry) = self.sims.get_mut().get_mut(key) else { continue };
            let on_demand = entry.state.on_demand;
            for &Want { partition, access, units } in wants {
                if let Err(t) = entry.state.check(partition, access, units) {
                    entry.state.count_throttle(partition, access, t);
                    let reason = ThrottlingReason {
                        on_index: index.is_some(),
                        access,
                        limit: t.limit_type(),
                        resource: match index {
                            Some(name) => format!("{arn}/index/{name}"),
                            None => arn.clone(),
                        },
                    };
                    if !refusals.iter().any(|r| r.reason == reason) {
                        refusals.push(Refusal { throttle: t, on_demand, reason });
                    }
                }
            }
        }
        // The request's key in the record of the table and of each GSI it
        // reaches by key, as Contributor Insights counts them: the first
        // table's only (a batch counts once).
        let mut keyed: Vec<(Option<String>, KeyValue)> = Vec::new();
        if let Some((table, list)) = demands.iter().next() {
            for Demand { index, key, .. } in list {
                if let Some(key) = key {
                    if !keyed.iter().any(|(i, _)| i == index) {
                        keyed.push((index.clone(), key.clone()));
                    }
                }
            }
            let table = table.clone();
            for (index, key) in keyed {
                self.count_key(&table, index.as_deref(), &key, !refusals.is_empty());
            }
        }
        if !refusals.is_empty() {
            return Err(throttle_error(refusals));
        }
        for (key, wants) in &plans {
            let Some(entry) = self.sims.get_mut().get_mut(key) else { continue };
            for &Want { partition, access, units } in wants {
                if let Ok(from_bucket) = entry.state.check(partition, access, units) {
                    entry.state.consume(partition, access, units, from_bucket);
                }
            }
        }
        Ok(())
    }

    /// Counts one real request's key in the table's (or GSI's) key record
    /// for the second under way.
    pub(crate) fn count_key(&mut self, table: &str, index: Option<&str>, key: &KeyValue, throttled: bool) {
        if let Some(entry) = self.sims.get_mut().get_mut(&Self::sim_key(table, index)) {
            let name = key.label();
            entry.state.keys.count(&name, key_position(key), 1, u64::from(throttled));
        }
    }
}

/// One limit that refused a request: which, on a table or GSI in which
/// billing mode, and its reason.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub throttle: Throttle,
    pub on_demand: bool,
    pub reason: ThrottlingReason,
}

/// The exception a throttled request fails with, its kind and message
/// decided by the first refusal (semantics C and F; messages as DynamoDB
/// sends them, which differ from DG:Programming.Errors' summaries), and
/// every refusal's reason.
pub fn throttle_error(refusals: Vec<Refusal>) -> ApiError {
    let first = refusals.first().map(|r| (r.throttle, r.on_demand, r.reason.on_index));
    let reasons: Vec<ThrottlingReason> = refusals.into_iter().map(|r| r.reason).collect();
    match first {
        Some((Throttle::AccountLimit, _, _)) => ApiError::RequestLimitExceeded {
            message: "Throughput exceeds the current throughput limit for your account. Please contact AWS Support at https://aws.amazon.com/support to request a limit increase.".into(),
            reasons,
        },
        Some((Throttle::MaxOnDemand, _, _)) => ApiError::Throttling {
            message: "Throughput exceeds the maximum OnDemandThroughput configured on table or index".into(),
            reasons,
        },
        Some((_, true, _)) => {
            ApiError::Throttling { message: "Rate of requests exceeds the allowed throughput.".into(), reasons }
        }
        Some((_, _, true)) => ApiError::ProvisionedThroughputExceeded {
            message: "The level of configured provisioned throughput for one or more global secondary indexes of the table was exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes with the UpdateTable API".into(),
            reasons,
        },
        _ => ApiError::ProvisionedThroughputExceeded {
            message: "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.".into(),
            reasons,
        },
    }
}
