"""BatchWriteItem and BatchGetItem through boto3's low-level client.

Capacity (docs/dynamodb-semantics.md A.2, A.3): a batch prices
every item on its own and sums the results, one ConsumedCapacity entry per
table. Writes round each item up to 1 KB (a replacing put or a delete pays
for the larger/deleted image, at least 1); reads round each item up to
4 KB, a missing key costing the minimum, and halve for eventual reads.
Item sizes: "id" (2) + id value + "body" (4) + filler.
"""

import pytest

from conftest import S, failure, fails_with


def doc(key, size=None):
    if size is None:
        return {"id": S(key)}
    return {"id": S(key), "body": S("b" * (size - 2 - len(key) - 4))}


def put(item):
    return {"PutRequest": {"Item": item}}


def delete(key):
    return {"DeleteRequest": {"Key": {"id": S(key)}}}


def by_table(consumed):
    return sorted(consumed, key=lambda entry: entry["TableName"])


@pytest.fixture
def docs(make_table):
    return make_table(("id", "S"))


# ---------------------------------------------------------------- BatchWriteItem


def test_batch_write_prices_each_item_on_its_own(client, docs):
    response = client.batch_write_item(
        RequestItems={docs: [put(doc("d1", 500)), put(doc("d2", 3584)), put(doc("d3"))]},
        ReturnConsumedCapacity="TOTAL",
    )
    # 500 B -> 1, 3,584 B -> ceil(3584/1024) = 4, "id"+"d3" = 4 B -> 1: 6 WCU
    # (one 4,088 B write would have cost 4).
    assert response["ConsumedCapacity"] == [{"TableName": docs, "CapacityUnits": 6.0}]
    assert response["UnprocessedItems"] == {}
    got = client.batch_get_item(RequestItems={docs: {"Keys": [{"id": S(k)} for k in ("d1", "d2", "d3")]}})
    assert sorted(got["Responses"][docs], key=lambda item: item["id"]["S"]) == [
        doc("d1", 500),
        doc("d2", 3584),
        doc("d3"),
    ]


def test_batch_write_deletes_and_replacements(client, docs):
    client.batch_write_item(RequestItems={docs: [put(doc("d1", 500)), put(doc("d2", 3584))]})
    response = client.batch_write_item(
        RequestItems={docs: [delete("d2"), delete("missing"), put(doc("d1")), put(doc("d4", 2049))]},
        ReturnConsumedCapacity="INDEXES",
    )
    # delete of 3,584 B -> 4; delete of nothing -> 1; d1 500 B replaced by 4 B -> max -> 1;
    # new 2,049 B -> ceil(2049/1024) = 3: 9 WCU.
    assert response["ConsumedCapacity"] == [{"TableName": docs, "CapacityUnits": 9.0, "Table": {"CapacityUnits": 9.0}}]
    assert client.describe_table(TableName=docs)["Table"]["ItemCount"] == 2


def test_batch_write_over_two_tables(client, docs, make_table):
    other = make_table(("pk", "S"))
    response = client.batch_write_item(
        RequestItems={
            docs: [put(doc("a", 1025)), put(doc("b"))],  # 2 + 1
            other: [put({"pk": S("x")})],  # 1
        },
        ReturnConsumedCapacity="TOTAL",
    )
    assert by_table(response["ConsumedCapacity"]) == by_table(
        [{"TableName": docs, "CapacityUnits": 3.0}, {"TableName": other, "CapacityUnits": 1.0}]
    )
    # Without ReturnConsumedCapacity there is no ConsumedCapacity member.
    quiet = client.batch_write_item(RequestItems={other: [{"DeleteRequest": {"Key": {"pk": S("x")}}}]})
    assert "ConsumedCapacity" not in quiet
    assert quiet["UnprocessedItems"] == {}


def test_batch_write_25_is_the_maximum(client, docs):
    ok = client.batch_write_item(
        RequestItems={docs: [put(doc(f"k{i}")) for i in range(25)]}, ReturnConsumedCapacity="TOTAL"
    )
    assert ok["ConsumedCapacity"] == [{"TableName": docs, "CapacityUnits": 25.0}]
    code, message = fails_with(client.batch_write_item, RequestItems={docs: [put(doc(f"x{i}")) for i in range(26)]})
    assert code == "ValidationException"
    # The value echo is a Java toString that real DynamoDB varies (CONF batchWriteItem error-messages
    # matches it with a regex); the constraint phrase is stable.
    assert message.startswith("1 validation error detected: Value ")
    assert "Member must have length less than or equal to 25" in message
    assert client.describe_table(TableName=docs)["Table"]["ItemCount"] == 25


def test_batch_write_errors(client, docs):
    duplicates = ("ValidationException", "Provided list of item keys contains duplicates")
    assert fails_with(client.batch_write_item, RequestItems={docs: [put(doc("same")), delete("same")]}) == duplicates
    assert (
        fails_with(client.batch_write_item, RequestItems={docs: [put(doc("same")), put(doc("same", 100))]})
        == duplicates
    )
    assert fails_with(client.batch_write_item, RequestItems={"no-such-table": [put(doc("x"))]}) == (
        "ResourceNotFoundException",
        "Requested resource not found",
    )
    assert fails_with(client.batch_write_item, RequestItems={docs: [put({"other": S("x")})]}) == (
        "ValidationException",
        "One or more parameter values were invalid: Missing the key id in the item",
    )
    # Nothing of a refused batch is written.
    assert client.describe_table(TableName=docs)["Table"]["ItemCount"] == 0


# ---------------------------------------------------------------- BatchGetItem


@pytest.fixture
def stored(client, docs):
    client.batch_write_item(RequestItems={docs: [put(doc("g1", 1536)), put(doc("g2", 6656)), put(doc("g3"))]})
    return docs


def keys(*ids):
    return [{"id": S(i)} for i in ids]


def ids(response, table):
    return sorted(item["id"]["S"] for item in response["Responses"][table])


def test_batch_get_prices_each_item_on_its_own(client, stored):
    request = {stored: {"Keys": keys("g1", "g2", "g3", "missing")}}
    eventual = client.batch_get_item(RequestItems=request, ReturnConsumedCapacity="TOTAL")
    assert ids(eventual, stored) == ["g1", "g2", "g3"]
    assert eventual["UnprocessedKeys"] == {}
    # 1,536 B -> 1 block, 6,656 B -> 2 blocks, 8 B -> 1 block, missing -> 1 block (the minimum):
    # 5 blocks -> 2.5 RCU eventual, 5.0 strong.
    assert eventual["ConsumedCapacity"] == [{"TableName": stored, "CapacityUnits": 2.5}]
    strong = client.batch_get_item(
        RequestItems={stored: dict(request[stored], ConsistentRead=True)}, ReturnConsumedCapacity="INDEXES"
    )
    assert strong["ConsumedCapacity"] == [{"TableName": stored, "CapacityUnits": 5.0, "Table": {"CapacityUnits": 5.0}}]
    # The semantics doc's example: an item under 4 KB, a tiny one and a missing key = 1.5 eventual.
    example = client.batch_get_item(
        RequestItems={stored: {"Keys": keys("g1", "g3", "nope")}}, ReturnConsumedCapacity="TOTAL"
    )
    assert example["ConsumedCapacity"] == [{"TableName": stored, "CapacityUnits": 1.5}]


def test_batch_get_projection_does_not_reduce_the_cost(client, stored):
    projected = client.batch_get_item(
        RequestItems={
            stored: {"Keys": keys("g1", "g2"), "ProjectionExpression": "#i", "ExpressionAttributeNames": {"#i": "id"}}
        },
        ReturnConsumedCapacity="TOTAL",
    )
    assert sorted(projected["Responses"][stored], key=lambda item: item["id"]["S"]) == [
        {"id": S("g1")},
        {"id": S("g2")},
    ]
    # 1 + 2 blocks -> 1.5, the same as reading the whole items.
    assert projected["ConsumedCapacity"] == [{"TableName": stored, "CapacityUnits": 1.5}]
    nothing_matches = client.batch_get_item(RequestItems={stored: {"Keys": keys("g3"), "ProjectionExpression": "body"}})
    assert nothing_matches["Responses"][stored] == [{}]


def test_batch_get_over_two_tables(client, stored, make_table):
    other = make_table(("pk", "S"))
    client.put_item(TableName=other, Item={"pk": S("x"), "v": S("y")})
    response = client.batch_get_item(
        RequestItems={
            stored: {"Keys": keys("g2")},
            other: {"Keys": [{"pk": S("x")}, {"pk": S("z")}], "ConsistentRead": True},
        },
        ReturnConsumedCapacity="TOTAL",
    )
    assert response["Responses"] == {stored: [doc("g2", 6656)], other: [{"pk": S("x"), "v": S("y")}]}
    # stored: 6,656 B -> 2 blocks -> 1.0 eventual; other: 2 keys × 1 block, strong -> 2.0.
    assert by_table(response["ConsumedCapacity"]) == by_table(
        [{"TableName": stored, "CapacityUnits": 1.0}, {"TableName": other, "CapacityUnits": 2.0}]
    )
    assert response["UnprocessedKeys"] == {}


def test_batch_get_limits(client, stored, make_table):
    code, message = fails_with(
        client.batch_get_item, RequestItems={stored: {"Keys": keys(*[f"k{i}" for i in range(101)])}}
    )
    assert code == "ValidationException"
    assert "Member must have length less than or equal to 100" in message
    # 100 keys are fine, even over two tables; 101 in all is not.
    other = make_table(("pk", "S"))
    ok = client.batch_get_item(
        RequestItems={stored: {"Keys": keys(*[f"k{i}" for i in range(99)])}, other: {"Keys": [{"pk": S("a")}]}}
    )
    assert ok["Responses"] == {stored: [], other: []}
    assert fails_with(
        client.batch_get_item,
        RequestItems={stored: {"Keys": keys(*[f"k{i}" for i in range(100)])}, other: {"Keys": [{"pk": S("a")}]}},
    ) == ("ValidationException", "Too many items requested for the BatchGetItem call")


def test_batch_get_errors(client, stored):
    assert fails_with(client.batch_get_item, RequestItems={stored: {"Keys": keys("g1", "g1")}}) == (
        "ValidationException",
        "Provided list of item keys contains duplicates",
    )
    assert fails_with(client.batch_get_item, RequestItems={"no-such-table": {"Keys": keys("g1")}}) == (
        "ResourceNotFoundException",
        "Requested resource not found",
    )
    assert fails_with(client.batch_get_item, RequestItems={stored: {"Keys": [{"pk": S("g1")}]}}) == (
        "ValidationException",
        "The provided key element does not match the schema",
    )
    code, message, _ = failure(
        client.batch_get_item,
        RequestItems={stored: {"Keys": keys("g1"), "AttributesToGet": ["id"], "ProjectionExpression": "id"}},
    )
    assert (code, message) == (
        "ValidationException",
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}",
    )
