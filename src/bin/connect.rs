//! The connect page's binary: in the browser (built by Trunk, loaded by
//! `connect.html`) it mounts the connection and comparison views
//! (`ui::connect`); natively it only points at the right command.

#[cfg(target_arch = "wasm32")]
fn main() {
    ddb_playground::ui::connect::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ddb-connect runs in the browser: use `scripts/serve` and open http://127.0.0.1:8080/connect.html");
}
