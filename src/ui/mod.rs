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
//!   [`error_box`];
//! * [`format`]: how values, keys and sizes are spelled on screen.

pub mod activity_log;
pub mod app;
pub mod create_table;
pub mod error_box;
pub mod format;
pub mod item_editor;
pub mod item_grid;
pub mod log_entry;
pub mod state;
pub mod table_list;
pub mod table_view;

pub use app::App;

/// Mounts the playground on the page's `<body>`, replacing the "loading"
/// note that `index.html` shows while the wasm downloads.
pub fn start() {
    if let Some(note) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("loading")) {
        note.remove();
    }
    yew::Renderer::<App>::new().render();
}
