//! TTL and DynamoDB Streams through the engine's public entry points:
//! `Engine::execute` and `Engine::execute_streams`.

#![cfg(not(target_arch = "wasm32"))]
// clippy.toml's rules keep weight out of the page's wasm; tests never reach it.
#![allow(clippy::disallowed_methods)]

use ddb_playground::engine::{ApiError, Engine};
use serde_json::{json, Value};

const DAY: u64 = 24 * 60 * 60 * 1000;

fn run(engine: &mut Engine, operation: &str, request: Value) -> Value {
    engine.execute(operation, &request).unwrap_or_else(|e| panic!("{operation}: {e}"))
}

fn streams(engine: &mut Engine, operation: &str, request: Value) -> Result<Value, ApiError> {
    engine.execute_streams(operation, &request)
}

fn table(engine: &mut Engine, name: &str, view: &str, provisioned: bool) {
    let mut request = json!({
        "TableName": name,
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "StreamSpecification": {"StreamEnabled": true, "StreamViewType": view},
    });
    if provisioned {
        request["ProvisionedThroughput"] = json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1});
    } else {
        request["BillingMode"] = json!("PAY_PER_REQUEST");
    }
    run(engine, "CreateTable", request);
}

fn put(engine: &mut Engine, table: &str, pk: &str, n: u32) -> Result<Value, ApiError> {
    engine.execute("PutItem", &json!({"TableName": table, "Item": {"pk": {"S": pk}, "n": {"N": n.to_string()}}}))
}

/// (stream ARN, shard id) of the table's latest stream.
fn stream_of(engine: &mut Engine, table: &str) -> (String, String) {
    let arn = run(engine, "DescribeTable", json!({"TableName": table}))["Table"]["LatestStreamArn"]
        .as_str()
        .expect("a stream")
        .to_string();
    let described = streams(engine, "DescribeStream", json!({"StreamArn": arn})).expect("described");
    let shard = described["StreamDescription"]["Shards"][0]["ShardId"].as_str().expect("a shard").to_string();
    (arn, shard)
}

fn iterator(engine: &mut Engine, table: &str, kind: &str, sequence: Option<&str>) -> Result<String, ApiError> {
    let (arn, shard) = stream_of(engine, table);
    let mut request = json!({"StreamArn": arn, "ShardId": shard, "ShardIteratorType": kind});
    if let Some(sequence) = sequence {
        request["SequenceNumber"] = json!(sequence);
    }
    Ok(streams(engine, "GetShardIterator", request)?["ShardIterator"].as_str().expect("iterator").to_string())
}

/// Every record from the iterator on, following NextShardIterator in pages
/// of `limit`.
fn read_all(engine: &mut Engine, mut iterator: String, limit: u32) -> Vec<Value> {
    let mut out = Vec::new();
    loop {
        let page = streams(engine, "GetRecords", json!({"ShardIterator": iterator, "Limit": limit})).expect("records");
        let records = page["Records"].as_array().cloned().unwrap_or_default();
        if records.is_empty() {
            return out;
        }
        out.extend(records);
        match page["NextShardIterator"].as_str() {
            Some(next) => iterator = next.to_string(),
            None => return out,
        }
    }
}

/// Every record of the table's latest stream from a new iterator on.
fn read_from(engine: &mut Engine, table: &str, kind: &str, sequence: Option<&str>, limit: u32) -> Vec<Value> {
    let it = iterator(engine, table, kind, sequence).expect("iterator");
    read_all(engine, it, limit)
}

/// Every record of the table's latest stream: each shard from TRIM_HORIZON
/// (parents before children, as DescribeStream lists them), then all in
/// sequence order.
fn read_every_shard(engine: &mut Engine, table: &str) -> Vec<Value> {
    let arn = run(engine, "DescribeTable", json!({"TableName": table}))["Table"]["LatestStreamArn"].clone();
    let described = streams(engine, "DescribeStream", json!({"StreamArn": arn})).expect("described");
    let mut out = Vec::new();
    for shard in described["StreamDescription"]["Shards"].as_array().cloned().unwrap_or_default() {
        let request = json!({"StreamArn": arn, "ShardId": shard["ShardId"], "ShardIteratorType": "TRIM_HORIZON"});
        let it = streams(engine, "GetShardIterator", request).expect("iterator")["ShardIterator"].clone();
        out.extend(read_all(engine, it.as_str().expect("iterator").to_string(), 1000));
    }
    out.sort_by_key(|r| sequence(r).to_string());
    out
}

fn sequence(record: &Value) -> &str {
    record["dynamodb"]["SequenceNumber"].as_str().expect("sequence number")
}

#[test]
fn iterator_types_start_where_they_say() {
    let mut engine = Engine::new();
    // Provisioned at 1/1: one partition, so one shard holds every record.
    table(&mut engine, "T01", "NEW_IMAGE", true);
    for n in 0..5 {
        put(&mut engine, "T01", "k", n).expect("put");
    }
    let all = read_from(&mut engine, "T01", "TRIM_HORIZON", None, 2);
    assert_eq!(all.len(), 5);
    let names: Vec<&str> = all.iter().map(|r| r["eventName"].as_str().unwrap_or("?")).collect();
    assert_eq!(names, ["INSERT", "MODIFY", "MODIFY", "MODIFY", "MODIFY"]);
    // Per-item order: the images follow the writes.
    let ns: Vec<&str> = all.iter().map(|r| r["dynamodb"]["NewImage"]["n"]["N"].as_str().unwrap_or("?")).collect();
    assert_eq!(ns, ["0", "1", "2", "3", "4"]);

    let third = sequence(&all[2]).to_string();
    let at = read_from(&mut engine, "T01", "AT_SEQUENCE_NUMBER", Some(&third), 10);
    assert_eq!(at.iter().map(sequence).collect::<Vec<_>>(), all[2..].iter().map(sequence).collect::<Vec<_>>());
    let after = read_from(&mut engine, "T01", "AFTER_SEQUENCE_NUMBER", Some(&third), 10);
    assert_eq!(after.iter().map(sequence).collect::<Vec<_>>(), all[3..].iter().map(sequence).collect::<Vec<_>>());

    let latest = iterator(&mut engine, "T01", "LATEST", None).expect("it");
    assert!(read_all(&mut engine, latest.clone(), 10).is_empty());
    put(&mut engine, "T01", "other", 9).expect("put");
    let new = read_all(&mut engine, latest, 10);
    assert_eq!(new.len(), 1);
    assert_eq!(new[0]["dynamodb"]["Keys"], json!({"pk": {"S": "other"}}));
}

#[test]
fn records_live_24_hours_on_the_engine_clock() {
    let mut engine = Engine::new();
    table(&mut engine, "T01", "KEYS_ONLY", true);
    put(&mut engine, "T01", "old", 1).expect("put");
    engine.advance_clock(DAY / 2);
    put(&mut engine, "T01", "young", 1).expect("put");
    engine.advance_clock(DAY / 2 - 1);
    let it = iterator(&mut engine, "T01", "TRIM_HORIZON", None).expect("it");
    assert_eq!(read_all(&mut engine, it, 10).len(), 2, "just under a day: both kept");
    let stale = iterator(&mut engine, "T01", "TRIM_HORIZON", None).expect("it");
    let first = {
        let page = streams(&mut engine, "GetRecords", json!({"ShardIterator": stale, "Limit": 1})).expect("page");
        sequence(&page["Records"][0]).to_string()
    };
    engine.advance_clock(1);
    let kept = read_from(&mut engine, "T01", "TRIM_HORIZON", None, 10);
    assert_eq!(kept.len(), 1, "the first record is a day old: trimmed");
    assert_eq!(kept[0]["dynamodb"]["Keys"], json!({"pk": {"S": "young"}}));
    assert!(matches!(
        streams(&mut engine, "GetRecords", json!({"ShardIterator": stale})),
        Err(ApiError::TrimmedDataAccess(_))
    ));
    assert!(matches!(
        iterator(&mut engine, "T01", "AT_SEQUENCE_NUMBER", Some(&first)),
        Err(ApiError::TrimmedDataAccess(_))
    ));
    engine.advance_clock(DAY / 2);
    assert!(read_from(&mut engine, "T01", "TRIM_HORIZON", None, 10).is_empty());
    // Iterators expire after 15 minutes.
    let it = iterator(&mut engine, "T01", "LATEST", None).expect("it");
    engine.advance_clock(15 * 60 * 1000 + 1);
    assert!(matches!(
        streams(&mut engine, "GetRecords", json!({"ShardIterator": it})),
        Err(ApiError::ExpiredIterator(_))
    ));
}

#[test]
fn a_disabled_stream_stays_readable_for_a_day() {
    let mut engine = Engine::new();
    table(&mut engine, "T01", "OLD_IMAGE", true);
    put(&mut engine, "T01", "a", 1).expect("put");
    run(&mut engine, "UpdateTable", json!({"TableName": "T01", "StreamSpecification": {"StreamEnabled": false}}));
    put(&mut engine, "T01", "a", 2).expect("put");
    let records = read_from(&mut engine, "T01", "TRIM_HORIZON", None, 10);
    assert_eq!(records.len(), 1, "nothing is recorded while disabled");
    let described = run(&mut engine, "DescribeTable", json!({"TableName": "T01"}));
    assert!(described["Table"].get("StreamSpecification").is_none());
    let listed = streams(&mut engine, "ListStreams", json!({})).expect("listed");
    assert_eq!(listed["Streams"].as_array().map(Vec::len), Some(1));
    engine.advance_clock(DAY);
    let listed = streams(&mut engine, "ListStreams", json!({})).expect("listed");
    assert_eq!(listed["Streams"], json!([]));
}

#[test]
fn throttled_and_dry_run_writes_leave_no_record() {
    let mut engine = Engine::new();
    table(&mut engine, "T01", "NEW_AND_OLD_IMAGES", true);
    let big = "x".repeat(50_000);
    let mut succeeded = 0;
    let mut throttled = 0;
    for n in 0..40 {
        let request = json!({"TableName": "T01", "Item": {"pk": {"S": format!("k{n}")}, "pad": {"S": big}}});
        match engine.execute("PutItem", &request) {
            Ok(_) => succeeded += 1,
            Err(ApiError::ProvisionedThroughputExceeded { .. }) => throttled += 1,
            Err(e) => panic!("{e}"),
        }
        let dry = engine.dry_run("PutItem", &json!({"TableName": "T01", "Item": {"pk": {"S": format!("dry{n}")}}}));
        dry.result.expect("dry");
    }
    assert!(throttled > 0, "1 WCU and 50 KB items must throttle");
    let records = read_from(&mut engine, "T01", "TRIM_HORIZON", None, 1000);
    assert_eq!(records.len(), succeeded);
    let keys: Vec<u128> = records.iter().map(|r| sequence(r).parse().expect("number")).collect();
    assert!(keys.windows(2).all(|w| w[1] == w[0] + 1), "sequence numbers have no gaps: {keys:?}");
}

#[test]
fn ttl_deletes_through_indexes_and_costs_nothing() {
    let mut engine = Engine::new();
    run(
        &mut engine,
        "CreateTable",
        json!({
            "TableName": "T01", "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "S"}],
            "GlobalSecondaryIndexes": [{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}],
            "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "KEYS_ONLY"}
        }),
    );
    run(
        &mut engine,
        "UpdateTimeToLive",
        json!({"TableName": "T01", "TimeToLiveSpecification": {"AttributeName": "exp", "Enabled": true}}),
    );
    let now = engine.clock().now_millis() / 1000;
    for (pk, exp) in [("a", now + 10), ("b", now + 1000)] {
        run(
            &mut engine,
            "PutItem",
            json!({"TableName": "T01", "Item": {"pk": {"S": pk}, "g": {"S": "x"}, "exp": {"N": exp.to_string()}}}),
        );
    }
    engine.settings_mut().ttl_sweep_delay_millis = 60_000;
    engine.advance_clock(69_000);
    assert_eq!(engine.table("T01").map(|t| t.item_count()), Some(2), "expired, not yet swept");
    // The sweep runs at the start of the next request, and charges nothing.
    engine.clock_mut().advance(2_000);
    let listed = engine.execute_charged("ListTables", &json!({}));
    assert!(listed.result.is_ok());
    assert_eq!(engine.table("T01").map(|t| t.item_count()), Some(1));
    assert!(listed.charges.is_empty(), "the sweep charged nothing");
    engine.advance_clock(1_000);
    let gsi = run(
        &mut engine,
        "Query",
        json!({"TableName": "T01", "IndexName": "byG", "KeyConditionExpression": "g = :g", "ExpressionAttributeValues": {":g": {"S": "x"}}}),
    );
    assert_eq!(gsi["Count"], json!(1), "the GSI lost the swept item too");
    let records = read_every_shard(&mut engine, "T01");
    let last = records.last().expect("records");
    assert_eq!(last["eventName"], json!("REMOVE"));
    assert_eq!(last["userIdentity"], json!({"type": "Service", "principalId": "dynamodb.amazonaws.com"}));
    assert!(records[0].get("userIdentity").is_none());
}

#[test]
fn snapshots_keep_the_stream_and_ttl_but_not_the_records() {
    let mut engine = Engine::new();
    table(&mut engine, "T01", "NEW_IMAGE", false);
    run(
        &mut engine,
        "UpdateTimeToLive",
        json!({"TableName": "T01", "TimeToLiveSpecification": {"AttributeName": "exp", "Enabled": true}}),
    );
    put(&mut engine, "T01", "a", 1).expect("put");
    engine.advance_clock(5_000);
    let snapshot = engine.snapshot();
    let mut restored = Engine::restore(&snapshot).expect("restored");
    assert_eq!(restored.snapshot(), snapshot);
    let before = run(&mut engine, "DescribeTable", json!({"TableName": "T01"}));
    let after = run(&mut restored, "DescribeTable", json!({"TableName": "T01"}));
    assert_eq!(before["Table"]["LatestStreamArn"], after["Table"]["LatestStreamArn"]);
    assert_eq!(before["Table"]["StreamSpecification"], after["Table"]["StreamSpecification"]);
    let ttl = run(&mut restored, "DescribeTimeToLive", json!({"TableName": "T01"}));
    assert_eq!(ttl["TimeToLiveDescription"]["TimeToLiveStatus"], json!("ENABLED"));
    assert!(read_from(&mut restored, "T01", "TRIM_HORIZON", None, 10).is_empty());
}

#[test]
fn malformed_streams_requests_never_panic() {
    let mut engine = Engine::new();
    table(&mut engine, "T01", "NEW_IMAGE", false);
    put(&mut engine, "T01", "a", 1).expect("put");
    let (arn, shard) = stream_of(&mut engine, "T01");
    let values = [
        json!(null),
        json!(""),
        json!("|||"),
        json!(format!("{arn}|1|{shard}|99999999999999999999999999999999999999999|0")),
        json!(format!("{arn}|1|{shard}|0|18446744073709551615")),
        json!(format!("{arn}|1|{shard}|340282366920938463463374607431768211455|0")),
        json!(-1),
        json!(1e300),
        json!([]),
        json!({}),
        json!("340282366920938463463374607431768211455"),
    ];
    for operation in ["ListStreams", "DescribeStream", "GetShardIterator", "GetRecords", "Nope"] {
        for member in
            ["StreamArn", "ShardId", "ShardIteratorType", "SequenceNumber", "ShardIterator", "Limit", "TableName"]
        {
            for value in &values {
                let mut request =
                    json!({"StreamArn": arn, "ShardId": shard, "ShardIteratorType": "AT_SEQUENCE_NUMBER"});
                request[member] = value.clone();
                let _ = engine.execute_streams(operation, &request);
            }
        }
        let _ = engine.execute_streams(operation, &json!([1, 2]));
    }
}

#[test]
fn views_see_expired_items_until_the_sweep_and_the_next_ttl_event() {
    let mut engine = Engine::new();
    table(&mut engine, "T02", "KEYS_ONLY", false);
    assert!(engine.table("T02").unwrap().expired_items(0, usize::MAX).is_empty(), "no TTL, nothing expires");
    run(
        &mut engine,
        "UpdateTimeToLive",
        json!({"TableName": "T02", "TimeToLiveSpecification": {"AttributeName": "exp", "Enabled": true}}),
    );
    engine.settings_mut().ttl_sweep_delay_millis = 60_000;
    let t0 = engine.clock().now_millis();
    let s0 = t0 / 1000;
    // a expires at +10 s, b at +30 s, c never (a string), d has no expiry.
    for (pk, exp) in [
        ("a", json!({"N": (s0 + 10).to_string()})),
        ("b", json!({"N": (s0 + 30).to_string()})),
        ("c", json!({"S": "soon"})),
    ] {
        run(&mut engine, "PutItem", json!({"TableName": "T02", "Item": {"pk": {"S": pk}, "exp": exp}}));
    }
    run(&mut engine, "PutItem", json!({"TableName": "T02", "Item": {"pk": {"S": "d"}}}));
    let t = |engine: &Engine| engine.table("T02").unwrap().clone();
    let keys = |engine: &Engine, now: u64| {
        t(engine)
            .expired_items(now, usize::MAX)
            .into_iter()
            .map(|(k, at)| (format!("{:?}", k.partition), at))
            .collect::<Vec<_>>()
    };
    assert!(keys(&engine, t0).is_empty());
    assert_eq!(t(&engine).next_ttl_event(t0, 60_000), Some(t0 + 10_000), "a expires first");
    // At +10 s a has expired (and is still stored); next: b expires at +30 s.
    assert_eq!(keys(&engine, t0 + 10_000), [(r#"S("a")"#.to_string(), t0 + 10_000)]);
    assert_eq!(t(&engine).next_ttl_event(t0 + 10_000, 60_000), Some(t0 + 30_000));
    // At +40 s both have expired; next: a's sweep, 60 s after its expiry.
    assert_eq!(keys(&engine, t0 + 40_000).len(), 2);
    assert_eq!(t(&engine).expired_count(t0 + 40_000), 2);
    assert_eq!(t(&engine).expired_items(t0 + 40_000, 1).len(), 1, "the list is cut at the limit");
    assert_eq!(t(&engine).next_ttl_event(t0 + 40_000, 60_000), Some(t0 + 70_000));
    // The sweep at +70 s deletes a; b is still expired and readable.
    engine.advance_clock(70_000);
    run(&mut engine, "ListTables", json!({}));
    assert_eq!(keys(&engine, t0 + 70_000), [(r#"S("b")"#.to_string(), t0 + 30_000)]);
    assert_eq!(t(&engine).next_ttl_event(t0 + 70_000, 60_000), Some(t0 + 90_000));
    engine.advance_clock(20_000);
    run(&mut engine, "ListTables", json!({}));
    assert!(keys(&engine, t0 + 90_000).is_empty());
    assert_eq!(t(&engine).next_ttl_event(t0 + 90_000, 60_000), None, "c and d never expire");
    assert_eq!(engine.table("T02").unwrap().item_count(), 2);

    // An item written with an expiry already past is due for the sweep at
    // once, but the write applied time before storing it: the next event
    // is now (not "never"), so a view ticks, and that tick sweeps it.
    engine.settings_mut().ttl_sweep_delay_millis = 0;
    let now = engine.clock().now_millis();
    let past = json!({"N": (now / 1000 - 5).to_string()});
    run(&mut engine, "PutItem", json!({"TableName": "T02", "Item": {"pk": {"S": "e"}, "exp": past}}));
    let due = t(&engine).next_ttl_event(now, 0).expect("the sweep of e is due");
    assert!(due <= now, "{due} > {now}");
    engine.advance_clock(0);
    run(&mut engine, "ListTables", json!({}));
    assert!(keys(&engine, now).is_empty(), "swept");
    assert_eq!(t(&engine).next_ttl_event(now, 0), None);
}

/// The expiry counts the table keeps (so views and the sweeper need not
/// unpack every item) always agree with the items themselves: random puts,
/// updates that change or remove the expiry, deletes, TTL turned off and on,
/// sweeps and a snapshot restore, each followed by a comparison with a
/// brute-force count over a Scan.
#[test]
fn expiry_counts_follow_every_write() {
    use ddb_playground::engine::ttl::expiry_millis;
    let mut engine = Engine::new();
    table(&mut engine, "Ttl", "KEYS_ONLY", false);
    let enable = |engine: &mut Engine, on: bool| {
        run(
            engine,
            "UpdateTimeToLive",
            json!({"TableName": "Ttl", "TimeToLiveSpecification": {"AttributeName": "exp", "Enabled": on}}),
        );
    };
    enable(&mut engine, true);
    engine.settings_mut().ttl_sweep_delay_millis = 20_000;
    let s0 = engine.clock().now_millis() / 1000;
    let mut rng = ddb_playground::engine::sim::Rng::new(0x5eed);
    let mut next = move |n: u64| rng.next_u64() % n;
    let mut on = true;
    let check = |engine: &Engine, on: bool, step: usize| {
        let table = engine.table("Ttl").expect("table");
        let now = engine.clock().now_millis();
        let delay = engine.settings().ttl_sweep_delay_millis;
        let expiries: Vec<u64> =
            if on { table.items().filter_map(|item| expiry_millis(&item, "exp", now)).collect() } else { Vec::new() };
        let expired = expiries.iter().filter(|at| **at <= now).count();
        // The next expiry after now, or the first sweep, even one already due.
        let next_expiry = expiries.iter().copied().filter(|at| *at > now).min();
        let next_sweep = expiries.iter().map(|at| at + delay).min();
        let next_event = next_expiry.into_iter().chain(next_sweep).min();
        assert_eq!(table.expired_count(now), expired, "step {step}");
        assert_eq!(table.expired_items(now, usize::MAX).len(), expired, "step {step}");
        assert_eq!(table.next_ttl_event(now, delay), next_event, "step {step}");
    };
    for step in 0..600 {
        let pk = format!("k{}", next(25));
        match next(10) {
            0..=3 => {
                // Expiries from 10 s ago to 60 s ahead, some far in the past
                // (over five years: ignored), some not numbers.
                let exp = match next(8) {
                    0 => json!({"S": "soon"}),
                    1 => json!({"N": "1000"}),
                    _ => json!({"N": (s0 + next(70) + step as u64 / 10).saturating_sub(10).to_string()}),
                };
                run(&mut engine, "PutItem", json!({"TableName": "Ttl", "Item": {"pk": {"S": pk}, "exp": exp}}));
            }
            4 => {
                run(&mut engine, "PutItem", json!({"TableName": "Ttl", "Item": {"pk": {"S": pk}}}));
            }
            5 => {
                let update = json!({"TableName": "Ttl", "Key": {"pk": {"S": pk}},
                    "UpdateExpression": "SET exp = :e", "ExpressionAttributeValues": {":e": {"N": (s0 + next(90)).to_string()}}});
                run(&mut engine, "UpdateItem", update);
            }
            6 => {
                let update = json!({"TableName": "Ttl", "Key": {"pk": {"S": pk}}, "UpdateExpression": "REMOVE exp"});
                run(&mut engine, "UpdateItem", update);
            }
            7 => {
                run(&mut engine, "DeleteItem", json!({"TableName": "Ttl", "Key": {"pk": {"S": pk}}}));
            }
            8 => {
                // Time passes: the sweeper deletes what is due.
                engine.advance_clock(next(8_000));
                run(&mut engine, "ListTables", json!({}));
            }
            _ => match next(6) {
                0 => {
                    on = !on;
                    enable(&mut engine, on);
                }
                1 => {
                    let snapshot = engine.snapshot();
                    engine = Engine::restore(&snapshot).expect("restores");
                }
                2 | 3 => {
                    // A dry run (the console's live cost) writes and rolls
                    // back: the counts must come back with the items.
                    let write = if next(2) == 0 {
                        ("DeleteItem", json!({"TableName": "Ttl", "Key": {"pk": {"S": pk}}}))
                    } else {
                        let exp = json!({"N": (s0 + next(90)).to_string()});
                        ("PutItem", json!({"TableName": "Ttl", "Item": {"pk": {"S": pk}, "exp": exp}}))
                    };
                    let _ = engine.dry_run(write.0, &write.1);
                }
                _ => {}
            },
        }
        check(&engine, on, step);
    }
}

/// The shards of the table's latest stream: (id, parent, starting, ending).
fn shards_of(engine: &mut Engine, table: &str) -> Vec<(String, Option<String>, String, Option<String>)> {
    let arn = run(engine, "DescribeTable", json!({"TableName": table}))["Table"]["LatestStreamArn"].clone();
    let described = streams(engine, "DescribeStream", json!({"StreamArn": arn})).expect("described");
    let text = |v: &Value| v.as_str().map(str::to_string);
    described["StreamDescription"]["Shards"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|s| {
            let range = &s["SequenceNumberRange"];
            (
                text(&s["ShardId"]).expect("id"),
                text(&s["ParentShardId"]),
                text(&range["StartingSequenceNumber"]).expect("start"),
                text(&range["EndingSequenceNumber"]),
            )
        })
        .collect()
}

#[test]
fn shards_follow_partitions_and_splits_close_a_parent() {
    // On demand, a table starts with 8 partitions (12,000 RRU / 3,000 +
    // 4,000 WRU / 1,000): its stream with 8 open shards and no parents.
    let mut engine = Engine::new();
    table(&mut engine, "Wide", "KEYS_ONLY", false);
    let wide = shards_of(&mut engine, "Wide");
    assert_eq!(wide.len(), 8);
    assert!(wide
        .iter()
        .all(|(_, parent, start, end)| parent.is_none() && start == "100000000000000000000" && end.is_none()));

    // One partition, one shard; at a 100-byte teaching scale the third item
    // of about 50 bytes splits it.
    let mut engine = Engine::new();
    engine.settings_mut().partition_size_limit_bytes = 100;
    table(&mut engine, "T03", "NEW_IMAGE", true);
    let pad = "p".repeat(40);
    let write = |engine: &mut Engine, pk: &str, n: u32| {
        run(
            engine,
            "PutItem",
            json!({"TableName": "T03", "Item": {"pk": {"S": pk}, "n": {"N": n.to_string()}, "pad": {"S": pad}}}),
        )
    };
    write(&mut engine, "a", 1);
    write(&mut engine, "b", 1);
    let before = shards_of(&mut engine, "T03");
    assert_eq!(before.len(), 1);
    write(&mut engine, "c", 1);
    let after = shards_of(&mut engine, "T03");
    assert_eq!(after.len(), 3);
    let parent = &after[0];
    assert_eq!(parent.0, before[0].0, "the first shard is the one that split");
    // Records 0, 1, 2 went to the parent, which ends at the last of them.
    assert_eq!(parent.3.as_deref(), Some("100000000000000000002"));
    for child in &after[1..] {
        assert_eq!(child.1.as_deref(), Some(parent.0.as_str()));
        assert_eq!((child.2.as_str(), child.3.as_deref()), ("100000000000000000003", None));
    }

    // Later writes go to the child of their key's half; a's records, read
    // parent first, stay in order.
    write(&mut engine, "a", 2);
    write(&mut engine, "b", 2);
    write(&mut engine, "c", 2);
    let all = read_every_shard(&mut engine, "T03");
    let of = |key: &str| -> Vec<String> {
        all.iter()
            .filter(|r| r["dynamodb"]["Keys"]["pk"]["S"] == key)
            .map(|r| r["dynamodb"]["NewImage"]["n"]["N"].as_str().unwrap_or("?").to_string())
            .collect()
    };
    assert_eq!(
        (of("a"), of("b"), of("c")),
        (vec!["1".into(), "2".into()], vec!["1".into(), "2".into()], vec!["1".into(), "2".into()])
    );
    assert_eq!(all.len(), 6);

    // A closed shard read to its end has no next iterator; LATEST on it
    // reads nothing and ends too.
    let arn = run(&mut engine, "DescribeTable", json!({"TableName": "T03"}))["Table"]["LatestStreamArn"].clone();
    for (kind, expected) in [("TRIM_HORIZON", 3), ("LATEST", 0)] {
        let request = json!({"StreamArn": arn, "ShardId": parent.0, "ShardIteratorType": kind});
        let it = streams(&mut engine, "GetShardIterator", request).expect("iterator")["ShardIterator"].clone();
        let page = streams(&mut engine, "GetRecords", json!({"ShardIterator": it})).expect("page");
        assert_eq!(page["Records"].as_array().map(Vec::len), Some(expected), "{kind}");
        assert!(page.get("NextShardIterator").is_none(), "{kind}: the closed shard is over");
    }
    // A sequence number of another shard is not in this one.
    let child = &after[1].0;
    let request = json!({"StreamArn": arn, "ShardId": child, "ShardIteratorType": "AT_SEQUENCE_NUMBER",
        "SequenceNumber": "100000000000000000001"});
    assert!(matches!(streams(&mut engine, "GetShardIterator", request), Err(ApiError::Validation(_))));

    // DescribeStream pages through the shards.
    let page = streams(&mut engine, "DescribeStream", json!({"StreamArn": arn, "Limit": 2})).expect("page");
    let d = &page["StreamDescription"];
    assert_eq!(d["Shards"].as_array().map(Vec::len), Some(2));
    assert_eq!(d["LastEvaluatedShardId"], json!(after[1].0));
    let rest = streams(&mut engine, "DescribeStream", json!({"StreamArn": arn, "ExclusiveStartShardId": after[1].0}))
        .expect("rest");
    assert_eq!(rest["StreamDescription"]["Shards"][0]["ShardId"], json!(after[2].0));
    assert!(rest["StreamDescription"].get("LastEvaluatedShardId").is_none());

    // Disabling closes every open shard.
    run(&mut engine, "UpdateTable", json!({"TableName": "T03", "StreamSpecification": {"StreamEnabled": false}}));
    assert!(shards_of(&mut engine, "T03").iter().all(|s| s.3.is_some()));
}

#[test]
fn a_restored_stream_starts_with_the_restored_partitions() {
    let mut engine = Engine::new();
    engine.settings_mut().partition_size_limit_bytes = 100;
    table(&mut engine, "T04", "KEYS_ONLY", true);
    for pk in ["a", "b", "c", "d"] {
        run(
            &mut engine,
            "PutItem",
            json!({"TableName": "T04", "Item": {"pk": {"S": pk}, "pad": {"S": "p".repeat(40)}}}),
        );
    }
    let partitions = engine.describe_partitions("T04", None).expect("partitions").len();
    assert!(partitions > 1);
    let mut restored = Engine::restore(&engine.snapshot()).expect("restored");
    let shards = shards_of(&mut restored, "T04");
    assert_eq!(shards.len(), partitions, "one shard per partition");
    assert!(shards.iter().all(|s| s.1.is_none() && s.3.is_none()), "no parents, all open");
}

/// Found by the `execute_structured` fuzzer (RELIABILITY.md, finding 1): TTL
/// disabled and enabled again over items that expired meanwhile. The
/// sweeper deletes them at the start of the next request, so a snapshot
/// taken before that request still holds them. Restoring replays requests
/// table by table, so the replay of a later table (here `zzz`) already
/// sweeps the earlier one. Both engines agree once each has applied what
/// its clock made due.
#[test]
fn a_snapshot_before_the_sweep_restores_to_the_swept_engine() {
    let mut engine = Engine::new();
    table(&mut engine, "ttl", "NEW_IMAGE", false);
    table(&mut engine, "zzz", "NEW_IMAGE", false);
    let spec = |enabled: bool| json!({"TableName": "ttl", "TimeToLiveSpecification": {"Enabled": enabled, "AttributeName": "exp"}});
    run(&mut engine, "UpdateTimeToLive", spec(true));
    // Expires one second after the engine's start; swept 300 s after that.
    run(&mut engine, "PutItem", json!({"TableName": "ttl", "Item": {"pk": {"S": "old"}, "exp": {"N": "1767225601"}}}));
    run(&mut engine, "PutItem", json!({"TableName": "ttl", "Item": {"pk": {"S": "kept"}}}));
    run(&mut engine, "PutItem", json!({"TableName": "zzz", "Item": {"pk": {"S": "other"}}}));
    run(&mut engine, "UpdateTimeToLive", spec(false));
    engine.advance_clock(301_001);
    run(&mut engine, "UpdateTimeToLive", spec(true));
    let count = |e: &Engine| e.table("ttl").map(|t| t.item_count());
    let before_sweep = engine.snapshot();
    let mut restored = Engine::restore(&before_sweep).expect("restores");
    // The original still holds the expired item; the replay of zzz swept it.
    assert_eq!((count(&engine), count(&restored)), (Some(2), Some(1)));
    engine.advance_clock(0);
    restored.advance_clock(0);
    assert_eq!(count(&engine), Some(1));
    assert_eq!(restored.snapshot(), engine.snapshot());
}
