//! The notice that a newer build of the playground has been downloaded and
//! waits: "Reload" switches to it, "Later" hides the notice.
//!
//! A release build is an offline copy kept by a service worker (`www/sw.js`,
//! registered by `www/offline.js`; docs/sharing.md). When a visit finds a new
//! build, the new worker downloads it and waits, and the page goes on running
//! the build it started with: a new version never replaces the page in the
//! middle of someone's work. `offline.js` says a build waits by setting
//! `window.ddbUpdateReady` and sending the `ddb-update-ready` event, which
//! this component shows; its Reload button calls `window.ddbApplyUpdate()`,
//! which lets the new worker take over and reloads the page. The reload
//! autosaves like any other (the page's `pagehide`), so the playground comes
//! back as it was. A debug build has no worker, and the notice never shows.

use gloo_events::EventListener;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use crate::ui::language::{use_lang, Msg};

/// What `www/offline.js` sends when a new build waits.
const READY_EVENT: &str = "ddb-update-ready";

/// A property of `window`, read without failing when it is absent.
fn window_property(name: &str) -> Option<JsValue> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &JsValue::from_str(name)).ok()
}

/// Whether a new build waited before this component was mounted.
fn update_waiting() -> bool {
    window_property("ddbUpdateReady").is_some_and(|ready| ready.is_truthy())
}

fn apply_update() {
    if let Some(apply) = window_property("ddbApplyUpdate").and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        let _ = apply.call0(&JsValue::NULL);
    }
}

#[component]
pub fn UpdateNotice() -> Html {
    let lang = use_lang();
    let shown = use_state(update_waiting);
    {
        let shown = shown.clone();
        use_effect_with((), move |_| {
            let listener =
                web_sys::window().map(|window| EventListener::new(&window, READY_EVENT, move |_| shown.set(true)));
            move || drop(listener)
        });
    }
    if !*shown {
        return html! {};
    }
    let on_later = Callback::from(move |_: MouseEvent| shown.set(false));
    html! {
        <div id="update-notice" class="scenario-notice update-notice" role="status">
            <span class="notice-text">{ lang.t(Msg::UpdateReady) }</span>
            <span class="update-actions">
                <button type="button" id="btn-update-reload" onclick={Callback::from(|_: MouseEvent| apply_update())}>
                    { lang.t(Msg::UpdateReload) }
                </button>
                <button type="button" id="btn-update-later" class="quiet" onclick={on_later}>
                    { lang.t(Msg::UpdateLater) }
                </button>
            </span>
        </div>
    }
}
