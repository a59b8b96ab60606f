//! The learner's tables, created in a fresh engine and filled with every
//! record through its mappings.
//!
//! Everything goes through `Engine::execute` as a student's own requests
//! would (CreateTable, PutItem), so every DynamoDB rule applies: a table
//! DynamoDB refuses is a problem for that table and the others are still
//! created; an item it refuses (too large, a key of the wrong type, an
//! empty key) is a problem naming its record and DynamoDB's error. The
//! load is not traffic: throughput is not enforced and GSIs are written at
//! once, so the data is complete before the first case runs.
//!
//! The load runs a batch of records at a time ([`Loading::step`]), so a
//! check can run in slices.
//!
//! The load remembers which record made each item, by its table and
//! primary key ([`Owners`]): how a returned item — from the table or from
//! a GSI or LSI, which always carry the table's key — is traced back to its
//! record. Two records making the same key are a problem naming both (the
//! second overwrote the first, as a put does).

use std::collections::HashMap;

use serde_json::json;

use super::format::{Exercise, RecordKey, Records, Solution};
use super::report::Problem;
use crate::engine::generate::Generation;
use crate::engine::schema::PrimaryKey;
use crate::engine::value::wire::item_to_wire;
use crate::engine::value::Item;
use crate::engine::Engine;

/// Problems listed in a report; past this they are only counted.
pub const MAX_LISTED_PROBLEMS: usize = 100;

/// The record that made each item: (table, primary key) → record.
pub type Owners = HashMap<(String, PrimaryKey), RecordKey>;

/// The loaded engine and what the load found.
pub struct Loaded {
    pub engine: Engine,
    pub owners: Owners,
    /// The tables created, in the solution's order.
    pub tables: Vec<String>,
    pub problems: Problems,
}

/// Problems, the first [`MAX_LISTED_PROBLEMS`] kept.
#[derive(Default)]
pub struct Problems {
    pub listed: Vec<Problem>,
    pub more: usize,
}

impl Problems {
    pub fn push(&mut self, problem: Problem) {
        if self.listed.len() < MAX_LISTED_PROBLEMS {
            self.listed.push(problem);
        } else {
            self.more += 1;
        }
    }
}

/// A fresh engine for a check: the engine clock, no enforced throughput
/// and synchronous GSIs while loading.
fn fresh_engine() -> Engine {
    let mut engine = Engine::new();
    let settings = engine.settings_mut();
    settings.enforce_throughput = false;
    settings.gsi_propagation_delay_millis = 0;
    engine
}

/// The items `solution` makes of `record` of `entity`, each with its table.
pub fn items_of(solution: &Solution, entity: &str, record: &Item) -> Vec<(String, crate::engine::Result<Item>)> {
    let mappings = solution.mappings.get(entity).map(Vec::as_slice).unwrap_or_default();
    mappings.iter().map(|m| (m.table.clone(), Solution::item_of(m, record))).collect()
}

/// Where the next records come from.
enum Source {
    Listed(std::vec::IntoIter<Item>),
    Generated(Box<Generation>),
}

impl Source {
    fn next(&mut self) -> Option<crate::engine::Result<Item>> {
        match self {
            Source::Listed(records) => records.next().map(Ok),
            Source::Generated(generation) => (!generation.is_done()).then(|| generation.next_item()),
        }
    }
}

/// A load under way, some records at a time: [`Loading::start`] creates
/// the tables, each [`Loading::step`] loads a batch of records, and
/// [`Loading::finish`] gives what was loaded.
pub struct Loading {
    loaded: Loaded,
    /// The entity types still to load, in the exercise's order.
    entities: std::vec::IntoIter<String>,
    /// The type being loaded and where its records come from.
    current: Option<(String, Vec<String>, Source)>,
    /// Records loaded so far.
    pub records_done: u64,
}

impl Loading {
    /// A fresh engine with the solution's tables (a refusal is that table's problem).
    pub fn start(exercise: &Exercise, solution: &Solution) -> Self {
        let mut engine = fresh_engine();
        let mut problems = Problems::default();
        let mut tables = Vec::new();
        for request in &solution.tables {
            let name = request.get("TableName").and_then(|n| n.as_str()).map(str::to_string);
            match engine.execute("CreateTable", request) {
                Ok(_) => tables.extend(name),
                Err(e) => problems.push(Problem {
                    kind: "CreateTable",
                    table: name,
                    records: Vec::new(),
                    message: format!("{}: {}", e.name(), e.message()),
                }),
            }
        }
        let entities: Vec<String> = exercise.entities.keys().cloned().collect();
        Loading {
            loaded: Loaded { engine, owners: HashMap::new(), tables, problems },
            entities: entities.into_iter(),
            current: None,
            records_done: 0,
        }
    }

    /// Loads up to `batch` records; `Ok(false)` once every record is loaded.
    pub fn step(&mut self, exercise: &Exercise, solution: &Solution, batch: usize) -> crate::engine::Result<bool> {
        let mut left = batch.max(1);
        while left > 0 {
            let Some((entity, key, source)) = &mut self.current else {
                let Some(entity) = self.entities.next() else { return Ok(false) };
                self.begin(exercise, solution, entity)?;
                continue;
            };
            let Some(record) = source.next() else {
                self.current = None;
                continue;
            };
            let record = record?;
            left -= 1;
            self.records_done += 1;
            let Some(owner) = RecordKey::of(entity, key, &record) else { continue };
            let entity = entity.clone();
            self.put(solution, &entity, owner, &record);
        }
        Ok(true)
    }

    /// What the load made.
    pub fn finish(self) -> Loaded {
        self.loaded
    }

    /// Starts the records of `entity`; a type with no mapping, or mapped to
    /// a table the solution lacks, is a problem.
    fn begin(&mut self, exercise: &Exercise, solution: &Solution, entity: String) -> crate::engine::Result<()> {
        let Some(known) = exercise.entities.get(&entity) else { return Ok(()) };
        let problems = &mut self.loaded.problems;
        let Some(mappings) = solution.mappings.get(&entity) else {
            problems.push(Problem {
                kind: "Mapping",
                table: None,
                records: Vec::new(),
                message: format!("The entity type {entity} has no mapping: its records are not stored"),
            });
            return Ok(());
        };
        for mapping in mappings {
            if self.loaded.engine.table(&mapping.table).is_none() {
                problems.push(Problem {
                    kind: "Mapping",
                    table: Some(mapping.table.clone()),
                    records: Vec::new(),
                    message: format!(
                        "{entity} maps to the table {}, which the solution does not create",
                        mapping.table
                    ),
                });
            }
        }
        let source = match &known.records {
            Records::Listed(records) => Source::Listed(records.clone().into_iter()),
            Records::Generated { template, count, seed } => {
                Source::Generated(Box::new(Generation::detached(template, *count, *seed)?))
            }
        };
        self.current = Some((entity, known.key.clone(), source));
        Ok(())
    }

    /// Puts the items `record` makes, noting problems.
    fn put(&mut self, solution: &Solution, entity: &str, owner: RecordKey, record: &Item) {
        let Loaded { engine, owners, problems, .. } = &mut self.loaded;
        for (table, item) in items_of(solution, entity, record) {
            let Some(stored) = engine.table(&table) else { continue };
            let refused = |message: String| Problem {
                kind: "Item",
                table: Some(table.clone()),
                records: vec![owner.clone()],
                message,
            };
            let item = match item {
                Ok(item) => item,
                Err(e) => {
                    problems.push(refused(format!("{}: {}", e.name(), e.message())));
                    continue;
                }
            };
            let key = match stored.definition.key_schema.key_of_item(&item) {
                Ok(key) => key,
                Err(e) => {
                    problems.push(refused(format!("{}: {}", e.name(), e.message())));
                    continue;
                }
            };
            let request = json!({"TableName": table, "Item": item_to_wire(&item)});
            if let Err(e) = engine.execute("PutItem", &request) {
                problems.push(refused(format!("{}: {}", e.name(), e.message())));
                continue;
            }
            if let Some(first) = owners.insert((table.clone(), key), owner.clone()) {
                let message = if first == owner {
                    format!(
                        "{} makes two items with the same primary key in {table}: the second overwrote the first",
                        owner.describe()
                    )
                } else {
                    format!(
                        "{} and {} make items with the same primary key in {table}: the second overwrote the first",
                        first.describe(),
                        owner.describe()
                    )
                };
                let records = if first == owner { vec![first] } else { vec![first, owner.clone()] };
                problems.push(Problem { kind: "DuplicateKey", table: Some(table.clone()), records, message });
            }
        }
    }
}
