//! Request shapes of the single-item operations: PutItem, GetItem,
//! UpdateItem, DeleteItem.
//!
//! Request-level checks run here, before any table is looked up, in
//! DynamoDB's order: member constraints; expression against legacy members;
//! every attribute value's validity (value::wire); `ReturnValues`; the 400 KB
//! item limit; the legacy `Expected` conditions; then the expressions
//! themselves. Key checks need the table's schema and run in `ops`.

use serde_json::Value;

use super::expressions::{check_members, lends_substitutions, ExpressionParser};
use super::members::{any, boolean, shape, string, strings};
use super::{parse_with_shared, return_consumed_capacity, Violations, RETURN_CONSUMED_CAPACITY_VALUES};
use crate::engine::capacity::{Consistency, ReturnConsumedCapacity};
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::{legacy, Condition, Projection, UpdateExpression};
use crate::engine::value::size::item_size;
use crate::engine::value::wire::item_from_wire;
use crate::engine::value::Item;

/// Largest item, names included: 400 KB (semantics B.4).
pub const MAX_ITEM_BYTES: usize = 409_600;

/// The values `ReturnValues` takes, in DynamoDB's order.
pub const RETURN_VALUES: &[&str] = &["ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"];
/// The values `ReturnItemCollectionMetrics` takes, in DynamoDB's order.
pub const RETURN_ITEM_COLLECTION_METRICS: &[&str] = &["SIZE", "NONE"];
/// The values `ReturnValuesOnConditionCheckFailure` takes.
pub const RETURN_VALUES_ON_CONDITION_CHECK_FAILURE: &[&str] = &["ALL_OLD", "NONE"];
/// The values `ConditionalOperator` takes, in DynamoDB's order.
pub const CONDITIONAL_OPERATORS: &[&str] = &["OR", "AND"];

/// What a write returns of the item before or after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReturnValues {
    #[default]
    None,
    AllOld,
    UpdatedOld,
    AllNew,
    UpdatedNew,
}

impl ReturnValues {
    fn parse(value: Option<&str>) -> Self {
        match value {
            Some("ALL_OLD") => Self::AllOld,
            Some("UPDATED_OLD") => Self::UpdatedOld,
            Some("ALL_NEW") => Self::AllNew,
            Some("UPDATED_NEW") => Self::UpdatedNew,
            _ => Self::None,
        }
    }
}

/// PutItem and DeleteItem accept only `NONE` and `ALL_OLD` (the enum itself
/// was checked by the constraint layer).
fn put_or_delete_return_values(value: Option<&str>) -> Result<ReturnValues> {
    match ReturnValues::parse(value) {
        rv @ (ReturnValues::None | ReturnValues::AllOld) => Ok(rv),
        _ => Err(ApiError::validation("1 validation error detected: ReturnValues can only be ALL_OLD or NONE")),
    }
}

/// Reads an item (or key) member, which must be a JSON object of attribute values.
pub(crate) fn wire_item(value: Option<&Value>) -> Result<Item> {
    item_from_wire(value.unwrap_or(&Value::Null))
}

/// The conditional-write members shared by PutItem, UpdateItem and DeleteItem.
#[derive(Debug, Default)]
pub struct ConditionMembers {
    pub condition_expression: Option<String>,
    pub expected: Option<Value>,
    pub conditional_operator: Option<String>,
    pub return_values_on_condition_check_failure: Option<String>,
    pub expression_attribute_names: Option<Value>,
    pub expression_attribute_values: Option<Value>,
}

shape! { ConditionMembers {
    "ConditionExpression" => condition_expression: string,
    "Expected" => expected: any,
    "ConditionalOperator" => conditional_operator: string,
    "ReturnValuesOnConditionCheckFailure" => return_values_on_condition_check_failure: string,
    "ExpressionAttributeNames" => expression_attribute_names: any,
    "ExpressionAttributeValues" => expression_attribute_values: any,
} }

lends_substitutions!(ConditionMembers, GetItemInput);

impl ConditionMembers {
    fn constraints(&self, v: &mut Violations) {
        v.one_of(
            "returnValuesOnConditionCheckFailure",
            self.return_values_on_condition_check_failure.as_deref(),
            RETURN_VALUES_ON_CONDITION_CHECK_FAILURE,
        );
        v.one_of("conditionalOperator", self.conditional_operator.as_deref(), CONDITIONAL_OPERATORS);
    }

    /// The legacy `Expected` block as a condition.
    fn expected(&self) -> Result<Option<Condition>> {
        self.expected.as_ref().map(|e| legacy::expected(e, self.conditional_operator.as_deref())).transpose()
    }

    fn return_old_on_failure(&self) -> bool {
        self.return_values_on_condition_check_failure.as_deref() == Some("ALL_OLD")
    }

    /// A Put's or Delete's `ConditionExpression` may not stand beside the legacy `Expected`.
    fn check_mixing(&self) -> Result<()> {
        check_members(
            self.substitutions(),
            &[("ConditionExpression", self.condition_expression.is_some())],
            &[("Expected", self.expected.is_some())],
        )
    }

    /// The condition of a Put or Delete: its `ConditionExpression`, or the
    /// legacy `Expected` block, parsed after everything else was checked.
    fn write_condition(&self) -> Result<WriteCondition> {
        let expected = self.expected()?;
        let mut parser = ExpressionParser::new(self.substitutions())?;
        let condition = parser.condition(self.condition_expression.as_deref(), "ConditionExpression")?;
        parser.finish()?;
        Ok(WriteCondition { condition: condition.or(expected), return_old_on_failure: self.return_old_on_failure() })
    }
}

/// The member constraints PutItem and DeleteItem share, in DynamoDB's order:
/// `ReturnValues`, `ReturnConsumedCapacity`, `ReturnItemCollectionMetrics`,
/// the condition members, then the table name.
fn write_member_constraints(
    v: &mut Violations,
    [return_values, consumed, metrics]: [&Option<String>; 3],
    conditions: &ConditionMembers,
    table_name: &Option<String>,
) {
    v.one_of("returnValues", return_values.as_deref(), RETURN_VALUES);
    v.one_of("returnConsumedCapacity", consumed.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
    v.one_of("returnItemCollectionMetrics", metrics.as_deref(), RETURN_ITEM_COLLECTION_METRICS);
    conditions.constraints(v);
    v.data_plane_table_name("tableName", table_name.as_deref());
    v.not_null("tableName", table_name);
}

/// A condition a write must satisfy, and what to return when it does not.
#[derive(Debug, Default)]
pub struct WriteCondition {
    pub condition: Option<Condition>,
    /// `ReturnValuesOnConditionCheckFailure: ALL_OLD`.
    pub return_old_on_failure: bool,
}

#[derive(Debug, Default)]
pub struct PutItemInput {
    pub table_name: Option<String>,
    pub item: Option<Value>,
    pub return_values: Option<String>,
    pub return_consumed_capacity: Option<String>,
    pub return_item_collection_metrics: Option<String>,
    /// Read from the same request by [`PutItemInput::parse`].
    pub conditions: ConditionMembers,
}

shape! { PutItemInput {
    "TableName" => table_name: string,
    "Item" => item: any,
    "ReturnValues" => return_values: string,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
    "ReturnItemCollectionMetrics" => return_item_collection_metrics: string,
} }

/// A PutItem request that passed every request-level check.
#[derive(Debug)]
pub struct PutItem {
    pub table_name: String,
    pub item: Item,
    pub condition: WriteCondition,
    pub return_values: ReturnValues,
    pub return_consumed_capacity: ReturnConsumedCapacity,
    /// `ReturnItemCollectionMetrics: SIZE`.
    pub return_item_collection_metrics: bool,
}

impl PutItemInput {
    pub fn parse(request: &Value) -> Result<Self> {
        parse_with_shared(request, |input: &mut Self, conditions| input.conditions = conditions)
    }

    pub fn validate(self) -> Result<PutItem> {
        let mut v = Violations::default();
        write_member_constraints(
            &mut v,
            [&self.return_values, &self.return_consumed_capacity, &self.return_item_collection_metrics],
            &self.conditions,
            &self.table_name,
        );
        v.not_null("item", &self.item);
        v.finish()?;
        self.conditions.check_mixing()?;
        let item = wire_item(self.item.as_ref())?;
        let return_values = put_or_delete_return_values(self.return_values.as_deref())?;
        if item_size(&item) > MAX_ITEM_BYTES {
            return Err(ApiError::validation("Item size has exceeded the maximum allowed size"));
        }
        Ok(PutItem {
            table_name: self.table_name.unwrap_or_default(),
            item,
            condition: self.conditions.write_condition()?,
            return_values,
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
            return_item_collection_metrics: self.return_item_collection_metrics.as_deref() == Some("SIZE"),
        })
    }
}

#[derive(Debug, Default)]
pub struct GetItemInput {
    pub table_name: Option<String>,
    pub key: Option<Value>,
    pub consistent_read: Option<bool>,
    pub return_consumed_capacity: Option<String>,
    pub projection_expression: Option<String>,
    pub attributes_to_get: Option<Vec<String>>,
    pub expression_attribute_names: Option<Value>,
    pub expression_attribute_values: Option<Value>,
}

shape! { GetItemInput {
    "TableName" => table_name: string,
    "Key" => key: any,
    "ConsistentRead" => consistent_read: boolean,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
    "ProjectionExpression" => projection_expression: string,
    "AttributesToGet" => attributes_to_get: strings,
    "ExpressionAttributeNames" => expression_attribute_names: any,
    "ExpressionAttributeValues" => expression_attribute_values: any,
} }

/// A GetItem request that passed every request-level check.
#[derive(Debug)]
pub struct GetItem {
    pub table_name: String,
    pub key: Item,
    pub consistency: Consistency,
    pub projection: Option<Projection>,
    pub return_consumed_capacity: ReturnConsumedCapacity,
}

/// `AttributesToGet`: 1 to 255 names, no duplicates.
pub(crate) fn attributes_to_get(v: &mut Violations, names: &Option<Vec<String>>) {
    if let Some(names) = names {
        if names.is_empty() {
            v.push("'[]'", "attributesToGet", "have length greater than or equal to 1");
        } else if names.len() > 255 {
            v.push(&format!("'[{}]'", names.join(", ")), "attributesToGet", "have length less than or equal to 255");
        }
    }
}

/// Duplicate names in `AttributesToGet`, checked after the value checks.
pub(crate) fn attributes_to_get_projection(names: &Option<Vec<String>>) -> Result<Option<Projection>> {
    let Some(names) = names else { return Ok(None) };
    for (i, name) in names.iter().enumerate() {
        if names.iter().take(i).any(|n| n == name) {
            return Err(ApiError::invalid_parameter(format!("Duplicate value in attribute name: {name}")));
        }
    }
    Ok(Some(Projection::from_attribute_names(names)))
}

impl GetItemInput {
    pub fn validate(self) -> Result<GetItem> {
        let mut v = Violations::default();
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        attributes_to_get(&mut v, &self.attributes_to_get);
        v.data_plane_table_name("tableName", self.table_name.as_deref());
        v.not_null("tableName", &self.table_name);
        v.not_null("key", &self.key);
        v.finish()?;
        check_members(
            self.substitutions(),
            &[("ProjectionExpression", self.projection_expression.is_some())],
            &[("AttributesToGet", self.attributes_to_get.is_some())],
        )?;
        let key = wire_item(self.key.as_ref())?;
        let legacy_projection = attributes_to_get_projection(&self.attributes_to_get)?;
        let mut parser = ExpressionParser::new(self.substitutions())?;
        let projection = parser.projection(self.projection_expression.as_deref())?;
        parser.finish()?;
        Ok(GetItem {
            table_name: self.table_name.unwrap_or_default(),
            key,
            consistency: Consistency::from_flag(self.consistent_read),
            projection: projection.or(legacy_projection),
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
        })
    }
}

#[derive(Debug, Default)]
pub struct UpdateItemInput {
    pub table_name: Option<String>,
    pub key: Option<Value>,
    pub update_expression: Option<String>,
    pub attribute_updates: Option<Value>,
    pub return_values: Option<String>,
    pub return_consumed_capacity: Option<String>,
    pub return_item_collection_metrics: Option<String>,
    /// Read from the same request by [`UpdateItemInput::parse`].
    pub conditions: ConditionMembers,
}

shape! { UpdateItemInput {
    "TableName" => table_name: string,
    "Key" => key: any,
    "UpdateExpression" => update_expression: string,
    "AttributeUpdates" => attribute_updates: any,
    "ReturnValues" => return_values: string,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
    "ReturnItemCollectionMetrics" => return_item_collection_metrics: string,
} }

/// An UpdateItem request that passed every request-level check.
#[derive(Debug)]
pub struct UpdateItem {
    pub table_name: String,
    pub key: Item,
    /// `None`: the request only makes sure the item exists.
    pub update: Option<UpdateExpression>,
    pub condition: WriteCondition,
    pub return_values: ReturnValues,
    pub return_consumed_capacity: ReturnConsumedCapacity,
    /// `ReturnItemCollectionMetrics: SIZE`.
    pub return_item_collection_metrics: bool,
}

impl UpdateItemInput {
    pub fn parse(request: &Value) -> Result<Self> {
        parse_with_shared(request, |input: &mut Self, conditions| input.conditions = conditions)
    }

    pub fn validate(self) -> Result<UpdateItem> {
        let mut v = Violations::default();
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        v.one_of("returnValues", self.return_values.as_deref(), RETURN_VALUES);
        v.one_of(
            "returnItemCollectionMetrics",
            self.return_item_collection_metrics.as_deref(),
            RETURN_ITEM_COLLECTION_METRICS,
        );
        self.conditions.constraints(&mut v);
        v.data_plane_table_name("tableName", self.table_name.as_deref());
        v.not_null("tableName", &self.table_name);
        v.not_null("key", &self.key);
        v.finish()?;
        let c = &self.conditions;
        check_members(
            c.substitutions(),
            &[
                ("UpdateExpression", self.update_expression.is_some()),
                ("ConditionExpression", c.condition_expression.is_some()),
            ],
            &[("AttributeUpdates", self.attribute_updates.is_some()), ("Expected", c.expected.is_some())],
        )?;
        let key = wire_item(self.key.as_ref())?;
        let legacy_update = self.attribute_updates.as_ref().map(legacy::attribute_updates).transpose()?;
        let expected = c.expected()?;
        let mut parser = ExpressionParser::new(c.substitutions())?;
        let update = parser.update(self.update_expression.as_deref())?;
        let condition = parser.condition(c.condition_expression.as_deref(), "ConditionExpression")?;
        parser.finish()?;
        Ok(UpdateItem {
            table_name: self.table_name.unwrap_or_default(),
            key,
            update: update.or(legacy_update),
            condition: WriteCondition {
                condition: condition.or(expected),
                return_old_on_failure: c.return_old_on_failure(),
            },
            return_values: ReturnValues::parse(self.return_values.as_deref()),
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
            return_item_collection_metrics: self.return_item_collection_metrics.as_deref() == Some("SIZE"),
        })
    }
}

#[derive(Debug, Default)]
pub struct DeleteItemInput {
    pub table_name: Option<String>,
    pub key: Option<Value>,
    pub return_values: Option<String>,
    pub return_consumed_capacity: Option<String>,
    pub return_item_collection_metrics: Option<String>,
    /// Read from the same request by [`DeleteItemInput::parse`].
    pub conditions: ConditionMembers,
}

shape! { DeleteItemInput {
    "TableName" => table_name: string,
    "Key" => key: any,
    "ReturnValues" => return_values: string,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
    "ReturnItemCollectionMetrics" => return_item_collection_metrics: string,
} }

/// A DeleteItem request that passed every request-level check.
#[derive(Debug)]
pub struct DeleteItem {
    pub table_name: String,
    pub key: Item,
    pub condition: WriteCondition,
    pub return_values: ReturnValues,
    pub return_consumed_capacity: ReturnConsumedCapacity,
    /// `ReturnItemCollectionMetrics: SIZE`.
    pub return_item_collection_metrics: bool,
}

impl DeleteItemInput {
    pub fn parse(request: &Value) -> Result<Self> {
        parse_with_shared(request, |input: &mut Self, conditions| input.conditions = conditions)
    }

    pub fn validate(self) -> Result<DeleteItem> {
        let mut v = Violations::default();
        write_member_constraints(
            &mut v,
            [&self.return_values, &self.return_consumed_capacity, &self.return_item_collection_metrics],
            &self.conditions,
            &self.table_name,
        );
        v.not_null("key", &self.key);
        v.finish()?;
        self.conditions.check_mixing()?;
        let key = wire_item(self.key.as_ref())?;
        let return_values = put_or_delete_return_values(self.return_values.as_deref())?;
        Ok(DeleteItem {
            table_name: self.table_name.unwrap_or_default(),
            key,
            condition: self.conditions.write_condition()?,
            return_values,
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
            return_item_collection_metrics: self.return_item_collection_metrics.as_deref() == Some("SIZE"),
        })
    }
}
