//! The design review's place in the page: its root, which the panels' wasm
//! draws the review in ([`review_module`](super::review_module) has the
//! other side), with what to review written on it and the playground's
//! scenario given when a run starts.

use std::rc::Rc;

use js_sys::Reflect;
use serde_json::Value;
use wasm_bindgen::closure::Closure;
use web_sys::Element;
use yew::prelude::*;

use super::review_module::SCENARIO_PROPERTY;
use crate::scenario::access_patterns;
use crate::ui::language::use_lang;
use crate::ui::lessons::lesson_nav;
use crate::ui::panels::host::PanelsHost;
use crate::ui::panels::module::{tell, REQUEST_EVENT};
use crate::ui::panels::place::PanelPlace;
use crate::ui::persist::scenario_text;
use crate::ui::state::use_playground;

#[component]
pub fn ReviewPlace() -> Html {
    let lang = use_lang();
    let state = use_playground();
    let page = use_context::<PanelsHost>().map(|host| host.id()).unwrap_or_default();
    let root = use_node_ref();
    let version = state.as_ref().map_or(0, |s| s.data_version);
    let patterns = state.as_ref().map(|s| Rc::clone(&s.access_patterns)).unwrap_or_default();
    let patterns = use_memo(patterns, |patterns| {
        Value::Array(patterns.iter().map(access_patterns::to_json).collect()).to_string()
    });
    // The open lesson's patterns by their labels in the page's language
    // (read again once its overlay has arrived in the playground's library).
    let lesson = state.as_ref().and_then(|s| lesson_nav::open_id(s));
    let library = state.as_ref().map(|s| Rc::clone(&s.lessons));
    let labels = use_memo((lesson, lang, library), |(lesson, lang, library)| {
        let lesson = lesson.as_ref().zip(library.as_ref()).and_then(|(id, library)| library.lesson_in(id, *lang).ok());
        let mut labels = serde_json::Map::new();
        for (name, label) in lesson.map(|l| l.pattern_labels()).unwrap_or_default() {
            labels.insert(name, label.into());
        }
        Value::Object(labels).to_string()
    });
    // The playground as it is now, for the scenario a run asks for.
    let latest = use_mut_ref(|| None);
    *latest.borrow_mut() = state;
    {
        let root = root.clone();
        use_effect_with((), move |_| {
            let scenario = Closure::<dyn Fn() -> String>::new(move || {
                let state = latest.borrow();
                state.as_ref().and_then(|s| s.lend_scenario(scenario_text)).unwrap_or_default()
            });
            let root = root.cast::<Element>();
            if let Some(root) = &root {
                let _ = Reflect::set(root, &SCENARIO_PROPERTY.into(), scenario.as_ref());
            }
            move || {
                if let Some(root) = root {
                    let _ = Reflect::delete_property(&root, &SCENARIO_PROPERTY.into());
                }
                drop(scenario);
            }
        });
    }
    {
        let root = root.clone();
        use_effect_with((page, version, patterns, labels), move |(page, version, patterns, labels)| {
            if let Some(root) = root.cast::<Element>() {
                let _ = root.set_attribute("data-page", &page.to_string());
                let _ = root.set_attribute("data-version", &version.to_string());
                let _ = root.set_attribute("data-patterns", patterns);
                let _ = root.set_attribute("data-labels", labels);
                tell(&root, REQUEST_EVENT);
            }
        });
    }
    html! { <PanelPlace panel="review" title={lang.review().title} root={Some(root)} /> }
}
