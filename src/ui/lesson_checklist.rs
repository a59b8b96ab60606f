//! A lesson's access-pattern checklist: each pattern, whether a key lookup
//! or a Query serves it (✓) or only a Scan (✗, with what the Scan costs), or
//! nothing (✗, with the reason in words).
//!
//! The verdicts and costs come from [`assess`], which dry-runs the lesson's
//! requests on the playground's data as it is now, so a student who adds
//! items sees the Scan's cost grow. They are recomputed only when the data
//! changes.

use std::rc::Rc;

use yew::prelude::*;

use super::format::group_digits;
use super::state::{format_units, EngineHandle};
use crate::scenario::lessons::{assess, Assessment, Lesson, RequestCost, Verdict};

#[derive(Properties, PartialEq)]
pub struct LessonChecklistProps {
    pub lesson: Rc<Lesson>,
    pub engine: EngineHandle,
    /// The playground's `data_version`.
    pub version: u64,
}

const WRITES: [&str; 5] = ["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"];

/// "1.5 RCU", "1 WCU", "0.5 RRU".
fn cost_text(cost: &RequestCost) -> String {
    let write = WRITES.contains(&cost.operation.as_str());
    let unit = match (write, cost.on_demand) {
        (false, false) => "RCU",
        (false, true) => "RRU",
        (true, false) => "WCU",
        (true, true) => "WRU",
    };
    format!("{} {unit}", units_text(cost.units))
}

/// "1,600", "0.5", "12.5": thousands grouped, halves kept.
fn units_text(units: f64) -> String {
    let whole = units.trunc();
    if !(0.0..1e15).contains(&whole) {
        return format_units(units);
    }
    let fraction = format_units(units - whole);
    format!("{}{}", group_digits(whole as usize), fraction.strip_prefix('0').filter(|f| !f.is_empty()).unwrap_or(""))
}

fn request_line(cost: &RequestCost) -> Html {
    let detail = match &cost.error {
        Some(error) => {
            html! { <span class="refused">{ format!("refused: {}: {}", error.name(), error.message()) }</span> }
        }
        None => {
            let times = if cost.requests > 1 { format!("{} requests, ", cost.requests) } else { String::new() };
            let read = if cost.scanned != cost.count {
                format!("{} of {} items read", group_digits(cost.count as usize), group_digits(cost.scanned as usize))
            } else {
                format!("{} item{}", group_digits(cost.count as usize), if cost.count == 1 { "" } else { "s" })
            };
            html! { <span class="cost">{ format!("{times}{read}, {}", cost_text(cost)) }</span> }
        }
    };
    html! {
        <li>
            <code class="route">{ cost.route() }</code>{ " " }
            <span class="op-name">{ format!("“{}”", cost.name) }</span>{ " · " }{ detail }
        </li>
    }
}

fn verdict_badge(assessment: &Assessment) -> Html {
    let (class, text) = match assessment.verdict {
        Verdict::Key => ("ok", "✓ by key"),
        Verdict::Query => ("ok", "✓ Query"),
        Verdict::Scan => ("scan", "✗ only by Scan"),
        Verdict::Unservable => ("no", "✗ not servable"),
    };
    html! { <span class={classes!("verdict", class)}>{ text }</span> }
}

#[component]
pub fn LessonChecklist(props: &LessonChecklistProps) -> Html {
    let engine = props.engine.clone();
    let lesson = Rc::clone(&props.lesson);
    let results = use_memo((lesson.id.clone(), props.version), move |_| {
        let Ok(mut engine) = engine.0.try_borrow_mut() else { return Vec::new() };
        lesson
            .checklists
            .iter()
            .map(|list| {
                let rows: Vec<(String, Assessment)> =
                    list.patterns.iter().map(|p| (p.name.clone(), assess(&mut engine, &lesson, p))).collect();
                (list.title.clone(), rows)
            })
            .collect::<Vec<_>>()
    });
    if results.is_empty() {
        return html! {};
    }
    let lists = results.iter().enumerate().map(|(i, (title, rows))| {
        let rows = rows.iter().map(|(name, assessment)| {
            let class = match assessment.verdict {
                Verdict::Key | Verdict::Query => "servable",
                Verdict::Scan => "scan-only",
                Verdict::Unservable => "unservable",
            };
            html! {
                <li class={classes!("pattern", class)}>
                    <div class="pattern-head">{ verdict_badge(assessment) }<span class="pattern-name">{ name }</span></div>
                    if let Some(why) = &assessment.unservable {
                        <p class="why">{ why }</p>
                    }
                    <ul class="requests">{ for assessment.costs.iter().map(request_line) }</ul>
                </li>
            }
        });
        html! {
            <details class="checklist" open={i == 0}>
                <summary>{ title }</summary>
                <ol class="patterns">{ for rows }</ol>
            </details>
        }
    });
    html! {
        <section class="lesson-checklist" id="lesson-checklist" aria-label="Access-pattern checklist">
            <h3>{ "Checklist: what serves each access pattern" }</h3>
            { for lists }
        </section>
    }
}
