//! Workspaces: save, open, survive a reload, delete (a replacing save and a
//! delete ask first); a broken one changes nothing.

use crate::dom::*;
use ddb_playground::ui::persist;
use std::time::Duration;
use wasm_bindgen_test::*;

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
    // Listed with its stored size, as the browser's storage counts it.
    assert_eq!(
        page.text(".workspace-entry .workspace-size"),
        format!("{} KB", stored.encode_utf16().count().div_ceil(1024))
    );
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
    delete_workspace(&page, &longest).await;

    // Open "A": its two songs replace the three.
    workspace_button(&page, "A", ".workspace-open").await;
    assert_eq!(page.text("#scenario-notice .notice-text"), "Opened workspace A.");
    assert_eq!(page.grid_rows().len(), 2);
    let items = page.text("table.items");
    assert!(items.contains("Happy Day") && items.contains("Rainy Night") && !items.contains("Third"), "{items}");
    // The three songs it replaced are kept, not lost.
    assert_eq!(workspace_names(&page), ["A", "B", "Before opening"]);
    let kept = persist::load_workspace("Before opening").expect("the replaced playground reads back");
    assert_eq!(kept.engine.tables().map(|t| t.item_count()).sum::<usize>(), 3);
    delete_workspace(&page, "Before opening").await;

    // Saving under an existing name asks first; Cancel keeps "B" as it was.
    let songs = |name: &str| {
        let kept = persist::load_workspace(name).expect("reads back");
        kept.engine.tables().map(|t| t.item_count()).sum::<usize>()
    };
    save_workspace_as(&page, "B").await;
    assert_eq!(page.text("#workspace-confirm span"), "Replace the workspace “B” with the playground?");
    page.click("#btn-workspace-cancel").await;
    assert!(!page.exists("#workspace-confirm"));
    assert_eq!(songs("B"), 3);
    // Confirmed, "B" now holds A's two songs.
    save_workspace_as(&page, "B").await;
    assert_eq!(page.text("#btn-workspace-confirm"), "Yes, replace");
    page.click("#btn-workspace-confirm").await;
    assert_eq!(page.text("#scenario-notice .notice-text"), "Saved the playground as the workspace “B”.");
    assert_eq!(workspace_names(&page), ["A", "B"]);
    assert_eq!(songs("B"), 2);
    drop(page);

    // A reload still lists both; Delete removes "B" from the list and the storage.
    let page = mount_as_is().await;
    assert_eq!(workspace_names(&page), ["A", "B"]);
    // Delete asks first too: cancelled, "B" stays.
    workspace_button(&page, "B", ".workspace-delete").await;
    assert_eq!(page.text("#workspace-confirm span"), "Delete the workspace “B”? It cannot be brought back.");
    page.click("#btn-workspace-cancel").await;
    assert_eq!(workspace_names(&page), ["A", "B"]);
    delete_workspace(&page, "B").await;
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
