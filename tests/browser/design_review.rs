//! The design review: the voting lesson's patterns run on its own table,
//! stepped and run to the end, the one-page review with its verdicts, hot
//! spot, fix and heatmap, its Markdown, the words and the lesson's pattern
//! names in German, a change that
//! makes it stale, Pause stopping a long review where it shows, a share
//! link that brings the same review back, and a playground the review's
//! module cannot read.

use crate::dom::*;
use ddb_playground::engine::review::KeyVariation;
use ddb_playground::i18n::Lang;
use ddb_playground::scenario::link;
use ddb_playground::ui::persist;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// The voting lesson's German overlay.
const GERMAN_VOTING: &str = include_str!("../../src/scenario/lessons/data/de/07-voting.json");

async fn run_to_the_end(page: &Page) {
    page.click("#review-run").await;
    wait_until("the review to finish", || {
        page.exists("#review-run") && page.text("#review-progress-text") == "5 of 5 s"
    })
    .await;
    settle().await;
}

#[wasm_bindgen_test]
async fn a_review_runs_on_a_copy_and_says_what_throttles_and_why() {
    // The lesson's German texts, as the page would fetch them (the test server has none).
    assert!(hand_lessons(|library| library.provide_overlay("voting", Lang::De, Some(GERMAN_VOTING))));
    let page = open_lesson_link("lesson=voting").await;
    page.click("#tab-items").await;
    let items_before = page.grid_rows();
    page.click("#tab-console").await;
    assert!(!page.exists("#review-report"), "no review before one is run");
    // All votes on one candidate: one key, 1,500 writes a second.
    page.change(".access-pattern:nth-child(1) .ap-distribution", "Single").await;
    page.type_text("#review-seconds", "5").await;

    // Step by step, then to the end.
    page.click("#review-step").await;
    page.click("#review-step").await;
    assert_eq!(page.text("#review-progress-text"), "2 of 5 s");
    run_to_the_end(&page).await;
    let verdicts: Vec<String> = page
        .find_all("#review-patterns tbody")
        .iter()
        .map(|r| r.get_attribute("data-verdict").unwrap_or_default())
        .collect();
    assert_eq!(verdicts, ["warn", "ok", "ok"]);
    let first = page.text("#review-patterns tbody:nth-of-type(1)");
    assert!(first.contains("Record a vote") && first.contains("7,500"), "{first}");
    assert!(first.contains("TableWriteKeyRangeThroughputExceeded"), "{first}");
    // The design it reviews, in the API's words.
    let design = page.text("#review-design");
    assert!(design.contains("Votes: Candidate (S) HASH · 10,000 RCU / 10,000 WCU"), "{design}");
    let hot = page.text("#review-hot-spots");
    assert!(hot.contains("Votes: partition") && hot.contains("Its hottest key: CandidateA"), "{hot}");
    let fixes = page.text("#review-fixes");
    assert!(fixes.contains("Write sharding: spread CandidateA over 2 partition key values"), "{fixes}");
    assert!(page.text("#review-cost").contains("Total"), "{}", page.text("#review-cost"));
    // The hottest table's heatmap, with throttled cells, and its busiest keys.
    assert!(page.exists("#review-heatmap-0 rect"), "a heatmap of the table");
    assert!(page.text("#review-top-keys-0").contains("CandidateA"), "{}", page.text("#review-top-keys-0"));
    // The Markdown says the same.
    let markdown = page.text("#review-markdown");
    assert!(markdown.starts_with("# Design review"), "{markdown}");
    assert!(markdown.contains("| ⚠ throttles at this rate | Record a vote | UpdateItem |"), "{markdown}");
    // A dry run: the table is as it was.
    page.click("#tab-items").await;
    assert_eq!(page.grid_rows(), items_before);

    // Back on the console the review is still there; in German, the same review.
    page.click("#tab-console").await;
    assert!(page.exists("#review-report"), "the review outlives a tab switch");
    page.choose("#lang-select", "de").await;
    assert!(page.text("#design-review-title").contains("Design-Review"));
    assert!(page.text("#review-report").contains("Zugriffsmuster"));
    assert!(page.text("#review-fixes").contains("Write Sharding"), "{}", page.text("#review-fixes"));
    // The lesson's patterns by their German names, on screen and in the Markdown;
    // the scenario keeps its own (the panel's names are what a link carries).
    let first = page.text("#review-patterns tbody:nth-of-type(1)");
    assert!(first.contains("Eine Stimme erfassen") && !first.contains("Record a vote"), "{first}");
    assert!(page.text("#review-markdown").contains("| Eine Stimme erfassen |"), "{}", page.text("#review-markdown"));
    let name: web_sys::HtmlInputElement = page.find(".access-pattern:nth-child(1) .ap-name").dyn_into().unwrap();
    assert_eq!(name.value(), "Record a vote");
    page.choose("#lang-select", "en").await;
    assert!(page.text("#review-patterns tbody:nth-of-type(1)").contains("Record a vote"));
    hand_lessons(|library| library.provide_overlay("voting", Lang::De, None));

    // A changed design drops the review.
    page.change(".access-pattern:nth-child(2) .ap-rate", "20").await;
    assert!(!page.exists("#review-report"), "a stale review is not shown");
    drop(page);
    forget_everything();
    forget_lessons();
}

/// The seconds the review has done, as its progress says ("1,234 of 3,600 s").
fn review_seconds(page: &Page) -> u32 {
    if !page.exists("#review-progress-text") {
        return 0;
    }
    let text = page.text("#review-progress-text");
    text.split(' ').next().unwrap_or_default().replace(',', "").parse().unwrap_or_else(|_| panic!("{text}"))
}

/// Clicks Pause and checks that the review stays at the second it shows
/// for a while; returns that second.
async fn pause_and_hold(page: &Page) -> u32 {
    page.click("#review-pause").await;
    wait_until("the review to show it is paused", || page.exists("#review-run")).await;
    settle().await;
    let paused = review_seconds(page);
    yew::platform::time::sleep(Duration::from_millis(1_500)).await;
    assert_eq!(review_seconds(page), paused, "the review went on after Pause");
    assert!(page.exists("#review-run") && !page.exists("#review-pause"));
    paused
}

/// Pause stops a long review at the second it shows, also on a slow page
/// (a debug build run alone: a render of the review takes longer than a
/// frame), Run goes on from there, a review left playing plays on when its
/// tab is back, and a design change drops a playing review for good.
#[wasm_bindgen_test]
async fn pause_stops_a_long_review_at_the_second_it_shows() {
    let page = open_lesson_link("lesson=voting").await;
    page.click("#tab-console").await;
    page.change(".access-pattern:nth-child(1) .ap-distribution", "Single").await;
    page.type_text("#review-seconds", "3600").await;
    // Paused well into the run, where every render draws a thousand seconds
    // of heatmap: a slow page (paused at second 5, the page kept up).
    page.click("#review-run").await;
    wait_until("a good part of the review", || review_seconds(&page) >= 1_000).await;
    let first = pause_and_hold(&page).await;
    assert!(first < 3_600, "paused before the end: {first}");

    // Run goes on from where it was paused.
    page.click("#review-run").await;
    wait_until("the review to go on", || review_seconds(&page) > first).await;
    let second = pause_and_hold(&page).await;
    assert!(second > first && second < 3_600, "{first} → {second}");

    // Left playing, it plays on when its tab is back.
    page.click("#review-run").await;
    page.click("#tab-items").await;
    page.click("#tab-console").await;
    wait_until("the review to play on", || review_seconds(&page) > second).await;
    assert!(page.exists("#review-pause"));

    // A design change drops the playing review, and nothing brings it back.
    page.change(".access-pattern:nth-child(2) .ap-rate", "20").await;
    wait_until("the stale review to go", || !page.exists("#review-progress-text")).await;
    yew::platform::time::sleep(Duration::from_millis(1_000)).await;
    assert!(!page.exists("#review-report") && !page.exists("#review-progress-text"), "{}", review_seconds(&page));
    assert!(page.exists("#review-run"));
    drop(page);
    forget_everything();
    forget_lessons();
}

/// The review's session decides what plays: only the newest play's frames
/// advance the run, Pause and a design change stop it at once, and leaving
/// the panel stops its frames but keeps it playing for when it is back.
#[wasm_bindgen_test]
fn the_review_session_plays_only_the_newest_ticket() {
    use ddb_playground::engine::review::AccessPattern;
    use ddb_playground::engine::Engine;
    use ddb_playground::ui::review::review_session::ReviewSession;
    use serde_json::json;
    use std::rc::Rc;
    let mut engine = Engine::new();
    let table = json!({"TableName": "Votes", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]});
    engine.execute("CreateTable", &table).unwrap();
    let vote = AccessPattern {
        name: "Vote".into(),
        operation: "PutItem".into(),
        request: json!({"TableName": "Votes", "Item": {"pk": {"S": "A"}}}),
        requests_per_second: 10.0,
        keys: KeyVariation::Single,
    };
    let design = Some((1, Rc::new(vec![vote.clone()])));
    let done = |s: &ReviewSession| s.run().map_or(0, |r| r.seconds_done());
    // No budget: a frame simulates exactly one second.
    let now = || 0.0;

    let mut session = ReviewSession::default();
    session.follow(design.clone());
    assert_eq!(session.play(), None, "nothing to play");
    session.start(engine.start_review(std::slice::from_ref(&vote), 10).unwrap());
    let first = session.play().unwrap();
    assert!(session.tick(first, 0.0, now) && session.tick(first, 0.0, now));
    assert_eq!(done(&session), 2);

    // A new play makes the old frames stale.
    let second = session.play().unwrap();
    assert!(!session.tick(first, 0.0, now));
    assert!(session.tick(second, 0.0, now));
    assert_eq!(done(&session), 3);

    // Pause stops every play at the second it shows; Step moves one second.
    session.pause();
    assert!(!session.is_playing() && !session.tick(second, 0.0, now));
    session.step();
    assert_eq!(done(&session), 4);

    // Leaving stops the frames but it still plays when the panel is back.
    let third = session.play().unwrap();
    session.leave();
    assert!(session.is_playing() && !session.tick(third, 0.0, now));
    assert_eq!(done(&session), 4);
    let fourth = session.play().unwrap();
    assert!(session.tick(fourth, 0.0, now));
    assert_eq!(done(&session), 5);

    // The same design keeps the run; another one drops it and its frames.
    assert!(!session.follow(design.clone()));
    assert!(session.follow(Some((2, Rc::new(vec![vote.clone()])))));
    assert!(session.run().is_none() && !session.is_playing() && !session.tick(fourth, 0.0, now));

    // Played to the end, it stops by itself.
    session.start(engine.start_review(&[vote], 3).unwrap());
    let fifth = session.play().unwrap();
    assert!(session.tick(fifth, 0.0, now) && session.tick(fifth, 0.0, now));
    assert!(!session.tick(fifth, 0.0, now), "the last second ends the play");
    assert!(!session.is_playing() && session.run().is_some_and(|r| r.is_finished()));
    assert_eq!(session.play(), None);
}

#[wasm_bindgen_test]
async fn a_share_link_brings_the_patterns_back_and_the_same_review() {
    let page = open_lesson_link("lesson=voting").await;
    page.click("#tab-console").await;
    page.change(".access-pattern:nth-child(1) .ap-distribution", "Single").await;
    page.type_text("#review-seconds", "5").await;
    run_to_the_end(&page).await;
    let before = page.text("#review-patterns");
    page.click("#btn-share").await;
    let fragment = location_hash();
    let shared = link::decode(&fragment).expect("the link decodes");
    assert_eq!(shared.access_patterns[0].keys, KeyVariation::Single);
    // Change the patterns, follow the link, review again: the same figures.
    page.click(".access-pattern:nth-child(1) .ap-delete").await;
    persist::set_fragment("");
    visit_fragment(&fragment).await;
    page.click("#tab-console").await;
    page.type_text("#review-seconds", "5").await;
    run_to_the_end(&page).await;
    assert_eq!(page.text("#review-patterns"), before);
    drop(page);
    persist::set_fragment("");
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn bad_seconds_get_a_message_and_no_patterns_no_run() {
    let page = console_with_music().await;
    assert!(page.find_all("#review-run").iter().all(|b| b.has_attribute("disabled")), "nothing to review");
    page.type_text("#c0-pk-value", "Acme").await;
    page.save_access_pattern("Songs of an artist").await;
    for (typed, says) in [("abc", "Seconds must be a whole number"), ("0", "Seconds must be between 1 and 3600")] {
        page.type_text("#review-seconds", typed).await;
        page.click("#review-run").await;
        assert!(page.text("#review-error").contains(says), "{typed}: {}", page.text("#review-error"));
    }
    assert!(!page.exists("#review-report"));
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn a_playground_the_review_cannot_read_is_said_and_nothing_runs() {
    let page = console_with_music().await;
    page.type_text("#c0-pk-value", "Acme").await;
    page.save_access_pattern("Songs of an artist").await;
    page.type_text("#review-seconds", "5").await;
    // The review's module reads the playground through a function the page
    // sets on its root: without it, or with text that is no playground, it
    // says so and starts no run.
    let root = page.find("#review-root");
    let property = wasm_bindgen::JsValue::from_str("playgroundScenario");
    let function = js_sys::Reflect::get(&root, &property).unwrap();
    assert!(function.is_function(), "the page sets the function");
    js_sys::Reflect::delete_property(&root, &property).unwrap();
    page.click("#review-run").await;
    assert_eq!(page.text("#review-error"), "The page gave no playground to review.");
    let damaged = js_sys::Function::new_no_args("return '{\"format\": \"ddb-playground\", \"version\": 99}'");
    js_sys::Reflect::set(&root, &property, &damaged).unwrap();
    page.click("#review-run").await;
    assert!(!page.text("#review-error").is_empty() && !page.exists("#review-report"), "{}", page.text("#review-error"));
    // The page's own function back: the review runs.
    js_sys::Reflect::set(&root, &property, &function).unwrap();
    page.click("#review-run").await;
    wait_until("the review", || page.exists("#review-report")).await;
    assert!(!page.exists("#review-error"));
    drop(page);
    forget_everything();
}
