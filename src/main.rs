//! The playground's binary: in the browser (built by Trunk) it mounts the Yew
//! app; natively it only points at the right command.

#[cfg(target_arch = "wasm32")]
fn main() {
    ddb_playground::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ddb-playground runs in the browser: use `scripts/serve` and open http://127.0.0.1:8080");
}
