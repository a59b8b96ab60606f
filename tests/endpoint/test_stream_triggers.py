"""Stream triggers through the playground operations (PutStreamTrigger,
ListStreamTriggers, DeleteStreamTrigger) with boto3 doing the item writes.

The server runs on the wall clock: a trigger takes a record one second
(the engine's batching delay) after it was written, at the next request.
"""

import time

import pytest

from conftest import N, S, unique_name
from test_playground_ops import ok, refused


@pytest.fixture
def voting(client):
    """A write-sharded Votes table with a stream and a VoteTotals table."""
    votes, totals = unique_name("votes"), unique_name("totals")
    key = {
        "KeySchema": [{"AttributeName": "Candidate", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "Candidate", "AttributeType": "S"}],
        "BillingMode": "PAY_PER_REQUEST",
    }
    client.create_table(
        TableName=votes,
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
        **key,
    )
    client.create_table(TableName=totals, **key)
    yield votes, totals
    client.delete_table(TableName=votes)
    client.delete_table(TableName=totals)


def trigger(votes, totals, **overrides):
    definition = {
        "TableName": votes,
        "TriggerName": "CountVotes",
        "Events": ["INSERT", "MODIFY"],
        "Update": {
            "TableName": totals,
            "Key": {"Candidate": {"From": "Keys.Candidate", "Before": "_"}},
            "UpdateExpression": "ADD TotalVotes :n",
            "ExpressionAttributeValues": {":n": {"Delta": "Votes"}},
        },
    }
    definition.update(overrides)
    return definition


def test_ten_shards_add_up_to_one_total(client, voting):
    votes, totals = voting
    made = ok("PutStreamTrigger", trigger(votes, totals))["StreamTrigger"]
    assert made["TriggerName"] == "CountVotes" and made["Statistics"]["Writes"] == 0
    for shard in range(10):
        response = client.update_item(
            TableName=votes,
            Key={"Candidate": S(f"CandidateA_{shard}")},
            UpdateExpression="ADD Votes :v",
            ExpressionAttributeValues={":v": N(shard + 1)},
            ReturnConsumedCapacity="TOTAL",
        )
        # The voter pays for its own write only.
        assert response["ConsumedCapacity"] == {"TableName": votes, "CapacityUnits": 1.0}
    time.sleep(1.2)
    total = client.get_item(TableName=totals, Key={"Candidate": S("CandidateA")}, ReturnConsumedCapacity="TOTAL")
    assert total["Item"]["TotalVotes"] == N(55)
    assert total["ConsumedCapacity"]["CapacityUnits"] == 0.5
    [listed] = ok("ListStreamTriggers", {"TableName": votes})["StreamTriggers"]
    stats = listed["Statistics"]
    assert (stats["RecordsProcessed"], stats["Writes"], stats["ConsumedWriteCapacityUnits"]) == (10, 10, 10.0)
    assert listed["PendingRecords"] == 0
    gone = ok("DeleteStreamTrigger", {"TableName": votes, "TriggerName": "CountVotes"})["StreamTrigger"]
    assert gone["TriggerName"] == "CountVotes"
    assert ok("ListStreamTriggers", {"TableName": votes})["StreamTriggers"] == []


def test_bad_definitions_change_nothing(client, voting):
    votes, totals = voting
    bad_update = trigger(votes, totals)
    bad_update["Update"]["UpdateExpression"] = "ADD TotalVotes"
    cases = [
        (trigger("nope-" + votes, totals), "ResourceNotFoundException", "not found"),
        (trigger(totals, votes), "ValidationException", "has no enabled stream"),
        (trigger(votes, totals, Events=[]), "ValidationException", "Events must be a non-empty list"),
        (bad_update, "ValidationException", "Invalid UpdateExpression"),
        (trigger(votes, totals, Oops=1), "ValidationException", "Unknown member 'Oops'"),
    ]
    for definition, exception, needle in cases:
        assert needle in refused("PutStreamTrigger", definition, exception)
    assert ok("ListStreamTriggers", {"TableName": votes})["StreamTriggers"] == []
    message = refused("DeleteStreamTrigger", {"TableName": votes, "TriggerName": "x"}, "ResourceNotFoundException")
    assert "Stream trigger x not found" in message
