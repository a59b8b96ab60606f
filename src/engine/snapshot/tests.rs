//! Snapshots: exact round trips, the documented shape, hand-written
//! scenarios, and corrupt documents refused with the place named.

use serde_json::{json, Value};

use crate::engine::clock::Clock;
use crate::engine::error::ApiError;
use crate::engine::Engine;

fn run(engine: &mut Engine, operation: &str, request: Value) -> Value {
    match engine.execute(operation, &request) {
        Ok(response) => response,
        Err(e) => panic!("{operation} failed: {e}"),
    }
}

/// An engine with some history: two tables, one switched to on demand
/// and back, one with a named class, items of every data type.
fn populated() -> Engine {
    let mut engine = Engine::new();
    run(
        &mut engine,
        "CreateTable",
        json!({
            "TableName": "Music",
            "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"}, {"AttributeName": "Song", "KeyType": "RANGE"}],
            "AttributeDefinitions": [{"AttributeName": "Song", "AttributeType": "S"}, {"AttributeName": "Artist", "AttributeType": "S"}],
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}
        }),
    );
    engine.clock_mut().advance(60_000);
    run(
        &mut engine,
        "CreateTable",
        json!({
            "TableName": "bin-keys",
            "KeySchema": [{"AttributeName": "k", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "k", "AttributeType": "B"}],
            "BillingMode": "PAY_PER_REQUEST",
            "TableClass": "STANDARD_INFREQUENT_ACCESS"
        }),
    );
    engine.clock_mut().advance(1_500);
    run(&mut engine, "UpdateTable", json!({"TableName": "Music", "BillingMode": "PAY_PER_REQUEST"}));
    engine.clock_mut().advance(2_000);
    run(
        &mut engine,
        "UpdateTable",
        json!({"TableName": "Music", "BillingMode": "PROVISIONED",
               "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 7}}),
    );
    for (artist, song) in [("Acme", "a"), ("Acme", "b"), ("Zed", "z"), ("Émile", "é")] {
        run(
            &mut engine,
            "PutItem",
            json!({"TableName": "Music", "Item": {
                "Artist": {"S": artist}, "Song": {"S": song},
                "Year": {"N": "0042.1200"}, "Big": {"N": "-1E125"},
                "Tags": {"SS": ["z", "a"]}, "Scores": {"NS": ["10", "9.5"]},
                "Blobs": {"BS": ["AQI=", "AA=="]}, "Raw": {"B": "AAEC"},
                "Flags": {"M": {"on": {"BOOL": true}, "none": {"NULL": true}, "list": {"L": [{"S": ""}, {"N": "1"}]}}}
            }}),
        );
    }
    run(&mut engine, "PutItem", json!({"TableName": "bin-keys", "Item": {"k": {"B": "AQID"}}}));
    engine
}

#[test]
fn round_trip_is_exact() {
    let engine = populated();
    let snapshot = engine.snapshot();
    // Through text, as the endpoint stores it.
    let text = serde_json::to_string_pretty(&snapshot).expect("serialisable");
    let reread: Value = serde_json::from_str(&text).expect("parsable");
    let restored = Engine::restore(&reread).expect("restorable");
    assert_eq!(restored.tables, engine.tables);
    assert_eq!(restored.clock, engine.clock);
    assert_eq!(restored.snapshot(), snapshot);
    // And the restored engine answers the same.
    for name in ["Music", "bin-keys"] {
        let describe = json!({"TableName": name});
        let mut a = engine.clone();
        let mut b = restored.clone();
        assert_eq!(a.execute("DescribeTable", &describe), b.execute("DescribeTable", &describe));
    }
}

/// Tables with every kind of index state: an LSI, GSIs from CreateTable
/// and from UpdateTable (one still backfilling, one re-provisioned), an
/// item whose later GSI key has the wrong type, changed settings.
fn indexed() -> Engine {
    let mut engine = Engine::new();
    engine.settings_mut().gsi_propagation_delay_millis = 5_000;
    run(
        &mut engine,
        "CreateTable",
        json!({
            "TableName": "Thread",
            "KeySchema": [{"AttributeName": "ForumName", "KeyType": "HASH"}, {"AttributeName": "Subject", "KeyType": "RANGE"}],
            "AttributeDefinitions": [{"AttributeName": "ForumName", "AttributeType": "S"}, {"AttributeName": "Subject", "AttributeType": "S"},
                                     {"AttributeName": "LastPost", "AttributeType": "S"}, {"AttributeName": "Author", "AttributeType": "S"}],
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
            "LocalSecondaryIndexes": [{"IndexName": "LastPostIndex",
                "KeySchema": [{"AttributeName": "ForumName", "KeyType": "HASH"}, {"AttributeName": "LastPost", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["Replies"]}}],
            "GlobalSecondaryIndexes": [{"IndexName": "ByAuthor", "KeySchema": [{"AttributeName": "Author", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"}, "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 2}}]
        }),
    );
    for (subject, author, post, genre) in [
        ("a", "ann", "03-01", json!({"S": "x"})),
        ("b", "bob", "03-02", json!({"N": "7"})),
        ("c", "ann", "", json!({"S": "y"})),
    ] {
        let mut item = json!({"ForumName": {"S": "S3"}, "Subject": {"S": subject}, "Author": {"S": author}, "Replies": {"N": "2"}, "Genre": genre});
        if !post.is_empty() {
            item["LastPost"] = json!({"S": post});
        }
        run(&mut engine, "PutItem", json!({"TableName": "Thread", "Item": item}));
    }
    engine.clock_mut().advance(10_000);
    let update = json!({"TableName": "Thread", "GlobalSecondaryIndexUpdates": [{"Update": {"IndexName": "ByAuthor",
        "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 3}}}]});
    run(&mut engine, "UpdateTable", update);
    engine.clock_mut().advance(1_000);
    let create = json!({"TableName": "Thread", "AttributeDefinitions": [{"AttributeName": "Genre", "AttributeType": "S"}],
        "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "ByGenre", "KeySchema": [{"AttributeName": "Genre", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}, "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}}]});
    run(&mut engine, "UpdateTable", create);
    engine.clock_mut().advance(500);
    run(&mut engine, "DescribeTable", json!({"TableName": "Thread"}));
    engine
}

#[test]
fn indexes_round_trip() {
    let engine = indexed();
    let snapshot = engine.snapshot();
    assert_eq!(snapshot["settings"], json!({"gsi-propagation-delay": 5000}));
    let thread = &snapshot["tables"][0];
    assert_eq!(thread["definition"]["GlobalSecondaryIndexes"].as_array().map(Vec::len), Some(2));
    assert_eq!(thread["definition"]["LocalSecondaryIndexes"][0]["IndexName"], "LastPostIndex");
    assert_eq!(thread["state"]["indexes"]["ByGenre"]["status"], "CREATING");
    assert_eq!(thread["state"]["indexes"]["ByAuthor"]["decreasesToday"], 1);
    let restored = Engine::restore(&snapshot).expect("restorable");
    assert_eq!(restored.tables, engine.tables);
    assert_eq!(restored.settings, engine.settings);
    assert_eq!(restored.snapshot(), snapshot);
    // The item with a numeric Genre stayed out of ByGenre, as in the backfill.
    let by_genre = restored.table("Thread").and_then(|t| t.index_store("ByGenre")).map(|s| s.entry_count());
    assert_eq!(by_genre, Some(2));
    let describe = json!({"TableName": "Thread"});
    let (mut a, mut b) = (engine.clone(), restored.clone());
    assert_eq!(a.execute("DescribeTable", &describe), b.execute("DescribeTable", &describe));
}

#[test]
fn pending_gsi_updates_land_on_restore_and_deleting_indexes_are_dropped() {
    let mut engine = indexed();
    run(
        &mut engine,
        "PutItem",
        json!({"TableName": "Thread", "Item": {"ForumName": {"S": "S4"}, "Subject": {"S": "d"}, "Author": {"S": "cy"}}}),
    );
    assert_eq!(engine.pending_index_updates("Thread").len(), 1);
    // ByGenre finishes its backfill (the pending update stays queued:
    // the clock moved but no request ran), then is dropped.
    engine.clock_mut().advance(2_000);
    assert_eq!(engine.pending_index_updates("Thread").len(), 1);
    run(
        &mut engine,
        "UpdateTable",
        json!({"TableName": "Thread", "GlobalSecondaryIndexUpdates": [{"Delete": {"IndexName": "ByGenre"}}]}),
    );
    assert_eq!(engine.pending_index_updates("Thread").len(), 1);
    let restored = Engine::restore(&engine.snapshot()).expect("restorable");
    let table = restored.table("Thread").expect("restored");
    assert!(table.index("ByGenre").is_none());
    assert_eq!(table.index_store("ByAuthor").map(|s| s.entry_count()), Some(4));
    assert!(restored.pending_index_updates("Thread").is_empty());
    assert!(!table.definition.attribute_definitions.iter().any(|a| a.name == "Genre"));
}

#[test]
fn a_hand_written_scenario_may_declare_indexes() {
    let scenario = json!({"format": "ddb-playground", "version": 1, "clock": 0, "settings": {"item-collection-limit": 10}, "tables": [{
        "definition": {"TableName": "tbl", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                       "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
                                                {"AttributeName": "g", "AttributeType": "S"}, {"AttributeName": "l", "AttributeType": "N"}],
                       "BillingMode": "PAY_PER_REQUEST",
                       "GlobalSecondaryIndexes": [{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}],
                       "LocalSecondaryIndexes": [{"IndexName": "byL", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "l", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}}]},
        "items": [{"pk": {"S": "a"}, "sk": {"S": "1"}, "g": {"S": "x"}, "l": {"N": "1"}}, {"pk": {"S": "a"}, "sk": {"S": "2"}, "g": {"S": "x"}}]
    }]});
    // The lowered limit applies from now on, not to the items restored.
    let engine = Engine::restore(&scenario).expect("restorable");
    let table = engine.table("tbl").expect("restored");
    assert_eq!(table.index_store("byG").map(|s| s.entry_count()), Some(2));
    assert_eq!(table.index_store("byL").map(|s| s.entry_count()), Some(1));
    assert_eq!(engine.settings().item_collection_limit_bytes, 10);
    let bad = json!({"format": "ddb-playground", "version": 1, "clock": 0, "settings": {"nope": 1}, "tables": []});
    assert_eq!(
        error_of(bad),
        "Invalid snapshot: settings: unknown member \"nope\" (expected one of: gsi-propagation-delay, gsi-backfill-base, gsi-backfill-per-mib, gsi-delete, item-collection-limit, partition-size-limit, enforce-throughput, heat-split, ttl-sweep-delay, vector-allocation, vector-backfill, vector-serve-delay)"
    );
    let mut with_state = scenario.clone();
    with_state["tables"][0]["state"] = json!({"indexes": {"byL": {"status": "CREATING"}}});
    assert_eq!(
        error_of(with_state),
        "Invalid snapshot: tables[0].state.indexes.byL: no global secondary index of this name in the definition"
    );
}

#[test]
fn snapshot_has_the_documented_shape() {
    let snapshot = populated().snapshot();
    assert_eq!(snapshot["format"], "ddb-playground");
    assert_eq!(snapshot["version"], 1);
    assert_eq!(snapshot["clock"], Clock::DEFAULT_START_MILLIS + 63_500);
    let music = &snapshot["tables"][0];
    assert_eq!(music["definition"]["TableName"], "Music");
    assert_eq!(music["definition"]["BillingMode"], "PROVISIONED");
    assert_eq!(music["definition"]["ProvisionedThroughput"], json!({"ReadCapacityUnits": 3, "WriteCapacityUnits": 7}));
    assert!(music["definition"].get("TableClass").is_none());
    assert_eq!(music["state"]["createdMillis"], Clock::DEFAULT_START_MILLIS);
    assert_eq!(music["state"]["payPerRequestSinceMillis"], Clock::DEFAULT_START_MILLIS + 61_500);
    assert_eq!(music["items"].as_array().map(Vec::len), Some(4));
    assert_eq!(music["items"][0]["Year"], json!({"N": "42.12"}));
    let bin = &snapshot["tables"][1];
    assert_eq!(bin["definition"]["TableClass"], "STANDARD_INFREQUENT_ACCESS");
    assert!(bin["definition"].get("ProvisionedThroughput").is_none());
}

#[test]
fn empty_engine_round_trips() {
    let snapshot = Engine::new().snapshot();
    assert_eq!(
        snapshot,
        json!({"format": "ddb-playground", "version": 1, "clock": Clock::DEFAULT_START_MILLIS, "tables": []})
    );
    let restored = Engine::restore(&snapshot).expect("restorable");
    assert!(restored.tables.is_empty());
}

#[test]
fn a_hand_written_scenario_needs_only_definitions_and_items() {
    let scenario = json!({"format": "ddb-playground", "version": 1, "clock": 5_000, "tables": [{
        "definition": {"TableName": "tbl", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                       "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "N"}], "BillingMode": "PAY_PER_REQUEST"},
        "items": [{"pk": {"N": "1"}}, {"pk": {"N": "2"}, "x": {"S": "y"}}]
    }]});
    let engine = Engine::restore(&scenario).expect("restorable");
    let table = engine.table("tbl").expect("table restored");
    assert_eq!(table.storage.item_count(), 2);
    assert_eq!(table.definition.created_millis, 5_000);
    assert_eq!(table.definition.pay_per_request_since_millis, Some(5_000));
}

fn error_of(snapshot: Value) -> String {
    match Engine::restore(&snapshot) {
        Ok(_) => panic!("restored a broken snapshot: {snapshot}"),
        Err(ApiError::Validation(message)) => message,
        Err(other) => panic!("expected a ValidationException, got {other}"),
    }
}

fn with_tables(tables: Value) -> Value {
    json!({"format": "ddb-playground", "version": 1, "clock": 0, "tables": tables})
}

fn table(items: Value) -> Value {
    json!({
        "definition": {"TableName": "tbl", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                       "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"},
        "items": items
    })
}

#[test]
fn corrupt_documents_are_refused_with_the_place_named() {
    let cases = [
        (json!([1, 2]), "Invalid snapshot: expected a JSON object"),
        (
            json!({}),
            "Invalid snapshot: missing \"format\": \"ddb-playground\" (is this a ddb-playground snapshot?)",
        ),
        (
            json!({"format": "nosql-workbench"}),
            "Invalid snapshot: format: expected \"ddb-playground\", found \"nosql-workbench\"",
        ),
        (json!({"format": "ddb-playground"}), "Invalid snapshot: missing \"version\""),
        (
            json!({"format": "ddb-playground", "version": 2}),
            "Invalid snapshot: version: version 2 is newer than this build of ddb-playground reads (1)",
        ),
        (json!({"format": "ddb-playground", "version": "1"}), "Invalid snapshot: version: expected 1"),
        (json!({"format": "ddb-playground", "version": 1, "tables": []}), "Invalid snapshot: missing \"clock\""),
        (
            json!({"format": "ddb-playground", "version": 1, "clock": -1, "tables": []}),
            "Invalid snapshot: clock: expected a non-negative integer",
        ),
        (json!({"format": "ddb-playground", "version": 1, "clock": 0}), "Invalid snapshot: missing \"tables\""),
        (
            json!({"format": "ddb-playground", "version": 1, "clock": 0, "tables": {}}),
            "Invalid snapshot: tables: expected an array",
        ),
        (
            json!({"format": "ddb-playground", "version": 1, "clock": 0, "tables": [], "tabels": []}),
            "Invalid snapshot: unknown member \"tabels\" (expected one of: format, version, clock, settings, tables, partitions, triggers)",
        ),
        (with_tables(json!(["t"])), "Invalid snapshot: tables[0]: expected a JSON object"),
        (with_tables(json!([{}])), "Invalid snapshot: tables[0]: missing \"definition\""),
        (
            with_tables(json!([{"definition": "t"}])),
            "Invalid snapshot: tables[0].definition: expected a CreateTable request object",
        ),
        (
            with_tables(json!([{"definition": {"TableName": "tbl"}}])),
            "Invalid snapshot: tables[0].definition: ValidationException: 2 validation errors detected: \
             Value null at 'attributeDefinitions' failed to satisfy constraint: Member must not be null; \
             Value null at 'keySchema' failed to satisfy constraint: Member must not be null",
        ),
        (with_tables(json!([table(json!({}))])), "Invalid snapshot: tables[0].items: expected an array of items"),
        (
            with_tables(json!([table(json!([{"pk": {"S": "a"}}, {"other": {"S": "b"}}]))])),
            "Invalid snapshot: tables[0].items[1]: ValidationException: \
             One or more parameter values were invalid: Missing the key pk in the item",
        ),
        (
            with_tables(json!([table(json!([{"pk": {"N": "1"}}]))])),
            "Invalid snapshot: tables[0].items[0]: ValidationException: \
             One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
        ),
        (
            with_tables(json!([table(json!([{"pk": {"S": "a"}}, {"pk": {"S": "a"}}]))])),
            "Invalid snapshot: tables[0].items[1]: an earlier item of this table has the same primary key",
        ),
        (
            with_tables(json!([table(json!([])), table(json!([]))])),
            "Invalid snapshot: tables[1].definition: ResourceInUseException: Table already exists: tbl",
        ),
        (
            with_tables(
                json!([{"definition": table(json!([]))["definition"], "state": {"createdMillis": "yesterday"}}]),
            ),
            "Invalid snapshot: tables[0].state.createdMillis: expected a non-negative integer",
        ),
        (
            with_tables(json!([{"definition": table(json!([]))["definition"], "state": {"tableId": 7}}])),
            "Invalid snapshot: tables[0].state.tableId: expected a non-empty string",
        ),
        (
            with_tables(
                json!([{"definition": table(json!([]))["definition"], "state": {"decreasesToday": 5_000_000_000u64}}]),
            ),
            "Invalid snapshot: tables[0].state.decreasesToday: number is too large",
        ),
        (
            with_tables(json!([{"definition": table(json!([]))["definition"], "extra": 1}])),
            "Invalid snapshot: tables[0]: unknown member \"extra\" (expected one of: definition, state, items)",
        ),
    ];
    for (snapshot, expected) in cases {
        assert_eq!(error_of(snapshot), expected);
    }
}

#[test]
fn an_item_the_engine_refuses_is_refused_in_a_snapshot() {
    let message = error_of(with_tables(json!([table(json!([{"pk": {"S": "a"}, "n": {"N": "1E126"}}]))])));
    assert_eq!(
        message,
        "Invalid snapshot: tables[0].items[0]: ValidationException: \
         Number overflow. Attempting to store a number with magnitude larger than supported range"
    );
    let message = error_of(with_tables(json!([table(json!([{"pk": {"S": "a"}, "s": {"S": 5}}]))])));
    assert!(message.starts_with("Invalid snapshot: tables[0].items[0]: SerializationException: "), "{message}");
}

#[test]
fn tags_round_trip_and_snapshots_without_them_still_load() {
    let mut engine = populated();
    let music = "arn:aws:dynamodb:us-east-1:000000000000:table/Music";
    run(
        &mut engine,
        "TagResource",
        json!({"ResourceArn": music, "Tags": [{"Key": "team", "Value": "catalogue"}, {"Key": "env", "Value": ""}]}),
    );
    let snapshot = engine.snapshot();
    let music_entry =
        snapshot["tables"].as_array().and_then(|t| t.iter().find(|t| t["definition"]["TableName"] == "Music"));
    assert_eq!(
        music_entry.map(|t| &t["definition"]["Tags"]),
        Some(&json!([{"Key": "env", "Value": ""}, {"Key": "team", "Value": "catalogue"}]))
    );
    let bin_keys =
        snapshot["tables"].as_array().and_then(|t| t.iter().find(|t| t["definition"]["TableName"] == "bin-keys"));
    assert!(bin_keys.is_some_and(|t| t["definition"].get("Tags").is_none()), "no Tags member without tags");
    let mut restored = Engine::restore(&snapshot).expect("restorable");
    assert_eq!(restored.tables, engine.tables);
    assert_eq!(restored.snapshot(), snapshot);
    assert_eq!(
        run(&mut restored, "ListTagsOfResource", json!({"ResourceArn": music})),
        json!({"Tags": [{"Key": "env", "Value": ""}, {"Key": "team", "Value": "catalogue"}]})
    );
    // A document written before tags existed has no Tags member: no tags.
    let mut old = snapshot.clone();
    if let Some(tables) = old["tables"].as_array_mut() {
        for table in tables {
            if let Some(definition) = table["definition"].as_object_mut() {
                definition.remove("Tags");
            }
        }
    }
    let mut restored_old = Engine::restore(&old).expect("an old snapshot loads");
    assert_eq!(run(&mut restored_old, "ListTagsOfResource", json!({"ResourceArn": music})), json!({"Tags": []}));
}

#[test]
fn multi_attribute_indexes_round_trip() {
    let mut engine = Engine::new();
    let defs: Vec<Value> =
        ["pk", "t", "r", "n", "b"].iter().map(|n| json!({"AttributeName": n, "AttributeType": "S"})).collect();
    run(
        &mut engine,
        "CreateTable",
        json!({
            "TableName": "Matches",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": defs,
            "BillingMode": "PAY_PER_REQUEST",
            "GlobalSecondaryIndexes": [{
                "IndexName": "ByPlace",
                "KeySchema": [
                    {"AttributeName": "t", "KeyType": "HASH"}, {"AttributeName": "r", "KeyType": "HASH"},
                    {"AttributeName": "n", "KeyType": "RANGE"}, {"AttributeName": "b", "KeyType": "RANGE"}
                ],
                "Projection": {"ProjectionType": "KEYS_ONLY"}
            }]
        }),
    );
    for (pk, n) in [("m1", "2"), ("m2", "1"), ("m3", "1")] {
        let item = json!({"pk": {"S": pk}, "t": {"S": "W"}, "r": {"S": "NA"}, "n": {"S": n}, "b": {"S": pk}});
        run(&mut engine, "PutItem", json!({"TableName": "Matches", "Item": item}));
    }
    engine.clock_mut().advance(60_000);
    // The next request brings the index up to the clock.
    run(&mut engine, "DescribeTable", json!({"TableName": "Matches"}));
    let snapshot = engine.snapshot();
    let mut restored = Engine::restore(&snapshot).expect("restorable");
    assert_eq!(restored.tables, engine.tables);
    assert_eq!(restored.snapshot(), snapshot);
    let query = json!({
        "TableName": "Matches", "IndexName": "ByPlace",
        "KeyConditionExpression": "t = :t AND r = :r AND n = :n",
        "ExpressionAttributeValues": {":t": {"S": "W"}, ":r": {"S": "NA"}, ":n": {"S": "1"}}
    });
    let items = run(&mut restored, "Query", query)["Items"].clone();
    let keys: Vec<&str> = items.as_array().into_iter().flatten().filter_map(|i| i["pk"]["S"].as_str()).collect();
    assert_eq!(keys, ["m2", "m3"]);
}

#[test]
fn stream_triggers_travel_and_old_snapshots_load() {
    let mut engine = Engine::new();
    let table = |name: &str, stream: bool| {
        let mut request = json!({
            "TableName": name,
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "BillingMode": "PAY_PER_REQUEST"
        });
        if stream {
            request["StreamSpecification"] = json!({"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"});
        }
        request
    };
    run(&mut engine, "CreateTable", table("Votes", true));
    run(&mut engine, "CreateTable", table("Totals", false));
    let trigger = json!({
        "TableName": "Votes", "TriggerName": "Count", "Events": ["INSERT", "MODIFY"],
        "Update": {"TableName": "Totals", "Key": {"pk": {"From": "Keys.pk", "Before": "_"}},
                   "UpdateExpression": "ADD n :n", "ExpressionAttributeValues": {":n": {"Delta": "v"}}}
    });
    engine.execute_triggers("PutStreamTrigger", &trigger).expect("trigger");
    let document = engine.snapshot();
    assert_eq!(document["triggers"], json!([trigger]));

    // The restored trigger runs on the restored (empty) stream.
    let mut restored = Engine::restore(&document).expect("restore");
    assert_eq!(restored.snapshot(), document);
    run(&mut restored, "PutItem", json!({"TableName": "Votes", "Item": {"pk": {"S": "a_1"}, "v": {"N": "4"}}}));
    restored.advance_clock(1_000);
    let total = run(&mut restored, "GetItem", json!({"TableName": "Totals", "Key": {"pk": {"S": "a"}}}));
    assert_eq!(total["Item"]["n"], json!({"N": "4"}));

    // A document without `triggers` (every older one) loads without any.
    let mut old = document.clone();
    old.as_object_mut().map(|m| m.remove("triggers"));
    assert_eq!(Engine::restore(&old).expect("old snapshot").stream_triggers().count(), 0);

    // A trigger the engine refuses is named with its place.
    let mut bad = document;
    bad["triggers"][0]["Events"] = json!(["UPSERT"]);
    let message = Engine::restore(&bad).expect_err("refused").to_string();
    assert!(message.contains("triggers[0]") && message.contains("UPSERT"), "{message}");
}

#[test]
fn maxima_and_warm_throughput_round_trip() {
    let mut engine = Engine::new();
    let gsi = json!({
        "IndexName": "ByG",
        "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
        "Projection": {"ProjectionType": "KEYS_ONLY"},
        "OnDemandThroughput": {"MaxWriteRequestUnits": 7}
    });
    run(
        &mut engine,
        "CreateTable",
        json!({
            "TableName": "Flash",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "S"}],
            "BillingMode": "PAY_PER_REQUEST",
            "OnDemandThroughput": {"MaxReadRequestUnits": 100},
            "GlobalSecondaryIndexes": [gsi]
        }),
    );
    // A raise under way, a GSI raised and done, a provisioned table lowered
    // below its warm throughput.
    run(&mut engine, "UpdateTable", json!({"TableName": "Flash", "WarmThroughput": {"ReadUnitsPerSecond": 30000}}));
    let index_raise = json!({"Update": {"IndexName": "ByG", "WarmThroughput": {"WriteUnitsPerSecond": 6000}}});
    run(&mut engine, "UpdateTable", json!({"TableName": "Flash", "GlobalSecondaryIndexUpdates": [index_raise]}));
    engine.clock_mut().advance(1_000);
    run(
        &mut engine,
        "CreateTable",
        json!({
            "TableName": "Prov",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "ProvisionedThroughput": {"ReadCapacityUnits": 9, "WriteCapacityUnits": 9}
        }),
    );
    let lower = json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1});
    run(&mut engine, "UpdateTable", json!({"TableName": "Prov", "ProvisionedThroughput": lower}));
    let snapshot = engine.snapshot();
    let restored = Engine::restore(&snapshot).expect("restorable");
    assert_eq!(restored.tables, engine.tables);
    assert_eq!(restored.snapshot(), snapshot);
    let flash = &snapshot["tables"][0];
    assert_eq!(flash["definition"]["OnDemandThroughput"], json!({"MaxReadRequestUnits": 100}));
    assert_eq!(
        flash["definition"]["GlobalSecondaryIndexes"][0]["OnDemandThroughput"],
        json!({"MaxWriteRequestUnits": 7})
    );
    assert_eq!(flash["state"]["warmThroughput"]["raising"][0], json!(30000));
    let prov = &snapshot["tables"][1];
    assert_eq!(prov["state"]["warmThroughput"], json!({"read": 9, "write": 9}));
    // A saved raise below the figures it raises is refused.
    let mut bad = snapshot.clone();
    bad["tables"][1]["state"]["warmThroughput"]["raising"] = json!([1, 1, 0]);
    assert!(Engine::restore(&bad).is_err());
}

#[test]
fn deletion_protection_round_trips() {
    let mut engine = populated();
    run(&mut engine, "UpdateTable", json!({"TableName": "Music", "DeletionProtectionEnabled": true}));
    let snapshot = engine.snapshot();
    let music_entry =
        snapshot["tables"].as_array().and_then(|t| t.iter().find(|t| t["definition"]["TableName"] == "Music"));
    assert_eq!(music_entry.map(|t| &t["definition"]["DeletionProtectionEnabled"]), Some(&json!(true)));
    let bin_keys =
        snapshot["tables"].as_array().and_then(|t| t.iter().find(|t| t["definition"]["TableName"] == "bin-keys"));
    assert!(bin_keys.is_some_and(|t| t["definition"].get("DeletionProtectionEnabled").is_none()));
    let mut restored = Engine::restore(&snapshot).expect("restorable");
    assert_eq!(restored.tables, engine.tables);
    assert_eq!(restored.snapshot(), snapshot);
    let refused = restored.execute("DeleteTable", &json!({"TableName": "Music"}));
    assert!(matches!(refused, Err(ApiError::Validation(_))), "{refused:?}");
}
