//! The selected table's Time to Live: turn it on or off, see which items
//! have expired but are still there, and move the clock to watch the sweep.
//!
//! ```text
//!   Time to Live of Sessions                         ENABLED on expires
//!   [expires      ] [Enable TTL] [Disable TTL]
//!   Now: 1767225660 (engine clock, epoch seconds)
//!   2 items expired, not yet deleted: reads still return them
//!     s1  expired 40 s ago · swept in 4 min 20 s
//!   Filter them out: FilterExpression "#ttl > :now" …
//!   Sweep delay [300] s    [+1 min] [+10 min] [+1 h]
//! ```
//!
//! Enabling and disabling send `UpdateTimeToLive` through the engine like
//! any client. What is expired comes from the engine's read-only view
//! (`Table::expired_items`, `Table::next_ttl_event`); the panel keeps a
//! timer for the next TTL event (an item expiring, a sweep falling due) and
//! sends [`Action::Tick`] then, so the items grid marks the item and the
//! sweep happens live, on the engine clock. "+1 min" and the others move
//! that clock ahead of the browser's ([`Action::AdvanceClock`]); the sweep
//! delay is the teaching knob `ttl_sweep_delay_millis` (DynamoDB takes up
//! to a few days).

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use serde_json::json;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::engine::schema::{KeySchema, PrimaryKey};
use crate::ui::format::cell_text;
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::page::error_box::ErrorBox;
use crate::ui::state::{use_playground, Action, Source};

/// How many expired items the panel lists (the count says how many in all).
const LISTED: usize = 50;

/// Longest the timer waits before looking again (the next event may be days away).
const MAX_WAIT: Duration = Duration::from_secs(60);

/// "1 h 5 min", "4 min 20 s", "12 s" (in `lang`), whole seconds rounded up.
pub fn span_label(millis: u64, lang: Lang) -> String {
    lang.tr().span(millis.div_ceil(1000))
}

/// "Artist = Acme, SongTitle = A1".
pub fn key_text(schema: &KeySchema, key: &PrimaryKey, lang: Lang) -> String {
    let mut parts =
        vec![format!("{} = {}", schema.partition_key.name, cell_text(&key.partition.to_attribute(), lang).text)];
    if let (Some(name), Some(sort)) = (&schema.sort_key, &key.sort) {
        parts.push(format!("{} = {}", name.name, cell_text(&sort.to_attribute(), lang).text));
    }
    parts.join(", ")
}

#[component]
pub fn TtlPanel() -> Html {
    let lang = use_lang();
    let tr = lang.tr();
    let state = use_playground();
    let attribute = use_state(|| "expires".to_string());
    let delay_text = use_state(|| None::<String>);
    let now = state.as_ref().map_or(0, |s| js_sys::Date::now() as u64 + s.clock_offset_millis);
    // When TTL next changes something on the selected table.
    let next_event = state.as_ref().and_then(|s| {
        let engine = s.engine.try_borrow().ok()?;
        let table = engine.table(s.selected.as_deref()?)?;
        table.next_ttl_event(now, engine.settings().ttl_sweep_delay_millis)
    });
    {
        let dispatcher = state.as_ref().map(|s| s.dispatcher());
        let ticks = state.as_ref().map_or(0, |s| s.ticks);
        let data = state.as_ref().map_or(0, |s| s.data_version);
        use_effect_with((next_event, ticks, data), move |&(next, _, _)| {
            let alive = Rc::new(Cell::new(true));
            if let (Some(next), Some(dispatcher)) = (next, dispatcher) {
                // A little after the moment, so the engine sees it as past.
                let wait = Duration::from_millis(next.saturating_sub(now).saturating_add(50)).min(MAX_WAIT);
                let waiting = Rc::clone(&alive);
                yew::platform::spawn_local(async move {
                    yew::platform::time::sleep(wait).await;
                    if waiting.get() {
                        dispatcher.dispatch(Action::Tick);
                    }
                });
            }
            move || alive.set(false)
        });
    }
    let Some(state) = state else { return html! {} };
    let Some(name) = state.selected.clone() else { return html! {} };
    let Ok(engine) = state.engine.try_borrow() else { return html! {} };
    let Some(table) = engine.table(&name) else { return html! {} };
    let enabled = table.ttl_attribute().map(str::to_string);
    let delay = engine.settings().ttl_sweep_delay_millis;
    let expired = table.expired_items(now, LISTED);
    let expired_count = table.expired_count(now);
    let schema = table.definition.key_schema.clone();
    drop(engine);

    let send = |enable: bool| {
        let state = state.clone();
        let table = name.clone();
        let attribute = if enable { (*attribute).clone() } else { enabled.clone().unwrap_or_default() };
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Execute {
                source: Source::Ttl,
                operation: "UpdateTimeToLive".into(),
                request: json!({
                    "TableName": table,
                    "TimeToLiveSpecification": {"AttributeName": attribute, "Enabled": enable},
                }),
            });
        })
    };
    let on_attribute = {
        let attribute = attribute.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                attribute.set(input.value());
            }
        })
    };
    let on_delay = {
        let (delay_text, state) = (delay_text.clone(), state.clone());
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let text = input.value();
                if let Ok(seconds) = text.trim().parse::<f64>() {
                    if seconds.is_finite() && seconds >= 0.0 {
                        state.dispatch(Action::SetTtlSweepDelay((seconds * 1000.0).min(u64::MAX as f64) as u64));
                    }
                }
                delay_text.set(Some(text));
            }
        })
    };
    let advance = |id: &'static str, label: Msg, millis: u64| {
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::AdvanceClock(millis)));
        html! { <button type="button" class="quiet small" {id} {onclick}>{ lang.t(label) }</button> }
    };
    let outcome = state.last_from(Source::Ttl).filter(|entry| entry.table() == Some(name.as_str())).map(|entry| {
        match &entry.outcome {
            Ok(_) => html! { <p class="ok-line">{ entry.summary.text(lang) }</p> },
            Err(error) => html! { <ErrorBox error={error.clone()} /> },
        }
    });
    let now_seconds = now / 1000;
    let expired_list = (!expired.is_empty()).then(|| {
        let rows = expired.iter().map(|(key, at)| {
            let ago = span_label(now.saturating_sub(*at), lang);
            let swept = at.saturating_add(delay).saturating_sub(now);
            html! {
                <li class="ttl-expired-item">
                    <code>{ key_text(&schema, key, lang) }</code>
                    <span class="status-detail">{ tr.expired_ago(&ago, &span_label(swept, lang)) }</span>
                </li>
            }
        });
        let unlisted = expired_count.saturating_sub(expired.len());
        html! {
            <div class="ttl-expired" id="ttl-expired">
                <p class="ttl-warning">
                    { tr.expired_items(expired_count as u64) }
                </p>
                <ul class="ttl-expired-list">{ for rows }</ul>
                if unlisted > 0 {
                    <p class="hint" id="ttl-expired-more">{ tr.and_more(unlisted) }</p>
                }
            </div>
        }
    });
    let filter_hint = enabled.as_ref().map(|attribute| {
        html! {
            <p class="hint ttl-filter">
                { lang.t(Msg::TtlFilterHint) }
                <code>{ format!(
                    r##"FilterExpression "#ttl > :now", ExpressionAttributeNames {{"#ttl": "{attribute}"}}, ExpressionAttributeValues {{":now": {{"N": "{now_seconds}"}}}}"##
                ) }</code>
            </p>
        }
    });

    html! {
        <section class="card ttl-panel" aria-labelledby="ttl-title" id="ttl-panel">
            <div class="card-head">
                <h2 id="ttl-title">{ tr.ttl_of().0 }<span class="table-title">{ &name }</span>{ tr.ttl_of().1 }</h2>
                <span class={classes!("status", if enabled.is_some() { "active" } else { "creating" })} id="ttl-status">
                    { match &enabled {
                        Some(attribute) => tr.ttl_enabled_on(attribute),
                        None => "DISABLED".to_string(),
                    } }
                </span>
            </div>
            <p class="hint">
                { lang.t(Msg::TtlIntro) }
            </p>
            <div class="ttl-controls">
                if enabled.is_none() {
                    <label class="field inline">
                        <span>{ lang.t(Msg::TtlAttribute) }</span>
                        <input id="ttl-attribute" type="text" value={(*attribute).clone()} oninput={on_attribute} />
                    </label>
                    <button type="button" class="primary" id="ttl-enable" onclick={send(true)}>{ lang.t(Msg::EnableTtl) }</button>
                } else {
                    <button type="button" class="quiet" id="ttl-disable" onclick={send(false)}>{ lang.t(Msg::DisableTtl) }</button>
                }
            </div>
            <div class="inline-outcome" id="ttl-outcome">{ outcome }</div>
            <p class="ttl-now" id="ttl-now">
                { tr.ttl_now(now_seconds) }
            </p>
            { expired_list }
            { filter_hint }
            <div class="index-knobs">
                <label class="field inline">
                    <span>{ lang.t(Msg::SweepDelay) }</span>
                    <input id="ttl-delay" type="number" min="0" step="1" inputmode="numeric"
                        value={(*delay_text).clone().unwrap_or_else(|| (delay as f64 / 1000.0).to_string())} oninput={on_delay} />
                </label>
                <span class="hint">{ lang.t(Msg::MoveClock) }</span>
                { advance("ttl-plus-minute", Msg::ClockPlusMinute, 60_000) }
                { advance("ttl-plus-ten", Msg::ClockPlusTenMinutes, 600_000) }
                { advance("ttl-plus-hour", Msg::ClockPlusHour, 3_600_000) }
            </div>
        </section>
    }
}
