//! The catalogue's tests: every text in every language, each id once,
//! translations that differ from English, figures and plurals the
//! language's way, and the engine's rounding words.

use std::collections::BTreeSet;

use super::*;
use crate::i18n::Lang;

#[test]
fn every_text_is_given_in_every_language() {
    for lang in Lang::ALL {
        for &msg in Msg::ALL {
            let text = lang.t(msg);
            assert!(!text.trim().is_empty(), "{msg:?} is empty in {lang:?}");
            assert_eq!(text, text.trim_end_matches('\n'), "{msg:?} in {lang:?} ends in a line break");
        }
    }
}

#[test]
fn ids_are_listed_once() {
    let distinct: BTreeSet<String> = Msg::ALL.iter().map(|m| format!("{m:?}")).collect();
    assert_eq!(distinct.len(), Msg::ALL.len());
}

/// A German or Japanese text equal to the English one is usually a text
/// not translated yet. These are the same on purpose: names of the API
/// or words German borrows as they are.
const SAME_AS_ENGLISH: &[(Lang, Msg)] = &[
    (Lang::De, Msg::Optional),
    (Lang::De, Msg::TypeString),
    (Lang::De, Msg::TypeNumber),
    (Lang::De, Msg::TypeBinary),
    (Lang::De, Msg::CodeTitle),
    (Lang::Ja, Msg::KeyCtrl),
    (Lang::De, Msg::TabItems),
    (Lang::De, Msg::FpColumn),
    (Lang::De, Msg::WelcomeHintEnd),
    (Lang::De, Msg::SentenceEnd),
    (Lang::De, Msg::Operation),
    (Lang::De, Msg::EditorLabel),
    (Lang::Ja, Msg::RawJson),
    (Lang::De, Msg::HintJson),
    (Lang::De, Msg::VerdictQuery),
    (Lang::De, Msg::Workload),
    (Lang::De, Msg::GetEventual),
    (Lang::De, Msg::Shards),
    (Lang::De, Msg::Seed),
    (Lang::De, Msg::Name),
    // "Top K" is how German writes of vector search too.
    (Lang::De, Msg::VectorMapRanking),
    // The units' symbols, German's too.
    (Lang::De, Msg::ClockPlusMinute),
    (Lang::De, Msg::ClockPlusTenMinutes),
    (Lang::De, Msg::ClockPlusHour),
    // JSON's null, as AWS Japan's documentation writes it.
    (Lang::Ja, Msg::HoverNull),
];

#[test]
fn translations_differ_from_english_unless_listed() {
    for lang in [Lang::De, Lang::Ja] {
        for &msg in Msg::ALL {
            let same = lang.t(msg) == Lang::En.t(msg);
            let listed = SAME_AS_ENGLISH.contains(&(lang, msg));
            assert_eq!(same, listed, "{msg:?} in {lang:?}: {:?}", lang.t(msg));
        }
    }
}

#[test]
fn japanese_texts_are_japanese() {
    // Kana, kanji, or Japanese punctuation (a closing "。").
    let kana_or_kanji = |c: char| matches!(c, '\u{3000}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}');
    for &msg in Msg::ALL {
        let text = Lang::Ja.t(msg);
        if !SAME_AS_ENGLISH.contains(&(Lang::Ja, msg)) {
            assert!(text.chars().any(kana_or_kanji), "{msg:?} in Japanese: {text:?}");
        }
    }
}

/// The English texts with values, exactly as the page spelled them
/// before it was translated (the browser tests find elements by them).
/// The catalog's entry of the voting lesson, whose title every language
/// has, for the notices that name a lesson.
fn voting() -> Entry {
    crate::scenario::lessons::entry("voting").expect("the voting lesson is in the catalog")
}

mod english;
mod plurals;
mod rendering;
mod roundings;
mod words;
