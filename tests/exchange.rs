//! Import and export: NoSQL Workbench models both ways, CloudFormation
//! templates and AWS CLI scripts (`src/scenario/exchange.rs` and its
//! neighbours). The fixtures are in `tests/fixtures/workbench/`; the CLI
//! script is also run for real against `ddb-local` by
//! `tests/endpoint/test_exchange.py`.

use ddb_playground::engine::Engine;
use ddb_playground::scenario::exchange::{self, ExportFormat};
use ddb_playground::scenario::workbench::{self, ModelVersion};
use ddb_playground::scenario::{cli_script, cloudformation, link, Scenario, Warning};
use serde_json::{json, Value};

fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/workbench/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("fixture is JSON")
}

fn import(model: &Value) -> (Scenario, Vec<String>) {
    let imported = workbench::import(model).unwrap_or_else(|e| panic!("import failed: {e}"));
    (imported.scenario, texts(&imported.warnings))
}

/// Warnings in English, as `ddb-local --export` prints them.
fn texts(warnings: &[Warning]) -> Vec<String> {
    warnings.iter().map(ToString::to_string).collect()
}

fn import_error(model: &Value) -> String {
    match workbench::import(model) {
        Ok(_) => panic!("imported a broken model"),
        Err(e) => e.to_string(),
    }
}

fn run(engine: &mut Engine, operation: &str, request: Value) -> Value {
    engine.execute(operation, &request).unwrap_or_else(|e| panic!("{operation}: {e}"))
}

fn scan(engine: &mut Engine, table: &str) -> Vec<Value> {
    let answer = run(engine, "Scan", json!({"TableName": table}));
    answer["Items"].as_array().cloned().unwrap_or_default()
}

// ---- NoSQL Workbench: round trips ----

#[test]
fn a_3_0_model_round_trips() {
    let model = fixture("music-3.0.json");
    let (scenario, _) = import(&model);
    let exported = workbench::export(&scenario, ModelVersion::V3);
    assert_eq!(exported.model, model);
    assert!(exported.warnings.is_empty(), "{:?}", exported.warnings);
    // Also through the scenario document, a share link and the file text.
    let back = Scenario::from_json(scenario.to_json()).expect("scenario reads back");
    assert_eq!(workbench::export(&back, ModelVersion::V3).model, model);
    let linked = link::decode(&link::encode(&scenario)).expect("link decodes");
    assert_eq!(workbench::export(&linked, ModelVersion::V3).model, model);
    let file = exchange::export(&scenario, ExportFormat::Workbench(ModelVersion::V3));
    let reread: Value = serde_json::from_str(&file.text).expect("JSON");
    assert_eq!(reread, model);
}

#[test]
fn a_1_0_model_round_trips() {
    let model = fixture("online-shop-1.0.json");
    let (scenario, _) = import(&model);
    let exported = workbench::export(&scenario, ModelVersion::V1);
    assert_eq!(exported.model, model);
    assert!(exported.warnings.is_empty(), "{:?}", exported.warnings);
}

#[test]
fn an_import_builds_tables_indexes_and_items_through_the_engine() {
    let (scenario, warnings) = import(&fixture("music-3.0.json"));
    let mut engine = scenario.engine;
    assert_eq!(scenario.view, json!({"table": "Music"}));
    let music = run(&mut engine, "DescribeTable", json!({"TableName": "Music"}))["Table"].clone();
    assert_eq!(music["ItemCount"], 4);
    assert_eq!(music["ProvisionedThroughput"]["ReadCapacityUnits"], 5);
    assert_eq!(music["ProvisionedThroughput"]["WriteCapacityUnits"], 5);
    // The GSI of a provisioned table gets the table's capacity.
    let gsi = &music["GlobalSecondaryIndexes"][0];
    assert_eq!(gsi["IndexName"], "GenreYearIndex");
    assert_eq!(gsi["ProvisionedThroughput"]["WriteCapacityUnits"], 5);
    assert_eq!(gsi["Projection"], json!({"ProjectionType": "INCLUDE", "NonKeyAttributes": ["AlbumTitle"]}));
    // The index is complete at once (built from the items, not pending).
    let rock = run(
        &mut engine,
        "Query",
        json!({"TableName": "Music", "IndexName": "GenreYearIndex", "KeyConditionExpression": "Genre = :g",
               "ExpressionAttributeValues": {":g": {"S": "Rock"}}}),
    );
    assert_eq!(rock["Count"], 2);
    assert_eq!(rock["Items"][0]["AlbumTitle"], json!({"S": "Songs About Life"}));
    let orders = run(&mut engine, "DescribeTable", json!({"TableName": "Orders"}))["Table"].clone();
    assert_eq!(orders["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST");
    assert_eq!(scan(&mut engine, "Orders").len(), 3);
    // Throughput is enforced again after the import.
    assert!(engine.settings().enforce_throughput);
    assert_eq!(
        warnings,
        vec![
            "Table Music: kept for the export, not simulated: 2 facet(s), DataAccess, SampleDataFormats, the auto \
             scaling settings (the playground does not scale capacity)."
                .to_string(),
            "Table Orders: kept for the export, not simulated: DataAccess.".to_string(),
        ]
    );
}

#[test]
fn a_1_0_model_without_billing_is_on_demand_and_its_facet_items_load() {
    let (scenario, warnings) = import(&fixture("online-shop-1.0.json"));
    let mut engine = scenario.engine;
    let table = run(&mut engine, "DescribeTable", json!({"TableName": "OnlineShop"}))["Table"].clone();
    assert_eq!(table["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST");
    assert_eq!(table["ItemCount"], 4);
    let orders = run(
        &mut engine,
        "Query",
        json!({"TableName": "OnlineShop", "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :c",
               "ExpressionAttributeValues": {":c": {"S": "c#12345"}}}),
    );
    assert_eq!(orders["Count"], 2);
    assert_eq!(
        warnings,
        vec!["Table OnlineShop: kept for the export, not simulated: 2 facet(s), DataAccess.".to_string()]
    );
}

#[test]
fn changes_made_in_the_playground_are_exported_in_place() {
    let model = fixture("online-shop-1.0.json");
    let (mut scenario, _) = import(&model);
    let engine = &mut scenario.engine;
    // Change an item of the "customer" facet, delete one of the "order"
    // facet, add a new item with a new attribute, add a table.
    run(
        engine,
        "UpdateItem",
        json!({"TableName": "OnlineShop", "Key": {"PK": {"S": "c#23456"}, "SK": {"S": "c#23456"}},
               "UpdateExpression": "SET #n = :n", "ExpressionAttributeNames": {"#n": "Name"},
               "ExpressionAttributeValues": {":n": {"S": "Kim Lee"}}}),
    );
    run(
        engine,
        "DeleteItem",
        json!({"TableName": "OnlineShop", "Key": {"PK": {"S": "o#1002"}, "SK": {"S": "c#12345"}}}),
    );
    let new_item = json!({"PK": {"S": "p#1"}, "SK": {"S": "p#1"}, "EntityType": {"S": "product"}, "Stock": {"N": "3"}});
    run(engine, "PutItem", json!({"TableName": "OnlineShop", "Item": new_item}));
    run(
        engine,
        "CreateTable",
        json!({"TableName": "Audit", "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
               "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"}),
    );
    run(engine, "PutItem", json!({"TableName": "Audit", "Item": {"id": {"S": "a1"}, "at": {"N": "1"}}}));

    let exported = workbench::export(&scenario, ModelVersion::V1).model;
    let shop = &exported["DataModel"][0];
    let customers = &shop["TableFacets"][0]["TableData"];
    assert_eq!(customers[1]["Name"], json!({"S": "Kim Lee"}));
    let orders = shop["TableFacets"][1]["TableData"].as_array().expect("list");
    assert_eq!(orders.len(), 1, "the deleted order is gone");
    // The new item goes to the table's own TableData, its attribute to NonKeyAttributes.
    assert_eq!(shop["TableData"], json!([new_item]));
    let attributes = shop["NonKeyAttributes"].as_array().expect("list");
    assert_eq!(attributes.len(), 7);
    assert_eq!(attributes[6], json!({"AttributeName": "Stock", "AttributeType": "N"}));
    // Everything else of the table is as it was.
    for member in ["KeyAttributes", "GlobalSecondaryIndexes", "DataAccess"] {
        assert_eq!(shop[member], model["DataModel"][0][member], "{member}");
    }
    assert_eq!(
        shop["TableFacets"][0]["KeyAttributeAlias"],
        model["DataModel"][0]["TableFacets"][0]["KeyAttributeAlias"]
    );
    // The new table is appended in the 1.0 shape: no billing members.
    let audit = &exported["DataModel"][1];
    assert_eq!(
        *audit,
        json!({"TableName": "Audit",
               "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "S"}},
               "NonKeyAttributes": [{"AttributeName": "at", "AttributeType": "N"}],
               "TableFacets": [], "GlobalSecondaryIndexes": [],
               "TableData": [{"id": {"S": "a1"}, "at": {"N": "1"}}],
               "DataAccess": {"MySql": {}}})
    );
    assert_eq!(exported["ModelMetadata"], model["ModelMetadata"]);
}

#[test]
fn a_changed_schema_is_written_from_the_engine_and_keeps_auto_scaling() {
    let model = fixture("music-3.0.json");
    let (mut scenario, _) = import(&model);
    run(
        &mut scenario.engine,
        "UpdateTable",
        json!({"TableName": "Music", "ProvisionedThroughput": {"ReadCapacityUnits": 10, "WriteCapacityUnits": 5}}),
    );
    let exported = workbench::export(&scenario, ModelVersion::V3);
    let music = &exported.model["DataModel"][0];
    let settings = &music["ProvisionedCapacitySettings"];
    assert_eq!(settings["ProvisionedThroughput"], json!({"ReadCapacityUnits": 10, "WriteCapacityUnits": 5}));
    assert_eq!(settings["AutoScalingRead"], model["DataModel"][0]["ProvisionedCapacitySettings"]["AutoScalingRead"]);
    assert_eq!(music["GlobalSecondaryIndexes"], model["DataModel"][0]["GlobalSecondaryIndexes"]);
    // The index kept its 5/5 while the table went to 10/5: a model cannot say so.
    assert_eq!(
        texts(&exported.warnings),
        vec![
            "Table Music: a Workbench model cannot hold the own capacity of index GenreYearIndex (a model gives GSIs \
              the table's); not exported."
                .to_string()
        ]
    );
    // On demand: the capacity settings go, with a word.
    run(&mut scenario.engine, "UpdateTable", json!({"TableName": "Music", "BillingMode": "PAY_PER_REQUEST"}));
    let exported = workbench::export(&scenario, ModelVersion::V3);
    let music = &exported.model["DataModel"][0];
    assert_eq!(music["BillingMode"], "PAY_PER_REQUEST");
    assert!(music.get("ProvisionedCapacitySettings").is_none());
    assert!(exported.warnings[0].to_string().contains("on demand now"), "{:?}", exported.warnings);
}

#[test]
fn unknown_members_are_kept_and_reported() {
    let mut model = fixture("music-3.0.json");
    model["Comments"] = json!("kept");
    model["DataModel"][1]["AccessPatterns"] = json!([{"Name": "orders of a customer"}]);
    model["DataModel"][1]["GlobalSecondaryIndexes"][0]["Note"] = json!(1);
    let (scenario, warnings) = import(&model);
    assert!(warnings.contains(&"Kept for the export, not used: the model's \"Comments\".".to_string()), "{warnings:?}");
    assert!(
        warnings.contains(
            &"Table Orders: kept for the export, not simulated: DataAccess, \"AccessPatterns\", \"Note\" of index ByStatus."
                .to_string()
        ),
        "{warnings:?}"
    );
    assert_eq!(workbench::export(&scenario, ModelVersion::V3).model, model);
}

#[test]
fn numbers_come_back_in_dynamodb_spelling_and_the_import_says_so() {
    let mut model = fixture("online-shop-1.0.json");
    model["DataModel"][0]["TableFacets"][1]["TableData"][1]["Amount"] = json!({"N": "35.50"});
    let (scenario, warnings) = import(&model);
    assert!(
        warnings.contains(
            &"Table OnlineShop: 1 of 4 items are stored as DynamoDB stores them (numbers in their shortest form, e.g. \
              0.50 as 0.5; sets in sorted order); an export writes that form."
                .to_string()
        ),
        "{warnings:?}"
    );
    let exported = workbench::export(&scenario, ModelVersion::V1).model;
    assert_eq!(exported["DataModel"][0]["TableFacets"][1]["TableData"][1]["Amount"], json!({"N": "35.5"}));
}

#[test]
fn an_item_in_the_table_and_in_a_facet_is_one_item_in_both_places() {
    let mut model = fixture("online-shop-1.0.json");
    let customer = model["DataModel"][0]["TableFacets"][0]["TableData"][0].clone();
    model["DataModel"][0]["TableData"] = json!([customer]);
    let (mut scenario, _) = import(&model);
    assert_eq!(scan(&mut scenario.engine, "OnlineShop").len(), 4);
    assert_eq!(workbench::export(&scenario, ModelVersion::V1).model, model);
}

#[test]
fn attribute_types_other_than_declared_are_reported() {
    let mut model = fixture("online-shop-1.0.json");
    model["DataModel"][0]["TableFacets"][1]["TableData"][0]["Amount"] = json!({"S": "400"});
    let (_, warnings) = import(&model);
    assert!(
        warnings.contains(
            &"Table OnlineShop: 1 attribute value(s) have another type than NonKeyAttributes declares \
              (DataModel[0] (table \"OnlineShop\").TableFacets[1].TableData[0].Amount is S, declared N); DynamoDB \
              stores each value with its own type."
                .to_string()
        ),
        "{warnings:?}"
    );
}

#[test]
fn model_versions_other_than_1_0_and_3_0_are_read_with_a_word() {
    let mut model = fixture("online-shop-1.0.json");
    model["ModelMetadata"]["Version"] = json!("2.0");
    let (_, warnings) = import(&model);
    assert_eq!(warnings[0], "The model says it is version 2.0; it was read as version 3.0.");
    model.as_object_mut().map(|m| m.remove("ModelMetadata"));
    let (_, warnings) = import(&model);
    assert_eq!(warnings[0], "The model names no ModelMetadata.Version; it was read as version 3.0.");
}

// ---- NoSQL Workbench: broken models ----

/// Found by the `workbench` fuzz target (input kept as
/// `fuzz/corpus/workbench/crash-unsettled-number`): a model number that
/// serde_json reads back from its own text as another number (here an
/// 80-digit MaxCapacity, read as 9.999e79) made the imported scenario's
/// share link decode to a different document. It is refused, with its place.
#[test]
fn a_number_that_would_change_when_saved_is_refused() {
    let mut model = fixture("music-3.0.json");
    model["DataModel"][0]["ProvisionedCapacitySettings"] =
        json!({"AutoScalingRead": {"ScalableTargetRequest": {"MinCapacity": 1, "MaxCapacity": 9.999e79}}});
    let text = json!(9.999e79).to_string();
    match workbench::import(&model) {
        Ok(_) => panic!("imported a model whose number would change"),
        Err(e) => assert_eq!(
            e.to_string(),
            format!(
                "ValidationException: Invalid NoSQL Workbench model: \
                 DataModel[0].ProvisionedCapacitySettings.AutoScalingRead.ScalableTargetRequest.MaxCapacity: \
                 the number {text} would not read back exactly once saved \
                 (numbers of up to 15 significant digits between 1e-7 and 1e22 always do)"
            )
        ),
    }
}

#[test]
fn broken_models_are_refused_with_the_place_named() {
    let good = fixture("music-3.0.json");
    let with = |change: &dyn Fn(&mut Value)| {
        let mut model = good.clone();
        change(&mut model);
        model
    };
    let cases: Vec<(Value, &str)> = vec![
        (json!([1]), "ValidationException: Invalid NoSQL Workbench model: the document is not a JSON object"),
        (
            json!({"DataModel": {}}),
            "ValidationException: Invalid NoSQL Workbench model: \"DataModel\" must be a list of tables",
        ),
        (
            with(&|m| m["DataModel"][0] = json!("Music")),
            "ValidationException: Invalid NoSQL Workbench model: DataModel[0]: expected a table object",
        ),
        (
            with(&|m| m["DataModel"][1]["TableName"] = json!(7)),
            "ValidationException: Invalid NoSQL Workbench model: DataModel[1]: \"TableName\" must be a string",
        ),
        (
            with(&|m| {
                m["DataModel"][0]["KeyAttributes"] = json!({"SortKey": {"AttributeName": "x", "AttributeType": "S"}})
            }),
            "ValidationException: Invalid NoSQL Workbench model: DataModel[0] (table \"Music\"): \
             KeyAttributes.PartitionKey must be an object with an AttributeName",
        ),
        (
            with(&|m| {
                m["DataModel"][0]["GlobalSecondaryIndexes"][0]["KeyAttributes"]["PartitionKey"] =
                    json!({"AttributeName": "Artist", "AttributeType": "N"})
            }),
            "ValidationException: Invalid NoSQL Workbench model: DataModel[0] (table \"Music\"): \
             GlobalSecondaryIndexes[0]: the key attribute \"Artist\" is declared with two types, \"S\" and \"N\"",
        ),
        // A key of the wrong type in an item: DynamoDB's own message.
        (
            with(&|m| m["DataModel"][1]["TableData"][2]["OrderNumber"] = json!({"S": "1"})),
            "ValidationException: Invalid NoSQL Workbench model: DataModel[1] (table \"Orders\").TableData[2]: \
             ValidationException: One or more parameter values were invalid: Type mismatch for key OrderNumber \
             expected: N actual: S",
        ),
        (
            with(&|m| {
                m["DataModel"][1]["TableData"][0].as_object_mut().map(|o| o.remove("CustomerId"));
            }),
            "ValidationException: Invalid NoSQL Workbench model: DataModel[1] (table \"Orders\").TableData[0]: \
             ValidationException: One or more parameter values were invalid: Missing the key CustomerId in the item",
        ),
        (
            with(&|m| {
                m["DataModel"][1]["TableData"][1] = json!({"CustomerId": {"S": "c-101"}, "OrderNumber": {"N": "1"}})
            }),
            "ValidationException: Invalid NoSQL Workbench model: DataModel[1] (table \"Orders\").TableData[1]: \
             DataModel[1] (table \"Orders\").TableData[0] has another item with the same primary key \
             {\"CustomerId\":{\"S\":\"c-101\"},\"OrderNumber\":{\"N\":\"1\"}}",
        ),
        (
            with(&|m| m["DataModel"][1]["TableData"] = json!({"CustomerId": {"S": "c-101"}})),
            "ValidationException: Invalid NoSQL Workbench model: DataModel[1] (table \"Orders\").TableData: \
             expected a list of items",
        ),
        (
            with(&|m| m["DataModel"][1]["TableName"] = json!("Music")),
            "ValidationException: Invalid NoSQL Workbench model: DataModel[1] (table \"Music\"): \
             ResourceInUseException: Table already exists: Music",
        ),
        // An index key of the wrong type in an item: refused by DynamoDB too.
        (
            with(&|m| m["DataModel"][0]["TableData"][0]["Year"] = json!({"S": "2021"})),
            "ValidationException: Invalid NoSQL Workbench model: DataModel[0] (table \"Music\").TableData[0]: \
             ValidationException: One or more parameter values were invalid: Type mismatch for Index Key Year \
             Expected: N Actual: S IndexName: GenreYearIndex",
        ),
    ];
    for (model, expected) in cases {
        assert_eq!(import_error(&model), expected);
    }
}

#[test]
fn files_are_told_apart_by_content() {
    let model = fixture("online-shop-1.0.json");
    let imported = exchange::import(&model.to_string()).expect("a model");
    assert!(imported.scenario.workbench.is_some());
    let scenario_text = exchange::export(&imported.scenario, ExportFormat::Scenario).text;
    let again = exchange::import(&scenario_text).expect("a scenario");
    assert!(again.warnings.is_empty());
    assert_eq!(again.scenario.to_json(), imported.scenario.to_json());
    let snapshot = imported.scenario.engine.snapshot().to_string();
    let bare = exchange::import(&snapshot).expect("a bare snapshot");
    assert_eq!(bare.scenario.engine.snapshot(), imported.scenario.engine.snapshot());
    let template = exchange::export(&imported.scenario, ExportFormat::CloudFormation).text;
    let refusals = [
        ("{", "Invalid file: it is not a JSON document (EOF while parsing an object at line 1 column 1)"),
        (template.as_str(), "Invalid file: this is a CloudFormation template, which holds no items; import reads ddb-playground scenario files and NoSQL Workbench models"),
        ("{\"x\": 1}", "Invalid file: it is neither a ddb-playground scenario (\"format\": \"ddb-playground-scenario\") nor a NoSQL Workbench model (\"DataModel\")"),
        ("{\"format\": \"other\"}", "Invalid scenario: \"format\" must be \"ddb-playground-scenario\""),
    ];
    for (text, expected) in refusals {
        match exchange::import(text) {
            Ok(_) => panic!("imported {text:.40}"),
            Err(e) => assert_eq!(e.message(), expected),
        }
    }
}

/// A scenario file carries the access patterns in the endpoint's own form:
/// they come back as they were, the `ReviewAccessPatterns` request can
/// take them as they are, and a broken one refuses the file, naming it.
#[test]
fn access_patterns_travel_in_a_scenario_file() {
    let mut scenario = playground_scenario();
    let table = scenario.engine.tables().next().map(|t| t.definition.name.clone()).expect("a table");
    let pattern = json!({"Name": "Everything", "Operation": "Scan", "Request": {"TableName": table},
                         "RequestsPerSecond": 0.5});
    let read = ddb_playground::scenario::access_patterns::from_json(&pattern, "p").expect("reads");
    scenario.access_patterns.push(read.clone());
    let text = exchange::export(&scenario, ExportFormat::Scenario).text;
    let back = exchange::import(&text).expect("a scenario");
    assert_eq!(back.scenario.access_patterns, vec![read.clone()]);
    assert_eq!(back.scenario.to_json(), scenario.to_json());
    let file: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(file["accessPatterns"], json!([pattern]));
    let review = scenario.engine.review_access_patterns(&[read], 1).expect("reviewed");
    assert_eq!(review.patterns[0].access_path.name(), "Scan");

    let mut broken = file.clone();
    broken["accessPatterns"][0]["PartitionKeyValues"] = json!({"Distribution": "Zipf", "Count": 0});
    let error = exchange::import(&broken.to_string()).err().map(|e| e.message().to_string());
    assert_eq!(
        error.as_deref(),
        Some("Invalid scenario: accessPatterns[0].PartitionKeyValues: 'Count' must be a whole number from 1 to 1000000; got 0")
    );
}

// ---- exports of a scenario made in the playground ----

/// A scenario with what every export has to deal with: a provisioned table
/// with a GSI of its own capacity, an LSI, a stream, TTL and a table
/// class; an on-demand table with 30 items, one with an apostrophe.
fn playground_scenario() -> Scenario {
    let mut engine = Engine::new();
    run(
        &mut engine,
        "CreateTable",
        json!({"TableName": "game-scores.v2",
               "KeySchema": [{"AttributeName": "UserId", "KeyType": "HASH"}, {"AttributeName": "Game", "KeyType": "RANGE"}],
               "AttributeDefinitions": [{"AttributeName": "UserId", "AttributeType": "S"}, {"AttributeName": "Game", "AttributeType": "S"},
                                        {"AttributeName": "Score", "AttributeType": "N"}, {"AttributeName": "Day", "AttributeType": "S"}],
               "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 4},
               "GlobalSecondaryIndexes": [{"IndexName": "GameScore", "KeySchema": [{"AttributeName": "Game", "KeyType": "HASH"}, {"AttributeName": "Score", "KeyType": "RANGE"}],
                                           "Projection": {"ProjectionType": "KEYS_ONLY"}, "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 2}}],
               "LocalSecondaryIndexes": [{"IndexName": "ByDay", "KeySchema": [{"AttributeName": "UserId", "KeyType": "HASH"}, {"AttributeName": "Day", "KeyType": "RANGE"}],
                                          "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["Score"]}}],
               "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"},
               "TableClass": "STANDARD_INFREQUENT_ACCESS"}),
    );
    run(
        &mut engine,
        "UpdateTimeToLive",
        json!({"TableName": "game-scores.v2", "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "ExpiresAt"}}),
    );
    run(
        &mut engine,
        "PutItem",
        json!({"TableName": "game-scores.v2", "Item": {"UserId": {"S": "u1"}, "Game": {"S": "Galaxy"}, "Score": {"N": "5842"},
               "Day": {"S": "2026-11-20"}, "ExpiresAt": {"N": "4102444800"}}}),
    );
    run(
        &mut engine,
        "CreateTable",
        json!({"TableName": "Notes", "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
               "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "N"}], "BillingMode": "PAY_PER_REQUEST"}),
    );
    for i in 0..30 {
        let text = if i == 7 { "it's a note with 'quotes'".to_string() } else { format!("note {i}") };
        run(
            &mut engine,
            "PutItem",
            json!({"TableName": "Notes", "Item": {"id": {"N": i.to_string()}, "text": {"S": text}}}),
        );
    }
    Scenario::of(&engine)
}

#[test]
fn a_playground_scenario_exports_as_a_fresh_model_and_says_what_it_leaves_out() {
    let scenario = playground_scenario();
    let exported = workbench::export(&scenario, ModelVersion::V3);
    let model = &exported.model;
    assert_eq!(model["ModelName"], "ddb-playground");
    // The engine clock starts at 2026-01-01T00:00:00Z.
    assert_eq!(
        model["ModelMetadata"],
        json!({"Author": "", "DateCreated": "Jan 01, 2026, 12:00 AM", "DateLastModified": "Jan 01, 2026, 12:00 AM",
               "Description": "Exported from ddb-playground", "AWSService": "Amazon DynamoDB", "Version": "3.0"})
    );
    // Tables in name order (upper case first).
    assert_eq!(model["DataModel"][0]["TableName"], "Notes");
    let games = &model["DataModel"][1];
    assert_eq!(games["TableName"], "game-scores.v2");
    assert_eq!(games["BillingMode"], "PROVISIONED");
    assert_eq!(
        games["ProvisionedCapacitySettings"],
        json!({"ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 4}})
    );
    assert_eq!(
        games["GlobalSecondaryIndexes"],
        json!([{"IndexName": "GameScore",
                "KeyAttributes": {"PartitionKey": {"AttributeName": "Game", "AttributeType": "S"},
                                  "SortKey": {"AttributeName": "Score", "AttributeType": "N"}},
                "Projection": {"ProjectionType": "KEYS_ONLY"}}])
    );
    // Item attributes in keyspace order, then index keys no item uses (Day is used).
    assert_eq!(
        games["NonKeyAttributes"],
        json!([{"AttributeName": "Day", "AttributeType": "S"}, {"AttributeName": "ExpiresAt", "AttributeType": "N"},
               {"AttributeName": "Score", "AttributeType": "N"}])
    );
    assert_eq!(model["DataModel"][0]["TableData"].as_array().map(Vec::len), Some(30));
    assert_eq!(
        texts(&exported.warnings),
        vec!["Table game-scores.v2: a Workbench model cannot hold local secondary index ByDay, its stream \
              (NEW_AND_OLD_IMAGES), time to live on ExpiresAt, table class STANDARD_INFREQUENT_ACCESS, the own \
              capacity of index GameScore (a model gives GSIs the table's); not exported."
            .to_string()]
    );
    // Read back, the model gives the same tables and items (what it can hold).
    let (mut back, _) = import(model);
    let mut original = scenario.engine.clone();
    for table in ["game-scores.v2", "Notes"] {
        assert_eq!(scan(&mut back.engine, table), scan(&mut original, table), "{table}");
    }
    // A 1.0 model has no billing: the provisioned capacity is reported.
    let v1 = workbench::export(&scenario, ModelVersion::V1);
    assert!(v1.model["DataModel"][1].get("BillingMode").is_none());
    assert!(v1.model["ModelMetadata"].get("AWSService").is_none());
    assert_eq!(
        v1.warnings[0].to_string(),
        "Table game-scores.v2: a version 1.0 model has no billing mode, so its provisioned capacity is not in the \
         model (importing it makes the table on demand)."
    );
}

// ---- CloudFormation ----

#[test]
fn the_template_has_one_table_resource_per_table() {
    let template = cloudformation::template(&playground_scenario());
    let t = &template.template;
    assert_eq!(t["AWSTemplateFormatVersion"], "2010-09-09");
    assert_eq!(t["Description"], "DynamoDB tables exported from ddb-playground: Notes, game-scores.v2.");
    let resources = t["Resources"].as_object().expect("resources");
    assert_eq!(resources.keys().collect::<Vec<_>>(), vec!["GameScoresV2Table", "NotesTable"]);
    let games = &resources["GameScoresV2Table"];
    assert_eq!(games["Type"], "AWS::DynamoDB::Table");
    assert_eq!(games["DeletionPolicy"], "Retain");
    assert_eq!(games["UpdateReplacePolicy"], "Retain");
    assert_eq!(
        games["Properties"],
        json!({
            "TableName": "game-scores.v2",
            "AttributeDefinitions": [{"AttributeName": "UserId", "AttributeType": "S"}, {"AttributeName": "Game", "AttributeType": "S"},
                                     {"AttributeName": "Score", "AttributeType": "N"}, {"AttributeName": "Day", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "UserId", "KeyType": "HASH"}, {"AttributeName": "Game", "KeyType": "RANGE"}],
            "BillingMode": "PROVISIONED",
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 4},
            "GlobalSecondaryIndexes": [{"IndexName": "GameScore",
                "KeySchema": [{"AttributeName": "Game", "KeyType": "HASH"}, {"AttributeName": "Score", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"}, "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 2}}],
            "LocalSecondaryIndexes": [{"IndexName": "ByDay",
                "KeySchema": [{"AttributeName": "UserId", "KeyType": "HASH"}, {"AttributeName": "Day", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["Score"]}}],
            "StreamSpecification": {"StreamViewType": "NEW_AND_OLD_IMAGES"},
            "TimeToLiveSpecification": {"AttributeName": "ExpiresAt", "Enabled": true},
            "TableClass": "STANDARD_INFREQUENT_ACCESS"
        })
    );
    let notes = &resources["NotesTable"]["Properties"];
    assert_eq!(notes["BillingMode"], "PAY_PER_REQUEST");
    assert!(notes.get("ProvisionedThroughput").is_none());
    assert_eq!(
        texts(&template.warnings),
        vec![
            "Table Notes: its 30 item(s) are not part of the template (CloudFormation creates empty tables); the AWS CLI script writes them.".to_string(),
            "Table game-scores.v2: its 1 item(s) are not part of the template (CloudFormation creates empty tables); the AWS CLI script writes them.".to_string(),
        ]
    );
}

#[test]
fn tags_are_in_the_template_and_the_cli_script_not_in_a_workbench_model() {
    let mut engine = Engine::new();
    run(
        &mut engine,
        "CreateTable",
        json!({"TableName": "Music", "BillingMode": "PAY_PER_REQUEST",
               "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"}],
               "AttributeDefinitions": [{"AttributeName": "Artist", "AttributeType": "S"}],
               "Tags": [{"Key": "team", "Value": "catalogue"}]}),
    );
    run(
        &mut engine,
        "TagResource",
        json!({"ResourceArn": "arn:aws:dynamodb:us-east-1:000000000000:table/Music",
               "Tags": [{"Key": "env", "Value": "test"}]}),
    );
    let scenario = Scenario::of(&engine);
    let template = cloudformation::template(&scenario);
    assert_eq!(
        template.template["Resources"]["MusicTable"]["Properties"]["Tags"],
        json!([{"Key": "env", "Value": "test"}, {"Key": "team", "Value": "catalogue"}])
    );
    let script = cli_script::script(&scenario).text;
    // A NoSQL Workbench model has no place for tags: the export says so.
    let model = workbench::export(&scenario, ModelVersion::V3);
    assert_eq!(
        texts(&model.warnings),
        vec!["Table Music: a Workbench model cannot hold its 2 tag(s); not exported.".to_string()]
    );
    // create-table carries the tags, so the script recreates them.
    assert!(
        script.contains(r#"--tags '[{"Key": "env", "Value": "test"}, {"Key": "team", "Value": "catalogue"}]'"#),
        "{script}"
    );
}

/// A table protected against deletion stays protected where it is rebuilt:
/// the template's property, the script's create-table flag.
#[test]
fn deletion_protection_is_in_the_template_and_the_cli_script_not_in_a_workbench_model() {
    let mut engine = Engine::new();
    for (name, protected) in [("Kept", true), ("Loose", false)] {
        run(
            &mut engine,
            "CreateTable",
            json!({"TableName": name, "BillingMode": "PAY_PER_REQUEST",
                   "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
                   "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
                   "DeletionProtectionEnabled": protected}),
        );
    }
    let scenario = Scenario::of(&engine);
    let template = cloudformation::template(&scenario).template;
    assert_eq!(template["Resources"]["KeptTable"]["Properties"]["DeletionProtectionEnabled"], json!(true));
    assert!(template["Resources"]["LooseTable"]["Properties"].get("DeletionProtectionEnabled").is_none());
    let script = cli_script::script(&scenario).text;
    let kept = script.find("--table-name Kept").expect("Kept is created");
    let loose = script.find("--table-name Loose").expect("Loose is created");
    assert_eq!(script.matches("--deletion-protection-enabled").count(), 1, "{script}");
    let flag = script.find("--deletion-protection-enabled").unwrap_or_default();
    assert!(kept < flag && flag < loose, "the flag belongs to Kept's create-table: {script}");
    // A NoSQL Workbench model has no place for it: the export says so.
    let model = workbench::export(&scenario, ModelVersion::V3);
    assert_eq!(
        texts(&model.warnings),
        vec!["Table Kept: a Workbench model cannot hold its deletion protection; not exported.".to_string()]
    );
}

// ---- multi-attribute GSI keys in every format ----

/// `Orders` (HASH `PK`, provisioned) with GSI `ByTenant`: HASH `Tenant`,
/// `Region`; RANGE `Status`, `Day` (N); three orders, one without a Region.
fn orders_by_tenant() -> Scenario {
    let mut engine = Engine::new();
    engine.settings_mut().gsi_propagation_delay_millis = 0;
    run(
        &mut engine,
        "CreateTable",
        json!({"TableName": "Orders", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
               "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "Tenant", "AttributeType": "S"},
                                        {"AttributeName": "Region", "AttributeType": "S"}, {"AttributeName": "Status", "AttributeType": "S"},
                                        {"AttributeName": "Day", "AttributeType": "N"}],
               "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
               "GlobalSecondaryIndexes": [{"IndexName": "ByTenant",
                   "KeySchema": [{"AttributeName": "Tenant", "KeyType": "HASH"}, {"AttributeName": "Region", "KeyType": "HASH"},
                                 {"AttributeName": "Status", "KeyType": "RANGE"}, {"AttributeName": "Day", "KeyType": "RANGE"}],
                   "Projection": {"ProjectionType": "ALL"}, "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}]}),
    );
    for (id, region, status, day) in
        [("o1", Some("NA"), "open", 12), ("o2", Some("NA"), "open", 3), ("o3", None, "paid", 7)]
    {
        let mut item =
            json!({"PK": {"S": id}, "Tenant": {"S": "W"}, "Status": {"S": status}, "Day": {"N": day.to_string()}});
        if let Some(region) = region {
            item["Region"] = json!({"S": region});
        }
        run(&mut engine, "PutItem", json!({"TableName": "Orders", "Item": item}));
    }
    Scenario::of(&engine)
}

/// The index's `KeySchema` as written in the scenario's table definition.
fn by_tenant_key_schema() -> Value {
    json!([{"AttributeName": "Tenant", "KeyType": "HASH"}, {"AttributeName": "Region", "KeyType": "HASH"},
           {"AttributeName": "Status", "KeyType": "RANGE"}, {"AttributeName": "Day", "KeyType": "RANGE"}])
}

/// `Day`s of tenant W in region NA with Status `open`, in index order.
fn open_days(engine: &mut Engine) -> Value {
    let answer = run(
        engine,
        "Query",
        json!({"TableName": "Orders", "IndexName": "ByTenant",
               "KeyConditionExpression": "Tenant = :t AND #r = :r AND #s = :s",
               "ExpressionAttributeValues": {":t": {"S": "W"}, ":r": {"S": "NA"}, ":s": {"S": "open"}},
               "ProjectionExpression": "#d", "ExpressionAttributeNames": {"#r": "Region", "#s": "Status", "#d": "Day"}}),
    );
    answer["Items"].clone()
}

#[test]
fn a_multi_attribute_gsi_key_is_whole_in_the_template_and_the_cli_script() {
    let scenario = orders_by_tenant();
    let template = cloudformation::template(&scenario);
    let properties = &template.template["Resources"]["OrdersTable"]["Properties"];
    assert_eq!(properties["GlobalSecondaryIndexes"][0]["KeySchema"], by_tenant_key_schema());
    let defined: Vec<&str> = properties["AttributeDefinitions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|d| d["AttributeName"].as_str())
        .collect();
    assert_eq!(defined, ["PK", "Tenant", "Region", "Status", "Day"]);

    let script = cli_script::script(&scenario).text;
    let quoted = script.split("--global-secondary-indexes '").nth(1).and_then(|rest| rest.split('\'').next());
    let indexes: Value = serde_json::from_str(quoted.expect("the GSIs as JSON")).expect("JSON");
    assert_eq!(indexes[0]["KeySchema"], by_tenant_key_schema());
}

#[test]
fn a_multi_attribute_gsi_key_survives_the_scenario_file_and_a_share_link() {
    let scenario = orders_by_tenant();
    let mut original = scenario.engine.clone();
    assert_eq!(open_days(&mut original), json!([{"Day": {"N": "3"}}, {"Day": {"N": "12"}}]));
    let from_file = Scenario::from_json(scenario.to_json()).expect("scenario reads back");
    let from_link = link::decode(&link::encode(&scenario)).expect("link decodes");
    for mut back in [from_file, from_link] {
        let table = run(&mut back.engine, "DescribeTable", json!({"TableName": "Orders"}));
        assert_eq!(table["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"], by_tenant_key_schema());
        assert_eq!(open_days(&mut back.engine), open_days(&mut original));
    }
}

#[test]
fn a_workbench_model_keeps_the_first_key_attribute_of_each_kind_and_says_so() {
    let scenario = orders_by_tenant();
    let exported = workbench::export(&scenario, ModelVersion::V3);
    let orders = &exported.model["DataModel"][0];
    assert_eq!(
        orders["GlobalSecondaryIndexes"][0]["KeyAttributes"],
        json!({"PartitionKey": {"AttributeName": "Tenant", "AttributeType": "S"},
               "SortKey": {"AttributeName": "Status", "AttributeType": "S"}})
    );
    let listed: Vec<&str> = orders["NonKeyAttributes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["AttributeName"].as_str())
        .collect();
    assert!(listed.contains(&"Region") && listed.contains(&"Day"), "{listed:?}");
    assert_eq!(
        texts(&exported.warnings),
        vec!["Table Orders: a Workbench model cannot hold the key attributes Region, Day of index ByTenant (a \
              model's GSI key has one partition-key and one sort-key attribute; the first of each is exported); not \
              exported."
            .to_string()]
    );
    // Read back: the index is keyed by Tenant and Status, and holds the item without a Region.
    let (mut back, _) = import(&exported.model);
    let table = run(&mut back.engine, "DescribeTable", json!({"TableName": "Orders"}));
    assert_eq!(
        table["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"],
        json!([{"AttributeName": "Tenant", "KeyType": "HASH"}, {"AttributeName": "Status", "KeyType": "RANGE"}])
    );
    assert_eq!(table["Table"]["GlobalSecondaryIndexes"][0]["ItemCount"], 3);
}

#[test]
fn logical_ids_are_alphanumeric_and_unique() {
    let mut used = Default::default();
    let ids: Vec<String> = ["Music", "music", "game-scores.v2", "2024_sales", "a.b-c_d", "x__"]
        .iter()
        .map(|name| cloudformation::logical_id(name, &mut used))
        .collect();
    assert_eq!(ids, ["MusicTable", "MusicTable2", "GameScoresV2Table", "Table2024Sales", "ABCDTable", "XTable"]);
    for id in &ids {
        assert!(id.chars().all(|c| c.is_ascii_alphanumeric()), "{id}");
    }
    let long = "a".repeat(255);
    assert!(cloudformation::logical_id(&long, &mut used).len() <= 255);
}

#[test]
fn an_empty_scenario_gives_an_empty_template_with_a_warning() {
    let template = cloudformation::template(&Scenario::of(&Engine::new()));
    assert_eq!(template.template["Resources"], json!({}));
    assert_eq!(
        texts(&template.warnings),
        vec!["The scenario has no tables, and CloudFormation refuses a template without resources."]
    );
}

// ---- the AWS CLI script ----

#[test]
fn the_script_creates_tables_then_writes_items_in_batches_of_25() {
    let script = cli_script::script(&playground_scenario());
    let text = &script.text;
    assert!(text.starts_with("#!/usr/bin/env bash\n"), "{text}");
    assert!(text.contains("\nset -euo pipefail\n"));
    assert!(text.contains(r#"aws dynamodb "$@" ${DDB_ENDPOINT:+--endpoint-url "$DDB_ENDPOINT"}"#));
    assert!(text.contains("# Tables: Notes (30 items), game-scores.v2 (1 items).\n"), "{text}");
    assert!(script.warnings.is_empty());
    assert!(!text.contains("aws-cli/1."), "no binary data, no CLI v1 guard");
    // Each table: create-table, wait, TTL where set, then its batches.
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("ddb ") || l.starts_with("write_batch ")).collect();
    let kinds: Vec<String> = lines
        .iter()
        .map(|line| match line.strip_prefix("write_batch '{\"") {
            Some(rest) => format!("write_batch {}", rest.split('"').next().unwrap_or_default()),
            None => line.split(' ').take(2).collect::<Vec<_>>().join(" "),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "ddb create-table",
            "ddb wait",
            "write_batch Notes",
            "write_batch Notes",
            "ddb create-table",
            "ddb wait",
            "ddb update-time-to-live",
            "write_batch game-scores.v2",
        ]
    );
    // 30 notes: 25 + 5 puts, in keyspace order.
    let batches: Vec<&str> = lines.iter().copied().filter(|l| l.starts_with("write_batch '{\"Notes\"")).collect();
    assert_eq!(batches.iter().map(|b| b.matches("PutRequest").count()).collect::<Vec<_>>(), [25, 5]);
    // The apostrophe is quoted the POSIX way.
    assert!(text.contains(r#"{"S":"it'\''s a note with '\''quotes'\''"}"#), "{text}");
    assert!(
        text.contains("--time-to-live-specification '{\"AttributeName\": \"ExpiresAt\", \"Enabled\": true}'"),
        "{text}"
    );
    assert!(
        text.contains("--stream-specification '{\"StreamEnabled\": true, \"StreamViewType\": \"NEW_AND_OLD_IMAGES\"}'")
    );
    assert!(text.contains("--table-class STANDARD_INFREQUENT_ACCESS"));
    assert!(text.trim_end().ends_with("echo 'Done: 2 tables, 31 items.'"));
}

#[test]
fn binary_data_makes_the_script_require_cli_v2() {
    let mut engine = Engine::new();
    run(
        &mut engine,
        "CreateTable",
        json!({"TableName": "Blobs", "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
               "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"}),
    );
    run(
        &mut engine,
        "PutItem",
        json!({"TableName": "Blobs", "Item": {"id": {"S": "a"}, "m": {"M": {"b": {"L": [{"B": "AQI="}]}}}}}),
    );
    let script = cli_script::script(&Scenario::of(&engine));
    assert!(script.text.contains("aws-cli/1.*)"), "{}", script.text);
    assert_eq!(
        texts(&script.warnings),
        ["The data has binary values: run the script with AWS CLI v2 (it stops under v1)."]
    );
}

#[test]
fn scripts_are_valid_bash() {
    let dir = std::env::temp_dir().join(format!("ddb-exchange-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    for (name, scenario) in [("full.sh", playground_scenario()), ("empty.sh", Scenario::of(&Engine::new()))] {
        let path = dir.join(name);
        std::fs::write(&path, cli_script::script(&scenario).text).expect("written");
        let status = std::process::Command::new("bash").arg("-n").arg(&path).status().expect("bash runs");
        assert!(status.success(), "bash -n {name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn formats_have_names_files_and_media_types() {
    for format in ExportFormat::ALL {
        assert_eq!(ExportFormat::parse(format.name()), Some(format));
    }
    assert_eq!(ExportFormat::parse("yaml"), None);
    let names: Vec<&str> = ExportFormat::ALL.iter().map(|f| f.name()).collect();
    assert_eq!(names, ["scenario", "workbench", "workbench-1.0", "cloudformation", "aws-cli"]);
    assert_eq!(ExportFormat::AwsCliScript.file_suffix(), ".sh");
    assert_eq!(ExportFormat::AwsCliScript.media_type(), "text/x-shellscript");
    let scenario = playground_scenario();
    for format in ExportFormat::ALL {
        let export = exchange::export(&scenario, format);
        assert!(export.text.ends_with('\n'), "{}", format.name());
    }
}

// ---- no model makes the import or the export panic ----

/// Every place in `value`, as a list of steps (member names, list indexes).
fn places(value: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(path.clone());
    match value {
        Value::Object(members) => {
            for (name, member) in members {
                path.push(json!(name));
                places(member, path, out);
                path.pop();
            }
        }
        Value::Array(list) => {
            for (i, element) in list.iter().enumerate() {
                path.push(json!(i));
                places(element, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(value: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(value, |v, step| match step {
        Value::String(name) => &mut v[name.as_str()],
        _ => &mut v[step.as_u64().unwrap_or_default() as usize],
    })
}

/// Each value of both fixtures replaced, one at a time, by each of a few
/// values of other types: the import answers (a scenario or an error) and
/// an imported scenario exports, without panicking.
#[test]
fn any_damaged_model_is_answered_without_a_panic() {
    let replacements = [json!(null), json!(7), json!("x"), json!([]), json!({}), json!({"S": "x"})];
    let mut imports = (0, 0);
    for name in ["music-3.0.json", "online-shop-1.0.json"] {
        let model = fixture(name);
        let mut all = Vec::new();
        places(&model, &mut Vec::new(), &mut all);
        for path in all.iter().skip(1) {
            for replacement in &replacements {
                let mut damaged = model.clone();
                *at(&mut damaged, path) = replacement.clone();
                match workbench::import(&damaged) {
                    Ok(imported) => {
                        imports.0 += 1;
                        for version in [ModelVersion::V1, ModelVersion::V3] {
                            workbench::export(&imported.scenario, version);
                        }
                    }
                    Err(e) => {
                        imports.1 += 1;
                        assert!(e.message().starts_with("Invalid NoSQL Workbench model: "), "{e}");
                    }
                }
            }
        }
    }
    // Both outcomes occur: many members are only kept, many are checked.
    assert!(imports.0 > 100 && imports.1 > 100, "{imports:?}");
}

// ---- on-demand maxima and warm throughput ----

#[test]
fn on_demand_maxima_and_warm_throughput_are_in_the_template_and_the_cli_script() {
    let mut engine = Engine::new();
    run(
        &mut engine,
        "CreateTable",
        json!({"TableName": "Warm", "BillingMode": "PAY_PER_REQUEST",
               "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
               "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"},
                                        {"AttributeName": "g", "AttributeType": "S"}],
               "OnDemandThroughput": {"MaxReadRequestUnits": 500},
               "GlobalSecondaryIndexes": [{"IndexName": "ByG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                   "Projection": {"ProjectionType": "KEYS_ONLY"}, "OnDemandThroughput": {"MaxWriteRequestUnits": 300}}]}),
    );
    run(
        &mut engine,
        "CreateTable",
        json!({"TableName": "Plain", "BillingMode": "PAY_PER_REQUEST",
               "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
               "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}]}),
    );
    // The table raised to 20,000 writes a second, done after a while; its GSI still being raised.
    run(&mut engine, "UpdateTable", json!({"TableName": "Warm", "WarmThroughput": {"WriteUnitsPerSecond": 20_000}}));
    engine.clock_mut().advance(3_600_000);
    run(
        &mut engine,
        "UpdateTable",
        json!({"TableName": "Warm", "GlobalSecondaryIndexUpdates": [{"Update": {"IndexName": "ByG",
               "WarmThroughput": {"ReadUnitsPerSecond": 15_000}}}]}),
    );
    let scenario = Scenario::of(&engine);
    let template = cloudformation::template(&scenario).template;
    let warm = &template["Resources"]["WarmTable"]["Properties"];
    assert_eq!(warm["OnDemandThroughput"], json!({"MaxReadRequestUnits": 500}));
    assert_eq!(warm["WarmThroughput"], json!({"ReadUnitsPerSecond": 12_000, "WriteUnitsPerSecond": 20_000}));
    let gsi = &warm["GlobalSecondaryIndexes"][0];
    assert_eq!(gsi["OnDemandThroughput"], json!({"MaxWriteRequestUnits": 300}));
    assert_eq!(gsi["WarmThroughput"], json!({"ReadUnitsPerSecond": 15_000, "WriteUnitsPerSecond": 4_000}));
    // The default (12,000 / 4,000 on demand) is what CreateTable gives: not written.
    let plain = &template["Resources"]["PlainTable"]["Properties"];
    assert!(plain.get("WarmThroughput").is_none() && plain.get("OnDemandThroughput").is_none(), "{plain}");

    let script = cli_script::script(&scenario).text;
    // Tables in name order: Warm's create-table is the second.
    let create = script.split("--table-name Warm").nth(1).unwrap();
    assert!(create.contains("--on-demand-throughput"), "{script}");
    assert!(create.contains("--warm-throughput"), "{script}");
    assert!(create.contains("20000") && create.contains("15000"), "{script}");
}

#[test]
fn vector_indexes_go_into_the_template_and_the_script_and_a_model_says_it_cannot_hold_them() {
    let mut engine = Engine::new();
    let index = json!({"IndexName": "ByLook", "VectorAttribute": {"AttributeName": "embedding"}, "Dimensions": 3,
        "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "KEYS_ONLY"},
        "SearchSchema": [{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"}]});
    run(
        &mut engine,
        "CreateTable",
        json!({"TableName": "Products", "BillingMode": "PAY_PER_REQUEST",
               "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
               "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                        {"AttributeName": "tenant", "AttributeType": "S"}],
               "VectorIndexes": [index.clone()]}),
    );
    let scenario = Scenario::of(&engine);
    let template = cloudformation::template(&scenario).template;
    let properties = &template["Resources"]["ProductsTable"]["Properties"];
    assert_eq!(properties["VectorIndexes"], json!([index]));
    // The SearchSchema attribute stays defined.
    assert_eq!(properties["AttributeDefinitions"][1]["AttributeName"], "tenant");

    let script = cli_script::script(&scenario).text;
    assert!(script.contains("--vector-indexes"), "{script}");
    assert!(script.contains("ByLook"), "{script}");

    let model = exchange::export(&scenario, ExportFormat::Workbench(ModelVersion::V3));
    let said = texts(&model.warnings).join("\n");
    assert!(said.contains("vector index ByLook"), "{said}");
}
