//! From PartiQL pieces to the pieces of a DynamoDB request: values in
//! DynamoDB JSON, and expression text with `#name`/`:value` placeholders.
//!
//! A PartiQL statement runs as the operation it stands for, so its parts
//! are rewritten in that operation's vocabulary:
//!
//! ```text
//!   WHERE "Year" >= 2020 AND begins_with(Title, 'A')
//!     → FilterExpression  (#n0 >= :v0 AND begins_with(#n1, :v1))
//!       ExpressionAttributeNames  {"#n0": "Year", "#n1": "Title"}
//!       ExpressionAttributeValues {":v0": {"N": "2020"}, ":v1": {"S": "A"}}
//!   SET n = n + 1, tags = set_add(tags, <<'x'>>)
//!     → UpdateExpression  SET #n0 = #n0 + :v0 ADD #n1 :v1
//! ```
//!
//! Every name becomes a placeholder, so reserved words (`Year`, `Status`)
//! need no quoting in PartiQL, as in DynamoDB. The text this produces is
//! then parsed by the engine's own expression parser (`expr`), so a
//! PartiQL condition means exactly what the same condition means in a
//! ConditionExpression.

use serde_json::{json, Map, Value};

use super::ast::{BinaryOp, Expr, ExprKind, IsType, Path};
use super::error::at;
use crate::engine::error::Result;
use crate::engine::expr::ast::PathElement;
use crate::engine::ordered::Ordered;

/// Builds expression text, handing out placeholders.
#[derive(Clone, Debug, Default)]
pub struct Writer {
    names: Vec<String>,
    values: Vec<Value>,
}

impl Writer {
    /// The placeholder of an attribute name (one per distinct name).
    pub fn name(&mut self, name: &str) -> String {
        let index = match self.names.iter().position(|n| n == name) {
            Some(index) => index,
            None => {
                self.names.push(name.to_string());
                self.names.len() - 1
            }
        };
        format!("#n{index}")
    }

    /// A new value placeholder for a DynamoDB JSON value.
    pub fn value(&mut self, value: Value) -> String {
        self.values.push(value);
        format!(":v{}", self.values.len() - 1)
    }

    /// A document path in placeholders: `#n0.#n1[2]`.
    pub fn path(&mut self, path: &Path) -> String {
        let mut text = String::new();
        for (i, element) in path.elements.iter().enumerate() {
            match element {
                PathElement::Attribute(name) => {
                    if i > 0 {
                        text.push('.');
                    }
                    text.push_str(&self.name(name));
                }
                PathElement::Index(index) => text.push_str(&format!("[{index}]")),
            }
        }
        text
    }

    /// Adds `ExpressionAttributeNames`/`Values` to a request, if any were used.
    pub fn attach(&self, request: &mut Map<String, Value>) {
        if !self.names.is_empty() {
            let names: Map<String, Value> =
                self.names.iter().enumerate().map(|(i, n)| (format!("#n{i}"), Value::String(n.clone()))).json_object();
            request.insert("ExpressionAttributeNames".into(), Value::Object(names));
        }
        if !self.values.is_empty() {
            let values: Map<String, Value> =
                self.values.iter().enumerate().map(|(i, v)| (format!(":v{i}"), v.clone())).json_object();
            request.insert("ExpressionAttributeValues".into(), Value::Object(values));
        }
    }
}

/// The value of a constant expression in DynamoDB JSON. `params` are the
/// request's `Parameters`; a `?` may stand for a whole value only, not
/// inside a list, map or set (DynamoDB: "Unsupported data type: Parameter
/// under key `root[0]`").
pub fn literal(expr: &Expr, params: &[Value]) -> Result<Value> {
    literal_under(expr, params, None)
}

/// The item of an INSERT, `{'k': v, …}`, as an `Item` map in DynamoDB
/// JSON. Each attribute's value may be a `?` (DynamoDB names positions
/// inside a value from `root`, the attribute's value).
pub fn item_literal(expr: &Expr, params: &[Value]) -> Result<Value> {
    let ExprKind::Struct(fields) = &expr.kind else {
        return Err(at(
            "Unsupported format in item expression. Please use struct format {...} to express item values for insert statement.",
            expr.span.clone(),
        ));
    };
    let mut item = Map::new();
    for (key, value) in fields {
        if item.contains_key(key) {
            return Err(at(format!("Duplicate keys in tuple. Key: {key} under root"), value.span.clone()));
        }
        item.insert(key.clone(), literal(value, params)?);
    }
    Ok(Value::Object(item))
}

fn literal_under(expr: &Expr, params: &[Value], under: Option<&str>) -> Result<Value> {
    let span = expr.span.clone();
    Ok(match &expr.kind {
        ExprKind::Str(s) => json!({ "S": s }),
        ExprKind::Number(n) => json!({ "N": n }),
        ExprKind::Bool(b) => json!({ "BOOL": b }),
        ExprKind::Null => json!({ "NULL": true }),
        ExprKind::Param(n) => match under {
            Some(key) => return Err(at(format!("Unsupported data type: Parameter under key {key}"), span)),
            None => params
                .get(*n)
                .cloned()
                .ok_or_else(|| at("Number of parameters in request and statement don't match.", span))?,
        },
        ExprKind::List(items) => {
            let base = under.unwrap_or("root");
            let values = items
                .iter()
                .enumerate()
                .map(|(i, item)| literal_under(item, params, Some(&format!("{base}[{i}]"))))
                .collect::<Result<Vec<_>>>()?;
            json!({ "L": values })
        }
        ExprKind::Struct(fields) => {
            let base = under.unwrap_or("root");
            let mut map = Map::new();
            for (key, value) in fields {
                if map.contains_key(key) {
                    return Err(at(format!("Duplicate keys in tuple. Key: {key} under {base}"), span));
                }
                map.insert(key.clone(), literal_under(value, params, Some(&format!("{base}.{key}")))?);
            }
            json!({ "M": map })
        }
        ExprKind::Bag(items) => {
            if items.is_empty() {
                return Err(at("Empty bags are not supported", span));
            }
            let strings: Option<Vec<&String>> =
                items.iter().map(|i| if let ExprKind::Str(s) = &i.kind { Some(s) } else { None }).collect();
            let numbers: Option<Vec<&String>> =
                items.iter().map(|i| if let ExprKind::Number(n) = &i.kind { Some(n) } else { None }).collect();
            match (strings, numbers) {
                (Some(strings), _) => json!({ "SS": strings }),
                (None, Some(numbers)) => json!({ "NS": numbers }),
                _ => {
                    return Err(at(
                        "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags",
                        span,
                    ))
                }
            }
        }
        _ => return Err(at("Expected a value: a literal or a ? parameter", span)),
    })
}

/// A condition (a WHERE clause or part of one) as ConditionExpression /
/// FilterExpression text.
pub fn condition(w: &mut Writer, expr: &Expr, params: &[Value]) -> Result<String> {
    let boolean = || at("WHERE clause must contain an expression that resolves to a boolean", expr.span.clone());
    Ok(match &expr.kind {
        ExprKind::Binary(op @ (BinaryOp::And | BinaryOp::Or), _, _) => {
            let terms = if *op == BinaryOp::And { expr.conjuncts() } else { expr.disjuncts() };
            let texts = terms.into_iter().map(|t| condition(w, t, params)).collect::<Result<Vec<_>>>()?;
            format!("({})", texts.join(&format!(" {} ", op.symbol())))
        }
        ExprKind::Binary(op, left, right) if op.is_comparison() => {
            format!("{} {} {}", operand(w, left, params)?, op.symbol(), operand(w, right, params)?)
        }
        ExprKind::Not(inner) => format!("(NOT {})", condition(w, inner, params)?),
        ExprKind::Between { value, low, high, negated } => {
            let text = format!(
                "{} BETWEEN {} AND {}",
                operand(w, value, params)?,
                operand(w, low, params)?,
                operand(w, high, params)?
            );
            negate(text, *negated)
        }
        ExprKind::In { value, list, negated } => {
            let value = operand(w, value, params)?;
            let list = list.iter().map(|e| operand(w, e, params)).collect::<Result<Vec<_>>>()?;
            negate(format!("{value} IN ({})", list.join(", ")), *negated)
        }
        ExprKind::Is { value, test, negated } => {
            let Some(path) = value.path() else {
                return Err(at(
                    "The left hand side argument to IS must be a Variable Reference, Literal, or Path",
                    value.span.clone(),
                ));
            };
            let path = w.path(path);
            let mut typed = |tag: &str| format!("attribute_type({path}, {})", w.value(json!({ "S": tag })));
            let text = match test {
                IsType::Missing => format!("attribute_not_exists({path})"),
                // PartiQL: a MISSING value IS NULL too (our reading of the
                // PartiQL specification; DynamoDB's documentation is silent).
                IsType::Null => format!("(attribute_not_exists({path}) OR {})", typed("NULL")),
                IsType::Boolean => typed("BOOL"),
                IsType::String => typed("S"),
                IsType::Number => typed("N"),
                IsType::Blob => typed("B"),
                IsType::List => typed("L"),
                IsType::Struct => typed("M"),
            };
            negate(text, *negated)
        }
        ExprKind::Call { name, args } => {
            let function = match name.as_str() {
                "attribute_exists" | "attribute_not_exists" | "attribute_type" | "begins_with" | "contains" => name,
                "size" => return Err(boolean()),
                other => return Err(at(format!("Unrecognized function: {other}"), expr.span.clone())),
            };
            let texts = args.iter().map(|a| operand(w, a, params)).collect::<Result<Vec<_>>>()?;
            format!("{function}({})", texts.join(", "))
        }
        _ => return Err(boolean()),
    })
}

fn negate(text: String, negated: bool) -> String {
    if negated {
        format!("(NOT {text})")
    } else {
        text
    }
}

/// A value a condition reads: a path, a constant, or `size(path)`.
pub fn operand(w: &mut Writer, expr: &Expr, params: &[Value]) -> Result<String> {
    match &expr.kind {
        ExprKind::Path(path) => Ok(w.path(path)),
        ExprKind::Call { name, args } if name == "size" => match args.as_slice() {
            [arg] => Ok(format!("size({})", operand(w, arg, params)?)),
            _ => Err(at(
                "Incorrect number of operands for operator or function; operator or function: size",
                expr.span.clone(),
            )),
        },
        _ if expr.is_constant() => Ok(w.value(literal(expr, params)?)),
        ExprKind::Binary(op, _, _) if !op.is_comparison() => Err(at(
            format!("Unsupported operator in Condition Expression. Operator: {}", op.symbol()),
            expr.span.clone(),
        )),
        _ => Err(at("Expected an attribute path or a value", expr.span.clone())),
    }
}

/// What one SET or REMOVE becomes in an UpdateExpression.
pub enum UpdatePart {
    Set(String),
    Remove(String),
    Add(String),
    Delete(String),
}

/// `SET path = value`: a plain assignment, `a + b`, `a - b`,
/// `list_append(a, b)`, or `set_add`/`set_delete(path, <<…>>)`, which are
/// DynamoDB's `ADD` and `DELETE` actions.
pub fn set_action(w: &mut Writer, path: &Path, value: &Expr, params: &[Value]) -> Result<UpdatePart> {
    let target = w.path(path);
    let set_operand = |w: &mut Writer, e: &Expr| -> Result<String> {
        match &e.kind {
            ExprKind::Path(p) => Ok(w.path(p)),
            _ if e.is_constant() => Ok(w.value(literal(e, params)?)),
            _ => Err(at("Expected an attribute path or a value", e.span.clone())),
        }
    };
    Ok(match &value.kind {
        ExprKind::Binary(op @ (BinaryOp::Add | BinaryOp::Sub), left, right) => {
            for side in [left, right] {
                if matches!(side.kind, ExprKind::Str(_) | ExprKind::Null | ExprKind::Bool(_) | ExprKind::List(_)) {
                    let type_name = match side.kind {
                        ExprKind::Str(_) => "S",
                        ExprKind::Null => "NULL",
                        ExprKind::Bool(_) => "BOOL",
                        _ => "L",
                    };
                    return Err(at(
                        format!(
                            "Incorrect operand type for operator or function; operator or function: {}, operand type: {type_name}",
                            op.symbol()
                        ),
                        side.span.clone(),
                    ));
                }
            }
            UpdatePart::Set(format!("{target} = {} {} {}", set_operand(w, left)?, op.symbol(), set_operand(w, right)?))
        }
        ExprKind::Call { name, args } if name == "list_append" => match args.as_slice() {
            [a, b] => {
                UpdatePart::Set(format!("{target} = list_append({}, {})", set_operand(w, a)?, set_operand(w, b)?))
            }
            _ => {
                return Err(at(
                    "Incorrect number of operands for operator or function; operator or function: list_append",
                    value.span.clone(),
                ))
            }
        },
        ExprKind::Call { name, args } if name == "set_add" || name == "set_delete" => {
            let upper = name.to_ascii_uppercase();
            let [first, second] = args.as_slice() else {
                return Err(at(format!("{upper} must have exactly two arguments"), value.span.clone()));
            };
            if first.path().map(|p| &p.elements) != Some(&path.elements) {
                return Err(at(
                    format!("The first argument to {upper} must equal the assignment value"),
                    first.span.clone(),
                ));
            }
            let not_a_set =
                || at(format!("The second argument to {upper} must be a value with type SET"), second.span.clone());
            if !second.is_constant() {
                return Err(not_a_set());
            }
            let set = literal(second, params)?;
            if !set.as_object().is_some_and(|o| o.contains_key("SS") || o.contains_key("NS") || o.contains_key("BS")) {
                return Err(not_a_set());
            }
            let placeholder = w.value(set);
            if name == "set_add" {
                UpdatePart::Add(format!("{target} {placeholder}"))
            } else {
                UpdatePart::Delete(format!("{target} {placeholder}"))
            }
        }
        ExprKind::Call { name, .. } => return Err(at(format!("Unrecognized function: {name}"), value.span.clone())),
        _ => UpdatePart::Set(format!("{target} = {}", set_operand(w, value)?)),
    })
}

/// The UpdateExpression of a list of parts, section by section.
pub fn update_expression(parts: &[UpdatePart]) -> String {
    let mut sections: Vec<String> = Vec::new();
    let mut section = |keyword: &str, pick: &dyn Fn(&UpdatePart) -> Option<&String>| {
        let items: Vec<&str> = parts.iter().filter_map(pick).map(String::as_str).collect();
        if !items.is_empty() {
            sections.push(format!("{keyword} {}", items.join(", ")));
        }
    };
    section("SET", &|p| if let UpdatePart::Set(t) = p { Some(t) } else { None });
    section("REMOVE", &|p| if let UpdatePart::Remove(t) = p { Some(t) } else { None });
    section("ADD", &|p| if let UpdatePart::Add(t) = p { Some(t) } else { None });
    section("DELETE", &|p| if let UpdatePart::Delete(t) = p { Some(t) } else { None });
    sections.join(" ")
}
