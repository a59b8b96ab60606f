//! How far an index's `CREATING`, `UPDATING` or `DELETING` phase has come
//! (a vector index's phases are `vector::lifecycle`'s).
//!
//! A phase's end is fixed when it begins: a backfill's length comes from
//! the table's size at that moment (`EngineSettings::backfill_millis`), so
//! items written during the backfill do not move its end. Its progress is
//! therefore read from the recorded start and end, never recomputed from
//! the table as it is now. A snapshot written before starts were recorded
//! has only the end; its progress is then estimated from the table's
//! current size, the only figure left.

use super::super::vector::VectorPhase;
use super::super::Engine;

/// An index phase under way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IndexPhase {
    /// Engine milliseconds until the phase is over.
    pub left_millis: u64,
    /// How much of it is done, from 0 to 1.
    pub done: f64,
}

impl Engine {
    /// The phase `index` of `table` is in, or `None` when it is `ACTIVE`
    /// (or does not exist).
    pub fn index_phase(&self, table: &str, index: &str) -> Option<IndexPhase> {
        let table = self.table(table)?;
        let index = table.definition.indexes.iter().find(|i| i.name == index)?;
        let until = index.status_until_millis?;
        let now = self.clock().now_millis();
        let left_millis = until.saturating_sub(now);
        let total = match index.status_since_millis {
            Some(since) => until.saturating_sub(since),
            None => self.settings().backfill_millis(table.storage.size_bytes()),
        }
        .max(1);
        let done = total.saturating_sub(left_millis) as f64 / total as f64;
        Some(IndexPhase { left_millis, done })
    }
}

impl Engine {
    /// The phase a vector index of `table` is in and how far it has come,
    /// or `None` when it is searchable with nothing ahead (or does not exist).
    pub fn vector_index_phase(&self, table: &str, index: &str) -> Option<(VectorPhase, IndexPhase)> {
        let index = self.table(table)?.definition.vector_indexes.iter().find(|v| v.name == index)?;
        let life = index.lifecycle?;
        let now = self.clock().now_millis();
        let (since, until) = life.phase_span(now);
        let left_millis = until.saturating_sub(now);
        let total = until.saturating_sub(since).max(1);
        let done = total.saturating_sub(left_millis) as f64 / total as f64;
        Some((life.phase(now), IndexPhase { left_millis, done }))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::engine::Engine;

    fn put(engine: &mut Engine, n: usize) {
        let filler = "x".repeat(4000);
        for i in 0..n {
            let item = json!({"pk": {"S": format!("k{i}")}, "g": {"S": "a"}, "pad": {"S": filler}});
            engine.execute("PutItem", &json!({"TableName": "Tbl", "Item": item})).expect("put");
        }
    }

    #[test]
    fn a_backfills_progress_counts_from_its_start_although_the_table_grows() {
        let mut engine = Engine::new();
        engine.settings_mut().gsi_backfill_millis_per_mib = 100_000;
        let create = json!({
            "TableName": "Tbl",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "BillingMode": "PAY_PER_REQUEST",
        });
        engine.execute("CreateTable", &create).expect("created");
        put(&mut engine, 100);
        let add = json!({"TableName": "Tbl", "AttributeDefinitions": [{"AttributeName": "g", "AttributeType": "S"}],
            "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "Gsi",
                "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}}]});
        engine.execute("UpdateTable", &add).expect("index added");
        let start = engine.index_phase("Tbl", "Gsi").expect("creating");
        assert_eq!(start.done, 0.0);
        let total = start.left_millis;
        let half = engine.clock().now_millis() + total / 2;
        engine.clock_mut().set(half);
        // The table doubles during the backfill: its end does not move, and
        // neither does its progress.
        put(&mut engine, 100);
        let midway = engine.index_phase("Tbl", "Gsi").expect("still creating");
        assert_eq!(midway.left_millis, total - total / 2);
        assert!((midway.done - 0.5).abs() < 0.01, "half done, not {}", midway.done);
        engine.clock_mut().set(half + total);
        engine.catch_up();
        assert_eq!(engine.index_phase("Tbl", "Gsi"), None, "ACTIVE");
    }
}
