//! Browser tests: the real page in headless Chromium, driven through the DOM
//! the way a student would drive it (type into fields, click buttons).
//!
//! Each test mounts its own [`App`] on a fresh `<div>`, so tests share
//! nothing but the document. [`mount`] first forgets the URL fragment and
//! the autosaved copy a previous test may have left; [`mount_as_is`] keeps
//! them, as a reload would. A test that fails leaves its page mounted (a
//! panic in wasm unwinds nothing, so no `Drop` runs), and that page would
//! still answer hash changes and autosave; every mount first unmounts such
//! leftovers, so one failure stays one failure. After every interaction the test yields to the
//! browser for a moment so Yew can re-render before the DOM is read.
//!
//! Run with:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//!  WASM_BINDGEN_TEST_TIMEOUT=120 cargo test --target wasm32-unknown-unknown --test browser`

#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::time::Duration;

use ddb_playground::ui::{persist, App};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{
    Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement, KeyboardEvent,
    KeyboardEventInit,
};

wasm_bindgen_test_configure!(run_in_browser);

/// A mounted playground: its root element (the app is in [`MOUNTED`]).
struct Page {
    root: Element,
}

thread_local! {
    /// The apps mounted and not yet unmounted, with their roots.
    static MOUNTED: RefCell<Vec<(Element, yew::AppHandle<App>)>> = const { RefCell::new(Vec::new()) };
}

/// Unmounts the app on `root`, or with `None` every app still mounted.
fn unmount(root: Option<&Element>) {
    let apps = MOUNTED.with(|mounted| {
        let mut mounted = mounted.borrow_mut();
        let (gone, kept) = mounted.drain(..).partition(|(r, _)| root.is_none_or(|root| r == root));
        *mounted = kept;
        gone
    });
    for (root, app) in apps {
        app.destroy();
        root.remove();
    }
}

impl Drop for Page {
    fn drop(&mut self) {
        unmount(Some(&self.root));
    }
}

/// Lets Yew's scheduler run and the browser paint.
async fn settle() {
    for _ in 0..3 {
        yew::platform::time::sleep(Duration::from_millis(15)).await;
    }
}

/// Mounts a fresh playground: no share link in the URL, no autosaved copy.
async fn mount() -> Page {
    forget_everything();
    mount_as_is().await
}

/// Forgets what a previous test left: the URL fragment, the saved copies
/// and the chosen language.
fn forget_everything() {
    ddb_playground::ui::persist::set_fragment("");
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    for key in [
        persist::SAVE_KEY,
        persist::TEMP_KEY,
        persist::BACKUP_KEY,
        persist::TEMP_BACKUP_KEY,
        ddb_playground::ui::language::LANGUAGE_KEY,
    ] {
        storage.remove_item(key).unwrap();
    }
    for (name, _) in persist::list_workspaces() {
        persist::delete_workspace(&name);
    }
}

/// Mounts the playground as a page load would: reading the URL and the
/// autosaved copy as they are.
async fn mount_as_is() -> Page {
    // A page only a failed test can have left: at most one page is mounted
    // at a time, and each test drops its own before mounting another.
    unmount(None);
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let app = yew::Renderer::<App>::with_root(root.clone()).render();
    MOUNTED.with(|mounted| mounted.borrow_mut().push((root.clone(), app)));
    settle().await;
    Page { root }
}

impl Page {
    fn find(&self, selector: &str) -> Element {
        self.root.query_selector(selector).unwrap().unwrap_or_else(|| panic!("no element matches {selector}"))
    }

    fn find_all(&self, selector: &str) -> Vec<Element> {
        let list = self.root.query_selector_all(selector).unwrap();
        (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into().ok()).collect()
    }

    fn exists(&self, selector: &str) -> bool {
        self.root.query_selector(selector).unwrap().is_some()
    }

    fn text(&self, selector: &str) -> String {
        self.find(selector).text_content().unwrap_or_default()
    }

    fn fire(element: &Element, kind: &str) {
        let init = EventInit::new();
        init.set_bubbles(true);
        let event = Event::new_with_event_init_dict(kind, &init).unwrap();
        element.dispatch_event(&event).unwrap();
    }

    /// Types into an `<input>`: sets the value, fires `input`.
    async fn type_into(&self, selector: &str, value: &str) {
        let input: HtmlInputElement = self.find(selector).dyn_into().unwrap();
        input.set_value(value);
        Self::fire(&input, "input");
        settle().await;
    }

    /// Picks an option of a `<select>`, fires `change`.
    async fn choose(&self, selector: &str, value: &str) {
        let select: HtmlSelectElement = self.find(selector).dyn_into().unwrap();
        select.set_value(value);
        Self::fire(&select, "change");
        settle().await;
    }

    /// Replaces the item editor's text, fires `input`.
    async fn edit(&self, text: &str) {
        let area: HtmlTextAreaElement = self.find("#item-json").dyn_into().unwrap();
        area.set_value(text);
        Self::fire(&area, "input");
        settle().await;
    }

    fn editor_text(&self) -> String {
        self.find("#item-json").dyn_into::<HtmlTextAreaElement>().unwrap().value()
    }

    async fn click(&self, selector: &str) {
        self.find(selector).dyn_into::<HtmlElement>().unwrap().click();
        settle().await;
    }

    /// Fills in and submits the create-table form.
    async fn create_table(&self, name: &str, pk: (&str, &str), sk: Option<(&str, &str)>) {
        self.type_into("#ct-name", name).await;
        self.type_into("#ct-pk", pk.0).await;
        self.choose("#ct-pk-type", pk.1).await;
        let (sk_name, sk_type) = sk.unwrap_or(("", "S"));
        self.type_into("#ct-sk", sk_name).await;
        self.choose("#ct-sk-type", sk_type).await;
        self.click("#ct-submit").await;
    }

    async fn put(&self, text: &str) {
        self.edit(text).await;
        self.click("#btn-put").await;
    }

    /// The text of each cell of the items grid, row by row.
    fn grid_rows(&self) -> Vec<Vec<String>> {
        self.find_all("table.items tbody tr")
            .iter()
            .map(|row| {
                let cells = row.query_selector_all("td").unwrap();
                (0..cells.length())
                    .filter_map(|i| cells.item(i))
                    .map(|cell| cell.text_content().unwrap_or_default())
                    .collect()
            })
            .collect()
    }

    /// The newest activity-log entry's text.
    fn newest_log(&self) -> String {
        self.text("#activity-log > li:first-child")
    }

    /// Types into an `<input>` or a `<textarea>`: sets the value, fires `input`.
    async fn type_text(&self, selector: &str, value: &str) {
        let element = self.find(selector);
        if let Some(area) = element.dyn_ref::<HtmlTextAreaElement>() {
            area.set_value(value);
        } else if let Some(input) = element.dyn_ref::<HtmlInputElement>() {
            input.set_value(value);
        } else {
            panic!("{selector} is not a text field");
        }
        Self::fire(&element, "input");
        settle().await;
    }

    /// The value of an `<input>`, `<textarea>` or `<select>`.
    fn value(&self, selector: &str) -> String {
        let element = self.find(selector);
        if let Some(area) = element.dyn_ref::<HtmlTextAreaElement>() {
            area.value()
        } else if let Some(input) = element.dyn_ref::<HtmlInputElement>() {
            input.value()
        } else if let Some(select) = element.dyn_ref::<HtmlSelectElement>() {
            select.value()
        } else {
            panic!("{selector} has no value")
        }
    }

    /// Presses Ctrl+Enter in `selector`.
    async fn ctrl_enter(&self, selector: &str) {
        let init = KeyboardEventInit::new();
        init.set_key("Enter");
        init.set_ctrl_key(true);
        init.set_bubbles(true);
        let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        self.find(selector).dispatch_event(&event).unwrap();
        settle().await;
    }
}

#[wasm_bindgen_test]
async fn create_table_put_item_and_see_it_grouped() {
    let page = mount().await;
    assert!(page.text(".table-list").contains("No tables yet"));

    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    assert!(page.text("#ct-outcome").contains("CreateTable Music → created"), "{}", page.text("#ct-outcome"));
    let entry = page.text(".table-entry.selected");
    assert!(entry.contains("Music"), "{entry}");
    assert!(entry.contains("PK Artist (S) · SK SongTitle (S)"), "{entry}");
    assert!(entry.contains("Provisioned · 5 RCU / 5 WCU"), "{entry}");
    assert!(entry.contains("0 items · 0 bytes"), "{entry}");

    page.put(r#"{"Artist": "Acme Band", "SongTitle": "Happy Day", "Year": 2024}"#).await;
    assert!(page.text("#editor-outcome").contains("PutItem Music → 1 WCU"), "{}", page.text("#editor-outcome"));
    assert_eq!(page.find_all("table.items tbody.collection").len(), 1);
    assert_eq!(page.grid_rows().len(), 1);
    let row = &page.grid_rows()[0];
    assert!(row[0].starts_with("Acme Band"), "{row:?}");
    assert!(row[0].contains("keyspace "), "{row:?}");
    assert_eq!(row[1..], ["Happy Day".to_string(), "2024".to_string()]);
    // Key columns first and marked, then the other attributes.
    let headers: Vec<String> = page.find_all("table.items th").iter().filter_map(|th| th.text_content()).collect();
    assert_eq!(headers, ["PKArtist", "SKSongTitle", "Year"]);
    assert!(page.exists("table.items td.v-n"), "numbers are marked for right alignment");
    assert!(page.text("table.items tr.focus").contains("Happy Day"), "the row just written is marked");
    // The table description follows the data.
    assert!(page.text(".table-entry.selected").contains("1 item · "));
    // The log shows the call, its capacity, and the DynamoDB JSON sent.
    let log = page.newest_log();
    assert!(log.contains("PutItem") && log.contains("1 WCU"), "{log}");
    assert!(log.contains(r#""CapacityUnits":1"#), "{log}");
    assert!(log.contains(r#""Year": {"#) && log.contains(r#""N": "2024""#), "request carries DynamoDB JSON: {log}");
}

#[wasm_bindgen_test]
async fn errors_show_inline_and_nothing_is_lost() {
    let page = mount().await;
    page.create_table("Errors", ("id", "S"), None).await;
    page.put(r#"{"id": "first", "note": "kept"}"#).await;
    assert_eq!(page.grid_rows().len(), 1);

    // Not JSON at all: the parser's SerializationException, nothing sent.
    let broken = r#"{"id": "second", "#;
    page.put(broken).await;
    assert_eq!(page.text("#editor-outcome .error-name"), "SerializationException");
    assert_eq!(page.editor_text(), broken, "the editor keeps the text");
    assert!(page.newest_log().contains("not sent"), "{}", page.newest_log());

    // A number where the key is a string: DynamoDB's ValidationException.
    let mismatch = r#"{"id": 42, "note": "wrong key type"}"#;
    page.put(mismatch).await;
    let error = page.text("#editor-outcome .error-box");
    assert_eq!(
        error,
        "ValidationException: One or more parameter values were invalid: Type mismatch for key id expected: S actual: N"
    );
    assert_eq!(page.editor_text(), mismatch, "the editor keeps the text");
    assert!(page.text("#activity-log > li:first-child .error-box").starts_with("ValidationException: "));
    // The earlier item is still there.
    let rows = page.grid_rows();
    assert_eq!(rows.len(), 1);
    assert!(rows[0][0].starts_with("first"), "{rows:?}");

    // A table error shows under its form, the fields keep their text.
    page.create_table("Errors", ("id", "S"), None).await;
    assert_eq!(page.text("#ct-outcome .error-name"), "ResourceInUseException");
    let name: HtmlInputElement = page.find("#ct-name").dyn_into().unwrap();
    assert_eq!(name.value(), "Errors");
}

#[wasm_bindgen_test]
async fn items_with_one_partition_key_form_one_collection_in_sort_key_order() {
    let page = mount().await;
    page.create_table("Songs", ("artist", "S"), Some(("track", "N"))).await;
    for (artist, track) in [("Acme", 3), ("Zed", 1), ("Acme", 1), ("Acme", 20), ("Acme", 2)] {
        page.put(&format!(r#"{{"artist": "{artist}", "track": {track}}}"#)).await;
    }
    let collections = page.find_all("table.items tbody.collection");
    assert_eq!(collections.len(), 2);
    let acme = collections
        .iter()
        .find(|c| c.text_content().unwrap_or_default().starts_with("Acme"))
        .expect("a collection for Acme");
    let rows = acme.query_selector_all("tr").unwrap();
    assert_eq!(rows.length(), 4);
    // The partition key cell spans the collection's rows.
    let pk_cell = acme.query_selector("td.pk-cell").unwrap().unwrap();
    assert_eq!(pk_cell.get_attribute("rowspan").as_deref(), Some("4"));
    assert_eq!(acme.query_selector_all("td.pk-cell").unwrap().length(), 1);
    // Sort keys are numbers: numeric order, not text order (2 < 3 < 20).
    let cells = acme.query_selector_all("td.sk-cell").unwrap();
    let tracks: Vec<String> = (0..cells.length()).filter_map(|i| cells.item(i)?.text_content()).collect();
    assert_eq!(tracks, ["1", "2", "3", "20"]);
    assert!(page.text(".table-view .facts").contains("2 item collections"));
}

#[wasm_bindgen_test]
async fn rows_load_into_the_editor_and_get_delete_use_the_key() {
    let page = mount().await;
    page.create_table("Keys", ("pk", "S"), Some(("sk", "S"))).await;
    page.put(r#"{"pk": "a", "sk": "1", "tags": {"SS": ["x", "y"]}}"#).await;
    // That was not all DynamoDB JSON, so "tags" is a map with one member SS.
    page.put(r#"{"pk": {"S": "a"}, "sk": {"S": "2"}, "tags": {"SS": ["x", "y"]}}"#).await;
    assert_eq!(page.grid_rows().len(), 2);

    // Clicking a row loads its item; a string set has no plain-JSON
    // spelling, so it comes back as DynamoDB JSON.
    page.click("table.items tbody tr:nth-child(2)").await;
    let loaded = page.editor_text();
    assert!(loaded.contains(r#""SS""#) && loaded.contains(r#""S": "2""#), "{loaded}");

    // GetItem takes only the key out of the editor's item.
    page.click("#consistent-read").await;
    page.click("#btn-get").await;
    let outcome = page.text("#editor-outcome");
    assert!(outcome.contains("GetItem Keys → found, 1 RCU (strongly consistent)"), "{outcome}");
    let request = page.text("#activity-log > li:first-child .io > div:first-child pre");
    assert!(request.contains(r#""Key": {"#) && !request.contains("tags"), "{request}");
    assert!(request.contains(r#""ConsistentRead": true"#), "{request}");

    // DeleteItem removes it.
    page.click("#btn-delete").await;
    assert!(page.text("#editor-outcome").contains("DeleteItem Keys → 1 WCU"));
    assert_eq!(page.grid_rows().len(), 1);

    // A key attribute missing from the editor: the engine's answer.
    page.edit(r#"{"pk": "a"}"#).await;
    page.click("#btn-get").await;
    assert_eq!(
        page.text("#editor-outcome .error-box"),
        "ValidationException: The provided key element does not match the schema"
    );

    // Ctrl+Enter puts.
    page.edit(r#"{"pk": "b", "sk": "1"}"#).await;
    let init = KeyboardEventInit::new();
    init.set_key("Enter");
    init.set_ctrl_key(true);
    init.set_bubbles(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    page.find("#item-json").dispatch_event(&event).unwrap();
    settle().await;
    assert!(page.text("#editor-outcome").contains("PutItem Keys → 1 WCU"));
    assert_eq!(page.grid_rows().len(), 2);
}

#[wasm_bindgen_test]
async fn on_demand_tables_and_delete_table() {
    let page = mount().await;
    page.click("#ct-on-demand").await;
    assert!(!page.exists("#ct-rcu"), "no capacity fields on demand");
    page.create_table("Pay", ("id", "N"), None).await;
    assert!(page.text(".table-entry.selected").contains("On-demand"));
    page.put(r#"{"id": 1}"#).await;
    assert!(page.text("#editor-outcome").contains("PutItem Pay → 1 WRU"), "{}", page.text("#editor-outcome"));

    // Deleting takes two clicks.
    page.click(".table-entry.selected .table-actions button").await;
    assert!(page.exists(".table-entry"), "one click does not delete");
    page.click(".table-entry.selected .table-actions button.danger").await;
    assert!(!page.exists(".table-entry"));
    assert!(page.newest_log().contains("DeleteTable Pay → deleted with 1 item"), "{}", page.newest_log());
    assert!(page.exists(".welcome"));
}

#[wasm_bindgen_test]
fn json_is_printed_compactly_where_it_fits() {
    use ddb_playground::ui::format::{group_digits, pretty};
    use serde_json::json;
    let body = json!({"TableName": "Music", "Item": {"Artist": {"S": "Acme"}, "Year": {"N": "2024"}}, "L": []});
    assert_eq!(
        pretty(&body),
        "{\n  \"Item\": {\"Artist\": {\"S\": \"Acme\"}, \"Year\": {\"N\": \"2024\"}},\n  \"L\": [],\n  \"TableName\": \"Music\"\n}"
    );
    let long = json!({"a": {"b": "x".repeat(80), "c": 1}});
    assert_eq!(pretty(&long), format!("{{\n  \"a\": {{\n    \"b\": \"{}\",\n    \"c\": 1\n  }}\n}}", "x".repeat(80)));
    assert_eq!(pretty(&json!("s")), "\"s\"");
    assert_eq!(pretty(&json!({})), "{}");
    assert_eq!(group_digits(999), "999");
    assert_eq!(group_digits(1_234_567), "1,234,567");
}

// ---------------------------------------------------------------------------
// The query console (issue 4).
// ---------------------------------------------------------------------------

/// An item of about 1,500 bytes, so a few of them cross 4 KB read blocks:
/// six make 3 blocks (1.5 RCU eventually consistent), three make 2 (1 RCU),
/// one makes 1 (0.5 RCU).
fn song(artist: &str, title: &str, plays: u32) -> String {
    format!(r#"{{"Artist": "{artist}", "SongTitle": "{title}", "Plays": {plays}, "Lyrics": "{}"}}"#, "la".repeat(730))
}

/// A Music table with six songs by Acme (A1 … A6) and one by Zed, then the
/// console tab.
async fn console_with_music() -> Page {
    let page = mount().await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    for i in 1..=6 {
        page.put(&song("Acme", &format!("A{i}"), i * 10)).await;
    }
    page.put(&song("Zed", "Z1", 5)).await;
    page.click("#tab-console").await;
    page
}

fn figure(page: &Page, side: usize) -> String {
    page.text(&format!("#c{side}-cost-figure"))
}

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

impl Page {
    /// A request that could not be built is logged as not sent.
    fn newest_log_in_history_or_activity(&self) -> bool {
        // The activity log is on the Items tab; the history lists only
        // requests that reached the engine, so it has no new entry.
        !self.text("#history-list > li:first-child").contains("not sent")
    }
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
    page.click("#c0-add-write").await;
    page.type_text("#c0-w1-item", r#"{"Artist": "T", "SongTitle": "2"}"#).await;
    assert_eq!(figure(&page, 0), "4 WCU");
    assert!(page.text("#c0-cost-lines").contains("A transaction costs double"));

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
        let preview = ddb_playground::ui::cost::preview(&mut engine, operation, &request);
        let response = preview.outcome.unwrap_or_else(|e| panic!("{operation}: {e}"));
        assert_eq!(response["Count"], count, "{operation} {request}");
        assert_eq!(response["ScannedCount"], scanned, "{operation} {request}");
        assert!(!preview.charges.is_empty());
    }
    assert_eq!(engine.table("Big").map(|t| t.storage.item_count()), Some(10_000), "dry runs change nothing");
}

/// Prints how long the dry runs take (run with `--include-ignored`).
#[wasm_bindgen_test]
#[ignore]
fn measure_dry_run_on_ten_thousand_items() {
    let mut engine = ten_thousand_items();
    let performance = web_sys::window().unwrap().performance().unwrap();
    for (operation, request, _, _) in dry_run_cases() {
        // Warm up once, then the median of 11.
        let _ = ddb_playground::ui::cost::preview(&mut engine, operation, &request);
        let mut times: Vec<f64> = (0..11)
            .map(|_| {
                let start = performance.now();
                let _ = ddb_playground::ui::cost::preview(&mut engine, operation, &request);
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

/// A song with a genre and a year (and a label the index does not copy);
/// `genre` empty leaves the attribute out, so the item is not in a GSI on it.
fn genre_song(artist: &str, title: &str, genre: &str, year: u32) -> String {
    let genre = if genre.is_empty() { String::new() } else { format!(r#""Genre": "{genre}", "#) };
    format!(
        r#"{{"Artist": "{artist}", "SongTitle": "{title}", {genre}"Year": {year}, "Album": "{title} LP", "Label": "L"}}"#
    )
}

/// The index grid's collections: each as (partition key, sort keys in order).
fn index_groups(page: &Page) -> Vec<(String, Vec<String>)> {
    page.find_all("table.index-items tbody.collection:not(.pending)")
        .iter()
        .map(|body| {
            let text = |selector: &str| {
                let list = body.query_selector_all(selector).unwrap();
                (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.text_content()).collect::<Vec<_>>()
            };
            (text("td.pk-cell .pk-value").concat(), text("td.sk-cell"))
        })
        .collect()
}

#[wasm_bindgen_test]
async fn gsi_on_a_filled_table_backfills_answers_queries_and_propagates() {
    let page = mount().await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    page.put(&genre_song("Acme", "A1", "Rock", 2001)).await;
    page.put(&genre_song("Acme", "A2", "Jazz", 1999)).await;
    page.put(&genre_song("Bea", "B1", "Rock", 1995)).await;
    page.put(&genre_song("Bea", "B2", "", 1990)).await;
    page.put(&genre_song("Cid", "C1", "Rock", 2010)).await;
    assert!(page.text(".index-panel").contains("No indexes yet"));
    assert!(!page.exists(".view-tabs"), "no selector without indexes");

    // Add a GSI on the filled table: Genre / Year (N), projecting Album.
    page.click("#ix-add").await;
    page.type_into("#ix-new-name", "GenreIndex").await;
    page.type_into("#ix-new-pk", "Genre").await;
    page.type_into("#ix-new-sk", "Year").await;
    page.choose("#ix-new-sk-type", "N").await;
    page.choose("#ix-new-projection", "INCLUDE").await;
    page.type_into("#ix-new-include", "Album").await;
    let diagram = page.text("#ix-new .copies");
    assert!(diagram.contains("PKGenre") && diagram.contains("SKYear"), "{diagram}");
    assert!(diagram.contains("table keyArtist") && diagram.contains("table keySongTitle"), "{diagram}");
    assert!(diagram.contains("Album"), "{diagram}");
    page.click("#ix-create").await;
    assert!(page.text("#ix-outcome").contains("UpdateTable Music → OK"), "{}", page.text("#ix-outcome"));
    assert!(!page.exists("#ix-new"), "the form closes once the GSI is created");

    // CREATING and backfilling, with the time left.
    let row = page.text(".index-row[data-index='GenreIndex']");
    assert!(row.contains("GenreIndex") && row.contains("GSI") && row.contains("CREATING"), "{row}");
    assert!(row.contains("backfilling") && row.contains("left"), "{row}");
    page.click(".view-tab[data-view='GenreIndex']").await;
    let status = page.text("#index-view-status");
    assert!(status.contains("CREATING") && status.contains("backfilling"), "{status}");

    // Skip the wait: ACTIVE.
    page.click("#ix-skip").await;
    assert_eq!(page.text("#index-view-status"), "ACTIVE");
    assert!(page.text(".index-row[data-index='GenreIndex']").contains("ACTIVE"));
    assert!(page.text(".index-row[data-index='GenreIndex']").contains("4 entries"), "B2 has no Genre: sparse");

    // The contents: grouped by Genre, Year order inside, projected only.
    let facts = page.text(".table-view .facts");
    assert!(facts.contains("4 entries") && facts.contains("2 index partition keys"), "{facts}");
    let headers: Vec<String> =
        page.find_all("table.index-items thead th").iter().filter_map(|th| th.text_content()).collect();
    assert_eq!(headers, ["PKGenre", "SKYear", "table keyArtist", "table keySongTitle", "Album"]);
    let mut groups = index_groups(&page);
    groups.sort();
    assert_eq!(
        groups,
        [
            ("Jazz".to_string(), vec!["1999".to_string()]),
            ("Rock".into(), vec!["1995".into(), "2001".into(), "2010".into()])
        ]
    );

    // Query the index from the console, then Scan it.
    page.click("#tab-console").await;
    page.choose("#c0-index", "GenreIndex").await;
    assert!(page.text("#c0-builder .key-part.pk").contains("Genre (S)"));
    page.type_text("#c0-pk-value", "Rock").await;
    let lines = page.text("#c0-cost-lines");
    assert!(lines.contains("Read from GenreIndex"), "{lines}");
    page.click("#c0-run").await;
    let facts = page.text("#results-facts");
    assert!(facts.contains("Count 3"), "{facts}");
    let request = page.text("#results-json");
    assert!(!request.contains("\"Label\""), "not projected: {request}");
    page.choose("#c0-op", "Scan").await;
    page.choose("#c0-index", "GenreIndex").await;
    page.click("#c0-run").await;
    let facts = page.text("#results-facts");
    assert!(facts.contains("Count 4"), "{facts}");

    // Slow propagation down; a new item is pending in the index, then arrives.
    page.click("#tab-items").await;
    page.type_into("#ix-delay", "60000").await;
    page.put(&genre_song("Dee", "D1", "Rock", 2005)).await;
    page.click(".view-tab[data-view='GenreIndex']").await;
    let pending = page.text("table.index-items tr.pending-entry");
    assert!(pending.contains("2005") && pending.contains("Dee") && pending.contains("arrives in"), "{pending}");
    assert!(pending.contains("s"), "{pending}");
    assert!(page.text(".index-view-status").contains("1 update on the way"));
    let rock = index_groups(&page).into_iter().find(|(pk, _)| pk == "Rock").unwrap();
    assert_eq!(rock.1, ["1995", "2001", "2010"], "not in the index yet");
    page.click("#ix-skip").await;
    assert!(!page.exists("tr.pending-entry"));
    let rock = index_groups(&page).into_iter().find(|(pk, _)| pk == "Rock").unwrap();
    assert_eq!(rock.1, ["1995", "2001", "2005", "2010"]);

    // Delete the GSI: DELETING, then gone.
    page.click(".index-row[data-index='GenreIndex'] button").await;
    assert!(page.text(".index-row[data-index='GenreIndex']").contains("DELETING"));
    page.click("#ix-skip").await;
    assert!(!page.exists(".index-row"));
    assert!(!page.exists(".view-tabs"));
    assert!(page.exists("table.items"), "back to the table's items");
}

#[wasm_bindgen_test]
async fn table_designer_creates_gsis_and_lsis_and_overloading_is_labelled() {
    let page = mount().await;
    page.type_into("#ct-name", "App").await;
    page.type_into("#ct-pk", "PK").await;
    page.type_into("#ct-sk", "SK").await;
    page.click("#ct-add-gsi").await;
    page.type_into("#ct-gsi-0-name", "GSI1").await;
    page.type_into("#ct-gsi-0-pk", "GSI1PK").await;
    page.type_into("#ct-gsi-0-sk", "GSI1SK").await;
    page.choose("#ct-gsi-0-projection", "KEYS_ONLY").await;
    assert!(page.text("#ct-gsi-0 .copies").contains("nothing else"));
    page.click("#ct-add-lsi").await;
    page.type_into("#ct-lsi-0-name", "ByDate").await;
    page.type_into("#ct-lsi-0-sk", "Date").await;
    let lsi = page.text("#ct-lsi-0");
    assert!(lsi.contains("the table's (PK)") && lsi.contains("every other attribute"), "{lsi}");
    // A third one, removed again.
    page.click("#ct-add-gsi").await;
    assert!(page.exists("#ct-gsi-1"));
    page.click("#ct-gsi-1-remove").await;
    assert!(!page.exists("#ct-gsi-1"));
    page.click("#ct-submit").await;
    assert!(page.text("#ct-outcome").contains("CreateTable App → created"), "{}", page.text("#ct-outcome"));
    assert_eq!(page.find_all(".index-row").len(), 2);
    assert!(page.text(".index-row[data-index='GSI1']").contains("ACTIVE"));
    assert!(page.text(".index-row[data-index='ByDate']").contains("LSI"));
    assert!(!page.exists(".index-row[data-index='ByDate'] button"), "an LSI cannot be dropped");

    // An overloaded GSI: a customer and its orders share a GSI1 partition.
    page.type_into("#ix-delay", "0").await;
    page.put(r#"{"PK": "CUSTOMER#1", "SK": "CUSTOMER#1", "GSI1PK": "ann@example.com", "GSI1SK": "A", "Date": "2024"}"#)
        .await;
    page.put(r#"{"PK": "CUSTOMER#1", "SK": "ORDER#7", "GSI1PK": "ann@example.com", "GSI1SK": "B"}"#).await;
    page.put(r#"{"PK": "CUSTOMER#2", "SK": "CUSTOMER#2", "GSI1PK": "bob@example.com", "GSI1SK": "A"}"#).await;
    page.click(".view-tab[data-view='GSI1']").await;
    let labels: Vec<String> =
        page.find_all("table.index-items .type-label").iter().filter_map(|e| e.text_content()).collect();
    assert_eq!(labels, ["CUSTOMER", "ORDER"]);
    assert_eq!(page.find_all("table.index-items .overloaded").len(), 1);

    // The LSI: the table's partition key, sorted by Date; sparse.
    page.click(".view-tab[data-view='ByDate']").await;
    let groups = index_groups(&page);
    assert_eq!(groups, [("CUSTOMER#1".to_string(), vec!["2024".to_string()])]);
}

fn throttled_cells(page: &Page, selector: &str) -> usize {
    page.find(selector).get_attribute("data-throttled-cells").unwrap_or_default().parse().unwrap()
}

/// Waits (up to a minute) until `done` holds, checking every 50 ms.
async fn wait_until(what: &str, done: impl Fn() -> bool) {
    for _ in 0..1200 {
        if done() {
            return;
        }
        yew::platform::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("waited a minute for {what}");
}

/// Waits until the hot-key lab's runs are over.
async fn lab_finished(page: &Page) {
    wait_until("the lab run to finish", || {
        page.exists("#lab-status") && page.text("#lab-status").starts_with("Finished")
    })
    .await;
    settle().await;
}

#[wasm_bindgen_test]
async fn partitions_tab_map_hot_key_lab_sharding_and_planners() {
    let page = console_with_music().await;

    // The console's live cost names the partitions a request touches.
    page.type_text("#c0-pk-value", "Acme").await;
    let lines = page.text("#c0-cost-lines");
    assert!(lines.contains("Partitions touched: 1 (Music: partition 1 of 1)."), "{lines}");

    // The partition map: one partition, two item collections on the band.
    page.click("#tab-partitions").await;
    assert_eq!(page.find("#tab-partitions").get_attribute("aria-selected").as_deref(), Some("true"));
    let head = page.text("#pm-space-0 h3");
    assert_eq!(head, "Table Music · 1 partition");
    assert_eq!(page.find_all("#pm-space-0 .pm-tick").len(), 2);
    assert!(page.text("#pm-space-0 .pm-labels").contains("7 items"));
    assert!(page.text("#pm-space-0 .pm-labels").contains("5 RCU / 5 WCU"));

    // The teaching scale: shown once it is not 10 GB, and the partition splits.
    assert!(!page.exists("#pm-scale-note"));
    page.type_into("#pm-scale-kb", "4").await;
    page.click("#pm-scale button[type=submit]").await;
    assert!(page.text("#pm-scale-note").contains("more than 4 KB"), "{}", page.text("#pm-scale-note"));
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 2 partitions");
    assert_eq!(page.find_all("#pm-space-0 .pm-label").len(), 2);
    assert!(page.text("#pm-space-0 .pm-labels").contains("2.5 RCU / 2.5 WCU"));
    page.click("#pm-scale-reset").await;
    assert!(!page.exists("#pm-scale-note"));
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 2 partitions", "partitions never merge");

    // The hot-key lab: the voting workload throttles one partition...
    assert_eq!(page.value("#lab-preset"), "voting");
    page.choose("#lab-speed", "max").await;
    page.click("#lab-run").await;
    lab_finished(&page).await;
    let before = page.text("#lab-before-summary");
    assert!(before.contains("90,000 requests, 30,000 throttled"), "{before}");
    assert!(throttled_cells(&page, "#lab-before-heatmap") > 0);
    assert!(page.text("#lab-before-top").contains("CandidateA"));
    assert!(!page.exists("#lab-after"));

    // ...and the same traffic over 10 shards does not throttle at all.
    page.click("#lab-shard").await;
    lab_finished(&page).await;
    let after = page.text("#lab-after-summary");
    assert!(after.contains("90,000 requests, 0 throttled"), "{after}");
    assert_eq!(throttled_cells(&page, "#lab-after-heatmap"), 0);
    assert!(page.text("#lab-after-top").contains("CandidateA_"));
    assert!(page.text("#lab-before-summary").contains("90,000 requests, 30,000 throttled"), "before, rerun beside it");

    // Too big a run is refused with a message, nothing panics.
    page.type_into("#lab-seconds", "3000").await;
    page.click("#lab-run").await;
    assert!(page.text("#lab-error").contains("at most 2,000,000"));

    // Other presets and reads run too; a new run clears the old "after".
    page.choose("#lab-preset", "zipf").await;
    assert!(page.exists("#lab-keys") && page.exists("#lab-zipf"));
    page.choose("#lab-operation", "read").await;
    page.click("#lab-run").await;
    lab_finished(&page).await;
    assert!(!page.exists("#lab-error"));
    let zipf = page.text("#lab-before-summary");
    assert!(zipf.contains("180,000 requests") && zipf.contains("RCU consumed"), "{zipf}");
    assert!(!page.exists("#lab-after"));
    page.type_into("#lab-zipf", "-1").await;
    page.click("#lab-run").await;
    assert!(page.text("#lab-error").contains("Zipf skew"));

    // The planners, prefilled with the seeds' examples.
    assert_eq!(page.text("#planner-partitions"), "3");
    assert_eq!(page.text("#planner-rcu"), "1,666.67");
    assert_eq!(page.text("#planner-wcu"), "166.67");
    assert_eq!(page.text("#planner-shards"), "13");
    page.type_into("#plan-rcu", "12000").await;
    assert_eq!(page.text("#planner-partitions"), "5");
}

#[wasm_bindgen_test]
async fn partition_map_shows_gsis_and_the_cost_names_their_partitions() {
    let page = mount().await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    page.put(&genre_song("Acme", "A1", "Rock", 2001)).await;
    page.put(&genre_song("Bea", "B1", "Rock", 1995)).await;
    page.put(&genre_song("Cid", "C1", "Jazz", 2010)).await;
    page.click("#ix-add").await;
    page.type_into("#ix-new-name", "GenreIndex").await;
    page.type_into("#ix-new-pk", "Genre").await;
    page.click("#ix-create").await;
    page.click("#ix-skip").await;

    page.click("#tab-partitions").await;
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 1 partition");
    assert_eq!(page.find_all("#pm-space-0 .pm-tick").len(), 3);
    assert_eq!(page.text("#pm-space-1 h3"), "GSI GenreIndex · 1 partition");
    assert_eq!(page.find_all("#pm-space-1 .pm-tick").len(), 2, "Rock and Jazz");
    assert!(page.text("#pm-space-1 .pm-labels").contains("3 items"));

    // A put with a Genre writes the table and the GSI: both partitions count.
    page.click("#tab-console").await;
    page.choose("#c0-op", "PutItem").await;
    page.type_text("#c0-item", r#"{"Artist": "Dee", "SongTitle": "D1", "Genre": "Pop"}"#).await;
    let lines = page.text("#c0-cost-lines");
    assert!(
        lines.contains("Partitions touched: 2 (Music: partition 1 of 1; Music index GenreIndex: partition 1 of 1)."),
        "{lines}"
    );
}

fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn location_hash() -> String {
    web_sys::window().unwrap().location().hash().unwrap()
}

/// Sets `location.hash` (firing `hashchange`) and waits for the page.
async fn visit_fragment(fragment: &str) {
    web_sys::window().unwrap().location().set_hash(fragment).unwrap();
    for _ in 0..4 {
        settle().await;
    }
}

async fn music_with_two_songs() -> Page {
    let page = mount().await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    page.put(r#"{"Artist": "Acme Band", "SongTitle": "Happy Day", "Year": 2024}"#).await;
    page.put(r#"{"Artist": "Acme Band", "SongTitle": "Rainy Night", "Year": 2021}"#).await;
    assert_eq!(page.grid_rows().len(), 2);
    page
}

#[wasm_bindgen_test]
async fn share_link_restores_the_playground_and_bad_links_change_nothing() {
    let page = music_with_two_songs().await;
    page.click("#btn-share").await;
    let link = location_hash();
    assert!(link.starts_with("#v1="), "{link}");
    let notice = page.text("#scenario-notice");
    assert!(notice.contains("Link copied") && notice.contains(" characters"), "{notice}");
    let length = web_sys::window().unwrap().location().href().unwrap().chars().count();
    assert!(notice.contains(&format!("{length} characters")), "{notice} / {length}");
    // The link decodes to what the page shows.
    let scenario = ddb_playground::scenario::link::decode(&link).expect("the link decodes");
    assert_eq!(scenario.view["table"], "Music");

    // Change the state, then follow the link: the two songs are back.
    page.put(r#"{"Artist": "Other", "SongTitle": "Third", "Year": 1999}"#).await;
    assert_eq!(page.grid_rows().len(), 3);
    persist::set_fragment("");
    visit_fragment(&link).await;
    assert_eq!(page.grid_rows().len(), 2, "{:?}", page.grid_rows());
    assert!(page.text("#scenario-notice").contains("Loaded the playground from the link"));
    assert!(page.text(".table-entry.selected").contains("Music"));
    assert_eq!(location_hash(), "", "a loaded link leaves the address bar");

    // A cut-off link, a damaged one and a newer version: a message, the items stay.
    page.put(r#"{"Artist": "Other", "SongTitle": "Third", "Year": 1999}"#).await;
    let truncated = &link[..link.len() / 2];
    let damaged = format!("{}!!{}", &link[..20], &link[22..]);
    for (bad, expected) in
        [(truncated.to_string(), "Invalid share link"), (damaged, "Invalid share link"), ("#v2=abc".into(), "v1=")]
    {
        visit_fragment(&bad).await;
        let notice = page.text("#scenario-notice");
        assert!(page.exists("#scenario-notice.error"), "{notice}");
        assert!(notice.contains(expected) && notice.contains("Nothing was changed"), "{notice}");
        assert_eq!(page.grid_rows().len(), 3, "the current work stays");
        persist::set_fragment("");
    }
    page.click("#btn-dismiss").await;
    assert!(!page.exists("#scenario-notice"));
    // A page anchor is not a link to load.
    visit_fragment("#main-panel").await;
    assert!(!page.exists("#scenario-notice"));
    persist::set_fragment("");

    // A fresh page opened on the link starts from it.
    drop(page);
    storage().remove_item(persist::SAVE_KEY).unwrap();
    persist::set_fragment(&link[1..]);
    let page = mount_as_is().await;
    assert_eq!(page.grid_rows().len(), 2);
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn autosave_survives_a_reload_and_a_bad_copy_is_kept_aside() {
    let page = music_with_two_songs().await;
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    let saved = storage().get_item(persist::SAVE_KEY).unwrap().expect("autosaved");
    assert!(storage().get_item(persist::TEMP_KEY).unwrap().is_none(), "the temporary copy is removed");
    let document: serde_json::Value = serde_json::from_str(&saved).unwrap();
    assert!(ddb_playground::scenario::Scenario::from_json(document).is_ok());
    drop(page);

    // A fresh mount (a reload) reads the saved copy.
    let page = mount_as_is().await;
    assert_eq!(page.grid_rows().len(), 2);
    assert!(page.text(".table-entry.selected").contains("Music"));
    assert!(!page.exists("#scenario-notice"));

    // Reset asks first, then empties the playground and the saved copy.
    page.click("#btn-reset").await;
    assert!(page.text(".scenario-menu").contains("Empty the playground"));
    page.click("#btn-reset-cancel").await;
    assert_eq!(page.grid_rows().len(), 2);
    page.click("#btn-reset").await;
    page.click("#btn-reset-confirm").await;
    assert!(page.text(".table-list").contains("No tables yet"));
    assert!(storage().get_item(persist::SAVE_KEY).unwrap().is_none());
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    assert!(storage().get_item(persist::SAVE_KEY).unwrap().is_none(), "an empty playground is not saved");
    drop(page);

    // A damaged saved copy: a message, an empty start, the copy kept aside.
    storage().set_item(persist::SAVE_KEY, "{\"format\": \"ddb-playground-scenario\", \"version\": 1").unwrap();
    let page = mount_as_is().await;
    let notice = page.text("#scenario-notice");
    assert!(notice.contains("could not be read") && notice.contains(persist::BACKUP_KEY), "{notice}");
    assert!(page.text(".table-list").contains("No tables yet"));
    assert!(storage().get_item(persist::BACKUP_KEY).unwrap().unwrap().starts_with("{\"format\""));
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn export_writes_a_scenario_file_that_reads_back() {
    let page = music_with_two_songs().await;
    // Catch the exported blob's text on its way to the download.
    let capture = js_sys::Function::new_with_args(
        "",
        "const original = URL.createObjectURL;
         window.__ddbExported = null;
         URL.createObjectURL = function (blob) {
             blob.text().then(text => { window.__ddbExported = text; });
             URL.createObjectURL = original;
             return original.call(URL, blob);
         };",
    );
    capture.call0(&wasm_bindgen::JsValue::NULL).unwrap();
    page.click("#btn-export").await;
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    let notice = page.text("#scenario-notice");
    assert!(notice.starts_with("Exported ddb-playground-20") && notice.contains(".json"), "{notice}");
    let window = web_sys::window().unwrap();
    let text = js_sys::Reflect::get(&window, &"__ddbExported".into()).unwrap().as_string().expect("exported text");
    let document: serde_json::Value = serde_json::from_str(&text).unwrap();
    let scenario = ddb_playground::scenario::Scenario::from_json(document).expect("a valid scenario");
    assert_eq!(scenario.view["table"], "Music");
    let mut engine = scenario.engine;
    let scan = engine.execute("Scan", &serde_json::json!({"TableName": "Music", "Select": "COUNT"})).unwrap();
    assert_eq!(scan["Count"], 2);
    assert!(persist::scenario_from_text(&text).is_ok());
    assert!(persist::scenario_from_text("{\"format\": \"other\"}").unwrap_err().contains("Invalid scenario"));
    drop(page);
    forget_everything();
}

/// Chooses a file with `text` in the Import button's file input.
async fn choose_file(page: &Page, name: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let file = web_sys::File::new_with_str_sequence(&parts, name).unwrap();
    let transfer = web_sys::DataTransfer::new().unwrap();
    transfer.items().add_with_file(&file).unwrap();
    let input: HtmlInputElement = page.find("#import-file").dyn_into().unwrap();
    input.set_files(transfer.files().as_ref());
    Page::fire(&input, "change");
    for _ in 0..4 {
        settle().await;
    }
}

#[wasm_bindgen_test]
async fn import_loads_a_scenario_file_and_refuses_a_broken_one() {
    // A scenario file as an export writes it.
    let page = music_with_two_songs().await;
    let saved = page_scenario_text().await;
    drop(page);
    let page = mount().await;
    page.create_table("Other", ("id", "S"), None).await;
    page.put(r#"{"id": "kept"}"#).await;

    // A broken file: a message, the current work stays.
    choose_file(&page, "broken.json", "{\"format\": \"ddb-playground-scenario\", \"version\": 9}").await;
    let notice = page.text("#scenario-notice");
    assert!(page.exists("#scenario-notice.error"), "{notice}");
    assert!(notice.contains("broken.json") && notice.contains("newer ddb-playground"), "{notice}");
    assert_eq!(page.grid_rows().len(), 1);
    choose_file(&page, "not-json.json", "hello").await;
    assert!(page.text("#scenario-notice").contains("not a JSON document"));
    assert!(page.text(".table-entry.selected").contains("Other"));

    // A good file replaces the playground.
    choose_file(&page, "music.json", &saved).await;
    assert!(page.text("#scenario-notice").contains("Imported music.json"), "{}", page.text("#scenario-notice"));
    assert!(page.text(".table-entry.selected").contains("Music"));
    assert_eq!(page.grid_rows().len(), 2);
    drop(page);
    forget_everything();
}

/// The scenario the page shows, as an exported file's text (read from the
/// autosaved copy, which is the same document).
async fn page_scenario_text() -> String {
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    let text = storage().get_item(persist::SAVE_KEY).unwrap().expect("autosaved");
    let scenario = persist::scenario_from_text(&text).expect("valid");
    persist::scenario_text(&scenario)
}

// ---- import/export ----

const MUSIC_MODEL: &str = include_str!("fixtures/workbench/music-3.0.json");

/// Makes the next download's blob readable as `window.__ddbDownload`
/// (`{text, type}`) once it is built.
fn capture_next_download() {
    let capture = js_sys::Function::new_with_args(
        "",
        "const original = URL.createObjectURL;
         window.__ddbDownload = null;
         URL.createObjectURL = function (blob) {
             blob.text().then(text => { window.__ddbDownload = { text: text, type: blob.type }; });
             URL.createObjectURL = original;
             return original.call(URL, blob);
         };",
    );
    capture.call0(&wasm_bindgen::JsValue::NULL).unwrap();
}

/// Clicks an Export menu entry and returns the downloaded file's text and
/// media type.
async fn export_as(page: &Page, button: &str) -> (String, String) {
    capture_next_download();
    page.click("#btn-export-menu").await;
    assert!(page.find(".export-menu").has_attribute("open"), "the menu opens");
    page.click(button).await;
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    assert!(!page.find(".export-menu").has_attribute("open"), "the menu closes after a choice");
    let window = web_sys::window().unwrap();
    let download = js_sys::Reflect::get(&window, &"__ddbDownload".into()).unwrap();
    let field = |name: &str| js_sys::Reflect::get(&download, &name.into()).unwrap().as_string().expect(name);
    (field("text"), field("type"))
}

fn notice_details(page: &Page) -> Vec<String> {
    page.find_all("#scenario-notice .notice-details li")
        .iter()
        .map(|li| li.text_content().unwrap_or_default())
        .collect()
}

#[wasm_bindgen_test]
async fn export_menu_writes_workbench_cloudformation_and_cli_files() {
    let page = music_with_two_songs().await;
    let labels: Vec<String> =
        page.find_all(".export-menu-item").iter().map(|b| b.text_content().unwrap_or_default()).collect();
    assert_eq!(
        labels,
        [
            "Scenario file",
            "NoSQL Workbench model",
            "NoSQL Workbench model (1.0)",
            "CloudFormation template",
            "AWS CLI script"
        ]
    );

    // NoSQL Workbench 3.0: a model that reads back to the same items.
    let (text, media_type) = export_as(&page, "#btn-export-workbench").await;
    assert_eq!(media_type, "application/json");
    let notice = page.text("#scenario-notice .notice-text");
    assert!(notice.starts_with("Exported ddb-playground-20") && notice.ends_with("-workbench.json."), "{notice}");
    let model: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(model["ModelMetadata"]["Version"], "3.0");
    assert_eq!(model["DataModel"][0]["TableName"], "Music");
    assert_eq!(model["DataModel"][0]["TableData"].as_array().unwrap().len(), 2);
    let back = ddb_playground::scenario::workbench::import(&model).expect("reads back");
    let mut engine = back.scenario.engine;
    let scan = engine.execute("Scan", &serde_json::json!({"TableName": "Music", "Select": "COUNT"})).unwrap();
    assert_eq!(scan["Count"], 2);

    // 1.0: no billing members.
    let (text, _) = export_as(&page, "#btn-export-workbench-1").await;
    let model: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(model["ModelMetadata"]["Version"], "1.0");
    assert!(model["DataModel"][0].get("BillingMode").is_none());

    // CloudFormation: the table without its items, and a word about them.
    let (text, _) = export_as(&page, "#btn-export-cloudformation").await;
    let template: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(template["Resources"]["MusicTable"]["Type"], "AWS::DynamoDB::Table");
    assert!(page.text("#scenario-notice .notice-text").ends_with("-cloudformation.json. Not in the file:"));
    assert_eq!(
        notice_details(&page),
        ["Table Music: its 2 item(s) are not part of the template (CloudFormation creates empty tables); the AWS CLI \
          script writes them."]
    );

    // The AWS CLI script.
    let (text, media_type) = export_as(&page, "#btn-export-cli").await;
    assert_eq!(media_type, "text/x-shellscript");
    assert!(text.starts_with("#!/usr/bin/env bash\n") && text.contains("ddb create-table"), "{text}");
    assert!(text.contains("write_batch '{\"Music\":[{\"PutRequest\""), "{text}");
    assert!(page.text("#scenario-notice .notice-text").ends_with(".sh."));
    assert!(notice_details(&page).is_empty());

    // The scenario file is still the first entry.
    let (text, _) = export_as(&page, "#btn-export").await;
    assert!(persist::scenario_from_text(&text).is_ok());
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn import_reads_a_workbench_model_says_what_it_kept_and_exports_it_back() {
    let page = mount().await;
    page.create_table("Other", ("id", "S"), None).await;
    choose_file(&page, "music-3.0.json", MUSIC_MODEL).await;
    assert!(!page.exists("#scenario-notice.error"), "{}", page.text("#scenario-notice"));
    assert_eq!(
        page.text("#scenario-notice .notice-text"),
        "Imported music-3.0.json (NoSQL Workbench model \"Music Library\"): 2 table(s), 7 item(s)."
    );
    assert_eq!(
        notice_details(&page),
        [
            "Table Music: kept for the export, not simulated: 2 facet(s), DataAccess, SampleDataFormats, the auto \
             scaling settings (the playground does not scale capacity).",
            "Table Orders: kept for the export, not simulated: DataAccess.",
        ]
    );
    assert!(page.text(".table-entry.selected").contains("Music"));
    assert!(!page.text(".table-list").contains("Other"), "the import replaced the playground");
    assert_eq!(page.grid_rows().len(), 4);

    // Exported again, the model is the one imported: facets and all.
    let original: serde_json::Value = serde_json::from_str(MUSIC_MODEL).unwrap();
    let (text, _) = export_as(&page, "#btn-export-workbench").await;
    assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), original);

    // The kept model survives a reload (autosave) and a share link.
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    drop(page);
    let page = mount_as_is().await;
    assert_eq!(page.grid_rows().len(), 4);
    let (text, _) = export_as(&page, "#btn-export-workbench").await;
    assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), original);
    page.click("#btn-share").await;
    let linked = ddb_playground::scenario::link::decode(&location_hash()).expect("the link decodes");
    assert!(linked.workbench.is_some());
    persist::set_fragment("");
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn a_broken_workbench_model_changes_nothing() {
    let page = music_with_two_songs().await;
    let mut model: serde_json::Value = serde_json::from_str(MUSIC_MODEL).unwrap();
    model["DataModel"][1]["TableData"][2]["OrderNumber"] = serde_json::json!({"S": "one"});
    choose_file(&page, "orders.json", &model.to_string()).await;
    let notice = page.text("#scenario-notice");
    assert!(page.exists("#scenario-notice.error"), "{notice}");
    assert!(
        notice.contains(
            "orders.json: Invalid NoSQL Workbench model: DataModel[1] (table \"Orders\").TableData[2]: \
             ValidationException: One or more parameter values were invalid: Type mismatch for key OrderNumber \
             expected: N actual: S"
        ) && notice.contains("Nothing was changed"),
        "{notice}"
    );
    assert!(page.text(".table-entry.selected").contains("Music"));
    assert_eq!(page.grid_rows().len(), 2, "the current work stays");
    // A CloudFormation template is recognised and refused.
    choose_file(&page, "stack.json", r#"{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {}}"#).await;
    assert!(page.text("#scenario-notice").contains("this is a CloudFormation template"));
    assert_eq!(page.grid_rows().len(), 2);
    drop(page);
    forget_everything();
}

// ---- lessons ----

/// The lessons' documents. The page fetches them from `lessons/`, which
/// the test runner does not serve, so the tests hand them over instead.
const LESSON_SOURCES: [&str; 15] = [
    include_str!("../src/scenario/lessons/data/01-game-scores.json"),
    include_str!("../src/scenario/lessons/data/02-forum-lsi.json"),
    include_str!("../src/scenario/lessons/data/03-overloaded-partition.json"),
    include_str!("../src/scenario/lessons/data/04-hr-order-entry.json"),
    include_str!("../src/scenario/lessons/data/05-partition-math.json"),
    include_str!("../src/scenario/lessons/data/06-hot-keys.json"),
    include_str!("../src/scenario/lessons/data/07-voting.json"),
    include_str!("../src/scenario/lessons/data/08-messaging.json"),
    include_str!("../src/scenario/lessons/data/09-gaming.json"),
    include_str!("../src/scenario/lessons/data/10-sparse-index.json"),
    include_str!("../src/scenario/lessons/data/11-time-series.json"),
    include_str!("../src/scenario/lessons/data/12-relationships.json"),
    include_str!("../src/scenario/lessons/data/13-composite-keys.json"),
    include_str!("../src/scenario/lessons/data/14-events.json"),
    include_str!("../src/scenario/lessons/data/15-failed-design.json"),
];

/// Forgets what a lesson test leaves: the kept playground, presenter mode.
/// (And makes sure the lessons' documents are at hand.)
fn forget_lessons() {
    use ddb_playground::scenario::lessons;
    use ddb_playground::ui::lesson_nav;
    for (entry, text) in lessons::CATALOG.iter().zip(LESSON_SOURCES) {
        assert!(lessons::provide(entry.id, text));
    }
    storage().remove_item(lesson_nav::STASH_KEY).unwrap();
    storage().remove_item(lesson_nav::STASH_BACKUP_KEY).unwrap();
    lesson_nav::set_presenter(false);
}

/// Takes the presenter class off the page but keeps the remembered switch,
/// as a reload would.
fn forget_lessons_class_only() {
    let root = web_sys::window().unwrap().document().unwrap().document_element().unwrap();
    root.set_class_name("");
}

/// The rows of the selected table's own item grid (not its indexes').
fn table_rows(page: &Page) -> usize {
    page.find_all("table.items:not(.index-items):not(.results-items) tbody tr").len()
}

/// A fresh page opened on `#lesson=<fragment>`.
async fn open_lesson_link(fragment: &str) -> Page {
    forget_everything();
    forget_lessons();
    persist::set_fragment(fragment);
    let page = mount_as_is().await;
    for _ in 0..3 {
        settle().await;
    }
    page
}

#[wasm_bindgen_test]
async fn a_lesson_link_opens_the_lesson_and_shows_its_items() {
    let page = open_lesson_link("lesson=game-scores").await;
    assert_eq!(page.text("#lesson-title"), "GameScores and GameTitleIndex");
    assert_eq!(page.text("#lesson-step-count"), "Step 1 of 6");
    assert_eq!(page.text("#lesson-step-title"), "The base table");
    assert!(page.text(".table-entry.selected").contains("GameScores"));
    // Nine rows of the slide and three Comet Quest players, in the grid.
    assert_eq!(table_rows(&page), 12);
    let grid = page.text("table.items:not(.index-items)");
    assert!(grid.contains("Galaxy Invaders") && grid.contains("5842"), "{grid}");
    // The GSIs show the same items under their own keys.
    assert!(page.text(".table-view").contains("GameTitleIndex"));
    assert_eq!(location_hash(), "", "the link leaves the address bar");
    assert!(page.text("#scenario-notice").contains("Opened the lesson “GameScores and GameTitleIndex”."));
    // The checklist: three Queries and one Scan with its cost.
    let checklist = page.text("#lesson-checklist");
    assert_eq!(page.find_all("#lesson-checklist .pattern.servable").len(), 3, "{checklist}");
    assert_eq!(page.find_all("#lesson-checklist .pattern.scan-only").len(), 1, "{checklist}");
    assert!(checklist.contains("✗ only by Scan") && checklist.contains("12 items, 0.5 RCU"), "{checklist}");
    assert!(checklist.contains("Query on index GameTitleIndex of GameScores"), "{checklist}");
    drop(page);
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn opening_a_lesson_keeps_the_current_work_recoverable() {
    let page = music_with_two_songs().await;
    forget_lessons();
    page.click("#btn-lessons").await;
    assert_eq!(page.find_all("#lesson-list .lesson-entry").len(), 15);
    page.click("#lesson-list .lesson-entry[data-lesson='forum-lsi']").await;
    assert!(!page.exists("#lesson-list"), "the menu closes");
    assert_eq!(page.text("#lesson-title"), "Forum threads and LastPostIndex");
    assert!(page.text(".table-entry.selected").contains("Thread"));
    assert_eq!(table_rows(&page), 9);
    assert!(page.text("#scenario-notice").contains("Your previous playground is kept"));
    // Another lesson does not overwrite the kept work with lesson data.
    page.click("#btn-lessons").await;
    page.click("#lesson-list .lesson-entry[data-lesson='sparse-index']").await;
    assert_eq!(page.text("#lesson-title"), "Sparse index");
    page.click("#lesson-restore").await;
    assert!(!page.exists("#lesson-panel"), "the own playground has no lesson");
    assert!(page.text(".table-entry.selected").contains("Music"));
    assert_eq!(table_rows(&page), 2);
    assert!(page.text("#scenario-notice").contains("Your playground is back."));
    drop(page);
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn lesson_steps_load_operations_and_step_with_next_and_previous() {
    let page = open_lesson_link("lesson=game-scores&step=3").await;
    assert_eq!(page.text("#lesson-step-count"), "Step 3 of 6");
    assert_eq!(page.text("#lesson-step-title"), "The top score of a game");
    assert_eq!(page.text("#lesson-step-action"), "Load into console");
    page.click("#lesson-step-action").await;
    assert_eq!(page.find("#tab-console").get_attribute("aria-selected").as_deref(), Some("true"));
    // The saved Query is in the builder, and its live cost shows.
    assert_eq!(page.text("#strip-a"), "0.5 RCU");
    assert!(page.text("#saved-op-list").contains("Top score of Meteor Blasters"));
    page.click("#lesson-prev").await;
    assert_eq!(page.text("#lesson-step-title"), "GameTitleIndex");
    page.click("#lesson-next").await;
    page.click("#lesson-next").await;
    assert_eq!(page.text("#lesson-step-title"), "Projections");
    // The step is part of the saved playground: a reload comes back to it.
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    drop(page);
    let page = mount_as_is().await;
    assert_eq!(page.text("#lesson-step-count"), "Step 4 of 6");
    page.click("#lesson-close").await;
    assert!(!page.exists("#lesson-panel"));
    assert!(page.text(".table-entry.selected").contains("GameScores"), "closing keeps the data");
    drop(page);
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn a_compare_step_and_a_workload_step() {
    let page = open_lesson_link("lesson=gaming&step=4").await;
    assert_eq!(page.text("#lesson-step-action"), "Load both into the console");
    page.click("#lesson-step-action").await;
    // Approach 1 reads Bob's 303 entries (2 RCU); approach 2 the 2 pending (0.5 RCU).
    assert_eq!(page.text("#strip-a"), "2 RCU");
    assert_eq!(page.text("#strip-b"), "0.5 RCU");
    assert_eq!(page.text("#strip-compare"), "B costs 4× less than A");
    drop(page);

    let page = open_lesson_link("lesson=voting").await;
    assert_eq!(page.text("#lesson-step-action"), "Run workload");
    page.click("#lesson-step-action").await;
    settle().await;
    assert_eq!(page.find("#tab-partitions").get_attribute("aria-selected").as_deref(), Some("true"));
    lab_finished(&page).await;
    let before = page.text("#lab-before-summary");
    assert!(before.contains("90,000 requests, 30,000 throttled"), "{before}");
    let after = page.text("#lab-after-summary");
    assert!(after.contains("90,000 requests, 0 throttled"), "{after}");
    drop(page);
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn the_failed_design_explains_why_events_by_tag_cannot_be_served() {
    let page = open_lesson_link("lesson=failed-design").await;
    let unservable = page.find_all("#lesson-checklist .pattern.unservable");
    assert_eq!(unservable.len(), 2);
    let first = unservable[0].text_content().unwrap_or_default();
    assert!(first.contains("5 getEventsByTag") && first.contains("✗ not servable"), "{first}");
    assert!(first.contains("begins_with works only on a sort key"), "{first}");
    assert!(first.contains("refused: ValidationException: Query key condition not supported"), "{first}");
    assert!(first.contains("2 of 13 items read"), "{first}");
    assert_eq!(page.find_all("#lesson-checklist .pattern.servable").len(), 6);
    drop(page);
    forget_everything();
    forget_lessons();
}

fn press(key: &str, target: &Element) {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
async fn presenter_mode_steps_with_the_arrow_keys_and_is_remembered() {
    let page = open_lesson_link("lesson=hr-order-entry&presenter=1").await;
    let root = web_sys::window().unwrap().document().unwrap().document_element().unwrap();
    assert!(root.class_name().contains("presenter"), "the link turned presenter mode on");
    assert_eq!(page.find("#btn-presenter").get_attribute("aria-pressed").as_deref(), Some("true"));
    assert_eq!(page.text("#lesson-step-count"), "Step 1 of 7");
    let body: Element = web_sys::window().unwrap().document().unwrap().body().unwrap().into();
    press("ArrowRight", &body);
    settle().await;
    press("ArrowRight", &body);
    settle().await;
    assert_eq!(page.text("#lesson-step-count"), "Step 3 of 7");
    press("ArrowLeft", &body);
    settle().await;
    assert_eq!(page.text("#lesson-step-count"), "Step 2 of 7");
    // Not while typing in a field.
    page.click("#tab-console").await;
    press("ArrowRight", &page.find("#saved-op-name"));
    settle().await;
    assert_eq!(page.text("#lesson-step-count"), "Step 2 of 7");
    // Remembered across a reload (once the playground is autosaved).
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    drop(page);
    forget_lessons_class_only();
    let page = mount_as_is().await;
    assert!(root.class_name().contains("presenter"), "restored from localStorage");
    assert_eq!(page.text("#lesson-step-count"), "Step 2 of 7");
    page.click("#btn-presenter").await;
    assert!(!root.class_name().contains("presenter"));
    // Off: the arrows are the page's again.
    press("ArrowRight", &body);
    settle().await;
    assert_eq!(page.text("#lesson-step-count"), "Step 2 of 7");
    drop(page);
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn saved_operations_save_load_delete_and_travel_with_the_playground() {
    let page = console_with_music().await;
    forget_lessons();
    assert!(page.text("#saved-operations").contains("Saved operations (0)"));
    page.click("#saved-op-save").await;
    assert!(page.text("#saved-op-problem").contains("Give the request a name"));
    page.type_text("#c0-pk-value", "Acme").await;
    page.type_into("#saved-op-name", "All of Acme").await;
    page.click("#saved-op-save").await;
    assert!(page.text("#saved-operations").contains("Saved operations (1)"));
    assert!(page.text("#saved-op-list").contains("All of Acme"));
    assert_eq!(page.value("#saved-op-name"), "");
    // The autosave carries it.
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    let saved = storage().get_item(persist::SAVE_KEY).unwrap().unwrap();
    assert!(saved.contains("\"All of Acme\""), "{saved:.200}");
    // Change the builder, then load the saved request back.
    assert_eq!(page.text("#strip-a"), "1.5 RCU");
    page.choose("#c0-op", "Scan").await;
    page.click(".saved-op-load").await;
    assert_eq!(page.value("#c0-op"), "Query", "the saved Query is back in the builder");
    assert_eq!(page.value("#c0-pk-value"), "Acme");
    assert_eq!(page.text("#strip-a"), "1.5 RCU");
    page.click(".saved-op-delete").await;
    assert!(page.text("#saved-operations").contains("Saved operations (0)"));
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn the_messaging_lesson_cuts_long_values_and_saves_compressed() {
    let page = open_lesson_link("lesson=messaging").await;
    assert_eq!(table_rows(&page), 52);
    let grid = page.text("table.items:not(.index-items)");
    assert!(grid.contains("xxxx… (") && grid.contains(" characters)"), "long bodies are cut");
    yew::platform::time::sleep(Duration::from_millis(1500)).await;
    let saved = storage().get_item(persist::SAVE_KEY).unwrap().expect("autosaved");
    assert!(saved.starts_with("v1="), "13 MB of JSON is stored in its link form: {} characters", saved.len());
    assert!(saved.len() < 60_000, "{}", saved.len());
    drop(page);
    let page = mount_as_is().await;
    assert_eq!(page.text("#lesson-title"), "Messaging app: large items");
    assert_eq!(table_rows(&page), 52);
    drop(page);
    forget_everything();
    forget_lessons();
}

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

// ---- partitions, TTL, streams, embed ----

/// Seconds a lab run's heatmap has drawn.
fn lab_seconds(page: &Page, side: &str) -> u32 {
    page.find(&format!("#lab-{side}-heatmap")).get_attribute("data-seconds").unwrap().parse().unwrap()
}

#[wasm_bindgen_test]
async fn hot_key_lab_runs_pauses_steps_and_changes_speed() {
    let page = mount().await;
    page.click("#tab-partitions").await;
    assert!(!page.exists("#lab-status"));
    assert!(page.find("#lab-pause").has_attribute("disabled"));

    // 30 engine seconds per real second: the 60 s voting run takes about 2 s
    // and the charts fill as it goes.
    page.choose("#lab-speed", "30").await;
    page.click("#lab-run").await;
    yew::platform::time::sleep(Duration::from_millis(600)).await;
    let running = lab_seconds(&page, "before");
    assert!(running > 0 && running < 60, "part of the run after 0.6 s: {running}");
    assert!(page.text("#lab-status").starts_with("Running at 30 s per second"), "{}", page.text("#lab-status"));
    assert!(page.text("#lab-before-summary").starts_with("second "), "{}", page.text("#lab-before-summary"));

    // Pause keeps the run where it is.
    page.click("#lab-pause").await;
    let paused = lab_seconds(&page, "before");
    yew::platform::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(lab_seconds(&page, "before"), paused);
    assert_eq!(page.text("#lab-status"), format!("Paused at second {paused} of 60"));
    assert_eq!(page.text("#lab-pause"), "Resume");

    // Step: exactly one more second, 1,500 more votes.
    let requests = |page: &Page| page.text("#lab-before-summary");
    let before_step = requests(&page);
    page.click("#lab-step").await;
    assert_eq!(lab_seconds(&page, "before"), paused + 1);
    let expected = format!("{} requests", ddb_playground::ui::format::group_digits(1_500 * (paused as usize + 1)));
    assert!(requests(&page).contains(&expected), "{before_step} → {}", requests(&page));

    // To the end: as fast as the page allows, then the full figures.
    page.click("#lab-finish").await;
    lab_finished(&page).await;
    assert_eq!(lab_seconds(&page, "before"), 60);
    assert_eq!(page.value("#lab-speed"), "max");
    assert!(page.text("#lab-before-summary").starts_with("90,000 requests, 30,000 throttled"));
    assert!(page.find("#lab-step").has_attribute("disabled"));
    // The top keys of the last 10 s: 10 × 1,500 votes, 10 × 500 throttled.
    assert!(page.text("#lab-before-recent").contains("CandidateA15,0005,000"), "{}", page.text("#lab-before-recent"));

    // Changing the workload throws the runs away.
    page.type_into("#lab-rate", "1000").await;
    assert!(!page.exists("#lab-before") && !page.exists("#lab-status"));
}

#[wasm_bindgen_test]
async fn hot_key_lab_splits_for_heat_and_the_keyspace_shows_it() {
    let page = mount().await;
    page.click("#tab-partitions").await;
    // Two keys at 700 writes/s each on a one-partition table (1 RCU + 999
    // WCU): 1,400 WCU/s, 400 over the partition's hard limit every second,
    // until it has been hot for 10 s and splits between the two keys.
    page.choose("#lab-preset", "uniform").await;
    page.type_into("#lab-keys", "2").await;
    page.type_into("#lab-rate", "1400").await;
    page.type_into("#lab-seconds", "30").await;
    page.type_into("#lab-rcu", "1").await;
    page.type_into("#lab-wcu", "999").await;
    page.type_into("#lab-heat", "10").await;
    page.choose("#lab-speed", "max").await;
    page.click("#lab-run").await;
    lab_finished(&page).await;
    assert_eq!(page.find("#lab-before-keyspace").get_attribute("data-partitions").as_deref(), Some("2"));
    assert_eq!(page.find_all("#lab-before-keyspace .pm-boundary.pm-new").len(), 1, "the new boundary is marked");
    assert!(
        page.text("#lab-before .lab-splits").contains("P1 at second 10"),
        "{}",
        page.text("#lab-before .lab-splits")
    );
    // 400 refused in each of the first 10 seconds, none after the split.
    assert!(page.text("#lab-before-summary").starts_with("42,000 requests, 4,000 throttled"));
}

#[wasm_bindgen_test]
async fn partition_map_marks_a_split_while_it_animates() {
    let page = console_with_music().await;
    page.click("#tab-partitions").await;
    assert_eq!(page.find("#pm-space-0").get_attribute("data-new-partitions").as_deref(), Some("0"));
    assert!(!page.exists("#pm-space-0 .pm-new"), "nothing is new when the map first shows");

    // The teaching scale splits the one partition: its lower half keeps its
    // start, the upper half (P2) and the boundary between them are new.
    page.type_into("#pm-scale-kb", "4").await;
    page.click("#pm-scale button[type=submit]").await;
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 2 partitions");
    assert_eq!(page.find("#pm-space-0").get_attribute("data-new-partitions").as_deref(), Some("1"));
    assert_eq!(page.find_all("#pm-space-0 .pm-boundary.pm-new").len(), 1);
    assert_eq!(page.find_all("#pm-space-0 .pm-part.pm-new").len(), 1);
    assert_eq!(page.find_all("#pm-space-0 .pm-label.pm-new").len(), 1);
    assert_eq!(page.text("#pm-space-0 .pm-news"), "Split: P2 is new.");

    // A redraw during the animation keeps the marks; after it, they go.
    page.click("#pm-scale-reset").await;
    assert_eq!(page.find_all("#pm-space-0 .pm-boundary.pm-new").len(), 1);
    yew::platform::time::sleep(Duration::from_millis(2_100)).await;
    page.type_into("#pm-scale-kb", "1000").await;
    page.click("#pm-scale button[type=submit]").await;
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 2 partitions");
    assert!(!page.exists("#pm-space-0 .pm-new"));
    assert!(!page.exists("#pm-space-0 .pm-news"));
}

/// The engine-clock second the TTL panel shows.
fn ttl_now(page: &Page) -> u64 {
    let text = page.text("#ttl-now");
    text.trim_start_matches("Now: ").split(' ').next().unwrap().parse().unwrap()
}

fn stream_events(page: &Page) -> Vec<String> {
    page.find_all("#stream-records .stream-record").iter().map(|r| r.get_attribute("data-event").unwrap()).collect()
}

#[wasm_bindgen_test]
async fn ttl_and_stream_panels_expired_items_are_read_until_the_sweep_records_it() {
    let page = mount().await;
    page.create_table("Sessions", ("id", "S"), None).await;

    // A stream with both images.
    assert_eq!(page.text("#stream-status"), "No stream");
    page.choose("#stream-view", "NEW_AND_OLD_IMAGES").await;
    page.click("#stream-enable").await;
    assert_eq!(page.text("#stream-status"), "ENABLED · NEW_AND_OLD_IMAGES");
    assert!(page.text("#stream-outcome").contains("UpdateTable Sessions"), "{}", page.text("#stream-outcome"));
    assert!(stream_events(&page).is_empty());

    // TTL on the attribute "expires".
    assert_eq!(page.text("#ttl-status"), "DISABLED");
    page.type_into("#ttl-attribute", "expires").await;
    page.click("#ttl-enable").await;
    assert_eq!(page.text("#ttl-status"), "ENABLED on expires");
    assert!(page.text("#ttl-panel").contains(r##"FilterExpression "#ttl > :now""##));

    // s1 expires in a minute, s2 never.
    let now = ttl_now(&page);
    page.put(&format!(r#"{{"id": "s1", "expires": {}}}"#, now + 60)).await;
    page.put(r#"{"id": "s2"}"#).await;
    assert!(page.find_all("table.items tr.expired").is_empty());
    assert!(!page.exists("#ttl-expired"));
    assert_eq!(stream_events(&page), ["INSERT", "INSERT"]);

    // A minute later s1 has expired, is marked, and is still read.
    page.click("#ttl-plus-minute").await;
    assert!(ttl_now(&page) >= now + 60);
    assert_eq!(page.grid_rows().len(), 2);
    let expired = page.find_all("table.items tr.expired");
    assert_eq!(expired.len(), 1);
    assert!(expired[0].text_content().unwrap().contains("s1"));
    assert_eq!(page.find_all("table.items tr.expired .expired-badge").len(), 1);
    let warning = page.text("#ttl-expired");
    assert!(warning.contains("1 item expired but not yet deleted") && warning.contains("id = s1"), "{warning}");
    // The default delay is 5 minutes after expiry, a moment ago.
    assert!(warning.contains("swept in 4 min") || warning.contains("swept in 5 min"), "{warning}");
    page.edit(r#"{"id": "s1"}"#).await;
    page.click("#btn-get").await;
    assert!(page.newest_log().contains("GetItem Sessions → found"), "{}", page.newest_log());

    // Ten minutes on, the sweeper has deleted it, and the stream says so.
    page.click("#ttl-plus-ten").await;
    assert_eq!(page.grid_rows().len(), 1);
    assert!(!page.exists("#ttl-expired"));
    assert_eq!(stream_events(&page), ["REMOVE", "INSERT", "INSERT"], "newest first");
    let removal = page.text("#stream-records .stream-record:first-child");
    assert!(removal.contains("TTL deletion (service)"), "{removal}");
    assert!(removal.contains(r#"Old{"expires":"#) && !removal.contains("New{"), "{removal}");
    assert!(page.text("#stream-count").contains("3 records"));

    // The sweep delay knob: at 0 an expired item goes at the next tick.
    page.type_into("#ttl-delay", "0").await;
    let now = ttl_now(&page);
    page.put(&format!(r#"{{"id": "s3", "expires": {}}}"#, now + 1)).await;
    wait_until("the sweep of s3", || page.grid_rows().len() == 1 && stream_events(&page).len() == 5).await;
    assert_eq!(stream_events(&page)[..2], ["REMOVE", "INSERT"]);
    // An item put with an expiry already past is due at once: it is swept
    // without a clock button (the put applied time before storing it, so
    // only the panel's timer can start the sweep).
    let now = ttl_now(&page);
    page.put(&format!(r#"{{"id": "s4", "expires": {}}}"#, now - 5)).await;
    wait_until("the sweep of s4", || page.grid_rows().len() == 1 && stream_events(&page).len() == 7).await;
    assert_eq!(stream_events(&page)[..2], ["REMOVE", "INSERT"]);

    // KEYS_ONLY: a new stream whose records carry the keys alone.
    page.click("#stream-disable").await;
    assert!(page.text("#stream-status").starts_with("DISABLED"));
    page.choose("#stream-view", "KEYS_ONLY").await;
    page.click("#stream-enable").await;
    assert_eq!(page.text("#stream-status"), "ENABLED · KEYS_ONLY");
    page.put(r#"{"id": "s2", "note": "changed"}"#).await;
    assert_eq!(stream_events(&page), ["MODIFY"]);
    let modify = page.text("#stream-records .stream-record");
    assert!(modify.contains(r#"Keys{"id":"s2"}"#) && !modify.contains("Old{") && !modify.contains("New{"), "{modify}");

    // One partition, one shard; a split (teaching scale: 1 KB) closes it
    // and opens a child shard per half.
    assert!(page.text("#stream-shards-summary").starts_with("1 shard:"), "{}", page.text("#stream-shards-summary"));
    assert_eq!(page.find_all("#stream-records .sr-shard").len(), 1);
    page.click("#tab-partitions").await;
    page.type_into("#pm-scale-kb", "1").await;
    page.click("#pm-scale button[type=submit]").await;
    page.click("#tab-items").await;
    let pad = "x".repeat(600);
    page.put(&format!(r#"{{"id": "big1", "pad": "{pad}"}}"#)).await;
    page.put(&format!(r#"{{"id": "big2", "pad": "{pad}"}}"#)).await;
    assert!(page.text("#stream-shards-summary").starts_with("3 shards:"), "{}", page.text("#stream-shards-summary"));
    let closed = page.find_all("#stream-shards .stream-shard.closed");
    assert_eq!(closed.len(), 1);
    assert!(closed[0].text_content().unwrap().contains("3 records"), "MODIFY s2, INSERT big1, INSERT big2");
    assert_eq!(
        page.find_all("#stream-shards .stream-shard")
            .iter()
            .filter(|s| s.text_content().unwrap().contains("child of"))
            .count(),
        2
    );

    // Disabled, nothing is marked expired any more.
    page.click("#ttl-disable").await;
    assert_eq!(page.text("#ttl-status"), "DISABLED");
    assert!(page.find_all("table.items tr.expired").is_empty());
}

/// Replaces the page's query string (and keeps its path), without loading.
fn set_search(search: &str) {
    let window = web_sys::window().unwrap();
    let location = window.location();
    let url = format!("{}{search}{}", location.pathname().unwrap(), location.hash().unwrap());
    window.history().unwrap().replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url)).unwrap();
}

#[wasm_bindgen_test]
async fn embed_mode_shows_one_view_of_a_share_link_and_never_saves() {
    let original = web_sys::window().unwrap().location().search().unwrap();
    // A link to a Music table with two songs.
    let page = music_with_two_songs().await;
    page.click("#tab-partitions").await;
    assert!(page.exists("#embed-partitions") && page.exists("#embed-lab"));
    page.click("#embed-partitions").await;
    let notice = page.text("#scenario-notice");
    assert!(notice.starts_with("Embed link for the partition map copied"), "{notice}");
    page.click("#btn-share").await;
    let link = location_hash();
    drop(page);
    forget_everything();

    // ?embed=partitions with the link: the partition map alone.
    set_search("?embed=partitions");
    persist::set_fragment(&link[1..]);
    let page = mount_as_is().await;
    assert_eq!(page.find(".app").get_attribute("data-embed").as_deref(), Some("partitions"));
    assert_eq!(location_hash(), link, "an embedded page keeps the link, for a reload");
    for chrome in [".sidebar", ".main-tabs", ".scenario-menu", ".topbar", "#embed-partitions"] {
        assert!(!page.exists(chrome), "{chrome} is not shown when embedded");
    }
    assert_eq!(page.text(".embed-title"), "DynamoDB Playground · Partition map · Music");
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 1 partition");
    assert_eq!(page.find_all("#pm-space-0 .pm-tick").len(), 1, "two songs, one item collection");
    assert!(page.exists("#embed-open"));
    // Nothing is saved, not even after the autosave's wait.
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    assert!(storage().get_item(persist::SAVE_KEY).unwrap().is_none());
    drop(page);

    // The items of a table chosen with table=, and the lab.
    set_search("?embed=items&table=Music");
    persist::set_fragment(&link[1..]);
    let page = mount_as_is().await;
    assert_eq!(page.grid_rows().len(), 2);
    assert!(!page.exists("#item-json"), "no editor, only the items");
    drop(page);
    set_search("?embed=lab");
    let page = mount_as_is().await;
    assert!(page.exists("#hotkey-lab") && !page.exists("#partition-map") && !page.exists("#embed-lab"));
    drop(page);

    // An unknown view says which ones exist.
    set_search("?embed=nope");
    let page = mount_as_is().await;
    let error = page.text("#embed-error");
    assert!(error.contains("\"nope\"") && error.contains("partitions, lab, planners, items, console"), "{error}");
    drop(page);
    set_search(&original);
    forget_everything();
}

// ---- languages ----

/// `<html lang>`.
fn document_lang() -> String {
    let root = web_sys::window().unwrap().document().unwrap().document_element().unwrap();
    root.get_attribute("lang").unwrap_or_default()
}

fn remembered_language() -> Option<String> {
    storage().get_item(ddb_playground::ui::language::LANGUAGE_KEY).unwrap()
}

impl Page {
    fn attribute(&self, selector: &str, name: &str) -> String {
        self.find(selector).get_attribute(name).unwrap_or_default()
    }
}

/// The words of the converted views in one language, on a Music table with
/// one song of 1,234 bytes (6 + 4 + 9 + 9 + 6 + 1,200: names and values,
/// UTF-8) after one Query on the console: the figures are chosen to show
/// the language's thousands separator and decimal mark.
struct Expected {
    tables: &'static str,
    create: &'static str,
    name_placeholder: &'static str,
    string_type: &'static str,
    contents: &'static str,
    capacity: &'static str,
    editor: &'static str,
    pk_title: &'static str,
    indexes: &'static str,
    activity: &'static str,
    results: &'static str,
    consumed: &'static str,
    price: &'static str,
    history: &'static str,
    read_total: &'static str,
    total_price: &'static str,
    rerun: &'static str,
    copy: &'static str,
}

/// Checks every view the test visits against `expected`.
async fn check_words(page: &Page, lang: &str, expected: &Expected) {
    assert_eq!(document_lang(), lang);
    assert_eq!(page.value("#lang-select"), lang);
    page.click("#tab-items").await;
    assert_eq!(page.text("#tables-title"), expected.tables);
    assert_eq!(page.text("#create-table-title"), expected.create);
    assert_eq!(page.attribute("#ct-name", "placeholder"), expected.name_placeholder);
    assert_eq!(page.text("#ct-pk-type option[value=S]"), expected.string_type);
    let entry = page.text(".table-entry.selected");
    assert!(entry.contains(expected.contents) && entry.contains(expected.capacity), "{lang}: {entry}");
    assert!(page.text("#editor-title").starts_with(expected.editor), "{lang}");
    assert_eq!(page.attribute("table.items th.key.pk", "title"), expected.pk_title);
    assert_eq!(page.text("#indexes-title"), expected.indexes);
    assert_eq!(page.text("#log-title"), expected.activity);

    page.click("#tab-console").await;
    assert!(page.text("#results-title").starts_with(expected.results), "{lang}");
    let facts = page.text("#results-facts");
    assert!(facts.contains("Count 1") && facts.contains("ScannedCount 1"), "{lang}: {facts}");
    assert!(facts.contains(expected.consumed) && facts.contains(expected.price), "{lang}: {facts}");
    assert_eq!(page.text("#history-title"), expected.history);
    let totals = page.text("#history-totals");
    assert!(totals.contains(expected.read_total) && totals.contains("2 WCU"), "{lang}: {totals}");
    assert_eq!(page.text("#history-total-price"), expected.total_price);
    assert_eq!(page.text("#history-list > li:first-child button.rerun"), expected.rerun);
    assert_eq!(page.text("#code-copy"), expected.copy);
    page.click("#tab-items").await;
}

// A Query of the one song reads 1 block of 4 KB, eventually consistent:
// 0.5 RCU, $0.125 × 0.5 / 10^6 = $0.0000000625. With the PutItem's 2 WCU
// (1,234 bytes → 2 blocks of 1 KB), the totals cost
// (0.5 × 0.125 + 2 × 0.625) / 10^6 = $0.0000013125, shown to three
// significant digits: $0.00000131.
const ENGLISH: Expected = Expected {
    tables: "Tables",
    create: "Create a table",
    name_placeholder: "e.g. Music",
    string_type: "S · String",
    contents: "1 item · 1,234 bytes",
    capacity: "Provisioned · 5 RCU / 5 WCU",
    editor: "Item editor",
    pk_title: "Partition key (HASH)",
    indexes: "Secondary indexes of Music",
    activity: "Activity",
    results: "Results",
    consumed: "consumed 0.5 RCU",
    price: "$0.0000000625 on demand",
    history: "History",
    read_total: "0.5 RCU",
    total_price: "$0.00000131",
    rerun: "Re-run",
    copy: "Copy",
};

const GERMAN: Expected = Expected {
    tables: "Tabellen",
    create: "Neue Tabelle",
    name_placeholder: "z. B. Music",
    string_type: "S · String",
    contents: "1 Item · 1.234 Bytes",
    capacity: "Provisioniert · 5 RCU / 5 WCU",
    editor: "Item-Editor",
    pk_title: "Partition Key (HASH)",
    indexes: "Sekundärindizes von Music",
    activity: "Aktivität",
    results: "Ergebnisse",
    consumed: "verbraucht 0,5 RCU",
    price: "0,0000000625 $ bei On-Demand",
    history: "Verlauf",
    read_total: "0,5 RCU",
    total_price: "0,00000131 $",
    rerun: "Erneut ausführen",
    copy: "Kopieren",
};

const JAPANESE: Expected = Expected {
    tables: "テーブル",
    create: "テーブルの作成",
    name_placeholder: "例: Music",
    string_type: "S · 文字列",
    contents: "項目 1 件 · 1,234 バイト",
    capacity: "プロビジョンド · 5 RCU / 5 WCU",
    editor: "項目エディター",
    pk_title: "パーティションキー (HASH)",
    indexes: "Music のセカンダリーインデックス",
    activity: "アクティビティ",
    results: "結果",
    consumed: "消費 0.5 RCU",
    price: "オンデマンドで $0.0000000625",
    history: "履歴",
    read_total: "0.5 RCU",
    total_price: "$0.00000131",
    rerun: "再実行",
    copy: "コピー",
};

#[wasm_bindgen_test]
async fn languages_switch_the_converted_views_and_are_remembered() {
    // mount() forgets any chosen language (as every test's start does), so
    // a test that fails half-way here leaves no language behind either.
    let page = mount().await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    let lyrics = "a".repeat(1200);
    page.put(&format!(r#"{{"Artist": "Acme", "SongTitle": "Happy Day", "Lyrics": "{lyrics}"}}"#)).await;
    page.click("#tab-console").await;
    page.type_text("#c0-pk-value", "Acme").await;
    page.click("#c0-run").await;
    check_words(&page, "en", &ENGLISH).await;
    assert_eq!(remembered_language(), None, "nothing is remembered before a choice");

    // German: every converted view, figures the German way, the choice kept.
    page.choose("#lang-select", "de").await;
    check_words(&page, "de", &GERMAN).await;
    assert_eq!(remembered_language().as_deref(), Some("de"));
    // The activity log's entries (drawn once, then only compared by
    // pointer) follow too, and the item editor's Ctrl key is Strg.
    assert!(page.text("#activity-log > li:first-child summary").contains("Anfrage und Antwort"));
    assert!(page.text("#editor-title ~ .hint").contains("Strg"));

    // Japanese.
    page.choose("#lang-select", "ja").await;
    check_words(&page, "ja", &JAPANESE).await;
    assert_eq!(remembered_language().as_deref(), Some("ja"));

    // A reload (after the autosave) keeps the language.
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    drop(page);
    let page = mount_as_is().await;
    assert_eq!(document_lang(), "ja");
    assert_eq!(page.value("#lang-select"), "ja");
    assert_eq!(page.text("#tables-title"), JAPANESE.tables);
    assert_eq!(page.text("#indexes-title"), JAPANESE.indexes);
    let entry = page.text(".table-entry.selected");
    assert!(entry.contains(JAPANESE.contents), "{entry}");
    page.click("#tab-console").await;
    assert_eq!(page.text("#results-title"), JAPANESE.results);
    assert!(page.text("#results").contains("リクエストを実行すると"), "the empty results, in Japanese");

    // And back to English: the page reads as it did before any switch.
    page.choose("#lang-select", "en").await;
    assert_eq!(remembered_language().as_deref(), Some("en"));
    assert_eq!(document_lang(), "en");
    assert!(page.text("#results").contains("Run a request to see what comes back"));
    page.click("#tab-items").await;
    assert_eq!(page.text("#tables-title"), ENGLISH.tables);
    assert_eq!(page.text("#create-table-title"), ENGLISH.create);
    assert_eq!(page.attribute("#ct-name", "placeholder"), ENGLISH.name_placeholder);
    assert!(page.text(".table-entry.selected").contains(ENGLISH.contents));
    assert_eq!(page.text("#indexes-title"), ENGLISH.indexes);
    assert!(page.text("#editor-title ~ .hint").contains("Ctrl"));
    drop(page);
    forget_everything();
}

/// The words of the views converted in phase 2, in one language, on the
/// Music song of 1,234 bytes after typing its key into the console's Query.
struct Phase2 {
    lang: &'static str,
    console_tab: &'static str,
    run: &'static str,
    form: &'static str,
    key_picker: &'static str,
    cost_title: &'static str,
    figure: &'static str,
    price: &'static str,
    read_line: &'static str,
    partitions_tab: &'static str,
    lab: &'static str,
    run_workload: &'static str,
    planners: &'static str,
    partition_math: &'static str,
    lessons: &'static str,
    step_count: &'static str,
    next: &'static str,
    close: &'static str,
}

// The Query reads the one song (1,234 bytes, one 4 KB block, eventually
// consistent): 0.5 RCU; $0.125 × 0.5 / 10^6 = $0.0000000625, and a million
// such requests $0.0625.
const PHASE2_ENGLISH: Phase2 = Phase2 {
    lang: "en",
    console_tab: "Query console",
    run: "Run Query",
    form: "Form",
    key_picker: "Key picker",
    cost_title: "Live cost · dry run, nothing changes",
    figure: "0.5 RCU",
    price: "$0.0000000625 on demand · $0.0625 per million such requests",
    read_line: "Read 1 item (1,234 bytes) and returned 1 item: 0.5 RCU.",
    partitions_tab: "Partitions",
    lab: "Hot-key lab",
    run_workload: "Run workload",
    planners: "Planners",
    partition_math: "Partition math",
    lessons: "Lessons",
    step_count: "Step 1 of 6",
    next: "Next →",
    close: "Close lesson",
};

const PHASE2_GERMAN: Phase2 = Phase2 {
    lang: "de",
    console_tab: "Abfragekonsole",
    run: "Query ausführen",
    form: "Formular",
    key_picker: "Schlüsselauswahl",
    cost_title: "Live-Kosten · Probelauf, nichts ändert sich",
    figure: "0,5 RCU",
    price: "0,0000000625 $ bei On-Demand · 0,0625 $ pro Million solcher Anfragen",
    read_line: "1 Item gelesen (1.234 Bytes) und 1 Item zurückgegeben: 0,5 RCU.",
    partitions_tab: "Partitionen",
    lab: "Hot-Key-Labor",
    run_workload: "Workload ausführen",
    planners: "Planer",
    partition_math: "Partitionsrechnung",
    lessons: "Lektionen",
    step_count: "Schritt 1 von 6",
    next: "Weiter →",
    close: "Lektion schließen",
};

const PHASE2_JAPANESE: Phase2 = Phase2 {
    lang: "ja",
    console_tab: "クエリコンソール",
    run: "Query を実行",
    form: "フォーム",
    key_picker: "キーの選択",
    cost_title: "ライブコスト · ドライラン、何も変わりません",
    figure: "0.5 RCU",
    price: "オンデマンドで $0.0000000625 · このリクエスト 100 万回で $0.0625",
    read_line: "項目 1 件を読み取り (1,234 バイト)、項目 1 件を返しました: 0.5 RCU。",
    partitions_tab: "パーティション",
    lab: "ホットキーラボ",
    run_workload: "ワークロードを実行",
    planners: "プランナー",
    partition_math: "パーティション数の計算",
    lessons: "レッスン",
    step_count: "ステップ 1 / 6",
    next: "次へ →",
    close: "レッスンを閉じる",
};

async fn check_phase2_words(page: &Page, expected: &Phase2) {
    let lang = expected.lang;
    assert_eq!(document_lang(), lang);
    // The lesson's chrome (its own words stay English).
    assert_eq!(page.text("#btn-lessons"), expected.lessons, "{lang}");
    assert_eq!(page.text("#lesson-title"), "GameScores and GameTitleIndex");
    assert_eq!(page.text("#lesson-step-count"), expected.step_count, "{lang}");
    assert_eq!(page.text("#lesson-next"), expected.next, "{lang}");
    assert_eq!(page.text("#lesson-close"), expected.close, "{lang}");
    // The console's builder and its live cost.
    assert_eq!(page.text("#tab-console"), expected.console_tab, "{lang}");
    page.click("#tab-console").await;
    assert_eq!(page.text("#c0-run"), expected.run, "{lang}");
    assert_eq!(page.text("#c0-mode-form"), expected.form, "{lang}");
    assert_eq!(page.text("#c0-kc-picker"), expected.key_picker, "{lang}");
    assert_eq!(page.text("#c0-cost h3"), expected.cost_title, "{lang}");
    assert_eq!(page.text("#c0-cost-figure"), expected.figure, "{lang}");
    assert_eq!(page.text("#strip-a"), expected.figure, "{lang}");
    assert_eq!(page.text("#c0-cost-price"), expected.price, "{lang}");
    let lines = page.text("#c0-cost-lines");
    assert!(lines.contains(expected.read_line), "{lang}: {lines}");
    // The Partitions tab's headings.
    assert_eq!(page.text("#tab-partitions"), expected.partitions_tab, "{lang}");
    page.click("#tab-partitions").await;
    assert_eq!(page.text("#hotkey-lab h2"), expected.lab, "{lang}");
    assert_eq!(page.text("#lab-run"), expected.run_workload, "{lang}");
    assert_eq!(page.text("#planners h2"), expected.planners, "{lang}");
    assert_eq!(page.text("#planners h3"), expected.partition_math, "{lang}");
    page.click("#tab-items").await;
}

#[wasm_bindgen_test]
async fn languages_switch_the_console_cost_partitions_tab_and_lesson_chrome() {
    let page = open_lesson_link("lesson=game-scores").await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    let lyrics = "a".repeat(1200);
    page.put(&format!(r#"{{"Artist": "Acme", "SongTitle": "Happy Day", "Lyrics": "{lyrics}"}}"#)).await;
    page.click("#tab-console").await;
    page.type_text("#c0-pk-value", "Acme").await;
    page.click("#tab-items").await;
    check_phase2_words(&page, &PHASE2_ENGLISH).await;

    page.choose("#lang-select", "de").await;
    check_phase2_words(&page, &PHASE2_GERMAN).await;
    page.choose("#lang-select", "ja").await;
    check_phase2_words(&page, &PHASE2_JAPANESE).await;
    // And back: English exactly as before the switch.
    page.choose("#lang-select", "en").await;
    check_phase2_words(&page, &PHASE2_ENGLISH).await;
    drop(page);
    forget_lessons();
    forget_everything();
}

// ---- large tables (perfweb) ----

/// Keeps a playground of `n` items in table `Big` (`n / 10` partition keys
/// of ten items each) as the autosave, so the next `mount_as_is` opens it.
fn autosave_big_table(n: u32) {
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
    for i in 0..n {
        let item = json!({"pk": {"S": format!("p{:04}", i / 10)}, "sk": {"N": (i % 10).to_string()}});
        engine.clock_mut().advance(2);
        engine.execute("PutItem", &json!({"TableName": "Big", "Item": item})).unwrap();
    }
    let scenario = ddb_playground::scenario::Scenario::of(&engine);
    storage().set_item(persist::SAVE_KEY, &persist::stored_text(&scenario)).unwrap();
}

#[wasm_bindgen_test]
async fn a_large_table_draws_a_window_of_rows_that_follows_the_scroll() {
    use ddb_playground::ui::item_grid::{ROW_PX, WINDOW_ROWS};
    forget_everything();
    autosave_big_table(2_000);
    let page = mount_as_is().await;
    if !page.exists(".table-entry.selected") {
        page.click(".table-entry").await;
    }
    let rows = "table.items:not(.index-items):not(.results-items) tbody.collection tr";
    // 2,000 items: a window of 150 rows, a spacer for the other 1,850.
    assert_eq!(page.find_all(rows).len(), WINDOW_ROWS);
    assert!(page.exists(".grid-scroll.windowed"));
    let first_key = || page.find_all(rows)[0].query_selector(".pk-value").unwrap().map(|e| e.text_content().unwrap());
    let at_top = first_key();
    assert!(at_top.is_some(), "the first row drawn starts its collection");
    // Scroll to row 1,000: the window moves there (less its margin of 50,
    // rounded down to 25), still 150 rows, with spacers above and below.
    let scroller = page.find(".grid-scroll.windowed");
    scroller.set_scroll_top((1_000 * ROW_PX) as i32);
    scroller.dispatch_event(&Event::new("scroll").unwrap()).unwrap();
    settle().await;
    assert_eq!(page.find_all(rows).len(), WINDOW_ROWS);
    assert_eq!(page.find_all("tbody.grid-spacer").len(), 2);
    let moved = first_key();
    assert!(moved.is_some() && moved != at_top, "{moved:?} after {at_top:?}");
    // Clicking a drawn row still loads it into the editor.
    page.find_all(rows)[0].dyn_ref::<HtmlElement>().unwrap().click();
    settle().await;
    let editor = page.find("#item-json").dyn_into::<HtmlTextAreaElement>().unwrap().value();
    assert!(editor.contains(&moved.unwrap()), "{editor}");
    drop(page);
    forget_everything();
}

// ---- workspaces ----

/// The names the Workspaces menu lists, in order.
fn workspace_names(page: &Page) -> Vec<String> {
    page.find_all(".workspace-entry .workspace-name").iter().filter_map(|e| e.text_content()).collect()
}

/// Opens the Workspaces menu, types `name` and presses Save as.
async fn save_workspace_as(page: &Page, name: &str) {
    page.find("#workspaces-menu").set_attribute("open", "").unwrap();
    page.type_into("#workspace-name", name).await;
    page.click("#btn-workspace-save").await;
}

/// Presses `button` (`.workspace-open` or `.workspace-delete`) on the entry named `name`.
async fn workspace_button(page: &Page, name: &str, button: &str) {
    let entry = page
        .find_all(".workspace-entry")
        .into_iter()
        .find(|e| e.query_selector(".workspace-name").unwrap().and_then(|n| n.text_content()).as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no workspace entry {name}"));
    entry.query_selector(button).unwrap().unwrap().dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
}

#[wasm_bindgen_test]
async fn workspaces_save_open_survive_a_reload_and_delete() {
    let page = music_with_two_songs().await;
    assert!(workspace_names(&page).is_empty());
    assert!(page.text("#workspaces-menu").contains("No saved workspaces yet."));

    // Saved as "A" (the name is trimmed), atomically: no temporary copy is left.
    save_workspace_as(&page, "  A  ").await;
    assert_eq!(page.text("#scenario-notice .notice-text"), "Saved the playground as the workspace “A”.");
    assert_eq!(workspace_names(&page), ["A"]);
    let stored = storage().get_item(&format!("{}A", persist::WORKSPACE_PREFIX)).unwrap().expect("stored");
    assert!(persist::scenario_from_stored(&stored).is_ok());
    assert!(storage().get_item(&format!("{}A", persist::WORKSPACE_TEMP_PREFIX)).unwrap().is_none());
    assert_eq!(page.value("#workspace-name"), "", "the field empties after a save");

    // Changed, then saved as "B": the list is sorted.
    page.put(r#"{"Artist": "Other", "SongTitle": "Third", "Year": 1999}"#).await;
    assert_eq!(page.grid_rows().len(), 3);
    save_workspace_as(&page, "B").await;
    assert_eq!(workspace_names(&page), ["A", "B"]);

    // Names of 0 or 65 characters are refused and nothing is stored.
    for bad in ["   ".to_string(), "x".repeat(65)] {
        save_workspace_as(&page, &bad).await;
        assert!(page.exists("#scenario-notice.error"));
        assert_eq!(page.text("#scenario-notice .notice-text"), "A workspace name needs 1 to 64 characters.");
        assert_eq!(workspace_names(&page), ["A", "B"]);
    }
    // 64 characters are fine.
    let longest = "y".repeat(64);
    save_workspace_as(&page, &longest).await;
    assert_eq!(workspace_names(&page), ["A", "B", longest.as_str()]);
    workspace_button(&page, &longest, ".workspace-delete").await;

    // Open "A": its two songs replace the three.
    workspace_button(&page, "A", ".workspace-open").await;
    assert_eq!(page.text("#scenario-notice .notice-text"), "Opened workspace A.");
    assert_eq!(page.grid_rows().len(), 2);
    let items = page.text("table.items");
    assert!(items.contains("Happy Day") && items.contains("Rainy Night") && !items.contains("Third"), "{items}");
    // The three songs it replaced are kept, not lost.
    assert_eq!(workspace_names(&page), ["A", "B", "Before opening"]);
    let kept = persist::load_workspace("Before opening").expect("the replaced playground reads back");
    assert_eq!(kept.engine.tables().map(|t| t.storage.item_count()).sum::<usize>(), 3);
    workspace_button(&page, "Before opening", ".workspace-delete").await;

    // Saving under an existing name replaces it: "B" now holds A's two songs.
    save_workspace_as(&page, "B").await;
    assert_eq!(workspace_names(&page), ["A", "B"]);
    let b = persist::load_workspace("B").expect("B reads back");
    // 2 songs in the one table Music.
    assert_eq!(b.engine.tables().map(|t| t.storage.item_count()).sum::<usize>(), 2);
    drop(page);

    // A reload still lists both; Delete removes "B" from the list and the storage.
    let page = mount_as_is().await;
    assert_eq!(workspace_names(&page), ["A", "B"]);
    workspace_button(&page, "B", ".workspace-delete").await;
    assert_eq!(page.text("#scenario-notice .notice-text"), "Deleted the workspace “B”.");
    assert_eq!(workspace_names(&page), ["A"]);
    assert!(storage().get_item(&format!("{}B", persist::WORKSPACE_PREFIX)).unwrap().is_none());
    drop(page);
    forget_everything();
    assert!(persist::list_workspaces().is_empty());
}

#[wasm_bindgen_test]
async fn a_broken_workspace_gives_an_error_and_changes_nothing() {
    let page = music_with_two_songs().await;
    // Let the autosave write the two songs, so the reload below starts from them.
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    drop(page);
    let broken = "{\"format\": \"ddb-playground-scenario\", \"version\": 1";
    let key = format!("{}Broken", persist::WORKSPACE_PREFIX);
    storage().set_item(&key, broken).unwrap();
    let page = mount_as_is().await;
    assert_eq!(workspace_names(&page), ["Broken"]);
    let before = page.grid_rows();
    assert_eq!(before.len(), 2);

    workspace_button(&page, "Broken", ".workspace-open").await;
    let notice = page.text("#scenario-notice");
    assert!(page.exists("#scenario-notice.error"), "{notice}");
    assert!(notice.contains("The workspace \"Broken\" could not be read."), "{notice}");
    assert!(notice.contains("Nothing was changed"), "{notice}");
    assert_eq!(page.grid_rows(), before, "the playground stays as it was");
    assert_eq!(storage().get_item(&key).unwrap().as_deref(), Some(broken), "the stored copy is left as it is");
    drop(page);
    forget_everything();
    assert!(storage().get_item(&key).unwrap().is_none());
}

// ---- i18n: remaining texts ----

/// The hot-key lab's validation messages, run titles and chart labels in
/// German and Japanese; a problem on screen is reworded by a switch.
#[wasm_bindgen_test]
async fn hot_key_lab_speaks_german_and_japanese() {
    let page = console_with_music().await;
    page.choose("#lang-select", "de").await;
    page.click("#tab-partitions").await;

    // 1,500 votes/s × 3,000 s = 4,500,000 requests, above the 2,000,000 the lab runs.
    page.type_into("#lab-seconds", "3000").await;
    page.click("#lab-run").await;
    assert_eq!(
        page.text("#lab-error"),
        "Das sind 4.500.000 Anfragen; das Labor führt im Browser höchstens 2.000.000 aus. Senke die Rate oder die \
         Dauer."
    );
    page.choose("#lang-select", "ja").await;
    assert_eq!(
        page.text("#lab-error"),
        "リクエストが 4,500,000 件になります。ブラウザーで実行できるのは最大 2,000,000 件です。レートか期間を下げてください。"
    );

    // A short run and its write-sharded version, titled in Japanese.
    page.type_into("#lab-seconds", "5").await;
    page.choose("#lab-speed", "max").await;
    page.click("#lab-run").await;
    wait_until("the run's five seconds", || page.attribute("#lab-before-heatmap", "data-seconds") == "5").await;
    assert!(!page.exists("#lab-error"));
    assert_eq!(page.text("#lab-before h3"), "適用前: 投票: CandidateA に毎秒 1,500 票 (シード 001)");
    // The lab table starts with ceil(10,000 RCU / 3,000 + 10,000 WCU / 1,000)
    // = ceil(13.3) = 14 partitions.
    assert_eq!(page.attribute("#lab-before-keyspace", "data-partitions"), "14");
    let heatmap = page.attribute("#lab-before-heatmap", "aria-label");
    assert!(heatmap.starts_with("ヒートマップ: パーティション 14 個、5 秒中 5 秒"), "{heatmap}");
    assert_eq!(page.attribute("#lab-before-keyspace", "aria-label"), "ラボ用テーブルのキー空間 (パーティション 14 個)");
    page.click("#lab-shard").await;
    wait_until("the sharded run", || page.exists("#lab-after-heatmap")).await;
    wait_until("the sharded run's five seconds", || page.attribute("#lab-after-heatmap", "data-seconds") == "5").await;
    assert_eq!(
        page.text("#lab-after h3"),
        "適用後: 同じトラフィックを 10 個のシャード CandidateA_0 … CandidateA_9 に分散"
    );

    // The same runs, reworded in German, figures the German way.
    page.choose("#lang-select", "de").await;
    assert_eq!(page.text("#lab-before h3"), "Vorher: Voting: 1.500 Stimmen/s für CandidateA (Seed 001)");
    assert_eq!(
        page.text("#lab-after h3"),
        "Nachher: derselbe Traffic auf 10 Shards CandidateA_0 … CandidateA_9 verteilt"
    );
    assert_eq!(page.attribute("#lab-after", "aria-label"), page.text("#lab-after h3"));
    // The hot partition's first cell: 1,000 WCU consumed, 500 votes throttled.
    let cell = page.text("#lab-before-heatmap rect.heat-cell.throttled title");
    assert!(cell.contains(" · s 0–1 · verbraucht 1.000 · gedrosselt 500"), "{cell}");
    let heatmap = page.attribute("#lab-before-heatmap", "aria-label");
    assert!(heatmap.starts_with("Heatmap: 14 Partitionen, 5 von 5 Sekunden"), "{heatmap}");

    // The Zipf preset's own check.
    page.choose("#lab-preset", "zipf").await;
    page.type_into("#lab-zipf", "-1").await;
    page.click("#lab-run").await;
    assert_eq!(
        page.text("#lab-error"),
        "Die Zipf-Schiefe s muss eine Zahl über 0 sein (typisch sind 1 bis 2), höchstens 10."
    );
}

/// The console form's own parse errors, its field labels and the "stayed
/// in … mode" notice in German and Japanese, with DynamoDB's exception
/// names as they are; the live cost's rounding lines and the hover type
/// names follow too.
#[wasm_bindgen_test]
async fn console_form_errors_speak_german_and_japanese() {
    let page = console_with_music().await;
    page.choose("#lang-select", "de").await;
    page.choose("#c0-op", "Scan").await;
    page.type_text("#c0-limit", "zehn").await;
    let blocked = page.text("#c0-cost .cost-blocked");
    assert!(
        blocked.contains("ValidationException")
            && blocked.ends_with("in Limit: Limit muss eine ganze Zahl sein, nicht zehn"),
        "{blocked}"
    );
    page.click("#c0-mode-raw").await;
    assert_eq!(
        page.text("#c0-notice"),
        "Im Formular geblieben: Limit: ValidationException: Limit muss eine ganze Zahl sein, nicht zehn"
    );

    // Raw JSON that is not an object cannot become the form.
    page.type_text("#c0-limit", "").await;
    page.click("#c0-mode-raw").await;
    page.type_text("#c0-raw", "[1, 2]").await;
    page.click("#c0-mode-form").await;
    assert_eq!(
        page.text("#c0-notice"),
        "Bei Roh-JSON geblieben: Anfrage-JSON: SerializationException: Die Anfrage muss ein JSON-Objekt sein"
    );
    page.choose("#lang-select", "ja").await;
    assert_eq!(
        page.text("#c0-notice"),
        "Raw JSON のままです: リクエスト JSON: SerializationException: リクエストは JSON オブジェクトにしてください"
    );
    page.choose("#lang-select", "en").await;
    assert_eq!(
        page.text("#c0-notice"),
        "Stayed in raw mode: Request JSON: SerializationException: The request must be a JSON object"
    );

    // The live cost's arithmetic: a Scan of the 7 songs reads one page,
    // rounded once (eventually consistent: × 0.5).
    page.choose("#lang-select", "ja").await;
    page.type_text("#c0-raw", r#"{"TableName": "Music"}"#).await;
    page.click("#c0-mode-form").await;
    let arithmetic = page.text("#c0-cost .cost-arithmetic");
    assert!(arithmetic.starts_with("項目 7 件を読み取り、") && arithmetic.contains("読み取りユニット"), "{arithmetic}");
    page.choose("#lang-select", "de").await;
    let arithmetic = page.text("#c0-cost .cost-arithmetic");
    assert!(arithmetic.starts_with("7 Items gelesen, ") && arithmetic.contains("Leseeinheiten"), "{arithmetic}");

    // Hover texts name the type in the page's language.
    page.click("#tab-items").await;
    assert!(page.attribute("table.items td.v-n", "title").starts_with("N (Zahl) · "));
    page.choose("#lang-select", "ja").await;
    assert!(page.attribute("table.items td.v-n", "title").starts_with("N (数値) · "));
}

/// An export's warnings and a refused file, in German and Japanese: the
/// frame sentence translated, the reader's own message passed on.
#[wasm_bindgen_test]
async fn notices_and_warnings_speak_german_and_japanese() {
    let page = music_with_two_songs().await;
    page.choose("#lang-select", "de").await;
    export_as(&page, "#btn-export-cloudformation").await;
    assert!(page
        .text("#scenario-notice .notice-text")
        .ends_with("-cloudformation.json exportiert. Nicht in der Datei:"));
    assert_eq!(
        notice_details(&page),
        ["Tabelle Music: Ihre 2 Items sind nicht Teil der Vorlage (CloudFormation erzeugt leere Tabellen); das \
          AWS-CLI-Skript schreibt sie."]
    );
    page.choose("#lang-select", "ja").await;
    assert_eq!(
        notice_details(&page),
        ["テーブル Music: 項目 2 件はテンプレートに含まれません (CloudFormation は空のテーブルを作成します)。AWS CLI \
          スクリプトが書き込みます。"]
    );

    // A file that is no document: the reader's message as it is, around it Japanese.
    choose_file(&page, "broken.json", "{").await;
    let notice = page.text("#scenario-notice .notice-text");
    assert!(notice.starts_with("broken.json をインポートできませんでした: "), "{notice}");
    assert!(notice.ends_with(" 何も変更していません。プレイグラウンドは元のままです。"), "{notice}");
    page.choose("#lang-select", "en").await;
    let notice = page.text("#scenario-notice .notice-text");
    assert!(
        notice.starts_with("broken.json: ") && notice.ends_with(" Nothing was changed: the playground is as it was.")
    );
    assert!(page.text(".table-entry.selected").contains("Music"), "the playground is as it was");
    drop(page);
    forget_everything();
}

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

/// How many elements of the whole document could run script or came from
/// a payload: `<img>`, `<script>`, `<svg onload>`, anything with an
/// `onerror`/`onload`/`onmouseover` attribute, links to `javascript:`.
fn dangerous_elements() -> u32 {
    let document = web_sys::window().unwrap().document().unwrap();
    let selector =
        "img, script, svg[onload], b[onmouseover], [onerror], [onload], [onmouseover], a[href^='javascript' i]";
    document.query_selector_all(selector).unwrap().length()
}

fn pwned() -> bool {
    let window = web_sys::window().unwrap();
    !js_sys::Reflect::get(&window, &"__pwned".into()).unwrap().is_undefined()
}

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

fn base64_of(text: &str) -> String {
    let window = web_sys::window().unwrap();
    // Every payload is ASCII, so btoa takes it as is.
    window.btoa(text).unwrap()
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

#[wasm_bindgen_test]
fn long_text_is_cut_on_character_boundaries_and_counted() {
    use ddb_playground::ui::format::pretty;
    use ddb_playground::ui::limits::{cut, oversize, pretty_shown, MAX_REQUEST_BYTES, SHOWN_TEXT_BYTES};
    assert_eq!(cut("abc", 5), ("abc", 0));
    // "é" is two bytes: a cut after one byte backs off to before it.
    assert_eq!(cut("aé", 2), ("a", 2));
    assert_eq!(cut("aéb", 3), ("aé", 1));
    let small = serde_json::json!({"a": 1});
    assert_eq!(pretty_shown(&small), (pretty(&small), 0));
    // 1 MB of 'x' in one string: the first 64 KB shown, the rest counted.
    let big = serde_json::json!({"body": "x".repeat(1024 * 1024)});
    let full = serde_json::to_string_pretty(&big).unwrap();
    let (text, left_out) = pretty_shown(&big);
    assert_eq!(text.len(), SHOWN_TEXT_BYTES);
    assert_eq!(text.len() + left_out, full.len());
    assert!(full.starts_with(&text));
    // Request text: exactly 16 MB may be parsed, one byte more is refused.
    assert!(oversize("{}").is_none());
    let text = "x".repeat(MAX_REQUEST_BYTES + 1);
    let error = oversize(&text).map(|e| e.message().to_string()).unwrap_or_default();
    assert!(error.starts_with("The text is 16.0 MB; DynamoDB accepts requests of at most 16 MB"), "{error}");
    assert!(oversize(&text[1..]).is_none());
}

// ---- hardening: browser storage ----

/// Makes `localStorage.setItem` throw a `QuotaExceededError`, as a full
/// storage does, for every key matching the regular expression `keys`
/// (`None`: stop refusing).
fn refuse_storage(keys: Option<&str>) {
    let install = js_sys::Function::new_with_args(
        "keys",
        "if (!window.__ddbSetItem) {
             window.__ddbSetItem = Storage.prototype.setItem;
             Storage.prototype.setItem = function (key, value) {
                 if (window.__ddbRefuse && window.__ddbRefuse.test(key)) {
                     throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
                 }
                 return window.__ddbSetItem.call(this, key, value);
             };
         }
         window.__ddbRefuse = keys === null ? null : new RegExp(keys);",
    );
    let keys = keys.map(wasm_bindgen::JsValue::from_str).unwrap_or(wasm_bindgen::JsValue::NULL);
    install.call1(&wasm_bindgen::JsValue::NULL, &keys).unwrap();
}

/// The items of the autosaved (or `key`'s) copy, by table, read back.
fn stored_items(key: &str) -> Option<usize> {
    let text = storage().get_item(key).unwrap()?;
    let scenario = persist::scenario_from_stored(&text).ok()?;
    Some(scenario.engine.tables().map(|t| t.storage.item_count()).sum())
}

#[wasm_bindgen_test]
async fn an_unreadable_autosave_is_reported_kept_aside_and_the_page_still_starts() {
    let future = r#"{"format": "ddb-playground-scenario", "version": 99, "engine": {"tables": []}}"#;
    let wrong_shape = r#"{"format": "ddb-playground-scenario", "version": 1, "engine": [1, 2, 3]}"#;
    let huge = format!("{{\"garbage\": \"{}", "<script>window.__pwned=1</script>".repeat(60_000));
    let cases: [(&str, &str); 7] = [
        ("garbage", "\u{0}\u{1}<img src=x onerror=\"window.__pwned=1\">%%%"),
        ("truncated", "{\"format\": \"ddb-playground-scenario\", \"version\": 1, \"engine\": {\"tab"),
        ("wrong shape", wrong_shape),
        ("not an object", "[1, 2, 3]"),
        ("future version", future),
        ("damaged link form", "v1=AAAA!!!"),
        ("huge", &huge),
    ];
    for (what, text) in cases {
        forget_everything();
        storage().set_item(persist::SAVE_KEY, text).unwrap();
        let page = mount_as_is().await;
        let notice = page.text("#scenario-notice");
        assert!(page.exists("#scenario-notice.error"), "{what}: {notice:.300}");
        assert!(
            notice.contains("could not be read") && notice.contains("The page started empty."),
            "{what}: {notice:.300}"
        );
        assert!(notice.contains(persist::BACKUP_KEY), "{what}: {notice:.300}");
        assert!(notice.len() < 2_000, "{what}: the notice quotes little of the text ({})", notice.len());
        assert!(page.exists(".topbar") && page.text(".table-list").contains("No tables yet"), "{what}: a working page");
        assert_eq!(storage().get_item(persist::BACKUP_KEY).unwrap().as_deref(), Some(text), "{what}: kept aside");
        assert!(storage().get_item(persist::SAVE_KEY).unwrap().is_none(), "{what}");
        assert!(!pwned(), "{what}");
        // The page works: a table can be made, and it is saved normally.
        page.create_table("After", ("id", "S"), None).await;
        yew::platform::time::sleep(Duration::from_millis(800)).await;
        assert_eq!(stored_items(persist::SAVE_KEY), Some(0), "{what}: saved again");
        assert_eq!(storage().get_item(persist::BACKUP_KEY).unwrap().as_deref(), Some(text), "{what}: still kept");
        drop(page);
    }
    assert!(page_starts_in_english_despite_a_corrupted_language_key().await);
    forget_everything();
}

/// A language key holding garbage: the page starts, in English, without a word.
async fn page_starts_in_english_despite_a_corrupted_language_key() -> bool {
    forget_everything();
    storage().set_item(ddb_playground::ui::language::LANGUAGE_KEY, "<script>x</script>\u{0}").unwrap();
    let page = mount_as_is().await;
    let english = page.text(".table-list").contains("No tables yet");
    let quiet = !page.exists("#scenario-notice");
    english && quiet
}

/// The autosaved text of a good playground with two songs (the page that
/// saved it unmounted).
async fn a_good_saved_copy() -> String {
    let page = music_with_two_songs().await;
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    let good = storage().get_item(persist::SAVE_KEY).unwrap().expect("autosaved");
    drop(page);
    good
}

#[wasm_bindgen_test]
async fn a_write_cut_off_half_way_restarts_from_the_newest_good_copy() {
    let good = a_good_saved_copy().await;

    // The temporary copy was written, then the saved one was damaged (or
    // the page died between the two writes): the temporary copy is used.
    forget_everything();
    storage().set_item(persist::TEMP_KEY, &good).unwrap();
    storage().set_item(persist::SAVE_KEY, "{\"format\": \"ddb-play").unwrap();
    let page = mount_as_is().await;
    let notice = page.text("#scenario-notice");
    assert!(notice.contains("could not be read") && notice.contains("started from the last good copy"), "{notice}");
    assert_eq!(page.grid_rows().len(), 2);
    assert!(storage().get_item(persist::BACKUP_KEY).unwrap().unwrap().starts_with("{\"format\": \"ddb-play"));
    drop(page);

    // Only the temporary copy (the saved one was removed to make room and
    // not yet rewritten): used without a word.
    forget_everything();
    storage().set_item(persist::TEMP_KEY, &good).unwrap();
    let page = mount_as_is().await;
    assert!(!page.exists("#scenario-notice"));
    assert_eq!(page.grid_rows().len(), 2);
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn a_damaged_temporary_copy_is_reported_kept_aside_and_the_saved_one_used() {
    let good = a_good_saved_copy().await;
    let damaged = "{\"format\": \"ddb-playground-scenario\", \"version\": 1, \"engine\": {\"tab";

    // A damaged temporary copy beside a good saved one: the previous good
    // state is used, and the damaged copy is reported and kept aside.
    forget_everything();
    storage().set_item(persist::SAVE_KEY, &good).unwrap();
    storage().set_item(persist::TEMP_KEY, damaged).unwrap();
    let page = mount_as_is().await;
    let notice = page.text("#scenario-notice");
    assert!(notice.contains("could not be read") && notice.contains("started from the last good copy"), "{notice}");
    assert!(notice.contains(persist::TEMP_BACKUP_KEY), "{notice}");
    assert_eq!(page.grid_rows().len(), 2);
    assert_eq!(storage().get_item(persist::TEMP_BACKUP_KEY).unwrap().as_deref(), Some(damaged));
    assert!(storage().get_item(persist::TEMP_KEY).unwrap().is_none());
    drop(page);

    // Only a damaged temporary copy: reported, kept aside, an empty start.
    forget_everything();
    storage().set_item(persist::TEMP_KEY, damaged).unwrap();
    let page = mount_as_is().await;
    let notice = page.text("#scenario-notice");
    assert!(notice.contains("could not be read") && notice.contains("The page started empty."), "{notice}");
    assert_eq!(storage().get_item(persist::TEMP_BACKUP_KEY).unwrap().as_deref(), Some(damaged));
    assert!(page.text(".table-list").contains("No tables yet"));
    drop(page);

    // Both damaged: both reported, each kept under its own backup key.
    forget_everything();
    storage().set_item(persist::TEMP_KEY, damaged).unwrap();
    storage().set_item(persist::SAVE_KEY, "[1, 2, 3]").unwrap();
    let page = mount_as_is().await;
    let notice = page.text("#scenario-notice");
    assert!(notice.contains(persist::TEMP_BACKUP_KEY) && notice.contains(persist::BACKUP_KEY), "{notice}");
    assert_eq!(storage().get_item(persist::TEMP_BACKUP_KEY).unwrap().as_deref(), Some(damaged));
    assert_eq!(storage().get_item(persist::BACKUP_KEY).unwrap().as_deref(), Some("[1, 2, 3]"));
    assert!(page.text(".table-list").contains("No tables yet"));
    drop(page);

    // No room to keep the damaged temporary copy aside: it stays, and the
    // autosave writes the saved key only, so it is not overwritten.
    forget_everything();
    storage().set_item(persist::SAVE_KEY, &good).unwrap();
    storage().set_item(persist::TEMP_KEY, damaged).unwrap();
    let page = mount_with_no_room_for_backups(persist::TEMP_KEY).await;
    assert_eq!(page.grid_rows().len(), 2);
    page.put(r#"{"Artist": "Other", "SongTitle": "Third", "Year": 1999}"#).await;
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(storage().get_item(persist::TEMP_KEY).unwrap().as_deref(), Some(damaged), "not overwritten");
    assert_eq!(stored_items(persist::SAVE_KEY), Some(3), "new work is saved");
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn a_full_storage_refuses_the_autosave_with_a_notice_and_destroys_nothing() {
    let page = music_with_two_songs().await;
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    let good = storage().get_item(persist::SAVE_KEY).unwrap().expect("autosaved");

    // Nothing fits: the notice, and the saved copy is the one before.
    refuse_storage(Some("^ddb-playground/autosave/"));
    page.put(r#"{"Artist": "Other", "SongTitle": "Third", "Year": 1999}"#).await;
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    let notice = page.text("#scenario-notice");
    refuse_storage(None);
    assert!(page.exists("#scenario-notice.error"), "{notice}");
    assert!(notice.contains("Autosave failed") && notice.contains("The quota has been exceeded."), "{notice}");
    assert!(notice.contains("The copy saved before is kept"), "{notice}");
    assert_eq!(storage().get_item(persist::SAVE_KEY).unwrap().as_deref(), Some(good.as_str()), "not destroyed");
    assert!(storage().get_item(persist::TEMP_KEY).unwrap().is_none());

    // The temporary copy fits but the second copy does not: the old one is
    // removed to make room, the retry is refused too, and the new version
    // stays under the temporary key, which the next start reads.
    refuse_storage(Some("^ddb-playground/autosave/v1$"));
    page.put(r#"{"Artist": "Other", "SongTitle": "Fourth", "Year": 1998}"#).await;
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    refuse_storage(None);
    assert!(page.text("#scenario-notice").contains("Autosave failed"));
    assert_eq!(stored_items(persist::TEMP_KEY), Some(4), "the newest version is kept");
    drop(page);
    let page = mount_as_is().await;
    assert_eq!(page.grid_rows().len(), 4, "the next start reads it");
    assert!(!page.exists("#scenario-notice"));
    drop(page);
    forget_everything();
}

/// Mounts the page while the browser refuses every backup key: the notice
/// must say the unreadable copy stays under `key`.
async fn mount_with_no_room_for_backups(key: &str) -> Page {
    refuse_storage(Some("unreadable$"));
    let page = mount_as_is().await;
    refuse_storage(None);
    let notice = page.text("#scenario-notice");
    assert!(notice.contains("too full to keep it aside") && notice.contains(key), "{notice}");
    page
}

#[wasm_bindgen_test]
async fn an_unreadable_copy_that_cannot_be_kept_aside_is_not_overwritten() {
    forget_everything();
    let damaged = "{\"format\": \"ddb-playground-scenario\", \"version\": 1, \"engine\": {\"tab";
    storage().set_item(persist::SAVE_KEY, damaged).unwrap();
    let page = mount_with_no_room_for_backups(persist::SAVE_KEY).await;
    // New work is saved under the temporary key only, so the copy stays.
    page.create_table("After", ("id", "S"), None).await;
    page.put(r#"{"id": "new"}"#).await;
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(storage().get_item(persist::SAVE_KEY).unwrap().as_deref(), Some(damaged));
    assert_eq!(stored_items(persist::TEMP_KEY), Some(1));
    // Even Reset leaves it.
    page.click("#btn-reset").await;
    page.click("#btn-reset-confirm").await;
    assert_eq!(storage().get_item(persist::SAVE_KEY).unwrap().as_deref(), Some(damaged));
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn broken_and_hostile_workspaces_are_listed_as_text_and_the_page_starts() {
    forget_everything();
    let baseline = dangerous_elements();
    let hostile = r#"<img src=x onerror="window.__pwned=1">"#;
    storage().set_item(&format!("{}{hostile}", persist::WORKSPACE_PREFIX), "garbage").unwrap();
    storage().set_item(&format!("{}Left over", persist::WORKSPACE_TEMP_PREFIX), "half").unwrap();
    storage().set_item(&format!("{}Empty", persist::WORKSPACE_PREFIX), "").unwrap();
    let page = mount_as_is().await;
    assert_eq!(workspace_names(&page), ["<img src=x onerror=\"window.__pwned=1\">", "Empty"]);
    workspace_button(&page, hostile, ".workspace-open").await;
    assert!(page.exists("#scenario-notice.error"));
    assert!(page.text("#scenario-notice").contains(hostile));
    workspace_button(&page, "Empty", ".workspace-open").await;
    assert!(page.exists("#scenario-notice.error"));
    assert!(page.text(".table-list").contains("No tables yet"));
    yew::platform::time::sleep(Duration::from_millis(30)).await;
    assert_eq!(dangerous_elements(), baseline);
    assert!(!pwned());
    drop(page);
    forget_everything();
    storage().remove_item(&format!("{}Left over", persist::WORKSPACE_TEMP_PREFIX)).unwrap();
}

/// Fires the `storage` event another tab's write of `key` would fire here.
fn storage_event_from_another_tab(key: &str, new_value: Option<&str>) {
    let init = web_sys::StorageEventInit::new();
    init.set_key(Some(key));
    init.set_new_value(new_value);
    let event = web_sys::StorageEvent::new_with_event_init_dict("storage", &init).unwrap();
    web_sys::window().unwrap().dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
async fn another_tab_autosaving_over_this_one_is_noticed_and_both_are_kept() {
    // The other tab's playground: one table Other with one item.
    let other = {
        let page = mount().await;
        page.create_table("Other", ("id", "S"), None).await;
        page.put(r#"{"id": "theirs"}"#).await;
        yew::platform::time::sleep(Duration::from_millis(800)).await;
        storage().get_item(persist::SAVE_KEY).unwrap().expect("autosaved")
    };
    // This tab: two songs.
    let page = music_with_two_songs().await;
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    // The other tab writes its copy, and this tab hears of it.
    storage().set_item(persist::SAVE_KEY, &other).unwrap();
    storage_event_from_another_tab(persist::SAVE_KEY, Some(&other));
    settle().await;
    let notice = page.text("#scenario-notice");
    assert!(notice.contains("Another tab") && notice.contains(persist::OTHER_TAB_WORKSPACE), "{notice}");
    assert!(!page.exists("#scenario-notice.error"));
    // Theirs is kept as a workspace; this tab's two songs stay open.
    assert_eq!(workspace_names(&page), [persist::OTHER_TAB_WORKSPACE]);
    let kept = persist::load_workspace(persist::OTHER_TAB_WORKSPACE).expect("reads");
    assert!(kept.engine.table("Other").is_some());
    assert_eq!(page.grid_rows().len(), 2);
    // This tab's next change is saved over it: both states exist.
    page.put(r#"{"Artist": "Other", "SongTitle": "Third", "Year": 1999}"#).await;
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(stored_items(persist::SAVE_KEY), Some(3));
    // A removal (a Reset there) and other keys are not news.
    page.click("#btn-dismiss").await;
    storage_event_from_another_tab(persist::SAVE_KEY, None);
    storage_event_from_another_tab("unrelated", Some("x"));
    settle().await;
    assert!(!page.exists("#scenario-notice"));
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn large_values_are_cut_in_the_grid_and_whole_in_the_editor() {
    use serde_json::json;
    let page = mount().await;
    page.create_table("Large", ("id", "S"), None).await;
    // Two items under DynamoDB's 400 KB: a 100,000-element list (200,000
    // characters of plain JSON; 100,000 × (1 byte for "7" + 1 per element)
    // + 3 ≈ 200 KB) and 150,000 bytes of binary (200,000 base64 characters).
    let list: Vec<u32> = vec![7; 100_000];
    page.put(&json!({"id": "list", "numbers": list}).to_string()).await;
    let bytes = base64_of(&"z".repeat(150_000));
    page.put(&json!({"id": {"S": "bin"}, "blob": {"B": bytes}}).to_string()).await;
    assert_eq!(page.grid_rows().len(), 2, "{}", page.text("#editor-outcome"));
    for row in page.grid_rows() {
        for cell in row {
            assert!(cell.len() < 400, "a cell is cut: {} characters", cell.len());
        }
    }
    let titles: Vec<String> =
        page.find_all("table.items td[title]").iter().filter_map(|td| td.get_attribute("title")).collect();
    assert!(titles.iter().all(|t| t.chars().count() <= 1_001), "hover texts are cut");
    assert!(page.text("table.items").contains("characters)"), "the cut says how long the value is");
    // The editor gets the whole value.
    let row = page
        .find_all("table.items tbody tr")
        .into_iter()
        .find(|r| r.text_content().unwrap_or_default().contains("list"))
        .unwrap();
    row.dyn_ref::<HtmlElement>().unwrap().click();
    settle().await;
    let loaded: serde_json::Value = serde_json::from_str(&page.editor_text()).unwrap();
    assert_eq!(loaded["numbers"].as_array().map(Vec::len), Some(100_000));
    // The stream panel draws a record's images cut, too.
    page.click("#stream-enable").await;
    page.put(&json!({"id": "list", "numbers": vec![8; 100_000]}).to_string()).await;
    let records = page.text("#stream-records");
    assert!(records.len() < 200_000, "{}", records.len());
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn a_kept_playground_that_no_longer_reads_is_moved_aside_by_restore() {
    use ddb_playground::ui::lesson_nav::{STASH_BACKUP_KEY, STASH_KEY};
    let page = music_with_two_songs().await;
    forget_lessons();
    page.click("#btn-lessons").await;
    page.click("#lesson-list .lesson-entry[data-lesson='forum-lsi']").await;
    assert_eq!(page.text("#lesson-title"), "Forum threads and LastPostIndex");
    // The kept copy is damaged behind the page's back.
    storage().set_item(STASH_KEY, "{\"format\": \"ddb-playground\", \"tables\": 7").unwrap();
    page.click("#lesson-restore").await;
    let notice = page.text("#scenario-notice");
    assert!(notice.contains("Nothing was restored"), "{notice}");
    assert!(notice.contains(STASH_BACKUP_KEY), "{notice}");
    // Moved aside, byte for byte; "Restore" is no longer offered for it.
    assert_eq!(storage().get_item(STASH_KEY).unwrap(), None);
    assert_eq!(
        storage().get_item(STASH_BACKUP_KEY).unwrap().as_deref(),
        Some("{\"format\": \"ddb-playground\", \"tables\": 7")
    );
    assert!(!page.exists("#lesson-restore"));
    // The lesson's playground stays as it was.
    assert_eq!(page.text("#lesson-title"), "Forum threads and LastPostIndex");
    assert_eq!(table_rows(&page), 9);
    drop(page);
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn a_playground_kept_before_an_earlier_lesson_becomes_a_workspace() {
    use ddb_playground::ui::lesson_nav::STASH_KEY;
    let page = music_with_two_songs().await;
    forget_lessons();
    // Work kept before an earlier lesson, and a workspace already named
    // like the one it will become: neither may be overwritten.
    storage().set_item(STASH_KEY, "earlier work").unwrap();
    let taken = format!("{}{}", persist::WORKSPACE_PREFIX, persist::EARLIER_LESSON_WORKSPACE);
    storage().set_item(&taken, "a workspace of that name").unwrap();
    page.click("#btn-lessons").await;
    page.click("#lesson-list .lesson-entry[data-lesson='forum-lsi']").await;
    assert_eq!(page.text("#lesson-title"), "Forum threads and LastPostIndex");
    let notice = page.text("#scenario-notice");
    assert!(notice.contains("is now the workspace “Kept before a lesson 2”"), "{notice}");
    assert_eq!(storage().get_item(&format!("{taken} 2")).unwrap().as_deref(), Some("earlier work"));
    assert_eq!(storage().get_item(&taken).unwrap().as_deref(), Some("a workspace of that name"));
    // The playground open before this lesson is the one kept now.
    page.click("#lesson-restore").await;
    assert!(page.text(".table-entry.selected").contains("Music"));
    assert_eq!(table_rows(&page), 2);
    drop(page);
    forget_everything();
    forget_lessons();
}
