//! Data at scale: a table filled from an item template, deterministic from
//! a seed.
//!
//! A design is only reviewed honestly on data of the size it is meant for:
//! partitions, hot keys and item collections appear at thousands to
//! millions of items, which nobody types by hand. The generator makes them
//! from a small JSON template ([`template`] has its form): each attribute's
//! values come from a distribution (a sequence, a uniform or Zipf choice
//! from a list or a range, a date in a range, a number, a string of a given
//! size, a text template over the others), and the partition keys get a
//! number of items each (fixed, uniform or Zipf). Key templates such as
//! `CUST#{n}` and `ORDER#{OrderDate}#{i}` are attributes like the others.
//!
//! Everything is drawn from one SplitMix64 stream ([`Rng`]), in a fixed
//! order (per item: the partition key's item count when a new partition key
//! starts, then each attribute in the order listed), so a template, a count
//! and a seed always make the same items, on every machine. That is what
//! lets a share link carry the template and seed instead of the items
//! (`scenario::format`).
//!
//! **Checked before anything is written**: the template's form, the count
//! (at most [`MAX_GENERATED_ITEMS`]), the largest item the template can make
//! (at most DynamoDB's 400 KB, from bounds on every value), that every key
//! attribute of the table is made for every item, and a first item checked
//! as PutItem would check it (key types and sizes, index keys).
//!
//! **How items are written**: each goes through `Table::write_item`, the
//! path every PutItem takes, so LSIs and GSIs hold it exactly as they would
//! after a put (GSIs at once, as after a backfill, not through the
//! propagation delay). Generated items are a load, not traffic: they are
//! not charged capacity, not throttled, and not written to the table's
//! stream (a million stream records would describe no application's
//! behaviour and crowd out the real ones). An item with the key of one
//! already stored replaces it, as a put does.
//!
//! A generation runs **in slices** ([`Generation`]): the browser writes a
//! few thousand items per animation frame and shows the progress, and the
//! result is the same as [`Engine::generate_items`] in one call.

mod draw;
pub mod template;

use std::fmt::Write as _;

use serde_json::Value;

use super::calendar::date_text;
use crate::engine::error::{ApiError, Result};
use crate::engine::index::WriteSource;
use crate::engine::ordered::Ordered;
use crate::engine::schema::PrimaryKey;
use crate::engine::sim::Rng;
use crate::engine::value::{AttributeValue, Item, Number};
use crate::engine::Engine;
use draw::{below, random_text};
pub use draw::{Pick, MAX_ZIPF_VALUES};
pub use template::{check_count, ItemTemplate, PerPartitionKey, Source, MAX_GENERATED_ITEMS};
use template::{AttributeTemplate, Part};

/// What a generation did so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenerationReport {
    /// Items made.
    pub items: u64,
    /// Items stored that replaced one with the same key.
    pub replaced: u64,
    /// Items not stored because one with the same key was kept
    /// ([`Generation::keep_existing`]).
    pub kept: u64,
    /// Partition keys begun.
    pub partition_keys: u64,
}

/// A generation under way: made by [`Engine::start_generation`], moved on
/// by [`Engine::step_generation`].
#[derive(Clone, Debug)]
pub struct Generation {
    table: String,
    template: ItemTemplate,
    count: u64,
    rng: Rng,
    /// Items the current partition key gets, and has got.
    partition_size: u64,
    in_partition: u64,
    keep_existing: bool,
    report: GenerationReport,
}

/// Appends an attribute value to `text` as a template prints it.
fn push_text(text: &mut String, value: Option<&AttributeValue>) {
    match value {
        Some(AttributeValue::S(s)) => text.push_str(s),
        Some(AttributeValue::N(n)) => _ = write!(text, "{n}"),
        Some(AttributeValue::Bool(b)) => _ = write!(text, "{b}"),
        _ => {}
    }
}

fn number(text: &str) -> Result<AttributeValue> {
    Number::parse(text).map(AttributeValue::N)
}

impl Generation {
    fn new(table: &str, template: ItemTemplate, count: u64, seed: u64) -> Self {
        Self {
            table: table.to_string(),
            template,
            count,
            rng: Rng::new(seed),
            partition_size: 0,
            in_partition: 0,
            keep_existing: false,
            report: GenerationReport::default(),
        }
    }

    /// A generation of `count` items from `template` (its JSON form),
    /// seeded by `seed`, for no table: the caller takes the items with
    /// [`Generation::next_item`] (an exercise's generated records, which
    /// become items only through the learner's mappings).
    pub fn detached(template: &Value, count: u64, seed: u64) -> Result<Self> {
        let template = ItemTemplate::from_json(template)?;
        template.check_size()?;
        check_count(count)?;
        Ok(Self::new("", template, count, seed))
    }

    /// Leaves an item already stored under a generated key as it is
    /// (rather than replacing it): how a scenario regenerates its data
    /// around the items edited since.
    pub fn keep_existing(mut self) -> Self {
        self.keep_existing = true;
        self
    }

    /// The table being filled.
    pub fn table(&self) -> &str {
        &self.table
    }

    /// Items to make in all.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Whether every item has been made.
    pub fn is_done(&self) -> bool {
        self.report.items >= self.count
    }

    /// What it did so far.
    pub fn report(&self) -> &GenerationReport {
        &self.report
    }

    fn items_per_partition_key(&mut self) -> u64 {
        match &self.template.per_partition_key {
            PerPartitionKey::Fixed(n) => u64::from(*n),
            PerPartitionKey::Uniform { min, max } => u64::from(*min) + below(&mut self.rng, u64::from(max - min) + 1),
            PerPartitionKey::Zipf { max, pick } => pick.draw(&mut self.rng, u64::from(*max)) + 1,
        }
    }

    /// Makes the next item without storing it (and counts it as made):
    /// what a scenario uses to recognise generated items.
    pub fn next_item(&mut self) -> Result<Item> {
        if self.in_partition >= self.partition_size {
            self.partition_size = self.items_per_partition_key();
            self.in_partition = 0;
            self.report.partition_keys += 1;
        }
        let (n, i, sequence) = (self.report.partition_keys - 1, self.in_partition, self.report.items);
        self.in_partition += 1;
        self.report.items += 1;
        let mut values: Vec<Option<AttributeValue>> = Vec::with_capacity(self.template.attributes.len());
        for attribute in &self.template.attributes {
            let present = attribute.presence >= 1.0 || self.rng.next_f64() < attribute.presence;
            let value = if present { Some(draw(attribute, &mut self.rng, &values, (n, i, sequence))?) } else { None };
            values.push(value);
        }
        Ok(self
            .template
            .attributes
            .iter()
            .zip(values)
            .filter_map(|(attribute, value)| Some((attribute.name.clone(), value?)))
            .ordered_map())
    }
}

/// One value of `attribute`; `earlier` are the item's values so far and
/// `(n, i, sequence)` the partition key's number, the item's number in it
/// and in the whole generation.
fn draw(
    attribute: &AttributeTemplate,
    rng: &mut Rng,
    earlier: &[Option<AttributeValue>],
    (n, i, sequence): (u64, u64, u64),
) -> Result<AttributeValue> {
    Ok(match &attribute.source {
        Source::Sequence { start, step } => {
            number(&(i128::from(*start) + i128::from(*step) * i128::from(sequence)).to_string())?
        }
        Source::Choice { values, pick } => {
            let at = pick.draw(rng, values.len() as u64) as usize;
            values.get(at).cloned().unwrap_or(AttributeValue::Null)
        }
        Source::Integer { min, max, pick } => {
            let span = (i128::from(*max) - i128::from(*min) + 1) as u64;
            number(&(i128::from(*min) + i128::from(pick.draw(rng, span))).to_string())?
        }
        Source::Decimal { min, max, decimals } => {
            let x = min + (max - min) * rng.next_f64();
            let text = format!("{x:.decimals$}");
            // "-0.00" is no DynamoDB number text.
            number(text.strip_prefix('-').filter(|t| t.bytes().all(|b| b == b'0' || b == b'.')).unwrap_or(&text))?
        }
        Source::Date { first, days, pick, texts } => {
            let day = pick.draw(rng, u64::from(*days));
            let text = texts.get(day as usize).cloned();
            AttributeValue::S(text.unwrap_or_else(|| date_text(first + day as i64)))
        }
        Source::Text { min, max } => {
            let length = u64::from(*min) + below(rng, u64::from(max - min) + 1);
            AttributeValue::S(random_text(rng, length as usize))
        }
        Source::Template { parts, number: as_number } => {
            let mut text = String::with_capacity(64);
            for part in parts {
                match part {
                    Part::Text(t) => text.push_str(t),
                    // Written in place: a `to_string` per part was a tenth of the time.
                    Part::PartitionNumber => _ = write!(text, "{n}"),
                    Part::ItemNumber => _ = write!(text, "{i}"),
                    Part::Attribute(at) => push_text(&mut text, earlier.get(*at).and_then(Option::as_ref)),
                }
            }
            if *as_number {
                number(&text).map_err(|_| {
                    ApiError::validation(format!(
                        "Invalid item template: attribute {} is a number, but its template made \"{text}\"",
                        attribute.name
                    ))
                })?
            } else {
                AttributeValue::S(text)
            }
        }
        Source::Boolean { probability } => AttributeValue::Bool(rng.next_f64() < *probability),
    })
}

impl Engine {
    /// Checks a generation of `count` items from `template` (its JSON
    /// form) into `table`, seeded by `seed`, and returns it ready to run.
    /// Nothing is written yet.
    pub fn start_generation(&self, table: &str, template: &Value, count: u64, seed: u64) -> Result<Generation> {
        let template = ItemTemplate::from_json(template)?;
        template.check_size()?;
        check_count(count)?;
        let stored = self.tables.get(table).ok_or_else(ApiError::resource_not_found)?;
        for key in stored.definition.key_schema.attributes() {
            let made = template.attributes.iter().find(|a| a.name == key.name);
            if made.is_none_or(|a| a.presence < 1.0) {
                return Err(ApiError::validation(format!(
                    "Invalid item template: every item needs the key attribute {} of table {table}; \
                     list it in \"Attributes\" without a \"Presence\" below 1",
                    key.name
                )));
            }
        }
        let generation = Generation::new(table, template, count, seed);
        // The first item, checked as PutItem would check it.
        let first = generation.clone().next_item()?;
        stored.definition.key_schema.key_of_item(&first)?;
        stored.check_index_keys(&first, WriteSource::Item)?;
        Ok(generation)
    }

    /// Makes and stores up to `most` more items of `generation`; `Ok(true)`
    /// once it is done.
    pub fn step_generation(&mut self, generation: &mut Generation, most: u64) -> Result<bool> {
        self.catch_up();
        let mut context = self.write_context();
        // Indexed at once, as after a backfill (see the module docs).
        context.propagation_delay_millis = 0;
        let limit = context.item_collection_limit_bytes;
        let table = self.tables.get_mut(&generation.table).ok_or_else(ApiError::resource_not_found)?;
        // A load, not traffic: no stream records (see the module docs).
        let streams = std::mem::take(&mut table.streams);
        let mut outcome = Ok(());
        for _ in 0..most {
            if generation.is_done() {
                break;
            }
            let stored = generation.next_item().and_then(|item| {
                let key: PrimaryKey = table.definition.key_schema.key_of_item(&item)?;
                table.check_index_keys(&item, WriteSource::Item)?;
                if generation.keep_existing && table.storage.size_of(&key).is_some() {
                    // What is stored there differs from what was made.
                    table.storage.mark_diverged(&key);
                    return Ok(None);
                }
                table.check_item_collection(&key, Some(&item), 0, limit)?;
                let replaced = table.write_item(&key, Some(item), context).0.is_some();
                table.storage.mark_generated(&key);
                Ok(Some(replaced))
            });
            match stored {
                Ok(None) => generation.report.kept += 1,
                Ok(Some(replaced)) => generation.report.replaced += u64::from(replaced),
                Err(e) => {
                    // A refused item is not counted as made: the items
                    // made are exactly those stored (or kept).
                    generation.report.items = generation.report.items.saturating_sub(1);
                    outcome = Err(e);
                    break;
                }
            }
        }
        table.streams = streams;
        outcome.map(|()| generation.is_done())
    }

    /// Deletes again the generated items of `table` under `keys` that were
    /// deleted after they were generated (a scenario read back): a load, as
    /// generation is — no capacity, no stream records. A key with no item
    /// is left alone.
    pub fn delete_generated(&mut self, table: &str, keys: &[PrimaryKey]) -> Result<()> {
        self.catch_up();
        let mut context = self.write_context();
        context.propagation_delay_millis = 0;
        let table = self.tables.get_mut(table).ok_or_else(ApiError::resource_not_found)?;
        let streams = std::mem::take(&mut table.streams);
        for key in keys {
            if table.storage.size_of(key).is_some() {
                table.write_item(key, None, context);
            }
        }
        table.streams = streams;
        Ok(())
    }

    /// Fills `table` with `count` items from `template`, seeded by `seed`,
    /// in one call ([`Engine::start_generation`] and every step).
    pub fn generate_items(&mut self, table: &str, template: &Value, count: u64, seed: u64) -> Result<GenerationReport> {
        let mut generation = self.start_generation(table, template, count, seed)?;
        while !self.step_generation(&mut generation, 65_536)? {}
        Ok(generation.report)
    }
}

#[cfg(test)]
mod tests;
