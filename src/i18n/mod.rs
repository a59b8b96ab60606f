//! The playground's words in English, German and Japanese: the languages of
//! the lecture material (listed in `docs/lessons.md`).
//!
//! Pure Rust and no web dependencies, so the catalogue is checked by native
//! tests; the browser side (which language is on, the switcher, the
//! remembered choice) is `src/ui/language.rs`.
//!
//! ```text
//!   component ── use_lang() ──► Lang::De
//!        │  lang.t(Msg::TablesTitle)        a fixed text:  "Tabellen"
//!        │  lang.tr().entries(3)            a text with values: "3 Einträge"
//!        │  lang.count(12345)               a figure: "12.345"
//!        ▼
//!   Lang::tr() ──► &English | &German | &Japanese, each an `impl Catalogue`
//!                     │          └──────────┴─ fixed texts: words::text ◄── words/de.txt, ja.txt
//!                     └─ fixed texts: one `match` in en.rs
//! ```
//!
//! **English in Rust, German and Japanese fixed texts in files.** Every
//! fixed text is a variant of [`Msg`]. English answers them in one
//! `match` without a wildcard arm ([`en`]): it is the language the page
//! starts in and the one shown wherever another language's words are
//! missing. German's and Japanese's fixed texts are words files
//! (`src/i18n/words/de.txt`, `ja.txt`, one line per `Msg`) that the page
//! fetches when the language is chosen and keeps for the session
//! ([`words`]): 38 KB of text the page's wasm does not carry for
//! languages most visits never choose. Every text with values (plurals,
//! figures inside sentences) is a method of the [`Catalogue`] trait, with
//! no default bodies, in Rust in all three languages ([`en`], [`de`],
//! [`ja`]); the page's release build loads German's and Japanese's methods
//! with their words too, as split modules ([`catalogues`]).
//!
//! **Completeness.** A method forgotten in one language does not compile;
//! a fixed text forgotten in a words file, given twice, out of `Msg`'s
//! order or empty fails the catalogue's tests, and the page refuses a file
//! whose ids are not exactly its own.
//!
//! **What is not translated.** DynamoDB's own vocabulary where it names a
//! thing of the API stays as the API spells it, in every language: operation
//! names (`Query`, `PutItem`, `UpdateTable`), request and response members
//! (`ConsumedCapacity`, `LastEvaluatedKey`, `ReturnValues`), enum values
//! (`ALL`, `KEYS_ONLY`, `PAY_PER_REQUEST`, `CREATING`), attribute types
//! (`S`, `N`, `B`), the key roles `HASH`/`RANGE`, the abbreviations GSI,
//! LSI, RCU, WCU, RRU, WRU, PK and SK, and every exception name and error
//! message: those are the API's answers, and students must recognise them
//! in the SDK's output and in AWS's documentation. Around them, everything
//! is translated.
//!
//! **Facts, not text.** Whatever is shown later (a notice, a lab run's
//! title, an import's warnings, the cost arithmetic) is kept as facts and
//! worded when drawn: [`Said`], [`CallSummary`], the types of `facts.rs`,
//! and two kinds owned elsewhere that stay free of languages, the engine's
//! [`Rounding`](crate::engine::capacity::Rounding) and the scenario's
//! [`Warning`](crate::scenario::Warning) (their `Display` is the English
//! the endpoint and the golden scripts use). Messages that come from
//! elsewhere are passed on as they are: DynamoDB-style error messages of
//! the engine and the scenario reader, file names, the browser's own words.
//!
//! **Figures.** Counts are grouped by the language's convention (English
//! and Japanese `12,345`, German `12.345`), and so are capacity units and
//! prices (German `1,5 RCU`, `0,125 $`): within one language a figure is
//! always read one way, never `1,234` next to `1.5`. Where the page shows
//! DynamoDB's JSON (`ConsumedCapacity`, request and response bodies), the
//! JSON is shown as it is, decimal point and all. See [`numbers`].
//!
//! # Glossary
//!
//! The terms the lecture seeds use, and so the catalogue. The German notes
//! (seed `000`) keep DynamoDB's English terms for its concepts ("Items",
//! "Partition Key", "Sort Key", "Global Secondary Index") and use German
//! for general words ("Tabelle", "Attribut", "Basistabelle", "Abfrage");
//! the Japanese notes (seeds `003`, `004`) use AWS Japan's terms. Terms
//! marked *(ours)* do not occur in the seeds.
//!
//! | English                    | Deutsch                      | 日本語                               |
//! |----------------------------|------------------------------|--------------------------------------|
//! | table                      | Tabelle                      | テーブル                             |
//! | base table                 | Basistabelle                 | ベーステーブル                       |
//! | item                       | Item (pl. Items)             | 項目                                 |
//! | item collection            | Item Collection              | 項目コレクション                     |
//! | attribute                  | Attribut                     | 属性                                 |
//! | non-key attribute          | Nicht-Schlüssel-Attribut     | 非キー属性                           |
//! | key attribute              | Schlüsselattribut            | キー属性                             |
//! | primary key                | Primary Key                  | プライマリーキー                     |
//! | partition key              | Partition Key                | パーティションキー                   |
//! | sort key                   | Sort Key                     | ソートキー                           |
//! | secondary index            | Sekundärindex (pl. Indizes)  | セカンダリーインデックス             |
//! | global secondary index     | Global Secondary Index (GSI) | グローバルセカンダリーインデックス   |
//! | local secondary index      | Local Secondary Index (LSI)  | ローカルセカンダリーインデックス     |
//! | projection                 | Projektion                   | 射影                                 |
//! | overloaded (index)         | überladen                    | オーバーロード *(ours)*              |
//! | entity type                | Entitätstyp                  | エンティティータイプ                 |
//! | request                    | Anfrage                      | リクエスト                           |
//! | read / write               | Lesen / Schreiben            | 読み取り / 書き込み                  |
//! | capacity                   | Kapazität                    | キャパシティー                       |
//! | capacity mode              | Kapazitätsmodus *(ours)*     | キャパシティーモード                 |
//! | provisioned                | provisioniert                | プロビジョンド                       |
//! | on-demand                  | On-Demand                    | オンデマンド                         |
//! | read capacity unit (RCU)   | Read Capacity Unit (RCU)     | 読み取りキャパシティーユニット (RCU) |
//! | write capacity unit (WCU)  | Write Capacity Unit (WCU)    | 書き込みキャパシティーユニット (WCU) |
//! | eventually consistent      | eventually consistent        | 結果整合性のある                     |
//! | strongly consistent read   | konsistentes Lesen           | 強力な整合性のある読み込み           |
//! | keyspace                   | Schlüsselraum *(ours)*       | キー空間 *(ours)*                    |
//! | backfilling                | Backfilling *(ours)*         | バックフィル *(ours)*                |
//! | propagation (to a GSI)     | Synchronisation              | 伝播 *(ours)*                        |
//! | reserved word              | reserviertes Wort *(ours)*   | 予約語 *(ours)*                      |
//! | placeholder (`#name`)      | Platzhalter *(ours)*         | プレースホルダー *(ours)*            |
//! | workspace (a named copy)   | Arbeitsbereich *(ours)*      | ワークスペース *(ours)*              |
//! | index entry                | Eintrag                      | エントリー                           |
//! | read / write units (sums)  | Lese-/Schreibeinheiten *(ours)* | 読み取り/書き込みユニット *(ours)* |
//! | throttled                  | gedrosselt                   | スロットリング                       |
//! | split for heat             | Split wegen Hitze *(ours)*   | 高負荷による分割 *(ours)*            |
//! | string, number, binary     | String, Zahl, Binärwert      | 文字列, 数値, バイナリ               |
//! | boolean, map, list, set    | Wahrheitswert, Map, Liste, Set | ブール, マップ, リスト, セット     |
//!
//! # Adding a text
//!
//! A fixed text: add a variant to [`Msg`], its English text to `en.rs`
//! (the compiler asks for it), and a line to `words/de.txt` and
//! `words/ja.txt` at the same place (`cargo test --lib i18n` names the
//! line that is missing). A text with values: a method of [`Catalogue`],
//! written in `en.rs`, `de.rs` and `ja.rs`. The English text is the one the
//! page showed before it was translated, byte for byte: the browser tests
//! find elements by it.

mod catalogue;
pub mod catalogues;
pub mod connect;
pub mod de;
pub mod en;
pub mod exercise;
mod facts;
pub mod ja;
mod lang;
pub mod lecturer;
pub mod limits;
pub mod numbers;
pub mod review;
pub mod words;

pub use catalogue::{CallOutcome, CallSummary, Catalogue, LabState, Msg, RowControl, Said};
pub use facts::{
    ExportStep, FetchFailure, FileFailure, FormProblem, LabProblem, LabTitle, RestoreFailure, StorageFailure,
};
pub use lang::Lang;
