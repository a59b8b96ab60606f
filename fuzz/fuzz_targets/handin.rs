//! Fuzz target `handin`: see `ddb_playground::fuzzing` (src/fuzzing/mod.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ddb_playground::fuzzing::handin(data));
