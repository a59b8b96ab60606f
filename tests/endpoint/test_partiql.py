"""PartiQL through boto3: execute_statement, batch_execute_statement and
execute_transaction against ddb-local.

Every statement runs as its equivalent operation, so its ConsumedCapacity
is that operation's (docs/dynamodb-semantics.md A.2-A.4):
a GetItem-shaped SELECT of one small item costs 0.5 RCU eventually
consistent and 1 strongly; a Query of one item collection rounds the
collection's bytes up to 4 KB once; a Scan reads (and pays for) every item;
a small INSERT costs 1 WCU; transactions cost twice.
"""

import pytest

from conftest import N, S, failure, fails_with


@pytest.fixture
def music(client, make_table):
    name = make_table(("Artist", "S"), ("SongTitle", "S"))
    for artist, title, year in [("Acme", "A", 2001), ("Acme", "B", 2002), ("Acme", "C", 2003), ("Zed", "A", 2004)]:
        client.put_item(TableName=name, Item={"Artist": S(artist), "SongTitle": S(title), "Year": N(year)})
    return name


def statement(client, text, **kwargs):
    return client.execute_statement(Statement=text, ReturnConsumedCapacity="TOTAL", **kwargs)


def test_select_by_full_key_costs_what_get_item_costs(client, music):
    response = statement(client, f'SELECT Year FROM "{music}" WHERE Artist = ? AND SongTitle = ?',
                         Parameters=[S("Acme"), S("B")])
    assert response["Items"] == [{"Year": N(2002)}]
    assert response["ConsumedCapacity"] == {"TableName": music, "CapacityUnits": 0.5}
    strong = statement(client, f"SELECT * FROM \"{music}\" WHERE Artist = 'Acme' AND SongTitle = 'B'",
                       ConsistentRead=True)
    get = client.get_item(TableName=music, Key={"Artist": S("Acme"), "SongTitle": S("B")}, ConsistentRead=True,
                          ReturnConsumedCapacity="TOTAL")
    assert strong["Items"] == [get["Item"]]
    assert strong["ConsumedCapacity"] == get["ConsumedCapacity"] == {"TableName": music, "CapacityUnits": 1.0}


def test_select_by_partition_key_is_a_query_and_a_filter_costs_nothing_less(client, music):
    response = statement(client, f"SELECT SongTitle FROM \"{music}\" WHERE Artist = 'Acme' AND \"Year\" > 2001")
    assert response["Items"] == [{"SongTitle": S("B")}, {"SongTitle": S("C")}]
    query = client.query(TableName=music, KeyConditionExpression="Artist = :a",
                         ExpressionAttributeValues={":a": S("Acme")}, ReturnConsumedCapacity="TOTAL")
    # All three items of Acme are read (3 × 22 bytes, one 4 KB block): 0.5 RCU.
    assert response["ConsumedCapacity"] == query["ConsumedCapacity"] == {"TableName": music, "CapacityUnits": 0.5}


def test_select_without_the_key_is_a_scan_and_pages_with_next_token(client, music):
    seen = []
    token = None
    pages = 0
    while True:
        kwargs = {"Limit": 3}
        if token:
            kwargs["NextToken"] = token
        response = statement(client, f"SELECT SongTitle FROM \"{music}\" WHERE \"Year\" >= 2003", **kwargs)
        seen += [item["SongTitle"]["S"] for item in response["Items"]]
        pages += 1
        assert response["ConsumedCapacity"]["CapacityUnits"] == 0.5
        token = response.get("NextToken")
        if not token:
            break
    assert sorted(seen) == ["A", "C"]
    assert pages == 2  # 3 items evaluated, then the 4th
    code, message = fails_with(client.execute_statement, Statement=f'SELECT * FROM "{music}"', NextToken=token or "x")
    assert (code, message) == ("ValidationException", "Invalid NextToken")


def test_insert_update_delete(client, music):
    response = statement(client, f"INSERT INTO \"{music}\" VALUE {{'Artist': 'New', 'SongTitle': 'X', 'Tags': <<'a'>>}}")
    assert response["ConsumedCapacity"] == {"TableName": music, "CapacityUnits": 1.0}
    code, message, _ = failure(client.execute_statement,
                               Statement=f"INSERT INTO \"{music}\" VALUE {{'Artist': 'New', 'SongTitle': 'X'}}")
    assert (code, message) == ("DuplicateItemException", "Duplicate primary key exists in table")

    response = client.execute_statement(
        Statement=f"UPDATE \"{music}\" SET Plays = 1, Tags = set_add(Tags, <<'b'>>) "
                  f"WHERE Artist = 'New' AND SongTitle = 'X' RETURNING ALL NEW *")
    assert response["Items"][0]["Plays"] == N(1)
    assert sorted(response["Items"][0]["Tags"]["SS"]) == ["a", "b"]

    code, message = fails_with(client.execute_statement,
                               Statement=f"UPDATE \"{music}\" SET Plays = 2 WHERE Artist = 'Nobody' AND SongTitle = 'X'")
    assert (code, message) == ("ConditionalCheckFailedException", "The conditional request failed")
    code, message = fails_with(client.execute_statement, Statement=f"DELETE FROM \"{music}\" WHERE Artist = 'New'")
    assert (code, message) == (
        "ValidationException", "Where clause does not contain a mandatory equality on all key attributes")

    response = client.execute_statement(
        Statement=f"DELETE FROM \"{music}\" WHERE Artist = 'New' AND SongTitle = 'X' RETURNING ALL OLD *")
    assert response["Items"][0]["Plays"] == N(1)
    assert "Item" not in client.get_item(TableName=music, Key={"Artist": S("New"), "SongTitle": S("X")})


def test_syntax_errors_are_validation_exceptions(client, music):
    code, message = fails_with(client.execute_statement, Statement=f'SELECT * FORM "{music}"')
    assert code == "ValidationException"
    assert message.startswith("Statement wasn't well formed, can't be processed: ")


def test_batch_execute_statement(client, music):
    response = client.batch_execute_statement(
        Statements=[
            {"Statement": f"SELECT * FROM \"{music}\" WHERE Artist = 'Acme' AND SongTitle = 'A'"},
            {"Statement": f"SELECT * FROM \"{music}\" WHERE Artist = ? AND SongTitle = ?",
             "Parameters": [S("Zed"), S("A")]},
            {"Statement": f"SELECT * FROM \"{music}\" WHERE Artist = 'Acme'"},
        ],
        ReturnConsumedCapacity="TOTAL",
    )
    responses = response["Responses"]
    assert responses[0]["Item"]["Year"] == N(2001)
    assert responses[1]["Item"]["Year"] == N(2004)
    assert responses[2]["Error"]["Code"] == "ValidationError"
    # Two GetItems of small items, 0.5 each.
    assert response["ConsumedCapacity"] == [{"TableName": music, "CapacityUnits": 1.0}]

    response = client.batch_execute_statement(Statements=[
        {"Statement": f"INSERT INTO \"{music}\" VALUE {{'Artist': 'Acme', 'SongTitle': 'A'}}"},
        {"Statement": f"INSERT INTO \"{music}\" VALUE {{'Artist': 'Acme', 'SongTitle': 'D'}}"},
    ])
    assert response["Responses"][0]["Error"]["Code"] == "DuplicateItem"
    assert "Error" not in response["Responses"][1]


def test_execute_transaction(client, music):
    response = client.execute_transaction(
        TransactStatements=[
            {"Statement": f"UPDATE \"{music}\" SET \"Year\" = \"Year\" + 1 WHERE Artist = 'Acme' AND SongTitle = 'A'"},
            {"Statement": f"DELETE FROM \"{music}\" WHERE Artist = 'Zed' AND SongTitle = 'A'"},
        ],
        ReturnConsumedCapacity="TOTAL",
    )
    # Two small writes, each 1 WCU, doubled in a transaction.
    assert response["ConsumedCapacity"] == [{"TableName": music, "CapacityUnits": 4.0, "WriteCapacityUnits": 4.0}]

    response = client.execute_transaction(TransactStatements=[
        {"Statement": f"SELECT \"Year\" FROM \"{music}\" WHERE Artist = 'Acme' AND SongTitle = 'A'"},
    ])
    assert response["Responses"] == [{"Item": {"Year": N(2002)}}]

    code, message, error = failure(client.execute_transaction, TransactStatements=[
        {"Statement": f"UPDATE \"{music}\" SET x = 1 WHERE Artist = 'Acme' AND SongTitle = 'B' AND \"Year\" = 1"},
        {"Statement": f"INSERT INTO \"{music}\" VALUE {{'Artist': 'Acme', 'SongTitle': 'C'}}"},
    ])
    assert code == "TransactionCanceledException"
    assert [r["Code"] for r in error["CancellationReasons"]] == ["ConditionalCheckFailed", "DuplicateItem"]
