"""Secondary indexes through boto3: GSIs and LSIs declared at CreateTable,
what DescribeTable says about them, Query and Scan on them (pages, projections,
exact ConsumedCapacity per arm), the GSI lifecycle of UpdateTable on the
endpoint's wall clock, and the item-collection metrics of a table with LSIs.

Capacity (docs/dynamodb-semantics.md A.2, A.3): an index entry
holds the index keys, the table keys and the projected attributes; reads and
writes on an index are sized on entries. A write pays, per index it changes,
1 KB blocks of the entry (put, delete, or both when the index key moves). An
LSI read that wants unprojected attributes fetches each base item, rounded to
4 KB on its own, on the table's arm.

ddb-local updates GSIs before a write is answered (test_gsi_propagation.py);
the tests still poll for a GSI to see a write, so that they hold as well on
an endpoint started with a propagation delay.
"""

import time

import pytest
from boto3.dynamodb.conditions import Key

from conftest import N, S, fails_with, unique_name


def wait_until(check, timeout=15.0, step=0.05):
    """Polls `check` until it returns something truthy; returns that."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(step)


@pytest.fixture
def scores(client):
    """GameScores: UserId + GameTitle; GSI GameTitleIndex (GameTitle, TopScore)
    INCLUDE Wins; LSI ByDate (UserId, Date) KEYS_ONLY."""
    name = unique_name("scores")
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "UserId", "KeyType": "HASH"}, {"AttributeName": "GameTitle", "KeyType": "RANGE"}],
        AttributeDefinitions=[
            {"AttributeName": "UserId", "AttributeType": "S"},
            {"AttributeName": "GameTitle", "AttributeType": "S"},
            {"AttributeName": "TopScore", "AttributeType": "N"},
            {"AttributeName": "Date", "AttributeType": "S"},
        ],
        BillingMode="PAY_PER_REQUEST",
        GlobalSecondaryIndexes=[
            {
                "IndexName": "GameTitleIndex",
                "KeySchema": [
                    {"AttributeName": "GameTitle", "KeyType": "HASH"},
                    {"AttributeName": "TopScore", "KeyType": "RANGE"},
                ],
                "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["Wins"]},
            }
        ],
        LocalSecondaryIndexes=[
            {
                "IndexName": "ByDate",
                "KeySchema": [{"AttributeName": "UserId", "KeyType": "HASH"}, {"AttributeName": "Date", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
            }
        ],
    )
    yield name
    client.delete_table(TableName=name)


def score(user, title, top, wins, date, pad=0):
    item = {"UserId": S(user), "GameTitle": S(title), "TopScore": N(top), "Wins": N(wins), "Date": S(date)}
    if pad:
        item["Notes"] = S("n" * pad)
    return item


def gsi_query(client, table, title, **kwargs):
    return client.query(
        TableName=table,
        IndexName="GameTitleIndex",
        KeyConditionExpression="GameTitle = :g",
        ExpressionAttributeValues={":g": S(title)},
        **kwargs,
    )


def fill(client, table):
    """Three Galaxy Invaders scores (two tied) and one Meteor Blasters, then
    waits until the GSI has all four."""
    for user, title, top, wins, date in [
        ("101", "Galaxy Invaders", 5842, 21, "2026-01-03"),
        ("102", "Galaxy Invaders", 8245, 99, "2026-01-01"),
        ("103", "Galaxy Invaders", 5842, 7, "2026-01-02"),
        ("101", "Meteor Blasters", 1000, 5, "2026-01-04"),
    ]:
        client.put_item(TableName=table, Item=score(user, title, top, wins, date))
    wait_until(lambda: gsi_query(client, table, "Galaxy Invaders")["Count"] == 3)


def test_describe_table_lists_both_kinds_of_index(client, scores):
    table = client.describe_table(TableName=scores)["Table"]
    (gsi,) = table["GlobalSecondaryIndexes"]
    assert gsi["IndexName"] == "GameTitleIndex"
    assert gsi["IndexStatus"] == "ACTIVE"
    assert gsi["IndexArn"] == table["TableArn"] + "/index/GameTitleIndex"
    assert gsi["Projection"] == {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["Wins"]}
    assert gsi["ProvisionedThroughput"]["ReadCapacityUnits"] == 0
    (lsi,) = table["LocalSecondaryIndexes"]
    assert lsi["IndexName"] == "ByDate"
    assert "IndexStatus" not in lsi
    assert lsi["KeySchema"][1] == {"AttributeName": "Date", "KeyType": "RANGE"}
    assert (gsi["ItemCount"], lsi["ItemCount"]) == (0, 0)


def test_writes_pay_each_index_on_its_arm(client, scores):
    # 64 bytes of item: UserId 6+3, GameTitle 9+15, TopScore 8+3, Wins 4+2,
    # Date 4+10. GSI entry (keys + Wins): 9+24+11+6 = 50 bytes -> 1 write.
    # LSI entry (KEYS_ONLY): UserId, GameTitle, Date = 9+24+14 = 47 -> 1 write.
    response = client.put_item(
        TableName=scores, Item=score("101", "Galaxy Invaders", 5842, 21, "2026-01-03"), ReturnConsumedCapacity="INDEXES"
    )
    assert response["ConsumedCapacity"] == {
        "TableName": scores,
        "CapacityUnits": 3.0,
        "Table": {"CapacityUnits": 1.0},
        "GlobalSecondaryIndexes": {"GameTitleIndex": {"CapacityUnits": 1.0}},
        "LocalSecondaryIndexes": {"ByDate": {"CapacityUnits": 1.0}},
    }
    # Changing an attribute no index projects touches no index: no arms.
    response = client.update_item(
        TableName=scores,
        Key={"UserId": S("101"), "GameTitle": S("Galaxy Invaders")},
        UpdateExpression="SET Losses = :l",
        ExpressionAttributeValues={":l": N(3)},
        ReturnConsumedCapacity="INDEXES",
    )
    assert response["ConsumedCapacity"] == {"TableName": scores, "CapacityUnits": 1.0, "Table": {"CapacityUnits": 1.0}}
    # A new TopScore moves the GSI entry: a delete and a put.
    response = client.update_item(
        TableName=scores,
        Key={"UserId": S("101"), "GameTitle": S("Galaxy Invaders")},
        UpdateExpression="SET TopScore = :s",
        ExpressionAttributeValues={":s": N(6000)},
        ReturnConsumedCapacity="INDEXES",
    )
    assert response["ConsumedCapacity"]["GlobalSecondaryIndexes"] == {"GameTitleIndex": {"CapacityUnits": 2.0}}
    assert "LocalSecondaryIndexes" not in response["ConsumedCapacity"]
    assert response["ConsumedCapacity"]["CapacityUnits"] == 3.0


def test_index_keys_of_the_wrong_type_are_refused(client, scores):
    item = score("101", "Galaxy Invaders", 1, 1, "2026-01-01")
    item["TopScore"] = S("high")
    assert fails_with(client.put_item, TableName=scores, Item=item) == (
        "ValidationException",
        "One or more parameter values were invalid: Type mismatch for Index Key TopScore Expected: N Actual: S IndexName: GameTitleIndex",
    )


def test_gsi_queries_see_writes_after_propagation(client, scores):
    client.put_item(TableName=scores, Item=score("104", "Attack Ships", 3, 0, "2026-02-01"))
    response = wait_until(lambda: (r := gsi_query(client, scores, "Attack Ships"))["Count"] == 1 and r)
    assert response["Items"] == [
        {"GameTitle": S("Attack Ships"), "TopScore": N(3), "UserId": S("104"), "Wins": N(0)}
    ]
    client.delete_item(TableName=scores, Key={"UserId": S("104"), "GameTitle": S("Attack Ships")})
    wait_until(lambda: gsi_query(client, scores, "Attack Ships")["Count"] == 0)


def test_gsi_query_order_pages_and_capacity(client, scores):
    fill(client, scores)
    response = gsi_query(client, scores, "Galaxy Invaders", ReturnConsumedCapacity="INDEXES")
    # Three 50-byte entries: one 4 KB block, halved, on the GSI's arm.
    assert response["ConsumedCapacity"] == {
        "TableName": scores,
        "CapacityUnits": 0.5,
        "Table": {"CapacityUnits": 0.0},
        "GlobalSecondaryIndexes": {"GameTitleIndex": {"CapacityUnits": 0.5}},
    }
    assert [(i["TopScore"]["N"], i["UserId"]["S"]) for i in response["Items"]] == [
        ("5842", "101"),
        ("5842", "103"),
        ("8245", "102"),
    ]
    page = gsi_query(client, scores, "Galaxy Invaders", Limit=1)
    assert page["LastEvaluatedKey"] == {"GameTitle": S("Galaxy Invaders"), "TopScore": N(5842), "UserId": S("101")}
    paginator = client.get_paginator("query")
    pages = paginator.paginate(
        TableName=scores,
        IndexName="GameTitleIndex",
        KeyConditionExpression="GameTitle = :g",
        ExpressionAttributeValues={":g": S("Galaxy Invaders")},
        ScanIndexForward=False,
        Limit=2,
    )
    assert [i["UserId"]["S"] for p in pages for i in p["Items"]] == ["102", "103", "101"]


def test_gsi_refusals(client, scores):
    assert fails_with(
        client.query,
        TableName=scores,
        IndexName="GameTitleIndex",
        KeyConditionExpression="GameTitle = :g",
        ExpressionAttributeValues={":g": S("x")},
        ConsistentRead=True,
    ) == ("ValidationException", "Consistent reads are not supported on global secondary indexes")
    assert fails_with(
        client.query,
        TableName=scores,
        IndexName="GameTitleIndex",
        KeyConditionExpression="GameTitle = :g",
        ExpressionAttributeValues={":g": S("x")},
        Select="ALL_ATTRIBUTES",
    ) == (
        "ValidationException",
        "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index GameTitleIndex because its projection type is not ALL",
    )
    assert fails_with(
        client.query,
        TableName=scores,
        IndexName="Nope",
        KeyConditionExpression="GameTitle = :g",
        ExpressionAttributeValues={":g": S("x")},
    ) == ("ValidationException", "The table does not have the specified index: Nope")


def test_lsi_reads_fetch_what_the_index_does_not_project(client, scores):
    for i, date in enumerate(["2026-01-04", "2026-01-01", "2026-01-03", "2026-01-02"]):
        # About 2,100 bytes an item with its Notes (5 + 2,045), under 4 KB;
        # 38-byte entries (UserId 9, GameTitle 9+6, Date 14).
        client.put_item(TableName=scores, Item=score("200", f"Game {i}", i, 0, date, pad=2045))
    keys_only = client.query(
        TableName=scores,
        IndexName="ByDate",
        KeyConditionExpression="UserId = :u",
        ExpressionAttributeValues={":u": S("200")},
        ConsistentRead=True,
        ReturnConsumedCapacity="INDEXES",
    )
    assert [i["Date"]["S"] for i in keys_only["Items"]] == ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"]
    assert keys_only["Items"][0] == {"UserId": S("200"), "GameTitle": S("Game 1"), "Date": S("2026-01-01")}
    # 4 entries of 38 bytes = 152 bytes: 1 block, strongly consistent.
    assert keys_only["ConsumedCapacity"]["LocalSecondaryIndexes"] == {"ByDate": {"CapacityUnits": 1.0}}
    fetched = client.query(
        TableName=scores,
        IndexName="ByDate",
        KeyConditionExpression="UserId = :u",
        ExpressionAttributeValues={":u": S("200")},
        Select="ALL_ATTRIBUTES",
        ReturnConsumedCapacity="INDEXES",
    )
    assert len(fetched["Items"][0]["Notes"]["S"]) == 2045
    # 0.5 for the entries + 4 items × ceil(2100/4096) × 0.5 on the table.
    assert fetched["ConsumedCapacity"] == {
        "TableName": scores,
        "CapacityUnits": 2.5,
        "Table": {"CapacityUnits": 2.0},
        "LocalSecondaryIndexes": {"ByDate": {"CapacityUnits": 0.5}},
    }


def test_resource_api_and_parallel_scan_of_an_index(resource, client, scores):
    fill(client, scores)
    table = resource.Table(scores)
    response = table.query(IndexName="GameTitleIndex", KeyConditionExpression=Key("GameTitle").eq("Meteor Blasters"))
    assert response["Items"] == [{"GameTitle": "Meteor Blasters", "TopScore": 1000, "UserId": "101", "Wins": 5}]
    seen = []
    for segment in range(3):
        page = client.scan(TableName=scores, IndexName="GameTitleIndex", Segment=segment, TotalSegments=3)
        seen += [(i["GameTitle"]["S"], i["UserId"]["S"]) for i in page["Items"]]
    assert sorted(seen) == [
        ("Galaxy Invaders", "101"),
        ("Galaxy Invaders", "102"),
        ("Galaxy Invaders", "103"),
        ("Meteor Blasters", "101"),
    ]


def test_item_collection_metrics(client, scores):
    response = client.put_item(
        TableName=scores, Item=score("300", "Solo", 1, 1, "2026-03-01"), ReturnItemCollectionMetrics="SIZE"
    )
    assert response["ItemCollectionMetrics"] == {"ItemCollectionKey": {"UserId": S("300")}, "SizeEstimateRangeGB": [0.0, 1.0]}
    response = client.batch_write_item(
        RequestItems={scores: [{"DeleteRequest": {"Key": {"UserId": S("300"), "GameTitle": S("Solo")}}}]},
        ReturnItemCollectionMetrics="SIZE",
    )
    assert response["ItemCollectionMetrics"][scores][0]["ItemCollectionKey"] == {"UserId": S("300")}


def test_gsi_lifecycle_on_a_filled_table(client, make_table):
    name = make_table(("Artist", "S"), ("SongTitle", "S"))
    for artist, title, genre in [("Acme", "Happy Day", "Rock"), ("Acme", "Rain", "Jazz"), ("Nobody", "Call Me", "Rock")]:
        client.put_item(TableName=name, Item={"Artist": S(artist), "SongTitle": S(title), "Genre": S(genre)})
    created = client.update_table(
        TableName=name,
        AttributeDefinitions=[{"AttributeName": "Genre", "AttributeType": "S"}],
        GlobalSecondaryIndexUpdates=[
            {
                "Create": {
                    "IndexName": "GenreIndex",
                    "KeySchema": [{"AttributeName": "Genre", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "KEYS_ONLY"},
                }
            }
        ],
    )["TableDescription"]
    (gsi,) = created["GlobalSecondaryIndexes"]
    assert (gsi["IndexStatus"], gsi.get("Backfilling")) == ("CREATING", True)
    query = dict(
        TableName=name,
        IndexName="GenreIndex",
        KeyConditionExpression="Genre = :g",
        ExpressionAttributeValues={":g": S("Rock")},
    )
    code, message = fails_with(client.query, **query)
    assert (code, message) == ("ValidationException", "Cannot read from backfilling global secondary index: GenreIndex")
    code, message = fails_with(
        client.update_table, TableName=name, GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "GenreIndex"}}]
    )
    assert code == "LimitExceededException"

    def status():
        indexes = client.describe_table(TableName=name)["Table"].get("GlobalSecondaryIndexes", [])
        return indexes[0]["IndexStatus"] if indexes else "GONE"

    wait_until(lambda: status() == "ACTIVE")
    assert [i["Artist"]["S"] for i in client.query(**query)["Items"]] == ["Acme", "Nobody"]
    deleted = client.update_table(TableName=name, GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "GenreIndex"}}])
    assert deleted["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"] == "DELETING"
    assert fails_with(client.query, **query)[1] == "The table does not have the specified index: GenreIndex"
    wait_until(lambda: status() == "GONE")
    definitions = client.describe_table(TableName=name)["Table"]["AttributeDefinitions"]
    assert [d["AttributeName"] for d in definitions] == ["Artist", "SongTitle"]
