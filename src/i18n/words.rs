//! German's and Japanese's fixed texts: read from a words file
//! (`src/i18n/words/de.txt`, `ja.txt`), not compiled into the page.
//!
//! ```text
//!   the page (wasm):  choose Deutsch ── fetch words/de.txt ──► install(Lang::De, text)
//!                                                                 │ parse: one text per Msg
//!   German::text(msg) ──► text(Lang::De, msg) ──► the table ◄─────┘  (kept for the session)
//!                                   └─ nothing installed yet: English's text
//!   native (tests, ddb-local):  the files are compiled in and installed on first use
//! ```
//!
//! A fixed text needs no code, only its words, so the two languages the
//! page does not start in cost it nothing until they are chosen: the page
//! fetches a language's file when it is chosen (`src/ui/words.rs`), and
//! switches once the words are installed. English stays in Rust
//! ([`English`]): it is the default and the fallback
//! of a language whose words have not arrived. The texts with values
//! (plurals, figures inside sentences) stay methods of each language's
//! [`Catalogue`] in Rust.
//!
//! **The file.** One line per [`Msg`], in `Msg`'s order: the id, a tab, the
//! text. A text with a space at either end is written in double quotes, so
//! that no editor trims it; blank lines and lines starting with `#` are
//! comments. No text holds a line break or a tab.
//!
//! **Completeness.** The compiler no longer sees these texts, so the tests
//! do: every id once, in order, no unknown id, no empty text
//! (`catalogue/tests/words.rs`). In the page, a file is taken only if its
//! ids are exactly this build's: their hash must equal
//! [`Msg::FINGERPRINT`], computed from `Msg`'s ids when compiling, so the
//! page needs no table of ids to check a file, and a file of another build
//! (a stale cache) is refused rather than shown with texts in the wrong
//! places.

use std::cell::Cell;
use std::thread::LocalKey;

use super::catalogue::{Catalogue, Msg};
use super::en::English;
use super::lang::Lang;

/// Why a words file was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordsProblem {
    /// English has no words file: its texts are compiled in.
    NotFetched,
    /// A line (numbered from 1) without a tab, or with an empty text.
    Line(usize),
    /// The file's ids are not this build's (another build's file).
    OtherBuild,
}

// The installed texts of German and Japanese. Installed once per language
// and kept for the session, so the strings are leaked: that gives the
// `&'static str` every view takes from `Catalogue::text` without a lifetime
// to carry, and costs the file's size once per session (a file that is
// refused is checked before it is copied, and leaks nothing).
thread_local! {
    static GERMAN: Cell<Option<Texts>> = const { Cell::new(None) };
    static JAPANESE: Cell<Option<Texts>> = const { Cell::new(None) };
}

/// A language's installed texts, indexed by `Msg`'s ordinal.
type Texts = &'static [&'static str];

/// Where a language with a words file keeps its texts.
fn slot(lang: Lang) -> Option<&'static LocalKey<Cell<Option<Texts>>>> {
    match lang {
        Lang::En => None,
        Lang::De => Some(&GERMAN),
        Lang::Ja => Some(&JAPANESE),
    }
}

/// The file's texts, in `Msg`'s order, if it is a complete words file of
/// this build.
pub fn parse(file: &str) -> Result<Vec<&str>, WordsProblem> {
    let mut texts = Vec::with_capacity(Msg::ALL.len());
    let mut ids = Fingerprint::new();
    for (number, line) in file.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (id, text) = line.split_once('\t').ok_or(WordsProblem::Line(number + 1))?;
        let text = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text);
        if text.is_empty() {
            return Err(WordsProblem::Line(number + 1));
        }
        ids.add(id);
        texts.push(text);
    }
    if texts.len() != Msg::ALL.len() || ids.0 != Msg::FINGERPRINT {
        return Err(WordsProblem::OtherBuild);
    }
    Ok(texts)
}

/// Takes `file` as `lang`'s words for the rest of the session. A
/// language installed already keeps its words.
pub fn install(lang: Lang, file: &str) -> Result<(), WordsProblem> {
    let slot = slot(lang).ok_or(WordsProblem::NotFetched)?;
    if is_installed(lang) {
        return Ok(());
    }
    parse(file)?;
    let file: &'static str = Box::leak(file.to_owned().into_boxed_str());
    let texts = parse(file)?;
    slot.set(Some(Box::leak(texts.into_boxed_slice())));
    Ok(())
}

/// Whether `lang`'s fixed texts are at hand (English's always are).
pub fn is_installed(lang: Lang) -> bool {
    slot(lang).is_none_or(|slot| slot.get().is_some())
}

/// Drops `lang`'s words, so that the next choice of it fetches them again.
/// For the browser tests, which check the page before the words arrive;
/// the page itself keeps what it installed.
#[doc(hidden)]
pub fn forget(lang: Lang) {
    if let Some(slot) = slot(lang) {
        slot.set(None);
    }
}

/// `msg` in `lang`: its installed text, or English's until it is
/// installed.
pub fn text(lang: Lang, msg: Msg) -> &'static str {
    #[cfg(not(target_arch = "wasm32"))]
    compiled_in(lang);
    let texts = slot(lang).and_then(LocalKey::get);
    texts.and_then(|texts| texts.get(msg as usize)).copied().unwrap_or_else(|| English.text(msg))
}

/// Natively (the tests, ddb-local) nothing is fetched: the files are
/// compiled in and installed on first use.
#[cfg(not(target_arch = "wasm32"))]
fn compiled_in(lang: Lang) {
    let file = match lang {
        Lang::En => return,
        Lang::De => include_str!("words/de.txt"),
        Lang::Ja => include_str!("words/ja.txt"),
    };
    if !is_installed(lang) {
        // A file that does not parse leaves English, and fails the tests.
        let _ = install(lang, file);
    }
}

/// FNV-1a over ids, each ended by a line break: the same in
/// [`Msg::FINGERPRINT`] (at compile time) and for a file's ids.
pub(crate) struct Fingerprint(pub(crate) u64);

impl Fingerprint {
    pub(crate) const fn new() -> Fingerprint {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) const fn add(&mut self, id: &str) {
        let mut rest = id.as_bytes();
        while let [byte, tail @ ..] = rest {
            self.byte(*byte);
            rest = tail;
        }
        self.byte(b'\n');
    }

    const fn byte(&mut self, byte: u8) {
        self.0 = (self.0 ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
}
