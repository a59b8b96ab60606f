//! What a student finds without scrolling: the Console tab's jump links to
//! the access patterns and the design review, and a lesson's news that
//! leaves the screen once a step is under way.

use wasm_bindgen_test::wasm_bindgen_test;

use crate::dom::{forget_everything, forget_lessons, open_lesson_link, settle};

#[wasm_bindgen_test]
async fn the_console_names_the_review_at_its_top_and_brings_it_into_view() {
    let page = open_lesson_link("lesson=voting").await;
    page.click("#tab-console").await;
    let bar = page.find("#main-panel > :first-child");
    assert_eq!(bar.id(), "review-jumps", "the bar is the tab's first thing");
    assert_eq!(page.text("#jump-access-patterns"), "Access patterns (3) ↓");
    let top = || page.find("#design-review").get_bounding_client_rect().top();
    let height = web_sys::window().unwrap().inner_height().unwrap().as_f64().unwrap();
    assert!(top() > height, "the review starts below the first screen");
    page.click("#jump-design-review").await;
    settle().await;
    // On screen: the review is the tab's last part, so the page may end before
    // its top reaches the window's (the test page has no stylesheet, no margin).
    assert!((-1.0..height).contains(&top()), "brought into view: {}", top());
    drop(page);
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn a_lessons_news_leaves_once_a_step_is_under_way() {
    let page = open_lesson_link("lesson=voting").await;
    assert!(page.text("#scenario-notice").contains("Opened the lesson"));
    page.click("#lesson-step-action").await;
    assert!(!page.exists("#scenario-notice"), "the step's action takes the news away");
    drop(page);
    forget_everything();

    let page = open_lesson_link("lesson=voting").await;
    assert!(page.exists("#scenario-notice"));
    page.click("#lesson-next").await;
    assert!(!page.exists("#scenario-notice"), "so does moving to the next step");
    drop(page);
    forget_everything();
    forget_lessons();
}
