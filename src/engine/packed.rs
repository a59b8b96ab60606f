//! Items at rest: the compact byte form storage keeps each item in.
//!
//! An [`Item`] in memory is a `BTreeMap` of `String` names to
//! [`AttributeValue`]s: convenient to work with, but heavy to keep. A B-tree
//! leaf has room for eleven entries whatever the item holds, and every name,
//! string and number is an allocation of its own, so a 150-byte order item
//! took about 1,550 bytes of heap in 22 blocks (measured with
//! `examples/memory.rs`: 10.5× its DynamoDB size). Storage therefore keeps
//! each item as one [`PackedItem`]: a single boxed byte string, unpacked
//! into an `Item` when a request reads it. Unpacking costs about what the
//! copy a read made anyway did. The same table now takes about 254 bytes an
//! item, 1.7× its DynamoDB size (`BENCHMARKS.md`).
//!
//! The form, with `varint` an unsigned LEB128 integer:
//!
//! ```text
//!   item    = varint(size) varint(count) { varint(len) name value }   size: B.1, attributes in name order
//!   value   = 0 string | 1 number | 2 bytes | 3 (false) | 4 (true) | 5 (null)
//!           | 6 varint(count) { varint(len) name value }    M, in name order
//!           | 7 varint(count) { value }                     L
//!           | 8 varint(count) { string }                    SS   (9 NS, 10 BS alike)
//!           | 11 | 12                                       the partition / sort key value
//!   string  = varint(len) utf-8        bytes = varint(len) raw
//!   number  = varint(digits × 2 + negative) zigzag-varint(exponent) digits, two per byte
//! ```
//!
//! Tags 11 and 12 stand for "the value of this item's partition (sort) key":
//! the key is already stored once, as the key the item is filed under, so a
//! top-level attribute equal to it is not written twice. No schema is needed
//! for that: *any* top-level attribute equal to a key value may be written as
//! a reference, and reads back the same.
//!
//! The item's DynamoDB size comes first, so storage can keep its totals
//! without unpacking an item it replaces or deletes, and without a field
//! beside the bytes (which would cost 8 bytes more per item in the B-tree).
//!
//! Only [`PackedItem::pack`] makes the bytes, so [`PackedItem::unpack`] never
//! meets malformed ones; it still checks every read and returns what it could
//! decode instead of panicking (the engine never panics).

use super::schema::KeyValue;
use super::value::size::item_size;
use super::value::{AttributeValue, Item, Number};
use crate::engine::ordered::Ordered;

const S: u8 = 0;
const N: u8 = 1;
const B: u8 = 2;
const FALSE: u8 = 3;
const TRUE: u8 = 4;
const NULL: u8 = 5;
const M: u8 = 6;
const L: u8 = 7;
const SS: u8 = 8;
const NS: u8 = 9;
const BS: u8 = 10;
const PARTITION_KEY: u8 = 11;
const SORT_KEY: u8 = 12;

/// Deepest nesting unpacking follows: items nest at most 32 levels (B.4);
/// the margin only matters for bytes that are not ours.
const MAX_DEPTH: usize = 64;

/// One item in its packed form (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackedItem(Box<[u8]>);

/// The key values an item is filed under: what tags 11 and 12 stand for.
#[derive(Clone, Copy, Debug)]
pub struct FiledUnder<'a> {
    pub partition: &'a KeyValue,
    pub sort: Option<&'a KeyValue>,
}

fn is_key(value: &AttributeValue, key: &KeyValue) -> bool {
    match (value, key) {
        (AttributeValue::S(a), KeyValue::S(b)) => a == b,
        (AttributeValue::N(a), KeyValue::N(b)) => a == b,
        (AttributeValue::B(a), KeyValue::B(b)) => a == b,
        _ => false,
    }
}

impl PackedItem {
    /// Packs `item`, which is filed under `key`.
    pub fn pack(item: &Item, key: FiledUnder<'_>) -> PackedItem {
        let mut out = Vec::with_capacity(64);
        varint(&mut out, item_size(item) as u64);
        varint(&mut out, item.len() as u64);
        for (name, value) in item {
            bytes(&mut out, name.as_bytes());
            if is_key(value, key.partition) {
                out.push(PARTITION_KEY);
            } else if key.sort.is_some_and(|sort| is_key(value, sort)) {
                out.push(SORT_KEY);
            } else {
                pack_value(&mut out, value);
            }
        }
        PackedItem(out.into_boxed_slice())
    }

    /// The item again; `key` must be the one it was packed with.
    pub fn unpack(&self, key: FiledUnder<'_>) -> Item {
        let mut reader = Reader { bytes: &self.0, pos: 0 };
        let mut item = Item::new();
        let _size = reader.varint();
        let count = reader.varint().unwrap_or(0);
        for _ in 0..count {
            let Some((name, value)) = reader.attribute(Some(key), 0) else { break };
            item.insert(name, value);
        }
        item
    }

    /// The item's size by DynamoDB's rule (semantics B.1), as packed.
    pub fn size(&self) -> usize {
        let mut reader = Reader { bytes: &self.0, pos: 0 };
        reader.varint().and_then(|size| usize::try_from(size).ok()).unwrap_or(0)
    }

    /// Bytes of the packed form.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the packed form is empty (never, for a packed item).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn bytes(out: &mut Vec<u8>, b: &[u8]) {
    varint(out, b.len() as u64);
    out.extend_from_slice(b);
}

fn number(out: &mut Vec<u8>, n: &Number) {
    let (negative, digits, exponent) = n.parts();
    varint(out, ((digits.len() as u64) << 1) | u64::from(negative));
    let e = i64::from(exponent);
    varint(out, ((e << 1) ^ (e >> 63)) as u64);
    for pair in digits.chunks(2) {
        let high = pair.first().copied().unwrap_or(0);
        let low = pair.get(1).copied().unwrap_or(0);
        out.push((high << 4) | low);
    }
}

fn pack_value(out: &mut Vec<u8>, value: &AttributeValue) {
    match value {
        AttributeValue::S(s) => {
            out.push(S);
            bytes(out, s.as_bytes());
        }
        AttributeValue::N(n) => {
            out.push(N);
            number(out, n);
        }
        AttributeValue::B(b) => {
            out.push(B);
            bytes(out, b);
        }
        AttributeValue::Bool(b) => out.push(if *b { TRUE } else { FALSE }),
        AttributeValue::Null => out.push(NULL),
        AttributeValue::M(m) => {
            out.push(M);
            varint(out, m.len() as u64);
            for (name, value) in m {
                bytes(out, name.as_bytes());
                pack_value(out, value);
            }
        }
        AttributeValue::L(l) => {
            out.push(L);
            varint(out, l.len() as u64);
            l.iter().for_each(|value| pack_value(out, value));
        }
        AttributeValue::Ss(set) => {
            out.push(SS);
            varint(out, set.len() as u64);
            set.iter().for_each(|s| bytes(out, s.as_bytes()));
        }
        AttributeValue::Ns(set) => {
            out.push(NS);
            varint(out, set.len() as u64);
            set.iter().for_each(|n| number(out, n));
        }
        AttributeValue::Bs(set) => {
            out.push(BS);
            varint(out, set.len() as u64);
            set.iter().for_each(|b| bytes(out, b));
        }
    }
}

/// A checked cursor over packed bytes: every read is `None` past the end.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.pos)?;
        self.pos += 1;
        Some(b)
    }

    fn varint(&mut self) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Some(n);
            }
        }
        None
    }

    fn take(&mut self) -> Option<&[u8]> {
        let len = usize::try_from(self.varint()?).ok()?;
        let end = self.pos.checked_add(len)?;
        let slice = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(slice)
    }

    fn string(&mut self) -> Option<String> {
        String::from_utf8(self.take()?.to_vec()).ok()
    }

    fn number(&mut self) -> Option<Number> {
        let head = self.varint()?;
        let (count, negative) = (usize::try_from(head >> 1).ok()?, head & 1 == 1);
        let zigzag = self.varint()?;
        let exponent = i32::try_from((zigzag >> 1) as i64 ^ -((zigzag & 1) as i64)).ok()?;
        let packed = self.bytes.get(self.pos..self.pos.checked_add(count.div_ceil(2))?)?;
        self.pos += packed.len();
        let digits = packed.iter().flat_map(|b| [b >> 4, b & 0x0f]).take(count).collect();
        Number::from_parts(negative, digits, exponent)
    }

    /// A name and its value; `key` only at the top level.
    fn attribute(&mut self, key: Option<FiledUnder<'_>>, depth: usize) -> Option<(String, AttributeValue)> {
        let name = self.string()?;
        let value = self.value(key, depth)?;
        Some((name, value))
    }

    /// Up to `count` elements, stopping at the first that does not decode.
    fn list<T>(&mut self, mut element: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let count = self.varint()?;
        // No capacity from the count: it is not trusted to fit the bytes.
        let mut out = Vec::new();
        for _ in 0..count {
            out.push(element(self)?);
        }
        Some(out)
    }

    fn value(&mut self, key: Option<FiledUnder<'_>>, depth: usize) -> Option<AttributeValue> {
        if depth > MAX_DEPTH {
            return None;
        }
        Some(match self.byte()? {
            S => AttributeValue::S(self.string()?),
            N => AttributeValue::N(self.number()?),
            B => AttributeValue::B(self.take()?.to_vec()),
            FALSE => AttributeValue::Bool(false),
            TRUE => AttributeValue::Bool(true),
            NULL => AttributeValue::Null,
            M => AttributeValue::M(self.list(|r| r.attribute(None, depth + 1))?.into_iter().ordered_map()),
            L => AttributeValue::L(self.list(|r| r.value(None, depth + 1))?),
            SS => AttributeValue::Ss(self.list(Self::string)?),
            NS => AttributeValue::Ns(self.list(Self::number)?),
            BS => AttributeValue::Bs(self.list(|r| r.take().map(<[u8]>::to_vec))?),
            PARTITION_KEY => key?.partition.to_attribute(),
            SORT_KEY => key?.sort?.to_attribute(),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::value::wire::item_from_wire;
    use serde_json::json;

    fn item(v: serde_json::Value) -> Item {
        item_from_wire(&v).unwrap_or_else(|e| panic!("{v}: {e}"))
    }

    fn s(text: &str) -> KeyValue {
        KeyValue::S(text.into())
    }

    #[test]
    fn every_type_round_trips() {
        let every = item(json!({
            "pk": {"S": "user#1"}, "sk": {"N": "-0.000123"}, "s": {"S": "héllo"}, "empty": {"S": ""},
            "n": {"N": "12345678901234567890123456789012345678"}, "zero": {"N": "0"}, "big": {"N": "9.9E125"},
            "tiny": {"N": "-1E-130"}, "odd": {"N": "123"}, "b": {"B": "AAEC/w=="}, "t": {"BOOL": true},
            "f": {"BOOL": false}, "null": {"NULL": true},
            "m": {"M": {"a": {"L": [{"S": "x"}, {"N": "1"}, {"M": {}}, {"L": []}]}, "pk": {"S": "user#1"}}},
            "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "-2.5"]}, "bs": {"BS": ["AA==", "AQ=="]}
        }));
        let sk = KeyValue::N(Number::parse("-0.000123").expect("number"));
        let key = FiledUnder { partition: &s("user#1"), sort: Some(&sk) };
        let packed = PackedItem::pack(&every, key);
        assert_eq!(packed.unpack(key), every);
        assert_eq!(packed.size(), item_size(&every));
    }

    #[test]
    fn key_values_are_written_once_as_references() {
        // pk = "customer#1" is 10 bytes: written as the one-byte tag 11, as is
        // `copy` (an attribute equal to it); sk as tag 12.
        let order = item(json!({"pk": {"S": "customer#1"}, "copy": {"S": "customer#1"}, "sk": {"S": "o1"}}));
        let key = FiledUnder { partition: &s("customer#1"), sort: Some(&s("o1")) };
        let packed = PackedItem::pack(&order, key);
        // Size (4 + 10) + (2 + 10) + (2 + 2) = 30, one varint byte; count 1;
        // (1 + 4 + 1) copy + (1 + 2 + 1) pk + (1 + 2 + 1) sk: 16 bytes.
        assert_eq!(packed.size(), 30);
        assert_eq!(packed.len(), 16);
        assert_eq!(packed.unpack(key), order);
    }

    #[test]
    fn a_long_string_takes_a_two_byte_length() {
        let long = item(json!({"pk": {"S": "k"}, "text": {"S": "x".repeat(300)}}));
        let key = FiledUnder { partition: &s("k"), sort: None };
        let packed = PackedItem::pack(&long, key);
        // Size (2 + 1) + (4 + 300) = 307, two varint bytes; 1 count;
        // (1 + 2 + 1 tag) pk + (1 + 4 + 1 tag + 2 length + 300) text: 315 bytes.
        assert_eq!(packed.size(), 307);
        assert_eq!(packed.len(), 315);
        assert_eq!(packed.unpack(key), long);
    }

    #[test]
    fn malformed_bytes_never_panic() {
        let order = item(json!({"pk": {"S": "k"}, "n": {"N": "-12.5"}, "m": {"M": {"l": {"L": [{"SS": ["a"]}]}}}}));
        let key = FiledUnder { partition: &s("k"), sort: None };
        let packed = PackedItem::pack(&order, key);
        // Every truncation and every single-byte change decodes to something.
        for end in 0..packed.len() {
            let _ = PackedItem(packed.0.get(..end).unwrap_or_default().into()).unpack(key);
        }
        for at in 0..packed.len() {
            for b in [0u8, 1, 6, 7, 12, 13, 0x7f, 0x80, 0xff] {
                let mut bytes = packed.0.to_vec();
                bytes[at] = b;
                let _ = PackedItem(bytes.into()).unpack(key);
            }
        }
        // Nesting past the limit stops instead of overflowing the stack.
        let mut deep = vec![1u8, 1, b'a'];
        deep.extend(std::iter::repeat_n([L, 1], 100_000).flatten());
        assert_eq!(PackedItem(deep.into()).unpack(key), Item::new());
    }
}
