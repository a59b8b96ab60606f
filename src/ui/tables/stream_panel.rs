//! The selected table's DynamoDB stream: turn it on with one of the four
//! view types, and watch a record appear for every item change.
//!
//! ```text
//!   Stream of Music                        ENABLED · NEW_AND_OLD_IMAGES
//!   [Disable stream]
//!   #…0003 MODIFY  Keys {"Artist": "Acme", …}  Old {…}  New {…}
//!   #…0002 REMOVE  Keys {…}  Old {…}  TTL deletion (service)
//!   #…0001 INSERT  Keys {…}  New {…}                     [GetRecords JSON ▸]
//! ```
//!
//! Enabling and disabling send UpdateTable with a `StreamSpecification`
//! through the engine like any client. The records shown are the table's
//! latest stream as `GetRecords` would return them
//! ([`TableStream::record_to_wire`], the engine's own wire form): what a
//! view type keeps (keys only, the new image, the old one, or both), the
//! sequence numbers, and `userIdentity` on the deletions of the TTL sweeper.
//! Newest first; the panel redraws after every request. Above them, the
//! stream's shards: one per partition of the table, a closed one (its
//! partition split) with the children that continue it.
//!
//! Below the records, the stream's triggers (`engine::triggers`): each
//! one's events, filter and update, what it has done (records taken,
//! writes, the write units they consumed on the target table, throttles,
//! failures, records waiting) and its last records with what became of
//! each, so a trigger's writes are seen as the trigger's, apart from the
//! requests that caused them.
//!
//! [`TableStream::record_to_wire`]: crate::engine::streams::TableStream::record_to_wire

use serde_json::{json, Value};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::engine::streams::{StreamShard, StreamViewType};
use crate::engine::triggers::{RunOutcome, StreamTrigger, TriggerRun, TriggerStats};
use crate::engine::value::document::item_to_plain;
use crate::engine::value::wire::item_from_wire;
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::limits;
use crate::ui::page::error_box::ErrorBox;
use crate::ui::state::{use_playground, Action, Source};

/// How many records the panel lists (the newest).
pub const SHOWN_RECORDS: usize = 50;

/// What each view type keeps, in a few words.
fn view_help(view: &str, lang: Lang) -> &'static str {
    lang.t(match view {
        "KEYS_ONLY" => Msg::StreamKeysOnly,
        "NEW_IMAGE" => Msg::StreamNewImage,
        "OLD_IMAGE" => Msg::StreamOldImage,
        _ => Msg::StreamBothImages,
    })
}

/// An image of a wire record (`Keys`, `NewImage`, `OldImage`) as plain JSON.
/// An image as one line of plain JSON, its first 1,000 characters at most
/// (an item may be 400 KB; the raw JSON below has more of it).
fn plain(wire: Option<&Value>) -> Option<String> {
    let item = item_from_wire(wire?).ok()?;
    let text = item_to_plain(&item).to_string();
    let (head, left_out) = limits::cut(&text, IMAGE_MAX_BYTES);
    Some(if left_out > 0 { format!("{head}…") } else { text })
}

/// Longest image drawn in a record's line, in bytes.
const IMAGE_MAX_BYTES: usize = 1000;

/// The last 8 characters of a shard id (the part that tells them apart).
fn short_id(id: &str) -> String {
    format!("…{}", id.get(id.len().saturating_sub(8)..).unwrap_or(id))
}

/// One shard as a list entry: its id, open or closed, its parent, its records.
fn shard_row(shard: &StreamShard, records: usize, lang: Lang) -> Html {
    let state = match &shard.ending_sequence {
        None => "OPEN".to_string(),
        Some(end) => format!("CLOSED at …{}", end.to_string().get(17..).unwrap_or_default()),
    };
    html! {
        <li class={classes!("stream-shard", shard.ending_sequence.is_some().then_some("closed"))} title={shard.id.clone()}>
            <code>{ short_id(&shard.id) }</code>
            <span class="status-detail">{ state }</span>
            if let Some(parent) = &shard.parent {
                <span class="status-detail">{ lang.tr().child_of(&short_id(parent)) }</span>
            }
            <span class="status-detail">{ lang.tr().records(records as u64) }</span>
        </li>
    }
}

/// One record as a list entry.
fn record_row(wire: &Value, shard: &str, lang: Lang) -> Html {
    let data = wire.get("dynamodb").cloned().unwrap_or_default();
    let sequence = data.get("SequenceNumber").and_then(Value::as_str).unwrap_or_default().to_string();
    let short = format!("#…{}", sequence.get(sequence.len().saturating_sub(4)..).unwrap_or(&sequence));
    let event = wire.get("eventName").and_then(Value::as_str).unwrap_or_default().to_string();
    let part = |label: &'static str, member: &str, class: &'static str| {
        plain(data.get(member)).map(|text| {
            html! { <span class={classes!("sr-part", class)}><span class="sr-label">{ label }</span><code>{ text }</code></span> }
        })
    };
    let service = wire.get("userIdentity").map(|identity| {
        let who = identity.get("principalId").and_then(Value::as_str).unwrap_or_default().to_string();
        html! { <span class="sr-service" title={format!("userIdentity: Service, {who}")}>{ lang.t(Msg::TtlDeletion) }</span> }
    });
    html! {
        <li class="stream-record" data-event={event.clone()} key={sequence.clone()}>
            <span class="sr-seq" title={format!("SequenceNumber {sequence}")}>{ short }</span>
            <span class="sr-shard" title={lang.t(Msg::ShardOfRecord)}>{ short_id(shard) }</span>
            <span class={classes!("sr-event", event.to_ascii_lowercase())}>{ event }</span>
            { part("Keys", "Keys", "keys") }
            { part("Old", "OldImage", "old") }
            { part("New", "NewImage", "new") }
            { service }
            <details class="sr-raw">
                <summary>{ "GetRecords JSON" }</summary>
                <pre>{ limits::shown_json(lang, wire) }</pre>
            </details>
        </li>
    }
}

/// What the panel shows of one trigger, copied out of the engine.
struct TriggerView {
    name: String,
    events: String,
    filter: Option<String>,
    update: String,
    stats: TriggerStats,
    pending: usize,
    recent: Vec<TriggerRun>,
}

impl TriggerView {
    fn of(trigger: &StreamTrigger, pending: usize) -> Self {
        let filter = trigger.definition.pointer("/Filter/ConditionExpression").and_then(Value::as_str);
        Self {
            name: trigger.name.clone(),
            events: trigger.events.join(", "),
            filter: filter.map(str::to_string),
            update: format!("UpdateItem {}: {}", trigger.update.table, trigger.update.expression),
            stats: trigger.stats.clone(),
            pending,
            recent: trigger.recent.iter().rev().cloned().collect(),
        }
    }
}

/// What became of one record, in words.
fn run_row(run: &TriggerRun, lang: Lang) -> Html {
    let sequence = run.sequence.to_string();
    let short = format!("#…{}", sequence.get(sequence.len().saturating_sub(4)..).unwrap_or(&sequence));
    let (class, text) = match &run.outcome {
        RunOutcome::Wrote { key, units } => {
            let key = serde_json::from_str::<Value>(key).ok();
            let key = plain(key.as_ref()).unwrap_or_default();
            ("wrote", lang.tr().trigger_wrote(&key, *units))
        }
        RunOutcome::Filtered => ("filtered", lang.t(Msg::TriggerFiltered).to_string()),
        RunOutcome::Skipped(why) => ("skipped", format!("{}: {why}", lang.t(Msg::TriggerSkipped))),
        RunOutcome::Failed(why) => ("failed", format!("{}: {why}", lang.t(Msg::TriggerFailed))),
        RunOutcome::Throttled => ("throttled", lang.t(Msg::TriggerThrottled).to_string()),
    };
    html! {
        <li class={classes!("trigger-run", class)}>
            <span class="sr-seq" title={format!("SequenceNumber {sequence}")}>{ short }</span>
            <span class={classes!("sr-event", run.event_name.to_ascii_lowercase())}>{ run.event_name }</span>
            <span class="trigger-outcome">{ text }</span>
        </li>
    }
}

/// One trigger: its definition, its statistics, its last records.
fn trigger_row(view: &TriggerView, lang: Lang) -> Html {
    let s = &view.stats;
    let stats = lang.tr().trigger_stats(s.records, s.writes, s.units, s.throttles, s.failures, view.pending as u64);
    html! {
        <li class="stream-trigger" data-trigger={view.name.clone()}>
            <div>
                <strong>{ &view.name }</strong>{ " " }
                <code>{ &view.events }</code>
                if let Some(filter) = &view.filter {
                    { " " }<code class="trigger-filter">{ format!("Filter: {filter}") }</code>
                }
                { " → " }<code>{ &view.update }</code>
            </div>
            <p class="hint trigger-stats">{ stats }</p>
            if !view.recent.is_empty() {
                <ol class="trigger-runs">{ for view.recent.iter().map(|run| run_row(run, lang)) }</ol>
            }
        </li>
    }
}

#[component]
pub fn StreamPanel() -> Html {
    let lang = use_lang();
    let state = use_playground();
    let view_type = use_state(|| "NEW_AND_OLD_IMAGES".to_string());
    let Some(state) = state else { return html! {} };
    let Some(name) = state.selected.clone() else { return html! {} };
    let Ok(engine) = state.engine.try_borrow() else { return html! {} };
    let Some(table) = engine.table(&name) else { return html! {} };
    let latest = table.streams().last();
    let enabled = table.enabled_stream().map(|s| s.view_type.as_str());
    let status = match (enabled, latest) {
        (Some(view), _) => format!("ENABLED · {view}"),
        (None, Some(_)) => lang.t(Msg::StreamDisabled).to_string(),
        (None, None) => lang.t(Msg::NoStream).to_string(),
    };
    let total = latest.map_or(0, |s| s.records.len());
    let rows: Vec<Html> = latest
        .map(|stream| {
            let shard = |i: usize| stream.shards.get(i).map(|s| s.id.as_str()).unwrap_or_default();
            let records = stream.records.iter().rev().take(SHOWN_RECORDS);
            records.map(|r| record_row(&stream.record_to_wire(r), shard(r.shard), lang)).collect()
        })
        .unwrap_or_default();
    let shards: Vec<Html> = latest
        .map(|stream| {
            let count = |i: usize| stream.records.iter().filter(|r| r.shard == i).count();
            stream.shards.iter().enumerate().map(|(i, s)| shard_row(s, count(i), lang)).collect()
        })
        .unwrap_or_default();
    let label = latest.map(|s| s.label.clone());
    let triggers: Vec<TriggerView> = engine
        .stream_triggers()
        .filter(|t| t.table == name)
        .map(|t| TriggerView::of(t, engine.pending_trigger_records(t)))
        .collect();
    drop(engine);

    let send = |enable: bool| {
        let (state, table, view_type) = (state.clone(), name.clone(), view_type.clone());
        Callback::from(move |_: MouseEvent| {
            let spec = if enable {
                json!({"StreamEnabled": true, "StreamViewType": *view_type})
            } else {
                json!({"StreamEnabled": false})
            };
            state.dispatch(Action::Execute {
                source: Source::Streams,
                operation: "UpdateTable".into(),
                request: json!({"TableName": table, "StreamSpecification": spec}),
            });
        })
    };
    let on_view = {
        let view_type = view_type.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                view_type.set(select.value());
            }
        })
    };
    let outcome =
        state.last_from(Source::Streams).filter(|entry| entry.table() == Some(name.as_str())).map(|entry| match &entry
            .outcome
        {
            Ok(_) => html! { <p class="ok-line">{ entry.summary.text(lang) }</p> },
            Err(error) => html! { <ErrorBox error={error.clone()} /> },
        });
    html! {
        <section class="card stream-panel" aria-labelledby="stream-title" id="stream-panel">
            <div class="card-head">
                <h2 id="stream-title">{ lang.tr().stream_of().0 }<span class="table-title">{ &name }</span>{ lang.tr().stream_of().1 }</h2>
                <span class={classes!("status", if enabled.is_some() { "active" } else { "creating" })} id="stream-status">{ status }</span>
            </div>
            <p class="hint">
                { lang.t(Msg::StreamIntro) }
            </p>
            <div class="stream-controls">
                if let Some(view) = enabled {
                    <span class="hint">{ format!("{view}: {}.", view_help(view, lang)) }</span>
                    <button type="button" class="quiet" id="stream-disable" onclick={send(false)}>{ lang.t(Msg::DisableStream) }</button>
                } else {
                    <label class="field inline">
                        <span>{ lang.t(Msg::ViewType) }</span>
                        <select id="stream-view" onchange={on_view}>
                            { for ["KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"].into_iter().map(|v| html! {
                                <option value={v} selected={*view_type == v}>{ v }</option>
                            }) }
                        </select>
                    </label>
                    <button type="button" class="primary" id="stream-enable" onclick={send(true)}
                        disabled={StreamViewType::parse(&view_type).is_none()}>{ lang.t(Msg::EnableStream) }</button>
                    <span class="hint">{ format!("{}.", view_help(&view_type, lang)) }</span>
                }
            </div>
            <div class="inline-outcome" id="stream-outcome">{ outcome }</div>
            if let Some(label) = label {
                <p class="hint" id="stream-count">
                    { lang.tr().stream_count(&label, total as u64, (total > SHOWN_RECORDS).then_some(SHOWN_RECORDS)) }
                </p>
                <details class="stream-shards-box">
                    <summary id="stream-shards-summary">{ lang.tr().stream_shards(shards.len() as u64) }</summary>
                    <ul class="stream-shards" id="stream-shards">{ for shards }</ul>
                </details>
                <ol class="stream-records" id="stream-records">{ for rows }</ol>
                <div class="stream-triggers" id="stream-triggers">
                    <h3>{ lang.t(Msg::TriggersTitle) }</h3>
                    <p class="hint">{ lang.t(Msg::TriggersIntro) }</p>
                    if triggers.is_empty() {
                        <p class="hint" id="stream-no-triggers">{ lang.t(Msg::NoTriggers) }</p>
                    } else {
                        <ul class="stream-trigger-list">{ for triggers.iter().map(|t| trigger_row(t, lang)) }</ul>
                    }
                </div>
            }
        </section>
    }
}
