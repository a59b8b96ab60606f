"""Validation messages in the exact words DynamoDB answered in 2026, as the
public conformance suite checks them (docs/dynamodb-semantics.md D.7, D.8).
Some members are reported in the newer form that omits the value and names
the member as in the request (Query's `Limit`), others in the older one
(Scan's `limit`).
"""

import boto3
import pytest
from botocore.config import Config

from conftest import ENDPOINT, NO_RETRIES, S, failure, fails_with


@pytest.fixture(scope="module")
def unchecked():
    """A client that sends what it is given: boto3 itself refuses Limit=0."""
    return boto3.client(
        "dynamodb",
        endpoint_url=ENDPOINT,
        region_name="us-east-1",
        aws_access_key_id="x",
        aws_secret_access_key="x",
        config=NO_RETRIES.merge(Config(parameter_validation=False)),
    )


def test_empty_request_items_are_refused_by_name(client):
    assert fails_with(client.batch_get_item, RequestItems={}) == (
        "ValidationException",
        "The requestItems parameter is required for BatchGetItem",
    )
    assert fails_with(client.batch_write_item, RequestItems={}) == (
        "ValidationException",
        "The requestItems parameter is required for BatchWriteItem",
    )


def test_more_than_100_keys(client, table):
    keys = [{"pk": S(f"k{i}")} for i in range(101)]
    assert fails_with(client.batch_get_item, RequestItems={table: {"Keys": keys}}) == (
        "ValidationException",
        f"1 validation error detected: Value at 'RequestItems.{table}.member.Keys' failed to satisfy constraint: "
        "Member must have length less than or equal to 100",
    )


def test_limit_zero_in_query_and_scan(unchecked, table):
    query = dict(KeyConditionExpression="pk = :v", ExpressionAttributeValues={":v": S("a")})
    assert fails_with(unchecked.query, TableName=table, Limit=0, **query)[1] == (
        "1 validation error detected: Value at 'Limit' failed to satisfy constraint: "
        "Member must have value greater than or equal to 1"
    )
    assert fails_with(unchecked.scan, TableName=table, Limit=0)[1] == (
        "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: "
        "Member must have value greater than or equal to 1"
    )


def test_three_key_schema_elements(client):
    names = ["pk", "sk", "extra"]
    code, message = fails_with(
        client.create_table,
        TableName="three-keys",
        KeySchema=[{"AttributeName": n, "KeyType": k} for n, k in zip(names, ["HASH", "RANGE", "RANGE"])],
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in names],
        BillingMode="PAY_PER_REQUEST",
    )
    assert (code, message) == (
        "ValidationException",
        "1 validation error detected: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), "
        "KeySchemaElement(attributeName=sk, keyType=RANGE), KeySchemaElement(attributeName=extra, keyType=RANGE)]' "
        "at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2",
    )


def test_transact_get_with_a_key_that_does_not_fit_is_cancelled(client, table):
    code, message, error = failure(
        client.transact_get_items,
        TransactItems=[
            {"Get": {"TableName": table, "Key": {"pk": S("a")}}},
            {"Get": {"TableName": table, "Key": {}}},
        ],
    )
    assert code == "TransactionCanceledException"
    assert message == "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]"
    assert error["CancellationReasons"] == [
        {"Code": "None"},
        {"Code": "ValidationError", "Message": "The provided key element does not match the schema"},
    ]
