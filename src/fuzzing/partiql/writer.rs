//! Writing PartiQL text: the fixture's paths and values as literals or `?`
//! parameters, and the `Writer` that collects a statement and its
//! parameters.

use serde_json::{json, Map, Value};

use crate::fuzzing::bytes::Choices;

/// One element of a document path.
#[derive(Clone, Copy)]
pub(super) enum El {
    Name(&'static str),
    Index(usize),
}

/// What kind of values a path holds in the fixture (what its conditions
/// compare it with).
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Kind {
    S,
    N,
    Bool,
    Set,
    Any,
}

use El::{Index, Name};

/// Paths a condition may read, with the kind of value they hold.
pub(super) const PATHS: &[(&[El], Kind)] = &[
    (&[Name("a")], Kind::S),
    (&[Name("n")], Kind::N),
    (&[Name("sk")], Kind::N),
    (&[Name("gpk")], Kind::S),
    (&[Name("gsk")], Kind::N),
    (&[Name("lsk")], Kind::S),
    (&[Name("exp")], Kind::N),
    (&[Name("m"), Name("x")], Kind::N),
    (&[Name("m"), Name("y"), Name("z")], Kind::Bool),
    (&[Name("l"), Index(0)], Kind::N),
    (&[Name("l"), Index(1)], Kind::S),
    (&[Name("ss")], Kind::Set),
    (&[Name("m")], Kind::Any),
    (&[Name("l")], Kind::Any),
    (&[Name("zz")], Kind::S),
    (&[Name("s")], Kind::S),
    (&[Name("d"), Name("list"), Index(1)], Kind::Set),
    (&[Name("v")], Kind::N),
    (&[Name("g")], Kind::S),
    (&[Name("pk")], Kind::S),
    (&[Name("h")], Kind::S),
];

pub(super) const STRINGS: &[&str] =
    &["v01", "v12", "v23", "x", "", "g0", "g1", "l0", "l1", "l2", "doc", "é𝄞", "v", "it's"];
pub(super) const PREFIXES: &[&str] = &["v", "v1", "g", "l", "", "x", "é"];
pub(super) const NUMBERS: &[&str] = &["1", "2", "3", "5", "12", "23", "-1", "2.5", "0", "1767225601", "100"];

/// What a generated SELECT reads from: a table or one of its indexes, and
/// the names of the key attributes it reads by.
#[derive(Clone, Copy)]
pub(super) struct Source {
    pub(super) table: &'static str,
    pub(super) index: Option<&'static str>,
    /// The partition key's name.
    pub(super) pk: &'static str,
    /// The sort key's name and type.
    pub(super) sk: Option<(&'static str, Kind)>,
}

/// A [`Source`], as the tables below list them.
pub(super) const fn source(
    table: &'static str,
    index: Option<&'static str>,
    pk: &'static str,
    sk: Option<(&'static str, Kind)>,
) -> Source {
    Source { table, index, pk, sk }
}

pub(super) const QUERY_SOURCES: &[Source] = &[
    source("Orders", None, "pk", Some(("sk", Kind::N))),
    source("Orders", Some("ByG"), "gpk", Some(("gsk", Kind::N))),
    source("Orders", Some("ByL"), "pk", Some(("lsk", Kind::S))),
    source("Tiny", Some("TinyG"), "g", None),
];

pub(super) const SCAN_SOURCES: &[Source] = &[
    source("Orders", None, "pk", Some(("sk", Kind::N))),
    source("Orders", Some("ByG"), "gpk", Some(("gsk", Kind::N))),
    source("Orders", Some("ByL"), "pk", Some(("lsk", Kind::S))),
    source("Tiny", None, "id", None),
    source("Tiny", Some("TinyG"), "g", None),
    source("Docs", None, "h", None),
];

/// Partition-key values a Query source is read with.
pub(super) fn partition_values(name: &str) -> &'static [&'static str] {
    match name {
        "gpk" => &["g0", "g1", "g2"],
        "g" => &["x", "y"],
        _ => &["a", "b", "c", "d"],
    }
}

/// The tables writes go to: name, partition key, sort key.
pub(super) const WRITE_TABLES: &[(&str, &str, Option<&str>)] =
    &[("Orders", "pk", Some("sk")), ("Docs", "h", None), ("Tiny", "id", None)];

/// A statement's text and parameters, and the equivalent requests'
/// placeholders, written side by side.
pub(super) struct Writer<'c, 'd> {
    pub(super) c: &'c mut Choices<'d>,
    pub(super) params: Vec<Value>,
    pub(super) names: Map<String, Value>,
    pub(super) values: Map<String, Value>,
}

/// A value as a PartiQL literal, when it has one (binary has none).
pub(super) fn literal_text(value: &Value) -> Option<String> {
    let (tag, inner) = value.as_object()?.iter().next()?;
    let quote = |s: &str| format!("'{}'", s.replace('\'', "''"));
    let strings = |v: &Value| -> Option<Vec<String>> {
        Some(v.as_array()?.iter().filter_map(Value::as_str).map(str::to_string).collect())
    };
    Some(match tag.as_str() {
        "S" => quote(inner.as_str()?),
        "N" => inner.as_str()?.to_string(),
        "BOOL" => if inner.as_bool()? { "TRUE" } else { "FALSE" }.to_string(),
        "NULL" => "NULL".to_string(),
        "SS" => format!("<<{}>>", strings(inner)?.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", ")),
        "NS" => format!("<<{}>>", strings(inner)?.join(", ")),
        "L" => {
            let parts = inner.as_array()?.iter().map(literal_text).collect::<Option<Vec<_>>>()?;
            format!("[{}]", parts.join(", "))
        }
        "M" => {
            let parts = inner
                .as_object()?
                .iter()
                .map(|(k, v)| Some(format!("{}: {}", quote(k), literal_text(v)?)))
                .collect::<Option<Vec<_>>>()?;
            format!("{{{}}}", parts.join(", "))
        }
        _ => return None,
    })
}

impl Writer<'_, '_> {
    /// A value on both sides: a literal or `?` in the statement, a `:v`
    /// placeholder in the request.
    pub(super) fn value(&mut self, value: &Value) -> (String, String) {
        let text = match literal_text(value) {
            Some(text) if !self.c.one_in(3) => text,
            _ => {
                self.params.push(value.clone());
                "?".to_string()
            }
        };
        (text, self.request_value(value.clone()))
    }

    /// A value on the request's side only.
    pub(super) fn request_value(&mut self, value: Value) -> String {
        let placeholder = format!(":v{}", self.values.len());
        self.values.insert(placeholder.clone(), value);
        placeholder
    }

    /// An attribute name on both sides: bare or quoted, and `#n`.
    pub(super) fn name(&mut self, name: &str) -> (String, String) {
        let text = if self.c.one_in(3) { format!("\"{name}\"") } else { name.to_string() };
        let existing = self.names.iter().find(|(_, v)| v.as_str() == Some(name)).map(|(k, _)| k.clone());
        let placeholder = existing.unwrap_or_else(|| {
            let placeholder = format!("#n{}", self.names.len());
            self.names.insert(placeholder.clone(), Value::from(name));
            placeholder
        });
        (text, placeholder)
    }

    pub(super) fn path(&mut self, path: &[El]) -> (String, String) {
        let (mut text, mut expression) = (String::new(), String::new());
        for (i, element) in path.iter().enumerate() {
            match element {
                Name(name) => {
                    let (t, e) = self.name(name);
                    if i > 0 {
                        expression.push('.');
                        if self.c.one_in(4) {
                            text.push_str(&format!("['{name}']"));
                        } else {
                            text.push('.');
                            text.push_str(&t);
                        }
                    } else {
                        text.push_str(&t);
                    }
                    expression.push_str(&e);
                }
                Index(index) => {
                    text.push_str(&format!("[{index}]"));
                    expression.push_str(&format!("[{index}]"));
                }
            }
        }
        (text, expression)
    }

    pub(super) fn string(&mut self) -> Value {
        json!({"S": self.c.pick_str(STRINGS)})
    }

    pub(super) fn number(&mut self) -> Value {
        json!({"N": self.c.pick_str(NUMBERS)})
    }

    /// A value of `kind`, or now and then of another type.
    pub(super) fn value_of(&mut self, kind: Kind) -> Value {
        if self.c.one_in(8) {
            return self.any_value();
        }
        match kind {
            Kind::S | Kind::Set => self.string(),
            Kind::N => self.number(),
            Kind::Bool => json!({"BOOL": self.c.one_in(2)}),
            Kind::Any => self.any_value(),
        }
    }

    pub(super) fn any_value(&mut self) -> Value {
        match self.c.below(10) {
            0 => json!({"NULL": true}),
            1 => json!({"BOOL": true}),
            2 => json!({"L": [{"N": "1"}, {"S": "x"}]}),
            3 => json!({"M": {"x": {"N": "1"}, "y": {"M": {"z": {"BOOL": true}}}}}),
            4 => json!({"SS": ["p", "q"]}),
            5 => json!({"NS": ["1", "2.5"]}),
            6 => json!({"B": "AQI="}),
            7 => json!({"L": []}),
            8 => self.number(),
            _ => self.string(),
        }
    }

    /// A condition on both sides, over paths other than `excluded`.
    pub(super) fn condition(&mut self, excluded: &[&str], depth: usize) -> (String, String) {
        if depth < 2 && self.c.one_in(4) {
            return match self.c.below(3) {
                0 => {
                    let (t, e) = self.condition(excluded, depth + 1);
                    (format!("NOT ({t})"), format!("NOT ({e})"))
                }
                choice => {
                    let (lt, le) = self.condition(excluded, depth + 1);
                    let (rt, re) = self.condition(excluded, depth + 1);
                    let op = if choice == 1 { "AND" } else { "OR" };
                    (format!("({lt}) {op} ({rt})"), format!("({le}) {op} ({re})"))
                }
            };
        }
        let candidates: Vec<(&[El], Kind)> = PATHS
            .iter()
            .copied()
            .filter(|(path, _)| !matches!(path.first(), Some(Name(head)) if excluded.contains(head)))
            .collect();
        let (path, kind) = self.c.pick(&candidates).unwrap_or((&[Name("a")], Kind::S));
        let (p, pe) = self.path(path);
        match self.c.below(9) {
            0 => {
                let (l, le) = {
                    let v = self.value_of(kind);
                    self.value(&v)
                };
                let (h, he) = {
                    let v = self.value_of(kind);
                    self.value(&v)
                };
                (format!("{p} BETWEEN {l} AND {h}"), format!("{pe} BETWEEN {le} AND {he}"))
            }
            1 => {
                let count = 1 + self.c.below(3);
                let (mut texts, mut expressions) = (Vec::new(), Vec::new());
                for _ in 0..count {
                    let v = self.value_of(kind);
                    let (t, e) = self.value(&v);
                    texts.push(t);
                    expressions.push(e);
                }
                (format!("{p} IN [{}]", texts.join(", ")), format!("{pe} IN ({})", expressions.join(", ")))
            }
            2 => {
                let prefix = json!({"S": self.c.pick_str(PREFIXES)});
                let (t, e) = self.value(&prefix);
                (format!("begins_with({p}, {t})"), format!("begins_with({pe}, {e})"))
            }
            3 => match self.c.below(4) {
                0 => (format!("{p} IS MISSING"), format!("attribute_not_exists({pe})")),
                1 => (format!("{p} IS NOT MISSING"), format!("attribute_exists({pe})")),
                2 => (format!("attribute_exists({p})"), format!("attribute_exists({pe})")),
                _ => (format!("attribute_not_exists({p})"), format!("attribute_not_exists({pe})")),
            },
            4 => {
                let v = self.value_of(if kind == Kind::Set { Kind::S } else { kind });
                let (t, e) = self.value(&v);
                (format!("contains({p}, {t})"), format!("contains({pe}, {e})"))
            }
            5 => {
                let (word, tag) = self
                    .c
                    .pick(&[("STRING", "S"), ("NUMERIC", "N"), ("LIST", "L"), ("STRUCT", "M"), ("BOOLEAN", "BOOL")])
                    .unwrap_or(("STRING", "S"));
                let e = self.request_value(json!({"S": tag}));
                (format!("{p} IS {word}"), format!("attribute_type({pe}, {e})"))
            }
            _ => {
                let op = self.c.pick_str(&["=", "<>", "<", "<=", ">", ">="]);
                let text_op = if op == "<>" && self.c.one_in(2) { "!=" } else { op };
                let v = self.value_of(kind);
                let (t, e) = self.value(&v);
                (format!("{p} {text_op} {t}"), format!("{pe} {op} {e}"))
            }
        }
    }

    /// The placeholders `request`'s expressions use, attached to it
    /// (DynamoDB refuses unused ones).
    pub(super) fn attach(&self, request: &mut Value) {
        let mut used = Vec::new();
        for member in ["KeyConditionExpression", "FilterExpression", "ConditionExpression", "UpdateExpression"] {
            if let Some(text) = request.get(member).and_then(Value::as_str) {
                placeholders_in(text, &mut used);
            }
        }
        let pick = |map: &Map<String, Value>| -> Map<String, Value> {
            map.iter().filter(|(k, _)| used.contains(k)).map(|(k, v)| (k.clone(), v.clone())).collect()
        };
        let (names, values) = (pick(&self.names), pick(&self.values));
        if let Some(map) = request.as_object_mut() {
            if !names.is_empty() {
                map.insert("ExpressionAttributeNames".into(), Value::Object(names));
            }
            if !values.is_empty() {
                map.insert("ExpressionAttributeValues".into(), Value::Object(values));
            }
        }
    }
}

/// The `#name` and `:value` placeholders in an expression text.
pub(super) fn placeholders_in(text: &str, out: &mut Vec<String>) {
    let mut current: Option<String> = None;
    for ch in text.chars().chain(std::iter::once(' ')) {
        match (&mut current, ch) {
            (Some(token), c) if c.is_ascii_alphanumeric() || c == '_' => token.push(c),
            (slot, c) => {
                if let Some(token) = slot.take() {
                    out.push(token);
                }
                if c == '#' || c == ':' {
                    *slot = Some(c.to_string());
                }
            }
        }
    }
}

/// A key value of a write or a GetItem: mostly of the right type.
pub(super) fn key_value(c: &mut Choices, table: &str, attribute: &str) -> Value {
    if c.one_in(12) {
        return json!({"S": "1"});
    }
    match (table, attribute) {
        ("Orders", "pk") => json!({"S": c.pick_str(&["a", "b", "c", "d", "e"])}),
        ("Orders", _) => json!({"N": c.pick_str(&["1", "2", "3", "4", "1.0"])}),
        ("Docs", _) => json!({"S": c.pick_str(&["doc", "é𝄞", "new", "x"])}),
        _ => json!({"B": c.pick_str(&["AQI=", "AA==", "Ag=="])}),
    }
}
