//! Where requests go, and what goes on the wire: an endpoint's address
//! checked before anything is sent, and one DynamoDB request made ready to
//! send (its URL, headers and body, signed).
//!
//! ```text
//!   "https://dynamodb.eu-west-1.amazonaws.com"  ─ Endpoint::parse ─→  https, host dynamodb.eu-west-1.amazonaws.com
//!   "http://localhost:8000"                                          http,  host localhost:8000
//!   "http://192.168.1.5:8000"                                        refused: http only on this computer
//!
//!   Connection::prepare("Query", body, now)
//!     POST <url>/
//!     Content-Type: application/x-amz-json-1.0
//!     X-Amz-Target: DynamoDB_20120810.Query
//!     X-Amz-Date, Authorization (and X-Amz-Security-Token)   ← sigv4::sign over host, content-type, x-amz-target
//! ```
//!
//! **Why `https` outside this computer.** A request carries a signature
//! that anyone on the path could replay within minutes, and its answer
//! carries the user's data; on plain `http` both travel in the clear. Only
//! loopback addresses (`localhost`, `127.0.0.1`, `[::1]`) never leave the
//! machine, which is where DynamoDB Local and ddb-local run.
//!
//! **The host signed is the host sent.** The browser writes the `Host`
//! header itself, without the scheme's default port; the signature must
//! cover that same text, so a default port written out is dropped here.
//!
//! The secret is handed to [`sigv4::sign`] and nowhere else; a
//! [`Connection`]'s `Debug` leaves it out, as [`Credentials`]' does.

use super::sigv4::{self, Credentials, Scope};

/// The JSON protocol's version of DynamoDB's API, as every SDK sends it.
pub const TARGET_PREFIX: &str = "DynamoDB_20120810.";
/// The content type of DynamoDB's JSON 1.0 protocol.
pub const CONTENT_TYPE: &str = "application/x-amz-json-1.0";

/// An endpoint's address, checked: the scheme, and the host as the browser
/// sends it in `Host`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    pub https: bool,
    /// `host` or `host:port` (a default port left out), lower case.
    pub host: String,
}

/// Why an endpoint's address is refused, before anything is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndpointProblem {
    /// Nothing typed.
    Empty,
    /// Not `http://…` or `https://…`.
    Scheme,
    /// No host, or a host with characters a host cannot have.
    Host,
    /// A path, query, fragment or user name after the host: DynamoDB's
    /// endpoint is the host's root.
    Path,
    /// `http` to a host other than this computer.
    NotHttps,
}

impl Endpoint {
    /// Checks an address as typed (spaces around it ignored, one `/` at the
    /// end allowed).
    pub fn parse(text: &str) -> Result<Endpoint, EndpointProblem> {
        let text = text.trim();
        if text.is_empty() {
            return Err(EndpointProblem::Empty);
        }
        let lower = text.to_ascii_lowercase();
        let (https, rest) = if let Some(rest) = lower.strip_prefix("https://") {
            (true, rest)
        } else if let Some(rest) = lower.strip_prefix("http://") {
            (false, rest)
        } else {
            return Err(EndpointProblem::Scheme);
        };
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        if authority.contains(['/', '?', '#', '@']) {
            return Err(EndpointProblem::Path);
        }
        let (host, port) = split_port(authority).ok_or(EndpointProblem::Host)?;
        if !valid_host(host) {
            return Err(EndpointProblem::Host);
        }
        if !https && !is_loopback(host) {
            return Err(EndpointProblem::NotHttps);
        }
        let default_port = if https { 443 } else { 80 };
        let host = match port {
            Some(port) if port != default_port => format!("{host}:{port}"),
            _ => host.to_string(),
        };
        Ok(Endpoint { https, host })
    }

    /// The URL requests are posted to.
    pub fn url(&self) -> String {
        format!("{}://{}/", if self.https { "https" } else { "http" }, self.host)
    }

    /// The region an AWS endpoint's name says (`dynamodb.eu-west-1.amazonaws.com`
    /// → `eu-west-1`); `None` for any other host.
    pub fn aws_region(&self) -> Option<&str> {
        let name = self.host.split(':').next()?;
        let region = name.strip_prefix("dynamodb.")?;
        let region = region
            .strip_suffix(".amazonaws.com")
            .or_else(|| region.strip_suffix(".amazonaws.com.cn"))
            .or_else(|| region.strip_suffix(".api.aws"))?;
        valid_region(region).then_some(region)
    }

    /// Whether requests stay on this computer.
    pub fn is_local(&self) -> bool {
        split_port(&self.host).is_some_and(|(host, _)| is_loopback(host))
    }
}

/// `host[:port]` split; `None` when the port is not a number from 1 to 65535.
fn split_port(authority: &str) -> Option<(&str, Option<u16>)> {
    // An IPv6 address is bracketed, and has colons of its own.
    let (host, port) = match authority.rfind(':') {
        Some(at) if !authority.get(at..).is_some_and(|tail| tail.contains(']')) => {
            (authority.get(..at)?, Some(authority.get(at + 1..)?))
        }
        _ => (authority, None),
    };
    match port {
        None => Some((host, None)),
        Some(text) => text.parse::<u16>().ok().filter(|p| *p > 0).map(|p| (host, Some(p))),
    }
}

fn valid_host(host: &str) -> bool {
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return !inner.is_empty() && inner.chars().all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
    }
    !host.is_empty()
        && host.split('.').all(|label| {
            !label.is_empty()
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
}

fn is_loopback(host: &str) -> bool {
    matches!(host, "localhost" | "127.0.0.1" | "[::1]")
}

/// A region's name: lower-case letters, digits and dashes (`eu-west-1`,
/// `us-gov-west-1`), as in the endpoint names and the credential scope.
pub fn valid_region(region: &str) -> bool {
    !region.is_empty()
        && region.len() <= 32
        && region.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !region.starts_with('-')
        && !region.ends_with('-')
}

/// An endpoint with the region and credentials to sign for: everything a
/// request needs besides its body. Held in memory only.
#[derive(Clone, PartialEq, Eq)]
pub struct Connection {
    pub endpoint: Endpoint,
    pub region: String,
    pub credentials: Credentials,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("credentials", &self.credentials)
            .finish()
    }
}

/// A request ready to post: where, with which headers, with which body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prepared {
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Connection {
    /// `operation` with its JSON `body`, signed at `epoch_seconds`.
    pub fn prepare(&self, operation: &str, body: &str, epoch_seconds: u64) -> Prepared {
        let target = format!("{TARGET_PREFIX}{operation}");
        let signed_headers = [("Content-Type", CONTENT_TYPE), ("X-Amz-Target", target.as_str())];
        let amz_date = sigv4::amz_date(epoch_seconds);
        let request = sigv4::Request {
            method: "POST",
            host: &self.endpoint.host,
            path: "/",
            query: &[],
            headers: &signed_headers,
            body: body.as_bytes(),
        };
        let scope = Scope { region: &self.region, service: "dynamodb", amz_date: &amz_date };
        let signed = sigv4::sign(&request, &self.credentials, &scope);
        let mut headers: Vec<(String, String)> =
            signed_headers.iter().map(|(name, value)| (name.to_string(), value.to_string())).collect();
        headers.extend(signed.headers.into_iter().map(|(name, value)| (name.to_string(), value)));
        Prepared { url: self.endpoint.url(), headers, body: body.to_string() }
    }
}

#[cfg(test)]
mod tests;
