//! The activity log's one line per call, and a table's running totals.
//!
//! ```text
//!   operation, request, answer, charges ──► summarize() ──► CallSummary (facts)
//!                                                              └─► i18n words it: "GetItem Music → found, 0.5 RCU"
//!   charges ──► Usage::add() per table ──► the history's running totals
//! ```
//!
//! A summary is kept as facts ([`CallSummary`]) and worded by the catalogue
//! when drawn, so switching the language rewords the log. Units are summed
//! by [`Tally`] and named by [`UnitNames`], as everywhere on the page.

use serde_json::Value;

use super::cost::{units, Tally, UnitNames};
use crate::engine::capacity::Charge;
use crate::engine::ApiError;
use crate::i18n::{CallOutcome, CallSummary};

/// Read and write units a table has consumed so far, summed from the
/// engine's charges (transactional ones included, already doubled).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Usage {
    pub tally: Tally,
    /// Requests that charged this table.
    pub requests: u64,
}

impl Usage {
    /// Adds one charge.
    pub fn add(&mut self, charge: &Charge) {
        self.tally.add(charge);
    }
}

/// The one-line summary of a call, e.g. "GetItem Music → found, 0.5 RCU
/// (eventually consistent)". `request` is `None` when the page could not
/// build one and nothing was sent; `on_demand` says whether a table bills
/// on demand (its units are then request units).
pub fn summarize(
    operation: &str,
    table: &str,
    request: Option<&Value>,
    outcome: &Result<Value, ApiError>,
    charges: &[Charge],
    on_demand: impl Fn(&str) -> bool,
) -> CallSummary {
    let head = if table.is_empty() { operation.to_string() } else { format!("{operation} {table}") };
    let response = match outcome {
        Ok(response) => response,
        Err(error) if request.is_none() => return CallSummary { head, outcome: CallOutcome::NotSent(error.name()) },
        Err(error) => {
            let outcome = match error.throttling_reasons().first() {
                Some(r) => CallOutcome::Throttled {
                    exception: error.name(),
                    on_index: r.on_index,
                    access: r.access,
                    limit: r.limit,
                },
                None => CallOutcome::Failed(error.name()),
            };
            return CallSummary { head, outcome };
        }
    };
    // The consumed capacity in the table's own units; a request that did
    // not ask for `ConsumedCapacity` is summed from the engine's charges.
    let consumed = || {
        let amount = response
            .pointer("/ConsumedCapacity/CapacityUnits")
            .and_then(Value::as_f64)
            .unwrap_or_else(|| charges.iter().map(|c| c.units).sum());
        (units(amount), UnitNames::of(on_demand(table)))
    };
    // Read and write apart, in the units of the first charged table.
    let charged = || {
        let names = UnitNames::of(charges.first().is_some_and(|c| on_demand(&c.table)));
        let tally = Tally::of(charges);
        (tally.read > 0.0 || tally.write > 0.0).then(|| tally.text(names))
    };
    let strong = matches!(request.and_then(|r| r.get("ConsistentRead")), Some(Value::Bool(true)));
    let outcome = match operation {
        "CreateTable" => CallOutcome::Created,
        "DeleteTable" => {
            let items = response.pointer("/TableDescription/ItemCount").and_then(Value::as_u64).unwrap_or(0);
            CallOutcome::Deleted { items }
        }
        "GetItem" => {
            let (amount, names) = consumed();
            CallOutcome::Got {
                found: response.get("Item").is_some(),
                units: format!("{amount} {}", names.read),
                strong,
            }
        }
        "PutItem" | "DeleteItem" => {
            let (amount, names) = consumed();
            CallOutcome::Charged(Some(format!("{amount} {}", names.write)))
        }
        "UpdateItem" | "BatchGetItem" | "BatchWriteItem" | "TransactGetItems" | "TransactWriteItems" => {
            CallOutcome::Charged(charged())
        }
        "Query" | "Scan" => CallOutcome::Read {
            count: response.get("Count").and_then(Value::as_u64).unwrap_or(0),
            scanned: response.get("ScannedCount").and_then(Value::as_u64).unwrap_or(0),
            more: response.get("LastEvaluatedKey").is_some(),
            charged: charged(),
        },
        _ => CallOutcome::Ok,
    };
    CallSummary { head, outcome }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::engine::throttling::{LimitType, ThrottlingReason};
    use crate::engine::throughput::Access;

    #[test]
    fn calls_are_summed_up_as_facts() {
        let ok = |body: Value| -> Result<Value, ApiError> { Ok(body) };
        let provisioned = |_: &str| false;
        type Case = (&'static str, Option<Value>, Result<Value, ApiError>, CallOutcome);
        let cases: Vec<Case> = vec![
            ("CreateTable", Some(json!({})), ok(json!({})), CallOutcome::Created),
            (
                "DeleteTable",
                Some(json!({})),
                ok(json!({"TableDescription": {"ItemCount": 3}})),
                CallOutcome::Deleted { items: 3 },
            ),
            (
                "GetItem",
                Some(json!({"ConsistentRead": true})),
                ok(json!({"Item": {}, "ConsumedCapacity": {"CapacityUnits": 1.0}})),
                CallOutcome::Got { found: true, units: "1 RCU".into(), strong: true },
            ),
            (
                "PutItem",
                Some(json!({})),
                ok(json!({"ConsumedCapacity": {"CapacityUnits": 2.0}})),
                CallOutcome::Charged(Some("2 WCU".into())),
            ),
            ("UpdateItem", Some(json!({})), ok(json!({})), CallOutcome::Charged(None)),
            (
                "Query",
                Some(json!({})),
                ok(json!({"Count": 1, "ScannedCount": 3, "LastEvaluatedKey": {}})),
                CallOutcome::Read { count: 1, scanned: 3, more: true, charged: None },
            ),
            ("ListTables", Some(json!({})), ok(json!({})), CallOutcome::Ok),
            (
                "PutItem",
                None,
                Err(ApiError::Serialization("bad".into())),
                CallOutcome::NotSent("SerializationException"),
            ),
            (
                "PutItem",
                Some(json!({})),
                Err(ApiError::ProvisionedThroughputExceeded {
                    message: "…".into(),
                    reasons: vec![ThrottlingReason {
                        on_index: true,
                        access: Access::Write,
                        limit: LimitType::ProvisionedThroughputExceeded,
                        resource: "arn:aws:dynamodb:us-east-1:000000000000:table/Music/index/ByGenre".into(),
                    }],
                }),
                CallOutcome::Throttled {
                    exception: "ProvisionedThroughputExceededException",
                    on_index: true,
                    access: Access::Write,
                    limit: LimitType::ProvisionedThroughputExceeded,
                },
            ),
        ];
        for (operation, request, outcome, expected) in cases {
            let summary = summarize(operation, "Music", request.as_ref(), &outcome, &[], provisioned);
            assert_eq!(summary.head, format!("{operation} Music"));
            assert_eq!(summary.outcome, expected, "{operation}");
        }
        let on_demand = summarize("PutItem", "", Some(&json!({})), &ok(json!({})), &[], |_| true);
        assert_eq!(on_demand.head, "PutItem");
        assert_eq!(on_demand.outcome, CallOutcome::Charged(Some("0 WRU".into())));
    }
}
