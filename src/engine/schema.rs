//! Table definitions and keys: which attributes form the primary key, and the
//! rules a key must satisfy before an item may be stored or looked up.
//!
//! A table's primary key is a **partition key** (hash key) and an optional
//! **sort key** (range key), each a scalar of type S, N or B. Every item must
//! carry both, with the declared types; key values obey limits that other
//! attributes do not (semantics B.4):
//!
//! * partition key at most 2,048 bytes, sort key at most 1,024 bytes
//!   (numbers are always within the limit: they are at most 21 bytes);
//! * no empty string or empty binary in a key attribute.
//!
//! Two entry points mirror DynamoDB's two ways of naming an item:
//! [`KeySchema::key_of_item`] for a whole item (PutItem: "Missing the key …
//! in the item", "Type mismatch for key …") and [`KeySchema::key_of_key_map`]
//! for a `Key` parameter (GetItem, DeleteItem: exactly the key attributes,
//! otherwise "The provided key element does not match the schema").
//!
//! **Multi-attribute keys.** A global secondary index's key may list up to
//! four HASH and four RANGE attributes (semantics F, "Multi-attribute GSI
//! keys"); tables and local indexes keep one of each. The first HASH and the
//! first RANGE attribute are `partition_key` and `sort_key`, the others
//! follow in `more_partition_keys` and `more_sort_keys`, in key-schema order.
//! The values of several attributes make one [`KeyValue::Multi`]: a tuple
//! that sorts component by component, so the index's entries come out
//! ordered by the RANGE attributes one after another, and whose
//! [`KeyValue::hash_bytes`] place the entry on the index's keyspace by all of
//! its HASH values together. A single attribute's value stays a scalar, so a
//! one-attribute key is stored, ordered and hashed as it always was.

use std::cmp::Ordering;

use super::error::{ApiError, Result};
use super::value::{AttributeValue, Item, Number};

/// Largest partition key value in bytes.
pub const MAX_PARTITION_KEY_BYTES: usize = 2048;
/// Largest sort key value in bytes.
pub const MAX_SORT_KEY_BYTES: usize = 1024;

/// The type of a key attribute (`AttributeType` in `AttributeDefinitions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarType {
    S,
    N,
    B,
}

impl ScalarType {
    /// Parses DynamoDB's spelling; `None` for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "S" => Some(Self::S),
            "N" => Some(Self::N),
            "B" => Some(Self::B),
            _ => None,
        }
    }

    /// DynamoDB's spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::S => "S",
            Self::N => "N",
            Self::B => "B",
        }
    }
}

/// One key attribute: its name and type.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyAttribute {
    pub name: String,
    pub scalar_type: ScalarType,
}

/// Most HASH attributes, and most RANGE attributes, in a GSI's key schema.
pub const MAX_INDEX_KEY_ATTRIBUTES: usize = 4;

/// The primary key of a table, or the key of a secondary index.
#[derive(Clone, Debug, PartialEq)]
pub struct KeySchema {
    /// The first (for a table or an LSI the only) HASH attribute.
    pub partition_key: KeyAttribute,
    /// The first (for a table or an LSI the only) RANGE attribute.
    pub sort_key: Option<KeyAttribute>,
    /// A GSI's further HASH attributes, in key-schema order.
    pub more_partition_keys: Vec<KeyAttribute>,
    /// A GSI's further RANGE attributes, in key-schema order; empty when
    /// `sort_key` is `None`.
    pub more_sort_keys: Vec<KeyAttribute>,
}

/// A key attribute's value. Within one table every value of a key attribute
/// has the same type, so the derived order (variant, then value) is the
/// order of that type: numbers numerically, strings and binary by unsigned
/// bytes (Rust compares `String`s by their UTF-8 bytes), as DynamoDB sorts
/// sort keys (semantics E).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum KeyValue {
    S(String),
    N(Number),
    B(Vec<u8>),
    /// The values of a multi-attribute key, in key-schema order; compared
    /// component by component (a shorter prefix sorts first).
    Multi(Vec<KeyValue>),
}

impl Ord for KeyValue {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Self::S(a), Self::S(b)) => a.as_bytes().cmp(b.as_bytes()),
            (Self::N(a), Self::N(b)) => a.cmp(b),
            (Self::B(a), Self::B(b)) => a.cmp(b),
            (Self::Multi(a), Self::Multi(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl PartialOrd for KeyValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl KeyValue {
    fn rank(&self) -> u8 {
        match self {
            Self::S(_) => 0,
            Self::N(_) => 1,
            Self::B(_) => 2,
            Self::Multi(_) => 3,
        }
    }

    /// A key of one or more attributes' values: a single value stays itself.
    pub fn of_parts(mut parts: Vec<KeyValue>) -> Self {
        match parts.len() {
            1 => parts.pop().unwrap_or_else(|| Self::Multi(Vec::new())),
            _ => Self::Multi(parts),
        }
    }

    /// The attribute values this key is made of: one, or a multi-attribute
    /// key's components.
    pub fn parts(&self) -> &[KeyValue] {
        match self {
            Self::Multi(parts) => parts,
            single => std::slice::from_ref(single),
        }
    }

    /// The key as an attribute value (a multi-attribute key as the list of
    /// its values; [`KeySchema::key_item`] spreads it over its attributes).
    pub fn to_attribute(&self) -> AttributeValue {
        match self {
            Self::S(s) => AttributeValue::S(s.clone()),
            Self::N(n) => AttributeValue::N(n.clone()),
            Self::B(b) => AttributeValue::B(b.clone()),
            Self::Multi(parts) => AttributeValue::L(parts.iter().map(Self::to_attribute).collect()),
        }
    }

    /// The key as people read it: a string as is, a number in decimal,
    /// binary as hex bytes, a multi-attribute key its values joined by " + ".
    pub fn label(&self) -> String {
        match self {
            Self::S(s) => s.clone(),
            Self::N(n) => n.to_string(),
            Self::B(b) => format!("{b:02x?}"),
            Self::Multi(parts) => parts.iter().map(Self::label).collect::<Vec<_>>().join(" + "),
        }
    }

    /// The bytes the keyspace hash is computed over (semantics E): UTF-8 for
    /// strings, the raw bytes for binary, a base-100 encoding for numbers.
    /// A multi-attribute key hashes all its values together: for each, in
    /// key-schema order, its type letter (`S`, `N`, `B`), its byte length as
    /// four big-endian bytes, then its bytes, so that no two different tuples
    /// share an encoding (`docs/dynamodb-semantics.md`, "Multi-attribute GSI
    /// keys").
    pub fn hash_bytes(&self) -> Vec<u8> {
        match self {
            Self::S(s) => s.as_bytes().to_vec(),
            Self::N(n) => n.key_bytes(),
            Self::B(b) => b.clone(),
            Self::Multi(parts) => {
                let mut out = Vec::new();
                for part in parts {
                    let bytes = part.hash_bytes();
                    out.push(match part {
                        Self::S(_) => b'S',
                        Self::N(_) => b'N',
                        Self::B(_) => b'B',
                        Self::Multi(_) => b'M',
                    });
                    out.extend_from_slice(&u32::try_from(bytes.len()).unwrap_or(u32::MAX).to_be_bytes());
                    out.extend_from_slice(&bytes);
                }
                out
            }
        }
    }

    /// The key's value if `value` is a scalar of type `scalar_type`.
    pub(crate) fn of(value: &AttributeValue, scalar_type: ScalarType) -> Option<Self> {
        match (value, scalar_type) {
            (AttributeValue::S(s), ScalarType::S) => Some(Self::S(s.clone())),
            (AttributeValue::N(n), ScalarType::N) => Some(Self::N(n.clone())),
            (AttributeValue::B(b), ScalarType::B) => Some(Self::B(b.clone())),
            _ => None,
        }
    }
}

/// The full primary key of one item (or, for an index entry, its index
/// key). Ordered by partition key, then sort key, each in its type's order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PrimaryKey {
    pub partition: KeyValue,
    pub sort: Option<KeyValue>,
}

impl KeySchema {
    /// A key of one partition-key attribute and an optional sort key (every
    /// table and LSI, and a single-attribute GSI).
    pub fn new(partition_key: KeyAttribute, sort_key: Option<KeyAttribute>) -> Self {
        Self { partition_key, sort_key, more_partition_keys: Vec::new(), more_sort_keys: Vec::new() }
    }

    /// The HASH attributes in key-schema order.
    pub fn partition_attributes(&self) -> impl Iterator<Item = &KeyAttribute> {
        std::iter::once(&self.partition_key).chain(&self.more_partition_keys)
    }

    /// The RANGE attributes in key-schema order.
    pub fn sort_attributes(&self) -> impl Iterator<Item = &KeyAttribute> {
        self.sort_key.iter().chain(&self.more_sort_keys)
    }

    /// Whether the key has more than one HASH or more than one RANGE attribute.
    pub fn is_multi_attribute(&self) -> bool {
        !self.more_partition_keys.is_empty() || !self.more_sort_keys.is_empty()
    }

    /// The partition key's attribute names as people read them: one name, or
    /// a multi-attribute key's names joined by " + ".
    pub fn partition_label(&self) -> String {
        self.partition_attributes().map(|a| a.name.as_str()).collect::<Vec<_>>().join(" + ")
    }

    /// The sort key's attribute names as people read them, if it has one.
    pub fn sort_label(&self) -> Option<String> {
        self.sort_key.as_ref()?;
        Some(self.sort_attributes().map(|a| a.name.as_str()).collect::<Vec<_>>().join(" + "))
    }

    /// The key attributes in schema order: the HASH attributes, then the
    /// RANGE attributes.
    pub fn attributes(&self) -> impl Iterator<Item = &KeyAttribute> {
        self.partition_attributes().chain(self.sort_attributes())
    }

    /// Whether `name` is one of the key attributes.
    pub fn is_key_attribute(&self, name: &str) -> bool {
        self.attributes().any(|a| a.name == name)
    }

    /// The primary key of a whole item, as PutItem checks it: each key
    /// attribute present, of the declared type, within the key limits.
    pub fn key_of_item(&self, item: &Item) -> Result<PrimaryKey> {
        self.extract(|attribute| {
            let value = item.get(&attribute.name).ok_or_else(|| {
                ApiError::invalid_parameter(format!("Missing the key {} in the item", attribute.name))
            })?;
            KeyValue::of(value, attribute.scalar_type).ok_or_else(|| {
                ApiError::invalid_parameter(format!(
                    "Type mismatch for key {} expected: {} actual: {}",
                    attribute.name,
                    attribute.scalar_type.as_str(),
                    value.type_name()
                ))
            })
        })
    }

    /// The primary key named by a `Key` parameter (GetItem, DeleteItem): it
    /// must hold exactly the key attributes, of the declared types.
    pub fn key_of_key_map(&self, key: &Item) -> Result<PrimaryKey> {
        let mismatch = || ApiError::validation("The provided key element does not match the schema");
        if key.len() != self.attributes().count() {
            return Err(mismatch());
        }
        self.extract(|attribute| {
            key.get(&attribute.name).and_then(|value| KeyValue::of(value, attribute.scalar_type)).ok_or_else(mismatch)
        })
    }

    /// Runs `lookup` for each key attribute in schema order and checks each
    /// value against the key limits as soon as it is found, so the first
    /// fault in schema order is the one reported.
    fn extract(&self, mut lookup: impl FnMut(&KeyAttribute) -> Result<KeyValue>) -> Result<PrimaryKey> {
        let mut partition = Vec::with_capacity(1);
        for attribute in self.partition_attributes() {
            let value = lookup(attribute)?;
            check_key_value(&attribute.name, &value, MAX_PARTITION_KEY_BYTES)?;
            partition.push(value);
        }
        let mut sort = Vec::with_capacity(1);
        for attribute in self.sort_attributes() {
            let value = lookup(attribute)?;
            check_key_value(&attribute.name, &value, MAX_SORT_KEY_BYTES)?;
            sort.push(value);
        }
        let sort = (!sort.is_empty()).then(|| KeyValue::of_parts(sort));
        Ok(PrimaryKey { partition: KeyValue::of_parts(partition), sort })
    }

    /// The key attributes of `key` as an item (what `Key` looks like on the wire).
    pub fn key_item(&self, key: &PrimaryKey) -> Item {
        let mut item = Item::new();
        for (attribute, value) in self.partition_attributes().zip(key.partition.parts()) {
            item.insert(attribute.name.clone(), value.to_attribute());
        }
        if let Some(sort) = &key.sort {
            for (attribute, value) in self.sort_attributes().zip(sort.parts()) {
                item.insert(attribute.name.clone(), value.to_attribute());
            }
        }
        item
    }
}

/// Key values may not be empty and must fit the key size limit (B.4).
pub(crate) fn check_key_value(name: &str, value: &KeyValue, limit: usize) -> Result<()> {
    let (len, kind) = match value {
        KeyValue::S(s) => (s.len(), "string"),
        KeyValue::B(b) => (b.len(), "binary"),
        // At most 21 bytes: numbers never hit the key limits.
        KeyValue::N(_) => return Ok(()),
        KeyValue::Multi(parts) => {
            return parts.iter().try_for_each(|part| check_key_value(name, part, limit));
        }
    };
    if len == 0 {
        return Err(ApiError::validation(format!(
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty {kind} value. Key: {name}"
        )));
    }
    if len > limit {
        return Err(ApiError::invalid_parameter(if limit == MAX_PARTITION_KEY_BYTES {
            // "limit of2048" without a space is DynamoDB's own spelling.
            format!("Size of hashkey has exceeded the maximum size limit of{MAX_PARTITION_KEY_BYTES} bytes")
        } else {
            format!("Aggregated size of all range keys has exceeded the size limit of {MAX_SORT_KEY_BYTES} bytes")
        }));
    }
    Ok(())
}

/// A Query's key condition, resolved against the key schema: the one
/// partition key value it reads (for a multi-attribute partition key, the
/// values of all its HASH attributes), and an optional condition on the sort
/// key (semantics D.2, F).
#[derive(Clone, Debug, PartialEq)]
pub struct KeyCondition {
    pub partition: KeyValue,
    pub sort: Option<SortKeyCondition>,
}

/// The conditions a key condition may put on the sort key.
#[derive(Clone, Debug, PartialEq)]
pub enum SortKeyCondition {
    Eq(KeyValue),
    Lt(KeyValue),
    Le(KeyValue),
    Gt(KeyValue),
    Ge(KeyValue),
    /// Inclusive at both ends; the parser checks `low <= high`.
    Between(KeyValue, KeyValue),
    /// Only for S and B sort keys: a byte-prefix match.
    BeginsWith(KeyValue),
    /// A multi-attribute sort key: equalities on its first RANGE attributes,
    /// then `last` on the next one (itself possibly an equality).
    Prefix {
        equal: Vec<KeyValue>,
        last: Box<SortKeyCondition>,
    },
}

impl SortKeyCondition {
    /// Whether a sort key value satisfies the condition.
    pub fn matches(&self, value: &KeyValue) -> bool {
        match self {
            Self::Eq(v) => value == v,
            Self::Lt(v) => value < v,
            Self::Le(v) => value <= v,
            Self::Gt(v) => value > v,
            Self::Ge(v) => value >= v,
            Self::Between(low, high) => low <= value && value <= high,
            Self::BeginsWith(prefix) => match (value, prefix) {
                (KeyValue::S(v), KeyValue::S(p)) => v.as_bytes().starts_with(p.as_bytes()),
                (KeyValue::B(v), KeyValue::B(p)) => v.starts_with(p),
                _ => false,
            },
            Self::Prefix { equal, last } => {
                let parts = value.parts();
                parts.starts_with(equal) && parts.get(equal.len()).is_some_and(|next| last.matches(next))
            }
        }
    }

    /// Whether this is a multi-attribute sort key's condition.
    pub fn is_prefix(&self) -> bool {
        matches!(self, Self::Prefix { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> KeyValue {
        KeyValue::S(text.into())
    }

    #[test]
    fn multi_attribute_keys_sort_component_by_component() {
        let key = |parts: &[&str]| KeyValue::of_parts(parts.iter().map(|p| s(p)).collect());
        assert_eq!(key(&["a"]), s("a"), "one value stays a scalar");
        assert!(key(&["a", "z"]) < key(&["b", "a"]));
        assert!(key(&["a", "b"]) < key(&["a", "b", "a"]), "a prefix sorts first");
        let numbers = KeyValue::Multi(vec![KeyValue::N(Number::parse("2").expect("n")), s("x")]);
        let more = KeyValue::Multi(vec![KeyValue::N(Number::parse("10").expect("n")), s("a")]);
        assert!(numbers < more, "each component in its own type's order");
    }

    #[test]
    fn multi_attribute_keys_hash_unambiguously() {
        let ab_c = KeyValue::Multi(vec![s("ab"), s("c")]);
        let a_bc = KeyValue::Multi(vec![s("a"), s("bc")]);
        assert_ne!(ab_c.hash_bytes(), a_bc.hash_bytes());
        assert_eq!(ab_c.hash_bytes(), b"S\0\0\0\x02abS\0\0\0\x01c".to_vec());
        assert_eq!(s("ab").hash_bytes(), b"ab".to_vec(), "a one-attribute key hashes as before");
    }

    #[test]
    fn prefix_conditions_match_the_leading_values_then_the_next() {
        let key = KeyValue::Multi(vec![s("T"), s("live"), s("b")]);
        let prefix = |equal: Vec<KeyValue>, last| SortKeyCondition::Prefix { equal, last: Box::new(last) };
        assert!(prefix(vec![s("T")], SortKeyCondition::Eq(s("live"))).matches(&key));
        assert!(prefix(vec![s("T"), s("live")], SortKeyCondition::Gt(s("a"))).matches(&key));
        assert!(!prefix(vec![s("T"), s("live")], SortKeyCondition::Gt(s("b"))).matches(&key));
        assert!(prefix(vec![s("T")], SortKeyCondition::BeginsWith(s("li"))).matches(&key));
        assert!(!prefix(vec![s("F")], SortKeyCondition::BeginsWith(s("li"))).matches(&key));
    }
}
