//! Conditions, parsed: the printed form, DynamoDB's messages, the span an
//! error carries, and the placeholders a condition uses.

use super::*;

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
