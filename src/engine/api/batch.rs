//! Request shapes of the batch operations: BatchGetItem and BatchWriteItem.
//!
//! A batch names several tables, each with its own list of requests. The
//! request-level checks (dynalite's, written against DynamoDB) run for each
//! table in turn; limits count across tables: at most 100 keys to get, at
//! most 25 puts and deletes.

use std::collections::BTreeMap;

use serde_json::Value;

use super::expressions::{check_members, lends_substitutions, ExpressionParser};
use super::item::{
    attributes_to_get, attributes_to_get_projection, wire_item, MAX_ITEM_BYTES, RETURN_ITEM_COLLECTION_METRICS,
};
use super::members::{any, boolean, map_of, shape, string, strings, structure, structures, values};
use super::{return_consumed_capacity, Violations, RETURN_CONSUMED_CAPACITY_VALUES};
use crate::engine::capacity::{Consistency, ReturnConsumedCapacity};
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::Projection;
use crate::engine::value::size::item_size;
use crate::engine::value::Item;

/// Most keys one BatchGetItem may ask for.
pub const MAX_BATCH_GET_KEYS: usize = 100;
/// Most puts and deletes one BatchWriteItem may carry.
pub const MAX_BATCH_WRITES: usize = 25;

/// An empty `RequestItems` is refused on its own, before any other check,
/// in these words (captured on DynamoDB in 2026, semantics D.7).
fn require_request_items<T>(operation: &str, request_items: &Option<BTreeMap<String, T>>) -> Result<()> {
    match request_items {
        Some(items) if items.is_empty() => {
            Err(ApiError::validation(format!("The requestItems parameter is required for {operation}")))
        }
        _ => Ok(()),
    }
}

/// Checks the table names used as `RequestItems` keys.
fn request_items_constraints<T>(v: &mut Violations, request_items: &Option<BTreeMap<String, T>>) {
    v.not_null("requestItems", request_items);
    if let Some(items) = request_items {
        for name in items.keys() {
            v.table_name("requestItems.key", Some(name));
        }
    }
}

#[derive(Debug, Default)]
pub struct KeysAndAttributes {
    pub keys: Option<Vec<Value>>,
    pub consistent_read: Option<bool>,
    pub projection_expression: Option<String>,
    pub attributes_to_get: Option<Vec<String>>,
    pub expression_attribute_names: Option<Value>,
    pub expression_attribute_values: Option<Value>,
}

shape! { KeysAndAttributes {
    "Keys" => keys: values,
    "ConsistentRead" => consistent_read: boolean,
    "ProjectionExpression" => projection_expression: string,
    "AttributesToGet" => attributes_to_get: strings,
    "ExpressionAttributeNames" => expression_attribute_names: any,
    "ExpressionAttributeValues" => expression_attribute_values: any,
} }

lends_substitutions!(KeysAndAttributes);

#[derive(Debug, Default)]
pub struct BatchGetItemInput {
    pub request_items: Option<BTreeMap<String, KeysAndAttributes>>,
    pub return_consumed_capacity: Option<String>,
}

shape! { BatchGetItemInput {
    "RequestItems" => request_items: |v| map_of(v, structure::<KeysAndAttributes>),
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
} }

/// What to read from one table.
#[derive(Debug)]
pub struct TableGets {
    pub keys: Vec<Item>,
    pub consistency: Consistency,
    pub projection: Option<Projection>,
    /// The request as sent, minus the keys: UnprocessedKeys repeats it.
    pub request: Value,
}

/// A BatchGetItem that passed every request-level check.
#[derive(Debug)]
pub struct BatchGetItem {
    pub tables: BTreeMap<String, TableGets>,
    pub return_consumed_capacity: ReturnConsumedCapacity,
}

impl BatchGetItemInput {
    pub fn validate(self) -> Result<BatchGetItem> {
        require_request_items("BatchGetItem", &self.request_items)?;
        let mut v = Violations::default();
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        request_items_constraints(&mut v, &self.request_items);
        for (name, gets) in self.request_items.iter().flatten() {
            let field = format!("requestItems.{name}.member.keys");
            v.not_null(&field, &gets.keys);
            if let Some(keys) = &gets.keys {
                if keys.is_empty() {
                    v.push("'[]'", &field, "have length greater than or equal to 1");
                } else if keys.len() > MAX_BATCH_GET_KEYS {
                    let field = format!("RequestItems.{name}.member.Keys");
                    v.push_without_value(&field, "have length less than or equal to 100");
                }
            }
            attributes_to_get(&mut v, &gets.attributes_to_get);
        }
        v.finish()?;

        let mut tables = BTreeMap::new();
        let mut total = 0;
        for (name, gets) in self.request_items.unwrap_or_default() {
            check_members(
                gets.substitutions(),
                &[("ProjectionExpression", gets.projection_expression.is_some())],
                &[("AttributesToGet", gets.attributes_to_get.is_some())],
            )?;
            let mut keys: Vec<Item> = Vec::new();
            for key in gets.keys.iter().flatten() {
                let key = wire_item(Some(key))?;
                if keys.contains(&key) {
                    return Err(ApiError::validation("Provided list of item keys contains duplicates"));
                }
                keys.push(key);
                total += 1;
                if total > MAX_BATCH_GET_KEYS {
                    return Err(ApiError::validation("Too many items requested for the BatchGetItem call"));
                }
            }
            let legacy_projection = attributes_to_get_projection(&gets.attributes_to_get)?;
            let mut parser = ExpressionParser::new(gets.substitutions())?;
            let projection = parser.projection(gets.projection_expression.as_deref())?;
            parser.finish()?;
            let mut request = serde_json::Map::new();
            if let Some(consistent) = gets.consistent_read {
                request.insert("ConsistentRead".into(), consistent.into());
            }
            if let Some(p) = &gets.projection_expression {
                request.insert("ProjectionExpression".into(), p.clone().into());
            }
            if let Some(names) = gets.substitutions().expression_attribute_names {
                request.insert("ExpressionAttributeNames".into(), names.clone());
            }
            if let Some(names) = &gets.attributes_to_get {
                request.insert("AttributesToGet".into(), names.clone().into());
            }
            tables.insert(
                name,
                TableGets {
                    keys,
                    consistency: Consistency::from_flag(gets.consistent_read),
                    projection: projection.or(legacy_projection),
                    request: Value::Object(request),
                },
            );
        }
        Ok(BatchGetItem {
            tables,
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
        })
    }
}

#[derive(Debug, Default)]
pub struct PutRequest {
    pub item: Option<Value>,
}

shape! { PutRequest {
    "Item" => item: any,
} }

#[derive(Debug, Default)]
pub struct DeleteRequest {
    pub key: Option<Value>,
}

shape! { DeleteRequest {
    "Key" => key: any,
} }

#[derive(Debug, Default)]
pub struct WriteRequest {
    pub put_request: Option<PutRequest>,
    pub delete_request: Option<DeleteRequest>,
}

shape! { WriteRequest {
    "PutRequest" => put_request: structure::<PutRequest>,
    "DeleteRequest" => delete_request: structure::<DeleteRequest>,
} }

#[derive(Debug, Default)]
pub struct BatchWriteItemInput {
    pub request_items: Option<BTreeMap<String, Vec<WriteRequest>>>,
    pub return_consumed_capacity: Option<String>,
    pub return_item_collection_metrics: Option<String>,
}

shape! { BatchWriteItemInput {
    "RequestItems" => request_items: |v| map_of(v, structures::<WriteRequest>),
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
    "ReturnItemCollectionMetrics" => return_item_collection_metrics: string,
} }

/// One put or delete of a batch.
#[derive(Debug, Clone, PartialEq)]
pub enum Write {
    Put(Item),
    Delete(Item),
}

/// A BatchWriteItem that passed every request-level check.
#[derive(Debug)]
pub struct BatchWriteItem {
    pub tables: BTreeMap<String, Vec<Write>>,
    pub return_consumed_capacity: ReturnConsumedCapacity,
    /// `ReturnItemCollectionMetrics: SIZE`.
    pub return_item_collection_metrics: bool,
}

impl BatchWriteItemInput {
    pub fn validate(self) -> Result<BatchWriteItem> {
        require_request_items("BatchWriteItem", &self.request_items)?;
        let mut v = Violations::default();
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        v.one_of(
            "returnItemCollectionMetrics",
            self.return_item_collection_metrics.as_deref(),
            RETURN_ITEM_COLLECTION_METRICS,
        );
        request_items_constraints(&mut v, &self.request_items);
        for (name, writes) in self.request_items.iter().flatten() {
            let field = format!("requestItems.{name}.member");
            if writes.is_empty() || writes.len() > MAX_BATCH_WRITES {
                // DynamoDB echoes the map with a Java dump of each request;
                // we echo the table name and an ellipsis.
                v.push(
                    &format!("'{{{name}=[…]}}'"),
                    "requestItems",
                    "satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]",
                );
            }
            for (i, write) in writes.iter().enumerate() {
                if let Some(put) = &write.put_request {
                    v.not_null(&format!("{field}.{}.member.putRequest.item", i + 1), &put.item);
                }
                if let Some(delete) = &write.delete_request {
                    v.not_null(&format!("{field}.{}.member.deleteRequest.key", i + 1), &delete.key);
                }
            }
        }
        v.finish()?;

        let mut tables = BTreeMap::new();
        let mut total = 0;
        for (name, requests) in self.request_items.unwrap_or_default() {
            let mut writes = Vec::with_capacity(requests.len());
            for request in requests {
                let write = match (request.put_request, request.delete_request) {
                    (Some(put), None) => {
                        let item = wire_item(put.item.as_ref())?;
                        if item_size(&item) > MAX_ITEM_BYTES {
                            return Err(ApiError::validation("Item size has exceeded the maximum allowed size"));
                        }
                        Write::Put(item)
                    }
                    (None, Some(delete)) => Write::Delete(wire_item(delete.key.as_ref())?),
                    // Neither or both: DynamoDB's (odd) words for a request that is not one request.
                    _ => {
                        return Err(ApiError::validation(
                            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
                        ))
                    }
                };
                writes.push(write);
                total += 1;
            }
            tables.insert(name, writes);
        }
        if total > MAX_BATCH_WRITES {
            return Err(ApiError::validation("Too many items requested for the BatchWriteItem call"));
        }
        Ok(BatchWriteItem {
            tables,
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
            return_item_collection_metrics: self.return_item_collection_metrics.as_deref() == Some("SIZE"),
        })
    }
}
