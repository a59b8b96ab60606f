use serde_json::{json, Value};

use super::*;
use crate::engine::review::AccessPath;

/// Game scores, small: a player's scores, a game's top scores, a new score.
fn exercise() -> Value {
    json!({
        "Title": "Top scores",
        "Statement": "Design `GameScores`.",
        "Hints": ["A GSI re-keys the items."],
        "Translations": {"de": {"Title": "Bestenliste", "Hints": ["Ein GSI."]}},
        "Entities": {"Score": {"Key": ["UserId", "GameTitle"], "Records": [
            {"UserId": "101", "GameTitle": "Galaxy Invaders", "TopScore": 5842},
            {"UserId": "101", "GameTitle": "Meteor Blasters", "TopScore": 1000},
            {"UserId": "102", "GameTitle": "Galaxy Invaders", "TopScore": 0},
            {"UserId": "103", "GameTitle": "Galaxy Invaders", "TopScore": 2317}]}},
        "AccessPatterns": [
            {"Name": "Scores of a player", "Kind": "Read", "RequestsPerSecond": 10, "Ordered": true,
             "Cases": [{"Parameters": {"UserId": "101"}, "Expect": [
                {"Type": "Score", "Key": {"UserId": "101", "GameTitle": "Galaxy Invaders"}},
                {"Type": "Score", "Key": {"UserId": "101", "GameTitle": "Meteor Blasters"}}]}]},
            {"Name": "Top scores of a game", "Kind": "Read", "RequestsPerSecond": 100, "Ordered": true,
             "Cases": [{"Parameters": {"GameTitle": "Galaxy Invaders"}, "Expect": [
                {"Type": "Score", "Key": {"UserId": "101", "GameTitle": "Galaxy Invaders"}},
                {"Type": "Score", "Key": {"UserId": "103", "GameTitle": "Galaxy Invaders"}},
                {"Type": "Score", "Key": {"UserId": "102", "GameTitle": "Galaxy Invaders"}}]}]},
            {"Name": "Record a score", "Kind": "Write", "RequestsPerSecond": 10,
             "Cases": [{"Parameters": {"UserId": "104", "GameTitle": "Comet Quest", "TopScore": 77},
                        "Write": {"Type": "Score", "Record": {"UserId": "104", "GameTitle": "Comet Quest", "TopScore": 77}}}]}],
        "Goals": {"ServedWithoutScan": true, "NoThrottling": true, "MaxGlobalSecondaryIndexes": 1, "MaxTables": 1,
                  "MaxMonthlyCost": 100}
    })
}

fn table(gsi: bool) -> Value {
    let mut table = json!({"TableName": "GameScores", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "UserId", "AttributeType": "S"},
                                 {"AttributeName": "GameTitle", "AttributeType": "S"},
                                 {"AttributeName": "TopScore", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "UserId", "KeyType": "HASH"}, {"AttributeName": "GameTitle", "KeyType": "RANGE"}]});
    if !gsi {
        // An attribute definition no key uses is refused.
        table["AttributeDefinitions"].as_array_mut().unwrap().pop();
    } else {
        table["GlobalSecondaryIndexes"] = json!([{"IndexName": "GameTitleIndex",
            "KeySchema": [{"AttributeName": "GameTitle", "KeyType": "HASH"}, {"AttributeName": "TopScore", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}]);
    }
    table
}

fn requests(top: Value) -> Value {
    json!({
        "Scores of a player": {"Operation": "Query", "Request": {"TableName": "GameScores",
            "KeyConditionExpression": "UserId = :u", "ExpressionAttributeValues": {":u": {"S": "{UserId}"}}}},
        "Top scores of a game": top,
        "Record a score": {"Operation": "PutItem", "Request": {"TableName": "GameScores", "Item": {
            "UserId": {"S": "{UserId}"}, "GameTitle": {"S": "{GameTitle}"}, "TopScore": {"N": "{TopScore}"}}}}
    })
}

fn model() -> Value {
    json!({
        "Tables": [table(true)],
        "Mappings": {"Score": {"TableName": "GameScores", "Attributes": {}}},
        "Requests": requests(json!({"Operation": "Query", "Request": {"TableName": "GameScores",
            "IndexName": "GameTitleIndex", "KeyConditionExpression": "GameTitle = :g",
            "ExpressionAttributeValues": {":g": {"S": "{GameTitle}"}}, "ScanIndexForward": false, "Limit": 2}}))
    })
}

fn run(exercise: &Value, solution: &Value) -> crate::engine::Result<CheckReport> {
    check(&Exercise::from_json(exercise)?, &Solution::from_json(solution)?)
}

fn error(exercise: &Value, solution: &Value) -> String {
    match run(exercise, solution) {
        Ok(_) => panic!("accepted"),
        Err(e) => {
            assert_eq!(e.name(), "ValidationException");
            e.message().to_string()
        }
    }
}

#[test]
fn the_model_answer_meets_every_goal() {
    let report = run(&exercise(), &model()).unwrap();
    assert!(report.is_full(), "{:#}", report.to_json());
    assert_eq!((report.met, report.of), (8, 8));
    let top = report.pattern("Top scores of a game").unwrap();
    assert_eq!(top.access_path, AccessPath::Query { index: Some("GameTitleIndex".into()) });
    // Limit 2: two pages, both counted.
    assert_eq!(top.cases[0].pages, 2);
    assert!(report.goal("NoThrottling").unwrap().evidence.contains("60 s"));
    assert!(report.problems.is_empty());
}

#[test]
fn a_scan_is_flagged_and_its_order_checked() {
    let mut solution = model();
    solution["Tables"] = json!([table(false)]);
    solution["Requests"] = requests(json!({"Operation": "Scan", "Request": {"TableName": "GameScores",
        "FilterExpression": "GameTitle = :g", "ExpressionAttributeValues": {":g": {"S": "{GameTitle}"}}}}));
    let report = run(&exercise(), &solution).unwrap();
    let top = report.pattern("Top scores of a game").unwrap();
    assert_eq!(top.access_path, AccessPath::Scan { index: None });
    assert!(top.cases[0].missing.is_empty() && top.cases[0].extra.is_empty());
    assert!(top.cases[0].out_of_order, "{:#}", report.to_json());
    let scan = report.goal("ServedWithoutScan").unwrap();
    assert!(!scan.met);
    assert_eq!(scan.evidence, "Top scores of a game is served only by a Scan");
    assert!(!report.is_full());
}

#[test]
fn missing_and_extra_records_are_named_by_their_keys() {
    let mut solution = model();
    solution["Requests"]["Scores of a player"]["Request"]["ExpressionAttributeValues"][":u"]["S"] = json!("103");
    let report = run(&exercise(), &solution).unwrap();
    let case = &report.pattern("Scores of a player").unwrap().cases[0];
    assert!(!case.correct);
    let json = case.to_json();
    assert_eq!(
        json["Missing"],
        json!([{"UserId": "101", "GameTitle": "Galaxy Invaders"},
                                       {"UserId": "101", "GameTitle": "Meteor Blasters"}])
    );
    assert_eq!(json["Extra"], json!([{"UserId": "103", "GameTitle": "Galaxy Invaders"}]));
}

#[test]
fn a_write_that_stores_something_else_is_caught() {
    let mut solution = model();
    solution["Requests"]["Record a score"]["Request"]["Item"]["TopScore"] = json!({"N": "0"});
    let report = run(&exercise(), &solution).unwrap();
    let case = &report.pattern("Record a score").unwrap().cases[0];
    assert!(!case.correct);
    assert_eq!(case.differences.len(), 1, "{:?}", case.differences);
    assert!(case.differences[0].contains("GameScores holds"), "{}", case.differences[0]);
}

#[test]
fn refused_tables_duplicates_and_items_are_problems() {
    let mut solution = model();
    // Every score on one key: records overwrite each other.
    solution["Mappings"]["Score"]["Attributes"] = json!({"UserId": {"S": "X"}});
    solution["Tables"] = json!([table(true), {"TableName": "Broken"}]);
    let report = run(&exercise(), &solution).unwrap();
    let kinds: Vec<&str> = report.problems.iter().map(|p| p.kind).collect();
    assert_eq!(kinds, ["CreateTable", "DuplicateKey", "DuplicateKey"]);
    assert!(report.problems[1].message.contains("the second overwrote the first"));
    assert_eq!(report.problems[1].records.len(), 2);
    // A number where the key is a string: DynamoDB's own error, with the record.
    let mut solution = model();
    solution["Mappings"]["Score"]["Attributes"] = json!({"UserId": {"N": "1"}});
    let report = run(&exercise(), &solution).unwrap();
    assert_eq!(report.problems.len(), 4);
    assert!(report.problems[0].message.starts_with("ValidationException"), "{}", report.problems[0].message);
    assert_eq!(report.problems[0].records[0].describe(), r#"Score {"GameTitle":"Galaxy Invaders","UserId":"101"}"#);
}

#[test]
fn malformed_documents_name_the_member() {
    let model = model();
    let mut bad = exercise();
    bad["AccessPatterns"][0]["RequestsPerSecond"] = json!("ten");
    assert!(error(&bad, &model).starts_with("Exercise.AccessPatterns[0].RequestsPerSecond: must be a number"));
    let mut bad = exercise();
    bad["Entities"]["Score"]["Records"][1] = json!({"UserId": "9"});
    assert_eq!(error(&bad, &model), "Exercise.Entities.Score.Records[1]: lacks the key attribute GameTitle");
    let mut bad = exercise();
    bad["AccessPatterns"][0]["Cases"][0]["Expect"][0]["Type"] = json!("Game");
    assert_eq!(error(&bad, &model), "Exercise.AccessPatterns[0].Cases[0].Expect[0].Type: names no entity type: Game");
    let mut bad = exercise();
    bad["Goals"]["Fast"] = json!(true);
    assert!(error(&bad, &model).starts_with("Exercise.Goals: unknown member 'Fast'"));

    let mut bad = model.clone();
    bad["Mappings"]["Player"] = json!({"TableName": "GameScores"});
    assert_eq!(error(&exercise(), &bad), "Solution.Mappings.Player: names no entity type of the exercise");
    let mut bad = model.clone();
    bad["Mappings"]["Score"]["Attributes"] = json!({"PK": {"S": "U#{Userid}"}});
    assert_eq!(
        error(&exercise(), &bad),
        "Solution.Mappings.Score[0].Attributes.PK.S: {Userid} names no attribute of a Score record"
    );
    let mut bad = model.clone();
    bad["Mappings"]["Score"]["Attributes"] = json!({"PK": {"S": "U#{UserId"}});
    assert!(error(&exercise(), &bad).contains("opens a placeholder that is not closed"));
    let mut bad = model.clone();
    bad["Requests"]["Scores of a player"]["Request"]["ExpressionAttributeValues"][":u"]["S"] = json!("{User}");
    assert_eq!(
        error(&exercise(), &bad),
        "Solution.Requests.Scores of a player.Request.ExpressionAttributeValues.:u.S: {User} is no parameter of every case of Scores of a player"
    );
    let mut bad = model.clone();
    bad["Requests"].as_object_mut().unwrap().remove("Record a score");
    assert_eq!(error(&exercise(), &bad), "Solution.Requests: has no request for the pattern Record a score");
    let mut bad = model.clone();
    bad["Tables"] = json!("GameScores");
    assert_eq!(error(&exercise(), &bad), "Solution.Tables: must be a JSON array");
    // Escaped braces are text.
    let mut escaped = model;
    escaped["Mappings"]["Score"]["Attributes"] = json!({"Note": {"S": "{{literally}}"}});
    assert!(run(&exercise(), &escaped).is_ok());
}

#[test]
fn limits_are_refused_with_their_figures() {
    let mut bad = exercise();
    bad["Entities"]["Score"] = json!({"Key": ["UserId"], "Generate": {"Count": 100_001, "Template": {
        "Attributes": [{"Name": "UserId", "Type": "Template", "Template": "U{n}"}]}}});
    assert!(error(&bad, &model())
        .starts_with("Exercise.Entities.Score.Generate.Count: must be a whole number from 1 to 100000"));
    let mut bad = exercise();
    bad["ReviewSeconds"] = json!(601);
    assert!(error(&bad, &model()).starts_with("Exercise.ReviewSeconds: must be a whole number from 1 to 600"));
}

#[test]
fn texts_fall_back_to_english() {
    let exercise = Exercise::from_json(&exercise()).unwrap();
    assert_eq!(exercise.title_in("de"), "Bestenliste");
    assert_eq!(exercise.statement_in("de"), "Design `GameScores`.");
    assert_eq!(exercise.hints_in("de"), ["Ein GSI."]);
    assert_eq!(exercise.title_in("ja"), "Top scores");
}

#[test]
fn the_check_is_deterministic() {
    let a = run(&exercise(), &model()).unwrap().to_json();
    let b = run(&exercise(), &model()).unwrap().to_json();
    assert_eq!(a, b);
}

#[test]
fn the_month_is_priced_as_the_tables_are_billed() {
    let mut tight = exercise();
    tight["Goals"]["MaxMonthlyCost"] = json!(1);
    let on_demand = run(&tight, &model()).unwrap();
    let goal = on_demand.goal("MaxMonthlyCost").unwrap();
    assert!(!goal.met);
    assert!(goal.evidence.ends_with("a month on demand, over $1"), "{}", goal.evidence);
    let mut provisioned = model();
    provisioned["Tables"][0]["BillingMode"] = json!("PROVISIONED");
    provisioned["Tables"][0]["ProvisionedThroughput"] = json!({"ReadCapacityUnits": 100, "WriteCapacityUnits": 100});
    provisioned["Tables"][0]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"] =
        json!({"ReadCapacityUnits": 100, "WriteCapacityUnits": 100});
    let report = run(&tight, &provisioned).unwrap();
    let goal = report.goal("MaxMonthlyCost").unwrap();
    assert!(goal.evidence.ends_with("a month provisioned, over $1"), "{}", goal.evidence);
    assert!(report.monthly_provisioned < report.monthly_on_demand);
}

#[test]
fn generated_records_and_a_flood_of_problems() {
    let mut many = exercise();
    many["Entities"]["Score"] = json!({"Key": ["UserId", "GameTitle"], "Generate": {"Count": 300, "Seed": 3, "Template": {
        "Attributes": [{"Name": "UserId", "Type": "Template", "Template": "U{n}"},
                       {"Name": "GameTitle", "Type": "Choice", "Values": ["Galaxy Invaders"]},
                       {"Name": "TopScore", "Type": "Integer", "Min": 0, "Max": 9999}]}}});
    many["AccessPatterns"] = json!([many["AccessPatterns"][2].clone()]);
    let mut solution = model();
    solution["Requests"] = json!({"Record a score": solution["Requests"]["Record a score"].clone()});
    let report = run(&many, &solution).unwrap();
    assert!(report.problems.is_empty() && report.is_full(), "{:#}", report.to_json());
    // Every record on one key: 299 overwrites, the first 100 listed.
    solution["Mappings"]["Score"]["Attributes"] = json!({"UserId": {"S": "U"}});
    let report = run(&many, &solution).unwrap();
    assert_eq!((report.problems.len(), report.more_problems), (100, 199));
    assert_eq!(report.to_json()["MoreProblems"], 199);
}
