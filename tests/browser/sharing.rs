//! The playground as a link, an autosave and a file; embed mode.

use crate::dom::*;
use ddb_playground::ui::persist;
use std::time::Duration;
use wasm_bindgen_test::*;

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
    // The lab's button is drawn by the panels' module; the page copies the link.
    page.click("#embed-lab").await;
    let notice = page.text("#scenario-notice");
    assert!(notice.starts_with("Embed link for the hot-key lab copied"), "{notice}");
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
