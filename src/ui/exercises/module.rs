//! The exercise module: the exercise panel as a wasm of its own
//! (`ddb-exercises_bg.wasm`, `src/bin/exercises.rs`), which the playground's
//! page loads the first time an exercise is opened ([`host`](super::host)).
//!
//! ```text
//!   playground's wasm                          exercise module's wasm
//!   ExercisesMenu ── host.ask(Request) ──►  <div id="exercise-root"
//!                                             data-lang data-request data-serial>
//!                        event "ddb-exercise" ──►  ExerciseApp: Lang, ExerciseContext
//!                                                   └─ ExercisePanel (open, check, report)
//!   host ◄── event "ddb-exercise-shown" ── data-shown (the open built-in's id)
//!   root.playgroundTables() ◄── "Use the playground's tables"
//! ```
//!
//! The two wasms share nothing but that element: each has its own memory,
//! its own Yew and its own copy of the engine's code, so the page a
//! student opens first carries none of the check's. An exercise changes
//! nothing in the playground's tables, which is what makes the panel a
//! module of its own: what it needs of the playground is the language,
//! what to open, and, on request, the playground's tables as `CreateTable`
//! requests (the root's `playgroundTables`, a function the host sets).
//!
//! A request is the root's `data-request` (`open`, `link`, `hand-in`,
//! `remembered`) with its `data-request-value`; `data-serial` counts them,
//! so the module carries out each once, whether it was made before the
//! module started or after. `data-lang` is the page's language; a language
//! whose words are not installed in this wasm is fetched first
//! (`words/<lang>.txt`), as the page does.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::rc::Rc;

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

use super::exercise_panel::ExercisePanel;
use super::open::{self, ExerciseContext, Shown};
use crate::i18n::{words, Lang};
use crate::ui::language::fetch_words;

/// The element both wasms share.
pub const ROOT_ID: &str = "exercise-root";
/// The event the host sends when it has set a request or the language.
pub const REQUEST_EVENT: &str = "ddb-exercise";
/// The event the module sends when what it shows has changed.
pub const SHOWN_EVENT: &str = "ddb-exercise-shown";
/// The event the host sends when its root leaves the page.
pub const GONE_EVENT: &str = "ddb-exercise-gone";
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

/// Sends the other wasm the event `kind` on `root`.
pub(super) fn tell(root: &Element, kind: &str) {
    if let Ok(event) = web_sys::Event::new(kind) {
        let _ = root.dispatch_event(&event);
    }
}

/// The language on `root`, English when it names none the page speaks.
fn lang_on(root: &Element) -> Lang {
    root.get_attribute("data-lang").as_deref().and_then(Lang::from_tag).unwrap_or_default()
}

/// The module's entry point (its binary's `main`): mounts the panel on the
/// playground's `#exercise-root` once the page's language is ready here.
pub fn start() {
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(ROOT_ID)) else {
        return;
    };
    mount(root, Rc::default());
}

/// Mounts the panel on `root`, with `documents` the built-in exercises'
/// documents at hand (a browser test hands them in; the page fetches
/// them). The panel is drawn once the root's language has its words; it
/// is destroyed when the host says `data-gone`.
pub fn mount(root: Element, documents: Rc<BTreeMap<String, String>>) {
    // One panel per root, however often the module's `main` runs.
    if root.has_attribute("data-mounted") {
        return;
    }
    let _ = root.set_attribute("data-mounted", "");
    let lang = lang_on(&root);
    fetch_words(lang, move |_| {
        // Words that could not be had leave the panel in English rather
        // than not drawn: the page's own notice says why.
        let lang = if words::is_installed(lang) { lang } else { Lang::En };
        let props = ExerciseAppProps { root: root.clone(), documents, lang };
        step_past_the_pages_app();
        let app = yew::Renderer::<ExerciseApp>::with_root_and_props(root.clone(), props).render();
        // The host removes its root only when the page itself goes (a
        // browser test's page); the panel goes with it.
        let gone = EventListener::once(&root, GONE_EVENT, move |_| app.destroy());
        gone.forget();
    });
}

/// Yew marks the elements an app draws with the app's number, counted from
/// 1 in each wasm, and handles events at the app's root in the capture
/// phase: the page's Yew, rooted at `<body>`, sees the panel's clicks
/// first, and takes them for its own when the numbers are equal (it then
/// runs whichever of its listeners has the clicked element's listener
/// number: a tab, the tables drawer). Taking numbers up to the page's
/// before the panel's app is made keeps the two apart. The page's app is
/// the one it makes at start (it has no portals, which would be more).
fn step_past_the_pages_app() {
    #[component]
    fn Nothing() -> Html {
        html! {}
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let pages = document.body().and_then(|body| js_sys::Reflect::get(&body, &"__yew_subtree_id".into()).ok());
    let pages = pages.and_then(|id| id.as_f64()).unwrap_or(0.0);
    for _ in 0..pages as u32 {
        if let Ok(detached) = document.create_element("div") {
            yew::Renderer::<Nothing>::with_root(detached).render().destroy();
        }
    }
}

#[derive(Properties, PartialEq)]
struct ExerciseAppProps {
    root: Element,
    documents: Rc<BTreeMap<String, String>>,
    lang: Lang,
}

/// Carries out `request` on the panel.
fn carry_out(context: &ExerciseContext, request: Request) {
    match request {
        Request::Open(id) | Request::Remembered(id) => open::open(context, &id),
        Request::Link(link) => open::open_exercise_link(context, &link),
        Request::HandIn(link) => open::open_hand_in(context, &link),
    }
}

#[component]
fn ExerciseApp(props: &ExerciseAppProps) -> Html {
    let lang = use_state(|| props.lang);
    let exercise = ExerciseContext { shown: use_state(|| Shown::Nothing), documents: Rc::clone(&props.documents) };
    let latest = use_mut_ref(|| exercise.clone());
    *latest.borrow_mut() = exercise.clone();
    {
        let (root, lang) = (props.root.clone(), lang.clone());
        use_effect_with((), move |_| {
            let done = Rc::new(Cell::new(0u64));
            // The language last asked for: its words may still be on the way.
            let asked = Rc::new(Cell::new(*lang));
            let follow = {
                let root = root.clone();
                move || {
                    if let Some((serial, request)) = Request::on(&root).filter(|(serial, _)| *serial > done.get()) {
                        done.set(serial);
                        carry_out(&latest.borrow().clone(), request);
                    }
                    let wanted = lang_on(&root);
                    if wanted != asked.get() {
                        asked.set(wanted);
                        let (lang, asked) = (lang.clone(), Rc::clone(&asked));
                        fetch_words(wanted, move |ready| {
                            if ready.is_ok() && asked.get() == wanted {
                                lang.set(wanted);
                            }
                        });
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
        <ContextProvider<Lang> context={*lang}>
        <ContextProvider<ExerciseContext> context={exercise}>
        <ContextProvider<PlaygroundTables> context={tables}>
            <ExercisePanel />
        </ContextProvider<PlaygroundTables>>
        </ContextProvider<ExerciseContext>>
        </ContextProvider<Lang>>
    }
}
