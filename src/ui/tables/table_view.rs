//! The selected table's contents: its totals and the [`ItemGrid`], or, by
//! the view selector `Table | idx1 | idx2`, one secondary index's contents
//! ([`IndexGrid`]) with its status, or a vector index's
//! [`VectorMap`](super::vector_map::VectorMap) (drawn through [`Later`]: its
//! code is loaded when first shown).

use yew::prelude::*;

use super::generate_form::GenerateForm;
use super::grid_marks;
use super::index_grid::IndexGrid;
use super::item_grid::ItemGrid;
use crate::engine::index::IndexStatus;
use crate::engine::schema::PrimaryKey;
use crate::engine::table::Table;
use crate::engine::value::wire::item_from_wire;
use crate::ui::language::{use_lang, Msg};
use crate::ui::page::later::{Later, Part};
use crate::ui::query::footprint::use_console_footprint;
use crate::ui::state::{use_playground, EngineHandle, Playground, Source};

/// The key of the item the editor's last successful PutItem or GetItem on
/// this table named, so the grid can mark the row the student just touched.
fn focus_key(state: &Playground, table: &Table) -> Option<PrimaryKey> {
    let entry = state.last_from(Source::Editor)?;
    let request = entry.request.as_ref().filter(|_| entry.outcome.is_ok())?;
    if request.get("TableName")?.as_str()? != table.definition.name {
        return None;
    }
    let member = match entry.operation.as_str() {
        "PutItem" => "Item",
        "GetItem" => "Key",
        _ => return None,
    };
    let item = item_from_wire(request.get(member)?).ok()?;
    table.definition.key_schema.key_of_item(&item).ok()
}

#[component]
pub fn TableView() -> Html {
    let lang = use_lang();
    let tr = lang.tr();
    let state = use_playground();
    // The view picked: `None` for the table itself, else an index's name.
    let view = use_state(|| None::<String>);
    // What the console's request reads, marked on the rows (`footprint`).
    let console_footprint = use_console_footprint();
    let Some(state) = state else { return html! {} };
    let Some(name) = state.selected.clone() else { return html! {} };
    let Ok(engine) = state.engine.try_borrow() else { return html! {} };
    let Some(table) = engine.table(&name) else { return html! {} };

    // Keys and capacity are in the table list already; here, what is stored.
    let count = table.item_count() as u64;
    let collections = table.collection_count() as u64;
    let focus = focus_key(&state, table);
    let mut facts = [tr.table_contents(count, table.size_bytes() as u64), tr.item_collections(collections)];

    // A view of an index that is gone (or of another table's) falls back
    // to the table.
    let index = view.as_deref().and_then(|v| table.index(v));
    let vector = view.as_deref().and_then(|v| table.definition.vector_indexes.iter().find(|x| x.name == v));
    if let (Some(vector), Some(store)) = (vector, vector.and_then(|v| table.vector_stores.get(&v.name))) {
        facts = [
            tr.index_contents(store.len() as u64, store.size_bytes() as u64),
            tr.vector_shape(vector.dimensions as u64, vector.distance.as_str()),
        ];
    }
    // An index's own figures: its entries (projected sizes) and partitions.
    if let (Some(index), Some(store)) = (index, index.and_then(|i| table.index_store(&i.name))) {
        let entries = store.entry_count() as u64;
        let groups = table.index_collections(&index.name).map_or(0, |c| c.count()) as u64;
        facts = [tr.index_contents(entries, store.size_bytes() as u64), tr.index_partition_keys(groups)];
    }
    let now = engine.clock().now_millis();
    let marks = console_footprint.as_ref().and_then(|f| f.grid(&name, index.map(|i| i.name.as_str())));
    let legend = marks.as_ref().map(|m| {
        let target = match index {
            Some(index) => tr.table_index(&name, &index.name),
            None => name.clone(),
        };
        grid_marks::legend(m, &target, lang)
    });
    let pick = |target: Option<String>| {
        let view = view.clone();
        Callback::from(move |_: MouseEvent| view.set(target.clone()))
    };
    let shown = index.map(|i| i.name.as_str()).or(vector.map(|v| v.name.as_str()));
    let view_tab = |target: Option<String>, label: String, kind: Option<&str>| {
        let selected = target.as_deref() == shown;
        html! {
            <button type="button" role="tab" class={classes!("view-tab", selected.then_some("selected"))}
                data-view={target.clone().unwrap_or_default()} aria-selected={selected.to_string()}
                onclick={pick(target)}>
                { label }
                if let Some(kind) = kind { <span class="kind-badge">{ kind }</span> }
            </button>
        }
    };
    let has_views = !table.definition.indexes.is_empty() || !table.definition.vector_indexes.is_empty();
    let selector = has_views.then(|| {
        html! {
            <div class="view-tabs" role="tablist" aria-label={lang.t(Msg::TableOrIndex)}>
                { view_tab(None, lang.t(Msg::ColTable).into(), None) }
                { for table.definition.indexes.iter().map(|i| view_tab(Some(i.name.clone()), i.name.clone(), Some(i.kind.abbreviation()))) }
                { for table.definition.vector_indexes.iter().map(|v| view_tab(Some(v.name.clone()), v.name.clone(), Some(lang.t(Msg::VectorBadge)))) }
            </div>
        }
    });
    let body = match (index, vector) {
        (None, Some(vector)) => html! {
            <Later part={Part::VectorMap { table: AttrValue::from(name.clone()), index: AttrValue::from(vector.name.clone()) }} />
        },
        (None, None) => html! {
            <>
                <p class="hint">
                    { lang.t(Msg::TableViewHint) }
                </p>
                <GenerateForm table={AttrValue::from(name.clone())} />
                <ItemGrid
                    engine={EngineHandle(state.engine.clone())}
                    version={state.data_version}
                    table={AttrValue::from(name.clone())}
                    {focus}
                    dispatcher={state.dispatcher()}
                    footprint={marks.clone()} />
            </>
        },
        (Some(index), _) => {
            let left = index.status_until_millis.map(|until| tr.duration(until.saturating_sub(now)));
            let status = match (index.status, left) {
                (IndexStatus::Creating, Some(left)) if index.backfilling => tr.creating_backfilling(&left),
                (IndexStatus::Deleting, Some(left)) => format!("DELETING · {}", tr.gone_in(&left)),
                (status, _) => status.as_str().to_string(),
            };
            let pending =
                engine.pending_index_updates(&name).iter().filter(|u| u.index_name == index.name).count() as u64;
            html! {
                <>
                    <p class="index-view-status">
                        <span class={classes!("status", index.status.as_str().to_ascii_lowercase())} id="index-view-status">{ status }</span>
                        if pending > 0 {
                            <span class="status-detail">{ tr.updates_on_the_way(pending) }</span>
                        }
                    </p>
                    <IndexGrid
                        engine={EngineHandle(state.engine.clone())}
                        version={state.data_version}
                        ticks={state.ticks}
                        table={AttrValue::from(name.clone())}
                        index={AttrValue::from(index.name.clone())}
                        footprint={marks.clone()} />
                </>
            }
        }
    };
    let title = match (index, vector) {
        (None, Some(vector)) => {
            let (between, after) = tr.index_of_table();
            html! {
                <>{ format!("{} ", lang.t(Msg::VectorBadge)) }<span class="table-title">{ &vector.name }</span>{ between }{ &name }{ after }</>
            }
        }
        (None, None) => {
            let (before, after) = tr.items_in();
            html! { <>{ before }<span class="table-title">{ &name }</span>{ after }</> }
        }
        (Some(index), _) => {
            let (between, after) = tr.index_of_table();
            html! {
                <>{ format!("{} ", index.kind.abbreviation()) }<span class="table-title">{ &index.name }</span>{ between }{ &name }{ after }</>
            }
        }
    };

    html! {
        <section class="card table-view" aria-labelledby="items-title">
            { selector }
            <div class="card-head">
                <h2 id="items-title">{ title }</h2>
                <ul class="facts">{ for facts.into_iter().map(|fact| html! { <li>{ fact }</li> }) }</ul>
            </div>
            { legend }
            { body }
        </section>
    }
}
