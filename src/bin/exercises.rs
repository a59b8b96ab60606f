//! The exercise module's binary: in the browser (built by Trunk, loaded by
//! the playground's page the first time an exercise is opened) it mounts the
//! exercise panel on the page's `#exercise-root` (`ui::exercises::module`);
//! natively it only points at the right command.

#[cfg(target_arch = "wasm32")]
fn main() {
    ddb_playground::ui::exercises::module::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("ddb-exercises runs in the playground's page: use `scripts/serve` and open an exercise");
}
