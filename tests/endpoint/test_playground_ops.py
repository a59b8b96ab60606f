"""The playground operations (X-Amz-Target: Playground_20261121.<Operation>).

boto3 has no model for these targets, so they are sent with urllib from the
standard library: a POST of a JSON body with the same headers an SDK sends,
signed by botocore's SigV4 signer with the test credentials, so they reach the
same database as the boto3 client's requests.
scripts/test-endpoint runs the server with its default wall clock, so
AdvanceClock is refused and RunWorkload runs on a copy of the engine.
"""

import json
import time
import urllib.error
import urllib.request
import zlib

import pytest

from conftest import ENDPOINT, signed_headers, unique_name

PREFIX = "Playground_20261121."


def playground(operation, body):
    """Sends one playground request; returns (HTTP status, JSON body)."""
    data = json.dumps(body).encode()
    request = urllib.request.Request(
        ENDPOINT,
        data=data,
        method="POST",
        headers=signed_headers(ENDPOINT, PREFIX + operation, data),
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw, crc = response.status, response.read(), response.headers["x-amz-crc32"]
    except urllib.error.HTTPError as error:
        status, raw, crc = error.code, error.read(), error.headers["x-amz-crc32"]
    assert crc == str(zlib.crc32(raw)), "x-amz-crc32 does not match the body"
    return status, json.loads(raw)


def ok(operation, body):
    status, answer = playground(operation, body)
    assert status == 200, answer
    return answer


def refused(operation, body, exception="ValidationException"):
    status, answer = playground(operation, body)
    assert status == 400, answer
    assert answer["__type"].endswith("#" + exception), answer
    return answer["message"]


def test_plan_partitions_gives_the_seed_figures():
    # 8 GB as the engine's planner and tests/partitions.rs count it: 8 × 1024³ bytes.
    plan = ok("PlanPartitions", {"ReadCapacityUnits": 5000, "WriteCapacityUnits": 500, "SizeBytes": 8 * 1024**3})
    assert plan["Partitions"] == 3
    assert round(plan["PartitionsByCapacity"], 2) == 2.17
    assert round(plan["PartitionsBySize"], 2) == 0.8
    assert round(plan["ReadCapacityUnitsPerPartition"], 2) == 1666.67
    assert round(plan["WriteCapacityUnitsPerPartition"], 2) == 166.67
    assert plan["SizeLimitBytes"] == 10 * 1024**3


def test_plan_shards_gives_the_seed_figure():
    shards = ok("PlanShards", {"Items": 3_000_000, "Fraction": 0.2, "ItemSizeBytes": 250})
    assert shards == {"Shards": 13, "MatchingItems": 600000.0, "ItemsPerPartitionPerSecond": 48000.0}


@pytest.mark.parametrize(
    "operation, body, needle",
    [
        ("PlanPartitions", {"ReadCapacityUnits": 5000}, "'WriteCapacityUnits' is required"),
        ("PlanPartitions", {"ReadCapacityUnits": -5, "WriteCapacityUnits": 1}, "ReadCapacityUnits"),
        ("PlanShards", {"Items": 10, "Fraction": 2, "ItemSizeBytes": 100}, "Fraction"),
        ("AdvanceClock", {"Seconds": 10}, "--clock manual"),
    ],
)
def test_bad_requests_are_validation_exceptions(operation, body, needle):
    assert needle in refused(operation, body)


def test_an_unknown_playground_operation():
    assert "PlanPartitions" in refused("Teleport", {}, "UnknownOperationException")


def test_a_small_workload_throttles_a_hot_key(client):
    name = unique_name("pg")
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PROVISIONED",
        ProvisionedThroughput={"ReadCapacityUnits": 10, "WriteCapacityUnits": 10},
    )
    try:
        client.put_item(TableName=name, Item={"pk": {"S": "a"}})
        parts = ok("DescribePartitions", {"TableName": name})
        assert parts["PartitionCount"] == 1
        (part,) = parts["Partitions"]
        assert (part["HashRangeStart"], part["HashRangeEnd"]) == ("0000000000000000", "ffffffffffffffff")
        assert part["ItemCount"] == 1 and part["WriteCapacityUnits"] == 10.0

        # One key at 1,500 writes/s: a partition serves at most 1,000 WCU a second.
        report = ok(
            "RunWorkload",
            {
                "TableName": name,
                "Seconds": 2,
                "Seed": 42,
                "TopN": 3,
                "Streams": [
                    {"Operation": "WRITE", "Rate": 1500, "KeyDistribution": "HOT_KEY", "KeyPrefix": "vote"},
                    {"Operation": "READ", "Rate": 10, "KeyDistribution": "UNIFORM", "KeyCount": 5, "ItemSizeBytes": 100},
                ],
            },
        )
        assert report["Recorded"] is False  # the wall clock: the live table is left alone
        assert report["Requests"] == 3020
        assert report["Throttled"] == 1000 and report["ThrottledByPartitionLimit"] == 1000
        assert report["ConsumedWriteCapacityUnits"] == 2000.0
        assert report["ConsumedReadCapacityUnits"] == 10.0  # 20 eventually consistent reads of 100 B
        assert [s["Throttled"] for s in report["PerSecond"]] == [500, 500]
        assert report["TopKeys"][0] == {"Key": "vote", "Accesses": 3000, "Throttles": 1000}
        assert len(report["PartitionSamples"]) == 2

        metrics = ok("GetMetrics", {"TableName": name, "TopN": 5})
        assert metrics["TopKeys"] == [{"Key": "a", "Accesses": 1, "Throttles": 0}]

        too_big = {"Operation": "WRITE", "Rate": 5000, "KeyDistribution": "HOT_KEY"}
        message = refused("RunWorkload", {"TableName": name, "Seconds": 3600, "Streams": [too_big]})
        assert "at most 10000000" in message
    finally:
        client.delete_table(TableName=name)
    refused("DescribePartitions", {"TableName": name}, "ResourceNotFoundException")


def test_top_keys_follow_the_window(client):
    name = unique_name("pg")
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PROVISIONED",
        ProvisionedThroughput={"ReadCapacityUnits": 10, "WriteCapacityUnits": 10},
    )
    try:
        for key in ["a", "b", "a"]:
            client.put_item(TableName=name, Item={"pk": {"S": key}})
        # The server follows the wall clock of this machine.
        now = int(time.time())
        keys = [{"Key": "a", "Accesses": 2, "Throttles": 0}, {"Key": "b", "Accesses": 1, "Throttles": 0}]
        assert ok("GetMetrics", {"TableName": name, "TopN": 5})["TopKeys"] == keys
        assert ok("GetMetrics", {"TableName": name, "TopN": 1})["TopKeys"] == keys[:1]
        around = ok("GetMetrics", {"TableName": name, "From": now - 60, "To": now + 60, "TopN": 5})
        assert around["TopKeys"] == keys
        # Windows before and after the writes name no keys.
        assert ok("GetMetrics", {"TableName": name, "From": 0, "To": now - 60})["TopKeys"] == []
        assert ok("GetMetrics", {"TableName": name, "From": now + 3600, "To": now + 3660})["TopKeys"] == []
    finally:
        client.delete_table(TableName=name)


def test_failed_conditions_still_consume_write_capacity(client):
    """A failed conditional write is charged (docs/dynamodb-semantics.md A.3):
    the item the write would have left, 1 when none is stored, the stored item
    for a delete. The error carries no ConsumedCapacity; the metrics count it."""
    from botocore.exceptions import ClientError

    name = unique_name("pg")
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PROVISIONED",
        ProvisionedThroughput={"ReadCapacityUnits": 10, "WriteCapacityUnits": 10},
    )
    try:
        # "pk" (2) + "a" (1) + "note" (4) + 3,065 = 3,072 bytes: 3 units.
        client.put_item(TableName=name, Item={"pk": {"S": "a"}, "note": {"S": "n" * 3065}})
        failing = [
            # a 2,000-byte Put over the stored item: 2
            dict(
                call=client.put_item,
                Item={"pk": {"S": "a"}, "note": {"S": "n" * 1993}},
                ConditionExpression="attribute_not_exists(pk)",
            ),
            # no item stored: 1
            dict(call=client.update_item, Key={"pk": {"S": "b"}}, UpdateExpression="SET x = :one",
                 ConditionExpression="attribute_exists(pk)", ExpressionAttributeValues={":one": {"N": "1"}}),
            # a Delete: the stored 3,072 bytes, 3
            dict(call=client.delete_item, Key={"pk": {"S": "a"}}, ConditionExpression="attribute_not_exists(pk)"),
        ]
        for request in failing:
            call = request.pop("call")
            with pytest.raises(ClientError) as info:
                call(TableName=name, ReturnConsumedCapacity="TOTAL", **request)
            assert info.value.response["Error"]["Code"] == "ConditionalCheckFailedException"
            assert "ConsumedCapacity" not in info.value.response
        consumed = 0.0
        for _ in range(40):  # a second's sample appears once the second is over
            samples = ok("GetMetrics", {"TableName": name})["PartitionSamples"]
            consumed = sum(s["ConsumedWriteCapacityUnits"] for s in samples)
            if consumed >= 9.0:
                break
            time.sleep(0.1)
        assert consumed == 3.0 + 2.0 + 1.0 + 3.0
    finally:
        client.delete_table(TableName=name)
