"""Multi-attribute GSI keys through boto3 (docs/dynamodb-semantics.md,
"Multi-attribute GSI keys"): a GSI whose key lists up to four HASH and four
RANGE attributes. CreateTable and UpdateTable accept such an index and refuse
a bad key schema with DynamoDB's messages, creating nothing; an item missing
any key attribute is not in the index; entries sort by the RANGE attributes
one after another; a Query names every HASH attribute with `=` and a
left-to-right prefix of the RANGE attributes, only the last with a range
condition, in any order; a page's LastEvaluatedKey carries the table key and
every index key attribute, and resumes the read.

The table mirrors the public conformance suite's case: HASH `h`, RANGE `a`,
`b`, `c`, `d`; item p6 has no `c`. The fixture polls until all are in
the GSI, so that it holds on an endpoint started with a propagation delay.
"""

import time

import pytest
from boto3.dynamodb.conditions import Key

from conftest import S, fails_with, unique_name

ITEMS = [
    {"pk": "p1", "a": "T", "b": "live", "c": "b", "d": "r1"},
    {"pk": "p2", "a": "T", "b": "live", "c": "a", "d": "r2"},
    {"pk": "p3", "a": "T", "b": "live", "c": "a", "d": "r1"},
    {"pk": "p4", "a": "T", "b": "draft", "c": "c", "d": "r1"},
    {"pk": "p5", "a": "F", "b": "live", "c": "a", "d": "r0"},
    {"pk": "p6", "a": "T", "b": "live", "d": "r1"},
]

VALUES = {":h": S("o1"), ":a": S("T"), ":b": S("live"), ":c": S("a"), ":d": S("r"), ":x": S("r1"), ":y": S("r1")}


def key_schema(*pairs):
    return [{"AttributeName": name, "KeyType": kind} for name, kind in pairs]


def definitions(*names):
    return [{"AttributeName": name, "AttributeType": "S"} for name in names]


@pytest.fixture(scope="module")
def multi(client):
    """The table and its index `gsi` (h; a, b, c, d), filled and propagated."""
    name = unique_name("multi")
    client.create_table(
        TableName=name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=definitions("pk", "h", "a", "b", "c", "d"),
        KeySchema=key_schema(("pk", "HASH")),
        GlobalSecondaryIndexes=[
            {
                "IndexName": "gsi",
                "KeySchema": key_schema(("h", "HASH"), ("a", "RANGE"), ("b", "RANGE"), ("c", "RANGE"), ("d", "RANGE")),
                "Projection": {"ProjectionType": "ALL"},
            }
        ],
    )
    client.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 1})
    for item in ITEMS:
        client.put_item(TableName=name, Item={"h": S("o1"), **{k: S(v) for k, v in item.items()}})
    deadline = time.monotonic() + 15
    while query(client, name, "h = :h")["Count"] < 5:
        assert time.monotonic() < deadline, "the index did not catch up"
        time.sleep(0.05)
    yield name
    client.delete_table(TableName=name)


def query(client, table, condition, **extra):
    used = {k: v for k, v in VALUES.items() if k in condition}
    return client.query(
        TableName=table, IndexName="gsi", KeyConditionExpression=condition, ExpressionAttributeValues=used, **extra
    )


def pks(response):
    return [item["pk"]["S"] for item in response["Items"]]


def test_describe_table_lists_the_whole_key_schema(client, multi):
    index = client.describe_table(TableName=multi)["Table"]["GlobalSecondaryIndexes"][0]
    assert index["KeySchema"] == key_schema(
        ("h", "HASH"), ("a", "RANGE"), ("b", "RANGE"), ("c", "RANGE"), ("d", "RANGE")
    )
    assert index["ItemCount"] == 5


@pytest.mark.parametrize(
    "condition, extra, expected",
    [
        ("h = :h", {}, ["p5", "p4", "p3", "p2", "p1"]),
        ("h = :h AND a = :a", {}, ["p4", "p3", "p2", "p1"]),
        ("h = :h AND a = :a", {"ScanIndexForward": False}, ["p1", "p2", "p3", "p4"]),
        ("h = :h AND a = :a AND b = :b", {}, ["p3", "p2", "p1"]),
        ("h = :h AND a = :a AND b = :b AND c = :c", {}, ["p3", "p2"]),
        ("h = :h AND a = :a AND b = :b AND c > :c", {}, ["p1"]),
        ("h = :h AND a = :a AND b = :b AND c = :c AND begins_with(d, :d)", {}, ["p3", "p2"]),
        ("h = :h AND a = :a AND b = :b AND c = :c AND d BETWEEN :x AND :y", {}, ["p3"]),
        ("h = :h AND a = :a AND b < :b", {}, ["p4"]),
        ("b = :b AND h = :h AND a = :a", {}, ["p3", "p2", "p1"]),
    ],
)
def test_queries_read_a_prefix_of_the_range_attributes(client, multi, condition, extra, expected):
    assert pks(query(client, multi, condition, **extra)) == expected


def test_pages_carry_every_key_attribute_and_resume(client, multi):
    first = query(client, multi, "h = :h AND a = :a", Limit=2)
    assert pks(first) == ["p4", "p3"]
    assert sorted(first["LastEvaluatedKey"]) == ["a", "b", "c", "d", "h", "pk"]
    second = query(client, multi, "h = :h AND a = :a", Limit=2, ExclusiveStartKey=first["LastEvaluatedKey"])
    assert pks(second) == ["p2", "p1"]
    partial = dict(first["LastEvaluatedKey"])
    del partial["d"]
    assert fails_with(
        query, client=client, table=multi, condition="h = :h AND a = :a", ExclusiveStartKey=partial
    ) == ("ValidationException", "The provided starting key is invalid")


def test_the_resource_api_builds_the_same_conditions(resource, multi):
    table = resource.Table(multi)
    response = table.query(IndexName="gsi", KeyConditionExpression=Key("h").eq("o1") & Key("a").eq("T") & Key("b").lt("live"))
    assert [item["pk"] for item in response["Items"]] == ["p4"]


def test_legacy_key_conditions(client, multi):
    response = client.query(
        TableName=multi,
        IndexName="gsi",
        KeyConditions={
            "h": {"ComparisonOperator": "EQ", "AttributeValueList": [S("o1")]},
            "a": {"ComparisonOperator": "EQ", "AttributeValueList": [S("T")]},
            "b": {"ComparisonOperator": "EQ", "AttributeValueList": [S("live")]},
            "c": {"ComparisonOperator": "GT", "AttributeValueList": [S("a")]},
        },
    )
    assert pks(response) == ["p1"]


GAP = "RANGE key attributes {} must have equality conditions specified in the query because a condition is present on key attribute {}"


@pytest.mark.parametrize(
    "condition, message",
    [
        ("h = :h AND a = :a AND c = :c", GAP.format("b", "c")),
        ("h = :h AND a = :a AND b > :b AND c = :c", GAP.format("b", "c")),
        ("h = :h AND b = :b", GAP.format("a", "b")),
        ("a = :a", "Query condition missed key schema element: h"),
        ("h > :h", "Query key condition not supported"),
    ],
)
def test_bad_key_conditions_are_refused(client, multi, condition, message):
    assert fails_with(query, client=client, table=multi, condition=condition) == ("ValidationException", message)


def create_with_index(client, name, index_key_schema, names=("pk", "a", "b", "c", "d", "e", "f", "g", "h")):
    return client.create_table(
        TableName=name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=definitions(*names),
        KeySchema=key_schema(("pk", "HASH")),
        GlobalSecondaryIndexes=[
            {"IndexName": "gsi", "KeySchema": index_key_schema, "Projection": {"ProjectionType": "KEYS_ONLY"}}
        ],
    )


INVALID = "One or more parameter values were invalid: "


@pytest.mark.parametrize(
    "index_key_schema, message",
    [
        (
            key_schema(("a", "HASH"), ("b", "HASH"), ("c", "HASH"), ("d", "HASH"), ("e", "HASH")),
            INVALID + "The KeySchema exceeds the maximum allowed number of HASH key attributes",
        ),
        (
            key_schema(("pk", "HASH"), ("a", "RANGE"), ("b", "RANGE"), ("c", "RANGE"), ("d", "RANGE"), ("e", "RANGE")),
            INVALID + "The KeySchema exceeds the maximum allowed number of RANGE key attributes",
        ),
        (
            key_schema(*[(n, "HASH") for n in "abcd"], *[(n, "RANGE") for n in ("e", "f", "g", "h", "pk")]),
            INVALID + "The KeySchema exceeds the maximum allowed number of RANGE key attributes",
        ),
        (
            key_schema(("a", "HASH"), ("b", "RANGE"), ("c", "HASH")),
            INVALID + "All HASH key attributes must precede RANGE key attributes in the KeySchema",
        ),
        (
            key_schema(("a", "RANGE"), ("b", "HASH")),
            "Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
        ),
        (
            key_schema(("a", "HASH"), ("b", "RANGE"), ("a", "RANGE")),
            "The KeySchema contains multiple key attributes with the same name",
        ),
        (
            key_schema(("a", "HASH"), ("b", "RANGE"), ("x", "RANGE")),
            INVALID
            + "Some index key attributes are not defined in AttributeDefinitions. "
            + "Keys: [a, b, x], AttributeDefinitions: [pk, a, b, c, d, e, f, g, h]",
        ),
    ],
)
def test_create_table_refuses_a_bad_index_key_schema(client, index_key_schema, message):
    name = unique_name("bad")
    assert fails_with(create_with_index, client=client, name=name, index_key_schema=index_key_schema) == (
        "ValidationException",
        message,
    )
    assert name not in client.list_tables()["TableNames"]


def test_a_table_keeps_one_range_attribute(client):
    name = unique_name("bad")
    code, message = fails_with(
        client.create_table,
        TableName=name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=definitions("pk", "a", "b"),
        KeySchema=key_schema(("pk", "HASH"), ("a", "RANGE"), ("b", "RANGE")),
    )
    assert code == "ValidationException"
    assert "Member must have length less than or equal to 2" in message


def test_update_table_adds_a_multi_attribute_index_and_backfills(client, make_table):
    name = make_table()
    for pk, tournament, region in [("m1", "W", "NA"), ("m2", "W", "EU"), ("m3", "W", "NA"), ("m4", "S", "NA")]:
        client.put_item(TableName=name, Item={"pk": S(pk), "tournament": S(tournament), "region": S(region)})
    client.put_item(TableName=name, Item={"pk": S("m5"), "tournament": S("W")})
    bad = {
        "IndexName": "byPlace",
        "KeySchema": key_schema(*[(n, "HASH") for n in ("tournament", "region", "pk", "x", "y")]),
        "Projection": {"ProjectionType": "KEYS_ONLY"},
    }
    assert fails_with(
        client.update_table,
        TableName=name,
        AttributeDefinitions=definitions("tournament", "region", "pk", "x", "y"),
        GlobalSecondaryIndexUpdates=[{"Create": bad}],
    ) == ("ValidationException", INVALID + "The KeySchema exceeds the maximum allowed number of HASH key attributes")
    assert "GlobalSecondaryIndexes" not in client.describe_table(TableName=name)["Table"]

    good = {
        "IndexName": "byPlace",
        "KeySchema": key_schema(("tournament", "HASH"), ("region", "HASH")),
        "Projection": {"ProjectionType": "KEYS_ONLY"},
    }
    client.update_table(
        TableName=name,
        AttributeDefinitions=definitions("tournament", "region"),
        GlobalSecondaryIndexUpdates=[{"Create": good}],
    )
    index = client.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"][0]
    assert index["KeySchema"] == key_schema(("tournament", "HASH"), ("region", "HASH"))

    def read():
        try:
            return client.query(
                TableName=name,
                IndexName="byPlace",
                KeyConditionExpression="tournament = :t AND #r = :r",
                ExpressionAttributeNames={"#r": "region"},
                ExpressionAttributeValues={":t": S("W"), ":r": S("NA")},
            )
        except client.exceptions.ClientError:
            return None  # still backfilling

    deadline = time.monotonic() + 30
    while (response := read()) is None or response["Count"] < 2:
        assert time.monotonic() < deadline, "the backfill did not finish"
        time.sleep(0.1)
    assert sorted(pks(response)) == ["m1", "m3"]


def test_partiql_select_on_the_index_is_a_query(client, multi):
    statement = f"SELECT pk FROM \"{multi}\".\"gsi\" WHERE h = ? AND a = ? AND b = ? AND c > ?"
    response = client.execute_statement(
        Statement=statement, Parameters=[S("o1"), S("T"), S("live"), S("a")], ReturnConsumedCapacity="TOTAL"
    )
    assert [item["pk"]["S"] for item in response["Items"]] == ["p1"]
    # A Query reads only the matching entry: half a read unit, eventually consistent.
    assert response["ConsumedCapacity"]["CapacityUnits"] == 0.5
