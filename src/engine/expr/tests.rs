//! Table-driven tests for the expression engine: parse → printed form,
//! parse → exact DynamoDB message, evaluation, update application,
//! projection, key conditions, legacy parameters, limits at the exact
//! boundary, and a no-panic sweep over generated garbage.

use serde_json::{json, Value};

use super::*;
use crate::engine::error::ApiError;
use crate::engine::schema::{KeyAttribute, KeySchema, KeyValue, ScalarType, SortKeyCondition};
use crate::engine::value::wire::{item_from_wire, item_to_wire};
use crate::engine::value::{AttributeValue, Item, Number};

/// The placeholders every table uses.
fn placeholders() -> Placeholders {
    let names = json!({
        "#a": "a", "#b": "b", "#c": "c", "#n": "n", "#dot": "a.b", "#st": "Status", "#pk": "pk", "#sk": "sk",
        "#one": "1", "#idx": "[3]",
    });
    let values = json!({
        ":s": {"S": "hello"}, ":s2": {"S": "world"}, ":he": {"S": "he"}, ":e": {"S": ""},
        ":n": {"N": "1"}, ":n2": {"N": "2"}, ":n5": {"N": "5"}, ":neg": {"N": "-3"},
        ":b": {"B": "AQI="}, ":b1": {"B": "AQ=="},
        ":ss": {"SS": ["a", "b"]}, ":ns": {"NS": ["1", "2"]}, ":bs": {"BS": ["AQ=="]},
        ":l": {"L": [{"N": "1"}, {"S": "x"}]}, ":el": {"L": []}, ":m": {"M": {"k": {"S": "v"}}},
        ":t": {"BOOL": true}, ":null": {"NULL": true},
        ":tS": {"S": "S"}, ":tN": {"S": "N"}, ":tL": {"S": "L"}, ":tM": {"S": "M"}, ":tDOG": {"S": "DOG"},
        ":big": {"N": "99999999999999999999999999999999999999E+88"},
    });
    match Placeholders::from_request(Some(&names), Some(&values)) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}

fn item(v: Value) -> Item {
    item_from_wire(&v).unwrap_or_else(|e| panic!("{v}: {e}"))
}

fn message(e: ApiError) -> String {
    e.message().to_string()
}

fn condition(text: &str) -> Result<Condition, String> {
    Condition::parse(text, "ConditionExpression", &placeholders(), &mut Usage::new()).map_err(message)
}

fn update(text: &str) -> Result<UpdateExpression, String> {
    UpdateExpression::parse(text, &placeholders(), &mut Usage::new()).map_err(message)
}

fn projection(text: &str) -> Result<Projection, String> {
    Projection::parse(text, &placeholders(), &mut Usage::new()).map_err(message)
}

// ---- conditions: parse ---------------------------------------------------

#[test]
fn valid_conditions_print_back() {
    let cases = [
        ("a = :s", "a = :s"),
        ("#a <> :n", "a <> :n"),
        ("a.b[2].c < :n", "a.b[2].c < :n"),
        ("#dot >= :s", "`a.b` >= :s"),
        ("#st = :s", "`Status` = :s"),
        ("a BETWEEN :n AND :n5", "a BETWEEN :n AND :n5"),
        ("a between b and c", "a BETWEEN b AND c"),
        ("a IN (:s, :n, b)", "a IN (:s, :n, b)"),
        ("a = :s AND b = :n OR c = :n", "((a = :s AND b = :n) OR c = :n)"),
        ("a = :s OR b = :n AND c = :n", "(a = :s OR (b = :n AND c = :n))"),
        ("NOT a = :s AND b = :n", "(NOT a = :s AND b = :n)"),
        ("NOT (a = :s AND b = :n)", "NOT (a = :s AND b = :n)"),
        ("nOt NoT a = :s", "NOT NOT a = :s"),
        ("a = :s AND b = :n AND c = :n", "(a = :s AND b = :n AND c = :n)"),
        ("(a) = :s", "a = :s"),
        ("(a.b).c[1] = :s", "a.b.c[1] = :s"),
        ("attribute_exists(a)", "attribute_exists(a)"),
        ("attribute_not_exists(#a.b)", "attribute_not_exists(a.b)"),
        ("attribute_type(a, :tN)", "attribute_type(a, :tN)"),
        ("attribute_type(:n, :tN)", "attribute_type(:n, :tN)"),
        ("begins_with(a, :he)", "begins_with(a, :he)"),
        ("begins_with(:s, a)", "begins_with(:s, a)"),
        ("contains(a, :n)", "contains(a, :n)"),
        ("size(a) > :n", "size(a) > :n"),
        ("size(a) = b", "size(a) = b"),
        ("size(:s) = :n5", "size(:s) = :n5"),
        ("a = b", "a = b"),
    ];
    for (text, printed) in cases {
        match condition(text) {
            Ok(c) => assert_eq!(c.to_string(), printed, "{text}"),
            Err(e) => panic!("{text}: {e}"),
        }
    }
}

/// The worked example in the parser's documentation.
#[test]
fn parser_worked_example() {
    let p = Placeholders::new(
        &[("#n", "n")],
        &[(":v", AttributeValue::S("x".into())), (":one", num("1")), (":p", AttributeValue::S("p".into()))],
    );
    let mut usage = Usage::new();
    let text = "NOT a.b[1] = :v AND size(#n) > :one OR begins_with(c, :p)";
    let c = Condition::parse(text, "ConditionExpression", &p, &mut usage).map(|c| c.to_string()).map_err(message);
    assert_eq!(c, Ok("((NOT a.b[1] = :v AND size(n) > :one) OR begins_with(c, :p))".to_string()));
    assert_eq!(usage.check_all_used(&p), Ok(()));
}

#[test]
fn invalid_conditions_give_dynamodb_messages() {
    let prefix = "Invalid ConditionExpression: ";
    let cases: &[(&str, &str)] = &[
        // Syntax.
        ("a", "Syntax error; token: \"<EOF>\", near: \"a\""),
        (":s", "Syntax error; token: \"<EOF>\", near: \":s\""),
        ("a = :s AND b", "Syntax error; token: \"<EOF>\", near: \"b\""),
        ("a IN ()", "Syntax error; token: \")\", near: \"()\""),
        ("SIZE(a) = :n)", "Syntax error; token: \")\", near: \":n)\""),
        ("_a = :n", "Syntax error; token: \"_\", near: \"_a\""),
        ("a = :n OR", "Syntax error; token: \"<EOF>\", near: \"OR\""),
        // Parentheses.
        ("((a = :s))", "The expression has redundant parentheses;"),
        ("((a)) = :s", "The expression has redundant parentheses;"),
        ("NOT ((a = :s))", "The expression has redundant parentheses;"),
        ("size(((a))) > :n", "The expression has redundant parentheses;"),
        // Functions.
        ("dog(a) = :n", "Invalid function name; function: dog"),
        ("Size(a) = :n", "Invalid function name; function: Size"),
        ("BEGINS_WITH(a, :s)", "Invalid function name; function: BEGINS_WITH"),
        ("if_not_exists(a, a) = :n", "The function is not allowed in a condition expression; function: if_not_exists"),
        ("list_append(a, a) = :n", "The function is not allowed in a condition expression; function: list_append"),
        ("size(a)", "The function is not allowed to be used this way in an expression; function: size"),
        ("NOT size(a)", "The function is not allowed to be used this way in an expression; function: size"),
        ("a = :s AND size(a)", "The function is not allowed to be used this way in an expression; function: size"),
        ("attribute_exists(a) < :n", "The function is not allowed to be used this way in an expression; function: attribute_exists"),
        ("a IN (contains(a, :s))", "The function is not allowed to be used this way in an expression; function: contains"),
        ("size(contains(a, :s)) = :n", "The function is not allowed to be used this way in an expression; function: contains"),
        ("attribute_exists(a, b)", "Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 2"),
        ("size(a, a) = :n", "Incorrect number of operands for operator or function; operator or function: size, number of operands: 2"),
        ("contains(a)", "Incorrect number of operands for operator or function; operator or function: contains, number of operands: 1"),
        ("contains(a, a)", "The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a]"),
        ("contains(#a.b[1], a.#b[1])", "The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a, b, [1]]"),
        ("a = #a", "The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]"),
        ("attribute_exists(:s)", "Operator or function requires a document path; operator or function: attribute_exists"),
        ("attribute_not_exists(size(a))", "Operator or function requires a document path; operator or function: attribute_not_exists"),
        ("begins_with(a, :n)", "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"),
        ("begins_with(size(a), :s)", "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"),
        ("attribute_type(a, b)", "Incorrect operand type for operator or function; operator or function: attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}"),
        ("attribute_type(a, :n)", "Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N"),
        ("attribute_type(a, :tDOG)", "Invalid attribute type name found; type: DOG, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}"),
        ("size(:n) = :n", "Incorrect operand type for operator or function; operator or function: size, operand type: N"),
        ("size(size(a)) = :n", "Incorrect operand type for operator or function; operator or function: size, operand type: N"),
        ("size(:t) > :n", "Incorrect operand type for operator or function; operator or function: size, operand type: BOOL"),
        ("a < :l", "Incorrect operand type for operator or function; operator or function: <, operand type: L"),
        (":t >= a", "Incorrect operand type for operator or function; operator or function: >=, operand type: BOOL"),
        ("a BETWEEN :ss AND :ss", "Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: SS"),
        ("a BETWEEN :n AND :s", "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:hello}"),
        ("a BETWEEN :n5 AND :n", "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}"),
        ("a BETWEEN :s2 AND :s", "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:world}, upper bound operand: AttributeValue: {S:hello}"),
        // Placeholders.
        ("#gone = :s", "An expression attribute name used in the document path is not defined; attribute name: #gone"),
        ("a = :gone", "An expression attribute value used in expression is not defined; attribute value: :gone"),
        // Reserved words, echoed as written.
        ("Status = :s", "Attribute name is a reserved keyword; reserved keyword: Status"),
        ("a.name = :s", "Attribute name is a reserved keyword; reserved keyword: name"),
        // Precedence: parens > unknown function > misused > reserved > condition.
        ("((Status = :gone))", "The expression has redundant parentheses;"),
        ("Status = :s AND dog(a) = :n AND ((b = :n))", "The expression has redundant parentheses;"),
        ("Status = :gone AND dog(a) = :n", "Invalid function name; function: dog"),
        ("Status = :gone AND size(a)", "The function is not allowed to be used this way in an expression; function: size"),
        ("a = :gone AND Status = :s", "Attribute name is a reserved keyword; reserved keyword: Status"),
        // Within the conditions: the first faulty condition wins...
        ("begins_with(a, :n) AND b = :gone", "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"),
        ("b = :gone AND begins_with(a, :n)", "An expression attribute value used in expression is not defined; attribute value: :gone"),
        // ... and within one condition: undefined > count > distinct > type.
        ("contains(#x, #x)", "An expression attribute name used in the document path is not defined; attribute name: #x"),
        ("begins_with(a, :n, :gone)", "An expression attribute value used in expression is not defined; attribute value: :gone"),
    ];
    for (text, expected) in cases {
        assert_eq!(condition(text).map(|c| c.to_string()), Err(format!("{prefix}{expected}")), "{text}");
    }
    // The member names the request member.
    let filter = Condition::parse("a", "FilterExpression", &placeholders(), &mut Usage::new()).map_err(message);
    assert_eq!(filter, Err("Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"a\"".to_string()));
}

#[test]
fn errors_carry_the_offending_span() {
    let span = |text: &str| match Condition::parse(text, "ConditionExpression", &placeholders(), &mut Usage::new()) {
        Err(ApiError::InvalidExpression { span, member, .. }) => {
            assert_eq!(member, "ConditionExpression");
            text.get(span).unwrap_or("?").to_string()
        }
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(span("a = = :v"), "=");
    assert_eq!(span("a = :s AND Status = :s"), "Status");
    assert_eq!(span("a = :s AND b = :nope"), ":nope");
    assert_eq!(span("a = #nope"), "#nope");
    assert_eq!(span("dog(a) = :n"), "dog(a)");
    assert_eq!(span("begins_with(a, :n)"), ":n");
    assert_eq!(span("((a = :s))"), "((a = :s))");
    assert_eq!(span("a"), "");
}

#[test]
fn usage_records_placeholders() {
    let p = placeholders();
    let mut usage = Usage::new();
    let parsed = Condition::parse("#a = :s AND contains(#b, :n)", "ConditionExpression", &p, &mut usage);
    assert!(parsed.is_ok());
    assert_eq!(usage.names().collect::<Vec<_>>(), ["#a", "#b"]);
    assert_eq!(usage.values().collect::<Vec<_>>(), [":n", ":s"]);
    let names = Placeholders::from_request(Some(&json!({"#a": "a", "#b": "b"})), None).unwrap_or_default();
    let mut usage = Usage::new();
    let _ = Condition::parse("#a = b", "ConditionExpression", &names, &mut usage);
    assert_eq!(
        usage.check_all_used(&names).map_err(message),
        Err("Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}".to_string())
    );
}

// ---- conditions: evaluation ------------------------------------------------

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

// ---- updates ---------------------------------------------------------------

#[test]
fn valid_updates_print_back() {
    let cases = [
        ("SET a = :s", "SET a = :s"),
        (
            "set a=:s,b=:n remove c,d[1] add e :n delete f :ss",
            "SET a = :s, b = :n REMOVE c, d[1] ADD e :n DELETE f :ss",
        ),
        ("REMOVE a SET b = a", "REMOVE a SET b = a"),
        ("SET a = b + :n, c = :n - d", "SET a = b + :n, c = :n - d"),
        ("SET a = (b + :n)", "SET a = b + :n"),
        ("SET a = (b) + (:n)", "SET a = b + :n"),
        ("SET a = (b) - :n", "SET a = b - :n"),
        ("SET b.c=((c[1])+(b.a)),b.a = a", "SET b.c = c[1] + b.a, b.a = a"),
        ("SET a = if_not_exists(a, :n) + :n", "SET a = if_not_exists(a, :n) + :n"),
        ("SET a = list_append(if_not_exists(a, :el), :l)", "SET a = list_append(if_not_exists(a, :el), :l)"),
        ("SET #dot = :s, #a.#one = :n", "SET `a.b` = :s, a.`1` = :n"),
        ("ADD a :ns, b :n", "ADD a :ns, b :n"),
    ];
    for (text, printed) in cases {
        match update(text) {
            Ok(u) => assert_eq!(u.to_string(), printed, "{text}"),
            Err(e) => panic!("{text}: {e}"),
        }
    }
}

#[test]
fn invalid_updates_give_dynamodb_messages() {
    let prefix = "Invalid UpdateExpression: ";
    let cases: &[(&str, &str)] = &[
        ("INVALID SYNTAX HERE", "Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\""),
        ("SET a = b + c + d", "Syntax error; token: \"+\", near: \"c + d\""),
        ("SET a = if_not_exist(a, :n)", "Invalid function name; function: if_not_exist"),
        ("SET a = LIST_APPEND(a, :l)", "Invalid function name; function: LIST_APPEND"),
        ("SET a = size(b)", "The function is not allowed in an update expression; function: size"),
        ("SET a = :n SET b = :n", "The \"SET\" section can only be used once in an update expression;"),
        ("remove #d set a = b remove e", "The \"REMOVE\" section can only be used once in an update expression;"),
        ("remove c set a = b remove e", "The \"REMOVE\" section can only be used once in an update expression;"),
        ("add d :n set a = b add e :n", "The \"ADD\" section can only be used once in an update expression;"),
        ("delete d :ss set a = b delete e :ss", "The \"DELETE\" section can only be used once in an update expression;"),
        (" set #c = :s set abOrt = :t ", "Attribute name is a reserved keyword; reserved keyword: abOrt"),
        (" remove Absolute ", "Attribute name is a reserved keyword; reserved keyword: Absolute"),
        ("SET #zz = :n", "An expression attribute name used in the document path is not defined; attribute name: #zz"),
        ("SET a = :zz", "An expression attribute value used in expression is not defined; attribute value: :zz"),
        ("SET a = :zz, #zz = :n", "An expression attribute name used in the document path is not defined; attribute name: #zz"),
        // Overlaps and conflicts (dynalite test/updateItem.js).
        ("set d[1] = a, d.b = a, c[1].a = a, #c = if_not_exists(a, :n)", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c, [1], a], path two: [c]"),
        ("set c.b.#c = a, c = a, #n = a", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c, b, c], path two: [c]"),
        ("set a = b remove a, #c, #n", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"),
        ("set #c[3].#idx = a, #c[3] = a", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c, [3], [3]], path two: [c, [3]]"),
        ("remove c, #c.a, #n", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c], path two: [c, a]"),
        ("SET #a = :n, #a = :s", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"),
        ("set #c[3].#idx = a, #c.#idx[3] = if_not_exists(a, :n)", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [c, [3], [3]], path two: [c, [3], [3]]"),
        ("remove a.#c set a[1] = b", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, c], path two: [a, [1]]"),
        ("SET a.b.c = :n, a.b[2] = :s", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b, c], path two: [a, b, [2]]"),
        // ADD / DELETE operand types.
        ("add a.b :s", "Incorrect operand type for operator or function; operator: ADD, operand type: STRING"),
        ("delete a.b :s", "Incorrect operand type for operator or function; operator: DELETE, operand type: STRING"),
        ("add a.b :null", "Incorrect operand type for operator or function; operator: ADD, operand type: NULL"),
        ("delete a.b :t", "Incorrect operand type for operator or function; operator: DELETE, operand type: BOOLEAN"),
        ("add a.b :b", "Incorrect operand type for operator or function; operator: ADD, operand type: BINARY"),
        ("add a.b :m", "Incorrect operand type for operator or function; operator: ADD, operand type: MAP"),
        ("add a.b :l", "Incorrect operand type for operator or function; operator: ADD, operand type: LIST"),
        ("delete a.b :n", "Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER"),
        ("set b = list_append(:s, a), c = if_not_exists(a, :n) add a.b :s", "Incorrect operand type for operator or function; operator: ADD, operand type: STRING"),
        // Functions.
        ("set a = if_not_exists(c)", "Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1"),
        ("set a = list_append(c)", "Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 1"),
        ("set a = list_append(:l, :l, :l)", "Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 3"),
        ("set a = if_not_exists(:s, c)", "Operator or function requires a document path; operator or function: if_not_exists"),
        ("set a = if_not_exists(if_not_exists(a, b), c)", "Operator or function requires a document path; operator or function: if_not_exists"),
        ("set a = list_append(:s, a)", "Incorrect operand type for operator or function; operator or function: list_append, operand type: S"),
        ("set a = list_append(a, :n)", "Incorrect operand type for operator or function; operator or function: list_append, operand type: N"),
        ("set a = list_append(:m, a)", "Incorrect operand type for operator or function; operator or function: list_append, operand type: M"),
        ("set a = list_append(list_append(:l, :l), :l)", "The function is not allowed to be used this way in an expression; function: list_append"),
        ("set a = a + :s", "Incorrect operand type for operator or function; operator or function: +, operand type: S"),
        ("set a = :b - a", "Incorrect operand type for operator or function; operator or function: -, operand type: B"),
        ("set a = a - :ss", "Incorrect operand type for operator or function; operator or function: -, operand type: SS"),
        ("set a = a + :l", "Incorrect operand type for operator or function; operator or function: +, operand type: L"),
        // Precedence: reserved > unknown function > section > name > value > overlap > conflict > operand > function.
        ("SET a = dog(b) SET Status = :zz", "Attribute name is a reserved keyword; reserved keyword: Status"),
        ("SET a = dog(b) SET b = :zz", "Invalid function name; function: dog"),
        ("SET a = :zz SET b = #zz", "The \"SET\" section can only be used once in an update expression;"),
        ("SET a = :zz, b = #zz", "An expression attribute name used in the document path is not defined; attribute name: #zz"),
        ("SET a = :zz, a = :n", "An expression attribute value used in expression is not defined; attribute value: :zz"),
        ("SET a.b = :n, a[1] = :n, a = :n", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]"),
        ("SET a.b = :n, a[1] = :n ADD c :s", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]"),
        ("SET a = b + :s ADD c :s", "Incorrect operand type for operator or function; operator: ADD, operand type: STRING"),
    ];
    for (text, expected) in cases {
        assert_eq!(update(text).map(|u| u.to_string()), Err(format!("{prefix}{expected}")), "{text}");
    }
}

/// dynalite test/updateItem.js: every one of these is a syntax error.
#[test]
fn dynalite_update_syntax_errors() {
    let texts = [
        "whatever",
        "set a",
        "add a",
        "delete a",
        "set a=set",
        "remove a = b",
        "add a = b",
        "delete a = b",
        "delete a b",
        "delete a if_not_exist(b)",
        "add abort b",
        "add a if_not_exist(b)",
        "remove a b",
        "set a b",
        "set :a = b",
        "add :a b",
        "delete :a b",
        "remove :a",
        "set a = b / c",
        "set a = b * c",
        "set a[1] = \"eight\"",
        "set a[1] = 1",
        "SET a = if_not_exist(a, 100)",
        "SET if_not_exist(a, b) = a",
        "set (a = (b + c))",
        "set a = (b.c).d + e",
        "set a = (b.c)[0] + e",
        "set a = b + c + d",
        "SET a = _f(b,c,d)",
        "SET hi$there = :n",
        "SET # = :n",
        "SET a = :",
    ];
    for text in texts {
        let got = update(text).map(|_| ());
        assert!(matches!(&got, Err(m) if m.starts_with("Invalid UpdateExpression: Syntax error; ")), "{text}: {got:?}");
    }
}

/// Applies `text` to `before` and returns the new item (wire JSON) or the message.
fn apply(text: &str, before: Value) -> Result<Value, String> {
    let u = update(text)?;
    u.apply(&item(before)).map(|i| item_to_wire(&i)).map_err(message)
}

#[test]
fn update_application_table() {
    let cases: Vec<(&str, Value, Result<Value, &str>)> = vec![
        ("SET a = :s", json!({}), Ok(json!({"a": {"S": "hello"}}))),
        ("SET a = :s", json!({"a": {"N": "1"}, "k": {"S": "x"}}), Ok(json!({"a": {"S": "hello"}, "k": {"S": "x"}}))),
        // Values are read from the old item: a swap works.
        ("SET a = b, b = a", json!({"a": {"N": "1"}, "b": {"N": "2"}}), Ok(json!({"a": {"N": "2"}, "b": {"N": "1"}}))),
        (
            "SET x = :n, y = x",
            json!({}),
            Err("The provided expression refers to an attribute that does not exist in the item"),
        ),
        ("REMOVE a SET b = a", json!({"a": {"S": "hi"}}), Ok(json!({"b": {"S": "hi"}}))),
        ("SET a = a + :n", json!({"a": {"N": "41"}}), Ok(json!({"a": {"N": "42"}}))),
        ("SET a = :n - a", json!({"a": {"N": "0.5"}}), Ok(json!({"a": {"N": "0.5"}}))),
        (
            "SET a = a + :n",
            json!({"a": {"S": "x"}}),
            Err("An operand in the update expression has an incorrect data type"),
        ),
        (
            "SET a = a + :n",
            json!({}),
            Err("The provided expression refers to an attribute that does not exist in the item"),
        ),
        (
            "SET a = :big + :big",
            json!({}),
            Err("Number overflow. Attempting to store a number with magnitude larger than supported range"),
        ),
        ("SET a = if_not_exists(a, :n)", json!({}), Ok(json!({"a": {"N": "1"}}))),
        ("SET a = if_not_exists(a, :n)", json!({"a": {"N": "7"}}), Ok(json!({"a": {"N": "7"}}))),
        ("SET b = if_not_exists(c, a)", json!({"a": {"S": "k"}}), Ok(json!({"a": {"S": "k"}, "b": {"S": "k"}}))),
        ("SET a = if_not_exists(a, :n) + :n2", json!({}), Ok(json!({"a": {"N": "3"}}))),
        (
            "SET a = list_append(a, :l)",
            json!({"a": {"L": [{"N": "0"}]}}),
            Ok(json!({"a": {"L": [{"N": "0"}, {"N": "1"}, {"S": "x"}]}})),
        ),
        (
            "SET a = list_append(:l, a)",
            json!({"a": {"L": [{"N": "0"}]}}),
            Ok(json!({"a": {"L": [{"N": "1"}, {"S": "x"}, {"N": "0"}]}})),
        ),
        (
            "SET a = list_append(if_not_exists(a, :el), :l)",
            json!({}),
            Ok(json!({"a": {"L": [{"N": "1"}, {"S": "x"}]}})),
        ),
        (
            "SET a = list_append(a, :l)",
            json!({}),
            Err("The provided expression refers to an attribute that does not exist in the item"),
        ),
        (
            "SET a = list_append(a, :l)",
            json!({"a": {"SS": ["x"]}}),
            Err("An operand in the update expression has an incorrect data type"),
        ),
        // Nested paths.
        ("SET m.k = :s", json!({"m": {"M": {}}}), Ok(json!({"m": {"M": {"k": {"S": "hello"}}}}))),
        ("SET m.k = :s", json!({}), Err("The document path provided in the update expression is invalid for update")),
        (
            "SET m.k = :s",
            json!({"m": {"S": "x"}}),
            Err("The document path provided in the update expression is invalid for update"),
        ),
        (
            "SET m[0] = :s",
            json!({"m": {"M": {}}}),
            Err("The document path provided in the update expression is invalid for update"),
        ),
        (
            "SET l.#one = :s",
            json!({"l": {"L": []}}),
            Err("The document path provided in the update expression is invalid for update"),
        ),
        ("REMOVE y.a", json!({}), Err("The document path provided in the update expression is invalid for update")),
        ("REMOVE m.gone", json!({"m": {"M": {}}}), Ok(json!({"m": {"M": {}}}))),
        ("REMOVE gone", json!({"a": {"N": "1"}}), Ok(json!({"a": {"N": "1"}}))),
        ("ADD y.a :n", json!({}), Err("The document path provided in the update expression is invalid for update")),
        (
            "DELETE y.a :ss",
            json!({"y": {"L": []}}),
            Err("The document path provided in the update expression is invalid for update"),
        ),
        // Lists: indexes past the end append, in index order; removals close up; indexes refer to the old list.
        ("SET l[5] = :s", json!({"l": {"L": [{"N": "0"}]}}), Ok(json!({"l": {"L": [{"N": "0"}, {"S": "hello"}]}}))),
        ("SET l[9] = :n2, l[7] = :n", json!({"l": {"L": []}}), Ok(json!({"l": {"L": [{"N": "1"}, {"N": "2"}]}}))),
        (
            "SET l[1] = :s",
            json!({"l": {"L": [{"N": "0"}, {"N": "1"}, {"N": "2"}]}}),
            Ok(json!({"l": {"L": [{"N": "0"}, {"S": "hello"}, {"N": "2"}]}})),
        ),
        (
            "REMOVE l[1], l[2]",
            json!({"l": {"L": [{"N": "0"}, {"N": "1"}, {"N": "2"}, {"N": "3"}]}}),
            Ok(json!({"l": {"L": [{"N": "0"}, {"N": "3"}]}})),
        ),
        ("REMOVE l[17]", json!({"l": {"L": [{"N": "4"}]}}), Ok(json!({"l": {"L": [{"N": "4"}]}}))),
        (
            "REMOVE a[1] SET a[3] = :n5",
            json!({"a": {"L": [{"N": "2"}, {"N": "3"}, {"N": "4"}, {"N": "5"}, {"N": "6"}, {"N": "7"}]}}),
            Ok(json!({"a": {"L": [{"N": "2"}, {"N": "4"}, {"N": "5"}, {"N": "6"}, {"N": "7"}]}})),
        ),
        (
            "SET a[3] = :n REMOVE a[1]",
            json!({"a": {"L": [{"N": "2"}, {"N": "3"}, {"N": "4"}, {"N": "5"}, {"N": "6"}, {"N": "7"}]}}),
            Ok(json!({"a": {"L": [{"N": "2"}, {"N": "4"}, {"N": "1"}, {"N": "6"}, {"N": "7"}]}})),
        ),
        ("SET l[0].k = :s", json!({"l": {"L": [{"M": {}}]}}), Ok(json!({"l": {"L": [{"M": {"k": {"S": "hello"}}}]}}))),
        (
            "SET l[3].k = :s",
            json!({"l": {"L": [{"M": {}}]}}),
            Err("The document path provided in the update expression is invalid for update"),
        ),
        // ADD.
        ("ADD a :n", json!({}), Ok(json!({"a": {"N": "1"}}))),
        ("ADD a :neg", json!({"a": {"N": "5"}}), Ok(json!({"a": {"N": "2"}}))),
        ("ADD a :ss", json!({"a": {"SS": ["b", "c"]}}), Ok(json!({"a": {"SS": ["a", "b", "c"]}}))),
        ("ADD a :ns", json!({"a": {"NS": ["3"]}}), Ok(json!({"a": {"NS": ["1", "2", "3"]}}))),
        ("ADD a :bs", json!({}), Ok(json!({"a": {"BS": ["AQ=="]}}))),
        ("ADD a :n", json!({"a": {"S": "x"}}), Err("An operand in the update expression has an incorrect data type")),
        (
            "ADD a :ns",
            json!({"a": {"SS": ["x"]}}),
            Err("An operand in the update expression has an incorrect data type"),
        ),
        ("ADD a :ss", json!({"a": {"L": []}}), Err("An operand in the update expression has an incorrect data type")),
        (
            "ADD a :big",
            json!({"a": {"N": "9.9E125"}}),
            Err("Number overflow. Attempting to store a number with magnitude larger than supported range"),
        ),
        ("ADD l[4] :n", json!({"l": {"L": [{"N": "0"}]}}), Ok(json!({"l": {"L": [{"N": "0"}, {"N": "1"}]}}))),
        // DELETE.
        ("DELETE a :ss", json!({"a": {"SS": ["a", "b", "c"]}}), Ok(json!({"a": {"SS": ["c"]}}))),
        ("DELETE a :ss", json!({"a": {"SS": ["a"]}, "k": {"N": "1"}}), Ok(json!({"k": {"N": "1"}}))),
        ("DELETE a :ss", json!({}), Ok(json!({}))),
        ("DELETE a :ns", json!({"a": {"NS": ["7"]}}), Ok(json!({"a": {"NS": ["7"]}}))),
        (
            "DELETE a :ns",
            json!({"a": {"SS": ["1"]}}),
            Err("An operand in the update expression has an incorrect data type"),
        ),
        (
            "DELETE a :ns",
            json!({"a": {"N": "1"}}),
            Err("An operand in the update expression has an incorrect data type"),
        ),
        ("DELETE m.s :ss", json!({"m": {"M": {"s": {"SS": ["a"]}}}}), Ok(json!({"m": {"M": {}}}))),
    ];
    for (text, before, expected) in cases {
        let expected = expected.map_err(str::to_string);
        assert_eq!(apply(text, before.clone()), expected, "{text} on {before}");
    }
}

/// The worked example of dynalite test/updateItem.js "should update nested
/// attributes", with its UPDATED_NEW projection.
#[test]
fn nested_update_worked_example() {
    let key = json!({"S": "k"});
    let before = json!({
        "a": key,
        "b": {"M": {"a": {"N": "1"}, "b": {"N": "2"}, "c": {"N": "3"}}},
        "c": {"L": [{"N": "1"}, {"N": "3"}]},
    });
    let p = Placeholders::new(&[], &[(":a", num("2")), (":b", AttributeValue::Ss(vec!["a".into()]))]);
    let u = UpdateExpression::parse(
        "set b.c=((c[1])+(b.a)),b.a = a,c[1] = a, c[4] = b.a - b.b, c[2] = b.c add c[8] :b, c[6] :a",
        &p,
        &mut Usage::new(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let after = u.apply(&item(before)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        item_to_wire(&after),
        json!({
            "a": key,
            "b": {"M": {"a": key, "b": {"N": "2"}, "c": {"N": "4"}}},
            "c": {"L": [{"N": "1"}, key, {"N": "3"}, {"N": "-1"}, {"N": "2"}, {"SS": ["a"]}]},
        })
    );
    assert_eq!(
        item_to_wire(&u.updated_paths().apply(&after)),
        json!({"b": {"M": {"a": key, "c": {"N": "4"}}}, "c": {"L": [key, {"N": "3"}, {"N": "2"}]}})
    );
    assert_eq!(u.top_level_names_written().into_iter().collect::<Vec<_>>(), ["b", "c"]);
    assert_eq!(u.nested_top_level_names().into_iter().collect::<Vec<_>>(), ["b", "c"]);
}

fn num(text: &str) -> AttributeValue {
    AttributeValue::N(Number::parse(text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

#[test]
fn update_metadata() {
    let u =
        update("SET a = :n, b.c = d[1], e = list_append(f.g, :l) REMOVE h ADD i :ss").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(u.top_level_names_written().into_iter().collect::<Vec<_>>(), ["a", "b", "e", "h", "i"]);
    assert_eq!(u.nested_top_level_names().into_iter().collect::<Vec<_>>(), ["b", "d", "f"]);
    assert_eq!(u.written_type("a"), Some("N"));
    assert_eq!(u.written_type("e"), Some("L"));
    assert_eq!(u.written_type("i"), Some("SS"));
    assert_eq!(u.written_type("h"), None);
    assert_eq!(u.written_type("b"), None);
    assert_eq!(u.updated_paths().to_string(), "a, b.c, e, h, i");
}

#[test]
fn runtime_errors_point_at_the_action() {
    let text = "SET a = :n, b = gone";
    let u = update(text).unwrap_or_else(|e| panic!("{e}"));
    match u.apply(&Item::new()) {
        Err(ApiError::InvalidExpression { message, member, span }) => {
            assert_eq!(message, "The provided expression refers to an attribute that does not exist in the item");
            assert_eq!(member, "UpdateExpression");
            assert_eq!(text.get(span), Some("b = gone"));
        }
        other => panic!("{other:?}"),
    }
}

// ---- projections -----------------------------------------------------------

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

// ---- key conditions ---------------------------------------------------------

fn schema(sort: Option<ScalarType>) -> KeySchema {
    KeySchema {
        partition_key: KeyAttribute { name: "pk".into(), scalar_type: ScalarType::S },
        sort_key: sort.map(|scalar_type| KeyAttribute { name: "sk".into(), scalar_type }),
    }
}

fn key(text: &str, sort: Option<ScalarType>) -> Result<KeyCondition, String> {
    parse_key_condition(text, &placeholders(), &mut Usage::new(), &schema(sort)).map_err(message)
}

use crate::engine::schema::KeyCondition;

#[test]
fn key_conditions() {
    let s = |v: &str| KeyValue::S(v.to_string());
    let n = |v: &str| match num(v) {
        AttributeValue::N(n) => KeyValue::N(n),
        _ => unreachable!(),
    };
    let cases: Vec<(&str, Option<ScalarType>, KeyCondition)> = vec![
        ("pk = :s", None, KeyCondition { partition: s("hello"), sort: None }),
        ("#pk = :s", Some(ScalarType::N), KeyCondition { partition: s("hello"), sort: None }),
        (
            "pk = :s AND sk = :n",
            Some(ScalarType::N),
            KeyCondition { partition: s("hello"), sort: Some(SortKeyCondition::Eq(n("1"))) },
        ),
        (
            "sk < :n AND pk = :s",
            Some(ScalarType::N),
            KeyCondition { partition: s("hello"), sort: Some(SortKeyCondition::Lt(n("1"))) },
        ),
        (
            ":s = pk AND :n <= sk",
            Some(ScalarType::N),
            KeyCondition { partition: s("hello"), sort: Some(SortKeyCondition::Ge(n("1"))) },
        ),
        (
            "pk = :s AND :n > #sk",
            Some(ScalarType::N),
            KeyCondition { partition: s("hello"), sort: Some(SortKeyCondition::Lt(n("1"))) },
        ),
        (
            "(pk = :s) AND (sk BETWEEN :n AND :n5)",
            Some(ScalarType::N),
            KeyCondition { partition: s("hello"), sort: Some(SortKeyCondition::Between(n("1"), n("5"))) },
        ),
        (
            "pk = :s and begins_with(sk, :he)",
            Some(ScalarType::S),
            KeyCondition { partition: s("hello"), sort: Some(SortKeyCondition::BeginsWith(s("he"))) },
        ),
        (
            "pk = :s AND sk >= :s2",
            Some(ScalarType::S),
            KeyCondition { partition: s("hello"), sort: Some(SortKeyCondition::Ge(s("world"))) },
        ),
    ];
    for (text, sort, expected) in cases {
        assert_eq!(key(text, sort), Ok(expected), "{text}");
    }
}

#[test]
fn invalid_key_conditions() {
    let n = Some(ScalarType::N);
    let cases: &[(&str, Option<ScalarType>, &str)] = &[
        ("", n, "Invalid KeyConditionExpression: The expression can not be empty;"),
        ("things are not gonna be ok", n, "Invalid KeyConditionExpression: Syntax error; token: \"are\", near: \"things are not\""),
        ("attribute_type(a, b)", n, "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}"),
        ("attribute_type(a, :tS)", n, "Invalid operator used in KeyConditionExpression: attribute_type"),
        ("a > b and size(b) > c or a > c", n, "Invalid operator used in KeyConditionExpression: OR"),
        ("a in (b, size(c), d)", n, "Invalid operator used in KeyConditionExpression: IN"),
        ("attribute_exists(a)", n, "Invalid operator used in KeyConditionExpression: attribute_exists"),
        ("attribute_not_exists(a)", n, "Invalid operator used in KeyConditionExpression: attribute_not_exists"),
        ("contains(a.d, b)", n, "Invalid operator used in KeyConditionExpression: contains"),
        ("not a > b", n, "Invalid operator used in KeyConditionExpression: NOT"),
        ("a <> b", n, "Invalid operator used in KeyConditionExpression: <>"),
        (":s between size(b) and size(a) and b > :n", n, "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand"),
        ("begins_with(:s, b) and a > :n", n, "Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand"),
        ("size(b) > a AND a.b > b AND b > c", n, "Invalid KeyConditionExpression: KeyConditionExpressions cannot contain nested operations"),
        ("a > size(b.d)", n, "Invalid KeyConditionExpression: KeyConditionExpressions cannot contain nested operations"),
        ("b > a.b", n, "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"),
        ("b between c[1] and d", n, "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"),
        ("begins_with(a, b)", n, "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"),
        ("b.d > a AND c.d > e.f", n, "Invalid KeyConditionExpression: KeyConditionExpressions cannot have conditions on nested attributes"),
        ("b[0] > a", n, "Invalid KeyConditionExpression: KeyConditionExpressions cannot have conditions on nested attributes"),
        (":n2 > :n AND a < :n2", n, "Invalid condition in KeyConditionExpression: No key attribute specified"),
        ("b > :n AND b < :n and c = :n and d = :n", n, "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key"),
        ("pk = :s AND sk > :n AND sk < :n5", n, "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key"),
        ("a between :n and :s", n, "Invalid KeyConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:hello}"),
        ("pk = :s AND sk > :n AND extra = :n2", n, "The number of query conditions (3) exceeds the number of key attributes defined in the schema (2)"),
        ("PK = :s AND SK = :n", None, "The number of query conditions (2) exceeds the number of key attributes defined in the schema (1)"),
        ("sk = :n", n, "Query condition missed key schema element: pk"),
        ("x = :s", None, "Query condition missed key schema element: pk"),
        ("pk = :s AND x = :n", n, "Query condition missed key schema element: sk"),
        ("pk < :s", n, "Query key condition not supported"),
        ("begins_with(pk, :s)", n, "Query key condition not supported"),
        ("pk = :n", n, "One or more parameter values were invalid: Condition parameter type does not match schema type"),
        ("pk = :s AND sk = :t", n, "One or more parameter values were invalid: Condition parameter type does not match schema type"),
        ("pk = :s AND begins_with(sk, :s)", n, "One or more parameter values were invalid: Condition parameter type does not match schema type"),
        ("pk = :s AND begins_with(sk, :n)", n, "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"),
        ("pk = :s AND sk < :t", n, "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: <, operand type: BOOL"),
        ("pk = :s AND sk BETWEEN :t AND :t", n, "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: BOOL"),
        ("pk = :gone AND begins_with(sk, :n)", n, "Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :gone"),
        ("begins_with(sk, :n) AND pk = :gone", n, "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"),
        ("pk = :e", n, "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk"),
    ];
    for (text, sort, expected) in cases {
        assert_eq!(key(text, *sort), Err(expected.to_string()), "{text}");
    }
}

// ---- legacy parameters -------------------------------------------------------

#[test]
fn legacy_expected_and_filters() {
    let it = item(json!({"a": {"S": "hello"}, "n": {"N": "5"}, "ss": {"SS": ["x", "y"]}}));
    let eval = |c: crate::engine::error::Result<Condition>| c.map(|c| c.evaluate(Some(&it))).map_err(message);
    let cases: &[(Value, Option<&str>, Result<bool, &str>)] = &[
        (json!({"a": {"Value": {"S": "hello"}}}), None, Ok(true)),
        (json!({"a": {"Value": {"S": "hello"}, "Exists": true}}), None, Ok(true)),
        (json!({"b": {"Exists": false}}), None, Ok(true)),
        (json!({"a": {"Exists": false}}), None, Ok(false)),
        (json!({"n": {"ComparisonOperator": "GT", "AttributeValueList": [{"N": "4"}]}}), None, Ok(true)),
        (json!({"n": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [{"N": "1"}, {"N": "5"}]}}), None, Ok(true)),
        (json!({"n": {"ComparisonOperator": "IN", "AttributeValueList": [{"N": "1"}, {"N": "5"}]}}), None, Ok(true)),
        (json!({"ss": {"ComparisonOperator": "CONTAINS", "AttributeValueList": [{"S": "x"}]}}), None, Ok(true)),
        (json!({"ss": {"ComparisonOperator": "NOT_CONTAINS", "AttributeValueList": [{"S": "x"}]}}), None, Ok(false)),
        (json!({"a": {"ComparisonOperator": "BEGINS_WITH", "Value": {"S": "he"}}}), None, Ok(true)),
        (json!({"z": {"ComparisonOperator": "NULL"}}), None, Ok(true)),
        (json!({"z": {"ComparisonOperator": "NE", "AttributeValueList": [{"S": "q"}]}}), None, Ok(true)),
        (json!({"a": {"ComparisonOperator": "NOT_NULL"}, "z": {"ComparisonOperator": "NOT_NULL"}}), None, Ok(false)),
        (json!({"a": {"ComparisonOperator": "NOT_NULL"}, "z": {"ComparisonOperator": "NOT_NULL"}}), Some("OR"), Ok(true)),
        (json!({}), None, Ok(true)),
        (json!({"a": {}}), None, Err("One or more parameter values were invalid: Value must be provided when Exists is null for Attribute: a")),
        (json!({"a": {"Exists": true}}), None, Err("One or more parameter values were invalid: Value must be provided when Exists is true for Attribute: a")),
        (json!({"a": {"Exists": false, "Value": {"S": "a"}}}), None, Err("One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: a")),
        (json!({"a": {"Value": {"S": "a"}, "AttributeValueList": []}}), None, Err("One or more parameter values were invalid: Value and AttributeValueList cannot be used together for Attribute: a")),
        (json!({"a": {"ComparisonOperator": "EQ", "Exists": true}}), None, Err("One or more parameter values were invalid: Exists and ComparisonOperator cannot be used together for Attribute: a")),
        (json!({"a": {"ComparisonOperator": "EQ"}}), None, Err("One or more parameter values were invalid: Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a")),
        (json!({"a": {"AttributeValueList": [{"S": "a"}]}}), None, Err("One or more parameter values were invalid: AttributeValueList can only be used with a ComparisonOperator for Attribute: a")),
        (json!({"a": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "a"}, {"S": "b"}]}}), None, Err("One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator")),
        (json!({"a": {"ComparisonOperator": "IN", "AttributeValueList": [{"S": "a"}, {"N": "1"}]}}), None, Err("One or more parameter values were invalid: AttributeValues inside AttributeValueList must be of same type")),
        (json!({"a": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [{"S": "b"}, {"S": "a"}]}}), None, Err("The BETWEEN condition was provided a range where the lower bound is greater than the upper bound")),
        (json!({"a": {"ComparisonOperator": "LT", "AttributeValueList": [{"BOOL": true}]}}), None, Err("One or more parameter values were invalid: ComparisonOperator LT is not valid for BOOL AttributeValue type")),
        (json!({"a": {"ComparisonOperator": "XX", "AttributeValueList": [{"S": "a"}]}}), None, Err("1 validation error detected: Value 'XX' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]")),
        (json!({"a": {"Value": {"S": "hello"}}}), Some("XOR"), Err("1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]")),
        (json!({"a": {"Value": {"SS": []}}}), None, Err("One or more parameter values were invalid: An string set  may not be empty")),
    ];
    for (expected_param, op, result) in cases {
        let result = result.map_err(str::to_string);
        assert_eq!(eval(legacy::expected(expected_param, *op)), result, "{expected_param} {op:?}");
    }
    let filter_cases: &[(Value, Result<bool, &str>)] = &[
        (json!({"n": {"ComparisonOperator": "LE", "AttributeValueList": [{"N": "5"}]}}), Ok(true)),
        (json!({"a": {"ComparisonOperator": "EQ", "AttributeValueList": [{"L": []}]}}), Ok(false)),
        (json!({"a": {"ComparisonOperator": "GT"}}), Err("One or more parameter values were invalid: Invalid number of argument(s) for the GT ComparisonOperator")),
        (json!({"a": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [{"N": "1"}]}}), Err("One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type")),
        (json!({"a": {"AttributeValueList": [{"N": "1"}]}}), Err("1 validation error detected: Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null")),
    ];
    for (param, result) in filter_cases {
        let result = result.map_err(str::to_string);
        assert_eq!(eval(legacy::filter(param, None, "ScanFilter")), result, "{param}");
    }
}

#[test]
fn legacy_key_conditions() {
    let composite = schema(Some(ScalarType::N));
    let kc = |v: Value, s: &KeySchema| legacy::key_conditions(&v, s).map_err(message);
    assert_eq!(
        kc(
            json!({"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "a"}]}, "sk": {"ComparisonOperator": "GE", "AttributeValueList": [{"N": "2"}]}}),
            &composite
        ),
        Ok(KeyCondition {
            partition: KeyValue::S("a".into()),
            sort: Some(SortKeyCondition::Ge(match num("2") {
                AttributeValue::N(n) => KeyValue::N(n),
                _ => unreachable!(),
            }))
        })
    );
    let errors: &[(Value, &str)] = &[
        (json!({}), "Conditions can be of length 1 or 2 only"),
        (
            json!({"a": {"ComparisonOperator": "NULL"}, "b": {"ComparisonOperator": "NULL"}, "c": {"ComparisonOperator": "NULL"}}),
            "Conditions can be of length 1 or 2 only",
        ),
        (
            json!({"sk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"N": "1"}]}}),
            "Query condition missed key schema element: pk",
        ),
        (
            json!({"pk": {"ComparisonOperator": "NULL"}}),
            "Attempted conditional constraint is not an indexable operation",
        ),
        (
            json!({"pk": {"ComparisonOperator": "LT", "AttributeValueList": [{"S": "a"}]}}),
            "Query key condition not supported",
        ),
        (
            json!({"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"N": "1"}]}}),
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
        ),
        (
            json!({"pk": {"ComparisonOperator": "EQ"}}),
            "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator",
        ),
    ];
    for (param, expected) in errors {
        assert_eq!(kc(param.clone(), &composite), Err(expected.to_string()), "{param}");
    }
    let hash_only = schema(None);
    assert_eq!(
        kc(
            json!({"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "a"}]}, "b": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "b"}]}}),
            &hash_only
        ),
        Err("Query key condition not supported".to_string())
    );
}

#[test]
fn legacy_attribute_updates() {
    let run = |updates: Value, before: Value| {
        legacy::attribute_updates(&updates)
            .and_then(|u| u.apply(&item(before)))
            .map(|i| item_to_wire(&i))
            .map_err(message)
    };
    let cases: Vec<(Value, Value, Result<Value, &str>)> = vec![
        (json!({"b": {"Value": {"S": "x"}}}), json!({}), Ok(json!({"b": {"S": "x"}}))),
        (json!({"b": {"Action": "DELETE"}}), json!({"b": {"S": "x"}, "c": {"N": "1"}}), Ok(json!({"c": {"N": "1"}}))),
        (json!({"b": {"Action": "ADD", "Value": {"N": "3"}}}), json!({"b": {"N": "1"}}), Ok(json!({"b": {"N": "4"}}))),
        (json!({"b": {"Action": "ADD", "Value": {"L": [{"S": "b"}]}}}), json!({"b": {"L": [{"S": "a"}]}}), Ok(json!({"b": {"L": [{"S": "a"}, {"S": "b"}]}}))),
        (json!({"b": {"Action": "ADD", "Value": {"SS": ["c"]}}}), json!({"b": {"SS": ["a"]}}), Ok(json!({"b": {"SS": ["a", "c"]}}))),
        (json!({"b": {"Action": "DELETE", "Value": {"NS": ["1", "2", "3"]}}}), json!({"b": {"NS": ["1", "2", "3"]}}), Ok(json!({}))),
        (json!({"b": {"Action": "DELETE", "Value": {"NS": ["1"]}}}), json!({"b": {"SS": ["1"]}}), Err("Type mismatch for attribute to update")),
        (json!({"d": {"Action": "ADD", "Value": {"N": "1"}}}), json!({"d": {"NS": ["1"]}}), Err("Type mismatch for attribute to update")),
        (json!({"a": {"x": "whatever"}}), json!({}), Err("One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified")),
        (json!({"a": {"Action": "DELETE", "Value": {"S": "1"}}}), json!({}), Err("One or more parameter values were invalid: DELETE action with value is not supported for the type S")),
        (json!({"a": {"Action": "ADD", "Value": {"M": {}}}}), json!({}), Err("One or more parameter values were invalid: ADD action is not supported for the type M")),
        (json!({"a": {"Action": "MOVE", "Value": {"S": "x"}}}), json!({}), Err("1 validation error detected: Value 'MOVE' at 'attributeUpdates.a.member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]")),
    ];
    for (updates, before, expected) in cases {
        let expected = expected.map_err(str::to_string);
        assert_eq!(run(updates.clone(), before), expected, "{updates}");
    }
}

// ---- limits, at the exact boundary --------------------------------------------

#[test]
fn expression_size_boundary() {
    let name = |len: usize| format!("a{}", "z".repeat(len - 1));
    // Projection: 4096 accepted, 4097 refused, no size suffix.
    assert!(projection(&name(4096)).is_ok());
    assert_eq!(
        projection(&name(4097)).map(|_| ()),
        Err("Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;".to_string())
    );
    // Condition: with the size suffix.
    let cond = |len: usize| format!("attribute_not_exists({})", name(len - "attribute_not_exists()".len()));
    assert_eq!(cond(4096).len(), 4096);
    assert!(condition(&cond(4096)).is_ok());
    assert_eq!(
        condition(&cond(4097)).map(|_| ()),
        Err(
            "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097"
                .to_string()
        )
    );
    let filter = Condition::parse(&cond(5000), "FilterExpression", &placeholders(), &mut Usage::new()).map_err(message);
    assert_eq!(
        filter.map(|_| ()),
        Err("Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 5000"
            .to_string())
    );
    // Update, and whitespace counts (ALT test_limit_expression_len).
    let spaces = " ".repeat(4085);
    assert!(update(&format!("SET{spaces}a = :neg")).is_ok());
    assert_eq!(
        update(&format!("SET {spaces}a = :neg")).map(|_| ()),
        Err("Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;".to_string())
    );
    // Key condition: no suffix; measured before substitution.
    let long = format!("pk = :s AND {} = :n", name(4097));
    assert_eq!(
        key(&long, Some(ScalarType::N)).map(|_| ()),
        Err("Invalid KeyConditionExpression: Expression size has exceeded the maximum allowed size;".to_string())
    );
    // Size wins over a syntax error (ALT crash3).
    assert_eq!(
        condition(&"(".repeat(15000)).map(|_| ()),
        Err("Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 15000".to_string())
    );
}

/// The size error's span starts on a character boundary at or before byte
/// 4,096, even when a multi-byte character straddles it (found by the
/// `execute` fuzzer: the UI slices the text with the span).
#[test]
fn the_size_error_span_is_on_a_character_boundary() {
    // "a = " (4 bytes) + 2,046 × "é" (2 bytes each) = 4,096 bytes; then "€"
    // (3 bytes) covers bytes 4,096..4,099, so 4,096 is a boundary; one byte
    // less of prefix puts the boundary at 4,095 and 4,098.
    for prefix in ["a = ", "a ="] {
        let text = format!("{prefix}{}€ :s", "é".repeat(2046));
        let Err(ApiError::InvalidExpression { span, .. }) =
            Condition::parse(&text, "ConditionExpression", &placeholders(), &mut Usage::new())
        else {
            panic!("accepted {} bytes", text.len());
        };
        assert!(text.is_char_boundary(span.start), "{span:?}");
        assert_eq!(span.end, text.len());
        let expected_start = if prefix.len() == 4 { 4096 } else { 4095 };
        assert_eq!(span.start, expected_start);
        assert!(text.get(span).is_some());
    }
}

#[test]
fn operator_count_boundary() {
    // a<b or (a<b or (…)): depth 149 has 299 operators and is fine (ALT).
    let nested = |depth: usize| format!("a<b {}{}", "or (a<b ".repeat(depth), ")".repeat(depth));
    assert!(condition(&nested(149)).is_ok());
    // 300 operators: 150 comparisons joined by 150 ORs... one less: 150 + 149.
    let flat = |comparisons: usize| vec!["a<b"; comparisons].join(" OR ");
    assert!(condition(&flat(150)).is_ok(), "299 operators");
    let three_hundred = format!("{} AND NOT a<b", vec!["a<b"; 149].join(" OR "));
    assert!(condition(&three_hundred).is_ok(), "300 operators");
    assert_eq!(
        condition(&format!("{three_hundred} OR a = b")).map(|_| ()),
        Err("Invalid ConditionExpression: The expression contains too many operators; operator count: 301".to_string())
    );
    assert_eq!(
        condition(&nested(454)).map(|_| ()),
        Err("Invalid ConditionExpression: The expression contains too many operators; operator count: 301".to_string())
    );
    // 1000 NOTs (ALT test_deeply_nested_expression_4).
    assert_eq!(
        condition(&format!("{}a<b", "not ".repeat(1000))).map(|_| ()),
        Err("Invalid ConditionExpression: The expression contains too many operators; operator count: 301".to_string())
    );
    // Updates count + and - and functions.
    let sets = |n: usize| format!("SET {}", (0..n).map(|i| format!("a{i}=:n+:n")).collect::<Vec<_>>().join(","));
    assert!(sets(301).len() < 4096);
    assert!(update(&sets(300)).is_ok());
    assert_eq!(
        update(&sets(301)).map(|_| ()),
        Err("Invalid UpdateExpression: The expression contains too many operators; operator count: 301".to_string())
    );
}

#[test]
fn in_operand_boundary() {
    let list = |n: usize| format!("a IN ({})", vec![":n"; n].join(", "));
    assert!(condition(&list(100)).is_ok());
    assert_eq!(
        condition(&list(101)).map(|_| ()),
        Err("Invalid ConditionExpression: The IN operator is provided with too many operands; number of operands: 101"
            .to_string())
    );
}

#[test]
fn path_depth_boundary() {
    let path = |levels: usize| format!("a{}", ".b".repeat(levels - 1));
    assert!(projection(&path(32)).is_ok());
    assert_eq!(
        projection(&path(33)).map(|_| ()),
        Err("Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 33"
            .to_string())
    );
    let indexed = |levels: usize| format!("a{}", "[0]".repeat(levels - 1));
    assert!(condition(&format!("attribute_exists({})", indexed(32))).is_ok());
    assert_eq!(
        condition(&format!("attribute_exists({})", indexed(33))).map(|_| ()),
        Err("Invalid ConditionExpression: The document path has too many nesting levels; nesting levels: 33"
            .to_string())
    );
    assert_eq!(
        update(&format!("SET {} = :n", path(40))).map(|_| ()),
        Err("Invalid UpdateExpression: The document path has too many nesting levels; nesting levels: 40".to_string())
    );
    // A SET that would nest a value past 32 levels is refused when applied.
    let mut deep = json!({"S": "leaf"});
    for _ in 0..31 {
        deep = json!({"M": {"m": deep}});
    }
    let p = Placeholders::new(&[], &[(":deep", AttributeValue::from_wire(&deep).unwrap_or(AttributeValue::Null))]);
    let ok = UpdateExpression::parse("SET a = :deep", &p, &mut Usage::new()).and_then(|u| u.apply(&Item::new()));
    assert!(ok.is_ok());
    let too_deep = UpdateExpression::parse("SET a.b = :deep", &p, &mut Usage::new())
        .and_then(|u| u.apply(&item(json!({"a": {"M": {}}}))))
        .map_err(message);
    assert_eq!(too_deep.map(|_| ()), Err(crate::engine::value::wire::NESTING_MESSAGE.to_string()));
}

#[test]
fn placeholder_length_boundary() {
    for (len, ok) in [(255, true), (256, false)] {
        let key = format!("#{}", "n".repeat(len - 1));
        let value = format!(":{}", "v".repeat(len - 1));
        let names = json!({ key.clone(): "a" });
        let values = json!({ value.clone(): {"S": "x"} });
        let parsed = Placeholders::from_request(Some(&names), Some(&values));
        assert_eq!(parsed.is_ok(), ok, "{len}");
        if let Ok(p) = parsed {
            let mut usage = Usage::new();
            let c = Condition::parse(&format!("{key} = {value}"), "ConditionExpression", &p, &mut usage);
            assert!(c.is_ok());
            assert_eq!(usage.check_all_used(&p), Ok(()));
        } else {
            assert_eq!(
                parsed.map_err(message),
                Err(format!(
                    "ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; size of key: {len}"
                ))
            );
            // Such a token cannot be defined, so it is undefined in the expression.
            assert_eq!(
                condition(&format!("{key} = :s")).map(|_| ()),
                Err(format!(
                    "Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: {key}"
                ))
            );
        }
    }
}

#[test]
fn deep_nesting_is_refused_without_overflow() {
    // Unbalanced: a syntax error at the end.
    assert_eq!(
        condition(&"(".repeat(4096)).map(|_| ()),
        Err("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\"".to_string())
    );
    assert_eq!(
        condition(&format!("{}a = :v", "(".repeat(3000))).map(|_| ()),
        Err("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \":v\"".to_string())
    );
    // ((((a<b)))) within 4 KB: redundant parentheses (ALT).
    assert_eq!(
        condition(&format!("{}a<b{}", "(".repeat(2046), ")".repeat(2046))).map(|_| ()),
        Err("Invalid ConditionExpression: The expression has redundant parentheses;".to_string())
    );
    // a < f(f(f(…))): invalid function name (DynamoDB's answer, ALT).
    assert_eq!(
        condition(&format!("a < {}b{}", "f(".repeat(1355), ")".repeat(1355))).map(|_| ()),
        Err("Invalid ConditionExpression: Invalid function name; function: f".to_string())
    );
    assert!(condition(&format!("a < {}b{}", "size(".repeat(680), ")".repeat(680))).is_err());
    // Updates and key conditions too.
    assert!(update(&format!("SET a = {}b{}", "if_not_exists(".repeat(290), ", :n)".repeat(290))).is_err());
    assert!(key(&format!("{}pk = :s{}", "(".repeat(1000), ")".repeat(1000)), None).is_err());
    // And 10,000 parentheses (over the size limit) do not reach the parser.
    assert!(condition(&"(".repeat(10_000)).is_err());
}

/// The parser's worst case must fit the 1 MB stack of a wasm page (release
/// builds; a debug build's frames are four times larger, so it gets 4 MB).
#[test]
#[cfg(not(target_arch = "wasm32"))]
fn worst_case_fits_a_small_stack() {
    let stack = if cfg!(debug_assertions) { 4 << 20 } else { 1 << 20 };
    let handle = std::thread::Builder::new().stack_size(stack).spawn(|| {
        let nested = format!("{}a = :s{}", "(NOT ".repeat(199), ")".repeat(199));
        let parsed = condition(&nested);
        let calls = format!("a < {}b{}", "size(".repeat(199), ")".repeat(199));
        let sized = condition(&calls);
        let update_calls = format!("SET a = {}b{}", "if_not_exists(c, ".repeat(199), ")".repeat(199));
        let updated = update(&update_calls);
        (parsed.is_ok(), sized.is_err(), updated.is_ok())
    });
    let result = handle.map(|h| h.join());
    assert!(matches!(result, Ok(Ok((true, true, true)))), "{result:?}");
}

// ---- no panics on any input ---------------------------------------------------

/// A small deterministic generator (64-bit LCG), no rand crate.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % (n.max(1) as u64)) as usize
    }
}

const PIECES: &[&str] = &[
    "a",
    "b",
    "#a",
    "#n",
    "#zz",
    ":s",
    ":n",
    ":l",
    ":ss",
    ":t",
    ":zz",
    "(",
    ")",
    "[",
    "]",
    "[0]",
    "[99999999999999999999]",
    ".",
    ",",
    "=",
    "<>",
    "<",
    "<=",
    ">",
    ">=",
    "+",
    "-",
    " AND ",
    " OR ",
    " NOT ",
    " BETWEEN ",
    " IN ",
    "SET ",
    " REMOVE ",
    " ADD ",
    " DELETE ",
    "size",
    "contains",
    "begins_with",
    "attribute_exists",
    "attribute_type",
    "if_not_exists",
    "list_append",
    "Status",
    "_",
    "!",
    "é",
    "\u{0}",
    "#",
    ":",
    " ",
    "\t",
    "pk",
    "sk",
    "1",
    "é𝄞",
    "((",
    "))",
];

const SEEDS: &[&str] = &[
    "a = :s AND (b < :n OR NOT contains(c, :s))",
    "SET a = list_append(if_not_exists(a, :l), :l), b.c[1] = :n + b.d REMOVE e[2] ADD f :n DELETE g :ss",
    "a.b[1].c, #a, Status",
    "pk = :s AND sk BETWEEN :n AND :n",
    "attribute_type(a, :s) OR size(b) >= :n",
];

fn generate(rng: &mut Lcg) -> String {
    if rng.below(2) == 0 {
        let pieces = rng.below(40);
        (0..pieces).map(|_| PIECES[rng.below(PIECES.len())]).collect()
    } else {
        // Mutate a seed: delete, duplicate or insert at random byte positions.
        let mut text: Vec<char> = SEEDS[rng.below(SEEDS.len())].chars().collect();
        for _ in 0..rng.below(6) + 1 {
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 if at < text.len() => {
                    text.remove(at);
                }
                1 if at < text.len() => {
                    let c = text[at];
                    text.insert(at, c);
                }
                _ => {
                    for c in PIECES[rng.below(PIECES.len())].chars().rev() {
                        text.insert(at.min(text.len()), c);
                    }
                }
            }
        }
        text.into_iter().collect()
    }
}

#[test]
fn no_panic_sweep() {
    let p = placeholders();
    let composite = schema(Some(ScalarType::S));
    let it = item(
        json!({"a": {"S": "x"}, "b": {"L": [{"N": "1"}, {"M": {"c": {"N": "2"}}}]}, "c": {"SS": ["s"]}, "Status": {"N": "3"}}),
    );
    let mut rng = Lcg(0x5EED);
    let mut accepted = 0;
    for _ in 0..4000 {
        let text = generate(&mut rng);
        let mut usage = Usage::new();
        if let Ok(c) = Condition::parse(&text, "FilterExpression", &p, &mut usage) {
            accepted += 1;
            let _ = c.evaluate(Some(&it));
            let _ = c.evaluate(None);
            let _ = c.top_level_names();
            let _ = c.to_string();
        }
        if let Ok(u) = UpdateExpression::parse(&text, &p, &mut usage) {
            accepted += 1;
            let _ = u.apply(&it);
            let _ = u.apply(&Item::new());
            let _ = u.updated_paths().apply(&it);
            let _ = u.to_string();
        }
        if let Ok(pr) = Projection::parse(&text, &p, &mut usage) {
            accepted += 1;
            let _ = pr.apply(&it);
        }
        let _ = parse_key_condition(&text, &p, &mut usage, &composite);
        let _ = usage.check_all_used(&p);
    }
    // The generator reaches valid expressions too, not only garbage.
    assert!(accepted > 50, "{accepted}");
}

#[test]
fn no_panic_on_legacy_garbage() {
    let garbage = [
        json!(null),
        json!(1),
        json!([]),
        json!({"a": 1}),
        json!({"a": {"ComparisonOperator": 1}}),
        json!({"a": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [{"S": "a"}]}}),
        json!({"a": {"ComparisonOperator": "IN", "AttributeValueList": {}}}),
        json!({"a": {"Value": {"M": {"x": {"L": [{}]}}}}}),
        json!({"a": {"Exists": "yes"}}),
        json!({"a": {"Action": 3}}),
        json!({"a": {"Action": "ADD", "Value": {"N": "1e200"}}}),
    ];
    let composite = schema(Some(ScalarType::N));
    for g in &garbage {
        let _ = legacy::expected(g, Some("OR"));
        let _ = legacy::filter(g, None, "QueryFilter");
        let _ = legacy::key_conditions(g, &composite);
        if let Ok(u) = legacy::attribute_updates(g) {
            let _ = u.apply(&Item::new());
        }
    }
}

// ---- golden scripts ------------------------------------------------------------

/// Golden scripts in `src/engine/expr/testscripts/`, read like a lecture:
/// set placeholders and an item, then parse, evaluate and apply expressions.
/// Regenerate with `UPDATE_GOLDENFILES=1 cargo test --lib engine::expr`.
///
/// * `names '<json>'`, `values '<json>'`: the request's
///   ExpressionAttributeNames / ExpressionAttributeValues (values in
///   DynamoDB JSON or plain JSON); `none` clears them.
/// * `item '<json>'` (or `item none`): the item expressions work on.
/// * `condition "<expr>" [member=FilterExpression]`: the parsed condition
///   and, when an item is set (or `none`), whether it holds.
/// * `update "<expr>"`: the parsed update; applies it to the item (an empty
///   one when none) and makes the result the item.
/// * `project "<expr>"`: the item reduced to the projection.
/// * `key "<expr>" [sort=S|N|B]`: the key condition for a table keyed by
///   `pk` (S) and, with `sort`, `sk`.
///
/// Errors print the message and underline the span it carries.
#[cfg(not(target_arch = "wasm32"))]
mod golden {
    use std::error::Error;
    use std::fmt::Write as _;

    use super::*;
    use crate::engine::value::document::parse_item_json;

    #[derive(Default)]
    struct Runner {
        names: Option<Value>,
        values: Option<Value>,
        /// `None`: no item context; `Some(None)`: the item does not exist.
        item: Option<Option<Item>>,
    }

    fn json_arg(text: &str) -> Result<Option<Value>, Box<dyn Error>> {
        if text == "none" {
            return Ok(None);
        }
        Ok(Some(item_to_wire(&parse_item_json(text)?)))
    }

    /// The message and, under the expression, a caret line marking the span.
    fn located(text: &str, error: ApiError) -> Box<dyn Error> {
        let mut out = error.message().to_string();
        if let ApiError::InvalidExpression { span, .. } = &error {
            let start = text.get(..span.start).map_or(0, |s| s.chars().count());
            let width = text.get(span.clone()).map_or(0, |s| s.chars().count()).max(1);
            let _ = write!(out, "\n  {text}\n  {}{}", " ".repeat(start), "^".repeat(width));
        }
        out.into()
    }

    fn wire(item: &Item) -> Result<String, Box<dyn Error>> {
        Ok(serde_json::to_string(&item_to_wire(item))?)
    }

    impl goldenscript::Runner for Runner {
        type Command = goldenscript::Command;

        fn run(&mut self, command: &Self::Command, _: &goldenscript::Context) -> Result<String, Box<dyn Error>> {
            let mut args = command.consume_args();
            let text = args.next_pos().ok_or("argument expected")?.to_string();
            let member = args.take_key("member").map(str::to_string);
            let sort = args.take_key("sort").map(str::to_string);
            args.reject_next()?;
            let placeholders = || Placeholders::from_request(self.names.as_ref(), self.values.as_ref());
            let mut usage = Usage::new();
            let mut out = String::new();
            match command.name.as_str() {
                "names" => self.names = if text == "none" { None } else { Some(serde_json::from_str(&text)?) },
                "values" => self.values = json_arg(&text)?,
                "item" => {
                    let item = if text == "none" { None } else { Some(parse_item_json(&text)?) };
                    self.item = Some(item);
                }
                "condition" => {
                    let member: &'static str = match member.as_deref() {
                        Some("FilterExpression") => "FilterExpression",
                        _ => "ConditionExpression",
                    };
                    let c =
                        Condition::parse(&text, member, &placeholders()?, &mut usage).map_err(|e| located(&text, e))?;
                    match &self.item {
                        Some(item) => writeln!(out, "{c} → {}", c.evaluate(item.as_ref()))?,
                        None => writeln!(out, "{c}")?,
                    }
                }
                "update" => {
                    let u =
                        UpdateExpression::parse(&text, &placeholders()?, &mut usage).map_err(|e| located(&text, e))?;
                    writeln!(out, "{u}")?;
                    let before = self.item.clone().flatten().unwrap_or_default();
                    let after = u.apply(&before).map_err(|e| located(&text, e))?;
                    writeln!(out, "→ {}", wire(&after)?)?;
                    writeln!(out, "  UPDATED_NEW {}", wire(&u.updated_paths().apply(&after))?)?;
                    self.item = Some(Some(after));
                }
                "project" => {
                    let p = Projection::parse(&text, &placeholders()?, &mut usage).map_err(|e| located(&text, e))?;
                    let item = self.item.clone().flatten().unwrap_or_default();
                    writeln!(out, "{p} → {}", wire(&p.apply(&item))?)?;
                }
                "key" => {
                    let scalar = |t: &str| ScalarType::parse(t).ok_or("sort must be S, N or B");
                    let sort = sort.as_deref().map(scalar).transpose()?;
                    let kc = parse_key_condition(&text, &placeholders()?, &mut usage, &schema(sort))
                        .map_err(|e| located(&text, e))?;
                    writeln!(out, "{kc:?}")?;
                }
                other => return Err(format!("unknown command {other}").into()),
            }
            Ok(out)
        }
    }

    #[test]
    fn golden_scripts() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/expr/testscripts");
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        paths.sort();
        assert!(!paths.is_empty(), "no scripts in {}", dir.display());
        for path in paths {
            goldenscript::run(&mut Runner::default(), &path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
}
