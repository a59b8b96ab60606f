//! Model-based tests: random sequences of operations run against the
//! engine and against a deliberately simple reference model written here,
//! and every answer must match.
//!
//! The model is a `BTreeMap` per table from primary key to a plain item
//! (strings, small integers, string sets, lists, maps), plus a flag for
//! the one GSI. It knows nothing of partitions, sizes, hashing or JSON
//! protocol details; it says *what* each request must do:
//!
//! ```text
//!   seeded generator ──► request ──► Engine::execute ──► answer ─┐
//!                            │                                   ├─ equal?
//!                            └─────► Model::apply ─────► answer ─┘
//! ```
//!
//! Operations: PutItem (with and without conditions), UpdateItem with SET
//! / REMOVE / ADD / DELETE, `if_not_exists` and `list_append`, DeleteItem,
//! GetItem, Query (every sort-key condition, `begins_with`, `BETWEEN`,
//! both directions, filters, `Limit` with paging), Scan (paging, filters,
//! parallel segments), BatchWriteItem, BatchGetItem, TransactWriteItems
//! (including cancelled ones: nothing may change), TransactGetItems, GSI
//! queries and scans after propagation, and a GSI added and deleted by
//! UpdateTable (and added again: it backfills from the table).
//!
//! Capacity invariants, checked on every request: `ConsumedCapacity` with
//! `INDEXES` is the table's units plus each index's, and equals the engine's
//! own cost breakdown (`Engine::execute_charged`); summed over the whole run,
//! the units the partitions' metrics recorded (`Engine::metrics`) equal
//! what the requests were charged, per table and per GSI, reads and writes
//! apart.
//!
//! Throttling: every third sequence runs on provisioned tables of 1–4 units
//! whose buckets are drained first (large items written and read until the
//! first refusal, the burst's 300 s spent), so that requests throughout the
//! sequence are refused. Every refusal
//! (`ProvisionedThroughputExceededException`, or a transaction cancelled
//! for throughput) must leave no charge and the tables exactly as they
//! were; the request is then sent again one second later, as an SDK
//! retries, until it is admitted, and only then does the model apply it.
//! A separate test throttles a 1 WCU table with a long burst of writes and
//! transactions and checks the same from the partitions' own counts.
//!
//! Orders the engine chooses where DynamoDB promises none are the model's
//! too: Scan results are compared as sets; GSI entries with equal index keys
//! come in table-key order (`src/engine/index/store.rs`).
//!
//! `MODEL_CASES=<n>` runs n sequences instead of the default; `MODEL_SEED`
//! changes the first seed. A failure prints the seed and step to replay.

#![cfg(not(target_arch = "wasm32"))]
// clippy.toml's rules keep weight out of the page's wasm; tests never reach it.
#![allow(clippy::disallowed_methods)]

use std::collections::{BTreeMap, BTreeSet};

use ddb_playground::engine::capacity::{Charge, ChargeKind, Scope};
use ddb_playground::engine::{sim, ApiError, Engine};
use serde_json::{json, Map, Value};

// ---- the generator -----------------------------------------------------------

/// The engine's seeded generator (`sim::Rng`), with the draws the run makes.
struct Rng(sim::Rng);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    fn pick<T: Copy>(&mut self, pool: &[T]) -> T {
        pool[self.below(pool.len())]
    }

    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }
}

// ---- the model ---------------------------------------------------------------

/// A plain attribute value: all the model needs.
#[derive(Clone, Debug, PartialEq)]
enum V {
    S(String),
    N(i64),
    SS(BTreeSet<String>),
    L(Vec<V>),
    M(BTreeMap<String, V>),
}

type Item = BTreeMap<String, V>;
/// A FilterExpression as the model evaluates it.
type Filter = Box<dyn Fn(&Item) -> bool>;
/// Partition key and sort key ("" for the hash-only table).
type Key = (String, String);

fn to_wire(v: &V) -> Value {
    match v {
        V::S(s) => json!({"S": s}),
        V::N(n) => json!({"N": n.to_string()}),
        V::SS(set) => json!({"SS": set.iter().collect::<Vec<_>>()}),
        V::L(list) => json!({"L": list.iter().map(to_wire).collect::<Vec<_>>()}),
        V::M(map) => json!({"M": map.iter().map(|(k, v)| (k.clone(), to_wire(v))).collect::<Map<_, _>>()}),
    }
}

fn from_wire(v: &Value) -> V {
    let (tag, inner) = v.as_object().and_then(|m| m.iter().next()).unwrap_or_else(|| panic!("not a value: {v}"));
    match tag.as_str() {
        "S" => V::S(inner.as_str().expect("S").to_string()),
        "N" => V::N(inner.as_str().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("not a small integer: {v}"))),
        "SS" => {
            V::SS(inner.as_array().expect("SS").iter().map(|s| s.as_str().expect("SS member").to_string()).collect())
        }
        "L" => V::L(inner.as_array().expect("L").iter().map(from_wire).collect()),
        "M" => V::M(inner.as_object().expect("M").iter().map(|(k, v)| (k.clone(), from_wire(v))).collect()),
        other => panic!("the model has no {other}: {v}"),
    }
}

fn item_to_wire(item: &Item) -> Value {
    Value::Object(item.iter().map(|(k, v)| (k.clone(), to_wire(v))).collect())
}

fn item_from_wire(v: &Value) -> Item {
    v.as_object().expect("item").iter().map(|(k, v)| (k.clone(), from_wire(v))).collect()
}

const MAIN: &str = "Main";
const FLAT: &str = "Flat";
const GSI: &str = "ByG";
const PKS: &[&str] = &["p0", "p1", "p2", "p3"];
/// Sort keys whose byte order differs from naive expectations: "é" (0xC3…)
/// sorts after every ASCII letter, "ba" after "b1".
const SKS: &[&str] = &["a", "a1", "a2", "b", "b1", "ba", "c", "é"];
const IDS: &[&str] = &["f0", "f1", "f2", "f3", "f4", "f5"];
const STRINGS: &[&str] = &["x", "y", "z"];
const MEMBERS: &[&str] = &["r", "s", "t"];

fn key_attrs(table: &str) -> (&'static str, Option<&'static str>) {
    if table == MAIN {
        ("pk", Some("sk"))
    } else {
        ("id", None)
    }
}

fn key_item(table: &str, key: &Key) -> Item {
    let (pk, sk) = key_attrs(table);
    let mut item = Item::new();
    item.insert(pk.into(), V::S(key.0.clone()));
    if let Some(sk) = sk {
        item.insert(sk.into(), V::S(key.1.clone()));
    }
    item
}

fn key_of(table: &str, item: &Item) -> Key {
    let (pk, sk) = key_attrs(table);
    let text = |name: &str| match item.get(name) {
        Some(V::S(s)) => s.clone(),
        other => panic!("key attribute {name}: {other:?}"),
    };
    (text(pk), sk.map(text).unwrap_or_default())
}

#[derive(Clone, Debug, Default)]
struct Model {
    tables: BTreeMap<&'static str, BTreeMap<Key, Item>>,
    /// Whether Main has its GSI (g S, gs N, ALL), ACTIVE.
    gsi: bool,
}

impl Model {
    fn get(&self, table: &str, key: &Key) -> Option<&Item> {
        self.tables.get(table).and_then(|t| t.get(key))
    }

    fn put(&mut self, table: &'static str, item: Item) {
        let key = key_of(table, &item);
        self.tables.entry(table).or_default().insert(key, item);
    }

    fn delete(&mut self, table: &str, key: &Key) -> Option<Item> {
        self.tables.get_mut(table).and_then(|t| t.remove(key))
    }

    fn items(&self, table: &str) -> Vec<Item> {
        self.tables.get(table).map(|t| t.values().cloned().collect()).unwrap_or_default()
    }

    /// The GSI's entries: items with both index keys, by (g, gs, table key).
    fn gsi_entries(&self) -> Vec<Item> {
        let mut entries: Vec<(String, i64, Key, Item)> = self
            .tables
            .get(MAIN)
            .into_iter()
            .flat_map(|t| t.iter())
            .filter_map(|(key, item)| match (item.get("g"), item.get("gs")) {
                (Some(V::S(g)), Some(V::N(gs))) => Some((g.clone(), *gs, key.clone(), item.clone())),
                _ => None,
            })
            .collect();
        entries.sort_by(|a, b| (&a.0, a.1, &a.2).cmp(&(&b.0, b.1, &b.2)));
        entries.into_iter().map(|e| e.3).collect()
    }
}

// ---- conditions and updates, as text for the engine and as rules for the model

/// A condition the model can evaluate, with its placeholders' values.
#[derive(Clone, Debug)]
enum Cond {
    NotExists,
    HasA,
    NGreater(i64),
    AOrSize(String, i64),
    NotContains(String),
    NBetween(i64, i64),
}

impl Cond {
    fn random(rng: &mut Rng) -> Cond {
        match rng.below(6) {
            0 => Cond::NotExists,
            1 => Cond::HasA,
            2 => Cond::NGreater(rng.int(-5, 10)),
            3 => Cond::AOrSize(rng.pick(STRINGS).into(), rng.int(1, 3)),
            4 => Cond::NotContains(rng.pick(MEMBERS).into()),
            _ => {
                let (a, b) = (rng.int(-5, 10), rng.int(-5, 10));
                Cond::NBetween(a.min(b), a.max(b))
            }
        }
    }

    /// The expression and its ExpressionAttributeValues (`pk` is the
    /// table's partition key name).
    fn text(&self, pk: &str) -> (String, Map<String, Value>) {
        let mut values = Map::new();
        let text = match self {
            Cond::NotExists => format!("attribute_not_exists({pk})"),
            Cond::HasA => "attribute_exists(a)".into(),
            Cond::NGreater(v) => {
                values.insert(":cv".into(), to_wire(&V::N(*v)));
                "n > :cv".into()
            }
            Cond::AOrSize(a, size) => {
                values.insert(":ca".into(), to_wire(&V::S(a.clone())));
                values.insert(":cs".into(), to_wire(&V::N(*size)));
                "a = :ca OR size(s) >= :cs".into()
            }
            Cond::NotContains(m) => {
                values.insert(":cm".into(), to_wire(&V::S(m.clone())));
                "NOT contains(s, :cm)".into()
            }
            Cond::NBetween(lo, hi) => {
                values.insert(":lo".into(), to_wire(&V::N(*lo)));
                values.insert(":hi".into(), to_wire(&V::N(*hi)));
                "n BETWEEN :lo AND :hi".into()
            }
        };
        (text, values)
    }

    /// Whether it holds for `item` (a missing item is an empty one).
    fn holds(&self, item: Option<&Item>) -> bool {
        let empty = Item::new();
        let item = item.unwrap_or(&empty);
        let n = match item.get("n") {
            Some(V::N(n)) => Some(*n),
            _ => None,
        };
        let set = match item.get("s") {
            Some(V::SS(set)) => Some(set),
            _ => None,
        };
        match self {
            Cond::NotExists => item.is_empty(),
            Cond::HasA => item.contains_key("a"),
            Cond::NGreater(v) => n.is_some_and(|n| n > *v),
            Cond::AOrSize(a, size) => {
                item.get("a") == Some(&V::S(a.clone())) || set.is_some_and(|s| s.len() as i64 >= *size)
            }
            Cond::NotContains(m) => !set.is_some_and(|s| s.contains(m)),
            Cond::NBetween(lo, hi) => n.is_some_and(|n| *lo <= n && n <= *hi),
        }
    }
}

/// One update action; each touches its own attribute, so actions never
/// overlap (an overlap is a ValidationException, not what this tests).
#[derive(Clone, Debug)]
enum Action {
    SetA(String),
    RemoveA,
    IncrementN(i64),
    AddN(i64),
    SetN(i64),
    AddS(String),
    DeleteS(String),
    AppendL(i64),
    SetG(String, i64),
    RemoveG,
}

#[derive(Clone, Debug)]
struct Update(Vec<Action>);

impl Update {
    fn random(rng: &mut Rng, table: &str) -> Update {
        let mut actions = Vec::new();
        if rng.chance(2) {
            actions.push(if rng.chance(3) { Action::RemoveA } else { Action::SetA(rng.pick(STRINGS).into()) });
        }
        if rng.chance(2) {
            actions.push(match rng.below(3) {
                0 => Action::IncrementN(rng.int(-3, 5)),
                1 => Action::AddN(rng.int(-3, 5)),
                _ => Action::SetN(rng.int(-5, 10)),
            });
        }
        if rng.chance(2) {
            let m = rng.pick(MEMBERS).to_string();
            actions.push(if rng.chance(2) { Action::AddS(m) } else { Action::DeleteS(m) });
        }
        if rng.chance(3) {
            actions.push(Action::AppendL(rng.int(0, 9)));
        }
        if table == MAIN && rng.chance(3) {
            actions.push(if rng.chance(4) {
                Action::RemoveG
            } else {
                Action::SetG(rng.pick(&["g0", "g1"]).into(), rng.int(0, 3))
            });
        }
        if actions.is_empty() {
            actions.push(Action::SetA(rng.pick(STRINGS).into()));
        }
        Update(actions)
    }

    fn text(&self) -> (String, Map<String, Value>) {
        let mut sections: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        let mut values = Map::new();
        let mut value = |name: &str, v: V| {
            values.insert(name.into(), to_wire(&v));
        };
        for action in &self.0 {
            let (keyword, text) = match action {
                Action::SetA(a) => {
                    value(":ua", V::S(a.clone()));
                    ("SET", "a = :ua")
                }
                Action::RemoveA => ("REMOVE", "a"),
                Action::IncrementN(d) => {
                    value(":zero", V::N(0));
                    value(":un", V::N(*d));
                    ("SET", "n = if_not_exists(n, :zero) + :un")
                }
                Action::AddN(d) => {
                    value(":un", V::N(*d));
                    ("ADD", "n :un")
                }
                Action::SetN(v) => {
                    value(":un", V::N(*v));
                    ("SET", "n = :un")
                }
                Action::AddS(m) => {
                    value(":us", V::SS([m.clone()].into()));
                    ("ADD", "s :us")
                }
                Action::DeleteS(m) => {
                    value(":us", V::SS([m.clone()].into()));
                    ("DELETE", "s :us")
                }
                Action::AppendL(v) => {
                    value(":el", V::L(vec![]));
                    value(":ul", V::L(vec![V::N(*v)]));
                    ("SET", "l = list_append(if_not_exists(l, :el), :ul)")
                }
                Action::SetG(g, gs) => {
                    value(":ug", V::S(g.clone()));
                    value(":ugs", V::N(*gs));
                    ("SET", "g = :ug, gs = :ugs")
                }
                Action::RemoveG => ("REMOVE", "g"),
            };
            sections.entry(keyword).or_default().push(text.to_string());
        }
        let text = sections.iter().map(|(k, actions)| format!("{k} {}", actions.join(", "))).collect::<Vec<_>>();
        (text.join(" "), values)
    }

    /// The item after the update: created from its key when missing,
    /// unless every action only removes (REMOVE, DELETE), which creates
    /// nothing (the engine's rule, from Alternator's test_update_item.py;
    /// see `creates_nothing` in src/engine/ops/item.rs).
    fn apply(&self, table: &str, key: &Key, old: Option<&Item>) -> Option<Item> {
        let removes_only = self.0.iter().all(|a| matches!(a, Action::RemoveA | Action::DeleteS(_) | Action::RemoveG));
        if old.is_none() && removes_only {
            return None;
        }
        let mut item = old.cloned().unwrap_or_else(|| key_item(table, key));
        for action in &self.0 {
            match action {
                Action::SetA(a) => {
                    item.insert("a".into(), V::S(a.clone()));
                }
                Action::RemoveA => {
                    item.remove("a");
                }
                Action::IncrementN(d) | Action::AddN(d) => {
                    let n = match item.get("n") {
                        Some(V::N(n)) => *n,
                        _ => 0,
                    };
                    item.insert("n".into(), V::N(n + d));
                }
                Action::SetN(v) => {
                    item.insert("n".into(), V::N(*v));
                }
                Action::AddS(m) => {
                    let mut set = match item.remove("s") {
                        Some(V::SS(set)) => set,
                        _ => BTreeSet::new(),
                    };
                    set.insert(m.clone());
                    item.insert("s".into(), V::SS(set));
                }
                Action::DeleteS(m) => {
                    if let Some(V::SS(mut set)) = item.remove("s") {
                        set.remove(m);
                        // An empty set cannot exist: the attribute goes.
                        if !set.is_empty() {
                            item.insert("s".into(), V::SS(set));
                        }
                    }
                }
                Action::AppendL(v) => {
                    let mut list = match item.remove("l") {
                        Some(V::L(list)) => list,
                        _ => Vec::new(),
                    };
                    list.push(V::N(*v));
                    item.insert("l".into(), V::L(list));
                }
                Action::SetG(g, gs) => {
                    item.insert("g".into(), V::S(g.clone()));
                    item.insert("gs".into(), V::N(*gs));
                }
                Action::RemoveG => {
                    item.remove("g");
                }
            }
        }
        Some(item)
    }
}

// ---- the run -----------------------------------------------------------------

/// Units charged per (table, GSI or None) and reads/writes, from the
/// engine's breakdown of each request.
#[derive(Clone, Debug, Default, PartialEq)]
struct Ledger(BTreeMap<(String, Option<String>, bool), f64>);

impl Ledger {
    fn add(&mut self, charges: &[Charge]) {
        for charge in charges {
            let index = match &charge.scope {
                Scope::Index { name, global: true, .. } => Some(name.clone()),
                _ => None,
            };
            let write = matches!(charge.kind, ChargeKind::Write | ChargeKind::TransactionalWrite);
            *self.0.entry((charge.table.clone(), index, write)).or_default() += charge.units;
        }
    }
}

struct Run {
    engine: Engine,
    model: Model,
    rng: Rng,
    ledger: Ledger,
    /// Whether GSI writes land at once (else after 250 ms of engine time).
    immediate: bool,
    /// Provisioned tables with drained buckets: refusals are expected and
    /// retried (else on-demand, where none may happen).
    provisioned: bool,
    /// Engine seconds spent waiting to retry refused requests.
    waited: u64,
    /// What this run did, for the failure message.
    trace: Vec<String>,
    /// How often the interesting cases came up (printed at the end, so a
    /// generator that stopped reaching them is noticed).
    stats: BTreeMap<&'static str, u64>,
}

/// A refusal for throughput: the exception, or a transaction cancelled
/// because one of its items was refused.
fn throttled(error: &ApiError) -> bool {
    match error {
        ApiError::ProvisionedThroughputExceeded { .. } | ApiError::Throttling { .. } => true,
        ApiError::TransactionCanceled { reasons, .. } => {
            reasons.iter().any(|r| r["Code"] == "ProvisionedThroughputExceeded" || r["Code"] == "ThrottlingError")
        }
        _ => false,
    }
}

/// A write refused because the GSI it would change has no capacity left.
fn by_the_gsi(error: &ApiError) -> bool {
    matches!(error, ApiError::ProvisionedThroughputExceeded { message, .. } if message.contains("global secondary indexes"))
}

/// The drain items' padding: 30 KB, so one write takes 30 WCU and one
/// strongly consistent read 8 RCU (the buckets hold 300 s of 1–4 units).
const DRAIN_PAD: usize = 30_000;

/// The GSI's throughput on provisioned runs.
fn gsi_throughput() -> Value {
    json!({"ReadCapacityUnits": 4, "WriteCapacityUnits": 1})
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

/// The engine's answer must be Ok; checks its ConsumedCapacity against the
/// charges: total = table + indexes, and each arm = what was charged there.
fn consumed_matches_charges(charges: &[Charge], response: &Value, context: &str) {
    let list: Vec<&Value> = match response.get("ConsumedCapacity") {
        Some(Value::Array(list)) => list.iter().collect(),
        Some(one) => vec![one],
        None => panic!("{context}: no ConsumedCapacity in {response}"),
    };
    for consumed in list {
        let table = consumed["TableName"].as_str().expect("TableName");
        let units = |v: &Value| v.get("CapacityUnits").and_then(Value::as_f64).unwrap_or(0.0);
        let total = units(consumed);
        let table_arm = consumed.get("Table").map(units).unwrap_or(0.0);
        let mut indexes = 0.0;
        for arm in ["GlobalSecondaryIndexes", "LocalSecondaryIndexes"] {
            if let Some(Value::Object(map)) = consumed.get(arm) {
                for (name, capacity) in map {
                    indexes += units(capacity);
                    let charged: f64 = charges
                        .iter()
                        .filter(|c| c.table == table && matches!(&c.scope, Scope::Index { name: n, .. } if n == name))
                        .map(|c| c.units)
                        .sum();
                    assert!(close(units(capacity), charged), "{context}: {name} arm {capacity} vs charged {charged}");
                }
            }
        }
        assert!(close(total, table_arm + indexes), "{context}: total {total} != table {table_arm} + indexes {indexes}");
        let charged: f64 = charges.iter().filter(|c| c.table == table).map(|c| c.units).sum();
        assert!(close(total, charged), "{context}: reported {total}, charged {charged}: {consumed}");
    }
}

impl Run {
    fn new(seed: u64) -> Run {
        let mut rng = Rng(sim::Rng::new(seed));
        let mut engine = Engine::new();
        let immediate = rng.chance(2);
        if immediate {
            engine.settings_mut().gsi_propagation_delay_millis = 0;
        }
        // A GSI added later backfills at once (the model has no CREATING).
        engine.settings_mut().gsi_backfill_base_millis = 0;
        engine.settings_mut().gsi_backfill_millis_per_mib = 0;
        let with_gsi = rng.chance(2);
        // From the seed, not the generator, so the other seeds' sequences
        // stay as they were.
        let provisioned = seed.is_multiple_of(3);
        let mut main = json!({"TableName": MAIN, "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}]});
        if with_gsi {
            main["AttributeDefinitions"].as_array_mut().expect("list").extend([
                json!({"AttributeName": "g", "AttributeType": "S"}),
                json!({"AttributeName": "gs", "AttributeType": "N"}),
            ]);
            main["GlobalSecondaryIndexes"] = json!([{"IndexName": GSI,
                "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}, {"AttributeName": "gs", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "ALL"}}]);
            if provisioned {
                main["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"] = gsi_throughput();
            }
        }
        let mut flat = json!({"TableName": FLAT, "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}]});
        if provisioned {
            for (create, rcu, wcu) in [(&mut main, 4, 2), (&mut flat, 2, 1)] {
                create["BillingMode"] = "PROVISIONED".into();
                create["ProvisionedThroughput"] = json!({"ReadCapacityUnits": rcu, "WriteCapacityUnits": wcu});
            }
        }
        for create in [main, flat] {
            engine.execute("CreateTable", &create).expect("CreateTable");
        }
        let mut model = Model::default();
        model.tables.insert(MAIN, BTreeMap::new());
        model.tables.insert(FLAT, BTreeMap::new());
        model.gsi = with_gsi;
        let mut run = Run {
            engine,
            model,
            rng,
            ledger: Ledger::default(),
            immediate,
            provisioned,
            waited: 0,
            trace: Vec::new(),
            stats: BTreeMap::new(),
        };
        if provisioned {
            run.drain_buckets();
        }
        run
    }

    /// Spends the burst capacity of every bucket (table and GSI, reads and
    /// writes): large items are written, then read with strong consistency,
    /// until the first refusal. A write or read is admitted while its bucket
    /// holds anything and then takes all its units, so the last one admitted
    /// leaves the bucket in debt. The items stay, in the model too; their
    /// partition key is none the generator uses, and `g9` none it queries.
    fn drain_buckets(&mut self) {
        if self.model.gsi {
            self.drain_gsi_writes();
        }
        let mut flat = key_item(FLAT, &("drain".into(), String::new()));
        flat.insert("pad".into(), V::S("x".repeat(DRAIN_PAD)));
        for (table, item) in [(MAIN, Self::drain_item(Some(0))), (MAIN, Self::drain_item(None)), (FLAT, flat)] {
            let request = json!({"TableName": table, "Item": item_to_wire(&item)});
            if self.until_refused("PutItem", &request) == 0 {
                continue;
            }
            self.model.put(table, item.clone());
            let key = Self::wire_key(table, &key_of(table, &item));
            self.until_refused("GetItem", &json!({"TableName": table, "Key": key, "ConsistentRead": true}));
        }
        if self.model.gsi {
            let query = json!({"TableName": MAIN, "IndexName": GSI, "KeyConditionExpression": "g = :g",
                "ExpressionAttributeValues": {":g": {"S": "g9"}}});
            self.until_refused("Query", &query);
        }
        self.count("buckets drained");
    }

    /// Sends `request` until it is refused for throughput; returns how often
    /// it was admitted. Any other error fails the test.
    fn until_refused(&mut self, operation: &str, request: &Value) -> usize {
        let mut admitted = 0;
        loop {
            match self.attempt(operation, request.clone()) {
                Ok(_) => admitted += 1,
                Err(e) if throttled(&e) => return admitted,
                Err(e) => panic!("{operation} failed: {e}\n{}", self.context()),
            }
        }
    }

    /// A large item of Main's for draining buckets; `gs`: with GSI keys
    /// (`g9`, which the generator never queries, and this sort key).
    fn drain_item(gs: Option<i64>) -> Item {
        let mut item = key_item(MAIN, &("drain".into(), if gs.is_some() { "a" } else { "b" }.into()));
        if let Some(gs) = gs {
            item.insert("g".into(), V::S("g9".into()));
            item.insert("gs".into(), V::N(gs));
        }
        item.insert("pad".into(), V::S("x".repeat(DRAIN_PAD)));
        item
    }

    /// Spends a new GSI's write burst (its buckets start full): the indexed
    /// drain item is written, its index sort key changed each time (an
    /// unchanged entry is not written to the index), until the index itself
    /// refuses it, waiting out the table's own refusals meanwhile.
    fn drain_gsi_writes(&mut self) {
        let mut gs = 1;
        for round in 0.. {
            assert!(round < 1_000, "the GSI never refused a write\n{}", self.context());
            let item = Self::drain_item(Some(gs));
            let request = json!({"TableName": MAIN, "Item": item_to_wire(&item)});
            match self.attempt("PutItem", request) {
                Ok(_) => {
                    self.model.put(MAIN, item);
                    gs = 1 - gs;
                }
                Err(e) if by_the_gsi(&e) => break,
                Err(e) if throttled(&e) => {
                    // The table's debt of one write: 30 units at 2 a second.
                    self.engine.advance_clock(10_000);
                    self.waited += 10;
                }
                Err(e) => panic!("PutItem failed: {e}\n{}", self.context()),
            }
        }
    }

    /// Sends a request (always asking for INDEXES capacity) and books its
    /// charges. On provisioned tables a refused request is sent again one
    /// second of engine time later, until it is admitted.
    fn send(&mut self, operation: &str, request: Value) -> Result<Value, ApiError> {
        loop {
            let result = self.attempt(operation, request.clone());
            if !(self.provisioned && result.as_ref().is_err_and(throttled)) {
                return result;
            }
            self.count("throttled, retried");
            if result.as_ref().is_err_and(by_the_gsi) {
                self.count("refused for the GSI");
            }
            self.engine.advance_clock(1_000);
            self.waited += 1;
        }
    }

    /// One try of a request: books its charges and checks its
    /// `ConsumedCapacity`; a refusal for throughput must have charged
    /// nothing and changed nothing (on on-demand tables it may not happen).
    fn attempt(&mut self, operation: &str, mut request: Value) -> Result<Value, ApiError> {
        request["ReturnConsumedCapacity"] = "INDEXES".into();
        self.trace.push(format!("{operation} {request}"));
        // A copy, snapshotted only if the request is refused (cheaper).
        let before = self.provisioned.then(|| self.engine.clone());
        let outcome = self.engine.execute_charged(operation, &request);
        let (result, charges) = (outcome.result, outcome.charges);
        self.ledger.add(&charges);
        match &result {
            Ok(response) => consumed_matches_charges(&charges, response, &self.context()),
            Err(e) if throttled(e) => {
                assert!(self.provisioned, "{operation} throttled on demand: {e}\n{}", self.context());
                assert!(charges.is_empty(), "a refusal charged {charges:?}");
                let after = self.engine.snapshot()["tables"].clone();
                assert!(
                    before.is_some_and(|b| b.snapshot()["tables"] == after),
                    "a refused {operation} changed the tables\n{}",
                    self.context()
                );
            }
            Err(_) => {}
        }
        result
    }

    fn count(&mut self, what: &'static str) {
        *self.stats.entry(what).or_default() += 1;
    }

    fn context(&self) -> String {
        let tail: Vec<&String> = self.trace.iter().rev().take(6).collect();
        format!("after {} steps; last requests (newest first): {tail:#?}", self.trace.len())
    }

    fn ok(&mut self, operation: &str, request: Value) -> Value {
        match self.send(operation, request) {
            Ok(response) => response,
            Err(e) => panic!("{operation} failed: {e}\n{}", self.context()),
        }
    }

    fn random_table(&mut self) -> &'static str {
        if self.rng.chance(3) {
            FLAT
        } else {
            MAIN
        }
    }

    fn random_key(&mut self, table: &str) -> Key {
        if table == MAIN {
            (self.rng.pick(PKS).into(), self.rng.pick(SKS).into())
        } else {
            (self.rng.pick(IDS).into(), String::new())
        }
    }

    fn random_item(&mut self, table: &'static str, key: &Key) -> Item {
        let mut item = key_item(table, key);
        if self.rng.chance(2) {
            item.insert("a".into(), V::S(self.rng.pick(STRINGS).into()));
        }
        if self.rng.chance(2) {
            item.insert("n".into(), V::N(self.rng.int(-5, 10)));
        }
        if self.rng.chance(3) {
            let set: BTreeSet<String> = MEMBERS.iter().filter(|_| self.rng.chance(2)).map(|m| m.to_string()).collect();
            if !set.is_empty() {
                item.insert("s".into(), V::SS(set));
            }
        }
        if self.rng.chance(4) {
            item.insert("l".into(), V::L(vec![V::N(self.rng.int(0, 9)), V::S("e".into())]));
        }
        if self.rng.chance(5) {
            item.insert("m".into(), V::M([("k".to_string(), V::N(self.rng.int(0, 9)))].into()));
        }
        if table == MAIN && self.rng.chance(2) {
            item.insert("g".into(), V::S(self.rng.pick(&["g0", "g1"]).into()));
            if !self.rng.chance(5) {
                item.insert("gs".into(), V::N(self.rng.int(0, 3)));
            }
        }
        item
    }

    fn wire_key(table: &str, key: &Key) -> Value {
        item_to_wire(&key_item(table, key))
    }

    fn step(&mut self) {
        match self.rng.below(20) {
            0..=3 => self.put_item(),
            4..=6 => self.update_item(),
            7 => self.delete_item(),
            8 | 9 => self.get_item(),
            10..=12 => self.query(),
            13 => self.scan(),
            14 => self.batch_write(),
            15 => self.batch_get(),
            16 | 17 => self.transact_write(),
            18 => self.transact_get(),
            _ => self.index_step(),
        }
    }

    fn attributes(response: &Value) -> Option<Item> {
        response.get("Attributes").map(item_from_wire)
    }

    fn put_item(&mut self) {
        let table = self.random_table();
        let key = self.random_key(table);
        let item = self.random_item(table, &key);
        let mut request = json!({"TableName": table, "Item": item_to_wire(&item), "ReturnValues": "ALL_OLD"});
        let condition = self.rng.chance(2).then(|| Cond::random(&mut self.rng));
        if let Some(condition) = &condition {
            let (text, values) = condition.text(key_attrs(table).0);
            request["ConditionExpression"] = text.into();
            if !values.is_empty() {
                request["ExpressionAttributeValues"] = Value::Object(values);
            }
        }
        let old = self.model.get(table, &key).cloned();
        let expect_ok = condition.as_ref().is_none_or(|c| c.holds(old.as_ref()));
        let result = self.send("PutItem", request);
        self.expect_write(result, expect_ok, old.clone());
        if expect_ok {
            self.model.put(table, item);
        }
    }

    /// A write's answer: the old item back, or the conditional failure.
    fn expect_write(&mut self, result: Result<Value, ApiError>, expect_ok: bool, old: Option<Item>) {
        match (result, expect_ok) {
            (Ok(response), true) => {
                assert_eq!(Self::attributes(&response), old, "ALL_OLD\n{}", self.context());
            }
            (Err(ApiError::ConditionalCheckFailed { .. }), false) => self.count("conditional write refused"),
            (other, _) => panic!("expected success {expect_ok}, got {other:?}\n{}", self.context()),
        }
    }

    fn update_item(&mut self) {
        let table = self.random_table();
        let key = self.random_key(table);
        let update = Update::random(&mut self.rng, table);
        let (text, mut values) = update.text();
        let return_new = self.rng.chance(2);
        let mut request = json!({"TableName": table, "Key": Self::wire_key(table, &key), "UpdateExpression": text,
                                 "ReturnValues": if return_new { "ALL_NEW" } else { "ALL_OLD" }});
        let condition = self.rng.chance(3).then(|| Cond::random(&mut self.rng));
        if let Some(condition) = &condition {
            let (text, more) = condition.text(key_attrs(table).0);
            request["ConditionExpression"] = text.into();
            values.extend(more);
        }
        if !values.is_empty() {
            request["ExpressionAttributeValues"] = Value::Object(values);
        }
        let old = self.model.get(table, &key).cloned();
        let expect_ok = condition.as_ref().is_none_or(|c| c.holds(old.as_ref()));
        let new = update.apply(table, &key, old.as_ref());
        match (self.send("UpdateItem", request), expect_ok) {
            (Ok(response), true) => {
                let expected = if return_new { new.clone() } else { old };
                assert_eq!(Self::attributes(&response), expected, "UpdateItem ReturnValues\n{}", self.context());
                if let Some(new) = new {
                    self.model.put(table, new);
                }
            }
            (Err(ApiError::ConditionalCheckFailed { .. }), false) => self.count("conditional write refused"),
            (other, _) => panic!("UpdateItem: expected success {expect_ok}, got {other:?}\n{}", self.context()),
        }
    }

    fn delete_item(&mut self) {
        let table = self.random_table();
        let key = self.random_key(table);
        let mut request = json!({"TableName": table, "Key": Self::wire_key(table, &key), "ReturnValues": "ALL_OLD"});
        let condition = self.rng.chance(2).then(|| Cond::random(&mut self.rng));
        if let Some(condition) = &condition {
            let (text, values) = condition.text(key_attrs(table).0);
            request["ConditionExpression"] = text.into();
            if !values.is_empty() {
                request["ExpressionAttributeValues"] = Value::Object(values);
            }
        }
        let old = self.model.get(table, &key).cloned();
        let expect_ok = condition.as_ref().is_none_or(|c| c.holds(old.as_ref()));
        let result = self.send("DeleteItem", request);
        self.expect_write(result, expect_ok, old);
        if expect_ok {
            self.model.delete(table, &key);
        }
    }

    fn get_item(&mut self) {
        let table = self.random_table();
        let key = self.random_key(table);
        let consistent = self.rng.chance(2);
        let response = self.ok(
            "GetItem",
            json!({"TableName": table, "Key": Self::wire_key(table, &key), "ConsistentRead": consistent}),
        );
        let got = response.get("Item").map(item_from_wire);
        assert_eq!(got.as_ref(), self.model.get(table, &key), "GetItem\n{}", self.context());
    }

    /// All pages of a Query or Scan: (items in order, scanned count).
    fn pages(&mut self, operation: &str, request: Value, limit: Option<usize>) -> (Vec<Item>, usize) {
        let mut items = Vec::new();
        let mut scanned = 0;
        let mut request = request;
        for _ in 0..1000 {
            let page = self.ok(operation, request.clone());
            let page_items: Vec<Item> = page["Items"].as_array().expect("Items").iter().map(item_from_wire).collect();
            let count = page["Count"].as_u64().expect("Count") as usize;
            let page_scanned = page["ScannedCount"].as_u64().expect("ScannedCount") as usize;
            assert_eq!(count, page_items.len(), "Count\n{}", self.context());
            if let Some(limit) = limit {
                assert!(page_scanned <= limit, "ScannedCount {page_scanned} over Limit {limit}\n{}", self.context());
            }
            items.extend(page_items);
            scanned += page_scanned;
            self.count("pages read");
            match page.get("LastEvaluatedKey") {
                Some(start) => request["ExclusiveStartKey"] = start.clone(),
                None => return (items, scanned),
            }
        }
        panic!("paging did not end\n{}", self.context());
    }

    /// A filter: `attribute_exists(a)` or `n >= :fn`, with the model's rule.
    fn random_filter(&mut self, request: &mut Value, values: &mut Map<String, Value>) -> Option<Filter> {
        match self.rng.below(3) {
            0 => {
                request["FilterExpression"] = "attribute_exists(a)".into();
                Some(Box::new(|item: &Item| item.contains_key("a")))
            }
            1 => {
                let threshold = self.rng.int(-5, 10);
                request["FilterExpression"] = "n >= :fn".into();
                values.insert(":fn".into(), to_wire(&V::N(threshold)));
                Some(Box::new(move |item: &Item| matches!(item.get("n"), Some(V::N(n)) if *n >= threshold)))
            }
            _ => None,
        }
    }

    fn query(&mut self) {
        if self.model.gsi && self.rng.chance(3) {
            return self.query_gsi();
        }
        let pk = self.rng.pick(PKS).to_string();
        let mut values = Map::new();
        values.insert(":qp".into(), to_wire(&V::S(pk.clone())));
        let (a, b) = (self.rng.pick(SKS).to_string(), self.rng.pick(SKS).to_string());
        let (lo, hi) = if a <= b { (a.clone(), b) } else { (b, a.clone()) };
        let prefix = self.rng.pick(&["a", "b", "é", "ba"]).to_string();
        let kind = self.rng.below(8);
        let sk_text = match kind {
            0 => "",
            1 => " AND sk = :q1",
            2 => " AND sk < :q1",
            3 => " AND sk <= :q1",
            4 => " AND sk > :q1",
            5 => " AND sk >= :q1",
            6 => " AND sk BETWEEN :q1 AND :q2",
            _ => " AND begins_with(sk, :q1)",
        };
        match kind {
            0 => {}
            6 => {
                values.insert(":q1".into(), to_wire(&V::S(lo.clone())));
                values.insert(":q2".into(), to_wire(&V::S(hi.clone())));
            }
            7 => {
                values.insert(":q1".into(), to_wire(&V::S(prefix.clone())));
            }
            _ => {
                values.insert(":q1".into(), to_wire(&V::S(a.clone())));
            }
        }
        let matches = |sk: &str| match kind {
            0 => true,
            1 => sk == a,
            2 => sk < a.as_str(),
            3 => sk <= a.as_str(),
            4 => sk > a.as_str(),
            5 => sk >= a.as_str(),
            6 => lo.as_str() <= sk && sk <= hi.as_str(),
            _ => sk.starts_with(prefix.as_str()),
        };
        let forward = self.rng.chance(2);
        let limit = (!self.rng.chance(3)).then(|| 1 + self.rng.below(4));
        let mut request = json!({"TableName": MAIN, "KeyConditionExpression": format!("pk = :qp{sk_text}"),
                                 "ScanIndexForward": forward, "ConsistentRead": self.rng.chance(2)});
        if let Some(limit) = limit {
            request["Limit"] = limit.into();
        }
        let filter = self.random_filter(&mut request, &mut values);
        request["ExpressionAttributeValues"] = Value::Object(values);
        // The model: the partition's items in sort-key (byte) order.
        let mut evaluated: Vec<Item> = self
            .model
            .items(MAIN)
            .into_iter()
            .filter(|item| key_of(MAIN, item).0 == pk && matches(&key_of(MAIN, item).1))
            .collect();
        if !forward {
            evaluated.reverse();
        }
        let expected: Vec<Item> = evaluated.iter().filter(|i| filter.as_ref().is_none_or(|f| f(i))).cloned().collect();
        let (items, scanned) = self.pages("Query", request, limit);
        assert_eq!(items, expected, "Query items\n{}", self.context());
        self.count("table queries");
        self.stats.entry("table query items").and_modify(|n| *n += items.len() as u64).or_insert(items.len() as u64);
        assert_eq!(scanned, evaluated.len(), "Query ScannedCount\n{}", self.context());
    }

    /// GSI writes land after the propagation delay: move the clock past it.
    fn let_gsi_catch_up(&mut self) {
        if !self.immediate {
            self.engine.advance_clock(250);
        }
    }

    fn query_gsi(&mut self) {
        self.let_gsi_catch_up();
        let g = self.rng.pick(&["g0", "g1"]).to_string();
        let threshold = self.rng.int(0, 3);
        let with_sort = self.rng.chance(2);
        let forward = self.rng.chance(2);
        let limit = (!self.rng.chance(3)).then(|| 1 + self.rng.below(3));
        let mut values = Map::new();
        values.insert(":qg".into(), to_wire(&V::S(g.clone())));
        let mut text = "g = :qg".to_string();
        if with_sort {
            text.push_str(" AND gs >= :qs");
            values.insert(":qs".into(), to_wire(&V::N(threshold)));
        }
        let mut request =
            json!({"TableName": MAIN, "IndexName": GSI, "KeyConditionExpression": text, "ScanIndexForward": forward});
        if let Some(limit) = limit {
            request["Limit"] = limit.into();
        }
        let filter = self.random_filter(&mut request, &mut values);
        request["ExpressionAttributeValues"] = Value::Object(values);
        let mut evaluated: Vec<Item> = self
            .model
            .gsi_entries()
            .into_iter()
            .filter(|i| i.get("g") == Some(&V::S(g.clone())))
            .filter(|i| !with_sort || matches!(i.get("gs"), Some(V::N(n)) if *n >= threshold))
            .collect();
        if !forward {
            evaluated.reverse();
        }
        let expected: Vec<Item> = evaluated.iter().filter(|i| filter.as_ref().is_none_or(|f| f(i))).cloned().collect();
        let (items, scanned) = self.pages("Query", request, limit);
        assert_eq!(items, expected, "GSI Query items\n{}", self.context());
        self.count("GSI queries");
        self.stats.entry("GSI query items").and_modify(|n| *n += items.len() as u64).or_insert(items.len() as u64);
        assert_eq!(scanned, evaluated.len(), "GSI Query ScannedCount\n{}", self.context());
    }

    fn sorted(table: &str, mut items: Vec<Item>) -> Vec<Item> {
        items.sort_by_key(|item| key_of(table, item));
        items
    }

    fn scan(&mut self) {
        let on_gsi = self.model.gsi && self.rng.chance(4);
        let table = if on_gsi { MAIN } else { self.random_table() };
        if on_gsi {
            self.let_gsi_catch_up();
        }
        let mut request = json!({"TableName": table});
        if on_gsi {
            request["IndexName"] = GSI.into();
        }
        let limit = (!self.rng.chance(3)).then(|| 1 + self.rng.below(5));
        if let Some(limit) = limit {
            request["Limit"] = limit.into();
        }
        let mut values = Map::new();
        let filter = self.random_filter(&mut request, &mut values);
        if !values.is_empty() {
            request["ExpressionAttributeValues"] = Value::Object(values);
        }
        let all = if on_gsi { self.model.gsi_entries() } else { self.model.items(table) };
        let expected: Vec<Item> = all.iter().filter(|i| filter.as_ref().is_none_or(|f| f(i))).cloned().collect();
        let segments = if self.rng.chance(3) { 1 + self.rng.below(3) } else { 0 };
        let (mut items, mut scanned) = (Vec::new(), 0);
        if segments == 0 {
            (items, scanned) = self.pages("Scan", request, limit);
        } else {
            for segment in 0..segments {
                let mut part = request.clone();
                part["Segment"] = segment.into();
                part["TotalSegments"] = segments.into();
                let (found, count) = self.pages("Scan", part, limit);
                items.extend(found);
                scanned += count;
            }
        }
        assert_eq!(Self::sorted(table, items), Self::sorted(table, expected), "Scan items\n{}", self.context());
        assert_eq!(scanned, all.len(), "Scan ScannedCount\n{}", self.context());
    }

    /// `count` distinct random keys of `table`.
    fn distinct_keys(&mut self, table: &str, count: usize) -> Vec<Key> {
        let mut keys: Vec<Key> = Vec::new();
        for _ in 0..count * 3 {
            let key = self.random_key(table);
            if !keys.contains(&key) {
                keys.push(key);
            }
            if keys.len() == count {
                break;
            }
        }
        keys
    }

    /// Sends a batch, then what it left unprocessed (in `left`: the items or
    /// keys a partition refused) a second later, as an SDK retries, until
    /// nothing is left; every answer, in order.
    fn batch_until_done(&mut self, operation: &str, left: &str, request_items: Value) -> Vec<Value> {
        let mut answers = Vec::new();
        let mut request_items = request_items;
        loop {
            let response = self.ok(operation, json!({"RequestItems": request_items}));
            let rest = response[left].clone();
            answers.push(response);
            if rest == json!({}) {
                return answers;
            }
            assert!(self.provisioned, "{operation} left {rest} on demand\n{}", self.context());
            self.count("batch left items or keys, retried");
            request_items = rest;
            self.engine.advance_clock(1_000);
            self.waited += 1;
        }
    }

    fn batch_write(&mut self) {
        let mut request_items = Map::new();
        let mut changes: Vec<(&'static str, Key, Option<Item>)> = Vec::new();
        for table in [MAIN, FLAT] {
            if self.rng.chance(3) {
                continue;
            }
            let count = 1 + self.rng.below(8);
            let mut writes = Vec::new();
            for key in self.distinct_keys(table, count) {
                if self.rng.chance(3) {
                    writes.push(json!({"DeleteRequest": {"Key": Self::wire_key(table, &key)}}));
                    changes.push((table, key, None));
                } else {
                    let item = self.random_item(table, &key);
                    writes.push(json!({"PutRequest": {"Item": item_to_wire(&item)}}));
                    changes.push((table, key, Some(item)));
                }
            }
            request_items.insert(table.into(), writes.into());
        }
        if request_items.is_empty() {
            return;
        }
        self.batch_until_done("BatchWriteItem", "UnprocessedItems", Value::Object(request_items));
        for (table, key, item) in changes {
            match item {
                Some(item) => self.model.put(table, item),
                None => {
                    self.model.delete(table, &key);
                }
            }
        }
    }

    fn batch_get(&mut self) {
        let mut request_items = Map::new();
        let mut asked: Vec<(&'static str, Vec<Key>)> = Vec::new();
        for table in [MAIN, FLAT] {
            if self.rng.chance(3) {
                continue;
            }
            let count = 1 + self.rng.below(6);
            let keys = self.distinct_keys(table, count);
            let wire: Vec<Value> = keys.iter().map(|k| Self::wire_key(table, k)).collect();
            request_items.insert(table.into(), json!({"Keys": wire, "ConsistentRead": self.rng.chance(2)}));
            asked.push((table, keys));
        }
        if request_items.is_empty() {
            return;
        }
        let mut answered: BTreeMap<String, Vec<Item>> = BTreeMap::new();
        for response in self.batch_until_done("BatchGetItem", "UnprocessedKeys", Value::Object(request_items)) {
            for (table, items) in response["Responses"].as_object().into_iter().flatten() {
                let items = items.as_array().map(|list| list.iter().map(item_from_wire).collect::<Vec<_>>());
                answered.entry(table.clone()).or_default().extend(items.unwrap_or_default());
            }
        }
        for (table, keys) in asked {
            let got: Vec<Item> = answered.remove(table).unwrap_or_default();
            let expected: Vec<Item> = keys.iter().filter_map(|k| self.model.get(table, k).cloned()).collect();
            assert_eq!(Self::sorted(table, got), Self::sorted(table, expected), "BatchGetItem\n{}", self.context());
        }
    }

    fn transact_write(&mut self) {
        let count = 1 + self.rng.below(4);
        let mut used: Vec<(&'static str, Key)> = Vec::new();
        let mut actions = Vec::new();
        let mut checks: Vec<bool> = Vec::new();
        let mut after = self.model.clone();
        for _ in 0..count {
            let table = self.random_table();
            let key = self.random_key(table);
            if used.contains(&(table, key.clone())) {
                continue;
            }
            used.push((table, key.clone()));
            let old = self.model.get(table, &key).cloned();
            let kind = self.rng.below(4);
            let condition = (kind == 3 || self.rng.chance(2)).then(|| Cond::random(&mut self.rng));
            let (condition_text, mut values) = match &condition {
                Some(c) => {
                    let (text, values) = c.text(key_attrs(table).0);
                    (Some(text), values)
                }
                None => (None, Map::new()),
            };
            let mut body = json!({"TableName": table});
            match kind {
                0 => {
                    let item = self.random_item(table, &key);
                    body["Item"] = item_to_wire(&item);
                    after.put(table, item);
                }
                1 => {
                    let update = Update::random(&mut self.rng, table);
                    let (text, more) = update.text();
                    body["Key"] = Self::wire_key(table, &key);
                    body["UpdateExpression"] = text.into();
                    values.extend(more);
                    if let Some(new) = update.apply(table, &key, old.as_ref()) {
                        after.put(table, new);
                    }
                }
                2 => {
                    body["Key"] = Self::wire_key(table, &key);
                    after.delete(table, &key);
                }
                _ => body["Key"] = Self::wire_key(table, &key),
            }
            if let Some(text) = condition_text {
                body["ConditionExpression"] = text.into();
            }
            if !values.is_empty() {
                body["ExpressionAttributeValues"] = Value::Object(values);
            }
            let name = ["Put", "Update", "Delete", "ConditionCheck"][kind];
            actions.push(json!({ name: body }));
            checks.push(condition.as_ref().is_none_or(|c| c.holds(old.as_ref())));
        }
        let all_hold = checks.iter().all(|&ok| ok);
        match (self.send("TransactWriteItems", json!({"TransactItems": actions})), all_hold) {
            (Ok(_), true) => {
                self.model = after;
                self.count("transaction committed");
            }
            (Err(ApiError::TransactionCanceled { reasons, .. }), false) => {
                let codes: Vec<&str> = reasons.iter().map(|r| r["Code"].as_str().unwrap_or("?")).collect();
                let expected: Vec<&str> =
                    checks.iter().map(|&ok| if ok { "None" } else { "ConditionalCheckFailed" }).collect();
                assert_eq!(codes, expected, "CancellationReasons\n{}", self.context());
                self.count("transaction cancelled");
                // Nothing changed: every item the transaction named is as it was.
                for (table, key) in used {
                    let got = self.ok(
                        "GetItem",
                        json!({"TableName": table, "Key": Self::wire_key(table, &key), "ConsistentRead": true}),
                    );
                    let got = got.get("Item").map(item_from_wire);
                    assert_eq!(
                        got.as_ref(),
                        self.model.get(table, &key),
                        "after a cancelled transaction\n{}",
                        self.context()
                    );
                }
            }
            (other, _) => panic!("TransactWriteItems: expected success {all_hold}, got {other:?}\n{}", self.context()),
        }
    }

    fn transact_get(&mut self) {
        let count = 1 + self.rng.below(4);
        let mut keys: Vec<(&'static str, Key)> = Vec::new();
        for _ in 0..count {
            let table = self.random_table();
            let key = self.random_key(table);
            if !keys.contains(&(table, key.clone())) {
                keys.push((table, key));
            }
        }
        let gets: Vec<Value> =
            keys.iter().map(|(t, k)| json!({"Get": {"TableName": t, "Key": Self::wire_key(t, k)}})).collect();
        let response = self.ok("TransactGetItems", json!({"TransactItems": gets}));
        let responses = response["Responses"].as_array().expect("Responses");
        assert_eq!(responses.len(), keys.len(), "one response per Get\n{}", self.context());
        for ((table, key), got) in keys.iter().zip(responses) {
            assert_eq!(
                got.get("Item").map(item_from_wire).as_ref(),
                self.model.get(table, key),
                "TransactGetItems\n{}",
                self.context()
            );
        }
    }

    /// Adds the GSI if Main has none yet (it then backfills at once); with
    /// one, deletes it now and then, else moves the clock a little.
    fn index_step(&mut self) {
        if self.model.gsi && self.rng.chance(4) {
            return self.delete_gsi();
        }
        if self.model.gsi {
            self.engine.advance_clock(self.rng.pick(&[1, 100, 250, 1_000]));
            return;
        }
        let mut request = json!({"TableName": MAIN,
            "AttributeDefinitions": [{"AttributeName": "g", "AttributeType": "S"}, {"AttributeName": "gs", "AttributeType": "N"}],
            "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": GSI,
                "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}, {"AttributeName": "gs", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "ALL"}}}]});
        if self.provisioned {
            request["GlobalSecondaryIndexUpdates"][0]["Create"]["ProvisionedThroughput"] = gsi_throughput();
        }
        self.trace.push(format!("UpdateTable {request}"));
        let response = self.engine.execute("UpdateTable", &request).unwrap_or_else(|e| panic!("UpdateTable: {e}"));
        assert_eq!(
            response.pointer("/TableDescription/GlobalSecondaryIndexes/0/IndexStatus"),
            Some(&json!("CREATING"))
        );
        self.engine.advance_clock(1);
        let described = self.engine.execute("DescribeTable", &json!({"TableName": MAIN})).expect("DescribeTable");
        assert_eq!(described.pointer("/Table/GlobalSecondaryIndexes/0/IndexStatus"), Some(&json!("ACTIVE")));
        self.model.gsi = true;
        if self.provisioned {
            self.drain_gsi_writes();
        }
        self.count("GSI added by UpdateTable");
    }

    /// Deletes the GSI by UpdateTable: `DELETING`, then gone once its time
    /// has passed. A GSI added again later is a new index: it backfills from
    /// the table, and its partitions and metrics start afresh.
    fn delete_gsi(&mut self) {
        let request = json!({"TableName": MAIN, "GlobalSecondaryIndexUpdates": [{"Delete": {"IndexName": GSI}}]});
        self.trace.push(format!("UpdateTable {request}"));
        let response = self.engine.execute("UpdateTable", &request).unwrap_or_else(|e| panic!("UpdateTable: {e}"));
        assert_eq!(
            response.pointer("/TableDescription/GlobalSecondaryIndexes/0/IndexStatus"),
            Some(&json!("DELETING"))
        );
        let deleting = self.engine.settings().gsi_delete_millis;
        self.engine.advance_clock(deleting);
        let described = self.engine.execute("DescribeTable", &json!({"TableName": MAIN})).expect("DescribeTable");
        assert_eq!(described.pointer("/Table/GlobalSecondaryIndexes"), None, "gone\n{}", self.context());
        self.model.gsi = false;
        // What the deleted index consumed went with it.
        self.ledger.0.retain(|(_, index, _), _| index.is_none());
        self.count("GSI deleted by UpdateTable");
    }

    /// Every table holds exactly the model's items, and says so in ItemCount.
    fn full_check(&mut self) {
        for table in [MAIN, FLAT] {
            let (items, _) = self.pages("Scan", json!({"TableName": table}), None);
            let expected = self.model.items(table);
            assert_eq!(
                Self::sorted(table, items),
                Self::sorted(table, expected.clone()),
                "{table} contents\n{}",
                self.context()
            );
            let described = self.engine.execute("DescribeTable", &json!({"TableName": table})).expect("DescribeTable");
            assert_eq!(described["Table"]["ItemCount"], json!(expected.len()), "{table} ItemCount\n{}", self.context());
        }
    }

    /// The partitions' metrics add up to what the requests were charged.
    fn metrics_match_charges(&mut self) {
        // Samples are kept per whole second: close the current one.
        self.engine.advance_clock(1_000);
        let mut recorded = Ledger::default();
        let mut targets = vec![(MAIN, None), (FLAT, None)];
        if self.model.gsi {
            targets.push((MAIN, Some(GSI)));
        }
        for (table, index) in targets {
            let metrics = self.engine.metrics(table, index, 0, u64::MAX, 0).expect("metrics");
            let (read, write): (f64, f64) =
                metrics.samples.iter().fold((0.0, 0.0), |(r, w), s| (r + s.consumed_read, w + s.consumed_write));
            for (is_write, units) in [(false, read), (true, write)] {
                if units != 0.0 {
                    recorded.0.insert((table.to_string(), index.map(str::to_string), is_write), units);
                }
            }
        }
        let charged: BTreeMap<_, f64> =
            self.ledger.0.iter().filter(|(_, u)| **u != 0.0).map(|(k, u)| (k.clone(), *u)).collect();
        assert_eq!(recorded.0.keys().collect::<Vec<_>>(), charged.keys().collect::<Vec<_>>(), "metrics vs charges");
        for (key, units) in &charged {
            let got = recorded.0.get(key).copied().unwrap_or(0.0);
            assert!(close(got, *units), "{key:?}: metrics recorded {got}, requests were charged {units}");
        }
    }
}

fn cases() -> u64 {
    std::env::var("MODEL_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(60)
}

fn first_seed() -> u64 {
    std::env::var("MODEL_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1)
}

/// Steps per sequence: long enough for items to collide, pages to split
/// and transactions to meet existing items.
const STEPS: usize = 120;

#[test]
fn engine_matches_the_model() {
    let mut steps = 0;
    let mut stats: BTreeMap<&'static str, u64> = BTreeMap::new();
    for seed in first_seed()..first_seed() + cases() {
        let mut run = Run::new(seed);
        for step in 0..STEPS {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run.step();
                if step % 10 == 9 {
                    run.full_check();
                }
            }));
            if outcome.is_err() {
                panic!("model test failed: MODEL_SEED={seed} MODEL_CASES=1, step {step}");
            }
            steps += 1;
        }
        run.full_check();
        // Samples older than an hour are dropped: the sums below need them all.
        assert!(run.waited < 3_000, "MODEL_SEED={seed}: {} s of retries, past the metrics' hour", run.waited);
        run.metrics_match_charges();
        *run.stats.entry("seconds waited to retry").or_default() += run.waited;
        for (what, n) in run.stats {
            *stats.entry(what).or_default() += n;
        }
    }
    eprintln!("model: {} sequences, {steps} operations checked; {stats:?}", cases());
    // The generator reaches every interesting case (a test that cannot fail
    // is no test): refusals, cancellations, multi-page reads, GSI results.
    for what in [
        "conditional write refused",
        "transaction cancelled",
        "transaction committed",
        "GSI query items",
        "buckets drained",
        "throttled, retried",
        "refused for the GSI",
    ] {
        assert!(stats.get(what).copied().unwrap_or(0) > 0 || cases() < 10, "never reached: {what}");
    }
}

// ---- throttling ---------------------------------------------------------------

/// On a 1 WCU table (manual clock: time stands still), a burst of writes
/// drains the bucket and then throttles; every throttled write changes
/// nothing and consumes nothing, and a throttled transaction is cancelled
/// without effect. What the partitions recorded equals what the successful
/// requests reported.
#[test]
fn throttled_requests_consume_nothing() {
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Tiny", "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1},
                "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
                "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}]}),
        )
        .expect("CreateTable");
    let mut written = BTreeSet::new();
    let (mut reported, mut throttled) = (0.0, 0u64);
    let mut transaction_throttled = false;
    for i in 0..2_000 {
        let id = format!("k{i}");
        let outcome = if i % 10 == 9 {
            // Every tenth write is a two-item transaction.
            let other = format!("t{i}");
            let request = json!({"TransactItems": [
                {"Put": {"TableName": "Tiny", "Item": {"id": {"S": id.clone()}}}},
                {"Put": {"TableName": "Tiny", "Item": {"id": {"S": other.clone()}}}}],
                "ReturnConsumedCapacity": "TOTAL"});
            let outcome = engine.execute_charged("TransactWriteItems", &request);
            match &outcome.result {
                Ok(_) => {
                    written.insert(id.clone());
                    written.insert(other);
                }
                Err(ApiError::TransactionCanceled { reasons, .. }) => {
                    transaction_throttled = true;
                    assert!(reasons.iter().all(|r| r["Code"] == "ProvisionedThroughputExceeded"), "{reasons:?}");
                }
                Err(e) => panic!("{e}"),
            }
            outcome
        } else {
            let request =
                json!({"TableName": "Tiny", "Item": {"id": {"S": id.clone()}}, "ReturnConsumedCapacity": "TOTAL"});
            let outcome = engine.execute_charged("PutItem", &request);
            match &outcome.result {
                Ok(_) => {
                    written.insert(id);
                }
                Err(ApiError::ProvisionedThroughputExceeded { .. }) => {}
                Err(e) => panic!("{e}"),
            }
            outcome
        };
        match outcome.result {
            Ok(response) => {
                reported += response
                    .get("ConsumedCapacity")
                    .map(|c| match c {
                        Value::Array(list) => list.iter().filter_map(|c| c["CapacityUnits"].as_f64()).sum(),
                        one => one["CapacityUnits"].as_f64().unwrap_or(0.0),
                    })
                    .unwrap_or(0.0);
            }
            Err(_) => {
                throttled += 1;
                // A throttled request leaves no charge behind.
                assert!(outcome.charges.is_empty(), "{:?}", outcome.charges);
            }
        }
    }
    // 1 WCU with 300 s of burst: a few hundred writes pass, then throttling.
    assert!(
        !written.is_empty() && throttled > 0 && transaction_throttled,
        "{} written, {throttled} throttled",
        written.len()
    );
    engine.advance_clock(1_000);
    let metrics = engine.metrics("Tiny", None, 0, u64::MAX, 0).expect("metrics");
    let consumed: f64 = metrics.samples.iter().map(|s| s.consumed_write).sum();
    let refused: u64 = metrics.samples.iter().map(|s| s.throttled_writes).sum();
    assert!(close(consumed, reported), "partitions recorded {consumed}, successful requests reported {reported}");
    assert_eq!(refused, throttled, "throttles counted by the partitions");
    // Exactly the acknowledged writes are there (read with admission off, so
    // that checking does not itself throttle or count).
    engine.settings_mut().enforce_throughput = false;
    let mut found = BTreeSet::new();
    let mut start: Option<Value> = None;
    loop {
        let mut request = json!({"TableName": "Tiny"});
        if let Some(start) = start.take() {
            request["ExclusiveStartKey"] = start;
        }
        let page = engine.execute("Scan", &request).expect("Scan");
        for item in page["Items"].as_array().expect("Items") {
            found.insert(item["id"]["S"].as_str().expect("id").to_string());
        }
        match page.get("LastEvaluatedKey") {
            Some(key) => start = Some(key.clone()),
            None => break,
        }
    }
    assert_eq!(found, written);
    eprintln!("throttling: {} items written, {throttled} requests throttled, {reported} WCU consumed", written.len());
}
