//! Golden outputs: each generator's code for representative requests,
//! compared word for word with `goldens`.

use super::goldens::*;
use super::reading_back::*;
use super::*;

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
