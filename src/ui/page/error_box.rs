//! An error, shown the way DynamoDB reports it: `ExceptionName: message`,
//! and for a throttle each of its `ThrottlingReasons` with its words.
//!
//! Used wherever an error can appear (next to the form that caused it and in
//! the activity log), so errors always look the same and students learn to
//! read the exception name first.
//!
//! The exception name, its message and the reason codes are DynamoDB's
//! answer, the words students meet in the SDK and the AWS docs, and are not
//! translated; what each reason means is said in the page's language.

use yew::prelude::*;

use crate::engine::ApiError;
use crate::ui::language::use_lang;

#[derive(Properties, PartialEq)]
pub struct ErrorBoxProps {
    pub error: ApiError,
}

#[component]
pub fn ErrorBox(props: &ErrorBoxProps) -> Html {
    let lang = use_lang();
    let reasons = props.error.throttling_reasons().iter().map(|r| {
        // The table's or index's name: the last part of its ARN.
        let resource = r.resource.rsplit('/').next().unwrap_or_default();
        html! {
            <li class="throttling-reason">
                <code>{ r.reason() }</code>{ " " }<span class="resource">{ resource }</span>{ ": " }
                { lang.tr().throttling_reason(r.on_index, r.access, r.limit) }
            </li>
        }
    });
    html! {
        <div class="error-box" role="alert">
            <span class="error-name">{ props.error.name() }</span>
            { ": " }
            <span class="error-message">{ props.error.message() }</span>
            if !props.error.throttling_reasons().is_empty() {
                <ul class="throttling-reasons">{ for reasons }</ul>
            }
        </div>
    }
}
