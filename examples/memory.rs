//! How many bytes the engine holds per item, against the items' DynamoDB
//! size (issue #9's memory figure).
//!
//! ```text
//! cargo run --release --example memory            # 100,000 and 1,000,000 items
//! cargo run --release --example memory -- 50000   # other counts
//! ```
//!
//! A counting global allocator tracks the bytes the program has asked for and
//! not yet freed. The table is created first; the figure is what loading the
//! items added, divided by the item count. That counts what the engine keeps
//! (items, keys, item collections, the capacity model), not the allocator's
//! own bookkeeping per block; the resident set size that the kernel reports is
//! printed beside it for that. The DynamoDB size is the engine's own
//! `TableSizeBytes`: the sum of the items' sizes by DynamoDB's rule.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
#[path = "../benches/common/mod.rs"]
mod common;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::common;

    /// The system allocator, counting the bytes in use and the blocks.
    struct Counting;

    static BYTES: AtomicUsize = AtomicUsize::new(0);
    static BLOCKS: AtomicUsize = AtomicUsize::new(0);

    // SAFETY: every call is passed straight to `System`; the counters only observe.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            BYTES.fetch_add(layout.size(), Ordering::Relaxed);
            BLOCKS.fetch_add(1, Ordering::Relaxed);
            // SAFETY: the caller's contract is System's.
            unsafe { System.alloc(layout) }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            BYTES.fetch_sub(layout.size(), Ordering::Relaxed);
            BLOCKS.fetch_sub(1, Ordering::Relaxed);
            // SAFETY: the caller's contract is System's.
            unsafe { System.dealloc(ptr, layout) }
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            BYTES.fetch_add(new_size, Ordering::Relaxed);
            BYTES.fetch_sub(layout.size(), Ordering::Relaxed);
            // SAFETY: the caller's contract is System's.
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    #[global_allocator]
    static ALLOCATOR: Counting = Counting;

    /// Resident set size in bytes (Linux), or 0 where it cannot be read.
    fn rss() -> usize {
        let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
        let pages: usize = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0);
        pages * 4096
    }

    fn measure(n: u64) {
        let (bytes_before, blocks_before, rss_before) =
            (BYTES.load(Ordering::Relaxed), BLOCKS.load(Ordering::Relaxed), rss());
        let engine = common::loaded_engine(n);
        let held = BYTES.load(Ordering::Relaxed).saturating_sub(bytes_before);
        let blocks = BLOCKS.load(Ordering::Relaxed).saturating_sub(blocks_before);
        let rss_delta = rss().saturating_sub(rss_before);
        let table = engine.table(common::TABLE).expect("the table");
        let dynamodb = table.size_bytes();
        let per_item = held as f64 / n as f64;
        let size_per_item = dynamodb as f64 / n as f64;
        println!(
            "{n:>9} items: DynamoDB size {size_per_item:.1} B/item; held {per_item:.1} B/item ({:.2}x) \
             in {:.1} blocks/item; RSS grew {:.1} B/item ({:.2}x)",
            per_item / size_per_item,
            blocks as f64 / n as f64,
            rss_delta as f64 / n as f64,
            rss_delta as f64 / dynamodb as f64,
        );
        drop(engine);
    }

    pub fn main() {
        let counts: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
        let counts = if counts.is_empty() { vec![100_000, 1_000_000] } else { counts };
        for n in counts {
            measure(n);
        }
    }
}
