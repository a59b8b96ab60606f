//! Fuzz target `vector_map`: see `ddb_playground::fuzzing` (src/fuzzing/mod.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ddb_playground::fuzzing::vector_map(data));
