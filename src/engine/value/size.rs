//! Exact byte sizes of values and items (semantics B.1–B.3), the figure every
//! capacity unit and the 400 KB item limit are computed from.
//!
//! * An item is Σ over attributes of (UTF-8 bytes of the name + value size).
//! * `S`: UTF-8 bytes. `B`: raw bytes (after base64). `BOOL`, `NULL`: 1.
//! * `N`: the base-100 size of [`Number::size`](super::Number::size) (B.2).
//! * `M`/`L`: 3 bytes + Σ (1 + element), where a map element also counts its
//!   key's bytes; an empty one is 3.
//! * Sets: the sum of their members' sizes, with no per-member overhead
//!   (dynalite `valSize`, moto; B.1).
//!
//! The storage-billing 100 bytes per item are not part of this size.
//!
//! Also here: the bytes a key value is hashed with
//! ([`AttributeValue::key_bytes`], semantics E) and a value's nesting depth.

use super::{AttributeValue, Item};

impl AttributeValue {
    /// Bytes this value costs in an item (semantics B.1).
    pub fn size(&self) -> usize {
        match self {
            Self::S(s) => s.len(),
            Self::N(n) => n.size(),
            Self::B(b) => b.len(),
            Self::Bool(_) | Self::Null => 1,
            Self::M(m) => 3 + m.iter().map(|(name, value)| 1 + name.len() + value.size()).sum::<usize>(),
            Self::L(l) => 3 + l.iter().map(|value| 1 + value.size()).sum::<usize>(),
            Self::Ss(v) => v.iter().map(String::len).sum(),
            Self::Ns(v) => v.iter().map(|n| n.size()).sum(),
            Self::Bs(v) => v.iter().map(Vec::len).sum(),
        }
    }

    /// The bytes a key value is hashed with: UTF-8 for `S`, raw for `B`,
    /// dynalite's base-100 form for `N`; `None` for types that cannot be keys.
    pub fn key_bytes(&self) -> Option<Vec<u8>> {
        match self {
            Self::S(s) => Some(s.as_bytes().to_vec()),
            Self::B(b) => Some(b.clone()),
            Self::N(n) => Some(n.key_bytes()),
            _ => None,
        }
    }

    /// Levels this value occupies: 1 for scalars and sets, 1 + the deepest
    /// element for maps and lists. A top-level attribute is level 1, so an
    /// attribute is storable when this is at most
    /// [`MAX_NESTING_LEVELS`](super::wire::MAX_NESTING_LEVELS) (semantics B.4).
    pub fn nesting_depth(&self) -> usize {
        let deepest = |values: &mut dyn Iterator<Item = &AttributeValue>| {
            values.map(AttributeValue::nesting_depth).max().unwrap_or(0)
        };
        match self {
            Self::M(m) => 1 + deepest(&mut m.values()),
            Self::L(l) => 1 + deepest(&mut l.iter()),
            _ => 1,
        }
    }
}

/// Bytes an item costs: names plus values (semantics B.1).
pub fn item_size(item: &Item) -> usize {
    item.iter().map(|(name, value)| name.len() + value.size()).sum()
}

#[cfg(test)]
mod tests {
    use super::super::wire::item_from_wire;
    use super::super::Number;
    use super::*;
    use serde_json::{json, Value};
    use std::collections::BTreeMap;

    fn num(text: &str) -> AttributeValue {
        AttributeValue::N(Number::parse(text).unwrap_or_else(|e| panic!("{text}: {e}")))
    }

    fn item(v: Value) -> Item {
        item_from_wire(&v).unwrap_or_else(|e| panic!("{v}: {e}"))
    }

    /// The B.3 worked example (dynalite test/getItem.js, measured on DynamoDB
    /// as exactly 4096 bytes) with `bb` holding `bb_len` characters.
    fn worked_example(bb_len: usize) -> Item {
        item(json!({
            "a": {"S": "abcdefghij"},
            "bb": {"S": "b".repeat(bb_len)},
            "ccc": {"N": "12.3456"},
            "dddd": {"B": "AQI="},
            "eeeee": {"BS": ["AQI=", "AQ==", "Ag=="]},
            "ffffff": {"NULL": true},
            "ggggggg": {"BOOL": true},
            "hhhhhhhh": {"L": [{"S": "a"}, {"S": "aa"}, {"S": "bb"}, {"S": "ccc"}]},
            "iiiiiiiii": {"M": {"aa": {"S": "aa"}, "bbb": {"S": "bbb"}}},
        }))
    }

    #[test]
    fn worked_example_is_exactly_4096_bytes() {
        let example = worked_example(3999);
        let parts: BTreeMap<&str, usize> =
            example.iter().map(|(name, value)| (name.as_str(), name.len() + value.size())).collect();
        let expected = BTreeMap::from([
            ("a", 11),
            ("bb", 4001),
            ("ccc", 7),
            ("dddd", 6),
            ("eeeee", 9),
            ("ffffff", 7),
            ("ggggggg", 8),
            ("hhhhhhhh", 23),
            ("iiiiiiiii", 24),
        ]);
        assert_eq!(parts, expected);
        assert_eq!(item_size(&example), 4096);
        assert_eq!(item_size(&worked_example(4000)), 4097);
    }

    #[test]
    fn value_sizes() {
        let cases = [
            (AttributeValue::S(String::new()), 0),
            (AttributeValue::S("héllo".into()), 6),
            (AttributeValue::S("¿".into()), 2),
            (AttributeValue::B(vec![0; 5]), 5),
            (AttributeValue::Bool(false), 1),
            (AttributeValue::Null, 1),
            (num("0"), 1),
            (num("-42"), 3),
            (AttributeValue::M(BTreeMap::new()), 3),
            (AttributeValue::L(Vec::new()), 3),
            (AttributeValue::L(vec![AttributeValue::Null, AttributeValue::Null]), 3 + 2 + 2),
            (AttributeValue::M(BTreeMap::from([("key".to_string(), AttributeValue::S("v".into()))])), 3 + 1 + 3 + 1),
            (AttributeValue::Ss(vec!["a".into(), "bc".into()]), 3),
            // Moto's capture: NS [27, -27, 461] = 2 + 3 + 3.
            (AttributeValue::Ns(["27", "-27", "461"].iter().filter_map(|t| Number::parse(t).ok()).collect()), 8),
            (AttributeValue::Bs(vec![vec![1], vec![1, 2, 3]]), 4),
        ];
        for (value, size) in cases {
            assert_eq!(value.size(), size, "{value:?}");
        }
    }

    #[test]
    fn item_sizes_count_name_bytes() {
        assert_eq!(item_size(&Item::new()), 0);
        assert_eq!(item_size(&item(json!({"ä": {"S": "x"}}))), 3);
        assert_eq!(item_size(&item(json!({"pk": {"N": "1"}, "é": {"NULL": true}}))), 2 + 2 + 2 + 1);
    }

    #[test]
    fn key_bytes_per_type() {
        assert_eq!(AttributeValue::S("aä".into()).key_bytes(), Some(vec![0x61, 0xC3, 0xA4]));
        assert_eq!(AttributeValue::B(vec![9, 8]).key_bytes(), Some(vec![9, 8]));
        assert_eq!(num("1").key_bytes(), Some(vec![193, 2]));
        assert_eq!(AttributeValue::Null.key_bytes(), None);
        assert_eq!(AttributeValue::Bool(true).key_bytes(), None);
        assert_eq!(AttributeValue::Ss(vec!["a".into()]).key_bytes(), None);
        assert_eq!(AttributeValue::L(Vec::new()).key_bytes(), None);
    }

    #[test]
    fn nesting_depths() {
        let mut v = AttributeValue::S("leaf".into());
        assert_eq!(v.nesting_depth(), 1);
        for depth in 1..=31 {
            v = AttributeValue::M(BTreeMap::from([("n".to_string(), v)]));
            assert_eq!(v.nesting_depth(), depth + 1);
        }
        assert_eq!(AttributeValue::L(Vec::new()).nesting_depth(), 1);
        let mixed =
            AttributeValue::L(vec![AttributeValue::Null, AttributeValue::L(vec![AttributeValue::M(BTreeMap::new())])]);
        assert_eq!(mixed.nesting_depth(), 3);
    }
}
