//! Engine benchmarks (issue #9): what a request costs through
//! `Engine::execute`, each beside a baseline doing the same logical work on a
//! plain `BTreeMap` in the same run, so the figure to read is the ratio.
//!
//! ```text
//! cargo bench --bench engine              # everything, a few minutes on 2 cores
//! cargo bench --bench engine -- get_item  # one group
//! scripts/bench-engine                    # the same, then a table of ratios
//! ```
//!
//! **Engine side.** Every case sends the request body as text, the way an SDK
//! sends it, through [`Engine::execute_json`] (parse, validate, run, charge
//! capacity, admit against the partitions' token buckets) and serialises the
//! response to text, as the endpoint does. Before each request the manual
//! clock moves 1 ms (the endpoint moves the clock on every request too), so
//! the buckets refill and nothing is throttled; an error stops the bench.
//!
//! **Baseline.** A `BTreeMap<(pk, sk), serde_json::Value>` holding the same
//! items in DynamoDB JSON: parse the same request text, do the operation's
//! logic by hand (no validation, no expressions, no capacity), serialise the
//! same response. It is what an emulator without any of DynamoDB's rules
//! would cost.
//!
//! The 1,000,000-item table is loaded once (about 150 bytes an item, 100
//! items per partition key; see `common`) and shared by the PutItem, GetItem,
//! UpdateItem and Query cases. Query is also measured at 10,000 and 100,000
//! items: with keys in B-trees its time should not grow with the table
//! (O(log n + k)).

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod common;

#[cfg(not(target_arch = "wasm32"))]
#[path = "common/vectors_100k.rs"]
mod vectors_100k;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::collections::BTreeMap;
    use std::hint::black_box;
    use std::time::Duration;

    use criterion::{BenchmarkId, Criterion, Throughput};
    use ddb_playground::engine::expr::placeholders::{Placeholders, Usage};
    use ddb_playground::engine::expr::update::UpdateExpression;
    use ddb_playground::engine::expr::Condition;
    use ddb_playground::engine::review::{AccessPattern, KeyVariation};
    use ddb_playground::engine::sim::{KeyDistribution, Rng, Traffic, TrafficKind, Workload};
    use ddb_playground::engine::Engine;
    use serde_json::{json, Value};

    use super::common::{self, ORDERS_PER_CUSTOMER, TABLE};
    use super::vectors_100k;

    /// The baseline store: the items as DynamoDB JSON under (pk, sk).
    type Baseline = BTreeMap<(String, String), Value>;

    /// Distinct request bodies each case cycles through (keys drawn at
    /// random, so neither side runs on a warm cache line).
    const BODIES: usize = 4096;

    /// Runs one request the way the endpoint does: clock, execute, serialise.
    fn run(engine: &mut Engine, operation: &str, body: &str) -> String {
        engine.advance_clock(1);
        match engine.execute_json(operation, body) {
            Ok(response) => response.to_string(),
            Err(error) => panic!("{operation} failed in a benchmark: {error}"),
        }
    }

    fn string_at<'a>(v: &'a Value, path: &[&str]) -> &'a str {
        path.iter().fold(v, |v, p| &v[*p]).as_str().unwrap_or_default()
    }

    fn baseline_put(store: &mut Baseline, body: &str) -> String {
        let mut request: Value = serde_json::from_str(body).expect("JSON");
        let item = request["Item"].take();
        let key = (string_at(&item, &["pk", "S"]).to_string(), string_at(&item, &["sk", "S"]).to_string());
        store.insert(key, item);
        "{}".to_string()
    }

    fn baseline_get(store: &Baseline, body: &str) -> String {
        let request: Value = serde_json::from_str(body).expect("JSON");
        let key = (
            string_at(&request, &["Key", "pk", "S"]).to_string(),
            string_at(&request, &["Key", "sk", "S"]).to_string(),
        );
        match store.get(&key) {
            Some(item) => json!({ "Item": item }).to_string(),
            None => "{}".to_string(),
        }
    }

    /// `SET qty = qty + :one, #s = :status` if the item exists, by hand.
    fn baseline_update(store: &mut Baseline, body: &str) -> String {
        let request: Value = serde_json::from_str(body).expect("JSON");
        let key = (
            string_at(&request, &["Key", "pk", "S"]).to_string(),
            string_at(&request, &["Key", "sk", "S"]).to_string(),
        );
        let values = &request["ExpressionAttributeValues"];
        let Some(item) = store.get_mut(&key) else { return r#"{"__type":"ConditionalCheckFailed"}"#.into() };
        let qty: i64 = string_at(item, &["qty", "N"]).parse().unwrap_or(0);
        let one: i64 = string_at(values, &[":one", "N"]).parse().unwrap_or(0);
        item["qty"] = json!({ "N": (qty + one).to_string() });
        item["status"] = values[":status"].clone();
        "{}".to_string()
    }

    fn baseline_query(store: &Baseline, body: &str) -> String {
        let request: Value = serde_json::from_str(body).expect("JSON");
        let pk = string_at(&request, &["ExpressionAttributeValues", ":pk", "S"]).to_string();
        let items: Vec<&Value> =
            store.range((pk.clone(), String::new())..).take_while(|((p, _), _)| *p == pk).map(|(_, v)| v).collect();
        json!({"Items": items, "Count": items.len(), "ScannedCount": items.len()}).to_string()
    }

    /// Every item with `qty > 7`, as one page (the engine pages by 1 MB).
    fn baseline_scan(store: &Baseline, body: &str) -> String {
        let request: Value = serde_json::from_str(body).expect("JSON");
        let limit: i64 = string_at(&request, &["ExpressionAttributeValues", ":q", "N"]).parse().unwrap_or(0);
        let items: Vec<&Value> = store
            .values()
            .filter(|item| string_at(item, &["qty", "N"]).parse::<i64>().is_ok_and(|q| q > limit))
            .collect();
        json!({"Items": items, "Count": items.len(), "ScannedCount": store.len()}).to_string()
    }

    fn baseline_of(n: u64) -> Baseline {
        (0..n)
            .map(|i| {
                let item = common::item(i);
                ((string_at(&item, &["pk", "S"]).to_string(), string_at(&item, &["sk", "S"]).to_string()), item)
            })
            .collect()
    }

    /// `BODIES` request bodies for items drawn at random from `0..n`.
    fn bodies(n: u64, seed: u64, request: impl Fn(u64) -> Value) -> Vec<String> {
        let mut rng = Rng::new(seed);
        (0..BODIES).map(|_| request(rng.next_u64() % n).to_string()).collect()
    }

    /// An engine case and its baseline, side by side in one group.
    fn pair(
        c: &mut Criterion,
        group: &str,
        bodies: &[String],
        mut engine_case: impl FnMut(&str) -> String,
        mut baseline_case: impl FnMut(&str) -> String,
    ) {
        let mut g = c.benchmark_group(group);
        g.throughput(Throughput::Elements(1));
        let mut i = 0;
        g.bench_function("engine", |b| {
            b.iter(|| {
                i = (i + 1) % bodies.len();
                black_box(engine_case(&bodies[i]))
            })
        });
        g.bench_function("baseline", |b| {
            b.iter(|| {
                i = (i + 1) % bodies.len();
                black_box(baseline_case(&bodies[i]))
            })
        });
        g.finish();
    }

    /// PutItem, GetItem, UpdateItem and Query on a table of 1,000,000 items.
    fn million(c: &mut Criterion, engine: &mut Engine, store: &mut Baseline) {
        let n = 1_000_000;
        let puts = bodies(n, 1, common::put_request);
        let gets = bodies(n, 2, common::get_request);
        let updates = bodies(n, 3, common::update_request);
        let queries = bodies(n / ORDERS_PER_CUSTOMER, 4, common::query_request);
        {
            let (e, s) = (&mut *engine, &mut *store);
            let mut g = c.benchmark_group("put_item");
            g.throughput(Throughput::Elements(1));
            let mut i = 0;
            g.bench_function("engine", |b| {
                b.iter(|| {
                    i = (i + 1) % puts.len();
                    black_box(run(e, "PutItem", &puts[i]))
                })
            });
            g.bench_function("baseline", |b| {
                b.iter(|| {
                    i = (i + 1) % puts.len();
                    black_box(baseline_put(s, &puts[i]))
                })
            });
            g.finish();
        }
        let (e, s) = (std::cell::RefCell::new(&mut *engine), std::cell::RefCell::new(&mut *store));
        pair(c, "get_item", &gets, |b| run(&mut e.borrow_mut(), "GetItem", b), |b| baseline_get(&s.borrow(), b));
        pair(
            c,
            "update_item",
            &updates,
            |b| run(&mut e.borrow_mut(), "UpdateItem", b),
            |b| baseline_update(&mut s.borrow_mut(), b),
        );
        pair(
            c,
            "query_100_of_1m",
            &queries,
            |b| run(&mut e.borrow_mut(), "Query", b),
            |b| baseline_query(&s.borrow(), b),
        );
    }

    /// Query of 100 items at 10k, 100k and 1M items: flat if O(log n + k).
    fn query_scaling(c: &mut Criterion, million: &mut Engine) {
        let mut g = c.benchmark_group("query_scaling");
        for n in [10_000u64, 100_000, 1_000_000] {
            let mut small = (n < 1_000_000).then(|| common::loaded_engine(n));
            let engine = small.as_mut().unwrap_or(&mut *million);
            let queries = bodies(n / ORDERS_PER_CUSTOMER, 5, common::query_request);
            let mut i = 0;
            g.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
                b.iter(|| {
                    i = (i + 1) % queries.len();
                    black_box(run(engine, "Query", &queries[i]))
                })
            });
        }
        g.finish();
    }

    /// A Scan of 100,000 items with a filter, every page.
    fn scan(c: &mut Criterion) {
        let n = 100_000;
        let mut engine = common::loaded_engine(n);
        let store = baseline_of(n);
        let body = json!({
            "TableName": TABLE,
            "FilterExpression": "qty > :q",
            "ExpressionAttributeValues": {":q": {"N": "7"}}
        });
        let mut g = c.benchmark_group("scan_100k");
        g.sample_size(10);
        g.throughput(Throughput::Elements(n));
        g.bench_function("engine", |b| {
            b.iter(|| {
                let mut request = body.clone();
                let mut pages = 0;
                loop {
                    engine.advance_clock(1);
                    let response = engine.execute("Scan", &request).expect("Scan");
                    let text = response.to_string();
                    pages += 1;
                    match response.get("LastEvaluatedKey") {
                        Some(last) => request["ExclusiveStartKey"] = last.clone(),
                        None => break black_box((pages, text.len())),
                    }
                }
            })
        });
        let text = body.to_string();
        g.bench_function("baseline", |b| b.iter(|| black_box(baseline_scan(&store, &text))));
        g.finish();
    }

    /// SearchVectors over 100,000 items of 128 dimensions (exact search: every
    /// vector scored), beside a Scan of the same table in the same run
    /// (`common/vectors_100k.rs`): the ratio says what an exact
    /// nearest-neighbour search costs against reading every item once.
    fn search_vectors(c: &mut Criterion) {
        let (mut engine, search) = vectors_100k::engine_and_search();
        let mut g = c.benchmark_group("search_vectors_100k");
        g.sample_size(10);
        g.throughput(Throughput::Elements(u64::from(vectors_100k::ITEMS)));
        g.bench_function("engine", |b| {
            b.iter(|| {
                let response = engine.execute("SearchVectors", &search).expect("SearchVectors");
                black_box(response.to_string().len())
            })
        });
        g.bench_function("scan_baseline", |b| b.iter(|| black_box(vectors_100k::scan_all(&mut engine))));
        // The vector map of the same index and query: the points it draws,
        // projected, and the same exact search.
        g.bench_function("vector_map", |b| b.iter(|| black_box(vectors_100k::map_of(&engine, &search))));
        g.finish();
    }

    /// Parsing the expressions of an UpdateItem: the update, the condition
    /// and the placeholders they use. Baseline: parsing the request body
    /// that carries them (JSON), for scale.
    fn expressions(c: &mut Criterion) {
        let body = json!({
            "TableName": TABLE,
            "Key": {"pk": {"S": "customer#0000001"}, "sk": {"S": "order#000001"}},
            "UpdateExpression": "SET qty = qty + :one, #s = :status, shipping.city = :city, tags = list_append(if_not_exists(tags, :empty), :tag) REMOVE pending ADD pageViews :one",
            "ConditionExpression": "attribute_exists(pk) AND #s <> :cancelled AND (qty BETWEEN :lo AND :hi OR begins_with(email, :prefix))",
            "ExpressionAttributeNames": {"#s": "status"},
            "ExpressionAttributeValues": {
                ":one": {"N": "1"}, ":status": {"S": "SHIPPED"}, ":city": {"S": "Berlin"},
                ":empty": {"L": []}, ":tag": {"L": [{"S": "gift"}]}, ":cancelled": {"S": "CANCELLED"},
                ":lo": {"N": "1"}, ":hi": {"N": "9"}, ":prefix": {"S": "customer"}
            }
        })
        .to_string();
        let request: Value = serde_json::from_str(&body).expect("JSON");
        let placeholders = Placeholders::from_request(
            request.get("ExpressionAttributeNames"),
            request.get("ExpressionAttributeValues"),
        )
        .expect("placeholders");
        let update = request["UpdateExpression"].as_str().unwrap_or_default();
        let condition = request["ConditionExpression"].as_str().unwrap_or_default();
        let mut g = c.benchmark_group("expression_parse");
        g.bench_function("engine", |b| {
            b.iter(|| {
                let mut usage = Usage::default();
                let u = UpdateExpression::parse(black_box(update), &placeholders, &mut usage).expect("update");
                let k = Condition::parse(black_box(condition), "ConditionExpression", &placeholders, &mut usage)
                    .expect("condition");
                black_box((u, k))
            })
        });
        g.bench_function("baseline", |b| b.iter(|| black_box(serde_json::from_str::<Value>(black_box(&body)))));
        g.finish();
    }

    /// One million simulated requests (`Engine::run_workload`: capacity
    /// only, no items). Baseline: the same million key draws tallied per key
    /// and per second in `BTreeMap`s.
    fn workload(c: &mut Criterion) {
        let mut engine = Engine::new();
        engine.execute("CreateTable", &common::create_table()).expect("CreateTable");
        let workload = Workload {
            table: TABLE.into(),
            index: None,
            traffic: vec![
                Traffic::constant(
                    TrafficKind::Write,
                    5_000.0,
                    KeyDistribution::Zipf { keys: 100_000, s: 1.1 },
                    "u",
                    900,
                ),
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
        let mut g = c.benchmark_group("workload_1m");
        g.sample_size(10);
        g.throughput(Throughput::Elements(1_000_000));
        g.bench_function("engine", |b| {
            b.iter(|| {
                // A copy each time: the workload moves the clock and keeps metrics.
                let mut e = engine.clone();
                let report = e.run_workload(&workload).expect("workload");
                assert_eq!(report.requests, 1_000_000);
                black_box(report.consumed_write)
            })
        });
        let keys: Vec<String> = (0..100_000).map(|k| format!("u{k}")).collect();
        g.bench_function("baseline", |b| {
            b.iter(|| {
                let mut rng = Rng::new(1);
                let mut per_key: BTreeMap<&str, u64> = BTreeMap::new();
                let mut per_second: BTreeMap<u32, (u64, f64)> = BTreeMap::new();
                for r in 0..1_000_000u32 {
                    let key = &keys[rng.below(100_000) as usize];
                    *per_key.entry(key).or_default() += 1;
                    let second = per_second.entry(r / 10_000).or_default();
                    second.0 += 1;
                    second.1 += if r % 2 == 0 { 1.0 } else { 0.5 };
                }
                black_box((per_key.len(), per_second.len()))
            })
        });
        g.finish();
    }

    /// A 60-second design review of 5 access patterns at 10,000 requests a
    /// second in all (600,000 requests, each admitted on the table's
    /// capacity model with its dry run's charges). Baseline: a workload of
    /// the same 600,000 requests (capacity only, sampled keys).
    fn review(c: &mut Criterion) {
        let mut engine = Engine::new();
        engine.execute("CreateTable", &common::create_table()).expect("CreateTable");
        let key = |c: u32| json!({"pk": {"S": format!("c{c}")}, "sk": {"S": "o1"}});
        let pattern = |name: &str, operation: &str, request: Value, rate: f64, count: u32| AccessPattern {
            name: name.into(),
            operation: operation.into(),
            request,
            requests_per_second: rate,
            keys: KeyVariation::Zipf { count, exponent: 1.1 },
        };
        let patterns = [
            pattern("get", "GetItem", json!({"TableName": TABLE, "Key": key(1)}), 4_000.0, 10_000),
            pattern("put", "PutItem", json!({"TableName": TABLE, "Item": key(2)}), 2_000.0, 10_000),
            pattern(
                "update",
                "UpdateItem",
                json!({"TableName": TABLE, "Key": key(3), "UpdateExpression": "ADD n :one",
                       "ExpressionAttributeValues": {":one": {"N": "1"}}}),
                2_000.0,
                10_000,
            ),
            pattern(
                "query",
                "Query",
                json!({"TableName": TABLE, "KeyConditionExpression": "pk = :p",
                       "ExpressionAttributeValues": {":p": {"S": "c4"}}}),
                1_500.0,
                10_000,
            ),
            pattern("delete", "DeleteItem", json!({"TableName": TABLE, "Key": key(5)}), 500.0, 10_000),
        ];
        let mut g = c.benchmark_group("review_600k");
        g.sample_size(10);
        g.throughput(Throughput::Elements(600_000));
        g.bench_function("engine", |b| {
            b.iter(|| {
                let review = engine.review_access_patterns(&patterns, 60).expect("review");
                assert_eq!(review.patterns.iter().map(|p| p.requests).sum::<u64>(), 600_000);
                black_box(review.total.on_demand)
            })
        });
        let workload = Workload {
            table: TABLE.into(),
            index: None,
            traffic: vec![Traffic::constant(
                TrafficKind::Write,
                10_000.0,
                KeyDistribution::Zipf { keys: 10_000, s: 1.1 },
                "c",
                100,
            )],
            seconds: 60,
            seed: 1,
            top_n: 10,
        };
        g.bench_function("baseline", |b| {
            b.iter(|| {
                let mut e = engine.clone();
                black_box(e.run_workload(&workload).expect("workload").requests)
            })
        });
        g.finish();
    }

    /// The generator's template for order items like `common::item`'s:
    /// 100 per customer, about 150 bytes each.
    fn orders_template() -> Value {
        json!({"ItemsPerPartitionKey": {"Distribution": "Fixed", "Count": ORDERS_PER_CUSTOMER},
            "Attributes": [
                {"Name": "pk", "Type": "Template", "Template": "CUSTOMER#{n}"},
                {"Name": "OrderDate", "Type": "Date", "From": "2025-01-01", "To": "2025-12-31"},
                {"Name": "sk", "Type": "Template", "Template": "ORDER#{OrderDate}#{i}"},
                {"Name": "status", "Type": "Choice", "Values": ["PENDING", "SHIPPED", "DELIVERED"], "Distribution": "Zipf"},
                {"Name": "total", "Type": "Number", "Min": 1, "Max": 1000, "Decimals": 2},
                {"Name": "note", "Type": "String", "Length": 60}]})
    }

    /// 100,000 items from a template (`Engine::generate_items`). Baseline:
    /// the same number of order items sent one PutItem at a time, as text,
    /// through `Engine::execute_json` (what a script filling a table does).
    fn generate(c: &mut Criterion) {
        const ITEMS: u64 = 100_000;
        let mut empty = Engine::new();
        empty.execute("CreateTable", &common::create_table()).expect("CreateTable");
        let bodies: Vec<String> = (0..ITEMS).map(|i| common::put_request(i).to_string()).collect();
        let template = orders_template();
        let mut g = c.benchmark_group("generate_100k");
        g.sample_size(10);
        g.throughput(Throughput::Elements(ITEMS));
        g.bench_function("generator", |b| {
            b.iter(|| {
                let mut e = empty.clone();
                let report = e.generate_items(TABLE, &template, ITEMS, 1).expect("generated");
                assert_eq!(report.items, ITEMS);
                black_box(e)
            })
        });
        g.bench_function("baseline_put_item", |b| {
            b.iter(|| {
                let mut e = empty.clone();
                for body in &bodies {
                    black_box(run(&mut e, "PutItem", body));
                }
                black_box(e)
            })
        });
        g.finish();
    }

    pub fn main() {
        let mut c = Criterion::default()
            .sample_size(30)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3))
            .configure_from_args();
        // Set up only what criterion's filter (`a|b` alternatives) can select.
        let filters: Vec<String> = std::env::args()
            .skip(1)
            .filter(|a| !a.starts_with('-'))
            .flat_map(|a| a.split('|').map(str::to_string).collect::<Vec<_>>())
            .collect();
        let wanted =
            |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()) || f.contains(name));
        if ["put_item", "get_item", "update_item", "query_100_of_1m", "query_scaling"].iter().any(|g| wanted(g)) {
            let mut engine = common::loaded_engine(1_000_000);
            let mut store = baseline_of(1_000_000);
            million(&mut c, &mut engine, &mut store);
            drop(store);
            query_scaling(&mut c, &mut engine);
        }
        if wanted("scan_100k") {
            scan(&mut c);
        }
        if wanted("search_vectors_100k") {
            search_vectors(&mut c);
        }
        if wanted("expression_parse") {
            expressions(&mut c);
        }
        if wanted("workload_1m") {
            workload(&mut c);
        }
        if wanted("review_600k") {
            review(&mut c);
        }
        if wanted("generate_100k") {
            generate(&mut c);
        }
        c.final_summary();
    }
}
