//! Attribute values: the ten DynamoDB data types, their wire form, their size.
//!
//! An item is a map from attribute name to [`AttributeValue`]. Everything the
//! engine knows about values lives here:
//!
//! * [`number`]: DynamoDB numbers are decimals of up to 38 significant digits
//!   (not `f64`, not `rust_decimal`, which stops at 28), normalised on input
//!   (`0042.1200` → `42.12`), ordered numerically, sized by the base-100 rule of
//!   semantics B.2.
//! * [`wire`]: the DynamoDB JSON wire form (`{"N": "42"}`, binary as base64) in
//!   both directions, with the validation DynamoDB applies to every value it
//!   receives (empty sets, duplicates, `NULL: false`, nesting depth, …).
//! * [`document`]: plain JSON ↔ DynamoDB JSON, the way the AWS document
//!   clients marshall, so people can type `{"pk": "a", "n": 1}` in the editor.
//! * [`size`]: the exact byte size of values and items (semantics B.1–B.3),
//!   which every capacity figure is computed from.
//!
//! Maps are `BTreeMap`s and sets are kept sorted, so the same item always
//! serialises, sizes and compares the same way.

pub mod document;
pub mod number;
pub mod size;
pub mod wire;

use std::collections::BTreeMap;

pub use number::Number;

/// An item: attribute name → value.
pub type Item = BTreeMap<String, AttributeValue>;

/// One DynamoDB attribute value. Sets are non-empty, sorted and free of
/// duplicates (the wire decoder guarantees it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttributeValue {
    S(String),
    N(Number),
    B(Vec<u8>),
    Bool(bool),
    Null,
    M(BTreeMap<String, AttributeValue>),
    L(Vec<AttributeValue>),
    Ss(Vec<String>),
    Ns(Vec<Number>),
    Bs(Vec<Vec<u8>>),
}

impl AttributeValue {
    /// The type descriptor as DynamoDB spells it: `S`, `N`, `B`, `BOOL`,
    /// `NULL`, `M`, `L`, `SS`, `NS`, `BS`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Self::S(_) => "S",
            Self::N(_) => "N",
            Self::B(_) => "B",
            Self::Bool(_) => "BOOL",
            Self::Null => "NULL",
            Self::M(_) => "M",
            Self::L(_) => "L",
            Self::Ss(_) => "SS",
            Self::Ns(_) => "NS",
            Self::Bs(_) => "BS",
        }
    }
}
