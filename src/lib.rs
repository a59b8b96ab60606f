//! ddb-playground: a DynamoDB teaching playground.
//!
//! * [`engine`]: the simulated DynamoDB, pure Rust, the same code natively and
//!   in the browser. Everything goes through [`engine::Engine::execute`], which
//!   takes the JSON body a real SDK sends and answers what DynamoDB answers.
//! * [`scenario`]: the saved form of a whole playground and its share link.
//! * [`codegen`]: a request as `aws dynamodb …`, JavaScript SDK v3 or boto3 code.
//! * [`connect`]: requests to a real DynamoDB endpoint, signed with
//!   Signature Version 4.
//! * [`i18n`]: the page's words in English, German and Japanese (pure Rust,
//!   so the catalogue is tested natively).
//! * [`page_model`]: what the page computes without a browser (request
//!   drafts, cost wording, formatting, input limits), tested natively.
//! * `server` (native only): the local DynamoDB-compatible HTTP endpoint.
//! * `ui` (wasm only): the Yew front end. It talks to the engine only through
//!   `execute` and read-only snapshots, like any other client.

// The no-panic rule, enforced outside tests: no unwrap, expect, panic or
// unchecked indexing anywhere in the library. Engine, scenario and page
// code take untrusted input, and a panic in the page kills the tab; in the
// endpoint it would fail a request that deserved an answer. The fuzzing
// harnesses alone opt out: a panic is how they report a broken invariant.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]
// clippy.toml lists the std methods that weigh on the page's wasm (std's
// sorts, Unicode case conversion); tests never reach the page.
#![cfg_attr(test, allow(clippy::disallowed_methods))]

pub mod codegen;
pub mod connect;
pub mod engine;
pub mod i18n;
pub mod page_model;
pub mod scenario;

#[cfg(not(target_arch = "wasm32"))]
pub mod server;

/// Fuzzing harnesses shared by `fuzz/` and `tests/fuzz_replay.rs`.
#[cfg(not(target_arch = "wasm32"))]
#[doc(hidden)]
pub mod fuzzing;

#[cfg(target_arch = "wasm32")]
pub mod ui;
