//! Fuzz target `partiql_structured`: valid-shaped PartiQL statements built
//! from the fixture's schema, each checked against the DynamoDB request it
//! stands for.
//!
//! The `partiql` target feeds the parser text, and most of its inputs die
//! there. This one asks its input questions (`bytes::Choices`) and writes
//! statements that get through: the fixture's tables and indexes, their
//! key attributes, attribute names, nested paths and values it holds,
//! literals or `?` with matching `Parameters`, `IN` lists, `BETWEEN`,
//! `begins_with`, `IS [NOT] MISSING`, INSERT / UPDATE SET, REMOVE /
//! DELETE with conditions and RETURNING, batches and transactions. Now
//! and then one token of a statement is replaced, so the near misses of
//! valid statements reach the planner's errors too.
//!
//! Every statement is written twice, in PartiQL and as the equivalent
//! request, and both run on copies of one engine:
//!
//! ```text
//!   SELECT … WHERE full key            ═ GetItem                 Items = [Item], ConsumedCapacity
//!   SELECT … WHERE pk = v [AND sk …]   ═ Query (KeyCondition)    items in order, ConsumedCapacity, pages
//!   SELECT … WHERE pk IN [v1, v2]      ═ one read per value      items concatenated, capacity summed
//!   SELECT … [WHERE no key]            ═ Scan (FilterExpression) items in order, ConsumedCapacity, pages
//!   INSERT                             ═ PutItem + attribute_not_exists(pk)   same outcome, same engine after
//!   UPDATE … WHERE key [AND c]         ═ UpdateItem + attribute_exists(pk) AND c
//!   DELETE … WHERE key [AND c]         ═ DeleteItem + attribute_not_exists(pk) OR c
//!   BatchExecuteStatement / ExecuteTransaction ═ the equivalents in order (a failed transaction: no change)
//! ```
//!
//! "Same engine after" compares snapshots. The generic checks (`check`)
//! hold for every answer, a dry run (one step in five) must change nothing
//! and, with throughput enforcement off, answer what the real run answers,
//! and one input in three ends with the whole-engine checks.

use serde_json::{json, Map, Value};

use super::bytes::Choices;
use super::fixture;
use super::targets::{run, whole_engine, CLOCK_STEPS};
use crate::engine::{ApiError, Engine};

/// One element of a document path.
#[derive(Clone, Copy)]
enum El {
    Name(&'static str),
    Index(usize),
}

/// What kind of values a path holds in the fixture (what its conditions
/// compare it with).
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    S,
    N,
    Bool,
    Set,
    Any,
}

use El::{Index, Name};

/// Paths a condition may read, with the kind of value they hold.
const PATHS: &[(&[El], Kind)] = &[
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

const STRINGS: &[&str] = &["v01", "v12", "v23", "x", "", "g0", "g1", "l0", "l1", "l2", "doc", "é𝄞", "v", "it's"];
const PREFIXES: &[&str] = &["v", "v1", "g", "l", "", "x", "é"];
const NUMBERS: &[&str] = &["1", "2", "3", "5", "12", "23", "-1", "2.5", "0", "1767225601", "100"];

/// A source: table, index, partition key, sort key (name, kind).
type Source = (&'static str, Option<&'static str>, &'static str, Option<(&'static str, Kind)>);

const QUERY_SOURCES: &[Source] = &[
    ("Orders", None, "pk", Some(("sk", Kind::N))),
    ("Orders", Some("ByG"), "gpk", Some(("gsk", Kind::N))),
    ("Orders", Some("ByL"), "pk", Some(("lsk", Kind::S))),
    ("Tiny", Some("TinyG"), "g", None),
];

const SCAN_SOURCES: &[Source] = &[
    ("Orders", None, "pk", Some(("sk", Kind::N))),
    ("Orders", Some("ByG"), "gpk", Some(("gsk", Kind::N))),
    ("Orders", Some("ByL"), "pk", Some(("lsk", Kind::S))),
    ("Tiny", None, "id", None),
    ("Tiny", Some("TinyG"), "g", None),
    ("Docs", None, "h", None),
];

/// Partition-key values a Query source is read with.
fn partition_values(name: &str) -> &'static [&'static str] {
    match name {
        "gpk" => &["g0", "g1", "g2"],
        "g" => &["x", "y"],
        _ => &["a", "b", "c", "d"],
    }
}

/// The tables writes go to: name, partition key, sort key.
const WRITE_TABLES: &[(&str, &str, Option<&str>)] =
    &[("Orders", "pk", Some("sk")), ("Docs", "h", None), ("Tiny", "id", None)];

/// A statement's text and parameters, and the equivalent requests'
/// placeholders, written side by side.
struct Writer<'c, 'd> {
    c: &'c mut Choices<'d>,
    params: Vec<Value>,
    names: Map<String, Value>,
    values: Map<String, Value>,
}

/// A value as a PartiQL literal, when it has one (binary has none).
fn literal_text(value: &Value) -> Option<String> {
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
    fn value(&mut self, value: &Value) -> (String, String) {
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
    fn request_value(&mut self, value: Value) -> String {
        let placeholder = format!(":v{}", self.values.len());
        self.values.insert(placeholder.clone(), value);
        placeholder
    }

    /// An attribute name on both sides: bare or quoted, and `#n`.
    fn name(&mut self, name: &str) -> (String, String) {
        let text = if self.c.one_in(3) { format!("\"{name}\"") } else { name.to_string() };
        let existing = self.names.iter().find(|(_, v)| v.as_str() == Some(name)).map(|(k, _)| k.clone());
        let placeholder = existing.unwrap_or_else(|| {
            let placeholder = format!("#n{}", self.names.len());
            self.names.insert(placeholder.clone(), Value::from(name));
            placeholder
        });
        (text, placeholder)
    }

    fn path(&mut self, path: &[El]) -> (String, String) {
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

    fn string(&mut self) -> Value {
        json!({"S": self.c.pick_str(STRINGS)})
    }

    fn number(&mut self) -> Value {
        json!({"N": self.c.pick_str(NUMBERS)})
    }

    /// A value of `kind`, or now and then of another type.
    fn value_of(&mut self, kind: Kind) -> Value {
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

    fn any_value(&mut self) -> Value {
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
    fn condition(&mut self, excluded: &[&str], depth: usize) -> (String, String) {
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
    fn attach(&self, request: &mut Value) {
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
fn placeholders_in(text: &str, out: &mut Vec<String>) {
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
fn key_value(c: &mut Choices, table: &str, attribute: &str) -> Value {
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

/// A statement, its parameters, and what it stands for.
struct Statement {
    text: String,
    params: Vec<Value>,
    equivalent: Equivalent,
}

enum Equivalent {
    /// The reads a SELECT is, in order.
    Reads(Vec<(&'static str, Value)>),
    /// The write an INSERT, UPDATE or DELETE is, and whether it is an
    /// INSERT (whose DuplicateItemException is the PutItem's
    /// ConditionalCheckFailedException).
    Write(&'static str, Value, bool),
    /// A transaction's condition check (EXISTS): changes nothing.
    Check,
    /// None to compare with: a statement with a replaced token.
    Nothing,
}

/// `WHERE` key equalities, in either order, on both sides.
fn key_terms(w: &mut Writer, key: &[(&'static str, Value)]) -> (Vec<String>, Map<String, Value>) {
    let mut order: Vec<usize> = (0..key.len()).collect();
    if w.c.one_in(3) {
        order.reverse();
    }
    let (mut terms, mut map) = (Vec::new(), Map::new());
    for i in order {
        let Some((name, value)) = key.get(i) else { continue };
        let (n, _) = w.name(name);
        let (v, _) = w.value(value);
        terms.push(if w.c.one_in(4) { format!("{v} = {n}") } else { format!("{n} = {v}") });
        map.insert((*name).to_string(), value.clone());
    }
    (terms, map)
}

/// The full key of a write table.
fn full_key(
    c: &mut Choices,
    table: &'static str,
    pk: &'static str,
    sk: Option<&'static str>,
) -> Vec<(&'static str, Value)> {
    let mut key = vec![(pk, key_value(c, table, pk))];
    if let Some(sk) = sk {
        key.push((sk, key_value(c, table, sk)));
    }
    key
}

fn select_by_key(c: &mut Choices) -> Statement {
    let mut w = Writer { c, params: Vec::new(), names: Map::new(), values: Map::new() };
    let (table, pk, sk) = w.c.pick(WRITE_TABLES).unwrap_or(("Orders", "pk", Some("sk")));
    let key = full_key(w.c, table, pk, sk);
    let (terms, map) = key_terms(&mut w, &key);
    let text = format!("SELECT * FROM \"{table}\" WHERE {}", terms.join(" AND "));
    let request = json!({"TableName": table, "Key": map});
    Statement { text, params: w.params, equivalent: Equivalent::Reads(vec![("GetItem", request)]) }
}

/// A SELECT with a partition-key condition (± a sort-key range, ± a
/// filter): one Query, or one read per value of `pk IN [...]`.
fn select_query(c: &mut Choices) -> Statement {
    let (table, index, pk, sk) = c.pick(QUERY_SOURCES).unwrap_or(("Orders", None, "pk", Some(("sk", Kind::N))));
    let mut w = Writer { c, params: Vec::new(), names: Map::new(), values: Map::new() };
    let source = match index {
        Some(index) => format!("\"{table}\".\"{index}\""),
        None => format!("\"{table}\""),
    };
    let split = w.c.one_in(4);
    // Distinct values: the planner refuses overlapping key conditions.
    let mut partitions: Vec<Value> = Vec::new();
    for _ in 0..if split { 2 + w.c.below(2) } else { 1 } {
        let value = json!({"S": w.c.pick_str(partition_values(pk))});
        if !partitions.contains(&value) {
            partitions.push(value);
        }
    }
    let (pk_text, pk_name) = w.name(pk);
    let mut terms = Vec::new();
    let mut pk_values = Vec::new();
    let mut texts = Vec::new();
    for v in &partitions {
        let (t, e) = w.value(v);
        texts.push(t);
        pk_values.push(e);
    }
    if split {
        terms.push(format!("{pk_text} IN [{}]", texts.join(", ")));
    } else {
        terms.push(format!("{pk_text} = {}", texts.join("")));
    }
    // The sort-key condition, as a KeyConditionExpression can hold it
    // (`=` on the table's own sort key would make it a GetItem).
    let mut sort: Option<String> = None;
    let mut order_by = String::new();
    let mut forward = true;
    if let Some((sk, kind)) = sk {
        let (sk_text, sk_name) = w.name(sk);
        let ops: &[&str] = if index.is_some() { &["=", "<", "<=", ">", ">="] } else { &["<", "<=", ">", ">="] };
        match w.c.below(5) {
            0 | 1 => {}
            2 => {
                let op = w.c.pick_str(ops);
                let v = w.value_of(kind);
                let (t, e) = w.value(&v);
                terms.push(format!("{sk_text} {op} {t}"));
                sort = Some(format!("{sk_name} {op} {e}"));
            }
            3 => {
                let (lo, hi) = (w.value_of(kind), w.value_of(kind));
                let (lt, le) = w.value(&lo);
                let (ht, he) = w.value(&hi);
                terms.push(format!("{sk_text} BETWEEN {lt} AND {ht}"));
                sort = Some(format!("{sk_name} BETWEEN {le} AND {he}"));
            }
            _ => {
                let prefix = json!({"S": w.c.pick_str(PREFIXES)});
                let (t, e) = w.value(&prefix);
                terms.push(format!("begins_with({sk_text}, {t})"));
                sort = Some(format!("begins_with({sk_name}, {e})"));
            }
        }
        // ORDER BY must name the partition key too when the SELECT is
        // split ("Must have hash key in ORDER BY clause …").
        if !split && w.c.one_in(3) {
            forward = w.c.one_in(2);
            order_by = format!(" ORDER BY {sk_text} {}", if forward { "ASC" } else { "DESC" });
        }
    }
    // A filter on what is not a key of the source.
    let mut excluded = vec![pk];
    excluded.extend(sk.map(|(name, _)| name));
    let filter = w.c.one_in(3).then(|| w.condition(&excluded, 0));
    if let Some((t, _)) = &filter {
        terms.push(format!("({t})"));
    }
    let text = format!("SELECT * FROM {source} WHERE {}{order_by}", terms.join(" AND "));
    // The requests: the names and values the key condition and filter use,
    // one Query per partition value.
    let mut reads = Vec::new();
    for placeholder in &pk_values {
        let mut condition = format!("{pk_name} = {placeholder}");
        if let Some(sort) = &sort {
            condition = format!("{condition} AND {sort}");
        }
        let mut request = json!({"TableName": table, "KeyConditionExpression": condition});
        if let Some(index) = index {
            request["IndexName"] = Value::from(index);
        }
        if let Some((_, e)) = &filter {
            request["FilterExpression"] = Value::from(e.clone());
        }
        if !forward {
            request["ScanIndexForward"] = Value::Bool(false);
        }
        reads.push(request);
    }
    let reads = reads
        .into_iter()
        .map(|mut request| {
            w.attach(&mut request);
            ("Query", request)
        })
        .collect();
    Statement { text, params: w.params, equivalent: Equivalent::Reads(reads) }
}

/// A SELECT without a key condition: a Scan, filtered or not.
fn select_scan(c: &mut Choices) -> Statement {
    let (table, index, pk, _) = c.pick(SCAN_SOURCES).unwrap_or(("Orders", None, "pk", None));
    let mut w = Writer { c, params: Vec::new(), names: Map::new(), values: Map::new() };
    let source = match index {
        Some(index) => format!("\"{table}\".\"{index}\""),
        None => format!("\"{table}\""),
    };
    let mut request = json!({"TableName": table});
    if let Some(index) = index {
        request["IndexName"] = Value::from(index);
    }
    let text = if w.c.one_in(4) {
        format!("SELECT * FROM {source}")
    } else {
        let (t, e) = w.condition(&[pk], 0);
        request["FilterExpression"] = Value::from(e);
        w.attach(&mut request);
        format!("SELECT * FROM {source} WHERE {t}")
    };
    Statement { text, params: w.params, equivalent: Equivalent::Reads(vec![("Scan", request)]) }
}

/// Attributes an INSERT may add besides the key, with their kind.
const ITEM_ATTRIBUTES: &[(&str, Kind)] = &[
    ("a", Kind::S),
    ("n", Kind::N),
    ("l", Kind::Any),
    ("m", Kind::Any),
    ("ss", Kind::Any),
    ("gpk", Kind::S),
    ("gsk", Kind::N),
    ("lsk", Kind::S),
    ("exp", Kind::N),
    ("g", Kind::S),
];

fn insert(c: &mut Choices) -> Statement {
    let mut w = Writer { c, params: Vec::new(), names: Map::new(), values: Map::new() };
    let (table, pk, sk) = w.c.pick(WRITE_TABLES).unwrap_or(("Orders", "pk", Some("sk")));
    let mut attributes = full_key(w.c, table, pk, sk);
    for _ in 0..w.c.below(4) {
        let (name, kind) = w.c.pick(ITEM_ATTRIBUTES).unwrap_or(("a", Kind::S));
        if attributes.iter().all(|(n, _)| *n != name) {
            let value = w.value_of(kind);
            attributes.push((name, value));
        }
    }
    let mut parts = Vec::new();
    let mut item = Map::new();
    for (name, value) in &attributes {
        let (t, _) = w.value(value);
        parts.push(format!("'{name}': {t}"));
        item.insert((*name).to_string(), value.clone());
    }
    let text = format!("INSERT INTO \"{table}\" VALUE {{{}}}", parts.join(", "));
    let (_, pk_name) = w.name(pk);
    let mut request =
        json!({"TableName": table, "Item": item, "ConditionExpression": format!("attribute_not_exists({pk_name})")});
    w.attach(&mut request);
    Statement { text, params: w.params, equivalent: Equivalent::Write("PutItem", request, true) }
}

/// The paths an UPDATE sets or removes, with the kind they hold.
const UPDATE_PATHS: &[(&[El], Kind)] = &[
    (&[Name("a")], Kind::S),
    (&[Name("n")], Kind::N),
    (&[Name("m"), Name("x")], Kind::N),
    (&[Name("m"), Name("w")], Kind::S),
    (&[Name("l"), Index(0)], Kind::N),
    (&[Name("l"), Index(5)], Kind::N),
    (&[Name("zz")], Kind::Any),
    (&[Name("gsk")], Kind::N),
    (&[Name("lsk")], Kind::S),
    (&[Name("gpk")], Kind::S),
    (&[Name("sk")], Kind::N),
];

fn update(c: &mut Choices, returning: bool) -> Statement {
    let mut w = Writer { c, params: Vec::new(), names: Map::new(), values: Map::new() };
    let (table, pk, sk) = w.c.pick(WRITE_TABLES).unwrap_or(("Orders", "pk", Some("sk")));
    let key = full_key(w.c, table, pk, sk);
    let (mut clauses, mut sets, mut removes, mut adds, mut deletes) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..1 + w.c.below(3) {
        match w.c.below(7) {
            0 => {
                let (path, _) = w.c.pick(UPDATE_PATHS).unwrap_or((&[Name("a")], Kind::S));
                let (t, e) = w.path(path);
                clauses.push(format!("REMOVE {t}"));
                removes.push(e);
            }
            1 => {
                let (t, e) = w.path(&[Name("n")]);
                let (t2, e2) = w.path(&[Name("n")]);
                let v = w.number();
                let (vt, ve) = w.value(&v);
                let op = w.c.pick_str(&["+", "-"]);
                clauses.push(format!("SET {t} = {t2} {op} {vt}"));
                sets.push(format!("{e} = {e2} {op} {ve}"));
            }
            2 => {
                let (t, e) = w.path(&[Name("l")]);
                let (t2, e2) = w.path(&[Name("l")]);
                let v = json!({"L": [w.number()]});
                let (vt, ve) = w.value(&v);
                clauses.push(format!("SET {t} = list_append({t2}, {vt})"));
                sets.push(format!("{e} = list_append({e2}, {ve})"));
            }
            3 => {
                let function = w.c.pick_str(&["set_add", "set_delete"]);
                let (t, e) = w.path(&[Name("ss")]);
                let (t2, _) = w.path(&[Name("ss")]);
                let v = json!({"SS": [w.c.pick_str(&["p", "z", "q"])]});
                let (vt, ve) = w.value(&v);
                clauses.push(format!("SET {t} = {function}({t2}, {vt})"));
                if function == "set_add" {
                    adds.push(format!("{e} {ve}"));
                } else {
                    deletes.push(format!("{e} {ve}"));
                }
            }
            _ => {
                let (path, kind) = w.c.pick(UPDATE_PATHS).unwrap_or((&[Name("a")], Kind::S));
                let (t, e) = w.path(path);
                let v = w.value_of(kind);
                let (vt, ve) = w.value(&v);
                clauses.push(format!("SET {t} = {vt}"));
                sets.push(format!("{e} = {ve}"));
            }
        }
    }
    let (mut terms, map) = key_terms(&mut w, &key);
    let (_, pk_name) = w.name(pk);
    let mut condition = format!("attribute_exists({pk_name})");
    if w.c.one_in(3) {
        let mut excluded = vec![pk];
        excluded.extend(sk);
        let (t, e) = w.condition(&excluded, 0);
        terms.push(format!("({t})"));
        condition = format!("{condition} AND ({e})");
    }
    let mut text = format!("UPDATE \"{table}\" {} WHERE {}", clauses.join(" "), terms.join(" AND "));
    let mut expression = Vec::new();
    for (keyword, list) in [("SET", &sets), ("REMOVE", &removes), ("ADD", &adds), ("DELETE", &deletes)] {
        if !list.is_empty() {
            expression.push(format!("{keyword} {}", list.join(", ")));
        }
    }
    let mut request = json!({"TableName": table, "Key": map, "UpdateExpression": expression.join(" "),
        "ConditionExpression": condition});
    if returning && w.c.one_in(2) {
        let (words, values) =
            w.c.pick(&[
                ("ALL OLD", "ALL_OLD"),
                ("ALL NEW", "ALL_NEW"),
                ("MODIFIED OLD", "UPDATED_OLD"),
                ("MODIFIED NEW", "UPDATED_NEW"),
            ])
            .unwrap_or(("ALL OLD", "ALL_OLD"));
        text.push_str(&format!(" RETURNING {words} *"));
        request["ReturnValues"] = Value::from(values);
    }
    w.attach(&mut request);
    Statement { text, params: w.params, equivalent: Equivalent::Write("UpdateItem", request, false) }
}

fn delete(c: &mut Choices, returning: bool) -> Statement {
    let mut w = Writer { c, params: Vec::new(), names: Map::new(), values: Map::new() };
    let (table, pk, sk) = w.c.pick(WRITE_TABLES).unwrap_or(("Orders", "pk", Some("sk")));
    let key = full_key(w.c, table, pk, sk);
    let (mut terms, map) = key_terms(&mut w, &key);
    let mut request = json!({"TableName": table, "Key": map});
    if w.c.one_in(2) {
        let mut excluded = vec![pk];
        excluded.extend(sk);
        let (t, e) = w.condition(&excluded, 0);
        terms.push(format!("({t})"));
        let (_, pk_name) = w.name(pk);
        request["ConditionExpression"] = Value::from(format!("attribute_not_exists({pk_name}) OR ({e})"));
    }
    let mut text = format!("DELETE FROM \"{table}\" WHERE {}", terms.join(" AND "));
    if returning && w.c.one_in(2) {
        text.push_str(" RETURNING ALL OLD *");
        request["ReturnValues"] = Value::from("ALL_OLD");
    }
    w.attach(&mut request);
    Statement { text, params: w.params, equivalent: Equivalent::Write("DeleteItem", request, false) }
}

/// `EXISTS(SELECT … WHERE key [AND c])`: a transaction's condition check.
fn exists(c: &mut Choices) -> Statement {
    let mut w = Writer { c, params: Vec::new(), names: Map::new(), values: Map::new() };
    let (table, pk, sk) = w.c.pick(WRITE_TABLES).unwrap_or(("Orders", "pk", Some("sk")));
    let key = full_key(w.c, table, pk, sk);
    let (mut terms, _) = key_terms(&mut w, &key);
    if w.c.one_in(2) {
        let (t, _) = w.condition(&[pk], 0);
        terms.push(format!("({t})"));
    }
    let text = format!("EXISTS(SELECT * FROM \"{table}\" WHERE {})", terms.join(" AND "));
    Statement { text, params: w.params, equivalent: Equivalent::Check }
}

/// Tokens a replaced token may become.
const TOKENS: &[&str] = &[
    "SELECT",
    "*",
    "FROM",
    "WHERE",
    "AND",
    "OR",
    "NOT",
    "=",
    "<",
    ">=",
    "IN",
    "BETWEEN",
    "?",
    "'x'",
    "1",
    "-1.5e3",
    "\"Orders\"",
    "\"Orders\".\"ByG\"",
    "\"Tiny\"",
    "[",
    "]",
    "{",
    "}",
    "<<",
    ">>",
    "(",
    ")",
    "RETURNING",
    "ALL",
    "OLD",
    "NEW",
    "MISSING",
    "IS",
    "NULL",
    "EXISTS",
    "SET",
    "REMOVE",
    ",",
    ".",
    "''",
    "-",
    "+",
    "pk",
    "sk",
    "m.x",
    "l[0]",
    "ORDER",
    "BY",
    "DESC",
    "VALUE",
    "INTO",
    "size(m)",
    "begins_with",
    ";",
    "\"",
    "'",
    "[99999999999999999999]",
];

/// One token of the statement replaced, dropped or doubled, or the
/// parameters changed: a near miss of a valid statement.
fn mutate(c: &mut Choices, statement: &mut Statement) {
    let mut tokens: Vec<String> = statement.text.split(' ').map(str::to_string).collect();
    let at = c.below(tokens.len());
    match c.below(6) {
        0 if tokens.len() > 1 => {
            tokens.remove(at.min(tokens.len().saturating_sub(1)));
        }
        1 => {
            let copy = tokens.get(at).cloned().unwrap_or_default();
            tokens.insert(at, copy);
        }
        2 => {
            if c.one_in(2) {
                statement.params.push(json!({"S": "extra"}));
            } else {
                statement.params.pop();
            }
        }
        3 => {
            let text = c.text(12);
            if let Some(token) = tokens.get_mut(at) {
                *token = text;
            }
        }
        _ => {
            let replacement = c.pick_str(TOKENS).to_string();
            if let Some(token) = tokens.get_mut(at) {
                *token = replacement;
            }
        }
    }
    statement.text = tokens.join(" ");
    statement.equivalent = Equivalent::Nothing;
}

/// A statement of any kind, for ExecuteStatement.
fn statement(c: &mut Choices) -> Statement {
    let mut statement = match c.below(6) {
        0 => select_by_key(c),
        1 => select_query(c),
        2 => select_scan(c),
        3 => insert(c),
        4 => update(c, true),
        _ => delete(c, true),
    };
    if c.one_in(8) {
        mutate(c, &mut statement);
    }
    statement
}

/// A statement of a batch or transaction: all reads by key, or all
/// writes (and condition checks), as they must be; RETURNING now and
/// then (they refuse it).
fn member_statement(c: &mut Choices, reads: bool, transaction: bool) -> Statement {
    let returning = c.one_in(8);
    let mut statement = match (reads, c.below(4)) {
        (true, _) => select_by_key(c),
        (false, 0) if transaction => exists(c),
        (false, 0 | 1) => insert(c),
        (false, 2) => update(c, returning),
        (false, _) => delete(c, returning),
    };
    if c.one_in(10) {
        mutate(c, &mut statement);
    }
    statement
}

fn statement_json(statement: &Statement) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("Statement".into(), Value::from(statement.text.clone()));
    if !statement.params.is_empty() {
        map.insert("Parameters".into(), Value::Array(statement.params.clone()));
    }
    map
}

fn items_of(response: &Value, member: &str) -> Vec<Value> {
    match response.get(member) {
        Some(Value::Array(list)) => list.clone(),
        Some(Value::Object(item)) => vec![Value::Object(item.clone())],
        _ => Vec::new(),
    }
}

fn capacity_units(response: &Value) -> f64 {
    response.pointer("/ConsumedCapacity/CapacityUnits").and_then(Value::as_f64).unwrap_or(0.0)
}

/// A SELECT against its reads, page by page for a single read.
fn compare_reads(engine: &mut Engine, c: &mut Choices, statement: &Statement, reads: &[(&'static str, Value)]) {
    let mut twin = engine.clone();
    let mut request = statement_json(statement);
    let capacity = c.pick_str(&["TOTAL", "INDEXES", "NONE"]);
    request.insert("ReturnConsumedCapacity".into(), Value::from(capacity));
    let consistent = c.one_in(4);
    if consistent {
        request.insert("ConsistentRead".into(), Value::Bool(true));
    }
    let single = reads.len() == 1;
    let limit = (single && c.one_in(3)).then(|| 1 + c.below(4));
    if let Some(limit) = limit {
        request.insert("Limit".into(), Value::from(limit));
    }
    let mut request = Value::Object(request);
    let mut start: Option<Value> = None;
    for page in 0..16 {
        let result = run(engine, c, "ExecuteStatement", &request);
        // The equivalent reads, in order, on the twin.
        let (mut items, mut units, mut last, mut consumed, mut error) = (Vec::new(), 0.0, None, None, None);
        for (operation, read) in reads {
            let mut read = read.clone();
            read["ReturnConsumedCapacity"] = Value::from(capacity);
            if consistent {
                read["ConsistentRead"] = Value::Bool(true);
            }
            if let (Some(limit), true) = (limit, *operation != "GetItem") {
                read["Limit"] = Value::from(limit);
            }
            if let Some(start) = &start {
                read["ExclusiveStartKey"] = start.clone();
            }
            match twin.execute(operation, &read) {
                Ok(response) => {
                    items.extend(items_of(&response, if *operation == "GetItem" { "Item" } else { "Items" }));
                    units += capacity_units(&response);
                    last = response.get("LastEvaluatedKey").cloned();
                    consumed = response.get("ConsumedCapacity").cloned();
                }
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        let context = || format!("{request}\nequivalent: {reads:?}\npage {page}");
        let response = match (&result, error) {
            (Ok(response), None) => response,
            // Ours: a Query reads what an index projects, but PartiQL
            // refuses a filter on what the index does not project.
            (Err(ApiError::Validation(message)), None)
                if message.contains("does not project one or more filter attributes") =>
            {
                return;
            }
            (Err(a), Some(b)) => {
                assert_eq!(a.name(), b.name(), "{}\nstatement: {a}\nequivalent: {b}", context());
                return;
            }
            (a, b) => panic!("{}\nstatement: {a:?}\nequivalent: {b:?}", context()),
        };
        assert_eq!(items_of(response, "Items"), items, "items of {}", context());
        if single {
            assert_eq!(response.get("ConsumedCapacity"), consumed.as_ref(), "capacity of {}", context());
        } else {
            assert!((capacity_units(response) - units).abs() < 1e-9, "capacity of {}: {response}", context());
        }
        if !single {
            return;
        }
        match (response.get("NextToken"), last) {
            (None, None) => return,
            (Some(token), Some(key)) => {
                request["NextToken"] = token.clone();
                start = Some(key);
            }
            (token, key) => panic!("NextToken {token:?} but LastEvaluatedKey {key:?}: {}", context()),
        }
    }
}

/// A write statement against its equivalent write on a twin engine: the
/// same outcome, the same RETURNING items, the same engine after.
fn compare_write(
    engine: &mut Engine,
    c: &mut Choices,
    statement: &Statement,
    operation: &str,
    equivalent: &Value,
    insert: bool,
) {
    let mut twin = engine.clone();
    let mut request = statement_json(statement);
    let capacity = c.pick_str(&["TOTAL", "INDEXES", "NONE"]);
    request.insert("ReturnConsumedCapacity".into(), Value::from(capacity));
    let mut equivalent = equivalent.clone();
    equivalent["ReturnConsumedCapacity"] = Value::from(capacity);
    if c.one_in(4) {
        request.insert("ReturnValuesOnConditionCheckFailure".into(), Value::from("ALL_OLD"));
        equivalent["ReturnValuesOnConditionCheckFailure"] = Value::from("ALL_OLD");
    }
    let request = Value::Object(request);
    let result = run(engine, c, "ExecuteStatement", &request);
    let other = twin.execute(operation, &equivalent);
    let context = || format!("{request}\nequivalent {operation}: {equivalent}");
    match (&result, &other) {
        (Ok(a), Ok(b)) => {
            assert_eq!(items_of(a, "Items"), items_of(b, "Attributes"), "RETURNING of {}", context());
            assert_eq!(a.get("ConsumedCapacity"), b.get("ConsumedCapacity"), "capacity of {}", context());
        }
        (Err(ApiError::DuplicateItem(_)), Err(ApiError::ConditionalCheckFailed { .. })) if insert => {}
        (Err(a), Err(b)) => assert_eq!(a.name(), b.name(), "{}\nstatement: {a}\nequivalent: {b}", context()),
        (a, b) => panic!("{}\nstatement: {a:?}\nequivalent: {b:?}", context()),
    }
    engine.advance_clock(0);
    twin.advance_clock(0);
    assert_eq!(engine.snapshot(), twin.snapshot(), "engine after {}", context());
}

/// A batch or a transaction: generic checks; a failed request or
/// transaction changes nothing; one that succeeded leaves the engine as
/// its statements' equivalents, run in order, leave a twin.
fn compare_many(engine: &mut Engine, c: &mut Choices, transaction: bool) {
    let count = 1 + c.below(4);
    let reads = c.one_in(3);
    let statements: Vec<Statement> = (0..count).map(|_| member_statement(c, reads, transaction)).collect();
    let list: Vec<Value> = statements.iter().map(|s| Value::Object(statement_json(s))).collect();
    let (operation, request) = if transaction {
        ("ExecuteTransaction", json!({"TransactStatements": list, "ReturnConsumedCapacity": "TOTAL"}))
    } else {
        ("BatchExecuteStatement", json!({"Statements": list, "ReturnConsumedCapacity": "TOTAL"}))
    };
    engine.advance_clock(0);
    let mut twin = engine.clone();
    let before = engine.snapshot();
    let result = run(engine, c, operation, &request);
    engine.advance_clock(0);
    let Ok(response) = result else {
        assert_eq!(engine.snapshot(), before, "a failed {operation} changed the engine: {request}");
        return;
    };
    // What each statement answered in a batch (an error leaves its item
    // unchanged, as its equivalent's error would).
    let answers = response.get("Responses").and_then(Value::as_array).cloned().unwrap_or_default();
    twin.settings_mut().enforce_throughput = false;
    for (i, statement) in statements.iter().enumerate() {
        let failed = answers.get(i).is_some_and(|a| a.get("Error").is_some());
        match &statement.equivalent {
            Equivalent::Write(operation, equivalent, _) if !failed => {
                let mut equivalent = equivalent.clone();
                if let Some(map) = equivalent.as_object_mut() {
                    map.remove("ReturnValues");
                }
                let result = twin.execute(operation, &equivalent);
                assert!(
                    result.is_ok() || !transaction,
                    "a statement of a successful transaction fails alone: {request}\n{operation} {equivalent}: {result:?}"
                );
            }
            // A changed statement that succeeded: no equivalent to replay.
            Equivalent::Nothing if !failed => return,
            _ => {}
        }
    }
    twin.settings_mut().enforce_throughput = engine.settings().enforce_throughput;
    twin.advance_clock(0);
    assert_eq!(engine.snapshot(), twin.snapshot(), "engine after {operation} {request}");
}

/// Sequences of PartiQL statements, each compared with its equivalent
/// request (see the module documentation), with clock moves in between.
pub fn partiql_structured(data: &[u8]) {
    let mut c = Choices::new(data);
    let mut engine = fixture::engine();
    if c.one_in(3) {
        engine.settings_mut().enforce_throughput = false;
    }
    if c.one_in(4) {
        engine.settings_mut().gsi_propagation_delay_millis = 0;
    }
    let steps = 1 + c.below(8);
    for _ in 0..steps {
        match c.below(12) {
            0 => engine.advance_clock(c.pick(CLOCK_STEPS).unwrap_or(0)),
            1 => compare_many(&mut engine, &mut c, false),
            2 => compare_many(&mut engine, &mut c, true),
            _ => {
                engine.advance_clock(0);
                let statement = statement(&mut c);
                match &statement.equivalent {
                    Equivalent::Reads(reads) => compare_reads(&mut engine, &mut c, &statement, reads),
                    Equivalent::Write(operation, equivalent, insert) => {
                        compare_write(&mut engine, &mut c, &statement, operation, equivalent, *insert)
                    }
                    Equivalent::Check | Equivalent::Nothing => {
                        let request = Value::Object(statement_json(&statement));
                        let _ = run(&mut engine, &mut c, "ExecuteStatement", &request);
                    }
                }
            }
        }
        if c.is_empty() {
            break;
        }
    }
    if data.iter().fold(0u8, |sum, b| sum.wrapping_add(*b)) % 3 == 0 {
        whole_engine(&mut engine);
    }
}
