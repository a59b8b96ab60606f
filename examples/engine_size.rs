//! The page without its UI: how much of the release wasm is the engine and
//! the scenario code alone (issue #9's size profile, `scripts/bench-browser`).
//!
//! Built for wasm32 with the release profile, then through the same
//! wasm-bindgen and `wasm-opt -Oz` as the page, this module keeps everything
//! the page's UI calls below the components: every operation through
//! `execute_json` and `dry_run` (so API validation, expressions, PartiQL,
//! indexes, capacity, TTL), Streams, the workload simulation, snapshots,
//! share links, file import and every export format. It leaves out Yew, the
//! components, the three language catalogues and the code generator. The
//! difference between the two sizes is what the UI costs.
//!
//! ```text
//! cargo build --release --target wasm32-unknown-unknown --example engine_size
//! ```
//!
//! Natively it is an empty program.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// One call into everything below the UI; the inputs come from JavaScript so
/// nothing is optimised away, and the answer is plain text so no `Debug`
/// formatting is pulled in that the page does not have.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn engine_call(operation: &str, body: &str, snapshot: &str, seconds: u32) -> String {
    use ddb_playground::engine::sim::{KeyDistribution, Traffic, TrafficKind, Workload};
    use ddb_playground::engine::Engine;
    use ddb_playground::scenario::{exchange, link};

    let restored = serde_json::from_str(snapshot).ok().and_then(|s| Engine::restore(&s).ok());
    let mut engine = restored.unwrap_or_default();
    let mut answers = Vec::new();
    answers.push(engine.execute_json(operation, body).is_ok());
    let request = serde_json::from_str(body).unwrap_or_default();
    answers.push(engine.dry_run(operation, &request).result.is_ok());
    answers.push(engine.execute_streams(operation, &request).is_ok());
    let workload = Workload {
        table: operation.to_string(),
        index: None,
        traffic: vec![Traffic::constant(TrafficKind::Write, 100.0, KeyDistribution::Zipf { keys: 10, s: 1.0 }, "k", 1)],
        seconds,
        seed: 1,
        top_n: 5,
    };
    answers.push(engine.run_workload(&workload).is_ok());
    answers.push(link::decode(body).map(|scenario| link::encode(&scenario)).is_ok());
    let format = exchange::ExportFormat::ALL.get(seconds as usize % 5).copied();
    answers.push(match (exchange::import(body), format) {
        (Ok(imported), Some(format)) => !exchange::export(&imported.scenario, format).text.is_empty(),
        _ => false,
    });
    let mut text = engine.snapshot().to_string();
    answers.iter().for_each(|ok| text.push(if *ok { '1' } else { '0' }));
    text
}

fn main() {}
