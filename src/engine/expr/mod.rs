//! Expressions: DynamoDB's little languages for conditions, updates,
//! projections and key conditions (semantics D).
//!
//! A request may carry up to four expressions and one shared set of
//! placeholders. The ops code handles them in this order:
//!
//! ```text
//!   ExpressionAttributeNames / …Values ──► Placeholders::from_request     (D.5)
//!        │
//!   each expression text ──► parse, recording used placeholders in a Usage
//!        │    Condition::parse          ConditionExpression, FilterExpression (D.1)
//!        │    UpdateExpression::parse   UpdateExpression                      (D.3)
//!        │    Projection::parse         ProjectionExpression                  (D.4)
//!        │    parse_key_condition       KeyConditionExpression                (D.2)
//!        │
//!   Usage::check_all_used ──► "Value provided in … unused in expressions"
//!        │
//!   per item: Condition::evaluate, UpdateExpression::apply, Projection::apply
//! ```
//!
//! The legacy parameters (`Expected`, `QueryFilter`, `ScanFilter`,
//! `KeyConditions`, `AttributeUpdates`) become the same trees
//! ([`legacy`]), so one evaluator serves both.
//!
//! Parsing has two passes ([`parser`], then [`resolve`]): a hand-written lexer and
//! recursive-descent parser that stops at the first syntax error, then a
//! walk that resolves `#name`s and `:value`s and checks everything else,
//! reporting the problem DynamoDB would report first. Every error is an
//! [`ApiError::InvalidExpression`](crate::engine::error::ApiError) carrying
//! the exact DynamoDB message and the byte span of the offending part of the
//! expression, so the playground can underline it.
//!
//! Nothing here panics on any input: the lexer is total, recursion is
//! bounded (parentheses and functions nest at most
//! [`parser::MAX_NESTING`] deep, paths 32 deep), limits are checked before
//! work is done, and list indexes are never used to allocate. A test feeds
//! thousands of generated and mutated expressions through every entry point.
//!
//! Where the reference implementations disagree, the choice is made and
//! explained in the module that makes it (key condition wording in
//! [`key_condition`], `EQ` types in [`legacy`], list-index semantics in
//! [`update`]).

pub mod ast;
pub mod condition;
pub mod highlight;
pub mod key_condition;
pub mod legacy;
pub mod lexer;
pub mod parser;
pub mod placeholders;
pub mod projection;
pub mod reserved;
pub mod resolve;
pub mod update;

#[cfg(test)]
mod tests;

pub use condition::Condition;
pub use key_condition::parse_key_condition;
pub use placeholders::{Placeholders, Usage};
pub use projection::Projection;
pub use update::UpdateExpression;
