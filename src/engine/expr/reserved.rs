//! DynamoDB's reserved words (semantics D.6).
//!
//! An attribute name written directly in an expression must not be one of
//! these 573 words, compared without regard to case; otherwise the request is
//! refused with `Attribute name is a reserved keyword; reserved keyword:
//! abOrt`, echoing the word as written. A `#name` placeholder is the way
//! around it. Function names (`size`) and keywords in their own position
//! (`SET`, `AND`) are not attribute names and are not checked.
//!
//! The list is `reserved_words.txt` next to this file: one word per line, in
//! the order of the developer guide's ReservedWords page
//! (`awsdocs/amazon-dynamodb-developer-guide`, `doc_source/ReservedWords.md`),
//! which is alphabetical. Keeping it sorted lets the lookup be a binary
//! search with no allocation; a test checks count, order and uniqueness.

use std::sync::OnceLock;

/// The reserved words, upper case, sorted, one per line.
const WORDS: &str = include_str!("reserved_words.txt");

/// How many words the developer guide lists.
pub const RESERVED_WORD_COUNT: usize = 573;

/// Iterates the reserved words (upper case, sorted).
pub fn reserved_words() -> impl Iterator<Item = &'static str> {
    WORDS.lines().map(str::trim).filter(|w| !w.is_empty())
}

/// Whether `word` is a reserved word, ignoring ASCII case.
pub fn is_reserved(word: &str) -> bool {
    // No reserved word is longer than this; longer names are never reserved.
    if word.len() > 16 || !word.is_ascii() {
        return false;
    }
    static SORTED: OnceLock<Vec<&'static str>> = OnceLock::new();
    let words = SORTED.get_or_init(|| reserved_words().collect());
    let upper = word.to_ascii_uppercase();
    words.binary_search(&upper.as_str()).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_complete_sorted_and_unique() {
        let words: Vec<&str> = reserved_words().collect();
        assert_eq!(words.len(), RESERVED_WORD_COUNT);
        assert!(words.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
        assert!(words.iter().all(|w| w.bytes().all(|b| b.is_ascii_uppercase())));
        assert_eq!(words.first(), Some(&"ABORT"));
        assert_eq!(words.last(), Some(&"ZONE"));
        assert!(words.iter().all(|w| w.len() <= 16), "is_reserved's length shortcut holds");
    }

    #[test]
    fn lookup_ignores_case() {
        for word in
            ["status", "STATUS", "Status", "abOrt", "size", "name", "Year", "ttl", "flattern", "inntER", "loged"]
        {
            assert!(is_reserved(word), "{word}");
        }
        for word in ["myattribute", "Artist", "SongTitle", "a", "b", "pk", "sk", "", "statuses", "ÄBORT"] {
            assert!(!is_reserved(word), "{word}");
        }
    }
}
