//! Reading the generated code back: the shell words of a CLI command and
//! the object literals of the JavaScript and Python snippets, as JSON, so
//! a round trip can compare them with the request.

use super::*;

/// Splits a POSIX shell command line into words the way the shell does for
/// what [`aws_cli`] prints: single quotes, `\`-escapes, line continuations.
/// Any character a shell would interpret, unquoted, fails the test.
pub(super) fn shell_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                let mut closed = false;
                for q in chars.by_ref() {
                    if q == '\'' {
                        closed = true;
                        break;
                    }
                    w.push(q);
                }
                assert!(closed, "unterminated quote in {text}");
            }
            '\\' => match chars.next() {
                Some('\n') => {}
                Some(escaped) => word.get_or_insert_with(String::new).push(escaped),
                None => panic!("trailing backslash in {text}"),
            },
            ' ' | '\n' => words.extend(word.take()),
            c if c.is_ascii_alphanumeric() || "_./:@%+,-=".contains(c) => word.get_or_insert_with(String::new).push(c),
            c => panic!("unquoted {c:?} in {text}"),
        }
    }
    words.extend(word);
    words
}

/// The request an `aws dynamodb` command sends, read back from its words
/// knowing the request it should be (for the option types), and the
/// options that are not request members.
pub(super) fn cli_request(words: &[String], expected: &Value) -> (Value, Vec<String>) {
    let mut request = serde_json::Map::new();
    let mut extra = Vec::new();
    let mut i = 3;
    while let Some(word) = words.get(i) {
        i += 1;
        let option = word.strip_prefix("--").unwrap_or_else(|| panic!("not an option: {word}"));
        let (name, value) = match option.split_once('=') {
            Some((name, value)) => (name.to_string(), Some(value.to_string())),
            None if words.get(i).is_some_and(|next| !next.starts_with('-')) => {
                i += 1;
                (option.to_string(), words.get(i - 1).cloned())
            }
            None => (option.to_string(), None),
        };
        let member = ordered_members(expected).into_iter().find_map(|(member, value)| {
            let cli = xform_name(member, '-');
            (cli == name || format!("no-{cli}") == name).then_some((member, value))
        });
        let Some((member, shape)) = member else {
            extra.push(match value {
                Some(value) => format!("--{name} {value}"),
                None => format!("--{name}"),
            });
            continue;
        };
        let parsed = match (shape, value) {
            (Value::Bool(_), None) => Value::Bool(!name.starts_with("no-")),
            (Value::String(_), Some(text)) => Value::String(text),
            (Value::Number(_), Some(text)) => serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}")),
            (_, Some(text)) => serde_json::from_str(&text).unwrap_or_else(|e| panic!("--{name} {text}: {e}")),
            (shape, None) => panic!("--{name} has no value but {member} is {shape}"),
        };
        assert!(request.insert(member.to_string(), parsed).is_none(), "{member} twice");
    }
    (Value::Object(request), extra)
}

/// JavaScript or Python literal text → JSON text: `True`/`False`/`None`
/// become JSON's, `Buffer.from("…", "base64")` its string, and a Python
/// bytes literal its base64. Strings are copied as they are, since their
/// escapes are JSON's. Any other identifier fails the test.
pub(super) fn literal_to_json(code: &str) -> String {
    use base64::Engine as _;
    let mut out = String::new();
    let mut rest = code;
    while let Some(c) = rest.chars().next() {
        if c == '"' {
            let (string, after) = split_string(rest);
            out.push_str(string);
            rest = after;
        } else if let Some(after) = rest.strip_prefix("b\"") {
            let (bytes, after) = python_bytes_value(after);
            out.push_str(&quote(&base64::engine::general_purpose::STANDARD.encode(bytes)));
            rest = after;
        } else if let Some(after) = rest.strip_prefix("Buffer.from(") {
            let (string, after) = split_string(after);
            out.push_str(string);
            rest = after.strip_prefix(", \"base64\")").unwrap_or_else(|| panic!("odd Buffer.from in {code}"));
        } else if c.is_ascii_alphabetic() {
            let word: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            out.push_str(match word.as_str() {
                "True" | "true" => "true",
                "False" | "false" => "false",
                "None" | "null" => "null",
                other => panic!("identifier {other} in a literal: {code}"),
            });
            rest = &rest[word.len()..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// A `"…"` literal at the start of `text`, and the text after it.
pub(super) fn split_string(text: &str) -> (&str, &str) {
    let mut escaped = false;
    for (i, c) in text.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return text.split_at(i + 1),
            _ => {}
        }
    }
    panic!("unterminated string: {text}")
}

/// The bytes of a Python bytes literal after its `b"`, and the text after it.
pub(super) fn python_bytes_value(text: &str) -> (Vec<u8>, &str) {
    let mut bytes = Vec::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (bytes, &text[i + 1..]),
            '\\' => match chars.next().map(|(_, c)| c) {
                Some('x') => {
                    let hex: String = chars.by_ref().take(2).map(|(_, c)| c).collect();
                    bytes.push(u8::from_str_radix(&hex, 16).unwrap_or_else(|e| panic!("\\x{hex}: {e}")));
                }
                Some('n') => bytes.push(b'\n'),
                Some('r') => bytes.push(b'\r'),
                Some('t') => bytes.push(b'\t'),
                Some(c @ ('\\' | '"')) => bytes.push(c as u8),
                other => panic!("escape {other:?} in bytes"),
            },
            c if c.is_ascii() && !c.is_ascii_control() => bytes.push(c as u8),
            c => panic!("{c:?} in a bytes literal"),
        }
    }
    panic!("unterminated bytes literal")
}

/// The object literal passed to the command in a JavaScript snippet.
pub(super) fn javascript_input(code: &str, operation: &str) -> Value {
    let call = format!("const response = await client.send(new {operation}Command(");
    let start = code.find(&call).map(|i| i + call.len()).unwrap_or_else(|| panic!("no call in {code}"));
    let end = code.rfind("));\nconsole.log(").unwrap_or_else(|| panic!("no end in {code}"));
    let json = literal_to_json(&code[start..end]);
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

/// The arguments of the call in a Python snippet, as a JSON object.
pub(super) fn python_input(code: &str, method: &str) -> Value {
    let call = format!("response = client.{method}(");
    let start = code.find(&call).map(|i| i + call.len()).unwrap_or_else(|| panic!("no call in {code}"));
    let end = code.rfind(")\nprint(response)").unwrap_or_else(|| panic!("no end in {code}"));
    let arguments = &code[start..end];
    let object = if let Some(object) = arguments.strip_prefix("**") {
        object.to_string()
    } else if arguments.is_empty() {
        "{}".to_string()
    } else {
        // Keyword arguments: `    Name=value,` lines at one indentation.
        let mut object = String::from("{");
        for line in arguments.lines() {
            let keyword = line
                .strip_prefix("    ")
                .filter(|l| !l.starts_with(' '))
                .and_then(|l| l.split_once('='))
                .filter(|(name, _)| name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'));
            match keyword {
                Some((name, value)) => object.push_str(&format!("\n{}: {value}", quote(name))),
                None => object.push_str(&format!("\n{line}")),
            }
        }
        let trimmed = object.trim_end().strip_suffix(',').unwrap_or_else(|| panic!("no trailing comma: {code}"));
        format!("{trimmed}\n}}")
    };
    let json = literal_to_json(&object);
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

/// The request as the generated code must send it: top-level `null`s left
/// out, a body that is not an object empty.
pub(super) fn sent(request: &Value) -> Value {
    Value::Object(ordered_members(request).into_iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
}

pub(super) fn all_requests() -> Vec<(&'static str, Value)> {
    let mut all = session("Music");
    all.extend(edge_cases());
    all
}
