//! The harness functions: one per fuzz target, each taking the fuzzer's
//! bytes. They are total on the engine's side (whatever the bytes, the
//! engine must answer) and panic only when an invariant of `check` or a
//! round trip below fails, which is the finding.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde_json::{json, Map, Value};

use super::bytes::Choices;
use super::check;
use super::fixture;
use super::generate::Generator;
use crate::engine::expr::highlight::{apply_reserved_fixes, highlight, reserved_word_fixes};
use crate::engine::expr::{parse_key_condition, Condition, Placeholders, Projection, UpdateExpression, Usage};
use crate::engine::schema::{KeyAttribute, KeySchema, ScalarType};
use crate::engine::value::wire::item_from_wire;
use crate::engine::{ApiError, Engine, Item};
use crate::scenario::{link, Scenario};

/// Engine times a harness may move the clock by: nothing, a GSI
/// propagation, a second of refill, the TTL sweep delay, an iterator's
/// 15-minute life, a stream's 24-hour retention.
pub(super) const CLOCK_STEPS: &[u64] = &[0, 1, 250, 1_000, 300_001, 900_001, 86_400_001];

fn placeholders() -> Placeholders {
    let names = json!({"#a": "a", "#b": "b", "#n": "n", "#pk": "pk", "#sk": "sk", "#dot": "a.b", "#st": "Status"});
    let values = json!({":s": {"S": "hello"}, ":e": {"S": ""}, ":n": {"N": "1"}, ":n2": {"N": "2"},
        ":b": {"B": "AQI="}, ":ss": {"SS": ["a", "b"]}, ":ns": {"NS": ["1", "2"]}, ":l": {"L": [{"N": "1"}, {"S": "x"}]},
        ":m": {"M": {"k": {"S": "v"}}}, ":t": {"BOOL": true}, ":null": {"NULL": true}, ":tS": {"S": "S"},
        ":big": {"N": "9.9999999999999999999999999999999999999E+125"}, ":tiny": {"N": "1E-130"}});
    Placeholders::from_request(Some(&names), Some(&values)).unwrap_or_else(|e| panic!("harness placeholders: {e}"))
}

fn sample_item() -> Item {
    let wire = json!({"pk": {"S": "p"}, "sk": {"N": "1"}, "a": {"S": "hello"},
        "b": {"L": [{"N": "1"}, {"M": {"c": {"N": "2"}}}, {"SS": ["a"]}]}, "n": {"N": "9.9999999999999999999999999999999999999E+125"},
        "m": {"M": {"k": {"S": "v"}, "deep": {"M": {"x": {"L": []}}}}}, "ss": {"SS": ["a", "b"]}, "Status": {"NULL": true}});
    item_from_wire(&wire).unwrap_or_else(|e| panic!("harness item: {e}"))
}

fn span_fits(text: &str, error: &ApiError) {
    if let ApiError::InvalidExpression { span, .. } = error {
        assert!(
            span.start <= span.end
                && span.end <= text.len()
                && text.is_char_boundary(span.start)
                && text.is_char_boundary(span.end),
            "span {span:?} does not fit {text:?}: {error}"
        );
    }
}

/// Every expression parser, evaluator and the editor's highlighter on one
/// text: condition (also as a filter), update, projection, key condition
/// (hash-only and composite schemas), `highlight` and the reserved-word fix.
pub fn expressions(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let p = placeholders();
    let item = sample_item();
    let mut usage = Usage::new();
    match Condition::parse(text, "ConditionExpression", &p, &mut usage) {
        Ok(c) => {
            let _ = c.evaluate(Some(&item));
            let _ = c.evaluate(None);
            let _ = c.top_level_names();
            // The printed form parses back to the same tree (unless it shows
            // a name that needs a placeholder in backquotes, a display form).
            let printed = c.to_string();
            if printed.contains('`') {
                return;
            }
            match Condition::parse(&printed, "ConditionExpression", &p, &mut Usage::new()) {
                Ok(again) => assert_eq!(again.to_string(), printed, "{text:?}"),
                Err(e) => panic!("printed condition {printed:?} of {text:?} does not parse: {e}"),
            }
        }
        Err(e) => span_fits(text, &e),
    }
    match UpdateExpression::parse(text, &p, &mut usage) {
        Ok(u) => {
            match u.apply(&item) {
                Ok(updated) => {
                    let _ = u.updated_paths().apply(&updated);
                }
                Err(e) => span_fits(text, &e),
            }
            let _ = u.apply(&Item::new());
            let _ = u.to_string();
        }
        Err(e) => span_fits(text, &e),
    }
    match Projection::parse(text, &p, &mut usage) {
        Ok(projection) => {
            let _ = projection.apply(&item);
        }
        Err(e) => span_fits(text, &e),
    }
    for sort in [None, Some(ScalarType::N), Some(ScalarType::S)] {
        let schema = KeySchema::new(
            KeyAttribute { name: "pk".into(), scalar_type: ScalarType::S },
            sort.map(|scalar_type| KeyAttribute { name: "sk".into(), scalar_type }),
        );
        if let Err(e) = parse_key_condition(text, &p, &mut usage, &schema) {
            span_fits(text, &e);
        }
    }
    let _ = usage.check_all_used(&p);

    // The editor: spans ascend, never overlap, sit on character boundaries.
    let mut end = 0;
    for span in highlight(text) {
        assert!(span.range.start >= end && span.range.start < span.range.end, "{text:?}: {span:?}");
        assert!(text.get(span.range.clone()).is_some(), "{text:?}: {span:?} off a character boundary");
        end = span.range.end;
    }
    assert!(end <= text.len());
    // Fixing reserved words leaves none to fix.
    let (fixed, names) = apply_reserved_fixes(text, &Map::new());
    if !reserved_word_fixes(text).is_empty() {
        let left = crate::engine::expr::highlight::reserved_word_fixes_with_names(&fixed, &names);
        assert!(left.is_empty(), "{text:?} → {fixed:?} still has {left:?}");
    }
}

/// `Engine::execute` with any operation name and body: the input up to its
/// first newline is the operation, the rest the body, sent as text (not
/// JSON is a `SerializationException`), then also to the Streams API and
/// as a dry run.
pub fn execute(data: &[u8]) {
    let (operation, body) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (data.get(..i).unwrap_or_default(), data.get(i + 1..).unwrap_or_default()),
        None => (data, &[][..]),
    };
    let operation = String::from_utf8_lossy(operation);
    let body = String::from_utf8_lossy(body);
    let request: Option<Value> = serde_json::from_str(&body).ok();
    let mut engine = fixture::engine();
    let result = engine.execute_json(&operation, &body);
    check::answer(&operation, request.as_ref(), &result);
    if let Some(request) = request {
        let streams = engine.execute_streams(&operation, &request);
        check::answer(&operation, Some(&request), &streams);
        let preview = engine.dry_run(&operation, &request).result;
        check::answer(&operation, Some(&request), &preview);
    }
}

/// The Scan of every item of `table`, page by page, with throughput off:
/// how many items it holds, or `None` if the scan fails.
fn count_by_scan(engine: &Engine, table: &str) -> Option<u64> {
    let mut engine = engine.clone();
    engine.settings_mut().enforce_throughput = false;
    let mut count = 0;
    let mut start: Option<Value> = None;
    for _ in 0..10_000 {
        let mut request = json!({"TableName": table, "Select": "COUNT"});
        if let Some(start) = start.take() {
            request["ExclusiveStartKey"] = start;
        }
        let page = engine.execute("Scan", &request).ok()?;
        count += page.get("Count").and_then(Value::as_u64)?;
        match page.get("LastEvaluatedKey") {
            Some(key) => start = Some(key.clone()),
            None => return Some(count),
        }
    }
    None
}

/// Invariants of a whole engine: every table's `ItemCount` is the number
/// of items a Scan finds, and the snapshot restores to the same snapshot.
/// A restore replays requests, and a request first applies what the clock
/// made due (TTL deletions, GSI updates), so the engine is brought up to
/// its clock first too.
pub(super) fn whole_engine(engine: &mut Engine) {
    engine.advance_clock(0);
    let names: Vec<String> = engine.tables().map(|t| t.definition.name.clone()).collect();
    for name in &names {
        let mut probe = engine.clone();
        probe.settings_mut().enforce_throughput = false;
        let described = probe.execute("DescribeTable", &json!({"TableName": name}));
        let item_count = described.ok().and_then(|d| d.pointer("/Table/ItemCount").and_then(Value::as_u64));
        assert_eq!(item_count, count_by_scan(engine, name), "ItemCount of {name}");
    }
    let snapshot = engine.snapshot();
    match Engine::restore(&snapshot) {
        Ok(back) => assert_eq!(back.snapshot(), snapshot, "restore(snapshot) differs"),
        Err(e) => panic!("the engine's own snapshot does not restore: {e}\n{snapshot}"),
    }
}

/// Whether to print each step (`FUZZ_TRACE=1`), to read what a crashing
/// input does: `FUZZ_TRACE=1 fuzz/target/.../execute_structured crash-…`.
fn tracing() -> bool {
    std::env::var_os("FUZZ_TRACE").is_some()
}

/// Runs one request on the engine, sometimes as a dry run first, checks
/// both answers, and returns the real one.
pub(super) fn run(engine: &mut Engine, c: &mut Choices, operation: &str, request: &Value) -> Result<Value, ApiError> {
    if tracing() {
        eprintln!("{operation} {request}");
    }
    if c.one_in(5) {
        // A dry run changes nothing: compare the engine before and after,
        // once what the clock made due has been applied.
        if tracing() {
            eprintln!("(dry run first)");
        }
        engine.advance_clock(0);
        let before = engine.snapshot();
        let preview = engine.dry_run(operation, request).result;
        check::answer(operation, Some(request), &preview);
        assert_eq!(engine.snapshot(), before, "dry run of {operation} changed the engine: {request}");
        let result = engine.execute(operation, request);
        if !engine.settings().enforce_throughput {
            assert_eq!(preview, result, "dry run of {operation} differs from the real run: {request}");
        }
        check::answer(operation, Some(request), &result);
        return result;
    }
    let result = engine.execute(operation, request);
    if tracing() {
        eprintln!("  → {result:?}");
    }
    check::answer(operation, Some(request), &result);
    result
}

/// Sequences of valid-shaped requests with mutated values against the
/// fixture (see `generate`), with clock moves in between; then, for one
/// input in three, the whole-engine invariants.
pub fn execute_structured(data: &[u8]) {
    let mut c = Choices::new(data);
    let mut engine = fixture::engine();
    if c.one_in(4) {
        engine.settings_mut().gsi_propagation_delay_millis = 0;
    }
    if c.one_in(3) {
        engine.settings_mut().enforce_throughput = false;
    }
    if c.one_in(6) {
        engine.settings_mut().partition_size_limit_bytes = 300;
    }
    let steps = 1 + c.below(12);
    for _ in 0..steps {
        if c.one_in(10) {
            let millis = c.pick(CLOCK_STEPS).unwrap_or(0);
            if tracing() {
                eprintln!("advance_clock {millis}");
            }
            engine.advance_clock(millis);
            continue;
        }
        let (operation, request) = Generator { c: &mut c }.request();
        let _ = run(&mut engine, &mut c, operation, &request);
        if c.is_empty() {
            break;
        }
    }
    // The whole-engine checks (a Scan per table, a snapshot restored) cost
    // more than the rest together: one input in three, chosen by its bytes
    // so the choice is stable for each input, runs them.
    if data.iter().fold(0u8, |sum, b| sum.wrapping_add(*b)) % 3 == 0 {
        whole_engine(&mut engine);
    }
}

fn strings_at(value: &Value, pointer_list: &str, member: &str, out: &mut Vec<String>) {
    if let Some(Value::Array(list)) = value.pointer(pointer_list) {
        out.extend(list.iter().filter_map(|v| v.pointer(member).and_then(Value::as_str)).map(str::to_string));
    }
}

/// Sequence numbers compare as decimal numbers (as strings of digits).
fn sequence_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// The Streams API: a few writes, then ListStreams / DescribeStream /
/// GetShardIterator / GetRecords with the ARNs, shard ids, sequence
/// numbers and iterators the engine answered, often damaged, and clock
/// moves past an iterator's life and a record's retention. Records must
/// come in ascending sequence-number order.
pub fn streams(data: &[u8]) {
    let mut c = Choices::new(data);
    let mut engine = fixture::engine();
    engine.settings_mut().enforce_throughput = false;
    let writes = c.below(5);
    for _ in 0..writes {
        let (operation, request) = Generator { c: &mut c }.request();
        let result = engine.execute(operation, &request);
        check::answer(operation, Some(&request), &result);
    }
    let (mut arns, mut shards, mut iterators, mut sequences) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    if let Ok(listed) = engine.execute_streams("ListStreams", &json!({})) {
        strings_at(&listed, "/Streams", "/StreamArn", &mut arns);
    }
    let steps = 1 + c.below(12);
    for _ in 0..steps {
        if c.one_in(8) {
            engine.advance_clock(c.pick(CLOCK_STEPS).unwrap_or(0));
            continue;
        }
        if c.one_in(8) {
            let (operation, request) = Generator { c: &mut c }.request();
            let result = engine.execute(operation, &request);
            check::answer(operation, Some(&request), &result);
            continue;
        }
        let (operation, request) = Generator { c: &mut c }.streams_request(&arns, &shards, &iterators, &sequences);
        let result = engine.execute_streams(operation, &request);
        check::answer(operation, Some(&request), &result);
        let Ok(response) = result else { continue };
        strings_at(&response, "/Streams", "/StreamArn", &mut arns);
        strings_at(&response, "/StreamDescription/Shards", "/ShardId", &mut shards);
        strings_at(
            &response,
            "/StreamDescription/Shards",
            "/SequenceNumberRange/StartingSequenceNumber",
            &mut sequences,
        );
        for member in ["ShardIterator", "NextShardIterator"] {
            if let Some(iterator) = response.get(member).and_then(Value::as_str) {
                iterators.push(iterator.to_string());
            }
        }
        let mut seen = Vec::new();
        strings_at(&response, "/Records", "/dynamodb/SequenceNumber", &mut seen);
        for pair in seen.windows(2) {
            if let [a, b] = pair {
                assert_eq!(sequence_order(a, b), std::cmp::Ordering::Less, "records out of order: {seen:?}");
            }
        }
        sequences.extend(seen);
    }
}

fn check_loaded(scenario: &Scenario) {
    // What loads must save and load again to the same document.
    let document = scenario.to_json();
    match Scenario::from_json(document.clone()) {
        Ok(again) => assert_eq!(again.to_json(), document, "scenario round trip differs"),
        Err(e) => panic!("a loaded scenario does not load again: {e}"),
    }
    let link = link::encode(scenario);
    match link::decode(&link) {
        Ok(again) => assert_eq!(again.to_json(), document, "share link round trip differs"),
        Err(e) => panic!("a scenario's own link does not decode: {e}"),
    }
}

fn refused(error: &ApiError) {
    assert_eq!(error.name(), "ValidationException", "{error}");
    let m = error.message();
    assert!(
        m.starts_with("Invalid share link") || m.starts_with("Invalid scenario") || m.starts_with("Invalid snapshot"),
        "{error}"
    );
}

/// The share-link decoder on the input as a fragment, and on the input as
/// the JSON document inside a well-formed link (so that mutations reach
/// the scenario reader past base64 and DEFLATE).
pub fn share_link(data: &[u8]) {
    let fragment = String::from_utf8_lossy(data);
    let wrapped = format!("{}{}", link::PREFIX, URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(data, 1)));
    for text in [fragment.as_ref(), wrapped.as_str()] {
        match link::decode(text) {
            Ok(scenario) => check_loaded(&scenario),
            Err(e) => refused(&e),
        }
    }
}

/// Changes one place of a JSON document, reached by a random walk.
pub(super) fn mutate_document(document: &mut Value, g: &mut Generator) {
    // Walk immutably to a JSON pointer, then change the place it names.
    let mut pointer = String::new();
    let mut at: &Value = document;
    for _ in 0..12 {
        let next = match at {
            Value::Object(map) if !map.is_empty() && !g.c.one_in(4) => {
                let i = g.c.below(map.len());
                map.iter().nth(i).map(|(k, v)| (k.replace('~', "~0").replace('/', "~1"), v))
            }
            Value::Array(list) if !list.is_empty() && !g.c.one_in(4) => {
                let i = g.c.below(list.len());
                list.get(i).map(|v| (i.to_string(), v))
            }
            _ => None,
        };
        match next {
            Some((token, value)) => {
                pointer.push('/');
                pointer.push_str(&token);
                at = value;
            }
            None => break,
        }
    }
    let Some(at) = document.pointer_mut(&pointer) else { return };
    match g.c.below(4) {
        0 if at.is_object() => g.mutate(at),
        1 => *at = g.value(2),
        2 => match at {
            Value::Array(list) => {
                let copy = list.first().cloned().unwrap_or(Value::Null);
                list.push(copy);
            }
            _ => *at = json!([]),
        },
        _ => *at = Value::from(g.c.text(12)),
    }
}

/// Scenario import: the input as a JSON document (first byte even), or
/// (odd) as decisions that damage the fixture's own scenario in a few
/// places. What loads must round-trip, and its exports made across from
/// its scenario file must be the ones made from it.
pub fn scenario(data: &[u8]) {
    let mut c = Choices::new(data);
    let document = if c.byte().is_multiple_of(2) {
        match serde_json::from_slice::<Value>(data.get(1..).unwrap_or_default()) {
            Ok(document) => document,
            Err(_) => return,
        }
    } else {
        let mut document = Scenario::of(&fixture::engine()).to_json();
        let mut g = Generator { c: &mut c };
        let changes = 1 + g.c.below(4);
        for _ in 0..changes {
            mutate_document(&mut document, &mut g);
        }
        document
    };
    if let Some(snapshot) = document.get("engine") {
        if let Ok(engine) = Engine::restore(snapshot) {
            let again = engine.snapshot();
            match Engine::restore(&again) {
                Ok(back) => assert_eq!(back.snapshot(), again, "snapshot round trip differs"),
                Err(e) => panic!("a restored engine's snapshot does not restore: {e}"),
            }
        }
    }
    match Scenario::from_json(document) {
        Ok(scenario) => {
            check_loaded(&scenario);
            exported_across(&scenario);
        }
        Err(e) => refused(&e),
    }
}

/// Every export the panels' wasm makes for the page (from the scenario
/// file, `scenario::conversion`) is the export made from the scenario
/// itself.
fn exported_across(scenario: &Scenario) {
    use crate::scenario::conversion::{answer, export_ask, Answer};
    use crate::scenario::exchange::{export, scenario_file, ExportFormat};

    let file = scenario_file(scenario);
    for format in ExportFormat::ALL {
        let here = export(scenario, format);
        let across = Answer::from_json(&answer(&export_ask(format), &file).to_json());
        assert_eq!(across, Answer::Export { text: here.text, warnings: here.warnings }, "{}", format.name());
    }
}

/// PartiQL: the input up to its first newline is a statement, the rest
/// (if JSON) its `Parameters`. The statement goes through a dry run, then
/// `ExecuteStatement`, `BatchExecuteStatement` and `ExecuteTransaction` on
/// the fixture engine; every answer must be a well-formed one.
pub fn partiql(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (statement, parameters) = match text.split_once('\n') {
        Some((statement, rest)) => (statement.to_string(), serde_json::from_str::<Value>(rest).ok()),
        None => (text.into_owned(), None),
    };
    let mut one = Map::new();
    one.insert("Statement".into(), Value::String(statement));
    if let Some(parameters) = parameters {
        one.insert("Parameters".into(), parameters);
    }
    let mut engine = fixture::engine();
    let mut request = one.clone();
    request.insert("ReturnConsumedCapacity".into(), "INDEXES".into());
    let request = Value::Object(request);
    check::answer("ExecuteStatement", Some(&request), &engine.dry_run("ExecuteStatement", &request).result);
    check::answer("ExecuteStatement", Some(&request), &engine.execute("ExecuteStatement", &request));
    let batch = json!({"Statements": [Value::Object(one.clone())], "ReturnConsumedCapacity": "TOTAL"});
    check::answer("BatchExecuteStatement", Some(&batch), &engine.execute("BatchExecuteStatement", &batch));
    let transaction = json!({"TransactStatements": [Value::Object(one)], "ReturnConsumedCapacity": "TOTAL"});
    check::answer("ExecuteTransaction", Some(&transaction), &engine.execute("ExecuteTransaction", &transaction));
}

/// Import of any file: the bytes as text through the content-sniffing
/// import (scenario, snapshot or NoSQL Workbench model). It answers a
/// scenario or an error, never a panic; a Workbench model that imports
/// exports again, and that export imports again. The page's way to the
/// same import (its own readers for what is not a model, the panels' wasm
/// for a model, answering across as JSON) gives what the import gives,
/// and any JSON read as that answer is read without a panic.
pub fn workbench(data: &[u8]) {
    use crate::scenario::conversion::{self, Answer};
    use crate::scenario::exchange;

    let text = String::from_utf8_lossy(data);
    if let Ok(document) = serde_json::from_str::<Value>(&text) {
        let _ = Answer::from_json(&document);
    }
    let direct = exchange::import(&text);
    let across = Answer::from_json(&conversion::answer(conversion::IMPORT, &text).to_json());
    match (&direct, &across) {
        (Ok(imported), Answer::Imported { scenario, warnings }) => {
            assert_eq!(scenario, &exchange::scenario_file(&imported.scenario));
            assert_eq!(warnings, &imported.warnings);
        }
        (Err(error), Answer::Refused(message)) => assert_eq!(error.message(), message),
        (direct, across) => panic!("the import across differs: {:?} / {across:?}", direct.as_ref().err()),
    }
    if let Ok(document) = exchange::read_document(&text) {
        if !crate::scenario::workbench::is_model(&document) {
            let page = exchange::import_not_a_model(document).map(|i| exchange::scenario_file(&i.scenario));
            let whole = direct.as_ref().map(|i| exchange::scenario_file(&i.scenario));
            assert_eq!(page.map_err(|e| e.message().to_string()), whole.map_err(|e| e.message().to_string()));
        }
    }
    let Ok(imported) = direct else { return };
    let scenario = imported.scenario;
    check_loaded(&scenario);
    if scenario.workbench.is_some() {
        let model = crate::scenario::workbench::export(&scenario, crate::scenario::workbench::ModelVersion::V3);
        let again = crate::scenario::exchange::import_document(model.model);
        assert!(again.is_ok(), "an exported Workbench model does not import: {:?}", again.err());
    }
}
