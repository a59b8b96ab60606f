//! The local endpoint over real sockets: each test starts a server in this
//! process on 127.0.0.1, port 0 (a free port), and speaks raw HTTP/1.1 to it
//! with `std::net::TcpStream`, byte for byte what an SDK sends.
//!
//! Concurrency is tested with eight threads writing distinct items at once
//! and a final `ItemCount` and `TableSizeBytes` that must account for every
//! one of them, eight threads incrementing one counter with `ADD` (no lost
//! update), and a burst of 64 keep-alive clients whose every acknowledged
//! write must be in the table and, after shutdown, in the data file.
//! Hardening: silent, slow-head, slow-body and idle clients are
//! disconnected on their timeouts, connections past the limit wait their
//! turn, and the server stays up throughout.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use ddb_playground::engine::clock::ClockMode;
use ddb_playground::engine::{Engine, EngineSettings};
use ddb_playground::scenario::Scenario;
use ddb_playground::server::databases::Databases;
use ddb_playground::server::{self, persist, RunningServer, ServerConfig};
use serde_json::{json, Value};

fn start_with(config: ServerConfig, engine: Engine) -> RunningServer {
    let config = ServerConfig { addr: SocketAddr::from(([127, 0, 0, 1], 0)), ..config };
    server::start(config, engine).expect("server starts")
}

fn start() -> RunningServer {
    start_with(ServerConfig::default(), Engine::new())
}

/// A parsed HTTP response.
#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.text()))
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    stream
}

/// Reads one response: the head up to the blank line, then exactly
/// Content-Length bytes of body.
fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            other => {
                panic!("connection ended inside the response head ({other:?}): {:?}", String::from_utf8_lossy(&head))
            }
        }
    }
    let head = String::from_utf8(head).expect("ASCII head");
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status = status_line.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("status code");
    let headers: Vec<(String, String)> = lines
        .filter(|l| !l.is_empty())
        .filter_map(|l| l.split_once(':').map(|(n, v)| (n.trim().to_string(), v.trim().to_string())))
        .collect();
    // No Content-Length: no body (a 204 has neither).
    let length: usize = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .map_or(0, |(_, v)| v.parse().expect("a Content-Length number"));
    let mut body = vec![0; length];
    stream.read_exact(&mut body).expect("body");
    Reply { status, headers, body }
}

/// The request an SDK would send, as bytes.
fn request_bytes(target: Option<&str>, body: &[u8], extra_headers: &str) -> Vec<u8> {
    let mut request = String::from("POST / HTTP/1.1\r\nHost: localhost\r\n");
    request.push_str("Content-Type: application/x-amz-json-1.0\r\n");
    request.push_str("Authorization: AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00\r\n");
    if let Some(target) = target {
        request.push_str(&format!("X-Amz-Target: {target}\r\n"));
    }
    request.push_str(extra_headers);
    request.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    let mut bytes = request.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

fn post(addr: SocketAddr, target: Option<&str>, body: &[u8]) -> Reply {
    let mut stream = connect(addr);
    stream.write_all(&request_bytes(target, body, "")).expect("sent");
    read_reply(&mut stream)
}

/// Runs `operation` and returns (status, JSON body).
fn call(addr: SocketAddr, operation: &str, request: Value) -> (u16, Value) {
    let reply = post(addr, Some(&format!("DynamoDB_20120810.{operation}")), request.to_string().as_bytes());
    (reply.status, reply.json())
}

fn ok(addr: SocketAddr, operation: &str, request: Value) -> Value {
    let (status, body) = call(addr, operation, request);
    assert_eq!(status, 200, "{operation}: {body}");
    body
}

fn create_table(addr: SocketAddr, name: &str) {
    ok(
        addr,
        "CreateTable",
        json!({"TableName": name, "BillingMode": "PAY_PER_REQUEST",
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
               "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}),
    );
}

#[test]
fn create_put_get_round_trip() {
    let server = start();
    let addr = server.local_addr();
    let created = ok(
        addr,
        "CreateTable",
        json!({"TableName": "Music",
               "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"}, {"AttributeName": "Song", "KeyType": "RANGE"}],
               "AttributeDefinitions": [{"AttributeName": "Artist", "AttributeType": "S"}, {"AttributeName": "Song", "AttributeType": "S"}],
               "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}),
    );
    assert_eq!(created["TableDescription"]["TableStatus"], "CREATING");
    let item =
        json!({"Artist": {"S": "Acme"}, "Song": {"S": "Hello"}, "Year": {"N": "2026"}, "Tags": {"SS": ["b", "a"]}});
    let put = ok(addr, "PutItem", json!({"TableName": "Music", "Item": item, "ReturnConsumedCapacity": "TOTAL"}));
    assert_eq!(put, json!({"ConsumedCapacity": {"TableName": "Music", "CapacityUnits": 1.0}}));
    let got = ok(
        addr,
        "GetItem",
        json!({"TableName": "Music", "Key": {"Artist": {"S": "Acme"}, "Song": {"S": "Hello"}},
               "ConsistentRead": true, "ReturnConsumedCapacity": "TOTAL"}),
    );
    let expected =
        json!({"Artist": {"S": "Acme"}, "Song": {"S": "Hello"}, "Year": {"N": "2026"}, "Tags": {"SS": ["a", "b"]}});
    assert_eq!(got["Item"], expected);
    assert_eq!(got["ConsumedCapacity"], json!({"TableName": "Music", "CapacityUnits": 1.0}));
    let described = ok(addr, "DescribeTable", json!({"TableName": "Music"}));
    assert_eq!(described["Table"]["TableStatus"], "ACTIVE");
    assert_eq!(described["Table"]["ItemCount"], 1);
    server.shutdown().expect("stops");
}

#[test]
fn responses_carry_crc32_request_id_and_content_type() {
    let server = start();
    let addr = server.local_addr();
    create_table(addr, "tbl");
    let success = post(addr, Some("DynamoDB_20120810.ListTables"), b"{}");
    let failure = post(addr, Some("DynamoDB_20120810.DescribeTable"), br#"{"TableName": "missing"}"#);
    for reply in [&success, &failure] {
        let crc = reply.header("x-amz-crc32").expect("crc header");
        assert_eq!(crc, crc32fast::hash(&reply.body).to_string());
        assert_eq!(reply.header("content-type"), Some("application/x-amz-json-1.0"));
        let id = reply.header("x-amzn-RequestId").expect("request id");
        assert_eq!(id.len(), 52);
        assert!(id.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()), "{id}");
    }
    assert_eq!(success.json(), json!({"TableNames": ["tbl"]}));
    assert_ne!(success.header("x-amzn-RequestId"), failure.header("x-amzn-RequestId"));
    server.shutdown().expect("stops");
}

#[test]
fn engine_errors_are_400_with_type_and_message() {
    let server = start();
    let addr = server.local_addr();
    create_table(addr, "tbl");
    let cases = [
        (
            "GetItem",
            json!({"TableName": "missing", "Key": {"pk": {"S": "a"}}}),
            "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",
            "Requested resource not found",
        ),
        (
            "GetItem",
            json!({"TableName": "tbl", "Key": {"pk": {"S": "a"}, "extra": {"S": "b"}}}),
            "com.amazon.coral.validate#ValidationException",
            "The provided key element does not match the schema",
        ),
        (
            "PutItem",
            json!({"TableName": "tbl", "Item": {"pk": {"N": "1"}}}),
            "com.amazon.coral.validate#ValidationException",
            "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
        ),
        (
            "CreateTable",
            json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
                   "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                   "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}),
            "com.amazonaws.dynamodb.v20120810#ResourceInUseException",
            "Table already exists: tbl",
        ),
    ];
    for (operation, request, wire_type, message) in cases {
        let (status, body) = call(addr, operation, request);
        assert_eq!(status, 400, "{operation}: {body}");
        assert_eq!(body, json!({"__type": wire_type, "message": message}));
    }
    server.shutdown().expect("stops");
}

#[test]
fn unknown_targets_and_operations() {
    let server = start();
    let addr = server.local_addr();
    for target in [None, Some("DynamoDB_20111205.ListTables"), Some("ListTables"), Some("DynamoDB_20120810.")] {
        let reply = post(addr, target, b"{}");
        assert_eq!(reply.status, 400, "{target:?}");
        let body = reply.json();
        assert_eq!(body["__type"], "com.amazon.coral.service#UnknownOperationException", "{target:?}");
        assert!(body["message"].as_str().is_some_and(|m| m.contains("DynamoDB_20120810.<Operation>")), "{body}");
    }
    // A well-formed target naming an operation the engine does not have: the
    // engine's own error.
    let reply = post(addr, Some("DynamoDB_20120810.Frobnicate"), b"{}");
    assert_eq!(reply.status, 400);
    let body = reply.json();
    assert_eq!(body["__type"], "com.amazon.coral.service#UnknownOperationException");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("Frobnicate")), "{body}");
    server.shutdown().expect("stops");
}

#[test]
fn malformed_json_is_a_serialization_exception() {
    let server = start();
    let addr = server.local_addr();
    for body in [&b"{\"TableName\": "[..], b"", b"not json", b"\xff\xfe{}", b"{}}"] {
        let reply = post(addr, Some("DynamoDB_20120810.ListTables"), body);
        assert_eq!(reply.status, 400, "{body:?}");
        let error = reply.json();
        assert_eq!(error["__type"], "com.amazon.coral.service#SerializationException", "{body:?}");
        // DynamoDB spells this one member with a capital M.
        assert!(error["Message"].is_string(), "{error}");
    }
    // JSON of the wrong shape is also a SerializationException, in DynamoDB's words.
    let (status, body) = call(addr, "ListTables", json!({"Limit": "ten"}));
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({"__type": "com.amazon.coral.service#SerializationException", "Message": "STRING_VALUE cannot be converted to Long"})
    );
    server.shutdown().expect("stops");
}

#[test]
fn an_oversize_declared_body_is_refused_without_being_read() {
    let server = start();
    let addr = server.local_addr();
    let mut stream = connect(addr);
    // Claim 18 MB and send none of it: the answer must come from the headers alone.
    let head = "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n\
                X-Amz-Target: DynamoDB_20120810.PutItem\r\nContent-Length: 18874368\r\n\r\n{\"TableName\"";
    let started = Instant::now();
    stream.write_all(head.as_bytes()).expect("sent");
    let reply = read_reply(&mut stream);
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(reply.status, 413);
    assert_eq!(reply.header("connection"), Some("close"));
    let body = reply.json();
    assert_eq!(body["__type"], "com.amazon.coral.service#RequestEntityTooLargeException");
    assert_eq!(
        body["message"],
        "Request body of 18874368 bytes exceeds this endpoint's limit of 17825792 bytes (DynamoDB accepts requests of up to 16 MB)"
    );
    // An absurd length is no problem either.
    let mut stream = connect(addr);
    let head = "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 18446744073709551615\r\n\r\n";
    stream.write_all(head.as_bytes()).expect("sent");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 4"), "{answer}");
    // The server is still fine.
    assert_eq!(call(addr, "ListTables", json!({})).0, 200);
    server.shutdown().expect("stops");
}

#[test]
fn an_oversize_request_head_is_refused() {
    let server = start();
    let addr = server.local_addr();
    let mut stream = connect(addr);
    // 100 KB of headers: more than the 64 KB the server buffers for a head.
    let padding = "a".repeat(1000);
    let mut head = String::from("POST / HTTP/1.1\r\nHost: localhost\r\n");
    for i in 0..100 {
        head.push_str(&format!("X-Padding-{i}: {padding}\r\n"));
    }
    head.push_str("Content-Length: 0\r\n\r\n");
    let _ = stream.write_all(head.as_bytes());
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.is_empty() || answer.starts_with("HTTP/1.1 431"), "{answer}");
    assert_eq!(call(addr, "ListTables", json!({})).0, 200);
    server.shutdown().expect("stops");
}

#[test]
fn a_chunked_body_is_read_only_up_to_the_cap() {
    let config = ServerConfig { max_body_bytes: 1024, ..ServerConfig::default() };
    let server = start_with(config, Engine::new());
    let addr = server.local_addr();
    let chunked = |payload: &[u8]| {
        let mut request = b"POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n\
            X-Amz-Target: DynamoDB_20120810.ListTables\r\nTransfer-Encoding: chunked\r\n\r\n"
            .to_vec();
        for chunk in payload.chunks(500) {
            request.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
            request.extend_from_slice(chunk);
            request.extend_from_slice(b"\r\n");
        }
        request.extend_from_slice(b"0\r\n\r\n");
        let mut stream = connect(addr);
        stream.write_all(&request).expect("sent");
        read_reply(&mut stream)
    };
    // Exactly at the cap: accepted (whitespace is valid JSON padding).
    let mut at_cap = b"{}".to_vec();
    at_cap.resize(1024, b' ');
    let reply = chunked(&at_cap);
    assert_eq!((reply.status, reply.json()), (200, json!({"TableNames": []})));
    // One byte over: refused.
    at_cap.push(b' ');
    let reply = chunked(&at_cap);
    assert_eq!(reply.status, 413);
    assert_eq!(reply.json()["__type"], "com.amazon.coral.service#RequestEntityTooLargeException");
    // The same through Content-Length.
    assert_eq!(post(addr, Some("DynamoDB_20120810.ListTables"), &at_cap).status, 413);
    server.shutdown().expect("stops");
}

#[test]
fn keep_alive_serves_several_requests_on_one_connection() {
    let server = start();
    let addr = server.local_addr();
    let mut stream = connect(addr);
    for name in ["aaa", "bbb", "ccc"] {
        let body = json!({"TableName": name, "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]})
        .to_string();
        stream.write_all(&request_bytes(Some("DynamoDB_20120810.CreateTable"), body.as_bytes(), "")).expect("sent");
        assert_eq!(read_reply(&mut stream).status, 200);
    }
    stream.write_all(&request_bytes(Some("DynamoDB_20120810.ListTables"), b"{\"Limit\": 2}", "")).expect("sent");
    assert_eq!(read_reply(&mut stream).json(), json!({"TableNames": ["aaa", "bbb"], "LastEvaluatedTableName": "bbb"}));
    server.shutdown().expect("stops");
}

#[test]
fn concurrent_writers_lose_nothing() {
    const THREADS: usize = 8;
    const PUTS: usize = 40;
    let server = start();
    let addr = server.local_addr();
    create_table(addr, "tbl");
    let writers: Vec<_> = (0..THREADS)
        .map(|t| {
            std::thread::spawn(move || {
                // Each writer keeps one connection, as an SDK's pool does.
                let mut stream = connect(addr);
                for i in 0..PUTS {
                    let body = json!({"TableName": "tbl", "Item": {"pk": {"S": format!("t{t}-{i:03}")}, "v": {"N": i.to_string()}}});
                    let request = request_bytes(Some("DynamoDB_20120810.PutItem"), body.to_string().as_bytes(), "");
                    stream.write_all(&request).expect("sent");
                    let reply = read_reply(&mut stream);
                    assert_eq!(reply.status, 200, "{}", reply.text());
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().expect("writer finished");
    }
    let table = ok(addr, "DescribeTable", json!({"TableName": "tbl"}))["Table"].clone();
    assert_eq!(table["ItemCount"], THREADS * PUTS);
    // Every item's size: "pk" (2) + "t0-000" (6) + "v" (1) + the number.
    let number_size = |i: usize| {
        if i == 0 {
            1
        } else if i < 100 {
            2
        } else {
            3
        }
    };
    let expected_bytes: usize = THREADS * (0..PUTS).map(|i| 2 + 6 + 1 + number_size(i)).sum::<usize>();
    assert_eq!(table["TableSizeBytes"], expected_bytes);
    for t in 0..THREADS {
        let got = ok(addr, "GetItem", json!({"TableName": "tbl", "Key": {"pk": {"S": format!("t{t}-039")}}}));
        assert_eq!(got["Item"]["v"], json!({"N": "39"}));
    }
    server.shutdown().expect("stops");
}

/// Many clients incrementing one counter with `UpdateItem ADD`: the engine
/// serializes them, so no increment is lost.
#[test]
fn concurrent_counters_lose_no_increment() {
    const THREADS: usize = 8;
    const INCREMENTS: usize = 50;
    let server = start();
    let addr = server.local_addr();
    create_table(addr, "tbl");
    let writers: Vec<_> = (0..THREADS)
        .map(|_| {
            std::thread::spawn(move || {
                let mut stream = connect(addr);
                for _ in 0..INCREMENTS {
                    let body = json!({"TableName": "tbl", "Key": {"pk": {"S": "hits"}}, "UpdateExpression": "ADD n :one",
                                      "ExpressionAttributeValues": {":one": {"N": "1"}}});
                    let request = request_bytes(Some("DynamoDB_20120810.UpdateItem"), body.to_string().as_bytes(), "");
                    stream.write_all(&request).expect("sent");
                    let reply = read_reply(&mut stream);
                    assert_eq!(reply.status, 200, "{}", reply.text());
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().expect("writer finished");
    }
    let got = ok(addr, "GetItem", json!({"TableName": "tbl", "Key": {"pk": {"S": "hits"}}, "ConsistentRead": true}));
    assert_eq!(got["Item"]["n"], json!({"N": (THREADS * INCREMENTS).to_string()}));
    server.shutdown().expect("stops");
}

#[test]
fn large_items_travel_both_ways() {
    let server = start();
    let addr = server.local_addr();
    create_table(addr, "tbl");
    // 409,600 bytes exactly: "pk" + "a" (3) + "blob" (4) + 409,593 characters.
    let blob = "x".repeat(409_600 - 3 - 4);
    let put = ok(
        addr,
        "PutItem",
        json!({"TableName": "tbl", "Item": {"pk": {"S": "a"}, "blob": {"S": blob}}, "ReturnConsumedCapacity": "TOTAL"}),
    );
    assert_eq!(put["ConsumedCapacity"]["CapacityUnits"], 400.0);
    let got =
        ok(addr, "GetItem", json!({"TableName": "tbl", "Key": {"pk": {"S": "a"}}, "ReturnConsumedCapacity": "TOTAL"}));
    assert_eq!(got["Item"]["blob"]["S"].as_str().map(str::len), Some(blob.len()));
    assert_eq!(got["ConsumedCapacity"]["CapacityUnits"], 50.0);
    server.shutdown().expect("stops");
}

#[test]
fn other_methods_paths_and_content_types() {
    let server = start();
    let addr = server.local_addr();
    let raw = |request: &str| {
        let mut stream = connect(addr);
        stream.write_all(request.as_bytes()).expect("sent");
        read_reply(&mut stream)
    };
    let info = raw("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert_eq!(info.status, 200);
    assert!(info.text().starts_with("ddb-local "), "{}", info.text());
    assert!(info.text().contains("Tables: 0"), "{}", info.text());
    let put = raw("PUT / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n");
    assert_eq!(put.status, 405);
    assert_eq!(put.header("allow"), Some("GET, HEAD, POST"));
    let form = raw("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                    X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 2\r\n\r\n{}");
    // DynamoDB's answer exactly: 404, a bare XML body, no content type
    // (dynalite's captures); our reason travels in a header of its own.
    assert_eq!(form.status, 404);
    assert_eq!(form.text(), "<UnknownOperationException/>\n");
    assert_eq!(form.header("content-type"), None);
    assert_eq!(form.header("x-amz-crc32"), Some("3552371480"));
    assert_eq!(
        form.header("x-ddb-local-reason"),
        Some("Unsupported Content-Type 'application/x-www-form-urlencoded': send application/x-amz-json-1.0")
    );
    // Any path, JSON 1.1 or plain JSON, no Authorization at all: all fine.
    for content_type in ["application/x-amz-json-1.1", "application/json"] {
        let reply = raw(&format!(
            "POST /some/path HTTP/1.1\r\nHost: localhost\r\nContent-Type: {content_type}\r\n\
             X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 2\r\n\r\n{{}}"
        ));
        assert_eq!((reply.status, reply.json()), (200, json!({"TableNames": []})), "{content_type}");
    }
    // Garbage instead of HTTP gets an error (or a closed socket), and the
    // server carries on.
    let mut stream = connect(addr);
    stream.write_all(b"\x00\x01\x02 this is not HTTP\r\n\r\n").expect("sent");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    assert!(answer.is_empty() || answer.starts_with(b"HTTP/1.1 400"), "{:?}", String::from_utf8_lossy(&answer));
    assert_eq!(call(addr, "ListTables", json!({})).0, 200);
    server.shutdown().expect("stops");
}

#[test]
fn the_data_file_survives_a_restart() {
    let dir = std::env::temp_dir().join(format!("ddb-server-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("data.json");
    let config = ServerConfig {
        data_file: Some(file.clone()),
        save_interval: Duration::from_millis(50),
        ..ServerConfig::default()
    };

    let server = start_with(config.clone(), Engine::new());
    let addr = server.local_addr();
    create_table(addr, "tbl");
    ok(addr, "PutItem", json!({"TableName": "tbl", "Item": {"pk": {"S": "kept"}, "n": {"N": "1.50"}}}));
    // The saver writes within its interval, before any shutdown (what a
    // kill -9 would leave behind).
    let deadline = Instant::now() + Duration::from_secs(10);
    let saved = loop {
        if let Ok(Some(engine)) = persist::load(&file) {
            if engine.table("tbl").is_some_and(|t| t.item_count() == 1) {
                break true;
            }
        }
        if Instant::now() > deadline {
            break false;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(saved, "the periodic save did not happen");
    ok(addr, "DeleteItem", json!({"TableName": "tbl", "Key": {"pk": {"S": "kept"}}}));
    ok(addr, "PutItem", json!({"TableName": "tbl", "Item": {"pk": {"S": "last"}}}));
    assert!(server.shutdown().expect("stops and saves"));

    let engine = persist::load(&file).expect("readable").expect("exists");
    let server = start_with(config, engine);
    let addr = server.local_addr();
    let got = ok(addr, "GetItem", json!({"TableName": "tbl", "Key": {"pk": {"S": "last"}}}));
    assert_eq!(got["Item"], json!({"pk": {"S": "last"}}));
    let gone = ok(addr, "GetItem", json!({"TableName": "tbl", "Key": {"pk": {"S": "kept"}}}));
    assert_eq!(gone, json!({}));
    server.shutdown().expect("stops");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_scenario_file_keeps_its_saved_operations_access_patterns_view_and_model_when_rewritten() {
    use ddb_playground::scenario::Scenario;
    let dir = std::env::temp_dir().join(format!("ddb-server-scenario-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("data.json");
    // What the browser exports: a table, a saved operation, a view and the
    // NoSQL Workbench model the scenario came from.
    let mut scenario = Scenario::of_engine(Engine::new());
    let create = json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]});
    scenario.engine.execute("CreateTable", &create).expect("created");
    let saved = json!([{"name": "Get one", "operation": "GetItem",
        "request": {"TableName": "tbl", "Key": {"pk": {"S": "a"}}}}]);
    let mut document = scenario.to_json();
    document["operations"] = saved.clone();
    document["view"] = json!({"table": "tbl", "tab": "items"});
    document["workbench"] = json!({"ModelName": "m", "DataModel": []});
    let patterns = json!([{"Name": "Get one", "Operation": "GetItem",
        "Request": {"TableName": "tbl", "Key": {"pk": {"S": "a"}}}, "RequestsPerSecond": 20.0,
        "PartitionKeyValues": {"Distribution": "Uniform", "Count": 4}}]);
    document["accessPatterns"] = patterns.clone();
    std::fs::write(&file, document.to_string()).expect("written");

    let loaded = persist::load_scenario(&file).expect("readable").expect("exists");
    let config = ServerConfig {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        data_file: Some(file.clone()),
        ..ServerConfig::default()
    };
    let server = server::start_scenario(config, loaded).expect("server starts");
    ok(server.local_addr(), "PutItem", json!({"TableName": "tbl", "Item": {"pk": {"S": "a"}}}));
    assert!(server.shutdown().expect("stops and saves"));

    let written: Value = serde_json::from_slice(&std::fs::read(&file).expect("read")).expect("JSON");
    assert_eq!(written["operations"], saved);
    assert_eq!(written["view"], json!({"table": "tbl", "tab": "items"}));
    assert_eq!(written["workbench"], json!({"ModelName": "m", "DataModel": []}));
    assert_eq!(written["accessPatterns"], patterns);
    let reloaded = persist::load(&file).expect("readable").expect("exists");
    assert!(reloaded.table("tbl").is_some_and(|t| t.item_count() == 1), "the write is saved too");
    let _ = std::fs::remove_dir_all(&dir);
}

// --- The playground operations (X-Amz-Target: Playground_20261121.<Operation>) ---

fn start_manual() -> RunningServer {
    start_with(ServerConfig { clock: ClockMode::Manual, ..ServerConfig::default() }, Engine::new())
}

/// Runs playground `operation` and returns (status, JSON body).
fn playground(addr: SocketAddr, operation: &str, request: Value) -> (u16, Value) {
    let reply = post(addr, Some(&format!("Playground_20261121.{operation}")), request.to_string().as_bytes());
    assert_eq!(reply.header("content-type"), Some("application/x-amz-json-1.0"));
    (reply.status, reply.json())
}

fn playground_ok(addr: SocketAddr, operation: &str, request: Value) -> Value {
    let (status, body) = playground(addr, operation, request);
    assert_eq!(status, 200, "{operation}: {body}");
    body
}

/// Asserts a 400 with exception `name` whose message contains `needle`.
fn playground_error(addr: SocketAddr, operation: &str, request: Value, name: &str, needle: &str) {
    let (status, body) = playground(addr, operation, request.clone());
    assert_eq!(status, 400, "{operation} {request}: {body}");
    assert!(body["__type"].as_str().is_some_and(|t| t.ends_with(&format!("#{name}"))), "{request}: {body}");
    assert!(body["message"].as_str().is_some_and(|m| m.contains(needle)), "{request}: {body}");
}

/// A provisioned table with a string partition key `pk`.
fn create_provisioned(addr: SocketAddr, name: &str, rcu: u64, wcu: u64) {
    ok(
        addr,
        "CreateTable",
        json!({"TableName": name, "BillingMode": "PROVISIONED",
               "ProvisionedThroughput": {"ReadCapacityUnits": rcu, "WriteCapacityUnits": wcu},
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
               "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}),
    );
}

fn put(addr: SocketAddr, table: &str, key: &str) -> (u16, Value) {
    call(addr, "PutItem", json!({"TableName": table, "Item": {"pk": {"S": key}}}))
}

fn round2(x: &Value) -> f64 {
    (x.as_f64().expect("a number") * 100.0).round() / 100.0
}

#[test]
fn plan_partitions_and_plan_shards_give_the_seed_figures() {
    let server = start();
    let addr = server.local_addr();
    // The seed: 8 GB (8 × 1024³ bytes, as tests/partitions.rs), 5,000 RCU, 500 WCU.
    let plan = playground_ok(
        addr,
        "PlanPartitions",
        json!({"ReadCapacityUnits": 5000, "WriteCapacityUnits": 500, "SizeBytes": 8u64 * 1024 * 1024 * 1024}),
    );
    assert_eq!(plan["Partitions"], 3, "{plan}");
    assert_eq!(round2(&plan["PartitionsByCapacity"]), 2.17);
    assert_eq!(round2(&plan["PartitionsBySize"]), 0.8);
    assert_eq!(round2(&plan["ReadCapacityUnitsPerPartition"]), 1666.67);
    assert_eq!(round2(&plan["WriteCapacityUnitsPerPartition"]), 166.67);
    assert_eq!(plan["SizeLimitBytes"], 10u64 * 1024 * 1024 * 1024);
    // DG17: 5,000 RCU and 2,000 WCU → 4 partitions; a teaching-scale limit splits by size.
    let plan = playground_ok(addr, "PlanPartitions", json!({"ReadCapacityUnits": 5000, "WriteCapacityUnits": 2000}));
    assert_eq!(plan["Partitions"], 4, "{plan}");
    let plan = playground_ok(
        addr,
        "PlanPartitions",
        json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1, "SizeBytes": 10_000, "SizeLimitBytes": 4096}),
    );
    assert_eq!(plan["Partitions"], 3, "{plan}");
    // Seed 002: 3,000,000 orders, 20 % OPEN, 250 B → 13 shards.
    let shards = playground_ok(addr, "PlanShards", json!({"Items": 3_000_000, "Fraction": 0.2, "ItemSizeBytes": 250}));
    assert_eq!(shards, json!({"Shards": 13, "MatchingItems": 600_000.0, "ItemsPerPartitionPerSecond": 48_000.0}));

    for (operation, request, needle) in [
        ("PlanPartitions", json!({"WriteCapacityUnits": 1}), "'ReadCapacityUnits' is required"),
        ("PlanPartitions", json!({"ReadCapacityUnits": "5", "WriteCapacityUnits": 1}), "ReadCapacityUnits"),
        ("PlanPartitions", json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": -1}), "WriteCapacityUnits"),
        ("PlanPartitions", json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1, "SizeLimitBytes": 0}), "SizeLimit"),
        ("PlanPartitions", json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1, "Rcu": 1}), "unknown member 'Rcu'"),
        ("PlanShards", json!({"Items": 10, "Fraction": 1.5, "ItemSizeBytes": 100}), "Fraction"),
        ("PlanShards", json!({"Items": 10, "Fraction": 0.5, "ItemSizeBytes": 0}), "ItemSizeBytes"),
        ("PlanShards", json!({"Items": -3, "Fraction": 0.5, "ItemSizeBytes": 10}), "Items"),
        ("PlanShards", json!("Items"), "must be a JSON object"),
    ] {
        playground_error(addr, operation, request, "ValidationException", needle);
    }
    server.shutdown().expect("stops");
}

#[test]
fn unknown_playground_operations_and_bad_bodies() {
    let server = start();
    let addr = server.local_addr();
    playground_error(addr, "Frobnicate", json!({}), "UnknownOperationException", "AdvanceClock, DescribePartitions");
    for target in [Some("Playground_20261121."), Some("Playground_20200101.PlanShards")] {
        let body = post(addr, target, b"{}").json();
        assert_eq!(body["__type"], "com.amazon.coral.service#UnknownOperationException", "{target:?}");
        assert!(body["message"].as_str().is_some_and(|m| m.contains("Playground_20261121.<Operation>")), "{body}");
    }
    let reply = post(addr, Some("Playground_20261121.PlanShards"), b"{\"Items\": ");
    assert_eq!(reply.status, 400);
    assert_eq!(reply.json()["__type"], "com.amazon.coral.service#SerializationException");
    // The info page lists the playground operations and the clock.
    let mut stream = connect(addr);
    stream.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n").expect("sent");
    let text = read_reply(&mut stream).text();
    assert!(text.contains("Playground_20261121.") && text.contains("RunWorkload"), "{text}");
    assert!(text.contains("Clock: wall"), "{text}");
    server.shutdown().expect("stops");
}

#[test]
fn the_wall_clock_refuses_advance_clock() {
    let server = start();
    let addr = server.local_addr();
    playground_error(addr, "AdvanceClock", json!({"Seconds": 5}), "ValidationException", "--clock manual");
    server.shutdown().expect("stops");
}

#[test]
fn a_manual_clock_throttles_a_burst_until_advance_clock_refills_the_bucket() {
    let server = start_manual();
    let addr = server.local_addr();
    create_provisioned(addr, "burst", 1, 1);
    let start = playground_ok(addr, "AdvanceClock", json!({"Seconds": 0}))["NowMillis"].as_u64().expect("ms");

    let partitions = playground_ok(addr, "DescribePartitions", json!({"TableName": "burst"}));
    assert_eq!(partitions["PartitionCount"], 1, "{partitions}");
    let p = &partitions["Partitions"][0];
    assert_eq!(
        (&p["HashRangeStart"], &p["HashRangeEnd"]),
        (&json!("0000000000000000"), &json!("ffffffffffffffff")),
        "{p}"
    );
    // A bucket starts full: 300 s of its share.
    assert_eq!((p["ReadCapacityUnits"].as_f64(), p["WriteCapacityUnits"].as_f64()), (Some(1.0), Some(1.0)));
    assert_eq!((p["ReadBurstTokens"].as_f64(), p["WriteBurstTokens"].as_f64()), (Some(300.0), Some(300.0)));

    // 1 WCU: 300 one-unit writes spend the burst; time stands still, so the
    // 301st is throttled however long the writes took in real time.
    for i in 0..300 {
        let (status, body) = put(addr, "burst", &format!("k{i}"));
        assert_eq!(status, 200, "write {i}: {body}");
    }
    let (status, body) = put(addr, "burst", "over");
    assert_eq!(status, 400);
    assert_eq!(body["__type"], "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", "{body}");
    let p = playground_ok(addr, "DescribePartitions", json!({"TableName": "burst"}))["Partitions"][0].clone();
    assert_eq!((p["ItemCount"].as_u64(), p["WriteBurstTokens"].as_f64()), (Some(300), Some(0.0)), "{p}");
    assert!(p["SizeBytes"].as_u64().is_some_and(|b| b > 0), "{p}");

    // One second refills one unit: one write passes, the next is throttled.
    let moved = playground_ok(addr, "AdvanceClock", json!({"Seconds": 1}));
    assert_eq!(moved["NowMillis"].as_u64(), Some(start + 1_000), "{moved}");
    assert_eq!(put(addr, "burst", "after-1s").0, 200);
    assert_eq!(put(addr, "burst", "again").0, 400);
    // Ten seconds: ten writes.
    playground_ok(addr, "AdvanceClock", json!({"Seconds": 10}));
    for i in 0..10 {
        assert_eq!(put(addr, "burst", &format!("r{i}")).0, 200, "write {i} after 10 s");
    }
    assert_eq!(put(addr, "burst", "eleventh").0, 400);
    // The metrics saw the throttles.
    let metrics = playground_ok(addr, "GetMetrics", json!({"TableName": "burst", "TopN": 3}));
    let throttled: u64 = metrics["PartitionSamples"]
        .as_array()
        .expect("list")
        .iter()
        .map(|s| s["ThrottledWrites"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(throttled, 2, "{metrics}");

    for (request, needle) in [
        (json!({"Seconds": -1}), "Seconds"),
        (json!({"Seconds": "1"}), "Seconds"),
        (json!({}), "'Seconds' is required"),
        (json!({"Seconds": 1, "Minutes": 1}), "unknown member 'Minutes'"),
    ] {
        playground_error(addr, "AdvanceClock", request, "ValidationException", needle);
    }
    server.shutdown().expect("stops");
}

#[test]
fn run_workload_reports_throttles_and_get_metrics_replays_them() {
    let server = start_manual();
    let addr = server.local_addr();
    create_provisioned(addr, "votes", 10, 10);
    // One key at 1,500 writes/s: the partition serves 1,000 a second (the hard
    // limit, burst or not) and refuses 500.
    let workload = json!({"TableName": "votes", "Seconds": 2, "Seed": 7, "TopN": 1, "Streams": [
        {"Operation": "WRITE", "Rate": 1500, "KeyDistribution": "HOT_KEY", "KeyPrefix": "hot", "ItemSizeBytes": 100}]});
    let report = playground_ok(addr, "RunWorkload", workload.clone());
    assert_eq!(report["Recorded"], true);
    assert_eq!(
        (&report["Requests"], &report["Throttled"], &report["ThrottledByPartitionLimit"]),
        (&json!(3000), &json!(1000), &json!(1000)),
        "{report}"
    );
    assert_eq!(report["ConsumedWriteCapacityUnits"].as_f64(), Some(2000.0));
    assert_eq!(report["PerSecond"].as_array().map(Vec::len), Some(2));
    assert_eq!(report["PerSecond"][1]["Throttled"], 500);
    assert_eq!(report["TopKeys"], json!([{"Key": "hot", "Accesses": 3000, "Throttles": 1000}]));
    let samples = report["PartitionSamples"].as_array().expect("samples");
    assert_eq!(samples.len(), 2, "{report}");
    assert_eq!(samples[0]["ThrottledWrites"], 500);
    // The bucket: 3,000 tokens, 1,000 spent in the first second.
    assert_eq!(samples[0]["WriteBurstTokens"].as_f64(), Some(2000.0));

    // The clock moved by the workload; GetMetrics shows the same window.
    let start = report["StartTime"].as_u64().expect("start");
    let now = playground_ok(addr, "AdvanceClock", json!({"Seconds": 0}))["Now"].as_f64().expect("now");
    assert_eq!(now, (start + 2) as f64);
    let metrics = playground_ok(addr, "GetMetrics", json!({"TableName": "votes", "From": start, "To": start + 2}));
    assert_eq!(metrics["PartitionSamples"], report["PartitionSamples"]);
    assert_eq!(metrics["TopKeys"][0], json!({"Key": "hot", "Accesses": 3000, "Throttles": 1000}));
    // Top keys follow the window: the second second alone, then a window after the run.
    let second = playground_ok(addr, "GetMetrics", json!({"TableName": "votes", "From": start + 1, "To": start + 2}));
    assert_eq!(second["TopKeys"], json!([{"Key": "hot", "Accesses": 1500, "Throttles": 500}]));
    let after = playground_ok(addr, "GetMetrics", json!({"TableName": "votes", "From": start + 2}));
    assert_eq!(after["TopKeys"], json!([]));
    assert_eq!(
        playground_ok(addr, "GetMetrics", json!({"TableName": "votes", "From": 0, "To": start}))["PartitionSamples"],
        json!([])
    );

    // On a 10,000 WCU table (11 partitions: 10 RCU/3000 + 10,000 WCU/1000 = 10.003) the hot key still
    // throttles at the hard limit; the same traffic over 10 write shards does not.
    create_provisioned(addr, "big", 10, 10_000);
    let hot = json!({"TableName": "big", "Seconds": 3, "Seed": 1, "Streams": [
        {"Operation": "WRITE", "Rate": 1500, "KeyDistribution": "HOT_KEY", "KeyPrefix": "hot"}]});
    let report = playground_ok(addr, "RunWorkload", hot);
    assert_eq!((&report["Requests"], &report["Throttled"]), (&json!(4500), &json!(1500)), "{}", report["Throttled"]);
    let sharded = json!({"TableName": "big", "Seconds": 3, "Seed": 1, "Streams": [
        {"Operation": "WRITE", "Rate": 1500, "KeyDistribution": "SHARDS", "ShardCount": 10, "KeyPrefix": "hot"}]});
    let report = playground_ok(addr, "RunWorkload", sharded);
    assert_eq!((&report["Requests"], &report["Throttled"]), (&json!(4500), &json!(0)), "{}", report["Throttled"]);
    assert_eq!(playground_ok(addr, "DescribePartitions", json!({"TableName": "big"}))["PartitionCount"], 11);
    let reads = json!({"TableName": "votes", "Seconds": 1, "Streams": [
        {"Operation": "READ", "ConsistentRead": true, "Rates": [{"FromSecond": 0, "PerSecond": 20}],
         "KeyDistribution": "ZIPF", "KeyCount": 50, "ZipfExponent": 1.2, "ItemSizeBytes": 4096}]});
    let report = playground_ok(addr, "RunWorkload", reads);
    assert_eq!((&report["Requests"], &report["Throttled"]), (&json!(20), &json!(0)), "{report}");
    assert_eq!(report["ConsumedReadCapacityUnits"].as_f64(), Some(20.0));

    let stream = |extra: Value| {
        let mut s = json!({"Operation": "WRITE", "Rate": 1, "KeyDistribution": "HOT_KEY"});
        if let (Some(s), Some(extra)) = (s.as_object_mut(), extra.as_object()) {
            s.extend(extra.clone());
        }
        json!({"TableName": "votes", "Seconds": 1, "Streams": [s]})
    };
    for (request, needle) in [
        (json!({"TableName": "votes", "Seconds": 1}), "'Streams' is required"),
        (json!({"TableName": "votes", "Seconds": 1, "Streams": []}), "1 to 16 streams"),
        (json!({"TableName": "votes", "Seconds": 0, "Streams": []}), "Seconds"),
        (json!({"TableName": "votes", "Seconds": 3601, "Streams": []}), "Seconds"),
        (json!({"Seconds": 1, "Streams": []}), "'TableName' is required"),
        (stream(json!({"Operation": "SCAN"})), "READ or WRITE"),
        (stream(json!({"Rate": -1})), "Rate"),
        (stream(json!({"Rates": []})), "either 'Rate' or 'Rates'"),
        (stream(json!({"KeyDistribution": "NORMAL"})), "UNIFORM, ZIPF, HOT_KEY or SHARDS"),
        (stream(json!({"KeyDistribution": "UNIFORM"})), "'KeyCount' is required"),
        (stream(json!({"KeyDistribution": "UNIFORM", "KeyCount": 2_000_000})), "KeyCount"),
        (stream(json!({"ShardCount": 3})), "'ShardCount' does not apply"),
        (stream(json!({"ConsistentRead": true})), "READ streams only"),
        (stream(json!({"ItemSizeBytes": 500_000})), "ItemSizeBytes"),
        (stream(json!({"Colour": "red"})), "unknown member 'Colour'"),
        (stream(json!({"Rate": 5_000})).tap_seconds(3_000), "at most 10000000"),
    ] {
        playground_error(addr, "RunWorkload", request, "ValidationException", needle);
    }
    playground_error(
        addr,
        "RunWorkload",
        json!({"TableName": "nope", "Seconds": 1, "Streams": [
        {"Operation": "WRITE", "Rate": 1, "KeyDistribution": "HOT_KEY"}]}),
        "ResourceNotFoundException",
        "not found",
    );
    for operation in ["DescribePartitions", "GetMetrics"] {
        playground_error(addr, operation, json!({"TableName": "nope"}), "ResourceNotFoundException", "not found");
        playground_error(
            addr,
            operation,
            json!({"TableName": "votes", "IndexName": "nope"}),
            "ResourceNotFoundException",
            "not found",
        );
    }
    playground_error(
        addr,
        "GetMetrics",
        json!({"TableName": "votes", "From": 9, "To": 3}),
        "ValidationException",
        "'From' (9)",
    );
    playground_error(addr, "GetMetrics", json!({"TableName": "votes", "TopN": 5000}), "ValidationException", "TopN");
    server.shutdown().expect("stops");
}

/// Sets a workload request's `Seconds`.
trait TapSeconds {
    fn tap_seconds(self, seconds: u64) -> Self;
}

impl TapSeconds for Value {
    fn tap_seconds(mut self, seconds: u64) -> Self {
        self["Seconds"] = json!(seconds);
        self
    }
}

#[test]
fn with_the_wall_clock_a_workload_runs_on_a_copy() {
    let server = start();
    let addr = server.local_addr();
    create_provisioned(addr, "wall", 5, 5);
    let before = server.endpoint().with_engine(|e| e.clock().now_millis());
    let report = playground_ok(
        addr,
        "RunWorkload",
        json!({"TableName": "wall", "Seconds": 600, "Streams": [
        {"Operation": "WRITE", "Rate": 10, "KeyDistribution": "UNIFORM", "KeyCount": 100}]}),
    );
    assert_eq!((&report["Recorded"], &report["Requests"]), (&json!(false), &json!(6000)), "{}", report["Requests"]);
    // 5 WCU at 10/s: the bucket (1,500 tokens, refilled 5/s) runs dry in
    // second 299; from then on half of each second's writes are throttled.
    assert_eq!(report["Throttled"], 1505);
    let first = report["PerSecond"].as_array().expect("seconds").iter().position(|s| s["Throttled"] != 0);
    assert_eq!(first, Some(299));
    // The live table and clock are untouched: no samples, full buckets, time not ten minutes ahead.
    let metrics = playground_ok(addr, "GetMetrics", json!({"TableName": "wall"}));
    assert_eq!((&metrics["PartitionSamples"], &metrics["TopKeys"]), (&json!([]), &json!([])));
    let p = playground_ok(addr, "DescribePartitions", json!({"TableName": "wall"}))["Partitions"][0].clone();
    assert_eq!(p["WriteBurstTokens"].as_f64(), Some(1500.0));
    let after = server.endpoint().with_engine(|e| e.clock().now_millis());
    assert!(after - before < 60_000, "the clock ran ahead: {before} → {after}");
    server.shutdown().expect("stops");
}

/// The Streams API answers under its own target prefix: a table with a
/// stream, a write, and the record read back through an iterator.
#[test]
fn the_streams_api_is_served_under_its_own_prefix() {
    let server = start();
    let addr = server.local_addr();
    // Provisioned at 5/5: one partition, so the stream has one shard.
    let create = json!({"TableName": "tbl", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
        "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"}});
    ok(addr, "CreateTable", create);
    ok(addr, "PutItem", json!({"TableName": "tbl", "Item": {"pk": {"S": "a"}, "v": {"N": "1"}}}));
    let streams = |operation: &str, body: Value| {
        let reply = post(addr, Some(&format!("DynamoDBStreams_20120810.{operation}")), body.to_string().as_bytes());
        assert_eq!(reply.status, 200, "{operation}: {}", reply.text());
        serde_json::from_str::<Value>(&reply.text()).expect("JSON")
    };
    let listed = streams("ListStreams", json!({"TableName": "tbl"}));
    let arn = listed["Streams"][0]["StreamArn"].clone();
    let described = streams("DescribeStream", json!({"StreamArn": arn}));
    let shard = described["StreamDescription"]["Shards"][0]["ShardId"].clone();
    let iterator =
        streams("GetShardIterator", json!({"StreamArn": arn, "ShardId": shard, "ShardIteratorType": "TRIM_HORIZON"}))
            ["ShardIterator"]
            .clone();
    let records = streams("GetRecords", json!({"ShardIterator": iterator}));
    assert_eq!(records["Records"][0]["eventName"], "INSERT");
    assert_eq!(records["Records"][0]["dynamodb"]["NewImage"]["v"], json!({"N": "1"}));
    server.shutdown().expect("stops");
}

// --- Hardening: timeouts, connection limits, bursts (issue #10) ---

fn start_limited(header_timeout_ms: u64, body_timeout_ms: u64, max_connections: usize) -> RunningServer {
    let config = ServerConfig {
        header_read_timeout: Duration::from_millis(header_timeout_ms),
        body_read_timeout: Duration::from_millis(body_timeout_ms),
        max_connections,
        ..ServerConfig::default()
    };
    start_with(config, Engine::new())
}

/// Reads until the server closes the connection (or `limit` passes);
/// returns what arrived and how long it took.
fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> (Vec<u8>, Duration) {
    let started = Instant::now();
    stream.set_read_timeout(Some(limit)).expect("timeout");
    let mut got = Vec::new();
    let mut buffer = [0u8; 1024];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return (got, started.elapsed()),
            Ok(n) => got.extend_from_slice(&buffer[..n]),
            // Reset by the server counts as closed too.
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return (got, started.elapsed()),
            Err(e) => panic!("the server kept the connection open for {:?} ({e})", started.elapsed()),
        }
    }
}

#[test]
fn the_endpoint_listens_on_loopback_unless_told_otherwise() {
    assert!(ServerConfig::default().addr.ip().is_loopback());
    assert_eq!(ServerConfig::default().addr.ip().to_string(), "127.0.0.1");
}

#[test]
fn silent_and_slow_clients_are_disconnected() {
    // Head within 300 ms, body within 300 ms.
    let server = start_limited(300, 300, 16);
    let addr = server.local_addr();
    // Connected and silent.
    let mut silent = connect(addr);
    let (_, waited) = read_until_closed(&mut silent, Duration::from_secs(10));
    assert!(waited >= Duration::from_millis(250), "closed after {waited:?}");
    // Half a request head, then nothing (slowloris).
    let mut slow_head = connect(addr);
    slow_head
        .write_all(b"POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n")
        .expect("sent");
    read_until_closed(&mut slow_head, Duration::from_secs(10));
    // A whole head that promises 100 bytes of body and sends 10.
    let mut slow_body = connect(addr);
    let head = "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n\
                X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 100\r\n\r\n{\"Limit\": ";
    slow_body.write_all(head.as_bytes()).expect("sent");
    let reply = read_reply(&mut slow_body);
    assert_eq!(reply.status, 408);
    assert_eq!(reply.json()["__type"], "com.amazon.coral.service#RequestTimeoutException");
    assert_eq!(reply.header("connection"), Some("close"));
    // A keep-alive connection left idle after a request is closed too.
    let mut idle = connect(addr);
    idle.write_all(&request_bytes(Some("DynamoDB_20120810.ListTables"), b"{}", "")).expect("sent");
    assert_eq!(read_reply(&mut idle).status, 200);
    let (rest, waited) = read_until_closed(&mut idle, Duration::from_secs(10));
    assert!(waited >= Duration::from_millis(250), "closed after {waited:?}");
    assert!(rest.is_empty() || rest.starts_with(b"HTTP/1.1 408"), "{:?}", String::from_utf8_lossy(&rest));
    // And the server is still there for everyone else.
    assert_eq!(call(addr, "ListTables", json!({})).0, 200);
    server.shutdown().expect("stops");
}

#[test]
fn connections_past_the_limit_wait_their_turn() {
    let server = start_limited(30_000, 30_000, 2);
    let addr = server.local_addr();
    // Two keep-alive clients hold both slots.
    let mut first = connect(addr);
    let mut second = connect(addr);
    for stream in [&mut first, &mut second] {
        stream.write_all(&request_bytes(Some("DynamoDB_20120810.ListTables"), b"{}", "")).expect("sent");
        assert_eq!(read_reply(stream).status, 200);
    }
    // A third is not served while they stay...
    let mut third = connect(addr);
    third.write_all(&request_bytes(Some("DynamoDB_20120810.ListTables"), b"{}", "")).expect("sent");
    third.set_read_timeout(Some(Duration::from_millis(500))).expect("timeout");
    let mut byte = [0u8; 1];
    let early = third.read(&mut byte);
    assert!(early.is_err(), "served past the limit: {early:?}");
    // ...and is served as soon as one leaves.
    drop(first);
    third.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    assert_eq!(read_reply(&mut third).status, 200);
    server.shutdown().expect("stops");
}

/// 64 clients at once, each with its own keep-alive connection, write 10
/// items each (and read some back) while a data file is kept: every request
/// is answered, every acknowledged write is in the table, and after a
/// shutdown every one of them is in the file.
#[test]
fn a_burst_of_64_clients_is_answered_and_loses_no_acknowledged_write() {
    const CLIENTS: usize = 64;
    const WRITES: usize = 10;
    let dir = std::env::temp_dir().join(format!("ddb-burst-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("data.json");
    let config = ServerConfig {
        data_file: Some(file.clone()),
        save_interval: Duration::from_millis(20),
        ..ServerConfig::default()
    };
    let server = start_with(config, Engine::new());
    let addr = server.local_addr();
    create_table(addr, "burst");
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(CLIENTS));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                let mut stream = connect(addr);
                barrier.wait();
                let mut acknowledged = Vec::new();
                for i in 0..WRITES {
                    let key = format!("c{c:02}-{i}");
                    let body = json!({"TableName": "burst", "Item": {"pk": {"S": key}}});
                    let request = request_bytes(Some("DynamoDB_20120810.PutItem"), body.to_string().as_bytes(), "");
                    stream.write_all(&request).expect("sent");
                    let reply = read_reply(&mut stream);
                    assert_eq!(reply.status, 200, "{}", reply.text());
                    acknowledged.push(key);
                    // A malformed request in the middle changes nothing for the others.
                    if i == WRITES / 2 {
                        stream
                            .write_all(&request_bytes(Some("DynamoDB_20120810.PutItem"), b"{\"TableName\":", ""))
                            .expect("sent");
                        let reply = read_reply(&mut stream);
                        assert_eq!(
                            (reply.status, reply.json()["__type"].clone()),
                            (400, json!("com.amazon.coral.service#SerializationException"))
                        );
                    }
                }
                acknowledged
            })
        })
        .collect();
    let mut acknowledged = BTreeSet::new();
    for client in clients {
        acknowledged.extend(client.join().expect("client finished"));
    }
    assert_eq!(acknowledged.len(), CLIENTS * WRITES);
    let count = ok(addr, "DescribeTable", json!({"TableName": "burst"}))["Table"]["ItemCount"].clone();
    assert_eq!(count, json!(CLIENTS * WRITES));
    assert!(server.shutdown().expect("stops and saves"));
    let engine = persist::load(&file).expect("readable").expect("exists");
    let table = engine.table("burst").expect("table saved");
    let saved: BTreeSet<String> = table
        .collections()
        .flat_map(|c| c.items.into_iter())
        .filter_map(|item| match item.get("pk") {
            Some(ddb_playground::engine::AttributeValue::S(s)) => Some(s.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(saved, acknowledged);
    let _ = std::fs::remove_dir_all(&dir);
}

/// 300 damaged requests (bytes flipped, cut, repeated, headers garbled),
/// each on its own connection: whatever each gets back (an error status,
/// or a closed connection), it is never a server error, the server keeps
/// serving, and every write it acknowledged is what it kept. Each request
/// asks for `ALL_NEW`, so a 200 names the item it wrote and its new image
/// (damage may change the key or the amount): the last acknowledged image
/// of each item must be what a Scan finds, and no item may exist that no
/// acknowledged write made. (When damage renames `ReturnValues`, the
/// written item is read back right after its answer instead.)
#[test]
fn damaged_requests_never_take_the_server_down() {
    let server = start_limited(2_000, 2_000, 64);
    let addr = server.local_addr();
    create_table(addr, "tbl");
    ok(addr, "PutItem", json!({"TableName": "tbl", "Item": {"pk": {"S": "kept"}}}));
    let valid = request_bytes(
        Some("DynamoDB_20120810.UpdateItem"),
        br#"{"TableName": "tbl", "Key": {"pk": {"S": "kept"}}, "UpdateExpression": "ADD n :one", "ExpressionAttributeValues": {":one": {"N": "1"}}, "ReturnValues": "ALL_NEW"}"#,
        "",
    );
    // The engine's generator, seeded: the same damage every run.
    let mut rng = ddb_playground::engine::sim::Rng::new(0x5EED);
    let mut next = move || rng.next_u64() as usize;
    let mut answered = 0;
    let mut read_back = 0;
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    // The last image acknowledged for each key, in the order sent (one
    // client, one request at a time).
    let mut acknowledged = std::collections::BTreeMap::<String, Value>::new();
    acknowledged.insert(json!({"pk": {"S": "kept"}}).to_string(), json!({"pk": {"S": "kept"}}));
    for _ in 0..300 {
        let mut bytes = valid.clone();
        for _ in 0..1 + next() % 4 {
            let at = next() % bytes.len();
            match next() % 4 {
                0 => bytes[at] ^= 1 << (next() % 8),
                1 => bytes.truncate(at.max(1)),
                2 => bytes.insert(at, b"\r\n:{}\"\0 "[next() % 8]),
                _ => {
                    let end = (at + 1 + next() % 64).min(bytes.len());
                    let piece = bytes[at..end].to_vec();
                    bytes.splice(at..at, piece);
                }
            }
        }
        let mut stream = connect(addr);
        stream.set_read_timeout(Some(Duration::from_secs(5))).expect("timeout");
        let _ = stream.write_all(&bytes);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        // Damage can make one connection carry two requests (a repeated
        // piece); each response is read by its Content-Length.
        let mut rest = answer.as_slice();
        let mut first = true;
        while let Some(response) = rest.strip_prefix(b"HTTP/1.1 ") {
            if first {
                answered += 1;
                first = false;
            }
            let status: u16 =
                String::from_utf8_lossy(response.get(..3).unwrap_or_default()).parse().expect("a status code");
            *statuses.entry(status).or_default() += 1;
            assert!(
                status < 500,
                "a server error for {:?}: {:?}",
                String::from_utf8_lossy(&bytes),
                String::from_utf8_lossy(&answer)
            );
            let head_end = response.windows(4).position(|w| w == b"\r\n\r\n").expect("a head") + 4;
            let head = String::from_utf8_lossy(response.get(..head_end).unwrap_or_default()).to_ascii_lowercase();
            let length: usize = head
                .split("\r\n")
                .find_map(|line| line.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse().ok())
                .expect("content-length");
            let body = response.get(head_end..head_end + length).expect("the whole body");
            if status == 200 {
                let body: Value = serde_json::from_slice(body).expect("a JSON body");
                let mut image = body["Attributes"].clone();
                if image.is_null() {
                    // Damage renamed `ReturnValues` (an unknown parameter is
                    // ignored): the request's own key, read back at once.
                    let request_at = bytes.windows(4).position(|w| w == b"\r\n\r\n").expect("a head") + 4;
                    let request: Value = serde_json::from_slice(bytes.get(request_at..).unwrap_or_default())
                        .expect("what was accepted is JSON");
                    image =
                        ok(addr, "GetItem", json!({"TableName": "tbl", "Key": request["Key"], "ConsistentRead": true}))
                            ["Item"]
                            .clone();
                    read_back += 1;
                }
                assert!(
                    image["pk"].is_object(),
                    "an acknowledged write without its item: {body} for {:?}",
                    String::from_utf8_lossy(&bytes)
                );
                acknowledged.insert(json!({"pk": image["pk"]}).to_string(), image);
            }
            rest = response.get(head_end + length..).unwrap_or_default();
        }
    }
    // Most damaged requests still get an HTTP answer (an error, or 200 when
    // the damage missed everything that matters).
    assert!(answered > 100, "{answered} of 300 answered");
    assert!(statuses.get(&200).is_some_and(|&n| n > 10), "too few writes got through to test anything: {statuses:?}");
    eprintln!("damaged requests: {answered} of 300 answered with an HTTP status: {statuses:?}; {read_back} acknowledged without their image");
    let scan = ok(addr, "Scan", json!({"TableName": "tbl"}));
    let kept: std::collections::BTreeMap<String, Value> = scan["Items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| (json!({"pk": item["pk"]}).to_string(), item.clone()))
        .collect();
    assert_eq!(kept, acknowledged);
    assert_eq!(call(addr, "ListTables", json!({})), (200, json!({"TableNames": ["tbl"]})));
    server.shutdown().expect("stops");
}

// ---- browsers: Origin, CORS and Host (src/server/browsers.rs) ----

/// A request as a browser sends it: `method`, `Host` and, when given,
/// `Origin` and the other `headers` ("Name: value\r\n" each).
fn from_browser(addr: SocketAddr, method: &str, host: &str, origin: Option<&str>, headers: &str, body: &[u8]) -> Reply {
    let mut request = format!("{method} / HTTP/1.1\r\nHost: {host}\r\n");
    if let Some(origin) = origin {
        request.push_str(&format!("Origin: {origin}\r\n"));
    }
    request.push_str(headers);
    request.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    let mut bytes = request.into_bytes();
    bytes.extend_from_slice(body);
    let mut stream = connect(addr);
    stream.write_all(&bytes).expect("sent");
    read_reply(&mut stream)
}

const CREATE_FROM_A_PAGE: &str = r#"{"TableName": "FromAPage", "BillingMode": "PAY_PER_REQUEST",
    "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
    "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}]}"#;
const JSON_HEADERS: &str =
    "Content-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.CreateTable\r\n";

fn table_names(addr: SocketAddr) -> Value {
    ok(addr, "ListTables", json!({}))["TableNames"].clone()
}

#[test]
fn a_page_on_this_computer_gets_cors_and_its_preflight_is_answered() {
    let server = start();
    let addr = server.local_addr();
    let host = format!("127.0.0.1:{}", addr.port());
    let origin = "http://localhost:8080";
    let asked = "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type, x-amz-target, authorization\r\n";
    let preflight = from_browser(addr, "OPTIONS", &host, Some(origin), asked, b"");
    assert_eq!(preflight.status, 204, "{}", preflight.text());
    assert_eq!(preflight.header("access-control-allow-origin"), Some(origin));
    assert_eq!(preflight.header("access-control-allow-headers"), Some("content-type, x-amz-target, authorization"));
    assert!(preflight.header("access-control-allow-methods").is_some_and(|m| m.contains("POST")));
    assert_eq!(preflight.header("vary"), Some("Origin"));

    let created = from_browser(addr, "POST", &host, Some(origin), JSON_HEADERS, CREATE_FROM_A_PAGE.as_bytes());
    assert_eq!(created.status, 200, "{}", created.text());
    assert_eq!(created.header("access-control-allow-origin"), Some(origin));
    assert!(created.header("access-control-expose-headers").is_some_and(|h| h.contains("x-amzn-RequestId")));
    assert_eq!(table_names(addr), json!(["FromAPage"]));
    // A request without Origin (the CLI, an SDK) gets no CORS headers.
    let plain = post(addr, Some("DynamoDB_20120810.ListTables"), b"{}");
    assert_eq!(plain.status, 200);
    assert!(plain.header("access-control-allow-origin").is_none());
    server.shutdown().expect("stops");
}

#[test]
fn a_foreign_page_is_refused_before_anything_changes_unless_a_flag_names_it() {
    let server = start();
    let addr = server.local_addr();
    let host = format!("localhost:{}", addr.port());
    for origin in ["https://evil.example", "null", "http://localhost.evil.example"] {
        let asked = "Access-Control-Request-Method: POST\r\n";
        let preflight = from_browser(addr, "OPTIONS", &host, Some(origin), asked, b"");
        assert_eq!(preflight.status, 403, "{origin}");
        assert!(preflight.header("access-control-allow-origin").is_none());
        // A plain POST needs no preflight: it is refused all the same, unread.
        let refused = from_browser(addr, "POST", &host, Some(origin), JSON_HEADERS, CREATE_FROM_A_PAGE.as_bytes());
        assert_eq!(refused.status, 403, "{origin}");
        assert_eq!(refused.json()["__type"], json!("com.amazon.coral.service#AccessDeniedException"));
        let message = refused.json()["message"].as_str().unwrap_or_default().to_string();
        assert!(message.contains(origin) && message.contains("--allow-origin"), "{message}");
    }
    assert_eq!(table_names(addr), json!([]), "nothing was created");
    server.shutdown().expect("stops");

    // --allow-origin names the static host the page is served from.
    let config = ServerConfig { allowed_origins: vec!["https://ddb.example.org".into()], ..ServerConfig::default() };
    let server = start_with(config, Engine::new());
    let addr = server.local_addr();
    let host = format!("127.0.0.1:{}", addr.port());
    let named =
        from_browser(addr, "POST", &host, Some("https://ddb.example.org"), JSON_HEADERS, CREATE_FROM_A_PAGE.as_bytes());
    assert_eq!(named.status, 200, "{}", named.text());
    assert_eq!(named.header("access-control-allow-origin"), Some("https://ddb.example.org"));
    let other = from_browser(addr, "POST", &host, Some("https://evil.example"), JSON_HEADERS, b"{}");
    assert_eq!(other.status, 403);
    server.shutdown().expect("stops");
}

#[test]
fn a_request_for_a_foreign_host_is_refused_dns_rebinding() {
    let server = start();
    let addr = server.local_addr();
    // A rebinding page's requests are same-origin: no foreign Origin, but its own name in Host.
    let port = addr.port();
    for host in
        [format!("evil.example:{port}"), "evil.example".to_string(), format!("127.0.0.1:{}", port.wrapping_add(1))]
    {
        let refused = from_browser(addr, "POST", &host, None, JSON_HEADERS, CREATE_FROM_A_PAGE.as_bytes());
        assert_eq!(refused.status, 403, "{host}");
        let message = refused.json()["message"].as_str().unwrap_or_default().to_string();
        assert!(message.contains("DNS rebinding") && message.contains(&host), "{message}");
    }
    assert_eq!(table_names(addr), json!([]), "nothing was created");
    for host in [format!("localhost:{port}"), format!("[::1]:{port}"), format!("127.0.0.1:{port}")] {
        let answered = from_browser(
            addr,
            "POST",
            &host,
            None,
            "Content-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n",
            b"{}",
        );
        assert_eq!(answered.status, 200, "{host}: {}", answered.text());
    }
    server.shutdown().expect("stops");
}

/// Runs `operation` signed with `access_key` for `region`: (status, JSON body).
fn call_as(addr: SocketAddr, access_key: &str, region: &str, operation: &str, request: &Value) -> (u16, Value) {
    let body = request.to_string();
    let head = format!(
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n\
         Authorization: AWS4-HMAC-SHA256 Credential={access_key}/20261128/{region}/dynamodb/aws4_request, \
         SignedHeaders=host, Signature=00\r\nX-Amz-Target: DynamoDB_20120810.{operation}\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = connect(addr);
    stream.write_all(head.as_bytes()).expect("sent");
    let reply = read_reply(&mut stream);
    (reply.status, reply.json())
}

#[test]
fn tables_live_per_access_key_and_region_as_in_dynamodb_local() {
    let dir = std::env::temp_dir().join(format!("ddb-server-namespaces-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let file = dir.join("data.json");
    let config = ServerConfig {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        data_file: Some(file.clone()),
        ..ServerConfig::default()
    };
    let per_credential = || Databases::per_credential(EngineSettings::default(), ClockMode::Wall);
    let create = json!({"TableName": "Music", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]});
    let list = |addr, key, region| call_as(addr, key, region, "ListTables", &json!({})).1["TableNames"].clone();

    let server = server::start_databases(config.clone(), Scenario::of_engine(Engine::new()), per_credential())
        .expect("server starts");
    let addr = server.local_addr();
    let (status, created) = call_as(addr, "alice", "eu-west-1", "CreateTable", &create);
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["TableDescription"]["TableArn"], "arn:aws:dynamodb:eu-west-1:000000000000:table/Music");
    assert_eq!(list(addr, "alice", "eu-west-1"), json!(["Music"]));
    // Another region of the same key, and another key in the same region, see nothing.
    assert_eq!(list(addr, "alice", "us-east-1"), json!([]));
    assert_eq!(list(addr, "bob", "eu-west-1"), json!([]));
    let (status, missing) = call_as(addr, "bob", "eu-west-1", "DescribeTable", &json!({"TableName": "Music"}));
    assert_eq!(
        (status, missing["__type"].as_str()),
        (400, Some("com.amazonaws.dynamodb.v20120810#ResourceNotFoundException"))
    );
    // Bob may have a Music table of his own.
    assert_eq!(call_as(addr, "bob", "eu-west-1", "CreateTable", &create).0, 200);
    let put = json!({"TableName": "Music", "Item": {"pk": {"S": "alice's"}}});
    assert_eq!(call_as(addr, "alice", "eu-west-1", "PutItem", &put).0, 200);
    let scan = |addr, key| call_as(addr, key, "eu-west-1", "Scan", &json!({"TableName": "Music"})).1["Count"].clone();
    assert_eq!((scan(addr, "alice"), scan(addr, "bob")), (json!(1), json!(0)));
    assert!(server.shutdown().expect("saved"));

    // The data file keeps both databases; a restart serves them again.
    let saved: Value = serde_json::from_slice(&std::fs::read(&file).expect("data file")).expect("JSON");
    let names: Vec<&str> = saved["ddbLocal"]["databases"]
        .as_array()
        .expect("databases")
        .iter()
        .filter_map(|d| d["accessKeyId"].as_str())
        .collect();
    assert_eq!(names, ["alice", "bob"]);
    let (surroundings, databases) = persist::recover_databases(&file).expect("reads").expect("exists");
    assert!(!databases.is_shared());
    let server = server::start_databases(config, surroundings, databases).expect("restarts");
    let addr = server.local_addr();
    assert_eq!((scan(addr, "alice"), scan(addr, "bob")), (json!(1), json!(0)));
    assert_eq!(list(addr, "carol", "eu-west-1"), json!([]));
    server.shutdown().expect("stops");
    let _ = std::fs::remove_dir_all(&dir);
}
