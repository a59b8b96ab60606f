//! The exercise's goals, each Met or not with its evidence in words.
//!
//! | Goal | Met when |
//! |---|---|
//! | `ServedWithoutScan` | no pattern's request is served only by a Scan, and none is refused |
//! | `NoThrottling` | no request of the review throttled, and no table or GSI is asked for more than it is provisioned with (which throttles once burst capacity is spent, however short the review) |
//! | `MaxMonthlyCost` | the review's month (patterns at their rates plus storage) is at most the figure: provisioned when every table is, on demand otherwise |
//! | `MaxGlobalSecondaryIndexes` | the solution's tables have at most that many GSIs together |
//! | `MaxTables` | the solution creates at most that many tables |
//! | `MaxCapacityPerRequest: <pattern>` | one request of the pattern consumes at most that many units (read plus write) |

use super::format::Exercise;
use super::report::{GoalReport, PatternReport};
use crate::engine::index::IndexKind;
use crate::engine::review::{AccessPath, Review};
use crate::engine::table::BillingMode;
use crate::engine::Engine;

/// A figure in words: at most two decimals, no trailing zeros.
fn figure(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `1 table`, `2 tables`.
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn goal(goal: impl Into<String>, met: bool, evidence: String) -> GoalReport {
    GoalReport { goal: goal.into(), met, evidence }
}

/// Evaluates every goal of `exercise`.
pub fn evaluate(
    exercise: &Exercise,
    engine: &Engine,
    tables: &[String],
    review: &Review,
    patterns: &[PatternReport],
) -> Vec<GoalReport> {
    let goals = &exercise.goals;
    let mut out = Vec::new();
    if goals.served_without_scan {
        let scans: Vec<String> = patterns
            .iter()
            .filter_map(|p| match &p.access_path {
                AccessPath::Scan { .. } => Some(format!("{} is served only by a Scan", p.name)),
                AccessPath::Unservable => Some(format!("{} is not served: DynamoDB refuses its request", p.name)),
                _ => None,
            })
            .collect();
        let evidence = if scans.is_empty() {
            "Every pattern is served by key or by a Query".to_string()
        } else {
            scans.join("; ")
        };
        out.push(goal("ServedWithoutScan", scans.is_empty(), evidence));
    }
    if goals.no_throttling {
        let mut faults = Vec::new();
        for p in patterns {
            if p.throttled > 0 {
                let reasons: Vec<String> = p.throttling_reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
                faults.push(format!(
                    "{}: {} of {} requests throttled ({})",
                    p.name,
                    p.throttled,
                    p.requests,
                    reasons.join(", ")
                ));
            } else if p.over_capacity {
                faults.push(format!(
                    "{}: its table or GSI is asked for more than it is provisioned with, so it throttles once burst capacity is spent",
                    p.name
                ));
            }
        }
        let evidence = if faults.is_empty() {
            format!("No request throttled in {} s at the patterns' rates", review.seconds)
        } else {
            faults.join("; ")
        };
        out.push(goal("NoThrottling", faults.is_empty(), evidence));
    }
    if let Some(most) = goals.max_monthly_cost {
        let provisioned = !tables.is_empty()
            && tables
                .iter()
                .all(|t| engine.table(t).is_some_and(|t| t.definition.billing_mode == BillingMode::Provisioned));
        let (cost, mode) =
            if provisioned { (review.total.provisioned, "provisioned") } else { (review.total.on_demand, "on demand") };
        let met = cost <= most;
        let verb = if met { "within" } else { "over" };
        out.push(goal("MaxMonthlyCost", met, format!("${} a month {mode}, {verb} ${}", figure(cost), figure(most))));
    }
    if let Some(most) = goals.max_global_secondary_indexes {
        let n = tables
            .iter()
            .filter_map(|t| engine.table(t))
            .map(|t| t.definition.indexes.iter().filter(|i| i.kind == IndexKind::Global).count() as u64)
            .sum::<u64>();
        out.push(goal(
            "MaxGlobalSecondaryIndexes",
            n <= most,
            format!("{}; at most {most} allowed", count(n, "global secondary index", "global secondary indexes")),
        ));
    }
    if let Some(most) = goals.max_tables {
        let n = tables.len() as u64;
        out.push(goal("MaxTables", n <= most, format!("{}; at most {most} allowed", count(n, "table", "tables"))));
    }
    for (pattern, report) in exercise.patterns.iter().zip(patterns) {
        let Some(most) = pattern.max_capacity_per_request else { continue };
        let units = report.read_units + report.write_units;
        let met = report.error.is_none() && units <= most;
        let evidence = match &report.error {
            Some(e) => format!("{}: the request is refused ({})", pattern.name, e.name()),
            None => format!(
                "{}: {} units per request, {} {}",
                pattern.name,
                figure(units),
                if met { "within" } else { "over" },
                figure(most)
            ),
        };
        out.push(goal(format!("MaxCapacityPerRequest: {}", pattern.name), met, evidence));
    }
    out
}
