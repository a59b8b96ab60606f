//! Request shapes of the table operations: CreateTable, DescribeTable,
//! ListTables, UpdateTable, DeleteTable — and their request-level checks.

use serde::Deserialize;
use serde_json::Value;

use super::{not_supported_yet, require_table_name, Violations};
use crate::engine::error::{ApiError, Result};
use crate::engine::schema::{KeyAttribute, KeySchema, ScalarType};
use crate::engine::table::{BillingMode, TableClass};

/// Largest capacity figure DynamoDB accepts at all. The default account
/// quotas (40,000 units per table) are not enforced: the playground acts like
/// an account whose quotas were raised, so a class can model big tables.
pub const MAX_CAPACITY_UNITS: i64 = 1_000_000_000_000;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct KeySchemaElement {
    pub attribute_name: Option<String>,
    pub key_type: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct AttributeDefinition {
    pub attribute_name: Option<String>,
    pub attribute_type: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct ProvisionedThroughputInput {
    pub read_capacity_units: Option<i64>,
    pub write_capacity_units: Option<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct CreateTableInput {
    pub table_name: Option<String>,
    pub key_schema: Option<Vec<KeySchemaElement>>,
    pub attribute_definitions: Option<Vec<AttributeDefinition>>,
    pub billing_mode: Option<String>,
    pub provisioned_throughput: Option<ProvisionedThroughputInput>,
    pub table_class: Option<String>,
    pub global_secondary_indexes: Option<Value>,
    pub local_secondary_indexes: Option<Value>,
    pub stream_specification: Option<Value>,
}

/// A CreateTable request that passed every request-level check.
#[derive(Debug, PartialEq)]
pub struct CreateTable {
    pub name: String,
    pub key_schema: KeySchema,
    pub attribute_definitions: Vec<KeyAttribute>,
    pub billing_mode: BillingMode,
    /// `(read, write)`; `None` on demand.
    pub throughput: Option<(i64, i64)>,
    pub table_class: TableClass,
    /// Whether the request named a table class (DescribeTable then shows it).
    pub table_class_given: bool,
}

/// Member-level checks shared by CreateTable and UpdateTable's throughput.
fn check_throughput(v: &mut Violations, throughput: Option<&ProvisionedThroughputInput>) {
    if let Some(t) = throughput {
        v.not_null("provisionedThroughput.writeCapacityUnits", &t.write_capacity_units);
        v.at_least("provisionedThroughput.writeCapacityUnits", t.write_capacity_units, 1);
        v.not_null("provisionedThroughput.readCapacityUnits", &t.read_capacity_units);
        v.at_least("provisionedThroughput.readCapacityUnits", t.read_capacity_units, 1);
    }
}

/// Capacity figures beyond what DynamoDB can represent (read checked first).
fn check_throughput_limits(read: i64, write: i64) -> Result<()> {
    for (what, units) in [("ReadCapacityUnits", read), ("WriteCapacityUnits", write)] {
        if units > MAX_CAPACITY_UNITS {
            return Err(ApiError::validation(format!("Given value {units} for {what} is out of bounds")));
        }
    }
    Ok(())
}

/// Reads validated throughput; both members were checked non-null above.
fn throughput_pair(t: &ProvisionedThroughputInput) -> (i64, i64) {
    (t.read_capacity_units.unwrap_or(1), t.write_capacity_units.unwrap_or(1))
}

impl CreateTableInput {
    /// DynamoDB's checks, in DynamoDB's order: members, then the key schema
    /// against the attribute definitions, then billing against throughput.
    pub fn validate(self) -> Result<CreateTable> {
        require_table_name(&self.table_name)?;
        let mut v = Violations::default();
        v.not_null("attributeDefinitions", &self.attribute_definitions);
        for (i, d) in self.attribute_definitions.iter().flatten().enumerate() {
            let member = format!("attributeDefinitions.{}.member", i + 1);
            v.not_null(&format!("{member}.attributeName"), &d.attribute_name);
            v.not_null(&format!("{member}.attributeType"), &d.attribute_type);
            v.one_of(&format!("{member}.attributeType"), d.attribute_type.as_deref(), &["B", "N", "S"]);
        }
        v.table_name("tableName", self.table_name.as_deref());
        v.not_null("keySchema", &self.key_schema);
        if let Some(keys) = &self.key_schema {
            for (i, k) in keys.iter().enumerate() {
                let member = format!("keySchema.{}.member", i + 1);
                v.not_null(&format!("{member}.attributeName"), &k.attribute_name);
                v.not_null(&format!("{member}.keyType"), &k.key_type);
                v.one_of(&format!("{member}.keyType"), k.key_type.as_deref(), &["HASH", "RANGE"]);
            }
            if keys.is_empty() {
                v.push("'[]'", "keySchema", "have length greater than or equal to 1");
            } else if keys.len() > 2 {
                v.push("'[…]'", "keySchema", "have length less than or equal to 2");
            }
        }
        check_throughput(&mut v, self.provisioned_throughput.as_ref());
        v.one_of("billingMode", self.billing_mode.as_deref(), BillingMode::VALUES);
        v.one_of("tableClass", self.table_class.as_deref(), TableClass::VALUES);
        v.finish()?;

        not_supported_yet("GlobalSecondaryIndexes", self.global_secondary_indexes.is_some())?;
        not_supported_yet("LocalSecondaryIndexes", self.local_secondary_indexes.is_some())?;
        not_supported_yet("StreamSpecification", self.stream_specification.is_some())?;

        let billing_mode =
            self.billing_mode.as_deref().and_then(BillingMode::parse).unwrap_or(BillingMode::Provisioned);
        let throughput = match (billing_mode, &self.provisioned_throughput) {
            (BillingMode::Provisioned, None) => {
                return Err(ApiError::invalid_parameter(
                    "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
                ))
            }
            (BillingMode::Provisioned, Some(t)) => {
                let (read, write) = throughput_pair(t);
                check_throughput_limits(read, write)?;
                Some((read, write))
            }
            (BillingMode::PayPerRequest, Some(_)) => return Err(ApiError::invalid_parameter(
                "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
            )),
            (BillingMode::PayPerRequest, None) => None,
        };

        let definitions = attribute_definitions(self.attribute_definitions.unwrap_or_default());
        let key_schema = key_schema(self.key_schema.unwrap_or_default(), &definitions)?;
        if definitions.len() != key_schema.attributes().count() {
            return Err(ApiError::invalid_parameter(
                "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions",
            ));
        }

        Ok(CreateTable {
            name: self.table_name.unwrap_or_default(),
            key_schema,
            attribute_definitions: definitions,
            billing_mode,
            throughput,
            table_class: self.table_class.as_deref().and_then(TableClass::parse).unwrap_or(TableClass::Standard),
            table_class_given: self.table_class.is_some(),
        })
    }
}

/// Attribute definitions, whose members the constraint layer already checked.
/// Duplicate names need no rule of their own: they always break one of the
/// key-schema rules below (no real-AWS text for them is known).
fn attribute_definitions(definitions: Vec<AttributeDefinition>) -> Vec<KeyAttribute> {
    definitions
        .into_iter()
        .filter_map(|d| {
            let scalar_type = d.attribute_type.as_deref().and_then(ScalarType::parse)?;
            Some(KeyAttribute { name: d.attribute_name?, scalar_type })
        })
        .collect()
}

/// The key schema: a HASH element first, an optional RANGE element second,
/// each defined in `definitions`. The rules run in the order that fits every
/// case dynalite recorded against DynamoDB.
fn key_schema(elements: Vec<KeySchemaElement>, definitions: &[KeyAttribute]) -> Result<KeySchema> {
    if elements.len() > definitions.len() {
        return Err(ApiError::validation("Invalid KeySchema: Some index key attribute have no definition"));
    }
    let mut keys = Vec::with_capacity(2);
    for e in &elements {
        let name = e.attribute_name.as_deref().unwrap_or_default();
        let Some(definition) = definitions.iter().find(|d| d.name == name) else {
            return Err(ApiError::validation(
                "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [".to_string()
                    + &elements.iter().filter_map(|e| e.attribute_name.clone()).collect::<Vec<_>>().join(", ")
                    + "], AttributeDefinitions: ["
                    + &definitions.iter().map(|d| d.name.clone()).collect::<Vec<_>>().join(", ")
                    + "]",
            ));
        };
        keys.push((definition.clone(), e.key_type.as_deref()));
    }
    match keys.as_slice() {
        [(hash, Some("HASH"))] => Ok(KeySchema { partition_key: hash.clone(), sort_key: None }),
        [(hash, Some("HASH")), (range, Some("RANGE"))] => {
            if hash.name == range.name {
                return Err(ApiError::validation(
                    "Both the Hash Key and the Range Key element in the KeySchema have the same name",
                ));
            }
            Ok(KeySchema { partition_key: hash.clone(), sort_key: Some(range.clone()) })
        }
        [(_, Some("RANGE")), ..] => {
            Err(ApiError::validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type"))
        }
        _ => Err(ApiError::validation("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type")),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct TableNameInput {
    pub table_name: Option<String>,
}

impl TableNameInput {
    /// DescribeTable and DeleteTable take a table name and nothing else.
    pub fn validate(self) -> Result<String> {
        require_table_name(&self.table_name)?;
        let mut v = Violations::default();
        v.table_name("tableName", self.table_name.as_deref());
        v.finish()?;
        Ok(self.table_name.unwrap_or_default())
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct ListTablesInput {
    pub exclusive_start_table_name: Option<String>,
    pub limit: Option<i64>,
}

impl ListTablesInput {
    /// `(ExclusiveStartTableName, Limit)`, the limit defaulting to 100.
    pub fn validate(self) -> Result<(Option<String>, usize)> {
        let mut v = Violations::default();
        v.table_name("exclusiveStartTableName", self.exclusive_start_table_name.as_deref());
        v.at_least("limit", self.limit, 1);
        v.at_most("limit", self.limit, 100);
        v.finish()?;
        let limit = self.limit.unwrap_or(100).clamp(1, 100) as usize;
        Ok((self.exclusive_start_table_name, limit))
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct UpdateTableInput {
    pub table_name: Option<String>,
    pub billing_mode: Option<String>,
    pub provisioned_throughput: Option<ProvisionedThroughputInput>,
    pub table_class: Option<String>,
    pub attribute_definitions: Option<Value>,
    pub global_secondary_index_updates: Option<Value>,
    pub stream_specification: Option<Value>,
}

/// An UpdateTable request that passed every request-level check.
#[derive(Debug, PartialEq)]
pub struct UpdateTable {
    pub name: String,
    pub billing_mode: Option<BillingMode>,
    pub throughput: Option<(i64, i64)>,
    pub table_class: Option<TableClass>,
}

impl UpdateTableInput {
    pub fn validate(self) -> Result<UpdateTable> {
        require_table_name(&self.table_name)?;
        let mut v = Violations::default();
        v.table_name("tableName", self.table_name.as_deref());
        check_throughput(&mut v, self.provisioned_throughput.as_ref());
        v.one_of("billingMode", self.billing_mode.as_deref(), BillingMode::VALUES);
        v.one_of("tableClass", self.table_class.as_deref(), TableClass::VALUES);
        v.finish()?;
        not_supported_yet("GlobalSecondaryIndexUpdates", self.global_secondary_index_updates.is_some())?;
        not_supported_yet("StreamSpecification", self.stream_specification.is_some())?;
        if self.billing_mode.is_none() && self.provisioned_throughput.is_none() && self.table_class.is_none() {
            return Err(ApiError::validation(
                "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required",
            ));
        }
        let throughput = match &self.provisioned_throughput {
            Some(t) => {
                let (read, write) = throughput_pair(t);
                check_throughput_limits(read, write)?;
                Some((read, write))
            }
            None => None,
        };
        Ok(UpdateTable {
            name: self.table_name.unwrap_or_default(),
            billing_mode: self.billing_mode.as_deref().and_then(BillingMode::parse),
            throughput,
            table_class: self.table_class.as_deref().and_then(TableClass::parse),
        })
    }
}
