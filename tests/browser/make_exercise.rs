//! Making an exercise from a lesson's playground: the form on the
//! lecturer's page, which reads the playground the browser autosaved, the
//! exercise checked against the design it was made from, and the link that
//! carries it, which opens the exercise in the playground's panel, where
//! its model answer scores full.

use ddb_playground::engine::exercise::{check, Exercise};
use ddb_playground::scenario::handin;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

use ddb_playground::ui::lecturer::LecturerProps;
use ddb_playground::ui::persist;

use crate::dom::{
    forget_everything, forget_lessons, mount, mount_lecturer, open_lesson_link, settle, visit_fragment, wait_until,
    Page,
};

/// The lecturer's page on the playground a lesson link made: opened in the
/// playground page, autosaved there, then read by the lecturer's page.
async fn lecturer_page_on_lesson(link: &str) -> Page {
    let page = open_lesson_link(link).await;
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    wait_until("the autosave", || storage.get_item(persist::SAVE_KEY).unwrap().is_some()).await;
    // Any autosave still due lands before the playground page goes.
    for _ in 0..20 {
        settle().await;
    }
    drop(page);
    mount_lecturer(LecturerProps::default()).await
}

async fn tick(page: &Page, selector: &str) {
    let input: web_sys::HtmlInputElement = page.find(selector).dyn_into().unwrap();
    input.set_checked(true);
    Page::fire(&input, "change");
    crate::dom::settle().await;
}

#[wasm_bindgen_test]
async fn a_lesson_becomes_an_exercise_its_design_solves() {
    let page = lecturer_page_on_lesson("lesson=relationships").await;
    assert_eq!(
        page.text("#lecturer-playground"),
        "Make an exercise reads the playground saved in this browser: 5 tables. Read the playground again"
    );
    // One type per table, each keyed by its table's key.
    let types = page.find_all(".make-type");
    assert_eq!(types.len(), 5, "the lesson's five tables");
    assert_eq!(page.value(".make-type:nth-child(1) .make-keys"), "DeviceId, epoch");

    // No title: refused, saying so.
    page.click("#make-exercise-button").await;
    assert!(page.text("#make-result").contains("it needs a title"), "{}", page.text("#make-result"));

    page.type_text("#make-title", "Relationships").await;
    page.type_text("#make-statement", "Design tables for users, games, posts and courses.").await;
    tick(&page, "#make-no-scan").await;
    page.click("#make-exercise-button").await;
    let result = page.text("#make-result");
    assert!(result.contains("Made an exercise with 5 entity types and 8 access patterns."), "{result}");
    // Eight patterns and one goal, all met by the design it was made from.
    assert_eq!(page.text("#make-score"), "The current design scores 9 of 9 against it.");
    let link = page.value("#make-link");
    assert!(link.contains("#exercise1="), "{link}");
    let document = handin::decode_exercise(&link).expect("the link carries the exercise");
    let exercise = Exercise::from_json(&document).unwrap();
    let report = check(&exercise, exercise.model_answer.as_ref().unwrap()).unwrap();
    assert_eq!((report.met, report.of), (9, 9));
    drop(page);
    forget_everything();
    forget_lessons();
}

#[wasm_bindgen_test]
async fn a_made_exercise_opens_from_its_link_and_its_model_answer_scores_full() {
    let page = lecturer_page_on_lesson("lesson=relationships").await;
    page.type_text("#make-title", "Relationships").await;
    page.type_text("#make-statement", "Design tables for users, games, posts and courses.").await;
    page.click("#make-exercise-button").await;
    let link = page.value("#make-link");
    let fragment = link.split_once('#').unwrap().1.to_string();
    assert!(fragment.starts_with("exercise1="), "{link}");
    drop(page);
    forget_lessons();

    // A fresh playground opens it as the learner's exercise, with a draft of its own.
    let page = mount().await;
    visit_fragment(&fragment).await;
    wait_until("the linked exercise", || page.exists("#exercise-panel")).await;
    assert_eq!(page.text("#exercise-title"), "Relationships");
    let id = page.find("#exercise-panel").get_attribute("data-exercise").unwrap_or_default();
    assert!(id.starts_with("link-"), "{id}");
    assert_eq!(page.find_all(".exercise-request[data-pattern]").len(), 8);
    // Its model answer, copied into the design, scores full.
    page.click("#exercise-show-model").await;
    page.click("#exercise-use-model").await;
    page.click("#exercise-check").await;
    wait_until("the check's score", || page.exists("#exercise-score")).await;
    assert_eq!(page.text("#exercise-score"), "8 of 8");
    // Its hand-in, reload and a damaged link are the exercise link's own
    // (exercises.rs, with a link made from a document).
    drop(page);
    forget_everything();
}
