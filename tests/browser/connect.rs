//! The connect page against a real endpoint: a ddb-local that
//! `scripts/with-ddb-local` starts on 127.0.0.1:18000 (or
//! `DDB_LOCAL_ENDPOINT` at build time) for the browser tests. Connecting,
//! comparing a Query and the access patterns (equal answers and units, then
//! items only the endpoint has), refusals compared as answers, a lesson's
//! tables deployed and read back, an existing table written into only once
//! its name is typed, a table created with boto3 imported (up to a limit,
//! then whole) and compared, an address
//! refused before sending, a stopped endpoint said with what to check, a
//! table with a vector index deployed, searched, imported back, and deployed
//! again without it, and the credentials found nowhere in storage or the
//! address afterwards.

use ddb_playground::connect::endpoint::{Connection, Endpoint};
use ddb_playground::connect::sigv4::Credentials;
use ddb_playground::engine::review::{AccessPattern, KeyVariation};
use ddb_playground::engine::Engine;
use ddb_playground::scenario::Scenario;
use ddb_playground::ui::connect::{client, ConnectProps};
use ddb_playground::ui::persist;
use ddb_playground::ui::state::Pinned;
use serde_json::{json, Value};
use wasm_bindgen_test::wasm_bindgen_test;

use crate::dom::{forget_everything, mount_connect, open_lesson_link, settle, storage, wait_until, Page};

/// Where the tests' ddb-local listens.
const ENDPOINT: &str = match option_env!("DDB_LOCAL_ENDPOINT") {
    Some(endpoint) => endpoint,
    None => "http://127.0.0.1:18000",
};
const KEY_ID: &str = "AKIDBROWSERTEST";
const SECRET: &str = "secret-never-stored-9f3a";
const TOKEN: &str = "token-never-stored-7c1e";

/// A table name no earlier run against the same ddb-local used.
fn fresh_name(base: &str) -> String {
    format!("{base}{}", (js_sys::Math::random() * 1e9) as u64)
}

fn song(table: &str, artist: &str, title: &str, plays: u32) -> Value {
    json!({"TableName": table, "Item": {"Artist": {"S": artist}, "SongTitle": {"S": title}, "Plays": {"N": plays.to_string()}}})
}

fn create_music(table: &str) -> Value {
    json!({
        "TableName": table,
        "AttributeDefinitions": [{"AttributeName": "Artist", "AttributeType": "S"},
                                 {"AttributeName": "SongTitle", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"},
                      {"AttributeName": "SongTitle", "KeyType": "RANGE"}],
        "BillingMode": "PAY_PER_REQUEST"
    })
}

fn songs_by(table: &str, artist: &str) -> Value {
    json!({"TableName": table, "KeyConditionExpression": "Artist = :a",
           "ExpressionAttributeValues": {":a": {"S": artist}}})
}

/// Saves, as the playground page's autosave would, a playground with one
/// table of three songs and two access patterns.
fn save_playground(table: &str) {
    let mut engine = Engine::new();
    engine.execute("CreateTable", &create_music(table)).unwrap();
    for (title, plays) in [("Call Me Today", 10), ("Somewhat Famous", 250), ("Tired", 3)] {
        engine.execute("PutItem", &song(table, "No One You Know", title, plays)).unwrap();
    }
    let mut scenario = Scenario::of(&engine);
    let pattern = |name: &str, operation: &str, request: Value| AccessPattern {
        name: name.into(),
        operation: operation.into(),
        request,
        requests_per_second: 10.0,
        keys: KeyVariation::Single,
    };
    scenario.access_patterns = vec![
        pattern("Songs by artist", "Query", songs_by(table, "No One You Know")),
        pattern(
            "One song",
            "GetItem",
            json!({"TableName": table, "Key": {"Artist": {"S": "No One You Know"}, "SongTitle": {"S": "Tired"}}}),
        ),
    ];
    persist::autosave(&scenario, Pinned::default()).unwrap();
}

/// The connection the page makes, for setting up the endpoint's side.
fn connection() -> Connection {
    Connection {
        endpoint: Endpoint::parse(ENDPOINT).unwrap(),
        region: "us-east-1".into(),
        credentials: Credentials {
            access_key_id: KEY_ID.into(),
            secret_access_key: SECRET.into(),
            session_token: None,
        },
    }
}

/// Sends one request to the endpoint directly; it must answer.
async fn on_endpoint(operation: &str, request: Value) -> Value {
    client::send(&connection(), operation, &request)
        .await
        .unwrap_or_else(|failure| panic!("{operation} on {ENDPOINT}: {failure:?} (scripts/with-ddb-local starts it)"))
}

async fn connect(page: &Page, endpoint: &str, token: &str) {
    page.type_into("#conn-endpoint", endpoint).await;
    page.type_into("#conn-key", KEY_ID).await;
    page.type_into("#conn-secret", SECRET).await;
    page.type_into("#conn-token", token).await;
    page.click("#btn-connect").await;
}

/// Neither the secret nor the token is in local or session storage or in
/// the page's address.
fn assert_credentials_nowhere() {
    let window = web_sys::window().unwrap();
    for store in [storage(), window.session_storage().unwrap().unwrap()] {
        for i in 0..store.length().unwrap() {
            let key = store.key(i).unwrap().unwrap();
            let value = store.get_item(&key).unwrap().unwrap_or_default();
            for secret in [SECRET, TOKEN] {
                assert!(!key.contains(secret) && !value.contains(secret), "{key} holds a credential");
            }
        }
    }
    let href = window.location().href().unwrap();
    assert!(!href.contains(SECRET) && !href.contains(TOKEN), "{href}");
}

#[wasm_bindgen_test]
async fn a_query_and_the_access_patterns_compare_equal_then_differences_are_flagged() {
    forget_everything();
    let table = fresh_name("Music");
    save_playground(&table);
    let saved_before = storage().get_item(persist::SAVE_KEY).unwrap();
    // The endpoint gets the same table and songs.
    on_endpoint("CreateTable", create_music(&table)).await;
    for (title, plays) in [("Call Me Today", 10), ("Somewhat Famous", 250), ("Tired", 3)] {
        on_endpoint("PutItem", song(&table, "No One You Know", title, plays)).await;
    }

    let page = mount_connect(ConnectProps::default()).await;
    assert!(page.text("#connect-playground").contains("(tables: 1)"), "{}", page.text("#connect-playground"));
    assert!(page.exists("#conn-none") && !page.exists("#compare"), "nothing to compare before connecting");
    connect(&page, ENDPOINT, TOKEN).await;
    wait_until("connected", || page.exists("#conn-status")).await;
    assert_eq!(
        page.text("#conn-status"),
        format!("Connected to {ENDPOINT}/ (us-east-1) as {KEY_ID}"),
        "the target is shown while connected"
    );
    assert!(page.text("#conn-tables").contains(&table), "{}", page.text("#conn-tables"));
    assert_credentials_nowhere();

    // The first access pattern's Query is in the editor: run on both.
    assert_eq!(page.value("#cmp-operation"), "Query");
    page.click("#btn-compare").await;
    wait_until("the comparison", || page.exists("#cmp-summary")).await;
    assert_eq!(page.text("#cmp-summary"), "✓ The same result and the same capacity units.");
    assert!(page.exists("#cmp-units-added"), "TOTAL was asked for, and said");
    for side in ["#cmp-playground", "#cmp-endpoint"] {
        // Three small songs: one eventually consistent read of under 4 KB.
        let units = page.text(&format!("{side} .compare-units"));
        assert_eq!(units, format!("{table} CapacityUnits: 0.5"), "{side}");
        assert!(page.text(side).contains("Somewhat Famous"), "{side}");
    }

    // Every access pattern, once each.
    page.click("#btn-compare-all").await;
    wait_until("both patterns", || {
        page.find_all(".pattern-verdict").iter().all(|c| c.text_content().unwrap_or_default().starts_with('✓'))
    })
    .await;

    // Start from the second pattern: its operation and request fill the form.
    page.choose("#cmp-load", "p1").await;
    assert_eq!(page.value("#cmp-operation"), "GetItem");
    assert!(page.value("#cmp-request").contains("\"Tired\""), "{}", page.value("#cmp-request"));
    page.click("#btn-compare").await;
    wait_until("the GetItem compared", || page.text("#cmp-endpoint").contains("\"Item\": {")).await;
    assert_eq!(page.text("#cmp-summary"), "✓ The same result and the same capacity units.");
    page.choose("#cmp-operation", "Query").await;
    page.type_text("#cmp-request", &songs_by(&table, "No One You Know").to_string()).await;

    // A song only the endpoint has: the Query's items, Count and
    // ScannedCount differ; the units do not (still under 4 KB).
    on_endpoint("PutItem", song(&table, "No One You Know", "Only There", 1)).await;
    page.click("#btn-compare").await;
    wait_until("the differences", || page.exists("#cmp-differences")).await;
    let differences: Vec<String> =
        page.find_all("#cmp-differences li").iter().map(|li| li.text_content().unwrap_or_default()).collect();
    assert_eq!(
        differences,
        [
            "Count: 3 here, 4 there.",
            "Items: items only in the playground's answer: 0; only in the endpoint's: 1.",
            "ScannedCount: 3 here, 4 there.",
        ]
    );

    // A refusal is an answer: the same ValidationException on both agrees.
    page.type_text("#cmp-request", &json!({"TableName": table, "KeyConditionExpression": "Plays = :p"}).to_string())
        .await;
    page.click("#btn-compare").await;
    wait_until("the refusals compared", || page.text("#cmp-summary").starts_with('✓')).await;
    assert!(
        page.text("#cmp-playground").starts_with("Playground")
            && page.text("#cmp-playground").contains("ValidationException")
    );
    assert!(page.text("#cmp-endpoint").contains("ValidationException"));

    // A table only the endpoint has: the endpoint answers, the playground refuses.
    let only_there = fresh_name("OnlyThere");
    on_endpoint("CreateTable", create_music(&only_there)).await;
    page.type_text("#cmp-request", &songs_by(&only_there, "x").to_string()).await;
    page.click("#btn-compare").await;
    wait_until("the refusal", || page.exists("#cmp-differences")).await;
    assert_eq!(
        page.text("#cmp-differences"),
        "The endpoint answered; the playground refused with ResourceNotFoundException."
    );

    // Not JSON: said, nothing sent.
    page.type_text("#cmp-request", "{\"TableName\": ").await;
    page.click("#btn-compare").await;
    assert!(page.text("#cmp-problem").starts_with("The request is not JSON"), "{}", page.text("#cmp-problem"));

    // Disconnect: the form is back, the secret gone from it; the address stays.
    page.click("#btn-disconnect").await;
    assert!(!page.exists("#conn-target") && page.exists("#btn-connect"));
    assert_eq!(page.value("#conn-secret"), "");
    assert_eq!(page.value("#conn-endpoint"), ENDPOINT);
    assert_credentials_nowhere();
    // The playground page's autosave is as it was.
    settle().await;
    assert_eq!(storage().get_item(persist::SAVE_KEY).unwrap(), saved_before);
}

#[wasm_bindgen_test]
async fn bad_addresses_are_refused_before_sending_and_a_stopped_endpoint_is_said() {
    forget_everything();
    let page = mount_connect(ConnectProps { endpoint: ENDPOINT.into() }).await;
    let problem = |page: &Page| page.text("#conn-problem");

    connect(&page, "http://192.168.1.5:8000", "").await;
    assert!(problem(&page).starts_with("Requests that leave this computer must use https://"), "{}", problem(&page));
    connect(&page, "https://dynamodb.eu-west-1.amazonaws.com", "").await;
    assert!(problem(&page).starts_with("This endpoint is in eu-west-1"), "{}", problem(&page));
    connect(&page, "localhost:8000", "").await;
    assert!(problem(&page).starts_with("The URL must start with https://"), "{}", problem(&page));
    page.type_into("#conn-secret", "").await;
    page.type_into("#conn-endpoint", ENDPOINT).await;
    page.click("#btn-connect").await;
    assert!(problem(&page).starts_with("Enter an access key ID"), "{}", problem(&page));

    // Nothing listens on port 9: no answer, and what to check.
    connect(&page, "http://127.0.0.1:9", TOKEN).await;
    wait_until("the failure", || page.exists(".connect-failure")).await;
    assert!(page.text(".failure-what").starts_with("No answer from the endpoint"), "{}", page.text(".failure-what"));
    assert!(page.text(".failure-advice").starts_with("Check that the endpoint is running"));
    assert!(!page.exists("#conn-target"), "not connected");
    assert_credentials_nowhere();
}

/// Removes `table` from the endpoint if an earlier run left it, and waits
/// until it is gone.
async fn drop_on_endpoint(table: &str) {
    let request = json!({"TableName": table});
    if client::send(&connection(), "DeleteTable", &request).await.is_err() {
        return;
    }
    for _ in 0..600 {
        if client::send(&connection(), "DescribeTable", &request).await.is_err() {
            return;
        }
        yew::platform::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{table} was not deleted");
}

#[wasm_bindgen_test]
async fn a_lessons_tables_are_deployed_read_back_and_compared() {
    let lesson = open_lesson_link("lesson=game-scores").await;
    wait_until("the autosave", || storage().get_item(persist::SAVE_KEY).unwrap().is_some()).await;
    for _ in 0..20 {
        settle().await;
    }
    drop(lesson);
    drop_on_endpoint("GameScores").await;

    let page = mount_connect(ConnectProps { endpoint: ENDPOINT.into() }).await;
    connect(&page, ENDPOINT, "").await;
    wait_until("connected", || page.exists("#deploy")).await;
    let planned = page.text("#deploy-tables");
    let items: u64 = planned
        .strip_prefix("GameScores (items: ")
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{planned}"));
    assert_eq!(planned, format!("GameScores (items: {items}, indexes: 3)"));
    assert!(page.text("#deploy-cost").starts_with("The writes consume "), "{}", page.text("#deploy-cost"));

    page.click("#btn-deploy").await;
    wait_until("the deployment", || page.text("#deploy-status").starts_with('✓')).await;
    let status = page.text("#deploy-status");
    assert!(status.starts_with(&format!("✓ Deployed (tables: 1, items: {items}).")), "{status}");
    // The endpoint charged the units the playground predicted.
    let units = status.split("predicted by the playground: ").nth(1).and_then(|r| r.split(';').next()).unwrap();
    assert!(status.ends_with(&format!("reported by the endpoint: {units}.")), "{status}");

    // The bar shows the endpoint's tables listed again.
    assert!(page.text("#conn-tables").contains("GameScores"), "{}", page.text("#conn-tables"));
    // Read back: the endpoint holds every item, and a Scan compares equal.
    let scanned = on_endpoint("Scan", json!({"TableName": "GameScores", "Select": "COUNT"})).await;
    assert_eq!(scanned["Count"], json!(items));
    page.choose("#cmp-operation", "Scan").await;
    page.type_text("#cmp-request", &json!({"TableName": "GameScores"}).to_string()).await;
    page.click("#btn-compare").await;
    wait_until("the comparison", || page.exists("#cmp-summary")).await;
    assert_eq!(page.text("#cmp-summary"), "✓ The same result and the same capacity units.");
    // So does a Query on a GSI.
    let by_title = json!({"TableName": "GameScores", "IndexName": "GameTitleIndex",
        "KeyConditionExpression": "GameTitle = :t", "ExpressionAttributeValues": {":t": {"S": "Galaxy Invaders"}}});
    page.choose("#cmp-operation", "Query").await;
    page.type_text("#cmp-request", &by_title.to_string()).await;
    page.click("#btn-compare").await;
    wait_until("the GSI comparison", || page.text("#cmp-summary").starts_with('✓')).await;

    // Deploying again: the table exists, and is written into only once its name is typed.
    page.click("#btn-deploy").await;
    wait_until("the refusal", || page.text("#deploy-status").starts_with("Already on the endpoint")).await;
    assert_eq!(
        page.text("#deploy-status"),
        "Already on the endpoint: GameScores. Type each name above to write into it."
    );
    page.type_into(".deploy-confirm-name", "GameScores").await;
    page.click("#btn-deploy").await;
    wait_until("the second deployment", || page.text("#deploy-status").starts_with('✓')).await;
    assert_credentials_nowhere();
}

#[wasm_bindgen_test]
async fn a_table_created_with_boto3_is_imported_and_compared() {
    forget_everything();
    let page = mount_connect(ConnectProps { endpoint: ENDPOINT.into() }).await;
    assert!(page.text("#connect-playground").contains("(tables: 0)"), "{}", page.text("#connect-playground"));
    connect(&page, ENDPOINT, "").await;
    wait_until("connected", || page.exists("#import")).await;
    page.click("#btn-import-refresh").await;
    wait_until("the tables listed", || !page.find_all("#import-table option").is_empty()).await;
    page.choose("#import-table", "Boto3Orders").await;
    page.click("#btn-import-describe").await;
    wait_until("the description", || page.exists("#import-described")).await;
    assert!(
        page.text("#import-described").starts_with("Boto3Orders (items: 60, size: "),
        "{}",
        page.text("#import-described")
    );
    assert!(
        page.text("#import-described").ends_with("; GSIs: 1, LSIs: 0, vector indexes: 0)."),
        "{}",
        page.text("#import-described")
    );

    // Up to 25 items first: the estimate says what it reads before anything is sent.
    page.type_into("#import-limit-items", "25").await;
    assert!(page.text("#import-estimate").starts_with("The Scan reads about "), "{}", page.text("#import-estimate"));
    assert!(page.text("#import-estimate").contains("(items: 25)"), "{}", page.text("#import-estimate"));
    page.click("#btn-import").await;
    wait_until("the import", || page.text("#import-status").starts_with('✓')).await;
    assert!(
        page.text("#import-status").starts_with("✓ Imported from Boto3Orders (items: 25); "),
        "{}",
        page.text("#import-status")
    );
    assert!(page.text("#import-status").contains("Saved as the workspace “Imported Boto3Orders”"));
    assert!(persist::list_workspaces().iter().any(|(name, _)| name == "Imported Boto3Orders"));
    assert!(page.text("#connect-playground").contains("(tables: 1)"), "{}", page.text("#connect-playground"));

    // The whole table: its keys, GSI and TTL came along, and a Query on the GSI compares equal.
    page.type_into("#import-limit-items", "1000").await;
    page.click("#btn-import").await;
    wait_until("the second import", || {
        page.text("#import-status").starts_with("✓ Imported from Boto3Orders (items: 60)")
    })
    .await;
    assert!(page.text("#import-status").contains("“Imported Boto3Orders 2”"), "{}", page.text("#import-status"));
    let saved = persist::load_workspace("Imported Boto3Orders 2").unwrap();
    let mut engine = saved.engine.clone();
    let described = engine.execute("DescribeTable", &json!({"TableName": "Boto3Orders"})).unwrap();
    assert_eq!(described["Table"]["GlobalSecondaryIndexes"][0]["IndexName"], "ByStatus");
    assert_eq!(described["Table"]["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST");
    let ttl = engine.execute("DescribeTimeToLive", &json!({"TableName": "Boto3Orders"})).unwrap();
    assert_eq!(ttl["TimeToLiveDescription"]["AttributeName"], "ExpiresAt");
    let shipped = json!({"TableName": "Boto3Orders", "IndexName": "ByStatus",
        "KeyConditionExpression": "#s = :s", "ExpressionAttributeNames": {"#s": "Status"},
        "ExpressionAttributeValues": {":s": {"S": "SHIPPED"}}});
    page.choose("#cmp-operation", "Query").await;
    page.type_text("#cmp-request", &shipped.to_string()).await;
    page.click("#btn-compare").await;
    wait_until("the comparison", || page.exists("#cmp-summary")).await;
    assert_eq!(page.text("#cmp-summary"), "✓ The same result and the same capacity units.");
    assert!(page.text("#cmp-endpoint").contains("order#001"));
    assert_credentials_nowhere();
}

/// Saves a playground with `table`: a vector index whose search schema is
/// the only use of `tenant`, a GSI, and three items with vectors.
fn save_vector_playground(table: &str) {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({
                "TableName": table,
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                         {"AttributeName": "tenant", "AttributeType": "S"},
                                         {"AttributeName": "kind", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "BillingMode": "PAY_PER_REQUEST",
                "GlobalSecondaryIndexes": [{"IndexName": "ByKind",
                    "KeySchema": [{"AttributeName": "kind", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}],
                "VectorIndexes": [{"IndexName": "ByLook", "VectorAttribute": {"AttributeName": "embedding"},
                    "Dimensions": 3, "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "ALL"},
                    "SearchSchema": [{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"}]}]
            }),
        )
        .unwrap();
    for (pk, vector) in [("p1", ["1", "0", "0"]), ("p2", ["0", "1", "0"]), ("p3", ["0.9", "0.1", "0"])] {
        let embedding: Vec<Value> = vector.iter().map(|n| json!({"N": n})).collect();
        let item = json!({"pk": {"S": pk}, "tenant": {"S": "A"}, "kind": {"S": "shoe"}, "embedding": {"L": embedding}});
        engine.execute("PutItem", &json!({"TableName": table, "Item": item})).unwrap();
    }
    persist::autosave(&Scenario::of(&engine), Pinned::default()).unwrap();
}

#[wasm_bindgen_test]
async fn vector_indexes_are_deployed_and_imported_or_left_out_for_an_endpoint_without_them() {
    forget_everything();
    let table = fresh_name("Products");
    save_vector_playground(&table);
    let page = mount_connect(ConnectProps { endpoint: ENDPOINT.into() }).await;
    connect(&page, ENDPOINT, "").await;
    wait_until("connected", || page.exists("#deploy")).await;
    assert_eq!(page.text("#deploy-tables"), format!("{table} (items: 3, indexes: 2)"));
    assert!(page.text(".deploy-vectors").starts_with("Leave out the vector indexes (vector indexes: 1)"));

    // As they are: the endpoint has the vector index, and a search compares equal.
    page.click("#btn-deploy").await;
    wait_until("the deployment", || page.text("#deploy-status").starts_with('✓')).await;
    let described = on_endpoint("DescribeTable", json!({"TableName": table})).await;
    assert_eq!(described["Table"]["VectorIndexes"][0]["IndexName"], "ByLook");
    let search = json!({"TableName": table, "IndexName": "ByLook", "TopK": 2,
        "SearchVector": [{"N": "1"}, {"N": "0"}, {"N": "0"}],
        "SearchConditionExpression": "tenant = :a", "ExpressionAttributeValues": {":a": {"S": "A"}}});
    page.choose("#cmp-operation", "SearchVectors").await;
    page.type_text("#cmp-request", &search.to_string()).await;
    page.click("#btn-compare").await;
    wait_until("the comparison", || page.exists("#cmp-summary")).await;
    assert!(page.text("#cmp-summary").starts_with('✓'), "{}", page.text("#cmp-summary"));

    // Imported back, the vector index comes along.
    page.click("#btn-import-refresh").await;
    wait_until("the tables listed", || {
        page.find_all("#import-table option").iter().any(|o| o.text_content().as_deref() == Some(table.as_str()))
    })
    .await;
    page.choose("#import-table", &table).await;
    page.click("#btn-import-describe").await;
    wait_until("the description", || page.exists("#import-described")).await;
    assert!(
        page.text("#import-described").ends_with("; GSIs: 1, LSIs: 0, vector indexes: 1)."),
        "{}",
        page.text("#import-described")
    );
    page.click("#btn-import").await;
    wait_until("the import", || page.text("#import-status").starts_with('✓')).await;
    let mut imported = persist::load_workspace(&format!("Imported {table}")).unwrap().engine;
    let again = imported.execute("DescribeTable", &json!({"TableName": table})).unwrap();
    assert_eq!(
        again["Table"]["VectorIndexes"][0]["SearchSchema"],
        described["Table"]["VectorIndexes"][0]["SearchSchema"]
    );
    assert_eq!(again["Table"]["VectorIndexes"][0]["ItemCount"], 3);

    // Left out: the table is created without it and without `tenant`'s definition; the items keep their vectors.
    drop_on_endpoint(&table).await;
    save_vector_playground(&table);
    page.click("#connect-reread").await;
    wait_until("the plan", || page.exists("#deploy-leave-out-vectors")).await;
    page.click("#deploy-leave-out-vectors").await;
    // (The page still lists the table it deployed: it was dropped behind its back.)
    assert!(page.text("#deploy-tables").starts_with(&format!("{table} (items: 3, indexes: 1)")));
    page.click("#btn-deploy").await;
    wait_until("the second deployment", || page.text("#deploy-status").starts_with('✓')).await;
    let described = on_endpoint("DescribeTable", json!({"TableName": table})).await;
    assert!(described["Table"].get("VectorIndexes").is_none(), "{described}");
    let defined: Vec<&str> = described["Table"]["AttributeDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["AttributeName"].as_str())
        .collect();
    assert!(!defined.contains(&"tenant"), "{defined:?}");
    let item = on_endpoint("GetItem", json!({"TableName": table, "Key": {"pk": {"S": "p3"}}})).await;
    assert_eq!(item["Item"]["embedding"]["L"].as_array().map(Vec::len), Some(3));
    drop_on_endpoint(&table).await;
    assert_credentials_nowhere();
}
