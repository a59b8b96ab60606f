//! The built-in exercises: the lecture's modeling tasks, each with a model
//! answer, in English, German and Japanese (docs/exercises.md).
//!
//! Each is one exercise document in `data/` (the format of
//! `engine::exercise::format`). The list (id and title in three languages)
//! is compiled in everywhere, so the page's Exercises menu needs nothing
//! else. The documents are compiled in only natively (tests, and ddb-local,
//! which checks a solution against one by its `ExerciseId`); the browser
//! build ships them as static files (`index.html` copies `data/` to
//! `exercises/`) and fetches one when it is opened, as it does the lessons.
//! `tests/exercises.rs` checks every model answer scores full, that a naive
//! design does not, and that the list's titles are the documents'.

use crate::engine::exercise::Exercise;
use crate::engine::Result;

/// The built-in exercises' ids, in the order the lecture teaches them.
pub const EXERCISE_IDS: &[&str] = &["game-scores", "forum", "inbox", "voting", "open-orders", "relational-hr"];

/// A built-in exercise as the menu lists it: its id and its title in
/// English, German and Japanese.
pub struct Entry {
    pub id: &'static str,
    pub titles: [&'static str; 3],
}

/// The built-in exercises, in [`EXERCISE_IDS`]' order.
pub const CATALOG: [Entry; 6] = [
    Entry {
        id: "game-scores", titles: ["Top scores per game", "Top Scores pro Spiel", "ゲームごとの最高スコア"]
    },
    Entry {
        id: "forum",
        titles: ["Forum threads by last post", "Forenthreads nach letztem Beitrag", "最終投稿順のフォーラムスレッド"],
    },
    Entry {
        id: "inbox",
        titles: [
            "A page of the inbox for at most 1 RCU",
            "Eine Seite des Posteingangs für höchstens 1 RCU",
            "受信箱の1ページを最大1 RCUで",
        ],
    },
    Entry {
        id: "voting",
        titles: [
            "1,500 votes a second, none throttled",
            "1.500 Stimmen pro Sekunde, keine gedrosselt",
            "毎秒1,500票、スロットリングなし",
        ],
    },
    Entry {
        id: "open-orders",
        titles: [
            "Open orders through a sparse index",
            "Offene Bestellungen über einen Sparse Index",
            "スパースインデックスで未出荷の注文",
        ],
    },
    Entry {
        id: "relational-hr",
        titles: [
            "A relational schema in one table",
            "Ein relationales Schema in einer Tabelle",
            "リレーショナルスキーマを一つのテーブルに",
        ],
    },
];

/// The document of the built-in exercise `id` (natively; the page fetches
/// `exercises/<id>.json`).
#[cfg(not(target_arch = "wasm32"))]
pub fn document(id: &str) -> Option<&'static str> {
    Some(match id {
        "game-scores" => include_str!("data/game-scores.json"),
        "forum" => include_str!("data/forum.json"),
        "inbox" => include_str!("data/inbox.json"),
        "voting" => include_str!("data/voting.json"),
        "open-orders" => include_str!("data/open-orders.json"),
        "relational-hr" => include_str!("data/relational-hr.json"),
        _ => return None,
    })
}

/// The built-in exercise `id`, read; `None` when there is none of that id.
#[cfg(not(target_arch = "wasm32"))]
pub fn exercise(id: &str) -> Option<Result<Exercise>> {
    Some(read(document(id)?))
}

/// An exercise document's text, read.
pub fn read(text: &str) -> Result<Exercise> {
    serde_json::from_str(text)
        .map_err(|e| crate::engine::ApiError::Serialization(e.to_string()))
        .and_then(|value| Exercise::from_json(&value))
}
