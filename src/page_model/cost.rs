//! What a request costs, in words and in dollars. Pure functions over the
//! engine's answer; the console's live cost, results and history use them.
//!
//! The engine does the arithmetic: every rounding it does is one
//! [`Charge`] ("read 10 items, 10000 bytes: 3 × 4 KB blocks × 0.5
//! (eventually consistent) = 1.5 read units"). This module adds what a
//! student needs around it — how many items were read against how many
//! came back, why a page stopped, that a projection does not make a read
//! cheaper — and the price on demand:
//!
//! ```text
//!   dry run or execute ──► response (Count, ScannedCount, LastEvaluatedKey)
//!                     └──► its charges ──► explain() ──► lines for people
//!                                                 └─► price()   ──► dollars at us-east-1 rates
//! ```

use serde_json::Value;

use crate::engine::capacity::{Charge, ChargeKind, EntryAction, Scope};
use crate::engine::review::prices;
use crate::engine::sim::Touched;
use crate::engine::{ApiError, Previews};
use crate::i18n::{numbers, Lang, Msg};

/// The on-demand prices, from the engine's one table of prices
/// ([`crate::engine::review::prices`]: us-east-1, Standard table class).
pub use crate::engine::review::prices::{PRICES_CHECKED, READ_PRICE_PER_MILLION, WRITE_PRICE_PER_MILLION};

/// The dollars `read` read units and `write` write units cost on demand.
pub fn price(read: f64, write: f64) -> f64 {
    crate::engine::review::prices::on_demand(read, write)
}

/// Dollars for people: cents for large amounts, three significant digits
/// for the tiny amounts one request costs ("$0.000000188").
pub fn dollars(amount: f64) -> String {
    if !amount.is_finite() || amount <= 0.0 {
        return "$0".to_string();
    }
    if amount >= 1.0 {
        return format!("${amount:.2}");
    }
    // Digits after the point so that three significant digits show.
    let magnitude = -amount.log10().floor() as i64;
    let decimals = (magnitude + 2).clamp(2, 14) as usize;
    let text = format!("{amount:.decimals$}");
    // Trailing zeros say nothing.
    let text = if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_string() } else { text };
    format!("${text}")
}

/// A unit count the English way: thousands grouped, halves as ".5"
/// ([`numbers::decimal`]; the views pass it through `Lang::figure`).
pub fn units(amount: f64) -> String {
    numbers::decimal(amount)
}

/// The unit names of a table: capacity units when provisioned, request
/// units on demand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitNames {
    pub read: &'static str,
    pub write: &'static str,
}

impl UnitNames {
    pub const PROVISIONED: UnitNames = UnitNames { read: "RCU", write: "WCU" };
    pub const ON_DEMAND: UnitNames = UnitNames { read: "RRU", write: "WRU" };

    /// The names of a table that bills on demand (`true`) or is
    /// provisioned.
    pub fn of(on_demand: bool) -> UnitNames {
        if on_demand {
            Self::ON_DEMAND
        } else {
            Self::PROVISIONED
        }
    }
}

/// Read and write units of a list of charges.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub read: f64,
    pub write: f64,
}

impl Tally {
    pub fn of(charges: &[Charge]) -> Tally {
        let mut tally = Tally::default();
        for charge in charges {
            tally.add(charge);
        }
        tally
    }

    /// Adds one charge to the read or the write side.
    pub fn add(&mut self, charge: &Charge) {
        if is_read(charge) {
            self.read += charge.units;
        } else {
            self.write += charge.units;
        }
    }

    /// Both sides of two tallies added.
    pub fn plus(self, other: Tally) -> Tally {
        Tally { read: self.read + other.read, write: self.write + other.write }
    }

    /// "1.5 RCU", "2 WCU", "4 RCU + 2 WCU", "0 RCU".
    pub fn text(&self, names: UnitNames) -> String {
        match (self.read > 0.0, self.write > 0.0) {
            (_, false) => format!("{} {}", units(self.read), names.read),
            (false, true) => format!("{} {}", units(self.write), names.write),
            (true, true) => format!("{} {} + {} {}", units(self.read), names.read, units(self.write), names.write),
        }
    }

    pub fn price(&self) -> f64 {
        price(self.read, self.write)
    }
}

/// Most pages the live preview follows to total a Query or Scan.
pub const PREVIEW_PAGES: usize = 100;

/// What every page of a Query or Scan would cost together.
#[derive(Clone, Debug, PartialEq)]
pub struct PagesTotal {
    pub pages: usize,
    pub tally: Tally,
    pub count: u64,
    pub scanned: u64,
    /// False when [`PREVIEW_PAGES`] ran out before the last page.
    pub complete: bool,
}

/// A dry run's answer: what the request would return and cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    pub outcome: Result<Value, ApiError>,
    pub charges: Vec<Charge>,
    /// For a Query or Scan with more pages: all of them.
    pub all_pages: Option<PagesTotal>,
    /// How long the dry run (and the page walk) took, when measured.
    pub elapsed_ms: Option<f64>,
    /// Which partitions the charges land on, per table or GSI.
    pub touched: Vec<Touched>,
    /// For a PartiQL statement: the access path it became and what it read.
    pub statement: Option<crate::engine::partiql::StatementReport>,
    /// What the first page read, item by item (`engine::footprint`): the
    /// marks the items grid and the index contents draw.
    pub footprint: std::rc::Rc<crate::engine::footprint::Footprint>,
    /// A SearchVectors' `VectorSearchRequestBytes`, whatever the request's
    /// `ReturnConsumedCapacity` (`DryRun::search_bytes`).
    pub search_bytes: Option<u64>,
}

/// "Partitions touched: 1 of 3 (Music: partition 2)" — partitions numbered
/// from 1 on screen, as the partition map labels them.
pub fn touched_line(touched: &[Touched], lang: Lang) -> Option<String> {
    let tr = lang.tr();
    if touched.is_empty() {
        return None;
    }
    let total: usize = touched.iter().map(|t| t.partitions.len()).sum();
    let parts: Vec<String> = touched
        .iter()
        .map(|t| {
            let name = match &t.index {
                Some(index) => tr.table_index(&t.table, index),
                None => t.table.clone(),
            };
            let which = if t.partitions.len() == t.of && t.of > 1 {
                tr.partitions_of(&[], false, t.of)
            } else {
                let numbers: Vec<usize> = t.partitions.iter().take(8).map(|p| p + 1).collect();
                tr.partitions_of(&numbers, t.partitions.len() > 8, t.of)
            };
            format!("{name}: {which}")
        })
        .collect();
    Some(tr.touched_partitions(total, &parts.join("; ")))
}

/// Dry-runs a request (nothing changes) and, for a Query or Scan that
/// stops before the end, follows the pages to total them.
pub fn preview(engine: &mut Previews, operation: &str, request: &Value) -> Preview {
    let first = engine.dry_run(operation, request);
    let (outcome, charges, statement, search_bytes) =
        (first.result, first.charges, first.statement, first.search_bytes);
    let footprint = std::rc::Rc::new(first.footprint);
    let mut all_pages = None;
    if let (Ok(first), "Query" | "Scan") = (&outcome, operation) {
        if let Some(mut next_key) = first.get("LastEvaluatedKey").cloned() {
            let mut total = PagesTotal {
                pages: 1,
                tally: Tally::of(&charges),
                count: count_of(first, "Count"),
                scanned: count_of(first, "ScannedCount"),
                complete: false,
            };
            let mut request = request.clone();
            while total.pages < PREVIEW_PAGES {
                let Value::Object(members) = &mut request else { break };
                members.insert("ExclusiveStartKey".into(), next_key);
                let dry = engine.dry_run(operation, &request);
                let Ok(page) = dry.result else { break };
                let tally = Tally::of(&dry.charges);
                total.pages += 1;
                total.tally.read += tally.read;
                total.tally.write += tally.write;
                total.count += count_of(&page, "Count");
                total.scanned += count_of(&page, "ScannedCount");
                match page.get("LastEvaluatedKey") {
                    Some(key) => next_key = key.clone(),
                    None => {
                        total.complete = true;
                        break;
                    }
                }
            }
            all_pages = Some(total);
        }
    }
    let touched = engine.touched_partitions(&charges);
    Preview { outcome, charges, all_pages, elapsed_ms: None, touched, statement, footprint, search_bytes }
}

/// A SearchVectors answer's `VectorSearchRequestBytes`, when it reports them.
pub fn searched_bytes(response: &Value) -> Option<u64> {
    Some(response.pointer("/ConsumedCapacity/VectorSearchRequestBytes")?.as_f64()? as u64)
}

/// A search's bytes and what they cost on demand.
pub fn search_cost(bytes: u64) -> (u64, f64) {
    (bytes, prices::vector_bytes(bytes as f64, prices::VECTOR_SEARCH_PRICE_PER_GB))
}

fn count_of(response: &Value, member: &str) -> u64 {
    response.get(member).and_then(Value::as_u64).unwrap_or(0)
}

/// A request's cost in plain language.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    pub tally: Tally,
    /// "1.5 RCU".
    pub headline: String,
    /// What happened, in sentences.
    pub lines: Vec<String>,
    /// The engine's arithmetic, one line per rounding (at most
    /// [`ARITHMETIC_LINES`], then a count of the rest).
    pub arithmetic: Vec<String>,
    /// The line on secondary-index writes, when there were any (it is
    /// among `lines` too).
    pub index_writes: Option<String>,
    /// What a search's `VectorSearchRequestBytes` cost, in dollars (a
    /// search uses no read units).
    pub vector_price: f64,
}

impl Explanation {
    /// The lines a short summary shows: the first, and the index writes
    /// if another line, so that the units add up to what was consumed
    /// (a put's own 1 WCU beside a GSI's 1 WCU, of 2 WCU consumed).
    pub fn summary(&self) -> Vec<String> {
        let mut summary: Vec<String> = self.lines.iter().take(1).cloned().collect();
        if let Some(line) = &self.index_writes {
            if !summary.contains(line) {
                summary.push(line.clone());
            }
        }
        summary
    }
}

/// How many rounding lines an explanation lists before summarising.
pub const ARITHMETIC_LINES: usize = 6;

/// Explains a request's cost from its answer and its charges. `names`
/// gives the unit names of the table charged first; `searched` is a SearchVectors' `VectorSearchRequestBytes` (a preview's
/// [`Preview::search_bytes`], or what a response reported).
pub fn explain(
    operation: &str,
    request: &Value,
    outcome: &Result<Value, ApiError>,
    charges: &[Charge],
    searched: Option<u64>,
    names: UnitNames,
    lang: Lang,
) -> Explanation {
    let tr = lang.tr();
    let tally = Tally::of(charges);
    let mut headline = lang.figure(&tally.text(names));
    let mut vector_price = 0.0;
    let mut lines = Vec::new();
    let read_units = lang.figure(&format!("{} {}", units(tally.read), names.read));
    // What the item itself cost, apart from index entries written.
    let item_charges: Vec<&Charge> = charges.iter().filter(|c| !is_index_write(c)).collect();
    let total_bytes: usize = item_charges.iter().map(|c| c.bytes).sum();
    let item_write: f64 = item_charges.iter().filter(|c| !is_read(c)).map(|c| c.units).sum();

    match outcome {
        Err(error) => {
            if charges.is_empty() {
                lines.push(tr.cost_refused(error.name()));
            } else {
                lines.push(tr.cost_failed(error.name(), &headline));
            }
        }
        Ok(response) => match operation {
            "Query" | "Scan" => {
                let count = count_of(response, "Count");
                let scanned = count_of(response, "ScannedCount");
                let filtered = request.get("FilterExpression").is_some()
                    || request.get("QueryFilter").is_some()
                    || request.get("ScanFilter").is_some();
                if scanned == 0 {
                    lines.push(tr.cost_nothing_read(operation == "Query", &read_units));
                } else if filtered && count < scanned {
                    lines.push(tr.cost_filter_removed(scanned - count, scanned, &read_units));
                } else if filtered {
                    lines.push(tr.cost_filter_kept(scanned, &read_units));
                } else {
                    lines.push(tr.cost_read_returned(scanned, total_bytes, count, &read_units));
                }
                if scanned > 0 {
                    lines.push(tr.cost_summed(scanned, total_bytes));
                }
                if request.get("ProjectionExpression").is_some() || request.get("AttributesToGet").is_some() {
                    lines.push(lang.t(Msg::CostProjection).into());
                }
                if request.get("Select").and_then(Value::as_str) == Some("COUNT") {
                    lines.push(lang.t(Msg::CostSelectCount).into());
                }
                if response.get("LastEvaluatedKey").is_some() {
                    let limit = request.get("Limit").and_then(Value::as_u64);
                    if limit.is_some_and(|limit| limit == scanned) {
                        lines.push(tr.cost_limit_stopped(scanned));
                    } else {
                        lines.push(lang.t(Msg::CostPageLimit).into());
                    }
                }
                if operation == "Scan" && scanned > 0 {
                    lines.push(lang.t(Msg::CostScanOrder).into());
                }
            }
            "GetItem" => {
                let strong = request.get("ConsistentRead") == Some(&Value::Bool(true));
                let found = response.get("Item").map(|_| total_bytes);
                lines.push(tr.cost_get(found, strong, &read_units));
            }
            "PutItem" | "UpdateItem" | "DeleteItem" => {
                let write_units = lang.figure(&format!("{} {}", units(item_write), names.write));
                lines.push(tr.cost_write(operation, total_bytes, &write_units));
                if request.get("ConditionExpression").is_some() {
                    lines.push(lang.t(Msg::CostConditionChecked).into());
                }
            }
            "SearchVectors" => {
                let (bytes, price) = search_cost(searched.unwrap_or(0));
                headline = tr.vector_search_headline(&lang.count(bytes));
                lines.push(tr.cost_vector_search(&lang.count(bytes)));
                vector_price = price;
            }
            "BatchGetItem" => {
                lines.push(tr.cost_batch_get(total_bytes, charges.len(), &read_units));
            }
            "BatchWriteItem" => {
                lines.push(tr.cost_batch_write(charges.len(), &headline));
            }
            "TransactGetItems" | "TransactWriteItems" => {
                // Only the items' share doubles; index entries, at their
                // plain price, are explained with the other index lines.
                let spent: f64 = item_charges.iter().map(|c| c.units).sum();
                let name = if item_charges.iter().all(|c| is_read(c)) { names.read } else { names.write };
                let spent = lang.figure(&format!("{} {}", units(spent), name));
                lines.push(tr.cost_transaction(item_charges.len(), &spent));
            }
            _ => {}
        },
    }
    let index_writes = index_writes_line(charges, names, lang);
    lines.extend(index_writes.clone());
    lines.extend(index_read_lines(request, charges, names, lang));

    let mut arithmetic: Vec<String> =
        charges.iter().take(ARITHMETIC_LINES).map(|c| tr.rounding(&c.rounding())).collect();
    if charges.len() > ARITHMETIC_LINES {
        arithmetic.push(tr.and_more(charges.len() - ARITHMETIC_LINES));
    }
    Explanation { tally, headline, lines, arithmetic, index_writes, vector_price }
}

fn is_read(charge: &Charge) -> bool {
    matches!(charge.kind, ChargeKind::Read(_) | ChargeKind::TransactionalRead)
}

/// A write of a secondary index's entry (not of the item itself).
fn is_index_write(charge: &Charge) -> bool {
    matches!(charge.scope, Scope::Index { action: Some(_), .. })
}

/// What secondary indexes added by their entries written: the units per
/// index and what was done to the entries.
fn index_writes_line(charges: &[Charge], names: UnitNames, lang: Lang) -> Option<String> {
    let tr = lang.tr();
    // Index writes, per index in order of appearance.
    let mut written: Vec<(String, &'static str, Vec<&'static str>, f64)> = Vec::new();
    // What was done to the entries, in the page's language.
    for charge in charges {
        if let Scope::Index { name, global, action: Some(action) } = &charge.scope {
            let verb = match action {
                EntryAction::Put => lang.t(Msg::EntryPut),
                EntryAction::Delete => lang.t(Msg::EntryDelete),
                EntryAction::Update => lang.t(Msg::EntryUpdate),
            };
            match written.iter_mut().find(|(n, _, _, _)| n == name) {
                Some((_, _, verbs, units)) => {
                    verbs.push(verb);
                    *units += charge.units;
                }
                None => written.push((name.clone(), if *global { "GSI" } else { "LSI" }, vec![verb], charge.units)),
            }
        }
    }
    if written.is_empty() {
        return None;
    }
    let parts: Vec<String> = written
        .iter()
        .map(|(name, kind, verbs, spent)| {
            let spent = lang.figure(&format!("{} {}", units(*spent), names.write));
            format!("{name} ({kind}, {}): {spent}", verbs.join(" + "))
        })
        .collect();
    let total: f64 = written.iter().map(|(_, _, _, u)| u).sum();
    Some(tr.cost_index_writes(&parts.join("; "), &lang.figure(&format!("{} {}", units(total), names.write))))
}

/// What secondary indexes did to a read: that it was sized on an index's
/// entries, and the base items an LSI fetched.
fn index_read_lines(request: &Value, charges: &[Charge], names: UnitNames, lang: Lang) -> Vec<String> {
    let tr = lang.tr();
    let mut lines = Vec::new();
    // A read on an index.
    if let Some(index) = request.get("IndexName").and_then(Value::as_str) {
        lines.push(tr.cost_read_from_index(index));
    }
    let fetched: f64 = charges.iter().filter(|c| matches!(c.scope, Scope::Fetch { .. })).map(|c| c.units).sum();
    if fetched > 0.0 {
        lines.push(tr.cost_lsi_fetch(&lang.figure(&format!("{} {}", units(fetched), names.read))));
    }
    lines
}
