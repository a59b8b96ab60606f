//! Fuzzing harnesses, shared by the cargo-fuzz targets in `fuzz/` and the
//! bounded replay in `tests/fuzz_replay.rs` (so the test command runs the
//! very code the fuzzer ran). Not part of the playground's API.
//!
//! ```text
//!   fuzz/fuzz_targets/<target>.rs ──┐
//!                                   ├──► fuzzing::<target>(&[u8])
//!   tests/fuzz_replay.rs ───────────┘      corpus files + seeded random inputs
//! ```
//!
//! | target               | what the bytes are                         | reaches |
//! |----------------------|--------------------------------------------|---------|
//! | `expressions`        | an expression text                         | lexer, parser, checks, evaluation, update application, projections, key conditions, highlighter, reserved-word fixes |
//! | `execute`            | `Operation\nbody`                          | `Engine::execute_json`, `execute_streams`, `dry_run`: request parsing and validation |
//! | `execute_structured` | decisions (`bytes::Choices`)             | valid-shaped request sequences against a table with indexes, a stream, TTL and tiny provisioned capacity (`fixture`, `generate`) |
//! | `streams`            | decisions                                  | the Streams API with real and damaged ARNs, shard ids, sequence numbers, iterators |
//! | `share_link`         | a URL fragment, and a link's document      | `scenario::link::decode` |
//! | `scenario`           | a scenario document, or damage to one      | `Scenario::from_json`, `Engine::restore`, every export as the panels' wasm makes it for the page (`scenario::conversion`) |
//! | `partiql`            | `statement\nParameters`                    | PartiQL lexer, parser, planner; ExecuteStatement, batch, transaction |
//! | `workbench`          | any file's text                            | the content-sniffing import: scenario, snapshot, NoSQL Workbench model; the page's way to it through the panels' wasm (`scenario::conversion`) |
//! | `partiql_structured` | decisions                                  | valid-shaped PartiQL statements, each compared with its equivalent GetItem / Query / Scan / PutItem / UpdateItem / DeleteItem (`partiql`) |
//! | `exercise`           | an exercise and a solution, or damage to a built-in one and its model answer | `Exercise::from_json`, `Solution::from_json`, `engine::exercise::check` (`exercise`) |
//! | `handin`             | a hand-in link, its document, or damage to a built-in hand-in | `scenario::handin::decode`, the exercise and solution readers (`handin`) |
//! | `vector_map`         | decisions                                  | a vector index of generated vectors and the vector map drawn for a typed query, its ranking compared with `SearchVectors` (`vector_map`) |
//! | `endpoint_answer`    | `status address\nbody\0body`               | the connect page's reading of an address and of an endpoint's answers, the comparison of two answers, and a table imported from a description (`endpoint_answer`) |
//!
//! A harness panics only when an invariant fails (`check`, round trips of
//! snapshots, scenarios and links, a dry run that changed the engine or
//! answered differently from the real run): that panic is the finding.
//! Engine code itself never panics; these functions are test code that
//! happens to live in the library so both runners can share it.

// The crate's no-panic rule (`lib.rs`) does not apply here: a harness
// reports a broken invariant by panicking, which is what libFuzzer sees.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing, clippy::unreachable)]

pub mod bytes;
pub mod check;
mod endpoint_answer;
mod exercise;
pub mod fixture;
pub mod generate;
mod handin;
mod partiql;
mod targets;
mod vector_map;

pub use endpoint_answer::endpoint_answer;
pub use exercise::exercise;
pub use handin::handin;
pub use partiql::partiql_structured;
pub use targets::{execute, execute_structured, expressions, partiql, scenario, share_link, streams, workbench};
pub use vector_map::vector_map;

/// A harness: the fuzzer's bytes in, a panic out when it finds something.
pub type Harness = fn(&[u8]);

/// The targets by name, as `fuzz/` and the replay test call them.
pub const TARGETS: &[(&str, Harness)] = &[
    ("expressions", expressions),
    ("execute", execute),
    ("execute_structured", execute_structured),
    ("streams", streams),
    ("share_link", share_link),
    ("scenario", scenario),
    ("partiql", partiql),
    ("workbench", workbench),
    ("partiql_structured", partiql_structured),
    ("exercise", exercise),
    ("handin", handin),
    ("vector_map", vector_map),
    ("endpoint_answer", endpoint_answer),
];
