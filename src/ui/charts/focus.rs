//! How a reader reaches a chart's values: every mark (a heatmap cell, a
//! line chart's second) names its values in its hover title and its
//! accessible name; one mark per chart is in the tab order and the arrow
//! keys, Home and End move from mark to mark (`data-row`, `data-col`);
//! the mark pointed at or focused is spelled out under the chart, in its
//! readout, for those who read rather than listen.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, Event};
use yew::prelude::*;

/// Calls an SVG element's `focus()`: web-sys binds it on `SvgElement`,
/// which the build does not enable, and `HtmlElement`'s refuses an SVG
/// element.
fn focus(element: &Element) {
    if let Ok(function) = js_sys::Reflect::get(element, &JsValue::from_str("focus")) {
        if let Ok(function) = function.dyn_into::<js_sys::Function>() {
            let _ = function.call0(element);
        }
    }
}

/// The chart a mark belongs to: its `<svg>`. (Not the event's
/// `currentTarget`: Yew listens once at the page's root.)
fn chart_of(mark: &Element) -> Option<Element> {
    mark.closest("svg").ok().flatten()
}

/// The arrow keys, Home and End move the focus between the marks of a
/// `rows` × `columns` grid.
pub fn on_key(rows: usize, columns: usize) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let Some(mark) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        let at = |name: &str| mark.get_attribute(name).and_then(|v| v.parse::<usize>().ok());
        let (Some(row), Some(col)) = (at("data-row"), at("data-col")) else { return };
        let (row, col) = match e.key().as_str() {
            "ArrowLeft" => (row, col.saturating_sub(1)),
            "ArrowRight" => (row, (col + 1).min(columns.saturating_sub(1))),
            "ArrowUp" => (row.saturating_sub(1), col),
            "ArrowDown" => ((row + 1).min(rows.saturating_sub(1)), col),
            "Home" => (row, 0),
            "End" => (row, columns.saturating_sub(1)),
            _ => return,
        };
        e.prevent_default();
        let selector = format!("[data-row=\"{row}\"][data-col=\"{col}\"]");
        if let Some(next) = chart_of(&mark).and_then(|svg| svg.query_selector(&selector).ok().flatten()) {
            focus(&next);
        }
    })
}

/// Writes the accessible name of the mark an event reached into the
/// readout beside the chart (the SVG's next sibling `.chart-readout`).
/// The readout is the page's own echo of what a screen reader already
/// says, so it is `aria-hidden`; Yew draws it empty (its hint is its
/// `data-hint`, shown by CSS while it is empty), so the text written here
/// is no node Yew keeps.
pub fn show_in_readout(e: &Event) {
    let Some(mark) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
    let Some(text) = mark.get_attribute("aria-label").filter(|_| mark.has_attribute("data-col")) else { return };
    if let Some(readout) = chart_of(&mark).and_then(|svg| svg.next_element_sibling()) {
        readout.set_text_content(Some(&text));
    }
}
