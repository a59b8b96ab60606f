//! The partition map: the selected table's keyspace (and each GSI's) as a
//! horizontal band cut at the partitions' hash ranges, with the item
//! collections placed at their hash positions.
//!
//! ```text
//!   Music · 3 partitions
//!   |  ·  ·|   ·    ·  |·       ·   |      ← band: 0 … 2^64, ticks sized by bytes
//!   P1 4 items 1.2 KB · 1,666.67 RCU / 166.67 WCU · burst R 500,000 / W 50,000
//! ```
//!
//! Everything shown comes from [`Engine::describe_partitions`] and the
//! storage's collection sizes; nothing here changes data.
//!
//! **Splits animate.** The map remembers when it first saw each partition
//! (by the hash where it starts). A partition that appeared in the last
//! [`NEW_FOR_MILLIS`] (a split: for size, by doubling, or for heat) is drawn
//! as new: its boundary grows in and it and its label flash, and a status
//! line says what split. Elements are keyed by their start, so a split
//! inserts new elements and the CSS animation plays once (not at all for
//! readers who prefer reduced motion: `www/style.css`). The teaching-scale
//! knob (the partition size limit) is shown whenever it is not DynamoDB's
//! real 10 GB, and can be set here: put a few items after lowering it and
//! the band splits.
//!
//! **Bounded at any size.** Up to [`TICKS_EACH`] item collections get a
//! tick each; beyond that the band is cut into [`BUCKETS`] equal stretches
//! and each stretch with collections gets one tick (its height by the
//! largest collection in it, its hover text the count), so a table of
//! 100,000 items draws at most a few hundred ticks, not one per collection.

use std::collections::BTreeMap;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::engine::index::IndexKind;
use crate::engine::ordered::Ordered;
use crate::engine::partition::PARTITION_SIZE_BYTES;
use crate::engine::sim::PartitionInfo;
use crate::engine::table::scaling::WarmState;
use crate::engine::table::CollectionSpot;
use crate::engine::Engine;
use crate::i18n::numbers::grouped;
use crate::page_model::format::{size_text, two_decimals};
use crate::ui::cost::units;
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::lessons::welcome::StartButtons;
use crate::ui::page::embed::{EmbedButton, EmbedView};
use crate::ui::query::footprint::use_console_footprint;
use crate::ui::state::{use_playground, Action};

/// Width of the band's SVG coordinate system.
const BAND_WIDTH: f64 = 1000.0;

/// How long a partition counts as new after a split (real milliseconds):
/// longer than the animation, so a redraw in between does not cut it off.
pub const NEW_FOR_MILLIS: f64 = 2_000.0;

/// Item collections drawn one tick each; more are drawn by stretch.
pub const TICKS_EACH: usize = 500;
/// How many stretches the band is cut into beyond [`TICKS_EACH`].
pub const BUCKETS: usize = 400;

/// When the map first saw each partition, by keyspace title and start.
type FirstSeen = BTreeMap<String, BTreeMap<u64, f64>>;

/// One keyspace (the table's or a GSI's) ready to draw.
struct Keyspace {
    /// What the map remembers it by ("Table Music", "GSI GenreIndex").
    title: String,
    /// The GSI's name, or `None` for the table.
    gsi: Option<String>,
    name: String,
    partitions: Vec<PartitionInfo>,
    /// Each item collection where it falls on the keyspace.
    collections: Vec<CollectionSpot>,
    /// The warm throughput and a raise under way.
    warm: WarmState,
}

/// Where a keyspace position falls on the band.
fn x_of(position: u64) -> f64 {
    position as f64 / u64::MAX as f64 * BAND_WIDTH
}

fn keyspaces(engine: &Engine, table: &str) -> Vec<Keyspace> {
    let now = engine.clock().now_millis();
    let Some(t) = engine.table(table) else { return Vec::new() };
    let collections = t.collection_spots().collect();
    let table_warm = t.definition.warm.state_at(now);
    let gsis = t.definition.indexes.iter().filter(|i| i.kind == IndexKind::Global).map(|i| {
        let spots = t.index_collection_spots(&i.name);
        (i.name.clone(), spots, i.warm.state_at(now))
    });
    let mut out = Vec::new();
    if let Ok(partitions) = engine.describe_partitions(table, None) {
        let (title, name) = (format!("Table {table}"), table.to_string());
        out.push(Keyspace { title, gsi: None, name, partitions, collections, warm: table_warm });
    }
    for (name, cols, warm) in gsis {
        if let Ok(partitions) = engine.describe_partitions(table, Some(&name)) {
            let title = format!("GSI {name}");
            out.push(Keyspace { title, gsi: Some(name.clone()), name, partitions, collections: cols, warm });
        }
    }
    out
}

/// Which partitions of `space` are new (split in the last
/// [`NEW_FOR_MILLIS`]), by index; updates `seen` to the partitions now.
/// A keyspace seen for the first time has nothing new.
fn new_partitions(seen: &mut FirstSeen, space: &Keyspace, now: f64) -> Vec<bool> {
    let before = seen.get(&space.title);
    let times: BTreeMap<u64, f64> = space
        .partitions
        .iter()
        .map(|p| {
            let first = match before {
                None => f64::NEG_INFINITY,
                Some(known) => known.get(&p.start).copied().unwrap_or(now),
            };
            (p.start, first)
        })
        .ordered_map();
    let fresh =
        space.partitions.iter().map(|p| times.get(&p.start).is_some_and(|t| now - t < NEW_FOR_MILLIS)).collect();
    seen.insert(space.title.clone(), times);
    fresh
}

/// One tick of the band.
struct Tick {
    x: f64,
    /// How high, 0–1 of the largest collection.
    height: f64,
    /// Its hover text.
    hover: String,
}

/// The band's ticks: one per collection, or one per stretch of the band
/// (see the module notes).
fn ticks_of(space: &Keyspace, lang: Lang) -> Vec<Tick> {
    let max_bytes = space.collections.iter().map(|c| c.bytes).max().unwrap_or(1).max(1) as f64;
    let size = |bytes: usize| lang.figure(&size_text(bytes as u64));
    if space.collections.len() <= TICKS_EACH {
        return space
            .collections
            .iter()
            .map(|c| Tick {
                x: x_of(c.position),
                height: c.bytes as f64 / max_bytes,
                hover: lang.tr().pm_collection_title(c.items as u64, &size(c.bytes)),
            })
            .collect();
    }
    // (collections, items, largest bytes) per stretch.
    let mut buckets = vec![(0u64, 0u64, 0usize); BUCKETS];
    for c in &space.collections {
        let at = ((x_of(c.position) / BAND_WIDTH * BUCKETS as f64) as usize).min(BUCKETS - 1);
        if let Some(b) = buckets.get_mut(at) {
            *b = (b.0 + 1, b.1 + c.items as u64, b.2.max(c.bytes));
        }
    }
    let width = BAND_WIDTH / BUCKETS as f64;
    buckets
        .iter()
        .enumerate()
        .filter(|(_, b)| b.0 > 0)
        .map(|(i, (n, items, largest))| Tick {
            x: (i as f64 + 0.5) * width,
            height: *largest as f64 / max_bytes,
            hover: lang.tr().pm_bucket_title(*n, *items, &size(*largest)),
        })
        .collect()
}

/// "Warm throughput: … per second at once", and a raise under way.
fn warm_text(space: &Keyspace, lang: Lang) -> String {
    let WarmState { in_force: (read, write), raising } = space.warm;
    let figure = |n: i64| lang.figure(&grouped(n.max(0) as u64));
    let to = raising.map(|(r, w)| (figure(r), figure(w)));
    lang.tr().pm_warm(&figure(read), &figure(write), to.as_ref().map(|(r, w)| (r.as_str(), w.as_str())))
}

/// One keyspace's band; `touched` are the partitions (from 0) the
/// console's request touches (`footprint`).
fn band(id: &str, space: &Keyspace, fresh: &[bool], touched: Option<&[usize]>, lang: Lang) -> Html {
    let tr = lang.tr();
    let touches = |i: usize| touched.is_some_and(|t| t.contains(&i));
    let title = tr.pm_keyspace(space.gsi.is_some(), &space.name);
    let is_new = |i: usize| fresh.get(i).copied().unwrap_or(false);
    let parts = space.partitions.iter().enumerate().map(|(i, p)| {
        let x = x_of(p.start);
        let w = (x_of(p.end) - x).max(0.5);
        let class = classes!(
            "pm-part",
            if i % 2 == 0 { "even" } else { "odd" },
            is_new(i).then_some("pm-new"),
            touches(i).then_some("pm-touched")
        );
        html! {
            <rect key={p.start.to_string()} {class} data-touched={touches(i).then_some("true")} x={format!("{x:.2}")} y="0" width={format!("{w:.2}")} height="60">
                <title>{ tr.pm_partition_title(i as u64 + 1, p.item_count, &lang.figure(&size_text(p.bytes))) }</title>
            </rect>
        }
    });
    let boundaries = space.partitions.iter().enumerate().skip(1).map(|(i, p)| {
        let x = format!("{:.2}", x_of(p.start));
        let class = classes!("pm-boundary", is_new(i).then_some("pm-new"));
        html! { <line key={p.start.to_string()} {class} x1={x.clone()} x2={x} y1="0" y2="60" /> }
    });
    let ticks = ticks_of(space, lang).into_iter().map(|Tick { x, height, hover }| {
        let h = 8.0 + 40.0 * height.sqrt();
        let x = format!("{x:.2}");
        html! {
            <line class="pm-tick" x1={x.clone()} x2={x} y1={format!("{:.1}", 60.0 - h)} y2="60">
                <title>{ hover }</title>
            </line>
        }
    });
    let labels = space.partitions.iter().enumerate().map(|(i, p)| {
        html! {
            <li key={p.start.to_string()} class={classes!("pm-label", is_new(i).then_some("pm-new"), touches(i).then_some("pm-touched"))}
                data-touched={touches(i).then_some("true")}>
                <strong>{ format!("P{}", i + 1) }</strong>
                if touches(i) { <span class="pm-touched-badge">{ "◆ " }{ lang.t(Msg::FpTouched) }</span> }
                <span>{ tr.items(p.item_count) }</span>
                <span>{ lang.figure(&size_text(p.bytes)) }</span>
                <span>{ format!("{} RCU / {} WCU", lang.figure(&two_decimals(p.rcu_share)), lang.figure(&two_decimals(p.wcu_share))) }</span>
                <span class="pm-burst">{ tr.pm_burst(&lang.figure(&two_decimals(p.read_tokens)), &lang.figure(&two_decimals(p.write_tokens))) }</span>
                <span class="pm-range">{ format!("{:016x}–{:016x}", p.start, p.end) }</span>
            </li>
        }
    });
    let count = space.partitions.len();
    let new_count = fresh.iter().filter(|n| **n).count();
    let news = (new_count > 0).then(|| {
        let names: Vec<String> =
            fresh.iter().enumerate().filter(|(_, n)| **n).map(|(i, _)| format!("P{}", i + 1)).collect();
        html! {
            <p class="pm-news" role="status">
                { tr.pm_split(&names.join(", "), new_count as u64) }
            </p>
        }
    });
    html! {
        <section class="pm-space" id={id.to_string()} data-new-partitions={new_count.to_string()}>
            <h3>{ &title }<span class="pm-count">{ tr.pm_partitions(count as u64) }</span></h3>
            <p class="pm-warm" id={format!("{id}-warm")}>{ warm_text(space, lang) }</p>
            <svg class="pm-band" viewBox={format!("0 0 {BAND_WIDTH} 60")} preserveAspectRatio="none" role="img"
                aria-label={tr.pm_band_label(&title, count as u64, space.collections.len() as u64)}>
                { for parts }
                { for boundaries }
                { for ticks }
            </svg>
            <div class="pm-axis" aria-hidden="true"><span>{ lang.t(Msg::PmHashZero) }</span><span>{ "2⁶⁴" }</span></div>
            { news }
            <ol class="pm-labels">{ for labels }</ol>
        </section>
    }
}

/// The teaching-scale knob.
#[component]
fn SizeLimit() -> Html {
    let lang = use_lang();
    let state = use_playground();
    let text = use_state(String::new);
    let Some(state) = state else { return html! {} };
    let limit =
        state.engine.try_borrow().map(|e| e.settings().partition_size_limit_bytes).unwrap_or(PARTITION_SIZE_BYTES);
    let real = limit == PARTITION_SIZE_BYTES;
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                text.set(input.value());
            }
        })
    };
    let parsed = text.trim().replace(',', "").parse::<f64>().ok().filter(|kb| kb.is_finite() && *kb >= 1.0);
    let onsubmit = {
        let state = state.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(kb) = parsed {
                state.dispatch(Action::SetPartitionSizeLimit((kb * 1024.0).min(PARTITION_SIZE_BYTES as f64) as u64));
            }
        })
    };
    let reset = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::SetPartitionSizeLimit(PARTITION_SIZE_BYTES)))
    };
    html! {
        <form class="pm-scale" id="pm-scale" {onsubmit}>
            if !real {
                <p class="pm-scale-note" id="pm-scale-note" role="status">
                    { lang.tr().pm_teaching_scale(&lang.figure(&size_text(limit))) }
                </p>
            }
            <label for="pm-scale-kb">{ lang.t(Msg::PmSizeLimit) }</label>
            <input id="pm-scale-kb" type="number" min="1" step="any" inputmode="decimal"
                placeholder={if real { lang.tr().pm_real_limit() } else { lang.figure(&units((limit as f64 / 1024.0 * 100.0).round() / 100.0)) }}
                value={(*text).clone()} {oninput} />
            <button type="submit" class="secondary" disabled={parsed.is_none()}>{ lang.t(Msg::PmSetScale) }</button>
            if !real {
                <button type="button" class="secondary" id="pm-scale-reset" onclick={reset}>{ lang.tr().pm_back_to_real() }</button>
            }
        </form>
    }
}

/// The map of the selected table's partitions and its GSIs'.
#[component]
pub fn PartitionMap() -> Html {
    let lang = use_lang();
    let seen = use_mut_ref(FirstSeen::new);
    let footprint = use_console_footprint();
    let Some(state) = use_playground() else { return html! {} };
    let Some(table) = state.selected.clone() else {
        return html! {
            <section class="card partition-map" id="partition-map">
                <h2>{ lang.t(Msg::PmTitle) }</h2>
                <p class="hint">{ lang.t(Msg::PmNoTable) }</p>
                <StartButtons />
                <SizeLimit />
            </section>
        };
    };
    let spaces = match state.engine.try_borrow() {
        Ok(engine) => keyspaces(&engine, &table),
        Err(_) => Vec::new(),
    };
    html! {
        <section class="card partition-map" id="partition-map">
            <div class="card-head">
                <h2>{ lang.t(Msg::PmTitle) }</h2>
                <EmbedButton view={EmbedView::Partitions} />
            </div>
            <p class="hint">{ lang.t(Msg::PmHint) }</p>
            <SizeLimit />
            { for spaces.iter().enumerate().map(|(i, s)| {
                let fresh = seen.try_borrow_mut().map(|mut seen| new_partitions(&mut seen, s, js_sys::Date::now())).unwrap_or_default();
                let touched = footprint.as_ref().and_then(|f| f.touched(&table, s.gsi.as_deref()));
                band(&format!("pm-space-{i}"), s, &fresh, touched, lang)
            }) }
        </section>
    }
}
