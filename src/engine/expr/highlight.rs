//! Syntax highlighting and reserved-word fixes for the expression editor.
//!
//! The console colours an expression as it is typed and offers a one-click
//! fix for DynamoDB's most common beginner error, `Attribute name is a
//! reserved keyword; reserved keyword: status`. Both are built on the
//! engine's own [`lexer`](super::lexer), so the editor and the engine agree
//! on what the tokens are: one [`Span`] per token, covering every byte of
//! the text except whitespace.
//!
//! # Classifying without knowing the expression kind
//!
//! The editor colours all five expression kinds (condition, filter, key
//! condition, update, projection) with one function, so a word is
//! classified from its neighbours rather than from a full parse. A partial
//! expression being typed does not parse anyway, and the colours must not
//! flicker while it is incomplete. The rules, in order:
//!
//! 1. After a `.` a word is always part of a document path (`a.name`), so
//!    it is a [`Name`](TokenClass::Name) or a
//!    [`ReservedName`](TokenClass::ReservedName).
//! 2. `AND OR NOT BETWEEN IN SET REMOVE ADD DELETE` (any case) are
//!    [keywords](TokenClass::Keyword), unless their neighbours show they
//!    are used as an attribute name: no keyword is ever followed by `.`,
//!    `[`, `,`, `)`, a comparator, `+` or `-`, nor preceded by `,`, `[`, a
//!    comparator, `+` or `-` (or by `(`, except `NOT`). So in
//!    `a = :v AND set = :x`, `set` is an attribute name (reserved) and the
//!    fix offers `#set`. A keyword alone (`SET`, or `add` as a one-name
//!    projection) stays a keyword: that is how an update starts while it is
//!    typed, and offering `#SET` then would be wrong far more often.
//! 3. A word followed by `(` is a call: one of the eight DynamoDB functions
//!    (`attribute_exists`, `attribute_not_exists`, `attribute_type`,
//!    `begins_with`, `contains`, `size`, `if_not_exists`, `list_append`,
//!    case-sensitive, as DynamoDB compares them) is a
//!    [`Function`](TokenClass::Function); any other name is
//!    [`Unknown`](TokenClass::Unknown), because DynamoDB refuses it with
//!    `Invalid function name`.
//! 4. Any other word is an attribute name: [`ReservedName`] if it is one of
//!    the 573 [reserved words](super::reserved) (`status`, `name`, `year`,
//!    `date`, even `size` when not called), else [`Name`].
//!
//! Which functions and keywords are allowed depends on the expression kind
//! (`size` is not allowed in an update, `SET` not in a condition); the
//! highlighter does not try to know, and the parser's error message says
//! so precisely once the expression is sent.
//!
//! # Reserved-word fixes
//!
//! [`reserved_word_fixes`] lists every [`ReservedName`] with the placeholder
//! to use instead (`status` → `#status`), and [`apply_reserved_fixes`]
//! rewrites the text and extends `ExpressionAttributeNames` to match:
//!
//! ```text
//!   "status = :s AND #n > :x"      {"#n": "n"}
//!        │ apply_reserved_fixes
//!   "#status = :s AND #n > :x"     {"#n": "n", "#status": "status"}
//! ```
//!
//! The placeholder keeps the word's case, since attribute names are
//! case-sensitive (`Status` and `status` are different attributes, so they
//! get `#Status` and `#status`). A placeholder already mapped to the same
//! word is reused; one mapped to something else, or used in the text but
//! not defined, is never taken: the next of `#status_1`, `#status_2`, … is.
//!
//! [`ReservedName`]: TokenClass::ReservedName
//! [`Name`]: TokenClass::Name

use std::collections::BTreeSet;
use std::ops::Range;

use serde_json::{Map, Value};

use super::lexer::{tokenize, Token, TokenKind};
use super::parser::{CONDITION_FUNCTIONS, UPDATE_FUNCTIONS};
use super::reserved::is_reserved;
use crate::engine::ordered::Ordered;

/// What a highlighted piece of an expression is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenClass {
    /// `AND OR NOT BETWEEN IN SET REMOVE ADD DELETE`, in keyword position.
    Keyword,
    /// A DynamoDB function being called: `attribute_exists(`, `size(`, …
    Function,
    /// A plain attribute name (or path element) written directly.
    Name,
    /// An attribute name that is a reserved word: it needs a `#name`.
    ReservedName,
    /// An expression attribute name placeholder: `#x`.
    NamePlaceholder,
    /// An expression attribute value placeholder: `:x`.
    ValuePlaceholder,
    /// A list index: the `3` of `a[3]`.
    Number,
    /// `= <> < <= > >= + -`
    Operator,
    /// `( ) [ ] , .`
    Punctuation,
    /// Anything DynamoDB will not accept here: a stray character, a call of
    /// an unknown function.
    Unknown,
}

impl TokenClass {
    /// A CSS class name for the editor's overlay (`expr-keyword`, …).
    pub fn css_class(self) -> &'static str {
        match self {
            TokenClass::Keyword => "expr-keyword",
            TokenClass::Function => "expr-function",
            TokenClass::Name => "expr-name",
            TokenClass::ReservedName => "expr-reserved",
            TokenClass::NamePlaceholder => "expr-name-placeholder",
            TokenClass::ValuePlaceholder => "expr-value-placeholder",
            TokenClass::Number => "expr-number",
            TokenClass::Operator => "expr-operator",
            TokenClass::Punctuation => "expr-punctuation",
            TokenClass::Unknown => "expr-unknown",
        }
    }
}

/// One highlighted token: its byte range in the text and its class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    pub range: Range<usize>,
    pub class: TokenClass,
}

/// A reserved word used as an attribute name, and what to write instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReservedFix {
    /// Where the word is (bytes).
    pub range: Range<usize>,
    /// The word as written (`Status`).
    pub word: String,
    /// The placeholder to write instead (`#Status`); it must map to `word`
    /// in `ExpressionAttributeNames`.
    pub placeholder: String,
}

/// The expression keywords of all grammars together.
const KEYWORDS: [&str; 9] = ["AND", "OR", "NOT", "BETWEEN", "IN", "SET", "REMOVE", "ADD", "DELETE"];

fn is_keyword(word: &str) -> bool {
    KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(word))
}

fn is_function(word: &str) -> bool {
    CONDITION_FUNCTIONS.contains(&word) || UPDATE_FUNCTIONS.contains(&word)
}

fn is_comparator_or_arithmetic(kind: TokenKind) -> bool {
    use TokenKind::*;
    matches!(kind, Eq | Ne | Lt | Le | Gt | Ge | Plus | Minus)
}

/// Whether the neighbours of a keyword-spelled word show it is used as an
/// attribute name (rule 2 of the module docs): no keyword can stand there.
fn keyword_used_as_name(word: &str, prev: Option<TokenKind>, next: Option<TokenKind>) -> bool {
    use TokenKind::*;
    let after_operand_opener = match prev {
        Some(Comma | LBracket) => true,
        Some(LParen) => !word.eq_ignore_ascii_case("NOT"),
        Some(kind) => is_comparator_or_arithmetic(kind),
        None => false,
    };
    let before_operand_closer = match next {
        Some(Dot | LBracket | Comma | RParen) => true,
        Some(kind) => is_comparator_or_arithmetic(kind),
        None => false,
    };
    after_operand_opener || before_operand_closer
}

/// The class of attribute-name word.
fn name_class(word: &str) -> TokenClass {
    if is_reserved(word) {
        TokenClass::ReservedName
    } else {
        TokenClass::Name
    }
}

fn classify(tokens: &[Token], index: usize, text: &str) -> TokenClass {
    use TokenKind::*;
    let Some(token) = tokens.get(index) else {
        return TokenClass::Unknown;
    };
    match token.kind {
        Ident => {
            let word = token.text(text);
            let prev = index.checked_sub(1).and_then(|i| tokens.get(i)).map(|t| t.kind);
            let next = tokens.get(index + 1).map(|t| t.kind);
            if prev == Some(Dot) {
                name_class(word)
            } else if is_keyword(word) && !keyword_used_as_name(word, prev, next) {
                TokenClass::Keyword
            } else if next == Some(LParen) && !is_keyword(word) {
                if is_function(word) {
                    TokenClass::Function
                } else {
                    TokenClass::Unknown
                }
            } else {
                name_class(word)
            }
        }
        Name => TokenClass::NamePlaceholder,
        Value => TokenClass::ValuePlaceholder,
        Integer => TokenClass::Number,
        LParen | RParen | LBracket | RBracket | Comma | Dot => TokenClass::Punctuation,
        Eq | Ne | Lt | Le | Gt | Ge | Plus | Minus => TokenClass::Operator,
        Unknown => TokenClass::Unknown,
    }
}

/// Highlights an expression of any kind: one span per token, in text order,
/// covering every byte but whitespace (space, tab, CR, LF). Total: any UTF-8
/// text gives spans on character boundaries.
pub fn highlight(text: &str) -> Vec<Span> {
    let tokens = tokenize(text);
    (0..tokens.len())
        .filter_map(|i| tokens.get(i).map(|t| Span { range: t.span.clone(), class: classify(&tokens, i, text) }))
        .collect()
}

/// The reserved words written as attribute names, each with the placeholder
/// `#word` (or `#word_1`, … if the text already uses `#word`). Without the
/// request's `ExpressionAttributeNames` the placeholders may still clash
/// with a definition there; [`reserved_word_fixes_with_names`] takes it.
pub fn reserved_word_fixes(text: &str) -> Vec<ReservedFix> {
    reserved_word_fixes_with_names(text, &Map::new())
}

/// [`reserved_word_fixes`] against the request's `ExpressionAttributeNames`:
/// exactly the placeholders [`apply_reserved_fixes`] will use.
pub fn reserved_word_fixes_with_names(text: &str, names: &Map<String, Value>) -> Vec<ReservedFix> {
    plan(text, names).0
}

/// Replaces every reserved word written as an attribute name with its
/// placeholder, and returns the new text with `names` extended by the
/// placeholders it needs (existing entries are kept as they are).
pub fn apply_reserved_fixes(text: &str, names: &Map<String, Value>) -> (String, Map<String, Value>) {
    let (fixes, extended) = plan(text, names);
    let mut out = String::with_capacity(text.len() + fixes.len() * 4);
    let mut copied = 0;
    for fix in &fixes {
        // Fixes come from distinct tokens in text order, so ranges ascend
        // and never overlap; `get` keeps a surprise from panicking anyway.
        if fix.range.start < copied {
            continue;
        }
        out.push_str(text.get(copied..fix.range.start).unwrap_or(""));
        out.push_str(&fix.placeholder);
        copied = fix.range.end;
    }
    out.push_str(text.get(copied..).unwrap_or(""));
    (out, extended)
}

/// The fixes and the names map extended with their placeholders.
fn plan(text: &str, names: &Map<String, Value>) -> (Vec<ReservedFix>, Map<String, Value>) {
    let tokens = tokenize(text);
    // `#x` written in the text but not defined in `names` means something
    // the user has yet to define: never take it for a different word.
    let written: BTreeSet<&str> =
        tokens.iter().filter(|t| t.kind == TokenKind::Name).map(|t| t.text(text)).ordered_set();
    let mut extended = names.clone();
    let mut fixes = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if token.kind != TokenKind::Ident || classify(&tokens, i, text) != TokenClass::ReservedName {
            continue;
        }
        let word = token.text(text);
        let placeholder = choose_placeholder(word, &extended, &written);
        extended.entry(placeholder.clone()).or_insert_with(|| Value::String(word.to_string()));
        fixes.push(ReservedFix { range: token.span.clone(), word: word.to_string(), placeholder });
    }
    (fixes, extended)
}

/// `#word` if free or already meaning `word`; else an existing placeholder
/// meaning `word`; else the first free `#word_N`.
fn choose_placeholder(word: &str, names: &Map<String, Value>, written: &BTreeSet<&str>) -> String {
    let means_word = |key: &str| names.get(key).and_then(Value::as_str) == Some(word);
    let free = |key: &str| means_word(key) || (!names.contains_key(key) && !written.contains(key));
    let plain = format!("#{word}");
    if free(&plain) {
        return plain;
    }
    if let Some(existing) = names.keys().find(|k| means_word(k) && is_placeholder(k)) {
        return existing.clone();
    }
    // Each taken candidate is a distinct key of `names` or `written`, so
    // one of the first len + 1 suffixes is free.
    let bound = names.len() + written.len() + 1;
    (1..=bound).map(|n| format!("#{word}_{n}")).find(|c| free(c)).unwrap_or_else(|| format!("#{word}_{}", bound + 1))
}

/// Whether `key` is spelled like a name placeholder the lexer reads as one
/// token (`#` and one or more of `[A-Za-z0-9_]`).
fn is_placeholder(key: &str) -> bool {
    key.strip_prefix('#')
        .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::{Condition, Placeholders, Projection, UpdateExpression, Usage};
    use super::*;
    use crate::engine::error::ApiError;
    use TokenClass::*;

    fn classes(text: &str) -> Vec<(TokenClass, &str)> {
        highlight(text).into_iter().map(|s| (s.class, text.get(s.range).unwrap_or("<bad range>"))).collect()
    }

    /// Every non-whitespace byte in exactly one span, spans ascending and on
    /// character boundaries.
    fn assert_covers(text: &str) {
        let spans = highlight(text);
        let mut pos = 0;
        for span in &spans {
            assert!(span.range.start >= pos && span.range.start < span.range.end, "{text:?}: {span:?}");
            assert!(text.get(span.range.clone()).is_some(), "{text:?}: {span:?} not on char boundaries");
            let gap = text.get(pos..span.range.start).unwrap_or("x");
            assert!(gap.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')), "{text:?}: gap {gap:?}");
            pos = span.range.end;
        }
        let tail = text.get(pos..).unwrap_or("x");
        assert!(tail.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')), "{text:?}: tail {tail:?}");
    }

    #[test]
    fn highlights_each_expression_kind() {
        let cases: &[(&str, &[(TokenClass, &str)])] = &[
            // Condition with functions, keywords and both placeholders.
            (
                "attribute_exists(#n) AND NOT begins_with(a.b[2], :p)",
                &[
                    (Function, "attribute_exists"),
                    (Punctuation, "("),
                    (NamePlaceholder, "#n"),
                    (Punctuation, ")"),
                    (Keyword, "AND"),
                    (Keyword, "NOT"),
                    (Function, "begins_with"),
                    (Punctuation, "("),
                    (Name, "a"),
                    (Punctuation, "."),
                    (Name, "b"),
                    (Punctuation, "["),
                    (Number, "2"),
                    (Punctuation, "]"),
                    (Punctuation, ","),
                    (ValuePlaceholder, ":p"),
                    (Punctuation, ")"),
                ],
            ),
            (
                "price between :lo and :hi or Kind in (:a, :b)",
                &[
                    (Name, "price"),
                    (Keyword, "between"),
                    (ValuePlaceholder, ":lo"),
                    (Keyword, "and"),
                    (ValuePlaceholder, ":hi"),
                    (Keyword, "or"),
                    (Name, "Kind"),
                    (Keyword, "in"),
                    (Punctuation, "("),
                    (ValuePlaceholder, ":a"),
                    (Punctuation, ","),
                    (ValuePlaceholder, ":b"),
                    (Punctuation, ")"),
                ],
            ),
            (
                "size(tags) >= :n AND status <> :s",
                &[
                    (Function, "size"),
                    (Punctuation, "("),
                    (Name, "tags"),
                    (Punctuation, ")"),
                    (Operator, ">="),
                    (ValuePlaceholder, ":n"),
                    (Keyword, "AND"),
                    (ReservedName, "status"),
                    (Operator, "<>"),
                    (ValuePlaceholder, ":s"),
                ],
            ),
            // Key condition.
            (
                "Artist = :a AND begins_with(SongTitle, :t)",
                &[
                    (Name, "Artist"),
                    (Operator, "="),
                    (ValuePlaceholder, ":a"),
                    (Keyword, "AND"),
                    (Function, "begins_with"),
                    (Punctuation, "("),
                    (Name, "SongTitle"),
                    (Punctuation, ","),
                    (ValuePlaceholder, ":t"),
                    (Punctuation, ")"),
                ],
            ),
            (
                "pk = :pk AND date BETWEEN :d1 AND :d2",
                &[
                    (Name, "pk"),
                    (Operator, "="),
                    (ValuePlaceholder, ":pk"),
                    (Keyword, "AND"),
                    (ReservedName, "date"),
                    (Keyword, "BETWEEN"),
                    (ValuePlaceholder, ":d1"),
                    (Keyword, "AND"),
                    (ValuePlaceholder, ":d2"),
                ],
            ),
            // Update with every section.
            (
                "SET a = if_not_exists(a, :z) + :one, l = list_append(l, :v) REMOVE b[0] ADD n :one DELETE s :x",
                &[
                    (Keyword, "SET"),
                    (Name, "a"),
                    (Operator, "="),
                    (Function, "if_not_exists"),
                    (Punctuation, "("),
                    (Name, "a"),
                    (Punctuation, ","),
                    (ValuePlaceholder, ":z"),
                    (Punctuation, ")"),
                    (Operator, "+"),
                    (ValuePlaceholder, ":one"),
                    (Punctuation, ","),
                    (Name, "l"),
                    (Operator, "="),
                    (Function, "list_append"),
                    (Punctuation, "("),
                    (Name, "l"),
                    (Punctuation, ","),
                    (ValuePlaceholder, ":v"),
                    (Punctuation, ")"),
                    (Keyword, "REMOVE"),
                    (Name, "b"),
                    (Punctuation, "["),
                    (Number, "0"),
                    (Punctuation, "]"),
                    (Keyword, "ADD"),
                    (Name, "n"),
                    (ValuePlaceholder, ":one"),
                    (Keyword, "DELETE"),
                    (Name, "s"),
                    (ValuePlaceholder, ":x"),
                ],
            ),
            (
                "set year = :y, counter = counter - :one",
                &[
                    (Keyword, "set"),
                    (ReservedName, "year"),
                    (Operator, "="),
                    (ValuePlaceholder, ":y"),
                    (Punctuation, ","),
                    (ReservedName, "counter"),
                    (Operator, "="),
                    (ReservedName, "counter"),
                    (Operator, "-"),
                    (ValuePlaceholder, ":one"),
                ],
            ),
            // Projection.
            (
                "name, info.rating, #y, tags[1]",
                &[
                    (ReservedName, "name"),
                    (Punctuation, ","),
                    (Name, "info"),
                    (Punctuation, "."),
                    (Name, "rating"),
                    (Punctuation, ","),
                    (NamePlaceholder, "#y"),
                    (Punctuation, ","),
                    (Name, "tags"),
                    (Punctuation, "["),
                    (Number, "1"),
                    (Punctuation, "]"),
                ],
            ),
            // Keywords used as attribute names.
            (
                "a = :v AND set = :x",
                &[
                    (Name, "a"),
                    (Operator, "="),
                    (ValuePlaceholder, ":v"),
                    (Keyword, "AND"),
                    (ReservedName, "set"),
                    (Operator, "="),
                    (ValuePlaceholder, ":x"),
                ],
            ),
            ("in, and", &[(ReservedName, "in"), (Punctuation, ","), (ReservedName, "and")]),
            (
                "x.delete[1]",
                &[
                    (Name, "x"),
                    (Punctuation, "."),
                    (ReservedName, "delete"),
                    (Punctuation, "["),
                    (Number, "1"),
                    (Punctuation, "]"),
                ],
            ),
            ("size(add)", &[(Function, "size"), (Punctuation, "("), (ReservedName, "add"), (Punctuation, ")")]),
            ("(NOT a)", &[(Punctuation, "("), (Keyword, "NOT"), (Name, "a"), (Punctuation, ")")]),
            // Calls: known functions are case-sensitive; unknown ones are errors.
            ("SIZE(a)", &[(Unknown, "SIZE"), (Punctuation, "("), (Name, "a"), (Punctuation, ")")]),
            ("dog(a)", &[(Unknown, "dog"), (Punctuation, "("), (Name, "a"), (Punctuation, ")")]),
            (
                "a.size(b)",
                &[
                    (Name, "a"),
                    (Punctuation, "."),
                    (ReservedName, "size"),
                    (Punctuation, "("),
                    (Name, "b"),
                    (Punctuation, ")"),
                ],
            ),
            ("size", &[(ReservedName, "size")]),
            // Stray characters, as the lexer splits them.
            ("a == !b", &[(Name, "a"), (Operator, "="), (Operator, "="), (Unknown, "!"), (Name, "b")]),
            ("_a # :", &[(Unknown, "_"), (Name, "a"), (Unknown, "#"), (Unknown, ":")]),
            ("123abc", &[(Number, "123"), (Name, "abc")]),
            ("", &[]),
            (" \t\r\n ", &[]),
        ];
        for (text, expected) in cases {
            assert_eq!(classes(text), expected.to_vec(), "{text}");
            assert_covers(text);
        }
    }

    #[test]
    fn unicode_and_garbage() {
        let cases: &[(&str, &[(TokenClass, &str)])] = &[
            ("naïve = :v", &[(Name, "na"), (Unknown, "ï"), (Name, "ve"), (Operator, "="), (ValuePlaceholder, ":v")]),
            ("🙂🙂", &[(Unknown, "🙂"), (Unknown, "🙂")]),
            (
                "a\u{a0}=\u{a0}:v",
                &[(Name, "a"), (Unknown, "\u{a0}"), (Operator, "="), (Unknown, "\u{a0}"), (ValuePlaceholder, ":v")],
            ),
            ("#名 = :値", &[(Unknown, "#"), (Unknown, "名"), (Operator, "="), (Unknown, ":"), (Unknown, "値")]),
            ("\u{0}\u{7f}", &[(Unknown, "\u{0}"), (Unknown, "\u{7f}")]),
            ("a\u{301}", &[(Name, "a"), (Unknown, "\u{301}")]),
        ];
        for (text, expected) in cases {
            assert_eq!(classes(text), expected.to_vec(), "{text}");
            assert_covers(text);
        }
    }

    #[test]
    fn css_classes_are_distinct() {
        let all = [
            Keyword,
            Function,
            Name,
            ReservedName,
            NamePlaceholder,
            ValuePlaceholder,
            Number,
            Operator,
            Punctuation,
            Unknown,
        ];
        let css: BTreeSet<&str> = all.iter().map(|c| c.css_class()).collect();
        assert_eq!(css.len(), all.len());
    }

    fn names(v: Value) -> Map<String, Value> {
        match v {
            Value::Object(m) => m,
            _ => Map::new(),
        }
    }

    #[test]
    fn fixes_list_reserved_words_with_placeholders() {
        // (text, [(the fixed text, word, placeholder)])
        type Case<'a> = (&'a str, &'a [(&'a str, &'a str, &'a str)]);
        let cases: &[Case] = &[
            ("status = :s", &[("status", "status", "#status")]),
            ("Status = :s AND status = :t", &[("Status", "Status", "#Status"), ("status", "status", "#status")]),
            ("SET year = :y, #n = :n REMOVE name", &[("year", "year", "#year"), ("name", "name", "#name")]),
            (
                "a.name, b[1].date, comment",
                &[("name", "name", "#name"), ("date", "date", "#date"), ("comment", "comment", "#comment")],
            ),
            ("pk = :p AND date > :d", &[("date", "date", "#date")]),
            ("size(data) > :n", &[("data", "data", "#data")]),
            // `#status` is written but undefined: take the next one.
            ("#status = :a OR status = :b", &[("status", "status", "#status_1")]),
            // Repeated words share one placeholder.
            ("status = :a OR status = :b", &[("status", "status", "#status"), ("status", "status", "#status")]),
            ("a = :v AND Artist = :a", &[]),
            ("#status = :s", &[]),
            ("", &[]),
        ];
        for (text, expected) in cases {
            let fixes = reserved_word_fixes(text);
            let got: Vec<(&str, &str, &str)> = fixes
                .iter()
                .map(|f| (text.get(f.range.clone()).unwrap_or("<bad>"), f.word.as_str(), f.placeholder.as_str()))
                .collect();
            assert_eq!(got, expected.to_vec(), "{text}");
        }
    }

    #[test]
    fn apply_rewrites_text_and_extends_names() {
        let cases = [
            ("status = :s", json!({}), "#status = :s", json!({"#status": "status"})),
            ("status = :s", json!({"#status": "status"}), "#status = :s", json!({"#status": "status"})),
            // `#status` means something else: suffix.
            (
                "status = :s",
                json!({"#status": "state"}),
                "#status_1 = :s",
                json!({"#status": "state", "#status_1": "status"}),
            ),
            (
                "status = :s",
                json!({"#status": "state", "#status_1": 1}),
                "#status_2 = :s",
                json!({"#status": "state", "#status_1": 1, "#status_2": "status"}),
            ),
            // An existing placeholder for the same word is reused.
            (
                "status = :s",
                json!({"#status": "state", "#st": "status"}),
                "#st = :s",
                json!({"#status": "state", "#st": "status"}),
            ),
            (
                "SET year = :y, info.rating = :r REMOVE a.name, b",
                json!({"#x": "x"}),
                "SET #year = :y, info.rating = :r REMOVE a.#name, b",
                json!({"#x": "x", "#year": "year", "#name": "name"}),
            ),
            (
                "Year = :a OR year = :b",
                json!({}),
                "#Year = :a OR #year = :b",
                json!({"#Year": "Year", "#year": "year"}),
            ),
            ("a = :v", json!({"#a": "a"}), "a = :v", json!({"#a": "a"})),
            ("naïve, name", json!({}), "naïve, #name", json!({"#name": "name"})),
        ];
        for (text, before, want_text, want_names) in cases {
            let (got_text, got_names) = apply_reserved_fixes(text, &names(before.clone()));
            assert_eq!(got_text, want_text, "{text} with {before}");
            assert_eq!(Value::Object(got_names), want_names, "{text} with {before}");
        }
    }

    fn values() -> Value {
        json!({
            ":s": {"S": "x"}, ":t": {"S": "y"}, ":y": {"N": "1"}, ":r": {"N": "2"}, ":n": {"N": "3"}, ":p": {"S": "p"},
            ":ss": {"SS": ["a"]}, ":l": {"L": []}, ":v": {"N": "1"},
        })
    }

    /// What the real parser says about `text` with `names`: `Ok` or the message.
    fn parse(kind: &str, text: &str, names: &Map<String, Value>) -> Result<(), ApiError> {
        let names = Value::Object(names.clone());
        let placeholders = Placeholders::from_request(Some(&names), Some(&values()))?;
        let mut usage = Usage::new();
        match kind {
            "condition" => Condition::parse(text, "ConditionExpression", &placeholders, &mut usage).map(drop),
            "update" => UpdateExpression::parse(text, &placeholders, &mut usage).map(drop),
            _ => Projection::parse(text, &placeholders, &mut usage).map(drop),
        }
    }

    /// The fixes agree with the engine: every reserved-word error it reports
    /// is at a fix's range, and after applying the fixes the expression
    /// parses.
    #[test]
    fn fixed_expressions_parse_in_the_engine() {
        let cases = [
            ("condition", "status = :s"),
            ("condition", "attribute_exists(name) AND size(data) > :n"),
            ("condition", "a.status.year = :s OR contains(comment, :t)"),
            ("condition", "date BETWEEN :s AND :t"),
            ("condition", "NOT (Status = :s) AND status IN (:s, :t)"),
            ("condition", "a = :s AND set = :t"),
            ("condition", "begins_with(#status, :p) AND status = :s"),
            ("update", "SET year = :y, info.rating = :r REMOVE name, a[2]"),
            ("update", "SET counter = counter + :n ADD views :n DELETE tags :ss"),
            ("update", "SET a = list_append(if_not_exists(comment, :l), :l)"),
            ("projection", "name, year, date, info.status, a[1].size"),
        ];
        for (kind, text) in cases {
            let before = names(json!({"#status": "status"}));
            match parse(kind, text, &before) {
                Err(ApiError::InvalidExpression { message, span, .. }) if message.contains("reserved keyword") => {
                    assert!(
                        reserved_word_fixes_with_names(text, &before).iter().any(|f| f.range == span),
                        "{kind} {text}: engine flags {span:?}, no fix there"
                    );
                }
                other => panic!("{kind} {text}: expected a reserved-word error, got {other:?}"),
            }
            let (fixed, extended) = apply_reserved_fixes(text, &before);
            assert!(reserved_word_fixes_with_names(&fixed, &extended).is_empty(), "{fixed}");
            if let Err(e) = parse(kind, &fixed, &extended) {
                panic!("{kind} {text} → {fixed} with {extended:?}: {}", e.message());
            }
        }
    }

    /// The engine's seeded generator (`sim::Rng`), with the draws these inputs take.
    struct Dice(crate::engine::sim::Rng);

    impl Dice {
        fn next(&mut self) -> u64 {
            self.0.next_u64()
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % (n.max(1) as u64)) as usize
        }
    }

    const PIECES: &[&str] = &[
        "a",
        "status",
        "Name",
        "#a",
        "#status",
        "#",
        ":",
        ":v",
        "(",
        ")",
        "[",
        "]",
        "[0]",
        ".",
        ",",
        "=",
        "<>",
        "<",
        "<=",
        ">",
        ">=",
        "+",
        "-",
        " ",
        "\t",
        "\n",
        " AND ",
        " or ",
        "NOT",
        " BETWEEN ",
        " IN ",
        "SET ",
        " REMOVE ",
        "add",
        " DELETE ",
        "size",
        "size(",
        "begins_with(",
        "if_not_exists(",
        "dog(",
        "12",
        "_",
        "!",
        "é",
        "🙂",
        "\u{a0}",
        "\u{0}",
        "\"",
        "'",
        "\\",
    ];

    /// Expression shapes; each `W` becomes a word from [`WORDS`].
    const TEMPLATES: &[&str] = &[
        "W = :v",
        "W.W[1] <> :v AND W = :v",
        "W BETWEEN :v AND :v OR NOT W IN (:v, W)",
        "attribute_exists(W) AND size(W.W) > :v",
        "begins_with(W, :v)",
        "SET W = :v, W.W = W + :v REMOVE W ADD W :v DELETE W :v",
        "SET W = if_not_exists(W, :v)",
        "W, W.W, W[0]",
        "W",
        "(W = :v)",
    ];

    const WORDS: &[&str] = &[
        "a",
        "Artist",
        "status",
        "Status",
        "name",
        "year",
        "date",
        "size",
        "and",
        "OR",
        "not",
        "Between",
        "in",
        "set",
        "REMOVE",
        "add",
        "delete",
        "attribute_exists",
        "comment",
        "views",
    ];

    /// Thousands of generated strings (random characters, random pieces,
    /// and well-formed shapes with random words): every span is valid,
    /// fixes are consistent, applying them never panics and leaves no
    /// reserved word behind, and every reserved word the engine reports has
    /// a fix at the same place.
    #[test]
    fn no_panic_sweep() {
        let mut rng = Dice(crate::engine::sim::Rng::new(0x5eed_1e55));
        let existing = names(json!({"#status": "state", "#a": "a"}));
        let mut flagged = 0;
        for round in 0..4000 {
            let mut text = String::new();
            if round % 3 == 1 {
                // A well-formed shape with random words, so the engine gets
                // past its syntax check and reaches the reserved words.
                let template = TEMPLATES.get(rng.below(TEMPLATES.len())).copied().unwrap_or("");
                for (i, piece) in template.split('W').enumerate() {
                    if i > 0 {
                        text.push_str(WORDS.get(rng.below(WORDS.len())).copied().unwrap_or("a"));
                    }
                    text.push_str(piece);
                }
            }
            for _ in 0..rng.below(12) {
                match round % 3 {
                    0 => text.push(char::from_u32(rng.below(0x2_0000) as u32).unwrap_or('?')),
                    2 => text.push_str(PIECES.get(rng.below(PIECES.len())).copied().unwrap_or("")),
                    _ => {}
                }
            }
            assert_covers(&text);
            let fixes = reserved_word_fixes_with_names(&text, &existing);
            for fix in &fixes {
                assert_eq!(text.get(fix.range.clone()), Some(fix.word.as_str()), "{text:?}");
                assert!(is_placeholder(&fix.placeholder), "{text:?}: {fix:?}");
            }
            let (fixed, extended) = apply_reserved_fixes(&text, &existing);
            assert_covers(&fixed);
            for fix in &fixes {
                assert_eq!(extended.get(&fix.placeholder).and_then(Value::as_str), Some(fix.word.as_str()), "{text:?}");
            }
            for (key, value) in &existing {
                assert_eq!(extended.get(key), Some(value), "existing names are kept");
            }
            assert!(reserved_word_fixes_with_names(&fixed, &extended).is_empty(), "{text:?} → {fixed:?}");
            // Wherever the engine finds a reserved word, a fix is offered.
            for kind in ["condition", "update", "projection"] {
                if let Err(ApiError::InvalidExpression { message, span, .. }) = parse(kind, &text, &existing) {
                    // A keyword alone stays a keyword (module docs, rule 2).
                    let alone = tokenize(&text).len() == 1;
                    if message.contains("reserved keyword") && !alone {
                        flagged += 1;
                        assert!(fixes.iter().any(|f| f.range == span), "{kind} {text:?}: {span:?} has no fix");
                    }
                }
            }
        }
        assert!(flagged > 200, "the sweep reaches the engine's reserved-word check ({flagged})");
    }
}
