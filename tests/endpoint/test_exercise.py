"""CheckExercise (X-Amz-Target: Playground_20261121.CheckExercise): a learner's
solution checked against an exercise, built in or sent whole (docs/exercises.md).
The check runs in an engine of its own: the endpoint's tables are untouched."""

import copy

from conftest import unique_name
from test_playground_ops import ok, refused

VOTES = {
    "TableName": "Votes",
    "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "VoterId", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "VoterId", "KeyType": "HASH"}],
}

VOTING_MODEL = {
    "Tables": [VOTES],
    "Mappings": {"Vote": {"TableName": "Votes", "Attributes": {}}},
    "Requests": {
        "Record a vote": {"Operation": "PutItem", "Request": {"TableName": "Votes", "Item": {
            "VoterId": {"S": "{VoterId}"}, "Candidate": {"S": "{Candidate}"}, "VotedAt": {"S": "{VotedAt}"}}}},
        "Has a voter voted?": {"Operation": "GetItem", "Request": {
            "TableName": "Votes", "Key": {"VoterId": {"S": "{VoterId}"}}}},
    },
}


def test_the_voting_model_answer_scores_full(client):
    before = client.list_tables()["TableNames"]
    report = ok("CheckExercise", {"ExerciseId": "voting", "Solution": VOTING_MODEL})
    assert report["Score"] == {"Met": 5, "Of": 5}
    assert [g["Goal"] for g in report["Goals"]] == ["ServedWithoutScan", "NoThrottling", "MaxTables"]
    assert all(g["Met"] for g in report["Goals"])
    assert report["Goals"][1]["Evidence"] == "No request throttled in 60 s at the patterns' rates"
    vote, voted = report["AccessPatterns"]
    assert vote["Name"] == "Record a vote" and vote["Correct"]
    assert vote["AccessPath"] == "PutItem"
    assert vote["ConsumedCapacityPerRequest"] == {"ReadCapacityUnits": 0.0, "WriteCapacityUnits": 1.0}
    assert (vote["Requests"], vote["Throttled"], vote["ThrottlingReasons"]) == (90000, 0, {})
    assert voted["AccessPath"] == "GetItem"
    assert [c["Correct"] for c in voted["Cases"]] == [True, True]
    assert voted["Cases"][0]["Parameters"] == {"VoterId": "V7"}
    assert voted["Cases"][0]["Missing"] == [] and voted["Cases"][0]["Extra"] == []
    assert report["MonthlyCost"]["OnDemand"] > 0
    assert report["Problems"] == []
    # Nothing was created on the endpoint.
    assert client.list_tables()["TableNames"] == before


def test_a_hot_key_throttles_and_a_wrong_read_lists_its_rows():
    solution = copy.deepcopy(VOTING_MODEL)
    solution["Tables"][0] = dict(VOTES,
        AttributeDefinitions=[{"AttributeName": "Candidate", "AttributeType": "S"},
                              {"AttributeName": "VoterId", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "Candidate", "KeyType": "HASH"},
                   {"AttributeName": "VoterId", "KeyType": "RANGE"}])
    solution["Requests"]["Has a voter voted?"] = {"Operation": "Query", "Request": {
        "TableName": "Votes", "KeyConditionExpression": "Candidate = :c",
        "ExpressionAttributeValues": {":c": {"S": "CandidateA"}}}}
    report = ok("CheckExercise", {"ExerciseId": "voting", "Solution": solution})
    vote, voted = report["AccessPatterns"]
    assert vote["Throttled"] > 0
    assert "TableWriteKeyRangeThroughputExceeded" in vote["ThrottlingReasons"]
    (no_throttling,) = [g for g in report["Goals"] if g["Goal"] == "NoThrottling"]
    assert not no_throttling["Met"]
    assert no_throttling["Evidence"].startswith("Record a vote: ")
    # Every vote for CandidateA comes back: the extra rows are named by their keys.
    assert not voted["Correct"]
    assert {"VoterId": "V7"} not in voted["Cases"][0]["Extra"]
    assert len(voted["Cases"][1]["Extra"]) > 100
    assert report["Score"]["Met"] < report["Score"]["Of"]


def test_a_whole_exercise_and_its_problems():
    exercise = {
        "Title": "Users", "Statement": "Find a user.",
        "Entities": {"User": {"Key": ["id"], "Records": [{"id": "a", "n": 1}, {"id": "b", "n": 2}]}},
        "AccessPatterns": [{"Name": "User by id", "Kind": "Read", "RequestsPerSecond": 1,
                            "Cases": [{"Parameters": {"id": "a"}, "Expect": [{"Type": "User", "Key": {"id": "a"}}]}]}],
        "Goals": {"ServedWithoutScan": True}, "ReviewSeconds": 5,
    }
    table = {"TableName": unique_name("users"), "BillingMode": "PAY_PER_REQUEST",
             "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
             "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]}
    solution = {"Tables": [table, {"TableName": "Broken"}],
                "Mappings": {"User": {"TableName": table["TableName"], "Attributes": {"pk": {"S": "USER"}}}},
                "Requests": {"User by id": {"Operation": "GetItem", "Request": {
                    "TableName": table["TableName"], "Key": {"pk": {"S": "USER"}}}}}}
    report = ok("CheckExercise", {"Exercise": exercise, "Solution": solution})
    kinds = [p["Kind"] for p in report["Problems"]]
    assert kinds == ["CreateTable", "DuplicateKey"]
    assert report["Problems"][0]["TableName"] == "Broken"
    duplicate = report["Problems"][1]
    assert duplicate["Records"] == [{"Type": "User", "Key": {"id": "a"}}, {"Type": "User", "Key": {"id": "b"}}]
    assert "the second overwrote the first" in duplicate["Message"]
    # The second record overwrote the first: the read finds b, not a.
    (case,) = report["AccessPatterns"][0]["Cases"]
    assert case["Missing"] == [{"id": "a"}] and case["Extra"] == [{"id": "b"}]


def test_malformed_requests_name_the_member():
    assert "ExerciseId" in refused("CheckExercise", {"ExerciseId": "nope", "Solution": {}})
    assert refused("CheckExercise", {"ExerciseId": "voting", "Solution": {}}).startswith(
        "Solution.Requests: has no request for the pattern")
    bad = copy.deepcopy(VOTING_MODEL)
    bad["Mappings"]["Vote"]["Attributes"] = {"PK": {"S": "VOTE#{voter}"}}
    assert refused("CheckExercise", {"ExerciseId": "voting", "Solution": bad}) == (
        "Solution.Mappings.Vote[0].Attributes.PK.S: {voter} names no attribute of a Vote record")
    bad = copy.deepcopy(VOTING_MODEL)
    bad["Requests"]["Record a vote"]["Operation"] = "CreateTable"
    assert "Solution.Requests.Record a vote.Operation" in refused("CheckExercise", {"ExerciseId": "voting", "Solution": bad})
    assert "unknown member 'Extra'" in refused("CheckExercise", {"ExerciseId": "voting", "Solution": VOTING_MODEL, "Extra": 1})
    assert "'Solution' is required" in refused("CheckExercise", {"ExerciseId": "voting"})
