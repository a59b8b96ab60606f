//! What an operation hands back to the service: its response body and the
//! charges behind its `ConsumedCapacity`.
//!
//! Capacity travels with the answer, not beside it: `ops::*` return an
//! [`Answer`], [`crate::engine::Engine::execute`] admits its charges against
//! the partitions' token buckets (`admission`), and only then is the body
//! sent. An operation that calls another (a PartiQL statement runs as the
//! GetItem, Query or TransactWriteItems it stands for) adds the inner
//! answer's charges to its own, so nothing is counted twice or lost.

use serde_json::Value;

use super::capacity::Charge;

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
