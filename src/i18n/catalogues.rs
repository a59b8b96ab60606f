//! Which language's [`Catalogue`] [`Lang::tr`] hands out: English's always,
//! German's and Japanese's once they are at hand.
//!
//! ```text
//!   every build but the page's release build:  Lang::De ──► &German (compiled in)
//!   the page's release build (--cfg ddb_split):
//!     choose Deutsch ── split module "german" (ui::page::later) ──► install(Lang::De, &German)
//!     Lang::De.tr() ──► installed? ── no ─► &English
//! ```
//!
//! A fixed text needs only words ([`super::words`], fetched when the
//! language is chosen); a text with values (a plural, a figure in a
//! sentence) is a method of the language's catalogue, which is code:
//! German's and Japanese's methods, with the strings they format, were
//! 73 KB of the page's wasm (28 KB gzipped) that a visit in English never
//! runs. So the page's release build cuts each
//! of the two into a split module of its own, fetched with the language's
//! words file, and the page switches to a language only once both are in
//! ([`Lang::is_ready`]), so it never shows half of one. Only the split points name
//! [`german`] and [`japanese`]; the page's code reaches the catalogues
//! through what the modules hand over (`install`), so their code stays
//! out of the page's wasm.

#[cfg(ddb_split)]
use std::cell::Cell;
#[cfg(ddb_split)]
use std::thread::LocalKey;

use super::catalogue::Catalogue;
use super::de::German;
use super::en::English;
use super::ja::Japanese;
use super::lang::Lang;

// German's and Japanese's catalogues, once their modules are in.
#[cfg(ddb_split)]
thread_local! {
    static GERMAN: Cell<Option<&'static dyn Catalogue>> = const { Cell::new(None) };
    static JAPANESE: Cell<Option<&'static dyn Catalogue>> = const { Cell::new(None) };
}

/// German's catalogue, for the split point that hands it to the page.
pub fn german() -> &'static dyn Catalogue {
    &German
}

/// Japanese's catalogue, for the split point that hands it to the page.
pub fn japanese() -> &'static dyn Catalogue {
    &Japanese
}

/// Takes `catalogue` as `lang`'s for the rest of the session (English's
/// is always there).
#[cfg(ddb_split)]
pub fn install(lang: Lang, catalogue: &'static dyn Catalogue) {
    if let Some(slot) = slot(lang) {
        slot.set(Some(catalogue));
    }
}

/// Where German or Japanese keeps its catalogue.
#[cfg(ddb_split)]
fn slot(lang: Lang) -> Option<&'static LocalKey<Cell<Option<&'static dyn Catalogue>>>> {
    match lang {
        Lang::En => None,
        Lang::De => Some(&GERMAN),
        Lang::Ja => Some(&JAPANESE),
    }
}

/// `lang`'s catalogue if it is at hand: always, but in the page's release
/// build before the language's module is in.
pub fn at_hand(lang: Lang) -> Option<&'static dyn Catalogue> {
    #[cfg(not(ddb_split))]
    {
        Some(match lang {
            Lang::En => &English,
            Lang::De => german(),
            Lang::Ja => japanese(),
        })
    }
    #[cfg(ddb_split)]
    {
        match slot(lang) {
            None => Some(&English),
            Some(slot) => slot.get(),
        }
    }
}
