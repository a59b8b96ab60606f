//! UpdateExpression: checks and application (semantics D.3).
//!
//! **Checks.** After the syntax pass the actions are walked in text order
//! (path, then value, then the overlap check, as dynalite's grammar actions
//! fire); problems are reported in this order of precedence:
//!
//! ```text
//! reserved word > unknown function > section used twice > undefined #name
//!   > undefined :value > overlapping paths > conflicting paths
//!   > ADD/DELETE operand type > function problems
//! ```
//!
//! Function problems are operand counts, `if_not_exists` without a path
//! first, non-list `:value`s in `list_append`, non-number `:value`s in `+`
//! and `-`, and `list_append` nested in `list_append` (refused by DynamoDB,
//! Alternator's tests, test_update_expression.py). Two paths *overlap* when one is a prefix
//! of the other (`a` and `a.b`, or the same path twice) and *conflict* when
//! they first differ in kind (`a.b` and `a[1]`).
//!
//! **Application** ([`UpdateExpression::apply`]) follows DynamoDB's
//! read-then-write model in three steps:
//!
//! 1. Every SET value is computed from the *old* item (`SET a = b, b = a`
//!    swaps): a missing path is "The provided expression refers to an
//!    attribute that does not exist in the item", a non-number in `+`/`-` or
//!    a non-list in `list_append` is "An operand in the update expression
//!    has an incorrect data type", and `+`/`-` can overflow.
//! 2. Every action is checked against the old item: its parent must exist
//!    and be a map (for `.name`) or a list (for `[n]`), otherwise "The
//!    document path provided in the update expression is invalid for
//!    update" (a missing *top-level* attribute is fine: REMOVE of it is a
//!    no-op, ADD creates it). ADD adds numbers (a missing one counts as 0) or
//!    unions sets; DELETE subtracts sets; an existing value of another type
//!    is "An operand in the update expression has an incorrect data type".
//! 3. The effects are written into a copy of the item, grouped by path, so
//!    that every list index refers to the list *before* the update (Alternator's tests:
//!    `REMOVE a[1] SET a[3] = :v` on `[2,3,4,5,6,7]` gives `[2,4,:v,6,7]`).
//!    Indexes past the end append, in index order; removed elements close
//!    up; a DELETE that empties a set removes the attribute.
//!
//! The legacy `AttributeUpdates` parameter is translated to the same
//! actions ([`super::legacy`]), with its own differences: ADD also appends
//! lists, and type clashes are "Type mismatch for attribute to update".

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::Range;

use super::ast::{ActionKind, DocumentPath, Literal, PathElement, SetOperand, SetValue, UpdateAction};
use super::parser::{self, RawAction, RawOperand, RawSection, RawSetValue, Source};
use super::placeholders::{Placeholders, Usage};
use super::projection::Projection;
use super::resolve::{check_path, Findings, Resolver, Slot};
use crate::engine::error::{ApiError, Result};
use crate::engine::ordered::Ordered;
use crate::engine::value::wire::{MAX_NESTING_LEVELS, NESTING_MESSAGE};
use crate::engine::value::{AttributeValue, Item};

const MEMBER: &str = "UpdateExpression";

const INVALID_PATH: &str = "The document path provided in the update expression is invalid for update";
const MISSING: &str = "The provided expression refers to an attribute that does not exist in the item";
const INCORRECT_TYPE: &str = "An operand in the update expression has an incorrect data type";
const LEGACY_MISMATCH: &str = "Type mismatch for attribute to update";

/// A parsed UpdateExpression (or translated `AttributeUpdates`).
#[derive(Clone, Debug, PartialEq)]
pub struct UpdateExpression {
    actions: Vec<UpdateAction>,
    /// Built from `AttributeUpdates`: ADD appends lists, legacy messages.
    legacy: bool,
}

impl UpdateExpression {
    /// Parses and checks an UpdateExpression.
    pub fn parse(text: &str, placeholders: &Placeholders, usage: &mut Usage) -> Result<UpdateExpression> {
        parser::precheck(text, MEMBER)?;
        let src = Source::new(text, MEMBER);
        let sections = parser::parse_update_syntax(&src)?;
        let actions = check(&src, &sections, placeholders, usage)?;
        Ok(UpdateExpression { actions, legacy: false })
    }

    /// Actions translated from `AttributeUpdates`.
    pub(crate) fn from_legacy(actions: Vec<UpdateAction>) -> UpdateExpression {
        UpdateExpression { actions, legacy: true }
    }

    /// The actions, in the order written.
    pub fn actions(&self) -> &[UpdateAction] {
        &self.actions
    }

    /// Top-level attributes the expression writes (for "Cannot update
    /// attribute pk. This attribute is part of the key").
    pub fn top_level_names_written(&self) -> BTreeSet<String> {
        self.actions.iter().filter_map(|a| a.path.top_name()).map(str::to_string).ordered_set()
    }

    /// Top-level attributes the expression reaches into with `.` or `[]`,
    /// as target or operand (for "Key attributes must be scalars; list
    /// random access '[]' and map lookup '.' are not allowed: Key: pk").
    pub fn nested_top_level_names(&self) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        let mut note = |path: &DocumentPath| {
            if path.is_nested() {
                if let Some(name) = path.top_name() {
                    names.insert(name.to_string());
                }
            }
        };
        for action in &self.actions {
            note(&action.path);
            if let ActionKind::Set(value) = &action.kind {
                match value {
                    SetValue::Operand(a) => operand_paths(a, &mut note),
                    SetValue::Plus(a, b) | SetValue::Minus(a, b) => {
                        operand_paths(a, &mut note);
                        operand_paths(b, &mut note);
                    }
                }
            }
        }
        names
    }

    /// The type a top-level attribute is written with, when it can be known
    /// before the update runs (a `:value`, `+`/`-` → N, `list_append` → L).
    /// For checking index key types ("Type mismatch for Index Key …").
    pub fn written_type(&self, name: &str) -> Option<&'static str> {
        let action = self.actions.iter().find(|a| !a.path.is_nested() && a.path.top_name() == Some(name))?;
        match &action.kind {
            ActionKind::Set(SetValue::Operand(operand)) => static_type(operand),
            ActionKind::Set(_) => Some("N"),
            ActionKind::Add(literal) | ActionKind::Delete(literal) => Some(literal.value.type_name()),
            ActionKind::Remove => None,
        }
    }

    /// The paths the expression updates, for ReturnValues UPDATED_OLD and
    /// UPDATED_NEW.
    pub fn updated_paths(&self) -> Projection {
        Projection::from_paths(self.actions.iter().map(|a| a.path.clone()).collect())
    }

    /// Applies the update to a copy of `item` (an empty item when the item
    /// does not exist yet).
    pub fn apply(&self, item: &Item) -> Result<Item> {
        // 1. SET values, from the old item.
        let mut values = Vec::with_capacity(self.actions.len());
        for action in &self.actions {
            values.push(match &action.kind {
                ActionKind::Set(value) => Some(self.set_value(value, item, action)?),
                _ => None,
            });
        }
        // 2. Each action's effect, checked against the old item.
        let mut effects = Vec::with_capacity(self.actions.len());
        for (action, value) in self.actions.iter().zip(values) {
            let existing = match locate(item, &action.path) {
                Some(existing) => existing,
                None => return Err(self.error(INVALID_PATH, action)),
            };
            let effect = match (&action.kind, value) {
                (ActionKind::Set(_), Some(value)) => Effect::Put(value),
                (ActionKind::Set(_), None) | (ActionKind::Remove, _) => Effect::Remove,
                (ActionKind::Add(literal), _) => self.add(existing, &literal.value, action)?,
                (ActionKind::Delete(literal), _) => self.delete(existing, &literal.value, action)?,
            };
            effects.push((action.path.elements.as_slice(), effect));
        }
        // 3. Write them.
        let mut out = item.clone();
        apply_map(&mut out, effects);
        if out.values().any(|v| v.nesting_depth() > MAX_NESTING_LEVELS) {
            return Err(ApiError::validation(NESTING_MESSAGE));
        }
        Ok(out)
    }

    /// A runtime error about `action`.
    fn error(&self, message: &str, action: &UpdateAction) -> ApiError {
        if self.legacy {
            ApiError::validation(message)
        } else {
            ApiError::InvalidExpression { message: message.to_string(), member: MEMBER, span: action.span.clone() }
        }
    }

    fn set_value(&self, value: &SetValue, item: &Item, action: &UpdateAction) -> Result<AttributeValue> {
        let number = |operand: &SetOperand| -> Result<crate::engine::value::Number> {
            match self.operand(operand, item, action)? {
                AttributeValue::N(n) => Ok(n),
                _ => Err(self.error(INCORRECT_TYPE, action)),
            }
        };
        match value {
            SetValue::Operand(operand) => self.operand(operand, item, action),
            SetValue::Plus(a, b) => {
                let (a, b) = (number(a)?, number(b)?);
                Ok(AttributeValue::N(a.checked_add(&b)?))
            }
            SetValue::Minus(a, b) => {
                let (a, b) = (number(a)?, number(b)?);
                Ok(AttributeValue::N(a.checked_sub(&b)?))
            }
        }
    }

    fn operand(&self, operand: &SetOperand, item: &Item, action: &UpdateAction) -> Result<AttributeValue> {
        match operand {
            SetOperand::Path(path) => path.resolve(item).cloned().ok_or_else(|| self.error(MISSING, action)),
            SetOperand::Value(literal) => Ok(literal.value.clone()),
            SetOperand::IfNotExists(path, fallback) => match path.resolve(item) {
                Some(value) => Ok(value.clone()),
                None => self.operand(fallback, item, action),
            },
            SetOperand::ListAppend(a, b) => {
                let AttributeValue::L(mut first) = self.operand(a, item, action)? else {
                    return Err(self.error(INCORRECT_TYPE, action));
                };
                let AttributeValue::L(second) = self.operand(b, item, action)? else {
                    return Err(self.error(INCORRECT_TYPE, action));
                };
                first.extend(second);
                Ok(AttributeValue::L(first))
            }
        }
    }

    fn add(&self, existing: Option<&AttributeValue>, value: &AttributeValue, action: &UpdateAction) -> Result<Effect> {
        let mismatch = || self.error(if self.legacy { LEGACY_MISMATCH } else { INCORRECT_TYPE }, action);
        Ok(Effect::Put(match (existing, value) {
            (None, value) => value.clone(),
            (Some(AttributeValue::N(a)), AttributeValue::N(b)) => AttributeValue::N(a.checked_add(b)?),
            (Some(AttributeValue::Ss(a)), AttributeValue::Ss(b)) => AttributeValue::Ss(union(a, b)),
            (Some(AttributeValue::Ns(a)), AttributeValue::Ns(b)) => AttributeValue::Ns(union(a, b)),
            (Some(AttributeValue::Bs(a)), AttributeValue::Bs(b)) => AttributeValue::Bs(union(a, b)),
            (Some(AttributeValue::L(a)), AttributeValue::L(b)) if self.legacy => {
                AttributeValue::L(a.iter().chain(b).cloned().collect())
            }
            _ => return Err(mismatch()),
        }))
    }

    fn delete(
        &self,
        existing: Option<&AttributeValue>,
        value: &AttributeValue,
        action: &UpdateAction,
    ) -> Result<Effect> {
        let mismatch = || self.error(if self.legacy { LEGACY_MISMATCH } else { INCORRECT_TYPE }, action);
        let remaining = match (existing, value) {
            (None, _) => return Ok(Effect::Nothing),
            (Some(AttributeValue::Ss(a)), AttributeValue::Ss(b)) => difference(a, b).map(AttributeValue::Ss),
            (Some(AttributeValue::Ns(a)), AttributeValue::Ns(b)) => difference(a, b).map(AttributeValue::Ns),
            (Some(AttributeValue::Bs(a)), AttributeValue::Bs(b)) => difference(a, b).map(AttributeValue::Bs),
            _ => return Err(mismatch()),
        };
        Ok(remaining.map_or(Effect::Remove, Effect::Put))
    }
}

fn operand_paths(operand: &SetOperand, note: &mut impl FnMut(&DocumentPath)) {
    match operand {
        SetOperand::Path(path) => note(path),
        SetOperand::Value(_) => {}
        SetOperand::IfNotExists(path, fallback) => {
            note(path);
            operand_paths(fallback, note);
        }
        SetOperand::ListAppend(a, b) => {
            operand_paths(a, note);
            operand_paths(b, note);
        }
    }
}

fn static_type(operand: &SetOperand) -> Option<&'static str> {
    match operand {
        SetOperand::Value(literal) => Some(literal.value.type_name()),
        SetOperand::ListAppend(..) => Some("L"),
        SetOperand::IfNotExists(_, fallback) => static_type(fallback),
        SetOperand::Path(_) => None,
    }
}

/// Sorted union without duplicates (sets are kept sorted).
fn union<T: Ord + Clone>(a: &[T], b: &[T]) -> Vec<T> {
    a.iter().chain(b).cloned().ordered_set().into_iter().collect()
}

/// `a` without the members of `b`; `None` when nothing is left.
fn difference<T: Ord + Clone>(a: &[T], b: &[T]) -> Option<Vec<T>> {
    let remove: BTreeSet<&T> = b.iter().ordered_set();
    let left: Vec<T> = a.iter().filter(|x| !remove.contains(x)).cloned().collect();
    (!left.is_empty()).then_some(left)
}

/// Where an action writes: `Some(existing value)` when the path's parent
/// exists and has the right kind, `None` when the path is invalid.
fn locate<'a>(item: &'a Item, path: &DocumentPath) -> Option<Option<&'a AttributeValue>> {
    let (last, parents) = path.elements.split_last()?;
    let Some((first, middle)) = parents.split_first() else {
        // Top level: the item itself is the parent.
        return match last {
            PathElement::Attribute(name) => Some(item.get(name)),
            PathElement::Index(_) => None,
        };
    };
    let parent_path = DocumentPath { elements: std::iter::once(first).chain(middle).cloned().collect(), span: 0..0 };
    let parent = parent_path.resolve(item)?;
    match (parent, last) {
        (AttributeValue::M(map), PathElement::Attribute(name)) => Some(map.get(name)),
        (AttributeValue::L(list), PathElement::Index(i)) => Some(usize::try_from(*i).ok().and_then(|i| list.get(i))),
        _ => None,
    }
}

/// What an action does at its path.
enum Effect {
    Put(AttributeValue),
    Remove,
    Nothing,
}

type Effects<'p> = Vec<(&'p [PathElement], Effect)>;

fn apply_map(map: &mut BTreeMap<String, AttributeValue>, effects: Effects<'_>) {
    let mut groups: BTreeMap<String, Effects<'_>> = BTreeMap::new();
    for (path, effect) in effects {
        if let Some((PathElement::Attribute(name), rest)) = path.split_first() {
            groups.entry(name.clone()).or_default().push((rest, effect));
        }
    }
    for (name, mut group) in groups {
        if let Some(direct) = group.iter().position(|(rest, _)| rest.is_empty()) {
            // Overlapping paths are refused at parse time: a direct effect is alone.
            match group.swap_remove(direct).1 {
                Effect::Put(value) => {
                    map.insert(name, value);
                }
                Effect::Remove => {
                    map.remove(&name);
                }
                Effect::Nothing => {}
            }
        } else if let Some(child) = map.get_mut(&name) {
            apply_value(child, group);
        }
    }
}

fn apply_value(value: &mut AttributeValue, effects: Effects<'_>) {
    match value {
        AttributeValue::M(map) => apply_map(map, effects),
        AttributeValue::L(list) => apply_list(list, effects),
        _ => {}
    }
}

/// Applies effects to a list; every index means a position in the list as
/// it was before the update.
fn apply_list(list: &mut Vec<AttributeValue>, effects: Effects<'_>) {
    let mut groups: BTreeMap<u64, Effects<'_>> = BTreeMap::new();
    for (path, effect) in effects {
        if let Some((PathElement::Index(i), rest)) = path.split_first() {
            groups.entry(*i).or_default().push((rest, effect));
        }
    }
    let old = std::mem::take(list);
    for (i, element) in old.into_iter().enumerate() {
        let Some(mut group) = groups.remove(&(i as u64)) else {
            list.push(element);
            continue;
        };
        match group.iter().position(|(rest, _)| rest.is_empty()) {
            Some(direct) => match group.swap_remove(direct).1 {
                Effect::Put(value) => list.push(value),
                Effect::Remove => {}
                Effect::Nothing => list.push(element),
            },
            None => {
                let mut element = element;
                apply_value(&mut element, group);
                list.push(element);
            }
        }
    }
    // Past the end: SET and ADD append, in index order.
    for (_, mut group) in groups {
        if let Some(direct) = group.iter().position(|(rest, _)| rest.is_empty()) {
            if let Effect::Put(value) = group.swap_remove(direct).1 {
                list.push(value);
            }
        }
    }
}

impl fmt::Display for UpdateExpression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut section = "";
        for action in &self.actions {
            let this = action.kind.section();
            if this == section {
                f.write_str(", ")?;
            } else {
                if !section.is_empty() {
                    f.write_str(" ")?;
                }
                write!(f, "{this} ")?;
                section = this;
            }
            action.fmt(f)?;
        }
        Ok(())
    }
}

// ---- the resolution pass ---------------------------------------------------

const ORDER: [Slot; 9] = [
    Slot::Reserved,
    Slot::UnknownFunction,
    Slot::Section,
    Slot::AttrName,
    Slot::AttrVal,
    Slot::PathOverlap,
    Slot::PathConflict,
    Slot::Operand,
    Slot::Function,
];

fn check(
    src: &Source,
    sections: &[RawSection],
    placeholders: &Placeholders,
    usage: &mut Usage,
) -> Result<Vec<UpdateAction>> {
    let mut checker = Checker { src, r: Resolver { placeholders, usage, findings: Findings::default() } };
    let mut seen_paths = Vec::new();
    let mut seen_sections: Vec<&str> = Vec::new();
    let mut actions = Vec::new();
    for section in sections {
        for raw in &section.actions {
            let action = match raw {
                RawAction::Set(path, value, span) => {
                    let path = checker.r.path(src, &path.elements, path.span.clone(), Slot::AttrName);
                    let value = checker.set_value(value);
                    check_path(&mut checker.r.findings, &mut seen_paths, &path);
                    UpdateAction { path, kind: ActionKind::Set(value), span: span.clone() }
                }
                RawAction::Remove(path) => {
                    let path = checker.r.path(src, &path.elements, path.span.clone(), Slot::AttrName);
                    check_path(&mut checker.r.findings, &mut seen_paths, &path);
                    let span = path.span.clone();
                    UpdateAction { path, kind: ActionKind::Remove, span }
                }
                RawAction::AddDelete(path, value_span, span) => {
                    let path = checker.r.path(src, &path.elements, path.span.clone(), Slot::AttrName);
                    let literal = checker.r.value(src, value_span, Slot::AttrVal);
                    check_path(&mut checker.r.findings, &mut seen_paths, &path);
                    if let Some(literal) = &literal {
                        checker.operator(section.keyword, literal, value_span);
                    }
                    let literal = literal.unwrap_or_else(placeholder_literal);
                    let kind =
                        if section.keyword == "ADD" { ActionKind::Add(literal) } else { ActionKind::Delete(literal) };
                    UpdateAction { path, kind, span: span.clone() }
                }
            };
            actions.push(action);
        }
        if seen_sections.contains(&section.keyword) {
            checker.r.findings.set(
                Slot::Section,
                format!("The \"{}\" section can only be used once in an update expression;", section.keyword),
                section.span.clone(),
            );
        } else {
            seen_sections.push(section.keyword);
        }
    }
    checker.r.findings.into_error(src, &ORDER)?;
    Ok(actions)
}

fn placeholder_literal() -> Literal {
    Literal { placeholder: String::new(), value: AttributeValue::Null }
}

/// What the resolution pass knows about an operand.
struct Info {
    is_path: bool,
    /// The literal's type, if the operand is a `:value`.
    immediate: Option<&'static str>,
    /// The type a function yields.
    returns: Option<&'static str>,
    function: Option<String>,
    span: Range<usize>,
}

impl Info {
    fn kind(&self) -> Option<&'static str> {
        self.immediate.or(self.returns)
    }
}

struct Checker<'s, 'a, 'p, 'u> {
    src: &'s Source<'a>,
    r: Resolver<'p, 'u>,
}

impl Checker<'_, '_, '_, '_> {
    fn findings(&mut self) -> &mut Findings {
        &mut self.r.findings
    }

    fn set_value(&mut self, raw: &RawSetValue) -> SetValue {
        match raw {
            RawSetValue::One(operand) => SetValue::Operand(self.operand(operand).0),
            RawSetValue::Arith(plus, a, b, span) => {
                let (a, a_info) = self.operand(a);
                let (b, b_info) = self.operand(b);
                self.function(if *plus { "+" } else { "-" }, &[a_info, b_info], span);
                if *plus {
                    SetValue::Plus(a, b)
                } else {
                    SetValue::Minus(a, b)
                }
            }
        }
    }

    fn operand(&mut self, raw: &RawOperand) -> (SetOperand, Info) {
        let src = self.src;
        let info = |span: Range<usize>| Info { is_path: false, immediate: None, returns: None, function: None, span };
        match raw {
            RawOperand::Path(path) => {
                let resolved = self.r.path(src, &path.elements, path.span.clone(), Slot::AttrName);
                (SetOperand::Path(resolved), Info { is_path: true, ..info(path.span.clone()) })
            }
            RawOperand::Value(span) => match self.r.value(src, span, Slot::AttrVal) {
                Some(literal) => {
                    let immediate = Some(literal.value.type_name());
                    (SetOperand::Value(literal), Info { immediate, ..info(span.clone()) })
                }
                None => (SetOperand::Value(placeholder_literal()), info(span.clone())),
            },
            RawOperand::Call { name, args, span } => {
                let (operands, infos): (Vec<SetOperand>, Vec<Info>) = args.iter().map(|a| self.operand(a)).unzip();
                let name = src.slice(name);
                let returns = self.function(name, &infos, span);
                let mut operands = operands.into_iter();
                let built = match (name, operands.next(), operands.next(), operands.next()) {
                    ("if_not_exists", Some(SetOperand::Path(path)), Some(fallback), None) => {
                        SetOperand::IfNotExists(path, Box::new(fallback))
                    }
                    ("list_append", Some(a), Some(b), None) => SetOperand::ListAppend(Box::new(a), Box::new(b)),
                    _ => SetOperand::Value(placeholder_literal()),
                };
                (built, Info { returns, function: Some(name.to_string()), ..info(span.clone()) })
            }
        }
    }

    /// dynalite's update `checkFunction`, for functions and `+`/`-`.
    fn function(&mut self, name: &str, args: &[Info], span: &Range<usize>) -> Option<&'static str> {
        if self.findings().has(Slot::UnknownFunction) {
            return None;
        }
        if !matches!(name, "if_not_exists" | "list_append" | "+" | "-") {
            let message = if parser::CONDITION_FUNCTIONS.contains(&name) {
                format!("The function is not allowed in an update expression; function: {name}")
            } else {
                format!("Invalid function name; function: {name}")
            };
            self.findings().set(Slot::UnknownFunction, message, span.clone());
            return None;
        }
        if self.findings().has(Slot::Function) {
            return None;
        }
        if args.len() != 2 {
            self.findings().set(
                Slot::Function,
                format!(
                    "Incorrect number of operands for operator or function; operator or function: {name}, number of operands: {}",
                    args.len()
                ),
                span.clone(),
            );
            return None;
        }
        let type_error = |t: &str| {
            format!("Incorrect operand type for operator or function; operator or function: {name}, operand type: {t}")
        };
        match name {
            "if_not_exists" => {
                if !args.first().is_some_and(|a| a.is_path) {
                    self.findings().set(
                        Slot::Function,
                        "Operator or function requires a document path; operator or function: if_not_exists",
                        span.clone(),
                    );
                    return None;
                }
                args.get(1).and_then(Info::kind)
            }
            "list_append" => {
                if args.iter().any(|a| a.function.as_deref() == Some("list_append")) {
                    self.findings().set(
                        Slot::Function,
                        "The function is not allowed to be used this way in an expression; function: list_append",
                        span.clone(),
                    );
                    return None;
                }
                for arg in args {
                    if let Some(t) = arg.immediate.filter(|t| *t != "L") {
                        self.findings().set(Slot::Function, type_error(t), arg.span.clone());
                        return None;
                    }
                }
                Some("L")
            }
            _ => {
                for arg in args {
                    if let Some(t) = arg.immediate.filter(|t| *t != "N") {
                        self.findings().set(Slot::Function, type_error(t), arg.span.clone());
                        return None;
                    }
                }
                Some("N")
            }
        }
    }

    /// ADD takes a number or a set, DELETE a set.
    fn operator(&mut self, keyword: &str, literal: &Literal, span: &Range<usize>) {
        if self.findings().has(Slot::Operand) {
            return;
        }
        let name = match &literal.value {
            AttributeValue::S(_) => "STRING",
            AttributeValue::N(_) if keyword == "ADD" => return,
            AttributeValue::N(_) => "NUMBER",
            AttributeValue::B(_) => "BINARY",
            AttributeValue::Null => "NULL",
            AttributeValue::Bool(_) => "BOOLEAN",
            AttributeValue::L(_) => "LIST",
            AttributeValue::M(_) => "MAP",
            AttributeValue::Ss(_) | AttributeValue::Ns(_) | AttributeValue::Bs(_) => return,
        };
        self.findings().set(
            Slot::Operand,
            format!("Incorrect operand type for operator or function; operator: {keyword}, operand type: {name}"),
            span.clone(),
        );
    }
}
