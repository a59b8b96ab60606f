//! Table operations: CreateTable, DescribeTable, ListTables, UpdateTable,
//! DeleteTable.

use md5::{Digest, Md5};
use serde_json::{json, Value};

use crate::engine::api::table::{CreateTable, UpdateTable};
use crate::engine::error::{ApiError, Result};
use crate::engine::storage::Storage;
use crate::engine::table::{BillingMode, Table, TableDefinition, Throughput};
use crate::engine::Engine;

/// Most tables per account and region (DynamoDB's default quota).
pub const MAX_TABLES: usize = 2500;

/// The not-found error of the control-plane operations, which name the table.
fn table_not_found(name: &str) -> ApiError {
    ApiError::ResourceNotFound(format!("Requested resource not found: Table: {name} not found"))
}

/// A table id in UUID form, derived from the ARN and creation time so it is
/// deterministic (the engine has no random source).
fn table_id(arn: &str, created_millis: u64, serial: usize) -> String {
    let mut hasher = Md5::new();
    hasher.update(arn.as_bytes());
    hasher.update(created_millis.to_be_bytes());
    hasher.update(serial.to_be_bytes());
    let h: [u8; 16] = hasher.finalize().into();
    let hex: String = h.iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

impl Engine {
    pub(crate) fn create_table(&mut self, request: CreateTable) -> Result<Value> {
        if self.tables.contains_key(&request.name) {
            return Err(ApiError::ResourceInUse(format!("Table already exists: {}", request.name)));
        }
        if self.tables.len() >= MAX_TABLES {
            return Err(ApiError::LimitExceeded(format!(
                "Subscriber limit exceeded: There is a limit of {MAX_TABLES} tables per account"
            )));
        }
        let now = self.clock.now_millis();
        let arn = format!("arn:aws:dynamodb:{}:{}:table/{}", self.region, self.account_id, request.name);
        let (read, write) = request.throughput.unwrap_or((0, 0));
        let definition = TableDefinition {
            id: table_id(&arn, now, self.tables.len()),
            arn,
            name: request.name.clone(),
            key_schema: request.key_schema,
            attribute_definitions: request.attribute_definitions,
            billing_mode: request.billing_mode,
            throughput: Throughput { read_capacity_units: read, write_capacity_units: write, ..Throughput::default() },
            table_class: request.table_class,
            table_class_given: request.table_class_given,
            created_millis: now,
            pay_per_request_since_millis: (request.billing_mode == BillingMode::PayPerRequest).then_some(now),
        };
        let table = Table { definition, storage: Storage::default() };
        // The table is usable at once; the response still says CREATING, as
        // DynamoDB's does, so code that waits for ACTIVE is exercised.
        let description = table.describe("CREATING");
        self.tables.insert(request.name, table);
        Ok(json!({ "TableDescription": description }))
    }

    pub(crate) fn describe_table(&mut self, name: &str) -> Result<Value> {
        let table = self.tables.get(name).ok_or_else(|| table_not_found(name))?;
        Ok(json!({ "Table": table.describe("ACTIVE") }))
    }

    pub(crate) fn list_tables(&mut self, (start, limit): (Option<String>, usize)) -> Result<Value> {
        // Names after the exclusive start, in name order (BTreeMap order).
        let after = |name: &&String| start.as_ref().is_none_or(|s| name.as_str() > s.as_str());
        let mut names = self.tables.keys().filter(after);
        let page: Vec<String> = names.by_ref().take(limit).cloned().collect();
        let mut response = json!({ "TableNames": page });
        if names.next().is_some() {
            if let Some(last) = page.last() {
                response["LastEvaluatedTableName"] = last.clone().into();
            }
        }
        Ok(response)
    }

    pub(crate) fn delete_table(&mut self, name: &str) -> Result<Value> {
        let table = self.tables.remove(name).ok_or_else(|| table_not_found(name))?;
        Ok(json!({ "TableDescription": table.describe("DELETING") }))
    }

    pub(crate) fn update_table(&mut self, request: UpdateTable) -> Result<Value> {
        let now = self.clock.now_millis();
        let table = self.tables.get_mut(&request.name).ok_or_else(|| table_not_found(&request.name))?;
        let definition = &mut table.definition;
        let billing_mode = request.billing_mode.unwrap_or(definition.billing_mode);
        match (billing_mode, request.throughput) {
            (BillingMode::PayPerRequest, Some(_)) => return Err(ApiError::invalid_parameter(
                "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
            )),
            (BillingMode::Provisioned, None) if definition.billing_mode == BillingMode::PayPerRequest => {
                return Err(ApiError::invalid_parameter(
                    "ProvisionedThroughput must be specified when BillingMode is PROVISIONED",
                ))
            }
            (BillingMode::Provisioned, Some((read, write)))
                if definition.billing_mode == BillingMode::Provisioned && request.table_class.is_none() =>
            {
                let t = &definition.throughput;
                if (read, write) == (t.read_capacity_units, t.write_capacity_units) {
                    return Err(ApiError::validation(format!(
                        "The provisioned throughput for the table will not change. The requested value equals the current value. \
                         Current ReadCapacityUnits provisioned for the table: {}. Requested ReadCapacityUnits: {read}. \
                         Current WriteCapacityUnits provisioned for the table: {}. Requested WriteCapacityUnits: {write}. \
                         Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.",
                        t.read_capacity_units, t.write_capacity_units
                    )));
                }
            }
            _ => {}
        }

        if let Some((read, write)) = request.throughput {
            let t = &mut definition.throughput;
            if read > t.read_capacity_units || write > t.write_capacity_units {
                t.last_increase_millis = Some(now);
            }
            if read < t.read_capacity_units || write < t.write_capacity_units {
                t.last_decrease_millis = Some(now);
                t.decreases_today += 1;
            }
            t.read_capacity_units = read;
            t.write_capacity_units = write;
        }
        if billing_mode != definition.billing_mode {
            definition.billing_mode = billing_mode;
            if billing_mode == BillingMode::PayPerRequest {
                definition.pay_per_request_since_millis = Some(now);
                definition.throughput.read_capacity_units = 0;
                definition.throughput.write_capacity_units = 0;
            }
        }
        if let Some(class) = request.table_class {
            definition.table_class = class;
            definition.table_class_given = true;
        }
        Ok(json!({ "TableDescription": table.describe("UPDATING") }))
    }
}
