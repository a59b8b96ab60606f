//! The built-in lessons: every lesson of `docs/lessons.md` as a
//! scenario a lecturer clicks through.
//!
//! A lesson is a small JSON document in `data/` (compiled in natively; the
//! browser fetches it when the lesson is opened, see [`catalog`]). It says,
//! in the seeds' own data:
//!
//! ```text
//!   tables      compact table specs ("pk": "UserId S", "gsi": [...])  ─┐ setup: each one sent
//!   items       rows under a header row, or plain items                ├─ through Engine::execute,
//!   setup       extra requests (UpdateTimeToLive, …), generated data  ─┘ so the data is validated
//!   operations  named requests: the scenario's saved operations
//!   steps       what to run (an operation, a workload, a view) and what to notice
//!   checklists  access patterns → the operations that serve them
//! ```
//!
//! [`lesson::Lesson::parse`] reads the document; [`setup::scenario`] builds
//! the playground by *sending requests*, exactly as a student would, so a
//! lesson whose data breaks a DynamoDB rule fails to build (and its test
//! fails) instead of showing impossible data. A few data sets are too
//! regular or too large to write out (fifty 256 KB messages, three hundred
//! finished games): [`generate`] makes them, again through requests.
//!
//! The access-pattern checklist ([`checklist`]) classifies each pattern from
//! the requests that serve it: by key (GetItem, BatchGetItem), by Query (on
//! the table or an index), or only by Scan, whose cost it measures with
//! [`crate::engine::Engine::dry_run`] on the lesson's data. A pattern the
//! design cannot serve carries the reason in words (seed 004, Appendix-2:
//! `begins_with` works only on a sort key).
//!
//! Each checklist is also the scenario's access patterns
//! ([`Lesson::access_patterns`](lesson::Lesson::access_patterns)), so a lesson opens with them in the page's
//! access patterns panel, at the seeds' rates where the seeds give one.
//!
//! Workloads ([`workload`]) are the hot-key lab's traffic (seeded, on a
//! fresh lab table), so a step can say "run this" and a test can assert
//! exactly what the class will see.
//!
//! [`catalog`] lists the lessons in the order `docs/lessons.md` gives them.
//!
//! The documents are English. A lesson's texts in German and Japanese are
//! overlays on them ([`overlay`]: `data/de/`, `data/ja/`), shown in the
//! page's language; what the lesson does is the same in every language.

pub mod catalog;
pub mod checklist;
pub mod generate;
pub mod lesson;
pub mod overlay;
pub mod setup;
pub mod workload;

pub use catalog::{entry, Entry, LessonLibrary, CATALOG, LESSON_IDS};
pub use checklist::{assess, Assessment, RequestCost, Verdict};
pub use lesson::{Checklist, Lesson, Pattern, Step, StepAction, DEFAULT_RATE};
pub use overlay::Overlay;
pub use workload::LessonWorkload;
