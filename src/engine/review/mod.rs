//! A design review: the access patterns of an application, each served by
//! one request at a rate, run against the user's own tables and GSIs.
//!
//! For every pattern the review answers what a person designing a table
//! asks (docs/dynamodb-semantics.md, sections A, C and F):
//!
//! * **How is it served?** The request is dry run on the data as it is:
//!   by key (GetItem, BatchGetItem, a write), by a Query (on the table or
//!   an index), only by a Scan, or not at all — then DynamoDB's own error
//!   is the evidence ([`AccessPath`]).
//! * **What does one request cost?** The units of that dry run.
//! * **Does it hold at its rate?** The patterns' mix is sent for N seconds
//!   of engine time at the tables' and GSIs' partitions, each request
//!   admitted as a real one is (burst, adaptive capacity, the per-partition
//!   limits, GSI back-pressure, on-demand limits): requests, throttled, and
//!   the throttling reasons. A pattern's partition key value varies as its
//!   [`KeyVariation`] says.
//! * **What does a month cost?** On demand, and provisioned at the
//!   capacity its rate needs ([`prices`]).
//! * **What would fix a throttle?** The write (or read) shards that would
//!   spread its traffic under one partition's limit.
//!
//! A review runs on a copy of the engine: it changes no item and leaves the
//! playground as it was.

mod advice;
mod classify;
pub mod prices;
mod traffic;

use std::collections::BTreeMap;

use serde_json::Value;

pub use advice::{Demand, Fix, HotSpot};
pub use classify::{classify, search_bytes, AccessPath};

use super::capacity::ChargeKind;
use super::clock::ClockMode;
use super::error::{ApiError, Result};
use super::ordered;
use super::service::Engine;
use super::table::BillingMode;
use super::Previews;

/// The most requests per second a pattern may name.
pub const MAX_REQUESTS_PER_SECOND: f64 = 10_000_000.0;
/// The longest review, in seconds of engine time.
pub const MAX_REVIEW_SECONDS: u32 = 3_600;
/// The most partition key values a pattern's traffic may spread over.
pub const MAX_KEY_VALUES: u32 = 1_000_000;
/// The most requests one review sends in all.
pub const MAX_REVIEW_REQUESTS: f64 = 50_000_000.0;

/// How a pattern's partition key value varies from request to request.
/// The request names one value `v`; the `N` values are `v_0 … v_{N-1}` for
/// a string (as the seeds' write shards `CandidateA_0 … CandidateA_9`),
/// `v·N + i` for a number, `v` followed by the byte `i` for a binary value.
#[derive(Clone, Debug, PartialEq)]
pub enum KeyVariation {
    /// Always the request's value.
    Single,
    /// Each of `count` values equally often.
    Uniform { count: u32 },
    /// `count` values, the `k`-th one (from 1) drawn in proportion to
    /// `1 / k^exponent`.
    Zipf { count: u32, exponent: f64 },
}

/// One access pattern: a name, the request that serves it, its rate.
#[derive(Clone, Debug, PartialEq)]
pub struct AccessPattern {
    pub name: String,
    /// A DynamoDB operation (`GetItem`, `Query`, …, `ExecuteStatement`).
    pub operation: String,
    pub request: Value,
    pub requests_per_second: f64,
    pub keys: KeyVariation,
}

/// A month's cost, in US dollars.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MonthlyCost {
    pub on_demand: f64,
    /// The capacity the rate needs, provisioned for the month.
    pub provisioned: f64,
}

/// What the review found for one pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternReview {
    pub name: String,
    pub access_path: AccessPath,
    /// The request's refusal when it is unservable or invalid.
    pub error: Option<ApiError>,
    /// Units one request consumes: reads, then writes.
    pub read_units: f64,
    pub write_units: f64,
    /// Bytes one request meters apart from units: a search's
    /// `VectorSearchRequestBytes` (the engine's estimate) and the
    /// `VectorWriteRequestBytes` of the vector index entries a write changes.
    pub search_bytes: f64,
    pub vector_write_bytes: f64,
    pub requests: u64,
    pub throttled: u64,
    /// Throttled requests by throttling reason (a request refused by the
    /// table and a GSI counts under both).
    pub throttling_reasons: Vec<(String, u64)>,
    pub monthly: MonthlyCost,
    /// The capacity the rate needs per second: reads, writes.
    pub capacity_needed: (f64, f64),
    /// Whether a table or GSI it uses is asked for more than it is
    /// provisioned with, by all the patterns together: it throttles once
    /// burst capacity is spent, however short the run.
    pub over_capacity: bool,
    /// What would fix it: capacity for a table that refused it, write
    /// sharding for a key one partition cannot serve, an index for a
    /// pattern only a Scan serves ([`Fix`]).
    pub fixes: Vec<Fix>,
}

/// What a table or GSI the patterns use costs to store for a month: its
/// item bytes plus 100 bytes of overhead for each item (or index entry).
#[derive(Clone, Debug, PartialEq)]
pub struct StorageCost {
    pub table: String,
    /// A GSI's name; `None` for the table (with its LSIs' entries, which
    /// are stored with it).
    pub index: Option<String>,
    pub items: u64,
    /// The bytes billed: item bytes + 100 per item.
    pub billed_bytes: u64,
    pub monthly: f64,
}

/// A whole review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub seconds: u32,
    pub patterns: Vec<PatternReview>,
    pub storage: Vec<StorageCost>,
    /// The patterns' months and the storage, on demand and provisioned.
    pub total: MonthlyCost,
    /// The hottest partition of each table and GSI the traffic reached.
    pub hot_spots: Vec<HotSpot>,
    /// What each table and GSI is asked for a second, by all patterns.
    pub demands: BTreeMap<(String, Option<String>), Demand>,
}

impl AccessPattern {
    /// The rate and key variation must make sense; the request is checked
    /// by running it.
    pub fn check(&self) -> Result<()> {
        let name = &self.name;
        let rate = self.requests_per_second;
        if !rate.is_finite() || rate <= 0.0 {
            return Err(ApiError::validation(format!(
                "Access pattern {name}: RequestsPerSecond must be a number above 0, not {rate}"
            )));
        }
        if rate > MAX_REQUESTS_PER_SECOND {
            return Err(ApiError::validation(format!(
                "Access pattern {name}: RequestsPerSecond must be at most {MAX_REQUESTS_PER_SECOND}, not {rate}"
            )));
        }
        let count = match &self.keys {
            KeyVariation::Single => 1,
            KeyVariation::Uniform { count } => *count,
            KeyVariation::Zipf { count, exponent } => {
                if !exponent.is_finite() || *exponent <= 0.0 || *exponent > 10.0 {
                    return Err(ApiError::validation(format!(
                        "Access pattern {name}: a Zipf exponent must be above 0 and at most 10, not {exponent}"
                    )));
                }
                *count
            }
        };
        if count == 0 || count > MAX_KEY_VALUES {
            return Err(ApiError::validation(format!(
                "Access pattern {name}: Count must be between 1 and {MAX_KEY_VALUES}, not {count}"
            )));
        }
        Ok(())
    }
}

impl Engine {
    /// Reviews `patterns` over `seconds` of engine time, on a copy of the
    /// engine: nothing here changes. A pattern whose request is refused is
    /// reported with DynamoDB's error; the others still run. The same as
    /// [`Engine::start_review`] and every [`ReviewRun::step`].
    pub fn review_access_patterns(&self, patterns: &[AccessPattern], seconds: u32) -> Result<Review> {
        let mut run = self.start_review(patterns, seconds)?;
        while run.step() {}
        Ok(run.report())
    }

    /// Checks the patterns and dry runs each once, on a copy of the engine
    /// whose clock is then at the start of the review's first second.
    pub fn start_review(&self, patterns: &[AccessPattern], seconds: u32) -> Result<ReviewRun> {
        check_review(patterns, seconds)?;
        Ok(self.clone().review_run(patterns, seconds))
    }

    /// [`Engine::start_review`] on this engine itself rather than a copy,
    /// for a caller that needs it no more (the exercise check), which saves
    /// copying every table.
    pub fn into_review(self, patterns: &[AccessPattern], seconds: u32) -> Result<ReviewRun> {
        check_review(patterns, seconds)?;
        Ok(self.review_run(patterns, seconds))
    }

    /// The review's run on this engine, which it then owns. What is priced
    /// from the data as it is (storage, the index a Scan would want) is
    /// read before the dry runs and the clock change.
    fn review_run(self, patterns: &[AccessPattern], seconds: u32) -> ReviewRun {
        let storage = self.storage_of(patterns);
        let index_fixes = patterns.iter().map(|p| advice::index_fix(&self, &p.operation, &p.request)).collect();
        let mut engine = self;
        // Engine time, whatever clock the original follows.
        engine.clock_mut().set_mode(ClockMode::Manual);
        let served: Vec<classify::Served> =
            patterns.iter().map(|p| classify::serve(&mut Previews::new(&mut engine), p)).collect();
        // The traffic starts at the next whole second, as workloads do.
        let now = engine.clock().now_millis();
        engine.clock_mut().advance(1000 - now % 1000);
        let start_second = engine.clock().now_millis() / 1000;
        ReviewRun {
            storage,
            traffic: traffic::Traffic::new(patterns),
            patterns: patterns.to_vec(),
            served,
            index_fixes,
            engine,
            seconds,
            done: 0,
            start_second,
        }
    }

    /// The storage of every table the patterns name, and of its GSIs.
    fn storage_of(&self, patterns: &[AccessPattern]) -> Vec<StorageCost> {
        let mut names: Vec<&str> = patterns.iter().flat_map(|p| table_names(&p.request)).collect();
        ordered::sort(&mut names);
        names.dedup();
        let cost = |table: &str, index: Option<&str>, items: usize, bytes: usize| {
            let billed =
                (bytes as u64).saturating_add((items as u64).saturating_mul(prices::STORED_ITEM_OVERHEAD_BYTES));
            StorageCost {
                table: table.to_string(),
                index: index.map(str::to_string),
                items: items as u64,
                billed_bytes: billed,
                monthly: billed as f64 / 1e9 * prices::STORAGE_GB_MONTH_PRICE,
            }
        };
        let mut out = Vec::new();
        for name in names {
            let Some(table) = self.tables.get(name) else { continue };
            out.push(cost(name, None, table.storage.item_count(), table.storage.size_bytes()));
            for index in table.definition.indexes.iter().filter(|i| i.kind == super::index::IndexKind::Global) {
                if let Some(store) = table.index_store(&index.name) {
                    out.push(cost(name, Some(&index.name), store.entry_count(), store.size_bytes()));
                }
            }
            // A vector index is billed as table storage by its IndexSizeBytes
            // (no per-entry overhead is published for it).
            for index in &table.definition.vector_indexes {
                if let Some(store) = table.vector_stores.get(&index.name) {
                    let billed = store.size_bytes() as u64;
                    out.push(StorageCost {
                        table: name.to_string(),
                        index: Some(index.name.clone()),
                        items: store.len() as u64,
                        billed_bytes: billed,
                        monthly: billed as f64 / 1e9 * prices::STORAGE_GB_MONTH_PRICE,
                    });
                }
            }
        }
        out
    }
}

/// What a review refuses before it starts: seconds out of range, a pattern
/// that does not read, more requests than a review may send.
fn check_review(patterns: &[AccessPattern], seconds: u32) -> Result<()> {
    if seconds == 0 || seconds > MAX_REVIEW_SECONDS {
        return Err(ApiError::validation(format!("Seconds must be between 1 and {MAX_REVIEW_SECONDS}, not {seconds}")));
    }
    for pattern in patterns {
        pattern.check()?;
    }
    let total_rate: f64 = patterns.iter().map(|p| p.requests_per_second).sum();
    if total_rate * f64::from(seconds) > MAX_REVIEW_REQUESTS {
        return Err(ApiError::validation(format!(
            "A review may send at most {MAX_REVIEW_REQUESTS} requests: {total_rate} per second for {seconds} s is more"
        )));
    }
    Ok(())
}

/// The tables a request names: `TableName`, the keys of `RequestItems`,
/// the tables of `TransactItems`; a statement's table is found through its
/// charges instead.
fn table_names(request: &Value) -> Vec<&str> {
    let mut names: Vec<&str> = request.get("TableName").and_then(Value::as_str).into_iter().collect();
    if let Some(items) = request.get("RequestItems").and_then(Value::as_object) {
        names.extend(items.keys().map(String::as_str));
    }
    for action in request.get("TransactItems").and_then(Value::as_array).into_iter().flatten() {
        let inner = action.as_object().and_then(|a| a.values().next());
        names.extend(inner.and_then(|i| i.get("TableName")).and_then(Value::as_str));
    }
    if let Some(statement) = request.get("Statement").and_then(Value::as_str) {
        if let Ok(parsed) = super::partiql::parser::parse(statement) {
            // The name lives in the request's text, so it can be borrowed from it.
            let table = parsed.source().table.clone();
            if let Some(at) = statement.find(table.as_str()) {
                names.extend(statement.get(at..at + table.len()));
            }
        }
    }
    names
}

/// A review under way, one second at a time (so the page can show it
/// filling in without blocking): made by [`Engine::start_review`], moved on
/// by [`ReviewRun::step`], read with [`ReviewRun::report`]. Its engine is
/// the copy the traffic runs on: its tables' metrics and top keys
/// ([`Engine::metrics`]) are the review's heatmaps.
#[derive(Clone)]
pub struct ReviewRun {
    patterns: Vec<AccessPattern>,
    served: Vec<classify::Served>,
    /// The index each pattern would want if only a Scan served it.
    index_fixes: Vec<Option<Fix>>,
    traffic: traffic::Traffic,
    storage: Vec<StorageCost>,
    engine: Engine,
    seconds: u32,
    done: u32,
    start_second: u64,
}

impl ReviewRun {
    /// Simulates the next second; `false` once every second is done.
    pub fn step(&mut self) -> bool {
        if self.done >= self.seconds {
            return false;
        }
        self.traffic.second(&mut self.engine, &self.patterns, &self.served);
        self.done += 1;
        true
    }

    pub fn seconds_done(&self) -> u32 {
        self.done
    }

    /// The seconds the whole review runs.
    pub fn seconds(&self) -> u32 {
        self.seconds
    }

    pub fn is_finished(&self) -> bool {
        self.done >= self.seconds
    }

    /// The engine second the traffic started at.
    pub fn start_second(&self) -> u64 {
        self.start_second
    }

    /// The copy of the engine the review runs on.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// What the review found so far.
    pub fn report(&self) -> Review {
        let demands = self.demands();
        let mut reviews = Vec::new();
        let mut total = MonthlyCost::default();
        let fixes = self.patterns.iter().zip(&self.index_fixes);
        for (((pattern, serve), count), (_, index_fix)) in
            self.patterns.iter().zip(&self.served).zip(&self.traffic.counts).zip(fixes)
        {
            let (read_units, write_units) = units(&serve.charges);
            let rate = pattern.requests_per_second;
            let capacity_needed = (rate * read_units, rate * write_units);
            // Vector bytes cost the same whatever the capacity mode.
            let vector_month = rate
                * prices::MONTH_SECONDS
                * (prices::vector_bytes(serve.search_bytes, prices::VECTOR_SEARCH_PRICE_PER_GB)
                    + prices::vector_bytes(serve.vector_write_bytes, prices::VECTOR_WRITE_PRICE_PER_GB));
            let monthly = MonthlyCost {
                on_demand: prices::on_demand(capacity_needed.0, capacity_needed.1) * prices::MONTH_SECONDS
                    + vector_month,
                provisioned: prices::provisioned_month(capacity_needed.0, capacity_needed.1) + vector_month,
            };
            total.on_demand += monthly.on_demand;
            total.provisioned += monthly.provisioned;
            let fixes = advice::fixes(serve, pattern, &count.reasons, &demands, index_fix);
            let over_capacity = serve.charges.iter().any(|c| demands.get(&advice::target(c)).is_some_and(Demand::over));
            reviews.push(PatternReview {
                name: pattern.name.clone(),
                access_path: serve.path.clone(),
                error: serve.error.clone(),
                read_units,
                write_units,
                search_bytes: serve.search_bytes,
                vector_write_bytes: serve.vector_write_bytes,
                requests: count.requests,
                throttled: count.throttled,
                throttling_reasons: count.reasons.clone(),
                monthly,
                capacity_needed,
                over_capacity,
                fixes,
            });
        }
        let stored: f64 = self.storage.iter().map(|s| s.monthly).sum();
        total.on_demand += stored;
        total.provisioned += stored;
        let to = self.start_second + u64::from(self.done);
        let mut hot_spots: Vec<HotSpot> = self
            .storage
            .iter()
            .filter_map(|s| self.engine.hot_spot(&s.table, s.index.as_deref(), self.start_second, to))
            .collect();
        // The hottest first.
        ordered::sort_by(&mut hot_spots, |a, b| b.throttled.cmp(&a.throttled).then(b.consumed.total_cmp(&a.consumed)));
        Review { seconds: self.done, patterns: reviews, storage: self.storage.clone(), total, hot_spots, demands }
    }

    /// What each table and GSI is asked for a second by all the patterns
    /// together, beside what it is provisioned with.
    fn demands(&self) -> BTreeMap<(String, Option<String>), Demand> {
        let mut out: BTreeMap<(String, Option<String>), Demand> = BTreeMap::new();
        for (pattern, serve) in self.patterns.iter().zip(&self.served) {
            for charge in &serve.charges {
                let (table, index) = advice::target(charge);
                let demand = out.entry((table.clone(), index.clone())).or_insert_with(|| Demand {
                    provisioned: self.engine.table(&table).and_then(|t| {
                        let d = &t.definition;
                        let throughput = match &index {
                            None => &d.throughput,
                            Some(name) => &d.indexes.iter().find(|i| &i.name == name)?.throughput,
                        };
                        (d.billing_mode == BillingMode::Provisioned)
                            .then_some((throughput.read_capacity_units as f64, throughput.write_capacity_units as f64))
                    }),
                    ..Demand::default()
                });
                let units = charge.units * pattern.requests_per_second;
                match charge.kind {
                    ChargeKind::Read(_) | ChargeKind::TransactionalRead => demand.read += units,
                    ChargeKind::Write | ChargeKind::TransactionalWrite => demand.write += units,
                    ChargeKind::VectorWrite => {}
                }
            }
        }
        out
    }
}

/// Read and write units of one request's charges.
fn units(charges: &[super::capacity::Charge]) -> (f64, f64) {
    charges.iter().fold((0.0, 0.0), |(r, w), c| match c.kind {
        ChargeKind::Read(_) | ChargeKind::TransactionalRead => (r + c.units, w),
        ChargeKind::Write | ChargeKind::TransactionalWrite => (r, w + c.units),
        ChargeKind::VectorWrite => (r, w),
    })
}
