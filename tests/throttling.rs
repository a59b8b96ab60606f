//! Throttling reasons: every throttle names each limit that refused it, on
//! which table or index, with the exception DynamoDB answers
//! (docs/dynamodb-semantics.md, sections C and F).

use ddb_playground::engine::sim::{throttle_error, Refusal};
use ddb_playground::engine::throttling::{LimitType, ThrottlingReason};
use ddb_playground::engine::throughput::{Access, Throttle};
use ddb_playground::engine::{ApiError, Engine};
use serde_json::{json, Value};

const ARN: &str = "arn:aws:dynamodb:us-east-1:000000000000:table/Tab";

fn create(engine: &mut Engine, request: Value) {
    engine.execute("CreateTable", &request).unwrap();
}

/// A table `Tab` keyed by `pk`, with a GSI `ByG` on `g` projecting ALL.
fn with_gsi(billing: Value) -> Engine {
    let mut engine = Engine::new();
    let mut request = json!({
        "TableName": "Tab",
        "AttributeDefinitions": [
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "g", "AttributeType": "S"}
        ],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "GlobalSecondaryIndexes": [{
            "IndexName": "ByG",
            "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}
        }]
    });
    if let (Some(table), Some(more)) = (request.as_object_mut(), billing.as_object()) {
        for (k, v) in more {
            table.insert(k.clone(), v.clone());
        }
        if let Some(throughput) = more.get("ProvisionedThroughput") {
            request["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"] = throughput.clone();
        }
    }
    create(&mut engine, request);
    engine
}

/// An item of about `kb` KB (a write of it costs about `kb` WCU).
fn big_item(pk: &str, g: &str, kb: usize) -> Value {
    json!({"pk": {"S": pk}, "g": {"S": g}, "pad": {"S": "x".repeat(kb * 1024 - 64)}})
}

fn put(engine: &mut Engine, item: Value) -> Result<Value, ApiError> {
    engine.execute("PutItem", &json!({"TableName": "Tab", "Item": item}))
}

fn reason(on_index: bool, access: Access, limit: LimitType) -> ThrottlingReason {
    let resource = if on_index { format!("{ARN}/index/ByG") } else { ARN.to_string() };
    ThrottlingReason { on_index, access, limit, resource }
}

#[test]
fn a_write_refused_by_the_table_and_its_gsi_names_both_table_first() {
    // 1 WCU each: 300 units of burst, which one 300 KB write spends at once.
    let mut engine = with_gsi(json!({"ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}));
    put(&mut engine, big_item("a", "x", 300)).unwrap();
    let error = put(&mut engine, big_item("b", "y", 1)).unwrap_err();
    assert_eq!(error.name(), "ProvisionedThroughputExceededException");
    assert!(error.message().starts_with("The level of configured provisioned throughput for the table was exceeded"));
    assert_eq!(
        error.throttling_reasons(),
        [
            reason(false, Access::Write, LimitType::ProvisionedThroughputExceeded),
            reason(true, Access::Write, LimitType::ProvisionedThroughputExceeded),
        ]
    );
    let wire = error.to_wire();
    assert_eq!(wire["ThrottlingReasons"][1]["reason"], "IndexWriteProvisionedThroughputExceeded");
    assert_eq!(wire["ThrottlingReasons"][1]["resource"], format!("{ARN}/index/ByG"));
}

#[test]
fn a_hot_key_is_refused_by_its_partitions_limit_in_both_modes() {
    for (billing, exception, member) in [
        (
            json!({"ProvisionedThroughput": {"ReadCapacityUnits": 10, "WriteCapacityUnits": 10_000}}),
            "ProvisionedThroughputExceededException",
            "ThrottlingReasons",
        ),
        (json!({"BillingMode": "PAY_PER_REQUEST"}), "ThrottlingException", "throttlingReasons"),
    ] {
        let mut engine = with_gsi(billing);
        // Three 350 KB writes in one second: past 1,000 WCU on one partition.
        for _ in 0..3 {
            put(&mut engine, big_item("hot", "g", 350)).unwrap();
        }
        let error = put(&mut engine, big_item("hot", "g", 1)).unwrap_err();
        assert_eq!(error.name(), exception);
        // Rewriting the same item left the GSI's entry as it was: only the
        // table's partition took the 1,050 units.
        assert_eq!(error.throttling_reasons(), [reason(false, Access::Write, LimitType::KeyRangeThroughputExceeded)]);
        assert_eq!(error.to_wire()[member][0]["reason"], "TableWriteKeyRangeThroughputExceeded");
    }
}

#[test]
fn reads_name_read_reasons() {
    let mut engine = with_gsi(json!({"ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1000}}));
    put(&mut engine, big_item("a", "x", 390)).unwrap();
    // A strongly consistent read of 390 KB: 98 RCU of a bucket of 300.
    let get = json!({"TableName": "Tab", "Key": {"pk": {"S": "a"}}, "ConsistentRead": true});
    let mut refused = None;
    for _ in 0..5 {
        if let Err(e) = engine.execute("GetItem", &get) {
            refused = Some(e);
            break;
        }
    }
    let error = refused.expect("the fourth read finds the bucket empty");
    assert_eq!(error.throttling_reasons(), [reason(false, Access::Read, LimitType::ProvisionedThroughputExceeded)]);
}

#[test]
fn a_throttled_transaction_is_cancelled_with_the_throttle_as_reason() {
    let mut engine = with_gsi(json!({"ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}));
    put(&mut engine, big_item("a", "x", 300)).unwrap();
    let request = json!({"TransactItems": [{"Put": {"TableName": "Tab", "Item": big_item("b", "y", 1)}}]});
    let error = engine.execute("TransactWriteItems", &request).unwrap_err();
    assert_eq!(error.name(), "TransactionCanceledException");
    assert_eq!(error.to_wire()["CancellationReasons"][0]["Code"], "ProvisionedThroughputExceeded");
}

#[test]
fn workloads_count_throttles_per_reason() {
    use ddb_playground::engine::sim::{KeyDistribution, Traffic, TrafficKind, Workload};
    let mut engine =
        with_gsi(json!({"ProvisionedThroughput": {"ReadCapacityUnits": 10, "WriteCapacityUnits": 10_000}}));
    let workload = Workload {
        table: "Tab".into(),
        index: None,
        traffic: vec![Traffic::constant(TrafficKind::Write, 1_500.0, KeyDistribution::HotKey, "vote", 500)],
        seconds: 2,
        seed: 1,
        top_n: 1,
    };
    let report = engine.run_workload(&workload).unwrap();
    assert_eq!(report.throttles.get(Access::Write, LimitType::KeyRangeThroughputExceeded), 1_000);
    assert_eq!(report.throttles.total(), report.throttled);
    let metrics = engine.metrics("Tab", None, 0, u64::MAX, 1).unwrap();
    assert_eq!(metrics.throttles().by_reason(false), vec![("TableWriteKeyRangeThroughputExceeded".to_string(), 1_000)]);
}

#[test]
fn an_on_demand_table_at_the_per_table_quota_is_refused_for_the_account_limit() {
    use ddb_playground::engine::sim::{KeyDistribution, Traffic, TrafficKind, Workload};
    let mut engine = Engine::new();
    let plain = json!({
        "TableName": "Tab",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "BillingMode": "PAY_PER_REQUEST"
    });
    create(&mut engine, plain);
    // Pre-warmed to 40,000 writes a second: twice its peak is then beyond
    // the quota of 40,000, which refuses first.
    let warm = json!({"TableName": "Tab", "WarmThroughput": {"WriteUnitsPerSecond": 40_000}});
    engine.execute("UpdateTable", &warm).unwrap();
    engine.clock_mut().advance(300_000);
    let traffic =
        Traffic::constant(TrafficKind::Write, 45_000.0, KeyDistribution::Uniform { keys: 1_000_000 }, "k", 100);
    let workload = Workload { table: "Tab".into(), index: None, traffic: vec![traffic], seconds: 2, seed: 7, top_n: 1 };
    let report = engine.run_workload(&workload).unwrap();
    assert_eq!(report.throttles.get(Access::Write, LimitType::AccountLimitExceeded), 10_000);
    assert_eq!(report.throttles.total(), report.throttled);
    // The exception the quota answers with: RequestLimitExceeded.
    let refusal = Refusal {
        throttle: Throttle::AccountLimit,
        on_demand: true,
        reason: reason(false, Access::Write, LimitType::AccountLimitExceeded),
    };
    let error = throttle_error(vec![refusal]);
    assert_eq!(error.name(), "RequestLimitExceeded");
    assert!(error.message().starts_with("Throughput exceeds the current throughput limit for your account."));
    assert_eq!(error.to_wire()["ThrottlingReasons"][0]["reason"], "TableWriteAccountLimitExceeded");
}

/// A batch is its items' requests: the ones their partition admits are
/// written (or read) and paid for, the refused ones come back unprocessed
/// for the caller to retry, and only a batch none of whose items got
/// through fails with the throttle (API:BatchWriteItem, API:BatchGetItem).
#[test]
fn a_batch_returns_its_refused_items_unprocessed_and_fails_only_when_none_got_through() {
    let mut engine = Engine::new();
    create(
        &mut engine,
        json!({"TableName": "Log", "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
               "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}),
    );
    let item = |n: usize| json!({"pk": {"S": format!("k{n:02}")}, "pad": {"S": "x".repeat(20 * 1024 - 64)}});
    let puts: Vec<Value> = (0..25).map(|n| json!({"PutRequest": {"Item": item(n)}})).collect();
    let batch = |writes: Value| json!({"RequestItems": {"Log": writes}, "ReturnConsumedCapacity": "TOTAL"});

    // 20 WCU an item against 300 s of 1 WCU: the first items go through.
    let response = engine.execute("BatchWriteItem", &batch(Value::Array(puts))).unwrap();
    let left = response["UnprocessedItems"]["Log"].as_array().cloned().unwrap_or_default();
    let written = 25 - left.len();
    assert!(written > 0 && !left.is_empty(), "{written} written, {} left", left.len());
    assert_eq!(response["ConsumedCapacity"][0]["CapacityUnits"], json!(20.0 * written as f64));
    // Exactly the items not left over are stored, and the left ones come back as sent.
    let stored = engine.execute("Scan", &json!({"TableName": "Log", "Select": "COUNT"})).unwrap();
    assert_eq!(stored["Count"], json!(written));
    assert_eq!(left[0], json!({"PutRequest": {"Item": item(written)}}));

    // At once again: nothing goes through, so the batch fails, and writes nothing.
    let error = engine.execute("BatchWriteItem", &batch(Value::Array(left.clone()))).unwrap_err();
    assert_eq!(error.name(), "ProvisionedThroughputExceededException");
    assert_eq!(
        error.throttling_reasons(),
        [ThrottlingReason {
            on_index: false,
            access: Access::Write,
            limit: LimitType::ProvisionedThroughputExceeded,
            resource: "arn:aws:dynamodb:us-east-1:000000000000:table/Log".into(),
        }]
    );
    assert_eq!(
        engine.execute("Scan", &json!({"TableName": "Log", "Select": "COUNT"})).unwrap()["Count"],
        json!(written)
    );

    // Reads the same way: strongly consistent 20 KB reads cost 5 RCU each.
    // Strongly consistent Scans spend the read bucket first.
    let scan = json!({"TableName": "Log", "ConsistentRead": true});
    while engine.execute("Scan", &scan).is_ok() {}
    let keys: Vec<Value> = (0..written).map(|n| json!({"pk": {"S": format!("k{n:02}")}})).collect();
    let mut asked = 0;
    let mut read = 0;
    let mut request = json!({"RequestItems": {"Log": {"Keys": keys, "ConsistentRead": true}}});
    loop {
        match engine.execute("BatchGetItem", &request) {
            Ok(response) => {
                asked += 1;
                read += response["Responses"]["Log"].as_array().map_or(0, Vec::len);
                match response["UnprocessedKeys"].get("Log") {
                    Some(left) => {
                        assert_eq!(left["ConsistentRead"], json!(true), "the keys come back as asked");
                        request = json!({"RequestItems": {"Log": left}});
                    }
                    None => break,
                }
            }
            Err(error) => {
                assert_eq!(error.name(), "ProvisionedThroughputExceededException");
                engine.advance_clock(10_000);
            }
        }
    }
    assert_eq!(read, written, "every key answered once");
    assert!(asked > 1, "a drained bucket answers a few keys at a time: {asked} answer(s)");
}
