"""Shared fixtures for the SDK tests of the local endpoint.

The tests talk to a running `ddb-local` whose URL is in DDB_ENDPOINT
(scripts/test-endpoint starts one on a free loopback port and sets it).
Credentials and region are fake: the endpoint accepts any signature.
"""

import os
import uuid

import boto3
import pytest
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.config import Config
from botocore.credentials import Credentials

ENDPOINT = os.environ.get("DDB_ENDPOINT", "")

# One attempt, no retries, so every error surfaces as it was answered. The
# "legacy" retry mode matters: in it botocore checks every response's
# x-amz-crc32 header and raises ChecksumError on a mismatch once retries are
# used up, whereas "standard" mode quietly returns the response after its
# last attempt. So every call in these tests also checks the CRC32.
NO_RETRIES = Config(retries={"total_max_attempts": 1, "mode": "legacy"}, connect_timeout=5, read_timeout=30)


def pytest_configure(config):
    if not ENDPOINT:
        raise pytest.UsageError("set DDB_ENDPOINT to the URL of a running ddb-local (scripts/test-endpoint does)")


def _session_kwargs():
    return dict(
        endpoint_url=ENDPOINT,
        region_name="us-east-1",
        aws_access_key_id="x",
        aws_secret_access_key="x",
        config=NO_RETRIES,
    )


@pytest.fixture(scope="session")
def client():
    return boto3.client("dynamodb", **_session_kwargs())


@pytest.fixture(scope="session")
def resource():
    return boto3.resource("dynamodb", **_session_kwargs())


def signed_headers(url, target, data, access_key="x", region="us-east-1"):
    """The headers of a POST of `data` to `target`, signed with SigV4 as an SDK
    signs them: the credential scope names the database (access key, region)
    the request reaches."""
    request = AWSRequest(
        method="POST",
        url=url,
        data=data,
        headers={"Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": target},
    )
    SigV4Auth(Credentials(access_key, "x"), "dynamodb", region).add_auth(request)
    return dict(request.headers.items())


def unique_name(prefix="t"):
    """A table name no other test uses (3..255 characters of [a-zA-Z0-9_.-])."""
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def table(client):
    """An on-demand table with a string partition key `pk`, deleted afterwards."""
    name = unique_name()
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )
    yield name
    client.delete_table(TableName=name)


def _key_schema(hash_key, range_key):
    keys = [(hash_key, "HASH")] + ([(range_key, "RANGE")] if range_key else [])
    return (
        [{"AttributeName": name, "KeyType": kind} for (name, _), kind in keys],
        [{"AttributeName": name, "AttributeType": type_} for (name, type_), _ in keys],
    )


@pytest.fixture
def make_table(client):
    """A factory for on-demand tables with any key schema, all deleted afterwards.

    make_table()                          -> pk (S)
    make_table(("pk", "S"), ("sk", "N"))  -> pk (S) + sk (N)
    """
    created = []

    def make(hash_key=("pk", "S"), range_key=None, prefix="t"):
        name = unique_name(prefix)
        key_schema, definitions = _key_schema(hash_key, range_key)
        client.create_table(
            TableName=name,
            KeySchema=key_schema,
            AttributeDefinitions=definitions,
            BillingMode="PAY_PER_REQUEST",
        )
        created.append(name)
        return name

    yield make
    for name in created:
        client.delete_table(TableName=name)


def failure(call, **kwargs):
    """Makes a call that must fail with HTTP 400; returns (code, message, full error response)."""
    from botocore.exceptions import ClientError

    with pytest.raises(ClientError) as info:
        call(**kwargs)
    response = info.value.response
    assert response["ResponseMetadata"]["HTTPStatusCode"] == 400
    return response["Error"]["Code"], response["Error"]["Message"], response


def fails_with(call, **kwargs):
    """(code, message) of a call that must fail."""
    code, message, _ = failure(call, **kwargs)
    return code, message


def S(value):
    return {"S": value}


def N(value):
    return {"N": str(value)}
