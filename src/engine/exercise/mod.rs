//! Exercises: the learner designs the tables, the engine checks them.
//!
//! An exercise gives entity types with their records, access patterns with
//! cases (what each must return or store) and goals; a solution gives
//! tables, a mapping of every entity type onto items, and one request per
//! pattern ([`format`](mod@format) has both; docs/exercises.md the whole account).
//! [`check`] is the one function the page and ddb-local's `CheckExercise`
//! call:
//!
//! ```text
//!   Exercise + Solution
//!        │ format      read strictly; what joins them checked
//!        │ load        a fresh engine: CreateTable each table (a refusal is
//!        │             that table's problem), PutItem each record through its
//!        │             mappings; which record made which key is remembered
//!        │ cases       each read case: the request with its parameters, every
//!        │             page; items traced back to records → Missing, Extra,
//!        │             OutOfOrder; each write case on a copy: the record's
//!        │             items must then be stored, exactly
//!        │ review      the design review (engine::review) of every pattern at
//!        │             its rate on the loaded data: access path, units,
//!        │             throttles, the month's cost
//!        │ goals       each goal Met or not, with evidence in words
//!        ▼
//!   CheckReport (report): score = goals met + patterns correct, over their number
//! ```
//!
//! A pattern is correct when its request is served (DynamoDB does not
//! refuse it) and every case is correct. The check is deterministic: a
//! fresh engine on the engine clock, records generated from their seed,
//! everything in a fixed order, so the same exercise and solution give the
//! same report in the page and on ddb-local. It changes nothing outside its
//! own engine.

pub mod cases;
pub mod format;
pub mod goals;
pub mod load;
pub mod placeholder;
mod read;
pub mod report;
mod variation;

pub use format::{Exercise, Solution};
pub use report::{CheckReport, GoalReport, PatternReport, Problem};

use crate::engine::error::Result;
use crate::engine::review::{AccessPath, AccessPattern};
use crate::engine::settings::EngineSettings;
use format::Kind;

/// Checks `solution` against `exercise` (module docs). `Err` only for a
/// solution that does not fit the exercise (a `ValidationException` naming
/// the member); whatever DynamoDB refuses is reported in the result.
pub fn check(exercise: &Exercise, solution: &Solution) -> Result<CheckReport> {
    solution.check_against(exercise)?;
    let mut loaded = load::load(exercise, solution)?;
    let mut case_reports = Vec::with_capacity(exercise.patterns.len());
    for pattern in &exercise.patterns {
        let Some(request) = solution.requests.get(&pattern.name) else {
            case_reports.push(Vec::new());
            continue;
        };
        let reports = pattern
            .cases
            .iter()
            .map(|case| match pattern.kind {
                Kind::Read => cases::read_case(&mut loaded.engine, &loaded.owners, pattern, request, case),
                Kind::Write => cases::write_case(&loaded.engine, exercise, solution, request, case),
            })
            .collect();
        case_reports.push(reports);
    }
    // The review runs with DynamoDB's own timings and admission.
    *loaded.engine.settings_mut() = EngineSettings::default();
    let mut review_patterns = Vec::with_capacity(exercise.patterns.len());
    for pattern in &exercise.patterns {
        let Some(request) = solution.requests.get(&pattern.name) else { continue };
        review_patterns.push(AccessPattern {
            name: pattern.name.clone(),
            operation: request.operation.clone(),
            request: cases::filled(request, pattern.cases.first())?,
            requests_per_second: pattern.requests_per_second,
            keys: variation::of(&loaded.engine, pattern, request),
        });
    }
    let review = loaded.engine.review_access_patterns(&review_patterns, exercise.review_seconds)?;
    let mut patterns = Vec::with_capacity(exercise.patterns.len());
    for ((pattern, reviewed), cases) in exercise.patterns.iter().zip(&review.patterns).zip(case_reports) {
        let served = reviewed.error.is_none() && reviewed.access_path != AccessPath::Unservable;
        patterns.push(PatternReport {
            name: pattern.name.clone(),
            correct: served && cases.iter().all(|c| c.correct),
            access_path: reviewed.access_path.clone(),
            read_units: reviewed.read_units,
            write_units: reviewed.write_units,
            requests: reviewed.requests,
            throttled: reviewed.throttled,
            throttling_reasons: reviewed.throttling_reasons.clone(),
            over_capacity: reviewed.over_capacity,
            error: reviewed.error.clone(),
            cases,
        });
    }
    let goals = goals::evaluate(exercise, &loaded.engine, &loaded.tables, &review, &patterns);
    let met = goals.iter().filter(|g| g.met).count() + patterns.iter().filter(|p| p.correct).count();
    Ok(CheckReport {
        met,
        of: goals.len() + patterns.len(),
        goals,
        patterns,
        monthly_on_demand: review.total.on_demand,
        monthly_provisioned: review.total.provisioned,
        review_seconds: review.seconds,
        problems: loaded.problems.listed,
        more_problems: loaded.problems.more,
    })
}

#[cfg(test)]
mod tests;
