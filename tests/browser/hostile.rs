//! Untrusted content: hostile names and values render as text, hostile links and decompression bombs are
//! refused, huge items are refused everywhere.

use crate::dom::*;
use ddb_playground::ui::persist;
use std::time::Duration;
use wasm_bindgen_test::*;

// ---- hardening: untrusted content ----

/// Strings that would run script if any view put them into the page as
/// HTML or as a link's address; each sets `window.__pwned`.
const PAYLOADS: [&str; 5] = [
    r#"<img src=x onerror="window.__pwned=1">"#,
    "<script>window.__pwned=1</script>",
    r#""><svg onload=window.__pwned=1>"#,
    "javascript:window.__pwned=1",
    "'$(touch /tmp/pwned)'<b onmouseover=window.__pwned=1>x</b>",
];

/// Asserts that `page` made no element out of a payload, ran none, and
/// shows `expected` (a payload) as text in `selector`.
async fn assert_inert(page: &Page, baseline: u32, selector: &str, expected: &str, place: &str) {
    // An `<img onerror>` fires after the failed load: give it the time.
    yew::platform::time::sleep(Duration::from_millis(30)).await;
    assert_eq!(dangerous_elements(), baseline, "{place}: an element was made from a payload");
    assert!(!pwned(), "{place}: a payload ran");
    let text = page.text(selector);
    assert!(text.contains(expected), "{place}: {expected} is not shown as text in {selector}: {text:.400}");
}

/// A playground whose attribute names, values, saved operation, TTL
/// attribute, stream records and GSI key are all payloads (table and index
/// names cannot hold them: DynamoDB allows only `[a-zA-Z0-9_.-]`).
fn hostile_scenario() -> ddb_playground::scenario::Scenario {
    use serde_json::json;
    let [p0, p1, p2, p3, p4] = PAYLOADS;
    let mut engine = ddb_playground::engine::Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Evil", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": p0, "AttributeType": "S"}, {"AttributeName": p1, "AttributeType": "S"},
                                         {"AttributeName": p2, "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": p0, "KeyType": "HASH"}, {"AttributeName": p1, "KeyType": "RANGE"}],
                "GlobalSecondaryIndexes": [{"IndexName": "Evil-index", "Projection": {"ProjectionType": "ALL"},
                    "KeySchema": [{"AttributeName": p2, "KeyType": "HASH"}]}],
                "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"}}),
        )
        .unwrap();
    engine
        .execute(
            "UpdateTimeToLive",
            &json!({"TableName": "Evil", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": p3}}),
        )
        .unwrap();
    for (i, pk) in PAYLOADS.iter().enumerate() {
        let next = PAYLOADS[(i + 1) % PAYLOADS.len()];
        let item = json!({
            p0: {"S": pk}, p1: {"S": next}, p2: {"S": PAYLOADS[(i + 2) % PAYLOADS.len()]},
            p4: {"SS": PAYLOADS},
            "nested": {"L": [{"S": p4}, {"M": {p3: {"S": p0}, "deeper": {"L": [{"S": p1}]}}}]},
            "bytes": {"B": base64_of(p2)},
        });
        engine.execute("PutItem", &json!({"TableName": "Evil", "Item": item})).unwrap();
    }
    let mut scenario = ddb_playground::scenario::Scenario::of(&engine);
    scenario.operations.push(ddb_playground::scenario::format::SavedOperation {
        name: p4.to_string(),
        operation: "Query".into(),
        request: json!({"TableName": "Evil", "KeyConditionExpression": "#k = :v",
            "ExpressionAttributeNames": {"#k": p0}, "ExpressionAttributeValues": {":v": {"S": p0}}}),
    });
    // An open lesson that does not exist, at a step that is not a number.
    scenario.view = json!({"table": "Evil", "lesson": p0, "step": "<b>"});
    scenario
}

/// Runs `request` as `operation` from the console's raw JSON mode.
async fn run_raw(page: &Page, operation: &str, request: serde_json::Value) {
    page.choose("#c0-op", operation).await;
    if !page.exists("#c0-raw") {
        page.click("#c0-mode-raw").await;
    }
    page.type_text("#c0-raw", &request.to_string()).await;
    page.click("#c0-run").await;
}

#[wasm_bindgen_test]
async fn hostile_names_and_values_render_as_text_in_every_view() {
    use serde_json::json;
    let [p0, p1, p2, p3, p4] = PAYLOADS;
    forget_everything();
    let baseline = dangerous_elements();
    // Through a share link, the way a stranger's playground arrives.
    persist::set_fragment(&ddb_playground::scenario::link::encode(&hostile_scenario()));
    let page = mount_as_is().await;
    assert!(page.text("#scenario-notice").contains("Loaded the playground from the link"));
    assert!(!page.exists("#lesson-panel"), "no lesson of that name");

    // Items: the grid (every name and value), the row in the editor.
    assert_eq!(page.grid_rows().len(), 5);
    for payload in PAYLOADS {
        assert_inert(&page, baseline, "table.items", payload, "items grid").await;
    }
    assert_inert(&page, baseline, ".table-list", p0, "table list key schema").await;
    page.click("table.items tbody tr").await;
    assert!(page.editor_text().contains(r#"\"><svg onload"#), "{}", page.editor_text());
    page.click("#btn-get").await;
    assert_inert(&page, baseline, "#editor-outcome", p4, "GetItem outcome").await;
    // An error that quotes an attribute name: the key is a number.
    page.put(&json!({p0: 1, p1: "x"}).to_string()).await;
    assert_inert(&page, baseline, "#editor-outcome .error-box", p0, "ValidationException").await;
    assert_inert(&page, baseline, "#activity-log", p0, "activity log").await;
    // A write the stream records (a restored playground starts with none).
    page.put(&json!({p0: p3, p1: "new", "note": p4}).to_string()).await;
    assert_eq!(page.grid_rows().len(), 6);

    // The GSI's contents, the TTL and stream panels.
    page.click(".view-tab[data-view='Evil-index']").await;
    assert_inert(&page, baseline, ".table-view", p2, "index view").await;
    assert_inert(&page, baseline, "#ttl-panel", p3, "TTL panel").await;
    assert_inert(&page, baseline, "#stream-records", p4, "stream records").await;
    page.click(".view-tab[data-view='']").await;

    // The console: the saved operation, GetItem, Query, Scan, PartiQL, errors.
    page.click("#tab-console").await;
    assert_inert(&page, baseline, "#saved-op-list", p4, "saved operations").await;
    page.click(".saved-op-load").await;
    page.click("#c0-run").await;
    assert_inert(&page, baseline, "#results", p1, "saved Query results").await;
    let key = json!({p0: {"S": p0}, p1: {"S": p1}});
    run_raw(&page, "GetItem", json!({"TableName": "Evil", "Key": key})).await;
    assert_inert(&page, baseline, "#results", p4, "GetItem results").await;
    run_raw(
        &page,
        "Query",
        json!({"TableName": "Evil", "KeyConditionExpression": "#k = :v", "FilterExpression": "attribute_exists(#f)",
            "ExpressionAttributeNames": {"#k": p0, "#f": p4}, "ExpressionAttributeValues": {":v": {"S": p2}}}),
    )
    .await;
    assert_inert(&page, baseline, "#results", p3, "Query results").await;
    run_raw(&page, "Scan", json!({"TableName": "Evil", "IndexName": "Evil-index"})).await;
    assert_inert(&page, baseline, "#results", p2, "Scan results").await;
    for tab in ["#code-tab-cli", "#code-tab-js", "#code-tab-py"] {
        if page.exists(tab) {
            page.click(tab).await;
        }
        assert_inert(&page, baseline, "#code-text", "Evil-index", tab).await;
    }
    // An expression whose text is a payload: the error and the highlighting.
    run_raw(&page, "Scan", json!({"TableName": "Evil", "FilterExpression": p1})).await;
    assert_inert(&page, baseline, "#results .error-box", "ValidationException", "expression error").await;
    page.click("#c0-mode-form").await;
    page.type_text("#c0-filter", p0).await;
    assert_inert(&page, baseline, "#c0-builder", "<img", "highlighted expression").await;
    page.choose("#c0-op", "ExecuteStatement").await;
    page.type_text("#c0-statement", &format!("SELECT * FROM Evil WHERE \"{p3}\" = '{p4}'")).await;
    assert_inert(&page, baseline, "#c0-builder", p3, "PartiQL statement").await;
    page.click("#c0-run").await;
    page.type_text("#c0-statement", &format!("SELECT * FROM Evil WHERE {p1}")).await;
    assert_inert(&page, baseline, "#c0-builder", "ValidationException", "PartiQL error").await;
    assert_inert(&page, baseline, "#history-list", "ExecuteStatement", "history").await;
    page.type_text("#c0-statement", "SELECT * FROM Evil").await;
    page.click("#c0-run").await;
    assert_inert(&page, baseline, "#results", p4, "PartiQL results").await;
    assert_inert(&page, baseline, "#code-view", "execute_statement", "PartiQL code").await;

    // Partitions: the map and the hot-key lab (whose keys are generated, never typed).
    page.click("#tab-partitions").await;
    assert_inert(&page, baseline, "#partition-map", "Evil", "partition map").await;
    // Its hover titles (SVG `<title>`) count items and bytes; no key is named.
    assert!(page.find_all("#partition-map title").len() >= 2);
    page.choose("#lab-speed", "max").await;
    page.click("#lab-run").await;
    lab_finished(&page).await;
    assert_inert(&page, baseline, "#hotkey-lab", "", "hot-key lab").await;

    // Exports (files, not pages; their notices list what they could not
    // hold) and a workspace named with a payload.
    page.click("#tab-items").await;
    for button in ["#btn-export-workbench", "#btn-export-cloudformation", "#btn-export-cli"] {
        let (text, _) = export_as(&page, button).await;
        assert!(!text.is_empty(), "{button}");
        assert_inert(&page, baseline, "#scenario-notice", "", button).await;
    }
    save_workspace_as(&page, p1).await;
    assert_inert(&page, baseline, "#workspaces-menu", p1, "workspaces").await;
    assert_inert(&page, baseline, "#scenario-notice", p1, "workspace notice").await;
    drop(page);
    forget_everything();
}

/// A DEFLATE stream (fixed Huffman codes, one block) that inflates to
/// `1 + 258 × repeats` zero bytes: a literal 0, then `repeats` copies of
/// "length 258, distance 1", 13 bits each, so every compressed byte
/// inflates to about 159 bytes. Written by hand because compressing the
/// inflated size in the test would take longer than the decoder is allowed to.
fn deflate_bomb(repeats: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(repeats * 13 / 8 + 8);
    let (mut bits, mut count) = (0u64, 0u32);
    let mut put = |value: u64, width: u32, out: &mut Vec<u8>| {
        bits |= value << count;
        count += width;
        while count >= 8 {
            out.push(bits as u8);
            bits >>= 8;
            count -= 8;
        }
    };
    // Huffman codes go in most significant bit first: reverse them.
    let code = |code: u64, width: u32| code.reverse_bits() >> (64 - width);
    put(1, 1, &mut out); // BFINAL
    put(1, 2, &mut out); // BTYPE 01: fixed codes
    put(code(0b0011_0000, 8), 8, &mut out); // literal 0
    for _ in 0..repeats {
        put(code(0b1100_0101, 8), 8, &mut out); // length code 285: 258 bytes
        put(0, 5, &mut out); // distance code 0: distance 1
    }
    put(0, 7, &mut out); // end of block (code 256: 0000000)
    put(0, 7, &mut out); // flush the last bits
    out
}

/// A share link whose payload is `bytes`, compressed as a link is.
fn link_of_bytes(bytes: &[u8]) -> String {
    use base64::Engine as _;
    let compressed = miniz_oxide::deflate::compress_to_vec(bytes, 6);
    format!("#v1={}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(compressed))
}

/// The link form of raw DEFLATE bytes.
fn link_of_deflate(deflate: &[u8]) -> String {
    use base64::Engine as _;
    format!("#v1={}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deflate))
}

#[wasm_bindgen_test]
fn the_hand_made_bomb_is_valid_deflate() {
    // 10 repeats: 1 + 2,580 zero bytes, and the decoder agrees.
    let small = miniz_oxide::inflate::decompress_to_vec(&deflate_bomb(10)).expect("valid DEFLATE");
    assert_eq!(small.len(), 2_581);
    assert!(small.iter().all(|b| *b == 0));
}

/// Asserts the page shows an error notice containing `expected` and that
/// the work and its autosaved copy are as they were.
async fn assert_refused(page: &Page, baseline: u32, saved: &str, rows: usize, expected: &str, what: &str) {
    let notice = if page.exists("#scenario-notice") { page.text("#scenario-notice") } else { String::new() };
    assert!(page.exists("#scenario-notice.error"), "{what}: no error notice: {notice:.300}");
    assert!(notice.contains(expected), "{what}: {notice:.300}");
    assert_eq!(page.grid_rows().len(), rows, "{what}: the current work stays");
    yew::platform::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(storage().get_item(persist::SAVE_KEY).unwrap().as_deref(), Some(saved), "{what}: the autosave stays");
    assert_eq!(dangerous_elements(), baseline, "{what}: an element was made from the link");
    assert!(!pwned(), "{what}: the link ran script");
}

#[wasm_bindgen_test]
async fn hostile_links_give_a_notice_and_never_touch_the_work() {
    let page = music_with_two_songs().await;
    // The test runner's own page has two scripts.
    let baseline = dangerous_elements();
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    let saved = storage().get_item(persist::SAVE_KEY).unwrap().expect("autosaved");

    let not_a_scenario = link_of_bytes(br#"{"format": "ddb-playground-scenario", "version": 1, "engine": [1, 2]}"#);
    let future = link_of_bytes(br#"{"format": "ddb-playground-scenario", "version": 99, "engine": {}}"#);
    let html_document = link_of_bytes(br#"<html><body><img src=x onerror="window.__pwned=1"></body></html>"#);
    let nested = link_of_bytes("[".repeat(50_000).as_bytes());
    let cases: [(String, &str); 9] = [
        ("#v1=<script>window.__pwned=1</script>".into(), "not valid base64url"),
        ("#v1=%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D1%3E".into(), "not valid base64url"),
        ("#v1=AAAA".into(), "damaged"),
        ("#v1=".into(), "damaged"),
        (html_document, "does not hold a JSON document"),
        (not_a_scenario, "Invalid"),
        (future, "newer"),
        (nested, "does not hold a JSON document"),
        ("#v9=javascript:window.__pwned=1".into(), "v1="),
    ];
    for (link, expected) in cases {
        visit_fragment(&link).await;
        assert_refused(&page, baseline, &saved, 2, expected, &link[..link.len().min(60)]).await;
        persist::set_fragment("");
        page.click("#btn-dismiss").await;
    }

    // A lesson link with a hostile id names it, as text, and opens nothing.
    visit_fragment("#lesson=%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D1%3E&step=-5&presenter=<b>").await;
    assert_refused(&page, baseline, &saved, 2, "There is no lesson", "hostile lesson id").await;
    assert!(!page.exists("#lesson-panel"));
    page.click("#btn-dismiss").await;
    visit_fragment("#lesson=../../index.html").await;
    assert_refused(&page, baseline, &saved, 2, "There is no lesson \"../../index.html\"", "lesson path").await;
    persist::set_fragment("");
    drop(page);

    // Embed parameters with hostile values: an error as text, nothing saved.
    let original = web_sys::window().unwrap().location().search().unwrap();
    set_search("?embed=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E&table=%3Cimg%20src%3Dx%20onerror%3D1%3E");
    let page = mount_as_is().await;
    let error = page.text("#embed-error");
    assert!(error.contains("<script>window.__pwned=1</script>"), "{error}");
    assert_eq!(dangerous_elements(), baseline);
    drop(page);
    set_search("?embed=items&table=%3Cimg%20src%3Dx%20onerror%3D1%3E");
    let page = mount_as_is().await;
    assert!(page.exists(".app.embedded"));
    assert!(!page.text(".embed-title").contains("<img"), "an unknown table is not picked");
    assert_eq!(dangerous_elements(), baseline);
    assert!(!pwned());
    drop(page);
    set_search(&original);
    assert_eq!(storage().get_item(persist::SAVE_KEY).unwrap().as_deref(), Some(saved.as_str()));
    forget_everything();
}

#[wasm_bindgen_test]
async fn a_decompression_bomb_is_refused_at_the_cap_and_the_work_stays() {
    use ddb_playground::scenario::link::{MAX_DOCUMENT_BYTES, MAX_LINK_CHARS};
    let page = music_with_two_songs().await;
    let baseline = dangerous_elements();
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    let saved = storage().get_item(persist::SAVE_KEY).unwrap().expect("autosaved");
    // As long a link as is read at all: 1,450,000 bytes of DEFLATE inflate
    // to 1 + 258 × 892,307 = 230,215,207 bytes, seven times the 32 MB cap.
    let repeats = 1_450_000 * 8 / 13;
    let bomb = link_of_deflate(&deflate_bomb(repeats));
    assert!(bomb.len() < MAX_LINK_CHARS, "{}", bomb.len());
    assert!(1 + 258 * repeats > 6 * MAX_DOCUMENT_BYTES);
    visit_fragment(&bomb).await;
    let expected = format!("it expands to more than {MAX_DOCUMENT_BYTES} bytes");
    assert_refused(&page, baseline, &saved, 2, &expected, "bomb").await;
    persist::set_fragment("");
    // One character over the length cap is refused before it is decoded.
    let long = format!("#v1={}", "A".repeat(MAX_LINK_CHARS));
    visit_fragment(&long).await;
    assert_refused(&page, baseline, &saved, 2, "characters long", "overlong link").await;
    persist::set_fragment("");
    drop(page);
    forget_everything();
}

/// An item of about `mb` megabytes as plain JSON: `{"id": "big", "body": "xxx…"}`.
fn huge_item_text(mb: usize) -> String {
    format!(r#"{{"id": "big", "body": "{}"}}"#, "x".repeat(mb * 1024 * 1024))
}

/// A scenario file holding table `Big` and, when `item` is given, that item
/// (plain JSON) in DynamoDB JSON, written without building the engine (the
/// engine would refuse the item).
fn scenario_file_with(item: Option<&str>) -> String {
    use serde_json::json;
    let mut engine = ddb_playground::engine::Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Big", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}),
        )
        .unwrap();
    engine.execute("PutItem", &json!({"TableName": "Big", "Item": {"id": {"S": "small"}}})).unwrap();
    let text = persist::scenario_text(&ddb_playground::scenario::Scenario::of(&engine));
    match item {
        None => text,
        Some(item) => {
            let body = &item[item.find("\"body\": \"").unwrap() + 9..item.len() - 2];
            let wire = format!(r#"{{"id": {{"S": "big"}}, "body": {{"S": "{body}"}}}}"#);
            let pattern = r#"{"id":{"S":"small"}}"#;
            let compact = serde_json::to_string(&serde_json::from_str::<serde_json::Value>(&text).unwrap()).unwrap();
            assert!(compact.contains(pattern), "{compact:.600}");
            compact.replacen(pattern, &format!("{pattern},{wire}"), 1)
        }
    }
}

/// Milliseconds since some fixed point.
fn now_ms() -> f64 {
    web_sys::window().unwrap().performance().unwrap().now()
}

/// The three ways a huge item comes in, each refused with a message and
/// the work left as it was.
async fn huge_item_cases(report: &mut Vec<(String, f64)>) {
    let item = huge_item_text(50);
    let page = mount().await;
    page.create_table("Big", ("id", "S"), None).await;
    page.put(r#"{"id": "kept"}"#).await;
    assert_eq!(page.grid_rows().len(), 1);

    // (1) Pasted into the item editor: refused by its size, unread; the
    // editor keeps what it had.
    let before = page.editor_text();
    let start = now_ms();
    page.edit(&item).await;
    report.push(("item editor, 50 MB pasted".into(), now_ms() - start));
    let notice = page.text("#scenario-notice");
    assert!(page.exists("#scenario-notice.error"), "{notice:.300}");
    assert!(notice.contains("The text is 50.0 MB") && notice.contains("at most 16 MB"), "{notice:.300}");
    assert_eq!(page.editor_text(), before);
    page.click("#btn-put").await;
    assert_eq!(page.grid_rows().len(), 1);
    assert!(page.text("#activity-log").len() < 100_000, "the log does not print the text");
    // Just over DynamoDB's 400 KB: DynamoDB's own message.
    let start = now_ms();
    page.put(&huge_item_text(1)).await;
    report.push(("item editor, 1 MB, PutItem".into(), now_ms() - start));
    assert_eq!(
        page.text("#editor-outcome .error-box"),
        "ValidationException: Item size has exceeded the maximum allowed size"
    );
    let log = page.text("#activity-log > li:first-child");
    assert!(log.len() < 100_000, "the log shows a capped request: {} characters", log.len());
    assert!(log.contains("more bytes not shown"), "{:.300}", &log[log.len().saturating_sub(300)..]);
    page.edit("").await;

    // (2) In the console's raw JSON.
    page.click("#tab-console").await;
    page.choose("#c0-op", "PutItem").await;
    page.click("#c0-mode-raw").await;
    let request = format!(r#"{{"TableName": "Big", "Item": {}}}"#, scenario_wire(&item));
    let before = page.value("#c0-raw");
    let start = now_ms();
    page.type_text("#c0-raw", &request).await;
    report.push(("console raw JSON, 50 MB pasted".into(), now_ms() - start));
    let notice = page.text("#c0-notice");
    assert!(notice.contains("The text is 50.0 MB") && notice.contains("at most 16 MB"), "{notice:.300}");
    assert_eq!(page.value("#c0-raw"), before, "the field keeps its request");
    page.click("#c0-run").await;
    assert!(page.text("#code-view").len() < 100_000, "the code view does not print it");
    // A 1 MB item in raw JSON goes to the engine, which refuses it; the
    // code view generates its code only for Copy.
    let request = format!(r#"{{"TableName": "Big", "Item": {}}}"#, scenario_wire(&huge_item_text(1)));
    let start = now_ms();
    page.type_text("#c0-raw", &request).await;
    page.click("#c0-run").await;
    report.push(("console raw JSON, 1 MB, typed + run".into(), now_ms() - start));
    let results = page.text("#results");
    assert!(results.contains("Item size has exceeded the maximum allowed size"), "{results:.300}");
    let code = page.text("#code-text");
    assert!(code.contains("too long to show as code here"), "{code:.300}");
    page.type_text("#c0-raw", "{}").await;
    page.click("#tab-items").await;
    assert_eq!(page.grid_rows().len(), 1);

    // (3) In a scenario file: over the 32 MB file cap, refused unread; under
    // it, the engine's own PutItem refuses the item.
    let start = now_ms();
    choose_file(&page, "big.json", &scenario_file_with(Some(&item))).await;
    report.push(("import, 50 MB file".into(), now_ms() - start));
    let notice = page.text("#scenario-notice");
    assert!(page.exists("#scenario-notice.error") && notice.contains("larger than 32 MB"), "{notice:.300}");
    let item = huge_item_text(20);
    let start = now_ms();
    choose_file(&page, "big20.json", &scenario_file_with(Some(&item))).await;
    report.push(("import, 20 MB file".into(), now_ms() - start));
    let notice = page.text("#scenario-notice");
    assert!(page.exists("#scenario-notice.error"), "{notice:.300}");
    assert!(notice.contains("Item size has exceeded the maximum allowed size"), "{notice:.300}");
    assert!(notice.len() < 10_000, "{}", notice.len());
    assert!(page.text(".table-entry.selected").contains("Big"));
    assert_eq!(page.grid_rows().len(), 1, "the work stays");
    // The same file without the big item imports (the test's file is right).
    choose_file(&page, "small.json", &scenario_file_with(None)).await;
    assert!(page.text("#scenario-notice").contains("Imported small.json"), "{}", page.text("#scenario-notice"));
    drop(page);
    forget_everything();
}

/// The plain item `{"id": …, "body": …}` in DynamoDB JSON.
fn scenario_wire(item: &str) -> String {
    let body = &item[item.find("\"body\": \"").unwrap() + 9..item.len() - 2];
    format!(r#"{{"id": {{"S": "big"}}, "body": {{"S": "{body}"}}}}"#)
}

#[wasm_bindgen_test]
async fn a_fifty_megabyte_item_is_refused_in_the_editor_the_console_and_a_file() {
    huge_item_cases(&mut Vec::new()).await;
}

/// Prints how long each refusal of a huge input takes (debug build of the
/// test; the release page is faster). Run with
/// `… cargo test --target wasm32-unknown-unknown --test browser measure_refusals -- --include-ignored`.
#[wasm_bindgen_test]
#[ignore]
async fn measure_refusals_of_huge_input() {
    let mut report = Vec::new();
    huge_item_cases(&mut report).await;
    // Just under the 16 MB limit: read, parsed, sent, refused by the engine.
    let page = mount().await;
    page.create_table("Big", ("id", "S"), None).await;
    page.click("#tab-console").await;
    page.choose("#c0-op", "PutItem").await;
    page.click("#c0-mode-raw").await;
    let request = format!(r#"{{"TableName": "Big", "Item": {}}}"#, scenario_wire(&huge_item_text(15)));
    let start = now_ms();
    page.type_text("#c0-raw", &request).await;
    report.push(("console raw JSON, 15 MB typed".into(), now_ms() - start));
    let start = now_ms();
    page.click("#c0-run").await;
    report.push(("console raw JSON, 15 MB run".into(), now_ms() - start));
    assert!(page.text("#results").contains("Item size has exceeded the maximum allowed size"));
    drop(page);
    forget_everything();
    let page = music_with_two_songs().await;
    let repeats = 1_450_000 * 8 / 13;
    let bomb = link_of_deflate(&deflate_bomb(repeats));
    let start = now_ms();
    visit_fragment(&bomb).await;
    report.push(("share link, 1.9 M characters inflating to 230 MB".into(), now_ms() - start));
    assert!(page.text("#scenario-notice").contains("expands to more than"));
    persist::set_fragment("");
    drop(page);
    forget_everything();
    for (case, ms) in report {
        web_sys::console::log_1(&format!("{case}: {ms:.0} ms (including the test's waits of ~50 ms per step)").into());
    }
}
