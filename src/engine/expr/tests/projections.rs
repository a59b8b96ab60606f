//! Projection expressions.

use super::*;

#[test]
fn projections() {
    let it = item(json!({
        "a": {"S": "x"}, "b": {"M": {"c": {"L": [{"N": "0"}, {"M": {"d": {"N": "1"}, "e": {"N": "2"}}}, {"N": "2"}, {"N": "3"}]}}},
        "a.b": {"S": "dotted"}, "Status": {"S": "on"},
    }));
    let cases: &[(&str, Value)] = &[
        ("a", json!({"a": {"S": "x"}})),
        ("a, gone", json!({"a": {"S": "x"}})),
        ("gone", json!({})),
        ("#dot", json!({"a.b": {"S": "dotted"}})),
        ("#st, a", json!({"Status": {"S": "on"}, "a": {"S": "x"}})),
        ("b.c[1].d", json!({"b": {"M": {"c": {"L": [{"M": {"d": {"N": "1"}}}]}}}})),
        ("b.c[3], b.c[0]", json!({"b": {"M": {"c": {"L": [{"N": "0"}, {"N": "3"}]}}}})),
        ("b.c[1].e, b.c[2]", json!({"b": {"M": {"c": {"L": [{"M": {"e": {"N": "2"}}}, {"N": "2"}]}}}})),
        ("b.c[9], a.b", json!({})),
        ("b.x, a", json!({"a": {"S": "x"}})),
    ];
    for (text, expected) in cases {
        let p = projection(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(item_to_wire(&p.apply(&it)), *expected, "{text}");
    }
    let legacy = Projection::from_attribute_names(&["a".to_string(), "Status".to_string(), "nope".to_string()]);
    assert_eq!(item_to_wire(&legacy.apply(&it)), json!({"a": {"S": "x"}, "Status": {"S": "on"}}));
}

#[test]
fn invalid_projections() {
    let prefix = "Invalid ProjectionExpression: ";
    let cases: &[(&str, &str)] = &[
        ("", "The expression can not be empty;"),
        ("!!", "Syntax error; token: \"!\", near: \"!!\""),
        ("a,", "Syntax error; token: \"<EOF>\", near: \",\""),
        ("a b", "Syntax error; token: \"b\", near: \"a b\""),
        ("a,,b", "Syntax error; token: \",\", near: \",,b\""),
        ("a..b", "Syntax error; token: \".\", near: \"..b\""),
        ("a[b]", "Syntax error; token: \"b\", near: \"[b]\""),
        ("(a)", "Syntax error; token: \"(\", near: \"(a\""),
        (":a", "Syntax error; token: \":a\", near: \":a\""),
        ("whatever(stuff)", "Syntax error; token: \"(\", near: \"whatever(stuff\""),
        ("abort, a", "Attribute name is a reserved keyword; reserved keyword: abort"),
        ("a, #nope", "An expression attribute name used in the document path is not defined; attribute name: #nope"),
        ("a, #nope, Status", "Attribute name is a reserved keyword; reserved keyword: Status"),
        ("a, a.b", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]"),
        ("a, #a", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"),
        ("a.b, a[0]", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [0]]"),
        ("a.b, a[0], a.b.c", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, b, c]"),
    ];
    for (text, expected) in cases {
        assert_eq!(projection(text).map(|p| p.to_string()), Err(format!("{prefix}{expected}")), "{text:?}");
    }
}
