//! Tests for the code generators: golden outputs, names, quoting, and
//! round trips. Every generated form is read back (the shell words of the
//! CLI command, the object literal of the JavaScript and Python snippets)
//! and must give the request again. Where `bash`, `python3` or `node` are
//! installed, the snippets also run for real against stand-in `aws`,
//! `boto3` and `@aws-sdk/client-dynamodb` modules that print what they were
//! given; without them those tests pass without checking.

use serde_json::{json, Value};

use super::literal::{compact, quote, render, Dialect, Layout};
use super::*;

/// A session against one table, in an order that runs: every operation.
fn session(table: &str) -> Vec<(&'static str, Value)> {
    vec![
        (
            "CreateTable",
            json!({
                "TableName": table,
                "AttributeDefinitions": [
                    {"AttributeName": "Artist", "AttributeType": "S"},
                    {"AttributeName": "SongTitle", "AttributeType": "S"}
                ],
                "KeySchema": [
                    {"AttributeName": "Artist", "KeyType": "HASH"},
                    {"AttributeName": "SongTitle", "KeyType": "RANGE"}
                ],
                "BillingMode": "PAY_PER_REQUEST",
                "DeletionProtectionEnabled": false
            }),
        ),
        ("DescribeTable", json!({"TableName": table})),
        ("ListTables", json!({"Limit": 5})),
        (
            "PutItem",
            json!({
                "TableName": table,
                "Item": {
                    "Artist": {"S": "Acme Band"},
                    "SongTitle": {"S": "It's a \"Happy\" Day"},
                    "AlbumTitle": {"S": "Songs About Life"},
                    "Year": {"N": "2004"},
                    "Explicit": {"BOOL": false},
                    "Producer": {"NULL": true},
                    "Genres": {"SS": ["Pop", "Rock"]},
                    "Charts": {"L": [{"N": "1"}, {"M": {"Country": {"S": "Ísland 🎵"}}}]},
                    "Art": {"B": "iVBORw0KGgo="}
                },
                "ConditionExpression": "attribute_not_exists(Artist)",
                "ReturnValues": "NONE",
                "ReturnConsumedCapacity": "TOTAL"
            }),
        ),
        (
            "UpdateItem",
            json!({
                "TableName": table,
                "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "It's a \"Happy\" Day"}},
                "UpdateExpression": "SET #y = :y, Plays = if_not_exists(Plays, :zero) + :one REMOVE Producer",
                "ConditionExpression": "attribute_exists(Artist) AND #y < :y",
                "ExpressionAttributeNames": {"#y": "Year"},
                "ExpressionAttributeValues": {":y": {"N": "2005"}, ":zero": {"N": "0"}, ":one": {"N": "1"}},
                "ReturnValues": "UPDATED_NEW",
                "ReturnValuesOnConditionCheckFailure": "ALL_OLD"
            }),
        ),
        (
            "GetItem",
            json!({
                "TableName": table,
                "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "It's a \"Happy\" Day"}},
                "ProjectionExpression": "Artist, #y, Charts[1].Country, Art",
                "ExpressionAttributeNames": {"#y": "Year"},
                "ConsistentRead": true
            }),
        ),
        (
            "BatchWriteItem",
            json!({
                "RequestItems": {
                    table: [
                        {"PutRequest": {"Item": {
                            "Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Blue Sky"},
                            "AlbumTitle": {"S": "Songs About Life"}, "Year": {"N": "2006"}
                        }}},
                        {"PutRequest": {"Item": {
                            "Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Moonlight\nSonata"},
                            "AlbumTitle": {"S": "Night"}, "Year": {"N": "2008"}
                        }}},
                        {"DeleteRequest": {"Key": {"Artist": {"S": "Nobody"}, "SongTitle": {"S": "Silence"}}}}
                    ]
                },
                "ReturnConsumedCapacity": "TOTAL",
                "ReturnItemCollectionMetrics": "SIZE"
            }),
        ),
        (
            "Query",
            json!({
                "TableName": table,
                "KeyConditionExpression": "Artist = :artist AND begins_with(SongTitle, :prefix)",
                "FilterExpression": "#y >= :year AND NOT contains(Genres, :genre)",
                "ProjectionExpression": "Artist, SongTitle, #y",
                "ExpressionAttributeNames": {"#y": "Year"},
                "ExpressionAttributeValues": {
                    ":artist": {"S": "Acme Band"},
                    ":prefix": {"S": "B"},
                    ":year": {"N": "2000"},
                    ":genre": {"S": "Jazz"}
                },
                "Select": "SPECIFIC_ATTRIBUTES",
                "ScanIndexForward": false,
                "ConsistentRead": false,
                "Limit": 10,
                "ExclusiveStartKey": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Bz"}},
                "ReturnConsumedCapacity": "INDEXES"
            }),
        ),
        (
            "Scan",
            json!({
                "TableName": table,
                "FilterExpression": "#y BETWEEN :lo AND :hi",
                "ExpressionAttributeNames": {"#y": "Year"},
                "ExpressionAttributeValues": {":lo": {"N": "2000"}, ":hi": {"N": "2010"}},
                "Segment": 0,
                "TotalSegments": 2,
                "Limit": 100,
                "ReturnConsumedCapacity": "TOTAL"
            }),
        ),
        (
            "BatchGetItem",
            json!({
                "RequestItems": {
                    table: {
                        "Keys": [
                            {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Blue Sky"}},
                            {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Moonlight\nSonata"}}
                        ],
                        "ProjectionExpression": "SongTitle, #y",
                        "ExpressionAttributeNames": {"#y": "Year"},
                        "ConsistentRead": true
                    }
                },
                "ReturnConsumedCapacity": "TOTAL"
            }),
        ),
        (
            "TransactWriteItems",
            json!({
                "TransactItems": [
                    {"Put": {
                        "TableName": table,
                        "Item": {"Artist": {"S": "Zed"}, "SongTitle": {"S": "Début"}, "Year": {"N": "2020"}},
                        "ConditionExpression": "attribute_not_exists(Artist)"
                    }},
                    {"Update": {
                        "TableName": table,
                        "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Blue Sky"}},
                        "UpdateExpression": "ADD Plays :one",
                        "ExpressionAttributeValues": {":one": {"N": "1"}}
                    }},
                    {"ConditionCheck": {
                        "TableName": table,
                        "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Moonlight\nSonata"}},
                        "ConditionExpression": "attribute_exists(SongTitle)"
                    }},
                    {"Delete": {
                        "TableName": table,
                        "Key": {"Artist": {"S": "Nobody"}, "SongTitle": {"S": "Silence"}}
                    }}
                ],
                "ClientRequestToken": format!("token-{table}"),
                "ReturnConsumedCapacity": "TOTAL"
            }),
        ),
        (
            "TransactGetItems",
            json!({
                "TransactItems": [
                    {"Get": {"TableName": table, "Key": {"Artist": {"S": "Zed"}, "SongTitle": {"S": "Début"}}}},
                    {"Get": {
                        "TableName": table,
                        "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Blue Sky"}},
                        "ProjectionExpression": "Plays"
                    }}
                ]
            }),
        ),
        (
            "DeleteItem",
            json!({
                "TableName": table,
                "Key": {"Artist": {"S": "Zed"}, "SongTitle": {"S": "Début"}},
                "ConditionExpression": "#y = :y",
                "ExpressionAttributeNames": {"#y": "Year"},
                "ExpressionAttributeValues": {":y": {"N": "2020"}},
                "ReturnValues": "ALL_OLD"
            }),
        ),
        (
            "UpdateTable",
            json!({
                "TableName": table,
                "BillingMode": "PROVISIONED",
                "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}
            }),
        ),
        ("DeleteTable", json!({"TableName": table})),
    ]
}

/// Requests whose strings need every kind of quoting.
fn edge_cases() -> Vec<(&'static str, Value)> {
    let nasty = "it's \"quoted\" \\ back\\slash\nline2\ttab\r\u{0}\u{7}\u{7f}\u{85}\u{2028}🎵 $(echo pwned) `id` ${HOME} !event *glob ~tilde {a,b} ;&|<>";
    vec![
        (
            "PutItem",
            json!({
                "TableName": "-dash.table_1",
                "Item": {
                    "pk": {"S": nasty},
                    "naïve ñame": {"S": "日本語 Ísland"},
                    "it's": {"SS": ["'", "''", "'\\''", "\"'\""]},
                    "empty": {"S": ""},
                    "bin": {"B": "AP8QIA=="},
                    "bins": {"BS": ["AA==", "/w==", "Ig=="]},
                    "notbin": {"B": "not base64!"},
                    "big": {"N": "-1.5E+100"}
                },
                "ConditionExpression": "attribute_not_exists(pk) OR #n <> :v",
                "ExpressionAttributeNames": {"#n": "naïve ñame"},
                "ExpressionAttributeValues": {":v": {"S": nasty}},
                "ReturnValues": "ALL_OLD"
            }),
        ),
        (
            "UpdateItem",
            json!({
                "TableName": "t",
                "Key": {"pk": {"S": "'"}},
                "UpdateExpression": "SET #n = :v,\n    b = :w",
                "ProjectionExpression": "a, 'b'",
                "ExpressionAttributeNames": {"#n": "it's"},
                "ExpressionAttributeValues": {":v": {"S": "x"}, ":w": {"NULL": true}},
                "FooBarBaz": "unknown member",
                "SSESpecification": {"Enabled": true},
                "ReturnValues": null
            }),
        ),
        ("ListTables", json!({"ExclusiveStartTableName": "-x", "Limit": -1})),
        ("GetItem", json!({"TableName": "t", "not-an-identifier": 1, "None": true, "Odd Name": "'x'"})),
        ("Scan", json!({"TableName": "", "ConsistentRead": false, "Limit": 1.5})),
    ]
}

mod golden_outputs;
mod goldens;
mod names;
mod quoting;
mod reading_back;
mod robustness;
mod round_trips;
#[cfg(not(target_arch = "wasm32"))]
mod running;
