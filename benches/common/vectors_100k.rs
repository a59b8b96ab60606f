//! The vector search at scale that the benchmarks share (natively
//! `benches/engine.rs`, in the browser `tests/browser_bench.rs`): a table of
//! 100,000 items, each with a 128-dimension embedding of random numbers in
//! [−1, 1) written to four decimals, under a `COSINE` vector index
//! (`KEYS_ONLY`), and a `SearchVectors` of `TopK` 10 without a condition, so
//! every vector is scored. Throttling is off: the work is measured, not a
//! partition's token bucket.

use ddb_playground::engine::sim::Rng;
use ddb_playground::engine::Engine;
use serde_json::{json, Value};

pub const ITEMS: u32 = 100_000;
pub const DIMENSIONS: usize = 128;

/// The loaded engine and the search request.
pub fn engine_and_search() -> (Engine, Value) {
    let mut engine = Engine::new();
    let create = json!({"TableName": "Vectors", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "VectorIndexes": [{"IndexName": "ByEmbedding", "VectorAttribute": {"AttributeName": "embedding"},
            "Dimensions": DIMENSIONS, "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "KEYS_ONLY"}}]});
    if let Err(e) = engine.execute("CreateTable", &create) {
        panic!("CreateTable: {e}");
    }
    engine.settings_mut().enforce_throughput = false;
    let mut rng = Rng::new(7);
    let mut coordinates = |n: usize| -> Vec<Value> {
        (0..n).map(|_| json!({"N": format!("{:.4}", rng.next_f64() * 2.0 - 1.0)})).collect()
    };
    for i in 0..ITEMS {
        let item = json!({"pk": {"S": format!("item#{i:06}")}, "embedding": {"L": coordinates(DIMENSIONS)}});
        if let Err(e) = engine.execute("PutItem", &json!({"TableName": "Vectors", "Item": item})) {
            panic!("PutItem: {e}");
        }
    }
    let search = json!({"TableName": "Vectors", "IndexName": "ByEmbedding", "TopK": 10,
        "SearchVector": coordinates(DIMENSIONS), "ReturnConsumedCapacity": "TOTAL"});
    (engine, search)
}

/// The page's vector map of the index for the search's vector (the points
/// drawn, the query placed, the top 10 ranked): how many points it draws.
pub fn map_of(engine: &Engine, search: &Value) -> usize {
    use ddb_playground::page_model::vector_map::{map_view, MapSearch};
    let vector: Vec<f32> = search["SearchVector"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v["N"].as_str()?.parse::<f32>().ok())
        .collect();
    let Some(table) = engine.table("Vectors") else { panic!("no table") };
    let Some(index) = table.definition.vector_indexes.first() else { panic!("no vector index") };
    let search = MapSearch {
        vector,
        hash: None,
        top_k: 10,
        distance: ddb_playground::engine::vector::DistanceFunction::Cosine,
        filter: None,
    };
    map_view(table, index, Some(&search)).points.len()
}

/// A Scan of the whole table, every page, projecting `pk`: how many items it read.
pub fn scan_all(engine: &mut Engine) -> u64 {
    let mut request = json!({"TableName": "Vectors", "ProjectionExpression": "pk"});
    let mut scanned = 0;
    loop {
        let page = match engine.execute("Scan", &request) {
            Ok(page) => page,
            Err(e) => panic!("Scan: {e}"),
        };
        scanned += page["Count"].as_u64().unwrap_or(0);
        match page.get("LastEvaluatedKey") {
            Some(last) => request["ExclusiveStartKey"] = last.clone(),
            None => return scanned,
        }
    }
}
