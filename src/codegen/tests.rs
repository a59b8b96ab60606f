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

// ---- reading the generated code back -------------------------------------------

/// Splits a POSIX shell command line into words the way the shell does for
/// what [`aws_cli`] prints: single quotes, `\`-escapes, line continuations.
/// Any character a shell would interpret, unquoted, fails the test.
fn shell_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                let mut closed = false;
                for q in chars.by_ref() {
                    if q == '\'' {
                        closed = true;
                        break;
                    }
                    w.push(q);
                }
                assert!(closed, "unterminated quote in {text}");
            }
            '\\' => match chars.next() {
                Some('\n') => {}
                Some(escaped) => word.get_or_insert_with(String::new).push(escaped),
                None => panic!("trailing backslash in {text}"),
            },
            ' ' | '\n' => words.extend(word.take()),
            c if c.is_ascii_alphanumeric() || "_./:@%+,-=".contains(c) => word.get_or_insert_with(String::new).push(c),
            c => panic!("unquoted {c:?} in {text}"),
        }
    }
    words.extend(word);
    words
}

/// The request an `aws dynamodb` command sends, read back from its words
/// knowing the request it should be (for the option types), and the
/// options that are not request members.
fn cli_request(words: &[String], expected: &Value) -> (Value, Vec<String>) {
    let mut request = serde_json::Map::new();
    let mut extra = Vec::new();
    let mut i = 3;
    while let Some(word) = words.get(i) {
        i += 1;
        let option = word.strip_prefix("--").unwrap_or_else(|| panic!("not an option: {word}"));
        let (name, value) = match option.split_once('=') {
            Some((name, value)) => (name.to_string(), Some(value.to_string())),
            None if words.get(i).is_some_and(|next| !next.starts_with('-')) => {
                i += 1;
                (option.to_string(), words.get(i - 1).cloned())
            }
            None => (option.to_string(), None),
        };
        let member = ordered_members(expected).into_iter().find_map(|(member, value)| {
            let cli = xform_name(member, '-');
            (cli == name || format!("no-{cli}") == name).then_some((member, value))
        });
        let Some((member, shape)) = member else {
            extra.push(match value {
                Some(value) => format!("--{name} {value}"),
                None => format!("--{name}"),
            });
            continue;
        };
        let parsed = match (shape, value) {
            (Value::Bool(_), None) => Value::Bool(!name.starts_with("no-")),
            (Value::String(_), Some(text)) => Value::String(text),
            (Value::Number(_), Some(text)) => serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}")),
            (_, Some(text)) => serde_json::from_str(&text).unwrap_or_else(|e| panic!("--{name} {text}: {e}")),
            (shape, None) => panic!("--{name} has no value but {member} is {shape}"),
        };
        assert!(request.insert(member.to_string(), parsed).is_none(), "{member} twice");
    }
    (Value::Object(request), extra)
}

/// JavaScript or Python literal text → JSON text: `True`/`False`/`None`
/// become JSON's, `Buffer.from("…", "base64")` its string, and a Python
/// bytes literal its base64. Strings are copied as they are, since their
/// escapes are JSON's. Any other identifier fails the test.
fn literal_to_json(code: &str) -> String {
    use base64::Engine as _;
    let mut out = String::new();
    let mut rest = code;
    while let Some(c) = rest.chars().next() {
        if c == '"' {
            let (string, after) = split_string(rest);
            out.push_str(string);
            rest = after;
        } else if let Some(after) = rest.strip_prefix("b\"") {
            let (bytes, after) = python_bytes_value(after);
            out.push_str(&quote(&base64::engine::general_purpose::STANDARD.encode(bytes)));
            rest = after;
        } else if let Some(after) = rest.strip_prefix("Buffer.from(") {
            let (string, after) = split_string(after);
            out.push_str(string);
            rest = after.strip_prefix(", \"base64\")").unwrap_or_else(|| panic!("odd Buffer.from in {code}"));
        } else if c.is_ascii_alphabetic() {
            let word: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            out.push_str(match word.as_str() {
                "True" | "true" => "true",
                "False" | "false" => "false",
                "None" | "null" => "null",
                other => panic!("identifier {other} in a literal: {code}"),
            });
            rest = &rest[word.len()..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// A `"…"` literal at the start of `text`, and the text after it.
fn split_string(text: &str) -> (&str, &str) {
    let mut escaped = false;
    for (i, c) in text.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return text.split_at(i + 1),
            _ => {}
        }
    }
    panic!("unterminated string: {text}")
}

/// The bytes of a Python bytes literal after its `b"`, and the text after it.
fn python_bytes_value(text: &str) -> (Vec<u8>, &str) {
    let mut bytes = Vec::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (bytes, &text[i + 1..]),
            '\\' => match chars.next().map(|(_, c)| c) {
                Some('x') => {
                    let hex: String = chars.by_ref().take(2).map(|(_, c)| c).collect();
                    bytes.push(u8::from_str_radix(&hex, 16).unwrap_or_else(|e| panic!("\\x{hex}: {e}")));
                }
                Some('n') => bytes.push(b'\n'),
                Some('r') => bytes.push(b'\r'),
                Some('t') => bytes.push(b'\t'),
                Some(c @ ('\\' | '"')) => bytes.push(c as u8),
                other => panic!("escape {other:?} in bytes"),
            },
            c if c.is_ascii() && !c.is_ascii_control() => bytes.push(c as u8),
            c => panic!("{c:?} in a bytes literal"),
        }
    }
    panic!("unterminated bytes literal")
}

/// The object literal passed to the command in a JavaScript snippet.
fn javascript_input(code: &str, operation: &str) -> Value {
    let call = format!("const response = await client.send(new {operation}Command(");
    let start = code.find(&call).map(|i| i + call.len()).unwrap_or_else(|| panic!("no call in {code}"));
    let end = code.rfind("));\nconsole.log(").unwrap_or_else(|| panic!("no end in {code}"));
    let json = literal_to_json(&code[start..end]);
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

/// The arguments of the call in a Python snippet, as a JSON object.
fn python_input(code: &str, method: &str) -> Value {
    let call = format!("response = client.{method}(");
    let start = code.find(&call).map(|i| i + call.len()).unwrap_or_else(|| panic!("no call in {code}"));
    let end = code.rfind(")\nprint(response)").unwrap_or_else(|| panic!("no end in {code}"));
    let arguments = &code[start..end];
    let object = if let Some(object) = arguments.strip_prefix("**") {
        object.to_string()
    } else if arguments.is_empty() {
        "{}".to_string()
    } else {
        // Keyword arguments: `    Name=value,` lines at one indentation.
        let mut object = String::from("{");
        for line in arguments.lines() {
            let keyword = line
                .strip_prefix("    ")
                .filter(|l| !l.starts_with(' '))
                .and_then(|l| l.split_once('='))
                .filter(|(name, _)| name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'));
            match keyword {
                Some((name, value)) => object.push_str(&format!("\n{}: {value}", quote(name))),
                None => object.push_str(&format!("\n{line}")),
            }
        }
        let trimmed = object.trim_end().strip_suffix(',').unwrap_or_else(|| panic!("no trailing comma: {code}"));
        format!("{trimmed}\n}}")
    };
    let json = literal_to_json(&object);
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

/// The request as the generated code must send it: top-level `null`s left
/// out, a body that is not an object empty.
fn sent(request: &Value) -> Value {
    Value::Object(ordered_members(request).into_iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
}

fn all_requests() -> Vec<(&'static str, Value)> {
    let mut all = session("Music");
    all.extend(edge_cases());
    all
}

// ---- names ---------------------------------------------------------------------

#[test]
fn xform_name_matches_botocore() {
    let cases = [
        ("Query", "query", "query"),
        ("BatchWriteItem", "batch-write-item", "batch_write_item"),
        ("TransactGetItems", "transact-get-items", "transact_get_items"),
        ("ListTables", "list-tables", "list_tables"),
        ("TableName", "table-name", "table_name"),
        ("ExpressionAttributeValues", "expression-attribute-values", "expression_attribute_values"),
        (
            "ReturnValuesOnConditionCheckFailure",
            "return-values-on-condition-check-failure",
            "return_values_on_condition_check_failure",
        ),
        ("SSESpecification", "sse-specification", "sse_specification"),
        ("GlobalSecondaryIndexUpdates", "global-secondary-index-updates", "global_secondary_index_updates"),
        ("ExclusiveStartKey", "exclusive-start-key", "exclusive_start_key"),
        ("DeletionProtectionEnabled", "deletion-protection-enabled", "deletion_protection_enabled"),
        // botocore's own examples of the three rules.
        ("GatewayARNs", "gateway-arns", "gateway_arns"),
        ("ListWebACLs", "list-web-acls", "list_web_acls"),
        ("DescribeDBInstances", "describe-db-instances", "describe_db_instances"),
        ("CreateIAMRole", "create-iam-role", "create_iam_role"),
        ("S3Bucket", "s3-bucket", "s3_bucket"),
        ("Already-kebab", "Already-kebab", "already-kebab"),
        ("", "", ""),
        ("x", "x", "x"),
        ("ÄbcDef", "äbc-def", "äbc_def"),
    ];
    for (name, kebab, snake) in cases {
        assert_eq!(xform_name(name, '-'), kebab, "{name}");
        assert_eq!(xform_name(name, '_'), snake, "{name}");
    }
}

#[test]
fn operation_names_are_sanitised() {
    let cases = [
        ("Query", "Query"),
        ("query", "Query"),
        ("Batch Write-Item!", "BatchWriteItem"),
        ("9Lives", "Lives"),
        ("", "Unknown"),
        ("'; rm -rf / #", "Rmrf"),
        ("Ünïcode", "Ncode"),
    ];
    for (given, expected) in cases {
        assert_eq!(operation_name(given), expected, "{given}");
    }
}

// ---- golden outputs ------------------------------------------------------------

fn request(operation: &str) -> Value {
    session("Music").into_iter().find(|(op, _)| *op == operation).map(|(_, r)| r).unwrap_or(Value::Null)
}

#[test]
fn golden_aws_cli() {
    let cases: [(&str, Option<&str>, &str); 6] = [
        ("Query", Some(LOCAL_ENDPOINT), GOLDEN_CLI_QUERY),
        ("PutItem", None, GOLDEN_CLI_PUT_ITEM),
        ("UpdateItem", None, GOLDEN_CLI_UPDATE_ITEM),
        ("BatchWriteItem", None, GOLDEN_CLI_BATCH_WRITE_ITEM),
        ("TransactWriteItems", None, GOLDEN_CLI_TRANSACT_WRITE_ITEMS),
        ("CreateTable", Some("http://127.0.0.1:9000"), GOLDEN_CLI_CREATE_TABLE),
    ];
    for (operation, endpoint, expected) in cases {
        assert_eq!(aws_cli(operation, &request(operation), endpoint), expected, "{operation}");
    }
}

#[test]
fn golden_javascript() {
    let cases: [(&str, Option<&str>, &str); 6] = [
        ("Query", Some(LOCAL_ENDPOINT), GOLDEN_JS_QUERY),
        ("PutItem", None, GOLDEN_JS_PUT_ITEM),
        ("UpdateItem", None, GOLDEN_JS_UPDATE_ITEM),
        ("BatchWriteItem", None, GOLDEN_JS_BATCH_WRITE_ITEM),
        ("TransactWriteItems", None, GOLDEN_JS_TRANSACT_WRITE_ITEMS),
        ("CreateTable", Some("http://127.0.0.1:9000"), GOLDEN_JS_CREATE_TABLE),
    ];
    for (operation, endpoint, expected) in cases {
        assert_eq!(javascript_v3(operation, &request(operation), endpoint), expected, "{operation}");
    }
}

#[test]
fn golden_python() {
    let cases: [(&str, Option<&str>, &str); 6] = [
        ("Query", Some(LOCAL_ENDPOINT), GOLDEN_PY_QUERY),
        ("PutItem", None, GOLDEN_PY_PUT_ITEM),
        ("UpdateItem", None, GOLDEN_PY_UPDATE_ITEM),
        ("BatchWriteItem", None, GOLDEN_PY_BATCH_WRITE_ITEM),
        ("TransactWriteItems", None, GOLDEN_PY_TRANSACT_WRITE_ITEMS),
        ("CreateTable", Some("http://127.0.0.1:9000"), GOLDEN_PY_CREATE_TABLE),
    ];
    for (operation, endpoint, expected) in cases {
        assert_eq!(python_boto3(operation, &request(operation), endpoint), expected, "{operation}");
    }
}

/// The command and option names of every operation, against the AWS CLI
/// reference.
#[test]
fn cli_commands_and_options_for_every_operation() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "CreateTable",
            "create-table",
            &[
                "--table-name",
                "--attribute-definitions",
                "--key-schema",
                "--billing-mode",
                "--no-deletion-protection-enabled",
            ],
        ),
        ("DescribeTable", "describe-table", &["--table-name"]),
        ("ListTables", "list-tables", &["--limit", "--no-paginate"]),
        (
            "PutItem",
            "put-item",
            &["--table-name", "--item", "--condition-expression", "--return-values", "--return-consumed-capacity"],
        ),
        (
            "UpdateItem",
            "update-item",
            &[
                "--table-name",
                "--key",
                "--update-expression",
                "--condition-expression",
                "--expression-attribute-names",
                "--expression-attribute-values",
                "--return-values",
                "--return-values-on-condition-check-failure",
            ],
        ),
        (
            "GetItem",
            "get-item",
            &["--table-name", "--key", "--projection-expression", "--expression-attribute-names", "--consistent-read"],
        ),
        (
            "BatchWriteItem",
            "batch-write-item",
            &["--request-items", "--return-consumed-capacity", "--return-item-collection-metrics"],
        ),
        (
            "Query",
            "query",
            &[
                "--table-name",
                "--key-condition-expression",
                "--filter-expression",
                "--select",
                "--projection-expression",
                "--expression-attribute-names",
                "--expression-attribute-values",
                "--no-scan-index-forward",
                "--no-consistent-read",
                "--limit",
                "--exclusive-start-key",
                "--return-consumed-capacity",
                "--no-paginate",
            ],
        ),
        (
            "Scan",
            "scan",
            &[
                "--table-name",
                "--filter-expression",
                "--expression-attribute-names",
                "--expression-attribute-values",
                "--segment",
                "--total-segments",
                "--limit",
                "--return-consumed-capacity",
                "--no-paginate",
            ],
        ),
        ("BatchGetItem", "batch-get-item", &["--request-items", "--return-consumed-capacity"]),
        (
            "TransactWriteItems",
            "transact-write-items",
            &["--transact-items", "--return-consumed-capacity", "--client-request-token"],
        ),
        ("TransactGetItems", "transact-get-items", &["--transact-items"]),
        (
            "DeleteItem",
            "delete-item",
            &[
                "--table-name",
                "--key",
                "--condition-expression",
                "--expression-attribute-names",
                "--expression-attribute-values",
                "--return-values",
            ],
        ),
        ("UpdateTable", "update-table", &["--table-name", "--billing-mode", "--provisioned-throughput"]),
        ("DeleteTable", "delete-table", &["--table-name"]),
    ];
    let session = session("Music");
    assert_eq!(session.len(), cases.len());
    for ((operation, command, options), (op, request)) in cases.iter().zip(&session) {
        assert_eq!(operation, op);
        let words = shell_words(&aws_cli(operation, request, None));
        assert_eq!(words.get(..3), Some(&["aws".to_string(), "dynamodb".to_string(), command.to_string()][..]));
        let got: Vec<&str> =
            words.iter().filter(|w| w.starts_with("--")).map(|w| w.split('=').next().unwrap_or(w)).collect();
        assert_eq!(got, options.to_vec(), "{operation}");
    }
}

// ---- round trips ---------------------------------------------------------------

#[test]
fn cli_round_trips() {
    for (operation, request) in all_requests() {
        for endpoint in [None, Some(LOCAL_ENDPOINT), Some("http://[::1]:8000/a b's")] {
            let command = aws_cli(operation, &request, endpoint);
            let words = shell_words(&command);
            assert_eq!(words.get(2), Some(&xform_name(operation, '-')), "{command}");
            let (back, extra) = cli_request(&words, &request);
            assert_eq!(back, sent(&request), "{command}");
            let mut expected_extra = Vec::new();
            if ["Query", "Scan", "ListTables"].contains(&operation) && request.get("Limit").is_some() {
                expected_extra.push("--no-paginate".to_string());
            }
            if let Some(url) = endpoint {
                expected_extra.push(format!("--endpoint-url {url}"));
            }
            assert_eq!(extra, expected_extra, "{command}");
        }
    }
}

#[test]
fn javascript_round_trips() {
    for (operation, request) in all_requests() {
        let code = javascript_v3(operation, &request, Some(LOCAL_ENDPOINT));
        assert!(code.starts_with(&format!(
            "import {{ DynamoDBClient, {operation}Command }} from \"@aws-sdk/client-dynamodb\";\n\n\
             const client = new DynamoDBClient({{ region: \"us-east-1\", endpoint: \"http://localhost:8000\" }});\n"
        )));
        assert_eq!(javascript_input(&code, operation), sent(&request), "{code}");
    }
}

#[test]
fn python_round_trips() {
    for (operation, request) in all_requests() {
        let code = python_boto3(operation, &request, None);
        assert!(code.starts_with("import boto3\n\nclient = boto3.client(\"dynamodb\", region_name=\"us-east-1\")\n\n"));
        assert!(code.ends_with(")\nprint(response)\n"));
        assert_eq!(python_input(&code, &xform_name(operation, '_')), sent(&request), "{code}");
    }
}

#[test]
fn python_falls_back_to_a_dict_for_odd_member_names() {
    let request = json!({"TableName": "t", "not-an-identifier": 1, "None": true, "ok": null});
    let code = python_boto3("GetItem", &request, None);
    assert_eq!(
        code,
        "import boto3\n\nclient = boto3.client(\"dynamodb\", region_name=\"us-east-1\")\n\n\
         response = client.get_item(**{\"TableName\": \"t\", \"None\": True, \"not-an-identifier\": 1})\nprint(response)\n"
    );
    assert_eq!(python_input(&code, "get_item"), json!({"TableName": "t", "not-an-identifier": 1, "None": true}));
}

// ---- quoting ---------------------------------------------------------------------

#[test]
fn shell_quoting() {
    let cases = [
        ("Music", "Music"),
        ("a.b-c_d/e:f@g%h+i,j", "a.b-c_d/e:f@g%h+i,j"),
        ("", "''"),
        ("it's", r"'it'\''s'"),
        ("'", r"''\'''"),
        ("a b", "'a b'"),
        ("$HOME `id` $(id) !x *", "'$HOME `id` $(id) !x *'"),
        ("line\nbreak", "'line\nbreak'"),
        ("naïve", "'naïve'"),
        ("=cmd", "'=cmd'"),
        ("~", "'~'"),
        ("#x", "'#x'"),
    ];
    for (text, expected) in cases {
        assert_eq!(cli::shell_quote(text), expected, "{text}");
        assert_eq!(shell_words(&format!("echo {}", cli::shell_quote(text))), ["echo", text], "{text}");
    }
}

#[test]
fn strings_escape_the_same_in_every_language() {
    let cases = [
        ("plain", r#""plain""#),
        ("it's", r#""it's""#),
        ("say \"hi\"", r#""say \"hi\"""#),
        ("back\\slash", r#""back\\slash""#),
        ("a\nb\rc\td", r#""a\nb\rc\td""#),
        ("\u{0}\u{1b}\u{7f}\u{85}", r#""\u0000\u001b\u007f\u0085""#),
        ("\u{2028}\u{2029}", r#""\u2028\u2029""#),
        ("日本語 🎵 é", "\"日本語 🎵 é\""),
    ];
    for (text, expected) in cases {
        assert_eq!(quote(text), expected, "{text:?}");
        assert_eq!(serde_json::from_str::<String>(expected).ok().as_deref(), Some(text), "JSON reads {expected} back");
    }
}

#[test]
fn literals_in_each_dialect() {
    let value = json!({"b": [true, false, null], "n": 1.5, "bin": {"B": "AAEiXA=="}, "set": {"BS": ["AA=="]}});
    let cases = [
        (Dialect::Json, r#"{"b": [true, false, null], "bin": {"B": "AAEiXA=="}, "n": 1.5, "set": {"BS": ["AA=="]}}"#),
        (
            Dialect::JavaScript,
            r#"{"b": [true, false, null], "bin": {"B": Buffer.from("AAEiXA==", "base64")}, "n": 1.5, "set": {"BS": [Buffer.from("AA==", "base64")]}}"#,
        ),
        (
            Dialect::Python,
            r#"{"b": [True, False, None], "bin": {"B": b"\x00\x01\"\\"}, "n": 1.5, "set": {"BS": [b"\x00"]}}"#,
        ),
    ];
    for (dialect, expected) in cases {
        assert_eq!(compact(&value, dialect), expected, "{dialect:?}");
    }
}

#[test]
fn layout_breaks_only_what_does_not_fit() {
    let value = json!({"Item": {"a": {"S": "x"}, "b": {"L": [{"N": "1"}, {"N": "2"}]}}, "Key": {"pk": {"S": "k"}}});
    // `    "b": {"L": [{"N": "1"}, {"N": "2"}]},` is 41 columns with its comma.
    let layout = Layout { indent: 2, width: 41 };
    assert_eq!(
        render(&value, Dialect::Json, layout, 0, 0),
        "{\n  \"Key\": {\"pk\": {\"S\": \"k\"}},\n  \"Item\": {\n    \"a\": {\"S\": \"x\"},\n    \"b\": {\"L\": [{\"N\": \"1\"}, {\"N\": \"2\"}]}\n  }\n}"
    );
    assert_eq!(render(&value, Dialect::Json, Layout { indent: 2, width: 200 }, 0, 0), compact(&value, Dialect::Json));
    assert_eq!(render(&json!({}), Dialect::Json, Layout { indent: 2, width: 0 }, 0, 0), "{}");
    assert_eq!(render(&json!([[]]), Dialect::Json, Layout { indent: 2, width: 0 }, 0, 0), "[\n  []\n]");
}

// ---- robustness ----------------------------------------------------------------

#[test]
fn odd_requests_do_not_panic() {
    let mut deep = json!({"S": "bottom"});
    for _ in 0..(literal::MAX_DEPTH + 50) {
        deep = json!({"M": {"x": deep}});
    }
    let requests = [
        Value::Null,
        json!([1, 2]),
        json!("text"),
        json!(42),
        json!({}),
        json!({"TableName": null}),
        json!({"Item": deep}),
        json!({"": "", "\u{0}": "\u{0}", "🎵": {"🎵": []}, "Limit": 18446744073709551615u64, "x": -0.0}),
    ];
    for request in &requests {
        for operation in ["Query", "", "'\"\\", "🎵", "list tables"] {
            for endpoint in [None, Some(""), Some("'\n\"")] {
                let cli = aws_cli(operation, request, endpoint);
                let js = javascript_v3(operation, request, endpoint);
                let py = python_boto3(operation, request, endpoint);
                assert!(cli.starts_with("aws dynamodb "), "{cli}");
                assert!(js.contains("await client.send(new "), "{js}");
                assert!(py.contains("response = client."), "{py}");
            }
        }
    }
    assert_eq!(aws_cli("ListTables", &json!([1]), None), "aws dynamodb list-tables");
    let printed = compact(&requests[6], Dialect::Json);
    assert!(printed.contains("null") && !printed.contains("bottom"), "cut at the depth cap");
}

/// A small deterministic generator (64-bit LCG), no rand crate.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % (n.max(1) as u64)) as usize
    }

    fn string(&mut self) -> String {
        const PIECES: &[&str] = &[
            "a", "Z", "'", "\"", "\\", "\n", "\t", " ", "\u{0}", "\u{7f}", "é", "🎵", "$", "-", "=", "#", ":",
            "\u{2028}",
        ];
        (0..self.below(6)).map(|_| PIECES[self.below(PIECES.len())]).collect()
    }

    fn value(&mut self, depth: usize) -> Value {
        match self.below(if depth > 4 { 5 } else { 8 }) {
            0 => Value::Null,
            1 => Value::Bool(self.below(2) == 0),
            2 => json!(self.next() as i64 - (1 << 30)),
            3 => {
                let text = ["AA==", "AQI=", "bad"][self.below(3)];
                json!({ "B": text })
            }
            4 => Value::String(self.string()),
            5 => Value::Array((0..self.below(4)).map(|_| self.value(depth + 1)).collect()),
            _ => Value::Object((0..self.below(4)).map(|_| (self.string(), self.value(depth + 1))).collect()),
        }
    }
}

/// Thousands of random requests: every form reads back to the request.
#[test]
fn generated_requests_round_trip() {
    let mut rng = Lcg(0xc0de_9e11);
    let operations = ["Query", "Scan", "ListTables", "PutItem", "TransactWriteItems"];
    for _ in 0..2000 {
        let operation = operations[rng.below(operations.len())];
        let mut request = serde_json::Map::new();
        for _ in 0..rng.below(6) {
            let name = ["TableName", "Limit", "Item", "ConsistentRead", "Odd Name", "x"][rng.below(6)];
            request.insert(name.to_string(), rng.value(0));
        }
        let request = Value::Object(request);
        let words = shell_words(&aws_cli(operation, &request, None));
        assert_eq!(cli_request(&words, &request).0, sent(&request), "{request}");
        assert_eq!(javascript_input(&javascript_v3(operation, &request, None), operation), sent(&request));
        assert_eq!(python_input(&python_boto3(operation, &request, None), &xform_name(operation, '_')), sent(&request));
    }
}
// ---- the goldens -------------------------------------------------------------------
const GOLDEN_CLI_QUERY: &str = r##"aws dynamodb query \
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

const GOLDEN_CLI_PUT_ITEM: &str = r##"aws dynamodb put-item \
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

const GOLDEN_CLI_UPDATE_ITEM: &str = r##"aws dynamodb update-item \
    --table-name Music \
    --key '{"Artist": {"S": "Acme Band"}, "SongTitle": {"S": "It'\''s a \"Happy\" Day"}}' \
    --update-expression 'SET #y = :y, Plays = if_not_exists(Plays, :zero) + :one REMOVE Producer' \
    --condition-expression 'attribute_exists(Artist) AND #y < :y' \
    --expression-attribute-names '{"#y": "Year"}' \
    --expression-attribute-values '{":one": {"N": "1"}, ":y": {"N": "2005"}, ":zero": {"N": "0"}}' \
    --return-values UPDATED_NEW \
    --return-values-on-condition-check-failure ALL_OLD"##;

const GOLDEN_CLI_BATCH_WRITE_ITEM: &str = r##"aws dynamodb batch-write-item \
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

const GOLDEN_CLI_TRANSACT_WRITE_ITEMS: &str = r##"aws dynamodb transact-write-items \
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

const GOLDEN_CLI_CREATE_TABLE: &str = r##"aws dynamodb create-table \
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

const GOLDEN_JS_QUERY: &str = r##"import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";

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

const GOLDEN_JS_PUT_ITEM: &str = r##"import { DynamoDBClient, PutItemCommand } from "@aws-sdk/client-dynamodb";

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

const GOLDEN_JS_UPDATE_ITEM: &str = r##"import { DynamoDBClient, UpdateItemCommand } from "@aws-sdk/client-dynamodb";

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

const GOLDEN_JS_BATCH_WRITE_ITEM: &str = r##"import { DynamoDBClient, BatchWriteItemCommand } from "@aws-sdk/client-dynamodb";

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

const GOLDEN_JS_TRANSACT_WRITE_ITEMS: &str = r##"import { DynamoDBClient, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";

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

const GOLDEN_JS_CREATE_TABLE: &str = r##"import { DynamoDBClient, CreateTableCommand } from "@aws-sdk/client-dynamodb";

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

const GOLDEN_PY_QUERY: &str = r##"import boto3

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

const GOLDEN_PY_PUT_ITEM: &str = r##"import boto3

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

const GOLDEN_PY_UPDATE_ITEM: &str = r##"import boto3

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

const GOLDEN_PY_BATCH_WRITE_ITEM: &str = r##"import boto3

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

const GOLDEN_PY_TRANSACT_WRITE_ITEMS: &str = r##"import boto3

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

const GOLDEN_PY_CREATE_TABLE: &str = r##"import boto3

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

// ---- running the code ------------------------------------------------------------

/// The generated code run by real interpreters, against stand-ins that
/// print what they were given. Each test passes without checking when its
/// interpreter is not installed.
#[cfg(not(target_arch = "wasm32"))]
mod run {
    use std::path::PathBuf;
    use std::process::Command;

    use super::*;

    fn installed(program: &str) -> bool {
        let found = Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success());
        if !found {
            eprintln!("{program} not installed: skipping");
        }
        found
    }

    /// A fresh scratch directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ddb-codegen-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        dir
    }

    fn write(path: PathBuf, text: &str) {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }

    fn run(command: &mut Command) -> String {
        let output = command.output().unwrap_or_else(|e| panic!("{command:?}: {e}"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{command:?} failed: {stderr}");
        String::from_utf8(output.stdout).unwrap_or_else(|e| panic!("{e}"))
    }

    /// bash splits the command into exactly the words we read back.
    #[test]
    fn bash_reads_the_cli_words() {
        if !installed("bash") {
            return;
        }
        for (operation, request) in all_requests() {
            let command = aws_cli(operation, &request, Some(LOCAL_ENDPOINT));
            let script = format!("aws() {{ printf '%s\\0' aws \"$@\"; }}\n{command}\n");
            let out = run(Command::new("bash").arg("-c").arg(&script));
            let words: Vec<&str> = out.strip_suffix('\0').unwrap_or(&out).split('\0').collect();
            assert_eq!(words, shell_words(&command), "{command}");
        }
    }

    const FAKE_BOTO3: &str = r#"
import base64, json

def _plain(value):
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value

class _Client:
    def __getattr__(self, method):
        def call(*args, **params):
            assert not args
            print(json.dumps({"method": method, "params": _plain(params)}))
            return {}
        return call

def client(service, **config):
    print(json.dumps({"service": service, "config": config}))
    return _Client()
"#;

    /// python3 runs the script; boto3 gets the request, bytes and all.
    #[test]
    fn python_sends_the_request() {
        if !installed("python3") {
            return;
        }
        let dir = scratch("python");
        write(dir.join("boto3.py"), FAKE_BOTO3);
        for (operation, request) in all_requests() {
            let code = python_boto3(operation, &request, Some(LOCAL_ENDPOINT));
            write(dir.join("snippet.py"), &code);
            let out = run(Command::new("python3").arg("snippet.py").current_dir(&dir).env("PYTHONPATH", &dir));
            let lines: Vec<Value> = out.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
            let expected_client =
                json!({"service": "dynamodb", "config": {"region_name": REGION, "endpoint_url": LOCAL_ENDPOINT}});
            assert_eq!(lines.first(), Some(&expected_client), "{code}");
            let expected_call = json!({"method": xform_name(operation, '_'), "params": sent(&request)});
            assert_eq!(lines.get(1), Some(&expected_call), "{code}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// node runs the module; the SDK client gets the request, Buffers and all.
    #[test]
    fn node_sends_the_request() {
        if !installed("node") {
            return;
        }
        let dir = scratch("node");
        let package = dir.join("node_modules/@aws-sdk/client-dynamodb");
        write(
            package.join("package.json"),
            r#"{"name": "@aws-sdk/client-dynamodb", "type": "module", "main": "index.js"}"#,
        );
        let mut module = String::from(
            "const plain = (v) => v instanceof Uint8Array ? Buffer.from(v).toString(\"base64\")\n\
             \x20 : Array.isArray(v) ? v.map(plain)\n\
             \x20 : v !== null && typeof v === \"object\" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))\n\
             \x20 : v;\n\
             export class DynamoDBClient {\n\
             \x20 constructor(config) { this.config = config; }\n\
             \x20 async send(command) {\n\
             \x20   console.log(JSON.stringify({ config: this.config, command: command.constructor.name, input: plain(command.input) }));\n\
             \x20   return {};\n\
             \x20 }\n\
             }\n\
             class Command { constructor(input) { this.input = input; } }\n",
        );
        for (operation, _) in all_requests() {
            let class = format!("export class {operation}Command extends Command {{}}\n");
            if !module.contains(&class) {
                module.push_str(&class);
            }
        }
        write(package.join("index.js"), &module);
        for (operation, request) in all_requests() {
            let code = javascript_v3(operation, &request, Some(LOCAL_ENDPOINT));
            write(dir.join("snippet.mjs"), &code);
            let out = run(Command::new("node").arg("snippet.mjs").current_dir(&dir));
            let first: Value = out.lines().next().and_then(|l| serde_json::from_str(l).ok()).unwrap_or(Value::Null);
            let expected = json!({
                "config": {"region": REGION, "endpoint": LOCAL_ENDPOINT},
                "command": format!("{operation}Command"),
                "input": sent(&request),
            });
            assert_eq!(first, expected, "{code}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
