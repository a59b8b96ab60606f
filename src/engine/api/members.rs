//! Reading a request body's members into typed values.
//!
//! Every request type is a [`Shape`]: a struct of `Option` members, one per
//! member of the request, each read by a small function for its JSON kind
//! ([`string`], [`long`], [`boolean`], [`any`], [`strings`], [`values`],
//! [`structure`], [`structures`], [`list_of`], [`map_of`]). The `shape!`
//! macro writes a type's `Shape` from the list of its members:
//!
//! ```text
//! shape! { GetItemInput {
//!     "TableName" => table_name: string,
//!     "Key" => key: any,
//!     "AttributesToGet" => attributes_to_get: strings,
//! } }
//! ```
//!
//! A structure is read from a JSON object by walking the object's members
//! in its own order (sorted by name, as `serde_json`'s map keeps them) and
//! stopping at the first member of the wrong kind, so that member's fault
//! is the one reported. A member that is null is absent; a member the
//! shape does not know is not read at all. A structure may also be written
//! as a JSON list of its members in the shape's order, every one given.
//!
//! A member of the wrong kind is a `SerializationException` in the words of
//! DynamoDB's parser (Coral), chosen by the kind found and the kind wanted
//! (`mismatch`): `NUMBER_VALUE cannot be converted to String`, `Start of
//! structure or map found where not expected`, `Unexpected field type`, …
//! Where Coral's words are not known (a null inside a list of strings, a
//! map of the wrong kind, a number beyond 64 bits) the message is in
//! serde_json's words: `invalid type: null, expected a string`.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::engine::error::{ApiError, Result};

/// A structure of a request: its members by name, and how to read each.
/// Written by `shape!`.
pub trait Shape: Default {
    /// The type's name, quoted when a structure written as a list has the
    /// wrong length.
    const NAME: &'static str;
    /// The members, in the order a structure written as a list gives them.
    const MEMBERS: &'static [&'static str];
    /// How many members a structure written as a list must give; those
    /// after it may be left out and keep their defaults.
    const LISTED: usize = Self::MEMBERS.len();
    /// Whether a member the shape does not know is an error rather than
    /// ignored (the lesson overlays, where it is a misspelling).
    const STRICT: bool = false;

    /// Reads the member at `position` in [`Shape::MEMBERS`] from `value`.
    /// The name was looked up once, by `read_structure`, which is not
    /// generic: a match on names in each of the many shapes was code
    /// repeated for each, a match on positions is a jump.
    fn member(&mut self, position: usize, value: &Value) -> Result<()>;
}

/// Writes `Shape` for a struct of `Option` members from the list of its
/// JSON members: `"JsonName" => field: reader`, where `reader` is one of
/// this module's readers (or a closure over them) and the field is `None`
/// when the member is absent or null.
macro_rules! shape {
    ($type:ident { $($json:literal => $field:ident: $read:expr),+ $(,)? }) => {
        impl $crate::engine::api::members::Shape for $type {
            const NAME: &'static str = stringify!($type);
            const MEMBERS: &'static [&'static str] = &[$($json),+];

            fn member(&mut self, position: usize, value: &serde_json::Value) -> $crate::engine::error::Result<()> {
                let mut at = 0;
                $(
                    if position == at {
                        self.$field = $crate::engine::api::members::optional(value, $read)?;
                        return Ok(());
                    }
                    at += 1;
                )+
                let _ = at;
                Ok(())
            }
        }
    };
}
pub(crate) use shape;

/// Reads a whole request (or any structure) of shape `T`.
pub fn structure<T: Shape>(value: &Value) -> Result<T> {
    let mut shape = T::default();
    let listed = (T::LISTED, T::STRICT);
    read_structure(value, T::NAME, T::MEMBERS, listed, &mut |position, value| shape.member(position, value))?;
    Ok(shape)
}

/// The work of [`structure`], once for every shape: the members of an
/// object in the object's order (a member the shape does not know is not
/// read), or of a list in the shape's order. `member` is given the
/// member's position in `members`. `(listed, strict)` are the shape's
/// [`Shape::LISTED`] and [`Shape::STRICT`].
fn read_structure(
    value: &Value,
    type_name: &str,
    members: &[&str],
    (listed, strict): (usize, bool),
    member: &mut dyn FnMut(usize, &Value) -> Result<()>,
) -> Result<()> {
    match value {
        Value::Object(object) => {
            object.iter().try_for_each(|(name, value)| match members.iter().position(|known| known == name) {
                Some(position) => member(position, value),
                None if strict => Err(ApiError::Serialization(format!(
                    "unknown field `{name}`, expected one of `{}`",
                    members.join("`, `")
                ))),
                None => Ok(()),
            })
        }
        Value::Array(items) => {
            for index in 0..members.len() {
                match items.get(index) {
                    Some(item) => member(index, item)?,
                    None if index >= listed => break,
                    None => {
                        let plural = if members.len() == 1 { "" } else { "s" };
                        return Err(ApiError::Serialization(format!(
                            "invalid length {index}, expected struct {type_name} with {} element{plural}",
                            members.len()
                        )));
                    }
                }
            }
            if items.len() > members.len() {
                return Err(ApiError::Serialization(format!(
                    "invalid length {}, expected fewer elements in array",
                    items.len()
                )));
            }
            Ok(())
        }
        other => Err(mismatch(other, Wanted::Structure(type_name))),
    }
}

/// A member read by `read`, or `None` when it is null.
pub fn optional<T>(value: &Value, read: impl FnOnce(&Value) -> Result<T>) -> Result<Option<T>> {
    match value {
        Value::Null => Ok(None),
        value => read(value).map(Some),
    }
}

/// A string.
pub fn string(value: &Value) -> Result<String> {
    match value {
        Value::String(text) => Ok(text.clone()),
        other => Err(mismatch(other, Wanted::String)),
    }
}

/// A long: an integer within 64 bits.
pub fn long(value: &Value) -> Result<i64> {
    match value {
        Value::Number(number) => match (number.as_i64(), number.as_u64()) {
            (Some(long), _) => Ok(long),
            (None, Some(beyond)) => {
                Err(ApiError::Serialization(format!("invalid value: integer `{beyond}`, expected i64")))
            }
            (None, None) => Err(mismatch(value, Wanted::Long)),
        },
        other => Err(mismatch(other, Wanted::Long)),
    }
}

/// A boolean.
pub fn boolean(value: &Value) -> Result<bool> {
    match value {
        Value::Bool(flag) => Ok(*flag),
        other => Err(mismatch(other, Wanted::Boolean)),
    }
}

/// Any JSON, as it is (an item, a key, expression attribute values).
pub fn any(value: &Value) -> Result<Value> {
    Ok(value.clone())
}

/// A list, each element read by `element`.
pub fn list_of<T>(value: &Value, element: fn(&Value) -> Result<T>) -> Result<Vec<T>> {
    match value {
        Value::Array(items) => items.iter().map(element).collect(),
        other => Err(mismatch(other, Wanted::List)),
    }
}

/// A list of strings.
pub fn strings(value: &Value) -> Result<Vec<String>> {
    list_of(value, string)
}

/// A list of any JSON values.
pub fn values(value: &Value) -> Result<Vec<Value>> {
    list_of(value, any)
}

/// A list of structures of shape `T`.
pub fn structures<T: Shape>(value: &Value) -> Result<Vec<T>> {
    list_of(value, structure::<T>)
}

/// A map from names to values read by `read`, in the names' order.
pub fn map_of<T>(value: &Value, read: fn(&Value) -> Result<T>) -> Result<BTreeMap<String, T>> {
    let Value::Object(object) = value else { return Err(mismatch(value, Wanted::Map)) };
    let mut map = BTreeMap::new();
    for (name, value) in object {
        map.insert(name.clone(), read(value)?);
    }
    Ok(map)
}

/// The kind of JSON a member's reader wanted.
#[derive(Clone, Copy, Debug)]
enum Wanted<'a> {
    String,
    Boolean,
    Long,
    List,
    /// A structure, by its type's name.
    Structure(&'a str),
    Map,
}

/// The `SerializationException` for `found` where a member of kind `wanted`
/// belongs: Coral's words where they are known, serde_json's otherwise
/// (see the module notes).
#[cold]
#[inline(never)]
fn mismatch(found: &Value, wanted: Wanted) -> ApiError {
    ApiError::Serialization(coral_words(found, wanted).unwrap_or_else(|| reader_words(found, wanted)))
}

/// Coral's words for `found` where `wanted` belongs, if they are known.
fn coral_words(found: &Value, wanted: Wanted) -> Option<String> {
    // Pinned by the golden script `serialization`: a string that holds the
    // text ", expected " is answered in serde_json's words, or as a field of
    // the wrong type when "struct " follows that text.
    if let Value::String(text) = found {
        if let Some((_, after)) = text.split_once(", expected ") {
            return after.starts_with("struct ").then(|| "Unexpected field type".to_string());
        }
    }
    let known = |words: &str| Some(words.to_string());
    let java_type = match wanted {
        Wanted::Map => return None,
        _ if found.is_object() => return known("Start of structure or map found where not expected"),
        Wanted::List | Wanted::Structure(_) if found.is_array() => {
            return known("Start of list found where not expected")
        }
        Wanted::List | Wanted::Structure(_) => return known("Unexpected field type"),
        Wanted::String => "String",
        Wanted::Boolean => "Boolean",
        Wanted::Long => "Long",
    };
    let token = match found {
        Value::Array(_) => return Some(format!("Unrecognized collection type class java.lang.{java_type}")),
        Value::String(_) if java_type == "Boolean" => return known("Unexpected token received from parser"),
        Value::String(_) => "STRING_VALUE",
        Value::Number(n) if n.is_f64() => "DECIMAL_VALUE",
        Value::Number(_) => "NUMBER_VALUE",
        Value::Bool(true) => "TRUE_VALUE",
        Value::Bool(false) => "FALSE_VALUE",
        Value::Null | Value::Object(_) => return None,
    };
    Some(format!("{token} cannot be converted to {java_type}"))
}

/// serde_json's words: "invalid type: <found>, expected <wanted>".
fn reader_words(found: &Value, wanted: Wanted) -> String {
    let found = match found {
        Value::Null => "null".to_string(),
        Value::Bool(flag) => format!("boolean `{flag}`"),
        Value::Number(n) if n.is_f64() => format!("floating point `{n}`"),
        Value::Number(n) => format!("integer `{n}`"),
        Value::String(text) => format!("string {text:?}"),
        Value::Array(_) => "sequence".to_string(),
        Value::Object(_) => "map".to_string(),
    };
    let wanted = match wanted {
        Wanted::String => "a string".to_string(),
        Wanted::Boolean => "a boolean".to_string(),
        Wanted::Long => "i64".to_string(),
        Wanted::List => "a sequence".to_string(),
        Wanted::Structure(name) => format!("struct {name}"),
        Wanted::Map => "a map".to_string(),
    };
    format!("invalid type: {found}, expected {wanted}")
}

#[cfg(test)]
mod tests {
    //! The readers against serde's derive, the reader they stand in for:
    //! every JSON kind in every member kind, alone, in pairs and as the
    //! whole request, must read to the same value or fail with the same
    //! message (serde's, put in Coral's words as `api::parse` did).

    use std::collections::BTreeMap;

    use serde::Deserialize;
    use serde_json::{json, Value};

    use super::*;

    #[derive(Debug, Default, PartialEq, Deserialize)]
    #[serde(rename_all = "PascalCase")]
    struct Every {
        text: Option<String>,
        long: Option<i64>,
        flag: Option<bool>,
        json: Option<Value>,
        texts: Option<Vec<String>>,
        jsons: Option<Vec<Value>>,
        inner: Option<Inner>,
        inners: Option<Vec<Inner>>,
        map: Option<BTreeMap<String, Inner>>,
        lists: Option<BTreeMap<String, Vec<Inner>>>,
    }

    shape! { Every {
        "Text" => text: string,
        "Long" => long: long,
        "Flag" => flag: boolean,
        "Json" => json: any,
        "Texts" => texts: strings,
        "Jsons" => jsons: values,
        "Inner" => inner: structure::<Inner>,
        "Inners" => inners: structures::<Inner>,
        "Map" => map: |v| map_of(v, structure::<Inner>),
        "Lists" => lists: |v| map_of(v, structures::<Inner>),
    } }

    #[derive(Debug, Default, PartialEq, Deserialize)]
    #[serde(rename_all = "PascalCase")]
    struct Inner {
        a: Option<String>,
        b: Option<i64>,
    }

    shape! { Inner { "A" => a: string, "B" => b: long } }

    /// serde's message in Coral's words, as `api::parse` gave it.
    fn serde_words(serde_message: &str) -> String {
        let parsed = serde_message.strip_prefix("invalid type: ").and_then(|rest| rest.split_once(", expected "));
        let Some((found, wanted)) = parsed else {
            return serde_message.to_string();
        };
        let found_kind = found.split(' ').next().unwrap_or_default();
        let java_type = match wanted {
            "a string" => "String",
            "a boolean" => "Boolean",
            "i64" | "u64" => "Long",
            "a sequence" => "list",
            _ if wanted.starts_with("struct ") => "struct",
            _ => return serde_message.to_string(),
        };
        match (found_kind, java_type) {
            ("map", _) => "Start of structure or map found where not expected".to_string(),
            (_, "list") | (_, "struct") if found_kind != "sequence" => "Unexpected field type".to_string(),
            ("sequence", "list" | "struct") => "Start of list found where not expected".to_string(),
            ("sequence", scalar) => format!("Unrecognized collection type class java.lang.{scalar}"),
            ("string", "Boolean") => "Unexpected token received from parser".to_string(),
            ("integer", scalar) => format!("NUMBER_VALUE cannot be converted to {scalar}"),
            ("floating", scalar) => format!("DECIMAL_VALUE cannot be converted to {scalar}"),
            ("boolean", scalar) if found.contains("true") => format!("TRUE_VALUE cannot be converted to {scalar}"),
            ("boolean", scalar) => format!("FALSE_VALUE cannot be converted to {scalar}"),
            ("string", scalar) => format!("STRING_VALUE cannot be converted to {scalar}"),
            _ => serde_message.to_string(),
        }
    }

    fn by_serde(request: &Value) -> std::result::Result<Every, String> {
        Every::deserialize(request).map_err(|e| serde_words(&e.to_string()))
    }

    fn by_members(request: &Value) -> std::result::Result<Every, String> {
        structure::<Every>(request).map_err(|e| e.message().to_string())
    }

    /// Every JSON kind, with the values at the edges of each reader.
    fn samples() -> Vec<Value> {
        let mut samples = vec![
            json!(null),
            json!(true),
            json!(false),
            json!(0),
            json!(5),
            json!(-5),
            json!(i64::MAX),
            json!(i64::MIN),
            json!(i64::MAX as u64 + 1),
            json!(u64::MAX),
            json!(1.5),
            json!(-0.0),
            json!(100.0),
            json!(1e300),
            json!(""),
            json!("x"),
            json!("say \"hi\"\n\u{7f}é"),
            json!("a, expected b"),
            json!("a, expected struct b"),
            json!(", expected a string"),
            json!([]),
            json!([null]),
            json!(["x"]),
            json!(["x", 5]),
            json!(["x", 5, 6]),
            json!([5]),
            json!([true]),
            json!([1.5]),
            json!([[]]),
            json!([["x", 5]]),
            json!([["x"]]),
            json!([{}]),
            json!([{"A": "x", "B": 5}]),
            json!([{"A": 5}]),
            json!([{"B": "x", "A": 5}]),
            json!([{"A": "x"}, null]),
            json!({}),
            json!({"A": "x", "B": 5, "C": [1]}),
            json!({"A": null, "B": null}),
            json!({"A": [], "B": "x"}),
            json!({"K": null}),
            json!({"K": "x"}),
            json!({"K": 5}),
            json!({"K": []}),
            json!({"K": {}}),
            json!({"K": [null]}),
            json!({"K": [{"A": "x"}]}),
            json!({"K": ["x", 5]}),
            json!({"K": {"A": true}, "L": {"A": 5}}),
        ];
        let objects: Vec<Value> = samples.iter().map(|v| json!({"A": v.clone()})).collect();
        samples.extend(objects);
        samples
    }

    const MEMBERS: &[&str] = &["Text", "Long", "Flag", "Json", "Texts", "Jsons", "Inner", "Inners", "Map", "Lists"];

    #[test]
    fn every_kind_in_every_member_reads_as_serde_read_it() {
        let samples = samples();
        let mut messages = Vec::new();
        for member in MEMBERS {
            for value in &samples {
                let request = json!({ *member: value });
                let read = by_members(&request);
                assert_eq!(read, by_serde(&request), "{request}");
                if let Err(message) = read {
                    if !messages.contains(&message) {
                        messages.push(message);
                    }
                }
            }
        }
        // The samples reach every kind of answer, not only a few.
        for expected in [
            "NUMBER_VALUE cannot be converted to String",
            "DECIMAL_VALUE cannot be converted to Long",
            "TRUE_VALUE cannot be converted to Long",
            "FALSE_VALUE cannot be converted to String",
            "STRING_VALUE cannot be converted to Long",
            "Unexpected token received from parser",
            "Unrecognized collection type class java.lang.Boolean",
            "Start of structure or map found where not expected",
            "Unexpected field type",
            "invalid type: null, expected a string",
            "invalid type: floating point `100.0`, expected a map",
            "invalid type: string \"a, expected b\", expected i64",
            "invalid value: integer `9223372036854775808`, expected i64",
            "invalid length 1, expected struct Inner with 2 elements",
            "invalid length 3, expected fewer elements in array",
        ] {
            assert!(messages.iter().any(|m| m == expected), "no sample gives {expected:?}: {messages:#?}");
        }
    }

    #[test]
    fn the_first_faulty_member_by_name_is_reported_as_serde_reported_it() {
        let samples = [json!("x"), json!(5), json!(1.5), json!(true), json!([]), json!({}), json!(null)];
        for first in MEMBERS {
            for second in MEMBERS {
                for a in &samples {
                    for b in &samples {
                        let request = json!({ *first: a, *second: b, "Unknown": a });
                        assert_eq!(by_members(&request), by_serde(&request), "{request}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_whole_request_of_every_kind_reads_as_serde_read_it() {
        let mut requests = samples();
        requests.push(json!(["x", 5, true, {}, [], [], ["a", 1], [], {}, {}]));
        requests.push(json!(["x", 5, true, {}, [], [], ["a", 1], [], {}, {}, null]));
        requests.push(json!([null, null, null, null, null, null, null, null, null, null]));
        requests.push(json!([null, "x", null, null, null, null, null, null, null, null]));
        for request in &requests {
            assert_eq!(by_members(request), by_serde(request), "{request}");
        }
    }
}
