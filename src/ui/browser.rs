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

/// The text of the file at `url` (relative to the page), fetched.
pub async fn fetch_text(url: &str) -> Result<String, FetchFailure> {
    use wasm_bindgen::JsCast;
    let window = web_sys::window().ok_or(FetchFailure::NoWindow)?;
    let response = JsFuture::from(window.fetch_with_str(url)).await.map_err(|_| FetchFailure::Network)?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| FetchFailure::NoResponse)?;
    if !response.ok() {
        return Err(FetchFailure::Http(response.status()));
    }
    let body = response.text().map_err(|_| FetchFailure::NoBody)?;
    let text = JsFuture::from(body).await.map_err(|_| FetchFailure::BodyLost)?;
    text.as_string().ok_or(FetchFailure::NotText)
}
