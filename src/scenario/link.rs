//! Share links: a whole scenario in the URL fragment.
//!
//! `#v1=<base64url(DEFLATE(JSON))>`: the version tag says how the rest is
//! encoded, so later encodings can be added without breaking old links.
//! DEFLATE comes from `miniz_oxide` (pure Rust, small in wasm, the
//! compressor behind `flate2`); the fragment never reaches a server, so the
//! link works offline and keeps the data on the user's machine.
//!
//! Decoding is defensive: the link's length is capped before anything is
//! decoded, the inflated size is capped while inflating (a small link cannot
//! expand into gigabytes), JSON nesting is bounded by the parser, and the
//! scenario is rebuilt through the engine's own validation. Every failure is
//! an error that says what is wrong with the link; nothing is half-loaded.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::decompress_to_vec_with_limit;

use super::format::Scenario;
use crate::engine::{ApiError, Result};

/// The tag of the current encoding.
pub const PREFIX: &str = "v1=";
/// Longest fragment decoded at all (characters after `#`).
pub const MAX_LINK_CHARS: usize = 2_000_000;
/// Largest scenario document a link may inflate to.
pub const MAX_DOCUMENT_BYTES: usize = 32 * 1024 * 1024;

fn invalid(detail: impl std::fmt::Display) -> ApiError {
    ApiError::validation(format!("Invalid share link: {detail}"))
}

/// The fragment (without `#`) that carries `scenario`.
pub fn encode(scenario: &Scenario) -> String {
    encode_json(&scenario.to_json().to_string())
}

/// The fragment for a scenario document already in JSON text.
pub fn encode_json(json: &str) -> String {
    format!("{PREFIX}{}", pack(json.as_bytes()))
}

/// A link's payload (what follows its tag): `bytes` DEFLATEd and in
/// base64url. Hand-in links (`handin`) use the same encoding.
pub fn pack(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(compress_to_vec(bytes, 9))
}

/// The bytes a link's payload carries, inflated to at most `limit` bytes.
/// The error says what is wrong in words that follow "Invalid … link: ".
pub fn unpack(payload: &str, limit: usize) -> std::result::Result<Vec<u8>, String> {
    let compressed = URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .map_err(|e| format!("it is not valid base64url ({e}); was it cut off or changed?"))?;
    decompress_to_vec_with_limit(&compressed, limit).map_err(|e| match e.status {
        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => format!("it expands to more than {limit} bytes"),
        _ => "its compressed data is damaged; was it cut off?".to_string(),
    })
}

/// The scenario a fragment carries. Accepts the fragment with or without
/// its leading `#`.
pub fn decode(fragment: &str) -> Result<Scenario> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.len() > MAX_LINK_CHARS {
        return Err(invalid(format!("it is {} characters long; at most {MAX_LINK_CHARS} are read", fragment.len())));
    }
    let Some(payload) = fragment.strip_prefix(PREFIX) else {
        return Err(invalid("it does not start with \"v1=\" (not a ddb-playground link, or from a newer version)"));
    };
    let json = unpack(payload, MAX_DOCUMENT_BYTES).map_err(invalid)?;
    let document: serde_json::Value =
        serde_json::from_slice(&json).map_err(|e| invalid(format!("it does not hold a JSON document ({e})")))?;
    Scenario::from_json(document)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use serde_json::json;

    fn engine_with_items(count: usize) -> Engine {
        let mut engine = Engine::new();
        let create = json!({"TableName": "Orders",
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"}],
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}});
        engine.execute("CreateTable", &create).expect("created");
        for i in 0..count {
            let item = json!({"PK": {"S": format!("CUST#{}", i % 10)}, "SK": {"S": format!("ORDER#{i:04}")},
                              "Status": {"S": if i % 5 == 0 { "OPEN" } else { "SHIPPED" }}, "Total": {"N": format!("{}.{:02}", i * 7, i % 100)}});
            engine.execute("PutItem", &json!({"TableName": "Orders", "Item": item})).expect("put");
        }
        engine
    }

    #[test]
    fn links_round_trip_and_stay_small() {
        let scenario = Scenario::of(&engine_with_items(60));
        let link = encode(&scenario);
        assert!(link.starts_with("v1="));
        assert!(link.chars().all(|c| c.is_ascii_alphanumeric() || "-_=".contains(c)), "URL-safe");
        // 60 order items and their table: a lesson-sized scenario in a few KB.
        assert!(link.len() < 4096, "link is {} characters", link.len());
        let back = decode(&format!("#{link}")).expect("decodes");
        assert_eq!(back.to_json(), scenario.to_json());
    }

    #[test]
    fn access_patterns_travel_in_a_link() {
        let mut scenario = Scenario::of(&engine_with_items(5));
        let request = json!({"TableName": "Orders", "KeyConditionExpression": "PK = :c",
                             "ExpressionAttributeValues": {":c": {"S": "CUST#1"}}});
        for (name, keys) in [
            ("Orders of a customer", crate::engine::review::KeyVariation::Uniform { count: 10 }),
            ("Hot customer", crate::engine::review::KeyVariation::Single),
        ] {
            scenario.access_patterns.push(crate::engine::review::AccessPattern {
                name: name.into(),
                operation: "Query".into(),
                request: request.clone(),
                requests_per_second: 12.5,
                keys,
            });
        }
        let back = decode(&encode(&scenario)).expect("decodes");
        assert_eq!(back.access_patterns, scenario.access_patterns);
        assert_eq!(back.to_json(), scenario.to_json());
    }

    #[test]
    fn broken_links_say_what_is_wrong() {
        let link = encode(&Scenario::of(&engine_with_items(5)));
        let truncated = &link[..link.len() / 2];
        let mut flipped = link.clone().into_bytes();
        let middle = flipped.len() / 2;
        flipped[middle] = if flipped[middle] == b'A' { b'B' } else { b'A' };
        let flipped = String::from_utf8(flipped).expect("ascii");
        let not_json = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(compress_to_vec(b"hello", 9)));
        let huge = "v1=".to_string() + &"A".repeat(MAX_LINK_CHARS);
        for (fragment, expected) in [
            ("", "does not start with"),
            ("#v2=abc", "does not start with"),
            ("v1=***", "not valid base64url"),
            (truncated, "damaged"),
            (&not_json, "does not hold a JSON document"),
            (&huge, "characters long"),
        ] {
            match decode(fragment) {
                Err(e) => assert!(e.message().contains(expected), "{fragment:.40}: {e}"),
                Ok(_) => panic!("decoded a broken link: {fragment:.40}"),
            }
        }
        // A damaged byte may still inflate; then the document check catches it.
        assert!(decode(&flipped).is_err());
    }

    #[test]
    fn a_small_link_cannot_inflate_without_bound() {
        // 64 MB of spaces compresses to a few tens of KB.
        let bomb = vec![b' '; 64 * 1024 * 1024];
        let link = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(compress_to_vec(&bomb, 9)));
        assert!(link.len() < MAX_LINK_CHARS);
        let error = decode(&link).err().map(|e| e.message().to_string());
        assert_eq!(error, Some(format!("Invalid share link: it expands to more than {MAX_DOCUMENT_BYTES} bytes")));
    }

    #[test]
    fn hostile_nesting_is_refused() {
        let deep = "[".repeat(100_000);
        let link = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(compress_to_vec(deep.as_bytes(), 9)));
        assert!(decode(&link).is_err());
    }
}
