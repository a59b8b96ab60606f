//! The PartiQL parser: tokens → [`Statement`], by recursive descent.
//!
//! The grammar is DynamoDB's subset of PartiQL (its developer guide,
//! "PartiQL – a SQL-compatible query language"), keywords in any case:
//!
//! ```text
//! statement := select | insert | update | delete | EXISTS '(' select ')'   [';']
//! select    := SELECT ('*' | path {',' path}) FROM source [WHERE expr]
//!              [ORDER BY path [ASC|DESC] {',' path [ASC|DESC]}]
//! insert    := INSERT INTO name VALUE expr                (a {…} literal)
//! update    := UPDATE name (SET path '=' expr {',' path '=' expr} | REMOVE path {',' path})+
//!              WHERE expr [RETURNING (ALL|MODIFIED) (OLD|NEW) '*']
//! delete    := DELETE FROM name WHERE expr [RETURNING ALL OLD '*']
//! source    := name ['.' name]                            ("Table"."Index")
//! name      := identifier | "quoted identifier"
//! path      := name {'.' name | '[' number ']' | '[' 'string' ']'}
//! ```
//!
//! Expressions by precedence climbing, loosest first:
//!
//! | level | operators                                              |
//! |-------|--------------------------------------------------------|
//! | 1     | `OR`                                                   |
//! | 2     | `AND`                                                  |
//! | 3     | `NOT` (prefix)                                         |
//! | 4     | `= <> != < <= > >=`, `[NOT] BETWEEN … AND …`, `[NOT] IN`, `IS [NOT] …` |
//! | 5     | `+ - \|\|`                                             |
//! | 6     | unary `-` `+`, then literals, `?`, paths, calls, `( )`, `[ ]`, `{ }`, `<< >>` |
//!
//! So `NOT a = 1 OR b BETWEEN 1 AND 2 AND c` reads as
//! `(NOT (a = 1)) OR ((b BETWEEN 1 AND 2) AND c)`. Comparisons do not chain
//! (`a = b = c` is an error, as in DynamoDB).
//!
//! Recursion is bounded: parentheses, lists, structs and calls nest at most
//! [`MAX_NESTING`] deep; `AND`/`OR`/`+` chains are built in loops. The
//! parser stops at the first error, with its span.

use super::ast::*;
use super::error::{at, syntax};
use super::lexer::{tokenize, Token, TokenKind};
use crate::engine::error::Result;
use crate::engine::expr::ast::PathElement;

/// Deepest nesting of parentheses, lists, structs, bags and calls. Items
/// may nest 32 levels; a little more leaves room for a condition around them.
pub const MAX_NESTING: usize = 40;

/// Parses one statement.
pub fn parse(text: &str) -> Result<Statement> {
    let tokens = tokenize(text)?;
    let mut parser = Parser { tokens, pos: 0, depth: 0, params: 0, end: text.len() };
    let statement = parser.statement()?;
    if parser.peek_is(&TokenKind::Semicolon) {
        parser.pos += 1;
    }
    if let Some(token) = parser.tokens.get(parser.pos) {
        return Err(syntax(
            format!("Unexpected token after the statement: {}", token.kind.describe()),
            token.span.clone(),
        ));
    }
    Ok(statement)
}

/// How many `?` a statement has (its parameters are matched by position).
pub fn parameter_count(statement: &Statement) -> usize {
    fn walk(expr: &Expr, max: &mut usize) {
        match &expr.kind {
            ExprKind::Param(n) => *max = (*max).max(n + 1),
            ExprKind::List(items) | ExprKind::Bag(items) | ExprKind::Call { args: items, .. } => {
                items.iter().for_each(|e| walk(e, max))
            }
            ExprKind::Struct(fields) => fields.iter().for_each(|(_, e)| walk(e, max)),
            ExprKind::Binary(_, _, _) => {
                // AND/OR/+ chains lean left: walk them in a loop.
                let mut node = expr;
                while let ExprKind::Binary(_, left, right) = &node.kind {
                    walk(right, max);
                    node = left;
                }
                walk(node, max);
            }
            ExprKind::Not(inner) | ExprKind::Is { value: inner, .. } => walk(inner, max),
            ExprKind::Between { value, low, high, .. } => [value, low, high].iter().for_each(|e| walk(e, max)),
            ExprKind::In { value, list, .. } => {
                walk(value, max);
                list.iter().for_each(|e| walk(e, max));
            }
            _ => {}
        }
    }
    let mut max = 0;
    let mut exprs: Vec<&Expr> = Vec::new();
    match statement {
        Statement::Select(s) | Statement::Exists(s) => exprs.extend(&s.filter),
        Statement::Insert(i) => exprs.push(&i.item),
        Statement::Update(u) => {
            for action in &u.actions {
                if let Action::Set(_, value) = action {
                    exprs.push(value);
                }
            }
            exprs.extend(&u.filter);
        }
        Statement::Delete(d) => exprs.extend(&d.filter),
    }
    exprs.into_iter().for_each(|e| walk(e, &mut max));
    max
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    depth: usize,
    /// `?`s seen so far.
    params: usize,
    /// The statement's length, for errors at its end.
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn peek_is(&self, kind: &TokenKind) -> bool {
        self.peek().is_some_and(|t| &t.kind == kind)
    }

    /// Whether the next token is keyword `word` (any case).
    fn peek_keyword(&self, word: &str) -> bool {
        self.keyword_at(self.pos, word)
    }

    fn keyword_at(&self, pos: usize, word: &str) -> bool {
        matches!(self.tokens.get(pos), Some(Token { kind: TokenKind::Ident(w), .. }) if w.eq_ignore_ascii_case(word))
    }

    fn eat_keyword(&mut self, word: &str) -> bool {
        let found = self.peek_keyword(word);
        if found {
            self.pos += 1;
        }
        found
    }

    fn eat(&mut self, kind: &TokenKind) -> bool {
        let found = self.peek_is(kind);
        if found {
            self.pos += 1;
        }
        found
    }

    /// The span of the next token, or the empty span at the end.
    fn here(&self) -> std::ops::Range<usize> {
        self.peek().map_or(self.end..self.end, |t| t.span.clone())
    }

    /// Where the previous token ended.
    fn last_end(&self) -> usize {
        self.pos.checked_sub(1).and_then(|p| self.tokens.get(p)).map_or(0, |t| t.span.end)
    }

    /// "Expected X": at the next token, or at the end of the statement.
    fn expected(&self, what: &str) -> crate::engine::ApiError {
        match self.peek() {
            Some(token) => syntax(format!("Expected {what} but found {}", token.kind.describe()), token.span.clone()),
            None => syntax(format!("Expected {what} but the statement ended"), self.end..self.end),
        }
    }

    fn expect_keyword(&mut self, word: &str) -> Result<()> {
        if self.eat_keyword(word) {
            Ok(())
        } else {
            Err(self.expected(word))
        }
    }

    fn expect(&mut self, kind: &TokenKind) -> Result<()> {
        if self.eat(kind) {
            Ok(())
        } else {
            Err(self.expected(&format!("'{}'", kind.describe())))
        }
    }

    fn nest(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(syntax("The statement nests too deeply", self.here()));
        }
        Ok(())
    }

    fn statement(&mut self) -> Result<Statement> {
        if self.peek_keyword("SELECT") {
            return Ok(Statement::Select(self.select()?));
        }
        if self.eat_keyword("INSERT") {
            return self.insert();
        }
        if self.eat_keyword("UPDATE") {
            return self.update();
        }
        if self.eat_keyword("DELETE") {
            return self.delete();
        }
        if self.eat_keyword("EXISTS") {
            self.expect(&TokenKind::LParen)?;
            if !self.peek_keyword("SELECT") {
                return Err(self.expected("SELECT"));
            }
            let select = self.select()?;
            self.expect(&TokenKind::RParen)?;
            return Ok(Statement::Exists(select));
        }
        Err(self.expected("SELECT, INSERT, UPDATE, DELETE or EXISTS"))
    }

    fn select(&mut self) -> Result<Select> {
        self.expect_keyword("SELECT")?;
        let projection = if self.eat(&TokenKind::Star) {
            Projection::All
        } else {
            let mut paths = vec![self.path()?];
            while self.eat(&TokenKind::Comma) {
                if self.peek_is(&TokenKind::Star) {
                    return Err(at(
                        "Other attributes should not be present in the projection when '*' is used.",
                        self.here(),
                    ));
                }
                paths.push(self.path()?);
            }
            Projection::Paths(paths)
        };
        if self.peek_is(&TokenKind::Comma) {
            return Err(at("Other attributes should not be present in the projection when '*' is used.", self.here()));
        }
        self.expect_keyword("FROM")?;
        let from = self.source(true)?;
        let filter = if self.eat_keyword("WHERE") { Some(self.expr()?) } else { None };
        let mut order_by = Vec::new();
        if self.eat_keyword("ORDER") {
            self.expect_keyword("BY")?;
            loop {
                let path = self.path()?;
                let descending = if self.eat_keyword("DESC") {
                    true
                } else {
                    self.eat_keyword("ASC");
                    false
                };
                order_by.push((path, descending));
                if !self.eat(&TokenKind::Comma) {
                    break;
                }
            }
        }
        Ok(Select { projection, from, filter, order_by })
    }

    fn insert(&mut self) -> Result<Statement> {
        self.expect_keyword("INTO")?;
        let table = self.source(false)?;
        if self.peek_keyword("VALUES") {
            return Err(at(
                "Unsupported operation: Inserting multiple items in a single statement is not supported, use \"INSERT INTO tableName VALUE item\" instead",
                self.here(),
            ));
        }
        self.expect_keyword("VALUE")?;
        let item = self.expr()?;
        if !matches!(item.kind, ExprKind::Struct(_)) {
            return Err(at(
                "Unsupported format in item expression. Please use struct format {...} to express item values for insert statement.",
                item.span,
            ));
        }
        Ok(Statement::Insert(Insert { table, item }))
    }

    fn update(&mut self) -> Result<Statement> {
        let table = self.source(false)?;
        let mut actions = Vec::new();
        loop {
            if self.eat_keyword("SET") {
                loop {
                    let path = self.path()?;
                    self.expect(&TokenKind::Eq)?;
                    let value = self.expr()?;
                    actions.push(Action::Set(path, value));
                    if !self.eat(&TokenKind::Comma) {
                        break;
                    }
                }
            } else if self.eat_keyword("REMOVE") {
                loop {
                    actions.push(Action::Remove(self.path()?));
                    if !self.eat(&TokenKind::Comma) {
                        break;
                    }
                }
            } else if actions.is_empty() {
                return Err(self.expected("SET or REMOVE"));
            } else {
                break;
            }
        }
        let filter = self.where_clause()?;
        let returning = self.returning()?;
        Ok(Statement::Update(Update { table, actions, filter, returning }))
    }

    fn delete(&mut self) -> Result<Statement> {
        self.expect_keyword("FROM")?;
        let table = self.source(false)?;
        let filter = self.where_clause()?;
        let returning = self.returning()?;
        Ok(Statement::Delete(Delete { table, filter, returning }))
    }

    /// The WHERE of an UPDATE or DELETE; without one the statement cannot
    /// name its item, which DynamoDB reports as a missing key.
    fn where_clause(&mut self) -> Result<Option<Expr>> {
        if self.eat_keyword("WHERE") {
            return Ok(Some(self.expr()?));
        }
        Ok(None)
    }

    fn returning(&mut self) -> Result<Option<(Returning, std::ops::Range<usize>)>> {
        if !self.eat_keyword("RETURNING") {
            return Ok(None);
        }
        let start = self.here().start;
        let all = if self.eat_keyword("ALL") {
            true
        } else if self.eat_keyword("MODIFIED") {
            false
        } else {
            return Err(self.expected("ALL or MODIFIED"));
        };
        let new = if self.eat_keyword("NEW") {
            true
        } else if self.eat_keyword("OLD") {
            false
        } else {
            return Err(self.expected("OLD or NEW"));
        };
        if !self.eat(&TokenKind::Star) {
            return Err(at("Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause", self.here()));
        }
        let returning = match (all, new) {
            (true, false) => Returning::AllOld,
            (false, false) => Returning::ModifiedOld,
            (true, true) => Returning::AllNew,
            (false, true) => Returning::ModifiedNew,
        };
        Ok(Some((returning, start..self.last_end())))
    }

    /// `"Table"` or `"Table"."Index"`; only SELECT may name an index.
    fn source(&mut self, index_allowed: bool) -> Result<Source> {
        let start = self.here().start;
        let table = self.name("a table name")?;
        let index = if self.peek_is(&TokenKind::Dot) {
            self.pos += 1;
            let index = self.name("an index name")?;
            if !index_allowed {
                return Err(at(
                    "FROM clause may only contain a single table name in data manipulation statements",
                    start..self.last_end(),
                ));
            }
            Some(index)
        } else {
            None
        };
        if index_allowed && self.peek_is(&TokenKind::Dot) {
            return Err(at("A path may contain at most 2 components in the FROM clause", self.here()));
        }
        if index_allowed && self.peek_is(&TokenKind::Comma) {
            return Err(at("Only select from a single table or index is supported.", self.here()));
        }
        Ok(Source { table, index, span: start..self.last_end() })
    }

    /// An identifier or a quoted identifier.
    fn name(&mut self, what: &str) -> Result<String> {
        match self.peek().map(|t| &t.kind) {
            Some(TokenKind::Ident(name) | TokenKind::Quoted(name)) => {
                let name = name.clone();
                self.pos += 1;
                Ok(name)
            }
            _ => Err(self.expected(what)),
        }
    }

    fn path(&mut self) -> Result<Path> {
        let start = self.here().start;
        let first = self.name("an attribute name")?;
        self.path_rest(first, start)
    }

    /// The steps after a path's first name.
    fn path_rest(&mut self, first: String, start: usize) -> Result<Path> {
        let mut elements = vec![PathElement::Attribute(first)];
        loop {
            if self.eat(&TokenKind::Dot) {
                if self.peek_is(&TokenKind::Star) {
                    return Err(at("Unpivot path component like a.*.b are not supported", self.here()));
                }
                elements.push(PathElement::Attribute(self.name("an attribute name")?));
            } else if self.eat(&TokenKind::LBracket) {
                let span = self.here();
                match self.peek().map(|t| t.kind.clone()) {
                    Some(TokenKind::Number(n)) => {
                        self.pos += 1;
                        let index = n.parse::<u32>().ok().filter(|i| *i <= i32::MAX as u32).ok_or_else(|| {
                            at(format!("List index is not within the allowable range; index: [{n}]"), span.clone())
                        })?;
                        elements.push(PathElement::Index(u64::from(index)));
                    }
                    Some(TokenKind::Str(s)) => {
                        self.pos += 1;
                        elements.push(PathElement::Attribute(s));
                    }
                    Some(TokenKind::Minus) => {
                        return Err(at("List index is not within the allowable range; index: [-1]", span));
                    }
                    Some(TokenKind::Star) => {
                        return Err(at("Wildcard path component like a[*].b are not supported", span));
                    }
                    _ => return Err(self.expected("a list index")),
                }
                self.expect(&TokenKind::RBracket)?;
            } else {
                break;
            }
        }
        if elements.len() > 32 {
            return Err(at("Nesting Levels have exceeded supported limits", start..self.last_end()));
        }
        Ok(Path { elements, span: start..self.last_end() })
    }

    fn expr(&mut self) -> Result<Expr> {
        self.nest()?;
        let result = self.or();
        self.depth -= 1;
        result
    }

    fn binary(op: BinaryOp, left: Expr, right: Expr) -> Expr {
        let span = left.span.start..right.span.end;
        Expr { kind: ExprKind::Binary(op, Box::new(left), Box::new(right)), span }
    }

    fn or(&mut self) -> Result<Expr> {
        let mut left = self.and()?;
        while self.eat_keyword("OR") {
            let right = self.and()?;
            left = Self::binary(BinaryOp::Or, left, right);
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Expr> {
        let mut left = self.not()?;
        while self.eat_keyword("AND") {
            let right = self.not()?;
            left = Self::binary(BinaryOp::And, left, right);
        }
        Ok(left)
    }

    fn not(&mut self) -> Result<Expr> {
        let start = self.here().start;
        if self.eat_keyword("NOT") {
            self.nest()?;
            let inner = self.not();
            self.depth -= 1;
            let inner = inner?;
            let span = start..inner.span.end;
            return Ok(Expr { kind: ExprKind::Not(Box::new(inner)), span });
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Result<Expr> {
        let left = self.additive()?;
        let start = left.span.start;
        let op = match self.peek().map(|t| &t.kind) {
            Some(TokenKind::Eq) => Some(BinaryOp::Eq),
            Some(TokenKind::Ne) => Some(BinaryOp::Ne),
            Some(TokenKind::Lt) => Some(BinaryOp::Lt),
            Some(TokenKind::Le) => Some(BinaryOp::Le),
            Some(TokenKind::Gt) => Some(BinaryOp::Gt),
            Some(TokenKind::Ge) => Some(BinaryOp::Ge),
            _ => None,
        };
        if let Some(op) = op {
            self.pos += 1;
            let right = self.additive()?;
            return Ok(Self::binary(op, left, right));
        }
        let negated = self.peek_keyword("NOT")
            && (self.keyword_at(self.pos + 1, "BETWEEN") || self.keyword_at(self.pos + 1, "IN"));
        if negated {
            self.pos += 1;
        }
        if self.eat_keyword("BETWEEN") {
            let low = self.additive()?;
            self.expect_keyword("AND")?;
            let high = self.additive()?;
            let span = start..high.span.end;
            let kind = ExprKind::Between { value: Box::new(left), low: Box::new(low), high: Box::new(high), negated };
            return Ok(Expr { kind, span });
        }
        if self.eat_keyword("IN") {
            let open = self.here();
            let close = if self.eat(&TokenKind::LBracket) {
                TokenKind::RBracket
            } else if self.eat(&TokenKind::LParen) {
                TokenKind::RParen
            } else {
                return Err(at(
                    "IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq with at least one member",
                    open,
                ));
            };
            let list = self.items(&close)?;
            if list.is_empty() {
                return Err(at(
                    "IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq with at least one member",
                    open.start..self.last_end(),
                ));
            }
            let kind = ExprKind::In { value: Box::new(left), list, negated };
            return Ok(Expr { kind, span: start..self.last_end() });
        }
        if self.eat_keyword("IS") {
            let negated = self.eat_keyword("NOT");
            let span = self.here();
            let word = self.name("a type")?;
            let test = match word.to_ascii_uppercase().as_str() {
                "MISSING" => IsType::Missing,
                "NULL" => IsType::Null,
                "BOOLEAN" | "BOOL" => IsType::Boolean,
                "STRING" => IsType::String,
                "NUMERIC" | "NUMBER" | "DECIMAL" | "INT" | "INTEGER" | "FLOAT" => IsType::Number,
                "BLOB" | "BINARY" => IsType::Blob,
                "LIST" => IsType::List,
                "STRUCT" | "TUPLE" => IsType::Struct,
                _ => {
                    return Err(at(
                        format!("Unsupported data type for IS operator: {word}. Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]"),
                        span,
                    ))
                }
            };
            let kind = ExprKind::Is { value: Box::new(left), test, negated };
            return Ok(Expr { kind, span: start..self.last_end() });
        }
        if negated {
            return Err(self.expected("BETWEEN or IN"));
        }
        Ok(left)
    }

    fn additive(&mut self) -> Result<Expr> {
        let mut left = self.unary()?;
        loop {
            let op = match self.peek().map(|t| &t.kind) {
                Some(TokenKind::Plus) => BinaryOp::Add,
                Some(TokenKind::Minus) => BinaryOp::Sub,
                Some(TokenKind::Concat) => BinaryOp::Concat,
                _ => break,
            };
            self.pos += 1;
            let right = self.unary()?;
            left = Self::binary(op, left, right);
        }
        Ok(left)
    }

    /// A sign before a number literal is part of the number (`- 1`,
    /// `- - 1` and `+5` are numbers, as DynamoDB reads them); before
    /// anything else it is refused.
    fn unary(&mut self) -> Result<Expr> {
        let start = self.here().start;
        let mut negative = false;
        let mut signed = false;
        loop {
            if self.eat(&TokenKind::Minus) {
                negative = !negative;
            } else if !self.eat(&TokenKind::Plus) {
                break;
            }
            signed = true;
        }
        let operand = self.primary()?;
        if !signed {
            return Ok(operand);
        }
        match operand.kind {
            ExprKind::Number(n) => {
                let text = match (negative, n.strip_prefix('-')) {
                    (false, _) => n,
                    (true, Some(positive)) => positive.to_string(),
                    (true, None) => format!("-{n}"),
                };
                Ok(Expr { kind: ExprKind::Number(text), span: start..operand.span.end })
            }
            _ => Err(syntax("A sign can only stand before a number", start..operand.span.end)),
        }
    }

    fn primary(&mut self) -> Result<Expr> {
        let Some(token) = self.peek().cloned() else { return Err(self.expected("an expression")) };
        let span = token.span.clone();
        let leaf = |kind| Ok(Expr { kind, span: span.clone() });
        match token.kind {
            TokenKind::Str(s) => {
                self.pos += 1;
                leaf(ExprKind::Str(s))
            }
            TokenKind::Number(n) => {
                self.pos += 1;
                leaf(ExprKind::Number(n))
            }
            TokenKind::Param => {
                self.pos += 1;
                let n = self.params;
                self.params += 1;
                leaf(ExprKind::Param(n))
            }
            TokenKind::LParen => {
                self.pos += 1;
                let inner = self.expr()?;
                self.expect(&TokenKind::RParen)?;
                Ok(Expr { kind: inner.kind, span: span.start..self.last_end() })
            }
            TokenKind::LBracket => {
                self.pos += 1;
                let items = self.items(&TokenKind::RBracket)?;
                Ok(Expr { kind: ExprKind::List(items), span: span.start..self.last_end() })
            }
            TokenKind::LBag => {
                self.pos += 1;
                let items = self.items(&TokenKind::RBag)?;
                Ok(Expr { kind: ExprKind::Bag(items), span: span.start..self.last_end() })
            }
            TokenKind::LBrace => {
                self.pos += 1;
                self.structure(span.start)
            }
            TokenKind::Quoted(name) => {
                self.pos += 1;
                let path = self.path_rest(name, span.start)?;
                let span = path.span.clone();
                Ok(Expr { kind: ExprKind::Path(path), span })
            }
            TokenKind::Ident(word) => {
                self.pos += 1;
                match word.to_ascii_uppercase().as_str() {
                    "TRUE" => return leaf(ExprKind::Bool(true)),
                    "FALSE" => return leaf(ExprKind::Bool(false)),
                    "NULL" => return leaf(ExprKind::Null),
                    "MISSING" => return Err(at("MISSING must be compared using IS operator", span)),
                    _ => {}
                }
                if self.eat(&TokenKind::LParen) {
                    let args = self.items(&TokenKind::RParen)?;
                    let kind = ExprKind::Call { name: word.to_ascii_lowercase(), args };
                    return Ok(Expr { kind, span: span.start..self.last_end() });
                }
                let path = self.path_rest(word, span.start)?;
                let span = path.span.clone();
                Ok(Expr { kind: ExprKind::Path(path), span })
            }
            other => Err(syntax(format!("Unexpected token: {}", other.describe()), span)),
        }
    }

    /// Comma-separated expressions up to `close` (already past the opener).
    fn items(&mut self, close: &TokenKind) -> Result<Vec<Expr>> {
        self.nest()?;
        let mut items = Vec::new();
        if !self.eat(close) {
            loop {
                items.push(self.expr()?);
                if self.eat(close) {
                    break;
                }
                self.expect(&TokenKind::Comma)?;
            }
        }
        self.depth -= 1;
        Ok(items)
    }

    /// `{'key': value, …}` (already past `{`).
    fn structure(&mut self, start: usize) -> Result<Expr> {
        self.nest()?;
        let mut fields = Vec::new();
        if !self.eat(&TokenKind::RBrace) {
            loop {
                let key = match self.peek().map(|t| &t.kind) {
                    Some(TokenKind::Str(key)) => key.clone(),
                    _ => return Err(self.expected("a 'quoted' attribute name")),
                };
                self.pos += 1;
                self.expect(&TokenKind::Colon)?;
                fields.push((key, self.expr()?));
                if self.eat(&TokenKind::RBrace) {
                    break;
                }
                self.expect(&TokenKind::Comma)?;
            }
        }
        self.depth -= 1;
        Ok(Expr { kind: ExprKind::Struct(fields), span: start..self.last_end() })
    }
}
