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

use crate::ui::cost::{dollars, explain, units, Preview, UnitNames};
use crate::ui::draft::FormError;
use crate::ui::language::{use_lang, Msg};

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
    let lang = use_lang();
    let tr = lang.tr();
    let id = props.id.to_string();
    let body = match (&props.request, props.preview.as_ref()) {
        (Err(error), _) => html! {
            <p class="cost-blocked">
                { lang.t(Msg::CostNotRequest) }<span class="error-name">{ error.error.name() }</span>
                { tr.cost_not_request_in(&crate::ui::draft::field_label(&error.field, lang), &error.message_in(lang)) }
            </p>
        },
        (Ok(_), None) => html! { <p class="hint">{ lang.t(Msg::CostEngineBusy) }</p> },
        (Ok(request), Some(preview)) => {
            let mut explanation = explain(
                &props.operation,
                request,
                &preview.outcome,
                &preview.charges,
                preview.search_bytes,
                props.names,
                lang,
            );
            explanation.lines.extend(crate::ui::cost::touched_line(&preview.touched, lang));
            let price = explanation.tally.price() + explanation.vector_price;
            let pages = preview.all_pages.as_ref().map(|total| {
                html! {
                    <p class="cost-pages" id={format!("{id}-pages")}>
                        { tr.all_pages(
                            total.pages,
                            total.complete,
                            &lang.figure(&total.tally.text(props.names)),
                            total.count,
                            total.scanned,
                            &lang.dollars(&dollars(total.tally.price())),
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
                            { tr.provisioned_share(capacity, name, &lang.figure(
                                &if percent >= 10.0 { format!("{percent:.0} %") } else { format!("{percent:.1} %") }
                            )) }
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
                format!(
                    "{} · {}",
                    tr.on_demand_price(&lang.dollars(&dollars(price))),
                    tr.per_million(&lang.dollars(&dollars(price * 1_000_000.0)))
                )
            } else {
                lang.t(Msg::NothingCharged).to_string()
            };
            let headline =
                if refused { lang.t(Msg::RefusedHeadline).to_string() } else { explanation.headline.clone() };
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
                        <ul class="cost-arithmetic" aria-label={lang.t(Msg::CostArithmetic)}>
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
        .map(|ms| tr.dry_run_computed(&lang.figure(&units((ms * 10.0).round() / 10.0))));
    html! {
        <section class="cost-panel" id={id.clone()} aria-live="polite" aria-label={lang.t(Msg::LiveCost)} {title}>
            <h3 class="cost-title">{ lang.t(Msg::LiveCost) }<span class="cost-sub">{ lang.t(Msg::CostSub) }</span></h3>
            { body }
        </section>
    }
}
