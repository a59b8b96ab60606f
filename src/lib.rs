//! ddb-playground: a DynamoDB teaching playground.
//!
//! * [`engine`]: the simulated DynamoDB, pure Rust, the same code natively and
//!   in the browser. Everything goes through [`engine::Engine::execute`], which
//!   takes the JSON body a real SDK sends and answers what DynamoDB answers.
//! * `ui` (wasm only): the Yew front end. It talks to the engine only through
//!   `execute` and read-only snapshots, like any other client.

pub mod codegen;
pub mod engine;

#[cfg(not(target_arch = "wasm32"))]
pub mod server;

#[cfg(target_arch = "wasm32")]
pub mod ui;
