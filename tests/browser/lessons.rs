//! The built-in lessons: links, steps, presenter mode, saved operations.

use crate::dom::*;
use ddb_playground::ui::persist;
use std::time::Duration;
use wasm_bindgen_test::*;
use web_sys::{Element, KeyboardEvent, KeyboardEventInit};

// ---- lessons ----

/// Takes the presenter class off the page but keeps the remembered switch,
/// as a reload would.
fn forget_lessons_class_only() {
    let root = web_sys::window().unwrap().document().unwrap().document_element().unwrap();
    root.set_class_name("");
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
    // The notice names the lesson in the language it is read in.
    page.choose("#lang-select", "ja").await;
    let notice = page.text("#scenario-notice");
    assert!(notice.contains("レッスン「GameScores と GameTitleIndex」を開きました。"), "{notice}");
    page.choose("#lang-select", "en").await;
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
    assert_eq!(page.find_all("#lesson-list .lesson-entry").len(), 17);
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
async fn synthetic_keys_and_multi_attribute_keys_side_by_side() {
    let page = open_lesson_link("lesson=multi-attribute-keys").await;
    assert_eq!(page.text("#lesson-title"), "Synthetic keys vs. multi-attribute GSI keys");
    assert_eq!(page.text("#lesson-step-count"), "Step 1 of 10");
    assert!(page.text(".table-entry.selected").contains("OrdersSynthetic"));
    assert_eq!(table_rows(&page), 10);
    assert!(page.text("table.items:not(.index-items)").contains("OPEN#2018_08_11"));
    // Both checklists: four Queries and two writes each, the glued order
    // at 6 WCU (2 KB blocks in the table and both GSIs), the unglued at 3.
    let checklist = page.text("#lesson-checklist");
    assert_eq!(page.find_all("#lesson-checklist .pattern.servable").len(), 12, "{checklist}");
    assert!(checklist.contains("Query on index GSI-1 of OrdersMulti"), "{checklist}");
    assert!(checklist.contains("Query on index GSI-Names of OrdersMulti"), "{checklist}");
    assert!(checklist.contains("6 WCU") && checklist.contains("3 WCU"), "{checklist}");
    // The glued and the multi-attribute Query, side by side: 0.5 RCU each.
    page.click("#lesson-next").await;
    page.click("#lesson-next").await;
    assert_eq!(page.text("#lesson-step-title"), "A customer's OPEN orders in August");
    assert_eq!(page.text("#lesson-step-action"), "Load both into the console");
    page.click("#lesson-step-action").await;
    assert_eq!(page.text("#strip-a"), "0.5 RCU");
    assert_eq!(page.text("#strip-b"), "0.5 RCU");
    drop(page);
    forget_everything();
    forget_lessons();
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

// ---- lessons in German and Japanese ----

/// The German overlay of the game-scores lesson.
const GERMAN_GAME_SCORES: &str = include_str!("../../src/scenario/lessons/data/de/01-game-scores.json");
/// The Japanese one (`None` while there is none: `tests/lessons.rs` keeps
/// this in step with `data/ja/01-game-scores.json`).
const JAPANESE_GAME_SCORES: Option<&str> = Some(include_str!("../../src/scenario/lessons/data/ja/01-game-scores.json"));

/// Hands the pages mounted from now on the game-scores lesson's overlays,
/// as they would fetch them (the test server has no `lessons/` folder):
/// German, and Japanese or the answer that there is none. Every other
/// lesson is left as it is.
pub(crate) fn provide_game_scores_translations() {
    use ddb_playground::i18n::Lang;
    hand_lessons(|library| {
        assert!(library.provide_overlay("game-scores", Lang::De, Some(GERMAN_GAME_SCORES)));
        assert!(library.provide_overlay("game-scores", Lang::Ja, JAPANESE_GAME_SCORES));
    });
}

/// The game-scores lesson's title as the page shows it in `lang` (after
/// [`provide_game_scores_translations`]).
pub(crate) fn game_scores_title(lang: &str) -> String {
    use ddb_playground::i18n::Lang;
    let lang = Lang::from_tag(lang).unwrap();
    hand_lessons(|library| library.lesson_in("game-scores", lang).unwrap().title)
}

#[wasm_bindgen_test]
async fn a_lesson_speaks_the_pages_language_and_keeps_its_step_and_data() {
    use ddb_playground::scenario::lessons::Overlay;
    provide_game_scores_translations();
    let page = open_lesson_link("lesson=game-scores&step=3").await;
    assert_eq!(page.text("#lesson-step-title"), "The top score of a game");
    page.click("#lesson-step-action").await;
    assert_eq!(page.text("#strip-a"), "0.5 RCU");

    // German: the lesson's own words, the same step, the same data.
    page.choose("#lang-select", "de").await;
    assert_eq!(page.text("#lesson-title"), "GameScores und GameTitleIndex");
    assert_eq!(page.text("#lesson-step-count"), "Schritt 3 von 6");
    assert_eq!(page.text("#lesson-step-title"), "Der Top Score eines Spiels");
    let text = page.text("#lesson-step-text");
    assert!(text.starts_with("ScanIndexForward=false liest die Item Collection rückwärts"), "{text}");
    assert!(text.contains("1000 von Benutzer 101, für 0,5 RCU"), "{text}");
    assert!(page.text(".lesson-summary").starts_with("Eine Tabelle beantwortet nur Fragen zu ihren Schlüsseln."));
    let checklist = page.text("#lesson-checklist");
    assert!(
        checklist.contains("Die Fragen der Folie") && checklist.contains("Alle Scores eines Benutzers"),
        "{checklist}"
    );
    assert_eq!(page.find_all("#lesson-checklist .pattern.servable").len(), 3, "{checklist}");
    assert_eq!(page.text("#strip-a"), "0,5 RCU", "the console keeps its request");
    page.click("#tab-items").await;
    assert_eq!(table_rows(&page), 12);
    // The access patterns are the scenario's: English names in any language.
    page.click("#tab-console").await;
    assert_eq!(page.pattern_names()[2], "All scores of one user");
    page.click("#lesson-next").await;
    assert_eq!(page.text("#lesson-step-title"), "Projektionen");
    // The menu lists the lessons by their German titles.
    page.click("#btn-lessons").await;
    let menu = page.text("#lesson-list");
    assert!(menu.contains("Forum-Threads und LastPostIndex") && menu.contains("Der gescheiterte Entwurf"), "{menu}");
    page.click("#btn-lessons").await;

    // Japanese: the overlay's words where there is one, English otherwise.
    page.choose("#lang-select", "ja").await;
    assert_eq!(page.text("#lesson-step-count"), "ステップ 4 / 6");
    match JAPANESE_GAME_SCORES {
        Some(japanese) => {
            let overlay = Overlay::parse(japanese).unwrap();
            let step = overlay.steps[3].clone();
            assert_eq!(Some(page.text("#lesson-step-title")), step.title);
            assert_eq!(Some(page.text("#lesson-step-text")), step.text);
            assert!(!page.text("#lesson-step-text").is_ascii(), "Japanese, not English");
            assert_eq!(Some(page.text("#lesson-title")), overlay.title);
        }
        None => assert_eq!(page.text("#lesson-step-title"), "Projections"),
    }

    // And back: English, still at step 4.
    page.choose("#lang-select", "en").await;
    assert_eq!(page.text("#lesson-title"), "GameScores and GameTitleIndex");
    assert_eq!(page.text("#lesson-step-title"), "Projections");
    assert_eq!(page.text("#lesson-step-count"), "Step 4 of 6");
    drop(page);
    forget_everything();
    forget_lessons();
}
