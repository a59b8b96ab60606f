//! The activity log: every call, newest first.
//!
//! Each entry is a [`LogEntryView`]; the log itself only lays them out and
//! offers to clear them. Clearing forgets the history, not the tables.

use yew::prelude::*;

use super::log_entry::LogEntryView;
use crate::ui::language::{use_lang, Msg};
use crate::ui::state::{use_playground, Action};

#[component]
pub fn ActivityLog() -> Html {
    let lang = use_lang();
    let Some(state) = use_playground() else { return html! {} };
    let clear = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::ClearLog))
    };
    html! {
        <section class="card activity-log" aria-labelledby="log-title">
            <div class="card-head">
                <h2 id="log-title">{ lang.t(Msg::ActivityTitle) }</h2>
                if !state.log.is_empty() {
                    <button class="quiet" onclick={clear}>{ lang.t(Msg::ActivityClear) }</button>
                }
            </div>
            if state.log.is_empty() {
                <p class="hint">{ lang.t(Msg::ActivityEmpty) }</p>
            } else {
                <ol class="log" id="activity-log">
                    { for state.log.iter().map(|entry| html! { <LogEntryView key={entry.id} entry={entry.clone()} /> }) }
                </ol>
            }
        </section>
    }
}
