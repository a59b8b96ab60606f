//! The access patterns panel: the scenario's access patterns, each the
//! request that serves it at a rate, listed, edited (name, rate, how the
//! partition key value varies), reordered and deleted; and the checklist
//! for any scenario: each pattern's verdict and its cost per request.
//!
//! Patterns are saved from the console ("Save as access pattern",
//! [`crate::ui::query::saved_operations`]) or written in the panel (an operation and
//! its request as the SDK sends it; each row's request can be edited
//! there too), and live in the scenario
//! ([`Playground::access_patterns`](crate::ui::state::Playground::access_patterns)),
//! so a link, an export, a workspace and the autosave carry them, and a
//! lesson opens with its checklist as patterns.
//!
//! The verdict comes from [`classify`]: the request dry run once on the
//! data as it is (nothing changes, no capacity is taken): ✓ by key, ✓ Query
//! (on the table or an index), ✗ only by Scan, or ✗ unservable with
//! DynamoDB's own error as the evidence. It is recomputed when the data or
//! the patterns change.
//!
//! An edit is applied only when the pattern still makes sense
//! ([`AccessPattern::check`], the engine's own message otherwise); the
//! field keeps what was typed either way, so nothing typed is lost.

use std::collections::BTreeMap;

use yew::prelude::*;

use serde_json::Value;

use crate::engine::ordered::Ordered;
use crate::engine::review::{classify, search_bytes, AccessPath, AccessPattern, KeyVariation};
use crate::engine::table::BillingMode;
use crate::engine::{ApiError, Previews};
use crate::page_model::draft::ItemOperation;
use crate::page_model::format::pretty;
use crate::page_model::review_report::{read_write, table_of};
use crate::ui::cost::UnitNames;
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::query::operation_form::event_value;
use crate::ui::state::{use_playground, with_dry_runs, Action};

/// One pattern's verdict and cost per request.
#[derive(Clone, Debug, PartialEq)]
struct Checked {
    path: AccessPath,
    error: Option<ApiError>,
    read: f64,
    write: f64,
    on_demand: bool,
    /// A search's bytes (it uses no units).
    searched: Option<f64>,
}

fn check_all(engine: &mut Previews, patterns: &[AccessPattern]) -> Vec<Checked> {
    patterns
        .iter()
        .map(|pattern| {
            let (path, error, read, write) = classify(engine, pattern);
            let searched = matches!(path, AccessPath::Search { .. }).then(|| search_bytes(engine, pattern));
            let on_demand = table_of(&pattern.request)
                .and_then(|t| engine.table(t))
                .is_some_and(|t| t.definition.billing_mode == BillingMode::PayPerRequest);
            Checked { path, error, read, write, on_demand, searched }
        })
        .collect()
}

fn verdict(checked: &Checked, lang: Lang) -> Html {
    let (class, msg) = match &checked.path {
        AccessPath::ByKey(_) => ("ok", Msg::VerdictKey),
        AccessPath::Query { .. } => ("ok", Msg::VerdictQuery),
        AccessPath::Scan { .. } => ("scan", Msg::VerdictScan),
        AccessPath::Unservable => ("no", Msg::VerdictUnservable),
        AccessPath::Search { .. } => ("ok", Msg::VerdictQuery),
    };
    let text = match &checked.path {
        AccessPath::Search { .. } => lang.review().search,
        _ => lang.t(msg),
    };
    let index = checked.path.index().map(|i| format!(" ({i})")).unwrap_or_default();
    html! { <span class={classes!("verdict", class)}>{ format!("{text}{index}") }</span> }
}

/// "1 WCU per request", "0.5 RCU + 2 WCU per request".
fn cost(checked: &Checked, lang: Lang) -> Html {
    if let Some(error) = &checked.error {
        return html! {
            <span class="refused">{ format!("{}: {}: {}", lang.t(Msg::Refused), error.name(), error.message()) }</span>
        };
    }
    if let Some(bytes) = checked.searched {
        let text = (lang.review().searched_bytes)(&lang.tr().bytes(bytes as usize));
        return html! { <span class="cost">{ format!("{text} {}", lang.t(Msg::PerRequest)) }</span> };
    }
    let figures = read_write(checked.read, checked.write, UnitNames::of(checked.on_demand), lang);
    html! { <span class="cost">{ format!("{figures} {}", lang.t(Msg::PerRequest)) }</span> }
}

/// What one field of a row changes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Field {
    Name,
    Rate,
    Distribution,
    Count,
    Exponent,
    Operation,
    Request,
}

/// A request typed as JSON text: an object, or why not.
fn request_of(text: &str) -> Result<Value, Problem> {
    match serde_json::from_str::<Value>(text) {
        Ok(value @ Value::Object(_)) => Ok(value),
        Ok(_) => Err(Problem::Said(Msg::RequestNotAnObject)),
        Err(e) => Err(Problem::Engine(format!("SerializationException: {e}"))),
    }
}

/// The operations a pattern may be served by: the console's.
fn operation_options(selected: &str) -> Html {
    ItemOperation::ALL
        .iter()
        .map(|op| op.name())
        .map(|op| html! { <option value={op} selected={op == selected}>{ op }</option> })
        .collect()
}

/// Why an edit was not applied: a fixed text, or the engine's message.
#[derive(Clone, PartialEq)]
enum Problem {
    Said(Msg),
    Engine(String),
}

impl Problem {
    fn text(&self, lang: Lang) -> String {
        match self {
            Self::Said(msg) => lang.t(*msg).to_string(),
            Self::Engine(message) => message.clone(),
        }
    }
}

/// The pattern with `field` set from `text`, or why it cannot be.
fn edited(pattern: &AccessPattern, field: Field, text: &str) -> Result<AccessPattern, Problem> {
    let mut next = pattern.clone();
    let number = |text: &str| text.trim().parse::<f64>().map_err(|_| Problem::Said(Msg::NotANumber));
    let count_of = |keys: &KeyVariation| match keys {
        KeyVariation::Single => 10,
        KeyVariation::Uniform { count } | KeyVariation::Zipf { count, .. } => *count,
    };
    match field {
        Field::Name => {
            let name = text.trim();
            if name.is_empty() {
                return Err(Problem::Said(Msg::PatternNameNeeded));
            }
            next.name = name.to_string();
        }
        Field::Rate => next.requests_per_second = number(text)?,
        Field::Distribution => {
            let count = count_of(&next.keys);
            next.keys = match text {
                "Uniform" => KeyVariation::Uniform { count },
                "Zipf" => KeyVariation::Zipf { count, exponent: 1.0 },
                _ => KeyVariation::Single,
            };
        }
        Field::Count => {
            let count = number(text)?;
            let count = if count.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&count) {
                count as u32
            } else {
                return Err(Problem::Said(Msg::WholeNumberNeeded));
            };
            match &mut next.keys {
                KeyVariation::Uniform { count: c } | KeyVariation::Zipf { count: c, .. } => *c = count,
                KeyVariation::Single => {}
            }
        }
        Field::Exponent => {
            let value = number(text)?;
            if let KeyVariation::Zipf { exponent, .. } = &mut next.keys {
                *exponent = value;
            }
        }
        Field::Operation => next.operation = text.to_string(),
        Field::Request => next.request = request_of(text)?,
    }
    next.check().map_err(|e| Problem::Engine(e.message().to_string()))?;
    Ok(next)
}

#[component]
pub fn AccessPatterns() -> Html {
    let lang = use_lang();
    let state = use_playground();
    // Refused edits by row and field: what was typed (shown in the field
    // until it is fixed) and why it was refused.
    let refused = use_state(BTreeMap::<(usize, Field), (String, Problem)>::new);
    // The form for a pattern written in the panel: name, operation, request.
    let draft = use_state(|| (String::new(), "GetItem".to_string(), String::new()));
    let draft_problem = use_state(|| None::<Problem>);
    let checked = {
        let state = state.clone();
        let key = state.as_ref().map(|s| (s.data_version, std::rc::Rc::clone(&s.access_patterns)));
        use_memo(key, move |_| {
            let Some(state) = state else { return Vec::new() };
            with_dry_runs(&state.engine, |engine| check_all(engine, &state.access_patterns)).unwrap_or_default()
        })
    };
    let Some(state) = state else { return html! {} };
    let patterns = state.access_patterns.as_ref().clone();
    let count = patterns.len();

    let set = {
        let state = state.clone();
        move |patterns: Vec<AccessPattern>| state.dispatch(Action::SetAccessPatterns(patterns))
    };
    let rows = patterns.iter().enumerate().map(|(i, pattern)| {
        let on_field = |field: Field| {
            let (patterns, set, refused) = (patterns.clone(), set.clone(), refused.clone());
            Callback::from(move |e: Event| {
                let text = event_value(&e).unwrap_or_default();
                let Some(pattern) = patterns.get(i) else { return };
                match edited(pattern, field, &text) {
                    Ok(next) => {
                        let mut all = patterns.clone();
                        if let Some(slot) = all.get_mut(i) {
                            *slot = next;
                        }
                        let mut left = (*refused).clone();
                        left.remove(&(i, field));
                        refused.set(left);
                        set(all);
                    }
                    Err(problem) => {
                        let mut more = (*refused).clone();
                        more.insert((i, field), (text, problem));
                        refused.set(more);
                    }
                }
            })
        };
        let moved = |to: Option<usize>| {
            let (patterns, set, refused) = (patterns.clone(), set.clone(), refused.clone());
            Callback::from(move |_: MouseEvent| {
                let Some(to) = to.filter(|to| *to < patterns.len()) else { return };
                let mut all = patterns.clone();
                all.swap(i, to);
                let swapped = refused
                    .iter()
                    .map(|(&(row, field), kept)| {
                        let row = if row == i { to } else if row == to { i } else { row };
                        ((row, field), kept.clone())
                    })
                    .ordered_map();
                refused.set(swapped);
                set(all);
            })
        };
        let delete = {
            let (patterns, set, refused) = (patterns.clone(), set.clone(), refused.clone());
            Callback::from(move |_: MouseEvent| {
                let mut all = patterns.clone();
                if i < all.len() {
                    all.remove(i);
                }
                // The rows below move up: their refused edits go with them.
                let moved = refused
                    .iter()
                    .filter(|((row, _), _)| *row != i)
                    .map(|(&(row, field), kept)| ((if row > i { row - 1 } else { row }, field), kept.clone()))
                    .ordered_map();
                refused.set(moved);
                set(all);
            })
        };
        let (distribution, key_count, exponent) = match &pattern.keys {
            KeyVariation::Single => ("Single", None, None),
            KeyVariation::Uniform { count } => ("Uniform", Some(*count), None),
            KeyVariation::Zipf { count, exponent } => ("Zipf", Some(*count), Some(*exponent)),
        };
        let option = |value: &'static str, msg: Msg| {
            html! { <option {value} selected={distribution == value}>{ lang.t(msg) }</option> }
        };
        let id = |what: &str| format!("ap-{what}-{i}");
        // A refused edit keeps what was typed in its field.
        let shown = |field: Field, value: String| refused.get(&(i, field)).map_or(value, |(typed, _)| typed.clone());
        html! {
            <li class="access-pattern" key={format!("{i}-{}", pattern.name)}>
                <div class="ap-head">
                    if let Some(checked) = checked.get(i) {
                        { verdict(checked, lang) }
                    }
                    <label for={id("name")} class="visually-hidden">{ lang.t(Msg::Name) }</label>
                    <input id={id("name")} class="ap-name" type="text" title={pattern.name.clone()}
                        onchange={on_field(Field::Name)} value={shown(Field::Name, pattern.name.clone())} />
                    <span class="ap-op">{ &pattern.operation }</span>
                    <span class="ap-actions">
                        <button type="button" class="quiet ap-up" disabled={i == 0} onclick={moved(i.checked_sub(1))}
                            title={lang.t(Msg::MoveUp)} aria-label={lang.t(Msg::MoveUp)}>{ "↑" }</button>
                        <button type="button" class="quiet ap-down" disabled={i + 1 == count} onclick={moved(Some(i + 1))}
                            title={lang.t(Msg::MoveDown)} aria-label={lang.t(Msg::MoveDown)}>{ "↓" }</button>
                        <button type="button" class="quiet ap-delete" onclick={delete}>{ lang.t(Msg::Delete) }</button>
                    </span>
                </div>
                <div class="ap-fields">
                    <label>{ lang.t(Msg::RequestsPerSecond) }
                        <input class="ap-rate" type="text" inputmode="decimal"
                            value={shown(Field::Rate, pattern.requests_per_second.to_string())}
                            onchange={on_field(Field::Rate)} />
                    </label>
                    <label>{ lang.t(Msg::PartitionKeyValues) }
                        <select class="ap-distribution" onchange={on_field(Field::Distribution)}>
                            { option("Single", Msg::KeysSingle) }
                            { option("Uniform", Msg::KeysUniform) }
                            { option("Zipf", Msg::KeysZipf) }
                        </select>
                    </label>
                    if let Some(n) = key_count {
                        <label>{ lang.t(Msg::KeyValueCount) }
                            <input class="ap-count" type="text" inputmode="numeric" value={shown(Field::Count, n.to_string())}
                                onchange={on_field(Field::Count)} />
                        </label>
                    }
                    if let Some(s) = exponent {
                        <label>{ lang.t(Msg::ZipfSkew) }
                            <input class="ap-exponent" type="text" inputmode="decimal" value={shown(Field::Exponent, s.to_string())}
                                onchange={on_field(Field::Exponent)} />
                        </label>
                    }
                </div>
                if let Some(checked) = checked.get(i) {
                    <p class="ap-cost">{ cost(checked, lang) }</p>
                }
                <details class="ap-request">
                    <summary>{ lang.t(Msg::FieldRequestJson) }</summary>
                    <label>{ lang.t(Msg::Operation) }
                        <select class="ap-operation" onchange={on_field(Field::Operation)}>
                            { operation_options(&pattern.operation) }
                        </select>
                    </label>
                    <textarea class="ap-request-json" rows="6" spellcheck="false" onchange={on_field(Field::Request)}
                        value={shown(Field::Request, pretty(&pattern.request))} />
                </details>
                { for refused.range((i, Field::Name)..=(i, Field::Request)).map(|(_, (_, problem))| html! {
                    <p class="error-box ap-problem" role="alert">{ problem.text(lang) }</p>
                }) }
            </li>
        }
    });
    html! {
        <section class="card access-patterns" id="access-patterns" aria-labelledby="access-patterns-title">
            <div class="card-head">
                <h2 id="access-patterns-title">{ format!("{} ({count})", lang.t(Msg::AccessPatternsTitle)) }</h2>
            </div>
            <p class="hint">{ lang.t(Msg::AccessPatternsHint) }</p>
            if count == 0 {
                <p class="hint" id="access-patterns-empty">{ lang.t(Msg::AccessPatternsEmpty) }</p>
            } else {
                <ol class="access-pattern-list" id="access-pattern-list">{ for rows }</ol>
            }
            { new_pattern(lang, &draft, &draft_problem, &patterns, &set) }
        </section>
    }
}

/// The form for a pattern written in the panel: its name, operation and
/// request; added at one request a second, always the request's key, when
/// it makes sense (the form keeps what was typed otherwise).
fn new_pattern(
    lang: Lang,
    draft: &UseStateHandle<(String, String, String)>,
    problem: &UseStateHandle<Option<Problem>>,
    patterns: &[AccessPattern],
    set: &(impl Fn(Vec<AccessPattern>) + Clone + 'static),
) -> Html {
    let field = |which: usize| {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let text = event_value(&e).unwrap_or_default();
            let mut next = (*draft).clone();
            match which {
                0 => next.0 = text,
                1 => next.1 = text,
                _ => next.2 = text,
            }
            draft.set(next);
        })
    };
    let add = {
        let (draft, problem, patterns, set) = (draft.clone(), problem.clone(), patterns.to_vec(), set.clone());
        Callback::from(move |_: MouseEvent| {
            let (name, operation, text) = &*draft;
            let pattern = (|| {
                let name = name.trim();
                if name.is_empty() {
                    return Err(Problem::Said(Msg::PatternNameNeeded));
                }
                let pattern = AccessPattern {
                    name: name.to_string(),
                    operation: operation.clone(),
                    request: request_of(text)?,
                    requests_per_second: 1.0,
                    keys: KeyVariation::Single,
                };
                pattern.check().map_err(|e| Problem::Engine(e.message().to_string()))?;
                Ok(pattern)
            })();
            match pattern {
                Ok(pattern) => {
                    let mut all = patterns.clone();
                    all.push(pattern);
                    set(all);
                    draft.set((String::new(), operation.clone(), String::new()));
                    problem.set(None);
                }
                Err(refusal) => problem.set(Some(refusal)),
            }
        })
    };
    html! {
        <details class="ap-new" id="ap-new">
            <summary>{ lang.t(Msg::AddAccessPattern) }</summary>
            <div class="ap-fields">
                <label>{ lang.t(Msg::Name) }
                    <input id="ap-new-name" type="text" value={draft.0.clone()} onchange={field(0)} />
                </label>
                <label>{ lang.t(Msg::Operation) }
                    <select id="ap-new-operation" onchange={field(1)}>{ operation_options(&draft.1) }</select>
                </label>
            </div>
            <label class="ap-new-request">{ lang.t(Msg::FieldRequestJson) }
                <textarea id="ap-new-request" rows="6" spellcheck="false" value={draft.2.clone()} onchange={field(2)}
                    placeholder={r#"{"TableName": "…", "Key": {…}}"#} />
            </label>
            <button type="button" id="ap-new-add" onclick={add}>{ lang.t(Msg::AddAccessPattern) }</button>
            if let Some(refusal) = &**problem {
                <p class="error-box" role="alert" id="ap-new-problem">{ refusal.text(lang) }</p>
            }
        </details>
    }
}
