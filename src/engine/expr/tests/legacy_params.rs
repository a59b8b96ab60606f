//! The legacy parameters: Expected, QueryFilter/ScanFilter, KeyConditions,
//! AttributeUpdates.

use super::*;

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
