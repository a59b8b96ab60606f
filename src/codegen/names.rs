//! botocore's `xform_name`: API names → CLI and Python names.
//!
//! The AWS CLI builds every command and option name from the API model by
//! this one transformation (with `-`), and boto3 every method name (with
//! `_`). Ported from botocore (`botocore/__init__.py`), which applies three
//! regular expressions; here they are small scanners over the characters:
//!
//! 1. A pluralised acronym at the end (`[A-Z]{2,}s$`, as in `TableARNs`) is
//!    split off and lower-cased first: `Table_arns`.
//! 2. `(.)([A-Z][a-z]+)` → `\1 sep \2`: a separator before each capitalised
//!    word. `SSESpecification` → `SSE-Specification`.
//! 3. `([a-z0-9])([A-Z])` → `\1 sep \2`: a separator where lower case meets
//!    upper case. `ExpressionAttribute-Names` → `Expression-Attribute-Names`.
//!
//! Then everything is lower-cased, in ASCII: every API name is ASCII. A
//! name that already contains the separator is returned unchanged, as
//! botocore does. botocore also keeps a
//! handful of hand-written exceptions for other services (`…iSCSI…`,
//! `…PartiQL…`); no DynamoDB name used here needs one.

/// The CLI/boto3 spelling of an API name: `xform_name("BatchWriteItem", '-')`
/// is `batch-write-item`, `xform_name("BatchWriteItem", '_')` is
/// `batch_write_item`.
pub fn xform_name(name: &str, sep: char) -> String {
    if name.contains(sep) {
        return name.to_string();
    }
    let mut chars: Vec<char> = name.chars().collect();
    if let Some(start) = plural_acronym_start(&chars) {
        let tail: Vec<char> = chars.split_off(start).into_iter().map(|c| c.to_ascii_lowercase()).collect();
        chars.push(sep);
        chars.extend(tail);
    }
    let words = split_before_capitalised_words(&chars, sep);
    let split = split_lower_upper(&words, sep);
    split.into_iter().collect::<String>().to_ascii_lowercase()
}

/// Where `[A-Z]{2,}s$` matches, if it does: the start of the run of
/// capitals before a final `s`.
fn plural_acronym_start(chars: &[char]) -> Option<usize> {
    let (last, body) = chars.split_last()?;
    if *last != 's' {
        return None;
    }
    let run = body.iter().rev().take_while(|c| c.is_ascii_uppercase()).count();
    (run >= 2).then(|| body.len() - run)
}

/// `(.)([A-Z][a-z]+)` → `\1 sep \2`, left to right without overlaps, as
/// `re.sub` does.
fn split_before_capitalised_words(chars: &[char], sep: char) -> Vec<char> {
    let mut out = Vec::with_capacity(chars.len() + 8);
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let upper = chars.get(i + 1).is_some_and(char::is_ascii_uppercase);
        let lower = chars.get(i + 2).is_some_and(char::is_ascii_lowercase);
        // `.` matches anything but a newline.
        if c != '\n' && upper && lower {
            let end = i + 2 + chars.iter().skip(i + 2).take_while(|c| c.is_ascii_lowercase()).count();
            out.push(c);
            out.push(sep);
            out.extend(chars.get(i + 1..end).unwrap_or_default());
            i = end;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// `([a-z0-9])([A-Z])` → `\1 sep \2`.
fn split_lower_upper(chars: &[char], sep: char) -> Vec<char> {
    let mut out = Vec::with_capacity(chars.len() + 8);
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        match chars.get(i + 1) {
            Some(&next) if (c.is_ascii_lowercase() || c.is_ascii_digit()) && next.is_ascii_uppercase() => {
                out.extend([c, sep, next]);
                i += 2;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}
