//! The page's release build cut at its split points (src/ui/page/later.rs,
//! scripts/split-page.mjs). The page's program is built with the `split`
//! feature (index.html asks Trunk for it); with `DDB_SPLIT=1` as well
//! (scripts/release-env), its wasm build gets `--cfg ddb_split` and is linked
//! with its relocations kept, which wasm-split-cli follows to cut it. Without
//! `DDB_SPLIT` (`trunk serve`, tests) nothing changes. The other programs (the
//! panels, the lecturer's and the connect page) are built without the
//! feature: a split point is an export, and would pull the Console tab into
//! every wasm that links the library.
fn main() {
    println!("cargo::rerun-if-env-changed=DDB_SPLIT");
    println!("cargo::rustc-check-cfg=cfg(ddb_split)");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    let feature = std::env::var_os("CARGO_FEATURE_SPLIT").is_some();
    if wasm && feature && std::env::var("DDB_SPLIT").is_ok_and(|split| split == "1") {
        println!("cargo::rustc-cfg=ddb_split");
        println!("cargo::rustc-link-arg-bin=ddb-playground=--emit-relocs");
    }
}
