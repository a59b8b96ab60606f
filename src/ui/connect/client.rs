//! Sending one request to the connected endpoint from the page: signed at
//! the browser's clock ([`Connection::prepare`]), posted with `fetch`
//! (gloo-net, which comes with yew), and its answer read
//! ([`answer::read`]).
//!
//! The request carries no cookies (`credentials: omit`), and is given up
//! after [`TIMEOUT_MS`], so an endpoint that never answers shows as
//! unreachable instead of leaving the page waiting.

use gloo_net::http::Request;
use serde_json::Value;
use web_sys::RequestCredentials;

use crate::connect::answer::{self, Failure};
use crate::connect::endpoint::Connection;

/// How long a request may go unanswered.
pub const TIMEOUT_MS: u32 = 30_000;

/// Sends `operation` with `body` to the endpoint.
pub async fn send(connection: &Connection, operation: &str, body: &Value) -> Result<Value, Failure> {
    let now = (js_sys::Date::now() / 1000.0) as u64;
    let prepared = connection.prepare(operation, &body.to_string(), now);
    let signal = web_sys::AbortSignal::timeout_with_u32(TIMEOUT_MS);
    let mut builder = Request::post(&prepared.url).credentials(RequestCredentials::Omit).abort_signal(Some(&signal));
    for (name, value) in &prepared.headers {
        builder = builder.header(name, value);
    }
    let request = builder.body(prepared.body).map_err(|e| Failure::Unreachable(e.to_string()))?;
    let response = request.send().await.map_err(|e| Failure::Unreachable(e.to_string()))?;
    let status = response.status();
    let text = response.text().await.map_err(|e| Failure::Unreachable(e.to_string()))?;
    answer::read(status, &text)
}

/// Every table name the endpoint lists, following `LastEvaluatedTableName`
/// (ListTables answers at most 100 names at a time).
pub async fn list_tables(connection: &Connection) -> Result<Vec<String>, Failure> {
    let mut names = Vec::new();
    let mut request = serde_json::json!({});
    loop {
        let answer = send(connection, "ListTables", &request).await?;
        names.extend(
            answer
                .get("TableNames")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|n| n.as_str().map(str::to_string)),
        );
        match answer.get("LastEvaluatedTableName") {
            Some(last @ Value::String(_)) => request = serde_json::json!({"ExclusiveStartTableName": last}),
            _ => return Ok(names),
        }
    }
}
