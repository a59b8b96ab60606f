//! The browser front end: Yew components over the engine.
//!
//! The UI is a client of the engine like any other: it builds the JSON body
//! an SDK would send, calls [`Engine::execute`](crate::engine::Engine::execute)
//! and shows the answer. What it draws it asks the engine through read-only
//! questions (`Engine::tables`, `Table::collections`, `Table::row_of`,
//! `Engine::describe_partitions`, …); it never reaches into a table's
//! storage and never recomputes what the engine knows.
//!
//! Every change goes through one reducer, [`state`]: a component reaches
//! the playground with [`use_playground`](state::use_playground) and sends
//! an [`Action`](state::Action). No component borrows the engine mutably:
//! the previews (live cost, footprint, the verdicts of access patterns and
//! lessons) dry-run requests through [`state::with_dry_runs`], which lends
//! the engine as [`Previews`](crate::engine::Previews): dry runs and
//! read-only questions, nothing that changes it.
//!
//! The shell is at the top: [`app`] (layout, tabs, the ticker, the
//! autosave), [`state`], [`persist`] (autosave in `localStorage`, share
//! links, scenario files), `browser` (local storage and the clipboard),
//! [`language`] (the page's language; the words are in [`crate::i18n`]),
//! [`limits`] (huge input refused by its size before it is parsed, long
//! text drawn only in part) and [`charts`] (the SVG charts). The components
//! are in folders by the part of the page they make:
//!
//! * [`tables`]: the Items tab — tables, the item editor, the items grid,
//!   secondary indexes, TTL, streams, the item generator;
//! * [`query`]: the Console tab — the request form, its live cost and
//!   footprint, results, code, history, saved operations;
//! * [`partitions`]: the Partitions tab — the partition map, the hot-key
//!   lab, the planners;
//! * [`lessons`]: the built-in lessons and the welcome;
//! * [`review`]: access patterns and the design review;
//! * [`page`]: around the tabs — the activity log, notices, the scenario
//!   and workspaces menus (their exports and imports asked of the panels'
//!   wasm), the language picker, embed mode.
//!
//! No module imports one that imports it back: a module that draws
//! another's marks or links depends on a small module of its own
//! ([`tables::grid_marks`], [`page::embed`]), and what the page computes
//! without a browser is [`crate::page_model`]: [`format`](mod@format) (how
//! values, keys and sizes are spelled on screen), [`draft`] (the console's
//! form ↔ request JSON) and [`cost`] (capacity in words, prices in dollars).

pub mod app;
mod browser;
pub mod charts;
pub mod connect;
pub mod exercises;
pub mod frames;
pub mod language;
pub mod lecturer;
pub mod lessons;
pub mod limits;
pub mod page;
pub mod panels;
pub mod partitions;
pub mod persist;
pub mod query;
pub mod review;
pub mod state;
pub mod tables;

pub use crate::page_model::{cost, draft, format};
pub use app::{App, AppProps};

/// Mounts the playground on the page's `<body>`, replacing the "loading"
/// note that `index.html` shows while the wasm downloads. A first visit
/// takes the browser's language, if the page speaks it.
pub fn start() {
    mount::<App>();
}

/// Mounts a page's root component on `<body>` as [`start`] does: the
/// browser's language adopted on a first visit, the "loading" note gone.
/// The lecturer's and the connect page's binaries mount theirs with it.
pub(crate) fn mount<C: yew::BaseComponent>()
where
    C::Properties: Default,
{
    language::adopt_browser_language();
    if let Some(note) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("loading")) {
        note.remove();
    }
    yew::Renderer::<C>::new().render();
}
