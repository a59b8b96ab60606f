"""GenerateItems (X-Amz-Target: Playground_20261121.GenerateItems): a table
filled from an item template, deterministic from a seed (docs/ddb-local.md,
docs/design-review.md). The generated items are read back with boto3."""

from test_playground_ops import ok, refused

TEMPLATE = {
    "ItemsPerPartitionKey": {"Distribution": "Fixed", "Count": 5},
    "Attributes": [
        {"Name": "OrderDate", "Type": "Date", "From": "2025-01-01", "To": "2025-12-31"},
        {"Name": "pk", "Type": "Template", "Template": "CUST#{n}"},
        {"Name": "sk", "Type": "Template", "Template": "ORDER#{OrderDate}#{i}"},
        {"Name": "Status", "Type": "Choice", "Values": ["OPEN", "SHIPPED"], "Distribution": "Zipf"},
        {"Name": "Total", "Type": "Number", "Min": 1, "Max": 500, "Decimals": 2},
    ],
}


def _all_items(client, name):
    items, start = [], {}
    while True:
        page = client.scan(TableName=name, **start)
        items += page["Items"]
        if "LastEvaluatedKey" not in page:
            return items
        start = {"ExclusiveStartKey": page["LastEvaluatedKey"]}


def test_generated_items_are_the_same_for_the_same_seed(client, make_table):
    first = make_table(hash_key=("pk", "S"), range_key=("sk", "S"), prefix="gen")
    second = make_table(hash_key=("pk", "S"), range_key=("sk", "S"), prefix="gen")
    for name in (first, second):
        answer = ok("GenerateItems", {"TableName": name, "Template": TEMPLATE, "Count": 1000, "Seed": 7})
        assert answer == {
            "TableName": name,
            "GeneratedItems": 1000,
            "ReplacedItems": 0,
            "PartitionKeys": 200,
            "ItemCount": 1000,
        }
    items = _all_items(client, first)
    assert len(items) == 1000
    assert items == _all_items(client, second)
    customer = client.query(
        TableName=first,
        KeyConditionExpression="pk = :c",
        ExpressionAttributeValues={":c": {"S": "CUST#3"}},
    )
    assert customer["Count"] == 5
    assert all(i["sk"]["S"].startswith("ORDER#2025-") for i in customer["Items"])


def test_bad_templates_are_refused_and_write_nothing(client, make_table):
    name = make_table(hash_key=("pk", "S"), range_key=("sk", "S"), prefix="gen")
    too_big = dict(TEMPLATE, Attributes=TEMPLATE["Attributes"] + [{"Name": "Blob", "Type": "String", "Length": 409600}])
    message = refused("GenerateItems", {"TableName": name, "Template": too_big, "Count": 10})
    assert "an item may be at most 409600 bytes (400 KB)" in message, message
    message = refused("GenerateItems", {"TableName": name, "Template": TEMPLATE, "Count": 10_000_001})
    assert message == "Count must be from 1 to 10000000 items; got 10000001", message
    no_sort_key = dict(TEMPLATE, Attributes=TEMPLATE["Attributes"][:2])
    message = refused("GenerateItems", {"TableName": name, "Template": no_sort_key, "Count": 10})
    assert "every item needs the key attribute sk" in message, message
    refused("GenerateItems", {"TableName": "no-such-table", "Template": TEMPLATE, "Count": 1}, "ResourceNotFoundException")
    assert client.scan(TableName=name)["Count"] == 0
