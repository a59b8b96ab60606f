//! The built-in exercises: the lecture's modeling tasks, each with a model
//! answer, in English, German and Japanese (docs/exercises.md).
//!
//! Each is one exercise document in this folder (the format of
//! `engine::exercise::format`), compiled in, so every build has them:
//! ddb-local checks a solution against one by its `ExerciseId`.
//! `tests/exercises.rs` checks every model answer scores full and that a
//! naive design does not.

use crate::engine::exercise::Exercise;
use crate::engine::Result;

/// The built-in exercises' ids, in the order the lecture teaches them.
pub const EXERCISE_IDS: &[&str] = &["game-scores", "forum", "inbox", "voting", "open-orders", "relational-hr"];

/// The document of the built-in exercise `id`.
pub fn document(id: &str) -> Option<&'static str> {
    Some(match id {
        "game-scores" => include_str!("game-scores.json"),
        "forum" => include_str!("forum.json"),
        "inbox" => include_str!("inbox.json"),
        "voting" => include_str!("voting.json"),
        "open-orders" => include_str!("open-orders.json"),
        "relational-hr" => include_str!("relational-hr.json"),
        _ => return None,
    })
}

/// The built-in exercise `id`, read; `None` when there is none of that id.
pub fn exercise(id: &str) -> Option<Result<Exercise>> {
    let text = document(id)?;
    Some(
        serde_json::from_str(text)
            .map_err(|e| crate::engine::ApiError::Serialization(e.to_string()))
            .and_then(|value| Exercise::from_json(&value)),
    )
}
