//! One secondary index being designed: its fields, the JSON DynamoDB takes
//! for it, and a small diagram of what the index copies.
//!
//! Used twice: by the create-table form (any number of GSIs and LSIs, sent
//! in the one CreateTable) and by the index panel ("Add GSI", sent as an
//! UpdateTable with a `Create` in `GlobalSecondaryIndexUpdates`). As with the
//! table form, the fields only gather text; the engine validates.
//!
//! ```text
//!   index copies:  [PK Genre] [SK Year]  +  [table PK Artist] [table SK SongTitle]  +  Album, Plays
//!                  the index's keys         the table's keys (always)                 the projection
//! ```

use serde_json::{json, Map, Value};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::language::{use_lang, Lang, Msg};

/// The types a key attribute may have: the code and DynamoDB's name for it.
pub const KEY_TYPES: [(&str, Msg); 3] = [("S", Msg::TypeString), ("N", Msg::TypeNumber), ("B", Msg::TypeBinary)];

/// The projections, with what each copies in words.
const PROJECTIONS: [(&str, Msg); 3] =
    [("ALL", Msg::ProjectionAll), ("KEYS_ONLY", Msg::ProjectionKeysOnly), ("INCLUDE", Msg::ProjectionInclude)];

/// An index's fields, as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexDraft {
    /// A GSI (own partition key, own capacity) or an LSI (the table's
    /// partition key, an alternate sort key).
    pub global: bool,
    pub name: String,
    /// GSIs only: an LSI's partition key is the table's.
    pub partition_key: String,
    pub partition_type: String,
    /// Optional for a GSI, required for an LSI.
    pub sort_key: String,
    pub sort_type: String,
    /// `ALL`, `KEYS_ONLY` or `INCLUDE`.
    pub projection: String,
    /// `INCLUDE`'s `NonKeyAttributes`, comma separated.
    pub non_key: String,
    /// A GSI's own capacity on a provisioned table.
    pub read_units: String,
    pub write_units: String,
}

impl IndexDraft {
    /// A blank GSI.
    pub fn global() -> Self {
        Self {
            global: true,
            name: String::new(),
            partition_key: String::new(),
            partition_type: "S".into(),
            sort_key: String::new(),
            sort_type: "S".into(),
            projection: "ALL".into(),
            non_key: String::new(),
            read_units: "5".into(),
            write_units: "5".into(),
        }
    }

    /// A blank LSI.
    pub fn local() -> Self {
        Self { global: false, ..Self::global() }
    }

    /// `INCLUDE`'s attribute names, trimmed, blanks dropped.
    pub fn non_key_attributes(&self) -> Vec<String> {
        self.non_key.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
    }

    /// The index's own key attributes with their types, for
    /// `AttributeDefinitions` (an LSI's partition key is the table's, so
    /// only its sort key).
    pub fn key_definitions(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if self.global {
            out.push((self.partition_key.clone(), self.partition_type.clone()));
        }
        if !self.sort_key.trim().is_empty() || !self.global {
            out.push((self.sort_key.clone(), self.sort_type.clone()));
        }
        out
    }

    /// The `Projection` object.
    fn projection_json(&self) -> Value {
        let mut projection = Map::new();
        projection.insert("ProjectionType".into(), self.projection.clone().into());
        if self.projection == "INCLUDE" {
            projection.insert("NonKeyAttributes".into(), self.non_key_attributes().into());
        }
        Value::Object(projection)
    }

    /// The index as a member of `GlobalSecondaryIndexes` or
    /// `LocalSecondaryIndexes` (also the `Create` of an UpdateTable):
    /// `table_partition_key` is an LSI's partition key; `provisioned` adds a
    /// GSI's `ProvisionedThroughput`.
    pub fn spec(&self, table_partition_key: &str, provisioned: bool) -> Value {
        let partition = if self.global { self.partition_key.as_str() } else { table_partition_key };
        let mut key_schema = vec![json!({"AttributeName": partition, "KeyType": "HASH"})];
        if !self.sort_key.trim().is_empty() || !self.global {
            key_schema.push(json!({"AttributeName": self.sort_key, "KeyType": "RANGE"}));
        }
        let mut spec = Map::new();
        spec.insert("IndexName".into(), self.name.clone().into());
        spec.insert("KeySchema".into(), key_schema.into());
        spec.insert("Projection".into(), self.projection_json());
        if self.global && provisioned {
            let mut throughput = Map::new();
            for (member, text) in [("ReadCapacityUnits", &self.read_units), ("WriteCapacityUnits", &self.write_units)] {
                if let Some(value) = capacity_value(text) {
                    throughput.insert(member.into(), value);
                }
            }
            spec.insert("ProvisionedThroughput".into(), throughput.into());
        }
        Value::Object(spec)
    }
}

/// A capacity field as JSON: a number when it reads as one, the text itself
/// otherwise (the engine then answers what DynamoDB would), nothing if blank.
pub fn capacity_value(text: &str) -> Option<Value> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    Some(serde_json::from_str::<serde_json::Number>(text).map_or_else(|_| Value::from(text), Value::Number))
}

/// Adds `(name, type)` to `AttributeDefinitions` unless the name is there
/// already (a blank name is left for the engine to refuse).
pub fn add_definition(definitions: &mut Vec<Value>, name: &str, kind: &str) {
    let known = definitions.iter().any(|d| d.get("AttributeName").and_then(Value::as_str) == Some(name));
    if !known {
        definitions.push(json!({"AttributeName": name, "AttributeType": kind}));
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
    /// The index's key attributes: partition, then sort (may be blank while
    /// being typed).
    pub index_keys: Vec<&'a str>,
    /// The table's key attributes: partition, then sort.
    pub table_keys: Vec<&'a str>,
    pub projection: &'a str,
    pub non_key: Vec<String>,
}

/// A one-line diagram of an index entry: the index's keys, the table's keys
/// (always copied: they point back at the item), then the projection.
pub fn copies_diagram(lang: Lang, copies: &Copies) -> Html {
    let index_chips = copies.index_keys.iter().enumerate().map(|(i, name)| {
        let (badge, class) = if i == 0 { ("PK", "pk") } else { ("SK", "sk") };
        let name = if name.trim().is_empty() { "?" } else { name };
        html! { <span class={classes!("chip", class)}><b>{ badge }</b>{ name }</span> }
    });
    // The table's keys an index shares (an LSI's partition key) are copied once.
    let table_chips = copies
        .table_keys
        .iter()
        .filter(|name| !copies.index_keys.contains(name))
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
    let index_keys: Vec<&str> = if draft.global {
        [draft.partition_key.as_str()]
            .into_iter()
            .chain((!draft.sort_key.trim().is_empty()).then_some(draft.sort_key.as_str()))
            .collect()
    } else {
        vec![table_partition.as_str(), draft.sort_key.as_str()]
    };
    let copies = Copies {
        index_keys,
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
                <div class="key-row">
                    <label class="field grow">
                        <span>{ lang.t(Msg::PartitionKey) }</span>
                        <input id={id("pk")} type="text" spellcheck="false" placeholder={tr.example("Genre")}
                            value={draft.partition_key.clone()} oninput={text_input(|d, v| d.partition_key = v)} />
                    </label>
                    <label class="field">
                        <span>{ lang.t(Msg::KeyType) }</span>
                        <select id={id("pk-type")} onchange={select_change(|d, v| d.partition_type = v)}>
                            { type_options(lang, &draft.partition_type) }
                        </select>
                    </label>
                </div>
            } else {
                <p class="hint small-hint">{ tr.lsi_partition_key(&table_partition) }</p>
            }
            <div class="key-row">
                <label class="field grow">
                    <span>{ lang.t(if draft.global { Msg::SortKey } else { Msg::AlternateSortKey }) }</span>
                    <input id={id("sk")} type="text" spellcheck="false"
                        placeholder={if draft.global { lang.t(Msg::Optional).to_string() } else { tr.example("Year") }}
                        value={draft.sort_key.clone()} oninput={text_input(|d, v| d.sort_key = v)} />
                </label>
                <label class="field">
                    <span>{ lang.t(Msg::KeyType) }</span>
                    <select id={id("sk-type")} onchange={select_change(|d, v| d.sort_type = v)}>
                        { type_options(lang, &draft.sort_type) }
                    </select>
                </label>
            </div>
            <label class="field">
                <span>{ lang.t(Msg::Projection) }</span>
                <select id={id("projection")} onchange={select_change(|d, v| d.projection = v)}>
                    { for PROJECTIONS.iter().map(|(value, label)| html! {
                        <option value={*value} selected={*value == draft.projection}>{ lang.t(*label) }</option>
                    }) }
                </select>
            </label>
            if draft.projection == "INCLUDE" {
                <label class="field">
                    <span>{ lang.t(Msg::NonKeyAttributes) }</span>
                    <input id={id("include")} type="text" spellcheck="false" placeholder={tr.example("Album, Plays")}
                        value={draft.non_key.clone()} oninput={text_input(|d, v| d.non_key = v)} />
                </label>
            }
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
            { copies_diagram(lang, &copies) }
        </div>
    }
}
