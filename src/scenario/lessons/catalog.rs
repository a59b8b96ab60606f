//! The built-in lessons, in the order of `../shared/docs/LESSONS.md`.

use super::lesson::Lesson;
use crate::engine::{ApiError, Result};

/// Each lesson's document, compiled in.
const SOURCES: [&str; 15] = [
    include_str!("data/01-game-scores.json"),
    include_str!("data/02-forum-lsi.json"),
    include_str!("data/03-overloaded-partition.json"),
    include_str!("data/04-hr-order-entry.json"),
    include_str!("data/05-partition-math.json"),
    include_str!("data/06-hot-keys.json"),
    include_str!("data/07-voting.json"),
    include_str!("data/08-messaging.json"),
    include_str!("data/09-gaming.json"),
    include_str!("data/10-sparse-index.json"),
    include_str!("data/11-time-series.json"),
    include_str!("data/12-relationships.json"),
    include_str!("data/13-composite-keys.json"),
    include_str!("data/14-events.json"),
    include_str!("data/15-failed-design.json"),
];

/// The lessons' ids, in catalog order (a lesson link is `#lesson=<id>`).
pub const LESSON_IDS: [&str; 15] = [
    "game-scores",
    "forum-lsi",
    "overloaded-partition",
    "hr-order-entry",
    "partition-math",
    "hot-keys",
    "voting",
    "messaging",
    "gaming",
    "sparse-index",
    "time-series",
    "relationships",
    "composite-keys",
    "events",
    "failed-design",
];

/// Every lesson, in catalog order; a document that does not read is left
/// out (the tests make sure none is).
pub fn lessons() -> Vec<Lesson> {
    SOURCES.iter().filter_map(|source| Lesson::parse(source).ok()).collect()
}

/// The lesson with this id.
pub fn lesson(id: &str) -> Result<Lesson> {
    let index = LESSON_IDS.iter().position(|known| *known == id).ok_or_else(|| {
        // Ours: a lesson link with an id this build does not know.
        ApiError::validation(format!("There is no lesson \"{id}\"; the lessons are: {}", LESSON_IDS.join(", ")))
    })?;
    let source = SOURCES.get(index).ok_or_else(|| ApiError::validation("The lesson catalog is incomplete"))?;
    Lesson::parse(source)
}
