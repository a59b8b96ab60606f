"""UpdateItem through boto3's low-level client: every action, functions,
nested paths, each ReturnValues option, conditions, errors, and the write
cost of docs/dynamodb-semantics.md A.3: ceil(max(item before,
item after) / 1 KB), at least 1 even when no item exists.

Where the semantics doc is silent on what ReturnValues hands back for nested
paths, the expectations are those of Alternator's test_returnvalues.py
(Alternator's tests are written and checked against DynamoDB).
"""

import pytest

from conftest import N, S, failure, fails_with


def get(client, table, key):
    return client.get_item(TableName=table, Key={"pk": S(key)}, ConsistentRead=True).get("Item")


def update(client, table, key, expression=None, names=None, values=None, **kwargs):
    request = dict(TableName=table, Key={"pk": S(key)}, **kwargs)
    if expression is not None:
        request["UpdateExpression"] = expression
    if names:
        request["ExpressionAttributeNames"] = names
    if values:
        request["ExpressionAttributeValues"] = values
    return client.update_item(**request)


def SS(*members):
    return {"SS": list(members)}


def NS(*members):
    return {"NS": [str(m) for m in members]}


def L(*members):
    return {"L": list(members)}


def M(**members):
    return {"M": members}


# ---------------------------------------------------------------- actions


def test_set_remove_add_delete_together(client, table):
    client.put_item(
        TableName=table,
        Item={
            "pk": S("k"),
            "name": S("Ada"),
            "count": N(5),
            "tags": SS("a", "b", "c"),
            "nums": NS(1, 2, 3),
            "gone": S("bye"),
            "keep": S("same"),
        },
    )
    update(
        client,
        table,
        "k",
        "SET #n = :name, added = :new REMOVE gone, absent ADD #c :three, tags :de, fresh :one DELETE nums :two",
        names={"#n": "name", "#c": "count"},
        values={
            ":name": S("Ada L."),
            ":new": L(S("x")),
            ":three": N(3),
            ":de": SS("d", "e"),
            ":one": N(1),
            ":two": NS(2),
        },
    )
    assert get(client, table, "k") == {
        "pk": S("k"),
        "name": S("Ada L."),
        "added": L(S("x")),
        "count": N(8),
        "tags": SS("a", "b", "c", "d", "e"),
        "fresh": N(1),  # ADD on a missing number starts from 0
        "nums": NS(1, 3),
        "keep": S("same"),
    }


def test_add_to_a_missing_set_and_delete_the_last_members(client, table):
    update(client, table, "k", "ADD colours :rg, primes :p", values={":rg": SS("red", "green"), ":p": NS(2, 3, 5)})
    assert get(client, table, "k") == {"pk": S("k"), "colours": SS("green", "red"), "primes": NS(2, 3, 5)}
    # Deleting every member leaves no empty set: the attribute goes (B.4 "Sets: non-empty").
    # Deleting members that are not there changes nothing.
    update(client, table, "k", "DELETE colours :all, primes :none", values={":all": SS("red", "green"), ":none": NS(7)})
    assert get(client, table, "k") == {"pk": S("k"), "primes": NS(2, 3, 5)}


def test_arithmetic_and_if_not_exists(client, table):
    expression = "SET hits = if_not_exists(hits, :zero) + :one, seen = if_not_exists(seen, :first)"
    values = {":zero": N(0), ":one": N(1), ":first": S("2024-01-01")}
    first = update(client, table, "k", expression, values=values, ReturnValues="UPDATED_NEW")
    assert first["Attributes"] == {"hits": N(1), "seen": S("2024-01-01")}
    second = update(
        client, table, "k", expression, values=dict(values, **{":first": S("2025-12-31")}), ReturnValues="UPDATED_NEW"
    )
    # if_not_exists keeps the existing value; the SET still counts as an update.
    assert second["Attributes"] == {"hits": N(2), "seen": S("2024-01-01")}
    third = update(
        client,
        table,
        "k",
        "SET hits = hits - :ten, score = :a + :b",
        values={":ten": N(10), ":a": N("0.1"), ":b": N("0.2")},
        ReturnValues="ALL_NEW",
    )
    assert third["Attributes"] == {"pk": S("k"), "hits": N(-8), "seen": S("2024-01-01"), "score": N("0.3")}


def test_list_append(client, table):
    append = "SET events = list_append(if_not_exists(events, :empty), :new)"
    update(client, table, "k", append, values={":empty": L(), ":new": L(S("a"))})
    update(client, table, "k", append, values={":empty": L(), ":new": L(S("b"), N(2))})
    update(client, table, "k", "SET events = list_append(:front, events)", values={":front": L(S("first"))})
    assert get(client, table, "k")["events"] == L(S("first"), S("a"), S("b"), N(2))


def test_nested_paths(client, table):
    client.put_item(
        TableName=table,
        Item={
            "pk": S("k"),
            "profile": M(city=S("Kiel"), langs=L(S("en"), S("de"), S("fr")), address=M(street=S("Main"))),
            "matrix": L(L(N(1), N(2)), L(N(3), N(4))),
        },
    )
    update(
        client,
        table,
        "k",
        "SET profile.city = :c, profile.address.#z = :zip, profile.langs[1] = :nl, profile.langs[10] = :es, "
        "matrix[1][0] = :thirty, #dot = :d REMOVE profile.langs[0], matrix[0]",
        names={"#z": "zip", "#dot": "a.b"},
        values={":c": S("Oslo"), ":zip": S("0150"), ":nl": S("nl"), ":es": S("es"), ":thirty": N(30), ":d": S("top")},
    )
    assert get(client, table, "k") == {
        "pk": S("k"),
        # langs: [en, de, fr] -> [1]=nl, [10] appends es -> [en, nl, fr, es] -> REMOVE [0] shifts the rest down.
        "profile": M(city=S("Oslo"), langs=L(S("nl"), S("fr"), S("es")), address=M(street=S("Main"), zip=S("0150"))),
        "matrix": L(L(N(30), N(4))),
        "a.b": S("top"),  # "#dot" names one top-level attribute whose name holds a dot (D.4)
    }


def test_invalid_paths(client, table):
    client.put_item(TableName=table, Item={"pk": S("k"), "s": S("text"), "l": L(N(1))})
    # D.3: a path through a non-map, or into a missing map, cannot be updated.
    invalid = ("ValidationException", "The document path provided in the update expression is invalid for update")
    assert (
        fails_with(
            client.update_item,
            TableName=table,
            Key={"pk": S("k")},
            UpdateExpression="SET s.x = :v",
            ExpressionAttributeValues={":v": S("v")},
        )
        == invalid
    )
    assert (
        fails_with(
            client.update_item,
            TableName=table,
            Key={"pk": S("k")},
            UpdateExpression="SET nothing.x = :v",
            ExpressionAttributeValues={":v": S("v")},
        )
        == invalid
    )
    assert fails_with(
        client.update_item,
        TableName=table,
        Key={"pk": S("k")},
        UpdateExpression="SET x = y",
    ) == ("ValidationException", "The provided expression refers to an attribute that does not exist in the item")
    assert get(client, table, "k") == {"pk": S("k"), "s": S("text"), "l": L(N(1))}


def test_update_creates_a_missing_item(client, table):
    created = update(client, table, "new", "SET v = :v", values={":v": N(1)}, ReturnValues="ALL_NEW")
    assert created["Attributes"] == {"pk": S("new"), "v": N(1)}
    # An update with no actions at all still creates the key-only item
    # (Alternator's tests, test_update_item_non_existent).
    empty = update(client, table, "bare", ReturnValues="ALL_NEW")
    assert empty["Attributes"] == {"pk": S("bare")}
    assert get(client, table, "bare") == {"pk": S("bare")}


# DynamoDB creates nothing here (Alternator's tests, test_item.py::test_update_item_non_existent,
# test_returnvalues.py::test_update_item_returnvalues_all_new).
def test_remove_only_update_of_a_missing_item_creates_nothing(client, table):
    nothing = update(client, table, "ghost", "REMOVE v", ReturnValues="ALL_NEW")
    assert "Attributes" not in nothing
    assert get(client, table, "ghost") is None
    update(client, table, "ghost2", "DELETE v :s", values={":s": SS("a")})
    assert get(client, table, "ghost2") is None


# ---------------------------------------------------------------- ReturnValues


@pytest.fixture
def pet(client, table):
    client.put_item(TableName=table, Item={"pk": S("p"), "a": S("hi"), "b": S("dog")})
    return table


def test_return_values_none(client, pet):
    default = update(client, pet, "p", "SET b = :v", values={":v": S("cat")})
    assert "Attributes" not in default
    explicit = update(client, pet, "p", "SET b = :v", values={":v": S("cow")}, ReturnValues="NONE")
    assert "Attributes" not in explicit


def test_return_values_all_old(client, pet, table):
    response = update(client, pet, "p", "SET b = :v REMOVE a", values={":v": S("cat")}, ReturnValues="ALL_OLD")
    assert response["Attributes"] == {"pk": S("p"), "a": S("hi"), "b": S("dog")}
    # No item before: no Attributes at all.
    assert "Attributes" not in update(client, table, "q", "SET b = :v", values={":v": S("x")}, ReturnValues="ALL_OLD")


def test_return_values_updated_old(client, pet):
    # Only the attributes the update wrote, as they were; c did not exist.
    response = update(
        client, pet, "p", "SET b = :v, c = :w", values={":v": S("cat"), ":w": S("new")}, ReturnValues="UPDATED_OLD"
    )
    assert response["Attributes"] == {"b": S("dog")}
    # Writing the same value again is still an update.
    same = update(client, pet, "p", "SET b = :v", values={":v": S("cat")}, ReturnValues="UPDATED_OLD")
    assert same["Attributes"] == {"b": S("cat")}
    removed = update(client, pet, "p", "REMOVE b", ReturnValues="UPDATED_OLD")
    assert removed["Attributes"] == {"b": S("cat")}
    fresh = update(client, pet, "p", "SET b = :v", values={":v": S("cow")}, ReturnValues="UPDATED_OLD")
    assert "Attributes" not in fresh


def test_return_values_all_new(client, pet):
    response = update(client, pet, "p", "SET b = :v REMOVE a", values={":v": S("cat")}, ReturnValues="ALL_NEW")
    assert response["Attributes"] == {"pk": S("p"), "b": S("cat")}


def test_return_values_updated_new(client, pet):
    response = update(
        client,
        pet,
        "p",
        "SET b = :v, c = :w REMOVE a",
        values={":v": S("cat"), ":w": S("new")},
        ReturnValues="UPDATED_NEW",
    )
    # Removed attributes are not in the new image; keys are never "updated".
    assert response["Attributes"] == {"b": S("cat"), "c": S("new")}
    removed_only = update(client, pet, "p", "REMOVE c", ReturnValues="UPDATED_NEW")
    assert "Attributes" not in removed_only
    counter = update(client, pet, "p", "ADD n :one", values={":one": N(1)}, ReturnValues="UPDATED_NEW")
    assert counter["Attributes"] == {"n": N(1)}


def test_return_values_of_nested_updates(client, table):
    # Alternator's tests, test_update_item_returnvalues_nested: UPDATED_* return only the
    # written sub-paths, inside their enclosing maps and lists.
    client.put_item(TableName=table, Item={"pk": S("n"), "a": M(b=S("dog"), c=L(N(1), N(2), N(3))), "d": S("cat")})
    old = update(client, table, "n", "SET a.b = :v", values={":v": S("hi")}, ReturnValues="UPDATED_OLD")
    assert old["Attributes"] == {"a": M(b=S("dog"))}
    old = update(client, table, "n", "SET a.c[1] = :v", values={":v": N(7)}, ReturnValues="UPDATED_OLD")
    assert old["Attributes"] == {"a": M(c=L(N(2)))}
    new = update(
        client, table, "n", "SET a.c[1] = :v, a.b = :w", values={":v": N(3), ":w": S("yo")}, ReturnValues="UPDATED_NEW"
    )
    assert new["Attributes"] == {"a": M(b=S("yo"), c=L(N(3)))}
    added = update(client, table, "n", "SET a.x = :v", values={":v": N(8)}, ReturnValues="UPDATED_OLD")
    assert "Attributes" not in added
    everything = update(client, table, "n", "SET a.b = :v", values={":v": S("hi")}, ReturnValues="ALL_NEW")
    assert everything["Attributes"] == {"pk": S("n"), "a": M(b=S("hi"), c=L(N(1), N(3), N(3)), x=N(8)), "d": S("cat")}


# ---------------------------------------------------------------- conditions


def test_conditional_update(client, table):
    client.put_item(TableName=table, Item={"pk": S("acct"), "balance": N(100), "version": N(1)})
    ok = update(
        client,
        table,
        "acct",
        "SET balance = balance - :amt, version = version + :one",
        values={":amt": N(30), ":one": N(1), ":v": N(1)},
        ConditionExpression="balance >= :amt AND version = :v",
        ReturnValues="UPDATED_NEW",
    )
    assert ok["Attributes"] == {"balance": N(70), "version": N(2)}

    code, message, error = failure(
        client.update_item,
        TableName=table,
        Key={"pk": S("acct")},
        UpdateExpression="SET balance = balance - :amt",
        ConditionExpression="balance >= :amt",
        ExpressionAttributeValues={":amt": N(500)},
    )
    assert (code, message) == ("ConditionalCheckFailedException", "The conditional request failed")
    assert "Item" not in error  # only with ReturnValuesOnConditionCheckFailure=ALL_OLD (D.8)

    code, message, error = failure(
        client.update_item,
        TableName=table,
        Key={"pk": S("acct")},
        UpdateExpression="SET balance = balance - :amt",
        ConditionExpression="balance >= :amt",
        ExpressionAttributeValues={":amt": N(500)},
        ReturnValuesOnConditionCheckFailure="ALL_OLD",
    )
    assert (code, message) == ("ConditionalCheckFailedException", "The conditional request failed")
    assert error["Item"] == {"pk": S("acct"), "balance": N(70), "version": N(2)}
    assert get(client, table, "acct") == {"pk": S("acct"), "balance": N(70), "version": N(2)}

    # On a missing item the condition sees no attributes, and there is no Item to return.
    code, _, error = failure(
        client.update_item,
        TableName=table,
        Key={"pk": S("nobody")},
        UpdateExpression="SET balance = :b",
        ConditionExpression="attribute_exists(pk)",
        ExpressionAttributeValues={":b": N(1)},
        ReturnValuesOnConditionCheckFailure="ALL_OLD",
    )
    assert code == "ConditionalCheckFailedException"
    assert "Item" not in error
    assert get(client, table, "nobody") is None


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "expression, values",
    [
        ("SET pk = :v", {":v": S("other")}),
        ("REMOVE pk", None),
    ],
)
def test_key_attributes_cannot_be_updated(client, table, expression, values):
    client.put_item(TableName=table, Item={"pk": S("k")})
    kwargs = dict(TableName=table, Key={"pk": S("k")}, UpdateExpression=expression)
    if values:
        kwargs["ExpressionAttributeValues"] = values
    assert fails_with(client.update_item, **kwargs) == (
        "ValidationException",
        "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key",
    )


OPERAND = "Invalid UpdateExpression: Incorrect operand type for operator or function; "


@pytest.mark.parametrize(
    "expression, values, message",
    [
        (
            "ADD s :v",
            {":v": S("x")},
            OPERAND + "operator: ADD, operand type: STRING",
        ),
        (
            "DELETE s :v",
            {":v": N(1)},
            OPERAND + "operator: DELETE, operand type: NUMBER",
        ),
        (
            "SET a = :v SET b = :v",
            {":v": N(1)},
            'Invalid UpdateExpression: The "SET" section can only be used once in an update expression;',
        ),
        (
            "SET a = :v REMOVE a",
            {":v": N(1)},
            "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of "
            "these paths; path one: [a], path two: [a]",
        ),
        (
            "SET status = :v",
            {":v": N(1)},
            "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: status",
        ),
        (
            "SET a = :undefined",
            None,
            "Invalid UpdateExpression: An expression attribute value used in expression is not defined; "
            "attribute value: :undefined",
        ),
        (
            "SET a = :v",
            {":v": N(1), ":unused": N(2)},
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}",
        ),
        (
            "SET a.c = :v, a[1] = :v",
            {":v": N(1)},
            "Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of "
            "these paths; path one: [a, c], path two: [a, [1]]",
        ),
        ("INVALID SYNTAX", None, 'Invalid UpdateExpression: Syntax error; token: "INVALID", near: "INVALID SYNTAX"'),
        (
            "SET a = :v",
            {":v": {"SS": []}},
            "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: "
            "An string set  may not be empty for key :v",
        ),
        (
            "ADD a :v",
            {":v": {"L": []}},
            OPERAND + "operator: ADD, operand type: LIST",
        ),
    ],
)
def test_update_expression_errors(client, table, expression, values, message):
    kwargs = dict(TableName=table, Key={"pk": S("k")}, UpdateExpression=expression)
    if values:
        kwargs["ExpressionAttributeValues"] = values
    assert fails_with(client.update_item, **kwargs) == ("ValidationException", message)
    assert get(client, table, "k") is None


# ---------------------------------------------------------------- capacity


def sized(pk, size):
    """An item of exactly `size` bytes: "pk" (2) + pk + "data" (4) + filler."""
    return {"pk": S(pk), "data": S("x" * (size - 2 - len(pk) - 4))}


def units(response):
    return response["ConsumedCapacity"]["CapacityUnits"]


def test_update_costs_the_larger_of_before_and_after(client, table):
    client.put_item(TableName=table, Item=sized("k", 3000))
    # before 3,000 B, after 3,000 + "small"(5) + "v"(1) = 3,006 B -> ceil(3006/1024) = 3 WCU
    grow = update(client, table, "k", "SET small = :v", values={":v": S("v")}, ReturnConsumedCapacity="TOTAL")
    assert grow["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 3.0}
    # before 3,006 B, after "pk"+"k" = 3 B: still max(3006, 3) -> 3 WCU
    shrink = update(client, table, "k", "REMOVE #d, small", names={"#d": "data"}, ReturnConsumedCapacity="TOTAL")
    assert units(shrink) == 3.0
    # before 3 B, after 3 + "data"(4) + 2,493 = 2,500 B -> ceil(2500/1024) = 3 WCU
    regrow = update(
        client,
        table,
        "k",
        "SET #d = :d",
        names={"#d": "data"},
        values={":d": S("x" * 2493)},
        ReturnConsumedCapacity="INDEXES",
    )
    assert regrow["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 3.0, "Table": {"CapacityUnits": 3.0}}


def test_update_one_byte_over_a_kilobyte(client, table):
    client.put_item(TableName=table, Item=sized("k", 1024))
    # 1,024 B -> 1,025 B: max(1024, 1025) -> ceil(1025/1024) = 2 WCU
    response = update(
        client,
        table,
        "k",
        "SET #d = :d",
        names={"#d": "data"},
        values={":d": S("x" * 1018)},
        ReturnConsumedCapacity="TOTAL",
    )
    assert units(response) == 2.0
    # Back to 1,024 B: max(1025, 1024) -> still 2.
    back = update(
        client,
        table,
        "k",
        "SET #d = :d",
        names={"#d": "data"},
        values={":d": S("x" * 1017)},
        ReturnConsumedCapacity="TOTAL",
    )
    assert units(back) == 2.0
    # 1,024 B -> 1,024 B: 1 WCU.
    same = update(
        client,
        table,
        "k",
        "SET #d = :d",
        names={"#d": "data"},
        values={":d": S("y" * 1017)},
        ReturnConsumedCapacity="TOTAL",
    )
    assert units(same) == 1.0


def test_update_of_a_missing_item_costs_one(client, table):
    # Creates "pk"+"new" (5) + "n" + N(1) (1+2) = 8 B -> 1 WCU.
    created = update(client, table, "new", "SET n = :one", values={":one": N(1)}, ReturnConsumedCapacity="TOTAL")
    assert units(created) == 1.0
    # Nothing before, nothing after (A.3 "updating a missing item costs 1 WCU").
    nothing = update(client, table, "ghost", "REMOVE n", ReturnConsumedCapacity="TOTAL")
    assert nothing["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0}
    # ReturnValues do not change the cost.
    with_values = update(
        client,
        table,
        "new",
        "SET n = :two",
        values={":two": N(2)},
        ReturnValues="ALL_NEW",
        ReturnConsumedCapacity="TOTAL",
    )
    assert units(with_values) == 1.0


def test_update_item_size_limit(client, table):
    client.put_item(TableName=table, Item={"pk": S("k"), "a": S("x" * 204800)})
    # B.4: UpdateItem words the 400 KB limit its own way; 3 + 204,802 + 204,802 B > 409,600.
    assert fails_with(
        client.update_item,
        TableName=table,
        Key={"pk": S("k")},
        UpdateExpression="SET b = :v",
        ExpressionAttributeValues={":v": S("y" * 204800)},
    ) == ("ValidationException", "Item size to update has exceeded the maximum allowed size")
    assert get(client, table, "k") == {"pk": S("k"), "a": S("x" * 204800)}


def test_expression_attribute_values_need_an_expression(client, table):
    assert fails_with(
        client.update_item, TableName=table, Key={"pk": S("k")}, ExpressionAttributeValues={":v": N(1)}
    ) == (
        "ValidationException",
        "ExpressionAttributeValues can only be specified when using expressions: "
        "UpdateExpression and ConditionExpression are null",
    )
