//! How the page keeps huge input from freezing the tab.
//!
//! A browser tab has one thread: parsing, pretty-printing or drawing a
//! 50 MB text blocks it for seconds (a 50 MB item pasted into the editor
//! took about a minute in a debug build, most of it printing the request
//! into the activity log). Two rules keep that from happening:
//!
//! * **Refuse by size before parsing.** Text the user types or pastes as a
//!   request (the item editor, the console's raw JSON) is measured first:
//!   over [`MAX_REQUEST_BYTES`], DynamoDB's own request limit, it is refused
//!   without being read ([`read_field`]: the field keeps its previous text,
//!   a notice says why; [`oversize`] guards the parsers as well). Under it, it goes to the engine,
//!   which answers DynamoDB's own error ("Item size has exceeded the maximum
//!   allowed size" for an item over 400 KB). Files and share links have
//!   their caps in [`super::persist`] and [`crate::scenario::link`].
//! * **Draw at most [`SHOWN_TEXT_BYTES`] of a text.** A request body in the
//!   log, a response in the results, a generated code sample: [`shown`]
//!   draws the first 64 KB and says how much was left out. The value itself
//!   is kept whole. The code view does not even generate the code of a
//!   request over 64 KB until Copy asks for it (1.6 s for a 15 MB request in
//!   a debug build, on every redraw while typing).

use serde_json::Value;
use yew::prelude::*;

use super::format::pretty;
use super::language::{Lang, Said};
use crate::engine::ApiError;

/// The largest request DynamoDB accepts (16 MB, as the endpoint's
/// `MAX_BODY_BYTES` notes); text over it is refused unread.
pub const MAX_REQUEST_BYTES: usize = 16 * 1024 * 1024;

/// The most of a long text drawn on the page, in bytes.
pub const SHOWN_TEXT_BYTES: usize = 64 * 1024;

/// `bytes` in megabytes with one decimal: "50.0 MB".
fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
}

/// The error for request text over [`MAX_REQUEST_BYTES`], or `None` when
/// it may be parsed. The message is ours (DynamoDB's endpoint answers such
/// a body with HTTP 413 before reading it).
pub fn oversize(text: &str) -> Option<ApiError> {
    (text.len() > MAX_REQUEST_BYTES).then(|| {
        ApiError::validation(format!(
            "The text is {}; DynamoDB accepts requests of at most 16 MB (and items of at most 400 KB), so it was \
             not read.",
            megabytes(text.len())
        ))
    })
}

/// Reads a text field the user types or pastes a request into. Text over
/// [`MAX_REQUEST_BYTES`] is not read at all: the field gets `previous` back
/// and the refusal comes back to be shown. The field's length (UTF-16 code
/// units, never more than its UTF-8 bytes) is checked first, so a 50 MB
/// paste is refused without copying it out of the page: in a debug build,
/// reading 50 MB from a field takes 0.6 s, and Yew reads a controlled
/// field's value on every redraw.
pub fn read_field(field: &web_sys::HtmlTextAreaElement, previous: &str) -> Result<String, Said> {
    let units = usize::try_from(field.text_length()).unwrap_or(usize::MAX);
    let bytes = if units > MAX_REQUEST_BYTES {
        units
    } else {
        let text = field.value();
        if text.len() <= MAX_REQUEST_BYTES {
            return Ok(text);
        }
        text.len()
    };
    field.set_value(previous);
    Err(Said::TextRefused { size: megabytes(bytes) })
}

/// The first `max` bytes of `text`, cut on a character boundary, and the
/// number of bytes left out.
pub fn cut(text: &str, max: usize) -> (&str, usize) {
    if text.len() <= max {
        return (text, 0);
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[..end], text.len() - end)
}

/// Counts the bytes serde would write, keeping the first `max` of them.
struct Capped {
    kept: Vec<u8>,
    max: usize,
    total: usize,
}

impl std::io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = self.max.saturating_sub(self.kept.len());
        self.kept.extend_from_slice(buf.get(..room.min(buf.len())).unwrap_or_default());
        self.total = self.total.saturating_add(buf.len());
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The length of `value` as compact JSON, counted without building the text.
pub fn json_bytes(value: &Value) -> usize {
    let mut counter = Capped { kept: Vec::new(), max: 0, total: 0 };
    let _ = serde_json::to_writer(&mut counter, value);
    counter.total
}

/// `value` as the page prints JSON ([`pretty`]) when it is short; a long
/// one in serde's pretty form, its first [`SHOWN_TEXT_BYTES`] only, with
/// the number of bytes left out. Never builds the whole text of a long value.
pub fn pretty_shown(value: &Value) -> (String, usize) {
    if json_bytes(value) <= SHOWN_TEXT_BYTES / 2 {
        let text = pretty(value);
        let (shown, left_out) = cut(&text, SHOWN_TEXT_BYTES);
        return (shown.to_string(), left_out);
    }
    let mut capped = Capped { kept: Vec::with_capacity(SHOWN_TEXT_BYTES), max: SHOWN_TEXT_BYTES, total: 0 };
    let _ = serde_json::to_writer_pretty(&mut capped, value);
    let text = String::from_utf8_lossy(&capped.kept);
    // A cut inside a character leaves one U+FFFD at the end: drop it.
    let text = text.trim_end_matches('\u{FFFD}').to_string();
    let left_out = capped.total.saturating_sub(text.len());
    (text, left_out)
}

/// A long text drawn in part: the first [`SHOWN_TEXT_BYTES`], then a note
/// saying how much is not shown.
pub fn shown(lang: Lang, text: &str) -> Html {
    let (head, left_out) = cut(text, SHOWN_TEXT_BYTES);
    with_note(lang, head.to_string(), left_out)
}

/// [`pretty_shown`] drawn: the text, and the note if something was left out.
pub fn shown_json(lang: Lang, value: &Value) -> Html {
    let (text, left_out) = pretty_shown(value);
    with_note(lang, text, left_out)
}

fn with_note(lang: Lang, text: String, left_out: usize) -> Html {
    let note = (left_out > 0).then(|| {
        html! { <span class="cut-note">{ lang.tr().text_cut(&lang.count(left_out as u64)) }</span> }
    });
    html! { <>{ text }{ note }</> }
}
