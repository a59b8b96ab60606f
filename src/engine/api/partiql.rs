//! Request shapes of the PartiQL operations: ExecuteStatement,
//! BatchExecuteStatement and ExecuteTransaction.
//!
//! Their member constraints (API reference): `Statement` 1 to 8,192
//! characters, `Parameters` at least one value when given, `Limit` at least
//! 1, `Statements` 1 to 25, `TransactStatements` 1 to 100,
//! `ClientRequestToken` 1 to 36 characters. Every parameter is checked as
//! an attribute value before any statement is read (a captured DynamoDB
//! behaviour: a set with duplicates in `Parameters` is refused even when
//! the statement would not parse).

use serde_json::Value;

use super::members::{boolean, long, shape, string, structures, values};
use super::{return_consumed_capacity, Violations, RETURN_CONSUMED_CAPACITY_VALUES};
use crate::engine::capacity::ReturnConsumedCapacity;
use crate::engine::error::Result;
use crate::engine::value::AttributeValue;

/// Longest statement, in characters.
pub const MAX_STATEMENT_LENGTH: usize = 8192;
/// Most statements in one BatchExecuteStatement.
pub const MAX_BATCH_STATEMENTS: usize = 25;
/// Most statements in one ExecuteTransaction.
pub const MAX_TRANSACTION_STATEMENTS: usize = 100;

/// `ReturnValuesOnConditionCheckFailure` values.
const RETURN_VALUES_ON_FAILURE: &[&str] = &["ALL_OLD", "NONE"];

#[derive(Debug, Default)]
pub struct ExecuteStatementInput {
    pub statement: Option<String>,
    pub parameters: Option<Vec<Value>>,
    pub consistent_read: Option<bool>,
    pub next_token: Option<String>,
    pub return_consumed_capacity: Option<String>,
    pub limit: Option<i64>,
    pub return_values_on_condition_check_failure: Option<String>,
}

shape! { ExecuteStatementInput {
    "Statement" => statement: string,
    "Parameters" => parameters: values,
    "ConsistentRead" => consistent_read: boolean,
    "NextToken" => next_token: string,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
    "Limit" => limit: long,
    "ReturnValuesOnConditionCheckFailure" => return_values_on_condition_check_failure: string,
} }

/// One statement with what it needs to run.
#[derive(Clone, Debug, Default)]
pub struct StatementRequest {
    pub statement: String,
    pub parameters: Vec<Value>,
    pub consistent_read: bool,
    pub return_values_on_condition_check_failure: Option<String>,
}

/// An ExecuteStatement that passed the request-level checks.
#[derive(Debug)]
pub struct ExecuteStatement {
    pub statement: StatementRequest,
    pub next_token: Option<String>,
    pub limit: Option<usize>,
    pub return_consumed_capacity: ReturnConsumedCapacity,
}

/// The checks every statement's members get; `field` is the member path
/// (`statement`, `statements.1.member.statement`, …).
fn statement_constraints(v: &mut Violations, field: &str, statement: &Option<String>, parameters: &Option<Vec<Value>>) {
    v.not_null(&format!("{field}statement"), statement);
    if let Some(text) = statement {
        let len = text.chars().count();
        if len < 1 {
            v.push("''", &format!("{field}statement"), "have length greater than or equal to 1");
        } else if len > MAX_STATEMENT_LENGTH {
            v.push("'…'", &format!("{field}statement"), "have length less than or equal to 8192");
        }
    }
    if parameters.as_ref().is_some_and(Vec::is_empty) {
        v.push("'[]'", &format!("{field}parameters"), "have length greater than or equal to 1");
    }
}

/// Checks every parameter as an attribute value.
fn check_parameters(parameters: &Option<Vec<Value>>) -> Result<()> {
    for value in parameters.iter().flatten() {
        AttributeValue::from_wire(value)?;
    }
    Ok(())
}

impl ExecuteStatementInput {
    pub fn validate(self) -> Result<ExecuteStatement> {
        let mut v = Violations::default();
        statement_constraints(&mut v, "", &self.statement, &self.parameters);
        v.at_least("limit", self.limit, 1);
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        v.one_of(
            "returnValuesOnConditionCheckFailure",
            self.return_values_on_condition_check_failure.as_deref(),
            RETURN_VALUES_ON_FAILURE,
        );
        v.finish()?;
        check_parameters(&self.parameters)?;
        Ok(ExecuteStatement {
            statement: StatementRequest {
                statement: self.statement.unwrap_or_default(),
                parameters: self.parameters.unwrap_or_default(),
                consistent_read: self.consistent_read.unwrap_or(false),
                return_values_on_condition_check_failure: self.return_values_on_condition_check_failure,
            },
            next_token: self.next_token,
            // Positive after the constraint check; a 32-bit usize saturates.
            limit: self.limit.map(|l| usize::try_from(l.max(1)).unwrap_or(usize::MAX)),
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
        })
    }
}

#[derive(Debug, Default)]
pub struct BatchStatementInput {
    pub statement: Option<String>,
    pub parameters: Option<Vec<Value>>,
    pub consistent_read: Option<bool>,
    pub return_values_on_condition_check_failure: Option<String>,
}

shape! { BatchStatementInput {
    "Statement" => statement: string,
    "Parameters" => parameters: values,
    "ConsistentRead" => consistent_read: boolean,
    "ReturnValuesOnConditionCheckFailure" => return_values_on_condition_check_failure: string,
} }

#[derive(Debug, Default)]
pub struct BatchExecuteStatementInput {
    pub statements: Option<Vec<BatchStatementInput>>,
    pub return_consumed_capacity: Option<String>,
}

shape! { BatchExecuteStatementInput {
    "Statements" => statements: structures::<BatchStatementInput>,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
} }

/// A BatchExecuteStatement that passed the request-level checks.
#[derive(Debug)]
pub struct BatchExecuteStatement {
    pub statements: Vec<StatementRequest>,
    pub return_consumed_capacity: ReturnConsumedCapacity,
}

impl BatchExecuteStatementInput {
    pub fn validate(self) -> Result<BatchExecuteStatement> {
        let mut v = Violations::default();
        v.not_null("statements", &self.statements);
        if let Some(statements) = &self.statements {
            if statements.is_empty() {
                v.push("'[]'", "statements", "have length greater than or equal to 1");
            } else if statements.len() > MAX_BATCH_STATEMENTS {
                v.push("'[…]'", "statements", "have length less than or equal to 25");
            }
            for (i, s) in statements.iter().enumerate() {
                statement_constraints(&mut v, &format!("statements.{}.member.", i + 1), &s.statement, &s.parameters);
            }
        }
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        v.finish()?;
        let statements = self.statements.unwrap_or_default();
        for s in &statements {
            check_parameters(&s.parameters)?;
        }
        Ok(BatchExecuteStatement {
            statements: statements
                .into_iter()
                .map(|s| StatementRequest {
                    statement: s.statement.unwrap_or_default(),
                    parameters: s.parameters.unwrap_or_default(),
                    consistent_read: s.consistent_read.unwrap_or(false),
                    return_values_on_condition_check_failure: s.return_values_on_condition_check_failure,
                })
                .collect(),
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
        })
    }
}

#[derive(Debug, Default)]
pub struct ParameterizedStatementInput {
    pub statement: Option<String>,
    pub parameters: Option<Vec<Value>>,
}

shape! { ParameterizedStatementInput {
    "Statement" => statement: string,
    "Parameters" => parameters: values,
} }

#[derive(Debug, Default)]
pub struct ExecuteTransactionInput {
    pub transact_statements: Option<Vec<ParameterizedStatementInput>>,
    pub client_request_token: Option<String>,
    pub return_consumed_capacity: Option<String>,
}

shape! { ExecuteTransactionInput {
    "TransactStatements" => transact_statements: structures::<ParameterizedStatementInput>,
    "ClientRequestToken" => client_request_token: string,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
} }

/// An ExecuteTransaction that passed the request-level checks.
#[derive(Debug)]
pub struct ExecuteTransaction {
    pub statements: Vec<StatementRequest>,
    pub client_request_token: Option<String>,
    pub return_consumed_capacity: ReturnConsumedCapacity,
    /// The `ReturnConsumedCapacity` as sent, passed on to the equivalent
    /// TransactGetItems or TransactWriteItems.
    pub return_consumed_capacity_text: Option<String>,
}

impl ExecuteTransactionInput {
    pub fn validate(self) -> Result<ExecuteTransaction> {
        let mut v = Violations::default();
        v.not_null("transactStatements", &self.transact_statements);
        if let Some(statements) = &self.transact_statements {
            if statements.is_empty() {
                v.push("'[]'", "transactStatements", "have length greater than or equal to 1");
            } else if statements.len() > MAX_TRANSACTION_STATEMENTS {
                v.push("'[…]'", "transactStatements", "have length less than or equal to 100");
            }
            for (i, s) in statements.iter().enumerate() {
                let field = format!("transactStatements.{}.member.", i + 1);
                statement_constraints(&mut v, &field, &s.statement, &s.parameters);
            }
        }
        if let Some(token) = &self.client_request_token {
            let len = token.chars().count();
            if len < 1 {
                v.push("''", "clientRequestToken", "have length greater than or equal to 1");
            } else if len > 36 {
                v.push(&format!("'{token}'"), "clientRequestToken", "have length less than or equal to 36");
            }
        }
        v.one_of("returnConsumedCapacity", self.return_consumed_capacity.as_deref(), RETURN_CONSUMED_CAPACITY_VALUES);
        v.finish()?;
        let statements = self.transact_statements.unwrap_or_default();
        for s in &statements {
            check_parameters(&s.parameters)?;
        }
        Ok(ExecuteTransaction {
            statements: statements
                .into_iter()
                .map(|s| StatementRequest {
                    statement: s.statement.unwrap_or_default(),
                    parameters: s.parameters.unwrap_or_default(),
                    consistent_read: false,
                    return_values_on_condition_check_failure: None,
                })
                .collect(),
            client_request_token: self.client_request_token,
            return_consumed_capacity: return_consumed_capacity(self.return_consumed_capacity.as_deref()),
            return_consumed_capacity_text: self.return_consumed_capacity,
        })
    }
}
