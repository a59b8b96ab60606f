//! German's and Japanese's words files: what the compiler checks of
//! English's `match`, checked here (see `i18n::words`).

use std::collections::BTreeMap;

use crate::i18n::words::{self, WordsProblem};
use crate::i18n::{Lang, Msg};

const FILES: [(Lang, &str, &str); 2] = [
    (Lang::De, "de.txt", include_str!("../../words/de.txt")),
    (Lang::Ja, "ja.txt", include_str!("../../words/ja.txt")),
];

/// The file's lines that are texts: line number, id, text as written.
fn entries(file: &str) -> Vec<(usize, &str, &str)> {
    let lines = file.lines().enumerate().filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
    lines
        .map(|(number, line)| {
            let (id, text) =
                line.split_once('\t').unwrap_or_else(|| panic!("line {} has no tab: {line:?}", number + 1));
            (number + 1, id, text)
        })
        .collect()
}

#[test]
fn every_id_has_one_line_in_msgs_order() {
    let ids: Vec<String> = Msg::ALL.iter().map(|msg| format!("{msg:?}")).collect();
    for (_, name, file) in FILES {
        let entries = entries(file);
        let mut seen = BTreeMap::new();
        for &(line, id, _) in &entries {
            assert!(ids.iter().any(|known| known == id), "{name}:{line}: {id} is no Msg");
            if let Some(first) = seen.insert(id, line) {
                panic!("{name}:{line}: {id} is given already on line {first}");
            }
        }
        for id in &ids {
            assert!(seen.contains_key(id.as_str()), "{name}: {id} has no line");
        }
        for (&(line, id, _), expected) in entries.iter().zip(&ids) {
            assert_eq!(id, expected, "{name}:{line}: the ids must follow Msg's order (src/i18n/catalogue/msg.rs)");
        }
    }
}

#[test]
fn texts_are_written_so_that_no_editor_changes_them() {
    for (_, name, file) in FILES {
        for (line, id, text) in entries(file) {
            let bare = text.strip_prefix('"').and_then(|t| t.strip_suffix('"'));
            match bare {
                Some(bare) => {
                    assert!(bare != bare.trim(), "{name}:{line}: {id} is quoted without a space at either end");
                }
                None => {
                    assert!(!text.is_empty(), "{name}:{line}: {id} is empty");
                    assert_eq!(text, text.trim(), "{name}:{line}: {id} has a space at an end: write it in quotes");
                }
            }
            assert!(!text.contains('\t'), "{name}:{line}: {id} holds a tab");
        }
    }
}

#[test]
fn the_files_are_this_builds() {
    for (lang, name, file) in FILES {
        let texts = words::parse(file).unwrap_or_else(|problem| panic!("{name}: {problem:?}"));
        for (&msg, text) in Msg::ALL.iter().zip(texts) {
            assert_eq!(lang.t(msg), text, "{name}: {msg:?}");
        }
    }
}

#[test]
fn another_builds_file_is_refused() {
    let file = FILES[0].2;
    let first = entries(file)[0];
    let second = entries(file)[1];
    let line_of = |id: &str| format!("\n{id}\t");
    // An id renamed, two ids swapped, an id missing, an id too many.
    let renamed = file.replacen(&line_of(first.1), &line_of("PartitionKeyName"), 1);
    let swapped = file
        .replacen(&line_of(first.1), "\n@\t", 1)
        .replacen(&line_of(second.1), &line_of(first.1), 1)
        .replacen("\n@\t", &line_of(second.1), 1);
    let missing = file.replacen(&format!("{}\t{}\n", first.1, first.2), "", 1);
    let extra = format!("{file}Unknown\tUnbekannt\n");
    for changed in [renamed, swapped, missing, extra] {
        assert_ne!(changed, file);
        assert_eq!(words::parse(&changed), Err(WordsProblem::OtherBuild));
    }
}

#[test]
fn a_broken_line_is_named() {
    let file = FILES[1].2;
    let (line, id, text) = entries(file)[2];
    let no_tab = file.replacen(&format!("{id}\t{text}"), &format!("{id} {text}"), 1);
    assert_eq!(words::parse(&no_tab), Err(WordsProblem::Line(line)));
    let empty = file.replacen(&format!("{id}\t{text}"), &format!("{id}\t"), 1);
    assert_eq!(words::parse(&empty), Err(WordsProblem::Line(line)));
    let quotes_only = file.replacen(&format!("{id}\t{text}"), &format!("{id}\t\"\""), 1);
    assert_eq!(words::parse(&quotes_only), Err(WordsProblem::Line(line)));
}

#[test]
fn quoted_texts_keep_their_spaces() {
    let texts = words::parse(FILES[0].2).unwrap();
    let start = Msg::ALL.iter().position(|&msg| msg == Msg::WelcomeHintPk).unwrap();
    assert_eq!(texts[start], " mit Partition Key ");
}

#[test]
fn english_has_no_words_file() {
    assert!(words::is_installed(Lang::En));
    assert_eq!(words::install(Lang::En, FILES[0].2), Err(WordsProblem::NotFetched));
}
