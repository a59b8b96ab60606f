//! Which language the page speaks, and where that is kept.
//!
//! The words are in [`crate::i18n`]; this is the browser's side of them:
//!
//! ```text
//!   ui::start ── nothing remembered yet? ── navigator.languages names de or ja?
//!        │                                      └─► remember it (a first visit follows the browser)
//!   App ── use_state(remembered or English) ── ContextProvider<Lang>
//!        │      every component: let lang = use_lang();  lang.t(Msg::…)
//!        │      an effect: <html lang="…"> follows it
//!   LanguagePicker (header) ── onchange ──► remember(lang), set the state
//! ```
//!
//! The language is its own small context, not a field of the
//! [`Playground`](super::state::Playground): switching it changes no data,
//! so it must not count as a change (no autosave, no new generation), and
//! components that otherwise redraw only when their properties change (the
//! item grid, log entries) still redraw, because Yew re-renders every
//! consumer of a context when its value changes.
//!
//! The choice is kept in `localStorage` under [`LANGUAGE_KEY`], apart from
//! the autosaved playground: it belongs to the person at this browser, not
//! to the scenario, so a share link or an import never changes it and a
//! Reset keeps it.
//!
//! Default: English, unless the browser's preferred languages name German
//! or Japanese before English on the first visit. Only the page's entry
//! point looks at the browser ([`adopt_browser_language`], from
//! [`start`](super::start)); a playground mounted any other way (the
//! browser tests) starts in English whatever the machine's locale.

use yew::prelude::*;

use super::browser::local_storage;

pub use crate::i18n::{LabState, Lang, Msg, RowControl, Said};

/// Where the chosen language is remembered: its tag, `en`, `de` or `ja`.
pub const LANGUAGE_KEY: &str = "ddb-playground/language";

/// The page's language, for any component under the [`App`](super::App).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or_default()
}

/// The language chosen before, if any (an unknown tag counts as none).
pub fn remembered() -> Option<Lang> {
    let tag = local_storage()?.get_item(LANGUAGE_KEY).ok().flatten()?;
    Lang::from_tag(&tag)
}

/// Keeps the choice for the next visit. A browser without storage simply
/// forgets it; the page works either way.
pub fn remember(lang: Lang) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(LANGUAGE_KEY, lang.code());
    }
}

/// Sets `<html lang>`, so screen readers pronounce the page in its
/// language and the browser picks Japanese glyphs for Japanese text.
pub fn apply_to_document(lang: Lang) {
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = root.set_attribute("lang", lang.code());
    }
}

/// On a first visit (nothing remembered), remembers the first of the
/// browser's preferred languages that the page speaks, if that is not
/// English (the default anyway).
pub fn adopt_browser_language() {
    if remembered().is_some() {
        return;
    }
    let Some(window) = web_sys::window() else { return };
    let preferred = window.navigator().languages();
    let first = preferred.iter().filter_map(|tag| tag.as_string()).find_map(|tag| Lang::from_tag(&tag));
    if let Some(lang) = first.filter(|lang| *lang != Lang::En) {
        remember(lang);
    }
}
