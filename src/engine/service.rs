//! The engine: one simulated DynamoDB account in one region, and its single
//! entry point [`Engine::execute`].
//!
//! `execute` takes exactly what an SDK sends: the operation name (the part
//! after `DynamoDB_20120810.` in `X-Amz-Target`) and the JSON request body. It
//! answers the JSON response body or an [`ApiError`]. The browser UI and the
//! local HTTP endpoint both go through it, so a request behaves the same
//! wherever it comes from.
//!
//! The DynamoDB Streams API (`X-Amz-Target: DynamoDBStreams_20120810.<op>`)
//! has its own entry point, [`Engine::execute_streams`], with
//! the operations listed in [`crate::engine::streams::STREAMS_OPERATIONS`].

use std::collections::BTreeMap;

use serde_json::Value;

use super::answer::{Answer, Outcome};
use super::api::{self, batch, item, read, streams, table, ttl, vector};
use super::clock::Clock;
use super::deferred;
use super::dry_run::Trace;
use super::error::{ApiError, Result};
use super::index::WriteContext;
use super::operation::{Operation, Plane};
use super::ops::streams::streams_request_arn;
use super::ops::transact::TokenRecord;
use super::settings::EngineSettings;
use super::sim::CapacityModels;
use super::table::Table;
use super::table_arns::echo_arns;

/// A throttled transaction is cancelled, with the throttle as the reason of
/// every action (the engine does not tell which action's partition ran out;
/// semantics C: codes `ProvisionedThroughputExceeded` / `ThrottlingError`).
fn throttle_as_cancellation(operation: Operation, request: &Value, throttle: ApiError) -> ApiError {
    if !operation.transactional() {
        return throttle;
    }
    let code = match throttle {
        ApiError::Throttling { .. } | ApiError::RequestLimitExceeded { .. } => "ThrottlingError",
        _ => "ProvisionedThroughputExceeded",
    };
    let actions = ["TransactItems", "TransactStatements"]
        .iter()
        .find_map(|member| request.get(member).and_then(Value::as_array))
        .map_or(1, Vec::len);
    let reasons = vec![serde_json::json!({"Code": code, "Message": throttle.message()}); actions];
    ApiError::TransactionCanceled {
        message: format!(
            "Transaction cancelled, please refer cancellation reasons for specific reasons [{}]",
            vec![code; actions].join(", ")
        ),
        reasons,
    }
}

/// DynamoDB's answer to an operation name it does not know.
pub(crate) fn unknown_operation(operation: &str) -> ApiError {
    ApiError::UnknownOperation(format!("Unknown operation: {operation}"))
}

/// The region an engine simulates unless told otherwise.
pub const DEFAULT_REGION: &str = "us-east-1";

/// One simulated DynamoDB account in one region.
#[derive(Clone, Debug)]
pub struct Engine {
    pub(crate) tables: BTreeMap<String, Table>,
    pub(crate) clock: Clock,
    pub(crate) region: String,
    pub(crate) account_id: String,
    /// Transactions remembered by `ClientRequestToken` for idempotent retries.
    pub(crate) transaction_tokens: BTreeMap<String, TokenRecord>,
    /// Background timings and teaching knobs.
    pub(crate) settings: EngineSettings,
    /// The capacity model (partitions, buckets, metrics) of each table and
    /// GSI, by table and index name (see `sim`).
    pub(crate) sims: CapacityModels,
    /// Streams of deleted tables, readable for 24 hours (see `streams`).
    pub(crate) retired_streams: Vec<crate::engine::streams::TableStream>,
    /// The stream triggers of every table (see `triggers`).
    pub(crate) triggers: Vec<crate::engine::triggers::StreamTrigger>,
    /// The updates triggers applied, until the host takes them.
    pub(crate) trigger_writes: std::collections::VecDeque<crate::engine::triggers::TriggerWrite>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An empty engine in `us-east-1` under the placeholder account
    /// `000000000000`, its clock at [`Clock::DEFAULT_START_MILLIS`].
    pub fn new() -> Self {
        Self {
            tables: BTreeMap::new(),
            clock: Clock::default(),
            region: DEFAULT_REGION.into(),
            account_id: "000000000000".into(),
            transaction_tokens: BTreeMap::new(),
            settings: EngineSettings::default(),
            sims: CapacityModels::default(),
            retired_streams: Vec::new(),
            triggers: Vec::new(),
            trigger_writes: std::collections::VecDeque::new(),
        }
    }

    /// An empty engine in `region` (its ARNs name it), as [`Engine::new`]
    /// otherwise: ddb-local keeps one per region and access key.
    pub fn in_region(region: &str) -> Self {
        Self { region: region.into(), ..Self::new() }
    }

    /// The region the engine simulates: the one its ARNs name.
    pub fn region(&self) -> &str {
        &self.region
    }

    /// The engine's background timings and teaching knobs.
    pub fn settings(&self) -> &EngineSettings {
        &self.settings
    }

    /// The settings, to change: e.g. a longer GSI propagation delay to show
    /// stale index reads, or a lower item-collection limit (see
    /// [`EngineSettings`]). Takes effect from the next request.
    pub fn settings_mut(&mut self) -> &mut EngineSettings {
        &mut self.settings
    }

    /// What a write made now needs to know.
    pub(crate) fn write_context(&self) -> WriteContext {
        WriteContext {
            now_millis: self.clock.now_millis(),
            propagation_delay_millis: self.settings.gsi_propagation_delay_millis,
            item_collection_limit_bytes: self.settings.item_collection_limit_bytes,
            by_service: false,
        }
    }

    /// The engine's clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Moves the clock forward by `millis` (the manual clock's step: the
    /// UI's simulation, tests, the endpoint's `AdvanceClock`) and lets the
    /// engine catch up with what became due (`catch_up`).
    /// Buckets refill lazily, on the next request for their table.
    pub fn advance_clock(&mut self, millis: u64) {
        self.clock.advance(millis);
        self.catch_up();
    }

    /// The engine's clock, for the host to move.
    pub fn clock_mut(&mut self) -> &mut Clock {
        &mut self.clock
    }

    /// Runs one operation on a JSON request body and returns the JSON
    /// response body: [`Engine::execute_charged`] without the charges.
    pub fn execute(&mut self, operation: &str, request: &Value) -> Result<Value> {
        self.execute_charged(operation, request).result
    }

    /// Runs one operation on a JSON request body; answers the JSON response
    /// body (or the error) and how its capacity was computed, one charge
    /// per rounding. The steps, in order: the engine catches up with its
    /// clock (`catch_up`: due GSI updates, finished backfills, the TTL
    /// sweep, stream trimming); the request is validated (`api`) and run
    /// (`ops`), which answers its body and its charges; a data-plane request
    /// is then admitted against the partitions' token buckets
    /// (`execute_admitted`), and a refused one is rolled back and throttled.
    pub fn execute_charged(&mut self, operation: &str, request: &Value) -> Outcome {
        self.catch_up();
        self.run(operation, request, None)
    }

    /// Runs one operation on an engine caught up with its clock. With a
    /// `trace` it is a dry run (`dry_run`): nothing is admitted, and the
    /// reads record into the trace what they read.
    pub(crate) fn run(&mut self, operation: &str, request: &Value, trace: Option<&mut Trace>) -> Outcome {
        // A table named by its ARN: run with the name, answer with the ARN.
        let answer = match self.names_for_arns(operation, request) {
            Err(error) => Err(error),
            Ok(Some((named, given))) => self.execute_named(operation, &named, trace).map(|mut answer| {
                echo_arns(&mut answer.body, &given);
                answer
            }),
            Ok(None) => self.execute_named(operation, request, trace),
        };
        Outcome::of(answer)
    }

    /// [`Engine::run`] once every table is named by its name.
    fn execute_named(&mut self, operation: &str, request: &Value, trace: Option<&mut Trace>) -> Result<Answer> {
        let operation = Operation::parse(operation).ok_or_else(|| unknown_operation(operation))?;
        if !self.settings.enforce_throughput || trace.is_some() || operation.plane() != Plane::Data {
            return self.dispatch(operation, request, trace);
        }
        match operation {
            // A batch's items are admitted one by one (ops/batch.rs).
            Operation::BatchGetItem => {
                self.batch_get_item(api::parse::<batch::BatchGetItemInput>(request)?.validate()?, true, None)
            }
            Operation::BatchWriteItem => {
                self.batch_write_item(api::parse::<batch::BatchWriteItemInput>(request)?.validate()?, true)
            }
            _ => self.execute_admitted(operation, request),
        }
    }

    /// A data-plane request under throughput control: it runs with every
    /// table journaled; if a partition it touched lacks the capacity
    /// (`throughput`), its changes are rolled back, it consumes nothing, and
    /// it fails with the throttling exception.
    fn execute_admitted(&mut self, operation: Operation, request: &Value) -> Result<Answer> {
        let tokens = operation.transactional().then(|| self.transaction_tokens.clone());
        self.tables.values_mut().for_each(Table::begin_journal);
        let answer = self.dispatch(operation, request, None);
        // A failed request consumes nothing, unless it is a write whose
        // condition failed: its error carries its charge.
        let charges = match &answer {
            Ok(answer) => &answer.charges[..],
            Err(error) => error.charges(),
        };
        match self.admit(charges) {
            Ok(()) => {
                self.tables.values_mut().for_each(Table::commit_journal);
                answer
            }
            Err(throttle) => {
                self.tables.values_mut().for_each(Table::roll_back);
                if let Some(tokens) = tokens {
                    self.transaction_tokens = tokens;
                }
                Err(throttle_as_cancellation(operation, request, throttle))
            }
        }
    }

    /// Runs one operation, without the clock catch-up and admission of
    /// [`Engine::execute`]: also how a PartiQL statement runs as the
    /// operations it stands for (`ops::partiql`). The reads record what
    /// they read into `trace`, when there is one (a dry run).
    pub(crate) fn dispatch(
        &mut self,
        operation: Operation,
        request: &Value,
        trace: Option<&mut Trace>,
    ) -> Result<Answer> {
        let free = Answer::free;
        match operation {
            Operation::CreateTable => {
                self.create_table(api::parse::<table::CreateTableInput>(request)?.validate()?).map(free)
            }
            Operation::DescribeTable => {
                self.describe_table(&api::parse::<table::TableNameInput>(request)?.validate()?).map(free)
            }
            Operation::ListTables => {
                self.list_tables(api::parse::<table::ListTablesInput>(request)?.validate()?).map(free)
            }
            Operation::UpdateTable => {
                self.update_table(api::parse::<table::UpdateTableInput>(request)?.validate()?).map(free)
            }
            Operation::DeleteTable => {
                self.delete_table(&api::parse::<table::TableNameInput>(request)?.validate()?).map(free)
            }
            Operation::PutItem => self.put_item(item::PutItemInput::parse(request)?.validate()?),
            Operation::GetItem => self.get_item(api::parse::<item::GetItemInput>(request)?.validate()?, trace),
            Operation::UpdateItem => self.update_item(item::UpdateItemInput::parse(request)?.validate()?),
            Operation::DeleteItem => self.delete_item(item::DeleteItemInput::parse(request)?.validate()?),
            Operation::Query => self.query(read::QueryInput::parse(request)?.validate()?, trace),
            Operation::Scan => self.scan(read::ScanInput::parse(request)?.validate()?, trace),
            Operation::BatchGetItem => {
                self.batch_get_item(api::parse::<batch::BatchGetItemInput>(request)?.validate()?, false, trace)
            }
            Operation::BatchWriteItem => {
                self.batch_write_item(api::parse::<batch::BatchWriteItemInput>(request)?.validate()?, false)
            }
            Operation::UpdateTimeToLive => {
                self.update_time_to_live(api::parse::<ttl::UpdateTimeToLiveInput>(request)?.validate()?).map(free)
            }
            Operation::DescribeTimeToLive => {
                self.describe_time_to_live(&api::parse::<ttl::DescribeTimeToLiveInput>(request)?.validate()?).map(free)
            }
            Operation::SearchVectors => {
                self.search_vectors(api::parse::<vector::SearchVectorsInput>(request)?.validate(request)?, trace)
            }
            // The operations the list marks `deferred`.
            _ => deferred::run(self, operation, request, trace),
        }
    }

    /// Runs one operation of the DynamoDB Streams API (`ListStreams`,
    /// `DescribeStream`, `GetShardIterator`, `GetRecords`: the part after
    /// `DynamoDBStreams_20120810.` in `X-Amz-Target`) on a JSON request
    /// body, with that API's request and response shapes. Like
    /// [`Engine::execute`], the engine first catches up with its clock
    /// (records past 24 hours are trimmed, due TTL deletions happen). Reads
    /// only: nothing is charged, nothing is throttled.
    pub fn execute_streams(&mut self, operation: &str, request: &Value) -> Result<Value> {
        self.catch_up();
        // The shards follow the partitions: bring the stream's table in step.
        let arn = streams_request_arn(request);
        let table = arn.and_then(|arn| self.tables.values().find(|t| t.streams.iter().any(|s| s.arn == arn)));
        if let Some(name) = table.map(|t| t.definition.name.clone()) {
            let _ = self.sync_capacity(&name, None);
        }
        match operation {
            "ListStreams" => self.list_streams(api::parse::<streams::ListStreamsInput>(request)?.validate()?),
            "DescribeStream" => self.describe_stream(api::parse::<streams::DescribeStreamInput>(request)?.validate()?),
            "GetShardIterator" => {
                self.get_shard_iterator(api::parse::<streams::GetShardIteratorInput>(request)?.validate()?)
            }
            "GetRecords" => self.get_records(api::parse::<streams::GetRecordsInput>(request)?.validate()?),
            _ => Err(unknown_operation(operation)),
        }
    }

    /// [`Engine::execute`] on a request body still in text form: a body that
    /// is not JSON is a `SerializationException`, as on the wire.
    pub fn execute_json(&mut self, operation: &str, body: &str) -> Result<Value> {
        let request: Value = serde_json::from_str(body).map_err(|e| ApiError::Serialization(e.to_string()))?;
        self.execute(operation, &request)
    }

    /// A table by name, for read-only snapshots (the UI's views).
    pub fn table(&self, name: &str) -> Option<&Table> {
        self.tables.get(name)
    }

    /// The tables in name order.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tables.values()
    }

    /// The table an item operation names, or DynamoDB's not-found error.
    pub(crate) fn table_for_items(&mut self, name: &str) -> Result<&mut Table> {
        self.tables.get_mut(name).ok_or_else(ApiError::resource_not_found)
    }
}
