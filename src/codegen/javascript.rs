//! The JavaScript form: an ES module for Node.js using the AWS SDK v3.
//!
//! ```js
//! import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";
//!
//! const client = new DynamoDBClient({ region: "us-east-1", endpoint: "http://localhost:8000" });
//!
//! const response = await client.send(new QueryCommand({
//!   "TableName": "Music",
//!   "KeyConditionExpression": "Artist = :a",
//!   "ExpressionAttributeValues": {":a": {"S": "Acme Band"}}
//! }));
//! console.log(JSON.stringify(response, null, 2));
//! ```
//!
//! Save it as `query.mjs` and run `node query.mjs` after
//! `npm install @aws-sdk/client-dynamodb`. The module form allows the
//! top-level `await`. `DynamoDBClient` is the low-level client, so the
//! input is the request body as is: JSON is a valid JavaScript object
//! literal, and DynamoDB JSON (`{"S": …}`) is what its commands take. Only
//! binary values change, to the `Buffer`s the SDK wants
//! ([`literal`](super::literal)). The response is printed as JSON, which
//! shows nested attribute values in full where `console.log` alone would
//! abbreviate them.

use serde_json::Value;

use super::literal::{quote, render_object, Dialect, Layout};
use super::{operation_name, ordered_members, REGION};

/// The request as a runnable ES module for Node.js, using
/// `@aws-sdk/client-dynamodb`, with a client `endpoint` when one is given.
pub fn javascript_v3(operation: &str, request: &Value, endpoint_url: Option<&str>) -> String {
    let command = format!("{}Command", operation_name(operation));
    let mut client_config = format!("region: {}", quote(REGION));
    if let Some(url) = endpoint_url {
        client_config.push_str(&format!(", endpoint: {}", quote(url)));
    }
    let call = format!("const response = await client.send(new {command}(");
    let input = render_object(
        &ordered_members(request),
        Dialect::JavaScript,
        Layout { indent: 2, width: 100 },
        call.chars().count(),
        0,
    );
    format!(
        "import {{ DynamoDBClient, {command} }} from \"@aws-sdk/client-dynamodb\";\n\
         \n\
         const client = new DynamoDBClient({{ {client_config} }});\n\
         \n\
         {call}{input}));\n\
         console.log(JSON.stringify(response, null, 2));\n"
    )
}
