"""The table of the PutItem-only run (benches/endpoint/put.lua), over plain HTTP.

    python3 benches/endpoint/put_table.py create http://127.0.0.1:8000
    python3 benches/endpoint/put_table.py count http://127.0.0.1:8000

`create` makes the tables `Bench0` to `Bench7` (partition key `pk`, a
string) and waits until they are ACTIVE. Each is provisioned at 40,000 WCU,
DynamoDB's default per-table quota (an account asks AWS for more), and
ddb-local throttles a table's partitions past 1,000 WCU each as DynamoDB
does: one table could take about 40,000 PutItems of 1 WCU a second, so the
load is spread over eight, as an application past a table's quota would
spread it. A server that models no capacity ignores the figures.

`count` prints how many items the tables hold: a Scan with `Select: COUNT`,
page by page (each page reads at most 1 MB), the figure the benchmark checks
against the number of successful PutItems wrk saw.

Only the standard library: the script needs no SDK. None of the servers
checks the signature, so the Authorization header only has the right shape.
"""

import json
import sys
import time
import urllib.error
import urllib.request

AUTH = (
    "AWS4-HMAC-SHA256 Credential=x/20261122/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
    "Signature=" + "0" * 64
)


def call(endpoint, operation, body, timeout=300):
    request = urllib.request.Request(
        endpoint,
        data=json.dumps(body).encode(),
        method="POST",
        headers={
            "Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810." + operation,
            "X-Amz-Date": "20261122T000000Z",
            "Authorization": AUTH,
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        sys.exit(f"{operation} at {endpoint}: HTTP {error.code}: {error.read().decode(errors='replace')}")


TABLES = [f"Bench{i}" for i in range(8)]


def create(endpoint):
    for table in TABLES:
        call(
            endpoint,
            "CreateTable",
            {
                "TableName": table,
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": 40000, "WriteCapacityUnits": 40000},
            },
        )
    for table in TABLES:
        for _ in range(300):
            if call(endpoint, "DescribeTable", {"TableName": table})["Table"]["TableStatus"] == "ACTIVE":
                break
            time.sleep(0.1)
        else:
            sys.exit(f"table {table} did not become ACTIVE within 30 s")


def count(endpoint):
    total = 0
    for table in TABLES:
        start = None
        while True:
            body = {"TableName": table, "Select": "COUNT"}
            if start:
                body["ExclusiveStartKey"] = start
            page = call(endpoint, "Scan", body)
            total += page["Count"]
            start = page.get("LastEvaluatedKey")
            if not start:
                break
    print(total)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("create", "count"):
        sys.exit(__doc__)
    {"create": create, "count": count}[sys.argv[1]](sys.argv[2])
