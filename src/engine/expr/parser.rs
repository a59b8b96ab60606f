//! The parser: tokens → raw syntax trees, in two passes like DynamoDB.
//!
//! **The syntax pass** (this file). A hand-written recursive-descent parser
//! builds a *raw* tree for each grammar (condition, update, projection):
//! paths keep their `#name` tokens, values their `:value` tokens. Any
//! syntax error stops here and wins over every other error, because
//! DynamoDB only looks for semantic problems in an expression that parses
//! (dynalite's PEG grammars behave the same way: `checkErrors` runs only
//! after a successful parse). Its message names the first token the grammar
//! could not use and the tokens around it:
//! `Syntax error; token: "=", near: "a = = :v"` (`<EOF>` at the end).
//!
//! **The resolution pass** ([`resolve`](super::resolve), driven by
//! [`condition`](super::condition), [`update`](super::update) and
//! [`projection`](super::projection)). The raw tree is walked in text order,
//! resolving placeholders and recording each problem in a *slot*
//! ([`Findings`](super::resolve::Findings)); the first problem per slot is
//! kept, and the reported error is the first filled slot in the grammar's
//! precedence list (semantics D.5; dynalite `checkErrors`).
//!
//! Three limits are enforced while parsing, as soon as they are crossed:
//! more than 300 operators (`The expression contains too many operators;
//! operator count: 301`), more than 100 operands after `IN` (`The IN
//! operator is provided with too many operands; number of operands: 101`),
//! and document paths deeper than 32 (`The document path has too many
//! nesting levels; nesting levels: 33`). Operators are the comparators,
//! `BETWEEN`, `IN`, `AND`, `OR` and `NOT` in conditions — function calls are
//! not counted there (Alternator's tests: 1,355 nested calls of an unknown function are
//! reported as an unknown function) — and `+`, `-` and function calls in
//! updates (the developer guide's "operators or functions"). The expression
//! size (4096 bytes) and emptiness are checked before any token is read
//! ([`precheck`]).
//!
//! # Condition grammar and precedence
//!
//! Binding from loosest to tightest (semantics D.1):
//!
//! | level | construct                                   | associativity        |
//! |-------|---------------------------------------------|----------------------|
//! | 1     | `c OR c`                                    | flattened to a list  |
//! | 2     | `c AND c`                                   | flattened to a list  |
//! | 3     | `NOT c`                                     | prefix, repeatable   |
//! | 4     | `( c )`                                     |                      |
//! | 5     | `f(operand, …)` as a condition              |                      |
//! | 6     | `o BETWEEN o AND o`, `o IN (o, …)`          | not chainable        |
//! | 7     | `o = o`, `<>`, `<`, `<=`, `>`, `>=`          | not chainable        |
//! | 8     | operands: path, `:value`, `f(…)`, `( o )`   |                      |
//!
//! In grammar form (keywords case-insensitive, functions case-sensitive):
//!
//! ```text
//! or       := and (OR and)*
//! and      := not (AND not)*
//! not      := NOT not | primary
//! primary  := operand [comparator operand | BETWEEN operand AND operand
//!                     | IN ( operand (, operand)* )]
//! operand  := path | :value | name ( operand (, operand)* ) | ( or )   -- in primary position
//! operand' := path | :value | name ( operand' (, …)* ) | ( operand' ) -- everywhere else
//! path     := (ident | #name | ( path )) (. (ident | #name) | [ integer ])*
//! ```
//!
//! A `(` in condition position may open a condition (`(a = :v OR b)`) or an
//! operand (`(a) = :v`); the parser reads what is inside with the full
//! grammar and decides by what follows. A bare operand is not a condition:
//! `a` alone fails at the token after it, as in DynamoDB
//! (`token: "<EOF>", near: "a"`).
//!
//! ## Worked example
//!
//! `NOT a.b[1] = :v AND size(#n) > :one OR begins_with(c, :p)` lexes to
//! `NOT a . b [ 1 ] = :v AND size ( #n ) > :one OR begins_with ( c , :p )`.
//!
//! 1. `or` calls `and`, which calls `not`: `NOT` is counted (operator 1),
//!    and `not` parses one `primary`: operand `a.b[1]`, comparator `=`
//!    (operator 2), operand `:v`. It stops at `AND`, which binds looser:
//!    `Not(Compare(=, a.b[1], :v))`.
//! 2. `and` sees `AND` (operator 3), checks that its left side is a
//!    condition, and parses the next `not`: `size(#n) > :one` (operator 4).
//! 3. `and` stops at `OR`; `or` takes it (operator 5) and parses
//!    `begins_with(c, :p)`, a function in condition position.
//! 4. The raw tree is `Or[And[Not(a.b[1] = :v), size(#n) > :one],
//!    begins_with(c, :p)]`; the resolution pass resolves `#n` and the three values and
//!    checks `size` (compared: fine) and `begins_with` (two operands, the
//!    prefix a String: fine). It prints back as
//!    `((NOT a.b[1] = :v AND size(n) > :one) OR begins_with(c, :p))`.
//!
//! # Update and projection grammars
//!
//! ```text
//! update     := section+                          -- each keyword at most once (resolution)
//! section    := SET set (, set)* | REMOVE path (, path)*
//!             | ADD path :value (, …)* | DELETE path :value (, …)*
//! set        := path = ( setvalue ) | path = setvalue   -- the first is tried first
//! setvalue   := operand [(+ | -) operand]
//! operand    := ( term ) | term
//! term       := :value | name ( operand (, operand)* ) | path
//! projection := path (, path)*
//! ```
//!
//! `SET a = (b + c)`, `SET a = (b) + (c)` and `SET a = b + c` parse; `SET a = b + c + d`,
//! `SET a = (b.c).d` and `if_not_exists(a, :x + :y)` do not.
//!
//! # Depth
//!
//! Recursion is bounded: parentheses and function calls may nest
//! [`MAX_NESTING`] deep (`NOT` chains are read in a loop, `AND`/`OR` chains
//! into flat lists). Deeper input is within the 4 KB limit only for a few
//! shapes, so when the bound is hit the error is chosen the way DynamoDB
//! would report those shapes: unbalanced parentheses are a syntax error,
//! `((((a<b))))` is "redundant parentheses", `f(f(f(…)))` is "Invalid
//! function name"; anything else gets our own message.

use std::ops::Range;

use super::ast::Comparator;
use super::lexer::{tokenize, Token, TokenKind};
use crate::engine::error::{ApiError, Result};

/// Largest expression, in bytes of its raw text (semantics B.4).
pub const MAX_EXPRESSION_BYTES: usize = 4096;
/// Most operators (and, in updates, functions) in one expression.
pub const MAX_OPERATORS: usize = 300;
/// Most operands in the list after `IN`.
pub const MAX_IN_OPERANDS: usize = 100;
/// Deepest document path (a top-level attribute is level 1).
pub const MAX_PATH_DEPTH: usize = 32;
/// Deepest nesting of parentheses and function calls the parser follows.
pub const MAX_NESTING: usize = 200;

/// The expression keywords of conditions.
const CONDITION_KEYWORDS: [&str; 5] = ["AND", "OR", "NOT", "BETWEEN", "IN"];
/// The section keywords of updates.
pub const UPDATE_KEYWORDS: [&str; 4] = ["SET", "REMOVE", "ADD", "DELETE"];
/// The functions of conditions.
pub const CONDITION_FUNCTIONS: [&str; 6] =
    ["attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size"];
/// The functions of updates.
pub const UPDATE_FUNCTIONS: [&str; 2] = ["if_not_exists", "list_append"];

/// The empty-expression and size checks every expression gets first.
/// Condition and filter expressions add `expression size: N` to the size
/// message (captured; the other three kinds do not).
pub fn precheck(text: &str, member: &'static str) -> Result<()> {
    let invalid = |message: String, span: Range<usize>| ApiError::InvalidExpression {
        message: format!("Invalid {member}: {message}"),
        member,
        span,
    };
    if text.is_empty() {
        return Err(invalid("The expression can not be empty;".into(), 0..0));
    }
    if text.len() > MAX_EXPRESSION_BYTES {
        let suffix = if matches!(member, "ConditionExpression" | "FilterExpression") {
            format!(" expression size: {}", text.len())
        } else {
            String::new()
        };
        // The span starts at the limit, moved back to a character boundary:
        // the UI slices the text with it (found by fuzzing: a 3-byte
        // character across byte 4,096).
        let start = (0..=MAX_EXPRESSION_BYTES).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        return Err(invalid(
            format!("Expression size has exceeded the maximum allowed size;{suffix}"),
            start..text.len(),
        ));
    }
    Ok(())
}

/// An expression's text and tokens, and how to word errors about it.
pub struct Source<'a> {
    pub text: &'a str,
    pub tokens: Vec<Token>,
    pub member: &'static str,
}

impl<'a> Source<'a> {
    pub fn new(text: &'a str, member: &'static str) -> Self {
        Source { text, tokens: tokenize(text), member }
    }

    /// An error located in this expression: `Invalid <member>: <message>`.
    pub fn error(&self, message: impl std::fmt::Display, span: Range<usize>) -> ApiError {
        ApiError::InvalidExpression {
            message: format!("Invalid {}: {message}", self.member),
            member: self.member,
            span,
        }
    }

    /// The text of a span.
    pub fn slice(&self, span: &Range<usize>) -> &'a str {
        self.text.get(span.clone()).unwrap_or("")
    }

    fn token_span(&self, index: usize) -> Option<Range<usize>> {
        self.tokens.get(index).map(|t| t.span.clone())
    }

    /// The syntax error at token `index` (`index == tokens.len()` is the end):
    /// the token, and "near" it the text from the previous token to the next.
    pub fn syntax_error(&self, index: usize) -> ApiError {
        let previous = index.checked_sub(1).and_then(|i| self.token_span(i));
        match self.token_span(index) {
            Some(span) => {
                let start = previous.map_or(span.start, |p| p.start);
                let end = self.token_span(index + 1).map_or(span.end, |n| n.end);
                let token = self.slice(&span);
                let near = self.slice(&(start..end));
                self.error(format!("Syntax error; token: \"{token}\", near: \"{near}\""), span)
            }
            None => {
                let near = previous.map(|p| self.slice(&p)).unwrap_or("");
                self.error(
                    format!("Syntax error; token: \"<EOF>\", near: \"{near}\""),
                    self.text.len()..self.text.len(),
                )
            }
        }
    }
}

/// Why the syntax pass stopped.
enum Stop {
    /// A syntax error; the position is the cursor's `furthest`.
    Syntax,
    /// The nesting bound was hit.
    TooDeep,
    /// A limit error with its own message.
    Hard(ApiError),
}

type Parsed<T> = std::result::Result<T, Stop>;

/// One step of a raw path.
#[derive(Clone, Debug)]
pub enum RawElement {
    /// A name written as is; may be a reserved word (checked in the resolution pass).
    Ident(Range<usize>),
    /// A `#name` placeholder.
    Name(Range<usize>),
    /// `[n]`; the span covers the digits.
    Index(u64, Range<usize>),
}

/// A path as written.
#[derive(Clone, Debug)]
pub struct RawPath {
    pub elements: Vec<RawElement>,
    pub span: Range<usize>,
}

/// A raw condition tree: what the syntax pass hands on.
#[derive(Clone, Debug)]
pub enum Node {
    Path(RawPath),
    /// `( path )` continued with `.x` or `[n]`: `(a.b).c`.
    GroupedPath {
        inner: Box<Node>,
        tail: Vec<RawElement>,
        span: Range<usize>,
    },
    Value(Range<usize>),
    Call {
        name: Range<usize>,
        args: Vec<Node>,
        span: Range<usize>,
    },
    Paren(Box<Node>, Range<usize>),
    Compare {
        op: Comparator,
        left: Box<Node>,
        right: Box<Node>,
        span: Range<usize>,
    },
    Between {
        value: Box<Node>,
        low: Box<Node>,
        high: Box<Node>,
        span: Range<usize>,
    },
    In {
        value: Box<Node>,
        list: Vec<Node>,
        span: Range<usize>,
    },
    And(Vec<Node>),
    Or(Vec<Node>),
    Not(Box<Node>, Range<usize>),
}

impl Node {
    pub fn span(&self) -> Range<usize> {
        match self {
            Node::Path(p) => p.span.clone(),
            Node::Value(s) | Node::Not(_, s) => s.clone(),
            Node::GroupedPath { span, .. }
            | Node::Call { span, .. }
            | Node::Paren(_, span)
            | Node::Compare { span, .. }
            | Node::Between { span, .. }
            | Node::In { span, .. } => span.clone(),
            Node::And(terms) | Node::Or(terms) => {
                let start = terms.first().map_or(0, |t| t.span().start);
                let end = terms.last().map_or(start, |t| t.span().end);
                start..end
            }
        }
    }

    /// Whether the node can stand where a condition is expected. Function
    /// calls can (whether they should is for the resolution pass).
    fn is_condition(&self) -> bool {
        match self {
            Node::Paren(inner, _) => inner.is_condition(),
            Node::Path(_) | Node::GroupedPath { .. } | Node::Value(_) => false,
            _ => true,
        }
    }

    /// Whether the node can stand where an operand is expected.
    fn is_operand(&self) -> bool {
        match self {
            Node::Paren(inner, _) => inner.is_operand(),
            Node::Path(_) | Node::GroupedPath { .. } | Node::Value(_) | Node::Call { .. } => true,
            _ => false,
        }
    }
}

/// A raw update operand.
#[derive(Clone, Debug)]
pub enum RawOperand {
    Path(RawPath),
    Value(Range<usize>),
    Call { name: Range<usize>, args: Vec<RawOperand>, span: Range<usize> },
}

impl RawOperand {
    pub fn span(&self) -> Range<usize> {
        match self {
            RawOperand::Path(p) => p.span.clone(),
            RawOperand::Value(s) => s.clone(),
            RawOperand::Call { span, .. } => span.clone(),
        }
    }
}

/// A raw SET value.
#[derive(Clone, Debug)]
pub enum RawSetValue {
    One(RawOperand),
    /// `a + b` or `a - b`; the flag is true for `+`, the span is the operator.
    Arith(bool, RawOperand, RawOperand, Range<usize>),
}

/// A raw update action.
#[derive(Clone, Debug)]
pub enum RawAction {
    Set(RawPath, RawSetValue, Range<usize>),
    Remove(RawPath),
    /// ADD or DELETE: the path and the `:value` token.
    AddDelete(RawPath, Range<usize>, Range<usize>),
}

/// A raw update section: its keyword (upper case), the keyword's span, its actions.
#[derive(Clone, Debug)]
pub struct RawSection {
    pub keyword: &'static str,
    pub span: Range<usize>,
    pub actions: Vec<RawAction>,
}

/// The token cursor of the syntax pass.
struct Cursor<'s, 'a> {
    src: &'s Source<'a>,
    pos: usize,
    /// The furthest token a rule failed at (PEG-style error position).
    furthest: usize,
    depth: usize,
    operators: usize,
    /// Words that cannot be path names in this grammar.
    keywords: &'static [&'static str],
}

impl<'s, 'a> Cursor<'s, 'a> {
    fn new(src: &'s Source<'a>, keywords: &'static [&'static str]) -> Self {
        Cursor { src, pos: 0, furthest: 0, depth: 0, operators: 0, keywords }
    }

    fn peek(&self) -> Option<&Token> {
        self.src.tokens.get(self.pos)
    }

    fn kind(&self) -> Option<TokenKind> {
        self.peek().map(|t| t.kind)
    }

    fn kind_at(&self, offset: usize) -> Option<TokenKind> {
        self.src.tokens.get(self.pos + offset).map(|t| t.kind)
    }

    fn span(&self) -> Range<usize> {
        self.peek().map_or(self.src.text.len()..self.src.text.len(), |t| t.span.clone())
    }

    fn text(&self) -> &'a str {
        self.peek().map_or("", |t| self.src.slice(&t.span))
    }

    fn at_end(&self) -> bool {
        self.pos >= self.src.tokens.len()
    }

    /// The identifier under the cursor equals `word`, ignoring case.
    fn at_keyword(&self, word: &str) -> bool {
        self.kind() == Some(TokenKind::Ident) && self.text().eq_ignore_ascii_case(word)
    }

    /// The identifier under the cursor is one of this grammar's keywords.
    fn at_any_keyword(&self) -> bool {
        self.keywords.iter().any(|k| self.at_keyword(k))
    }

    fn bump(&mut self) -> Range<usize> {
        let span = self.span();
        self.pos += 1;
        span
    }

    /// Fails here: records the position for the syntax error.
    fn fail<T>(&mut self) -> Parsed<T> {
        self.furthest = self.furthest.max(self.pos);
        Err(Stop::Syntax)
    }

    fn expect(&mut self, kind: TokenKind) -> Parsed<Range<usize>> {
        if self.kind() == Some(kind) {
            Ok(self.bump())
        } else {
            self.fail()
        }
    }

    fn enter(&mut self) -> Parsed<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(Stop::TooDeep);
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Counts one operator at `span`; the 301st is refused.
    fn count_operator(&mut self, span: Range<usize>) -> Parsed<()> {
        self.operators += 1;
        if self.operators > MAX_OPERATORS {
            return Err(Stop::Hard(self.src.error(
                format!("The expression contains too many operators; operator count: {}", self.operators),
                span,
            )));
        }
        Ok(())
    }

    /// A name step: an identifier that is not a keyword, or a `#name`.
    fn name_element(&mut self) -> Parsed<RawElement> {
        match self.kind() {
            Some(TokenKind::Ident) if !self.at_any_keyword() => Ok(RawElement::Ident(self.bump())),
            Some(TokenKind::Name) => Ok(RawElement::Name(self.bump())),
            _ => self.fail(),
        }
    }

    /// `.name` and `[n]` steps after a path's first element.
    fn path_tail(&mut self, elements: &mut Vec<RawElement>) -> Parsed<()> {
        loop {
            match self.kind() {
                Some(TokenKind::Dot) => {
                    self.bump();
                    let element = self.name_element()?;
                    elements.push(element);
                }
                Some(TokenKind::LBracket) => {
                    self.bump();
                    if self.kind() != Some(TokenKind::Integer) {
                        return self.fail();
                    }
                    let digits = self.text();
                    let span = self.bump();
                    // Saturates: an index that large only ever means "past the end".
                    let index = digits
                        .bytes()
                        .fold(0u64, |n, d| n.saturating_mul(10).saturating_add(u64::from(d.wrapping_sub(b'0'))));
                    self.expect(TokenKind::RBracket)?;
                    elements.push(RawElement::Index(index, span));
                }
                _ => return Ok(()),
            }
        }
    }

    fn check_path_depth(&self, count: usize, span: &Range<usize>) -> Parsed<()> {
        if count > MAX_PATH_DEPTH {
            return Err(Stop::Hard(self.src.error(
                format!("The document path has too many nesting levels; nesting levels: {count}"),
                span.clone(),
            )));
        }
        Ok(())
    }

    /// A whole path.
    fn path(&mut self) -> Parsed<RawPath> {
        let start = self.span().start;
        let mut elements = vec![self.name_element()?];
        self.path_tail(&mut elements)?;
        let span = start..self.previous_end(start);
        self.check_path_depth(elements.len(), &span)?;
        Ok(RawPath { elements, span })
    }

    /// End of the token before the cursor (or `fallback`).
    fn previous_end(&self, fallback: usize) -> usize {
        self.pos.checked_sub(1).and_then(|i| self.src.token_span(i)).map_or(fallback, |s| s.end)
    }

    fn finish<T>(&mut self, result: Parsed<T>) -> std::result::Result<T, ApiError> {
        match result {
            Ok(value) if self.at_end() => Ok(value),
            Ok(_) => {
                self.furthest = self.furthest.max(self.pos);
                Err(self.src.syntax_error(self.furthest))
            }
            Err(Stop::Syntax) => Err(self.src.syntax_error(self.furthest)),
            Err(Stop::Hard(e)) => Err(e),
            Err(Stop::TooDeep) => Err(too_deep(self.src, self.keywords == CONDITION_KEYWORDS.as_slice())),
        }
    }

    // ---- conditions ------------------------------------------------------

    fn or(&mut self) -> Parsed<Node> {
        let first = self.and()?;
        if !self.at_keyword("OR") {
            return Ok(first);
        }
        let mut terms = vec![first];
        while self.at_keyword("OR") {
            if !terms.last().is_some_and(Node::is_condition) {
                return self.fail();
            }
            let span = self.bump();
            self.count_operator(span)?;
            terms.push(self.and()?);
        }
        if !terms.last().is_some_and(Node::is_condition) {
            return self.fail();
        }
        Ok(Node::Or(terms))
    }

    fn and(&mut self) -> Parsed<Node> {
        let first = self.not()?;
        if !self.at_keyword("AND") {
            return Ok(first);
        }
        let mut terms = vec![first];
        while self.at_keyword("AND") {
            if !terms.last().is_some_and(Node::is_condition) {
                return self.fail();
            }
            let span = self.bump();
            self.count_operator(span)?;
            terms.push(self.not()?);
        }
        if !terms.last().is_some_and(Node::is_condition) {
            return self.fail();
        }
        Ok(Node::And(terms))
    }

    fn not(&mut self) -> Parsed<Node> {
        let mut nots = Vec::new();
        while self.at_keyword("NOT") {
            let span = self.bump();
            self.count_operator(span.clone())?;
            nots.push(span);
        }
        let mut node = self.primary()?;
        if nots.is_empty() {
            return Ok(node);
        }
        if !node.is_condition() {
            return self.fail();
        }
        while let Some(span) = nots.pop() {
            let end = node.span().end;
            node = Node::Not(Box::new(node), span.start..end);
        }
        Ok(node)
    }

    fn comparator(&self) -> Option<Comparator> {
        Some(match self.kind()? {
            TokenKind::Eq => Comparator::Eq,
            TokenKind::Ne => Comparator::Ne,
            TokenKind::Lt => Comparator::Lt,
            TokenKind::Le => Comparator::Le,
            TokenKind::Gt => Comparator::Gt,
            TokenKind::Ge => Comparator::Ge,
            _ => return None,
        })
    }

    // The functions on the recursion path (`or`, `and`, `not`, `primary`,
    // `operand`, `paren`, `call`) keep their frames small: everything that
    // does not recurse lives in `#[inline(never)]` helpers. Measured, a
    // nesting level costs about 1.4 KB of stack in a release build and 6 KB
    // in a debug build, so MAX_NESTING levels fit a wasm page's 1 MB stack.

    fn primary(&mut self) -> Parsed<Node> {
        let left = self.operand(true)?;
        self.primary_rest(left)
    }

    /// After a primary's first operand: a comparison, BETWEEN, IN, or nothing.
    #[inline(never)]
    fn primary_rest(&mut self, left: Node) -> Parsed<Node> {
        let start = left.span().start;
        if let Some(op) = self.comparator() {
            if !left.is_operand() {
                return self.fail();
            }
            let span = self.bump();
            self.count_operator(span)?;
            let right = self.operand(false)?;
            let span = start..right.span().end;
            return Ok(Node::Compare { op, left: Box::new(left), right: Box::new(right), span });
        }
        if self.at_keyword("BETWEEN") {
            if !left.is_operand() {
                return self.fail();
            }
            let span = self.bump();
            self.count_operator(span)?;
            let low = self.operand(false)?;
            if !self.at_keyword("AND") {
                return self.fail();
            }
            self.bump();
            let high = self.operand(false)?;
            let span = start..high.span().end;
            return Ok(Node::Between { value: Box::new(left), low: Box::new(low), high: Box::new(high), span });
        }
        if self.at_keyword("IN") {
            if !left.is_operand() {
                return self.fail();
            }
            return self.in_list(left, start);
        }
        Ok(left)
    }

    #[inline(never)]
    fn in_list(&mut self, left: Node, start: usize) -> Parsed<Node> {
        let in_span = self.bump();
        self.count_operator(in_span.clone())?;
        self.expect(TokenKind::LParen)?;
        let mut list = vec![self.operand(false)?];
        while self.kind() == Some(TokenKind::Comma) {
            self.bump();
            list.push(self.operand(false)?);
        }
        let close = self.expect(TokenKind::RParen)?;
        if list.len() > MAX_IN_OPERANDS {
            return Err(Stop::Hard(self.src.error(
                format!("The IN operator is provided with too many operands; number of operands: {}", list.len()),
                in_span.start..close.end,
            )));
        }
        Ok(Node::In { value: Box::new(left), list, span: start..close.end })
    }

    /// An operand. In primary position (`primary == true`) a parenthesis
    /// may hold a whole condition; elsewhere only an operand.
    fn operand(&mut self, primary: bool) -> Parsed<Node> {
        match self.kind() {
            Some(TokenKind::LParen) => self.paren(primary),
            Some(TokenKind::Ident) if !self.at_any_keyword() && self.kind_at(1) == Some(TokenKind::LParen) => {
                self.call()
            }
            _ => self.leaf_operand(),
        }
    }

    /// A `:value` or a path.
    #[inline(never)]
    fn leaf_operand(&mut self) -> Parsed<Node> {
        match self.kind() {
            Some(TokenKind::Value) => Ok(Node::Value(self.bump())),
            Some(TokenKind::Name) => Ok(Node::Path(self.path()?)),
            Some(TokenKind::Ident) if !self.at_any_keyword() => Ok(Node::Path(self.path()?)),
            _ => self.fail(),
        }
    }

    fn paren(&mut self, primary: bool) -> Parsed<Node> {
        let open = self.bump();
        self.enter()?;
        let inner = if primary { self.or()? } else { self.operand(false)? };
        self.close_paren(inner, open)
    }

    /// `)` after a parenthesised node, and a path continuing after it: `(a.b).c`.
    #[inline(never)]
    fn close_paren(&mut self, inner: Node, open: Range<usize>) -> Parsed<Node> {
        let close = self.expect(TokenKind::RParen)?;
        self.leave();
        let node = Node::Paren(Box::new(inner), open.start..close.end);
        if matches!(self.kind(), Some(TokenKind::Dot | TokenKind::LBracket)) && is_grouped_path(&node) {
            let mut tail = Vec::new();
            self.path_tail(&mut tail)?;
            let span = open.start..self.previous_end(close.end);
            let depth = grouped_len(&node) + tail.len();
            self.check_path_depth(depth, &span)?;
            return Ok(Node::GroupedPath { inner: Box::new(node), tail, span });
        }
        Ok(node)
    }

    fn call(&mut self) -> Parsed<Node> {
        let name = self.bump();
        self.bump(); // (
        self.enter()?;
        let mut args = Vec::with_capacity(2);
        loop {
            args.push(self.operand(false)?);
            if self.kind() != Some(TokenKind::Comma) {
                break;
            }
            self.bump();
        }
        self.close_call(name, args)
    }

    #[inline(never)]
    fn close_call(&mut self, name: Range<usize>, args: Vec<Node>) -> Parsed<Node> {
        let close = self.expect(TokenKind::RParen)?;
        self.leave();
        Ok(Node::Call { span: name.start..close.end, name, args })
    }

    // ---- updates ---------------------------------------------------------

    fn update(&mut self) -> Parsed<Vec<RawSection>> {
        let mut sections = Vec::new();
        loop {
            let Some(keyword) = UPDATE_KEYWORDS.iter().copied().find(|k| self.at_keyword(k)) else {
                return self.fail();
            };
            let span = self.bump();
            let mut actions = vec![self.update_action(keyword)?];
            while self.kind() == Some(TokenKind::Comma) {
                self.bump();
                actions.push(self.update_action(keyword)?);
            }
            sections.push(RawSection { keyword, span, actions });
            if self.at_end() {
                return Ok(sections);
            }
        }
    }

    fn update_action(&mut self, keyword: &str) -> Parsed<RawAction> {
        let path = self.path()?;
        match keyword {
            "SET" => {
                self.expect(TokenKind::Eq)?;
                let value = self.set_value()?;
                let span = path.span.start..self.previous_end(path.span.end);
                Ok(RawAction::Set(path, value, span))
            }
            "REMOVE" => Ok(RawAction::Remove(path)),
            _ => {
                let value = self.expect(TokenKind::Value)?;
                let span = path.span.start..value.end;
                Ok(RawAction::AddDelete(path, value, span))
            }
        }
    }

    /// `( setvalue )` is tried first; if it does not parse, or a `+`/`-`
    /// follows it, `setvalue` (so `(a) + (b)` parses as well as `(a + b)`).
    fn set_value(&mut self) -> Parsed<RawSetValue> {
        if self.kind() == Some(TokenKind::LParen) {
            let saved = (self.pos, self.operators, self.depth);
            self.bump();
            let attempt = self.enter().and_then(|()| self.set_value_inner()).and_then(|value| {
                self.expect(TokenKind::RParen)?;
                self.leave();
                Ok(value)
            });
            match attempt {
                // `(a) + b`: the parenthesis held only the first operand.
                Ok(_) if matches!(self.kind(), Some(TokenKind::Plus | TokenKind::Minus)) => {
                    (self.pos, self.operators, self.depth) = saved
                }
                Err(Stop::Syntax) => (self.pos, self.operators, self.depth) = saved,
                other => return other,
            }
        }
        self.set_value_inner()
    }

    fn set_value_inner(&mut self) -> Parsed<RawSetValue> {
        let left = self.update_operand()?;
        let plus = match self.kind() {
            Some(TokenKind::Plus) => true,
            Some(TokenKind::Minus) => false,
            _ => return Ok(RawSetValue::One(left)),
        };
        let span = self.bump();
        self.count_operator(span.clone())?;
        let right = self.update_operand()?;
        Ok(RawSetValue::Arith(plus, left, right, span))
    }

    /// `( term )` or `term`.
    fn update_operand(&mut self) -> Parsed<RawOperand> {
        if self.kind() == Some(TokenKind::LParen) {
            self.bump();
            self.enter()?;
            let term = self.update_term()?;
            self.expect(TokenKind::RParen)?;
            self.leave();
            return Ok(term);
        }
        self.update_term()
    }

    fn update_term(&mut self) -> Parsed<RawOperand> {
        match self.kind() {
            Some(TokenKind::Value) => Ok(RawOperand::Value(self.bump())),
            Some(TokenKind::Ident) if !self.at_any_keyword() && self.kind_at(1) == Some(TokenKind::LParen) => {
                let name = self.bump();
                self.count_operator(name.clone())?;
                self.bump(); // (
                self.enter()?;
                let mut args = vec![self.update_operand()?];
                while self.kind() == Some(TokenKind::Comma) {
                    self.bump();
                    args.push(self.update_operand()?);
                }
                let close = self.expect(TokenKind::RParen)?;
                self.leave();
                Ok(RawOperand::Call { span: name.start..close.end, name, args })
            }
            _ => Ok(RawOperand::Path(self.path()?)),
        }
    }

    // ---- projections -----------------------------------------------------

    fn projection(&mut self) -> Parsed<Vec<RawPath>> {
        let mut paths = vec![self.path()?];
        while self.kind() == Some(TokenKind::Comma) {
            self.bump();
            paths.push(self.path()?);
        }
        Ok(paths)
    }
}

/// `( path )` possibly wrapped again: may be continued with `.x` / `[n]`.
fn is_grouped_path(node: &Node) -> bool {
    match node {
        Node::Paren(inner, _) => is_grouped_path(inner),
        Node::Path(_) | Node::GroupedPath { .. } => true,
        _ => false,
    }
}

fn grouped_len(node: &Node) -> usize {
    match node {
        Node::Paren(inner, _) => grouped_len(inner),
        Node::Path(p) => p.elements.len(),
        Node::GroupedPath { inner, tail, .. } => grouped_len(inner) + tail.len(),
        _ => 0,
    }
}

/// Phase 1 of a condition (ConditionExpression, FilterExpression,
/// KeyConditionExpression). The text must have passed [`precheck`].
pub fn parse_condition_syntax(src: &Source) -> Result<Node> {
    let mut cursor = Cursor::new(src, &CONDITION_KEYWORDS);
    let result = cursor.or().and_then(|node| if node.is_condition() { Ok(node) } else { cursor.fail() });
    cursor.finish(result)
}

/// Phase 1 of an UpdateExpression.
pub fn parse_update_syntax(src: &Source) -> Result<Vec<RawSection>> {
    let mut cursor = Cursor::new(src, &UPDATE_KEYWORDS);
    let result = cursor.update();
    cursor.finish(result)
}

/// Phase 1 of a ProjectionExpression.
pub fn parse_projection_syntax(src: &Source) -> Result<Vec<RawPath>> {
    let mut cursor = Cursor::new(src, &[]);
    let result = cursor.projection();
    cursor.finish(result)
}

/// The error for input nested past [`MAX_NESTING`], chosen the way DynamoDB
/// reports the shapes that get that deep within 4 KB (see the module notes).
fn too_deep(src: &Source, condition: bool) -> ApiError {
    let tokens = &src.tokens;
    // Match parentheses without recursion.
    let mut partner = vec![usize::MAX; tokens.len()];
    let mut open = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        match token.kind {
            TokenKind::LParen => open.push(i),
            TokenKind::RParen => match open.pop() {
                Some(o) => {
                    if let Some(slot) = partner.get_mut(o) {
                        *slot = i;
                    }
                    if let Some(slot) = partner.get_mut(i) {
                        *slot = o;
                    }
                }
                None => return src.syntax_error(i),
            },
            _ => {}
        }
    }
    if !open.is_empty() {
        return src.syntax_error(tokens.len());
    }
    if condition {
        for (i, token) in tokens.iter().enumerate() {
            let next_is_open = tokens.get(i + 1).is_some_and(|t| t.kind == TokenKind::LParen);
            if token.kind == TokenKind::LParen && next_is_open {
                let outer = partner.get(i).copied().unwrap_or(usize::MAX);
                let inner = partner.get(i + 1).copied().unwrap_or(usize::MAX);
                if inner != usize::MAX && inner.checked_add(1) == Some(outer) {
                    let end = tokens.get(outer).map_or(token.span.end, |t| t.span.end);
                    return src.error("The expression has redundant parentheses;", token.span.start..end);
                }
            }
        }
    }
    let functions: &[&str] = if condition { &CONDITION_FUNCTIONS } else { &UPDATE_FUNCTIONS };
    for (i, token) in tokens.iter().enumerate() {
        let called = tokens.get(i + 1).is_some_and(|t| t.kind == TokenKind::LParen);
        let name = token.text(src.text);
        if token.kind == TokenKind::Ident && called && !functions.contains(&name) {
            return src.error(format!("Invalid function name; function: {name}"), token.span.clone());
        }
    }
    src.error(
        format!("The expression is nested too deeply; parentheses and functions may nest at most {MAX_NESTING} levels"),
        0..src.text.len(),
    )
}
