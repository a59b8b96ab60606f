//! Conditions, evaluated: comparisons, functions and missing attributes,
//! table by table, and dynalite's filter cases.

use super::*;

#[test]
fn evaluation_table() {
    let it = item(json!({
        "s": {"S": "hello"}, "n": {"N": "1"}, "n2": {"N": "2"}, "b": {"B": "AQID"},
        "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "2"]}, "bs": {"BS": ["AQ=="]},
        "l": {"L": [{"N": "1"}, {"S": "x"}]}, "m": {"M": {"k": {"S": "v"}, "deep": {"L": [{"N": "3"}]}}},
        "t": {"BOOL": true}, "z": {"NULL": true}, "u": {"S": "é𝄞"}, "e": {"S": ""},
    }));
    let cases: &[(&str, bool)] = &[
        ("s = :s", true),
        ("s = :s2", false),
        ("s <> :s2", true),
        ("s <> :s", false),
        ("n = :n", true),
        ("n = :s", false),
        ("n <> :s", true),
        ("gone <> :s", true),
        ("gone <> q", true),
        ("gone = :s", false),
        ("gone < :n", false),
        (":n < gone", false),
        ("n < :n2", true),
        ("n <= :n", true),
        ("n > :neg", true),
        ("n2 >= :n5", false),
        ("s < :s2", true),
        ("s > :he", true),
        ("b > :b", true),
        ("b > :b1", true),
        ("n < :s", false),
        ("l < :n", false),
        ("n BETWEEN :n AND :n2", true),
        ("n2 BETWEEN :n AND :n", false),
        ("s BETWEEN :he AND :s2", true),
        ("n BETWEEN :he AND :s2", false),
        ("gone BETWEEN :n AND :n2", false),
        ("n IN (:s, :n2, :n)", true),
        ("n IN (:s, :n2)", false),
        ("l IN (:l)", true),
        ("m.k IN (:s, m.k)", true),
        ("gone IN (gone)", false),
        ("attribute_exists(s)", true),
        ("attribute_exists(gone)", false),
        ("attribute_exists(m.deep[0])", true),
        ("attribute_exists(m.deep[1])", false),
        ("attribute_exists(s.x)", false),
        ("attribute_not_exists(gone)", true),
        ("attribute_not_exists(m.k)", false),
        ("attribute_type(s, :tS)", true),
        ("attribute_type(s, :tN)", false),
        ("attribute_type(l, :tL)", true),
        ("attribute_type(m, :tM)", true),
        ("attribute_type(gone, :tS)", false),
        ("begins_with(s, :he)", true),
        ("begins_with(s, :s2)", false),
        ("begins_with(s, :e)", true),
        ("begins_with(b, :b1)", true),
        ("begins_with(n, :he)", false),
        ("contains(s, :he)", true),
        ("contains(s, :s2)", false),
        ("contains(ss, :s)", false),
        ("contains(ns, :n2)", true),
        ("contains(ns, :s)", false),
        ("contains(l, :n)", true),
        ("contains(b, :b1)", true),
        ("contains(bs, :b1)", true),
        ("contains(gone, :s)", false),
        ("size(s) = :n5", true),
        ("size(u) = :n5", false),
        ("size(ss) = :n2", true),
        ("size(l) = :n2", true),
        ("size(m) = :n2", true),
        ("size(b) > :n2", true),
        ("size(n) >= :n", false),
        ("size(gone) >= :n", false),
        ("size(s) = :s", false),
        ("size(t) <> :n", true),
        ("t = :t", true),
        ("z = :null", true),
        ("l = :l", true),
        ("ns = :ns", true),
        ("m.deep[0] = :n", false),
        ("m.deep[0] > :n", true),
        ("NOT s = :s", false),
        ("NOT NOT s = :s", true),
        ("s = :s AND n = :n2", false),
        ("s = :s OR n = :n2", true),
        ("s = :s2 OR n = :n2 OR attribute_exists(t)", true),
        ("(s = :s2 OR n = :n) AND NOT attribute_exists(gone)", true),
    ];
    for (text, expected) in cases {
        let c = condition(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(c.evaluate(Some(&it)), *expected, "{text}");
    }
    // size() counts UTF-16 code units: "é𝄞" is 3 (measured on DynamoDB).
    let three =
        Placeholders::new(&[], &[(":three", AttributeValue::N(Number::parse("3").unwrap_or_else(|_| Number::zero())))]);
    let c = Condition::parse("size(u) = :three", "ConditionExpression", &three, &mut Usage::new());
    assert_eq!(c.map(|c| c.evaluate(Some(&it))).map_err(message), Ok(true));
    // A gone item: only attribute_not_exists and <> hold.
    for (text, expected) in
        [("attribute_not_exists(s)", true), ("s <> :s", true), ("s = :s", false), ("attribute_exists(s)", false)]
    {
        let c = condition(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(c.evaluate(None), expected, "{text}");
    }
}

/// dynalite test/scan.js: FilterExpression validation, case by case (its
/// tests were checked against DynamoDB). Placeholders as in each test.
#[test]
fn dynalite_filter_expression_cases() {
    let filter = |text: &str, names: Option<Value>, values: Option<Value>| {
        let p = Placeholders::from_request(names.as_ref(), values.as_ref()).unwrap_or_else(|e| panic!("{e}"));
        Condition::parse(text, "FilterExpression", &p, &mut Usage::new()).map(|_| ()).map_err(message)
    };
    let syntax = [
        "things are not gonna be ok",
        "a > 4",
        "attribute_exists(Pictures-RearView)",
        "attribute_exists(\"Pictures.RearView\")",
        "attribute_exists(Pictures..RearView)",
        "attribute_exists(Pi#ctures.RearView)",
        "attribute_exists(asdf[a])",
        "a.:a < b.:b",
        "a in b, c",
        "a > between",
        "a in b",
        "a in (b,c,)",
        "(a)between(b.(c.d))and(c)",
        "(a)between(b.c.d)and((c)",
        "#$.b > a",
        "a > :things.stuff",
        "b[:a] > a",
        "b[#_] > a",
        "ü > a",
        "(a)between(b.c[4.5].#d)and(:a)",
        "size(a).b > a",
        "(size(a)).b > a",
        "size(a)[0] > a",
        "(size(a))[0] > a",
    ];
    for text in syntax {
        let got = filter(text, None, None);
        assert!(matches!(&got, Err(m) if m.starts_with("Invalid FilterExpression: Syntax error; ")), "{text}: {got:?}");
    }
    let p = "Invalid FilterExpression: ";
    let plain: &[(&str, String)] = &[
        ("a=a and a > ((views))", format!("{p}The expression has redundant parentheses;")),
        ("(a)between(((b.c)).d)and(c)", format!("{p}The expression has redundant parentheses;")),
        ("a > whatever((:things), ((a)))", format!("{p}The expression has redundant parentheses;")),
        ("a=a AND ((a=a AND a=a)) AND a=a", format!("{p}The expression has redundant parentheses;")),
        ("a=a OR ((a=a OR a=a)) OR a=a", format!("{p}The expression has redundant parentheses;")),
        ("a=a AND ((a=a AND (a=a AND a=a)))", format!("{p}The expression has redundant parentheses;")),
        ("a=a OR ((a=a OR (a=a OR a=a)))", format!("{p}The expression has redundant parentheses;")),
        ("a=a and whatever((:things)) > a", format!("{p}Invalid function name; function: whatever")),
        ("attRIbute_exIsts((views), #a)", format!("{p}Invalid function name; function: attRIbute_exIsts")),
        (
            "a=a and attribute_exists((views), (#a)) > b",
            format!("{p}The function is not allowed to be used this way in an expression; function: attribute_exists"),
        ),
        (
            "attribute_not_exists(things) > b",
            format!(
                "{p}The function is not allowed to be used this way in an expression; function: attribute_not_exists"
            ),
        ),
        (
            "attribute_type(things, :a) > b",
            format!("{p}The function is not allowed to be used this way in an expression; function: attribute_type"),
        ),
        (
            "begins_with(things, a) > b",
            format!("{p}The function is not allowed to be used this way in an expression; function: begins_with"),
        ),
        (
            "contains(:things, c) > b",
            format!("{p}The function is not allowed to be used this way in an expression; function: contains"),
        ),
        (
            "size(contains(a, b)) > a",
            format!("{p}The function is not allowed to be used this way in an expression; function: contains"),
        ),
        (
            "size(things)",
            format!("{p}The function is not allowed to be used this way in an expression; function: size"),
        ),
        (
            "a between b and attribute_exists(things)",
            format!("{p}The function is not allowed to be used this way in an expression; function: attribute_exists"),
        ),
        (
            "a in (b, attribute_exists(things))",
            format!("{p}The function is not allowed to be used this way in an expression; function: attribute_exists"),
        ),
        ("attribute_exists(views, #a)", format!("{p}Attribute name is a reserved keyword; reserved keyword: views")),
        (":a < abOrT", format!("{p}Attribute name is a reserved keyword; reserved keyword: abOrT")),
        (
            "attribute_exists(#Pictures.RearView, :a) and a=a",
            format!(
                "{p}An expression attribute name used in the document path is not defined; attribute name: #Pictures"
            ),
        ),
        (
            "begins_with(Pictures.#RearView)",
            format!(
                "{p}An expression attribute name used in the document path is not defined; attribute name: #RearView"
            ),
        ),
        (
            "(#P between :lo and :hi) and (#PC in (:cat1, :cat2))",
            format!("{p}An expression attribute name used in the document path is not defined; attribute name: #P"),
        ),
        (
            "#4g > a",
            format!("{p}An expression attribute name used in the document path is not defined; attribute name: #4g"),
        ),
        (
            "#_ > a",
            format!("{p}An expression attribute name used in the document path is not defined; attribute name: #_"),
        ),
        (
            "(a)between(b.c[45].#d)and(:a)",
            format!("{p}An expression attribute name used in the document path is not defined; attribute name: #d"),
        ),
        (
            "begins_with(:hello, #a, #b)",
            format!("{p}An expression attribute value used in expression is not defined; attribute value: :hello"),
        ),
        (":a < :b", format!("{p}An expression attribute value used in expression is not defined; attribute value: :a")),
        (":_ > a", format!("{p}An expression attribute value used in expression is not defined; attribute value: :_")),
    ];
    for (text, expected) in plain {
        assert_eq!(filter(text, None, None), Err(expected.clone()), "{text}");
    }
    let names = || Some(json!({"#a": "a"}));
    let counts: &[(&str, &str, usize)] = &[
        ("attribute_exists(things, a) and a=a", "attribute_exists", 2),
        ("attribute_not_exists(things, b)", "attribute_not_exists", 2),
        ("attribute_type(things)", "attribute_type", 1),
        ("begins_with(things)", "begins_with", 1),
        ("begins_with(things, size(a), b)", "begins_with", 3),
        ("contains(things)", "contains", 1),
        ("size(things, a) > b", "size", 2),
    ];
    for (text, function, n) in counts {
        assert_eq!(
            filter(text, None, None),
            Err(format!("{p}Incorrect number of operands for operator or function; operator or function: {function}, number of operands: {n}")),
            "{text}"
        );
    }
    let typed: &[(&str, &str, Value)] = &[
        ("attribute_type(a, size(a)) and a=a and a=:a", "attribute_type", json!({"N": "1"})),
        ("attribute_type(a, :a)", "attribute_type", json!({"B": "YQ=="})),
        ("attribute_type(a, :a)", "attribute_type", json!({"BOOL": true})),
        ("attribute_type(a, :a)", "attribute_type", json!({"NULL": true})),
        ("attribute_type(a, :a)", "attribute_type", json!({"L": []})),
        ("attribute_type(a, :a)", "attribute_type", json!({"M": {}})),
        ("attribute_type(a, :a)", "attribute_type", json!({"SS": ["1"]})),
        ("attribute_type(a, :a)", "attribute_type", json!({"NS": ["1"]})),
        ("attribute_type(a, :a)", "attribute_type", json!({"BS": ["YQ=="]})),
        ("begins_with(a, size(a)) and a=:a", "begins_with", json!({"N": "1"})),
        ("begins_with(a, :a)", "begins_with", json!({"BOOL": true})),
        ("begins_with(a, :a)", "begins_with", json!({"L": []})),
        ("begins_with(:a, a)", "begins_with", json!({"M": {}})),
        ("begins_with(:a, a)", "begins_with", json!({"NS": ["1"]})),
        ("size(size(a)) > :a", "size", json!({"N": "1"})),
        ("attribute_not_exists(size(:a))", "size", json!({"N": "1"})),
        ("size(:a) > a", "size", json!({"BOOL": true})),
        ("size(:a) > a", "size", json!({"NULL": true})),
    ];
    for (text, function, value) in typed {
        let t = value.as_object().and_then(|o| o.keys().next()).cloned().unwrap_or_default();
        assert_eq!(
            filter(text, None, Some(json!({ ":a": value }))),
            Err(format!("{p}Incorrect operand type for operator or function; operator or function: {function}, operand type: {t}")),
            "{text} {value}"
        );
    }
    assert_eq!(
        filter("attribute_type(a, :a)", None, Some(json!({":a": {"S": "1"}}))),
        Err(format!("{p}Invalid attribute type name found; type: 1, valid types: {{B,NULL,SS,BOOL,L,BS,N,NS,S,M}}"))
    );
    for (text, function) in [
        ("attribute_exists(:a) and a=a", "attribute_exists"),
        ("attribute_not_exists(size(:a))", "attribute_not_exists"),
    ] {
        assert_eq!(
            filter(text, None, Some(json!({":a": {"S": "1"}}))),
            Err(format!("{p}Operator or function requires a document path; operator or function: {function}")),
            "{text}"
        );
    }
    let distinct: &[(&str, &str, &str)] = &[
        ("a = a AND #a = b AND :views > a", "=", "[a]"),
        ("#a <> a", "<>", "[a]"),
        ("a > #a", ">", "[a]"),
        ("((a=a) OR (a=a))", "=", "[a]"),
        ("((a=a) AND (a=a))", "=", "[a]"),
        ("contains(ab.bc[1].a, ab.bc[1].#a)", "contains", "[ab, bc, [1], a]"),
        ("attribute_type(ab.bc[1].#a, ab.bc[1].a)", "attribute_type", "[ab, bc, [1], a]"),
        ("begins_with(ab.bc[1].a, ab.bc[1].#a)", "begins_with", "[ab, bc, [1], a]"),
    ];
    for (text, op, first) in distinct {
        assert_eq!(
            filter(text, names(), None),
            Err(format!("{p}The first operand must be distinct from the remaining operands for this operator or function; operator: {op}, first operand: {first}")),
            "{text}"
        );
    }
    // ":a > :a" is fine: only paths must be distinct.
    assert_eq!(filter(":a > :a", None, Some(json!({":a": {"N": "1"}}))), Ok(()));
    // What "Key attributes must be scalars" is computed from.
    for text in ["attribute_exists(a.b.c) and #a = b", "attribute_exists(#a.b.c)", "attribute_exists(#a[0])"] {
        let p = Placeholders::from_request(names().as_ref(), None).unwrap_or_default();
        let c =
            Condition::parse(text, "FilterExpression", &p, &mut Usage::new()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(c.nested_top_level_names().contains("a"), "{text}");
    }
}

#[test]
fn top_level_names() {
    let c = condition("a.b = :s AND size(#c[1]) > :n OR contains(d, e.f) AND NOT attribute_exists(#dot)");
    let c = c.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.top_level_names().into_iter().collect::<Vec<_>>(), ["a", "a.b", "c", "d", "e"]);
    assert_eq!(c.nested_top_level_names().into_iter().collect::<Vec<_>>(), ["a", "c", "e"]);
}
