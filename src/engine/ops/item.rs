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
//! set `ReturnValuesOnConditionCheckFailure: ALL_OLD`.

use serde_json::{Map, Value};

use crate::engine::api::item::{
    DeleteItem, GetItem, PutItem, ReturnValues, UpdateItem, WriteCondition, MAX_ITEM_BYTES,
};
use crate::engine::capacity::{Charge, ConsumedCapacity, ReturnConsumedCapacity};
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::ast::ActionKind;
use crate::engine::expr::UpdateExpression;
use crate::engine::ops::read::{check_key_paths, nested_projection_names};
use crate::engine::schema::KeySchema;
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

/// Checks a write's condition against the item as it stands (`None`: no
/// item). The error carries the old item when the request asked for it.
pub(crate) fn check_condition(condition: &WriteCondition, current: Option<&Item>) -> Result<()> {
    match &condition.condition {
        Some(c) if !c.evaluate(current) => Err(ApiError::ConditionalCheckFailed {
            message: CONDITIONAL_REQUEST_FAILED.into(),
            item: current.filter(|_| condition.return_old_on_failure).map(item_to_wire),
        }),
        _ => Ok(()),
    }
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
/// with no actions at all creates the bare key (ALT test_update_item.py).
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
    /// Records one charge and returns it as the table's consumed capacity.
    pub(crate) fn charge_one(&mut self, charge: Charge) -> ConsumedCapacity {
        let consumed = ConsumedCapacity::on_table(&charge.table, charge.units);
        self.charges.push(charge);
        consumed
    }

    pub(crate) fn put_item(&mut self, request: PutItem) -> Result<Value> {
        let table = self.table_for_items(&request.table_name)?;
        let key = table.definition.key_schema.key_of_item(&request.item)?;
        check_condition(&request.condition, table.storage.get(&key))?;
        let new_size = item_size(&request.item);
        let old = table.storage.put(&key, request.item);
        let consumed = self.charge_one(Charge::write(&request.table_name, old.as_ref().map(item_size), Some(new_size)));
        let returned = old.as_ref().filter(|_| request.return_values == ReturnValues::AllOld);
        Ok(response(returned.map(|o| ("Attributes", o)), consumed, request.return_consumed_capacity))
    }

    pub(crate) fn get_item(&mut self, request: GetItem) -> Result<Value> {
        let table = self.table_for_items(&request.table_name)?;
        let key = table.definition.key_schema.key_of_key_map(&request.key)?;
        check_key_paths(&table.definition.key_schema, nested_projection_names(&request.projection))?;
        let found = table.storage.get(&key);
        // A projection does not make the read cheaper: the whole item is charged (A.2).
        let (items, size) = (usize::from(found.is_some()), found.map_or(0, item_size));
        let projected = match (&request.projection, found) {
            (Some(projection), Some(item)) => Some(projection.apply(item)),
            (None, Some(item)) => Some(item.clone()),
            (_, None) => None,
        };
        let consumed = self.charge_one(Charge::read(&request.table_name, items, size, request.consistency));
        Ok(response(projected.as_ref().map(|item| ("Item", item)), consumed, request.return_consumed_capacity))
    }

    pub(crate) fn update_item(&mut self, request: UpdateItem) -> Result<Value> {
        let table = self.table_for_items(&request.table_name)?;
        let schema = &table.definition.key_schema;
        let key = schema.key_of_key_map(&request.key)?;
        check_key_not_updated(schema, &request)?;
        check_key_paths(schema, request.update.iter().flat_map(UpdateExpression::nested_top_level_names))?;
        let old = table.storage.get(&key).cloned();
        check_condition(&request.condition, old.as_ref())?;
        if old.is_none() && creates_nothing(&request.update) {
            let consumed = self.charge_one(Charge::write(&request.table_name, None, None));
            return Ok(response(None, consumed, request.return_consumed_capacity));
        }
        let new = updated_item(&request, old.as_ref(), schema.key_item(&key))?;
        let charge = Charge::write(&request.table_name, old.as_ref().map(item_size), Some(item_size(&new)));
        let returned = update_return_values(&request, old.as_ref(), &new);
        table.storage.put(&key, new);
        let consumed = self.charge_one(charge);
        Ok(response(returned.as_ref().map(|a| ("Attributes", a)), consumed, request.return_consumed_capacity))
    }

    pub(crate) fn delete_item(&mut self, request: DeleteItem) -> Result<Value> {
        let table = self.table_for_items(&request.table_name)?;
        let key = table.definition.key_schema.key_of_key_map(&request.key)?;
        check_condition(&request.condition, table.storage.get(&key))?;
        let old = table.storage.delete(&key);
        let consumed = self.charge_one(Charge::write(&request.table_name, old.as_ref().map(item_size), None));
        let returned = old.as_ref().filter(|_| request.return_values == ReturnValues::AllOld);
        Ok(response(returned.map(|o| ("Attributes", o)), consumed, request.return_consumed_capacity))
    }
}
