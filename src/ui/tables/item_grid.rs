//! A table's items, drawn the way lecture slides draw a DynamoDB table.
//!
//! ```text
//!   ┌──────────────┬───────────────┬────────┬──────┐
//!   │ PK Artist    │ SK SongTitle  │ Album  │ Year │   key columns first, then
//!   ├──────────────┼───────────────┼────────┼──────┤   every other attribute
//!   │ Acme         │ Call Me Today │ Single │ 2024 │   name, sorted
//!   │ keyspace 3f… │ Happy Day     │        │ 2023 │ ← one item collection:
//!   ├──────────────┼───────────────┼────────┼──────┤   the partition key cell
//!   │ No One …     │ My Dog Spot   │ Hey    │      │   spans its items, which
//!   └──────────────┴───────────────┴────────┴──────┘   are in sort-key order
//! ```
//!
//! Collections come in keyspace order (the hash of the partition key), which
//! is the order a Scan returns them in; the 6-hex-digit position is printed
//! under each partition key so the "shuffled" order has a visible reason.
//!
//! The grid takes the engine and a version number as properties and does
//! not read the context, so typing in the editor does not redraw it: it
//! re-renders only when a request has been executed or another table is
//! selected. Clicking a row loads that item into the editor; the row the
//! editor last wrote or read is marked. With TTL on, an item whose expiry
//! has passed (on the engine clock) but which the sweeper has not deleted
//! yet is marked "expired": reads still return it.
//!
//! **Large tables are windowed** (above [`WINDOW_OVER`] items): the grid
//! scrolls inside a box of its own and draws only the rows around the view
//! ([`super::grid_window`]). A collection cut by the window's edge keeps
//! its partition key cell, spanning the rows that are drawn.

use std::rc::Rc;

use yew::prelude::*;

use super::grid_marks::{mark_cell, mark_head, pieces, stop_line, word, GridFootprint, Piece};
use super::grid_window::{use_grid_window, WINDOW_OVER, WINDOW_STYLE};
use crate::engine::ordered::Ordered;
use crate::engine::schema::PrimaryKey;
use crate::engine::storage::keyspace_position;
use crate::engine::ttl::expiry_millis;
use crate::engine::value::{AttributeValue, Item};
use crate::ui::format::{cell_text, editor_text_for, CellText};
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::state::{Action, EngineHandle, Playground};

#[derive(Properties, PartialEq)]
pub struct ItemGridProps {
    pub engine: EngineHandle,
    /// The playground's `data_version`: a new number means new data.
    pub version: u64,
    pub table: AttrValue,
    /// The key of the row to mark as just written or read.
    pub focus: Option<PrimaryKey>,
    pub dispatcher: UseReducerDispatcher<Playground>,
    /// What the console's request reads of this table (`footprint`).
    #[prop_or_default]
    pub footprint: Option<Rc<GridFootprint>>,
}

/// One value cell; `badge` adds a word after the value.
fn value_cell(
    value: Option<&AttributeValue>,
    extra: Option<&'static str>,
    badge: Option<&'static str>,
    lang: Lang,
) -> Html {
    let badge = badge.map(|word| html! { <span class="expired-badge">{ word }</span> });
    match value {
        Some(value) => {
            let CellText { text, class, title } = cell_text(value, lang);
            html! { <td class={classes!(class, extra)} {title}>{ text }{ badge }</td> }
        }
        None => html! { <td class={classes!("absent", extra)}>{ badge }</td> },
    }
}

#[component]
pub fn ItemGrid(props: &ItemGridProps) -> Html {
    // Read from its context, so a new language redraws the grid although
    // its properties stay the same.
    let lang = use_lang();
    let grid_window = use_grid_window();
    // A new footprint on a windowed grid: scroll to the first item read.
    {
        let (grid_window, engine, table) = (grid_window.clone(), props.engine.clone(), props.table.clone());
        use_effect_with(props.footprint.clone(), move |footprint| {
            let first = footprint.as_ref().and_then(|f| f.first.as_ref());
            let row = first.and_then(|key| {
                let engine = engine.0.try_borrow().ok()?;
                let table = engine.table(&table)?;
                (table.item_count() > WINDOW_OVER).then(|| table.row_of(key))
            });
            if let (Some(row), Some(element)) = (row, grid_window.scroller().cast::<web_sys::Element>()) {
                element.set_scroll_top(grid_window.scroll_top_for(row));
            }
        });
    }
    // The columns after the keys: the union of all other attribute names,
    // sorted. Finding them reads every item, so it is done when the data
    // changes, not on every redraw (scrolling a windowed grid redraws).
    let others = {
        let engine = props.engine.clone();
        use_memo((props.table.clone(), props.version), move |(name, _)| {
            let Ok(engine) = engine.0.try_borrow() else { return Vec::new() };
            let Some(table) = engine.table(name) else { return Vec::new() };
            let schema = &table.definition.key_schema;
            table
                .collections()
                .flat_map(|collection| collection.items.into_iter().flat_map(|item| item.into_keys()))
                .filter(|name| !schema.is_key_attribute(name))
                .ordered_set()
                .into_iter()
                .collect::<Vec<String>>()
        })
    };
    let Ok(engine) = props.engine.0.try_borrow() else { return html! {} };
    let Some(table) = engine.table(&props.table) else { return html! {} };
    let schema = &table.definition.key_schema;
    let partition_name = schema.partition_key.name.clone();
    let sort_name = schema.sort_key.as_ref().map(|k| k.name.clone());
    let ttl = table.ttl_attribute();
    let now = engine.clock().now_millis();

    if table.item_count() == 0 {
        return html! {
            <p class="hint empty-items">{ lang.t(Msg::NoItems) }</p>
        };
    }

    // The rows to draw: all of them, or a window (see the module notes).
    let total = table.item_count();
    let windowed = total > WINDOW_OVER;
    let (first, end) = grid_window.range(total);
    // Skip whole collections before the window; `skip_in_first` rows of the
    // next one are above it too.
    let (mut skip_collections, mut skip_in_first) = (0usize, first);
    for count in table.collection_spots().map(|spot| spot.items) {
        if skip_in_first < count {
            break;
        }
        skip_in_first -= count;
        skip_collections += 1;
    }
    let mut left = end.saturating_sub(first);
    let mut shown = Vec::new();
    for collection in table.collections().skip(skip_collections) {
        if left == 0 {
            break;
        }
        let skip = std::mem::take(&mut skip_in_first);
        let take = collection.items.len().saturating_sub(skip).min(left);
        left -= take;
        shown.push((collection, skip, take));
    }

    let footprint = props.footprint.as_deref();
    let columns = 1 + usize::from(sort_name.is_some()) + others.len() + usize::from(footprint.is_some());
    let collections = shown.into_iter().map(|(collection, skip, take)| {
        let position = keyspace_position(&collection.hash);
        // The items are unpacked for this view (storage keeps them packed):
        // each row owns its item, shared with its click handler.
        let items: Vec<Rc<Item>> = collection.items.into_iter().skip(skip).take(take).map(Rc::new).collect();
        let keys: Vec<Option<PrimaryKey>> = match footprint {
            Some(_) => items.iter().map(|item| schema.key_of_item(item).ok()).collect(),
            None => Vec::new(),
        };
        let row = |index: usize, first: usize, count: usize| {
            let item = items.get(index)?;
            let load = {
                let dispatcher = props.dispatcher.clone();
                let item = item.clone();
                Callback::from(move |_: MouseEvent| dispatcher.dispatch(Action::SetEditorText(editor_text_for(&item))))
            };
            // The partition key cell belongs to the run's first row and
            // spans the others.
            let partition_cell = (index == first).then(|| {
                let CellText { text, class, title } = cell_text(&collection.partition_key.to_attribute(), lang);
                html! {
                    <td class={classes!("pk-cell", class)} rowspan={count.to_string()}>
                        <div class="pk-value" {title}>{ text }</div>
                        <div class="keyspace" title={lang.t(Msg::KeyspaceTitle)}>
                            { lang.tr().keyspace(&position) }
                        </div>
                    </td>
                }
            });
            let sort_cell = sort_name.as_ref().map(|name| value_cell(item.get(name), Some("sk-cell"), None, lang));
            let focused = props.focus.is_some() && schema.key_of_item(item).ok() == props.focus;
            let expired = ttl.and_then(|a| expiry_millis(item, a, now)).is_some_and(|at| at <= now);
            let title = if expired { lang.t(Msg::ExpiredRowTitle) } else { lang.t(Msg::LoadRowTitle) };
            let badge = |name: &String| (expired && ttl == Some(name.as_str())).then_some("expired");
            let kept = footprint.and_then(|f| keys.get(index).and_then(Option::as_ref).and_then(|k| f.kept(k)));
            Some(html! {
                <tr class={classes!(focused.then_some("focus"), expired.then_some("expired"))} onclick={load} {title}
                    data-footprint={kept.map(word)}>
                    if footprint.is_some() { { mark_cell(kept, lang) } }
                    { partition_cell }
                    { sort_cell }
                    { for others.iter().map(|name| value_cell(item.get(name), None, badge(name), lang)) }
                </tr>
            })
        };
        // A page that stopped inside the collection cuts it in two runs,
        // with the stop line between them.
        pieces(items.len(), &keys, footprint)
            .into_iter()
            .map(|piece| match piece {
                Piece::Rows(start, end) => html! {
                    <tbody class="collection" data-partition={position.clone()}>
                        { for (start..end).filter_map(|i| row(i, start, end - start)) }
                    </tbody>
                },
                Piece::Stop(reason, forward) => stop_line(reason, forward, columns, lang),
            })
            .collect::<Html>()
    });

    let onscroll = grid_window.on_scroll(total);
    html! {
        <div ref={grid_window.scroller()} class={classes!("grid-scroll", windowed.then_some("windowed"))}
            // Scrollable: the keyboard reaches it too.
            tabindex="0" role="region" aria-label={lang.t(Msg::TabItems)}
            style={windowed.then_some(WINDOW_STYLE)} onscroll={windowed.then_some(onscroll)}
            data-rows={total.to_string()}>
            <table class={classes!("items", footprint.is_some().then_some("footprinted"))}>
                <thead>
                    <tr>
                        if footprint.is_some() { { mark_head(lang) } }
                        <th class="key pk" scope="col" title={lang.t(Msg::PartitionKeyHash)}>
                            <span class="key-badge">{ "PK" }</span>{ partition_name }
                        </th>
                        if let Some(sort_name) = sort_name.clone() {
                            <th class="key sk" scope="col" title={lang.t(Msg::SortKeyRange)}>
                                <span class="key-badge">{ "SK" }</span>{ sort_name }
                            </th>
                        }
                        { for others.iter().map(|name| html! { <th scope="col">{ name }</th> }) }
                    </tr>
                </thead>
                { grid_window.spacer(first) }
                { for collections }
                { grid_window.spacer(total.saturating_sub(end)) }
            </table>
        </div>
    }
}
