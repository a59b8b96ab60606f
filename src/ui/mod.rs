//! The browser front end: Yew components over the engine.
//!
//! The UI is a client of the engine like any other: it builds the JSON body
//! an SDK would send, calls [`Engine::execute`](crate::engine::Engine::execute)
//! and shows the answer. To draw tables and items it reads read-only
//! snapshots (`Engine::tables`, `Storage::collections`); it never mutates
//! engine internals.
//!
//! * [`state`]: the `Playground` reducer and its actions, shared through a
//!   context, as in Yew's `function_todomvc` example;
//! * one component per file: [`app`] (layout), [`table_list`](tables::table_list),
//!   [`create_table`](tables::create_table), [`item_editor`](tables::item_editor), [`table_view`](tables::table_view) and [`item_grid`](tables::item_grid)
//!   (items grouped by partition key), [`activity_log`](page::activity_log) and [`log_entry`](page::log_entry),
//!   [`error_box`](page::error_box), [`notice_toast`](page::notice_toast) (the page's messages), [`welcome`](lessons::welcome) (the
//!   first minute: a sample table, suggested lessons);
//! * secondary indexes: [`index_form`](tables::index_form) (one index's fields and its "what
//!   it copies" diagram, used by [`create_table`](tables::create_table) and by [`index_panel`](tables::index_panel),
//!   which lists, adds and drops indexes), [`index_grid`](tables::index_grid) (an index's
//!   contents, pending propagation and entity types);
//! * time to live and streams of the selected table: [`ttl_panel`](tables::ttl_panel)
//!   (UpdateTimeToLive, expired items still readable until the sweep, the
//!   sweep delay and the clock) and [`stream_panel`](tables::stream_panel) (StreamSpecification
//!   with the four view types, the records as GetRecords returns them);
//! * the query console, its state in [`console_state`](query::console_state) (a second reducer,
//!   so typing there redraws only the console): [`console`](query::console) (layout),
//!   [`operation_builder`](query::operation_builder) with [`key_picker`](query::key_picker) and [`expr_field`](query::expr_field),
//!   [`cost_panel`](query::cost_panel), [`results_view`](query::results_view), [`code_view`](query::code_view), [`history_view`](query::history_view) and
//!   [`history_entry`](query::history_entry);
//! * the Partitions tab: [`partition_map`](partitions::partition_map) (the keyspace band of the
//!   selected table and its GSIs, with the teaching-scale knob),
//!   [`hotkey_lab`](partitions::hotkey_lab) (seeded workloads run, paused and stepped second by
//!   second, write sharding before and after) with [`lab_run`](partitions::lab_run) (the runs
//!   and their animation clock) and [`lab_charts`](partitions::lab_charts) (heatmap, timelines,
//!   keyspace, top keys, drawn with [`charts`]), and [`planners`](partitions::planners) (the seeds' partition math and
//!   shard count);
//! * [`embed`](page::embed): embed mode (`?embed=partitions`, …), one view for an
//!   iframe on a slide, and the "Embed link" buttons;
//! * keeping and sharing the playground: [`persist`] (autosave in
//!   `localStorage`, share links, scenario files) and [`scenario_menu`](page::scenario_menu)
//!   (the header's Copy link, Export, Import and Reset, and its messages);
//! * the built-in lessons: [`lessons_menu`](lessons::lessons_menu) (the header's list and the
//!   presenter switch; lesson links), [`lesson_panel`](lessons::lesson_panel) (steps, Previous/Next,
//!   the arrow keys in presenter mode) with [`lesson_checklist`](lessons::lesson_checklist) (access
//!   patterns and what serves them), [`lesson_nav`](lessons::lesson_nav) (opening a lesson while
//!   keeping the current work, doing what a step says) and [`lesson_bus`](lessons::lesson_bus)
//!   (a step's requests to the tabs and the hot-key lab); the console's
//!   [`saved_operations`](query::saved_operations);
//! * reviewing a design: [`access_patterns`](review::access_patterns) (the scenario's patterns,
//!   each with its verdict and cost per request) and [`design_review`](review::design_review)
//!   (their traffic run on a copy of the tables, second by second, and the
//!   one-page review with its heatmaps, Markdown export and print);
//!   [`generate_form`](tables::generate_form) fills a table with generated items;
//! * languages: [`language`] (which language is on: a context, the
//!   remembered choice, `<html lang>`) and [`language_picker`](page::language_picker) (the
//!   header's switcher); the words themselves are in [`crate::i18n`];
//! * [`limits`]: huge input refused by its size before it is parsed, long
//!   text drawn only in part, so nothing freezes the tab;
//! * pure helpers: [`format`](mod@format) (how values, keys and sizes are spelled on
//!   screen), [`draft`] (the console's form ↔ request JSON) and [`cost`]
//!   (capacity in words, prices in dollars).

pub mod app;
mod browser;
pub mod charts;
pub mod language;
pub mod lessons;
pub mod limits;
pub mod page;
pub mod partitions;
pub mod persist;
pub mod query;
pub mod review;
pub mod state;
pub mod tables;

pub use crate::page_model::{cost, draft, format};
pub use app::App;

/// Mounts the playground on the page's `<body>`, replacing the "loading"
/// note that `index.html` shows while the wasm downloads. A first visit
/// takes the browser's language, if the page speaks it.
pub fn start() {
    language::adopt_browser_language();
    if let Some(note) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("loading")) {
        note.remove();
    }
    yew::Renderer::<App>::new().render();
}
