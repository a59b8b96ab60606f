//! The syntax trees the parser produces, after placeholders are resolved.
//!
//! * [`DocumentPath`]: `a.b[2].c` as a list of [`PathElement`]s, with every
//!   `#name` already replaced by the attribute name it stands for.
//! * [`Operand`]: what a comparison or function reads: a path, a `:value`
//!   (kept with its placeholder name for display) or `size(operand)`.
//! * [`Cond`]: a condition (ConditionExpression, FilterExpression, and the
//!   legacy `Expected`/`QueryFilter`/`ScanFilter` translated to the same
//!   tree). `AND`/`OR` chains are stored flat (`And(vec![a, b, c])`), so a
//!   300-term chain is one node, not 300 nested ones.
//! * [`UpdateAction`] and [`SetValue`]: one `SET`/`REMOVE`/`ADD`/`DELETE`
//!   action of an UpdateExpression.
//!
//! Every tree prints back as an expression ([`fmt::Display`]), with paths
//! resolved, `AND`/`OR` groups in parentheses and values by placeholder; the
//! golden tests show that form.

use std::fmt;
use std::ops::Range;

use crate::engine::value::{AttributeValue, Item};

/// One step of a document path.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PathElement {
    /// A map key (or, first in a path, a top-level attribute name).
    Attribute(String),
    /// A list index.
    Index(u64),
}

/// A document path such as `a.b[2].c`, names resolved. The span is where the
/// path is written in the expression (empty for paths built from legacy
/// parameters).
#[derive(Clone, Debug)]
pub struct DocumentPath {
    pub elements: Vec<PathElement>,
    pub span: Range<usize>,
}

impl PartialEq for DocumentPath {
    /// Paths are equal when they name the same place; the span is ignored.
    fn eq(&self, other: &Self) -> bool {
        self.elements == other.elements
    }
}

impl DocumentPath {
    /// A top-level attribute.
    pub fn attribute(name: &str) -> Self {
        DocumentPath { elements: vec![PathElement::Attribute(name.to_string())], span: 0..0 }
    }

    /// The top-level attribute the path starts with.
    pub fn top_name(&self) -> Option<&str> {
        match self.elements.first() {
            Some(PathElement::Attribute(name)) => Some(name),
            _ => None,
        }
    }

    /// Whether the path goes below its top-level attribute.
    pub fn is_nested(&self) -> bool {
        self.elements.len() > 1
    }

    /// The value at this path in `item`, if there is one: map steps need a
    /// map, index steps a list with that many elements.
    pub fn resolve<'a>(&self, item: &'a Item) -> Option<&'a AttributeValue> {
        let mut elements = self.elements.iter();
        let mut current = match elements.next()? {
            PathElement::Attribute(name) => item.get(name)?,
            PathElement::Index(_) => return None,
        };
        for element in elements {
            current = step(current, element)?;
        }
        Some(current)
    }

    /// The path as DynamoDB prints it in messages: `[a, b, [2]]`.
    pub fn bracketed(&self) -> String {
        let parts: Vec<String> = self
            .elements
            .iter()
            .map(|e| match e {
                PathElement::Attribute(name) => name.clone(),
                PathElement::Index(i) => format!("[{i}]"),
            })
            .collect();
        format!("[{}]", parts.join(", "))
    }
}

/// One step down from `value`.
pub fn step<'a>(value: &'a AttributeValue, element: &PathElement) -> Option<&'a AttributeValue> {
    match (value, element) {
        (AttributeValue::M(map), PathElement::Attribute(name)) => map.get(name),
        (AttributeValue::L(list), PathElement::Index(i)) => usize::try_from(*i).ok().and_then(|i| list.get(i)),
        _ => None,
    }
}

/// Whether a name can be written in an expression as is: an identifier that
/// is not a reserved word. Others print in backquotes in our pretty form.
fn is_plain_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    matches!(bytes.next(), Some(b) if b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !super::reserved::is_reserved(name)
}

impl fmt::Display for DocumentPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, element) in self.elements.iter().enumerate() {
            match element {
                PathElement::Attribute(name) => {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    if is_plain_name(name) {
                        f.write_str(name)?;
                    } else {
                        write!(f, "`{name}`")?;
                    }
                }
                PathElement::Index(index) => write!(f, "[{index}]")?,
            }
        }
        Ok(())
    }
}

/// A `:value` with the placeholder it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    pub placeholder: String,
    pub value: AttributeValue,
}

/// Something a condition reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    Path(DocumentPath),
    Value(Literal),
    /// `size(operand)`: a number, or nothing for types without a size.
    Size(Box<Operand>),
}

impl Operand {
    /// The operand's value on `item`.
    pub fn eval(&self, item: &Item) -> Option<AttributeValue> {
        match self {
            Operand::Path(path) => path.resolve(item).cloned(),
            Operand::Value(literal) => Some(literal.value.clone()),
            Operand::Size(inner) => size_of(&inner.eval(item)?).map(AttributeValue::N),
        }
    }
}

/// `size()`: a String's length in UTF-16 code units (`size("é𝄞")` is 3,
/// measured on DynamoDB: ExtendDB/extenddb#60), a Binary's bytes, the
/// element count of sets, lists and maps. Other types have no size.
pub fn size_of(value: &AttributeValue) -> Option<crate::engine::value::Number> {
    let n = match value {
        AttributeValue::S(s) => s.encode_utf16().count(),
        AttributeValue::B(b) => b.len(),
        AttributeValue::Ss(v) => v.len(),
        AttributeValue::Ns(v) => v.len(),
        AttributeValue::Bs(v) => v.len(),
        AttributeValue::L(v) => v.len(),
        AttributeValue::M(v) => v.len(),
        AttributeValue::N(_) | AttributeValue::Bool(_) | AttributeValue::Null => return None,
    };
    crate::engine::value::Number::parse(&n.to_string()).ok()
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Path(path) => path.fmt(f),
            Operand::Value(literal) => f.write_str(&literal.placeholder),
            Operand::Size(inner) => write!(f, "size({inner})"),
        }
    }
}

/// The six comparators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparator {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Comparator {
    pub fn symbol(self) -> &'static str {
        match self {
            Comparator::Eq => "=",
            Comparator::Ne => "<>",
            Comparator::Lt => "<",
            Comparator::Le => "<=",
            Comparator::Gt => ">",
            Comparator::Ge => ">=",
        }
    }

    /// The comparator with its operands swapped: `:v < a` is `a > :v`.
    pub fn flipped(self) -> Comparator {
        match self {
            Comparator::Lt => Comparator::Gt,
            Comparator::Le => Comparator::Ge,
            Comparator::Gt => Comparator::Lt,
            Comparator::Ge => Comparator::Le,
            other => other,
        }
    }

    /// Whether it orders values (only defined on S, N and B).
    pub fn is_ordering(self) -> bool {
        !matches!(self, Comparator::Eq | Comparator::Ne)
    }
}

/// The condition functions that yield true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    AttributeExists,
    AttributeNotExists,
    AttributeType,
    BeginsWith,
    Contains,
}

impl Function {
    pub fn name(self) -> &'static str {
        match self {
            Function::AttributeExists => "attribute_exists",
            Function::AttributeNotExists => "attribute_not_exists",
            Function::AttributeType => "attribute_type",
            Function::BeginsWith => "begins_with",
            Function::Contains => "contains",
        }
    }
}

/// A condition.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    Compare(Comparator, Operand, Operand),
    /// `value BETWEEN low AND high`.
    Between(Operand, Operand, Operand),
    /// `value IN (list…)`.
    In(Operand, Vec<Operand>),
    /// A function that yields a boolean, with its arguments.
    Function(Function, Vec<Operand>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
    Not(Box<Cond>),
}

impl fmt::Display for Cond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cond::Compare(op, left, right) => write!(f, "{left} {} {right}", op.symbol()),
            Cond::Between(value, low, high) => write!(f, "{value} BETWEEN {low} AND {high}"),
            Cond::In(value, list) => {
                write!(f, "{value} IN (")?;
                write_list(f, list)?;
                f.write_str(")")
            }
            Cond::Function(function, args) => {
                write!(f, "{}(", function.name())?;
                write_list(f, args)?;
                f.write_str(")")
            }
            Cond::And(terms) | Cond::Or(terms) => {
                let joiner = if matches!(self, Cond::And(_)) { " AND " } else { " OR " };
                f.write_str("(")?;
                for (i, term) in terms.iter().enumerate() {
                    if i > 0 {
                        f.write_str(joiner)?;
                    }
                    term.fmt(f)?;
                }
                f.write_str(")")
            }
            Cond::Not(inner) => write!(f, "NOT {inner}"),
        }
    }
}

fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        item.fmt(f)?;
    }
    Ok(())
}

/// An operand of a SET value.
#[derive(Clone, Debug, PartialEq)]
pub enum SetOperand {
    Path(DocumentPath),
    Value(Literal),
    /// `if_not_exists(path, operand)`.
    IfNotExists(DocumentPath, Box<SetOperand>),
    /// `list_append(operand, operand)`.
    ListAppend(Box<SetOperand>, Box<SetOperand>),
}

impl fmt::Display for SetOperand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetOperand::Path(path) => path.fmt(f),
            SetOperand::Value(literal) => f.write_str(&literal.placeholder),
            SetOperand::IfNotExists(path, value) => write!(f, "if_not_exists({path}, {value})"),
            SetOperand::ListAppend(a, b) => write!(f, "list_append({a}, {b})"),
        }
    }
}

/// The right-hand side of a SET action.
#[derive(Clone, Debug, PartialEq)]
pub enum SetValue {
    Operand(SetOperand),
    Plus(SetOperand, SetOperand),
    Minus(SetOperand, SetOperand),
}

impl fmt::Display for SetValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetValue::Operand(operand) => operand.fmt(f),
            SetValue::Plus(a, b) => write!(f, "{a} + {b}"),
            SetValue::Minus(a, b) => write!(f, "{a} - {b}"),
        }
    }
}

/// What an update action does at its path.
#[derive(Clone, Debug, PartialEq)]
pub enum ActionKind {
    Set(SetValue),
    Remove,
    /// ADD: a number to add, or a set to union.
    Add(Literal),
    /// DELETE: a set to subtract.
    Delete(Literal),
}

impl ActionKind {
    /// The section keyword.
    pub fn section(&self) -> &'static str {
        match self {
            ActionKind::Set(_) => "SET",
            ActionKind::Remove => "REMOVE",
            ActionKind::Add(_) => "ADD",
            ActionKind::Delete(_) => "DELETE",
        }
    }
}

/// One action of an UpdateExpression; the span covers the action's text.
#[derive(Clone, Debug, PartialEq)]
pub struct UpdateAction {
    pub path: DocumentPath,
    pub kind: ActionKind,
    pub span: Range<usize>,
}

impl fmt::Display for UpdateAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ActionKind::Set(value) => write!(f, "{} = {value}", self.path),
            ActionKind::Remove => self.path.fmt(f),
            ActionKind::Add(literal) | ActionKind::Delete(literal) => {
                write!(f, "{} {}", self.path, literal.placeholder)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::value::wire::item_from_wire;
    use serde_json::json;

    fn path(elements: &[PathElement]) -> DocumentPath {
        DocumentPath { elements: elements.to_vec(), span: 0..0 }
    }

    fn a(name: &str) -> PathElement {
        PathElement::Attribute(name.to_string())
    }

    #[test]
    fn resolves_paths() {
        let item = item_from_wire(&json!({
            "a": {"M": {"b": {"L": [{"N": "1"}, {"M": {"c": {"S": "x"}}}]}}},
            "s": {"S": "top"},
        }))
        .unwrap_or_default();
        let cases = [
            (path(&[a("s")]), Some(json!({"S": "top"}))),
            (path(&[a("a"), a("b"), PathElement::Index(0)]), Some(json!({"N": "1"}))),
            (path(&[a("a"), a("b"), PathElement::Index(1), a("c")]), Some(json!({"S": "x"}))),
            (path(&[a("a"), a("b"), PathElement::Index(2)]), None),
            (path(&[a("a"), PathElement::Index(0)]), None),
            (path(&[a("s"), a("x")]), None),
            (path(&[a("missing")]), None),
            (path(&[a("a"), a("b"), PathElement::Index(u64::MAX)]), None),
        ];
        for (p, expected) in cases {
            assert_eq!(p.resolve(&item).map(AttributeValue::to_wire), expected, "{p}");
        }
    }

    #[test]
    fn prints_paths() {
        let p = path(&[a("a"), a("my.attr"), PathElement::Index(3), a("Status"), a("ok_1")]);
        assert_eq!(p.to_string(), "a.`my.attr`[3].`Status`.ok_1");
        assert_eq!(p.bracketed(), "[a, my.attr, [3], Status, ok_1]");
    }
}
