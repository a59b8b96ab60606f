//! Generated data in a scenario: the template and seed travel, not the
//! items.
//!
//! A table filled by the generator (`engine::generate`) may hold a million
//! items, far too many for a share link or the browser's storage, and all
//! of them follow from a template, a count and a seed. So a scenario lists
//! its generations,
//!
//! ```json
//! "generated": [{"table": "Orders", "template": {…}, "count": 100000, "seed": 7,
//!                "deleted": [{"PK": {"S": "CUST#3"}, "SK": {"S": "ORDER#2025-02-11#0"}}]}]
//! ```
//!
//! and its engine snapshot leaves out every item still exactly as the
//! generator made it ([`Engine::snapshot_without_generated`]: storage flags
//! each generated item until a write replaces or deletes it, so writing the
//! scenario costs only the other items). Reading the scenario makes the
//! items again ([`regenerate`]) around the items that are stored: an item
//! edited after it was generated is kept in the snapshot and stays as
//! edited, and the keys in `deleted` — generated items deleted since — are
//! deleted again. A generation whose table is gone, or no longer takes its
//! template, is dropped when the scenario is written.

use serde_json::{json, Value};

use crate::engine::generate::{check_count, GenerationReport};
use crate::engine::schema::{KeySchema, PrimaryKey};
use crate::engine::value::{AttributeValue, Item};
use crate::engine::{ApiError, Engine, Result};

/// The most deleted keys a generation carries: past this many, a link
/// would be longer than the items are worth, so the generation's items are
/// written out instead.
pub const MAX_DELETED_KEYS: usize = 10_000;

/// One generation a scenario makes again when it is read.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratedData {
    pub table: String,
    /// The template's JSON form, kept as given.
    pub template: Value,
    pub count: u64,
    pub seed: u64,
    /// The keys (DynamoDB JSON) of the table's generated items deleted
    /// after they were made.
    pub deleted: Vec<Value>,
}

impl GeneratedData {
    pub fn to_json(&self) -> Value {
        let mut out = json!({"table": self.table, "template": self.template, "count": self.count, "seed": self.seed});
        if let (false, Some(members)) = (self.deleted.is_empty(), out.as_object_mut()) {
            members.insert("deleted".into(), self.deleted.clone().into());
        }
        out
    }

    /// Reads one entry of `generated` (`i` is its place, for messages).
    pub fn from_json(value: &Value, i: usize) -> Result<Self> {
        let bad = |what: &str| ApiError::validation(format!("Invalid scenario: generated[{i}]: {what}"));
        let table = value.get("table").and_then(Value::as_str).ok_or_else(|| bad("needs \"table\" (a name)"))?;
        let template = value.get("template").filter(|t| t.is_object()).ok_or_else(|| bad("needs \"template\""))?;
        let count = value.get("count").and_then(Value::as_u64).ok_or_else(|| bad("needs \"count\""))?;
        check_count(count).map_err(|e| bad(e.message()))?;
        let seed = value.get("seed").and_then(Value::as_u64).ok_or_else(|| bad("needs \"seed\""))?;
        let deleted = match value.get("deleted") {
            None => Vec::new(),
            Some(Value::Array(keys)) if keys.len() <= MAX_DELETED_KEYS && keys.iter().all(Value::is_object) => {
                keys.clone()
            }
            Some(_) => {
                return Err(bad(&format!("\"deleted\" must list at most {MAX_DELETED_KEYS} keys, each an object")))
            }
        };
        Ok(Self { table: table.to_string(), template: template.clone(), count, seed, deleted })
    }
}

/// Fills `engine` from `generation` and returns what it did.
pub fn generate(engine: &mut Engine, generation: &GeneratedData) -> Result<GenerationReport> {
    engine.generate_items(&generation.table, &generation.template, generation.count, generation.seed)
}

/// A key in DynamoDB JSON, read with `schema`.
fn key_from_wire(schema: &KeySchema, wire: &Value) -> Option<PrimaryKey> {
    let key: Item = schema
        .attributes()
        .map(|a| Some((a.name.clone(), AttributeValue::from_wire(wire.get(&a.name)?).ok()?)))
        .collect::<Option<_>>()?;
    schema.key_of_key_map(&key).ok()
}

/// Makes the generations' items again around those stored (which win),
/// then deletes again the generated items deleted since.
pub fn regenerate(engine: &mut Engine, generated: &[GeneratedData]) -> Result<()> {
    for (i, g) in generated.iter().enumerate() {
        let mut run = engine
            .start_generation(&g.table, &g.template, g.count, g.seed)
            .map_err(|e| ApiError::validation(format!("Invalid scenario: generated[{i}]: {}", e.message())))?
            .keep_existing();
        while !engine.step_generation(&mut run, 65_536)? {}
    }
    for (i, g) in generated.iter().enumerate() {
        let Some(table) = engine.table(&g.table) else { continue };
        let schema = table.definition.key_schema.clone();
        let keys =
            g.deleted.iter().map(|wire| key_from_wire(&schema, wire)).collect::<Option<Vec<_>>>().ok_or_else(|| {
                ApiError::validation(format!(
                    "Invalid scenario: generated[{i}]: a deleted key is not a key of {}",
                    g.table
                ))
            })?;
        engine.delete_generated(&g.table, &keys)?;
    }
    Ok(())
}

/// The scenario's engine snapshot without the items still exactly as
/// generated, and the generations that still apply, each table's deleted
/// generated items listed on its last generation. A table with more than
/// [`MAX_DELETED_KEYS`] deletions keeps its items in the snapshot instead.
pub fn written(engine: &Engine, generated: &[GeneratedData]) -> (Value, Vec<GeneratedData>) {
    let mut kept: Vec<GeneratedData> = generated
        .iter()
        .filter(|g| engine.start_generation(&g.table, &g.template, g.count, g.seed).is_ok())
        .map(|g| GeneratedData { deleted: Vec::new(), ..g.clone() })
        .collect();
    let mut too_many: Vec<String> = Vec::new();
    for i in 0..kept.len() {
        let name = kept.get(i).map(|g| g.table.clone()).unwrap_or_default();
        if kept.iter().skip(i + 1).any(|g| g.table == name) {
            continue;
        }
        let Some(table) = engine.table(&name) else { continue };
        let schema = &table.definition.key_schema;
        let gone: Vec<&PrimaryKey> = table.deleted_generated().collect();
        if gone.len() > MAX_DELETED_KEYS {
            too_many.push(name);
            continue;
        }
        let deleted = gone.into_iter().map(|key| key_to_wire(schema, key)).collect();
        if let Some(g) = kept.get_mut(i) {
            g.deleted = deleted;
        }
    }
    if too_many.is_empty() {
        return (engine.snapshot_without_generated(), kept);
    }
    // Those tables' items are written out: their generations go.
    kept.retain(|g| !too_many.contains(&g.table));
    let mut snapshot = engine.snapshot();
    let stripped = engine.snapshot_without_generated();
    if let (Some(all), Some(some)) =
        (snapshot.get_mut("tables").and_then(Value::as_array_mut), stripped.get("tables").and_then(Value::as_array))
    {
        for (table, without) in all.iter_mut().zip(some) {
            let name = table.pointer("/definition/TableName").and_then(Value::as_str).unwrap_or_default();
            if !too_many.iter().any(|t| t == name) {
                *table = without.clone();
            }
        }
    }
    (snapshot, kept)
}

/// A key in DynamoDB JSON.
fn key_to_wire(schema: &KeySchema, key: &PrimaryKey) -> Value {
    let mut out = serde_json::Map::new();
    let mut values = std::iter::once(&key.partition).chain(key.sort.as_ref());
    for attribute in schema.attributes() {
        if let Some(value) = values.next() {
            out.insert(attribute.name.clone(), value.to_attribute().to_wire());
        }
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{link, Scenario};

    fn scenario_with_generated_orders(count: u64) -> Scenario {
        let mut engine = Engine::new();
        let create = json!({"TableName": "Orders",
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"}],
            "BillingMode": "PAY_PER_REQUEST"});
        engine.execute("CreateTable", &create).expect("created");
        let mut scenario = Scenario::of_engine(engine);
        let generation = GeneratedData {
            table: "Orders".into(),
            template: json!({"ItemsPerPartitionKey": {"Distribution": "Zipf", "Max": 40},
                "Attributes": [{"Name": "PK", "Type": "Template", "Template": "CUST#{n}"},
                               {"Name": "OrderDate", "Type": "Date", "From": "2025-01-01", "To": "2025-12-31"},
                               {"Name": "SK", "Type": "Template", "Template": "ORDER#{OrderDate}#{i}"},
                               {"Name": "Total", "Type": "Number", "Min": 1, "Max": 900}]}),
            count,
            seed: 11,
            deleted: Vec::new(),
        };
        generate(&mut scenario.engine, &generation).expect("generated");
        scenario.generated.push(generation);
        scenario
    }

    #[test]
    fn a_share_link_carries_the_template_and_makes_the_same_items() {
        let mut scenario = scenario_with_generated_orders(20_000);
        // One item edited after it was generated: it travels as edited.
        let edited = json!({"PK": {"S": "CUST#0"}, "SK": {"S": "extra"}, "Total": {"N": "1"}});
        scenario.engine.execute("PutItem", &json!({"TableName": "Orders", "Item": edited})).expect("put");
        let document = scenario.to_json();
        let items = document.pointer("/engine/tables/0/items").and_then(Value::as_array).map(Vec::len);
        assert_eq!(items, Some(1), "only the item that is not as generated");
        let fragment = link::encode(&scenario);
        assert!(fragment.len() < 2_000, "the link is {} characters", fragment.len());
        let back = link::decode(&fragment).expect("decodes");
        assert_eq!(back.generated, scenario.generated);
        assert_eq!(back.engine.snapshot(), scenario.engine.snapshot(), "the same items, the edit included");
        assert_eq!(back.to_json(), document);
    }

    #[test]
    fn deleted_generated_items_stay_deleted_and_a_dry_run_changes_nothing() {
        let mut scenario = scenario_with_generated_orders(2_000);
        let first = scenario.engine.execute("Scan", &json!({"TableName": "Orders", "Limit": 3})).expect("scan");
        let keys: Vec<Value> =
            first["Items"].as_array().unwrap().iter().map(|item| json!({"PK": item["PK"], "SK": item["SK"]})).collect();
        // A delete in a dry run is rolled back: nothing to carry.
        let delete = json!({"TableName": "Orders", "Key": keys[0]});
        scenario.engine.dry_run("DeleteItem", &delete).result.expect("dry run");
        assert!(scenario.to_json().pointer("/generated/0/deleted").is_none());
        // Two deleted for real, one edited.
        for key in &keys[..2] {
            scenario.engine.execute("DeleteItem", &json!({"TableName": "Orders", "Key": key})).expect("deleted");
        }
        let mut edited = keys[2].clone();
        edited["Total"] = json!({"N": "0"});
        scenario.engine.execute("PutItem", &json!({"TableName": "Orders", "Item": edited})).expect("edited");
        let document = scenario.to_json();
        let mut deleted = document.pointer("/generated/0/deleted").and_then(Value::as_array).cloned().unwrap();
        deleted.sort_by_key(Value::to_string);
        let mut expected = keys[..2].to_vec();
        expected.sort_by_key(Value::to_string);
        assert_eq!(deleted, expected);
        let items = document.pointer("/engine/tables/0/items").and_then(Value::as_array).map(Vec::len);
        assert_eq!(items, Some(1), "only the edited item");
        let back = link::decode(&link::encode(&scenario)).expect("decodes");
        assert_eq!(back.engine.snapshot(), scenario.engine.snapshot(), "deleted stay deleted, the edit stays");
        assert_eq!(back.to_json(), document, "and the next write says the same");
        // Put back under a deleted key: no longer deleted, carried as an item.
        let mut again = scenario;
        let put = json!({"TableName": "Orders", "Item": {"PK": keys[0]["PK"], "SK": keys[0]["SK"]}});
        again.engine.execute("PutItem", &put).expect("put back");
        let document = again.to_json();
        assert_eq!(document.pointer("/generated/0/deleted").and_then(Value::as_array).map(Vec::len), Some(1));
        assert_eq!(document.pointer("/engine/tables/0/items").and_then(Value::as_array).map(Vec::len), Some(2));
    }

    #[test]
    fn a_generation_whose_table_is_gone_is_dropped_and_bad_entries_are_refused() {
        let mut scenario = scenario_with_generated_orders(10);
        scenario.engine.execute("DeleteTable", &json!({"TableName": "Orders"})).expect("deleted");
        assert!(scenario.to_json().get("generated").is_none());
        let mut document = scenario_with_generated_orders(10).to_json();
        document["generated"][0]["count"] = json!(20_000_000);
        let error = Scenario::from_json(document).err().map(|e| e.message().to_string());
        assert_eq!(
            error.as_deref(),
            Some("Invalid scenario: generated[0]: Count must be from 1 to 10000000 items; got 20000000")
        );
    }
}
