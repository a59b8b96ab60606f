//! The HTTP side: a hyper 1.x HTTP/1.1 server on a small tokio runtime that
//! turns each request into one [`Endpoint::execute`] call.
//!
//! ```text
//!   accept loop ──► one task per connection (hyper http1, keep-alive),
//!     │             at most `max_connections` at once (the rest wait in the
//!     │             kernel's backlog until one closes)
//!     │                │  the head must arrive within `header_read_timeout`,
//!     │                │  also the next one on an idle keep-alive connection
//!     │                │  per request: handle()
//!                      │    method?  GET/HEAD → info text; not POST → 405
//!                      │    Content-Type accepted?            else 404 <UnknownOperationException/> (as DynamoDB)
//!                      │    Content-Length over the cap?      413, body never read
//!                      │    X-Amz-Target = DynamoDB_20120810.Op or Playground_20261121.Op?
//!                      │                                      else 400 UnknownOperation
//!                      │    read body, at most the cap        else 413
//!                      │      within `body_read_timeout`      else 408, connection closed
//!                      │    single-item op or Query, engine free within 50 µs? run it here
//!                      │    otherwise spawn_blocking ─► Endpoint::execute (engine mutex)
//!                      ▼    200 JSON | 4xx/5xx error JSON, + x-amz-crc32, x-amzn-RequestId
//!   with a data file: a change is answered once the journal has it on disk
//!   saver task: every `save_interval`, a checkpoint (the data file) if something changed
//! ```
//!
//! The engine is synchronous and guarded by a `std::sync::Mutex`, so a
//! request that may take long (a Scan, a batch, a workload, a table
//! operation) runs on tokio's blocking pool, never on an async worker: it
//! then never stalls the connections that are only reading or writing bytes.
//! The requests that make up most traffic, the single-item operations and
//! Query (bounded by the 400 KB item and the 1 MB page), run on the async
//! worker that read them ([`Endpoint::try_execute_parsed`]): handing each
//! one to another thread and back cost more than the engine's own work
//! (futex wake-ups and context switches were a fifth of the server's CPU
//! time in `scripts/bench-endpoint`). When the other worker holds the engine,
//! this one spins for it, as that request is over in microseconds; it gives
//! up after [`INLINE_PATIENCE`](super::endpoint::INLINE_PATIENCE) (a long request holds the engine) and the
//! request goes to the blocking pool like the others.
//!
//! Shutdown ([`RunningServer::shutdown`]): stop accepting, let open
//! connections finish the request in hand (at most [`GRACE_PERIOD`]), stop the
//! saver, then write the data file one last time and empty the journal.

use std::convert::Infallible;
use std::io;
use std::net::{SocketAddr, TcpListener as StdTcpListener};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Body, Bytes, Incoming};
use hyper::header::{HeaderValue, ALLOW, CONNECTION, CONTENT_TYPE};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use serde_json::Value;
use tokio::net::TcpListener;
use tokio::runtime::Runtime;
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinHandle;

use super::browsers::{self, Gate};
use super::databases::{Databases, Namespace};
use super::endpoint::{parse_request, split_scenario, wall_clock_millis, Endpoint};
use super::playground;
use super::protocol::{
    content_type_accepted, crc32_header, parse_target, protocol_error_body, status_of, RequestIds, Target,
    JSON_CONTENT_TYPE, MAX_BODY_BYTES, STREAMS_PREFIX,
};
use crate::engine::clock::ClockMode;
use crate::engine::{ApiError, Engine, Operation};
use crate::scenario::Scenario;

/// A journal this long is compacted at the next second, whatever the
/// checkpoint interval: it bounds the journal's size and the replay time
/// after a crash.
pub const CHECKPOINT_JOURNAL_BYTES: u64 = 64 * 1024 * 1024;

/// How long shutdown waits for open connections to finish their request.
pub const GRACE_PERIOD: Duration = Duration::from_secs(5);

/// How long a client may take to send a request's head before the
/// connection is closed, so idle half-open sockets do not pile up. hyper
/// starts this timer whenever it waits for a head, so the same limit closes
/// a keep-alive connection left idle between requests (SDKs reconnect
/// transparently; their own idle timeouts are shorter).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a client may take to send a request's body once its head has
/// arrived. A client that declares a length and then stalls is answered 408
/// and disconnected instead of holding its connection forever.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(60);

/// Connections served at once. Each costs a task and its buffers; past the
/// limit new connections wait in the listen backlog until one closes, so a
/// burst of clients slows down instead of exhausting file descriptors.
pub const MAX_CONNECTIONS: usize = 1024;

/// DynamoDB's body for a request it cannot route (see `Reply::unclaimed`).
const UNCLAIMED_BODY: &[u8] = b"<UnknownOperationException/>\n";

/// Largest request head (request line + headers). SigV4 requests need a few
/// KB; this leaves ample room and bounds what one client can make us buffer.
const MAX_HEADER_BYTES: usize = 64 * 1024;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Where to listen. Port 0 picks a free port ([`RunningServer::local_addr`]).
    pub addr: SocketAddr,
    /// The snapshot file to save to, if any (loading is the caller's job:
    /// see [`super::persist::load`]).
    pub data_file: Option<PathBuf>,
    /// Bodies larger than this are refused with 413.
    pub max_body_bytes: usize,
    /// How often the data file (the journal's checkpoint) is rewritten if
    /// something changed. Changes are durable before they are answered
    /// whatever this is (they are in the journal); it bounds the replay
    /// after a crash and how stale the data file looks to other readers.
    pub save_interval: Duration,
    /// Async worker threads (they run the short requests when the engine is
    /// free; everything else runs on the blocking pool). Default: one per
    /// CPU the process may run on (at most 4: the engine runs one request at
    /// a time, so more only parse HTTP). More workers than CPUs cost: pinned
    /// to one CPU, two workers served 43,600 requests/s where one served
    /// 59,900 (BENCHMARKS.md).
    pub worker_threads: usize,
    /// Log one line per request to stderr.
    pub verbose: bool,
    /// Who moves the engine clock: the wall clock (default; throughput is
    /// enforced in real time) or only `AdvanceClock` (see [`super::endpoint`]).
    pub clock: ClockMode,
    /// See [`HEADER_READ_TIMEOUT`] (also the keep-alive idle timeout).
    pub header_read_timeout: Duration,
    /// See [`BODY_READ_TIMEOUT`].
    pub body_read_timeout: Duration,
    /// See [`MAX_CONNECTIONS`].
    pub max_connections: usize,
    /// Web pages that may call besides those on this computer
    /// (`--allow-origin`; `*` for any): see [`super::browsers`].
    pub allowed_origins: Vec<String>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 8000)),
            data_file: None,
            max_body_bytes: MAX_BODY_BYTES,
            save_interval: Duration::from_secs(10),
            worker_threads: std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 4)),
            verbose: false,
            clock: ClockMode::Wall,
            header_read_timeout: HEADER_READ_TIMEOUT,
            body_read_timeout: BODY_READ_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
            allowed_origins: Vec::new(),
        }
    }
}

/// What every request handler shares.
#[derive(Debug)]
struct Shared {
    endpoint: Arc<Endpoint>,
    gate: Gate,
    ids: RequestIds,
    max_body_bytes: usize,
    body_read_timeout: Duration,
    verbose: bool,
}

/// A server that is listening. Dropping it stops it without the final save;
/// call [`RunningServer::shutdown`] to stop it properly.
#[derive(Debug)]
pub struct RunningServer {
    runtime: Runtime,
    local_addr: SocketAddr,
    endpoint: Arc<Endpoint>,
    stop: watch::Sender<bool>,
    accept_task: JoinHandle<()>,
    saver_task: Option<JoinHandle<()>>,
}

/// Binds `config.addr` and starts serving `engine`. Returns once the socket
/// is listening, so a client may connect as soon as this returns. The
/// engine's clock is put in `config.clock`'s mode (with the wall clock, moved
/// to now; with the manual clock, left where the engine or its snapshot had it).
pub fn start(config: ServerConfig, engine: Engine) -> io::Result<RunningServer> {
    start_scenario(config, Scenario::of_engine(engine))
}

/// [`start`] with a whole scenario (what `--data` reads): its saved
/// operations, view and kept Workbench model are written back with the
/// engine at every save.
pub fn start_scenario(config: ServerConfig, scenario: Scenario) -> io::Result<RunningServer> {
    let (surroundings, engine) = split_scenario(scenario);
    start_databases(config, surroundings, Databases::Shared(engine))
}

/// [`start_scenario`] with the scenario's surroundings (its engine is
/// ignored) and the databases to serve ([`super::databases`]): one shared,
/// or one per access key and region.
pub fn start_databases(
    config: ServerConfig,
    surroundings: Scenario,
    mut databases: Databases,
) -> io::Result<RunningServer> {
    databases.set_clock_mode(config.clock);
    for engine in databases.engines_mut() {
        engine.clock_mut().tick_wall(wall_clock_millis());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.worker_threads.max(1))
        .max_blocking_threads(16)
        .thread_name("ddb-local")
        .enable_all()
        .build()?;
    // Bind synchronously, so address errors reach the caller directly.
    let std_listener = StdTcpListener::bind(config.addr)?;
    std_listener.set_nonblocking(true)?;
    let local_addr = std_listener.local_addr()?;
    let listener = {
        let _entered = runtime.enter();
        TcpListener::from_std(std_listener)?
    };

    let mut endpoint = Endpoint::of_scenario_databases(surroundings, databases, config.data_file.clone());
    endpoint.open_journal()?;
    let endpoint = Arc::new(endpoint);
    let shared = Arc::new(Shared {
        endpoint: endpoint.clone(),
        gate: Gate::new(local_addr, &config.allowed_origins),
        ids: RequestIds::default(),
        max_body_bytes: config.max_body_bytes,
        body_read_timeout: config.body_read_timeout,
        verbose: config.verbose,
    });
    let (stop, stopped) = watch::channel(false);
    let limits = Limits { header_read_timeout: config.header_read_timeout, max_connections: config.max_connections };
    let accept_task = runtime.spawn(accept_loop(listener, shared, limits, stopped.clone()));
    let saver_task =
        config.data_file.is_some().then(|| runtime.spawn(saver(endpoint.clone(), config.save_interval, stopped)));
    Ok(RunningServer { runtime, local_addr, endpoint, stop, accept_task, saver_task })
}

impl RunningServer {
    /// The address the server listens on (with the real port if 0 was asked).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// The shared engine.
    pub fn endpoint(&self) -> &Endpoint {
        &self.endpoint
    }

    /// Blocks until Ctrl-C (SIGINT) or, on Unix, SIGTERM arrives.
    pub fn wait_for_signal(&self) -> io::Result<()> {
        self.runtime.block_on(async {
            #[cfg(unix)]
            {
                use tokio::signal::unix::{signal, SignalKind};
                let mut terminate = signal(SignalKind::terminate())?;
                tokio::select! {
                    result = tokio::signal::ctrl_c() => result,
                    _ = terminate.recv() => Ok(()),
                }
            }
            #[cfg(not(unix))]
            {
                tokio::signal::ctrl_c().await
            }
        })
    }

    /// Stops accepting, lets open requests finish (at most [`GRACE_PERIOD`]),
    /// then saves the data file, if there is one. Returns whether it saved.
    pub fn shutdown(self) -> io::Result<bool> {
        let _ = self.stop.send(true);
        let _ = self.runtime.block_on(self.accept_task);
        if let Some(saver) = self.saver_task {
            let _ = self.runtime.block_on(saver);
        }
        self.runtime.shutdown_timeout(Duration::from_secs(1));
        let saved = self.endpoint.save();
        self.endpoint.close_journal();
        saved
    }
}

/// The connection limits the accept loop applies.
#[derive(Clone, Copy, Debug)]
struct Limits {
    header_read_timeout: Duration,
    max_connections: usize,
}

async fn accept_loop(listener: TcpListener, shared: Arc<Shared>, limits: Limits, mut stopped: watch::Receiver<bool>) {
    let mut http = http1::Builder::new();
    // max_buf_size bounds the request head hyper buffers (hyper needs at
    // least 8 KB); bodies stream through it and are capped separately.
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout).max_buf_size(MAX_HEADER_BYTES);
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    loop {
        // Take a connection slot before accepting: past the limit, clients
        // wait in the backlog rather than being accepted and starved.
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => break,
            },
            _ = stopped.changed() => break,
        };
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _peer)) => {
                    // Responses are written in one go; do not let Nagle hold the last segment.
                    let _ = stream.set_nodelay(true);
                    let shared = shared.clone();
                    let service = service_fn(move |request| handle(shared.clone(), request));
                    let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
                    tokio::spawn(async move {
                        // A client that hangs up mid-request is its own business.
                        let _ = connection.await;
                        drop(slot);
                    });
                }
                Err(e) => {
                    // Typically out of file descriptors: back off instead of spinning.
                    eprintln!("ddb-local: accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
            _ = stopped.changed() => break,
        }
    }
    drop(listener);
    tokio::select! {
        _ = graceful.shutdown() => {}
        _ = tokio::time::sleep(GRACE_PERIOD) => {}
    }
}

/// The checkpointer: every `interval` (or sooner, once the journal has
/// grown past [`CHECKPOINT_JOURNAL_BYTES`]), a checkpoint if something
/// changed, which also empties the journal.
async fn saver(endpoint: Arc<Endpoint>, interval: Duration, mut stopped: watch::Receiver<bool>) {
    let mut last = Instant::now();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(interval.min(Duration::from_secs(1))) => {}
            _ = stopped.changed() => return,
        }
        if last.elapsed() < interval && endpoint.journal_bytes() < CHECKPOINT_JOURNAL_BYTES {
            continue;
        }
        last = Instant::now();
        let endpoint = endpoint.clone();
        match tokio::task::spawn_blocking(move || endpoint.save_if_changed()).await {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => eprintln!("ddb-local: {e}"),
            Err(e) => eprintln!("ddb-local: saving failed: {e}"),
        }
    }
}

/// A finished response: status, content type (none for DynamoDB's bare
/// 404), body, whether to close, and our explanation of a protocol error
/// whose body DynamoDB leaves without one.
struct Reply {
    status: u16,
    content_type: Option<&'static str>,
    body: Vec<u8>,
    close: bool,
    reason: Option<String>,
}

impl Reply {
    /// The answer to a preflight from a page that may call: no body, the
    /// CORS headers added by `allow_origin`.
    fn preflight() -> Self {
        Self { status: 204, content_type: None, body: Vec::new(), close: false, reason: None }
    }

    fn json(status: u16, body: &Value) -> Self {
        // Serialising a serde_json::Value cannot fail (its keys are strings).
        let body = serde_json::to_vec(body).unwrap_or_default();
        Self { status, content_type: Some(JSON_CONTENT_TYPE), body, close: false, reason: None }
    }

    /// What DynamoDB (Coral) answers a request no protocol claims, such as
    /// a body sent with a content type it does not read: 404 with the bare
    /// body `<UnknownOperationException/>` and no content type (dynalite's
    /// captures; the x-amz-crc32 of that body is 3552371480). SDKs see an
    /// unknown operation; people see our reason in `x-ddb-local-reason`.
    fn unclaimed(reason: String) -> Self {
        Self { status: 404, content_type: None, body: UNCLAIMED_BODY.to_vec(), close: false, reason: Some(reason) }
    }

    fn timed_out(limit: Duration) -> Self {
        // Ours: DynamoDB documents no answer to a stalled body.
        let message = format!("The request body did not arrive within {} seconds", limit.as_secs_f64());
        let mut reply = Self::json(408, &protocol_error_body("RequestTimeoutException", &message));
        // What is left of the body is never read: the connection cannot be reused.
        reply.close = true;
        reply
    }

    fn error(error: &ApiError) -> Self {
        Self::json(status_of(error), &error.to_wire())
    }

    fn too_large(limit: usize, declared: Option<u64>) -> Self {
        let size = declared.map(|n| format!(" of {n} bytes")).unwrap_or_default();
        let message = format!(
            "Request body{size} exceeds this endpoint's limit of {limit} bytes (DynamoDB accepts requests of up to 16 MB)"
        );
        let mut reply = Self::json(413, &protocol_error_body("RequestEntityTooLargeException", &message));
        // The rest of the body is never read, so the connection cannot be reused.
        reply.close = true;
        reply
    }
}

async fn handle(shared: Arc<Shared>, request: Request<Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
    let started = Instant::now();
    let request_id = shared.ids.next_id();
    // Who may call: the Host and Origin checks, before anything is read.
    let admitted =
        shared.gate.host(header(&request, "host")).and_then(|()| shared.gate.origin(header(&request, "origin")));
    let asked_headers = header(&request, "access-control-request-headers").map(str::to_string);
    let (label, reply, cors) = match admitted {
        Err(refusal) => {
            let reply = Reply::json(403, &protocol_error_body("AccessDeniedException", &refusal));
            (request.method().to_string(), Reply { reason: Some(refusal), close: true, ..reply }, None)
        }
        Ok(Some(origin)) if request.method() == Method::OPTIONS => {
            ("OPTIONS (preflight)".to_string(), Reply::preflight(), Some(origin))
        }
        Ok(cors) => {
            let (label, reply) = respond(&shared, request).await;
            (label, reply, cors)
        }
    };
    if shared.verbose {
        eprintln!("ddb-local: {label} -> {} ({:.1} ms)", reply.status, started.elapsed().as_secs_f64() * 1000.0);
    }
    let mut response = build_response(reply, &request_id);
    if let Some(origin) = cors {
        allow_origin(&mut response, &origin, asked_headers.as_deref());
    }
    Ok(response)
}

/// The CORS headers of an answer to a page `origin` may call from (a
/// preflight's also say what it may send).
fn allow_origin(response: &mut Response<Full<Bytes>>, origin: &str, asked_headers: Option<&str>) {
    let headers = response.headers_mut();
    let Ok(origin) = HeaderValue::from_str(origin) else { return };
    headers.insert("access-control-allow-origin", origin);
    headers.insert("vary", HeaderValue::from_static("Origin"));
    headers.insert("access-control-expose-headers", HeaderValue::from_static(browsers::EXPOSED_HEADERS));
    if response.status() == StatusCode::NO_CONTENT {
        let headers = response.headers_mut();
        headers.insert("access-control-allow-methods", HeaderValue::from_static(browsers::ALLOWED_METHODS));
        headers.insert("access-control-max-age", HeaderValue::from_static(browsers::PREFLIGHT_MAX_AGE));
        if let Ok(allowed) = HeaderValue::from_str(&browsers::allowed_headers(asked_headers)) {
            headers.insert("access-control-allow-headers", allowed);
        }
    }
}

/// The request's header `name` as text, if present and valid.
fn header<'a>(request: &'a Request<Incoming>, name: &str) -> Option<&'a str> {
    request.headers().get(name).and_then(|v| v.to_str().ok())
}

/// Works out the reply, and a label for the log line.
async fn respond(shared: &Shared, request: Request<Incoming>) -> (String, Reply) {
    let method = request.method().clone();
    if method == Method::GET || method == Method::HEAD {
        return ("GET".into(), info_page(shared).await);
    }
    if method != Method::POST {
        let message = format!("Method {method} is not allowed: send DynamoDB requests with POST");
        return (method.to_string(), Reply::json(405, &protocol_error_body("UnknownOperationException", &message)));
    }
    let content_type = header(&request, "content-type");
    if !content_type_accepted(content_type) {
        let reason =
            format!("Unsupported Content-Type '{}': send {JSON_CONTENT_TYPE}", content_type.unwrap_or_default());
        return ("POST".into(), Reply::unclaimed(reason));
    }
    // Refuse by the declared length before reading a single body byte.
    let declared = request.body().size_hint().exact();
    if declared.is_some_and(|n| n > shared.max_body_bytes as u64) {
        return ("POST".into(), Reply::too_large(shared.max_body_bytes, declared));
    }
    // The target as owned parts, to move into the blocking task.
    let target = match parse_target(header(&request, "x-amz-target")) {
        Ok(Target::DynamoDb(operation)) => ("", operation.to_string()),
        Ok(Target::Playground(operation)) => (playground::TARGET_PREFIX, operation.to_string()),
        Ok(Target::Streams(operation)) => (STREAMS_PREFIX, operation.to_string()),
        Err(error) => return ("POST".into(), Reply::error(&error)),
    };
    let operation = format!("{}{}", target.0, target.1);
    // Whose tables: the credential scope's access key and region.
    let namespace = Namespace::of_authorization(header(&request, "authorization"));
    // A chunked body has no declared length: read at most the cap, and
    // give up on a client that stops sending.
    let reading = tokio::time::timeout(
        shared.body_read_timeout,
        Limited::new(request.into_body(), shared.max_body_bytes).collect(),
    );
    let body = match reading.await {
        Err(_elapsed) => return (operation, Reply::timed_out(shared.body_read_timeout)),
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(e)) if e.is::<LengthLimitError>() => return (operation, Reply::too_large(shared.max_body_bytes, None)),
        Ok(Err(e)) => {
            let error = ApiError::Serialization(format!("Could not read the request body: {e}"));
            return (operation, Reply::error(&error));
        }
    };
    let endpoint = shared.endpoint.clone();
    let failed = |e: tokio::task::JoinError| {
        (Err(ApiError::InternalServer(format!("The request was not completed: {e}"))), None)
    };
    let (outcome, ticket) = if target.0.is_empty() && Operation::parse(&target.1).is_some_and(Operation::brief) {
        match parse_request(Target::DynamoDb(&target.1), &body) {
            Err(error) => (Err(error), None),
            Ok(request) => match endpoint.try_execute_logged(&namespace, Target::DynamoDb(&target.1), &request) {
                Some(applied) => applied,
                None => {
                    let endpoint = endpoint.clone();
                    tokio::task::spawn_blocking(move || {
                        endpoint.execute_logged(&namespace, Target::DynamoDb(&target.1), &request)
                    })
                    .await
                    .unwrap_or_else(failed)
                }
            },
        }
    } else {
        let endpoint = endpoint.clone();
        tokio::task::spawn_blocking(move || {
            let (prefix, op) = &target;
            let target = match *prefix {
                "" => Target::DynamoDb(op),
                STREAMS_PREFIX => Target::Streams(op),
                _ => Target::Playground(op),
            };
            match parse_request(target, &body) {
                Ok(request) => endpoint.execute_logged(&namespace, target, &request),
                Err(error) => (Err(error), None),
            }
        })
        .await
        .unwrap_or_else(failed)
    };
    // With a data file, a change is answered only once the journal has it on disk.
    let outcome = match ticket {
        Some(ticket) => endpoint.durable(ticket).await.and(outcome),
        None => outcome,
    };
    let reply = match outcome {
        Ok(response) => Reply::json(200, &response),
        Err(error) => Reply::error(&error),
    };
    (operation, reply)
}

/// `GET /`: what this is and how to talk to it, plus a table count, so a
/// browser or `curl` shows the server is up.
async fn info_page(shared: &Shared) -> Reply {
    let endpoint = shared.endpoint.clone();
    let counts = move || {
        let mode = endpoint.clock_mode();
        endpoint.with_databases(|d| (d.table_count(), describe_databases(d), mode))
    };
    let (tables, databases, mode) = tokio::task::spawn_blocking(counts)
        .await
        .map(|(tables, databases, mode)| {
            (tables.to_string(), databases, if mode == ClockMode::Wall { "wall" } else { "manual" })
        })
        .unwrap_or_else(|_| ("?".into(), "?".into(), "?"));
    let text = format!(
        "ddb-local {}: the DynamoDB-compatible endpoint of ddb-playground.\n\
         POST DynamoDB JSON 1.0 requests here, with X-Amz-Target: DynamoDB_20120810.<Operation>\n\
         (e.g. aws dynamodb list-tables --endpoint-url http://{{this host}}).\n\
         Operations: {}\n\
         Playground operations (X-Amz-Target: {}<Operation>): {}\n\
         Clock: {mode}\n\
         Databases: {databases}\n\
         Tables: {tables}\n",
        env!("CARGO_PKG_VERSION"),
        Operation::ALL.iter().map(|o| o.name()).collect::<Vec<_>>().join(", "),
        playground::TARGET_PREFIX,
        playground::OPERATIONS.join(", ")
    );
    Reply {
        status: 200,
        content_type: Some("text/plain; charset=utf-8"),
        body: text.into_bytes(),
        close: false,
        reason: None,
    }
}

/// The status page's account of the databases: shared, or each namespace
/// with its table count (the first [`LISTED_DATABASES`]).
fn describe_databases(databases: &Databases) -> String {
    if databases.is_shared() {
        return "one, shared by every access key and region (--shared-db)".into();
    }
    let count = databases.iter().count();
    let mut text = format!("{count}, one per access key and region of the requests' SigV4 credentials");
    for (namespace, engine) in databases.iter().take(LISTED_DATABASES) {
        if let Some(namespace) = namespace {
            text.push_str(&format!("\n  {namespace}: {} table(s)", engine.tables().count()));
        }
    }
    if count > LISTED_DATABASES {
        text.push_str(&format!("\n  … and {} more", count - LISTED_DATABASES));
    }
    text
}

/// How many databases the status page lists by name.
const LISTED_DATABASES: usize = 20;

fn build_response(reply: Reply, request_id: &str) -> Response<Full<Bytes>> {
    let crc = crc32_header(&reply.body);
    let mut response = Response::new(Full::new(Bytes::from(reply.body)));
    *response.status_mut() = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    if let Some(content_type) = reply.content_type {
        headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    }
    if let Some(value) = reply.reason.as_deref().and_then(|r| HeaderValue::from_str(r).ok()) {
        headers.insert("x-ddb-local-reason", value);
    }
    if let Ok(value) = HeaderValue::from_str(&crc) {
        headers.insert("x-amz-crc32", value);
    }
    if let Ok(value) = HeaderValue::from_str(request_id) {
        headers.insert("x-amzn-requestid", value);
    }
    if reply.status == 405 {
        headers.insert(ALLOW, HeaderValue::from_static("GET, HEAD, POST"));
    }
    if reply.close {
        headers.insert(CONNECTION, HeaderValue::from_static("close"));
    }
    response
}
