//! AWS Signature Version 4: how a request to DynamoDB (or ddb-local, or
//! DynamoDB Local) proves who sent it.
//!
//! The signature is an HMAC-SHA256 over a *canonical* form of the request,
//! keyed with a key derived from the secret for one day, region and service:
//!
//! ```text
//!   canonical request   POST \n / \n <query> \n host:…\nx-amz-date:…\n…\n \n host;x-amz-date;… \n sha256(body)
//!   string to sign      AWS4-HMAC-SHA256 \n 20261129T101500Z \n 20261129/eu-west-1/dynamodb/aws4_request \n sha256(canonical)
//!   signing key         HMAC("AWS4"+secret, 20261129) → eu-west-1 → dynamodb → "aws4_request"
//!   Authorization       AWS4-HMAC-SHA256 Credential=AKID…/20261129/eu-west-1/dynamodb/aws4_request,
//!                       SignedHeaders=host;x-amz-date;…, Signature=hex(HMAC(key, string to sign))
//! ```
//!
//! Every header the request carries is signed, with `host` and `x-amz-date`
//! (and `x-amz-security-token` for temporary credentials) added; names are
//! lower-cased and sorted, values trimmed with inner runs of spaces made one,
//! a name given twice signs its values joined by commas in the order given.
//! The query is sorted by name, then value, each percent-encoded as RFC 3986's
//! unreserved characters allow. The path is taken as given (DynamoDB's is
//! always `/`). `tests` check the canonical requests and signatures against
//! AWS's published test suite.
//!
//! The secret is used here and nowhere else: this module neither keeps nor
//! prints it ([`Credentials`]'s `Debug` leaves it out).

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::engine::ordered::{sort, sort_by};

/// Who signs: an access key, its secret, and a session token when the
/// credentials are temporary.
#[derive(Clone, PartialEq, Eq)]
pub struct Credentials {
    pub access_key_id: String,
    pub secret_access_key: String,
    pub session_token: Option<String>,
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credentials")
            .field("access_key_id", &self.access_key_id)
            .field("secret_access_key", &"(hidden)")
            .field("session_token", &self.session_token.as_ref().map(|_| "(hidden)"))
            .finish()
    }
}

/// Where and when a request is signed for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scope<'a> {
    pub region: &'a str,
    /// `dynamodb` for DynamoDB.
    pub service: &'a str,
    /// The signing time as `YYYYMMDDTHHMMSSZ` ([`amz_date`]).
    pub amz_date: &'a str,
}

/// A request to sign: what goes on the wire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    pub method: &'a str,
    pub host: &'a str,
    /// The path, already as sent (`/`).
    pub path: &'a str,
    /// The query's parameters, not encoded, in any order.
    pub query: &'a [(&'a str, &'a str)],
    /// Headers besides `host`, `x-amz-date` and `x-amz-security-token`, which
    /// [`sign`] adds; names in any case.
    pub headers: &'a [(&'a str, &'a str)],
    pub body: &'a [u8],
}

/// What signing adds to a request: the headers to send with it (`Authorization`,
/// `X-Amz-Date`, and `X-Amz-Security-Token` when there is a token), and the
/// intermediate forms, for tests and for showing how a request was signed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signed {
    pub headers: Vec<(&'static str, String)>,
    pub canonical_request: String,
    pub string_to_sign: String,
    pub signature: String,
}

/// Signs `request` with `credentials` for `scope`.
pub fn sign(request: &Request, credentials: &Credentials, scope: &Scope) -> Signed {
    let mut headers: Vec<(String, String)> =
        request.headers.iter().map(|(name, value)| (name.to_ascii_lowercase(), trim(value))).collect();
    headers.push(("host".into(), request.host.into()));
    headers.push(("x-amz-date".into(), scope.amz_date.into()));
    if let Some(token) = &credentials.session_token {
        headers.push(("x-amz-security-token".into(), token.clone()));
    }
    // Sorted by name; a stable sort keeps a repeated name's values in order.
    sort_by(&mut headers, |a, b| a.0.cmp(&b.0));
    let mut canonical_headers = String::new();
    let mut names: Vec<&str> = Vec::new();
    for (name, value) in &headers {
        if names.last() == Some(&name.as_str()) {
            canonical_headers.pop();
            canonical_headers.push(',');
        } else {
            names.push(name);
            canonical_headers.push_str(name);
            canonical_headers.push(':');
        }
        canonical_headers.push_str(value);
        canonical_headers.push('\n');
    }
    let signed_headers = names.join(";");
    let canonical_request = format!(
        "{}\n{}\n{}\n{}\n{}\n{}",
        request.method,
        request.path,
        canonical_query(request.query),
        canonical_headers,
        signed_headers,
        hex(&Sha256::digest(request.body))
    );
    let date = scope.amz_date.get(..8).unwrap_or_default();
    let credential_scope = format!("{date}/{}/{}/aws4_request", scope.region, scope.service);
    let string_to_sign = format!(
        "AWS4-HMAC-SHA256\n{}\n{credential_scope}\n{}",
        scope.amz_date,
        hex(&Sha256::digest(canonical_request.as_bytes()))
    );
    let mut key = hmac(format!("AWS4{}", credentials.secret_access_key).as_bytes(), date.as_bytes());
    for part in [scope.region, scope.service, "aws4_request"] {
        key = hmac(&key, part.as_bytes());
    }
    let signature = hex(&hmac(&key, string_to_sign.as_bytes()));
    let mut out = vec![
        (
            "Authorization",
            format!(
                "AWS4-HMAC-SHA256 Credential={}/{credential_scope}, SignedHeaders={signed_headers}, Signature={signature}",
                credentials.access_key_id
            ),
        ),
        ("X-Amz-Date", scope.amz_date.to_string()),
    ];
    if let Some(token) = &credentials.session_token {
        out.push(("X-Amz-Security-Token", token.clone()));
    }
    Signed { headers: out, canonical_request, string_to_sign, signature }
}

/// `YYYYMMDDTHHMMSSZ` of seconds since 1970-01-01 UTC.
pub fn amz_date(epoch_seconds: u64) -> String {
    let days = epoch_seconds / 86_400;
    let seconds = epoch_seconds % 86_400;
    let date: String = crate::engine::calendar::date_text(days as i64).chars().filter(char::is_ascii_digit).collect();
    format!("{date}T{:02}{:02}{:02}Z", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

/// A header value as signed: trimmed, inner runs of spaces made one.
fn trim(value: &str) -> String {
    value.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The query sorted by name, then value, each percent-encoded.
fn canonical_query(query: &[(&str, &str)]) -> String {
    let mut pairs: Vec<(String, String)> = query.iter().map(|(k, v)| (encode(k), encode(v))).collect();
    sort(&mut pairs);
    pairs.into_iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
}

/// RFC 3986 percent-encoding of everything but the unreserved characters.
fn encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

fn hmac(key: &[u8], data: &[u8]) -> Vec<u8> {
    // HMAC takes a key of any length: `new_from_slice` cannot fail for it.
    match Hmac::<Sha256>::new_from_slice(key) {
        Ok(mut mac) => {
            mac.update(data);
            mac.finalize().into_bytes().to_vec()
        }
        Err(_) => Vec::new(),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests;
