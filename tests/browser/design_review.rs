//! The design review: the voting lesson's patterns run on its own table,
//! stepped and run to the end, the one-page review with its verdicts, hot
//! spot, fix and heatmap, its Markdown, the words and the lesson's pattern
//! names in German, a change that
//! makes it stale, and a share link that brings the same review back.

use crate::dom::*;
use ddb_playground::engine::review::KeyVariation;
use ddb_playground::i18n::Lang;
use ddb_playground::scenario::link;
use ddb_playground::ui::persist;
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
