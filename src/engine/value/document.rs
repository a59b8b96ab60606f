//! Plain JSON ↔ DynamoDB JSON, the way the AWS document clients marshall.
//!
//! People think in plain JSON (`{"pk": "a", "n": 1}`); DynamoDB speaks typed
//! JSON (`{"pk": {"S": "a"}, "n": {"N": "1"}}`). Marshalling maps string → `S`,
//! number → `N`, bool → `BOOL`, null → `NULL`, array → `L`, object → `M`, and
//! then decodes the result with the full wire validation
//! ([`item_from_wire`]), so plain input meets exactly the limits and messages
//! typed input does. A JSON number keeps the spelling serde_json gives it:
//! integers exactly, other numbers as the shortest `f64` spelling. serde_json
//! is built without arbitrary precision, so a literal with more digits than an
//! `f64` holds is rounded while parsing; such values must be typed as
//! `{"N": "…"}`.
//!
//! Unmarshalling is lossy by nature: sets become arrays, binary becomes a
//! base64 string, and a number becomes a JSON number only when that number's
//! spelling reads back as the same value, else a string (like the SDKs'
//! `wrapNumbers` escape hatch, without the wrapper).
//!
//! [`parse_item_json`] is the item editor's entry point: it accepts either
//! notation, and the `{"Item": {…}}` envelope the CLI prints.

use serde_json::{Map, Value};

use super::wire::{is_type_tag, item_from_wire};
use super::{AttributeValue, Item, Number};
use crate::engine::error::{ApiError, Result};
use crate::engine::ordered::Ordered;

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

/// Containers deeper than this are not marshalled further; the wire decoder
/// refuses anything past 32 levels anyway, and this bounds the recursion.
const MARSHALL_DEPTH_CAP: usize = 64;

const NOT_AN_OBJECT: &str = "An item must be a JSON object of attribute names to values, for example {\"pk\": \"a\", \"n\": 1} or {\"pk\": {\"S\": \"a\"}}";

/// Converts a plain JSON object into an item, with the wire validation.
pub fn item_from_plain(v: &Value) -> Result<Item> {
    let Value::Object(fields) = v else {
        return Err(ApiError::validation(NOT_AN_OBJECT));
    };
    let wire: Map<String, Value> = fields.iter().map(|(name, value)| (name.clone(), marshall(value, 1))).json_object();
    item_from_wire(&Value::Object(wire))
}

/// Converts an item to plain JSON (see the module notes for what is lost).
pub fn item_to_plain(item: &Item) -> Value {
    Value::Object(item.iter().map(|(name, value)| (name.clone(), to_plain(value))).json_object())
}

/// Parses the item editor's text: DynamoDB JSON when every attribute is an
/// object with exactly one key among the ten type tags, plain JSON otherwise.
/// `{"Item": {…}}` (as printed by `aws dynamodb get-item`) is unwrapped first,
/// unless its inner object is itself one typed value (then `Item` is taken as
/// an attribute name). Invalid JSON is a `SerializationException` carrying
/// serde_json's message, which names the line and column.
pub fn parse_item_json(text: &str) -> Result<Item> {
    let parsed: Value = serde_json::from_str(text).map_err(|e| ApiError::Serialization(e.to_string()))?;
    let Value::Object(top) = &parsed else {
        return Err(ApiError::validation(NOT_AN_OBJECT));
    };
    let fields = match top.get("Item") {
        Some(Value::Object(inner)) if top.len() == 1 && !is_typed_value(inner) => inner,
        _ => top,
    };
    if fields.values().all(|value| match value {
        Value::Object(object) => is_typed_value(object),
        _ => false,
    }) {
        item_from_wire(&Value::Object(fields.clone()))
    } else {
        item_from_plain(&Value::Object(fields.clone()))
    }
}

/// `{"<type tag>": …}`: exactly one key, and a type tag.
fn is_typed_value(object: &Map<String, Value>) -> bool {
    object.len() == 1 && object.keys().all(|key| is_type_tag(key))
}

fn marshall(v: &Value, depth: usize) -> Value {
    let (tag, content) = match v {
        Value::String(s) => ("S", Value::String(s.clone())),
        Value::Number(n) => ("N", Value::String(n.to_string())),
        Value::Bool(b) => ("BOOL", Value::Bool(*b)),
        Value::Null => ("NULL", Value::Bool(true)),
        // Past the cap an empty list stands in; level 33 is refused first.
        _ if depth > MARSHALL_DEPTH_CAP => ("L", Value::Array(Vec::new())),
        Value::Array(elements) => ("L", Value::Array(elements.iter().map(|e| marshall(e, depth + 1)).collect())),
        Value::Object(fields) => {
            ("M", Value::Object(fields.iter().map(|(name, e)| (name.clone(), marshall(e, depth + 1))).json_object()))
        }
    };
    let mut object = Map::new();
    object.insert(tag.to_string(), content);
    Value::Object(object)
}

fn to_plain(value: &AttributeValue) -> Value {
    match value {
        AttributeValue::S(s) => Value::String(s.clone()),
        AttributeValue::N(n) => number_to_plain(n),
        AttributeValue::B(b) => Value::String(STANDARD.encode(b)),
        AttributeValue::Bool(b) => Value::Bool(*b),
        AttributeValue::Null => Value::Null,
        AttributeValue::M(m) => {
            Value::Object(m.iter().map(|(name, element)| (name.clone(), to_plain(element))).json_object())
        }
        AttributeValue::L(l) => Value::Array(l.iter().map(to_plain).collect()),
        AttributeValue::Ss(v) => v.iter().map(|s| Value::String(s.clone())).collect(),
        AttributeValue::Ns(v) => v.iter().map(number_to_plain).collect(),
        AttributeValue::Bs(v) => v.iter().map(|b| Value::String(STANDARD.encode(b))).collect(),
    }
}

/// A JSON number when its spelling reads back as the same value, else the
/// normalised string.
fn number_to_plain(n: &Number) -> Value {
    let text = n.to_string();
    if let Ok(i) = text.parse::<i64>() {
        return Value::from(i);
    }
    if let Ok(u) = text.parse::<u64>() {
        return Value::from(u);
    }
    let as_json = text
        .parse::<f64>()
        .ok()
        .and_then(serde_json::Number::from_f64)
        .filter(|json| Number::parse(&json.to_string()).ok().as_ref() == Some(n));
    match as_json {
        Some(json) => Value::Number(json),
        None => Value::String(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::BTreeMap;

    fn num(text: &str) -> AttributeValue {
        AttributeValue::N(Number::parse(text).unwrap_or_else(|e| panic!("{text}: {e}")))
    }

    fn plain(v: Value) -> Item {
        item_from_plain(&v).unwrap_or_else(|e| panic!("{v}: {e}"))
    }

    fn editor(text: &str) -> Item {
        parse_item_json(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn marshalls_plain_json() {
        let item = plain(json!({
            "s": "a",
            "i": 42,
            "neg": -7,
            "f": 1.5,
            "big": 18446744073709551615u64,
            "t": true,
            "z": null,
            "l": [1, "x", [false]],
            "m": {"inner": {"deep": 0.25}},
        }));
        let expected = Item::from([
            ("s".to_string(), AttributeValue::S("a".into())),
            ("i".to_string(), num("42")),
            ("neg".to_string(), num("-7")),
            ("f".to_string(), num("1.5")),
            ("big".to_string(), num("18446744073709551615")),
            ("t".to_string(), AttributeValue::Bool(true)),
            ("z".to_string(), AttributeValue::Null),
            (
                "l".to_string(),
                AttributeValue::L(vec![
                    num("1"),
                    AttributeValue::S("x".into()),
                    AttributeValue::L(vec![AttributeValue::Bool(false)]),
                ]),
            ),
            (
                "m".to_string(),
                AttributeValue::M(BTreeMap::from([(
                    "inner".to_string(),
                    AttributeValue::M(BTreeMap::from([("deep".to_string(), num("0.25"))])),
                )])),
            ),
        ]);
        assert_eq!(item, expected);
    }

    #[test]
    fn plain_input_meets_the_wire_limits() {
        let overflow = item_from_plain(&json!({"n": 1e200})).map_err(|e| e.message().to_string());
        assert_eq!(
            overflow,
            Err("Number overflow. Attempting to store a number with magnitude larger than supported range".to_string())
        );
        let mut deep = json!("leaf");
        for _ in 0..31 {
            deep = json!({ "n": deep });
        }
        assert!(item_from_plain(&json!({ "a": deep.clone() })).is_ok());
        let deeper = json!({ "n": deep });
        let refused = item_from_plain(&json!({ "a": deeper })).map_err(|e| e.message().to_string());
        assert_eq!(refused, Err(super::super::wire::NESTING_MESSAGE.to_string()));
        for not_object in [json!([]), json!("x"), json!(1), json!(null)] {
            let got = item_from_plain(&not_object).map_err(|e| (e.name(), e.message().to_string()));
            assert_eq!(got, Err(("ValidationException", NOT_AN_OBJECT.to_string())));
        }
    }

    #[test]
    fn unmarshalls_to_plain_json() {
        let item = Item::from([
            ("s".to_string(), AttributeValue::S("a".into())),
            ("b".to_string(), AttributeValue::B(vec![1, 2])),
            ("t".to_string(), AttributeValue::Bool(false)),
            ("z".to_string(), AttributeValue::Null),
            ("ss".to_string(), AttributeValue::Ss(vec!["a".into(), "b".into()])),
            ("bs".to_string(), AttributeValue::Bs(vec![vec![0]])),
            (
                "l".to_string(),
                AttributeValue::L(vec![AttributeValue::M(BTreeMap::from([("k".to_string(), num("1"))]))]),
            ),
        ]);
        assert_eq!(
            item_to_plain(&item),
            json!({
                "s": "a", "b": "AQI=", "t": false, "z": null, "ss": ["a", "b"],
                "bs": ["AA=="], "l": [{"k": 1}],
            })
        );
    }

    #[test]
    fn numbers_become_json_numbers_only_when_exact() {
        let thirty_eight = "12345678901234567890123456789012345678";
        let cases = [
            ("42", json!(42)),
            ("-42", json!(-42)),
            ("0", json!(0)),
            ("18446744073709551615", json!(18446744073709551615u64)),
            ("42.12", json!(42.12)),
            ("0.0015", json!(0.0015)),
            ("1E125", json!(1e125)),
            ("1E-130", json!(1e-130)),
            (thirty_eight, json!(thirty_eight)),
            ("0.1234567890123456789", json!("0.1234567890123456789")),
            // 2^64 is an exact f64, but its shortest spelling is 1.8446744073709552e19.
            ("18446744073709551616", json!("18446744073709551616")),
            ("18446744073709551617", json!("18446744073709551617")),
        ];
        for (input, expected) in cases {
            let item = Item::from([("n".to_string(), num(input))]);
            assert_eq!(item_to_plain(&item), json!({ "n": expected }), "{input}");
            // A JSON number that comes out reads back as the same number.
            if expected.is_number() {
                assert_eq!(item_from_plain(&item_to_plain(&item)), Ok(item), "{input}");
            }
        }
        let set = Item::from([(
            "ns".to_string(),
            AttributeValue::Ns(vec![
                Number::parse("1.5").unwrap_or_else(|e| panic!("{e}")),
                Number::parse(thirty_eight).unwrap_or_else(|e| panic!("{e}")),
            ]),
        )]);
        assert_eq!(item_to_plain(&set), json!({ "ns": [1.5, thirty_eight] }));
    }

    #[test]
    fn editor_detects_the_notation() {
        let typed = Item::from([("pk".to_string(), AttributeValue::S("a".into())), ("n".to_string(), num("1"))]);
        let cases = [
            r#"{"pk": {"S": "a"}, "n": {"N": "1"}}"#,
            r#"{"pk": "a", "n": 1}"#,
            r#"{"Item": {"pk": {"S": "a"}, "n": {"N": "1"}}}"#,
            r#"{"Item": {"pk": "a", "n": 1}}"#,
            "  {\n  \"pk\" : \"a\",\n  \"n\": 1.0e0 }\n",
        ];
        for text in cases {
            assert_eq!(editor(text), typed, "{text}");
        }
        // One untyped attribute makes the whole object plain JSON.
        assert_eq!(
            editor(r#"{"a": {"S": "x"}, "b": 2}"#),
            Item::from([
                (
                    "a".to_string(),
                    AttributeValue::M(BTreeMap::from([("S".to_string(), AttributeValue::S("x".into()))]))
                ),
                ("b".to_string(), num("2")),
            ])
        );
        // Two keys, or a key that is not a tag: plain.
        assert_eq!(editor(r#"{"a": {"S": "x", "N": "1"}}"#).get("a").map(AttributeValue::type_name), Some("M"));
        assert_eq!(editor(r#"{"a": {"s": "x"}}"#).get("a").map(AttributeValue::type_name), Some("M"));
        // An "Item" attribute that is itself typed is kept as an attribute.
        assert_eq!(
            editor(r#"{"Item": {"S": "x"}}"#),
            Item::from([("Item".to_string(), AttributeValue::S("x".into()))])
        );
        assert_eq!(editor("{}"), Item::new());
        assert_eq!(
            editor(r#"{"s": {"SS": ["b", "a"]}}"#),
            Item::from([("s".to_string(), AttributeValue::Ss(vec!["a".into(), "b".into()]))])
        );
    }

    #[test]
    fn editor_errors() {
        let invalid_json = parse_item_json("{\"pk\": \n  \"a\",, }").map_err(|e| (e.name(), e.message().to_string()));
        match invalid_json {
            Err(("SerializationException", message)) => {
                assert!(message.contains("line 2"), "{message}");
                assert!(message.contains("column"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse_item_json(""), Err(ApiError::Serialization(_))));
        for text in ["[]", "\"x\"", "1", "null", "true"] {
            let got = parse_item_json(text).map_err(|e| (e.name(), e.message().to_string()));
            assert_eq!(got, Err(("ValidationException", NOT_AN_OBJECT.to_string())), "{text}");
        }
        // Typed input gets the wire validation and its messages.
        let got = parse_item_json(r#"{"a": {"NULL": false}}"#).map_err(|e| e.message().to_string());
        assert_eq!(
            got,
            Err("One or more parameter values were invalid: Null attribute value types must have the value of true"
                .to_string())
        );
        let got = parse_item_json(r#"{"a": {"N": "x1"}}"#).map_err(|e| e.message().to_string());
        assert_eq!(got, Err("The parameter cannot be converted to a numeric value: x1".to_string()));
    }
}
