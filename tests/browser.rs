//! Browser tests: the real page in headless Chromium, driven through the DOM
//! the way a student would drive it (type into fields, click buttons).
//!
//! Each test mounts its own [`App`] on a fresh `<div>`, so tests share
//! nothing but the document. After every interaction the test yields to the
//! browser for a moment so Yew can re-render before the DOM is read.
//!
//! Run with:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//!  WASM_BINDGEN_TEST_TIMEOUT=120 cargo test --target wasm32-unknown-unknown --test browser`

#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use ddb_playground::ui::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{
    Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement, KeyboardEvent,
    KeyboardEventInit,
};

wasm_bindgen_test_configure!(run_in_browser);

/// A mounted playground: its root element and the app handle.
struct Page {
    root: Element,
    app: Option<yew::AppHandle<App>>,
}

impl Drop for Page {
    fn drop(&mut self) {
        if let Some(app) = self.app.take() {
            app.destroy();
        }
        self.root.remove();
    }
}

/// Lets Yew's scheduler run and the browser paint.
async fn settle() {
    for _ in 0..3 {
        yew::platform::time::sleep(Duration::from_millis(15)).await;
    }
}

async fn mount() -> Page {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let app = yew::Renderer::<App>::with_root(root.clone()).render();
    settle().await;
    Page { root, app: Some(app) }
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
