//! A scenario's tables as an AWS CloudFormation template.
//!
//! The way from the playground to production: a template with one
//! `AWS::DynamoDB::Table` resource per table, ready for
//! `aws cloudformation deploy --template-file … --stack-name …`. The
//! resource's properties are, almost member for member, the CreateTable
//! request the engine keeps for each table (the `definition` of
//! [`crate::engine::snapshot`]):
//!
//! | CreateTable (definition)                | `AWS::DynamoDB::Table` property              |
//! |-----------------------------------------|----------------------------------------------|
//! | `TableName`, `KeySchema`, `BillingMode`  | the same                                     |
//! | `AttributeDefinitions`                   | the same: only the key attributes of the table and its indexes |
//! | `ProvisionedThroughput`                  | the same (provisioned tables only)           |
//! | `GlobalSecondaryIndexes`, `LocalSecondaryIndexes` | the same: `IndexName`, `KeySchema`, `Projection`, a GSI's `ProvisionedThroughput` |
//! | `StreamSpecification` `{StreamEnabled, StreamViewType}` | `StreamSpecification` `{StreamViewType}` (no `StreamEnabled` in CloudFormation) |
//! | `TableClass` (when one was named)        | `TableClass`                                 |
//! | `Tags` (TagResource, CreateTable)        | `Tags`: the same `[{Key, Value}]` list       |
//! | `DeletionProtectionEnabled` (when on)    | `DeletionProtectionEnabled: true`            |
//! | time to live (UpdateTimeToLive)          | `TimeToLiveSpecification` `{AttributeName, Enabled: true}` |
//!
//! Every table resource has `DeletionPolicy` and `UpdateReplacePolicy`
//! `Retain`: deleting the stack, or a change that replaces the table, then
//! leaves the table and its data in place instead of deleting them. That is
//! the safe default for a table that will hold production data; remove the
//! two lines for a throw-away stack.
//!
//! Logical IDs must be alphanumeric: `game-scores.v2` becomes
//! `GameScoresV2Table` (a digit at the start gets `Table` in front instead;
//! a clash gets a number).
//!
//! A template creates empty tables: items are not part of it (the warnings
//! say how many are left behind; the AWS CLI script of
//! [`super::cli_script`] writes them).

use std::collections::BTreeSet;

use serde_json::{json, Map, Value};

use super::format::Scenario;
use super::warning::Warning;

/// The template format version CloudFormation documents (the only one).
pub const TEMPLATE_FORMAT_VERSION: &str = "2010-09-09";
/// Longest logical ID we make (CloudFormation allows 255 characters).
const MAX_LOGICAL_ID: usize = 240;
/// Longest template description CloudFormation accepts (bytes).
const MAX_DESCRIPTION: usize = 1024;

/// A template and what it leaves out.
#[derive(Clone, Debug)]
pub struct Template {
    pub template: Value,
    pub warnings: Vec<Warning>,
}

/// The logical ID of table `name`, unique among `used`.
pub fn logical_id(name: &str, used: &mut BTreeSet<String>) -> String {
    let words: String = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map(|first| first.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect();
    let words: String = words.chars().take(MAX_LOGICAL_ID).collect();
    let base = if words.starts_with(|c: char| c.is_ascii_digit()) { format!("Table{words}") } else { words + "Table" };
    let mut id = base.clone();
    let mut n = 2;
    while !used.insert(id.clone()) {
        id = format!("{base}{n}");
        n += 1;
    }
    id
}

/// The `Properties` of one table's resource, from its snapshot entry.
fn properties(table: &Value) -> Map<String, Value> {
    let mut out = Map::new();
    let Some(definition) = table.get("definition").and_then(Value::as_object) else { return out };
    for member in [
        "TableName",
        "AttributeDefinitions",
        "KeySchema",
        "BillingMode",
        "ProvisionedThroughput",
        "GlobalSecondaryIndexes",
        "LocalSecondaryIndexes",
        "TableClass",
        "Tags",
        "DeletionProtectionEnabled",
    ] {
        if let Some(value) = definition.get(member) {
            out.insert(member.into(), value.clone());
        }
    }
    if let Some(view) = definition.get("StreamSpecification").and_then(|s| s.get("StreamViewType")) {
        out.insert("StreamSpecification".into(), json!({ "StreamViewType": view }));
    }
    if let Some(attribute) = table.get("state").and_then(|s| s.get("timeToLiveAttribute")) {
        out.insert("TimeToLiveSpecification".into(), json!({ "AttributeName": attribute, "Enabled": true }));
    }
    out
}

/// The scenario's tables as a CloudFormation template (JSON; CloudFormation
/// reads JSON and YAML alike).
pub fn template(scenario: &Scenario) -> Template {
    let snapshot = scenario.engine.snapshot();
    let tables: Vec<&Value> = snapshot.get("tables").and_then(Value::as_array).into_iter().flatten().collect();
    let mut resources = Map::new();
    let mut used = BTreeSet::new();
    let mut names = Vec::new();
    let mut warnings = Vec::new();
    for table in &tables {
        let properties = properties(table);
        let name = properties.get("TableName").and_then(Value::as_str).unwrap_or_default().to_string();
        let items = table.get("items").and_then(Value::as_array).map_or(0, Vec::len);
        if items > 0 {
            warnings.push(Warning::ItemsNotInTemplate { table: name.clone(), items });
        }
        let resource = json!({
            "Type": "AWS::DynamoDB::Table",
            "DeletionPolicy": "Retain",
            "UpdateReplacePolicy": "Retain",
            "Properties": properties,
        });
        resources.insert(logical_id(&name, &mut used), resource);
        names.push(name);
    }
    if tables.is_empty() {
        warnings.push(Warning::NoTables);
    }
    let mut description = format!("DynamoDB tables exported from ddb-playground: {}.", names.join(", "));
    if description.len() > MAX_DESCRIPTION {
        description = format!("DynamoDB tables exported from ddb-playground ({} tables).", names.len());
    }
    let template = json!({
        "AWSTemplateFormatVersion": TEMPLATE_FORMAT_VERSION,
        "Description": description,
        "Resources": resources,
    });
    Template { template, warnings }
}
