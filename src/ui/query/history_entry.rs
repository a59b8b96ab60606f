//! One line of the console's history: the request, what it consumed and
//! cost on demand, and buttons to run it again or load it into the builder.

use std::rc::Rc;

use yew::prelude::*;

use crate::ui::cost::{dollars, Tally, UnitNames};
use crate::ui::language::{use_lang, Msg};
use crate::ui::state::LogEntry;

#[derive(Properties)]
pub struct HistoryRowProps {
    pub entry: Rc<LogEntry>,
    pub names: UnitNames,
    pub rerun: Callback<MouseEvent>,
    pub load: Callback<MouseEvent>,
    pub loadable: bool,
}

/// Entries never change once logged: the same `Rc` is the same row. (A new
/// language still redraws it: it is read from its context.)
impl PartialEq for HistoryRowProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.entry, &other.entry) && self.names == other.names && self.loadable == other.loadable
    }
}

#[component]
pub fn HistoryRow(props: &HistoryRowProps) -> Html {
    let lang = use_lang();
    let entry = &props.entry;
    let tally = Tally::of(&entry.charges);
    let status = if entry.outcome.is_ok() { "ok" } else { "error" };
    let summary = entry.summary.text(lang);
    let rest = summary.strip_prefix(entry.operation.as_str()).unwrap_or(&summary);
    let price = if entry.charges.is_empty() { String::new() } else { lang.dollars(&dollars(tally.price())) };
    html! {
        <li class={classes!("history-entry", status)}>
            <span class="history-id">{ format!("#{}", entry.id) }</span>
            <span class="op">{ &entry.operation }</span>
            <span class="summary">{ rest }</span>
            <span class="history-cost">
                if !entry.charges.is_empty() { { lang.figure(&tally.text(props.names)) }{ " · " }{ price } }
            </span>
            <span class="history-actions">
                if props.loadable {
                    <button type="button" class="quiet" onclick={props.load.clone()} title={lang.t(Msg::HistoryEditTitle)}>{ lang.t(Msg::HistoryEdit) }</button>
                }
                <button type="button" class="quiet rerun" onclick={props.rerun.clone()} title={lang.t(Msg::HistoryRerunTitle)}>{ lang.t(Msg::HistoryRerun) }</button>
            </span>
        </li>
    }
}
