//! The DynamoDB JSON wire form of attribute values, decoded with DynamoDB's
//! validation and encoded in its normalised spelling.
//!
//! Every value on the wire is an object naming its data type:
//! `{"S": "x"}`, `{"N": "1"}`, `{"B": "<base64>"}`, `{"BOOL": true}`,
//! `{"NULL": true}`, `{"M": {…}}`, `{"L": […]}`, `{"SS": […]}`, `{"NS": […]}`,
//! `{"BS": […]}`. Decoding runs in two passes, like the service (dynalite
//! `validations/index.js`: `checkTypes` over the whole request, then
//! `validateAttributeValue`):
//!
//! 1. **Type pass** (`SerializationException`): the JSON shapes. A string
//!    where a string belongs, a boolean for `BOOL`/`NULL`, an array for `L`
//!    and the sets, an object for `M`, valid base64 for binary. Messages are
//!    the Coral deserialiser's as recorded in dynalite's newest test helpers
//!    (`NUMBER_VALUE cannot be converted to String`, `Unexpected field type`,
//!    `Base64 encoded length is expected a multiple of 4 bytes but found: 5`,
//!    `Invalid last non-pad Base64 character dectected` (sic), …). Like Coral
//!    (and dynalite), members it does not know (`{"X": "1"}`) and members set
//!    to `null` are ignored, so they end up as an empty value in pass 2. A
//!    type error anywhere in the item therefore wins over any validation error.
//! 2. **Validation pass** (`ValidationException`), depth first, in map-key
//!    order (serde_json maps are sorted, the service uses request order).
//!    For each value: the nesting limit (semantics B.4: a top-level attribute
//!    is level 1, values below level 32 are refused), no type at all, then
//!    each type's own checks — numbers ([`Number::parse`]), `NULL: false`,
//!    empty sets, each `NS` member, duplicates (strings and bytes exactly,
//!    numbers by value), nested values — and only after those, more than one
//!    type. That last-place check is dynalite's order: `{"S": "a", "N": "x"}`
//!    reports the bad number.
//!
//! Messages are semantics B.4 (and dynalite's tests for the duplicate
//! messages of NS and BS, which print the members as sent). Newer DynamoDB
//! regions quote the members (`["a", "a"]`) and accept `NULL: false`
//! (paritysuite `valueLayers.test.ts`, conformance `putItem.test.ts`); we keep
//! the B.4 wording the rest of the engine is written against.
//!
//! Decoded sets are sorted (strings and binary by bytes, numbers by value) so
//! equal sets compare, size and serialise the same. Empty strings and binary
//! are fine here; key attributes are checked by the table.

use std::collections::BTreeMap;

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use serde_json::{Map, Value};

use super::{AttributeValue, Item, Number};
use crate::engine::error::{ApiError, Result};
use crate::engine::ordered::{self, Ordered};

/// Deepest level a value may sit at; the top-level attribute is level 1.
pub const MAX_NESTING_LEVELS: usize = 32;

/// DynamoDB's message for a document nested past [`MAX_NESTING_LEVELS`].
pub const NESTING_MESSAGE: &str =
    "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";

/// The ten data type descriptors of the wire form.
pub const TYPE_TAGS: [&str; 10] = ["S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"];

/// True when `name` is one of the ten [`TYPE_TAGS`].
pub fn is_type_tag(name: &str) -> bool {
    TYPE_TAGS.contains(&name)
}

/// How deep the type pass follows a document. Past it the pass stops (pass 2
/// refuses anything below level 32 anyway); the cap bounds recursion for
/// values built in code rather than parsed from text.
const TYPE_PASS_DEPTH_CAP: usize = 64;

const START_OF_MAP: &str = "Start of structure or map found where not expected";
const UNEXPECTED_FIELD: &str = "Unexpected field type";
const ATTRIBUTE_MAP_COLLECTION: &str =
    "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>";
const NOT_BASE64: &str = "only base-64-encoded strings are convertible to bytes";
const BAD_LAST_BASE64: &str = "Invalid last non-pad Base64 character dectected";

fn serialization(message: impl Into<String>) -> ApiError {
    ApiError::Serialization(message.into())
}

impl AttributeValue {
    /// Decodes one wire value (e.g. an `ExpressionAttributeValues` entry),
    /// counting it as a top-level attribute for the nesting limit.
    pub fn from_wire(v: &Value) -> Result<AttributeValue> {
        let slot = type_pass(v, 1)?;
        build(slot, 1)
    }

    /// The wire form: numbers in normalised spelling, binary as padded
    /// standard base64, sets in their stored (sorted) order.
    pub fn to_wire(&self) -> Value {
        let (tag, content) = match self {
            Self::S(s) => ("S", Value::String(s.clone())),
            Self::N(n) => ("N", Value::String(n.to_string())),
            Self::B(b) => ("B", Value::String(STANDARD.encode(b))),
            Self::Bool(b) => ("BOOL", Value::Bool(*b)),
            Self::Null => ("NULL", Value::Bool(true)),
            Self::M(m) => ("M", Value::Object(map_to_wire(m))),
            Self::L(l) => ("L", Value::Array(l.iter().map(Self::to_wire).collect())),
            Self::Ss(v) => ("SS", v.iter().map(|s| Value::String(s.clone())).collect()),
            Self::Ns(v) => ("NS", v.iter().map(|n| Value::String(n.to_string())).collect()),
            Self::Bs(v) => ("BS", v.iter().map(|b| Value::String(STANDARD.encode(b))).collect()),
        };
        let mut object = Map::new();
        object.insert(tag.to_string(), content);
        Value::Object(object)
    }
}

/// Decodes a map of attribute name → wire value (an `Item`, a `Key`, …).
/// Every type error in the map is looked for before any validation error.
pub fn item_from_wire(v: &Value) -> Result<Item> {
    let fields = match v {
        Value::Object(fields) => fields,
        Value::Array(_) => return Err(serialization(ATTRIBUTE_MAP_COLLECTION)),
        _ => return Err(serialization(UNEXPECTED_FIELD)),
    };
    let mut typed = Vec::with_capacity(fields.len());
    for (name, value) in fields {
        typed.push((name.clone(), type_pass(value, 1)?));
    }
    typed.into_iter().map(|(name, slot)| Ok((name, build(slot, 1)?))).try_ordered_map()
}

/// Encodes an item (or any name → value map) in the wire form.
pub fn item_to_wire(item: &Item) -> Value {
    Value::Object(map_to_wire(item))
}

fn map_to_wire(map: &BTreeMap<String, AttributeValue>) -> Map<String, Value> {
    map.iter().map(|(name, value)| (name.clone(), value.to_wire())).json_object()
}

/// Decodes standard padded base64 the way DynamoDB checks it: length first,
/// then the alphabet, then padding and unused trailing bits.
pub fn decode_base64(text: &str) -> Result<Vec<u8>> {
    // Java counts UTF-16 units; for any valid input that is the byte count.
    let length = text.encode_utf16().count();
    if !length.is_multiple_of(4) {
        return Err(serialization(format!(
            "Base64 encoded length is expected a multiple of 4 bytes but found: {length}"
        )));
    }
    if let Some(c) = text.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '='))) {
        return Err(serialization(format!("Invalid Base64 character: '{c}'")));
    }
    let body = text.trim_end_matches('=');
    if text.len() - body.len() > 2 || body.contains('=') {
        return Err(serialization(BAD_LAST_BASE64));
    }
    STANDARD.decode(text).map_err(|_| serialization(BAD_LAST_BASE64))
}

/// One data type member of a wire value, with its JSON shape checked.
enum Typed {
    S(String),
    N(String),
    B(Vec<u8>),
    Bool(bool),
    Null(bool),
    M(Vec<(String, Slot)>),
    L(Vec<Slot>),
    Ss(Vec<String>),
    Ns(Vec<String>),
    /// Members as sent (for the duplicate message) and decoded.
    Bs(Vec<(String, Vec<u8>)>),
}

/// A wire value after the type pass.
enum Slot {
    /// The data types it sets, in key order (empty when it sets none).
    Types(Vec<Typed>),
    /// Beyond the type pass's depth cap; refused as too deep in pass 2.
    TooDeep,
}

fn type_pass(v: &Value, depth: usize) -> Result<Slot> {
    if depth > TYPE_PASS_DEPTH_CAP {
        return Ok(Slot::TooDeep);
    }
    let fields = match v {
        Value::Object(fields) => fields,
        // A null value sets no type: "Supplied AttributeValue is empty".
        Value::Null => return Ok(Slot::Types(Vec::new())),
        Value::Array(_) => {
            return Err(serialization(
                "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue",
            ))
        }
        _ => return Err(serialization("Unexpected value type in payload")),
    };
    let mut types = Vec::with_capacity(1);
    for (tag, content) in fields {
        if content.is_null() {
            continue;
        }
        let typed = match tag.as_str() {
            "S" => Typed::S(string(content)?),
            "N" => Typed::N(string(content)?),
            "B" => Typed::B(decode_base64(blob_text(content)?)?),
            "BOOL" => Typed::Bool(boolean(content)?),
            "NULL" => Typed::Null(boolean(content)?),
            "SS" => Typed::Ss(set_members(content, string)?),
            "NS" => Typed::Ns(set_members(content, string)?),
            "BS" => Typed::Bs(set_members(content, |member| {
                let text = blob_text(member)?;
                Ok((text.to_string(), decode_base64(text)?))
            })?),
            "L" => Typed::L(list(content)?.iter().map(|element| type_pass(element, depth + 1)).collect::<Result<_>>()?),
            "M" => Typed::M(
                map(content)?
                    .iter()
                    .map(|(name, element)| Ok((name.clone(), type_pass(element, depth + 1)?)))
                    .collect::<Result<_>>()?,
            ),
            // Coral ignores members it does not model.
            _ => continue,
        };
        types.push(typed);
    }
    Ok(Slot::Types(types))
}

fn number_kind(n: &serde_json::Number) -> &'static str {
    if n.is_f64() {
        "DECIMAL_VALUE"
    } else {
        "NUMBER_VALUE"
    }
}

fn string(v: &Value) -> Result<String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Bool(true) => Err(serialization("TRUE_VALUE cannot be converted to String")),
        Value::Bool(false) => Err(serialization("FALSE_VALUE cannot be converted to String")),
        Value::Number(n) => Err(serialization(format!("{} cannot be converted to String", number_kind(n)))),
        Value::Array(_) => Err(serialization("Unrecognized collection type class java.lang.String")),
        Value::Object(_) | Value::Null => Err(serialization(START_OF_MAP)),
    }
}

fn boolean(v: &Value) -> Result<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        // Coral reads the words true/false in any case; anything else fails.
        Value::String(s) if s.eq_ignore_ascii_case("true") => Ok(true),
        Value::String(s) if s.eq_ignore_ascii_case("false") => Ok(false),
        Value::String(_) => Err(serialization("Unexpected token received from parser")),
        Value::Number(n) => Err(serialization(format!("{} cannot be converted to Boolean", number_kind(n)))),
        Value::Array(_) => Err(serialization("Unrecognized collection type class java.lang.Boolean")),
        Value::Object(_) | Value::Null => Err(serialization(START_OF_MAP)),
    }
}

fn blob_text(v: &Value) -> Result<&str> {
    match v {
        Value::String(s) => Ok(s),
        Value::Bool(_) | Value::Number(_) | Value::Null => Err(serialization(NOT_BASE64)),
        Value::Array(_) => Err(serialization("Unrecognized collection type class java.nio.ByteBuffer")),
        Value::Object(_) => Err(serialization(START_OF_MAP)),
    }
}

fn list(v: &Value) -> Result<&Vec<Value>> {
    match v {
        Value::Array(elements) => Ok(elements),
        Value::Object(_) => Err(serialization(START_OF_MAP)),
        _ => Err(serialization(UNEXPECTED_FIELD)),
    }
}

fn map(v: &Value) -> Result<&Map<String, Value>> {
    match v {
        Value::Object(fields) => Ok(fields),
        Value::Array(_) => Err(serialization(ATTRIBUTE_MAP_COLLECTION)),
        _ => Err(serialization(UNEXPECTED_FIELD)),
    }
}

fn set_members<T>(v: &Value, member: impl Fn(&Value) -> Result<T>) -> Result<Vec<T>> {
    list(v)?
        .iter()
        .map(|element| {
            if element.is_null() {
                // Not captured from DynamoDB; our own wording.
                return Err(serialization("Set members may not be null"));
            }
            member(element)
        })
        .collect()
}

/// Pass 2: validates one value at `level` (top-level attribute = 1).
fn build(slot: Slot, level: usize) -> Result<AttributeValue> {
    if level > MAX_NESTING_LEVELS {
        return Err(ApiError::validation(NESTING_MESSAGE));
    }
    let Slot::Types(types) = slot else {
        return Err(ApiError::validation(NESTING_MESSAGE));
    };
    let count = types.len();
    let mut first = None;
    for typed in types {
        let value = build_typed(typed, level)?;
        first.get_or_insert(value);
    }
    match first {
        None => Err(ApiError::validation(
            "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
        )),
        Some(value) if count == 1 => Ok(value),
        Some(_) => Err(ApiError::validation(
            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        )),
    }
}

fn build_typed(typed: Typed, level: usize) -> Result<AttributeValue> {
    Ok(match typed {
        Typed::S(s) => AttributeValue::S(s),
        Typed::N(text) => AttributeValue::N(Number::parse(&text)?),
        Typed::B(bytes) => AttributeValue::B(bytes),
        Typed::Bool(b) => AttributeValue::Bool(b),
        Typed::Null(true) => AttributeValue::Null,
        Typed::Null(false) => {
            return Err(ApiError::invalid_parameter("Null attribute value types must have the value of true"))
        }
        Typed::Ss(members) => {
            if members.is_empty() {
                return Err(ApiError::invalid_parameter("An string set  may not be empty"));
            }
            let mut sorted = members.clone();
            ordered::sort(&mut sorted);
            if has_adjacent_duplicates(&sorted) {
                return Err(ApiError::invalid_parameter(format!(
                    "Input collection [{}] contains duplicates.",
                    members.join(", ")
                )));
            }
            AttributeValue::Ss(sorted)
        }
        Typed::Ns(members) => {
            if members.is_empty() {
                return Err(ApiError::invalid_parameter("An number set  may not be empty"));
            }
            // Every member is checked before duplicates are looked for.
            let mut numbers = members.iter().map(|text| Number::parse(text)).collect::<Result<Vec<_>>>()?;
            ordered::sort(&mut numbers);
            if has_adjacent_duplicates(&numbers) {
                // dynalite's (and the older DynamoDB layer's) bare wording.
                return Err(ApiError::validation("Input collection contains duplicates"));
            }
            AttributeValue::Ns(numbers)
        }
        Typed::Bs(members) => {
            if members.is_empty() {
                return Err(ApiError::invalid_parameter("Binary sets should not be empty"));
            }
            let mut sorted: Vec<Vec<u8>> = members.iter().map(|(_, bytes)| bytes.clone()).collect();
            ordered::sort(&mut sorted);
            if has_adjacent_duplicates(&sorted) {
                let sent: Vec<&str> = members.iter().map(|(text, _)| text.as_str()).collect();
                // No space before "of" (sic).
                return Err(ApiError::invalid_parameter(format!(
                    "Input collection [{}]of type BS contains duplicates.",
                    sent.join(", ")
                )));
            }
            AttributeValue::Bs(sorted)
        }
        Typed::L(elements) => {
            AttributeValue::L(elements.into_iter().map(|slot| build(slot, level + 1)).collect::<Result<_>>()?)
        }
        Typed::M(entries) => AttributeValue::M(
            entries.into_iter().map(|(name, slot)| Ok((name, build(slot, level + 1)?))).try_ordered_map()?,
        ),
    })
}

fn has_adjacent_duplicates<T: PartialEq>(sorted: &[T]) -> bool {
    sorted.windows(2).any(|pair| matches!(pair, [a, b] if a == b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn decode(v: Value) -> std::result::Result<AttributeValue, (String, String)> {
        AttributeValue::from_wire(&v).map_err(|e| (e.name().to_string(), e.message().to_string()))
    }

    fn num(text: &str) -> Number {
        Number::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// `depth` single-key maps around a string leaf (paritysuite's deepMap).
    fn deep_map(depth: usize) -> Value {
        let mut v = json!({"S": "leaf"});
        for _ in 0..depth {
            v = json!({"M": {"n": v}});
        }
        v
    }

    fn deep_list(depth: usize) -> Value {
        let mut v = json!({"N": "1"});
        for _ in 0..depth {
            v = json!({"L": [v]});
        }
        v
    }

    #[test]
    fn decodes_every_type() {
        let cases = [
            (json!({"S": "x"}), AttributeValue::S("x".into())),
            (json!({"S": ""}), AttributeValue::S(String::new())),
            (json!({"N": "0042.1200"}), AttributeValue::N(num("42.12"))),
            (json!({"B": "AQI="}), AttributeValue::B(vec![1, 2])),
            (json!({"B": ""}), AttributeValue::B(Vec::new())),
            (json!({"BOOL": true}), AttributeValue::Bool(true)),
            (json!({"BOOL": "FALSE"}), AttributeValue::Bool(false)),
            (json!({"NULL": true}), AttributeValue::Null),
            (json!({"NULL": "true"}), AttributeValue::Null),
            (json!({"L": []}), AttributeValue::L(Vec::new())),
            (json!({"M": {}}), AttributeValue::M(BTreeMap::new())),
            (
                json!({"L": [{"S": "a"}, {"N": "1"}]}),
                AttributeValue::L(vec![AttributeValue::S("a".into()), AttributeValue::N(num("1"))]),
            ),
            (
                json!({"M": {"b": {"BOOL": false}, "a": {"NULL": true}}}),
                AttributeValue::M(BTreeMap::from([
                    ("a".to_string(), AttributeValue::Null),
                    ("b".to_string(), AttributeValue::Bool(false)),
                ])),
            ),
            (
                json!({"SS": ["b", "a", "B", "", "¿", "z"]}),
                AttributeValue::Ss(vec![String::new(), "B".into(), "a".into(), "b".into(), "z".into(), "¿".into()]),
            ),
            (
                json!({"NS": ["10", "9", "-1", "0.5", "-20"]}),
                AttributeValue::Ns(vec![num("-20"), num("-1"), num("0.5"), num("9"), num("10")]),
            ),
            (
                json!({"BS": ["/w==", "AA==", "AQ==", ""]}),
                AttributeValue::Bs(vec![Vec::new(), vec![0], vec![1], vec![255]]),
            ),
            // Unknown members and null members are ignored, as Coral does.
            (json!({"S": "a", "X": 1}), AttributeValue::S("a".into())),
            (json!({"S": null, "N": "1"}), AttributeValue::N(num("1"))),
        ];
        for (input, expected) in cases {
            assert_eq!(decode(input.clone()), Ok(expected), "{input}");
        }
    }

    #[test]
    fn encodes_in_normalised_form() {
        let cases = [
            (json!({"N": "1E2"}), json!({"N": "100"})),
            (json!({"N": "-0"}), json!({"N": "0"})),
            (json!({"B": "AQI="}), json!({"B": "AQI="})),
            (json!({"NULL": "TRUE"}), json!({"NULL": true})),
            (json!({"NS": ["1.50", "-3", "2e0"]}), json!({"NS": ["-3", "1.5", "2"]})),
            (json!({"SS": ["b", "a"]}), json!({"SS": ["a", "b"]})),
            (json!({"BS": ["Ag==", "AQ=="]}), json!({"BS": ["AQ==", "Ag=="]})),
            (
                json!({"M": {"x": {"L": [{"N": "007"}, {"BOOL": true}, {"SS": ["q"]}]}}}),
                json!({"M": {"x": {"L": [{"N": "7"}, {"BOOL": true}, {"SS": ["q"]}]}}}),
            ),
        ];
        for (input, expected) in cases {
            let value = decode(input.clone()).unwrap_or_else(|e| panic!("{input}: {e:?}"));
            assert_eq!(value.to_wire(), expected, "{input}");
            assert_eq!(decode(expected.clone()), Ok(value), "round trip of {expected}");
        }
    }

    #[test]
    fn refuses_with_dynamodb_messages() {
        const V: &str = "ValidationException";
        const S: &str = "SerializationException";
        let not_number = "The parameter cannot be converted to a numeric value: ";
        let cases: Vec<(Value, &str, String)> = vec![
            // Validation pass.
            (json!({}), V, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes".into()),
            (json!(null), V, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes".into()),
            (json!({"X": "1"}), V, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes".into()),
            (json!({"M": {"a": {}}}), V, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes".into()),
            (json!({"L": [{}]}), V, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes".into()),
            (json!({"S": "a", "N": "1"}), V, "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes".into()),
            (json!({"S": "a", "BOOL": true}), V, "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes".into()),
            // Type checks come before "more than one type" (dynalite order).
            (json!({"S": "a", "N": "b"}), V, format!("{not_number}b")),
            (json!({"S": "", "N": ""}), V, not_number.to_string()),
            (json!({"NULL": false}), V, "One or more parameter values were invalid: Null attribute value types must have the value of true".into()),
            (json!({"SS": []}), V, "One or more parameter values were invalid: An string set  may not be empty".into()),
            (json!({"NS": []}), V, "One or more parameter values were invalid: An number set  may not be empty".into()),
            (json!({"BS": []}), V, "One or more parameter values were invalid: Binary sets should not be empty".into()),
            (json!({"SS": ["a", "a"]}), V, "One or more parameter values were invalid: Input collection [a, a] contains duplicates.".into()),
            (json!({"SS": ["b", "a", "b"]}), V, "One or more parameter values were invalid: Input collection [b, a, b] contains duplicates.".into()),
            (json!({"NS": ["1", "1"]}), V, "Input collection contains duplicates".into()),
            (json!({"NS": ["1", "1.0"]}), V, "Input collection contains duplicates".into()),
            (json!({"NS": ["1", "1", "b"]}), V, format!("{not_number}b")),
            (json!({"NS": ["1", ""]}), V, not_number.to_string()),
            (json!({"BS": ["Yg==", "Yg=="]}), V, "One or more parameter values were invalid: Input collection [Yg==, Yg==]of type BS contains duplicates.".into()),
            (json!({"N": "abc"}), V, format!("{not_number}abc")),
            (json!({"N": "1e126"}), V, "Number overflow. Attempting to store a number with magnitude larger than supported range".into()),
            (json!({"N": "-1e-131"}), V, "Number underflow. Attempting to store a number with magnitude smaller than supported range".into()),
            (json!({"N": "123456789012345678901234567890123456789"}), V, "Attempting to store more than 38 significant digits in a Number".into()),
            (json!({"M": {"a": {"L": [{"NS": ["x"]}]}}}), V, format!("{not_number}x")),
            // Type pass.
            (json!({"S": 5}), S, "NUMBER_VALUE cannot be converted to String".into()),
            (json!({"S": 34.56}), S, "DECIMAL_VALUE cannot be converted to String".into()),
            (json!({"S": true}), S, "TRUE_VALUE cannot be converted to String".into()),
            (json!({"N": false}), S, "FALSE_VALUE cannot be converted to String".into()),
            (json!({"N": 5}), S, "NUMBER_VALUE cannot be converted to String".into()),
            (json!({"S": []}), S, "Unrecognized collection type class java.lang.String".into()),
            (json!({"S": {}}), S, "Start of structure or map found where not expected".into()),
            (json!({"BOOL": "x"}), S, "Unexpected token received from parser".into()),
            (json!({"BOOL": 1}), S, "NUMBER_VALUE cannot be converted to Boolean".into()),
            (json!({"NULL": 0.5}), S, "DECIMAL_VALUE cannot be converted to Boolean".into()),
            (json!({"BOOL": []}), S, "Unrecognized collection type class java.lang.Boolean".into()),
            (json!({"NULL": {}}), S, "Start of structure or map found where not expected".into()),
            (json!({"B": 5}), S, "only base-64-encoded strings are convertible to bytes".into()),
            (json!({"B": true}), S, "only base-64-encoded strings are convertible to bytes".into()),
            (json!({"B": []}), S, "Unrecognized collection type class java.nio.ByteBuffer".into()),
            (json!({"B": {}}), S, "Start of structure or map found where not expected".into()),
            (json!({"B": "23456"}), S, "Base64 encoded length is expected a multiple of 4 bytes but found: 5".into()),
            (json!({"B": "=+/="}), S, "Invalid last non-pad Base64 character dectected".into()),
            (json!({"B": "+/+="}), S, "Invalid last non-pad Base64 character dectected".into()),
            (json!({"B": "A==="}), S, "Invalid last non-pad Base64 character dectected".into()),
            (json!({"B": "AB=="}), S, "Invalid last non-pad Base64 character dectected".into()),
            (json!({"B": "ab!d"}), S, "Invalid Base64 character: '!'".into()),
            (json!({"BS": ["AQ==", "A"]}), S, "Base64 encoded length is expected a multiple of 4 bytes but found: 1".into()),
            (json!({"BS": [true]}), S, "only base-64-encoded strings are convertible to bytes".into()),
            (json!({"L": {}}), S, "Start of structure or map found where not expected".into()),
            (json!({"L": "23"}), S, "Unexpected field type".into()),
            (json!({"SS": 5}), S, "Unexpected field type".into()),
            (json!({"NS": {}}), S, "Start of structure or map found where not expected".into()),
            (json!({"SS": [1]}), S, "NUMBER_VALUE cannot be converted to String".into()),
            (json!({"SS": ["a", null]}), S, "Set members may not be null".into()),
            (json!({"M": []}), S, "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>".into()),
            (json!({"M": true}), S, "Unexpected field type".into()),
            (json!({"L": ["23"]}), S, "Unexpected value type in payload".into()),
            (json!({"M": {"a": 5}}), S, "Unexpected value type in payload".into()),
            (json!({"L": [[]]}), S, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue".into()),
            (json!("x"), S, "Unexpected value type in payload".into()),
            (json!(5), S, "Unexpected value type in payload".into()),
            (json!([]), S, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue".into()),
            // A type error deep inside wins over a validation error before it.
            (json!({"L": [{"NULL": false}, {"M": {"z": {"S": 1}}}]}), S, "NUMBER_VALUE cannot be converted to String".into()),
        ];
        for (input, name, message) in cases {
            assert_eq!(decode(input.clone()), Err((name.to_string(), message)), "{input}");
        }
    }

    #[test]
    fn nesting_limit_is_exact() {
        // 31 wraps: the leaf sits at level 32, accepted; 32 wraps refused.
        assert!(decode(deep_map(31)).is_ok());
        assert!(decode(deep_list(31)).is_ok());
        let too_deep = Err(("ValidationException".to_string(), NESTING_MESSAGE.to_string()));
        assert_eq!(decode(deep_map(32)), too_deep);
        assert_eq!(decode(deep_list(32)), too_deep);
        assert_eq!(decode(deep_map(200)), too_deep);
        // An empty container at level 32 is fine.
        let mut v = json!({"M": {}});
        for _ in 0..31 {
            v = json!({"L": [v]});
        }
        assert!(decode(v).is_ok());
        // The same limit applies to an item's attributes.
        let item = item_from_wire(&json!({"a": deep_map(32)})).map_err(|e| e.message().to_string());
        assert_eq!(item, Err(NESTING_MESSAGE.to_string()));
        assert!(item_from_wire(&json!({"a": deep_map(31)})).is_ok());
        // Set members are not a level.
        let mut v = json!({"SS": ["a"]});
        for _ in 0..31 {
            v = json!({"M": {"n": v}});
        }
        assert!(decode(v).is_ok());
    }

    #[test]
    fn items_round_trip() {
        let wire = json!({
            "pk": {"S": "user#1"},
            "n": {"N": "3.14"},
            "b": {"B": "AAEC"},
            "tags": {"SS": ["x", "y"]},
            "doc": {"M": {"list": {"L": [{"NULL": true}, {"NS": ["1", "2"]}]}}},
        });
        let item = item_from_wire(&wire).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(item.len(), 5);
        assert_eq!(item.get("b"), Some(&AttributeValue::B(vec![0, 1, 2])));
        assert_eq!(item_to_wire(&item), wire);
        assert_eq!(item_from_wire(&json!({})), Ok(Item::new()));
    }

    #[test]
    fn item_map_type_errors() {
        let cases = [
            (json!([]), "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"),
            (json!("x"), "Unexpected field type"),
            (json!(null), "Unexpected field type"),
            (json!({"a": 5}), "Unexpected value type in payload"),
            // The type error in "b" wins over the validation error in "a".
            (json!({"a": {"NULL": false}, "b": {"S": 5}}), "NUMBER_VALUE cannot be converted to String"),
        ];
        for (input, message) in cases {
            let got = item_from_wire(&input).map_err(|e| (e.name(), e.message().to_string()));
            assert_eq!(got, Err(("SerializationException", message.to_string())), "{input}");
        }
    }

    #[test]
    fn base64_decoding() {
        assert_eq!(decode_base64(""), Ok(Vec::new()));
        assert_eq!(decode_base64("YQ=="), Ok(b"a".to_vec()));
        assert_eq!(decode_base64("YWI="), Ok(b"ab".to_vec()));
        assert_eq!(decode_base64("YWJj"), Ok(b"abc".to_vec()));
        assert!(decode_base64("YW J").is_err());
        assert!(decode_base64("YQ==YQ==").is_err());
        assert!(decode_base64("====").is_err());
        assert!(decode_base64("ÿÿ").is_err());
        assert!(is_type_tag("BOOL") && !is_type_tag("bool"));
    }
}
