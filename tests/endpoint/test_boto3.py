"""The local endpoint through a real AWS SDK: boto3's low-level client and
its resource API, talking HTTP to a running ddb-local.

Capacity figures follow docs/dynamodb-semantics.md section A:
reads in 4 KB blocks (half for eventually consistent reads, at least one
block even for a miss), writes in 1 KB blocks (the larger of the old and new
item for a replacing put). Item sizes (section B.1) are spelled out next to
each case: attribute names count, a string counts its UTF-8 bytes.
"""

import datetime
import time
import zlib
from decimal import Decimal

import pytest
from botocore.exceptions import ClientError

from conftest import unique_name


def error_of(call, **kwargs):
    with pytest.raises(ClientError) as info:
        call(**kwargs)
    error = info.value.response
    assert error["ResponseMetadata"]["HTTPStatusCode"] == 400
    return error["Error"]["Code"], error["Error"]["Message"]


def item_of_size(pk, size):
    """An item of exactly `size` bytes: "pk" (2) + pk + "data" (4) + filler."""
    filler = size - 2 - len(pk.encode()) - 4
    assert filler >= 0
    return {"pk": {"S": pk}, "data": {"S": "x" * filler}}


# ---------------------------------------------------------------- tables


def test_create_table_provisioned(client):
    name = unique_name()
    response = client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "Artist", "KeyType": "HASH"}, {"AttributeName": "Song", "KeyType": "RANGE"}],
        AttributeDefinitions=[
            {"AttributeName": "Artist", "AttributeType": "S"},
            {"AttributeName": "Song", "AttributeType": "S"},
        ],
        ProvisionedThroughput={"ReadCapacityUnits": 5, "WriteCapacityUnits": 10},
    )
    description = response["TableDescription"]
    assert description["TableName"] == name
    assert description["TableStatus"] == "CREATING"
    assert description["KeySchema"] == [
        {"AttributeName": "Artist", "KeyType": "HASH"},
        {"AttributeName": "Song", "KeyType": "RANGE"},
    ]
    assert description["ProvisionedThroughput"] == {
        "NumberOfDecreasesToday": 0,
        "ReadCapacityUnits": 5,
        "WriteCapacityUnits": 10,
    }
    assert "BillingModeSummary" not in description
    assert description["TableArn"] == f"arn:aws:dynamodb:us-east-1:000000000000:table/{name}"
    # botocore parses the epoch-seconds timestamp; the engine clock follows the wall clock.
    created = description["CreationDateTime"]
    assert isinstance(created, datetime.datetime)
    assert abs(created.timestamp() - time.time()) < 120

    table = client.describe_table(TableName=name)["Table"]
    assert table["TableStatus"] == "ACTIVE"
    assert (table["ItemCount"], table["TableSizeBytes"]) == (0, 0)
    client.delete_table(TableName=name)


def test_create_table_on_demand(client):
    name = unique_name()
    response = client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "N"}],
        BillingMode="PAY_PER_REQUEST",
        TableClass="STANDARD_INFREQUENT_ACCESS",
    )
    description = response["TableDescription"]
    assert description["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
    assert description["ProvisionedThroughput"]["ReadCapacityUnits"] == 0
    assert description["ProvisionedThroughput"]["WriteCapacityUnits"] == 0
    assert description["TableClassSummary"] == {"TableClass": "STANDARD_INFREQUENT_ACCESS"}
    client.delete_table(TableName=name)


def test_waiters(client):
    name = unique_name()
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )
    started = time.monotonic()
    # The table is ACTIVE at once, so the first DescribeTable satisfies the waiter.
    client.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 1, "MaxAttempts": 3})
    client.delete_table(TableName=name)
    client.get_waiter("table_not_exists").wait(TableName=name, WaiterConfig={"Delay": 1, "MaxAttempts": 3})
    assert time.monotonic() - started < 5


def test_list_tables_paging(client):
    prefix = unique_name("page")
    names = [f"{prefix}-{i}" for i in range(5)]
    for name in reversed(names):
        client.create_table(
            TableName=name,
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            BillingMode="PAY_PER_REQUEST",
        )
    # By hand: pages of two, each continuing after the last name seen.
    seen, start, pages = [], None, 0
    while True:
        kwargs = {"Limit": 2}
        if start:
            kwargs["ExclusiveStartTableName"] = start
        page = client.list_tables(**kwargs)
        pages += 1
        assert len(page["TableNames"]) <= 2
        seen += page["TableNames"]
        start = page.get("LastEvaluatedTableName")
        if start is None:
            break
        assert start == page["TableNames"][-1]
        assert pages < 1000
    assert seen == sorted(seen)
    assert [n for n in seen if n.startswith(prefix)] == names
    # The SDK's paginator follows LastEvaluatedTableName the same way.
    paginator = client.get_paginator("list_tables")
    paged = [n for page in paginator.paginate(PaginationConfig={"PageSize": 2}) for n in page["TableNames"]]
    assert paged == seen
    # Starting after the third of ours gives the last two first.
    page = client.list_tables(ExclusiveStartTableName=names[2], Limit=2)
    assert page["TableNames"] == names[3:]
    for name in names:
        client.delete_table(TableName=name)


# ---------------------------------------------------------------- items and capacity


def test_put_get_delete_with_total_capacity(client, table):
    item = {"pk": {"S": "a"}, "n": {"N": "42.50"}, "b": {"B": b"\x00\x01"}, "ss": {"SS": ["y", "x"]}}
    put = client.put_item(TableName=table, Item=item, ReturnConsumedCapacity="TOTAL")
    assert put["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0}
    assert "Attributes" not in put

    eventual = client.get_item(TableName=table, Key={"pk": {"S": "a"}}, ReturnConsumedCapacity="TOTAL")
    # Numbers come back normalised, sets sorted, binary as bytes.
    assert eventual["Item"] == {"pk": {"S": "a"}, "n": {"N": "42.5"}, "b": {"B": b"\x00\x01"}, "ss": {"SS": ["x", "y"]}}
    assert eventual["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 0.5}
    strong = client.get_item(
        TableName=table, Key={"pk": {"S": "a"}}, ConsistentRead=True, ReturnConsumedCapacity="TOTAL"
    )
    assert strong["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0}

    # A miss still costs one block.
    miss = client.get_item(TableName=table, Key={"pk": {"S": "nope"}}, ReturnConsumedCapacity="TOTAL")
    assert "Item" not in miss
    assert miss["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 0.5}

    deleted = client.delete_item(
        TableName=table, Key={"pk": {"S": "a"}}, ReturnValues="ALL_OLD", ReturnConsumedCapacity="TOTAL"
    )
    assert deleted["Attributes"]["n"] == {"N": "42.5"}
    assert deleted["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0}
    again = client.delete_item(
        TableName=table, Key={"pk": {"S": "a"}}, ReturnValues="ALL_OLD", ReturnConsumedCapacity="TOTAL"
    )
    assert "Attributes" not in again
    assert again["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0}
    assert client.describe_table(TableName=table)["Table"]["ItemCount"] == 0


def test_indexes_capacity_has_the_table_arm(client, table):
    put = client.put_item(TableName=table, Item={"pk": {"S": "a"}}, ReturnConsumedCapacity="INDEXES")
    assert put["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0, "Table": {"CapacityUnits": 1.0}}
    get = client.get_item(TableName=table, Key={"pk": {"S": "a"}}, ReturnConsumedCapacity="INDEXES")
    assert get["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 0.5, "Table": {"CapacityUnits": 0.5}}
    strong = client.get_item(
        TableName=table, Key={"pk": {"S": "a"}}, ConsistentRead=True, ReturnConsumedCapacity="INDEXES"
    )
    assert strong["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0, "Table": {"CapacityUnits": 1.0}}
    # NONE (the default) leaves the member out.
    assert "ConsumedCapacity" not in client.get_item(TableName=table, Key={"pk": {"S": "a"}})


@pytest.mark.parametrize(
    "size, write_units, strong_read_units, eventual_read_units",
    [
        (1024, 1.0, 1.0, 0.5),  # exactly 1 KB: one write unit
        (1025, 2.0, 1.0, 0.5),  # one byte more: two
        (4096, 4.0, 1.0, 0.5),  # exactly 4 KB: one read unit (semantics B.3)
        (4097, 5.0, 2.0, 1.0),  # one byte more: two read units
        (10240, 10.0, 3.0, 1.5),  # 10 KB reads as 12 KB
        (409600, 400.0, 100.0, 50.0),  # the 400 KB maximum
    ],
)
def test_capacity_follows_item_size(client, table, size, write_units, strong_read_units, eventual_read_units):
    item = item_of_size("k", size)
    put = client.put_item(TableName=table, Item=item, ReturnConsumedCapacity="TOTAL")
    assert put["ConsumedCapacity"]["CapacityUnits"] == write_units
    assert client.describe_table(TableName=table)["Table"]["TableSizeBytes"] == size
    key = {"pk": {"S": "k"}}
    strong = client.get_item(TableName=table, Key=key, ConsistentRead=True, ReturnConsumedCapacity="TOTAL")
    assert strong["ConsumedCapacity"]["CapacityUnits"] == strong_read_units
    eventual = client.get_item(TableName=table, Key=key, ReturnConsumedCapacity="TOTAL")
    assert eventual["ConsumedCapacity"]["CapacityUnits"] == eventual_read_units
    deleted = client.delete_item(TableName=table, Key=key, ReturnConsumedCapacity="TOTAL")
    assert deleted["ConsumedCapacity"]["CapacityUnits"] == write_units


def test_one_byte_over_400_kb_is_refused(client, table):
    code, message = error_of(client.put_item, TableName=table, Item=item_of_size("k", 409601))
    assert (code, message) == ("ValidationException", "Item size has exceeded the maximum allowed size")


def test_replacing_put_pays_for_the_larger_item_and_returns_the_old_one(client, table):
    big = item_of_size("k", 4097)  # 5 write units on its own
    small = item_of_size("k", 200)  # 1 write unit on its own
    first = client.put_item(TableName=table, Item=big, ReturnValues="ALL_OLD", ReturnConsumedCapacity="TOTAL")
    assert "Attributes" not in first
    second = client.put_item(TableName=table, Item=small, ReturnValues="ALL_OLD", ReturnConsumedCapacity="TOTAL")
    assert second["Attributes"] == big
    assert second["ConsumedCapacity"]["CapacityUnits"] == 5.0
    third = client.put_item(TableName=table, Item=small, ReturnValues="ALL_OLD", ReturnConsumedCapacity="TOTAL")
    assert third["Attributes"] == small
    assert third["ConsumedCapacity"]["CapacityUnits"] == 1.0


def test_resource_api_marshals_python_types(resource, table):
    t = resource.Table(table)
    item = {
        "pk": "doc",
        "count": Decimal("12345678901234567890123456789012345678"),  # 38 digits survive exactly
        "price": Decimal("0.10"),
        "tags": {"a", "b"},
        "blob": b"\xff\x00",
        "nested": {"list": [1, "two", None, True], "empty": {}},
    }
    t.put_item(Item=item)
    got = t.get_item(Key={"pk": "doc"}, ConsistentRead=True)["Item"]
    assert got["count"] == item["count"]
    assert got["price"] == Decimal("0.1")
    assert got["tags"] == {"a", "b"}
    assert got["blob"].value == b"\xff\x00"
    assert got["nested"] == {"list": [Decimal(1), "two", None, True], "empty": {}}


# ---------------------------------------------------------------- errors


def test_missing_table(client):
    assert error_of(client.get_item, TableName="no-such-table", Key={"pk": {"S": "a"}}) == (
        "ResourceNotFoundException",
        "Requested resource not found",
    )
    assert error_of(client.put_item, TableName="no-such-table", Item={"pk": {"S": "a"}}) == (
        "ResourceNotFoundException",
        "Requested resource not found",
    )
    # The control plane names the table.
    assert error_of(client.describe_table, TableName="no-such-table") == (
        "ResourceNotFoundException",
        "Requested resource not found: Table: no-such-table not found",
    )


def test_key_must_match_the_schema(client, table):
    mismatch = ("ValidationException", "The provided key element does not match the schema")
    assert error_of(client.get_item, TableName=table, Key={"id": {"S": "a"}}) == mismatch
    assert error_of(client.get_item, TableName=table, Key={"pk": {"S": "a"}, "sk": {"S": "b"}}) == mismatch
    assert error_of(client.delete_item, TableName=table, Key={"pk": {"N": "1"}}) == mismatch


def test_item_key_type_and_presence(client, table):
    assert error_of(client.put_item, TableName=table, Item={"pk": {"N": "1"}}) == (
        "ValidationException",
        "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
    )
    assert error_of(client.put_item, TableName=table, Item={"other": {"S": "a"}}) == (
        "ValidationException",
        "One or more parameter values were invalid: Missing the key pk in the item",
    )


def test_table_already_exists(client, table):
    code, message = error_of(
        client.create_table,
        TableName=table,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )
    assert (code, message) == ("ResourceInUseException", f"Table already exists: {table}")


def test_deletion_protection_keeps_a_table(client):
    # docs/dynamodb-semantics.md, "Deletion protection".
    name = unique_name()
    created = client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
        DeletionProtectionEnabled=True,
    )
    assert created["TableDescription"]["DeletionProtectionEnabled"] is True
    with pytest.raises(ClientError) as caught:
        client.delete_table(TableName=name)
    assert caught.value.response["Error"] == {
        "Code": "ValidationException",
        "Message": "Resource cannot be deleted as it is currently protected against deletion. "
        "Disable deletion protection first.",
    }
    assert client.describe_table(TableName=name)["Table"]["DeletionProtectionEnabled"] is True
    client.update_table(TableName=name, DeletionProtectionEnabled=False)
    assert client.describe_table(TableName=name)["Table"]["DeletionProtectionEnabled"] is False
    client.delete_table(TableName=name)


def test_the_reads_tools_make_around_a_table(client, table):
    # docs/dynamodb-semantics.md, "Tool-facing reads" (what Terraform reads after CreateTable).
    limits = client.describe_limits()
    assert (limits["TableMaxReadCapacityUnits"], limits["AccountMaxWriteCapacityUnits"]) == (40000, 80000)
    endpoints = client.describe_endpoints()["Endpoints"]
    assert endpoints == [{"Address": "dynamodb.us-east-1.amazonaws.com", "CachePeriodInMinutes": 1440}]
    backups = client.describe_continuous_backups(TableName=table)["ContinuousBackupsDescription"]
    assert backups == {
        "ContinuousBackupsStatus": "ENABLED",
        "PointInTimeRecoveryDescription": {"PointInTimeRecoveryStatus": "DISABLED"},
    }
    with pytest.raises(ClientError) as caught:
        client.describe_continuous_backups(TableName="NoSuchTable")
    assert caught.value.response["Error"] == {"Code": "TableNotFoundException", "Message": "Table not found: NoSuchTable"}


def test_a_table_arn_works_where_its_name_is_asked(client, table):
    # docs/dynamodb-semantics.md, "A table's ARN for its name".
    arn = client.describe_table(TableName=table)["Table"]["TableArn"]
    put = client.put_item(TableName=arn, Item={"pk": {"S": "by-arn"}}, ReturnConsumedCapacity="TOTAL")
    assert put["ConsumedCapacity"]["TableName"] == arn
    got = client.batch_get_item(RequestItems={arn: {"Keys": [{"pk": {"S": "by-arn"}}]}})
    assert got["Responses"][arn] == [{"pk": {"S": "by-arn"}}]
    assert client.get_item(TableName=table, Key={"pk": {"S": "by-arn"}})["Item"]["pk"]["S"] == "by-arn"


def test_crc32_header_is_the_checksum_of_the_body(client, table):
    seen = []

    def record(http_response, **_):
        seen.append((http_response.headers.get("x-amz-crc32"), zlib.crc32(http_response.content)))

    client.meta.events.register("after-call.dynamodb", record)
    try:
        client.put_item(TableName=table, Item={"pk": {"S": "é"}, "s": {"S": "ünïcödé ✓"}})
        client.get_item(TableName=table, Key={"pk": {"S": "é"}})
        client.list_tables()
    finally:
        client.meta.events.unregister("after-call.dynamodb", record)
    assert len(seen) == 3
    for header, actual in seen:
        assert header is not None and int(header) == actual


def test_responses_carry_a_request_id(client, table):
    metadata = client.describe_table(TableName=table)["ResponseMetadata"]
    assert metadata["HTTPStatusCode"] == 200
    assert len(metadata["RequestId"]) == 52
    assert metadata["HTTPHeaders"]["content-type"] == "application/x-amz-json-1.0"
