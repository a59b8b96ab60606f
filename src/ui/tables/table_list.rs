//! The tables of the account: pick one to work on, or delete it.
//!
//! Each entry is a short description read from the engine's snapshot (keys,
//! capacity mode, item count, size in bytes; DynamoDB refreshes the last two
//! only every six hours, the simulation keeps them exact). Deleting takes
//! two clicks, so a slip on a projector does not lose a prepared table; the
//! second click sends a real DeleteTable request.

use serde_json::json;
use yew::prelude::*;

use crate::engine::table::BillingMode;
use crate::ui::format::key_label;
use crate::ui::language::{use_lang, Msg};
use crate::ui::page::error_box::ErrorBox;
use crate::ui::state::{use_playground, Action, Source};

/// What the list shows of one table, copied out of the engine so no borrow
/// outlives the render.
struct TableSummary {
    name: String,
    keys: String,
    capacity: String,
    contents: String,
}

#[component]
pub fn TableList() -> Html {
    let state = use_playground();
    // The table whose delete button was pressed once and awaits confirmation.
    let armed = use_state(|| None::<String>);
    let lang = use_lang();
    let tr = lang.tr();
    let Some(state) = state else { return html! {} };

    let tables: Vec<TableSummary> = match state.engine.try_borrow() {
        Ok(engine) => engine
            .tables()
            .map(|table| {
                let d = &table.definition;
                let mut keys = format!("PK {}", key_label(&d.key_schema.partition_key));
                if let Some(sort) = &d.key_schema.sort_key {
                    keys.push_str(&format!(" · SK {}", key_label(sort)));
                }
                let capacity = match d.billing_mode {
                    BillingMode::PayPerRequest => lang.t(Msg::OnDemand).to_string(),
                    BillingMode::Provisioned => {
                        tr.provisioned_capacity(d.throughput.read_capacity_units, d.throughput.write_capacity_units)
                    }
                };
                TableSummary {
                    name: d.name.clone(),
                    keys,
                    capacity,
                    contents: tr.table_contents(table.item_count() as u64, table.size_bytes() as u64),
                }
            })
            .collect(),
        Err(_) => Vec::new(),
    };

    let entries = tables.into_iter().map(|table| {
        let selected = state.selected.as_deref() == Some(table.name.as_str());
        let is_armed = armed.as_deref() == Some(table.name.as_str());
        let select = {
            let state = state.clone();
            let name = table.name.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::SelectTable(name.clone())))
        };
        let arm = {
            let armed = armed.clone();
            let name = table.name.clone();
            Callback::from(move |_: MouseEvent| armed.set(Some(name.clone())))
        };
        let disarm = {
            let armed = armed.clone();
            Callback::from(move |_: MouseEvent| armed.set(None))
        };
        let delete = {
            let state = state.clone();
            let armed = armed.clone();
            let name = table.name.clone();
            Callback::from(move |_: MouseEvent| {
                armed.set(None);
                state.dispatch(Action::Execute {
                    source: Source::TableList,
                    operation: "DeleteTable".into(),
                    request: json!({ "TableName": name }),
                });
            })
        };
        html! {
            <li key={table.name.clone()} class={classes!("table-entry", selected.then_some("selected"))}>
                <button class="table-select" onclick={select} aria-pressed={selected.to_string()}>
                    <span class="table-name">{ &table.name }</span>
                    <span class="table-desc">{ &table.keys }</span>
                    <span class="table-desc">{ &table.capacity }</span>
                    <span class="table-desc">{ &table.contents }</span>
                </button>
                <div class="table-actions">
                    if is_armed {
                        <button class="danger" onclick={delete}>{ tr.delete_table(&table.name) }</button>
                        <button class="quiet" onclick={disarm}>{ lang.t(Msg::Keep) }</button>
                    } else {
                        <button class="quiet" onclick={arm} title="DeleteTable">{ lang.t(Msg::DeleteAsk) }</button>
                    }
                </div>
            </li>
        }
    });

    let outcome = state.last_from(Source::TableList).and_then(|entry| match &entry.outcome {
        Ok(_) => None,
        Err(error) => Some(html! { <ErrorBox error={error.clone()} /> }),
    });

    let empty = state.engine.try_borrow().map(|engine| engine.tables().next().is_none()).unwrap_or(true);
    html! {
        <section class="card table-list" aria-labelledby="tables-title">
            <h2 id="tables-title">{ lang.t(Msg::TablesTitle) }</h2>
            if empty {
                <p class="hint">{ lang.t(Msg::NoTables) }</p>
            } else {
                <ul class="tables">{ for entries }</ul>
            }
            { outcome }
        </section>
    }
}
