//! TagResource, UntagResource and ListTagsOfResource on a table's ARN.
//!
//! A table's tags live in its definition ([`TableDefinition::tags`]), so a
//! snapshot keeps them (as CreateTable's `Tags`) and DeleteTable drops them.
//! Tagging is control plane: nothing is charged or throttled.
//!
//! On DynamoDB a tag change takes a few seconds to show in
//! ListTagsOfResource; here it shows at once, which every client that polls
//! for the change also accepts.
//!
//! [`TableDefinition::tags`]: crate::engine::table::TableDefinition::tags

use serde_json::{json, Value};

use crate::engine::api::tags::{too_many_tags, TableArn, TagResource, UntagResource, MAX_TAGS};
use crate::engine::error::{ApiError, Result};
use crate::engine::table::Table;
use crate::engine::Engine;

impl Engine {
    /// Whether `resource` is a table ARN of this engine's account and
    /// region. An ARN of another account is IAM's refusal (the caller may
    /// not touch it); one of another region is not a table ARN this
    /// endpoint answers for. Tag operations and a table named by its ARN
    /// (`table_arns`) share it.
    pub(crate) fn check_own_arn(&self, operation: &str, resource: &TableArn) -> Result<()> {
        if resource.account != self.account_id {
            return Err(self.access_denied(operation, &resource.arn));
        }
        if resource.region != self.region {
            return Err(ApiError::validation(format!(
                "Invalid TableArn: Invalid ResourceArn provided as input {}",
                resource.arn
            )));
        }
        Ok(())
    }

    /// The table `resource` names, once [`Engine::check_own_arn`] allows it.
    fn tagged_table(&mut self, operation: &str, resource: &TableArn) -> Result<Option<&mut Table>> {
        self.check_own_arn(operation, resource)?;
        Ok(self.tables.get_mut(&resource.table_name))
    }

    fn access_denied(&self, operation: &str, arn: &str) -> ApiError {
        ApiError::AccessDenied(format!(
            "User: arn:aws:iam::{}:root is not authorized to perform: dynamodb:{operation} on resource: {arn}",
            self.account_id
        ))
    }

    pub(crate) fn tag_resource(&mut self, request: TagResource) -> Result<Value> {
        let arn = request.resource.arn.clone();
        let Some(table) = self.tagged_table("TagResource", &request.resource)? else {
            return Err(ApiError::ResourceNotFound(format!(
                "Requested resource not found: ResourcArn: {arn} not found"
            )));
        };
        let mut tags = table.definition.tags.clone();
        tags.extend(request.tags);
        if tags.len() > MAX_TAGS {
            return Err(too_many_tags(tags.len()));
        }
        table.definition.tags = tags;
        Ok(json!({}))
    }

    pub(crate) fn untag_resource(&mut self, request: UntagResource) -> Result<Value> {
        let Some(table) = self.tagged_table("UntagResource", &request.resource)? else {
            return Err(ApiError::resource_not_found());
        };
        // A key the table does not have is no error.
        for key in &request.tag_keys {
            table.definition.tags.remove(key);
        }
        Ok(json!({}))
    }

    /// Every tag in key order, in one page: a table has at most 50, so no
    /// `NextToken` is ever needed (DynamoDB documents one but does not say
    /// when it pages).
    pub(crate) fn list_tags_of_resource(&mut self, resource: TableArn) -> Result<Value> {
        let operation = "ListTagsOfResource";
        let Some(table) = self.tagged_table(operation, &resource)? else {
            // DynamoDB answers a table ARN it cannot find with IAM's refusal
            // here (captured 2026), unlike TagResource and UntagResource.
            return Err(self.access_denied(operation, &resource.arn));
        };
        let tags: Vec<Value> =
            table.definition.tags.iter().map(|(key, value)| json!({"Key": key, "Value": value})).collect();
        Ok(json!({ "Tags": tags }))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::engine::error::ApiError;
    use crate::engine::Engine;

    const ARN: &str = "arn:aws:dynamodb:us-east-1:000000000000:table/Music";

    fn engine() -> Engine {
        let mut engine = Engine::new();
        engine
            .execute(
                "CreateTable",
                &json!({"TableName": "Music", "BillingMode": "PAY_PER_REQUEST",
                        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}),
            )
            .expect("table");
        engine
    }

    fn tags(engine: &mut Engine) -> serde_json::Value {
        engine.execute("ListTagsOfResource", &json!({"ResourceArn": ARN})).expect("tags")
    }

    fn tag(engine: &mut Engine, tags: serde_json::Value) -> Result<serde_json::Value, ApiError> {
        engine.execute("TagResource", &json!({"ResourceArn": ARN, "Tags": tags}))
    }

    #[test]
    fn tags_are_added_replaced_listed_in_key_order_and_removed() {
        let mut engine = engine();
        assert_eq!(tags(&mut engine), json!({"Tags": []}));
        let added = tag(&mut engine, json!([{"Key": "project", "Value": "a"}, {"Key": "env", "Value": "test"}]));
        assert_eq!(added, Ok(json!({})));
        // A key given twice: the last value stays.
        let twice =
            json!([{"Key": "env", "Value": "staging"}, {"Key": "team", "Value": ""}, {"Key": "env", "Value": "prod"}]);
        tag(&mut engine, twice).expect("tagged");
        assert_eq!(
            tags(&mut engine),
            json!({"Tags": [{"Key": "env", "Value": "prod"}, {"Key": "project", "Value": "a"},
                            {"Key": "team", "Value": ""}]})
        );
        let untagged = engine
            .execute_charged("UntagResource", &json!({"ResourceArn": ARN, "TagKeys": ["team", "not-there", "env"]}));
        assert_eq!(untagged.result, Ok(json!({})));
        assert!(untagged.charges.is_empty(), "control plane: nothing charged");
        assert_eq!(tags(&mut engine), json!({"Tags": [{"Key": "project", "Value": "a"}]}));
    }

    #[test]
    fn a_table_holds_at_most_fifty_tags_and_a_refused_request_changes_nothing() {
        let mut engine = engine();
        let first: Vec<_> = (0..30).map(|i| json!({"Key": i.to_string(), "Value": "v"})).collect();
        tag(&mut engine, json!(first)).expect("30 tags");
        let overlapping: Vec<_> = (20..50).map(|i| json!({"Key": i.to_string(), "Value": "w"})).collect();
        tag(&mut engine, json!(overlapping)).expect("50 tags: the ten shared keys are replaced");
        let before = tags(&mut engine);
        assert_eq!(
            tag(&mut engine, json!([{"Key": "one-more", "Value": "v"}])),
            Err(ApiError::validation(
                "One or more parameter values were invalid: Too many tags: the table would have 51 tags, and a table \
                 can have at most 50"
            ))
        );
        assert_eq!(tags(&mut engine), before);
    }

    #[test]
    fn wrong_tables_and_accounts_get_dynamodb_errors() {
        let mut engine = engine();
        let missing = "arn:aws:dynamodb:us-east-1:000000000000:table/nonexistent_table_xyz";
        let other_account = "arn:aws:dynamodb:us-east-1:123456789012:table/Music";
        let cases = [
            (
                "TagResource",
                json!({"ResourceArn": missing, "Tags": [{"Key": "k", "Value": "v"}]}),
                ApiError::ResourceNotFound(format!("Requested resource not found: ResourcArn: {missing} not found")),
            ),
            (
                "UntagResource",
                json!({"ResourceArn": missing, "TagKeys": ["k"]}),
                ApiError::ResourceNotFound("Requested resource not found".into()),
            ),
            (
                "ListTagsOfResource",
                json!({"ResourceArn": missing}),
                ApiError::AccessDenied(format!(
                    "User: arn:aws:iam::000000000000:root is not authorized to perform: dynamodb:ListTagsOfResource \
                     on resource: {missing}"
                )),
            ),
            (
                "TagResource",
                json!({"ResourceArn": other_account, "Tags": [{"Key": "k", "Value": "v"}]}),
                ApiError::AccessDenied(format!(
                    "User: arn:aws:iam::000000000000:root is not authorized to perform: dynamodb:TagResource on \
                     resource: {other_account}"
                )),
            ),
            (
                "ListTagsOfResource",
                json!({"ResourceArn": "arn:aws:dynamodb:eu-west-1:000000000000:table/Music"}),
                ApiError::validation(
                    "Invalid TableArn: Invalid ResourceArn provided as input \
                     arn:aws:dynamodb:eu-west-1:000000000000:table/Music",
                ),
            ),
        ];
        for (operation, request, error) in cases {
            assert_eq!(engine.execute(operation, &request), Err(error), "{operation} {request}");
        }
    }

    #[test]
    fn request_level_checks_come_first_with_dynamodb_words() {
        let mut engine = engine();
        let long_key = "k".repeat(129);
        let long_value = "v".repeat(257);
        let cases = [
            ("TagResource", json!({"Tags": [{"Key": "k", "Value": "v"}]}), "Invalid TableArn"),
            ("UntagResource", json!({}), "Invalid TableArn"),
            ("ListTagsOfResource", json!({}), "Invalid TableArn"),
            (
                "TagResource",
                json!({"ResourceArn": ARN}),
                "1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must not be null",
            ),
            ("TagResource", json!({"ResourceArn": ARN, "Tags": []}), "Atleast one Tag needs to be provided as Input."),
            ("UntagResource", json!({"ResourceArn": ARN, "TagKeys": []}), "Atleast one Tag Key needs to be provided as Input."),
            (
                "UntagResource",
                json!({"ResourceArn": ARN}),
                "1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: Member must not be \
                 null",
            ),
            (
                "TagResource",
                json!({"ResourceArn": ARN, "Tags": [{"Key": "", "Value": "v"}, {"Key": "k"}]}),
                "2 validation errors detected: Value '' at 'tags.1.member.key' failed to satisfy constraint: Member \
                 must have length greater than or equal to 1; Value null at 'tags.2.member.value' failed to satisfy \
                 constraint: Member must not be null",
            ),
            (
                "TagResource",
                json!({"ResourceArn": "not-a-valid-arn", "Tags": [{"Key": "k", "Value": "v"}]}),
                "One or more parameter values were invalid: ARNs must start with 'arn:': not-a-valid-arn",
            ),
            (
                "TagResource",
                json!({"ResourceArn": ARN, "Tags": [{"Key": "hi!", "Value": "v"}]}),
                "One or more parameter values were invalid: Tag key 'hi!' may hold only letters, numbers, white \
                 space and + - = . _ : /",
            ),
            (
                "TagResource",
                json!({"ResourceArn": ARN, "Tags": [{"Key": "aws:owner", "Value": "v"}]}),
                "One or more parameter values were invalid: Tag key 'aws:owner' starts with the prefix reserved for \
                 AWS-assigned tags: aws:",
            ),
        ];
        for (operation, request, message) in cases {
            assert_eq!(
                engine.execute(operation, &request),
                Err(ApiError::validation(message)),
                "{operation} {request}"
            );
        }
        let key_error = engine
            .execute("TagResource", &json!({"ResourceArn": ARN, "Tags": [{"Key": long_key, "Value": long_value}]}))
            .expect_err("too long");
        assert_eq!(
            key_error,
            ApiError::validation(format!(
                "2 validation errors detected: Value '{long_key}' at 'tags.1.member.key' failed to satisfy \
                 constraint: Member must have length less than or equal to 128; Value '{long_value}' at \
                 'tags.1.member.value' failed to satisfy constraint: Member must have length less than or equal to 256"
            ))
        );
        assert_eq!(tags(&mut engine), json!({"Tags": []}), "refused requests changed nothing");
        let longest = json!([{"Key": "k".repeat(128), "Value": "v".repeat(256)}]);
        assert_eq!(tag(&mut engine, longest), Ok(json!({})));
    }

    #[test]
    fn create_table_takes_tags_and_refuses_bad_ones_without_creating_the_table() {
        let mut engine = Engine::new();
        let request = |tags: serde_json::Value| {
            json!({"TableName": "Music", "BillingMode": "PAY_PER_REQUEST", "Tags": tags,
                   "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                   "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]})
        };
        let too_many: Vec<_> = (0..51).map(|i| json!({"Key": i.to_string(), "Value": "v"})).collect();
        assert_eq!(
            engine.execute("CreateTable", &request(json!(too_many))),
            Err(ApiError::validation(
                "One or more parameter values were invalid: Too many tags: the table would have 51 tags, and a table \
                 can have at most 50"
            ))
        );
        assert!(engine.table("Music").is_none());
        let created = engine.execute("CreateTable", &request(json!([{"Key": "env", "Value": "test"}])));
        assert!(created.is_ok(), "{created:?}");
        assert_eq!(tags(&mut engine), json!({"Tags": [{"Key": "env", "Value": "test"}]}));
    }
}
