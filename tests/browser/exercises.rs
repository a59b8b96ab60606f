//! The exercise panel: a built-in exercise opened from its link, solved by
//! pasting its model answer (full score), a wrong answer flagged with its
//! missing rows, hints one at a time, the model answer's report beside the
//! learner's, the draft kept over a reload, the panel in German and
//! Japanese, an exercise that travels in its link (`#exercise1=`), and a
//! document that does not arrive, named in the page's language.

use serde_json::Value;
use wasm_bindgen_test::wasm_bindgen_test;

use ddb_playground::scenario::handin;

use crate::dom::wait_until;
use crate::dom::{app_props, forget_everything, inline_panels, mount, mount_as_is, mount_with, settle, visit_fragment};
use crate::dom::{Page, EXERCISE_SOURCES};

fn model(id: &str) -> Value {
    let text = EXERCISE_SOURCES.iter().find(|(i, _)| *i == id).unwrap().1;
    serde_json::from_str::<Value>(text).unwrap()["ModelAnswer"].clone()
}

async fn open_exercise(id: &str) -> Page {
    let page = mount().await;
    visit_fragment(&format!("exercise={id}")).await;
    wait_until("the exercise panel", || page.exists(&format!("#exercise-panel[data-exercise='{id}']"))).await;
    page
}

/// Pastes `solution` into the panel's fields, as a learner would.
async fn paste(page: &Page, solution: &Value) {
    page.type_text("#exercise-tables", &solution["Tables"].to_string()).await;
    for (entity, mapping) in solution["Mappings"].as_object().unwrap() {
        page.type_text(&format!(".exercise-mapping[data-entity='{entity}']"), &mapping.to_string()).await;
    }
    for (pattern, request) in solution["Requests"].as_object().unwrap() {
        let operation = request["Operation"].as_str().unwrap();
        page.choose(&format!(".exercise-request-operation[data-pattern='{pattern}']"), operation).await;
        page.type_text(&format!(".exercise-request[data-pattern='{pattern}']"), &request["Request"].to_string()).await;
    }
}

async fn check(page: &Page) {
    page.click("#exercise-check").await;
    wait_until("the check's score", || page.exists("#exercise-score")).await;
    settle().await;
}

#[wasm_bindgen_test]
async fn the_model_answer_pasted_in_scores_full() {
    let page = open_exercise("game-scores").await;
    assert!(page.text("#exercise-title").contains("Top scores per game"));
    assert!(page.text(".exercise-entity[data-entity='Score']").contains("records"));
    paste(&page, &model("game-scores")).await;
    check(&page).await;
    assert_eq!(page.text("#exercise-score"), "7 of 7");
    assert_eq!(page.attribute("#exercise-score", "data-full"), "true");
    assert!(page
        .find_all(".exercise-pattern-result")
        .iter()
        .all(|p| p.get_attribute("data-correct").as_deref() == Some("true")));
    assert!(page
        .find_all(".exercise-goal-result")
        .iter()
        .all(|g| g.get_attribute("data-met").as_deref() == Some("true")));
}

#[wasm_bindgen_test]
async fn a_wrong_answer_is_flagged_with_its_missing_rows() {
    let page = open_exercise("game-scores").await;
    let mut solution = model("game-scores");
    let top = &mut solution["Requests"]["Top scores of a game"]["Request"];
    top["FilterExpression"] = "UserId <> :x".into();
    top["ExpressionAttributeValues"][":x"] = serde_json::json!({"S": "102"});
    paste(&page, &solution).await;
    check(&page).await;
    assert_eq!(page.attribute("#exercise-score", "data-full"), "false");
    let wrong = page.text(".exercise-pattern-result[data-pattern='Top scores of a game']");
    assert!(wrong.starts_with('✗'), "{wrong}");
    assert!(wrong.contains("Missing: Score {") && wrong.contains("\"UserId\":\"102\""), "{wrong}");
    let right = page.attribute(".exercise-pattern-result[data-pattern='Scores of a player']", "data-correct");
    assert_eq!(right, "true");
}

#[wasm_bindgen_test]
async fn a_field_that_is_not_json_is_named_and_kept() {
    let page = open_exercise("game-scores").await;
    page.type_text("#exercise-tables", "[{\"TableName\": ").await;
    page.click("#exercise-check").await;
    assert!(page.text("#exercise-result").contains("Tables is not JSON"), "{}", page.text("#exercise-result"));
    let preview = ".exercise-mapping[data-entity='Score']";
    page.type_text(preview, "{\"TableName\": \"T\", \"Attributes\": {\"PK\": {\"S\": \"SCORE#{nope}\"}}}").await;
    // A reload opens the exercise again with everything as typed.
    drop(page);
    let page = mount_as_is().await;
    wait_until("the exercise panel again", || page.exists("#exercise-panel[data-exercise='game-scores']")).await;
    assert_eq!(page.value("#exercise-tables"), "[{\"TableName\": ");
    assert!(page.value(preview).contains("SCORE#{nope}"));
}

#[wasm_bindgen_test]
async fn the_mapping_previews_its_items() {
    let page = open_exercise("game-scores").await;
    let field = ".exercise-mapping[data-entity='Score']";
    page.type_text(field, "{\"TableName\": \"GameScores\", \"Attributes\": {\"PK\": {\"S\": \"USER#{UserId}\"}}}")
        .await;
    assert!(
        page.text(".exercise-preview").contains("\"PK\":{\"S\":\"USER#101\"}"),
        "{}",
        page.text(".exercise-preview")
    );
    page.type_text(field, "{\"TableName\": 7}").await;
    assert!(page.exists(".exercise-preview-error"));
}

#[wasm_bindgen_test]
async fn hints_come_one_at_a_time() {
    let page = open_exercise("game-scores").await;
    assert!(!page.exists("#exercise-hints"));
    page.click("#exercise-hint").await;
    assert_eq!(page.find_all("#exercise-hints > li").len(), 1);
    assert!(page.text("#exercise-hints").starts_with("Hint 1 of 3"));
    page.click("#exercise-hint").await;
    page.click("#exercise-hint").await;
    assert_eq!(page.find_all("#exercise-hints > li").len(), 3);
    assert!(!page.exists("#exercise-hint"), "no hint is left to show");
}

#[wasm_bindgen_test]
async fn the_model_answer_stands_beside_the_learners_design() {
    let page = open_exercise("game-scores").await;
    let mut solution = model("game-scores");
    solution["Requests"]["Top scores of a game"] =
        serde_json::json!({"Operation": "Scan", "Request": {"TableName": "GameScores"}});
    paste(&page, &solution).await;
    check(&page).await;
    page.click("#exercise-show-model").await;
    wait_until("the model answer's score", || page.exists("#exercise-model-score")).await;
    settle().await;
    assert_eq!(page.text("#exercise-model-score"), "7 of 7");
    let versus = page.text("#exercise-versus");
    assert!(versus.contains("Your design vs the model answer"), "{versus}");
    assert!(versus.contains("Top scores of a game"), "{versus}");
    // "Copy it into my design" puts the model answer in the fields.
    page.click("#exercise-use-model").await;
    assert!(page.value("#exercise-tables").contains("GameTitleIndex"));
    check(&page).await;
    assert_eq!(page.text("#exercise-score"), "7 of 7");
}

#[wasm_bindgen_test]
async fn the_panel_speaks_german_and_japanese() {
    let page = open_exercise("voting").await;
    page.choose("#lang-select", "de").await;
    assert_eq!(page.text("#btn-exercises"), "Übungen");
    assert_eq!(page.text("#exercise-check"), "Prüfen");
    assert!(page.text("#exercise-title").contains("Stimmen pro Sekunde"));
    page.choose("#lang-select", "ja").await;
    assert_eq!(page.text("#btn-exercises"), "演習");
    assert_eq!(page.text("#exercise-check"), "チェック");
    assert!(page.text("#exercise-title").contains("スロットリングなし"));
    page.choose("#lang-select", "en").await;
}

#[wasm_bindgen_test]
async fn a_document_that_does_not_arrive_is_named_in_the_pages_language() {
    // A page handed no documents fetches them, and the test server has no
    // `exercises/` folder: the answer is a 404.
    forget_everything();
    let panels = inline_panels(Default::default());
    let page = mount_with(ddb_playground::ui::AppProps { panels, ..app_props() }).await;
    page.create_table("Kept", ("Id", "S"), None).await;
    visit_fragment("exercise=voting").await;
    wait_until("the failure", || page.exists("#exercise-panel .error-text")).await;
    assert_eq!(page.text("#exercise-panel .error-text"), "voting: The exercise could not be loaded: HTTP 404");
    page.choose("#lang-select", "de").await;
    assert_eq!(page.text("#exercise-panel .error-text"), "voting: Die Übung konnte nicht geladen werden: HTTP 404");
    page.choose("#lang-select", "en").await;
    assert!(page.text(".table-list").contains("Kept"));
}

#[wasm_bindgen_test]
async fn the_menu_lists_every_exercise_and_opens_one() {
    let page = mount().await;
    assert!(!page.exists("#exercise-root[data-mounted]"));
    page.click("#btn-exercises").await;
    // Opening the menu starts the panel's module on its way, and says nothing yet.
    assert!(page.exists("#exercise-root[data-mounted]"));
    assert!(!page.exists("#exercise-loading") && !page.exists("#exercise-panel"));
    assert_eq!(page.find_all("#exercise-list [data-exercise]").len(), 6);
    page.click("#exercise-list [data-exercise='inbox']").await;
    wait_until("the inbox exercise", || page.exists("#exercise-panel[data-exercise='inbox']")).await;
    // The menu marks the exercise the panel shows (the panel's module says which).
    page.click("#btn-exercises").await;
    assert!(page.exists("#exercise-list [data-exercise='inbox'].selected"));
    page.click("#btn-exercises").await;
    page.click("#exercise-close").await;
    assert!(!page.exists("#exercise-panel"));
    page.click("#btn-exercises").await;
    assert!(!page.exists("#exercise-list .selected"));
}

#[wasm_bindgen_test]
async fn the_playgrounds_tables_are_copied_into_the_design_on_request() {
    let page = mount().await;
    page.create_table("Kept", ("Id", "S"), None).await;
    visit_fragment("exercise=game-scores").await;
    wait_until("the exercise panel", || page.exists("#exercise-use-tables")).await;
    page.click("#exercise-use-tables").await;
    let tables: Value = serde_json::from_str(&page.value("#exercise-tables")).expect("the tables as JSON");
    assert_eq!(tables[0]["TableName"], "Kept");
    assert_eq!(tables[0]["KeySchema"][0]["AttributeName"], "Id");
    // Copying changes nothing in the playground.
    assert!(page.text(".table-list").contains("Kept"));
}

#[wasm_bindgen_test]
async fn an_exercise_module_that_does_not_arrive_is_named_and_the_playground_kept() {
    // Handed no inline panel, the page loads the module's script, which the
    // test server does not have: the script fails to load.
    forget_everything();
    let page = mount_with(ddb_playground::ui::AppProps { panels: Default::default(), ..app_props() }).await;
    page.create_table("Kept", ("Id", "S"), None).await;
    page.click("#btn-exercises").await;
    // The module is on its way (and fails) before anything is asked: nothing is said yet.
    settle().await;
    assert!(!page.exists("#exercise-loading"));
    page.click("#exercise-list [data-exercise='inbox']").await;
    wait_until("the failure", || page.exists("#exercise-loading .error-text")).await;
    assert_eq!(
        page.text("#exercise-loading .error-text"),
        "The exercise could not be loaded: the network request failed"
    );
    page.choose("#lang-select", "ja").await;
    assert!(page.text("#exercise-loading .error-text").contains("演習"), "{}", page.text("#exercise-loading"));
    page.choose("#lang-select", "en").await;
    page.click("#exercise-close").await;
    assert!(!page.exists("#exercise-loading"));
    assert!(page.text(".table-list").contains("Kept"));
    // Asked again, it tries again (and fails again here).
    visit_fragment("exercise=inbox").await;
    wait_until("the second failure", || page.exists("#exercise-loading .error-text")).await;
}

#[wasm_bindgen_test]
async fn a_hand_in_link_opens_the_checked_solution_beside_the_model_answer() {
    let page = open_exercise("game-scores").await;
    paste(&page, &model("game-scores")).await;
    page.type_into("#exercise-hand-in-name", "Ada").await;
    page.click("#exercise-hand-in-make").await;
    let link = page.value("#exercise-hand-in-link");
    let fragment = link.split_once('#').unwrap().1.to_string();
    assert!(fragment.starts_with("handin1="), "{link}");
    drop(page);

    // The lecturer opens it in a fresh playground: read-only, checked at once.
    let page = mount().await;
    visit_fragment(&fragment).await;
    wait_until("the hand-in", || page.exists("#exercise-hand-in-of")).await;
    assert_eq!(page.text("#exercise-hand-in-of"), "Hand-in of Ada");
    wait_until("both checks", || page.exists("#exercise-score") && page.exists("#exercise-model-score")).await;
    settle().await;
    assert_eq!(page.text("#exercise-score"), "7 of 7");
    assert_eq!(page.text("#exercise-model-score"), "7 of 7");
    assert!(page.exists("#exercise-versus"));
    assert!(page.find("#exercise-tables").has_attribute("readonly"));
    drop(page);

    // A damaged link says so, and the playground is as it was.
    let page = mount().await;
    page.create_table("Kept", ("Id", "S"), None).await;
    visit_fragment("handin1=AAAA-not-deflate").await;
    wait_until("the damaged link's message", || page.exists("#exercise-panel")).await;
    assert!(page.text("#exercise-panel").contains("Invalid hand-in link"), "{}", page.text("#exercise-panel"));
    assert!(page.text(".table-list").contains("Kept"));
}

#[wasm_bindgen_test]
async fn an_exercise_link_opens_its_exercise_in_the_panel() {
    // An exercise that is no built-in: game-scores under another title, in its link.
    let text = EXERCISE_SOURCES.iter().find(|(i, _)| *i == "game-scores").unwrap().1;
    let mut document: Value = serde_json::from_str(text).unwrap();
    document["Title"] = Value::from("Scores, linked");
    let fragment = handin::encode_exercise(&document);
    assert!(fragment.starts_with("exercise1="), "{fragment}");

    // A fresh playground opens it as the learner's exercise, with a draft of its own.
    let page = mount().await;
    visit_fragment(&fragment).await;
    wait_until("the linked exercise", || page.exists("#exercise-panel")).await;
    assert_eq!(page.text("#exercise-title"), "Scores, linked");
    let id = page.find("#exercise-panel").get_attribute("data-exercise").unwrap_or_default();
    assert!(id.starts_with("link-"), "{id}");
    // Its model answer, copied into the design, scores full.
    page.click("#exercise-show-model").await;
    page.click("#exercise-use-model").await;
    check(&page).await;
    assert_eq!(page.text("#exercise-score"), "7 of 7");
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
