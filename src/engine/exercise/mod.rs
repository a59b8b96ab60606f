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
pub mod checking;
pub mod format;
pub mod goals;
pub mod load;
pub mod placeholder;
mod read;
pub mod report;
mod variation;

pub use checking::Checking;
pub use format::{Exercise, Solution};
pub use report::{CheckReport, GoalReport, PatternReport, Problem};

use crate::engine::error::{ApiError, Result};

/// Checks `solution` against `exercise` (module docs). `Err` only for a
/// solution that does not fit the exercise (a `ValidationException` naming
/// the member); whatever DynamoDB refuses is reported in the result. The
/// same as [`Checking::start`] and every [`Checking::step`].
pub fn check(exercise: &Exercise, solution: &Solution) -> Result<CheckReport> {
    let mut checking = Checking::start(exercise, solution)?;
    while checking.step() {}
    checking.report().unwrap_or_else(|| Err(ApiError::InternalServer("The check stopped before its report".into())))
}

#[cfg(test)]
mod tests;
