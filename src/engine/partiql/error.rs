//! The errors a statement can meet before it runs, in DynamoDB's words.
//!
//! Syntax errors are wrapped as DynamoDB wraps them, `Statement wasn't well
//! formed, can't be processed: <detail>`; the detail is ours (DynamoDB's
//! parser names the offending token and its line:column, ours names the
//! token and carries its byte span). The other messages are DynamoDB's own
//! (`ValidationExceptionMessages` of DynamoDB Local, and captures of the
//! real service); each is used where it is raised. Every error that has a
//! place in the statement is an [`ApiError::InvalidExpression`] on the
//! `Statement` member, so the console can underline it; on the wire it is a
//! plain `ValidationException` with the same message.

use std::ops::Range;

use crate::engine::error::ApiError;

/// The request member statement errors point into.
pub const MEMBER: &str = "Statement";

/// A syntax error at `span`.
pub fn syntax(detail: impl std::fmt::Display, span: Range<usize>) -> ApiError {
    at(format!("Statement wasn't well formed, can't be processed: {detail}"), span)
}

/// A validation error with DynamoDB's `message`, located at `span`.
pub fn at(message: impl Into<String>, span: Range<usize>) -> ApiError {
    ApiError::InvalidExpression { message: message.into(), member: MEMBER, span }
}

/// "Where clause does not contain a mandatory equality on all key
/// attributes": an UPDATE or DELETE that does not name one item.
pub const INCOMPLETE_KEY: &str = "Where clause does not contain a mandatory equality on all key attributes";
