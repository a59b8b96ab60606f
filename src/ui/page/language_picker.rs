//! The header's language switcher: English, Deutsch, 日本語.
//!
//! Each language is offered under its own name, never translated, so
//! whoever stands at the projector finds theirs whatever the page is in.
//! The [`App`](crate::ui::App) holds the language; this only reports a choice.
//! While a chosen language's words are on the way the switcher shows that
//! language, busy; if they fail to come it shows the page's language again.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::ui::language::{Lang, Msg};

#[derive(Properties, PartialEq)]
pub struct LanguagePickerProps {
    pub lang: Lang,
    /// A language chosen whose words are still on the way.
    pub pending: Option<Lang>,
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
    let shown = props.pending.unwrap_or(props.lang);
    // The browser changed the select's value itself when it was chosen; a
    // choice that failed must be undone here, as the markup did not change.
    let select = use_node_ref();
    {
        let select = select.clone();
        use_effect_with(shown, move |shown| {
            if let Some(select) = select.cast::<HtmlSelectElement>() {
                select.set_value(shown.code());
            }
        });
    }
    let label = props.lang.t(Msg::LanguageLabel);
    html! {
        <select id="lang-select" ref={select} class="language-picker" aria-label={label} title={label}
            aria-busy={props.pending.is_some().then_some("true")} {onchange}>
            { for Lang::ALL.iter().map(|lang| html! {
                <option value={lang.code()} lang={lang.code()} selected={*lang == shown}>{ lang.endonym() }</option>
            }) }
        </select>
    }
}
