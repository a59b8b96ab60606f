"""An AWS CLI session against the local endpoint, as a person would type it.

Each command runs the real `aws` (PyPI awscli) from this virtualenv. The
session is checked here and, when DDB_CLI_TRANSCRIPT names a file, written
there with the endpoint shown as http://localhost:8000, ready for docs/ddb-local.md.
"""

import json
import os
import shlex
import subprocess
import sys

from conftest import ENDPOINT

AWS = os.path.join(os.path.dirname(sys.executable), "aws")
SHOWN_ENDPOINT = "http://localhost:8000"


class Session:
    def __init__(self):
        self.transcript = []

    def aws(self, *args, expect_failure=False):
        command = [AWS, "dynamodb", *args, "--endpoint-url", ENDPOINT]
        env = dict(os.environ, AWS_PAGER="", AWS_MAX_ATTEMPTS="1")
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
        shown = ["aws", "dynamodb", *args, "--endpoint-url", SHOWN_ENDPOINT]
        self.transcript.append("$ " + shlex.join(shown))
        output = (done.stdout + done.stderr).strip()
        if output:
            self.transcript.append(output)
        if expect_failure:
            assert done.returncode != 0, output
            return done.stderr.strip()
        assert done.returncode == 0, output
        return json.loads(done.stdout) if done.stdout.strip() else None

    def save(self):
        path = os.environ.get("DDB_CLI_TRANSCRIPT")
        if path:
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(self.transcript) + "\n")


def test_cli_session():
    s = Session()
    # The session uses a fixed table name: clear it away if an earlier run
    # against the same server left it (the transcript starts after this).
    if "Music" in s.aws("list-tables")["TableNames"]:
        s.aws("delete-table", "--table-name", "Music")
    s.transcript.clear()

    created = s.aws(
        "create-table",
        "--table-name", "Music",
        "--attribute-definitions", "AttributeName=Artist,AttributeType=S", "AttributeName=SongTitle,AttributeType=S",
        "--key-schema", "AttributeName=Artist,KeyType=HASH", "AttributeName=SongTitle,KeyType=RANGE",
        "--billing-mode", "PAY_PER_REQUEST",
        "--query", "TableDescription.[TableName,TableStatus,BillingModeSummary.BillingMode]",
    )
    assert created == ["Music", "CREATING", "PAY_PER_REQUEST"]
    s.aws("wait", "table-exists", "--table-name", "Music")

    item = '{"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Happy Day"}, "Year": {"N": "2026"}}'
    put = s.aws("put-item", "--table-name", "Music", "--item", item, "--return-consumed-capacity", "TOTAL")
    assert put == {"ConsumedCapacity": {"TableName": "Music", "CapacityUnits": 1.0}}

    key = '{"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Happy Day"}}'
    got = s.aws("get-item", "--table-name", "Music", "--key", key, "--return-consumed-capacity", "TOTAL")
    assert got["Item"]["Year"] == {"N": "2026"}
    assert got["ConsumedCapacity"] == {"TableName": "Music", "CapacityUnits": 0.5}

    strong = s.aws(
        "get-item", "--table-name", "Music", "--key", key, "--consistent-read",
        "--return-consumed-capacity", "TOTAL", "--query", "ConsumedCapacity",
    )
    assert strong == {"TableName": "Music", "CapacityUnits": 1.0}

    count = s.aws("describe-table", "--table-name", "Music", "--query", "Table.[TableStatus,ItemCount]")
    assert count == ["ACTIVE", 1]

    error = s.aws("get-item", "--table-name", "Music", "--key", '{"Artist": {"S": "Acme Band"}}', expect_failure=True)
    assert error == (
        "An error occurred (ValidationException) when calling the GetItem operation: "
        "The provided key element does not match the schema"
    )

    s.aws("delete-table", "--table-name", "Music", "--query", "TableDescription.TableStatus")
    s.save()
