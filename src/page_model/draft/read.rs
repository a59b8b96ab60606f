//! Reading a request back into a draft (raw mode → form): every member the
//! form has a field for fills it; the rest is kept in `Draft::extra` and
//! sent along unchanged.

use serde_json::{Map, Value};

use super::build::*;
use super::*;

/// The text a placeholder map is shown with: the user's own text when it
/// still says the same thing, else the new value spelled out.
pub(super) fn base_text(
    old: &str,
    new: Option<Value>,
    show: impl Fn(&Value) -> String,
    parse: fn(&str) -> Result<Option<Value>, FormError>,
) -> String {
    match new {
        None => String::new(),
        Some(value) => {
            if parse(old).ok().flatten().as_ref() == Some(&value) {
                old.to_string()
            } else {
                show(&value)
            }
        }
    }
}

/// Values as the form shows them: plain JSON when that reads back the
/// same, DynamoDB JSON otherwise (or the JSON itself if it is not values).
pub(super) fn values_text(value: &Value) -> String {
    match item_from_wire(value) {
        Ok(item) => editor_text_for(&item),
        Err(_) => pretty(value),
    }
}

/// Merges generated placeholders into the user's map (the user's win a
/// clash, so their error shows rather than being hidden).
pub(super) fn merge(user: Option<Value>, generated: Map<String, Value>) -> Value {
    match user {
        Some(Value::Object(mut map)) => {
            for (k, v) in generated {
                map.entry(k).or_insert(v);
            }
            Value::Object(map)
        }
        Some(other) => other,
        None => Value::Object(generated),
    }
}

pub(super) fn take_string(map: &mut Map<String, Value>, member: &str) -> Option<String> {
    match map.remove(member) {
        Some(Value::String(s)) => Some(s),
        Some(other) => {
            map.insert(member.into(), other);
            None
        }
        None => None,
    }
}

pub(super) fn take_bool(map: &mut Map<String, Value>, member: &str) -> Option<bool> {
    match map.remove(member) {
        Some(Value::Bool(b)) => Some(b),
        Some(other) => {
            map.insert(member.into(), other);
            None
        }
        None => None,
    }
}

/// Moves a `Key` member into `into` when the form can show it.
pub(super) fn take_key(map: &mut Map<String, Value>, member: &str, schema: Option<&KeySchema>, into: &mut KeyInput) {
    let Some(key) = map.remove(member) else {
        *into = KeyInput::default();
        return;
    };
    match schema.and_then(|schema| key_input(schema, &key)) {
        Some(input) => *into = input,
        None => {
            map.insert(member.into(), key);
        }
    }
}

/// The one entry of a map, if it has exactly one.
pub(super) fn single(map: &Map<String, Value>) -> Option<(&String, &Value)> {
    let mut entries = map.iter();
    let first = entries.next()?;
    entries.next().is_none().then_some(first)
}

/// `{"<member>": x}` → x.
pub(super) fn single_member<'a>(value: &'a Value, member: &str) -> Option<&'a Value> {
    let (name, inner) = single(value.as_object()?)?;
    (name == member).then_some(inner)
}

/// One `PutRequest`/`DeleteRequest` as a form row.
pub(super) fn batch_write_row(request: &Value, schema: Option<&KeySchema>) -> Option<WriteRow> {
    let (kind, body) = single(request.as_object()?)?;
    let body = body.as_object()?;
    match kind.as_str() {
        "PutRequest" if body.len() == 1 => {
            let item = item_from_wire(body.get("Item")?).ok()?;
            Some(WriteRow { kind: WriteKind::Put, item: editor_text_for(&item), ..WriteRow::default() })
        }
        "DeleteRequest" if body.len() == 1 => {
            let key = key_input(schema?, body.get("Key")?)?;
            Some(WriteRow { kind: WriteKind::Delete, key, ..WriteRow::default() })
        }
        _ => None,
    }
}

impl Draft {
    /// A draft of `operation` whose form stands for `request`. Fields of
    /// other operations keep their text from `base`; members the form
    /// cannot show go to [`Draft::extra`].
    pub fn from_request(base: &Draft, operation: ItemOperation, request: &Value, schema: Option<&KeySchema>) -> Draft {
        let mut rest = request.as_object().cloned().unwrap_or_default();
        let mut draft = base.clone();
        draft.operation = operation;
        draft.extra = Map::new();
        draft.extra_for = None;
        // What every operation may carry.
        draft.return_consumed = take_string(&mut rest, "ReturnConsumedCapacity").unwrap_or_default();
        draft.names = base_text(&base.names, rest.remove("ExpressionAttributeNames"), pretty, names_value);
        draft.values = base_text(&base.values, rest.remove("ExpressionAttributeValues"), values_text, values_value);
        let table = take_string(&mut rest, "TableName");

        match operation {
            ItemOperation::PutItem => {
                match rest.remove("Item") {
                    Some(item) => match item_from_wire(&item) {
                        Ok(parsed) => {
                            let keep = parse_item_json(&base.item).is_ok_and(|old| old == parsed);
                            draft.item = if keep { base.item.clone() } else { editor_text_for(&parsed) };
                        }
                        Err(_) => {
                            rest.insert("Item".into(), item);
                        }
                    },
                    None => draft.item = String::new(),
                }
                draft.condition = take_string(&mut rest, "ConditionExpression").unwrap_or_default();
                draft.return_values = take_string(&mut rest, "ReturnValues").unwrap_or_default();
            }
            ItemOperation::GetItem => {
                take_key(&mut rest, "Key", schema, &mut draft.key);
                draft.consistent = take_bool(&mut rest, "ConsistentRead").unwrap_or(false);
                draft.projection = take_string(&mut rest, "ProjectionExpression").unwrap_or_default();
            }
            ItemOperation::UpdateItem | ItemOperation::DeleteItem => {
                take_key(&mut rest, "Key", schema, &mut draft.key);
                if operation == ItemOperation::UpdateItem {
                    draft.update = take_string(&mut rest, "UpdateExpression").unwrap_or_default();
                }
                draft.condition = take_string(&mut rest, "ConditionExpression").unwrap_or_default();
                draft.return_values = take_string(&mut rest, "ReturnValues").unwrap_or_default();
            }
            ItemOperation::Query | ItemOperation::Scan => {
                draft.index = take_string(&mut rest, "IndexName").unwrap_or_default();
                if operation == ItemOperation::Query {
                    let text = take_string(&mut rest, "KeyConditionExpression");
                    draft.key_condition = text.clone().unwrap_or_default();
                    draft.key_expression_mode = true;
                    if let Some(text) = text {
                        draft.recognise_picker(&text, schema, base);
                    }
                }
                draft.filter = take_string(&mut rest, "FilterExpression").unwrap_or_default();
                draft.projection = take_string(&mut rest, "ProjectionExpression").unwrap_or_default();
                draft.consistent = take_bool(&mut rest, "ConsistentRead").unwrap_or(false);
                draft.limit = match rest.remove("Limit") {
                    Some(Value::Number(n)) => n.to_string(),
                    Some(other) => {
                        rest.insert("Limit".into(), other);
                        String::new()
                    }
                    None => String::new(),
                };
                draft.forward = take_bool(&mut rest, "ScanIndexForward").unwrap_or(true);
                if operation == ItemOperation::Scan && !draft.forward {
                    rest.insert("ScanIndexForward".into(), false.into());
                    draft.forward = true;
                }
                draft.select = take_string(&mut rest, "Select").unwrap_or_default();
                draft.start_key = rest.remove("ExclusiveStartKey");
            }
            ItemOperation::SearchVectors => {
                draft.index = take_string(&mut rest, "IndexName").unwrap_or_default();
                // The vector as plain numbers when every element is a
                // number in DynamoDB JSON; otherwise the member stays raw.
                let plain = rest.get("SearchVector").and_then(Value::as_array).and_then(|list| {
                    let numbers: Option<Vec<String>> =
                        list.iter().map(|v| Some(v.as_object()?.get("N")?.as_str()?.to_string())).collect();
                    numbers.filter(|n| n.iter().all(|text| serde_json::from_str::<serde_json::Number>(text).is_ok()))
                });
                if let Some(numbers) = plain {
                    rest.remove("SearchVector");
                    draft.vector = format!("[{}]", numbers.join(", "));
                } else {
                    draft.vector = String::new();
                }
                draft.top_k = match rest.remove("TopK") {
                    Some(Value::Number(n)) => n.to_string(),
                    Some(other) => {
                        rest.insert("TopK".into(), other);
                        String::new()
                    }
                    None => String::new(),
                };
                draft.search_condition = take_string(&mut rest, "SearchConditionExpression").unwrap_or_default();
                draft.projection = take_string(&mut rest, "ProjectionExpression").unwrap_or_default();
            }
            ItemOperation::BatchGetItem => {
                let taken = (|| {
                    let items = rest.get("RequestItems")?.as_object()?;
                    let (name, entry) = single(items)?;
                    let mut entry = entry.as_object()?.clone();
                    let schema = schema?;
                    let keys = entry.remove("Keys")?;
                    let keys: Option<Vec<KeyInput>> = keys.as_array()?.iter().map(|k| key_input(schema, k)).collect();
                    let projection = take_string(&mut entry, "ProjectionExpression");
                    let consistent = take_bool(&mut entry, "ConsistentRead");
                    let names = entry.remove("ExpressionAttributeNames");
                    entry.is_empty().then_some((name.clone(), keys?, projection, consistent, names))
                })();
                if let Some((name, keys, projection, consistent, names)) = taken {
                    rest.remove("RequestItems");
                    draft.table = name;
                    draft.keys = if keys.is_empty() { vec![KeyInput::default()] } else { keys };
                    draft.projection = projection.unwrap_or_default();
                    draft.consistent = consistent.unwrap_or(false);
                    if let Some(names) = names {
                        draft.names = pretty(&names);
                    }
                }
            }
            ItemOperation::BatchWriteItem => {
                let taken = (|| {
                    let items = rest.get("RequestItems")?.as_object()?;
                    let (name, requests) = single(items)?;
                    let rows: Option<Vec<WriteRow>> =
                        requests.as_array()?.iter().map(|r| batch_write_row(r, schema)).collect();
                    Some((name.clone(), rows?))
                })();
                if let Some((name, rows)) = taken {
                    rest.remove("RequestItems");
                    draft.table = name;
                    draft.writes = if rows.is_empty() { vec![WriteRow::default()] } else { rows };
                }
            }
            ItemOperation::TransactGetItems => {
                let taken = (|| {
                    let actions = rest.get("TransactItems")?.as_array()?;
                    let mut table = None::<String>;
                    let mut keys = Vec::new();
                    let mut projection = None::<String>;
                    let mut names = None::<Value>;
                    for action in actions {
                        let get = single_member(action, "Get")?;
                        let mut get = get.as_object()?.clone();
                        let name = take_string(&mut get, "TableName")?;
                        if table.get_or_insert_with(|| name.clone()) != &name {
                            return None;
                        }
                        keys.push(key_input(schema?, &get.remove("Key")?)?);
                        let p = take_string(&mut get, "ProjectionExpression");
                        if projection.is_some() && projection != p {
                            return None;
                        }
                        projection = p;
                        if let Some(n) = get.remove("ExpressionAttributeNames") {
                            names = Some(n);
                        }
                        if !get.is_empty() {
                            return None;
                        }
                    }
                    Some((table?, keys, projection, names))
                })();
                if let Some((name, keys, projection, names)) = taken {
                    rest.remove("TransactItems");
                    draft.table = name;
                    draft.keys = keys;
                    draft.projection = projection.unwrap_or_default();
                    if let Some(names) = names {
                        draft.names = pretty(&names);
                    }
                }
            }
            ItemOperation::ExecuteStatement => {
                draft.statement = take_string(&mut rest, "Statement").unwrap_or_default();
                draft.parameters = match rest.remove("Parameters") {
                    Some(parameters) if parameters.is_array() => pretty(&parameters),
                    Some(other) => {
                        rest.insert("Parameters".into(), other);
                        String::new()
                    }
                    None => String::new(),
                };
                draft.consistent = take_bool(&mut rest, "ConsistentRead").unwrap_or(false);
                draft.limit = rest.remove("Limit").map(|l| l.to_string()).unwrap_or_default();
                draft.next_token = take_string(&mut rest, "NextToken");
            }
            ItemOperation::TransactWriteItems => {
                let taken = (|| {
                    let actions = rest.get("TransactItems")?.as_array()?;
                    let mut table = None::<String>;
                    let mut rows = Vec::new();
                    let mut names = Map::new();
                    let mut values = Map::new();
                    for action in actions {
                        let (kind, body) = action.as_object().and_then(single)?;
                        let kind = WriteKind::ALL.into_iter().find(|k| k.name() == kind)?;
                        let mut body = body.as_object()?.clone();
                        let name = take_string(&mut body, "TableName")?;
                        if table.get_or_insert_with(|| name.clone()) != &name {
                            return None;
                        }
                        let mut row = WriteRow { kind, ..WriteRow::default() };
                        match kind {
                            WriteKind::Put => {
                                let item = item_from_wire(&body.remove("Item")?).ok()?;
                                row.item = editor_text_for(&item);
                            }
                            _ => row.key = key_input(schema?, &body.remove("Key")?)?,
                        }
                        row.update = take_string(&mut body, "UpdateExpression").unwrap_or_default();
                        row.condition = take_string(&mut body, "ConditionExpression").unwrap_or_default();
                        for (member, into) in
                            [("ExpressionAttributeNames", &mut names), ("ExpressionAttributeValues", &mut values)]
                        {
                            if let Some(map) = body.remove(member) {
                                for (k, v) in map.as_object()? {
                                    if into.get(k).is_some_and(|old| old != v) {
                                        return None;
                                    }
                                    into.insert(k.clone(), v.clone());
                                }
                            }
                        }
                        if !body.is_empty() {
                            return None;
                        }
                        rows.push(row);
                    }
                    Some((table?, rows, names, values))
                })();
                if let Some((name, rows, names, values)) = taken {
                    rest.remove("TransactItems");
                    draft.table = name;
                    draft.writes = if rows.is_empty() { vec![WriteRow::default()] } else { rows };
                    let names = Value::Object(names);
                    let values = Value::Object(values);
                    draft.names = base_text(&base.names, Some(names), pretty, names_value);
                    draft.values = base_text(&base.values, Some(values), values_text, values_value);
                }
            }
        }
        if let Some(table) = table {
            draft.table = table;
        }
        if !rest.is_empty() {
            draft.extra = rest;
            draft.extra_for = Some(operation);
        }
        draft
    }
}
