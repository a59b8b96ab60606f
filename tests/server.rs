//! The local endpoint over real sockets: each test starts a server in this
//! process on 127.0.0.1, port 0 (a free port), and speaks raw HTTP/1.1 to it
//! with `std::net::TcpStream`, byte for byte what an SDK sends.
//!
//! Concurrency is tested with eight threads writing distinct items at once
//! and a final `ItemCount` and `TableSizeBytes` that must account for every
//! one of them. When UpdateItem arrives, a shared counter incremented with
//! `ADD` from all threads becomes the sharper test of "no lost updates"; until
//! then, distinct puts and an exact final count show that the engine mutex
//! serialises requests without dropping any.

#![cfg(not(target_arch = "wasm32"))]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use ddb_playground::engine::Engine;
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
    let length: usize = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .expect("content-length");
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
    let head = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 18446744073709551615\r\n\r\n";
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
    let mut head = String::from("POST / HTTP/1.1\r\nHost: x\r\n");
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
        let mut request = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-amz-json-1.0\r\n\
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
    let info = raw("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(info.status, 200);
    assert!(info.text().starts_with("ddb-local "), "{}", info.text());
    assert!(info.text().contains("Tables: 0"), "{}", info.text());
    let put = raw("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
    assert_eq!(put.status, 405);
    assert_eq!(put.header("allow"), Some("GET, HEAD, POST"));
    let form = raw("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                    X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 2\r\n\r\n{}");
    assert_eq!(form.status, 404);
    assert_eq!(form.json()["__type"], "com.amazon.coral.service#UnknownOperationException");
    // Any path, JSON 1.1 or plain JSON, no Authorization at all: all fine.
    for content_type in ["application/x-amz-json-1.1", "application/json"] {
        let reply = raw(&format!(
            "POST /some/path HTTP/1.1\r\nHost: x\r\nContent-Type: {content_type}\r\n\
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
            if engine.table("tbl").is_some_and(|t| t.storage.item_count() == 1) {
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
