//! The `exercise` target: an exercise and a solution, read and checked
//! (`engine::exercise`). The input is either (first byte even) a JSON
//! document `{"Exercise": …, "Solution": …}`, or (odd) decisions that
//! damage a built-in exercise and its model answer in a few places, so
//! mutations reach the check past the strict reading.
//!
//! Invariants: reading and checking never panic; a refusal is a
//! `ValidationException`; a report scores at most its total and always
//! has a JSON form.

use serde_json::Value;

use super::bytes::Choices;
use super::generate::Generator;
use super::targets::mutate_document;
use crate::engine::exercise::{check, Exercise, Solution};
use crate::engine::ApiError;
use crate::scenario::exercises;

/// The built-in exercises small enough to check thousands of times.
const SMALL: &[&str] = &["game-scores", "forum", "open-orders", "relational-hr", "voting"];

fn refused(error: &ApiError) {
    assert_eq!(error.name(), "ValidationException", "{error}");
}

pub fn exercise(data: &[u8]) {
    let mut c = Choices::new(data);
    let (exercise, solution) = if c.byte().is_multiple_of(2) {
        match serde_json::from_slice::<Value>(data.get(1..).unwrap_or_default()) {
            Ok(document) => (
                document.get("Exercise").cloned().unwrap_or(Value::Null),
                document.get("Solution").cloned().unwrap_or(Value::Null),
            ),
            Err(_) => return,
        }
    } else {
        let id = c.pick_str(SMALL);
        let text = exercises::document(id).unwrap();
        let mut exercise: Value = serde_json::from_str(text).unwrap();
        // A short review keeps an input to milliseconds.
        exercise["ReviewSeconds"] = 1.into();
        let mut solution = exercise["ModelAnswer"].take();
        if let Some(fields) = exercise.as_object_mut() {
            fields.remove("ModelAnswer");
        }
        let mut g = Generator { c: &mut c };
        let changes = 1 + g.c.below(4);
        for _ in 0..changes {
            if g.c.one_in(2) {
                mutate_document(&mut exercise, &mut g);
            } else {
                mutate_document(&mut solution, &mut g);
            }
        }
        (exercise, solution)
    };
    let exercise = match Exercise::from_json(&exercise) {
        Ok(exercise) => exercise,
        Err(e) => return refused(&e),
    };
    let solution = match Solution::from_json(&solution) {
        Ok(solution) => solution,
        Err(e) => return refused(&e),
    };
    match check(&exercise, &solution) {
        Ok(report) => {
            assert!(report.met <= report.of, "score {} of {}", report.met, report.of);
            assert_eq!(report.of, report.goals.len() + report.patterns.len());
            let json = report.to_json();
            assert_eq!(json["Score"]["Of"], report.of);
        }
        Err(e) => refused(&e),
    }
}
