//! The selected table's secondary indexes: what each is and copies, where it
//! is in its life, and the controls to add or drop a GSI and to slow down
//! propagation.
//!
//! ```text
//!   Indexes of Music                                     [+ Add GSI]
//!   ┌ GenreIndex  GSI  CREATING · backfilling 1.4 s left ▓▓▓░░ [Delete]
//!   │ copies [PK Genre][SK Year] + [table key Artist][table key SongTitle] + every other attribute
//!   └ YearIndex   LSI  ACTIVE · 3 entries
//!   GSI propagation delay [250] ms        [Skip the wait]
//! ```
//!
//! Adding sends UpdateTable with a `Create` in `GlobalSecondaryIndexUpdates`
//! (and the new key attributes in `AttributeDefinitions`); deleting sends a
//! `Delete`. LSIs exist only from CreateTable, so they have no buttons.
//! *+ Vector index* does the same through `VectorIndexUpdates`, and a vector
//! index's row shows its phase (allocating, backfilling, active but not yet
//! searchable) with the time left (`vector::lifecycle`). The
//! delay is [`EngineSettings::gsi_propagation_delay_millis`]; "Skip the wait"
//! moves the playground's clock ahead until every backfill, deletion and
//! pending GSI update is over ([`Action::SkipAhead`]).
//!
//! [`EngineSettings::gsi_propagation_delay_millis`]: crate::engine::settings::EngineSettings::gsi_propagation_delay_millis

use serde_json::{json, Value};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::index_form::{add_definition, copies_diagram, Copies, IndexDraft, IndexFields};
use super::vector_form::VectorFields;
use crate::engine::index::{IndexKind, IndexStatus};
use crate::engine::table::BillingMode;
use crate::engine::vector::VectorPhase;
use crate::page_model::vector_draft::VectorDraft;
use crate::ui::language::{use_lang, Msg};
use crate::ui::page::error_box::ErrorBox;
use crate::ui::state::{use_playground, Action, PlaygroundContext, Source};

#[component]
pub fn IndexPanel() -> Html {
    let state = use_playground();
    let draft = use_state(|| None::<IndexDraft>);
    let vector_draft = use_state(|| None::<VectorDraft>);
    let delay_text = use_state(|| None::<String>);
    let lang = use_lang();
    let tr = lang.tr();
    // An index created: close its form (on an error it stays, text and all).
    let created = state.as_ref().and_then(|s| s.last_from(Source::Indexes)).and_then(|entry| {
        let request = entry.request.as_ref()?;
        let creates = request.pointer("/GlobalSecondaryIndexUpdates/0/Create").is_some()
            || request.pointer("/VectorIndexUpdates/0/Create").is_some();
        (creates && entry.outcome.is_ok()).then_some(entry.id)
    });
    {
        let draft = draft.clone();
        let vector_draft = vector_draft.clone();
        use_effect_with(created, move |created| {
            if created.is_some() {
                draft.set(None);
                vector_draft.set(None);
            }
        });
    }
    let Some(state) = state else { return html! {} };
    let Some(name) = state.selected.clone() else { return html! {} };
    let Ok(engine) = state.engine.try_borrow() else { return html! {} };
    let Some(table) = engine.table(&name) else { return html! {} };
    let definition = &table.definition;
    let provisioned = definition.billing_mode != BillingMode::PayPerRequest;
    let table_keys: Vec<String> = definition.key_schema.attributes().map(|a| a.name.clone()).collect();
    let delay = engine.settings().gsi_propagation_delay_millis;
    let busy = engine.has_background_work();
    let wait = engine.background_wait_millis();

    let rows = definition.indexes.iter().map(|index| {
        let phase = engine.index_phase(&name, &index.name);
        let status = match (index.status, phase.map(|p| p.left_millis)) {
            (IndexStatus::Creating, Some(left)) if index.backfilling => {
                let done = phase.map_or(0.0, |p| p.done);
                html! {
                    <>
                        <span class="status creating">{ "CREATING" }</span>
                        <span class="status-detail">{ tr.backfilling_left(&tr.duration(left)) }</span>
                        <progress class="backfill" max="100" value={format!("{:.0}", done * 100.0)}></progress>
                    </>
                }
            }
            (IndexStatus::Deleting, left) => html! {
                <>
                    <span class="status deleting">{ "DELETING" }</span>
                    if let Some(left) = left { <span class="status-detail">{ tr.gone_in(&tr.duration(left)) }</span> }
                </>
            },
            (status, _) => {
                let class = if status == IndexStatus::Active { "active" } else { "creating" };
                html! { <span class={classes!("status", class)}>{ status.as_str() }</span> }
            }
        };
        let entries = table.index_store(&index.name).map_or(0, |s| s.entry_count()) as u64;
        let copies = Copies {
            index_partition: index.key_schema.partition_attributes().map(|a| a.name.as_str()).collect(),
            index_sort: index.key_schema.sort_attributes().map(|a| a.name.as_str()).collect(),
            table_keys: table_keys.iter().map(String::as_str).collect(),
            projection: index.projection.projection_type.as_str(),
            non_key: index.projection.non_key_attributes.clone(),
        };
        let delete = (index.kind == IndexKind::Global && index.status != IndexStatus::Deleting).then(|| {
            let words = (lang.t(Msg::DeleteGsi), lang.t(Msg::DeleteGsiTitle));
            delete_button(&state, &name, &index.name, "GlobalSecondaryIndexUpdates", words)
        });
        let capacity = (index.kind == IndexKind::Global && provisioned).then(|| {
            format!(
                " · {} RCU / {} WCU",
                index.throughput.read_capacity_units, index.throughput.write_capacity_units
            )
        });
        html! {
            <li class="index-row" data-index={index.name.clone()} key={index.name.clone()}>
                <div class="index-row-head">
                    <span class="index-name">{ &index.name }</span>
                    <span class="kind-badge">{ index.kind.abbreviation() }</span>
                    <span class="index-status">{ status }</span>
                    <span class="status-detail">{ format!("{}{}", tr.entries(entries), capacity.unwrap_or_default()) }</span>
                    { delete }
                </div>
                { copies_diagram(lang, &copies) }
            </li>
        }
    });

    // Vector indexes: where each is in its life (G.2), its entries and the
    // shape of its vectors (dimensions, distance function, search schema).
    let vector_rows = definition.vector_indexes.iter().map(|index| {
        let entries = table.vector_stores.get(&index.name).map_or(0, |s| s.len()) as u64;
        let mut shape = vec![
            tr.entries(entries),
            format!("{}: {}", lang.t(Msg::VectorAttribute), index.vector_attribute),
            format!("{}: {}", lang.t(Msg::Dimensions), index.dimensions),
            index.distance.as_str().to_string(),
        ];
        shape.extend(
            index.search_schema.iter().map(|(attribute, role)| format!("{} {}", attribute.name, role.as_str())),
        );
        let phase = engine.vector_index_phase(&name, &index.name);
        let status = match phase {
            Some((VectorPhase::Deleting, p)) => html! {
                <>
                    <span class="status deleting">{ "DELETING" }</span>
                    <span class="status-detail">{ tr.gone_in(&tr.duration(p.left_millis)) }</span>
                </>
            },
            Some((phase @ (VectorPhase::Allocating | VectorPhase::Backfilling | VectorPhase::ActiveNotServed), p)) => {
                let wait = tr.duration(p.left_millis);
                let (class, detail) = match phase {
                    VectorPhase::Allocating => ("creating", tr.allocating_left(&wait)),
                    VectorPhase::Backfilling => ("creating", tr.backfilling_left(&wait)),
                    _ => ("active", tr.not_searchable_left(&wait)),
                };
                html! {
                    <>
                        <span class={classes!("status", class)}>{ phase.index_status() }</span>
                        <span class="status-detail">{ detail }</span>
                        <progress class="backfill" max="100" value={format!("{:.0}", p.done * 100.0)}></progress>
                    </>
                }
            }
            _ => html! { <span class="status active">{ "ACTIVE" }</span> },
        };
        let delete = (!matches!(phase, Some((VectorPhase::Deleting, _)))).then(|| {
            let words = (lang.t(Msg::DeleteVector), lang.t(Msg::DeleteVectorTitle));
            delete_button(&state, &name, &index.name, "VectorIndexUpdates", words)
        });
        html! {
            <li class="index-row vector" data-index={index.name.clone()} key={index.name.clone()}>
                <div class="index-row-head">
                    <span class="index-name">{ &index.name }</span>
                    <span class="kind-badge">{ lang.t(Msg::VectorBadge) }</span>
                    <span class="index-status">{ status }</span>
                    <span class="status-detail">{ shape.join(" · ") }</span>
                    { delete }
                </div>
            </li>
        }
    });

    let toggle = {
        let draft = draft.clone();
        let vector_draft = vector_draft.clone();
        Callback::from(move |_: MouseEvent| {
            draft.set(if draft.is_some() { None } else { Some(IndexDraft::global()) });
            vector_draft.set(None);
        })
    };
    let toggle_vector = {
        let draft = draft.clone();
        let vector_draft = vector_draft.clone();
        Callback::from(move |_: MouseEvent| {
            vector_draft.set(if vector_draft.is_some() { None } else { Some(VectorDraft::default()) });
            draft.set(None);
        })
    };
    let vector_form = vector_draft.as_ref().map(|current| {
        let onchange = {
            let vector_draft = vector_draft.clone();
            Callback::from(move |next: VectorDraft| vector_draft.set(Some(next)))
        };
        let onremove = {
            let vector_draft = vector_draft.clone();
            Callback::from(move |()| vector_draft.set(None))
        };
        let create = {
            let state = state.clone();
            let current = current.clone();
            let table_name = name.clone();
            Callback::from(move |_: MouseEvent| {
                let mut definitions: Vec<Value> = Vec::new();
                for (attribute, kind) in current.key_definitions() {
                    add_definition(&mut definitions, &attribute, &kind);
                }
                let mut request = serde_json::Map::new();
                request.insert("TableName".into(), table_name.clone().into());
                // Only the search schema's attributes are defined; none without one.
                if !definitions.is_empty() {
                    request.insert("AttributeDefinitions".into(), definitions.into());
                }
                request.insert("VectorIndexUpdates".into(), json!([{ "Create": current.spec() }]));
                let request = Value::Object(request);
                state.dispatch(Action::Execute { source: Source::Indexes, operation: "UpdateTable".into(), request });
            })
        };
        html! {
            <div class="add-gsi">
                <VectorFields draft={current.clone()} id="ix-vec" {onchange} {onremove} />
                <button type="button" class="primary" id="ix-vec-create" onclick={create}>{ lang.t(Msg::CreateVectorIndex) }</button>
            </div>
        }
    });
    let add_form = draft.as_ref().map(|current| {
        let onchange = {
            let draft = draft.clone();
            Callback::from(move |next: IndexDraft| draft.set(Some(next)))
        };
        let create = {
            let state = state.clone();
            let current = current.clone();
            let table_name = name.clone();
            let partition = table_keys.first().cloned().unwrap_or_default();
            Callback::from(move |_: MouseEvent| {
                let mut definitions: Vec<Value> = Vec::new();
                for (attribute, kind) in current.key_definitions() {
                    add_definition(&mut definitions, &attribute, &kind);
                }
                state.dispatch(Action::Execute {
                    source: Source::Indexes,
                    operation: "UpdateTable".into(),
                    request: json!({
                        "TableName": table_name,
                        "AttributeDefinitions": definitions,
                        "GlobalSecondaryIndexUpdates": [{ "Create": current.spec(&partition, provisioned) }],
                    }),
                });
            })
        };
        html! {
            <div class="add-gsi">
                <IndexFields draft={current.clone()} id="ix-new" {provisioned} table_keys={table_keys.clone()} {onchange} />
                <button type="button" class="primary" id="ix-create" onclick={create}>{ lang.t(Msg::CreateGsi) }</button>
            </div>
        }
    });

    let on_delay = {
        let delay_text = delay_text.clone();
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let text = input.value();
                if let Ok(millis) = text.trim().parse::<u64>() {
                    state.dispatch(Action::SetPropagationDelay(millis));
                }
                delay_text.set(Some(text));
            }
        })
    };
    let skip = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::SkipAhead))
    };

    // The panel's last outcome, if it was about this table.
    let outcome =
        state.last_from(Source::Indexes).filter(|entry| entry.table() == Some(name.as_str())).map(|entry| match &entry
            .outcome
        {
            Ok(_) => html! { <p class="ok-line">{ entry.summary.text(lang) }</p> },
            Err(error) => html! { <ErrorBox error={error.clone()} /> },
        });
    let count = (definition.indexes.len() + definition.vector_indexes.len()) as u64;
    let (title_before, title_after) = tr.indexes_of();

    html! {
        <section class="card index-panel" aria-labelledby="indexes-title">
            <div class="card-head">
                <h2 id="indexes-title">{ title_before }<span class="table-title">{ &name }</span>{ title_after }</h2>
                <div class="card-actions">
                    <button type="button" class={if draft.is_some() { "quiet" } else { "primary" }} id="ix-add" onclick={toggle}>
                        { lang.t(if draft.is_some() { Msg::Cancel } else { Msg::AddGsi }) }
                    </button>
                    <button type="button" class="quiet" id="ix-add-vector" onclick={toggle_vector}
                        title={lang.t(Msg::AddVectorTitle)}>
                        { lang.t(if vector_draft.is_some() { Msg::Cancel } else { Msg::AddVectorIndex }) }
                    </button>
                </div>
            </div>
            if count == 0 {
                <p class="hint">{ lang.t(Msg::NoIndexes) }</p>
            } else {
                <ul class="index-list">{ for rows }{ for vector_rows }</ul>
            }
            { add_form }
            { vector_form }
            <div class="inline-outcome" id="ix-outcome">{ outcome }</div>
            <div class="index-knobs">
                <label class="field inline">
                    <span>{ lang.t(Msg::PropagationDelay) }</span>
                    <input id="ix-delay" type="number" min="0" step="250" inputmode="numeric"
                        value={(*delay_text).clone().unwrap_or_else(|| delay.to_string())} oninput={on_delay}
                        title={lang.t(Msg::PropagationDelayTitle)} />
                </label>
                <button type="button" class="quiet" id="ix-skip" onclick={skip} disabled={!busy}
                    title={lang.t(Msg::SkipTitle)}>
                    { if busy { tr.skip_wait(&tr.duration(wait)) } else { lang.t(Msg::NothingPending).to_string() } }
                </button>
                <span class="hint">{ tr.index_count(count) }</span>
            </div>
        </section>
    }
}

/// A row's button that drops its index: UpdateTable with a `Delete` under
/// `member` (`GlobalSecondaryIndexUpdates` or `VectorIndexUpdates`);
/// `(label, title)` are its words.
fn delete_button(
    state: &PlaygroundContext,
    table: &str,
    index: &str,
    member: &str,
    (label, title): (&str, &str),
) -> Html {
    let state = state.clone();
    let mut request = serde_json::Map::new();
    request.insert("TableName".into(), table.into());
    request.insert(member.into(), json!([{ "Delete": { "IndexName": index } }]));
    let request = Value::Object(request);
    let onclick = Callback::from(move |_: MouseEvent| {
        state.dispatch(Action::Execute {
            source: Source::Indexes,
            operation: "UpdateTable".into(),
            request: request.clone(),
        });
    });
    html! {
        <button type="button" class="quiet small" data-index={index.to_string()} {onclick} title={title.to_string()}>
            { label }
        </button>
    }
}
