//! A lesson document and its parts: steps, saved operations, checklists.
//!
//! ```json
//! { "id": "game-scores", "title": "…", "seed": "000", "summary": "…",
//!   "terms": ["Projektion (de): projection"],
//!   "tables": [ … ], "items": { … }, "setup": [ … ], "settings": { … },   (see `setup`)
//!   "operations": [ {"name": "Top score", "op": "Query", "req": { … }} ],
//!   "steps": [ {"title": "…", "run": "Top score", "text": "what to notice"},
//!              {"title": "…", "compare": ["A", "B"], "text": "…"},
//!              {"title": "…", "workload": { … }, "text": "…"},
//!              {"title": "…", "show": "partitions", "table": "Catalog", "text": "…"} ],
//!   "checklists": [ {"title": "…", "patterns": [
//!       {"name": "Top score of a game", "run": ["Top score"]},
//!       {"name": "OPEN orders", "run": ["Open orders"], "fan": [":b", 13]},
//!       {"name": "Events by tag", "run": ["Scan for a tag"], "why": "begins_with works only on …"},
//!       {"name": "Record a vote", "run": ["Vote for CandidateA"], "rate": 1500,
//!        "keys": {"Distribution": "Uniform", "Count": 10}, "cite": "seed 001: …"} ]} ] }
//! ```
//!
//! Each checklist pattern is also an access pattern of the lesson's
//! scenario ([`Lesson::access_patterns`]): one per request it runs, at the
//! `rate` (requests per second) and partition key variation (`keys`, the
//! endpoint's `PartitionKeyValues`) the seed gives, with `cite` saying
//! where the seed gives them; a pattern the seeds give no rate for runs at
//! [`DEFAULT_RATE`].
//!
//! Requests are written as an SDK's document client would take them: the
//! values in `Key`, `Item`, `ExpressionAttributeValues`, `ExclusiveStartKey`
//! and `RequestItems.*.Keys` may be plain JSON (`"101"`, `5842`), and are
//! turned into DynamoDB JSON when the lesson is read
//! ([`super::setup::wire_request`]), so the scenario's saved operations are
//! exactly what an SDK sends.
//!
//! The texts read here are English; [`Lesson::with_texts`] (in
//! [`super::overlay`]) puts a translation's in their place for display.

use serde_json::{json, Map, Value};

use super::generate;
use super::setup::wire_request;
use super::workload::LessonWorkload;
use crate::engine::review::{AccessPattern, KeyVariation};
use crate::engine::{ApiError, Result};
use crate::scenario::access_patterns;
use crate::scenario::format::SavedOperation;

/// One built-in lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    pub id: String,
    pub title: String,
    /// The seeds it follows, as `docs/lessons.md` cites them ("000, 002").
    pub seed: String,
    /// Two or three sentences: what the lesson shows.
    pub summary: String,
    /// The seeds' German and Japanese terms, where they help.
    pub terms: Vec<String>,
    pub steps: Vec<Step>,
    /// The scenario's saved operations, in the order the console lists them.
    pub operations: Vec<SavedOperation>,
    pub checklists: Vec<Checklist>,
    /// The tables, items and setup requests (read by `setup`).
    pub(crate) document: Value,
}

/// One step a lecturer clicks through.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub title: String,
    /// What to notice, with the figures the class should see.
    pub text: String,
    pub action: Option<StepAction>,
    /// The table to select for this step, if any.
    pub table: Option<String>,
}

/// What a step runs.
#[derive(Clone, Debug, PartialEq)]
pub enum StepAction {
    /// Load this saved operation into the query console.
    Operation(String),
    /// Load two saved operations side by side in compare mode.
    Compare(String, String),
    /// Run this workload in the hot-key lab.
    Workload(LessonWorkload),
    /// Show a view: `"items"` or `"partitions"`.
    Show(String),
}

/// Access patterns and what serves them, for one design.
#[derive(Clone, Debug, PartialEq)]
pub struct Checklist {
    /// The design's name; it prefixes the access patterns' names when a
    /// lesson compares designs, so it stays English (scenario data).
    pub title: String,
    /// What the checklist shows as its title: [`Checklist::title`], or its
    /// translation (see [`super::overlay`]).
    pub label: String,
    pub patterns: Vec<Pattern>,
}

/// One access pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    /// The access pattern's name in the scenario: English in every
    /// language, as a share link carries it.
    pub name: String,
    /// What the checklist shows: [`Pattern::name`], or its translation
    /// (see [`super::overlay`]).
    pub label: String,
    /// The saved operations that serve it, in order (a second request may
    /// use what the first returned, as seed 004's getEventsByVenueName does).
    pub operations: Vec<String>,
    /// Write sharding's read side: run each request once per shard, with
    /// the placeholder (e.g. `:b`) set to the numbers `0..count`.
    pub fan_out: Option<(String, u32)>,
    /// Why the design cannot serve the pattern; its operations are then the
    /// attempt that fails and the Scan that would be left.
    pub unservable: Option<String>,
    /// The rate the seed gives, in requests per second.
    pub rate: Option<f64>,
    /// How the seed varies the partition key value.
    pub keys: KeyVariation,
    /// Where the seed gives the rate or the key variation.
    pub cite: Option<String>,
}

/// The rate of a lesson's access pattern when the seeds give none: one
/// request a second, enough to classify it and price it per request.
pub const DEFAULT_RATE: f64 = 1.0;

fn invalid(id: &str, detail: impl std::fmt::Display) -> ApiError {
    // Ours: built-in lessons are tested, so this is for a broken build only.
    ApiError::validation(format!("Invalid lesson {id}: {detail}"))
}

fn text(object: &Map<String, Value>, member: &str) -> Option<String> {
    object.get(member).and_then(Value::as_str).map(str::to_string)
}

fn list<'a>(object: &'a Map<String, Value>, member: &str) -> &'a [Value] {
    object.get(member).and_then(Value::as_array).map_or(&[][..], Vec::as_slice)
}

fn strings(values: &[Value]) -> Vec<String> {
    values.iter().filter_map(Value::as_str).map(str::to_string).collect()
}

impl Lesson {
    /// Reads a lesson document.
    pub fn parse(source: &str) -> Result<Self> {
        let document: Value = serde_json::from_str(source).map_err(|e| invalid("?", e))?;
        let top = document.as_object().ok_or_else(|| invalid("?", "not a JSON object"))?;
        let id = text(top, "id").ok_or_else(|| invalid("?", "no \"id\""))?;
        let need = |member: &str| text(top, member).ok_or_else(|| invalid(&id, format!("no \"{member}\"")));
        let (title, seed, summary) = (need("title")?, need("seed")?, need("summary")?);

        let mut operations = Vec::new();
        for entry in list(top, "operations") {
            let entry = entry.as_object().ok_or_else(|| invalid(&id, "an operation is not an object"))?;
            let (Some(name), Some(operation), Some(request)) =
                (text(entry, "name"), text(entry, "op"), entry.get("req"))
            else {
                return Err(invalid(&id, "an operation needs \"name\", \"op\" and \"req\""));
            };
            operations.push(SavedOperation { name, operation, request: wire_request(request) });
        }
        for name in strings(list(top, "generate")) {
            operations.extend(generate::operations(&name));
        }
        let known = |name: &str| operations.iter().any(|o| o.name == name);

        let mut steps = Vec::new();
        for entry in list(top, "steps") {
            let entry = entry.as_object().ok_or_else(|| invalid(&id, "a step is not an object"))?;
            let title = text(entry, "title").ok_or_else(|| invalid(&id, "a step has no title"))?;
            let action = if let Some(name) = text(entry, "run") {
                Some(StepAction::Operation(name))
            } else if let [a, b] = strings(list(entry, "compare")).as_slice() {
                Some(StepAction::Compare(a.clone(), b.clone()))
            } else if let Some(spec) = entry.get("workload") {
                Some(StepAction::Workload(LessonWorkload::parse(spec).map_err(|e| invalid(&id, e))?))
            } else {
                text(entry, "show").map(StepAction::Show)
            };
            let names: Vec<&String> = match &action {
                Some(StepAction::Operation(a)) => vec![a],
                Some(StepAction::Compare(a, b)) => vec![a, b],
                _ => Vec::new(),
            };
            if let Some(missing) = names.into_iter().find(|n| !known(n)) {
                return Err(invalid(&id, format!("step \"{title}\" runs the unknown operation \"{missing}\"")));
            }
            steps.push(Step {
                title,
                text: text(entry, "text").unwrap_or_default(),
                action,
                table: text(entry, "table"),
            });
        }

        let mut checklists = Vec::new();
        for entry in list(top, "checklists") {
            let entry = entry.as_object().ok_or_else(|| invalid(&id, "a checklist is not an object"))?;
            let mut patterns = Vec::new();
            for pattern in list(entry, "patterns") {
                let pattern = pattern.as_object().ok_or_else(|| invalid(&id, "a pattern is not an object"))?;
                let name = text(pattern, "name").ok_or_else(|| invalid(&id, "a pattern has no name"))?;
                let operations = strings(list(pattern, "run"));
                if let Some(missing) = operations.iter().find(|n| !known(n)) {
                    return Err(invalid(&id, format!("pattern \"{name}\" runs the unknown operation \"{missing}\"")));
                }
                let fan_out = match list(pattern, "fan") {
                    [Value::String(placeholder), count] => {
                        count.as_u64().and_then(|c| u32::try_from(c).ok()).map(|c| (placeholder.clone(), c))
                    }
                    _ => None,
                };
                let keys = match pattern.get("keys") {
                    None => KeyVariation::Single,
                    Some(keys) => {
                        let value = json!({"Name": name, "Operation": "-", "Request": {}, "RequestsPerSecond": 1,
                                           "PartitionKeyValues": keys});
                        access_patterns::from_json(&value, &name).map_err(|e| invalid(&id, e.message()))?.keys
                    }
                };
                patterns.push(Pattern {
                    label: name.clone(),
                    name,
                    operations,
                    fan_out,
                    unservable: text(pattern, "why"),
                    rate: pattern.get("rate").and_then(Value::as_f64),
                    keys,
                    cite: text(pattern, "cite"),
                });
            }
            let title = text(entry, "title").unwrap_or_default();
            checklists.push(Checklist { label: title.clone(), title, patterns });
        }

        Ok(Self {
            terms: strings(list(top, "terms")),
            id,
            title,
            seed,
            summary,
            steps,
            operations,
            checklists,
            document,
        })
    }

    /// A saved operation of the lesson by name.
    pub fn operation(&self, name: &str) -> Option<&SavedOperation> {
        self.operations.iter().find(|o| o.name == name)
    }

    /// The checklists as access patterns: one per request a pattern runs
    /// (named after the pattern, and after the request when it runs more
    /// than one), prefixed with the checklist's title when the lesson
    /// compares several designs.
    pub fn access_patterns(&self) -> Vec<AccessPattern> {
        self.requests()
            .map(|(name, _, pattern, saved)| AccessPattern {
                name,
                operation: saved.operation.clone(),
                request: saved.request.clone(),
                requests_per_second: pattern.rate.unwrap_or(DEFAULT_RATE),
                keys: pattern.keys.clone(),
            })
            .collect()
    }

    /// Each access pattern's name (as [`Lesson::access_patterns`] gives
    /// it) and what to show for it in this lesson's language: the same
    /// name made of the checklist's and the pattern's labels. A report can
    /// show a lesson's patterns in the reader's language while the scenario
    /// keeps their names.
    pub fn pattern_labels(&self) -> Vec<(String, String)> {
        self.requests().map(|(name, label, _, _)| (name, label)).collect()
    }

    /// The requests the checklists run, each with its access pattern's name
    /// and label, its pattern and its saved operation.
    fn requests(&self) -> impl Iterator<Item = (String, String, &Pattern, &SavedOperation)> + '_ {
        let several = self.checklists.len() > 1;
        self.checklists.iter().flat_map(move |checklist| {
            checklist.patterns.iter().flat_map(move |pattern| {
                pattern.operations.iter().filter_map(move |operation| {
                    let saved = self.operation(operation)?;
                    let named = |checklist_title: &str, pattern_name: &str| {
                        let mut title = pattern_name.to_string();
                        if pattern.operations.len() > 1 {
                            title = format!("{title} ({operation})");
                        }
                        if several {
                            title = format!("{checklist_title}: {title}");
                        }
                        title
                    };
                    Some((
                        named(&checklist.title, &pattern.name),
                        named(&checklist.label, &pattern.label),
                        pattern,
                        saved,
                    ))
                })
            })
        })
    }

    /// The share link that opens this lesson: `#lesson=<id>`.
    pub fn fragment(&self) -> String {
        format!("lesson={}", self.id)
    }
}
