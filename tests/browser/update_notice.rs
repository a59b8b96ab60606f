//! The notice that a newer build waits (src/ui/page/update_notice.rs): what
//! `www/offline.js` tells the page, and what the page asks of it. The service
//! worker itself is tested in a real browser profile by tests/offline.

use crate::dom::*;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

/// Sets (or with `None` removes) a property of `window`, as offline.js does.
fn set_window(name: &str, value: Option<&JsValue>) {
    let window = web_sys::window().unwrap();
    match value {
        Some(value) => js_sys::Reflect::set(&window, &name.into(), value).unwrap(),
        None => js_sys::Reflect::delete_property(&window, &name.into()).unwrap(),
    };
}

fn forget_update() {
    for name in ["ddbUpdateReady", "ddbApplyUpdate", "ddbTestApplied"] {
        set_window(name, None);
    }
}

fn applied() -> f64 {
    let window = web_sys::window().unwrap();
    js_sys::Reflect::get(&window, &"ddbTestApplied".into()).unwrap().as_f64().unwrap_or(0.0)
}

async fn announce() {
    set_window("ddbUpdateReady", Some(&JsValue::TRUE));
    web_sys::window().unwrap().dispatch_event(&web_sys::Event::new("ddb-update-ready").unwrap()).unwrap();
    settle().await;
}

#[wasm_bindgen_test]
async fn a_waiting_build_is_announced_in_the_page_language_and_switched_to_only_on_reload() {
    forget_update();
    let apply = js_sys::Function::new_no_args("window.ddbTestApplied = (window.ddbTestApplied || 0) + 1;");
    set_window("ddbApplyUpdate", Some(&apply));
    let page = mount().await;
    assert!(!page.exists("#update-notice"), "no notice before a build waits");

    announce().await;
    assert!(page.text("#update-notice").starts_with("A new version of the playground is ready."));
    page.choose("#lang-select", "de").await;
    assert!(page.text("#update-notice").starts_with("Eine neue Version des Playgrounds ist bereit."));
    assert_eq!(page.text("#btn-update-reload").trim(), "Neu laden");
    page.choose("#lang-select", "ja").await;
    assert_eq!(page.text("#btn-update-reload").trim(), "再読み込み");
    page.choose("#lang-select", "en").await;

    // Later: the notice goes, nothing is switched.
    page.click("#btn-update-later").await;
    assert!(!page.exists("#update-notice"));
    assert_eq!(applied(), 0.0);

    // Announced before the page started (a reload while the build waits).
    drop(page);
    let page = mount().await;
    assert!(page.exists("#update-notice"), "the page reads window.ddbUpdateReady at start");
    page.click("#btn-update-reload").await;
    assert_eq!(applied(), 1.0, "Reload asks offline.js to switch, once");
    forget_update();
}
