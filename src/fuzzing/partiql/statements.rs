//! The statements: each kind written in PartiQL and as the request it
//! stands for, and the one-token mutations that reach the planner's errors.

use serde_json::{json, Map, Value};

use crate::fuzzing::bytes::Choices;

use super::writer::El::{Index, Name};
use super::writer::*;

/// A statement, its parameters, and what it stands for.
pub(super) struct Statement {
    pub(super) text: String,
    pub(super) params: Vec<Value>,
    pub(super) equivalent: Equivalent,
}

pub(super) enum Equivalent {
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
pub(super) fn key_terms(w: &mut Writer, key: &[(&'static str, Value)]) -> (Vec<String>, Map<String, Value>) {
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
pub(super) fn full_key(
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

pub(super) fn select_by_key(c: &mut Choices) -> Statement {
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
pub(super) fn select_query(c: &mut Choices) -> Statement {
    let Source { table, index, pk, sk } =
        c.pick(QUERY_SOURCES).unwrap_or(source("Orders", None, "pk", Some(("sk", Kind::N))));
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
pub(super) fn select_scan(c: &mut Choices) -> Statement {
    let Source { table, index, pk, .. } = c.pick(SCAN_SOURCES).unwrap_or(source("Orders", None, "pk", None));
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
pub(super) const ITEM_ATTRIBUTES: &[(&str, Kind)] = &[
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

pub(super) fn insert(c: &mut Choices) -> Statement {
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
pub(super) const UPDATE_PATHS: &[(&[El], Kind)] = &[
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

pub(super) fn update(c: &mut Choices, returning: bool) -> Statement {
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

pub(super) fn delete(c: &mut Choices, returning: bool) -> Statement {
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
pub(super) fn exists(c: &mut Choices) -> Statement {
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
pub(super) const TOKENS: &[&str] = &[
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
pub(super) fn mutate(c: &mut Choices, statement: &mut Statement) {
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
pub(super) fn statement(c: &mut Choices) -> Statement {
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
pub(super) fn member_statement(c: &mut Choices, reads: bool, transaction: bool) -> Statement {
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
