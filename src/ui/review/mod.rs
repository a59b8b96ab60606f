//! Reviewing a design: [`access_patterns`] (the scenario's patterns, each
//! with its verdict and cost per request) and [`design_review`] (their
//! traffic run on a copy of the tables, second by second, and the one-page
//! review with its heatmaps, Markdown export and print), whose run and
//! whether it plays [`review_session`] keeps; and the jump links at the
//! Console tab's top that bring them into view ([`jumps`]).
//!
//! The design review is drawn by the panels' wasm ([`review_module`]), in a
//! root the page makes for it ([`review_place`]); the access patterns'
//! editor is the page's own, as it changes the playground.

pub mod access_patterns;
pub mod design_review;
pub mod jumps;
pub mod review_module;
pub mod review_place;
pub mod review_session;
