//! Multi-item reads: Query and Scan.
//!
//! Both read a **page**: items in order until `Limit` items were evaluated
//! or 1 MB was read, whichever comes first (semantics A.2). The filter runs
//! on what was read — it decides what is *returned*, never what is *paid
//! for*:
//!
//! ```text
//!  read (pay for these)        ┌──────────── 1 MB or Limit ────────────┐
//!  items in key order   ──▶    │ i1  i2  i3  i4  i5  i6  …   iN        │ ──▶ LastEvaluatedKey = key(iN)
//!  filter               ──▶    │ ✓   ✗   ✓   ✗   ✗   ✓       ✓         │
//!  returned (Count)     ──▶      i1      i3          i6       iN
//! ```
//!
//! Cost: the sizes of all items read are summed and rounded up to 4 KB
//! **once** per page, halved when eventually consistent; a page that reads
//! nothing still costs the minimum block. (DynamoDB charges that minimum per
//! partition touched; we keep one per page, whatever the partitions:
//! `docs/engine.md`, "Choices".) A Query page is paid by the partition of
//! its key; a Scan page is spread over the partitions (`sim::Engine::admit`).
//!
//! A Query reads one item collection, in sort-key order (reversed with
//! `ScanIndexForward: false`). A Scan walks the whole keyspace in hash order;
//! a parallel scan's segment `s` of `T` reads only the keyspace buckets
//! `[ceil(4096·s/T), ceil(4096·(s+1)/T) − 1]` (semantics E).
//!
//! **Reading an index** (`IndexName`, semantics A.2): the key condition is
//! read against the index's key schema, the read walks the index's entries
//! (its own keyspace for a GSI), sizes and pays by the *entries* read, on the
//! index's arm, and `LastEvaluatedKey` carries the index keys and the table
//! keys (entries under one index key are told apart by the table key). What
//! comes back is, by default, what the index projects
//! (`ALL_PROJECTED_ATTRIBUTES`). A GSI is eventually consistent only and
//! cannot fetch what it does not project; a local secondary index can: when a
//! read on an LSI wants attributes the index does not hold (`ALL_ATTRIBUTES`,
//! or a projection or filter naming them), each entry's base item is fetched
//! from the table and paid for on its own, rounded up to 4 KB, on the table:
//!
//! ```text
//!   4 entries of 200 B in the LSI   →  ceil(800 / 4096) = 1 block       (LSI arm)
//!   4 items of 300 B fetched        →  4 × ceil(300 / 4096) = 4 blocks  (Table arm)
//! ```

use std::borrow::Cow;
use std::ops::Bound;

use serde_json::{Map, Value};

use crate::engine::answer::Answer;
use crate::engine::api::expressions::ExpressionParser;
use crate::engine::api::read::{Query, Read, Scan, Select};
use crate::engine::capacity::{Charge, Consistency, ConsumedCapacity, Scope};
use crate::engine::dry_run::Trace;
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::{legacy, Condition, Projection};
use crate::engine::footprint::{Kept, Stop, StopReason};
use crate::engine::index::{IndexDefinition, IndexKind, IndexStatus, IndexStore, ProjectionType};
use crate::engine::ordered::Ordered;
use crate::engine::schema::{KeyCondition, KeySchema, KeyValue, PrimaryKey, SortKeyCondition};
use crate::engine::storage::{keyspace_bucket, keyspace_hash, ItemRef, Storage};
use crate::engine::table::Table;
use crate::engine::value::wire::item_to_wire;
use crate::engine::value::Item;
use crate::engine::Engine;

/// Most bytes one Query or Scan page reads: 1 MB.
pub const PAGE_BYTES: usize = 1024 * 1024;

/// The filter and projection of a read, parsed.
struct Shape {
    filter: Option<Condition>,
    projection: Option<Projection>,
}

/// The table a read names, or DynamoDB's not-found error.
fn find_table<'a>(engine: &'a Engine, read: &Read) -> Result<&'a Table> {
    engine.tables.get(&read.table_name).ok_or_else(ApiError::resource_not_found)
}

/// What a read reads: a table, or one of its secondary indexes.
struct Target<'a> {
    table: &'a Table,
    index: Option<(&'a IndexDefinition, &'a IndexStore)>,
}

impl<'a> Target<'a> {
    /// The key schema a key condition and the 1 MB walk follow.
    fn schema(&self) -> &'a KeySchema {
        match self.index {
            Some((index, _)) => &index.key_schema,
            None => &self.table.definition.key_schema,
        }
    }

    /// The attributes of a `LastEvaluatedKey`: the table keys, then the
    /// index keys the table keys do not already name.
    fn start_key_names(&self) -> Vec<&'a str> {
        let table_schema = &self.table.definition.key_schema;
        let mut names: Vec<&str> = table_schema.attributes().map(|a| a.name.as_str()).collect();
        if let Some((index, _)) = self.index {
            for attribute in index.key_schema.attributes() {
                if !names.contains(&attribute.name.as_str()) {
                    names.push(&attribute.name);
                }
            }
        }
        names
    }

    /// The key attributes of an item or entry, for `LastEvaluatedKey`.
    fn key_of(&self, item: &Item) -> Item {
        self.start_key_names().into_iter().filter_map(|n| item.get(n).map(|v| (n.to_string(), v.clone()))).ordered_map()
    }

    /// The `Scope` an index read is charged on.
    fn scope(&self) -> Scope {
        match self.index {
            Some((index, _)) => {
                Scope::Index { name: index.name.clone(), global: index.kind == IndexKind::Global, action: None }
            }
            None => Scope::Table,
        }
    }
}

/// The index a read names: DynamoDB's errors for an unknown index, a GSI
/// still backfilling, and a strongly consistent read of a GSI.
fn resolve_target<'a>(table: &'a Table, read: &Read, operation: &str) -> Result<Target<'a>> {
    let Some(name) = &read.index_name else { return Ok(Target { table, index: None }) };
    if table.definition.vector_indexes.iter().any(|v| &v.name == name) {
        // A vector index is read only by SearchVectors (G.5); a consistent
        // read is refused first, as for a GSI.
        if read.consistency == Consistency::Strong {
            return Err(ApiError::validation("Consistent reads are not supported on global secondary indexes"));
        }
        let stop = if operation == "Query" { "." } else { "" };
        return Err(ApiError::validation(format!("{operation} operation not supported on this index type{stop}")));
    }
    let Some((index, store)) = table.live_index(name) else {
        return Err(ApiError::validation(format!("The table does not have the specified index: {name}")));
    };
    if index.kind == IndexKind::Global {
        if index.status == IndexStatus::Creating {
            return Err(ApiError::validation(format!("Cannot read from backfilling global secondary index: {name}")));
        }
        if read.consistency == Consistency::Strong {
            return Err(ApiError::validation("Consistent reads are not supported on global secondary indexes"));
        }
    }
    Ok(Target { table, index: Some((index, store)) })
}

/// `Select: ALL_ATTRIBUTES` needs the whole item: a GSI that does not
/// project everything cannot give it (dynalite's check, after the others).
fn check_select(target: &Target, read: &Read) -> Result<()> {
    if let Some((index, _)) = target.index {
        let partial = index.projection.projection_type != ProjectionType::All;
        if index.kind == IndexKind::Global && partial && read.select == Select::AllAttributes {
            return Err(ApiError::invalid_parameter(format!(
                "Select type ALL_ATTRIBUTES is not supported for global secondary index {} because its projection type is not ALL",
                index.name
            )));
        }
    }
    Ok(())
}

/// Whether a read of an LSI must fetch base items: it wants every attribute
/// of a partial index, or names (in its projection or filter) an attribute
/// the index does not project.
fn must_fetch(target: &Target, read: &Read, shape: &Shape) -> bool {
    let Some((index, _)) = target.index else { return false };
    if index.kind != IndexKind::Local || index.projection.projection_type == ProjectionType::All {
        return false;
    }
    let table_schema = &target.table.definition.key_schema;
    let unprojected =
        |names: std::collections::BTreeSet<String>| names.iter().any(|n| !index.projects(n, table_schema));
    read.select == Select::AllAttributes
        || shape.projection.as_ref().is_some_and(|p| unprojected(p.top_level_names()))
        || shape.filter.as_ref().is_some_and(|f| unprojected(f.top_level_names()))
}

/// "Key attributes must be scalars": a projection, filter or update may not
/// reach into a key attribute with `.` or `[]` (dynalite's validateKeyPaths).
pub(crate) fn check_key_paths(schema: &KeySchema, nested_top_names: impl IntoIterator<Item = String>) -> Result<()> {
    match nested_top_names.into_iter().find(|name| schema.is_key_attribute(name)) {
        Some(name) => Err(ApiError::validation(format!(
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: {name}"
        ))),
        None => Ok(()),
    }
}

/// [`check_key_paths`] for a table and its indexes: an index key is as
/// scalar as a table key ("…: IndexKey: name", dynalite).
pub(crate) fn check_table_key_paths(table: &Table, nested_top_names: impl IntoIterator<Item = String>) -> Result<()> {
    let names: Vec<String> = nested_top_names.into_iter().collect();
    check_key_paths(&table.definition.key_schema, names.iter().cloned())?;
    for index in table.definition.indexes.iter().filter(|i| i.is_live()) {
        if let Some(name) = names.iter().find(|n| index.key_schema.is_key_attribute(n)) {
            return Err(ApiError::validation(format!(
                "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: {name}"
            )));
        }
    }
    Ok(())
}

/// Top-level names a projection reaches into with `.` or `[]`.
pub(crate) fn nested_projection_names(projection: &Option<Projection>) -> Vec<String> {
    projection
        .iter()
        .flat_map(|p| p.paths())
        .filter(|path| path.is_nested())
        .filter_map(|path| path.top_name().map(str::to_string))
        .collect()
}

/// The sort-key range a key condition reads, before the start key narrows it.
fn sort_bounds(condition: &Option<SortKeyCondition>) -> (Bound<Option<KeyValue>>, Bound<Option<KeyValue>>) {
    let inc = |v: &KeyValue| Bound::Included(Some(v.clone()));
    let exc = |v: &KeyValue| Bound::Excluded(Some(v.clone()));
    match condition {
        None => (Bound::Unbounded, Bound::Unbounded),
        Some(SortKeyCondition::Eq(v)) => (inc(v), inc(v)),
        Some(SortKeyCondition::Lt(v)) => (Bound::Unbounded, exc(v)),
        Some(SortKeyCondition::Le(v)) => (Bound::Unbounded, inc(v)),
        Some(SortKeyCondition::Gt(v)) => (exc(v), Bound::Unbounded),
        Some(SortKeyCondition::Ge(v)) => (inc(v), Bound::Unbounded),
        Some(SortKeyCondition::Between(low, high)) => (inc(low), inc(high)),
        // Every key with the prefix sorts at or after the prefix itself.
        Some(SortKeyCondition::BeginsWith(prefix)) => (inc(prefix), Bound::Unbounded),
        // Every multi-attribute key with these leading values sorts at or
        // after the tuple of them; the read skips to the first match.
        Some(SortKeyCondition::Prefix { equal, .. }) => (inc(&KeyValue::Multi(equal.clone())), Bound::Unbounded),
    }
}

/// A row's item: a table item, still packed, or an index entry.
#[derive(Clone, Copy)]
enum RowItem<'a> {
    Packed(ItemRef<'a>),
    Entry(&'a Item),
}

impl<'a> Row<'a> {
    /// The table key of the item, or of the item an index entry stands for
    /// (a footprint names both by it).
    fn table_key_owned(&self) -> Option<PrimaryKey> {
        match (self.item, self.table_key) {
            (RowItem::Packed(found), _) => {
                Some(PrimaryKey { partition: found.partition.clone(), sort: found.sort.clone() })
            }
            (RowItem::Entry(_), key) => key.cloned(),
        }
    }
}

impl<'a> RowItem<'a> {
    /// The item, unpacked if it is a table item.
    fn get(&self) -> Cow<'a, Item> {
        match self {
            Self::Packed(found) => Cow::Owned(found.item()),
            Self::Entry(item) => Cow::Borrowed(item),
        }
    }
}

/// One item or index entry a read walks over.
#[derive(Clone, Copy)]
struct Row<'a> {
    hash: &'a [u8; 16],
    sort: &'a Option<KeyValue>,
    item: RowItem<'a>,
    size: usize,
    /// For an index entry, the base item's key (an LSI read may fetch it).
    table_key: Option<&'a PrimaryKey>,
}

/// One page of a read, and what it read.
struct Page {
    items: Vec<Item>,
    count: usize,
    scanned: usize,
    /// Bytes of the items or entries read.
    bytes: usize,
    /// Sizes of the base items fetched for an LSI read.
    fetched: Vec<usize>,
    last_evaluated: Option<Item>,
    /// What the page read, item by item, when its footprint is recorded.
    trace: PageTrace,
}

/// A page's footprint (see `footprint`): filled only during a dry run.
#[derive(Default)]
struct PageTrace {
    /// Each item or entry read, by table key.
    items: Vec<(PrimaryKey, Kept)>,
    /// The base items an LSI read fetched, by table key.
    fetched: Vec<(PrimaryKey, Kept)>,
    stop: Option<Stop>,
}

impl PageTrace {
    /// Records the page into the dry run's trace, if there is one: the
    /// table or index read, and the table for fetched base items.
    fn record(self, trace: Option<&mut Trace>, read: &Read, forward: bool) {
        let Some(Trace { footprint, .. }) = trace else { return };
        let table = &read.table_name;
        footprint.record(table, read.index_name.as_deref(), forward, self.items, self.stop);
        if !self.fetched.is_empty() {
            footprint.record(table, None, forward, self.fetched, None);
        }
    }
}

/// Reads rows in order until `Limit` were evaluated or 1 MB was read.
/// With `fetch`, each entry's base item is fetched and the filter and
/// projection apply to it. With `trace`, the page keeps its footprint.
fn read_page<'a>(
    rows: impl Iterator<Item = Row<'a>>,
    read: &Read,
    shape: &Shape,
    target: &Target,
    fetch: Option<&'a Storage>,
    trace: bool,
) -> Page {
    let mut page = Page {
        items: Vec::new(),
        count: 0,
        scanned: 0,
        bytes: 0,
        fetched: Vec::new(),
        last_evaluated: None,
        trace: PageTrace::default(),
    };
    let mut rows = rows.peekable();
    while let Some(row) = rows.next() {
        page.scanned += 1;
        page.bytes += row.size;
        let fetched = match (fetch, row.table_key) {
            (Some(storage), Some(key)) => storage.get(key),
            _ => None,
        };
        if let Some(base) = &fetched {
            page.fetched.push(crate::engine::value::size::item_size(base));
        }
        let was_fetched = fetched.is_some();
        let item = fetched.map_or_else(|| row.item.get(), Cow::Owned);
        let matched = shape.filter.as_ref().is_none_or(|f| f.evaluate(Some(&item)));
        if trace {
            let kept = match (matched, read.select) {
                (false, _) => Kept::FilteredOut,
                (true, Select::Count) => Kept::Counted,
                (true, _) => Kept::Returned,
            };
            if let Some(key) = row.table_key_owned() {
                if was_fetched {
                    page.trace.fetched.push((key.clone(), kept));
                }
                page.trace.items.push((key, kept));
            }
        }
        if matched {
            page.count += 1;
            if read.select != Select::Count {
                page.items.push(match &shape.projection {
                    Some(projection) => projection.apply(&item),
                    None => item.into_owned(),
                });
            }
        }
        // Stopping at Limit always reports where, even if nothing follows;
        // stopping at 1 MB only when something does (semantics A.2).
        let at_limit = read.limit.is_some_and(|limit| page.scanned >= limit);
        let full = page.bytes >= PAGE_BYTES && rows.peek().is_some();
        if at_limit || full {
            page.last_evaluated = Some(target.key_of(&row.item.get()));
            if trace {
                let reason = match read.limit {
                    Some(limit) if at_limit => StopReason::Limit(limit),
                    _ => StopReason::PageSize,
                };
                page.trace.stop = row.table_key_owned().map(|at| Stop { reason, at });
            }
            break;
        }
    }
    page
}

/// The response body of a page, and the page's charges: one rounding for
/// what was read (on the table or the index), one per fetched base item.
fn page_response(page: &Page, read: &Read, target: &Target) -> (Value, Vec<Charge>) {
    let mut body = Map::new();
    if read.select != Select::Count {
        body.insert("Items".into(), page.items.iter().map(item_to_wire).collect::<Vec<_>>().into());
    }
    body.insert("Count".into(), page.count.into());
    body.insert("ScannedCount".into(), page.scanned.into());
    if let Some(key) = &page.last_evaluated {
        body.insert("LastEvaluatedKey".into(), item_to_wire(key));
    }
    let mut charges =
        vec![Charge::read(&read.table_name, page.scanned, page.bytes, read.consistency).on(target.scope())];
    if let Some((index, _)) = target.index {
        for size in &page.fetched {
            let fetch = Scope::Fetch { index: index.name.clone() };
            charges.push(Charge::read(&read.table_name, 1, *size, read.consistency).on(fetch));
        }
    }
    if let Some(consumed) =
        ConsumedCapacity::from_charges(&read.table_name, &charges).to_wire(read.return_consumed_capacity)
    {
        body.insert("ConsumedCapacity".into(), consumed);
    }
    (Value::Object(body), charges)
}

/// "… can only contain non-primary key attributes" (Query only); `what` is
/// "Filter Expression" or "QueryFilter"; `schema` is the one queried.
fn check_filter_on_keys(schema: &KeySchema, filter: &Option<Condition>, what: &str) -> Result<()> {
    if let Some(filter) = filter {
        if let Some(name) = filter.top_level_names().into_iter().find(|n| schema.is_key_attribute(n)) {
            return Err(ApiError::validation(format!(
                "{what} can only contain non-primary key attributes: Primary key attribute: {name}"
            )));
        }
    }
    Ok(())
}

/// Where a read resumes: the key in the queried schema and, on an index,
/// the base item's key.
struct Start {
    key: PrimaryKey,
    table_key: Option<PrimaryKey>,
}

/// An index read's `ExclusiveStartKey`: exactly the table keys and the
/// index keys (dynalite `actions/query.js`: the count, then each index key's
/// presence and type, then the table keys).
fn index_start_key(target: &Target, index: &IndexDefinition, key: &Item) -> Result<Start> {
    let invalid = || ApiError::validation("The provided starting key is invalid");
    if key.len() != target.start_key_names().len() {
        return Err(invalid());
    }
    let pick = |schema: &KeySchema| -> Item {
        schema.attributes().filter_map(|a| key.get(&a.name).map(|v| (a.name.clone(), v.clone()))).ordered_map()
    };
    if index.key_schema.attributes().any(|a| !key.contains_key(&a.name)) {
        return Err(invalid());
    }
    let index_key = index.key_schema.key_of_key_map(&pick(&index.key_schema))?;
    let table_key = target
        .table
        .definition
        .key_schema
        .key_of_key_map(&pick(&target.table.definition.key_schema))
        .map_err(|e| ApiError::validation(format!("The provided starting key is invalid: {}", e.message())))?;
    Ok(Start { key: index_key, table_key: Some(table_key) })
}

/// Where a Query resumes, after DynamoDB's checks of its `ExclusiveStartKey`
/// in DynamoDB's order (dynalite `actions/query.js`): the key's shape, its
/// types, then the range predicate, then the partition.
fn query_start(read: &Read, target: &Target, condition: &KeyCondition) -> Result<Option<Start>> {
    let Some(key) = &read.exclusive_start_key else { return Ok(None) };
    let start = match target.index {
        Some((index, _)) => index_start_key(target, index, key)?,
        None => {
            let schema = target.schema();
            if key.len() != schema.attributes().count() || schema.attributes().any(|a| !key.contains_key(&a.name)) {
                return Err(ApiError::validation("The provided starting key is invalid"));
            }
            Start { key: schema.key_of_key_map(key)?, table_key: None }
        }
    };
    match (&condition.sort, &start.key.sort) {
        (Some(sort_condition), Some(sort)) => {
            if !sort_condition.matches(sort) {
                return Err(ApiError::validation("The provided starting key does not match the range key predicate"));
            }
            if start.key.partition != condition.partition {
                return Err(ApiError::validation("The query can return at most one row and cannot be restarted"));
            }
        }
        _ if start.key.partition != condition.partition => {
            return Err(ApiError::validation(
                "The provided starting key is outside query boundaries based on provided conditions",
            ));
        }
        _ => {}
    }
    Ok(Some(start))
}

/// A Scan's `ExclusiveStartKey`.
fn scan_start(read: &Read, target: &Target) -> Result<Option<Start>> {
    let Some(key) = &read.exclusive_start_key else { return Ok(None) };
    let invalid = |e: ApiError| ApiError::validation(format!("The provided starting key is invalid: {}", e.message()));
    match target.index {
        None => Ok(Some(Start { key: target.schema().key_of_key_map(key).map_err(invalid)?, table_key: None })),
        Some((index, _)) => {
            let mismatch = || invalid(ApiError::validation("The provided key element does not match the schema"));
            if key.len() != target.start_key_names().len() {
                return Err(mismatch());
            }
            let pick = |schema: &KeySchema| -> Item {
                schema.attributes().filter_map(|a| key.get(&a.name).map(|v| (a.name.clone(), v.clone()))).ordered_map()
            };
            let table_schema = &target.table.definition.key_schema;
            let table_key = table_schema.key_of_key_map(&pick(table_schema)).map_err(invalid)?;
            let index_key = index.key_schema.key_of_key_map(&pick(&index.key_schema)).map_err(invalid)?;
            Ok(Some(Start { key: index_key, table_key: Some(table_key) }))
        }
    }
}

impl Engine {
    pub(crate) fn query(&mut self, mut request: Query, trace: Option<&mut Trace>) -> Result<Answer> {
        let legacy_filter = request.read.legacy_filter.take();
        let legacy_projection = request.read.legacy_projection.take();
        let read = &request.read;
        let Ok(table) = find_table(self, read) else {
            // DynamoDB validates every expression before it looks for the
            // table; without a schema the key condition is read by the
            // general condition grammar (as dynalite does), then "not found".
            let mut parser = ExpressionParser::new(read.substitutions())?;
            parser.condition(request.key_condition_expression.as_deref(), "KeyConditionExpression")?;
            parser.condition(read.filter_expression.as_deref(), "FilterExpression")?;
            parser.projection(read.projection_expression.as_deref())?;
            parser.finish()?;
            return Err(ApiError::resource_not_found());
        };
        let target = resolve_target(table, read, "Query")?;
        let schema = target.schema();
        let tracing = trace.is_some();

        let mut parser = ExpressionParser::new(read.substitutions())?;
        let key_condition: KeyCondition = match (&request.key_condition_expression, &request.key_conditions) {
            (Some(text), _) => parser.key_condition(text, schema)?,
            (None, Some(conditions)) => legacy::key_conditions(conditions, schema)?,
            (None, None) => return Err(ApiError::InternalServer("a Query without key conditions got through".into())),
        };
        let filter = parser.condition(read.filter_expression.as_deref(), "FilterExpression")?;
        let projection = parser.projection(read.projection_expression.as_deref())?;
        parser.finish()?;
        let start = query_start(read, &target, &key_condition)?;
        check_table_key_paths(table, nested_projection_names(&projection))?;
        check_table_key_paths(table, nested_projection_names(&legacy_projection))?;
        check_filter_on_keys(schema, &filter, "Filter Expression")?;
        check_filter_on_keys(schema, &legacy_filter, "QueryFilter")?;
        check_select(&target, read)?;
        let shape = Shape { filter: filter.or(legacy_filter), projection: projection.or(legacy_projection) };
        let fetch = must_fetch(&target, read, &shape).then_some(&table.storage);

        let (mut lower, mut upper) = sort_bounds(&key_condition.sort);
        let in_range = |r: &Row| match (&key_condition.sort, r.sort) {
            (Some(condition), Some(sort)) => condition.matches(sort),
            _ => true,
        };
        // A multi-attribute sort condition's lower bound is only a prefix:
        // the rows that match follow the ones skipped here, contiguously.
        let prefix = key_condition.sort.as_ref().is_some_and(SortKeyCondition::is_prefix);
        let before_range = |r: &Row| prefix && !in_range(r);
        let page = match target.index {
            None => {
                if let Some(start) = start {
                    // Resume after the start key, in the direction of the read.
                    if request.forward {
                        lower = Bound::Excluded(start.key.sort);
                    } else {
                        upper = Bound::Excluded(start.key.sort);
                    }
                }
                let rows = table.storage.collection_range(&key_condition.partition, (lower, upper)).map(|r| Row {
                    hash: r.hash,
                    sort: r.sort,
                    item: RowItem::Packed(r),
                    size: r.size,
                    table_key: None,
                });
                if request.forward {
                    // begins_with has no upper bound: stop at the first key past the prefix.
                    read_page(rows.take_while(in_range), read, &shape, &target, None, tracing)
                } else {
                    let rows = rows.rev().skip_while(|r| !in_range(r)).take_while(in_range);
                    read_page(rows, read, &shape, &target, None, tracing)
                }
            }
            Some((_, store)) => {
                // Entries share index keys: resume after (sort key, table key).
                let position = start.map(|s| (s.key.sort, s.table_key));
                if let Some((sort, _)) = &position {
                    if request.forward {
                        lower = Bound::Included(sort.clone());
                    } else {
                        upper = Bound::Included(sort.clone());
                    }
                }
                let after = |r: &Row| match &position {
                    None => true,
                    Some((sort, table_key)) => {
                        let here = (r.sort, r.table_key);
                        let start = (sort, table_key.as_ref());
                        if request.forward {
                            here > start
                        } else {
                            here < start
                        }
                    }
                };
                let rows = store.collection_range(&key_condition.partition, (lower, upper)).map(|r| Row {
                    hash: r.hash,
                    sort: r.sort,
                    item: RowItem::Entry(r.item),
                    size: r.size,
                    table_key: Some(r.table_key),
                });
                if request.forward {
                    let rows = rows.skip_while(before_range).take_while(in_range).filter(after);
                    read_page(rows, read, &shape, &target, fetch, tracing)
                } else {
                    let rows = rows.rev().skip_while(|r| !in_range(r)).take_while(in_range).filter(after);
                    read_page(rows, read, &shape, &target, fetch, tracing)
                }
            }
        };
        let (body, charges) = page_response(&page, read, &target);
        page.trace.record(trace, read, request.forward);
        Ok(Answer::new(body, charges.into_iter().map(|c| c.keyed(&key_condition.partition)).collect()))
    }

    pub(crate) fn scan(&mut self, mut request: Scan, trace: Option<&mut Trace>) -> Result<Answer> {
        let filter = request.filter.take();
        let projection = request.projection.take();
        let read = &request.read;
        let tracing = trace.is_some();
        let table = find_table(self, read)?;
        let target = resolve_target(table, read, "Scan")?;
        check_table_key_paths(table, nested_projection_names(&projection))?;
        check_table_key_paths(table, filter.iter().flat_map(Condition::nested_top_level_names))?;
        check_select(&target, read)?;
        let shape = Shape { filter, projection };
        let fetch = must_fetch(&target, read, &shape).then_some(&table.storage);

        let start = scan_start(read, &target)?;
        let buckets = match request.segment {
            Some((segment, total)) => segment_buckets(segment, total),
            None => (0, 4095),
        };
        if let (Some(start), Some((segment, total))) = (&start, request.segment) {
            let bucket = keyspace_bucket(&keyspace_hash(&start.key.partition));
            if !(buckets.0..=buckets.1).contains(&bucket) {
                return Err(ApiError::validation(format!(
                    "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: {total} Segment: {segment}"
                )));
            }
        }
        let in_segment = |r: &Row| (buckets.0..=buckets.1).contains(&keyspace_bucket(r.hash));
        let page = match target.index {
            None => {
                let rows = table.storage.scan_after(start.as_ref().map(|s| &s.key)).map(|r| Row {
                    hash: r.hash,
                    sort: r.sort,
                    item: RowItem::Packed(r),
                    size: r.size,
                    table_key: None,
                });
                read_page(rows.filter(in_segment), read, &shape, &target, None, tracing)
            }
            Some((_, store)) => {
                let position = start.as_ref().and_then(|s| s.table_key.as_ref().map(|t| (&s.key, t)));
                let rows = store.scan_after(position).map(|r| Row {
                    hash: r.hash,
                    sort: r.sort,
                    item: RowItem::Entry(r.item),
                    size: r.size,
                    table_key: Some(r.table_key),
                });
                read_page(rows.filter(in_segment), read, &shape, &target, fetch, tracing)
            }
        };
        let (body, charges) = page_response(&page, read, &target);
        page.trace.record(trace, read, true);
        Ok(Answer::new(body, charges))
    }
}

/// The keyspace buckets (of 4,096) segment `segment` of `total` reads:
/// `[ceil(4096·s/T), ceil(4096·(s+1)/T) − 1]`. With more segments than
/// buckets, some segments are empty (the range comes out reversed).
pub fn segment_buckets(segment: u32, total: u32) -> (u16, u16) {
    let bound = |s: u32| (4096 * u64::from(s)).div_ceil(u64::from(total.max(1)));
    let low = bound(segment);
    let high = bound(segment + 1);
    if high == 0 || low > high - 1 {
        return (1, 0);
    }
    (low.min(4095) as u16, (high - 1).min(4095) as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_cover_the_keyspace_exactly_once() {
        for total in [1, 2, 3, 7, 100, 4096, 5000] {
            let mut covered = vec![0u8; 4096];
            for segment in 0..total {
                let (low, high) = segment_buckets(segment, total);
                for bucket in low..=high {
                    covered[bucket as usize] += 1;
                }
            }
            assert!(covered.iter().all(|&c| c == 1), "total {total}");
        }
        assert_eq!(segment_buckets(0, 4), (0, 1023));
        assert_eq!(segment_buckets(3, 4), (3072, 4095));
    }
}
