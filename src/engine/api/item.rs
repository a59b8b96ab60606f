//! Request shapes of the single-item operations: PutItem, GetItem, DeleteItem.
//!
//! Request-level checks run here, before any table is looked up: required
//! members, enums, every attribute value's validity (value::wire) and the
//! 400 KB item limit. Key checks need the table's schema and run in `ops`.

use serde::Deserialize;
use serde_json::Value;

use super::{not_supported_yet, return_consumed_capacity, Violations, RETURN_CONSUMED_CAPACITY_VALUES};
use crate::engine::capacity::{Consistency, ReturnConsumedCapacity};
use crate::engine::error::{ApiError, Result};
use crate::engine::value::size::item_size;
use crate::engine::value::wire::item_from_wire;
use crate::engine::value::Item;

/// Largest item, names included: 400 KB (semantics B.4).
pub const MAX_ITEM_BYTES: usize = 409_600;

/// The values `ReturnValues` takes, in DynamoDB's order.
pub const RETURN_VALUES: &[&str] = &["ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"];
/// The values `ReturnItemCollectionMetrics` takes, in DynamoDB's order.
pub const RETURN_ITEM_COLLECTION_METRICS: &[&str] = &["SIZE", "NONE"];

/// What a write returns of the item it replaced or removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReturnValues {
    #[default]
    None,
    AllOld,
}

/// PutItem and DeleteItem accept only `NONE` and `ALL_OLD`.
fn put_or_delete_return_values(value: Option<&str>) -> Result<ReturnValues> {
    match value {
        None | Some("NONE") => Ok(ReturnValues::None),
        Some("ALL_OLD") => Ok(ReturnValues::AllOld),
        Some(_) => Err(ApiError::validation("1 validation error detected: ReturnValues can only be ALL_OLD or NONE")),
    }
}

/// Expression and legacy parameters of the write operations, refused until
/// the expression engine exists rather than silently ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Conditions {
    pub condition_expression: Option<String>,
    pub expression_attribute_names: Option<Value>,
    pub expression_attribute_values: Option<Value>,
    pub expected: Option<Value>,
    pub conditional_operator: Option<String>,
    pub return_values_on_condition_check_failure: Option<String>,
}

impl Conditions {
    fn refuse(&self) -> Result<()> {
        not_supported_yet("ConditionExpression", self.condition_expression.is_some())?;
        not_supported_yet("ExpressionAttributeNames", self.expression_attribute_names.is_some())?;
        not_supported_yet("ExpressionAttributeValues", self.expression_attribute_values.is_some())?;
        not_supported_yet("Expected", self.expected.is_some())?;
        not_supported_yet("ConditionalOperator", self.conditional_operator.is_some())?;
        not_supported_yet(
            "ReturnValuesOnConditionCheckFailure",
            self.return_values_on_condition_check_failure.is_some(),
        )
    }
}

/// Reads an item (or key) member, which must be a JSON object of attribute values.
fn wire_item(value: Option<Value>) -> Result<Item> {
    item_from_wire(&value.unwrap_or(Value::Null))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct PutItemInput {
    pub table_name: Option<String>,
    pub item: Option<Value>,
    pub return_values: Option<String>,
    pub return_consumed_capacity: Option<String>,
    pub return_item_collection_metrics: Option<String>,
    #[serde(flatten)]
    pub conditions: Conditions,
}

/// A PutItem request that passed every request-level check.
#[derive(Debug, PartialEq)]
pub struct PutItem {
    pub table_name: String,
    pub item: Item,
    pub return_values: ReturnValues,
    pub return_consumed_capacity: ReturnConsumedCapacity,
}

impl PutItemInput {
    pub fn validate(self) -> Result<PutItem> {
        let mut v = Violations::default();
        v.one_of("returnValues", self.return_values.as_deref(), RETURN_VALUES);
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        v.one_of(
            "returnItemCollectionMetrics",
            self.return_item_collection_metrics.as_deref(),
            RETURN_ITEM_COLLECTION_METRICS,
        );
        v.data_plane_table_name("tableName", self.table_name.as_deref());
        v.not_null("tableName", &self.table_name);
        v.not_null("item", &self.item);
        v.finish()?;
        let item = wire_item(self.item)?;
        self.conditions.refuse()?;
        let return_values = put_or_delete_return_values(self.return_values.as_deref())?;
        if item_size(&item) > MAX_ITEM_BYTES {
            return Err(ApiError::validation("Item size has exceeded the maximum allowed size"));
        }
        Ok(PutItem {
            table_name: self.table_name.unwrap_or_default(),
            item,
            return_values,
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
        })
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct GetItemInput {
    pub table_name: Option<String>,
    pub key: Option<Value>,
    pub consistent_read: Option<bool>,
    pub return_consumed_capacity: Option<String>,
    pub projection_expression: Option<String>,
    pub expression_attribute_names: Option<Value>,
    pub attributes_to_get: Option<Value>,
}

/// A GetItem request that passed every request-level check.
#[derive(Debug, PartialEq)]
pub struct GetItem {
    pub table_name: String,
    pub key: Item,
    pub consistency: Consistency,
    pub return_consumed_capacity: ReturnConsumedCapacity,
}

impl GetItemInput {
    pub fn validate(self) -> Result<GetItem> {
        let mut v = Violations::default();
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        v.data_plane_table_name("tableName", self.table_name.as_deref());
        v.not_null("tableName", &self.table_name);
        v.not_null("key", &self.key);
        v.finish()?;
        let key = wire_item(self.key)?;
        not_supported_yet("ProjectionExpression", self.projection_expression.is_some())?;
        not_supported_yet("ExpressionAttributeNames", self.expression_attribute_names.is_some())?;
        not_supported_yet("AttributesToGet", self.attributes_to_get.is_some())?;
        Ok(GetItem {
            table_name: self.table_name.unwrap_or_default(),
            key,
            consistency: Consistency::from_flag(self.consistent_read),
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
        })
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct DeleteItemInput {
    pub table_name: Option<String>,
    pub key: Option<Value>,
    pub return_values: Option<String>,
    pub return_consumed_capacity: Option<String>,
    pub return_item_collection_metrics: Option<String>,
    #[serde(flatten)]
    pub conditions: Conditions,
}

/// A DeleteItem request that passed every request-level check.
#[derive(Debug, PartialEq)]
pub struct DeleteItem {
    pub table_name: String,
    pub key: Item,
    pub return_values: ReturnValues,
    pub return_consumed_capacity: ReturnConsumedCapacity,
}

impl DeleteItemInput {
    pub fn validate(self) -> Result<DeleteItem> {
        let mut v = Violations::default();
        v.one_of("returnValues", self.return_values.as_deref(), RETURN_VALUES);
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        v.one_of(
            "returnItemCollectionMetrics",
            self.return_item_collection_metrics.as_deref(),
            RETURN_ITEM_COLLECTION_METRICS,
        );
        v.data_plane_table_name("tableName", self.table_name.as_deref());
        v.not_null("tableName", &self.table_name);
        v.not_null("key", &self.key);
        v.finish()?;
        let key = wire_item(self.key)?;
        self.conditions.refuse()?;
        let return_values = put_or_delete_return_values(self.return_values.as_deref())?;
        Ok(DeleteItem {
            table_name: self.table_name.unwrap_or_default(),
            key,
            return_values,
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
        })
    }
}
