//! An endpoint's failure in words: what happened, then what to check.

use yew::prelude::*;

use crate::connect::answer::{Advice, Failure};
use crate::i18n::connect::ConnectWords;

/// What to check, for one cause.
pub fn advice_text(words: &ConnectWords, advice: Advice) -> &'static str {
    match advice {
        Advice::Reach => words.advice_reach,
        Advice::Credentials => words.advice_credentials,
        Advice::Permission => words.advice_permission,
        Advice::Missing => words.advice_missing,
        Advice::Throttled => words.advice_throttled,
        Advice::Request => words.advice_request,
        Advice::NotDynamoDb => words.advice_not_dynamodb,
    }
}

/// What happened: the exception as the endpoint named it, or why there was
/// no answer.
pub fn failure_text(words: &ConnectWords, failure: &Failure) -> String {
    match failure {
        Failure::Refused { exception, message, .. } => format!("{exception}: {message}"),
        Failure::Unreachable(reason) => (words.failure_unreachable)(reason),
        Failure::NotDynamoDb { status, start } => (words.failure_foreign)(&status.to_string(), start),
    }
}

/// The failure and the advice, as an alert.
pub fn failure_view(words: &ConnectWords, failure: &Failure) -> Html {
    html! {
        <div class="connect-failure" role="alert">
            <p class="error failure-what">{ failure_text(words, failure) }</p>
            <p class="hint failure-advice">{ advice_text(words, failure.advice()) }</p>
        </div>
    }
}
