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

use crate::page_model::draft::ItemOperation;
use crate::scenario::lessons::{assess, Assessment, Lesson, RequestCost, Verdict};
use crate::ui::cost::{units, UnitNames};
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::state::{with_dry_runs, EngineHandle};

#[derive(Properties, PartialEq)]
pub struct LessonChecklistProps {
    pub lesson: Rc<Lesson>,
    pub engine: EngineHandle,
    /// The playground's `data_version`.
    pub version: u64,
}

/// "1.5 RCU", "1 WCU", "0.5 RRU", "1,600 RCU".
fn cost_text(cost: &RequestCost, lang: Lang) -> String {
    if cost.operation == "SearchVectors" {
        return (lang.review().searched_bytes)(&lang.tr().bytes(cost.search_bytes as usize));
    }
    let names = UnitNames::of(cost.on_demand);
    let writes = ItemOperation::parse(&cost.operation).is_some_and(ItemOperation::writes);
    let unit = if writes { names.write } else { names.read };
    format!("{} {unit}", units(cost.units))
}

fn request_line(cost: &RequestCost, lang: Lang) -> Html {
    let detail = match &cost.error {
        Some(error) => {
            html! { <span class="refused">{ format!("{}: {}: {}", lang.t(Msg::Refused), error.name(), error.message()) }</span> }
        }
        None => {
            let read = lang.tr().checklist_read(u64::from(cost.requests), cost.count, cost.scanned);
            html! { <span class="cost">{ format!("{read}, {}", lang.figure(&cost_text(cost, lang))) }</span> }
        }
    };
    html! {
        <li>
            <code class="route">{ cost.route() }</code>{ " " }
            <span class="op-name">{ format!("“{}”", cost.name) }</span>{ " · " }{ detail }
        </li>
    }
}

fn verdict_badge(assessment: &Assessment, lang: Lang) -> Html {
    let (class, text) = match assessment.verdict {
        Verdict::Key => ("ok", lang.t(Msg::VerdictKey)),
        Verdict::Query => ("ok", lang.t(Msg::VerdictQuery)),
        Verdict::Search => ("ok", lang.review().search),
        Verdict::Scan => ("scan", lang.t(Msg::VerdictScan)),
        Verdict::Unservable => ("no", lang.t(Msg::VerdictUnservable)),
    };
    html! { <span class={classes!("verdict", class)}>{ text }</span> }
}

#[component]
pub fn LessonChecklist(props: &LessonChecklistProps) -> Html {
    let lang = use_lang();
    let engine = props.engine.clone();
    let lesson = Rc::clone(&props.lesson);
    // Keyed by the labels too: they change with the language, and again
    // when the language's overlay arrives after the switch.
    let labels: Vec<String> = lesson
        .checklists
        .iter()
        .flat_map(|c| std::iter::once(c.label.clone()).chain(c.patterns.iter().map(|p| p.label.clone())))
        .collect();
    let results = use_memo((lesson.id.clone(), props.version, lang, labels), move |_| {
        with_dry_runs(&engine.0, |engine| {
            lesson
                .checklists
                .iter()
                .map(|list| {
                    let rows: Vec<(String, Assessment)> =
                        list.patterns.iter().map(|p| (p.label.clone(), assess(engine, &lesson, p))).collect();
                    (list.label.clone(), rows)
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    });
    if results.is_empty() {
        return html! {};
    }
    let lists = results.iter().enumerate().map(|(i, (title, rows))| {
        let rows = rows.iter().map(|(name, assessment)| {
            let class = match assessment.verdict {
                Verdict::Key | Verdict::Query | Verdict::Search => "servable",
                Verdict::Scan => "scan-only",
                Verdict::Unservable => "unservable",
            };
            html! {
                <li class={classes!("pattern", class)}>
                    <div class="pattern-head">{ verdict_badge(assessment, lang) }<span class="pattern-name">{ name }</span></div>
                    if let Some(why) = &assessment.unservable {
                        <p class="why">{ why }</p>
                    }
                    <ul class="requests">{ for assessment.costs.iter().map(|cost| request_line(cost, lang)) }</ul>
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
        <section class="lesson-checklist" id="lesson-checklist" aria-label={lang.t(Msg::ChecklistLabel)}>
            <h3>{ lang.t(Msg::ChecklistTitle) }</h3>
            { for lists }
        </section>
    }
}
