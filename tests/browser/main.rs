//! Browser tests: the real page in headless Chromium, driven through the DOM
//! the way a student would drive it (type into fields, click buttons).
//!
//! Each test mounts its own [`App`] on a fresh `<div>`, so tests share
//! nothing but the document. [`mount`] first forgets the URL fragment and
//! the autosaved copy a previous test may have left; [`mount_as_is`] keeps
//! them, as a reload would. A test that fails leaves its page mounted (a
//! panic in wasm unwinds nothing, so no `Drop` runs), and that page would
//! still answer hash changes and autosave; every mount first unmounts such
//! leftovers, so one failure stays one failure. After every interaction the test yields to the
//! browser for a moment so Yew can re-render before the DOM is read.
//!
//! Run with:
//! `CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
//!  WASM_BINDGEN_TEST_TIMEOUT=120 cargo test --target wasm32-unknown-unknown --test browser`

#![cfg(target_arch = "wasm32")]
// clippy.toml's rules keep weight out of the page's wasm; tests never reach it.
#![allow(clippy::disallowed_methods)]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod access_patterns;
mod charts;
mod class_view;
mod connect;
mod console;
mod design_review;
mod dom;
mod exchange;
mod exercises;
mod footprint;
mod generator;
mod hostile;
mod indexes;
mod items;
mod languages;
mod layout;
mod lessons;
mod make_exercise;
mod multi_key;
mod partiql;
mod partitions;
mod review_jumps;
mod sharing;
mod storage;
mod triggers;
mod ttl_streams;
mod update_notice;
mod vectors;
mod workspaces;
