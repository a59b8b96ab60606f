"""Conditional PutItem and DeleteItem through boto3's low-level client:
ConditionExpression (functions, comparisons), ReturnValuesOnConditionCheckFailure,
and the legacy Expected parameter (semantics D.1, D.5, D.8).
"""

import pytest

from conftest import N, S, failure, fails_with

FAILED = ("ConditionalCheckFailedException", "The conditional request failed")


def get(client, table, key):
    return client.get_item(TableName=table, Key={"pk": S(key)}, ConsistentRead=True).get("Item")


def test_put_if_absent(client, table):
    first = client.put_item(
        TableName=table,
        Item={"pk": S("user#1"), "name": S("Ada")},
        ConditionExpression="attribute_not_exists(pk)",
        ReturnConsumedCapacity="TOTAL",
    )
    assert first["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0}
    code, message, error = failure(
        client.put_item,
        TableName=table,
        Item={"pk": S("user#1"), "name": S("Bob")},
        ConditionExpression="attribute_not_exists(pk)",
    )
    assert (code, message) == FAILED
    assert "Item" not in error
    # With ALL_OLD the refusal carries the item that stopped it (D.8).
    code, message, error = failure(
        client.put_item,
        TableName=table,
        Item={"pk": S("user#1"), "name": S("Bob")},
        ConditionExpression="attribute_not_exists(pk)",
        ReturnValuesOnConditionCheckFailure="ALL_OLD",
    )
    assert (code, message) == FAILED
    assert error["Item"] == {"pk": S("user#1"), "name": S("Ada")}
    assert get(client, table, "user#1") == {"pk": S("user#1"), "name": S("Ada")}


@pytest.mark.parametrize(
    "condition, values, passes",
    [
        ("version = :v", {":v": N(3)}, True),
        ("version <> :v", {":v": N(3)}, False),
        ("version < :v", {":v": N(4)}, True),
        ("version <= :v", {":v": N(2)}, False),
        ("version > :v", {":v": N("2.999")}, True),
        ("version >= :v", {":v": N(4)}, False),
        ("version BETWEEN :a AND :b", {":a": N(1), ":b": N(3)}, True),
        ("version IN (:a, :b)", {":a": N(1), ":b": N(2)}, False),
        # Another type compares false, never an error (D.1).
        ("version = :v", {":v": S("3")}, False),
        ("version < :v", {":v": S("9")}, False),
        ("begins_with(tag, :p)", {":p": S("blu")}, True),
        ("contains(colours, :c)", {":c": S("red")}, True),
        ("contains(colours, :c)", {":c": S("pink")}, False),
        ("size(colours) = :two", {":two": N(2)}, True),
        ("attribute_type(version, :t)", {":t": S("N")}, True),
        ("attribute_type(version, :t)", {":t": S("S")}, False),
        ("attribute_exists(tag) AND NOT attribute_exists(nothing)", None, True),
        ("attribute_not_exists(tag) OR version = :v", {":v": N(3)}, True),
    ],
)
def test_put_with_comparisons_and_functions(client, table, condition, values, passes):
    old = {"pk": S("k"), "version": N(3), "tag": S("blue"), "colours": {"SS": ["green", "red"]}}
    new = {"pk": S("k"), "version": N(4)}
    client.put_item(TableName=table, Item=old)
    kwargs = dict(TableName=table, Item=new, ConditionExpression=condition, ReturnValues="ALL_OLD")
    if values:
        kwargs["ExpressionAttributeValues"] = values
    if passes:
        assert client.put_item(**kwargs)["Attributes"] == old
        assert get(client, table, "k") == new
    else:
        assert fails_with(client.put_item, **kwargs) == FAILED
        assert get(client, table, "k") == old


def test_conditional_delete(client, table):
    client.put_item(TableName=table, Item={"pk": S("k"), "version": N(1)})
    code, message, error = failure(
        client.delete_item,
        TableName=table,
        Key={"pk": S("k")},
        ConditionExpression="version = :v",
        ExpressionAttributeValues={":v": N(7)},
        ReturnValuesOnConditionCheckFailure="ALL_OLD",
    )
    assert (code, message) == FAILED
    assert error["Item"] == {"pk": S("k"), "version": N(1)}
    deleted = client.delete_item(
        TableName=table,
        Key={"pk": S("k")},
        ConditionExpression="version = :v",
        ExpressionAttributeValues={":v": N(1)},
        ReturnValues="ALL_OLD",
        ReturnConsumedCapacity="TOTAL",
    )
    assert deleted["Attributes"] == {"pk": S("k"), "version": N(1)}
    assert deleted["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0}
    # A missing item fails attribute_exists, and has no Item to return.
    code, message, error = failure(
        client.delete_item,
        TableName=table,
        Key={"pk": S("k")},
        ConditionExpression="attribute_exists(pk)",
        ReturnValuesOnConditionCheckFailure="ALL_OLD",
    )
    assert (code, message) == FAILED
    assert "Item" not in error


def test_condition_expression_errors(client, table):
    # One pair of parentheses is fine (CONF conditionExpressionParens), two around the same thing are not (D.1).
    client.put_item(
        TableName=table,
        Item={"pk": S("p")},
        ConditionExpression="(attribute_not_exists(pk) AND (attribute_not_exists(v)))",
    )
    assert fails_with(
        client.put_item,
        TableName=table,
        Item={"pk": S("k")},
        ConditionExpression="((attribute_not_exists(pk)))",
    ) == ("ValidationException", "Invalid ConditionExpression: The expression has redundant parentheses;")
    assert fails_with(
        client.put_item,
        TableName=table,
        Item={"pk": S("k")},
        ConditionExpression="attribute_not_exists(pk)",
        Expected={"pk": {"Exists": False}},
    ) == (
        "ValidationException",
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}",
    )
    assert fails_with(
        client.delete_item,
        TableName=table,
        Key={"pk": S("k")},
        ExpressionAttributeValues={":v": N(1)},
    ) == (
        "ValidationException",
        "ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null",
    )
    assert fails_with(
        client.put_item,
        TableName=table,
        Item={"pk": S("k")},
        ConditionExpression="size(pk)",
    ) == (
        "ValidationException",
        "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: size",
    )


# ---------------------------------------------------------------- legacy Expected


def test_expected_exists_false_and_value(client, table):
    client.put_item(TableName=table, Item={"pk": S("k"), "version": N(1)}, Expected={"pk": {"Exists": False}})
    assert (
        fails_with(client.put_item, TableName=table, Item={"pk": S("k")}, Expected={"pk": {"Exists": False}}) == FAILED
    )
    # {"Value": v} alone means "exists and equals v".
    client.put_item(TableName=table, Item={"pk": S("k"), "version": N(2)}, Expected={"version": {"Value": N(1)}})
    assert (
        fails_with(
            client.put_item,
            TableName=table,
            Item={"pk": S("k"), "version": N(3)},
            Expected={"version": {"Value": N(1)}},
        )
        == FAILED
    )
    assert (
        fails_with(
            client.put_item,
            TableName=table,
            Item={"pk": S("k")},
            Expected={"version": {"Exists": True, "Value": N(9)}},
        )
        == FAILED
    )
    assert get(client, table, "k") == {"pk": S("k"), "version": N(2)}


def test_expected_comparison_operators(client, table):
    client.put_item(TableName=table, Item={"pk": S("k"), "version": N(5), "tag": S("blue")})
    client.delete_item(
        TableName=table,
        Key={"pk": S("k")},
        Expected={
            "version": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [N(1), N(5)]},
            "tag": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [S("bl")]},
            "absent": {"ComparisonOperator": "NULL"},
        },
    )
    assert get(client, table, "k") is None
    client.put_item(TableName=table, Item={"pk": S("k"), "version": N(5)})
    # AND (the default): one false comparison fails the write ...
    both = {
        "version": {"ComparisonOperator": "GT", "AttributeValueList": [N(9)]},
        "pk": {"ComparisonOperator": "NOT_NULL"},
    }
    assert fails_with(client.delete_item, TableName=table, Key={"pk": S("k")}, Expected=both) == FAILED
    # ... OR needs only one.
    deleted = client.delete_item(
        TableName=table, Key={"pk": S("k")}, Expected=both, ConditionalOperator="OR", ReturnValues="ALL_OLD"
    )
    assert deleted["Attributes"] == {"pk": S("k"), "version": N(5)}
