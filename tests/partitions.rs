//! Partitions, throughput and workloads: the figures the seeds teach and the
//! throttling behaviours the playground shows (burst, adaptive capacity,
//! GSI back-pressure, splits), with exact expectations.

use std::time::Instant;

use ddb_playground::engine::partition::{plan_partitions, round2, shard_count, PARTITION_SIZE_BYTES};
use ddb_playground::engine::sim::{KeyDistribution, PartitionInfo, Traffic, TrafficKind, Workload};
use ddb_playground::engine::Engine;
use serde_json::{json, Value};

fn engine_with(table: &str, rcu: u64, wcu: u64) -> Engine {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({
                "TableName": table,
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": rcu, "WriteCapacityUnits": wcu}
            }),
        )
        .unwrap();
    engine
}

/// An engine with one on-demand table `table` keyed by `pk` (S).
fn on_demand_engine(table: &str) -> Engine {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({
                "TableName": table,
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "BillingMode": "PAY_PER_REQUEST"
            }),
        )
        .unwrap();
    engine
}

fn writes(table: &str, per_second: f64, keys: KeyDistribution, prefix: &str, seconds: u32) -> Workload {
    Workload {
        table: table.into(),
        index: None,
        traffic: vec![Traffic::constant(TrafficKind::Write, per_second, keys, prefix, 1_000)],
        seconds,
        seed: 42,
        top_n: 5,
    }
}

#[test]
fn the_seed_partition_math() {
    let plan = plan_partitions(5_000.0, 500.0, 8.0 * 1024.0 * 1024.0 * 1024.0, PARTITION_SIZE_BYTES);
    assert_eq!((round2(plan.by_capacity), round2(plan.by_size), plan.partitions), (2.17, 0.8, 3));
    assert_eq!((round2(plan.rcu_per_partition), round2(plan.wcu_per_partition)), (1_666.67, 166.67));
    // The same table for real: 3 partitions with those shares.
    let engine = engine_with("Seed", 5_000, 500);
    let parts = engine.describe_partitions("Seed", None).unwrap();
    assert_eq!(parts.len(), 3);
    assert!(parts.iter().all(|p| round2(p.rcu_share) == 1_666.67 && round2(p.wcu_share) == 166.67));
}

#[test]
fn the_seed_shard_count() {
    assert_eq!(shard_count(3_000_000, 0.2, 250), 13);
}

#[test]
fn ten_wcu_at_twenty_per_second_throttles_only_after_the_burst() {
    let mut engine = engine_with("TTT", 10, 10);
    let report = engine.run_workload(&writes("TTT", 20.0, KeyDistribution::HotKey, "k", 600)).unwrap();
    let first = report.per_second.iter().find(|s| s.throttled > 0).map(|s| s.second);
    assert_eq!(first, Some(299));
    assert_eq!(report.throttled, 10 * 301);
    assert_eq!(report.throttled_hard_limit, 0);
    // The clock moved by the workload's length.
    assert_eq!(engine.clock().now_millis(), 1_767_225_600_000 + 600_000);

    let mut engine = engine_with("TTT", 10, 10);
    let report = engine.run_workload(&writes("TTT", 10.0, KeyDistribution::HotKey, "k", 3_600)).unwrap();
    assert_eq!((report.requests, report.throttled), (36_000, 0));
}

#[test]
fn one_hot_key_throttles_on_a_big_table_and_shards_fix_it() {
    let mut engine = engine_with("Votes", 10_000, 10_000);
    assert_eq!(engine.describe_partitions("Votes", None).unwrap().len(), 14);
    let hot = engine.run_workload(&writes("Votes", 1_500.0, KeyDistribution::HotKey, "CandidateA", 60)).unwrap();
    assert!(hot.throttled > 0);
    // The hard limit bites from the first second: 500 of 1,500 each second.
    assert_eq!(hot.per_second[0].throttled, 500);
    assert_eq!(hot.throttled, 500 * 60);
    assert_eq!(hot.top_keys[0].key, "CandidateA");

    let mut engine = engine_with("Votes", 10_000, 10_000);
    let sharded = engine
        .run_workload(&writes("Votes", 1_500.0, KeyDistribution::Shards { shards: 10 }, "CandidateA", 600))
        .unwrap();
    assert_eq!((sharded.requests, sharded.throttled), (900_000, 0));
    assert_eq!(sharded.top_keys.len(), 5);
    assert!(sharded.top_keys.iter().all(|k| k.key.starts_with("CandidateA_")));
}

#[test]
fn workloads_are_deterministic() {
    let zipf =
        |seed| Workload { seed, ..writes("ZZZ", 300.0, KeyDistribution::Zipf { keys: 1_000, s: 1.2 }, "user#", 120) };
    let run = |seed| engine_with("ZZZ", 100, 100).run_workload(&zipf(seed)).unwrap();
    assert_eq!(run(7), run(7));
    assert_ne!(run(7).top_keys, run(8).top_keys);
}

#[test]
fn a_million_requests() {
    let mut engine = engine_with("MMM", 40_000, 40_000);
    let workload = Workload {
        table: "MMM".into(),
        index: None,
        traffic: vec![
            Traffic::constant(TrafficKind::Write, 5_000.0, KeyDistribution::Zipf { keys: 100_000, s: 1.1 }, "u", 900),
            Traffic::constant(
                TrafficKind::Read { consistent: false },
                5_000.0,
                KeyDistribution::Uniform { keys: 100_000 },
                "u",
                900,
            ),
        ],
        seconds: 100,
        seed: 1,
        top_n: 10,
    };
    let started = Instant::now();
    let report = engine.run_workload(&workload).unwrap();
    let elapsed = started.elapsed();
    println!("1,000,000 simulated requests in {elapsed:?}");
    assert_eq!(report.requests, 1_000_000);
    assert_eq!(report.per_second.len(), 100);
    let consumed = report.consumed_read + report.consumed_write;
    assert_eq!(consumed, 500_000.0 * 0.5 + 500_000.0 - throttled_units(&report));
}

fn throttled_units(report: &ddb_playground::engine::sim::WorkloadReport) -> f64 {
    // Reads cost 0.5, writes 1; none should throttle at this rate.
    assert_eq!(report.throttled, 0);
    0.0
}

#[test]
fn real_requests_throttle_and_consume_nothing() {
    let mut engine = engine_with("Small", 1, 1);
    let put = |i: u32| json!({"TableName": "Small", "Item": {"pk": {"S": format!("k{i}")}}});
    // A dry run never takes tokens.
    for i in 0..1_000 {
        engine.dry_run("PutItem", &put(i)).result.unwrap();
    }
    // 1 WCU: 300 s of burst, then throttled.
    for i in 0..300 {
        engine.execute("PutItem", &put(i)).unwrap();
    }
    let refused = engine.execute_charged("PutItem", &put(300));
    let err = refused.result.unwrap_err();
    assert_eq!(err.name(), "ProvisionedThroughputExceededException");
    assert_eq!(
        err.message(),
        "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."
    );
    assert!(refused.charges.is_empty());
    let get = json!({"TableName": "Small", "Key": {"pk": {"S": "k300"}}});
    assert_eq!(engine.execute("GetItem", &get).unwrap(), json!({}));
    // A second later the bucket has one unit again.
    engine.advance_clock(1_000);
    engine.execute("PutItem", &put(300)).unwrap();
    assert!(engine.execute("PutItem", &put(301)).is_err());
    let metrics = engine.metrics("Small", None, 0, u64::MAX, 3).unwrap();
    assert_eq!(metrics.samples.iter().map(|s| s.throttled_writes).sum::<u64>(), 1);
    assert_eq!(metrics.top_keys.len(), 3);
    // Turned off, requests are never throttled.
    engine.settings_mut().enforce_throughput = false;
    engine.execute("PutItem", &put(301)).unwrap();
}

#[test]
fn gsi_back_pressure_throttles_base_writes() {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({
                "TableName": "GsiT",
                "AttributeDefinitions": [
                    {"AttributeName": "pk", "AttributeType": "S"},
                    {"AttributeName": "gk", "AttributeType": "S"}
                ],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": 100, "WriteCapacityUnits": 100},
                "GlobalSecondaryIndexes": [{
                    "IndexName": "ByG",
                    "KeySchema": [{"AttributeName": "gk", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "KEYS_ONLY"},
                    "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}
                }]
            }),
        )
        .unwrap();
    let put = |i: u32| json!({"TableName": "GsiT", "Item": {"pk": {"S": format!("k{i}")}, "gk": {"S": "g"}}});
    for i in 0..300 {
        engine.execute("PutItem", &put(i)).unwrap();
    }
    let refused = engine.execute_charged("PutItem", &put(300));
    let err = refused.result.unwrap_err();
    assert_eq!(err.name(), "ProvisionedThroughputExceededException");
    assert!(err.message().contains("global secondary indexes"));
    // Writes that do not touch the index still go through.
    engine.execute("PutItem", &json!({"TableName": "GsiT", "Item": {"pk": {"S": "plain"}}})).unwrap();
}

#[test]
fn partitions_split_at_the_teaching_limit_and_never_merge() {
    let mut engine = engine_with("SSS", 5, 5);
    engine.settings_mut().partition_size_limit_bytes = 1_024;
    assert_eq!(engine.describe_partitions("SSS", None).unwrap().len(), 1);
    for i in 0..20 {
        let item = json!({"TableName": "SSS", "Item": {"pk": {"S": format!("k{i}")}, "pad": {"S": "x".repeat(200)}}});
        engine.execute("PutItem", &item).unwrap();
    }
    let parts = engine.describe_partitions("SSS", None).unwrap();
    assert!(parts.len() >= 4, "{} partitions", parts.len());
    assert!(parts.iter().all(|p| p.bytes <= 1_024));
    assert_eq!(parts.iter().map(|p| p.item_count).sum::<u64>(), 20);
    // Children share the parent's throughput: the shares still add up.
    assert!((parts.iter().map(|p| p.wcu_share).sum::<f64>() - 5.0).abs() < 1e-9);
    let count = parts.len();
    for i in 0..20 {
        engine.execute("DeleteItem", &json!({"TableName": "SSS", "Key": {"pk": {"S": format!("k{i}")}}})).unwrap();
    }
    assert_eq!(engine.describe_partitions("SSS", None).unwrap().len(), count);
    // Raising throughput beyond what the partitions serve doubles them.
    engine
        .execute(
            "UpdateTable",
            &json!({"TableName": "SSS", "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": (count as u64 + 1) * 1_000}}),
        )
        .unwrap();
    assert_eq!(engine.describe_partitions("SSS", None).unwrap().len(), count * 2);
}

#[test]
fn scan_charges_one_block_per_page_whatever_the_partitions() {
    // Choice (`docs/engine.md`, "Choices"): no per-partition minimum on Scan.
    let mut engine = engine_with("PPP", 9_000, 10);
    assert_eq!(engine.describe_partitions("PPP", None).unwrap().len(), 4);
    engine.execute("PutItem", &json!({"TableName": "PPP", "Item": {"pk": {"S": "a"}}})).unwrap();
    let out = engine.execute("Scan", &json!({"TableName": "PPP", "ReturnConsumedCapacity": "TOTAL"})).unwrap();
    assert_eq!(out["ConsumedCapacity"]["CapacityUnits"], json!(0.5));
}

#[test]
fn on_demand_tables_start_with_eight_partitions() {
    let mut engine = on_demand_engine("OnDemand");
    assert_eq!(engine.describe_partitions("OnDemand", None).unwrap().len(), 8);
    // 9,000 WRU/s spread over many keys: above 2 × 4,000, so throttled.
    let w = Workload {
        traffic: vec![Traffic::constant(
            TrafficKind::Write,
            9_000.0,
            KeyDistribution::Uniform { keys: 10_000 },
            "k",
            100,
        )],
        ..writes("OnDemand", 0.0, KeyDistribution::HotKey, "k", 10)
    };
    let report = engine.run_workload(&w).unwrap();
    assert_eq!(report.per_second[0].throttled, 1_000);
}

#[test]
fn a_request_bigger_than_the_bucket_goes_into_debt() {
    let mut engine = engine_with("Debt", 1, 1);
    // 300 KB: 300 WCU, the whole burst of a 1 WCU table, and then some.
    let big = json!({"TableName": "Debt", "Item": {"pk": {"S": "big"}, "data": {"S": "x".repeat(350 * 1024)}}});
    engine.execute("PutItem", &big).unwrap();
    let small = json!({"TableName": "Debt", "Item": {"pk": {"S": "small"}}});
    assert!(engine.execute("PutItem", &small).is_err());
    // 351 units taken from 300: 51 in debt, repaid at 1 unit a second.
    engine.clock_mut().advance(51_000);
    assert!(engine.execute("PutItem", &small).is_err());
    engine.clock_mut().advance(1_000);
    engine.execute("PutItem", &small).unwrap();
}

#[test]
fn a_throttled_transaction_is_cancelled() {
    let mut engine = engine_with("Txn", 1, 1);
    let put = |i: u32| json!({"Put": {"TableName": "Txn", "Item": {"pk": {"S": format!("k{i}")}}}});
    let txn = json!({"TransactItems": [put(0), put(1)]});
    // Each transaction costs 2 × 2 = 4 WCU: 300 units last 75 of them.
    for _ in 0..75 {
        engine.execute("TransactWriteItems", &txn).unwrap();
    }
    let err = engine.execute("TransactWriteItems", &txn).unwrap_err();
    assert_eq!(err.name(), "TransactionCanceledException");
    assert_eq!(
        err.message(),
        "Transaction cancelled, please refer cancellation reasons for specific reasons [ProvisionedThroughputExceeded, ProvisionedThroughputExceeded]"
    );
}

#[test]
fn snapshots_keep_the_partition_layout() {
    let mut engine = engine_with("Snap", 5, 5);
    engine.settings_mut().partition_size_limit_bytes = 1_024;
    for i in 0..12 {
        let item = json!({"TableName": "Snap", "Item": {"pk": {"S": format!("k{i}")}, "pad": {"S": "x".repeat(200)}}});
        engine.execute("PutItem", &item).unwrap();
    }
    // Delete most items: the splits stay, and only history explains them.
    for i in 0..10 {
        engine.execute("DeleteItem", &json!({"TableName": "Snap", "Key": {"pk": {"S": format!("k{i}")}}})).unwrap();
    }
    let before = engine.describe_partitions("Snap", None).unwrap();
    assert!(before.len() >= 3);
    let snapshot = engine.snapshot();
    assert!(snapshot.get("partitions").is_some());
    let restored = Engine::restore(&snapshot).unwrap();
    // Layout and shares come back; bucket levels are not saved (full again).
    let shape = |parts: &[PartitionInfo]| -> Vec<(u64, u64, u64, u64, f64, f64)> {
        parts.iter().map(|p| (p.start, p.end, p.item_count, p.bytes, p.rcu_share, p.wcu_share)).collect()
    };
    assert_eq!(shape(&restored.describe_partitions("Snap", None).unwrap()), shape(&before));
    assert_eq!(restored.snapshot(), snapshot);
    // A fresh table needs no layout in its snapshot.
    let mut plain = engine_with("Plain", 5, 5);
    plain.execute("PutItem", &json!({"TableName": "Plain", "Item": {"pk": {"S": "a"}}})).unwrap();
    assert!(plain.snapshot().get("partitions").is_none());
    // A hand-edited layout with a gap is refused.
    let mut broken = snapshot.clone();
    broken["partitions"][0]["ranges"][0][1] = json!("0000000000000001");
    let err = Engine::restore(&broken).unwrap_err();
    assert!(err.message().contains("without gaps"), "{err}");
}

#[test]
fn a_snapshot_replay_is_never_throttled() {
    let mut engine = engine_with("Many", 1, 1);
    engine.settings_mut().enforce_throughput = false;
    for i in 0..500 {
        engine.execute("PutItem", &json!({"TableName": "Many", "Item": {"pk": {"S": format!("k{i}")}}})).unwrap();
    }
    engine.settings_mut().enforce_throughput = true;
    let restored = Engine::restore(&engine.snapshot()).unwrap();
    assert_eq!(restored.table("Many").unwrap().item_count(), 500);
    assert!(restored.settings().enforce_throughput);
}

#[test]
fn workloads_refuse_what_would_hang_the_page() {
    let mut engine = engine_with("Big", 5, 5);
    let long = writes("Big", 1.0, KeyDistribution::HotKey, "k", 100_000);
    assert!(engine.run_workload(&long).is_err_and(|e| e.name() == "ValidationException"));
    let fast = writes("Big", f64::MAX, KeyDistribution::HotKey, "k", 10);
    assert!(engine.run_workload(&fast).is_err_and(|e| e.name() == "ValidationException"));
    let odd = Workload {
        traffic: vec![Traffic::constant(
            TrafficKind::Write,
            f64::NAN,
            KeyDistribution::Zipf { keys: 0, s: f64::NAN },
            "",
            0,
        )],
        ..writes("Big", 1.0, KeyDistribution::HotKey, "k", 10)
    };
    assert_eq!(engine.run_workload(&odd).unwrap().requests, 0);
    assert_eq!(
        engine.run_workload(&writes("Nope", 1.0, KeyDistribution::HotKey, "k", 1)).unwrap_err().name(),
        "ResourceNotFoundException"
    );
}

#[test]
fn split_for_heat_separates_two_warm_keys_but_not_one_hot_key() {
    use ddb_playground::engine::partition::key_position;
    use ddb_playground::engine::schema::KeyValue;
    let mut engine = engine_with("Heat", 10, 10_000);
    let parts = engine.describe_partitions("Heat", None).unwrap();
    let partition_of = |name: &str| {
        let pos = key_position(&KeyValue::S(name.to_string()));
        parts.iter().position(|p| p.start <= pos && pos <= p.end).unwrap()
    };
    // Two keys that share a partition.
    let first = "key0".to_string();
    let second = (1..).map(|i| format!("key{i}")).find(|k| partition_of(k) == partition_of(&first)).unwrap();
    let workload = |seconds| Workload {
        table: "Heat".into(),
        index: None,
        traffic: vec![
            Traffic::constant(TrafficKind::Write, 700.0, KeyDistribution::HotKey, &first, 1_000),
            Traffic::constant(TrafficKind::Write, 700.0, KeyDistribution::HotKey, &second, 1_000),
        ],
        seconds,
        seed: 3,
        top_n: 2,
    };
    let report = engine.run_workload(&workload(600)).unwrap();
    // 1,400 WCU/s on one partition: 400 refused each second, until the
    // partition has been hot for 300 s and splits.
    assert_eq!(report.per_second[0].throttled, 400);
    assert_eq!(report.heat_splits.len(), 1);
    let split_at = report.heat_splits[0].0;
    assert_eq!(split_at, 300);
    assert!(report.per_second[split_at as usize..].iter().all(|s| s.throttled == 0));
    assert_eq!(engine.describe_partitions("Heat", None).unwrap().len(), parts.len() + 1);

    // Turned off, it throttles for ever.
    let mut engine = engine_with("Heat", 10, 10_000);
    engine.settings_mut().heat_split_seconds = 0;
    let report = engine.run_workload(&workload(600)).unwrap();
    assert!(report.heat_splits.is_empty());
    assert_eq!(report.throttled, 400 * 600);

    // One key alone is never split: it needs write sharding.
    let mut engine = engine_with("Heat", 10, 10_000);
    let hot = engine.run_workload(&writes("Heat", 1_500.0, KeyDistribution::HotKey, "only", 900)).unwrap();
    assert!(hot.heat_splits.is_empty());
    assert_eq!(hot.throttled, 500 * 900);
}

#[test]
fn a_workload_stepped_second_by_second_matches_one_run() {
    // Two warm keys in one partition split for heat after 5 s, and a Zipf
    // read stream: every feature of a run, stepped with looks in between.
    let workload = |engine: &mut Engine| {
        engine.settings_mut().heat_split_seconds = 5;
        Workload {
            table: "Step".into(),
            index: None,
            traffic: vec![
                Traffic::constant(TrafficKind::Write, 700.0, KeyDistribution::HotKey, "key0", 1_000),
                Traffic::constant(TrafficKind::Write, 700.0, KeyDistribution::HotKey, "key2", 1_000),
                Traffic::constant(
                    TrafficKind::Read { consistent: true },
                    2_500.5,
                    KeyDistribution::Zipf { keys: 500, s: 1.1 },
                    "key",
                    5_000,
                ),
            ],
            seconds: 40,
            seed: 9,
            top_n: 6,
        }
    };
    // 1 RCU + 999 WCU: one partition, so both hot keys share it.
    let mut whole = engine_with("Step", 1, 999);
    let w = workload(&mut whole);
    let expected = whole.run_workload(&w).unwrap();
    assert!(!expected.heat_splits.is_empty(), "the run must split for heat to test the splits too");
    assert!(expected.throttled > 0);

    let mut stepped = engine_with("Step", 1, 999);
    let w = workload(&mut stepped);
    let mut run = stepped.start_workload(&w).unwrap();
    assert_eq!(run.seconds_done(), 0);
    let mut steps = 0;
    while stepped.step_workload(&mut run).unwrap() {
        steps += 1;
        // Looking in between changes nothing.
        let so_far = run.report();
        assert_eq!(so_far.per_second.len(), steps);
        assert_eq!(so_far.per_second, expected.per_second[..steps]);
        stepped.describe_partitions("Step", None).unwrap();
        stepped.metrics("Step", None, 0, u64::MAX, 3).unwrap();
    }
    assert_eq!(steps, 40);
    assert!(run.is_finished());
    assert!(!stepped.step_workload(&mut run).unwrap(), "a finished run stays finished");
    assert_eq!(run.report(), expected);
    assert_eq!(stepped.clock().now_millis(), whole.clock().now_millis());
    assert_eq!(stepped.describe_partitions("Step", None).unwrap(), whole.describe_partitions("Step", None).unwrap());
    let window = |e: &mut Engine| e.metrics("Step", None, 0, u64::MAX, 10).unwrap();
    assert_eq!(window(&mut stepped), window(&mut whole));
}

#[test]
fn sustained_real_traffic_splits_a_hot_partition_for_heat() {
    use ddb_playground::engine::partition::key_position;
    use ddb_playground::engine::schema::KeyValue;
    // 1 RCU + 999 WCU: 1/3000 + 999/1000 < 1, so one partition.
    let mut engine = engine_with("Votes", 1, 999);
    engine.settings_mut().heat_split_seconds = 3;
    assert_eq!(engine.describe_partitions("Votes", None).unwrap().len(), 1);
    let put = |key: &str| json!({"TableName": "Votes", "Item": {"pk": {"S": key}}});
    let mut throttled = Vec::new();
    for _ in 0..6 {
        engine.advance_clock(1_000);
        let mut refused = 0;
        // 600 one-unit writes each to "a" and "b": 1,200 WCU in one second
        // on one partition, 200 over its hard limit of 1,000.
        for _ in 0..600 {
            for key in ["a", "b"] {
                if engine.execute("PutItem", &put(key)).is_err() {
                    refused += 1;
                }
            }
        }
        throttled.push(refused);
    }
    // Refused in seconds 1, 2 and 3: at the first request of the fourth
    // second the streak is 3 and the partition splits between "a" and "b",
    // each child with 499.5 WCU and half the burst; 600/s each fits.
    assert_eq!(throttled, [200, 200, 200, 0, 0, 0]);
    let parts = engine.describe_partitions("Votes", None).unwrap();
    assert_eq!(parts.len(), 2);
    assert_eq!((parts[0].wcu_share, parts[1].wcu_share), (499.5, 499.5));
    let owner = |key: &str| {
        let pos = key_position(&KeyValue::S(key.into()));
        parts.iter().position(|p| p.start <= pos && pos <= p.end).unwrap()
    };
    assert_ne!(owner("a"), owner("b"));

    // Off, the same traffic throttles for ever.
    let mut engine = engine_with("Votes", 1, 999);
    engine.settings_mut().heat_split_seconds = 0;
    for _ in 0..6 {
        engine.advance_clock(1_000);
        for _ in 0..1_200 {
            let _ = engine.execute("PutItem", &put("a"));
        }
    }
    assert_eq!(engine.describe_partitions("Votes", None).unwrap().len(), 1);
}

#[test]
fn top_keys_are_those_of_the_window() {
    let mut engine = engine_with("Win", 100, 100);
    let t0 = engine.clock().now_millis() / 1000;
    let put = |key: &str| json!({"TableName": "Win", "Item": {"pk": {"S": key}}});
    let names = |e: &mut Engine, from: u64, to: u64| {
        let keys = e.metrics("Win", None, from, to, 10).unwrap().top_keys;
        keys.into_iter().map(|k| (k.key, k.accesses, k.throttles)).collect::<Vec<_>>()
    };
    // Second t0: a ×1; t0 + 1: b ×2; t0 + 2 (still under way): a ×3.
    engine.execute("PutItem", &put("a")).unwrap();
    engine.advance_clock(1_000);
    for _ in 0..2 {
        engine.execute("PutItem", &put("b")).unwrap();
    }
    engine.advance_clock(1_000);
    for _ in 0..3 {
        engine.execute("PutItem", &put("a")).unwrap();
    }
    assert_eq!(names(&mut engine, t0, t0 + 1), [("a".to_string(), 1, 0)]);
    assert_eq!(names(&mut engine, t0 + 1, t0 + 2), [("b".to_string(), 2, 0)]);
    assert_eq!(names(&mut engine, t0 + 1, t0 + 3), [("a".to_string(), 3, 0), ("b".to_string(), 2, 0)]);
    assert_eq!(names(&mut engine, 0, u64::MAX), [("a".to_string(), 4, 0), ("b".to_string(), 2, 0)]);
    assert!(names(&mut engine, t0 + 3, u64::MAX).is_empty());

    // A workload's keys count in the seconds it ran: half a second later it
    // starts at t0 + 3 (the next whole second) and runs 2 s at 10 writes/s
    // on one key.
    engine.advance_clock(500);
    let report = engine.run_workload(&writes("Win", 10.0, KeyDistribution::HotKey, "vote", 2)).unwrap();
    assert_eq!(report.start_second, t0 + 3);
    assert_eq!(names(&mut engine, t0 + 3, t0 + 4), [("vote".to_string(), 10, 0)]);
    assert_eq!(names(&mut engine, t0 + 2, t0 + 5), [("vote".to_string(), 20, 0), ("a".to_string(), 3, 0)]);
    let top1 = engine.metrics("Win", None, 0, u64::MAX, 1).unwrap().top_keys;
    assert_eq!((top1.len(), top1[0].key.as_str(), top1[0].accesses), (1, "vote", 20));
}

#[test]
fn partition_shares_read_back_exactly_through_the_saved_text() {
    let mut engine = engine_with("Shares", 5, 5);
    engine.execute("PutItem", &json!({"TableName": "Shares", "Item": {"pk": {"S": "a"}}})).unwrap();
    let mut snapshot = engine.snapshot();
    // Eleven equal ranges with shares k/11 and c/11: several of them are
    // numbers serde_json's default parsing reads back one bit off.
    let step = u64::MAX / 11;
    let ranges: Vec<Value> = (0..11u64)
        .map(|i| {
            let end = if i == 10 { u64::MAX } else { (i + 1) * step - 1 };
            json!([format!("{:016x}", i * step), format!("{end:016x}"), (i + 1) as f64 / 11.0, 5000.0 / 11.0])
        })
        .collect();
    let lossy = ranges
        .iter()
        .flat_map(|r| [r[2].as_f64().unwrap(), r[3].as_f64().unwrap()])
        .filter(|x| serde_json::from_str::<f64>(&Value::from(*x).to_string()).unwrap().to_bits() != x.to_bits())
        .count();
    assert!(lossy > 0, "the test needs shares that a plain JSON number loses");
    snapshot["partitions"] = json!([{"table": "Shares", "ranges": ranges}]);
    let mut restored = Engine::restore(&snapshot).unwrap();
    let shares = |e: &mut Engine| -> Vec<(u64, u64)> {
        e.describe_partitions("Shares", None)
            .unwrap()
            .iter()
            .map(|p| (p.rcu_share.to_bits(), p.wcu_share.to_bits()))
            .collect()
    };
    let expected: Vec<(u64, u64)> =
        (0..11u64).map(|i| (((i + 1) as f64 / 11.0).to_bits(), (5000.0f64 / 11.0).to_bits())).collect();
    assert_eq!(shares(&mut restored), expected);
    // Through text (a file, a share link) and back: not a bit changes.
    let text = restored.snapshot().to_string();
    let mut reread = Engine::restore(&serde_json::from_str(&text).unwrap()).unwrap();
    assert_eq!(shares(&mut reread), expected);
    assert_eq!(reread.snapshot(), restored.snapshot());
    // Shares saved as plain numbers (older files) still read.
    let mut plain = restored.snapshot();
    plain["partitions"][0]["ranges"][0][2] = json!(0.5);
    let old = Engine::restore(&plain).unwrap();
    assert_eq!(old.describe_partitions("Shares", None).unwrap()[0].rcu_share, 0.5);
}

#[test]
fn a_request_touches_the_partitions_admission_charges() {
    let mut engine = on_demand_engine("OnDemand");
    let layout = engine.describe_partitions("OnDemand", None).unwrap();
    let key = ddb_playground::engine::schema::KeyValue::S("k7".into());
    let position = ddb_playground::engine::partition::key_position(&key);
    let owner = layout.iter().position(|p| p.start <= position && position <= p.end).unwrap();

    let dry = engine.dry_run("GetItem", &json!({"TableName": "OnDemand", "Key": {"pk": {"S": "k7"}}}));
    dry.result.unwrap();
    let charges = dry.charges;
    let touched = engine.touched_partitions(&charges);
    assert_eq!(touched.len(), 1);
    assert_eq!((touched[0].table.as_str(), touched[0].index.as_deref()), ("OnDemand", None));
    assert_eq!((touched[0].partitions.clone(), touched[0].of), (vec![owner], 8));

    // A Scan page names no key: it draws on every partition.
    let dry = engine.dry_run("Scan", &json!({"TableName": "OnDemand"}));
    dry.result.unwrap();
    let charges = dry.charges;
    assert_eq!(engine.touched_partitions(&charges)[0].partitions, (0..8).collect::<Vec<_>>());
    assert!(engine.touched_partitions(&[]).is_empty());
}

#[test]
fn read_only_questions_take_a_shared_engine() {
    let mut engine = engine_with("Seed", 5_000, 500);
    engine.run_workload(&writes("Seed", 300.0, KeyDistribution::Uniform { keys: 50 }, "k", 3)).unwrap();
    let shared: &Engine = &engine;
    let partitions = shared.describe_partitions("Seed", None).unwrap();
    let again = shared.describe_partitions("Seed", None).unwrap();
    assert_eq!(partitions, again, "asking twice changes nothing");
    let now = shared.clock().now_millis() / 1000;
    let metrics = shared.metrics("Seed", None, 0, now + 1, 3).unwrap();
    assert_eq!(metrics.top_keys.len(), 3);
    assert!(shared.describe_partitions("Missing", None).is_err());
    // A clone answers the same.
    assert_eq!(engine.clone().describe_partitions("Seed", None).unwrap(), partitions);
}
