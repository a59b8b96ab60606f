//! The design review panel: the scenario's access patterns run at their
//! rates against the user's own tables and GSIs, second by second
//! ([`ReviewRun`]: on the playground as its share link carries it, read into
//! an engine of the run's own, so nothing in the playground changes and the
//! same link always gives the same review), then the one-page review
//! ([`ReviewReport`]): verdicts with their evidence, the monthly cost, the
//! hot spots and the fixes, with a partition × time heatmap of each table
//! and GSI the traffic reached.
//!
//! The run advances in frames of a few milliseconds, as the hot-key lab's
//! does, so the tab never freezes: Pause and Step work at any moment. The
//! run and whether it plays are kept in a [`ReviewSession`] (the panels'
//! wasm keeps one per page, [`review_module`](super::review_module)), which
//! outlives the panel (switch to Items and back: the run is still there,
//! playing on if it was, and *Run review* continues a paused one) and
//! decides which frames may advance the run, so Pause stops it at the
//! second it shows. A change to the data or the patterns makes the run
//! stale: it is dropped rather than shown for a design that is no longer
//! there.
//!
//! The review is exported as Markdown (a download, or the clipboard) and
//! printed on its own (the print style sheet hides the rest of the page).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::Duration;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::engine::partition::{PARTITION_MAX_RCU, PARTITION_MAX_WCU};
use crate::engine::review::{AccessPattern, Review, ReviewRun};
use crate::engine::Engine;
use crate::i18n::{Lang, Msg};
use crate::page_model::review_report::{Grid, ReviewReport};
use crate::ui::browser::copy_text;
use crate::ui::charts::heatmap::{heatmap, HeatmapInput};
use crate::ui::frames;
use crate::ui::language::use_lang;
use crate::ui::persist::download;
use crate::ui::review::review_session::{Design, ReviewSession};

/// Time between two frames of a run.
const FRAME: Duration = Duration::from_millis(50);
/// Engine seconds one frame may simulate before yielding to the page.
const FRAME_BUDGET_MILLIS: f64 = 40.0;

fn grid(id: &str, grid: &Grid) -> Html {
    html! {
        <table class="review-table" id={id.to_string()}>
            <thead><tr>{ for grid.header.iter().map(|h| html! { <th scope="col">{ h }</th> }) }</tr></thead>
            <tbody>
                { for grid.rows.iter().map(|row| html! {
                    <tr>{ for row.iter().zip(&grid.header).map(|(c, h)| html! { <td data-label={h.clone()}>{ c }</td> }) }</tr>
                }) }
            </tbody>
        </table>
    }
}

fn report_view(report: &ReviewReport) -> Html {
    // Every column but the last, the evidence.
    let columns = report.pattern_header.split_last().map_or(&[][..], |(_, rest)| rest);
    let evidence_label = report.pattern_header.last().cloned().unwrap_or_default();
    html! {
        <article class="review-report" id="review-report">
            <p class="review-intro">{ &report.intro }</p>
            <h3>{ &report.design_heading }</h3>
            <ul id="review-design">{ for report.design.iter().map(|l| html! { <li>{ l }</li> }) }</ul>
            <h3>{ &report.patterns_heading }</h3>
            // Scrollable when narrow: the keyboard reaches it too.
            <div class="review-scroll" tabindex="0" role="region" aria-label={report.patterns_heading.clone()}>
                <table class="review-table" id="review-patterns">
                    <thead><tr>{ for columns.iter().map(|h| html! { <th scope="col">{ h }</th> }) }</tr></thead>
                    { for report.patterns.iter().map(|line| {
                        let (cells, evidence) = line.cells.split_at(columns.len().min(line.cells.len()));
                        html! {
                            <tbody class="review-pattern" data-verdict={line.verdict.class()}>
                                <tr>
                                    { for cells.iter().zip(columns).enumerate().map(|(i, (c, h))| if i == 0 {
                                        html! { <td><span class={classes!("verdict", line.verdict.class())}>{ c }</span></td> }
                                    } else {
                                        // The label a phone shows beside the value (see style.css).
                                        html! { <td data-label={h.clone()}>{ c }</td> }
                                    }) }
                                </tr>
                                // The evidence is long (an error, the reasons): a row of its own.
                                <tr class="review-evidence">
                                    <td colspan={columns.len().to_string()}>
                                        { for evidence.iter().map(|e| html! { <>{ format!("{evidence_label}: ") }{ e }</> }) }
                                    </td>
                                </tr>
                            </tbody>
                        }
                    }) }
                </table>
            </div>
            <h3>{ &report.cost_heading }</h3>
            <div class="review-scroll" tabindex="0" role="region" aria-label={report.cost_heading.clone()}>
                { grid("review-cost", &report.cost) }
            </div>
            <p class="hint">{ &report.prices_note }</p>
            <h3>{ &report.hot_heading }</h3>
            <ul id="review-hot-spots">{ for report.hot_spots.iter().map(|l| html! { <li>{ l }</li> }) }</ul>
            <h3>{ &report.fix_heading }</h3>
            <ul id="review-fixes">{ for report.fixes.iter().map(|l| html! { <li>{ l }</li> }) }</ul>
        </article>
    }
}

/// How many of a table's busiest keys the review lists.
const TOP_KEYS: usize = 5;

/// The heatmap and the busiest keys of every table and GSI the run's
/// traffic reached, hottest first.
fn heatmaps(run: &ReviewRun, review: &Review, lang: Lang) -> Html {
    let engine = run.engine();
    let start = run.start_second();
    let to = start + u64::from(run.seconds_done());
    let maps = review.hot_spots.iter().enumerate().filter_map(|(i, spot)| {
        let metrics = engine.metrics(&spot.table, spot.index.as_deref(), start, to, TOP_KEYS).ok()?;
        let reads = metrics.samples.iter().map(|s| s.consumed_read).sum::<f64>();
        let writes = metrics.samples.iter().map(|s| s.consumed_write).sum::<f64>();
        // The scale of the kind of units the traffic mostly used.
        let (limit, unit) = if writes >= reads { (PARTITION_MAX_WCU, "WCU") } else { (PARTITION_MAX_RCU, "RCU") };
        let input = HeatmapInput {
            samples: &metrics.samples,
            start_second: start,
            done: run.seconds_done(),
            seconds: run.seconds(),
            partitions: spot.partitions,
            limit: Some(limit),
            unit,
        };
        let title = match &spot.index {
            Some(index) => format!("{}/{index}", spot.table),
            None => spot.table.clone(),
        };
        let id = format!("review-heatmap-{i}");
        Some(html! {
            <div class="review-heatmap">
                <h4>{ title }</h4>
                { heatmap(&id, &input, lang) }
                <table class="lab-top" id={format!("review-top-keys-{i}")}>
                    <caption>{ lang.t(Msg::TopKeysWholeRun) }</caption>
                    <thead><tr><th>{ lang.t(Msg::ColKey) }</th><th>{ lang.t(Msg::ColRequestsLower) }</th><th>{ lang.t(Msg::ColThrottled) }</th></tr></thead>
                    <tbody>
                        { for metrics.top_keys.iter().map(|k| html! {
                            <tr><td><code>{ &k.key }</code></td><td>{ lang.count(k.accesses) }</td><td>{ lang.count(k.throttles) }</td></tr>
                        }) }
                    </tbody>
                </table>
            </div>
        })
    });
    html! { <div class="review-heatmaps">{ for maps }</div> }
}

/// The review with each pattern that has a label under it: the scenario
/// keeps a lesson's patterns by their English names, the report speaks the
/// reader's language.
fn labelled(mut review: Review, labels: &BTreeMap<String, String>) -> Review {
    for pattern in &mut review.patterns {
        if let Some(label) = labels.get(&pattern.name) {
            pattern.name.clone_from(label);
        }
    }
    review
}

/// Plays the session's run: a frame every [`FRAME`] simulates the seconds
/// [`FRAME_BUDGET_MILLIS`] allows and re-renders the panel through `frame`,
/// until the run ends, is paused or dropped, or another play replaces this one.
fn play(session: &Rc<RefCell<ReviewSession>>, frame: &UseStateSetter<u64>) {
    let Ok(mut s) = session.try_borrow_mut() else { return };
    let Some(ticket) = s.play() else { return };
    frame.set(s.frames);
    drop(s);
    let session = Rc::clone(session);
    frames::run(FRAME, frame.clone(), move || {
        let mut s = session.try_borrow_mut().ok()?;
        let more = s.tick(ticket, FRAME_BUDGET_MILLIS, js_sys::Date::now);
        Some((s.frames, more))
    });
}

#[derive(Properties)]
pub struct DesignReviewProps {
    /// The run and whether it plays, kept while the panel is not shown.
    pub session: Rc<RefCell<ReviewSession>>,
    /// The playground's data version: a run of older data is dropped.
    pub version: u64,
    /// The scenario's access patterns, in the author's order.
    pub patterns: Rc<Vec<AccessPattern>>,
    /// The open lesson's labels of its patterns, in the page's language.
    pub labels: Rc<BTreeMap<String, String>>,
    /// The engine to review, asked when a run starts: the playground as its
    /// share link carries it, or why it could not be had.
    pub playground: Callback<(), Result<Engine, String>>,
}

impl PartialEq for DesignReviewProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.session, &other.session)
            && self.version == other.version
            && self.patterns == other.patterns
            && self.labels == other.labels
            && self.playground == other.playground
    }
}

#[component]
pub fn DesignReview(props: &DesignReviewProps) -> Html {
    let lang = use_lang();
    let words = lang.review();
    let session = Rc::clone(&props.session);
    // A kept run's length, or a minute.
    let seconds = use_state(|| session.borrow().run().map_or(60, ReviewRun::seconds).to_string());
    // Set (to the session's count of changes) whenever the run moved or
    // started or stopped playing: what re-renders the panel.
    let frame = use_state(|| 0u64);
    let error = use_state(|| None::<String>);
    let copied = use_state(|| false);

    // A run that was playing when the panel was left plays on when it is
    // back; leaving stops its frames.
    {
        let (session, frame) = (Rc::clone(&session), frame.setter());
        use_effect_with((), move |_| {
            if session.try_borrow().is_ok_and(|s| s.is_playing()) {
                play(&session, &frame);
            }
            move || {
                if let Ok(mut s) = session.try_borrow_mut() {
                    s.leave();
                }
            }
        });
    }

    // A review of a design that changed is dropped, here rather than in an
    // effect, so it is never drawn nor played on.
    let design: Design = Some((props.version, Rc::clone(&props.patterns)));
    if let Ok(mut s) = session.try_borrow_mut() {
        s.follow(design);
    }
    let labels = &props.labels;
    let patterns = props.patterns.as_ref().clone();

    // Starts a new run, paused; a refusal is shown.
    let start = {
        let (session, seconds, error, patterns) =
            (Rc::clone(&session), seconds.clone(), error.clone(), patterns.clone());
        let playground = props.playground.clone();
        move || -> bool {
            let Ok(secs) = seconds.trim().parse::<u32>() else {
                error.set(Some(lang.review().seconds_needed.to_string()));
                return false;
            };
            let engine = match playground.emit(()) {
                Ok(engine) => engine,
                Err(reason) => {
                    error.set(Some(reason));
                    return false;
                }
            };
            match engine.into_review(&patterns, secs) {
                Ok(r) => {
                    if let Ok(mut s) = session.try_borrow_mut() {
                        s.start(r);
                    }
                    error.set(None);
                    true
                }
                Err(e) => {
                    error.set(Some(format!("{}: {}", e.name(), e.message())));
                    false
                }
            }
        }
    };
    let onrun = {
        let (start, session, seconds, frame) = (start.clone(), Rc::clone(&session), seconds.clone(), frame.setter());
        Callback::from(move |_: MouseEvent| {
            // A paused run of as many seconds continues; otherwise a new one starts.
            let wanted = seconds.trim().parse::<u32>().ok();
            let paused = session.borrow().run().is_some_and(|r| !r.is_finished() && Some(r.seconds()) == wanted);
            if paused || start() {
                play(&session, &frame);
            }
        })
    };
    // Pause and Step change the session at once, not this render's idea of it.
    let onpause = {
        let (session, frame) = (Rc::clone(&session), frame.setter());
        Callback::from(move |_: MouseEvent| {
            if let Ok(mut s) = session.try_borrow_mut() {
                s.pause();
                frame.set(s.frames);
            }
        })
    };
    let onstep = {
        let (session, frame, start) = (Rc::clone(&session), frame.setter(), start.clone());
        Callback::from(move |_: MouseEvent| {
            let fresh = session.borrow().run().is_none_or(ReviewRun::is_finished);
            if fresh && !start() {
                return;
            }
            if let Ok(mut s) = session.try_borrow_mut() {
                s.step();
                frame.set(s.frames);
            }
        })
    };
    let onseconds = {
        let seconds = seconds.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                seconds.set(input.value());
            }
        })
    };

    let slot = session.borrow();
    let review = slot.run().map(ReviewRun::report);
    let review = review.map(|review| labelled(review, labels));
    // The run's engine has the playground's tables, billing modes and keys:
    // the review's traffic changes none of them.
    let report =
        review.as_ref().zip(slot.run()).map(|(review, run)| ReviewReport::new(review, &patterns, run.engine(), lang));
    let markdown = report.as_ref().map(ReviewReport::markdown);
    let onexport = {
        let markdown = markdown.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = &markdown {
                let _ = download("design-review.md", "text/markdown", text);
            }
        })
    };
    let oncopy = {
        let (markdown, copied) = (markdown.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = &markdown {
                let copied = copied.clone();
                copy_text(text, move |ok| copied.set(ok));
            }
        })
    };
    let onprint = Callback::from(|_: MouseEvent| {
        if let Some(window) = web_sys::window() {
            let _ = window.print();
        }
    });
    let progress = slot.run().map(|r| (r.seconds_done(), r.seconds()));
    let running = slot.is_playing();
    html! {
        <section class="card design-review" id="design-review" aria-labelledby="design-review-title">
            <div class="card-head">
                <h2 id="design-review-title">{ words.title }</h2>
            </div>
            <p class="hint no-print">{ words.hint }</p>
            <div class="review-controls no-print">
                <label for="review-seconds">{ words.seconds_label }</label>
                <input id="review-seconds" type="text" inputmode="numeric" value={(*seconds).clone()} oninput={onseconds} />
                if running {
                    <button type="button" id="review-pause" onclick={onpause}>{ words.pause }</button>
                } else {
                    <button type="button" id="review-run" class="primary" disabled={patterns.is_empty()} onclick={onrun}>{ words.run }</button>
                }
                <button type="button" id="review-step" class="quiet" disabled={patterns.is_empty()} onclick={onstep}>{ words.step }</button>
                if let Some((done, of)) = progress {
                    <progress id="review-progress" max={of.to_string()} value={done.to_string()}></progress>
                    <span class="hint" id="review-progress-text" aria-live="polite">{ (words.progress)(done, of) }</span>
                }
            </div>
            if let Some(message) = &*error {
                <p class="error-box" role="alert" id="review-error">{ message }</p>
            }
            if let Some(report) = &report {
                <div class="review-actions no-print">
                    <button type="button" id="review-export" onclick={onexport}>{ words.export_markdown }</button>
                    <button type="button" id="review-copy" class="quiet" onclick={oncopy}>{ words.copy_markdown }</button>
                    <button type="button" id="review-print" class="quiet" onclick={onprint}>{ words.print }</button>
                    if *copied {
                        <span class="hint" role="status">{ words.copied }</span>
                    }
                </div>
                { report_view(report) }
                if let (Some(r), Some(review)) = (slot.run(), review.as_ref()) {
                    <h3>{ words.heatmaps }</h3>
                    { heatmaps(r, review, lang) }
                }
                <details class="review-markdown no-print">
                    <summary>{ "Markdown" }</summary>
                    <pre id="review-markdown">{ markdown.clone().unwrap_or_default() }</pre>
                </details>
            }
        </section>
    }
}
