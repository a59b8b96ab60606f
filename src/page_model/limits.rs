//! Input limits, the pure part: huge text is refused by its size before it
//! is parsed, and long text is cut to what the page draws. How the page
//! applies them (its text fields, its drawing) is `ui::limits`.

use serde_json::Value;

use super::format::pretty;
use crate::engine::ApiError;

/// The largest request DynamoDB accepts (16 MB, as the endpoint's
/// `MAX_BODY_BYTES` notes); text over it is refused unread.
pub const MAX_REQUEST_BYTES: usize = 16 * 1024 * 1024;

/// The most of a long text drawn on the page, in bytes.
pub const SHOWN_TEXT_BYTES: usize = 64 * 1024;

/// `bytes` in megabytes with one decimal: "50.0 MB".
pub fn megabytes(bytes: usize) -> String {
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
