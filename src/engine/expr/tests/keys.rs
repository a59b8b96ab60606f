//! Key conditions against a table's key schema.

use super::*;

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
