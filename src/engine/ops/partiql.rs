//! The PartiQL operations: ExecuteStatement, BatchExecuteStatement and
//! ExecuteTransaction.
//!
//! Each statement is parsed and planned (`partiql`), then runs as the
//! operations it stands for, through the same code as a request of that
//! operation would (`Engine::dispatch`). So a SELECT that became a Scan
//! pays exactly what that Scan pays, and a failed UPDATE fails exactly as
//! its UpdateItem would:
//!
//! ```text
//!   ExecuteStatement ─ parse ─ plan ─┬─ GetItem / Query / Scan (per branch) ─ filter, project ─ Items, NextToken
//!                                    └─ PutItem / UpdateItem / DeleteItem ─ Items (RETURNING)
//!   BatchExecuteStatement            each statement on its own: GetItem, PutItem, … (≤ 25, one item each)
//!   ExecuteTransaction               TransactGetItems or TransactWriteItems (≤ 100, all or nothing)
//! ```
//!
//! A SELECT split into several reads (`pk IN [...]`) runs them in turn,
//! and `Limit` counts the items they *evaluate* together, as a Query's
//! does. The `NextToken` says which read to resume and where (its
//! `LastEvaluatedKey`), and carries a fingerprint of the statement and
//! parameters, so a token is refused with another statement.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde_json::{json, Map, Value};

use crate::engine::answer::Answer;
use crate::engine::api::partiql::{BatchExecuteStatement, ExecuteStatement, ExecuteTransaction, StatementRequest};
use crate::engine::capacity::{Charge, ConsumedCapacity, ReturnConsumedCapacity};
use crate::engine::dry_run::Trace;
use crate::engine::error::{ApiError, Result};
use crate::engine::operation::Operation;
use crate::engine::partiql::ast::{Path, Statement};
use crate::engine::partiql::plan::{self, Access, Context, Plan, PlanBody, ReadPlan, WritePlan};
use crate::engine::partiql::{parser, StatementReport};
use crate::engine::service::unknown_operation;
use crate::engine::value::wire::{item_from_wire, item_to_wire};
use crate::engine::value::Item;
use crate::engine::Engine;

/// The message of DynamoDB's `DuplicateItemException`.
pub const DUPLICATE_ITEM: &str = "Duplicate primary key exists in table";

/// "Number of parameters in request and statement don't match."
const PARAMETER_COUNT: &str = "Number of parameters in request and statement don't match.";

/// Parses and plans one statement, with the rules of its context.
fn prepare(engine: &Engine, request: &StatementRequest, context: Context) -> Result<(Statement, Plan)> {
    let statement = parser::parse(&request.statement)?;
    if parser::parameter_count(&statement) != request.parameters.len() {
        return Err(ApiError::validation(PARAMETER_COUNT));
    }
    if matches!(statement, Statement::Exists(_)) && context != Context::Transaction {
        return Err(ApiError::validation("EXISTS can only be used in ExecuteTransaction write requests."));
    }
    let plan = plan::plan(engine, &statement, &request.parameters, request.consistent_read)?;
    Ok((statement, plan))
}

/// A 64-bit FNV-1a fingerprint of a statement and its parameters.
fn fingerprint(request: &StatementRequest) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let text = format!("{}\u{0}{}", request.statement, Value::Array(request.parameters.clone()));
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Where a paged SELECT resumes: which read, and after which key.
fn encode_token(request: &StatementRequest, branch: usize, key: Option<&Value>) -> String {
    let token = json!({ "f": fingerprint(request), "b": branch, "k": key });
    URL_SAFE_NO_PAD.encode(token.to_string())
}

fn decode_token(request: &StatementRequest, token: &str) -> Result<(usize, Option<Value>)> {
    // Messages of DynamoDB Local's NextToken checks.
    let invalid = || ApiError::validation("Invalid NextToken");
    let bytes = URL_SAFE_NO_PAD.decode(token).map_err(|_| invalid())?;
    let value: Value = serde_json::from_slice(&bytes).map_err(|_| invalid())?;
    if value.get("f").and_then(Value::as_str) != Some(fingerprint(request).as_str()) {
        return Err(ApiError::validation("NextToken does not match request"));
    }
    let branch = value.get("b").and_then(Value::as_u64).and_then(|b| usize::try_from(b).ok()).ok_or_else(invalid)?;
    let key = value.get("k").filter(|k| k.is_object()).cloned();
    Ok((branch, key))
}

/// A SELECT's projection of one item: each path under its column name.
fn project(item: &Item, projection: &Option<Vec<Path>>) -> Item {
    let Some(paths) = projection else { return item.clone() };
    let mut out = Item::new();
    for path in paths {
        let document = crate::engine::expr::ast::DocumentPath { elements: path.elements.clone(), span: 0..0 };
        if let Some(value) = document.resolve(item) {
            out.insert(path.column(), value.clone());
        }
    }
    out
}

/// The error code a batch response or cancellation reason gives an error.
fn short_code(error: &ApiError) -> &'static str {
    match error {
        ApiError::Validation(_) | ApiError::InvalidExpression { .. } | ApiError::Serialization(_) => "ValidationError",
        ApiError::ConditionalCheckFailed { .. } => "ConditionalCheckFailed",
        ApiError::DuplicateItem { .. } => "DuplicateItem",
        ApiError::ResourceNotFound(_) => "ResourceNotFound",
        ApiError::ItemCollectionSizeLimitExceeded(_) => "ItemCollectionSizeLimitExceeded",
        ApiError::ProvisionedThroughputExceeded { .. } => "ProvisionedThroughputExceeded",
        ApiError::Throttling { .. } | ApiError::RequestLimitExceeded { .. } => "ThrottlingError",
        ApiError::TransactionCanceled { .. } => "TransactionConflict",
        _ => "InternalServerError",
    }
}

/// The `ConsumedCapacity` list of a batch or transaction: one entry per
/// table, in the order the statements first name them.
fn capacity_list(tables: &[String], charges: &[Charge], mode: ReturnConsumedCapacity) -> Option<Value> {
    let mut seen: Vec<&String> = Vec::new();
    let list: Vec<Value> = tables
        .iter()
        .filter(|t| {
            let new = !seen.contains(t) && charges.iter().any(|c| &c.table == *t);
            if new {
                seen.push(t);
            }
            new
        })
        .filter_map(|t| ConsumedCapacity::from_charges(t, charges).to_wire(mode))
        .collect();
    (mode != ReturnConsumedCapacity::None && !list.is_empty()).then_some(Value::Array(list))
}

impl Engine {
    /// Runs one statement. A dry run's trace keeps what the statement was
    /// and did (the access path, the equivalent requests, the items read).
    pub(crate) fn execute_statement(
        &mut self,
        input: ExecuteStatement,
        mut trace: Option<&mut Trace>,
    ) -> Result<Answer> {
        let (_, plan) = prepare(self, &input.statement, Context::Statement)?;
        let mut report = StatementReport::of(self, &plan);
        let result = match &plan.body {
            PlanBody::Read(read) => self.run_select(read, &input, &mut report, trace.as_deref_mut()),
            PlanBody::Write(write) => {
                let rvoccf = input.statement.return_values_on_condition_check_failure.as_deref();
                self.run_write(write, rvoccf).map(|(items, answer)| {
                    let mut body = Map::new();
                    // A write answers an empty Items list unless it has a
                    // RETURNING clause (our reading of captured responses).
                    body.insert("Items".into(), Value::Array(items.iter().map(item_to_wire).collect()));
                    report.returned = items.len();
                    Answer::new(Value::Object(body), answer.charges)
                })
            }
        };
        if let Some(trace) = trace {
            report.charges = result.as_ref().map(|a| a.charges.clone()).unwrap_or_default();
            trace.statement = Some(report);
        }
        let mut answer = result?;
        if let Some(consumed) =
            ConsumedCapacity::from_charges(&plan.table, &answer.charges).to_wire(input.return_consumed_capacity)
        {
            if let Some(map) = answer.body.as_object_mut() {
                map.insert("ConsumedCapacity".into(), consumed);
            }
        }
        Ok(answer)
    }

    /// Runs the operation an access path stands for.
    fn run_access(&mut self, access: Access, request: &Value, trace: Option<&mut Trace>) -> Result<Answer> {
        let operation = access.as_operation().ok_or_else(|| unknown_operation(access.operation()))?;
        self.dispatch(operation, request, trace)
    }

    /// Runs a SELECT's reads from where the token says, until `Limit`
    /// items were evaluated, a read stops early (1 MB), or all are done.
    fn run_select(
        &mut self,
        read: &ReadPlan,
        input: &ExecuteStatement,
        report: &mut StatementReport,
        mut trace: Option<&mut Trace>,
    ) -> Result<Answer> {
        let (mut branch, mut start) = match &input.next_token {
            Some(token) => decode_token(&input.statement, token)?,
            None => (0, None),
        };
        let mut remaining = input.limit;
        let mut items = Vec::new();
        let mut charges = Vec::new();
        let mut next: Option<(usize, Option<Value>)> = None;
        while let Some(current) = read.branches.get(branch) {
            let mut request = current.request.clone();
            if let Some(map) = request.as_object_mut() {
                if let (Some(limit), true) = (remaining, current.access != Access::GetItem) {
                    map.insert("Limit".into(), json!(limit));
                }
                if let Some(key) = start.take() {
                    map.insert("ExclusiveStartKey".into(), key);
                }
            }
            let Answer { body: response, charges: page } =
                self.run_access(current.access, &request, trace.as_deref_mut())?;
            charges.extend(page);
            let (read_items, scanned): (Vec<Value>, usize) = match current.access {
                Access::GetItem => (response.get("Item").cloned().into_iter().collect(), 1),
                _ => (
                    response.get("Items").and_then(Value::as_array).cloned().unwrap_or_default(),
                    response.get("ScannedCount").and_then(Value::as_u64).map_or(0, |n| n as usize),
                ),
            };
            report.scanned += scanned;
            for wire in &read_items {
                let item = item_from_wire(wire)?;
                if read.filter.as_ref().is_none_or(|f| f.evaluate(Some(&item))) {
                    items.push(item_to_wire(&project(&item, &read.projection)));
                } else if let Some(trace) = trace.as_deref_mut() {
                    // The read returned it; the WHERE clause drops it.
                    let table = request.get("TableName").and_then(Value::as_str).unwrap_or_default();
                    let key = self.tables.get(table).and_then(|t| t.definition.key_schema.key_of_item(&item).ok());
                    if let Some(key) = key {
                        trace.footprint.filtered_out(table, &key);
                    }
                }
            }
            remaining = remaining.map(|r| r.saturating_sub(scanned));
            if let Some(key) = response.get("LastEvaluatedKey") {
                next = Some((branch, Some(key.clone())));
                break;
            }
            branch += 1;
            if remaining == Some(0) && branch < read.branches.len() {
                next = Some((branch, None));
                break;
            }
        }
        report.returned = items.len();
        report.more = next.is_some();
        let mut body = Map::new();
        body.insert("Items".into(), Value::Array(items));
        if let Some((branch, key)) = next {
            body.insert("NextToken".into(), json!(encode_token(&input.statement, branch, key.as_ref())));
            if let Some(key) = key {
                body.insert("LastEvaluatedKey".into(), key);
            }
        }
        Ok(Answer::new(Value::Object(body), charges))
    }

    /// Runs a write statement as its operation; answers the items its
    /// RETURNING clause asks for, and the operation's response.
    fn run_write(&mut self, write: &WritePlan, rvoccf: Option<&str>) -> Result<(Vec<Item>, Answer)> {
        let mut request = write.request.clone();
        if let (Some(mode), Some(map)) = (rvoccf, request.as_object_mut()) {
            map.insert("ReturnValuesOnConditionCheckFailure".into(), json!(mode));
        }
        let response = match self.run_access(write.access, &request, None) {
            Ok(response) => response,
            Err(ApiError::ConditionalCheckFailed { charges, .. }) if write.access == Access::PutItem => {
                return Err(ApiError::DuplicateItem { message: DUPLICATE_ITEM.into(), charges })
            }
            Err(error) => return Err(error),
        };
        let items = match (write.returning, response.body.get("Attributes")) {
            (Some(_), Some(attributes)) => {
                let item = item_from_wire(attributes)?;
                if item.is_empty() {
                    Vec::new()
                } else {
                    vec![item]
                }
            }
            _ => Vec::new(),
        };
        Ok((items, response))
    }

    pub(crate) fn batch_execute_statement(
        &mut self,
        input: BatchExecuteStatement,
        mut trace: Option<&mut Trace>,
    ) -> Result<Answer> {
        let prepared: Vec<Result<(Statement, Plan)>> =
            input.statements.iter().map(|s| prepare(self, s, Context::Batch)).collect();
        let plans: Vec<&Plan> = prepared.iter().filter_map(|p| p.as_ref().ok().map(|(_, plan)| plan)).collect();
        let reads = plans.iter().filter(|p| matches!(p.body, PlanBody::Read(_))).count();
        if reads > 0 && reads < plans.len() {
            // "The entire batch must consist of either read statements or
            // write statements" (API reference; message as captured).
            return Err(ApiError::validation("Read and write requests together in the same batch is not supported."));
        }
        let mut seen = Vec::new();
        for plan in &plans {
            if let Some(item) = &plan.item {
                if seen.contains(&item) {
                    return Err(ApiError::validation("Provided list of item keys contains duplicates"));
                }
                seen.push(item);
            }
        }
        let mut charges = Vec::new();
        let mut tables = Vec::new();
        let mut responses = Vec::new();
        for (request, prepared) in input.statements.iter().zip(prepared) {
            let mut response = Map::new();
            let outcome = prepared.and_then(|(_, plan)| {
                response.insert("TableName".into(), json!(plan.table));
                tables.push(plan.table.clone());
                self.run_batch_member(&plan, request, trace.as_deref_mut())
            });
            match outcome {
                Ok((item, member_charges)) => {
                    charges.extend(member_charges);
                    if let Some(item) = item {
                        response.insert("Item".into(), item);
                    }
                }
                Err(error) => {
                    let mut detail = Map::new();
                    detail.insert("Code".into(), json!(short_code(&error)));
                    detail.insert("Message".into(), json!(error.message()));
                    if let ApiError::ConditionalCheckFailed { item: Some(item), .. } = &error {
                        detail.insert("Item".into(), item.clone());
                    }
                    response.insert("Error".into(), Value::Object(detail));
                }
            }
            responses.push(Value::Object(response));
        }
        let mut body = Map::new();
        body.insert("Responses".into(), Value::Array(responses));
        if let Some(consumed) = capacity_list(&tables, &charges, input.return_consumed_capacity) {
            body.insert("ConsumedCapacity".into(), consumed);
        }
        Ok(Answer::new(Value::Object(body), charges))
    }

    /// One statement of a batch: a read of one item by its key, or a write;
    /// the item it answers, and what it cost.
    fn run_batch_member(
        &mut self,
        plan: &Plan,
        request: &StatementRequest,
        trace: Option<&mut Trace>,
    ) -> Result<(Option<Value>, Vec<Charge>)> {
        match &plan.body {
            PlanBody::Read(read) => {
                if !plan.is_single_get() || plan.index.is_some() {
                    return Err(ApiError::validation(
                        "Select statements within BatchExecuteStatement must specify the primary key in the where clause.",
                    ));
                }
                let Some(branch) = read.branches.first() else { return Ok((None, Vec::new())) };
                let answer = self.dispatch(Operation::GetItem, &branch.request, trace)?;
                let item = match answer.body.get("Item") {
                    Some(wire) => Some(item_to_wire(&project(&item_from_wire(wire)?, &read.projection))),
                    None => None,
                };
                Ok((item, answer.charges))
            }
            PlanBody::Write(write) => {
                let rvoccf = request.return_values_on_condition_check_failure.as_deref();
                self.run_write(write, rvoccf).map(|(_, answer)| (None, answer.charges))
            }
        }
    }

    pub(crate) fn execute_transaction(
        &mut self,
        input: ExecuteTransaction,
        trace: Option<&mut Trace>,
    ) -> Result<Answer> {
        let wrap = |i: usize, e: ApiError| {
            ApiError::validation(format!("Validation failed in TransactStatements[{i}]: {}", e.message()))
        };
        let mut plans = Vec::new();
        for (i, request) in input.statements.iter().enumerate() {
            let (statement, plan) = prepare(self, request, Context::Transaction).map_err(|e| match e {
                ApiError::ResourceNotFound(_) => e,
                other => wrap(i, other),
            })?;
            let returning = match &statement {
                Statement::Update(u) => u.returning.is_some(),
                Statement::Delete(d) => d.returning.is_some(),
                _ => false,
            };
            if returning {
                return Err(wrap(i, ApiError::validation("RETURNING clause is not supported in ExecuteTransaction.")));
            }
            if let PlanBody::Read(_) = plan.body {
                if plan.index.is_some() {
                    return Err(wrap(
                        i,
                        ApiError::validation("Reads on indices are not supported within transactions."),
                    ));
                }
                if !plan.is_single_get() {
                    return Err(wrap(
                        i,
                        ApiError::validation(
                            "Select statements within ExecuteTransaction must specify the primary key in the where clause.",
                        ),
                    ));
                }
            }
            plans.push(plan);
        }
        let reads = plans.iter().filter(|p| matches!(p.body, PlanBody::Read(_))).count();
        if reads > 0 && reads < plans.len() {
            return Err(ApiError::validation(
                "ExecuteTransaction API does not support both read and write operations in the same request.",
            ));
        }
        let mut seen = Vec::new();
        for plan in &plans {
            if let Some(item) = &plan.item {
                if seen.contains(&item) {
                    return Err(ApiError::validation(
                        "Transaction request cannot include multiple operations on one item",
                    ));
                }
                seen.push(item);
            }
        }
        let mut request = Map::new();
        if let Some(mode) = &input.return_consumed_capacity_text {
            request.insert("ReturnConsumedCapacity".into(), json!(mode));
        }
        if reads > 0 {
            self.transact_get(&plans, request, trace)
        } else {
            if let Some(token) = &input.client_request_token {
                request.insert("ClientRequestToken".into(), json!(token));
            }
            self.transact_write(&plans, request)
        }
    }

    /// The reads of a transaction as one TransactGetItems.
    fn transact_get(
        &mut self,
        plans: &[Plan],
        mut request: Map<String, Value>,
        trace: Option<&mut Trace>,
    ) -> Result<Answer> {
        let gets: Vec<Value> = plans
            .iter()
            .filter_map(|p| match &p.body {
                PlanBody::Read(read) => read.branches.first().map(|b| {
                    let mut get = b.request.clone();
                    if let Some(map) = get.as_object_mut() {
                        map.remove("ConsistentRead");
                    }
                    json!({ "Get": get })
                }),
                PlanBody::Write(_) => None,
            })
            .collect();
        request.insert("TransactItems".into(), Value::Array(gets));
        let Answer { body: response, charges } =
            self.dispatch(Operation::TransactGetItems, &Value::Object(request), trace)?;
        let empty = Vec::new();
        let answers = response.get("Responses").and_then(Value::as_array).unwrap_or(&empty);
        let mut responses = Vec::new();
        for (plan, answer) in plans.iter().zip(answers) {
            let mut out = Map::new();
            if let (Some(wire), PlanBody::Read(read)) = (answer.get("Item"), &plan.body) {
                out.insert("Item".into(), item_to_wire(&project(&item_from_wire(wire)?, &read.projection)));
            }
            responses.push(Value::Object(out));
        }
        let mut body = Map::new();
        body.insert("Responses".into(), Value::Array(responses));
        if let Some(consumed) = response.get("ConsumedCapacity") {
            body.insert("ConsumedCapacity".into(), consumed.clone());
        }
        Ok(Answer::new(Value::Object(body), charges))
    }

    /// The writes of a transaction as one TransactWriteItems. An INSERT's
    /// failed `attribute_not_exists` is reported as `DuplicateItem`.
    fn transact_write(&mut self, plans: &[Plan], mut request: Map<String, Value>) -> Result<Answer> {
        let mut actions = Vec::new();
        for plan in plans {
            let PlanBody::Write(write) = &plan.body else { continue };
            let mut action = write.request.clone();
            if let Some(map) = action.as_object_mut() {
                map.remove("ReturnValues");
            }
            let kind = match write.access {
                Access::PutItem => "Put",
                Access::UpdateItem => "Update",
                Access::DeleteItem => "Delete",
                _ => "ConditionCheck",
            };
            actions.push(json!({ kind: action }));
        }
        request.insert("TransactItems".into(), Value::Array(actions));
        match self.dispatch(Operation::TransactWriteItems, &Value::Object(request), None) {
            Ok(Answer { body: response, charges }) => {
                let mut body = Map::new();
                if let Some(consumed) = response.get("ConsumedCapacity") {
                    body.insert("ConsumedCapacity".into(), consumed.clone());
                }
                Ok(Answer::new(Value::Object(body), charges))
            }
            Err(ApiError::TransactionCanceled { reasons, .. }) => {
                let reasons: Vec<Value> = reasons
                    .into_iter()
                    .zip(plans)
                    .map(|(reason, plan)| {
                        let insert = matches!(&plan.body, PlanBody::Write(w) if w.access == Access::PutItem);
                        if insert && reason.get("Code").and_then(Value::as_str) == Some("ConditionalCheckFailed") {
                            json!({ "Code": "DuplicateItem", "Message": DUPLICATE_ITEM })
                        } else {
                            reason
                        }
                    })
                    .collect();
                let codes: Vec<&str> =
                    reasons.iter().map(|r| r.get("Code").and_then(Value::as_str).unwrap_or("None")).collect();
                Err(ApiError::TransactionCanceled {
                    message: format!(
                        "Transaction cancelled, please refer cancellation reasons for specific reasons [{}]",
                        codes.join(", ")
                    ),
                    reasons,
                })
            }
            Err(error) => Err(error),
        }
    }
}
