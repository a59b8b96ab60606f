//! The hot-key lab and the planners in the panels' wasm
//! ([`panels`](crate::ui::panels)): both work on nothing of the playground's
//! (the lab runs its traffic on an engine of its own), so the simulation,
//! its charts and the planners' forms stay out of the page's first wasm.
//!
//! ```text
//!   playground's wasm (LabPlace)                  panels' wasm (LabApp)
//!   a lesson step's workload ── data-request-value (its spec), data-serial
//!                            ── "ddb-panel" ──►   HotKeyLab runs it
//!   LessonBus ◄── LabDone(n) ◄── "ddb-lab-done" ── data-done = n
//!   copies the embed link ◄── "ddb-lab-embed" ── "Embed link" (when data-embed)
//! ```

use std::rc::Rc;

use gloo_events::EventListener;
use serde_json::Value;
use web_sys::Element;
use yew::prelude::*;

use super::hotkey_lab::HotKeyLab;
use super::planners::Planners;
use crate::i18n::Lang;
use crate::scenario::lessons::LessonWorkload;
use crate::ui::panels::module::{tell, use_root_lang, REQUEST_EVENT};

/// The event the lab sends when it has started a request (`data-done`).
pub const DONE_EVENT: &str = "ddb-lab-done";
/// The event the lab's "Embed link" sends; the page copies the link, which
/// carries the playground.
pub const EMBED_EVENT: &str = "ddb-lab-embed";

/// A panel's root and the language it was mounted in.
#[derive(Properties, PartialEq)]
pub struct RootProps {
    pub root: Element,
    pub lang: Lang,
}

/// The lesson's workload on the lab's root, with the request's number.
fn request_on(root: &Element) -> Option<(u64, Rc<LessonWorkload>)> {
    let serial = root.get_attribute("data-serial")?.parse().ok()?;
    let spec: Value = serde_json::from_str(&root.get_attribute("data-request-value")?).ok()?;
    Some((serial, Rc::new(LessonWorkload::parse(&spec).ok()?)))
}

/// The lab on its root.
#[component]
pub fn LabApp(props: &RootProps) -> Html {
    let lang = use_root_lang(&props.root, props.lang);
    let request = use_state(|| None);
    {
        let (root, request) = (props.root.clone(), request.clone());
        use_effect_with((), move |_| {
            request.set(request_on(&root));
            let listener = EventListener::new(&root.clone(), REQUEST_EVENT, move |_| request.set(request_on(&root)));
            move || drop(listener)
        });
    }
    let on_done = {
        let root = props.root.clone();
        Callback::from(move |n: u64| {
            let _ = root.set_attribute("data-done", &n.to_string());
            tell(&root, DONE_EVENT);
        })
    };
    let embed = props.root.has_attribute("data-embed").then(|| {
        let root = props.root.clone();
        Callback::from(move |_: MouseEvent| tell(&root, EMBED_EVENT))
    });
    html! {
        <ContextProvider<Lang> context={lang}>
            <HotKeyLab request={(*request).clone()} {on_done} {embed} />
        </ContextProvider<Lang>>
    }
}

/// The planners on their root.
#[component]
pub fn PlannersApp(props: &RootProps) -> Html {
    let lang = use_root_lang(&props.root, props.lang);
    html! {
        <ContextProvider<Lang> context={lang}>
            <Planners />
        </ContextProvider<Lang>>
    }
}
