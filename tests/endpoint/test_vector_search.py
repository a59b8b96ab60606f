"""Vector indexes and SearchVectors through boto3 (`search_vectors`), as its
users would call them: a table of products with three-dimensional
embeddings, searched per tenant. The AWS CLI on PyPI (awscli 1.46.3, the
newest on 2026-11-28) bundles a DynamoDB model of its own that has neither
`search-vectors` nor `create-table --vector-indexes`, so the CLI is not
tested here.
"""

import pytest

from conftest import S, unique_name


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
