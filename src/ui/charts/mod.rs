//! Charts drawn as plain SVG, each from plain data and the page's language,
//! so any view can draw them: the hot-key lab, the design review.
//!
//! * [`heatmap`]: partition × time, each cell's consumption as a share of
//!   one partition's limit and its throttled requests together;
//! * [`axis`]: where the ticks of an axis go.
//!
//! Every chart scales with its container (a `viewBox`, `width: 100%`), so
//! presenter mode's wider columns draw it larger; its values are in each
//! mark's hover title and accessible name, reachable with the keyboard.

pub mod axis;
pub mod heatmap;

pub use heatmap::{heatmap, HeatmapInput};
