//! The PartiQL lexer: statement text → tokens with byte spans.
//!
//! | token         | spelling                                  | example            |
//! |---------------|-------------------------------------------|--------------------|
//! | `Ident`       | `[A-Za-z_][A-Za-z0-9_$]*`                 | `Orders`, `select` |
//! | `Quoted`      | `"…"`, `""` inside for one `"`            | `"my-table"`       |
//! | `Str`         | `'…'`, `''` inside for one `'`            | `'Acme Band'`      |
//! | `Number`      | digits, an optional `.` fraction, `e±n`   | `42`, `1.5e3`      |
//! | `Param`       | `?`                                       |                    |
//! | punctuation   | `( ) [ ] { } << >> , . : ; *`             |                    |
//! | operators     | `= <> != < <= > >= + - \|\|`              |                    |
//!
//! Keywords are identifiers here; the parser compares them without regard
//! to case. `--` starts a comment to the end of the line, `/* … */` a block
//! comment. A quoted identifier keeps its case and may hold any character,
//! which is how a table named `my-table` or an attribute named `Year` is
//! written. Unlike the expression lexer this one can fail: an unterminated
//! string, quoted name or comment, or a character that starts no token, is
//! a syntax error with the span of the fault.

use std::ops::Range;

use super::error::syntax;
use crate::engine::error::Result;

/// What a token is; text-carrying tokens hold their unescaped text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    Ident(String),
    Quoted(String),
    Str(String),
    Number(String),
    Param,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    LBag,
    RBag,
    Comma,
    Dot,
    Colon,
    Semicolon,
    Star,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    Concat,
}

impl TokenKind {
    /// How the token reads in an error message.
    pub fn describe(&self) -> String {
        match self {
            TokenKind::Ident(s) => s.clone(),
            TokenKind::Quoted(s) => format!("\"{s}\""),
            TokenKind::Str(s) => format!("'{s}'"),
            TokenKind::Number(s) => s.clone(),
            other => symbol(other).to_string(),
        }
    }
}

fn symbol(kind: &TokenKind) -> &'static str {
    match kind {
        TokenKind::Param => "?",
        TokenKind::LParen => "(",
        TokenKind::RParen => ")",
        TokenKind::LBracket => "[",
        TokenKind::RBracket => "]",
        TokenKind::LBrace => "{",
        TokenKind::RBrace => "}",
        TokenKind::LBag => "<<",
        TokenKind::RBag => ">>",
        TokenKind::Comma => ",",
        TokenKind::Dot => ".",
        TokenKind::Colon => ":",
        TokenKind::Semicolon => ";",
        TokenKind::Star => "*",
        TokenKind::Eq => "=",
        TokenKind::Ne => "<>",
        TokenKind::Lt => "<",
        TokenKind::Le => "<=",
        TokenKind::Gt => ">",
        TokenKind::Ge => ">=",
        TokenKind::Plus => "+",
        TokenKind::Minus => "-",
        TokenKind::Concat => "||",
        _ => "",
    }
}

/// A token and where it is in the statement (byte offsets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Range<usize>,
}

/// Splits a statement into tokens.
pub fn tokenize(text: &str) -> Result<Vec<Token>> {
    let (tokens, error) = scan(text);
    match error {
        Some(error) => Err(error),
        None => Ok(tokens),
    }
}

/// The words the highlighter shows as keywords.
const KEYWORDS: &[&str] = &[
    "SELECT",
    "FROM",
    "WHERE",
    "AND",
    "OR",
    "NOT",
    "IN",
    "BETWEEN",
    "IS",
    "MISSING",
    "NULL",
    "TRUE",
    "FALSE",
    "INSERT",
    "INTO",
    "VALUE",
    "UPDATE",
    "SET",
    "REMOVE",
    "DELETE",
    "RETURNING",
    "ALL",
    "MODIFIED",
    "OLD",
    "NEW",
    "ORDER",
    "BY",
    "ASC",
    "DESC",
    "EXISTS",
];

/// Colours for the console's statement editor, in the classes of the
/// expression highlighter: keywords, functions (a name before `(`),
/// attribute names, values (strings, numbers, `?`), operators. Tokens up to
/// the first lexical error are coloured; the rest is left plain.
pub fn highlight(text: &str) -> Vec<crate::engine::expr::highlight::Span> {
    use crate::engine::expr::highlight::{Span, TokenClass};
    let (tokens, _) = scan(text);
    let mut spans = Vec::with_capacity(tokens.len());
    for (i, token) in tokens.iter().enumerate() {
        let next_is_paren = tokens.get(i + 1).is_some_and(|t| t.kind == TokenKind::LParen);
        let class = match &token.kind {
            TokenKind::Ident(word) if KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(word)) => TokenClass::Keyword,
            TokenKind::Ident(_) if next_is_paren => TokenClass::Function,
            TokenKind::Ident(_) | TokenKind::Quoted(_) => TokenClass::Name,
            TokenKind::Str(_) | TokenKind::Param => TokenClass::ValuePlaceholder,
            TokenKind::Number(_) => TokenClass::Number,
            TokenKind::Eq
            | TokenKind::Ne
            | TokenKind::Lt
            | TokenKind::Le
            | TokenKind::Gt
            | TokenKind::Ge
            | TokenKind::Plus
            | TokenKind::Minus
            | TokenKind::Concat
            | TokenKind::Star => TokenClass::Operator,
            _ => TokenClass::Punctuation,
        };
        spans.push(Span { range: token.span.clone(), class });
    }
    spans
}

/// The tokens up to the first lexical error, and that error.
fn scan(text: &str) -> (Vec<Token>, Option<crate::engine::ApiError>) {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let start = i;
        let next = bytes.get(i + 1).copied();
        let kind = match b {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            b'-' if next == Some(b'-') => {
                while bytes.get(i).is_some_and(|&c| c != b'\n') {
                    i += 1;
                }
                continue;
            }
            b'/' if next == Some(b'*') => {
                match text.get(i + 2..).and_then(|rest| rest.find("*/")) {
                    Some(end) => i += 2 + end + 2,
                    None => return (tokens, Some(syntax("Unterminated comment", start..text.len()))),
                }
                continue;
            }
            b'\'' | b'"' => {
                let (content, end) = match quoted(text, i, b) {
                    Ok(found) => found,
                    Err(error) => return (tokens, Some(error)),
                };
                i = end;
                if b == b'\'' {
                    TokenKind::Str(content)
                } else {
                    TokenKind::Quoted(content)
                }
            }
            b'0'..=b'9' => {
                i = number_end(bytes, i);
                TokenKind::Number(text.get(start..i).unwrap_or_default().to_string())
            }
            b'.' if next.is_some_and(|c| c.is_ascii_digit()) => {
                i = number_end(bytes, i);
                TokenKind::Number(text.get(start..i).unwrap_or_default().to_string())
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while bytes.get(i).is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$') {
                    i += 1;
                }
                TokenKind::Ident(text.get(start..i).unwrap_or_default().to_string())
            }
            _ => {
                let (kind, len) = match (b, next) {
                    (b'<', Some(b'<')) => (TokenKind::LBag, 2),
                    (b'>', Some(b'>')) => (TokenKind::RBag, 2),
                    (b'<', Some(b'>')) | (b'!', Some(b'=')) => (TokenKind::Ne, 2),
                    (b'<', Some(b'=')) => (TokenKind::Le, 2),
                    (b'>', Some(b'=')) => (TokenKind::Ge, 2),
                    (b'|', Some(b'|')) => (TokenKind::Concat, 2),
                    (b'<', _) => (TokenKind::Lt, 1),
                    (b'>', _) => (TokenKind::Gt, 1),
                    (b'=', _) => (TokenKind::Eq, 1),
                    (b'(', _) => (TokenKind::LParen, 1),
                    (b')', _) => (TokenKind::RParen, 1),
                    (b'[', _) => (TokenKind::LBracket, 1),
                    (b']', _) => (TokenKind::RBracket, 1),
                    (b'{', _) => (TokenKind::LBrace, 1),
                    (b'}', _) => (TokenKind::RBrace, 1),
                    (b',', _) => (TokenKind::Comma, 1),
                    (b'.', _) => (TokenKind::Dot, 1),
                    (b':', _) => (TokenKind::Colon, 1),
                    (b';', _) => (TokenKind::Semicolon, 1),
                    (b'*', _) => (TokenKind::Star, 1),
                    (b'?', _) => (TokenKind::Param, 1),
                    (b'+', _) => (TokenKind::Plus, 1),
                    (b'-', _) => (TokenKind::Minus, 1),
                    _ => {
                        let width = text.get(i..).and_then(|rest| rest.chars().next()).map_or(1, char::len_utf8);
                        let found = text.get(i..i + width).unwrap_or_default();
                        return (tokens, Some(syntax(format!("Unexpected character: {found}"), i..i + width)));
                    }
                };
                i += len;
                kind
            }
        };
        tokens.push(Token { kind, span: start..i });
    }
    (tokens, None)
}

/// A quoted string or name starting at `start`: its content (the doubled
/// quote unescaped) and the offset after the closing quote.
fn quoted(text: &str, start: usize, quote: u8) -> Result<(String, usize)> {
    let bytes = text.as_bytes();
    let mut content = Vec::new();
    let mut i = start + 1;
    loop {
        match bytes.get(i) {
            None => {
                let what = if quote == b'\'' { "string" } else { "quoted identifier" };
                return Err(syntax(format!("Unterminated {what}"), start..text.len()));
            }
            Some(&c) if c == quote => {
                if bytes.get(i + 1) == Some(&quote) {
                    content.push(quote);
                    i += 2;
                } else {
                    // The content lies between ASCII quotes, so it is whole UTF-8.
                    return Ok((String::from_utf8_lossy(&content).into_owned(), i + 1));
                }
            }
            Some(&c) => {
                content.push(c);
                i += 1;
            }
        }
    }
}

/// Where a number literal starting at `i` ends: digits, a fraction, an exponent.
fn number_end(bytes: &[u8], mut i: usize) -> usize {
    let digits = |i: &mut usize| {
        while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
    };
    digits(&mut i);
    if bytes.get(i) == Some(&b'.') && bytes.get(i + 1).is_none_or(|c| !c.is_ascii_alphabetic()) {
        i += 1;
        digits(&mut i);
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(i + 1), Some(b'+' | b'-')));
        if bytes.get(i + 1 + sign).is_some_and(u8::is_ascii_digit) {
            i += 1 + sign;
            digits(&mut i);
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<TokenKind> {
        tokenize(text).expect("lexes").into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn lexes_a_statement() {
        use TokenKind::*;
        assert_eq!(
            kinds(r#"SELECT "a""b", x FROM "T"."I" WHERE n >= -1.5e3 AND s = 'it''s' -- note"#),
            vec![
                Ident("SELECT".into()),
                Quoted("a\"b".into()),
                Comma,
                Ident("x".into()),
                Ident("FROM".into()),
                Quoted("T".into()),
                Dot,
                Quoted("I".into()),
                Ident("WHERE".into()),
                Ident("n".into()),
                Ge,
                Minus,
                Number("1.5e3".into()),
                Ident("AND".into()),
                Ident("s".into()),
                Eq,
                Str("it's".into()),
            ]
        );
        assert_eq!(kinds("<<1,2>> <> != ? a[0] /* c */ ;"), {
            vec![
                LBag,
                Number("1".into()),
                Comma,
                Number("2".into()),
                RBag,
                Ne,
                Ne,
                Param,
                Ident("a".into()),
                LBracket,
                Number("0".into()),
                RBracket,
                Semicolon,
            ]
        });
    }

    #[test]
    fn reports_unterminated_text_with_its_span() {
        for (text, span) in [("SELECT 'abc", 7..11), ("x \"ab", 2..5), ("a /* b", 2..6), ("a # b", 2..3), ("é€", 0..2)]
        {
            match tokenize(text) {
                Err(crate::engine::ApiError::InvalidExpression { span: got, .. }) => assert_eq!(got, span, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}
