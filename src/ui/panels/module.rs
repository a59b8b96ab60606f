//! The panels' wasm's side: its entry point mounts a panel on each root the
//! page has made, and on each it announces later; a root's `data-panel`
//! says which panel.
//!
//! Every panel follows its root's `data-lang` (a language whose words are
//! not installed in this wasm is fetched first, `words/<lang>.txt`, as the
//! page does) and is destroyed when the page sends [`GONE_EVENT`].

use std::cell::Cell;
use std::collections::BTreeMap;
use std::rc::Rc;

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::ui::exercises::module::{ExerciseApp, ExerciseAppProps};
use crate::ui::language::fetch_language;
use crate::ui::page::converter;
use crate::ui::partitions::lab_module::{LabApp, PlannersApp, RootProps};
use crate::ui::review::review_module::ReviewApp;

/// The attribute naming a root's panel: `exercise`, `lab`, `planners`,
/// `review`, or `exchange` (a conversion, [`converter`]).
pub const PANEL_ATTRIBUTE: &str = "data-panel";
/// The event the page sends on a root made after the module started; it
/// bubbles to the document.
pub const ROOT_EVENT: &str = "ddb-panel-root";
/// The event the page sends when it has changed a root's attributes (its
/// language, a request).
pub const REQUEST_EVENT: &str = "ddb-panel";
/// The event the page sends when a root leaves the page.
pub const GONE_EVENT: &str = "ddb-panel-gone";

/// Sends the other wasm the event `kind` on `root`.
pub fn tell(root: &Element, kind: &str) {
    if let Ok(event) = web_sys::Event::new(kind) {
        let _ = root.dispatch_event(&event);
    }
}

/// The language on `root`, English when it names none the page speaks.
pub fn lang_on(root: &Element) -> Lang {
    root.get_attribute("data-lang").as_deref().and_then(Lang::from_tag).unwrap_or_default()
}

/// The module's entry point (its binary's `main`).
pub fn start() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Ok(roots) = document.query_selector_all(&format!("[{PANEL_ATTRIBUTE}]")) {
        for root in (0..roots.length()).filter_map(|i| roots.item(i)).filter_map(|n| n.dyn_into::<Element>().ok()) {
            mount(root, Rc::default());
        }
    }
    // The module lives as long as the page: so does its listener.
    EventListener::new(&document, ROOT_EVENT, |event| {
        if let Some(root) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) {
            mount(root, Rc::default());
        }
    })
    .forget();
}

/// Mounts the panel `root` names, once, with `documents` the built-in
/// exercises' documents at hand (a browser test hands them in; the page
/// fetches them). It is drawn once the root's language has its words.
pub fn mount(root: Element, documents: Rc<BTreeMap<String, String>>) {
    if root.has_attribute("data-mounted") {
        return;
    }
    let Some(panel) = root.get_attribute(PANEL_ATTRIBUTE) else { return };
    let _ = root.set_attribute("data-mounted", "");
    // A conversion draws nothing: it is answered at once, in any language.
    if panel == converter::PANEL {
        return converter::answer(&root);
    }
    let lang = lang_on(&root);
    fetch_language(lang, move |_| {
        // A root the page removed while the words were on the way has
        // nobody to show the panel to.
        if !root.is_connected() {
            return;
        }
        // Words that could not be had leave the panel in English rather
        // than not drawn: the page's own notice says why.
        let lang = if lang.is_ready() { lang } else { Lang::En };
        step_past_the_pages_app();
        let props = || RootProps { root: root.clone(), lang };
        let destroy = match panel.as_str() {
            "exercise" => render::<ExerciseApp>(&root, ExerciseAppProps { root: root.clone(), documents, lang }),
            "lab" => render::<LabApp>(&root, props()),
            "planners" => render::<PlannersApp>(&root, props()),
            "review" => render::<ReviewApp>(&root, props()),
            _ => return,
        };
        EventListener::once(&root, GONE_EVENT, move |_| destroy()).forget();
    });
}

/// Draws `C` on `root`; what it returns destroys it.
fn render<C: BaseComponent>(root: &Element, props: C::Properties) -> Box<dyn FnOnce()> {
    let app = yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    Box::new(move || app.destroy())
}

/// The language a panel shows: its root's, followed on each
/// [`REQUEST_EVENT`] once the language's words are here.
#[hook]
pub fn use_root_lang(root: &Element, first: Lang) -> Lang {
    let lang = use_state(|| first);
    {
        let (root, lang) = (root.clone(), lang.clone());
        use_effect_with((), move |_| {
            // The language last asked for: its words may still be on the way.
            let asked = Rc::new(Cell::new(*lang));
            let follow = {
                let root = root.clone();
                move || {
                    let wanted = lang_on(&root);
                    if wanted != asked.get() {
                        asked.set(wanted);
                        let (lang, asked) = (lang.clone(), Rc::clone(&asked));
                        fetch_language(wanted, move |ready| {
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
    *lang
}

/// Yew marks the elements an app draws with the app's number, counted from
/// 1 in each wasm, and handles events at the app's root in the capture
/// phase: the page's Yew, rooted at `<body>`, sees a panel's clicks first,
/// and takes them for its own when the numbers are equal (it then runs
/// whichever of its listeners has the clicked element's listener number: a
/// tab, the tables drawer). Taking numbers up to the page's before the
/// first panel's app is made keeps the two apart. The page's app is the one
/// it makes at start (it has no portals, which would be more).
fn step_past_the_pages_app() {
    thread_local! {
        static DONE: Cell<bool> = const { Cell::new(false) };
    }
    if DONE.with(|done| done.replace(true)) {
        return;
    }
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
