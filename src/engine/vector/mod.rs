//! Vector indexes: nearest-neighbour search over embeddings stored on items
//! (semantics G).
//!
//! A **vector index** copies one attribute of each item, a list of numbers
//! (the *vector*, an embedding of the item), with a few other attributes, so
//! that `SearchVectors` can find the items whose vectors lie closest to a
//! query vector:
//!
//! ```text
//!   table Products (pk)                 vector index ByLook (vector: embedding, 3 dims, COSINE)
//!   ┌ p1 {tenant: A, embedding: [1, 0, 0]} ──▶ tenant A  p1 [1.0, 0.0, 0.0]
//!   ├ p2 {tenant: A, embedding: [0, 1, 0]} ──▶ tenant A  p2 [0.0, 1.0, 0.0]
//!   ├ p3 {tenant: B, embedding: [1, 1, 0]} ──▶ tenant B  p3 [1.0, 1.0, 0.0]
//!   └ p4 {embedding: [1, 0, 0]} ─────────────▶ (no tenant: not in the index)
//!
//!   SearchVectors(ByLook, [1, 0.1, 0], TopK 2, "tenant = :a") → p1 (0.005), p2 (0.900)
//! ```
//!
//! * **What it holds.** Each entry is the vector as 32-bit floats (the item
//!   keeps the numbers as written), the table's keys, the `SearchSchema`
//!   attributes and the projected attributes ([`VectorIndex::entry`]). An
//!   item is in the index when it has a vector of the right length and, if
//!   the schema has a `HASH` attribute, that attribute; one without the
//!   `HASH` attribute is left out silently, as DynamoDB does. A write whose
//!   vector has the wrong length, a non-number element or a number outside
//!   the f32 range, or whose schema attribute has another type than its
//!   definition, is refused with DynamoDB's messages ([`check`]).
//! * **When it is current.** The engine updates a vector index in the write
//!   itself. DynamoDB's are eventually consistent with an unquantified lag;
//!   a lag the engine cannot quote would only be a guess.
//! * **How a search ranks** ([`search`]): every entry under the condition's
//!   `HASH` value (and equal `INLINE_FILTER` values) is scored, exactly: the
//!   simulator finds the true nearest neighbours where DynamoDB's
//!   approximate search may miss some. `COSINE` and `EUCLIDEAN` rank the
//!   smallest distance first, `DOT_PRODUCT` the largest product. Ties go in
//!   the table's key order, so every run answers the same (DynamoDB's order
//!   of ties varies from call to call).
//! * **What it costs** ([`metering`]): neither read nor write units, but
//!   bytes, reported apart from the table's capacity: a write
//!   `VectorWriteRequestBytes` per index entry it changes (G.6's formula,
//!   exact), a search `VectorSearchRequestBytes` (an estimate: DynamoDB's
//!   figure follows no published formula and varies between identical
//!   calls).

pub mod check;
pub mod lifecycle;
pub mod metering;
pub mod search;
pub mod store;

use serde_json::{json, Map, Value};

use super::index::{IndexProjection, ProjectionType};
use super::schema::{KeyAttribute, KeySchema, KeyValue};
use super::value::{AttributeValue, Item, Number};
use crate::engine::ordered::Ordered;

pub use lifecycle::{VectorLifecycle, VectorPhase};
pub use store::VectorStore;

/// Most vector indexes on one table (G.7).
pub const MAX_VECTOR_INDEXES: usize = 5;
/// Most dimensions a vector index takes (G.1).
pub const MAX_DIMENSIONS: u64 = 4096;
/// Most results one search returns (G.3).
pub const MAX_TOP_K: i64 = 100;

/// How two vectors' closeness is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DistanceFunction {
    /// 1 − cosine similarity: 0 for the same direction, 2 for opposite.
    Cosine,
    /// The straight-line (L2) distance.
    Euclidean,
    /// The inner product: larger is closer.
    DotProduct,
}

impl DistanceFunction {
    /// The enum as DynamoDB's request-model error lists it (XDB, G.1).
    pub const VALUES: &'static [&'static str] = &["DOT_PRODUCT", "COSINE", "EUCLIDEAN"];

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "COSINE" => Some(Self::Cosine),
            "EUCLIDEAN" => Some(Self::Euclidean),
            "DOT_PRODUCT" => Some(Self::DotProduct),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cosine => "COSINE",
            Self::Euclidean => "EUCLIDEAN",
            Self::DotProduct => "DOT_PRODUCT",
        }
    }

    /// Whether a larger score is closer.
    pub fn larger_is_closer(self) -> bool {
        self == Self::DotProduct
    }
}

/// What a `SearchSchema` attribute is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemaRole {
    /// The search's scope: a search must name one value of it.
    Hash,
    /// An attribute a search may filter on with `=`.
    InlineFilter,
}

impl SchemaRole {
    pub const VALUES: &'static [&'static str] = &["HASH", "INLINE_FILTER"];

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "HASH" => Some(Self::Hash),
            "INLINE_FILTER" => Some(Self::InlineFilter),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Hash => "HASH",
            Self::InlineFilter => "INLINE_FILTER",
        }
    }
}

/// A vector index's definition.
#[derive(Clone, Debug, PartialEq)]
pub struct VectorIndex {
    pub name: String,
    /// The attribute holding the vector (not in `AttributeDefinitions`).
    pub vector_attribute: String,
    pub dimensions: usize,
    pub distance: DistanceFunction,
    pub projection: IndexProjection,
    /// The `SearchSchema`, in request order (typed by `AttributeDefinitions`).
    pub search_schema: Vec<(KeyAttribute, SchemaRole)>,
    pub arn: String,
    /// Phase changes still ahead (an index added by UpdateTable, or being
    /// deleted); `None`: searchable since its table was made.
    pub lifecycle: Option<VectorLifecycle>,
}

impl VectorIndex {
    /// The `HASH` attribute, if the schema has one.
    pub fn hash(&self) -> Option<&KeyAttribute> {
        self.search_schema.iter().find(|(_, role)| *role == SchemaRole::Hash).map(|(a, _)| a)
    }

    /// The schema attribute called `name`, with its role.
    pub fn schema_attribute(&self, name: &str) -> Option<&(KeyAttribute, SchemaRole)> {
        self.search_schema.iter().find(|(a, _)| a.name == name)
    }

    /// Whether an entry carries attribute `name` (the vector included).
    pub fn projects(&self, name: &str, table_schema: &KeySchema) -> bool {
        let key = table_schema.is_key_attribute(name) || self.schema_attribute(name).is_some();
        match self.projection.projection_type {
            ProjectionType::All => true,
            ProjectionType::KeysOnly => key,
            ProjectionType::Include => key || self.projection.non_key_attributes.iter().any(|n| n == name),
        }
    }

    /// The item's vector as f32s, if it has one of the right length whose
    /// every element is a number within f32's range.
    pub fn vector_of(&self, item: &Item) -> Option<Vec<f32>> {
        let AttributeValue::L(elements) = item.get(&self.vector_attribute)? else { return None };
        if elements.len() != self.dimensions {
            return None;
        }
        elements
            .iter()
            .map(|element| match element {
                AttributeValue::N(number) => to_f32(number),
                _ => None,
            })
            .collect()
    }

    /// The `HASH` value an item is searched under (`Some(None)` without a
    /// `HASH` attribute); `None` when the item lacks it and stays out.
    pub fn hash_of(&self, item: &Item) -> Option<Option<KeyValue>> {
        match self.hash() {
            None => Some(None),
            Some(hash) => {
                let value = KeyValue::of(item.get(&hash.name)?, hash.scalar_type)?;
                let empty = matches!(&value, KeyValue::S(s) if s.is_empty())
                    || matches!(&value, KeyValue::B(b) if b.is_empty());
                (!empty).then_some(Some(value))
            }
        }
    }

    /// The entry an item has in the index, or `None` when it is not in it:
    /// its HASH value, its vector and its projected attributes (the vector
    /// as the f32 copy, when projected).
    pub fn entry(&self, item: &Item, table_schema: &KeySchema) -> Option<store::VectorEntry> {
        let hash = self.hash_of(item)?;
        let vector = self.vector_of(item)?;
        let mut projected: Item = item
            .iter()
            .filter(|(name, _)| *name != &self.vector_attribute && self.projects(name, table_schema))
            .map(|(name, value)| (name.clone(), value.clone()))
            .ordered_map();
        let size_bytes = metering::entry_bytes(self, &projected);
        if self.projects(&self.vector_attribute, table_schema) {
            projected.insert(self.vector_attribute.clone(), f32_list(&vector));
        }
        Some(store::VectorEntry { hash, vector, item: projected, size_bytes })
    }

    /// The phase the index is in at `now` (see [`lifecycle`]).
    pub fn phase(&self, now: u64) -> VectorPhase {
        self.lifecycle.map_or(VectorPhase::Searchable, |life| life.phase(now))
    }

    /// The `VectorIndexDescription` of DescribeTable at `now`.
    pub fn describe(&self, store: Option<&VectorStore>, table_status: &str, now: u64) -> Value {
        let Value::Object(mut out) = self.to_request() else { return Value::Null };
        // Created with its table: CREATING in CreateTable's answer, ACTIVE
        // with the table; added later: as its phase says (G.2).
        let phase = self.phase(now);
        let status =
            if table_status == "CREATING" && self.lifecycle.is_none() { "CREATING" } else { phase.index_status() };
        out.insert("IndexStatus".into(), status.into());
        if let Some(backfilling) = phase.backfilling() {
            out.insert("Backfilling".into(), backfilling.into());
        }
        out.insert("IndexSizeBytes".into(), store.map_or(0, VectorStore::size_bytes).into());
        out.insert("ItemCount".into(), store.map_or(0, VectorStore::len).into());
        out.insert("IndexArn".into(), self.arn.clone().into());
        Value::Object(out)
    }

    /// The `VectorIndexes` element of a CreateTable request that makes this
    /// index again (snapshots and exports).
    pub fn to_request(&self) -> Value {
        let mut out = Map::new();
        out.insert("IndexName".into(), self.name.clone().into());
        out.insert("VectorAttribute".into(), json!({"AttributeName": self.vector_attribute}));
        out.insert("Dimensions".into(), self.dimensions.into());
        out.insert("DistanceFunction".into(), self.distance.as_str().into());
        out.insert("Projection".into(), self.projection.to_wire());
        if !self.search_schema.is_empty() {
            let schema: Vec<Value> = self
                .search_schema
                .iter()
                .map(|(a, role)| json!({"AttributeName": a.name, "SearchSchemaElementType": role.as_str()}))
                .collect();
            out.insert("SearchSchema".into(), schema.into());
        }
        Value::Object(out)
    }
}

/// A number as a 32-bit float, if it is within f32's range (the vector
/// index's copy; G.1: "outside valid range [-3.4028235E38, 3.4028235E38]").
pub fn to_f32(number: &Number) -> Option<f32> {
    let wide: f64 = number.to_string().parse().ok()?;
    (wide.abs() <= f64::from(f32::MAX)).then_some(wide as f32)
}

/// A vector as DynamoDB returns the index's copy: a list of numbers in
/// f32's shortest round-trip decimal (serde_json's, already in the build:
/// `16777217` reads back as `16777216`).
pub fn f32_list(vector: &[f32]) -> AttributeValue {
    AttributeValue::L(
        vector
            .iter()
            .map(|x| {
                let text = serde_json::to_string(x).unwrap_or_default();
                Number::parse(&text).map_or(AttributeValue::Null, AttributeValue::N)
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::engine::Engine;

    /// A table with a vector index, two items in, and a search over it.
    fn search(engine: &mut Engine) -> serde_json::Value {
        engine
            .execute(
                "SearchVectors",
                &json!({"TableName": "Docs", "IndexName": "ByMeaning", "TopK": 2,
                        "SearchVector": [{"N": "1"}, {"N": "0"}]}),
            )
            .expect("searched")
    }

    /// After any mix of writes (puts, updates, deletes, batches,
    /// transactions, refused writes, throttled and dry-run writes rolled
    /// back), every index holds exactly the entries its items give.
    #[test]
    fn the_index_always_matches_the_items() {
        let mut engine = Engine::new();
        let create = json!({"TableName": "Docs", "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "t", "AttributeType": "S"}],
            "VectorIndexes": [
                {"IndexName": "ByV", "VectorAttribute": {"AttributeName": "v"}, "Dimensions": 2,
                 "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "ALL"},
                 "SearchSchema": [{"AttributeName": "t", "SearchSchemaElementType": "HASH"}]},
                {"IndexName": "Keys", "VectorAttribute": {"AttributeName": "v"}, "Dimensions": 2,
                 "DistanceFunction": "EUCLIDEAN", "Projection": {"ProjectionType": "KEYS_ONLY"}}]});
        engine.execute("CreateTable", &create).expect("created");
        let mut state: u64 = 42;
        let mut roll = |n: u64| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        for step in 0..2_000 {
            let pk = json!({"S": format!("k{}", roll(20))});
            let vector = match roll(4) {
                0 => json!({"L": [{"N": "1"}]}),
                1 => json!({"S": "no"}),
                _ => json!({"L": [{"N": format!("{}", roll(5))}, {"N": "-1"}]}),
            };
            let mut item = json!({"pk": pk, "v": vector, "n": {"N": format!("{}", roll(3))}});
            if roll(3) > 0 {
                let tenant = ["a", "b", ""].get(roll(3) as usize).copied().unwrap_or_default();
                item["t"] = json!({ "S": tenant });
            }
            let request = match roll(6) {
                0 => ("DeleteItem", json!({"TableName": "Docs", "Key": {"pk": pk}})),
                1 => (
                    "UpdateItem",
                    json!({"TableName": "Docs", "Key": {"pk": pk},
                        "UpdateExpression": "SET n = :n REMOVE t", "ExpressionAttributeValues": {":n": {"N": "9"}}}),
                ),
                2 => ("BatchWriteItem", json!({"RequestItems": {"Docs": [{"PutRequest": {"Item": item}}]}})),
                3 => ("TransactWriteItems", json!({"TransactItems": [{"Put": {"TableName": "Docs", "Item": item}}]})),
                _ => ("PutItem", json!({"TableName": "Docs", "Item": item})),
            };
            if step % 7 == 0 {
                let _ = engine.dry_run(request.0, &request.1);
            } else {
                let _ = engine.execute(request.0, &request.1);
            }
            let table = engine.table("Docs").expect("table");
            for index in &table.definition.vector_indexes {
                let store = table.vector_stores.get(&index.name).expect("store");
                let expected: Vec<_> =
                    table.items().filter_map(|item| index.entry(&item, &table.definition.key_schema)).collect();
                let mut held: Vec<_> = Vec::new();
                for hash in expected.iter().map(|e| e.hash.clone()).collect::<std::collections::BTreeSet<_>>() {
                    held.extend(store.group(&hash).map(|(_, e)| e.clone()));
                }
                assert_eq!(store.len(), expected.len(), "step {step}, {}", index.name);
                let total: usize = expected.iter().map(|e| e.size_bytes).sum();
                assert_eq!(store.size_bytes(), total, "step {step}, {}", index.name);
                for entry in &expected {
                    assert!(held.contains(entry), "step {step}, {}: {entry:?} missing", index.name);
                }
            }
        }
    }

    #[test]
    fn a_snapshot_keeps_the_index_and_its_entries() {
        let mut engine = Engine::new();
        let create = json!({"TableName": "Docs", "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "VectorIndexes": [{"IndexName": "ByMeaning", "VectorAttribute": {"AttributeName": "v"}, "Dimensions": 2,
                               "DistanceFunction": "EUCLIDEAN", "Projection": {"ProjectionType": "KEYS_ONLY"}}]});
        engine.execute("CreateTable", &create).expect("created");
        for (pk, x) in [("a", "3"), ("b", "1.5"), ("c", "0.9")] {
            let item = json!({"TableName": "Docs", "Item": {"pk": {"S": pk}, "v": {"L": [{"N": x}, {"N": "0"}]}}});
            engine.execute("PutItem", &item).expect("put");
        }
        let before = search(&mut engine);
        assert_eq!(before["SearchResults"][0]["Item"]["pk"]["S"], "c");
        let mut restored = Engine::restore(&engine.snapshot()).expect("restores");
        assert_eq!(search(&mut restored), before);
        let described = restored.execute("DescribeTable", &json!({"TableName": "Docs"})).expect("described");
        assert_eq!(described["Table"]["VectorIndexes"][0]["ItemCount"], 3);
    }
}
