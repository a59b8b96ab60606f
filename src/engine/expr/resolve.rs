//! The resolution pass: a raw tree from the syntax pass (`parser`) is
//! walked in text order; `#name` and `:value` placeholders are resolved
//! ([`Resolver`]), and each problem is recorded in a *slot* ([`Findings`]).
//! The first problem per slot is kept, and the reported error is the first
//! filled slot in the grammar's precedence list (semantics D.5; dynalite's
//! `checkErrors` works the same way). Paths written by an update are checked
//! against each other here too ([`check_path`]: overlapping and conflicting
//! paths).

use std::ops::Range;

use super::ast::{DocumentPath, Literal, PathElement};
use super::parser::{RawElement, Source};
use super::placeholders::{Placeholders, Usage};
use super::reserved::is_reserved;
use crate::engine::error::Result;

/// The kinds of problems the resolution pass records; each grammar reports the first
/// filled slot in its own order (semantics D.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Parens,
    UnknownFunction,
    MisusedFunction,
    Reserved,
    /// The first condition (comparison, BETWEEN, IN, function) with a problem
    /// in one of the four slots below, in their order.
    Condition,
    Section,
    AttrName,
    AttrVal,
    /// Undefined names and values share one slot in conditions and projections.
    AttrNameVal,
    PathOverlap,
    PathConflict,
    Operand,
    Distinct,
    Function,
}

/// The problems found so far: the first per slot.
#[derive(Default)]
pub struct Findings {
    found: Vec<(Slot, String, Range<usize>)>,
}

impl Findings {
    pub fn has(&self, slot: Slot) -> bool {
        self.found.iter().any(|(s, _, _)| *s == slot)
    }

    /// Records a problem unless its slot is already filled.
    pub fn set(&mut self, slot: Slot, message: impl Into<String>, span: Range<usize>) {
        if !self.has(slot) {
            self.found.push((slot, message.into(), span));
        }
    }

    fn get(&self, slot: Slot) -> Option<&(Slot, String, Range<usize>)> {
        self.found.iter().find(|(s, _, _)| *s == slot)
    }

    /// Copies the first of `from` (in that order) into `to`, if `to` is empty.
    pub fn promote(&mut self, to: Slot, from: &[Slot]) {
        if self.has(to) {
            return;
        }
        if let Some((_, message, span)) = from.iter().find_map(|s| self.get(*s)).cloned() {
            self.found.push((to, message, span));
        }
    }

    /// The error to report: the first filled slot of `order`.
    pub fn into_error(self, src: &Source, order: &[Slot]) -> Result<()> {
        match order.iter().find_map(|s| self.get(*s)) {
            Some((_, message, span)) => Err(src.error(message, span.clone())),
            None => Ok(()),
        }
    }
}

/// Resolves raw paths and values against the placeholders, recording
/// reserved words and undefined placeholders.
pub struct Resolver<'p, 'u> {
    pub placeholders: &'p Placeholders,
    pub usage: &'u mut Usage,
    pub findings: Findings,
}

impl Resolver<'_, '_> {
    /// The resolved path. Reserved words go to [`Slot::Reserved`], undefined
    /// names to `undefined`.
    pub fn path(&mut self, src: &Source, elements: &[RawElement], span: Range<usize>, undefined: Slot) -> DocumentPath {
        let mut resolved = Vec::with_capacity(elements.len());
        for element in elements {
            resolved.push(match element {
                RawElement::Ident(s) => {
                    let name = src.slice(s);
                    if is_reserved(name) {
                        self.findings.set(
                            Slot::Reserved,
                            format!("Attribute name is a reserved keyword; reserved keyword: {name}"),
                            s.clone(),
                        );
                    }
                    PathElement::Attribute(name.to_string())
                }
                RawElement::Name(s) => {
                    let key = src.slice(s);
                    match self.placeholders.name(key) {
                        Some(name) => {
                            self.usage.use_name(key);
                            PathElement::Attribute(name.to_string())
                        }
                        None => {
                            self.findings.set(
                                undefined,
                                format!(
                                    "An expression attribute name used in the document path is not defined; attribute name: {key}"
                                ),
                                s.clone(),
                            );
                            PathElement::Attribute(key.to_string())
                        }
                    }
                }
                RawElement::Index(i, _) => PathElement::Index(*i),
            });
        }
        DocumentPath { elements: resolved, span }
    }

    /// The value a `:value` token stands for; undefined ones go to `undefined`.
    pub fn value(&mut self, src: &Source, span: &Range<usize>, undefined: Slot) -> Option<Literal> {
        let key = src.slice(span);
        match self.placeholders.value(key) {
            Some(value) => {
                self.usage.use_value(key);
                Some(Literal { placeholder: key.to_string(), value: value.clone() })
            }
            None => {
                self.findings.set(
                    undefined,
                    format!("An expression attribute value used in expression is not defined; attribute value: {key}"),
                    span.clone(),
                );
                None
            }
        }
    }
}

/// How two update or projection paths relate: the first position where they
/// differ decides; differing kinds (name vs index) there is a conflict, a
/// path that is a prefix of the other an overlap.
pub enum PathRelation {
    Independent,
    Overlap,
    Conflict,
}

pub fn relate(one: &DocumentPath, two: &DocumentPath) -> PathRelation {
    for (a, b) in one.elements.iter().zip(two.elements.iter()) {
        match (a, b) {
            (PathElement::Attribute(x), PathElement::Attribute(y)) if x != y => return PathRelation::Independent,
            (PathElement::Index(x), PathElement::Index(y)) if x != y => return PathRelation::Independent,
            (PathElement::Attribute(_), PathElement::Index(_)) | (PathElement::Index(_), PathElement::Attribute(_)) => {
                return PathRelation::Conflict
            }
            _ => {}
        }
    }
    PathRelation::Overlap
}

/// dynalite's `checkPath`: compares `path` with the paths seen so far (the
/// first overlap ends the search; conflicts are noted and the search goes
/// on), then remembers it unless it overlapped.
pub fn check_path(findings: &mut Findings, seen: &mut Vec<DocumentPath>, path: &DocumentPath) {
    if findings.has(Slot::PathOverlap) {
        return;
    }
    for earlier in seen.iter() {
        let message = |word: &str| {
            format!(
                "Two document paths {word} with each other; must remove or rewrite one of these paths; path one: {}, path two: {}",
                earlier.bracketed(),
                path.bracketed()
            )
        };
        match relate(earlier, path) {
            PathRelation::Independent => {}
            PathRelation::Conflict => findings.set(Slot::PathConflict, message("conflict"), path.span.clone()),
            PathRelation::Overlap => {
                findings.set(Slot::PathOverlap, message("overlap"), path.span.clone());
                return;
            }
        }
    }
    seen.push(path.clone());
}
