//! Fuzz target `endpoint_answer`: see `ddb_playground::fuzzing` (src/fuzzing/mod.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ddb_playground::fuzzing::endpoint_answer(data));
