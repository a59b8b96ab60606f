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
//! [`Kept`](crate::engine::footprint::Kept)): `returned` — read and in the response's `Items`; `filtered` —
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

use std::rc::Rc;

use serde_json::Value;
use yew::prelude::*;

use super::console_state::ConsoleContext;
use super::operation_builder::side_request;
use crate::engine::footprint::Footprint;
use crate::engine::schema::PrimaryKey;
use crate::engine::sim::Touched;
use crate::engine::Operation;
use crate::ui::cost::Preview;
use crate::ui::language::{use_lang, Msg};
use crate::ui::state::{dry_run_footprint, use_playground, EngineHandle};
use crate::ui::tables::grid_marks::{legend, GridFootprint};
use crate::ui::tables::index_grid::IndexGrid;
use crate::ui::tables::item_grid::ItemGrid;

/// The operations whose footprint is drawn: the ones that read items.
fn reads_items(operation: &str) -> bool {
    Operation::parse(operation).is_some_and(Operation::reads_items)
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
    let state = use_playground();
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
        let (footprint, touched) = dry_run_footprint(engine.as_ref()?, operation, request)?;
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
    let state = use_playground();
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
