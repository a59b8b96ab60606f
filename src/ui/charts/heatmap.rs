//! Partition × time heatmap: one row per partition, one column per second
//! (or per few seconds, on a long run), the x axis spanning the whole run
//! from its first second so a run under way fills it from the left.
//!
//! ```text
//!   partition                                       cell: fill = consumed per second
//!     P1 │░░▒▒▓▓██▓▓▒▒                                    ÷ the partition's limit
//!     P2 │████████████  ◄ red lower half: throttled       (blue, darker is more)
//!        └──┬────┬────┬──                                 lower half red when any
//!           0   10   20   time (s)                        request was throttled
//! ```
//!
//! A cell shows consumption and throttling together, so a throttled
//! partition that did consume its 1,000 WCU reads as full blue over red.
//! Each cell names its values as [`focus`](super::focus) describes; the
//! cell in the tab order is the first throttled one.

use yew::prelude::*;

use super::axis::second_ticks;
use super::focus::{on_key, show_in_readout};
use crate::engine::throttling::ThrottleCounts;
use crate::engine::throughput::PartitionSample;
use crate::page_model::cost::units;
use crate::page_model::format::two_decimals;
use crate::ui::language::{Lang, Msg};

/// Most columns: longer runs are binned.
const MAX_COLUMNS: usize = 120;
/// The plot's width and the margins around it, in SVG units.
const PLOT_WIDTH: f64 = 480.0;
const LEFT: f64 = 50.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 22.0;
const BOTTOM: f64 = 36.0;
/// The height of all rows together, and the bounds of one row's.
const ROWS_HEIGHT: f64 = 260.0;
const ROW_MIN: f64 = 5.0;
const ROW_MAX: f64 = 28.0;
/// Most labelled rows and time ticks.
const MOST_ROW_LABELS: usize = 16;
const MOST_TICKS: u64 = 8;

/// What a heatmap draws.
pub struct HeatmapInput<'a> {
    pub samples: &'a [PartitionSample],
    /// Engine second the run started at (the x axis's origin).
    pub start_second: u64,
    /// Seconds simulated so far.
    pub done: u32,
    /// Seconds of the whole run: the x axis spans all of it.
    pub seconds: u32,
    /// Rows.
    pub partitions: usize,
    /// One partition's limit in units per second (1,000 WCU, 3,000 RCU),
    /// for the colour scale and the legend, when known; otherwise the
    /// busiest cell is the darkest.
    pub limit: Option<f64>,
    /// "RCU", "WCU" or "units".
    pub unit: &'static str,
}

/// One cell: units consumed, requests throttled and why, over its seconds.
#[derive(Clone, Default)]
struct Cell {
    consumed: f64,
    throttled: u64,
    reasons: ThrottleCounts,
}

/// A cell's hover text and accessible name: partition, seconds, consumed,
/// throttled, the share of the limit, and the throttling reasons
/// (DynamoDB's codes).
fn cell_text(lang: Lang, partition: usize, (from, to): (usize, usize), cell: &Cell, share: Option<f64>) -> String {
    let mut text = lang.tr().heat_cell(partition, from, to, &lang.figure(&two_decimals(cell.consumed)), cell.throttled);
    if let Some(share) = share {
        text = format!("{text} · {}", lang.tr().heat_share(&lang.figure(&units((share * 100.0).round()))));
    }
    let codes: Vec<String> = cell.reasons.by_reason(false).into_iter().map(|(reason, _)| reason).collect();
    if !codes.is_empty() {
        text = format!("{text} · {}", codes.join(", "));
    }
    text
}

/// The heatmap as a figure: caption, the SVG (its id `id`, with
/// `data-throttled-cells` and `data-seconds` for tests), its readout, a
/// table of each partition's totals for screen readers, and its legend.
pub fn heatmap(id: &str, input: &HeatmapInput, lang: Lang) -> Html {
    let seconds = (input.seconds as usize).max(1);
    let done = (input.done as usize).min(seconds);
    let bin = seconds.div_ceil(MAX_COLUMNS).max(1);
    let columns = seconds.div_ceil(bin);
    let rows = input.partitions.max(1);
    let mut cells = vec![Cell::default(); rows * columns];
    for s in input.samples {
        let rel = s.second.saturating_sub(input.start_second) as usize;
        let (col, row) = (rel / bin, s.partition);
        if col < columns && row < rows {
            if let Some(cell) = cells.get_mut(row * columns + col) {
                cell.consumed += s.consumed_read + s.consumed_write;
                cell.throttled += s.throttled_reads + s.throttled_writes;
                cell.reasons.merge(&s.throttles);
            }
        }
    }
    // A cell's seconds (a run under way has simulated part of the last).
    let span = |col: usize| {
        let from = col * bin;
        (from, (from + bin).min(seconds), (from + bin).min(done).saturating_sub(from).max(1))
    };
    let per_second = |i: usize, cell: &Cell| cell.consumed / span(i % columns).2 as f64;
    let scale = input
        .limit
        .filter(|l| *l > 0.0)
        .unwrap_or_else(|| cells.iter().enumerate().map(|(i, c)| per_second(i, c)).fold(0.0, f64::max))
        .max(1e-9);
    let max_throttled = cells.iter().map(|c| c.throttled).max().unwrap_or(0).max(1) as f64;
    let row_height = (ROWS_HEIGHT / rows as f64).clamp(ROW_MIN, ROW_MAX);
    let height = rows as f64 * row_height;
    let x_of = |second: usize| LEFT + second as f64 / seconds as f64 * PLOT_WIDTH;
    let done_columns = done.div_ceil(bin);
    let throttled_cells = cells.iter().filter(|c| c.throttled > 0).count();
    // The cell in the tab order: the first throttled one, else the first.
    let entry = cells.iter().position(|c| c.throttled > 0).unwrap_or(0);
    let marks = cells.iter().enumerate().filter(|(i, _)| i % columns < done_columns).map(|(i, cell)| {
        let (row, col) = (i / columns, i % columns);
        let (from, to, _) = span(col);
        let share = per_second(i, cell) / scale;
        let throttled = cell.throttled > 0;
        let (x, y, w) = (x_of(from), TOP + row as f64 * row_height, x_of(to) - x_of(from));
        let text = cell_text(lang, row + 1, (from, to), cell, input.limit.map(|_| share));
        let marker = throttled.then(|| {
            let opacity = 0.55 + 0.45 * (cell.throttled as f64 / max_throttled);
            html! {
                <rect class="heat-throttle" x={format!("{x:.2}")} y={format!("{:.2}", y + row_height / 2.0)}
                    width={format!("{w:.2}")} height={format!("{:.2}", row_height / 2.0)}
                    fill-opacity={format!("{opacity:.2}")} />
            }
        });
        // Keyed, so a cell keeps its node (and the focus) while a run
        // under way adds columns before it in the list.
        html! {
            <g key={i}>
                <rect class={classes!("heat-cell", throttled.then_some("throttled"))}
                    data-row={row.to_string()} data-col={col.to_string()}
                    tabindex={if i == entry { "0" } else { "-1" }} role="img" aria-label={text.clone()}
                    x={format!("{x:.2}")} y={format!("{y:.2}")} width={format!("{w:.2}")} height={format!("{row_height:.2}")}
                    fill-opacity={format!("{:.2}", 0.06 + 0.94 * share.clamp(0.0, 1.0))}>
                    <title>{ text }</title>
                </rect>
                { marker }
            </g>
        }
    });
    let every = rows.div_ceil(MOST_ROW_LABELS).max((9.0 / row_height).ceil() as usize).max(1);
    let row_labels = (0..rows).filter(|r| r % every == 0).map(|r| {
        let y = TOP + r as f64 * row_height + row_height / 2.0;
        html! {
            <text class="chart-tick-label" x={format!("{:.1}", LEFT - 4.0)} y={format!("{y:.1}")}
                text-anchor="end" dominant-baseline="middle">{ format!("P{}", r + 1) }</text>
        }
    });
    let bottom = TOP + height;
    let ticks = second_ticks(seconds as u64, MOST_TICKS).into_iter().map(|t| {
        let x = format!("{:.2}", x_of(t as usize));
        html! {
            <g class="chart-tick">
                <line x1={x.clone()} x2={x.clone()} y1={format!("{bottom:.1}")} y2={format!("{:.1}", bottom + 4.0)} />
                <text class="chart-tick-label" x={x} y={format!("{:.1}", bottom + 15.0)} text-anchor="middle">{ lang.count(t) }</text>
            </g>
        }
    });
    // The "now" line of a run under way.
    let cursor = (done < seconds).then(|| {
        let x = format!("{:.2}", x_of(done));
        html! { <line class="heat-now" x1={x.clone()} x2={x} y1={format!("{TOP}")} y2={format!("{bottom:.1}")} /> }
    });
    let summary = lang.tr().heatmap_label(rows, input.done, seconds, throttled_cells);
    let legend_limit = input.limit.map(|l| lang.figure(&units(l)));
    // The text alternative: each partition's totals, for a screen reader's
    // table navigation (hidden from sight; the chart shows the same).
    let totals = (0..rows).map(|row| {
        let row_cells = cells.get(row * columns..(row + 1) * columns).unwrap_or_default();
        let consumed: f64 = row_cells.iter().map(|c| c.consumed).sum();
        let throttled: u64 = row_cells.iter().map(|c| c.throttled).sum();
        html! {
            <tr>
                <th scope="row">{ format!("P{}", row + 1) }</th>
                <td>{ lang.figure(&two_decimals(consumed)) }</td>
                <td>{ lang.count(throttled) }</td>
            </tr>
        }
    });
    html! {
        <figure class="lab-figure chart heatmap-figure">
            <figcaption>{ lang.tr().heatmap_caption(bin) }</figcaption>
            <svg class="heatmap" id={id.to_string()} data-throttled-cells={throttled_cells.to_string()}
                data-seconds={input.done.to_string()}
                viewBox={format!("0 0 {} {:.1}", LEFT + PLOT_WIDTH + RIGHT, bottom + BOTTOM)} role="group"
                aria-label={summary.clone()}
                onkeydown={on_key(rows, done_columns)} onfocusin={|e: FocusEvent| show_in_readout(&e)}
                onmouseover={|e: MouseEvent| show_in_readout(&e)}>
                <rect class="heat-bg" x={format!("{LEFT}")} y={format!("{TOP}")} width={format!("{PLOT_WIDTH}")}
                    height={format!("{height:.1}")} />
                { for marks }
                { cursor }
                <g class="chart-axis" aria-hidden="true">
                    <line class="chart-axis-line" x1={format!("{LEFT}")} x2={format!("{}", LEFT + PLOT_WIDTH)}
                        y1={format!("{bottom:.1}")} y2={format!("{bottom:.1}")} />
                    { for ticks }
                    <text class="chart-axis-title" x={format!("{}", LEFT + PLOT_WIDTH / 2.0)} y={format!("{:.1}", bottom + 31.0)}
                        text-anchor="middle">{ lang.t(Msg::ChartTimeAxis) }</text>
                    { for row_labels }
                    <text class="chart-axis-title" x="2" y="14">{ lang.t(Msg::ChartPartitionAxis) }</text>
                </g>
            </svg>
            <p class="chart-readout" aria-hidden="true" data-hint={lang.t(Msg::ChartHint)}></p>
            // A table ignores a 1 px width: its wrapper is what hides it.
            <div class="visually-hidden"><table>
                <caption>{ summary.clone() }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ lang.t(Msg::ChartPartitionAxis) }</th>
                        <th scope="col">{ format!("{} ({})", lang.t(Msg::Consumed), input.unit) }</th>
                        <th scope="col">{ lang.t(Msg::ColThrottled) }</th>
                    </tr>
                </thead>
                <tbody>{ for totals }</tbody>
            </table></div>
            <p class="chart-legend">
                <span class="legend-item"><span class="legend-ramp" aria-hidden="true"></span>
                    { lang.tr().heat_legend_consumed(legend_limit.as_deref(), input.unit) }</span>
                <span class="legend-item"><span class="legend-swatch throttled" aria-hidden="true"></span>
                    { lang.t(Msg::HeatLegendThrottled) }</span>
            </p>
        </figure>
    }
}
