//! ProjectionExpression and `AttributesToGet` (semantics D.4).
//!
//! A projection is a list of document paths. Checks, in order of
//! precedence: reserved words, undefined `#name`s, then overlapping paths
//! (`a, a.b`, or `a` twice) and conflicting ones (`a.b, a[0]`), compared
//! pairwise after all paths are read (dynalite's projection grammar).
//!
//! [`Projection::apply`] keeps only the projected paths and keeps their
//! structure: `a.b[2].c` on an item yields `{a: {b: [{c: …}]}}`. List
//! positions are compacted in index order (`a[1], a[3]` of a five-element
//! list gives a two-element list), as DynamoDB returns them. Paths that
//! resolve to nothing are left out; an item with none of them projects to
//! an empty map (GetItem then returns `Item: {}`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::ast::{DocumentPath, PathElement};
use super::parser::{self, Source};
use super::placeholders::{Placeholders, Usage};
use super::resolve::{check_path, Findings, Resolver, Slot};
use crate::engine::error::Result;
use crate::engine::ordered::Ordered;
use crate::engine::value::{AttributeValue, Item};

const MEMBER: &str = "ProjectionExpression";

/// Projected paths, in the order written.
#[derive(Clone, Debug, PartialEq)]
pub struct Projection {
    paths: Vec<DocumentPath>,
}

impl Projection {
    /// Parses and checks a ProjectionExpression.
    pub fn parse(text: &str, placeholders: &Placeholders, usage: &mut Usage) -> Result<Projection> {
        parser::precheck(text, MEMBER)?;
        let src = Source::new(text, MEMBER);
        let raw = parser::parse_projection_syntax(&src)?;
        let mut resolver = Resolver { placeholders, usage, findings: Findings::default() };
        let paths: Vec<DocumentPath> =
            raw.iter().map(|p| resolver.path(&src, &p.elements, p.span.clone(), Slot::AttrNameVal)).collect();
        let mut seen = Vec::new();
        for path in &paths {
            check_path(&mut resolver.findings, &mut seen, path);
        }
        resolver
            .findings
            .into_error(&src, &[Slot::Reserved, Slot::AttrNameVal, Slot::PathOverlap, Slot::PathConflict])?;
        Ok(Projection { paths })
    }

    /// The legacy `AttributesToGet`: top-level names, taken literally.
    pub fn from_attribute_names(names: &[String]) -> Projection {
        Projection { paths: names.iter().map(|n| DocumentPath::attribute(n)).collect() }
    }

    /// A projection of already resolved paths.
    pub(crate) fn from_paths(paths: Vec<DocumentPath>) -> Projection {
        Projection { paths }
    }

    /// The paths.
    pub fn paths(&self) -> &[DocumentPath] {
        &self.paths
    }

    /// The top-level attributes the projection reads.
    pub fn top_level_names(&self) -> BTreeSet<String> {
        self.paths.iter().filter_map(|p| p.top_name()).map(str::to_string).ordered_set()
    }

    /// The item reduced to the projected paths.
    pub fn apply(&self, item: &Item) -> Item {
        let mut root: BTreeMap<String, Shape> = BTreeMap::new();
        for path in &self.paths {
            let Some(value) = path.resolve(item) else {
                continue;
            };
            let Some((PathElement::Attribute(first), rest)) = path.elements.split_first() else {
                continue;
            };
            if rest.is_empty() {
                root.insert(first.clone(), Shape::Leaf(value.clone()));
                continue;
            }
            let kind = Shape::container_for(rest.first());
            let child = root.entry(first.clone()).or_insert(kind);
            child.insert(rest, value);
        }
        root.into_iter().map(|(name, shape)| (name, shape.into_value())).ordered_map()
    }
}

impl fmt::Display for Projection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, path) in self.paths.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            path.fmt(f)?;
        }
        Ok(())
    }
}

/// The projected part of a value, built path by path.
enum Shape {
    Leaf(AttributeValue),
    Map(BTreeMap<String, Shape>),
    List(BTreeMap<u64, Shape>),
}

impl Shape {
    /// An empty container suited to the next path step.
    fn container_for(next: Option<&PathElement>) -> Shape {
        match next {
            Some(PathElement::Index(_)) => Shape::List(BTreeMap::new()),
            _ => Shape::Map(BTreeMap::new()),
        }
    }

    /// Adds `value` at `rest` below this container.
    fn insert(&mut self, rest: &[PathElement], value: &AttributeValue) {
        let Some((step, deeper)) = rest.split_first() else {
            return;
        };
        let slot = match (self, step) {
            (Shape::Map(map), PathElement::Attribute(name)) => map.entry(name.clone()),
            (Shape::List(list), PathElement::Index(i)) => {
                return Self::insert_in(list.entry(*i), deeper, value);
            }
            // A whole value already projected, or shapes that disagree
            // (refused for parsed projections): keep what is there.
            _ => return,
        };
        Self::insert_in(slot, deeper, value);
    }

    fn insert_in<K: Ord>(
        slot: std::collections::btree_map::Entry<'_, K, Shape>,
        deeper: &[PathElement],
        value: &AttributeValue,
    ) {
        if deeper.is_empty() {
            match slot {
                std::collections::btree_map::Entry::Vacant(v) => {
                    v.insert(Shape::Leaf(value.clone()));
                }
                std::collections::btree_map::Entry::Occupied(mut o) => {
                    o.insert(Shape::Leaf(value.clone()));
                }
            }
            return;
        }
        let child = slot.or_insert_with(|| Shape::container_for(deeper.first()));
        child.insert(deeper, value);
    }

    fn into_value(self) -> AttributeValue {
        match self {
            Shape::Leaf(value) => value,
            Shape::Map(map) => AttributeValue::M(map.into_iter().map(|(k, v)| (k, v.into_value())).ordered_map()),
            Shape::List(list) => AttributeValue::L(list.into_values().map(Shape::into_value).collect()),
        }
    }
}
