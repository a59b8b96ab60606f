//! Round trips: every request, generated and read back, is the request.

use super::reading_back::*;
use super::*;

#[test]
fn cli_round_trips() {
    for (operation, request) in all_requests() {
        for endpoint in [None, Some(LOCAL_ENDPOINT), Some("http://[::1]:8000/a b's")] {
            let command = aws_cli(operation, &request, endpoint);
            let words = shell_words(&command);
            assert_eq!(words.get(2), Some(&xform_name(operation, '-')), "{command}");
            let (back, extra) = cli_request(&words, &request);
            assert_eq!(back, sent(&request), "{command}");
            let mut expected_extra = Vec::new();
            if ["Query", "Scan", "ListTables"].contains(&operation) && request.get("Limit").is_some() {
                expected_extra.push("--no-paginate".to_string());
            }
            if let Some(url) = endpoint {
                expected_extra.push(format!("--endpoint-url {url}"));
            }
            assert_eq!(extra, expected_extra, "{command}");
        }
    }
}

#[test]
fn javascript_round_trips() {
    for (operation, request) in all_requests() {
        let code = javascript_v3(operation, &request, Some(LOCAL_ENDPOINT));
        assert!(code.starts_with(&format!(
            "import {{ DynamoDBClient, {operation}Command }} from \"@aws-sdk/client-dynamodb\";\n\n\
             const client = new DynamoDBClient({{ region: \"us-east-1\", endpoint: \"http://localhost:8000\" }});\n"
        )));
        assert_eq!(javascript_input(&code, operation), sent(&request), "{code}");
    }
}

#[test]
fn python_round_trips() {
    for (operation, request) in all_requests() {
        let code = python_boto3(operation, &request, None);
        assert!(code.starts_with("import boto3\n\nclient = boto3.client(\"dynamodb\", region_name=\"us-east-1\")\n\n"));
        assert!(code.ends_with(")\nprint(response)\n"));
        assert_eq!(python_input(&code, &xform_name(operation, '_')), sent(&request), "{code}");
    }
}

#[test]
fn python_falls_back_to_a_dict_for_odd_member_names() {
    let request = json!({"TableName": "t", "not-an-identifier": 1, "None": true, "ok": null});
    let code = python_boto3("GetItem", &request, None);
    assert_eq!(
        code,
        "import boto3\n\nclient = boto3.client(\"dynamodb\", region_name=\"us-east-1\")\n\n\
         response = client.get_item(**{\"TableName\": \"t\", \"None\": True, \"not-an-identifier\": 1})\nprint(response)\n"
    );
    assert_eq!(python_input(&code, "get_item"), json!({"TableName": "t", "not-an-identifier": 1, "None": true}));
}
