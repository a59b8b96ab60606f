//! Single-item operations: PutItem, GetItem, DeleteItem.
//!
//! Each one finds the table, validates the key against the table's schema,
//! touches storage, and charges capacity by the rules of `capacity`:
//! a put pays for the larger of the old and new item, a delete for the
//! deleted item (1 if there was none), a read for the item found (the
//! minimum block if there was none).

use serde_json::{Map, Value};

use crate::engine::api::item::{DeleteItem, GetItem, PutItem, ReturnValues};
use crate::engine::capacity::{read_units, replace_write_units, ConsumedCapacity, ReturnConsumedCapacity};
use crate::engine::error::Result;
use crate::engine::value::size::item_size;
use crate::engine::value::wire::item_to_wire;
use crate::engine::value::Item;
use crate::engine::Engine;

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

/// The old item, if the caller asked for it with `ReturnValues: ALL_OLD`.
fn returned_old(old: &Option<Item>, return_values: ReturnValues) -> Option<(&'static str, &Item)> {
    match (return_values, old) {
        (ReturnValues::AllOld, Some(old)) => Some(("Attributes", old)),
        _ => None,
    }
}

impl Engine {
    pub(crate) fn put_item(&mut self, request: PutItem) -> Result<Value> {
        let table = self.table_for_items(&request.table_name)?;
        let key = table.definition.key_schema.key_of_item(&request.item)?;
        let new_size = item_size(&request.item);
        let old = table.storage.put(&key, request.item);
        let units = replace_write_units(old.as_ref().map(item_size), Some(new_size));
        let consumed = ConsumedCapacity::on_table(&request.table_name, units);
        Ok(response(returned_old(&old, request.return_values), consumed, request.return_consumed_capacity))
    }

    pub(crate) fn get_item(&mut self, request: GetItem) -> Result<Value> {
        let table = self.table_for_items(&request.table_name)?;
        let key = table.definition.key_schema.key_of_key_map(&request.key)?;
        let found = table.storage.get(&key);
        let units = read_units(found.map_or(0, item_size), request.consistency);
        let consumed = ConsumedCapacity::on_table(&request.table_name, units);
        Ok(response(found.map(|item| ("Item", item)), consumed, request.return_consumed_capacity))
    }

    pub(crate) fn delete_item(&mut self, request: DeleteItem) -> Result<Value> {
        let table = self.table_for_items(&request.table_name)?;
        let key = table.definition.key_schema.key_of_key_map(&request.key)?;
        let old = table.storage.delete(&key);
        let units = replace_write_units(old.as_ref().map(item_size), None);
        let consumed = ConsumedCapacity::on_table(&request.table_name, units);
        Ok(response(returned_old(&old, request.return_values), consumed, request.return_consumed_capacity))
    }
}
