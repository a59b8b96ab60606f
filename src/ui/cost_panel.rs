//! The live cost under the operation builder: what the request being typed
//! would consume, from a dry run that changes nothing.
//!
//! ```text
//!   Live cost · dry run                      1.5 RCU   $0.000000188 on demand
//!   The filter removed 8 of 10 items, but all 10 were read: 1.5 RCU.
//!   read 10 items, 10000 bytes: 3 × 4 KB blocks × 0.5 (eventually consistent) = 1.5 read units
//!   All pages: 4 pages, 6 RCU, 40 of 40 items returned.
//! ```
//!
//! It re-renders only when its preview changes (a new request, or new data).

use std::rc::Rc;

use serde_json::Value;
use yew::prelude::*;

use super::cost::{dollars, explain, units, Preview, UnitNames};
use super::draft::FormError;
use super::format::group_digits;

#[derive(Properties, PartialEq)]
pub struct CostPanelProps {
    pub id: AttrValue,
    pub operation: AttrValue,
    /// The request previewed (or why there is none).
    pub request: Result<Rc<Value>, FormError>,
    pub preview: Rc<Option<Preview>>,
    pub names: UnitNames,
    /// The table's provisioned read and write capacity, if provisioned.
    #[prop_or_default]
    pub provisioned: Option<(i64, i64)>,
}

#[component]
pub fn CostPanel(props: &CostPanelProps) -> Html {
    let id = props.id.to_string();
    let body = match (&props.request, props.preview.as_ref()) {
        (Err(error), _) => html! {
            <p class="cost-blocked">
                { "Not a request yet: " }<span class="error-name">{ error.error.name() }</span>
                { format!(" in {}: {}", super::draft::field_label(&error.field), error.error.message()) }
            </p>
        },
        (Ok(_), None) => html! { <p class="hint">{ "The engine is busy; the cost shows on the next change." }</p> },
        (Ok(request), Some(preview)) => {
            let mut explanation = explain(&props.operation, request, &preview.outcome, &preview.charges, props.names);
            explanation.lines.extend(super::cost::touched_line(&preview.touched));
            let price = explanation.tally.price();
            let pages = preview.all_pages.as_ref().map(|total| {
                let more = if total.complete { "" } else { " (at least; the preview stops there)" };
                html! {
                    <p class="cost-pages" id={format!("{id}-pages")}>
                        { format!(
                            "All pages: {} pages{more}, {} in total, {} of {} items returned · {} on demand.",
                            group_digits(total.pages),
                            total.tally.text(props.names),
                            group_digits(total.count as usize),
                            group_digits(total.scanned as usize),
                            dollars(total.tally.price()),
                        ) }
                    </p>
                }
            });
            let share = props.provisioned.and_then(|(read, write)| {
                let (used, capacity, name) = if explanation.tally.write > 0.0 {
                    (explanation.tally.write, write, props.names.write)
                } else {
                    (explanation.tally.read, read, props.names.read)
                };
                (capacity > 0 && used > 0.0).then(|| {
                    let percent = used / capacity as f64 * 100.0;
                    html! {
                        <p class="cost-share">
                            { format!(
                                "The table is provisioned with {capacity} {name} per second: this request uses {} of one second's capacity.",
                                if percent >= 10.0 { format!("{percent:.0} %") } else { format!("{percent:.1} %") }
                            ) }
                        </p>
                    }
                })
            });
            let error = preview.outcome.as_ref().err().map(|error| {
                html! {
                    <div class="error-box cost-error" role="status">
                        <span class="error-name">{ error.name() }</span>{ ": " }
                        <span class="error-message">{ error.message() }</span>
                    </div>
                }
            });
            let refused = preview.outcome.is_err() && preview.charges.is_empty();
            let per_million = if price > 0.0 {
                format!("{} on demand · {} per million such requests", dollars(price), dollars(price * 1_000_000.0))
            } else {
                "nothing is charged".to_string()
            };
            let headline = if refused { "Refused".to_string() } else { explanation.headline.clone() };
            html! {
                <>
                    <div class="cost-head">
                        <span class={classes!("cost-figure", refused.then_some("refused"))} id={format!("{id}-figure")}>{ headline }</span>
                        <span class="cost-price" id={format!("{id}-price")}>{ per_million }</span>
                    </div>
                    { error }
                    <ul class="cost-lines" id={format!("{id}-lines")}>
                        { for explanation.lines.iter().map(|line| html! { <li>{ line }</li> }) }
                    </ul>
                    if !explanation.arithmetic.is_empty() {
                        <ul class="cost-arithmetic" aria-label="How the engine rounded">
                            { for explanation.arithmetic.iter().map(|line| html! { <li>{ line }</li> }) }
                        </ul>
                    }
                    { pages }
                    { share }
                </>
            }
        }
    };
    let title = props
        .preview
        .as_ref()
        .as_ref()
        .and_then(|p| p.elapsed_ms)
        .map(|ms| format!("dry run computed in {} ms", units((ms * 10.0).round() / 10.0)));
    html! {
        <section class="cost-panel" id={id.clone()} aria-live="polite" aria-label="Live cost" {title}>
            <h3 class="cost-title">{ "Live cost" }<span class="cost-sub">{ " · dry run, nothing changes" }</span></h3>
            { body }
        </section>
    }
}
