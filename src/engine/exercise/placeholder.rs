//! `{name}` placeholders in the strings of a mapping or a request.
//!
//! A mapping's `"SK": {"S": "ORDER#{orderDate}#{orderId}"}` names record
//! attributes; a request's `":c": {"S": "CUSTOMER#{customerId}"}` names the
//! case's parameters. `{{` and `}}` write a literal brace; any other brace
//! that does not open or close a placeholder is refused, so a typo such as
//! `{orderId` is reported rather than stored as text.
//!
//! A value fills a placeholder with its text: a string as it is, a number
//! in DynamoDB's spelling, a boolean as `true`/`false`. Every string of a
//! JSON value is filled, object keys are not (they are attribute names and
//! `:value` names, which a design fixes).

use serde_json::Value;

/// One piece of a string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    Text(String),
    Name(String),
}

/// Splits `text` into literal text and placeholders; `Err` says what is
/// wrong with a brace.
pub fn parse(text: &str) -> Result<Vec<Part>, String> {
    let mut parts = Vec::new();
    let mut literal = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                literal.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                literal.push('}');
            }
            '{' => {
                let mut name = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some('{') | None => {
                            return Err(format!(
                                "\"{text}\" opens a placeholder that is not closed (write {{{{ for a literal brace)"
                            ))
                        }
                        Some(c) => name.push(c),
                    }
                }
                if name.trim().is_empty() {
                    return Err(format!("\"{text}\" has an empty placeholder {{}}"));
                }
                if !literal.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut literal)));
                }
                parts.push(Part::Name(name));
            }
            '}' => return Err(format!("\"{text}\" has a lone }} (write }}}} for a literal brace)")),
            c => literal.push(c),
        }
    }
    if !literal.is_empty() || parts.is_empty() {
        parts.push(Part::Text(literal));
    }
    Ok(parts)
}

/// Every placeholder name in the strings of `value`, with the first brace
/// error found (and where: the string's JSON path below `at`).
pub fn names(value: &Value, at: &str, out: &mut Vec<(String, String)>) -> Result<(), (String, String)> {
    match value {
        Value::String(text) => {
            for part in parse(text).map_err(|e| (at.to_string(), e))? {
                if let Part::Name(name) = part {
                    out.push((name, at.to_string()));
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                names(item, &format!("{at}[{i}]"), out)?;
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                names(item, &format!("{at}.{key}"), out)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// `value` with every placeholder filled by `lookup`; a name it does not
/// know is `Err(name)`.
pub fn fill(value: &Value, lookup: &dyn Fn(&str) -> Option<String>) -> Result<Value, String> {
    Ok(match value {
        Value::String(text) => {
            // Already checked when the document was read; a fault here is the name's.
            let parts = parse(text).map_err(|_| text.clone())?;
            let mut out = String::with_capacity(text.len());
            for part in parts {
                match part {
                    Part::Text(t) => out.push_str(&t),
                    Part::Name(name) => out.push_str(&lookup(&name).ok_or(name)?),
                }
            }
            Value::String(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(|i| fill(i, lookup)).collect::<Result<_, _>>()?),
        Value::Object(map) => {
            // Inserted one by one: `collect()` into a map sorts (`engine::ordered`).
            let mut filled = serde_json::Map::new();
            for (k, v) in map {
                filled.insert(k.clone(), fill(v, lookup)?);
            }
            Value::Object(filled)
        }
        other => other.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_and_escapes() {
        assert_eq!(
            parse("ORDER#{date}#{id}").unwrap(),
            vec![
                Part::Text("ORDER#".into()),
                Part::Name("date".into()),
                Part::Text("#".into()),
                Part::Name("id".into())
            ]
        );
        assert_eq!(parse("{{x}}").unwrap(), vec![Part::Text("{x}".into())]);
        assert_eq!(parse("").unwrap(), vec![Part::Text(String::new())]);
        assert!(parse("{id").unwrap_err().contains("not closed"));
        assert!(parse("a}b").unwrap_err().contains("lone"));
        assert!(parse("{}").unwrap_err().contains("empty"));
        assert!(parse("{a{b}").is_err());
    }

    #[test]
    fn fill_replaces_in_every_string() {
        let value = serde_json::json!({"Key": {"PK": {"S": "C#{c}"}}, "Limit": 5, "L": ["{c}{{"]});
        let lookup = |name: &str| (name == "c").then(|| "7".to_string());
        let filled = fill(&value, &lookup).unwrap();
        assert_eq!(filled, serde_json::json!({"Key": {"PK": {"S": "C#7"}}, "Limit": 5, "L": ["7{"]}));
        assert_eq!(fill(&serde_json::json!("{d}"), &lookup).unwrap_err(), "d");
    }
}
