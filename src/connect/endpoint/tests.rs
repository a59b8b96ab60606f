//! Endpoint addresses as typed, and DynamoDB requests as signed: the
//! expected signatures are botocore's (`SigV4Auth` of botocore 1.44, the
//! AWS CLI's and boto3's signer) for the same request at the same time.

use super::*;

#[test]
fn addresses_are_checked_before_anything_is_sent() {
    let ok = |text: &str, https: bool, host: &str| {
        assert_eq!(Endpoint::parse(text), Ok(Endpoint { https, host: host.into() }), "{text}");
    };
    ok("http://localhost:8000", false, "localhost:8000");
    ok("  http://127.0.0.1:8000/ ", false, "127.0.0.1:8000");
    ok("http://[::1]:8000", false, "[::1]:8000");
    ok("HTTPS://DynamoDB.eu-west-1.amazonaws.com", true, "dynamodb.eu-west-1.amazonaws.com");
    ok("https://dynamodb.eu-west-1.amazonaws.com:443/", true, "dynamodb.eu-west-1.amazonaws.com");
    ok("http://localhost:80", false, "localhost");
    ok("https://ddb.example.org:8443", true, "ddb.example.org:8443");
    let refused = |text: &str, problem: EndpointProblem| assert_eq!(Endpoint::parse(text), Err(problem), "{text}");
    refused(" ", EndpointProblem::Empty);
    refused("localhost:8000", EndpointProblem::Scheme);
    refused("ftp://localhost", EndpointProblem::Scheme);
    refused("http://192.168.1.5:8000", EndpointProblem::NotHttps);
    refused("http://dynamodb.eu-west-1.amazonaws.com", EndpointProblem::NotHttps);
    refused("http://localhost.example.org", EndpointProblem::NotHttps);
    refused("https://", EndpointProblem::Host);
    refused("https://exa mple.org", EndpointProblem::Host);
    refused("http://localhost:0", EndpointProblem::Host);
    refused("http://localhost:99999", EndpointProblem::Host);
    refused("http://localhost:80a", EndpointProblem::Host);
    refused("https://user@example.org", EndpointProblem::Path);
    refused("https://example.org/prefix", EndpointProblem::Path);
    refused("https://example.org?x=1", EndpointProblem::Path);
}

#[test]
fn an_aws_endpoint_names_its_region() {
    let region = |text: &str| Endpoint::parse(text).unwrap().aws_region().map(str::to_string);
    assert_eq!(region("https://dynamodb.eu-west-1.amazonaws.com").as_deref(), Some("eu-west-1"));
    assert_eq!(region("https://dynamodb.cn-north-1.amazonaws.com.cn").as_deref(), Some("cn-north-1"));
    assert_eq!(region("https://dynamodb.us-east-1.api.aws").as_deref(), Some("us-east-1"));
    assert_eq!(region("http://localhost:8000"), None);
    assert_eq!(region("https://ddb.example.org"), None);
    assert!(Endpoint::parse("http://[::1]:8000").unwrap().is_local());
    assert!(!Endpoint::parse("https://dynamodb.eu-west-1.amazonaws.com").unwrap().is_local());
    assert!(valid_region("us-gov-west-1"));
    assert!(!valid_region("EU-WEST-1") && !valid_region("") && !valid_region("-x"));
}

const BODY: &str = r#"{"TableName":"Music","KeyConditionExpression":"Artist = :a","ExpressionAttributeValues":{":a":{"S":"No One You Know"}}}"#;
/// 2026-11-29T10:15:00Z.
const AT: u64 = 1_795_947_300;

fn connection(url: &str, region: &str, token: Option<&str>) -> Connection {
    Connection {
        endpoint: Endpoint::parse(url).unwrap(),
        region: region.into(),
        credentials: Credentials {
            access_key_id: "AKIDEXAMPLE".into(),
            secret_access_key: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY".into(),
            session_token: token.map(str::to_string),
        },
    }
}

fn header<'a>(prepared: &'a Prepared, name: &str) -> &'a str {
    prepared.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()).unwrap_or_else(|| panic!("{name}"))
}

#[test]
fn a_query_to_ddb_local_is_signed_as_botocore_signs_it() {
    let prepared = connection("http://localhost:8000", "us-east-1", None).prepare("Query", BODY, AT);
    assert_eq!(prepared.url, "http://localhost:8000/");
    assert_eq!(prepared.body, BODY);
    assert_eq!(header(&prepared, "Content-Type"), "application/x-amz-json-1.0");
    assert_eq!(header(&prepared, "X-Amz-Target"), "DynamoDB_20120810.Query");
    assert_eq!(header(&prepared, "X-Amz-Date"), "20261129T101500Z");
    assert_eq!(
        header(&prepared, "Authorization"),
        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261129/us-east-1/dynamodb/aws4_request, \
         SignedHeaders=content-type;host;x-amz-date;x-amz-target, \
         Signature=9a24d4bf49be7085f272a8ef7ebd7cf8b94ed3dcfb21e3cab471573cec47382f"
    );
    assert!(prepared.headers.iter().all(|(name, _)| name != "X-Amz-Security-Token"));
}

#[test]
fn temporary_credentials_to_a_region_sign_their_token() {
    let prepared =
        connection("https://dynamodb.eu-west-1.amazonaws.com:443", "eu-west-1", Some("FQoGZXIvYXdzEXAMPLETOKEN"))
            .prepare("Query", BODY, AT);
    assert_eq!(prepared.url, "https://dynamodb.eu-west-1.amazonaws.com/");
    assert_eq!(header(&prepared, "X-Amz-Security-Token"), "FQoGZXIvYXdzEXAMPLETOKEN");
    assert_eq!(
        header(&prepared, "Authorization"),
        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261129/eu-west-1/dynamodb/aws4_request, \
         SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-amz-target, \
         Signature=2c1e39d68b50a639e343f5262329040fa8fb5eb98e1670b54a3fec0c7cdf4bc8"
    );
}

#[test]
fn the_secret_is_in_no_debug_output() {
    let connection = connection("http://localhost:8000", "us-east-1", Some("TOKEN-TEXT"));
    let shown = format!("{connection:?}");
    assert!(shown.contains("AKIDEXAMPLE"), "{shown}");
    assert!(!shown.contains("EXAMPLEKEY") && !shown.contains("TOKEN-TEXT"), "{shown}");
}
