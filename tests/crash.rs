//! `kill -9` against `ddb-local --data`: no acknowledged change is lost.
//!
//! Each round starts the real binary on one data file, runs four client
//! threads (raw HTTP/1.1 over keep-alive connections, as tests/server.rs
//! does) doing puts, deletes, updates, batch writes, transactions and one
//! `UpdateTable`, kills the process with SIGKILL at a seeded random moment,
//! restarts it on the same file and checks the table against what the
//! clients were told: every acknowledged write is there with its value,
//! every acknowledged delete is gone, both items of every transaction are
//! there or neither is, and every acknowledged index is described. Only the
//! request each client had in flight at the kill may have gone either way.
//!
//! Then a damaged journal: one cut short (the torn last record is dropped
//! with a message, the records before it are kept) and one with a byte
//! flipped in the middle (the start is refused with the file and offset
//! named, and the data file is left as it was).
//!
//! `CRASH_SEED=N` repeats a run.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ddb_playground::engine::sim;
use serde_json::{json, Value};

/// The engine's generator (`sim::Rng`): seeded, so a failing round can be
/// repeated.
struct Rng(sim::Rng);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A running ddb-local and what it printed on stderr.
struct Server {
    child: Child,
    addr: String,
    stderr: Arc<Mutex<String>>,
}

fn start(data: &Path) -> Result<Server, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddb-local"))
        .args(["--port", "0", "--data"])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ddb-local starts");
    let stderr = Arc::new(Mutex::new(String::new()));
    {
        let mut pipe = child.stderr.take().expect("stderr");
        let stderr = stderr.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            let mut buffer = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                text.push_str(&String::from_utf8_lossy(&buffer[..n]));
                *stderr.lock().expect("lock") = text.clone();
            }
        });
    }
    let mut line = String::new();
    let stdout = child.stdout.take().expect("stdout");
    let _ = BufReader::new(stdout).read_line(&mut line);
    let Some(addr) = line.split("http://").nth(1).and_then(|rest| rest.split(' ').next()) else {
        let status = child.wait().expect("exited");
        std::thread::sleep(Duration::from_millis(100));
        let text = stderr.lock().expect("lock").clone();
        return Err(format!("{status}: {text}"));
    };
    Ok(Server { addr: addr.to_string(), child, stderr })
}

impl Server {
    fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        let _ = self.child.wait();
    }

    fn stderr(&self) -> String {
        self.stderr.lock().expect("lock").clone()
    }
}

/// One keep-alive connection.
struct Client {
    stream: TcpStream,
}

impl Client {
    fn connect(addr: &str) -> Self {
        let stream = TcpStream::connect(addr).expect("connects");
        stream.set_read_timeout(Some(Duration::from_secs(30))).expect("timeout");
        Self { stream }
    }

    /// (status, body), or `None` if the connection broke (the server died).
    fn call(&mut self, operation: &str, body: &Value) -> Option<(u16, Value)> {
        let body = body.to_string();
        let request = format!(
            "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n\
             X-Amz-Target: DynamoDB_20120810.{operation}\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        self.stream.write_all(request.as_bytes()).ok()?;
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            match self.stream.read(&mut byte) {
                Ok(1) => head.push(byte[0]),
                _ => return None,
            }
        }
        let head = String::from_utf8_lossy(&head).to_string();
        let status = head.split(' ').nth(1)?.parse().ok()?;
        let length: usize = head
            .split("\r\n")
            .find_map(|l| l.split_once(':').filter(|(n, _)| n.eq_ignore_ascii_case("content-length")))
            .and_then(|(_, v)| v.trim().parse().ok())?;
        let mut body = vec![0; length];
        self.stream.read_exact(&mut body).ok()?;
        Some((status, serde_json::from_slice(&body).ok()?))
    }

    fn ok(&mut self, operation: &str, body: &Value) -> Value {
        match self.call(operation, body) {
            Some((200, answer)) => answer,
            other => panic!("{operation} {body}: {other:?}"),
        }
    }
}

const TABLE: &str = "crash";

/// What the clients were told: each key's acknowledged value (`None`:
/// deleted), keys whose last request got no answer (either state is fine),
/// and the transactions' item pairs.
#[derive(Default)]
struct Model {
    items: BTreeMap<String, Option<u64>>,
    uncertain: BTreeMap<String, Option<u64>>,
    transactions: Vec<(String, String)>,
    indexes: Vec<String>,
    uncertain_index: Option<String>,
    acknowledged: usize,
}

fn item(key: &str, value: u64) -> Value {
    json!({"pk": {"S": key}, "v": {"N": value.to_string()}, "g": {"S": format!("g{}", value % 7)}})
}

/// One client's work until the server dies: returns its model.
fn client(addr: String, id: usize, seed: u64, round: usize, update_table: bool) -> Model {
    let mut rng = Rng(sim::Rng::new(seed));
    let mut model = Model::default();
    let mut connection = Client::connect(&addr);
    let mut live: Vec<String> = Vec::new();
    for step in 0.. {
        let key = |n: usize| format!("r{round}-c{id}-{step}-{n}");
        let value = rng.below(1_000_000);
        // (operation, request, the state each touched key is in once acknowledged)
        let (operation, request, effects): (&str, Value, Vec<(String, Option<u64>)>) = if update_table && step == 3 {
            let index = format!("by-g-{round}");
            let request = json!({"TableName": TABLE,
                    "AttributeDefinitions": [{"AttributeName": "g", "AttributeType": "S"}],
                    "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": index,
                        "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                        "Projection": {"ProjectionType": "KEYS_ONLY"}}}]});
            model.uncertain_index = Some(index.clone());
            match connection.call("UpdateTable", &request) {
                None => return model,
                Some((200, _)) => model.indexes.push(index),
                // Refused (an index of an earlier round still being built): no change.
                Some(_) => {}
            }
            model.uncertain_index = None;
            continue;
        } else {
            match rng.below(6) {
                0 if !live.is_empty() => {
                    let victim = live.swap_remove(rng.below(live.len() as u64) as usize);
                    let request = json!({"TableName": TABLE, "Key": {"pk": {"S": victim}}});
                    ("DeleteItem", request, vec![(victim, None)])
                }
                1 if !live.is_empty() => {
                    let target = live[rng.below(live.len() as u64) as usize].clone();
                    let request = json!({"TableName": TABLE, "Key": {"pk": {"S": target}},
                            "UpdateExpression": "SET v = :v, g = :g",
                            "ExpressionAttributeValues": {":v": {"N": value.to_string()},
                                ":g": {"S": format!("g{}", value % 7)}}});
                    ("UpdateItem", request, vec![(target, Some(value))])
                }
                2 => {
                    let keys: Vec<String> = (0..3).map(key).collect();
                    let writes: Vec<Value> = keys
                        .iter()
                        .enumerate()
                        .map(|(n, k)| json!({"PutRequest": {"Item": item(k, value + n as u64)}}))
                        .collect();
                    let request = json!({"RequestItems": {TABLE: writes}});
                    let effects = keys.into_iter().enumerate().map(|(n, k)| (k, Some(value + n as u64))).collect();
                    ("BatchWriteItem", request, effects)
                }
                3 => {
                    let (a, b) = (key(0), key(1));
                    let request = json!({"TransactItems": [
                            {"Put": {"TableName": TABLE, "Item": item(&a, value)}},
                            {"Put": {"TableName": TABLE, "Item": item(&b, value)}}]});
                    model.transactions.push((a.clone(), b.clone()));
                    ("TransactWriteItems", request, vec![(a, Some(value)), (b, Some(value))])
                }
                _ => {
                    let k = key(0);
                    ("PutItem", json!({"TableName": TABLE, "Item": item(&k, value)}), vec![(k, Some(value))])
                }
            }
        };
        for (k, state) in &effects {
            model.uncertain.insert(k.clone(), *state);
        }
        match connection.call(operation, &request) {
            None => return model,
            Some((200, answer)) => {
                if let Some(left) = answer.get("UnprocessedItems").and_then(Value::as_object) {
                    assert!(left.is_empty(), "on-demand tables do not throttle: {answer}");
                }
                model.acknowledged += 1;
                for (k, state) in effects {
                    model.uncertain.remove(&k);
                    // A transaction's items stay as written, so the pair can be checked.
                    if state.is_some() && operation != "TransactWriteItems" && !live.contains(&k) {
                        live.push(k.clone());
                    }
                    model.items.insert(k, state);
                }
            }
            Some(other) => panic!("{operation} {request}: {other:?}"),
        }
    }
    model
}

/// Every item of the table, by key, with its `v`.
fn scan(connection: &mut Client) -> BTreeMap<String, u64> {
    let mut items = BTreeMap::new();
    let mut start: Option<Value> = None;
    loop {
        let mut request = json!({"TableName": TABLE});
        if let Some(key) = start.take() {
            request["ExclusiveStartKey"] = key;
        }
        let page = connection.ok("Scan", &request);
        for item in page["Items"].as_array().expect("items") {
            let key = item["pk"]["S"].as_str().expect("pk").to_string();
            let value = item["v"]["N"].as_str().and_then(|v| v.parse().ok()).expect("v");
            items.insert(key, value);
        }
        match page.get("LastEvaluatedKey") {
            Some(key) => start = Some(key.clone()),
            None => return items,
        }
    }
}

/// The table against the model; the keys whose outcome was uncertain take
/// whatever state they were found in.
fn check(connection: &mut Client, model: &mut Model) {
    let found = scan(connection);
    for (key, expected) in &model.items {
        if model.uncertain.contains_key(key) {
            continue;
        }
        assert_eq!(found.get(key).copied(), *expected, "{key}: the acknowledged state was lost");
    }
    for (key, value) in &found {
        let expected = model.items.get(key).copied().flatten();
        let in_flight = model.uncertain.get(key).copied().flatten();
        assert!(
            expected == Some(*value) || in_flight == Some(*value),
            "{key} = {value}: neither acknowledged ({expected:?}) nor in flight ({in_flight:?})"
        );
    }
    for (a, b) in &model.transactions {
        assert_eq!(found.contains_key(a), found.contains_key(b), "transaction {a} + {b} half applied");
    }
    let table = connection.ok("DescribeTable", &json!({"TableName": TABLE}));
    let indexes: Vec<&str> = table["Table"]["GlobalSecondaryIndexes"]
        .as_array()
        .map(|list| list.iter().filter_map(|i| i["IndexName"].as_str()).collect())
        .unwrap_or_default();
    for index in &model.indexes {
        assert!(indexes.contains(&index.as_str()), "the acknowledged index {index} is gone: {table}");
    }
    if let Some(index) = model.uncertain_index.take() {
        if indexes.contains(&index.as_str()) {
            model.indexes.push(index);
        }
    }
    // From now on the uncertain keys are what the table says.
    for (key, _) in std::mem::take(&mut model.uncertain) {
        model.items.insert(key.clone(), found.get(&key).copied());
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddb-crash-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn create_table(addr: &str) {
    Client::connect(addr).ok(
        "CreateTable",
        &json!({"TableName": TABLE, "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}),
    );
}

#[test]
fn kill_9_at_random_moments_loses_no_acknowledged_change() {
    const ROUNDS: usize = 8;
    const CLIENTS: usize = 4;
    let seed = std::env::var("CRASH_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5eed_2026_u64);
    eprintln!("CRASH_SEED={seed}");
    let mut rng = Rng(sim::Rng::new(seed));
    let dir = scratch("rounds");
    let data = dir.join("data.json");
    let server = start(&data).expect("starts");
    create_table(&server.addr);
    let mut server = Some(server);
    let mut model = Model::default();
    for round in 0..ROUNDS {
        let running = server.take().expect("running");
        let clients: Vec<_> = (0..CLIENTS)
            .map(|id| {
                let (addr, seed) = (running.addr.clone(), rng.next());
                std::thread::spawn(move || client(addr, id, seed, round, id == 0))
            })
            .collect();
        let delay = Duration::from_millis(300 + rng.below(1_200));
        std::thread::sleep(delay);
        running.kill();
        let mut acknowledged = 0;
        for handle in clients {
            let part = handle.join().expect("client");
            acknowledged += part.acknowledged;
            model.items.extend(part.items);
            model.uncertain.extend(part.uncertain);
            model.transactions.extend(part.transactions);
            model.indexes.extend(part.indexes);
            model.uncertain_index = model.uncertain_index.take().or(part.uncertain_index);
        }
        let restarted = start(&data).expect("restarts after kill -9");
        let mut connection = Client::connect(&restarted.addr);
        check(&mut connection, &mut model);
        let kept = model.items.values().filter(|v| v.is_some()).count();
        eprintln!(
            "round {round}: killed after {} ms, {acknowledged} acknowledged changes; {kept} items and {} indexes, \
             all there",
            delay.as_millis(),
            model.indexes.len()
        );
        assert!(acknowledged > 0, "round {round}: no change was acknowledged before the kill");
        server = Some(restarted);
    }
    if let Some(server) = server {
        server.kill();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Puts `count` items through a fresh server on `data`, then kills it; the
/// journal's length and each record's end are returned.
fn journal_with_puts(data: &Path, count: usize) -> PathBuf {
    let server = start(data).expect("starts");
    create_table(&server.addr);
    let mut connection = Client::connect(&server.addr);
    for i in 0..count {
        connection.ok("PutItem", &json!({"TableName": TABLE, "Item": item(&format!("k{i}"), i as u64)}));
    }
    server.kill();
    let mut name = data.file_name().expect("name").to_os_string();
    name.push(".journal");
    data.with_file_name(name)
}

#[test]
fn a_torn_last_record_is_dropped_with_a_message() {
    let dir = scratch("torn");
    let data = dir.join("data.json");
    let journal = journal_with_puts(&data, 5);
    let bytes = std::fs::read(&journal).expect("journal");
    std::fs::write(&journal, &bytes[..bytes.len() - 10]).expect("cut");
    let server = start(&data).expect("starts with a torn journal");
    let mut connection = Client::connect(&server.addr);
    let found = scan(&mut connection);
    assert_eq!(found.keys().cloned().collect::<Vec<_>>(), ["k0", "k1", "k2", "k3"], "the records before it are kept");
    std::thread::sleep(Duration::from_millis(100));
    let stderr = server.stderr();
    assert!(stderr.contains("data.json.journal: dropped a torn last record at byte offset"), "{stderr}");
    assert!(stderr.contains("replayed 5 change(s)"), "{stderr}");
    server.kill();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_record_in_the_middle_refuses_the_start() {
    let dir = scratch("corrupt");
    let data = dir.join("data.json");
    let journal = journal_with_puts(&data, 5);
    let checkpoint = std::fs::read(&data).expect("data file");
    let mut bytes = std::fs::read(&journal).expect("journal");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x20;
    std::fs::write(&journal, &bytes).expect("damaged");
    let started = Instant::now();
    let error = start(&data).err().expect("refused");
    assert!(error.contains("data.json.journal: the record at byte offset"), "{error}");
    assert!(error.contains("is damaged, and intact records follow it"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(std::fs::read(&data).expect("data file"), checkpoint, "the data file is left as it was");
    assert_eq!(std::fs::read(&journal).expect("journal"), bytes, "the journal is left as it was");
    let _ = std::fs::remove_dir_all(&dir);
}
