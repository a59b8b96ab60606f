"""Whose tables a client sees. As in DynamoDB Local, ddb-local keeps tables
per access key and region (from the SigV4 credential scope of each request),
and ARNs name the region; `--shared-db` (DynamoDB Local's `-sharedDb`) gives
every client one database. A data file keeps the databases apart; a file
with one database (as the playground page exports) is served shared.
"""

import json
import os
import subprocess
import sys
import tempfile

import boto3

from conftest import ENDPOINT, NO_RETRIES, S, unique_name
from test_exchange import BIN, ddb_local

AWS = os.path.join(os.path.dirname(sys.executable), "aws")


def client_as(url, access_key, region):
    return boto3.client(
        "dynamodb",
        endpoint_url=url,
        region_name=region,
        aws_access_key_id=access_key,
        aws_secret_access_key="secret",
        config=NO_RETRIES,
    )


def create(client, name):
    return client.create_table(
        TableName=name,
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        BillingMode="PAY_PER_REQUEST",
    )["TableDescription"]


def cli(url, access_key, region, *args):
    """The real `aws dynamodb …` with these credentials: parsed JSON output."""
    env = dict(
        os.environ,
        AWS_ACCESS_KEY_ID=access_key,
        AWS_SECRET_ACCESS_KEY="secret",
        AWS_DEFAULT_REGION=region,
        AWS_PAGER="",
        AWS_MAX_ATTEMPTS="1",
    )
    done = subprocess.run([AWS, "dynamodb", *args, "--endpoint-url", url], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout) if done.stdout.strip() else None


def test_each_access_key_and_region_has_its_own_tables():
    name = unique_name("ns")
    alice_eu = client_as(ENDPOINT, "alice", "eu-west-1")
    described = create(alice_eu, name)
    assert described["TableArn"] == f"arn:aws:dynamodb:eu-west-1:000000000000:table/{name}"
    alice_eu.put_item(TableName=name, Item={"pk": S("a")})
    assert name in alice_eu.list_tables()["TableNames"]
    # The same key in another region, another key in the same region: other databases.
    assert name not in client_as(ENDPOINT, "alice", "us-east-1").list_tables()["TableNames"]
    bob_eu = client_as(ENDPOINT, "bob", "eu-west-1")
    assert name not in bob_eu.list_tables()["TableNames"]
    try:
        bob_eu.describe_table(TableName=name)
        raise AssertionError("bob must not see alice's table")
    except bob_eu.exceptions.ResourceNotFoundException:
        pass
    # The AWS CLI picks its database the same way, from its region and key.
    assert name in cli(ENDPOINT, "alice", "eu-west-1", "list-tables")["TableNames"]
    assert name not in cli(ENDPOINT, "alice", "ap-northeast-1", "list-tables")["TableNames"]
    described = cli(ENDPOINT, "bob", "eu-west-1", "create-table", "--table-name", name,
                    "--attribute-definitions", "AttributeName=pk,AttributeType=S",
                    "--key-schema", "AttributeName=pk,KeyType=HASH", "--billing-mode", "PAY_PER_REQUEST")
    assert described["TableDescription"]["TableArn"] == f"arn:aws:dynamodb:eu-west-1:000000000000:table/{name}"
    assert bob_eu.scan(TableName=name)["Count"] == 0
    assert alice_eu.scan(TableName=name)["Count"] == 1
    # A table's ARN works as its name in its own region only.
    arn = f"arn:aws:dynamodb:eu-west-1:000000000000:table/{name}"
    assert alice_eu.describe_table(TableName=arn)["Table"]["TableName"] == name
    alice_eu.delete_table(TableName=name)
    bob_eu.delete_table(TableName=name)


def test_shared_db_gives_every_client_one_database_and_the_file_keeps_it():
    with tempfile.TemporaryDirectory() as scratch:
        data = os.path.join(scratch, "shared.json")
        with ddb_local("--shared-db", "--data", data) as url:
            create(client_as(url, "alice", "eu-west-1"), "Shared")
            assert client_as(url, "bob", "ap-northeast-1").list_tables()["TableNames"] == ["Shared"]
            assert cli(url, "carol", "us-west-2", "list-tables")["TableNames"] == ["Shared"]
        with open(data, encoding="utf-8") as f:
            saved = json.load(f)
        assert "databases" not in saved.get("ddbLocal", {}), saved.get("ddbLocal")
        # A file of one database (what the playground page exports) is served shared without the flag.
        with ddb_local("--data", data) as url:
            assert client_as(url, "dave", "sa-east-1").list_tables()["TableNames"] == ["Shared"]


def test_a_file_of_several_databases_keeps_them_and_cannot_be_shared():
    with tempfile.TemporaryDirectory() as scratch:
        data = os.path.join(scratch, "apart.json")
        with ddb_local("--data", data) as url:
            create(client_as(url, "alice", "eu-west-1"), "Hers")
            create(client_as(url, "bob", "eu-west-1"), "His")
        with open(data, encoding="utf-8") as f:
            saved = json.load(f)
        assert [(d["accessKeyId"], d["region"]) for d in saved["ddbLocal"]["databases"]] == [
            ("alice", "eu-west-1"),
            ("bob", "eu-west-1"),
        ]
        with ddb_local("--data", data) as url:
            assert client_as(url, "alice", "eu-west-1").list_tables()["TableNames"] == ["Hers"]
            assert client_as(url, "bob", "eu-west-1").list_tables()["TableNames"] == ["His"]
        refused = subprocess.run([BIN, "--port", "0", "--data", data, "--shared-db"], capture_output=True, text=True, timeout=60)
        assert refused.returncode != 0
        assert "keeps 2 databases, one per access key and region; --shared-db cannot merge them" in refused.stderr, refused.stderr
