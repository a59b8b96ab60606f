//! Scenarios: the saved form of a whole playground, and the share link that
//! carries one.
//!
//! A scenario is one versioned JSON document ([`format`](mod@format)): the engine's
//! state (tables, items, clock — the same snapshot `ddb-local --data`
//! writes), the operations a lesson wants at hand, and the view the author
//! was looking at. A share link ([`link`]) is that document compressed and
//! encoded into the URL fragment:
//!
//! ```text
//!   Scenario ──JSON──► bytes ──DEFLATE──► bytes ──base64url──► "#v1=…"
//! ```
//!
//! Decoding a link is the reverse, and every step is capped and checked,
//! because a link is untrusted input: a truncated, corrupted or hostile link
//! (a "zip bomb", absurd nesting, a newer version) gives a clear error and
//! never a half-loaded playground.
//!
//! A scenario also leaves the playground as other tools' files, and comes
//! back from one ([`exchange`]): a NoSQL Workbench data model both ways
//! ([`workbench`]), and, towards real DynamoDB, a CloudFormation template
//! ([`cloudformation`]) and an AWS CLI script that recreates tables and
//! items ([`cli_script`]).
//! The built-in [`lessons`] are scenarios too: each is built by sending its
//! tables and items through the engine, and carries its saved operations,
//! steps and access-pattern checklist.

pub mod access_patterns;
pub mod cli_script;
pub mod cloudformation;
pub mod conversion;
pub mod exchange;
pub mod exercises;
pub mod format;
pub mod generated;
pub mod handin;
pub mod lessons;
pub mod link;
pub mod make_exercise;
pub mod warning;
pub mod workbench;

pub use exchange::{ExportFormat, Imported};
pub use format::Scenario;
pub use warning::Warning;
