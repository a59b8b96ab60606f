//! One secondary index being designed: its fields and a small diagram of
//! what the index copies. The draft itself and the JSON DynamoDB takes for
//! it are in [`crate::page_model::index_draft`].
//!
//! Used twice: by the create-table form (any number of GSIs and LSIs, sent
//! in the one CreateTable) and by the index panel ("Add GSI", sent as an
//! UpdateTable with a `Create` in `GlobalSecondaryIndexUpdates`). As with the
//! table form, the fields only gather text; the engine validates, and its
//! errors show under the form's button as they are.
//!
//! A GSI's key lists may grow to four partition-key and four sort-key
//! attributes ("+ partition-key attribute"; a second sort-key attribute once
//! the first is named); an LSI keeps the table's partition key and one sort
//! key.
//!
//! ```text
//!   index copies:  [PK Genre] [SK Year]  +  [table PK Artist] [table SK SongTitle]  +  Album, Plays
//!                  the index's keys         the table's keys (always)                 the projection
//! ```

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

pub use crate::page_model::index_draft::{
    add_definition, capacity_value, typed_members, IndexDraft, KeyField, KeyRole,
};
use crate::ui::language::{use_lang, Lang, Msg};

/// The types a key attribute may have: the code and DynamoDB's name for it.
pub const KEY_TYPES: [(&str, Msg); 3] = [("S", Msg::TypeString), ("N", Msg::TypeNumber), ("B", Msg::TypeBinary)];

/// The projections, with what each copies in words.
const PROJECTIONS: [(&str, Msg); 3] =
    [("ALL", Msg::ProjectionAll), ("KEYS_ONLY", Msg::ProjectionKeysOnly), ("INCLUDE", Msg::ProjectionInclude)];

/// An index's projection: its type, and `INCLUDE`'s attributes when
/// chosen. Ids `{id}-projection` and `{id}-include`; `sample` is the
/// attributes' placeholder.
pub struct ProjectionFields<'a> {
    pub id: &'a str,
    pub projection: &'a str,
    pub non_key: &'a str,
    pub sample: &'a str,
    pub onchange: Callback<Event>,
    pub oninput: Callback<InputEvent>,
}

pub fn projection_fields(lang: Lang, fields: ProjectionFields) -> Html {
    let ProjectionFields { id, projection, non_key, sample, onchange, oninput } = fields;
    html! {
        <>
            <label class="field">
                <span>{ lang.t(Msg::Projection) }</span>
                <select id={format!("{id}-projection")} {onchange}>
                    { for PROJECTIONS.iter().map(|(value, label)| html! {
                        <option value={*value} selected={*value == projection}>{ lang.t(*label) }</option>
                    }) }
                </select>
            </label>
            if projection == "INCLUDE" {
                <label class="field">
                    <span>{ lang.t(Msg::NonKeyAttributes) }</span>
                    <input id={format!("{id}-include")} type="text" spellcheck="false"
                        placeholder={lang.tr().example(sample)} value={non_key.to_string()} {oninput} />
                </label>
            }
        </>
    }
}

/// The `<option>`s of a key-type picker.
pub fn type_options(lang: Lang, selected: &str) -> Html {
    KEY_TYPES
        .iter()
        .map(|(code, label)| {
            let label = lang.t(*label);
            html! { <option value={*code} selected={*code == selected}>{ format!("{code} · {label}") }</option> }
        })
        .collect()
}

/// What an index copies, for [`copies_diagram`].
pub struct Copies<'a> {
    /// The index's HASH attributes in key-schema order (may be blank while
    /// being typed).
    pub index_partition: Vec<&'a str>,
    /// The index's RANGE attributes in key-schema order.
    pub index_sort: Vec<&'a str>,
    /// The table's key attributes: partition, then sort.
    pub table_keys: Vec<&'a str>,
    pub projection: &'a str,
    pub non_key: Vec<String>,
}

/// A one-line diagram of an index entry: the index's keys, the table's keys
/// (always copied: they point back at the item), then the projection.
pub fn copies_diagram(lang: Lang, copies: &Copies) -> Html {
    let chip = |badge: &'static str, class: &'static str, name: &str| {
        let name = if name.trim().is_empty() { "?".to_string() } else { name.to_string() };
        html! { <span class={classes!("chip", class)}><b>{ badge }</b>{ name }</span> }
    };
    let index_chips = copies
        .index_partition
        .iter()
        .map(|name| chip("PK", "pk", name))
        .chain(copies.index_sort.iter().map(|name| chip("SK", "sk", name)));
    // The table's keys an index shares (an LSI's partition key) are copied once.
    let index_keys = || copies.index_partition.iter().chain(&copies.index_sort);
    let table_chips = copies
        .table_keys
        .iter()
        .filter(|name| !index_keys().any(|key| key == *name))
        .map(|name| html! { <span class="chip base"><b>{ lang.t(Msg::ChipTableKey) }</b>{ *name }</span> });
    let projected = match copies.projection {
        "ALL" => html! { <span class="chip rest">{ lang.t(Msg::ChipEveryOther) }</span> },
        "INCLUDE" if !copies.non_key.is_empty() => {
            html! { <>{ for copies.non_key.iter().map(|name| html! { <span class="chip rest">{ name }</span> }) }</> }
        }
        "INCLUDE" => html! { <span class="chip none">{ lang.t(Msg::ChipListToInclude) }</span> },
        _ => html! { <span class="chip none">{ lang.t(Msg::ChipNothingElse) }</span> },
    };
    html! {
        <div class="copies" title={lang.t(Msg::CopiesTitle)}>
            <span class="copies-label">{ lang.t(Msg::CopiesLabel) }</span>
            { for index_chips }
            <span class="plus">{ "+" }</span>
            { for table_chips }
            <span class="plus">{ "+" }</span>
            { projected }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct IndexFieldsProps {
    pub draft: IndexDraft,
    /// Prefix of the fields' ids, e.g. `ct-gsi-0`.
    pub id: AttrValue,
    /// Whether to ask for a GSI's capacity.
    pub provisioned: bool,
    /// The table's key names (partition, sort), for the diagram.
    pub table_keys: Vec<String>,
    pub onchange: Callback<IndexDraft>,
    /// Shows a "Remove" button when set.
    #[prop_or_default]
    pub onremove: Option<Callback<()>>,
}

/// The rows of one key list: a name and a type each, a remove button on
/// every row but the first, and an add button while a GSI may have more.
///
/// Ids: the first row is `{id}-pk` / `{id}-pk-type` (`sk` for the sort
/// key), row n (from 2) `{id}-pk-n`, `{id}-pk-n-type`, `{id}-pk-n-remove`;
/// the add button `{id}-add-pk`.
fn key_rows(props: &IndexFieldsProps, lang: Lang, role: KeyRole) -> Html {
    let tr = lang.tr();
    let draft = &props.draft;
    let (code, label) = match (role, draft.global) {
        (KeyRole::Partition, _) => ("pk", Msg::PartitionKey),
        (KeyRole::Sort, true) => ("sk", Msg::SortKey),
        (KeyRole::Sort, false) => ("sk", Msg::AlternateSortKey),
    };
    let rows = draft.keys(role);
    let numbered = rows.len() > 1;
    let row = |position: usize, field: &KeyField| {
        let base = if position == 0 {
            format!("{}-{code}", props.id)
        } else {
            format!("{}-{code}-{}", props.id, position + 1)
        };
        let oninput = {
            let draft = draft.clone();
            let onchange = props.onchange.clone();
            Callback::from(move |e: InputEvent| {
                if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                    let mut next = draft.clone();
                    next.set_key(role, position, |field| field.name = input.value());
                    onchange.emit(next);
                }
            })
        };
        let onchange_type = {
            let draft = draft.clone();
            let onchange = props.onchange.clone();
            Callback::from(move |e: Event| {
                if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                    let mut next = draft.clone();
                    next.set_key(role, position, |field| field.kind = select.value());
                    onchange.emit(next);
                }
            })
        };
        let remove = (position > 0).then(|| {
            let draft = draft.clone();
            let onchange = props.onchange.clone();
            Callback::from(move |_: MouseEvent| {
                let mut next = draft.clone();
                next.remove_key(role, position);
                onchange.emit(next);
            })
        });
        let label = if numbered { format!("{} {}", lang.t(label), position + 1) } else { lang.t(label).to_string() };
        let placeholder = match (position, role, draft.global) {
            (0, KeyRole::Partition, _) => tr.example("Genre"),
            (0, KeyRole::Sort, true) => lang.t(Msg::Optional).to_string(),
            (0, KeyRole::Sort, false) => tr.example("Year"),
            _ => String::new(),
        };
        html! {
            <div class={classes!("key-row", (position > 0).then_some("more-key"))}>
                <label class="field grow">
                    <span>{ label }</span>
                    <input id={base.clone()} type="text" spellcheck="false" {placeholder}
                        value={field.name.clone()} {oninput} />
                </label>
                <label class="field">
                    <span>{ lang.t(Msg::KeyType) }</span>
                    <select id={format!("{base}-type")} onchange={onchange_type}>
                        { type_options(lang, &field.kind) }
                    </select>
                </label>
                if let Some(remove) = remove {
                    <button type="button" class="quiet small remove-key" id={format!("{base}-remove")}
                        aria-label={lang.t(Msg::RemoveKeyAttribute)} title={lang.t(Msg::RemoveKeyAttribute)}
                        onclick={remove}>{ "×" }</button>
                }
            </div>
        }
    };
    // A sort key's second attribute only once its first is named.
    let may_add = draft.can_add_key(role) && rows.first().is_some_and(|f| !f.name.trim().is_empty());
    let add = may_add.then(|| {
        let onclick = {
            let draft = draft.clone();
            let onchange = props.onchange.clone();
            Callback::from(move |_: MouseEvent| {
                let mut next = draft.clone();
                next.add_key(role);
                onchange.emit(next);
            })
        };
        let (text, title) = match role {
            KeyRole::Partition => (Msg::AddPartitionKeyAttribute, Msg::AddPartitionKeyAttributeTitle),
            KeyRole::Sort => (Msg::AddSortKeyAttribute, Msg::AddSortKeyAttributeTitle),
        };
        html! {
            <button type="button" class="quiet small add-key" id={format!("{}-add-{code}", props.id)}
                title={lang.t(title)} {onclick}>{ lang.t(text) }</button>
        }
    });
    let shown = if draft.global { rows } else { rows.get(..1).unwrap_or_default() };
    html! {
        <div class={classes!("key-rows", code)}>
            { for shown.iter().enumerate().map(|(position, field)| row(position, field)) }
            { add }
        </div>
    }
}

/// A labelled number field (capacity, warm throughput, maxima).
pub(super) fn number_field(id: impl Into<AttrValue>, label: &str, value: &str, oninput: Callback<InputEvent>) -> Html {
    html! {
        <label class="field grow">
            <span>{ label }</span>
            <input id={id.into()} type="number" min="1" inputmode="numeric" value={value.to_string()} {oninput} />
        </label>
    }
}

/// The fields of one index.
#[component]
pub fn IndexFields(props: &IndexFieldsProps) -> Html {
    let lang = use_lang();
    let tr = lang.tr();
    let draft = &props.draft;
    let id = |suffix: &str| format!("{}-{suffix}", props.id);
    let text_input = |apply: fn(&mut IndexDraft, String)| {
        let draft = draft.clone();
        let onchange = props.onchange.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let mut next = draft.clone();
                apply(&mut next, input.value());
                onchange.emit(next);
            }
        })
    };
    let select_change = |apply: fn(&mut IndexDraft, String)| {
        let draft = draft.clone();
        let onchange = props.onchange.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                let mut next = draft.clone();
                apply(&mut next, select.value());
                onchange.emit(next);
            }
        })
    };
    let remove = props.onremove.clone().map(|onremove| Callback::from(move |_: MouseEvent| onremove.emit(())));
    let kind = if draft.global { "GSI" } else { "LSI" };
    let table_partition = props.table_keys.first().cloned().unwrap_or_default();
    let names = |fields: &[KeyField]| -> Vec<String> { fields.iter().map(|f| f.name.clone()).collect() };
    let index_partition = if draft.global { names(&draft.partition_keys) } else { vec![table_partition.clone()] };
    let index_sort = if draft.global {
        names(draft.sent_sort_keys())
    } else {
        vec![draft.sort_keys.first().map(|f| f.name.clone()).unwrap_or_default()]
    };
    let copies = Copies {
        index_partition: index_partition.iter().map(String::as_str).collect(),
        index_sort: index_sort.iter().map(String::as_str).collect(),
        table_keys: props.table_keys.iter().map(String::as_str).filter(|n| !n.trim().is_empty()).collect(),
        projection: &draft.projection,
        non_key: draft.non_key_attributes(),
    };

    html! {
        <div class={classes!("index-fields", if draft.global { "gsi" } else { "lsi" })} id={props.id.clone()}>
            <div class="index-fields-head">
                <span class="kind-badge">{ kind }</span>
                if let Some(remove) = remove {
                    <button type="button" class="quiet small" id={id("remove")} onclick={remove}>{ lang.t(Msg::Remove) }</button>
                }
            </div>
            <label class="field">
                <span>{ lang.t(Msg::IndexName) }</span>
                <input id={id("name")} type="text" spellcheck="false" placeholder={tr.example(if draft.global { "GenreIndex" } else { "YearIndex" })}
                    value={draft.name.clone()} oninput={text_input(|d, v| d.name = v)} />
            </label>
            if draft.global {
                { key_rows(props, lang, KeyRole::Partition) }
            } else {
                <p class="hint small-hint">{ tr.lsi_partition_key(&table_partition) }</p>
            }
            { key_rows(props, lang, KeyRole::Sort) }
            { projection_fields(lang, ProjectionFields {
                id: &props.id, projection: &draft.projection, non_key: &draft.non_key, sample: "Album, Plays",
                onchange: select_change(|d, v| d.projection = v), oninput: text_input(|d, v| d.non_key = v),
            }) }
            if draft.global && props.provisioned {
                <div class="key-row">
                    <label class="field grow">
                        <span>{ lang.t(Msg::IndexRcu) }</span>
                        <input id={id("rcu")} type="number" min="1" inputmode="numeric"
                            value={draft.read_units.clone()} oninput={text_input(|d, v| d.read_units = v)} />
                    </label>
                    <label class="field grow">
                        <span>{ lang.t(Msg::IndexWcu) }</span>
                        <input id={id("wcu")} type="number" min="1" inputmode="numeric"
                            value={draft.write_units.clone()} oninput={text_input(|d, v| d.write_units = v)} />
                    </label>
                </div>
            }
            if draft.global {
                <details class="ct-throughput" id={id("throughput")}>
                    <summary>{ lang.t(Msg::WarmAndMaximum) }</summary>
                    <div class="key-row">
                        { number_field(id("warm-reads"), lang.t(Msg::WarmReads), &draft.warm_reads,
                            text_input(|d, v| d.warm_reads = v)) }
                        { number_field(id("warm-writes"), lang.t(Msg::WarmWrites), &draft.warm_writes,
                            text_input(|d, v| d.warm_writes = v)) }
                    </div>
                    if !props.provisioned {
                        <div class="key-row">
                            { number_field(id("max-reads"), lang.t(Msg::MaxReadUnits), &draft.max_reads,
                                text_input(|d, v| d.max_reads = v)) }
                            { number_field(id("max-writes"), lang.t(Msg::MaxWriteUnits), &draft.max_writes,
                                text_input(|d, v| d.max_writes = v)) }
                        </div>
                    }
                </details>
            }
            { copies_diagram(lang, &copies) }
        </div>
    }
}
