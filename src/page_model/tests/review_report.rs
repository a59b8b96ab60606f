//! The one-page design review of seed 001's voting table, in each language.

use serde_json::json;

use crate::engine::review::{AccessPattern, KeyVariation};
use crate::engine::Engine;
use crate::i18n::Lang;
use crate::page_model::review_report::{ReviewReport, Verdict};

fn voting() -> (Engine, Vec<AccessPattern>) {
    let mut engine = Engine::new();
    let table = json!({
        "TableName": "Votes",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "ProvisionedThroughput": {"ReadCapacityUnits": 10_000, "WriteCapacityUnits": 10_000}
    });
    engine.execute("CreateTable", &table).unwrap();
    let vote = AccessPattern {
        name: "Vote".into(),
        operation: "UpdateItem".into(),
        request: json!({"TableName": "Votes", "Key": {"pk": {"S": "CandidateA"}},
            "UpdateExpression": "ADD votes :one", "ExpressionAttributeValues": {":one": {"N": "1"}}}),
        requests_per_second: 1_500.0,
        keys: KeyVariation::Single,
    };
    let leaders = AccessPattern {
        name: "Leaders | top 3".into(),
        operation: "Scan".into(),
        request: json!({"TableName": "Votes", "FilterExpression": "votes > :n",
            "ExpressionAttributeValues": {":n": {"N": "100"}}}),
        requests_per_second: 1.0,
        keys: KeyVariation::Single,
    };
    (engine, vec![vote, leaders])
}

#[test]
fn the_review_says_each_verdict_its_evidence_cost_hot_spot_and_fix() {
    let (engine, patterns) = voting();
    let review = engine.review_access_patterns(&patterns, 60).unwrap();
    let report = ReviewReport::new(&review, &patterns, &engine, Lang::En);
    let verdicts: Vec<Verdict> = report.patterns.iter().map(|l| l.verdict).collect();
    assert_eq!(verdicts, [Verdict::Throttles, Verdict::Scan]);
    let md = report.markdown();
    for expected in [
        "# Design review",
        "## Design\n\n- Votes: pk (S) HASH · 10,000 RCU / 10,000 WCU\n",
        "| ⚠ throttles at this rate | Vote | UpdateItem | 1 WCU | 1,500/s | 90,000 | 30,000 | 30,000 of 90,000 requests throttled: TableWriteKeyRangeThroughputExceeded × 30,000 |",
        "| ✗ only by Scan | Leaders \\| top 3 | Scan |",
        "| Vote | 1,500 WCU | $2,430.00 | $702.00 |",
        "| Total |  | $2,430.16 | $702.05 |",
        "Votes: partition ",
        "Its hottest key: CandidateA (90,000 requests, 30,000 throttled).",
        "- Vote: Write sharding: spread CandidateA over 2 partition key values (CandidateA_0 … CandidateA_1)",
        "- Leaders \\| top 3: A global secondary index sorted by votes, under a partition key only the wanted items carry (a sparse index).",
        "us-east-1",
    ] {
        assert!(md.contains(expected), "missing {expected:?} in\n{md}");
    }
}

#[test]
fn the_review_speaks_german_and_japanese_with_their_figures() {
    let (engine, patterns) = voting();
    let review = engine.review_access_patterns(&patterns, 60).unwrap();
    let de = ReviewReport::new(&review, &patterns, &engine, Lang::De).markdown();
    for expected in [
        "# Design-Review",
        "## Entwurf",
        "10.000 RCU / 10.000 WCU",
        "2.430,00 $",
        "1.500/s",
        "Write Sharding",
        "TableWriteKeyRangeThroughputExceeded × 30.000",
    ] {
        assert!(de.contains(expected), "missing {expected:?} in\n{de}");
    }
    let ja = ReviewReport::new(&review, &patterns, &engine, Lang::Ja).markdown();
    for expected in ["# 設計レビュー", "$2,430.00", "書き込みシャーディング", "⚠ このレートでスロットリング"]
    {
        assert!(ja.contains(expected), "missing {expected:?} in\n{ja}");
    }
}

#[test]
fn the_design_lists_each_table_and_its_indexes_in_the_apis_words() {
    use crate::scenario::lessons::{self, setup};
    let lesson = lessons::LessonLibrary::new().lesson("messaging").unwrap();
    let engine = setup::scenario(&lesson).unwrap().engine;
    let patterns = lesson.access_patterns();
    let review = engine.review_access_patterns(&patterns, 1).unwrap();
    let design = ReviewReport::new(&review, &patterns, &engine, Lang::En).design;
    assert!(design[0].starts_with("Messages: MsgId (S) HASH · 2,000 RCU / 10 WCU"), "{design:?}");
    let inbox = design.iter().find(|l| l.starts_with("Messages/Inbox (GSI): Recipient (S) HASH")).unwrap();
    assert!(inbox.contains("· Projection "), "{inbox}");
}

/// A search pattern: its verdict, bytes instead of units, and the vector
/// prices named under the cost table.
#[test]
fn a_search_pattern_is_reported_in_bytes_with_the_vector_prices() {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Products", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "sku", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "sku", "KeyType": "HASH"}],
                "VectorIndexes": [{"IndexName": "ByLook", "VectorAttribute": {"AttributeName": "look"}, "Dimensions": 2,
                    "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "ALL"}}]}),
        )
        .unwrap();
    let search = AccessPattern {
        name: "Similar".into(),
        operation: "SearchVectors".into(),
        request: json!({"TableName": "Products", "IndexName": "ByLook", "TopK": 3,
            "SearchVector": [{"N": "1"}, {"N": "0"}]}),
        requests_per_second: 100.0,
        keys: KeyVariation::Single,
    };
    let patterns = [search];
    let review = engine.review_access_patterns(&patterns, 5).unwrap();
    let report = ReviewReport::new(&review, &patterns, &engine, Lang::En);
    assert_eq!(report.patterns.iter().map(|l| l.verdict).collect::<Vec<_>>(), [Verdict::Search]);
    let md = report.markdown();
    for expected in [
        "| ✓ by SearchVectors | Similar | SearchVectors (ByLook) | 1 KB searched (estimate) |",
        "- Products/ByLook (vector): look · 2 × COSINE · Projection ALL\n",
        "SearchVectors on the vector index ByLook: metered in bytes, not units",
        "searches $0.002 per GB",
    ] {
        assert!(md.contains(expected), "missing {expected:?} in\n{md}");
    }
}
