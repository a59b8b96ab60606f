//! One vector index being designed in the create-table form: its name, the
//! attribute holding each item's vector, the vector's length, the distance
//! function, the search schema (a `HASH` attribute a search is confined to,
//! an `INLINE_FILTER` attribute it may test) and the projection. The draft
//! and the JSON DynamoDB takes for it are
//! [`crate::page_model::vector_draft`]; the engine validates.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::index_form::{projection_fields, type_options, ProjectionFields};
use crate::page_model::index_draft::KeyField;
use crate::page_model::vector_draft::{VectorDraft, DISTANCE_FUNCTIONS};
use crate::ui::language::{use_lang, Msg};

#[derive(Properties, PartialEq)]
pub struct VectorFieldsProps {
    pub draft: VectorDraft,
    /// Prefix of the fields' ids, e.g. `ct-vec-0`.
    pub id: AttrValue,
    pub onchange: Callback<VectorDraft>,
    pub onremove: Callback<()>,
}

#[component]
pub fn VectorFields(props: &VectorFieldsProps) -> Html {
    let lang = use_lang();
    let tr = lang.tr();
    let draft = &props.draft;
    let id = |suffix: &str| format!("{}-{suffix}", props.id);
    // Every field writes its text into a copy of the draft.
    let edit = |apply: fn(&mut VectorDraft, String)| {
        let draft = draft.clone();
        let onchange = props.onchange.clone();
        move |value: String| {
            let mut next = draft.clone();
            apply(&mut next, value);
            onchange.emit(next);
        }
    };
    let text_input = |apply: fn(&mut VectorDraft, String)| {
        let edit = edit(apply);
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                edit(input.value());
            }
        })
    };
    let select_change = |apply: fn(&mut VectorDraft, String)| {
        let edit = edit(apply);
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                edit(select.value());
            }
        })
    };
    let onremove = props.onremove.reform(|_: MouseEvent| ());
    // A search-schema row: the attribute's name and its type.
    let schema_row = |code: &str,
                      label: Msg,
                      field: &KeyField,
                      name: fn(&mut VectorDraft, String),
                      kind: fn(&mut VectorDraft, String)| {
        html! {
            <div class="key-row">
                <label class="field grow">
                    <span>{ lang.t(label) }</span>
                    <input id={id(code)} type="text" spellcheck="false" placeholder={lang.t(Msg::Optional)}
                        value={field.name.clone()} oninput={text_input(name)} />
                </label>
                <label class="field">
                    <span>{ lang.t(Msg::KeyType) }</span>
                    <select id={id(&format!("{code}-type"))} onchange={select_change(kind)}>
                        { type_options(lang, &field.kind) }
                    </select>
                </label>
            </div>
        }
    };

    html! {
        <div class="index-fields vector" id={props.id.clone()}>
            <div class="index-fields-head">
                <span class="kind-badge">{ lang.t(Msg::VectorBadge) }</span>
                <button type="button" class="quiet small" id={id("remove")} onclick={onremove}>{ lang.t(Msg::Remove) }</button>
            </div>
            <label class="field">
                <span>{ lang.t(Msg::IndexName) }</span>
                <input id={id("name")} type="text" spellcheck="false" placeholder={tr.example("ByLook")}
                    value={draft.name.clone()} oninput={text_input(|d, v| d.name = v)} />
            </label>
            <div class="key-row">
                <label class="field grow">
                    <span>{ lang.t(Msg::VectorAttribute) }</span>
                    <input id={id("attribute")} type="text" spellcheck="false" placeholder={tr.example("embedding")}
                        value={draft.attribute.clone()} oninput={text_input(|d, v| d.attribute = v)} />
                </label>
                <label class="field">
                    <span>{ lang.t(Msg::Dimensions) }</span>
                    <input id={id("dimensions")} type="number" min="1" max="4096" inputmode="numeric"
                        value={draft.dimensions.clone()} oninput={text_input(|d, v| d.dimensions = v)} />
                </label>
            </div>
            <label class="field">
                <span>{ lang.t(Msg::DistanceFunction) }</span>
                <select id={id("distance")} onchange={select_change(|d, v| d.distance = v)}>
                    { for DISTANCE_FUNCTIONS.iter().map(|name| html! {
                        <option value={*name} selected={*name == draft.distance}>{ *name }</option>
                    }) }
                </select>
            </label>
            { schema_row("hash", Msg::VectorSearchedPer, &draft.partition,
                |d, v| d.partition.name = v, |d, v| d.partition.kind = v) }
            { schema_row("filter", Msg::VectorFilterAttribute, &draft.filter,
                |d, v| d.filter.name = v, |d, v| d.filter.kind = v) }
            { projection_fields(lang, ProjectionFields {
                id: &props.id, projection: &draft.projection, non_key: &draft.non_key, sample: "name, price",
                onchange: select_change(|d, v| d.projection = v), oninput: text_input(|d, v| d.non_key = v),
            }) }
            <p class="hint small-hint">{ lang.t(Msg::VectorHint) }</p>
        </div>
    }
}
