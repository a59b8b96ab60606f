//! Transactions: TransactGetItems and TransactWriteItems.
//!
//! A write transaction is all or nothing. Every action's condition is
//! checked against the items as they stand, *all* of them (DynamoDB does not
//! stop at the first failure), and only if every action can go ahead are the
//! writes applied. Otherwise the answer is `TransactionCanceledException`
//! with one cancellation reason per action, in request order:
//!
//! ```text
//!   [ConditionCheck ok] [Put: condition fails] [Update ok]
//!   → "Transaction cancelled, please refer cancellation reasons for specific
//!      reasons [None, ConditionalCheckFailed, None]"
//! ```
//!
//! An action whose update cannot be applied (wrong operand type, item over
//! 400 KB) reports `ValidationError`, and the actions after it report `None`
//! (semantics D.8). A `TransactGetItems` action whose key does not fit its
//! table is cancelled the same way.
//!
//! Cost (semantics A.3): the table's share is twice the ordinary units, "one
//! to prepare the transaction and one to commit": 2 × ceil(size / 1 KB) per
//! write (the larger of the item before and after; a Delete and a
//! ConditionCheck pay for the stored item), 2 × ceil(size / 4 KB) per read,
//! missing items included. Index entries a write changes cost their ordinary
//! units, as measured on DynamoDB: a small Put into a table with one GSI is
//! table 2 + GSI 1 = 3. Responses report the units as
//! `WriteCapacityUnits`/`ReadCapacityUnits` too (A.4).
//!
//! A bad index key in a Put or an Update's result fails the whole request
//! with a ValidationException (conformance captures); an action that would
//! grow an LSI item collection past its limit is cancelled with reason
//! `ItemCollectionSizeLimitExceeded`.
//!
//! Idempotency: a `ClientRequestToken` seen in the last 10 minutes of engine
//! time replays the first answer without writing again; the replay costs
//! what reading the items transactionally costs. The same token with other
//! parameters is an `IdempotentParameterMismatchException`.

use serde_json::{json, Map, Value};

use crate::engine::answer::Answer;
use crate::engine::api::item::MAX_ITEM_BYTES;
use crate::engine::api::transact::{TransactGetItems, TransactWriteItems, WriteKind};
use crate::engine::capacity::{Charge, ConsumedCapacity, ReturnConsumedCapacity, Split};
use crate::engine::dry_run::Trace;
use crate::engine::error::{ApiError, Result};
use crate::engine::footprint::Kept;
use crate::engine::index::{CollectionClaims, WriteSource};
use crate::engine::ops::item::{creates_nothing, write_charges, CONDITIONAL_REQUEST_FAILED};
use crate::engine::ops::read::{check_table_key_paths, nested_projection_names};
use crate::engine::schema::PrimaryKey;
use crate::engine::value::size::item_size;
use crate::engine::value::wire::item_to_wire;
use crate::engine::value::Item;
use crate::engine::Engine;

/// How long a `ClientRequestToken` is remembered: 10 minutes.
pub const TOKEN_LIFETIME_MILLIS: u64 = 10 * 60 * 1000;

/// A transaction remembered under its `ClientRequestToken`.
#[derive(Clone, Debug, PartialEq)]
pub struct TokenRecord {
    fingerprint: String,
    at_millis: u64,
    /// What a replay costs: a transactional read of each item.
    replay: Vec<Charge>,
}

fn one_item_twice() -> ApiError {
    ApiError::validation("Transaction request cannot include multiple operations on one item")
}

/// The cancellation of a transaction whose action `failed` (of `actions`)
/// is invalid: `ValidationError` there, `None` for every other action.
fn validation_cancellation(actions: usize, failed: usize, error: &ApiError) -> ApiError {
    let reasons: Vec<Value> = (0..actions)
        .map(|i| {
            if i == failed {
                json!({"Code": "ValidationError", "Message": error.message()})
            } else {
                json!({"Code": "None"})
            }
        })
        .collect();
    cancellation(reasons)
}

/// `TransactionCanceledException` with one reason per action, in order.
fn cancellation(reasons: Vec<Value>) -> ApiError {
    let codes: Vec<&str> = reasons.iter().map(|r| r["Code"].as_str().unwrap_or("None")).collect();
    ApiError::TransactionCanceled {
        message: format!(
            "Transaction cancelled, please refer cancellation reasons for specific reasons [{}]",
            codes.join(", ")
        ),
        reasons,
    }
}

/// Sums charges per table (index arms apart), in first-seen order, as
/// transactional capacity.
fn per_table(charges: &[Charge], split: Split) -> Vec<ConsumedCapacity> {
    let mut order: Vec<&str> = Vec::new();
    for charge in charges {
        if !order.contains(&charge.table.as_str()) {
            order.push(&charge.table);
        }
    }
    order
        .into_iter()
        .map(|table| ConsumedCapacity { split: Some(split), ..ConsumedCapacity::from_charges(table, charges) })
        .collect()
}

fn with_consumed(mut body: Map<String, Value>, consumed: &[ConsumedCapacity], mode: ReturnConsumedCapacity) -> Value {
    if mode != ReturnConsumedCapacity::None {
        let list: Vec<Value> = consumed.iter().filter_map(|c| c.to_wire(mode)).collect();
        body.insert("ConsumedCapacity".into(), list.into());
    }
    Value::Object(body)
}

/// The state of one action's item after the transaction.
enum Outcome {
    Keep,
    Put(Item),
    Delete,
}

impl Engine {
    pub(crate) fn transact_get_items(
        &mut self,
        request: TransactGetItems,
        trace: Option<&mut Trace>,
    ) -> Result<Answer> {
        let mut resolved: Vec<(&str, PrimaryKey)> = Vec::with_capacity(request.gets.len());
        // A key that does not fit its table cancels the transaction with a
        // `ValidationError` reason (conformance, captured in 2026); a missing
        // table fails the whole request.
        let mut bad_key: Option<(usize, ApiError)> = None;
        for (i, get) in request.gets.iter().enumerate() {
            let table = self.tables.get(&get.table_name).ok_or_else(ApiError::resource_not_found)?;
            let key = match table.definition.key_schema.key_of_key_map(&get.key) {
                Ok(key) => key,
                Err(e) => {
                    bad_key.get_or_insert((i, e));
                    continue;
                }
            };
            check_table_key_paths(table, nested_projection_names(&get.projection))?;
            if resolved.iter().any(|(t, k)| *t == get.table_name && *k == key) {
                return Err(one_item_twice());
            }
            resolved.push((&get.table_name, key));
        }
        if let Some((failed, error)) = bad_key {
            return Err(validation_cancellation(request.gets.len(), failed, &error));
        }
        let mut responses = Vec::with_capacity(resolved.len());
        let mut units = Vec::with_capacity(resolved.len());
        let tracing = trace.is_some();
        let mut found_keys: Vec<(&str, PrimaryKey)> = Vec::new();
        for ((table_name, key), get) in resolved.iter().zip(&request.gets) {
            let found = self.tables.get(*table_name).and_then(|t| t.storage.get(key));
            if tracing && found.is_some() {
                found_keys.push((*table_name, key.clone()));
            }
            units.push(
                Charge::transactional_read(table_name, found.as_ref().map_or(0, item_size)).keyed(&key.partition),
            );
            let item = found.map(|item| match &get.projection {
                Some(p) => p.apply(&item),
                None => item,
            });
            // A projection that matches nothing on a present item leaves the
            // entry as empty as a missing item's: no `Item` at all, where
            // GetItem answers `Item: {}` (semantics D.4).
            responses.push(match item.filter(|item| !item.is_empty()) {
                Some(item) => json!({ "Item": item_to_wire(&item) }),
                None => json!({}),
            });
        }
        if let Some(trace) = trace {
            for (table_name, key) in found_keys {
                trace.footprint.record(table_name, None, true, [(key, Kept::Returned)], None);
            }
        }
        let consumed = per_table(&units, Split::Read);
        let mut body = Map::new();
        body.insert("Responses".into(), responses.into());
        Ok(Answer::new(with_consumed(body, &consumed, request.return_consumed_capacity), units))
    }

    pub(crate) fn transact_write_items(&mut self, request: TransactWriteItems) -> Result<Answer> {
        let now = self.clock.now_millis();
        self.transaction_tokens.retain(|_, record| now.saturating_sub(record.at_millis) < TOKEN_LIFETIME_MILLIS);
        if let Some(record) = request.client_request_token.as_ref().and_then(|t| self.transaction_tokens.get(t)) {
            if record.fingerprint != request.fingerprint {
                return Err(ApiError::IdempotentParameterMismatch(
                    "The ClientRequestToken was used within the last 10 minutes with different parameters".into(),
                ));
            }
            let replay = record.replay.clone();
            let consumed = per_table(&replay, Split::Read);
            return Ok(Answer::new(with_consumed(Map::new(), &consumed, request.return_consumed_capacity), replay));
        }

        // Resolve every key first: missing tables, bad keys and an item
        // named twice fail the whole request.
        let mut keys: Vec<PrimaryKey> = Vec::with_capacity(request.writes.len());
        for (i, write) in request.writes.iter().enumerate() {
            let table = self.tables.get(&write.table_name).ok_or_else(ApiError::resource_not_found)?;
            let schema = &table.definition.key_schema;
            let key = match (&write.kind, &write.key) {
                (WriteKind::Put(item), _) => {
                    let key = schema.key_of_item(item)?;
                    table.check_index_keys(item, WriteSource::Item)?;
                    key
                }
                (_, Some(key)) => schema.key_of_key_map(key)?,
                (_, None) => return Err(ApiError::InternalServer("a key-less transaction action got through".into())),
            };
            if let WriteKind::Update(Some(update)) = &write.kind {
                check_table_key_paths(table, update.nested_top_level_names())?;
                if let Some(name) = update.top_level_names_written().into_iter().find(|n| schema.is_key_attribute(n)) {
                    return Err(ApiError::invalid_parameter(format!(
                        "Cannot update attribute {name}. This attribute is part of the key"
                    )));
                }
            }
            let twice =
                request.writes.iter().take(i).zip(&keys).any(|(w, k)| w.table_name == write.table_name && *k == key);
            if twice {
                return Err(one_item_twice());
            }
            keys.push(key);
        }

        // Check every action against the items as they stand.
        let context = self.write_context();
        let limit = context.item_collection_limit_bytes;
        let mut claims = CollectionClaims::default();
        let mut reasons: Vec<Value> = Vec::with_capacity(keys.len());
        let mut outcomes: Vec<Outcome> = Vec::with_capacity(keys.len());
        let mut validation_failed = false;
        for (write, key) in request.writes.iter().zip(&keys) {
            if validation_failed {
                reasons.push(json!({"Code": "None"}));
                continue;
            }
            let current = self.tables.get(&write.table_name).and_then(|t| t.storage.get(key));
            let current = current.as_ref();
            if write.condition.as_ref().is_some_and(|c| !c.evaluate(current)) {
                let mut reason = json!({"Code": "ConditionalCheckFailed", "Message": CONDITIONAL_REQUEST_FAILED});
                if let (true, Some(item), Some(fields)) = (write.return_old_on_failure, current, reason.as_object_mut())
                {
                    fields.insert("Item".into(), item_to_wire(item));
                }
                reasons.push(reason);
                continue;
            }
            let outcome = match &write.kind {
                WriteKind::ConditionCheck => Ok(Outcome::Keep),
                WriteKind::Put(item) => Ok(Outcome::Put(item.clone())),
                WriteKind::Delete => Ok(Outcome::Delete),
                WriteKind::Update(update) if current.is_none() && creates_nothing(update) => Ok(Outcome::Keep),
                WriteKind::Update(update) => {
                    let table = self.tables.get(&write.table_name);
                    let base = current.cloned().or_else(|| table.map(|t| t.definition.key_schema.key_item(key)));
                    let base = base.unwrap_or_default();
                    match update.as_ref().map_or(Ok(base.clone()), |u| u.apply(&base)) {
                        Ok(new) if item_size(&new) > MAX_ITEM_BYTES => {
                            Err(ApiError::validation("Item size to update has exceeded the maximum allowed size"))
                        }
                        Ok(new) => Ok(Outcome::Put(new)),
                        Err(e) => Err(e),
                    }
                }
            };
            if let (Ok(Outcome::Put(new)), WriteKind::Update(_), Some(table)) =
                (&outcome, &write.kind, self.tables.get(&write.table_name))
            {
                table.check_index_keys(new, WriteSource::Update)?;
            }
            let new = match &outcome {
                Ok(Outcome::Put(item)) => Some(Some(item)),
                Ok(Outcome::Delete) => Some(None),
                _ => None,
            };
            if let (Some(new), Some(table)) = (new, self.tables.get(&write.table_name)) {
                if claims.check(table, key, new, limit).is_err() {
                    outcomes.push(Outcome::Keep);
                    reasons.push(
                        json!({"Code": "ItemCollectionSizeLimitExceeded", "Message": "Collection size exceeded."}),
                    );
                    continue;
                }
            }
            match outcome {
                Ok(outcome) => {
                    outcomes.push(outcome);
                    reasons.push(json!({"Code": "None"}));
                }
                Err(e) => {
                    reasons.push(json!({"Code": "ValidationError", "Message": e.message()}));
                    validation_failed = true;
                }
            }
        }
        if reasons.iter().any(|r| r["Code"] != "None") {
            return Err(cancellation(reasons));
        }

        // Every action can go ahead: apply them all.
        let mut write_costs = Vec::with_capacity(keys.len());
        let mut replay_costs = Vec::with_capacity(keys.len());
        let mut metrics = Map::new();
        for ((write, key), outcome) in request.writes.iter().zip(&keys).zip(outcomes) {
            let Some(table) = self.tables.get_mut(&write.table_name) else { continue };
            let old_size = table.storage.size_of(key);
            let (new_size, changes) = match outcome {
                Outcome::Keep => (old_size, Vec::new()),
                Outcome::Put(item) => {
                    let size = item_size(&item);
                    (Some(size), table.write_item(key, Some(item), context).1)
                }
                Outcome::Delete => (None, table.write_item(key, None, context).1),
            };
            let largest = old_size.unwrap_or(0).max(new_size.unwrap_or(0));
            let own = Charge::transactional_write(&write.table_name, largest).keyed(&key.partition);
            write_costs.extend(write_charges(own, &changes));
            replay_costs.push(Charge::transactional_read(&write.table_name, largest).keyed(&key.partition));
            if request.return_item_collection_metrics && !matches!(write.kind, WriteKind::ConditionCheck) {
                if let Some(m) = table.item_collection_metrics(&key.partition, limit) {
                    let list = metrics.entry(write.table_name.clone()).or_insert_with(|| Value::Array(Vec::new()));
                    if let Value::Array(list) = list {
                        list.push(m);
                    }
                }
            }
        }
        if let Some(token) = &request.client_request_token {
            let record = TokenRecord { fingerprint: request.fingerprint.clone(), at_millis: now, replay: replay_costs };
            self.transaction_tokens.insert(token.clone(), record);
        }
        let consumed = per_table(&write_costs, Split::Write);
        let mut body = Map::new();
        if !metrics.is_empty() {
            body.insert("ItemCollectionMetrics".into(), Value::Object(metrics));
        }
        Ok(Answer::new(with_consumed(body, &consumed, request.return_consumed_capacity), write_costs))
    }
}
