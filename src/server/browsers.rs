//! Who may reach ddb-local from a web browser: the `Origin` and `Host`
//! checks in front of every request, and CORS for the pages allowed.
//!
//! ddb-local has no authentication, and a web page the user has open in
//! another tab can send requests to `http://127.0.0.1:8000` too. Two
//! attacks follow, and each has its check:
//!
//! * **A foreign page sends requests.** A browser names the page a request
//!   comes from in `Origin`. A request with an `Origin` is answered only
//!   when that origin is a loopback one (`http://localhost:*`,
//!   `http://127.0.0.1:*`, `http://[::1]:*`, also `https`), or one
//!   `--allow-origin` names (`*` for any). Any other origin is refused with
//!   403 before the request is read: CORS alone would only stop the page
//!   from *reading* the answer, and a plain POST changes the tables
//!   without asking first. `Origin: null` (a file, a sandboxed frame) is
//!   refused unless `*` is given. A request without `Origin` is not from a
//!   page (the AWS CLI, an SDK), and goes on as before.
//! * **DNS rebinding.** A page's own host name made to resolve to
//!   127.0.0.1 makes its requests same-origin, so they carry no foreign
//!   `Origin`; but they carry that name in `Host`. When ddb-local listens on
//!   a loopback address, `Host` must be a loopback name (`localhost`,
//!   `127.0.0.1`, `[::1]`), with the port it listens on if a port is
//!   given; on another single address, that address. Listening on every address
//!   (`--host 0.0.0.0`) is a choice to be reached under any name, so `Host`
//!   is not checked then.
//!
//! An allowed page gets CORS: a preflight (`OPTIONS` with `Origin`) is
//! answered 204 with the methods and headers it asked for, and every answer
//! names the origin (`Access-Control-Allow-Origin`, `Vary: Origin`) and
//! lets the page read the request id and CRC headers SDKs check.

use std::net::{IpAddr, SocketAddr};

/// The checks, for a server listening on one address.
#[derive(Clone, Debug)]
pub struct Gate {
    listening: SocketAddr,
    /// The `--allow-origin` values, without a trailing `/`.
    extra_origins: Vec<String>,
    /// `--allow-origin '*'`.
    any_origin: bool,
}

/// The headers a page may read from an answer.
pub const EXPOSED_HEADERS: &str = "x-amzn-RequestId, x-amz-crc32, x-ddb-local-reason";
/// How long a browser may keep a preflight's answer (seconds).
pub const PREFLIGHT_MAX_AGE: &str = "600";
/// The methods a page may use.
pub const ALLOWED_METHODS: &str = "POST, GET, HEAD";

impl Gate {
    /// The checks for a server listening on `listening` (its real port, once
    /// bound), answering the loopback origins and `allowed_origins` too.
    pub fn new(listening: SocketAddr, allowed_origins: &[String]) -> Self {
        let any_origin = allowed_origins.iter().any(|o| o == "*");
        let extra_origins =
            allowed_origins.iter().filter(|o| *o != "*").map(|o| o.trim_end_matches('/').to_string()).collect();
        Self { listening, extra_origins, any_origin }
    }

    /// Whether a request naming `host` in its `Host` header is answered;
    /// `Err` says why not.
    pub fn host(&self, host: Option<&str>) -> Result<(), String> {
        let Some(host) = host else { return Ok(()) };
        let ip = self.listening.ip();
        if ip.is_unspecified() {
            return Ok(());
        }
        let port = self.listening.port();
        let (name, given_port) = split_host(host);
        // The name is what a rebinding page cannot choose; a port, when
        // given, must be ours too.
        let port_matches = given_port.is_none_or(|given| given == port);
        let name_matches = if ip.is_loopback() {
            name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok_and(|n| n.is_loopback())
        } else {
            name.parse::<IpAddr>().is_ok_and(|n| n == ip)
        };
        if port_matches && name_matches {
            Ok(())
        } else {
            Err(format!(
                "ddb-local refuses a request for host '{host}': it answers only to the address it listens on \
                 ({}), so that a web page cannot reach it under another name (DNS rebinding)",
                self.names()
            ))
        }
    }

    /// What `Host` may say, for the refusal's words.
    fn names(&self) -> String {
        let port = self.listening.port();
        if self.listening.ip().is_loopback() {
            format!("localhost:{port}, 127.0.0.1:{port} or [::1]:{port}")
        } else {
            self.listening.to_string()
        }
    }

    /// The origin to answer with CORS (`Ok(None)`: the request names none,
    /// so it is not from a page), or why the page may not call.
    pub fn origin(&self, origin: Option<&str>) -> Result<Option<String>, String> {
        let Some(origin) = origin else { return Ok(None) };
        if self.any_origin || is_loopback_origin(origin) || self.extra_origins.iter().any(|o| o == origin) {
            return Ok(Some(origin.to_string()));
        }
        Err(format!(
            "ddb-local does not answer the page at {origin}: only pages on this computer \
             (http://localhost:*, http://127.0.0.1:*, http://[::1]:*) and the origins given with \
             --allow-origin may call it"
        ))
    }
}

/// `name` and port of a `Host` header (`[::1]:8000`, `localhost`).
fn split_host(host: &str) -> (&str, Option<u16>) {
    if let Some(rest) = host.strip_prefix('[') {
        return match rest.split_once(']') {
            Some((name, after)) => (name, after.strip_prefix(':').and_then(|p| p.parse().ok())),
            None => (host, None),
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) => match port.parse() {
            Ok(port) => (name, Some(port)),
            Err(_) => (host, Some(0)),
        },
        None => (host, None),
    }
}

/// Whether `origin` is a page on this computer: `http` or `https` with a
/// loopback host, any port.
fn is_loopback_origin(origin: &str) -> bool {
    let Some(rest) = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")) else {
        return false;
    };
    if rest.contains('/') {
        return false;
    }
    let (name, port) = split_host(rest);
    if port == Some(0) {
        return false;
    }
    name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok_and(|n| n.is_loopback())
}

/// The headers a preflight may ask for, answered as asked when they are
/// plain header names (letters, digits, `-`, `_`, commas and blanks), else
/// the headers AWS SDKs send.
pub fn allowed_headers(requested: Option<&str>) -> String {
    const SDK_HEADERS: &str = "content-type, x-amz-target, x-amz-date, authorization, x-amz-security-token, \
                               x-amz-user-agent, amz-sdk-invocation-id, amz-sdk-request, x-amz-content-sha256";
    match requested {
        Some(asked)
            if !asked.trim().is_empty()
                && asked.len() <= 2048
                && asked.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_, ".contains(&b)) =>
        {
            asked.to_string()
        }
        _ => SDK_HEADERS.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(addr: &str, extra: &[&str]) -> Gate {
        Gate::new(addr.parse().unwrap(), &extra.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn loopback_hosts_with_the_port_are_answered_others_refused() {
        let g = gate("127.0.0.1:8000", &[]);
        for host in
            ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000", "127.0.0.2:8000", "localhost", "[::1]"]
        {
            assert_eq!(g.host(Some(host)), Ok(()), "{host}");
        }
        assert_eq!(g.host(None), Ok(()));
        for host in ["evil.example:8000", "evil.example", "127.0.0.1:9000", "127.0.0.1:x", "0.0.0.0:8000"] {
            let refusal = g.host(Some(host)).unwrap_err();
            assert!(refusal.contains(host) && refusal.contains("DNS rebinding"), "{refusal}");
        }
        // Another single address: that address only; every address: any host.
        let g = gate("10.0.0.5:8000", &[]);
        assert_eq!(g.host(Some("10.0.0.5:8000")), Ok(()));
        assert!(g.host(Some("localhost:8000")).is_err());
        assert_eq!(gate("0.0.0.0:8000", &[]).host(Some("anything.example:1")), Ok(()));
    }

    #[test]
    fn loopback_origins_and_the_named_ones_are_answered_others_refused() {
        let g = gate("127.0.0.1:8000", &["https://ddb.example.org/"]);
        for origin in [
            "http://localhost:8080",
            "http://127.0.0.1:5173",
            "https://localhost",
            "http://[::1]:3000",
            "https://ddb.example.org",
        ] {
            assert_eq!(g.origin(Some(origin)), Ok(Some(origin.to_string())), "{origin}");
        }
        assert_eq!(g.origin(None), Ok(None));
        for origin in [
            "https://evil.example",
            "null",
            "http://localhost.evil.example",
            "http://127.0.0.1.evil.example:80",
            "file://",
            "http://localhost:8080/path",
            "https://ddb.example.org:444",
        ] {
            let refusal = g.origin(Some(origin)).unwrap_err();
            assert!(refusal.contains(origin) && refusal.contains("--allow-origin"), "{refusal}");
        }
        let any = gate("127.0.0.1:8000", &["*"]);
        assert_eq!(any.origin(Some("null")), Ok(Some("null".to_string())));
        assert_eq!(any.origin(Some("https://evil.example")), Ok(Some("https://evil.example".to_string())));
    }

    #[test]
    fn a_preflight_gets_the_headers_it_asked_for_when_they_are_plain_names() {
        assert_eq!(allowed_headers(Some("content-type, x-amz-target")), "content-type, x-amz-target");
        assert!(allowed_headers(Some("x\r\nset-cookie: a")).contains("x-amz-target"));
        assert!(allowed_headers(None).contains("authorization"));
    }
}
