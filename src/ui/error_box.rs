//! An error, shown the way DynamoDB reports it: `ExceptionName: message`.
//!
//! Used wherever an error can appear (next to the form that caused it and in
//! the activity log), so errors always look the same and students learn to
//! read the exception name first.
//!
//! Nothing here is translated: the exception name and its message are
//! DynamoDB's answer, the words students meet in the SDK and the AWS docs.

use yew::prelude::*;

use crate::engine::ApiError;

#[derive(Properties, PartialEq)]
pub struct ErrorBoxProps {
    pub error: ApiError,
}

#[component]
pub fn ErrorBox(props: &ErrorBoxProps) -> Html {
    html! {
        <div class="error-box" role="alert">
            <span class="error-name">{ props.error.name() }</span>
            { ": " }
            <span class="error-message">{ props.error.message() }</span>
        </div>
    }
}
