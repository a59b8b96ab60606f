//! The page's layout at a projector's, a tablet's and a phone's size:
//! presenter mode fits one screen with the lesson's step beside its view;
//! narrow screens get a one-row header, no sideways scrolling, and a
//! lesson's step (then its table) first.
//!
//! The test runner's browser window has one fixed size, so each test puts
//! the playground in an `<iframe>` of the size it checks
//! ([`mount_in_frame`]), styled by `www/style.css` itself. Inside the frame
//! the stylesheet's media queries, `vh` units and page scrolling answer to
//! the frame's size exactly as they would to a screen of that size, so the
//! facts read here (`scrollHeight`, `scrollWidth`, element boxes) are the
//! ones a projector or a phone would show. Shrinking the test page's own
//! width instead would leave the media queries and `vh` on the runner's
//! window and check nothing.
//!
//! Bounds: a narrow screen's header is one row — the name and the menu
//! button (44 px tall, a fingertip) with its padding — so at most 72 px;
//! buttons a finger taps are at least 40 px high.

use wasm_bindgen_test::wasm_bindgen_test;

use crate::dom::*;

/// The tallest a narrow screen's header may be: one row of 44 px buttons and padding.
const NARROW_HEADER: f64 = 72.0;

/// Presses Escape (the page listens on its window).
async fn escape() {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("Escape");
    init.set_bubbles(true);
    let event = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    web_sys::window().unwrap().dispatch_event(&event).unwrap();
    settle().await;
}

/// Opens `fragment` (a lesson link) in a fresh frame of this size.
pub(crate) async fn open_in_frame(fragment: &str, width: u32, height: u32) -> Framed {
    forget_everything();
    forget_lessons();
    ddb_playground::ui::persist::set_fragment(fragment);
    let framed = mount_in_frame(width, height).await;
    for _ in 0..3 {
        settle().await;
    }
    framed.follow_presenter_mode();
    settle().await;
    framed
}

/// The page does not scroll, and the selector's element is on screen
/// (at least `visible` pixels of it, or all of it if it is smaller).
fn fits_with(framed: &Framed, selector: &str, visible: f64, what: &str) {
    let (width, height) = framed.viewport();
    let (scroll_width, scroll_height) = framed.scroll_size();
    assert!(scroll_height <= height, "{what}: the page scrolls ({scroll_height} px in {height} px)");
    assert!(scroll_width <= width, "{what}: the page scrolls sideways ({scroll_width} px in {width} px)");
    let (step_top, step_bottom, _) = framed.rect("#lesson-step");
    assert!(step_top >= 0.0 && step_bottom <= height, "{what}: the step is at {step_top}..{step_bottom}");
    let (top, bottom, tall) = framed.rect(selector);
    let shown = bottom.min(height) - top.max(0.0);
    assert!(shown >= visible.min(tall), "{what}: {selector} shows {shown} px of {tall} ({top}..{bottom})");
}

#[wasm_bindgen_test]
async fn presenter_mode_fits_a_1280x720_projector_step_beside_its_view() {
    let framed = open_in_frame("lesson=voting&presenter=1", 1280, 720).await;
    let page = &framed.page;
    assert_eq!(page.text("#lesson-step-action"), "Run workload");
    fits_with(&framed, "table.items", 150.0, "the voting lesson's first step");
    // The step and the view side by side: the view starts right of the step.
    let step = page.find("#lesson-step").get_bounding_client_rect();
    let panel = page.find("#main-panel").get_bounding_client_rect();
    assert!(panel.left() >= step.right(), "the view is beside the step, not under it");
    // The table list and the designer wait behind the Tables button.
    assert_eq!(page.find(".sidebar").get_bounding_client_rect().height(), 0.0);
    page.click("#btn-tables").await;
    assert!(page.find("#ct-name").get_bounding_client_rect().height() > 0.0, "the drawer opened");
    escape().await;
    assert_eq!(page.find("#ct-name").get_bounding_client_rect().height(), 0.0, "Escape closed the drawer");
    // The lesson's notice is a toast: dismissing it moves nothing.
    assert!(page.text("#scenario-notice").contains("Opened the lesson"));
    let before = framed.rect(".main-bar");
    page.click("#btn-dismiss").await;
    assert!(!page.exists("#scenario-notice"));
    assert_eq!(framed.rect(".main-bar"), before, "the notice pushed the page down");

    // "Run workload": the lab's charts come on screen, the page still does not scroll.
    page.click("#lesson-step-action").await;
    lab_finished(page).await;
    for _ in 0..4 {
        settle().await;
    }
    fits_with(&framed, "#hotkey-lab .lab-results svg", 100.0, "after Run workload");
    drop(framed);
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn presenter_mode_fits_1920x1080_with_the_console() {
    let framed = open_in_frame("lesson=game-scores&step=3&presenter=1", 1920, 1080).await;
    framed.page.click("#lesson-step-action").await;
    settle().await;
    fits_with(&framed, "#console", 300.0, "a step that loads the console");
    drop(framed);
    forget_everything();
    forget_lessons();
}

/// The header's name is not cut off beside the menu button.
fn name_shows_whole(framed: &Framed, what: &str) {
    let name = framed.page.find(".topbar h1");
    let (needs, has) = (name.scroll_width(), name.client_width());
    assert!(needs <= has, "{what}: the name needs {needs} px and has {has}");
}

/// On a laptop the header's buttons and its two menus (Export, Workspaces:
/// `<details>`, not buttons) are one row of one height, in every language.
#[wasm_bindgen_test]
async fn the_header_buttons_and_menus_line_up_on_a_laptop() {
    let framed = open_in_frame("lesson=voting", 1280, 720).await;
    for language in ["en", "de", "ja"] {
        framed.page.choose("#lang-select", language).await;
        let boxes: Vec<(String, f64, f64)> = framed
            .page
            .find_all(".scenario-menu > button, .scenario-menu > details")
            .iter()
            .map(|e| {
                let rect = e.get_bounding_client_rect();
                // A menu by its summary's words, not its whole list.
                let label = e.query_selector("summary").ok().flatten().unwrap_or_else(|| e.clone());
                (label.text_content().unwrap_or_default(), rect.top(), rect.height())
            })
            .collect();
        assert!(boxes.len() >= 5, "{language}: {boxes:?}");
        let (_, top, height) = boxes[0].clone();
        for (label, t, h) in &boxes {
            assert!(
                (t - top).abs() < 0.5 && (h - height).abs() < 0.5,
                "{language}: {label} at {t} ({h} px) against {top} ({height} px)"
            );
        }
    }
    drop(framed);
    forget_everything();
    forget_lessons();
}

/// The Workspaces menu's Save button sits on the menu's white list: its
/// words must not be white too.
#[wasm_bindgen_test]
async fn the_workspaces_save_button_reads_on_the_menus_white_list() {
    let framed = open_in_frame("lesson=voting", 1280, 720).await;
    framed.page.find("#workspaces-menu").set_attribute("open", "").unwrap();
    settle().await;
    let window = framed.frame.content_window().unwrap();
    let style = |selector: &str, property: &str| {
        let element = framed.page.find(selector);
        window.get_computed_style(&element).unwrap().unwrap().get_property_value(property).unwrap()
    };
    let (words, under) = (style("#btn-workspace-save", "color"), style(".workspaces-list", "background-color"));
    let own = style("#btn-workspace-save", "background-color");
    // A transparent button shows the list through it.
    let behind = if own == "rgba(0, 0, 0, 0)" { under.clone() } else { own.clone() };
    assert_ne!(words, behind, "Save's words are {words} on {own}, on a list of {under}");
    drop(framed);
    forget_everything();
    forget_lessons();
}

/// At a projector's 1280×720 the console's results start below the fold:
/// Run brings them up, below the sticky cost strip, so the class sees
/// that it ran.
#[wasm_bindgen_test]
async fn run_brings_the_results_into_view_at_a_projectors_size() {
    let framed = open_in_frame("lesson=game-scores", 1280, 720).await;
    framed.page.click("#tab-console").await;
    let (_, height) = framed.viewport();
    let (before, _, _) = framed.rect("#results");
    assert!(before > height - 80.0, "the results start on screen already ({before} px): nothing to show");
    framed.page.click("#c0-run").await;
    settle().await;
    let (top, _, _) = framed.rect("#results");
    let (_, strip_bottom, _) = framed.rect(".cost-strip");
    assert!(
        top >= strip_bottom - 1.0 && top < height - 80.0,
        "the results are at {top} px, the strip ends at {strip_bottom}"
    );
    drop(framed);
    forget_everything();
    forget_lessons();
}

/// A narrow screen opening a lesson link: header, sideways scroll, what comes first.
async fn narrow_screen(width: u32, height: u32) {
    let what = format!("{width}×{height}");
    let framed = open_in_frame("lesson=game-scores", width, height).await;
    let page = &framed.page;
    let (inner_width, inner_height) = framed.viewport();
    let (_, header_bottom, header) = framed.rect(".topbar");
    assert!(header <= NARROW_HEADER, "{what}: the header is {header} px tall");
    name_shows_whole(&framed, &what);
    // The header's controls wait behind the menu button.
    assert_eq!(framed.rect("#btn-lessons").2, 0.0, "{what}: the lessons button is folded away");
    assert!(framed.scroll_size().0 <= inner_width, "{what}: the page scrolls sideways");
    // The step first (under the lesson's title), whole; the table on the same screen.
    let (step_top, step_bottom, _) = framed.rect("#lesson-step");
    let (head_top, head_bottom, _) = framed.rect(".lesson-head");
    assert!(head_top >= header_bottom && step_top >= head_bottom, "{what}: the lesson's title, then its step");
    assert!(step_top - header_bottom <= 200.0, "{what}: the step starts {step_top} px down");
    assert!(step_bottom <= inner_height, "{what}: the step ends at {step_bottom}");
    let (table_top, _, _) = framed.rect(".table-view");
    assert!(table_top < inner_height - 40.0, "{what}: the table starts at {table_top}, below the first screen");
    // Fingers: the buttons a student taps.
    for button in ["#btn-menu", "#lesson-next", "#tab-items", "#btn-tables"] {
        let tall = framed.rect(button).2;
        assert!(tall >= 40.0, "{what}: {button} is {tall} px tall");
    }
    // The menu unfolds the controls, and still nothing scrolls sideways.
    page.click("#btn-menu").await;
    assert!(framed.rect("#btn-lessons").2 >= 40.0, "{what}: the menu shows the lessons button");
    assert!(framed.rect("#btn-share").2 >= 40.0, "{what}: and the scenario buttons");
    page.click("#btn-lessons").await;
    page.click("#btn-workspaces-menu").await;
    assert!(framed.scroll_size().0 <= inner_width, "{what}: an open menu scrolls sideways");
    // The console too.
    page.click("#tab-console").await;
    assert!(framed.scroll_size().0 <= inner_width, "{what}: the console scrolls sideways");
    drop(framed);
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn a_phone_gets_a_one_row_header_and_the_step_first() {
    narrow_screen(390, 844).await;
}

#[wasm_bindgen_test]
async fn a_tablet_gets_a_one_row_header_and_the_step_first() {
    narrow_screen(768, 1024).await;
}

#[wasm_bindgen_test]
async fn the_welcome_card_leads_into_lessons_and_a_sample_table() {
    let page = mount().await;
    let lessons: Vec<String> = page
        .find_all("#welcome .start-lesson")
        .iter()
        .map(|b| b.get_attribute("data-lesson").unwrap_or_default())
        .collect();
    assert_eq!(lessons, ["game-scores", "partition-math", "voting"]);
    // An empty Partitions tab says what to do, with the same buttons.
    page.click("#tab-partitions").await;
    assert!(page.text("#partition-map").contains("No table yet"));
    assert!(page.exists("#partition-map #btn-sample-table"));
    page.click("#tab-items").await;
    // One click: the sample table, made by requests the log shows.
    page.click("#btn-sample-table").await;
    assert_eq!(table_rows(&page), 6);
    assert!(page.text(".table-view").contains("Music"));
    assert!(page.text("#activity-log").contains("CreateTable"));
    // A suggested lesson opens with one click.
    drop(page);
    forget_everything();
    forget_lessons();
    let page = mount().await;
    page.click("#welcome .start-lesson[data-lesson='game-scores']").await;
    for _ in 0..3 {
        settle().await;
    }
    assert_eq!(page.attribute("#lesson-panel", "data-lesson"), "game-scores");
    drop(page);
    forget_everything();
    forget_lessons();
}

/// Japanese on a phone: the gaming lesson's checklist names a long GSI in
/// its verdicts, and the design review's tables hold the longest words;
/// neither scrolls the page sideways.
#[wasm_bindgen_test]
async fn a_phone_in_japanese_never_scrolls_sideways_on_the_console_or_the_review() {
    let framed = open_in_frame("lesson=gaming", 390, 844).await;
    framed.page.choose("#lang-select", "ja").await;
    let page = &framed.page;
    let (inner_width, _) = framed.viewport();
    name_shows_whole(&framed, "in Japanese");
    page.click("#tab-console").await;
    assert!(framed.scroll_size().0 <= inner_width, "the console scrolls sideways: {}", framed.scroll_size().0);
    page.type_text("#review-seconds", "3").await;
    page.click("#review-run").await;
    wait_until("the review", || page.exists("#review-report") && page.exists("#review-run")).await;
    settle().await;
    assert!(framed.scroll_size().0 <= inner_width, "the review scrolls sideways: {}", framed.scroll_size().0);
    drop(framed);
    forget_everything();
    forget_lessons();
}

/// After a few requests a phone still never scrolls sideways: the activity
/// log's ConsumedCapacity breaks, the running totals scroll inside their
/// card, and a history entry's summary keeps a row of its own (German,
/// whose buttons are the widest).
#[wasm_bindgen_test]
async fn a_phone_with_a_history_never_scrolls_sideways() {
    forget_everything();
    let framed = mount_in_frame(390, 844).await;
    let page = &framed.page;
    page.choose("#lang-select", "de").await;
    page.create_table("Orders", ("id", "S"), Some(("ts", "S"))).await;
    page.put(r#"{"id": "a", "ts": "1", "total": 12.5}"#).await;
    page.put(r#"{"id": "a", "ts": "2"}"#).await;
    let (inner_width, _) = framed.viewport();
    assert!(framed.scroll_size().0 <= inner_width, "the items tab scrolls sideways: {}", framed.scroll_size().0);
    page.click("#tab-console").await;
    page.type_text("#c0-pk-value", "a").await;
    page.click("#c0-run").await;
    assert!(page.exists("#history-totals"));
    assert!(framed.scroll_size().0 <= inner_width, "the console scrolls sideways: {}", framed.scroll_size().0);
    let summary = page.find("#history-list > li:first-child .summary").get_bounding_client_rect();
    assert!(summary.width() > inner_width / 2.0, "the summary is squeezed to {} px", summary.width());
    drop(framed);
    forget_everything();
}

/// The exercise panel on a phone and, in presenter mode, on a 1280×720
/// projector: the page never scrolls sideways, Check is on the page and
/// scores the model answer, and on the projector the exercise is a column
/// beside the tabs.
#[wasm_bindgen_test]
async fn the_exercise_panel_checks_on_a_phone_and_on_a_projector() {
    for (width, height, presenter) in [(390, 844, false), (1280, 720, true)] {
        forget_everything();
        forget_lessons();
        ddb_playground::ui::lessons::lesson_nav::set_presenter(presenter);
        ddb_playground::ui::persist::set_fragment("exercise=game-scores");
        let framed = mount_in_frame(width, height).await;
        framed.follow_presenter_mode();
        let page = &framed.page;
        wait_until("the exercise", || page.exists("#exercise-panel[data-exercise='game-scores']")).await;
        page.click("#exercise-show-model").await;
        page.click("#exercise-use-model").await;
        page.click("#exercise-check").await;
        wait_until("the check's score", || page.exists("#exercise-score")).await;
        assert_eq!(page.text("#exercise-score"), "7 of 7", "{width}×{height}");
        let (inner_width, _) = framed.viewport();
        assert!(framed.scroll_size().0 <= inner_width, "{width}×{height} scrolls sideways: {}", framed.scroll_size().0);
        let check = page.find("#exercise-check").get_bounding_client_rect();
        assert!(check.width() > 0.0 && check.left() >= 0.0 && check.right() <= inner_width, "{width}×{height}");
        if presenter {
            let panel = page.find("#exercise-panel").get_bounding_client_rect();
            let tabs = page.find("#main-panel").get_bounding_client_rect();
            assert!(tabs.left() >= panel.right(), "the exercise is beside the tabs, not above them");
        }
        drop(framed);
    }
    forget_everything();
    forget_lessons();
}
