//! The exercise panel (`#exercise-panel`): the open exercise (statement,
//! entity types with a sample of their records, access patterns with their
//! cases), the learner's design (tables, a mapping per entity type with a
//! live preview of the items it makes, a request per pattern), Check, the
//! hints one at a time, and the model answer with its report beside the
//! learner's.
//!
//! Check runs [`Checking`] a slice at a time: as many steps as fit in a
//! frame's budget, then the browser gets the thread back (and draws the
//! progress), so the tab never freezes however large the exercise.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use serde_json::{json, Value};
use yew::prelude::*;

use super::draft::{skeleton, Draft, RequestDraft};
use super::exercises_menu::title;
use super::module::PlaygroundTables;
use super::open::{self, ExerciseContext, HandInOpen, NotOpened, OpenExercise, Shown};
use super::report_view::{report_view, versus_view};
use crate::engine::exercise::format::{pattern_operations, Entity, Expect, Kind, Records};
use crate::engine::exercise::{CheckReport, Checking, Solution};
use crate::engine::generate::Generation;
use crate::engine::ordered::Ordered;
use crate::engine::value::document::item_to_plain;
use crate::engine::value::Item;
use crate::page_model::format::pretty;
use crate::scenario::handin::{self, ExerciseRef, HandIn};
use crate::ui::browser::copy_text;
use crate::ui::language::{use_lang, Lang};
use crate::ui::query::operation_form::event_value;

/// Records of each type shown, and previewed through the mapping.
const SAMPLE: usize = 3;
/// Time a slice of the check may take before the browser gets the thread back.
const SLICE_MILLIS: f64 = 30.0;

/// The first `n` records of `entity` (a generated type makes only those).
fn sample(entity: &Entity, n: usize) -> Vec<Item> {
    match &entity.records {
        Records::Listed(records) => records.iter().take(n).cloned().collect(),
        Records::Generated { template, count, seed } => {
            let Ok(mut generation) = Generation::detached(template, *count, *seed) else { return Vec::new() };
            (0..n).map_while(|_| (!generation.is_done()).then(|| generation.next_item().ok()).flatten()).collect()
        }
    }
}

/// Text with `code spans`, as paragraphs.
fn statement(text: &str) -> Html {
    html! { <div class="exercise-statement">{ for text.split("\n\n").map(|p| html! { <p>{ inline(p) }</p> }) }</div> }
}

/// One line with `code spans`.
fn inline(text: &str) -> Html {
    let parts = text.split('`').enumerate().map(|(i, part)| {
        if i % 2 == 1 {
            html! { <code>{ part.to_string() }</code> }
        } else {
            html! { { part.to_string() } }
        }
    });
    html! { <>{ for parts }</> }
}

/// The items `text` (one entity type's mappings) makes of `records`, or
/// the reason it makes none, in words.
fn preview(text: &str, entity: &str, records: &[Item]) -> Result<Vec<Value>, String> {
    let mapping: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let solution = Solution::from_json(&json!({"Mappings": {entity: mapping}}))
        .map_err(|e| format!("{}: {}", e.name(), e.message()))?;
    let mappings = solution.mappings.get(entity).cloned().unwrap_or_default();
    let mut out = Vec::new();
    for record in records {
        for mapping in &mappings {
            let item = Solution::item_of(mapping, record).map_err(|e| format!("{}: {}", e.name(), e.message()))?;
            out.push(json!({"TableName": mapping.table, "Item": crate::engine::value::wire::item_to_wire(&item)}));
        }
    }
    Ok(out)
}

/// A check under way or done.
#[derive(Clone, PartialEq)]
enum Checked {
    Idle,
    Running(u64, u64),
    Done(Rc<Result<CheckReport, String>>),
}

/// Runs `checking` to its end a slice of at most [`SLICE_MILLIS`] at a
/// time, the browser free between slices. After each slice but the last,
/// `go_on` is told the progress and says whether to continue; `false` if
/// it said no (the check is left unfinished).
pub(crate) async fn run_in_slices(checking: &mut Checking<'_>, mut go_on: impl FnMut((u64, u64)) -> bool) -> bool {
    loop {
        let began = js_sys::Date::now();
        let mut more = true;
        while more && js_sys::Date::now() - began < SLICE_MILLIS {
            more = checking.step();
        }
        if !more {
            return true;
        }
        if !go_on(checking.progress()) {
            return false;
        }
        yew::platform::time::sleep(Duration::from_millis(1)).await;
    }
}

/// Runs the check in slices, telling `progress` and then `done`; stops
/// early when `run` is no longer `token` (a newer check, or the panel gone).
fn run_check(open: Rc<OpenExercise>, solution: Solution, run: Rc<Cell<u64>>, set: UseStateSetter<Checked>) {
    let token = run.get();
    yew::platform::spawn_local(async move {
        let mut checking = match Checking::start(&open.exercise, &solution) {
            Ok(c) => c,
            Err(e) => return set.set(Checked::Done(Rc::new(Err(format!("{}: {}", e.name(), e.message()))))),
        };
        let current = || run.get() == token;
        let finished = run_in_slices(&mut checking, |(done, of)| {
            current() && {
                set.set(Checked::Running(done, of));
                true
            }
        })
        .await;
        if !finished || !current() {
            return;
        }
        let report = checking.report().unwrap_or_else(|| Err(crate::engine::ApiError::validation("no report")));
        set.set(Checked::Done(Rc::new(report.map_err(|e| format!("{}: {}", e.name(), e.message())))));
    });
}

fn checked_view(checked: &Checked, lang: Lang, score_id: &'static str) -> Html {
    let words = lang.exercise();
    match checked {
        Checked::Idle => html! {},
        Checked::Running(done, of) => html! {
            <p class="exercise-progress"><progress max={of.to_string()} value={done.to_string()}></progress>
                { " " }{ (words.checking)(*done, *of) }</p>
        },
        Checked::Done(result) => match &**result {
            Ok(report) => report_view(report, lang, score_id),
            Err(message) => html! { <p class="error-text exercise-error">{ message.clone() }</p> },
        },
    }
}

#[component]
pub fn ExercisePanel() -> Html {
    let lang = use_lang();
    let Some(context) = use_context::<ExerciseContext>() else { return html! {} };
    let words = lang.exercise();
    let close = {
        let context = context.clone();
        Callback::from(move |_: MouseEvent| open::close(&context))
    };
    let close_button =
        html! { <button type="button" class="quiet" id="exercise-close" onclick={close}>{ words.close }</button> };
    match &*context.shown {
        Shown::Nothing => html! {},
        Shown::Loading(id) => html! {
            <section class="card exercise-panel" id="exercise-panel"><h2>{ title(id, lang) }</h2><p>{ words.loading }</p></section>
        },
        Shown::Failed(id, reason) => html! {
            <section class="card exercise-panel" id="exercise-panel">
                <p class="error-text">
                    { if id.is_empty() { String::new() } else { format!("{id}: ") } }{ (words.not_loaded)(&match reason {
                        NotOpened::Fetch(failure) => (words.fetch_failure)(failure),
                        NotOpened::Said(said) => said.clone(),
                    }) }
                </p>
                { close_button }
            </section>
        },
        Shown::Open(open) => {
            html! { <ExerciseView key={open.id.clone()} open={Rc::clone(open)} {close_button} hand_in={None::<Rc<HandInOpen>>} /> }
        }
        Shown::HandIn(hand_in) => html! {
            <ExerciseView key={format!("hand-in {}", hand_in.name)} open={Rc::clone(&hand_in.open)} {close_button}
                hand_in={Some(Rc::clone(hand_in))} />
        },
    }
}

#[derive(Properties, PartialEq)]
struct ViewProps {
    open: Rc<OpenExercise>,
    close_button: Html,
    /// A hand-in shown read-only (the lecturer's view), checked at once.
    hand_in: Option<Rc<HandInOpen>>,
}

#[component]
fn ExerciseView(props: &ViewProps) -> Html {
    let lang = use_lang();
    let words = lang.exercise();
    let tables = use_context::<PlaygroundTables>().filter(PlaygroundTables::available);
    let open = Rc::clone(&props.open);
    let exercise = &open.exercise;
    let read_only = props.hand_in.is_some();
    let draft = use_state({
        let (open, hand_in) = (Rc::clone(&open), props.hand_in.clone());
        move || match hand_in {
            Some(hand_in) => Draft::of_solution(&open.exercise, &hand_in.solution),
            None => Draft::saved(&open.id, &open.exercise),
        }
    });
    let name = use_state(String::new);
    let link = use_state(|| None::<Result<String, String>>);
    let checked = use_state(|| Checked::Idle);
    let model_checked = use_state(|| Checked::Idle);
    let hints = use_state(|| 0usize);
    let show_model = use_state(|| false);
    // Each check's token: a newer check, or the panel gone, stops the older.
    let run = use_memo((), |_| Cell::new(0u64));
    let model_run = use_memo((), |_| Cell::new(0u64));
    {
        let (run, model_run) = (Rc::clone(&run), Rc::clone(&model_run));
        use_effect_with((), move |_| {
            move || {
                run.set(run.get() + 1);
                model_run.set(model_run.get() + 1);
            }
        });
    }
    let samples = use_memo(Rc::clone(&open), |open| {
        open.exercise.entities.iter().map(|(name, e)| (name.clone(), sample(e, SAMPLE))).collect::<Vec<_>>()
    });
    let model = open.document.get("ModelAnswer").cloned();

    let edit = {
        let (draft, id) = (draft.clone(), open.id.clone());
        move |change: Box<dyn FnOnce(&mut Draft)>| {
            if read_only {
                return;
            }
            let mut next = (*draft).clone();
            change(&mut next);
            next.save(&id);
            draft.set(next);
        }
    };
    let start_check = {
        let (draft, checked, open, run) = (draft.clone(), checked.clone(), Rc::clone(&open), Rc::clone(&run));
        Rc::new(move || {
            run.set(run.get() + 1);
            match draft.solution(lang.exercise().not_json) {
                Ok(solution) => {
                    checked.set(Checked::Running(0, 1));
                    run_check(Rc::clone(&open), solution, Rc::clone(&run), checked.setter());
                }
                Err(message) => checked.set(Checked::Done(Rc::new(Err(message)))),
            }
        })
    };
    let on_check = {
        let start_check = Rc::clone(&start_check);
        Callback::from(move |_: MouseEvent| start_check())
    };
    let start_model = {
        let (show_model, model_checked, open, model, run) =
            (show_model.clone(), model_checked.clone(), Rc::clone(&open), model.clone(), Rc::clone(&model_run));
        Rc::new(move || {
            show_model.set(true);
            if *model_checked != Checked::Idle {
                return;
            }
            let solution = model.as_ref().map(Solution::from_json);
            match solution {
                Some(Ok(solution)) => {
                    model_checked.set(Checked::Running(0, 1));
                    run_check(Rc::clone(&open), solution, Rc::clone(&run), model_checked.setter());
                }
                Some(Err(e)) => model_checked.set(Checked::Done(Rc::new(Err(e.message().to_string())))),
                None => {}
            }
        })
    };
    let on_model = {
        let start_model = Rc::clone(&start_model);
        Callback::from(move |_: MouseEvent| start_model())
    };
    // A hand-in is checked as it opens, beside the model answer.
    use_effect_with((), move |_| {
        if read_only {
            start_check();
            start_model();
        }
    });
    let on_name = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(text) = event_value(&e) {
                name.set(text);
            }
        })
    };
    let on_make_link = {
        let (draft, name, link, open) = (draft.clone(), name.clone(), link.clone(), Rc::clone(&open));
        Callback::from(move |_: MouseEvent| {
            let solution = match draft.document() {
                Ok(solution) => solution,
                Err((at, message)) => return link.set(Some(Err((lang.exercise().not_json)(&at, &message)))),
            };
            let exercise = if open::is_built_in(&open) {
                ExerciseRef::BuiltIn(open.id.clone())
            } else {
                ExerciseRef::Document(open.document.clone())
            };
            let fragment = handin::encode(&HandIn { name: name.trim().to_string(), exercise, solution });
            let Some(location) = web_sys::window().map(|w| w.location()) else { return };
            let url = format!(
                "{}{}{}#{fragment}",
                location.origin().unwrap_or_default(),
                location.pathname().unwrap_or_default(),
                location.search().unwrap_or_default()
            );
            copy_text(&url, |_| {});
            link.set(Some(Ok(url)));
        })
    };
    let on_use_model = {
        let (edit, open, model) = (edit.clone(), Rc::clone(&open), model.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(model) = model.clone() else { return };
            let open = Rc::clone(&open);
            edit(Box::new(move |d| *d = Draft::of_solution(&open.exercise, &model)));
        })
    };
    let on_tables = {
        let edit = edit.clone();
        Callback::from(move |e: InputEvent| {
            let Some(text) = event_value(&e) else { return };
            edit(Box::new(move |d| d.tables = text));
        })
    };
    let on_use_tables = {
        let (edit, tables) = (edit.clone(), tables.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(text) = tables.as_ref().and_then(PlaygroundTables::text) else { return };
            edit(Box::new(move |d| d.tables = text));
        })
    };
    let on_hint = {
        let hints = hints.clone();
        Callback::from(move |_: MouseEvent| hints.set(*hints + 1))
    };

    let entities = exercise.entities.iter().zip(samples.iter()).map(|((name, entity), (_, records))| {
        let shown: Vec<Value> = records.iter().map(item_to_plain).collect();
        html! {
            <div class="exercise-entity" data-entity={name.clone()}>
                <h4>{ name.clone() }<span class="quiet">{ format!(" — {}: {}", words.key, entity.key.join(", ")) }</span></h4>
                <p class="quiet">{ (words.records)(&lang.count(entity.record_count()), shown.len()) }</p>
                <pre class="code exercise-records">{ shown.iter().map(Value::to_string).collect::<Vec<_>>().join("\n") }</pre>
            </div>
        }
    });
    let patterns = exercise.patterns.iter().map(|p| {
        let kind = if p.kind == Kind::Read { words.read } else { words.write };
        let mut about = format!("{kind}, {}", (words.per_second)(&lang.number(p.requests_per_second)));
        if p.ordered {
            about.push_str(&format!(", {}", words.ordered));
        }
        let cases = p.cases.iter().map(|c| {
            let parameters = Value::Object(c.parameters.iter().map(|(k, v)| (k.clone(), v.clone())).json_object());
            let expect = match &c.expect {
                Expect::Read(keys) => format!(
                    "{}: {}",
                    words.expects,
                    keys.iter().map(|k| format!("{} {}", k.entity, k.to_plain())).collect::<Vec<_>>().join(", ")
                ),
                Expect::Write { entity, record } => format!("{}: {entity} {}", words.stores, item_to_plain(record)),
            };
            html! { <li><code>{ parameters.to_string() }</code>{ format!(" → {expect}") }</li> }
        });
        html! {
            <li class="exercise-pattern"><b>{ p.name.clone() }</b><span class="quiet">{ format!(" — {about}") }</span>
                <ul class="exercise-cases">{ for cases }</ul></li>
        }
    });
    let mapping_editors = exercise.entities.keys().zip(samples.iter()).map(|(entity, (_, records))| {
        let text = draft.mappings.get(entity).cloned().unwrap_or_default();
        let oninput = {
            let (edit, entity) = (edit.clone(), entity.clone());
            Callback::from(move |e: InputEvent| {
                let Some(text) = event_value(&e) else { return };
                let entity = entity.clone();
                edit(Box::new(move |d| {
                    d.mappings.insert(entity, text);
                }))
            })
        };
        let previewed = match preview(&text, entity, records.get(..records.len().min(2)).unwrap_or_default()) {
            Ok(items) => html! {
                <pre class="code exercise-preview">{ items.iter().map(Value::to_string).collect::<Vec<_>>().join("\n") }</pre>
            },
            Err(message) => html! { <p class="error-text exercise-preview-error">{ message }</p> },
        };
        html! {
            <div class="exercise-editor">
                <label>{ (words.mapping_of)(entity) }
                    <textarea class="exercise-mapping" data-entity={entity.clone()} rows="5" spellcheck="false"
                        value={text} {oninput} readonly={read_only} /></label>
                <div class="quiet">{ words.preview }</div>{ previewed }
            </div>
        }
    });
    let request_editors = exercise.patterns.iter().map(|p| {
        let current = draft.requests.get(&p.name).cloned().unwrap_or(RequestDraft { operation: String::new(), text: String::new() });
        let onchange = {
            let (edit, name) = (edit.clone(), p.name.clone());
            Callback::from(move |e: Event| {
                let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else { return };
                let (operation, name) = (select.value(), name.clone());
                edit(Box::new(move |d| {
                    let entry = d.requests.entry(name).or_insert(RequestDraft { operation: String::new(), text: String::new() });
                    // An untouched skeleton follows the operation; typed text stays.
                    let text = entry.text.trim();
                    if text.is_empty() || text == pretty(&skeleton(&entry.operation)).trim() {
                        entry.text = pretty(&skeleton(&operation));
                    }
                    entry.operation = operation;
                }))
            })
        };
        let oninput = {
            let (edit, name) = (edit.clone(), p.name.clone());
            Callback::from(move |e: InputEvent| {
                let Some(text) = event_value(&e) else { return };
                let name = name.clone();
                edit(Box::new(move |d| {
                    if let Some(entry) = d.requests.get_mut(&name) {
                        entry.text = text;
                    }
                }))
            })
        };
        let options = pattern_operations().map(|o| html! { <option value={o} selected={o == current.operation}>{ o }</option> });
        html! {
            <div class="exercise-editor">
                <label>{ (words.request_of)(&p.name) }</label>
                <label class="exercise-operation">{ format!("{} ", words.operation) }
                    <select class="exercise-request-operation" data-pattern={p.name.clone()} {onchange} disabled={read_only}>{ for options }</select></label>
                <textarea class="exercise-request" data-pattern={p.name.clone()} rows="6" spellcheck="false"
                    value={current.text} {oninput} readonly={read_only} />
            </div>
        }
    });
    let all_hints = exercise.hints_in(lang.code());
    let shown_hints = (*hints).min(all_hints.len());
    let model_view = match (&model, *show_model) {
        (Some(model), true) => {
            let versus = match (&*checked, &*model_checked) {
                (Checked::Done(mine), Checked::Done(theirs)) => match (&**mine, &**theirs) {
                    (Ok(mine), Ok(theirs)) => {
                        let draft_document = draft.document().unwrap_or(Value::Null);
                        versus_view((mine, &draft_document), (theirs, model), lang)
                    }
                    _ => html! {},
                },
                _ => html! {},
            };
            html! {
                <div class="exercise-model" id="exercise-model">
                    <h3>{ words.model_answer }</h3>
                    { versus }
                    <button type="button" id="exercise-use-model" onclick={on_use_model}>{ words.use_model }</button>
                    <pre class="code exercise-model-document">{ pretty(model) }</pre>
                    { checked_view(&model_checked, lang, "exercise-model-score") }
                </div>
            }
        }
        _ => html! {},
    };
    let busy = matches!(*checked, Checked::Running(..));
    html! {
        <section class="card exercise-panel" id="exercise-panel" aria-labelledby="exercise-title" data-exercise={open.id.clone()}>
            <div class="exercise-head">
                <h2 id="exercise-title">{ exercise.title_in(lang.code()).to_string() }</h2>
                { props.close_button.clone() }
            </div>
            if let Some(hand_in) = &props.hand_in {
                <p class="exercise-hand-in-of" id="exercise-hand-in-of"><strong>{ (words.hand_in_of)(&hand_in.name) }</strong></p>
            }
            { statement(exercise.statement_in(lang.code())) }
            <details class="exercise-data" open=true>
                <summary>{ words.entities }</summary>
                { for entities }
            </details>
            <details class="exercise-data" open=true>
                <summary>{ words.patterns }</summary>
                <ul class="exercise-patterns">{ for patterns }</ul>
            </details>
            if !read_only { <h3>{ words.your_design }</h3> }
            <div class="exercise-editor">
                <label>{ words.tables }
                    <textarea id="exercise-tables" rows="8" spellcheck="false" value={draft.tables.clone()} oninput={on_tables}
                        readonly={read_only} /></label>
                if tables.is_some() && !read_only {
                    <button type="button" class="quiet" id="exercise-use-tables" onclick={on_use_tables}>{ words.use_tables }</button>
                }
            </div>
            <div class="exercise-editors">{ for mapping_editors }</div>
            <div class="exercise-editors">{ for request_editors }</div>
            <div class="exercise-actions">
                <button type="button" id="exercise-check" class="primary" onclick={on_check} disabled={busy}>{ words.check }</button>
                if shown_hints < all_hints.len() && !read_only {
                    <button type="button" id="exercise-hint" onclick={on_hint}>{ words.hint }</button>
                }
                if model.is_some() && !read_only {
                    <button type="button" id="exercise-show-model" onclick={on_model}>{ words.show_model }</button>
                }
            </div>
            if !read_only {
                <details class="exercise-hand-in">
                    <summary>{ words.hand_in }</summary>
                    <label>{ words.your_name }{ " " }<input type="text" id="exercise-hand-in-name" value={(*name).clone()} oninput={on_name} /></label>
                    { " " }<button type="button" id="exercise-hand-in-make" onclick={on_make_link}>{ words.make_link }</button>
                    { match &*link {
                        Some(Ok(url)) => html! { <>
                            <p>{ words.link_made }</p>
                            <input type="text" id="exercise-hand-in-link" readonly=true value={url.clone()} />
                        </> },
                        Some(Err(message)) => html! { <p class="error-text">{ message.clone() }</p> },
                        None => html! {},
                    } }
                </details>
            }
            if shown_hints > 0 {
                <ol class="exercise-hints" id="exercise-hints">
                    { for all_hints.iter().take(shown_hints).enumerate().map(|(i, h)| html! {
                        <li><b>{ format!("{}: ", (words.hint_n)(i + 1, all_hints.len())) }</b>{ inline(h) }</li>
                    }) }
                </ol>
            }
            <div id="exercise-result">{ checked_view(&checked, lang, "exercise-score") }</div>
            { model_view }
        </section>
    }
}
