//! The access patterns panel: a pattern saved from the console or written
//! in the panel, its rate, key variation and request edited, patterns reordered and deleted, each one's
//! verdict and cost from a dry run on the data as it is, and the patterns
//! in a share link and a lesson.

use crate::dom::*;
use ddb_playground::engine::review::KeyVariation;
use ddb_playground::scenario::link;
use ddb_playground::ui::persist;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn patterns_are_saved_from_the_console_edited_reordered_and_deleted() {
    let page = console_with_music().await;
    assert!(page.exists("#access-patterns-empty"));
    // The name comes first, as for a saved operation.
    page.click("#save-access-pattern").await;
    assert!(page.text("#saved-op-problem").contains("Give the request a name"));
    page.type_text("#c0-pk-value", "Acme").await;
    page.save_access_pattern("Songs of an artist").await;
    page.choose("#c0-op", "Scan").await;
    page.save_access_pattern("Every song").await;
    assert!(page.text("#access-patterns-title").contains("(2)"));
    assert_eq!(page.pattern_names(), ["Songs of an artist", "Every song"]);
    // The checklist: a Query, and a Scan, with their cost per request on
    // the data as it is (six 1.5 KB songs of Acme: 3 blocks, eventually
    // consistent; all seven: 3 blocks too).
    assert_eq!(page.pattern_verdicts(), ["✓ Query", "✗ only by Scan"]);
    let costs: Vec<String> = page.find_all(".ap-cost").iter().map(|e| e.text_content().unwrap_or_default()).collect();
    assert_eq!(costs, ["1.5 RCU per request", "1.5 RCU per request"]);

    // The rate: a good one is kept, a bad one is explained and changes nothing.
    page.change(".access-pattern:nth-child(1) .ap-rate", "250").await;
    page.change(".access-pattern:nth-child(2) .ap-rate", "0").await;
    assert!(
        page.text(".ap-problem").contains("RequestsPerSecond must be a number above 0"),
        "{}",
        page.text(".ap-problem")
    );
    assert_eq!(page.value(".access-pattern:nth-child(2) .ap-rate"), "0", "what was typed stays");
    page.change(".access-pattern:nth-child(2) .ap-rate", "abc").await;
    assert!(page.text(".ap-problem").contains("not a number"));
    assert_eq!(page.value(".access-pattern:nth-child(2) .ap-rate"), "abc");
    page.change(".access-pattern:nth-child(2) .ap-rate", "1").await;
    assert!(!page.exists(".ap-problem"));
    // The key variation: uniform over ten values.
    page.change(".access-pattern:nth-child(1) .ap-distribution", "Uniform").await;
    page.change(".access-pattern:nth-child(1) .ap-count", "10").await;
    assert!(!page.exists(".ap-problem"));
    let scenario = ddb_playground::scenario::Scenario::from_json(
        serde_json::from_str(&{
            yew::platform::time::sleep(std::time::Duration::from_millis(800)).await;
            storage().get_item(persist::SAVE_KEY).unwrap().expect("autosaved")
        })
        .unwrap(),
    )
    .expect("the autosave reads back");
    let first = &scenario.access_patterns[0];
    assert_eq!((first.requests_per_second, &first.keys), (250.0, &KeyVariation::Uniform { count: 10 }));
    assert_eq!(scenario.access_patterns[1].requests_per_second, 1.0);

    // Reorder, then delete.
    page.click(".access-pattern:nth-child(1) .ap-down").await;
    assert_eq!(page.pattern_names(), ["Every song", "Songs of an artist"]);
    assert_eq!(page.pattern_verdicts(), ["✗ only by Scan", "✓ Query"]);
    page.click(".access-pattern:nth-child(2) .ap-up").await;
    assert_eq!(page.pattern_names(), ["Songs of an artist", "Every song"]);
    page.change(".access-pattern:nth-child(2) .ap-name", "All songs").await;
    page.click(".access-pattern:nth-child(1) .ap-delete").await;
    assert_eq!(page.pattern_names(), ["All songs"]);

    // The request itself, edited in the panel: a Query instead of the Scan.
    let query = r#"{"TableName": "Music", "KeyConditionExpression": "Artist = :a", "ExpressionAttributeValues": {":a": {"S": "Acme"}}}"#;
    page.change(".access-pattern:nth-child(1) .ap-operation", "Query").await;
    page.change(".access-pattern:nth-child(1) .ap-request-json", query).await;
    assert_eq!(page.pattern_verdicts(), ["✓ Query"]);
    // Not JSON, or not an object: explained, what was typed stays, nothing changes.
    page.change(".access-pattern:nth-child(1) .ap-request-json", "{oops").await;
    assert!(page.text(".ap-problem").contains("SerializationException"), "{}", page.text(".ap-problem"));
    assert_eq!(page.value(".access-pattern:nth-child(1) .ap-request-json"), "{oops");
    assert_eq!(page.pattern_verdicts(), ["✓ Query"]);
    page.change(".access-pattern:nth-child(1) .ap-request-json", "[1]").await;
    assert!(page.text(".ap-problem").contains("must be a JSON object"), "{}", page.text(".ap-problem"));

    // A pattern written in the panel from scratch.
    page.click("#ap-new summary").await;
    page.change("#ap-new-name", "One song").await;
    page.change("#ap-new-operation", "GetItem").await;
    page.change("#ap-new-request", "not json").await;
    page.click("#ap-new-add").await;
    assert!(page.text("#ap-new-problem").contains("SerializationException"), "{}", page.text("#ap-new-problem"));
    assert_eq!(page.value("#ap-new-request"), "not json", "what was typed stays");
    let get = r#"{"TableName": "Music", "Key": {"Artist": {"S": "Acme"}, "SongTitle": {"S": "A1"}}}"#;
    page.change("#ap-new-request", get).await;
    page.click("#ap-new-add").await;
    assert!(!page.exists("#ap-new-problem"));
    assert_eq!(page.pattern_names(), ["All songs", "One song"]);
    assert_eq!(page.pattern_verdicts(), ["✓ Query", "✓ by key"]);
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn verdicts_follow_the_data_and_the_model() {
    let page = console_with_music().await;
    page.type_text("#c0-pk-value", "Acme").await;
    page.save_access_pattern("Songs of an artist").await;
    assert_eq!(page.find_all(".ap-cost")[0].text_content().unwrap_or_default(), "1.5 RCU per request");
    // Three more songs of Acme: nine of 1.5 KB are 4 blocks, 2 RCU.
    page.click("#tab-items").await;
    for i in 7..=9 {
        page.put(&song("Acme", &format!("A{i}"), i)).await;
    }
    page.click("#tab-console").await;
    assert_eq!(page.find_all(".ap-cost")[0].text_content().unwrap_or_default(), "2 RCU per request");
    // Without the table, the pattern is unservable, with DynamoDB's error.
    page.click(".table-entry.selected .table-actions button").await;
    page.click(".table-entry.selected .table-actions button.danger").await;
    wait_until("the pattern is unservable", || page.pattern_verdicts() == ["✗ not servable"]).await;
    assert!(page.text(".ap-cost").contains("ResourceNotFoundException"), "{}", page.text(".ap-cost"));
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn patterns_travel_in_a_share_link_and_a_lesson_brings_its_own() {
    let page = console_with_music().await;
    page.type_text("#c0-pk-value", "Acme").await;
    page.save_access_pattern("Songs of an artist").await;
    page.choose("#c0-op", "Scan").await;
    page.save_access_pattern("Every song").await;
    page.change(".access-pattern:nth-child(2) .ap-rate", "0.5").await;
    page.click("#btn-share").await;
    let fragment = location_hash();
    let shared = link::decode(&fragment).expect("the link decodes");
    let names: Vec<&str> = shared.access_patterns.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Songs of an artist", "Every song"]);
    assert_eq!(shared.access_patterns[1].requests_per_second, 0.5);
    // Change them, then follow the link: they are back as shared.
    page.click(".access-pattern:nth-child(1) .ap-delete").await;
    assert_eq!(page.pattern_names(), ["Every song"]);
    persist::set_fragment("");
    visit_fragment(&fragment).await;
    page.click("#tab-console").await;
    assert_eq!(page.pattern_names(), ["Songs of an artist", "Every song"]);
    assert_eq!(page.value(".access-pattern:nth-child(2) .ap-rate"), "0.5");
    drop(page);
    persist::set_fragment("");
    forget_everything();

    // A lesson opens with its checklist as access patterns, at the seed's rate.
    let page = open_lesson_link("lesson=voting").await;
    page.click("#tab-console").await;
    assert_eq!(
        page.pattern_names(),
        ["Record a vote", "A candidate's total", "A candidate's total, kept by the stream trigger"]
    );
    assert_eq!(page.value(".access-pattern:nth-child(1) .ap-rate"), "1500");
    assert_eq!(page.value(".access-pattern:nth-child(1) .ap-distribution"), "Uniform");
    assert_eq!(page.value(".access-pattern:nth-child(1) .ap-count"), "10");
    assert_eq!(page.pattern_verdicts(), ["✓ by key", "✓ by key", "✓ by key"]);
    drop(page);
    forget_everything();
    forget_lessons();
}
