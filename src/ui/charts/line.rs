//! Values per second over a run: one line per series, an optional
//! horizontal reference (what is provisioned), the x axis spanning the
//! whole run from its first second and the y axis from 0 with round ticks.
//!
//! ```text
//!   WCU per second
//!   10,000 ┤- - - - - - - - - - - - -   reference (dashed)
//!    5,000 ┤
//!        0 ┼━━━━━━━━━━━━━━━━━━━━━━━━   series, each second at its middle
//!          0   10   20   30  time (s)
//! ```
//!
//! Each second (or few seconds, on a long run) is a column a reader can
//! point at or reach with the keyboard ([`focus`](super::focus)): it names
//! every series' value there.

use yew::prelude::*;

use super::axis::{second_ticks, value_ticks};
use super::focus::{on_key, show_in_readout};
use crate::page_model::cost::units;
use crate::page_model::format::two_decimals;
use crate::ui::language::{Lang, Msg};

/// Most columns a reader can point at: longer runs are binned.
const MAX_COLUMNS: usize = 120;
/// The plot's width and the margins around it, in SVG units.
const PLOT_WIDTH: f64 = 480.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 24.0;
const BOTTOM: f64 = 36.0;
const MOST_TICKS: u64 = 8;

/// One line: its name in the legend and the hover texts, its CSS class
/// (its colour), a value per second from the run's first, and the unit
/// its values are spelled with ("" for a count).
pub struct Series<'a> {
    pub name: String,
    pub class: &'static str,
    pub values: &'a [f64],
    pub unit: &'static str,
}

/// A horizontal line: its legend entry, its CSS class, its value.
pub struct Reference {
    pub name: String,
    pub class: &'static str,
    pub value: f64,
}

/// What a line chart draws.
pub struct LineInput<'a> {
    pub series: Vec<Series<'a>>,
    pub reference: Option<Reference>,
    /// Seconds simulated so far, and of the whole run (the x axis).
    pub done: u32,
    pub seconds: u32,
    /// The y axis's title, with its unit: "WCU per second".
    pub axis: String,
    /// The plot's height in SVG units (its width is 480).
    pub height: f64,
    /// The chart's summary: its accessible name.
    pub label: String,
}

/// A value as the hover texts spell it: "1,000 WCU", "500".
fn spelled(lang: Lang, value: f64, unit: &str) -> String {
    let number = lang.figure(&two_decimals(value));
    if unit.is_empty() {
        number
    } else {
        format!("{number} {unit}")
    }
}

/// The line chart as a figure: `caption`, the SVG (its id `id`), its
/// readout and its legend.
pub fn line_chart(id: &str, caption: Html, input: &LineInput, lang: Lang) -> Html {
    let seconds = (input.seconds as usize).max(1);
    let done = (input.done as usize).min(seconds);
    let height = input.height.max(20.0);
    let values = || input.series.iter().flat_map(|s| s.values.iter().copied());
    let low = values().fold(0.0, f64::min);
    let high = values().chain(input.reference.as_ref().map(|r| r.value)).fold(0.0, f64::max).max(1.0) * 1.05;
    let x_of = |second: f64| LEFT + second / seconds as f64 * PLOT_WIDTH;
    let y_of = |value: f64| TOP + height - (value - low) / (high - low) * height;
    let bottom = TOP + height;
    let lines = input.series.iter().map(|s| {
        let points: Vec<String> = s
            .values
            .iter()
            .take(seconds)
            .enumerate()
            .map(|(i, v)| format!("{:.2},{:.2}", x_of(i as f64 + 0.5), y_of(*v)))
            .collect();
        html! { <polyline class={classes!("chart-line", s.class)} points={points.join(" ")} /> }
    });
    let reference = input.reference.as_ref().map(|r| {
        let y = format!("{:.2}", y_of(r.value));
        html! {
            <line class={classes!("chart-reference", r.class)} x1={format!("{LEFT}")} x2={format!("{}", LEFT + PLOT_WIDTH)}
                y1={y.clone()} y2={y} />
        }
    });
    // The columns a reader points at: each names every series' mean there.
    let bin = seconds.div_ceil(MAX_COLUMNS).max(1);
    let done_columns = done.div_ceil(bin);
    let columns = (0..done_columns).map(|col| {
        let from = col * bin;
        let to = (from + bin).min(seconds);
        let mut parts = vec![lang.tr().chart_seconds(from, to)];
        for s in &input.series {
            let slice = s.values.get(from..to.min(s.values.len())).unwrap_or_default();
            if !slice.is_empty() {
                let mean = slice.iter().sum::<f64>() / slice.len() as f64;
                parts.push(format!("{} {}", s.name, spelled(lang, mean, s.unit)));
            }
        }
        if let Some(r) = &input.reference {
            parts.push(r.name.clone());
        }
        let text = parts.join(" · ");
        html! {
            <rect class="chart-column" data-row="0" data-col={col.to_string()}
                tabindex={if col + 1 == done_columns { "0" } else { "-1" }} role="img" aria-label={text.clone()}
                x={format!("{:.2}", x_of(from as f64))} y={format!("{TOP}")}
                width={format!("{:.2}", x_of(to as f64) - x_of(from as f64))} height={format!("{height:.1}")}>
                <title>{ text }</title>
            </rect>
        }
    });
    let x_ticks = second_ticks(seconds as u64, MOST_TICKS).into_iter().map(|t| {
        let x = format!("{:.2}", x_of(t as f64));
        html! {
            <g class="chart-tick">
                <line x1={x.clone()} x2={x.clone()} y1={format!("{bottom:.1}")} y2={format!("{:.1}", bottom + 4.0)} />
                <text class="chart-tick-label" x={x} y={format!("{:.1}", bottom + 15.0)} text-anchor="middle">{ lang.count(t) }</text>
            </g>
        }
    });
    let y_ticks = value_ticks(high, (height / 28.0).clamp(3.0, 5.0) as usize).into_iter().map(|v| {
        let y = format!("{:.2}", y_of(v));
        html! {
            <g class="chart-tick">
                <line class="chart-grid" x1={format!("{LEFT}")} x2={format!("{}", LEFT + PLOT_WIDTH)} y1={y.clone()} y2={y.clone()} />
                <text class="chart-tick-label" x={format!("{:.1}", LEFT - 4.0)} y={y} text-anchor="end"
                    dominant-baseline="middle">{ lang.figure(&units(v)) }</text>
            </g>
        }
    });
    let cursor = (done < seconds).then(|| {
        let x = format!("{:.2}", x_of(done as f64));
        html! { <line class="heat-now" x1={x.clone()} x2={x} y1={format!("{TOP}")} y2={format!("{bottom:.1}")} /> }
    });
    let legend = input
        .series
        .iter()
        .map(|s| (s.name.clone(), s.class, "legend-line"))
        .chain(input.reference.as_ref().map(|r| (r.name.clone(), r.class, "legend-line dashed")))
        .map(|(name, class, kind)| {
            html! {
                <span class="legend-item"><span class={classes!(kind.to_string(), class)} aria-hidden="true"></span>{ name }</span>
            }
        });
    html! {
        <figure class="lab-figure chart line-figure">
            <figcaption>{ caption }</figcaption>
            <svg class="line-chart" id={id.to_string()} data-seconds={input.done.to_string()}
                viewBox={format!("0 0 {} {:.1}", LEFT + PLOT_WIDTH + RIGHT, bottom + BOTTOM)} role="group"
                aria-label={input.label.clone()}
                onkeydown={on_key(1, done_columns)} onfocusin={|e: FocusEvent| show_in_readout(&e)}
                onmouseover={|e: MouseEvent| show_in_readout(&e)}>
                <g class="chart-axis" aria-hidden="true">
                    { for y_ticks }
                    <line class="chart-axis-line" x1={format!("{LEFT}")} x2={format!("{}", LEFT + PLOT_WIDTH)}
                        y1={format!("{bottom:.1}")} y2={format!("{bottom:.1}")} />
                    <line class="chart-axis-line" x1={format!("{LEFT}")} x2={format!("{LEFT}")}
                        y1={format!("{TOP}")} y2={format!("{bottom:.1}")} />
                    { for x_ticks }
                    <text class="chart-axis-title" x={format!("{LEFT}")} y="15">{ input.axis.clone() }</text>
                    <text class="chart-axis-title" x={format!("{}", LEFT + PLOT_WIDTH / 2.0)} y={format!("{:.1}", bottom + 31.0)}
                        text-anchor="middle">{ lang.t(Msg::ChartTimeAxis) }</text>
                </g>
                { reference }
                { for lines }
                { cursor }
                { for columns }
            </svg>
            <p class="chart-readout" aria-hidden="true" data-hint={lang.t(Msg::ChartHint)}></p>
            <p class="chart-legend">{ for legend }</p>
        </figure>
    }
}
