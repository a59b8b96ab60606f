//! A check's report drawn: the score, each pattern ✓/✗ with why (the
//! records missing or extra by their keys, the order, the access path, the
//! units, the throttles and their reasons, DynamoDB's refusal), each goal
//! ✓/✗ with its evidence, and the problems; and the comparison of two
//! reports, "your design vs the model answer".

use serde_json::Value;
use yew::prelude::*;

use crate::engine::exercise::format::RecordKey;
use crate::engine::exercise::report::CaseReport;
use crate::engine::exercise::{CheckReport, PatternReport};
use crate::ui::language::Lang;

fn mark(ok: bool) -> Html {
    html! { <span class={if ok { "verdict ok" } else { "verdict no" }}>{ if ok { "✓" } else { "✗" } }</span> }
}

fn keys(records: &[RecordKey]) -> String {
    records.iter().map(|r| format!("{} {}", r.entity, r.to_plain())).collect::<Vec<_>>().join(", ")
}

/// Read plus write units of one request of the pattern.
pub fn units(pattern: &PatternReport) -> f64 {
    pattern.read_units + pattern.write_units
}

fn case_view(case: &CaseReport, lang: Lang) -> Html {
    let words = lang.exercise();
    let line = |label: &str, what: String| html! { <div class="exercise-case-line"><b>{ format!("{label}: ") }</b>{ what }</div> };
    html! {
        <li class="exercise-case" data-correct={case.correct.to_string()}>
            { mark(case.correct) }{ " " }<code>{ Value::Object(case.parameters.clone()).to_string() }</code>
            if !case.missing.is_empty() { { line(words.missing, keys(&case.missing)) } }
            if !case.extra.is_empty() { { line(words.extra, keys(&case.extra)) } }
            if case.out_of_order { <div class="exercise-case-line">{ words.out_of_order }</div> }
            { for case.differences.iter().map(|d| html! { <div class="exercise-case-line">{ d.clone() }</div> }) }
            if let Some(error) = &case.error {
                <div class="exercise-case-line error-text">{ format!("{}: {}", error.name(), error.message()) }</div>
            }
        </li>
    }
}

fn pattern_view(pattern: &PatternReport, lang: Lang) -> Html {
    let words = lang.exercise();
    let path = match pattern.access_path.index() {
        Some(index) => format!("{} ({index})", pattern.access_path.name()),
        None => pattern.access_path.name().to_string(),
    };
    let reasons: Vec<String> = pattern.throttling_reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    let wrong: Vec<&CaseReport> = pattern.cases.iter().filter(|c| !c.correct).collect();
    html! {
        <li class="exercise-pattern-result" data-pattern={pattern.name.clone()} data-correct={pattern.correct.to_string()}>
            { mark(pattern.correct) }{ " " }<b>{ pattern.name.clone() }</b>
            { format!(" — {path}, {}", (words.units)(&lang.number(units(pattern)))) }
            if let Some(error) = &pattern.error {
                <div class="error-text">{ format!("{}: {}: {}", words.refused, error.name(), error.message()) }</div>
            }
            if pattern.throttled > 0 {
                <div class="exercise-case-line">{ (words.throttled)(&lang.count(pattern.throttled), &lang.count(pattern.requests), &reasons.join(", ")) }</div>
            } else if pattern.over_capacity {
                <div class="exercise-case-line">{ words.over_capacity }</div>
            }
            if !wrong.is_empty() {
                <ul class="exercise-cases">{ for wrong.into_iter().map(|c| case_view(c, lang)) }</ul>
            }
        </li>
    }
}

/// The whole report; the score's element gets `score_id`.
pub fn report_view(report: &CheckReport, lang: Lang, score_id: &'static str) -> Html {
    let words = lang.exercise();
    html! {
        <div class="exercise-report">
            <p class="exercise-score-line">{ format!("{}: ", words.score) }
                <strong id={score_id} data-full={report.is_full().to_string()}>{ (words.n_of_m)(report.met, report.of) }</strong></p>
            <h4>{ words.patterns }</h4>
            <ul class="exercise-results">{ for report.patterns.iter().map(|p| pattern_view(p, lang)) }</ul>
            <h4>{ words.goals }</h4>
            <ul class="exercise-results">
                { for report.goals.iter().map(|g| html! {
                    <li class="exercise-goal-result" data-goal={g.goal.clone()} data-met={g.met.to_string()}>
                        { mark(g.met) }{ " " }<b>{ g.goal.clone() }</b>{ format!(": {}", g.evidence) }
                    </li>
                }) }
            </ul>
            if !report.problems.is_empty() {
                <h4>{ words.problems }</h4>
                <ul class="exercise-results exercise-problems">
                    { for report.problems.iter().map(|p| html! { <li>{ p.message.clone() }</li> }) }
                    if report.more_problems > 0 { <li>{ (words.more_problems)(report.more_problems) }</li> }
                </ul>
            }
        </div>
    }
}

/// How many GSIs a solution document's tables have.
pub fn gsi_count(solution: &Value) -> usize {
    let tables = solution.get("Tables").and_then(Value::as_array).into_iter().flatten();
    tables.filter_map(|t| t.get("GlobalSecondaryIndexes")?.as_array().map(Vec::len)).sum()
}

/// "Your design vs the model answer": a row per figure, a column each.
pub fn versus_view(yours: (&CheckReport, &Value), model: (&CheckReport, &Value), lang: Lang) -> Html {
    let words = lang.exercise();
    let row = |label: String, a: String, b: String| html! { <tr><th scope="row">{ label }</th><td>{ a }</td><td>{ b }</td></tr> };
    let throttled = |r: &CheckReport| lang.count(r.patterns.iter().map(|p| p.throttled).sum());
    let per_pattern = model.0.patterns.iter().map(|m| {
        let spelled = |p: &PatternReport| (words.units)(&lang.number(units(p)));
        row(m.name.clone(), yours.0.pattern(&m.name).map_or_else(String::new, spelled), spelled(m))
    });
    html! {
        <table class="exercise-versus" id="exercise-versus">
            <caption>{ words.versus }</caption>
            <thead><tr><th></th><th scope="col">{ words.yours }</th><th scope="col">{ words.model_answer }</th></tr></thead>
            <tbody>
                { row(words.score.into(), (words.n_of_m)(yours.0.met, yours.0.of), (words.n_of_m)(model.0.met, model.0.of)) }
                { for per_pattern }
                { row(words.throttles.into(), throttled(yours.0), throttled(model.0)) }
                { row(words.cost_on_demand.into(), lang.dollars(&format!("${:.2}", yours.0.monthly_on_demand)), lang.dollars(&format!("${:.2}", model.0.monthly_on_demand))) }
                { row(words.cost_provisioned.into(), lang.dollars(&format!("${:.2}", yours.0.monthly_provisioned)), lang.dollars(&format!("${:.2}", model.0.monthly_provisioned))) }
                { row(words.gsis.into(), gsi_count(yours.1).to_string(), gsi_count(model.1).to_string()) }
            </tbody>
        </table>
    }
}
