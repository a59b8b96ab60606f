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

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::classify::Served;
use super::{AccessPath, AccessPattern, KeyVariation};
use crate::engine::capacity::{Charge, ChargeKind, Scope};
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
    /// Spread partition key value `key` (of the table, or of GSI `index`)
    /// over `shards` values (`key_0 … key_{N-1}`), each request on one of
    /// them, reads querying all in parallel.
    WriteSharding { shards: u32, key: String, index: Option<String> },
    /// The table (or GSI `index`) needs this much capacity a second for
    /// all the patterns it serves: more than it is provisioned with (or an
    /// on-demand maximum that refused it).
    Provision { index: Option<String>, read: f64, write: f64 },
    /// A GSI keyed on `partition_key` — an attribute the pattern compares
    /// with `=`; `None` when it compares none, so the wanted items need a
    /// key of their own (a sparse index's marker) — with `sort_key` as its
    /// sort key (several attributes: a composite sort key `A#B`); `sparse`
    /// when most items do not carry the partition key attribute.
    GlobalSecondaryIndex { partition_key: Option<String>, sort_key: Vec<String>, sparse: bool },
}

/// What one table or GSI is asked for a second by all the patterns, and
/// what it is provisioned with (`None` on demand).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Demand {
    pub read: f64,
    pub write: f64,
    pub provisioned: Option<(f64, f64)>,
}

impl Demand {
    /// More than provisioned: it throttles once burst capacity is spent,
    /// whatever a short run shows.
    pub fn over(&self) -> bool {
        self.provisioned.is_some_and(|(r, w)| self.read > r + 1e-9 || self.write > w + 1e-9)
    }
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

/// Where a charge lands: the table, or a GSI (an LSI's are the table's).
pub(super) fn target(charge: &Charge) -> (String, Option<String>) {
    match &charge.scope {
        Scope::Index { name, global: true, .. } => (charge.table.clone(), Some(name.clone())),
        _ => (charge.table.clone(), None),
    }
}

/// The fixes a pattern's traffic or access path calls for: capacity for
/// each table or GSI it uses that is asked for more than it has (or that
/// refused it: an on-demand maximum), write sharding when one partition
/// cannot serve its hottest key value, an index when only a Scan serves it.
pub(super) fn fixes(
    served: &Served,
    pattern: &AccessPattern,
    reasons: &[(String, u64)],
    demands: &BTreeMap<(String, Option<String>), Demand>,
    index_fix: &Option<Fix>,
) -> Vec<Fix> {
    let mut out = Vec::new();
    let refused_by_capacity = reasons.iter().any(|(r, _)| !r.ends_with(LimitType::KeyRangeThroughputExceeded.name()));
    let mut targets: Vec<(String, Option<String>)> = served.charges.iter().map(target).collect();
    targets.dedup();
    for (table, index) in targets {
        let Some(demand) = demands.get(&(table.clone(), index.clone())) else { continue };
        let refused_here = refused_by_capacity
            && reasons.iter().any(|(r, _)| r.starts_with(if index.is_some() { "Index" } else { "Table" }));
        if demand.over() || (refused_here && demand.provisioned.is_none()) {
            let fix = Fix::Provision { index, read: demand.read, write: demand.write };
            if !out.contains(&fix) {
                out.push(fix);
            }
        }
    }
    if let Some(fix) = sharding(served, pattern) {
        out.push(fix);
    }
    if let (AccessPath::Scan { .. } | AccessPath::Unservable, Some(fix)) = (&served.path, index_fix) {
        out.push(fix.clone());
    }
    out
}

/// Write sharding, when one partition cannot serve the pattern's hottest
/// key value: the seeds' N — the blocks that value must serve a second
/// over what one partition serves, rounded up — for one value, or for all
/// of them when the traffic is already spread evenly and not enough.
fn sharding(served: &Served, pattern: &AccessPattern) -> Option<Fix> {
    let key = served.key.as_ref()?;
    let on_key: Vec<&Charge> = served.charges.iter().filter(|c| c.partition.as_ref() == Some(key)).collect();
    let (read, write) = on_key.iter().fold((0.0, 0.0), |(r, w), c| match c.kind {
        // Strongly consistent blocks: the formula's 4 KB per read unit.
        ChargeKind::Read(_) | ChargeKind::TransactionalRead => (r + c.blocks as f64, w),
        ChargeKind::Write | ChargeKind::TransactionalWrite => (r, w + c.blocks as f64),
        ChargeKind::VectorWrite => (r, w),
    });
    let rate = pattern.requests_per_second;
    let partitions = |share: f64| (share * read / PARTITION_MAX_RCU).max(share * write / PARTITION_MAX_WCU).ceil();
    let (shards, hottest) = match &pattern.keys {
        KeyVariation::Single => (partitions(rate), 0),
        // Spread evenly: as many values as the whole rate needs.
        KeyVariation::Uniform { count } => (partitions(rate).max(f64::from(*count)), *count),
        // Skewed: the hottest value alone needs its own shards.
        KeyVariation::Zipf { count, exponent } => {
            let harmonic: f64 = (1..=*count).map(|k| 1.0 / f64::from(k).powf(*exponent)).sum();
            (partitions(rate / harmonic), 0)
        }
    };
    let needed = shards.is_finite() && shards > 1.0 && shards > f64::from(hottest.max(1));
    let index = on_key.first().and_then(|c| target(c).1);
    needed.then(|| Fix::WriteSharding {
        shards: shards.min(f64::from(super::MAX_KEY_VALUES)) as u32,
        key: key.label(),
        index,
    })
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
    let (equal, ranged) = attributes_named(expression, names);
    let (partition_key, sort_key) = match equal.split_first() {
        Some((first, rest)) => (Some(first.clone()), rest.iter().chain(&ranged).cloned().collect()),
        None if !ranged.is_empty() => (None, ranged),
        None => return None,
    };
    let first = partition_key.as_ref().or(sort_key.first())?;
    let table = engine.table(request.get("TableName")?.as_str()?)?;
    let sampled: Vec<bool> =
        table.storage.scan_after(None).take(SPARSE_SAMPLE).map(|i| i.item().contains_key(first.as_str())).collect();
    let carrying = sampled.iter().filter(|c| **c).count();
    Some(Fix::GlobalSecondaryIndex {
        sparse: !sampled.is_empty() && carrying * 2 < sampled.len(),
        partition_key,
        sort_key,
    })
}

/// The top-level attribute names an expression uses, once each, in order:
/// those it compares with `=`, then the others; `#n` placeholders
/// resolved, functions, keywords and `:values` left out.
fn attributes_named(expression: &str, names: Option<&Value>) -> (Vec<String>, Vec<String>) {
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
            let after = rest.trim_start_matches(|c: char| c.is_alphanumeric() || "._[]#".contains(c));
            out.push((!after.trim_start().starts_with('='), name));
        }
    }
    let (ranged, equal): (Vec<_>, Vec<_>) = out.into_iter().partition(|(range, _)| *range);
    (equal.into_iter().map(|(_, n)| n).collect(), ranged.into_iter().map(|(_, n)| n).collect())
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
        let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            attributes_named("#s = :open AND begins_with(#d, :aug) AND #s <> :x", Some(&names)),
            (strings(&["Status"]), strings(&["Date"]))
        );
        assert_eq!(
            attributes_named("attribute_exists(Tag) and size(Body) > :n", None),
            (vec![], strings(&["Tag", "Body"]))
        );
        assert_eq!(
            attributes_named("Address.City = :c OR Tags[0] = :t", None),
            (strings(&["Address", "Tags"]), vec![])
        );
        assert_eq!(attributes_named(":a = :b", None), (vec![], vec![]));
        assert_eq!(attributes_named("Score > :s AND Game = :g", None), (strings(&["Game"]), strings(&["Score"])));
    }
}
