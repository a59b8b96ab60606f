//! One expression field: a textarea with syntax colours, DynamoDB's error
//! underlined where it is, and the `#name` fix for reserved words.
//!
//! The colours come from an overlay: a `<pre>` behind a transparent
//! `<textarea>`, both in the same grid cell with the same font, padding and
//! wrapping, so each character of the overlay sits exactly under the one
//! typed. The textarea keeps the caret, selection, undo and keyboard; the
//! overlay only paints. Because the `<pre>` sizes the cell, the field grows
//! with its text and neither side ever scrolls out of step.
//!
//! ```text
//!   ┌ grid cell ─────────────────────────────────────────────┐
//!   │ <pre aria-hidden>  #pk = :pk AND status = :s           │  colours, <mark> under the error
//!   │ <textarea>         #pk = :pk AND status = :s           │  transparent text, visible caret
//!   └────────────────────────────────────────────────────────┘
//! ```
//!
//! Tokens come from the engine's own highlighter
//! ([`highlight`](crate::engine::expr::highlight::highlight())), so the editor and
//! the parser agree on what a token is. An error's byte span (from
//! `ApiError::InvalidExpression`) becomes one `<mark class="expr-error-mark">`
//! covering exactly that text, splitting tokens where the span does.

use std::ops::Range;

use serde_json::{Map, Value};
use yew::prelude::*;

use crate::engine::expr::highlight::{apply_reserved_fixes, highlight, reserved_word_fixes_with_names};
use crate::ui::format::pretty;
use crate::ui::language::use_lang;

/// An error inside the expression: where, and DynamoDB's message.
#[derive(Clone, Debug, PartialEq)]
pub struct ExprError {
    pub span: Range<usize>,
    pub message: String,
}

#[derive(Properties, PartialEq)]
pub struct ExprFieldProps {
    /// The textarea's id; the underline is `{id}-underline`, the message
    /// `{id}-error`.
    pub id: AttrValue,
    /// The request member, shown as the label: "FilterExpression" (a name
    /// of the API: never translated).
    pub label: AttrValue,
    pub value: AttrValue,
    pub oninput: Callback<String>,
    #[prop_or_default]
    pub error: Option<ExprError>,
    #[prop_or_default]
    pub placeholder: AttrValue,
    /// A short explanation under the label, in the page's language.
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// The `ExpressionAttributeNames` text the reserved-word fix extends.
    #[prop_or_default]
    pub names: AttrValue,
    /// Offered when set: called with the fixed expression and names text.
    #[prop_or_default]
    pub onfix: Option<Callback<(String, String)>>,
    /// Colour the text as a PartiQL statement instead of an expression.
    #[prop_or_default]
    pub partiql: bool,
}

/// A highlighter: text to coloured spans.
type Highlighter = fn(&str) -> Vec<crate::engine::expr::highlight::Span>;

/// The largest char boundary at or before `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The smallest char boundary at or after `at`.
fn ceil_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while at < text.len() && !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// A piece of the overlay.
#[derive(Clone)]
struct Piece {
    /// The bytes of the text it covers.
    range: Range<usize>,
    /// Its CSS class: none for the whitespace between tokens.
    class: Option<&'static str>,
}

/// The text cut into coloured pieces, every byte in exactly one, and cut
/// again at `cuts` (the error's edges).
fn pieces(text: &str, cuts: &[usize], highlight: Highlighter) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    let mut at = 0;
    for span in highlight(text) {
        let (start, end) = (span.range.start.min(text.len()), span.range.end.min(text.len()));
        if start < at || start >= end {
            continue;
        }
        if start > at {
            out.push(Piece { range: at..start, class: None });
        }
        out.push(Piece { range: start..end, class: Some(span.class.css_class()) });
        at = end;
    }
    if at < text.len() {
        out.push(Piece { range: at..text.len(), class: None });
    }
    let mut split = Vec::with_capacity(out.len() + cuts.len());
    for Piece { range, class } in out {
        let mut start = range.start;
        for &cut in cuts {
            if cut > start && cut < range.end && text.is_char_boundary(cut) {
                split.push(Piece { range: start..cut, class });
                start = cut;
            }
        }
        split.push(Piece { range: start..range.end, class });
    }
    split
}

fn render_pieces(text: &str, pieces: &[Piece]) -> Html {
    pieces
        .iter()
        .map(|Piece { range, class }| {
            let slice = text.get(range.clone()).unwrap_or_default().to_string();
            match class {
                Some(class) => html! { <span class={*class}>{ slice }</span> },
                None => html! { { slice } },
            }
        })
        .collect()
}

/// The overlay's content: coloured pieces, the error's pieces inside one
/// `<mark>`.
fn overlay(id: &str, text: &str, error: Option<&ExprError>, highlight: Highlighter) -> Html {
    let Some(error) = error else {
        return render_pieces(text, &pieces(text, &[], highlight));
    };
    let start = floor_boundary(text, error.span.start);
    let end = ceil_boundary(text, error.span.end.max(start));
    let all = pieces(text, &[start, end], highlight);
    let before: Vec<Piece> = all.iter().filter(|p| p.range.end <= start).cloned().collect();
    let inside: Vec<Piece> = all.iter().filter(|p| p.range.start >= start && p.range.end <= end).cloned().collect();
    let after: Vec<Piece> =
        all.iter().filter(|p| p.range.start >= end && p.range.start < p.range.end).cloned().collect();
    let mark_class = if start == end { "expr-error-mark empty" } else { "expr-error-mark" };
    html! {
        <>
            { render_pieces(text, &before) }
            <mark class={mark_class} id={format!("{id}-underline")}>{ render_pieces(text, &inside) }</mark>
            { render_pieces(text, &after) }
        </>
    }
}

#[component]
pub fn ExprField(props: &ExprFieldProps) -> Html {
    let tr = use_lang().tr();
    let text = props.value.to_string();
    let id = props.id.to_string();
    let oninput = {
        let callback = props.oninput.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                callback.emit(area.value());
            }
        })
    };

    // The reserved-word fix, when the names text is a JSON object (or blank).
    let names: Option<Map<String, Value>> = if props.names.trim().is_empty() {
        Some(Map::new())
    } else {
        serde_json::from_str::<Value>(&props.names).ok().and_then(|v| v.as_object().cloned())
    };
    let fix = match (&props.onfix, &names) {
        (Some(onfix), Some(names)) => {
            let fixes = reserved_word_fixes_with_names(&text, names);
            if fixes.is_empty() {
                None
            } else {
                let mut words: Vec<String> = fixes.iter().map(|f| f.word.clone()).collect();
                words.dedup();
                let mut placeholders: Vec<String> = fixes.iter().map(|f| f.placeholder.clone()).collect();
                placeholders.dedup();
                let onclick = {
                    let onfix = onfix.clone();
                    let text = text.clone();
                    let names = names.clone();
                    Callback::from(move |_: MouseEvent| {
                        let (fixed, extended) = apply_reserved_fixes(&text, &names);
                        onfix.emit((fixed, pretty(&Value::Object(extended))));
                    })
                };
                let (label, explanation) = tr.reserved_words(words.len());
                Some(html! {
                    <p class="reserved-fix" id={format!("{id}-reserved")}>
                        <span>
                            { label }
                            <code>{ words.join(", ") }</code>
                            { explanation }
                        </span>
                        <button type="button" class="quiet" id={format!("{id}-fix")} {onclick}>
                            { tr.use_placeholders(&placeholders.join(", ")) }
                        </button>
                    </p>
                })
            }
        }
        _ => None,
    };

    let highlighter: Highlighter = if props.partiql { crate::engine::partiql::lexer::highlight } else { highlight };
    let has_error = props.error.is_some();
    let message = props.error.as_ref().map(|error| {
        html! {
            <p class="expr-message" id={format!("{id}-error")}>
                <span class="error-name">{ "ValidationException" }</span>{ ": " }{ &error.message }
            </p>
        }
    });
    let described = if has_error { Some(AttrValue::from(format!("{id}-error"))) } else { None };
    html! {
        <div class={classes!("field", "expr-field", has_error.then_some("has-error"))}>
            <label for={id.clone()} class="field-label">
                <span class="member">{ &props.label }</span>
                if let Some(hint) = &props.hint { <span class="field-hint">{ hint }</span> }
            </label>
            <div class="expr-editor">
                <pre class="expr-overlay" aria-hidden="true">{ overlay(&id, &text, props.error.as_ref(), highlighter) }{ "\n" }</pre>
                <textarea id={id.clone()} class="expr-input" rows="1" spellcheck="false" autocomplete="off"
                    autocapitalize="off" placeholder={props.placeholder.clone()}
                    aria-invalid={has_error.to_string()} aria-describedby={described}
                    value={text.clone()} {oninput} />
            </div>
            { message }
            { fix }
        </div>
    }
}
