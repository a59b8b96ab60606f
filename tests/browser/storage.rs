//! Browser storage that fails: unreadable, damaged, full or shared with another tab, and the work is never lost.

use crate::dom::*;
use ddb_playground::ui::persist;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

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
    Some(scenario.engine.tables().map(|t| t.item_count()).sum())
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
    use ddb_playground::ui::lessons::lesson_nav::{STASH_BACKUP_KEY, STASH_KEY};
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
    use ddb_playground::ui::lessons::lesson_nav::STASH_KEY;
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

/// Fires the `pagehide` event a reload or a closed tab fires.
fn page_goes_away() {
    let event = web_sys::Event::new("pagehide").unwrap();
    web_sys::window().unwrap().dispatch_event(&event).unwrap();
}

/// `text` written out again with indentation: the same playground, but not
/// the text an autosave writes, so a rewrite shows.
fn indented(text: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(text).unwrap();
    serde_json::to_string_pretty(&value).unwrap()
}

#[wasm_bindgen_test]
async fn a_playground_unchanged_since_it_was_read_or_saved_is_not_written_again() {
    let good = a_good_saved_copy().await;
    let as_read = indented(&good);
    assert_ne!(as_read, good);

    // Started from the saved copy: neither the first autosave nor leaving
    // the page writes it again.
    forget_everything();
    storage().set_item(persist::SAVE_KEY, &as_read).unwrap();
    let page = mount_as_is().await;
    assert_eq!(page.grid_rows().len(), 2);
    yew::platform::time::sleep(Duration::from_millis(900)).await;
    page_goes_away();
    assert_eq!(storage().get_item(persist::SAVE_KEY).unwrap().as_deref(), Some(as_read.as_str()));
    assert!(storage().get_item(persist::TEMP_KEY).unwrap().is_none());

    // A change is saved after the wait as always…
    page.put(r#"{"Artist": "Other", "SongTitle": "Third", "Year": 1999}"#).await;
    yew::platform::time::sleep(Duration::from_millis(900)).await;
    assert_eq!(stored_items(persist::SAVE_KEY), Some(3));
    // …and once it is, leaving the page writes nothing more.
    let saved = storage().get_item(persist::SAVE_KEY).unwrap().unwrap();
    storage().set_item(persist::SAVE_KEY, &indented(&saved)).unwrap();
    page_goes_away();
    assert_eq!(storage().get_item(persist::SAVE_KEY).unwrap(), Some(indented(&saved)));

    // A change the page leaves before the wait is over is saved on the way out.
    page.put(r#"{"Artist": "Other", "SongTitle": "Fourth", "Year": 1998}"#).await;
    page_goes_away();
    assert_eq!(stored_items(persist::SAVE_KEY), Some(4));
    yew::platform::time::sleep(Duration::from_millis(900)).await;

    // Another tab wrote its copy over this one's: leaving writes this tab's again.
    storage().set_item(persist::SAVE_KEY, &good).unwrap();
    storage_event_from_another_tab(persist::SAVE_KEY, Some(&good));
    settle().await;
    page_goes_away();
    assert_eq!(stored_items(persist::SAVE_KEY), Some(4));
    drop(page);

    // Started from a share link: saved, since the link leaves the address bar.
    forget_everything();
    persist::set_fragment(&ddb_playground::scenario::link::encode_json(&good));
    let page = mount_as_is().await;
    assert_eq!(page.grid_rows().len(), 2);
    yew::platform::time::sleep(Duration::from_millis(900)).await;
    assert_eq!(stored_items(persist::SAVE_KEY), Some(2));
    drop(page);
    forget_everything();
}
