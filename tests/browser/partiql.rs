//! PartiQL in the console: the statement's access path and cost.

use crate::dom::*;
use wasm_bindgen_test::*;

// ---- PartiQL ----

#[wasm_bindgen_test]

async fn console_partiql_statement_shows_its_access_path_and_cost() {
    let page = console_with_music().await;
    page.choose("#c0-op", "ExecuteStatement").await;
    assert!(!page.exists("#c0-table"), "a statement names its table itself");

    // No key in the WHERE: a Scan that reads all 7 songs (about 1.5 KB
    // each: 3 blocks, 1.5 RCU) though only 4 come back.
    page.type_text("#c0-statement", "SELECT SongTitle FROM Music WHERE Plays > 25").await;
    let sentence = page.text("#c0-plan-sentence");
    assert!(sentence.starts_with("This SELECT is a Scan of Music: it reads all 7 items, returns 4"), "{sentence}");
    assert!(sentence.ends_with(&figure(&page, 0)), "{sentence} vs {}", figure(&page, 0));
    assert_eq!(figure(&page, 0), "1.5 RCU");
    assert!(page.exists("#c0-plan.is-scan"));

    // Fix the partition key and the same SQL becomes a Query of Acme's 6.
    page.type_text("#c0-statement", "SELECT SongTitle FROM Music WHERE Artist = 'Acme' AND Plays > 25").await;
    let sentence = page.text("#c0-plan-sentence");
    assert!(sentence.starts_with("This SELECT is a Query on Music: it reads 6 items, returns 4"), "{sentence}");
    assert!(!page.exists("#c0-plan.is-scan"));
    assert!(page.text("#c0-plan").contains("KeyConditionExpression"));

    // A syntax error is underlined where it is, and nothing typed is lost.
    page.type_text("#c0-statement", "SELECT * FORM Music").await;
    assert_eq!(page.find("#c0-statement-underline").text_content().unwrap_or_default(), "FORM");
    assert!(page.text("#c0-statement-error").starts_with(
        "ValidationException: Statement wasn't well formed, can't be processed: Expected FROM but found FORM"
    ));
    assert_eq!(page.value("#c0-statement"), "SELECT * FORM Music");

    // A write with a parameter: an UpdateItem, run for real.
    page.type_text("#c0-statement", "UPDATE Music SET Plays = ? WHERE Artist = 'Zed' AND SongTitle = 'Z1'").await;
    page.type_text("#c0-parameters", "[99]").await;
    assert!(page.text("#c0-plan-sentence").starts_with("This UPDATE is an UpdateItem on Music"));
    page.click("#c0-run").await;
    assert!(!page.exists("#results .error-box"), "{}", page.text("#results"));
    page.type_text("#c0-parameters", "").await;
    page.type_text("#c0-statement", "SELECT Plays FROM Music WHERE Artist = 'Zed' AND SongTitle = 'Z1'").await;
    assert!(page.text("#c0-plan-sentence").starts_with("This SELECT is a GetItem on Music: it reads 1 item"));
    page.click("#c0-run").await;
    assert!(page.text("#results table.results-items").contains("99"), "{}", page.text("#results"));
    assert!(page.text("#history-list > li:first-child").contains("ExecuteStatement"));
}
