//! Ordered collections and sorting with a small wasm footprint.
//!
//! `collect::<BTreeMap<_, _>>()` (and `BTreeSet`, and `serde_json::Map`, which
//! is a `BTreeMap`) does not insert: it gathers the pairs into a `Vec`, sorts
//! them with std's stable sort, then bulk-builds the tree. The sort is
//! instantiated once per *iterator type*, and std's driftsort is several KB of
//! wasm each time: 51 instantiations were 163 KB of the playground's 2.1 MB of
//! code (BENCHMARKS.md, "Wasm size"). The playground's maps are small (an
//! item's attributes, a request's fields), so inserting one by one costs
//! nothing measurable and compiles to a short loop.
//!
//! The same goes for sorting a `Vec`: [`sort_by`] sorts through a non-generic
//! index sort, so each element type costs a short permutation loop instead of
//! a whole driftsort.
//!
//! Both keep std's results exactly: a key given twice keeps its last value
//! (as `BTreeMap::from_iter` does), and the sort is stable.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

/// `collect()` into ordered collections by inserting, for any iterator.
pub trait Ordered: Iterator + Sized {
    /// The pairs as a `BTreeMap`; a key given twice keeps its last value.
    fn ordered_map<K: Ord, V>(self) -> BTreeMap<K, V>
    where
        Self: Iterator<Item = (K, V)>,
    {
        let mut map = BTreeMap::new();
        for (key, value) in self {
            map.insert(key, value);
        }
        map
    }

    /// The pairs as a `BTreeMap`, or the first error.
    fn try_ordered_map<K: Ord, V, E>(self) -> Result<BTreeMap<K, V>, E>
    where
        Self: Iterator<Item = Result<(K, V), E>>,
    {
        let mut map = BTreeMap::new();
        for pair in self {
            let (key, value) = pair?;
            map.insert(key, value);
        }
        Ok(map)
    }

    /// The values as a `BTreeSet`.
    fn ordered_set<T: Ord>(self) -> BTreeSet<T>
    where
        Self: Iterator<Item = T>,
    {
        let mut set = BTreeSet::new();
        for value in self {
            set.insert(value);
        }
        set
    }

    /// The pairs as a JSON object; a key given twice keeps its last value.
    fn json_object(self) -> Map<String, Value>
    where
        Self: Iterator<Item = (String, Value)>,
    {
        let mut map = Map::new();
        for (key, value) in self {
            map.insert(key, value);
        }
        map
    }
}

impl<I: Iterator> Ordered for I {}

/// Sorts `items` stably by `compare`, like `slice::sort_by`.
pub fn sort_by<T>(items: &mut Vec<T>, mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = {
        let view: &[T] = items;
        sorted_positions(view.len(), &mut |a, b| match (view.get(a), view.get(b)) {
            (Some(a), Some(b)) => compare(a, b),
            _ => Ordering::Equal,
        })
    };
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|at| slots.get_mut(at).and_then(Option::take)));
}

/// Sorts `items` stably by a key, like `slice::sort_by_key`.
pub fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` stably in their natural order, like `slice::sort`.
pub fn sort<T: Ord>(items: &mut Vec<T>) {
    sort_by(items, T::cmp);
}

/// The positions `0..len` in the order `compare` puts them, ties kept in
/// position order: the one real sort, instantiated once.
fn sorted_positions(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut positions: Vec<usize> = (0..len).collect();
    #[allow(clippy::disallowed_methods)] // the one instantiation clippy.toml points to
    positions.sort_by(|a, b| compare(*a, *b));
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_keep_the_last_value_of_a_repeated_key_like_from_iter() {
        let pairs = vec![("b", 1), ("a", 2), ("b", 3)];
        let ours = pairs.clone().into_iter().ordered_map();
        let std: BTreeMap<_, _> = pairs.into_iter().collect();
        assert_eq!(ours, std);
        assert_eq!(ours.get("b"), Some(&3));
        let object = [("k".to_string(), Value::from(1)), ("k".to_string(), Value::from(2))].into_iter().json_object();
        assert_eq!(object.get("k"), Some(&Value::from(2)));
    }

    #[test]
    fn the_try_form_stops_at_the_first_error() {
        let ok: Result<BTreeMap<i32, i32>, &str> = [Ok((2, 20)), Ok((1, 10))].into_iter().try_ordered_map();
        assert_eq!(ok, Ok(BTreeMap::from([(1, 10), (2, 20)])));
        let bad: Result<BTreeMap<i32, i32>, &str> = [Ok((1, 10)), Err("no"), Ok((3, 30))].into_iter().try_ordered_map();
        assert_eq!(bad, Err("no"));
        let bad: Result<BTreeMap<i32, i32>, &str> = [Err("first"), Err("second")].into_iter().try_ordered_map();
        assert_eq!(bad, Err("first"));
    }

    #[test]
    fn sets_are_deduplicated_and_ordered() {
        let set = ["b", "a", "b"].into_iter().ordered_set();
        assert_eq!(set.into_iter().collect::<Vec<_>>(), vec!["a", "b"]);
    }

    #[test]
    fn sorting_is_stable_and_matches_std() {
        // Pairs sorted by their first element only: equal keys keep their order.
        let mut rng = crate::engine::sim::Rng::new(7);
        let mut items: Vec<(u8, usize)> = (0..500).map(|i| ((rng.next_u64() >> 59) as u8, i)).collect();
        let mut expected = items.clone();
        expected.sort_by_key(|p| p.0);
        sort_by_key(&mut items, |p| p.0);
        assert_eq!(items, expected);
        let mut words = vec!["pear", "apple", "fig"];
        sort(&mut words);
        assert_eq!(words, ["apple", "fig", "pear"]);
        let mut empty: Vec<u8> = Vec::new();
        sort(&mut empty);
        assert!(empty.is_empty());
    }
}
