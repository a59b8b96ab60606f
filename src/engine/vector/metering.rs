//! What vector indexes cost, in bytes (semantics G.6).
//!
//! **A write** reports, under `ReturnConsumedCapacity: INDEXES` only,
//! `VectorWriteRequestBytes` for each vector index whose entry it changed:
//!
//! ```text
//!   entry bytes = 4 × Dimensions + len(vector attribute name) + size of the entry's other attributes
//!   reported    = max(1024, entry bytes)            (a change: the larger of the old and new entry)
//! ```
//!
//! This is exact: it matches every capture from 3 to 512 dimensions (a
//! 512-dimension `KEYS_ONLY` entry with key `pk: "a"` is 2,060 bytes). An
//! index whose entry did not change is absent, not zero. The bytes are not
//! write units: `CapacityUnits` does not include them.
//!
//! **A search** reports `VectorSearchRequestBytes` and no read units. No
//! published formula gives it, and DynamoDB's figure varies between
//! identical searches, so the engine's is an *estimate* that follows what
//! DynamoDB documents (it grows with the dimensions, logarithmically with
//! the items searched, and with the data returned; at least 1 KB; the query
//! vector's own size does not count) and fits the published measurements
//! (1,024 for every 4-dimension search; about 18,000 at 1,024 dimensions
//! over a few items; 60,560 + 566 × TopK at 1,024 dimensions over 15,000
//! items):
//!
//! ```text
//!   search bytes = max(1024, 4 × Dimensions × (log2(items searched + 1) + 1) + size of the items returned)
//! ```

use super::VectorIndex;
use crate::engine::value::size::item_size;
use crate::engine::value::Item;

/// The smallest figure a vector write or search reports (G.6).
pub const MINIMUM_BYTES: usize = 1024;

/// The size of an index entry as G.6 measures it: 4 bytes per dimension
/// plus the vector attribute's name, plus `rest`, the entry's other
/// attributes.
pub fn entry_bytes(index: &VectorIndex, rest: &Item) -> usize {
    4 * index.dimensions + index.vector_attribute.len() + item_size(rest)
}

/// `VectorWriteRequestBytes` of a write that changed an entry from `old`
/// to `new` bytes (`None`: no entry).
pub fn write_bytes(old: Option<usize>, new: Option<usize>) -> usize {
    old.unwrap_or(0).max(new.unwrap_or(0)).max(MINIMUM_BYTES)
}

/// The estimated `VectorSearchRequestBytes` of a search over `searched`
/// entries of `dimensions` that returned `returned_bytes` of items.
pub fn search_bytes(dimensions: usize, searched: usize, returned_bytes: usize) -> usize {
    // log10, already in the build, rather than log2.
    let examined = ((searched as f64) + 1.0).log10() / std::f64::consts::LOG10_2 + 1.0;
    let vectors = (4.0 * dimensions as f64 * examined).round() as usize;
    (vectors + returned_bytes).max(MINIMUM_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_estimate_follows_the_measurements() {
        // Every 4-dimension search reported 1,024 (4 to 204 items).
        assert_eq!(search_bytes(4, 204, 0), 1024);
        // 1,024 dimensions over 15,000 items: 60,560 + 566 per returned item of ~566 bytes.
        let one = search_bytes(1024, 15_000, 566);
        let ten = search_bytes(1024, 15_000, 5_660);
        assert!((60_000..62_000).contains(&(one - 566)), "{one}");
        assert_eq!(ten - one, 5_094);
        // About 18,000 at 1,024 dimensions over a few items, twice that at 2,048.
        assert!((17_000..20_000).contains(&search_bytes(1024, 10, 0)));
        assert!((35_000..40_000).contains(&search_bytes(2048, 10, 0)));
    }

    #[test]
    fn a_write_is_metered_at_least_one_kilobyte() {
        assert_eq!(write_bytes(None, Some(3)), 1024);
        assert_eq!(write_bytes(Some(2060), Some(2065)), 2065);
        assert_eq!(write_bytes(Some(2060), None), 2060);
    }
}
