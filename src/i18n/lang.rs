//! The three languages and the way into their catalogues.

use super::catalogue::{Catalogue, Msg};
use super::catalogues;
use super::en::English;
use super::words;

/// A language of the page. English is the default: the language the
/// playground was written in, and the one its tests read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    De,
    Ja,
}

impl Lang {
    /// Every language, in the switcher's order.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Ja];

    /// The BCP 47 tag: for `<html lang>`, and what is remembered.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Ja => "ja",
        }
    }

    /// The language's own name, shown in the switcher untranslated so that
    /// anyone finds their language whatever the page is in.
    pub fn endonym(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Ja => "日本語",
        }
    }

    /// The language of a tag such as `de`, `de-AT` or `ja-JP` (case
    /// ignored); `None` for any other language.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
        Lang::ALL.into_iter().find(|lang| primary.eq_ignore_ascii_case(lang.code()))
    }

    /// The language's catalogue: English's while German's or Japanese's
    /// is not at hand yet ([`catalogues`]; the page switches to a language
    /// only once it is).
    pub fn tr(self) -> &'static dyn Catalogue {
        catalogues::at_hand(self).unwrap_or(&English)
    }

    /// Whether the page can speak this language now: its words installed
    /// and its catalogue at hand (English: always).
    pub fn is_ready(self) -> bool {
        words::is_installed(self) && catalogues::at_hand(self).is_some()
    }

    /// A fixed text in this language.
    pub fn t(self, msg: Msg) -> &'static str {
        self.tr().text(msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_their_language() {
        assert_eq!(Lang::from_tag("de"), Some(Lang::De));
        assert_eq!(Lang::from_tag("de-AT"), Some(Lang::De));
        assert_eq!(Lang::from_tag("JA-jp"), Some(Lang::Ja));
        assert_eq!(Lang::from_tag("en_GB"), Some(Lang::En));
        assert_eq!(Lang::from_tag("fr"), None);
        assert_eq!(Lang::from_tag("dem"), None);
        assert_eq!(Lang::from_tag(""), None);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.code()), Some(lang));
        }
    }
}
