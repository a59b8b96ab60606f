//! The header's scenario buttons (Copy link, Export, Import, Reset) and the
//! message line under the header.
//!
//! Reset asks first, in the page (a browser `confirm` would block the page
//! and cannot be styled for a projector). Import uses a hidden file input
//! behind a real button, so it is reachable with the keyboard.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::persist;
use super::state::{Action, Notice, PlaygroundContext};

#[component]
pub fn ScenarioMenu() -> Html {
    let Some(state) = use_context::<PlaygroundContext>() else { return html! {} };
    let confirming = use_state(|| false);
    let file_input = use_node_ref();

    let on_share = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let notice = match state.scenario() {
                Some(scenario) => persist::share(&scenario),
                None => Notice::error("The engine is busy; try again."),
            };
            state.dispatch(Action::Notify(Some(notice)));
        })
    };
    let on_export = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let notice = match state.scenario().map(|s| persist::export(&s)) {
                Some(Ok(name)) => Notice::info(format!("Exported {name}.")),
                Some(Err(reason)) => Notice::error(reason),
                None => Notice::error("The engine is busy; try again."),
            };
            state.dispatch(Action::Notify(Some(notice)));
        })
    };
    let on_import_click = {
        let file_input = file_input.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(input) = file_input.cast::<web_sys::HtmlInputElement>() {
                input.click();
            }
        })
    };
    let on_file = {
        let dispatcher = state.dispatcher();
        Callback::from(move |e: Event| {
            let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
            let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
            // Choosing the same file again must fire `change` again.
            input.set_value("");
            let dispatcher = dispatcher.clone();
            let name = file.name();
            persist::import(file, move |outcome| match outcome {
                Ok(scenario) => dispatcher
                    .dispatch(Action::Load(Box::new(scenario), Some(Notice::info(format!("Imported {name}."))))),
                Err(reason) => dispatcher.dispatch(Action::Notify(Some(Notice::error(format!(
                    "{reason} Nothing was changed: the playground is as it was."
                ))))),
            });
        })
    };
    let on_reset = {
        let confirming = confirming.clone();
        Callback::from(move |_: MouseEvent| confirming.set(true))
    };
    let on_cancel = {
        let confirming = confirming.clone();
        Callback::from(move |_: MouseEvent| confirming.set(false))
    };
    let on_confirm = {
        let confirming = confirming.clone();
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            confirming.set(false);
            persist::forget_saved();
            persist::set_fragment("");
            state.dispatch(Action::Reset);
        })
    };
    let on_dismiss = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Notify(None)))
    };

    html! {
        <>
            <nav class="scenario-menu" aria-label="Scenario">
                <button type="button" id="btn-share" class="topbar-button" onclick={on_share}
                    title="Put the whole playground in the page's link and copy it">{ "Copy link" }</button>
                <button type="button" id="btn-export" class="topbar-button" onclick={on_export}
                    title="Download the playground as a JSON file">{ "Export" }</button>
                <button type="button" id="btn-import" class="topbar-button" onclick={on_import_click}
                    title="Load a playground from a JSON file">{ "Import" }</button>
                <input type="file" id="import-file" class="visually-hidden" accept=".json,application/json"
                    tabindex="-1" aria-hidden="true" ref={file_input} onchange={on_file} />
                if *confirming {
                    <span class="reset-confirm" role="group" aria-label="Confirm reset">
                        { "Empty the playground and its saved copy?" }
                        <button type="button" id="btn-reset-confirm" class="topbar-button danger"
                            onclick={on_confirm}>{ "Yes, reset" }</button>
                        <button type="button" id="btn-reset-cancel" class="topbar-button"
                            onclick={on_cancel}>{ "Cancel" }</button>
                    </span>
                } else {
                    <button type="button" id="btn-reset" class="topbar-button" onclick={on_reset}
                        title="Empty the playground">{ "Reset" }</button>
                }
            </nav>
            if let Some(notice) = &state.notice {
                <div id="scenario-notice" class={classes!("scenario-notice", notice.error.then_some("error"))}
                    role={if notice.error { "alert" } else { "status" }}>
                    <span class="notice-text">{ &notice.text }</span>
                    <button type="button" id="btn-dismiss" class="notice-dismiss" onclick={on_dismiss}
                        aria-label="Dismiss message">{ "Dismiss" }</button>
                </div>
            }
        </>
    }
}
