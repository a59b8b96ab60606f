//! The lexer: expression text → tokens with byte spans.
//!
//! All five expression kinds share one token vocabulary, so one lexer serves
//! them all. It never fails: a character that starts no token becomes a
//! one-character [`TokenKind::Unknown`] token, and the parser reports it as
//! `Syntax error; token: "!", near: "!!"`, the way DynamoDB does.
//!
//! | token            | spelling                          | example        |
//! |------------------|-----------------------------------|----------------|
//! | `Ident`          | `[A-Za-z][A-Za-z0-9_]*`           | `Price`, `and` |
//! | `Name`           | `#[A-Za-z0-9_]+`                  | `#p`, `#1`     |
//! | `Value`          | `:[A-Za-z0-9_]+`                  | `:v`, `:_`     |
//! | `Integer`        | `[0-9]+` (list indexes)           | `3`            |
//! | punctuation      | `( ) [ ] , .`                     |                |
//! | operators        | `= <> < <= > >= + -`              |                |
//! | `Unknown`        | any other single character        | `!`, `_`, `#`  |
//!
//! Keywords (`AND`, `OR`, `NOT`, `BETWEEN`, `IN`, `SET`, `REMOVE`, `ADD`,
//! `DELETE`) are identifiers here; the parser compares them without regard to
//! case, because which words are keywords depends on the expression kind.
//! Whitespace is space, tab, CR and LF, as in DynamoDB's grammar; anything
//! else (a non-breaking space, say) is an unknown token.

use std::ops::Range;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier or keyword: a letter, then letters, digits or `_`.
    Ident,
    /// An expression attribute name placeholder: `#` and one or more of `[A-Za-z0-9_]`.
    Name,
    /// An expression attribute value placeholder: `:` and one or more of `[A-Za-z0-9_]`.
    Value,
    /// A run of decimal digits (only meaningful as a list index).
    Integer,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Dot,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    /// One character that starts no token.
    Unknown,
}

/// A token: its kind and where it is in the text (byte offsets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Range<usize>,
}

impl Token {
    /// The token's text within `source`.
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        source.get(self.span.clone()).unwrap_or("")
    }
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Splits `text` into tokens, skipping whitespace. Total: every byte of the
/// text is either whitespace or inside exactly one token.
pub fn tokenize(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut pos = 0;
    while let Some(&b) = bytes.get(pos) {
        if matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
            pos += 1;
            continue;
        }
        let start = pos;
        let word_end =
            |from: usize| from + bytes.get(from..).unwrap_or_default().iter().take_while(|&&c| is_word_byte(c)).count();
        let next = bytes.get(pos + 1).copied();
        let (kind, end) = match b {
            b'a'..=b'z' | b'A'..=b'Z' => (TokenKind::Ident, word_end(pos + 1)),
            b'0'..=b'9' => (
                TokenKind::Integer,
                pos + bytes.get(pos..).unwrap_or_default().iter().take_while(|c| c.is_ascii_digit()).count(),
            ),
            b'#' if next.is_some_and(is_word_byte) => (TokenKind::Name, word_end(pos + 1)),
            b':' if next.is_some_and(is_word_byte) => (TokenKind::Value, word_end(pos + 1)),
            b'(' => (TokenKind::LParen, pos + 1),
            b')' => (TokenKind::RParen, pos + 1),
            b'[' => (TokenKind::LBracket, pos + 1),
            b']' => (TokenKind::RBracket, pos + 1),
            b',' => (TokenKind::Comma, pos + 1),
            b'.' => (TokenKind::Dot, pos + 1),
            b'=' => (TokenKind::Eq, pos + 1),
            b'+' => (TokenKind::Plus, pos + 1),
            b'-' => (TokenKind::Minus, pos + 1),
            b'<' if next == Some(b'>') => (TokenKind::Ne, pos + 2),
            b'<' if next == Some(b'=') => (TokenKind::Le, pos + 2),
            b'<' => (TokenKind::Lt, pos + 1),
            b'>' if next == Some(b'=') => (TokenKind::Ge, pos + 2),
            b'>' => (TokenKind::Gt, pos + 1),
            _ => (TokenKind::Unknown, pos + utf8_len(b)),
        };
        // A multi-byte character cut short by the end of the text cannot
        // happen in a &str, but stay within bounds regardless.
        let end = end.min(bytes.len()).max(start + 1);
        tokens.push(Token { kind, span: start..end });
        pos = end;
    }
    tokens
}

/// Length of the UTF-8 sequence a leading byte starts.
fn utf8_len(first: u8) -> usize {
    match first {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TokenKind::*;

    fn kinds(text: &str) -> Vec<(TokenKind, &str)> {
        tokenize(text).iter().map(|t| (t.kind, t.text(text))).collect()
    }

    #[test]
    fn tokens_and_spans() {
        let cases: &[(&str, &[(TokenKind, &str)])] = &[
            (
                "a.b[12] = :v",
                &[
                    (Ident, "a"),
                    (Dot, "."),
                    (Ident, "b"),
                    (LBracket, "["),
                    (Integer, "12"),
                    (RBracket, "]"),
                    (Eq, "="),
                    (Value, ":v"),
                ],
            ),
            ("#n<>:v", &[(Name, "#n"), (Ne, "<>"), (Value, ":v")]),
            (
                "a<=b>=c<d>e",
                &[
                    (Ident, "a"),
                    (Le, "<="),
                    (Ident, "b"),
                    (Ge, ">="),
                    (Ident, "c"),
                    (Lt, "<"),
                    (Ident, "d"),
                    (Gt, ">"),
                    (Ident, "e"),
                ],
            ),
            (
                "SET x=x+:one-:two",
                &[
                    (Ident, "SET"),
                    (Ident, "x"),
                    (Eq, "="),
                    (Ident, "x"),
                    (Plus, "+"),
                    (Value, ":one"),
                    (Minus, "-"),
                    (Value, ":two"),
                ],
            ),
            ("A_1 #_ :_9 #123", &[(Ident, "A_1"), (Name, "#_"), (Value, ":_9"), (Name, "#123")]),
            ("_a", &[(Unknown, "_"), (Ident, "a")]),
            ("# : !!", &[(Unknown, "#"), (Unknown, ":"), (Unknown, "!"), (Unknown, "!")]),
            ("123abc", &[(Integer, "123"), (Ident, "abc")]),
            ("é\u{a0}x", &[(Unknown, "é"), (Unknown, "\u{a0}"), (Ident, "x")]),
            (" \t\r\n", &[]),
            ("f(a, b)", &[(Ident, "f"), (LParen, "("), (Ident, "a"), (Comma, ","), (Ident, "b"), (RParen, ")")]),
        ];
        for (text, expected) in cases {
            assert_eq!(kinds(text), expected.to_vec(), "{text}");
        }
    }

    #[test]
    fn never_loses_a_byte() {
        let text = "a🙂b\u{0}c:#\u{7f}";
        let tokens = tokenize(text);
        let covered: usize = tokens.iter().map(|t| t.span.len()).sum();
        assert_eq!(covered, text.len());
        for t in &tokens {
            assert!(text.get(t.span.clone()).is_some(), "{t:?}");
        }
    }
}
