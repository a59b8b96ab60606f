//! UpdateTable's `VectorIndexUpdates` against the table: the checks
//! (semantics G.1, "UpdateTable VectorIndexUpdates"), the new index's build
//! and schedule, a deletion, and the phases moving on with the clock
//! (`vector::lifecycle`).
//!
//! The one-online-index-at-a-time limit is shared with GSI creation and
//! deletion and is checked with the GSI updates (`ops::table`); deleting the
//! vector index that is being created is not a second operation, so it is
//! left to the phase rules here.

use crate::engine::api::table::UpdateTable;
use crate::engine::api::vector_updates::VectorIndexUpdate;
use crate::engine::error::{ApiError, Result};
use crate::engine::index::IndexDefinition;
use crate::engine::schema::{KeyAttribute, KeySchema, PrimaryKey};
use crate::engine::settings::EngineSettings;
use crate::engine::table::{BillingMode, Table};
use crate::engine::vector::{VectorIndex, VectorLifecycle, VectorPhase, VectorStore, MAX_VECTOR_INDEXES};

/// How an attribute appears in a key schema, as DynamoDB's "Attributes
/// cannot be redefined" message prints it (`key{pk:S:HASH}`), if it does.
pub(crate) fn key_element(schema: &KeySchema, name: &str) -> Option<String> {
    let hash = schema.partition_attributes().find(|a| a.name == name).map(|a| (a, "HASH"));
    let range = || schema.sort_attributes().find(|a| a.name == name).map(|a| (a, "RANGE"));
    let (attribute, role) = hash.or_else(range)?;
    Some(format!("key{{{}:{}:{role}}}", attribute.name, attribute.scalar_type.as_str()))
}

/// DynamoDB's refusal of one attribute as both a vector and a key (CAP DX
/// for a GSI on a vector attribute; the reverse swaps the two schemas).
pub(crate) fn redefined(existing: &str, new: &str) -> ApiError {
    ApiError::invalid_parameter(format!(
        "Attributes cannot be redefined. Please check that your attribute has the same type as previously defined. \
         Existing schema: {existing} New schema: {new}"
    ))
}

/// A vector index's schema in that message: `VectorIndexSchema:[VectorAttribute: key{embedding:L:3}]`.
pub(crate) fn vector_schema(index: &VectorIndex) -> String {
    format!("VectorIndexSchema:[VectorAttribute: key{{{}:L:{}}}]", index.vector_attribute, index.dimensions)
}

/// A GSI key element in that message: `Schema:[SchemaElement: key{embedding:S:HASH}]`.
pub(crate) fn key_schema_text(element: &str) -> String {
    format!("Schema:[SchemaElement: {element}]")
}

/// Checks `VectorIndexUpdates` against the table as it stands at `now`,
/// before anything changes. Returns the attribute definitions a new index
/// brings (its `SearchSchema` attributes not yet defined).
pub(crate) fn check_vector_updates(
    table: &Table,
    request: &UpdateTable,
    billing_mode: BillingMode,
    now: u64,
) -> Result<Vec<KeyAttribute>> {
    let d = &table.definition;
    let mut new_definitions = Vec::new();
    for update in &request.vector_updates {
        match update {
            VectorIndexUpdate::Create(index) => {
                if billing_mode != BillingMode::PayPerRequest {
                    return Err(ApiError::invalid_parameter(
                        "Vector indexes are only supported for PAY_PER_REQUEST tables",
                    ));
                }
                let name_taken = d.indexes.iter().any(|i| i.name == index.name)
                    || d.vector_indexes.iter().any(|v| v.name == index.name);
                if name_taken {
                    return Err(ApiError::validation("Attempting to create an index which already exists"));
                }
                let live = d.vector_indexes.iter().filter(|v| v.phase(now) != VectorPhase::Deleting).count();
                if live >= MAX_VECTOR_INDEXES {
                    // DynamoDB's captures disagree here; dynoxide's (docs/limits.md).
                    return Err(ApiError::invalid_parameter(format!(
                        "VectorIndex count exceeds the per-table limit of {MAX_VECTOR_INDEXES}"
                    )));
                }
                let attribute = &index.vector_attribute;
                let keyed = key_element(&d.key_schema, attribute)
                    .or_else(|| d.indexes.iter().find_map(|i| key_element(&i.key_schema, attribute)));
                if let Some(element) = keyed {
                    return Err(redefined(&key_schema_text(&element), &vector_schema(index)));
                }
                if d.attribute_definitions.iter().any(|a| &a.name == attribute) {
                    return Err(ApiError::invalid_parameter(format!(
                        "Conflicting attribute definition for '{attribute}'. An attribute cannot be defined in \
                         AttributeDefinitions when used as a VectorAttribute."
                    )));
                }
                if d.vector_indexes.iter().any(|v| &v.vector_attribute == attribute && v.dimensions != index.dimensions)
                {
                    return Err(ApiError::invalid_parameter(format!(
                        "Conflicting attribute definition for '{attribute}'. All VectorIndexes on the same vector \
                         attribute must use the same dimensions."
                    )));
                }
                for (wanted, _) in &index.search_schema {
                    match d.attribute_definitions.iter().find(|a| a.name == wanted.name) {
                        // No AWS text is known for this; ours, as for GSIs.
                        Some(current) if current.scalar_type != wanted.scalar_type => {
                            return Err(ApiError::invalid_parameter(format!(
                                "Attribute {} is already defined with type {}, not {}",
                                wanted.name,
                                current.scalar_type.as_str(),
                                wanted.scalar_type.as_str()
                            )))
                        }
                        Some(_) => {}
                        None => new_definitions.push(wanted.clone()),
                    }
                }
            }
            VectorIndexUpdate::Delete { name } => {
                let Some(index) = d.vector_indexes.iter().find(|v| &v.name == name) else {
                    return Err(ApiError::ResourceNotFound(format!(
                        "Requested resource not found: Index {name} for table {}",
                        d.name
                    )));
                };
                match index.phase(now) {
                    VectorPhase::Allocating => {
                        return Err(ApiError::ResourceInUse(format!(
                            "Attempt to change a resource which is still in use: Index creation is in resource \
                             allocation phase. Retry deletion during backfilling phase or when the index is active. \
                             Table: {} Index: {name}",
                            d.name
                        )))
                    }
                    // Ours: the GSI form of a second change to an index on its way out.
                    VectorPhase::Deleting => {
                        return Err(ApiError::ResourceInUse(format!(
                            "Attempt to change a resource which is still in use: Index is being deleted. Table: {} \
                             Index: {name}",
                            d.name
                        )))
                    }
                    _ => {}
                }
            }
        }
    }
    Ok(new_definitions)
}

impl Table {
    /// Carries out checked `VectorIndexUpdates` at `now`: a new index is
    /// built from the items (those a live write would refuse left out) and
    /// starts its phases; a deleted one starts `DELETING`.
    pub(crate) fn apply_vector_updates(
        &mut self,
        updates: Vec<VectorIndexUpdate>,
        now: u64,
        settings: &EngineSettings,
    ) {
        for update in updates {
            match update {
                VectorIndexUpdate::Create(index) => {
                    let index = VectorIndex {
                        arn: IndexDefinition::arn_for(&self.definition.arn, &index.name),
                        lifecycle: Some(VectorLifecycle::creating(now, settings)),
                        ..index
                    };
                    self.attach_vector_index(index);
                }
                VectorIndexUpdate::Delete { name } => {
                    if let Some(index) = self.definition.vector_indexes.iter_mut().find(|v| v.name == name) {
                        let until = now.saturating_add(settings.gsi_delete_millis);
                        index.lifecycle = Some(VectorLifecycle::Deleting { since: now, until });
                    }
                }
            }
        }
    }

    /// Builds a vector index's entries from the table's items (a backfill)
    /// and adds it after the others.
    pub(crate) fn attach_vector_index(&mut self, index: VectorIndex) {
        let schema = &self.definition.key_schema;
        let mut store = VectorStore::default();
        for found in self.storage.scan_after(None) {
            if let Some(entry) = index.entry(&found.item(), schema) {
                let table_key = PrimaryKey { partition: found.partition.clone(), sort: found.sort.clone() };
                store.set(&table_key, Some(entry));
            }
        }
        self.vector_stores.insert(index.name.clone(), store);
        self.definition.vector_indexes.push(index);
    }

    /// Takes the vector indexes off a table with their entries (to be
    /// attached again after a snapshot's items, as backfills).
    pub(crate) fn detach_vector_indexes(&mut self) -> Vec<VectorIndex> {
        self.vector_stores.clear();
        std::mem::take(&mut self.definition.vector_indexes)
    }

    /// Moves the vector indexes' lifecycles to `now`: one that became
    /// searchable has none left; one whose deletion is over is removed with
    /// its entries and the attribute definitions only it used.
    pub(crate) fn advance_vector_indexes(&mut self, now: u64) {
        let mut gone = Vec::new();
        for index in &mut self.definition.vector_indexes {
            match index.lifecycle {
                Some(VectorLifecycle::Creating { served, .. }) if served <= now => index.lifecycle = None,
                Some(VectorLifecycle::Deleting { until, .. }) if until <= now => gone.push(index.name.clone()),
                _ => {}
            }
        }
        if gone.is_empty() {
            return;
        }
        self.definition.vector_indexes.retain(|v| !gone.contains(&v.name));
        for name in &gone {
            self.vector_stores.remove(name);
        }
        self.prune_attribute_definitions();
    }

    /// Vector indexes whose creation or deletion is under way at `now`.
    pub(crate) fn vector_operation_in_progress(&self, now: u64) -> bool {
        self.definition.vector_indexes.iter().any(|v| v.phase(now).in_progress())
    }
}
