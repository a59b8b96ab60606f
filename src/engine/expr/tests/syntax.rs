//! The syntax pass on its own: DynamoDB's syntax errors and the raw trees
//! of accepted shapes.

use crate::engine::expr::parser::*;

fn syntax(text: &str) -> std::result::Result<String, String> {
    let src = Source::new(text, "ConditionExpression");
    parse_condition_syntax(&src).map(|n| format!("{n:?}")).map_err(|e| e.message().to_string())
}

#[test]
fn syntax_error_messages() {
    let cases = [
        ("a", "Syntax error; token: \"<EOF>\", near: \"a\""),
        ("a = = :v", "Syntax error; token: \"=\", near: \"= = :v\""),
        ("!!", "Syntax error; token: \"!\", near: \"!!\""),
        ("attribute_not_exists(", "Syntax error; token: \"<EOF>\", near: \"(\""),
        ("a AND b", "Syntax error; token: \"AND\", near: \"a AND b\""),
        ("(a) AND b = :v", "Syntax error; token: \"AND\", near: \") AND b\""),
        ("a = :v)", "Syntax error; token: \")\", near: \":v)\""),
        ("a IN ()", "Syntax error; token: \")\", near: \"()\""),
        ("f()", "Syntax error; token: \")\", near: \"()\""),
        ("a = b = c", "Syntax error; token: \"=\", near: \"b = c\""),
        ("NOT a", "Syntax error; token: \"<EOF>\", near: \"a\""),
        ("a BETWEEN b", "Syntax error; token: \"<EOF>\", near: \"b\""),
        ("size(a = b) > :v", "Syntax error; token: \"=\", near: \"a = b\""),
        ("a.and = :v", "Syntax error; token: \"and\", near: \".and =\""),
        ("a[x] = :v", "Syntax error; token: \"x\", near: \"[x]\""),
        ("   ", "Syntax error; token: \"<EOF>\", near: \"\""),
    ];
    for (text, expected) in cases {
        assert_eq!(syntax(text), Err(format!("Invalid ConditionExpression: {expected}")), "{text}");
    }
}

#[test]
fn accepted_shapes() {
    for text in [
        "a = :v",
        "(a) = :v",
        "(a = :v)",
        "NOT NOT NOT a = :v",
        "(a.b).c[1] = :v",
        "a BETWEEN :x AND :y AND b IN (:x, c, size(d))",
        "begins_with(a, :p) OR contains(b, :c) AND attribute_exists(#n)",
        "size(a) > :v",
    ] {
        assert!(syntax(text).is_ok(), "{text}: {:?}", syntax(text));
    }
}

#[test]
fn update_syntax() {
    let parse = |text: &str| {
        let src = Source::new(text, "UpdateExpression");
        parse_update_syntax(&src).map(|_| ()).map_err(|e| e.message().to_string())
    };
    for text in [
        "SET a = :v",
        "set a = (b + c)",
        "SET a = b + c",
        "SET b.c=((c[1])+(b.a)),b.a = a",
        "SET a = if_not_exists(a, :v) + :w REMOVE b, c[1] ADD d :n DELETE e :s",
        "SET a = list_append(if_not_exists(a, :e), :v)",
    ] {
        assert_eq!(parse(text), Ok(()), "{text}");
    }
    for (text, error) in [
        ("INVALID SYNTAX HERE", "Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\""),
        ("SET _123 = :v", "Syntax error; token: \"_\", near: \"SET _123\""),
        ("SET a = b + c + d", "Syntax error; token: \"+\", near: \"c + d\""),
        ("SET a = :v,", "Syntax error; token: \"<EOF>\", near: \",\""),
        ("SET a", "Syntax error; token: \"<EOF>\", near: \"a\""),
        ("set a = (b.c).d + e", "Syntax error; token: \".\", near: \").d\""),
        ("SET c = if_not_exists(c, :a+:b)", "Syntax error; token: \"+\", near: \":a+:b\""),
        ("ADD a b", "Syntax error; token: \"b\", near: \"a b\""),
        ("SET :a = :b", "Syntax error; token: \":a\", near: \"SET :a =\""),
        ("SET a[#x] = :v", "Syntax error; token: \"#x\", near: \"[#x]\""),
    ] {
        assert_eq!(parse(text), Err(format!("Invalid UpdateExpression: {error}")), "{text}");
    }
}
