//! The vector map of one vector index: its items as points, a query vector,
//! the top K the search ranks with their scores, and what the search leaves
//! out drawn apart (another HASH value, the filter, no HASH attribute at
//! all). A switch ranks by another distance function, to show how the order
//! changes. What is drawn is [`crate::page_model::vector_map`]; this view
//! gathers the query as typed and draws it.
//!
//! ```text
//!   Query vector [1, 0]   tenant [A]   kind [ ]   TopK [3]   ( COSINE · the index's ) ( EUCLIDEAN ) ( DOT_PRODUCT )
//!   ┌──────────────────────────────┐   1. red    0.0
//!   │   ✚①  ②        ◦            │   2. pink   0.0238
//!   │          ③   ·   ○          │   3. blue   1.0
//!   └──────────────────────────────┘
//!   The vectors as they are: x is element 1, y element 2.
//! ```
//!
//! Every point is a mark of the chart: its key, what it is to the search and
//! its score are its hover title and accessible name; the arrow keys move
//! between points, Enter (or a click) searches from that point's vector.

use std::rc::Rc;

use serde_json::{json, Value};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::engine::ordered::sort_by_key;
use crate::engine::schema::{KeyAttribute, KeyValue};
use crate::engine::value::AttributeValue;
use crate::engine::vector::{DistanceFunction, SchemaRole, VectorIndex, VectorPhase};
use crate::page_model::vector_map::{map_view, query_vector, MapSearch, MapView, Mark};
use crate::ui::charts::focus::{on_key, show_in_readout};
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::state::use_playground;

/// The map's drawing area, in SVG units.
const WIDTH: f64 = 420.0;
const HEIGHT: f64 = 260.0;
const MARGIN: f64 = 20.0;
/// Up to this many points, each is labelled with its key on the map.
const LABELLED: usize = 40;

/// The query as typed.
#[derive(Clone, Debug, Default, PartialEq)]
struct Query {
    vector: String,
    hash: String,
    filter: String,
    top_k: String,
    /// `None`: the index's own.
    distance: Option<DistanceFunction>,
}

#[derive(Properties, PartialEq)]
pub struct VectorMapProps {
    pub table: AttrValue,
    pub index: AttrValue,
}

/// A typed value as the attribute's type (`None` when blank or not of it).
fn typed(attribute: &KeyAttribute, text: &str) -> Option<AttributeValue> {
    if text.trim().is_empty() {
        return None;
    }
    let tag = attribute.scalar_type.as_str();
    let text = if tag == "S" { text } else { text.trim() };
    AttributeValue::from_wire(&json!({ tag: text })).ok()
}

/// A score to read at a glance: four decimals at most (`0.0238`), a whole
/// number as the response writes it (`1.0`). The console's results show
/// the response's own digits.
fn score_text(score: f64) -> String {
    if score.fract() == 0.0 || !score.is_finite() {
        return Value::from(score).to_string();
    }
    let text = format!("{score:.4}");
    match text.trim_end_matches('0') {
        // Rounding noise around a whole number (1.1e-16): that number.
        whole if whole.ends_with('.') => format!("{}0", whole.trim_start_matches('-')),
        short => short.to_string(),
    }
}

/// The words for a mark, in the readout and the hover title.
fn describe(lang: Lang, label: &str, mark: &Mark) -> String {
    let tr = lang.tr();
    match mark {
        Mark::Ranked { rank, score } => tr.vector_point_ranked(label, *rank, &score_text(*score)),
        Mark::Searched => format!("{label}: {}", lang.t(Msg::VectorPointSearched)),
        Mark::OtherGroup => format!("{label}: {}", lang.t(Msg::VectorPointOtherGroup)),
        Mark::FilteredOut => format!("{label}: {}", lang.t(Msg::VectorPointFiltered)),
        Mark::NotIndexed => format!("{label}: {}", lang.t(Msg::VectorPointNotIndexed)),
    }
}

/// The points, the query and the axes as SVG.
fn chart(view: &MapView, lang: Lang, on_pick: Callback<Vec<f32>>) -> Html {
    let places = view.points.iter().map(|p| (p.x, p.y)).chain(view.query);
    let (mut min_x, mut max_x, mut min_y, mut max_y) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for (x, y) in places {
        min_x = min_x.min(x);
        max_x = max_x.max(x);
        min_y = min_y.min(y);
        max_y = max_y.max(y);
    }
    // A single point (or none) still needs a span to scale by.
    let span = |low: f64, high: f64| if high > low { (low, high - low) } else { (low - 1.0, 2.0) };
    let ((x0, dx), (y0, dy)) = if view.points.is_empty() && view.query.is_none() {
        ((0.0, 1.0), (0.0, 1.0))
    } else {
        (span(min_x, max_x), span(min_y, max_y))
    };
    let sx = |x: f64| MARGIN + (x - x0) / dx * (WIDTH - 2.0 * MARGIN);
    let sy = |y: f64| HEIGHT - MARGIN - (y - y0) / dy * (HEIGHT - 2.0 * MARGIN);
    // Ranked points last, so they are drawn over the others; in rank order
    // for the keyboard.
    let mut order: Vec<usize> = (0..view.points.len()).collect();
    let rank_of = |i: &usize| match view.points.get(*i).map(|p| &p.mark) {
        Some(Mark::Ranked { rank, .. }) => *rank,
        _ => 0,
    };
    sort_by_key(&mut order, |i| (rank_of(i) > 0, rank_of(i)));
    let count = order.len();
    let labelled = count <= LABELLED;
    let marks = order.iter().enumerate().filter_map(|(col, &i)| {
        let point = view.points.get(i)?;
        let (x, y) = (sx(point.x), sy(point.y));
        let right = x > WIDTH * 0.7;
        let text = describe(lang, &point.label, &point.mark);
        let (class, number) = match &point.mark {
            Mark::Ranked { rank, .. } => ("ranked", Some(*rank)),
            Mark::Searched => ("searched", None),
            Mark::OtherGroup => ("other-group", None),
            Mark::FilteredOut => ("filtered", None),
            Mark::NotIndexed => ("not-indexed", None),
        };
        let vector = point.vector.clone();
        let pick = on_pick.clone();
        let onclick = Callback::from(move |_: MouseEvent| pick.emit(vector.clone()));
        let vector = point.vector.clone();
        let pick = on_pick.clone();
        let onkeydown = Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                pick.emit(vector.clone());
            }
        });
        Some(html! {
            <g class={classes!("vector-point", class)} data-label={point.label.clone()} data-row="0" data-col={col.to_string()}
                tabindex={if col + 1 == count { "0" } else { "-1" }} role="img" aria-label={text.clone()} {onclick} {onkeydown}>
                <title>{ text }</title>
                if class == "filtered" {
                    <path d={format!("M{} {}l8 8m0 -8l-8 8", x - 4.0, y - 4.0)} />
                } else {
                    <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r={if number.is_some() { "9" } else { "6" }} />
                }
                if let Some(number) = number {
                    <text x={format!("{x:.1}")} y={format!("{:.1}", y + 4.0)} text-anchor="middle">{ number }</text>
                }
                if labelled {
                    // Beside the point, on the side with room.
                    <text class="vector-point-label" x={format!("{:.1}", if right { x - 12.0 } else { x + 12.0 })}
                        y={format!("{:.1}", y + 4.0)} text-anchor={if right { "end" } else { "start" }}
                        aria-hidden="true">{ point.label.clone() }</text>
                }
            </g>
        })
    });
    let query = view.query.map(|(qx, qy)| {
        let (x, y) = (sx(qx), sy(qy));
        html! {
            <g class="vector-query" aria-hidden="true">
                <path d={format!("M{} {y:.1}h20M{x:.1} {}v20", x - 10.0, y - 10.0)} />
            </g>
        }
    });
    let summary = lang.tr().vector_map_summary(view.points.len() as u64, view.ranking.len() as u64);
    html! {
        <>
            <svg class="vector-map-chart" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="group" aria-label={summary}
                onkeydown={on_key(1, count)} onfocusin={|e: FocusEvent| show_in_readout(&e)}
                onmouseover={|e: MouseEvent| show_in_readout(&e)}>
                <rect class="vector-map-frame" x="0" y="0" width={WIDTH.to_string()} height={HEIGHT.to_string()} />
                { for marks }
                { query }
            </svg>
            <p class="chart-readout" aria-hidden="true" data-hint={lang.t(Msg::VectorMapHint)}></p>
        </>
    }
}

/// The index's INLINE_FILTER attribute the map offers, if any.
fn filter_of(index: &VectorIndex) -> Option<&KeyAttribute> {
    index.search_schema.iter().find(|(_, role)| *role == SchemaRole::InlineFilter).map(|(attribute, _)| attribute)
}

/// The query typed, as the map searches it: the vector as read, and the
/// search when the vector has the index's length.
fn search_of(index: &VectorIndex, query: &Query) -> (Option<Vec<f32>>, Option<MapSearch>) {
    let vector = query_vector(&query.vector);
    let search = vector.as_ref().filter(|v| v.len() == index.dimensions).map(|vector| MapSearch {
        vector: vector.clone(),
        hash: index.hash().and_then(|h| KeyValue::of(&typed(h, &query.hash)?, h.scalar_type)),
        top_k: query.top_k.trim().parse::<usize>().map_or(3, |k| k.clamp(1, 100)),
        distance: query.distance.unwrap_or(index.distance),
        filter: filter_of(index).and_then(|a| Some((a.name.clone(), typed(a, &query.filter)?))),
    });
    (vector, search)
}

#[component]
pub fn VectorMap(props: &VectorMapProps) -> Html {
    let lang = use_lang();
    let tr = lang.tr();
    let state = use_playground();
    let query = use_state(|| Query { top_k: "3".into(), ..Query::default() });
    // Drawn again only when the data or the query changes: with 100,000
    // entries a map takes tens of milliseconds, too long for every tick of
    // the playground's clock.
    let view = {
        let engine = state.as_ref().map(|s| Rc::clone(&s.engine));
        let data = state.as_ref().map(|s| (Rc::as_ptr(&s.engine) as usize, s.data_version));
        use_memo((props.table.clone(), props.index.clone(), data, (*query).clone()), move |(table, index, _, query)| {
            let engine = engine?;
            let engine = engine.try_borrow().ok()?;
            let table = engine.table(table)?;
            let index = table.definition.vector_indexes.iter().find(|v| *v.name == **index)?;
            Some(map_view(table, index, search_of(index, query).1.as_ref()))
        })
    };
    let Some(state) = state else { return html! {} };
    let Ok(engine) = state.engine.try_borrow() else { return html! {} };
    let Some(table) = engine.table(&props.table) else { return html! {} };
    let Some(index) = table.definition.vector_indexes.iter().find(|v| *v.name == *props.index) else {
        return html! {};
    };
    let Some(view) = view.as_ref() else { return html! {} };
    // An index on its way in: SearchVectors refuses it until it is served
    // (G.2), through every phase left.
    let now = engine.clock().now_millis();
    let not_served = index.lifecycle.and_then(|life| {
        let phase = life.phase(now);
        matches!(phase, VectorPhase::Allocating | VectorPhase::Backfilling | VectorPhase::ActiveNotServed)
            .then(|| (phase.index_status(), life.ends().saturating_sub(now)))
    });
    let hash = index.hash();
    let filter = filter_of(index);
    let distance = query.distance.unwrap_or(index.distance);
    let (vector, search) = search_of(index, &query);
    let edit = |apply: fn(&mut Query, String)| {
        let query = query.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let mut next = (*query).clone();
                apply(&mut next, input.value());
                query.set(next);
            }
        })
    };
    let on_pick = {
        let query = query.clone();
        Callback::from(move |vector: Vec<f32>| {
            let mut next = (*query).clone();
            // The index's f32 numbers as f32 writes them (0.26, not 0.25999999046325684).
            let numbers: Vec<String> = vector.iter().map(|x| format!("{x:?}")).collect();
            next.vector = format!("[{}]", numbers.join(", "));
            query.set(next);
        })
    };
    let switch = |function: DistanceFunction| {
        let query = query.clone();
        let own = index.distance;
        Callback::from(move |_: MouseEvent| {
            let mut next = (*query).clone();
            next.distance = (function != own).then_some(function);
            query.set(next);
        })
    };
    // What the map still needs before it can rank.
    let waiting = match (&vector, search.as_ref()) {
        (None, _) if query.vector.trim().is_empty() => Some(lang.t(Msg::VectorMapStart).to_string()),
        (None, _) => Some(lang.t(Msg::VectorMapNotList).to_string()),
        (Some(v), None) => Some(tr.vector_map_wrong_length(v.len() as u64, index.dimensions as u64)),
        (Some(_), Some(s)) if hash.is_some() && s.hash.is_none() => Some(lang.t(Msg::VectorMapNeedsHash).to_string()),
        _ => None,
    };
    let caption = if view.projected {
        tr.vector_map_projected(index.dimensions as u64)
    } else {
        lang.t(Msg::VectorMapPlain).to_string()
    };
    let ranking = view.ranking.iter().map(|(label, score)| {
        html! { <li><span class="vector-rank-key">{ label }</span><span class="vector-rank-score">{ score_text(*score) }</span></li> }
    });
    let left_out = view.points.iter().filter(|p| p.mark == Mark::NotIndexed).count();
    let functions = [DistanceFunction::Cosine, DistanceFunction::Euclidean, DistanceFunction::DotProduct];

    html! {
        <section class="vector-map" id="vector-map" aria-label={lang.t(Msg::VectorMapTitle)}>
            <div class="vector-map-query">
                <label class="field grow">
                    <span>{ lang.t(Msg::VectorMapQuery) }</span>
                    <input id="vm-vector" type="text" spellcheck="false" class="code-input" placeholder="[0.9, 0.1]"
                        value={query.vector.clone()} oninput={edit(|q, v| q.vector = v)} />
                </label>
                if let Some(hash) = hash {
                    <label class="field">
                        <span>{ format!("{} (HASH)", hash.name) }</span>
                        <input id="vm-hash" type="text" spellcheck="false" value={query.hash.clone()}
                            oninput={edit(|q, v| q.hash = v)} />
                    </label>
                }
                if let Some(attribute) = filter {
                    <label class="field">
                        <span>{ format!("{} =", attribute.name) }</span>
                        <input id="vm-filter" type="text" spellcheck="false" placeholder={lang.t(Msg::Optional)}
                            value={query.filter.clone()} oninput={edit(|q, v| q.filter = v)} />
                    </label>
                }
                <label class="field">
                    <span>{ "TopK" }</span>
                    <input id="vm-top-k" type="text" inputmode="numeric" class="narrow" value={query.top_k.clone()}
                        oninput={edit(|q, v| q.top_k = v)} />
                </label>
            </div>
            <div class="segmented vector-distance" role="group" aria-label={lang.t(Msg::DistanceFunction)}>
                { for functions.iter().map(|&function| {
                    let own = function == index.distance;
                    html! {
                        <button type="button" id={format!("vm-{}", function.as_str().to_ascii_lowercase())}
                            aria-pressed={(function == distance).to_string()} onclick={switch(function)}>
                            { function.as_str() }
                            if own { <span class="hint">{ format!(" · {}", lang.t(Msg::VectorMapIndexOwn)) }</span> }
                        </button>
                    }
                }) }
            </div>
            if let Some((phase, left)) = not_served {
                <p class="notice" id="vm-not-served">{ tr.vector_map_not_served(phase, &tr.duration(left)) }</p>
            }
            if distance != index.distance {
                <p class="notice" id="vm-other-distance">{ tr.vector_map_other_distance(index.distance.as_str(), distance.as_str()) }</p>
            }
            if let Some(waiting) = waiting {
                <p class="hint" id="vm-waiting">{ waiting }</p>
            }
            <div class="vector-map-body">
                <figure class="vector-map-figure">
                    { chart(view, lang, on_pick) }
                    <figcaption id="vm-caption">
                        { caption }{ " " }
                        { tr.vector_map_drawn((view.points.len() - left_out) as u64, view.entries as u64, left_out as u64) }
                    </figcaption>
                </figure>
                <div class="vector-ranking">
                    <h3>{ lang.t(Msg::VectorMapRanking) }</h3>
                    if view.ranking.is_empty() {
                        <p class="hint">{ lang.t(Msg::VectorMapNoRanking) }</p>
                    } else {
                        <ol id="vm-ranking">{ for ranking }</ol>
                    }
                    <ul class="vector-legend">
                        <li class="ranked">{ lang.t(Msg::VectorLegendRanked) }</li>
                        <li class="searched">{ lang.t(Msg::VectorPointSearched) }</li>
                        <li class="other-group">{ lang.t(Msg::VectorPointOtherGroup) }</li>
                        <li class="filtered">{ lang.t(Msg::VectorPointFiltered) }</li>
                        <li class="not-indexed">{ lang.t(Msg::VectorPointNotIndexed) }</li>
                    </ul>
                </div>
            </div>
        </section>
    }
}
