//! The panels' binary: in the browser (built by Trunk, loaded by the
//! playground's page the first time one of its panels is needed) it mounts
//! the exercise panel, the hot-key lab, the planners and the design review
//! on the roots the page makes for them, and answers the page's exports and
//! Workbench imports (`ui::panels`); natively it only points at the right
//! command.

#[cfg(target_arch = "wasm32")]
fn main() {
    ddb_playground::ui::panels::module::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "ddb-panels runs in the playground's page: use `scripts/serve` and open an exercise or the Partitions tab"
    );
}
