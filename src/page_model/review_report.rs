//! The one-page design review: a [`Review`] worded in the page's language
//! as a [`ReviewReport`] — headings, tables and lines — which the page
//! draws as HTML and exports as Markdown ([`ReviewReport::markdown`]), so
//! the screen, the print and the file say the same.
//!
//! Per pattern a verdict with its evidence: ✓ by key, ✓ Query, ✗ only by
//! Scan, ✗ unservable (DynamoDB's own error), ⚠ throttles at this rate (the
//! throttling reasons); the cost table (on demand and provisioned per month,
//! storage, total); the hottest partition of each table and GSI and the key
//! that made it hot; and the fix in the lecture material's vocabulary.

use crate::engine::review::{prices, AccessPath, AccessPattern, Fix, PatternReview, Review};
use crate::engine::table::BillingMode;
use crate::engine::Engine;
use crate::i18n::{numbers, Lang, Msg};
use serde_json::Value;

use super::cost::{units, UnitNames};

/// How a pattern fared, for the verdict's mark and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    ByKey,
    Query,
    Search,
    Scan,
    Unservable,
    Throttles,
}

impl Verdict {
    pub fn of(p: &PatternReview) -> Verdict {
        match &p.access_path {
            AccessPath::Unservable => Verdict::Unservable,
            AccessPath::Scan { .. } => Verdict::Scan,
            _ if p.throttled > 0 || p.over_capacity => Verdict::Throttles,
            AccessPath::ByKey(_) => Verdict::ByKey,
            AccessPath::Query { .. } => Verdict::Query,
            AccessPath::Search { .. } => Verdict::Search,
        }
    }

    /// `ok`, `scan`, `no` or `warn`: the class the page colours it by.
    pub fn class(self) -> &'static str {
        match self {
            Verdict::ByKey | Verdict::Query | Verdict::Search => "ok",
            Verdict::Scan => "scan",
            Verdict::Unservable => "no",
            Verdict::Throttles => "warn",
        }
    }

    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Verdict::ByKey => lang.t(Msg::VerdictKey),
            Verdict::Query => lang.t(Msg::VerdictQuery),
            Verdict::Search => lang.review().search,
            Verdict::Scan => lang.t(Msg::VerdictScan),
            Verdict::Unservable => lang.t(Msg::VerdictUnservable),
            Verdict::Throttles => lang.review().throttles,
        }
    }
}

/// A table of the report: its header and rows of cells, plain text.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// One pattern's line of the verdict table.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternLine {
    pub verdict: Verdict,
    pub cells: Vec<String>,
}

/// The review, worded.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewReport {
    pub title: String,
    pub intro: String,
    pub design_heading: String,
    /// The tables reviewed and their indexes: keys, projection, capacity.
    pub design: Vec<String>,
    pub patterns_heading: String,
    pub pattern_header: Vec<String>,
    pub patterns: Vec<PatternLine>,
    pub cost_heading: String,
    pub cost: Grid,
    pub prices_note: String,
    pub hot_heading: String,
    pub hot_spots: Vec<String>,
    pub fix_heading: String,
    pub fixes: Vec<String>,
}

fn money(lang: Lang, amount: f64) -> String {
    // A tenth of a cent a month is nothing anyone pays.
    if amount > 0.0 && amount < 0.001 {
        return format!("< {}", lang.dollars("$0.001"));
    }
    let english = if amount >= 1.0 && amount.is_finite() {
        let cents = (amount * 100.0).round() as u64;
        format!("${}.{:02}", numbers::grouped(cents / 100), cents % 100)
    } else {
        super::cost::dollars(amount)
    };
    lang.dollars(&english)
}

fn bytes(lang: Lang, n: u64) -> String {
    const UNITS: [(&str, f64); 3] = [("GB", 1e9), ("MB", 1e6), ("KB", 1e3)];
    match UNITS.iter().find(|(_, size)| n as f64 >= *size) {
        Some((unit, size)) => format!("{} {unit}", lang.number((n as f64 / size * 10.0).round() / 10.0)),
        None => format!("{} B", lang.count(n)),
    }
}

/// Whether the pattern's table bills on demand (its units are then
/// request units).
fn on_demand(engine: &Engine, request_table: Option<&str>) -> bool {
    request_table.and_then(|t| engine.table(t)).is_some_and(|t| t.definition.billing_mode == BillingMode::PayPerRequest)
}

/// "1 WCU", "0.5 RCU + 2 WCU": the kinds used, or "0 RCU".
pub fn read_write(read: f64, write: f64, names: UnitNames, lang: Lang) -> String {
    let mut parts = Vec::new();
    if read > 0.0 || write == 0.0 {
        parts.push(format!("{} {}", units(read), names.read));
    }
    if write > 0.0 {
        parts.push(format!("{} {}", units(write), names.write));
    }
    lang.figure(&parts.join(" + "))
}

fn per_request(p: &PatternReview, names: UnitNames, lang: Lang) -> String {
    if p.error.is_some() {
        return "–".into();
    }
    let words = lang.review();
    if matches!(p.access_path, AccessPath::Search { .. }) {
        return (words.searched_bytes)(&bytes(lang, p.search_bytes as u64));
    }
    let units = read_write(p.read_units, p.write_units, names, lang);
    if p.vector_write_bytes > 0.0 {
        return format!("{units} + {}", (words.vector_written)(&bytes(lang, p.vector_write_bytes as u64)));
    }
    units
}

/// `Votes` or `Orders/ByStatus`.
fn place(table: &str, index: Option<&str>) -> String {
    match index {
        Some(index) => format!("{table}/{index}"),
        None => table.to_string(),
    }
}

fn evidence(p: &PatternReview, review: &Review, lang: Lang) -> String {
    let words = lang.review();
    if let Some(error) = &p.error {
        return format!("{}: {}", error.name(), error.message());
    }
    if p.throttled == 0 && p.over_capacity {
        // A short run rode on burst capacity: say which table cannot keep up.
        let over = p.fixes.iter().find_map(|f| match f {
            Fix::Provision { index, .. } => Some(index.clone()),
            _ => None,
        });
        let demand = over.and_then(|index| {
            review.demands.iter().find(|((_, i), d)| *i == index && d.over()).map(|((t, i), d)| (t, i, d))
        });
        if let Some((table, index, demand)) = demand {
            let (r, w) = demand.provisioned.unwrap_or_default();
            let names = UnitNames::PROVISIONED;
            return (words.over_capacity)(
                &place(table, index.as_deref()),
                &read_write(demand.read, demand.write, names, lang),
                &read_write(r, w, names, lang),
            );
        }
    }
    if p.throttled > 0 {
        let reasons: Vec<String> =
            p.throttling_reasons.iter().map(|(r, n)| format!("{r} × {}", lang.count(*n))).collect();
        return (words.throttled_evidence)(&lang.count(p.throttled), &lang.count(p.requests), &reasons.join(", "));
    }
    match &p.access_path {
        AccessPath::ByKey(op) => (words.by_key)(op),
        AccessPath::Query { index: None } => words.query_on_table.to_string(),
        AccessPath::Query { index: Some(index) } => (words.query_on_index)(index),
        AccessPath::Scan { .. } => words.scan_reads_all.to_string(),
        AccessPath::Search { index } => (words.search_on_index)(index),
        AccessPath::Unservable => String::new(),
    }
}

fn fix_text(p: &PatternReview, fix: &Fix, table: Option<&str>, lang: Lang) -> String {
    let words = lang.review();
    let text = match fix {
        Fix::WriteSharding { shards, key, index } => {
            let last = shards.saturating_sub(1);
            let named = match index {
                Some(index) => format!("{key} ({index})"),
                None => key.clone(),
            };
            (words.write_sharding)(&named, *shards, &format!("{key}_0"), &format!("{key}_{last}"))
        }
        Fix::Provision { index, read, write } => {
            let name = place(table.unwrap_or_default(), index.as_deref());
            let needed = read_write(read.ceil(), write.ceil(), UnitNames::PROVISIONED, lang);
            (words.provision)(index.is_some(), &name, &needed)
        }
        Fix::GlobalSecondaryIndex { partition_key, sort_key, sparse } => {
            let mut text = match partition_key {
                Some(pk) => {
                    let mut text = (words.gsi)(pk);
                    if !sort_key.is_empty() {
                        text.push_str(&(words.composite_sort_key)(&sort_key.join(", "), &sort_key.join("#")));
                    }
                    if *sparse {
                        text.push_str(words.sparse);
                    }
                    text
                }
                None => (words.gsi_sorted)(&sort_key.join("#")),
            };
            text.push_str(words.full_stop);
            text
        }
    };
    format!("{}: {text}", p.name)
}

/// The table a request names first (`TableName`, or the first of
/// `RequestItems`).
pub fn table_of(request: &serde_json::Value) -> Option<&str> {
    request.get("TableName").and_then(|t| t.as_str()).or_else(|| {
        request.get("RequestItems").and_then(|t| t.as_object()).and_then(|t| t.keys().next()).map(String::as_str)
    })
}

/// `Candidate (S) HASH, Date (S) RANGE`: a key schema as DescribeTable
/// shows it, with each attribute's type from `definitions`.
fn key_text(schema: Option<&Value>, definitions: Option<&Value>) -> String {
    let type_of = |name: &str| {
        definitions
            .and_then(Value::as_array)
            .and_then(|defs| defs.iter().find(|d| d["AttributeName"] == name))
            .and_then(|d| d["AttributeType"].as_str())
            .unwrap_or("?")
            .to_string()
    };
    schema
        .and_then(Value::as_array)
        .map(|keys| {
            keys.iter()
                .map(|k| {
                    let name = k["AttributeName"].as_str().unwrap_or_default();
                    format!("{name} ({}) {}", type_of(name), k["KeyType"].as_str().unwrap_or_default())
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// `10,000 RCU / 10,000 WCU`, or on demand.
fn capacity_text(billing_on_demand: bool, throughput: Option<&Value>, lang: Lang) -> String {
    if billing_on_demand {
        return lang.t(Msg::OnDemand).to_string();
    }
    let units = |member: &str| throughput.and_then(|t| t[member].as_u64()).unwrap_or(0);
    format!("{} RCU / {} WCU", lang.count(units("ReadCapacityUnits")), lang.count(units("WriteCapacityUnits")))
}

/// One line per table the review names, and one per index of it, in the
/// API's own words (key roles, projection types, RCU and WCU).
fn design_lines(review: &Review, engine: &Engine, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    for stored in review.storage.iter().filter(|s| s.index.is_none()) {
        let Some(table) = engine.table(&stored.table) else { continue };
        let d = table.describe("ACTIVE", 0);
        let on_demand = d.pointer("/BillingModeSummary/BillingMode").and_then(Value::as_str) == Some("PAY_PER_REQUEST");
        let definitions = d.get("AttributeDefinitions");
        lines.push(format!(
            "{}: {} · {}",
            stored.table,
            key_text(d.get("KeySchema"), definitions),
            capacity_text(on_demand, d.get("ProvisionedThroughput"), lang)
        ));
        for (member, kind) in [("GlobalSecondaryIndexes", "GSI"), ("LocalSecondaryIndexes", "LSI")] {
            for index in d.get(member).and_then(Value::as_array).into_iter().flatten() {
                let mut line = format!(
                    "{}/{} ({kind}): {} · Projection {}",
                    stored.table,
                    index["IndexName"].as_str().unwrap_or_default(),
                    key_text(index.get("KeySchema"), definitions),
                    index.pointer("/Projection/ProjectionType").and_then(Value::as_str).unwrap_or_default()
                );
                if kind == "GSI" {
                    line.push_str(&format!(
                        " · {}",
                        capacity_text(on_demand, index.get("ProvisionedThroughput"), lang)
                    ));
                }
                lines.push(line);
            }
        }
        // Vector indexes in the API's words: VectorAttribute, Dimensions,
        // DistanceFunction, SearchSchema.
        for index in d.get("VectorIndexes").and_then(Value::as_array).into_iter().flatten() {
            let text = |pointer: &str| index.pointer(pointer).map(|v| v.as_str().map_or(v.to_string(), str::to_string));
            let schema: Vec<String> = index
                .get("SearchSchema")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|e| {
                    let name = e.get("AttributeName").and_then(Value::as_str).unwrap_or_default();
                    let role = e.get("SearchSchemaElementType").and_then(Value::as_str).unwrap_or_default();
                    format!("{name} {role}")
                })
                .collect();
            let mut line = format!(
                "{}/{} (vector): {} · {} × {} · Projection {}",
                stored.table,
                text("/IndexName").unwrap_or_default(),
                text("/VectorAttribute/AttributeName").unwrap_or_default(),
                text("/Dimensions").unwrap_or_default(),
                text("/DistanceFunction").unwrap_or_default(),
                text("/Projection/ProjectionType").unwrap_or_default()
            );
            if !schema.is_empty() {
                line.push_str(&format!(" · SearchSchema {}", schema.join(", ")));
            }
            lines.push(line);
        }
    }
    lines
}

impl ReviewReport {
    /// Words the `review` of `patterns` (in the same order) in `lang`;
    /// `engine` says the tables' billing modes and key names.
    pub fn new(review: &Review, patterns: &[AccessPattern], engine: &Engine, lang: Lang) -> ReviewReport {
        let words = lang.review();
        let mut lines = Vec::new();
        let mut cost_rows = Vec::new();
        let mut fixes = Vec::new();
        for (i, p) in review.patterns.iter().enumerate() {
            let request = patterns.get(i).map(|p| &p.request);
            let names = UnitNames::of(on_demand(engine, request.and_then(table_of)));
            let rate = patterns.get(i).map_or(0.0, |p| p.requests_per_second);
            let verdict = Verdict::of(p);
            let served_by = match p.access_path.index() {
                Some(index) => format!("{} ({index})", p.access_path.name()),
                None => p.access_path.name().to_string(),
            };
            lines.push(PatternLine {
                verdict,
                cells: vec![
                    verdict.text(lang).to_string(),
                    p.name.clone(),
                    served_by,
                    per_request(p, names, lang),
                    format!("{}/s", lang.number(rate)),
                    lang.count(p.requests),
                    lang.count(p.throttled),
                    evidence(p, review, lang),
                ],
            });
            let needed = read_write(p.capacity_needed.0, p.capacity_needed.1, names, lang);
            cost_rows.push(if p.error.is_some() {
                // Refused: it costs nothing because it cannot be served.
                vec![p.name.clone(), "–".into(), "–".into(), "–".into()]
            } else {
                vec![p.name.clone(), needed, money(lang, p.monthly.on_demand), money(lang, p.monthly.provisioned)]
            });
            let table = request.and_then(table_of);
            fixes.extend(p.fixes.iter().map(|fix| fix_text(p, fix, table, lang)));
        }
        for s in &review.storage {
            let what = match &s.index {
                Some(index) => format!("{}/{index}", s.table),
                None => s.table.clone(),
            };
            let label = (words.storage_row)(&what, s.items, &lang.count(s.items), &bytes(lang, s.billed_bytes));
            cost_rows.push(vec![label, String::new(), money(lang, s.monthly), money(lang, s.monthly)]);
        }
        cost_rows.push(vec![
            words.total.to_string(),
            String::new(),
            money(lang, review.total.on_demand),
            money(lang, review.total.provisioned),
        ]);
        let hot_spots = review
            .hot_spots
            .iter()
            .map(|h| {
                let what = match &h.index {
                    Some(index) => format!("{}/{index}", h.table),
                    None => h.table.clone(),
                };
                let mut text = (words.hot_spot)(
                    &what,
                    h.partition + 1,
                    h.partitions,
                    &lang.number((h.consumed * 10.0).round() / 10.0),
                    &lang.count(h.throttled),
                );
                if let Some(key) = &h.key {
                    text.push_str(&(words.hot_key)(&key.key, &lang.count(key.accesses), &lang.count(key.throttles)));
                }
                text
            })
            .collect::<Vec<_>>();
        ReviewReport {
            title: words.title.to_string(),
            intro: (words.intro)(review.patterns.len(), review.seconds),
            design_heading: words.design.to_string(),
            design: design_lines(review, engine, lang),
            patterns_heading: words.patterns.to_string(),
            pattern_header: [
                words.col_verdict,
                words.col_pattern,
                words.col_served_by,
                words.col_per_request,
                words.col_rate,
                words.col_requests,
                words.col_throttled,
                words.col_evidence,
            ]
            .map(str::to_string)
            .to_vec(),
            patterns: lines,
            cost_heading: words.cost.to_string(),
            cost: Grid {
                header: [words.col_pattern, words.col_capacity, words.col_on_demand, words.col_provisioned]
                    .map(str::to_string)
                    .to_vec(),
                rows: cost_rows,
            },
            prices_note: {
                let note = (words.prices_note)(prices::PRICES_REGION, prices::PRICES_CHECKED);
                if review.patterns.iter().any(|p| p.search_bytes > 0.0 || p.vector_write_bytes > 0.0) {
                    format!("{note} {}", words.vector_prices)
                } else {
                    note
                }
            },
            hot_heading: words.hot_spots.to_string(),
            hot_spots: if review.hot_spots.is_empty() { vec![words.no_traffic.to_string()] } else { hot_spots },
            fix_heading: words.fixes.to_string(),
            fixes: if fixes.is_empty() { vec![words.no_fixes.to_string()] } else { fixes },
        }
    }

    /// The report as Markdown: a title, the intro, two tables and two lists.
    pub fn markdown(&self) -> String {
        let mut out = format!("# {}\n\n{}\n\n## {}\n\n", self.title, self.intro, self.design_heading);
        for line in &self.design {
            out.push_str(&format!("- {}\n", cell(line)));
        }
        out.push_str(&format!("\n## {}\n\n", self.patterns_heading));
        table(&mut out, &self.pattern_header, self.patterns.iter().map(|l| l.cells.as_slice()));
        out.push_str(&format!("\n## {}\n\n", self.cost_heading));
        table(&mut out, &self.cost.header, self.cost.rows.iter().map(Vec::as_slice));
        out.push_str(&format!("\n{}\n\n## {}\n\n", self.prices_note, self.hot_heading));
        for line in &self.hot_spots {
            out.push_str(&format!("- {}\n", cell(line)));
        }
        out.push_str(&format!("\n## {}\n\n", self.fix_heading));
        for line in &self.fixes {
            out.push_str(&format!("- {}\n", cell(line)));
        }
        out
    }
}

/// Text safe in a Markdown table cell or list item: pipes escaped, lines
/// joined.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

fn table<'a>(out: &mut String, header: &[String], rows: impl Iterator<Item = &'a [String]>) {
    let line = |cells: &[String]| format!("| {} |\n", cells.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | "));
    out.push_str(&line(header));
    out.push_str(&format!("|{}\n", "---|".repeat(header.len())));
    for row in rows {
        out.push_str(&line(row));
    }
}
