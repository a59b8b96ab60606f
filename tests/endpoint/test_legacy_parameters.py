"""The legacy (pre-expression) parameters through boto3's low-level client:
AttributesToGet, KeyConditions, QueryFilter, ScanFilter, ConditionalOperator
and AttributeUpdates (Expected is in test_conditional_writes.py). They mean
the same as their expression forms, and cost the same (semantics A.2: a
projection does not reduce a read's cost).
"""

import pytest

from conftest import N, S, fails_with


@pytest.fixture
def music(client, make_table):
    name = make_table(("artist", "S"), ("song", "S"))
    songs = [
        ("a1", "Call Me", 2015, "rock"),
        ("a1", "Call You", 2019, "pop"),
        ("a1", "Dance", 2001, "pop"),
        ("a1", "Sing", 1999, "jazz"),
        ("a2", "Other", 2020, "rock"),
    ]
    for artist, song, year, genre in songs:
        client.put_item(
            TableName=name,
            Item={"artist": S(artist), "song": S(song), "year": N(year), "genre": S(genre), "lyrics": S("l" * 900)},
        )
    return name


def songs(response):
    return [item["song"]["S"] for item in response["Items"]]


def eq(value):
    return {"ComparisonOperator": "EQ", "AttributeValueList": [value]}


def test_attributes_to_get_on_get_item(client, music):
    key = {"artist": S("a1"), "song": S("Dance")}
    response = client.get_item(
        TableName=music, Key=key, AttributesToGet=["year", "genre", "absent"], ReturnConsumedCapacity="TOTAL"
    )
    assert response["Item"] == {"year": N(2001), "genre": S("pop")}
    # The full item is charged: 6+2 + 4+5 + 4+3 + 5+3 + 6+900 = 938 B -> 1 block -> 0.5.
    assert response["ConsumedCapacity"] == {"TableName": music, "CapacityUnits": 0.5}
    assert fails_with(
        client.get_item, TableName=music, Key=key, AttributesToGet=["year"], ProjectionExpression="genre"
    ) == (
        "ValidationException",
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}",
    )


@pytest.mark.parametrize(
    "sort_condition, expected",
    [
        (None, ["Call Me", "Call You", "Dance", "Sing"]),
        (eq(S("Dance")), ["Dance"]),
        ({"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [S("Call")]}, ["Call Me", "Call You"]),
        (
            {"ComparisonOperator": "BETWEEN", "AttributeValueList": [S("Call You"), S("Sing")]},
            ["Call You", "Dance", "Sing"],
        ),
        ({"ComparisonOperator": "LT", "AttributeValueList": [S("Dance")]}, ["Call Me", "Call You"]),
        ({"ComparisonOperator": "GE", "AttributeValueList": [S("Dance")]}, ["Dance", "Sing"]),
    ],
)
def test_key_conditions(client, music, sort_condition, expected):
    conditions = {"artist": eq(S("a1"))}
    if sort_condition:
        conditions["song"] = sort_condition
    response = client.query(TableName=music, KeyConditions=conditions, ReturnConsumedCapacity="TOTAL")
    assert songs(response) == expected
    # Each item is 6+2 + 4+len(song) + 4+3 + 5+len(genre) + 6+900 < 950 B; four of them < 4 KB -> 0.5.
    assert response["ConsumedCapacity"] == {"TableName": music, "CapacityUnits": 0.5}


def test_query_filter_and_attributes_to_get(client, music):
    response = client.query(
        TableName=music,
        KeyConditions={"artist": eq(S("a1"))},
        QueryFilter={"genre": eq(S("pop"))},
        AttributesToGet=["song", "year"],
        ScanIndexForward=False,
    )
    assert response["Items"] == [{"song": S("Dance"), "year": N(2001)}, {"song": S("Call You"), "year": N(2019)}]
    assert (response["Count"], response["ScannedCount"]) == (2, 4)
    either = client.query(
        TableName=music,
        KeyConditions={"artist": eq(S("a1"))},
        QueryFilter={
            "genre": eq(S("jazz")),
            "year": {"ComparisonOperator": "GT", "AttributeValueList": [N(2016)]},
        },
        ConditionalOperator="OR",
        Select="COUNT",
    )
    assert "Items" not in either
    assert (either["Count"], either["ScannedCount"]) == (2, 4)


def test_scan_filter(client, music):
    response = client.scan(
        TableName=music,
        ScanFilter={
            "year": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [N(2000), N(2019)]},
            "genre": {"ComparisonOperator": "IN", "AttributeValueList": [S("pop"), S("rock")]},
            "song": {"ComparisonOperator": "CONTAINS", "AttributeValueList": [S("a")]},
            "lyrics": {"ComparisonOperator": "NOT_NULL"},
        },
    )
    assert sorted(songs(response)) == ["Call Me", "Call You", "Dance"]
    assert (response["Count"], response["ScannedCount"]) == (3, 5)


def test_attribute_updates(client, music):
    key = {"artist": S("a1"), "song": S("Sing")}
    client.put_item(TableName=music, Item={**key, "plays": N(10), "tags": {"SS": ["a", "b", "c"]}, "gone": S("x")})
    response = client.update_item(
        TableName=music,
        Key=key,
        AttributeUpdates={
            "plays": {"Action": "ADD", "Value": N(5)},
            "tags": {"Action": "DELETE", "Value": {"SS": ["b"]}},
            "gone": {"Action": "DELETE"},
            "genre": {"Action": "PUT", "Value": S("blues")},
            "extra": {"Action": "ADD", "Value": {"NS": ["1", "2"]}},
        },
        Expected={"plays": {"Value": N(10)}},
        ReturnValues="UPDATED_NEW",
        ReturnConsumedCapacity="TOTAL",
    )
    assert response["Attributes"] == {
        "plays": N(15),
        "tags": {"SS": ["a", "c"]},
        "genre": S("blues"),
        "extra": {"NS": ["1", "2"]},
    }
    # before 6+2 + 4+4 + 5+2 + 4+3 + 4+1 = 35 B, after ~50 B -> 1 WCU.
    assert response["ConsumedCapacity"] == {"TableName": music, "CapacityUnits": 1.0}
    assert client.get_item(TableName=music, Key=key, ConsistentRead=True)["Item"] == {
        **key,
        "plays": N(15),
        "tags": {"SS": ["a", "c"]},
        "genre": S("blues"),
        "extra": {"NS": ["1", "2"]},
    }
    assert fails_with(
        client.update_item,
        TableName=music,
        Key=key,
        AttributeUpdates={"plays": {"Action": "ADD", "Value": N(1)}},
        Expected={"plays": {"Value": N(10)}},
    ) == ("ConditionalCheckFailedException", "The conditional request failed")
    assert fails_with(
        client.update_item,
        TableName=music,
        Key=key,
        AttributeUpdates={"plays": {"Action": "ADD", "Value": N(1)}},
        UpdateExpression="SET plays = :p",
        ExpressionAttributeValues={":p": N(1)},
    ) == (
        "ValidationException",
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}",
    )


def test_batch_get_attributes_to_get(client, music):
    response = client.batch_get_item(
        RequestItems={
            music: {
                "Keys": [{"artist": S("a1"), "song": S("Dance")}, {"artist": S("a2"), "song": S("Other")}],
                "AttributesToGet": ["song"],
                "ConsistentRead": True,
            }
        },
        ReturnConsumedCapacity="TOTAL",
    )
    assert sorted(songs({"Items": response["Responses"][music]})) == ["Dance", "Other"]
    assert all(set(item) == {"song"} for item in response["Responses"][music])
    # Two items of < 4 KB, each rounded on its own, strongly consistent: 2 × 1 = 2.0.
    assert response["ConsumedCapacity"] == [{"TableName": music, "CapacityUnits": 2.0}]
