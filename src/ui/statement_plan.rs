//! What a PartiQL statement really is, shown before it runs: "This SELECT
//! is a Scan of Orders: it reads all 10,000 items: 1,250 RCU", and the
//! equivalent requests it runs as.
//!
//! The words come from the dry run the console makes on every keystroke
//! (`Engine::last_statement` after `Engine::dry_run`), so the sentence
//! changes the moment the WHERE stops (or starts) fixing the partition key.

use std::rc::Rc;

use yew::prelude::*;

use super::cost::{Preview, Tally, UnitNames};
use super::format::{group_digits as grouped, pretty};
use crate::engine::partiql::plan::Access;
use crate::engine::partiql::StatementReport;

#[derive(Properties, PartialEq)]
pub struct StatementPlanProps {
    pub id: AttrValue,
    pub preview: Rc<Option<Preview>>,
    /// RCU/WCU or RRU/WRU, by the table's billing mode.
    pub names: UnitNames,
}

/// The sentence: "This SELECT is a Scan of Orders: it reads all 10,000 items
/// (returns 12): 1,250 RCU".
pub fn sentence(report: &StatementReport, cost: &str) -> String {
    let reads = match (report.verb, report.access) {
        ("SELECT", Access::Scan) if !report.more && report.scanned == report.items_in_target => {
            format!(": it reads all {} items, returns {}", grouped(report.scanned), grouped(report.returned))
        }
        ("SELECT", Access::Scan) => format!(
            ": it reads {} of {} items on this page, returns {}",
            grouped(report.scanned),
            grouped(report.items_in_target),
            grouped(report.returned)
        ),
        ("SELECT", _) => {
            let noun = if report.scanned == 1 { "item" } else { "items" };
            format!(": it reads {} {noun}, returns {}", grouped(report.scanned), grouped(report.returned))
        }
        _ => String::new(),
    };
    format!("This {} is {}{reads}: {cost}", report.verb, report.access_path())
}

#[component]
pub fn StatementPlan(props: &StatementPlanProps) -> Html {
    let Some(preview) = props.preview.as_ref() else { return html! {} };
    let Some(report) = &preview.statement else { return html! {} };
    let cost = Tally::of(&report.charges).text(props.names);
    let scan = report.access == Access::Scan;
    let equivalent = report.equivalent.iter().map(|(operation, request)| {
        html! { <li><span class="member">{ *operation }</span><pre class="code">{ pretty(request) }</pre></li> }
    });
    html! {
        <div class={classes!("statement-plan", scan.then_some("is-scan"))} id={props.id.clone()} role="status">
            <p class="plan-sentence" id={format!("{}-sentence", props.id)}>{ sentence(report, &cost) }</p>
            if scan && report.verb == "SELECT" {
                <p class="hint">{ "No WHERE condition fixes the partition key, so every item is read and paid for, whatever the filter keeps." }</p>
            }
            <details>
                <summary>{ "The equivalent request" }{ if report.equivalent.len() > 1 { "s" } else { "" } }</summary>
                <ol class="equivalent">{ for equivalent }</ol>
            </details>
        </div>
    }
}
