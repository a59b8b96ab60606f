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

use super::language::{Lang, Said};
pub use crate::page_model::limits::*;

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
