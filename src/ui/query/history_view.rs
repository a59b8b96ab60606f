//! The console's history: every request executed on the page, newest
//! first, with the capacity it consumed, a running total per table in read
//! and write units, and what that would cost on demand at the published
//! us-east-1 prices ([`cost::READ_PRICE_PER_MILLION`](crate::ui::cost::READ_PRICE_PER_MILLION)).
//!
//! Each entry can be run again with one click, or loaded into the builder
//! to change it first.

use std::rc::Rc;

use yew::prelude::*;

use super::console_state::{ConsoleAction, ConsoleState};
use super::history_entry::HistoryRow;
use crate::ui::cost::{
    dollars, units, Tally, UnitNames, PRICES_CHECKED, READ_PRICE_PER_MILLION, WRITE_PRICE_PER_MILLION,
};
use crate::ui::draft::ItemOperation;
use crate::ui::language::{use_lang, Msg};
use crate::ui::state::{use_playground, Action, Source};

#[derive(Properties, PartialEq)]
pub struct HistoryViewProps {
    /// To load an entry into the builder (a dispatcher, so typing in the
    /// builder does not redraw the history).
    pub console: UseReducerDispatcher<ConsoleState>,
}

#[component]
pub fn HistoryView(props: &HistoryViewProps) -> Html {
    let lang = use_lang();
    let Some(state) = use_playground() else { return html! {} };
    let console = props.console.clone();
    let names_of = |table: &str| UnitNames::of(state.is_on_demand(table));

    let totals = state.usage.iter().map(|(table, usage)| {
        let names = names_of(table);
        html! {
            <tr>
                <th scope="row">{ table }</th>
                <td class="v-n">{ lang.count(usage.requests) }</td>
                <td class="v-n">{ format!("{} {}", lang.figure(&units(usage.tally.read)), names.read) }</td>
                <td class="v-n">{ format!("{} {}", lang.figure(&units(usage.tally.write)), names.write) }</td>
                <td class="v-n">{ lang.dollars(&dollars(usage.tally.price())) }</td>
            </tr>
        }
    });
    let grand = state.usage.values().fold(Tally::default(), |total, usage| total.plus(usage.tally));

    let entries = state.history.iter().map(|entry| {
        let rerun = {
            let state = state.clone();
            let entry = Rc::clone(entry);
            Callback::from(move |_: MouseEvent| {
                if let Some(request) = entry.request.clone() {
                    state.dispatch(Action::Execute { source: Source::Console, operation: entry.operation.clone(), request });
                }
            })
        };
        let load = {
            let state = state.clone();
            let console = console.clone();
            let entry = Rc::clone(entry);
            Callback::from(move |_: MouseEvent| {
                let (Some(request), Some(operation)) = (&entry.request, ItemOperation::parse(&entry.operation)) else {
                    return;
                };
                let schema = entry.table().and_then(|table| {
                    let engine = state.engine.try_borrow().ok()?;
                    engine.table(table).map(|t| t.definition.key_schema.clone())
                });
                console.dispatch(ConsoleAction::Load { operation, request: request.clone(), schema });
            })
        };
        let loadable = ItemOperation::parse(&entry.operation).is_some();
        html! { <HistoryRow key={entry.id} entry={Rc::clone(entry)} names={names_of(entry.table().unwrap_or_default())} {rerun} {load} {loadable} /> }
    });

    let clear = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::ClearHistory))
    };
    html! {
        <section class="card history" id="history" aria-labelledby="history-title">
            <div class="card-head">
                <h2 id="history-title">{ lang.t(Msg::HistoryTitle) }</h2>
                if !state.history.is_empty() || !state.usage.is_empty() {
                    <button type="button" class="quiet" id="history-clear" onclick={clear}>{ lang.t(Msg::HistoryClear) }</button>
                }
            </div>
            if !state.usage.is_empty() {
                // Scrolls inside the card on a phone rather than widening the page.
                <div class="totals-scroll">
                <table class="totals" id="history-totals">
                    <caption>{ lang.t(Msg::TotalsCaption) }</caption>
                    <thead><tr><th scope="col">{ lang.t(Msg::ColTable) }</th><th scope="col" class="num">{ lang.t(Msg::ColRequests) }</th>
                        <th scope="col" class="num">{ lang.t(Msg::ColRead) }</th><th scope="col" class="num">{ lang.t(Msg::ColWrite) }</th>
                        <th scope="col" class="num">{ lang.t(Msg::ColOnDemand) }</th></tr></thead>
                    <tbody>{ for totals }</tbody>
                    <tfoot><tr><th scope="row">{ lang.t(Msg::AllTables) }</th><td></td><td class="v-n">{ lang.figure(&units(grand.read)) }</td>
                        <td class="v-n">{ lang.figure(&units(grand.write)) }</td>
                        <td class="v-n" id="history-total-price">{ lang.dollars(&dollars(grand.price())) }</td></tr></tfoot>
                </table>
                </div>
            }
            <p class="hint prices">
                { lang.tr().prices_note(READ_PRICE_PER_MILLION, WRITE_PRICE_PER_MILLION, PRICES_CHECKED) }
            </p>
            if state.history.is_empty() {
                <p class="hint">{ lang.t(Msg::HistoryEmpty) }</p>
            } else {
                <ol class="history-list" id="history-list">{ for entries }</ol>
            }
        </section>
    }
}
