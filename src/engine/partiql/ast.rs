//! The syntax tree of DynamoDB's PartiQL subset.
//!
//! ```text
//!   Statement ─┬─ Select  { projection, source "T"."I", where, order by }
//!              ├─ Insert  { table, item: a {…} literal }
//!              ├─ Update  { table, SET/REMOVE actions, where, returning }
//!              ├─ Delete  { table, where, returning }
//!              └─ Exists  (a Select: a condition check, transactions only)
//! ```
//!
//! Expressions ([`Expr`]) are one tree for conditions, values and literals:
//! a WHERE clause is an `Expr` that yields a boolean, a SET value is an
//! `Expr` that yields a value. Every node keeps its byte span, so the
//! planner can point at the part of the statement an error is about.

use std::ops::Range;

use crate::engine::expr::ast::PathElement;

/// A parsed statement and where its clauses are.
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    Select(Select),
    Insert(Insert),
    Update(Update),
    Delete(Delete),
    /// `EXISTS(SELECT …)`: a condition check inside ExecuteTransaction.
    Exists(Select),
}

impl Statement {
    /// The statement's keyword, for messages: `SELECT`, `INSERT`, …
    pub fn verb(&self) -> &'static str {
        match self {
            Statement::Select(_) => "SELECT",
            Statement::Insert(_) => "INSERT",
            Statement::Update(_) => "UPDATE",
            Statement::Delete(_) => "DELETE",
            Statement::Exists(_) => "EXISTS",
        }
    }

    /// The table the statement names.
    pub fn source(&self) -> &Source {
        match self {
            Statement::Select(s) | Statement::Exists(s) => &s.from,
            Statement::Insert(i) => &i.table,
            Statement::Update(u) => &u.table,
            Statement::Delete(d) => &d.table,
        }
    }

    /// Whether it reads (SELECT) rather than writes.
    pub fn is_read(&self) -> bool {
        matches!(self, Statement::Select(_))
    }
}

/// `"Table"` or `"Table"."Index"`.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    pub table: String,
    pub index: Option<String>,
    pub span: Range<usize>,
}

/// What a SELECT returns of each item.
#[derive(Clone, Debug, PartialEq)]
pub enum Projection {
    /// `*`: every attribute.
    All,
    /// A list of attribute names or document paths.
    Paths(Vec<Path>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Select {
    pub projection: Projection,
    pub from: Source,
    pub filter: Option<Expr>,
    /// `ORDER BY key [ASC|DESC]`, with `true` for descending.
    pub order_by: Vec<(Path, bool)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Insert {
    pub table: Source,
    pub item: Expr,
}

/// One `SET path = value` or `REMOVE path`.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Set(Path, Expr),
    Remove(Path),
}

/// `RETURNING ALL OLD *` and its three siblings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Returning {
    AllOld,
    ModifiedOld,
    AllNew,
    ModifiedNew,
}

impl Returning {
    /// The `ReturnValues` of the equivalent UpdateItem or DeleteItem.
    pub fn return_values(self) -> &'static str {
        match self {
            Returning::AllOld => "ALL_OLD",
            Returning::ModifiedOld => "UPDATED_OLD",
            Returning::AllNew => "ALL_NEW",
            Returning::ModifiedNew => "UPDATED_NEW",
        }
    }

    /// How it is written.
    pub fn text(self) -> &'static str {
        match self {
            Returning::AllOld => "ALL OLD *",
            Returning::ModifiedOld => "MODIFIED OLD *",
            Returning::AllNew => "ALL NEW *",
            Returning::ModifiedNew => "MODIFIED NEW *",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Update {
    pub table: Source,
    pub actions: Vec<Action>,
    pub filter: Option<Expr>,
    pub returning: Option<(Returning, Range<usize>)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Delete {
    pub table: Source,
    pub filter: Option<Expr>,
    pub returning: Option<(Returning, Range<usize>)>,
}

/// A document path: `a`, `"a b".c[2]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub elements: Vec<PathElement>,
    pub span: Range<usize>,
}

impl Path {
    /// The attribute name when the path is a bare top-level attribute.
    pub fn bare(&self) -> Option<&str> {
        match self.elements.as_slice() {
            [PathElement::Attribute(name)] => Some(name),
            _ => None,
        }
    }

    /// The top-level attribute the path starts with.
    pub fn top(&self) -> Option<&str> {
        match self.elements.first() {
            Some(PathElement::Attribute(name)) => Some(name),
            _ => None,
        }
    }

    /// The name a projected path is returned under: its last attribute
    /// name with the list indexes after it (`SELECT m.k[0]` returns `k[0]`,
    /// as captured on DynamoDB).
    pub fn column(&self) -> String {
        let last_name = self.elements.iter().rposition(|e| matches!(e, PathElement::Attribute(_))).unwrap_or(0);
        self.elements
            .iter()
            .skip(last_name)
            .map(|e| match e {
                PathElement::Attribute(name) => name.clone(),
                PathElement::Index(i) => format!("[{i}]"),
            })
            .collect()
    }
}

/// Binary operators, loosest first within their group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Concat,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "OR",
            BinaryOp::And => "AND",
            BinaryOp::Eq => "=",
            BinaryOp::Ne => "<>",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Concat => "||",
        }
    }

    /// Whether it compares two values.
    pub fn is_comparison(self) -> bool {
        matches!(self, BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge)
    }
}

/// The types `IS` tests for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IsType {
    Missing,
    Null,
    Boolean,
    String,
    Number,
    Blob,
    List,
    Struct,
}

/// An expression node and its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Range<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Path(Path),
    /// `?`: the n-th parameter (0-based, in statement order).
    Param(usize),
    Str(String),
    /// A number literal as written (with its sign folded in).
    Number(String),
    Bool(bool),
    Null,
    /// `[a, b]`
    List(Vec<Expr>),
    /// `{'k': v, …}`
    Struct(Vec<(String, Expr)>),
    /// `<<a, b>>`: a string or number set.
    Bag(Vec<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    /// `x [NOT] BETWEEN low AND high`
    Between {
        value: Box<Expr>,
        low: Box<Expr>,
        high: Box<Expr>,
        negated: bool,
    },
    /// `x [NOT] IN [a, b]` (or `(a, b)`)
    In {
        value: Box<Expr>,
        list: Vec<Expr>,
        negated: bool,
    },
    /// `x IS [NOT] MISSING|NULL|…`
    Is {
        value: Box<Expr>,
        test: IsType,
        negated: bool,
    },
    /// `name(args…)`, the name lower-cased.
    Call {
        name: String,
        args: Vec<Expr>,
    },
}

impl Expr {
    /// The path, when the expression is one.
    pub fn path(&self) -> Option<&Path> {
        match &self.kind {
            ExprKind::Path(path) => Some(path),
            _ => None,
        }
    }

    /// Whether the expression is a value written in the statement or a
    /// parameter (no attribute of the item involved).
    pub fn is_constant(&self) -> bool {
        match &self.kind {
            ExprKind::Param(_) | ExprKind::Str(_) | ExprKind::Number(_) | ExprKind::Bool(_) | ExprKind::Null => true,
            ExprKind::List(items) | ExprKind::Bag(items) => items.iter().all(Expr::is_constant),
            ExprKind::Struct(fields) => fields.iter().all(|(_, v)| v.is_constant()),
            _ => false,
        }
    }

    /// The terms of a chain of ANDs (parenthesised groups included),
    /// left to right.
    pub fn conjuncts(&self) -> Vec<&Expr> {
        self.chain(BinaryOp::And)
    }

    /// The terms of a chain of ORs.
    pub fn disjuncts(&self) -> Vec<&Expr> {
        self.chain(BinaryOp::Or)
    }

    /// The operands of a chain of `op`. The parser builds chains leaning
    /// left (`((a AND b) AND c)`), as long as the statement; the left spine
    /// is walked in a loop, so only parentheses (whose depth the parser
    /// bounds) cost recursion.
    fn chain(&self, op: BinaryOp) -> Vec<&Expr> {
        let mut rights = Vec::new();
        let mut node = self;
        while let ExprKind::Binary(o, left, right) = &node.kind {
            if *o != op {
                break;
            }
            rights.push(right.as_ref());
            node = left;
        }
        let mut terms = vec![node];
        for right in rights.into_iter().rev() {
            terms.extend(right.chain(op));
        }
        terms
    }
}
