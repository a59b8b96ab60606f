//! Running the triggers in the catch-up: each takes the records that are
//! due, in sequence order, and runs its update as itself (charged to the
//! target table, admitted, rolled back and retried later if throttled).

use serde_json::{Map, Value};

use super::{
    Image, RunOutcome, StreamTrigger, TriggerRun, TriggerWrite, ValueSource, BATCH_DELAY_MILLIS, KEPT_TRIGGER_WRITES,
    RECENT_RUNS,
};
use crate::engine::api::item::UpdateItemInput;
use crate::engine::capacity::Charge;
use crate::engine::error::{ApiError, Result};
use crate::engine::streams::StreamRecord;
use crate::engine::table::Table;
use crate::engine::value::{AttributeValue, Item, Number};
use crate::engine::Engine;

/// What the update of one record came to.
enum Attempt {
    Done(RunOutcome),
    /// Refused by the target's capacity: stop, retry this record later.
    Throttled,
}

/// The value `source` takes for `record`, or why the record cannot fill it.
fn resolve(source: &ValueSource, record: &StreamRecord) -> std::result::Result<AttributeValue, String> {
    let image = |image: Image| match image {
        Image::Keys => Some(&record.keys),
        Image::NewImage => record.new_image.as_ref(),
        Image::OldImage => record.old_image.as_ref(),
    };
    match source {
        ValueSource::Constant(value) => Ok(value.clone()),
        ValueSource::Attribute { image: which, name, before } => {
            let value = image(*which)
                .and_then(|item| item.get(name))
                .ok_or_else(|| format!("the record has no {which:?}.{name}"))?;
            match (before, value) {
                (None, value) => Ok(value.clone()),
                (Some(separator), AttributeValue::S(text)) => {
                    let cut = text.rsplit_once(separator.as_str()).map_or(text.as_str(), |(head, _)| head);
                    Ok(AttributeValue::S(cut.to_string()))
                }
                (Some(_), _) => Err(format!("{which:?}.{name} is not a string to cut")),
            }
        }
        ValueSource::Delta(name) => {
            let number = |item: Option<&Item>| -> std::result::Result<Number, String> {
                match item.and_then(|i| i.get(name)) {
                    None => Ok(Number::zero()),
                    Some(AttributeValue::N(n)) => Ok(n.clone()),
                    Some(_) => Err(format!("{name} is not a number")),
                }
            };
            let delta = number(record.new_image.as_ref())?
                .checked_sub(&number(record.old_image.as_ref())?)
                .map_err(|e| e.message().to_string())?;
            Ok(AttributeValue::N(delta))
        }
    }
}

fn wire_map(sources: &[(String, ValueSource)], record: &StreamRecord) -> std::result::Result<Value, String> {
    let mut map = Map::new();
    for (name, source) in sources {
        map.insert(name.clone(), resolve(source, record)?.to_wire());
    }
    Ok(Value::Object(map))
}

/// The UpdateItem request `trigger` runs for `record`, or why it cannot.
fn update_request(trigger: &StreamTrigger, record: &StreamRecord) -> std::result::Result<Value, String> {
    let update = &trigger.update;
    let mut request = Map::new();
    request.insert("TableName".into(), update.table.clone().into());
    request.insert("Key".into(), wire_map(&update.key, record)?);
    request.insert("UpdateExpression".into(), update.expression.clone().into());
    if let Some(names) = &update.names {
        request.insert("ExpressionAttributeNames".into(), names.clone());
    }
    if !update.values.is_empty() {
        request.insert("ExpressionAttributeValues".into(), wire_map(&update.values, record)?);
    }
    Ok(Value::Object(request))
}

impl StreamTrigger {
    /// Counts what became of a record in the statistics.
    fn note(&mut self, outcome: &RunOutcome) {
        let stats = &mut self.stats;
        match outcome {
            RunOutcome::Wrote { units, .. } => {
                stats.writes += 1;
                stats.units += units;
            }
            RunOutcome::Filtered => stats.filtered += 1,
            RunOutcome::Skipped(_) => stats.skipped += 1,
            RunOutcome::Failed(message) => {
                stats.failures += 1;
                stats.last_error = Some(message.clone());
            }
            // Not taken: the record is retried.
            RunOutcome::Throttled => {
                stats.throttles += 1;
                return;
            }
        }
        stats.records += 1;
    }
}

impl Engine {
    /// The stream `trigger` reads, where it starts in it, and how many
    /// records it has not taken yet.
    pub(super) fn trigger_backlog(&self, trigger: &StreamTrigger) -> Option<(u128, usize)> {
        let stream = self.tables.get(&trigger.table)?.streams().last()?;
        let from = match &trigger.position {
            // A stream enabled since is read from its start.
            Some((arn, next)) if *arn == stream.arn => *next,
            _ => stream.trimmed_before,
        };
        let first = stream.records.partition_point(|r| r.sequence < from);
        Some((from, stream.records.len().saturating_sub(first)))
    }

    /// The first record `trigger` has not taken and that is due at `now`.
    fn next_due_record(&self, trigger: &StreamTrigger, now: u64) -> Option<(String, StreamRecord)> {
        let stream = self.tables.get(&trigger.table)?.streams().last()?;
        let (from, _) = self.trigger_backlog(trigger)?;
        let first = stream.records.partition_point(|r| r.sequence < from);
        let record = stream.records.get(first)?;
        (record.created_millis.saturating_add(BATCH_DELAY_MILLIS) <= now).then(|| (stream.arn.clone(), record.clone()))
    }

    /// Runs every trigger over its due records (see the module docs of
    /// `triggers`). Part of the catch-up; nothing in a dry run (`catch_up`).
    pub(crate) fn run_stream_triggers(&mut self, now: u64) {
        if self.triggers.is_empty() {
            return;
        }
        // A deleted table's triggers go with it.
        let tables = &self.tables;
        self.triggers.retain(|t| tables.contains_key(&t.table));
        // Out of the engine while they run: an update is a plain UpdateItem,
        // which never reaches the triggers.
        let mut triggers = std::mem::take(&mut self.triggers);
        for trigger in &mut triggers {
            // The records written by this catch-up's own updates are due
            // later (BATCH_DELAY_MILLIS), so each loop ends.
            while let Some((arn, record)) = self.next_due_record(trigger, now) {
                let outcome = match self.fire(trigger, &record) {
                    Attempt::Throttled => RunOutcome::Throttled,
                    Attempt::Done(outcome) => outcome,
                };
                let throttled = outcome == RunOutcome::Throttled;
                trigger.note(&outcome);
                if !throttled {
                    trigger.position = Some((arn, record.sequence + 1));
                }
                if trigger.recent.len() >= RECENT_RUNS {
                    trigger.recent.pop_front();
                }
                let (sequence, event_name) = (record.sequence, record.event_name);
                trigger.recent.push_back(TriggerRun { at_millis: now, sequence, event_name, outcome });
                if throttled {
                    break;
                }
            }
        }
        self.triggers = triggers;
    }

    /// Handles one record for `trigger`: the filter, then the update.
    fn fire(&mut self, trigger: &StreamTrigger, record: &StreamRecord) -> Attempt {
        if !trigger.events.contains(&record.event_name) {
            return Attempt::Done(RunOutcome::Filtered);
        }
        if let Some(filter) = &trigger.filter {
            let image = record.new_image.as_ref().or(record.old_image.as_ref());
            if !filter.evaluate(image) {
                return Attempt::Done(RunOutcome::Filtered);
            }
        }
        let request = match update_request(trigger, record) {
            Ok(request) => request,
            Err(why) => return Attempt::Done(RunOutcome::Skipped(why)),
        };
        let target = trigger.update.table.clone();
        if let Some(table) = self.tables.get_mut(&target) {
            table.begin_journal();
        }
        let applied = self.apply_update(&request);
        let admitted = applied.and_then(|charges| {
            if self.settings.enforce_throughput {
                self.admit(&charges)?;
            }
            Ok(charges)
        });
        let finish = if admitted.is_ok() { Table::commit_journal } else { Table::roll_back };
        if let Some(table) = self.tables.get_mut(&target) {
            finish(table);
        }
        match admitted {
            Ok(charges) => {
                let key = request.get("Key").map(Value::to_string).unwrap_or_default();
                let units = charges.iter().map(|c| c.units).sum();
                if self.trigger_writes.len() >= KEPT_TRIGGER_WRITES {
                    self.trigger_writes.pop_front();
                }
                self.trigger_writes.push_back(TriggerWrite {
                    table: trigger.table.clone(),
                    trigger: trigger.name.clone(),
                    at_millis: self.clock.now_millis(),
                    request,
                    charges,
                });
                Attempt::Done(RunOutcome::Wrote { key, units })
            }
            Err(
                ApiError::ProvisionedThroughputExceeded { .. }
                | ApiError::Throttling { .. }
                | ApiError::RequestLimitExceeded { .. },
            ) => Attempt::Throttled,
            Err(e) => Attempt::Done(RunOutcome::Failed(format!("{}: {}", e.name(), e.message()))),
        }
    }

    /// Runs the UpdateItem and hands back its charges.
    fn apply_update(&mut self, request: &Value) -> Result<Vec<Charge>> {
        let update = UpdateItemInput::parse(request)?.validate()?;
        Ok(self.update_item(update)?.charges)
    }
}
