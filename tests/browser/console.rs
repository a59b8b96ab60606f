//! The query console: forms, live cost, results, paging, raw mode, code view, compare mode, batches and
//! transactions, and the dry run on a large table.

use crate::dom::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn console_query_live_cost_run_results_and_history() {
    let page = console_with_music().await;
    assert_eq!(page.value("#c0-op"), "Query", "the console opens on Query");
    assert_eq!(page.value("#c0-table"), "Music", "and on the selected table");

    // The key picker knows the schema: Artist (S) and SongTitle (S).
    assert!(page.text("#c0-builder .key-part.pk").contains("Artist (S)"));
    assert!(page.text("#c0-builder .sort-condition").contains("SongTitle (S)"));

    // The whole collection: 6 items of ~1.5 KB, 3 blocks, halved.
    page.type_text("#c0-pk-value", "Acme").await;
    assert_eq!(figure(&page, 0), "1.5 RCU");
    let lines = page.text("#c0-cost-lines");
    assert!(lines.contains("Read 6 items"), "{lines}");
    assert!(page.text("#c0-cost").contains("3 × 4 KB blocks × 0.5 (eventually consistent) = 1.5 read units"));
    assert!(page.text("#c0-kce-generated").contains("#pk = :pk"));

    // The sort-key condition narrows the read, and the cost follows.
    page.choose("#c0-sk-op", "=").await;
    page.type_text("#c0-sk-value", "A1").await;
    assert_eq!(figure(&page, 0), "0.5 RCU");
    let lines = page.text("#c0-cost-lines");
    assert!(lines.contains("The 1 item read ("), "one item is not summed: {lines}");
    page.choose("#c0-sk-op", "between").await;
    page.type_text("#c0-sk-value", "A2").await;
    page.type_text("#c0-sk-value2", "A4").await;
    assert_eq!(figure(&page, 0), "1 RCU");
    assert!(page.text("#c0-kce-generated").contains("#pk = :pk AND #sk BETWEEN :sk AND :sk2"));

    // Strongly consistent reads cost double.
    page.click("#c0-consistent").await;
    assert_eq!(figure(&page, 0), "2 RCU");
    page.click("#c0-consistent").await;

    // A filter removes items from the answer, not from the bill.
    page.type_text("#c0-filter", "Plays > :p").await;
    page.type_text("#c0-values", r#"{":p": 25}"#).await;
    assert_eq!(figure(&page, 0), "1 RCU");
    let lines = page.text("#c0-cost-lines");
    assert!(lines.contains("The filter removed 1 of 3 items, but all 3 were read: 1 RCU."), "{lines}");
    assert!(page.text("#c0-cost-price").contains("on demand"));

    // The dry run changed nothing; running does the real read.
    page.click("#c0-run").await;
    let facts = page.text("#results-facts");
    assert!(facts.contains("Count 2") && facts.contains("ScannedCount 3"), "{facts}");
    assert!(facts.contains("consumed 1 RCU"), "{facts}");
    let titles: Vec<String> =
        page.find_all("#results table.results-items td.sk-col").iter().filter_map(|td| td.text_content()).collect();
    assert_eq!(titles, ["A3", "A4"]);
    let headers: Vec<String> =
        page.find_all("#results table.results-items th").iter().filter_map(|th| th.text_content()).collect();
    assert_eq!(headers, ["PKArtist", "SKSongTitle", "Lyrics", "Plays"]);
    assert!(page.text("#results-json").contains(r#""ScannedCount": 3"#));

    // The history has the call with its cost; the totals count it.
    let entry = page.text("#history-list > li:first-child");
    assert!(entry.contains("Query") && entry.contains("2 of 3 items read") && entry.contains("1 RCU"), "{entry}");
    let totals = page.text("#history-totals");
    assert!(totals.contains("Music"), "{totals}");
    // The puts made before count too: 7 × 2 WCU.
    assert!(totals.contains("14 WCU") && totals.contains("1 RCU"), "{totals}");

    // Re-run: one click, one more entry (after CreateTable, 7 puts, 1 query).
    assert_eq!(page.find_all("#history-list > li").len(), 9);
    page.click("#history-list > li:first-child button.rerun").await;
    assert_eq!(page.find_all("#history-list > li").len(), 10);
    assert!(page.text("#history-totals").contains("2 RCU"));

    // "Edit" loads a request from the history back into the form.
    page.choose("#c0-op", "Scan").await;
    page.type_text("#c0-filter", "").await;
    page.click("#history-list > li:first-child .history-actions button:first-child").await;
    assert_eq!(page.value("#c0-op"), "Query");
    assert_eq!(page.value("#c0-pk-value"), "Acme");
    assert_eq!(page.value("#c0-sk-op"), "between");
    assert_eq!(page.value("#c0-filter"), "Plays > :p");

    // A projection returns only the named attributes (but costs the same).
    page.type_text("#c0-projection", "SongTitle, Plays").await;
    assert_eq!(figure(&page, 0), "1 RCU");
    assert!(page.text("#c0-cost-lines").contains("The projection trims what comes back"));
    page.ctrl_enter("#c0-projection").await;
    let headers: Vec<String> =
        page.find_all("#results table.results-items th").iter().filter_map(|th| th.text_content()).collect();
    assert_eq!(headers, ["SKSongTitle", "Plays"], "Ctrl+Enter ran the projected query");
}

#[wasm_bindgen_test]
async fn console_invalid_expression_is_underlined_and_nothing_is_lost() {
    let page = console_with_music().await;
    page.type_text("#c0-pk-value", "Acme").await;
    let filter = "Plays > :p AND AND x";
    page.type_text("#c0-filter", filter).await;
    page.type_text("#c0-values", r#"{":p": 25}"#).await;

    // The live dry run already finds it: the second AND, underlined exactly.
    let mark = page.find("#c0-filter-underline");
    assert_eq!(mark.text_content().unwrap_or_default(), "AND");
    let overlay = page.find("#c0-builder .expr-field.has-error .expr-overlay");
    let before = overlay.text_content().unwrap_or_default();
    let at = before.find("AND AND").map(|i| i + 4).expect("the text is in the overlay");
    assert_eq!(&before[..at], "Plays > :p AND ", "the mark starts at the error's byte offset");
    assert_eq!(
        page.text("#c0-filter-error"),
        r#"ValidationException: Invalid FilterExpression: Syntax error; token: "AND", near: "AND AND x""#
    );
    assert_eq!(page.find("#c0-filter").get_attribute("aria-invalid").as_deref(), Some("true"));
    assert!(page.text("#c0-cost").contains("refused"), "{}", page.text("#c0-cost"));

    // Running shows DynamoDB's error; every field keeps its text.
    page.click("#c0-run").await;
    assert!(page.text("#results .error-box").starts_with("ValidationException: Invalid FilterExpression"));
    let facts = page.text("#results-facts");
    assert!(!facts.contains("Count"), "a refused Query has no Count or ScannedCount: {facts}");
    assert!(facts.contains("0 RCU"), "{facts}");
    assert_eq!(page.value("#c0-filter"), filter);
    assert_eq!(page.value("#c0-pk-value"), "Acme");
    assert_eq!(page.value("#c0-values"), r#"{":p": 25}"#);
    assert!(page.text("#history-list > li:first-child").contains("ValidationException"));

    // Fixing the text clears the mark.
    page.type_text("#c0-filter", "Plays > :p").await;
    assert!(!page.exists("#c0-filter-underline"));
    assert_eq!(figure(&page, 0), "1.5 RCU");

    // Values that are not JSON: said under the field, nothing sent, kept.
    page.type_text("#c0-values", r#"{":p": "#).await;
    assert!(page.text("#c0-values-error").starts_with("SerializationException"));
    assert!(page.text("#c0-cost").contains("Not a request yet"));
    page.click("#c0-run").await;
    assert_eq!(page.value("#c0-values"), r#"{":p": "#);
    assert!(page.newest_log_in_history_or_activity());

    // A reserved word: flagged, and the #name fix offered and applied.
    page.type_text("#c0-values", r#"{":s": "x"}"#).await;
    page.type_text("#c0-filter", "Status = :s").await;
    assert_eq!(page.text("#c0-filter-underline"), "Status");
    assert!(page.text("#c0-filter-reserved").contains("Status"));
    page.click("#c0-filter-fix").await;
    assert_eq!(page.value("#c0-filter"), "#Status = :s");
    assert!(page.value("#c0-names").contains(r##""#Status": "Status""##), "{}", page.value("#c0-names"));
    assert!(!page.exists("#c0-filter-underline"));
    assert_eq!(figure(&page, 0), "1.5 RCU");
}

#[wasm_bindgen_test]
async fn console_pages_through_a_query() {
    let page = console_with_music().await;
    page.type_text("#c0-pk-value", "Acme").await;
    page.type_text("#c0-limit", "2").await;
    // Two items of 1.5 KB: one block.
    assert_eq!(figure(&page, 0), "0.5 RCU");
    assert!(page.text("#c0-cost-lines").contains("Limit 2 stopped the read"));
    // Stopping at Limit always reports a LastEvaluatedKey, so the third
    // page (A5, A6) is followed by an empty fourth, which costs the minimum.
    let pages = page.text("#c0-cost-pages");
    assert!(pages.contains("All pages: 4 pages") && pages.contains("2 RCU in total"), "{pages}");

    page.click("#c0-run").await;
    let titles = |page: &Page| -> Vec<String> {
        page.find_all("#results table.results-items td.sk-col").iter().filter_map(|td| td.text_content()).collect()
    };
    assert_eq!(titles(&page), ["A1", "A2"]);
    assert!(page.text("#results-last-key").contains(r#""SongTitle":{"S":"A2"}"#), "{}", page.text("#results-last-key"));

    page.click("#results-next").await;
    assert_eq!(titles(&page), ["A3", "A4"]);
    assert!(page.text("#c0-start-key").contains("A2"), "the form shows where the page starts");
    assert!(page.text("#history-list > li:first-child").contains("more pages"));

    page.click("#results-rest").await;
    assert_eq!(titles(&page), ["A5", "A6"]);
    assert!(!page.exists("#results-next"), "the last page has no LastEvaluatedKey");

    // From the start, all pages at once.
    page.click("#c0-start-key-clear").await;
    page.click("#c0-all-pages").await;
    assert_eq!(titles(&page), ["A1", "A2", "A3", "A4", "A5", "A6"]);
    let facts = page.text("#results-facts");
    assert!(facts.contains("4 pages") && facts.contains("Count 6") && facts.contains("consumed 2 RCU"), "{facts}");
}

#[wasm_bindgen_test]
async fn console_raw_mode_round_trip() {
    let page = console_with_music().await;
    page.type_text("#c0-pk-value", "Acme").await;
    page.choose("#c0-sk-op", "begins_with").await;
    page.type_text("#c0-sk-value", "A").await;
    page.type_text("#c0-filter", "Plays >= :min").await;
    page.type_text("#c0-values", r#"{":min": 30}"#).await;
    page.type_text("#c0-limit", "4").await;
    page.click("#c0-forward").await;
    let cost_in_form = figure(&page, 0);

    page.click("#c0-mode-raw").await;
    let raw = page.value("#c0-raw");
    for needle in [
        r##""KeyConditionExpression": "#pk = :pk AND begins_with(#sk, :sk)""##,
        r#""FilterExpression": "Plays >= :min""#,
        r#"":min": {"N": "30"}"#,
        r#""Limit": 4"#,
        r#""ScanIndexForward": false"#,
        r#""TableName": "Music""#,
    ] {
        assert!(raw.contains(needle), "{needle} in {raw}");
    }
    assert_eq!(figure(&page, 0), cost_in_form, "the same request, the same cost");

    // Edit the raw JSON, add a member the form has no field for, go back.
    let edited = raw
        .replace(r#""Limit": 4"#, r#""Limit": 3"#)
        .replace(r#""TableName": "Music""#, r#""TableName": "Music", "ConditionalOperator": "AND""#);
    page.type_text("#c0-raw", &edited).await;
    page.click("#c0-mode-form").await;
    assert_eq!(page.value("#c0-limit"), "3");
    assert_eq!(page.value("#c0-pk-value"), "Acme");
    assert_eq!(page.value("#c0-sk-op"), "begins_with");
    assert_eq!(page.value("#c0-sk-value"), "A");
    assert_eq!(page.value("#c0-filter"), "Plays >= :min");
    assert_eq!(page.value("#c0-values"), r#"{":min": 30}"#, "the user's own spelling is kept");
    assert!(page.text("#c0-extra").contains("ConditionalOperator"));

    // And back to raw: the same request.
    page.click("#c0-mode-raw").await;
    let again: serde_json::Value = serde_json::from_str(&page.value("#c0-raw")).unwrap();
    let edited: serde_json::Value = serde_json::from_str(&edited).unwrap();
    assert_eq!(again, edited);

    // Broken JSON stays in raw mode, with the reason, and is kept.
    let broken = r#"{"TableName": "Music", "#;
    page.type_text("#c0-raw", broken).await;
    assert!(page.text("#c0-raw-error").starts_with("SerializationException"));
    page.click("#c0-mode-form").await;
    assert_eq!(page.value("#c0-raw"), broken);
    assert!(page.text("#c0-notice").contains("Stayed in raw mode"));
}

#[wasm_bindgen_test]
async fn console_code_view_and_compare_mode() {
    let page = console_with_music().await;
    page.type_text("#c0-pk-value", "Acme").await;
    let code = page.text("#code-text");
    assert!(code.contains("aws dynamodb query"), "{code}");
    assert!(code.contains("--table-name Music"), "{code}");
    page.click("#code-tab-py").await;
    assert!(page.text("#code-text").contains("boto3"));
    page.click("#code-tab-js").await;
    assert!(page.text("#code-text").contains("@aws-sdk/client-dynamodb"));
    page.click("#code-local").await;
    assert!(page.text("#code-text").contains("http://localhost:8000"));

    // Compare: the second side starts as a copy; change it, compare costs.
    page.click("#compare-toggle").await;
    assert!(page.exists("#c1-builder"));
    assert_eq!(figure(&page, 1), "1.5 RCU");
    page.choose("#c1-sk-op", "=").await;
    page.type_text("#c1-sk-value", "A1").await;
    assert_eq!(figure(&page, 1), "0.5 RCU");
    assert_eq!(figure(&page, 0), "1.5 RCU", "side A is untouched");
    // The sticky strip shows both and compares them.
    assert_eq!(page.text("#strip-a"), "1.5 RCU");
    assert_eq!(page.text("#strip-b"), "0.5 RCU");
    assert_eq!(page.text("#strip-compare"), "B costs 3× less than A");
    page.click("#c1-run").await;
    assert!(page.text("#results-facts").contains("Count 1"));
    assert!(page.text("#code-text").contains("A1"), "the code view follows the side used last");

    // Switching tabs loses nothing.
    page.click("#tab-items").await;
    page.click("#tab-console").await;
    assert_eq!(page.value("#c1-sk-value"), "A1");
    assert_eq!(page.value("#c0-pk-value"), "Acme");
}

#[wasm_bindgen_test]
async fn console_writes_batches_and_transactions() {
    let page = console_with_music().await;

    // PutItem from the form; the dry run changes nothing until Run.
    page.choose("#c0-op", "PutItem").await;
    page.type_text("#c0-item", r#"{"Artist": "New", "SongTitle": "N1", "Plays": 1}"#).await;
    assert_eq!(figure(&page, 0), "1 WCU");
    page.click("#tab-items").await;
    assert_eq!(page.grid_rows().len(), 7, "the preview wrote nothing");
    page.click("#tab-console").await;
    page.click("#c0-run").await;
    assert!(page.text("#history-list > li:first-child").contains("PutItem Music"));

    // UpdateItem with the key picker and ReturnValues.
    page.choose("#c0-op", "UpdateItem").await;
    page.type_text("#c0-key-pk", "New").await;
    page.type_text("#c0-key-sk", "N1").await;
    page.type_text("#c0-update", "SET Plays = Plays + :one").await;
    page.type_text("#c0-values", r#"{":one": 1}"#).await;
    page.choose("#c0-return-values", "ALL_NEW").await;
    assert_eq!(figure(&page, 0), "1 WCU");
    page.click("#c0-run").await;
    assert!(page.text("#results table.results-items").contains("2"), "{}", page.text("#results"));

    // GetItem of that key, strongly consistent.
    page.choose("#c0-op", "GetItem").await;
    page.click("#c0-consistent").await;
    assert_eq!(figure(&page, 0), "1 RCU");
    page.click("#c0-run").await;
    assert!(page.text("#results table.results-items").contains("N1"));

    // TransactWriteItems: two puts, each doubled.
    page.choose("#c0-op", "TransactWriteItems").await;
    page.type_text("#c0-w0-item", r#"{"Artist": "T", "SongTitle": "1"}"#).await;
    assert!(page.text("#c0-cost-lines").contains("(1 action)"), "{}", page.text("#c0-cost-lines"));
    page.click("#c0-add-write").await;
    page.type_text("#c0-w1-item", r#"{"Artist": "T", "SongTitle": "2"}"#).await;
    assert_eq!(figure(&page, 0), "4 WCU");
    assert!(page.text("#c0-cost-lines").contains("A transaction costs double"));
    assert!(page.text("#c0-cost-lines").contains("(2 actions)"));

    // BatchGetItem: each key rounded on its own (ConsistentRead is still
    // ticked from the GetItem: fields carry over between operations).
    page.choose("#c0-op", "BatchGetItem").await;
    page.type_text("#c0-key0-pk", "Acme").await;
    page.type_text("#c0-key0-sk", "A1").await;
    page.click("#c0-add-key").await;
    page.type_text("#c0-key1-pk", "Acme").await;
    page.type_text("#c0-key1-sk", "A2").await;
    assert_eq!(figure(&page, 0), "2 RCU");
    page.click("#c0-consistent").await;
    assert_eq!(figure(&page, 0), "1 RCU");
    page.click("#c0-run").await;
    assert_eq!(page.find_all("#results table.results-items tbody tr").len(), 2);

    // Scan reads everything, filter or not.
    page.choose("#c0-op", "Scan").await;
    page.type_text("#c0-filter", "Plays > :p").await;
    page.type_text("#c0-values", r#"{":p": 1000}"#).await;
    assert!(page.text("#c0-cost-lines").contains("The filter removed 8 of 8 items"), "{}", page.text("#c0-cost-lines"));
}

/// The live cost must answer on a table of 10,000 items (the issue asks for
/// one animation frame). Builds the table through the engine's own API and
/// checks the dry runs answer and change nothing; it asserts no timing
/// (CI machines vary), `measure_dry_run_on_ten_thousand_items` prints it.
#[wasm_bindgen_test]
fn dry_run_answers_on_ten_thousand_items() {
    let mut engine = ten_thousand_items();
    for (operation, request, count, scanned) in dry_run_cases() {
        let preview = ddb_playground::ui::cost::preview(
            &mut ddb_playground::engine::Previews::new(&mut engine),
            operation,
            &request,
        );
        let response = preview.outcome.unwrap_or_else(|e| panic!("{operation}: {e}"));
        assert_eq!(response["Count"], count, "{operation} {request}");
        assert_eq!(response["ScannedCount"], scanned, "{operation} {request}");
        assert!(!preview.charges.is_empty());
    }
    assert_eq!(engine.table("Big").map(|t| t.item_count()), Some(10_000), "dry runs change nothing");
}

/// Prints how long the dry runs take (run with `--include-ignored`).
#[wasm_bindgen_test]
#[ignore]
fn measure_dry_run_on_ten_thousand_items() {
    let mut engine = ten_thousand_items();
    let performance = web_sys::window().unwrap().performance().unwrap();
    for (operation, request, _, _) in dry_run_cases() {
        // Warm up once, then the median of 11.
        let _ = ddb_playground::ui::cost::preview(
            &mut ddb_playground::engine::Previews::new(&mut engine),
            operation,
            &request,
        );
        let mut times: Vec<f64> = (0..11)
            .map(|_| {
                let start = performance.now();
                let _ = ddb_playground::ui::cost::preview(
                    &mut ddb_playground::engine::Previews::new(&mut engine),
                    operation,
                    &request,
                );
                performance.now() - start
            })
            .collect();
        times.sort_by(f64::total_cmp);
        console_log!("dry run {operation} {}: median {:.2} ms, max {:.2} ms", request, times[5], times[10]);
    }
}

/// A table of 10,000 items of about 100 bytes: 100 partitions of 100 items.
fn ten_thousand_items() -> ddb_playground::engine::Engine {
    use serde_json::json;
    let mut engine = ddb_playground::engine::Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Big", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]}),
        )
        .unwrap();
    for i in 0..10_000u32 {
        let item = json!({"pk": {"S": format!("p{:03}", i % 100)}, "sk": {"N": (i / 100).to_string()},
            "status": {"S": if i % 10 == 0 { "OPEN" } else { "CLOSED" }}, "payload": {"S": "x".repeat(60)}});
        // Spread the writes over time (2 ms apart: 500 writes a second) so
        // the partitions' throughput limits never throttle the setup.
        engine.clock_mut().advance(2);
        engine.execute("PutItem", &json!({"TableName": "Big", "Item": item})).unwrap();
    }
    engine
}

/// (operation, request, Count, ScannedCount) of the first page.
fn dry_run_cases() -> Vec<(&'static str, serde_json::Value, u64, u64)> {
    use serde_json::json;
    vec![
        (
            "Scan",
            json!({"TableName": "Big", "FilterExpression": "#s = :open", "ExpressionAttributeNames": {"#s": "status"},
                "ExpressionAttributeValues": {":open": {"S": "OPEN"}}, "ReturnConsumedCapacity": "TOTAL"}),
            1_000,
            10_000,
        ),
        (
            "Query",
            json!({"TableName": "Big", "KeyConditionExpression": "pk = :p AND sk BETWEEN :a AND :b",
                "ExpressionAttributeValues": {":p": {"S": "p007"}, ":a": {"N": "10"}, ":b": {"N": "59"}}, "ReturnConsumedCapacity": "TOTAL"}),
            50,
            50,
        ),
        ("Scan", json!({"TableName": "Big", "Limit": 100, "Select": "COUNT"}), 100, 100),
    ]
}
