//! The lecturer's page's binary: in the browser (built by Trunk, loaded by
//! `lecturer.html`) it mounts the lecturer's tools (`ui::lecturer`);
//! natively it only points at the right command.

#[cfg(target_arch = "wasm32")]
fn main() {
    ddb_playground::ui::lecturer::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ddb-lecturer runs in the browser: use `scripts/serve` and open http://127.0.0.1:8080/lecturer.html");
}
