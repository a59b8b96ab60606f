//! "Make an exercise" from the playground: the author names the exercise,
//! picks the attribute that tells entity types apart (or one type per
//! table), each type's key attributes and the goals, and gets an exercise
//! document (`scenario::make_exercise`) as a JSON download or an
//! `#exercise1=` link (`scenario::handin::encode_exercise`). When the
//! current design goes in as the model answer, the exercise is checked
//! against it at once and the score shown, so the author sees whether the
//! chosen goals hold for the design the exercise was made from.

use std::collections::BTreeMap;

use yew::prelude::*;

use crate::engine::exercise::{check, Exercise};
use crate::engine::ordered::Ordered;
use crate::i18n::Lang;
use crate::scenario::handin::encode_exercise;
use crate::scenario::make_exercise::{self, Authoring, ChosenGoals, Made};
use crate::ui::browser::copy_text;
use crate::ui::language::use_lang;
use crate::ui::persist;
use crate::ui::state::use_playground;

/// What the form holds, as typed.
#[derive(Clone, Debug, Default, PartialEq)]
struct Form {
    title: String,
    statement: String,
    /// Empty: one type per table.
    type_attribute: String,
    /// Entity type → key attributes as typed (comma-separated).
    keys: BTreeMap<String, String>,
    no_scan: bool,
    no_throttling: bool,
    max_cost: String,
    max_gsis: String,
    max_tables: String,
    model_answer: bool,
}

/// What Make gave.
#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    Made { made: Made, link: String, score: Option<(usize, usize)> },
    Refused(String),
}

fn number<T: std::str::FromStr>(text: &str, field: &str, lang: Lang) -> Result<Option<T>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.replace(',', ".").parse().map(Some).map_err(|_| (lang.lecturer().not_a_number)(field))
}

fn authoring(form: &Form, lang: Lang) -> Result<Authoring, String> {
    let words = lang.lecturer();
    let split = |text: &String| text.split(',').map(str::trim).filter(|k| !k.is_empty()).map(String::from).collect();
    Ok(Authoring {
        title: form.title.clone(),
        statement: form.statement.clone(),
        type_attribute: Some(form.type_attribute.trim().to_string()).filter(|a| !a.is_empty()),
        keys: form.keys.iter().map(|(name, keys)| (name.clone(), split(keys))).ordered_map(),
        goals: ChosenGoals {
            served_without_scan: form.no_scan,
            no_throttling: form.no_throttling,
            max_monthly_cost: number(&form.max_cost, words.goal_max_cost, lang)?,
            max_global_secondary_indexes: number(&form.max_gsis, words.goal_max_gsis, lang)?,
            max_tables: number(&form.max_tables, words.goal_max_tables, lang)?,
        },
        model_answer: form.model_answer,
    })
}

#[component]
pub fn MakeExercise() -> Html {
    let lang = use_lang();
    let words = lang.lecturer();
    let state = use_playground();
    let form = use_state(|| Form { model_answer: true, ..Form::default() });
    let outcome = use_state(|| None::<Outcome>);
    let copied = use_state(|| None::<bool>);
    let data_version = state.as_ref().map(|s| s.data_version);
    let engine = state.as_ref().map(|s| s.engine.clone());
    let candidates = use_memo(data_version, {
        let engine = engine.clone();
        move |_| engine.map(|e| make_exercise::type_attribute_candidates(&e.borrow())).unwrap_or_default()
    });
    let types = use_memo((data_version, form.type_attribute.clone()), {
        let engine = engine.clone();
        move |(_, attribute)| {
            let attribute = Some(attribute.trim()).filter(|a| !a.is_empty());
            engine.map(|e| make_exercise::entity_types(&e.borrow(), attribute)).unwrap_or_default()
        }
    });
    let Some(state) = state else { return html! {} };
    let patterns = state.access_patterns.clone();

    let edit = |change: fn(&mut Form, String)| {
        let form = form.clone();
        Callback::from(move |e: InputEvent| {
            let value = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .map(|i| i.value())
                .or_else(|| e.target_dyn_into::<web_sys::HtmlTextAreaElement>().map(|a| a.value()))
                .unwrap_or_default();
            let mut next = (*form).clone();
            change(&mut next, value);
            form.set(next);
        })
    };
    let toggle = |change: fn(&mut Form, bool)| {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let on = e.target_dyn_into::<web_sys::HtmlInputElement>().is_some_and(|i| i.checked());
            let mut next = (*form).clone();
            change(&mut next, on);
            form.set(next);
        })
    };
    let on_type = {
        let form = form.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                form.set(Form { type_attribute: select.value(), keys: BTreeMap::new(), ..(*form).clone() });
            }
        })
    };
    let on_make = {
        let (form, outcome, copied, engine, patterns) =
            (form.clone(), outcome.clone(), copied.clone(), state.engine.clone(), patterns.clone());
        Callback::from(move |_: MouseEvent| {
            copied.set(None);
            let made = authoring(&form, lang).and_then(|authoring| {
                make_exercise::make(&engine.borrow(), &patterns, &authoring).map_err(|e| e.message().to_string())
            });
            outcome.set(Some(match made {
                Ok(made) => {
                    let score = Exercise::from_json(&made.document).ok().and_then(|exercise| {
                        let answer = exercise.model_answer.as_ref()?;
                        check(&exercise, answer).ok().map(|r| (r.met, r.of))
                    });
                    let base = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
                    let base = base.split('#').next().unwrap_or_default().to_string();
                    let link = format!("{base}#{}", encode_exercise(&made.document));
                    Outcome::Made { made, link, score }
                }
                Err(why) => Outcome::Refused(why),
            }));
        })
    };

    let type_rows = types.iter().map(|t| {
        let keys = form.keys.get(&t.name).cloned().unwrap_or_else(|| t.table_key.join(", "));
        let on_keys = {
            let (form, name) = (form.clone(), t.name.clone());
            Callback::from(move |e: InputEvent| {
                if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                    let mut next = (*form).clone();
                    next.keys.insert(name.clone(), input.value());
                    form.set(next);
                }
            })
        };
        let attributes: Vec<&str> = t.attributes.iter().map(String::as_str).collect();
        html! {
            <li class="make-type" key={t.name.clone()}>
                <span class="make-type-name">{ (words.type_row)(&t.name, &lang.count(t.records as u64), &t.table) }</span>
                <label>
                    <span class="visually-hidden">{ words.key_label }</span>
                    <input type="text" class="make-keys" value={keys} oninput={on_keys} title={attributes.join(", ")} />
                </label>
            </li>
        }
    });

    let result = match &*outcome {
        None => html! {},
        Some(Outcome::Refused(why)) => html! { <p id="make-result" class="error" role="alert">{ why }</p> },
        Some(Outcome::Made { made, link, score }) => {
            let types = made.document.get("Entities").and_then(|e| e.as_object()).map_or(0, |e| e.len());
            let patterns = made.document.get("AccessPatterns").and_then(|p| p.as_array()).map_or(0, Vec::len);
            let on_download = {
                let text = serde_json::to_string_pretty(&made.document).unwrap_or_default();
                Callback::from(move |_: MouseEvent| {
                    let _ = persist::download("exercise.json", "application/json", &text);
                })
            };
            let on_copy = {
                let (link, copied) = (link.clone(), copied.clone());
                Callback::from(move |_: MouseEvent| {
                    let copied = copied.clone();
                    copy_text(&link, move |ok| copied.set(Some(ok)));
                })
            };
            html! {
                <div id="make-result" role="status">
                    <p>{ (words.made)(&lang.count(types as u64), &lang.count(patterns as u64)) }</p>
                    if made.items_without_type > 0 {
                        <p>{ (words.items_left_out)(&lang.count(made.items_without_type as u64)) }</p>
                    }
                    if !made.writes_left_out.is_empty() {
                        <p>{ (words.writes_left_out)(&made.writes_left_out.join(", ")) }</p>
                    }
                    if let Some((met, of)) = score {
                        <p id="make-score">{ (words.model_scores)(&lang.count(*met as u64), &lang.count(*of as u64)) }</p>
                    }
                    <div class="make-buttons">
                        <button type="button" id="make-download" class="quiet" onclick={on_download}>{ words.download }</button>
                        <button type="button" id="make-copy" class="quiet" onclick={on_copy}>{ words.copy_link }</button>
                        if let Some(ok) = *copied {
                            <span>{ if ok { words.copied } else { words.not_copied } }</span>
                        }
                    </div>
                    <input type="text" id="make-link" readonly=true value={link.clone()} aria-label={words.copy_link} />
                </div>
            }
        }
    };

    html! {
        <section id="make-exercise" class="card make-exercise" aria-labelledby="make-exercise-title">
            <h2 id="make-exercise-title">{ words.make_title }</h2>
            <p>{ words.make_intro }</p>
            if patterns.is_empty() {
                <p class="hint">{ words.no_patterns }</p>
            }
            <label class="make-field">{ words.title_label }
                <input type="text" id="make-title" value={form.title.clone()} oninput={edit(|f, v| f.title = v)} />
            </label>
            <label class="make-field">{ words.statement_label }
                <textarea id="make-statement" rows="3" value={form.statement.clone()}
                    oninput={edit(|f, v| f.statement = v)} />
            </label>
            <label class="make-field">{ words.type_label }
                <select id="make-type" onchange={on_type}>
                    <option value="" selected={form.type_attribute.is_empty()}>{ words.by_table }</option>
                    { for candidates.iter().take(40).map(|c| html! {
                        <option value={c.clone()} selected={&form.type_attribute == c}>{ c }</option>
                    }) }
                </select>
            </label>
            <h3>{ words.types_heading }</h3>
            <p class="hint">{ words.key_label }</p>
            <ul class="make-types">{ for type_rows }</ul>
            <fieldset class="make-goals">
                <legend>{ words.goals_heading }</legend>
                <label><input type="checkbox" id="make-no-scan" checked={form.no_scan}
                    onchange={toggle(|f, on| f.no_scan = on)} />{ words.goal_no_scan }</label>
                <label><input type="checkbox" id="make-no-throttling" checked={form.no_throttling}
                    onchange={toggle(|f, on| f.no_throttling = on)} />{ words.goal_no_throttling }</label>
                <label>{ words.goal_max_cost }<input type="text" inputmode="decimal" id="make-max-cost"
                    value={form.max_cost.clone()} oninput={edit(|f, v| f.max_cost = v)} /></label>
                <label>{ words.goal_max_gsis }<input type="text" inputmode="numeric" id="make-max-gsis"
                    value={form.max_gsis.clone()} oninput={edit(|f, v| f.max_gsis = v)} /></label>
                <label>{ words.goal_max_tables }<input type="text" inputmode="numeric" id="make-max-tables"
                    value={form.max_tables.clone()} oninput={edit(|f, v| f.max_tables = v)} /></label>
            </fieldset>
            <label class="make-model"><input type="checkbox" id="make-model" checked={form.model_answer}
                onchange={toggle(|f, on| f.model_answer = on)} />{ words.include_model }</label>
            <button type="button" id="make-exercise-button" class="primary" onclick={on_make}>{ words.make }</button>
            { result }
        </section>
    }
}
