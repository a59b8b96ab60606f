//! The Items view: creating tables, putting, getting and deleting items, item collections in keyspace order,
//! and a large table drawn as a window of rows.

use crate::dom::*;
use ddb_playground::ui::persist;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Event, HtmlElement, HtmlInputElement, HtmlTextAreaElement, KeyboardEvent, KeyboardEventInit};

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

// ---- large tables ----

/// Keeps a playground of `n` items in table `Big` (`n / per_key` partition
/// keys of `per_key` items each) as the autosave, so the next `mount_as_is`
/// opens it.
/// Each item also has `g`, the partition key of the table's GSI `ByG`:
/// one per item.
fn autosave_big_table(n: u32, per_key: u32) {
    use serde_json::json;
    let mut engine = ddb_playground::engine::Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Big", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
                    {"AttributeName": "g", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                "GlobalSecondaryIndexes": [{"IndexName": "ByG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "ALL"}}]}),
        )
        .unwrap();
    for i in 0..n {
        let item = json!({"pk": {"S": format!("p{:04}", i / per_key)}, "sk": {"N": (i % per_key).to_string()},
            "g": {"S": format!("g{i:04}")}});
        engine.clock_mut().advance(2);
        engine.execute("PutItem", &json!({"TableName": "Big", "Item": item})).unwrap();
    }
    let scenario = ddb_playground::scenario::Scenario::of(&engine);
    storage().set_item(persist::SAVE_KEY, &persist::stored_text(&scenario)).unwrap();
}

#[wasm_bindgen_test]
fn a_windowed_grid_draws_the_rows_its_box_shows_and_margins() {
    use ddb_playground::ui::tables::grid_window::window_rows;
    // The box is 70 % of the viewport, a row 34 pixels: its rows, 25 above
    // and below, and up to a step of 25 more above.
    assert_eq!(window_rows(720.0), 15 + 75, "a projector");
    assert_eq!(window_rows(844.0), 18 + 75, "a phone");
    assert_eq!(window_rows(2160.0), 45 + 75, "a 4K screen");
    // Whatever the browser reports, at least a row and at most 200 in view.
    assert_eq!(window_rows(0.0), 1 + 75);
    assert_eq!(window_rows(f64::NAN), 1 + 75);
    assert_eq!(window_rows(-5.0), 1 + 75);
    assert_eq!(window_rows(1e12), 200 + 75);
}

/// The items grid's scroll box when it is windowed.
const ITEMS_BOX: &str = ".grid-scroll.windowed:not(.index-grid *)";

/// The rows drawn of the windowed grid `grid` (its scroll box) cover the
/// box's view, with rows to spare below.
fn assert_rows_cover_the_view(page: &Page, grid: &str, at: &str) {
    use ddb_playground::ui::tables::grid_window::ROW_PX;
    let view = page.find(grid).get_bounding_client_rect();
    // Below the table's head while it is in view (its borders between).
    let view_top = view.top().max(page.find(&format!("{grid} thead")).get_bounding_client_rect().bottom());
    let drawn = page.find_all(&format!("{grid} tbody.collection tr"));
    let (top, bottom) = (drawn[0].get_bounding_client_rect(), drawn[drawn.len() - 1].get_bounding_client_rect());
    assert!(top.top() <= view_top + 4.0, "{at}: the first row at {} is below the view's top {view_top}", top.top());
    let spare = bottom.bottom() - view.bottom();
    assert!(spare >= 10.0 * ROW_PX, "{at}: the last row ends {spare} px below the view's bottom");
}

#[wasm_bindgen_test]
async fn a_large_table_draws_a_window_of_rows_that_follows_the_scroll() {
    use ddb_playground::ui::tables::grid_window::window_rows;
    let window_rows = window_rows(web_sys::window().unwrap().inner_height().unwrap().as_f64().unwrap());
    forget_everything();
    autosave_big_table(2_000, 10);
    let page = mount_as_is().await;
    if !page.exists(".table-entry.selected") {
        page.click(".table-entry").await;
    }
    let rows = "table.items:not(.index-items):not(.results-items) tbody.collection tr";
    // 2,000 items: a window of rows, a spacer for the others.
    assert_eq!(page.find_all(rows).len(), window_rows);
    assert!(page.exists(".grid-scroll.windowed"));
    assert_rows_cover_the_view(&page, ITEMS_BOX, "at the top");
    let first_key = || page.find_all(rows)[0].query_selector(".pk-value").unwrap().map(|e| e.text_content().unwrap());
    let at_top = first_key();
    assert!(at_top.is_some(), "the first row drawn starts its collection");
    // Scroll to the middle: the window moves there, as many rows, with
    // spacers above and below.
    let scroller = page.find(".grid-scroll.windowed");
    scroller.set_scroll_top(scroller.scroll_height() / 2);
    scroller.dispatch_event(&Event::new("scroll").unwrap()).unwrap();
    settle().await;
    assert_eq!(page.find_all(rows).len(), window_rows);
    assert_eq!(page.find_all("tbody.grid-spacer").len(), 2);
    assert_rows_cover_the_view(&page, ITEMS_BOX, "in the middle");
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

/// Scrolls the windowed grid `grid` down in uneven steps, as a wheel
/// scrolls, and back up, and checks at each step that its rows cover it.
async fn scroll_through(page: &Page, grid: &str) {
    let scroller = page.find(grid);
    let height = scroller.scroll_height();
    let steps: Vec<i32> = (0..height).step_by(1_777).chain((0..height).step_by(2_903).rev()).collect();
    for top in steps {
        scroller.set_scroll_top(top);
        scroller.dispatch_event(&Event::new("scroll").unwrap()).unwrap();
        settle().await;
        assert_rows_cover_the_view(page, grid, &format!("{grid} scrolled to {}", scroller.scroll_top()));
    }
}

#[wasm_bindgen_test]
async fn windowed_grids_of_tall_rows_stay_covered_down_the_whole_table() {
    // One item per partition key: each of the table's rows has its key's
    // keyspace line under it, taller than the estimate a window starts
    // from. The index's grid, one entry per key too, is windowed the same way.
    forget_everything();
    autosave_big_table(2_000, 1);
    let page = mount_as_is().await;
    if !page.exists(".table-entry.selected") {
        page.click(".table-entry").await;
    }
    scroll_through(&page, ITEMS_BOX).await;
    page.click(".view-tab[data-view='ByG']").await;
    scroll_through(&page, ".index-grid .grid-scroll.windowed").await;
    drop(page);
    forget_everything();
}
