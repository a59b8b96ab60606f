"""TransactWriteItems and TransactGetItems through boto3's low-level client.

Capacity (docs/dynamodb-semantics.md A.3, A.4): the table's share of every
action costs twice the plain price -- writes 2 × ceil(size / 1 KB) (an update
sized on the larger image, a delete or ConditionCheck on the stored item),
reads 2 × ceil(size / 4 KB) with a missing item still costing 2; an index
entry costs its plain price. Transactional
ConsumedCapacity, unlike the other operations, also splits the total into
ReadCapacityUnits / WriteCapacityUnits (and so does its Table arm). A replay
of a ClientRequestToken writes nothing and is charged as transactional reads.
Cancellations: D.8.
"""

import time
import uuid

import pytest

from conftest import N, S, failure, fails_with


def sized(key, size):
    """An item of exactly `size` bytes: "acct" (4) + key + "note" (4) + filler."""
    return {"acct": S(key), "note": S("n" * (size - 4 - len(key) - 4))}


@pytest.fixture
def bank(client, make_table):
    name = make_table(("acct", "S"))
    client.put_item(TableName=name, Item={"acct": S("alice"), "balance": N(100)})  # 4+5 + 7+3 = 19 B
    client.put_item(TableName=name, Item={"acct": S("bob"), "balance": N(20)})  # 4+3 + 7+2 = 16 B
    client.put_item(TableName=name, Item=sized("big", 2500))
    return name


def get(client, table, key):
    return client.get_item(TableName=table, Key={"acct": S(key)}, ConsistentRead=True).get("Item")


def transfer(table, amount):
    return [
        {
            "Update": {
                "TableName": table,
                "Key": {"acct": S("alice")},
                "UpdateExpression": "SET balance = balance - :amt",
                "ConditionExpression": "balance >= :amt",
                "ExpressionAttributeValues": {":amt": N(amount)},
            }
        },
        {
            "Update": {
                "TableName": table,
                "Key": {"acct": S("bob")},
                "UpdateExpression": "SET balance = balance + :amt",
                "ExpressionAttributeValues": {":amt": N(amount)},
            }
        },
    ]


# ---------------------------------------------------------------- TransactWriteItems


def test_transact_write_costs_twice_per_item(client, bank):
    items = [
        # new 1,536 B -> ceil(1536/1024) = 2 -> 2 × 2 = 4
        {
            "Put": {
                "TableName": bank,
                "Item": sized("audit#1", 1536),
                "ConditionExpression": "attribute_not_exists(acct)",
            }
        },
        # 19 B before, 19 B after -> 1 -> 2
        transfer(bank, 30)[0],
        # a ConditionCheck -> 2
        {
            "ConditionCheck": {
                "TableName": bank,
                "Key": {"acct": S("bob")},
                "ConditionExpression": "attribute_exists(acct)",
            }
        },
        # deletes 2,500 B -> ceil(2500/1024) = 3 -> 2 × 3 = 6
        {"Delete": {"TableName": bank, "Key": {"acct": S("big")}}},
    ]
    total = client.transact_write_items(TransactItems=items, ReturnConsumedCapacity="TOTAL")
    # 4 + 2 + 2 + 6 = 14 WCU
    assert total["ConsumedCapacity"] == [{"TableName": bank, "CapacityUnits": 14.0, "WriteCapacityUnits": 14.0}]
    assert get(client, bank, "alice") == {"acct": S("alice"), "balance": N(70)}
    assert get(client, bank, "audit#1") == sized("audit#1", 1536)
    assert get(client, bank, "big") is None

    # Under INDEXES the Table arm carries the split too. 2 × (2 + 1) = 6 WCU.
    indexed = client.transact_write_items(TransactItems=transfer(bank, 5), ReturnConsumedCapacity="INDEXES")
    assert indexed["ConsumedCapacity"] == [
        {
            "TableName": bank,
            "CapacityUnits": 4.0,
            "WriteCapacityUnits": 4.0,
            "Table": {"CapacityUnits": 4.0, "WriteCapacityUnits": 4.0},
        }
    ]
    assert (get(client, bank, "alice")["balance"], get(client, bank, "bob")["balance"]) == (N(65), N(25))
    assert "ConsumedCapacity" not in client.transact_write_items(TransactItems=transfer(bank, 1))


def test_transact_update_pays_for_the_larger_image(client, bank):
    response = client.transact_write_items(
        TransactItems=[
            {
                "Update": {
                    "TableName": bank,
                    "Key": {"acct": S("big")},
                    "UpdateExpression": "REMOVE note",
                }
            }
        ],
        ReturnConsumedCapacity="TOTAL",
    )
    # max(2,500 B, 7 B) -> ceil(2500/1024) = 3 -> 2 × 3 = 6 WCU
    assert response["ConsumedCapacity"] == [{"TableName": bank, "CapacityUnits": 6.0, "WriteCapacityUnits": 6.0}]
    assert get(client, bank, "big") == {"acct": S("big")}


def test_transact_write_over_two_tables(client, bank, make_table):
    other = make_table(("pk", "S"))
    response = client.transact_write_items(
        TransactItems=[
            {"Put": {"TableName": other, "Item": {"pk": S("x"), "v": S("v" * 2000)}}},  # 2+1+1+2000 -> 2 -> 4
            transfer(bank, 1)[1],  # 16 B -> 1 -> 2
        ],
        ReturnConsumedCapacity="TOTAL",
    )
    assert sorted(response["ConsumedCapacity"], key=lambda entry: entry["TableName"]) == sorted(
        [
            {"TableName": other, "CapacityUnits": 4.0, "WriteCapacityUnits": 4.0},
            {"TableName": bank, "CapacityUnits": 2.0, "WriteCapacityUnits": 2.0},
        ],
        key=lambda entry: entry["TableName"],
    )


def test_cancellation_reasons_in_request_order(client, bank):
    before = {key: get(client, bank, key) for key in ("alice", "bob", "big")}
    code, message, error = failure(
        client.transact_write_items,
        TransactItems=[
            {
                "Put": {
                    "TableName": bank,
                    "Item": {"acct": S("new")},
                    "ConditionExpression": "attribute_not_exists(acct)",
                }
            },
            {
                "Update": {
                    "TableName": bank,
                    "Key": {"acct": S("alice")},
                    "UpdateExpression": "SET balance = balance - :amt",
                    "ConditionExpression": "balance >= :amt",
                    "ExpressionAttributeValues": {":amt": N(500)},
                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
                }
            },
            {
                "ConditionCheck": {
                    "TableName": bank,
                    "Key": {"acct": S("bob")},
                    "ConditionExpression": "attribute_exists(acct)",
                }
            },
            {
                "Delete": {
                    "TableName": bank,
                    "Key": {"acct": S("carol")},
                    "ConditionExpression": "attribute_exists(acct)",
                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
                }
            },
            {
                "Delete": {
                    "TableName": bank,
                    "Key": {"acct": S("big")},
                    "ConditionExpression": "attribute_not_exists(note)",
                }
            },
        ],
    )
    assert code == "TransactionCanceledException"
    assert message == (
        "Transaction cancelled, please refer cancellation reasons for specific reasons "
        "[None, ConditionalCheckFailed, None, ConditionalCheckFailed, ConditionalCheckFailed]"
    )
    assert error["CancellationReasons"] == [
        {"Code": "None"},
        {
            "Code": "ConditionalCheckFailed",
            "Message": "The conditional request failed",
            "Item": {"acct": S("alice"), "balance": N(100)},
        },
        {"Code": "None"},
        # carol does not exist: nothing to return even with ALL_OLD.
        {"Code": "ConditionalCheckFailed", "Message": "The conditional request failed"},
        # no ReturnValuesOnConditionCheckFailure: no Item.
        {"Code": "ConditionalCheckFailed", "Message": "The conditional request failed"},
    ]
    # All or nothing.
    assert {key: get(client, bank, key) for key in ("alice", "bob", "big")} == before
    assert get(client, bank, "new") is None


def test_validation_error_cancels_and_later_actions_report_none(client, bank):
    code, message, error = failure(
        client.transact_write_items,
        TransactItems=[
            transfer(bank, 1)[1],
            {
                "Update": {
                    "TableName": bank,
                    "Key": {"acct": S("alice")},
                    "UpdateExpression": "SET balance.city = :c",
                    "ExpressionAttributeValues": {":c": S("Kiel")},
                }
            },
            {
                "Delete": {
                    "TableName": bank,
                    "Key": {"acct": S("big")},
                    "ConditionExpression": "attribute_not_exists(acct)",
                }
            },
        ],
    )
    assert code == "TransactionCanceledException"
    assert message == (
        "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError, None]"
    )
    assert error["CancellationReasons"] == [
        {"Code": "None"},
        {
            "Code": "ValidationError",
            "Message": "The document path provided in the update expression is invalid for update",
        },
        {"Code": "None"},
    ]
    assert get(client, bank, "bob") == {"acct": S("bob"), "balance": N(20)}


def test_client_request_token_replay_is_charged_as_reads(client, bank):
    token = uuid.uuid4().hex
    items = [
        {"Put": {"TableName": bank, "Item": sized("audit#2", 1536)}},
        {
            "Update": {
                "TableName": bank,
                "Key": {"acct": S("counter")},
                "UpdateExpression": "ADD n :one",
                "ExpressionAttributeValues": {":one": N(1)},
            }
        },
    ]
    first = client.transact_write_items(TransactItems=items, ClientRequestToken=token, ReturnConsumedCapacity="TOTAL")
    # 1,536 B -> 2 -> 4; new counter (4+7 + 1+2 = 14 B) -> 1 -> 2: 6 WCU.
    assert first["ConsumedCapacity"] == [{"TableName": bank, "CapacityUnits": 6.0, "WriteCapacityUnits": 6.0}]
    replay = client.transact_write_items(TransactItems=items, ClientRequestToken=token, ReturnConsumedCapacity="TOTAL")
    # Nothing is written again; the replay is billed as transactional reads of the two items:
    # 1,536 B -> 1 block -> 2 RCU; 14 B -> 1 block -> 2 RCU: 4 RCU.
    assert replay["ConsumedCapacity"] == [{"TableName": bank, "CapacityUnits": 4.0, "ReadCapacityUnits": 4.0}]
    assert get(client, bank, "counter") == {"acct": S("counter"), "n": N(1)}
    # The same token with other parameters is refused (D.8). The semantics doc gives no message
    # text for this error, so only the code is pinned.
    code, _ = fails_with(client.transact_write_items, TransactItems=transfer(bank, 1), ClientRequestToken=token)
    assert code == "IdempotentParameterMismatchException"
    assert get(client, bank, "bob") == {"acct": S("bob"), "balance": N(20)}
    # Without a token the same request runs again.
    client.transact_write_items(TransactItems=items)
    assert get(client, bank, "counter") == {"acct": S("counter"), "n": N(2)}


def test_transact_write_request_errors(client, bank):
    assert fails_with(
        client.transact_write_items,
        TransactItems=[
            transfer(bank, 1)[0],
            {
                "ConditionCheck": {
                    "TableName": bank,
                    "Key": {"acct": S("alice")},
                    "ConditionExpression": "attribute_exists(acct)",
                }
            },
        ],
    ) == ("ValidationException", "Transaction request cannot include multiple operations on one item")
    assert fails_with(
        client.transact_write_items,
        TransactItems=[{"Put": {"TableName": "no-such-table", "Item": {"acct": S("x")}}}],
    ) == ("ResourceNotFoundException", "Requested resource not found")


# ---------------------------------------------------------------- TransactGetItems


def test_transact_get_costs_twice_per_item_even_when_missing(client, bank):
    client.put_item(TableName=bank, Item=sized("five", 5000))
    response = client.transact_get_items(
        TransactItems=[
            {"Get": {"TableName": bank, "Key": {"acct": S("five")}}},  # 5,000 B -> 2 blocks -> 4
            {"Get": {"TableName": bank, "Key": {"acct": S("alice")}, "ProjectionExpression": "balance"}},  # 19 B -> 2
            {"Get": {"TableName": bank, "Key": {"acct": S("carol")}}},  # missing -> 2
        ],
        ReturnConsumedCapacity="TOTAL",
    )
    assert response["Responses"] == [{"Item": sized("five", 5000)}, {"Item": {"balance": N(100)}}, {}]
    assert response["ConsumedCapacity"] == [{"TableName": bank, "CapacityUnits": 8.0, "ReadCapacityUnits": 8.0}]
    indexed = client.transact_get_items(
        TransactItems=[{"Get": {"TableName": bank, "Key": {"acct": S("big")}, "ProjectionExpression": "acct"}}],
        ReturnConsumedCapacity="INDEXES",
    )
    # 2,500 B -> 1 block -> 2, whatever the projection.
    assert indexed["Responses"] == [{"Item": {"acct": S("big")}}]
    assert indexed["ConsumedCapacity"] == [
        {
            "TableName": bank,
            "CapacityUnits": 2.0,
            "ReadCapacityUnits": 2.0,
            "Table": {"CapacityUnits": 2.0, "ReadCapacityUnits": 2.0},
        }
    ]


def test_transact_get_projection_matching_nothing_leaves_no_item(client, bank):
    # docs/dynamodb-semantics.md, D.4: GetItem answers Item: {}, TransactGetItems no Item.
    get = {"TableName": bank, "Key": {"acct": S("alice")}, "ProjectionExpression": "#x"}
    names = {"ExpressionAttributeNames": {"#x": "doesNotExist"}}
    assert client.get_item(**get, **names)["Item"] == {}
    response = client.transact_get_items(TransactItems=[{"Get": {**get, **names}}])
    assert response["Responses"] == [{}]


def test_transact_get_errors(client, bank):
    assert fails_with(
        client.transact_get_items, TransactItems=[{"Get": {"TableName": "no-such-table", "Key": {"acct": S("x")}}}]
    ) == ("ResourceNotFoundException", "Requested resource not found")
    # A key that does not fit the table cancels that action (D.8).
    code, message, error = failure(
        client.transact_get_items, TransactItems=[{"Get": {"TableName": bank, "Key": {"pk": S("x")}}}]
    )
    assert (code, message) == (
        "TransactionCanceledException",
        "Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError]",
    )
    assert error["CancellationReasons"] == [
        {"Code": "ValidationError", "Message": "The provided key element does not match the schema"}
    ]


def test_transaction_item_size_limit(client, bank):
    # B.4: a transacted Put over 400 KB is a top-level ValidationException ...
    assert fails_with(
        client.transact_write_items,
        TransactItems=[{"Put": {"TableName": bank, "Item": {"acct": S("huge"), "x": S("x" * 409600)}}}],
    ) == ("ValidationException", "Item size has exceeded the maximum allowed size")
    # ... a transacted Update that grows too big cancels with a ValidationError reason.
    code, message, error = failure(
        client.transact_write_items,
        TransactItems=[
            transfer(bank, 1)[1],
            {
                "Update": {
                    "TableName": bank,
                    "Key": {"acct": S("alice")},
                    "UpdateExpression": "SET x = :x",
                    "ExpressionAttributeValues": {":x": S("x" * 409600)},
                }
            },
        ],
    )
    assert (code, message) == (
        "TransactionCanceledException",
        "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]",
    )
    assert error["CancellationReasons"] == [
        {"Code": "None"},
        {"Code": "ValidationError", "Message": "Item size to update has exceeded the maximum allowed size"},
    ]
    assert get(client, bank, "bob") == {"acct": S("bob"), "balance": N(20)}


def test_missing_items_still_cost_two_write_units(client, bank):
    response = client.transact_write_items(
        TransactItems=[
            {"Delete": {"TableName": bank, "Key": {"acct": S("nobody")}}},  # nothing deleted -> 1 -> 2
            {
                "ConditionCheck": {  # a check on a missing item -> 2
                    "TableName": bank,
                    "Key": {"acct": S("ghost")},
                    "ConditionExpression": "attribute_not_exists(acct)",
                }
            },
        ],
        ReturnConsumedCapacity="TOTAL",
    )
    assert response["ConsumedCapacity"] == [{"TableName": bank, "CapacityUnits": 4.0, "WriteCapacityUnits": 4.0}]


# ---------------------------------------------------------------- capacity with an index
# Only the table's share of a transactional write doubles; an index entry costs
# what the same write costs outside a transaction (measured on DynamoDB,
# docs/dynamodb-semantics.md A.3).


@pytest.fixture
def tickets(client, make_table):
    name = make_table(("id", "S"))
    client.update_table(
        TableName=name,
        AttributeDefinitions=[{"AttributeName": "status", "AttributeType": "S"}],
        GlobalSecondaryIndexUpdates=[
            {
                "Create": {
                    "IndexName": "byStatus",
                    "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "ALL"},
                }
            }
        ],
    )
    client.get_waiter("table_exists").wait(TableName=name)
    for _ in range(600):
        indexes = client.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"]
        if all(i["IndexStatus"] == "ACTIVE" for i in indexes):
            break
        time.sleep(0.1)
    return name


def sized_ticket(key, size, status=None):
    """An item of exactly `size` bytes: "id" (2) + key + "note" (4) + filler [+ "status" (6) + value]."""
    extra = 0 if status is None else 6 + len(status)
    item = {"id": S(key), "note": S("n" * (size - 2 - len(key) - 4 - extra))}
    if status is not None:
        item["status"] = S(status)
    return item


def test_small_put_with_one_gsi_costs_table_two_plus_index_one(client, tickets):
    response = client.transact_write_items(
        TransactItems=[{"Put": {"TableName": tickets, "Item": {"id": S("t1"), "status": S("OPEN")}}}],
        ReturnConsumedCapacity="INDEXES",
    )
    assert response["ConsumedCapacity"] == [
        {
            "TableName": tickets,
            "CapacityUnits": 3.0,
            "WriteCapacityUnits": 3.0,
            "Table": {"CapacityUnits": 2.0, "WriteCapacityUnits": 2.0},
            "GlobalSecondaryIndexes": {"byStatus": {"CapacityUnits": 1.0, "WriteCapacityUnits": 1.0}},
        }
    ]


def test_partiql_transaction_doubles_only_the_table(client, tickets):
    response = client.execute_transaction(
        TransactStatements=[{"Statement": f"INSERT INTO \"{tickets}\" VALUE {{'id': 't9', 'status': 'OPEN'}}"}],
        ReturnConsumedCapacity="INDEXES",
    )
    assert response["ConsumedCapacity"] == [
        {
            "TableName": tickets,
            "CapacityUnits": 3.0,
            "WriteCapacityUnits": 3.0,
            "Table": {"CapacityUnits": 2.0, "WriteCapacityUnits": 2.0},
            "GlobalSecondaryIndexes": {"byStatus": {"CapacityUnits": 1.0, "WriteCapacityUnits": 1.0}},
        }
    ]


def test_delete_is_sized_on_the_stored_item(client, tickets):
    client.put_item(TableName=tickets, Item=sized_ticket("big", 3072))
    response = client.transact_write_items(
        TransactItems=[{"Delete": {"TableName": tickets, "Key": {"id": S("big")}}}],
        ReturnConsumedCapacity="INDEXES",
    )
    # 3,072 B = 3 blocks × 2; the item has no status, so the index is untouched.
    assert response["ConsumedCapacity"] == [
        {
            "TableName": tickets,
            "CapacityUnits": 6.0,
            "WriteCapacityUnits": 6.0,
            "Table": {"CapacityUnits": 6.0, "WriteCapacityUnits": 6.0},
        }
    ]


def test_condition_check_and_replay_are_sized_on_the_stored_images(client, tickets):
    client.put_item(TableName=tickets, Item=sized_ticket("mid", 2500, "OPEN"))
    items = [
        # the image read: 2,500 B = 3 blocks × 2 = 6
        {
            "ConditionCheck": {
                "TableName": tickets,
                "Key": {"id": S("mid")},
                "ConditionExpression": "attribute_exists(id)",
            }
        },
        # 1,536 B = 2 blocks × 2 on the table, 2 on the index it enters
        {"Put": {"TableName": tickets, "Item": sized_ticket("t2", 1536, "DONE")}},
    ]
    token = uuid.uuid4().hex
    first = client.transact_write_items(TransactItems=items, ClientRequestToken=token, ReturnConsumedCapacity="INDEXES")
    assert first["ConsumedCapacity"] == [
        {
            "TableName": tickets,
            "CapacityUnits": 12.0,
            "WriteCapacityUnits": 12.0,
            "Table": {"CapacityUnits": 10.0, "WriteCapacityUnits": 10.0},
            "GlobalSecondaryIndexes": {"byStatus": {"CapacityUnits": 2.0, "WriteCapacityUnits": 2.0}},
        }
    ]
    # The replay reads the two stored images transactionally: one 4 KB block × 2 each.
    replay = client.transact_write_items(TransactItems=items, ClientRequestToken=token, ReturnConsumedCapacity="INDEXES")
    assert replay["ConsumedCapacity"] == [
        {
            "TableName": tickets,
            "CapacityUnits": 4.0,
            "ReadCapacityUnits": 4.0,
            "Table": {"CapacityUnits": 4.0, "ReadCapacityUnits": 4.0},
        }
    ]
