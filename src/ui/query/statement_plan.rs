//! What a PartiQL statement really is, shown before it runs: "This SELECT
//! is a Scan of Orders: it reads all 10,000 items: 1,250 RCU", and the
//! equivalent requests it runs as.
//!
//! The words come from the dry run the console makes on every keystroke
//! (the `statement` of what `Engine::dry_run` returns), so the sentence
//! changes the moment the WHERE stops (or starts) fixing the partition key.

use std::rc::Rc;

use yew::prelude::*;

use crate::engine::partiql::plan::Access;
use crate::engine::partiql::StatementReport;
use crate::ui::cost::{Preview, Tally, UnitNames};
use crate::ui::format::pretty;
use crate::ui::language::{use_lang, Lang, Msg};

#[derive(Properties, PartialEq)]
pub struct StatementPlanProps {
    pub id: AttrValue,
    pub preview: Rc<Option<Preview>>,
    /// RCU/WCU or RRU/WRU, by the table's billing mode.
    pub names: UnitNames,
}

/// The sentence: "This SELECT is a Scan of Orders: it reads all 10,000 items
/// (returns 12): 1,250 RCU".
pub fn sentence(report: &StatementReport, cost: &str, lang: Lang) -> String {
    let tr = lang.tr();
    let (read, returned) = (report.scanned as u64, report.returned as u64);
    let reads = match (report.verb, report.access) {
        ("SELECT", Access::Scan) if !report.more && report.scanned == report.items_in_target => {
            tr.statement_reads(read, None, true, returned)
        }
        ("SELECT", Access::Scan) => tr.statement_reads(read, Some(report.items_in_target as u64), false, returned),
        ("SELECT", _) => tr.statement_reads(read, None, false, returned),
        _ => String::new(),
    };
    let target = match &report.index {
        Some(index) => format!("{}.{index}", report.table),
        None => report.table.clone(),
    };
    let scan = report.access == Access::Scan;
    let path = tr.access_path(scan, report.access.operation(), report.equivalent.len(), &target);
    tr.statement_sentence(report.verb, &path, &reads, cost)
}

#[component]
pub fn StatementPlan(props: &StatementPlanProps) -> Html {
    let lang = use_lang();
    let Some(preview) = props.preview.as_ref() else { return html! {} };
    let Some(report) = &preview.statement else { return html! {} };
    let cost = lang.figure(&Tally::of(&report.charges).text(props.names));
    let scan = report.access == Access::Scan;
    let equivalent = report.equivalent.iter().map(|(operation, request)| {
        html! { <li><span class="member">{ *operation }</span><pre class="code">{ pretty(request) }</pre></li> }
    });
    html! {
        <div class={classes!("statement-plan", scan.then_some("is-scan"))} id={props.id.clone()} role="status">
            <p class="plan-sentence" id={format!("{}-sentence", props.id)}>{ sentence(report, &cost, lang) }</p>
            if scan && report.verb == "SELECT" {
                <p class="hint">{ lang.t(Msg::StatementScanHint) }</p>
            }
            <details>
                <summary>{ lang.t(if report.equivalent.len() > 1 { Msg::EquivalentRequests } else { Msg::EquivalentRequest }) }</summary>
                <ol class="equivalent">{ for equivalent }</ol>
            </details>
        </div>
    }
}
