//! Golden scripts in `src/engine/expr/testscripts/`, read like a lecture:
//! set placeholders and an item, then parse, evaluate and apply expressions.
//! Regenerate with `UPDATE_GOLDENFILES=1 cargo test --lib engine::expr`.
//!
//! * `names '<json>'`, `values '<json>'`: the request's
//!   ExpressionAttributeNames / ExpressionAttributeValues (values in
//!   DynamoDB JSON or plain JSON); `none` clears them.
//! * `item '<json>'` (or `item none`): the item expressions work on.
//! * `condition "<expr>" [member=FilterExpression]`: the parsed condition
//!   and, when an item is set (or `none`), whether it holds.
//! * `update "<expr>"`: the parsed update; applies it to the item (an empty
//!   one when none) and makes the result the item.
//! * `project "<expr>"`: the item reduced to the projection.
//! * `key "<expr>" [sort=S|N|B]`: the key condition for a table keyed by
//!   `pk` (S) and, with `sort`, `sk`.
//!
//! Errors print the message and underline the span it carries.

use std::error::Error;
use std::fmt::Write as _;

use super::*;
use crate::engine::value::document::parse_item_json;

#[derive(Default)]
struct Runner {
    names: Option<Value>,
    values: Option<Value>,
    /// `None`: no item context; `Some(None)`: the item does not exist.
    item: Option<Option<Item>>,
}

fn json_arg(text: &str) -> Result<Option<Value>, Box<dyn Error>> {
    if text == "none" {
        return Ok(None);
    }
    Ok(Some(item_to_wire(&parse_item_json(text)?)))
}

/// The message and, under the expression, a caret line marking the span.
fn located(text: &str, error: ApiError) -> Box<dyn Error> {
    let mut out = error.message().to_string();
    if let ApiError::InvalidExpression { span, .. } = &error {
        let start = text.get(..span.start).map_or(0, |s| s.chars().count());
        let width = text.get(span.clone()).map_or(0, |s| s.chars().count()).max(1);
        let _ = write!(out, "\n  {text}\n  {}{}", " ".repeat(start), "^".repeat(width));
    }
    out.into()
}

fn wire(item: &Item) -> Result<String, Box<dyn Error>> {
    Ok(serde_json::to_string(&item_to_wire(item))?)
}

impl goldenscript::Runner for Runner {
    type Command = goldenscript::Command;

    fn run(&mut self, command: &Self::Command, _: &goldenscript::Context) -> Result<String, Box<dyn Error>> {
        let mut args = command.consume_args();
        let text = args.next_pos().ok_or("argument expected")?.to_string();
        let member = args.take_key("member").map(str::to_string);
        let sort = args.take_key("sort").map(str::to_string);
        args.reject_next()?;
        let placeholders = || Placeholders::from_request(self.names.as_ref(), self.values.as_ref());
        let mut usage = Usage::new();
        let mut out = String::new();
        match command.name.as_str() {
            "names" => self.names = if text == "none" { None } else { Some(serde_json::from_str(&text)?) },
            "values" => self.values = json_arg(&text)?,
            "item" => {
                let item = if text == "none" { None } else { Some(parse_item_json(&text)?) };
                self.item = Some(item);
            }
            "condition" => {
                let member: &'static str = match member.as_deref() {
                    Some("FilterExpression") => "FilterExpression",
                    _ => "ConditionExpression",
                };
                let c = Condition::parse(&text, member, &placeholders()?, &mut usage).map_err(|e| located(&text, e))?;
                match &self.item {
                    Some(item) => writeln!(out, "{c} → {}", c.evaluate(item.as_ref()))?,
                    None => writeln!(out, "{c}")?,
                }
            }
            "update" => {
                let u = UpdateExpression::parse(&text, &placeholders()?, &mut usage).map_err(|e| located(&text, e))?;
                writeln!(out, "{u}")?;
                let before = self.item.clone().flatten().unwrap_or_default();
                let after = u.apply(&before).map_err(|e| located(&text, e))?;
                writeln!(out, "→ {}", wire(&after)?)?;
                writeln!(out, "  UPDATED_NEW {}", wire(&u.updated_paths().apply(&after))?)?;
                self.item = Some(Some(after));
            }
            "project" => {
                let p = Projection::parse(&text, &placeholders()?, &mut usage).map_err(|e| located(&text, e))?;
                let item = self.item.clone().flatten().unwrap_or_default();
                writeln!(out, "{p} → {}", wire(&p.apply(&item))?)?;
            }
            "key" => {
                let scalar = |t: &str| ScalarType::parse(t).ok_or("sort must be S, N or B");
                let sort = sort.as_deref().map(scalar).transpose()?;
                let kc = parse_key_condition(&text, &placeholders()?, &mut usage, &schema(sort))
                    .map_err(|e| located(&text, e))?;
                writeln!(out, "{kc:?}")?;
            }
            other => return Err(format!("unknown command {other}").into()),
        }
        Ok(out)
    }
}

#[test]
fn golden_scripts() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/expr/testscripts");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.sort();
    assert!(!paths.is_empty(), "no scripts in {}", dir.display());
    for path in paths {
        goldenscript::run(&mut Runner::default(), &path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}
