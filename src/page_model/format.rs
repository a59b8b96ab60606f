//! How values and tables are spelled on screen. Pure functions, no Yew: the
//! components decide where things go, this module decides what they say.
//!
//! Values are shown the way a lecture slide shows them: strings plain, numbers
//! as written, containers as compact plain JSON. The DynamoDB type is never
//! lost, only moved to the hover text (`N · {"N":"42"}`).

use serde_json::Value;

use crate::engine::schema::KeyAttribute;
use crate::engine::value::document::{item_to_plain, parse_item_json};
use crate::engine::value::wire::item_to_wire;
use crate::engine::value::{AttributeValue, Item};
use crate::i18n::numbers::grouped;
use crate::i18n::{Lang, Msg};
use crate::page_model::cost::units;

/// How one attribute value is shown in a cell.
#[derive(Clone, Debug, PartialEq)]
pub struct CellText {
    pub text: String,
    /// A CSS class per kind: numbers are right-aligned, containers monospace.
    pub class: &'static str,
    /// Hover text: the type and the DynamoDB JSON.
    pub title: String,
}

/// Longest value shown whole in a cell; a longer one (a 256 KB message
/// body) is cut, with its length in the hover text, so a grid of large
/// items stays light.
pub const CELL_MAX_CHARS: usize = 200;

/// The cell for one value, its hover text in `lang` (the DynamoDB type
/// letters and JSON stay as the API writes them).
pub fn cell_text(value: &AttributeValue, lang: Lang) -> CellText {
    if let AttributeValue::S(s) = value {
        if s.len() > CELL_MAX_CHARS {
            let cut: String = s.chars().take(CELL_MAX_CHARS / 2).collect();
            let length = s.chars().count() as u64;
            let tr = lang.tr();
            return CellText {
                text: format!("{cut}… {}", tr.cut_note(length)),
                class: "v-s",
                title: format!("S ({}) · {}", lang.t(Msg::HoverString), tr.string_size(length, s.len() as u64)),
            };
        }
    }
    let wire = value.to_wire();
    let inner = wire.get(value.type_name());
    let (text, class) = match value {
        AttributeValue::S(s) => (s.clone(), "v-s"),
        AttributeValue::N(n) => (n.to_string(), "v-n"),
        AttributeValue::B(_) => (inner.and_then(Value::as_str).unwrap_or_default().to_string(), "v-b"),
        AttributeValue::Bool(b) => (b.to_string(), "v-bool"),
        AttributeValue::Null => ("null".to_string(), "v-null"),
        _ => (compact_plain(value), "v-doc"),
    };
    let mut title = format!("{} ({}) · {}", value.type_name(), lang.t(type_label(value)), wire);
    // A container or a binary can be as long as an item (400 KB): it is
    // cut like a long string, and so is its hover text.
    let text = if text.len() > CELL_MAX_CHARS {
        let length = text.chars().count() as u64;
        let cut: String = text.chars().take(CELL_MAX_CHARS / 2).collect();
        format!("{cut}… {}", lang.tr().cut_note(length))
    } else {
        text
    };
    if title.len() > TITLE_MAX_CHARS {
        title = format!("{}…", title.chars().take(TITLE_MAX_CHARS).collect::<String>());
    }
    CellText { text, class, title }
}

/// Longest hover text of a cell: the DynamoDB JSON of a large value is cut.
pub const TITLE_MAX_CHARS: usize = 1000;

/// A container as one line of plain JSON, the way a person would write it.
fn compact_plain(value: &AttributeValue) -> String {
    let item = Item::from([(String::new(), value.clone())]);
    let plain = item_to_plain(&item);
    plain.get("").map(inline).unwrap_or_default()
}

/// The name of a DynamoDB type, for hover text ("string", "number set").
pub fn type_label(value: &AttributeValue) -> Msg {
    match value {
        AttributeValue::S(_) => Msg::HoverString,
        AttributeValue::N(_) => Msg::HoverNumber,
        AttributeValue::B(_) => Msg::HoverBinary,
        AttributeValue::Bool(_) => Msg::HoverBoolean,
        AttributeValue::Null => Msg::HoverNull,
        AttributeValue::M(_) => Msg::HoverMap,
        AttributeValue::L(_) => Msg::HoverList,
        AttributeValue::Ss(_) => Msg::HoverStringSet,
        AttributeValue::Ns(_) => Msg::HoverNumberSet,
        AttributeValue::Bs(_) => Msg::HoverBinarySet,
    }
}

/// The text an item is loaded into the editor with: plain JSON when it reads
/// back as the very same item (the friendly form), DynamoDB JSON otherwise
/// (sets and binary do not survive plain JSON).
pub fn editor_text_for(item: &Item) -> String {
    let plain = pretty(&item_to_plain(item));
    if parse_item_json(&plain).as_ref() == Ok(item) {
        plain
    } else {
        pretty(&item_to_wire(item))
    }
}

/// JSON for people: the top level one member per line, and any nested
/// value that fits on a line kept on one line, so DynamoDB JSON reads as
/// `"Year": {"N": "2024"}` rather than four lines of braces.
pub fn pretty(value: &Value) -> String {
    let mut out = String::new();
    write_block(value, 0, &mut out);
    out
}

/// How wide a nested value may be and still stay on one line.
const INLINE_WIDTH: usize = 60;

/// Writes `value` expanded (one member per line), nested values inline
/// where they fit.
fn write_block(value: &Value, depth: usize, out: &mut String) {
    let (open, close, members): (char, char, Vec<(Option<&String>, &Value)>) = match value {
        Value::Object(map) if !map.is_empty() => ('{', '}', map.iter().map(|(k, v)| (Some(k), v)).collect()),
        Value::Array(items) if !items.is_empty() => ('[', ']', items.iter().map(|v| (None, v)).collect()),
        _ => return out.push_str(&inline(value)),
    };
    out.push(open);
    out.push('\n');
    let count = members.len();
    for (i, (name, member)) in members.into_iter().enumerate() {
        out.push_str(&"  ".repeat(depth + 1));
        if let Some(name) = name {
            out.push_str(&Value::String(name.clone()).to_string());
            out.push_str(": ");
        }
        let one_line = inline(member);
        if one_line.len() + 2 * (depth + 1) <= INLINE_WIDTH {
            out.push_str(&one_line);
        } else {
            write_block(member, depth + 1, out);
        }
        if i + 1 < count {
            out.push(',');
        }
        out.push('\n');
    }
    out.push_str(&"  ".repeat(depth));
    out.push(close);
}

/// `value` on one line, with a space after each `:` and `,`.
fn inline(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let members: Vec<String> =
                map.iter().map(|(k, v)| format!("{}: {}", Value::String(k.clone()), inline(v))).collect();
            format!("{{{}}}", members.join(", "))
        }
        Value::Array(items) => format!("[{}]", items.iter().map(inline).collect::<Vec<_>>().join(", ")),
        scalar => scalar.to_string(),
    }
}

/// "Artist (S)".
pub fn key_label(attribute: &KeyAttribute) -> String {
    format!("{} ({})", attribute.name, attribute.scalar_type.as_str())
}

/// "1,536 B", "12.5 KB", "3.2 MB", "8 GB".
pub fn size_text(bytes: u64) -> String {
    const KB: f64 = 1024.0;
    let b = bytes as f64;
    if b < KB {
        format!("{} B", grouped(bytes))
    } else if b < KB * KB {
        format!("{} KB", units((b / KB * 10.0).round() / 10.0))
    } else if b < KB * KB * KB {
        format!("{} MB", units((b / KB / KB * 10.0).round() / 10.0))
    } else {
        format!("{} GB", units((b / KB / KB / KB * 10.0).round() / 10.0))
    }
}

/// 1666.666 → "1,666.67", 2.5 → "2.5", 3.0 → "3".
pub fn two_decimals(x: f64) -> String {
    if !x.is_finite() {
        return "—".into();
    }
    let rounded = (x * 100.0).round() / 100.0;
    let whole = rounded.trunc().abs() as usize;
    let cents = ((rounded.abs() - whole as f64) * 100.0).round() as usize;
    let sign = if rounded < 0.0 { "-" } else { "" };
    if cents == 0 {
        format!("{sign}{}", grouped(whole as u64))
    } else if cents.is_multiple_of(10) {
        format!("{sign}{}.{}", grouped(whole as u64), cents / 10)
    } else {
        format!("{sign}{}.{cents:02}", grouped(whole as u64))
    }
}
