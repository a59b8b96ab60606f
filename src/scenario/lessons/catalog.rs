//! The built-in lessons, in the order of `docs/lessons.md`, and the
//! [`LessonLibrary`] that holds their documents.
//!
//! The list (id, file, title, seed) is compiled in everywhere, so the
//! Lessons menu needs nothing else. The documents themselves are compiled
//! in only natively (tests, `ddb-local`); the browser build ships them as
//! static files (`index.html` copies `data/` to `lessons/`) and fetches one
//! when it is opened: about 90 KB of JSON, ~28 KB gzipped, that a visitor
//! who never opens a lesson does not download. `tests/lessons.rs` checks
//! the list against the documents.
//!
//! A lesson's texts in German or Japanese are an overlay on its document
//! ([`super::overlay`]), in `data/de/` and `data/ja/`. No build compiles
//! them in: the browser fetches the one of the page's language with the
//! document, or when the language changes. A lesson whose overlay is
//! missing or does not read shows in English.
//!
//! What has arrived is a value, not a global: a [`LessonLibrary`] holds the
//! documents and overlays at hand, and whoever reads a lesson passes it.
//! The page keeps one in its playground state and adds to it through the
//! reducer as fetches answer (`ui::state`); natively
//! [`LessonLibrary::new`] has every document already.

use std::collections::HashMap;
use std::rc::Rc;

use super::lesson::Lesson;
use super::overlay::Overlay;
use crate::engine::{ApiError, Result};
use crate::i18n::Lang;

/// What the catalog knows of a lesson without reading its document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: &'static str,
    /// The document's file name under `data/` (and, in the browser, `lessons/`).
    pub file: &'static str,
    pub title: &'static str,
    /// The seeds it follows, as the document says.
    pub seed: &'static str,
    /// The title in German and in Japanese ("" where there is none yet).
    pub title_de: &'static str,
    pub title_ja: &'static str,
}

impl Entry {
    /// The title in `lang`, English where there is no translation.
    pub fn title_in(&self, lang: Lang) -> &'static str {
        let translated = match lang {
            Lang::En => "",
            Lang::De => self.title_de,
            Lang::Ja => self.title_ja,
        };
        if translated.is_empty() {
            self.title
        } else {
            translated
        }
    }

    /// Where the overlay of this lesson's texts in `lang` is, under `data/`
    /// (and, in the browser, `lessons/`): `de/01-game-scores.json`. English
    /// has none: the document is English.
    pub fn overlay_file(&self, lang: Lang) -> Option<String> {
        (lang != Lang::En).then(|| format!("{}/{}", lang.code(), self.file))
    }
}

/// The lessons, in catalog order. The German and Japanese titles are the
/// overlays' (`data/de/`, `data/ja/`), copied here so the menu has them
/// before any document is fetched; `tests/lessons.rs` keeps the copy equal
/// to the overlays (and prints the lines to paste when it is not). An empty
/// title shows the English one.
pub const CATALOG: [Entry; 17] = [
    Entry {
        id: "game-scores",
        file: "01-game-scores.json",
        title: "GameScores and GameTitleIndex",
        seed: "000",
        title_de: "GameScores und GameTitleIndex",
        title_ja: "GameScores と GameTitleIndex",
    },
    Entry {
        id: "forum-lsi",
        file: "02-forum-lsi.json",
        title: "Forum threads and LastPostIndex",
        seed: "000",
        title_de: "Forum-Threads und LastPostIndex",
        title_ja: "フォーラムのスレッドと LastPostIndex",
    },
    Entry {
        id: "overloaded-partition",
        file: "03-overloaded-partition.json",
        title: "Products, videos, actors: joins vs. an overloaded partition",
        seed: "000",
        title_de: "Produkte, Videos, Schauspieler: Joins vs. eine überladene Partition",
        title_ja: "商品、動画、俳優: 結合か、オーバーロードしたパーティションか",
    },
    Entry {
        id: "hr-order-entry",
        file: "04-hr-order-entry.json",
        title: "HR and order entry: an adjacency list",
        seed: "000, 002",
        title_de: "HR und Auftragseingang: eine Adjazenzliste",
        title_ja: "人事と受注: 隣接リスト",
    },
    Entry {
        id: "partition-math",
        file: "05-partition-math.json",
        title: "Partitioning math",
        seed: "001",
        title_de: "Partitionsrechnung",
        title_ja: "パーティショニングの計算",
    },
    Entry {
        id: "hot-keys",
        file: "06-hot-keys.json",
        title: "Hot keys and throttling",
        seed: "000, 001",
        title_de: "Hot Keys und Throttling",
        title_ja: "ホットキーとスロットリング",
    },
    Entry {
        id: "voting",
        file: "07-voting.json",
        title: "Real-time voting: write sharding",
        seed: "001",
        title_de: "Abstimmungen in Echtzeit: Write Sharding",
        title_ja: "リアルタイム投票: 書き込みシャーディング",
    },
    Entry {
        id: "messaging",
        file: "08-messaging.json",
        title: "Messaging app: large items",
        seed: "001",
        title_de: "Messaging-App: große Items",
        title_ja: "メッセージアプリ: 大きな項目",
    },
    Entry {
        id: "gaming",
        file: "09-gaming.json",
        title: "Multiplayer gaming: filter vs. composite key",
        seed: "001",
        title_de: "Multiplayer-Spiele: Filter vs. zusammengesetzter Schlüssel",
        title_ja: "マルチプレイヤーゲーム: フィルターか複合キーか",
    },
    Entry {
        id: "sparse-index",
        file: "10-sparse-index.json",
        title: "Sparse index",
        seed: "001",
        title_de: "Sparse Index",
        title_ja: "スパースインデックス",
    },
    Entry {
        id: "time-series",
        file: "11-time-series.json",
        title: "Time series: a table per period",
        seed: "001, 003",
        title_de: "Zeitreihen: eine Tabelle pro Zeitraum",
        title_ja: "時系列データ: 期間ごとのテーブル",
    },
    Entry {
        id: "relationships",
        file: "12-relationships.json",
        title: "1:1, 1:N and N:M relationships",
        seed: "001, 003",
        title_de: "1:1-, 1:N- und N:M-Beziehungen",
        title_ja: "1:1、1:N、N:M の関係",
    },
    Entry {
        id: "composite-keys",
        file: "13-composite-keys.json",
        title: "Composite sort keys, item collections, large items, TTL",
        seed: "003",
        title_de: "Zusammengesetzte Sort Keys, Item Collections, große Items, TTL",
        title_ja: "複合ソートキー、項目コレクション、大きな項目、TTL",
    },
    Entry {
        id: "events",
        file: "14-events.json",
        title: "Events, venues, tags: GSI overloading",
        seed: "004",
        title_de: "Events, Veranstaltungsorte, Tags: GSI Overloading",
        title_ja: "イベント、会場、タグ: GSI オーバーローディング",
    },
    Entry {
        id: "failed-design",
        file: "15-failed-design.json",
        title: "The failed design (Appendix-2)",
        seed: "004",
        title_de: "Der gescheiterte Entwurf (Appendix-2)",
        title_ja: "失敗設計の例 (Appendix-2)",
    },
    Entry {
        id: "multi-attribute-keys",
        file: "16-multi-attribute-keys.json",
        title: "Synthetic keys vs. multi-attribute GSI keys",
        seed: "002",
        title_de: "Synthetische Schlüssel vs. GSI-Schlüssel aus mehreren Attributen",
        title_ja: "合成キーとマルチ属性 GSI キー",
    },
    Entry {
        id: "vector-search",
        file: "17-vector-search.json",
        title: "Vector search: the nearest items, and what a search costs",
        seed: "",
        title_de: "Vektorsuche: die nächsten Items und was eine Suche kostet",
        title_ja: "ベクトル検索: 最も近い項目と検索のコスト",
    },
];

/// The lessons' ids, in catalog order (a lesson link is `#lesson=<id>`).
pub const LESSON_IDS: [&str; 17] = [
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
    "multi-attribute-keys",
    "vector-search",
];

/// Each lesson's document, compiled in (natively only: see the module notes).
#[cfg(not(target_arch = "wasm32"))]
const SOURCES: [&str; 17] = [
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
    include_str!("data/16-multi-attribute-keys.json"),
    include_str!("data/17-vector-search.json"),
];

/// The lesson documents and overlays at hand: held by whoever reads
/// lessons (the page's playground state, a test) and passed to what needs
/// them, never kept behind the caller's back.
///
/// Natively [`LessonLibrary::new`] holds every document, compiled in; in
/// the browser it starts empty and the page hands each document over with
/// [`LessonLibrary::provide`] when it has fetched it. Overlays are handed
/// over the same way everywhere ([`LessonLibrary::provide_overlay`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonLibrary {
    /// The documents at hand, by catalog position.
    documents: [Option<Rc<str>>; 17],
    /// The overlays asked for so far, by catalog position and language: the
    /// text, or `None` where there is none (so it is not asked for again).
    overlays: HashMap<(usize, Lang), Option<Rc<str>>>,
}

impl Default for LessonLibrary {
    fn default() -> Self {
        Self::new()
    }
}

impl LessonLibrary {
    /// The library a build starts with: every document natively, none in
    /// the browser (see the module notes); no overlays.
    pub fn new() -> Self {
        #[cfg(not(target_arch = "wasm32"))]
        let documents = SOURCES.map(|source| Some(Rc::from(source)));
        #[cfg(target_arch = "wasm32")]
        let documents = Default::default();
        Self { documents, overlays: HashMap::new() }
    }

    /// Hands over lesson `id`'s document (fetched by the page, or given by
    /// a test); `false` if no lesson has that id.
    pub fn provide(&mut self, id: &str, text: &str) -> bool {
        let Some(slot) = position(id).and_then(|index| self.documents.get_mut(index)) else { return false };
        *slot = Some(Rc::from(text));
        true
    }

    /// Whether lesson `id`'s document is at hand (always, natively).
    pub fn is_available(&self, id: &str) -> bool {
        position(id).is_some_and(|index| self.source(index).is_some())
    }

    /// The document at catalog position `index`, if it is at hand.
    fn source(&self, index: usize) -> Option<&str> {
        self.documents.get(index)?.as_deref()
    }

    /// Every lesson at hand, in catalog order; a document that does not
    /// read is left out (the tests make sure none is). Natively that is all
    /// of them.
    pub fn lessons(&self) -> Vec<Lesson> {
        (0..LESSON_IDS.len()).filter_map(|index| Lesson::parse(self.source(index)?).ok()).collect()
    }

    /// The lesson with this id.
    pub fn lesson(&self, id: &str) -> Result<Lesson> {
        let index = position(id).ok_or_else(|| {
            // Ours: a lesson link with an id this build does not know.
            ApiError::validation(format!("There is no lesson \"{id}\"; the lessons are: {}", LESSON_IDS.join(", ")))
        })?;
        // Ours: in the browser, a lesson whose document has not arrived yet.
        self.source(index)
            .map(Lesson::parse)
            .unwrap_or_else(|| Err(ApiError::validation(format!("The lesson \"{id}\" is not loaded yet"))))
    }

    /// Hands over the overlay of lesson `id`'s texts in `lang` (fetched by
    /// the page, or given by a test); `None` records that there is none.
    /// `false` if no lesson has that id.
    pub fn provide_overlay(&mut self, id: &str, lang: Lang, text: Option<&str>) -> bool {
        let Some(index) = position(id) else { return false };
        self.overlays.insert((index, lang), text.map(Rc::from));
        true
    }

    /// Whether the overlay of lesson `id` in `lang` has been asked for (and
    /// is at hand, or known not to exist); English needs none.
    pub fn has_overlay_answer(&self, id: &str, lang: Lang) -> bool {
        lang == Lang::En || position(id).is_some_and(|index| self.overlays.contains_key(&(index, lang)))
    }

    /// Lesson `id` with its texts in `lang`, where its overlay is at hand
    /// and reads; in English otherwise (see [`super::overlay`]).
    pub fn lesson_in(&self, id: &str, lang: Lang) -> Result<Lesson> {
        let lesson = self.lesson(id)?;
        let text = position(id).and_then(|index| self.overlays.get(&(index, lang))?.as_deref());
        Ok(match text.map(Overlay::parse) {
            Some(Ok(overlay)) => lesson.with_texts(&overlay),
            _ => lesson,
        })
    }
}

/// Where lesson `id` stands in the catalog.
fn position(id: &str) -> Option<usize> {
    LESSON_IDS.iter().position(|known| *known == id)
}

/// The catalog entry of lesson `id`.
pub fn entry(id: &str) -> Option<Entry> {
    CATALOG.iter().find(|e| e.id == id).copied()
}
