//! The fuzz targets, bounded, in the ordinary test run: every file of each
//! committed seed corpus (`fuzz/corpus/<target>/`, which keeps every input
//! that ever found a bug) goes through the same harness function the
//! fuzzer calls (`ddb_playground::fuzzing`), then a few thousand seeded
//! pseudo-random inputs per target: random bytes, and corpus files
//! mutated the way libFuzzer does (flip, insert, delete, splice, repeat).
//!
//! Stable toolchain, no cargo-fuzz needed. `FUZZ_REPLAY_CASES=<n>` sets
//! the random inputs per target (default in `CASES`); `FUZZ_REPLAY_SEED`
//! changes the seed. A failure names the target and prints the input.

#![cfg(not(target_arch = "wasm32"))]
// clippy.toml's rules keep weight out of the page's wasm; tests never reach it.
#![allow(clippy::disallowed_methods)]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use ddb_playground::engine::sim::Rng;
use ddb_playground::fuzzing::TARGETS;

/// Random inputs per target by default: the whole file runs in a few
/// seconds in a debug build (the structure-aware targets run sequences of
/// requests and a snapshot round trip per input, so they get fewer).
fn cases(target: &str) -> usize {
    if let Some(n) = std::env::var("FUZZ_REPLAY_CASES").ok().and_then(|v| v.parse().ok()) {
        return n;
    }
    match target {
        "execute_structured" | "streams" | "scenario" | "workbench" | "partiql_structured" => 300,
        // Each input is a whole check: a load, the cases and a review.
        "exercise" => 100,
        // Each input reads a built-in exercise and its model answer.
        "handin" => 300,
        // Each input fills a table and draws a map.
        "vector_map" => 500,
        _ => 2_000,
    }
}

/// The engine's seeded generator (`sim::Rng`), with the draws mutation makes.
struct Dice(Rng);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok())
        .map(|entry| {
            let path = entry.path();
            let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(), data)
        })
        .collect();
    files.sort();
    files
}

/// One libFuzzer-style mutation of `data`.
fn mutate(rng: &mut Dice, data: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    if rng.below(16) == 0 && !out.is_empty() {
        // Long inputs reach the size limits (4 KB expressions, 400 KB items
        // are out of reach, but 4 KB is not): repeat the input up to ~16 KB.
        let times = (16_384 / out.len()).clamp(1, 64);
        out = out.repeat(1 + rng.below(times));
    }
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(5) {
            0 if at < out.len() => out[at] ^= 1 << rng.below(8),
            1 if at < out.len() => {
                let end = (at + 1 + rng.below(8)).min(out.len());
                out.drain(at..end);
            }
            2 => out.insert(at, rng.next() as u8),
            3 if !other.is_empty() => {
                // Splice a piece of another corpus file in.
                let from = rng.below(other.len());
                let end = (from + 1 + rng.below(32)).min(other.len());
                out.splice(at..at, other[from..end].iter().copied());
            }
            _ => {
                // An "interesting" byte: a JSON or expression delimiter.
                const INTERESTING: &[u8] = b"{}[]\":,.()#: 0\n\\";
                out.insert(at, INTERESTING[rng.below(INTERESTING.len())]);
            }
        }
    }
    out
}

fn run_one(target: &str, harness: fn(&[u8]), label: &str, data: &[u8]) {
    if catch_unwind(AssertUnwindSafe(|| harness(data))).is_err() {
        panic!("fuzz target {target} failed on {label}: {:?}", String::from_utf8_lossy(data));
    }
}

fn replay(target: &str) {
    let harness = TARGETS.iter().find(|(name, _)| *name == target).map(|(_, f)| *f).expect("target exists");
    let files = corpus(target);
    assert!(!files.is_empty(), "fuzz/corpus/{target} is empty");
    for (name, data) in &files {
        run_one(target, harness, &format!("corpus file {name}"), data);
    }
    let seed = std::env::var("FUZZ_REPLAY_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED_u64);
    let mut rng = Dice(Rng::new(seed ^ target.len() as u64));
    for case in 0..cases(target) {
        let data = if rng.below(4) == 0 {
            (0..rng.below(256)).map(|_| rng.next() as u8).collect()
        } else {
            let base = &files[rng.below(files.len())].1;
            let other = &files[rng.below(files.len())].1;
            mutate(&mut rng, base, other)
        };
        run_one(target, harness, &format!("random case {case} (seed {seed})"), &data);
    }
}

#[test]
fn expressions() {
    replay("expressions");
}

#[test]
fn execute() {
    replay("execute");
}

#[test]
fn execute_structured() {
    replay("execute_structured");
}

#[test]
fn streams() {
    replay("streams");
}

#[test]
fn share_link() {
    replay("share_link");
}

#[test]
fn scenario() {
    replay("scenario");
}

#[test]
fn partiql() {
    replay("partiql");
}

#[test]
fn workbench() {
    replay("workbench");
}

#[test]
fn partiql_structured() {
    replay("partiql_structured");
}

#[test]
fn exercise() {
    replay("exercise");
}

#[test]
fn handin() {
    replay("handin");
}

#[test]
fn vector_map() {
    replay("vector_map");
}

#[test]
fn endpoint_answer() {
    replay("endpoint_answer");
}

/// Every harness has a test above and a corpus.
#[test]
fn every_target_is_replayed() {
    let names: Vec<&str> = TARGETS.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        names,
        [
            "expressions",
            "execute",
            "execute_structured",
            "streams",
            "share_link",
            "scenario",
            "partiql",
            "workbench",
            "partiql_structured",
            "exercise",
            "handin",
            "vector_map",
            "endpoint_answer"
        ]
    );
}
