//! What a review advises, in the lecture material's vocabulary: where a
//! pattern's traffic runs hot, and what would fix a pattern that throttles
//! or that no key serves.
//!
//! * **Write sharding** for a key that one partition cannot serve: the
//!   seeds' N formula (docs/dynamodb-semantics.md, section C.4): one
//!   partition serves 3,000 reads of 4 KB (strongly consistent) and 1,000
//!   writes of 1 KB a second, so N = the 4 KB blocks read a second ÷ 3,000,
//!   or the 1 KB blocks written a second ÷ 1,000, rounded up. For seed
//!   002's OPEN orders (600,000 reads a second of 250-byte orders) that is
//!   13.
//! * **Provisioned capacity** (or a higher on-demand maximum) when the
//!   table's or a GSI's own capacity refused the traffic, not one key.
//! * **A global secondary index** for a pattern only a Scan serves, or a
//!   Query refused for want of a key: keyed on the attributes its filter
//!   (or key condition) names — one compared with `=` as partition key,
//!   the others as the sort key, several as a *composite sort key* (`A#B`); a *sparse index* when fewer than half
//!   the items carry the partition key attribute, so the index holds only
//!   the items the pattern wants.
//! * **The hot spot** of each table and GSI: the partition that consumed
//!   and throttled most in the run, and the key that made it hot (the
//!   run's top key, as CloudWatch Contributor Insights would show it).

use std::collections::BTreeSet;

use serde_json::Value;

use super::classify::Served;
use super::AccessPath;
use crate::engine::capacity::ChargeKind;
use crate::engine::partition::{PARTITION_MAX_RCU, PARTITION_MAX_WCU};
use crate::engine::service::Engine;
use crate::engine::sim::KeyStat;
use crate::engine::throttling::LimitType;

/// How many items a review looks at to decide whether an index would be
/// sparse: enough to tell, cheap on a million items.
const SPARSE_SAMPLE: usize = 10_000;

/// What would fix a pattern.
#[derive(Clone, Debug, PartialEq)]
pub enum Fix {
    /// Spread the partition key over `shards` values (`v_0 … v_{N-1}`),
    /// each request on one of them, reads querying all in parallel.
    WriteSharding { shards: u32 },
    /// The table's (or, with `index`, a GSI's) capacity refused the
    /// traffic: it needs at least this much a second (or a higher on-demand
    /// maximum).
    Provision { index: bool, read: f64, write: f64 },
    /// A GSI keyed on `partition_key`, with `sort_key` as its sort key
    /// (several attributes: a composite sort key `A#B`); `sparse` when most
    /// items do not carry the partition key attribute.
    GlobalSecondaryIndex { partition_key: String, sort_key: Vec<String>, sparse: bool },
}

/// The partition of a table or GSI that ran hottest in a review.
#[derive(Clone, Debug, PartialEq)]
pub struct HotSpot {
    pub table: String,
    pub index: Option<String>,
    /// Its number (from 0, in keyspace order) and how many there are.
    pub partition: usize,
    pub partitions: usize,
    /// Units it consumed and requests it throttled over the run.
    pub consumed: f64,
    pub throttled: u64,
    /// The key with the most accesses over the run.
    pub key: Option<KeyStat>,
}

/// The fixes a pattern's traffic or access path calls for: capacity when
/// a table's or GSI's own capacity refused it (the first wall), write
/// sharding when one partition did, an index when only a Scan serves it.
pub(super) fn fixes(served: &Served, reasons: &[(String, u64)], rate: f64, index_fix: &Option<Fix>) -> Vec<Fix> {
    let key_range = LimitType::KeyRangeThroughputExceeded.name();
    let (by_key, by_capacity): (Vec<&String>, Vec<&String>) =
        reasons.iter().map(|(r, _)| r).partition(|r| r.ends_with(key_range));
    let mut out = Vec::new();
    if !by_capacity.is_empty() {
        let (read, write) = super::units(&served.charges);
        let index = by_capacity.iter().all(|r| r.starts_with("Index"));
        out.push(Fix::Provision { index, read: read * rate, write: write * rate });
    }
    if !by_key.is_empty() {
        out.push(Fix::WriteSharding { shards: shards(served, rate) });
    }
    if let (AccessPath::Scan { .. } | AccessPath::Unservable, Some(fix)) = (&served.path, index_fix) {
        out.push(fix.clone());
    }
    out
}

/// The seeds' N: the blocks one key must serve a second over what one
/// partition serves, rounded up.
fn shards(served: &Served, rate: f64) -> u32 {
    let on_key = served.charges.iter().filter(|c| c.partition.is_some() && c.partition == served.key);
    let (read, write) = on_key.fold((0.0, 0.0), |(r, w), c| match c.kind {
        // Strongly consistent blocks: the formula's 4 KB per read unit.
        ChargeKind::Read(_) | ChargeKind::TransactionalRead => (r + c.blocks as f64, w),
        ChargeKind::Write | ChargeKind::TransactionalWrite => (r, w + c.blocks as f64),
    });
    let needed = (rate * read / PARTITION_MAX_RCU).max(rate * write / PARTITION_MAX_WCU).ceil();
    if needed.is_finite() && needed >= 1.0 {
        needed.min(f64::from(super::MAX_KEY_VALUES)) as u32
    } else {
        1
    }
}

/// The GSI that would serve a Scan's filter or a refused Query's key
/// condition: its attributes in the order the expression names them.
pub(super) fn index_fix(engine: &Engine, operation: &str, request: &Value) -> Option<Fix> {
    let expression = match operation {
        "Scan" => request.get("FilterExpression"),
        "Query" => request.get("KeyConditionExpression"),
        _ => None,
    }?
    .as_str()?;
    let names = request.get("ExpressionAttributeNames");
    let attributes = attributes_named(expression, names);
    let (first, rest) = attributes.split_first()?;
    let table = engine.table(request.get("TableName")?.as_str()?)?;
    let sampled: Vec<bool> =
        table.storage.scan_after(None).take(SPARSE_SAMPLE).map(|i| i.item().contains_key(first.as_str())).collect();
    let carrying = sampled.iter().filter(|c| **c).count();
    Some(Fix::GlobalSecondaryIndex {
        partition_key: first.clone(),
        sort_key: rest.to_vec(),
        sparse: !sampled.is_empty() && carrying * 2 < sampled.len(),
    })
}

/// The top-level attribute names an expression uses, once each, those it
/// compares with `=` first, otherwise in order: `#n` placeholders resolved,
/// functions, keywords and `:values` left out.
fn attributes_named(expression: &str, names: Option<&Value>) -> Vec<String> {
    const WORDS: [&str; 13] = [
        "and",
        "or",
        "not",
        "between",
        "in",
        "attribute_exists",
        "attribute_not_exists",
        "attribute_type",
        "begins_with",
        "contains",
        "size",
        "true",
        "false",
    ];
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let mut rest = expression;
    while let Some(start) = rest.find(|c: char| c == '#' || c == ':' || c.is_alphabetic() || c == '_') {
        let tail = rest.get(start..).unwrap_or_default();
        let end = tail
            .char_indices()
            .skip(1)
            .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
            .map_or(tail.len(), |(i, _)| i);
        let token = tail.get(..end).unwrap_or_default();
        rest = tail.get(end..).unwrap_or_default();
        // A path's later parts (`a.b`, `a[0]`) are not attributes of their own.
        let after_dot = expression.len() - tail.len() > 0
            && expression.get(..expression.len() - tail.len()).is_some_and(|before| before.ends_with('.'));
        let name = if token.starts_with(':') || after_dot {
            continue;
        } else if token.starts_with('#') {
            match names.and_then(|n| n.get(token)).and_then(Value::as_str) {
                Some(name) => name.to_string(),
                None => continue,
            }
        } else if WORDS.contains(&token.to_ascii_lowercase().as_str()) {
            continue;
        } else {
            token.to_string()
        };
        if seen.insert(name.clone()) {
            // An attribute compared with `=` can be a partition key; one
            // compared by range only, a sort key: equalities go first.
            out.push((!rest.trim_start().starts_with('='), name));
        }
    }
    out.sort_by_key(|(range, _)| *range);
    out.into_iter().map(|(_, name)| name).collect()
}

impl Engine {
    /// The hottest partition of `table` (or its GSI) over engine seconds
    /// `from..to`, if any traffic reached it.
    pub(super) fn hot_spot(&self, table: &str, index: Option<&str>, from: u64, to: u64) -> Option<HotSpot> {
        let metrics = self.metrics(table, index, from, to, 1).ok()?;
        let partitions = self.describe_partitions(table, index).map(|p| p.len()).unwrap_or(0);
        let mut per: Vec<(f64, u64)> = Vec::new();
        for s in &metrics.samples {
            if per.len() <= s.partition {
                per.resize(s.partition + 1, (0.0, 0));
            }
            if let Some(slot) = per.get_mut(s.partition) {
                slot.0 += s.consumed_read + s.consumed_write;
                slot.1 += s.throttled_reads + s.throttled_writes;
            }
        }
        let (partition, &(consumed, throttled)) = per
            .iter()
            .enumerate()
            .filter(|(_, (c, t))| *c > 0.0 || *t > 0)
            .max_by(|(_, a), (_, b)| a.1.cmp(&b.1).then(a.0.total_cmp(&b.0)))?;
        Some(HotSpot {
            table: table.to_string(),
            index: index.map(str::to_string),
            partition,
            partitions: partitions.max(partition + 1),
            consumed,
            throttled,
            key: metrics.top_keys.into_iter().next(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn attributes_are_named_in_order_once() {
        let names = json!({"#s": "Status", "#d": "Date"});
        assert_eq!(
            attributes_named("#s = :open AND begins_with(#d, :aug) AND #s <> :x", Some(&names)),
            vec!["Status", "Date"]
        );
        assert_eq!(attributes_named("attribute_exists(Tag) and size(Body) > :n", None), vec!["Tag", "Body"]);
        assert_eq!(attributes_named("Address.City = :c OR Tags[0] = :t", None), vec!["Address", "Tags"]);
        assert!(attributes_named(":a = :b", None).is_empty());
        assert_eq!(attributes_named("Score > :s AND Game = :g", None), vec!["Game", "Score"]);
    }
}
