//! JSON values as source literals: JSON, JavaScript and Python.
//!
//! One printer serves all three languages, because their literals for
//! DynamoDB's request shapes barely differ:
//!
//! | JSON value        | JSON                | JavaScript                          | Python              |
//! |-------------------|---------------------|-------------------------------------|---------------------|
//! | `null`            | `null`              | `null`                              | `None`              |
//! | `true`, `false`   | `true`, `false`     | `true`, `false`                     | `True`, `False`     |
//! | number            | as is               | as is                               | as is               |
//! | string            | `"…"`               | `"…"`                               | `"…"`               |
//! | object, array     | `{"k": v}`, `[v]`   | `{"k": v}`, `[v]`                   | `{"k": v}`, `[v]`   |
//! | `{"B": "AQI="}`   | as is               | `{"B": Buffer.from("AQI=", "base64")}` | `{"B": b"\x01\x02"}` |
//!
//! Object members are printed in the order of the request model (see the
//! [module above](super)), then in the object's order.
//!
//! Strings use only the escapes the three languages share (`\"`, `\\`,
//! `\n`, `\r`, `\t`, `\uXXXX` for other control characters and the line
//! separators U+2028/U+2029), and keys are always quoted, so JSON output is
//! valid JavaScript and, but for the three keywords, valid Python.
//!
//! # Layout
//!
//! A container is printed on one line (`{"S": "Alice"}`) when that line fits
//! in [`Layout::width`] columns; otherwise each member goes on its own line,
//! indented one level more, and the rule is applied again inside. So small
//! attribute values stay readable on one line while a whole item breaks
//! into one attribute per line. Deciding costs at most `width` characters
//! of trial output per container, so printing stays linear in practice.

use std::fmt::Write as _;

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use serde_json::{Map, Value};

use super::in_member_order;

/// Deepest nesting printed; anything deeper prints as `null`. DynamoDB
/// allows 32 levels of attribute values (about 70 JSON levels in a
/// request) and serde_json parses at most 128, so only a value built in
/// code can reach this; the cap keeps the recursion off the stack limit.
pub const MAX_DEPTH: usize = 256;

/// The language to print in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Plain JSON: base64 stays text.
    Json,
    /// A JavaScript expression for Node.js: binary values become `Buffer`s.
    JavaScript,
    /// A Python expression: `None`, `True`, `False`, binary as `bytes`.
    Python,
}

/// How to lay a literal out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Spaces per nesting level.
    pub indent: usize,
    /// Longest line a one-line container may make (columns, counted in
    /// characters); `0` puts every non-empty container over several lines.
    pub width: usize,
}

/// Prints `value` as a literal. `column` is where on its line the literal
/// starts (what the caller printed before it) and `level` the nesting level
/// of that line, so nested lines get `(level + 1) * indent` spaces and the
/// closing bracket `level * indent`.
pub fn render(value: &Value, dialect: Dialect, layout: Layout, column: usize, level: usize) -> String {
    let mut out = String::new();
    let printer = Printer { dialect, layout };
    printer.value(&mut out, value, Binary::No, column, level, 0);
    out
}

/// Prints an object whose members are given in order (a `serde_json::Map`
/// may sort its keys), laid out as [`render`] lays out an object.
pub fn render_object(
    members: &[(&str, &Value)],
    dialect: Dialect,
    layout: Layout,
    column: usize,
    level: usize,
) -> String {
    let mut out = String::new();
    let printer = Printer { dialect, layout };
    printer.object(&mut out, members, Binary::No, column, level, 0);
    out
}

/// Prints `value` on one line, with a space after each `:` and `,`.
pub fn compact(value: &Value, dialect: Dialect) -> String {
    let mut out = String::new();
    Printer { dialect, layout: Layout { indent: 0, width: usize::MAX } }.one_line(
        &mut out,
        value,
        Binary::No,
        usize::MAX,
        0,
    );
    out
}

/// A string literal with the escapes JSON, JavaScript and Python share.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // Control characters (C0, DEL, C1) and the Unicode line
            // separators: invisible, and some tools split lines at them.
            '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A Python bytes literal: printable ASCII as is, the rest as `\xNN`.
pub fn python_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 3);
    out.push_str("b\"");
    for &b in bytes {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out.push('"');
    out
}

/// Whether the strings below are binary attribute values (base64 on the
/// wire, bytes in the SDKs).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Binary {
    No,
    Yes,
}

/// Whether an object is a binary attribute value: exactly one member, `B`
/// with a base64 string or `BS` with an array of them. No other request
/// shape looks like this (attribute maps map names to objects, and
/// placeholder maps have `#`/`:` keys), so the test needs no context. Bad
/// base64 is left as text: the request is invalid anyway, and the engine
/// says why.
fn is_binary_value(object: &Map<String, Value>) -> bool {
    if object.len() != 1 {
        return false;
    }
    match (object.get("B"), object.get("BS")) {
        (Some(Value::String(text)), None) => decode(text).is_some(),
        (None, Some(Value::Array(items))) => {
            items.iter().all(|item| item.as_str().is_some_and(|text| decode(text).is_some()))
        }
        _ => false,
    }
}

fn decode(text: &str) -> Option<Vec<u8>> {
    STANDARD.decode(text).ok()
}

struct Printer {
    dialect: Dialect,
    layout: Layout,
}

impl Printer {
    fn scalar(&self, out: &mut String, value: &Value, binary: Binary) {
        let python = self.dialect == Dialect::Python;
        match value {
            Value::Null if python => out.push_str("None"),
            Value::Null => out.push_str("null"),
            Value::Bool(true) if python => out.push_str("True"),
            Value::Bool(false) if python => out.push_str("False"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => {
                let _ = write!(out, "{n}");
            }
            Value::String(text) => match (binary, self.dialect, decode(text)) {
                (Binary::Yes, Dialect::Python, Some(bytes)) => out.push_str(&python_bytes(&bytes)),
                (Binary::Yes, Dialect::JavaScript, Some(_)) => {
                    let _ = write!(out, "Buffer.from({}, \"base64\")", quote(text));
                }
                _ => out.push_str(&quote(text)),
            },
            // Containers are printed by the callers; reaching here means
            // the depth cap was hit.
            Value::Array(_) | Value::Object(_) => out.push_str(if python { "None" } else { "null" }),
        }
    }

    /// The binary flag for the members of `value`.
    fn inner_binary(value: &Value) -> Binary {
        match value {
            Value::Object(object) if is_binary_value(object) => Binary::Yes,
            _ => Binary::No,
        }
    }

    /// One-line form into `out`; gives up (returns false) as soon as `out`
    /// grows past `limit` bytes, leaving it partly written.
    fn one_line(&self, out: &mut String, value: &Value, binary: Binary, limit: usize, depth: usize) -> bool {
        if depth >= MAX_DEPTH {
            self.scalar(out, &Value::Null, Binary::No);
            return out.len() <= limit;
        }
        match value {
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if !self.one_line(out, item, binary, limit, depth + 1) {
                        return false;
                    }
                }
                out.push(']');
            }
            Value::Object(object) => {
                let inner = Self::inner_binary(value);
                out.push('{');
                for (i, (key, item)) in in_member_order(object).into_iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&quote(key));
                    out.push_str(": ");
                    if !self.one_line(out, item, inner, limit, depth + 1) {
                        return false;
                    }
                }
                out.push('}');
            }
            scalar => self.scalar(out, scalar, binary),
        }
        out.len() <= limit
    }

    fn value(&self, out: &mut String, value: &Value, binary: Binary, column: usize, level: usize, depth: usize) {
        match value {
            Value::Array(items) if !items.is_empty() && depth < MAX_DEPTH => {
                if self.fits(out, value, binary, column, depth) {
                    return;
                }
                let pad = " ".repeat((level + 1) * self.layout.indent);
                out.push_str("[\n");
                for (i, item) in items.iter().enumerate() {
                    out.push_str(&pad);
                    self.value(out, item, binary, pad.len(), level + 1, depth + 1);
                    out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
                }
                out.push_str(&" ".repeat(level * self.layout.indent));
                out.push(']');
            }
            Value::Object(object) if depth < MAX_DEPTH => {
                self.object(out, &in_member_order(object), Self::inner_binary(value), column, level, depth);
            }
            _ => {
                self.one_line(out, value, binary, usize::MAX, depth);
            }
        }
    }

    /// An object from its members in order: on one line if it fits, else
    /// one member per line. `inner` applies to the members' values.
    fn object(
        &self,
        out: &mut String,
        members: &[(&str, &Value)],
        inner: Binary,
        column: usize,
        level: usize,
        depth: usize,
    ) {
        if members.is_empty() {
            out.push_str("{}");
            return;
        }
        let room = self.room(column);
        let mut line = String::from("{");
        let mut fits = room > 0;
        for (i, (key, value)) in members.iter().enumerate() {
            if !fits {
                break;
            }
            if i > 0 {
                line.push_str(", ");
            }
            line.push_str(&quote(key));
            line.push_str(": ");
            fits = self.one_line(&mut line, value, inner, room.saturating_mul(4), depth + 1);
        }
        line.push('}');
        if fits && line.chars().count() <= room {
            out.push_str(&line);
            return;
        }
        let pad = " ".repeat((level + 1) * self.layout.indent);
        out.push_str("{\n");
        for (i, (key, value)) in members.iter().enumerate() {
            let key = quote(key);
            out.push_str(&pad);
            out.push_str(&key);
            out.push_str(": ");
            let column = pad.len() + key.chars().count() + 2;
            self.value(out, value, inner, column, level + 1, depth + 1);
            out.push_str(if i + 1 < members.len() { ",\n" } else { "\n" });
        }
        out.push_str(&" ".repeat(level * self.layout.indent));
        out.push('}');
    }

    /// Columns a one-line literal starting at `column` may take: up to the
    /// width, keeping one for a trailing comma or bracket.
    fn room(&self, column: usize) -> usize {
        self.layout.width.saturating_sub(column + 1)
    }

    /// Prints `value` on one line into `out` if it fits; false otherwise.
    /// Bytes bound the trial (a character is at most 4), characters decide.
    fn fits(&self, out: &mut String, value: &Value, binary: Binary, column: usize, depth: usize) -> bool {
        let room = self.room(column);
        let mut line = String::new();
        if room > 0
            && self.one_line(&mut line, value, binary, room.saturating_mul(4), depth)
            && line.chars().count() <= room
        {
            out.push_str(&line);
            return true;
        }
        false
    }
}
