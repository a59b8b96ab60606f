//! What every answer must satisfy, whatever the request was. A violation
//! panics: that is how a harness tells the fuzzer it found something.
//!
//! * An answer is a JSON object; an error has a known exception name, a
//!   message, and a wire body of the protocol's shape.
//! * An expression error's span lies inside the text it points at, on
//!   character boundaries (the UI slices the text with it to underline it).
//! * `ConsumedCapacity` with `INDEXES`: `CapacityUnits` is the table's
//!   units plus every index's, and no figure is negative or not finite.

use serde_json::Value;

use crate::engine::ApiError;

/// Every exception name the engine may answer with.
pub const EXCEPTIONS: &[&str] = &[
    "ValidationException",
    "SerializationException",
    "ResourceNotFoundException",
    "ResourceInUseException",
    "LimitExceededException",
    "ItemCollectionSizeLimitExceededException",
    "ConditionalCheckFailedException",
    "DuplicateItemException",
    "TransactionCanceledException",
    "IdempotentParameterMismatchException",
    "UnknownOperationException",
    "ProvisionedThroughputExceededException",
    "ThrottlingException",
    "RequestLimitExceeded",
    "ExpiredIteratorException",
    "TrimmedDataAccessException",
    "AccessDeniedException",
    "TableNotFoundException",
];

/// Checks one answer of `operation` to `request` (`None`: the body was not
/// JSON). `InternalServerError` is a finding too: it is the engine
/// reporting its own bug.
pub fn answer(operation: &str, request: Option<&Value>, result: &Result<Value, ApiError>) {
    match result {
        Ok(response) => {
            assert!(response.is_object(), "{operation}: answer is not an object: {response}");
            if let Some(request) = request {
                consumed_capacity(operation, request, response);
            }
        }
        Err(error) => {
            assert!(EXCEPTIONS.contains(&error.name()), "{operation}: unexpected {error}");
            assert!(!error.message().is_empty(), "{operation}: {} without a message", error.name());
            let wire = error.to_wire();
            assert!(wire.get("__type").and_then(Value::as_str).is_some_and(|t| t.ends_with(error.name())));
            if let (ApiError::InvalidExpression { member, span, .. }, Some(request)) = (error, request) {
                expression_span(operation, request, member, span);
            }
        }
    }
}

/// The text of an expression member, wherever the request carries it
/// (top level, or inside a transaction's or batch's actions).
fn expression_texts<'a>(request: &'a Value, member: &str, out: &mut Vec<&'a str>) {
    match request {
        Value::Object(map) => {
            for (key, value) in map {
                match value {
                    Value::String(text) if key == member => out.push(text),
                    _ => expression_texts(value, member, out),
                }
            }
        }
        Value::Array(list) => list.iter().for_each(|v| expression_texts(v, member, out)),
        _ => {}
    }
}

fn expression_span(operation: &str, request: &Value, member: &str, span: &std::ops::Range<usize>) {
    let mut texts = Vec::new();
    expression_texts(request, member, &mut texts);
    // The span must fit at least one of the texts the member names (a
    // transaction may carry several ConditionExpressions).
    let fits = texts.iter().any(|text| {
        span.start <= span.end
            && span.end <= text.len()
            && text.is_char_boundary(span.start)
            && text.is_char_boundary(span.end)
    });
    assert!(fits || texts.is_empty(), "{operation}: span {span:?} does not fit {member} in {texts:?}");
}

fn units(value: Option<&Value>) -> f64 {
    value.and_then(|v| v.get("CapacityUnits")).and_then(Value::as_f64).unwrap_or(0.0)
}

fn consumed_capacity(operation: &str, request: &Value, response: &Value) {
    let list: Vec<&Value> = match response.get("ConsumedCapacity") {
        Some(Value::Array(list)) => list.iter().collect(),
        Some(one) => vec![one],
        None => return,
    };
    let indexes = request.get("ReturnConsumedCapacity").and_then(Value::as_str) == Some("INDEXES");
    for consumed in list {
        let total = units(Some(consumed));
        assert!(total.is_finite() && total >= 0.0, "{operation}: {consumed}");
        if !indexes {
            continue;
        }
        let mut parts = units(consumed.get("Table"));
        for arm in ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"] {
            if let Some(Value::Object(map)) = consumed.get(arm) {
                parts += map.values().map(|v| units(Some(v))).sum::<f64>();
            }
        }
        assert!(
            (total - parts).abs() < 1e-9,
            "{operation}: CapacityUnits {total} is not the sum of its parts: {consumed}"
        );
    }
}
