//! The page's message (a link loaded, an export saved, an import's
//! warnings, an error) as a toast over the page's lower right corner.
//!
//! A toast covers a corner instead of pushing the page down: on a projector
//! the lesson and its view stay where they are while a message comes and
//! goes. News with nothing more to read goes away by itself after
//! [`NEWS_SHOWN`]; an error, or a message with a list under it, stays until
//! it is dismissed. A newer message restarts the wait.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use yew::prelude::*;

use crate::ui::language::{use_lang, Msg};
use crate::ui::state::{use_playground, Action};

/// How long news stays on screen.
pub const NEWS_SHOWN: Duration = Duration::from_secs(8);

#[component]
pub fn NoticeToast() -> Html {
    let lang = use_lang();
    let state = use_playground();
    let notice = state.as_ref().and_then(|s| s.notice.clone());
    {
        let dispatcher = state.as_ref().map(|s| s.dispatcher());
        let fades = notice.as_ref().filter(|n| !n.error && n.details.is_empty()).map(Rc::clone);
        // Keyed by the notice itself: the same text shown twice is two notices.
        let key = notice.as_ref().map(|n| Rc::as_ptr(n) as usize);
        use_effect_with(key, move |_| {
            let alive = Rc::new(Cell::new(true));
            if let (Some(dispatcher), Some(_)) = (dispatcher, fades) {
                let waiting = Rc::clone(&alive);
                yew::platform::spawn_local(async move {
                    yew::platform::time::sleep(NEWS_SHOWN).await;
                    if waiting.get() {
                        dispatcher.dispatch(Action::Notify(None));
                    }
                });
            }
            move || alive.set(false)
        });
    }
    let (Some(state), Some(notice)) = (state, notice) else { return html! {} };
    let on_dismiss = Callback::from(move |_: MouseEvent| state.dispatch(Action::Notify(None)));
    html! {
        <div id="scenario-notice" class={classes!("scenario-notice", notice.error.then_some("error"))}
            role={if notice.error { "alert" } else { "status" }}>
            <div class="notice-body">
                <span class="notice-text">{ notice.text_in(lang) }</span>
                if !notice.details.is_empty() {
                    <ul class="notice-details">
                        { for notice.details.iter().map(|detail| html! { <li>{ lang.tr().warning(detail) }</li> }) }
                    </ul>
                }
            </div>
            <button type="button" id="btn-dismiss" class="notice-dismiss" onclick={on_dismiss}
                aria-label={lang.t(Msg::DismissLabel)}>{ lang.t(Msg::Dismiss) }</button>
        </div>
    }
}
