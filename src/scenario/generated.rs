//! Generated data in a scenario: the template and seed travel, not the
//! items.
//!
//! A table filled by the generator (`engine::generate`) may hold a million
//! items, far too many for a share link or the browser's storage, and all
//! of them follow from a template, a count and a seed. So a scenario lists
//! its generations,
//!
//! ```json
//! "generated": [{"table": "Orders", "template": {…}, "count": 100000, "seed": 7}]
//! ```
//!
//! and its engine snapshot leaves out every item that is still exactly as
//! generated ([`strip_generated_items`]). Reading the scenario makes them
//! again ([`regenerate`]), around the items that are stored: an item
//! edited after it was generated is kept in the snapshot and stays as
//! edited. An item deleted after it was generated comes back, since
//! nothing records its absence. A generation whose table is gone, or no
//! longer takes its template, is dropped when the scenario is written.

use std::collections::{BTreeMap, HashSet};

use serde_json::{json, Value};

use crate::engine::generate::{check_count, GenerationReport};
use crate::engine::schema::PrimaryKey;
use crate::engine::value::{AttributeValue, Item};
use crate::engine::{ApiError, Engine, Result};

/// One generation a scenario makes again when it is read.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratedData {
    pub table: String,
    /// The template's JSON form, kept as given.
    pub template: Value,
    pub count: u64,
    pub seed: u64,
}

impl GeneratedData {
    pub fn to_json(&self) -> Value {
        json!({"table": self.table, "template": self.template, "count": self.count, "seed": self.seed})
    }

    /// Reads one entry of `generated` (`i` is its place, for messages).
    pub fn from_json(value: &Value, i: usize) -> Result<Self> {
        let bad = |what: &str| ApiError::validation(format!("Invalid scenario: generated[{i}]: {what}"));
        let table = value.get("table").and_then(Value::as_str).ok_or_else(|| bad("needs \"table\" (a name)"))?;
        let template = value.get("template").filter(|t| t.is_object()).ok_or_else(|| bad("needs \"template\""))?;
        let count = value.get("count").and_then(Value::as_u64).ok_or_else(|| bad("needs \"count\""))?;
        check_count(count).map_err(|e| bad(e.message()))?;
        let seed = value.get("seed").and_then(Value::as_u64).ok_or_else(|| bad("needs \"seed\""))?;
        Ok(Self { table: table.to_string(), template: template.clone(), count, seed })
    }
}

/// Fills `engine` from `generation` and returns what it did.
pub fn generate(engine: &mut Engine, generation: &GeneratedData) -> Result<GenerationReport> {
    engine.generate_items(&generation.table, &generation.template, generation.count, generation.seed)
}

/// Makes the generations' items again around those stored (which win).
pub fn regenerate(engine: &mut Engine, generated: &[GeneratedData]) -> Result<()> {
    for (i, g) in generated.iter().enumerate() {
        let mut run = engine
            .start_generation(&g.table, &g.template, g.count, g.seed)
            .map_err(|e| ApiError::validation(format!("Invalid scenario: generated[{i}]: {}", e.message())))?
            .keep_existing();
        while !engine.step_generation(&mut run, 65_536)? {}
    }
    Ok(())
}

/// The generations that still apply to `engine`, and per table the keys of
/// the items stored exactly as one of them made them.
fn generated_keys(
    engine: &Engine,
    generated: &[GeneratedData],
) -> (Vec<GeneratedData>, BTreeMap<String, HashSet<PrimaryKey>>) {
    let mut kept = Vec::new();
    let mut keys: BTreeMap<String, HashSet<PrimaryKey>> = BTreeMap::new();
    for g in generated {
        let (Some(table), Ok(mut run)) =
            (engine.table(&g.table), engine.start_generation(&g.table, &g.template, g.count, g.seed))
        else {
            continue;
        };
        let schema = &table.definition.key_schema;
        let same = keys.entry(g.table.clone()).or_default();
        while !run.is_done() {
            let Ok(item) = run.next_item() else { break };
            let Ok(key) = schema.key_of_item(&item) else { continue };
            if table.storage.get(&key).as_ref() == Some(&item) {
                same.insert(key);
            }
        }
        kept.push(g.clone());
    }
    (kept, keys)
}

/// Takes out of `snapshot` (an engine snapshot of `engine`) the items still
/// exactly as generated, and returns the generations that still apply.
pub fn strip_generated_items(engine: &Engine, snapshot: &mut Value, generated: &[GeneratedData]) -> Vec<GeneratedData> {
    let (kept, keys) = generated_keys(engine, generated);
    let Some(tables) = snapshot.get_mut("tables").and_then(Value::as_array_mut) else { return kept };
    for stored in tables {
        let name = stored.pointer("/definition/TableName").and_then(Value::as_str).unwrap_or_default().to_string();
        let (Some(same), Some(table)) = (keys.get(&name), engine.table(&name)) else { continue };
        let schema = &table.definition.key_schema;
        let key_of = |wire: &Value| -> Option<PrimaryKey> {
            let key: Item = schema
                .attributes()
                .map(|a| Some((a.name.clone(), AttributeValue::from_wire(wire.get(&a.name)?).ok()?)))
                .collect::<Option<_>>()?;
            schema.key_of_key_map(&key).ok()
        };
        if let Some(items) = stored.get_mut("items").and_then(Value::as_array_mut) {
            items.retain(|item| key_of(item).is_none_or(|key| !same.contains(&key)));
        }
    }
    kept
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
