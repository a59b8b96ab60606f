//! The open lesson, above the tabs: its summary, the step at hand (step n
//! of m, what to run, what to notice, Previous/Next) and the access-pattern
//! checklist.
//!
//! ```text
//!   ┌ GameScores and GameTitleIndex · seed 000 ─────────── [Close lesson] ┐
//!   │ summary · terms                                                      │
//!   │ Step 3 of 6  The top score of a game                                 │
//!   │ what to notice …                                                     │
//!   │ [Load into console]                         [← Previous] [Next →]    │
//!   │ ▸ Access patterns: ✓ Query … ✗ only by Scan: 12 items, 0.5 RCU       │
//!   └──────────────────────────────────────────────────────────────────────┘
//! ```
//!
//! In presenter mode the arrow keys step through the lesson (← previous,
//! → next), except while the focus is in a field or on the tab bar, whose
//! own arrows switch tabs.

use std::rc::Rc;

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::lesson_bus::LessonBusContext;
use super::lesson_checklist::LessonChecklist;
use super::lesson_nav::{self, action_label, go_to, has_stash, open_id, presenter_on, step_of};
use crate::scenario::lessons;
use crate::ui::language::{use_lang, Msg, Said};
use crate::ui::query::console_state::ConsoleContext;
use crate::ui::state::{use_playground, Action, EngineHandle, Notice, PlaygroundContext};

/// Whether a key press belongs to whatever has the focus.
fn typing(event: &KeyboardEvent) -> bool {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return false };
    let tag = target.tag_name().to_ascii_uppercase();
    let editable = target.dyn_ref::<web_sys::HtmlElement>().is_some_and(|e| e.is_content_editable());
    matches!(tag.as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        || editable
        || target.get_attribute("role").as_deref() == Some("tab")
}

#[component]
pub fn LessonPanel() -> Html {
    let lang = use_lang();
    let state = use_playground();
    let console = use_context::<ConsoleContext>();
    let bus = use_context::<LessonBusContext>();
    let id = state.as_ref().and_then(|s| open_id(s));
    // A lesson reopened from the autosave or a share link may not be
    // fetched yet, nor its texts in a language just chosen: fetch them into
    // the playground's library, and the memo reads the lesson again when
    // they arrive. The step and the data are the playground's, untouched by
    // a switch.
    let library = state.as_ref().map(|s| Rc::clone(&s.lessons));
    {
        let state = state.clone();
        use_effect_with((id.clone(), lang), move |(id, lang)| {
            if let (Some(id), Some(state)) = (id.as_ref(), state) {
                if !state.lessons.is_available(id) || !state.lessons.has_overlay_answer(id, *lang) {
                    lesson_nav::fetch_lesson(&state, id, *lang, |_| ());
                }
            }
        });
    }
    let lesson = use_memo((id, lang, library), |(id, lang, library)| {
        let library = library.as_ref()?;
        id.as_ref().and_then(|id| library.lesson_in(id, *lang).ok()).map(Rc::new)
    });
    // The newest state, for the key listener installed once.
    let latest = use_mut_ref(|| None::<(PlaygroundContext, Option<Rc<lessons::Lesson>>)>);
    if let Some(state) = &state {
        *latest.borrow_mut() = Some((state.clone(), (*lesson).clone()));
    }
    {
        let latest = Rc::clone(&latest);
        use_effect_with((), move |_| {
            let on_key = move |e: &Event| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else { return };
                let step = match e.key().as_str() {
                    "ArrowRight" => 1isize,
                    "ArrowLeft" => -1,
                    _ => return,
                };
                if !presenter_on() || typing(e) || e.alt_key() || e.ctrl_key() || e.meta_key() {
                    return;
                }
                let Ok(current) = latest.try_borrow() else { return };
                let Some((state, Some(lesson))) = current.as_ref() else { return };
                e.prevent_default();
                let at = step_of(state) as isize + step;
                if at >= 0 && (at as usize) < lesson.steps.len() {
                    go_to(state, lesson, at as usize);
                }
            };
            // Removed when dropped, with the effect.
            let listener = web_sys::window().map(|window| EventListener::new(&window, "keydown", on_key));
            move || drop(listener)
        });
    }

    let (Some(state), Some(console), Some(bus), Some(lesson)) = (state, console, bus, (*lesson).clone()) else {
        return html! {};
    };
    let count = lesson.steps.len();
    let at = step_of(&state).min(count.saturating_sub(1));
    let step = lesson.steps.get(at).cloned();
    let goto = |n: usize| {
        let (state, lesson) = (state.clone(), Rc::clone(&lesson));
        Callback::from(move |_: MouseEvent| go_to(&state, &lesson, n))
    };
    let perform = step.clone().map(|step| {
        let (state, console, bus) = (state.clone(), console.dispatcher(), bus.dispatcher());
        Callback::from(move |_: MouseEvent| lesson_nav::perform(&state, &console, &bus, &step))
    });
    let close = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| lesson_nav::close(&state))
    };
    let restore = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            if let Err(failure) = lesson_nav::restore(&state) {
                state.dispatch(Action::Notify(Some(Notice::worded(true, Said::NotRestored(failure)))));
            }
        })
    };
    let link = format!("#{}", lesson.fragment());
    html! {
        <section class="card lesson-panel" id="lesson-panel" aria-labelledby="lesson-title" data-lesson={lesson.id.clone()}>
            <div class="lesson-head">
                <h2 id="lesson-title">{ &lesson.title }</h2>
                if !lesson.seed.is_empty() {
                    <span class="lesson-seed">{ lang.tr().seed(&lesson.seed) }</span>
                }
                <a class="lesson-link" href={link.clone()} title={lang.t(Msg::LessonLinkTitle)}>{ link }</a>
                <span class="spacer"></span>
                if has_stash() {
                    <button type="button" id="lesson-restore" class="quiet" onclick={restore}
                        title={lang.t(Msg::RestoreTitle)}>{ lang.t(Msg::Restore) }</button>
                }
                <button type="button" id="lesson-close" class="quiet" onclick={close}
                    title={lang.t(Msg::CloseLessonTitle)}>{ lang.t(Msg::CloseLesson) }</button>
            </div>
            <p class="lesson-summary">{ &lesson.summary }</p>
            if !lesson.terms.is_empty() {
                <p class="lesson-terms">{ lesson.terms.join(" · ") }</p>
            }
            if let Some(step) = &step {
                <div class="lesson-step" id="lesson-step" aria-live="polite">
                    <p class="step-count" id="lesson-step-count">{ lang.tr().step_of(at + 1, count) }</p>
                    <h3 id="lesson-step-title">{ &step.title }</h3>
                    <p class="step-text" id="lesson-step-text">{ &step.text }</p>
                    <div class="step-actions">
                        if let (Some(label), Some(perform)) = (action_label(step), perform) {
                            <button type="button" id="lesson-step-action" class="primary" onclick={perform}>{ lang.t(label) }</button>
                        }
                        <span class="spacer"></span>
                        <button type="button" id="lesson-prev" class="secondary" onclick={goto(at.saturating_sub(1))}
                            disabled={at == 0}>{ lang.t(Msg::Previous) }</button>
                        <button type="button" id="lesson-next" class="secondary" onclick={goto(at + 1)}
                            disabled={at + 1 >= count}>{ lang.t(Msg::Next) }</button>
                    </div>
                </div>
            }
            <LessonChecklist lesson={Rc::clone(&lesson)} engine={EngineHandle(Rc::clone(&state.engine))}
                version={state.data_version} />
        </section>
    }
}
