//! Compare: one request run on the playground's copy and sent to the
//! endpoint, both answers side by side with every difference flagged
//! ([`compare`]); and the access patterns, each compared once.
//!
//! ```text
//!   Run on both ─ JSON parsed (else: said, nothing sent)
//!               ─ ReturnConsumedCapacity: TOTAL added where missing (said)
//!               ─ the playground's copy runs it      → Ok(body) | Err(exception, message)
//!               ─ the endpoint is sent it            → Ok(body) | Refused | no answer
//!               ─ compare(playground, endpoint)      → differences, or "the same"
//! ```
//!
//! The playground runs first and the endpoint second, so a write changes
//! both in the same order. An endpoint's refusal is an answer and is
//! compared (the same `ValidationException` is agreement); no answer at
//! all is shown with what to check, and nothing is compared.

use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::Value;
use web_sys::{HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::client;
use super::connection_panel::Connected;
use super::failure_view::{failure_text, failure_view};
use crate::connect::answer::Failure;
use crate::connect::compare::{asking_for_units, compare, units, Difference, Outcome, WITH_UNITS};
use crate::i18n::connect::ConnectWords;
use crate::i18n::Lang;
use crate::ui::language::use_lang;
use crate::ui::state::PlaygroundContext;

/// The operations offered besides the data plane's ([`WITH_UNITS`], which come first).
const CONTROL_PLANE: &[&str] = &["DescribeTable", "ListTables"];

/// One request's two answers.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareRun {
    pub operation: String,
    pub units_added: bool,
    pub playground: Outcome,
    /// A body or a refusal; a failure without an answer stays a failure.
    pub endpoint: Result<Value, Failure>,
    /// `None` when the endpoint did not answer.
    pub differences: Option<Vec<Difference>>,
}

/// Runs `request` on the playground's copy, then on the endpoint.
pub async fn compare_once(
    state: PlaygroundContext,
    connected: Rc<Connected>,
    operation: String,
    request: Value,
) -> CompareRun {
    let (request, units_added) = asking_for_units(&operation, request);
    let playground: Outcome =
        state.run(&operation, &request).0.map_err(|e| (e.name().to_string(), e.message().to_string()));
    let endpoint = client::send(&connected.connection, &operation, &request).await;
    let differences = match &endpoint {
        Ok(body) => Some(compare(&playground, &Ok(body.clone()))),
        Err(failure) => failure
            .exception()
            .map(|(kind, message)| compare(&playground, &Err((kind.to_string(), message.to_string())))),
    };
    CompareRun { operation, units_added, playground, endpoint, differences }
}

/// A value in a sentence: short JSON, or "(absent)".
fn shown(words: &ConnectWords, value: Option<&Value>) -> String {
    match value {
        None => words.absent.to_string(),
        Some(value) => {
            let text = value.to_string();
            if text.chars().count() > 120 {
                text.chars().take(119).chain(['…']).collect()
            } else {
                text
            }
        }
    }
}

/// One difference in words.
pub fn difference_text(words: &ConnectWords, lang: Lang, difference: &Difference) -> String {
    let number = |x: Option<f64>| x.map_or_else(|| words.absent.to_string(), |x| lang.number(x));
    match difference {
        Difference::Outcome { playground: None, endpoint: Some(exception) } => (words.diff_endpoint_refused)(exception),
        Difference::Outcome { playground: Some(exception), .. } => (words.diff_playground_refused)(exception),
        Difference::Outcome { .. } => String::new(),
        Difference::ErrorType { playground, endpoint } => (words.diff_error_type)(playground, endpoint),
        Difference::ErrorMessage { playground, endpoint } => (words.diff_error_message)(playground, endpoint),
        Difference::Items { member, only_playground, only_endpoint } => {
            (words.diff_items)(member, &lang.count(*only_playground as u64), &lang.count(*only_endpoint as u64))
        }
        Difference::Order { member } => (words.diff_order)(member),
        Difference::Member { name, playground, endpoint } => {
            (words.diff_value)(name, &shown(words, playground.as_ref()), &shown(words, endpoint.as_ref()))
        }
        Difference::Units { name, playground, endpoint } => {
            (words.diff_value)(name, &number(*playground), &number(*endpoint))
        }
    }
}

/// One side's answer: its units, then the body (or the exception).
fn side(id: &'static str, title: &'static str, lang: Lang, answer: Result<&Value, String>) -> Html {
    let (units_line, body) = match answer {
        Ok(body) => {
            let line = units(body.get("ConsumedCapacity"))
                .iter()
                .map(|(name, n)| format!("{name}: {}", lang.number(*n)))
                .collect::<Vec<_>>()
                .join(" · ");
            (line, serde_json::to_string_pretty(body).unwrap_or_default())
        }
        Err(text) => (String::new(), text),
    };
    html! {
        <div class="compare-side" {id}>
            <h3>{ title }</h3>
            if !units_line.is_empty() { <p class="compare-units">{ units_line }</p> }
            <pre class="code compare-body">{ body }</pre>
        </div>
    }
}

/// The result of one comparison.
fn run_view(words: &ConnectWords, lang: Lang, run: &CompareRun) -> Html {
    let summary = match &run.differences {
        None => Html::default(),
        Some(list) if list.is_empty() => html! { <p class="compare-same" id="cmp-summary">{ "✓ " }{ words.same }</p> },
        Some(list) => html! {
            <div class="compare-differ" id="cmp-summary">
                <p><strong>{ "≠ " }{ (words.differences)(&lang.count(list.len() as u64)) }</strong></p>
                <ul id="cmp-differences">
                    { for list.iter().map(|d| html! { <li>{ difference_text(words, lang, d) }</li> }) }
                </ul>
            </div>
        },
    };
    let mine = run.playground.as_ref().map_err(|(kind, message)| format!("{kind}: {message}"));
    let theirs = run.endpoint.as_ref().map_err(|failure| failure_text(words, failure));
    let failure = match &run.endpoint {
        Err(failure) if run.differences.is_none() => failure_view(words, failure),
        _ => Html::default(),
    };
    html! {
        <div class="compare-run" id="cmp-run">
            if run.units_added { <p class="hint" id="cmp-units-added">{ words.units_added }</p> }
            { summary }
            { failure }
            <div class="compare-sides">
                { side("cmp-playground", words.playground_side, lang, mine) }
                { side("cmp-endpoint", words.endpoint_side, lang, theirs) }
            </div>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct CompareViewProps {
    pub connected: Rc<Connected>,
    /// The playground's copy the requests run on.
    pub state: PlaygroundContext,
}

/// A pattern's verdict in the patterns' list.
#[derive(Clone, Debug, PartialEq)]
enum Verdict {
    Running,
    Same,
    Differ(usize),
    NoAnswer,
}

fn verdict(run: &CompareRun) -> Verdict {
    match &run.differences {
        None => Verdict::NoAnswer,
        Some(list) if list.is_empty() => Verdict::Same,
        Some(list) => Verdict::Differ(list.len()),
    }
}

/// A starting request: the first access pattern's, the first saved
/// request, a Scan of the first table, or `ListTables`.
fn first_request(state: &PlaygroundContext) -> (String, String) {
    let pretty = |value: &Value| serde_json::to_string_pretty(value).unwrap_or_default();
    if let Some(pattern) = state.access_patterns.first() {
        return (pattern.operation.clone(), pretty(&pattern.request));
    }
    if let Some(saved) = state.operations.first() {
        return (saved.operation.clone(), pretty(&saved.request));
    }
    let first = state.engine.try_borrow().ok().and_then(|e| e.tables().next().map(|t| t.definition.name.clone()));
    match first {
        Some(table) => ("Scan".into(), pretty(&serde_json::json!({"TableName": table}))),
        None => ("ListTables".into(), "{}".into()),
    }
}

#[component]
pub fn CompareView(props: &CompareViewProps) -> Html {
    let lang = use_lang();
    let words = lang.connect();
    let state = props.state.clone();
    let start = use_memo((), {
        let state = state.clone();
        move |_| first_request(&state)
    });
    let operation = use_state(|| start.0.clone());
    let text = use_state(|| start.1.clone());
    let busy = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let last = use_state(|| None::<Rc<CompareRun>>);
    let verdicts = use_state(BTreeMap::<usize, Verdict>::new);

    // Runs one request and shows it in the comparison above.
    let run_request = {
        let (state, connected, busy, last) = (state.clone(), props.connected.clone(), busy.clone(), last.clone());
        Rc::new(move |operation: String, request: Value| {
            busy.set(true);
            let (state, connected, busy, last) = (state.clone(), connected.clone(), busy.clone(), last.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let run = compare_once(state, connected, operation, request).await;
                last.set(Some(Rc::new(run)));
                busy.set(false);
            });
        })
    };

    let on_run = {
        let (operation, text, problem, busy) = (operation.clone(), text.clone(), problem.clone(), busy.clone());
        let run_request = run_request.clone();
        Callback::from(move |_: MouseEvent| {
            if *busy {
                return;
            }
            match serde_json::from_str::<Value>(&text) {
                Err(why) => problem.set(Some((words.not_json)(&why.to_string()))),
                Ok(request) if !request.is_object() => problem.set(Some(words.not_object.to_string())),
                Ok(request) => {
                    problem.set(None);
                    run_request((*operation).clone(), request);
                }
            }
        })
    };
    let on_operation = {
        let operation = operation.clone();
        Callback::from(move |e: Event| operation.set(e.target_unchecked_into::<HtmlSelectElement>().value()))
    };
    let on_text = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| text.set(e.target_unchecked_into::<HtmlTextAreaElement>().value()))
    };
    let on_load = {
        let (state, operation, text) = (state.clone(), operation.clone(), text.clone());
        Callback::from(move |e: Event| {
            let select = e.target_unchecked_into::<HtmlSelectElement>();
            let choice = select.value();
            // "p3": the fourth access pattern, "s0": the first saved request.
            let (kind, index) = (choice.get(..1).unwrap_or_default(), choice.get(1..).unwrap_or_default());
            let index: usize = index.parse().unwrap_or(usize::MAX);
            let found = match kind {
                "p" => state.access_patterns.get(index).map(|p| (p.operation.clone(), p.request.clone())),
                "s" => state.operations.get(index).map(|s| (s.operation.clone(), s.request.clone())),
                _ => None,
            };
            if let Some((op, request)) = found {
                operation.set(op);
                text.set(serde_json::to_string_pretty(&request).unwrap_or_default());
            }
            select.set_value("");
        })
    };

    let compare_pattern = {
        let (state, operation, text, run_request) =
            (state.clone(), operation.clone(), text.clone(), run_request.clone());
        move |index: usize| {
            let (state, operation, text, run_request) =
                (state.clone(), operation.clone(), text.clone(), run_request.clone());
            Callback::from(move |_: MouseEvent| {
                if let Some(pattern) = state.access_patterns.get(index) {
                    operation.set(pattern.operation.clone());
                    text.set(serde_json::to_string_pretty(&pattern.request).unwrap_or_default());
                    run_request(pattern.operation.clone(), pattern.request.clone());
                }
            })
        }
    };
    let on_compare_all = {
        let (state, connected, verdicts, busy) =
            (state.clone(), props.connected.clone(), verdicts.clone(), busy.clone());
        Callback::from(move |_: MouseEvent| {
            if *busy {
                return;
            }
            busy.set(true);
            let (state, connected, verdicts, busy) = (state.clone(), connected.clone(), verdicts.clone(), busy.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let patterns = state.access_patterns.clone();
                let mut found: BTreeMap<usize, Verdict> = (0..patterns.len()).map(|i| (i, Verdict::Running)).collect();
                verdicts.set(found.clone());
                for (i, pattern) in patterns.iter().enumerate() {
                    let run = compare_once(
                        state.clone(),
                        connected.clone(),
                        pattern.operation.clone(),
                        pattern.request.clone(),
                    )
                    .await;
                    found.insert(i, verdict(&run));
                    verdicts.set(found.clone());
                }
                busy.set(false);
            });
        })
    };

    let saved = state.operations.iter().enumerate().map(|(i, s)| {
        html! { <option value={format!("s{i}")}>{ format!("{} ({})", s.name, s.operation) }</option> }
    });
    let patterns_options = state.access_patterns.iter().enumerate().map(|(i, p)| {
        html! { <option value={format!("p{i}")}>{ format!("{} ({})", p.name, p.operation) }</option> }
    });
    let pattern_rows = state.access_patterns.iter().enumerate().map(|(i, pattern)| {
        let verdict_text = match verdicts.get(&i) {
            None => String::new(),
            Some(Verdict::Running) => words.running.to_string(),
            Some(Verdict::Same) => format!("✓ {}", words.pattern_same),
            Some(Verdict::Differ(n)) => format!("≠ {}", (words.differences)(&lang.count(*n as u64))),
            Some(Verdict::NoAnswer) => words.pattern_failed.to_string(),
        };
        html! {
            <tr key={i}>
                <td>{ &pattern.name }</td>
                <td><code>{ &pattern.operation }</code></td>
                <td class="pattern-verdict">{ verdict_text }</td>
                <td><button type="button" class="quiet btn-compare-pattern" disabled={*busy}
                    onclick={compare_pattern(i)}>{ words.compare_one }</button></td>
            </tr>
        }
    });

    html! {
        <>
        <section class="card compare-panel" id="compare" aria-labelledby="compare-title">
            <h2 id="compare-title">{ words.compare_title }</h2>
            <p class="hint">{ words.compare_intro }</p>
            <div class="compare-controls">
                <label class="field">
                    <span>{ words.operation_label }</span>
                    <select id="cmp-operation" onchange={on_operation}>
                        { for WITH_UNITS.iter().chain(CONTROL_PLANE).map(|op| html! {
                            <option value={*op} selected={*op == operation.as_str()}>{ *op }</option>
                        }) }
                    </select>
                </label>
                <label class="field">
                    <span>{ words.load_label }</span>
                    <select id="cmp-load" onchange={on_load}>
                        <option value="" selected=true>{ words.load_none }</option>
                        if !state.operations.is_empty() {
                            <optgroup label={words.saved_group}>{ for saved }</optgroup>
                        }
                        if !state.access_patterns.is_empty() {
                            <optgroup label={words.patterns_group}>{ for patterns_options }</optgroup>
                        }
                    </select>
                </label>
            </div>
            <label class="field">
                <span>{ words.request_label }</span>
                <textarea id="cmp-request" class="code" rows="8" spellcheck="false" value={(*text).clone()}
                    oninput={on_text} />
            </label>
            <button type="button" id="btn-compare" class="primary" onclick={on_run} disabled={*busy}>
                { if *busy { words.running } else { words.run_both } }
            </button>
            if let Some(why) = &*problem { <p class="error" id="cmp-problem" role="alert">{ why }</p> }
            if let Some(run) = &*last { { run_view(words, lang, run) } }
        </section>
        <section class="card compare-patterns" id="compare-patterns" aria-labelledby="patterns-title">
            <h2 id="patterns-title">{ words.patterns_title }</h2>
            if state.access_patterns.is_empty() {
                <p class="hint">{ words.no_patterns }</p>
            } else {
                <p class="hint">{ words.patterns_intro }</p>
                <table class="data-table" id="cmp-patterns"><tbody>{ for pattern_rows }</tbody></table>
                <button type="button" id="btn-compare-all" class="quiet" onclick={on_compare_all} disabled={*busy}>
                    { words.compare_all }
                </button>
            }
        </section>
        </>
    }
}
