//! The request's footprint, drawn on the data: while the console holds a
//! read (GetItem, Query, Scan, BatchGetItem, TransactGetItems, a PartiQL
//! SELECT), the items grid and the index contents mark every row it reads,
//! and the partition map the partitions it touches, from the same dry run
//! as the live cost (`engine::footprint`).
//!
//! ```text
//!   What the console's Query reads of Music:  ✓ returned 2  ✗ read, filtered out 2  · Rows without a mark were not read.
//!   ┌───┬──────┬────┬──────┐
//!   │ ✗ │ Acme │ a  │ 2019 │  data-footprint="filtered"
//!   │ ✓ │      │ b  │ 2023 │  data-footprint="returned"
//!   │ ✗ │      │ c  │ 2018 │  data-footprint="filtered"
//!   │ ✓ │      │ d  │ 2024 │  data-footprint="returned"
//!   ├───┴──────┴────┴──────┤
//!   │ Limit 4 stops here: LastEvaluatedKey is the item above │  data-stop="limit"
//!   ├───┬──────┬────┬──────┤
//!   │   │ Acme │ e  │ 2025 │  not read: no mark
//! ```
//!
//! **The three marks** (`data-footprint` on the row, the words of
//! [`Kept`]): `returned` — read and in the response's `Items`; `filtered` —
//! read and paid for, then dropped by the `FilterExpression` (or a PartiQL
//! `WHERE` on non-key attributes); `read` — read and matched but not
//! returned, because the request asked only for a count (`Select: COUNT`).
//! Every marked row was read; a row without a mark was not. Each mark has
//! a glyph (✓ ✗ •) in a column of its own, with its word for screen readers,
//! besides its colour (blue, orange, grey: told apart with any colour
//! vision), so nothing depends on colour alone.
//!
//! **Where the page stops.** A Query or Scan that stopped at `Limit` or at
//! 1 MB splits its item collection at the item its `LastEvaluatedKey` names
//! and draws a full-width line there, `data-stop="limit"` or `"page"`: below
//! that item for a forward read, above it for `ScanIndexForward: false`.
//!
//! **Cheap at any size.** The engine records a footprint only for a dry
//! run. A grid looks each row it draws up in a hash set of the keys read
//! ([`GridFootprint::kept`]), and a windowed grid draws at most its window,
//! so a Scan page of thousands of keys over 100,000 items costs a lookup
//! per visible row. When the request changes, a windowed items grid
//! scrolls its box to the first item read, so a Query of one collection
//! deep in a large table shows its marks without a search.
//!
//! The console draws its own copy under the builders ([`FootprintView`]),
//! which follows every keystroke; the Items and Partitions tabs read the
//! console's request through [`use_console_footprint`], which dry-runs it
//! once per request and data version. A write, or no request, marks nothing.

use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;
use yew::prelude::*;

use super::console_state::ConsoleContext;
use super::cost::Preview;
use super::index_grid::IndexGrid;
use super::item_grid::ItemGrid;
use super::language::{use_lang, Lang, Msg};
use super::operation_builder::side_request;
use super::state::{EngineHandle, PlaygroundContext};
use crate::engine::footprint::{Footprint, Kept, Stop, StopReason};
use crate::engine::schema::PrimaryKey;
use crate::engine::sim::Touched;
use crate::engine::Operation;

/// The operations whose footprint is drawn: the ones that read items.
fn reads_items(operation: &str) -> bool {
    Operation::parse(operation).is_some_and(Operation::reads_items)
}

/// A mark's word, the value of `data-footprint` (see the module notes).
pub fn word(kept: Kept) -> &'static str {
    match kept {
        Kept::Returned => "returned",
        Kept::FilteredOut => "filtered",
        Kept::Counted => "read",
    }
}

/// A mark's glyph.
fn glyph(kept: Kept) -> &'static str {
    match kept {
        Kept::Returned => "✓",
        Kept::FilteredOut => "✗",
        Kept::Counted => "•",
    }
}

fn label(kept: Kept) -> Msg {
    match kept {
        Kept::Returned => Msg::FpReturned,
        Kept::FilteredOut => Msg::FpFiltered,
        Kept::Counted => Msg::FpCounted,
    }
}

/// What one grid (a table's items or one index's entries) draws of a
/// footprint.
#[derive(Debug, PartialEq)]
pub struct GridFootprint {
    /// The operation, for the legend.
    pub operation: String,
    pub marks: HashMap<PrimaryKey, Kept>,
    /// Where pages stopped, and whether each read went forward.
    pub stops: Vec<(Stop, bool)>,
    /// (returned, counted, filtered out).
    pub tally: (usize, usize, usize),
    /// The first item read: where a windowed grid scrolls to.
    pub first: Option<PrimaryKey>,
}

impl GridFootprint {
    /// What `footprint` read of `table` (or its `index`); `None` when it
    /// read neither.
    pub fn of(footprint: &Footprint, operation: &str, table: &str, index: Option<&str>) -> Option<Rc<Self>> {
        footprint.reads.iter().any(|r| r.table == table && r.index.as_deref() == index).then(|| {
            Rc::new(Self {
                operation: operation.to_string(),
                marks: footprint.marks(table, index),
                stops: footprint.stops(table, index).into_iter().map(|(s, f)| (s.clone(), f)).collect(),
                tally: footprint.tally(table, index),
                first: footprint
                    .reads
                    .iter()
                    .filter(|r| r.table == table && r.index.as_deref() == index)
                    .find_map(|r| r.items.first().map(|(key, _)| key.clone())),
            })
        })
    }

    /// The mark of the row of `key`, if it was read.
    pub fn kept(&self, key: &PrimaryKey) -> Option<Kept> {
        self.marks.get(key).copied()
    }
}

/// A run of a collection's rows, or the line where a page stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece {
    /// Rows `start..end` of the collection's rows drawn.
    Rows(usize, usize),
    Stop(StopReason, bool),
}

/// Cuts a collection's `len` drawn rows (`keys`: their table keys, when
/// marked) where a page stopped.
pub fn pieces(len: usize, keys: &[Option<PrimaryKey>], footprint: Option<&GridFootprint>) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut start = 0;
    if let Some(footprint) = footprint.filter(|f| !f.stops.is_empty()) {
        for (i, key) in keys.iter().enumerate() {
            let Some(key) = key else { continue };
            for (stop, forward) in footprint.stops.iter().filter(|(s, _)| s.at == *key) {
                let cut = if *forward { i + 1 } else { i };
                if cut > start {
                    out.push(Piece::Rows(start, cut));
                    start = cut;
                }
                out.push(Piece::Stop(stop.reason, *forward));
            }
        }
    }
    if start < len || out.is_empty() {
        out.push(Piece::Rows(start, len));
    }
    out
}

/// The mark cell that starts a marked grid's row: the glyph, and the word
/// for screen readers.
pub fn mark_cell(kept: Option<Kept>, lang: Lang) -> Html {
    match kept {
        Some(kept) => html! {
            <td class="fp-mark">
                <span aria-hidden="true">{ glyph(kept) }</span>
                <span class="visually-hidden">{ lang.t(label(kept)) }</span>
            </td>
        },
        None => html! { <td class="fp-mark"></td> },
    }
}

/// The mark column's header.
pub fn mark_head(lang: Lang) -> Html {
    html! { <th class="fp-mark" scope="col"><span class="visually-hidden">{ lang.t(Msg::FpColumn) }</span></th> }
}

/// The full-width line where a page stopped.
pub fn stop_line(reason: StopReason, forward: bool, columns: usize, lang: Lang) -> Html {
    let (limit, kind) = match reason {
        StopReason::Limit(n) => (Some(n), "limit"),
        StopReason::PageSize => (None, "page"),
    };
    html! {
        <tbody class="fp-stop-body">
            <tr class="fp-stop" data-stop={kind}>
                <td colspan={columns.to_string()}><span class="fp-stop-text">{ lang.tr().fp_stop(limit, forward) }</span></td>
            </tr>
        </tbody>
    }
}

/// The legend over a marked grid: what each mark means, with its count.
pub fn legend(footprint: &GridFootprint, target: &str, lang: Lang) -> Html {
    let (returned, counted, filtered) = footprint.tally;
    let chip = |kept: Kept, n: usize| {
        html! {
            <span class={classes!("fp-chip", format!("fp-{}", word(kept)))}>
                <span class="fp-glyph" aria-hidden="true">{ glyph(kept) }</span>
                { format!("{} {}", lang.t(label(kept)), lang.figure(&n.to_string())) }
            </span>
        }
    };
    html! {
        <p class="fp-legend" role="note">
            <span class="fp-lead">{ lang.tr().fp_legend(&footprint.operation, target) }</span>
            { chip(Kept::Returned, returned) }
            if filtered > 0 || counted == 0 { { chip(Kept::FilteredOut, filtered) } }
            if counted > 0 { { chip(Kept::Counted, counted) } }
            <span class="fp-unmarked">{ lang.t(Msg::FpUnmarked) }</span>
        </p>
    }
}

/// The footprint of the request the console holds, from a dry run of it.
#[derive(Debug, PartialEq)]
pub struct ConsoleFootprint {
    pub operation: String,
    pub footprint: Footprint,
    pub touched: Vec<Touched>,
}

impl ConsoleFootprint {
    /// What one grid draws of it.
    pub fn grid(&self, table: &str, index: Option<&str>) -> Option<Rc<GridFootprint>> {
        GridFootprint::of(&self.footprint, &self.operation, table, index)
    }

    /// The partitions (from 0) it touches of `table` or its GSI `gsi`.
    pub fn touched(&self, table: &str, gsi: Option<&str>) -> Option<&[usize]> {
        self.touched.iter().find(|t| t.table == table && t.index.as_deref() == gsi).map(|t| t.partitions.as_slice())
    }
}

/// The footprint of the console's request (the side used last), dry-run
/// once per request and data version; `None` for a write or no request.
#[hook]
pub fn use_console_footprint() -> Option<Rc<ConsoleFootprint>> {
    let state = use_context::<PlaygroundContext>();
    let console = use_context::<ConsoleContext>();
    let input = match (&state, &console) {
        (Some(state), Some(console)) => {
            let draft = console.draft(console.active);
            let operation = draft.operation.name();
            reads_items(operation)
                .then(|| (operation, side_request(state, draft).request.ok()))
                .and_then(|(operation, request)| request.map(|r| (operation.to_string(), r)))
        }
        _ => None,
    };
    let version = state.as_ref().map_or(0, |s| s.data_version);
    let engine = state.as_ref().map(|s| Rc::clone(&s.engine));
    let memo = use_memo((input, version), move |(input, _)| {
        let (operation, request): &(String, Value) = input.as_ref()?;
        let mut engine = engine.as_ref()?.try_borrow_mut().ok()?;
        // A refused request reads nothing; its error is the console's to show.
        let dry = engine.dry_run(operation, request);
        let touched = engine.touched_partitions(&dry.charges);
        let footprint = dry.footprint;
        Some(Rc::new(ConsoleFootprint { operation: operation.clone(), footprint, touched }))
    });
    (*memo).clone()
}

#[derive(Properties, PartialEq)]
pub struct FootprintViewProps {
    pub operation: AttrValue,
    pub preview: Rc<Option<Preview>>,
}

/// The console's footprint section: each table or index the previewed read
/// read, its grid marked (at most three: a batch may read many tables).
#[component]
pub fn FootprintView(props: &FootprintViewProps) -> Html {
    let lang = use_lang();
    let state = use_context::<PlaygroundContext>();
    let (Some(state), Some(preview)) = (state, props.preview.as_ref()) else { return html! {} };
    if !reads_items(&props.operation) || preview.footprint.reads.is_empty() {
        return html! {};
    }
    let mut targets: Vec<(String, Option<String>)> = Vec::new();
    for read in &preview.footprint.reads {
        let target = (read.table.clone(), read.index.clone());
        if !targets.contains(&target) && targets.len() < 3 {
            targets.push(target);
        }
    }
    let grids = targets.into_iter().map(|(table, index)| {
        let Some(grid) = GridFootprint::of(&preview.footprint, &props.operation, &table, index.as_deref()) else {
            return html! {};
        };
        let name = match &index {
            Some(index) => lang.tr().table_index(&table, index),
            None => table.clone(),
        };
        let body = match &index {
            None => html! {
                <ItemGrid engine={EngineHandle(state.engine.clone())} version={state.data_version}
                    table={AttrValue::from(table.clone())} focus={None::<PrimaryKey>}
                    dispatcher={state.dispatcher()} footprint={Some(grid.clone())} />
            },
            Some(index) => html! {
                <IndexGrid engine={EngineHandle(state.engine.clone())} version={state.data_version}
                    ticks={state.ticks} table={AttrValue::from(table.clone())}
                    index={AttrValue::from(index.clone())} footprint={Some(grid.clone())} />
            },
        };
        html! {
            <div class="fp-target" data-table={table.clone()} data-index={index.clone().unwrap_or_default()}>
                { legend(&grid, &name, lang) }
                { body }
            </div>
        }
    });
    html! {
        <details class="card footprint-view" id="footprint-view" open=true>
            <summary>{ lang.t(Msg::FpTitle) }</summary>
            { for grids }
        </details>
    }
}
