//! The item template: its JSON form read and checked, and the bounds that
//! let a template be refused before a single item is made.
//!
//! ```json
//! {"ItemsPerPartitionKey": {"Distribution": "Zipf", "Max": 50, "Exponent": 1.2},
//!  "Attributes": [
//!    {"Name": "OrderDate", "Type": "Date", "From": "2025-01-01", "To": "2025-12-31"},
//!    {"Name": "PK", "Type": "Template", "Template": "CUST#{n}"},
//!    {"Name": "SK", "Type": "Template", "Template": "ORDER#{OrderDate}#{i}"},
//!    {"Name": "Status", "Type": "Choice", "Values": ["OPEN", "SHIPPED"], "Distribution": "Zipf"},
//!    {"Name": "Total", "Type": "Number", "Min": 1, "Max": 500, "Decimals": 2},
//!    {"Name": "Note", "Type": "String", "Length": 200, "Presence": 0.1}]}
//! ```
//!
//! Attributes are made in the order listed, so a `Template` may use any
//! attribute listed before it. The key attributes are ordinary attributes
//! (usually templates); `{n}` is the partition key's number (0, 1, 2, …)
//! and `{i}` the item's number within its partition key, which is what
//! keeps sort keys unique.

use serde_json::{Map, Value};

use super::draw::{Pick, MAX_ZIPF_VALUES};
use crate::engine::api::item::MAX_ITEM_BYTES;
use crate::engine::calendar::{civil_day, date_text};
use crate::engine::error::{ApiError, Result};
use crate::engine::value::{AttributeValue, Number};

/// Longest date range whose texts are made once, up front (about 110 years).
const MAX_KEPT_DATES: u64 = 40_000;
/// Most items one generation makes.
pub const MAX_GENERATED_ITEMS: u64 = 10_000_000;
/// Most attributes a template lists.
pub const MAX_TEMPLATE_ATTRIBUTES: usize = 100;
/// Most values a `Choice` lists.
pub const MAX_CHOICES: usize = 10_000;
/// Largest integer a `Sequence` or `Integer` reaches, in absolute value
/// (an `i64` that prints exactly as a DynamoDB number).
const MAX_INTEGER: i64 = 1_000_000_000_000_000;
/// Longest text a number prints as (sign, 38 digits, point, exponent).
const NUMBER_TEXT_BOUND: usize = 44;
/// The size bound of any number value (DynamoDB's numbers take at most 21 bytes).
const NUMBER_SIZE_BOUND: usize = 21;

/// How many items each partition key gets.
#[derive(Clone, Debug, PartialEq)]
pub enum PerPartitionKey {
    Fixed(u32),
    Uniform {
        min: u32,
        max: u32,
    },
    /// `1..=max` items, `k` with weight `1/k^exponent`.
    Zipf {
        max: u32,
        pick: Pick,
    },
}

/// One piece of a text template.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    Text(String),
    /// `{n}`: the partition key's number.
    PartitionNumber,
    /// `{i}`: the item's number within its partition key.
    ItemNumber,
    /// `{Name}`: an attribute listed earlier (its position).
    Attribute(usize),
}

/// Where an attribute's values come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// `Start`, `Start + Step`, … over all items made.
    Sequence {
        start: i64,
        step: i64,
    },
    Choice {
        values: Vec<AttributeValue>,
        pick: Pick,
    },
    Integer {
        min: i64,
        max: i64,
        pick: Pick,
    },
    /// Uniform in `[min, max]`, rounded to `decimals` places.
    Decimal {
        min: f64,
        max: f64,
        decimals: usize,
    },
    /// A day (`YYYY-MM-DD`) from `first` (days since 1970-01-01), `days` of
    /// them; `texts` holds each day's text when the range is short enough
    /// to keep them (a copy is cheaper than formatting a date per item).
    Date {
        first: i64,
        days: u32,
        pick: Pick,
        texts: Vec<String>,
    },
    /// Letters and digits, `min..=max` of them.
    Text {
        min: u32,
        max: u32,
    },
    Template {
        parts: Vec<Part>,
        number: bool,
    },
    Boolean {
        probability: f64,
    },
}

/// One attribute of the template.
#[derive(Clone, Debug, PartialEq)]
pub struct AttributeTemplate {
    pub name: String,
    pub source: Source,
    /// The share of items that have it (a sparse attribute below 1).
    pub presence: f64,
}

/// A checked template.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemTemplate {
    pub per_partition_key: PerPartitionKey,
    pub attributes: Vec<AttributeTemplate>,
}

fn invalid(detail: impl std::fmt::Display) -> ApiError {
    ApiError::validation(format!("Invalid item template: {detail}"))
}

/// An object's members, refusing any not in `allowed`.
fn members<'a>(value: &'a Value, place: &str, allowed: &[&str]) -> Result<&'a Map<String, Value>> {
    let Value::Object(map) = value else { return Err(invalid(format!("{place} must be a JSON object"))) };
    if let Some(unknown) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(invalid(format!("{place} has an unknown member \"{unknown}\" (expected: {})", allowed.join(", "))));
    }
    Ok(map)
}

fn integer(map: &Map<String, Value>, place: &str, name: &str, min: i64, max: i64) -> Result<Option<i64>> {
    match map.get(name) {
        None => Ok(None),
        Some(v) => match v.as_i64() {
            Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(invalid(format!("{place}.{name} must be a whole number from {min} to {max}; got {v}"))),
        },
    }
}

fn required_integer(map: &Map<String, Value>, place: &str, name: &str, min: i64, max: i64) -> Result<i64> {
    integer(map, place, name, min, max)?.ok_or_else(|| invalid(format!("{place} needs \"{name}\"")))
}

fn float(map: &Map<String, Value>, place: &str, name: &str, min: f64, max: f64) -> Result<Option<f64>> {
    match map.get(name) {
        None => Ok(None),
        Some(v) => match v.as_f64() {
            Some(x) if x.is_finite() && (min..=max).contains(&x) => Ok(Some(x)),
            _ => Err(invalid(format!("{place}.{name} must be a number from {min} to {max}; got {v}"))),
        },
    }
}

fn text<'a>(map: &'a Map<String, Value>, place: &str, name: &str) -> Result<&'a str> {
    match map.get(name) {
        Some(Value::String(s)) => Ok(s),
        Some(other) => Err(invalid(format!("{place}.{name} must be a string; got {other}"))),
        None => Err(invalid(format!("{place} needs \"{name}\""))),
    }
}

/// `Distribution` (`Uniform`, the default, or `Zipf` with `Exponent`) over `count` values.
fn pick(map: &Map<String, Value>, place: &str, count: u64) -> Result<Pick> {
    match map.get("Distribution").map(|d| d.as_str()) {
        None | Some(Some("Uniform")) => Ok(Pick::Uniform),
        Some(Some("Zipf")) => {
            if count > MAX_ZIPF_VALUES {
                return Err(invalid(format!(
                    "{place}: a Zipf distribution draws from at most {MAX_ZIPF_VALUES} values; this one has {count}"
                )));
            }
            let exponent = float(map, place, "Exponent", 0.0, 10.0)?.unwrap_or(1.0);
            Ok(Pick::zipf(count as u32, exponent))
        }
        _ => Err(invalid(format!("{place}.Distribution must be \"Uniform\" or \"Zipf\""))),
    }
}

fn per_partition_key(value: Option<&Value>) -> Result<PerPartitionKey> {
    let place = "ItemsPerPartitionKey";
    let Some(value) = value else { return Ok(PerPartitionKey::Fixed(1)) };
    let map = members(value, place, &["Distribution", "Count", "Min", "Max", "Exponent"])?;
    let most = i64::from(u32::MAX);
    match map.get("Distribution").and_then(Value::as_str) {
        Some("Fixed") => Ok(PerPartitionKey::Fixed(required_integer(map, place, "Count", 1, most)? as u32)),
        Some("Uniform") => {
            let min = required_integer(map, place, "Min", 1, most)?;
            let max = required_integer(map, place, "Max", min, most)?;
            Ok(PerPartitionKey::Uniform { min: min as u32, max: max as u32 })
        }
        Some("Zipf") => {
            let max = required_integer(map, place, "Max", 1, MAX_ZIPF_VALUES as i64)? as u32;
            let exponent = float(map, place, "Exponent", 0.0, 10.0)?.unwrap_or(1.0);
            Ok(PerPartitionKey::Zipf { max, pick: Pick::zipf(max, exponent) })
        }
        _ => Err(invalid(format!("{place}.Distribution must be \"Fixed\", \"Uniform\" or \"Zipf\""))),
    }
}

/// A `YYYY-MM-DD` date as days since 1970-01-01.
fn date(map: &Map<String, Value>, place: &str, name: &str) -> Result<i64> {
    let given = text(map, place, name)?;
    let parsed = (|| {
        let mut fields = given.splitn(3, '-');
        let year: i64 = fields.next()?.parse().ok()?;
        let month: u32 = fields.next()?.parse().ok()?;
        let day: u32 = fields.next()?.parse().ok()?;
        let days = civil_day(year, month, day)?;
        (given.len() == 10).then_some(days)
    })();
    parsed
        .ok_or_else(|| invalid(format!("{place}.{name} must be a date YYYY-MM-DD from 1970 to 9999; got \"{given}\"")))
}

fn parts(template: &str, place: &str, earlier: &[AttributeTemplate]) -> Result<Vec<Part>> {
    let mut parts = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let (before, after) = rest.split_at(open);
        if !before.is_empty() {
            parts.push(Part::Text(before.to_string()));
        }
        let after = after.get(1..).unwrap_or_default();
        let close = after.find('}').ok_or_else(|| invalid(format!("{place}: a \"{{\" is not closed by \"}}\"")))?;
        let (name, tail) = after.split_at(close);
        parts.push(match name {
            "n" => Part::PartitionNumber,
            "i" => Part::ItemNumber,
            _ => Part::Attribute(earlier.iter().position(|a| a.name == name).ok_or_else(|| {
                invalid(format!("{place}: {{{name}}} is neither {{n}}, {{i}} nor an attribute listed before this one"))
            })?),
        });
        rest = tail.get(1..).unwrap_or_default();
    }
    if !rest.is_empty() {
        parts.push(Part::Text(rest.to_string()));
    }
    Ok(parts)
}

fn choice_value(value: &Value, place: &str) -> Result<AttributeValue> {
    match value {
        Value::String(s) if !s.is_empty() => Ok(AttributeValue::S(s.clone())),
        Value::Number(n) => {
            Number::parse(&n.to_string()).map(AttributeValue::N).map_err(|e| invalid(format!("{place}: {e}")))
        }
        Value::Bool(b) => Ok(AttributeValue::Bool(*b)),
        _ => Err(invalid(format!("{place}: each value must be a non-empty string, a number or true/false"))),
    }
}

fn source(map: &Map<String, Value>, place: &str, earlier: &[AttributeTemplate]) -> Result<Source> {
    let allowed = |more: &[&str]| -> Result<()> {
        let mut all = vec!["Name", "Type", "Presence"];
        all.extend_from_slice(more);
        members(&Value::Object(map.clone()), place, &all).map(|_| ())
    };
    let span = |min: i64, max: i64| (max - min + 1) as u64;
    match text(map, place, "Type")? {
        "Sequence" => {
            allowed(&["Start", "Step"])?;
            let start = integer(map, place, "Start", -MAX_INTEGER, MAX_INTEGER)?.unwrap_or(1);
            let step = integer(map, place, "Step", -1_000_000, 1_000_000)?.unwrap_or(1);
            Ok(Source::Sequence { start, step })
        }
        "Choice" => {
            allowed(&["Values", "Distribution", "Exponent"])?;
            let listed = match map.get("Values") {
                Some(Value::Array(list)) if !list.is_empty() && list.len() <= MAX_CHOICES => list,
                _ => return Err(invalid(format!("{place}.Values must list 1 to {MAX_CHOICES} values"))),
            };
            let values = listed.iter().map(|v| choice_value(v, place)).collect::<Result<Vec<_>>>()?;
            let kind = values.first().map(std::mem::discriminant);
            if values.iter().any(|v| Some(std::mem::discriminant(v)) != kind) {
                return Err(invalid(format!(
                    "{place}.Values must all be of one type (strings, numbers or true/false)"
                )));
            }
            Ok(Source::Choice { pick: pick(map, place, values.len() as u64)?, values })
        }
        "Integer" => {
            allowed(&["Min", "Max", "Distribution", "Exponent"])?;
            let min = required_integer(map, place, "Min", -MAX_INTEGER, MAX_INTEGER)?;
            let max = required_integer(map, place, "Max", min, MAX_INTEGER)?;
            Ok(Source::Integer { min, max, pick: pick(map, place, span(min, max))? })
        }
        "Number" => {
            allowed(&["Min", "Max", "Decimals"])?;
            let bound = MAX_INTEGER as f64;
            let min =
                float(map, place, "Min", -bound, bound)?.ok_or_else(|| invalid(format!("{place} needs \"Min\"")))?;
            let max = float(map, place, "Max", min, bound)?.ok_or_else(|| invalid(format!("{place} needs \"Max\"")))?;
            let decimals = integer(map, place, "Decimals", 0, 10)?.unwrap_or(2) as usize;
            Ok(Source::Decimal { min, max, decimals })
        }
        "Date" => {
            allowed(&["From", "To", "Distribution", "Exponent"])?;
            let first = date(map, place, "From")?;
            let last = date(map, place, "To")?;
            if last < first {
                return Err(invalid(format!("{place}: \"To\" is before \"From\"")));
            }
            let days = span(first, last);
            let texts = if days <= MAX_KEPT_DATES { (first..=last).map(date_text).collect() } else { Vec::new() };
            Ok(Source::Date { first, days: days as u32, pick: pick(map, place, days)?, texts })
        }
        "String" => {
            allowed(&["Length", "MinLength", "MaxLength"])?;
            let most = MAX_ITEM_BYTES as i64;
            let (min, max) = match integer(map, place, "Length", 1, most)? {
                Some(n) => (n, n),
                None => {
                    let min = required_integer(map, place, "MinLength", 1, most)?;
                    (min, required_integer(map, place, "MaxLength", min, most)?)
                }
            };
            Ok(Source::Text { min: min as u32, max: max as u32 })
        }
        "Template" => {
            allowed(&["Template", "AttributeType"])?;
            let template = text(map, place, "Template")?;
            if template.is_empty() {
                return Err(invalid(format!("{place}.Template must not be empty")));
            }
            let number = match map.get("AttributeType").map(|t| t.as_str()) {
                None | Some(Some("S")) => false,
                Some(Some("N")) => true,
                _ => return Err(invalid(format!("{place}.AttributeType must be \"S\" or \"N\""))),
            };
            Ok(Source::Template { parts: parts(template, place, earlier)?, number })
        }
        "Boolean" => {
            allowed(&["Probability"])?;
            Ok(Source::Boolean { probability: float(map, place, "Probability", 0.0, 1.0)?.unwrap_or(0.5) })
        }
        other => Err(invalid(format!(
            "{place}.Type must be Sequence, Choice, Integer, Number, Date, String, Template or Boolean; got \"{other}\""
        ))),
    }
}

impl ItemTemplate {
    /// Reads and checks a template's JSON form.
    pub fn from_json(value: &Value) -> Result<Self> {
        let map = members(value, "the template", &["ItemsPerPartitionKey", "Attributes"])?;
        let per_partition_key = per_partition_key(map.get("ItemsPerPartitionKey"))?;
        let listed = match map.get("Attributes") {
            Some(Value::Array(list)) if !list.is_empty() && list.len() <= MAX_TEMPLATE_ATTRIBUTES => list,
            _ => return Err(invalid(format!("\"Attributes\" must list 1 to {MAX_TEMPLATE_ATTRIBUTES} attributes"))),
        };
        let mut attributes: Vec<AttributeTemplate> = Vec::new();
        for (i, entry) in listed.iter().enumerate() {
            let place = format!("Attributes[{i}]");
            let Value::Object(map) = entry else { return Err(invalid(format!("{place} must be a JSON object"))) };
            let name = text(map, &place, "Name")?;
            if name.is_empty() || attributes.iter().any(|a| a.name == name) {
                return Err(invalid(format!("{place}.Name must be a non-empty name not listed before")));
            }
            let source = source(map, &place, &attributes)?;
            let presence = float(map, &place, "Presence", 0.0, 1.0)?.unwrap_or(1.0);
            attributes.push(AttributeTemplate { name: name.to_string(), source, presence });
        }
        Ok(Self { per_partition_key, attributes })
    }

    /// Longest text attribute `at` prints as (what a template using it adds).
    fn text_bound(&self, at: usize) -> usize {
        match self.attributes.get(at).map(|a| &a.source) {
            Some(Source::Choice { values, .. }) => values
                .iter()
                .map(|v| match v {
                    AttributeValue::S(s) => s.len(),
                    _ => NUMBER_TEXT_BOUND,
                })
                .max()
                .unwrap_or(0),
            Some(Source::Date { .. }) => 10,
            Some(Source::Text { max, .. }) => *max as usize,
            Some(Source::Template { parts, .. }) => self.parts_bound(parts),
            Some(Source::Boolean { .. }) => 5,
            _ => NUMBER_TEXT_BOUND,
        }
    }

    fn parts_bound(&self, parts: &[Part]) -> usize {
        parts
            .iter()
            .map(|p| match p {
                Part::Text(t) => t.len(),
                Part::PartitionNumber | Part::ItemNumber => 10,
                Part::Attribute(at) => self.text_bound(*at),
            })
            .sum()
    }

    /// The largest item (in DynamoDB's bytes) this template can make.
    pub fn item_size_bound(&self) -> usize {
        (0..self.attributes.len())
            .map(|at| {
                let name = self.attributes.get(at).map_or(0, |a| a.name.len());
                let value = match self.attributes.get(at).map(|a| &a.source) {
                    Some(Source::Choice { values, .. }) => values.iter().map(AttributeValue::size).max().unwrap_or(0),
                    Some(Source::Template { number: true, .. })
                    | Some(Source::Sequence { .. })
                    | Some(Source::Integer { .. })
                    | Some(Source::Decimal { .. }) => NUMBER_SIZE_BOUND,
                    Some(Source::Boolean { .. }) => 1,
                    _ => self.text_bound(at),
                };
                name + value
            })
            .sum()
    }

    /// Refuses a template whose items could be over DynamoDB's 400 KB.
    pub fn check_size(&self) -> Result<()> {
        let bound = self.item_size_bound();
        if bound > MAX_ITEM_BYTES {
            return Err(invalid(format!(
                "its items could be up to {bound} bytes; an item may be at most {MAX_ITEM_BYTES} bytes (400 KB)"
            )));
        }
        Ok(())
    }
}

/// Refuses a count of items out of range.
pub fn check_count(count: u64) -> Result<()> {
    if !(1..=MAX_GENERATED_ITEMS).contains(&count) {
        return Err(ApiError::validation(format!("Count must be from 1 to {MAX_GENERATED_ITEMS} items; got {count}")));
    }
    Ok(())
}
