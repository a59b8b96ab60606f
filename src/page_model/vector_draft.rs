//! One vector index as the create-table form holds it: its fields as typed,
//! and the member of CreateTable's `VectorIndexes` DynamoDB takes for it
//! (`docs/vector-search.md`).
//!
//! ```text
//!   name        [ByLook   ]      IndexName
//!   vector      [embedding]      VectorAttribute.AttributeName  (never in AttributeDefinitions)
//!   dimensions  [3        ]      Dimensions
//!   distance    [COSINE   ]      DistanceFunction
//!   per         [tenant ][S]     SearchSchema: tenant HASH         (optional)
//!   filter      [category][S]    SearchSchema: category INLINE_FILTER (optional)
//!   projection  [ALL      ]      Projection
//! ```
//!
//! The search schema's attributes go into `AttributeDefinitions` with their
//! types, as DynamoDB requires; the vector attribute does not (DynamoDB
//! refuses it there). As with the other indexes the fields only gather text:
//! a bad name, a dimension count of 0 or a provisioned table come back as the
//! engine's own `ValidationException`.

use serde_json::{json, Map, Value};

use super::index_draft::{capacity_value, KeyField};

/// A vector index's fields, as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct VectorDraft {
    pub name: String,
    /// The attribute holding each item's vector (a list of numbers).
    pub attribute: String,
    pub dimensions: String,
    /// `COSINE`, `EUCLIDEAN` or `DOT_PRODUCT`.
    pub distance: String,
    /// The `HASH` element of the search schema: a search reads one of its
    /// values' items only (blank: none).
    pub partition: KeyField,
    /// An `INLINE_FILTER` element a search condition may test (blank: none).
    pub filter: KeyField,
    /// `ALL`, `KEYS_ONLY` or `INCLUDE`.
    pub projection: String,
    /// `INCLUDE`'s `NonKeyAttributes`, comma separated.
    pub non_key: String,
}

impl Default for VectorDraft {
    fn default() -> Self {
        Self {
            name: String::new(),
            attribute: String::new(),
            dimensions: "3".into(),
            distance: "COSINE".into(),
            partition: KeyField::blank(),
            filter: KeyField::blank(),
            projection: "ALL".into(),
            non_key: String::new(),
        }
    }
}

/// The distance functions, in DynamoDB's order.
pub const DISTANCE_FUNCTIONS: [&str; 3] = ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"];

impl VectorDraft {
    /// The search schema's elements that are named: `(field, role)`.
    fn schema(&self) -> impl Iterator<Item = (&KeyField, &'static str)> {
        [(&self.partition, "HASH"), (&self.filter, "INLINE_FILTER")]
            .into_iter()
            .filter(|(field, _)| !field.name.trim().is_empty())
    }

    /// The search schema's attributes with their types, for
    /// `AttributeDefinitions`.
    pub fn key_definitions(&self) -> Vec<(String, String)> {
        self.schema().map(|(field, _)| (field.name.clone(), field.kind.clone())).collect()
    }

    /// The index as a member of CreateTable's `VectorIndexes`.
    pub fn spec(&self) -> Value {
        let mut projection = Map::new();
        projection.insert("ProjectionType".into(), self.projection.clone().into());
        if self.projection == "INCLUDE" {
            let names: Vec<&str> = self.non_key.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
            projection.insert("NonKeyAttributes".into(), names.into());
        }
        let mut spec = Map::new();
        spec.insert("IndexName".into(), self.name.clone().into());
        spec.insert("VectorAttribute".into(), json!({"AttributeName": self.attribute}));
        // A blank count is left out, for the engine to ask for it as
        // DynamoDB does; text that is no number is sent as text.
        if let Some(dimensions) = capacity_value(&self.dimensions) {
            spec.insert("Dimensions".into(), dimensions);
        }
        spec.insert("DistanceFunction".into(), self.distance.clone().into());
        spec.insert("Projection".into(), Value::Object(projection));
        let schema: Vec<Value> = self
            .schema()
            .map(|(field, role)| json!({"AttributeName": field.name, "SearchSchemaElementType": role}))
            .collect();
        if !schema.is_empty() {
            spec.insert("SearchSchema".into(), schema.into());
        }
        Value::Object(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draft_becomes_the_member_dynamodb_takes() {
        let draft = VectorDraft {
            name: "ByLook".into(),
            attribute: "embedding".into(),
            partition: KeyField { name: "tenant".into(), kind: "S".into() },
            filter: KeyField { name: "size".into(), kind: "N".into() },
            ..VectorDraft::default()
        };
        assert_eq!(
            draft.spec(),
            json!({"IndexName": "ByLook", "VectorAttribute": {"AttributeName": "embedding"}, "Dimensions": 3,
                "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "ALL"},
                "SearchSchema": [{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"},
                    {"AttributeName": "size", "SearchSchemaElementType": "INLINE_FILTER"}]})
        );
        assert_eq!(draft.key_definitions(), vec![("tenant".into(), "S".into()), ("size".into(), "N".into())]);
    }

    #[test]
    fn blank_fields_are_left_for_the_engine_to_refuse() {
        let draft = VectorDraft { dimensions: " ".into(), projection: "INCLUDE".into(), ..VectorDraft::default() };
        let spec = draft.spec();
        assert_eq!(spec.get("Dimensions"), None);
        assert_eq!(spec.get("SearchSchema"), None);
        assert_eq!(spec.pointer("/Projection/NonKeyAttributes"), Some(&json!([])));
        assert!(draft.key_definitions().is_empty());
        let typed = VectorDraft { dimensions: "three".into(), ..VectorDraft::default() };
        assert_eq!(typed.spec().get("Dimensions"), Some(&json!("three")));
    }
}
