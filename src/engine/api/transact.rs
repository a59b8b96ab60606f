//! Request shapes of the transactions: TransactGetItems and
//! TransactWriteItems.
//!
//! Every action carries its own table, key, expressions and placeholders;
//! each is validated like the single-item request it resembles. Across the
//! transaction: 1 to 100 actions, and no item touched twice ("Transaction
//! request cannot include multiple operations on one item", checked once the
//! keys are resolved against their tables).

use serde_json::Value;

use super::expressions::{check_members, lends_substitutions, ExpressionParser, Substitutions};
use super::item::{
    wire_item, MAX_ITEM_BYTES, RETURN_ITEM_COLLECTION_METRICS, RETURN_VALUES_ON_CONDITION_CHECK_FAILURE,
};
use super::members::{any, shape, string, structure, structures};
use super::{return_consumed_capacity, Violations, RETURN_CONSUMED_CAPACITY_VALUES};
use crate::engine::capacity::ReturnConsumedCapacity;
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::{Condition, Projection, UpdateExpression};
use crate::engine::value::size::item_size;
use crate::engine::value::Item;

/// Most actions in one transaction.
pub const MAX_TRANSACT_ITEMS: usize = 100;
/// Largest total size of the items a TransactWriteItems carries: 4 MB.
pub const MAX_TRANSACT_BYTES: usize = 4 * 1024 * 1024;

/// Checks the `TransactItems` list length.
fn transact_items_constraints<T>(v: &mut Violations, items: &Option<Vec<T>>) {
    v.not_null("transactItems", items);
    if let Some(items) = items {
        if items.is_empty() {
            v.push("'[]'", "transactItems", "have length greater than or equal to 1");
        } else if items.len() > MAX_TRANSACT_ITEMS {
            v.push("'[…]'", "transactItems", "have length less than or equal to 100");
        }
    }
}

#[derive(Debug, Default)]
pub struct GetAction {
    pub table_name: Option<String>,
    pub key: Option<Value>,
    pub projection_expression: Option<String>,
    pub expression_attribute_names: Option<Value>,
}

shape! { GetAction {
    "TableName" => table_name: string,
    "Key" => key: any,
    "ProjectionExpression" => projection_expression: string,
    "ExpressionAttributeNames" => expression_attribute_names: any,
} }

#[derive(Debug, Default)]
pub struct TransactGetItem {
    pub get: Option<GetAction>,
}

shape! { TransactGetItem {
    "Get" => get: structure::<GetAction>,
} }

#[derive(Debug, Default)]
pub struct TransactGetItemsInput {
    pub transact_items: Option<Vec<TransactGetItem>>,
    pub return_consumed_capacity: Option<String>,
}

shape! { TransactGetItemsInput {
    "TransactItems" => transact_items: structures::<TransactGetItem>,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
} }

/// One read of a TransactGetItems.
#[derive(Debug)]
pub struct TransactGet {
    pub table_name: String,
    pub key: Item,
    pub projection: Option<Projection>,
}

/// A TransactGetItems that passed every request-level check.
#[derive(Debug)]
pub struct TransactGetItems {
    pub gets: Vec<TransactGet>,
    pub return_consumed_capacity: ReturnConsumedCapacity,
}

impl TransactGetItemsInput {
    pub fn validate(self) -> Result<TransactGetItems> {
        let mut v = Violations::default();
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        transact_items_constraints(&mut v, &self.transact_items);
        for (i, action) in self.transact_items.iter().flatten().enumerate() {
            let member = format!("transactItems.{}.member.get", i + 1);
            v.not_null(&member, &action.get);
            if let Some(get) = &action.get {
                v.not_null(&format!("{member}.key"), &get.key);
                v.data_plane_table_name(&format!("{member}.tableName"), get.table_name.as_deref());
                v.not_null(&format!("{member}.tableName"), &get.table_name);
            }
        }
        v.finish()?;
        let mut gets = Vec::new();
        for get in self.transact_items.unwrap_or_default().into_iter().filter_map(|a| a.get) {
            let substitutions = Substitutions {
                expression_attribute_names: get.expression_attribute_names.as_ref(),
                expression_attribute_values: None,
            };
            check_members(substitutions, &[("ProjectionExpression", get.projection_expression.is_some())], &[])?;
            let key = wire_item(get.key.as_ref())?;
            let mut parser = ExpressionParser::new(substitutions)?;
            let projection = parser.projection(get.projection_expression.as_deref())?;
            parser.finish()?;
            gets.push(TransactGet { table_name: get.table_name.unwrap_or_default(), key, projection });
        }
        Ok(TransactGetItems {
            gets,
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
        })
    }
}

/// The members every write action has.
#[derive(Debug, Default)]
pub struct WriteActionMembers {
    pub table_name: Option<String>,
    pub key: Option<Value>,
    pub item: Option<Value>,
    pub update_expression: Option<String>,
    pub condition_expression: Option<String>,
    pub return_values_on_condition_check_failure: Option<String>,
    pub expression_attribute_names: Option<Value>,
    pub expression_attribute_values: Option<Value>,
}

shape! { WriteActionMembers {
    "TableName" => table_name: string,
    "Key" => key: any,
    "Item" => item: any,
    "UpdateExpression" => update_expression: string,
    "ConditionExpression" => condition_expression: string,
    "ReturnValuesOnConditionCheckFailure" => return_values_on_condition_check_failure: string,
    "ExpressionAttributeNames" => expression_attribute_names: any,
    "ExpressionAttributeValues" => expression_attribute_values: any,
} }

lends_substitutions!(WriteActionMembers);

#[derive(Debug, Default)]
pub struct TransactWriteItem {
    pub condition_check: Option<WriteActionMembers>,
    pub put: Option<WriteActionMembers>,
    pub delete: Option<WriteActionMembers>,
    pub update: Option<WriteActionMembers>,
}

shape! { TransactWriteItem {
    "ConditionCheck" => condition_check: structure::<WriteActionMembers>,
    "Put" => put: structure::<WriteActionMembers>,
    "Delete" => delete: structure::<WriteActionMembers>,
    "Update" => update: structure::<WriteActionMembers>,
} }

#[derive(Debug, Default)]
pub struct TransactWriteItemsInput {
    pub transact_items: Option<Vec<TransactWriteItem>>,
    pub client_request_token: Option<String>,
    pub return_consumed_capacity: Option<String>,
    pub return_item_collection_metrics: Option<String>,
}

shape! { TransactWriteItemsInput {
    "TransactItems" => transact_items: structures::<TransactWriteItem>,
    "ClientRequestToken" => client_request_token: string,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
    "ReturnItemCollectionMetrics" => return_item_collection_metrics: string,
} }

/// What one write action does.
#[derive(Debug)]
pub enum WriteKind {
    ConditionCheck,
    Put(Item),
    Delete,
    Update(Option<UpdateExpression>),
}

impl WriteKind {
    /// The action's name as it appears in the request.
    pub fn name(&self) -> &'static str {
        match self {
            Self::ConditionCheck => "ConditionCheck",
            Self::Put(_) => "Put",
            Self::Delete => "Delete",
            Self::Update(_) => "Update",
        }
    }
}

/// One action of a TransactWriteItems.
#[derive(Debug)]
pub struct TransactWrite {
    pub table_name: String,
    pub kind: WriteKind,
    /// The key (Delete, Update, ConditionCheck); a Put's key comes from its item.
    pub key: Option<Item>,
    pub condition: Option<Condition>,
    pub return_old_on_failure: bool,
}

/// A TransactWriteItems that passed every request-level check.
#[derive(Debug)]
pub struct TransactWriteItems {
    pub writes: Vec<TransactWrite>,
    pub client_request_token: Option<String>,
    /// The request's `TransactItems` as sent, to recognise a replayed token.
    pub fingerprint: String,
    pub return_consumed_capacity: ReturnConsumedCapacity,
    /// `ReturnItemCollectionMetrics: SIZE`.
    pub return_item_collection_metrics: bool,
}

impl TransactWriteItemsInput {
    pub fn validate(self, raw_items: Option<&Value>) -> Result<TransactWriteItems> {
        let mut v = Violations::default();
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        v.one_of(
            "returnItemCollectionMetrics",
            self.return_item_collection_metrics.as_deref(),
            RETURN_ITEM_COLLECTION_METRICS,
        );
        if let Some(token) = &self.client_request_token {
            let quoted = format!("'{token}'");
            if token.is_empty() {
                v.push(&quoted, "clientRequestToken", "have length greater than or equal to 1");
            } else if token.chars().count() > 36 {
                v.push(&quoted, "clientRequestToken", "have length less than or equal to 36");
            }
        }
        transact_items_constraints(&mut v, &self.transact_items);
        for (i, action) in self.transact_items.iter().flatten().enumerate() {
            for (name, members) in [
                ("conditionCheck", &action.condition_check),
                ("put", &action.put),
                ("delete", &action.delete),
                ("update", &action.update),
            ] {
                let Some(m) = members else { continue };
                let member = format!("transactItems.{}.member.{name}", i + 1);
                v.one_of(
                    &format!("{member}.returnValuesOnConditionCheckFailure"),
                    m.return_values_on_condition_check_failure.as_deref(),
                    RETURN_VALUES_ON_CONDITION_CHECK_FAILURE,
                );
                v.data_plane_table_name(&format!("{member}.tableName"), m.table_name.as_deref());
                v.not_null(&format!("{member}.tableName"), &m.table_name);
                match name {
                    "put" => v.not_null(&format!("{member}.item"), &m.item),
                    _ => v.not_null(&format!("{member}.key"), &m.key),
                }
                match name {
                    "conditionCheck" => v.not_null(&format!("{member}.conditionExpression"), &m.condition_expression),
                    "update" => v.not_null(&format!("{member}.updateExpression"), &m.update_expression),
                    _ => {}
                }
            }
        }
        v.finish()?;

        let mut writes = Vec::new();
        for action in self.transact_items.unwrap_or_default() {
            let given = [&action.condition_check, &action.put, &action.delete, &action.update]
                .iter()
                .filter(|a| a.is_some())
                .count();
            if given != 1 {
                return Err(ApiError::validation("TransactItems can only contain one of Check, Put, Update or Delete"));
            }
            let (kind_name, m) = match action {
                TransactWriteItem { condition_check: Some(m), .. } => ("ConditionCheck", m),
                TransactWriteItem { put: Some(m), .. } => ("Put", m),
                TransactWriteItem { delete: Some(m), .. } => ("Delete", m),
                TransactWriteItem { update: Some(m), .. } => ("Update", m),
                _ => continue,
            };
            let expressions = [
                ("UpdateExpression", m.update_expression.is_some()),
                ("ConditionExpression", m.condition_expression.is_some()),
            ];
            check_members(m.substitutions(), &expressions, &[])?;
            let mut parser = ExpressionParser::new(m.substitutions())?;
            let update = parser.update(m.update_expression.as_deref())?;
            let condition = parser.condition(m.condition_expression.as_deref(), "ConditionExpression")?;
            parser.finish()?;
            let kind = match kind_name {
                "Put" => {
                    let item = wire_item(m.item.as_ref())?;
                    if item_size(&item) > MAX_ITEM_BYTES {
                        return Err(ApiError::validation("Item size has exceeded the maximum allowed size"));
                    }
                    WriteKind::Put(item)
                }
                "Delete" => WriteKind::Delete,
                "Update" => WriteKind::Update(update),
                _ => WriteKind::ConditionCheck,
            };
            let key = match kind {
                WriteKind::Put(_) => None,
                _ => Some(wire_item(m.key.as_ref())?),
            };
            writes.push(TransactWrite {
                table_name: m.table_name.unwrap_or_default(),
                kind,
                key,
                condition,
                return_old_on_failure: m.return_values_on_condition_check_failure.as_deref() == Some("ALL_OLD"),
            });
        }
        // The items (puts) and keys (other actions) may total at most 4 MB
        // (semantics B.4). DynamoDB's exact words for this are not known; these are ours.
        let total: usize = writes
            .iter()
            .map(|w| match (&w.kind, &w.key) {
                (WriteKind::Put(item), _) => item_size(item),
                (_, Some(key)) => item_size(key),
                (_, None) => 0,
            })
            .sum();
        if total > MAX_TRANSACT_BYTES {
            return Err(ApiError::validation(format!(
                "Transaction request size exceeded the 4 MB limit: the items in this request total {total} bytes"
            )));
        }
        Ok(TransactWriteItems {
            writes,
            client_request_token: self.client_request_token,
            fingerprint: raw_items.map(|items| items.to_string()).unwrap_or_default(),
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
            return_item_collection_metrics: self.return_item_collection_metrics.as_deref() == Some("SIZE"),
        })
    }
}
