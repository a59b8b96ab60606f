//! The planner: which operation a statement really is.
//!
//! This is the lesson PartiQL hides behind SQL syntax. The WHERE clause is
//! read against the key schema of the table (or of the index after
//! `FROM "Table"."Index"`), and that alone decides the access path:
//!
//! ```text
//!   WHERE fixes …                                  SELECT becomes
//!   ─────────────────────────────────────────────  ─────────────────────────
//!   partition key = v AND sort key = w (table)     GetItem
//!   partition key = v [AND sort-key range]         Query (KeyConditionExpression)
//!   partition key IN [v1, v2] / = v1 OR = v2       one Query (or GetItem) per value
//!   anything else, or no WHERE                     Scan of the whole table or index
//! ```
//!
//! On a GSI with a multi-attribute key (semantics F) the WHERE must fix
//! every HASH attribute with `=` for a Query; the key condition then takes
//! the RANGE attributes it fixes with `=`, in key-schema order, and a range
//! condition on the next one; the rest is the filter.
//!
//! A sort-key range is what a KeyConditionExpression can hold: `=`, `<`,
//! `<=`, `>`, `>=`, `BETWEEN`, `begins_with`; `sort key IN [...]` becomes
//! one read per value. The rest of the WHERE is a filter, applied to what
//! was read: it never changes what the read costs. A SELECT is never
//! refused for being a Scan (an IAM policy can refuse it on AWS; the
//! playground shows the cost instead).
//!
//! Writes name exactly one item. `UPDATE` and `DELETE` need an equality on
//! every key attribute ("Where clause does not contain a mandatory equality
//! on all key attributes"); what else the WHERE says becomes the
//! ConditionExpression of the equivalent UpdateItem or DeleteItem:
//!
//! ```text
//!   INSERT INTO T VALUE {…}          PutItem    + attribute_not_exists(pk)   (DuplicateItemException)
//!   UPDATE T SET … WHERE key AND c   UpdateItem + attribute_exists(pk) AND c (ConditionalCheckFailed)
//!   DELETE FROM T WHERE key AND c    DeleteItem + attribute_not_exists(pk) OR c
//!   EXISTS(SELECT … WHERE key AND c) ConditionCheck attribute_exists(pk) AND c (transactions)
//! ```
//!
//! (An UPDATE of a missing item fails, as the UPDATE reference says; a
//! DELETE of a missing item succeeds and deletes nothing, as the DELETE
//! reference says.) Since each statement runs as its equivalent request
//! through the engine, its consumed capacity is that request's, to the
//! half unit.

use std::ops::Range;

use serde_json::{json, Map, Value};

use super::ast::*;
use super::error::{at, INCOMPLETE_KEY};
use super::translate::{condition, item_literal, literal, set_action, update_expression, UpdatePart, Writer};
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::{Condition, Placeholders, Usage};
use crate::engine::operation::Operation;
use crate::engine::ordered::{self, Ordered};
use crate::engine::schema::{KeySchema, KeyValue};
use crate::engine::table::Table;
use crate::engine::value::AttributeValue;
use crate::engine::Engine;

/// Most reads one SELECT may be split into (DynamoDB: "Too many decomposed
/// read operations for a given query.", measured at 50).
pub const MAX_DECOMPOSED_READS: usize = 50;

/// The access path a statement became.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    GetItem,
    Query,
    Scan,
    PutItem,
    UpdateItem,
    DeleteItem,
    ConditionCheck,
}

impl Access {
    /// The DynamoDB operation it runs as; `None` for a condition check,
    /// which is an action of a transaction, not an operation.
    pub fn as_operation(self) -> Option<Operation> {
        match self {
            Access::GetItem => Some(Operation::GetItem),
            Access::Query => Some(Operation::Query),
            Access::Scan => Some(Operation::Scan),
            Access::PutItem => Some(Operation::PutItem),
            Access::UpdateItem => Some(Operation::UpdateItem),
            Access::DeleteItem => Some(Operation::DeleteItem),
            Access::ConditionCheck => None,
        }
    }

    /// The DynamoDB operation's name (`ConditionCheck` for a condition
    /// check, as a transaction's action is named).
    pub fn operation(self) -> &'static str {
        self.as_operation().map_or("ConditionCheck", Operation::name)
    }
}

/// One read of a SELECT.
#[derive(Clone, Debug)]
pub struct Branch {
    pub access: Access,
    /// The request that runs (keys only: filter and projection are applied
    /// by the statement, so a key attribute may be filtered on).
    pub request: Value,
    /// The equivalent request as a student would write it, with its
    /// FilterExpression and ProjectionExpression.
    pub display: Value,
}

/// A SELECT's reads and what is done with what they read.
#[derive(Clone, Debug)]
pub struct ReadPlan {
    pub branches: Vec<Branch>,
    /// The rest of the WHERE, evaluated on every item read.
    pub filter: Option<Condition>,
    /// `None` for `SELECT *`.
    pub projection: Option<Vec<Path>>,
}

/// The one request a write statement becomes.
#[derive(Clone, Debug)]
pub struct WritePlan {
    pub access: Access,
    pub request: Value,
    pub returning: Option<Returning>,
}

/// What a statement is, ready to run.
#[derive(Clone, Debug)]
pub struct Plan {
    pub verb: &'static str,
    pub table: String,
    pub index: Option<String>,
    pub body: PlanBody,
    /// The item the statement names, as `(table, key JSON)`, when it names
    /// exactly one (batches and transactions refuse two on one item).
    pub item: Option<(String, String)>,
}

#[derive(Clone, Debug)]
pub enum PlanBody {
    Read(ReadPlan),
    Write(WritePlan),
}

impl Plan {
    /// The access path, e.g. `Query` (the first branch's for a SELECT).
    pub fn access(&self) -> Access {
        match &self.body {
            PlanBody::Read(read) => read.branches.first().map_or(Access::Scan, |b| b.access),
            PlanBody::Write(write) => write.access,
        }
    }

    /// How many reads a SELECT is split into (1 for a write).
    pub fn reads(&self) -> usize {
        match &self.body {
            PlanBody::Read(read) => read.branches.len(),
            PlanBody::Write(_) => 1,
        }
    }

    /// The equivalent requests, in order: `(operation, request)`.
    pub fn equivalent(&self) -> Vec<(&'static str, &Value)> {
        match &self.body {
            PlanBody::Read(read) => read.branches.iter().map(|b| (b.access.operation(), &b.display)).collect(),
            PlanBody::Write(write) => vec![(write.access.operation(), &write.request)],
        }
    }

    /// A SELECT that reads exactly one item by its full primary key, with
    /// nothing else in its WHERE: the only SELECT a batch or a transaction
    /// takes.
    pub fn is_single_get(&self) -> bool {
        match &self.body {
            PlanBody::Read(read) => {
                read.filter.is_none()
                    && matches!(read.branches.as_slice(), [branch] if branch.access == Access::GetItem)
            }
            PlanBody::Write(_) => false,
        }
    }
}

/// Where statements are run from: some rules differ inside a batch or a
/// transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    Statement,
    Batch,
    Transaction,
}

/// Plans a parsed statement against the engine's tables.
pub fn plan(engine: &Engine, statement: &Statement, params: &[Value], consistent: bool) -> Result<Plan> {
    let source = statement.source();
    let table = engine.tables.get(&source.table).ok_or_else(ApiError::resource_not_found)?;
    match statement {
        Statement::Select(select) => plan_select(table, select, params, consistent),
        Statement::Insert(insert) => plan_insert(table, insert, params),
        Statement::Update(update) => plan_update(table, update, params),
        Statement::Delete(delete) => plan_delete(table, delete, params),
        Statement::Exists(select) => plan_exists(table, select, params),
    }
}

/// A constant as an attribute value (checked as DynamoDB checks values).
fn attribute(value: &Value, span: &Range<usize>) -> Result<AttributeValue> {
    AttributeValue::from_wire(value).map_err(|e| at(e.message(), span.clone()))
}

/// The key value `value` gives key attribute `name`, or DynamoDB's error
/// for a value of another type.
fn key_value(schema: &KeySchema, name: &str, value: &Value, span: &Range<usize>) -> Result<KeyValue> {
    let attribute_type = schema
        .attributes()
        .find(|a| a.name == name)
        .map(|a| a.scalar_type)
        .ok_or_else(|| at("Unknown key", span.clone()))?;
    let value = attribute(value, span)?;
    if !matches!(value, AttributeValue::S(_) | AttributeValue::N(_) | AttributeValue::B(_)) {
        return Err(at(
            format!("Key value must be of type S, N, or B. Key name: {name}, Key type: {}", value.type_name()),
            span.clone(),
        ));
    }
    KeyValue::of(&value, attribute_type).ok_or_else(|| {
        at(format!("Key attribute's data type should match its data type in table's schema: Key {name}"), span.clone())
    })
}

/// `name = constant` (either way round): the constant.
fn equality<'a>(term: &'a Expr, name: &str) -> Option<&'a Expr> {
    let ExprKind::Binary(BinaryOp::Eq, left, right) = &term.kind else { return None };
    match (left.path().and_then(Path::bare), right.path().and_then(Path::bare)) {
        (Some(n), _) if n == name && right.is_constant() => Some(right),
        (_, Some(n)) if n == name && left.is_constant() => Some(left),
        _ => None,
    }
}

/// The values a term fixes `name` to: `name = v`, `name IN [v…]`, or
/// `name = v1 OR name = v2 …`.
fn fixed_values<'a>(term: &'a Expr, name: &str) -> Option<Vec<&'a Expr>> {
    if let Some(value) = equality(term, name) {
        return Some(vec![value]);
    }
    match &term.kind {
        ExprKind::In { value, list, negated: false }
            if value.path().and_then(Path::bare) == Some(name) && list.iter().all(Expr::is_constant) =>
        {
            Some(list.iter().collect())
        }
        ExprKind::Binary(BinaryOp::Or, _, _) => {
            let mut values = Vec::new();
            for disjunct in term.disjuncts() {
                values.extend(fixed_values(disjunct, name)?);
            }
            Some(values)
        }
        _ => None,
    }
}

/// A sort-key condition a KeyConditionExpression can hold.
enum SortCondition<'a> {
    /// `sk = v` for each value (several from `IN` or `OR`).
    Equal(Vec<&'a Expr>),
    /// `sk < v` etc., `BETWEEN`, `begins_with`: the comparator (as written
    /// with `sk` on the left) and its values.
    Range(&'static str, Vec<&'a Expr>),
}

fn sort_condition<'a>(term: &'a Expr, name: &str) -> Option<SortCondition<'a>> {
    if let Some(values) = fixed_values(term, name) {
        return Some(SortCondition::Equal(values));
    }
    let is_key = |e: &Expr| e.path().and_then(Path::bare) == Some(name);
    match &term.kind {
        ExprKind::Binary(op, left, right)
            if matches!(op, BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge) =>
        {
            let flip = |op: BinaryOp| match op {
                BinaryOp::Lt => ">",
                BinaryOp::Le => ">=",
                BinaryOp::Gt => "<",
                _ => "<=",
            };
            if is_key(left) && right.is_constant() {
                Some(SortCondition::Range(op.symbol(), vec![right]))
            } else if is_key(right) && left.is_constant() {
                Some(SortCondition::Range(flip(*op), vec![left]))
            } else {
                None
            }
        }
        ExprKind::Between { value, low, high, negated: false }
            if is_key(value) && low.is_constant() && high.is_constant() =>
        {
            Some(SortCondition::Range("BETWEEN", vec![low, high]))
        }
        ExprKind::Call { name: f, args } if f == "begins_with" => match args.as_slice() {
            [path, prefix] if is_key(path) && prefix.is_constant() => {
                Some(SortCondition::Range("begins_with", vec![prefix]))
            }
            _ => None,
        },
        _ => None,
    }
}

/// The attributes a SELECT names in its projection, as a ProjectionExpression.
fn projection_text(w: &mut Writer, paths: &[Path]) -> String {
    paths.iter().map(|p| w.path(p)).collect::<Vec<_>>().join(", ")
}

/// Text of the given terms joined by AND, or `None` when there are none.
fn conjunction(w: &mut Writer, terms: &[&Expr], params: &[Value]) -> Result<Option<String>> {
    let texts = terms.iter().map(|t| condition(w, t, params)).collect::<Result<Vec<_>>>()?;
    Ok(match texts.len() {
        0 => None,
        _ => Some(texts.join(" AND ")),
    })
}

/// Parses generated condition text with the engine's expression parser.
/// Its faults are in the generated text, so they lose their span.
fn parse_generated(text: &str, w: &Writer) -> Result<Condition> {
    let mut request = Map::new();
    w.attach(&mut request);
    let placeholders =
        Placeholders::from_request(request.get("ExpressionAttributeNames"), request.get("ExpressionAttributeValues"))?;
    Condition::parse(text, "FilterExpression", &placeholders, &mut Usage::new()).map_err(|e| match e {
        ApiError::InvalidExpression { message, .. } => ApiError::Validation(message),
        other => other,
    })
}

/// A key attribute's value in a WHERE clause: as a key, and in DynamoDB
/// JSON as the request carries it.
#[derive(Clone)]
struct KeyPart {
    key: KeyValue,
    wire: Value,
}

/// One read of a split SELECT: the partition key, and the sort key when
/// the WHERE fixes it too.
struct KeyedRead {
    partition: KeyPart,
    sort: Option<KeyPart>,
}

impl KeyedRead {
    fn sort_key(&self) -> Option<&KeyValue> {
        self.sort.as_ref().map(|s| &s.key)
    }
}

fn plan_select(table: &Table, select: &Select, params: &[Value], consistent: bool) -> Result<Plan> {
    let table_name = &table.definition.name;
    let (schema, index) = match &select.from.index {
        Some(name) => match table.live_index(name) {
            Some((index, _)) => (&index.key_schema, Some(index)),
            // A vector index is read only by SearchVectors (G.5).
            None if table.definition.vector_indexes.iter().any(|v| &v.name == name) => {
                return Err(ApiError::validation("Scan operation not supported on this index type"))
            }
            None => {
                return Err(at(
                    format!("The table does not have the specified index: {name}"),
                    select.from.span.clone(),
                ))
            }
        },
        None => (&table.definition.key_schema, None),
    };
    let pk = schema.partition_key.name.as_str();
    let sk = schema.sort_key.as_ref().map(|a| a.name.as_str());
    let terms: Vec<&Expr> = select.filter.as_ref().map(Expr::conjuncts).unwrap_or_default();
    let multi = if schema.is_multi_attribute() { multi_key_terms(schema, &terms) } else { None };

    // The partition key: the first term that fixes it.
    let pinned = match schema.is_multi_attribute() {
        true => None,
        false => terms.iter().enumerate().find_map(|(i, t)| fixed_values(t, pk).map(|v| (i, v))),
    };
    // The sort key: the first other term a key condition can hold.
    let sorted = match (&pinned, sk) {
        (Some((p, _)), Some(sk)) => {
            terms.iter().enumerate().filter(|(i, _)| i != p).find_map(|(i, t)| sort_condition(t, sk).map(|c| (i, c)))
        }
        _ => None,
    };
    let residual: Vec<&Expr> = terms
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != pinned.as_ref().map(|p| p.0) && Some(*i) != sorted.as_ref().map(|s| s.0))
        .filter(|(i, _)| !multi.as_ref().is_some_and(|m| m.terms.contains(i)))
        .map(|(_, t)| *t)
        .collect();

    let partition_values = match &multi {
        Some(_) => Some(1),
        None => pinned.as_ref().map(|p| p.1.len()),
    };
    check_order_by(select, schema, partition_values)?;
    let descending_sort = select
        .order_by
        .iter()
        .any(|(p, desc)| *desc && schema.sort_attributes().any(|a| p.bare() == Some(a.name.as_str())));
    let pk_order = select.order_by.iter().find(|(p, _)| p.bare() == Some(pk)).map(|(_, desc)| *desc);

    // What every branch shares: the filter and the projection.
    let mut shared = Writer::default();
    let filter_text = conjunction(&mut shared, &residual, params)?;
    let projection = match &select.projection {
        Projection::All => None,
        Projection::Paths(paths) => {
            check_duplicate_columns(paths)?;
            Some(paths.clone())
        }
    };
    let projection_expression = projection.as_deref().map(|p| projection_text(&mut shared, p));
    let filter = filter_text.as_deref().map(|text| parse_generated(text, &shared)).transpose()?;
    if let (Some(index), Some(_), Some(filter)) = (index, &pinned, &filter) {
        let unprojected: Vec<String> =
            filter.top_level_names().into_iter().filter(|n| !index.projects(n, &table.definition.key_schema)).collect();
        if !unprojected.is_empty() {
            return Err(ApiError::invalid_parameter(format!(
                "Secondary index {} does not project one or more filter attributes: [{}]",
                index.name,
                unprojected.join(", ")
            )));
        }
    }

    let mut base = Map::new();
    base.insert("TableName".into(), json!(table_name));
    if let Some(index) = &select.from.index {
        base.insert("IndexName".into(), json!(index));
    }
    // The request that runs has the key condition's placeholders only; the
    // one shown also carries the filter and projection, numbered after them.
    let finish = |build: &dyn Fn(&mut Writer) -> Result<Map<String, Value>>| -> Result<(Value, Value)> {
        let mut w = Writer::default();
        let mut run = build(&mut w)?;
        w.attach(&mut run);
        let mut all = shared.clone();
        let mut display = build(&mut all)?;
        if let Some(filter) = &filter_text {
            display.insert("FilterExpression".into(), json!(filter));
        }
        if let Some(projection) = &projection_expression {
            display.insert("ProjectionExpression".into(), json!(projection));
        }
        all.attach(&mut display);
        Ok((Value::Object(run), Value::Object(display)))
    };
    let consistency = |mut request: Map<String, Value>| {
        if consistent {
            request.insert("ConsistentRead".into(), json!(true));
        }
        request
    };

    if let Some(multi) = &multi {
        let ranged = multi.range.iter().flat_map(|(name, _, values)| values.iter().map(move |value| (*name, *value)));
        for (name, value) in multi.equal.iter().copied().chain(ranged) {
            key_value(schema, name, &literal(value, params)?, &value.span)?;
        }
        let build = |w: &mut Writer| -> Result<Map<String, Value>> {
            let mut request = base.clone();
            let mut clauses = Vec::new();
            for (name, value) in &multi.equal {
                clauses.push(format!("{} = {}", w.name(name), w.value(literal(value, params)?)));
            }
            if let Some((name, op, values)) = &multi.range {
                let name = w.name(name);
                let placeholders =
                    values.iter().map(|v| Ok(w.value(literal(v, params)?))).collect::<Result<Vec<_>>>()?;
                clauses.push(range_clause(&name, op, &placeholders)?);
            }
            request.insert("KeyConditionExpression".into(), json!(clauses.join(" AND ")));
            if descending_sort {
                request.insert("ScanIndexForward".into(), json!(false));
            }
            Ok(consistency(request))
        };
        let (request, display) = finish(&build)?;
        let read = ReadPlan { branches: vec![Branch { access: Access::Query, request, display }], filter, projection };
        return Ok(Plan {
            verb: "SELECT",
            table: table_name.clone(),
            index: select.from.index.clone(),
            body: PlanBody::Read(read),
            item: None,
        });
    }

    let Some((_, pk_values)) = pinned else {
        let (request, display) = finish(&|_| Ok(consistency(base.clone())))?;
        let read = ReadPlan { branches: vec![Branch { access: Access::Scan, request, display }], filter, projection };
        return Ok(Plan {
            verb: "SELECT",
            table: table_name.clone(),
            index: select.from.index.clone(),
            body: PlanBody::Read(read),
            item: None,
        });
    };

    // One branch per partition-key value, times one per sort-key value.
    let mut keyed: Vec<KeyedRead> = Vec::new();
    let sort_values: Vec<KeyPart> = match (&sorted, sk) {
        (Some((_, SortCondition::Equal(values))), Some(sk)) => values
            .iter()
            .map(|e| {
                let wire = literal(e, params)?;
                Ok(KeyPart { key: key_value(schema, sk, &wire, &e.span)?, wire })
            })
            .collect::<Result<_>>()?,
        _ => Vec::new(),
    };
    for e in &pk_values {
        let wire = literal(e, params)?;
        let partition = KeyPart { key: key_value(schema, pk, &wire, &e.span)?, wire };
        if sort_values.is_empty() {
            keyed.push(KeyedRead { partition, sort: None });
        } else {
            for sort in &sort_values {
                keyed.push(KeyedRead { partition: partition.clone(), sort: Some(sort.clone()) });
            }
        }
    }
    let span = select.filter.as_ref().map_or(select.from.span.clone(), |f| f.span.clone());
    if keyed.len() > MAX_DECOMPOSED_READS {
        return Err(at("Too many decomposed read operations for a given query.", span));
    }
    for (i, read) in keyed.iter().enumerate() {
        let overlapping = keyed.iter().take(i).any(|earlier| {
            earlier.partition.key == read.partition.key
                && (earlier.sort.is_none() || read.sort.is_none() || earlier.sort_key() == read.sort_key())
        });
        if overlapping {
            return Err(at("Overlapping conditions with range keys are not supported in where clause", span));
        }
    }
    if let Some(descending) = pk_order {
        ordered::sort_by(&mut keyed, |a, b| {
            if descending {
                b.partition.key.cmp(&a.partition.key)
            } else {
                a.partition.key.cmp(&b.partition.key)
            }
        });
    }
    if descending_sort {
        // A stable sort keeps the partition order and reverses the items.
        ordered::sort_by(&mut keyed, |a, b| match (&a.sort, &b.sort) {
            (Some(x), Some(y)) if a.partition.key == b.partition.key => y.key.cmp(&x.key),
            _ => std::cmp::Ordering::Equal,
        });
    }

    let range = match &sorted {
        Some((_, SortCondition::Range(op, values))) => Some((
            *op,
            values.iter().map(|e| literal(e, params).map(|w| (w, e.span.clone()))).collect::<Result<Vec<_>>>()?,
        )),
        _ => None,
    };
    if let (Some((_, values)), Some(sk)) = (&range, sk) {
        for (wire, span) in values {
            key_value(schema, sk, wire, span)?;
        }
    }

    let mut branches = Vec::new();
    for KeyedRead { partition, sort } in &keyed {
        let pk_wire = &partition.wire;
        let get = index.is_none() && (sk.is_none() || sort.is_some());
        let access = if get { Access::GetItem } else { Access::Query };
        let build = |w: &mut Writer| -> Result<Map<String, Value>> {
            let mut request = base.clone();
            if get {
                let mut key = Map::new();
                key.insert(pk.to_string(), pk_wire.clone());
                if let (Some(sk), Some(sort)) = (sk, sort) {
                    key.insert(sk.to_string(), sort.wire.clone());
                }
                request.insert("Key".into(), Value::Object(key));
                return Ok(consistency(request));
            }
            let mut text = format!("{} = {}", w.name(pk), w.value(pk_wire.clone()));
            match (sk, sort, &range) {
                (Some(sk), Some(sort), _) => {
                    text.push_str(&format!(" AND {} = {}", w.name(sk), w.value(sort.wire.clone())));
                }
                (Some(sk), None, Some((op, values))) => {
                    let name = w.name(sk);
                    let placeholders: Vec<String> = values.iter().map(|(v, _)| w.value(v.clone())).collect();
                    text.push_str(&format!(" AND {}", range_clause(&name, op, &placeholders)?));
                }
                _ => {}
            }
            request.insert("KeyConditionExpression".into(), json!(text));
            if descending_sort {
                request.insert("ScanIndexForward".into(), json!(false));
            }
            Ok(consistency(request))
        };
        let (request, display) = finish(&build)?;
        branches.push(Branch { access, request, display });
    }
    let item = match branches.as_slice() {
        [branch] if branch.access == Access::GetItem => {
            branch.request.get("Key").map(|key| (table_name.clone(), key.to_string()))
        }
        _ => None,
    };
    Ok(Plan {
        verb: "SELECT",
        table: table_name.clone(),
        index: select.from.index.clone(),
        body: PlanBody::Read(ReadPlan { branches, filter, projection }),
        item,
    })
}

/// A sort-key range condition as a KeyConditionExpression writes it.
fn range_clause(name: &str, op: &str, placeholders: &[String]) -> Result<String> {
    Ok(match (op, placeholders) {
        ("BETWEEN", [low, high]) => format!("{name} BETWEEN {low} AND {high}"),
        ("begins_with", [prefix]) => format!("begins_with({name}, {prefix})"),
        (op, [value]) => format!("{name} {op} {value}"),
        _ => return Err(ApiError::InternalServer("a sort-key condition lost its values".into())),
    })
}

/// The key condition a WHERE gives a multi-attribute key (semantics F).
struct MultiKeyTerms<'a> {
    /// The WHERE's conjuncts the key condition takes.
    terms: Vec<usize>,
    /// `name = value` for every HASH attribute, then for the leading RANGE
    /// attributes the WHERE fixes.
    equal: Vec<(&'a str, &'a Expr)>,
    /// A range condition on the next RANGE attribute: name, comparator, values.
    range: Option<(&'a str, &'static str, Vec<&'a Expr>)>,
}

/// The key condition of a SELECT on a multi-attribute key: an equality on
/// every HASH attribute (otherwise `None`: the SELECT is a Scan), then
/// equalities on the RANGE attributes in key-schema order as far as the
/// WHERE fixes them, and a range condition on the next one if it has one.
fn multi_key_terms<'a>(schema: &'a KeySchema, terms: &[&'a Expr]) -> Option<MultiKeyTerms<'a>> {
    let mut key = MultiKeyTerms { terms: Vec::new(), equal: Vec::new(), range: None };
    let find_equality = |key: &mut MultiKeyTerms<'a>, name: &'a str| {
        let found = terms
            .iter()
            .enumerate()
            .filter(|(i, _)| !key.terms.contains(i))
            .find_map(|(i, t)| equality(t, name).map(|value| (i, value)));
        if let Some((i, value)) = found {
            key.terms.push(i);
            key.equal.push((name, value));
        }
        found.is_some()
    };
    for attribute in schema.partition_attributes() {
        if !find_equality(&mut key, &attribute.name) {
            return None;
        }
    }
    for attribute in schema.sort_attributes() {
        if find_equality(&mut key, &attribute.name) {
            continue;
        }
        let range = terms.iter().enumerate().filter(|(i, _)| !key.terms.contains(i)).find_map(|(i, t)| {
            match sort_condition(t, &attribute.name) {
                Some(SortCondition::Range(op, values)) => Some((i, op, values)),
                _ => None,
            }
        });
        if let Some((i, op, values)) = range {
            key.terms.push(i);
            key.range = Some((attribute.name.as_str(), op, values));
        }
        break;
    }
    Some(key)
}

/// Two projected paths returned under one name: "Duplicate identifiers in
/// select clause".
fn check_duplicate_columns(paths: &[Path]) -> Result<()> {
    for (i, path) in paths.iter().enumerate() {
        if paths.iter().take(i).any(|p| p.column() == path.column()) {
            return Err(at(format!("Duplicate identifiers in select clause: {}", path.column()), path.span.clone()));
        }
    }
    Ok(())
}

/// DynamoDB's rules for ORDER BY: it orders by key attributes only, and
/// only a read that fixes the partition key.
fn check_order_by(select: &Select, schema: &KeySchema, partition_values: Option<usize>) -> Result<()> {
    let Some((first, _)) = select.order_by.first() else { return Ok(()) };
    if select.filter.is_none() {
        return Err(at("Must have WHERE clause in the statement when using ORDER BY clause.", first.span.clone()));
    }
    for (path, _) in &select.order_by {
        if !path.bare().is_some_and(|n| schema.is_key_attribute(n)) {
            let name = path.elements.first().map(|_| path.column()).unwrap_or_default();
            return Err(at(
                format!("Variable reference {name} in ORDER BY clause must be part of the primary key"),
                path.span.clone(),
            ));
        }
    }
    match partition_values {
        None => Err(at(
            "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.",
            first.span.clone(),
        )),
        Some(n) if n > 1 && !select.order_by.iter().any(|(p, _)| p.bare() == Some(&schema.partition_key.name)) => {
            Err(at(
                "Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE clause.",
                first.span.clone(),
            ))
        }
        _ => Ok(()),
    }
}

/// The key a write's WHERE names, as a `Key` map, and the terms left over.
fn write_key<'a>(
    table: &Table,
    filter: Option<&'a Expr>,
    params: &[Value],
    statement_span: Range<usize>,
    missing: &str,
) -> Result<(Map<String, Value>, Vec<&'a Expr>)> {
    let Some(filter) = filter else { return Err(at(missing, statement_span)) };
    let schema = &table.definition.key_schema;
    let mut key = Map::new();
    let mut rest = Vec::new();
    for term in filter.conjuncts() {
        let named = schema.attributes().find_map(|a| equality(term, &a.name).map(|v| (a.name.as_str(), v)));
        match named {
            Some((name, value)) => {
                let wire = literal(value, params)?;
                match key.get(name) {
                    Some(existing) if attribute(existing, &value.span)? != attribute(&wire, &value.span)? => {
                        return Err(at(
                            format!(
                                "Multiple conditions on same key {name}. Only single item Update/Insert/Delete are supported"
                            ),
                            term.span.clone(),
                        ))
                    }
                    Some(_) => {}
                    None => {
                        key.insert(name.to_string(), wire);
                    }
                }
            }
            None => rest.push(term),
        }
    }
    if schema.attributes().any(|a| !key.contains_key(&a.name)) {
        return Err(at(missing, filter.span.clone()));
    }
    Ok((key, rest))
}

fn write_plan(
    table: &Table,
    verb: &'static str,
    access: Access,
    request: Map<String, Value>,
    returning: Option<Returning>,
) -> Plan {
    let item = request.get("Key").map(|key| (table.definition.name.clone(), key.to_string()));
    Plan {
        verb,
        table: table.definition.name.clone(),
        index: None,
        body: PlanBody::Write(WritePlan { access, request: Value::Object(request), returning }),
        item,
    }
}

/// `text` in parentheses, unless one pair already encloses all of it: the
/// translation of `a OR b` is `(a OR b)` already, and the expression
/// parser refuses `((a OR b))` ("The expression has redundant
/// parentheses;"), an error the statement's author never wrote. The text
/// is generated, with every name and value a placeholder, so no
/// parenthesis sits inside a string.
pub(super) fn grouped(text: &str) -> String {
    let mut depth: usize = 0;
    let mut encloses = text.starts_with('(');
    for (i, ch) in text.char_indices() {
        match ch {
            '(' => depth = depth.saturating_add(1),
            ')' => {
                depth = depth.saturating_sub(1);
                // The first parenthesis closes before the end: `(a) AND (b)`.
                if depth == 0 && i + 1 < text.len() {
                    encloses = false;
                }
            }
            _ => {}
        }
    }
    if encloses {
        text.to_string()
    } else {
        format!("({text})")
    }
}

fn plan_insert(table: &Table, insert: &Insert, params: &[Value]) -> Result<Plan> {
    let item = item_literal(&insert.item, params)?;
    let mut w = Writer::default();
    let pk = w.name(&table.definition.key_schema.partition_key.name);
    let mut request = Map::new();
    request.insert("TableName".into(), json!(table.definition.name));
    request.insert("Item".into(), item.clone());
    request.insert("ConditionExpression".into(), json!(format!("attribute_not_exists({pk})")));
    w.attach(&mut request);
    let mut plan = write_plan(table, "INSERT", Access::PutItem, request, None);
    let schema = &table.definition.key_schema;
    let key: Option<Vec<(String, Value)>> =
        schema.attributes().map(|a| item.get(&a.name).map(|v| (a.name.clone(), v.clone()))).collect();
    let key = key.map(|pairs| pairs.into_iter().json_object());
    plan.item = key.map(|k| (table.definition.name.clone(), Value::Object(k).to_string()));
    Ok(plan)
}

fn plan_update(table: &Table, update: &Update, params: &[Value]) -> Result<Plan> {
    let (key, rest) = write_key(table, update.filter.as_ref(), params, update.table.span.clone(), INCOMPLETE_KEY)?;
    let mut w = Writer::default();
    let mut parts = Vec::new();
    for action in &update.actions {
        parts.push(match action {
            Action::Set(path, value) => set_action(&mut w, path, value, params)?,
            Action::Remove(path) => UpdatePart::Remove(w.path(path)),
        });
    }
    let pk = w.name(&table.definition.key_schema.partition_key.name);
    let mut condition_text = format!("attribute_exists({pk})");
    if let Some(rest) = conjunction(&mut w, &rest, params)? {
        condition_text = format!("{condition_text} AND {}", grouped(&rest));
    }
    let mut request = Map::new();
    request.insert("TableName".into(), json!(table.definition.name));
    request.insert("Key".into(), Value::Object(key));
    request.insert("UpdateExpression".into(), json!(update_expression(&parts)));
    request.insert("ConditionExpression".into(), json!(condition_text));
    if let Some((returning, _)) = update.returning {
        request.insert("ReturnValues".into(), json!(returning.return_values()));
    }
    w.attach(&mut request);
    Ok(write_plan(table, "UPDATE", Access::UpdateItem, request, update.returning.as_ref().map(|r| r.0)))
}

fn plan_delete(table: &Table, delete: &Delete, params: &[Value]) -> Result<Plan> {
    if let Some((returning, span)) = &delete.returning {
        if *returning != Returning::AllOld {
            return Err(at(
                format!(
                    "Invalid returning clause: RETURNING {}. Only RETURNING ALL OLD * is allowed in DELETE statements.",
                    returning.text()
                ),
                span.clone(),
            ));
        }
    }
    let (key, rest) = write_key(table, delete.filter.as_ref(), params, delete.table.span.clone(), INCOMPLETE_KEY)?;
    let mut w = Writer::default();
    let mut request = Map::new();
    request.insert("TableName".into(), json!(table.definition.name));
    request.insert("Key".into(), Value::Object(key));
    if let Some(rest) = conjunction(&mut w, &rest, params)? {
        let pk = w.name(&table.definition.key_schema.partition_key.name);
        request
            .insert("ConditionExpression".into(), json!(format!("attribute_not_exists({pk}) OR {}", grouped(&rest))));
    }
    if delete.returning.is_some() {
        request.insert("ReturnValues".into(), json!("ALL_OLD"));
    }
    w.attach(&mut request);
    Ok(write_plan(table, "DELETE", Access::DeleteItem, request, delete.returning.as_ref().map(|r| r.0)))
}

fn plan_exists(table: &Table, select: &Select, params: &[Value]) -> Result<Plan> {
    if select.from.index.is_some() {
        return Err(at("Operations on indices are not supported in transactions", select.from.span.clone()));
    }
    let (key, rest) = write_key(
        table,
        select.filter.as_ref(),
        params,
        select.from.span.clone(),
        "EXISTS() must contain a single item read with additional condition",
    )?;
    let mut w = Writer::default();
    let pk = w.name(&table.definition.key_schema.partition_key.name);
    let mut condition_text = format!("attribute_exists({pk})");
    if let Some(rest) = conjunction(&mut w, &rest, params)? {
        condition_text = format!("{condition_text} AND {}", grouped(&rest));
    }
    let mut request = Map::new();
    request.insert("TableName".into(), json!(table.definition.name));
    request.insert("Key".into(), Value::Object(key));
    request.insert("ConditionExpression".into(), json!(condition_text));
    w.attach(&mut request);
    Ok(write_plan(table, "EXISTS", Access::ConditionCheck, request, None))
}
