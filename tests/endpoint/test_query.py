"""Query through boto3's low-level client: key conditions, filters,
projections, Select, order, pages (by hand and with boto3's paginator) and
the errors DynamoDB gives, with exact ConsumedCapacity.

Capacity (docs/dynamodb-semantics.md A.2): a Query sums the sizes
of every item its key condition reads, before any filter or projection,
rounds the sum up to 4 KB once per page, and charges half a unit per block
when eventually consistent (the default), a whole one when strongly
consistent; a page that reads nothing still costs the minimum 0.5 / 1.
Item sizes follow B.1: attribute-name bytes + value bytes.
"""

import pytest

from conftest import N, S, fails_with

OPEN = ("03", "07")  # the two OPEN orders; the other eight are DONE
ALL_SKS = [f"{i:02d}" for i in range(1, 11)]


def order(sk):
    """Exactly 1,000 bytes: pk "u" (2+1) + sk (2+2) + status (6+4) + data (4+979)."""
    return {"pk": S("u"), "sk": S(sk), "status": S("OPEN" if sk in OPEN else "DONE"), "data": S("x" * 979)}


@pytest.fixture
def orders(client, make_table):
    """Ten 1,000-byte orders under pk "u" (sk "01".."10") and one under pk "other"."""
    name = make_table(("pk", "S"), ("sk", "S"))
    for sk in reversed(ALL_SKS):  # written out of order: the sort key orders them
        client.put_item(TableName=name, Item=order(sk))
    client.put_item(TableName=name, Item={"pk": S("other"), "sk": S("01")})
    return name


def query(client, table, key_condition=None, values=None, **kwargs):
    request = dict(TableName=table, ReturnConsumedCapacity="TOTAL", **kwargs)
    if key_condition is not None:
        request["KeyConditionExpression"] = key_condition
    if values is not None:
        request["ExpressionAttributeValues"] = {":u": S("u"), **values}
    return client.query(**request)


def sks(response):
    return [item["sk"]["S"] for item in response["Items"]]


def capacity(table, units):
    return {"TableName": table, "CapacityUnits": units}


# ---------------------------------------------------------------- key conditions


@pytest.mark.parametrize(
    "condition, values, expected, units",
    [
        # 1 item × 1,000 B = 1,000 B -> ceil(1000/4096) = 1 block -> 0.5 RCU eventual
        ("pk = :u AND sk = :a", {":a": S("05")}, ["05"], 0.5),
        # 2 × 1,000 = 2,000 B -> 1 block -> 0.5
        ("pk = :u AND sk < :a", {":a": S("03")}, ["01", "02"], 0.5),
        # 3 × 1,000 = 3,000 B -> 1 block -> 0.5
        ("pk = :u AND sk <= :a", {":a": S("03")}, ["01", "02", "03"], 0.5),
        # 3 × 1,000 = 3,000 B -> 1 block -> 0.5
        ("pk = :u AND sk > :a", {":a": S("07")}, ["08", "09", "10"], 0.5),
        # 4 × 1,000 = 4,000 B <= 4,096 -> 1 block -> 0.5
        ("pk = :u AND sk >= :a", {":a": S("07")}, ["07", "08", "09", "10"], 0.5),
        # 5 × 1,000 = 5,000 B -> ceil(5000/4096) = 2 blocks -> 1.0
        ("pk = :u AND sk BETWEEN :a AND :b", {":a": S("02"), ":b": S("06")}, ["02", "03", "04", "05", "06"], 1.0),
        # 9 × 1,000 = 9,000 B -> ceil(9000/4096) = 3 blocks -> 1.5
        ("pk = :u AND begins_with(sk, :p)", {":p": S("0")}, ALL_SKS[:9], 1.5),
        # 1 × 1,000 B -> 1 block -> 0.5
        ("pk = :u AND begins_with(sk, :p)", {":p": S("1")}, ["10"], 0.5),
        # 10 × 1,000 = 10,000 B -> ceil(10000/4096) = 3 blocks -> 1.5
        ("pk = :u", {}, ALL_SKS, 1.5),
        # The sort-key condition may come first (D.2 only requires the AND), and
        # the value may stand left of the comparator (CONF keyConditionSemantics).
        ("sk > :a AND pk = :u", {":a": S("08")}, ["09", "10"], 0.5),
        ("pk = :u AND :a <= sk", {":a": S("09")}, ["09", "10"], 0.5),
        # Nothing matches: no block read, still the 0.5 minimum (A.2 "Minimum").
        ("pk = :u AND sk > :a", {":a": S("99")}, [], 0.5),
    ],
)
def test_key_condition_operators(client, orders, condition, values, expected, units):
    response = query(client, orders, condition, values)
    assert sks(response) == expected
    assert (response["Count"], response["ScannedCount"]) == (len(expected), len(expected))
    assert response["ConsumedCapacity"] == capacity(orders, units)
    assert "LastEvaluatedKey" not in response
    if expected:
        assert response["Items"][0] == order(expected[0])


def test_strongly_consistent_query_costs_twice_as_much(client, orders):
    # 10 × 1,000 = 10,000 B -> 3 blocks -> 3.0 RCU strongly consistent (1.5 eventual above).
    response = query(client, orders, "pk = :u", {}, ConsistentRead=True)
    assert response["Count"] == 10
    assert response["ConsumedCapacity"] == capacity(orders, 3.0)
    # An empty strongly consistent page costs the strong minimum, 1.0.
    empty = query(client, orders, "pk = :u", {":u": S("nobody")}, ConsistentRead=True)
    assert (empty["Items"], empty["Count"], empty["ScannedCount"]) == ([], 0, 0)
    assert empty["ConsumedCapacity"] == capacity(orders, 1.0)


def test_other_partition_is_separate(client, orders):
    # "other"/"01" is 2+5 + 2+2 = 11 B -> 1 block -> 0.5.
    response = query(client, orders, "pk = :u", {":u": S("other")})
    assert response["Items"] == [{"pk": S("other"), "sk": S("01")}]
    assert response["ConsumedCapacity"] == capacity(orders, 0.5)


def test_sort_key_order_is_numeric_for_numbers(client, make_table):
    name = make_table(("pk", "S"), ("sk", "N"))
    for value in ["10", "9", "100", "-1", "2.5", "0", "-20.75"]:
        client.put_item(TableName=name, Item={"pk": S("p"), "sk": N(value)})
    response = client.query(TableName=name, KeyConditionExpression="pk = :p", ExpressionAttributeValues={":p": S("p")})
    assert [item["sk"]["N"] for item in response["Items"]] == ["-20.75", "-1", "0", "2.5", "9", "10", "100"]
    between = client.query(
        TableName=name,
        KeyConditionExpression="pk = :p AND sk BETWEEN :lo AND :hi",
        ExpressionAttributeValues={":p": S("p"), ":lo": N("-1"), ":hi": N("9.5")},
        ScanIndexForward=False,
    )
    assert [item["sk"]["N"] for item in between["Items"]] == ["9", "2.5", "0", "-1"]


def test_sort_key_order_is_utf8_bytes_for_strings(client, make_table):
    # Semantics E: "a"(0x61) > "A"(0x41); "¿"(0xC2 0xBF) > "z"(0x7A).
    name = make_table(("pk", "S"), ("sk", "S"))
    for value in ["z", "¿", "a", "A", "Z", "0", "aa"]:
        client.put_item(TableName=name, Item={"pk": S("p"), "sk": S(value)})
    response = client.query(TableName=name, KeyConditionExpression="pk = :p", ExpressionAttributeValues={":p": S("p")})
    assert [item["sk"]["S"] for item in response["Items"]] == ["0", "A", "Z", "a", "aa", "z", "¿"]


# ---------------------------------------------------------------- filters, projections, Select


def test_filter_reduces_count_not_scanned_count_or_capacity(client, orders):
    unfiltered = query(client, orders, "pk = :u", {})
    filtered = query(
        client,
        orders,
        "pk = :u",
        {":open": S("OPEN")},
        FilterExpression="#s = :open",
        ExpressionAttributeNames={"#s": "status"},
    )
    assert sks(filtered) == ["03", "07"]
    assert (filtered["Count"], filtered["ScannedCount"]) == (2, 10)
    # All 10 items (10,000 B -> 3 blocks) were read and are paid for: 1.5 both times.
    assert unfiltered["ConsumedCapacity"] == filtered["ConsumedCapacity"] == capacity(orders, 1.5)
    # A filter nothing passes: Count 0, still all ten read.
    none = query(
        client,
        orders,
        "pk = :u AND sk <= :a",
        {":a": S("02"), ":x": S("OPEN")},
        FilterExpression="#s = :x",
        ExpressionAttributeNames={"#s": "status"},
    )
    assert (none["Items"], none["Count"], none["ScannedCount"]) == ([], 0, 2)
    assert none["ConsumedCapacity"] == capacity(orders, 0.5)  # 2,000 B -> 1 block


def test_filter_functions_and_logic(client, orders):
    response = query(
        client,
        orders,
        "pk = :u AND sk BETWEEN :a AND :b",
        {":a": S("02"), ":b": S("08"), ":open": S("OPEN"), ":n": N(979)},
        FilterExpression="(#s = :open OR begins_with(sk_copy, :open)) AND size(#d) = :n AND attribute_exists(#d)",
        ExpressionAttributeNames={"#s": "status", "#d": "data"},
    )
    assert sks(response) == ["03", "07"]
    assert (response["Count"], response["ScannedCount"]) == (2, 7)
    # 7 × 1,000 = 7,000 B -> 2 blocks -> 1.0
    assert response["ConsumedCapacity"] == capacity(orders, 1.0)


def test_projection_with_names_does_not_change_capacity(client, orders):
    response = query(
        client,
        orders,
        "pk = :u AND sk BETWEEN :a AND :b",
        {":a": S("03"), ":b": S("04")},
        ProjectionExpression="sk, #s",
        ExpressionAttributeNames={"#s": "status"},
    )
    assert response["Items"] == [{"sk": S("03"), "status": S("OPEN")}, {"sk": S("04"), "status": S("DONE")}]
    # 2 × 1,000 = 2,000 B -> 1 block -> 0.5, the same as without a projection.
    assert response["ConsumedCapacity"] == capacity(orders, 0.5)


def test_nested_projection(client, make_table):
    name = make_table(("pk", "S"), ("sk", "S"))
    client.put_item(
        TableName=name,
        Item={
            "pk": S("p"),
            "sk": S("1"),
            "info": {"M": {"a": S("A"), "b": {"M": {"c": N(3), "d": N(4)}}, "e": S("E")}},
            "list": {"L": [S("zero"), S("one"), {"M": {"x": S("X"), "y": S("Y")}}]},
            "other": S("o"),
        },
    )
    response = client.query(
        TableName=name,
        KeyConditionExpression="pk = :p",
        ExpressionAttributeValues={":p": S("p")},
        ProjectionExpression="info.b.c, #l[1], #l[2].y, #i.#e, absent",
        ExpressionAttributeNames={"#l": "list", "#i": "info", "#e": "e"},
    )
    assert response["Items"] == [
        {
            "info": {"M": {"b": {"M": {"c": N(3)}}, "e": S("E")}},
            "list": {"L": [S("one"), {"M": {"y": S("Y")}}]},
        }
    ]


def test_select_count(client, orders):
    eventual = query(client, orders, "pk = :u", {}, Select="COUNT")
    assert "Items" not in eventual
    assert (eventual["Count"], eventual["ScannedCount"]) == (10, 10)
    # COUNT still reads all ten: 10,000 B -> 3 blocks -> 1.5 / 3.0.
    assert eventual["ConsumedCapacity"] == capacity(orders, 1.5)
    strong = query(client, orders, "pk = :u", {}, Select="COUNT", ConsistentRead=True)
    assert strong["ConsumedCapacity"] == capacity(orders, 3.0)
    filtered = query(
        client,
        orders,
        "pk = :u",
        {":open": S("OPEN")},
        Select="COUNT",
        FilterExpression="#s = :open",
        ExpressionAttributeNames={"#s": "status"},
    )
    assert "Items" not in filtered
    assert (filtered["Count"], filtered["ScannedCount"]) == (2, 10)
    assert filtered["ConsumedCapacity"] == capacity(orders, 1.5)


def test_select_specific_and_all_attributes(client, orders):
    specific = query(
        client, orders, "pk = :u AND sk = :a", {":a": S("01")}, Select="SPECIFIC_ATTRIBUTES", ProjectionExpression="pk"
    )
    assert specific["Items"] == [{"pk": S("u")}]
    everything = query(client, orders, "pk = :u AND sk = :a", {":a": S("01")}, Select="ALL_ATTRIBUTES")
    assert everything["Items"] == [order("01")]


def test_scan_index_forward_false(client, orders):
    backwards = query(client, orders, "pk = :u", {}, ScanIndexForward=False)
    assert sks(backwards) == ALL_SKS[::-1]
    assert backwards["ConsumedCapacity"] == capacity(orders, 1.5)
    ranged = query(client, orders, "pk = :u AND sk < :a", {":a": S("04")}, ScanIndexForward=False)
    assert sks(ranged) == ["03", "02", "01"]


# ---------------------------------------------------------------- pages


def walk(client, table, **kwargs):
    """Every page of a query, following LastEvaluatedKey by hand."""
    pages, start = [], None
    while True:
        request = dict(kwargs)
        if start is not None:
            request["ExclusiveStartKey"] = start
        page = query(client, table, **request)
        pages.append(page)
        start = page.get("LastEvaluatedKey")
        if start is None:
            return pages
        assert len(pages) < 100


def test_pages_of_three_by_hand(client, orders):
    pages = walk(client, orders, key_condition="pk = :u", values={}, Limit=3)
    assert [sks(page) for page in pages] == [ALL_SKS[0:3], ALL_SKS[3:6], ALL_SKS[6:9], ALL_SKS[9:]]
    # Each full page ends with its last key; the last page (1 < Limit) has none.
    assert [page.get("LastEvaluatedKey") for page in pages] == [
        {"pk": S("u"), "sk": S("03")},
        {"pk": S("u"), "sk": S("06")},
        {"pk": S("u"), "sk": S("09")},
        None,
    ]
    # Each page is rounded on its own: 3,000 B -> 1 block -> 0.5; the last page 1,000 B -> 0.5.
    assert [page["ConsumedCapacity"]["CapacityUnits"] for page in pages] == [0.5, 0.5, 0.5, 0.5]
    assert [(page["Count"], page["ScannedCount"]) for page in pages] == [(3, 3), (3, 3), (3, 3), (1, 1)]


def test_page_that_fills_the_limit_exactly_has_a_key_and_the_next_is_empty(client, orders):
    # Semantics A.2 "Limit": a page stopped by Limit returns LastEvaluatedKey
    # even when nothing is left, so the third page is empty.
    pages = walk(client, orders, key_condition="pk = :u", values={}, Limit=5)
    assert [sks(page) for page in pages] == [ALL_SKS[:5], ALL_SKS[5:], []]
    assert pages[1]["LastEvaluatedKey"] == {"pk": S("u"), "sk": S("10")}
    assert "LastEvaluatedKey" not in pages[2]
    assert (pages[2]["Count"], pages[2]["ScannedCount"]) == (0, 0)
    # 5 × 1,000 = 5,000 B -> 2 blocks -> 1.0 per full page; the empty page costs the 0.5 minimum.
    assert [page["ConsumedCapacity"]["CapacityUnits"] for page in pages] == [1.0, 1.0, 0.5]


def test_limit_counts_items_read_before_the_filter(client, orders):
    # Limit 4 reads 01..04, of which only 03 is OPEN.
    pages = walk(
        client,
        orders,
        key_condition="pk = :u",
        values={":open": S("OPEN")},
        Limit=4,
        FilterExpression="#s = :open",
        ExpressionAttributeNames={"#s": "status"},
    )
    assert [sks(page) for page in pages] == [["03"], ["07"], []]
    assert [(page["Count"], page["ScannedCount"]) for page in pages] == [(1, 4), (1, 4), (0, 2)]
    assert [page.get("LastEvaluatedKey") for page in pages] == [
        {"pk": S("u"), "sk": S("04")},
        {"pk": S("u"), "sk": S("08")},
        None,
    ]
    # 4,000 B -> 1 block (0.5); 4,000 B -> 0.5; 2,000 B -> 0.5.
    assert [page["ConsumedCapacity"]["CapacityUnits"] for page in pages] == [0.5, 0.5, 0.5]


def test_pages_backwards_with_exclusive_start_key(client, orders):
    pages = walk(client, orders, key_condition="pk = :u", values={}, Limit=4, ScanIndexForward=False)
    assert [sks(page) for page in pages] == [ALL_SKS[9:5:-1], ALL_SKS[5:1:-1], ["02", "01"]]
    assert pages[0]["LastEvaluatedKey"] == {"pk": S("u"), "sk": S("07")}
    # Starting after a key that is not stored is fine too: it is a position.
    page = query(
        client,
        orders,
        "pk = :u",
        {},
        ExclusiveStartKey={"pk": S("u"), "sk": S("05x")},
        ProjectionExpression="sk",
        Limit=2,
    )
    assert sks(page) == ["06", "07"]


def test_boto3_paginator_walks_every_page(client, orders):
    paginator = client.get_paginator("query")
    request = dict(
        TableName=orders,
        KeyConditionExpression="pk = :u",
        ExpressionAttributeValues={":u": S("u")},
        ReturnConsumedCapacity="TOTAL",
    )
    pages = list(paginator.paginate(**request, PaginationConfig={"PageSize": 4}))
    assert [sks(page) for page in pages] == [ALL_SKS[:4], ALL_SKS[4:8], ALL_SKS[8:]]
    # 4,000 B -> 1 block; 4,000 B -> 1 block; 2,000 B -> 1 block.
    assert [page["ConsumedCapacity"] for page in pages] == [capacity(orders, 0.5)] * 3
    # build_full_result joins the items and adds up the counts.
    full = paginator.paginate(**request, PaginationConfig={"PageSize": 3}).build_full_result()
    assert sks(full) == ALL_SKS
    assert (full["Count"], full["ScannedCount"]) == (10, 10)
    # Backwards with a filter: pages of two read, only the OPEN orders kept.
    backwards = paginator.paginate(
        **dict(request, ExpressionAttributeValues={":u": S("u"), ":o": S("OPEN")}),
        ScanIndexForward=False,
        FilterExpression="#s = :o",
        ExpressionAttributeNames={"#s": "status"},
        PaginationConfig={"PageSize": 2},
    ).build_full_result()
    assert sks(backwards) == ["07", "03"]
    assert (backwards["Count"], backwards["ScannedCount"]) == (2, 10)


# ---------------------------------------------------------------- errors


def test_reserved_word_must_be_a_placeholder(client, orders):
    values = {":u": S("u"), ":s": S("OPEN")}
    assert fails_with(
        client.query,
        TableName=orders,
        KeyConditionExpression="pk = :u",
        FilterExpression="status = :s",
        ExpressionAttributeValues=values,
    ) == (
        "ValidationException",
        "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status",
    )
    # The word is echoed as written (D.5).
    assert fails_with(
        client.query,
        TableName=orders,
        KeyConditionExpression="pk = :u",
        FilterExpression="Status = :s",
        ExpressionAttributeValues=values,
    ) == (
        "ValidationException",
        "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: Status",
    )
    assert fails_with(
        client.query,
        TableName=orders,
        KeyConditionExpression="pk = :u",
        ProjectionExpression="sk, status",
        ExpressionAttributeValues={":u": S("u")},
    ) == (
        "ValidationException",
        "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: status",
    )


def test_key_condition_must_name_the_partition_key(client, orders):
    assert fails_with(
        client.query,
        TableName=orders,
        KeyConditionExpression="sk = :a",
        ExpressionAttributeValues={":a": S("01")},
    ) == ("ValidationException", "Query condition missed key schema element: pk")
    assert fails_with(client.query, TableName=orders) == (
        "ValidationException",
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
    )


def test_key_condition_operators_that_are_refused(client, orders):
    values = {":u": S("u"), ":a": S("01")}
    assert fails_with(
        client.query, TableName=orders, KeyConditionExpression="pk = :u OR sk = :a", ExpressionAttributeValues=values
    ) == ("ValidationException", "Invalid operator used in KeyConditionExpression: OR")
    assert fails_with(client.query, TableName=orders, KeyConditionExpression="", ExpressionAttributeValues=values) == (
        "ValidationException",
        "Invalid KeyConditionExpression: The expression can not be empty;",
    )


def test_two_conditions_on_one_key(client, orders):
    # The D.2 text as DynamoDB words it today, with the "Invalid
    # KeyConditionExpression: " prefix (paritysuite captures; dynalite's
    # older captures lack it). src/engine/expr/key_condition.rs explains the choice.
    assert fails_with(
        client.query,
        TableName=orders,
        KeyConditionExpression="pk = :u AND sk > :a AND sk < :b",
        ExpressionAttributeValues={":u": S("u"), ":a": S("01"), ":b": S("05")},
    ) == ("ValidationException", "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key")


def test_filter_may_not_use_key_attributes(client, orders):
    for attribute in ("sk", "pk"):
        assert fails_with(
            client.query,
            TableName=orders,
            KeyConditionExpression="pk = :u",
            FilterExpression=f"{attribute} = :a",
            ExpressionAttributeValues={":u": S("u"), ":a": S("01")},
        ) == (
            "ValidationException",
            f"Filter Expression can only contain non-primary key attributes: Primary key attribute: {attribute}",
        )


def test_unused_and_undefined_placeholders(client, orders):
    assert fails_with(
        client.query,
        TableName=orders,
        KeyConditionExpression="pk = :u",
        ExpressionAttributeValues={":u": S("u"), ":unused": S("x")},
    ) == ("ValidationException", "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}")
    assert fails_with(
        client.query,
        TableName=orders,
        KeyConditionExpression="pk = :u",
        FilterExpression="#missing = :u",
        ExpressionAttributeValues={":u": S("u")},
    ) == (
        "ValidationException",
        "Invalid FilterExpression: An expression attribute name used in the document path is not defined; "
        "attribute name: #missing",
    )


def test_start_key_of_the_wrong_shape(client, orders):
    # The key's attribute count is checked first, with the bare message (DYN test/query.js).
    assert fails_with(
        client.query,
        TableName=orders,
        KeyConditionExpression="pk = :u",
        ExpressionAttributeValues={":u": S("u")},
        ExclusiveStartKey={"pk": S("u")},
    ) == ("ValidationException", "The provided starting key is invalid")


def b3_item(extra_b=0):
    """Semantics B.3 (DYN getItem.js, measured on DynamoDB): exactly 4,096 B.

    a:S(10)=1+10, bb:S(3999)=2+3999, ccc:N 12.3456=3+4, dddd:B(2)=4+2,
    eeeee:BS(2+1+1)=5+4, ffffff:NULL=6+1, ggggggg:BOOL=7+1,
    hhhhhhhh:L[a,aa,bb,ccc]=8+3+(1+1)+(1+2)+(1+2)+(1+3),
    iiiiiiiii:M{aa:aa,bbb:bbb}=9+3+2+(2+2)+(3+3) -> 4,096.
    """
    return {
        "a": S("a" * 10),
        "bb": S("b" * (3999 + extra_b)),
        "ccc": N("12.3456"),
        "dddd": {"B": b"\x01\x02"},
        "eeeee": {"BS": [b"\x01\x02", b"\x03", b"\x04"]},
        "ffffff": {"NULL": True},
        "ggggggg": {"BOOL": True},
        "hhhhhhhh": {"L": [S("a"), S("aa"), S("bb"), S("ccc")]},
        "iiiiiiiii": {"M": {"aa": S("aa"), "bbb": S("bbb")}},
    }


@pytest.mark.parametrize("extra_b, write_units, strong_units", [(0, 4.0, 1.0), (1, 5.0, 2.0)])
def test_query_of_an_item_at_the_4_kb_boundary(client, make_table, extra_b, write_units, strong_units):
    name = make_table(("a", "S"))
    put = client.put_item(TableName=name, Item=b3_item(extra_b), ReturnConsumedCapacity="TOTAL")
    # 4,096 B -> 4 WCU; 4,097 B -> 5 WCU.
    assert put["ConsumedCapacity"]["CapacityUnits"] == write_units
    request = dict(
        TableName=name,
        KeyConditionExpression="a = :a",
        ExpressionAttributeValues={":a": S("a" * 10)},
        ConsistentRead=True,
        ReturnConsumedCapacity="INDEXES",
    )
    response = client.query(**request)
    assert response["Items"] == [b3_item(extra_b)]
    # 4,096 B -> 1 block; 4,097 B -> 2 blocks (strongly consistent: 1 RCU each).
    assert response["ConsumedCapacity"] == {
        "TableName": name,
        "CapacityUnits": strong_units,
        "Table": {"CapacityUnits": strong_units},
    }


@pytest.mark.parametrize(
    "kwargs, message",
    [
        # D.1: BETWEEN bounds must be ordered and of one type.
        (
            dict(KeyConditionExpression="pk = :u AND sk BETWEEN :a AND :b", values={":a": S("06"), ":b": S("02")}),
            "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal "
            "to lower bound; lower bound operand: AttributeValue: {S:06}, upper bound operand: AttributeValue: {S:02}",
        ),
        (
            dict(
                KeyConditionExpression="pk = :u",
                FilterExpression="#d BETWEEN :a AND :b",
                values={":a": N(1), ":b": S("a")},
            ),
            "Invalid FilterExpression: The BETWEEN operator requires same data type for lower and upper bounds; "
            "lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:a}",
        ),
        # D.2: only = < <= > >= BETWEEN begins_with, AND, on top-level key attributes.
        (
            dict(KeyConditionExpression="pk IN (:u)", values={}),
            "Invalid operator used in KeyConditionExpression: IN",
        ),
        (
            dict(KeyConditionExpression="pk = :u AND sk <> :a", values={":a": S("01")}),
            "Invalid operator used in KeyConditionExpression: <>",
        ),
        (
            dict(KeyConditionExpression="#s = :a", values={":a": S("OPEN")}, names={"#s": "status"}),
            "Query condition missed key schema element: pk",
        ),
        # D.5: function and operand errors in a filter.
        (
            dict(KeyConditionExpression="pk = :u", FilterExpression="contains(#d, #d)", values={}),
            "Invalid FilterExpression: The first operand must be distinct from the remaining operands for this "
            "operator or function; operator: contains, first operand: [data]",
        ),
        (
            dict(KeyConditionExpression="pk = :u", FilterExpression="nosuch(#d)", values={}),
            "Invalid FilterExpression: Invalid function name; function: nosuch",
        ),
        (
            dict(KeyConditionExpression="pk = :u", FilterExpression="((#d = :u))", values={}),
            "Invalid FilterExpression: The expression has redundant parentheses;",
        ),
        # D.4 / D.5: projections.
        (
            dict(KeyConditionExpression="pk = :u", ProjectionExpression="!!", values={}),
            'Invalid ProjectionExpression: Syntax error; token: "!", near: "!!"',
        ),
        (
            dict(KeyConditionExpression="pk = :u", ProjectionExpression="info, info.a", values={}),
            "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of "
            "these paths; path one: [info], path two: [info, a]",
        ),
        (
            dict(KeyConditionExpression="pk = :u", ProjectionExpression="info.a, info[0]", values={}),
            "Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of "
            "these paths; path one: [info, a], path two: [info, [0]]",
        ),
        (
            dict(KeyConditionExpression="pk = :u", values={}, names={"#unused": "x"}),
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}",
        ),
    ],
)
def test_expression_errors(client, orders, kwargs, message):
    kwargs = dict(kwargs)
    request = dict(TableName=orders, ExpressionAttributeValues={":u": S("u"), **kwargs.pop("values")})
    names = kwargs.pop("names", None)
    if "#d" in str(kwargs):
        names = dict(names or {}, **{"#d": "data"})
    if names:
        request["ExpressionAttributeNames"] = names
    assert fails_with(client.query, **request, **kwargs) == ("ValidationException", message)


def test_empty_placeholder_maps_are_refused(client, orders):
    assert fails_with(
        client.query, TableName=orders, KeyConditionExpression="pk = :u", ExpressionAttributeValues={}
    ) == ("ValidationException", "ExpressionAttributeValues must not be empty")
    assert fails_with(
        client.query,
        TableName=orders,
        KeyConditionExpression="pk = :u",
        ExpressionAttributeValues={":u": S("u")},
        ExpressionAttributeNames={},
    ) == ("ValidationException", "ExpressionAttributeNames must not be empty")
