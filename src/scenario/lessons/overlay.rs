//! A lesson's texts in another language: an overlay on its English document.
//!
//! The English document says everything a lesson *does* (tables, requests,
//! steps' actions); an overlay in `data/de/` or `data/ja/`, under the same
//! file name, says only what it *shows*, aligned by position:
//!
//! ```json
//! { "title": "…", "summary": "…",
//!   "steps": [ {"title": "…", "text": "…"} ],
//!   "checklists": [ {"title": "…", "patterns": [ {"name": "…", "why": "…", "cite": "…"} ]} ] }
//! ```
//!
//! [`Lesson::with_texts`] puts the overlay's texts where the page shows
//! them. English stays the fallback, member by member: a text the overlay
//! lacks (or leaves empty) shows in English. An overlay whose steps,
//! checklists or patterns do not line up with the English (a step added to
//! the English document and not yet to the translation) would put texts
//! beside the wrong steps, so it is not used at all; neither is one that
//! does not read. The page then shows the lesson in English, and
//! `tests/lessons.rs` ([`Overlay::misalignments`], stricter) fails first.
//!
//! The access patterns a checklist becomes keep their English names
//! ([`Pattern::name`](super::Pattern::name), [`Checklist::title`](super::Checklist::title)):
//! they are the scenario's data, the same in a share link whatever language
//! it is opened in. The overlay changes only what the checklist and the
//! design review display ([`Pattern::label`](super::Pattern::label),
//! [`Checklist::label`](super::Checklist::label), [`Lesson::pattern_labels`]).

use serde_json::Value;

use super::lesson::Lesson;
use crate::engine::api::members::{optional, string, structure, structures, Shape};
use crate::engine::error::Result as ReadResult;

/// One lesson's texts in one language. Unknown members are refused, so a
/// misspelt member fails its test instead of silently showing English.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    /// The lesson's title (also in the catalog's table, for the menu).
    pub title: Option<String>,
    pub summary: Option<String>,
    pub steps: Vec<StepTexts>,
    pub checklists: Vec<ChecklistTexts>,
}

/// A step's texts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepTexts {
    pub title: Option<String>,
    pub text: Option<String>,
}

/// A checklist's texts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChecklistTexts {
    pub title: Option<String>,
    pub patterns: Vec<PatternTexts>,
}

/// An access pattern's texts: the name the checklist shows, why the design
/// cannot serve it, where the seed gives its rate.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PatternTexts {
    pub name: Option<String>,
    pub why: Option<String>,
    pub cite: Option<String>,
}

// The overlay's structures, read with the request readers of
// `engine::api::members`: texts are strings or null, lists may be left out,
// and a member not listed here is an error.

impl Shape for Overlay {
    const NAME: &'static str = "Overlay";
    const MEMBERS: &'static [&'static str] = &["title", "summary", "steps", "checklists"];
    const LISTED: usize = 2;

    const STRICT: bool = true;

    fn member(&mut self, position: usize, value: &Value) -> ReadResult<()> {
        // Positions in MEMBERS.
        match position {
            0 => self.title = optional(value, string)?,
            1 => self.summary = optional(value, string)?,
            2 => self.steps = structures(value)?,
            3 => self.checklists = structures(value)?,
            _ => {}
        }
        Ok(())
    }
}

impl Shape for StepTexts {
    const NAME: &'static str = "StepTexts";
    const MEMBERS: &'static [&'static str] = &["title", "text"];

    const STRICT: bool = true;

    fn member(&mut self, position: usize, value: &Value) -> ReadResult<()> {
        // Positions in MEMBERS.
        match position {
            0 => self.title = optional(value, string)?,
            1 => self.text = optional(value, string)?,
            _ => {}
        }
        Ok(())
    }
}

impl Shape for ChecklistTexts {
    const NAME: &'static str = "ChecklistTexts";
    const MEMBERS: &'static [&'static str] = &["title", "patterns"];
    const LISTED: usize = 1;

    const STRICT: bool = true;

    fn member(&mut self, position: usize, value: &Value) -> ReadResult<()> {
        // Positions in MEMBERS.
        match position {
            0 => self.title = optional(value, string)?,
            1 => self.patterns = structures(value)?,
            _ => {}
        }
        Ok(())
    }
}

impl Shape for PatternTexts {
    const NAME: &'static str = "PatternTexts";
    const MEMBERS: &'static [&'static str] = &["name", "why", "cite"];

    const STRICT: bool = true;

    fn member(&mut self, position: usize, value: &Value) -> ReadResult<()> {
        // Positions in MEMBERS.
        match position {
            0 => self.name = optional(value, string)?,
            1 => self.why = optional(value, string)?,
            2 => self.cite = optional(value, string)?,
            _ => {}
        }
        Ok(())
    }
}

/// The translation if it has one, else the English.
fn or_english(translated: &Option<String>, english: &str) -> String {
    match translated {
        Some(text) if !text.trim().is_empty() => text.clone(),
        _ => english.to_string(),
    }
}

/// [`or_english`] for a member the English may lack.
fn or_english_opt(translated: &Option<String>, english: &Option<String>) -> Option<String> {
    english.as_ref().map(|english| or_english(translated, english))
}

/// Whether the translation has member `name` exactly when the English does.
fn same_member(problems: &mut Vec<String>, at: &str, name: &str, translated: &Option<String>, english: bool) {
    let present = translated.as_ref().is_some_and(|t| !t.trim().is_empty());
    if present != english {
        let what = if english { "lacks" } else { "has" };
        problems.push(format!("{at}: {what} \"{name}\", the English {}", if english { "has it" } else { "does not" }));
    }
}

impl Overlay {
    /// Reads an overlay file.
    pub fn parse(source: &str) -> Result<Self, String> {
        let document: Value = serde_json::from_str(source).map_err(|e| e.to_string())?;
        structure(&document).map_err(|e| e.message().to_string())
    }

    /// Whether the overlay's lists line up with the English lesson's (the
    /// condition for using it at all). A list the overlay leaves out
    /// entirely lines up: all of it shows in English.
    pub fn lines_up_with(&self, english: &Lesson) -> bool {
        let fits = |translated: usize, english: usize| translated == 0 || translated == english;
        fits(self.steps.len(), english.steps.len())
            && fits(self.checklists.len(), english.checklists.len())
            && self.checklists.iter().zip(&english.checklists).all(|(t, e)| fits(t.patterns.len(), e.patterns.len()))
    }

    /// Everything that keeps the overlay from being a complete translation
    /// of `english`: a list of another length, a member the English has and
    /// the overlay lacks, or the other way round. Empty when complete.
    pub fn misalignments(&self, english: &Lesson) -> Vec<String> {
        let mut problems = Vec::new();
        same_member(&mut problems, "the lesson", "title", &self.title, true);
        same_member(&mut problems, "the lesson", "summary", &self.summary, true);
        if self.steps.len() != english.steps.len() {
            problems.push(format!("{} steps, the English has {}", self.steps.len(), english.steps.len()));
        }
        for (n, (t, e)) in self.steps.iter().zip(&english.steps).enumerate() {
            let at = format!("step {}", n + 1);
            same_member(&mut problems, &at, "title", &t.title, true);
            same_member(&mut problems, &at, "text", &t.text, !e.text.is_empty());
        }
        if self.checklists.len() != english.checklists.len() {
            problems.push(format!(
                "{} checklists, the English has {}",
                self.checklists.len(),
                english.checklists.len()
            ));
        }
        for (c, (t, e)) in self.checklists.iter().zip(&english.checklists).enumerate() {
            let at = format!("checklist {}", c + 1);
            same_member(&mut problems, &at, "title", &t.title, !e.title.is_empty());
            if t.patterns.len() != e.patterns.len() {
                problems.push(format!("{at}: {} patterns, the English has {}", t.patterns.len(), e.patterns.len()));
            }
            for (p, (t, e)) in t.patterns.iter().zip(&e.patterns).enumerate() {
                let at = format!("{at}, pattern {}", p + 1);
                same_member(&mut problems, &at, "name", &t.name, true);
                same_member(&mut problems, &at, "why", &t.why, e.unservable.is_some());
                same_member(&mut problems, &at, "cite", &t.cite, e.cite.is_some());
            }
        }
        problems
    }
}

impl Lesson {
    /// This lesson as the page shows it with `overlay`'s texts: title,
    /// summary, steps, checklist titles and patterns' names, reasons and
    /// citations. Everything the lesson does (and the access patterns'
    /// names) stays as it is. An overlay that does not line up changes
    /// nothing (see the module notes).
    pub fn with_texts(&self, overlay: &Overlay) -> Lesson {
        let mut lesson = self.clone();
        if !overlay.lines_up_with(self) {
            return lesson;
        }
        lesson.title = or_english(&overlay.title, &self.title);
        lesson.summary = or_english(&overlay.summary, &self.summary);
        for (step, texts) in lesson.steps.iter_mut().zip(&overlay.steps) {
            step.title = or_english(&texts.title, &step.title);
            if !step.text.is_empty() {
                step.text = or_english(&texts.text, &step.text);
            }
        }
        for (checklist, texts) in lesson.checklists.iter_mut().zip(&overlay.checklists) {
            checklist.label = or_english(&texts.title, &checklist.title);
            for (pattern, texts) in checklist.patterns.iter_mut().zip(&texts.patterns) {
                pattern.label = or_english(&texts.name, &pattern.name);
                pattern.unservable = or_english_opt(&texts.why, &pattern.unservable);
                pattern.cite = or_english_opt(&texts.cite, &pattern.cite);
            }
        }
        lesson
    }
}

#[cfg(test)]
mod tests {
    //! Overlays read as serde's derive read them (`deny_unknown_fields`,
    //! the lists `default`): the same documents read, to the same texts.

    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct SerdeOverlay {
        title: Option<String>,
        summary: Option<String>,
        #[serde(default)]
        steps: Vec<SerdeStep>,
        #[serde(default)]
        checklists: Vec<SerdeChecklist>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct SerdeStep {
        title: Option<String>,
        text: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct SerdeChecklist {
        title: Option<String>,
        #[serde(default)]
        patterns: Vec<SerdePattern>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct SerdePattern {
        name: Option<String>,
        why: Option<String>,
        cite: Option<String>,
    }

    fn by_serde(source: &str) -> Option<Overlay> {
        let o: SerdeOverlay = serde_json::from_str(source).ok()?;
        Some(Overlay {
            title: o.title,
            summary: o.summary,
            steps: o.steps.into_iter().map(|s| StepTexts { title: s.title, text: s.text }).collect(),
            checklists: o
                .checklists
                .into_iter()
                .map(|c| ChecklistTexts {
                    title: c.title,
                    patterns: c
                        .patterns
                        .into_iter()
                        .map(|p| PatternTexts { name: p.name, why: p.why, cite: p.cite })
                        .collect(),
                })
                .collect(),
        })
    }

    #[test]
    fn overlays_read_as_serde_read_them() {
        let documents = [
            r#"{}"#,
            r#"{"title": "T", "summary": "S", "steps": [{"title": "a", "text": "b"}, {"title": null}]}"#,
            r#"{"title": "T", "checklists": [{"title": "C", "patterns": [{"name": "n", "why": "w", "cite": "c"}]}]}"#,
            r#"{"checklists": [{"patterns": []}, {}]}"#,
            r#"{"title": null, "summary": null}"#,
            r#"{"titel": "T"}"#,
            r#"{"steps": [{"title": "a", "txt": "b"}]}"#,
            r#"{"checklists": [{"patterns": [{"name": "n", "reason": "r"}]}]}"#,
            r#"{"steps": null}"#,
            r#"{"steps": [null]}"#,
            r#"{"steps": {}}"#,
            r#"{"title": 5}"#,
            r#"{"summary": ["S"]}"#,
            r#"["T", "S"]"#,
            r#"["T", "S", [["a", "b"]], [["C"], ["D", [["n", "w", "c"]]]]]"#,
            r#"["T"]"#,
            r#"["T", "S", [], [], 5]"#,
            r#"{"steps": [["a"]]}"#,
            r#"null"#,
            r#""T""#,
            r#"{"title": "T""#,
            r#"{"title": "T"} x"#,
        ];
        for source in documents {
            assert_eq!(Overlay::parse(source).ok(), by_serde(source), "{source}");
        }
    }

    #[test]
    fn an_unknown_member_is_named() {
        assert_eq!(
            Overlay::parse(r#"{"steps": [{"title": "a", "txt": "b"}]}"#),
            Err("unknown field `txt`, expected one of `title`, `text`".to_string())
        );
    }
}
