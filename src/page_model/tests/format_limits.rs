//! How the page prints JSON and figures, and where it cuts long text.

use serde_json::json;

use crate::i18n::numbers::grouped;
use crate::page_model::format::{pretty, size_text, two_decimals};
use crate::page_model::limits::{cut, oversize, pretty_shown, MAX_REQUEST_BYTES, SHOWN_TEXT_BYTES};

#[test]
fn json_is_printed_compactly_where_it_fits() {
    let body = json!({"TableName": "Music", "Item": {"Artist": {"S": "Acme"}, "Year": {"N": "2024"}}, "L": []});
    assert_eq!(
        pretty(&body),
        "{\n  \"Item\": {\"Artist\": {\"S\": \"Acme\"}, \"Year\": {\"N\": \"2024\"}},\n  \"L\": [],\n  \"TableName\": \"Music\"\n}"
    );
    let long = json!({"a": {"b": "x".repeat(80), "c": 1}});
    assert_eq!(pretty(&long), format!("{{\n  \"a\": {{\n    \"b\": \"{}\",\n    \"c\": 1\n  }}\n}}", "x".repeat(80)));
    assert_eq!(pretty(&json!("s")), "\"s\"");
    assert_eq!(pretty(&json!({})), "{}");
    assert_eq!(grouped(999), "999");
    assert_eq!(grouped(1_234_567), "1,234,567");
}

#[test]
fn long_text_is_cut_on_character_boundaries_and_counted() {
    assert_eq!(cut("abc", 5), ("abc", 0));
    // "é" is two bytes: a cut after one byte backs off to before it.
    assert_eq!(cut("aé", 2), ("a", 2));
    assert_eq!(cut("aéb", 3), ("aé", 1));
    let small = json!({"a": 1});
    assert_eq!(pretty_shown(&small), (pretty(&small), 0));
    // 1 MB of 'x' in one string: the first 64 KB shown, the rest counted.
    let big = json!({"body": "x".repeat(1024 * 1024)});
    let full = serde_json::to_string_pretty(&big).unwrap();
    let (text, left_out) = pretty_shown(&big);
    assert_eq!(text.len(), SHOWN_TEXT_BYTES);
    assert_eq!(text.len() + left_out, full.len());
    assert!(full.starts_with(&text));
    // Request text: exactly 16 MB may be parsed, one byte more is refused.
    assert!(oversize("{}").is_none());
    let text = "x".repeat(MAX_REQUEST_BYTES + 1);
    let error = oversize(&text).map(|e| e.message().to_string()).unwrap_or_default();
    assert!(error.starts_with("The text is 16.0 MB; DynamoDB accepts requests of at most 16 MB"), "{error}");
    assert!(oversize(&text[1..]).is_none());
}

#[test]
fn sizes_and_capacity_figures_are_spelled_with_what_they_need() {
    assert_eq!(size_text(1_536), "1.5 KB");
    assert_eq!(size_text(999), "999 B");
    assert_eq!(size_text(3 * 1024 * 1024 + 200 * 1024), "3.2 MB");
    assert_eq!(size_text(10 * 1024 * 1024 * 1024), "10 GB");
    assert_eq!(two_decimals(1666.666), "1,666.67");
    assert_eq!(two_decimals(2.5), "2.5");
    assert_eq!(two_decimals(3.0), "3");
    assert_eq!(two_decimals(-0.25), "-0.25");
    assert_eq!(two_decimals(f64::NAN), "—");
}
