//! The playground's binary: in the browser (built by Trunk) it mounts the Yew
//! app; natively it only points at the right command.

#[cfg(target_arch = "wasm32")]
fn main() {
    ddb_playground::ui::start();
}

/// Hashes `rounds` partition keys with the engine's keyspace hash and
/// returns the last hash's first byte, for `www/offline.js`, which calls it
/// once the page is idle. Chrome keeps a page's compiled wasm beside the
/// offline copy's response (V8's code cache), so that the next visit
/// compiles the functions it starts with in the background instead of on
/// its main thread, but it writes that cache only once V8 has optimised some
/// of the code, which a visit never gets to by itself; this makes the hash
/// hot enough to be optimised (docs/performance.md, "The compiled code kept
/// for the next visit").
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = warmCodeCache)]
pub fn warm_code_cache(rounds: u32) -> u32 {
    use ddb_playground::engine::schema::KeyValue;
    use ddb_playground::engine::storage::keyspace_hash;
    let mut last = 0;
    for round in 0..rounds {
        last = keyspace_hash(&KeyValue::S(format!("warm#{round}")))[0];
    }
    u32::from(last)
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ddb-playground runs in the browser: use `scripts/serve` and open http://127.0.0.1:8080");
}
