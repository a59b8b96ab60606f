//! A secondary index's contents, drawn like the table's items
//! ([`super::item_grid`]) but from the index's point of view, as the
//! GameTitleIndex and LastPostIndex slides draw them:
//!
//! ```text
//!   ┌────────────────┬─────────────┬───────────────┬─────────────┬──────┐
//!   │ PK GameTitle   │ SK TopScore │ table PK User │ type        │ Wins │  index keys, then the
//!   ├────────────────┼─────────────┼───────────────┼─────────────┼──────┤  table's keys (marked),
//!   │ Galaxy Invaders│ 5842        │ 101           │             │ 21   │  then the projected
//!   │                │ 8489        │ 102           │             │ 23   │  attributes only
//!   ├────────────────┼─────────────┼───────────────┼─────────────┼──────┤
//!   │ pending …      │ 9999        │ 103           │ arrives in 1.2 s   │  written, not yet here
//!   └────────────────┴─────────────┴───────────────┴─────────────┴──────┘
//! ```
//!
//! Entries come grouped by the index's partition key, in keyspace order, and
//! in index sort-key order inside ([`Table::index_collections`]). Each key
//! attribute has its own column: a multi-attribute key (a GSI of up to four
//! HASH and four RANGE attributes) shows its HASH attributes' values side by
//! side, spanning the collection's rows, with the combined value ("W + NA")
//! as their title, then one column per RANGE attribute, which order the
//! entries one after another. A GSI is
//! eventually consistent: base-table writes still on their way
//! ([`Engine::pending_index_updates`]) are listed greyed with the time left,
//! and entries about to leave are marked.
//!
//! **Entity types (overloading).** When one index partition holds entries of
//! different kinds of item, each entry is labelled with its type, found by a
//! simple rule, in order: the value of an attribute named `type`, `Type`,
//! `EntityType`, `entityType` or `entity_type` (a string) if the entry has
//! one; otherwise the part of the base table's sort key before its first `#`
//! (`ORDER#2024-01` → `ORDER`); otherwise the same of the base table's
//! partition key. Entries the rule gives no type stay unlabelled.
//!
//! Large indexes are windowed like the items grid (see
//! [`super::item_grid`]): only the entries in view, plus a margin, are drawn.
//!
//! [`Table::index_collections`]: crate::engine::table::Table::index_collections
//! [`Engine::pending_index_updates`]: crate::engine::Engine::pending_index_updates

use std::collections::BTreeMap;

use yew::prelude::*;

use super::grid_marks::{mark_cell, mark_head, pieces, stop_line, word, GridFootprint, Piece};
use super::grid_window::{use_grid_window, WINDOW_OVER, WINDOW_STYLE};
use crate::engine::index::{PendingIndexUpdateView, ProjectionType};
use crate::engine::ordered::Ordered;
use crate::engine::schema::{KeyValue, PrimaryKey};
use crate::engine::storage::keyspace_position;
use crate::engine::value::wire::item_to_wire;
use crate::engine::value::{AttributeValue, Item};
use crate::ui::format::{cell_text, CellText};
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::state::EngineHandle;

#[derive(Properties, PartialEq)]
pub struct IndexGridProps {
    pub engine: EngineHandle,
    /// The playground's `data_version`: a new number means new data.
    pub version: u64,
    /// The playground's `ticks`: moves while updates are pending, so their
    /// countdowns redraw.
    pub ticks: u64,
    pub table: AttrValue,
    pub index: AttrValue,
    /// What the console's request reads of this index (`footprint`).
    #[prop_or_default]
    pub footprint: Option<std::rc::Rc<GridFootprint>>,
}

/// Attribute names that state an item's entity type.
const TYPE_ATTRIBUTES: [&str; 5] = ["type", "Type", "EntityType", "entityType", "entity_type"];

/// An entry's entity type by the rule in the module notes.
pub fn entity_type(item: &Item, table_key: &PrimaryKey) -> Option<String> {
    for name in TYPE_ATTRIBUTES {
        if let Some(AttributeValue::S(value)) = item.get(name) {
            return Some(value.clone());
        }
    }
    let prefix = |key: &KeyValue| match key {
        KeyValue::S(s) => s.split_once('#').map(|(head, _)| head.to_string()).filter(|h| !h.is_empty()),
        _ => None,
    };
    table_key.sort.as_ref().and_then(prefix).or_else(|| prefix(&table_key.partition))
}

/// One value cell.
fn value_cell(value: Option<&AttributeValue>, extra: Option<&'static str>, lang: Lang) -> Html {
    match value {
        Some(value) => {
            let CellText { text, class, title } = cell_text(value, lang);
            html! { <td class={classes!(class, extra)} {title}>{ text }</td> }
        }
        None => html! { <td class={classes!("absent", extra)}></td> },
    }
}

#[component]
pub fn IndexGrid(props: &IndexGridProps) -> Html {
    let lang = use_lang();
    let tr = lang.tr();
    let grid_window = use_grid_window();
    let Ok(engine) = props.engine.0.try_borrow() else { return html! {} };
    let Some(table) = engine.table(&props.table) else { return html! {} };
    let Some(index) = table.index(&props.index) else { return html! {} };
    let Some(collections) = table.index_collections(&props.index) else { return html! {} };
    let collections: Vec<_> = collections.collect();
    let table_schema = &table.definition.key_schema;
    let index_schema = &index.key_schema;
    // One column per key attribute: a multi-attribute key's HASH
    // attributes, then its RANGE attributes, in key-schema order.
    let partition_names: Vec<String> = index_schema.partition_attributes().map(|a| a.name.clone()).collect();
    let sort_names: Vec<String> = index_schema.sort_attributes().map(|a| a.name.clone()).collect();
    let multi_partition = partition_names.len() > 1;
    // The table's key columns the index's keys do not already show.
    let base_keys: Vec<String> =
        table_schema.attributes().map(|a| a.name.clone()).filter(|n| !index_schema.is_key_attribute(n)).collect();
    let pending: Vec<PendingIndexUpdateView> =
        engine.pending_index_updates(&props.table).into_iter().filter(|u| *u.index_name == *props.index).collect();
    // The last pending update of an item decides where it is going: into
    // the index (arriving, in key order) or out of it (leaving). Kept in one
    // map, overwritten, so the wasm carries no removal code for it.
    let mut last: BTreeMap<Vec<u8>, &PendingIndexUpdateView> = BTreeMap::new();
    for update in &pending {
        last.insert(table_key_id(&update.table_key), update);
    }
    let arriving: Vec<&PendingIndexUpdateView> = last.values().copied().filter(|u| u.entry.is_some()).collect();
    let leaving = |key: &Item| last.get(&table_key_id(key)).filter(|u| u.entry.is_none()).map(|u| u.remaining_millis);

    let is_key = |name: &str| index_schema.is_key_attribute(name) || table_schema.is_key_attribute(name);
    let others: Vec<String> = collections
        .iter()
        .flat_map(|c| c.entries.iter().flat_map(|e| e.item.keys()))
        .chain(arriving.iter().filter_map(|u| u.entry.as_ref()).flat_map(|item| item.keys()))
        .filter(|name| !is_key(name))
        .cloned()
        .ordered_set()
        .into_iter()
        .collect();

    // Entity types per index partition; the column shows when any partition
    // mixes two or more.
    let types: Vec<Vec<Option<String>>> =
        collections.iter().map(|c| c.entries.iter().map(|e| entity_type(e.item, e.table_key)).collect()).collect();
    let overloaded: Vec<bool> = types.iter().map(|t| t.iter().flatten().ordered_set().len() > 1).collect();
    let show_types = overloaded.iter().any(|o| *o);

    let empty = collections.is_empty() && arriving.is_empty();
    let projection = match index.projection.projection_type {
        ProjectionType::All => lang.t(Msg::ProjectedAll).to_string(),
        ProjectionType::KeysOnly => lang.t(Msg::ProjectedKeysOnly).to_string(),
        ProjectionType::Include => tr.projected_include(&index.projection.non_key_attributes.join(", ")),
    };

    // The entries to draw: all, or a window (`first..end` in index order).
    let total: usize = collections.iter().map(|c| c.entries.len()).sum();
    let windowed = total > WINDOW_OVER;
    let (first, end) = grid_window.range(total);
    let mut starts = Vec::with_capacity(collections.len());
    let mut at = 0usize;
    for collection in &collections {
        starts.push(at);
        at = at.saturating_add(collection.entries.len());
    }
    let groups = collections.iter().zip(starts).enumerate().filter_map(|(group, (collection, start))| {
        // This collection's rows inside the window.
        let skip = first.saturating_sub(start);
        let take = end.saturating_sub(start).min(collection.entries.len()).saturating_sub(skip);
        (take > 0).then_some((group, collection, skip, take))
    });
    let footprint = props.footprint.as_deref();
    let columns = partition_names.len()
        + sort_names.len()
        + usize::from(show_types)
        + base_keys.len()
        + others.len()
        + usize::from(!arriving.is_empty())
        + usize::from(footprint.is_some());
    let groups = groups.map(|(group, collection, skip, take)| {
        let position = keyspace_position(&collection.hash);
        let overloaded_here = overloaded.get(group).copied().unwrap_or(false);
        // The combined value, "W + NA", names a multi-attribute partition.
        let combined = multi_partition.then(|| format!("{} = {}", partition_names.join(" + "), collection.partition_key.label()));
        let keys: Vec<Option<PrimaryKey>> = match footprint {
            Some(_) => collection.entries.iter().skip(skip).take(take).map(|e| Some(e.table_key.clone())).collect(),
            None => Vec::new(),
        };
        let draw = |row: usize, first: usize, count: usize| {
            let entry = collection.entries.get(row)?;
            // One cell per HASH attribute, spanning the run's rows; the
            // first also says where the partition is.
            let partition_cells = (row == first).then(|| {
                let parts = collection.partition_key.parts();
                parts.iter().enumerate().map(|(part, value)| {
                    let CellText { text, class, title } = cell_text(&value.to_attribute(), lang);
                    // All but the last HASH cell: one partition, a lighter line.
                    let inner = (part + 1 < parts.len()).then_some("pk-part");
                    html! {
                        <td class={classes!("pk-cell", inner, class)} rowspan={count.to_string()} title={combined.clone()}>
                            <div class="pk-value" {title}>{ text }</div>
                            if part == 0 {
                                <div class="keyspace">{ tr.keyspace(&position) }</div>
                                if overloaded_here {
                                    <div class="overloaded" title={lang.t(Msg::OverloadedTitle)}>{ lang.t(Msg::Overloaded) }</div>
                                }
                            }
                        </td>
                    }
                }).collect::<Html>()
            });
            let sort_cells = sort_names.iter().map(|name| value_cell(entry.item.get(name), Some("sk-cell"), lang));
            let base = base_keys.iter().map(|name| value_cell(entry.item.get(name), Some("base-key"), lang));
            let kind = types.get(group).and_then(|t| t.get(row)).cloned().flatten();
            let type_cell = show_types.then(|| match kind {
                Some(kind) if overloaded_here => html! { <td class="type-cell"><span class="type-label">{ kind }</span></td> },
                Some(kind) => html! { <td class="type-cell quiet-type">{ kind }</td> },
                None => html! { <td class="type-cell"></td> },
            });
            let leaves = leaving(&table_schema.key_item(entry.table_key));
            let kept = footprint.and_then(|f| f.kept(entry.table_key));
            Some(html! {
                <tr class={classes!("index-entry", leaves.is_some().then_some("leaving"))}
                    title={leaves.map(|ms| tr.leaves_in(&tr.duration(ms)))} data-footprint={kept.map(word)}>
                    if footprint.is_some() { { mark_cell(kept, lang) } }
                    { partition_cells }
                    { for sort_cells }
                    { type_cell }
                    { for base }
                    { for others.iter().map(|name| value_cell(entry.item.get(name), None, lang)) }
                </tr>
            })
        };
        // A page that stopped inside the collection cuts it in two runs.
        pieces(take, &keys, footprint)
            .into_iter()
            .map(|piece| match piece {
                Piece::Rows(start, end) => html! {
                    <tbody class="collection" data-partition={position.clone()} data-key={collection.partition_key.label()}>
                        { for (start..end).filter_map(|i| draw(skip + i, skip + start, end - start)) }
                    </tbody>
                },
                Piece::Stop(reason, forward) => stop_line(reason, forward, columns, lang),
            })
            .collect::<Html>()
    });

    let pending_rows = arriving.iter().filter_map(|update| {
        let item = update.entry.as_ref()?;
        let wait = tr.arrives_in(&tr.duration(update.remaining_millis));
        Some(html! {
            <tr class="pending-entry" title={lang.t(Msg::PendingEntryTitle)}>
                if footprint.is_some() { { mark_cell(None, lang) } }
                { for partition_names.iter().map(|name| value_cell(item.get(name), Some("pk-cell"), lang)) }
                { for sort_names.iter().map(|name| value_cell(item.get(name), Some("sk-cell"), lang)) }
                if show_types { <td class="type-cell"></td> }
                { for base_keys.iter().map(|name| value_cell(item.get(name), Some("base-key"), lang)) }
                { for others.iter().map(|name| value_cell(item.get(name), None, lang)) }
                <td class="pending-wait">{ wait }</td>
            </tr>
        })
    });
    let pending_count = arriving.len();

    let (marked_before, marked_after) = tr.marked_columns();
    html! {
        <div class="index-grid">
            <p class="hint">
                { tr.index_grid_hint(&projection) }
                { marked_before }<span class="chip base"><b>{ lang.t(Msg::ChipTableKey) }</b></span>{ marked_after }
            </p>
            if empty {
                <p class="hint empty-items">{ lang.t(Msg::IndexEmpty) }</p>
            } else {
                <div ref={grid_window.scroller()} class={classes!("grid-scroll", windowed.then_some("windowed"))}
                    tabindex="0" role="region" aria-label={index.name.clone()}
                    style={windowed.then_some(WINDOW_STYLE)} onscroll={windowed.then(|| grid_window.on_scroll(total))}>
                    <table class={classes!("items", "index-items", footprint.is_some().then_some("footprinted"))}>
                        <thead>
                            <tr>
                                if footprint.is_some() { { mark_head(lang) } }
                                { for partition_names.iter().map(|name| html! {
                                    <th class="key pk" scope="col" title={lang.t(Msg::IndexPartitionKeyTitle)}>
                                        <span class="key-badge">{ "PK" }</span>{ name }
                                    </th>
                                }) }
                                { for sort_names.iter().map(|name| html! {
                                    <th class="key sk" scope="col" title={lang.t(Msg::IndexSortKeyTitle)}>
                                        <span class="key-badge">{ "SK" }</span>{ name }
                                    </th>
                                }) }
                                if show_types {
                                    <th scope="col" class="type-head" title={lang.t(Msg::EntityTypeTitle)}>{ lang.t(Msg::EntityType) }</th>
                                }
                                { for base_keys.iter().map(|name| html! {
                                    <th class="key base" scope="col" title={lang.t(Msg::BaseKeyTitle)}>
                                        <span class="key-badge">{ lang.t(Msg::ChipTableKey) }</span>{ name }
                                    </th>
                                }) }
                                { for others.iter().map(|name| html! { <th scope="col">{ name }</th> }) }
                                if pending_count > 0 { <th scope="col">{ lang.t(Msg::Pending) }</th> }
                            </tr>
                        </thead>
                        { grid_window.spacer(first) }
                        { for groups }
                        { grid_window.spacer(total.saturating_sub(end)) }
                        if pending_count > 0 {
                            <tbody class="collection pending">{ for pending_rows }</tbody>
                        }
                    </table>
                </div>
            }
        </div>
    }
}

/// A table key as bytes to compare by (the key attributes' JSON).
fn table_key_id(key: &Item) -> Vec<u8> {
    item_to_wire(key).to_string().into_bytes()
}
