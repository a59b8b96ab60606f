//! One call in the activity log: what was asked, what it cost, what came
//! back.
//!
//! The head line is the summary ("GetItem Music → found, 0.5 RCU (eventually
//! consistent)"), then the `ConsumedCapacity` exactly as the response carried
//! it, then the error, if any. The request and response bodies fold away
//! under a `<details>`: they are the JSON an SDK exchanges with DynamoDB,
//! worth showing once the summary has been understood. A stream trigger's
//! write says whose it is: it was no request of the page's.

use std::rc::Rc;

use yew::prelude::*;

use super::error_box::ErrorBox;
use crate::ui::language::{use_lang, Msg};
use crate::ui::limits::shown_json;
use crate::ui::state::LogEntry;

#[derive(Properties)]
pub struct LogEntryProps {
    pub entry: Rc<LogEntry>,
}

/// Entries never change once logged, so the same `Rc` means the same entry:
/// comparing pointers keeps a long log from being redrawn on every keystroke.
/// (A new language still redraws it: it is read from its context.)
impl PartialEq for LogEntryProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.entry, &other.entry)
    }
}

#[component]
pub fn LogEntryView(props: &LogEntryProps) -> Html {
    let lang = use_lang();
    let entry = &props.entry;
    let summary = entry.summary.text(lang);
    let rest = summary.strip_prefix(entry.operation.as_str()).unwrap_or(&summary);
    let consumed = entry.consumed_capacity().map(|consumed| {
        html! {
            <div class="consumed"><span class="label">{ "ConsumedCapacity " }</span><code>{ consumed.to_string() }</code></div>
        }
    });
    // Bodies are drawn up to 64 KB: a request may be 16 MB ([`limits`]).
    let (status, error, response) = match &entry.outcome {
        Ok(response) => ("ok", None, shown_json(lang, response)),
        Err(error) => ("error", Some(html! { <ErrorBox error={error.clone()} /> }), shown_json(lang, &error.to_wire())),
    };
    let request = match &entry.request {
        Some(request) => html! { <pre class="json">{ shown_json(lang, request) }</pre> },
        None => {
            html! { <p class="hint">{ lang.t(Msg::NotSent) }</p> }
        }
    };
    let response_title = lang.t(if entry.outcome.is_ok() { Msg::Response } else { Msg::ErrorResponse });
    let by_trigger = entry.trigger.as_ref().map(|(trigger, table)| {
        html! { <div class="by-trigger">{ lang.tr().by_trigger(trigger, table) }</div> }
    });
    html! {
        <li class={classes!("log-entry", status, entry.trigger.is_some().then_some("trigger-write"))}>
            <div class="log-head">
                <span class="op">{ &entry.operation }</span>
                <span class="summary">{ rest }</span>
            </div>
            { by_trigger }
            { consumed }
            { error }
            <details>
                <summary>{ lang.t(Msg::RequestAndResponse) }</summary>
                <div class="io">
                    <div><h4>{ lang.t(Msg::Request) }</h4>{ request }</div>
                    if entry.request.is_some() {
                        <div><h4>{ response_title }</h4><pre class="json">{ response }</pre></div>
                    }
                </div>
            </details>
        </li>
    }
}
