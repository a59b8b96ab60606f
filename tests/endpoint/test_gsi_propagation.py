"""When a GSI sees a write. ddb-local updates its GSIs before the write is
answered, as DynamoDB Local does, so a Query on an index right after a
PutItem finds the item. `--gsi-propagation-delay MS` makes the index lag
behind by MS milliseconds of the engine clock (eventual consistency, as on
the playground page); with `--clock manual` the lag is exact.
"""

import json
import urllib.request

import pytest

from conftest import S, signed_headers, unique_name
from test_exchange import BIN, ddb_local, client_at


def make_orders(client):
    """A table `id` with GSI ByStatus (status), on demand."""
    name = unique_name("gsiprop")
    client.create_table(
        TableName=name,
        AttributeDefinitions=[
            {"AttributeName": "id", "AttributeType": "S"},
            {"AttributeName": "status", "AttributeType": "S"},
        ],
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
        BillingMode="PAY_PER_REQUEST",
        GlobalSecondaryIndexes=[
            {
                "IndexName": "ByStatus",
                "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"},
            }
        ],
    )
    return name


def open_orders(client, name):
    response = client.query(
        TableName=name,
        IndexName="ByStatus",
        KeyConditionExpression="#s = :s",
        ExpressionAttributeNames={"#s": "status"},
        ExpressionAttributeValues={":s": S("OPEN")},
    )
    return [item["id"]["S"] for item in response["Items"]]


def advance_clock(url, seconds):
    data = json.dumps({"Seconds": seconds}).encode()
    request = urllib.request.Request(
        url,
        data=data,
        method="POST",
        headers=signed_headers(url, "Playground_20261121.AdvanceClock", data),
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 200


def test_a_gsi_query_right_after_a_put_finds_the_item(client):
    name = make_orders(client)
    try:
        client.put_item(TableName=name, Item={"id": S("o1"), "status": S("OPEN")})
        assert open_orders(client, name) == ["o1"]
        client.update_item(
            TableName=name,
            Key={"id": S("o1")},
            UpdateExpression="SET #s = :c",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":c": S("CLOSED")},
        )
        assert open_orders(client, name) == []
    finally:
        client.delete_table(TableName=name)


@pytest.mark.skipif(not BIN, reason="set DDB_LOCAL_BIN to the ddb-local binary (scripts/test-endpoint does)")
def test_with_a_propagation_delay_the_gsi_lags_until_it_has_passed():
    with ddb_local("--clock", "manual", "--gsi-propagation-delay", "250") as url:
        client = client_at(url)
        name = make_orders(client)
        client.put_item(TableName=name, Item={"id": S("o1"), "status": S("OPEN")})
        assert client.get_item(TableName=name, Key={"id": S("o1")})["Item"]["status"] == S("OPEN")
        assert open_orders(client, name) == []
        advance_clock(url, 0.249)
        assert open_orders(client, name) == []
        advance_clock(url, 0.001)
        assert open_orders(client, name) == ["o1"]
