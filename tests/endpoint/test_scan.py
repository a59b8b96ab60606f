"""Scan through boto3's low-level client: hash order, pages (by hand and
with boto3's paginator), parallel segments, filters and capacity.

Semantics E: a Scan walks the keyspace in hash order; the fourteen keys
below are the ones dynalite recorded from DynamoDB itself, in DynamoDB's
order. A parallel-scan segment is a contiguous range of that hash space,
so the segments, in order, are the full scan cut into pieces.
Capacity (A.2): the items *evaluated* are summed and rounded up to 4 KB
once per page, whatever the filter keeps.
"""

import pytest

from conftest import N, S, fails_with

# Semantics E (DYN "should return items in string hash order", recorded on live DynamoDB).
HASH_ORDER = ["2", "8", "9", "1", "6", "hello", "0", "5", "4", "äáöü", "aardman", "7", "3", "zapf"]
BIG = {"aardman": 7, "hello": 5, "zapf": 4, "äáöü": 4}  # every other word has n = 1


@pytest.fixture
def words(client, make_table):
    name = make_table(("w", "S"))
    for word in sorted(HASH_ORDER):
        client.put_item(TableName=name, Item={"w": S(word), "n": N(BIG.get(word, 1))})
    return name


def ws(response):
    return [item["w"]["S"] for item in response["Items"]]


def scan(client, table, **kwargs):
    return client.scan(TableName=table, ReturnConsumedCapacity="TOTAL", **kwargs)


def test_full_scan_is_in_hash_order_and_stable(client, words):
    first = scan(client, words)
    assert ws(first) == HASH_ORDER
    assert (first["Count"], first["ScannedCount"]) == (14, 14)
    assert "LastEvaluatedKey" not in first
    # Items are whole: "w"+"2" = 2 B, "n" + N(1) = 1+2 = 3 B.
    assert first["Items"][0] == {"w": S("2"), "n": N(1)}
    # Fourteen items of 5..12 B, under 4 KB together -> 1 block -> 0.5 RCU eventual.
    assert first["ConsumedCapacity"] == {"TableName": words, "CapacityUnits": 0.5}
    # The same order every time, and after rewriting every item.
    for word in HASH_ORDER:
        client.put_item(TableName=words, Item={"w": S(word), "n": N(BIG.get(word, 1))})
    assert ws(scan(client, words)) == HASH_ORDER
    assert ws(scan(client, words, ConsistentRead=True)) == HASH_ORDER


def test_scan_capacity_counts_what_is_evaluated(client, make_table):
    name = make_table(("pk", "S"))
    for i in range(9):
        # 1,000 B: "pk" (2) + "k0" (2) + "data" (4) + 992 = 1,000
        client.put_item(TableName=name, Item={"pk": S(f"k{i}"), "data": S("x" * 992)})
    everything = scan(client, name)
    # 9 × 1,000 = 9,000 B -> ceil(9000/4096) = 3 blocks -> 1.5 eventual, 3.0 strong.
    assert everything["ConsumedCapacity"] == {"TableName": name, "CapacityUnits": 1.5}
    assert scan(client, name, ConsistentRead=True)["ConsumedCapacity"]["CapacityUnits"] == 3.0
    # A filter that keeps one item, a projection and COUNT still pay for all nine.
    filtered = scan(
        client, name, FilterExpression="pk = :k", ExpressionAttributeValues={":k": S("k3")}, ProjectionExpression="pk"
    )
    assert filtered["Items"] == [{"pk": S("k3")}]
    assert (filtered["Count"], filtered["ScannedCount"]) == (1, 9)
    assert filtered["ConsumedCapacity"]["CapacityUnits"] == 1.5
    counted = scan(client, name, Select="COUNT")
    assert "Items" not in counted
    assert (counted["Count"], counted["ScannedCount"]) == (9, 9)
    assert counted["ConsumedCapacity"]["CapacityUnits"] == 1.5
    # Limit 4: 4 × 1,000 = 4,000 B -> 1 block -> 0.5; the rest (5,000 B) -> 2 blocks -> 1.0.
    page = scan(client, name, Limit=4)
    assert page["ConsumedCapacity"]["CapacityUnits"] == 0.5
    rest = scan(client, name, ExclusiveStartKey=page["LastEvaluatedKey"])
    assert rest["Count"] == 5
    assert rest["ConsumedCapacity"]["CapacityUnits"] == 1.0


def test_scan_pages_by_hand(client, words):
    pages, start = [], None
    while True:
        kwargs = {"Limit": 5}
        if start:
            kwargs["ExclusiveStartKey"] = start
        page = scan(client, words, **kwargs)
        pages.append(page)
        start = page.get("LastEvaluatedKey")
        if start is None:
            break
        assert start == {"w": page["Items"][-1]["w"]}
        assert len(pages) < 20
    assert [ws(page) for page in pages] == [HASH_ORDER[0:5], HASH_ORDER[5:10], HASH_ORDER[10:]]
    assert [(page["Count"], page["ScannedCount"]) for page in pages] == [(5, 5), (5, 5), (4, 4)]
    assert [page.get("LastEvaluatedKey") for page in pages] == [{"w": S("6")}, {"w": S("äáöü")}, None]
    assert [page["ConsumedCapacity"]["CapacityUnits"] for page in pages] == [0.5, 0.5, 0.5]


def test_a_page_that_fills_the_limit_has_a_key_even_at_the_end(client, words):
    first = scan(client, words, Limit=7)
    second = scan(client, words, Limit=7, ExclusiveStartKey=first["LastEvaluatedKey"])
    assert ws(first) + ws(second) == HASH_ORDER
    assert second["LastEvaluatedKey"] == {"w": S("zapf")}
    third = scan(client, words, Limit=7, ExclusiveStartKey=second["LastEvaluatedKey"])
    assert (third["Items"], third["Count"], third["ScannedCount"]) == ([], 0, 0)
    assert "LastEvaluatedKey" not in third
    # Nothing read, still the 0.5 minimum (A.2 "Minimum").
    assert third["ConsumedCapacity"] == {"TableName": words, "CapacityUnits": 0.5}


def test_boto3_scan_paginator(client, words):
    paginator = client.get_paginator("scan")
    pages = list(paginator.paginate(TableName=words, PaginationConfig={"PageSize": 4}))
    assert [len(page["Items"]) for page in pages] == [4, 4, 4, 2]
    assert [w for page in pages for w in ws(page)] == HASH_ORDER
    full = paginator.paginate(
        TableName=words,
        FilterExpression="n > :one",
        ExpressionAttributeValues={":one": N(1)},
        PaginationConfig={"PageSize": 3},
    ).build_full_result()
    assert ws(full) == ["hello", "äáöü", "aardman", "zapf"]
    assert (full["Count"], full["ScannedCount"]) == (4, 14)


@pytest.mark.parametrize("total", [1, 2, 3, 4, 7, 16])
def test_parallel_scan_segments_cover_every_item_once(client, words, total):
    segments = []
    for segment in range(total):
        response = scan(client, words, Segment=segment, TotalSegments=total)
        assert "LastEvaluatedKey" not in response
        assert response["Count"] == response["ScannedCount"] == len(response["Items"])
        # Each segment reads at most 14 tiny items (< 4 KB), or none: 0.5 either way.
        assert response["ConsumedCapacity"] == {"TableName": words, "CapacityUnits": 0.5}
        segments.append(ws(response))
    seen = [w for words_in_segment in segments for w in words_in_segment]
    assert sorted(seen) == sorted(HASH_ORDER)  # every item exactly once
    # Segments are contiguous hash ranges, so in order they are the full scan.
    assert seen == HASH_ORDER


def test_parallel_scan_segments_page_on_their_own(client, words):
    paginator = client.get_paginator("scan")
    seen = []
    for segment in range(3):
        pages = list(
            paginator.paginate(TableName=words, Segment=segment, TotalSegments=3, PaginationConfig={"PageSize": 2})
        )
        for page in pages[:-1]:
            assert page["LastEvaluatedKey"] == {"w": page["Items"][-1]["w"]}
        seen += [w for page in pages for w in ws(page)]
    assert seen == HASH_ORDER


def test_scan_filter_expression(client, words):
    response = scan(client, words, FilterExpression="n > :one", ExpressionAttributeValues={":one": N(1)})
    assert ws(response) == ["hello", "äáöü", "aardman", "zapf"]
    assert (response["Count"], response["ScannedCount"]) == (4, 14)
    assert response["ConsumedCapacity"]["CapacityUnits"] == 0.5
    # Limit applies before the filter (A.2): the first five evaluated have n = 1.
    limited = scan(client, words, Limit=5, FilterExpression="n > :one", ExpressionAttributeValues={":one": N(1)})
    assert (limited["Items"], limited["Count"], limited["ScannedCount"]) == ([], 0, 5)
    assert limited["LastEvaluatedKey"] == {"w": S("6")}
    # A filter on the key is allowed in a Scan (only Query forbids it), with functions and IN.
    keyed = scan(
        client,
        words,
        FilterExpression="begins_with(w, :a) OR w IN (:x, :y) OR (size(w) = :five AND contains(w, :l))",
        ExpressionAttributeValues={":a": S("a"), ":x": S("7"), ":y": S("3"), ":five": N(5), ":l": S("l")},
    )
    assert ws(keyed) == ["hello", "aardman", "7", "3"]


def test_segment_errors(client, words):
    assert fails_with(client.scan, TableName=words, Segment=2, TotalSegments=2) == (
        "ValidationException",
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
        "Segment: 2 is not less than TotalSegments: 2",
    )
    assert fails_with(client.scan, TableName=words, Segment=0) == (
        "ValidationException",
        "The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
    )
