"""ReviewAccessPatterns (X-Amz-Target: Playground_20261121.ReviewAccessPatterns):
a design review of the endpoint's own tables, with seed 001's voting figures
(docs/ddb-local.md)."""

from conftest import unique_name
from test_playground_ops import ok, refused


def _votes(client):
    name = unique_name("votes")
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PROVISIONED",
        ProvisionedThroughput={"ReadCapacityUnits": 10000, "WriteCapacityUnits": 10000},
    )
    return name


def _vote(name, keys=None):
    pattern = {
        "Name": "Vote",
        "Operation": "UpdateItem",
        "Request": {
            "TableName": name,
            "Key": {"pk": {"S": "CandidateA"}},
            "UpdateExpression": "ADD votes :one",
            "ExpressionAttributeValues": {":one": {"N": "1"}},
        },
        "RequestsPerSecond": 1500,
    }
    if keys:
        pattern["PartitionKeyValues"] = keys
    return pattern


def test_voting_on_one_candidate_and_over_ten_shards(client):
    name = _votes(client)
    try:
        hot = {"Name": "Results", "Operation": "Scan", "Request": {"TableName": name}, "RequestsPerSecond": 1}
        review = ok("ReviewAccessPatterns", {"Seconds": 60, "AccessPatterns": [_vote(name), hot]})
        vote, results = review["AccessPatterns"]
        assert vote["AccessPath"] == "UpdateItem"
        assert vote["ConsumedCapacityPerRequest"] == {"ReadCapacityUnits": 0.0, "WriteCapacityUnits": 1.0}
        assert (vote["Requests"], vote["Throttled"]) == (90000, 30000)
        assert vote["ThrottlingReasons"] == {"TableWriteKeyRangeThroughputExceeded": 30000}
        assert round(vote["MonthlyCost"]["OnDemand"], 2) == 2430.0
        assert vote["ShardsNeeded"] == 2
        assert vote["Fixes"] == [{"WriteSharding": {"Shards": 2, "PartitionKeyValue": "CandidateA"}}]
        assert results["AccessPath"] == "Scan"
        # The hot spot: the candidate's partition, and the key that made it hot.
        (spot,) = [h for h in review["HotSpots"] if h["TableName"] == name]
        assert spot["Throttled"] == 30000
        assert spot["TopKey"]["Key"] == "CandidateA"
        assert spot["Partition"] < spot["Partitions"]
        assert review["Prices"]["Region"] == "us-east-1"

        sharded = _vote(name, {"Distribution": "Uniform", "Count": 10})
        review = ok("ReviewAccessPatterns", {"Seconds": 60, "AccessPatterns": [sharded]})
        assert (review["AccessPatterns"][0]["Requests"], review["AccessPatterns"][0]["Throttled"]) == (90000, 0)
        # A review changes nothing.
        assert client.scan(TableName=name)["Count"] == 0
    finally:
        client.delete_table(TableName=name)


def test_a_bad_pattern_shows_its_error_and_bad_rates_are_refused(client):
    name = _votes(client)
    try:
        missing = {"Name": "Ghost", "Operation": "GetItem", "Request": {"TableName": "nope", "Key": {"pk": {"S": "a"}}},
                   "RequestsPerSecond": 5}
        review = ok("ReviewAccessPatterns", {"Seconds": 2, "AccessPatterns": [missing, _vote(name)]})
        ghost, vote = review["AccessPatterns"]
        assert ghost["AccessPath"] == "Unservable"
        assert ghost["Error"] == {"Code": "ResourceNotFoundException", "Message": "Requested resource not found"}
        assert vote["Requests"] == 3000
        for rate in [0, -5, 20_000_000]:
            bad = dict(_vote(name), RequestsPerSecond=rate)
            assert "RequestsPerSecond" in refused("ReviewAccessPatterns", {"AccessPatterns": [bad]})
        assert "Distribution" in refused(
            "ReviewAccessPatterns", {"AccessPatterns": [_vote(name, {"Distribution": "Normal", "Count": 3})]}
        )
    finally:
        client.delete_table(TableName=name)
