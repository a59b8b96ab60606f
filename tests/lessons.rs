//! The built-in lessons: every one builds through the engine, every saved
//! operation and checklist request runs on its data, and the figures of
//! `docs/lessons.md` come out exactly. Expected numbers are worked
//! out by hand from the rules in `docs/dynamodb-semantics.md`
//! (A.2: reads in 4 KB blocks summed per page, halved when eventually
//! consistent; B.1: an item's size is its names plus its values).
// clippy.toml's rules keep weight out of the page's wasm; tests never reach it.
#![allow(clippy::disallowed_methods)]

use ddb_playground::engine::partition::{plan_partitions, round2, shard_count, PARTITION_SIZE_BYTES};
use ddb_playground::engine::review::{classify, AccessPath, KeyVariation};
use ddb_playground::engine::value::size::item_size;
use ddb_playground::engine::value::wire::item_from_wire;
use ddb_playground::engine::Engine;
use ddb_playground::i18n::Lang;
use ddb_playground::scenario::lessons::{
    self, assess, setup, Lesson, LessonLibrary, Overlay, StepAction, Verdict, LESSON_IDS,
};
use ddb_playground::scenario::{link, Scenario};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn build(id: &str) -> (Lesson, Scenario) {
    let lesson = LessonLibrary::new().lesson(id).unwrap_or_else(|e| panic!("{id}: {}", e.message()));
    let scenario = setup::scenario(&lesson).unwrap_or_else(|e| panic!("{id}: {}", e.message()));
    (lesson, scenario)
}

/// Runs a saved operation for real (capacity enforced, as in class) and
/// returns its response and the units it consumed.
fn run(engine: &mut Engine, lesson: &Lesson, name: &str) -> (Value, f64) {
    let op = lesson.operation(name).unwrap_or_else(|| panic!("{}: no operation {name}", lesson.id));
    let outcome = engine.execute_charged(&op.operation, &op.request);
    let response = outcome.result.unwrap_or_else(|e| panic!("{} / {name}: {}: {}", lesson.id, e.name(), e.message()));
    let units = outcome.charges.iter().map(|c| c.units).sum();
    (response, units)
}

/// The string attribute `name` of each item of a Query/Scan response.
fn column(response: &Value, name: &str) -> Vec<String> {
    response["Items"]
        .as_array()
        .map(|items| {
            items.iter().map(|i| i[name]["S"].as_str().or(i[name]["N"].as_str()).unwrap_or("?").to_string()).collect()
        })
        .unwrap_or_default()
}

/// Each pattern of every checklist of the lesson: (checklist, pattern, verdict, units).
fn checklist(lesson: &Lesson, scenario: &Scenario) -> Vec<(String, String, Verdict, f64)> {
    let mut engine = scenario.engine.clone();
    let mut out = Vec::new();
    for list in &lesson.checklists {
        for pattern in &list.patterns {
            let assessment = assess(&mut ddb_playground::engine::Previews::new(&mut engine), lesson, pattern);
            if pattern.unservable.is_none() {
                assert!(assessment.error().is_none(), "{} / {}: {:?}", lesson.id, pattern.name, assessment.error());
            }
            out.push((list.title.clone(), pattern.name.clone(), assessment.verdict, assessment.units()));
        }
    }
    out
}

#[test]
fn the_catalog_holds_the_seventeen_lessons_in_order() {
    let all = LessonLibrary::new().lessons();
    let ids: Vec<&str> = all.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids, LESSON_IDS);
    for lesson in &all {
        assert!(!lesson.title.is_empty() && !lesson.summary.is_empty() && !lesson.steps.is_empty(), "{}", lesson.id);
        let patterns: usize = lesson.checklists.iter().map(|c| c.patterns.len()).sum();
        assert!(patterns > 0, "{}: every lesson has an access-pattern checklist", lesson.id);
        // The seeds it follows; none for a feature newer than the lecture
        // material (vector search, 2026).
        let seeds = lesson.seed.split(", ").filter(|s| !s.is_empty());
        assert!(seeds.clone().all(|s| ["000", "001", "002", "003", "004"].contains(&s)), "{}", lesson.seed);
        assert_eq!(lesson.seed.is_empty(), lesson.id == "vector-search", "{}", lesson.id);
        assert_eq!(lesson.fragment(), format!("lesson={}", lesson.id));
    }
    assert!(LessonLibrary::new().lesson("nope").unwrap_err().message().starts_with("There is no lesson \"nope\""));
}

/// The compiled-in list the browser's menu shows says what the documents
/// say, and names the file each one is in (the browser fetches that file).
#[test]
fn the_catalog_list_matches_the_documents() {
    let all = LessonLibrary::new().lessons();
    assert_eq!(all.len(), lessons::CATALOG.len());
    for (entry, lesson) in lessons::CATALOG.iter().zip(&all) {
        assert_eq!(
            (entry.id, entry.title, entry.seed),
            (lesson.id.as_str(), lesson.title.as_str(), lesson.seed.as_str())
        );
        let path = format!("{}/src/scenario/lessons/data/{}", env!("CARGO_MANIFEST_DIR"), entry.file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(Lesson::parse(&text).map(|l| l.id).ok().as_deref(), Some(entry.id), "{path}");
        assert!(LessonLibrary::new().is_available(entry.id));
        assert_eq!(lessons::entry(entry.id), Some(*entry));
    }
    assert_eq!(lessons::entry("nope"), None);
    let mut library = LessonLibrary::new();
    assert!(!library.is_available("nope"));
    assert!(!library.provide("nope", "{}"), "no lesson has that id");
    // A document handed over replaces the one at hand, in that library only.
    let forum = library.lesson("forum-lsi").unwrap();
    assert!(library.provide("game-scores", &serde_json::to_string(&forum_document()).unwrap()));
    assert_eq!(library.lesson("game-scores").unwrap(), forum);
    assert_ne!(LessonLibrary::new().lesson("game-scores").unwrap(), forum);
}

/// The forum lesson's document, as JSON.
fn forum_document() -> Value {
    let path = format!("{}/src/scenario/lessons/data/02-forum-lsi.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Operations that must be refused, with DynamoDB's message: they are the
/// lesson (a GSI read cannot be consistent; begins_with on a partition key).
const REFUSED: &[(&str, &str, &str)] = &[
    // Until the class adds the index to the live table (its last step).
    ("vector-search", "Sporty in shop A, by EUCLIDEAN", "The table does not have the specified index: ByStyleEuclid"),
    ("game-scores", "Consistent read on a GSI", "Consistent reads are not supported on global secondary indexes"),
    ("failed-design", "5 The query we imagined", "Query key condition not supported"),
    (
        "multi-attribute-keys",
        "Multi: a date range without the status",
        "RANGE key attributes Status must have equality conditions specified in the query because a condition is \
         present on key attribute OrderDate",
    ),
    ("multi-attribute-keys", "Multi: a shard without the status", "Query condition missed key schema element: Status"),
];

#[test]
fn every_lesson_builds_and_every_request_runs_on_its_data() {
    for id in LESSON_IDS {
        let (lesson, scenario) = build(id);
        assert_eq!(scenario.operations, lesson.operations, "{id}: the scenario carries the saved operations");
        assert_eq!(scenario.view["lesson"], id);
        let table = scenario.view["table"].as_str().unwrap_or_default();
        assert!(scenario.engine.table(table).is_some(), "{id}: opens on an existing table");
        // The engine comes out with enforcement on, as a student's would be.
        assert!(scenario.engine.settings().enforce_throughput, "{id}");
        let mut engine = scenario.engine.clone();
        for op in &lesson.operations {
            let outcome = engine.dry_run(&op.operation, &op.request).result;
            match REFUSED.iter().find(|(l, name, _)| *l == id && *name == op.name) {
                Some((_, _, message)) => {
                    assert_eq!(outcome.map(|_| ()).map_err(|e| e.message().to_string()), Err(message.to_string()))
                }
                None => assert!(outcome.is_ok(), "{id} / {}: {:?}", op.name, outcome.err()),
            }
        }
        for step in &lesson.steps {
            if let Some(table) = &step.table {
                assert!(scenario.engine.table(table).is_some(), "{id} / {}: no table {table}", step.title);
            }
            if let Some(StepAction::Workload(workload)) = &step.action {
                assert!(workload.run(false).is_ok(), "{id} / {}", step.title);
            }
        }
        checklist(&lesson, &scenario);
    }
}

#[test]
fn every_lesson_round_trips_through_a_share_link() {
    let mut lengths = Vec::new();
    for id in LESSON_IDS {
        let (_, scenario) = build(id);
        let fragment = link::encode(&scenario);
        let back = link::decode(&fragment).unwrap_or_else(|e| panic!("{id}: {}", e.message()));
        assert_eq!(back.to_json(), scenario.to_json(), "{id}");
        lengths.push((id, fragment.len()));
    }
    for (id, length) in &lengths {
        println!("share link of {id}: {length} characters");
    }
    let length = |id: &str| lengths.iter().find(|(l, _)| *l == id).map_or(0, |l| l.1);
    // The adjacency list of 26 items with its two GSIs fits a few kilobytes.
    assert!(length("hr-order-entry") < 4_096, "{}", length("hr-order-entry"));
    // The largest: fifty 256 KB messages (12.5 MB of JSON) compress well.
    assert!(lengths.iter().all(|(_, l)| *l < 40_000), "{lengths:?}");
}

/// Every lesson opens with its checklist as access patterns, one per
/// request a checklist pattern runs, each as valid as the endpoint wants
/// it; a dry run classifies it as the checklist does.
#[test]
fn every_lesson_opens_with_its_checklist_as_access_patterns() {
    for id in LESSON_IDS {
        let (lesson, mut scenario) = build(id);
        let expected: usize = lesson.checklists.iter().flat_map(|c| &c.patterns).map(|p| p.operations.len()).sum();
        assert_eq!(scenario.access_patterns.len(), expected, "{id}");
        for pattern in &scenario.access_patterns {
            pattern.check().unwrap_or_else(|e| panic!("{id}: {}", e.message()));
            let (path, error, _, _) =
                classify(&mut ddb_playground::engine::Previews::new(&mut scenario.engine), pattern);
            let refused = error.as_ref().map(|e| e.message().to_string());
            assert_eq!(path == AccessPath::Unservable, refused.is_some(), "{id} / {}: {refused:?}", pattern.name);
        }
    }
    // The seed's rate and write shards: 1,500 votes a second for one
    // candidate over CandidateA_0 … CandidateA_9, 1 WCU each.
    let (_, mut scenario) = build("voting");
    let vote = scenario.access_patterns.iter().find(|p| p.name == "Record a vote").cloned().unwrap();
    assert_eq!((vote.requests_per_second, &vote.keys), (1500.0, &KeyVariation::Uniform { count: 10 }));
    assert_eq!(
        classify(&mut ddb_playground::engine::Previews::new(&mut scenario.engine), &vote),
        (AccessPath::ByKey("UpdateItem"), None, 0.0, 1.0)
    );
    let total = scenario.access_patterns.iter().find(|p| p.name == "A candidate's total").unwrap();
    assert_eq!(total.requests_per_second, lessons::DEFAULT_RATE);
    // A lesson comparing designs names each pattern after its design.
    let (_, events) = build("events");
    assert!(events.access_patterns.iter().any(|p| p.name == "GSI overloading (the seed's design): 4 getEventsByDate"));
}

#[test]
fn game_scores_rows_and_the_game_title_index_order() {
    let (lesson, scenario) = build("game-scores");
    let mut engine = scenario.engine;
    let scan = engine.execute("Scan", &json!({"TableName": "GameScores"})).unwrap();
    assert_eq!(scan["Count"], 12, "nine rows of the slide and three Comet Quest players");
    // GameTitleIndex as the slide lists it: per game, TopScore ascending.
    let seed = [
        ("Alien Adventure", vec![("192", "102")]),
        ("Attack Ships", vec![("3", "103")]),
        ("Galaxy Invaders", vec![("0", "102"), ("2317", "103"), ("5842", "101")]),
        ("Meteor Blasters", vec![("723", "103"), ("1000", "101")]),
        ("Starship X", vec![("24", "101"), ("42", "103")]),
        ("Comet Quest", vec![("0", "123"), ("0", "201"), ("0", "301")]),
    ];
    for (game, rows) in seed {
        let response = engine
            .execute(
                "Query",
                &json!({"TableName": "GameScores", "IndexName": "GameTitleIndex", "KeyConditionExpression": "GameTitle = :g",
                        "ExpressionAttributeValues": {":g": {"S": game}}}),
            )
            .unwrap();
        let got: Vec<(String, String)> =
            column(&response, "TopScore").into_iter().zip(column(&response, "UserId")).collect();
        let want: Vec<(String, String)> = rows.iter().map(|(s, u)| (s.to_string(), u.to_string())).collect();
        assert_eq!(got, want, "{game}");
    }
    // The index holds exactly the 12 items, nothing more.
    let index = engine.execute("Scan", &json!({"TableName": "GameScores", "IndexName": "GameTitleIndex"})).unwrap();
    assert_eq!(index["Count"], 12);

    // Top score per game: ScanIndexForward=false, Limit=1; 1 tiny entry, eventual: 0.5 RCU.
    let (top, units) = run(&mut engine, &lesson, "Top score of Meteor Blasters");
    assert_eq!(
        (column(&top, "TopScore"), column(&top, "UserId"), units),
        (vec!["1000".into()], vec!["101".into()], 0.5)
    );
    let (best, _) = run(&mut engine, &lesson, "Best player of Galaxy Invaders");
    assert_eq!(column(&best, "UserId"), ["101"]);
    // KEYS_ONLY: index keys and table keys only.
    let (keys, _) = run(&mut engine, &lesson, "Galaxy Invaders, keys only");
    let names: Vec<Vec<&str>> = keys["Items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let mut n: Vec<&str> = i.as_object().unwrap().keys().map(String::as_str).collect();
            n.sort_unstable();
            n
        })
        .collect();
    assert!(names.iter().all(|n| n == &["GameTitle", "TopScore", "UserId"]), "{names:?}");
    // A strongly consistent read of a small item: 1 RCU (eventual would be 0.5).
    assert_eq!(run(&mut engine, &lesson, "Strongly consistent read").1, 1.0);

    let verdicts: Vec<Verdict> = checklist(&lesson, &build("game-scores").1).into_iter().map(|c| c.2).collect();
    assert_eq!(verdicts, [Verdict::Query, Verdict::Query, Verdict::Query, Verdict::Scan]);
}

#[test]
fn the_last_post_index_order() {
    let (lesson, scenario) = build("forum-lsi");
    let mut engine = scenario.engine;
    for (forum, want) in
        [("S3", ["ddd", "bbb", "ccc", "aaa"].as_slice()), ("EC2", &["zzz", "yyy"]), ("RDS", &["rrr", "ttt", "sss"])]
    {
        let response = engine
            .execute(
                "Query",
                &json!({"TableName": "Thread", "IndexName": "LastPostIndex", "KeyConditionExpression": "ForumName = :f",
                        "ExpressionAttributeValues": {":f": {"S": forum}}}),
            )
            .unwrap();
        // KEYS_ONLY, and the table's sort key Subject is projected.
        assert_eq!(column(&response, "Subject"), want, "{forum}");
        assert!(response["Items"][0].get("Replies").is_none());
    }
    let (newest, _) = run(&mut engine, &lesson, "S3 threads, newest first");
    assert_eq!(column(&newest, "Subject"), ["aaa", "ccc", "bbb", "ddd"]);
    let (january, _) = run(&mut engine, &lesson, "S3 threads posted in January");
    assert_eq!(january["Count"], 2);
    // Replies is not projected: the 4 index entries are rounded together
    // (1 block, 0.5) and each of the 4 table items is fetched on its own
    // (1 block each, 0.5): 0.5 + 4 × 0.5 = 2.5 RCU.
    assert_eq!(run(&mut engine, &lesson, "Replies through the index").1, 2.5);
}

#[test]
fn one_query_on_an_overloaded_partition_replaces_the_join() {
    let (lesson, scenario) = build("overloaded-partition");
    let mut engine = scenario.engine;
    let (big, _) = run(&mut engine, &lesson, "Everything about Big");
    assert_eq!(column(&big, "SK"), ["Elizabeth Perkins", "Penny Marshall", "Robert Loggia", "Tom Hanks"]);
    let (hanks, _) = run(&mut engine, &lesson, "Everything with Tom Hanks");
    let mut titles = column(&hanks, "PK");
    titles.sort();
    assert_eq!(titles, ["Big", "Saving Private Ryan", "Tom Hanks"]);
    let (cheap, _) = run(&mut engine, &lesson, "Products under $15");
    assert_eq!((cheap["Count"].clone(), cheap["ScannedCount"].clone()), (json!(3), json!(30)));
}

#[test]
fn hr_order_entry_serves_fourteen_patterns_by_get_item_or_query() {
    // N = (0.2 × 3,000,000) / (3,000 × floor(4096 / 250)) = 600,000 / (3,000 × 16)
    //   = 600,000 / 48,000 = 12.5 → 13 shards.
    assert_eq!(4096 / 250, 16);
    assert_eq!(shard_count(3_000_000, 0.2, 250), 13);
    // Today's 2 M orders would need ceil(400,000 / 48,000) = ceil(8.33) = 9.
    assert_eq!(shard_count(2_000_000, 0.2, 250), 9);

    let (lesson, scenario) = build("hr-order-entry");
    let results = checklist(&lesson, &scenario);
    assert_eq!(results.len(), 14);
    let verdicts: Vec<Verdict> = results.iter().map(|r| r.2).collect();
    let (q, k) = (Verdict::Query, Verdict::Key);
    assert_eq!(verdicts, [q, q, q, q, q, q, q, q, q, q, q, k, k, q]);
    // Pattern 5 reads all 13 shards: 13 Queries of at least 0.5 RCU each.
    let pattern5 = &lesson.checklists[0].patterns[4];
    assert_eq!(pattern5.fan_out, Some((":b".to_string(), 13)));
    let mut engine = scenario.engine.clone();
    let five = assess(&mut ddb_playground::engine::Previews::new(&mut engine), &lesson, pattern5);
    assert_eq!((five.costs[0].requests, five.costs[0].count, five.units()), (13, 4, 6.5));

    let mut engine = scenario.engine;
    let (by_name, _) = run(&mut engine, &lesson, "2 Employee by name");
    assert_eq!(column(&by_name, "PK"), ["HR-EMPLOYEE1"]);
    let (job, _) = run(&mut engine, &lesson, "3 Current job");
    assert_eq!(column(&job, "Data"), ["Principal Account Manager"]);
    let (orders, _) = run(&mut engine, &lesson, "4 Orders of a customer in August");
    assert_eq!(column(&orders, "PK"), ["OE-ORDER1", "OE-ORDER2"]);
    let (product, _) = run(&mut engine, &lesson, "8 Order items and inventory of a product");
    assert_eq!(column(&product, "PK"), ["OE-ORDER3", "OE-ORDER1", "OE-ORDER2", "OE-PRODUCT1"]);
    let (title, _) = run(&mut engine, &lesson, "11 Employees with a job title");
    let mut holders = column(&title, "PK");
    holders.sort();
    assert_eq!(holders, ["HR-EMPLOYEE1", "HR-JOB1"]);
}

#[test]
fn partitioning_math_of_the_seed() {
    // By capacity 5,000/3,000 + 500/1,000 = 2.1667; by size 8/10 = 0.8;
    // ceil(max) = 3; 5,000/3 = 1,666.67 RCU and 500/3 = 166.67 WCU each.
    let plan = plan_partitions(5_000.0, 500.0, 8.0 * 1024.0 * 1024.0 * 1024.0, PARTITION_SIZE_BYTES);
    assert_eq!((round2(plan.by_capacity), round2(plan.by_size), plan.partitions), (2.17, 0.8, 3));
    assert_eq!((round2(plan.rcu_per_partition), round2(plan.wcu_per_partition)), (1_666.67, 166.67));
    let (_, scenario) = build("partition-math");
    let engine = scenario.engine;
    let parts = engine.describe_partitions("Catalog", None).unwrap();
    assert_eq!(parts.len(), 3);
    assert!(parts.iter().all(|p| (round2(p.rcu_share), round2(p.wcu_share)) == (1_666.67, 166.67)));
}

/// The workload of the step titled `title`.
fn workload_of(lesson: &Lesson, title: &str) -> lessons::LessonWorkload {
    match lesson.steps.iter().find(|s| s.title == title).and_then(|s| s.action.clone()) {
        Some(StepAction::Workload(w)) => w,
        other => panic!("{title}: {other:?}"),
    }
}

#[test]
fn hot_keys_throttle_by_burst_and_by_the_hard_limit() {
    let (lesson, _) = build("hot-keys");
    // 300 writes/s on 100 WCU for 240 s. The bucket starts with 300 s × 100
    // = 30,000 units; each second asks 300 and refills 100, so it runs dry
    // in second 149 (the 150th): 100 of that second's writes are throttled,
    // then 200 of each of the remaining 90 seconds: 100 + 90 × 200 = 18,100.
    let burst = workload_of(&lesson, "The burst bucket").run(false).unwrap();
    let first = burst.per_second.iter().find(|s| s.throttled > 0).map(|s| s.second);
    assert_eq!((burst.requests, first, burst.throttled, burst.throttled_hard_limit), (72_000, Some(149), 18_100, 0));
    // 1,200 writes/s to one key of a 10,000 WCU table: one partition serves
    // 1,000 WCU, so 200 a second from the first, 60 × 200 = 12,000, all at
    // the hard limit, whatever the table's total.
    let hard = workload_of(&lesson, "The hard limit").run(false).unwrap();
    assert_eq!((hard.per_second[0].throttled, hard.throttled, hard.throttled_hard_limit), (200, 12_000, 12_000));
    // 4,000 strong reads/s of a 4,000-byte item (1 RCU each) against 3,000
    // RCU per partition: 1,000 a second, 60,000 in a minute.
    let reads = workload_of(&lesson, "Hot reads").run(false).unwrap();
    assert_eq!((reads.per_second[0].throttled, reads.throttled), (1_000, 60_000));
    // 5,000 writes/s over 10,000 keys on 14 partitions: nothing throttled.
    let spread = workload_of(&lesson, "Spread traffic").run(false).unwrap();
    assert_eq!((spread.requests, spread.throttled), (300_000, 0));
}

#[test]
fn voting_throttles_vanish_with_write_shards() {
    let (lesson, scenario) = build("voting");
    let votes = workload_of(&lesson, "One key for every vote");
    assert!(votes.compare);
    // 1,500 votes/s for 60 s = 90,000; one key's partition takes 1,000/s:
    // 500 × 60 = 30,000 throttled. Over CandidateA_0 … _9: none.
    let one_key = votes.run(false).unwrap();
    assert_eq!((one_key.requests, one_key.throttled), (90_000, 30_000));
    let sharded = votes.run(true).unwrap();
    assert_eq!((sharded.requests, sharded.throttled), (90_000, 0));
    assert!(sharded.top_keys.iter().all(|k| k.key.starts_with("CandidateA_")));
    // Shard aggregation: ten tiny items, each rounded on its own: 10 × 0.5.
    let mut engine = scenario.engine;
    let (total, units) = run(&mut engine, &lesson, "Total votes for A");
    assert_eq!((total["Responses"]["Votes"].as_array().map(Vec::len), units), (Some(10), 5.0));

    // The stream trigger keeps the candidate's total in one item: the ten
    // shards' 104,050 votes, read for 0.5 RCU instead of 5.
    let (kept, units) = run(&mut engine, &lesson, "Total from the trigger");
    assert_eq!((kept["Item"]["TotalVotes"]["N"].as_str(), units), (Some("104050"), 0.5));
    // A vote: 1 WCU for the voter; a second later the trigger's own write
    // (1 WCU, charged to VoteTotals, not to any request) has added it.
    let (_, units) = run(&mut engine, &lesson, "Vote for A on shard 4");
    assert_eq!(units, 1.0);
    engine.advance_clock(1_000);
    let (kept, _) = run(&mut engine, &lesson, "Total from the trigger");
    assert_eq!(kept["Item"]["TotalVotes"]["N"].as_str(), Some("104051"));
    let trigger = engine.stream_triggers().next().expect("the lesson's trigger");
    let stats = &trigger.stats;
    assert_eq!((trigger.name.as_str(), stats.records, stats.writes, stats.units), ("CountVotes", 11, 11, 11.0));
}

#[test]
fn messaging_large_items_cost_1600_rcu_and_the_inbox_gsi_1() {
    let (lesson, scenario) = build("messaging");
    let mut engine = scenario.engine;
    // Every message of David is exactly 256 KB.
    let mut david = Vec::new();
    for id in lessons::generate::inbox_ids() {
        let got = engine.execute("GetItem", &json!({"TableName": "Messages", "Key": {"MsgId": {"S": id}}})).unwrap();
        assert_eq!(got["Item"]["Recipient"]["S"], "David");
        david.push(item_size(&item_from_wire(&got["Item"]).unwrap()));
    }
    assert_eq!(david.len(), 50);
    assert!(david.iter().all(|size| *size == 256 * 1024), "{david:?}");

    // The first design, all pages: 50 × 256 KB × (1 RCU / 4 KB) × ½ =
    // 50 × 64 × 0.5 = 1,600 RCU. A page stops at 1 MB: 4 items = 256 blocks
    // = 128 RCU, 12 such pages and a last one of 2 items (64 RCU).
    let op = lesson.operation("Inbox, reading whole messages").unwrap().clone();
    let mut request = op.request.clone();
    let (mut pages, mut total, mut items) = (Vec::new(), 0.0, 0);
    loop {
        let outcome = engine.execute_charged("Query", &request);
        let response = outcome.result.unwrap();
        let units: f64 = outcome.charges.iter().map(|c| c.units).sum();
        pages.push(units);
        total += units;
        items += response["Count"].as_u64().unwrap();
        match response.get("LastEvaluatedKey") {
            Some(key) => request["ExclusiveStartKey"] = key.clone(),
            None => break,
        }
    }
    assert_eq!((items, total), (50, 1_600.0));
    assert_eq!(pages.len(), 13);
    assert!(pages[..12].iter().all(|p| *p == 128.0) && pages[12] == 64.0, "{pages:?}");

    // The Inbox GSI: 50 entries of exactly 128 bytes = 6,400 bytes = 2
    // blocks of 4 KB, eventually consistent: 1 RCU.
    let (inbox, units) = run(&mut engine, &lesson, "Inbox from the small GSI");
    assert_eq!((inbox["Count"].clone(), units), (json!(50), 1.0));
    let entries: Vec<usize> =
        inbox["Items"].as_array().unwrap().iter().map(|i| item_size(&item_from_wire(i).unwrap())).collect();
    assert!(entries.iter().all(|e| *e == 128), "{entries:?}");
    assert_eq!(column(&inbox, "MsgId").first().map(String::as_str), Some("3kf8"), "newest first");
    // One message: 256 KB = 64 blocks × ½ = 32 RCU; all fifty by key: each
    // item rounded on its own, 50 × 32 = 1,600 RCU. A second later: the
    // pages above took 1,600 of this second's 3,000 RCU of the table's one
    // partition, and a batch's items are admitted one by one.
    engine.clock_mut().advance(1_000);
    assert_eq!(run(&mut engine, &lesson, "Open one message").1, 32.0);
    assert_eq!(run(&mut engine, &lesson, "Fetch all 50 messages").1, 1_600.0);
}

#[test]
fn gaming_a_filter_pays_for_every_item_a_composite_key_does_not() {
    let (lesson, scenario) = build("gaming");
    let mut engine = scenario.engine;
    // OpponentDate entries (INCLUDE Status, Host) read for Bob:
    // 300 hay games: Opponent 8+3, Date 4+10, GameId 6+4, Status 6+4, Host 4+5 = 54 B → 16,200;
    // 72f49: 11 + 14 + (6+5) + (6+7) + 9 = 58; b932s: 58; ef9ca: 11 + 14 + 11 + (6+11) + 9 = 62.
    // 16,200 + 58 + 58 + 62 = 16,378 B → 4 blocks × ½ = 2 RCU, to return 2 items.
    let (filtered, units) = run(&mut engine, &lesson, "Approach 1: query filter");
    assert_eq!((filtered["Count"].clone(), filtered["ScannedCount"].clone(), units), (json!(2), json!(303), 2.0));
    // OpponentStatusDate (INCLUDE Host): only the 2 pending entries are read,
    // 11 + (10+18) + 11 + 9 = 59 B each → 1 block × ½ = 0.5 RCU.
    let (composite, units) = run(&mut engine, &lesson, "Approach 2: composite key");
    assert_eq!((composite["Count"].clone(), composite["ScannedCount"].clone(), units), (json!(2), json!(2), 0.5));
    assert_eq!(column(&composite, "GameId"), ["b932s", "72f49"]);
    assert_eq!(column(&filtered, "GameId"), ["b932s", "72f49"], "the same answer");
}

#[test]
fn the_sparse_award_index_holds_only_the_champ() {
    let (lesson, scenario) = build("sparse-index");
    let mut engine = scenario.engine;
    let (index, units) = run(&mut engine, &lesson, "Scan the sparse index");
    assert_eq!((index["Count"].clone(), index["ScannedCount"].clone(), units), (json!(1), json!(1), 0.5));
    let entry = &index["Items"][0];
    assert_eq!(
        entry,
        &json!({"Award": {"S": "Champ"}, "Id": {"N": "4"}, "User": {"S": "Mary"}, "Score": {"N": "2000"}})
    );
    let (table, _) = run(&mut engine, &lesson, "Scan the table for awards");
    assert_eq!((table["Count"].clone(), table["ScannedCount"].clone()), (json!(1), json!(6)));
}

#[test]
fn time_series_tables_have_hot_and_cold_capacity() {
    let (_, scenario) = build("time-series");
    let mut engine = scenario.engine;
    // April: 10,000/3,000 + 10,000/1,000 = 13.33 → 14 partitions; January: 1.
    assert_eq!(engine.describe_partitions("Events_table_2015_April", None).unwrap().len(), 14);
    assert_eq!(engine.describe_partitions("Events_table_2015_January", None).unwrap().len(), 1);
    let class = engine.execute("DescribeTable", &json!({"TableName": "Events_table_2015_January"})).unwrap();
    assert_eq!(class["Table"]["TableClassSummary"]["TableClass"], "STANDARD_INFREQUENT_ACCESS");
}

#[test]
fn relationships_one_to_one_to_many_and_many_to_many() {
    let (lesson, scenario) = build("relationships");
    let mut engine = scenario.engine;
    let (user, _) = run(&mut engine, &lesson, "User by license");
    assert_eq!(column(&user, "SSN"), ["987-65-4321"]);
    let (games, _) = run(&mut engine, &lesson, "Games of bob");
    assert_eq!(column(&games, "GameId"), ["Game1", "Game3"]);
    let (users, _) = run(&mut engine, &lesson, "getUsersByCourse");
    assert_eq!(column(&users, "UserId"), ["UserId01", "UserId02"]);
    let verdicts: Vec<Verdict> = checklist(&lesson, &build("relationships").1).into_iter().map(|c| c.2).collect();
    assert_eq!(verdicts[0], Verdict::Key);
    assert!(verdicts[1..].iter().all(|v| *v == Verdict::Query));
}

#[test]
fn composite_keys_and_expired_items_that_are_still_read() {
    let (lesson, scenario) = build("composite-keys");
    let mut engine = scenario.engine;
    let (cart, _) = run(&mut engine, &lesson, "The active cart");
    assert_eq!(column(&cart, "name"), ["Apple", "Banana"]);
    let (addresses, _) = run(&mut engine, &lesson, "Addresses of user 00001");
    assert_eq!(column(&addresses, "SK"), ["U#Address#Delivery", "U#Address#Home", "U#Address#Information"]);
    // ttl 170000000 is 1975; the engine's clock is in 2026, so all three
    // have expired, and real requests (which run the sweeper) still see
    // them: this lesson sets the sweep delay to 100 years.
    engine.advance_clock(60 * 60 * 1000);
    let (all, _) = run(&mut engine, &lesson, "Timeline, expired items included");
    assert_eq!(all["Count"], 3);
    let (fresh, units) = run(&mut engine, &lesson, "Timeline without expired items");
    assert_eq!((fresh["Count"].clone(), fresh["ScannedCount"].clone(), units), (json!(0), json!(3), 0.5));
}

#[test]
fn events_every_access_pattern_is_served_by_the_seeds_query() {
    let (lesson, scenario) = build("events");
    let results = checklist(&lesson, &scenario);
    let verdicts =
        |title: &str| -> Vec<Verdict> { results.iter().filter(|r| r.0.starts_with(title)).map(|r| r.2).collect() };
    let (k, q, s, u) = (Verdict::Key, Verdict::Query, Verdict::Scan, Verdict::Unservable);
    assert_eq!(verdicts("The flat table (Scan"), [k, s, s, s, s, k, k]);
    assert_eq!(verdicts("The flat table with one GSI"), [q, q, q, u]);
    // Slide 64: Query, GSI-1, GSI-2 then GSI-1, GSI-1, GSI-1, Query, GetItem twice.
    assert_eq!(verdicts("GSI overloading"), [q, q, q, q, q, q, k]);
    // Slide 73: the same with one GSI; getTagsByEventID with begins_with.
    assert_eq!(verdicts("Appendix-1"), [q, q, q, q, q, q, k]);

    let mut engine = scenario.engine;
    let ids = |response: &Value| {
        let mut ids = column(response, "ID");
        ids.sort();
        ids
    };
    let (tagged, _) = run(&mut engine, &lesson, "5 getEventsByTag");
    assert_eq!(ids(&tagged), ["E123", "E145"]);
    let (venue, _) = run(&mut engine, &lesson, "3a getEventsByVenueName: the venue");
    assert_eq!(ids(&venue), ["V32"]);
    let (events, _) = run(&mut engine, &lesson, "3b getEventsByVenueName: its events");
    assert_eq!(ids(&events), ["E123", "E145"]);
    let (alt, _) = run(&mut engine, &lesson, "Alt 3 getEventsByVenueName");
    assert_eq!(ids(&alt), ["E123", "E145"], "Appendix-1: one access");
    let (tags, _) = run(&mut engine, &lesson, "Alt 6 getTagsByEventID");
    assert_eq!(column(&tags, "DataType"), ["Tag_#DynamoDB", "Tag_#Serverless"]);
    let (date, _) = run(&mut engine, &lesson, "4 getEventsByDate");
    assert_eq!(ids(&date), ["E123"]);
}

#[test]
fn the_failed_design_cannot_serve_events_by_tag_and_says_why() {
    let (lesson, scenario) = build("failed-design");
    let mut engine = scenario.engine.clone();
    let pattern = lesson.checklists[0].patterns.iter().find(|p| p.name == "5 getEventsByTag").unwrap();
    let assessment = assess(&mut ddb_playground::engine::Previews::new(&mut engine), &lesson, pattern);
    assert_eq!(assessment.verdict, Verdict::Unservable);
    let why = assessment.unservable.as_deref().unwrap();
    assert!(why.starts_with("begins_with works only on a sort key"), "{why}");
    assert!(why.contains("cannot know n"), "{why}");
    // The evidence: DynamoDB's own refusal, and the Scan that is left.
    assert_eq!(assessment.costs[0].error.as_ref().map(|e| e.message()), Some("Query key condition not supported"));
    assert_eq!(
        (assessment.costs[1].operation.as_str(), assessment.costs[1].count, assessment.costs[1].scanned),
        ("Scan", 2, 13)
    );
    let verdicts: Vec<Verdict> = checklist(&lesson, &scenario).into_iter().map(|c| c.2).collect();
    let (q, u) = (Verdict::Query, Verdict::Unservable);
    assert_eq!(verdicts, [q, q, q, q, u, u, q, q]);
    // Guessing the key finds #Serverless only where it is Tag_1 (E145).
    let mut engine = scenario.engine;
    let (guess, _) = run(&mut engine, &lesson, "5 Guessing Tag_1");
    assert_eq!(column(&guess, "EventID"), ["E145"]);
}

/// `1034` → `"1,034"`, as the lesson's texts write numbers.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The table's `TableSizeBytes` and each GSI's `IndexSizeBytes`, as
/// DescribeTable reports them.
fn stored_bytes(engine: &mut Engine, table: &str) -> (u64, Vec<(String, u64)>) {
    let described = engine.execute("DescribeTable", &json!({"TableName": table})).unwrap();
    let indexes = described["Table"]["GlobalSecondaryIndexes"].as_array().cloned().unwrap_or_default();
    let indexes = indexes
        .iter()
        .map(|i| (i["IndexName"].as_str().unwrap_or("?").to_string(), i["IndexSizeBytes"].as_u64().unwrap_or(0)))
        .collect();
    (described["Table"]["TableSizeBytes"].as_u64().unwrap_or(0), indexes)
}

fn stored_item_size(engine: &mut Engine, table: &str, pk: &str, sk: &str) -> usize {
    let got =
        engine.execute("GetItem", &json!({"TableName": table, "Key": {"PK": {"S": pk}, "SK": {"S": sk}}})).unwrap();
    item_size(&item_from_wire(&got["Item"]).unwrap())
}

/// `ConsumedCapacity` of a write: (total, table, [(index, units)]).
fn write_units(response: &Value) -> (f64, f64, Vec<(String, f64)>) {
    let consumed = &response["ConsumedCapacity"];
    let indexes = consumed["GlobalSecondaryIndexes"].as_object().cloned().unwrap_or_default();
    let indexes = indexes.iter().map(|(name, c)| (name.clone(), c["CapacityUnits"].as_f64().unwrap_or(-1.0))).collect();
    (
        consumed["CapacityUnits"].as_f64().unwrap_or(-1.0),
        consumed["Table"]["CapacityUnits"].as_f64().unwrap_or(-1.0),
        indexes,
    )
}

fn step_text<'a>(lesson: &'a Lesson, title: &str) -> &'a str {
    lesson.steps.iter().find(|s| s.title == title).map_or("", |s| s.text.as_str())
}

/// Seed 002's orders keyed two ways: the seed's glued `Data` (status#date)
/// under an overloaded GSI-1 and a sharded GSI-2, and multi-attribute GSI
/// keys (`Status`, `OrderDate`) with a third index for the names. The same
/// patterns are Queries in both; the glue costs bytes and, at the 1 KB
/// boundary, write units. The step texts quote the engine's figures.
#[test]
fn multi_attribute_keys_serve_the_glued_patterns_without_the_glue() {
    let (lesson, scenario) = build("multi-attribute-keys");
    let mut engine = scenario.engine.clone();
    let schema = engine.execute("DescribeTable", &json!({"TableName": "OrdersMulti"})).unwrap();
    assert_eq!(
        schema["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"],
        json!([{"AttributeName": "SK", "KeyType": "HASH"}, {"AttributeName": "Status", "KeyType": "RANGE"},
            {"AttributeName": "OrderDate", "KeyType": "RANGE"}])
    );
    // GSI-2: two partition-key attributes, the seed's shard and the status.
    assert_eq!(
        schema["Table"]["GlobalSecondaryIndexes"][1]["KeySchema"],
        json!([{"AttributeName": "GSI-Bucket", "KeyType": "HASH"}, {"AttributeName": "Status", "KeyType": "HASH"},
            {"AttributeName": "OrderDate", "KeyType": "RANGE"}])
    );

    // Item sizes (B.1). OE-ORDER1/CUSTOMER1 unglued: PK 2+9, SK 2+9,
    // Status 6+4, OrderDate 9+10, GSI-Bucket 10+2, SalesRepID 10+9,
    // OrderMode 9+6, OrderTotal 10+2 = 109 B; the glue adds Data 4+15 = 19 B.
    assert_eq!(stored_item_size(&mut engine, "OrdersMulti", "OE-ORDER1", "CUSTOMER1"), 109);
    assert_eq!(stored_item_size(&mut engine, "OrdersSynthetic", "OE-ORDER1", "CUSTOMER1"), 128);
    // CLOSED#2018_07_30: 4 + 17 = 21 B.
    let closed = stored_item_size(&mut engine, "OrdersSynthetic", "OE-ORDER3", "EMPLOYEE1")
        - stored_item_size(&mut engine, "OrdersMulti", "OE-ORDER3", "EMPLOYEE1");
    assert_eq!(closed, 21);
    // Six OPEN and three CLOSED order items: 6 × 19 + 3 × 21 = 177 B more in
    // the table, and in each index that holds them (both project ALL).
    let (synthetic, synthetic_indexes) = stored_bytes(&mut engine, "OrdersSynthetic");
    let (multi, multi_indexes) = stored_bytes(&mut engine, "OrdersMulti");
    assert_eq!((synthetic, multi, synthetic - multi), (1_034, 857, 177));
    let by_name = |indexes: &[(String, u64)], name: &str| indexes.iter().find(|i| i.0 == name).map_or(0, |i| i.1);
    // GSI-1 glued holds the customer (69 B) and the nine order items;
    // unglued, the customer sits alone in GSI-Names.
    assert_eq!(by_name(&synthetic_indexes, "GSI-1"), 1_034);
    assert_eq!(by_name(&synthetic_indexes, "GSI-2"), 715);
    assert_eq!(
        [by_name(&multi_indexes, "GSI-1"), by_name(&multi_indexes, "GSI-2"), by_name(&multi_indexes, "GSI-Names")],
        [788, 597, 69]
    );
    let bytes = step_text(&lesson, "What the glue costs: bytes");
    let figures = [synthetic, by_name(&synthetic_indexes, "GSI-2"), multi, 788, 597, 69];
    for figure in figures {
        assert!(bytes.contains(&thousands(figure)), "{figure} not in {bytes}");
    }

    // The same answers from the same kind of Query.
    let pk = |response: &Value| column(response, "PK");
    for design in ["Synthetic", "Multi"] {
        let (orders, units) = run(&mut engine, &lesson, &format!("{design} 4: a customer's OPEN orders in August"));
        assert_eq!((pk(&orders), units), (vec!["OE-ORDER1".to_string(), "OE-ORDER2".to_string()], 0.5), "{design}");
        let (orders, units) = run(&mut engine, &lesson, &format!("{design} 10: a rep's OPEN orders in August"));
        assert_eq!((pk(&orders), units), (vec!["OE-ORDER1".to_string(), "OE-ORDER2".to_string()], 0.5), "{design}");
        let (shard, units) = run(&mut engine, &lesson, &format!("{design} 5: OPEN orders in August, one shard"));
        assert_eq!((column(&shard, "SK"), units), (vec!["CUSTOMER1".to_string(), "PRODUCT1".to_string()], 0.5));
    }
    // Overloaded: partition EMPLOYEE1 of GSI-1 mixes the customer with the
    // rep's orders; GSI-Names holds the customer only.
    let (mixed, _) = run(&mut engine, &lesson, "Synthetic 9: customers of an account rep");
    assert_eq!(pk(&mixed), ["OE-CUSTOMER1", "OE-ORDER3", "OE-ORDER1", "OE-ORDER2"]);
    let (customers, _) = run(&mut engine, &lesson, "Multi 9: customers of an account rep");
    assert_eq!(pk(&customers), ["OE-CUSTOMER1"]);

    // Writes: the order with a long note is 1,021 B unglued, 1,040 B glued;
    // 1 KB blocks in the table and in each GSI it lands in.
    let (put, _) = run(&mut engine, &lesson, "Synthetic: place an order");
    let units_of = |indexes: &[(String, f64)]| indexes.iter().map(|i| i.1).collect::<Vec<_>>();
    let (total, table, indexes) = write_units(&put);
    assert_eq!((total, table, units_of(&indexes)), (6.0, 2.0, vec![2.0, 2.0]));
    let (put, _) = run(&mut engine, &lesson, "Multi: place an order");
    let (total, table, indexes) = write_units(&put);
    assert_eq!((total, table, units_of(&indexes)), (3.0, 1.0, vec![1.0, 1.0]));
    let glued = stored_item_size(&mut engine, "OrdersSynthetic", "OE-ORDER4", "CUSTOMER1");
    let unglued = stored_item_size(&mut engine, "OrdersMulti", "OE-ORDER4", "CUSTOMER1");
    assert_eq!((glued, unglued), (1_040, 1_021));
    let writes = step_text(&lesson, "What the glue costs: writes");
    for figure in ["1,040", "1,021", "2 + 2 + 2 = 6", "1 + 1 + 1 = 3"] {
        assert!(writes.contains(figure), "{figure} not in {writes}");
    }
    // Closing an order moves its entry in both GSIs: 1 + 2 + 2 WCU either way.
    for design in ["Synthetic", "Multi"] {
        let (closed, _) = run(&mut engine, &lesson, &format!("{design}: close an order"));
        let (total, table, indexes) = write_units(&closed);
        assert_eq!((total, table, units_of(&indexes)), (5.0, 1.0, vec![2.0, 2.0]), "{design}");
        // GSIs are updated asynchronously: let the changes land.
        engine.advance_clock(1_000);
        let (open, _) = run(&mut engine, &lesson, &format!("{design} 4: a customer's OPEN orders in August"));
        assert_eq!(pk(&open), ["OE-ORDER1", "OE-ORDER4"], "{design}: OE-ORDER2 is filed as CLOSED");
    }
    assert!(step_text(&lesson, "Changing a status").contains("1 + 2 + 2 = 5"));

    // The checklists, on the lesson's data as built.
    let results = checklist(&lesson, &scenario);
    let of = |prefix: &str| -> Vec<(Verdict, f64)> {
        results.iter().filter(|r| r.0.starts_with(prefix)).map(|r| (r.2, r.3)).collect()
    };
    let (k, q) = (Verdict::Key, Verdict::Query);
    // Pattern 5 fans out over the 13 shards of seed 002: 13 × 0.5 RCU.
    assert_eq!(of("Synthetic keys"), [(q, 0.5), (q, 6.5), (q, 0.5), (q, 0.5), (k, 6.0), (k, 5.0)]);
    assert_eq!(of("Multi-attribute keys"), [(q, 0.5), (q, 6.5), (q, 0.5), (q, 0.5), (k, 3.0), (k, 5.0)]);
}

// ---- the lessons in German and Japanese ----

/// The languages a lesson's texts are translated into: the folders of
/// `data/` that hold overlays.
const TRANSLATED: [Lang; 2] = [Lang::De, Lang::Ja];

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/scenario/lessons/data")
}

/// Every overlay file there is, whatever lesson or language it is for:
/// (language, file name, text).
fn overlay_files() -> Vec<(Lang, String, String)> {
    let mut files = Vec::new();
    for lang in TRANSLATED {
        let Ok(dir) = std::fs::read_dir(data_dir().join(lang.code())) else { continue };
        for file in dir {
            let path = file.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            files.push((lang, name, text));
        }
    }
    files.sort_by(|a, b| (a.0.code(), &a.1).cmp(&(b.0.code(), &b.1)));
    files
}

/// Each text the page shows of an English lesson beside its translation:
/// (where, English, translated). Members the overlay lacks are left out
/// (the alignment test reports them).
fn paired_texts(english: &Lesson, overlay: &Overlay) -> Vec<(String, String, String)> {
    let mut pairs = Vec::new();
    let mut pair = |at: String, english: &str, translated: &Option<String>| {
        if let Some(translated) = translated {
            pairs.push((at, english.to_string(), translated.clone()));
        }
    };
    pair("title".into(), &english.title, &overlay.title);
    pair("summary".into(), &english.summary, &overlay.summary);
    for (n, (e, t)) in english.steps.iter().zip(&overlay.steps).enumerate() {
        pair(format!("step {} title", n + 1), &e.title, &t.title);
        pair(format!("step {} text", n + 1), &e.text, &t.text);
    }
    for (c, (e, t)) in english.checklists.iter().zip(&overlay.checklists).enumerate() {
        pair(format!("checklist {} title", c + 1), &e.title, &t.title);
        for (p, (e, t)) in e.patterns.iter().zip(&t.patterns).enumerate() {
            let at = format!("checklist {}, pattern {}", c + 1, p + 1);
            pair(format!("{at} name"), &e.name, &t.name);
            pair(format!("{at} why"), e.unservable.as_deref().unwrap_or_default(), &t.why);
            pair(format!("{at} cite"), e.cite.as_deref().unwrap_or_default(), &t.cite);
        }
    }
    pairs
}

/// The runs of digits in `text`, sorted, after dropping the thousands
/// separators of any language: a `,`, `.`, space or apostrophe between a
/// digit and exactly three more is one ("1,500", "1.500", "1 500" are all
/// 1500). A decimal point or comma stays a break ("0.5" and "0,5" are 0
/// and 5 either way).
fn digit_runs(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let is_digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    let mut kept = String::new();
    for (i, c) in chars.iter().enumerate() {
        let separator = matches!(c, ',' | '.' | ' ' | '\'' | '\u{202f}' | '\u{a0}');
        let thousands = i > 0 && is_digit(i - 1) && (1..=3).all(|k| is_digit(i + k)) && !is_digit(i + 4);
        if !(separator && thousands) {
            kept.push(*c);
        }
    }
    let mut runs: Vec<String> =
        kept.split(|c: char| !c.is_ascii_digit()).filter(|run| !run.is_empty()).map(str::to_string).collect();
    runs.sort();
    runs
}

/// What a translation must quote exactly as the English does: code spans
/// in backticks, and double-quoted names of the lesson's saved operations
/// or single tokens (`"CandidateA_"`, `"Tag_"`): the student finds them
/// under those names on the page.
fn verbatim_spans(text: &str, lesson: &Lesson) -> Vec<String> {
    let mut spans: Vec<String> = text.split('`').skip(1).step_by(2).map(str::to_string).collect();
    for quoted in text.split('"').skip(1).step_by(2) {
        if lesson.operation(quoted).is_some() || (!quoted.is_empty() && !quoted.contains(char::is_whitespace)) {
            spans.push(quoted.to_string());
        }
    }
    spans
}

/// A text worth translating: four words or more (shorter ones are often
/// names: "GameTitleIndex", "5 getEventsByTag").
fn is_prose(text: &str) -> bool {
    text.split_whitespace().filter(|w| w.chars().any(char::is_alphabetic)).count() >= 4
}

/// Every overlay file names a lesson, reads, lines up with the English
/// member by member, translates its prose, and keeps every figure and
/// every name the page shows elsewhere. Runs over whatever overlays there
/// are, so a new language or lesson is checked as soon as its file exists.
#[test]
fn every_translation_lines_up_with_its_lesson_and_keeps_its_figures() {
    let files = overlay_files();
    for entry in &lessons::CATALOG {
        let german = files.iter().any(|(lang, file, _)| *lang == Lang::De && file == entry.file);
        assert!(german, "{}: every lesson has its texts in German, data/de/{}", entry.id, entry.file);
    }
    let mut problems = Vec::new();
    for (lang, file, text) in &files {
        let at = format!("data/{}/{file}", lang.code());
        let Some(entry) = lessons::CATALOG.iter().find(|e| e.file == *file) else {
            problems.push(format!("{at}: no lesson has this file name"));
            continue;
        };
        let english = LessonLibrary::new().lesson(entry.id).unwrap();
        let overlay = match Overlay::parse(text) {
            Ok(overlay) => overlay,
            Err(e) => {
                problems.push(format!("{at}: does not read: {e}"));
                continue;
            }
        };
        problems.extend(overlay.misalignments(&english).into_iter().map(|p| format!("{at}: {p}")));
        for (member, english_text, translated) in paired_texts(&english, &overlay) {
            let at = format!("{at}, {member}");
            if is_prose(&english_text) && translated.trim() == english_text.trim() {
                problems.push(format!("{at}: still the English: {english_text}"));
            }
            let (want, got) = (digit_runs(&english_text), digit_runs(&translated));
            if want != got {
                problems.push(format!("{at}: the figures {got:?} are not the English's {want:?}"));
            }
            for span in verbatim_spans(&english_text, &english) {
                if !translated.contains(&span) {
                    problems.push(format!("{at}: \"{span}\" is not quoted as in the English"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// The menu's titles (catalog.rs, compiled in) are the overlays' titles.
#[test]
fn the_catalog_titles_are_the_overlays_titles() {
    let mut wrong = Vec::new();
    for (lang, file, text) in overlay_files() {
        let Some(entry) = lessons::CATALOG.iter().find(|e| e.file == file) else { continue };
        let Ok(Overlay { title: Some(title), .. }) = Overlay::parse(&text) else { continue };
        if entry.title_in(lang) != title {
            wrong.push(format!("{} of {}: title_{}: \"{title}\",", lang.code(), entry.id, lang.code()));
        }
    }
    assert!(wrong.is_empty(), "catalog.rs should say:\n{}", wrong.join("\n"));
    let entry = lessons::entry("game-scores").unwrap();
    assert_eq!(entry.title_in(Lang::En), "GameScores and GameTitleIndex");
    assert_eq!(entry.overlay_file(Lang::De).as_deref(), Some("de/01-game-scores.json"));
    assert_eq!(entry.overlay_file(Lang::En), None);
}

/// A report names a lesson's access patterns in the reader's language:
/// each pattern's name (the scenario's, English) with its label, made the
/// same way of the checklist's and the pattern's labels.
#[test]
fn a_lessons_access_patterns_have_labels_in_its_language() {
    let mut library = LessonLibrary::new();
    for id in ["voting", "events"] {
        let english = library.lesson(id).unwrap();
        let entry = lessons::entry(id).unwrap();
        let file = entry.overlay_file(Lang::De).unwrap();
        let text = std::fs::read_to_string(data_dir().join(&file)).unwrap();
        assert!(library.provide_overlay(id, Lang::De, Some(&text)));
        let german = library.lesson_in(id, Lang::De).unwrap();
        let names: Vec<String> = english.access_patterns().into_iter().map(|p| p.name).collect();
        let labels = german.pattern_labels();
        assert_eq!(labels.iter().map(|(name, _)| name.clone()).collect::<Vec<_>>(), names, "{id}");
        assert_eq!(
            english.pattern_labels().into_iter().filter(|(n, l)| n != l).count(),
            0,
            "{id}: English is its own label"
        );
        // Every label is German: none left as its English name.
        for (name, label) in &labels {
            assert_ne!(name, label, "{id}");
        }
    }
    let voting = library.lesson_in("voting", Lang::De).unwrap().pattern_labels();
    assert_eq!(voting[0], ("Record a vote".to_string(), "Eine Stimme erfassen".to_string()));
    // Several designs: the checklist's label comes first, as its title does in the name.
    let events = library.lesson_in("events", Lang::De).unwrap();
    let (name, label) = &events.pattern_labels()[0];
    let first = &events.checklists[0];
    assert!(name.starts_with(&format!("{}: ", first.title)), "{name}");
    assert!(label.starts_with(&format!("{}: ", first.label)), "{label}");
}

/// The page shows a lesson in its language: texts from the overlay, the
/// rest (actions, operations, the access patterns' names) as in English.
/// Whatever is missing or broken shows in English, and never fails a lesson.
#[test]
fn a_lesson_shows_its_overlays_texts_and_falls_back_to_english() {
    let mut library = LessonLibrary::new();
    let english = library.lesson("game-scores").unwrap();
    let german_text = std::fs::read_to_string(data_dir().join("de/01-game-scores.json")).unwrap();
    let overlay = Overlay::parse(&german_text).unwrap();
    assert!(library.provide_overlay("game-scores", Lang::De, Some(&german_text)));
    assert!(library.has_overlay_answer("game-scores", Lang::De));
    assert!(!library.has_overlay_answer("forum-lsi", Lang::De), "nothing asked for yet");
    assert!(library.has_overlay_answer("forum-lsi", Lang::En), "English needs no overlay");
    assert!(!library.provide_overlay("nope", Lang::De, None));
    let german = library.lesson_in("game-scores", Lang::De).unwrap();
    assert_eq!(Some(&german.title), overlay.title.as_ref());
    assert_eq!(Some(&german.summary), overlay.summary.as_ref());
    assert_eq!(german.steps[1].text, overlay.steps[1].text.clone().unwrap());
    assert_eq!(german.checklists[0].label, overlay.checklists[0].title.clone().unwrap());
    assert_eq!(german.checklists[0].patterns[0].label, overlay.checklists[0].patterns[0].name.clone().unwrap());
    assert_ne!(german.steps[1].text, english.steps[1].text);
    // What the lesson does is the English document's.
    assert_eq!(german.access_patterns(), english.access_patterns());
    assert_eq!(german.operations, english.operations);
    assert_eq!(german.checklists[0].patterns[0].name, english.checklists[0].patterns[0].name);
    let actions = |l: &Lesson| l.steps.iter().map(|s| (s.action.clone(), s.table.clone())).collect::<Vec<_>>();
    assert_eq!(actions(&german), actions(&english));
    assert_eq!(library.lesson_in("game-scores", Lang::En).unwrap(), english);
    assert_eq!(library.lesson_in("game-scores", Lang::Ja).unwrap().title, english.title, "none at hand");

    // A member left out or left empty shows in English; the rest translated.
    let mut partial: Value = serde_json::from_str(&german_text).unwrap();
    partial["steps"][2].as_object_mut().unwrap().remove("text");
    partial["summary"] = json!(" ");
    let shown = english.with_texts(&Overlay::parse(&partial.to_string()).unwrap());
    assert_eq!(
        (shown.steps[2].text.as_str(), shown.summary.as_str()),
        (english.steps[2].text.as_str(), english.summary.as_str())
    );
    assert_eq!(shown.steps[1].text, german.steps[1].text);
    assert_eq!(shown.title, german.title);

    // Broken overlays: the lesson, in English.
    let mut one_step_less = partial.clone();
    one_step_less["steps"].as_array_mut().unwrap().pop();
    let mut extra_member = serde_json::from_str::<Value>(&german_text).unwrap();
    extra_member["steps"][0]["txet"] = json!("Tippfehler");
    for (what, broken) in [
        ("not JSON", "{\"title\": \"GameScores und".to_string()),
        ("a step missing", one_step_less.to_string()),
        ("an unknown member", extra_member.to_string()),
        ("a title that is not text", json!({"title": 5}).to_string()),
    ] {
        assert!(library.provide_overlay("game-scores", Lang::De, Some(&broken)));
        assert_eq!(library.lesson_in("game-scores", Lang::De).unwrap(), english, "{what}");
    }
    assert!(!Overlay::parse(&one_step_less.to_string()).unwrap().misalignments(&english).is_empty());
    // There is none (the page could not fetch it): English.
    assert!(library.provide_overlay("game-scores", Lang::De, None));
    assert!(library.has_overlay_answer("game-scores", Lang::De));
    assert_eq!(library.lesson_in("game-scores", Lang::De).unwrap(), english);
}

#[test]
fn figures_are_compared_whatever_the_thousands_separator() {
    assert_eq!(digit_runs("1,500 WCU, 0.5 RCU, 1,666.67 RCU"), digit_runs("1.500 WCU, 0,5 RCU, 1.666,67 RCU"));
    assert_eq!(digit_runs("90,000 requests"), ["90000"]);
    assert_eq!(digit_runs("0.125 $ and 2.17"), digit_runs("0,125 $ und 2,17"));
    assert_ne!(digit_runs("5842 and 2317"), digit_runs("5842 und 2371"));
    assert_eq!(digit_runs("GSI-1, 13 shards"), ["1", "13"]);
}

/// The browser test reads the Japanese game-scores lesson once it exists
/// (it cannot look for the file itself: a missing `include_str!` does not
/// compile).
#[test]
fn the_browser_test_checks_the_japanese_lesson_once_it_exists() {
    let browser_test = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/lessons.rs");
    let browser_test = std::fs::read_to_string(browser_test).unwrap();
    let japanese = "Some(include_str!(\"../../src/scenario/lessons/data/ja/01-game-scores.json\"))";
    let squeezed = |text: &str| text.split_whitespace().collect::<String>();
    let enabled =
        squeezed(&browser_test).contains(&squeezed(&format!("const JAPANESE_GAME_SCORES: Option<&str> = {japanese};")));
    let exists = data_dir().join("ja/01-game-scores.json").exists();
    assert_eq!(
        enabled,
        exists,
        "tests/browser/lessons.rs should say:\nconst JAPANESE_GAME_SCORES: Option<&str> = {};",
        if exists { japanese } else { "None" }
    );
}

/// The vector search lesson: the rankings and scores each step's text
/// names, the shops searched apart, and what returning the embeddings costs.
#[test]
fn vector_search_ranks_by_angle_or_by_length_one_shop_at_a_time() {
    let (lesson, mut scenario) = build("vector-search");
    // Both patterns are served by a search, which uses no units.
    let verdicts: Vec<(Verdict, f64)> = checklist(&lesson, &scenario).into_iter().map(|(_, _, v, u)| (v, u)).collect();
    assert_eq!(verdicts, [(Verdict::Search, 0.0), (Verdict::Search, 0.0)]);
    let ranked = |response: &Value, key: &str| -> Vec<(String, f64)> {
        let results = response["SearchResults"].as_array().unwrap();
        results
            .iter()
            .map(|r| (r["Item"][key]["S"].as_str().unwrap().to_string(), r["Score"].as_f64().unwrap()))
            .collect()
    };
    let near = |got: &[(String, f64)], want: &[(&str, f64)]| {
        let names: Vec<&str> = got.iter().map(|(name, _)| name.as_str()).collect();
        let wanted: Vec<&str> = want.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, wanted, "{got:?}");
        for ((name, score), (_, want_score)) in got.iter().zip(want) {
            assert!((score - want_score).abs() < 5e-5, "{name}: {score} against {want_score}");
        }
    };
    let (cosine, _) = run(&mut scenario.engine, &lesson, "Sporty in shop A");
    near(&ranked(&cosine, "sku"), &[("track-shoe", 0.0), ("red-sneaker", 0.0194), ("windbreaker", 0.0422)]);
    assert_eq!(cosine["ConsumedCapacity"]["VectorSearchRequestBytes"], 1024.0, "the 1 KB floor; no units");
    let (dot, _) = run(&mut scenario.engine, &lesson, "Sporty in shop A, by DOT_PRODUCT");
    near(&ranked(&dot, "sku"), &[("red-sneaker", 2.0), ("windbreaker", 1.0), ("loafer", 0.8)]);
    let (shoes, _) = run(&mut scenario.engine, &lesson, "Sporty shoes in shop A");
    near(&ranked(&shoes, "sku"), &[("track-shoe", 0.0), ("red-sneaker", 0.0194), ("loafer", 0.5528)]);
    let (shop_b, _) = run(&mut scenario.engine, &lesson, "Sporty in shop B");
    near(&ranked(&shop_b, "sku"), &[("b-runner", 0.0)]);
    // The sample has no shop: it is not in the index.
    let described = scenario.engine.execute("DescribeTable", &serde_json::json!({"TableName": "Products"})).unwrap();
    assert_eq!(described["Table"]["ItemCount"], 8);
    assert_eq!(described["Table"]["VectorIndexes"][0]["ItemCount"], 7);

    // The articles: the nearest to a00 are its topic's, and returning the
    // embeddings costs more bytes.
    let (plain, _) = run(&mut scenario.engine, &lesson, "Articles like a00");
    let (with, _) = run(&mut scenario.engine, &lesson, "Articles like a00, with their embeddings");
    let ids: Vec<String> = ranked(&plain, "id").into_iter().map(|(id, _)| id).collect();
    // a00 itself, then four of the other five databases articles (every
    // fourth article is one).
    assert_eq!(ids, ["a00", "a08", "a20", "a04", "a12"]);
    let bytes = |r: &Value| r["ConsumedCapacity"]["VectorSearchRequestBytes"].as_f64().unwrap();
    // 4 × 256 × (log2(24 + 1) + 1) = 5,779 bytes of search, plus what comes
    // back: five ids and titles, or five ids, titles and embeddings.
    assert_eq!((bytes(&plain), bytes(&with)), (5_889.0, 10_520.0));

    // The index added to the live table, through its phases: 30 s
    // allocating, 30 s backfilling, 10 s ACTIVE but not served.
    let engine = &mut scenario.engine;
    let search = |engine: &mut Engine| {
        let op = lesson.operations.iter().find(|o| o.name == "Sporty in shop A, by EUCLIDEAN").unwrap();
        engine.execute(&op.operation, &op.request).map_err(|e| e.message().to_string())
    };
    assert_eq!(search(engine), Err("The table does not have the specified index: ByStyleEuclid".into()));
    let add = serde_json::json!({"TableName": "Products",
        "AttributeDefinitions": [{"AttributeName": "shop", "AttributeType": "S"}],
        "VectorIndexUpdates": [{"Create": {"IndexName": "ByStyleEuclid", "VectorAttribute": {"AttributeName": "style"},
            "Dimensions": 2, "DistanceFunction": "EUCLIDEAN", "Projection": {"ProjectionType": "ALL"},
            "SearchSchema": [{"AttributeName": "shop", "SearchSchemaElementType": "HASH"}]}}]});
    engine.execute("UpdateTable", &add).unwrap();
    let status = |engine: &mut Engine| {
        let table = engine.execute("DescribeTable", &serde_json::json!({"TableName": "Products"})).unwrap();
        let index = table["Table"]["VectorIndexes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["IndexName"] == "ByStyleEuclid")
            .cloned()
            .unwrap();
        (table["Table"]["TableStatus"].clone(), index["IndexStatus"].clone(), index.get("Backfilling").cloned())
    };
    use serde_json::json;
    assert_eq!(status(engine), (json!("UPDATING"), json!("CREATING"), Some(json!(false))));
    assert_eq!(search(engine), Err("The table does not have the specified index: ByStyleEuclid".into()));
    engine.clock_mut().advance(30_000);
    assert_eq!(status(engine), (json!("ACTIVE"), json!("CREATING"), Some(json!(true))));
    assert_eq!(search(engine), Err("Cannot search backfilling vector index: ByStyleEuclid".into()));
    engine.clock_mut().advance(30_000);
    assert_eq!(status(engine), (json!("ACTIVE"), json!("ACTIVE"), None));
    assert_eq!(search(engine), Err("Cannot search backfilling vector index: ByStyleEuclid".into()));
    engine.clock_mut().advance(10_000);
    let euclid = search(engine).unwrap();
    near(&ranked(&euclid, "sku"), &[("windbreaker", 0.3), ("track-shoe", 0.5), ("red-sneaker", 1.077)]);
}
