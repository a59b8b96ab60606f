//! Work waiting on the engine's clock, as a host that moves the clock asks
//! about it: is any pending, how long until it is all over, and did a
//! catch-up change anything a view shows.
//!
//! Background work is a GSI update not yet propagated, an index still
//! `CREATING`, `UPDATING` or `DELETING` (see `catch_up`), or a vector index
//! not yet searchable or not yet gone (`vector::lifecycle`). The page's ticker
//! runs only while some is pending, and "Skip the wait" moves the clock by
//! [`Engine::background_wait_millis`].

use super::Engine;

/// What a catch-up can change of one table: GSI updates on the way, each
/// index's status, the item count and how many items have expired. Equal
/// before and after a catch-up: nothing a view shows moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFingerprint {
    pub pending_updates: usize,
    pub index_statuses: Vec<&'static str>,
    pub items: usize,
    pub expired: usize,
}

impl Engine {
    /// Whether the engine has work waiting on its clock (see the module
    /// notes).
    pub fn has_background_work(&self) -> bool {
        self.tables().any(|table| {
            table.definition.indexes.iter().any(|index| index.status_until_millis.is_some())
                || table.definition.vector_indexes.iter().any(|index| index.lifecycle.is_some())
                || !self.pending_index_updates(&table.definition.name).is_empty()
        })
    }

    /// Engine milliseconds until all background work is over (0 when none).
    pub fn background_wait_millis(&self) -> u64 {
        let now = self.clock().now_millis();
        self.tables()
            .flat_map(|table| {
                let phases = table
                    .definition
                    .indexes
                    .iter()
                    .filter_map(|i| i.status_until_millis)
                    .chain(table.definition.vector_indexes.iter().filter_map(|v| v.lifecycle.map(|l| l.ends())))
                    .map(|t| t.saturating_sub(now));
                let updates =
                    self.pending_index_updates(&table.definition.name).into_iter().map(|u| u.remaining_millis);
                phases.chain(updates).collect::<Vec<_>>()
            })
            .max()
            .unwrap_or(0)
    }

    /// Each table's [`TableFingerprint`], in table order.
    pub fn background_fingerprint(&self) -> Vec<TableFingerprint> {
        let now = self.clock().now_millis();
        self.tables()
            .map(|table| TableFingerprint {
                pending_updates: self.pending_index_updates(&table.definition.name).len(),
                index_statuses: table
                    .definition
                    .indexes
                    .iter()
                    .map(|i| i.status.as_str())
                    .chain(table.definition.vector_indexes.iter().map(|v| v.phase(now).name()))
                    .collect(),
                items: table.storage.item_count(),
                expired: table.expired_count(now),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::engine::Engine;

    fn engine_with_table() -> Engine {
        let mut engine = Engine::new();
        let create = json!({
            "TableName": "Tbl",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "BillingMode": "PAY_PER_REQUEST",
        });
        engine.execute("CreateTable", &create).expect("created");
        engine
    }

    #[test]
    fn a_backfill_is_background_work_until_its_time_is_up() {
        let mut engine = engine_with_table();
        assert!(!engine.has_background_work());
        assert_eq!(engine.background_wait_millis(), 0);
        let add = json!({"TableName": "Tbl", "AttributeDefinitions": [{"AttributeName": "g", "AttributeType": "S"}],
            "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "Gsi",
                "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}}]});
        engine.execute("UpdateTable", &add).expect("index added");
        assert!(engine.has_background_work());
        let wait = engine.background_wait_millis();
        assert_eq!(wait, engine.settings().backfill_millis(0));
        let before = engine.background_fingerprint();
        assert_eq!(before[0].index_statuses, vec!["CREATING"]);
        let now = engine.clock().now_millis();
        engine.clock_mut().set(now + wait);
        engine.catch_up();
        assert!(!engine.has_background_work());
        assert_ne!(engine.background_fingerprint(), before, "the index became ACTIVE");
    }
}
