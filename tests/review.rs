//! Design reviews: access patterns run against the user's own tables, with
//! the figures the seeds teach (docs/lessons.md; docs/dynamodb-semantics.md
//! sections A, C and F).

use ddb_playground::engine::clock::ClockMode;
use ddb_playground::engine::review::{AccessPath, AccessPattern, Fix, KeyVariation};
use ddb_playground::engine::Engine;
use serde_json::{json, Value};

/// Seed 001's voting table: 10,000 RCU / 10,000 WCU, keyed by `pk`.
fn votes() -> Engine {
    votes_at(10_000)
}

/// The voting table provisioned at `units` RCU and WCU.
fn votes_at(units: u64) -> Engine {
    let mut engine = Engine::new();
    let table = json!({
        "TableName": "Votes",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "ProvisionedThroughput": {"ReadCapacityUnits": units, "WriteCapacityUnits": units}
    });
    engine.execute("CreateTable", &table).unwrap();
    engine
}

fn vote(keys: KeyVariation) -> AccessPattern {
    AccessPattern {
        name: "Vote for a candidate".into(),
        operation: "UpdateItem".into(),
        request: json!({
            "TableName": "Votes",
            "Key": {"pk": {"S": "CandidateA"}},
            "UpdateExpression": "ADD votes :one",
            "ExpressionAttributeValues": {":one": {"N": "1"}}
        }),
        requests_per_second: 1_500.0,
        keys,
    }
}

#[test]
fn seed_001_voting_on_one_candidate_throttles_a_third_as_key_range_throttles() {
    let engine = votes();
    let before = engine.snapshot();
    let review = engine.review_access_patterns(&[vote(KeyVariation::Single)], 60).unwrap();
    let p = &review.patterns[0];
    assert_eq!(p.access_path, AccessPath::ByKey("UpdateItem"));
    assert_eq!((p.read_units, p.write_units), (0.0, 1.0), "1 WCU per vote");
    assert_eq!(p.requests, 90_000);
    assert_eq!(p.throttled, 30_000);
    assert_eq!(p.throttling_reasons, vec![("TableWriteKeyRangeThroughputExceeded".to_string(), 30_000)]);
    // 1,500 writes a second for 30 days at $0.625 per million.
    assert!((p.monthly.on_demand - 2_430.0).abs() < 0.01, "{}", p.monthly.on_demand);
    // 1,500 WCU provisioned for 720 hours at $0.00065.
    assert!((p.monthly.provisioned - 702.0).abs() < 0.01, "{}", p.monthly.provisioned);
    assert_eq!(p.fixes, [Fix::WriteSharding { shards: 2, key: "CandidateA".into(), index: None }]);
    // The hot spot: the candidate's partition, every throttle there.
    let hot = &review.hot_spots[0];
    assert_eq!((hot.table.as_str(), hot.index.as_deref(), hot.throttled), ("Votes", None, 30_000));
    assert!(hot.partitions >= 10, "10,000 WCU need at least 10 partitions: {}", hot.partitions);
    assert_eq!(hot.key.as_ref().map(|k| k.key.as_str()), Some("CandidateA"));
    assert!((hot.consumed - 60_000.0).abs() < 1.0, "1,000 WCU a second for 60 s: {}", hot.consumed);
    // An empty table stores nothing: the total is the pattern's.
    assert_eq!(review.storage.len(), 1);
    assert_eq!((review.storage[0].items, review.storage[0].billed_bytes), (0, 0));
    assert_eq!(review.total, p.monthly);
    // A review is a dry run: the playground is as it was.
    assert_eq!(engine.snapshot(), before);
}

#[test]
fn seed_001_voting_over_ten_shards_never_throttles() {
    let review = votes().review_access_patterns(&[vote(KeyVariation::Uniform { count: 10 })], 60).unwrap();
    let p = &review.patterns[0];
    assert_eq!((p.requests, p.throttled), (90_000, 0));
    assert!(p.throttling_reasons.is_empty());
    assert!(p.fixes.is_empty());
}

#[test]
fn each_pattern_is_classified_and_a_bad_one_does_not_stop_the_others() {
    let mut engine = votes();
    engine
        .execute("PutItem", &json!({"TableName": "Votes", "Item": {"pk": {"S": "CandidateA"}, "votes": {"N": "3"}}}))
        .unwrap();
    let pattern = |name: &str, operation: &str, request: Value| AccessPattern {
        name: name.into(),
        operation: operation.into(),
        request,
        requests_per_second: 10.0,
        keys: KeyVariation::Single,
    };
    let patterns = [
        pattern("Count", "GetItem", json!({"TableName": "Votes", "Key": {"pk": {"S": "CandidateA"}}})),
        pattern(
            "Count by query",
            "Query",
            json!({"TableName": "Votes", "KeyConditionExpression": "pk = :c", "ExpressionAttributeValues": {":c": {"S": "CandidateA"}}}),
        ),
        pattern("Leaders", "Scan", json!({"TableName": "Votes"})),
        pattern("Statement", "ExecuteStatement", json!({"Statement": "SELECT * FROM Votes WHERE pk = 'CandidateA'"})),
        pattern(
            "By region",
            "Query",
            json!({"TableName": "Votes", "IndexName": "ByRegion", "KeyConditionExpression": "r = :r", "ExpressionAttributeValues": {":r": {"S": "EU"}}}),
        ),
    ];
    let review = engine.review_access_patterns(&patterns, 5).unwrap();
    let paths: Vec<&str> = review.patterns.iter().map(|p| p.access_path.name()).collect();
    assert_eq!(paths, ["GetItem", "Query", "Scan", "GetItem", "Unservable"]);
    let unservable = &review.patterns[4];
    assert_eq!(unservable.error.as_ref().map(|e| e.name()), Some("ValidationException"));
    assert_eq!(unservable.requests, 0);
    // A Query on an attribute no key has: a GSI on it would serve it.
    let wanted = Fix::GlobalSecondaryIndex { partition_key: Some("r".into()), sort_key: vec![], sparse: true };
    assert_eq!(unservable.fixes, [wanted]);
    assert_eq!(review.patterns[0].requests, 50, "the others still run");
    assert_eq!(review.patterns[0].read_units, 0.5);
    // Storage: the item's bytes (pk + "CandidateA" + votes + 3 = 2 + 10 + 5 + 2)
    // plus 100 bytes of overhead, at $0.25 a GB-month.
    let votes = &review.storage[0];
    assert_eq!((votes.table.as_str(), votes.items, votes.billed_bytes), ("Votes", 1, 119));
    assert!((votes.monthly - 119e-9 * 0.25).abs() < 1e-15);
}

#[test]
fn bad_rates_and_lengths_get_clear_messages() {
    let engine = votes();
    for (rate, says) in [(0.0, "above 0"), (-1.0, "above 0"), (f64::NAN, "above 0"), (1e8, "at most")] {
        let mut p = vote(KeyVariation::Single);
        p.requests_per_second = rate;
        let error = engine.review_access_patterns(&[p], 1).unwrap_err();
        assert!(error.message().contains(says), "{rate}: {}", error.message());
    }
    let error = engine.review_access_patterns(&[vote(KeyVariation::Uniform { count: 0 })], 1).unwrap_err();
    assert!(error.message().contains("Count must be between 1"), "{}", error.message());
    let zipf = KeyVariation::Zipf { count: 10, exponent: f64::INFINITY };
    assert!(engine.review_access_patterns(&[vote(zipf)], 1).is_err());
    assert!(engine.review_access_patterns(&[vote(KeyVariation::Single)], 0).is_err());
    assert!(engine.review_access_patterns(&[vote(KeyVariation::Single)], 3_601).is_err());
}

#[test]
fn seed_001_messaging_prices_the_whole_messages_inbox_beside_the_paged_one() {
    use ddb_playground::scenario::lessons::{self, setup};
    let lesson = lessons::LessonLibrary::new().lesson("messaging").unwrap();
    let engine = setup::scenario(&lesson).unwrap().engine;
    // Both designs at 10 inbox loads a second.
    let pattern = |name: &str| {
        let op = lesson.operation(name).unwrap().clone();
        AccessPattern {
            name: name.into(),
            operation: op.operation,
            request: op.request,
            requests_per_second: 10.0,
            keys: KeyVariation::Single,
        }
    };
    let patterns = [pattern("Fetch all 50 messages"), pattern("Inbox from the small GSI")];
    let review = engine.review_access_patterns(&patterns, 10).unwrap();
    let (whole, paged) = (&review.patterns[0], &review.patterns[1]);
    assert_eq!(whole.access_path, AccessPath::ByKey("BatchGetItem"));
    assert_eq!(whole.read_units, 1_600.0);
    assert_eq!(paged.access_path, AccessPath::Query { index: Some("Inbox".into()) });
    assert_eq!(paged.read_units, 1.0);
    // 16,000 read units a second for 30 days at $0.125 per million: $5,184;
    // the paged inbox $3.24. Provisioned: 16,000 RCU × 720 h × $0.00013.
    assert!((whole.monthly.on_demand - 5_184.0).abs() < 0.01, "{}", whole.monthly.on_demand);
    assert!((paged.monthly.on_demand - 3.24).abs() < 0.001, "{}", paged.monthly.on_demand);
    assert!((whole.monthly.provisioned - 1_497.6).abs() < 0.01, "{}", whole.monthly.provisioned);
    // The messages are stored once, 50 × 256 KB and 100 bytes each, beside the GSI's entries.
    let messages = review.storage.iter().find(|s| s.table == "Messages" && s.index.is_none()).unwrap();
    assert!(messages.billed_bytes >= 50 * (256 * 1024 + 100), "{}", messages.billed_bytes);
}

#[test]
fn a_review_stepped_second_by_second_gives_the_same_report_and_its_heatmap() {
    let engine = votes();
    let patterns = [vote(KeyVariation::Single)];
    let whole = engine.review_access_patterns(&patterns, 10).unwrap();
    let mut run = engine.start_review(&patterns, 10).unwrap();
    assert!(run.step() && run.step());
    let partial = run.report();
    assert_eq!((partial.seconds, partial.patterns[0].requests), (2, 3_000));
    while run.step() {}
    assert!(run.is_finished());
    assert_eq!(run.report(), whole);
    // The copy's metrics are the review's: 500 key-range throttles a second.
    let start = run.start_second();
    let metrics = run.engine().metrics("Votes", None, start, start + 10, 1).unwrap();
    assert_eq!(metrics.throttles().by_reason(false), vec![("TableWriteKeyRangeThroughputExceeded".to_string(), 5_000)]);
    assert_eq!(metrics.top_keys[0].key, "CandidateA");
}

/// Seed 002's order entry: 3,000 orders of 250 bytes, 20 % of them OPEN,
/// all OPEN orders under one GSI key, read 1,000 times a second — the
/// seed's MaxRequiredIO of 600,000 items a second.
#[test]
fn seed_002_open_orders_under_one_gsi_key_want_13_write_shards() {
    let mut engine = Engine::new();
    let table = json!({
        "TableName": "Orders",
        "AttributeDefinitions": [
            {"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "Status", "AttributeType": "S"}
        ],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
        "BillingMode": "PAY_PER_REQUEST",
        "GlobalSecondaryIndexes": [{"IndexName": "GSI-2",
            "KeySchema": [{"AttributeName": "Status", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}}]
    });
    engine.execute("CreateTable", &table).unwrap();
    // Loaded at 500 orders a second: a faster load would be throttled itself.
    engine.clock_mut().set_mode(ClockMode::Manual);
    for n in 0..3_000 {
        engine.clock_mut().advance(2);
        let status = if n % 5 == 0 { "OPEN" } else { "CLOSED" };
        let pk = format!("ORDER#{n:05}");
        // Attribute names and values: PK + ORDER#nnnnn, Status + the status,
        // Body padded so the order is 250 bytes.
        let fixed = 2 + pk.len() + 6 + status.len() + 4;
        let item = json!({"PK": {"S": pk}, "Status": {"S": status}, "Body": {"S": "x".repeat(250 - fixed)}});
        engine.execute("PutItem", &json!({"TableName": "Orders", "Item": item})).unwrap();
    }
    // The last orders' GSI entries propagate.
    engine.clock_mut().advance(10_000);
    let open = AccessPattern {
        name: "OPEN orders".into(),
        operation: "Query".into(),
        request: json!({"TableName": "Orders", "IndexName": "GSI-2", "KeyConditionExpression": "#s = :open",
            "ExpressionAttributeNames": {"#s": "Status"}, "ExpressionAttributeValues": {":open": {"S": "OPEN"}}}),
        requests_per_second: 1_000.0,
        keys: KeyVariation::Single,
    };
    let review = engine.review_access_patterns(&[open], 10).unwrap();
    let p = &review.patterns[0];
    assert_eq!(p.access_path, AccessPath::Query { index: Some("GSI-2".into()) });
    // 600 orders × 250 B = 150,000 B: 37 blocks of 4 KB, halved (a GSI reads eventually consistent).
    assert_eq!(p.read_units, 18.5);
    assert!(
        p.throttling_reasons.iter().any(|(r, _)| r == "IndexReadKeyRangeThroughputExceeded"),
        "{:?}",
        p.throttling_reasons
    );
    // N = 600,000 items a second / (3,000 × 4 KB / 250 B): 12.2, so 13.
    assert_eq!(p.fixes, [Fix::WriteSharding { shards: 13, key: "OPEN".into(), index: Some("GSI-2".into()) }]);
    let hot = review.hot_spots.iter().find(|h| h.index.as_deref() == Some("GSI-2")).unwrap();
    assert_eq!(hot.key.as_ref().map(|k| k.key.as_str()), Some("OPEN"));
}

/// A table provisioned below the rate, on one key: once its burst is spent
/// its capacity refuses, and one partition could not serve the rate anyway.
#[test]
fn a_pattern_over_its_tables_capacity_and_a_partitions_wants_both_fixes() {
    let engine = votes_at(100);
    let review = engine.review_access_patterns(&[vote(KeyVariation::Single)], 60).unwrap();
    let p = &review.patterns[0];
    let reasons: Vec<&str> = p.throttling_reasons.iter().map(|(r, _)| r.as_str()).collect();
    assert!(reasons.contains(&"TableWriteProvisionedThroughputExceeded"), "{reasons:?}");
    assert_eq!(
        p.fixes,
        [
            Fix::Provision { index: None, read: 0.0, write: 1_500.0 },
            Fix::WriteSharding { shards: 2, key: "CandidateA".into(), index: None }
        ],
        "{reasons:?}"
    );
}

/// A table provisioned below what its patterns ask for, in a run too short
/// to spend its burst capacity: no throttle yet, but the review says it
/// will, and what the table needs for all of them together.
#[test]
fn a_table_asked_for_more_than_it_has_is_flagged_before_its_burst_runs_out() {
    let engine = votes_at(100);
    let mut a = vote(KeyVariation::Uniform { count: 100 });
    a.requests_per_second = 80.0;
    let mut b = a.clone();
    b.name = "Another vote".into();
    let review = engine.review_access_patterns(&[a, b], 5).unwrap();
    for p in &review.patterns {
        assert_eq!(p.throttled, 0, "burst capacity carries 5 s");
        assert!(p.over_capacity);
        // 160 WCU a second for both, on a table of 100: one capacity fix, no shards.
        assert_eq!(p.fixes, [Fix::Provision { index: None, read: 0.0, write: 160.0 }]);
    }
    // Spread over 100 keys at 80 a second: nothing for sharding to fix.
    let review = engine.review_access_patterns(&[vote(KeyVariation::Uniform { count: 100 })], 5).unwrap();
    assert!(review.patterns[0].fixes.iter().all(|f| !matches!(f, Fix::WriteSharding { .. })));
}

/// A vector index's patterns: a search is metered in bytes and priced at
/// $0.002 per GB, a write to an indexed item adds its vector bytes at $0.52
/// per GB, and the index's storage is its IndexSizeBytes
/// (docs/vector-search.md).
#[test]
fn vector_searches_and_writes_are_priced_in_bytes() {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Products", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "sku", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "sku", "KeyType": "HASH"}],
                "VectorIndexes": [{"IndexName": "ByLook", "VectorAttribute": {"AttributeName": "look"}, "Dimensions": 3,
                    "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "KEYS_ONLY"}}]}),
        )
        .unwrap();
    let item = |sku: &str| json!({"sku": {"S": sku}, "look": {"L": [{"N": "1"}, {"N": "0"}, {"N": "0"}]}});
    engine.execute("PutItem", &json!({"TableName": "Products", "Item": item("a")})).unwrap();
    let search = AccessPattern {
        name: "Similar products".into(),
        operation: "SearchVectors".into(),
        request: json!({"TableName": "Products", "IndexName": "ByLook", "TopK": 5,
            "SearchVector": [{"N": "1"}, {"N": "0.5"}, {"N": "0"}]}),
        requests_per_second: 10.0,
        keys: KeyVariation::Single,
    };
    let add = AccessPattern {
        name: "Add a product".into(),
        operation: "PutItem".into(),
        request: json!({"TableName": "Products", "Item": item("b")}),
        requests_per_second: 5.0,
        keys: KeyVariation::Single,
    };
    let review = engine.review_access_patterns(&[search, add], 5).unwrap();
    let month = 30.0 * 24.0 * 3600.0;
    let (s, w) = (&review.patterns[0], &review.patterns[1]);
    assert_eq!(s.access_path, AccessPath::Search { index: "ByLook".into() });
    assert!(s.error.is_none(), "{:?}", s.error);
    assert_eq!((s.read_units, s.write_units, s.search_bytes), (0.0, 0.0, 1024.0), "1 KB floor, no units");
    let searches = 10.0 * month * 1024.0 / 1e9 * 0.002;
    assert!((s.monthly.on_demand - searches).abs() < 1e-9, "{}", s.monthly.on_demand);
    assert!((s.monthly.provisioned - searches).abs() < 1e-9, "the same in either mode");
    assert_eq!(s.throttled, 0);
    // A 1 WRU write whose entry is metered at the 1 KB floor.
    assert_eq!((w.write_units, w.vector_write_bytes), (1.0, 1024.0));
    let writes = 5.0 * month * (1.0 * 0.625 / 1e6 + 1024.0 / 1e9 * 0.52);
    assert!((w.monthly.on_demand - writes).abs() < 1e-9, "{} against {writes}", w.monthly.on_demand);
    // The vector index's storage: 4 bytes × 3 dimensions, the attribute's
    // name, and the projected key.
    let stored = review.storage.iter().find(|s| s.index.as_deref() == Some("ByLook")).unwrap();
    assert_eq!(stored.items, 1);
    assert!(stored.billed_bytes > 12, "{stored:?}");
}
