//! Request shapes of vector indexes: CreateTable's `VectorIndexes` and the
//! `SearchVectors` request, with their request-level checks (semantics G.1,
//! G.3, G.4). Every message is as captured on DynamoDB in 2026; where a
//! case was not captured the message is ours, and docs/limits.md says so.

use serde_json::Value;

use super::expressions::{lends_substitutions, ExpressionParser};
use super::members::{any, long, shape, string, structure, structures, values};
use super::table::{check_projection, index_projection, ProjectionInput};
use super::Violations;
use crate::engine::error::{ApiError, Result};
use crate::engine::expr::ast::{Comparator, Cond, Operand};
use crate::engine::schema::KeyAttribute;
use crate::engine::table::BillingMode;
use crate::engine::value::AttributeValue;
use crate::engine::vector::{DistanceFunction, SchemaRole, VectorIndex, MAX_DIMENSIONS, MAX_TOP_K, MAX_VECTOR_INDEXES};

/// The start of CreateTable's semantic refusals.
const INVALID: &str = "One or more parameter values were invalid: ";

#[derive(Debug, Default, Clone, PartialEq)]
pub struct VectorAttributeInput {
    pub attribute_name: Option<String>,
}

shape! { VectorAttributeInput {
    "AttributeName" => attribute_name: string,
} }

#[derive(Debug, Default, Clone, PartialEq)]
pub struct SearchSchemaElementInput {
    pub attribute_name: Option<String>,
    pub search_schema_element_type: Option<String>,
}

shape! { SearchSchemaElementInput {
    "AttributeName" => attribute_name: string,
    "SearchSchemaElementType" => search_schema_element_type: string,
} }

/// One element of `VectorIndexes`.
#[derive(Debug, Default)]
pub struct VectorIndexInput {
    pub index_name: Option<String>,
    pub vector_attribute: Option<VectorAttributeInput>,
    pub dimensions: Option<i64>,
    pub distance_function: Option<String>,
    pub projection: Option<ProjectionInput>,
    pub search_schema: Option<Vec<SearchSchemaElementInput>>,
}

shape! { VectorIndexInput {
    "IndexName" => index_name: string,
    "VectorAttribute" => vector_attribute: structure::<VectorAttributeInput>,
    "Dimensions" => dimensions: long,
    "DistanceFunction" => distance_function: string,
    "Projection" => projection: structure::<ProjectionInput>,
    "SearchSchema" => search_schema: structures::<SearchSchemaElementInput>,
} }

/// The request-model checks of one vector index at `path`
/// (`vectorIndexes.1.member`).
pub(super) fn check_members(v: &mut Violations, path: &str, index: &VectorIndexInput) {
    v.not_null(&format!("{path}.indexName"), &index.index_name);
    v.table_name(&format!("{path}.indexName"), index.index_name.as_deref());
    v.not_null(&format!("{path}.vectorAttribute"), &index.vector_attribute);
    if let Some(attribute) = &index.vector_attribute {
        v.not_null(&format!("{path}.vectorAttribute.attributeName"), &attribute.attribute_name);
        v.attribute_name(&format!("{path}.vectorAttribute.attributeName"), attribute.attribute_name.as_deref());
    }
    v.not_null(&format!("{path}.dimensions"), &index.dimensions);
    v.at_least(&format!("{path}.dimensions"), index.dimensions, 1);
    v.not_null(&format!("{path}.distanceFunction"), &index.distance_function);
    v.one_of(&format!("{path}.distanceFunction"), index.distance_function.as_deref(), DistanceFunction::VALUES);
    check_projection(v, &format!("{path}.projection"), &index.projection);
    if let Some(schema) = &index.search_schema {
        if schema.is_empty() {
            v.push("'[]'", &format!("{path}.searchSchema"), "have length greater than or equal to 1");
        }
        for (i, element) in schema.iter().enumerate() {
            let at = format!("{path}.searchSchema.{}.member", i + 1);
            v.not_null(&format!("{at}.attributeName"), &element.attribute_name);
            v.not_null(&format!("{at}.searchSchemaElementType"), &element.search_schema_element_type);
            v.one_of(
                &format!("{at}.searchSchemaElementType"),
                element.search_schema_element_type.as_deref(),
                SchemaRole::VALUES,
            );
        }
    }
}

/// CreateTable's vector indexes after the service's checks (G.1), as
/// definitions still without their ARNs. `other_names` are the table's GSI
/// and LSI names (one namespace with them).
pub(super) fn vector_indexes(
    given: &[VectorIndexInput],
    definitions: &[KeyAttribute],
    billing_mode: BillingMode,
    other_names: &[&str],
) -> Result<Vec<VectorIndex>> {
    let invalid = |text: String| Err(ApiError::validation(format!("{INVALID}{text}")));
    if billing_mode != BillingMode::PayPerRequest {
        return invalid("Vector indexes are only supported for PAY_PER_REQUEST tables".into());
    }
    if given.is_empty() {
        return invalid("List of VectorIndexes is empty".into());
    }
    if given.len() > MAX_VECTOR_INDEXES {
        return invalid(format!("VectorIndex count exceeds the per-table limit of {MAX_VECTOR_INDEXES}"));
    }
    let mut made: Vec<VectorIndex> = Vec::new();
    for input in given {
        let index = one_vector_index(input, definitions)?;
        if other_names.contains(&index.name.as_str()) || made.iter().any(|m| m.name == index.name) {
            return invalid(format!("Duplicate index name: {}", index.name));
        }
        if made.iter().any(|m| m.vector_attribute == index.vector_attribute && m.dimensions != index.dimensions) {
            return invalid(format!(
                "Conflicting attribute definition for '{}'. All VectorIndexes on the same vector attribute must use \
                 the same dimensions.",
                index.vector_attribute
            ));
        }
        made.push(index);
    }
    Ok(made)
}

/// One vector index's checks (G.1), in the order the captures fit.
pub(super) fn one_vector_index(input: &VectorIndexInput, definitions: &[KeyAttribute]) -> Result<VectorIndex> {
    let invalid = |text: String| Err(ApiError::validation(format!("{INVALID}{text}")));
    let dimensions = input.dimensions.unwrap_or(1);
    if dimensions > MAX_DIMENSIONS as i64 {
        return invalid("Number of dimensions must be between 1 and 4096 inclusive.".into());
    }
    let vector_attribute = input.vector_attribute.as_ref().and_then(|a| a.attribute_name.clone()).unwrap_or_default();
    if definitions.iter().any(|d| d.name == vector_attribute) {
        return invalid(format!(
            "Conflicting attribute definition for '{vector_attribute}'. An attribute cannot be defined in \
             AttributeDefinitions when used as a VectorAttribute."
        ));
    }
    let mut search_schema: Vec<(KeyAttribute, SchemaRole)> = Vec::new();
    for element in input.search_schema.iter().flatten() {
        let name = element.attribute_name.as_deref().unwrap_or_default();
        let role = element.search_schema_element_type.as_deref().and_then(SchemaRole::parse);
        let Some(definition) = definitions.iter().find(|d| d.name == name) else {
            return invalid("One element in SearchSchema is not defined in attribute definitions".into());
        };
        if search_schema.iter().any(|(a, _)| a.name == name) {
            return invalid("SearchSchema contains a duplicate AttributeName".into());
        }
        search_schema.push((definition.clone(), role.unwrap_or(SchemaRole::InlineFilter)));
    }
    let hashes = search_schema.iter().filter(|(_, role)| *role == SchemaRole::Hash).count();
    if hashes > 1 {
        return invalid(format!(
            "Value '{hashes}' at 'SearchSchema' failed to satisfy constraint: Member must have HASH count less than \
             or equal to 1"
        ));
    }
    Ok(VectorIndex {
        name: input.index_name.clone().unwrap_or_default(),
        vector_attribute,
        dimensions: dimensions.max(1) as usize,
        distance: input
            .distance_function
            .as_deref()
            .and_then(DistanceFunction::parse)
            .unwrap_or(DistanceFunction::Cosine),
        projection: index_projection(input.projection.as_ref())?,
        search_schema,
        arn: String::new(),
        lifecycle: None,
    })
}

/// A `SearchVectors` request as sent.
#[derive(Debug, Default)]
pub struct SearchVectorsInput {
    pub table_name: Option<String>,
    pub index_name: Option<String>,
    pub search_vector: Option<Vec<Value>>,
    pub top_k: Option<i64>,
    pub search_condition_expression: Option<String>,
    pub projection_expression: Option<String>,
    pub expression_attribute_names: Option<Value>,
    pub expression_attribute_values: Option<Value>,
    pub return_consumed_capacity: Option<String>,
}

shape! { SearchVectorsInput {
    "TableName" => table_name: string,
    "IndexName" => index_name: string,
    "SearchVector" => search_vector: values,
    "TopK" => top_k: long,
    "SearchConditionExpression" => search_condition_expression: string,
    "ProjectionExpression" => projection_expression: string,
    "ExpressionAttributeNames" => expression_attribute_names: any,
    "ExpressionAttributeValues" => expression_attribute_values: any,
    "ReturnConsumedCapacity" => return_consumed_capacity: string,
} }

lends_substitutions!(SearchVectorsInput);

/// One equality of a search condition: a top-level attribute and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchEquality {
    pub attribute: String,
    pub value: AttributeValue,
}

/// A `SearchVectors` request that passed its request-level checks; the
/// checks against the index follow in the operation.
#[derive(Debug)]
pub struct SearchVectors {
    pub table_name: String,
    pub index_name: String,
    /// As sent: its elements are checked against the index.
    pub search_vector: Vec<Value>,
    pub top_k: usize,
    /// The condition's equalities, in written order.
    pub equalities: Vec<SearchEquality>,
    /// Nested paths the condition names (refused against the index).
    pub nested: bool,
    pub projection: Option<crate::engine::expr::Projection>,
    pub return_consumed_capacity: super::super::capacity::ReturnConsumedCapacity,
}

/// The body length a serde reader would be at when it found a member
/// missing: the end of the compact request (the column DynamoDB's search
/// endpoint names; whitespace in the client's body may differ).
fn missing(member: &str, request: &Value) -> ApiError {
    let column = request.to_string().len();
    ApiError::validation(format!("missing field `{member}` at line 1 column {column}"))
}

impl SearchVectorsInput {
    /// The checks that need no table, in the order DynamoDB's search
    /// endpoint runs them (G.3, G.4).
    pub fn validate(self, request: &Value) -> Result<SearchVectors> {
        for (member, given) in [
            ("TableName", self.table_name.is_some()),
            ("IndexName", self.index_name.is_some()),
            ("SearchVector", self.search_vector.is_some()),
            ("TopK", self.top_k.is_some()),
        ] {
            if !given {
                return Err(missing(member, request));
            }
        }
        let top_k = self.top_k.unwrap_or(1);
        if !(1..=MAX_TOP_K).contains(&top_k) {
            return Err(ApiError::validation(format!(
                "Provided TopK value '{top_k}' is out of valid range. The value must be between 1 and 100 inclusive"
            )));
        }
        let mut v = Violations::default();
        if self.index_name.as_deref().is_some_and(|name| name.chars().count() < 3) {
            v.push_without_value("IndexName", "have length greater than or equal to 3");
        }
        if self.search_vector.as_ref().is_some_and(Vec::is_empty) {
            v.push_without_value("SearchVector", "have length greater than or equal to 1");
        }
        v.one_of(
            "returnConsumedCapacity",
            self.return_consumed_capacity.as_deref(),
            super::RETURN_CONSUMED_CAPACITY_VALUES,
        );
        v.finish()?;
        let mut parser = ExpressionParser::new(self.substitutions())?;
        let condition = parser.condition(self.search_condition_expression.as_deref(), "SearchConditionExpression")?;
        let (equalities, nested) = match &condition {
            Some(condition) => equalities(condition.cond())?,
            None => (Vec::new(), false),
        };
        let projection = parser.projection(self.projection_expression.as_deref())?;
        parser.finish()?;
        Ok(SearchVectors {
            table_name: self.table_name.unwrap_or_default(),
            index_name: self.index_name.unwrap_or_default(),
            search_vector: self.search_vector.unwrap_or_default(),
            top_k: top_k as usize,
            equalities,
            nested,
            projection,
            return_consumed_capacity: super::return_consumed_capacity(self.return_consumed_capacity.as_deref()),
        })
    }
}

/// A search condition as its equalities: only `attribute = :value`
/// conjuncts joined by `AND` are accepted (G.4). Also says whether one
/// names a nested path.
fn equalities(cond: &Cond) -> Result<(Vec<SearchEquality>, bool)> {
    let refuse = |what: &str| {
        Err(ApiError::validation(format!(
            "Invalid SearchConditionExpression: Invalid {what} used in SearchConditionExpression"
        )))
    };
    let mut out = Vec::new();
    let mut nested = false;
    let mut pending = vec![cond];
    while let Some(cond) = pending.pop() {
        match cond {
            Cond::And(terms) => pending.extend(terms.iter().rev()),
            Cond::Compare(Comparator::Eq, left, right) => {
                let (path, value) = match (left, right) {
                    (Operand::Path(path), Operand::Value(value)) | (Operand::Value(value), Operand::Path(path)) => {
                        (path, value)
                    }
                    _ => return refuse("operator"),
                };
                nested |= path.is_nested();
                let attribute = path.top_name().unwrap_or_default().to_string();
                out.push(SearchEquality { attribute, value: value.value.clone() });
            }
            Cond::Compare(_, _, _) => return refuse("comparator"),
            _ => return refuse("operator"),
        }
    }
    Ok((out, nested))
}
