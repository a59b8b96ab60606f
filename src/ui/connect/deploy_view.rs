//! Deploy: the playground's tables created on the endpoint and their items
//! written, after saying what will be created and what the writes cost
//! ([`deploy::plan`]).
//!
//! ```text
//!   the plan: each table (items, indexes), the write units and dollars on demand;
//!             with vector indexes, a choice to leave them out (an endpoint without vector search)
//!   a table the endpoint already has ── its name typed to confirm ── not created, its items written into it
//!   Deploy ─ ListTables again (a table that appeared since needs confirming too)
//!          ─ per table: CreateTable · DescribeTable every second until ACTIVE · UpdateTimeToLive
//!                       BatchWriteItem of ≤ 25, UnprocessedItems and throttled batches sent again after a pause
//!          ─ progress bar; Cancel stops before the next request
//!          ─ done: tables, items, and the write units the endpoint reported beside the predicted ones
//! ```
//!
//! A failure stops the deployment where it is and says what was written;
//! nothing in the playground changes.

use std::cell::Cell;
use std::collections::BTreeSet;
use std::rc::Rc;
use std::time::Duration;

use serde_json::{json, Value};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::client;
use super::connection_panel::Connected;
use super::failure_view::failure_view;
use crate::connect::answer::{Advice, Failure};
use crate::connect::compare::units;
use crate::connect::deploy::{self, backoff_millis, resend, table_status, Plan, VectorIndexes, MAX_ATTEMPTS};
use crate::connect::endpoint::Connection;
use crate::ui::language::use_lang;
use crate::ui::state::PlaygroundContext;

/// How long a new table may take to become ACTIVE.
const ACTIVE_WAIT_SECONDS: u32 = 300;

/// Where a deployment is.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    Creating(String),
    Waiting(String),
    Writing(String),
}

/// What a deployment shows.
#[derive(Clone, Debug, PartialEq)]
enum Run {
    Idle,
    Going {
        step: Step,
        written: usize,
    },
    Done {
        tables: usize,
        written: usize,
        units: f64,
    },
    Cancelled {
        written: usize,
    },
    Failed {
        failure: Failure,
        written: usize,
    },
    /// Tables the endpoint has that were not confirmed.
    Unconfirmed(Vec<String>),
}

/// Sends one request, giving up when the user cancelled.
async fn send(connection: &Connection, cancel: &Cell<bool>, operation: &str, request: &Value) -> Result<Value, Stop> {
    if cancel.get() {
        return Err(Stop::Cancelled);
    }
    client::send(connection, operation, request).await.map_err(Stop::Failed)
}

enum Stop {
    Cancelled,
    Failed(Failure),
}

/// Writes one batch, sending unprocessed and throttled puts again;
/// answers the items written and the units reported.
async fn write_batch(connection: &Connection, cancel: &Cell<bool>, batch: Value) -> Result<(usize, f64), Stop> {
    let count = |request: &Value| -> usize {
        request
            .get("RequestItems")
            .and_then(Value::as_object)
            .map(|tables| tables.values().filter_map(Value::as_array).map(Vec::len).sum())
            .unwrap_or_default()
    };
    let (mut request, mut written, mut reported) = (batch, 0, 0.0);
    for attempt in 1..=MAX_ATTEMPTS {
        match send(connection, cancel, "BatchWriteItem", &request).await {
            Ok(answer) => {
                reported += units(answer.get("ConsumedCapacity")).values().sum::<f64>();
                let sent = count(&request);
                match resend(answer.get("UnprocessedItems")) {
                    None => return Ok((written + sent, reported)),
                    Some(left) => {
                        written += sent - count(&left).min(sent);
                        request = left;
                    }
                }
            }
            Err(Stop::Failed(failure)) if failure.advice() == Advice::Throttled && attempt < MAX_ATTEMPTS => {}
            Err(stop) => return Err(stop),
        }
        yew::platform::time::sleep(Duration::from_millis(u64::from(backoff_millis(attempt)))).await;
    }
    Err(Stop::Failed(Failure::Unreachable(format!(
        "BatchWriteItem: items still unprocessed after {MAX_ATTEMPTS} attempts"
    ))))
}

/// The whole deployment; `show` is called at every step.
async fn deploy(
    connection: &Connection,
    plan: &Plan,
    existing: &BTreeSet<String>,
    cancel: &Cell<bool>,
    show: &dyn Fn(Run),
) -> Run {
    let mut written = 0;
    let mut reported = 0.0;
    let stopped = |stop: Stop, written| match stop {
        Stop::Cancelled => Run::Cancelled { written },
        Stop::Failed(failure) => Run::Failed { failure, written },
    };
    for table in &plan.tables {
        let name = &table.name;
        if !existing.contains(name) {
            show(Run::Going { step: Step::Creating(name.clone()), written });
            if let Err(stop) = send(connection, cancel, "CreateTable", &table.create).await {
                return stopped(stop, written);
            }
            show(Run::Going { step: Step::Waiting(name.clone()), written });
            let mut active = false;
            for _ in 0..ACTIVE_WAIT_SECONDS {
                match send(connection, cancel, "DescribeTable", &json!({"TableName": name})).await {
                    Ok(description) if table_status(&description) == "ACTIVE" => {
                        active = true;
                        break;
                    }
                    Ok(_) => {}
                    Err(stop) => return stopped(stop, written),
                }
                yew::platform::time::sleep(Duration::from_secs(1)).await;
            }
            if !active {
                let failure = Failure::Unreachable(format!("{name} was not ACTIVE after {ACTIVE_WAIT_SECONDS} s"));
                return Run::Failed { failure, written };
            }
            if let Some(ttl) = &table.ttl {
                if let Err(stop) = send(connection, cancel, "UpdateTimeToLive", ttl).await {
                    return stopped(stop, written);
                }
            }
        }
        for batch in table.batches() {
            show(Run::Going { step: Step::Writing(name.clone()), written });
            match write_batch(connection, cancel, batch).await {
                Ok((count, units)) => {
                    written += count;
                    reported += units;
                }
                Err(stop) => return stopped(stop, written),
            }
        }
    }
    Run::Done { tables: plan.tables.len(), written, units: reported }
}

#[derive(Properties, PartialEq)]
pub struct DeployViewProps {
    pub connected: Rc<Connected>,
    pub state: PlaygroundContext,
    /// The endpoint's tables, listed again.
    pub on_tables: Callback<Vec<String>>,
}

#[component]
pub fn DeployView(props: &DeployViewProps) -> Html {
    let lang = use_lang();
    let words = lang.connect();
    let state = &props.state;
    let leave_out = use_state(|| false);
    let plan = use_memo((state.generation, *leave_out), {
        let engine = state.engine.clone();
        move |(_, leave_out)| {
            let vectors = if *leave_out { VectorIndexes::LeaveOut } else { VectorIndexes::Send };
            engine.try_borrow().map(|e| deploy::plan(&e, vectors)).ok()
        }
    });
    let endpoint_tables = use_state(|| props.connected.tables.iter().cloned().collect::<BTreeSet<String>>());
    let typed = use_state(BTreeSet::<String>::new);
    let run = use_state(|| Run::Idle);
    let cancel = use_mut_ref(|| Rc::new(Cell::new(false)));

    let Some(plan) = (*plan).clone() else { return html! {} };
    if plan.tables.is_empty() {
        return html! {
            <section class="card deploy-panel" id="deploy" aria-labelledby="deploy-title">
                <h2 id="deploy-title">{ words.deploy_title }</h2>
                <p class="hint">{ words.nothing_to_deploy }</p>
            </section>
        };
    }
    let plan = Rc::new(plan);
    let going = matches!(*run, Run::Going { .. });

    let on_deploy = {
        let (connected, plan, endpoint_tables, typed, run, cancel, on_tables) = (
            props.connected.clone(),
            plan.clone(),
            endpoint_tables.clone(),
            typed.clone(),
            run.clone(),
            cancel.clone(),
            props.on_tables.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if matches!(*run, Run::Going { .. }) {
                return;
            }
            let flag = Rc::new(Cell::new(false));
            *cancel.borrow_mut() = flag.clone();
            let (connected, plan, endpoint_tables, typed, run, on_tables) = (
                connected.clone(),
                plan.clone(),
                endpoint_tables.clone(),
                typed.clone(),
                run.clone(),
                on_tables.clone(),
            );
            run.set(Run::Going { step: Step::Creating(String::new()), written: 0 });
            wasm_bindgen_futures::spawn_local(async move {
                // The endpoint's tables now: one created since connecting needs confirming too.
                let existing: BTreeSet<String> = match client::list_tables(&connected.connection).await {
                    Ok(names) => names.into_iter().collect(),
                    Err(failure) => {
                        run.set(Run::Failed { failure, written: 0 });
                        return;
                    }
                };
                endpoint_tables.set(existing.clone());
                let unconfirmed: Vec<String> = plan
                    .tables
                    .iter()
                    .map(|t| t.name.clone())
                    .filter(|name| existing.contains(name) && !typed.contains(name))
                    .collect();
                if !unconfirmed.is_empty() {
                    run.set(Run::Unconfirmed(unconfirmed));
                    return;
                }
                let show = {
                    let run = run.clone();
                    move |next: Run| run.set(next)
                };
                let done = deploy(&connected.connection, &plan, &existing, &flag, &show).await;
                if let Ok(names) = client::list_tables(&connected.connection).await {
                    endpoint_tables.set(names.iter().cloned().collect());
                    on_tables.emit(names);
                }
                run.set(done);
            });
        })
    };
    let on_cancel = {
        let cancel = cancel.clone();
        Callback::from(move |_: MouseEvent| cancel.borrow().set(true))
    };

    let rows = plan.tables.iter().map(|table| {
        let exists = endpoint_tables.contains(&table.name);
        let confirm = exists.then(|| {
            let (typed, name) = (typed.clone(), table.name.clone());
            let oninput = Callback::from(move |e: InputEvent| {
                let text = e.target_unchecked_into::<HtmlInputElement>().value();
                let mut next = (*typed).clone();
                if text == name {
                    next.insert(name.clone());
                } else {
                    next.remove(&name);
                }
                typed.set(next);
            });
            html! {
                <label class="deploy-confirm">
                    <span>{ (words.exists_on_endpoint)(&table.name) }</span>
                    <input type="text" class="deploy-confirm-name" data-table={table.name.clone()} {oninput}
                        autocomplete="off" spellcheck="false" />
                </label>
            }
        });
        html! {
            <li key={table.name.clone()} class={classes!("deploy-table", exists.then_some("exists"))}>
                <span>{ (words.deploy_table)(&table.name, &lang.count(table.items.len() as u64),
                    &lang.count((table.indexes() + table.vector_indexes()) as u64)) }</span>
                { confirm.unwrap_or_default() }
            </li>
        }
    });
    // For an endpoint without vector search, which refuses the whole table.
    let vectors_choice = (plan.vector_indexes > 0).then(|| {
        let onchange = {
            let leave_out = leave_out.clone();
            Callback::from(move |e: Event| leave_out.set(e.target_unchecked_into::<HtmlInputElement>().checked()))
        };
        html! {
            <label class="deploy-vectors">
                <input type="checkbox" id="deploy-leave-out-vectors" checked={*leave_out} {onchange} disabled={going} />
                <span>{ (words.leave_out_vectors)(&lang.count(plan.vector_indexes as u64)) }</span>
            </label>
        }
    });
    let cost =
        (words.deploy_cost)(&lang.number(plan.write_units), &lang.dollars(&crate::ui::cost::dollars(plan.dollars())));
    let total = plan.items();
    let status = match &*run {
        Run::Idle => Html::default(),
        Run::Going { step, written } => {
            let text = match step {
                Step::Creating(name) if name.is_empty() => words.running.to_string(),
                Step::Creating(name) => (words.creating)(name),
                Step::Waiting(name) => (words.waiting_active)(name),
                Step::Writing(name) => (words.writing)(name, &lang.count(*written as u64), &lang.count(total as u64)),
            };
            html! {
                <div class="deploy-status" id="deploy-status" aria-live="polite">
                    <progress id="deploy-progress" max={total.max(1).to_string()} value={written.to_string()} />
                    <span>{ text }</span>
                    <button type="button" id="btn-deploy-cancel" class="quiet" onclick={on_cancel}>{ words.cancel }</button>
                </div>
            }
        }
        Run::Done { tables, written, units } => html! {
            <p class="compare-same" id="deploy-status" role="status">
                { "✓ " }
                { (words.deployed)(&lang.count(*tables as u64), &lang.count(*written as u64)) }
                { " " }
                { (words.units_reported)(&lang.number(plan.write_units), &lang.number(*units)) }
            </p>
        },
        Run::Cancelled { written } => html! {
            <p class="error" id="deploy-status" role="status">{ (words.deploy_cancelled)(&lang.count(*written as u64)) }</p>
        },
        Run::Failed { failure, written } => html! {
            <div id="deploy-status">
                { failure_view(words, failure) }
                <p class="hint">{ (words.deploy_stopped)(&lang.count(*written as u64)) }</p>
            </div>
        },
        Run::Unconfirmed(names) => html! {
            <p class="error" id="deploy-status" role="alert">{ (words.confirm_missing)(&names.join(", ")) }</p>
        },
    };
    html! {
        <section class="card deploy-panel" id="deploy" aria-labelledby="deploy-title">
            <h2 id="deploy-title">{ words.deploy_title }</h2>
            <p class="hint">{ words.deploy_intro }</p>
            <ul class="deploy-tables" id="deploy-tables">{ for rows }</ul>
            { vectors_choice }
            <p id="deploy-cost">{ cost }</p>
            <button type="button" id="btn-deploy" class="primary" onclick={on_deploy} disabled={going}>
                { words.deploy_button }
            </button>
            { status }
        </section>
    }
}
