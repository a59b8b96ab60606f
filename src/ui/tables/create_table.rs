//! The create-table form: a table name, a partition key, an optional sort
//! key, a capacity mode, and any number of secondary indexes
//! ([`IndexFields`]: GSIs and LSIs, all sent in the one CreateTable, as LSIs
//! can only be declared there) and vector indexes ([`VectorFields`]; adding
//! one switches the table to on demand, the only mode DynamoDB allows them).
//!
//! The form only gathers text. Submitting turns it into the CreateTable body
//! an SDK would send (`AttributeDefinitions`, `KeySchema`, `BillingMode`,
//! `ProvisionedThroughput`, and when typed `WarmThroughput` and, on demand,
//! `OnDemandThroughput`) and hands it to the engine, which does all the
//! validating: a bad name or a capacity of 0 comes back as the
//! `ValidationException` DynamoDB would give, shown under the button. The
//! fields keep their text either way.

use serde_json::{json, Map, Value};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::index_form::{
    add_definition, capacity_value, number_field, type_options, typed_members, IndexDraft, IndexFields,
};
use super::vector_form::VectorFields;
use crate::page_model::vector_draft::VectorDraft;
use crate::ui::language::{use_lang, Msg};
use crate::ui::page::error_box::ErrorBox;
use crate::ui::state::{use_playground, Action, Source};

/// The form's fields, as typed.
#[derive(Clone, PartialEq)]
struct Form {
    name: String,
    partition_key: String,
    partition_type: String,
    sort_key: String,
    sort_type: String,
    on_demand: bool,
    read_units: String,
    write_units: String,
    /// `WarmThroughput`, as typed (blank: CreateTable's own).
    warm_reads: String,
    warm_writes: String,
    /// `OnDemandThroughput`, as typed (blank: no maximum; on demand only).
    max_reads: String,
    max_writes: String,
    /// Secondary indexes, GSIs and LSIs in the order added.
    indexes: Vec<IndexDraft>,
    /// Vector indexes, in the order added.
    vectors: Vec<VectorDraft>,
}

impl Default for Form {
    fn default() -> Self {
        Self {
            name: String::new(),
            partition_key: String::new(),
            partition_type: "S".into(),
            sort_key: String::new(),
            sort_type: "S".into(),
            on_demand: false,
            read_units: "5".into(),
            write_units: "5".into(),
            warm_reads: String::new(),
            warm_writes: String::new(),
            max_reads: String::new(),
            max_writes: String::new(),
            indexes: Vec::new(),
            vectors: Vec::new(),
        }
    }
}

impl Form {
    /// The CreateTable request body.
    fn request(&self) -> Value {
        let mut definitions = vec![json!({"AttributeName": self.partition_key, "AttributeType": self.partition_type})];
        let mut key_schema = vec![json!({"AttributeName": self.partition_key, "KeyType": "HASH"})];
        // The sort key is optional: a blank field means "none".
        if !self.sort_key.trim().is_empty() {
            add_definition(&mut definitions, &self.sort_key, &self.sort_type);
            key_schema.push(json!({"AttributeName": self.sort_key, "KeyType": "RANGE"}));
        }
        let index_keys = self.indexes.iter().flat_map(IndexDraft::key_definitions);
        for (name, kind) in index_keys.chain(self.vectors.iter().flat_map(VectorDraft::key_definitions)) {
            add_definition(&mut definitions, &name, &kind);
        }
        let mut body = Map::new();
        body.insert("TableName".into(), self.name.clone().into());
        body.insert("AttributeDefinitions".into(), definitions.into());
        body.insert("KeySchema".into(), key_schema.into());
        for (global, member) in [(true, "GlobalSecondaryIndexes"), (false, "LocalSecondaryIndexes")] {
            let specs: Vec<Value> = self
                .indexes
                .iter()
                .filter(|index| index.global == global)
                .map(|index| index.spec(&self.partition_key, !self.on_demand))
                .collect();
            if !specs.is_empty() {
                body.insert(member.into(), specs.into());
            }
        }
        if !self.vectors.is_empty() {
            body.insert("VectorIndexes".into(), self.vectors.iter().map(VectorDraft::spec).collect::<Vec<_>>().into());
        }
        if self.on_demand {
            body.insert("BillingMode".into(), "PAY_PER_REQUEST".into());
        } else {
            body.insert("BillingMode".into(), "PROVISIONED".into());
            let mut throughput = Map::new();
            for (member, text) in [("ReadCapacityUnits", &self.read_units), ("WriteCapacityUnits", &self.write_units)] {
                if let Some(value) = capacity_value(text) {
                    throughput.insert(member.into(), value);
                }
            }
            body.insert("ProvisionedThroughput".into(), throughput.into());
        }
        let members = typed_members;
        let warm = members([("ReadUnitsPerSecond", &self.warm_reads), ("WriteUnitsPerSecond", &self.warm_writes)]);
        if let Some(warm) = warm {
            body.insert("WarmThroughput".into(), warm);
        }
        let maximum = members([("MaxReadRequestUnits", &self.max_reads), ("MaxWriteRequestUnits", &self.max_writes)]);
        if let Some(maximum) = maximum.filter(|_| self.on_demand) {
            body.insert("OnDemandThroughput".into(), maximum);
        }
        Value::Object(body)
    }
}

#[component]
pub fn CreateTable() -> Html {
    // Hooks first, unconditionally; then bail out if there is no context.
    let state = use_playground();
    let form = use_state(Form::default);
    let lang = use_lang();
    let tr = lang.tr();
    let Some(state) = state else { return html! {} };

    // One callback per field: each writes its text into a copy of the form.
    let text_input = |apply: fn(&mut Form, String)| {
        let form = form.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let mut next = (*form).clone();
                apply(&mut next, input.value());
                form.set(next);
            }
        })
    };
    let select_change = |apply: fn(&mut Form, String)| {
        let form = form.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                let mut next = (*form).clone();
                apply(&mut next, select.value());
                form.set(next);
            }
        })
    };
    let set_mode = |on_demand: bool| {
        let form = form.clone();
        Callback::from(move |_: Event| {
            let mut next = (*form).clone();
            next.on_demand = on_demand;
            form.set(next);
        })
    };

    let onsubmit = {
        let form = form.clone();
        let state = state.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            state.dispatch(Action::Execute {
                source: Source::CreateTable,
                operation: "CreateTable".into(),
                request: form.request(),
            });
        })
    };

    let add_index = |global: bool| {
        let form = form.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*form).clone();
            next.indexes.push(if global { IndexDraft::global() } else { IndexDraft::local() });
            form.set(next);
        })
    };
    let add_vector = {
        let form = form.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*form).clone();
            next.vectors.push(VectorDraft::default());
            // DynamoDB keeps vector indexes to on-demand tables.
            next.on_demand = true;
            form.set(next);
        })
    };
    let vector_fields = form.vectors.iter().enumerate().map(|(position, draft)| {
        let onchange = {
            let form = form.clone();
            Callback::from(move |draft: VectorDraft| {
                let mut next = (*form).clone();
                if let Some(slot) = next.vectors.get_mut(position) {
                    *slot = draft;
                }
                form.set(next);
            })
        };
        let onremove = {
            let form = form.clone();
            Callback::from(move |()| {
                let mut next = (*form).clone();
                if position < next.vectors.len() {
                    next.vectors.remove(position);
                }
                form.set(next);
            })
        };
        html! { <VectorFields draft={draft.clone()} id={format!("ct-vec-{position}")} {onchange} {onremove} /> }
    });
    let table_keys: Vec<String> =
        [form.partition_key.clone(), form.sort_key.clone()].into_iter().filter(|k| !k.trim().is_empty()).collect();
    let index_fields = form.indexes.iter().enumerate().map(|(position, draft)| {
        let onchange = {
            let form = form.clone();
            Callback::from(move |draft: IndexDraft| {
                let mut next = (*form).clone();
                if let Some(slot) = next.indexes.get_mut(position) {
                    *slot = draft;
                }
                form.set(next);
            })
        };
        let onremove = {
            let form = form.clone();
            Callback::from(move |()| {
                let mut next = (*form).clone();
                if position < next.indexes.len() {
                    next.indexes.remove(position);
                }
                form.set(next);
            })
        };
        // Ids count GSIs and LSIs apart: ct-gsi-0, ct-gsi-1, ct-lsi-0.
        let kind = if draft.global { "gsi" } else { "lsi" };
        let ordinal = form.indexes.iter().take(position).filter(|d| d.global == draft.global).count();
        html! {
            <IndexFields draft={draft.clone()} id={format!("ct-{kind}-{ordinal}")} provisioned={!form.on_demand}
                table_keys={table_keys.clone()} {onchange} onremove={Some(onremove)} />
        }
    });

    let outcome = state.last_from(Source::CreateTable).map(|entry| match &entry.outcome {
        Ok(_) => html! { <p class="ok-line">{ entry.summary.text(lang) }</p> },
        Err(error) => html! { <ErrorBox error={error.clone()} /> },
    });

    html! {
        <section class="card create-table" aria-labelledby="create-table-title">
            <h2 id="create-table-title">{ lang.t(Msg::CreateTableTitle) }</h2>
            // No browser validation: a capacity of 0 must reach the engine
            // and come back as DynamoDB's error, not as the browser's tooltip.
            <form {onsubmit} autocomplete="off" novalidate=true>
                <label class="field">
                    <span>{ lang.t(Msg::TableName) }</span>
                    <input id="ct-name" type="text" placeholder={tr.example("Music")} spellcheck="false"
                        value={form.name.clone()} oninput={text_input(|f, v| f.name = v)} />
                </label>
                <div class="key-row">
                    <label class="field grow">
                        <span>{ lang.t(Msg::PartitionKey) }</span>
                        <input id="ct-pk" type="text" placeholder={tr.example("Artist")} spellcheck="false"
                            value={form.partition_key.clone()} oninput={text_input(|f, v| f.partition_key = v)} />
                    </label>
                    <label class="field">
                        <span>{ lang.t(Msg::KeyType) }</span>
                        <select id="ct-pk-type" onchange={select_change(|f, v| f.partition_type = v)}>
                            { type_options(lang, &form.partition_type) }
                        </select>
                    </label>
                </div>
                <div class="key-row">
                    <label class="field grow">
                        <span>{ lang.t(Msg::SortKey) }</span>
                        <input id="ct-sk" type="text" placeholder={lang.t(Msg::Optional)} spellcheck="false"
                            value={form.sort_key.clone()} oninput={text_input(|f, v| f.sort_key = v)} />
                    </label>
                    <label class="field">
                        <span>{ lang.t(Msg::KeyType) }</span>
                        <select id="ct-sk-type" onchange={select_change(|f, v| f.sort_type = v)}>
                            { type_options(lang, &form.sort_type) }
                        </select>
                    </label>
                </div>
                <fieldset class="mode">
                    <legend>{ lang.t(Msg::CapacityMode) }</legend>
                    <label class="radio">
                        <input id="ct-provisioned" type="radio" name="ct-mode"
                            checked={!form.on_demand} onchange={set_mode(false)} />
                        { lang.t(Msg::Provisioned) }
                    </label>
                    <label class="radio">
                        <input id="ct-on-demand" type="radio" name="ct-mode"
                            checked={form.on_demand} onchange={set_mode(true)} />
                        { lang.t(Msg::OnDemand) }
                    </label>
                </fieldset>
                if !form.on_demand {
                    <div class="key-row">
                        { number_field("ct-rcu", lang.t(Msg::ReadRcu), &form.read_units,
                            text_input(|f, v| f.read_units = v)) }
                        { number_field("ct-wcu", lang.t(Msg::WriteWcu), &form.write_units,
                            text_input(|f, v| f.write_units = v)) }
                    </div>
                }
                <details class="ct-throughput" id="ct-throughput">
                    <summary>{ lang.t(Msg::WarmAndMaximum) }</summary>
                    <div class="key-row">
                        { number_field("ct-warm-reads", lang.t(Msg::WarmReads), &form.warm_reads,
                            text_input(|f, v| f.warm_reads = v)) }
                        { number_field("ct-warm-writes", lang.t(Msg::WarmWrites), &form.warm_writes,
                            text_input(|f, v| f.warm_writes = v)) }
                    </div>
                    if form.on_demand {
                        <div class="key-row">
                            { number_field("ct-max-reads", lang.t(Msg::MaxReadUnits), &form.max_reads,
                                text_input(|f, v| f.max_reads = v)) }
                            { number_field("ct-max-writes", lang.t(Msg::MaxWriteUnits), &form.max_writes,
                                text_input(|f, v| f.max_writes = v)) }
                        </div>
                    }
                </details>
                <fieldset class="ct-indexes">
                    <legend>{ lang.t(Msg::SecondaryIndexes) }</legend>
                    { for index_fields }
                    { for vector_fields }
                    <div class="index-add">
                        <button type="button" class="quiet" id="ct-add-gsi" onclick={add_index(true)}
                            title={lang.t(Msg::AddGsiTitle)}>{ "+ GSI" }</button>
                        <button type="button" class="quiet" id="ct-add-lsi" onclick={add_index(false)}
                            title={lang.t(Msg::AddLsiTitle)}>{ "+ LSI" }</button>
                        <button type="button" class="quiet" id="ct-add-vector" onclick={add_vector}
                            title={lang.t(Msg::AddVectorTitle)}>{ lang.t(Msg::AddVectorIndex) }</button>
                    </div>
                </fieldset>
                <button id="ct-submit" type="submit" class="primary">{ lang.t(Msg::CreateTableSubmit) }</button>
            </form>
            <div class="inline-outcome" id="ct-outcome">{ outcome }</div>
        </section>
    }
}
