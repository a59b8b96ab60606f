//! A footprint's marks on a grid of items or index entries: which rows a
//! read returned, filtered out or only counted, the line where its page
//! stopped, and the legend over the grid (see [`crate::ui::query::footprint`] for what
//! a footprint is and where it comes from).
//!
//! The items grid and the index grid draw these marks; neither needs to
//! know where the footprint came from, so they depend on this module only.

use std::collections::HashMap;
use std::rc::Rc;

use yew::prelude::*;

use crate::engine::footprint::{Footprint, Kept, Stop, StopReason};
use crate::engine::schema::PrimaryKey;
use crate::ui::language::{Lang, Msg};

/// A mark's word, the value of `data-footprint` (see the module notes).
pub fn word(kept: Kept) -> &'static str {
    match kept {
        Kept::Returned => "returned",
        Kept::FilteredOut => "filtered",
        Kept::Counted => "read",
    }
}

/// A mark's glyph.
fn glyph(kept: Kept) -> &'static str {
    match kept {
        Kept::Returned => "✓",
        Kept::FilteredOut => "✗",
        Kept::Counted => "•",
    }
}

fn label(kept: Kept) -> Msg {
    match kept {
        Kept::Returned => Msg::FpReturned,
        Kept::FilteredOut => Msg::FpFiltered,
        Kept::Counted => Msg::FpCounted,
    }
}

/// What one grid (a table's items or one index's entries) draws of a
/// footprint.
#[derive(Debug, PartialEq)]
pub struct GridFootprint {
    /// The operation, for the legend.
    pub operation: String,
    pub marks: HashMap<PrimaryKey, Kept>,
    /// Where pages stopped, and whether each read went forward.
    pub stops: Vec<(Stop, bool)>,
    /// (returned, counted, filtered out).
    pub tally: (usize, usize, usize),
    /// The first item read: where a windowed grid scrolls to.
    pub first: Option<PrimaryKey>,
}

impl GridFootprint {
    /// What `footprint` read of `table` (or its `index`); `None` when it
    /// read neither.
    pub fn of(footprint: &Footprint, operation: &str, table: &str, index: Option<&str>) -> Option<Rc<Self>> {
        footprint.reads.iter().any(|r| r.table == table && r.index.as_deref() == index).then(|| {
            Rc::new(Self {
                operation: operation.to_string(),
                marks: footprint.marks(table, index),
                stops: footprint.stops(table, index).into_iter().map(|(s, f)| (s.clone(), f)).collect(),
                tally: footprint.tally(table, index),
                first: footprint
                    .reads
                    .iter()
                    .filter(|r| r.table == table && r.index.as_deref() == index)
                    .find_map(|r| r.items.first().map(|(key, _)| key.clone())),
            })
        })
    }

    /// The mark of the row of `key`, if it was read.
    pub fn kept(&self, key: &PrimaryKey) -> Option<Kept> {
        self.marks.get(key).copied()
    }
}

/// A run of a collection's rows, or the line where a page stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece {
    /// Rows `start..end` of the collection's rows drawn.
    Rows(usize, usize),
    Stop(StopReason, bool),
}

/// Cuts a collection's `len` drawn rows (`keys`: their table keys, when
/// marked) where a page stopped.
pub fn pieces(len: usize, keys: &[Option<PrimaryKey>], footprint: Option<&GridFootprint>) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut start = 0;
    if let Some(footprint) = footprint.filter(|f| !f.stops.is_empty()) {
        for (i, key) in keys.iter().enumerate() {
            let Some(key) = key else { continue };
            for (stop, forward) in footprint.stops.iter().filter(|(s, _)| s.at == *key) {
                let cut = if *forward { i + 1 } else { i };
                if cut > start {
                    out.push(Piece::Rows(start, cut));
                    start = cut;
                }
                out.push(Piece::Stop(stop.reason, *forward));
            }
        }
    }
    if start < len || out.is_empty() {
        out.push(Piece::Rows(start, len));
    }
    out
}

/// The mark cell that starts a marked grid's row: the glyph, and the word
/// for screen readers.
pub fn mark_cell(kept: Option<Kept>, lang: Lang) -> Html {
    match kept {
        Some(kept) => html! {
            <td class="fp-mark">
                <span aria-hidden="true">{ glyph(kept) }</span>
                <span class="visually-hidden">{ lang.t(label(kept)) }</span>
            </td>
        },
        None => html! { <td class="fp-mark"></td> },
    }
}

/// The mark column's header.
pub fn mark_head(lang: Lang) -> Html {
    html! { <th class="fp-mark" scope="col"><span class="visually-hidden">{ lang.t(Msg::FpColumn) }</span></th> }
}

/// The full-width line where a page stopped.
pub fn stop_line(reason: StopReason, forward: bool, columns: usize, lang: Lang) -> Html {
    let (limit, kind) = match reason {
        StopReason::Limit(n) => (Some(n), "limit"),
        StopReason::PageSize => (None, "page"),
    };
    html! {
        <tbody class="fp-stop-body">
            <tr class="fp-stop" data-stop={kind}>
                <td colspan={columns.to_string()}><span class="fp-stop-text">{ lang.tr().fp_stop(limit, forward) }</span></td>
            </tr>
        </tbody>
    }
}

/// The legend over a marked grid: what each mark means, with its count.
pub fn legend(footprint: &GridFootprint, target: &str, lang: Lang) -> Html {
    let (returned, counted, filtered) = footprint.tally;
    let chip = |kept: Kept, n: usize| {
        html! {
            <span class={classes!("fp-chip", format!("fp-{}", word(kept)))}>
                <span class="fp-glyph" aria-hidden="true">{ glyph(kept) }</span>
                { format!("{} {}", lang.t(label(kept)), lang.figure(&n.to_string())) }
            </span>
        }
    };
    html! {
        <p class="fp-legend" role="note">
            <span class="fp-lead">{ lang.tr().fp_legend(&footprint.operation, target) }</span>
            { chip(Kept::Returned, returned) }
            if filtered > 0 || counted == 0 { { chip(Kept::FilteredOut, filtered) } }
            if counted > 0 { { chip(Kept::Counted, counted) } }
            <span class="fp-unmarked">{ lang.t(Msg::FpUnmarked) }</span>
        </p>
    }
}
