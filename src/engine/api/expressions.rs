//! The expression members a request may carry, and the checks that tie
//! them together before any expression is parsed (semantics D.5):
//!
//! * expression and legacy parameters may not be mixed ("Can not use both
//!   expression and non-expression parameters in the same request: …");
//! * `ExpressionAttributeNames` need an expression, and
//!   `ExpressionAttributeValues` need one that takes values;
//! * expressions are parsed in DynamoDB's order — UpdateExpression,
//!   ConditionExpression, KeyConditionExpression, FilterExpression,
//!   ProjectionExpression — so the first fault reported is the one DynamoDB
//!   reports; then every name and value given must have been used.

use serde_json::Value;

use crate::engine::error::{ApiError, Result};
use crate::engine::expr::{parse_key_condition, Condition, Placeholders, Projection, UpdateExpression, Usage};
use crate::engine::schema::{KeyCondition, KeySchema};

/// `ExpressionAttributeNames` and `ExpressionAttributeValues`, as sent.
///
/// Each request type carries the two members itself and lends this view
/// (see `lends_substitutions!`), so a request is read in one pass over its
/// members.
#[derive(Debug, Default, Clone, Copy)]
pub struct Substitutions<'a> {
    pub expression_attribute_names: Option<&'a Value>,
    pub expression_attribute_values: Option<&'a Value>,
}

/// Gives each listed type, which has the members
/// `expression_attribute_names` and `expression_attribute_values`, a
/// `substitutions()` view of them.
macro_rules! lends_substitutions {
    ($($request:ty),+ $(,)?) => {$(
        impl $request {
            pub fn substitutions(&self) -> $crate::engine::api::expressions::Substitutions<'_> {
                $crate::engine::api::expressions::Substitutions {
                    expression_attribute_names: self.expression_attribute_names.as_ref(),
                    expression_attribute_values: self.expression_attribute_values.as_ref(),
                }
            }
        }
    )+};
}
pub(crate) use lends_substitutions;

/// A request member by name and whether the request sets it.
pub type Member<'a> = (&'static str, bool);

/// DynamoDB's `validateExpressionParams`: which members may appear together.
/// `expressions` and `legacy` list the operation's members in DynamoDB's
/// order; `value_expressions` the expressions that may use `:values`.
pub fn check_members(substitutions: Substitutions, expressions: &[Member], legacy: &[Member]) -> Result<()> {
    let given: Vec<&str> = expressions.iter().filter(|(_, set)| *set).map(|(name, _)| *name).collect();
    if !given.is_empty() {
        // KeyConditions may stand beside the other expressions as long as no
        // KeyConditionExpression is given: DynamoDB's one exception.
        let key_condition_expression = expressions.iter().any(|&(n, set)| n == "KeyConditionExpression" && set);
        let legacy_given: Vec<&str> = legacy
            .iter()
            .filter(|&&(name, set)| set && (name != "KeyConditions" || key_condition_expression))
            .map(|(name, _)| *name)
            .collect();
        if !legacy_given.is_empty() {
            return Err(ApiError::validation(format!(
                "Can not use both expression and non-expression parameters in the same request: \
                 Non-expression parameters: {{{}}} Expression parameters: {{{}}}",
                legacy_given.join(", "),
                given.join(", ")
            )));
        }
    }
    if substitutions.expression_attribute_names.is_some() && given.is_empty() {
        return Err(ApiError::validation("ExpressionAttributeNames can only be specified when using expressions"));
    }
    let value_expressions: Vec<&str> =
        expressions.iter().map(|(name, _)| *name).filter(|name| *name != "ProjectionExpression").collect();
    let value_expression_given = expressions.iter().any(|&(name, set)| set && name != "ProjectionExpression");
    if substitutions.expression_attribute_values.is_some() && !value_expressions.is_empty() && !value_expression_given {
        let verb = if value_expressions.len() > 1 { "are" } else { "is" };
        return Err(ApiError::validation(format!(
            "ExpressionAttributeValues can only be specified when using expressions: {} {verb} null",
            value_expressions.join(" and ")
        )));
    }
    Ok(())
}

/// The expressions of one request, parsed in DynamoDB's order against one
/// shared set of placeholders.
pub struct ExpressionParser {
    placeholders: Placeholders,
    usage: Usage,
}

impl ExpressionParser {
    /// Reads and checks the placeholders.
    pub fn new(substitutions: Substitutions) -> Result<Self> {
        let placeholders = Placeholders::from_request(
            substitutions.expression_attribute_names,
            substitutions.expression_attribute_values,
        )?;
        Ok(Self { placeholders, usage: Usage::default() })
    }

    pub fn update(&mut self, text: Option<&str>) -> Result<Option<UpdateExpression>> {
        text.map(|t| UpdateExpression::parse(t, &self.placeholders, &mut self.usage)).transpose()
    }

    pub fn condition(&mut self, text: Option<&str>, member: &'static str) -> Result<Option<Condition>> {
        text.map(|t| Condition::parse(t, member, &self.placeholders, &mut self.usage)).transpose()
    }

    pub fn key_condition(&mut self, text: &str, schema: &KeySchema) -> Result<KeyCondition> {
        parse_key_condition(text, &self.placeholders, &mut self.usage, schema)
    }

    pub fn projection(&mut self, text: Option<&str>) -> Result<Option<Projection>> {
        text.map(|t| Projection::parse(t, &self.placeholders, &mut self.usage)).transpose()
    }

    /// Every name and value given must have been used by some expression.
    pub fn finish(self) -> Result<()> {
        self.usage.check_all_used(&self.placeholders)
    }
}
