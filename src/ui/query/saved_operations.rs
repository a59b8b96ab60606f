//! The console's saved operations: keep the request being built under a
//! name, load a saved one back into the builder, delete one; or keep it as
//! an access pattern ([`crate::ui::review::access_patterns`]).
//!
//! They live in the scenario ([`Playground::operations`](crate::ui::state::Playground::operations)),
//! so a share link, an exported file and the autosave carry them, and a
//! lesson brings its own.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::console_state::{ConsoleAction, ConsoleContext};
use super::operation_builder::side_request;
use crate::engine::review::{AccessPattern, KeyVariation};
use crate::scenario::format::SavedOperation;
use crate::ui::draft::{FormError, ItemOperation};
use crate::ui::language::{use_lang, Msg};
use crate::ui::state::{use_playground, Action};

#[component]
pub fn SavedOperations() -> Html {
    let lang = use_lang();
    let state = use_playground();
    let console = use_context::<ConsoleContext>();
    let name = use_state(String::new);
    // What stopped a save: a fixed text, and the form's error if any
    // (worded when shown).
    let problem = use_state(|| None::<(Msg, Option<FormError>)>);
    let (Some(state), Some(console)) = (state, console) else { return html! {} };

    let oninput = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                name.set(input.value());
            }
        })
    };
    let save = {
        let (state, console, name, problem) = (state.clone(), console.clone(), name.clone(), problem.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let label = name.trim().to_string();
            if label.is_empty() {
                problem.set(Some((Msg::NameFirst, None)));
                return;
            }
            let draft = console.draft(console.active);
            match side_request(&state, draft).request {
                Ok(request) => {
                    let operation = draft.operation.name().to_string();
                    state.dispatch(Action::SaveOperation(SavedOperation { name: label, operation, request }));
                    name.set(String::new());
                    problem.set(None);
                }
                Err(error) => problem.set(Some((Msg::NotSavedIncomplete, Some(error)))),
            }
        })
    };
    // The builder's request as an access pattern, at one request a second
    // and always the request's key: the panel edits both.
    let save_pattern = {
        let (state, console, name, problem) = (state.clone(), console.clone(), name.clone(), problem.clone());
        Callback::from(move |_: MouseEvent| {
            let label = name.trim().to_string();
            if label.is_empty() {
                problem.set(Some((Msg::NameFirst, None)));
                return;
            }
            let draft = console.draft(console.active);
            match side_request(&state, draft).request {
                Ok(request) => {
                    let mut patterns = state.access_patterns.as_ref().clone();
                    patterns.push(AccessPattern {
                        name: label,
                        operation: draft.operation.name().to_string(),
                        request,
                        requests_per_second: 1.0,
                        keys: KeyVariation::Single,
                    });
                    state.dispatch(Action::SetAccessPatterns(patterns));
                    name.set(String::new());
                    problem.set(None);
                }
                Err(error) => problem.set(Some((Msg::NotSavedIncomplete, Some(error)))),
            }
        })
    };
    let rows = state.operations.iter().map(|saved| {
        let load = {
            let (state, console, saved) = (state.clone(), console.dispatcher(), saved.clone());
            Callback::from(move |_: MouseEvent| {
                let Some(operation) = ItemOperation::parse(&saved.operation) else { return };
                let schema = saved.request.get("TableName").and_then(|t| t.as_str()).and_then(|table| {
                    let engine = state.engine.try_borrow().ok()?;
                    engine.table(table).map(|t| t.definition.key_schema.clone())
                });
                console.dispatch(ConsoleAction::Load { operation, request: saved.request.clone(), schema });
            })
        };
        let delete = {
            let (state, name) = (state.clone(), saved.name.clone());
            Callback::from(move |_: MouseEvent| state.dispatch(Action::DeleteOperation(name.clone())))
        };
        let loadable = ItemOperation::parse(&saved.operation).is_some();
        html! {
            <li class="saved-op" key={saved.name.clone()}>
                <span class="op">{ &saved.operation }</span>
                <span class="saved-op-name">{ &saved.name }</span>
                <span class="saved-op-actions">
                    <button type="button" class="quiet saved-op-load" onclick={load} disabled={!loadable}
                        title={lang.t(Msg::LoadIntoBuilder)}>{ lang.t(Msg::Load) }</button>
                    <button type="button" class="quiet saved-op-delete" onclick={delete}
                        title={lang.t(Msg::ForgetSaved)}>{ lang.t(Msg::Delete) }</button>
                </span>
            </li>
        }
    });
    let count = state.operations.len();
    html! {
        <section class="card saved-ops" id="saved-operations" aria-labelledby="saved-ops-title">
            <div class="card-head">
                <h2 id="saved-ops-title">{ lang.tr().saved_operations(count) }</h2>
            </div>
            <form class="saved-op-form" onsubmit={save}>
                <label for="saved-op-name" class="visually-hidden">{ lang.t(Msg::Name) }</label>
                <input id="saved-op-name" type="text" placeholder={lang.t(Msg::SaveNamePlaceholder)}
                    value={(*name).clone()} {oninput} />
                <button type="submit" id="saved-op-save" class="secondary">{ lang.t(Msg::SaveRequest) }</button>
                <button type="button" id="save-access-pattern" class="secondary" onclick={save_pattern}>
                    { lang.t(Msg::SaveAsAccessPattern) }</button>
            </form>
            if let Some((msg, detail)) = &*problem {
                <p class="error-box" role="alert" id="saved-op-problem">
                    { lang.t(*msg) }{ detail.as_ref().map(|error| format!(" {}", error.describe(lang))).unwrap_or_default() }
                </p>
            }
            if count == 0 {
                <p class="hint">{ lang.t(Msg::SavedHint) }</p>
            } else {
                <ol class="saved-op-list" id="saved-op-list">{ for rows }</ol>
            }
        </section>
    }
}
