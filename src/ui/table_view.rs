//! The selected table's contents: its totals and the [`ItemGrid`].

use yew::prelude::*;

use super::format::bytes_label;
use super::item_grid::ItemGrid;
use super::state::{plural, EngineHandle, Playground, PlaygroundContext, Source};
use crate::engine::schema::PrimaryKey;
use crate::engine::table::Table;
use crate::engine::value::wire::item_from_wire;

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
    let Some(state) = use_context::<PlaygroundContext>() else { return html! {} };
    let Some(name) = state.selected.clone() else { return html! {} };
    let Ok(engine) = state.engine.try_borrow() else { return html! {} };
    let Some(table) = engine.table(&name) else { return html! {} };

    // Keys and capacity are in the table list already; here, what is stored.
    let count = table.storage.item_count() as u64;
    let collections = table.storage.collections().count() as u64;
    let focus = focus_key(&state, table);
    let facts = [
        format!("{count} item{} · {}", plural(count), bytes_label(table.storage.size_bytes())),
        format!("{collections} item collection{}", plural(collections)),
    ];

    html! {
        <section class="card table-view" aria-labelledby="items-title">
            <div class="card-head">
                <h2 id="items-title">{ "Items in " }<span class="table-title">{ &name }</span></h2>
                <ul class="facts">{ for facts.into_iter().map(|fact| html! { <li>{ fact }</li> }) }</ul>
            </div>
            <p class="hint">
                { "One block per item collection (items sharing a partition key), in keyspace order; sort-key order inside. Click a row to edit it." }
            </p>
            <ItemGrid
                engine={EngineHandle(state.engine.clone())}
                version={state.data_version}
                table={AttrValue::from(name.clone())}
                {focus}
                dispatcher={state.dispatcher()} />
        </section>
    }
}
