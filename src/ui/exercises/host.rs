//! The exercise panel's place in the playground's page: the root element
//! the panels' wasm draws it in ([`module`](super::module) has the other
//! side), and the requests the menu and links make through it.
//!
//! ```text
//!   App ── use_exercise_host(PanelsHost) ── ContextProvider<ExerciseHost>
//!   ExercisesMenu ── opened: host.prepare() ── the module on its way, nothing said
//!                 ── host.ask(Request) ── sets the root's request, then has the
//!                     panels' wasm draw in the root (loaded the first time)
//!   ExercisePlace ── <div id="exercise-root" data-panel="exercise" data-lang>,
//!                     "Loading the exercise …" or why the module did not load;
//!                     the playground's tables for the module (root.playgroundTables)
//! ```
//!
//! The exercises are what most visits never open, and their check carries
//! a copy of the engine's machinery of its own: kept out of the page's
//! first wasm, they cost a student's phone nothing until the menu is used.
//! After the first visit the offline copy has the module too (the service
//! worker keeps every file of the build but the lecturer's and the connect
//! page's), so an exercise opens without the network.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_events::EventListener;
use js_sys::Reflect;
use wasm_bindgen::closure::Closure;
use web_sys::Element;
use yew::prelude::*;

use super::module::{Request, ROOT_ID, SHOWN_EVENT, TABLES_PROPERTY};
use crate::engine::snapshot::create_table_request;
use crate::page_model::format::pretty;
use crate::ui::language::use_lang;
use crate::ui::panels::host::{PanelsHost, Status};
use crate::ui::panels::module::{tell, GONE_EVENT, REQUEST_EVENT};
use crate::ui::state::use_playground;

/// The exercise panel's host, a context: what the menu asks through, and
/// what the module says it shows.
#[derive(Clone, PartialEq)]
pub struct ExerciseHost {
    root: NodeRef,
    panels: PanelsHost,
    serial: Rc<Cell<u64>>,
    /// A request made before the root was in the page (the menu's first
    /// effect may run before the place's).
    waiting: Rc<RefCell<Option<Request>>>,
    /// Whether anything was asked yet: the module may be loading before
    /// (the menu prepares it), and only a request waits for it in words.
    asked: UseStateHandle<bool>,
    /// The id of the built-in exercise the panel shows, if any.
    pub shown: UseStateHandle<String>,
}

/// The host the [`App`](crate::ui::App) provides, loading through `panels`.
#[hook]
pub fn use_exercise_host(panels: PanelsHost) -> ExerciseHost {
    ExerciseHost {
        root: use_node_ref(),
        panels,
        serial: use_memo((), |_| Cell::new(0)),
        waiting: use_memo((), |_| RefCell::new(None)),
        asked: use_state(|| false),
        shown: use_state(String::new),
    }
}

impl ExerciseHost {
    /// Asks the panel to open `request`, loading the module if it is not
    /// in the page yet.
    pub fn ask(&self, request: Request) {
        let Some(root) = self.root.cast::<Element>() else {
            *self.waiting.borrow_mut() = Some(request);
            return;
        };
        let (kind, value) = request.attributes();
        self.serial.set(self.serial.get() + 1);
        let _ = root.set_attribute("data-request", kind);
        let _ = root.set_attribute("data-request-value", value);
        let _ = root.set_attribute("data-serial", &self.serial.get().to_string());
        tell(&root, REQUEST_EVENT);
        self.asked.set(true);
        self.panels.ensure(root);
    }

    /// Starts loading the module if it is not in the page yet, without a
    /// request: the menu does when it opens, so that the module is on its
    /// way while the learner reads the list.
    pub fn prepare(&self) {
        if let Some(root) = self.root.cast::<Element>() {
            self.panels.ensure(root);
        }
    }
}

/// The root the module draws in, and the host's word while it loads or
/// when it could not.
#[component]
pub fn ExercisePlace() -> Html {
    let lang = use_lang();
    let state = use_playground();
    let Some(host) = use_context::<ExerciseHost>() else { return html! {} };
    // The playground as it is now, for the tables the module may ask for.
    let latest = use_mut_ref(|| None);
    *latest.borrow_mut() = state;
    {
        let host = host.clone();
        use_effect_with((), move |_| {
            let (root, shown) = (host.root.cast::<Element>(), host.shown.clone());
            let tables = Closure::<dyn Fn() -> String>::new(move || {
                let state = latest.borrow();
                let Some(engine) = state.as_ref().and_then(|s| s.engine.try_borrow().ok()) else {
                    return String::new();
                };
                pretty(&serde_json::Value::Array(engine.tables().map(create_table_request).collect()))
            });
            let listener = root.as_ref().map(|root| {
                let _ = Reflect::set(root, &TABLES_PROPERTY.into(), tables.as_ref());
                let said = root.clone();
                EventListener::new(root, SHOWN_EVENT, move |_| {
                    shown.set(said.get_attribute("data-shown").unwrap_or_default())
                })
            });
            let waiting = host.waiting.borrow_mut().take();
            if let Some(request) = waiting {
                host.ask(request);
            }
            move || {
                drop(listener);
                if let Some(root) = root {
                    tell(&root, GONE_EVENT);
                }
                drop(tables);
            }
        });
    }
    {
        // The module reads the language from the root after each render.
        let root = host.root.clone();
        use_effect_with(lang, move |_| {
            if let Some(root) = root.cast::<Element>() {
                tell(&root, REQUEST_EVENT);
            }
        });
    }
    let words = lang.exercise();
    let status = match host.panels.status() {
        _ if !*host.asked => html! {},
        Status::Loading => html! {
            <section class="card exercise-panel" id="exercise-loading"><p>{ words.loading }</p></section>
        },
        Status::Failed(failure) => {
            let close = {
                let asked = host.asked.clone();
                Callback::from(move |_: MouseEvent| asked.set(false))
            };
            html! {
                <section class="card exercise-panel" id="exercise-loading">
                    <p class="error-text">{ (words.not_loaded)(&(words.fetch_failure)(failure)) }</p>
                    <button type="button" class="quiet" id="exercise-close" onclick={close}>{ words.close }</button>
                </section>
            }
        }
        Status::Absent | Status::Ready => html! {},
    };
    html! {
        <>
            { status }
            <div id={ROOT_ID} ref={host.root.clone()} data-panel="exercise" data-lang={lang.code()}></div>
        </>
    }
}
