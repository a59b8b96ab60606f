//! The class view's list: many hand-in links (`scenario::handin`), one row
//! each, scored by the exercise check (`engine::exercise::check`).
//!
//! ```text
//!   pasted text ── rows_of ──► one Row per non-blank line
//!                                Damaged(reason)   the link does not read: kept, with the reason
//!                                Waiting           read; the page checks it in a later slice
//!   Waiting ── checked ──► Checked(Score) | NotChecked(reason)
//!   rows ── shown(filter, sort) ──► the indexes to draw, in order
//! ```
//!
//! Nothing is dropped: a damaged or foreign link is a row that says why,
//! so a lecturer sees that a student's hand-in did not arrive. The
//! columns are the access patterns and goals of every exercise in the
//! list, in first-seen order; a row leaves blank what its exercise lacks.

use std::cmp::Ordering;

use crate::engine::exercise::CheckReport;
use crate::engine::ordered;
use crate::scenario::handin::{self, HandIn};

/// One mark of a row: a pattern correct or a goal met.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// The pattern's name, or the goal (`ServedWithoutScan`, …).
    pub column: String,
    pub met: bool,
}

/// A checked hand-in's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// The exercise's title, in the page's language.
    pub exercise: String,
    /// Patterns first, then goals, in the exercise's order.
    pub marks: Vec<Mark>,
    pub met: usize,
    pub of: usize,
}

impl Score {
    /// The marks of a check.
    pub fn of(exercise: &str, report: &CheckReport) -> Self {
        let patterns = report.patterns.iter().map(|p| Mark { column: p.name.clone(), met: p.correct });
        let goals = report.goals.iter().map(|g| Mark { column: g.goal.clone(), met: g.met });
        Score { exercise: exercise.to_string(), marks: patterns.chain(goals).collect(), met: report.met, of: report.of }
    }

    /// The mark in `column`, if the exercise has that column.
    pub fn mark(&self, column: &str) -> Option<bool> {
        self.marks.iter().find(|m| m.column == column).map(|m| m.met)
    }

    fn fraction(&self) -> f64 {
        if self.of == 0 {
            0.0
        } else {
            self.met as f64 / self.of as f64
        }
    }
}

/// Where a row is.
#[derive(Clone, Debug, PartialEq)]
pub enum RowState {
    /// The link does not read: why.
    Damaged(String),
    /// Read, not checked yet.
    Waiting,
    Checked(Score),
    /// Read, but the check refused it (a solution that does not fit its
    /// exercise, an exercise that could not be loaded): why.
    NotChecked(String),
}

/// One pasted link.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The line it was on, from 1.
    pub line: usize,
    pub hand_in: Option<HandIn>,
    pub state: RowState,
}

impl Row {
    /// The student's name; empty for a damaged link or a blank name.
    pub fn name(&self) -> &str {
        self.hand_in.as_ref().map_or("", |h| h.name.as_str())
    }
}

/// One row per non-blank line of `text`, each link read.
pub fn rows_of(text: &str) -> Vec<Row> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| match handin::decode(line) {
            Ok(hand_in) => Row { line: i + 1, hand_in: Some(hand_in), state: RowState::Waiting },
            Err(e) => Row { line: i + 1, hand_in: None, state: RowState::Damaged(e.message().to_string()) },
        })
        .collect()
}

/// The columns of the checked rows: every pattern and goal, first seen first.
pub fn columns(rows: &[Row]) -> Vec<String> {
    let mut columns: Vec<String> = Vec::new();
    for row in rows {
        if let RowState::Checked(score) = &row.state {
            for mark in &score.marks {
                if !columns.contains(&mark.column) {
                    columns.push(mark.column.clone());
                }
            }
        }
    }
    columns
}

/// What the list is sorted by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortBy {
    /// As pasted.
    #[default]
    Line,
    Name,
    Score,
}

/// How many rows there are and how many of them are damaged links.
pub fn counts(rows: &[Row]) -> (usize, usize) {
    (rows.len(), rows.iter().filter(|r| matches!(r.state, RowState::Damaged(_))).count())
}

/// The indexes of the rows whose name contains `filter` (the case of ASCII
/// letters ignored: names in other scripts match as typed),
/// sorted by `by` (`descending` reverses it). Rows without a score sort
/// after those with one whichever the direction, and ties keep the pasted
/// order.
pub fn shown(rows: &[Row], filter: &str, by: SortBy, descending: bool) -> Vec<usize> {
    let filter = filter.trim().to_ascii_lowercase();
    let mut shown: Vec<(usize, &Row)> = rows
        .iter()
        .enumerate()
        .filter(|(_, row)| filter.is_empty() || row.name().to_ascii_lowercase().contains(&filter))
        .collect();
    let flip = |o: Ordering| if descending { o.reverse() } else { o };
    ordered::sort_by(&mut shown, |(_, a), (_, b)| {
        let order = match by {
            SortBy::Line => flip(a.line.cmp(&b.line)),
            SortBy::Name => flip(a.name().to_ascii_lowercase().cmp(&b.name().to_ascii_lowercase())),
            SortBy::Score => match (&a.state, &b.state) {
                (RowState::Checked(x), RowState::Checked(y)) => {
                    flip(x.fraction().total_cmp(&y.fraction()).then(x.met.cmp(&y.met)))
                }
                (RowState::Checked(_), _) => Ordering::Less,
                (_, RowState::Checked(_)) => Ordering::Greater,
                _ => Ordering::Equal,
            },
        };
        order.then(a.line.cmp(&b.line))
    });
    shown.into_iter().map(|(i, _)| i).collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::engine::exercise::check;
    use crate::scenario::exercises;
    use crate::scenario::handin::ExerciseRef;
    use serde_json::{json, Value};

    #[derive(Clone, Copy)]
    enum Answer {
        Model,
        /// The model answer with every GetItem and Query a Scan.
        Scanning,
        Empty,
    }

    fn link(id: &str, name: &str, answer: Answer) -> String {
        let document: Value = serde_json::from_str(exercises::document(id).expect("built in")).expect("json");
        let mut solution = document["ModelAnswer"].clone();
        match answer {
            Answer::Model => {}
            Answer::Scanning => {
                for request in solution["Requests"].as_object_mut().expect("requests").values_mut() {
                    if request["Operation"] == "GetItem" || request["Operation"] == "Query" {
                        let table = request["Request"]["TableName"].clone();
                        *request = json!({"Operation": "Scan", "Request": {"TableName": table}});
                    }
                }
            }
            Answer::Empty => solution = json!({}),
        }
        let hand_in = HandIn { name: name.into(), exercise: ExerciseRef::BuiltIn(id.into()), solution };
        format!("https://example.org/#{}", handin::encode(&hand_in))
    }

    fn checked(rows: &mut [Row]) {
        for row in rows.iter_mut() {
            let Some(hand_in) = &row.hand_in else { continue };
            let read = hand_in.read(|id| exercises::document(id).map(str::to_string));
            row.state = match read.and_then(|(e, s)| check(&e, &s).map(|r| (e, r))) {
                Ok((exercise, report)) => RowState::Checked(Score::of(&exercise.title, &report)),
                Err(e) => RowState::NotChecked(e.message().to_string()),
            };
        }
    }

    #[test]
    fn every_line_is_a_row_and_damage_is_kept_with_its_reason() {
        let good = link("forum", "Ada", Answer::Model);
        let text = format!("\n{good}\n  \n{}\nhttps://example.org/#v1=abc\n", &good[..good.len() - 40]);
        let rows = rows_of(&text);
        assert_eq!(rows.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 4, 5]);
        assert_eq!(rows[0].state, RowState::Waiting);
        assert_eq!(rows[0].name(), "Ada");
        assert!(matches!(&rows[1].state, RowState::Damaged(why) if why.starts_with("Invalid hand-in link")));
        assert!(matches!(&rows[2].state, RowState::Damaged(why) if why.contains("share link")));
        assert_eq!(counts(&rows), (3, 2));
    }

    #[test]
    fn checked_rows_are_scored_sorted_and_filtered() {
        let text = [
            link("forum", "Ada", Answer::Model),
            link("forum", "bob", Answer::Scanning),
            link("game-scores", "Cy", Answer::Model),
            link("forum", "Dee", Answer::Empty),
        ]
        .join("\n");
        let mut rows = rows_of(&format!("{text}\nnot a link"));
        checked(&mut rows);
        let RowState::Checked(ada) = &rows[0].state else { panic!("{:?}", rows[0].state) };
        assert_eq!(ada.met, ada.of, "the model answer scores full");
        assert!(ada.marks.iter().all(|m| m.met));
        let RowState::Checked(bob) = &rows[1].state else { panic!("{:?}", rows[1].state) };
        assert!(bob.met < bob.of);
        assert_eq!(bob.mark("ServedWithoutScan"), Some(false));
        // An empty design does not fit the exercise: not checked, with the reason.
        assert!(matches!(&rows[3].state, RowState::NotChecked(why) if why.contains("has no request")), "{:?}", rows[3]);
        // Columns: the forum's patterns and goals, then the game's.
        let columns = columns(&rows);
        assert_eq!(columns.first(), ada.marks.first().map(|m| &m.column));
        assert!(columns.contains(&"ServedWithoutScan".to_string()));
        let RowState::Checked(cy) = &rows[2].state else { panic!() };
        assert_eq!(ada.mark(&cy.marks[0].column), None, "the forum has no pattern of the game");
        // The damaged line has no name and sorts first by name.
        assert_eq!(shown(&rows, "", SortBy::Name, false), [4, 0, 1, 2, 3]);
        assert_eq!(shown(&rows, "", SortBy::Name, true), [3, 2, 1, 0, 4]);
        // Unscored rows last whichever the direction.
        assert_eq!(shown(&rows, "", SortBy::Score, true), [0, 2, 1, 3, 4]);
        assert_eq!(shown(&rows, "", SortBy::Score, false), [1, 0, 2, 3, 4]);
        assert_eq!(shown(&rows, "B", SortBy::Line, false), [1]);
        assert_eq!(shown(&rows, "", SortBy::Line, true), [4, 3, 2, 1, 0]);
    }
}
