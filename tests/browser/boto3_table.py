"""Creates, with boto3, the table the connect page's import test brings in
(tests/browser/connect.rs): scripts/with-ddb-local runs it against the
ddb-local it starts for the browser tests.

Boto3Orders: on demand, CustomerId + OrderId, a GSI ByStatus (Status,
OrderDate, all attributes), TTL on ExpiresAt, 60 orders of 6 customers.
The access key is the browser tests' own: ddb-local keeps tables per access
key and region, as DynamoDB Local does.
"""

import sys

import boto3

endpoint = sys.argv[1]
session = boto3.Session(
    region_name="us-east-1",
    aws_access_key_id="AKIDBROWSERTEST",
    aws_secret_access_key="secret-never-stored-9f3a",
)
client = session.client("dynamodb", endpoint_url=endpoint)
if "Boto3Orders" in client.list_tables()["TableNames"]:
    client.delete_table(TableName="Boto3Orders")
    client.get_waiter("table_not_exists").wait(TableName="Boto3Orders", WaiterConfig={"Delay": 1})
client.create_table(
    TableName="Boto3Orders",
    AttributeDefinitions=[
        {"AttributeName": "CustomerId", "AttributeType": "S"},
        {"AttributeName": "OrderId", "AttributeType": "S"},
        {"AttributeName": "Status", "AttributeType": "S"},
        {"AttributeName": "OrderDate", "AttributeType": "S"},
    ],
    KeySchema=[
        {"AttributeName": "CustomerId", "KeyType": "HASH"},
        {"AttributeName": "OrderId", "KeyType": "RANGE"},
    ],
    GlobalSecondaryIndexes=[
        {
            "IndexName": "ByStatus",
            "KeySchema": [
                {"AttributeName": "Status", "KeyType": "HASH"},
                {"AttributeName": "OrderDate", "KeyType": "RANGE"},
            ],
            "Projection": {"ProjectionType": "ALL"},
        }
    ],
    BillingMode="PAY_PER_REQUEST",
)
client.get_waiter("table_exists").wait(TableName="Boto3Orders", WaiterConfig={"Delay": 1})
client.update_time_to_live(
    TableName="Boto3Orders", TimeToLiveSpecification={"Enabled": True, "AttributeName": "ExpiresAt"}
)
table = session.resource("dynamodb", endpoint_url=endpoint).Table("Boto3Orders")
with table.batch_writer() as batch:
    for n in range(60):
        batch.put_item(
            Item={
                "CustomerId": f"customer#{n % 6}",
                "OrderId": f"order#{n:03}",
                "Status": ["PENDING", "SHIPPED", "DELIVERED"][n % 3],
                "OrderDate": f"2026-11-{1 + n % 28:02}",
                "Total": n * 7 + 3,
                "ExpiresAt": 4_102_444_800,
            }
        )
print("boto3 created Boto3Orders with 60 items")
