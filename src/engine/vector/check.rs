//! DynamoDB's checks of an item written to a table with vector indexes
//! (semantics G.1, "Live-write rejection strings"): the vector's shape and
//! numbers, and the types of the `SearchSchema` attributes. An item without
//! the vector, or without the `HASH` attribute, is accepted and left out of
//! the index. With several indexes, they are checked in name order (which
//! index DynamoDB reports first is not captured).

use super::{to_f32, VectorIndex};
use crate::engine::error::{ApiError, Result};
use crate::engine::index::WriteSource;
use crate::engine::schema::KeyValue;
use crate::engine::value::{AttributeValue, Item};

/// The start every one of these messages shares (with a full stop, as captured).
const INVALID: &str = "One or more parameter values were invalid.";

/// Checks `item` against every index in `indexes`.
pub(crate) fn check_item(indexes: &[VectorIndex], item: &Item, source: WriteSource) -> Result<()> {
    let mut ordered: Vec<&VectorIndex> = indexes.iter().collect();
    crate::engine::ordered::sort_by(&mut ordered, |a, b| a.name.cmp(&b.name));
    for index in ordered {
        check_vector(index, item)?;
        check_schema(index, item, source)?;
    }
    Ok(())
}

/// A number as the message writes it: `1E+39` (from serde_json's
/// shortest form, `1e+39`, already in the build).
fn scientific(number: &crate::engine::value::Number) -> String {
    let wide: f64 = number.to_string().parse().unwrap_or_default();
    let text = serde_json::to_string(&wide).unwrap_or_default().replace('e', "E");
    match text.split_once('E') {
        Some((mantissa, exponent)) if !exponent.starts_with(['-', '+']) => format!("{mantissa}E+{exponent}"),
        _ => text,
    }
}

/// The vector: a list of `Dimensions` numbers within f32's range.
fn check_vector(index: &VectorIndex, item: &Item) -> Result<()> {
    let (attribute, name) = (&index.vector_attribute, &index.name);
    let Some(value) = item.get(attribute) else { return Ok(()) };
    let AttributeValue::L(elements) = value else {
        return Err(ApiError::validation(format!(
            "{INVALID} Invalid type for parameter {attribute}, Expected: 32-bit floating point number list \
             IndexName: {name}"
        )));
    };
    for (i, element) in elements.iter().enumerate() {
        let AttributeValue::N(number) = element else {
            return Err(ApiError::validation(format!(
                "{INVALID} Invalid type for parameter {attribute}[{i}], Expected: 32-bit floating point number, \
                 Actual: {}. IndexName: {name}",
                element.type_name()
            )));
        };
        if to_f32(number).is_none() {
            return Err(ApiError::validation(format!(
                "{INVALID} Invalid value for parameter {attribute}[{i}], Value: {} is outside valid range \
                 [-3.4028235E38, 3.4028235E38]. IndexName: {name}",
                scientific(number)
            )));
        }
    }
    if elements.len() != index.dimensions {
        return Err(ApiError::validation(format!(
            "{INVALID} Invalid size for parameter {attribute}, Expected: {}, Actual: {} IndexName: {name}",
            index.dimensions,
            elements.len()
        )));
    }
    Ok(())
}

/// The `SearchSchema` attributes: their declared types, and no empty
/// `HASH` value.
fn check_schema(index: &VectorIndex, item: &Item, source: WriteSource) -> Result<()> {
    for (attribute, role) in &index.search_schema {
        let Some(value) = item.get(&attribute.name) else { continue };
        let Some(key) = KeyValue::of(value, attribute.scalar_type) else {
            return Err(ApiError::validation(format!(
                "{INVALID} Attribute '{}' type mismatch. Expected: {}, Actual: {}. IndexName: {}",
                attribute.name,
                attribute.scalar_type.as_str(),
                value.type_name(),
                index.name
            )));
        };
        let kind = match &key {
            KeyValue::S(s) if s.is_empty() => "string",
            KeyValue::B(b) if b.is_empty() => "binary",
            _ => continue,
        };
        if *role != super::SchemaRole::Hash {
            continue;
        }
        return Err(crate::engine::index::empty_index_key(source, kind, &index.name, &attribute.name));
    }
    Ok(())
}
