//! Exact nearest-neighbour search: every entry in the search's scope is
//! scored against the query vector and the `TopK` best are kept (G.3).
//!
//! Scores are computed from the f32 elements with f64 accumulation and
//! saturate at f32's largest magnitude, as captured on DynamoDB:
//!
//! | Function | Score | Best |
//! |---|---|---|
//! | `COSINE` | 1 − (a·b)/(‖a‖‖b‖); exactly 1 when either vector is zero | smallest |
//! | `EUCLIDEAN` | ‖a − b‖ (not squared) | smallest |
//! | `DOT_PRODUCT` | a·b | largest |
//!
//! Equal scores keep the table's key order, so a search answers the same
//! every time.

use std::cmp::Ordering;

use super::store::VectorEntry;
use super::DistanceFunction;
use crate::engine::schema::PrimaryKey;

/// f32's largest magnitude, where scores saturate.
const LARGEST: f64 = f32::MAX as f64;

/// `query`'s score against `vector` under `function`.
pub fn score(function: DistanceFunction, query: &[f32], vector: &[f32]) -> f64 {
    let pairs = query.iter().zip(vector).map(|(&a, &b)| (f64::from(a), f64::from(b)));
    let value = match function {
        DistanceFunction::DotProduct => pairs.map(|(a, b)| a * b).sum(),
        DistanceFunction::Euclidean => pairs.map(|(a, b)| (a - b) * (a - b)).sum::<f64>().sqrt(),
        DistanceFunction::Cosine => {
            let (mut dot, mut aa, mut bb) = (0.0, 0.0, 0.0);
            for (a, b) in pairs {
                dot += a * b;
                aa += a * a;
                bb += b * b;
            }
            if aa == 0.0 || bb == 0.0 {
                1.0
            } else {
                1.0 - dot / (aa.sqrt() * bb.sqrt())
            }
        }
    };
    if value.is_nan() {
        // Infinite terms that cancel: the captured answer is 0.
        0.0
    } else {
        value.clamp(-LARGEST, LARGEST)
    }
}

/// The `top_k` entries closest to `query` among `candidates` (already in
/// table-key order) that pass `keep`, best first, with their keys and
/// scores.
pub fn nearest<'a>(
    function: DistanceFunction,
    query: &[f32],
    top_k: usize,
    candidates: impl Iterator<Item = (&'a PrimaryKey, &'a VectorEntry)>,
    keep: impl Fn(&VectorEntry) -> bool,
) -> Vec<(&'a PrimaryKey, &'a VectorEntry, f64)> {
    let better = |a: f64, b: f64| -> Ordering {
        let order = a.partial_cmp(&b).unwrap_or(Ordering::Equal);
        if function.larger_is_closer() {
            order.reverse()
        } else {
            order
        }
    };
    // A bounded list, kept sorted: most searches keep few of many.
    let mut best: Vec<(&PrimaryKey, &VectorEntry, f64)> = Vec::with_capacity(top_k.min(128) + 1);
    for (key, entry) in candidates {
        if !keep(entry) {
            continue;
        }
        let value = score(function, query, &entry.vector);
        if best.len() == top_k && best.last().is_some_and(|&(_, _, worst)| better(value, worst) != Ordering::Less) {
            continue;
        }
        // After every equal score: ties keep the table's key order.
        let at = best.partition_point(|&(_, _, kept)| better(kept, value) != Ordering::Greater);
        best.insert(at, (key, entry, value));
        best.truncate(top_k);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_follow_g3() {
        use DistanceFunction::*;
        assert_eq!(score(Euclidean, &[1.0, 0.0, 0.0, 0.0], &[10.0, 0.0, 0.0, 0.0]), 9.0);
        assert_eq!(score(Cosine, &[1.0, 0.0], &[2.0, 0.0]), 0.0);
        assert_eq!(score(Cosine, &[1.0, 0.0], &[-1.0, 0.0]), 2.0);
        assert_eq!(score(Cosine, &[0.0, 0.0], &[1.0, 0.0]), 1.0);
        assert_eq!(score(DotProduct, &[1.0, 2.0], &[-3.0, 1.0]), -1.0);
        assert_eq!(score(Euclidean, &[f32::MAX, f32::MAX], &[-f32::MAX, -f32::MAX]), f64::from(f32::MAX));
        assert_eq!(score(DotProduct, &[f32::MAX, f32::MAX], &[f32::MAX, -f32::MAX]), 0.0);
    }
}
