//! The page's side of the panels' wasm: loading it the first time a panel's
//! root asks for it, and announcing roots made after it started.
//!
//! The module is one wasm for every panel, loaded once: an exercise opened
//! after the lab needs no second download. A failed load is tried again by
//! the next root that asks (a tab shown again, *Try again*).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::Element;
use yew::prelude::*;

use super::module::ROOT_EVENT;
use crate::i18n::FetchFailure;
use crate::ui::browser::Deadline;

/// The module's loader script and wasm, next to the page (Trunk builds
/// them from `src/bin/panels.rs`, `index.html`).
const SCRIPT: &str = "ddb-panels.js";
const WASM: &str = "ddb-panels_bg.wasm";
/// The global wasm-bindgen's no-modules loader defines.
const LOADER: &str = "wasm_bindgen";

/// Where the panels come from.
#[derive(Clone, Default, PartialEq)]
pub enum Panels {
    /// Their own wasm, loaded when a panel is first needed (the page).
    #[default]
    Load,
    /// Mounted by this callback on each root, in this wasm (a browser
    /// test: [`module::mount`](super::module::mount) with what it hands in).
    Inline(Callback<Element>),
}

/// Whether the module is in the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Absent,
    Loading,
    Ready,
    Failed(FetchFailure),
}

/// The panels' host, a context the [`App`](crate::ui::App) provides.
#[derive(Clone, PartialEq)]
pub struct PanelsHost {
    status: UseStateHandle<Status>,
    /// Whether the module is loading or loaded: a flag, not the status, as
    /// two roots asking before the next render both see the status they
    /// were drawn with.
    started: Rc<Cell<bool>>,
    panels: Panels,
    /// Who hears how the load on its way ends: an ask's hidden root
    /// ([`converter`](crate::ui::page::converter)) has no place to show it.
    waiting: Waiting,
    /// This page's number among the pages the module has served (a browser
    /// test mounts many in one wasm): what a panel keeps beyond its root's
    /// life, the design review's run, is kept under it.
    id: u64,
}

/// Those told how the load on its way ends, each once: loaded (`None`) or
/// why not. Once the module is loaded, a newcomer is told at once.
#[derive(Clone, Default)]
struct Waiting(Rc<RefCell<(bool, Vec<Told>)>>);

/// One told how a load ended.
type Told = Box<dyn FnOnce(Option<FetchFailure>)>;

impl PartialEq for Waiting {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Waiting {
    /// Tells each waiting one how the load ended (`None`: it worked).
    fn end(&self, failure: Option<FetchFailure>) {
        let waiting = {
            let mut state = self.0.borrow_mut();
            state.0 = failure.is_none();
            std::mem::take(&mut state.1)
        };
        waiting.into_iter().for_each(|told| told(failure));
    }

    fn push(&self, told: Told) {
        let loaded = self.0.borrow().0;
        if loaded {
            told(None);
        } else {
            self.0.borrow_mut().1.push(told);
        }
    }
}

thread_local! {
    static PAGES: Cell<u64> = const { Cell::new(0) };
}

#[hook]
pub fn use_panels_host(panels: Panels) -> PanelsHost {
    let id = *use_memo((), |_| PAGES.with(|pages| pages.replace(pages.get() + 1) + 1));
    PanelsHost {
        status: use_state(|| Status::Absent),
        started: use_memo((), |_| Cell::new(false)),
        panels,
        waiting: (*use_memo((), |_| Waiting::default())).clone(),
        id,
    }
}

impl PanelsHost {
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// This page's number (the root's `data-page`).
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Has the module draw in `root`: loads it the first time; a module
    /// loaded (or on its way) hears of the root, or finds it when it starts.
    pub fn ensure(&self, root: Element) {
        let first = !self.started.replace(true);
        match &self.panels {
            Panels::Inline(mount) => {
                mount.emit(root);
                if first {
                    self.status.set(Status::Ready);
                }
            }
            Panels::Load if !first => announce(&root),
            Panels::Load => {
                self.status.set(Status::Loading);
                let (status, started, waiting) = (self.status.setter(), Rc::clone(&self.started), self.waiting.clone());
                yew::platform::spawn_local(async move {
                    let loaded = load().await;
                    status.set(match loaded {
                        Ok(()) => Status::Ready,
                        Err(failure) => {
                            // The next root that asks tries again.
                            started.set(false);
                            Status::Failed(failure)
                        }
                    });
                    waiting.end(loaded.err());
                });
            }
        }
    }

    /// [`ensure`](Self::ensure), and `told` how the module's load ended:
    /// `None` once it is in the page (at once if it is already), or why it
    /// did not arrive. For a root that shows nothing of its own.
    pub fn ensure_then(&self, root: Element, told: impl FnOnce(Option<FetchFailure>) + 'static) {
        match self.panels {
            Panels::Load => {
                self.waiting.push(Box::new(told));
                self.ensure(root);
            }
            Panels::Inline(_) => {
                self.ensure(root);
                told(None);
            }
        }
    }
}

/// Tells a started module of a root made after it started (the event
/// bubbles to the document, where the module listens).
fn announce(root: &Element) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    if let Ok(event) = web_sys::Event::new_with_event_init_dict(ROOT_EVENT, &init) {
        let _ = root.dispatch_event(&event);
    }
}

/// How long the module's script and wasm may take, whole: the wasm is about
/// 700 KB gzipped, 4 s at 1.6 Mbps, and on a first visit it shares the link
/// with the offline copy's downloads.
const LOAD_SECONDS: u32 = 90;

/// Loads the module's script (once), then its wasm, whose `main` mounts a
/// panel on each root in the page, within [`LOAD_SECONDS`]. A failure is a
/// request that failed, as the browser gives no more, or the deadline.
async fn load() -> Result<(), FetchFailure> {
    let window = web_sys::window().ok_or(FetchFailure::NoWindow)?;
    let deadline = Deadline::start(LOAD_SECONDS)?;
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
        let arrived = Promise::race(&js_sys::Array::of2(&arrived, &deadline.reached()));
        if JsFuture::from(arrived).await.is_err() {
            // A later ask tries again with a new element.
            script.remove();
            return Err(deadline.failure(FetchFailure::Network));
        }
    }
    let init = loader().ok_or(FetchFailure::NotText)?;
    // The wasm's response, fetched here so that the deadline can abort it.
    let request = web_sys::RequestInit::new();
    request.set_signal(Some(&deadline.signal()));
    let response = window.fetch_with_str_and_init(WASM, &request);
    let options = Object::new();
    Reflect::set(&options, &"module_or_path".into(), &response).map_err(|_| FetchFailure::NoWindow)?;
    let started = init.call1(&JsValue::NULL, &options).map_err(|_| FetchFailure::Network)?;
    let started: Promise = started.dyn_into().map_err(|_| FetchFailure::NoResponse)?;
    JsFuture::from(started).await.map(drop).map_err(|_| deadline.failure(FetchFailure::Network))
}
