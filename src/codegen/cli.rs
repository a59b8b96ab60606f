//! The AWS CLI form: `aws dynamodb <command> --option value …`.
//!
//! Each top-level request member becomes one option named by
//! [`xform_name`] (`KeyConditionExpression` → `--key-condition-expression`),
//! with its value shaped the way the CLI parses that option:
//!
//! | member value | option                                   | example                              |
//! |--------------|------------------------------------------|--------------------------------------|
//! | string       | the text                                 | `--table-name Music`                 |
//! | number       | the number                               | `--limit 10`                         |
//! | `true`       | the bare flag                            | `--consistent-read`                  |
//! | `false`      | the flag with `no-`                      | `--no-scan-index-forward`            |
//! | object/array | JSON (the CLI accepts JSON for any shape)| `--key '{"Artist": {"S": "Acme"}}'`  |
//!
//! This is how the CLI builds its options for every operation (booleans
//! always get a `--no-` twin), so members this module does not list map
//! correctly too.
//!
//! # Quoting
//!
//! Values are quoted for POSIX shells (bash, zsh, sh): a value made only of
//! `[A-Za-z0-9_./:@%+,-]` stays bare, anything else goes in single quotes,
//! inside which the shell changes nothing, and a `'` in the value is
//! written `'\''` (close the quote, an escaped quote, reopen). A value that
//! starts with `-` is attached with `=` (`--limit=-1`) so the CLI's argument
//! parser cannot take it for an option. JSON longer than a line is printed
//! over several lines inside its quotes; the newlines are part of the
//! argument, and JSON ignores them. Each option goes on its own line,
//! continued with ` \`.
//!
//! Two things the shell cannot carry: a NUL character in a top-level
//! string (argv strings end at NUL; inside JSON it is `\u0000`, which is
//! fine), and a top-level string starting with `file://` or `fileb://`,
//! which the CLI reads as a file name (CLI v1 also fetches `http(s)://`
//! values). Neither occurs in a valid DynamoDB expression or name.
//!
//! # Pagination
//!
//! `query`, `scan` and `list-tables` paginate automatically in the CLI:
//! `--limit` becomes the page size and the CLI keeps requesting pages until
//! the end, merging them. To send the single request the console sent,
//! with its `Limit` and its `LastEvaluatedKey` in the answer, the command
//! adds `--no-paginate` when the request has a `Limit`. (`--limit` and
//! `--exclusive-start-key` are left out of the CLI's help in favour of
//! `--page-size`/`--starting-token`, but they work, and giving an exclusive
//! start key turns pagination off by itself.)

use serde_json::Value;

use super::literal::{render, Dialect, Layout};
use super::names::xform_name;
use super::{operation_name, ordered_members};

/// Indentation of continued lines (and of JSON inside them).
const INDENT: usize = 4;
/// Line width that multi-line JSON aims for.
const WIDTH: usize = 100;
/// Operations the CLI paginates by itself.
const PAGINATED: [&str; 3] = ["Query", "Scan", "ListTables"];

/// The request as an `aws dynamodb` command line for a POSIX shell, with
/// `--endpoint-url` when an endpoint is given (e.g. [`LOCAL_ENDPOINT`](super::LOCAL_ENDPOINT)).
pub fn aws_cli(operation: &str, request: &Value, endpoint_url: Option<&str>) -> String {
    let operation = operation_name(operation);
    let mut lines = vec![format!("aws dynamodb {}", xform_name(&operation, '-'))];
    let members = ordered_members(request);
    for &(name, value) in &members {
        let option = xform_name(name, '-');
        lines.push(match value {
            Value::Bool(true) => shell_quote(&format!("--{option}")),
            Value::Bool(false) => shell_quote(&format!("--no-{option}")),
            Value::String(text) => option_with_value(&option, text),
            Value::Number(n) => option_with_value(&option, &n.to_string()),
            // `null` members are not in `members`; containers are JSON.
            json => {
                let column = INDENT + option.len() + 4;
                let text = render(json, Dialect::Json, Layout { indent: INDENT, width: WIDTH }, column, 1);
                option_with_value(&option, &text)
            }
        });
    }
    if PAGINATED.contains(&operation.as_str()) && members.iter().any(|(name, _)| *name == "Limit") {
        lines.push("--no-paginate".to_string());
    }
    if let Some(url) = endpoint_url {
        lines.push(option_with_value("endpoint-url", url));
    }
    let indent = " ".repeat(INDENT);
    lines.join(&format!(" \\\n{indent}"))
}

/// `--option value`, or `--option=value` for a value starting with `-`.
/// The option is quoted too: a member name this module does not know may
/// hold any character (the CLI then rejects the option, as it should).
fn option_with_value(option: &str, value: &str) -> String {
    let option = shell_quote(&format!("--{option}"));
    if value.starts_with('-') {
        // `=` inside a word is plain text to every shell.
        format!("{option}={}", shell_quote(value))
    } else {
        format!("{option} {}", shell_quote(value))
    }
}

/// `text` as one shell word: bare when every character is harmless
/// anywhere in a word, else single-quoted with `'` as `'\''`.
pub(crate) fn shell_quote(text: &str) -> String {
    let bare = !text.is_empty()
        && text.bytes().all(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'/' | b':' | b'@' | b'%' | b'+' | b',' | b'-')
        });
    if bare {
        return text.to_string();
    }
    format!("'{}'", text.replace('\'', r"'\''"))
}
