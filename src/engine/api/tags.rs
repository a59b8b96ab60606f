//! TagResource, UntagResource and ListTagsOfResource: their request shapes,
//! the table ARN they name, and the tag rules CreateTable's `Tags` share.
//!
//! A tag is a key and a value that DynamoDB keeps with a table for billing
//! and access control; it changes nothing about how the table behaves. The
//! checks run in DynamoDB's layers (docs/dynamodb-semantics.md, "Tags"):
//!
//! 1. a missing `ResourceArn` is reported on its own, as `Invalid TableArn`;
//! 2. the constraint layer ([`Violations`]): `Tags` / `TagKeys` present, a
//!    key of 1 to 128 characters, a value of 0 to 256, each tag with both;
//! 3. the service: at least one tag (or tag key), the ARN's shape
//!    (`TableArn`), the characters a tag may hold and the reserved `aws:`
//!    prefix.
//!
//! What needs the engine (the ARN's account and region, whether the table
//! exists, the 50-tag limit after merging) is checked in `ops::tags`.

use std::collections::BTreeMap;

use super::members::{shape, string, strings, structures};
use super::Violations;
use crate::engine::error::{ApiError, Result};
use crate::engine::ordered::Ordered;

/// Most user tags on one table.
pub const MAX_TAGS: usize = 50;
/// Longest tag key, in characters.
const MAX_KEY_LENGTH: usize = 128;
/// Longest tag value, in characters.
const MAX_VALUE_LENGTH: usize = 256;
/// Longest `ResourceArn` the API model allows.
const MAX_ARN_LENGTH: usize = 1283;
/// The punctuation a tag key or value may hold besides letters, numbers and
/// white space.
const TAG_PUNCTUATION: &[char] = &['+', '-', '=', '.', '_', ':', '/'];
/// The prefix of the tags AWS itself assigns; users cannot.
const RESERVED_PREFIX: &str = "aws:";

/// One `{"Key", "Value"}` of a request.
#[derive(Clone, Debug, Default)]
pub struct TagInput {
    pub key: Option<String>,
    pub value: Option<String>,
}

shape! { TagInput {
    "Key" => key: string,
    "Value" => value: string,
} }

#[derive(Debug, Default)]
pub(crate) struct TagResourceInput {
    resource_arn: Option<String>,
    tags: Option<Vec<TagInput>>,
}

shape! { TagResourceInput {
    "ResourceArn" => resource_arn: string,
    "Tags" => tags: structures::<TagInput>,
} }

#[derive(Debug, Default)]
pub(crate) struct UntagResourceInput {
    resource_arn: Option<String>,
    tag_keys: Option<Vec<String>>,
}

shape! { UntagResourceInput {
    "ResourceArn" => resource_arn: string,
    "TagKeys" => tag_keys: strings,
} }

#[derive(Debug, Default)]
pub(crate) struct ListTagsOfResourceInput {
    resource_arn: Option<String>,
    /// Accepted and not needed: every tag fits one page (see `ops::tags`).
    #[allow(dead_code)]
    next_token: Option<String>,
}

shape! { ListTagsOfResourceInput {
    "ResourceArn" => resource_arn: string,
    "NextToken" => next_token: string,
} }

/// A `ResourceArn` of the form `arn:aws:dynamodb:REGION:ACCOUNT:table/NAME`,
/// as given; whether its region and account are the engine's is for the
/// operation to decide.
#[derive(Debug, PartialEq)]
pub(crate) struct TableArn {
    pub(crate) arn: String,
    pub(crate) region: String,
    pub(crate) account: String,
    pub(crate) table_name: String,
}

/// A checked TagResource: tags in request order (a key given twice keeps
/// its last value when merged).
#[derive(Debug)]
pub(crate) struct TagResource {
    pub(crate) resource: TableArn,
    pub(crate) tags: Vec<(String, String)>,
}

/// A checked UntagResource.
#[derive(Debug)]
pub(crate) struct UntagResource {
    pub(crate) resource: TableArn,
    pub(crate) tag_keys: Vec<String>,
}

/// Step 1: the ARN's absence has its own message, before the constraint layer.
fn require_arn(arn: &Option<String>) -> Result<()> {
    match arn {
        Some(_) => Ok(()),
        None => Err(ApiError::validation("Invalid TableArn")),
    }
}

fn invalid_table_arn(arn: &str) -> ApiError {
    ApiError::validation(format!("Invalid TableArn: Invalid ResourceArn provided as input {arn}"))
}

/// Reads a table ARN. Anything but `arn:` first is refused with the
/// message DynamoDB gives since its ARN parsing moved ahead of IAM; an ARN
/// of six parts naming an index, a stream or a backup is not a table's; an
/// ARN of another shape, or with an impossible table name, is an invalid
/// `TableArn`.
pub(crate) fn table_arn(arn: &str) -> Result<TableArn> {
    if !arn.starts_with("arn:") {
        return Err(ApiError::invalid_parameter(format!("ARNs must start with 'arn:': {arn}")));
    }
    let parts: Vec<&str> = arn.splitn(6, ':').collect();
    let [_, partition, service, region, account, resource] = parts.as_slice() else {
        return Err(invalid_table_arn(arn));
    };
    if *partition != "aws" || *service != "dynamodb" || region.is_empty() || account.is_empty() {
        return Err(invalid_table_arn(arn));
    }
    let Some(path) = resource.strip_prefix("table/") else { return Err(invalid_table_arn(arn)) };
    if path.contains('/') {
        return Err(ApiError::invalid_parameter(format!(
            "Invalid resource arn provided, only table or stream is accepted. Provided resource arn: {arn}"
        )));
    }
    let valid_name = (3..=255).contains(&path.chars().count())
        && path.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
    if !valid_name {
        return Err(invalid_table_arn(arn));
    }
    Ok(TableArn {
        arn: arn.to_string(),
        region: region.to_string(),
        account: account.to_string(),
        table_name: path.to_string(),
    })
}

/// The constraint layer's checks of a `Tags` list at member `field`
/// (`tags` in TagResource and CreateTable).
pub(crate) fn check_tag_members(v: &mut Violations, field: &str, tags: Option<&Vec<TagInput>>) {
    for (i, tag) in tags.into_iter().flatten().enumerate() {
        let member = format!("{field}.{}.member", i + 1);
        check_key_length(v, &format!("{member}.key"), tag.key.as_deref());
        v.not_null(&format!("{member}.key"), &tag.key);
        if let Some(value) = tag.value.as_deref() {
            if value.chars().count() > MAX_VALUE_LENGTH {
                v.push(
                    &format!("'{value}'"),
                    &format!("{member}.value"),
                    &format!("have length less than or equal to {MAX_VALUE_LENGTH}"),
                );
            }
        }
        v.not_null(&format!("{member}.value"), &tag.value);
    }
}

fn check_key_length(v: &mut Violations, field: &str, key: Option<&str>) {
    let Some(key) = key else { return };
    let length = key.chars().count();
    if length < 1 {
        v.push("''", field, "have length greater than or equal to 1");
    }
    if length > MAX_KEY_LENGTH {
        v.push(&format!("'{key}'"), field, &format!("have length less than or equal to {MAX_KEY_LENGTH}"));
    }
}

/// Whether `text` holds only what a tag may: letters, numbers, white space
/// and `+ - = . _ : /`.
fn allowed_tag_text(text: &str) -> bool {
    text.chars().all(|c| c.is_alphanumeric() || c.is_whitespace() || TAG_PUNCTUATION.contains(&c))
}

/// The service's checks of tags that passed the constraint layer: allowed
/// characters, no `aws:` key. Answers the `(key, value)` pairs in request
/// order.
pub(crate) fn checked_tags(tags: Vec<TagInput>) -> Result<Vec<(String, String)>> {
    let mut out = Vec::with_capacity(tags.len());
    for tag in tags {
        let (key, value) = (tag.key.unwrap_or_default(), tag.value.unwrap_or_default());
        for (what, text) in [("key", &key), ("value", &value)] {
            if !allowed_tag_text(text) {
                return Err(ApiError::invalid_parameter(format!(
                    "Tag {what} '{text}' may hold only letters, numbers, white space and + - = . _ : /"
                )));
            }
        }
        if key.starts_with(RESERVED_PREFIX) {
            return Err(ApiError::invalid_parameter(format!(
                "Tag key '{key}' starts with the prefix reserved for AWS-assigned tags: {RESERVED_PREFIX}"
            )));
        }
        out.push((key, value));
    }
    Ok(out)
}

/// The refusal of a table that would carry more than [`MAX_TAGS`] tags.
pub(crate) fn too_many_tags(count: usize) -> ApiError {
    ApiError::invalid_parameter(format!(
        "Too many tags: the table would have {count} tags, and a table can have at most {MAX_TAGS}"
    ))
}

/// CreateTable's `Tags` (members already checked): the service's checks,
/// then at most [`MAX_TAGS`] distinct keys. An empty or missing list is no
/// tags.
pub(crate) fn create_table_tags(tags: Option<Vec<TagInput>>) -> Result<BTreeMap<String, String>> {
    let tags = checked_tags(tags.unwrap_or_default())?.into_iter().ordered_map();
    if tags.len() > MAX_TAGS {
        return Err(too_many_tags(tags.len()));
    }
    Ok(tags)
}

fn check_arn_length(v: &mut Violations, arn: Option<&str>) {
    if let Some(arn) = arn {
        if arn.chars().count() > MAX_ARN_LENGTH {
            v.push(&format!("'{arn}'"), "resourceArn", &format!("have length less than or equal to {MAX_ARN_LENGTH}"));
        }
    }
}

impl TagResourceInput {
    pub(crate) fn validate(self) -> Result<TagResource> {
        require_arn(&self.resource_arn)?;
        let mut v = Violations::default();
        check_arn_length(&mut v, self.resource_arn.as_deref());
        v.not_null("tags", &self.tags);
        check_tag_members(&mut v, "tags", self.tags.as_ref());
        v.finish()?;
        let resource = table_arn(self.resource_arn.as_deref().unwrap_or_default())?;
        let tags = self.tags.unwrap_or_default();
        if tags.is_empty() {
            return Err(ApiError::validation("Atleast one Tag needs to be provided as Input."));
        }
        Ok(TagResource { resource, tags: checked_tags(tags)? })
    }
}

impl UntagResourceInput {
    pub(crate) fn validate(self) -> Result<UntagResource> {
        require_arn(&self.resource_arn)?;
        let mut v = Violations::default();
        check_arn_length(&mut v, self.resource_arn.as_deref());
        v.not_null("tagKeys", &self.tag_keys);
        for (i, key) in self.tag_keys.iter().flatten().enumerate() {
            check_key_length(&mut v, &format!("tagKeys.{}.member", i + 1), Some(key));
        }
        v.finish()?;
        let resource = table_arn(self.resource_arn.as_deref().unwrap_or_default())?;
        let tag_keys = self.tag_keys.unwrap_or_default();
        if tag_keys.is_empty() {
            return Err(ApiError::validation("Atleast one Tag Key needs to be provided as Input."));
        }
        Ok(UntagResource { resource, tag_keys })
    }
}

impl ListTagsOfResourceInput {
    pub(crate) fn validate(self) -> Result<TableArn> {
        require_arn(&self.resource_arn)?;
        let mut v = Violations::default();
        check_arn_length(&mut v, self.resource_arn.as_deref());
        v.finish()?;
        table_arn(self.resource_arn.as_deref().unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_arns_are_read_or_refused_with_dynamodb_words() {
        let arn = table_arn("arn:aws:dynamodb:us-east-1:000000000000:table/Music").expect("a table ARN");
        assert_eq!(
            (arn.region.as_str(), arn.account.as_str(), arn.table_name.as_str()),
            ("us-east-1", "000000000000", "Music")
        );
        let cases = [
            ("not-a-valid-arn", "One or more parameter values were invalid: ARNs must start with 'arn:': not-a-valid-arn"),
            ("", "One or more parameter values were invalid: ARNs must start with 'arn:': "),
            ("arn:not/a/good/format", "Invalid TableArn: Invalid ResourceArn provided as input arn:not/a/good/format"),
            ("a:b:c:d:e:f/g", "One or more parameter values were invalid: ARNs must start with 'arn:': a:b:c:d:e:f/g"),
            (
                "arn:aws:dynamodb:us-east-1:000000000000:table/ab",
                "Invalid TableArn: Invalid ResourceArn provided as input arn:aws:dynamodb:us-east-1:000000000000:table/ab",
            ),
            (
                "arn:aws:s3:us-east-1:000000000000:table/Music",
                "Invalid TableArn: Invalid ResourceArn provided as input arn:aws:s3:us-east-1:000000000000:table/Music",
            ),
            (
                "arn:aws:dynamodb:us-east-1:000000000000:table/Music/index/ByYear",
                "One or more parameter values were invalid: Invalid resource arn provided, only table or stream is \
                 accepted. Provided resource arn: arn:aws:dynamodb:us-east-1:000000000000:table/Music/index/ByYear",
            ),
        ];
        for (arn, message) in cases {
            assert_eq!(table_arn(arn), Err(ApiError::validation(message)), "{arn}");
        }
    }

    #[test]
    fn tag_text_is_letters_numbers_spaces_and_seven_signs() {
        assert!(allowed_tag_text("Env: prod/eu-west_1 +=."));
        assert!(allowed_tag_text("законные буквы 7"));
        assert!(allowed_tag_text(""));
        for bad in ["hi!", "d%g", "\"hello\"", "a@b"] {
            assert!(!allowed_tag_text(bad), "{bad}");
        }
    }
}
