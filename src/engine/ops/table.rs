//! Table operations: CreateTable, DescribeTable, ListTables, UpdateTable,
//! DeleteTable.
//!
//! UpdateTable also adds, drops and re-provisions global secondary indexes
//! (`GlobalSecondaryIndexUpdates`), one create or delete at a time per table,
//! as DynamoDB allows. A new GSI is built from the table's items at once but
//! reports `CREATING` with `Backfilling: true` until its backfill time is up
//! (the rule is in [`crate::engine::settings::EngineSettings`]); queries on it
//! are refused until then. A dropped GSI is `DELETING` for a moment, then
//! gone, and so are the attribute definitions only it used. Vector indexes
//! (`VectorIndexUpdates`) are added and dropped in `ops::vector_updates`,
//! under the same one-at-a-time limit.
//!
//! `DeletionProtectionEnabled` (CreateTable, UpdateTable) makes DeleteTable
//! refuse the table until an UpdateTable turns it off (semantics F).

use md5::{Digest, Md5};
use serde_json::{json, Value};

use crate::engine::api::scaling::{create_maximum, create_warm, Resource};
use crate::engine::api::table::{
    check_projected_attribute_total, index_key_schema, index_throughput_for_create, CreateTable, IndexUpdate,
    UpdateTable,
};
use crate::engine::api::vector_updates::VectorIndexUpdate;
use crate::engine::error::{ApiError, Result};
use crate::engine::index::{IndexDefinition, IndexKind, IndexStatus, MAX_GLOBAL_INDEXES};
use crate::engine::table::scaling::{OnDemandMaximum, WarmThroughput, ON_DEMAND_WARM};
use crate::engine::table::{BillingMode, Table, TableDefinition, Throughput};
use crate::engine::vector::{VectorIndex, VectorPhase};
use crate::engine::Engine;

use super::vector_updates;

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
        let on_demand = request.billing_mode == BillingMode::PayPerRequest;
        let region = self.region.clone();
        let on_demand_maximum =
            create_maximum(request.on_demand_throughput.as_ref(), on_demand, Resource::Table, &region)?;
        let warm = create_warm(request.warm_throughput.as_ref(), request.throughput, Resource::Table, &region)?;
        // Which warm throughputs the request named: only those are in the response.
        let warm_named: Vec<String> = request
            .indexes
            .iter()
            .filter(|spec| spec.warm_throughput.is_some())
            .map(|spec| spec.name.clone())
            .collect();
        let mut indexes = Vec::new();
        for spec in request.indexes {
            let (read, write) = spec.throughput.unwrap_or((0, 0));
            let (on_demand_maximum, warm) = match spec.kind {
                IndexKind::Global => {
                    let resource = Resource::Index(&spec.name);
                    (
                        create_maximum(spec.on_demand_throughput.as_ref(), on_demand, resource, &region)?,
                        create_warm(spec.warm_throughput.as_ref(), spec.throughput, resource, &region)?,
                    )
                }
                IndexKind::Local | IndexKind::Vector => (OnDemandMaximum::default(), (0, 0)),
            };
            indexes.push(IndexDefinition {
                arn: IndexDefinition::arn_for(&arn, &spec.name),
                name: spec.name,
                kind: spec.kind,
                key_schema: spec.key_schema,
                projection: spec.projection,
                throughput: Throughput {
                    read_capacity_units: read,
                    write_capacity_units: write,
                    ..Throughput::default()
                },
                status: IndexStatus::Active,
                backfilling: false,
                status_until_millis: None,
                status_since_millis: None,
                on_demand_maximum,
                warm: WarmThroughput::new(warm),
            });
        }
        let vector_indexes = request
            .vector_indexes
            .into_iter()
            .map(|v| VectorIndex { arn: IndexDefinition::arn_for(&arn, &v.name), ..v })
            .collect();
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
            indexes,
            tags: request.tags,
            on_demand_maximum,
            warm: WarmThroughput::new(warm),
            deletion_protection_enabled: request.deletion_protection_enabled,
            vector_indexes,
        };
        let mut table = Table::new(definition);
        let streamed = request.stream.is_some();
        if let Some(view_type) = request.stream {
            table.change_stream(Some(view_type), &self.region, now)?;
        }
        let name = request.name;
        self.tables.insert(name.clone(), table);
        if streamed {
            // The stream starts with a shard per partition.
            self.sync_capacity(&name, None)?;
        }
        // The table is usable at once; the response still says CREATING, as
        // DynamoDB's does, so code that waits for ACTIVE is exercised.
        let table = self.tables.get(&name).ok_or_else(|| table_not_found(&name))?;
        let mut description = table.describe("CREATING", now);
        super::scaling::created_warm_members(&mut description, request.warm_throughput.is_some(), &warm_named);
        Ok(json!({ "TableDescription": description }))
    }

    pub(crate) fn describe_table(&mut self, name: &str) -> Result<Value> {
        let table = self.tables.get(name).ok_or_else(|| table_not_found(name))?;
        let now = self.clock.now_millis();
        // A vector index allocating its resources keeps the table UPDATING (G.2).
        let allocating = table.definition.vector_indexes.iter().any(|v| v.phase(now) == VectorPhase::Allocating);
        let status = if allocating { "UPDATING" } else { "ACTIVE" };
        Ok(json!({ "Table": table.describe(status, now) }))
    }

    pub(crate) fn list_tables(&mut self, (start, limit): (Option<String>, usize)) -> Result<Value> {
        // Names after the exclusive start, in name order (BTreeMap order).
        let after = |name: &&String| start.as_ref().is_none_or(|s| name.as_str() > s.as_str());
        let mut names = self.tables.keys().filter(after);
        let page: Vec<String> = names.by_ref().take(limit).cloned().collect();
        let mut response = json!({ "TableNames": page });
        if names.next().is_some() {
            if let (Some(last), Some(fields)) = (page.last(), response.as_object_mut()) {
                fields.insert("LastEvaluatedTableName".into(), last.clone().into());
            }
        }
        Ok(response)
    }

    pub(crate) fn delete_table(&mut self, name: &str) -> Result<Value> {
        let table = self.tables.get(name).ok_or_else(|| table_not_found(name))?;
        let protected = table.definition.deletion_protection_enabled;
        // Captured with a vector index being created (G.2).
        if table.vector_operation_in_progress(self.clock.now_millis()) {
            return Err(ApiError::ResourceInUse(
                "Attempt to change a resource which is still in use: Cannot delete table while indexes are being \
                 created, updated, or deleted."
                    .into(),
            ));
        }
        if protected {
            return Err(ApiError::validation(
                "Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.",
            ));
        }
        let mut table = self.tables.remove(name).ok_or_else(|| table_not_found(name))?;
        let mut description = table.describe("DELETING", self.clock.now_millis());
        super::scaling::created_warm_members(&mut description, false, &[]);
        self.retire_streams(&mut table);
        Ok(json!({ "TableDescription": description }))
    }

    pub(crate) fn update_table(&mut self, request: UpdateTable) -> Result<Value> {
        let now = self.clock.now_millis();
        let settings = self.settings.clone();
        let table = self.tables.get_mut(&request.name).ok_or_else(|| table_not_found(&request.name))?;
        let definition = &table.definition;
        let billing_mode = request.billing_mode.unwrap_or(definition.billing_mode);
        // DynamoDB's sources disagree on this message; dynoxide's capture (G.1).
        if billing_mode == BillingMode::Provisioned && !definition.vector_indexes.is_empty() {
            return Err(ApiError::invalid_parameter("Tables with vector indexes must be in PAY_PER_REQUEST mode"));
        }
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
        let mut new_definitions = check_index_updates(table, &request, billing_mode, now)?;
        new_definitions.extend(super::vector_updates::check_vector_updates(table, &request, billing_mode, now)?);
        let stream_change = request.stream;
        if let Some(view_type) = stream_change {
            table.check_stream_change(view_type)?;
        }
        // Checked before anything changes: the maxima and warm throughputs.
        let scaling = super::scaling::ScalingChanges::check(table, &request, billing_mode, now, &self.region)?;
        let maximum_sent = request.on_demand_throughput;

        let definition = &mut table.definition;
        if let Some((read, write)) = request.throughput {
            change_throughput(&mut definition.throughput, (read, write), now);
            definition.warm.lift(now, (read, write));
        }
        if billing_mode != definition.billing_mode {
            definition.billing_mode = billing_mode;
            if billing_mode == BillingMode::PayPerRequest {
                definition.pay_per_request_since_millis = Some(now);
                definition.throughput.read_capacity_units = 0;
                definition.throughput.write_capacity_units = 0;
                definition.warm.lift(now, ON_DEMAND_WARM);
                for index in &mut definition.indexes {
                    index.throughput.read_capacity_units = 0;
                    index.throughput.write_capacity_units = 0;
                    if index.kind == IndexKind::Global {
                        index.warm.lift(now, ON_DEMAND_WARM);
                    }
                }
            } else {
                // A provisioned table has no on-demand maximum.
                definition.on_demand_maximum = OnDemandMaximum::default();
                for index in &mut definition.indexes {
                    index.on_demand_maximum = OnDemandMaximum::default();
                }
            }
        }
        scaling.apply_to_table(definition, now);
        if let Some(class) = request.table_class {
            definition.table_class = class;
            definition.table_class_given = true;
        }
        if let Some(enabled) = request.deletion_protection_enabled {
            definition.deletion_protection_enabled = enabled;
        }
        for attribute in new_definitions {
            if !definition.attribute_definitions.iter().any(|d| d.name == attribute.name) {
                definition.attribute_definitions.push(attribute);
            }
        }
        let table_bytes = table.storage.size_bytes();
        let table_arn = table.definition.arn.clone();
        for update in request.index_updates {
            match update {
                IndexUpdate::Create(create) => {
                    let key_schema = index_key_schema(&create.key_schema, &table.definition.attribute_definitions)?;
                    let (read, write) = create.throughput.unwrap_or((0, 0));
                    let (on_demand_maximum, warm) = scaling.created(&create.name);
                    table.attach_global_index(IndexDefinition {
                        arn: IndexDefinition::arn_for(&table_arn, &create.name),
                        name: create.name,
                        kind: IndexKind::Global,
                        key_schema,
                        projection: create.projection,
                        throughput: Throughput {
                            read_capacity_units: read,
                            write_capacity_units: write,
                            ..Throughput::default()
                        },
                        status: IndexStatus::Creating,
                        backfilling: true,
                        status_until_millis: Some(now.saturating_add(settings.backfill_millis(table_bytes))),
                        status_since_millis: Some(now),
                        on_demand_maximum,
                        warm: WarmThroughput::new(warm),
                    });
                }
                IndexUpdate::Update { name, throughput, .. } => {
                    if let Some(index) = table.definition.indexes.iter_mut().find(|i| i.name == name) {
                        if let Some(throughput) = throughput {
                            change_throughput(&mut index.throughput, throughput, now);
                            index.warm.lift(now, throughput);
                        }
                        scaling.apply_to_index(index, now);
                        if index.status == IndexStatus::Active && throughput.is_some() {
                            index.status = IndexStatus::Updating;
                            index.status_until_millis = Some(now);
                            index.status_since_millis = Some(now);
                        }
                    }
                }
                IndexUpdate::Delete { name } => {
                    if let Some(index) = table.definition.indexes.iter_mut().find(|i| i.name == name) {
                        index.status = IndexStatus::Deleting;
                        index.backfilling = false;
                        index.status_until_millis = Some(now.saturating_add(settings.gsi_delete_millis));
                        index.status_since_millis = Some(now);
                    }
                }
            }
        }
        table.apply_vector_updates(request.vector_updates, now, &settings);
        let enabling = matches!(stream_change, Some(Some(_)));
        if let Some(view_type) = stream_change {
            table.change_stream(view_type, &self.region, now)?;
        }
        if enabling {
            // The new stream starts with a shard per partition.
            self.sync_capacity(&request.name, None)?;
        }
        let table = self.tables.get(&request.name).ok_or_else(|| table_not_found(&request.name))?;
        // A change of maximum or warm throughput alone leaves the table ACTIVE.
        let status = if scaling.only { "ACTIVE" } else { "UPDATING" };
        let mut description = table.describe(status, now);
        scaling.echo(&mut description, maximum_sent);
        Ok(json!({ "TableDescription": description }))
    }
}

/// Records a throughput change with the history DynamoDB reports.
fn change_throughput(t: &mut Throughput, (read, write): (i64, i64), now: u64) {
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

/// DynamoDB's checks of `GlobalSecondaryIndexUpdates` against the table as
/// it stands, before anything changes. Returns the attribute definitions a
/// new index brings.
fn check_index_updates(
    table: &Table,
    request: &UpdateTable,
    billing_mode: BillingMode,
    now: u64,
) -> Result<Vec<crate::engine::schema::KeyAttribute>> {
    let d = &table.definition;
    let table_name = &d.name;
    let in_use = |detail: String| {
        ApiError::ResourceInUse(format!("Attempt to change a resource which is still in use: {detail}"))
    };
    let deleting: Vec<&str> =
        d.indexes.iter().filter(|i| i.status == IndexStatus::Deleting).map(|i| i.name.as_str()).collect();
    let switching_to_provisioned =
        billing_mode == BillingMode::Provisioned && d.billing_mode == BillingMode::PayPerRequest;
    if switching_to_provisioned && !deleting.is_empty() {
        return Err(in_use(format!(
            "Can't change table IOPS when an index is being deleted. Table: {table_name} Indexes: [{}]",
            deleting.join(", ")
        )));
    }
    if switching_to_provisioned {
        let missing: Vec<&str> = d
            .indexes
            .iter()
            .filter(|i| i.kind == IndexKind::Global)
            .filter(|i| {
                !request
                    .index_updates
                    .iter()
                    .any(|u| matches!(u, IndexUpdate::Update { name, throughput: Some(_), .. } if *name == i.name))
            })
            .map(|i| i.name.as_str())
            .collect();
        if !missing.is_empty() {
            return Err(ApiError::invalid_parameter(format!(
                "ProvisionedThroughput must be specified for index: {}",
                missing.join(",")
            )));
        }
    }
    // One online index operation at a time, GSIs and vector indexes
    // together; deleting the vector index being created is not a second one.
    let online = request.index_updates.iter().filter(|u| !matches!(u, IndexUpdate::Update { .. })).count()
        + request.vector_updates.len();
    let stops_its_own_creation = matches!(
        request.vector_updates.as_slice(),
        [VectorIndexUpdate::Delete { name }]
            if d.vector_indexes.iter().any(|v| &v.name == name && v.phase(now).in_progress())
    );
    if online > 1 || (online == 1 && !stops_its_own_creation && table.index_operation_in_progress(now)) {
        return Err(ApiError::LimitExceeded(
            "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table".into(),
        ));
    }
    let not_found = |name: &str| {
        ApiError::ResourceNotFound(format!("Requested resource not found: Index {name} for table {table_name}"))
    };
    let mut new_definitions = Vec::new();
    for update in &request.index_updates {
        let existing = d.indexes.iter().find(|i| i.name == update.name());
        match update {
            IndexUpdate::Create(create) => {
                if existing.is_some() || d.vector_indexes.iter().any(|v| v.name == create.name) {
                    return Err(ApiError::validation("Attempting to create an index which already exists"));
                }
                let Some(given) = &request.attribute_definitions else {
                    return Err(ApiError::invalid_parameter(format!(
                        "AttributeDefinitions is not specified for index: {}",
                        create.name
                    )));
                };
                let key_schema = index_key_schema(&create.key_schema, given)?;
                for vector in &d.vector_indexes {
                    if let Some(element) = vector_updates::key_element(&key_schema, &vector.vector_attribute) {
                        return Err(vector_updates::redefined(
                            &vector_updates::vector_schema(vector),
                            &vector_updates::key_schema_text(&element),
                        ));
                    }
                }
                for attribute in key_schema.attributes() {
                    if let Some(current) = d.attribute_definitions.iter().find(|a| a.name == attribute.name) {
                        if current.scalar_type != attribute.scalar_type {
                            // No AWS text is known for this; ours says what is wrong.
                            return Err(ApiError::invalid_parameter(format!(
                                "Attribute {} is already defined with type {}, not {}",
                                attribute.name,
                                current.scalar_type.as_str(),
                                attribute.scalar_type.as_str()
                            )));
                        }
                    } else {
                        new_definitions.push(attribute.clone());
                    }
                }
                index_throughput_for_create(&create.name, billing_mode, create.throughput)?;
                let globals = d.indexes.iter().filter(|i| i.kind == IndexKind::Global).count();
                if globals >= MAX_GLOBAL_INDEXES {
                    return Err(ApiError::LimitExceeded(format!(
                        "GlobalSecondaryIndex count exceeds the per-table limit of {MAX_GLOBAL_INDEXES}"
                    )));
                }
                check_projected_attribute_total(
                    table.projected_attribute_count() + create.projection.non_key_attributes.len(),
                )?;
            }
            IndexUpdate::Update { name, throughput, on_demand_throughput, warm_throughput } => {
                let index = existing.ok_or_else(|| not_found(name))?;
                if index.kind == IndexKind::Local {
                    return Err(ApiError::validation(format!(
                        "Cannot update an index that is not a GlobalSecondaryIndex: {name}"
                    )));
                }
                if index.status == IndexStatus::Deleting {
                    return Err(in_use(format!("Index is being deleted. Table: {table_name} Index: {name}")));
                }
                if billing_mode == BillingMode::PayPerRequest && throughput.is_some() {
                    return Err(ApiError::invalid_parameter(format!(
                        "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for index: {name} when BillingMode is PAY_PER_REQUEST"
                    )));
                }
                if billing_mode == BillingMode::PayPerRequest
                    && on_demand_throughput.is_none()
                    && warm_throughput.is_none()
                {
                    return Err(ApiError::invalid_parameter(format!(
                        "The only Updates for index: {name} when TableThroughputMode is PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput"
                    )));
                }
                let Some(throughput) = throughput else { continue };
                let t = &index.throughput;
                if !switching_to_provisioned && *throughput == (t.read_capacity_units, t.write_capacity_units) {
                    // The index form of the table's message; AWS's is quoted
                    // only up to "equals the current value." in our sources.
                    return Err(ApiError::validation(format!(
                        "The provisioned throughput for the index {name} will not change. The requested value equals the current value. \
                         Current ReadCapacityUnits provisioned for the index: {}. Requested ReadCapacityUnits: {}. \
                         Current WriteCapacityUnits provisioned for the index: {}. Requested WriteCapacityUnits: {}. \
                         Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.",
                        t.read_capacity_units, throughput.0, t.write_capacity_units, throughput.1
                    )));
                }
            }
            IndexUpdate::Delete { name } => {
                let index = existing.ok_or_else(|| not_found(name))?;
                if index.kind == IndexKind::Local {
                    return Err(ApiError::validation(format!(
                        "Cannot delete an index that is not a GlobalSecondaryIndex: {name}"
                    )));
                }
            }
        }
    }
    Ok(new_definitions)
}
