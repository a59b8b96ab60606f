//! Request shapes of the table operations: CreateTable, DescribeTable,
//! ListTables, UpdateTable, DeleteTable — and their request-level checks.

use super::members::{boolean, long, shape, string, strings, structure, structures};
use super::scaling::{OnDemandThroughputInput, WarmThroughputInput};
use super::{require_table_name, Violations};
use crate::engine::error::{ApiError, Result};
use crate::engine::index::{
    IndexKind, IndexProjection, ProjectionType, MAX_GLOBAL_INDEXES, MAX_LOCAL_INDEXES,
    MAX_NON_KEY_ATTRIBUTES_PER_INDEX, MAX_PROJECTED_ATTRIBUTES,
};
use crate::engine::schema::{KeyAttribute, KeySchema, ScalarType, MAX_INDEX_KEY_ATTRIBUTES};
use crate::engine::streams::StreamViewType;
use crate::engine::table::{BillingMode, TableClass};

/// Largest capacity figure DynamoDB accepts at all. The default account
/// quotas (40,000 units per table) are not enforced: the playground acts like
/// an account whose quotas were raised, so a class can model big tables.
pub const MAX_CAPACITY_UNITS: i64 = 1_000_000_000_000;

#[derive(Debug, Default, Clone, PartialEq)]
pub struct KeySchemaElement {
    pub attribute_name: Option<String>,
    pub key_type: Option<String>,
}

shape! { KeySchemaElement {
    "AttributeName" => attribute_name: string,
    "KeyType" => key_type: string,
} }

#[derive(Debug, Default, Clone)]
pub struct AttributeDefinition {
    pub attribute_name: Option<String>,
    pub attribute_type: Option<String>,
}

shape! { AttributeDefinition {
    "AttributeName" => attribute_name: string,
    "AttributeType" => attribute_type: string,
} }

#[derive(Debug, Default)]
pub struct ProvisionedThroughputInput {
    pub read_capacity_units: Option<i64>,
    pub write_capacity_units: Option<i64>,
}

shape! { ProvisionedThroughputInput {
    "ReadCapacityUnits" => read_capacity_units: long,
    "WriteCapacityUnits" => write_capacity_units: long,
} }

#[derive(Debug, Default)]
pub struct ProjectionInput {
    pub projection_type: Option<String>,
    pub non_key_attributes: Option<Vec<String>>,
}

shape! { ProjectionInput {
    "ProjectionType" => projection_type: string,
    "NonKeyAttributes" => non_key_attributes: strings,
} }

/// A `GlobalSecondaryIndex` or `LocalSecondaryIndex` (an LSI has no
/// throughput of its own; one sent anyway is ignored, as unknown members are).
#[derive(Debug, Default)]
pub struct SecondaryIndexInput {
    pub index_name: Option<String>,
    pub key_schema: Option<Vec<KeySchemaElement>>,
    pub projection: Option<ProjectionInput>,
    pub provisioned_throughput: Option<ProvisionedThroughputInput>,
    pub on_demand_throughput: Option<OnDemandThroughputInput>,
    pub warm_throughput: Option<WarmThroughputInput>,
}

shape! { SecondaryIndexInput {
    "IndexName" => index_name: string,
    "KeySchema" => key_schema: structures::<KeySchemaElement>,
    "Projection" => projection: structure::<ProjectionInput>,
    "ProvisionedThroughput" => provisioned_throughput: structure::<ProvisionedThroughputInput>,
    "OnDemandThroughput" => on_demand_throughput: structure::<OnDemandThroughputInput>,
    "WarmThroughput" => warm_throughput: structure::<WarmThroughputInput>,
} }

/// A `StreamSpecification` of CreateTable or UpdateTable.
#[derive(Debug, Default)]
pub struct StreamSpecificationInput {
    pub stream_enabled: Option<bool>,
    pub stream_view_type: Option<String>,
}

shape! { StreamSpecificationInput {
    "StreamEnabled" => stream_enabled: boolean,
    "StreamViewType" => stream_view_type: string,
} }

/// Member-level checks of a `StreamSpecification`.
fn check_stream_members(v: &mut Violations, spec: &Option<StreamSpecificationInput>) {
    if let Some(spec) = spec {
        v.not_null("streamSpecification.streamEnabled", &spec.stream_enabled);
        v.one_of("streamSpecification.streamViewType", spec.stream_view_type.as_deref(), StreamViewType::VALUES);
    }
}

/// What a checked `StreamSpecification` asks for: `Some(view)` to enable a
/// stream, `None` to disable it (`creating`: on CreateTable, where a
/// disabled stream is simply no stream).
fn stream_change(spec: Option<&StreamSpecificationInput>, creating: bool) -> Result<Option<Option<StreamViewType>>> {
    let Some(spec) = spec else { return Ok(None) };
    let view = spec.stream_view_type.as_deref().and_then(StreamViewType::parse);
    match (spec.stream_enabled.unwrap_or_default(), view, creating) {
        (true, Some(view), _) => Ok(Some(Some(view))),
        (true, None, true) => {
            Err(ApiError::invalid_parameter("Table is being created with a stream enabled, UpdateViewType is required"))
        }
        (true, None, false) => {
            Err(ApiError::invalid_parameter("If stream is being enabled then UpdateViewType is required"))
        }
        (false, Some(_), true) => Err(ApiError::invalid_parameter(
            "Table is being created with a stream disabled, UpdateViewType should not be specified",
        )),
        (false, Some(_), false) => {
            Err(ApiError::invalid_parameter("If stream is being disabled, then UpdateViewType must not be specified"))
        }
        (false, None, true) => Ok(None),
        (false, None, false) => Ok(Some(None)),
    }
}

#[derive(Debug, Default)]
pub struct CreateTableInput {
    pub table_name: Option<String>,
    pub key_schema: Option<Vec<KeySchemaElement>>,
    pub attribute_definitions: Option<Vec<AttributeDefinition>>,
    pub billing_mode: Option<String>,
    pub provisioned_throughput: Option<ProvisionedThroughputInput>,
    pub table_class: Option<String>,
    pub global_secondary_indexes: Option<Vec<SecondaryIndexInput>>,
    pub local_secondary_indexes: Option<Vec<SecondaryIndexInput>>,
    pub stream_specification: Option<StreamSpecificationInput>,
    pub tags: Option<Vec<super::tags::TagInput>>,
    pub on_demand_throughput: Option<OnDemandThroughputInput>,
    pub warm_throughput: Option<WarmThroughputInput>,
    pub deletion_protection_enabled: Option<bool>,
    pub vector_indexes: Option<Vec<super::vector::VectorIndexInput>>,
}

shape! { CreateTableInput {
    "TableName" => table_name: string,
    "KeySchema" => key_schema: structures::<KeySchemaElement>,
    "AttributeDefinitions" => attribute_definitions: structures::<AttributeDefinition>,
    "BillingMode" => billing_mode: string,
    "ProvisionedThroughput" => provisioned_throughput: structure::<ProvisionedThroughputInput>,
    "TableClass" => table_class: string,
    "GlobalSecondaryIndexes" => global_secondary_indexes: structures::<SecondaryIndexInput>,
    "LocalSecondaryIndexes" => local_secondary_indexes: structures::<SecondaryIndexInput>,
    "StreamSpecification" => stream_specification: structure::<StreamSpecificationInput>,
    "Tags" => tags: structures::<super::tags::TagInput>,
    "OnDemandThroughput" => on_demand_throughput: structure::<OnDemandThroughputInput>,
    "WarmThroughput" => warm_throughput: structure::<WarmThroughputInput>,
    "DeletionProtectionEnabled" => deletion_protection_enabled: boolean,
    "VectorIndexes" => vector_indexes: structures::<super::vector::VectorIndexInput>,
} }

/// A secondary index of a CreateTable (or UpdateTable Create) that passed
/// every request-level check.
#[derive(Debug, PartialEq)]
pub struct IndexSpec {
    pub name: String,
    pub kind: IndexKind,
    pub key_schema: KeySchema,
    pub projection: IndexProjection,
    /// A GSI's `(read, write)` on a provisioned table.
    pub throughput: Option<(i64, i64)>,
    /// A GSI's `OnDemandThroughput` and `WarmThroughput`, as sent (checked
    /// by the operation, whose messages name the region).
    pub on_demand_throughput: Option<OnDemandThroughputInput>,
    pub warm_throughput: Option<WarmThroughputInput>,
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
    /// Global secondary indexes, then local ones, each in request order.
    pub indexes: Vec<IndexSpec>,
    /// The view type of the table's stream, if it has one.
    pub stream: Option<StreamViewType>,
    /// `Tags`, by key.
    pub tags: std::collections::BTreeMap<String, String>,
    /// `OnDemandThroughput` and `WarmThroughput`, as sent.
    pub on_demand_throughput: Option<OnDemandThroughputInput>,
    pub warm_throughput: Option<WarmThroughputInput>,
    /// `DeletionProtectionEnabled` (false when not sent).
    pub deletion_protection_enabled: bool,
    /// `VectorIndexes`, in request order, without their ARNs yet.
    pub vector_indexes: Vec<crate::engine::vector::VectorIndex>,
}

/// Member-level checks of a `ProvisionedThroughput` at `path`.
fn check_throughput_at(v: &mut Violations, path: &str, throughput: Option<&ProvisionedThroughputInput>) {
    if let Some(t) = throughput {
        v.not_null(&format!("{path}.writeCapacityUnits"), &t.write_capacity_units);
        v.at_least(&format!("{path}.writeCapacityUnits"), t.write_capacity_units, 1);
        v.not_null(&format!("{path}.readCapacityUnits"), &t.read_capacity_units);
        v.at_least(&format!("{path}.readCapacityUnits"), t.read_capacity_units, 1);
    }
}

/// Member-level checks shared by CreateTable and UpdateTable's throughput.
fn check_throughput(v: &mut Violations, throughput: Option<&ProvisionedThroughputInput>) {
    check_throughput_at(v, "provisionedThroughput", throughput);
}

/// A key schema as DynamoDB's constraint messages print it (captured in
/// 2026): `'[KeySchemaElement(attributeName=pk, keyType=HASH), …]'`.
fn key_schema_value(keys: &[KeySchemaElement]) -> String {
    let elements: Vec<String> = keys
        .iter()
        .map(|k| {
            let name = k.attribute_name.as_deref().unwrap_or("null");
            let kind = k.key_type.as_deref().unwrap_or("null");
            format!("KeySchemaElement(attributeName={name}, keyType={kind})")
        })
        .collect();
    format!("'[{}]'", elements.join(", "))
}

/// Member-level checks of a key schema at `path` (an index's key types are
/// not an enum there: a bad one meets the "Invalid KeySchema" rules later,
/// as dynalite recorded).
fn check_index_key_schema(v: &mut Violations, path: &str, keys: &Option<Vec<KeySchemaElement>>, global: bool) {
    v.not_null(path, keys);
    if let Some(keys) = keys {
        for (i, k) in keys.iter().enumerate() {
            let member = format!("{path}.{}.member", i + 1);
            v.not_null(&format!("{member}.attributeName"), &k.attribute_name);
            v.attribute_name(&format!("{member}.attributeName"), k.attribute_name.as_deref());
            v.not_null(&format!("{member}.keyType"), &k.key_type);
        }
        if keys.is_empty() {
            v.push("'[]'", path, "have length greater than or equal to 1");
        } else if !global && keys.len() > 2 {
            // A GSI's KeySchema has no length constraint: its up to four HASH
            // and four RANGE attributes are checked with the definitions
            // (semantics F, API:CreateGlobalSecondaryIndexAction).
            v.push("'[…]'", path, "have length less than or equal to 2");
        }
    }
}

/// Member-level checks of a `Projection` at `path`.
pub(super) fn check_projection(v: &mut Violations, path: &str, projection: &Option<ProjectionInput>) {
    v.not_null(path, projection);
    if let Some(p) = projection {
        v.one_of(&format!("{path}.projectionType"), p.projection_type.as_deref(), ProjectionType::VALUES);
        if let Some(names) = &p.non_key_attributes {
            let field = format!("{path}.nonKeyAttributes");
            if names.is_empty() {
                v.push("'[]'", &field, "have length greater than or equal to 1");
            } else if names.len() > MAX_NON_KEY_ATTRIBUTES_PER_INDEX {
                v.push(
                    &format!("'[{}]'", names.join(", ")),
                    &field,
                    &format!("have length less than or equal to {MAX_NON_KEY_ATTRIBUTES_PER_INDEX}"),
                );
            }
        }
    }
}

/// Member-level checks of one index of CreateTable (or an UpdateTable Create).
fn check_index_members(v: &mut Violations, member: &str, index: &SecondaryIndexInput, global: bool) {
    v.not_null(&format!("{member}.indexName"), &index.index_name);
    v.table_name(&format!("{member}.indexName"), index.index_name.as_deref());
    check_index_key_schema(v, &format!("{member}.keySchema"), &index.key_schema, global);
    check_projection(v, &format!("{member}.projection"), &index.projection);
    if global {
        check_throughput_at(v, &format!("{member}.provisionedThroughput"), index.provisioned_throughput.as_ref());
    }
}

/// An index's projection, after DynamoDB's rules (dynalite, and the
/// catalogue of AWS messages in the research notes).
pub(super) fn index_projection(input: Option<&ProjectionInput>) -> Result<IndexProjection> {
    let input = input.ok_or_else(|| ApiError::invalid_parameter("Unknown ProjectionType: null"))?;
    let Some(projection_type) = input.projection_type.as_deref().and_then(ProjectionType::parse) else {
        return Err(ApiError::invalid_parameter("Unknown ProjectionType: null"));
    };
    let names = input.non_key_attributes.clone();
    match (projection_type, names) {
        (ProjectionType::Include, Some(names)) if !names.is_empty() => {
            for (i, name) in names.iter().enumerate() {
                if names.iter().take(i).any(|n| n == name) {
                    return Err(ApiError::invalid_parameter(format!("Duplicate element in NonKeyAttributes: {name}")));
                }
            }
            Ok(IndexProjection { projection_type, non_key_attributes: names })
        }
        (ProjectionType::Include, _) => {
            Err(ApiError::invalid_parameter("ProjectionType is INCLUDE, but NonKeyAttributes is not specified"))
        }
        (other, Some(_)) => Err(ApiError::invalid_parameter(format!(
            "ProjectionType is {}, but NonKeyAttributes is specified",
            other.as_str()
        ))),
        (other, None) => Ok(IndexProjection { projection_type: other, non_key_attributes: Vec::new() }),
    }
}

/// An index's key schema against the attribute definitions, by dynalite's
/// rules for index key schemas (recorded against DynamoDB), and the rules of
/// multi-attribute keys (semantics F): the HASH attributes first, then the
/// RANGE attributes, at most four of each, no name twice. The member check
/// before this lets only a GSI have more than two elements; an LSI's caller
/// refuses a second HASH attribute.
pub fn index_key_schema(elements: &[KeySchemaElement], definitions: &[KeyAttribute]) -> Result<KeySchema> {
    let names: Vec<String> = elements.iter().map(|e| e.attribute_name.clone().unwrap_or_default()).collect();
    if names.iter().any(|n| !definitions.iter().any(|d| &d.name == n)) {
        return Err(ApiError::invalid_parameter(format!(
            "Some index key attributes are not defined in AttributeDefinitions. Keys: [{}], AttributeDefinitions: [{}]",
            names.join(", "),
            definitions.iter().map(|d| d.name.clone()).collect::<Vec<_>>().join(", ")
        )));
    }
    if let [first, second] = names.as_slice() {
        if first == second {
            return Err(ApiError::validation(
                "Both the Hash Key and the Range Key element in the KeySchema have the same name",
            ));
        }
    }
    if names.iter().enumerate().any(|(i, name)| names.iter().take(i).any(|n| n == name)) {
        return Err(ApiError::validation("The KeySchema contains multiple key attributes with the same name"));
    }
    let definition = |element: &KeySchemaElement| {
        let name = element.attribute_name.as_deref().unwrap_or_default();
        definitions
            .iter()
            .find(|d| d.name == name)
            .cloned()
            .ok_or_else(|| ApiError::InternalServer("undefined key".into()))
    };
    if elements.len() <= 2 {
        match elements {
            [hash] if key_type(hash) == Some("HASH") => return Ok(KeySchema::new(definition(hash)?, None)),
            [hash, range] if key_type(hash) == Some("HASH") && key_type(range) == Some("RANGE") => {
                return Ok(KeySchema::new(definition(hash)?, Some(definition(range)?)));
            }
            [first, ..] if key_type(first) != Some("HASH") => {
                return Err(ApiError::validation(
                    "Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
                ))
            }
            [_, second] if key_type(second) != Some("HASH") => {
                return Err(ApiError::validation(
                    "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type",
                ))
            }
            _ => {}
        }
    }
    if elements.first().and_then(key_type) != Some("HASH") {
        return Err(ApiError::validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type"));
    }
    let hash_count = elements.iter().take_while(|e| key_type(e) == Some("HASH")).count();
    let (hash, range) = elements.split_at(hash_count);
    if range.iter().any(|e| key_type(e) == Some("HASH")) {
        return Err(ApiError::invalid_parameter(
            "All HASH key attributes must precede RANGE key attributes in the KeySchema",
        ));
    }
    for (count, kind) in [(hash.len(), "HASH"), (range.len(), "RANGE")] {
        if count > MAX_INDEX_KEY_ATTRIBUTES {
            return Err(ApiError::invalid_parameter(format!(
                "The KeySchema exceeds the maximum allowed number of {kind} key attributes"
            )));
        }
    }
    let mut hash = hash.iter().map(definition).collect::<Result<Vec<_>>>()?.into_iter();
    let mut range = range.iter().map(definition).collect::<Result<Vec<_>>>()?.into_iter();
    let partition_key = hash.next().ok_or_else(|| ApiError::InternalServer("no HASH attribute".into()))?;
    Ok(KeySchema {
        partition_key,
        sort_key: range.next(),
        more_partition_keys: hash.collect(),
        more_sort_keys: range.collect(),
    })
}

/// An element's `KeyType`.
fn key_type(element: &KeySchemaElement) -> Option<&str> {
    element.key_type.as_deref()
}

/// An index's throughput against the table's billing mode.
fn index_throughput(
    name: &str,
    billing_mode: BillingMode,
    throughput: Option<&ProvisionedThroughputInput>,
) -> Result<Option<(i64, i64)>> {
    match (billing_mode, throughput) {
        (BillingMode::PayPerRequest, Some(_)) => Err(ApiError::invalid_parameter(format!(
            "ProvisionedThroughput should not be specified for index: {name} when BillingMode is PAY_PER_REQUEST"
        ))),
        (BillingMode::PayPerRequest, None) => Ok(None),
        (BillingMode::Provisioned, None) => {
            Err(ApiError::invalid_parameter(format!("ProvisionedThroughput is not specified for index: {name}")))
        }
        (BillingMode::Provisioned, Some(t)) => {
            let (read, write) = throughput_pair(t);
            check_throughput_limits(read, write)?;
            Ok(Some((read, write)))
        }
    }
}

/// A new GSI's throughput on UpdateTable, against the table's billing mode
/// after the update.
pub(crate) fn index_throughput_for_create(
    name: &str,
    billing_mode: BillingMode,
    throughput: Option<(i64, i64)>,
) -> Result<()> {
    match (billing_mode, throughput) {
        (BillingMode::PayPerRequest, Some(_)) => Err(ApiError::invalid_parameter(format!(
            "ProvisionedThroughput should not be specified for index: {name} when BillingMode is PAY_PER_REQUEST"
        ))),
        (BillingMode::Provisioned, None) => {
            Err(ApiError::invalid_parameter(format!("ProvisionedThroughput is not specified for index: {name}")))
        }
        _ => Ok(()),
    }
}

/// DynamoDB's checks of CreateTable's indexes, in dynalite's order: local
/// indexes, then global ones, then the limits over both.
fn create_table_indexes(
    input: &CreateTableInput,
    key_schema: &KeySchema,
    definitions: &[KeyAttribute],
    billing_mode: BillingMode,
) -> Result<Vec<IndexSpec>> {
    let mut specs: Vec<IndexSpec> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut unique = |name: &str| {
        if names.iter().any(|n| n == name) {
            return Err(ApiError::invalid_parameter(format!("Duplicate index name: {name}")));
        }
        names.push(name.to_string());
        Ok(())
    };
    let mut locals = Vec::new();
    if let Some(lsis) = &input.local_secondary_indexes {
        if lsis.is_empty() {
            return Err(ApiError::invalid_parameter("List of LocalSecondaryIndexes is empty"));
        }
        if key_schema.sort_key.is_none() {
            return Err(ApiError::invalid_parameter(
                "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex",
            ));
        }
        for lsi in lsis {
            let name = lsi.index_name.clone().unwrap_or_default();
            let elements = lsi.key_schema.as_deref().unwrap_or_default();
            let schema = index_key_schema(elements, definitions)?;
            if schema.is_multi_attribute() {
                return Err(ApiError::validation(
                    "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type",
                ));
            }
            if schema.sort_key.is_none() {
                return Err(ApiError::invalid_parameter(format!(
                    "Index KeySchema does not have a range key for index: {name}"
                )));
            }
            if schema.partition_key.name != key_schema.partition_key.name {
                return Err(ApiError::invalid_parameter(format!(
                    "Index KeySchema does not have the same leading hash key as table KeySchema for index: {name}. \
                     index hash key: {}, table hash key: {}",
                    schema.partition_key.name, key_schema.partition_key.name
                )));
            }
            let projection = index_projection(lsi.projection.as_ref())?;
            unique(&name)?;
            locals.push(IndexSpec {
                name,
                kind: IndexKind::Local,
                key_schema: schema,
                projection,
                throughput: None,
                on_demand_throughput: None,
                warm_throughput: None,
            });
        }
        if lsis.len() > MAX_LOCAL_INDEXES {
            return Err(ApiError::invalid_parameter(format!(
                "Number of LocalSecondaryIndexes exceeds per-table limit of {MAX_LOCAL_INDEXES}"
            )));
        }
    }
    if let Some(gsis) = &input.global_secondary_indexes {
        if gsis.is_empty() {
            return Err(ApiError::invalid_parameter("List of GlobalSecondaryIndexes is empty"));
        }
        for gsi in gsis {
            let name = gsi.index_name.clone().unwrap_or_default();
            let elements = gsi.key_schema.as_deref().unwrap_or_default();
            let schema = index_key_schema(elements, definitions)?;
            let projection = index_projection(gsi.projection.as_ref())?;
            let throughput = index_throughput(&name, billing_mode, gsi.provisioned_throughput.as_ref())?;
            unique(&name)?;
            specs.push(IndexSpec {
                name,
                kind: IndexKind::Global,
                key_schema: schema,
                projection,
                throughput,
                on_demand_throughput: gsi.on_demand_throughput,
                warm_throughput: gsi.warm_throughput,
            });
        }
        if gsis.len() > MAX_GLOBAL_INDEXES {
            return Err(ApiError::invalid_parameter(format!(
                "GlobalSecondaryIndex count exceeds the per-table limit of {MAX_GLOBAL_INDEXES}"
            )));
        }
    }
    specs.extend(locals);
    check_projected_attribute_total(specs.iter().map(|s| s.projection.non_key_attributes.len()).sum())?;
    // With indexes, every definition must key the table or some index.
    let mut used: Vec<&str> = Vec::new();
    for attribute in key_schema.attributes().chain(specs.iter().flat_map(|s| s.key_schema.attributes())) {
        if !used.contains(&attribute.name.as_str()) {
            used.push(&attribute.name);
        }
    }
    // A vector index's SearchSchema attributes are defined there too (G.1);
    // its vector attribute must not be, which the vector checks report.
    let vectors = input.vector_indexes.iter().flatten();
    let searched =
        vectors.clone().flat_map(|v| v.search_schema.iter().flatten()).filter_map(|e| e.attribute_name.as_deref());
    let vector_names = vectors.filter_map(|v| v.vector_attribute.as_ref().and_then(|a| a.attribute_name.as_deref()));
    for name in searched.chain(vector_names) {
        if !used.contains(&name) {
            used.push(name);
        }
    }
    if definitions.iter().any(|d| !used.contains(&d.name.as_str())) {
        return Err(ApiError::invalid_parameter(format!(
            "Some AttributeDefinitions are not used. AttributeDefinitions: [{}], keys used: [{}]",
            definitions.iter().map(|d| d.name.as_str()).collect::<Vec<_>>().join(", "),
            used.join(", ")
        )));
    }
    Ok(specs)
}

/// At most 100 `NonKeyAttributes` over all of a table's indexes (B.4). The
/// wording is as quoted by a CloudFormation linter; the prefix is our guess.
pub(crate) fn check_projected_attribute_total(total: usize) -> Result<()> {
    if total > MAX_PROJECTED_ATTRIBUTES {
        return Err(ApiError::invalid_parameter(format!(
            "Number of projected attributes in all indexes exceeds limit of {MAX_PROJECTED_ATTRIBUTES}"
        )));
    }
    Ok(())
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
    pub fn validate(mut self) -> Result<CreateTable> {
        require_table_name(&self.table_name)?;
        let mut v = Violations::default();
        v.not_null("attributeDefinitions", &self.attribute_definitions);
        for (i, d) in self.attribute_definitions.iter().flatten().enumerate() {
            let member = format!("attributeDefinitions.{}.member", i + 1);
            v.not_null(&format!("{member}.attributeName"), &d.attribute_name);
            v.attribute_name(&format!("{member}.attributeName"), d.attribute_name.as_deref());
            v.not_null(&format!("{member}.attributeType"), &d.attribute_type);
            v.one_of(&format!("{member}.attributeType"), d.attribute_type.as_deref(), &["B", "N", "S"]);
        }
        v.table_name("tableName", self.table_name.as_deref());
        v.not_null("keySchema", &self.key_schema);
        if let Some(keys) = &self.key_schema {
            for (i, k) in keys.iter().enumerate() {
                let member = format!("keySchema.{}.member", i + 1);
                v.not_null(&format!("{member}.attributeName"), &k.attribute_name);
                v.attribute_name(&format!("{member}.attributeName"), k.attribute_name.as_deref());
                v.not_null(&format!("{member}.keyType"), &k.key_type);
                v.one_of(&format!("{member}.keyType"), k.key_type.as_deref(), &["HASH", "RANGE"]);
            }
            if keys.is_empty() {
                v.push("'[]'", "keySchema", "have length greater than or equal to 1");
            } else if keys.len() > 2 {
                v.push(&key_schema_value(keys), "keySchema", "have length less than or equal to 2");
            }
        }
        check_throughput(&mut v, self.provisioned_throughput.as_ref());
        v.one_of("billingMode", self.billing_mode.as_deref(), BillingMode::VALUES);
        v.one_of("tableClass", self.table_class.as_deref(), TableClass::VALUES);
        // Index members after the table's, global before local (paritysuite).
        for (i, index) in self.global_secondary_indexes.iter().flatten().enumerate() {
            check_index_members(&mut v, &format!("globalSecondaryIndexes.{}.member", i + 1), index, true);
        }
        for (i, index) in self.local_secondary_indexes.iter().flatten().enumerate() {
            check_index_members(&mut v, &format!("localSecondaryIndexes.{}.member", i + 1), index, false);
        }
        for (i, index) in self.vector_indexes.iter().flatten().enumerate() {
            super::vector::check_members(&mut v, &format!("vectorIndexes.{}.member", i + 1), index);
        }
        check_stream_members(&mut v, &self.stream_specification);
        super::tags::check_tag_members(&mut v, "tags", self.tags.as_ref());
        v.finish()?;
        let stream = stream_change(self.stream_specification.as_ref(), true)?.flatten();
        let tags = super::tags::create_table_tags(self.tags.take())?;

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

        let definitions = unique_attribute_definitions(self.attribute_definitions.clone().unwrap_or_default())?;
        let key_schema = key_schema(self.key_schema.take().unwrap_or_default(), &definitions)?;
        let has_indexes = self.global_secondary_indexes.is_some()
            || self.local_secondary_indexes.is_some()
            || self.vector_indexes.is_some();
        if !has_indexes && definitions.len() != key_schema.attributes().count() {
            return Err(ApiError::invalid_parameter(
                "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions",
            ));
        }
        let indexes = create_table_indexes(&self, &key_schema, &definitions, billing_mode)?;
        let vector_indexes = match &self.vector_indexes {
            None => Vec::new(),
            Some(given) => {
                let names: Vec<&str> = indexes.iter().map(|i| i.name.as_str()).collect();
                super::vector::vector_indexes(given, &definitions, billing_mode, &names)?
            }
        };

        Ok(CreateTable {
            name: self.table_name.unwrap_or_default(),
            key_schema,
            attribute_definitions: definitions,
            billing_mode,
            throughput,
            table_class: self.table_class.as_deref().and_then(TableClass::parse).unwrap_or(TableClass::Standard),
            table_class_given: self.table_class.is_some(),
            indexes,
            stream,
            tags,
            on_demand_throughput: self.on_demand_throughput,
            warm_throughput: self.warm_throughput,
            deletion_protection_enabled: self.deletion_protection_enabled.unwrap_or(false),
            vector_indexes,
        })
    }
}

/// Attribute definitions, whose members the constraint layer already checked.
fn attribute_definitions(definitions: Vec<AttributeDefinition>) -> Vec<KeyAttribute> {
    definitions
        .into_iter()
        .filter_map(|d| {
            let scalar_type = d.attribute_type.as_deref().and_then(ScalarType::parse)?;
            Some(KeyAttribute { name: d.attribute_name?, scalar_type })
        })
        .collect()
}

/// CreateTable's attribute definitions: a name may be defined once, even
/// with the same type ("Attribute Name is duplicated: x"); otherwise which
/// type a key got would depend on the order of the list.
fn unique_attribute_definitions(definitions: Vec<AttributeDefinition>) -> Result<Vec<KeyAttribute>> {
    let definitions = attribute_definitions(definitions);
    for (i, definition) in definitions.iter().enumerate() {
        if definitions.iter().take(i).any(|earlier| earlier.name == definition.name) {
            return Err(ApiError::validation(format!("Attribute Name is duplicated: {}", definition.name)));
        }
    }
    Ok(definitions)
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
        [(hash, Some("HASH"))] => Ok(KeySchema::new(hash.clone(), None)),
        [(hash, Some("HASH")), (range, Some("RANGE"))] => {
            if hash.name == range.name {
                return Err(ApiError::validation(
                    "Both the Hash Key and the Range Key element in the KeySchema have the same name",
                ));
            }
            Ok(KeySchema::new(hash.clone(), Some(range.clone())))
        }
        [(_, Some("RANGE")), ..] => {
            Err(ApiError::validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type"))
        }
        _ => Err(ApiError::validation("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type")),
    }
}

#[derive(Debug, Default)]
pub struct TableNameInput {
    pub table_name: Option<String>,
}

shape! { TableNameInput {
    "TableName" => table_name: string,
} }

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

#[derive(Debug, Default)]
pub struct ListTablesInput {
    pub exclusive_start_table_name: Option<String>,
    pub limit: Option<i64>,
}

shape! { ListTablesInput {
    "ExclusiveStartTableName" => exclusive_start_table_name: string,
    "Limit" => limit: long,
} }

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

#[derive(Debug, Default)]
pub struct IndexNameInput {
    pub index_name: Option<String>,
}

shape! { IndexNameInput {
    "IndexName" => index_name: string,
} }

#[derive(Debug, Default)]
pub struct UpdateGlobalSecondaryIndexInput {
    pub index_name: Option<String>,
    pub provisioned_throughput: Option<ProvisionedThroughputInput>,
    pub on_demand_throughput: Option<OnDemandThroughputInput>,
    pub warm_throughput: Option<WarmThroughputInput>,
}

shape! { UpdateGlobalSecondaryIndexInput {
    "IndexName" => index_name: string,
    "ProvisionedThroughput" => provisioned_throughput: structure::<ProvisionedThroughputInput>,
    "OnDemandThroughput" => on_demand_throughput: structure::<OnDemandThroughputInput>,
    "WarmThroughput" => warm_throughput: structure::<WarmThroughputInput>,
} }

/// One entry of `GlobalSecondaryIndexUpdates`.
#[derive(Debug, Default)]
pub struct GlobalSecondaryIndexUpdateInput {
    pub create: Option<SecondaryIndexInput>,
    pub update: Option<UpdateGlobalSecondaryIndexInput>,
    pub delete: Option<IndexNameInput>,
}

shape! { GlobalSecondaryIndexUpdateInput {
    "Create" => create: structure::<SecondaryIndexInput>,
    "Update" => update: structure::<UpdateGlobalSecondaryIndexInput>,
    "Delete" => delete: structure::<IndexNameInput>,
} }

#[derive(Debug, Default)]
pub struct UpdateTableInput {
    pub table_name: Option<String>,
    pub billing_mode: Option<String>,
    pub provisioned_throughput: Option<ProvisionedThroughputInput>,
    pub table_class: Option<String>,
    pub attribute_definitions: Option<Vec<AttributeDefinition>>,
    pub global_secondary_index_updates: Option<Vec<GlobalSecondaryIndexUpdateInput>>,
    pub stream_specification: Option<StreamSpecificationInput>,
    pub on_demand_throughput: Option<OnDemandThroughputInput>,
    pub warm_throughput: Option<WarmThroughputInput>,
    pub deletion_protection_enabled: Option<bool>,
    pub vector_index_updates: Option<Vec<super::vector_updates::VectorIndexUpdateInput>>,
}

shape! { UpdateTableInput {
    "TableName" => table_name: string,
    "BillingMode" => billing_mode: string,
    "ProvisionedThroughput" => provisioned_throughput: structure::<ProvisionedThroughputInput>,
    "TableClass" => table_class: string,
    "AttributeDefinitions" => attribute_definitions: structures::<AttributeDefinition>,
    "GlobalSecondaryIndexUpdates" => global_secondary_index_updates: structures::<GlobalSecondaryIndexUpdateInput>,
    "StreamSpecification" => stream_specification: structure::<StreamSpecificationInput>,
    "OnDemandThroughput" => on_demand_throughput: structure::<OnDemandThroughputInput>,
    "WarmThroughput" => warm_throughput: structure::<WarmThroughputInput>,
    "DeletionProtectionEnabled" => deletion_protection_enabled: boolean,
    "VectorIndexUpdates" => vector_index_updates: structures::<super::vector_updates::VectorIndexUpdateInput>,
} }

/// A GSI to create, checked as far as possible without the table: its key
/// schema is resolved against the table's attribute definitions later.
#[derive(Debug, PartialEq)]
pub struct CreateIndex {
    pub name: String,
    pub key_schema: Vec<KeySchemaElement>,
    pub projection: IndexProjection,
    /// `(read, write)` when given.
    pub throughput: Option<(i64, i64)>,
    /// `OnDemandThroughput` and `WarmThroughput`, as sent.
    pub on_demand_throughput: Option<OnDemandThroughputInput>,
    pub warm_throughput: Option<WarmThroughputInput>,
}

/// One change to a table's GSIs.
#[derive(Debug, PartialEq)]
pub enum IndexUpdate {
    Create(CreateIndex),
    /// New provisioned throughput `(read, write)`, a new on-demand
    /// maximum, a raise of the warm throughput: what was given.
    Update {
        name: String,
        throughput: Option<(i64, i64)>,
        on_demand_throughput: Option<OnDemandThroughputInput>,
        warm_throughput: Option<WarmThroughputInput>,
    },
    Delete {
        name: String,
    },
}

impl IndexUpdate {
    /// The index the update names.
    pub fn name(&self) -> &str {
        match self {
            Self::Create(c) => &c.name,
            Self::Update { name, .. } | Self::Delete { name } => name,
        }
    }
}

/// An UpdateTable request that passed every request-level check.
#[derive(Debug, PartialEq)]
pub struct UpdateTable {
    pub name: String,
    pub billing_mode: Option<BillingMode>,
    pub throughput: Option<(i64, i64)>,
    pub table_class: Option<TableClass>,
    /// `AttributeDefinitions`: the definitions of a new GSI's keys.
    pub attribute_definitions: Option<Vec<KeyAttribute>>,
    pub index_updates: Vec<IndexUpdate>,
    /// `VectorIndexUpdates`, in request order.
    pub vector_updates: Vec<super::vector_updates::VectorIndexUpdate>,
    /// `StreamSpecification`: `Some(Some(view))` enables a stream,
    /// `Some(None)` disables it.
    pub stream: Option<Option<StreamViewType>>,
    /// `OnDemandThroughput` and `WarmThroughput`, as sent.
    pub on_demand_throughput: Option<OnDemandThroughputInput>,
    pub warm_throughput: Option<WarmThroughputInput>,
    /// `DeletionProtectionEnabled`, when sent: a change of its own.
    pub deletion_protection_enabled: Option<bool>,
}

impl UpdateTableInput {
    pub fn validate(self) -> Result<UpdateTable> {
        require_table_name(&self.table_name)?;
        let mut v = Violations::default();
        v.table_name("tableName", self.table_name.as_deref());
        check_throughput(&mut v, self.provisioned_throughput.as_ref());
        v.one_of("billingMode", self.billing_mode.as_deref(), BillingMode::VALUES);
        v.one_of("tableClass", self.table_class.as_deref(), TableClass::VALUES);
        for (i, d) in self.attribute_definitions.iter().flatten().enumerate() {
            let member = format!("attributeDefinitions.{}.member", i + 1);
            v.not_null(&format!("{member}.attributeName"), &d.attribute_name);
            v.attribute_name(&format!("{member}.attributeName"), d.attribute_name.as_deref());
            v.not_null(&format!("{member}.attributeType"), &d.attribute_type);
            v.one_of(&format!("{member}.attributeType"), d.attribute_type.as_deref(), &["B", "N", "S"]);
        }
        for (i, update) in self.global_secondary_index_updates.iter().flatten().enumerate() {
            let member = format!("globalSecondaryIndexUpdates.{}.member", i + 1);
            if let Some(create) = &update.create {
                check_index_members(&mut v, &format!("{member}.create"), create, true);
            }
            if let Some(u) = &update.update {
                v.not_null(&format!("{member}.update.indexName"), &u.index_name);
                v.table_name(&format!("{member}.update.indexName"), u.index_name.as_deref());
                if u.on_demand_throughput.is_none() && u.warm_throughput.is_none() {
                    v.not_null(&format!("{member}.update.provisionedThroughput"), &u.provisioned_throughput);
                }
                check_throughput_at(
                    &mut v,
                    &format!("{member}.update.provisionedThroughput"),
                    u.provisioned_throughput.as_ref(),
                );
            }
            if let Some(d) = &update.delete {
                v.not_null(&format!("{member}.delete.indexName"), &d.index_name);
                v.table_name(&format!("{member}.delete.indexName"), d.index_name.as_deref());
            }
        }
        check_stream_members(&mut v, &self.stream_specification);
        super::vector_updates::check_update_members(&mut v, self.vector_index_updates.as_deref().unwrap_or_default());
        v.finish()?;
        let no_index_updates = self.global_secondary_index_updates.as_ref().is_none_or(Vec::is_empty)
            && self.vector_index_updates.as_ref().is_none_or(Vec::is_empty);
        if self.billing_mode.is_none()
            && self.provisioned_throughput.is_none()
            && self.table_class.is_none()
            && self.stream_specification.is_none()
            && self.on_demand_throughput.is_none()
            && self.warm_throughput.is_none()
            && self.deletion_protection_enabled.is_none()
            && no_index_updates
        {
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
        let given = Given {
            billing_mode: self.billing_mode.is_some(),
            provisioned_throughput: self.provisioned_throughput.is_some(),
            table_class: self.table_class.is_some(),
            stream: self.stream_specification.is_some(),
            on_demand_throughput: self.on_demand_throughput.is_some(),
            warm_throughput: self.warm_throughput.is_some(),
        };
        let mut index_updates: Vec<IndexUpdate> = Vec::new();
        for update in self.global_secondary_index_updates.unwrap_or_default() {
            let given = [update.create.is_some(), update.update.is_some(), update.delete.is_some()];
            let parsed = match (update.create, update.update, update.delete) {
                _ if given.iter().filter(|g| **g).count() > 1 => {
                    return Err(ApiError::invalid_parameter(
                        "Only one global secondary index action is allowed per GlobalSecondaryIndexUpdate object",
                    ))
                }
                (Some(create), None, None) => IndexUpdate::Create(CreateIndex {
                    name: create.index_name.clone().unwrap_or_default(),
                    key_schema: create.key_schema.clone().unwrap_or_default(),
                    projection: index_projection(create.projection.as_ref())?,
                    throughput: match &create.provisioned_throughput {
                        Some(t) => {
                            let (read, write) = throughput_pair(t);
                            check_throughput_limits(read, write)?;
                            Some((read, write))
                        }
                        None => None,
                    },
                    on_demand_throughput: create.on_demand_throughput,
                    warm_throughput: create.warm_throughput,
                }),
                (None, Some(u), None) => {
                    let throughput = u.provisioned_throughput.as_ref().map(throughput_pair);
                    let (read, write) = throughput.unwrap_or((1, 1));
                    if read > MAX_CAPACITY_UNITS || write > MAX_CAPACITY_UNITS {
                        return Err(ApiError::validation(
                            "This operation cannot be performed with given input values. Please contact DynamoDB service team for more info: Action Blocked: IndexUpdate",
                        ));
                    }
                    IndexUpdate::Update {
                        name: u.index_name.unwrap_or_default(),
                        throughput,
                        on_demand_throughput: u.on_demand_throughput,
                        warm_throughput: u.warm_throughput,
                    }
                }
                (None, None, Some(d)) => IndexUpdate::Delete { name: d.index_name.unwrap_or_default() },
                _ => {
                    return Err(ApiError::invalid_parameter(
                        "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null",
                    ))
                }
            };
            if let Some(twice) = index_updates.iter().find(|u| u.name() == parsed.name()) {
                return Err(ApiError::invalid_parameter(format!(
                    "Only one global secondary index update per index is allowed simultaneously. Index: {}",
                    twice.name()
                )));
            }
            index_updates.push(parsed);
        }
        let definitions = self.attribute_definitions.map(attribute_definitions);
        let vector_updates = super::vector_updates::vector_index_updates(
            self.vector_index_updates.unwrap_or_default(),
            definitions.as_deref().unwrap_or_default(),
        )?;
        check_alone(&given, &index_updates)?;
        let stream = stream_change(self.stream_specification.as_ref(), false)?;
        let creates_or_deletes = index_updates.iter().any(|u| !matches!(u, IndexUpdate::Update { .. }));
        if throughput.is_some() && creates_or_deletes {
            return Err(ApiError::invalid_parameter("You cannot create or delete index while updating table IOPS"));
        }
        Ok(UpdateTable {
            name: self.table_name.unwrap_or_default(),
            billing_mode: self.billing_mode.as_deref().and_then(BillingMode::parse),
            throughput,
            table_class: self.table_class.as_deref().and_then(TableClass::parse),
            attribute_definitions: definitions,
            index_updates,
            vector_updates,
            stream,
            on_demand_throughput: self.on_demand_throughput,
            warm_throughput: self.warm_throughput,
            deletion_protection_enabled: self.deletion_protection_enabled,
        })
    }
}

/// Which of UpdateTable's table-level members a request gave.
struct Given {
    billing_mode: bool,
    provisioned_throughput: bool,
    table_class: bool,
    stream: bool,
    on_demand_throughput: bool,
    warm_throughput: bool,
}

/// What `OnDemandThroughput` and `WarmThroughput` may come with in one
/// UpdateTable (semantics F): a maximum only with `BillingMode`; a warm
/// throughput with nothing but the GSIs' own warm throughputs.
fn check_alone(input: &Given, index_updates: &[IndexUpdate]) -> Result<()> {
    let others = input.billing_mode || input.provisioned_throughput || input.table_class || input.stream;
    if input.on_demand_throughput
        && (input.warm_throughput
            || input.provisioned_throughput
            || input.table_class
            || input.stream
            || !index_updates.is_empty())
    {
        return Err(ApiError::invalid_parameter(
            "OnDemandThroughput can only be combined with BillingMode in an UpdateTable request",
        ));
    }
    if input.warm_throughput {
        if index_updates.iter().any(|u| matches!(u, IndexUpdate::Create(_))) {
            return Err(ApiError::invalid_parameter(
                "Create global secondary index cannot be specified when updating WarmThroughput",
            ));
        }
        let index_other_than_warm = index_updates.iter().any(|u| match u {
            IndexUpdate::Update { throughput, on_demand_throughput, .. } => {
                throughput.is_some() || on_demand_throughput.is_some()
            }
            _ => true,
        });
        if others || index_other_than_warm {
            return Err(ApiError::invalid_parameter("WarmThroughput must be the only operation in the request"));
        }
    }
    Ok(())
}
