//! What DynamoDB charges, in one place: us-east-1 (N. Virginia), Standard
//! table class, in US dollars. Other regions, Standard-IA, reserved
//! capacity and the free tier are not modelled.
//!
//! Sources: the AWS pricing pages (aws.amazon.com/dynamodb/pricing/on-demand/
//! and /provisioned/), the on-demand figures as in effect since AWS halved
//! on-demand throughput prices on 2024-11-01; checked on [`PRICES_CHECKED`].

/// One million read request units on demand.
pub const READ_PRICE_PER_MILLION: f64 = 0.125;
/// One million write request units on demand.
pub const WRITE_PRICE_PER_MILLION: f64 = 0.625;
/// One read capacity unit provisioned for an hour.
pub const RCU_HOUR_PRICE: f64 = 0.00013;
/// One write capacity unit provisioned for an hour.
pub const WCU_HOUR_PRICE: f64 = 0.00065;
/// The bytes DynamoDB adds to every stored item (and index entry) when it
/// bills storage.
pub const STORED_ITEM_OVERHEAD_BYTES: u64 = 100;
/// One GB (10⁹ bytes) stored for a month.
pub const STORAGE_GB_MONTH_PRICE: f64 = 0.25;
/// One GB (10⁹ bytes) of `VectorWriteRequestBytes` (a vector index's
/// entries written) and of `VectorSearchRequestBytes` (searches), on demand:
/// AWS's pricing page and a Cost Explorer back-calculation, August 2026
/// (`docs/vector-search.md`). Whether AWS's GB is 10⁹ or 2³⁰ bytes is not
/// published; like storage, 10⁹ here.
pub const VECTOR_WRITE_PRICE_PER_GB: f64 = 0.52;
pub const VECTOR_SEARCH_PRICE_PER_GB: f64 = 0.002;
/// When and where the prices above hold.
pub const PRICES_CHECKED: &str = "2026-11-22";
pub const PRICES_REGION: &str = "us-east-1";

/// A month as the review counts it: 30 days.
pub const MONTH_SECONDS: f64 = 30.0 * 24.0 * 3600.0;
/// The same month in hours, for provisioned capacity.
pub const MONTH_HOURS: f64 = 30.0 * 24.0;

/// The dollars `read` read units and `write` write units cost on demand.
pub fn on_demand(read: f64, write: f64) -> f64 {
    (read * READ_PRICE_PER_MILLION + write * WRITE_PRICE_PER_MILLION) / 1_000_000.0
}

/// The dollars `bytes` of vector requests cost at `per_gb`.
pub fn vector_bytes(bytes: f64, per_gb: f64) -> f64 {
    bytes / 1e9 * per_gb
}

/// A month of `rcu` and `wcu` provisioned.
pub fn provisioned_month(rcu: f64, wcu: f64) -> f64 {
    (rcu * RCU_HOUR_PRICE + wcu * WCU_HOUR_PRICE) * MONTH_HOURS
}
