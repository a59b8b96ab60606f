"""Vector indexes and SearchVectors through boto3 (`search_vectors`), as its
users would call them: a table of products with three-dimensional
embeddings, searched per tenant, and an index added to the live table by
`update_table(VectorIndexUpdates=…)` through its phases on a manual clock.

The AWS CLI too: awscli 1.46.3 (the newest on PyPI on 2026-11-29) bundles a
botocore whose DynamoDB model predates vector search, so the session gives
it the DynamoDB model of the botocore installed beside it (1.44.5, the one
boto3 uses) through `AWS_DATA_PATH`, the CLI's documented way to load a
newer service model (what `aws configure add-model` does). Nothing else of
the CLI changes: `aws dynamodb search-vectors`, `create-table
--vector-indexes` and `update-table --vector-index-updates` are its own.
"""

import json
import os
import shutil
import subprocess
import sys

import botocore
import pytest
from botocore.exceptions import ClientError

from conftest import S, unique_name
from test_exchange import BIN, client_at, ddb_local
from test_gsi_propagation import advance_clock


def N(text):
    return {"N": text}


def vector(*numbers):
    return {"L": [N(str(n)) for n in numbers]}


@pytest.fixture
def products(client):
    name = unique_name("vec")
    client.create_table(
        TableName=name,
        AttributeDefinitions=[
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "tenant", "AttributeType": "S"},
        ],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        BillingMode="PAY_PER_REQUEST",
        VectorIndexes=[
            {
                "IndexName": "ByLook",
                "VectorAttribute": {"AttributeName": "embedding"},
                "Dimensions": 3,
                "DistanceFunction": "COSINE",
                "Projection": {"ProjectionType": "ALL"},
                "SearchSchema": [{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"}],
            }
        ],
    )
    for pk, tenant, v in [("p1", "A", (1, 0, 0)), ("p2", "A", (0, 1, 0)), ("p3", "B", (1, 1, 0))]:
        client.put_item(TableName=name, Item={"pk": S(pk), "tenant": S(tenant), "embedding": vector(*v)})
    client.put_item(TableName=name, Item={"pk": S("p4"), "embedding": vector(1, 0, 0)})
    yield name
    client.delete_table(TableName=name)


def test_describe_table_shows_the_vector_index(client, products):
    index = client.describe_table(TableName=products)["Table"]["VectorIndexes"][0]
    assert index["IndexName"] == "ByLook"
    assert index["Dimensions"] == 3 and index["DistanceFunction"] == "COSINE"
    assert index["IndexStatus"] == "ACTIVE"
    # p4 has no tenant: written, but not in the index.
    assert index["ItemCount"] == 3


def test_search_vectors_ranks_one_tenants_items(client, products):
    answer = client.search_vectors(
        TableName=products,
        IndexName="ByLook",
        SearchVector=[N("1"), N("0.1"), N("0")],
        TopK=5,
        SearchConditionExpression="tenant = :a",
        ExpressionAttributeValues={":a": S("A")},
        ReturnConsumedCapacity="TOTAL",
    )
    assert [r["Item"]["pk"]["S"] for r in answer["SearchResults"]] == ["p1", "p2"]
    assert answer["SearchResults"][0]["Score"] == pytest.approx(1 - 1 / (1.01 ** 0.5))
    # The vector stays out unless asked for; no read units, only bytes.
    assert "embedding" not in answer["SearchResults"][0]["Item"]
    assert set(answer["ConsumedCapacity"]) == {"VectorSearchRequestBytes"}
    assert answer["ConsumedCapacity"]["VectorSearchRequestBytes"] >= 1024


def test_a_vector_write_reports_its_bytes_under_indexes_only(client, products):
    item = {"pk": S("p5"), "tenant": S("A"), "embedding": vector(0, 0, 1)}
    indexes = client.put_item(TableName=products, Item=item, ReturnConsumedCapacity="INDEXES")["ConsumedCapacity"]
    assert indexes["CapacityUnits"] == 1.0
    assert indexes["VectorIndexes"] == {"ByLook": {"VectorWriteRequestBytes": 1024.0}}
    total = client.put_item(TableName=products, Item=item, ReturnConsumedCapacity="TOTAL")["ConsumedCapacity"]
    assert "VectorIndexes" not in total


def test_refusals_carry_dynamodbs_messages(client, products):
    with pytest.raises(client.exceptions.ClientError) as refused:
        client.search_vectors(TableName=products, IndexName="ByLook", SearchVector=[N("1"), N("0")], TopK=1,
                              SearchConditionExpression="tenant = :a", ExpressionAttributeValues={":a": S("A")})
    assert refused.value.response["Error"]["Message"] == "Input search vector dimension 2 does not match vector index dimension 3"
    with pytest.raises(client.exceptions.ClientError) as refused:
        client.search_vectors(TableName=products, IndexName="ByLook", SearchVector=[N("1"), N("0"), N("0")], TopK=1)
    assert refused.value.response["Error"]["Message"] == "SearchConditionExpression must be provided when SearchSchema has a HASH key"
    with pytest.raises(client.exceptions.ClientError) as refused:
        client.put_item(TableName=products, Item={"pk": S("bad"), "tenant": S("A"), "embedding": vector(1, 0)})
    assert refused.value.response["Error"]["Message"] == (
        "One or more parameter values were invalid. Invalid size for parameter embedding, Expected: 3, Actual: 2 IndexName: ByLook"
    )
    with pytest.raises(client.exceptions.ClientError) as refused:
        client.query(TableName=products, IndexName="ByLook", KeyConditionExpression="tenant = :a",
                     ExpressionAttributeValues={":a": S("A")})
    assert refused.value.response["Error"]["Message"] == "Query operation not supported on this index type."


def test_a_search_is_an_access_pattern_priced_in_bytes(client, products):
    """ReviewAccessPatterns (docs/design-review.md): a SearchVectors pattern
    is served by the vector index, meters bytes instead of units, and its
    month is those bytes at $0.002 per GB."""
    from test_playground_ops import ok

    search = {
        "Name": "Similar",
        "Operation": "SearchVectors",
        "Request": {
            "TableName": products,
            "IndexName": "ByLook",
            "SearchVector": [N("1"), N("0"), N("0")],
            "TopK": 2,
            "SearchConditionExpression": "tenant = :t",
            "ExpressionAttributeValues": {":t": S("A")},
        },
        "RequestsPerSecond": 100,
    }
    review = ok("ReviewAccessPatterns", {"Seconds": 5, "AccessPatterns": [search]})
    (pattern,) = review["AccessPatterns"]
    assert (pattern["AccessPath"], pattern["IndexName"]) == ("SearchVectors", "ByLook")
    assert pattern["ConsumedCapacityPerRequest"] == {"ReadCapacityUnits": 0.0, "WriteCapacityUnits": 0.0}
    assert pattern["VectorSearchRequestBytesPerRequest"] == 1024.0
    month = 100 * 30 * 24 * 3600 * 1024 / 1e9 * 0.002
    assert abs(pattern["MonthlyCost"]["OnDemand"] - month) < 1e-6
    assert pattern["Throttled"] == 0


def refusal(call, **kwargs):
    with pytest.raises(ClientError) as caught:
        call(**kwargs)
    error = caught.value.response["Error"]
    return error["Code"], error["Message"]


@pytest.mark.skipif(not BIN, reason="set DDB_LOCAL_BIN to the ddb-local binary (scripts/test-endpoint does)")
def test_an_index_added_to_a_live_table_goes_through_its_phases():
    with ddb_local("--clock", "manual") as url:
        client = client_at(url)
        client.create_table(
            TableName="Docs",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            BillingMode="PAY_PER_REQUEST",
        )
        client.put_item(TableName="Docs", Item={"pk": S("d1"), "tenant": S("A"), "embedding": vector(1, 0, 0)})
        # A vector a live write would refuse: the backfill leaves it out.
        client.put_item(TableName="Docs", Item={"pk": S("d2"), "tenant": S("A"), "embedding": vector(1, 0)})
        answer = client.update_table(
            TableName="Docs",
            AttributeDefinitions=[{"AttributeName": "tenant", "AttributeType": "S"}],
            VectorIndexUpdates=[
                {
                    "Create": {
                        "IndexName": "ByLook",
                        "VectorAttribute": {"AttributeName": "embedding"},
                        "Dimensions": 3,
                        "DistanceFunction": "EUCLIDEAN",
                        "Projection": {"ProjectionType": "KEYS_ONLY"},
                        "SearchSchema": [{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"}],
                    }
                }
            ],
        )["TableDescription"]
        assert answer["TableStatus"] == "UPDATING"

        def phase():
            table = client.describe_table(TableName="Docs")["Table"]
            index = table["VectorIndexes"][0]
            return table["TableStatus"], index["IndexStatus"], index.get("Backfilling"), index["ItemCount"]

        def search():
            return client.search_vectors(
                TableName="Docs",
                IndexName="ByLook",
                SearchVector=[N("1"), N("0"), N("0")],
                TopK=2,
                SearchConditionExpression="tenant = :t",
                ExpressionAttributeValues={":t": S("A")},
            )

        assert phase() == ("UPDATING", "CREATING", False, 1)
        assert refusal(search) == ("ValidationException", "The table does not have the specified index: ByLook")
        assert refusal(client.update_table, TableName="Docs", VectorIndexUpdates=[{"Delete": {"IndexName": "ByLook"}}]) == (
            "ResourceInUseException",
            "Attempt to change a resource which is still in use: Index creation is in resource allocation phase. "
            "Retry deletion during backfilling phase or when the index is active. Table: Docs Index: ByLook",
        )
        assert refusal(client.delete_table, TableName="Docs")[0] == "ResourceInUseException"
        advance_clock(url, 30)
        assert phase() == ("ACTIVE", "CREATING", True, 1)
        assert refusal(search) == ("ValidationException", "Cannot search backfilling vector index: ByLook")
        advance_clock(url, 30)
        assert phase() == ("ACTIVE", "ACTIVE", None, 1)
        assert refusal(search) == ("ValidationException", "Cannot search backfilling vector index: ByLook")
        advance_clock(url, 10)
        assert [r["Item"]["pk"]["S"] for r in search()["SearchResults"]] == ["d1"]

        client.update_table(TableName="Docs", VectorIndexUpdates=[{"Delete": {"IndexName": "ByLook"}}])
        assert phase()[1] == "DELETING"
        advance_clock(url, 2.5)
        table = client.describe_table(TableName="Docs")["Table"]
        assert "VectorIndexes" not in table
        assert [d["AttributeName"] for d in table["AttributeDefinitions"]] == ["pk"]


@pytest.mark.skipif(not BIN, reason="set DDB_LOCAL_BIN to the ddb-local binary (scripts/test-endpoint does)")
def test_set_shortens_the_phases_for_tests_that_should_not_wait():
    phases = ["--set", "vector-allocation=0", "--set", "vector-backfill=0", "--set", "vector-serve-delay=0"]
    with ddb_local(*phases) as url:
        client = client_at(url)
        client.create_table(
            TableName="Docs",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            BillingMode="PAY_PER_REQUEST",
        )
        client.put_item(TableName="Docs", Item={"pk": S("d1"), "embedding": vector(1, 0)})
        client.update_table(
            TableName="Docs",
            VectorIndexUpdates=[
                {
                    "Create": {
                        "IndexName": "ByLook",
                        "VectorAttribute": {"AttributeName": "embedding"},
                        "Dimensions": 2,
                        "DistanceFunction": "COSINE",
                        "Projection": {"ProjectionType": "KEYS_ONLY"},
                    }
                }
            ],
        )
        assert client.describe_table(TableName="Docs")["Table"]["VectorIndexes"][0]["IndexStatus"] == "ACTIVE"
        found = client.search_vectors(TableName="Docs", IndexName="ByLook", SearchVector=[N("1"), N("0")], TopK=1)
        assert [r["Item"]["pk"]["S"] for r in found["SearchResults"]] == ["d1"]


def cli_models(root):
    """A data path holding the DynamoDB model of the botocore beside the CLI."""
    source = os.path.join(os.path.dirname(botocore.__file__), "data", "dynamodb")
    shutil.copytree(source, os.path.join(root, "dynamodb"))
    return str(root)


@pytest.mark.skipif(not BIN, reason="set DDB_LOCAL_BIN to the ddb-local binary (scripts/test-endpoint does)")
def test_the_aws_cli_creates_searches_and_adds_vector_indexes(tmp_path):
    aws = os.path.join(os.path.dirname(sys.executable), "aws")
    env = dict(
        os.environ,
        AWS_DATA_PATH=cli_models(tmp_path / "models"),
        AWS_ACCESS_KEY_ID="x",
        AWS_SECRET_ACCESS_KEY="x",
        AWS_DEFAULT_REGION="us-east-1",
        AWS_PAGER="",
        AWS_MAX_ATTEMPTS="1",
    )
    with ddb_local("--clock", "manual") as url:

        def cli(*args, fails=False):
            done = subprocess.run(
                [aws, "dynamodb", *args, "--endpoint-url", url], capture_output=True, text=True, timeout=60, env=env
            )
            if fails:
                assert done.returncode != 0, done.stdout
                return done.stderr
            assert done.returncode == 0, done.stderr
            return json.loads(done.stdout) if done.stdout.strip() else None

        look = {
            "IndexName": "ByLook",
            "VectorAttribute": {"AttributeName": "embedding"},
            "Dimensions": 3,
            "DistanceFunction": "COSINE",
            "Projection": {"ProjectionType": "ALL"},
            "SearchSchema": [{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"}],
        }
        cli(
            "create-table", "--table-name", "Products",
            "--attribute-definitions", "AttributeName=pk,AttributeType=S", "AttributeName=tenant,AttributeType=S",
            "--key-schema", "AttributeName=pk,KeyType=HASH", "--billing-mode", "PAY_PER_REQUEST",
            "--vector-indexes", json.dumps([look]),
        )  # fmt: skip
        for pk, tenant, v in [("p1", "A", (1, 0, 0)), ("p2", "A", (0, 1, 0)), ("p3", "B", (1, 1, 0))]:
            item = {"pk": S(pk), "tenant": S(tenant), "embedding": vector(*v)}
            cli("put-item", "--table-name", "Products", "--item", json.dumps(item))
        search = [
            "search-vectors", "--table-name", "Products", "--index-name", "ByLook",
            "--search-vector", json.dumps([N("1"), N("0.1"), N("0")]), "--top-k", "2",
            "--search-condition-expression", "tenant = :a",
            "--expression-attribute-values", json.dumps({":a": S("A")}),
            "--return-consumed-capacity", "TOTAL",
        ]  # fmt: skip
        found = cli(*search)
        assert [r["Item"]["pk"]["S"] for r in found["SearchResults"]] == ["p1", "p2"]
        assert found["ConsumedCapacity"]["VectorSearchRequestBytes"] == 1024.0

        # A second index, added to the live table, through its phases.
        euclid = dict(look, IndexName="ByDistance", DistanceFunction="EUCLIDEAN")
        updated = cli(
            "update-table", "--table-name", "Products",
            "--attribute-definitions", "AttributeName=tenant,AttributeType=S",
            "--vector-index-updates", json.dumps([{"Create": euclid}]),
        )  # fmt: skip
        assert updated["TableDescription"]["TableStatus"] == "UPDATING"
        by_distance = [a if a != "ByLook" else "ByDistance" for a in search]
        refused = cli(*by_distance, fails=True)
        assert "The table does not have the specified index: ByDistance" in refused, refused
        advance_clock(url, 30)
        refused = cli(*by_distance, fails=True)
        assert "Cannot search backfilling vector index: ByDistance" in refused, refused
        advance_clock(url, 40)
        found = cli(*by_distance)
        assert [r["Item"]["pk"]["S"] for r in found["SearchResults"]] == ["p1", "p2"]
        statuses = cli("describe-table", "--table-name", "Products", "--query", "Table.VectorIndexes[].IndexStatus")
        assert statuses == ["ACTIVE", "ACTIVE"]
        # Query on a vector index is refused as DynamoDB refuses it.
        refused = cli(
            "query", "--table-name", "Products", "--index-name", "ByLook",
            "--key-condition-expression", "tenant = :a", "--expression-attribute-values", json.dumps({":a": S("A")}),
            fails=True,
        )  # fmt: skip
        assert "Query operation not supported on this index type." in refused, refused
