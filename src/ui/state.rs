//! The playground's state: one engine, the selected table, the editor's text,
//! the activity log, the query console's history, running totals and last
//! run, and the lesson documents fetched so far, changed only through
//! [`Action`]s.
//!
//! The shape is Yew's `function_todomvc`: a plain struct, an `Action` enum and
//! `impl Reducible`. [`App`](super::app::App) holds it with `use_reducer` and
//! shares the handle through a `ContextProvider`; every component reads it
//! with [`use_playground`] and changes it with `dispatch`.
//!
//! Every request goes the way a real client's would:
//!
//! ```text
//!   component builds the JSON body an SDK would send
//!        │  dispatch(Action::Execute { operation, request, .. })
//!   Playground::reduce
//!        │  clock ← Date.now(), then Engine::execute_charged(operation, &request)
//!   LogEntry { request, response or ApiError, one-line summary,
//!              the engine's cost breakdown (the Outcome's charges) }
//!        │  pushed on the activity log and the history, the charges added
//!        │  to the table's running totals, generation + 1
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
use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::Value;
use yew::prelude::*;

use crate::engine::capacity::Charge;
use crate::engine::footprint::Footprint;
use crate::engine::generate::Generation;
use crate::engine::ordered::Ordered;
use crate::engine::review::AccessPattern;
use crate::engine::sim::Touched;
use crate::engine::table::BillingMode;
use crate::engine::{ApiError, Engine, Previews};
use crate::i18n::{CallSummary, Lang, Msg, Said};
use crate::page_model::summary::summarize;
pub use crate::page_model::summary::Usage;
use crate::scenario::format::SavedOperation;
use crate::scenario::generated::GeneratedData;
use crate::scenario::lessons::LessonLibrary;
use crate::scenario::{Scenario, Warning};

/// The handle components get from the context.
pub type PlaygroundContext = UseReducerHandle<Playground>;

/// How many calls the activity log keeps: enough for a lecture, small enough
/// that cloning the log's `Rc`s on every keystroke stays free.
const LOG_LIMIT: usize = 200;

/// How many calls the console's history keeps. Older calls still count in
/// the running totals ([`Playground::usage`]), which are never truncated.
pub const HISTORY_LIMIT: usize = 500;

/// Most pages "All pages" reads in one go: enough to walk a 10,000-item
/// table page by page, bounded so a `Limit` of 1 cannot freeze the page.
pub const MAX_PAGES: usize = 1000;

/// The part of the page a request came from, so that part can show the
/// outcome of its own last request inline (errors next to the button that
/// caused them), while the activity log shows everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    CreateTable,
    TableList,
    Editor,
    /// The query console (either side of compare mode, or a re-run from
    /// its history).
    Console,
    /// The index panel: adding and deleting GSIs with UpdateTable.
    Indexes,
    /// The TTL panel: UpdateTimeToLive.
    Ttl,
    /// The stream panel: UpdateTable with a StreamSpecification.
    Streams,
    /// A stream trigger's own write (`engine::triggers`), not a request
    /// from the page: logged when the engine applied it.
    Trigger,
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
    /// One line for humans: "PutItem Music → 1 WCU", kept as facts and
    /// worded by the views in the page's language ([`CallSummary::text`]).
    pub summary: CallSummary,
    /// How the engine computed the cost, one line per rounding (the
    /// charges of [`Engine::execute_charged`]); empty when nothing was charged.
    pub charges: Vec<Charge>,
    /// For [`Source::Trigger`]: the trigger and the table whose stream it
    /// reads ("CountVotes", "Votes").
    pub trigger: Option<(String, String)>,
}

impl LogEntry {
    /// The `ConsumedCapacity` of the response, if it carries one.
    pub fn consumed_capacity(&self) -> Option<&Value> {
        self.outcome.as_ref().ok()?.get("ConsumedCapacity")
    }

    /// The table named by the request, if any.
    pub fn table(&self) -> Option<&str> {
        self.request.as_ref()?.get("TableName")?.as_str()
    }
}

/// What the console ran last: one request, or every page of a Query or
/// Scan when "All pages" was asked for. The results view shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ConsoleRun {
    /// Increasing, so views can tell a new run from an old one.
    pub id: u64,
    pub operation: String,
    /// One entry per request sent, in order.
    pub pages: Vec<Rc<LogEntry>>,
    /// True when the run stopped at [`MAX_PAGES`] with more to read.
    pub truncated: bool,
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
    /// Every request executed (from any part of the page), newest first,
    /// up to [`HISTORY_LIMIT`]: the console's history. Not emptied by
    /// clearing the activity log. Entries keep their request, summary and
    /// charges; a successful response is not kept (`Ok(Null)`).
    pub history: Vec<Rc<LogEntry>>,
    /// Units consumed per table since the page was opened (or the totals
    /// were reset), by every request.
    pub usage: Rc<BTreeMap<String, Usage>>,
    /// The console's last run, for its results view.
    pub console_run: Option<Rc<ConsoleRun>>,
    /// How far the engine's clock runs ahead of the browser's: "Skip the
    /// wait" adds to it, so a backfill or a slow GSI propagation can be
    /// finished at once, in class or in a test, without sleeping.
    pub clock_offset_millis: u64,
    /// Bumped by every [`Action::Tick`]: views that count down (time left
    /// to a backfill, to a pending GSI update) redraw when it moves, while
    /// `data_version` moves only when a tick changed the data.
    pub ticks: u64,
    /// The scenario's saved operations: the console saves, loads and
    /// deletes them, and an export, a link or the autosave carries them.
    pub operations: Rc<Vec<SavedOperation>>,
    /// The scenario's access patterns, in the author's order: the access
    /// patterns panel edits them, and an export, a link or the autosave
    /// carries them.
    pub access_patterns: Rc<Vec<AccessPattern>>,
    /// The NoSQL Workbench model the scenario was imported from (items
    /// reduced to keys), kept so an export can write it back
    /// (`scenario::workbench`); `None` for a playground made here.
    pub workbench: Option<Rc<Value>>,
    /// The tables filled by the generator, with template, count and seed: a
    /// link or the autosave carries these rather than the items
    /// (`scenario::generated`).
    pub generated: Rc<Vec<GeneratedData>>,
    /// The scenario's view state beyond the selected table: the open lesson
    /// and its step (`{"lesson": "voting", "step": 2}`), kept as loaded and
    /// saved back with the scenario.
    pub view: Rc<Value>,
    /// A message about the scenario (a link that could not be read, an
    /// autosave that failed, a link copied), shown under the header until
    /// dismissed.
    pub notice: Option<Rc<Notice>>,
    /// The autosave keys holding an unreadable copy the autosave leaves
    /// alone until the page is reloaded (found when the page started).
    pub pinned: Pinned,
    /// The lesson documents and overlays at hand: the page fetches one when
    /// a lesson needs it and adds it with [`Action::LessonFetched`] or
    /// [`Action::OverlayFetched`]. Loading another scenario keeps them.
    pub lessons: Rc<LessonLibrary>,
    next_log_id: u64,
}

/// Which of the two autosave keys hold an unreadable copy that could not be
/// moved to its backup key (storage full): the autosave leaves such a key
/// alone until the page is reloaded. Found by `persist::load_saved` when the
/// page starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pinned {
    pub saved: bool,
    pub temp: bool,
}

/// A message about loading, saving or sharing the playground.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// An error (nothing was changed) rather than news.
    pub error: bool,
    pub text: String,
    /// The text as facts, when the catalogue words it: the views word it
    /// in the page's language (`text` then holds the English).
    pub said: Option<Said>,
    /// Points listed under the text: what an import kept without
    /// simulating, what an export's format could not hold (worded when shown).
    pub details: Vec<Warning>,
}

impl Notice {
    /// Something went wrong.
    pub fn error(text: impl Into<String>) -> Self {
        Self { error: true, text: text.into(), said: None, details: Vec::new() }
    }

    /// News, e.g. "link copied".
    pub fn info(text: impl Into<String>) -> Self {
        Self { error: false, text: text.into(), said: None, details: Vec::new() }
    }

    /// A fixed text of the catalogue, worded when shown.
    pub fn said(error: bool, msg: Msg) -> Self {
        Self::worded(error, Said::Fixed(msg))
    }

    /// A notice the catalogue words when shown.
    pub fn worded(error: bool, said: Said) -> Self {
        Self { error, text: Lang::En.tr().said(&said), said: Some(said), details: Vec::new() }
    }

    /// The text in the page's language.
    pub fn text_in(&self, lang: Lang) -> String {
        match &self.said {
            Some(said) => lang.tr().said(said),
            None => self.text.clone(),
        }
    }

    /// The notice with `details` listed under its text.
    pub fn with_details(mut self, details: Vec<Warning>) -> Self {
        self.details = details;
        self
    }
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
            history: Vec::new(),
            usage: Rc::default(),
            console_run: None,
            clock_offset_millis: 0,
            ticks: 0,
            operations: Rc::default(),
            access_patterns: Rc::default(),
            workbench: None,
            generated: Rc::default(),
            view: Rc::new(Value::Object(serde_json::Map::new())),
            notice: None,
            pinned: Pinned::default(),
            lessons: Rc::default(),
            next_log_id: 1,
        }
    }
}

impl PartialEq for Playground {
    fn eq(&self, other: &Self) -> bool {
        self.generation == other.generation && Rc::ptr_eq(&self.engine, &other.engine)
    }
}

/// The playground, for a component under the [`App`](super::app::App)'s
/// provider: the one way a component reaches the state. `None` only
/// outside it, where a component draws nothing.
#[hook]
pub fn use_playground() -> Option<PlaygroundContext> {
    use_context::<PlaygroundContext>()
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

/// A generation under way (`engine::generate`), shared by the generator's
/// form and the reducer: the form sends one [`Action::GenerateSlice`] after
/// another, giving the tab back to the browser in between, and reads the
/// progress here.
pub struct GeneratorRun {
    pub generation: Generation,
    /// Cleared by Cancel (and when the form goes away): the slice stops.
    pub alive: bool,
    /// The generation is over: every item made, cancelled, refused
    /// ([`GeneratorRun::failed`]) or the engine busy.
    pub over: bool,
    /// Why the engine refused to go on.
    pub failed: Option<ApiError>,
}

/// One slice of a generation: make items for at most `millis` of real
/// time, looking at the clock every `items_per_look` items.
#[derive(Clone)]
pub struct GeneratorSlice {
    pub run: Rc<RefCell<GeneratorRun>>,
    pub millis: f64,
    pub items_per_look: u64,
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
    /// Run a Query or Scan page after page, following `LastEvaluatedKey`,
    /// until the last page (or [`MAX_PAGES`]): the console's "All pages".
    RunAllPages {
        operation: String,
        request: Value,
    },
    SelectTable(String),
    SetEditorText(String),
    ClearLog,
    /// Forget the console's history and the running totals.
    ClearHistory,
    /// Let the engine catch up with the clock: apply the GSI updates that
    /// are due, finish backfills and deletions whose time is up. Sent by
    /// the page's ticker while such work is pending, so progress shows live.
    Tick,
    /// Move the clock ahead just far enough that every pending GSI update,
    /// backfill and deletion is over, then catch up.
    SkipAhead,
    /// Set the GSI propagation delay (engine milliseconds): the lecturer's
    /// knob to make stale index reads visible.
    SetPropagationDelay(u64),
    /// Set the partition size limit (bytes): the teaching scale that lets a
    /// class watch partitions split with kilobytes instead of 10 GB.
    SetPartitionSizeLimit(u64),
    /// Set the TTL sweeper's delay after expiry (engine milliseconds): the
    /// teaching knob for how long expired items stay readable.
    SetTtlSweepDelay(u64),
    /// Move the engine clock ahead of the browser's by this many
    /// milliseconds, then catch up (TTL sweeps, GSI updates that are due).
    AdvanceClock(u64),
    /// Replace the whole playground with a scenario (from a link, a file or
    /// the autosaved copy), with a note saying where it came from. The log,
    /// history and totals start over; the selected table is the scenario's
    /// `view.table` when that table exists.
    Load(Box<Scenario>, Option<Notice>),
    /// Empty the playground: a new engine, nothing selected, nothing logged.
    Reset,
    /// Show a message (or clear it with `None`).
    Notify(Option<Notice>),
    /// Save a request under its name, replacing one saved under that name.
    SaveOperation(SavedOperation),
    /// Make the next items of a generation under way, for one slice of
    /// time (see [`GeneratorSlice`]). The items are drawn once the
    /// generation is recorded ([`Action::Generated`]): a slice changes
    /// nothing the views show, so it redraws nothing.
    GenerateSlice(GeneratorSlice),
    /// The generator filled a table (the items are in the engine already):
    /// remember the generation, and redraw the data.
    Generated(GeneratedData),
    /// Forget the saved operation of that name.
    DeleteOperation(String),
    /// Replace the access patterns (the panel adds, edits, reorders and
    /// deletes by sending the whole list).
    SetAccessPatterns(Vec<AccessPattern>),
    /// Set one member of the view state (`Null` removes it): the open
    /// lesson and its step.
    SetView(String, Value),
    /// Lesson `id`'s document arrived (fetched, or handed in by a test).
    LessonFetched {
        id: String,
        text: String,
    },
    /// The overlay of lesson `id`'s texts in `lang` arrived, or `None`:
    /// there is none, and it is not asked for again.
    OverlayFetched {
        id: String,
        lang: Lang,
        text: Option<String>,
    },
}

impl Reducible for Playground {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        if let Action::GenerateSlice(slice) = action {
            self.generate_slice(&slice);
            return self;
        }
        let mut next = self.successor();
        match action {
            Action::Execute { source, operation, request } => {
                next.data_version += 1;
                let entry = next.execute(source, operation, request);
                if source == Source::Console {
                    next.record_run(vec![entry], false);
                }
            }
            Action::RunAllPages { operation, request } => {
                next.data_version += 1;
                let mut pages = Vec::new();
                let mut request = request;
                let truncated = loop {
                    let entry = next.execute(Source::Console, operation.clone(), request.clone());
                    let last_key = entry.outcome.as_ref().ok().and_then(|r| r.get("LastEvaluatedKey")).cloned();
                    pages.push(entry);
                    let Some(last_key) = last_key else { break false };
                    if pages.len() >= MAX_PAGES {
                        break true;
                    }
                    if let Value::Object(members) = &mut request {
                        members.insert("ExclusiveStartKey".into(), last_key);
                    } else {
                        break false;
                    }
                };
                next.record_run(pages, truncated);
            }
            Action::Reject { source, operation, table, error } => {
                let outcome = Err(error);
                let summary = next.summarize(&operation, &table, None, &outcome, &[]);
                next.push_log(source, operation, None, outcome, summary, Vec::new());
            }
            Action::SelectTable(name) => next.selected = Some(name),
            Action::SetEditorText(text) => next.editor_text = text,
            Action::ClearLog => next.log.clear(),
            Action::ClearHistory => {
                next.history.clear();
                next.usage = Rc::default();
            }
            Action::Tick => {
                next.ticks += 1;
                let fingerprint = |e: &Engine| (e.background_fingerprint(), e.trigger_progress());
                let before = next.engine.try_borrow().map(|e| fingerprint(&e)).ok();
                next.catch_up();
                let after = next.engine.try_borrow().map(|e| fingerprint(&e)).ok();
                if before != after {
                    next.data_version += 1;
                }
            }
            Action::SkipAhead => {
                next.data_version += 1;
                if let Ok(mut engine) = next.engine.try_borrow_mut() {
                    engine.clock_mut().set(now_millis().saturating_add(next.clock_offset_millis));
                    let wait = engine.background_wait_millis();
                    next.clock_offset_millis = next.clock_offset_millis.saturating_add(wait);
                }
                next.catch_up();
            }
            Action::SetPropagationDelay(millis) => {
                next.data_version += 1;
                if let Ok(mut engine) = next.engine.try_borrow_mut() {
                    engine.settings_mut().gsi_propagation_delay_millis = millis;
                }
            }
            Action::SetPartitionSizeLimit(bytes) => {
                next.data_version += 1;
                if let Ok(mut engine) = next.engine.try_borrow_mut() {
                    engine.settings_mut().partition_size_limit_bytes = bytes.max(1);
                }
            }
            Action::SetTtlSweepDelay(millis) => {
                next.data_version += 1;
                if let Ok(mut engine) = next.engine.try_borrow_mut() {
                    engine.settings_mut().ttl_sweep_delay_millis = millis;
                }
                next.catch_up();
            }
            Action::AdvanceClock(millis) => {
                next.data_version += 1;
                next.clock_offset_millis = next.clock_offset_millis.saturating_add(millis);
                next.catch_up();
            }
            Action::Load(scenario, notice) => {
                next.load(*scenario);
                next.notice = notice.map(Rc::new);
            }
            Action::Reset => {
                next.load(Scenario::of(&Engine::new()));
                next.notice = Some(Rc::new(Notice::said(false, Msg::PlaygroundReset)));
            }
            Action::Notify(notice) => next.notice = notice.map(Rc::new),
            Action::SaveOperation(saved) => {
                let operations = Rc::make_mut(&mut next.operations);
                match operations.iter_mut().find(|o| o.name == saved.name) {
                    Some(slot) => *slot = saved,
                    None => operations.push(saved),
                }
            }
            Action::GenerateSlice(_) => {}
            Action::Generated(generation) => {
                Rc::make_mut(&mut next.generated).push(generation);
                next.data_version += 1;
            }
            Action::DeleteOperation(name) => Rc::make_mut(&mut next.operations).retain(|o| o.name != name),
            Action::SetAccessPatterns(patterns) => next.access_patterns = Rc::new(patterns),
            Action::SetView(member, value) => {
                if let Value::Object(members) = Rc::make_mut(&mut next.view) {
                    match value {
                        Value::Null => members.remove(&member),
                        value => members.insert(member, value),
                    };
                }
            }
            Action::LessonFetched { id, text } => {
                Rc::make_mut(&mut next.lessons).provide(&id, &text);
            }
            Action::OverlayFetched { id, lang, text } => {
                Rc::make_mut(&mut next.lessons).provide_overlay(&id, lang, text.as_deref());
            }
        }
        Rc::new(next)
    }
}

impl Playground {
    /// A fresh playground holding `scenario`.
    pub fn with_scenario(scenario: Scenario, notice: Option<Notice>) -> Self {
        let mut playground = Self::default();
        playground.load(scenario);
        playground.notice = notice.map(Rc::new);
        playground
    }

    /// The scenario of the playground as it is now: engine, saved
    /// operations, the view state and the selected table.
    pub fn scenario(&self) -> Option<Scenario> {
        let engine = self.engine.try_borrow().ok()?;
        let mut scenario = Scenario::of(&engine);
        self.surround(&mut scenario);
        Some(scenario)
    }

    /// Puts around a scenario's engine what the playground keeps beside it:
    /// saved operations, access patterns, the kept Workbench model, the
    /// generated items' record and the view with the selected table.
    fn surround(&self, scenario: &mut Scenario) {
        scenario.operations = self.operations.as_ref().clone();
        scenario.access_patterns = self.access_patterns.as_ref().clone();
        scenario.workbench = self.workbench.as_deref().cloned();
        scenario.generated = self.generated.as_ref().clone();
        let mut view = self.view.as_ref().clone();
        if let (Some(table), Value::Object(members)) = (&self.selected, &mut view) {
            members.insert("table".into(), table.as_str().into());
        }
        scenario.view = view;
    }

    /// Calls `f` with the playground as a scenario, lending it the engine
    /// rather than copying it (a copy of a million generated items takes
    /// the tab a second): for the autosave, which runs after every change.
    /// `f` must not reach the engine through the context meanwhile: it
    /// holds an empty one then.
    pub fn lend_scenario<R>(&self, f: impl FnOnce(&Scenario) -> R) -> Option<R> {
        let engine = std::mem::take(&mut *self.engine.try_borrow_mut().ok()?);
        let mut scenario = Scenario::of_engine(engine);
        self.surround(&mut scenario);
        let result = f(&scenario);
        if let Ok(mut slot) = self.engine.try_borrow_mut() {
            *slot = scenario.engine;
        }
        Some(result)
    }

    /// Replaces everything with `scenario`. The engine is swapped in place
    /// (every view and the ticker hold the same `Rc`), and the clock offset
    /// is set so the engine's clock never runs backwards.
    fn load(&mut self, scenario: Scenario) {
        let Scenario { engine, operations, access_patterns, view, workbench, generated } = scenario;
        let saved_clock = engine.clock().now_millis();
        let first_table = engine.tables().next().map(|table| table.definition.name.clone());
        let wanted = view.get("table").and_then(Value::as_str).filter(|name| engine.table(name).is_some());
        self.selected = wanted.map(str::to_string).or(first_table);
        if let Ok(mut current) = self.engine.try_borrow_mut() {
            *current = engine;
        }
        self.clock_offset_millis = saved_clock.saturating_sub(now_millis());
        self.operations = Rc::new(operations);
        self.access_patterns = Rc::new(access_patterns);
        self.workbench = workbench.map(Rc::new);
        self.generated = Rc::new(generated);
        self.view = Rc::new(if view.is_object() { view } else { Value::Object(serde_json::Map::new()) });
        self.data_version += 1;
        self.editor_text.clear();
        self.log.clear();
        self.history.clear();
        self.usage = Rc::default();
        self.console_run = None;
    }

    /// A copy sharing the engine, one generation later.
    fn successor(&self) -> Self {
        Self {
            engine: Rc::clone(&self.engine),
            generation: self.generation + 1,
            data_version: self.data_version,
            selected: self.selected.clone(),
            editor_text: self.editor_text.clone(),
            log: self.log.clone(),
            history: self.history.clone(),
            usage: Rc::clone(&self.usage),
            console_run: self.console_run.clone(),
            clock_offset_millis: self.clock_offset_millis,
            ticks: self.ticks,
            operations: Rc::clone(&self.operations),
            access_patterns: Rc::clone(&self.access_patterns),
            workbench: self.workbench.clone(),
            generated: Rc::clone(&self.generated),
            view: Rc::clone(&self.view),
            notice: self.notice.clone(),
            pinned: self.pinned,
            lessons: Rc::clone(&self.lessons),
            next_log_id: self.next_log_id,
        }
    }

    /// Sends one request, logs it, adds it to the history and the running
    /// totals, and returns its log entry.
    fn execute(&mut self, source: Source, operation: String, request: Value) -> Rc<LogEntry> {
        let (outcome, charges) = self.run(&operation, &request);
        // The triggers ran in the request's catch-up, before it.
        self.log_trigger_writes();
        if outcome.is_ok() {
            self.follow_table_changes(&operation, &request);
        }
        if !charges.is_empty() {
            let usage = Rc::make_mut(&mut self.usage);
            for charge in &charges {
                let tally = usage.entry(charge.table.clone()).or_default();
                tally.add(charge);
            }
            let tables: std::collections::BTreeSet<&str> = charges.iter().map(|c| c.table.as_str()).ordered_set();
            for table in tables {
                if let Some(tally) = usage.get_mut(table) {
                    tally.requests += 1;
                }
            }
        }
        let table = request.get("TableName").and_then(Value::as_str).unwrap_or_default().to_string();
        let summary = self.summarize(&operation, &table, Some(&request), &outcome, &charges);
        let entry = self.push_log(source, operation, Some(request), outcome, summary, charges);
        // The history keeps what it shows and what a re-run needs, not the
        // response: a Scan page can be a megabyte, and the history is long.
        let slim =
            LogEntry { outcome: entry.outcome.as_ref().map(|_| Value::Null).map_err(Clone::clone), ..(*entry).clone() };
        self.history.insert(0, Rc::new(slim));
        self.history.truncate(HISTORY_LIMIT);
        entry
    }

    /// Steps a generation for one slice ([`Action::GenerateSlice`]).
    fn generate_slice(&self, slice: &GeneratorSlice) {
        let Ok(mut run) = slice.run.try_borrow_mut() else { return };
        let Ok(mut engine) = self.engine.try_borrow_mut() else {
            run.over = true;
            return;
        };
        let start = now_millis_f64();
        while run.alive && now_millis_f64() - start < slice.millis {
            match engine.step_generation(&mut run.generation, slice.items_per_look) {
                Ok(true) => {
                    run.over = true;
                    break;
                }
                Ok(false) => {}
                Err(e) => {
                    run.failed = Some(e);
                    break;
                }
            }
        }
        if run.failed.is_some() || !run.alive {
            run.over = true;
        }
    }

    /// Makes `pages` the console's last run.
    fn record_run(&mut self, pages: Vec<Rc<LogEntry>>, truncated: bool) {
        let id = pages.first().map_or(0, |entry| entry.id);
        let operation = pages.first().map(|entry| entry.operation.clone()).unwrap_or_default();
        self.console_run = Some(Rc::new(ConsoleRun { id, operation, pages, truncated }));
    }

    /// Runs one request with the engine's clock set to the browser's, and
    /// returns its outcome with the engine's cost breakdown.
    pub(crate) fn run(&self, operation: &str, request: &Value) -> (Result<Value, ApiError>, Vec<Charge>) {
        // Nothing else holds the engine while an event is handled, but a
        // panic would take the page down, so a busy engine is an error.
        let Ok(mut engine) = self.engine.try_borrow_mut() else {
            return (Err(ApiError::InternalServer("The engine is busy; try again".into())), Vec::new());
        };
        engine.clock_mut().set(self.now());
        let outcome = engine.execute_charged(operation, request);
        (outcome.result, outcome.charges)
    }

    /// The engine time to run at: the browser's clock plus the skipped-ahead
    /// offset.
    fn now(&self) -> u64 {
        now_millis().saturating_add(self.clock_offset_millis)
    }

    /// Sets the engine clock and lets it apply the background work that is
    /// due, as the start of every request does.
    fn catch_up(&mut self) {
        if let Ok(mut engine) = self.engine.try_borrow_mut() {
            engine.clock_mut().set(self.now());
            engine.catch_up();
        }
        self.log_trigger_writes();
    }

    /// Logs the writes the stream triggers applied since the last look, as
    /// the triggers' own calls ([`Source::Trigger`]), with their charges.
    fn log_trigger_writes(&mut self) {
        let Ok(writes) = self.engine.try_borrow_mut().map(|mut engine| engine.take_trigger_writes()) else { return };
        for write in writes {
            let table = write.request.get("TableName").and_then(Value::as_str).unwrap_or_default().to_string();
            let outcome = Ok(Value::Object(serde_json::Map::new()));
            let summary = self.summarize("UpdateItem", &table, Some(&write.request), &outcome, &write.charges);
            let entry = LogEntry {
                id: self.next_log_id,
                source: Source::Trigger,
                operation: "UpdateItem".into(),
                request: Some(write.request),
                outcome,
                summary,
                charges: write.charges,
                trigger: Some((write.trigger, write.table)),
            };
            self.next_log_id += 1;
            self.log.insert(0, Rc::new(entry));
        }
        self.log.truncate(LOG_LIMIT);
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
        summary: CallSummary,
        charges: Vec<Charge>,
    ) -> Rc<LogEntry> {
        let entry = Rc::new(LogEntry {
            id: self.next_log_id,
            source,
            operation,
            request,
            outcome,
            summary,
            charges,
            trigger: None,
        });
        self.next_log_id += 1;
        self.log.insert(0, Rc::clone(&entry));
        self.log.truncate(LOG_LIMIT);
        entry
    }

    /// The newest log entry that came from `source`: what that part of the
    /// page shows inline.
    pub fn last_from(&self, source: Source) -> Option<&Rc<LogEntry>> {
        self.log.iter().find(|entry| entry.source == source)
    }

    /// The one-line summary of a call ([`summarize`]), in the units of
    /// each table's billing mode.
    fn summarize(
        &self,
        operation: &str,
        table: &str,
        request: Option<&Value>,
        outcome: &Result<Value, ApiError>,
        charges: &[Charge],
    ) -> CallSummary {
        summarize(operation, table, request, outcome, charges, |table| self.is_on_demand(table))
    }

    /// Whether `table` exists and bills on demand.
    pub fn is_on_demand(&self, table: &str) -> bool {
        self.engine.try_borrow().ok().is_some_and(|engine| {
            engine.table(table).is_some_and(|t| t.definition.billing_mode == BillingMode::PayPerRequest)
        })
    }
}

/// Lends the engine to `preview` for dry runs: the one place outside the
/// reducer where the page borrows the engine mutably. The previews (the
/// console's live cost and footprint, the access patterns' and a lesson's
/// verdicts) get it as [`Previews`], which can dry-run requests and ask
/// read-only questions but change nothing, so a view never changes the
/// engine; `None` while the engine is busy.
pub fn with_dry_runs<R>(engine: &RefCell<Engine>, preview: impl FnOnce(&mut Previews) -> R) -> Option<R> {
    let mut engine = engine.try_borrow_mut().ok()?;
    Some(preview(&mut Previews::new(&mut engine)))
}

/// What the dry run of a read request reads ([`Footprint`]) and the
/// partitions it touches; `None` while the engine is busy. A refused
/// request reads nothing (its error is the console's to show).
pub fn dry_run_footprint(
    engine: &RefCell<Engine>,
    operation: &str,
    request: &Value,
) -> Option<(Footprint, Vec<Touched>)> {
    with_dry_runs(engine, |engine| {
        let dry = engine.dry_run(operation, request);
        let touched = engine.touched_partitions(&dry.charges);
        (dry.footprint, touched)
    })
}

/// The browser's clock, in the engine's unit. `Date.now()` is a whole number
/// of milliseconds; the cast saturates, so an odd value cannot panic.
fn now_millis() -> u64 {
    js_sys::Date::now() as u64
}

/// The browser's clock with its fraction, for timing a slice of work.
fn now_millis_f64() -> f64 {
    js_sys::Date::now()
}
