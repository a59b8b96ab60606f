//! The query console: build any item operation, see its cost live, run it,
//! read the results, copy it as code, and keep a priced history.
//!
//! ```text
//!   Console                         dry-runs each side's request (memoised)
//!    ├─ cost strip                  sticky: the live figure(s), always in view
//!    ├─ OperationBuilder (side A)   [OperationBuilder (side B) in compare mode]
//!    │    └─ CostPanel              the live cost, explained
//!    ├─ ResultsView                 the last run: items, counts, pages, JSON
//!    ├─ SavedOperations             save, load and delete named requests
//!    ├─ CodeView                    aws dynamodb … / JavaScript v3 / boto3
//!    └─ HistoryView                 every request, totals per table, dollars
//! ```
//!
//! The dry runs happen here, not in the builders, so the strip at the top
//! can show both sides' costs and how they compare while either form is
//! being edited. Each is memoised on its request and the data version: a
//! keystroke that does not change the request (or a re-render for another
//! reason) runs nothing. Measured on 10,000 items, a dry run of a full
//! Scan takes a few milliseconds in the release build, well inside a frame,
//! so nothing is debounced.
//!
//! Compare mode puts two builders side by side, each with its own live
//! cost, for the lessons that weigh two designs ("a filter vs. a composite
//! sort key", "large items vs. a GSI and BatchGetItem"). The second side
//! starts as a copy of the first, and the page gives the console its full
//! width.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::code_view::CodeView;
use super::console_state::{ConsoleAction, ConsoleContext};
use super::footprint::FootprintView;
use super::history_view::HistoryView;
use super::operation_builder::{run_preview, side_request, OperationBuilder, SideRequest};
use super::results_view::ResultsView;
use super::saved_operations::SavedOperations;
use crate::ui::cost::{dollars, search_cost, Preview, Tally, UnitNames};
use crate::ui::draft::ItemOperation;
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::state::use_playground;

/// What the strip shows of one side.
struct StripSide {
    tally: Option<Tally>,
    /// A search's bytes and price (it uses no units).
    search: Option<(u64, f64)>,
    names: UnitNames,
    refused: Option<&'static str>,
}

fn strip_side(preview: &Option<Preview>, names: UnitNames) -> StripSide {
    match preview {
        Some(p) => match &p.outcome {
            Err(error) if p.charges.is_empty() => {
                StripSide { tally: None, search: None, names, refused: Some(error.name()) }
            }
            outcome => StripSide {
                tally: Some(Tally::of(&p.charges)),
                search: p.search_bytes.filter(|_| outcome.is_ok()).map(search_cost),
                names,
                refused: None,
            },
        },
        None => StripSide { tally: None, search: None, names, refused: None },
    }
}

fn strip_figure(side: &StripSide, id: &str, lang: Lang) -> Html {
    match (&side.tally, side.refused) {
        (Some(_), _) if side.search.is_some() => {
            let (bytes, price) = side.search.unwrap_or_default();
            html! {
                <>
                    <span class="strip-figure" id={id.to_string()}>{ lang.tr().vector_search_headline(&lang.count(bytes)) }</span>
                    <span class="strip-price">{ lang.dollars(&dollars(price)) }</span>
                </>
            }
        }
        (Some(tally), _) => html! {
            <>
                <span class="strip-figure" id={id.to_string()}>{ lang.figure(&tally.text(side.names)) }</span>
                <span class="strip-price">{ lang.dollars(&dollars(tally.price())) }</span>
            </>
        },
        (None, Some(error)) => {
            html! { <span class="strip-figure refused" id={id.to_string()}>{ format!("{}: {error}", lang.t(Msg::Refused)) }</span> }
        }
        (None, None) => html! { <span class="strip-figure muted" id={id.to_string()}>{ "—" }</span> },
    }
}

/// "B costs 3× less than A", from the two sides' units.
fn comparison(a: &StripSide, b: &StripSide, lang: Lang) -> Option<String> {
    let (a, b) = (a.tally?, b.tally?);
    let (a, b) = (a.read + a.write, b.read + b.write);
    if a <= 0.0 || b <= 0.0 {
        return None;
    }
    let ratio = |big: f64, small: f64| {
        let r = big / small;
        if (r - r.round()).abs() < 0.05 {
            lang.figure(&format!("{}×", r.round()))
        } else {
            lang.figure(&format!("{r:.1}×"))
        }
    };
    Some(if (a - b).abs() < f64::EPSILON {
        lang.t(Msg::CostSame).to_string()
    } else if b < a {
        lang.tr().cost_ratio(&ratio(a, b), true)
    } else {
        lang.tr().cost_ratio(&ratio(b, a), false)
    })
}

/// The operation a side holds, by name ("" for none).
fn operation_of_side(input: &Option<(SideRequest, ItemOperation)>) -> &'static str {
    input.as_ref().map_or("", |(_, op)| op.name())
}

#[component]
pub fn Console() -> Html {
    let lang = use_lang();
    let state = use_playground();
    let console = use_context::<ConsoleContext>();

    // The two dry runs, before any early return (hooks run in order).
    let inputs = |side: usize| -> Option<(SideRequest, ItemOperation)> {
        let (state, console) = (state.as_ref()?, console.as_ref()?);
        let draft = console.draft(side);
        Some((side_request(state, draft), draft.operation))
    };
    let (a, b) = (inputs(0), inputs(1));
    let compare = console.as_ref().is_some_and(|c| c.compare);
    let version = state.as_ref().map_or(0, |s| s.data_version);
    let engine = state.as_ref().map(|s| Rc::clone(&s.engine));
    let key = |input: &Option<(SideRequest, ItemOperation)>, on: bool| {
        input.as_ref().filter(|_| on).map(|(side, op)| (*op, side.request.clone().ok()))
    };
    let preview_a = {
        let engine = engine.clone();
        use_memo((key(&a, true), version), move |(input, _)| {
            let (operation, request) = input.as_ref()?;
            run_preview(engine.as_ref()?, *operation, request.as_ref()?)
        })
    };
    let preview_b = use_memo((key(&b, compare), version), move |(input, _)| {
        let (operation, request) = input.as_ref()?;
        run_preview(engine.as_ref()?, *operation, request.as_ref()?)
    });

    let (Some(state), Some(console)) = (state, console) else { return html! {} };
    let names = |input: &Option<(SideRequest, ItemOperation)>| {
        input.as_ref().and_then(|(side, _)| side.facts.as_ref()).map_or(UnitNames::PROVISIONED, |f| f.names)
    };
    let side_a = strip_side(&preview_a, names(&a));
    let side_b = strip_side(&preview_b, names(&b));

    let toggle_compare = {
        let console = console.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                console.dispatch(ConsoleAction::SetCompare(input.checked()));
            }
        })
    };
    let no_tables = state.engine.try_borrow().map(|engine| engine.tables().next().is_none()).unwrap_or(true);
    // The footprint drawn is the side used last's (side A unless comparing).
    let (footprint_operation, footprint_preview) = if compare && console.active == 1 {
        (operation_of_side(&b), preview_b.clone())
    } else {
        (operation_of_side(&a), preview_a.clone())
    };
    let operation_of = |input: &Option<(SideRequest, ItemOperation)>| input.as_ref().map_or("", |(_, op)| op.name());
    let strip = if compare {
        html! {
            <div class="cost-strip" id="cost-strip" aria-label={lang.t(Msg::LiveCostBoth)}>
                <span class="strip-label">{ lang.t(Msg::LiveCost) }</span>
                <span class="strip-side"><span class="side-badge">{ "A" }</span>{ strip_figure(&side_a, "strip-a", lang) }</span>
                <span class="strip-side"><span class="side-badge">{ "B" }</span>{ strip_figure(&side_b, "strip-b", lang) }</span>
                if let Some(text) = comparison(&side_a, &side_b, lang) { <span class="strip-compare" id="strip-compare">{ text }</span> }
            </div>
        }
    } else {
        html! {
            <div class="cost-strip" id="cost-strip" aria-label={lang.t(Msg::LiveCost)}>
                <span class="strip-label">{ lang.tr().live_cost_of(operation_of(&a)) }</span>
                <span class="strip-side">{ strip_figure(&side_a, "strip-a", lang) }</span>
                <span class="strip-note">{ lang.t(Msg::DryRun) }</span>
            </div>
        }
    };

    html! {
        <div class={classes!("console", compare.then_some("comparing"))} id="console">
            <div class="console-bar">
                <p class="hint console-intro">
                    { lang.t(Msg::ConsoleIntro) }
                    <kbd>{ lang.t(Msg::KeyCtrl) }</kbd>{ "/" }<kbd>{ "⌘" }</kbd>{ " + " }<kbd>{ "Enter" }</kbd>{ lang.t(Msg::RunsIt) }
                </p>
                <label class="check compare-toggle">
                    <input type="checkbox" id="compare-toggle" checked={compare} onchange={toggle_compare} />
                    { lang.t(Msg::CompareTwo) }
                </label>
            </div>
            if no_tables {
                <p class="notice">{ lang.t(Msg::ConsoleNoTable) }</p>
            }
            { strip }
            <div class={classes!("builders", compare.then_some("two"))}>
                <OperationBuilder side={0} preview={preview_a} />
                if compare { <OperationBuilder side={1} preview={preview_b.clone()} /> }
            </div>
            <FootprintView operation={AttrValue::from(footprint_operation)} preview={footprint_preview} />
            <ResultsView console={console.dispatcher()} />
            <div class="console-lower">
                <SavedOperations />
                <CodeView />
                <HistoryView console={console.dispatcher()} />
            </div>
        </div>
    }
}
