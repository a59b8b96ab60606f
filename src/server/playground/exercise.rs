//! `CheckExercise`: a learner's solution checked against an exercise
//! (`engine::exercise::check`; docs/exercises.md has both formats and the
//! answer's).
//!
//! ```text
//! → {"ExerciseId": "voting", "Solution": {"Tables": […], "Mappings": {…}, "Requests": {…}}}
//! ← {"Score": {"Met": 4, "Of": 4},
//!    "Goals": [{"Goal": "NoThrottling", "Met": true, "Evidence": "No request throttled in 60 s at the patterns' rates"}, …],
//!    "AccessPatterns": [{"Name": "Record a vote", "Correct": true, "AccessPath": "PutItem",
//!       "ConsumedCapacityPerRequest": {"ReadCapacityUnits": 0.0, "WriteCapacityUnits": 1.0},
//!       "Throttled": 0, "ThrottlingReasons": {}, "Cases": [{"Parameters": {…}, "Correct": true,
//!       "Missing": [], "Extra": [], "OutOfOrder": false, …}]}, …],
//!    "MonthlyCost": {"OnDemand": …, "Provisioned": …}, "Problems": []}
//! ```
//!
//! `Exercise` is a whole exercise document; `ExerciseId` one of the built-in
//! exercises (`scenario::exercises`). The check runs in an engine of its
//! own: the endpoint's tables are not read and not changed.

use serde_json::Value;

use super::Members;
use crate::engine::exercise::{check, Exercise, Solution};
use crate::engine::ApiError;
use crate::scenario::exercises;

pub(super) fn check_exercise(request: Members) -> Result<Value, ApiError> {
    let request = request.only(&["Exercise", "ExerciseId", "Solution"])?;
    let exercise = match (request.get("Exercise"), request.string("ExerciseId")?) {
        (Some(_), Some(_)) => {
            return Err(ApiError::validation("The request: give 'Exercise' or 'ExerciseId', not both"));
        }
        (Some(document), None) => Exercise::from_json(document)?,
        (None, Some(id)) => exercises::exercise(id).ok_or_else(|| {
            ApiError::validation(format!(
                "The request: 'ExerciseId' {id} is no built-in exercise; expected one of {}",
                exercises::EXERCISE_IDS.join(", ")
            ))
        })??,
        (None, None) => return Err(request.missing("Exercise")),
    };
    let solution = Solution::from_json(request.get("Solution").ok_or_else(|| request.missing("Solution"))?)?;
    Ok(check(&exercise, &solution)?.to_json())
}
