//! UpdateTable's `VectorIndexUpdates`: add or remove one vector index on a
//! live table (semantics G.1, "UpdateTable VectorIndexUpdates").
//!
//! Each element holds either a `Create` (every member of a CreateTable
//! `VectorIndexes` element) or a `Delete` (`IndexName`). A created index's
//! `SearchSchema` attributes are typed by the same request's
//! `AttributeDefinitions`, as DynamoDB requires. The checks against the
//! table (on demand, five at most, names, the one-operation-at-a-time limit
//! shared with GSIs) follow in `ops::vector_updates`.

use super::members::{shape, structure};
use super::table::IndexNameInput;
use super::vector::{check_members, one_vector_index, VectorIndexInput};
use super::Violations;
use crate::engine::error::{ApiError, Result};
use crate::engine::schema::KeyAttribute;
use crate::engine::vector::VectorIndex;

/// One element of `VectorIndexUpdates`, as sent.
#[derive(Debug, Default)]
pub struct VectorIndexUpdateInput {
    pub create: Option<VectorIndexInput>,
    pub delete: Option<IndexNameInput>,
}

shape! { VectorIndexUpdateInput {
    "Create" => create: structure::<VectorIndexInput>,
    "Delete" => delete: structure::<IndexNameInput>,
} }

/// One change to a table's vector indexes.
#[derive(Debug, PartialEq)]
pub enum VectorIndexUpdate {
    /// A new index, resolved against the request's attribute definitions
    /// (its ARN and lifecycle are set when the table accepts it).
    Create(VectorIndex),
    Delete {
        name: String,
    },
}

/// The request-model checks of `VectorIndexUpdates` (paths as captured:
/// `vectorIndexUpdates.1.member.create.dimensions`).
pub(super) fn check_update_members(v: &mut Violations, updates: &[VectorIndexUpdateInput]) {
    for (i, update) in updates.iter().enumerate() {
        let member = format!("vectorIndexUpdates.{}.member", i + 1);
        if let Some(create) = &update.create {
            check_members(v, &format!("{member}.create"), create);
        }
        if let Some(delete) = &update.delete {
            v.not_null(&format!("{member}.delete.indexName"), &delete.index_name);
            v.table_name(&format!("{member}.delete.indexName"), delete.index_name.as_deref());
        }
    }
}

/// The updates after the checks that need no table, in request order.
pub(super) fn vector_index_updates(
    updates: Vec<VectorIndexUpdateInput>,
    definitions: &[KeyAttribute],
) -> Result<Vec<VectorIndexUpdate>> {
    let mut out = Vec::new();
    for update in updates {
        out.push(match (update.create, update.delete) {
            (Some(_), Some(_)) => {
                return Err(ApiError::invalid_parameter(
                    "Only one vector index action is allowed per VectorIndexUpdate object",
                ))
            }
            (Some(create), None) => VectorIndexUpdate::Create(one_vector_index(&create, definitions)?),
            (None, Some(delete)) => VectorIndexUpdate::Delete { name: delete.index_name.unwrap_or_default() },
            // Ours, in the form of the GSI updates' message.
            (None, None) => {
                return Err(ApiError::invalid_parameter(
                    "One of VectorIndexUpdate.Create, VectorIndexUpdate.Delete must not be null",
                ))
            }
        });
    }
    Ok(out)
}
