//! The local DynamoDB endpoint: the playground's engine behind the HTTP
//! protocol real DynamoDB speaks, so `aws dynamodb`, boto3 or any AWS SDK can
//! talk to it (native only; the browser calls the engine directly).
//!
//! ```text
//! cargo run --release --bin ddb-local -- --port 8000 --data playground.json
//! aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000
//! ```
//!
//! It is a thin adapter. A request typed in the browser and one sent by an
//! SDK meet the same [`Engine::execute`](crate::engine::Engine::execute), so
//! they behave identically:
//!
//! ```text
//!  SDK ── POST / ─────────────► http      hyper: method, Content-Type, size cap, X-Amz-Target,
//!                                          head/body/idle timeouts, a connection limit
//!         X-Amz-Target:          │         (protocol: the pure rules of the wire format)
//!         DynamoDB_20120810.Op   ▼
//!         JSON body            endpoint  parse JSON → lock engine → tick clock → execute → unlock
//!                                │         (catch_unwind turns an engine panic into a 500)
//!  SDK ◄─ 200 JSON / 400 error ──┘         + x-amz-crc32, x-amzn-RequestId
//!                              journal   with --data: each change appended, fsynced (group
//!                                        commit) before its answer is sent
//!                              persist   the data file, the journal's checkpoint: loaded (and the
//!                                        journal replayed) at start, rewritten atomically now and
//!                                        then and at shutdown
//! ```
//!
//! * [`protocol`]: which operation a request names, accepted content types,
//!   error → HTTP status, the CRC32 header, request ids. Pure functions.
//! * [`databases`]: whose tables a request reaches: one engine per access
//!   key and region of its SigV4 credential scope, or one shared.
//! * [`endpoint`]: the databases behind a mutex;
//!   requests run one at a time inside it, so there are no lost updates. It
//!   also owns the clock rule (`--clock wall|manual`, [`ServerConfig::clock`]):
//!   the wall clock (default) enforces provisioned throughput in real time;
//!   the manual clock moves only through `AdvanceClock`.
//! * [`playground`]: the playground's own operations under
//!   `X-Amz-Target: Playground_20261121.<Operation>`, behind the same
//!   engine and mutex: `AdvanceClock`, `DescribePartitions`, `RunWorkload`,
//!   `GetMetrics`, `PlanPartitions`, `PlanShards`, and the stream triggers'
//!   `PutStreamTrigger`, `ListStreamTriggers`, `DeleteStreamTrigger`. Their JSON shapes, limits
//!   and a request/response example for each are documented there.
//! * [`persist`]: the data file (a scenario document around an
//!   `engine::snapshot`), and recovery.
//! * [`journal`]: the append-only journal that makes an acknowledged change
//!   durable before the next checkpoint.
//! * [`http`]: the server itself: [`start`] a [`ServerConfig`], get a
//!   [`RunningServer`], [`RunningServer::shutdown`] it.
//!
//! **Why hyper.** The endpoint needs HTTP/1.1 keep-alive, a hard cap on
//! header size, refusing a body by its declared length without reading it,
//! and a bounded read of chunked bodies. hyper 1.x (with tokio, the runtime
//! it is built for, and hyper-util's graceful shutdown) does all of that and
//! is the most used and best maintained HTTP implementation in Rust.
//! `tiny_http` was the lighter candidate, but its 0.12 release, on dropping a
//! request whose body was not read, allocates a buffer of the *declared*
//! `Content-Length` to drain it, so one request claiming a huge body can
//! abort the process; it also puts no limit on header lines. tokio's signal
//! support also covers Ctrl-C and SIGTERM, so no extra crate is needed.
//!
//! **What it does not do** (this is a local, single-user tool):
//!
//! * No authentication: any `Authorization` header (SigV4 or none) is
//!   accepted and not verified. It listens on 127.0.0.1 unless told
//!   otherwise, and anyone who can reach the port can read and change data.
//! * No TLS, no HTTP/2; one account (`000000000000`). The credentials'
//!   access key and region choose the database ([`databases`]), as in
//!   DynamoDB Local.
//! * Web pages: only those on this computer, and the origins
//!   `--allow-origin` names, may call (with CORS); a request naming another
//!   host is refused, against DNS rebinding ([`browsers`]).
//! * Panics: the engine never panics on input by design; `catch_unwind` is
//!   the last line of defence and answers `InternalServerError` (500). The
//!   release profile keeps Rust's default `panic = "unwind"` for that reason
//!   (wasm32 aborts on panic whatever the profile says).

pub mod browsers;
pub mod databases;
pub mod endpoint;
pub mod http;
pub mod journal;
pub mod persist;
pub mod playground;
pub mod protocol;

pub use endpoint::Endpoint;
pub use http::{start, start_databases, start_scenario, RunningServer, ServerConfig};
