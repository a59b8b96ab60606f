//! The expected code for the golden tests, word for word: what each
//! generator prints for the representative requests of `golden_outputs`.

pub(super) const GOLDEN_CLI_QUERY: &str = r##"aws dynamodb query \
    --table-name Music \
    --key-condition-expression 'Artist = :artist AND begins_with(SongTitle, :prefix)' \
    --filter-expression '#y >= :year AND NOT contains(Genres, :genre)' \
    --select SPECIFIC_ATTRIBUTES \
    --projection-expression 'Artist, SongTitle, #y' \
    --expression-attribute-names '{"#y": "Year"}' \
    --expression-attribute-values '{
        ":artist": {"S": "Acme Band"},
        ":genre": {"S": "Jazz"},
        ":prefix": {"S": "B"},
        ":year": {"N": "2000"}
    }' \
    --no-scan-index-forward \
    --no-consistent-read \
    --limit 10 \
    --exclusive-start-key '{"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Bz"}}' \
    --return-consumed-capacity INDEXES \
    --no-paginate \
    --endpoint-url http://localhost:8000"##;

pub(super) const GOLDEN_CLI_PUT_ITEM: &str = r##"aws dynamodb put-item \
    --table-name Music \
    --item '{
        "AlbumTitle": {"S": "Songs About Life"},
        "Art": {"B": "iVBORw0KGgo="},
        "Artist": {"S": "Acme Band"},
        "Charts": {"L": [{"N": "1"}, {"M": {"Country": {"S": "Ísland 🎵"}}}]},
        "Explicit": {"BOOL": false},
        "Genres": {"SS": ["Pop", "Rock"]},
        "Producer": {"NULL": true},
        "SongTitle": {"S": "It'\''s a \"Happy\" Day"},
        "Year": {"N": "2004"}
    }' \
    --condition-expression 'attribute_not_exists(Artist)' \
    --return-values NONE \
    --return-consumed-capacity TOTAL"##;

pub(super) const GOLDEN_CLI_UPDATE_ITEM: &str = r##"aws dynamodb update-item \
    --table-name Music \
    --key '{"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "It'\''s a \"Happy\" Day"}}' \
    --update-expression 'SET #y = :y, Plays = if_not_exists(Plays, :zero) + :one REMOVE Producer' \
    --condition-expression 'attribute_exists(Artist) AND #y < :y' \
    --expression-attribute-names '{"#y": "Year"}' \
    --expression-attribute-values '{":one": {"N": "1"}, ":y": {"N": "2005"}, ":zero": {"N": "0"}}' \
    --return-values UPDATED_NEW \
    --return-values-on-condition-check-failure ALL_OLD"##;

pub(super) const GOLDEN_CLI_BATCH_WRITE_ITEM: &str = r##"aws dynamodb batch-write-item \
    --request-items '{
        "Music": [
            {
                "PutRequest": {
                    "Item": {
                        "AlbumTitle": {"S": "Songs About Life"},
                        "Artist": {"S": "Acme Band"},
                        "SongTitle": {"S": "Blue Sky"},
                        "Year": {"N": "2006"}
                    }
                }
            },
            {
                "PutRequest": {
                    "Item": {
                        "AlbumTitle": {"S": "Night"},
                        "Artist": {"S": "Acme Band"},
                        "SongTitle": {"S": "Moonlight\nSonata"},
                        "Year": {"N": "2008"}
                    }
                }
            },
            {"DeleteRequest": {"Key": {"Artist": {"S": "Nobody"}, "SongTitle": {"S": "Silence"}}}}
        ]
    }' \
    --return-consumed-capacity TOTAL \
    --return-item-collection-metrics SIZE"##;

pub(super) const GOLDEN_CLI_TRANSACT_WRITE_ITEMS: &str = r##"aws dynamodb transact-write-items \
    --transact-items '[
        {
            "Put": {
                "TableName": "Music",
                "Item": {
                    "Artist": {"S": "Zed"},
                    "SongTitle": {"S": "Début"},
                    "Year": {"N": "2020"}
                },
                "ConditionExpression": "attribute_not_exists(Artist)"
            }
        },
        {
            "Update": {
                "TableName": "Music",
                "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Blue Sky"}},
                "UpdateExpression": "ADD Plays :one",
                "ExpressionAttributeValues": {":one": {"N": "1"}}
            }
        },
        {
            "ConditionCheck": {
                "TableName": "Music",
                "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Moonlight\nSonata"}},
                "ConditionExpression": "attribute_exists(SongTitle)"
            }
        },
        {
            "Delete": {
                "TableName": "Music",
                "Key": {"Artist": {"S": "Nobody"}, "SongTitle": {"S": "Silence"}}
            }
        }
    ]' \
    --return-consumed-capacity TOTAL \
    --client-request-token token-Music"##;

pub(super) const GOLDEN_CLI_CREATE_TABLE: &str = r##"aws dynamodb create-table \
    --table-name Music \
    --attribute-definitions '[
        {"AttributeName": "Artist", "AttributeType": "S"},
        {"AttributeName": "SongTitle", "AttributeType": "S"}
    ]' \
    --key-schema '[
        {"AttributeName": "Artist", "KeyType": "HASH"},
        {"AttributeName": "SongTitle", "KeyType": "RANGE"}
    ]' \
    --billing-mode PAY_PER_REQUEST \
    --no-deletion-protection-enabled \
    --endpoint-url http://127.0.0.1:9000"##;

pub(super) const GOLDEN_JS_QUERY: &str = r##"import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1", endpoint: "http://localhost:8000" });

const response = await client.send(new QueryCommand({
  "TableName": "Music",
  "KeyConditionExpression": "Artist = :artist AND begins_with(SongTitle, :prefix)",
  "FilterExpression": "#y >= :year AND NOT contains(Genres, :genre)",
  "Select": "SPECIFIC_ATTRIBUTES",
  "ProjectionExpression": "Artist, SongTitle, #y",
  "ExpressionAttributeNames": {"#y": "Year"},
  "ExpressionAttributeValues": {
    ":artist": {"S": "Acme Band"},
    ":genre": {"S": "Jazz"},
    ":prefix": {"S": "B"},
    ":year": {"N": "2000"}
  },
  "ScanIndexForward": false,
  "ConsistentRead": false,
  "Limit": 10,
  "ExclusiveStartKey": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Bz"}},
  "ReturnConsumedCapacity": "INDEXES"
}));
console.log(JSON.stringify(response, null, 2));
"##;

pub(super) const GOLDEN_JS_PUT_ITEM: &str = r##"import { DynamoDBClient, PutItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1" });

const response = await client.send(new PutItemCommand({
  "TableName": "Music",
  "Item": {
    "AlbumTitle": {"S": "Songs About Life"},
    "Art": {"B": Buffer.from("iVBORw0KGgo=", "base64")},
    "Artist": {"S": "Acme Band"},
    "Charts": {"L": [{"N": "1"}, {"M": {"Country": {"S": "Ísland 🎵"}}}]},
    "Explicit": {"BOOL": false},
    "Genres": {"SS": ["Pop", "Rock"]},
    "Producer": {"NULL": true},
    "SongTitle": {"S": "It's a \"Happy\" Day"},
    "Year": {"N": "2004"}
  },
  "ConditionExpression": "attribute_not_exists(Artist)",
  "ReturnValues": "NONE",
  "ReturnConsumedCapacity": "TOTAL"
}));
console.log(JSON.stringify(response, null, 2));
"##;

pub(super) const GOLDEN_JS_UPDATE_ITEM: &str = r##"import { DynamoDBClient, UpdateItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1" });

const response = await client.send(new UpdateItemCommand({
  "TableName": "Music",
  "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "It's a \"Happy\" Day"}},
  "UpdateExpression": "SET #y = :y, Plays = if_not_exists(Plays, :zero) + :one REMOVE Producer",
  "ConditionExpression": "attribute_exists(Artist) AND #y < :y",
  "ExpressionAttributeNames": {"#y": "Year"},
  "ExpressionAttributeValues": {":one": {"N": "1"}, ":y": {"N": "2005"}, ":zero": {"N": "0"}},
  "ReturnValues": "UPDATED_NEW",
  "ReturnValuesOnConditionCheckFailure": "ALL_OLD"
}));
console.log(JSON.stringify(response, null, 2));
"##;

pub(super) const GOLDEN_JS_BATCH_WRITE_ITEM: &str = r##"import { DynamoDBClient, BatchWriteItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1" });

const response = await client.send(new BatchWriteItemCommand({
  "RequestItems": {
    "Music": [
      {
        "PutRequest": {
          "Item": {
            "AlbumTitle": {"S": "Songs About Life"},
            "Artist": {"S": "Acme Band"},
            "SongTitle": {"S": "Blue Sky"},
            "Year": {"N": "2006"}
          }
        }
      },
      {
        "PutRequest": {
          "Item": {
            "AlbumTitle": {"S": "Night"},
            "Artist": {"S": "Acme Band"},
            "SongTitle": {"S": "Moonlight\nSonata"},
            "Year": {"N": "2008"}
          }
        }
      },
      {"DeleteRequest": {"Key": {"Artist": {"S": "Nobody"}, "SongTitle": {"S": "Silence"}}}}
    ]
  },
  "ReturnConsumedCapacity": "TOTAL",
  "ReturnItemCollectionMetrics": "SIZE"
}));
console.log(JSON.stringify(response, null, 2));
"##;

pub(super) const GOLDEN_JS_TRANSACT_WRITE_ITEMS: &str = r##"import { DynamoDBClient, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1" });

const response = await client.send(new TransactWriteItemsCommand({
  "TransactItems": [
    {
      "Put": {
        "TableName": "Music",
        "Item": {"Artist": {"S": "Zed"}, "SongTitle": {"S": "Début"}, "Year": {"N": "2020"}},
        "ConditionExpression": "attribute_not_exists(Artist)"
      }
    },
    {
      "Update": {
        "TableName": "Music",
        "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Blue Sky"}},
        "UpdateExpression": "ADD Plays :one",
        "ExpressionAttributeValues": {":one": {"N": "1"}}
      }
    },
    {
      "ConditionCheck": {
        "TableName": "Music",
        "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Moonlight\nSonata"}},
        "ConditionExpression": "attribute_exists(SongTitle)"
      }
    },
    {
      "Delete": {
        "TableName": "Music",
        "Key": {"Artist": {"S": "Nobody"}, "SongTitle": {"S": "Silence"}}
      }
    }
  ],
  "ReturnConsumedCapacity": "TOTAL",
  "ClientRequestToken": "token-Music"
}));
console.log(JSON.stringify(response, null, 2));
"##;

pub(super) const GOLDEN_JS_CREATE_TABLE: &str = r##"import { DynamoDBClient, CreateTableCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1", endpoint: "http://127.0.0.1:9000" });

const response = await client.send(new CreateTableCommand({
  "TableName": "Music",
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
}));
console.log(JSON.stringify(response, null, 2));
"##;

pub(super) const GOLDEN_PY_QUERY: &str = r##"import boto3

client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url="http://localhost:8000")

response = client.query(
    TableName="Music",
    KeyConditionExpression="Artist = :artist AND begins_with(SongTitle, :prefix)",
    FilterExpression="#y >= :year AND NOT contains(Genres, :genre)",
    Select="SPECIFIC_ATTRIBUTES",
    ProjectionExpression="Artist, SongTitle, #y",
    ExpressionAttributeNames={"#y": "Year"},
    ExpressionAttributeValues={
        ":artist": {"S": "Acme Band"},
        ":genre": {"S": "Jazz"},
        ":prefix": {"S": "B"},
        ":year": {"N": "2000"}
    },
    ScanIndexForward=False,
    ConsistentRead=False,
    Limit=10,
    ExclusiveStartKey={"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Bz"}},
    ReturnConsumedCapacity="INDEXES",
)
print(response)
"##;

pub(super) const GOLDEN_PY_PUT_ITEM: &str = r##"import boto3

client = boto3.client("dynamodb", region_name="us-east-1")

response = client.put_item(
    TableName="Music",
    Item={
        "AlbumTitle": {"S": "Songs About Life"},
        "Art": {"B": b"\x89PNG\r\n\x1a\n"},
        "Artist": {"S": "Acme Band"},
        "Charts": {"L": [{"N": "1"}, {"M": {"Country": {"S": "Ísland 🎵"}}}]},
        "Explicit": {"BOOL": False},
        "Genres": {"SS": ["Pop", "Rock"]},
        "Producer": {"NULL": True},
        "SongTitle": {"S": "It's a \"Happy\" Day"},
        "Year": {"N": "2004"}
    },
    ConditionExpression="attribute_not_exists(Artist)",
    ReturnValues="NONE",
    ReturnConsumedCapacity="TOTAL",
)
print(response)
"##;

pub(super) const GOLDEN_PY_UPDATE_ITEM: &str = r##"import boto3

client = boto3.client("dynamodb", region_name="us-east-1")

response = client.update_item(
    TableName="Music",
    Key={"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "It's a \"Happy\" Day"}},
    UpdateExpression="SET #y = :y, Plays = if_not_exists(Plays, :zero) + :one REMOVE Producer",
    ConditionExpression="attribute_exists(Artist) AND #y < :y",
    ExpressionAttributeNames={"#y": "Year"},
    ExpressionAttributeValues={":one": {"N": "1"}, ":y": {"N": "2005"}, ":zero": {"N": "0"}},
    ReturnValues="UPDATED_NEW",
    ReturnValuesOnConditionCheckFailure="ALL_OLD",
)
print(response)
"##;

pub(super) const GOLDEN_PY_BATCH_WRITE_ITEM: &str = r##"import boto3

client = boto3.client("dynamodb", region_name="us-east-1")

response = client.batch_write_item(
    RequestItems={
        "Music": [
            {
                "PutRequest": {
                    "Item": {
                        "AlbumTitle": {"S": "Songs About Life"},
                        "Artist": {"S": "Acme Band"},
                        "SongTitle": {"S": "Blue Sky"},
                        "Year": {"N": "2006"}
                    }
                }
            },
            {
                "PutRequest": {
                    "Item": {
                        "AlbumTitle": {"S": "Night"},
                        "Artist": {"S": "Acme Band"},
                        "SongTitle": {"S": "Moonlight\nSonata"},
                        "Year": {"N": "2008"}
                    }
                }
            },
            {"DeleteRequest": {"Key": {"Artist": {"S": "Nobody"}, "SongTitle": {"S": "Silence"}}}}
        ]
    },
    ReturnConsumedCapacity="TOTAL",
    ReturnItemCollectionMetrics="SIZE",
)
print(response)
"##;

pub(super) const GOLDEN_PY_TRANSACT_WRITE_ITEMS: &str = r##"import boto3

client = boto3.client("dynamodb", region_name="us-east-1")

response = client.transact_write_items(
    TransactItems=[
        {
            "Put": {
                "TableName": "Music",
                "Item": {
                    "Artist": {"S": "Zed"},
                    "SongTitle": {"S": "Début"},
                    "Year": {"N": "2020"}
                },
                "ConditionExpression": "attribute_not_exists(Artist)"
            }
        },
        {
            "Update": {
                "TableName": "Music",
                "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Blue Sky"}},
                "UpdateExpression": "ADD Plays :one",
                "ExpressionAttributeValues": {":one": {"N": "1"}}
            }
        },
        {
            "ConditionCheck": {
                "TableName": "Music",
                "Key": {"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Moonlight\nSonata"}},
                "ConditionExpression": "attribute_exists(SongTitle)"
            }
        },
        {
            "Delete": {
                "TableName": "Music",
                "Key": {"Artist": {"S": "Nobody"}, "SongTitle": {"S": "Silence"}}
            }
        }
    ],
    ReturnConsumedCapacity="TOTAL",
    ClientRequestToken="token-Music",
)
print(response)
"##;

pub(super) const GOLDEN_PY_CREATE_TABLE: &str = r##"import boto3

client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url="http://127.0.0.1:9000")

response = client.create_table(
    TableName="Music",
    AttributeDefinitions=[
        {"AttributeName": "Artist", "AttributeType": "S"},
        {"AttributeName": "SongTitle", "AttributeType": "S"}
    ],
    KeySchema=[
        {"AttributeName": "Artist", "KeyType": "HASH"},
        {"AttributeName": "SongTitle", "KeyType": "RANGE"}
    ],
    BillingMode="PAY_PER_REQUEST",
    DeletionProtectionEnabled=False,
)
print(response)
"##;
