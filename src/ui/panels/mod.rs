//! The page's second wasm: the panels the first screen does not show and
//! that change nothing of the playground's own (the exercise panel, the
//! hot-key lab, the partition planners, the design review), and the file
//! formats only an export or an import needs (a hidden `exchange` root,
//! [`converter`](crate::ui::page::converter)). Each carries machinery of
//! its own (the exercise check, the lab's simulation, the review's run,
//! their charts, the Workbench model's reader) that a student's
//! phone then downloads only when it is needed, or when the offline copy
//! fetches it after the page has started.
//!
//! ```text
//!   playground's wasm                              panels' wasm (ddb-panels_bg.wasm)
//!   PanelsHost (App's context) ── ensure(root) ──►  loaded once: ddb-panels.js, then
//!                                                   wasm_bindgen({ module_or_path })
//!   <div data-panel="exercise|lab|planners|review" module::start: every root in the page,
//!        data-lang …>  ── "ddb-panel-root" ──►      and each one announced later
//!   the root's attributes ── "ddb-panel" ──►        the panel's app follows them
//!   leaving the page ── "ddb-panel-gone" ──►        the panel's app is destroyed
//! ```
//!
//! The two wasms share nothing but the roots: each has its own memory and
//! its own Yew. A panel is mounted when its root appears (an exercise
//! opened, the Partitions tab shown, an embedded lab) and destroyed when
//! the page removes the root, so it lives exactly as long as it would as
//! a component of the page. A browser test mounts the panels in its own
//! wasm instead ([`Panels::Inline`](host::Panels::Inline)); attributes and events are the same.

pub mod host;
pub mod module;
pub mod place;
