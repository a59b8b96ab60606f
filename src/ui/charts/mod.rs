//! Charts drawn as plain SVG, each from plain data and the page's language,
//! so any view can draw them: the hot-key lab, the design review.
//!
//! * [`heatmap`](mod@heatmap): partition × time, each cell's consumption as a share of
//!   one partition's limit and its throttled requests together;
//! * [`line`](mod@line): values per second over the run, with an optional
//!   reference line (what is provisioned);
//! * [`axis`]: where the ticks of an axis go; [`focus`]: how the keyboard
//!   and the pointer reach a chart's values.
//!
//! Every chart scales with its container (a `viewBox`, `width: 100%`), so
//! presenter mode's wider columns draw it larger; its values are in each
//! mark's hover title and accessible name, reachable with the keyboard
//! ([`focus`]), and the whole chart has a summary as its accessible name.

pub mod axis;
pub mod focus;
pub mod heatmap;
pub mod line;

pub use heatmap::{heatmap, HeatmapInput};
pub use line::{line_chart, LineInput, Reference, Series};
