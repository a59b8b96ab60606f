//! The hot-key lab's charts, drawn from a [`LabView`] as plain SVG: the
//! partition × time heatmap, consumed vs provisioned vs throttled per
//! second, the hottest partition's burst bucket, the lab table's keyspace
//! (where splits for heat appear), and the top keys.
//!
//! The heatmap is the reusable [`charts::heatmap`](mod@crate::ui::charts::heatmap).
//! Charts are laid out for the whole run from the first second, so a run
//! under way fills them from left to right.

use yew::prelude::*;

use super::lab_run::{LabView, RECENT_SECONDS};
use crate::engine::ordered;
use crate::engine::partition::{PARTITION_MAX_RCU, PARTITION_MAX_WCU};
use crate::engine::sim::WorkloadReport;
use crate::engine::throttling::{reason_name, LimitType};
use crate::engine::throughput::Access;
use crate::page_model::format::two_decimals;
use crate::ui::charts::{heatmap, line_chart, HeatmapInput, LineInput, Reference, Series};
use crate::ui::cost::{units, UnitNames};
use crate::ui::language::{Lang, Msg};

/// The heatmap of a run: its partitions' samples, scaled to one
/// partition's limit of the unit the run consumes.
fn heatmap_input(view: &LabView) -> HeatmapInput<'_> {
    let limit = if view.unit == UnitNames::PROVISIONED.read { PARTITION_MAX_RCU } else { PARTITION_MAX_WCU };
    HeatmapInput {
        samples: &view.report.partitions,
        start_second: view.report.start_second,
        done: view.done,
        seconds: view.seconds,
        partitions: view.partitions,
        limit: Some(limit),
        unit: view.unit,
    }
}

/// Consumed vs provisioned vs throttled per second, and the hottest
/// partition's burst bucket.
fn timeline(class: &str, view: &LabView, lang: Lang) -> Html {
    let per_second = &view.report.per_second;
    let consumed: Vec<f64> = per_second.iter().map(|s| s.consumed_read + s.consumed_write).collect();
    let throttled: Vec<f64> = per_second.iter().map(|s| s.throttled as f64).collect();
    // The partition that throttled most (or consumed most) and its bucket.
    let mut by_partition = vec![(0u64, 0.0f64); view.partitions];
    for s in &view.report.partitions {
        if let Some(p) = by_partition.get_mut(s.partition) {
            p.0 += s.throttled_reads + s.throttled_writes;
            p.1 += s.consumed_read + s.consumed_write;
        }
    }
    let hottest = by_partition
        .iter()
        .enumerate()
        .max_by(|a, b| (a.1 .0, a.1 .1).partial_cmp(&(b.1 .0, b.1 .1)).unwrap_or(std::cmp::Ordering::Equal))
        .map(|(i, _)| i)
        .unwrap_or(0);
    let mut burst = vec![0.0f64; per_second.len()];
    let mut last = view.share * 300.0;
    let mut samples: Vec<_> = view.report.partitions.iter().filter(|s| s.partition == hottest).collect();
    ordered::sort_by_key(&mut samples, |s| s.second);
    let mut next = samples.iter().peekable();
    for (i, slot) in burst.iter_mut().enumerate() {
        let second = view.report.start_second + i as u64;
        while let Some(s) = next.peek() {
            if s.second <= second {
                last = s.write_tokens + s.read_tokens;
                next.next();
            } else {
                break;
            }
        }
        *slot = last;
    }
    let spell = |x: f64| lang.figure(&two_decimals(x));
    let start = view.share * 300.0;
    let level = burst.last().copied().unwrap_or(start);
    let lowest = burst.iter().copied().fold(start, f64::min);
    let peak = consumed.iter().copied().fold(0.0, f64::max);
    let provisioned = lang.tr().provisioned_line(view.provisioned as u64, view.unit);
    let usage = LineInput {
        series: vec![
            Series { name: lang.t(Msg::Consumed).into(), class: "consumed", values: &consumed, unit: view.unit },
            Series { name: lang.t(Msg::ThrottledRequests).into(), class: "throttled", values: &throttled, unit: "" },
        ],
        reference: Some(Reference { name: provisioned.clone(), class: "provisioned", value: view.provisioned }),
        done: view.done,
        seconds: view.seconds,
        axis: lang.tr().per_second(view.unit),
        height: 150.0,
        label: lang.tr().timeline_label(view.done, view.seconds, &spell(peak), view.unit, view.report.throttled),
    };
    let bucket = LineInput {
        series: vec![Series { name: lang.t(Msg::ChartTokens).into(), class: "burst", values: &burst, unit: "" }],
        reference: None,
        done: view.done,
        seconds: view.seconds,
        axis: lang.t(Msg::ChartTokens).into(),
        height: 100.0,
        label: lang.tr().burst_label(hottest + 1, &spell(start), &spell(lowest), &spell(level)),
    };
    let usage_caption = html! {
        <>
            { lang.t(Msg::Consumed) }{ lang.t(Msg::Versus) }{ provisioned.clone() }{ lang.t(Msg::Versus) }
            { lang.t(Msg::ThrottledRequests) }{ lang.t(Msg::PerSecondTotals) }
        </>
    };
    let bucket_caption = html! { { lang.tr().burst_bucket(hottest + 1, &spell(level)) } };
    html! {
        <>
            { line_chart(&format!("{class}-timeline"), usage_caption, &usage, lang) }
            { line_chart(&format!("{class}-burst"), bucket_caption, &bucket, lang) }
        </>
    }
}

/// The lab table's keyspace: its partitions, with the boundaries that
/// splits for heat added during the run marked (and animated as they
/// appear, unless the reader prefers reduced motion).
fn keyspace(id: &str, view: &LabView, lang: Lang) -> Html {
    let initial = &view.initial;
    let x_of = |position: u64| position as f64 / u64::MAX as f64 * 1000.0;
    let parts = view.ranges.iter().enumerate().map(|(i, (start, end))| {
        let x = x_of(*start);
        let w = (x_of(*end) - x).max(0.5);
        let class = classes!("pm-part", if i % 2 == 0 { "even" } else { "odd" }, (!initial.contains(start)).then_some("pm-new"));
        html! { <rect key={format!("p{start}")} {class} x={format!("{x:.2}")} y="0" width={format!("{w:.2}")} height="30" /> }
    });
    let boundaries = view.ranges.iter().skip(1).map(|(start, _)| {
        let x = format!("{:.2}", x_of(*start));
        let split = !initial.contains(start);
        html! {
            <line key={format!("b{start}")} class={classes!("pm-boundary", split.then_some("pm-new"))}
                x1={x.clone()} x2={x} y1="0" y2="30" />
        }
    });
    let splits = view.ranges.iter().filter(|(start, _)| !initial.contains(start)).count();
    html! {
        <figure class="lab-figure">
            <figcaption>{ lang.tr().lab_keyspace(view.ranges.len(), splits) }</figcaption>
            <svg class="pm-band lab-band" id={id.to_string()} data-partitions={view.ranges.len().to_string()}
                viewBox="0 0 1000 30" preserveAspectRatio="none" role="img"
                aria-label={lang.tr().lab_band_label(view.ranges.len())}>
                { for parts }
                { for boundaries }
            </svg>
        </figure>
    }
}

fn key_rows(keys: &[crate::engine::sim::KeyStat], lang: Lang) -> Html {
    keys.iter()
        .map(|k| html! {
            <tr><td><code>{ &k.key }</code></td><td>{ lang.count(k.accesses) }</td><td>{ lang.count(k.throttles) }</td></tr>
        })
        .collect()
}

/// The run's throttles by throttling reason, each with its words. The lab
/// runs against a table, never an index.
fn reasons(id: &str, r: &WorkloadReport, lang: Lang) -> Html {
    let rows: Vec<Html> = [Access::Read, Access::Write]
        .into_iter()
        .flat_map(|access| LimitType::ALL.into_iter().map(move |limit| (access, limit)))
        .filter_map(|(access, limit)| {
            let n = r.throttles.get(access, limit);
            (n > 0).then(|| {
                let words = lang.tr().throttling_reason(false, access, limit);
                html! {
                    <li><code>{ reason_name(false, access, limit) }</code>{ " " }{ lang.tr().throttled_for(n, &words) }</li>
                }
            })
        })
        .collect();
    if rows.is_empty() {
        return html! {};
    }
    html! { <ul class="lab-reasons throttling-reasons" id={id.to_string()}>{ for rows }</ul> }
}

/// One run: summary, charts, top keys. `class` names its elements (the
/// summary is `{class}-summary`, the heatmap `{class}-heatmap`).
pub fn run_view(class: &'static str, view: &LabView, lang: Lang) -> Html {
    let r = &view.report;
    let percent = if r.requests > 0 { r.throttled as f64 / r.requests as f64 * 100.0 } else { 0.0 };
    let splits = (!r.heat_splits.is_empty()).then(|| {
        let splits: Vec<(u64, usize)> = r.heat_splits.iter().map(|(s, p)| (u64::from(*s), p + 1)).collect();
        html! { <p class="hint lab-splits">{ lang.tr().heat_splits(&splits) }</p> }
    });
    let progress = (view.done < view.seconds).then_some((view.done, view.seconds));
    let title = lang.tr().lab_title(&view.title);
    html! {
        <section class={classes!("lab-run", class)} id={class.to_string()} aria-label={title.clone()}>
            <h3>{ title }</h3>
            <p class={classes!("lab-summary", (r.throttled > 0).then_some("bad"))} id={format!("{class}-summary")}>
                { lang.tr().lab_summary(
                    progress,
                    [r.requests, r.throttled, r.throttled_hard_limit],
                    &lang.figure(&units((percent * 10.0).round() / 10.0)),
                    &lang.figure(&format!("{} {}", units(((r.consumed_write + r.consumed_read) * 10.0).round() / 10.0), view.unit)),
                    view.partitions,
                ) }
            </p>
            { reasons(&format!("{class}-reasons"), r, lang) }
            { heatmap(&format!("{class}-heatmap"), &heatmap_input(view), lang) }
            { timeline(class, view, lang) }
            { keyspace(&format!("{class}-keyspace"), view, lang) }
            { splits }
            <div class="lab-tops">
                <table class="lab-top" id={format!("{class}-recent")}>
                    <caption>{ lang.tr().top_keys_recent(RECENT_SECONDS) }</caption>
                    <thead><tr><th>{ lang.t(Msg::ColKey) }</th><th>{ lang.t(Msg::ColRequestsLower) }</th><th>{ lang.t(Msg::ColThrottled) }</th></tr></thead>
                    <tbody>{ key_rows(&view.recent, lang) }</tbody>
                </table>
                <table class="lab-top" id={format!("{class}-top")}>
                    <caption>{ lang.t(Msg::TopKeysWholeRun) }</caption>
                    <thead><tr><th>{ lang.t(Msg::ColKey) }</th><th>{ lang.t(Msg::ColRequestsLower) }</th><th>{ lang.t(Msg::ColThrottled) }</th></tr></thead>
                    <tbody>{ key_rows(&r.top_keys, lang) }</tbody>
                </table>
            </div>
        </section>
    }
}
