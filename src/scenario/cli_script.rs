//! A scenario as a bash script of AWS CLI commands: its tables created, its
//! items written.
//!
//! Where the CloudFormation template ([`super::cloudformation`]) creates
//! empty tables, this script rebuilds the whole scenario, data included, in
//! a real account or on any DynamoDB-compatible endpoint:
//!
//! ```text
//! bash ddb-playground.sh                                    # the AWS CLI's account and region
//! DDB_ENDPOINT=http://localhost:8000 bash ddb-playground.sh  # ddb-local, or another endpoint
//! ```
//!
//! For each table, in name order:
//!
//! 1. `create-table` with the CreateTable request the engine keeps for it
//!    (keys, GSIs and LSIs, billing and capacity, on-demand maxima, warm
//!    throughput when it is not the default, stream, table class),
//!    printed by [`crate::codegen::aws_cli`], so it is quoted and laid out
//!    like the query console's CLI view;
//! 2. `wait table-exists` until the table is `ACTIVE`;
//! 3. `update-time-to-live` when the table has TTL on;
//! 4. its items in `batch-write-item` requests of at most 25 puts (the
//!    BatchWriteItem limit), in keyspace order.
//!
//! `set -euo pipefail` stops the script at the first failing command, so a
//! table that already exists stops it before anything is written into that
//! table. Every command goes through one function, `ddb`, which adds
//! `--endpoint-url "$DDB_ENDPOINT"` when that variable is set (the
//! `${DDB_ENDPOINT:+…}` expansion is empty otherwise, and safe under `set
//! -u`).
//!
//! # Items, quoted and retried
//!
//! Each batch is one JSON document in single quotes, the only shell quoting
//! inside which nothing is special; a `'` in the data is written `'\''`
//! (the console's quoting, [`crate::codegen::cli`]). The batch is an argument
//! of the shell function `write_batch`, not of the `aws` program: a function
//! argument has no size limit, whereas the kernel limits one program
//! argument to 128 KiB, less than 25 items of up to 400 KB. `write_batch`
//! writes the batch to a temporary file and passes it as
//! `--request-items file://…`, then sends whatever DynamoDB returns as
//! `UnprocessedItems` again (with a growing pause), as the BatchWriteItem
//! documentation asks, up to eight times.
//!
//! # Binary values and CLI v1
//!
//! The AWS CLI v2 reads binary values in JSON input as base64, the form the
//! wire and this script use. CLI v1 takes that text for the raw bytes and
//! encodes it once more, so it would store different bytes; a script whose
//! data has binary values therefore checks `aws --version` first and stops
//! under v1, before creating anything.

use serde_json::{json, Value};

use super::format::Scenario;
use super::warning::Warning;
use crate::codegen::aws_cli;
use crate::codegen::cli::shell_quote;

/// Puts per `batch-write-item` request: DynamoDB's BatchWriteItem limit.
pub const BATCH_SIZE: usize = 25;

/// A script and what the reader should know about it.
#[derive(Clone, Debug)]
pub struct Script {
    pub text: String,
    pub warnings: Vec<Warning>,
}

/// Whether a wire value holds a binary value (`B` or `BS`) at any depth.
fn has_binary(value: &Value) -> bool {
    let Some(typed) = value.as_object() else { return false };
    typed.iter().any(|(tag, content)| match tag.as_str() {
        "B" | "BS" => true,
        "M" => content.as_object().is_some_and(|m| m.values().any(has_binary)),
        "L" => content.as_array().is_some_and(|l| l.iter().any(has_binary)),
        _ => false,
    })
}

/// `aws dynamodb <command> …` as printed by the console, run through `ddb`.
fn ddb(operation: &str, request: &Value) -> String {
    let command = aws_cli(operation, request, None);
    match command.strip_prefix("aws dynamodb ") {
        Some(rest) => format!("ddb {rest}"),
        None => command,
    }
}

const PREAMBLE: &str = r#"set -euo pipefail
# CLI v2 would page long output.
export AWS_PAGER=""

# Every command: `aws dynamodb …`, at $DDB_ENDPOINT when that is set.
ddb() {
    aws dynamodb "$@" ${DDB_ENDPOINT:+--endpoint-url "$DDB_ENDPOINT"}
}

batch_file="$(mktemp)"
trap 'rm -f "$batch_file"' EXIT

# Sends one BatchWriteItem request (at most 25 puts), and what comes back
# unprocessed again, until nothing is left.
write_batch() {
    local request="$1" attempt
    for attempt in 1 2 3 4 5 6 7 8; do
        printf '%s' "$request" > "$batch_file"
        request="$(ddb batch-write-item --request-items "file://$batch_file" --query UnprocessedItems --output json)"
        case "$request" in
            '{}' | null | '') return 0 ;;
        esac
        sleep "$attempt"
    done
    echo "batch-write-item: items were still unprocessed after 8 attempts" >&2
    return 1
}
"#;

const BINARY_GUARD: &str = r#"
# The data has binary values, which AWS CLI v1 would store base64-encoded
# a second time.
case "$(aws --version 2>&1)" in
    aws-cli/1.*)
        echo "This script writes binary attributes: it needs AWS CLI v2." >&2
        exit 1
        ;;
esac
"#;

/// The scenario as a bash script (see the module docs).
pub fn script(scenario: &Scenario) -> Script {
    let snapshot = scenario.engine.snapshot();
    let tables: Vec<&Value> = snapshot.get("tables").and_then(Value::as_array).into_iter().flatten().collect();
    let items_of = |table: &Value| table.get("items").and_then(Value::as_array).cloned().unwrap_or_default();
    let name_of = |table: &Value| {
        table.get("definition").and_then(|d| d.get("TableName")).and_then(Value::as_str).unwrap_or_default().to_string()
    };
    let summary: Vec<String> = tables.iter().map(|t| format!("{} ({} items)", name_of(t), items_of(t).len())).collect();
    let total: usize = tables.iter().map(|t| items_of(t).len()).sum();

    let mut out = String::from("#!/usr/bin/env bash\n");
    out.push_str("# Creates the tables of a ddb-playground scenario and writes their items, with the AWS CLI.\n#\n");
    out.push_str("#   bash this-script.sh                                    # the AWS CLI's account and region\n");
    out.push_str("#   DDB_ENDPOINT=http://localhost:8000 bash this-script.sh  # ddb-local or another endpoint\n#\n");
    if summary.is_empty() {
        out.push_str("# The scenario has no tables.\n");
    } else {
        out.push_str(&format!("# Tables: {}.\n", summary.join(", ")));
    }
    out.push_str("# It stops at the first error: a table that already exists stops it before anything is\n");
    out.push_str("# written to that table. Items go in batch-write-item requests of at most 25.\n");
    out.push_str(PREAMBLE);
    let binary = tables
        .iter()
        .any(|t| items_of(t).iter().any(|item| item.as_object().is_some_and(|i| i.values().any(has_binary))));
    if binary {
        out.push_str(BINARY_GUARD);
    }

    let mut warnings = Vec::new();
    for table in &tables {
        let name = name_of(table);
        let Some(Value::Object(definition)) = table.get("definition") else { continue };
        let mut definition = definition.clone();
        super::cloudformation::add_warm_throughput(table, &mut definition);
        out.push_str(&format!("\necho {}\n", shell_quote(&format!("Creating table {name}"))));
        out.push_str(&ddb("CreateTable", &Value::Object(definition)));
        out.push_str(" > /dev/null\n");
        out.push_str(&format!("ddb wait table-exists --table-name {}\n", shell_quote(&name)));
        if let Some(attribute) = table.get("state").and_then(|s| s.get("timeToLiveAttribute")) {
            let request =
                json!({"TableName": name, "TimeToLiveSpecification": {"Enabled": true, "AttributeName": attribute}});
            out.push_str(&ddb("UpdateTimeToLive", &request));
            out.push_str(" > /dev/null\n");
        }
        let items = items_of(table);
        if items.is_empty() {
            continue;
        }
        out.push_str(&format!("echo {}\n", shell_quote(&format!("Writing {} items to {name}", items.len()))));
        for chunk in items.chunks(BATCH_SIZE) {
            let puts: Vec<Value> = chunk.iter().map(|item| json!({"PutRequest": {"Item": item}})).collect();
            let mut request = serde_json::Map::new();
            request.insert(name.clone(), puts.into());
            let request = Value::Object(request);
            out.push_str(&format!("write_batch {}\n", shell_quote(&request.to_string())));
        }
    }
    out.push_str(&format!("\necho {}\n", shell_quote(&format!("Done: {} tables, {total} items.", tables.len()))));
    if binary {
        warnings.push(Warning::BinaryNeedsCliV2);
    }
    Script { text: out, warnings }
}
