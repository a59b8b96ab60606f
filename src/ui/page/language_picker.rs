//! The header's language switcher: English, Deutsch, 日本語.
//!
//! Each language is offered under its own name, never translated, so
//! whoever stands at the projector finds theirs whatever the page is in.
//! The [`App`](crate::ui::App) holds the language; this only reports a choice.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::ui::language::{Lang, Msg};

#[derive(Properties, PartialEq)]
pub struct LanguagePickerProps {
    pub lang: Lang,
    pub onchange: Callback<Lang>,
}

#[component]
pub fn LanguagePicker(props: &LanguagePickerProps) -> Html {
    let onchange = {
        let onchange = props.onchange.clone();
        Callback::from(move |e: Event| {
            if let Some(lang) = e.target_dyn_into::<HtmlSelectElement>().and_then(|s| Lang::from_tag(&s.value())) {
                onchange.emit(lang);
            }
        })
    };
    let label = props.lang.t(Msg::LanguageLabel);
    html! {
        <select id="lang-select" class="language-picker" aria-label={label} title={label} {onchange}>
            { for Lang::ALL.iter().map(|lang| html! {
                <option value={lang.code()} lang={lang.code()} selected={*lang == props.lang}>{ lang.endonym() }</option>
            }) }
        </select>
    }
}
