//! Code generation: one DynamoDB request as code you can run elsewhere.
//!
//! The query console builds requests exactly as the wire carries them: an
//! operation name (`Query`) and the JSON 1.0 body (`{"TableName": …}`), the
//! pair [`Engine::execute`](crate::engine::Engine::execute) takes. This
//! module prints that pair three ways, so a learner can replay what they
//! tried in the playground against real DynamoDB (or against `ddb-local`,
//! whose default address is [`LOCAL_ENDPOINT`]):
//!
//! | function           | output                                                   |
//! |--------------------|----------------------------------------------------------|
//! | [`aws_cli`]        | `aws dynamodb query --table-name Music …` (POSIX shell)  |
//! | [`javascript_v3`]  | an ES module using `@aws-sdk/client-dynamodb` (Node.js)  |
//! | [`python_boto3`]   | a script using `boto3.client("dynamodb")`                |
//!
//! All three speak the low-level API, so the body travels unchanged: the
//! same member names and the same DynamoDB JSON (`{"S": "x"}`, numbers as
//! strings in `{"N": "1"}`). Nothing is translated to a "document" client;
//! what you see in the console is what the SDK sends.
//!
//! # How names are derived
//!
//! The AWS CLI and boto3 do not keep their own tables of names: both derive
//! them from the API model's PascalCase names with botocore's `xform_name`,
//! which [`xform_name`] reproduces. `BatchWriteItem` is the CLI command
//! `batch-write-item` and the boto3 method `batch_write_item`;
//! `ExpressionAttributeValues` is the option `--expression-attribute-values`;
//! `SSESpecification` is `--sse-specification`. So every member, including
//! ones this module has never heard of, maps the way the CLI maps it, and
//! the CLI renames no DynamoDB option (its rename table, `argrename.py`,
//! has no `dynamodb` entry).
//!
//! # The same request, three ways
//!
//! * Members come in a fixed, readable order (table name first, then keys
//!   and items, expressions, placeholders, options), whatever the order of
//!   the JSON object, at the top level and in nested structures such as a
//!   transaction's `Put`; other names follow in the object's order. A
//!   top-level member whose value is `null` is left out: the SDKs treat
//!   `null` as absent, and the CLI has no way to say it.
//! * Binary attribute values (`{"B": "<base64>"}`, `{"BS": […]}`) travel as
//!   base64 on the wire, but the SDKs want the bytes: JavaScript gets
//!   `Buffer.from("…", "base64")` and Python a bytes literal `b"…"`. The
//!   AWS CLI v2 reads binary values in JSON options as base64 (its default
//!   `--cli-binary-format base64`), so the CLI form keeps the text. CLI v1
//!   takes that text for the raw bytes and encodes it once more, so it
//!   would store different bytes: use v2 for binary data.
//! * A request body that is not a JSON object is treated as `{}`, and an
//!   operation name is reduced to its ASCII letters and digits, so the
//!   output is always well-formed code; the engine rejects such requests
//!   anyway.
//!
//! Every string is escaped with only `\"`, `\\`, `\n`, `\r`, `\t` and
//! `\uXXXX`, the escapes JSON, JavaScript and Python share, so one escaper
//! serves all three and the literals read back to the same text in each.
//! None of this panics, whatever the input: nesting deeper than
//! [`literal::MAX_DEPTH`] (far beyond DynamoDB's own limit) prints as
//! `null`.

pub mod cli;
pub mod javascript;
pub mod literal;
pub mod names;
pub mod python;

#[cfg(test)]
mod tests;

use serde_json::{Map, Value};

pub use cli::aws_cli;
pub use javascript::javascript_v3;
pub use names::xform_name;
pub use python::python_boto3;

/// Where `ddb-local` listens unless told otherwise.
pub const LOCAL_ENDPOINT: &str = "http://localhost:8000";

/// The region the SDK snippets configure. Any region works against
/// `ddb-local`; for real DynamoDB, change it to your table's region.
pub const REGION: &str = "us-east-1";

/// Members in the order the generated code lists them: what is addressed
/// first (table, index), then what is written or read (items, keys), the
/// expressions with their placeholders, and the knobs last.
const MEMBER_ORDER: &[&str] = &[
    "TableName",
    "IndexName",
    "RequestItems",
    "TransactItems",
    "AttributeDefinitions",
    "KeySchema",
    "LocalSecondaryIndexes",
    "GlobalSecondaryIndexes",
    "GlobalSecondaryIndexUpdates",
    "BillingMode",
    "ProvisionedThroughput",
    "OnDemandThroughput",
    "StreamSpecification",
    "SSESpecification",
    "TableClass",
    "DeletionProtectionEnabled",
    "Tags",
    "Key",
    "Item",
    "KeyConditionExpression",
    "KeyConditions",
    "UpdateExpression",
    "AttributeUpdates",
    "ConditionExpression",
    "Expected",
    "FilterExpression",
    "QueryFilter",
    "ScanFilter",
    "ConditionalOperator",
    "Select",
    "ProjectionExpression",
    "AttributesToGet",
    "ExpressionAttributeNames",
    "ExpressionAttributeValues",
    "ScanIndexForward",
    "ConsistentRead",
    "Segment",
    "TotalSegments",
    "Limit",
    "ExclusiveStartKey",
    "ExclusiveStartTableName",
    "ReturnValues",
    "ReturnValuesOnConditionCheckFailure",
    "ReturnConsumedCapacity",
    "ReturnItemCollectionMetrics",
    "ClientRequestToken",
];

/// An object's members with the names in [`MEMBER_ORDER`] first, in that
/// order, then the others in the object's order. Nested request structures
/// (a transaction's `Put`, a batch's `Keys`) read better the same way:
/// table first. Reordering never changes meaning: JSON objects are
/// unordered, for DynamoDB as for the SDKs.
pub(crate) fn in_member_order(object: &Map<String, Value>) -> Vec<(&str, &Value)> {
    let known = MEMBER_ORDER.iter().filter_map(|name| object.get_key_value(*name));
    let unknown = object.iter().filter(|(name, _)| !MEMBER_ORDER.contains(&name.as_str()));
    known.chain(unknown).map(|(name, value)| (name.as_str(), value)).collect()
}

/// The request's top-level members [`in_member_order`], `null` members left
/// out. A body that is not an object has no members.
pub(crate) fn ordered_members(request: &Value) -> Vec<(&str, &Value)> {
    let Some(object) = request.as_object() else {
        return Vec::new();
    };
    in_member_order(object).into_iter().filter(|(_, value)| !value.is_null()).collect()
}

/// The operation name as a PascalCase identifier: ASCII letters and digits
/// only, starting with an upper-case letter (`Unknown` if nothing is left).
/// It becomes a JavaScript class name, a Python method name and a CLI
/// command word, so it must be safe as all three.
pub(crate) fn operation_name(operation: &str) -> String {
    let kept: String = operation.chars().filter(char::is_ascii_alphanumeric).skip_while(char::is_ascii_digit).collect();
    let mut chars = kept.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => "Unknown".to_string(),
    }
}
