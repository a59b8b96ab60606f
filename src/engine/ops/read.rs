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
//! partition touched; until the partition model exists, one per page.)
//!
//! A Query reads one item collection, in sort-key order (reversed with
//! `ScanIndexForward: false`). A Scan walks the whole keyspace in hash order;
//! a parallel scan's segment `s` of `T` reads only the keyspace buckets
//! `[ceil(4096·s/T), ceil(4096·(s+1)/T) − 1]` (semantics E).

use std::ops::Bound;

use serde_json::{Map, Value};

use crate::engine::api::expressions::ExpressionParser;
use crate::engine::api::read::{Query, Read, Scan, Select};
use crate::engine::capacity::{Charge, ConsumedCapacity};
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::{legacy, Condition, Projection};
use crate::engine::schema::{KeyCondition, KeySchema, KeyValue, PrimaryKey, SortKeyCondition};
use crate::engine::storage::{keyspace_bucket, keyspace_hash, ItemRef};
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
    engine.tables.get(&read.table_name).ok_or_else(|| ApiError::ResourceNotFound("Requested resource not found".into()))
}

/// Refuses index reads: this table has no secondary indexes, so any
/// `IndexName` gets DynamoDB's answer for an unknown index.
fn check_index(read: &Read) -> Result<()> {
    match &read.index_name {
        Some(name) => Err(ApiError::validation(format!("The table does not have the specified index: {name}"))),
        None => Ok(()),
    }
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
    }
}

/// One page of a read, and what it cost.
struct Page {
    items: Vec<Item>,
    count: usize,
    scanned: usize,
    bytes: usize,
    last_evaluated: Option<Item>,
}

/// Reads items in order until `Limit` items were evaluated or 1 MB was read.
/// `key_of` copies an item's key attributes for `LastEvaluatedKey`.
fn read_page<'a>(
    items: impl Iterator<Item = ItemRef<'a>>,
    read: &Read,
    shape: &Shape,
    key_of: impl Fn(&Item) -> Item,
) -> Page {
    let mut page = Page { items: Vec::new(), count: 0, scanned: 0, bytes: 0, last_evaluated: None };
    let mut items = items.peekable();
    while let Some(found) = items.next() {
        page.scanned += 1;
        page.bytes += found.size;
        let matched = shape.filter.as_ref().is_none_or(|f| f.evaluate(Some(found.item)));
        if matched {
            page.count += 1;
            if read.select != Select::Count {
                page.items.push(match &shape.projection {
                    Some(projection) => projection.apply(found.item),
                    None => found.item.clone(),
                });
            }
        }
        // Stopping at Limit always reports where, even if nothing follows;
        // stopping at 1 MB only when something does (semantics A.2).
        let at_limit = read.limit.is_some_and(|limit| page.scanned >= limit);
        let full = page.bytes >= PAGE_BYTES && items.peek().is_some();
        if at_limit || full {
            page.last_evaluated = Some(key_of(found.item));
            break;
        }
    }
    page
}

/// The response body of a page, and the page's charge.
fn page_response(page: Page, read: &Read) -> (Value, Charge) {
    let mut body = Map::new();
    if read.select != Select::Count {
        body.insert("Items".into(), page.items.iter().map(item_to_wire).collect::<Vec<_>>().into());
    }
    body.insert("Count".into(), page.count.into());
    body.insert("ScannedCount".into(), page.scanned.into());
    if let Some(key) = &page.last_evaluated {
        body.insert("LastEvaluatedKey".into(), item_to_wire(key));
    }
    let charge = Charge::read(&read.table_name, page.scanned, page.bytes, read.consistency);
    if let Some(consumed) =
        ConsumedCapacity::on_table(&read.table_name, charge.units).to_wire(read.return_consumed_capacity)
    {
        body.insert("ConsumedCapacity".into(), consumed);
    }
    (Value::Object(body), charge)
}

/// The key attributes of an item, for `LastEvaluatedKey`.
fn key_attributes(schema: &KeySchema, item: &Item) -> Item {
    schema.attributes().filter_map(|a| item.get(&a.name).map(|v| (a.name.clone(), v.clone()))).collect()
}

/// "… can only contain non-primary key attributes" (Query only); `what` is
/// "Filter Expression" or "QueryFilter".
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

/// Where a Query resumes, after DynamoDB's checks of its `ExclusiveStartKey`
/// in DynamoDB's order (dynalite `actions/query.js`): the key's shape, its
/// types, then the range predicate, then the partition.
fn query_start(read: &Read, schema: &KeySchema, condition: &KeyCondition) -> Result<Option<PrimaryKey>> {
    let Some(key) = &read.exclusive_start_key else { return Ok(None) };
    if key.len() != schema.attributes().count() || schema.attributes().any(|a| !key.contains_key(&a.name)) {
        return Err(ApiError::validation("The provided starting key is invalid"));
    }
    let start = schema.key_of_key_map(key)?;
    match (&condition.sort, &start.sort) {
        (Some(sort_condition), Some(sort)) => {
            if !sort_condition.matches(sort) {
                return Err(ApiError::validation("The provided starting key does not match the range key predicate"));
            }
            if start.partition != condition.partition {
                return Err(ApiError::validation("The query can return at most one row and cannot be restarted"));
            }
        }
        _ if start.partition != condition.partition => {
            return Err(ApiError::validation(
                "The provided starting key is outside query boundaries based on provided conditions",
            ));
        }
        _ => {}
    }
    Ok(Some(start))
}

impl Engine {
    pub(crate) fn query(&mut self, mut request: Query) -> Result<Value> {
        let legacy_filter = request.read.legacy_filter.take();
        let legacy_projection = request.read.legacy_projection.take();
        let read = &request.read;
        let Ok(table) = find_table(self, read) else {
            // DynamoDB validates every expression before it looks for the
            // table; without a schema the key condition is read by the
            // general condition grammar (as dynalite does), then "not found".
            let mut parser = ExpressionParser::new(&read.substitutions)?;
            parser.condition(request.key_condition_expression.as_deref(), "KeyConditionExpression")?;
            parser.condition(read.filter_expression.as_deref(), "FilterExpression")?;
            parser.projection(read.projection_expression.as_deref())?;
            parser.finish()?;
            return Err(ApiError::ResourceNotFound("Requested resource not found".into()));
        };
        let schema = &table.definition.key_schema;

        let mut parser = ExpressionParser::new(&read.substitutions)?;
        let key_condition: KeyCondition = match (&request.key_condition_expression, &request.key_conditions) {
            (Some(text), _) => parser.key_condition(text, schema)?,
            (None, Some(conditions)) => legacy::key_conditions(conditions, schema)?,
            (None, None) => return Err(ApiError::InternalServer("a Query without key conditions got through".into())),
        };
        let filter = parser.condition(read.filter_expression.as_deref(), "FilterExpression")?;
        let projection = parser.projection(read.projection_expression.as_deref())?;
        parser.finish()?;
        check_index(read)?;
        let start = query_start(read, schema, &key_condition)?;
        check_key_paths(schema, nested_projection_names(&projection))?;
        check_key_paths(schema, nested_projection_names(&legacy_projection))?;
        check_filter_on_keys(schema, &filter, "Filter Expression")?;
        check_filter_on_keys(schema, &legacy_filter, "QueryFilter")?;
        let shape = Shape { filter: filter.or(legacy_filter), projection: projection.or(legacy_projection) };

        let (mut lower, mut upper) = sort_bounds(&key_condition.sort);
        if let Some(start) = start {
            // Resume after the start key, in the direction of the read.
            if request.forward {
                lower = Bound::Excluded(start.sort);
            } else {
                upper = Bound::Excluded(start.sort);
            }
        }

        let range = table.storage.collection_range(&key_condition.partition, (lower, upper));
        let in_range = |r: &ItemRef| match (&key_condition.sort, r.sort) {
            (Some(condition), Some(sort)) => condition.matches(sort),
            _ => true,
        };
        let key_of = |item: &Item| key_attributes(schema, item);
        let page = if request.forward {
            // begins_with has no upper bound: stop at the first key past the prefix.
            read_page(range.take_while(in_range), read, &shape, key_of)
        } else {
            read_page(range.rev().skip_while(|r| !in_range(r)).take_while(in_range), read, &shape, key_of)
        };
        let (body, charge) = page_response(page, read);
        self.charges.push(charge);
        Ok(body)
    }

    pub(crate) fn scan(&mut self, mut request: Scan) -> Result<Value> {
        let filter = request.filter.take();
        let projection = request.projection.take();
        let read = &request.read;
        let table = find_table(self, read)?;
        let schema = &table.definition.key_schema;
        check_index(read)?;
        check_key_paths(schema, nested_projection_names(&projection))?;
        check_key_paths(schema, filter.iter().flat_map(Condition::nested_top_level_names))?;
        let shape = Shape { filter, projection };

        let start =
            match &read.exclusive_start_key {
                Some(key) => Some(schema.key_of_key_map(key).map_err(|e| {
                    ApiError::validation(format!("The provided starting key is invalid: {}", e.message()))
                })?),
                None => None,
            };
        let buckets = match request.segment {
            Some((segment, total)) => segment_buckets(segment, total),
            None => (0, 4095),
        };
        if let (Some(start), Some((segment, total))) = (&start, request.segment) {
            let bucket = keyspace_bucket(&keyspace_hash(&start.partition));
            if !(buckets.0..=buckets.1).contains(&bucket) {
                return Err(ApiError::validation(format!(
                    "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: {total} Segment: {segment}"
                )));
            }
        }
        let in_segment = |r: &ItemRef| (buckets.0..=buckets.1).contains(&keyspace_bucket(r.hash));
        let items = table.storage.scan_after(start.as_ref()).filter(in_segment);
        let page = read_page(items, read, &shape, |item| key_attributes(schema, item));
        let (body, charge) = page_response(page, read);
        self.charges.push(charge);
        Ok(body)
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
