//! The design review in the panels' wasm ([`panels`](crate::ui::panels)):
//! the review's run, its report and heatmaps stay out of the page's first
//! wasm, which makes the root and says what to review
//! ([`review_place`](super::review_place)).
//!
//! ```text
//!   playground's wasm (ReviewPlace)                 panels' wasm (ReviewApp)
//!   data-page        the page's number  ──►         its ReviewSession, kept while the
//!                                                   Console tab is not shown
//!   data-version     the data's version ──►         a run of other data is dropped
//!   data-patterns    the access patterns (JSON) ──► the patterns run, in order
//!   data-labels      the open lesson's labels  ──►  the report's names
//!   "ddb-panel" when any of them changed
//!   root.playgroundScenario() ◄── Run review: the playground as its link
//!                                 carries it, read into the run's engine
//! ```
//!
//! The run works on a copy read from the scenario text, not on the page's
//! engine: what a review depends on (tables, items, partition layouts,
//! settings, the clock) is what a share link carries, so the review a
//! student gets from the lecturer's link is the lecturer's.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use gloo_events::EventListener;
use js_sys::Reflect;
use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Element;
use yew::prelude::*;

use super::design_review::DesignReview;
use super::review_session::ReviewSession;
use crate::engine::review::AccessPattern;
use crate::engine::Engine;
use crate::i18n::Lang;
use crate::scenario::access_patterns;
use crate::ui::panels::module::{use_root_lang, REQUEST_EVENT};
use crate::ui::partitions::lab_module::RootProps;
use crate::ui::persist::scenario_from_text;

/// The root's property holding the page's function that gives the
/// playground as scenario text.
pub const SCENARIO_PROPERTY: &str = "playgroundScenario";

thread_local! {
    /// Each page's run, by the page's number: it outlives the panel.
    static SESSIONS: RefCell<BTreeMap<String, Rc<RefCell<ReviewSession>>>> = RefCell::default();
}

/// What the root says of the design to review.
#[derive(Clone, PartialEq, Default)]
struct OnRoot {
    page: String,
    version: u64,
    patterns: Rc<Vec<AccessPattern>>,
    labels: Rc<BTreeMap<String, String>>,
}

impl OnRoot {
    fn read(root: &Element) -> Self {
        let json = |name: &str| root.get_attribute(name).and_then(|text| serde_json::from_str::<Value>(&text).ok());
        let patterns = match json("data-patterns") {
            Some(Value::Array(list)) => list
                .iter()
                .enumerate()
                .filter_map(|(i, p)| access_patterns::from_json(p, &format!("accessPatterns[{i}]")).ok())
                .collect(),
            _ => Vec::new(),
        };
        let labels = match json("data-labels") {
            Some(Value::Object(members)) => {
                members.into_iter().filter_map(|(name, label)| Some((name, label.as_str()?.to_string()))).collect()
            }
            _ => BTreeMap::new(),
        };
        OnRoot {
            page: root.get_attribute("data-page").unwrap_or_default(),
            version: root.get_attribute("data-version").and_then(|v| v.parse().ok()).unwrap_or_default(),
            patterns: Rc::new(patterns),
            labels: Rc::new(labels),
        }
    }
}

/// The playground's engine, read from the page's scenario text, or why not.
fn playground_on(root: &Element) -> Result<Engine, String> {
    let function =
        Reflect::get(root, &SCENARIO_PROPERTY.into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let text = function.and_then(|f| f.call0(&JsValue::NULL).ok()).and_then(|text| text.as_string());
    let text = text.ok_or("The page gave no playground to review.")?;
    scenario_from_text(&text).map(|scenario| scenario.engine)
}

/// The review on its root.
#[component]
pub fn ReviewApp(props: &RootProps) -> Html {
    let lang = use_root_lang(&props.root, props.lang);
    let on_root = use_state_eq(|| OnRoot::read(&props.root));
    {
        let (root, on_root) = (props.root.clone(), on_root.clone());
        use_effect_with((), move |_| {
            on_root.set(OnRoot::read(&root));
            let listener = EventListener::new(&root.clone(), REQUEST_EVENT, move |_| on_root.set(OnRoot::read(&root)));
            move || drop(listener)
        });
    }
    let session = SESSIONS.with(|sessions| Rc::clone(sessions.borrow_mut().entry(on_root.page.clone()).or_default()));
    let playground = use_callback(props.root.clone(), |(), root| playground_on(root));
    let OnRoot { version, patterns, labels, .. } = (*on_root).clone();
    html! {
        <ContextProvider<Lang> context={lang}>
            <DesignReview {session} {version} {patterns} {labels} {playground} />
        </ContextProvider<Lang>>
    }
}
