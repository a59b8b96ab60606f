//! Both sides of a conversion the page leaves to the panels' wasm
//! ([`crate::scenario::conversion`]: an export to a NoSQL
//! Workbench model, a CloudFormation template or an AWS CLI script, a
//! Workbench model's import).
//!
//! ```text
//!   page: ask()                                     panels' wasm: answer()
//!   <div data-panel="exchange" data-ask="export:workbench" hidden>
//!     .exchangeText = the scenario file        ──►  conversion::answer
//!     .exchangeAnswer                          ◄──  the answer as JSON,
//!     "ddb-exchange-answer"                    ◄──  then this event
//!   the div removed; the answer, or why the module did not load, to `done`
//! ```
//!
//! Each ask ends once: answered, the module not arrived, or no answer
//! ten seconds after the module was loaded (a cached module older than
//! the page knows no conversions).
//!
//! A hidden root is how any panel reaches the module: it loads the module
//! the first time, and is found by it when it starts or announced to it
//! after ([`host`](crate::ui::panels::host)).

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use gloo_events::EventListener;
use js_sys::Reflect;
use web_sys::Element;

use crate::i18n::FetchFailure;
use crate::scenario::conversion::{self, Answer};
use crate::ui::panels::host::PanelsHost;
use crate::ui::panels::module::{tell, PANEL_ATTRIBUTE};

/// The root's panel.
pub const PANEL: &str = "exchange";
/// What is asked (see [`conversion`]).
const ASK_ATTRIBUTE: &str = "data-ask";
/// The root's property with the text to convert.
const TEXT_PROPERTY: &str = "exchangeText";
/// The root's property with the answer (JSON text).
const ANSWER_PROPERTY: &str = "exchangeAnswer";
/// The event the module sends when the answer is on the root.
const ANSWER_EVENT: &str = "ddb-exchange-answer";

/// How long an ask waits for a loaded module's answer.
const ANSWER_WAIT: Duration = Duration::from_secs(10);

type Done = Box<dyn FnOnce(Result<Answer, FetchFailure>)>;

/// What an ask keeps until it is answered or the module fails to load.
struct Pending {
    root: Element,
    listener: Option<EventListener>,
    done: Option<Done>,
}

/// Ends an ask, once: its root leaves the page and `done` hears the outcome.
fn finish(pending: &Rc<RefCell<Pending>>, outcome: Result<Answer, FetchFailure>) {
    let (listener, done) = {
        let mut pending = pending.borrow_mut();
        pending.root.remove();
        (pending.listener.take(), pending.done.take())
    };
    // The listener may be the one running: dropped after it has returned.
    if let Some(listener) = listener {
        yew::platform::spawn_local(async move { drop(listener) });
    }
    if let Some(done) = done {
        done(outcome);
    }
}

/// Has the panels' wasm answer `ask` about `text` (the page's side).
/// Returns whether `done` has been told already: a module in the page
/// answers at once; otherwise the caller may say that it is on its way.
pub fn ask(
    host: &PanelsHost,
    ask: &str,
    text: String,
    done: impl FnOnce(Result<Answer, FetchFailure>) + 'static,
) -> bool {
    let document = web_sys::window().and_then(|w| w.document());
    let (Some(document), Some(body)) = (document.clone(), document.and_then(|d| d.body())) else {
        done(Err(FetchFailure::NoWindow));
        return true;
    };
    let Ok(root) = document.create_element("div") else {
        done(Err(FetchFailure::NoWindow));
        return true;
    };
    let _ = root.set_attribute(PANEL_ATTRIBUTE, PANEL);
    let _ = root.set_attribute(ASK_ATTRIBUTE, ask);
    let _ = root.set_attribute("hidden", "");
    let _ = Reflect::set(&root, &TEXT_PROPERTY.into(), &text.into());
    let pending = Rc::new(RefCell::new(Pending { root: root.clone(), listener: None, done: Some(Box::new(done)) }));
    let listener = {
        let pending = Rc::clone(&pending);
        EventListener::once(&root, ANSWER_EVENT, move |_| {
            let answer = Reflect::get(&pending.borrow().root, &ANSWER_PROPERTY.into()).ok();
            let answer = answer.and_then(|a| a.as_string()).and_then(|a| serde_json::from_str(&a).ok());
            finish(&pending, Ok(Answer::from_json(&answer.unwrap_or_default())));
        })
    };
    pending.borrow_mut().listener = Some(listener);
    if body.append_child(&root).is_err() {
        finish(&pending, Err(FetchFailure::NoWindow));
        return true;
    }
    let told = Rc::clone(&pending);
    host.ensure_then(root, move |loaded| match loaded {
        Some(failure) => finish(&pending, Err(failure)),
        // A loaded module answers at once; one that does not (a copy older
        // than the page, which knows no conversions) is not waited for.
        None => yew::platform::spawn_local(async move {
            yew::platform::time::sleep(ANSWER_WAIT).await;
            finish(&pending, Err(FetchFailure::NoResponse));
        }),
    });
    let answered = told.borrow().done.is_none();
    answered
}

/// Answers the ask on `root` (the module's side).
pub fn answer(root: &Element) {
    let ask = root.get_attribute(ASK_ATTRIBUTE).unwrap_or_default();
    let text = Reflect::get(root, &TEXT_PROPERTY.into()).ok().and_then(|t| t.as_string()).unwrap_or_default();
    let answer = conversion::answer(&ask, &text).to_json().to_string();
    let _ = Reflect::set(root, &ANSWER_PROPERTY.into(), &answer.into());
    tell(root, ANSWER_EVENT);
}
