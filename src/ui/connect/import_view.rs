//! Import: one of the endpoint's tables brought into the playground, its
//! description and its items up to a limit, so that its partitions, item
//! collections, GSI contents and hot keys show there ([`import`]).
//!
//! ```text
//!   a table of the endpoint ─ Describe ─→ keys, indexes, DynamoDB's item count and size
//!   limits (items, MB) ─→ what the Scan will read and cost, shown before it is sent
//!   Import ─ DescribeTimeToLive ─ Scan pages up to the limit (progress, Cancel)
//!          ─ a playground of the table and its items: saved as a workspace for the
//!            playground page, and loaded into this page's copy, to compare with right away
//! ```
//!
//! Nothing in the playground page changes: the import is a new workspace,
//! opened there from *Workspaces ▾* when wanted.

use std::cell::Cell;
use std::rc::Rc;

use serde_json::{json, Value};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::client;
use super::connection_panel::Connected;
use super::failure_view::failure_view;
use crate::connect::answer::Failure;
use crate::connect::import::{self, Collected, Limit};
use crate::scenario::Scenario;
use crate::ui::format::size_text;
use crate::ui::language::use_lang;
use crate::ui::persist;
use crate::ui::state::{Action, PlaygroundContext};

const MIB: f64 = 1024.0 * 1024.0;

/// Where an import is.
#[derive(Clone, Debug, PartialEq)]
enum Run {
    Idle,
    Reading {
        items: usize,
        units: f64,
    },
    Done {
        items: usize,
        table: String,
        units: f64,
        workspace: Option<String>,
    },
    Cancelled,
    Failed(Failure),
    /// The engine refused the table or an item: its message.
    Refused(String),
}

#[derive(Properties, PartialEq)]
pub struct ImportViewProps {
    pub connected: Rc<Connected>,
    pub state: PlaygroundContext,
    /// The endpoint's tables, listed again.
    pub on_tables: Callback<Vec<String>>,
}

/// The limit the fields say: `None` for an empty or unreadable field.
fn limit_of(items: &str, megabytes: &str) -> Limit {
    let items = items.trim().parse::<u64>().ok().filter(|n| *n > 0);
    let bytes = megabytes.trim().replace(',', ".").parse::<f64>().ok().filter(|m| *m > 0.0).map(|m| (m * MIB) as u64);
    Limit { items, bytes }
}

/// The whole import: pages up to the limit, then the playground built.
async fn run_import(
    connected: &Connected,
    table: &str,
    limit: Limit,
    cancel: &Cell<bool>,
    show: &dyn Fn(Run),
) -> Result<(Scenario, Collected), Run> {
    let connection = &connected.connection;
    let description =
        client::send(connection, "DescribeTable", &json!({"TableName": table})).await.map_err(Run::Failed)?;
    let create = import::create_request(&description).map_err(Run::Refused)?;
    // An endpoint without TTL support answers an error: the table comes without TTL.
    let ttl = client::send(connection, "DescribeTimeToLive", &json!({"TableName": table}))
        .await
        .ok()
        .and_then(|answer| import::ttl_attribute(&answer));
    let mut collected = Collected::default();
    let mut start: Option<Value> = None;
    loop {
        if cancel.get() {
            return Err(Run::Cancelled);
        }
        let request = collected.next_request(table, start.as_ref(), limit);
        let page = client::send(connection, "Scan", &request).await.map_err(Run::Failed)?;
        let next = collected.add_page(&page, limit);
        show(Run::Reading { items: collected.items.len(), units: collected.read_units });
        match next {
            Some(key) => start = Some(key),
            None => break,
        }
    }
    let engine = import::into_engine(&create, ttl.as_deref(), &collected.items)
        .map_err(|e| Run::Refused(format!("{}: {}", e.name(), e.message())))?;
    Ok((Scenario::of(&engine), collected))
}

/// Saves `scenario` as a new workspace named after the table.
fn save_as_workspace(table: &str, scenario: &Scenario) -> Option<String> {
    let storage = web_sys::window()?.local_storage().ok()??;
    let base = persist::workspace_name(&format!("Imported {table}"))?;
    let name = persist::free_workspace_name(&storage, &base);
    persist::save_workspace(&name, scenario).ok().map(|()| name)
}

#[component]
pub fn ImportView(props: &ImportViewProps) -> Html {
    let lang = use_lang();
    let words = lang.connect();
    let tables = &props.connected.tables;
    // The table chosen, or the first one listed while none (or one no longer listed) is.
    let picked = use_state(String::new);
    let chosen = Some((*picked).clone())
        .filter(|name| tables.contains(name))
        .or_else(|| tables.first().cloned())
        .unwrap_or_default();
    let described = use_state(|| None::<Rc<Value>>);
    let describe_failure = use_state(|| None::<Failure>);
    let limit_items = use_state(|| "1000".to_string());
    let limit_mb = use_state(|| "1".to_string());
    let run = use_state(|| Run::Idle);
    let cancel = use_mut_ref(|| Rc::new(Cell::new(false)));

    let on_refresh = {
        let (connected, failure, on_tables) =
            (props.connected.clone(), describe_failure.clone(), props.on_tables.clone());
        Callback::from(move |_: MouseEvent| {
            let (connected, failure, on_tables) = (connected.clone(), failure.clone(), on_tables.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match client::list_tables(&connected.connection).await {
                    Ok(names) => {
                        failure.set(None);
                        on_tables.emit(names);
                    }
                    Err(why) => failure.set(Some(why)),
                }
            });
        })
    };
    let on_choose = {
        let (picked, described) = (picked.clone(), described.clone());
        Callback::from(move |e: Event| {
            picked.set(e.target_unchecked_into::<HtmlSelectElement>().value());
            described.set(None);
        })
    };
    let on_describe = {
        let (connected, chosen, described, failure) =
            (props.connected.clone(), chosen.clone(), described.clone(), describe_failure.clone());
        Callback::from(move |_: MouseEvent| {
            let (connected, table, described, failure) =
                (connected.clone(), chosen.clone(), described.clone(), failure.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match client::send(&connected.connection, "DescribeTable", &json!({"TableName": table})).await {
                    Ok(answer) => {
                        failure.set(None);
                        described.set(Some(Rc::new(answer)));
                    }
                    Err(why) => failure.set(Some(why)),
                }
            });
        })
    };
    let field = |id: &'static str, value: &UseStateHandle<String>| {
        let value = value.clone();
        let oninput =
            Callback::from(move |e: InputEvent| value.set(e.target_unchecked_into::<HtmlInputElement>().value()));
        (id, oninput)
    };
    let limit = limit_of(&limit_items, &limit_mb);
    let going = matches!(*run, Run::Reading { .. });

    let on_import = {
        let (connected, chosen, run, cancel, state) =
            (props.connected.clone(), chosen.clone(), run.clone(), cancel.clone(), props.state.clone());
        Callback::from(move |_: MouseEvent| {
            if matches!(*run, Run::Reading { .. }) {
                return;
            }
            let flag = Rc::new(Cell::new(false));
            *cancel.borrow_mut() = flag.clone();
            let (connected, table, run, state) = (connected.clone(), chosen.clone(), run.clone(), state.clone());
            run.set(Run::Reading { items: 0, units: 0.0 });
            wasm_bindgen_futures::spawn_local(async move {
                let show = {
                    let run = run.clone();
                    move |next: Run| run.set(next)
                };
                match run_import(&connected, &table, limit, &flag, &show).await {
                    Ok((scenario, collected)) => {
                        let workspace = save_as_workspace(&table, &scenario);
                        state.dispatch(Action::Load(Box::new(scenario), None));
                        run.set(Run::Done {
                            items: collected.items.len(),
                            table,
                            units: collected.read_units,
                            workspace,
                        });
                    }
                    Err(stopped) => run.set(stopped),
                }
            });
        })
    };
    let on_cancel = {
        let cancel = cancel.clone();
        Callback::from(move |_: MouseEvent| cancel.borrow().set(true))
    };

    let details = (*described).as_ref().map(|answer| {
        let table = answer.get("Table").cloned().unwrap_or_default();
        let figure = |member: &str| table.get(member).and_then(Value::as_u64).unwrap_or_default();
        let count = |member: &str| table.get(member).and_then(Value::as_array).map_or(0, Vec::len);
        let summary = (words.import_described)(
            &chosen,
            &lang.count(figure("ItemCount")),
            &lang.figure(&size_text(figure("TableSizeBytes"))),
            &lang.count(count("GlobalSecondaryIndexes") as u64),
            &lang.count(count("LocalSecondaryIndexes") as u64),
            &lang.count(count("VectorIndexes") as u64),
        );
        let estimate = import::estimate(answer, limit);
        let estimate_text = (words.import_estimate)(
            &lang.figure(&size_text(estimate.bytes)),
            &lang.count(estimate.items),
            &lang.number(estimate.read_units),
            &lang.dollars(&crate::ui::cost::dollars(estimate.dollars())),
        );
        let (items_id, on_items) = field("import-limit-items", &limit_items);
        let (mb_id, on_mb) = field("import-limit-mb", &limit_mb);
        html! {
            <>
                <p id="import-described">{ summary }</p>
                <div class="compare-controls">
                    <label class="field">
                        <span>{ words.limit_items_label }</span>
                        <input id={items_id} type="number" min="1" value={(*limit_items).clone()} oninput={on_items} />
                    </label>
                    <label class="field">
                        <span>{ words.limit_mb_label }</span>
                        <input id={mb_id} type="number" min="0" step="0.5" value={(*limit_mb).clone()} oninput={on_mb} />
                    </label>
                </div>
                <p id="import-estimate">{ estimate_text }</p>
                <button type="button" id="btn-import" class="primary" onclick={on_import.clone()} disabled={going}>
                    { words.import_button }
                </button>
            </>
        }
    });
    let status = match &*run {
        Run::Idle => Html::default(),
        Run::Reading { items, units } => html! {
            <div class="deploy-status" id="import-status" aria-live="polite">
                <span>{ (words.import_reading)(&lang.count(*items as u64), &lang.number(*units)) }</span>
                <button type="button" id="btn-import-cancel" class="quiet" onclick={on_cancel}>{ words.cancel }</button>
            </div>
        },
        Run::Done { items, table, units, workspace } => html! {
            <div id="import-status" role="status">
                <p class="compare-same">
                    { "✓ " }{ (words.imported)(&lang.count(*items as u64), table, &lang.number(*units)) }
                </p>
                <p class="hint">
                    { match workspace {
                        Some(name) => (words.import_saved)(name),
                        None => words.import_not_saved.to_string(),
                    } }
                    { " " }
                    <a href="./" target="_blank" id="import-open">{ words.open_playground }</a>
                </p>
            </div>
        },
        Run::Cancelled => html! { <p class="error" id="import-status">{ words.import_cancelled }</p> },
        Run::Failed(failure) => html! { <div id="import-status">{ failure_view(words, failure) }</div> },
        Run::Refused(why) => {
            html! { <p class="error" id="import-status" role="alert">{ (words.import_refused)(why) }</p> }
        }
    };
    html! {
        <section class="card import-panel" id="import" aria-labelledby="import-title">
            <h2 id="import-title">{ words.import_title }</h2>
            <p class="hint">{ words.import_intro }</p>
            <button type="button" id="btn-import-refresh" class="quiet" onclick={on_refresh}>{ words.refresh }</button>
            if tables.is_empty() {
                <p class="hint">{ words.no_tables }</p>
            } else {
                <div class="compare-controls">
                    <label class="field">
                        <span>{ words.import_table_label }</span>
                        <select id="import-table" onchange={on_choose}>
                            { for tables.iter().map(|t| html! {
                                <option value={t.clone()} selected={*t == chosen}>{ t }</option>
                            }) }
                        </select>
                    </label>
                    <button type="button" id="btn-import-describe" class="quiet" onclick={on_describe}>
                        { words.describe }
                    </button>
                </div>
                if let Some(failure) = &*describe_failure { { failure_view(words, failure) } }
                { details.unwrap_or_default() }
                { status }
            }
        </section>
    }
}
