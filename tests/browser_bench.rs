//! The browser half of the benchmarks (issue #9): what the page does with
//! large data, timed in headless Chromium, each next to a baseline measured
//! in the same run so the figure reads as a ratio as well as milliseconds.
//!
//! ```text
//!   work                                  through                         baseline (same run)
//!   import 100,000 items                  exchange::import + Load         serde_json parse of the same text
//!   live cost on 10,000 items             ui::cost::preview (dry run)     BTreeMap walk over the same items
//!   1,000,000-request simulation          Engine::run_workload            1,000,000 draws into a counter
//!   items grid + partition map, 100,000   TableView + PartitionMap        the same views with 1,000 items
//!   generate 1,000,000 items              Engine::step_generation          100,000 items by PutItem, ×10
//!   check the `voting` exercise           engine::exercise::Checking        the same check at once
//!   check 10,000 records, 12 patterns     engine::exercise::Checking        the 60 s review alone
//!   the class view of 40 hand-ins         ClassView (Checking per hand-in)  the same 40 checks at once
//!   SearchVectors, 100,000 × 128 dims     Engine::execute (exact search)    a Scan of the same items
//! ```
//!
//! Every test is `#[ignore]`d: it asserts what was done (counts), never how
//! fast, and prints a table. Run them all with `scripts/bench-browser`, which
//! also builds the release `dist/` and times a cold load.

#![cfg(target_arch = "wasm32")]
// clippy.toml's rules keep weight out of the page's wasm; tests never reach it.
#![allow(clippy::disallowed_methods)]

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::time::Duration;

use ddb_playground::engine::exercise::{CheckReport, Checking, Exercise, Solution};
use ddb_playground::engine::sim::{KeyDistribution, Rng, Traffic, TrafficKind, Workload};
use ddb_playground::engine::Engine;
use ddb_playground::scenario::exchange::{self, ExportFormat};
use ddb_playground::scenario::Scenario;
use ddb_playground::ui::partitions::partition_map::PartitionMap;
use ddb_playground::ui::state::{Playground, PlaygroundContext};
use ddb_playground::ui::tables::table_view::TableView;
use serde_json::{json, Value};
use wasm_bindgen_test::*;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

// The exercise at scale, shared with the native benchmark (benches/exercise.rs).
#[path = "../benches/common/exercise_10k.rs"]
mod exercise_10k;

#[path = "../benches/common/vectors_100k.rs"]
mod vectors_100k;

fn now() -> f64 {
    web_sys::window().unwrap().performance().unwrap().now()
}

/// The median of `runs` timings of `f` (after one warm-up run), in ms.
fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = now();
            f();
            now() - start
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

fn report(work: &str, ms: f64, baseline: &str, base_ms: f64, note: &str) {
    let ratio = if base_ms > 0.0 { format!("{:.1}×", ms / base_ms) } else { "—".into() };
    console_log!("BENCH | {work} | {ms:.2} ms | {baseline} | {base_ms:.2} ms | {ratio} | {note}");
}

/// A table `Big` of `n` items: `n / 10` partition keys of ten items each,
/// about 100 bytes an item, written through the engine's API.
fn engine_with_items(n: u32) -> Engine {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Big", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]}),
        )
        .unwrap();
    for i in 0..n {
        let item = json!({"pk": {"S": format!("p{:06}", i / 10)}, "sk": {"N": (i % 10).to_string()},
            "status": {"S": if i % 10 == 0 { "OPEN" } else { "CLOSED" }}, "payload": {"S": "x".repeat(60)}});
        // 2 ms apart (500 writes a second): no partition ever throttles.
        engine.clock_mut().advance(2);
        engine.execute("PutItem", &json!({"TableName": "Big", "Item": item})).unwrap();
    }
    engine
}

#[wasm_bindgen_test]
#[ignore]
fn bench_import_100000_items() {
    let engine = engine_with_items(100_000);
    let text = exchange::export(&Scenario::of(&engine), ExportFormat::Scenario).text;
    drop(engine);
    // What the page does with an imported file: read it, then load it.
    let mut loaded = 0;
    let ms = median_ms(3, || {
        let imported = exchange::import(&text).unwrap();
        let playground = Playground::with_scenario(imported.scenario, None);
        loaded = playground.engine.borrow().table("Big").map_or(0, |t| t.item_count());
    });
    assert_eq!(loaded, 100_000);
    let base = median_ms(3, || {
        let value: Value = serde_json::from_str(&text).unwrap();
        assert!(value.is_object());
    });
    report(
        "import 100,000 items (exchange::import + Load)",
        ms,
        "serde_json::from_str::<Value> of the same file",
        base,
        &format!("file {:.1} MB", text.len() as f64 / 1e6),
    );
}

#[wasm_bindgen_test]
#[ignore]
fn bench_live_cost_on_10000_items() {
    let mut engine = engine_with_items(10_000);
    let cases = [
        (
            "Query",
            json!({"TableName": "Big", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "p000042"}}}),
        ),
        (
            "Scan",
            json!({"TableName": "Big", "FilterExpression": "#s = :o", "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":o": {"S": "OPEN"}}}),
        ),
        (
            "PutItem",
            json!({"TableName": "Big", "Item": {"pk": {"S": "p000001"}, "sk": {"N": "99"}, "payload": {"S": "y"}}}),
        ),
    ];
    // Baseline: the same 10,000 items in a plain BTreeMap, filtered the way
    // the Scan's filter does.
    let mut plain: BTreeMap<(String, u32), BTreeMap<String, String>> = BTreeMap::new();
    for i in 0..10_000u32 {
        let attributes = BTreeMap::from([
            ("status".to_string(), if i % 10 == 0 { "OPEN" } else { "CLOSED" }.to_string()),
            ("payload".to_string(), "x".repeat(60)),
        ]);
        plain.insert((format!("p{:06}", i / 10), i % 10), attributes);
    }
    let base = median_ms(11, || {
        let open = plain.values().filter(|a| a.get("status").map(String::as_str) == Some("OPEN")).count();
        assert_eq!(open, 1_000);
    });
    for (operation, request) in cases {
        let ms = median_ms(11, || {
            let preview = ddb_playground::ui::cost::preview(
                &mut ddb_playground::engine::Previews::new(&mut engine),
                operation,
                &request,
            );
            assert!(preview.outcome.is_ok(), "{operation}");
        });
        report(
            &format!("live cost (dry run) {operation}, 10,000 items"),
            ms,
            "BTreeMap walk + filter of 10,000 items",
            base,
            "target < 16 ms",
        );
    }
    assert_eq!(engine.table("Big").map(|t| t.item_count()), Some(10_000));
}

#[wasm_bindgen_test]
#[ignore]
fn bench_a_million_request_simulation() {
    // The workload of tests/partitions.rs's `a_million_requests`.
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
    let fresh = || {
        let mut engine = Engine::new();
        engine
            .execute(
                "CreateTable",
                &json!({"TableName": "MMM", "BillingMode": "PROVISIONED",
                    "ProvisionedThroughput": {"ReadCapacityUnits": 40_000, "WriteCapacityUnits": 40_000},
                    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]}),
            )
            .unwrap();
        engine
    };
    let mut requests = 0;
    let ms = median_ms(3, || {
        let mut engine = fresh();
        requests = engine.run_workload(&workload).unwrap().requests;
    });
    assert_eq!(requests, 1_000_000);
    // Baseline: a million random keys counted in a plain vector.
    let base = median_ms(3, || {
        let mut rng = Rng::new(1);
        let mut counts = vec![0u32; 100_000];
        for _ in 0..1_000_000 {
            if let Some(c) = counts.get_mut(rng.below(100_000) as usize) {
                *c += 1;
            }
        }
        assert_eq!(counts.iter().map(|c| u64::from(*c)).sum::<u64>(), 1_000_000);
    });
    report(
        "1,000,000-request workload simulation",
        ms,
        "1,000,000 random draws into a counter",
        base,
        "target < 1,000 ms",
    );
}

#[wasm_bindgen_test]
#[ignore]
fn bench_generate_a_million_items() {
    // Order items of about 150 bytes, 100 per customer (as benches/engine.rs).
    let template = json!({"ItemsPerPartitionKey": {"Distribution": "Fixed", "Count": 100},
        "Attributes": [
            {"Name": "pk", "Type": "Template", "Template": "CUSTOMER#{n}"},
            {"Name": "OrderDate", "Type": "Date", "From": "2025-01-01", "To": "2025-12-31"},
            {"Name": "sk", "Type": "Template", "Template": "ORDER#{OrderDate}#{i}"},
            {"Name": "status", "Type": "Choice", "Values": ["PENDING", "SHIPPED", "DELIVERED"], "Distribution": "Zipf"},
            {"Name": "total", "Type": "Number", "Min": 1, "Max": 1000, "Decimals": 2},
            {"Name": "note", "Type": "String", "Length": 60}]});
    let fresh = || {
        let mut engine = Engine::new();
        engine
            .execute(
                "CreateTable",
                &json!({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
                    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}],
                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]}),
            )
            .unwrap();
        engine
    };
    // As the page runs it: steps of 2,000 items (the page looks at the clock between them).
    let mut engine = fresh();
    let start = now();
    let mut generation = engine.start_generation("Orders", &template, 1_000_000, 1).unwrap();
    while !engine.step_generation(&mut generation, 2_000).unwrap() {}
    let ms = now() - start;
    assert_eq!(engine.table("Orders").unwrap().item_count(), 1_000_000);
    drop(engine);
    // Baseline: 100,000 order items sent one PutItem each, times ten (with
    // throughput enforcement off: on demand would throttle a burst of 100,000
    // writes in one engine millisecond, and a load is not traffic).
    let mut engine = fresh();
    engine.settings_mut().enforce_throughput = false;
    let start = now();
    for i in 0..100_000u32 {
        let item = json!({"pk": {"S": format!("CUSTOMER#{}", i / 100)}, "sk": {"S": format!("ORDER#2025-06-01#{i}")},
            "status": {"S": "SHIPPED"}, "total": {"N": "123.45"}, "note": {"S": "x".repeat(60)}});
        engine.execute("PutItem", &json!({"TableName": "Orders", "Item": item})).unwrap();
    }
    let base = (now() - start) * 10.0;
    assert_eq!(engine.table("Orders").unwrap().item_count(), 100_000);
    report("generate 1,000,000 items (template, seed)", ms, "100,000 PutItem × 10", base, "target < 5,000 ms");
}

#[wasm_bindgen_test]
#[ignore]
fn bench_review_and_autosave_with_a_million_generated_items() {
    use ddb_playground::engine::review::{AccessPattern, KeyVariation};
    use ddb_playground::scenario::generated::{generate, GeneratedData};
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]}),
        )
        .unwrap();
    let mut scenario = Scenario::of_engine(engine);
    let generation = GeneratedData {
        table: "Orders".into(),
        template: json!({"ItemsPerPartitionKey": {"Distribution": "Fixed", "Count": 100},
            "Attributes": [
                {"Name": "pk", "Type": "Template", "Template": "CUSTOMER#{n}"},
                {"Name": "OrderDate", "Type": "Date", "From": "2025-01-01", "To": "2025-12-31"},
                {"Name": "sk", "Type": "Template", "Template": "ORDER#{OrderDate}#{i}"},
                {"Name": "total", "Type": "Number", "Min": 1, "Max": 1000, "Decimals": 2},
                {"Name": "note", "Type": "String", "Length": 60}]}),
        count: 1_000_000,
        seed: 1,
        deleted: Vec::new(),
    };
    generate(&mut scenario.engine, &generation).unwrap();
    scenario.generated.push(generation);
    // Baseline: the copy of the engine a review runs on (and the autosave
    // once made of the whole playground).
    let start = now();
    let copy = scenario.engine.clone();
    let copy_ms = now() - start;
    drop(copy);
    // The autosave's document: the template travels, not the items.
    let start = now();
    let document = scenario.to_json().to_string();
    let write_ms = now() - start;
    assert!(document.len() < 5_000, "{}", document.len());
    report("write the scenario of 1,000,000 generated items", write_ms, "a copy of the engine", copy_ms, "");
    // A review of five patterns, 10,000 requests a second in all, for 60 s.
    let pattern = |name: &str, operation: &str, request: Value, rate: f64| AccessPattern {
        name: name.into(),
        operation: operation.into(),
        request,
        requests_per_second: rate,
        keys: KeyVariation::Zipf { count: 10_000, exponent: 1.0 },
    };
    let key = json!({"pk": {"S": "CUSTOMER#1"}, "sk": {"S": "ORDER#2025-01-01#0"}});
    let patterns = [
        pattern("Order", "GetItem", json!({"TableName": "Orders", "Key": key}), 5_000.0),
        pattern(
            "Orders of a customer",
            "Query",
            json!({"TableName": "Orders", "KeyConditionExpression": "pk = :c",
            "ExpressionAttributeValues": {":c": {"S": "CUSTOMER#1"}}, "Limit": 10}),
            3_000.0,
        ),
        pattern(
            "Place an order",
            "PutItem",
            json!({"TableName": "Orders", "Item": {"pk": {"S": "CUSTOMER#1"},
            "sk": {"S": "ORDER#2026-01-01#0"}, "total": {"N": "12"}}}),
            1_500.0,
        ),
        pattern("Cancel", "DeleteItem", json!({"TableName": "Orders", "Key": key}), 499.0),
        pattern(
            "Big orders",
            "Scan",
            json!({"TableName": "Orders", "FilterExpression": "total > :t",
            "ExpressionAttributeValues": {":t": {"N": "900"}}}),
            1.0,
        ),
    ];
    let start = now();
    let mut run = scenario.engine.start_review(&patterns, 60).unwrap();
    let start_ms = now() - start;
    let start = now();
    while run.step() {}
    let steps_ms = now() - start;
    assert_eq!(run.report().patterns[0].requests, 300_000);
    report("start a review of 5 patterns on 1,000,000 items", start_ms, "a copy of the engine", copy_ms, "");
    report("60 s of review traffic, 10,000 requests a second", steps_ms, "a copy of the engine", copy_ms, "");
}

thread_local! {
    /// The scenario the next [`Views`] shows.
    static NEXT: RefCell<Option<Scenario>> = const { RefCell::new(None) };
}

/// The Items tab's grid and the Partitions tab's map, over one playground.
#[component]
fn Views() -> Html {
    let state = use_reducer(|| {
        let scenario = NEXT.with(|next| next.borrow_mut().take()).unwrap();
        let mut playground = Playground::with_scenario(scenario, None);
        playground.selected = Some("Big".into());
        playground
    });
    html! {
        <ContextProvider<PlaygroundContext> context={state}>
            <TableView />
            <PartitionMap />
        </ContextProvider<PlaygroundContext>>
    }
}

/// Mounts the views over `n` items; (ms until both are in the DOM, DOM
/// elements under the root, rows drawn, ticks drawn).
async fn render_views(n: u32) -> (f64, u32, usize, usize) {
    let engine = engine_with_items(n);
    NEXT.with(|next| *next.borrow_mut() = Some(Scenario::of(&engine)));
    drop(engine);
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let start = now();
    let app = yew::Renderer::<Views>::with_root(root.clone()).render();
    // Polled every millisecond (the browser's timers clamp to ~4 ms).
    while root.query_selector("table.items tbody tr").unwrap().is_none()
        || root.query_selector("#partition-map .pm-band").unwrap().is_none()
    {
        yew::platform::time::sleep(Duration::from_millis(1)).await;
    }
    let ms = now() - start;
    let nodes = root.query_selector_all("*").unwrap().length();
    let rows = root.query_selector_all("table.items tbody.collection tr").unwrap().length() as usize;
    let ticks = root.query_selector_all(".pm-tick").unwrap().length() as usize;
    app.destroy();
    root.remove();
    (ms, nodes, rows, ticks)
}

#[wasm_bindgen_test]
#[ignore]
async fn bench_render_grid_and_partition_map_with_100000_items() {
    let (base_ms, base_nodes, base_rows, base_ticks) = render_views(1_000).await;
    let (ms, nodes, rows, ticks) = render_views(100_000).await;
    // Windowed: the same number of rows whatever the size; the map draws a
    // tick per stretch of the band, not per collection.
    let window_rows = ddb_playground::ui::tables::grid_window::window_rows(
        web_sys::window().unwrap().inner_height().unwrap().as_f64().unwrap(),
    );
    assert_eq!(rows, window_rows);
    assert_eq!(base_rows, window_rows);
    assert!(ticks <= ddb_playground::ui::partitions::partition_map::BUCKETS, "{ticks} ticks");
    assert!(base_ticks <= ddb_playground::ui::partitions::partition_map::TICKS_EACH, "{base_ticks} ticks");
    report(
        "render items grid + partition map, 100,000 items",
        ms,
        "the same views with 1,000 items",
        base_ms,
        &format!(
            "DOM elements {nodes} (vs {base_nodes}); rows drawn {rows} (vs {base_rows}); ticks {ticks} (vs {base_ticks})"
        ),
    );
}

/// `exercise` checked against `solution` in slices, as the page runs it:
/// the report, the milliseconds in all, the steps and the longest step.
fn check_in_slices(exercise: &Exercise, solution: &Solution) -> (CheckReport, f64, u64, f64) {
    let (mut steps, mut longest) = (0u64, 0.0f64);
    let start = now();
    let mut checking = Checking::start(exercise, solution).unwrap();
    loop {
        let began = now();
        let more = checking.step();
        longest = longest.max(now() - began);
        steps += 1;
        if !more {
            break;
        }
    }
    let sliced = now() - start;
    (checking.report().unwrap().unwrap(), sliced, steps, longest)
}

/// The check of the largest built-in exercise (`voting`: 1,000 records, a
/// 60-second review at 1,600 requests a second) in slices, as the page runs
/// it, with its longest slice (what the page blocks for at most); beside it
/// the same check at once (`engine::exercise::check`).
#[wasm_bindgen_test]
#[ignore]
fn bench_the_check_of_the_largest_built_in_exercise() {
    use ddb_playground::engine::exercise::check;
    let document: Value = serde_json::from_str(include_str!("../src/scenario/exercises/data/voting.json")).unwrap();
    let exercise = Exercise::from_json(&document).unwrap();
    let solution = Solution::from_json(&document["ModelAnswer"]).unwrap();
    let (sliced_report, sliced, steps, longest) = check_in_slices(&exercise, &solution);
    assert!(sliced_report.is_full());
    let start = now();
    let whole = check(&exercise, &solution).unwrap();
    let at_once = now() - start;
    assert_eq!(whole, sliced_report);
    report(
        "check of `voting` in slices (1,000 records, 60 s review, 96,000 requests)",
        sliced,
        "the same check at once",
        at_once,
        &format!("{steps} steps, the longest {longest:.1} ms"),
    );
}

/// The check of an exercise of 10,000 records and 12 patterns with its
/// 60-second review (the native benchmark's exercise, benches/exercise.rs)
/// in slices, as the page runs it, with its longest slice; beside it, as
/// natively, the review alone of the same patterns on the same items.
#[wasm_bindgen_test]
#[ignore]
fn bench_the_check_of_10000_records_and_12_patterns() {
    let (exercise_json, solution_json) = exercise_10k::documents();
    let exercise = Exercise::from_json(&exercise_json).unwrap();
    let solution = Solution::from_json(&solution_json).unwrap();
    let (report_of_check, sliced, steps, longest) = check_in_slices(&exercise, &solution);
    assert!(report_of_check.is_full());
    assert_eq!(report_of_check.patterns.len(), 12);
    let (engine, patterns) = exercise_10k::review_baseline(&exercise, &solution, &solution_json);
    let start = now();
    let review = engine.review_access_patterns(&patterns, 60).unwrap();
    let review_ms = now() - start;
    assert_eq!(review.patterns.len(), 12);
    report(
        "check of 10,000 records and 12 patterns in slices (60 s review, 72,000 requests)",
        sliced,
        "the 60 s review alone",
        review_ms,
        &format!("{steps} steps, the longest {longest:.1} ms"),
    );
}

/// The class view checking forty hand-ins of the largest built-in exercise
/// (`voting`, each its model answer): the mounted `ClassView`, Check
/// pressed, until the last row has its score. Beside it, the baseline: the
/// same forty checks at once (`engine::exercise::check`), which is what the
/// page would block for without slices. A timer task that wakes as often as
/// the browser lets it records the longest the page went without a turn of
/// its event loop: what the lecturer feels as a freeze.
#[wasm_bindgen_test]
#[ignore]
async fn bench_the_class_view_of_40_hand_ins() {
    use std::rc::Rc;

    use ddb_playground::engine::exercise::check;
    use ddb_playground::scenario::handin::{self, ExerciseRef, HandIn};
    use ddb_playground::ui::exercises::class_view::{ClassView, ClassViewProps};
    use wasm_bindgen::JsCast;

    const HAND_INS: usize = 40;
    let text = include_str!("../src/scenario/exercises/data/voting.json");
    let document: Value = serde_json::from_str(text).unwrap();
    let links: String = (0..HAND_INS)
        .map(|n| {
            let hand_in = HandIn {
                name: format!("Student {n:02}"),
                exercise: ExerciseRef::BuiltIn("voting".into()),
                solution: document["ModelAnswer"].clone(),
            };
            format!("https://example.org/#{}\n", handin::encode(&hand_in))
        })
        .collect();

    let page = web_sys::window().unwrap().document().unwrap();
    let root = page.create_element("div").unwrap();
    page.body().unwrap().append_child(&root).unwrap();
    let props = ClassViewProps {
        on_open: Callback::noop(),
        documents: Rc::new(BTreeMap::from([("voting".to_string(), text.to_string())])),
    };
    let app = yew::Renderer::<ClassView>::with_root_and_props(root.clone(), props).render();
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    let area: web_sys::HtmlTextAreaElement = root.query_selector("#class-links").unwrap().unwrap().dyn_into().unwrap();
    area.set_value(&links);
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    area.dispatch_event(&web_sys::Event::new_with_event_init_dict("input", &init).unwrap()).unwrap();
    yew::platform::time::sleep(Duration::from_millis(50)).await;

    // The watcher: the longest gap between two of its turns while the class is checked.
    let longest_gap = Rc::new(std::cell::Cell::new(0.0f64));
    let watching = Rc::new(std::cell::Cell::new(true));
    {
        let (longest_gap, watching) = (Rc::clone(&longest_gap), Rc::clone(&watching));
        yew::platform::spawn_local(async move {
            let mut last = now();
            while watching.get() {
                yew::platform::time::sleep(Duration::ZERO).await;
                let at = now();
                longest_gap.set(longest_gap.get().max(at - last));
                last = at;
            }
        });
    }
    let button: web_sys::HtmlElement = root.query_selector("#class-check").unwrap().unwrap().dyn_into().unwrap();
    let start = now();
    button.click();
    loop {
        yew::platform::time::sleep(Duration::from_millis(20)).await;
        let table = root.query_selector("#class-table").unwrap().map(|t| t.text_content().unwrap_or_default());
        if root.query_selector("#class-progress").unwrap().is_none()
            && table.is_some_and(|t| !t.contains("waiting…") && t.contains("Student 39"))
        {
            break;
        }
    }
    let class_ms = now() - start;
    watching.set(false);
    let scores = root.query_selector_all("#class-table tbody .class-score").unwrap();
    assert_eq!(scores.length() as usize, HAND_INS);
    for i in 0..scores.length() {
        let score = scores.item(i).unwrap().text_content().unwrap_or_default();
        let (met, of) = score.split_once(" of ").unwrap();
        assert_eq!(met, of, "every model answer scores full");
    }
    app.destroy();
    root.remove();

    let exercise = Exercise::from_json(&document).unwrap();
    let solution = Solution::from_json(&document["ModelAnswer"]).unwrap();
    let start = now();
    for _ in 0..HAND_INS {
        assert!(check(&exercise, &solution).unwrap().is_full());
    }
    let at_once = now() - start;
    report(
        "class view: 40 hand-ins of `voting` checked (each 1,000 records, 60 s review)",
        class_ms,
        "the same 40 checks at once",
        at_once,
        &format!("the page's longest turn without its event loop {:.1} ms", longest_gap.get()),
    );
}

#[wasm_bindgen_test]
#[ignore]
fn bench_search_vectors_over_100000_items_of_128_dimensions() {
    let (mut engine, search) = vectors_100k::engine_and_search();
    let mut found = 0;
    let ms = median_ms(5, || {
        let answer = engine.execute("SearchVectors", &search).unwrap();
        found = answer["SearchResults"].as_array().map_or(0, Vec::len);
    });
    assert_eq!(found, 10);
    let mut scanned = 0;
    let base = median_ms(5, || scanned = vectors_100k::scan_all(&mut engine));
    assert_eq!(scanned, u64::from(vectors_100k::ITEMS));
    report(
        "SearchVectors, TopK 10, over 100,000 items of 128 dimensions (exact)",
        ms,
        "a Scan of the same items, every page",
        base,
        "COSINE, KEYS_ONLY",
    );
    // The page's vector map of the same index: sampled points, projected,
    // and the same search ranked.
    let mut drawn = 0;
    let map = median_ms(5, || drawn = vectors_100k::map_of(&engine, &search));
    // 400 evenly through the index, and the top 10 wherever they are.
    assert!(drawn > 0 && drawn <= 410, "{drawn}");
    report(
        "the vector map of the same index and query (points drawn, projected, top 10 ranked)",
        map,
        "SearchVectors, the same query",
        ms,
        &format!("{drawn} points drawn"),
    );
}
