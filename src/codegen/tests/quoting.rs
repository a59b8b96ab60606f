//! Quoting: shell words and string literals in every dialect, and the layout
//! that breaks only what does not fit.

use super::reading_back::*;
use super::*;

#[test]
fn shell_quoting() {
    let cases = [
        ("Music", "Music"),
        ("a.b-c_d/e:f@g%h+i,j", "a.b-c_d/e:f@g%h+i,j"),
        ("", "''"),
        ("it's", r"'it'\''s'"),
        ("'", r"''\'''"),
        ("a b", "'a b'"),
        ("$HOME `id` $(id) !x *", "'$HOME `id` $(id) !x *'"),
        ("line\nbreak", "'line\nbreak'"),
        ("naïve", "'naïve'"),
        ("=cmd", "'=cmd'"),
        ("~", "'~'"),
        ("#x", "'#x'"),
    ];
    for (text, expected) in cases {
        assert_eq!(cli::shell_quote(text), expected, "{text}");
        assert_eq!(shell_words(&format!("echo {}", cli::shell_quote(text))), ["echo", text], "{text}");
    }
}

#[test]
fn strings_escape_the_same_in_every_language() {
    let cases = [
        ("plain", r#""plain""#),
        ("it's", r#""it's""#),
        ("say \"hi\"", r#""say \"hi\"""#),
        ("back\\slash", r#""back\\slash""#),
        ("a\nb\rc\td", r#""a\nb\rc\td""#),
        ("\u{0}\u{1b}\u{7f}\u{85}", r#""\u0000\u001b\u007f\u0085""#),
        ("\u{2028}\u{2029}", r#""\u2028\u2029""#),
        ("日本語 🎵 é", "\"日本語 🎵 é\""),
    ];
    for (text, expected) in cases {
        assert_eq!(quote(text), expected, "{text:?}");
        assert_eq!(serde_json::from_str::<String>(expected).ok().as_deref(), Some(text), "JSON reads {expected} back");
    }
}

#[test]
fn literals_in_each_dialect() {
    let value = json!({"b": [true, false, null], "n": 1.5, "bin": {"B": "AAEiXA=="}, "set": {"BS": ["AA=="]}});
    let cases = [
        (Dialect::Json, r#"{"b": [true, false, null], "bin": {"B": "AAEiXA=="}, "n": 1.5, "set": {"BS": ["AA=="]}}"#),
        (
            Dialect::JavaScript,
            r#"{"b": [true, false, null], "bin": {"B": Buffer.from("AAEiXA==", "base64")}, "n": 1.5, "set": {"BS": [Buffer.from("AA==", "base64")]}}"#,
        ),
        (
            Dialect::Python,
            r#"{"b": [True, False, None], "bin": {"B": b"\x00\x01\"\\"}, "n": 1.5, "set": {"BS": [b"\x00"]}}"#,
        ),
    ];
    for (dialect, expected) in cases {
        assert_eq!(compact(&value, dialect), expected, "{dialect:?}");
    }
}

#[test]
fn layout_breaks_only_what_does_not_fit() {
    let value = json!({"Item": {"a": {"S": "x"}, "b": {"L": [{"N": "1"}, {"N": "2"}]}}, "Key": {"pk": {"S": "k"}}});
    // `    "b": {"L": [{"N": "1"}, {"N": "2"}]},` is 41 columns with its comma.
    let layout = Layout { indent: 2, width: 41 };
    assert_eq!(
        render(&value, Dialect::Json, layout, 0, 0),
        "{\n  \"Key\": {\"pk\": {\"S\": \"k\"}},\n  \"Item\": {\n    \"a\": {\"S\": \"x\"},\n    \"b\": {\"L\": [{\"N\": \"1\"}, {\"N\": \"2\"}]}\n  }\n}"
    );
    assert_eq!(render(&value, Dialect::Json, Layout { indent: 2, width: 200 }, 0, 0), compact(&value, Dialect::Json));
    assert_eq!(render(&json!({}), Dialect::Json, Layout { indent: 2, width: 0 }, 0, 0), "{}");
    assert_eq!(render(&json!([[]]), Dialect::Json, Layout { indent: 2, width: 0 }, 0, 0), "[\n  []\n]");
}
