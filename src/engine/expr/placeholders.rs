//! `ExpressionAttributeNames` and `ExpressionAttributeValues` (semantics D.5).
//!
//! A request's expressions share one set of placeholders: `#name` stands for
//! an attribute name (so reserved words, dots and any other character can be
//! named), `:value` for an attribute value. [`Placeholders::from_request`]
//! decodes and validates both maps the way DynamoDB does, in its order:
//!
//! 1. the JSON shapes, for both maps (`SerializationException`, before any
//!    validation error, like every type error of a request);
//! 2. names: not empty, each key at most 255 bytes, each key `#` plus one or
//!    more of `[A-Za-z0-9_]`;
//! 3. values: not empty, the same rules for keys with `:`, then each value
//!    with the full attribute-value validation, reported as
//!    `ExpressionAttributeValues contains invalid value: <why> for key :v`.
//!
//! Parsing an expression records which placeholders it used in a [`Usage`];
//! once all of a request's expressions are parsed,
//! [`Usage::check_all_used`] refuses leftovers
//! (`Value provided in ExpressionAttributeNames unused in expressions: keys: {#a}`).
//! Keys are listed sorted (serde_json maps are sorted; DynamoDB lists them
//! in request order).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::engine::error::{ApiError, Result};
use crate::engine::value::AttributeValue;

/// Longest placeholder key, prefix included (semantics B.4).
pub const MAX_PLACEHOLDER_BYTES: usize = 255;

/// The placeholders of one request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Placeholders {
    names: Option<BTreeMap<String, String>>,
    values: Option<BTreeMap<String, AttributeValue>>,
}

/// Which placeholders a request's expressions used.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    names: BTreeSet<String>,
    values: BTreeSet<String>,
}

fn serialization(message: impl Into<String>) -> ApiError {
    ApiError::Serialization(message.into())
}

impl Placeholders {
    /// No placeholders at all (a request without either member).
    pub fn none() -> Self {
        Self::default()
    }

    /// Decodes a request's `ExpressionAttributeNames` / `ExpressionAttributeValues`
    /// (raw JSON; `None` or JSON `null` = absent), with DynamoDB's checks.
    pub fn from_request(names: Option<&Value>, values: Option<&Value>) -> Result<Placeholders> {
        let names = names.filter(|v| !v.is_null());
        let values = values.filter(|v| !v.is_null());

        // 1. Shapes: every type error wins over every validation error.
        let names = match names {
            None => None,
            Some(v) => Some(decode_names(v)?),
        };
        let values = match values {
            None => None,
            Some(Value::Object(fields)) => {
                let mut decoded = Vec::with_capacity(fields.len());
                for (key, value) in fields {
                    if value.is_null() {
                        continue;
                    }
                    match AttributeValue::from_wire(value) {
                        Err(e @ ApiError::Serialization(_)) => return Err(e),
                        other => decoded.push((key.clone(), other)),
                    }
                }
                Some((fields.len(), decoded))
            }
            Some(Value::Array(_)) => return Err(serialization(
                "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>",
            )),
            Some(_) => return Err(serialization("Unexpected field type")),
        };

        // 2. Names.
        if let Some(names) = &names {
            if names.is_empty() {
                return Err(ApiError::validation("ExpressionAttributeNames must not be empty"));
            }
            for key in names.keys() {
                check_key("ExpressionAttributeNames", key, '#')?;
            }
        }

        // 3. Values: keys first, then the values themselves.
        let values = match values {
            None => None,
            Some((count, decoded)) => {
                if count == 0 {
                    return Err(ApiError::validation("ExpressionAttributeValues must not be empty"));
                }
                for (key, _) in &decoded {
                    check_key("ExpressionAttributeValues", key, ':')?;
                }
                let mut map = BTreeMap::new();
                for (key, value) in decoded {
                    match value {
                        Ok(value) => {
                            map.insert(key, value);
                        }
                        Err(e) => {
                            return Err(ApiError::validation(format!(
                                "ExpressionAttributeValues contains invalid value: {} for key {key}",
                                e.message()
                            )))
                        }
                    }
                }
                Some(map)
            }
        };
        Ok(Placeholders { names, values })
    }

    /// Placeholders built in code (tests, the UI's helpers). Values are taken
    /// as they are; no validation.
    pub fn new(names: &[(&str, &str)], values: &[(&str, AttributeValue)]) -> Placeholders {
        Placeholders {
            names: (!names.is_empty()).then(|| names.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()),
            values: (!values.is_empty()).then(|| values.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()),
        }
    }

    /// Neither names nor values were given.
    pub fn is_empty(&self) -> bool {
        self.names.is_none() && self.values.is_none()
    }

    /// `ExpressionAttributeNames` was given.
    pub fn has_names(&self) -> bool {
        self.names.is_some()
    }

    /// `ExpressionAttributeValues` was given.
    pub fn has_values(&self) -> bool {
        self.values.is_some()
    }

    /// The attribute name `#key` stands for.
    pub fn name(&self, key: &str) -> Option<&str> {
        self.names.as_ref()?.get(key).map(String::as_str)
    }

    /// The value `:key` stands for.
    pub fn value(&self, key: &str) -> Option<&AttributeValue> {
        self.values.as_ref()?.get(key)
    }
}

fn decode_names(v: &Value) -> Result<BTreeMap<String, String>> {
    let fields = match v {
        Value::Object(fields) => fields,
        Value::Array(_) => {
            return Err(serialization("Unrecognized collection type java.util.Map<java.lang.String, java.lang.String>"))
        }
        _ => return Err(serialization("Unexpected field type")),
    };
    let mut names = BTreeMap::new();
    for (key, value) in fields {
        let name = match value {
            Value::Null => continue,
            Value::String(s) => s.clone(),
            Value::Bool(true) => return Err(serialization("TRUE_VALUE cannot be converted to String")),
            Value::Bool(false) => return Err(serialization("FALSE_VALUE cannot be converted to String")),
            Value::Number(n) => {
                let kind = if n.is_f64() { "DECIMAL_VALUE" } else { "NUMBER_VALUE" };
                return Err(serialization(format!("{kind} cannot be converted to String")));
            }
            Value::Array(_) => return Err(serialization("Unrecognized collection type class java.lang.String")),
            Value::Object(_) => return Err(serialization("Start of structure or map found where not expected")),
        };
        names.insert(key.clone(), name);
    }
    Ok(names)
}

/// A placeholder key: at most 255 bytes (checked first), then the prefix and
/// one or more word characters.
fn check_key(member: &str, key: &str, prefix: char) -> Result<()> {
    if key.len() > MAX_PLACEHOLDER_BYTES {
        return Err(ApiError::validation(format!(
            "{member} contains invalid key: The expression attribute map contains a key that is too long; size of key: {}",
            key.len()
        )));
    }
    let mut chars = key.chars();
    let well_formed =
        chars.next() == Some(prefix) && key.len() > 1 && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !well_formed {
        return Err(ApiError::validation(format!("{member} contains invalid key: Syntax error; key: \"{key}\"")));
    }
    Ok(())
}

impl Usage {
    /// An empty record.
    pub fn new() -> Usage {
        Usage::default()
    }

    pub(crate) fn use_name(&mut self, key: &str) {
        self.names.insert(key.to_string());
    }

    pub(crate) fn use_value(&mut self, key: &str) {
        self.values.insert(key.to_string());
    }

    /// The names used so far.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }

    /// The values used so far.
    pub fn values(&self) -> impl Iterator<Item = &str> {
        self.values.iter().map(String::as_str)
    }

    /// After all of a request's expressions are parsed: every given name and
    /// value must have been used (names are checked first).
    pub fn check_all_used(&self, placeholders: &Placeholders) -> Result<()> {
        if let Some(names) = &placeholders.names {
            let unused: Vec<&str> = names.keys().filter(|k| !self.names.contains(*k)).map(String::as_str).collect();
            if !unused.is_empty() {
                return Err(ApiError::validation(format!(
                    "Value provided in ExpressionAttributeNames unused in expressions: keys: {{{}}}",
                    unused.join(", ")
                )));
            }
        }
        if let Some(values) = &placeholders.values {
            let unused: Vec<&str> = values.keys().filter(|k| !self.values.contains(*k)).map(String::as_str).collect();
            if !unused.is_empty() {
                return Err(ApiError::validation(format!(
                    "Value provided in ExpressionAttributeValues unused in expressions: keys: {{{}}}",
                    unused.join(", ")
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn err(names: Option<Value>, values: Option<Value>) -> (&'static str, String) {
        match Placeholders::from_request(names.as_ref(), values.as_ref()) {
            Ok(p) => panic!("accepted: {p:?}"),
            Err(e) => (e.name(), e.message().to_string()),
        }
    }

    fn v(s: &str) -> (&'static str, String) {
        ("ValidationException", s.to_string())
    }

    fn ser(s: &str) -> (&'static str, String) {
        ("SerializationException", s.to_string())
    }

    #[test]
    fn decodes_both_maps() {
        let p = Placeholders::from_request(
            Some(&json!({"#a": "a.b", "#_1": "x"})),
            Some(&json!({":v": {"N": "01.50"}, ":s": {"SS": ["b", "a"]}})),
        )
        .unwrap_or_default();
        assert_eq!(p.name("#a"), Some("a.b"));
        assert_eq!(p.name("#b"), None);
        assert_eq!(p.value(":v").map(AttributeValue::to_wire), Some(json!({"N": "1.5"})));
        assert_eq!(p.value(":s").map(AttributeValue::to_wire), Some(json!({"SS": ["a", "b"]})));
        assert!(p.has_names() && p.has_values() && !p.is_empty());
        let none = Placeholders::from_request(None, Some(&Value::Null)).unwrap_or_default();
        assert!(none.is_empty() && !none.has_names() && !none.has_values());
    }

    #[test]
    fn validation_messages_in_order() {
        let long_name = format!("#{}", "a".repeat(254));
        let too_long_name = format!("#{}", "a".repeat(255));
        assert!(Placeholders::from_request(Some(&json!({ long_name.clone(): "x" })), None).is_ok());
        let cases = [
            (Some(json!({})), None, v("ExpressionAttributeNames must not be empty")),
            (None, Some(json!({})), v("ExpressionAttributeValues must not be empty")),
            (Some(json!({"a": "a"})), None, v("ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\"")),
            (Some(json!({"#": "a"})), None, v("ExpressionAttributeNames contains invalid key: Syntax error; key: \"#\"")),
            (Some(json!({"#a-b": "a"})), None, v("ExpressionAttributeNames contains invalid key: Syntax error; key: \"#a-b\"")),
            (
                Some(json!({ too_long_name: "x" })),
                None,
                v("ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; size of key: 256"),
            ),
            (
                None,
                Some(json!({":b": {"a": ""}, "b": {"S": "a"}})),
                v("ExpressionAttributeValues contains invalid key: Syntax error; key: \"b\""),
            ),
            (
                None,
                Some(json!({":b": {}})),
                v("ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes for key :b"),
            ),
            (
                None,
                Some(json!({":b": {"SS": []}})),
                v("ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string set  may not be empty for key :b"),
            ),
            (
                None,
                Some(json!({":b": {"N": "b"}})),
                v("ExpressionAttributeValues contains invalid value: The parameter cannot be converted to a numeric value: b for key :b"),
            ),
            // Names are checked before values.
            (Some(json!({})), Some(json!({})), v("ExpressionAttributeNames must not be empty")),
            // Type errors win over validation errors anywhere.
            (Some(json!({})), Some(json!({":a": {"S": 1}})), ser("NUMBER_VALUE cannot be converted to String")),
            (Some(json!({"#a": 1})), None, ser("NUMBER_VALUE cannot be converted to String")),
            (Some(json!(["#a"])), None, ser("Unrecognized collection type java.util.Map<java.lang.String, java.lang.String>")),
            (None, Some(json!("x")), ser("Unexpected field type")),
        ];
        for (names, values, expected) in cases {
            assert_eq!(err(names.clone(), values.clone()), expected, "{names:?} {values:?}");
        }
    }

    #[test]
    fn unused_placeholders() {
        let p = Placeholders::new(
            &[("#a", "a"), ("#b", "b")],
            &[(":x", AttributeValue::Null), (":y", AttributeValue::Null)],
        );
        let mut usage = Usage::new();
        let message = |u: &Usage| u.check_all_used(&p).map_err(|e| e.message().to_string());
        assert_eq!(
            message(&usage),
            Err("Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}".to_string())
        );
        usage.use_name("#a");
        usage.use_name("#b");
        usage.use_value(":y");
        assert_eq!(
            message(&usage),
            Err("Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}".to_string())
        );
        usage.use_value(":x");
        assert_eq!(message(&usage), Ok(()));
    }
}
