"""A scenario on its way out of the playground, checked with real tools.

- A scenario file (what the browser exports) loads into a real ddb-local
  through --data, and boto3 reads back exactly its tables and items.
- The AWS CLI script that `ddb-local --export aws-cli` writes runs with bash
  and the real `aws` against a fresh ddb-local and recreates the same
  tables (keys, indexes, billing, stream, TTL) and items.
- The CloudFormation template that `ddb-local --export cloudformation`
  writes passes cfn-lint, which checks it against CloudFormation's own
  resource schemas.

These tests start their own ddb-local processes (on free loopback ports,
stopped at the end) from the binary in DDB_LOCAL_BIN, so their fixed table
names cannot collide with the other tests' server.
"""

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import boto3
import pytest
from conftest import NO_RETRIES

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "fixtures", "scenario", "library.json")
BIN = os.environ.get("DDB_LOCAL_BIN", "")
VENV_BIN = os.path.dirname(sys.executable)

pytestmark = pytest.mark.skipif(not BIN, reason="set DDB_LOCAL_BIN to the ddb-local binary (scripts/test-endpoint does)")


@contextlib.contextmanager
def ddb_local(*args):
    """A ddb-local on a free loopback port: yields its URL, stops it with SIGTERM."""
    process = subprocess.Popen(
        [BIN, "--host", "127.0.0.1", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()  # "ddb-local listening on http://127.0.0.1:PORT (…)"
        assert "listening on http://" in line, line + process.stderr.read()
        yield line.split("listening on ")[1].split()[0]
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()
        process.stderr.close()


def client_at(url):
    return boto3.client(
        "dynamodb",
        endpoint_url=url,
        region_name="us-east-1",
        aws_access_key_id="x",
        aws_secret_access_key="x",
        config=NO_RETRIES,
    )


def export(data_file, fmt):
    """`ddb-local --data FILE --export FORMAT`: (stdout, stderr)."""
    done = subprocess.run([BIN, "--data", data_file, "--export", fmt], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr


def canonical(items):
    """Items as a sorted list of JSON texts, sets in sorted order (any order is the same set)."""

    def norm(value):
        if isinstance(value, dict):
            return {k: (sorted(v) if k in ("SS", "NS", "BS") else norm(v)) for k, v in value.items()}
        if isinstance(value, list):
            return [norm(v) for v in value]
        return value

    return sorted(json.dumps(norm(item), sort_keys=True) for item in items)


def scan_all(client, table):
    items, start = [], {}
    while True:
        page = client.scan(TableName=table, **start)
        items.extend(page["Items"])
        if "LastEvaluatedKey" not in page:
            return items
        start = {"ExclusiveStartKey": page["LastEvaluatedKey"]}


def fixture_tables():
    with open(FIXTURE, encoding="utf-8") as f:
        return {t["definition"]["TableName"]: t for t in json.load(f)["engine"]["tables"]}


def schema(client, table):
    """What a table's description says about its design (not its state)."""
    t = client.describe_table(TableName=table)["Table"]
    indexes = lambda key: sorted(
        (i["IndexName"], json.dumps(i["KeySchema"]), json.dumps(i["Projection"], sort_keys=True))
        for i in t.get(key, [])
    )
    return {
        "KeySchema": t["KeySchema"],
        "AttributeDefinitions": sorted(json.dumps(a, sort_keys=True) for a in t["AttributeDefinitions"]),
        "BillingMode": t.get("BillingModeSummary", {}).get("BillingMode", "PROVISIONED"),
        "Throughput": {k: t["ProvisionedThroughput"][k] for k in ("ReadCapacityUnits", "WriteCapacityUnits")},
        "GSIs": indexes("GlobalSecondaryIndexes"),
        "LSIs": indexes("LocalSecondaryIndexes"),
        "Stream": t.get("StreamSpecification"),
        "TTL": client.describe_time_to_live(TableName=table)["TimeToLiveDescription"],
    }


def test_a_scenario_file_loads_into_ddb_local_with_the_same_data(tmp_path):
    data = tmp_path / "library.json"
    shutil.copy(FIXTURE, data)
    expected = fixture_tables()
    with ddb_local("--data", str(data)) as url:
        client = client_at(url)
        assert sorted(client.list_tables()["TableNames"]) == sorted(expected)
        for name, table in expected.items():
            assert canonical(scan_all(client, name)) == canonical(table["items"]), name
        books = schema(client, "Books")
        assert books["BillingMode"] == "PROVISIONED"
        assert books["Throughput"] == {"ReadCapacityUnits": 3, "WriteCapacityUnits": 2}
        assert [g[0] for g in books["GSIs"]] == ["ByGenre"] and [l[0] for l in books["LSIs"]] == ["ByYear"]
        assert books["Stream"] == {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"}
        assert books["TTL"] == {"TimeToLiveStatus": "ENABLED", "AttributeName": "ExpiresAt"}
        # The GSI is built from the loaded items.
        fantasy = client.query(
            TableName="Books",
            IndexName="ByGenre",
            KeyConditionExpression="Genre = :g",
            ExpressionAttributeValues={":g": {"S": "Fantasy"}},
        )
        assert fantasy["Count"] == 8  # books 0, 4, …, 28: every fourth of 30


def test_the_aws_cli_script_recreates_the_scenario(tmp_path):
    script, warnings = export(FIXTURE, "aws-cli")
    assert warnings == ""
    path = tmp_path / "library.sh"
    path.write_text(script, encoding="utf-8")
    # The reference: the same file loaded by --data.
    data = tmp_path / "library.json"
    shutil.copy(FIXTURE, data)
    with ddb_local("--data", str(data)) as reference_url, ddb_local() as url:
        env = dict(os.environ, DDB_ENDPOINT=url, PATH=VENV_BIN + os.pathsep + os.environ.get("PATH", ""))
        done = subprocess.run(["bash", str(path)], capture_output=True, text=True, timeout=300, env=env)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.splitlines() == [
            "Creating table Books",
            "Writing 30 items to Books",
            "Creating table Loans",
            "Writing 3 items to Loans",
            "Done: 2 tables, 33 items.",
        ]
        client, reference = client_at(url), client_at(reference_url)
        expected = fixture_tables()
        assert sorted(client.list_tables()["TableNames"]) == sorted(expected)
        for name, table in expected.items():
            assert canonical(scan_all(client, name)) == canonical(table["items"]), name
            assert schema(client, name) == schema(reference, name), name

        # Run again: the tables exist, so the script stops at once, non-zero.
        again = subprocess.run(["bash", str(path)], capture_output=True, text=True, timeout=120, env=env)
        assert again.returncode != 0
        assert "ResourceInUseException" in again.stderr, again.stderr


def test_a_script_with_binary_data_stops_under_cli_v1_before_creating_anything(tmp_path):
    with open(FIXTURE, encoding="utf-8") as f:
        scenario = json.load(f)
    scenario["engine"]["tables"][1]["items"][0]["Photo"] = {"B": "AQID"}
    data = tmp_path / "binary.json"
    data.write_text(json.dumps(scenario), encoding="utf-8")
    script, warnings = export(str(data), "aws-cli")
    assert "needs AWS CLI v2" in script and "binary values" in warnings
    path = tmp_path / "binary.sh"
    path.write_text(script, encoding="utf-8")
    with ddb_local() as url:
        env = dict(os.environ, DDB_ENDPOINT=url, PATH=VENV_BIN + os.pathsep + os.environ.get("PATH", ""))
        done = subprocess.run(["bash", str(path)], capture_output=True, text=True, timeout=60, env=env)
        # The AWS CLI installed for these tests is v1 (requirements.txt).
        assert done.returncode == 1
        assert done.stderr.strip() == "This script writes binary attributes: it needs AWS CLI v2."
        assert client_at(url).list_tables()["TableNames"] == []


def test_the_cloudformation_template_passes_cfn_lint(tmp_path):
    text, warnings = export(FIXTURE, "cloudformation")
    assert "its 30 item(s) are not part of the template" in warnings
    template = json.loads(text)
    assert sorted(template["Resources"]) == ["BooksTable", "LoansTable"]
    books = template["Resources"]["BooksTable"]["Properties"]
    assert books["StreamSpecification"] == {"StreamViewType": "NEW_IMAGE"}
    assert books["TimeToLiveSpecification"] == {"AttributeName": "ExpiresAt", "Enabled": True}
    path = tmp_path / "library-cloudformation.json"
    path.write_text(text, encoding="utf-8")
    lint = subprocess.run(
        [os.path.join(VENV_BIN, "cfn-lint"), str(path)], capture_output=True, text=True, timeout=120
    )
    assert lint.returncode == 0, lint.stdout + lint.stderr

    # cfn-lint does find mistakes: CloudFormation's StreamSpecification has no StreamEnabled.
    books["StreamSpecification"]["StreamEnabled"] = True
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(template), encoding="utf-8")
    lint = subprocess.run(
        [os.path.join(VENV_BIN, "cfn-lint"), str(broken)], capture_output=True, text=True, timeout=120
    )
    assert lint.returncode != 0 and "StreamEnabled" in lint.stdout, lint.stdout


ORDERS_GSI_KEY = [
    {"AttributeName": "Tenant", "KeyType": "HASH"},
    {"AttributeName": "Region", "KeyType": "HASH"},
    {"AttributeName": "Status", "KeyType": "RANGE"},
    {"AttributeName": "Day", "KeyType": "RANGE"},
]


def orders_with_a_multi_attribute_gsi(data):
    """Saves into `data` a table Orders whose GSI ByTenant has two HASH and two RANGE attributes, with three orders."""
    with ddb_local("--data", str(data)) as url:
        client = client_at(url)
        client.create_table(
            TableName="Orders",
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
            AttributeDefinitions=[
                {"AttributeName": name, "AttributeType": kind}
                for name, kind in [("PK", "S"), ("Tenant", "S"), ("Region", "S"), ("Status", "S"), ("Day", "N")]
            ],
            BillingMode="PAY_PER_REQUEST",
            GlobalSecondaryIndexes=[
                {"IndexName": "ByTenant", "KeySchema": ORDERS_GSI_KEY, "Projection": {"ProjectionType": "ALL"}}
            ],
        )
        for pk, status, day in [("o1", "open", "12"), ("o2", "open", "3"), ("o3", "paid", "7")]:
            item = {"PK": {"S": pk}, "Tenant": {"S": "W"}, "Region": {"S": "NA"}, "Status": {"S": status}}
            client.put_item(TableName="Orders", Item={**item, "Day": {"N": day}})


def test_a_multi_attribute_gsi_key_passes_cfn_lint_and_the_cli_script_recreates_it(tmp_path):
    data = tmp_path / "orders.json"
    orders_with_a_multi_attribute_gsi(data)
    text, _ = export(str(data), "cloudformation")
    template = json.loads(text)
    index = template["Resources"]["OrdersTable"]["Properties"]["GlobalSecondaryIndexes"][0]
    assert index["KeySchema"] == ORDERS_GSI_KEY
    path = tmp_path / "orders-cloudformation.json"
    path.write_text(text, encoding="utf-8")
    lint = subprocess.run(
        [os.path.join(VENV_BIN, "cfn-lint"), str(path)], capture_output=True, text=True, timeout=120
    )
    assert lint.returncode == 0, lint.stdout + lint.stderr

    script, _ = export(str(data), "aws-cli")
    path = tmp_path / "orders.sh"
    path.write_text(script, encoding="utf-8")
    with ddb_local() as url:
        env = dict(os.environ, DDB_ENDPOINT=url, PATH=VENV_BIN + os.pathsep + os.environ.get("PATH", ""))
        done = subprocess.run(["bash", str(path)], capture_output=True, text=True, timeout=300, env=env)
        assert done.returncode == 0, done.stdout + done.stderr
        client = client_at(url)
        index = client.describe_table(TableName="Orders")["Table"]["GlobalSecondaryIndexes"][0]
        assert index["KeySchema"] == ORDERS_GSI_KEY
        for _ in range(50):  # as much as a GSI may lag behind (--gsi-propagation-delay)
            found = client.query(
                TableName="Orders",
                IndexName="ByTenant",
                KeyConditionExpression="Tenant = :t AND #r = :r AND #s = :s",
                ExpressionAttributeNames={"#r": "Region", "#s": "Status"},
                ExpressionAttributeValues={":t": {"S": "W"}, ":r": {"S": "NA"}, ":s": {"S": "open"}},
            )
            if found["Count"] == 2:
                break
            time.sleep(0.1)
        assert [item["Day"]["N"] for item in found["Items"]] == ["3", "12"]

    # A NoSQL Workbench model has one partition key and one sort key per GSI: the export says what it leaves.
    _, warnings = export(str(data), "workbench")
    assert "cannot hold the key attributes Region, Day of index ByTenant" in warnings


def test_a_workbench_model_export_reads_back(tmp_path):
    text, warnings = export(FIXTURE, "workbench")
    model = json.loads(text)
    assert model["ModelMetadata"]["Version"] == "3.0"
    books = model["DataModel"][0]
    assert books["TableName"] == "Books" and len(books["TableData"]) == 30
    assert "local secondary index ByYear" in warnings and "time to live on ExpiresAt" in warnings
    # ddb-local refuses a model as its data file rather than overwrite it.
    path = tmp_path / "model.json"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([BIN, "--port", "0", "--data", str(path)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert "is a NoSQL Workbench model; ddb-local would overwrite it" in done.stderr
    assert json.loads(path.read_text(encoding="utf-8")) == model
