//! The exercise panel's side in the panels' wasm ([`panels`](crate::ui::panels)):
//! the page's [`host`](super::host) makes the root and asks through it.
//!
//! ```text
//!   playground's wasm                          panels' wasm
//!   ExercisesMenu ── host.ask(Request) ──►  <div id="exercise-root" data-panel="exercise"
//!                                             data-lang data-request data-serial>
//!                        event "ddb-panel" ──►  ExerciseApp: Lang, ExerciseContext
//!                                                 └─ ExercisePanel (open, check, report)
//!   host ◄── event "ddb-exercise-shown" ── data-shown (the open built-in's id)
//!   root.playgroundTables() ◄── "Use the playground's tables"
//! ```
//!
//! An exercise changes nothing in the playground's tables, which is what
//! lets the panel live in the other wasm, with the check's copy of the
//! engine's machinery: what it needs of the playground is the language,
//! what to open, and, on request, the playground's tables as `CreateTable`
//! requests (the root's `playgroundTables`, a function the host sets).
//!
//! A request is the root's `data-request` (`open`, `link`, `hand-in`,
//! `remembered`) with its `data-request-value`; `data-serial` counts them,
//! so the module carries out each once, whether it was made before the
//! module started or after.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::rc::Rc;

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

use super::exercise_panel::ExercisePanel;
use super::open::{self, ExerciseContext, Shown};
use crate::i18n::Lang;
use crate::ui::panels::module::{tell, use_root_lang, REQUEST_EVENT};

/// The element both wasms share.
pub const ROOT_ID: &str = "exercise-root";
/// The event the module sends when what it shows has changed.
pub const SHOWN_EVENT: &str = "ddb-exercise-shown";
/// The root's property holding the host's function that gives the
/// playground's tables as pretty JSON text.
pub const TABLES_PROPERTY: &str = "playgroundTables";

/// What the host asks the module to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A built-in exercise by id.
    Open(String),
    /// An exercise link, `exercise1=…`.
    Link(String),
    /// A hand-in link, `handin1=…`.
    HandIn(String),
    /// The exercise open at the last visit (a built-in's id or a link).
    Remembered(String),
}

impl Request {
    /// Its `data-request` and `data-request-value`.
    pub fn attributes(&self) -> (&'static str, &str) {
        match self {
            Request::Open(id) => ("open", id),
            Request::Link(link) => ("link", link),
            Request::HandIn(link) => ("hand-in", link),
            Request::Remembered(id) => ("remembered", id),
        }
    }

    fn of_attributes(kind: &str, value: String) -> Option<Request> {
        Some(match kind {
            "open" => Request::Open(value),
            "link" => Request::Link(value),
            "hand-in" => Request::HandIn(value),
            "remembered" => Request::Remembered(value),
            _ => return None,
        })
    }

    /// The request on `root` and its serial number, if there is one.
    fn on(root: &Element) -> Option<(u64, Request)> {
        let serial = root.get_attribute("data-serial")?.parse().ok()?;
        let value = root.get_attribute("data-request-value").unwrap_or_default();
        Some((serial, Request::of_attributes(&root.get_attribute("data-request")?, value)?))
    }
}

/// The playground's tables as `CreateTable` requests, pretty JSON text,
/// from the host's function on the root.
#[derive(Clone, PartialEq)]
pub struct PlaygroundTables(Element);

impl PlaygroundTables {
    /// Whether a host gives the tables.
    pub fn available(&self) -> bool {
        self.function().is_some()
    }

    fn function(&self) -> Option<js_sys::Function> {
        js_sys::Reflect::get(&self.0, &TABLES_PROPERTY.into()).ok()?.dyn_into().ok()
    }

    /// The tables' text, asked now.
    pub fn text(&self) -> Option<String> {
        self.function()?.call0(&wasm_bindgen::JsValue::NULL).ok()?.as_string()
    }
}

#[derive(Properties, PartialEq)]
pub struct ExerciseAppProps {
    pub root: Element,
    pub documents: Rc<BTreeMap<String, String>>,
    pub lang: Lang,
}

/// Carries out `request` on the panel.
fn carry_out(context: &ExerciseContext, request: Request) {
    match request {
        Request::Open(id) | Request::Remembered(id) => open::open(context, &id),
        Request::Link(link) => open::open_exercise_link(context, &link),
        Request::HandIn(link) => open::open_hand_in(context, &link),
    }
}

/// The panel on its root, following the root's requests and language.
#[component]
pub fn ExerciseApp(props: &ExerciseAppProps) -> Html {
    let lang = use_root_lang(&props.root, props.lang);
    let exercise = ExerciseContext { shown: use_state(|| Shown::Nothing), documents: Rc::clone(&props.documents) };
    let latest = use_mut_ref(|| exercise.clone());
    *latest.borrow_mut() = exercise.clone();
    {
        let root = props.root.clone();
        use_effect_with((), move |_| {
            let done = Rc::new(Cell::new(0u64));
            let follow = {
                let root = root.clone();
                move || {
                    if let Some((serial, request)) = Request::on(&root).filter(|(serial, _)| *serial > done.get()) {
                        done.set(serial);
                        carry_out(&latest.borrow().clone(), request);
                    }
                }
            };
            follow();
            let listener = EventListener::new(&root, REQUEST_EVENT, move |_| follow());
            move || drop(listener)
        });
    }
    {
        let root = props.root.clone();
        use_effect_with(exercise.shown.clone(), move |shown| {
            let id = match &**shown {
                Shown::Open(open) => open.id.as_str(),
                _ => "",
            };
            let _ = root.set_attribute("data-shown", id);
            tell(&root, SHOWN_EVENT);
        });
    }
    let tables = PlaygroundTables(props.root.clone());
    html! {
        <ContextProvider<Lang> context={lang}>
        <ContextProvider<ExerciseContext> context={exercise}>
        <ContextProvider<PlaygroundTables> context={tables}>
            <ExercisePanel />
        </ContextProvider<PlaygroundTables>>
        </ContextProvider<ExerciseContext>>
        </ContextProvider<Lang>>
    }
}
