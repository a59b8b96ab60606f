//! A primary key picker: one input per key attribute of the table, labelled
//! with the attribute's name, type and role, so a student types values and
//! the console builds the `Key` map (`{"Artist": {"S": "Acme"}}`).
//!
//! The text is sent as typed, wrapped in the attribute's type: a number key
//! that is not a number comes back as DynamoDB's own error.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::engine::schema::{KeySchema, ScalarType};
use crate::ui::draft::KeyInput;
use crate::ui::language::{use_lang, Msg};

#[derive(Properties, PartialEq)]
pub struct KeyPickerProps {
    /// Prefix of the inputs' ids: `{id}-pk`, `{id}-sk`.
    pub id: AttrValue,
    pub schema: Option<KeySchema>,
    pub value: KeyInput,
    pub onchange: Callback<KeyInput>,
    /// A label in front, e.g. "Key" or "Key 2", in the page's language (the
    /// caller's words); without one the group is labelled "Key".
    #[prop_or_default]
    pub label: Option<AttrValue>,
}

/// What a key of this type looks like, for the placeholder.
fn example(scalar: ScalarType) -> Msg {
    match scalar {
        ScalarType::S => Msg::ExampleText,
        ScalarType::N => Msg::ExampleNumber,
        ScalarType::B => Msg::ExampleBinary,
    }
}

#[component]
pub fn KeyPicker(props: &KeyPickerProps) -> Html {
    let lang = use_lang();
    let Some(schema) = &props.schema else {
        return html! { <p class="hint">{ lang.t(Msg::ChooseTableForKey) }</p> };
    };
    let input = |sort: bool| {
        let value = props.value.clone();
        let onchange = props.onchange.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let mut next = value.clone();
                if sort {
                    next.sort = input.value();
                } else {
                    next.partition = input.value();
                }
                onchange.emit(next);
            }
        })
    };
    let pk = &schema.partition_key;
    let id = &props.id;
    html! {
        <div class="key-picker" role="group" aria-label={props.label.clone().unwrap_or_else(|| lang.t(Msg::Key).into())}>
            if let Some(label) = &props.label { <span class="key-picker-label">{ label }</span> }
            <label class="field key-part pk">
                <span><span class="key-badge">{ "PK" }</span>{ format!("{} ({})", pk.name, pk.scalar_type.as_str()) }</span>
                <input type="text" id={format!("{id}-pk")} spellcheck="false" autocomplete="off"
                    placeholder={lang.t(example(pk.scalar_type))} value={props.value.partition.clone()} oninput={input(false)} />
            </label>
            if let Some(sk) = &schema.sort_key {
                <label class="field key-part sk">
                    <span><span class="key-badge">{ "SK" }</span>{ format!("{} ({})", sk.name, sk.scalar_type.as_str()) }</span>
                    <input type="text" id={format!("{id}-sk")} spellcheck="false" autocomplete="off"
                        placeholder={lang.t(example(sk.scalar_type))} value={props.value.sort.clone()} oninput={input(true)} />
                </label>
            }
        </div>
    }
}
