//! Jump links at the top of the Console tab. The access patterns and the
//! design review sit below the console's builders,
//! results, code and history — thousands of pixels down on a busy console
//! — so the bar names them where a student starts reading and brings each
//! into view with one click. The bar stays at the top of the tab while it
//! scrolls.

use yew::prelude::*;

use crate::ui::language::{use_lang, Msg};
use crate::ui::state::use_playground;

/// Brings the element with `id` into view.
fn jump(id: &'static str) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        let element = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id));
        if let Some(element) = element {
            element.scroll_into_view();
        }
    })
}

#[component]
pub fn ReviewJumps() -> Html {
    let lang = use_lang();
    let count = use_playground().map_or(0, |s| s.access_patterns.len());
    let review = lang.review();
    html! {
        <nav class="review-jumps" id="review-jumps" aria-label={review.on_this_tab}>
            <span class="review-jumps-label">{ review.on_this_tab }</span>
            <button type="button" class="quiet" id="jump-access-patterns" onclick={jump("access-patterns")}>
                { format!("{} ({count}) ↓", lang.t(Msg::AccessPatternsTitle)) }
            </button>
            <button type="button" class="quiet" id="jump-design-review" onclick={jump("design-review")}>
                { format!("{} ↓", review.title) }
            </button>
        </nav>
    }
}
