"""Throttling reasons through boto3: every throttle carries ThrottlingReasons
naming each limit that refused it and the table's or index's ARN
(docs/dynamodb-semantics.md, sections C and F)."""

import pytest
from botocore.exceptions import ClientError

from conftest import unique_name


def _table_with_gsi(client, name, billing):
    gsi = {
        "IndexName": "ByG",
        "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
        "Projection": {"ProjectionType": "ALL"},
    }
    extra = {"BillingMode": "PAY_PER_REQUEST"}
    if billing == "PROVISIONED":
        capacity = {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}
        gsi["ProvisionedThroughput"] = capacity
        extra = {"BillingMode": "PROVISIONED", "ProvisionedThroughput": capacity}
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "g", "AttributeType": "S"},
        ],
        GlobalSecondaryIndexes=[gsi],
        **extra,
    )
    return client.describe_table(TableName=name)["Table"]["TableArn"]


def _first_refusal(client, name, items):
    for item in items:
        try:
            client.put_item(TableName=name, Item=item)
        except ClientError as error:
            return error
    pytest.fail("no write was throttled")


def _item(pk, g, kb):
    return {"pk": {"S": pk}, "g": {"S": g}, "pad": {"S": "x" * (kb * 1024 - 64)}}


def test_table_and_gsi_out_of_capacity_are_both_named(client):
    name = unique_name("thr")
    arn = _table_with_gsi(client, name, "PROVISIONED")
    try:
        # 300 units of burst each, spent by one 300 KB write; the server
        # follows the wall clock, so a later second refills one unit and
        # lets one more write into debt.
        error = _first_refusal(client, name, [_item(f"k{i}", f"g{i}", 300) for i in range(3)])
        assert error.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
        assert error.response["ResponseMetadata"]["HTTPStatusCode"] == 400
        assert error.response["ThrottlingReasons"] == [
            {"reason": "TableWriteProvisionedThroughputExceeded", "resource": arn},
            {"reason": "IndexWriteProvisionedThroughputExceeded", "resource": f"{arn}/index/ByG"},
        ]
    finally:
        client.delete_table(TableName=name)


def test_on_demand_hot_key_is_a_key_range_throttle(client):
    name = unique_name("thr")
    arn = _table_with_gsi(client, name, "PAY_PER_REQUEST")
    try:
        # One key past 1,000 write units in a second: 350 KB writes.
        error = _first_refusal(client, name, [_item("hot", "g", 350) for _ in range(12)])
        assert error.response["Error"]["Code"] == "ThrottlingException"
        assert error.response["Error"]["Message"] == "Rate of requests exceeds the allowed throughput."
        assert error.response["throttlingReasons"] == [
            {"reason": "TableWriteKeyRangeThroughputExceeded", "resource": arn}
        ]
    finally:
        client.delete_table(TableName=name)
