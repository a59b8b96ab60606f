//! The simulated DynamoDB.
//!
//! A request takes one path through the engine, the same whether it was typed
//! in the browser or sent by `aws dynamodb` to the local endpoint:
//!
//! ```text
//!   JSON body + operation name            (what an SDK sends with X-Amz-Target)
//!        │
//!   Engine::execute  (service)
//!        │ 1. catch_up                    what the clock made due: GSI updates,
//!        │                                backfills, the TTL sweep, stream trimming,
//!        │                                stream triggers
//!        │ 2. Operation::parse, dispatch on the Operation (operation)
//!        │      api::*  typed request structs, DynamoDB's request validation
//!        │      ops::*  one file per operation family; each returns an
//!        │              Answer: the response body and its charges
//!        │          │
//!        │     schema   key extraction and key validation
//!        │     table    definition, storage, indexes, stream, write journal
//!        │     storage  item collections in keyspace (hash) order, each
//!        │              item packed into one byte string (packed)
//!        │     index    secondary indexes: projections, maintenance, the
//!        │              GSI propagation queue
//!        │     streams  the change log every item write appends to
//!        │     ttl      the expiry index the sweeper reads
//!        │     capacity the cost rules, as pure functions → Charges
//!        │ 3. sim::admission: the Answer's charges against the token buckets
//!        │      of the partitions they touch (partition / throughput / sim);
//!        │      refused: the table journals roll back, a throttling error
//!        │
//!   JSON response (+ ConsumedCapacity)  or  ApiError (AWS exception + message)
//! ```
//!
//! The DynamoDB Streams API has its own entry point, `Engine::execute_streams`,
//! with the same steps (its reads are never charged). `Engine::dry_run` runs a
//! request with every table journaled and rolls it back: the console's live
//! cost. A dry run also records its reads' footprint (`footprint`): which
//! items were read, returned or filtered out, and where the page stopped.
//! What a request produced is returned, never left in the engine for the
//! caller to read back: `Engine::execute_charged` answers an `Outcome` (the
//! answer and its charges), `Engine::dry_run` a `DryRun`.
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
pub mod background;
pub mod calendar;
pub mod capacity;
mod catch_up;
pub mod clock;
pub mod contributors;
pub(crate) mod deferred;
mod dry_run;
pub mod error;
pub mod exercise;
pub mod expr;
pub mod footprint;
pub mod generate;
pub mod index;
pub mod operation;
pub mod ops;
pub mod ordered;
pub mod packed;
pub mod partiql;
pub mod partition;
pub mod review;
pub mod schema;
pub mod service;
pub mod settings;
pub mod sim;
pub mod snapshot;
pub mod storage;
pub mod streams;
pub mod table;
mod table_arns;
pub mod throttling;
pub mod throughput;
pub mod triggers;
pub mod ttl;
pub mod value;
pub mod vector;

pub use answer::Outcome;
pub use dry_run::{DryRun, Previews};
pub use error::{ApiError, Result};
pub use operation::Operation;
pub use service::Engine;
pub use settings::EngineSettings;
pub use value::{AttributeValue, Item, Number};
