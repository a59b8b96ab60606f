//! Fuzz target `vector_map`: a vector index filled with generated vectors
//! (extreme, zero and repeated numbers, items without the HASH attribute),
//! then the vector map drawn for a query typed as text
//! (`page_model::vector_map`).
//!
//! Invariants: the map never panics; every point and the query are finite;
//! the ranked items are drawn, numbered 1, 2, 3 …; and with the index's own
//! distance function and no filter, its ranking is exactly what
//! `SearchVectors` answers for the same query.

use serde_json::{json, Value};

use super::bytes::Choices;
use crate::engine::schema::KeyValue;
use crate::engine::vector::DistanceFunction;
use crate::engine::Engine;
use crate::page_model::vector_map::{map_view, query_vector, MapSearch, Mark};

/// Numbers a vector's elements are drawn from: ordinary, zero, tiny, and at
/// f32's edges.
const NUMBERS: &[&str] = &["0", "1", "-1", "0.5", "3", "-2.25", "1e-30", "3.4e38", "-3.4e38", "1e-45", "7"];
const DISTANCES: &[&str] = &["COSINE", "EUCLIDEAN", "DOT_PRODUCT"];
const TENANTS: &[&str] = &["A", "B"];

pub fn vector_map(data: &[u8]) {
    let mut c = Choices::new(data);
    let dimensions = 1 + c.below(6);
    let distance = c.pick_str(DISTANCES);
    let with_hash = c.one_in(2);
    let mut index = json!({"IndexName": "ByLook", "VectorAttribute": {"AttributeName": "v"}, "Dimensions": dimensions,
        "DistanceFunction": distance, "Projection": {"ProjectionType": "ALL"}});
    let mut definitions = vec![json!({"AttributeName": "pk", "AttributeType": "S"})];
    if with_hash {
        index["SearchSchema"] = json!([{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"}]);
        definitions.push(json!({"AttributeName": "tenant", "AttributeType": "S"}));
    }
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({"TableName": "Products", "BillingMode": "PAY_PER_REQUEST", "AttributeDefinitions": definitions,
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}], "VectorIndexes": [index]}),
        )
        .unwrap();
    let vector =
        |c: &mut Choices, length: usize| -> Vec<&'static str> { (0..length).map(|_| c.pick_str(NUMBERS)).collect() };
    for i in 0..c.below(40) {
        let length = if c.one_in(8) { c.below(dimensions + 2) } else { dimensions };
        let numbers: Vec<Value> = vector(&mut c, length).into_iter().map(|n| json!({"N": n})).collect();
        let mut item = json!({"pk": {"S": format!("p{i:02}")}, "v": {"L": numbers}});
        if with_hash && !c.one_in(5) {
            item["tenant"] = json!({"S": c.pick_str(TENANTS)});
        }
        // A refused write (a wrong length) is DynamoDB's answer, not a finding.
        let _ = engine.execute("PutItem", &json!({"TableName": "Products", "Item": item}));
    }
    let text = if c.one_in(4) {
        c.text(40)
    } else {
        let length = if c.one_in(6) { c.below(dimensions + 2) } else { dimensions };
        format!("[{}]", vector(&mut c, length).join(", "))
    };
    let top_k = 1 + c.below(12);
    let hash = with_hash.then(|| c.pick_str(TENANTS));
    let own = DistanceFunction::parse(distance).unwrap();
    let switched = if c.one_in(3) { DistanceFunction::parse(c.pick_str(DISTANCES)).unwrap() } else { own };

    let table = engine.table("Products").unwrap();
    let index = table.definition.vector_indexes.first().unwrap();
    let search = query_vector(&text).map(|vector| MapSearch {
        vector,
        hash: hash.map(|h| KeyValue::S(h.into())),
        top_k,
        distance: switched,
        filter: None,
    });
    let view = map_view(table, index, search.as_ref());
    for point in &view.points {
        assert!(point.x.is_finite() && point.y.is_finite(), "{point:?}");
    }
    if let Some((x, y)) = view.query {
        assert!(x.is_finite() && y.is_finite(), "{:?}", view.query);
    }
    let mut ranks: Vec<usize> = view
        .points
        .iter()
        .filter_map(|p| match p.mark {
            Mark::Ranked { rank, .. } => Some(rank),
            _ => None,
        })
        .collect();
    crate::engine::ordered::sort(&mut ranks);
    assert_eq!(ranks, (1..=view.ranking.len()).collect::<Vec<_>>(), "every ranked item is drawn once");

    // The map's ranking is SearchVectors' own.
    let Some(search) = search.filter(|s| s.distance == own && s.vector.len() == dimensions) else { return };
    let mut request = json!({"TableName": "Products", "IndexName": "ByLook", "TopK": top_k,
        "SearchVector": search.vector.iter().map(|x| json!({"N": Value::from(f64::from(*x)).to_string()})).collect::<Vec<_>>()});
    if let Some(hash) = hash {
        request["SearchConditionExpression"] = json!("tenant = :t");
        request["ExpressionAttributeValues"] = json!({":t": {"S": hash}});
    }
    let answer = engine.execute("SearchVectors", &request).unwrap();
    let keys: Vec<String> = answer["SearchResults"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["Item"]["pk"]["S"].as_str().unwrap().to_string())
        .collect();
    let mapped: Vec<String> = view.ranking.iter().map(|(label, _)| label.clone()).collect();
    assert_eq!(mapped, keys, "{request}");
}
