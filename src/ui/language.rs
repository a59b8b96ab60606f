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
//!   LanguagePicker (header) ── onchange ──► lang.is_ready()? ── no ─► fetch_language ─┐
//!        │                                        │ yes                 words + catalogue │ arrived
//!        │                                        ▼                                      ▼
//!        │                             remember(lang), set the state ◄───────────────────┘
//!        └─ failed: the state stays, a notice in the page's language says why
//! ```
//!
//! German's and Japanese's fixed texts are not in the page's wasm but in
//! `words/de.txt` and `words/ja.txt` next to it ([`crate::i18n::words`]),
//! and in the page's release build their texts with values are split
//! modules of their own ([`crate::i18n::catalogues`]): both are fetched
//! side by side when the language is chosen, and the language is switched
//! to only once both are in, so the page never shows half of it in
//! English. A language remembered from an earlier visit is fetched at
//! start; the page shows English until it is ready, then switches. Both
//! stay for the session.
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

use futures_util::future::join;
use yew::prelude::*;

use super::browser::{fetch_text, local_storage};
use super::page::later::load_catalogue;
use crate::i18n::{words, FetchFailure};

pub use crate::i18n::{LabState, Lang, Msg, RowControl, Said};

/// Where the chosen language is remembered: its tag, `en`, `de` or `ja`.
pub const LANGUAGE_KEY: &str = "ddb-playground/language";

/// The page's language as the [`App`](super::App) holds it.
pub struct PageLanguage {
    /// The language the page speaks.
    pub lang: Lang,
    /// A language chosen whose words are still on the way.
    pub pending: Option<Lang>,
    /// Chooses a language: switches once its words are ready, and
    /// remembers it.
    pub choose: Callback<Lang>,
}

/// The page's language: the remembered one if its words are installed,
/// else English until they arrive (fetched at start). `failed` hears the
/// notice when a language's words cannot be had; the page then keeps its
/// language.
#[hook]
pub fn use_page_language(failed: Callback<Said>) -> PageLanguage {
    let remembered = use_memo((), |_| remembered());
    let lang = use_state(|| remembered.filter(|lang| lang.is_ready()).unwrap_or_default());
    let pending = use_state(|| None::<Lang>);
    // The language last asked for: words that arrive for an earlier choice
    // are installed but switch nothing.
    let wanted = use_mut_ref(|| None::<Lang>);
    // (language, chosen now rather than remembered)
    let switch = {
        let (lang, pending) = (lang.clone(), pending.clone());
        Callback::from(move |(next, chosen): (Lang, bool)| {
            *wanted.borrow_mut() = Some(next);
            if !next.is_ready() {
                pending.set(Some(next));
            }
            let (lang, pending, wanted, failed) = (lang.clone(), pending.clone(), wanted.clone(), failed.clone());
            fetch_language(next, move |ready| {
                if *wanted.borrow() != Some(next) {
                    return;
                }
                *wanted.borrow_mut() = None;
                pending.set(None);
                match ready {
                    Ok(()) => {
                        if chosen {
                            remember(next);
                        }
                        lang.set(next);
                    }
                    Err(reason) => failed.emit(Said::WordsNotLoaded { lang: next, reason }),
                }
            });
        })
    };
    {
        let switch = switch.clone();
        use_effect_with((), move |_| {
            if let Some(remembered) = *remembered {
                if !remembered.is_ready() {
                    switch.emit((remembered, false));
                }
            }
        });
    }
    PageLanguage { lang: *lang, pending: *pending, choose: switch.reform(|lang| (lang, true)) }
}

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

/// Makes `lang` ready to be spoken ([`Lang::is_ready`]): at once if it is
/// (English always is), else its fixed texts fetched from `words/<tag>.txt`
/// next to the page and installed, and, in the page's release build, its
/// catalogue's module loaded beside them (`later::load_catalogue`). `done`
/// hears whether it is; `Err(None)`: the words file arrived but is not
/// this build's.
pub fn fetch_language(lang: Lang, done: impl FnOnce(Result<(), Option<FetchFailure>>) + 'static) {
    fetch_language_boxed(lang, Box::new(done));
}

// Boxed, so the fetch and its future are compiled once, not once per caller.
fn fetch_language_boxed(lang: Lang, done: Box<dyn FnOnce(Result<(), Option<FetchFailure>>)>) {
    if lang.is_ready() {
        return done(Ok(()));
    }
    yew::platform::spawn_local(async move {
        let texts = async {
            if words::is_installed(lang) {
                return Ok(());
            }
            let file = fetch_text(&format!("words/{}.txt", lang.code())).await.map_err(Some)?;
            words::install(lang, &file).map_err(|_| None)
        };
        let (texts, catalogue) = join(texts, load_catalogue(lang)).await;
        done(texts.and(catalogue.map_err(Some)));
    });
}
