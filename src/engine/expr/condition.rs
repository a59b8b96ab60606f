//! ConditionExpression and FilterExpression: checks and evaluation (semantics D.1).
//!
//! [`Condition::parse`] runs the parser's two passes (`super::parser`, `super::resolve`):
//! syntax, then the checks below, which walk the raw tree in text order the
//! way dynalite's grammar actions fire and file each problem in a slot.
//! The reported error is the first filled slot of
//!
//! ```text
//! redundant parentheses > unknown function > misused function > reserved word > condition
//! ```
//!
//! where *condition* is the first comparison/BETWEEN/IN/function-condition
//! (in text order) that had one of: an undefined `#name`/`:value`, a wrong
//! operand count, `contains(a, a)`-style identical operands, or a wrong
//! operand type (in that order).
//!
//! The operand-type rules: `begins_with` takes Strings or Binaries,
//! `attribute_type` a `:value` naming one of the ten types, `size` anything
//! but N/BOOL/NULL, `attribute_exists`/`attribute_not_exists` a path;
//! ordering comparators and `BETWEEN` refuse `:value`s that are not S, N or B
//! (a list in `a < :v` is an error, a list *attribute* is merely false —
//! Alternator's tests, test_condition_expression.py; the wording is the one captured for key
//! conditions in paritysuite queryKeyConditionOperands.test.ts). `BETWEEN`
//! with two `:value` bounds also needs them of one type and in order.
//!
//! Evaluation never fails. A missing attribute makes every comparison false
//! except `<>`, which is true (even `q <> z` with both missing, Alternator's tests);
//! comparing different types is false; `<`/`<=`/`>`/`>=` and `BETWEEN` are
//! only defined on S (by UTF-8 bytes), N (numerically) and B (by unsigned
//! bytes). `size()` counts a String in UTF-16 code units. `contains` finds a
//! substring in S or B, a member in a set, an element in a list.

use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt;
use std::ops::Range;

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;

use super::ast::{Comparator, Cond, DocumentPath, Function, Literal, Operand};
use super::parser::{self, Node, RawElement, Source};
use super::placeholders::{Placeholders, Usage};
use super::resolve::{Findings, Resolver, Slot};
use crate::engine::error::Result;
use crate::engine::value::{AttributeValue, Item};

/// A parsed condition (ConditionExpression, FilterExpression, or a legacy
/// `Expected`/`QueryFilter`/`ScanFilter` translated to the same tree).
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    root: Cond,
}

/// An item with no attributes: what a missing item looks like to a condition.
static EMPTY_ITEM: Item = Item::new();

impl Condition {
    /// Parses and checks a ConditionExpression or FilterExpression; `member`
    /// names the request member in messages (`Invalid FilterExpression: …`).
    pub fn parse(
        text: &str,
        member: &'static str,
        placeholders: &Placeholders,
        usage: &mut Usage,
    ) -> Result<Condition> {
        parser::precheck(text, member)?;
        let src = Source::new(text, member);
        let node = parser::parse_condition_syntax(&src)?;
        let root = check(&src, &node, placeholders, usage)?;
        Ok(Condition { root })
    }

    /// Wraps an already checked tree (the legacy parameters).
    pub(crate) fn from_cond(root: Cond) -> Condition {
        Condition { root }
    }

    /// The tree.
    pub fn cond(&self) -> &Cond {
        &self.root
    }

    /// Whether `item` satisfies the condition; `None` is an item that does
    /// not exist (then `attribute_not_exists(x)` holds and comparisons fail).
    pub fn evaluate(&self, item: Option<&Item>) -> bool {
        eval(&self.root, item.unwrap_or(&EMPTY_ITEM))
    }

    /// The top-level attributes the condition reads.
    pub fn top_level_names(&self) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        collect_names(&self.root, &mut names, false);
        names
    }

    /// The top-level attributes the condition reaches into with `.` or `[]`
    /// (for "Key attributes must be scalars; list random access '[]' and map
    /// lookup '.' are not allowed: Key: a").
    pub fn nested_top_level_names(&self) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        collect_names(&self.root, &mut names, true);
        names
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.root.fmt(f)
    }
}

/// Top-level names of the paths the condition reads (only of nested paths
/// when `nested_only`).
fn collect_names(cond: &Cond, names: &mut BTreeSet<String>, nested_only: bool) {
    let mut operand = |op: &Operand| {
        let mut op = op;
        while let Operand::Size(inner) = op {
            op = inner;
        }
        if let Operand::Path(path) = op {
            if let Some(name) = path.top_name().filter(|_| path.is_nested() || !nested_only) {
                names.insert(name.to_string());
            }
        }
    };
    match cond {
        Cond::Compare(_, a, b) => {
            operand(a);
            operand(b);
        }
        Cond::Between(a, b, c) => [a, b, c].into_iter().for_each(operand),
        Cond::In(a, list) => std::iter::once(a).chain(list).for_each(operand),
        Cond::Function(_, args) => args.iter().for_each(operand),
        Cond::And(terms) | Cond::Or(terms) => terms.iter().for_each(|t| collect_names(t, names, nested_only)),
        Cond::Not(inner) => collect_names(inner, names, nested_only),
    }
}

// ---- evaluation ----------------------------------------------------------

fn eval(cond: &Cond, item: &Item) -> bool {
    match cond {
        Cond::Compare(op, left, right) => compare(*op, left.eval(item).as_ref(), right.eval(item).as_ref()),
        Cond::Between(value, low, high) => match (value.eval(item), low.eval(item), high.eval(item)) {
            (Some(v), Some(lo), Some(hi)) => {
                order(&lo, &v).is_some_and(|o| o != Ordering::Greater)
                    && order(&v, &hi).is_some_and(|o| o != Ordering::Greater)
            }
            _ => false,
        },
        Cond::In(value, list) => match value.eval(item) {
            Some(v) => list.iter().any(|candidate| candidate.eval(item).as_ref() == Some(&v)),
            None => false,
        },
        Cond::Function(function, args) => {
            let arg = |i: usize| args.get(i).and_then(|a| a.eval(item));
            match function {
                Function::AttributeExists => arg(0).is_some(),
                Function::AttributeNotExists => arg(0).is_none(),
                Function::AttributeType => match (arg(0), arg(1)) {
                    (Some(v), Some(AttributeValue::S(t))) => v.type_name() == t,
                    _ => false,
                },
                Function::BeginsWith => match (arg(0), arg(1)) {
                    (Some(AttributeValue::S(s)), Some(AttributeValue::S(p))) => s.as_bytes().starts_with(p.as_bytes()),
                    (Some(AttributeValue::B(b)), Some(AttributeValue::B(p))) => b.starts_with(&p),
                    _ => false,
                },
                Function::Contains => match (arg(0), arg(1)) {
                    (Some(haystack), Some(needle)) => contains(&haystack, &needle),
                    _ => false,
                },
            }
        }
        Cond::And(terms) => terms.iter().all(|t| eval(t, item)),
        Cond::Or(terms) => terms.iter().any(|t| eval(t, item)),
        Cond::Not(inner) => !eval(inner, item),
    }
}

/// The order of two values of one scalar type (S by bytes, N numerically, B
/// by unsigned bytes); `None` for different or unordered types.
pub(crate) fn order(a: &AttributeValue, b: &AttributeValue) -> Option<Ordering> {
    match (a, b) {
        (AttributeValue::S(x), AttributeValue::S(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (AttributeValue::N(x), AttributeValue::N(y)) => Some(x.cmp(y)),
        (AttributeValue::B(x), AttributeValue::B(y)) => Some(x.cmp(y)),
        _ => None,
    }
}

fn compare(op: Comparator, a: Option<&AttributeValue>, b: Option<&AttributeValue>) -> bool {
    match op {
        Comparator::Eq => a.is_some() && a == b,
        Comparator::Ne => !(a.is_some() && a == b),
        _ => {
            let Some(ordering) = a.zip(b).and_then(|(a, b)| order(a, b)) else {
                return false;
            };
            match op {
                Comparator::Lt => ordering == Ordering::Less,
                Comparator::Le => ordering != Ordering::Greater,
                Comparator::Gt => ordering == Ordering::Greater,
                _ => ordering != Ordering::Less,
            }
        }
    }
}

fn contains(haystack: &AttributeValue, needle: &AttributeValue) -> bool {
    match (haystack, needle) {
        (AttributeValue::S(s), AttributeValue::S(sub)) => s.contains(sub.as_str()),
        (AttributeValue::B(b), AttributeValue::B(sub)) => {
            sub.is_empty() || b.windows(sub.len()).any(|w| w == sub.as_slice())
        }
        (AttributeValue::Ss(set), AttributeValue::S(x)) => set.contains(x),
        (AttributeValue::Ns(set), AttributeValue::N(x)) => set.contains(x),
        (AttributeValue::Bs(set), AttributeValue::B(x)) => set.contains(x),
        (AttributeValue::L(list), x) => list.contains(x),
        _ => false,
    }
}

// ---- the resolution pass ---------------------------------------------------

/// The order errors are reported in.
const ORDER: [Slot; 5] = [Slot::Parens, Slot::UnknownFunction, Slot::MisusedFunction, Slot::Reserved, Slot::Condition];
/// What makes a condition faulty, in order.
const CONDITION_PARTS: [Slot; 4] = [Slot::AttrNameVal, Slot::Operand, Slot::Distinct, Slot::Function];

/// Phase 2 of a condition: resolves and checks the raw tree.
pub(crate) fn check(src: &Source, node: &Node, placeholders: &Placeholders, usage: &mut Usage) -> Result<Cond> {
    let mut checker = Checker { src, r: Resolver { placeholders, usage, findings: Findings::default() } };
    let term = checker.term(node, true);
    checker.misused_size(&term);
    let cond = to_cond(term);
    checker.r.findings.into_error(src, &ORDER)?;
    Ok(cond)
}

/// A checked piece of the tree, before it is known whether it serves as a
/// condition or an operand.
enum Term {
    Path(DocumentPath),
    /// A `:value`; `None` when undefined (an error is already recorded).
    Value(Option<Literal>, Range<usize>),
    Call(Call),
    Cond(Cond),
}

struct Call {
    name: String,
    span: Range<usize>,
    args: Vec<Term>,
    /// The type the function yields, as dynalite's `attrType`.
    returns: Option<&'static str>,
}

/// The type of a term, when known before evaluation (dynalite `getType`).
fn term_type(term: &Term) -> Option<&'static str> {
    match term {
        Term::Value(Some(literal), _) => Some(literal.value.type_name()),
        Term::Call(call) => call.returns,
        _ => None,
    }
}

/// A stand-in for pieces that failed a check (never evaluated: the parse
/// fails).
fn placeholder_operand() -> Operand {
    Operand::Value(Literal { placeholder: String::new(), value: AttributeValue::Null })
}

fn to_operand(term: Term) -> Operand {
    match term {
        Term::Path(path) => Operand::Path(path),
        Term::Value(Some(literal), _) => Operand::Value(literal),
        Term::Call(call) if call.name == "size" && call.args.len() == 1 => {
            let inner = call.args.into_iter().next().map_or_else(placeholder_operand, to_operand);
            Operand::Size(Box::new(inner))
        }
        _ => placeholder_operand(),
    }
}

fn to_cond(term: Term) -> Cond {
    match term {
        Term::Cond(cond) => cond,
        Term::Call(call) => {
            let function = match call.name.as_str() {
                "attribute_exists" => Function::AttributeExists,
                "attribute_not_exists" => Function::AttributeNotExists,
                "attribute_type" => Function::AttributeType,
                "begins_with" => Function::BeginsWith,
                "contains" => Function::Contains,
                _ => return Cond::And(Vec::new()),
            };
            Cond::Function(function, call.args.into_iter().map(to_operand).collect())
        }
        _ => Cond::And(Vec::new()),
    }
}

fn term_span(term: &Term, fallback: &Range<usize>) -> Range<usize> {
    match term {
        Term::Path(p) => p.span.clone(),
        Term::Value(_, s) => s.clone(),
        _ => fallback.clone(),
    }
}

/// `AttributeValue: {N:1}`, as BETWEEN messages print a bound.
pub(crate) fn short_value(value: &AttributeValue) -> String {
    let inner = match value {
        AttributeValue::S(s) => s.clone(),
        AttributeValue::N(n) => n.to_string(),
        AttributeValue::B(b) => STANDARD.encode(b),
        AttributeValue::Bool(b) => b.to_string(),
        AttributeValue::Null => "true".to_string(),
        other => other.to_wire().as_object().and_then(|o| o.values().next()).map(|v| v.to_string()).unwrap_or_default(),
    };
    format!("AttributeValue: {{{}:{inner}}}", value.type_name())
}

const VALID_TYPES: [&str; 10] = ["S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M"];

struct Checker<'s, 'a, 'p, 'u> {
    src: &'s Source<'a>,
    r: Resolver<'p, 'u>,
}

impl Checker<'_, '_, '_, '_> {
    fn findings(&mut self) -> &mut Findings {
        &mut self.r.findings
    }

    /// After each condition: note its first problem in [`Slot::Condition`].
    fn condition_done(&mut self) {
        self.findings().promote(Slot::Condition, &CONDITION_PARTS);
    }

    fn term(&mut self, node: &Node, in_condition: bool) -> Term {
        let src = self.src;
        match node {
            Node::Path(raw) => Term::Path(self.r.path(src, &raw.elements, raw.span.clone(), Slot::AttrNameVal)),
            Node::GroupedPath { span, .. } => {
                let mut elements = Vec::new();
                self.grouped_elements(node, &mut elements);
                Term::Path(self.r.path(src, &elements, span.clone(), Slot::AttrNameVal))
            }
            Node::Value(span) => Term::Value(self.r.value(src, span, Slot::AttrNameVal), span.clone()),
            Node::Paren(inner, span) => {
                if matches!(**inner, Node::Paren(..)) {
                    self.findings().set(Slot::Parens, "The expression has redundant parentheses;", span.clone());
                }
                self.term(inner, in_condition)
            }
            Node::Call { name, args, span } => {
                let args: Vec<Term> = args.iter().map(|a| self.term(a, false)).collect();
                self.misused(&args);
                let name = src.slice(name).to_string();
                let returns = self.function(&name, &args, span);
                let term = Term::Call(Call { name, span: span.clone(), args, returns });
                if in_condition {
                    self.condition_done();
                }
                term
            }
            Node::Compare { op, left, right, span } => {
                let left = self.term(left, false);
                let right = self.term(right, false);
                self.misused_pair(&left, &right);
                self.distinct(op.symbol(), &left, &right, span);
                if op.is_ordering() {
                    self.scalar_operands(op.symbol(), [&left, &right]);
                }
                self.condition_done();
                Term::Cond(Cond::Compare(*op, to_operand(left), to_operand(right)))
            }
            Node::Between { value, low, high, span } => {
                let value = self.term(value, false);
                let low = self.term(low, false);
                let high = self.term(high, false);
                for t in [&value, &low, &high] {
                    self.misused(std::slice::from_ref(t));
                }
                self.scalar_operands("BETWEEN", [&value, &low, &high]);
                self.between_bounds(&low, &high, span);
                self.condition_done();
                Term::Cond(Cond::Between(to_operand(value), to_operand(low), to_operand(high)))
            }
            Node::In { value, list, .. } => {
                let value = self.term(value, false);
                let list: Vec<Term> = list.iter().map(|t| self.term(t, false)).collect();
                self.misused(std::slice::from_ref(&value));
                self.misused(&list);
                self.condition_done();
                Term::Cond(Cond::In(to_operand(value), list.into_iter().map(to_operand).collect()))
            }
            Node::And(terms) | Node::Or(terms) => {
                let conds = terms
                    .iter()
                    .map(|t| {
                        let term = self.term(t, true);
                        self.misused_size(&term);
                        to_cond(term)
                    })
                    .collect();
                Term::Cond(if matches!(node, Node::And(_)) { Cond::And(conds) } else { Cond::Or(conds) })
            }
            Node::Not(inner, _) => {
                let term = self.term(inner, true);
                self.misused_size(&term);
                Term::Cond(Cond::Not(Box::new(to_cond(term))))
            }
        }
    }

    /// The raw elements of `(a.b).c`, noting `((…))` on the way.
    fn grouped_elements(&mut self, node: &Node, out: &mut Vec<RawElement>) {
        match node {
            Node::Paren(inner, span) => {
                if matches!(**inner, Node::Paren(..)) {
                    self.findings().set(Slot::Parens, "The expression has redundant parentheses;", span.clone());
                }
                self.grouped_elements(inner, out);
            }
            Node::Path(raw) => out.extend(raw.elements.iter().cloned()),
            Node::GroupedPath { inner, tail, .. } => {
                self.grouped_elements(inner, out);
                out.extend(tail.iter().cloned());
            }
            _ => {}
        }
    }

    /// Functions other than `size` cannot be operands.
    fn misused(&mut self, terms: &[Term]) {
        if self.findings().has(Slot::MisusedFunction) {
            return;
        }
        if let Some((name, at)) = terms.iter().find_map(|t| match t {
            Term::Call(call) if call.name != "size" => Some((call.name.clone(), call.span.clone())),
            _ => None,
        }) {
            self.findings().set(
                Slot::MisusedFunction,
                format!("The function is not allowed to be used this way in an expression; function: {name}"),
                at,
            );
        }
    }

    fn misused_pair(&mut self, a: &Term, b: &Term) {
        for t in [a, b] {
            self.misused(std::slice::from_ref(t));
        }
    }

    /// `size(x)` cannot stand alone as a condition.
    fn misused_size(&mut self, term: &Term) {
        if let Term::Call(call) = term {
            if call.name == "size" {
                self.findings().set(
                    Slot::MisusedFunction,
                    "The function is not allowed to be used this way in an expression; function: size",
                    call.span.clone(),
                );
            }
        }
    }

    /// Two operands that are the same path.
    fn distinct(&mut self, name: &str, a: &Term, b: &Term, span: &Range<usize>) {
        if let (Term::Path(x), Term::Path(y)) = (a, b) {
            if x == y {
                self.findings().set(
                    Slot::Distinct,
                    format!(
                        "The first operand must be distinct from the remaining operands for this operator or function; operator: {name}, first operand: {}",
                        x.bracketed()
                    ),
                    span.clone(),
                );
            }
        }
    }

    /// `:value`s of ordering operators must be S, N or B.
    fn scalar_operands<const N: usize>(&mut self, name: &str, terms: [&Term; N]) {
        if self.findings().has(Slot::Function) {
            return;
        }
        for term in terms {
            if let Term::Value(Some(literal), value_span) = term {
                let t = literal.value.type_name();
                if !matches!(t, "S" | "N" | "B") {
                    self.findings().set(
                        Slot::Function,
                        format!("Incorrect operand type for operator or function; operator or function: {name}, operand type: {t}"),
                        value_span.clone(),
                    );
                    return;
                }
            }
        }
    }

    fn between_bounds(&mut self, low: &Term, high: &Term, span: &Range<usize>) {
        if self.findings().has(Slot::Function) {
            return;
        }
        let (Term::Value(Some(lo), _), Term::Value(Some(hi), _)) = (low, high) else {
            return;
        };
        let (lo, hi) = (&lo.value, &hi.value);
        let bounds = format!("lower bound operand: {}, upper bound operand: {}", short_value(lo), short_value(hi));
        if lo.type_name() != hi.type_name() {
            self.findings().set(
                Slot::Function,
                format!("The BETWEEN operator requires same data type for lower and upper bounds; {bounds}"),
                span.clone(),
            );
        } else if order(lo, hi) == Some(Ordering::Greater) {
            self.findings().set(
                Slot::Function,
                format!(
                    "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; {bounds}"
                ),
                span.clone(),
            );
        }
    }

    /// dynalite's `checkFunction`: name, operand count, distinct operands,
    /// operand types. Returns the type the function yields.
    fn function(&mut self, name: &str, args: &[Term], span: &Range<usize>) -> Option<&'static str> {
        if self.findings().has(Slot::UnknownFunction) {
            return None;
        }
        let expected = match name {
            "attribute_exists" | "attribute_not_exists" | "size" => 1,
            "attribute_type" | "begins_with" | "contains" => 2,
            "if_not_exists" | "list_append" => {
                self.findings().set(
                    Slot::UnknownFunction,
                    format!("The function is not allowed in a condition expression; function: {name}"),
                    span.clone(),
                );
                return None;
            }
            _ => {
                self.findings().set(
                    Slot::UnknownFunction,
                    format!("Invalid function name; function: {name}"),
                    span.clone(),
                );
                return None;
            }
        };
        if self.findings().has(Slot::Operand) {
            return None;
        }
        if args.len() != expected {
            self.findings().set(
                Slot::Operand,
                format!(
                    "Incorrect number of operands for operator or function; operator or function: {name}, number of operands: {}",
                    args.len()
                ),
                span.clone(),
            );
            return None;
        }
        if let [a, b] = args {
            self.distinct(name, a, b, span);
        }
        if self.findings().has(Slot::Function) {
            return None;
        }
        let type_error = |t: &str| {
            format!("Incorrect operand type for operator or function; operator or function: {name}, operand type: {t}")
        };
        match name {
            "attribute_exists" | "attribute_not_exists" => {
                if !matches!(args.first(), Some(Term::Path(_))) {
                    self.findings().set(
                        Slot::Function,
                        format!("Operator or function requires a document path; operator or function: {name}"),
                        span.clone(),
                    );
                }
                None
            }
            "begins_with" => {
                for arg in args {
                    if let Some(t) = term_type(arg).filter(|t| !matches!(*t, "S" | "B")) {
                        self.findings().set(Slot::Function, type_error(t), term_span(arg, span));
                        return None;
                    }
                }
                Some("BOOL")
            }
            "attribute_type" => {
                let arg = args.get(1);
                let literal = match arg {
                    Some(Term::Value(Some(literal), _)) if matches!(literal.value, AttributeValue::S(_)) => literal,
                    _ => {
                        let t = arg.and_then(term_type).unwrap_or("{NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
                        let at = arg.map_or_else(|| span.clone(), |a| term_span(a, span));
                        self.findings().set(Slot::Function, type_error(t), at);
                        return None;
                    }
                };
                if let AttributeValue::S(type_name) = &literal.value {
                    if !VALID_TYPES.contains(&type_name.as_str()) {
                        let at = arg.map_or_else(|| span.clone(), |a| term_span(a, span));
                        self.findings().set(
                            Slot::Function,
                            format!(
                                "Invalid attribute type name found; type: {type_name}, valid types: {{B,NULL,SS,BOOL,L,BS,N,NS,S,M}}"
                            ),
                            at,
                        );
                        return None;
                    }
                }
                Some("BOOL")
            }
            "size" => {
                if let Some(t) = args.first().and_then(term_type).filter(|t| matches!(*t, "N" | "BOOL" | "NULL")) {
                    let at = args.first().map_or_else(|| span.clone(), |a| term_span(a, span));
                    self.findings().set(Slot::Function, type_error(t), at);
                    return None;
                }
                Some("N")
            }
            _ => Some("BOOL"),
        }
    }
}
