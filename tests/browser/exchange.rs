//! Import and export: NoSQL Workbench models, CloudFormation and the AWS CLI script.

use crate::dom::*;
use ddb_playground::ui::persist;
use std::time::Duration;
use wasm_bindgen_test::*;

// ---- import/export ----

const MUSIC_MODEL: &str = include_str!("../fixtures/workbench/music-3.0.json");

#[wasm_bindgen_test]
async fn export_menu_writes_workbench_cloudformation_and_cli_files() {
    let page = music_with_two_songs().await;
    let labels: Vec<String> =
        page.find_all(".export-menu-item").iter().map(|b| b.text_content().unwrap_or_default()).collect();
    assert_eq!(
        labels,
        [
            "Scenario file",
            "NoSQL Workbench model",
            "NoSQL Workbench model (1.0)",
            "CloudFormation template",
            "AWS CLI script",
            "To a DynamoDB endpoint…"
        ]
    );
    // The last entry opens the connect page, in a new tab.
    assert_eq!(page.attribute("#link-connect", "href"), "connect.html");
    assert_eq!(page.attribute("#link-connect", "target"), "_blank");

    // NoSQL Workbench 3.0: a model that reads back to the same items.
    let (text, media_type) = export_as(&page, "#btn-export-workbench").await;
    assert_eq!(media_type, "application/json");
    let notice = page.text("#scenario-notice .notice-text");
    assert!(notice.starts_with("Exported ddb-playground-20") && notice.ends_with("-workbench.json."), "{notice}");
    let model: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(model["ModelMetadata"]["Version"], "3.0");
    assert_eq!(model["DataModel"][0]["TableName"], "Music");
    assert_eq!(model["DataModel"][0]["TableData"].as_array().unwrap().len(), 2);
    let back = ddb_playground::scenario::workbench::import(&model).expect("reads back");
    let mut engine = back.scenario.engine;
    let scan = engine.execute("Scan", &serde_json::json!({"TableName": "Music", "Select": "COUNT"})).unwrap();
    assert_eq!(scan["Count"], 2);

    // 1.0: no billing members.
    let (text, _) = export_as(&page, "#btn-export-workbench-1").await;
    let model: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(model["ModelMetadata"]["Version"], "1.0");
    assert!(model["DataModel"][0].get("BillingMode").is_none());

    // CloudFormation: the table without its items, and a word about them.
    let (text, _) = export_as(&page, "#btn-export-cloudformation").await;
    let template: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(template["Resources"]["MusicTable"]["Type"], "AWS::DynamoDB::Table");
    assert!(page.text("#scenario-notice .notice-text").ends_with("-cloudformation.json. Not in the file:"));
    assert_eq!(
        notice_details(&page),
        ["Table Music: its 2 item(s) are not part of the template (CloudFormation creates empty tables); the AWS CLI \
          script writes them."]
    );

    // The AWS CLI script.
    let (text, media_type) = export_as(&page, "#btn-export-cli").await;
    assert_eq!(media_type, "text/x-shellscript");
    assert!(text.starts_with("#!/usr/bin/env bash\n") && text.contains("ddb create-table"), "{text}");
    assert!(text.contains("write_batch '{\"Music\":[{\"PutRequest\""), "{text}");
    assert!(page.text("#scenario-notice .notice-text").ends_with(".sh."));
    assert!(notice_details(&page).is_empty());

    // The scenario file is still the first entry.
    let (text, _) = export_as(&page, "#btn-export").await;
    assert!(persist::scenario_from_text(&text).is_ok());
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn import_reads_a_workbench_model_says_what_it_kept_and_exports_it_back() {
    let page = mount().await;
    page.create_table("Other", ("id", "S"), None).await;
    choose_file(&page, "music-3.0.json", MUSIC_MODEL).await;
    assert!(!page.exists("#scenario-notice.error"), "{}", page.text("#scenario-notice"));
    assert_eq!(
        page.text("#scenario-notice .notice-text"),
        "Imported music-3.0.json (NoSQL Workbench model \"Music Library\"): 2 table(s), 7 item(s)."
    );
    assert_eq!(
        notice_details(&page),
        [
            "Table Music: kept for the export, not simulated: 2 facet(s), DataAccess, SampleDataFormats, the auto \
             scaling settings (the playground does not scale capacity).",
            "Table Orders: kept for the export, not simulated: DataAccess.",
        ]
    );
    assert!(page.text(".table-entry.selected").contains("Music"));
    assert!(!page.text(".table-list").contains("Other"), "the import replaced the playground");
    assert_eq!(page.grid_rows().len(), 4);

    // Exported again, the model is the one imported: facets and all.
    let original: serde_json::Value = serde_json::from_str(MUSIC_MODEL).unwrap();
    let (text, _) = export_as(&page, "#btn-export-workbench").await;
    assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), original);

    // The kept model survives a reload (autosave) and a share link.
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    drop(page);
    let page = mount_as_is().await;
    assert_eq!(page.grid_rows().len(), 4);
    let (text, _) = export_as(&page, "#btn-export-workbench").await;
    assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), original);
    page.click("#btn-share").await;
    let linked = ddb_playground::scenario::link::decode(&location_hash()).expect("the link decodes");
    assert!(linked.workbench.is_some());
    persist::set_fragment("");
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn a_broken_workbench_model_changes_nothing() {
    let page = music_with_two_songs().await;
    let mut model: serde_json::Value = serde_json::from_str(MUSIC_MODEL).unwrap();
    model["DataModel"][1]["TableData"][2]["OrderNumber"] = serde_json::json!({"S": "one"});
    choose_file(&page, "orders.json", &model.to_string()).await;
    let notice = page.text("#scenario-notice");
    assert!(page.exists("#scenario-notice.error"), "{notice}");
    assert!(
        notice.contains(
            "orders.json: Invalid NoSQL Workbench model: DataModel[1] (table \"Orders\").TableData[2]: \
             ValidationException: One or more parameter values were invalid: Type mismatch for key OrderNumber \
             expected: N actual: S"
        ) && notice.contains("Nothing was changed"),
        "{notice}"
    );
    assert!(page.text(".table-entry.selected").contains("Music"));
    assert_eq!(page.grid_rows().len(), 2, "the current work stays");
    // A CloudFormation template is recognised and refused.
    choose_file(&page, "stack.json", r#"{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {}}"#).await;
    assert!(page.text("#scenario-notice").contains("this is a CloudFormation template"));
    assert_eq!(page.grid_rows().len(), 2);
    drop(page);
    forget_everything();
}

/// The create-table form's warm throughput and on-demand maximum, the
/// table's and a GSI's own, reach the engine (an on-demand table with both)
/// and leave in the CloudFormation template; a provisioned table's form
/// offers no maximum.
#[wasm_bindgen_test]
async fn the_form_sets_warm_throughput_and_an_on_demand_maximum_and_the_template_keeps_them() {
    let page = mount().await;
    page.type_into("#ct-name", "Warm").await;
    page.type_into("#ct-pk", "id").await;
    page.click("#ct-throughput summary").await;
    assert!(!page.exists("#ct-max-reads"), "provisioned: no on-demand maximum");
    let on_demand: web_sys::HtmlInputElement = wasm_bindgen::JsCast::dyn_into(page.find("#ct-on-demand")).unwrap();
    on_demand.set_checked(true);
    Page::fire(&on_demand, "change");
    settle().await;
    page.type_into("#ct-warm-writes", "20000").await;
    page.type_into("#ct-max-reads", "500").await;
    // A GSI's own warm throughput and maximum, in its fields.
    page.click("#ct-add-gsi").await;
    page.type_into("#ct-gsi-0-name", "ByKind").await;
    page.type_into("#ct-gsi-0-pk", "kind").await;
    page.click("#ct-gsi-0-throughput summary").await;
    page.type_into("#ct-gsi-0-warm-reads", "15000").await;
    page.type_into("#ct-gsi-0-max-writes", "300").await;
    page.click("#ct-submit").await;
    assert!(page.text("#ct-outcome").contains("CreateTable Warm → created"), "{}", page.text("#ct-outcome"));
    let (text, _) = export_as(&page, "#btn-export-cloudformation").await;
    let template: serde_json::Value = serde_json::from_str(&text).unwrap();
    let properties = &template["Resources"]["WarmTable"]["Properties"];
    assert_eq!(properties["BillingMode"], "PAY_PER_REQUEST");
    assert_eq!(properties["OnDemandThroughput"], serde_json::json!({"MaxReadRequestUnits": 500}));
    assert_eq!(
        properties["WarmThroughput"],
        serde_json::json!({"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 20000})
    );
    let index = &properties["GlobalSecondaryIndexes"][0];
    assert_eq!(index["IndexName"], "ByKind");
    assert_eq!(index["OnDemandThroughput"], serde_json::json!({"MaxWriteRequestUnits": 300}));
    assert_eq!(index["WarmThroughput"], serde_json::json!({"ReadUnitsPerSecond": 15000, "WriteUnitsPerSecond": 4000}));
}

#[wasm_bindgen_test]
async fn a_conversion_whose_code_does_not_arrive_is_named_and_changes_nothing() {
    // Handed no inline panels, the page loads the panels' script for the
    // formats it writes and reads there, which the test server does not
    // have: the script fails to load.
    forget_everything();
    let page = mount_with(ddb_playground::ui::AppProps { panels: Default::default(), ..app_props() }).await;
    page.create_table("Kept", ("Id", "S"), None).await;
    page.put(r#"{"Id": "a"}"#).await;
    capture_next_download();
    page.click("#btn-export-menu").await;
    page.click("#btn-export-workbench").await;
    wait_until("the failure", || page.exists("#scenario-notice.error")).await;
    assert_eq!(
        page.text("#scenario-notice .notice-text"),
        "Export failed: the code that writes this format could not be loaded (the network request failed)."
    );
    let window = web_sys::window().unwrap();
    assert!(js_sys::Reflect::get(&window, &"__ddbDownload".into()).unwrap().is_null(), "no file is offered");
    assert!(!page.exists("[data-panel='exchange']"), "the ask's root is gone");

    // The scenario file is the page's own: written without the module.
    let (text, _) = export_as(&page, "#btn-export").await;
    assert!(text.contains("ddb-playground-scenario"));

    // A model to import is not read, and the playground is kept.
    choose_file(&page, "music-3.0.json", MUSIC_MODEL).await;
    wait_until("the import's failure", || page.text("#scenario-notice .notice-text").contains("music-3.0.json")).await;
    assert!(page.exists("#scenario-notice.error"));
    assert_eq!(
        page.text("#scenario-notice .notice-text"),
        "music-3.0.json could not be imported: the code that reads NoSQL Workbench models could not be loaded (the \
         network request failed). Nothing was changed: the playground is as it was."
    );
    page.choose("#lang-select", "de").await;
    assert!(
        page.text("#scenario-notice .notice-text").starts_with("music-3.0.json konnte nicht importiert werden"),
        "{}",
        page.text("#scenario-notice .notice-text")
    );
    page.choose("#lang-select", "en").await;
    assert!(page.text(".table-list").contains("Kept"));
    assert_eq!(page.grid_rows().len(), 1);
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn a_module_that_never_answers_is_not_waited_for() {
    // Panels that mount nothing stand for a cached module older than the
    // page, which knows no conversions: loaded, it never answers.
    forget_everything();
    let silent = ddb_playground::ui::panels::host::Panels::Inline(yew::Callback::from(|_| {}));
    let page = mount_with(ddb_playground::ui::AppProps { panels: silent, ..app_props() }).await;
    page.create_table("Kept", ("Id", "S"), None).await;
    page.click("#btn-export-menu").await;
    page.click("#btn-export-cli").await;
    assert_eq!(page.text("#scenario-notice .notice-text"), "Preparing the export: loading the code that writes it …");
    wait_until("the ask to end", || page.exists("#scenario-notice.error")).await;
    assert_eq!(
        page.text("#scenario-notice .notice-text"),
        "Export failed: the code that writes this format could not be loaded (no response)."
    );
    assert!(!page.exists("[data-panel='exchange']"), "the ask's root is gone");
    assert!(page.text(".table-list").contains("Kept"));
    drop(page);
    forget_everything();
}
