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
//! | `VectorIndexes`                          | the same: `IndexName`, `VectorAttribute`, `Dimensions`, `DistanceFunction`, `Projection`, `SearchSchema` |
//! | `OnDemandThroughput` (on demand, a maximum set), a GSI's too | the same                       |
//! | warm throughput (CreateTable, UpdateTable), the table's and each GSI's, when not the default | `WarmThroughput` `{ReadUnitsPerSecond, WriteUnitsPerSecond}`: a raise under way as its target |
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
        "OnDemandThroughput",
        "VectorIndexes",
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
    add_warm_throughput(table, &mut out);
    out
}

/// Adds the warm throughput the table's snapshot keeps in its state (only
/// when it is not what CreateTable gives anyway) to `request`: a
/// CreateTable request or a template's properties, which name it alike,
/// `WarmThroughput {ReadUnitsPerSecond, WriteUnitsPerSecond}` on the table
/// and on each GSI of `GlobalSecondaryIndexes`. A raise still under way is
/// written as its target: what the table is being made ready for.
pub(crate) fn add_warm_throughput(table: &Value, request: &mut Map<String, Value>) {
    fn warm(saved: &Value) -> Option<Value> {
        let raising = saved.get("raising").and_then(Value::as_array);
        let (read, write) = match raising.map(|r| (r.first(), r.get(1))) {
            Some((Some(read), Some(write))) => (read, write),
            _ => (saved.get("read")?, saved.get("write")?),
        };
        Some(json!({ "ReadUnitsPerSecond": read, "WriteUnitsPerSecond": write }))
    }
    let state = table.get("state");
    if let Some(table_warm) = state.and_then(|s| s.get("warmThroughput")).and_then(warm) {
        request.insert("WarmThroughput".into(), table_warm);
    }
    let Some(indexes) = state.and_then(|s| s.get("indexes")).and_then(Value::as_object) else { return };
    let Some(Value::Array(gsis)) = request.get_mut("GlobalSecondaryIndexes") else { return };
    for gsi in gsis.iter_mut().filter_map(Value::as_object_mut) {
        let name = gsi.get("IndexName").and_then(Value::as_str).unwrap_or_default();
        if let Some(index_warm) = indexes.get(name).and_then(|i| i.get("warmThroughput")).and_then(warm) {
            gsi.insert("WarmThroughput".into(), index_warm);
        }
    }
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
