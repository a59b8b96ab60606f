//! Robustness: no statement, however broken, panics the engine. Every
//! prefix of a set of valid statements, and every one with a byte
//! replaced by a troublesome character, goes through ExecuteStatement.

use serde_json::json;

use super::parser::{parameter_count, parse, MAX_NESTING};
use crate::engine::Engine;

const STATEMENTS: &[&str] = &[
    "SELECT a, b.c[2], \"d e\" FROM \"Tab\" WHERE pk = 'x' AND sk BETWEEN 1 AND 5 ORDER BY sk DESC",
    "SELECT * FROM Tab.\"idx\" WHERE g IN ['a', 'b'] OR NOT (h IS NOT MISSING AND size(l) > 2)",
    "INSERT INTO Tab VALUE {'pk': 'a', 'sk': 1, 'm': {'k': [1, <<'x', 'y'>>, null, true]}, 'p': ?}",
    "UPDATE Tab SET a = a + 1, s = set_add(s, <<1, 2>>), l = list_append(l, [3]) REMOVE b.c WHERE pk = 'a' AND sk = 1 RETURNING ALL NEW *",
    "DELETE FROM Tab WHERE pk = ? AND sk = 2 AND attribute_exists(a) RETURNING ALL OLD *",
    "EXISTS(SELECT * FROM Tab WHERE pk = 'a' AND sk = 1 AND begins_with(a, 'x'))",
];

fn engine() -> Engine {
    let mut engine = Engine::new();
    let table = json!({
        "TableName": "Tab",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "AttributeDefinitions": [
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "sk", "AttributeType": "N"},
            {"AttributeName": "g", "AttributeType": "S"}
        ],
        "GlobalSecondaryIndexes": [{"IndexName": "idx", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}}],
        "BillingMode": "PAY_PER_REQUEST"
    });
    if let Err(e) = engine.execute("CreateTable", &table) {
        panic!("{e}");
    }
    engine
}

#[test]
fn valid_statements_parse() {
    for text in STATEMENTS {
        let statement = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(parameter_count(&statement) <= 1, "{text}");
    }
}

#[test]
fn broken_statements_never_panic() {
    let mut engine = engine();
    let mut run = |text: &str| {
        let request = json!({"Statement": text, "Parameters": [{"S": "a"}]});
        let _ = engine.execute("ExecuteStatement", &request);
        let batch = json!({"Statements": [{"Statement": text}]});
        let _ = engine.execute("BatchExecuteStatement", &batch);
        let transaction = json!({"TransactStatements": [{"Statement": text}]});
        let _ = engine.execute("ExecuteTransaction", &transaction);
    };
    for text in STATEMENTS {
        for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            run(&text[..end]);
        }
        for (i, _) in text.char_indices() {
            for replacement in ["'", "\"", "(", ")", "[", "<<", ">>", "?", "-", "é", "/*", "9999999999999999999999"] {
                let mut mutated = text.to_string();
                mutated.replace_range(i..i + text[i..].chars().next().map_or(1, char::len_utf8), replacement);
                run(&mutated);
            }
        }
    }
}

#[test]
fn nesting_is_bounded() {
    let deep = format!("SELECT * FROM Tab WHERE {}a = 1{}", "(".repeat(MAX_NESTING + 5), ")".repeat(MAX_NESTING + 5));
    assert!(parse(&deep).is_err());
    let deep_not = format!("SELECT * FROM Tab WHERE {}a = 1", "NOT ".repeat(10_000));
    assert!(parse(&deep_not).is_err());
    // Long AND chains are loops, not recursion.
    let long = format!("SELECT * FROM Tab WHERE {}", vec!["a = 1"; 2000].join(" AND "));
    let statement = parse(&long).expect("a long chain parses");
    let mut engine = engine();
    let _ = engine.execute("ExecuteStatement", &json!({"Statement": long}));
    drop(statement);
}

/// Found by the `partiql_structured` fuzz target: a WHERE whose condition
/// beyond the key was one parenthesised OR (or NOT) became a
/// ConditionExpression with doubled parentheses, which the expression
/// parser refuses ("Invalid ConditionExpression: The expression has
/// redundant parentheses;"), so valid UPDATE, DELETE and EXISTS statements
/// failed with an error about an expression their author never wrote.
#[test]
fn a_parenthesised_condition_is_not_wrapped_twice() {
    use super::plan::grouped;
    assert_eq!(grouped("(#n0 = :v0 OR #n0 = :v1)"), "(#n0 = :v0 OR #n0 = :v1)");
    assert_eq!(grouped("(#n0 = :v0) AND (#n1 = :v1)"), "((#n0 = :v0) AND (#n1 = :v1))");
    assert_eq!(grouped("#n0 = :v0"), "(#n0 = :v0)");

    let mut engine = engine();
    let put = json!({"TableName": "Tab", "Item": {"pk": {"S": "a"}, "sk": {"N": "1"}, "a": {"S": "x"}}});
    assert!(engine.execute("PutItem", &put).is_ok());
    let statement = |text: &str| json!({"Statement": text});
    // EXISTS holds (a = 'x'), so the transaction inserts the second item.
    let transaction = json!({"TransactStatements": [
        {"Statement": "EXISTS(SELECT * FROM Tab WHERE pk = 'a' AND sk = 1 AND (a = 'x' OR a = 'y'))"},
        {"Statement": "INSERT INTO Tab VALUE {'pk': 'b', 'sk': 1}"}]});
    assert!(engine.execute("ExecuteTransaction", &transaction).is_ok());
    let update = "UPDATE Tab SET n = 1 WHERE pk = 'a' AND sk = 1 AND (a = 'x' OR a = 'y')";
    assert!(engine.execute("ExecuteStatement", &statement(update)).is_ok());
    // a = 'x': (a = 'z' OR NOT (a = 'x')) is false, and the item exists.
    let refused = "DELETE FROM Tab WHERE pk = 'a' AND sk = 1 AND (a = 'z' OR NOT (a = 'x'))";
    let error = engine.execute("ExecuteStatement", &statement(refused)).err().map(|e| e.name());
    assert_eq!(error, Some("ConditionalCheckFailedException"));
    let delete = "DELETE FROM Tab WHERE pk = 'a' AND sk = 1 AND (a = 'x' OR a = 'y') RETURNING ALL OLD *";
    let old = engine.execute("ExecuteStatement", &statement(delete)).map(|r| r["Items"][0]["n"].clone());
    assert_eq!(old.ok(), Some(json!({"N": "1"})));
    let scan = engine.execute("Scan", &json!({"TableName": "Tab"})).map(|r| r["Items"].clone());
    assert_eq!(scan.ok(), Some(json!([{"pk": {"S": "b"}, "sk": {"N": "1"}}])));
}
