//! Batch operations: BatchGetItem and BatchWriteItem.
//!
//! A batch is many single-item requests in one call, priced item by item:
//! each item read is rounded up to 4 KB **on its own** and each item written
//! to 1 KB on its own, then summed per table (semantics A.2, A.3) — unlike a
//! Query, whose items share one rounding. The answer carries one
//! `ConsumedCapacity` entry per table.
//!
//! The whole batch is validated before anything is read or written: a
//! missing table, a malformed key or index key, or a put that would grow an
//! LSI table's item collection past its limit fails the call, as on DynamoDB.
//! Each put or delete maintains the table's indexes and pays for the index
//! entries it changes (A.3), in the table's entry of the list. Reads
//! stop at 16 MB (16,000,000 bytes) of response; the keys not reached come back in
//! `UnprocessedKeys` for the caller to retry.
//!
//! Under throughput control each item is its own request to its partition,
//! as on DynamoDB: an item whose partition (or table, or GSI) lacks the
//! capacity is not read or written and comes back in `UnprocessedKeys` or
//! `UnprocessedItems`, while the others go through and pay. Only a batch
//! none of whose items got through fails, with the throttling exception of
//! its first refused item. [API:BatchWriteItem, API:BatchGetItem; semantics C]

use serde_json::{json, Map, Value};

use crate::engine::answer::Answer;
use crate::engine::api::batch::{BatchGetItem, BatchWriteItem, Write};
use crate::engine::capacity::{Charge, ConsumedCapacity, ReturnConsumedCapacity};
use crate::engine::dry_run::Trace;
use crate::engine::error::{ApiError, Result};
use crate::engine::footprint::Kept;
use crate::engine::index::{CollectionClaims, WriteSource};
use crate::engine::ops::item::write_charges;
use crate::engine::ops::read::{check_table_key_paths, nested_projection_names};
use crate::engine::schema::PrimaryKey;
use crate::engine::value::size::item_size;
use crate::engine::value::wire::item_to_wire;
use crate::engine::Engine;

/// Most bytes of items one BatchGetItem returns: "16 MB", which the API
/// reference's own example (items of 300 KB: "the system returns 52 items")
/// shows to be 16,000,000 bytes, not 16 MiB (54 items).
pub const BATCH_GET_RESPONSE_BYTES: usize = 16_000_000;

/// The `ConsumedCapacity` list of a batch, one entry per table.
fn consumed_list(consumed: Vec<ConsumedCapacity>, mode: ReturnConsumedCapacity) -> Option<Value> {
    let list: Vec<Value> = consumed.iter().filter_map(|c| c.to_wire(mode)).collect();
    (mode != ReturnConsumedCapacity::None).then_some(Value::Array(list))
}

impl Engine {
    /// `admit_each`: admit every item on its own (see the module's docs);
    /// otherwise the caller admits the batch's charges, or nothing does.
    pub(crate) fn batch_get_item(
        &mut self,
        request: BatchGetItem,
        admit_each: bool,
        trace: Option<&mut Trace>,
    ) -> Result<Answer> {
        // Validate every table and key before reading anything.
        let mut resolved: Vec<(&String, Vec<PrimaryKey>)> = Vec::new();
        for (name, gets) in &request.tables {
            let table = self.tables.get(name).ok_or_else(ApiError::resource_not_found)?;
            let schema = &table.definition.key_schema;
            let keys = gets.keys.iter().map(|k| schema.key_of_key_map(k)).collect::<Result<Vec<_>>>()?;
            check_table_key_paths(table, nested_projection_names(&gets.projection))?;
            resolved.push((name, keys));
        }

        let mut responses = Map::new();
        let mut unprocessed = Map::new();
        let mut consumed = Vec::new();
        let mut returned_bytes = 0;
        let mut full = false;
        let mut charges = Vec::new();
        let mut read: Vec<(&String, PrimaryKey)> = Vec::new();
        let tracing = trace.is_some();
        let (mut throttle, mut processed) = (None, 0usize);
        for (name, keys) in resolved {
            let Some(gets) = request.tables.get(name) else { continue };
            let mut items = Vec::new();
            let mut units = 0.0;
            let mut left: Vec<Value> = Vec::new();
            for (key, raw_key) in keys.iter().zip(&gets.keys) {
                let Some(size) = self.tables.get(name).map(|table| table.storage.size_of(key)) else { continue };
                let found = size.is_some();
                let size = size.unwrap_or(0);
                // Once an item would take the response past 16 MB, it and
                // every key after it are left for the caller to retry.
                if full || returned_bytes + size > BATCH_GET_RESPONSE_BYTES {
                    full = true;
                    left.push(item_to_wire(raw_key));
                    continue;
                }
                let charge = Charge::read(name, usize::from(found), size, gets.consistency).keyed(&key.partition);
                if admit_each {
                    if let Err(refused) = self.admit(std::slice::from_ref(&charge)) {
                        throttle.get_or_insert(refused);
                        left.push(item_to_wire(raw_key));
                        continue;
                    }
                }
                processed += 1;
                units += charge.units;
                charges.push(charge);
                let Some(table) = self.tables.get(name) else { continue };
                if let Some(item) = table.storage.get(key) {
                    returned_bytes += size;
                    if tracing {
                        read.push((name, key.clone()));
                    }
                    let item = match &gets.projection {
                        Some(projection) => projection.apply(&item),
                        None => item,
                    };
                    items.push(item_to_wire(&item));
                }
            }
            responses.insert(name.clone(), Value::Array(items));
            if !left.is_empty() {
                let mut again = gets.request.as_object().cloned().unwrap_or_default();
                again.insert("Keys".into(), Value::Array(left));
                unprocessed.insert(name.clone(), Value::Object(again));
            }
            consumed.push(ConsumedCapacity::on_table(name, units));
        }
        if let (0, Some(throttle)) = (processed, throttle) {
            return Err(throttle);
        }
        if let Some(trace) = trace {
            for (name, key) in read {
                trace.footprint.record(name, None, true, [(key, Kept::Returned)], None);
            }
        }

        let mut body = Map::new();
        body.insert("Responses".into(), Value::Object(responses));
        body.insert("UnprocessedKeys".into(), Value::Object(unprocessed));
        if let Some(list) = consumed_list(consumed, request.return_consumed_capacity) {
            body.insert("ConsumedCapacity".into(), list);
        }
        Ok(Answer::new(Value::Object(body), charges))
    }

    /// `admit_each`: as for [`Engine::batch_get_item`]; each admitted write
    /// is journaled on its own, so a refused one is undone alone.
    pub(crate) fn batch_write_item(&mut self, request: BatchWriteItem, admit_each: bool) -> Result<Answer> {
        let context = self.write_context();
        let limit = context.item_collection_limit_bytes;
        // Validate every table and key (and refuse the same key twice)
        // before writing anything.
        let mut resolved: Vec<(&String, Vec<(PrimaryKey, &Write)>)> = Vec::new();
        for (name, writes) in &request.tables {
            let table = self.tables.get(name).ok_or_else(ApiError::resource_not_found)?;
            let schema = &table.definition.key_schema;
            let mut keyed: Vec<(PrimaryKey, &Write)> = Vec::with_capacity(writes.len());
            for write in writes {
                let key = match write {
                    Write::Put(item) => {
                        let key = schema.key_of_item(item)?;
                        table.check_index_keys(item, WriteSource::Item)?;
                        key
                    }
                    Write::Delete(key) => schema.key_of_key_map(key)?,
                };
                if keyed.iter().any(|(k, _)| *k == key) {
                    return Err(ApiError::validation("Provided list of item keys contains duplicates"));
                }
                keyed.push((key, write));
            }
            resolved.push((name, keyed));
        }
        let mut claims = CollectionClaims::default();
        for (name, writes) in &resolved {
            let Some(table) = self.tables.get(*name) else { continue };
            for (key, write) in writes {
                let new = match write {
                    Write::Put(item) => Some(item),
                    Write::Delete(_) => None,
                };
                claims.check(table, key, new, limit)?;
            }
        }

        let mut consumed = Vec::new();
        let mut charges = Vec::new();
        let mut metrics = Map::new();
        let mut unprocessed = Map::new();
        let (mut throttle, mut processed) = (None, 0usize);
        for (name, writes) in resolved {
            let mut table_charges = Vec::new();
            let mut table_metrics = Vec::new();
            let mut left: Vec<Value> = Vec::new();
            for (key, write) in writes {
                let Some(table) = self.tables.get_mut(name) else { continue };
                let (new, new_size) = match write {
                    Write::Put(item) => (Some(item.clone()), Some(item_size(item))),
                    Write::Delete(_) => (None, None),
                };
                if admit_each {
                    table.begin_journal();
                }
                let (old, changes) = table.write_item(&key, new, context);
                let table_charge = Charge::write(name, old.as_ref().map(item_size), new_size).keyed(&key.partition);
                let item_charges = write_charges(table_charge, &changes);
                if admit_each {
                    let admitted = self.admit(&item_charges);
                    let Some(table) = self.tables.get_mut(name) else { continue };
                    if let Err(refused) = admitted {
                        table.roll_back();
                        throttle.get_or_insert(refused);
                        left.push(match write {
                            Write::Put(item) => json!({"PutRequest": {"Item": item_to_wire(item)}}),
                            Write::Delete(key) => json!({"DeleteRequest": {"Key": item_to_wire(key)}}),
                        });
                        continue;
                    }
                    table.commit_journal();
                }
                processed += 1;
                table_charges.extend(item_charges);
                if request.return_item_collection_metrics {
                    if let Some(table) = self.tables.get(name) {
                        table_metrics.extend(table.item_collection_metrics(&key.partition, limit));
                    }
                }
            }
            consumed.push(ConsumedCapacity::from_charges(name, &table_charges));
            charges.extend(table_charges);
            if !table_metrics.is_empty() {
                metrics.insert(name.clone(), Value::Array(table_metrics));
            }
            if !left.is_empty() {
                unprocessed.insert(name.clone(), Value::Array(left));
            }
        }
        if let (0, Some(throttle)) = (processed, throttle) {
            return Err(throttle);
        }

        let mut body = Map::new();
        body.insert("UnprocessedItems".into(), Value::Object(unprocessed));
        if let Some(list) = consumed_list(consumed, request.return_consumed_capacity) {
            body.insert("ConsumedCapacity".into(), list);
        }
        if !metrics.is_empty() {
            body.insert("ItemCollectionMetrics".into(), Value::Object(metrics));
        }
        Ok(Answer::new(Value::Object(body), charges))
    }
}
