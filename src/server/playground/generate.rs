//! `GenerateItems`: fills one of the endpoint's tables from an item
//! template (`Engine::generate_items`; the template's form is in
//! `engine::generate::template`, and docs/ddb-local.md has an example).
//!
//! ```text
//! → {"TableName": "Orders", "Count": 1000, "Seed": 7,
//!    "Template": {"ItemsPerPartitionKey": {"Distribution": "Fixed", "Count": 5},
//!                 "Attributes": [{"Name": "PK", "Type": "Template", "Template": "CUST#{n}"},
//!                                {"Name": "SK", "Type": "Template", "Template": "ORDER#{i}"}]}}
//! ← {"TableName": "Orders", "GeneratedItems": 1000, "ReplacedItems": 0,
//!    "PartitionKeys": 200, "ItemCount": 1000}
//! ```
//!
//! The same template, count and seed make the same items on every
//! machine, in the browser too. The items are not charged capacity and not
//! written to the table's stream; they are indexed like any put.

use serde_json::{json, Value};

use super::Members;
use crate::engine::generate::MAX_GENERATED_ITEMS;
use crate::engine::{ApiError, Engine};

pub(super) fn generate_items(engine: &mut Engine, request: Members) -> Result<Value, ApiError> {
    let request = request.only(&["TableName", "Template", "Count", "Seed"])?;
    let table = request.required_string("TableName")?;
    let template = request.get("Template").ok_or_else(|| request.missing("Template"))?;
    let count = match request.get("Count") {
        None => return Err(request.missing("Count")),
        Some(given) => given.as_u64().filter(|n| (1..=MAX_GENERATED_ITEMS).contains(n)).ok_or_else(|| {
            ApiError::validation(format!("Count must be from 1 to {MAX_GENERATED_ITEMS} items; got {given}"))
        })?,
    };
    let seed = request.integer("Seed", 0, u64::MAX)?.unwrap_or(0);
    let report = engine.generate_items(table, template, count, seed)?;
    let stored = engine.table(table).map_or(0, |t| t.item_count());
    Ok(json!({
        "TableName": table,
        "GeneratedItems": report.items,
        "ReplacedItems": report.replaced,
        "PartitionKeys": report.partition_keys,
        "ItemCount": stored,
    }))
}

#[cfg(test)]
mod tests {
    use super::super::execute;
    use super::*;

    #[test]
    fn generate_items_fills_a_table_and_refuses_bad_input() {
        let mut engine = Engine::new();
        let create = json!({"TableName": "Orders",
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"}],
            "BillingMode": "PAY_PER_REQUEST"});
        engine.execute("CreateTable", &create).expect("created");
        let template = json!({"ItemsPerPartitionKey": {"Distribution": "Fixed", "Count": 5},
            "Attributes": [{"Name": "PK", "Type": "Template", "Template": "CUST#{n}"},
                           {"Name": "SK", "Type": "Template", "Template": "ORDER#{i}"}]});
        let answer = execute(
            &mut engine,
            "GenerateItems",
            &json!({"TableName": "Orders", "Template": template, "Count": 1000, "Seed": 7}),
        )
        .expect("generated");
        assert_eq!(
            answer,
            json!({"TableName": "Orders", "GeneratedItems": 1000, "ReplacedItems": 0, "PartitionKeys": 200, "ItemCount": 1000})
        );
        for (request, message) in [
            (
                json!({"TableName": "Orders", "Template": template, "Count": 0}),
                "Count must be from 1 to 10000000 items; got 0",
            ),
            (json!({"TableName": "Orders", "Template": template}), "The request: the member 'Count' is required"),
            (json!({"TableName": "Orders", "Template": template, "Count": 1, "Items": 1}), "Items"),
        ] {
            let error = execute(&mut engine, "GenerateItems", &request).err().map(|e| e.message().to_string());
            assert!(error.as_deref().is_some_and(|e| e.contains(message)), "{request}: {error:?}");
        }
    }
}
