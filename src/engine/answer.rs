//! What an operation hands back to the service: its response body and the
//! charges behind its `ConsumedCapacity`.
//!
//! Capacity travels with the answer, not beside it: `ops::*` return an
//! [`Answer`], [`crate::engine::Engine::execute`] admits its charges against
//! the partitions' token buckets (`admission`), and only then is the body
//! sent. An operation that calls another (a PartiQL statement runs as the
//! GetItem, Query or TransactWriteItems it stands for) adds the inner
//! answer's charges to its own, so nothing is counted twice or lost.
//!
//! The caller gets both back as an [`Outcome`]: the body or the error, and
//! the charges. A write whose condition failed is charged although it
//! answers an error: its charges travel inside the error.

use serde_json::Value;

use super::capacity::Charge;
use super::error::Result;

/// An operation's response body and what it consumed, one charge per
/// rounding (a table's read, each index's write, …).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Answer {
    pub(crate) body: Value,
    pub(crate) charges: Vec<Charge>,
}

impl Answer {
    /// A body and the charges it cost.
    pub(crate) fn new(body: Value, charges: Vec<Charge>) -> Self {
        Self { body, charges }
    }

    /// A body that cost nothing: control-plane operations (CreateTable,
    /// DescribeTable, UpdateTimeToLive, …) consume no capacity.
    pub(crate) fn free(body: Value) -> Self {
        Self { body, charges: Vec::new() }
    }
}

/// What a request answered and what it consumed: the answer's charges, or
/// the charges a failed write carries in its error ([`crate::engine::ApiError::charges`]).
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The response body, or the error answered instead.
    pub result: Result<Value>,
    /// How the request's capacity was computed, one line per rounding;
    /// empty for a control-plane request or a refused one.
    pub charges: Vec<Charge>,
}

impl Outcome {
    /// The outcome of an answer, or of the error answered instead.
    pub(crate) fn of(answer: Result<Answer>) -> Self {
        match answer {
            Ok(Answer { body, charges }) => Self { result: Ok(body), charges },
            Err(error) => Self { charges: error.charges().to_vec(), result: Err(error) },
        }
    }
}
