//! AWS's Signature Version 4 test suite: each case's request, its canonical
//! request and its signature, as the suite publishes them (the copy in
//! awslabs/aws-c-auth, `tests/aws-signing-test-suite/v4/<case>/`: `request.txt`,
//! `header-canonical-request.txt`, `header-signature.txt`). Every case signs
//! at 2015-08-30T12:36:00Z in us-east-1 for the service `service` with the
//! suite's example key.

use super::*;

const SECRET: &str = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
const SCOPE: Scope = Scope { region: "us-east-1", service: "service", amz_date: "20150830T123600Z" };
const EMPTY_HASH: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

fn credentials(token: Option<&str>) -> Credentials {
    Credentials {
        access_key_id: "AKIDEXAMPLE".into(),
        secret_access_key: SECRET.into(),
        session_token: token.map(str::to_string),
    }
}

fn request<'a>(method: &'a str, query: &'a [(&'a str, &'a str)], headers: &'a [(&'a str, &'a str)]) -> Request<'a> {
    Request { method, host: "example.amazonaws.com", path: "/", query, headers, body: b"" }
}

/// (case, request, token, canonical request, signature)
fn cases() -> Vec<(&'static str, Request<'static>, Option<&'static str>, String, &'static str)> {
    let plain = |method: &str, query: &str| {
        format!("{method}\n/\n{query}\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n{EMPTY_HASH}")
    };
    const STS_TOKEN: &str = "AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA==";
    const TOKEN: &str = "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267";
    let with_token = |method: &str, token: &str| {
        format!(
            "{method}\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\nx-amz-security-token:{token}\n\n\
             host;x-amz-date;x-amz-security-token\n{EMPTY_HASH}"
        )
    };
    vec![
        (
            "get-vanilla",
            request("GET", &[], &[]),
            None,
            plain("GET", ""),
            "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
        ),
        (
            "post-vanilla",
            request("POST", &[], &[]),
            None,
            plain("POST", ""),
            "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b",
        ),
        (
            "get-vanilla-query-order-key-case",
            request("GET", &[("Param2", "value2"), ("Param1", "value1")], &[]),
            None,
            plain("GET", "Param1=value1&Param2=value2"),
            "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500",
        ),
        (
            "get-header-key-duplicate",
            request("GET", &[], &[("My-Header1", "value2"), ("My-Header1", "value2"), ("My-Header1", "value1")]),
            None,
            format!(
                "GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value2,value2,value1\nx-amz-date:20150830T123600Z\n\n\
                 host;my-header1;x-amz-date\n{EMPTY_HASH}"
            ),
            "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea",
        ),
        (
            "post-header-key-sort",
            request("POST", &[], &[("My-Header1", "value1")]),
            None,
            format!(
                "POST\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\nx-amz-date:20150830T123600Z\n\n\
                 host;my-header1;x-amz-date\n{EMPTY_HASH}"
            ),
            "c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c",
        ),
        (
            "get-vanilla-with-session-token",
            request("GET", &[], &[]),
            Some(TOKEN),
            with_token("GET", TOKEN),
            "07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8",
        ),
        (
            "post-sts-header-before",
            request("POST", &[], &[]),
            Some(STS_TOKEN),
            with_token("POST", STS_TOKEN),
            "85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead",
        ),
    ]
}

#[test]
fn the_aws_test_suite_signs_alike() {
    for (case, request, token, canonical, signature) in cases() {
        let signed = sign(&request, &credentials(token), &SCOPE);
        assert_eq!(signed.canonical_request, canonical, "{case}: canonical request");
        assert_eq!(signed.signature, signature, "{case}: signature");
        let authorization = signed.headers.iter().find(|(name, _)| *name == "Authorization").map(|(_, v)| v.as_str());
        let signed_headers = canonical.lines().nth_back(1).unwrap_or_default();
        assert_eq!(
            authorization,
            Some(
                format!(
                    "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, \
                     SignedHeaders={signed_headers}, Signature={signature}"
                )
                .as_str()
            ),
            "{case}"
        );
        let token_header = signed.headers.iter().find(|(name, _)| *name == "X-Amz-Security-Token");
        assert_eq!(token_header.map(|(_, v)| v.as_str()), token, "{case}");
    }
}

#[test]
fn the_string_to_sign_names_the_scope_and_the_canonical_requests_hash() {
    let signed = sign(&request("GET", &[], &[]), &credentials(None), &SCOPE);
    // get-vanilla's header-string-to-sign.txt.
    assert_eq!(
        signed.string_to_sign,
        "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n\
         bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63"
    );
}

/// A DynamoDB request as an SDK sends it: the target and content type are
/// signed, the body's hash ends the canonical request, and a changed body
/// changes the signature.
#[test]
fn a_dynamodb_request_signs_its_target_and_body() {
    let body = br#"{"TableName":"Music"}"#;
    let headers = [("X-Amz-Target", "DynamoDB_20120810.DescribeTable"), ("Content-Type", "application/x-amz-json-1.0")];
    let scope = Scope { region: "eu-west-1", service: "dynamodb", amz_date: "20261129T101500Z" };
    let dynamodb = Request {
        method: "POST",
        host: "dynamodb.eu-west-1.amazonaws.com",
        path: "/",
        query: &[],
        headers: &headers,
        body,
    };
    let signed = sign(&dynamodb, &credentials(None), &scope);
    let lines: Vec<&str> = signed.canonical_request.lines().collect();
    assert_eq!(
        lines,
        [
            "POST",
            "/",
            "",
            "content-type:application/x-amz-json-1.0",
            "host:dynamodb.eu-west-1.amazonaws.com",
            "x-amz-date:20261129T101500Z",
            "x-amz-target:DynamoDB_20120810.DescribeTable",
            "",
            "content-type;host;x-amz-date;x-amz-target",
            &hex(&Sha256::digest(body)),
        ]
    );
    let authorization = &signed.headers[0].1;
    assert!(
        authorization.starts_with("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261129/eu-west-1/dynamodb/aws4_request, ")
    );
    let other = sign(&Request { body: br#"{"TableName":"Other"}"#, ..dynamodb }, &credentials(None), &scope);
    assert_ne!(other.signature, signed.signature);
}

#[test]
fn values_are_trimmed_and_the_query_encoded() {
    assert_eq!(trim("  a   b  c "), "a b c");
    // Sorted on the encoded text: '%' (0x25) comes before '0' (0x30).
    assert_eq!(canonical_query(&[("b", "x y"), ("a", "é"), ("a", "0")]), "a=%C3%A9&a=0&b=x%20y");
}

#[test]
fn amz_date_is_the_utc_second() {
    assert_eq!(amz_date(1_440_938_160), "20150830T123600Z");
    assert_eq!(amz_date(0), "19700101T000000Z");
}

#[test]
fn the_secret_never_shows_in_debug_output() {
    let shown = format!("{:?}", credentials(Some("token-value")));
    assert!(!shown.contains(SECRET) && !shown.contains("token-value"), "{shown}");
    assert!(shown.contains("AKIDEXAMPLE"));
}
