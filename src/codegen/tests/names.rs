//! Names: boto3's method names and sanitised operation names.

use super::*;

#[test]
fn xform_name_matches_botocore() {
    let cases = [
        ("Query", "query", "query"),
        ("BatchWriteItem", "batch-write-item", "batch_write_item"),
        ("TransactGetItems", "transact-get-items", "transact_get_items"),
        ("ListTables", "list-tables", "list_tables"),
        ("TableName", "table-name", "table_name"),
        ("ExpressionAttributeValues", "expression-attribute-values", "expression_attribute_values"),
        (
            "ReturnValuesOnConditionCheckFailure",
            "return-values-on-condition-check-failure",
            "return_values_on_condition_check_failure",
        ),
        ("SSESpecification", "sse-specification", "sse_specification"),
        ("GlobalSecondaryIndexUpdates", "global-secondary-index-updates", "global_secondary_index_updates"),
        ("ExclusiveStartKey", "exclusive-start-key", "exclusive_start_key"),
        ("DeletionProtectionEnabled", "deletion-protection-enabled", "deletion_protection_enabled"),
        // botocore's own examples of the three rules.
        ("GatewayARNs", "gateway-arns", "gateway_arns"),
        ("ListWebACLs", "list-web-acls", "list_web_acls"),
        ("DescribeDBInstances", "describe-db-instances", "describe_db_instances"),
        ("CreateIAMRole", "create-iam-role", "create_iam_role"),
        ("S3Bucket", "s3-bucket", "s3_bucket"),
        ("Already-kebab", "Already-kebab", "already-kebab"),
        ("", "", ""),
        ("x", "x", "x"),
        // Only ASCII changes case: every API member name is ASCII, and a
        // made-up one keeps its other letters (botocore would lower the Ä).
        ("ÄbcDef", "Äbc-def", "Äbc_def"),
    ];
    for (name, kebab, snake) in cases {
        assert_eq!(xform_name(name, '-'), kebab, "{name}");
        assert_eq!(xform_name(name, '_'), snake, "{name}");
    }
}

#[test]
fn operation_names_are_sanitised() {
    let cases = [
        ("Query", "Query"),
        ("query", "Query"),
        ("Batch Write-Item!", "BatchWriteItem"),
        ("9Lives", "Lives"),
        ("", "Unknown"),
        ("'; rm -rf / #", "Rmrf"),
        ("Ünïcode", "Ncode"),
    ];
    for (given, expected) in cases {
        assert_eq!(operation_name(given), expected, "{given}");
    }
}
