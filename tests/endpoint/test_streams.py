"""The DynamoDB Streams API through boto3's `dynamodbstreams` client: a
table with a stream, writes, and their records read back in order."""

import boto3

from conftest import _session_kwargs, unique_name


def test_records_of_every_write_in_order(client):
    name = unique_name("streams")
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    )
    client.put_item(TableName=name, Item={"pk": {"S": "a"}, "v": {"N": "1"}})
    client.update_item(
        TableName=name,
        Key={"pk": {"S": "a"}},
        UpdateExpression="SET v = :two",
        ExpressionAttributeValues={":two": {"N": "2"}},
    )
    client.delete_item(TableName=name, Key={"pk": {"S": "a"}})

    streams = boto3.client("dynamodbstreams", **_session_kwargs())
    arn = client.describe_table(TableName=name)["Table"]["LatestStreamArn"]
    assert [s["StreamArn"] for s in streams.list_streams(TableName=name)["Streams"]] == [arn]
    # A stream has a shard per partition (an on-demand table starts with 8);
    # the item's records are all in the shard of its key's partition.
    shards = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]
    assert len(shards) == 8
    assert all("ParentShardId" not in s and "EndingSequenceNumber" not in s["SequenceNumberRange"] for s in shards)
    records = []
    for shard in shards:
        iterator = streams.get_shard_iterator(
            StreamArn=arn, ShardId=shard["ShardId"], ShardIteratorType="TRIM_HORIZON"
        )["ShardIterator"]
        page = streams.get_records(ShardIterator=iterator)["Records"]
        assert len(page) in (0, 3)
        records.extend(page)
    assert [r["eventName"] for r in records] == ["INSERT", "MODIFY", "REMOVE"]
    assert records[1]["dynamodb"]["OldImage"]["v"] == {"N": "1"}
    assert records[1]["dynamodb"]["NewImage"]["v"] == {"N": "2"}
    assert records[2]["dynamodb"]["Keys"] == {"pk": {"S": "a"}}
    client.delete_table(TableName=name)
