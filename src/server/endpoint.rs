//! The engines as the server shares them: its [`Databases`] (one engine per
//! access key and region, or one shared) behind one mutex, and the
//! bookkeeping that decides when the data file needs saving.
//!
//! Every request runs the engine under the mutex, on the async worker that
//! read it or on a blocking thread (which one: [`super::http`]). The JSON is
//! parsed *before* the lock is taken and the response serialised after it is
//! released, so the lock covers exactly the engine's own work:
//!
//! ```text
//!   thread A: parse ─┐ lock ─ clock.tick_wall(now) ─ execute ─ unlock ┌─ serialise
//!   thread B: parse ──────────────────────────── wait ──────────────────┘ lock ─ … ─ unlock
//! ```
//!
//! **The clock** (`ddb-local --clock wall|manual`) is the engine clock's
//! [`ClockMode`], set by [`super::start`]. With [`ClockMode::Wall`] (the
//! default) every request first moves the engine clock to the wall clock, so
//! the token buckets refill in real time and provisioned throughput is
//! enforced as DynamoDB enforces it. With [`ClockMode::Manual`] the wall
//! clock is ignored and time moves only through the playground's
//! `AdvanceClock` (and `RunWorkload`, which ends its seconds later): a
//! burst of requests then drains the buckets and stays throttled until the
//! clock is advanced, which makes throttling reproducible.
//!
//! One request at a time inside the engine is exactly DynamoDB's promise for
//! a single item (every write is atomic and the next read sees it), and a
//! simple one to keep: there are no lost updates because there is no
//! interleaving at all. The playground is a teaching tool, not a throughput
//! benchmark, so nothing finer-grained is worth its complexity.
//!
//! Durability (with a data file): each successful request that may change
//! data is appended to the [`Journal`] while the lock is held, and its
//! answer waits until the journal has it on disk ([`Endpoint::durable`]).
//! It also bumps a generation counter. A checkpoint
//! ([`Endpoint::save_if_changed`]) copies the engine and marks the journal
//! (under the lock), turns the copy into the snapshot and writes the data
//! file (outside it), then drops the journal's records the checkpoint holds.

use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::Value;

use super::databases::{Databases, Namespace};
use super::journal::{Journal, Mark};
use super::persist;
use super::playground;
use super::protocol::Target;
use crate::engine::clock::ClockMode;
use crate::engine::{ApiError, Engine, Operation};
use crate::scenario::Scenario;

/// How long [`Endpoint::try_execute_logged`] spins for a busy engine before
/// giving up. A single-item request holds the engine for a few microseconds,
/// so a collision between two threads is over well within this; a Scan or a
/// workload holds it far longer, and then the caller hands the request off
/// rather than spin through it.
pub const INLINE_PATIENCE: Duration = Duration::from_micros(50);

/// What the mutex guards.
#[derive(Debug)]
struct State {
    databases: Databases,
    /// Bumped by every successful request that may have changed data.
    generation: u64,
    /// The generation last written to the data file.
    saved_generation: u64,
}

/// The shared engine of a running server.
#[derive(Debug)]
pub struct Endpoint {
    state: Mutex<State>,
    /// Held while a save writes the file, so two saves never interleave.
    save_lock: Mutex<()>,
    data_file: Option<PathBuf>,
    /// The data file's scenario around the engine (saved operations, view,
    /// kept NoSQL Workbench model), with an empty engine: a save writes the
    /// live engine into it, so what the browser put in the file survives
    /// ddb-local rewriting it.
    surroundings: Scenario,
    /// The journal beside the data file, once [`Endpoint::open_journal`] ran.
    journal: Option<Journal>,
}

/// A change's place in the journal: its answer may be sent once
/// [`Endpoint::durable`] says it is on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket(u64);

/// Milliseconds since the Unix epoch by the wall clock (0 if the clock is
/// before 1970, which the engine's never-backwards clock then ignores).
pub fn wall_clock_millis() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or_default()
}

/// The text of a panic payload, for the error message.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "(no message)"
    }
}

/// Parses a request body: a body that is not JSON is a
/// `SerializationException`; an unknown playground operation is refused
/// before anything is parsed.
pub fn parse_request(target: Target<'_>, body: &[u8]) -> Result<Value, ApiError> {
    if let Target::Playground(operation) = target {
        if !playground::OPERATIONS.contains(&operation) {
            return Err(playground::unknown_operation(operation));
        }
    }
    serde_json::from_slice(body).map_err(|e| ApiError::Serialization(e.to_string()))
}

/// Runs `run` (one engine call), turning a panic into `InternalServerError`
/// instead of letting it take down the thread and poison the lock.
fn guarded(operation: &str, run: impl FnOnce() -> Result<Value, ApiError>) -> Result<Value, ApiError> {
    catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|payload| {
        Err(ApiError::InternalServer(format!(
            "The engine panicked while running {operation}: {}. This is a bug in ddb-playground; \
             the request may have been partly applied.",
            panic_message(payload.as_ref())
        )))
    })
}

impl Endpoint {
    /// Shares `engine` with every client (one shared database);
    /// `data_file` is where [`Endpoint::save`] writes.
    pub fn new(engine: Engine, data_file: Option<PathBuf>) -> Self {
        Self::of_databases(Databases::Shared(engine), data_file)
    }

    /// Serves `databases`; `data_file` is where [`Endpoint::save`] writes.
    pub fn of_databases(databases: Databases, data_file: Option<PathBuf>) -> Self {
        let state = State { databases, generation: 0, saved_generation: 0 };
        Self {
            state: Mutex::new(state),
            save_lock: Mutex::new(()),
            data_file,
            surroundings: Scenario::of(&Engine::new()),
            journal: None,
        }
    }

    /// Makes changes durable before they are answered: writes a checkpoint
    /// of the engine as it is (with a new journal id) and starts an empty
    /// journal for it. Without a data file it does nothing. Call it before
    /// serving; the engine must already hold what the old journal replayed
    /// ([`persist::recover`]): the old journal is replaced.
    pub fn open_journal(&mut self) -> io::Result<()> {
        let Some(path) = self.data_file.clone() else { return Ok(()) };
        self.journal = None;
        let id = format!("{:x}-{:x}", wall_clock_millis(), std::process::id());
        // The checkpoint first: until the new journal replaces the old one,
        // the old one names another checkpoint and is ignored (its changes
        // are in this one).
        let snapshot = self.lock().databases.snapshot();
        self.write_checkpoint(&path, snapshot, Some(&Mark { journal: id.clone(), sequence: 0 }))?;
        self.journal = Some(Journal::create(&path, &id)?);
        Ok(())
    }

    /// Waits until the change `ticket` names is on disk.
    pub async fn durable(&self, ticket: Ticket) -> Result<(), ApiError> {
        match &self.journal {
            Some(journal) => journal.durable(ticket.0).await,
            None => Ok(()),
        }
    }

    /// Blocking [`Endpoint::durable`].
    fn wait(&self, ticket: Option<Ticket>) -> Result<(), ApiError> {
        match (&self.journal, ticket) {
            (Some(journal), Some(ticket)) => journal.wait(ticket.0),
            _ => Ok(()),
        }
    }

    /// The journal's length in bytes (0 without one).
    pub fn journal_bytes(&self) -> u64 {
        self.journal.as_ref().map_or(0, Journal::len)
    }

    /// Writes what the journal has pending and stops its writer.
    pub fn close_journal(&self) {
        if let Some(journal) = &self.journal {
            journal.close();
        }
    }

    /// Serves `scenario`'s engine as one shared database; its saved
    /// operations, access patterns, view and kept Workbench model are
    /// written back with every save.
    pub fn of_scenario(scenario: Scenario, data_file: Option<PathBuf>) -> Self {
        let (surroundings, engine) = split_scenario(scenario);
        Self::of_scenario_databases(surroundings, Databases::Shared(engine), data_file)
    }

    /// Serves `databases` around `surroundings` (a scenario whose engine is
    /// ignored): its saved operations, access patterns, view and kept
    /// Workbench model are written back with every save.
    pub fn of_scenario_databases(surroundings: Scenario, databases: Databases, data_file: Option<PathBuf>) -> Self {
        Self { surroundings: split_scenario(surroundings).0, ..Self::of_databases(databases, data_file) }
    }

    /// The lock. A poisoned mutex (a panic while held) is taken over rather
    /// than propagated: `execute` catches engine panics inside the lock, so
    /// poisoning would mean a bug here, and refusing all later requests
    /// would make it worse.
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The data file, if the server persists.
    pub fn data_file(&self) -> Option<&Path> {
        self.data_file.as_deref()
    }

    /// Runs one request body through the engine: parse (outside the lock),
    /// move the engine clock to the wall clock (in [`ClockMode::Wall`]
    /// only), execute. A body that is not JSON is a `SerializationException`.
    /// A panic in the engine is caught and answered as `InternalServerError`.
    pub fn execute(&self, operation: &str, body: &[u8]) -> Result<Value, ApiError> {
        self.execute_target(Target::DynamoDb(operation), body)
    }

    /// [`Endpoint::execute`] for a DynamoDB or a playground operation.
    pub fn execute_target(&self, target: Target<'_>, body: &[u8]) -> Result<Value, ApiError> {
        let request = parse_request(target, body)?;
        self.execute_parsed(target, &request)
    }

    /// Runs a request [`parse_request`] has parsed, as an unsigned request
    /// ([`Namespace::unsigned`]), waiting for the lock and, for a change,
    /// until it is durable.
    pub fn execute_parsed(&self, target: Target<'_>, request: &Value) -> Result<Value, ApiError> {
        let (outcome, ticket) = self.execute_logged(&Namespace::unsigned(), target, request);
        self.wait(ticket)?;
        outcome
    }

    /// Runs a parsed request on `namespace`'s database, waiting for the
    /// lock, and returns at once: with a ticket, the answer may be sent
    /// only once [`Endpoint::durable`] says so. A playground operation that
    /// needs no engine (`playground::needs_no_engine`) runs without the lock.
    pub fn execute_logged(
        &self,
        namespace: &Namespace,
        target: Target<'_>,
        request: &Value,
    ) -> (Result<Value, ApiError>, Option<Ticket>) {
        if let Target::Playground(operation) = target {
            if playground::needs_no_engine(operation) {
                return (guarded(operation, || playground::execute_alone(operation, request)), None);
            }
        }
        self.run(self.lock(), namespace, target, request)
    }

    /// Runs a parsed request if the engine is free now or within
    /// [`INLINE_PATIENCE`]; `None` (and nothing done) if another request
    /// holds it longer. The HTTP side uses this to run short requests on the
    /// thread that read them, and hands a request to a blocking thread only
    /// when it would have to wait long (see `http`).
    pub fn try_execute_parsed(&self, target: Target<'_>, request: &Value) -> Option<Result<Value, ApiError>> {
        let (outcome, ticket) = self.try_execute_logged(&Namespace::unsigned(), target, request)?;
        Some(self.wait(ticket).and(outcome))
    }

    /// [`Endpoint::try_execute_parsed`] that returns at once, as
    /// [`Endpoint::execute_logged`].
    pub fn try_execute_logged(
        &self,
        namespace: &Namespace,
        target: Target<'_>,
        request: &Value,
    ) -> Option<(Result<Value, ApiError>, Option<Ticket>)> {
        // The clock is read only once the engine turns out to be busy.
        let mut started: Option<Instant> = None;
        let mut attempts = 0u32;
        let state = loop {
            match self.state.try_lock() {
                Ok(state) => break state,
                Err(TryLockError::Poisoned(poisoned)) => break poisoned.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    let since = *started.get_or_insert_with(Instant::now);
                    attempts += 1;
                    // Reading the clock costs more than a spin: look every 64th time.
                    if attempts.is_multiple_of(64) && since.elapsed() >= INLINE_PATIENCE {
                        return None;
                    }
                    std::hint::spin_loop();
                }
            }
        };
        Some(self.run(state, namespace, target, request))
    }

    fn run(
        &self,
        mut state: MutexGuard<'_, State>,
        namespace: &Namespace,
        target: Target<'_>,
        request: &Value,
    ) -> (Result<Value, ApiError>, Option<Ticket>) {
        match Self::apply(&mut state, namespace, target, request) {
            Ok((response, Some(at))) => {
                // A shared database's records name no namespace.
                let named = (!state.databases.is_shared()).then_some(namespace);
                let ticket = self.journal.as_ref().map(|j| Ticket(j.append(at, named, target, request, &response)));
                (Ok(response), ticket)
            }
            Ok((response, None)) => (Ok(response), None),
            Err(error) => (Err(error), None),
        }
    }

    /// Runs the request; the answer and, if it may have changed data, the
    /// engine time it started at (what a replay needs).
    fn apply(
        state: &mut State,
        namespace: &Namespace,
        target: Target<'_>,
        request: &Value,
    ) -> Result<(Value, Option<u64>), ApiError> {
        let (engine, made) = state.databases.get_or_make(namespace);
        let outcome = Self::apply_to(engine, target, request);
        let changed = matches!(outcome, Ok((_, Some(_))));
        if changed {
            state.generation += 1;
        } else if made {
            state.databases.forget_if_empty(namespace);
        }
        outcome
    }

    /// [`Endpoint::apply`] on the request's database.
    fn apply_to(engine: &mut Engine, target: Target<'_>, request: &Value) -> Result<(Value, Option<u64>), ApiError> {
        engine.clock_mut().tick_wall(wall_clock_millis());
        let at = engine.clock().now_millis();
        let (response, read_only) = match target {
            Target::DynamoDb(operation) => {
                // Only an operation that never changes data needs no save (a
                // needless save costs little; a missed one loses data).
                let read_only = Operation::parse(operation).is_some_and(Operation::read_only);
                (guarded(operation, || engine.execute(operation, request))?, read_only)
            }
            Target::Playground(operation) => (
                guarded(operation, || playground::execute(engine, operation, request))?,
                playground::is_read_only(operation),
            ),
            // Reading a stream changes no table (a trim it does is redone after a restore).
            Target::Streams(operation) => (guarded(operation, || engine.execute_streams(operation, request))?, true),
        };
        Ok((response, (!read_only).then_some(at)))
    }

    /// Who moves the engine clock.
    pub fn clock_mode(&self) -> ClockMode {
        match &self.lock().databases {
            Databases::Shared(engine) => engine.clock().mode(),
            Databases::PerCredential { clock, .. } => *clock,
        }
    }

    /// Read access to the database of unsigned requests (the shared one, if
    /// shared; an empty engine if it has none), e.g. for a test.
    pub fn with_engine<R>(&self, f: impl FnOnce(&Engine) -> R) -> R {
        self.with_database(&Namespace::unsigned(), f)
    }

    /// Read access to `namespace`'s database (an empty engine if it has none).
    pub fn with_database<R>(&self, namespace: &Namespace, f: impl FnOnce(&Engine) -> R) -> R {
        let state = self.lock();
        match state.databases.get(namespace) {
            Some(engine) => f(engine),
            None => f(&Engine::in_region(&namespace.region)),
        }
    }

    /// Read access to all databases, e.g. for the status page.
    pub fn with_databases<R>(&self, f: impl FnOnce(&Databases) -> R) -> R {
        f(&self.lock().databases)
    }

    /// Writes the data file if a change happened since the last save.
    /// Returns whether it wrote. Without a data file it does nothing.
    pub fn save_if_changed(&self) -> io::Result<bool> {
        self.save_when(|state| state.generation != state.saved_generation)
    }

    /// Writes the data file whether or not anything changed (at shutdown,
    /// so the file always exists afterwards). Without a data file it does
    /// nothing.
    pub fn save(&self) -> io::Result<bool> {
        self.save_when(|_| true)
    }

    fn save_when(&self, needed: impl FnOnce(&State) -> bool) -> io::Result<bool> {
        let Some(path) = &self.data_file else { return Ok(false) };
        let _writing = self.save_lock.lock().unwrap_or_else(PoisonError::into_inner);
        // Under the lock only a copy of the engine is taken: turning it into
        // the snapshot's JSON is many times slower, and every request would
        // wait for it (the `--data` tail in BENCHMARKS.md).
        let (databases, generation, mark) = {
            let state = self.lock();
            if !needed(&state) {
                return Ok(false);
            }
            (state.databases.clone(), state.generation, self.journal.as_ref().map(Journal::mark))
        };
        self.write_checkpoint(path, databases.snapshot(), mark.as_ref().map(|(mark, _)| mark))?;
        if let (Some(journal), Some((_, offset))) = (&self.journal, mark) {
            journal.compact(offset)?;
        }
        let mut state = self.lock();
        state.saved_generation = state.saved_generation.max(generation);
        Ok(true)
    }

    /// Writes the data file: a scenario document (the format the browser
    /// exports and imports) around the first database's snapshot, with the
    /// other databases ([`Databases::snapshot`]) and its place in the
    /// journal under `ddbLocal`.
    fn write_checkpoint(&self, path: &Path, snapshot: (Value, Option<Value>), mark: Option<&Mark>) -> io::Result<()> {
        let (engine, databases) = snapshot;
        let mut document = self.surroundings.to_json();
        if let Value::Object(members) = &mut document {
            members.insert("engine".into(), engine);
            let mut ours = match mark.map(Mark::to_json) {
                Some(Value::Object(ours)) => ours,
                _ => serde_json::Map::new(),
            };
            if let Some(databases) = databases {
                ours.insert("databases".into(), databases);
            }
            if !ours.is_empty() {
                members.insert("ddbLocal".into(), Value::Object(ours));
            }
        }
        persist::save_atomically(path, &document)
    }
}

/// `scenario` without its engine (the surroundings a save writes back),
/// and its engine.
pub fn split_scenario(scenario: Scenario) -> (Scenario, Engine) {
    let Scenario { engine, operations, access_patterns, view, workbench, generated } = scenario;
    (Scenario { engine: Engine::new(), operations, access_patterns, view, workbench, generated }, engine)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const CREATE: &str = r#"{"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}"#;

    #[test]
    fn executes_and_tracks_changes() {
        let mut engine = Engine::new();
        engine.clock_mut().set_mode(ClockMode::Wall);
        let endpoint = Endpoint::new(engine, None);
        assert!(endpoint.execute("CreateTable", CREATE.as_bytes()).is_ok());
        let put = json!({"TableName": "tbl", "Item": {"pk": {"S": "a"}}}).to_string();
        assert_eq!(endpoint.execute("PutItem", put.as_bytes()), Ok(json!({})));
        let get = json!({"TableName": "tbl", "Key": {"pk": {"S": "a"}}}).to_string();
        assert_eq!(endpoint.execute("GetItem", get.as_bytes()), Ok(json!({"Item": {"pk": {"S": "a"}}})));
        // Two changes; the read and the failure do not count.
        assert!(endpoint.execute("PutItem", b"{}").is_err());
        assert_eq!(endpoint.lock().generation, 2);
        // The clock follows the wall clock (never the 2026 default start).
        let now = wall_clock_millis();
        endpoint.with_engine(|engine| assert!(engine.clock().now_millis().abs_diff(now) < 60_000));
    }

    #[test]
    fn an_exercise_check_does_not_wait_for_the_engine() {
        use std::sync::mpsc::channel;
        use std::time::Duration;
        let endpoint = std::sync::Arc::new(Endpoint::new(Engine::new(), None));
        // One thread holds the engine until told to let go…
        let (held, engine_taken) = channel();
        let (release, let_go) = channel::<()>();
        let holder = {
            let endpoint = endpoint.clone();
            std::thread::spawn(move || {
                endpoint.with_engine(|_| {
                    let _ = held.send(());
                    let _ = let_go.recv();
                })
            })
        };
        engine_taken.recv().expect("the engine is held");
        // …while a check of a built-in exercise answers all the same.
        let (answered, answer) = channel();
        let checker = {
            let endpoint = endpoint.clone();
            std::thread::spawn(move || {
                let body = br#"{"ExerciseId": "voting", "Solution": {"Tables": [], "Mappings": {}, "Requests": {}}}"#;
                let _ = answered.send(endpoint.execute_target(Target::Playground("CheckExercise"), body));
            })
        };
        let outcome = answer.recv_timeout(Duration::from_secs(60));
        release.send(()).expect("the holder waits");
        holder.join().expect("the holder ends");
        checker.join().expect("the checker ends");
        let outcome = outcome.expect("the check answered while the engine was held");
        assert!(matches!(outcome, Ok(_) | Err(ApiError::Validation(_))), "{outcome:?}");
    }

    #[test]
    fn the_manual_clock_ignores_the_wall_clock() {
        let endpoint = Endpoint::new(Engine::new(), None);
        assert_eq!(endpoint.clock_mode(), ClockMode::Manual);
        assert!(endpoint.execute("CreateTable", CREATE.as_bytes()).is_ok());
        let start = crate::engine::clock::Clock::DEFAULT_START_MILLIS;
        endpoint.with_engine(|engine| assert_eq!(engine.clock().now_millis(), start));
        let moved = endpoint.execute_target(Target::Playground("AdvanceClock"), br#"{"Seconds": 2}"#);
        assert_eq!(moved.expect("advanced")["NowMillis"], start + 2_000);
        // AdvanceClock counts as a change; the planners do not.
        let generation = endpoint.lock().generation;
        let plan = br#"{"Items": 10, "Fraction": 1, "ItemSizeBytes": 100}"#;
        assert!(endpoint.execute_target(Target::Playground("PlanShards"), plan).is_ok());
        assert_eq!(endpoint.lock().generation, generation);
        let error = endpoint.execute_target(Target::Playground("Nope"), b"{}").expect_err("unknown");
        assert_eq!(error.name(), "UnknownOperationException");
    }

    #[test]
    fn a_busy_engine_is_not_waited_for_by_try_execute() {
        let endpoint = Endpoint::new(Engine::new(), None);
        let target = Target::DynamoDb("ListTables");
        let request = parse_request(target, b"{}").expect("JSON");
        {
            let _held = endpoint.lock();
            assert_eq!(endpoint.try_execute_parsed(target, &request), None);
        }
        assert_eq!(endpoint.try_execute_parsed(target, &request), Some(Ok(json!({"TableNames": []}))));
        assert_eq!(endpoint.execute_parsed(target, &request), Ok(json!({"TableNames": []})));
        let error = parse_request(Target::Playground("Nope"), b"{}").expect_err("unknown");
        assert_eq!(error.name(), "UnknownOperationException");
    }

    #[test]
    fn a_panic_becomes_an_internal_server_error() {
        // (The panic message also shows on stderr: the default hook runs first.)
        let error = guarded("PutItem", || panic!("boom")).expect_err("caught");
        assert_eq!(error.name(), "InternalServerError");
        assert!(error.message().starts_with("The engine panicked while running PutItem: boom."), "{error}");
        let error = guarded("GetItem", || std::panic::panic_any(7u8)).expect_err("caught");
        assert!(error.message().contains("(no message)"), "{error}");
        assert_eq!(guarded("ListTables", || Ok(json!({}))), Ok(json!({})));
    }

    #[test]
    fn malformed_json_is_a_serialization_exception() {
        let endpoint = Endpoint::new(Engine::new(), None);
        for body in [&b""[..], b"{", b"{\"TableName\": }", b"\xff\xfe", b"[1,2"] {
            let error = endpoint.execute("ListTables", body).expect_err("not JSON");
            assert_eq!(error.name(), "SerializationException", "{body:?}");
        }
    }

    /// Every stream record of every stream, as GetRecords shows them.
    fn stream_records(engine: &mut Engine) -> Vec<Value> {
        let mut records = Vec::new();
        let streams = engine.execute_streams("ListStreams", &json!({})).expect("listed");
        for stream in streams["Streams"].as_array().into_iter().flatten() {
            let arn = &stream["StreamArn"];
            let described = engine.execute_streams("DescribeStream", &json!({"StreamArn": arn})).expect("described");
            for shard in described["StreamDescription"]["Shards"].as_array().into_iter().flatten() {
                let iterator = engine
                    .execute_streams(
                        "GetShardIterator",
                        &json!({"StreamArn": arn, "ShardId": shard["ShardId"], "ShardIteratorType": "TRIM_HORIZON"}),
                    )
                    .expect("iterator");
                let page = engine
                    .execute_streams("GetRecords", &json!({"ShardIterator": iterator["ShardIterator"]}))
                    .expect("records");
                records.extend(page["Records"].as_array().into_iter().flatten().cloned());
            }
        }
        records
    }

    /// Replaying the journal on the checkpoint gives the engine that ran
    /// the requests: items, GSI propagation in flight, TTL deletions,
    /// stream records, the clock.
    #[test]
    fn recovery_replays_to_the_same_engine() {
        let dir = std::env::temp_dir().join(format!("ddb-endpoint-replay-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        let file = dir.join("data.json");
        let mut endpoint = Endpoint::new(Engine::new(), Some(file.clone()));
        endpoint.open_journal().expect("journal");
        let run = |target: Target<'_>, request: Value| {
            endpoint.execute_target(target, request.to_string().as_bytes()).expect("ran")
        };
        let db = Target::DynamoDb;
        run(
            db("CreateTable"),
            json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                    {"AttributeName": "g", "AttributeType": "S"}],
                "GlobalSecondaryIndexes": [{"IndexName": "by-g",
                    "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}],
                "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"}}),
        );
        run(
            db("UpdateTimeToLive"),
            json!({"TableName": "tbl",
            "TimeToLiveSpecification": {"Enabled": true, "AttributeName": "expires"}}),
        );
        let start = crate::engine::clock::Clock::DEFAULT_START_MILLIS / 1000;
        for i in 0..6 {
            run(
                db("PutItem"),
                json!({"TableName": "tbl", "Item": {"pk": {"S": format!("k{i}")},
                "g": {"S": format!("g{}", i % 2)}, "expires": {"N": (start + 5 + i).to_string()}}}),
            );
        }
        run(
            db("UpdateItem"),
            json!({"TableName": "tbl", "Key": {"pk": {"S": "k1"}},
            "UpdateExpression": "SET n = :n REMOVE expires", "ExpressionAttributeValues": {":n": {"N": "7"}}}),
        );
        run(db("DeleteItem"), json!({"TableName": "tbl", "Key": {"pk": {"S": "k2"}}}));
        run(Target::Playground("AdvanceClock"), json!({"Seconds": 8}));
        run(
            db("TransactWriteItems"),
            json!({"TransactItems": [
            {"Put": {"TableName": "tbl", "Item": {"pk": {"S": "t1"}, "g": {"S": "g1"}}}},
            {"Delete": {"Key": {"pk": {"S": "k3"}}, "TableName": "tbl"}}]}),
        );
        run(
            db("BatchWriteItem"),
            json!({"RequestItems": {"tbl": [
            {"PutRequest": {"Item": {"pk": {"S": "b1"}, "g": {"S": "g0"}}}},
            {"DeleteRequest": {"Key": {"pk": {"S": "k4"}}}}]}}),
        );
        run(Target::Playground("AdvanceClock"), json!({"Seconds": 3600}));
        // A change whose GSI update is still on its way.
        run(db("PutItem"), json!({"TableName": "tbl", "Item": {"pk": {"S": "late"}, "g": {"S": "g9"}}}));

        let (expected, expected_records) = {
            let mut state = endpoint.lock();
            let engine = state.databases.get_or_make(&Namespace::unsigned()).0;
            (engine.snapshot(), stream_records(engine))
        };
        // What a kill -9 leaves: the data file of the start and the journal.
        let mut recovered = persist::recover(&file).expect("recovers").expect("exists").engine;
        assert_eq!(recovered.snapshot(), expected);
        assert_eq!(stream_records(&mut recovered), expected_records);
        assert!(expected_records.len() >= 10, "{expected_records:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn each_access_key_and_region_recovers_its_own_tables() {
        let dir = std::env::temp_dir().join(format!("ddb-endpoint-namespaces-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let file = dir.join("data.json");
        let _ = std::fs::remove_file(&file);
        let databases = Databases::per_credential(crate::engine::EngineSettings::default(), ClockMode::Manual);
        let mut endpoint = Endpoint::of_databases(databases, Some(file.clone()));
        endpoint.open_journal().expect("journal");
        let alice = Namespace { access_key_id: "alice".into(), region: "eu-west-1".into() };
        let bob = Namespace { access_key_id: "bob".into(), region: "us-east-1".into() };
        let create: Value = serde_json::from_str(CREATE).expect("json");
        let run = |namespace: &Namespace, operation: &str, request: &Value| {
            let (outcome, ticket) = endpoint.execute_logged(namespace, Target::DynamoDb(operation), request);
            endpoint.wait(ticket).expect("durable");
            outcome
        };
        run(&alice, "CreateTable", &create).expect("alice's table");
        run(&alice, "PutItem", &json!({"TableName": "tbl", "Item": {"pk": {"S": "a"}}})).expect("alice's item");
        run(&bob, "CreateTable", &create).expect("bob has a table of the same name");
        // A read in a region nobody wrote to answers from an empty database and keeps none.
        let carol = Namespace { access_key_id: "carol".into(), region: "ap-south-1".into() };
        assert_eq!(run(&carol, "ListTables", &json!({})), Ok(json!({"TableNames": []})));
        let counts =
            |d: &Databases| d.iter().map(|(_, e)| e.table("tbl").map_or(0, |t| t.item_count())).collect::<Vec<_>>();
        assert_eq!(endpoint.with_databases(counts), [1, 0]);
        let arn = endpoint.with_database(&alice, |e| e.table("tbl").map(|t| t.definition.arn.clone()));
        assert_eq!(arn.as_deref(), Some("arn:aws:dynamodb:eu-west-1:000000000000:table/tbl"));

        // What a kill -9 leaves: the data file of the start and the journal.
        let (_, recovered) = persist::recover_databases(&file).expect("recovers").expect("exists");
        let namespaces: Vec<_> = recovered.iter().map(|(n, _)| n.cloned()).collect();
        assert_eq!(namespaces, [Some(alice.clone()), Some(bob.clone())]);
        assert_eq!(counts(&recovered), [1, 0]);
        // And a checkpoint keeps them too.
        assert!(endpoint.save().expect("saved"));
        endpoint.close_journal();
        let (_, reloaded) = persist::recover_databases(&file).expect("reloads").expect("exists");
        assert_eq!(counts(&reloaded), [1, 0]);
        let arn = reloaded.get(&alice).and_then(|e| e.table("tbl")).map(|t| t.definition.arn.clone());
        assert_eq!(arn.as_deref(), Some("arn:aws:dynamodb:eu-west-1:000000000000:table/tbl"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn saves_only_when_changed() {
        let dir = std::env::temp_dir().join(format!("ddb-endpoint-test-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let file = dir.join("data.json");
        let endpoint = Endpoint::new(Engine::new(), Some(file.clone()));
        assert!(!endpoint.save_if_changed().expect("nothing to save"));
        assert!(endpoint.execute("CreateTable", CREATE.as_bytes()).is_ok());
        assert!(endpoint.save_if_changed().expect("saved"));
        assert!(!endpoint.save_if_changed().expect("already saved"));
        let restored = persist::load(&file).expect("readable").expect("exists");
        assert!(restored.table("tbl").is_some());
        assert!(endpoint.save().expect("saved again"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
