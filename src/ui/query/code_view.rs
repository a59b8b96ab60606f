//! The request being built, as code to run elsewhere: an `aws dynamodb …`
//! command, a JavaScript (SDK v3) module, or a Python (boto3) script, each
//! against real DynamoDB or the local endpoint `ddb-local`
//! ([`codegen`](crate::codegen) writes them).
//!
//! It shows the request of the side that was used last, as it is now (the
//! draft, not the last run), so it follows every keystroke.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::console_state::{CodeTab, ConsoleAction, ConsoleContext};
use crate::codegen::{aws_cli, javascript_v3, python_boto3, LOCAL_ENDPOINT};
use crate::ui::browser;
use crate::ui::draft::{Draft, Mode};
use crate::ui::language::{use_lang, Msg};
use crate::ui::limits;
use crate::ui::state::use_playground;

const TABS: [(CodeTab, &str, &str); 3] = [
    (CodeTab::Cli, "cli", "AWS CLI"),
    (CodeTab::JavaScript, "js", "JavaScript v3"),
    (CodeTab::Python, "py", "Python boto3"),
];

/// A request whose code is generated only when copied.
enum Deferred {
    /// Built from the form.
    Parsed(Rc<serde_json::Value>),
    /// Raw JSON, parsed when copied.
    Raw(Rc<Draft>),
}

#[component]
pub fn CodeView() -> Html {
    let state = use_playground();
    let console = use_context::<ConsoleContext>();
    let lang = use_lang();
    // Whether the last copy worked, until the code changes (kept as a fact,
    // not as words, so it follows a change of language).
    let copied = use_state(|| None::<bool>);
    let (Some(state), Some(console)) = (state, console) else { return html! {} };

    let draft = console.draft(console.active);
    let table =
        if draft.mode == Mode::Raw { String::new() } else { draft.table_name(state.selected.as_deref()).to_string() };
    let schema = state.engine.try_borrow().ok().and_then(|e| e.table(&table).map(|t| t.definition.key_schema.clone()));
    let endpoint = console.local_endpoint.then_some(LOCAL_ENDPOINT);
    let operation = draft.operation.name();
    let tab = console.code_tab;
    let generate = move |request: &serde_json::Value| match tab {
        CodeTab::Cli => aws_cli(operation, request, endpoint),
        CodeTab::JavaScript => javascript_v3(operation, request, endpoint),
        CodeTab::Python => python_boto3(operation, request, endpoint),
    };
    // A request over 64 KB (up to 16 MB) is turned into code only when
    // copied: its code would be cut when drawn anyway ([`limits`]). Raw JSON
    // that long is not even parsed here until then.
    let deferred_text = |bytes: usize| lang.tr().code_deferred(&lang.count(bytes as u64));
    let (code, deferred) = if draft.mode == Mode::Raw && draft.raw.len() > limits::SHOWN_TEXT_BYTES {
        (deferred_text(draft.raw.len()), Some(Deferred::Raw(Rc::clone(draft))))
    } else {
        match draft.request(state.selected.as_deref(), schema.as_ref()) {
            Ok(request) => match limits::json_bytes(&request) {
                bytes if bytes > limits::SHOWN_TEXT_BYTES => {
                    (deferred_text(bytes), Some(Deferred::Parsed(Rc::new(request))))
                }
                _ => (generate(&request), None),
            },
            Err(error) => (lang.tr().not_a_request(&error.describe(lang)), None),
        }
    };

    let tabs = TABS.iter().map(|(tab, id, label)| {
        let selected = *tab == console.code_tab;
        let onclick = {
            let console = console.clone();
            let copied = copied.clone();
            let tab = *tab;
            Callback::from(move |_: MouseEvent| {
                copied.set(None);
                console.dispatch(ConsoleAction::SetCodeTab(tab));
            })
        };
        html! {
            <button type="button" role="tab" id={format!("code-tab-{id}")} aria-selected={selected.to_string()}
                aria-controls="code-text" tabindex={if selected { "0" } else { "-1" }} class={classes!("tab", selected.then_some("selected"))}
                {onclick}>{ *label }</button>
        }
    });
    // Arrow keys move between the tabs, as in every tab list.
    let onkeydown = {
        let console = console.clone();
        Callback::from(move |e: KeyboardEvent| {
            let index = TABS.iter().position(|(t, _, _)| *t == console.code_tab).unwrap_or(0);
            let next = match e.key().as_str() {
                "ArrowRight" => (index + 1) % TABS.len(),
                "ArrowLeft" => (index + TABS.len() - 1) % TABS.len(),
                _ => return,
            };
            e.prevent_default();
            let Some((tab, name, _)) = TABS.get(next) else { return };
            console.dispatch(ConsoleAction::SetCodeTab(*tab));
            let id = format!("code-tab-{name}");
            if let Some(button) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id(&id))
                .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = button.focus();
            }
        })
    };
    let copy = {
        let code = code.clone();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            let code = match &deferred {
                None => code.clone(),
                Some(Deferred::Parsed(request)) => generate(request),
                Some(Deferred::Raw(draft)) => match draft.parse_raw() {
                    Ok(request) => generate(&request),
                    Err(error) => lang.tr().not_a_request(&format!("{}: {}", error.name(), error.message())),
                },
            };
            let copied = copied.clone();
            browser::copy_text(&code, move |ok| copied.set(Some(ok)));
        })
    };
    let toggle_endpoint = {
        let console = console.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                console.dispatch(ConsoleAction::SetLocalEndpoint(input.checked()));
            }
        })
    };
    html! {
        <section class="card code-view" id="code-view" aria-labelledby="code-title">
            <div class="card-head">
                <h2 id="code-title">{ lang.t(Msg::CodeTitle) }<span class="on-table">{ format!(" · {operation}") }</span></h2>
                <label class="check">
                    <input type="checkbox" id="code-local" checked={console.local_endpoint} onchange={toggle_endpoint} />
                    { lang.tr().against_local(LOCAL_ENDPOINT) }
                </label>
            </div>
            <div class="code-bar">
                <div class="tabs" role="tablist" aria-label={lang.t(Msg::CodeTabsLabel)} {onkeydown}>{ for tabs }</div>
                <span class="spacer"></span>
                <span class="copy-status" role="status">
                    { (*copied).map(|ok| lang.t(if ok { Msg::CodeCopied } else { Msg::CodeCopyRefused })).unwrap_or_default() }
                </span>
                <button type="button" class="quiet" id="code-copy" onclick={copy}>{ lang.t(Msg::CodeCopy) }</button>
            </div>
            <pre class="code" id="code-text" role="tabpanel" tabindex="0">{ limits::shown(lang, &code) }</pre>
        </section>
    }
}
