//! The vector map: a vector index's items as points in two dimensions, a
//! query point, and what a search would rank (`docs/vector-search.md`).
//!
//! ```text
//!        y ▲        ③ ·          · searched, not in the top K
//!          │   ✚ ①      ◦        ◦ another HASH value: not searched
//!          │     ②   ·  ×        × left out by the filter
//!          │                     ○ not in the index (no HASH attribute)
//!          └────────────► x      ✚ the query vector
//! ```
//!
//! **Where the points are.** A two-dimensional index is drawn as it is: x is
//! the first element, y the second. Any other is projected onto its first
//! two principal components (the directions in which the drawn vectors vary
//! most, found by power iteration), and the map says so: distances on a
//! projection are not the distances the search ranks by. The query vector
//! is projected the same way.
//!
//! **How many.** [`MAX_POINTS`] entries at most, fewer for long vectors
//! (the projection's work grows with points × dimensions), taken evenly
//! through the index in its key order, and the top K wherever they are; the
//! items left out of the index for lack of a HASH attribute add at most a
//! quarter as many, looked for among the first [`MAX_TABLE_ITEMS_READ`]
//! items only.
//!
//! **The ranking** is the engine's own search ([`nearest`]) with the
//! distance function the map is switched to: the index's own, or another to
//! show how the order changes. It reads the query's HASH group only, as
//! `SearchVectors` does.

use crate::engine::schema::{KeyValue, PrimaryKey};
use crate::engine::table::Table;
use crate::engine::value::AttributeValue;
use crate::engine::vector::search::nearest;
use crate::engine::vector::store::VectorEntry;
use crate::engine::vector::{DistanceFunction, VectorIndex};

/// The most points drawn.
pub const MAX_POINTS: usize = 400;
/// Points × dimensions the projection may take on (about 50 ms in wasm).
const PROJECTION_BUDGET: usize = 1_000_000;
/// Power-iteration rounds per component.
const ROUNDS: usize = 12;
/// How many table items are read to find those left out of the index.
pub const MAX_TABLE_ITEMS_READ: usize = 5_000;

/// A search drawn on the map.
#[derive(Clone, Debug, PartialEq)]
pub struct MapSearch {
    pub vector: Vec<f32>,
    /// The HASH value searched (`None` for an index without one).
    pub hash: Option<KeyValue>,
    pub top_k: usize,
    pub distance: DistanceFunction,
    /// An equality on the INLINE_FILTER attribute: its name and value.
    pub filter: Option<(String, AttributeValue)>,
}

/// What a point is to the search.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// In the top K: its rank (from 1) and score.
    Ranked { rank: usize, score: f64 },
    /// Read by the search but not in the top K (or no search yet).
    Searched,
    /// In the index under another HASH value: the search does not read it.
    OtherGroup,
    /// In the searched group, but the filter left it out.
    FilteredOut,
    /// Has a vector but no HASH attribute: not in the index at all.
    NotIndexed,
}

/// One drawn item.
#[derive(Clone, Debug, PartialEq)]
pub struct MapPoint {
    /// Its key, as text.
    pub label: String,
    pub x: f64,
    pub y: f64,
    pub mark: Mark,
    /// Its vector (a search can start from it).
    pub vector: Vec<f32>,
}

/// The map's content.
#[derive(Clone, Debug, PartialEq)]
pub struct MapView {
    pub points: Vec<MapPoint>,
    /// The query vector's place, when searching.
    pub query: Option<(f64, f64)>,
    /// Whether the points are a projection (the index has other than two
    /// dimensions).
    pub projected: bool,
    /// The index's entries, of which `points` draws a sample.
    pub entries: usize,
    /// The ranked items best first: label and score.
    pub ranking: Vec<(String, f64)>,
}

/// A query vector typed as a JSON list of numbers, each within f32's range
/// as the index keeps them (`None` otherwise: SearchVectors would refuse
/// it).
pub fn query_vector(text: &str) -> Option<Vec<f32>> {
    let list: Vec<serde_json::Value> = serde_json::from_str(text).ok()?;
    list.iter().map(|v| v.as_f64().map(|x| x as f32).filter(|x| x.is_finite())).collect()
}

/// A key as one line of text: `red` or `A · 2024`.
pub fn key_label(key: &PrimaryKey) -> String {
    match &key.sort {
        Some(sort) => format!("{} · {}", key.partition.label(), sort.label()),
        None => key.partition.label(),
    }
}

/// The map of `index` on `table`, with `search` drawn when given.
pub fn map_view(table: &Table, index: &VectorIndex, search: Option<&MapSearch>) -> MapView {
    let Some(store) = table.vector_stores.get(&index.name) else {
        return MapView {
            points: Vec::new(),
            query: None,
            projected: index.dimensions != 2,
            entries: 0,
            ranking: Vec::new(),
        };
    };
    let entries = store.len();
    let passes = |entry: &VectorEntry| match search.and_then(|s| s.filter.as_ref()) {
        Some((attribute, value)) => entry.item.get(attribute) == Some(value),
        None => true,
    };
    // The search's top K, by key.
    let ranked: Vec<(&PrimaryKey, f64)> = match search.filter(|s| s.vector.len() == index.dimensions) {
        Some(search) => nearest(search.distance, &search.vector, search.top_k, store.group(&search.hash), passes)
            .into_iter()
            .map(|(key, _, value)| (key, value))
            .collect(),
        None => Vec::new(),
    };
    let limit = (PROJECTION_BUDGET / index.dimensions.max(1)).clamp(50, MAX_POINTS);
    let stride = entries.div_ceil(limit).max(1);
    let mut drawn: Vec<(String, Vec<f32>, Mark)> = Vec::new();
    for (position, (key, entry)) in store.entries().enumerate() {
        let rank = ranked.iter().position(|(k, _)| *k == key);
        if rank.is_none() && position % stride != 0 {
            continue;
        }
        let mark = match (rank, search) {
            (Some(rank), _) => Mark::Ranked { rank: rank + 1, score: ranked.get(rank).map_or(0.0, |r| r.1) },
            (None, Some(search)) if entry.hash != search.hash => Mark::OtherGroup,
            (None, Some(_)) if !passes(entry) => Mark::FilteredOut,
            _ => Mark::Searched,
        };
        drawn.push((key_label(key), entry.vector.clone(), mark));
    }
    // Items with a vector of the right length but no HASH value: left out.
    if index.hash().is_some() {
        let left_out = table
            .items()
            .take(MAX_TABLE_ITEMS_READ)
            .filter(|item| index.hash_of(item).is_none())
            .filter_map(|item| Some((table.definition.key_schema.key_of_item(&item).ok()?, index.vector_of(&item)?)))
            .take(limit / 4 + 1);
        for (key, vector) in left_out {
            drawn.push((key_label(&key), vector, Mark::NotIndexed));
        }
    }
    let query = search.filter(|s| s.vector.len() == index.dimensions).map(|s| s.vector.clone());
    let projected = index.dimensions != 2;
    let place = Projection::fit(index.dimensions, drawn.iter().map(|(_, v, _)| v.as_slice()));
    let points = drawn
        .into_iter()
        .map(|(label, vector, mark)| {
            let (x, y) = place.of(&vector);
            MapPoint { label, x, y, mark, vector }
        })
        .collect();
    let ranking = ranked.iter().map(|(key, value)| (key_label(key), *value)).collect();
    MapView { points, query: query.map(|q| place.of(&q)), projected, entries, ranking }
}

/// How vectors become points: their two elements, or their coordinates on
/// two principal components.
enum Projection {
    Plain,
    Components { mean: Vec<f64>, first: Vec<f64>, second: Vec<f64> },
}

impl Projection {
    fn fit<'a>(dimensions: usize, vectors: impl Iterator<Item = &'a [f32]>) -> Self {
        if dimensions == 2 {
            return Self::Plain;
        }
        let rows: Vec<Vec<f64>> = vectors.map(|v| v.iter().map(|&x| f64::from(x)).collect()).collect();
        let mut mean = vec![0.0; dimensions];
        for row in &rows {
            for (m, x) in mean.iter_mut().zip(row) {
                *m += x / rows.len() as f64;
            }
        }
        let centred: Vec<Vec<f64>> =
            rows.iter().map(|row| row.iter().zip(&mean).map(|(x, m)| x - m).collect()).collect();
        let first = component(&centred, dimensions, None);
        let second = component(&centred, dimensions, Some(&first));
        Self::Components { mean, first, second }
    }

    fn of(&self, vector: &[f32]) -> (f64, f64) {
        match self {
            Self::Plain => {
                (vector.first().map_or(0.0, |&x| f64::from(x)), vector.get(1).map_or(0.0, |&y| f64::from(y)))
            }
            Self::Components { mean, first, second } => {
                let along = |axis: &[f64]| -> f64 {
                    vector.iter().zip(mean).zip(axis).map(|((&x, m), a)| (f64::from(x) - m) * a).sum()
                };
                (along(first), along(second))
            }
        }
    }
}

/// The direction in which `rows` vary most (orthogonal to `other`), by
/// power iteration on their covariance from a fixed start, so the same
/// vectors always give the same picture.
fn component(rows: &[Vec<f64>], dimensions: usize, other: Option<&[f64]>) -> Vec<f64> {
    let mut axis: Vec<f64> =
        (0..dimensions).map(|i| 1.0 / (1.0 + i as f64) * if i % 2 == 0 { 1.0 } else { -0.5 }).collect();
    if other.is_some() {
        axis.rotate_right(1);
    }
    for _ in 0..ROUNDS {
        if let Some(other) = other {
            let along: f64 = axis.iter().zip(other).map(|(a, o)| a * o).sum();
            axis.iter_mut().zip(other).for_each(|(a, o)| *a -= along * o);
        }
        let norm = axis.iter().map(|a| a * a).sum::<f64>().sqrt();
        if norm == 0.0 || !norm.is_finite() {
            break;
        }
        axis.iter_mut().for_each(|a| *a /= norm);
        // Covariance × axis = Σ row (row · axis).
        let mut next = vec![0.0; dimensions];
        for row in rows {
            let along: f64 = row.iter().zip(&axis).map(|(x, a)| x * a).sum();
            next.iter_mut().zip(row).for_each(|(n, x)| *n += along * x);
        }
        if next.iter().all(|n| *n == 0.0) {
            break;
        }
        axis = next;
    }
    if let Some(other) = other {
        let along: f64 = axis.iter().zip(other).map(|(a, o)| a * o).sum();
        axis.iter_mut().zip(other).for_each(|(a, o)| *a -= along * o);
    }
    let norm = axis.iter().map(|a| a * a).sum::<f64>().sqrt();
    if norm > 0.0 && norm.is_finite() {
        axis.iter_mut().for_each(|a| *a /= norm);
    }
    axis
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::engine::Engine;

    /// `Products` with a `look` index of `dimensions`, per `tenant`, filter `kind`.
    fn products(dimensions: usize, items: &[Value]) -> Engine {
        let mut engine = Engine::new();
        let created = engine.execute(
            "CreateTable",
            &json!({"TableName": "Products", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "sku", "AttributeType": "S"},
                    {"AttributeName": "tenant", "AttributeType": "S"}, {"AttributeName": "kind", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "sku", "KeyType": "HASH"}],
                "VectorIndexes": [{"IndexName": "ByLook", "VectorAttribute": {"AttributeName": "look"},
                    "Dimensions": dimensions, "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "ALL"},
                    "SearchSchema": [{"AttributeName": "tenant", "SearchSchemaElementType": "HASH"},
                        {"AttributeName": "kind", "SearchSchemaElementType": "INLINE_FILTER"}]}]}),
        );
        assert!(created.is_ok(), "{created:?}");
        for item in items {
            let put = engine.execute("PutItem", &json!({"TableName": "Products", "Item": item}));
            assert!(put.is_ok(), "{put:?}");
        }
        engine
    }

    fn item(sku: &str, tenant: Option<&str>, look: &[f64]) -> Value {
        let mut item = json!({"sku": {"S": sku}, "kind": {"S": "shirt"},
            "look": {"L": look.iter().map(|x| json!({"N": x.to_string()})).collect::<Vec<_>>()}});
        if let Some(tenant) = tenant {
            item["tenant"] = json!({"S": tenant});
        }
        item
    }

    fn view(engine: &Engine, search: Option<&MapSearch>) -> MapView {
        let table = engine.table("Products").unwrap();
        map_view(table, table.definition.vector_indexes.first().unwrap(), search)
    }

    fn search(vector: &[f32], distance: DistanceFunction) -> MapSearch {
        MapSearch { vector: vector.to_vec(), hash: Some(KeyValue::S("A".into())), top_k: 2, distance, filter: None }
    }

    fn mark_of<'a>(view: &'a MapView, label: &str) -> &'a Mark {
        &view.points.iter().find(|p| p.label == label).unwrap().mark
    }

    #[test]
    fn a_two_dimensional_index_is_drawn_as_it_is_with_the_search_marked() {
        let engine = products(
            2,
            &[
                item("red", Some("A"), &[1.0, 0.0]),
                item("pink", Some("A"), &[0.9, 0.2]),
                item("blue", Some("A"), &[0.0, 1.0]),
                item("rose", Some("B"), &[1.0, 0.1]),
                item("grey", None, &[0.5, 0.5]),
            ],
        );
        let plain = view(&engine, None);
        assert!(!plain.projected);
        assert_eq!(plain.entries, 4);
        let red = plain.points.iter().find(|p| p.label == "red").unwrap();
        assert_eq!((red.x, red.y), (1.0, 0.0));
        assert_eq!(mark_of(&plain, "grey"), &Mark::NotIndexed);
        assert_eq!(mark_of(&plain, "rose"), &Mark::Searched, "no search: every entry alike");

        let searched = view(&engine, Some(&search(&[1.0, 0.0], DistanceFunction::Cosine)));
        assert_eq!(searched.query, Some((1.0, 0.0)));
        let ranking: Vec<&str> = searched.ranking.iter().map(|(label, _)| label.as_str()).collect();
        assert_eq!(ranking, ["red", "pink"]);
        assert_eq!(mark_of(&searched, "red"), &Mark::Ranked { rank: 1, score: 0.0 });
        assert_eq!(mark_of(&searched, "blue"), &Mark::Searched);
        assert_eq!(mark_of(&searched, "rose"), &Mark::OtherGroup);
        assert_eq!(mark_of(&searched, "grey"), &Mark::NotIndexed);

        let filtered = MapSearch {
            filter: Some(("kind".into(), AttributeValue::S("shoe".into()))),
            ..search(&[1.0, 0.0], DistanceFunction::Cosine)
        };
        let filtered = view(&engine, Some(&filtered));
        assert!(filtered.ranking.is_empty());
        assert_eq!(mark_of(&filtered, "red"), &Mark::FilteredOut);
    }

    /// COSINE looks at the direction only; DOT_PRODUCT ranks the longer
    /// vector first.
    #[test]
    fn switching_the_distance_function_changes_the_ranking() {
        let engine = products(2, &[item("short", Some("A"), &[1.0, 0.0]), item("long", Some("A"), &[10.0, 3.0])]);
        let ranking = |distance| -> Vec<String> {
            view(&engine, Some(&search(&[1.0, 0.0], distance))).ranking.into_iter().map(|(l, _)| l).collect()
        };
        assert_eq!(ranking(DistanceFunction::Cosine), ["short", "long"]);
        assert_eq!(ranking(DistanceFunction::DotProduct), ["long", "short"]);
    }

    #[test]
    fn other_dimensions_are_projected_the_same_way_every_time() {
        let items: Vec<Value> = (0..30)
            .map(|i| {
                let t = f64::from(i) / 10.0;
                item(&format!("p{i:02}"), Some("A"), &[t, 2.0 * t, 0.5, -t])
            })
            .collect();
        let engine = products(4, &items);
        let first = view(&engine, Some(&search(&[1.0, 2.0, 0.5, -1.0], DistanceFunction::Euclidean)));
        assert!(first.projected);
        assert_eq!(first, view(&engine, Some(&search(&[1.0, 2.0, 0.5, -1.0], DistanceFunction::Euclidean))));
        // The items lie on a line: the first component orders them, the
        // second is flat, and the query lands on p10.
        let xs: Vec<f64> = first.points.iter().map(|p| p.x).collect();
        assert!(xs.windows(2).all(|w| w[0] < w[1]) || xs.windows(2).all(|w| w[0] > w[1]), "{xs:?}");
        assert!(first.points.iter().all(|p| p.y.abs() < 1e-6), "{:?}", first.points);
        let p10 = first.points.iter().find(|p| p.label == "p10").unwrap();
        let (qx, _) = first.query.unwrap();
        assert!((qx - p10.x).abs() < 1e-6);
        assert_eq!(first.ranking.first().map(|(l, _)| l.as_str()), Some("p10"));
    }

    #[test]
    fn long_vectors_and_many_items_are_sampled_and_bounded() {
        let dimensions = 4096;
        let items: Vec<Value> = (0..120)
            .map(|i| {
                let look: Vec<f64> = (0..dimensions).map(|d| f64::from((i * 7 + d as i32) % 13) - 6.0).collect();
                item(&format!("p{i:03}"), Some("A"), &look)
            })
            .collect();
        let engine = products(dimensions, &items);
        let query: Vec<f32> = (0..dimensions).map(|d| (d % 5) as f32).collect();
        let drawn = view(&engine, Some(&MapSearch { top_k: 100, ..search(&query, DistanceFunction::DotProduct) }));
        assert_eq!(drawn.entries, 120);
        assert!(drawn.points.len() <= (PROJECTION_BUDGET / dimensions).max(50) + 100, "{}", drawn.points.len());
        assert_eq!(drawn.ranking.len(), 100);
        let ranked = drawn.points.iter().filter(|p| matches!(p.mark, Mark::Ranked { .. })).count();
        assert_eq!(ranked, 100, "every ranked item is drawn");
        assert!(drawn.points.iter().all(|p| p.x.is_finite() && p.y.is_finite()));
        // A query of the wrong length draws no search.
        let wrong = view(&engine, Some(&search(&[1.0], DistanceFunction::Cosine)));
        assert!(wrong.query.is_none() && wrong.ranking.is_empty());
    }
}
