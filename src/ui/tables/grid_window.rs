//! The window a large grid draws of its rows.
//!
//! Above [`WINDOW_OVER`] rows a grid (a table's items, an index's entries)
//! scrolls inside a box of its own and draws only the rows in view plus a
//! margin ([`window_rows`] in all: 90 at a projector's 720 pixels, 120 on a
//! 4K screen); spacer rows stand for the rest at the rows' height, so the
//! scroll bar is the whole table's and the DOM stays the same size with 100
//! or 100,000 items. The window fits the viewport because laying out rows
//! nobody sees is most of what a large table costs a returning visitor's
//! first screen.
//!
//! ```text
//!   ┌ box (70 % of the viewport) ┐
//!   │ spacer: rows 0..first      │  first = (row in view − 25), down to a
//!   │ 25–49 rows drawn above     │          multiple of 25, so small
//!   │ the rows in view           │          scrolls do not redraw
//!   │ 25 rows drawn below        │
//!   │ spacer: rows end..total    │
//!   └────────────────────────────┘
//! ```
//!
//! **The rows' height is measured.** It starts at the estimate [`ROW_PX`];
//! after each draw the rows drawn give their average height, which then
//! sizes the spacers and maps a scroll position to a row. An estimate alone
//! drifts on a table of taller rows (a partition key cell with its keyspace
//! line, a long value wrapped): the rows drawn end above the bottom of the
//! view. How many rows are drawn stays sized by the estimate, so a
//! measurement never changes which rows are drawn, only where: it cannot
//! start another. For the same reason as the measuring, the browser's
//! scroll anchoring is off in the box: the window, not the browser, decides
//! what a scroll position shows.

use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Grids with more rows than this are windowed.
pub const WINDOW_OVER: usize = 500;
/// Rows drawn above the first one in view, and below the last, at least.
const MARGIN_ROWS: usize = 25;
/// The window moves in steps of this many rows, so small scrolls do not
/// redraw; a step leaves up to this many more rows above the view.
const STEP_ROWS: usize = 25;
/// The windowed box's height as a share of the viewport's ([`WINDOW_STYLE`]).
const BOX_SHARE: f64 = 0.7;
/// The most rows a box is taken to show: a bound for whatever height the
/// browser reports.
const MOST_IN_VIEW: usize = 200;
/// The estimated height of a row, in CSS pixels (`table.items` cells with
/// one line): what sizes the window, and the rows' height until they are
/// measured.
pub const ROW_PX: f64 = 34.0;
/// The fewest pixels a row is taken to be: a bound for what is measured.
const LEAST_ROW_PX: f64 = 16.0;

/// The windowed grid's own scroll box. Inline rather than in the style
/// sheet: the window follows this box's scroll position, so it is part of
/// how the grid works, not of how it looks.
pub(crate) const WINDOW_STYLE: &str = "max-height: 70vh; overflow-y: auto; overflow-anchor: none";

/// How many rows a windowed grid draws in a viewport `viewport_height`
/// CSS pixels tall: the rows of [`ROW_PX`] its box shows, the margins above
/// and below, and a step's worth more above.
pub fn window_rows(viewport_height: f64) -> usize {
    let in_view = (viewport_height.max(0.0) * BOX_SHARE / ROW_PX).ceil() as usize;
    in_view.clamp(1, MOST_IN_VIEW) + 2 * MARGIN_ROWS + STEP_ROWS
}

/// The first row to draw for a scroll offset, of `total` rows, in a window
/// of `window` rows `row_px` tall: a multiple of [`STEP_ROWS`].
fn first_row_for(scroll_top: f64, total: usize, window: usize, row_px: f64) -> usize {
    let in_view = (scroll_top.max(0.0) / row_px.max(LEAST_ROW_PX)) as usize;
    let first = in_view.saturating_sub(MARGIN_ROWS) / STEP_ROWS * STEP_ROWS;
    first.min(total.saturating_sub(window))
}

/// The window of rows to draw, `first..end`, of `total` rows, when the
/// scroll position asks for `first_row` and `rows` are drawn.
fn window(total: usize, first_row: usize, rows: usize) -> (usize, usize) {
    if total <= WINDOW_OVER {
        return (0, total);
    }
    let first = first_row.min(total.saturating_sub(rows));
    (first, first.saturating_add(rows).min(total))
}

/// A grid's window ([`use_grid_window`]): where it is, how tall its rows
/// are, and the box it scrolls in.
#[derive(Clone)]
pub(crate) struct GridWindow {
    first_row: UseStateHandle<usize>,
    row_px: UseStateHandle<f64>,
    viewport_height: f64,
    scroller: NodeRef,
}

impl GridWindow {
    fn rows(&self) -> usize {
        window_rows(self.viewport_height)
    }

    /// The rows to draw, `first..end`, of `total`.
    pub(crate) fn range(&self, total: usize) -> (usize, usize) {
        window(total, *self.first_row, self.rows())
    }

    /// Redraws a windowed grid's rows as it scrolls.
    pub(crate) fn on_scroll(&self, total: usize) -> Callback<Event> {
        let (first_row, rows, row_px) = (self.first_row.clone(), self.rows(), *self.row_px);
        Callback::from(move |e: Event| {
            if let Some(element) = e.target_dyn_into::<web_sys::Element>() {
                first_row.set(first_row_for(f64::from(element.scroll_top()), total, rows, row_px));
            }
        })
    }

    /// A spacer row standing for `rows` rows not drawn (nothing for none).
    pub(crate) fn spacer(&self, rows: usize) -> Option<Html> {
        (rows > 0).then(|| {
            let height = (rows as f64 * *self.row_px).round();
            html! {
                <tbody class="grid-spacer" aria-hidden="true">
                    <tr style={format!("height: {height}px")}></tr>
                </tbody>
            }
        })
    }

    /// The box's scroll offset that shows `row` near its top.
    pub(crate) fn scroll_top_for(&self, row: usize) -> i32 {
        let top = (row.saturating_sub(3) as f64 * *self.row_px).round();
        // `as` saturates: a table too tall for an i32 of pixels ends there.
        top as i32
    }

    /// The scroll box's reference, for its `ref`.
    pub(crate) fn scroller(&self) -> NodeRef {
        self.scroller.clone()
    }
}

/// The viewport's height in CSS pixels (a full-HD screen's where the
/// browser gives none).
fn viewport_height() -> f64 {
    web_sys::window().and_then(|w| w.inner_height().ok()).and_then(|h| h.as_f64()).unwrap_or(1080.0)
}

/// The average height of the rows drawn in `scroller`, if it draws any.
fn measured_row_px(scroller: &web_sys::Element) -> Option<f64> {
    let bodies = scroller.query_selector_all("tbody.collection").ok()?;
    let (mut height, mut rows) = (0.0, 0u32);
    for index in 0..bodies.length() {
        let Some(body) = bodies.item(index).and_then(|node| node.dyn_into::<web_sys::HtmlElement>().ok()) else {
            continue;
        };
        height += f64::from(body.offset_height());
        rows = rows.saturating_add(body.child_element_count());
    }
    (rows > 0 && height > 0.0).then(|| (height / f64::from(rows)).max(LEAST_ROW_PX))
}

/// A grid's window. After each draw of a windowed grid its rows' height is
/// measured (a change of a pixel or more draws it again); the window is
/// sized again when the viewport is resized (a phone turned, a window moved
/// to the projector).
#[hook]
pub(crate) fn use_grid_window() -> GridWindow {
    let first_row = use_state_eq(|| 0usize);
    let row_px = use_state_eq(|| ROW_PX);
    let viewport = use_state_eq(viewport_height);
    let scroller = use_node_ref();
    {
        let viewport = viewport.clone();
        use_effect_with((), move |()| {
            let resized = web_sys::window()
                .map(|window| EventListener::new(&window, "resize", move |_| viewport.set(viewport_height())));
            move || drop(resized)
        });
    }
    {
        let (scroller, row_px) = (scroller.clone(), row_px.clone());
        use_effect(move || {
            let windowed = scroller
                .cast::<web_sys::Element>()
                .filter(|e| e.class_name().split_whitespace().any(|class| class == "windowed"));
            // Measured in a task of its own, so that the browser lays the
            // page out when it draws it rather than here, for the measuring.
            let measure = windowed.map(|windowed| {
                Timeout::new(0, move || {
                    if let Some(measured) = measured_row_px(&windowed) {
                        if (measured - *row_px).abs() >= 1.0 {
                            row_px.set(measured.round());
                        }
                    }
                })
            });
            move || drop(measure)
        });
    }
    GridWindow { first_row, row_px, viewport_height: *viewport, scroller }
}
