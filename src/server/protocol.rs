//! The DynamoDB JSON 1.0 protocol, as far as the wire is concerned: which
//! operation a request names, which content types are accepted, how an
//! [`ApiError`] becomes a status code and a body, and the response headers.
//!
//! Everything here is a pure function of its arguments, so it is tested
//! without a socket; `http` glues it to hyper.
//!
//! A request, as an SDK sends it:
//!
//! ```text
//! POST / HTTP/1.1
//! Content-Type: application/x-amz-json-1.0
//! X-Amz-Target: DynamoDB_20120810.GetItem
//! Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…
//!
//! {"TableName": "Music", "Key": {"Artist": {"S": "Acme"}}}
//! ```
//!
//! and the answer:
//!
//! ```text
//! HTTP/1.1 200 OK
//! Content-Type: application/x-amz-json-1.0
//! x-amz-crc32: 2745614147          CRC32 of the body bytes; SDKs check it
//! x-amzn-RequestId: 52 characters [A-Z0-9]
//!
//! {"Item": {…}}
//! ```
//!
//! An error is HTTP 400 (500 for `InternalServerError`) with the body of
//! [`ApiError::to_wire`]: `{"__type": "com.amazon.coral.validate#ValidationException",
//! "message": "…"}`. SDKs read the exception name after the `#`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use super::playground::TARGET_PREFIX as PLAYGROUND_PREFIX;
use crate::engine::sim::Rng;
use crate::engine::ApiError;

/// What comes before the operation name in `X-Amz-Target`.
pub const TARGET_PREFIX: &str = "DynamoDB_20120810.";

/// The `X-Amz-Target` prefix of the DynamoDB Streams API: a service of its
/// own, served by the same endpoint (as DynamoDB Local does).
pub const STREAMS_PREFIX: &str = "DynamoDBStreams_20120810.";

/// The content type of every JSON response (and what SDKs send).
pub const JSON_CONTENT_TYPE: &str = "application/x-amz-json-1.0";

/// Request content types the endpoint reads as JSON: the 1.0 protocol that
/// DynamoDB speaks, 1.1 (some generic AWS clients send it) and plain JSON,
/// which is what people type into curl.
pub const ACCEPTED_CONTENT_TYPES: &[&str] = &[JSON_CONTENT_TYPE, "application/x-amz-json-1.1", "application/json"];

/// DynamoDB refuses requests over 16 MB (dynalite's `MAX_REQUEST_BYTES`,
/// semantics B.4's BatchWriteItem limit). We allow one more megabyte for
/// JSON whitespace and base64 padding so that a request DynamoDB would take
/// is never refused here for its size; bigger bodies get 413.
pub const MAX_BODY_BYTES: usize = 17 * 1024 * 1024;

/// What an `X-Amz-Target` header names: a DynamoDB operation, or one of
/// the playground's own ([`super::playground`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target<'a> {
    /// `DynamoDB_20120810.<Operation>`.
    DynamoDb(&'a str),
    /// `Playground_20261121.<Operation>`.
    Playground(&'a str),
    /// `DynamoDBStreams_20120810.<Operation>`: the Streams API.
    Streams(&'a str),
}

/// The operation named by an `X-Amz-Target` header. A missing header or one
/// with neither the DynamoDB 2012-08-10 nor the playground prefix is
/// `UnknownOperationException`; whether the engine knows a DynamoDB
/// operation is for `Engine::execute` to say.
pub fn parse_target(target: Option<&str>) -> Result<Target<'_>, ApiError> {
    let expected = format!(
        "expected {TARGET_PREFIX}<Operation>, e.g. {TARGET_PREFIX}ListTables, or {PLAYGROUND_PREFIX}<Operation>"
    );
    let Some(target) = target else {
        return Err(ApiError::UnknownOperation(format!("Missing X-Amz-Target header: {expected}")));
    };
    let prefixed = |prefix: &str| target.strip_prefix(prefix).filter(|operation| !operation.is_empty());
    if let Some(operation) = prefixed(TARGET_PREFIX) {
        Ok(Target::DynamoDb(operation))
    } else if let Some(operation) = prefixed(PLAYGROUND_PREFIX) {
        Ok(Target::Playground(operation))
    } else if let Some(operation) = prefixed(STREAMS_PREFIX) {
        Ok(Target::Streams(operation))
    } else {
        Err(ApiError::UnknownOperation(format!("Unknown X-Amz-Target '{target}': {expected}")))
    }
}

/// Whether a request with this `Content-Type` is read. A missing header is
/// accepted (curl without `-H`); parameters such as `; charset=utf-8` and
/// letter case are ignored.
pub fn content_type_accepted(content_type: Option<&str>) -> bool {
    let Some(content_type) = content_type else { return true };
    let media_type = content_type.split(';').next().unwrap_or_default().trim();
    ACCEPTED_CONTENT_TYPES.iter().any(|accepted| media_type.eq_ignore_ascii_case(accepted))
}

/// The HTTP status DynamoDB answers an error with: 500 for its own faults,
/// 503 when it is unavailable, 400 for everything the client can fix
/// (throttling included, which SDKs retry by name, not by status).
pub fn status_of(error: &ApiError) -> u16 {
    match error.name() {
        "InternalServerError" => 500,
        "ServiceUnavailable" | "ServiceUnavailableException" => 503,
        _ => 400,
    }
}

/// An error body for a fault found by the HTTP layer before any operation
/// runs (too large, wrong method, wrong content type). Same shape as
/// [`ApiError::to_wire`], in the Coral service namespace.
pub fn protocol_error_body(exception: &str, message: &str) -> Value {
    json!({"__type": format!("com.amazon.coral.service#{exception}"), "message": message})
}

/// The `x-amz-crc32` header: CRC-32 (IEEE) of the exact body bytes, in
/// decimal. botocore recomputes it and retries the request on a mismatch.
pub fn crc32_header(body: &[u8]) -> String {
    crc32fast::hash(body).to_string()
}

/// Makes `x-amzn-RequestId` values: 52 characters of `[A-Z0-9]`, like
/// DynamoDB's. They only need to differ, not to be secret, so the engine's
/// SplitMix64 ([`Rng::mix`]) of a counter, seeded from the start time and
/// process id, does (no `rand` crate).
#[derive(Debug)]
pub struct RequestIds {
    seed: u64,
    counter: AtomicU64,
}

impl Default for RequestIds {
    fn default() -> Self {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or_default();
        Self::with_seed(nanos ^ (u64::from(std::process::id()) << 32))
    }
}

impl RequestIds {
    /// A generator with a fixed seed (tests).
    pub fn with_seed(seed: u64) -> Self {
        Self { seed, counter: AtomicU64::new(0) }
    }

    /// The next id.
    pub fn next_id(&self) -> String {
        const ALPHABET: &[u8; 36] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let mut state = Rng::mix(self.seed ^ Rng::mix(n));
        let mut id = String::with_capacity(52);
        for i in 0..52 {
            // 12 characters per 64-bit word (36^12 < 2^64), then a fresh word.
            if i % 12 == 0 && i > 0 {
                state = Rng::mix(state);
            }
            let word = state / 36u64.pow((i % 12) as u32);
            // `word % 36` is always a position of the alphabet.
            id.extend(ALPHABET.get((word % 36) as usize).map(|b| char::from(*b)));
        }
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_name_operations() {
        assert_eq!(parse_target(Some("DynamoDB_20120810.PutItem")), Ok(Target::DynamoDb("PutItem")));
        // The engine decides whether it knows the operation.
        assert_eq!(parse_target(Some("DynamoDB_20120810.Frobnicate")), Ok(Target::DynamoDb("Frobnicate")));
        assert_eq!(parse_target(Some("Playground_20261121.PlanShards")), Ok(Target::Playground("PlanShards")));
        assert_eq!(parse_target(Some("DynamoDBStreams_20120810.ListStreams")), Ok(Target::Streams("ListStreams")));
        for bad in [
            None,
            Some(""),
            Some("DynamoDB_20120810."),
            Some("Playground_20261121."),
            Some("DynamoDB_20111205.GetItem"),
            Some("GetItem"),
        ] {
            let error = parse_target(bad).expect_err("not a DynamoDB target");
            assert_eq!(error.name(), "UnknownOperationException");
            assert_eq!(error.wire_type(), "com.amazon.coral.service#UnknownOperationException");
            assert!(error.message().contains("DynamoDB_20120810.<Operation>"), "{error}");
            assert!(error.message().contains("Playground_20261121.<Operation>"), "{error}");
        }
    }

    #[test]
    fn content_types() {
        for accepted in [
            None,
            Some("application/x-amz-json-1.0"),
            Some("application/x-amz-json-1.1"),
            Some("Application/JSON; charset=utf-8"),
        ] {
            assert!(content_type_accepted(accepted), "{accepted:?}");
        }
        for refused in ["text/plain", "application/x-www-form-urlencoded", "application/xml", ""] {
            assert!(!content_type_accepted(Some(refused)), "{refused}");
        }
    }

    #[test]
    fn statuses() {
        assert_eq!(status_of(&ApiError::validation("x")), 400);
        assert_eq!(status_of(&ApiError::ResourceNotFound("x".into())), 400);
        assert_eq!(status_of(&ApiError::Serialization("x".into())), 400);
        assert_eq!(status_of(&ApiError::InternalServer("x".into())), 500);
    }

    #[test]
    fn crc32_is_the_ieee_checksum_in_decimal() {
        // The CRC-32 check value of "123456789" is 0xCBF43926.
        assert_eq!(crc32_header(b"123456789"), "3421780262");
        // dynalite's captured header for its 404 body.
        assert_eq!(crc32_header(b"<UnknownOperationException/>\n"), "3552371480");
    }

    #[test]
    fn request_ids_look_like_dynamodbs_and_differ() {
        let ids = RequestIds::with_seed(7);
        let generated: Vec<String> = (0..1000).map(|_| ids.next_id()).collect();
        for id in &generated {
            assert_eq!(id.len(), 52);
            assert!(id.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()), "{id}");
        }
        let mut unique = generated.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), generated.len());
    }
}
