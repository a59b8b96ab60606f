//! Single-item operations: PutItem, GetItem, UpdateItem, DeleteItem.
//!
//! Each one finds the table, validates the key against the table's schema,
//! checks the write's condition against the item as it is, touches storage,
//! and charges capacity by the rules of `capacity`: a write pays for the
//! larger of the item before and after it (1 WCU when neither exists), a
//! read for the item found (the minimum block when there is none).
//!
//! A failed condition writes nothing and answers
//! `ConditionalCheckFailedException`, carrying the old item when the request
//! set `ReturnValuesOnConditionCheckFailure: ALL_OLD`. It still consumes
//! write capacity on the table, as in DynamoDB (A.3): 1 unit when there is
//! no item, else the 1 KB blocks of the item the write would have left (the
//! stored item for a delete). The error sends no `ConsumedCapacity`; the
//! charge travels inside it ([`ApiError::charges`]), and the service admits
//! it as it admits an answer's.
//!
//! Writes also maintain the table's secondary indexes
//! ([`crate::engine::index`]): the new image's index keys are validated
//! first, a table with LSIs checks its item-collection limit, and each index
//! whose entry changed adds its own charge (A.3), reported under its arm of
//! an `INDEXES` response.

use serde_json::{Map, Value};

use crate::engine::answer::Answer;
use crate::engine::api::item::{
    DeleteItem, GetItem, PutItem, ReturnValues, UpdateItem, WriteCondition, MAX_ITEM_BYTES,
};
use crate::engine::capacity::{Charge, ConsumedCapacity, ReturnConsumedCapacity};
use crate::engine::dry_run::Trace;
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::ast::ActionKind;
use crate::engine::expr::UpdateExpression;
use crate::engine::footprint::Kept;
use crate::engine::index::{IndexChange, WriteSource};
use crate::engine::ops::read::{check_table_key_paths, nested_projection_names};
use crate::engine::schema::{KeySchema, PrimaryKey};
use crate::engine::storage::Storage;
use crate::engine::value::size::item_size;
use crate::engine::value::wire::item_to_wire;
use crate::engine::value::Item;
use crate::engine::Engine;

/// DynamoDB's message for a failed condition.
pub const CONDITIONAL_REQUEST_FAILED: &str = "The conditional request failed";

/// A response body with the optional members every item operation shares.
fn response(item_member: Option<(&str, &Item)>, consumed: ConsumedCapacity, mode: ReturnConsumedCapacity) -> Value {
    let mut body = Map::new();
    if let Some((member, item)) = item_member {
        body.insert(member.into(), item_to_wire(item));
    }
    if let Some(consumed) = consumed.to_wire(mode) {
        body.insert("ConsumedCapacity".into(), consumed);
    }
    Value::Object(body)
}

/// Adds `ItemCollectionMetrics` to a write's response body.
fn with_metrics(mut body: Value, metrics: Option<Value>) -> Value {
    if let (Some(metrics), Value::Object(members)) = (metrics, &mut body) {
        members.insert("ItemCollectionMetrics".into(), metrics);
    }
    body
}

/// The charges of a write: the table's, then each changed index's.
pub(crate) fn write_charges(table_charge: Charge, changes: &[IndexChange]) -> Vec<Charge> {
    let table = table_charge.table.clone();
    let mut charges = vec![table_charge];
    charges.extend(changes.iter().flat_map(|c| c.charges(&table)));
    charges
}

/// The charge of a write whose condition failed (A.3): the 1 KB blocks of
/// `size`, the item the write would have left when one is stored, else 1.
fn failed_write(table: &str, key: &PrimaryKey, size: Option<usize>) -> Charge {
    Charge::write(table, None, Some(size.unwrap_or(0))).keyed(&key.partition)
}

/// Checks a write's condition against the item as it stands (`None`: no
/// item). The error carries the old item when the request asked for it.
pub(crate) fn check_condition(condition: &WriteCondition, current: Option<&Item>) -> Result<()> {
    match &condition.condition {
        Some(c) if !c.evaluate(current) => Err(ApiError::ConditionalCheckFailed {
            message: CONDITIONAL_REQUEST_FAILED.into(),
            item: current.filter(|_| condition.return_old_on_failure).map(item_to_wire),
            charges: Box::default(),
        }),
        _ => Ok(()),
    }
}

/// [`check_condition`] against the item stored under `key`, unpacked only
/// when there is a condition to evaluate.
pub(crate) fn check_stored_condition(condition: &WriteCondition, storage: &Storage, key: &PrimaryKey) -> Result<()> {
    if condition.condition.is_none() {
        return Ok(());
    }
    check_condition(condition, storage.get(key).as_ref())
}

/// Key attributes may not be written by an update (semantics D.3).
pub(crate) fn check_key_not_updated(schema: &KeySchema, update: &UpdateItem) -> Result<()> {
    if let Some(update) = &update.update {
        if let Some(name) = update.top_level_names_written().into_iter().find(|n| schema.is_key_attribute(n)) {
            return Err(ApiError::invalid_parameter(format!(
                "Cannot update attribute {name}. This attribute is part of the key"
            )));
        }
    }
    Ok(())
}

/// The item an update leaves: the update applied to the current item, or to
/// just the key when there is none. Checks the 400 KB limit on the result.
pub(crate) fn updated_item(request: &UpdateItem, current: Option<&Item>, key_item: Item) -> Result<Item> {
    let base = current.cloned().unwrap_or(key_item);
    let new = match &request.update {
        Some(update) => update.apply(&base)?,
        None => base,
    };
    if item_size(&new) > MAX_ITEM_BYTES {
        return Err(ApiError::validation("Item size to update has exceeded the maximum allowed size"));
    }
    Ok(new)
}

/// Whether an update of a missing item leaves it missing: DynamoDB creates
/// no item when every action only removes (REMOVE, DELETE), while an update
/// with no actions at all creates the bare key (Alternator's tests, test_update_item.py).
pub(crate) fn creates_nothing(update: &Option<UpdateExpression>) -> bool {
    update.as_ref().is_some_and(|u| {
        !u.actions().is_empty()
            && u.actions().iter().all(|a| matches!(a.kind, ActionKind::Remove | ActionKind::Delete(_)))
    })
}

/// What `ReturnValues` asks an update to return; `None` when there is
/// nothing (DynamoDB omits an empty `Attributes`).
fn update_return_values(request: &UpdateItem, old: Option<&Item>, new: &Item) -> Option<Item> {
    let updated = |item: &Item| match &request.update {
        Some(update) => update.updated_paths().apply(item),
        None => Item::new(),
    };
    let attributes = match request.return_values {
        ReturnValues::None => return None,
        ReturnValues::AllOld => old?.clone(),
        ReturnValues::UpdatedOld => updated(old?),
        ReturnValues::AllNew => new.clone(),
        ReturnValues::UpdatedNew => updated(new),
    };
    (!attributes.is_empty()).then_some(attributes)
}

impl Engine {
    pub(crate) fn put_item(&mut self, request: PutItem) -> Result<Answer> {
        let context = self.write_context();
        let table = self.table_for_items(&request.table_name)?;
        let key = table.definition.key_schema.key_of_item(&request.item)?;
        table.check_index_keys(&request.item, WriteSource::Item)?;
        if let Err(failed) = check_stored_condition(&request.condition, &table.storage, &key) {
            let size = table.storage.size_of(&key).map(|_| item_size(&request.item));
            return Err(failed.charged(vec![failed_write(&request.table_name, &key, size)]));
        }
        table.check_item_collection(&key, Some(&request.item), 0, context.item_collection_limit_bytes)?;
        let new_size = item_size(&request.item);
        let (old, changes) = table.write_item(&key, Some(request.item), context);
        let metrics = request
            .return_item_collection_metrics
            .then(|| table.item_collection_metrics(&key.partition, context.item_collection_limit_bytes))
            .flatten();
        let table_charge =
            Charge::write(&request.table_name, old.as_ref().map(item_size), Some(new_size)).keyed(&key.partition);
        let charges = write_charges(table_charge, &changes);
        let consumed = ConsumedCapacity::from_charges(&request.table_name, &charges);
        let returned = old.as_ref().filter(|_| request.return_values == ReturnValues::AllOld);
        let body = response(returned.map(|o| ("Attributes", o)), consumed, request.return_consumed_capacity);
        Ok(Answer::new(with_metrics(body, metrics), charges))
    }

    pub(crate) fn get_item(&mut self, request: GetItem, trace: Option<&mut Trace>) -> Result<Answer> {
        let table = self.table_for_items(&request.table_name)?;
        let key = table.definition.key_schema.key_of_key_map(&request.key)?;
        check_table_key_paths(table, nested_projection_names(&request.projection))?;
        let found = table.storage.get(&key);
        // A projection does not make the read cheaper: the whole item is charged (A.2).
        let (items, size) = (usize::from(found.is_some()), table.storage.size_of(&key).unwrap_or(0));
        let projected = match (&request.projection, found) {
            (Some(projection), Some(item)) => Some(projection.apply(&item)),
            (None, found) => found,
            (_, None) => None,
        };
        let charge = Charge::read(&request.table_name, items, size, request.consistency).keyed(&key.partition);
        let consumed = ConsumedCapacity::on_table(&charge.table, charge.units);
        let body = response(projected.as_ref().map(|item| ("Item", item)), consumed, request.return_consumed_capacity);
        if let Some(trace) = trace {
            let read = (items > 0).then_some((key, Kept::Returned));
            trace.footprint.record(&request.table_name, None, true, read, None);
        }
        Ok(Answer::new(body, vec![charge]))
    }

    pub(crate) fn update_item(&mut self, request: UpdateItem) -> Result<Answer> {
        let context = self.write_context();
        let limit = context.item_collection_limit_bytes;
        let table = self.table_for_items(&request.table_name)?;
        let schema = &table.definition.key_schema;
        let key = schema.key_of_key_map(&request.key)?;
        check_key_not_updated(schema, &request)?;
        check_table_key_paths(table, request.update.iter().flat_map(UpdateExpression::nested_top_level_names))?;
        let schema = &table.definition.key_schema;
        let old = table.storage.get(&key);
        if let Err(failed) = check_condition(&request.condition, old.as_ref()) {
            let would_leave = |o: &Item| updated_item(&request, Some(o), schema.key_item(&key)).unwrap_or(o.clone());
            let size = old.as_ref().map(|o| item_size(&would_leave(o)));
            return Err(failed.charged(vec![failed_write(&request.table_name, &key, size)]));
        }
        if old.is_none() && creates_nothing(&request.update) {
            let metrics = request
                .return_item_collection_metrics
                .then(|| table.item_collection_metrics(&key.partition, limit))
                .flatten();
            let charge = Charge::write(&request.table_name, None, None).keyed(&key.partition);
            let consumed = ConsumedCapacity::on_table(&charge.table, charge.units);
            let body = with_metrics(response(None, consumed, request.return_consumed_capacity), metrics);
            return Ok(Answer::new(body, vec![charge]));
        }
        let new = updated_item(&request, old.as_ref(), schema.key_item(&key))?;
        table.check_index_keys(&new, WriteSource::Update)?;
        table.check_item_collection(&key, Some(&new), 0, limit)?;
        let table_charge = Charge::write(&request.table_name, old.as_ref().map(item_size), Some(item_size(&new)))
            .keyed(&key.partition);
        let returned = update_return_values(&request, old.as_ref(), &new);
        let (_, changes) = table.write_item(&key, Some(new), context);
        let metrics = request
            .return_item_collection_metrics
            .then(|| table.item_collection_metrics(&key.partition, limit))
            .flatten();
        let charges = write_charges(table_charge, &changes);
        let consumed = ConsumedCapacity::from_charges(&request.table_name, &charges);
        let body = response(returned.as_ref().map(|a| ("Attributes", a)), consumed, request.return_consumed_capacity);
        Ok(Answer::new(with_metrics(body, metrics), charges))
    }

    pub(crate) fn delete_item(&mut self, request: DeleteItem) -> Result<Answer> {
        let context = self.write_context();
        let table = self.table_for_items(&request.table_name)?;
        let key = table.definition.key_schema.key_of_key_map(&request.key)?;
        if let Err(failed) = check_stored_condition(&request.condition, &table.storage, &key) {
            let size = table.storage.size_of(&key);
            return Err(failed.charged(vec![failed_write(&request.table_name, &key, size)]));
        }
        let (old, changes) = table.write_item(&key, None, context);
        let metrics = request
            .return_item_collection_metrics
            .then(|| table.item_collection_metrics(&key.partition, context.item_collection_limit_bytes))
            .flatten();
        let table_charge = Charge::write(&request.table_name, old.as_ref().map(item_size), None).keyed(&key.partition);
        let charges = write_charges(table_charge, &changes);
        let consumed = ConsumedCapacity::from_charges(&request.table_name, &charges);
        let returned = old.as_ref().filter(|_| request.return_values == ReturnValues::AllOld);
        let body = response(returned.map(|o| ("Attributes", o)), consumed, request.return_consumed_capacity);
        Ok(Answer::new(with_metrics(body, metrics), charges))
    }
}
