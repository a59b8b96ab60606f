//! The playground's state: one engine, the selected table, the editor's text
//! and the activity log, changed only through [`Action`]s.
//!
//! The shape is Yew's `function_todomvc`: a plain struct, an `Action` enum and
//! `impl Reducible`. [`App`](super::app::App) holds it with `use_reducer` and
//! shares the handle through a `ContextProvider`; every component reads it
//! with `use_context::<PlaygroundContext>()` and changes it with `dispatch`.
//!
//! Every request goes the way a real client's would:
//!
//! ```text
//!   component builds the JSON body an SDK would send
//!        │  dispatch(Action::Execute { operation, request, .. })
//!   Playground::reduce
//!        │  clock ← Date.now(), then Engine::execute(operation, &request)
//!   LogEntry { request, response or ApiError, one-line summary }
//!        │  pushed on the activity log, generation + 1
//!   every component re-renders from read-only snapshots of the engine
//! ```
//!
//! The engine is large and mutable, so it lives in an `Rc<RefCell<Engine>>`
//! shared by every generation of the state instead of being cloned per
//! action. That means two generations hold the *same* engine, so the state
//! carries a `generation` counter: each reduction returns a new struct with
//! the counter bumped, which is what `PartialEq` (and thus the context
//! provider) compares. (Yew 0.23 re-renders only when the reducer returns a
//! new `Rc`; we always do.)

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::Value;
use yew::prelude::*;

use crate::engine::table::BillingMode;
use crate::engine::{ApiError, Engine};

/// The handle components get from the context.
pub type PlaygroundContext = UseReducerHandle<Playground>;

/// How many calls the activity log keeps: enough for a lecture, small enough
/// that cloning the log's `Rc`s on every keystroke stays free.
const LOG_LIMIT: usize = 200;

/// The part of the page a request came from, so that part can show the
/// outcome of its own last request inline (errors next to the button that
/// caused them), while the activity log shows everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    CreateTable,
    TableList,
    Editor,
}

/// One call in the activity log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    /// Increasing; used as the list key.
    pub id: u64,
    pub source: Source,
    pub operation: String,
    /// The body sent, or `None` when the UI could not even build a request
    /// (the editor's text is not an item) and nothing reached the engine.
    pub request: Option<Value>,
    /// The response body, or the error DynamoDB would answer.
    pub outcome: Result<Value, ApiError>,
    /// One line for humans: "PutItem Music → 1 WCU".
    pub summary: String,
}

impl LogEntry {
    /// The `ConsumedCapacity` of the response, if it carries one.
    pub fn consumed_capacity(&self) -> Option<&Value> {
        self.outcome.as_ref().ok()?.get("ConsumedCapacity")
    }
}

/// Everything the page shows. See the module notes for why the engine sits
/// behind an `Rc<RefCell<…>>` next to a generation counter.
pub struct Playground {
    pub engine: Rc<RefCell<Engine>>,
    /// Bumped by every action; two states are equal exactly when their
    /// generations (and engines) are.
    pub generation: u64,
    /// Bumped by every request sent to the engine (and only then): views
    /// that show engine data re-render when it moves, not on each keystroke.
    pub data_version: u64,
    /// The table the editor and the item view work on.
    pub selected: Option<String>,
    /// The item editor's text. Kept here, not in the editor, so that clicking
    /// a row can load an item into it, and so nothing typed is ever lost.
    pub editor_text: String,
    /// Newest first.
    pub log: Vec<Rc<LogEntry>>,
    next_log_id: u64,
}

impl Default for Playground {
    fn default() -> Self {
        Self {
            engine: Rc::new(RefCell::new(Engine::new())),
            generation: 0,
            data_version: 0,
            selected: None,
            editor_text: String::new(),
            log: Vec::new(),
            next_log_id: 1,
        }
    }
}

impl PartialEq for Playground {
    fn eq(&self, other: &Self) -> bool {
        self.generation == other.generation && Rc::ptr_eq(&self.engine, &other.engine)
    }
}

/// The shared engine as a component property: equal when it is the same
/// engine, so a view that takes it re-renders only when its other
/// properties (a version counter) say the data moved.
#[derive(Clone)]
pub struct EngineHandle(pub Rc<RefCell<Engine>>);

impl PartialEq for EngineHandle {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// What can happen to the playground.
pub enum Action {
    /// Send one request to the engine, exactly as an SDK would.
    Execute {
        source: Source,
        operation: String,
        request: Value,
    },
    /// A request the UI could not build (the editor's JSON does not parse):
    /// logged like an answer from the engine, but nothing is sent.
    Reject {
        source: Source,
        operation: String,
        table: String,
        error: ApiError,
    },
    SelectTable(String),
    SetEditorText(String),
    ClearLog,
}

impl Reducible for Playground {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = self.successor();
        match action {
            Action::Execute { source, operation, request } => {
                next.data_version += 1;
                let outcome = next.run(&operation, &request);
                if outcome.is_ok() {
                    next.follow_table_changes(&operation, &request);
                }
                let table = request.get("TableName").and_then(Value::as_str).unwrap_or_default();
                let summary = next.summarize(&operation, table, Some(&request), &outcome);
                next.push_log(source, operation, Some(request), outcome, summary);
            }
            Action::Reject { source, operation, table, error } => {
                let outcome = Err(error);
                let summary = next.summarize(&operation, &table, None, &outcome);
                next.push_log(source, operation, None, outcome, summary);
            }
            Action::SelectTable(name) => next.selected = Some(name),
            Action::SetEditorText(text) => next.editor_text = text,
            Action::ClearLog => next.log.clear(),
        }
        Rc::new(next)
    }
}

impl Playground {
    /// A copy sharing the engine, one generation later.
    fn successor(&self) -> Self {
        Self {
            engine: Rc::clone(&self.engine),
            generation: self.generation + 1,
            data_version: self.data_version,
            selected: self.selected.clone(),
            editor_text: self.editor_text.clone(),
            log: self.log.clone(),
            next_log_id: self.next_log_id,
        }
    }

    /// Runs one request with the engine's clock set to the browser's.
    fn run(&self, operation: &str, request: &Value) -> Result<Value, ApiError> {
        // Nothing else holds the engine while an event is handled, but a
        // panic would take the page down, so a busy engine is an error.
        let Ok(mut engine) = self.engine.try_borrow_mut() else {
            return Err(ApiError::InternalServer("The engine is busy; try again".into()));
        };
        engine.clock_mut().set(now_millis());
        engine.execute(operation, request)
    }

    /// After a successful CreateTable or DeleteTable, keeps the selection on a
    /// table that exists: the new one, or the first one left.
    fn follow_table_changes(&mut self, operation: &str, request: &Value) {
        let named = request.get("TableName").and_then(Value::as_str);
        if operation == "CreateTable" {
            self.selected = named.map(str::to_string);
        }
        let Ok(engine) = self.engine.try_borrow() else { return };
        let still_there = self.selected.as_deref().is_some_and(|name| engine.table(name).is_some());
        if !still_there {
            self.selected = engine.tables().next().map(|table| table.definition.name.clone());
        }
    }

    fn push_log(
        &mut self,
        source: Source,
        operation: String,
        request: Option<Value>,
        outcome: Result<Value, ApiError>,
        summary: String,
    ) {
        let entry = LogEntry { id: self.next_log_id, source, operation, request, outcome, summary };
        self.next_log_id += 1;
        self.log.insert(0, Rc::new(entry));
        self.log.truncate(LOG_LIMIT);
    }

    /// The newest log entry that came from `source`: what that part of the
    /// page shows inline.
    pub fn last_from(&self, source: Source) -> Option<&Rc<LogEntry>> {
        self.log.iter().find(|entry| entry.source == source)
    }

    /// The one-line summary of a call, e.g. "GetItem Music → found, 0.5 RCU
    /// (eventually consistent)".
    fn summarize(
        &self,
        operation: &str,
        table: &str,
        request: Option<&Value>,
        outcome: &Result<Value, ApiError>,
    ) -> String {
        let head = if table.is_empty() { operation.to_string() } else { format!("{operation} {table}") };
        let response = match outcome {
            Ok(response) => response,
            Err(error) if request.is_none() => return format!("{head} → not sent: {}", error.name()),
            Err(error) => return format!("{head} → {}", error.name()),
        };
        let units = self.units_of(table, response);
        let consistency = match request.and_then(|r| r.get("ConsistentRead")) {
            Some(Value::Bool(true)) => "strongly consistent",
            _ => "eventually consistent",
        };
        let detail = match operation {
            "CreateTable" => "created".to_string(),
            "DeleteTable" => {
                let count = response.pointer("/TableDescription/ItemCount").and_then(Value::as_u64).unwrap_or(0);
                format!("deleted with {count} item{}", plural(count))
            }
            "GetItem" => {
                let found = if response.get("Item").is_some() { "found" } else { "not found" };
                format!("{found}, {} ({consistency})", units.read)
            }
            "PutItem" | "DeleteItem" => units.write,
            _ => "OK".to_string(),
        };
        format!("{head} → {detail}")
    }

    /// The consumed capacity of a response in the table's own units:
    /// capacity units when provisioned, request units when on demand.
    fn units_of(&self, table: &str, response: &Value) -> Units {
        let amount = response.pointer("/ConsumedCapacity/CapacityUnits").and_then(Value::as_f64).unwrap_or(0.0);
        let on_demand = self.engine.try_borrow().ok().is_some_and(|engine| {
            engine.table(table).is_some_and(|t| t.definition.billing_mode == BillingMode::PayPerRequest)
        });
        let (read, write) = if on_demand { ("RRU", "WRU") } else { ("RCU", "WCU") };
        let amount = format_units(amount);
        Units { read: format!("{amount} {read}"), write: format!("{amount} {write}") }
    }
}

/// A capacity figure in both of its possible spellings.
struct Units {
    read: String,
    write: String,
}

/// `1` for whole units, `0.5` for halves: every capacity figure is a
/// multiple of 0.5, which `f64`'s `Display` prints without noise.
pub fn format_units(units: f64) -> String {
    format!("{units}")
}

/// "s" unless there is exactly one.
pub fn plural(count: u64) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// The browser's clock, in the engine's unit. `Date.now()` is a whole number
/// of milliseconds; the cast saturates, so an odd value cannot panic.
fn now_millis() -> u64 {
    js_sys::Date::now() as u64
}
