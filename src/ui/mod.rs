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
//! * one component per file: [`app`] (layout), [`table_list`],
//!   [`create_table`], [`item_editor`], [`table_view`] and [`item_grid`]
//!   (items grouped by partition key), [`activity_log`] and [`log_entry`],
//!   [`error_box`], [`notice_toast`] (the page's messages), [`welcome`] (the
//!   first minute: a sample table, suggested lessons);
//! * secondary indexes: [`index_form`] (one index's fields and its "what
//!   it copies" diagram, used by [`create_table`] and by [`index_panel`],
//!   which lists, adds and drops indexes), [`index_grid`] (an index's
//!   contents, pending propagation and entity types);
//! * time to live and streams of the selected table: [`ttl_panel`]
//!   (UpdateTimeToLive, expired items still readable until the sweep, the
//!   sweep delay and the clock) and [`stream_panel`] (StreamSpecification
//!   with the four view types, the records as GetRecords returns them);
//! * the query console, its state in [`console_state`] (a second reducer,
//!   so typing there redraws only the console): [`console`] (layout),
//!   [`operation_builder`] with [`key_picker`] and [`expr_field`],
//!   [`cost_panel`], [`results_view`], [`code_view`], [`history_view`] and
//!   [`history_entry`];
//! * the Partitions tab: [`partition_map`] (the keyspace band of the
//!   selected table and its GSIs, with the teaching-scale knob),
//!   [`hotkey_lab`] (seeded workloads run, paused and stepped second by
//!   second, write sharding before and after) with [`lab_run`] (the runs
//!   and their animation clock) and [`lab_charts`] (heatmap, timelines,
//!   keyspace, top keys, drawn with [`charts`]), and [`planners`] (the seeds' partition math and
//!   shard count);
//! * [`embed`]: embed mode (`?embed=partitions`, …), one view for an
//!   iframe on a slide, and the "Embed link" buttons;
//! * keeping and sharing the playground: [`persist`] (autosave in
//!   `localStorage`, share links, scenario files) and [`scenario_menu`]
//!   (the header's Copy link, Export, Import and Reset, and its messages);
//! * the built-in lessons: [`lessons_menu`] (the header's list and the
//!   presenter switch; lesson links), [`lesson_panel`] (steps, Previous/Next,
//!   the arrow keys in presenter mode) with [`lesson_checklist`] (access
//!   patterns and what serves them), [`lesson_nav`] (opening a lesson while
//!   keeping the current work, doing what a step says) and [`lesson_bus`]
//!   (a step's requests to the tabs and the hot-key lab); the console's
//!   [`saved_operations`];
//! * reviewing a design: [`access_patterns`] (the scenario's patterns,
//!   each with its verdict and cost per request) and [`design_review`]
//!   (their traffic run on a copy of the tables, second by second, and the
//!   one-page review with its heatmaps, Markdown export and print);
//!   [`generate_form`] fills a table with generated items;
//! * languages: [`language`] (which language is on: a context, the
//!   remembered choice, `<html lang>`) and [`language_picker`] (the
//!   header's switcher); the words themselves are in [`crate::i18n`];
//! * [`limits`]: huge input refused by its size before it is parsed, long
//!   text drawn only in part, so nothing freezes the tab;
//! * pure helpers: [`format`](mod@format) (how values, keys and sizes are spelled on
//!   screen), [`draft`] (the console's form ↔ request JSON) and [`cost`]
//!   (capacity in words, prices in dollars).

pub mod access_patterns;
pub mod activity_log;
pub mod app;
mod browser;
pub mod charts;
pub mod code_view;
pub mod console;
pub mod console_state;
pub mod cost_panel;
pub mod create_table;
pub mod design_review;
pub mod embed;
pub mod embedded;
pub mod error_box;
pub mod expr_field;
pub mod footprint;
pub mod generate_form;
pub mod grid_marks;
pub mod history_entry;
pub mod history_view;
pub mod hotkey_lab;
pub mod index_form;
pub mod index_grid;
pub mod index_panel;
pub mod item_editor;
pub mod item_grid;
pub mod key_picker;
pub mod lab_charts;
pub mod lab_run;
pub mod language;
pub mod language_picker;
pub mod lesson_bus;
pub mod lesson_checklist;
pub mod lesson_nav;
pub mod lesson_panel;
pub mod lessons_menu;
pub mod limits;
pub mod log_entry;
pub mod notice_toast;
pub mod operation_builder;
mod operation_form;
pub mod partition_map;
pub mod persist;
pub mod planners;
pub mod results_view;
pub mod saved_operations;
pub mod scenario_menu;
pub mod state;
pub mod statement_plan;
pub mod stream_panel;
pub mod table_list;
pub mod table_view;
pub mod ttl_panel;
pub mod welcome;
pub mod workspaces_menu;

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
