//! UpdateTable's changes of on-demand maxima and warm throughputs (the
//! table's and its GSIs'), checked before anything changes and applied
//! after; and the members CreateTable's and UpdateTable's responses show
//! of them (semantics F).

use serde_json::{Map, Value};

use crate::engine::api::scaling::{
    create_maximum, create_warm, update_maximum, update_warm, OnDemandThroughputInput, Resource,
};
use crate::engine::api::table::{IndexUpdate, UpdateTable};
use crate::engine::error::Result;
use crate::engine::index::IndexDefinition;
use crate::engine::table::scaling::OnDemandMaximum;
use crate::engine::table::{BillingMode, Table, TableDefinition};

/// What one UpdateTable changes of a GSI's maximum and warm throughput.
struct IndexChange {
    name: String,
    /// A new on-demand maximum.
    maximum: Option<OnDemandMaximum>,
    /// A warm throughput (reads, writes) to raise to.
    warm: Option<(i64, i64)>,
}

/// What one UpdateTable changes of the maxima and warm throughputs.
pub(super) struct ScalingChanges {
    table_maximum: Option<OnDemandMaximum>,
    table_warm: Option<(i64, i64)>,
    indexes: Vec<IndexChange>,
    /// GSIs the request creates: their maximum and warm throughput.
    created: Vec<(String, OnDemandMaximum, (i64, i64))>,
    /// The request changes nothing else.
    pub only: bool,
}

impl ScalingChanges {
    pub fn check(
        table: &Table,
        request: &UpdateTable,
        billing_mode: BillingMode,
        now: u64,
        region: &str,
    ) -> Result<Self> {
        let d = &table.definition;
        let on_demand = billing_mode == BillingMode::PayPerRequest;
        let table_maximum = match &request.on_demand_throughput {
            Some(input) => Some(update_maximum(d.on_demand_maximum, input, on_demand, Resource::Table, region)?),
            None => None,
        };
        let table_warm = match &request.warm_throughput {
            Some(input) => Some(update_warm(d.warm.at(now), input, Resource::Table, region)?),
            None => None,
        };
        let mut indexes = Vec::new();
        let mut created = Vec::new();
        for update in &request.index_updates {
            match update {
                IndexUpdate::Update { name, on_demand_throughput, warm_throughput, .. } => {
                    let Some(index) = d.indexes.iter().find(|i| i.name == *name) else { continue };
                    let resource = Resource::Index(name);
                    let maximum = match on_demand_throughput {
                        Some(input) => {
                            Some(update_maximum(index.on_demand_maximum, input, on_demand, resource, region)?)
                        }
                        None => None,
                    };
                    let warm = match warm_throughput {
                        Some(input) => Some(update_warm(index.warm.at(now), input, resource, region)?),
                        None => None,
                    };
                    indexes.push(IndexChange { name: name.clone(), maximum, warm });
                }
                IndexUpdate::Create(create) => {
                    let resource = Resource::Index(&create.name);
                    let maximum = create_maximum(create.on_demand_throughput.as_ref(), on_demand, resource, region)?;
                    let warm = create_warm(create.warm_throughput.as_ref(), create.throughput, resource, region)?;
                    created.push((create.name.clone(), maximum, warm));
                }
                IndexUpdate::Delete { .. } => {}
            }
        }
        let only = request.billing_mode.is_none()
            && request.throughput.is_none()
            && request.table_class.is_none()
            && request.stream.is_none()
            && request.index_updates.iter().all(|u| matches!(u, IndexUpdate::Update { throughput: None, .. }))
            && request.vector_updates.is_empty();
        Ok(Self { table_maximum, table_warm, indexes, created, only })
    }

    pub fn apply_to_table(&self, definition: &mut TableDefinition, now: u64) {
        if let Some(maximum) = self.table_maximum {
            definition.on_demand_maximum = maximum;
        }
        if let Some(warm) = self.table_warm {
            definition.warm.raise(now, warm);
        }
    }

    pub fn apply_to_index(&self, index: &mut IndexDefinition, now: u64) {
        for IndexChange { name, maximum, warm } in &self.indexes {
            if *name != index.name {
                continue;
            }
            if let Some(maximum) = maximum {
                index.on_demand_maximum = *maximum;
            }
            if let Some(warm) = warm {
                index.warm.raise(now, *warm);
            }
        }
    }

    /// The maximum and warm throughput of a GSI the request creates.
    pub fn created(&self, name: &str) -> (OnDemandMaximum, (i64, i64)) {
        self.created
            .iter()
            .find(|(n, _, _)| n == name)
            .map_or((OnDemandMaximum::default(), (0, 0)), |(_, maximum, warm)| (*maximum, *warm))
    }

    /// UpdateTable's response echoes a maximum as sent: a removed member
    /// shows `-1` (DescribeTable then leaves it out).
    pub fn echo(&self, description: &mut Value, sent: Option<OnDemandThroughputInput>) {
        let (Some(maximum), Some(input)) = (self.table_maximum, sent) else { return };
        let mut out = Map::new();
        for (member, sent, kept) in [
            ("MaxReadRequestUnits", input.max_read_request_units, maximum.read),
            ("MaxWriteRequestUnits", input.max_write_request_units, maximum.write),
        ] {
            if let Some(figure) = if sent == Some(-1) { Some(-1) } else { kept } {
                out.insert(member.into(), figure.into());
            }
        }
        if let Some(fields) = description.as_object_mut() {
            if out.is_empty() {
                fields.remove("OnDemandThroughput");
            } else {
                fields.insert("OnDemandThroughput".into(), Value::Object(out));
            }
        }
    }
}

/// CreateTable's and DeleteTable's responses show a warm throughput only
/// where the request named one (the table's: `table`; GSIs by name), and
/// then as `UPDATING`: DescribeTable shows them all.
pub(super) fn created_warm_members(description: &mut Value, table: bool, indexes: &[String]) {
    let Some(fields) = description.as_object_mut() else { return };
    if table {
        if let Some(warm) = fields.get_mut("WarmThroughput").and_then(Value::as_object_mut) {
            warm.insert("Status".into(), "UPDATING".into());
        }
    } else {
        fields.remove("WarmThroughput");
    }
    let gsis = fields.get_mut("GlobalSecondaryIndexes").and_then(Value::as_array_mut);
    for gsi in gsis.into_iter().flatten().filter_map(Value::as_object_mut) {
        let named = gsi.get("IndexName").and_then(Value::as_str).is_some_and(|n| indexes.iter().any(|i| i == n));
        if named {
            if let Some(warm) = gsi.get_mut("WarmThroughput").and_then(Value::as_object_mut) {
                warm.insert("Status".into(), "UPDATING".into());
            }
        } else {
            gsi.remove("WarmThroughput");
        }
    }
}
