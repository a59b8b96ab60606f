//! Multi-attribute GSI keys in the page's forms: the index designer's draft
//! becomes a KeySchema of several HASH and RANGE attributes that the engine
//! creates, and the Query key picker on such an index builds a key
//! condition the engine accepts, and reads it back.

use serde_json::{json, Value};

use crate::engine::schema::{KeyAttribute, KeySchema, ScalarType};
use crate::engine::Engine;
use crate::page_model::draft::{Draft, ItemOperation, SortOp, SortPart};
use crate::page_model::index_draft::{add_definition, IndexDraft, KeyField, KeyRole, MAX_INDEX_KEY_ATTRIBUTES};

fn field(name: &str, kind: &str) -> KeyField {
    KeyField { name: name.into(), kind: kind.into() }
}

/// `ByTenant`: HASH `Tenant`, `Region`; RANGE `Status`, `Day` (N).
fn index_draft() -> IndexDraft {
    let mut draft = IndexDraft::global();
    draft.name = "ByTenant".into();
    draft.partition_keys = vec![field("Tenant", "S"), field("Region", "S")];
    draft.sort_keys = vec![field("Status", "S"), field("Day", "N")];
    draft
}

/// The CreateTable request of table `Orders` (HASH `PK`) with `index`, as
/// the create-table form builds it.
fn create_table(index: &IndexDraft) -> Value {
    let mut definitions = vec![json!({"AttributeName": "PK", "AttributeType": "S"})];
    for (name, kind) in index.key_definitions() {
        add_definition(&mut definitions, &name, &kind);
    }
    json!({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
           "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
           "AttributeDefinitions": definitions,
           "GlobalSecondaryIndexes": [index.spec("PK", false)]})
}

#[test]
fn a_gsi_draft_lists_every_key_attribute_in_key_schema_order() {
    let draft = index_draft();
    assert_eq!(
        draft.spec("PK", true),
        json!({"IndexName": "ByTenant",
               "KeySchema": [{"AttributeName": "Tenant", "KeyType": "HASH"},
                             {"AttributeName": "Region", "KeyType": "HASH"},
                             {"AttributeName": "Status", "KeyType": "RANGE"},
                             {"AttributeName": "Day", "KeyType": "RANGE"}],
               "Projection": {"ProjectionType": "ALL"},
               "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}})
    );
    let definitions: Vec<(String, String)> = draft.key_definitions();
    let expected = [("Tenant", "S"), ("Region", "S"), ("Status", "S"), ("Day", "N")];
    assert_eq!(definitions, expected.map(|(n, k)| (n.to_string(), k.to_string())));

    let mut engine = Engine::new();
    engine.execute("CreateTable", &create_table(&draft)).expect("the engine creates it");
    let index = &engine.execute("DescribeTable", &json!({"TableName": "Orders"})).expect("described")["Table"]
        ["GlobalSecondaryIndexes"][0];
    assert_eq!(index["KeySchema"], draft.spec("PK", false)["KeySchema"]);
}

#[test]
fn rows_are_added_up_to_four_and_removed_but_never_the_first() {
    let mut draft = IndexDraft::global();
    for _ in 0..6 {
        draft.add_key(KeyRole::Partition);
    }
    assert_eq!(draft.partition_keys.len(), MAX_INDEX_KEY_ATTRIBUTES);
    assert!(!draft.can_add_key(KeyRole::Partition));
    draft.set_key(KeyRole::Partition, 2, |f| f.name = "third".into());
    draft.remove_key(KeyRole::Partition, 1);
    assert_eq!(draft.partition_keys.len(), 3);
    assert_eq!(draft.partition_keys[1].name, "third");
    draft.remove_key(KeyRole::Partition, 0);
    draft.remove_key(KeyRole::Partition, 9);
    assert_eq!(draft.partition_keys.len(), 3, "the first row and rows that are not there stay");

    // An LSI keeps the table's partition key and one sort key.
    let mut lsi = IndexDraft::local();
    lsi.add_key(KeyRole::Sort);
    assert_eq!(lsi.sort_keys.len(), 1);
    lsi.sort_keys = vec![field("Date", "S"), field("Ignored", "S")];
    assert_eq!(
        lsi.spec("PK", true)["KeySchema"],
        json!([{"AttributeName": "PK", "KeyType": "HASH"},
                                                         {"AttributeName": "Date", "KeyType": "RANGE"}])
    );
    assert_eq!(lsi.key_definitions(), [("Date".to_string(), "S".to_string())]);
}

#[test]
fn a_blank_only_sort_row_is_no_sort_key_and_other_rows_are_sent_as_typed() {
    let mut draft = index_draft();
    draft.sort_keys = vec![KeyField::blank()];
    assert_eq!(draft.spec("PK", false)["KeySchema"].as_array().map(Vec::len), Some(2));
    // A second row left blank is sent as typed: the engine answers it.
    draft.sort_keys = vec![field("Status", "S"), KeyField::blank()];
    assert_eq!(draft.spec("PK", false)["KeySchema"][3], json!({"AttributeName": "", "KeyType": "RANGE"}));
    // Five HASH attributes (a request typed in raw mode) get DynamoDB's message.
    let mut five = index_draft();
    five.partition_keys = (0..5).map(|i| field(&format!("h{i}"), "S")).collect();
    let error = Engine::new().execute("CreateTable", &create_table(&five)).expect_err("refused");
    assert_eq!(
        error.message(),
        "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of HASH key \
         attributes"
    );
}

/// The index's key schema as the console reads it.
fn schema() -> KeySchema {
    let attribute = |name: &str, scalar_type| KeyAttribute { name: name.into(), scalar_type };
    KeySchema {
        partition_key: attribute("Tenant", ScalarType::S),
        sort_key: Some(attribute("Status", ScalarType::S)),
        more_partition_keys: vec![attribute("Region", ScalarType::S)],
        more_sort_keys: vec![attribute("Day", ScalarType::N)],
    }
}

fn query(edit: impl FnOnce(&mut Draft)) -> Draft {
    let mut draft = Draft { operation: ItemOperation::Query, index: "ByTenant".into(), ..Draft::default() };
    draft.partition_value = "W".into();
    draft.set_partition_text(1, "NA".into());
    edit(&mut draft);
    draft
}

fn part(op: SortOp, value: &str, value2: &str) -> SortPart {
    SortPart { op, value: value.into(), value2: value2.into() }
}

/// Picker states and the KeyConditionExpression each builds.
fn shapes() -> Vec<(Draft, &'static str)> {
    vec![
        (query(|_| {}), "#pk = :pk AND #pk2 = :pk2"),
        (query(|d| d.set_sort_part(0, part(SortOp::Eq, "open", ""))), "#pk = :pk AND #pk2 = :pk2 AND #sk = :sk"),
        (
            query(|d| {
                d.set_sort_part(0, part(SortOp::Eq, "open", ""));
                d.set_sort_part(1, part(SortOp::Between, "10", "20"));
            }),
            "#pk = :pk AND #pk2 = :pk2 AND #sk = :sk AND #sk2 BETWEEN :sk2 AND :sk2hi",
        ),
        (
            query(|d| {
                d.set_sort_part(0, part(SortOp::Eq, "open", ""));
                d.set_sort_part(1, part(SortOp::Eq, "12", ""));
            }),
            "#pk = :pk AND #pk2 = :pk2 AND #sk = :sk AND #sk2 = :sk2",
        ),
        (
            // A range condition on the first RANGE attribute is the last
            // condition: the second's fields are not used.
            query(|d| {
                d.set_sort_part(0, part(SortOp::BeginsWith, "o", ""));
                d.set_sort_part(1, part(SortOp::Gt, "99", ""));
            }),
            "#pk = :pk AND #pk2 = :pk2 AND begins_with(#sk, :sk)",
        ),
        (
            query(|d| d.set_sort_part(0, part(SortOp::Between, "a", "pz"))),
            "#pk = :pk AND #pk2 = :pk2 AND #sk BETWEEN :sk AND :sk2",
        ),
    ]
}

#[test]
fn the_query_picker_names_every_hash_attribute_and_a_prefix_of_the_range_attributes() {
    let (draft, _) = &shapes()[2];
    let built = draft.build_request(Some("Orders"), Some(&schema())).expect("builds");
    assert_eq!(
        built,
        json!({"TableName": "Orders", "IndexName": "ByTenant",
               "KeyConditionExpression": "#pk = :pk AND #pk2 = :pk2 AND #sk = :sk AND #sk2 BETWEEN :sk2 AND :sk2hi",
               "ExpressionAttributeNames": {"#pk": "Tenant", "#pk2": "Region", "#sk": "Status", "#sk2": "Day"},
               "ExpressionAttributeValues": {":pk": {"S": "W"}, ":pk2": {"S": "NA"}, ":sk": {"S": "open"},
                                             ":sk2": {"N": "10"}, ":sk2hi": {"N": "20"}},
               "ReturnConsumedCapacity": "TOTAL"})
    );
    // The picker shows a RANGE attribute only after an equality on the one before.
    assert_eq!(shapes()[0].0.shown_sort_parts(&schema()), 1);
    assert_eq!(shapes()[2].0.shown_sort_parts(&schema()), 2);
    assert_eq!(shapes()[4].0.shown_sort_parts(&schema()), 1);
    for (draft, expression) in shapes() {
        assert_eq!(draft.picked_condition(Some(&schema())).expression, expression);
    }
}

#[test]
fn every_picked_condition_reads_back_into_the_picker() {
    for (draft, expression) in shapes() {
        let request = draft.build_request(Some("Orders"), Some(&schema())).expect("builds");
        let back = Draft::from_request(&Draft::default(), ItemOperation::Query, &request, Some(&schema()));
        assert!(!back.key_expression_mode, "{expression}: back in the picker");
        assert_eq!(back.names, "", "{expression}: the picker's placeholders are its own");
        assert_eq!(back.build_request(Some("Orders"), Some(&schema())).ok(), Some(request), "{expression}");
        assert_eq!(back.partition_text(1), "NA");
    }
    // A condition the picker does not write stays an expression.
    let typed = json!({"TableName": "Orders", "IndexName": "ByTenant",
                       "KeyConditionExpression": "#pk2 = :pk2 AND #pk = :pk",
                       "ExpressionAttributeNames": {"#pk": "Tenant", "#pk2": "Region"},
                       "ExpressionAttributeValues": {":pk": {"S": "W"}, ":pk2": {"S": "NA"}}});
    let back = Draft::from_request(&Draft::default(), ItemOperation::Query, &typed, Some(&schema()));
    assert!(back.key_expression_mode);
    assert_eq!(back.key_condition, "#pk2 = :pk2 AND #pk = :pk");
}

#[test]
fn the_engine_answers_each_picked_condition() {
    let mut engine = Engine::new();
    engine.settings_mut().gsi_propagation_delay_millis = 0;
    engine.execute("CreateTable", &create_table(&index_draft())).expect("created");
    let put = |engine: &mut Engine, pk: &str, tenant: &str, status: &str, day: u32| {
        let item = json!({"PK": {"S": pk}, "Tenant": {"S": tenant}, "Region": {"S": "NA"},
                          "Status": {"S": status}, "Day": {"N": day.to_string()}});
        engine.execute("PutItem", &json!({"TableName": "Orders", "Item": item})).expect("put");
    };
    put(&mut engine, "o1", "W", "open", 12);
    put(&mut engine, "o2", "W", "open", 25);
    put(&mut engine, "o3", "W", "paid", 12);
    put(&mut engine, "o4", "X", "open", 12);
    engine.advance_clock(60_000);
    let counts: Vec<i64> = shapes()
        .iter()
        .map(|(draft, expression)| {
            let request = draft.build_request(Some("Orders"), Some(&schema())).expect("builds");
            let answer = engine.execute("Query", &request).unwrap_or_else(|e| panic!("{expression}: {e}"));
            answer["Count"].as_i64().unwrap_or(-1)
        })
        .collect();
    assert_eq!(counts, [3, 2, 1, 1, 2, 3]);
}
