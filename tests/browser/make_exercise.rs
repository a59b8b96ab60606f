//! Making an exercise from a lesson's playground: the form on the
//! lecturer's page, which reads the playground the browser autosaved, the
//! exercise checked against the design it was made from, and the link that
//! carries it, which opens the exercise in the playground's panel (a
//! damaged one says so and changes nothing).

use ddb_playground::engine::exercise::{check, Exercise};
use ddb_playground::scenario::handin;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

use ddb_playground::ui::lecturer::LecturerProps;
use ddb_playground::ui::persist;

use crate::dom::{
    forget_everything, forget_lessons, mount, mount_as_is, mount_lecturer, open_lesson_link, settle, visit_fragment,
    wait_until, Page,
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
async fn an_exercise_link_opens_its_exercise_in_the_panel() {
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
    // Its hand-in carries the document, as the exercise is no built-in.
    page.type_into("#exercise-hand-in-name", "Ada").await;
    page.click("#exercise-hand-in-make").await;
    let hand_in = handin::decode(&page.value("#exercise-hand-in-link")).expect("a hand-in link");
    assert!(matches!(hand_in.exercise, handin::ExerciseRef::Document(_)), "{:?}", hand_in.exercise);
    drop(page);

    // A reload opens it again, its draft kept.
    let page = mount_as_is().await;
    wait_until("the linked exercise again", || page.exists("#exercise-panel")).await;
    assert_eq!(page.find("#exercise-panel").get_attribute("data-exercise").unwrap_or_default(), id);
    // The model answer's tables, copied into the design above, not a fresh `[]`.
    let tables = page.value("#exercise-tables");
    assert!(tables.contains("TableName"), "{tables}");
    drop(page);

    // A damaged link says so, and the playground is as it was.
    let page = mount().await;
    page.create_table("Kept", ("Id", "S"), None).await;
    visit_fragment("exercise1=AAAA-not-deflate").await;
    wait_until("the damaged link's message", || page.exists("#exercise-panel")).await;
    assert!(page.text("#exercise-panel").contains("Invalid exercise link"), "{}", page.text("#exercise-panel"));
    assert!(page.text(".table-list").contains("Kept"));
    drop(page);
    forget_everything();
}
