//! The `endpoint_answer` target: what a connection reads from an endpoint
//! and from its form. The bytes are `status(2) address \n body-a \0 body-b`:
//! the address goes to `Endpoint::parse`, each body to `answer::read` with
//! the status, the two bodies (and each with itself) to `compare`, and each
//! body, read as a DescribeTable answer, to Import's `create_request` and
//! the table it makes.
//!
//! Invariants: nothing panics; an accepted address's URL parses back to
//! the same endpoint, and a loopback-only `http` is never accepted for
//! another host; an answer read as a body is a JSON object, a refusal's
//! exception has no `#` namespace left, a foreign body is cut to 200
//! characters; an answer compared with itself has no differences, and
//! comparing the other way round finds as many; units are asked for unless
//! the request asks already; a table made from a description holds every
//! index it describes but those being deleted.

use serde_json::Value;

use crate::connect::answer::{self, Failure};
use crate::connect::compare::{asking_for_units, compare, Outcome};
use crate::connect::endpoint::Endpoint;
use crate::connect::import;

fn read(status: u16, body: &str) -> Outcome {
    match answer::read(status, body) {
        Ok(value) => {
            assert!(value.is_object(), "a body that is not an object: {value}");
            Ok(value)
        }
        Err(Failure::Refused { exception, message, .. }) => {
            assert!(!exception.contains('#'), "{exception}");
            Err((exception, message))
        }
        Err(Failure::NotDynamoDb { start, .. }) => {
            assert!(start.chars().count() <= 200);
            Err(("NotDynamoDb".into(), start))
        }
        Err(Failure::Unreachable(_)) => panic!("read never says unreachable"),
    }
}

pub fn endpoint_answer(data: &[u8]) {
    let (status, rest) = match data {
        [a, b, rest @ ..] => (u16::from_le_bytes([*a, *b]), rest),
        _ => (200, data),
    };
    let text = String::from_utf8_lossy(rest);
    let (address, bodies) = text.split_once('\n').unwrap_or((&text, ""));
    if let Ok(endpoint) = Endpoint::parse(address) {
        assert_eq!(Endpoint::parse(&endpoint.url()).as_ref(), Ok(&endpoint), "{address}");
        assert!(endpoint.https || endpoint.is_local(), "plain http to {address}");
    }
    let (a, b) = bodies.split_once('\0').unwrap_or((bodies, "{}"));
    let (x, y) = (read(status, a), read(200, b));
    for outcome in [&x, &y] {
        assert_eq!(compare(outcome, outcome), vec![], "an answer differs from itself");
        if let Ok(body) = outcome {
            // Units are asked for; a request that asks already is left as it is.
            let (asked, added) = asking_for_units("Query", body.clone());
            assert_eq!(added, body.get("ReturnConsumedCapacity").is_none());
            let wanted = if added { Some(&Value::from("TOTAL")) } else { body.get("ReturnConsumedCapacity") };
            assert_eq!(asked.get("ReturnConsumedCapacity"), wanted);
            imported(body);
        }
    }
    assert_eq!(compare(&x, &y).len(), compare(&y, &x).len(), "compare is not symmetric");
}

const INDEX_LISTS: [&str; 3] = ["GlobalSecondaryIndexes", "LocalSecondaryIndexes", "VectorIndexes"];

/// `body` as a DescribeTable answer: the CreateTable request Import makes
/// from it, and the table the engine makes from that, or a refusal.
fn imported(body: &Value) {
    let Ok(create) = import::create_request(body) else { return };
    for member in INDEX_LISTS {
        let listed = body.get("Table").and_then(|t| t.get(member)).and_then(Value::as_array);
        let kept = listed.map_or(0, |list| {
            list.iter().filter(|i| i.get("IndexStatus").and_then(Value::as_str) != Some("DELETING")).count()
        });
        assert_eq!(create.get(member).and_then(Value::as_array).map_or(0, Vec::len), kept, "{member}");
    }
    if let Ok(mut engine) = import::into_engine(&create, None, &[]) {
        let name = create.get("TableName").cloned().unwrap_or_default();
        assert!(engine.execute("DescribeTable", &serde_json::json!({"TableName": name})).is_ok());
    }
}
