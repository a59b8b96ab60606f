//! What came back from an endpoint, read: a response body, DynamoDB's
//! refusal (its exception's name and message), or no answer at all, each
//! with what to check ([`Advice`]).
//!
//! ```text
//!   200 {"Items": […], "Count": 2, …}                                  → Ok(body)
//!   400 {"__type": "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",
//!        "message": "Requested resource not found"}                   → Refused { ResourceNotFoundException, … }
//!   403 {"__type": "com.amazon.coral.service#UnrecognizedClientException", …}
//!   502 <html>…                                                        → NotDynamoDb { status, start of the body }
//!   fetch failed (stopped, wrong address, CORS refused, offline)       → Unreachable(the browser's words)
//! ```
//!
//! The exception's name is what follows `#` in `__type`, as the SDKs read
//! it; the message is `message` (or `Message`, which some exceptions use).
//! A browser does not tell a script *why* a request got no answer (a
//! stopped server and a CORS refusal look the same), so [`Advice`] for
//! `Unreachable` names every likely cause.

use serde_json::Value;

/// A request that did not get a response body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The endpoint answered with DynamoDB's error body.
    Refused { status: u16, exception: String, message: String },
    /// No answer: the browser's (or the network's) reason.
    Unreachable(String),
    /// An answer that is not DynamoDB's: a proxy's page, another service.
    NotDynamoDb { status: u16, start: String },
}

/// What to check after a failure, one case per cause a user can act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advice {
    /// The endpoint is not running, the address or port is wrong, the
    /// browser is offline, or the endpoint does not allow this page's origin.
    Reach,
    /// The key id, the secret, the session token or the region is wrong
    /// or expired (signature and token exceptions).
    Credentials,
    /// The credentials are valid but their policy does not allow this.
    Permission,
    /// The table or index is not on the endpoint (deploy it first).
    Missing,
    /// Too many requests: wait and try again, or raise the capacity.
    Throttled,
    /// The request itself is refused: the same request in the playground
    /// says why, or the message does.
    Request,
    /// The address is not a DynamoDB endpoint.
    NotDynamoDb,
}

/// How many characters of a foreign body are kept to show.
const START_CHARS: usize = 200;

/// Reads an answer: `status` and the body's text.
pub fn read(status: u16, body: &str) -> Result<Value, Failure> {
    let parsed: Option<Value> = serde_json::from_str(body).ok();
    match parsed {
        Some(value @ Value::Object(_)) if status == 200 => Ok(value),
        Some(Value::Object(map)) if map.contains_key("__type") => {
            let full = map.get("__type").and_then(Value::as_str).unwrap_or_default();
            let exception = full.rsplit('#').next().unwrap_or(full).to_string();
            let message = ["message", "Message"]
                .iter()
                .find_map(|name| map.get(*name).and_then(Value::as_str))
                .unwrap_or_default()
                .to_string();
            Err(Failure::Refused { status, exception, message })
        }
        _ => Err(Failure::NotDynamoDb { status, start: body.chars().take(START_CHARS).collect() }),
    }
}

impl Failure {
    /// What to check.
    pub fn advice(&self) -> Advice {
        match self {
            Failure::Unreachable(_) => Advice::Reach,
            Failure::NotDynamoDb { .. } => Advice::NotDynamoDb,
            Failure::Refused { exception, .. } => match exception.as_str() {
                "UnrecognizedClientException"
                | "InvalidSignatureException"
                | "IncompleteSignatureException"
                | "MissingAuthenticationTokenException"
                | "ExpiredTokenException"
                | "InvalidClientTokenId"
                | "SignatureDoesNotMatch" => Advice::Credentials,
                "AccessDeniedException" => Advice::Permission,
                "ResourceNotFoundException" | "TableNotFoundException" => Advice::Missing,
                "ThrottlingException"
                | "ProvisionedThroughputExceededException"
                | "RequestLimitExceeded"
                | "LimitExceededException" => Advice::Throttled,
                _ => Advice::Request,
            },
        }
    }

    /// The exception's name and message, as the playground shows its own
    /// errors; for a failure without one, `None`.
    pub fn exception(&self) -> Option<(&str, &str)> {
        match self {
            Failure::Refused { exception, message, .. } => Some((exception, message)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_body_is_a_response_an_error_or_foreign() {
        assert_eq!(read(200, r#"{"Count":0,"Items":[]}"#), Ok(json!({"Count": 0, "Items": []})));
        assert_eq!(read(200, "{}"), Ok(json!({})));
        let refused = read(
            400,
            r#"{"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"Requested resource not found"}"#,
        )
        .unwrap_err();
        assert_eq!(
            refused,
            Failure::Refused {
                status: 400,
                exception: "ResourceNotFoundException".into(),
                message: "Requested resource not found".into()
            }
        );
        assert_eq!(refused.advice(), Advice::Missing);
        assert_eq!(refused.exception(), Some(("ResourceNotFoundException", "Requested resource not found")));
        let signature = read(
            400,
            r#"{"__type":"com.amazon.coral.service#InvalidSignatureException","Message":"The request signature we calculated does not match"}"#,
        )
        .unwrap_err();
        assert_eq!(
            signature.exception(),
            Some(("InvalidSignatureException", "The request signature we calculated does not match"))
        );
        assert_eq!(signature.advice(), Advice::Credentials);
        assert_eq!(read(400, r#"{"__type":"AccessDeniedException"}"#).unwrap_err().advice(), Advice::Permission);
        let throttled = read(400, r#"{"__type":"com.amazon.coral.availability#ThrottlingException","message":"x"}"#);
        assert_eq!(throttled.unwrap_err().advice(), Advice::Throttled);
        let validation = read(400, r#"{"__type":"com.amazon.coral.validate#ValidationException","message":"m"}"#);
        assert_eq!(validation.unwrap_err().advice(), Advice::Request);
        let page = "<html>".to_string() + &"x".repeat(500);
        let foreign = read(502, &page).unwrap_err();
        assert_eq!(foreign, Failure::NotDynamoDb { status: 502, start: page.chars().take(200).collect() });
        assert_eq!(foreign.advice(), Advice::NotDynamoDb);
        assert_eq!(foreign.exception(), None);
        // A 200 that is not an object, and an error status without `__type`.
        assert!(matches!(read(200, "[1]"), Err(Failure::NotDynamoDb { status: 200, .. })));
        assert!(matches!(read(500, r#"{"error":"x"}"#), Err(Failure::NotDynamoDb { status: 500, .. })));
        assert_eq!(Failure::Unreachable("Failed to fetch".into()).advice(), Advice::Reach);
    }
}
