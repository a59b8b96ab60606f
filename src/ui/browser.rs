//! The page's helpers for browser facilities that can be missing or
//! refuse: the origin's local storage, the clipboard, and fetching a file
//! that lies next to the page (a lesson's document, a language's words).
//! Everything else the page asks of the browser goes through Yew, gloo or
//! one call site.
//!
//! Not gloo's storage: it stores every value as JSON (a saved playground's
//! text would gain quotes and escapes, and what is saved already would no
//! longer read as it did) and throws where the browser has no storage,
//! which the page must survive. Nor gloo's file reader, for the same
//! reason: it throws where the page reports the file as unreadable. gloo
//! has no clipboard.
//!
//! A fetch has a [`Deadline`]: a network that stops answering (a lecture
//! hall's Wi-Fi) keeps a request open for minutes, and the page would say
//! "Loading …" all that time. Given up, the request fails like any other,
//! so what waited for it says so and can be asked again. The timer is a
//! plain `setTimeout`, not `AbortSignal.timeout`, so a test's clock can
//! move it.

use wasm_bindgen_futures::{spawn_local, JsFuture};

use crate::i18n::FetchFailure;

/// The origin's local storage, or `None` where the browser has none or
/// refuses it (private modes, storage turned off).
pub fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Copies `text` to the clipboard; `done` learns whether the browser took
/// it (it may refuse without a user gesture or permission).
pub fn copy_text(text: &str, done: impl FnOnce(bool) + 'static) {
    // Boxed, so the clipboard call and its future are compiled once rather
    // than once per caller's closure.
    copy_text_boxed(text, Box::new(done));
}

fn copy_text_boxed(text: &str, done: Box<dyn FnOnce(bool)>) {
    let Some(window) = web_sys::window() else {
        done(false);
        return;
    };
    let promise = window.navigator().clipboard().write_text(text);
    spawn_local(async move { done(JsFuture::from(promise).await.is_ok()) });
}

/// How long a file beside the page (a lesson's document, an exercise, a
/// language's words: tens of kilobytes) may take, whole: at 1.6 Mbps the
/// largest arrives in a quarter of a second.
pub const FILE_SECONDS: u32 = 30;

/// The text of the file at `url` (relative to the page), fetched within
/// [`FILE_SECONDS`].
pub async fn fetch_text(url: &str) -> Result<String, FetchFailure> {
    use wasm_bindgen::JsCast;
    let window = web_sys::window().ok_or(FetchFailure::NoWindow)?;
    let deadline = Deadline::start(FILE_SECONDS)?;
    let init = web_sys::RequestInit::new();
    init.set_signal(Some(&deadline.signal()));
    let response = JsFuture::from(window.fetch_with_str_and_init(url, &init))
        .await
        .map_err(|_| deadline.failure(FetchFailure::Network))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| FetchFailure::NoResponse)?;
    if !response.ok() {
        return Err(FetchFailure::Http(response.status()));
    }
    let body = response.text().map_err(|_| FetchFailure::NoBody)?;
    let text = JsFuture::from(body).await.map_err(|_| deadline.failure(FetchFailure::BodyLost))?;
    text.as_string().ok_or(FetchFailure::NotText)
}

/// A time limit for requests: once it has passed, the requests given its
/// [`signal`](Deadline::signal) are aborted (their body too) and
/// [`reached`](Deadline::reached) rejects. Dropped before that, it never fires.
pub struct Deadline {
    controller: web_sys::AbortController,
    seconds: u32,
    _timer: gloo_timers::callback::Timeout,
}

impl Deadline {
    /// A deadline `seconds` from now.
    pub fn start(seconds: u32) -> Result<Deadline, FetchFailure> {
        let controller = web_sys::AbortController::new().map_err(|_| FetchFailure::NoWindow)?;
        let aborts = controller.clone();
        let timer = gloo_timers::callback::Timeout::new(seconds.saturating_mul(1000), move || aborts.abort());
        Ok(Deadline { controller, seconds, _timer: timer })
    }

    /// The signal to give a request.
    pub fn signal(&self) -> web_sys::AbortSignal {
        self.controller.signal()
    }

    /// Why a request given the signal failed: the deadline, if it has
    /// passed, else `otherwise`.
    pub fn failure(&self, otherwise: FetchFailure) -> FetchFailure {
        if self.signal().aborted() {
            FetchFailure::TimedOut(self.seconds)
        } else {
            otherwise
        }
    }

    /// A promise that rejects when the deadline passes (to race a wait that
    /// takes no signal, such as a script element's load).
    pub fn reached(&self) -> js_sys::Promise {
        let signal = self.signal();
        js_sys::Promise::new(&mut |_, reject| {
            let _ = signal.add_event_listener_with_callback("abort", &reject);
        })
    }
}
