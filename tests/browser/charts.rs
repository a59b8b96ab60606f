//! The hot-key lab's charts as a lecturer points at them: axes with ticks
//! and units spanning the run, legends, heatmap cells that show consumption
//! and throttling together, every value reachable with the keyboard, and a
//! summary of each chart as its accessible name.

use crate::dom::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{Element, KeyboardEvent, KeyboardEventInit};

/// The texts of the elements `selector` matches.
fn texts(page: &Page, selector: &str) -> Vec<String> {
    page.find_all(selector).iter().map(|e| e.text_content().unwrap_or_default()).collect()
}

fn active() -> Element {
    web_sys::window().unwrap().document().unwrap().active_element().unwrap()
}

/// Focuses an SVG element (web-sys binds `focus` on `HtmlElement`, which
/// refuses an SVG element).
fn focus(element: &Element) {
    let function: js_sys::Function =
        js_sys::Reflect::get(element, &JsValue::from_str("focus")).unwrap().dyn_into().unwrap();
    function.call0(element).unwrap();
}

/// Presses `key` on the focused element.
async fn press(key: &str) {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    active().dispatch_event(&event).unwrap();
    settle().await;
}

fn label(element: &Element) -> String {
    element.get_attribute("aria-label").unwrap_or_default()
}

#[wasm_bindgen_test]
async fn lab_charts_have_axes_legends_and_values_on_focus() {
    let page = mount().await;
    page.click("#tab-partitions").await;
    page.choose("#lab-speed", "max").await;
    page.click("#lab-run").await;
    lab_finished(&page).await;
    let ten_to_sixty: Vec<String> = (0..=6).map(|t| (t * 10).to_string()).collect();

    // The heatmap: the time axis spans the 60 s run, one row per partition.
    assert_eq!(texts(&page, "#lab-before-heatmap .chart-tick .chart-tick-label"), ten_to_sixty);
    assert_eq!(texts(&page, "#lab-before-heatmap .chart-axis-title"), ["time (s)", "partition"]);
    let rows = texts(&page, "#lab-before-heatmap > .chart-axis > .chart-tick-label");
    assert_eq!(rows.first().map(String::as_str), Some("P1"));
    assert_eq!(rows.last().map(String::as_str), Some("P14"));
    let legend = page.text("#lab-before .heatmap-figure .chart-legend");
    assert!(legend.contains("blue: consumed per second, from 0 to 1,000 WCU (one partition's limit)"), "{legend}");
    assert!(legend.contains("red lower half: requests throttled"), "{legend}");
    assert_eq!(page.find_all("#lab-before .heatmap-figure .legend-swatch.throttled").len(), 1);

    // A throttled cell shows both: the partition consumed all of its
    // 1,000 WCU (full blue), and a red lower half for the throttles.
    let cell = page.find("#lab-before-heatmap rect.heat-cell.throttled");
    assert_eq!(cell.get_attribute("fill-opacity").as_deref(), Some("1.00"));
    let marker = cell.next_element_sibling().unwrap();
    assert_eq!(marker.get_attribute("class").as_deref(), Some("heat-throttle"));
    assert!(
        label(&cell).contains(" · s 0–1 · consumed 1,000 · throttled 500 · 100% of the partition's limit"),
        "{}",
        label(&cell)
    );

    // Its text alternative: each partition's totals in a table.
    let totals = page.find_all("#lab-before .heatmap-figure .visually-hidden table tbody tr");
    assert_eq!(totals.len(), 14);
    let hot = totals.iter().filter_map(|tr| tr.text_content()).find(|t| t.ends_with("60,00030,000"));
    assert!(hot.is_some(), "the hot partition: 60,000 WCU consumed, 30,000 throttled");

    // The keyboard reaches it: it is the heatmap's one cell in the tab order,
    // and the arrow keys, Home and End move along the run and the partitions.
    let entry = page.find_all("#lab-before-heatmap [tabindex='0']");
    assert_eq!(entry.len(), 1);
    let entry = entry.into_iter().next().unwrap();
    assert_eq!(label(&entry), label(&cell));
    let row: usize = entry.get_attribute("data-row").unwrap().parse().unwrap();
    focus(&entry);
    assert_eq!(label(&active()), label(&entry));
    press("ArrowRight").await;
    assert!(label(&active()).contains(" · s 1–2 · consumed 1,000 · throttled 500"), "{}", label(&active()));
    // The readout under the chart spells out what has the focus.
    assert_eq!(page.text("#lab-before .heatmap-figure .chart-readout"), label(&active()));
    press("End").await;
    assert!(label(&active()).contains(" · s 59–60 · "), "{}", label(&active()));
    press("Home").await;
    assert_eq!(active().get_attribute("data-col").as_deref(), Some("0"));
    press(if row == 0 { "ArrowDown" } else { "ArrowUp" }).await;
    let other = label(&active());
    assert!(!other.starts_with(&format!("P{} ", row + 1)), "another partition: {other}");
    assert!(other.contains("throttled 0 · 0% of the partition's limit"), "the cold partitions: {other}");

    // Consumed vs provisioned vs throttled: both axes with ticks and units.
    assert_eq!(texts(&page, "#lab-before-timeline g.chart-tick .chart-tick-label").len(), 3 + 7);
    let y_ticks = texts(&page, "#lab-before-timeline g.chart-tick:has(.chart-grid) .chart-tick-label");
    assert_eq!(y_ticks, ["0", "5,000", "10,000"]);
    assert_eq!(texts(&page, "#lab-before-timeline .chart-axis-title"), ["WCU per second", "time (s)"]);
    assert_eq!(
        texts(&page, "#lab-before-timeline ~ .chart-legend .legend-item"),
        ["consumed", "throttled requests", "provisioned (10,000 WCU)"]
    );
    assert_eq!(
        label(&page.find("#lab-before-timeline")),
        "Consumed, provisioned and throttled per second, 60 of 60 seconds: at most 1,000 WCU consumed in a second, 30,000 requests throttled"
    );
    // Its last second is in the tab order; Home goes to the first.
    let last = page.find("#lab-before-timeline [tabindex='0']");
    assert!(label(&last).starts_with("s 59–60 · consumed 1,000 WCU · throttled requests 500"), "{}", label(&last));
    focus(&last);
    press("Home").await;
    assert_eq!(label(&active()), "s 0–1 · consumed 1,000 WCU · throttled requests 500 · provisioned (10,000 WCU)");

    // The burst bucket: its axis in tokens, its summary.
    assert_eq!(texts(&page, "#lab-before-burst .chart-axis-title"), ["tokens", "time (s)"]);
    assert!(
        label(&page.find("#lab-before-burst")).starts_with("Burst bucket of P"),
        "{}",
        label(&page.find("#lab-before-burst"))
    );

    // Each chart is as wide as its column: presenter mode's wider columns draw it larger.
    for id in ["#lab-before-heatmap", "#lab-before-timeline", "#lab-before-burst"] {
        let svg = page.find(id);
        let figure = svg.parent_element().unwrap();
        let (svg_width, column) = (svg.client_width() as f64, figure.client_width() as f64);
        assert!(svg_width > 0.0 && (svg_width - column).abs() <= 3.0, "{id}: {svg_width} of {column}");
    }
}
