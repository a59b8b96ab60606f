//! The built-in exercises (docs/exercises.md): every model answer meets
//! every goal and scores full; an empty solution is refused; a design that
//! answers every read with a Scan, and the naive designs the lecture warns
//! about, do not score full, for the reasons the exercise teaches.

// The built-ins' documents are compiled in natively only (the page fetches them).
#![cfg(not(target_arch = "wasm32"))]

use ddb_playground::engine::exercise::{check, CheckReport, Checking, Exercise, Solution};
use ddb_playground::scenario::exercises::{self, EXERCISE_IDS};
use serde_json::{json, Value};

fn exercise(id: &str) -> Exercise {
    exercises::exercise(id).expect("a built-in exercise").unwrap_or_else(|e| panic!("{id}: {}", e.message()))
}

fn document(id: &str) -> Value {
    serde_json::from_str(exercises::document(id).unwrap()).unwrap()
}

fn model(id: &str) -> Value {
    document(id)["ModelAnswer"].clone()
}

fn run(id: &str, solution: &Value) -> CheckReport {
    let solution = Solution::from_json(solution).unwrap_or_else(|e| panic!("{id}: {}", e.message()));
    check(&exercise(id), &solution).unwrap_or_else(|e| panic!("{id}: {}", e.message()))
}

#[test]
fn every_model_answer_scores_full() {
    for id in EXERCISE_IDS {
        let report = run(id, &model(id));
        assert!(report.is_full(), "{id}: {:#}", report.to_json());
        assert!(report.problems.is_empty(), "{id}: {:?}", report.problems);
        let exercise = exercise(id);
        assert_eq!(report.of, report.goals.len() + exercise.patterns.len());
        assert!(!exercise.patterns.is_empty() && !report.goals.is_empty(), "{id}");
    }
}

#[test]
fn every_exercise_is_in_three_languages() {
    for id in EXERCISE_IDS {
        let exercise = exercise(id);
        assert!(!exercise.hints.is_empty(), "{id}");
        for language in ["de", "ja"] {
            let texts = &exercise.translations[language];
            assert!(texts.title.is_some() && texts.statement.is_some(), "{id} {language}");
            assert_eq!(texts.hints.len(), exercise.hints.len(), "{id} {language}");
            assert_ne!(exercise.title_in(language), exercise.title, "{id} {language}");
        }
    }
}

#[test]
fn an_empty_solution_is_refused() {
    for id in EXERCISE_IDS {
        let error = check(&exercise(id), &Solution::from_json(&json!({})).unwrap()).unwrap_err();
        assert!(
            error.message().starts_with("Solution.Requests: has no request for the pattern"),
            "{id}: {}",
            error.message()
        );
    }
}

/// The model answer with every read answered by a Scan of its table.
fn scanning(id: &str) -> Value {
    let mut solution = model(id);
    let exercise = exercise(id);
    for pattern in &exercise.patterns {
        let request = &mut solution["Requests"][&pattern.name];
        if request["Operation"] == "GetItem" || request["Operation"] == "Query" {
            let table = request["Request"]["TableName"].clone();
            *request = json!({"Operation": "Scan", "Request": {"TableName": table}});
        }
    }
    solution
}

#[test]
fn scanning_everything_does_not_score_full() {
    for id in EXERCISE_IDS {
        let report = run(id, &scanning(id));
        assert!(!report.is_full(), "{id}");
        let goal = report.goal("ServedWithoutScan").unwrap();
        assert!(!goal.met, "{id}");
        assert!(goal.evidence.contains("is served only by a Scan"), "{id}: {}", goal.evidence);
        // A Scan returns every record: the ones not asked for are extra.
        assert!(report.patterns.iter().any(|p| p.cases.iter().any(|c| !c.extra.is_empty())), "{id}");
    }
}

#[test]
fn voting_keyed_by_candidate_throttles() {
    let mut solution = model("voting");
    solution["Tables"][0]["AttributeDefinitions"] = json!([{"AttributeName": "Candidate", "AttributeType": "S"},
                                                           {"AttributeName": "VoterId", "AttributeType": "S"}]);
    solution["Tables"][0]["KeySchema"] = json!([{"AttributeName": "Candidate", "KeyType": "HASH"},
                                                {"AttributeName": "VoterId", "KeyType": "RANGE"}]);
    solution["Requests"]["Has a voter voted?"] = json!({"Operation": "Query", "Request": {"TableName": "Votes",
        "KeyConditionExpression": "Candidate = :c AND VoterId = :v",
        "ExpressionAttributeValues": {":c": {"S": "CandidateA"}, ":v": {"S": "{VoterId}"}}}});
    let report = run("voting", &solution);
    let vote = report.pattern("Record a vote").unwrap();
    assert!(vote.correct, "the write itself is right");
    assert!(vote.throttled > 0);
    assert!(
        vote.throttling_reasons.iter().any(|(r, _)| r == "TableWriteKeyRangeThroughputExceeded"),
        "{:?}",
        vote.throttling_reasons
    );
    let goal = report.goal("NoThrottling").unwrap();
    assert!(!goal.met);
    assert!(goal.evidence.starts_with("Record a vote: "), "{}", goal.evidence);
    // Only CandidateA's votes are found: V7 voted for the other one, or not.
    let voted = report.pattern("Has a voter voted?").unwrap();
    assert_eq!(voted.access_path.name(), "Query");
    assert!(!report.is_full());
}

#[test]
fn the_inbox_read_from_the_table_costs_too_much() {
    let mut solution = model("inbox");
    solution["Tables"][0]["GlobalSecondaryIndexes"][0]["Projection"] = json!({"ProjectionType": "ALL"});
    let report = run("inbox", &solution);
    let page = report.pattern("A page of the inbox").unwrap();
    assert!(page.correct, "the right messages, in the right order");
    // 8 messages of about 30 KB read whole: 240,5xx bytes, 59 blocks of 4 KB, halved.
    assert_eq!(page.read_units, 29.5);
    let goal = report.goal("MaxCapacityPerRequest: A page of the inbox").unwrap();
    assert!(!goal.met);
    assert_eq!(goal.evidence, "A page of the inbox: 29.5 units per request, over 1");
    let model = run("inbox", &model("inbox"));
    assert_eq!(model.pattern("A page of the inbox").unwrap().read_units, 0.5);
}

#[test]
fn relational_hr_in_three_tables_breaks_the_limits() {
    let mut solution = model("relational-hr");
    let second = solution["Tables"][0].clone();
    let mut second = second;
    second["TableName"] = json!("Orders");
    solution["Tables"].as_array_mut().unwrap().push(second);
    let report = run("relational-hr", &solution);
    assert!(!report.goal("MaxTables").unwrap().met);
    assert_eq!(
        report.goal("MaxGlobalSecondaryIndexes").unwrap().evidence,
        "2 global secondary indexes; at most 1 allowed"
    );
}

#[test]
fn the_forum_sorted_by_subject_is_out_of_order() {
    let mut solution = model("forum");
    let request = &mut solution["Requests"]["Threads of a forum by last post"]["Request"];
    request.as_object_mut().unwrap().remove("IndexName");
    let report = run("forum", &solution);
    let threads = report.pattern("Threads of a forum by last post").unwrap();
    assert!(!threads.correct);
    assert!(threads.cases.iter().all(|c| c.out_of_order && c.missing.is_empty() && c.extra.is_empty()));
}

#[test]
fn the_report_has_the_shape_of_check_exercise() {
    let json = run("open-orders", &model("open-orders")).to_json();
    assert_eq!(json["Score"], json!({"Met": 8, "Of": 8}));
    let pattern = &json["AccessPatterns"][0];
    assert_eq!(pattern["Name"], "Open orders of a warehouse, oldest first");
    assert_eq!(pattern["AccessPath"], "Query");
    assert_eq!(pattern["IndexName"], "OpenOrders");
    assert_eq!(pattern["Cases"][0]["Parameters"], json!({"Warehouse": "W1"}));
    assert_eq!(pattern["Cases"][0]["Missing"], json!([]));
    assert!(json["MonthlyCost"]["OnDemand"].as_f64().unwrap() > 0.0);
    assert_eq!(json["Problems"], json!([]));
}

/// Compares `report` with `tests/fixtures/exercises/<name>.json`;
/// `UPDATE_GOLDENFILES=1` writes it instead.
fn golden(name: &str, report: &Value) {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/exercises").join(format!("{name}.json"));
    let text = serde_json::to_string_pretty(report).unwrap() + "\n";
    if std::env::var_os("UPDATE_GOLDENFILES").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(text, expected, "{name}: the report differs from {}", path.display());
}

/// Whole reports, golden: the model answer of `game-scores` and a design
/// that scans for everything, and `voting` keyed by candidate.
#[test]
fn golden_reports() {
    golden("game-scores-model", &run("game-scores", &model("game-scores")).to_json());
    golden("game-scores-scanning", &run("game-scores", &scanning("game-scores")).to_json());
    golden("forum-by-subject", &{
        let mut solution = model("forum");
        solution["Requests"]["Threads of a forum by last post"]["Request"].as_object_mut().unwrap().remove("IndexName");
        run("forum", &solution).to_json()
    });
}

/// Steps `solution`'s check one slice at a time, with the progress moving
/// on, and returns its report with the number of steps.
fn stepped(id: &str, solution: &Value) -> (CheckReport, u64) {
    let solution = Solution::from_json(solution).unwrap();
    let exercise = exercise(id);
    let mut checking = Checking::start(&exercise, &solution).unwrap();
    let (mut steps, mut last) = (0, 0);
    while checking.step() {
        steps += 1;
        let (done, total) = checking.progress();
        assert!(done >= last && done <= total, "{id}: progress {done} of {total} after {last}");
        last = done;
        assert!(checking.report().is_none(), "{id}: a report before the last step");
    }
    assert_eq!(checking.progress().0, checking.progress().1);
    (checking.report().unwrap().unwrap(), steps)
}

/// The check in slices gives exactly the report of the check at once, for
/// every built-in's model answer and a naive design, and takes a step per
/// case and per second of the review at least.
#[test]
fn a_check_in_slices_reports_what_the_check_at_once_does() {
    for id in EXERCISE_IDS {
        let exercise = exercise(id);
        let cases: usize = exercise.patterns.iter().map(|p| p.cases.len()).sum();
        for solution in [model(id), scanning(id)] {
            let (report, steps) = stepped(id, &solution);
            assert_eq!(report, run(id, &solution), "{id}");
            assert!(steps as usize > cases + exercise.review_seconds as usize, "{id}: {steps} steps");
        }
    }
}

/// The menu's list has every built-in, in order, with its document's
/// titles in English, German and Japanese.
#[test]
fn the_catalog_lists_every_exercise_with_its_titles() {
    let ids: Vec<&str> = exercises::CATALOG.iter().map(|e| e.id).collect();
    assert_eq!(ids, EXERCISE_IDS);
    for entry in &exercises::CATALOG {
        let exercise = exercise(entry.id);
        let titles = [exercise.title_in("en"), exercise.title_in("de"), exercise.title_in("ja")];
        assert_eq!(entry.titles, titles, "{}", entry.id);
    }
}
