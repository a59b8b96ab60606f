//! The exercise panel's place in the playground's page: the root element
//! the exercise module draws in, and the loading of that module the first
//! time an exercise is opened ([`module`](super::module) has the other side).
//!
//! ```text
//!   App ── use_exercise_host(ExerciseModule) ── ContextProvider<ExerciseHost>
//!   ExercisesMenu ── opened: host.prepare() ── the module on its way, nothing said
//!                 ── host.ask(Request) ── sets the root's request, then
//!                     module not there yet? ── load it: ddb-exercises.js,
//!                     then wasm_bindgen({ module_or_path: ddb-exercises_bg.wasm })
//!   ExercisePlace ── <div id="exercise-root" data-lang>, "Loading the exercise …"
//!                     or why the module did not load; the playground's tables
//!                     for the module (root.playgroundTables)
//! ```
//!
//! The exercises are what most visits never open, and their check carries
//! a copy of the engine's machinery of its own: kept out of the page's
//! first wasm, they cost a student's phone nothing until the menu is used.
//! After the first visit the offline copy has the module too (the service
//! worker keeps every file of the build but the lecturer's and the connect
//! page's), so an exercise opens without the network.
//!
//! A browser test mounts the module's panel in the same wasm instead
//! ([`ExerciseModule::Inline`]): the requests and the language still go
//! through the root's attributes and events, only the loading is skipped.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_events::EventListener;
use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::Element;
use yew::prelude::*;

use super::module::{tell, Request, GONE_EVENT, REQUEST_EVENT, ROOT_ID, SHOWN_EVENT, TABLES_PROPERTY};
use crate::engine::snapshot::create_table_request;
use crate::i18n::FetchFailure;
use crate::page_model::format::pretty;
use crate::ui::language::use_lang;
use crate::ui::state::use_playground;

/// The module's loader script and wasm, next to the page (Trunk builds
/// them from `src/bin/exercises.rs`, `index.html`).
const SCRIPT: &str = "ddb-exercises.js";
const WASM: &str = "ddb-exercises_bg.wasm";
/// The global wasm-bindgen's no-modules loader defines.
const LOADER: &str = "wasm_bindgen";

/// Where the exercise panel comes from.
#[derive(Clone, Default, PartialEq)]
pub enum ExerciseModule {
    /// Its own wasm, loaded when an exercise is first opened (the page).
    #[default]
    Load,
    /// Mounted by this callback on the root, in this wasm (a browser test).
    Inline(Callback<Element>),
}

/// Whether the module is in the page.
#[derive(Clone, Debug, PartialEq)]
enum Status {
    Absent,
    Loading,
    Ready,
    Failed(FetchFailure),
}

/// The exercise panel's host, a context: what the menu asks through, and
/// what the module says it shows.
#[derive(Clone, PartialEq)]
pub struct ExerciseHost {
    root: NodeRef,
    status: UseStateHandle<Status>,
    serial: Rc<Cell<u64>>,
    /// Whether the module is loading or loaded.
    started: Rc<Cell<bool>>,
    /// A request made before the root was in the page (the menu's first
    /// effect may run before the place's).
    waiting: Rc<RefCell<Option<Request>>>,
    /// Whether anything was asked yet: the module may be loading before
    /// (the menu prepares it), and only a request waits for it in words.
    asked: UseStateHandle<bool>,
    /// The id of the built-in exercise the panel shows, if any.
    pub shown: UseStateHandle<String>,
    module: ExerciseModule,
}

/// The host the [`App`](crate::ui::App) provides.
#[hook]
pub fn use_exercise_host(module: ExerciseModule) -> ExerciseHost {
    ExerciseHost {
        root: use_node_ref(),
        status: use_state(|| Status::Absent),
        serial: use_memo((), |_| Cell::new(0)),
        started: use_memo((), |_| Cell::new(false)),
        waiting: use_memo((), |_| RefCell::new(None)),
        asked: use_state(|| false),
        shown: use_state(String::new),
        module,
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
        self.start(root);
    }

    /// Starts loading the module if it is not in the page yet, without a
    /// request: the menu does when it opens, so that the module is on its
    /// way while the learner reads the list.
    pub fn prepare(&self) {
        if let Some(root) = self.root.cast::<Element>() {
            self.start(root);
        }
    }

    fn start(&self, root: Element) {
        // A flag, not the status: two asks before the next render both
        // see the status they were drawn with.
        if !self.started.replace(true) {
            self.status.set(Status::Loading);
            match &self.module {
                ExerciseModule::Inline(mount) => {
                    mount.emit(root);
                    self.status.set(Status::Ready);
                }
                ExerciseModule::Load => {
                    let (status, started) = (self.status.setter(), Rc::clone(&self.started));
                    yew::platform::spawn_local(async move {
                        status.set(match load().await {
                            Ok(()) => Status::Ready,
                            Err(failure) => {
                                // The next ask tries again.
                                started.set(false);
                                Status::Failed(failure)
                            }
                        });
                    });
                }
            }
        }
    }
}

/// Loads the module's script (once), then its wasm, whose `main` mounts
/// the panel on the root. A failure is a request that failed, as the
/// browser gives no more.
async fn load() -> Result<(), FetchFailure> {
    let window = web_sys::window().ok_or(FetchFailure::NoWindow)?;
    // The no-modules loader declares `let wasm_bindgen` at the top of a
    // classic script: a global binding, but not a property of `window`,
    // so it is read by name.
    let read = Function::new_no_args(&format!("return typeof {LOADER} === 'function' ? {LOADER} : undefined"));
    let loader = || read.call0(&JsValue::NULL).ok().and_then(|f| f.dyn_into::<Function>().ok());
    if loader().is_none() {
        let document = window.document().ok_or(FetchFailure::NoWindow)?;
        let body = document.body().ok_or(FetchFailure::NoWindow)?;
        let script = document.create_element("script").map_err(|_| FetchFailure::NoWindow)?;
        let _ = script.set_attribute("src", SCRIPT);
        let arrived = Promise::new(&mut |resolve, reject| {
            let _ = script.add_event_listener_with_callback("load", &resolve);
            let _ = script.add_event_listener_with_callback("error", &reject);
        });
        body.append_child(&script).map_err(|_| FetchFailure::NoWindow)?;
        if JsFuture::from(arrived).await.is_err() {
            // A later ask tries again with a new element.
            script.remove();
            return Err(FetchFailure::Network);
        }
    }
    let init = loader().ok_or(FetchFailure::NotText)?;
    let options = Object::new();
    Reflect::set(&options, &"module_or_path".into(), &WASM.into()).map_err(|_| FetchFailure::NoWindow)?;
    let started = init.call1(&JsValue::NULL, &options).map_err(|_| FetchFailure::Network)?;
    let started: Promise = started.dyn_into().map_err(|_| FetchFailure::NoResponse)?;
    JsFuture::from(started).await.map(drop).map_err(|_| FetchFailure::Network)
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
    let status = match &*host.status {
        _ if !*host.asked => html! {},
        Status::Loading => html! {
            <section class="card exercise-panel" id="exercise-loading"><p>{ words.loading }</p></section>
        },
        Status::Failed(failure) => {
            let close = {
                let status = host.status.clone();
                Callback::from(move |_: MouseEvent| status.set(Status::Absent))
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
            <div id={ROOT_ID} ref={host.root.clone()} data-lang={lang.code()}></div>
        </>
    }
}
