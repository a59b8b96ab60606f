//! The engine every execute harness starts from: small, but with every
//! kind of structure a request can meet.
//!
//! * `Orders`: on demand, key `pk` (S) + `sk` (N), a GSI `ByG` (`gpk` S,
//!   `gsk` N, INCLUDE `a`), an LSI `ByL` (`lsk` S, ALL), a
//!   NEW_AND_OLD_IMAGES stream, TTL on `exp`; items in three item
//!   collections, some in the indexes.
//! * `Tiny`: provisioned at 1 RCU / 1 WCU, binary key `id`, a KEYS_ONLY GSI
//!   `TinyG` (`g` S) with its own 1/1: throttling within a few requests.
//! * `Docs`: on demand, hash key `h` (S) only, nested documents and sets,
//!   and a vector index `ByEmb` (`emb`, 3 dimensions, COSINE, HASH `t`,
//!   INLINE_FILTER `f`).
//!
//! It is built once per process and cloned for each input.

use std::sync::OnceLock;

use serde_json::{json, Value};

use crate::engine::Engine;

/// The fixture's table names (and names that are not tables).
pub const TABLES: &[&str] = &["Orders", "Tiny", "Docs", "Missing", "", "Orders\u{0}", "ab"];

fn definitions() -> Vec<(&'static str, Value)> {
    vec![
        (
            "CreateTable",
            json!({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
                    {"AttributeName": "gpk", "AttributeType": "S"}, {"AttributeName": "gsk", "AttributeType": "N"},
                    {"AttributeName": "lsk", "AttributeType": "S"}],
                "GlobalSecondaryIndexes": [{"IndexName": "ByG",
                    "KeySchema": [{"AttributeName": "gpk", "KeyType": "HASH"}, {"AttributeName": "gsk", "KeyType": "RANGE"}],
                    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["a"]}}],
                "LocalSecondaryIndexes": [{"IndexName": "ByL",
                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "lsk", "KeyType": "RANGE"}],
                    "Projection": {"ProjectionType": "ALL"}}],
                "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"}}),
        ),
        (
            "UpdateTimeToLive",
            json!({"TableName": "Orders", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "exp"}}),
        ),
        (
            "CreateTable",
            json!({"TableName": "Tiny", "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1},
                "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
                "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "B"}, {"AttributeName": "g", "AttributeType": "S"}],
                "GlobalSecondaryIndexes": [{"IndexName": "TinyG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "KEYS_ONLY"},
                    "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}]}),
        ),
        (
            "CreateTable",
            json!({"TableName": "Docs", "BillingMode": "PAY_PER_REQUEST",
                "KeySchema": [{"AttributeName": "h", "KeyType": "HASH"}],
                "AttributeDefinitions": [{"AttributeName": "h", "AttributeType": "S"},
                    {"AttributeName": "t", "AttributeType": "S"}, {"AttributeName": "f", "AttributeType": "N"}],
                "VectorIndexes": [{"IndexName": "ByEmb", "VectorAttribute": {"AttributeName": "emb"}, "Dimensions": 3,
                    "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["emb", "d"]},
                    "SearchSchema": [{"AttributeName": "t", "SearchSchemaElementType": "HASH"},
                                     {"AttributeName": "f", "SearchSchemaElementType": "INLINE_FILTER"}]}]}),
        ),
    ]
}

fn items() -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    for (i, pk) in ["a", "b", "c"].iter().enumerate() {
        for sk in 1..=3 {
            let mut item = json!({"pk": {"S": pk}, "sk": {"N": sk.to_string()}, "a": {"S": format!("v{i}{sk}")},
                                  "n": {"N": (i * 10 + sk).to_string()}, "l": {"L": [{"N": "1"}, {"S": "x"}]},
                                  "m": {"M": {"x": {"N": "1"}, "y": {"M": {"z": {"BOOL": true}}}}},
                                  "ss": {"SS": ["p", "q"]}});
            if sk != 2 {
                item["gpk"] = json!({"S": format!("g{}", sk % 2)});
                item["gsk"] = json!({"N": (i + sk).to_string()});
            }
            if sk == 3 {
                item["lsk"] = json!({"S": format!("l{i}")});
                // Expired one second after the fixture's clock start.
                item["exp"] = json!({"N": "1767225601"});
            }
            out.push(("Orders", item));
        }
    }
    out.push(("Tiny", json!({"id": {"B": "AQI="}, "g": {"S": "x"}, "v": {"N": "1"}})));
    out.push(("Tiny", json!({"id": {"B": "AA=="}, "v": {"BS": ["AQ==", "Ag=="]}})));
    out.push(("Docs", json!({"h": {"S": "doc"}, "d": {"M": {"list": {"L": [{"NULL": true}, {"NS": ["1", "2.5"]}]}}}})));
    out.push(("Docs", json!({"h": {"S": "é𝄞"}, "b": {"B": ""}, "s": {"S": ""}})));
    out.push((
        "Docs",
        json!({"h": {"S": "v1"}, "t": {"S": "x"}, "f": {"N": "1"}, "emb": {"L": [{"N": "1"}, {"N": "0"}, {"N": "0"}]}}),
    ));
    out.push((
        "Docs",
        json!({"h": {"S": "v2"}, "t": {"S": "x"}, "emb": {"L": [{"N": "0"}, {"N": "-2.5"}, {"N": "1e-30"}]}}),
    ));
    out
}

fn build() -> Engine {
    let mut engine = Engine::new();
    // The fixture must be complete whatever throttling would say about it.
    engine.settings_mut().enforce_throughput = false;
    for (operation, request) in definitions() {
        if let Err(e) = engine.execute(operation, &request) {
            // A harness bug, not an engine finding: the fuzzer reports it at once.
            panic!("fixture {operation}: {e}");
        }
    }
    for (table, item) in items() {
        if let Err(e) = engine.execute("PutItem", &json!({"TableName": table, "Item": item})) {
            panic!("fixture PutItem {table}: {e}");
        }
    }
    engine.advance_clock(1_000);
    engine.settings_mut().enforce_throughput = true;
    engine
}

/// A fresh copy of the fixture engine.
pub fn engine() -> Engine {
    static FIXTURE: OnceLock<Engine> = OnceLock::new();
    FIXTURE.get_or_init(build).clone()
}
