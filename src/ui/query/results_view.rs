//! What the console's last run returned: the items as a table (only the
//! attributes that came back, so a projection shows), Count and
//! ScannedCount, the capacity consumed, LastEvaluatedKey with "Next page",
//! and the whole response JSON on demand.
//!
//! Items are found wherever the operation puts them: `Items` (Query, Scan),
//! `Item` (GetItem), `Responses` (BatchGetItem, TransactGetItems),
//! `SearchResults` (SearchVectors, each item with its `Score`, shown as the
//! first column in rank order), `Attributes` (writes with `ReturnValues`).
//!
//! A new run whose results start below the fold (the builder is long at a
//! projector's 1280×720) brings them into view, so *Run* visibly did
//! something; results already on screen, or shown again after a tab switch,
//! stay where they are.

use std::rc::Rc;

use serde_json::Value;
use yew::prelude::*;

use super::console_state::{ConsoleAction, ConsoleState};
use crate::engine::ordered::Ordered;
use crate::engine::schema::KeySchema;
use crate::engine::value::wire::item_from_wire;
use crate::engine::value::Item;
use crate::ui::cost::{dollars, explain, search_cost, searched_bytes, Tally, UnitNames};
use crate::ui::draft::ItemOperation;
use crate::ui::format::{cell_text, CellText};
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::limits::shown_json;
use crate::ui::page::error_box::ErrorBox;
use crate::ui::state::{use_playground, Action, ConsoleRun, LogEntry, PlaygroundContext, Source};

/// The items a response carries, with the table each came from.
pub fn returned_items(operation: &str, response: &Value) -> Vec<Item> {
    let decode = |v: &Value| item_from_wire(v).ok();
    match operation {
        "Query" | "Scan" | "ExecuteStatement" => response
            .get("Items")
            .and_then(Value::as_array)
            .map(|items| items.iter().filter_map(decode).collect())
            .unwrap_or_default(),
        "GetItem" => response.get("Item").and_then(decode).into_iter().collect(),
        "SearchVectors" => search_results(response).filter_map(|r| r.get("Item")).filter_map(decode).collect(),
        "BatchGetItem" => response
            .get("Responses")
            .and_then(Value::as_object)
            .map(|tables| {
                tables.values().filter_map(Value::as_array).flat_map(|items| items.iter().filter_map(decode)).collect()
            })
            .unwrap_or_default(),
        "TransactGetItems" => response
            .get("Responses")
            .and_then(Value::as_array)
            .map(|items| items.iter().filter_map(|r| r.get("Item")).filter_map(decode).collect())
            .unwrap_or_default(),
        _ => response.get("Attributes").and_then(decode).into_iter().collect(),
    }
}

/// A SearchVectors response's results, best first.
fn search_results(response: &Value) -> impl Iterator<Item = &Value> {
    response.get("SearchResults").and_then(Value::as_array).into_iter().flatten()
}

/// Each SearchVectors result's `Score`, as the response writes it.
fn search_scores(operation: &str, response: &Value) -> Vec<String> {
    if operation != "SearchVectors" {
        return Vec::new();
    }
    search_results(response).map(|r| r.get("Score").map(Value::to_string).unwrap_or_default()).collect()
}

/// The items as a table: a search's scores first (when given), then key
/// attributes (when the table is known), then every other attribute that
/// came back, sorted.
fn items_table(items: &[Item], scores: &[String], schema: Option<&KeySchema>, lang: Lang) -> Html {
    let mut keys: Vec<(String, &'static str)> = Vec::new();
    if let Some(schema) = schema {
        let present = |name: &str| items.iter().any(|item| item.contains_key(name));
        if present(&schema.partition_key.name) {
            keys.push((schema.partition_key.name.clone(), "pk"));
        }
        if let Some(sk) = schema.sort_key.as_ref().filter(|sk| present(&sk.name)) {
            keys.push((sk.name.clone(), "sk"));
        }
    }
    let others: Vec<String> = items
        .iter()
        .flat_map(|item| item.keys())
        .filter(|name| !keys.iter().any(|(k, _)| k == *name))
        .cloned()
        .ordered_set()
        .into_iter()
        .collect();
    let head = keys
        .iter()
        .map(|(name, role)| {
            html! { <th class={classes!("key", *role)}><span class="key-badge">{ role.to_ascii_uppercase() }</span>{ name }</th> }
        })
        .chain(others.iter().map(|name| html! { <th>{ name }</th> }))
        .collect::<Html>();
    let score_head = (!scores.is_empty()).then(|| html! { <th class="score">{ "Score" }</th> });
    let rows = items.iter().enumerate().map(|(rank, item)| {
        let score = scores.get(rank).map(|score| html! { <td class="score number">{ score }</td> });
        let cells = keys
            .iter()
            .map(|(name, role)| (name, Some(if *role == "pk" { "pk-col" } else { "sk-col" })))
            .chain(others.iter().map(|name| (name, None)))
            .map(|(name, extra)| match item.get(name) {
                Some(value) => {
                    let CellText { text, class, title } = cell_text(value, lang);
                    html! { <td class={classes!(class, extra)} {title}>{ text }</td> }
                }
                None => html! { <td class={classes!("absent", extra)}></td> },
            })
            .collect::<Html>();
        html! { <tr>{ score }{ cells }</tr> }
    });
    html! {
        <div class="grid-scroll results-scroll" tabindex="0" role="region" aria-label={lang.t(Msg::ResultsTitle)}>
            <table class="items results-items">
                <thead><tr>{ score_head }{ head }</tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}

/// Scrolls the results to the top of the view if their heading is below
/// the fold (`scroll-margin-top` in the style sheet keeps it clear of the
/// sticky cost strip).
fn bring_into_view_if_below(results: &web_sys::Element) {
    // The window the page is in (a frame's own, when it runs in one).
    let Some(window) = results.owner_document().and_then(|d| d.default_view()) else { return };
    let fold = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    // The heading and a line of results: less than that is not seen.
    if results.get_bounding_client_rect().top() > fold - RESULTS_SEEN {
        results.scroll_into_view();
    }
}

/// Pixels of the results that must be on screen for a run to be seen.
const RESULTS_SEEN: f64 = 80.0;

#[derive(Properties, PartialEq)]
pub struct ResultsViewProps {
    /// To move the draft's start key along with "Next page". A dispatcher,
    /// not the console's state: typing in the builder must not redraw a
    /// results table that may hold thousands of rows.
    pub console: UseReducerDispatcher<ConsoleState>,
}

#[component]
pub fn ResultsView(props: &ResultsViewProps) -> Html {
    let lang = use_lang();
    let tr = lang.tr();
    let Some(state) = use_playground() else { return html! {} };
    let run_id = state.console_run.as_ref().map(|run| Rc::as_ptr(run) as usize);
    // The run shown when the view appeared is not new.
    let shown = use_mut_ref(|| run_id);
    let section = use_node_ref();
    {
        let section = section.clone();
        use_effect_with(run_id, move |run_id| {
            if *shown.borrow() != *run_id {
                *shown.borrow_mut() = *run_id;
                if let Some(results) = section.cast::<web_sys::Element>() {
                    bring_into_view_if_below(&results);
                }
            }
        });
    }
    let console = props.console.clone();
    let Some(run) = state.console_run.clone() else {
        return html! {
            <section class="card results" id="results" aria-labelledby="results-title" ref={section.clone()}>
                <h2 id="results-title">{ lang.t(Msg::ResultsTitle) }</h2>
                <p class="hint">{ lang.t(Msg::ResultsEmpty) }</p>
            </section>
        };
    };
    let ConsoleRun { operation, pages, truncated, .. } = run.as_ref();
    let Some(last) = pages.last() else { return html! {} };
    let table = last.table().unwrap_or_default().to_string();
    let (schema, names) = match state.engine.try_borrow() {
        Ok(engine) => match engine.table(&table) {
            Some(t) => (Some(t.definition.key_schema.clone()), UnitNames::of(state.is_on_demand(&table))),
            None => (None, UnitNames::PROVISIONED),
        },
        Err(_) => (None, UnitNames::PROVISIONED),
    };

    // Every page's items together; counts and cost summed.
    let mut items = Vec::new();
    let mut scores = Vec::new();
    let mut count = 0u64;
    let mut scanned = 0u64;
    let mut tally = Tally::default();
    for page in pages {
        if let Ok(response) = &page.outcome {
            items.extend(returned_items(operation, response));
            scores.extend(search_scores(operation, response));
            count += response.get("Count").and_then(Value::as_u64).unwrap_or(0);
            scanned += response.get("ScannedCount").and_then(Value::as_u64).unwrap_or(0);
        }
        let page_tally = Tally::of(&page.charges);
        tally.read += page_tally.read;
        tally.write += page_tally.write;
    }
    // A refused request has no Count: DynamoDB answered with an error only.
    let is_read_page = matches!(operation.as_str(), "Query" | "Scan") && pages.iter().any(|p| p.outcome.is_ok());

    let facts = {
        let mut facts = Vec::new();
        // Count and ScannedCount are the response's members: named as the
        // API names them, their figures spelled the page's way.
        if pages.len() > 1 {
            facts.push(tr.pages(pages.len() as u64));
        }
        if is_read_page {
            facts.push(format!("Count {}", lang.count(count)));
            facts.push(format!("ScannedCount {}", lang.count(scanned)));
        } else if !items.is_empty() {
            facts.push(tr.items(items.len() as u64));
        }
        // A search reports bytes, not units.
        let searched = pages.iter().find_map(|p| p.outcome.as_ref().ok().and_then(searched_bytes)).map(search_cost);
        match searched {
            Some((bytes, price)) => {
                facts.push(tr.vector_search_headline(&lang.count(bytes)));
                facts.push(tr.on_demand_price(&lang.dollars(&dollars(price))));
            }
            None if operation == "SearchVectors" => {}
            None => {
                facts.push(tr.consumed(&lang.figure(&tally.text(names))));
                facts.push(tr.on_demand_price(&lang.dollars(&dollars(tally.price()))));
            }
        }
        facts
    };

    let explanation = match &last.request {
        Some(request) if pages.len() == 1 => {
            let searched = last.outcome.as_ref().ok().and_then(searched_bytes);
            explain(operation, request, &last.outcome, &last.charges, searched, names, lang).summary()
        }
        _ => Vec::new(),
    };

    let body = match &last.outcome {
        Err(error) => html! { <ErrorBox error={error.clone()} /> },
        Ok(response) => {
            let last_key = response.get("LastEvaluatedKey").cloned();
            let pager = last_key.map(|key| {
                let next = {
                    let state = state.clone();
                    let console = console.clone();
                    let last = Rc::clone(last);
                    let key = key.clone();
                    Callback::from(move |_: MouseEvent| next_page(&state, &console, &last, &key, false))
                };
                let rest = {
                    let state = state.clone();
                    let console = console.clone();
                    let last = Rc::clone(last);
                    let key = key.clone();
                    Callback::from(move |_: MouseEvent| next_page(&state, &console, &last, &key, true))
                };
                html! {
                    <div class="pager">
                        <p class="last-key" id="results-last-key">
                            <span class="member">{ "LastEvaluatedKey " }</span><code>{ key.to_string() }</code>
                        </p>
                        <div class="pager-buttons">
                            <button type="button" class="primary" id="results-next" onclick={next}>{ lang.t(Msg::NextPage) }</button>
                            if operation != "ExecuteStatement" {
                                <button type="button" id="results-rest" onclick={rest}>{ lang.t(Msg::AllRemainingPages) }</button>
                            }
                        </div>
                    </div>
                }
            });
            let unprocessed = ["UnprocessedKeys", "UnprocessedItems"].iter().find_map(|member| {
                let value = response.get(*member)?;
                value.as_object().filter(|m| !m.is_empty()).map(|_| {
                    html! { <p class="notice">{ tr.unprocessed(member) }</p> }
                })
            });
            let listing = if items.is_empty() {
                let what = match ItemOperation::parse(operation) {
                    Some(op) if op.writes() => Msg::WriteDone,
                    _ if response.get("Count").is_some() && response.get("Items").is_none() => Msg::SelectCountOnly,
                    _ => Msg::NoItemsBack,
                };
                html! { <p class="hint empty-items">{ lang.t(what) }</p> }
            } else {
                items_table(&items, &scores, schema.as_ref(), lang)
            };
            html! {
                <>
                    { listing }
                    { unprocessed }
                    if *truncated {
                        <p class="notice">{ tr.stopped_after(pages.len()) }</p>
                    }
                    { pager }
                </>
            }
        }
    };
    // Drawn up to 64 KB each ([`limits`]).
    let response_json = match &last.outcome {
        Ok(response) => shown_json(lang, response),
        Err(error) => shown_json(lang, &error.to_wire()),
    };
    let request_json = last.request.as_ref().map(|r| shown_json(lang, r)).unwrap_or_default();

    html! {
        <section class="card results" id="results" aria-labelledby="results-title" ref={section.clone()}>
            <div class="card-head">
                <h2 id="results-title">{ lang.t(Msg::ResultsTitle) }<span class="on-table">{ format!(" · {operation} {table}") }</span></h2>
                <ul class="facts" id="results-facts">{ for facts.iter().map(|fact| html! { <li>{ fact }</li> }) }</ul>
            </div>
            { for explanation.into_iter().map(|line| html! { <p class="results-why">{ line }</p> }) }
            { body }
            <details class="response-json">
                <summary id="results-json-toggle">
                    { lang.t(if pages.len() > 1 { Msg::LastPageJson } else { Msg::RequestAndResponseJson }) }
                </summary>
                <div class="io">
                    <div><h4>{ lang.t(Msg::Request) }</h4><pre class="json">{ request_json }</pre></div>
                    <div><h4>{ lang.t(if last.outcome.is_ok() { Msg::Response } else { Msg::ErrorResponse }) }</h4>
                        <pre class="json" id="results-json">{ response_json }</pre></div>
                </div>
            </details>
        </section>
    }
}

/// Reads the page after `last`: once, or to the end. The draft that ran
/// gets the start key too, so its form and raw JSON say where it is.
fn next_page(
    state: &PlaygroundContext,
    console: &UseReducerDispatcher<ConsoleState>,
    last: &LogEntry,
    key: &Value,
    to_the_end: bool,
) {
    let Some(Value::Object(mut request)) = last.request.clone() else { return };
    if last.operation == "ExecuteStatement" {
        // A statement resumes from its NextToken, not from a key.
        let token = last.outcome.as_ref().ok().and_then(|r| r.get("NextToken")).cloned();
        let Some(token) = token else { return };
        request.insert("NextToken".into(), token);
        let request = Value::Object(request);
        state.dispatch(Action::Execute { source: Source::Console, operation: last.operation.clone(), request });
        return;
    }
    request.insert("ExclusiveStartKey".into(), key.clone());
    console.dispatch(ConsoleAction::SetStartKey(Some(key.clone())));
    let request = Value::Object(request);
    let operation = last.operation.clone();
    if to_the_end {
        state.dispatch(Action::RunAllPages { operation, request });
    } else {
        state.dispatch(Action::Execute { source: Source::Console, operation, request });
    }
}
