//! Request shapes of the multi-item reads: Query and Scan.
//!
//! Both share the selection rules (what `Select` allows with a projection),
//! `Limit`, `ExclusiveStartKey` and the filter. Their expressions are parsed
//! by the operation once the table is known, because a key condition can
//! only be read against a key schema.

use serde_json::Value;

use super::expressions::{check_members, lends_substitutions, ExpressionParser, Member};
use super::item::{attributes_to_get, attributes_to_get_projection, wire_item, CONDITIONAL_OPERATORS};
use super::members::{any, boolean, long, shape, string, strings};
use super::{parse_with_shared, return_consumed_capacity, Violations, RETURN_CONSUMED_CAPACITY_VALUES};
use crate::engine::capacity::{Consistency, ReturnConsumedCapacity};
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::{legacy, Condition, Projection};
use crate::engine::value::Item;

/// The values `Select` takes, in DynamoDB's order.
pub const SELECT_VALUES: &[&str] = &["SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"];

/// What a read returns of each item it matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Select {
    #[default]
    AllAttributes,
    AllProjectedAttributes,
    SpecificAttributes,
    Count,
}

/// The members Query and Scan share.
#[derive(Debug, Default)]
pub struct ReadMembers {
    pub table_name: Option<String>,
    pub index_name: Option<String>,
    pub select: Option<String>,
    pub attributes_to_get: Option<Vec<String>>,
    pub limit: Option<i64>,
    pub consistent_read: Option<bool>,
    pub conditional_operator: Option<String>,
    pub exclusive_start_key: Option<Value>,
    pub return_consumed_capacity: Option<String>,
    pub projection_expression: Option<String>,
    pub filter_expression: Option<String>,
    pub expression_attribute_names: Option<Value>,
    pub expression_attribute_values: Option<Value>,
}

shape! { ReadMembers {
    "TableName" => table_name: string,
    "IndexName" => index_name: string,
    "Select" => select: string,
    "AttributesToGet" => attributes_to_get: strings,
    "Limit" => limit: long,
    "ConsistentRead" => consistent_read: boolean,
    "ConditionalOperator" => conditional_operator: string,
    "ExclusiveStartKey" => exclusive_start_key: any,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
    "ProjectionExpression" => projection_expression: string,
    "FilterExpression" => filter_expression: string,
    "ExpressionAttributeNames" => expression_attribute_names: any,
    "ExpressionAttributeValues" => expression_attribute_values: any,
} }

lends_substitutions!(ReadMembers, Read);

/// A Query or Scan that passed the request-level checks; its expressions
/// are still text until the table's key schema is known.
#[derive(Debug)]
pub struct Read {
    pub table_name: String,
    pub index_name: Option<String>,
    pub select: Select,
    pub limit: Option<usize>,
    pub consistency: Consistency,
    pub exclusive_start_key: Option<Item>,
    pub return_consumed_capacity: ReturnConsumedCapacity,
    pub projection_expression: Option<String>,
    pub filter_expression: Option<String>,
    pub expression_attribute_names: Option<Value>,
    pub expression_attribute_values: Option<Value>,
    /// `AttributesToGet`, already a projection.
    pub legacy_projection: Option<Projection>,
    /// `QueryFilter` or `ScanFilter`, already a condition.
    pub legacy_filter: Option<Condition>,
}

/// Which read a [`ReadMembers`] belongs to, where their messages differ.
#[derive(Clone, Copy)]
enum ReadOperation {
    Query,
    Scan,
}

impl ReadMembers {
    /// The request-level constraints, `Limit` first. Query reports a `Limit`
    /// below 1 in the newer form that names the member `Limit` and omits the
    /// value, Scan in the older one (`Value '0' at 'limit'`): both as captured
    /// on DynamoDB in 2026 (semantics D.7).
    fn constraints(&self, v: &mut Violations, operation: ReadOperation) {
        match operation {
            ReadOperation::Query if self.limit.is_some_and(|l| l < 1) => {
                v.push_without_value("Limit", "have value greater than or equal to 1");
            }
            ReadOperation::Query => {}
            ReadOperation::Scan => v.at_least("limit", self.limit, 1),
        }
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        v.one_of("select", self.select.as_deref(), SELECT_VALUES);
        v.one_of("conditionalOperator", self.conditional_operator.as_deref(), CONDITIONAL_OPERATORS);
        attributes_to_get(v, &self.attributes_to_get);
        v.data_plane_table_name("tableName", self.table_name.as_deref());
        v.not_null("tableName", &self.table_name);
        v.table_name("indexName", self.index_name.as_deref());
    }

    /// The `Select` rules (moto's tests verified against AWS). Query wraps
    /// these messages in the `1 validation error detected: ` envelope, Scan
    /// does not.
    fn select(&self, envelope: &str) -> Result<Select> {
        let fail = |text: String| Err(ApiError::validation(format!("{envelope}{text}")));
        let wanted = |s: &str| if s == "COUNT" { "only the Count".to_string() } else { s.to_string() };
        match self.select.as_deref() {
            None if self.projection_expression.is_some() || self.attributes_to_get.is_some() => {
                Ok(Select::SpecificAttributes)
            }
            // "ALL_ATTRIBUTES when accessing a table, and
            // ALL_PROJECTED_ATTRIBUTES when accessing an index" (API reference).
            None if self.index_name.is_some() => Ok(Select::AllProjectedAttributes),
            None => Ok(Select::AllAttributes),
            Some("SPECIFIC_ATTRIBUTES") => {
                if self.projection_expression.is_none() && self.attributes_to_get.is_none() {
                    return fail(
                        "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES"
                            .into(),
                    );
                }
                Ok(Select::SpecificAttributes)
            }
            Some(select) => {
                if self.projection_expression.is_some() {
                    return fail(format!(
                        "Cannot specify the ProjectionExpression when choosing to get {}",
                        wanted(select)
                    ));
                }
                if self.attributes_to_get.is_some() {
                    return fail(format!("Cannot specify the AttributesToGet when choosing to get {}", wanted(select)));
                }
                match select {
                    "COUNT" => Ok(Select::Count),
                    "ALL_PROJECTED_ATTRIBUTES" if self.index_name.is_none() => {
                        // AWS says "Querying" on a Scan too.
                        fail("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName".into())
                    }
                    "ALL_PROJECTED_ATTRIBUTES" => Ok(Select::AllProjectedAttributes),
                    _ => Ok(Select::AllAttributes),
                }
            }
        }
    }

    /// The checks after the member constraints, shared by Query and Scan, in
    /// DynamoDB's order. `expressions` and `legacy` name the operation's
    /// expression and legacy members for the mixing rule.
    fn validate(
        self,
        envelope: &str,
        expressions: &[Member],
        legacy_members: &[Member],
        (filter_member, filter): (&'static str, Option<&Value>),
    ) -> Result<Read> {
        check_members(self.substitutions(), expressions, legacy_members)?;
        let legacy_filter =
            filter.map(|f| legacy::filter(f, self.conditional_operator.as_deref(), filter_member)).transpose()?;
        let legacy_projection = attributes_to_get_projection(&self.attributes_to_get)?;
        let exclusive_start_key =
            match &self.exclusive_start_key {
                Some(key) => Some(wire_item(Some(key)).map_err(|e| {
                    ApiError::validation(format!("The provided starting key is invalid: {}", e.message()))
                })?),
                None => None,
            };
        let select = self.select(envelope)?;
        Ok(Read {
            table_name: self.table_name.unwrap_or_default(),
            index_name: self.index_name,
            select,
            // Positive after the constraint check; a 32-bit usize saturates.
            limit: self.limit.map(|l| usize::try_from(l.max(1)).unwrap_or(usize::MAX)),
            consistency: Consistency::from_flag(self.consistent_read),
            exclusive_start_key,
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
            projection_expression: self.projection_expression,
            filter_expression: self.filter_expression,
            expression_attribute_names: self.expression_attribute_names,
            expression_attribute_values: self.expression_attribute_values,
            legacy_projection,
            legacy_filter,
        })
    }
}

#[derive(Debug, Default)]
pub struct QueryInput {
    pub key_condition_expression: Option<String>,
    pub key_conditions: Option<Value>,
    pub query_filter: Option<Value>,
    pub scan_index_forward: Option<bool>,
    /// Read from the same request by [`QueryInput::parse`].
    pub read: ReadMembers,
}

shape! { QueryInput {
    "KeyConditionExpression" => key_condition_expression: string,
    "KeyConditions" => key_conditions: any,
    "QueryFilter" => query_filter: any,
    "ScanIndexForward" => scan_index_forward: boolean,
} }

/// A Query that passed the request-level checks.
#[derive(Debug)]
pub struct Query {
    pub read: Read,
    pub key_condition_expression: Option<String>,
    /// `KeyConditions`, resolved against the schema by the operation.
    pub key_conditions: Option<Value>,
    pub forward: bool,
}

impl QueryInput {
    pub fn parse(request: &Value) -> Result<Self> {
        parse_with_shared(request, |input: &mut Self, read| input.read = read)
    }

    pub fn validate(self) -> Result<Query> {
        let mut v = Violations::default();
        self.read.constraints(&mut v, ReadOperation::Query);
        v.finish()?;
        let expressions = [
            ("ProjectionExpression", self.read.projection_expression.is_some()),
            ("FilterExpression", self.read.filter_expression.is_some()),
            ("KeyConditionExpression", self.key_condition_expression.is_some()),
        ];
        let legacy = [
            ("AttributesToGet", self.read.attributes_to_get.is_some()),
            ("QueryFilter", self.query_filter.is_some()),
            ("ConditionalOperator", self.read.conditional_operator.is_some()),
            ("KeyConditions", self.key_conditions.is_some()),
        ];
        let filter = ("QueryFilter", self.query_filter.as_ref());
        let read = self.read.validate("1 validation error detected: ", &expressions, &legacy, filter)?;
        if self.key_conditions.is_none() && self.key_condition_expression.is_none() {
            return Err(ApiError::validation(
                "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
            ));
        }
        Ok(Query {
            read,
            key_condition_expression: self.key_condition_expression,
            key_conditions: self.key_conditions,
            forward: self.scan_index_forward.unwrap_or(true),
        })
    }
}

#[derive(Debug, Default)]
pub struct ScanInput {
    pub scan_filter: Option<Value>,
    pub segment: Option<i64>,
    pub total_segments: Option<i64>,
    /// Read from the same request by [`ScanInput::parse`].
    pub read: ReadMembers,
}

shape! { ScanInput {
    "ScanFilter" => scan_filter: any,
    "Segment" => segment: long,
    "TotalSegments" => total_segments: long,
} }

/// A Scan that passed the request-level checks. Unlike a Query's, its
/// expressions need no key schema, so they are parsed here, before the
/// table is looked up, as DynamoDB does.
#[derive(Debug)]
pub struct Scan {
    pub read: Read,
    /// `(Segment, TotalSegments)` of a parallel scan.
    pub segment: Option<(u32, u32)>,
    /// `FilterExpression` or `ScanFilter`.
    pub filter: Option<Condition>,
    /// `ProjectionExpression` or `AttributesToGet`.
    pub projection: Option<Projection>,
}

/// Largest `TotalSegments`.
pub const MAX_TOTAL_SEGMENTS: i64 = 1_000_000;

impl ScanInput {
    pub fn parse(request: &Value) -> Result<Self> {
        parse_with_shared(request, |input: &mut Self, read| input.read = read)
    }

    pub fn validate(self) -> Result<Scan> {
        let mut v = Violations::default();
        self.read.constraints(&mut v, ReadOperation::Scan);
        v.at_least("segment", self.segment, 0);
        v.at_most("segment", self.segment, MAX_TOTAL_SEGMENTS - 1);
        v.at_least("totalSegments", self.total_segments, 1);
        v.at_most("totalSegments", self.total_segments, MAX_TOTAL_SEGMENTS);
        v.finish()?;
        let segment = match (self.segment, self.total_segments) {
            (None, None) => None,
            (Some(_), None) => {
                return Err(ApiError::validation(
                    "The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
                ))
            }
            (None, Some(_)) => {
                return Err(ApiError::validation(
                    "The Segment parameter is required but was not present in the request when parameter TotalSegments is present",
                ))
            }
            (Some(segment), Some(total)) if segment >= total => {
                return Err(ApiError::validation(format!(
                    "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: {segment} is not less than TotalSegments: {total}"
                )))
            }
            // Both are range-checked above, so they fit a u32.
            (Some(segment), Some(total)) => Some((segment as u32, total as u32)),
        };
        let expressions = [
            ("ProjectionExpression", self.read.projection_expression.is_some()),
            ("FilterExpression", self.read.filter_expression.is_some()),
        ];
        let legacy = [
            ("AttributesToGet", self.read.attributes_to_get.is_some()),
            ("ScanFilter", self.scan_filter.is_some()),
            ("ConditionalOperator", self.read.conditional_operator.is_some()),
        ];
        let mut read = self.read.validate("", &expressions, &legacy, ("ScanFilter", self.scan_filter.as_ref()))?;
        let mut parser = ExpressionParser::new(read.substitutions())?;
        let filter = parser.condition(read.filter_expression.as_deref(), "FilterExpression")?;
        let projection = parser.projection(read.projection_expression.as_deref())?;
        parser.finish()?;
        Ok(Scan {
            filter: filter.or(read.legacy_filter.take()),
            projection: projection.or(read.legacy_projection.take()),
            read,
            segment,
        })
    }
}
