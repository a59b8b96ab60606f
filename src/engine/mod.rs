//! The simulated DynamoDB.
//!
//! A request takes one path through the engine, the same whether it was typed
//! in the browser or sent by `aws dynamodb` to the local endpoint:
//!
//! ```text
//!   JSON body + operation name            (what an SDK sends with X-Amz-Target)
//!        │
//!   Engine::execute  (service)            dispatch on the operation name
//!        │
//!   api::*  typed request structs         serde + DynamoDB's request validation
//!        │
//!   ops::*  one file per operation family table ops, item ops, …
//!        │          │
//!        │     schema   key extraction and key validation
//!        │     storage  item collections in keyspace (hash) order, each
//!        │              item packed into one byte string (packed)
//!        │     index    secondary indexes: projections, maintenance, the
//!        │              GSI propagation queue
//!        │     streams  the change log every item write appends to, and
//!        │              the DynamoDB Streams API (Engine::execute_streams)
//!        │     ttl      UpdateTimeToLive / DescribeTimeToLive, the sweeper
//!        │     capacity the cost rules, as pure functions
//!        │     partition / throughput / sim  partitions, token buckets,
//!        │              throttling, workloads and metrics
//!        │
//!   JSON response (+ ConsumedCapacity)  or  ApiError (AWS exception + message)
//! ```
//!
//! The engine is pure Rust with no web dependencies: it compiles natively
//! (tests, the local endpoint) and to wasm (the playground) unchanged. It never
//! panics on input: every failure is an [`ApiError`], because a panic in wasm
//! takes the whole page down with it.
//!
//! Semantics follow `docs/dynamodb-semantics.md`; each module cites the
//! section it implements.

mod answer;
pub mod api;
pub mod capacity;
mod catch_up;
pub mod clock;
pub mod contributors;
pub mod error;
pub mod expr;
pub mod index;
pub mod ops;
pub mod ordered;
pub mod packed;
pub mod partiql;
pub mod partition;
pub mod schema;
pub mod service;
pub mod settings;
pub mod sim;
pub mod snapshot;
pub mod storage;
pub mod streams;
pub mod table;
pub mod throughput;
pub mod ttl;
pub mod value;

pub use error::{ApiError, Result};
pub use service::Engine;
pub use settings::EngineSettings;
pub use value::{AttributeValue, Item, Number};
