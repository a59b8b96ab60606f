//! `SearchVectors`: the checks against the table and the index (after the
//! request-level ones of `api::vector`), in the order DynamoDB's search
//! endpoint reports them (G.3, G.4), then the exact search of
//! `vector::search` and its metering.

use serde_json::{json, Map, Value};

use crate::engine::answer::Answer;
use crate::engine::api::vector::{SearchEquality, SearchVectors};
use crate::engine::capacity::ReturnConsumedCapacity;
use crate::engine::dry_run::Trace;
use crate::engine::error::{ApiError, Result};
use crate::engine::schema::KeyValue;
use crate::engine::value::size::item_size;
use crate::engine::value::wire::item_to_wire;
use crate::engine::value::{Item, Number};
use crate::engine::vector::{metering, search, to_f32, SchemaRole, VectorIndex, VectorPhase};
use crate::engine::Engine;

/// The refusal of a search vector element that is not a 32-bit float.
fn invalid_vector() -> ApiError {
    ApiError::validation(
        "Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point \
         number attribute",
    )
}

/// The query vector: each element `{"N": "…"}` within f32's range (checked
/// before its length, as captured).
fn query_vector(elements: &[Value], index: &VectorIndex) -> Result<Vec<f32>> {
    let mut out = Vec::with_capacity(elements.len());
    for element in elements {
        let text = match element.as_object() {
            Some(members) if members.len() == 1 => members.get("N").and_then(Value::as_str),
            _ => None,
        };
        let number = text.and_then(|t| Number::parse(t).ok()).ok_or_else(invalid_vector)?;
        out.push(to_f32(&number).ok_or_else(invalid_vector)?);
    }
    if out.len() != index.dimensions {
        return Err(ApiError::validation(format!(
            "Input search vector dimension {} does not match vector index dimension {}",
            out.len(),
            index.dimensions
        )));
    }
    Ok(out)
}

/// The condition against the index's `SearchSchema`: its `HASH` value (or
/// `None` without a `HASH` attribute) and its inline filters.
fn scope<'a>(request: &'a SearchVectors, index: &VectorIndex) -> Result<(Option<KeyValue>, Vec<&'a SearchEquality>)> {
    let invalid = |text: String| Err(ApiError::validation(text));
    for equality in &request.equalities {
        if index.schema_attribute(&equality.attribute).is_none() {
            return invalid(format!(
                "SearchConditionExpression must not contain any attributes that is not in SearchSchema. Invalid \
                 attribute: {}",
                equality.attribute
            ));
        }
    }
    if request.nested {
        return invalid(
            "Invalid SearchConditionExpression: SearchConditionExpression cannot have conditions on nested attributes"
                .into(),
        );
    }
    for (i, equality) in request.equalities.iter().enumerate() {
        if request.equalities.iter().take(i).any(|e| e.attribute == equality.attribute) {
            return invalid(
                "Invalid SearchConditionExpression: SearchConditionExpression must only contain one condition per \
                 attribute"
                    .into(),
            );
        }
    }
    let hash = match index.hash() {
        None => None,
        Some(attribute) => match request.equalities.iter().find(|e| e.attribute == attribute.name) {
            None => {
                return invalid("SearchConditionExpression must be provided when SearchSchema has a HASH key".into())
            }
            Some(equality) => Some(equality),
        },
    };
    for equality in &request.equalities {
        let Some((attribute, role)) = index.schema_attribute(&equality.attribute) else { continue };
        let Some(value) = KeyValue::of(&equality.value, attribute.scalar_type) else {
            return invalid(format!(
                "Type of '{}' attribute in SearchConditionExpression ({}) does not match type in search schema ({})",
                attribute.name,
                equality.value.type_name(),
                attribute.scalar_type.as_str()
            ));
        };
        let empty =
            matches!(&value, KeyValue::S(s) if s.is_empty()) || matches!(&value, KeyValue::B(b) if b.is_empty());
        if empty && *role == SchemaRole::Hash {
            let kind = if matches!(value, KeyValue::S(_)) { "string" } else { "binary" };
            return invalid(format!(
                "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain \
                 an empty {kind} value. Key: {}",
                attribute.name
            ));
        }
    }
    let hash_value = hash.and_then(|e| index.hash().and_then(|a| KeyValue::of(&e.value, a.scalar_type)));
    let filters = request.equalities.iter().filter(|e| index.hash().is_none_or(|h| h.name != e.attribute)).collect();
    Ok((hash_value, filters))
}

/// What a result shows of an entry: the projection's attributes the index
/// has, or everything the index has but the vector.
fn shown(entry: &Item, index: &VectorIndex, request: &SearchVectors) -> Item {
    match &request.projection {
        Some(projection) => projection.apply(entry),
        None => {
            let mut item = entry.clone();
            item.remove(&index.vector_attribute);
            item
        }
    }
}

impl Engine {
    /// `SearchVectors` (semantics G.3).
    /// A dry run's `trace` gets the bytes the search meters, whether or not
    /// the request asked for them.
    pub(crate) fn search_vectors(&mut self, request: SearchVectors, trace: Option<&mut Trace>) -> Result<Answer> {
        let table = self.tables.get(&request.table_name).ok_or_else(ApiError::resource_not_found)?;
        let not_found =
            || ApiError::validation(format!("The table does not have the specified index: {}", request.index_name));
        let index =
            table.definition.vector_indexes.iter().find(|v| v.name == request.index_name).ok_or_else(not_found)?;
        // An index on its way in or out is not searched (G.2). Which of the
        // two refusals DynamoDB gives when varied in the captures; the
        // allocation phase answers as if the index were not there yet.
        match index.phase(self.clock.now_millis()) {
            VectorPhase::Searchable => {}
            VectorPhase::Allocating | VectorPhase::Deleting => return Err(not_found()),
            VectorPhase::Backfilling | VectorPhase::ActiveNotServed => {
                return Err(ApiError::validation(format!(
                    "Cannot search backfilling vector index: {}",
                    request.index_name
                )))
            }
        }
        let query = query_vector(&request.search_vector, index)?;
        let (hash, filters) = scope(&request, index)?;
        let empty = crate::engine::vector::VectorStore::default();
        let store = table.vector_stores.get(&index.name).unwrap_or(&empty);
        let keep = |entry: &crate::engine::vector::store::VectorEntry| {
            filters.iter().all(|f| entry.item.get(&f.attribute) == Some(&f.value))
        };
        let searched = store.group(&hash).count();
        let found = search::nearest(index.distance, &query, request.top_k, store.group(&hash), keep);
        let mut returned_bytes = 0;
        let results: Vec<Value> = found
            .into_iter()
            .map(|(_, entry, score)| {
                let item = shown(&entry.item, index, &request);
                returned_bytes += item_size(&item);
                json!({"Item": item_to_wire(&item), "Score": score})
            })
            .collect();
        let bytes = metering::search_bytes(index.dimensions, searched, returned_bytes);
        if let Some(trace) = trace {
            trace.search_bytes = Some(bytes as u64);
        }
        let mut body = Map::new();
        if request.return_consumed_capacity != ReturnConsumedCapacity::None {
            body.insert("ConsumedCapacity".into(), json!({"VectorSearchRequestBytes": bytes as f64}));
        }
        body.insert("SearchResults".into(), results.into());
        Ok(Answer::free(Value::Object(body)))
    }
}
