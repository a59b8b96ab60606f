//! The Python form: a script using boto3's low-level client.
//!
//! ```python
//! import boto3
//!
//! client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url="http://localhost:8000")
//!
//! response = client.query(
//!     TableName="Music",
//!     KeyConditionExpression="Artist = :a",
//!     ExpressionAttributeValues={":a": {"S": "Acme Band"}},
//! )
//! print(response)
//! ```
//!
//! boto3 names its methods with [`xform_name`] (`BatchWriteItem` →
//! `batch_write_item`) and takes the request members as keyword arguments
//! of the same PascalCase names, in DynamoDB JSON as the wire has them. The
//! values print as Python literals ([`literal`](super::literal)): `True`,
//! `False`, `None`, and bytes literals for binary values. If some member's
//! name is not a Python identifier (only possible for a member DynamoDB
//! does not have), the call takes `**{…}` instead, so the script still
//! parses and boto3 reports the unknown parameter.

use serde_json::Value;

use super::literal::{quote, render, render_object, Dialect, Layout};
use super::names::xform_name;
use super::{operation_name, ordered_members, REGION};

const INDENT: usize = 4;
const LAYOUT: Layout = Layout { indent: INDENT, width: 100 };

/// Python's keywords: not usable as keyword-argument names.
const KEYWORDS: [&str; 35] = [
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
    "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
    "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
];

fn is_identifier(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !KEYWORDS.contains(&name)
}

/// The request as a runnable Python script using `boto3`, with the
/// client's `endpoint_url` when one is given.
pub fn python_boto3(operation: &str, request: &Value, endpoint_url: Option<&str>) -> String {
    let method = xform_name(&operation_name(operation), '_');
    let mut client = format!("boto3.client(\"dynamodb\", region_name={}", quote(REGION));
    if let Some(url) = endpoint_url {
        client.push_str(&format!(", endpoint_url={}", quote(url)));
    }
    client.push(')');

    let members = ordered_members(request);
    let call = if members.is_empty() {
        format!("client.{method}()")
    } else if members.iter().all(|(name, _)| is_identifier(name)) {
        let pad = " ".repeat(INDENT);
        let mut call = format!("client.{method}(\n");
        for (name, value) in &members {
            let column = INDENT + name.len() + 1;
            call.push_str(&format!("{pad}{name}={},\n", render(value, Dialect::Python, LAYOUT, column, 1)));
        }
        call.push(')');
        call
    } else {
        let start = format!("response = client.{method}(**");
        let arguments = render_object(&members, Dialect::Python, LAYOUT, start.len(), 0);
        format!("client.{method}(**{arguments})")
    };
    format!("import boto3\n\nclient = {client}\n\nresponse = {call}\nprint(response)\n")
}
