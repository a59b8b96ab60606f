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

mod classify;
pub mod prices;
mod traffic;

use serde_json::Value;

pub use classify::AccessPath;

use super::capacity::ChargeKind;
use super::clock::ClockMode;
use super::error::{ApiError, Result};
use super::partition::{PARTITION_MAX_RCU, PARTITION_MAX_WCU};
use super::service::Engine;
use super::throttling::LimitType;

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
    pub requests: u64,
    pub throttled: u64,
    /// Throttled requests by throttling reason (a request refused by the
    /// table and a GSI counts under both).
    pub throttling_reasons: Vec<(String, u64)>,
    pub monthly: MonthlyCost,
    /// The capacity the rate needs per second: reads, writes.
    pub capacity_needed: (f64, f64),
    /// For a pattern its partitions' limits throttle: how many shards of its
    /// partition key would keep each under the limit.
    pub shards_needed: Option<u32>,
}

/// A whole review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub seconds: u32,
    pub patterns: Vec<PatternReview>,
    pub total: MonthlyCost,
}

impl AccessPattern {
    /// The rate and key variation must make sense; the request is checked
    /// by running it.
    fn check(&self) -> Result<()> {
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
    /// reported with DynamoDB's error; the others still run.
    pub fn review_access_patterns(&self, patterns: &[AccessPattern], seconds: u32) -> Result<Review> {
        if seconds == 0 || seconds > MAX_REVIEW_SECONDS {
            return Err(ApiError::validation(format!(
                "Seconds must be between 1 and {MAX_REVIEW_SECONDS}, not {seconds}"
            )));
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
        let mut engine = self.clone();
        // Engine time, whatever clock the original follows.
        engine.clock_mut().set_mode(ClockMode::Manual);
        let mut served = Vec::new();
        for pattern in patterns {
            served.push(classify::serve(&mut engine, pattern));
        }
        let counts = traffic::run(&mut engine, patterns, &served, seconds);
        let mut reviews = Vec::new();
        let mut total = MonthlyCost::default();
        for ((pattern, serve), count) in patterns.iter().zip(served).zip(counts) {
            let (read_units, write_units) = units(&serve.charges);
            let rate = pattern.requests_per_second;
            let capacity_needed = (rate * read_units, rate * write_units);
            let monthly = MonthlyCost {
                on_demand: prices::on_demand(capacity_needed.0, capacity_needed.1) * prices::MONTH_SECONDS,
                provisioned: prices::provisioned_month(capacity_needed.0, capacity_needed.1),
            };
            total.on_demand += monthly.on_demand;
            total.provisioned += monthly.provisioned;
            let key_range =
                count.reasons.iter().any(|(r, _)| r.ends_with(LimitType::KeyRangeThroughputExceeded.name()));
            let shards_needed = key_range.then(|| shards_for(capacity_needed));
            reviews.push(PatternReview {
                name: pattern.name.clone(),
                access_path: serve.path,
                error: serve.error,
                read_units,
                write_units,
                requests: count.requests,
                throttled: count.throttled,
                throttling_reasons: count.reasons,
                monthly,
                capacity_needed,
                shards_needed,
            });
        }
        Ok(Review { seconds, patterns: reviews, total })
    }
}

/// Read and write units of one request's charges.
fn units(charges: &[super::capacity::Charge]) -> (f64, f64) {
    charges.iter().fold((0.0, 0.0), |(r, w), c| match c.kind {
        ChargeKind::Read(_) | ChargeKind::TransactionalRead => (r + c.units, w),
        ChargeKind::Write | ChargeKind::TransactionalWrite => (r, w + c.units),
    })
}

/// Shards that keep one key's share under a partition's limits.
fn shards_for((read, write): (f64, f64)) -> u32 {
    let needed = (read / PARTITION_MAX_RCU).max(write / PARTITION_MAX_WCU).ceil();
    if needed.is_finite() && needed >= 1.0 {
        needed.min(f64::from(MAX_KEY_VALUES)) as u32
    } else {
        1
    }
}
