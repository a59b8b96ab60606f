"""WarmThroughput and OnDemandThroughput through boto3: what DescribeTable
shows, DynamoDB's validation messages, and a maximum's throttle
(docs/dynamodb-semantics.md, section F)."""

import pytest
from botocore.exceptions import ClientError

from conftest import unique_name


def _create(client, name, **extra):
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        **extra,
    )


def _refused(call, code, message):
    with pytest.raises(ClientError) as raised:
        call()
    assert raised.value.response["Error"]["Code"] == code
    assert raised.value.response["Error"]["Message"] == message


def test_warm_throughput_is_always_described_and_never_decreases(client):
    on_demand, provisioned = unique_name("warm"), unique_name("warm")
    _create(client, on_demand, BillingMode="PAY_PER_REQUEST")
    _create(client, provisioned, ProvisionedThroughput={"ReadCapacityUnits": 5, "WriteCapacityUnits": 5})
    try:
        table = client.describe_table(TableName=on_demand)["Table"]
        assert table["WarmThroughput"] == {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000, "Status": "ACTIVE"}
        assert "OnDemandThroughput" not in table
        table = client.describe_table(TableName=provisioned)["Table"]
        assert table["WarmThroughput"] == {"ReadUnitsPerSecond": 5, "WriteUnitsPerSecond": 5, "Status": "ACTIVE"}

        # A raise runs in the background: the table stays ACTIVE, the old
        # figures show as UPDATING until it is done.
        answer = client.update_table(TableName=on_demand, WarmThroughput={"ReadUnitsPerSecond": 20000})
        assert answer["TableDescription"]["TableStatus"] == "ACTIVE"
        assert answer["TableDescription"]["WarmThroughput"]["Status"] == "UPDATING"
        _refused(
            lambda: client.update_table(TableName=provisioned, WarmThroughput={"WriteUnitsPerSecond": 4}),
            "ValidationException",
            "One or more parameter values were invalid: Requested WriteUnitsPerSecond for WarmThroughput for table "
            "is lower than current WarmThroughput, decreasing WarmThroughput is not supported",
        )
        _refused(
            lambda: client.update_table(
                TableName=provisioned,
                WarmThroughput={"ReadUnitsPerSecond": 50},
                ProvisionedThroughput={"ReadCapacityUnits": 6, "WriteCapacityUnits": 6},
            ),
            "ValidationException",
            "One or more parameter values were invalid: WarmThroughput must be the only operation in the request",
        )
        assert client.describe_table(TableName=provisioned)["Table"]["ProvisionedThroughput"]["ReadCapacityUnits"] == 5
    finally:
        client.delete_table(TableName=on_demand)
        client.delete_table(TableName=provisioned)


def test_create_table_refuses_bad_maxima_and_warm_throughput(client):
    name = unique_name("warm")
    _refused(
        lambda: _create(client, name, BillingMode="PAY_PER_REQUEST", WarmThroughput={"ReadUnitsPerSecond": 1}),
        "ValidationException",
        "One or more parameter values were invalid: Requested ReadUnitsPerSecond for WarmThroughput for table is "
        "lower than initial throughput for OnDemand. See: https://docs.aws.amazon.com/amazondynamodb/latest/"
        "developerguide/on-demand-capacity-mode.html#on-demand-capacity-mode-initial",
    )
    _refused(
        lambda: _create(client, name, BillingMode="PAY_PER_REQUEST", OnDemandThroughput={"MaxReadRequestUnits": 0}),
        "ValidationException",
        "One or more parameter values were invalid: Requested MaxReadRequestUnits for OnDemandThroughput for table "
        "is outside of valid range",
    )
    _refused(
        lambda: _create(
            client,
            name,
            ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1},
            OnDemandThroughput={"MaxWriteRequestUnits": 5},
        ),
        "ValidationException",
        "One or more parameter values were invalid: MaxWriteRequestUnits for OnDemandThroughput cannot be "
        "specified when table BillingMode is PROVISIONED.",
    )
    assert name not in client.list_tables()["TableNames"]


def test_a_maximum_merges_and_throttles_past_it(client):
    name = unique_name("max")
    _create(client, name, BillingMode="PAY_PER_REQUEST", OnDemandThroughput={"MaxWriteRequestUnits": 1})
    try:
        arn = client.describe_table(TableName=name)["Table"]["TableArn"]
        answer = client.update_table(TableName=name, OnDemandThroughput={"MaxReadRequestUnits": 100})
        assert answer["TableDescription"]["OnDemandThroughput"] == {
            "MaxReadRequestUnits": 100,
            "MaxWriteRequestUnits": 1,
        }
        # One write request unit a second: the server follows the wall
        # clock, so one of a few quick writes finds the second used up.
        error = None
        for i in range(5):
            try:
                client.put_item(TableName=name, Item={"pk": {"S": f"k{i}"}})
            except ClientError as refused:
                error = refused
                break
        assert error is not None, "no write was throttled"
        assert error.response["Error"]["Code"] == "ThrottlingException"
        assert error.response["Error"]["Message"] == (
            "Throughput exceeds the maximum OnDemandThroughput configured on table or index"
        )
        assert error.response["throttlingReasons"] == [
            {"reason": "TableWriteMaxOnDemandThroughputExceeded", "resource": arn}
        ]
        answer = client.update_table(TableName=name, OnDemandThroughput={"MaxWriteRequestUnits": -1})
        assert answer["TableDescription"]["OnDemandThroughput"] == {
            "MaxReadRequestUnits": 100,
            "MaxWriteRequestUnits": -1,
        }
        assert client.describe_table(TableName=name)["Table"]["OnDemandThroughput"] == {"MaxReadRequestUnits": 100}
    finally:
        client.delete_table(TableName=name)
