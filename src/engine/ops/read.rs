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
use crate::engine::storage::{keyspace_bucket, ItemRef};
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

/// Finds the table and refuses index reads, which come with secondary indexes.
fn table_and_schema<'a>(engine: &'a Engine, read: &Read) -> Result<&'a Table> {
    let table = engine
        .tables
        .get(&read.table_name)
        .ok_or_else(|| ApiError::ResourceNotFound("Requested resource not found".into()))?;
    if read.index_name.is_some() {
        // This table has no secondary indexes: DynamoDB's answer for any IndexName.
        return Err(ApiError::validation("The table does not have the specified index"));
    }
    Ok(table)
}

/// The `ExclusiveStartKey` as a primary key of `schema`.
fn start_key(read: &Read, schema: &KeySchema) -> Result<Option<PrimaryKey>> {
    read.exclusive_start_key
        .as_ref()
        .map(|key| {
            schema
                .key_of_key_map(key)
                .map_err(|e| ApiError::validation(format!("The provided starting key is invalid: {}", e.message())))
        })
        .transpose()
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

/// "Filter Expression can only contain non-primary key attributes" (Query only).
fn check_filter_on_keys(schema: &KeySchema, filter: &Option<Condition>) -> Result<()> {
    if let Some(filter) = filter {
        if let Some(name) = filter.top_level_names().into_iter().find(|n| schema.is_key_attribute(n)) {
            return Err(ApiError::validation(format!(
                "Filter Expression can only contain non-primary key attributes: Primary key attribute: {name}"
            )));
        }
    }
    Ok(())
}

impl Engine {
    pub(crate) fn query(&mut self, mut request: Query) -> Result<Value> {
        let legacy_filter = request.read.legacy_filter.take();
        let legacy_projection = request.read.legacy_projection.take();
        let read = &request.read;
        let table = table_and_schema(self, read)?;
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
        check_filter_on_keys(schema, &filter)?;
        let shape = Shape { filter: filter.or(legacy_filter), projection: projection.or(legacy_projection) };

        let (mut lower, mut upper) = sort_bounds(&key_condition.sort);
        if let Some(start) = start_key(read, schema)? {
            if start.partition != key_condition.partition {
                return Err(ApiError::validation(
                    "The provided starting key is outside query boundaries based on provided conditions",
                ));
            }
            if let (Some(condition), Some(sort)) = (&key_condition.sort, &start.sort) {
                if !condition.matches(sort) {
                    return Err(ApiError::validation(
                        "The provided starting key does not match the range key predicate",
                    ));
                }
            }
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
        let legacy_filter = request.read.legacy_filter.take();
        let legacy_projection = request.read.legacy_projection.take();
        let read = &request.read;
        let table = table_and_schema(self, read)?;
        let schema = &table.definition.key_schema;

        let mut parser = ExpressionParser::new(&read.substitutions)?;
        let filter = parser.condition(read.filter_expression.as_deref(), "FilterExpression")?;
        let projection = parser.projection(read.projection_expression.as_deref())?;
        parser.finish()?;
        let shape = Shape { filter: filter.or(legacy_filter), projection: projection.or(legacy_projection) };

        let start = start_key(read, schema)?;
        let buckets = match request.segment {
            Some((segment, total)) => segment_buckets(segment, total),
            None => (0, 4095),
        };
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
