//! The DynamoDB JSON 1.0 protocol: the shape of each request, and the
//! request-level validation DynamoDB applies before it looks at any table.
//!
//! A request body is first read into a typed struct ([`parse`]). Each request
//! type lists its members with the JSON kind of each (`shape!`, see
//! [`members`]), and one small reader per kind (string, long, boolean, list,
//! map, structure, any JSON) fills the struct's `Option`s. The object's
//! members are read in the object's order; the first of the wrong kind (a
//! number where a string belongs) fails the request with a
//! `SerializationException` in the words of DynamoDB's parser, as on the real
//! service, and members a type does not know are ignored. The golden script
//! `serialization` (`src/engine/testscripts/`) shows every kind found where
//! every kind is wanted. Then DynamoDB's constraint layer checks required
//! members, enums, lengths and ranges and reports *all* violations at once:
//!
//! ```text
//! 2 validation errors detected: Value null at 'tableName' failed to satisfy
//! constraint: Member must not be null; Value 'X' at 'billingMode' failed to …
//! ```
//!
//! [`Violations`] collects those messages in the order the checks run (at
//! most ten are listed, as DynamoDB does). Only then does an operation look
//! up its table and validate keys against it.
//!
//! AWS reworded part of its validation layer during 2026, region by region.
//! We follow us-east-1 as captured in 2026 (the "classic" member-constraint
//! texts, with the `1 validation error detected: ` envelope that us-east-1
//! added around single messages such as `ReturnValues can only be ALL_OLD or
//! NONE` by October 2026).

pub mod batch;
pub mod expressions;
pub mod item;
pub mod members;
pub mod partiql;
pub mod read;
pub mod scaling;
pub mod streams;
pub mod table;
pub mod tags;
pub mod transact;
pub mod ttl;
pub mod vector;
pub mod vector_updates;

use serde_json::Value;

use super::capacity::ReturnConsumedCapacity;
use super::error::{ApiError, Result};
use members::Shape;

/// Reads a request body into its typed form (see [`members`]). Members we
/// do not know are ignored, as DynamoDB ignores them.
pub fn parse<T: Shape>(request: &Value) -> Result<T> {
    members::structure(request)
}

/// Reads a request whose members come in two groups: the operation's own
/// (`T`) and a group it shares with other operations (`S`, e.g. the
/// conditional-write members of PutItem, UpdateItem and DeleteItem), each
/// read from the same JSON object and ignoring the other's members, the
/// operation's own first. `put` stores the shared group in the request.
pub fn parse_with_shared<T: Shape, S: Shape>(request: &Value, put: impl FnOnce(&mut T, S)) -> Result<T> {
    let mut own = parse::<T>(request)?;
    put(&mut own, parse::<S>(request)?);
    Ok(own)
}

/// The constraint violations found in one request, in check order.
#[derive(Debug, Default)]
pub struct Violations(Vec<String>);

impl Violations {
    /// Records a violation of `constraint` by `value` at member `field`
    /// (DynamoDB names members in camelCase: `tableName`).
    pub fn push(&mut self, value: &str, field: &str, constraint: &str) {
        // A constraint on a map's values reads "Map value must satisfy …".
        let subject = if constraint.starts_with("satisfy constraint:") { "Map value" } else { "Member" };
        self.0.push(format!("Value {value} at '{field}' failed to satisfy constraint: {subject} must {constraint}"));
    }

    /// Records a violation in the newer form DynamoDB answers some members
    /// in (Query's `Limit`, BatchGetItem's keys; captured in 2026): no value,
    /// and `field` named as in the request, e.g. "Value at 'Limit' failed to
    /// satisfy constraint: Member must have value greater than or equal to 1".
    pub fn push_without_value(&mut self, field: &str, constraint: &str) {
        self.0.push(format!("Value at '{field}' failed to satisfy constraint: Member must {constraint}"));
    }

    /// A required member that is missing.
    pub fn not_null<T>(&mut self, field: &str, value: &Option<T>) {
        if value.is_none() {
            self.push("null", field, "not be null");
        }
    }

    /// An enum member whose value is not one of `allowed` (listed in the
    /// order DynamoDB prints them).
    pub fn one_of(&mut self, field: &str, value: Option<&str>, allowed: &[&str]) {
        if let Some(value) = value {
            if !allowed.contains(&value) {
                let set = allowed.join(", ");
                self.push(&format!("'{value}'"), field, &format!("satisfy enum value set: [{set}]"));
            }
        }
    }

    /// A table or index name in a control-plane request: 3 to 255
    /// characters of `[a-zA-Z0-9_.-]`.
    pub fn table_name(&mut self, field: &str, name: Option<&str>) {
        self.name_within(field, name, 3, true);
    }

    /// A table name in a data-plane request (GetItem, PutItem, …), where
    /// DynamoDB now accepts names from one character on and reports an empty
    /// name by its length alone (semantics D.7; us-east-1, 2026).
    pub fn data_plane_table_name(&mut self, field: &str, name: Option<&str>) {
        self.name_within(field, name, 1, false);
    }

    fn name_within(&mut self, field: &str, name: Option<&str>, min: usize, pattern_when_empty: bool) {
        let Some(name) = name else { return };
        let quoted = format!("'{name}'");
        let valid_chars = name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
        if !valid_chars || (name.is_empty() && pattern_when_empty) {
            self.push(&quoted, field, "satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        }
        let len = name.chars().count();
        if len < min {
            self.push(&quoted, field, &format!("have length greater than or equal to {min}"));
        }
        if len > 255 {
            self.push(&quoted, field, "have length less than or equal to 255");
        }
    }

    /// A key attribute's name (`KeySchemaAttributeName`): 1 to 255
    /// characters, any.
    pub fn attribute_name(&mut self, field: &str, name: Option<&str>) {
        let Some(name) = name else { return };
        let len = name.chars().count();
        if len < 1 {
            self.push(&format!("'{name}'"), field, "have length greater than or equal to 1");
        }
        if len > 255 {
            self.push(&format!("'{name}'"), field, "have length less than or equal to 255");
        }
    }

    /// A number member that must be at least `min`.
    pub fn at_least(&mut self, field: &str, value: Option<i64>, min: i64) {
        if let Some(value) = value {
            if value < min {
                self.push(&format!("'{value}'"), field, &format!("have value greater than or equal to {min}"));
            }
        }
    }

    /// A number member that must be at most `max`.
    pub fn at_most(&mut self, field: &str, value: Option<i64>, max: i64) {
        if let Some(value) = value {
            if value > max {
                self.push(&format!("'{value}'"), field, &format!("have value less than or equal to {max}"));
            }
        }
    }

    /// `Ok` when nothing was violated, else one `ValidationException` listing
    /// every violation.
    pub fn finish(self) -> Result<()> {
        let listed: Vec<String> = self.0.iter().take(10).cloned().collect();
        match self.0.len() {
            0 => Ok(()),
            1 => Err(ApiError::validation(format!("1 validation error detected: {}", listed.join("; ")))),
            n => Err(ApiError::validation(format!("{n} validation errors detected: {}", listed.join("; ")))),
        }
    }
}

/// Control-plane operations report a missing table name on its own, before
/// any other check, in this form.
pub fn require_table_name(name: &Option<String>) -> Result<()> {
    match name {
        Some(_) => Ok(()),
        None => Err(ApiError::validation("The parameter 'TableName' is required but was not present in the request")),
    }
}

/// The values `ReturnConsumedCapacity` takes, in DynamoDB's order.
pub const RETURN_CONSUMED_CAPACITY_VALUES: &[&str] = &["INDEXES", "TOTAL", "NONE"];

/// Reads an already validated `ReturnConsumedCapacity`.
pub fn return_consumed_capacity(value: Option<&str>) -> ReturnConsumedCapacity {
    match value {
        Some("TOTAL") => ReturnConsumedCapacity::Total,
        Some("INDEXES") => ReturnConsumedCapacity::Indexes,
        _ => ReturnConsumedCapacity::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use members::{boolean, long, shape, string, strings};

    #[derive(Debug, Default)]
    struct Request {
        name: Option<String>,
        flag: Option<bool>,
        count: Option<i64>,
        list: Option<Vec<String>>,
    }

    shape! { Request {
        "Name" => name: string,
        "Flag" => flag: boolean,
        "Count" => count: long,
        "List" => list: strings,
    } }

    /// (request, DynamoDB's SerializationException message).
    const CASES: &[(&str, &str)] = &[
        (r#"{"Name": 5}"#, "NUMBER_VALUE cannot be converted to String"),
        (r#"{"Name": 34.56}"#, "DECIMAL_VALUE cannot be converted to String"),
        (r#"{"Name": true}"#, "TRUE_VALUE cannot be converted to String"),
        (r#"{"Name": false}"#, "FALSE_VALUE cannot be converted to String"),
        (r#"{"Name": []}"#, "Unrecognized collection type class java.lang.String"),
        (r#"{"Name": {}}"#, "Start of structure or map found where not expected"),
        (r#"{"Flag": "yes"}"#, "Unexpected token received from parser"),
        (r#"{"Flag": 23}"#, "NUMBER_VALUE cannot be converted to Boolean"),
        (r#"{"Count": "23"}"#, "STRING_VALUE cannot be converted to Long"),
        (r#"{"Count": true}"#, "TRUE_VALUE cannot be converted to Long"),
        (r#"{"List": "23"}"#, "Unexpected field type"),
        (r#"{"List": {}}"#, "Start of structure or map found where not expected"),
    ];

    #[test]
    fn wrong_json_types_get_dynamodb_words() {
        for (request, message) in CASES {
            let request: Value = serde_json::from_str(request).expect("valid JSON");
            let error = parse::<Request>(&request).expect_err("wrong type");
            assert_eq!(error, ApiError::Serialization(message.to_string()), "{request}");
        }
    }

    #[test]
    fn violations_are_counted_and_capped_at_ten() {
        let mut v = Violations::default();
        v.not_null("a", &None::<u8>);
        assert_eq!(
            v.finish(),
            Err(ApiError::validation(
                "1 validation error detected: Value null at 'a' failed to satisfy constraint: Member must not be null"
            ))
        );
        let mut v = Violations::default();
        for i in 0..12 {
            v.at_least(&format!("f{i}"), Some(0), 1);
        }
        let Err(ApiError::Validation(message)) = v.finish() else { panic!("expected a violation") };
        assert!(message.starts_with("12 validation errors detected: Value '0' at 'f0'"));
        assert_eq!(message.matches("failed to satisfy").count(), 10);
    }
}
