//! Building a lesson's playground by sending requests.
//!
//! A lesson's data is written compactly (one table spec instead of a
//! CreateTable body, rows under a header row instead of DynamoDB JSON), and
//! then every table and item goes through [`Engine::execute`] as a
//! `CreateTable` or `PutItem`, so the engine validates it as it would a
//! student's request. The compact forms:
//!
//! ```json
//! "tables": [{"name": "GameScores", "pk": "UserId S", "sk": "GameTitle S",
//!             "rcu": 5, "wcu": 5,                  provisioned (5/5 when left out);
//!             "od": true,                          or on demand
//!             "class": "STANDARD_INFREQUENT_ACCESS",
//!             "gsi": [{"name": "GameTitleIndex", "pk": "GameTitle S", "sk": "TopScore N",
//!                      "proj": ["Wins", "Losses"]},    INCLUDE; "KEYS_ONLY"; left out: ALL
//!                     {"name": "GSI-1", "pk": "SK S",
//!                      "sk": ["Status S", "OrderDate S"]}],  a multi-attribute key
//!             "lsi": [{"name": "LastPostIndex", "sk": "LastPostDateTime S", "proj": "KEYS_ONLY"}],
//!             "vector": [{"name": "ByStyle", "attr": "style", "dims": 2,   (on demand only)
//!                         "distance": "COSINE", "hash": "shop S",  "filter": "category S",
//!                         "proj": "KEYS_ONLY"}]}],                 hash, filter, proj optional
//! "items": {"GameScores": [["UserId", "GameTitle", "TopScore"],   a header row,
//!                          ["101", "Galaxy Invaders", 5842],      rows (null: no attribute),
//!                          {"UserId": "102", …}]},                or whole items
//! "setup": [["UpdateTimeToLive", { … }]],                          any other request
//!                                                                  (a stream trigger's too)
//! "generate": ["inbox"],                                           see `generate`
//! "settings": {"ttl-sweep-delay": 3153600000000}                   EngineSettings by name
//! ```
//!
//! Values are plain JSON: a string is `S`, a number `N`, a boolean `BOOL`,
//! an array `L`, an object `M`, and an object with one type tag (`{"SS":
//! […]}`) is taken as DynamoDB JSON.
//!
//! While the lesson is built, throughput is not enforced (fifty 256 KB
//! messages are 12,800 WCU of writes) and GSIs update at once; afterwards
//! the engine has its default settings plus the lesson's.

use serde_json::{json, Map, Value};

use super::generate;
use super::lesson::Lesson;
use crate::engine::ordered::Ordered;
use crate::engine::triggers::TRIGGER_OPERATIONS;
use crate::engine::value::wire::is_type_tag;
use crate::engine::{ApiError, Engine, EngineSettings, Result};
use crate::scenario::Scenario;

/// DynamoDB JSON for a plain JSON value (see the module notes).
pub fn wire_value(value: &Value) -> Value {
    match value {
        Value::String(s) => json!({ "S": s }),
        Value::Number(n) => json!({ "N": n.to_string() }),
        Value::Bool(b) => json!({ "BOOL": b }),
        Value::Null => json!({ "NULL": true }),
        Value::Array(list) => json!({ "L": list.iter().map(wire_value).collect::<Vec<_>>() }),
        Value::Object(members) if members.len() == 1 && members.keys().all(|k| is_type_tag(k)) => value.clone(),
        Value::Object(members) => json!({ "M": wire_attributes(members) }),
    }
}

fn wire_attributes(members: &Map<String, Value>) -> Value {
    Value::Object(members.iter().map(|(name, value)| (name.clone(), wire_value(value))).json_object())
}

/// The same request with the plain values of its `Key`, `Item`,
/// `ExclusiveStartKey`, `ExpressionAttributeValues`, batch entries and
/// transaction actions in DynamoDB JSON.
pub fn wire_request(request: &Value) -> Value {
    let Value::Object(members) = request else { return request.clone() };
    let mut out = members.clone();
    for name in ["Key", "Item", "ExclusiveStartKey", "ExpressionAttributeValues"] {
        if let Some(Value::Object(values)) = members.get(name) {
            out.insert(name.into(), wire_attributes(values));
        }
    }
    // SearchVectors' vector: a bare list of values, `[1, 0]` written plainly.
    if let Some(Value::Array(vector)) = members.get("SearchVector") {
        out.insert("SearchVector".into(), vector.iter().map(wire_value).collect::<Vec<_>>().into());
    }
    if let Some(Value::Object(tables)) = members.get("RequestItems") {
        let tables = tables.iter().map(|(table, entry)| {
            let entry = match entry {
                // BatchGetItem: {"Keys": [...], ...}
                Value::Object(get) => {
                    let mut get = get.clone();
                    if let Some(Value::Array(keys)) = get.get("Keys") {
                        let keys: Vec<Value> =
                            keys.iter().map(|k| k.as_object().map_or(k.clone(), wire_attributes)).collect();
                        get.insert("Keys".into(), keys.into());
                    }
                    Value::Object(get)
                }
                // BatchWriteItem: [{"PutRequest": {"Item": …}}, {"DeleteRequest": {"Key": …}}]
                Value::Array(writes) => Value::Array(writes.iter().map(wire_actions).collect()),
                other => other.clone(),
            };
            (table.clone(), entry)
        });
        out.insert("RequestItems".into(), Value::Object(tables.json_object()));
    }
    if let Some(Value::Array(actions)) = members.get("TransactItems") {
        out.insert("TransactItems".into(), Value::Array(actions.iter().map(wire_actions).collect()));
    }
    Value::Object(out)
}

/// `{"Put": {…}}`-shaped entries: each inner request converted.
fn wire_actions(entry: &Value) -> Value {
    match entry {
        Value::Object(actions) => {
            Value::Object(actions.iter().map(|(kind, inner)| (kind.clone(), wire_request(inner))).json_object())
        }
        other => other.clone(),
    }
}

fn invalid(lesson: &str, detail: impl std::fmt::Display) -> ApiError {
    // Ours: the built-in lessons are tested, so this names a broken build.
    ApiError::validation(format!("Invalid lesson {lesson}: {detail}"))
}

/// `"UserId S"` → the key element and its attribute definition.
fn key_part(spec: &Value, key_type: &str, definitions: &mut Vec<Value>) -> Option<Value> {
    let (name, scalar) = spec.as_str()?.rsplit_once(' ')?;
    if !definitions.iter().any(|d| d["AttributeName"] == name) {
        definitions.push(json!({"AttributeName": name, "AttributeType": scalar}));
    }
    Some(json!({"AttributeName": name, "KeyType": key_type}))
}

/// A GSI's `"pk"` or `"sk"`: one `"Name S"`, or a list of them for a
/// multi-attribute key (`["Status S", "OrderDate S"]`), in key-schema order.
fn key_parts(spec: &Value, key_type: &str, definitions: &mut Vec<Value>) -> Option<Vec<Value>> {
    match spec {
        Value::Array(parts) => parts.iter().map(|part| key_part(part, key_type, definitions)).collect(),
        one => Some(vec![key_part(one, key_type, definitions)?]),
    }
}

fn projection(spec: Option<&Value>) -> Value {
    match spec {
        Some(Value::String(kind)) => json!({ "ProjectionType": kind }),
        Some(Value::Array(names)) => json!({"ProjectionType": "INCLUDE", "NonKeyAttributes": names}),
        _ => json!({"ProjectionType": "ALL"}),
    }
}

fn throughput(spec: &Map<String, Value>, table: &Map<String, Value>) -> Value {
    let units = |member: &str| spec.get(member).or_else(|| table.get(member)).and_then(Value::as_u64).unwrap_or(5);
    json!({"ReadCapacityUnits": units("rcu"), "WriteCapacityUnits": units("wcu")})
}

/// The CreateTable body of a table spec.
pub fn create_table_request(spec: &Value) -> Option<Value> {
    let table = spec.as_object()?;
    let mut definitions = Vec::new();
    let mut key = vec![key_part(table.get("pk")?, "HASH", &mut definitions)?];
    if let Some(sk) = table.get("sk") {
        key.push(key_part(sk, "RANGE", &mut definitions)?);
    }
    let on_demand = table.get("od").and_then(Value::as_bool).unwrap_or(false);
    let mut request = json!({"TableName": table.get("name")?, "KeySchema": key});
    let body = request.as_object_mut()?;
    if on_demand {
        body.insert("BillingMode".into(), "PAY_PER_REQUEST".into());
    } else {
        body.insert("ProvisionedThroughput".into(), throughput(table, table));
    }
    if let Some(class) = table.get("class") {
        body.insert("TableClass".into(), class.clone());
    }
    let mut gsis = Vec::new();
    for index in table.get("gsi").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
        let index = index.as_object()?;
        let mut schema = key_parts(index.get("pk")?, "HASH", &mut definitions)?;
        if let Some(sk) = index.get("sk") {
            schema.extend(key_parts(sk, "RANGE", &mut definitions)?);
        }
        let mut gsi = json!({"IndexName": index.get("name")?, "KeySchema": schema,
                             "Projection": projection(index.get("proj"))});
        if !on_demand {
            gsi.as_object_mut()?.insert("ProvisionedThroughput".into(), throughput(index, table));
        }
        gsis.push(gsi);
    }
    let mut lsis = Vec::new();
    for index in table.get("lsi").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
        let index = index.as_object()?;
        let schema = vec![key.first()?.clone(), key_part(index.get("sk")?, "RANGE", &mut definitions)?];
        lsis.push(json!({"IndexName": index.get("name")?, "KeySchema": schema,
                         "Projection": projection(index.get("proj"))}));
    }
    let mut vectors = Vec::new();
    for index in table.get("vector").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
        let index = index.as_object()?;
        let mut schema = Vec::new();
        for (member, role) in [("hash", "HASH"), ("filter", "INLINE_FILTER")] {
            if let Some(spec) = index.get(member) {
                let element = key_part(spec, role, &mut definitions)?;
                let name = element.get("AttributeName")?.clone();
                schema.push(json!({"AttributeName": name, "SearchSchemaElementType": role}));
            }
        }
        let mut vector = json!({"IndexName": index.get("name")?, "VectorAttribute": {"AttributeName": index.get("attr")?},
            "Dimensions": index.get("dims")?, "DistanceFunction": index.get("distance")?,
            "Projection": projection(index.get("proj"))});
        if !schema.is_empty() {
            vector.as_object_mut()?.insert("SearchSchema".into(), schema.into());
        }
        vectors.push(vector);
    }
    let body = request.as_object_mut()?;
    body.insert("AttributeDefinitions".into(), definitions.into());
    if !vectors.is_empty() {
        body.insert("VectorIndexes".into(), vectors.into());
    }
    if !gsis.is_empty() {
        body.insert("GlobalSecondaryIndexes".into(), gsis.into());
    }
    if !lsis.is_empty() {
        body.insert("LocalSecondaryIndexes".into(), lsis.into());
    }
    Some(request)
}

/// The items of one table's entry: rows under the header row, or whole
/// items; a `null` cell leaves the attribute out.
fn items_of(rows: &[Value]) -> Vec<Value> {
    let mut header: Vec<&str> = Vec::new();
    let mut items = Vec::new();
    for row in rows {
        match row {
            Value::Object(item) => items.push(wire_attributes(item)),
            Value::Array(cells) if header.is_empty() => header = cells.iter().filter_map(Value::as_str).collect(),
            Value::Array(cells) => {
                let item: Map<String, Value> = header
                    .iter()
                    .zip(cells)
                    .filter(|(_, cell)| !cell.is_null())
                    .map(|(name, cell)| (name.to_string(), wire_value(cell)))
                    .json_object();
                items.push(Value::Object(item));
            }
            _ => {}
        }
    }
    items
}

/// Sends one request, naming the lesson and the request in an error.
pub(crate) fn send(engine: &mut Engine, lesson: &str, operation: &str, request: &Value) -> Result<Value> {
    let answer = if TRIGGER_OPERATIONS.contains(&operation) {
        engine.execute_triggers(operation, request)
    } else {
        engine.execute(operation, request)
    };
    answer.map_err(|e| invalid(lesson, format!("{operation} {request}: {}: {}", e.name(), e.message())))
}

/// The lesson's playground: its tables and items, built through requests,
/// its saved operations, and a view that opens on its first table and
/// remembers the lesson.
pub fn scenario(lesson: &Lesson) -> Result<Scenario> {
    let id = lesson.id.as_str();
    let top = lesson.document.as_object().ok_or_else(|| invalid(id, "not an object"))?;
    let mut engine = Engine::new();
    // Building is not traffic: nothing is throttled, GSIs update at once.
    engine.settings_mut().enforce_throughput = false;
    engine.settings_mut().gsi_propagation_delay_millis = 0;
    let mut first_table = None;
    for spec in top.get("tables").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
        let request = create_table_request(spec).ok_or_else(|| invalid(id, format!("bad table spec {spec}")))?;
        send(&mut engine, id, "CreateTable", &request)?;
        first_table.get_or_insert_with(|| request.get("TableName").cloned().unwrap_or_default());
    }
    for entry in top.get("setup").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
        match entry.as_array().map(Vec::as_slice) {
            Some([Value::String(operation), request]) => {
                send(&mut engine, id, operation, &wire_request(request))?;
            }
            _ => return Err(invalid(id, format!("bad setup entry {entry}"))),
        }
    }
    if let Some(Value::Object(tables)) = top.get("items") {
        for (table, rows) in tables {
            for item in items_of(rows.as_array().map_or(&[][..], Vec::as_slice)) {
                send(&mut engine, id, "PutItem", &json!({"TableName": table, "Item": item}))?;
            }
        }
    }
    for name in top.get("generate").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
        generate::data(name.as_str().unwrap_or_default(), &mut engine)?;
    }
    // Whatever GSI work is queued lands now (and stream triggers take the
    // items' records), then the lesson's settings. The triggers' writes
    // were building, not traffic: not handed to the page's log.
    engine.advance_clock(1_000);
    engine.take_trigger_writes();
    *engine.settings_mut() = EngineSettings::default();
    if let Some(Value::Object(settings)) = top.get("settings") {
        for (name, value) in settings {
            let value = value.as_u64().ok_or_else(|| invalid(id, format!("setting {name} is not a number")))?;
            if !engine.settings_mut().set(name, value) {
                return Err(invalid(id, format!("unknown setting {name}")));
            }
        }
    }
    let view = json!({ "table": first_table, "lesson": id });
    Ok(Scenario {
        engine,
        operations: lesson.operations.clone(),
        access_patterns: lesson.access_patterns(),
        view,
        workbench: None,
        generated: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::operation::Operation;
    use crate::scenario::lessons::catalog::LessonLibrary;

    /// A lesson's setup and its checklists' dry runs happen before the
    /// page's release build has loaded the console's module, which brings
    /// the deferred operations (`engine::deferred`): they must use none.
    #[test]
    fn no_lesson_needs_the_deferred_operations_before_the_console() {
        let deferred = |name: &str| Operation::parse(name).is_some_and(Operation::deferred);
        let lessons = LessonLibrary::new().lessons();
        assert_eq!(lessons.len(), 17);
        for lesson in lessons {
            for entry in lesson.document.get("setup").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
                let operation = entry.get(0).and_then(Value::as_str).unwrap_or_default();
                assert!(!deferred(operation), "{}: setup sends {operation}", lesson.id);
            }
            for pattern in lesson.checklists.iter().flat_map(|c| &c.patterns) {
                for name in &pattern.operations {
                    let saved = lesson.operation(name).expect("a checklist names a saved operation");
                    assert!(!deferred(&saved.operation), "{}: checklist runs {}", lesson.id, saved.operation);
                }
            }
        }
    }

    #[test]
    fn plain_values_become_dynamodb_json() {
        let request = json!({"TableName": "T", "Key": {"pk": "a", "n": 5},
            "ExpressionAttributeValues": {":s": {"SS": ["x"]}, ":m": {"a": [1, true, null]}},
            "RequestItems": {"T": {"Keys": [{"pk": "b"}]}, "U": [{"PutRequest": {"Item": {"pk": "c"}}}]},
            "TransactItems": [{"Delete": {"TableName": "T", "Key": {"pk": "d"}}}]});
        assert_eq!(
            wire_request(&request),
            json!({"TableName": "T", "Key": {"pk": {"S": "a"}, "n": {"N": "5"}},
                "ExpressionAttributeValues": {":s": {"SS": ["x"]},
                    ":m": {"M": {"a": {"L": [{"N": "1"}, {"BOOL": true}, {"NULL": true}]}}}},
                "RequestItems": {"T": {"Keys": [{"pk": {"S": "b"}}]}, "U": [{"PutRequest": {"Item": {"pk": {"S": "c"}}}}]},
                "TransactItems": [{"Delete": {"TableName": "T", "Key": {"pk": {"S": "d"}}}}]})
        );
    }

    #[test]
    fn a_table_spec_becomes_its_create_table_request() {
        let spec = json!({"name": "T", "pk": "a S", "sk": "b N", "rcu": 7,
            "gsi": [{"name": "G", "pk": "c S", "proj": ["x"], "wcu": 2}],
            "lsi": [{"name": "L", "sk": "d S", "proj": "KEYS_ONLY"}]});
        assert_eq!(
            create_table_request(&spec),
            Some(json!({"TableName": "T",
                "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}, {"AttributeName": "b", "KeyType": "RANGE"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 5},
                "GlobalSecondaryIndexes": [{"IndexName": "G", "KeySchema": [{"AttributeName": "c", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["x"]},
                    "ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 2}}],
                "LocalSecondaryIndexes": [{"IndexName": "L",
                    "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}, {"AttributeName": "d", "KeyType": "RANGE"}],
                    "Projection": {"ProjectionType": "KEYS_ONLY"}}],
                "AttributeDefinitions": [{"AttributeName": "a", "AttributeType": "S"}, {"AttributeName": "b", "AttributeType": "N"},
                    {"AttributeName": "c", "AttributeType": "S"}, {"AttributeName": "d", "AttributeType": "S"}]}))
        );
        let multi = create_table_request(&json!({"name": "T", "pk": "a S", "od": true,
            "gsi": [{"name": "G", "pk": ["b S", "c N"], "sk": ["d S", "a S"]}]}))
        .unwrap();
        assert_eq!(
            multi["GlobalSecondaryIndexes"][0]["KeySchema"],
            json!([{"AttributeName": "b", "KeyType": "HASH"}, {"AttributeName": "c", "KeyType": "HASH"},
                {"AttributeName": "d", "KeyType": "RANGE"}, {"AttributeName": "a", "KeyType": "RANGE"}])
        );
        assert_eq!(multi["AttributeDefinitions"].as_array().map(Vec::len), Some(4));
        let on_demand = create_table_request(&json!({"name": "T", "pk": "a S", "od": true})).unwrap();
        assert_eq!(on_demand["BillingMode"], "PAY_PER_REQUEST");
        assert!(on_demand.get("ProvisionedThroughput").is_none());
        assert_eq!(create_table_request(&json!({"name": "T", "pk": "no-type"})), None);
    }

    #[test]
    fn rows_under_a_header_leave_null_cells_out() {
        let rows = [json!(["pk", "a", "b"]), json!(["x", null, 2]), json!({"pk": "y"})];
        assert_eq!(items_of(&rows), [json!({"pk": {"S": "x"}, "b": {"N": "2"}}), json!({"pk": {"S": "y"}})]);
    }
}
