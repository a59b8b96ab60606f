//! The header's Lessons menu and presenter-mode switch, and the listener
//! that opens lesson links (`#lesson=<id>`, at start and when the address
//! changes).
//!
//! Opening a lesson keeps the current playground (see
//! [`super::lesson_nav`]), so it never needs to ask first.

use std::rc::Rc;

use gloo_events::EventListener;
use yew::prelude::*;

use super::lesson_bus::{BusAction, LessonBusContext};
use super::lesson_nav::{self, link_in_url, open_lesson, presenter_saved, set_presenter};
use crate::scenario::lessons;
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::persist;
use crate::ui::state::{use_playground, Action, PlaygroundContext};

#[component]
pub fn LessonsMenu() -> Html {
    let lang = use_lang();
    let state = use_playground();
    let bus = use_context::<LessonBusContext>();
    let open = use_state(|| false);
    let presenter = use_state(presenter_saved);
    use_effect_with(*presenter, |on| set_presenter(*on));
    // The newest state, for the hashchange listener installed once.
    let latest = use_mut_ref(|| None::<(PlaygroundContext, Lang)>);
    *latest.borrow_mut() = state.clone().map(|state| (state, lang));
    {
        let latest = Rc::clone(&latest);
        let presenter = presenter.clone();
        use_effect_with((), move |_| {
            let follow = move || {
                let Some(link) = link_in_url() else { return };
                persist::set_fragment("");
                if link.presenter {
                    presenter.set(true);
                }
                let Some((state, lang)) = latest.try_borrow().ok().and_then(|s| s.clone()) else { return };
                if let Err(notice) = open_lesson(&state, &link.id, link.step, lang) {
                    state.dispatch(Action::Notify(Some(notice)));
                }
            };
            follow();
            // Removed when dropped, with the effect.
            let listener = web_sys::window().map(|window| EventListener::new(&window, "hashchange", move |_| follow()));
            move || drop(listener)
        });
    }
    let (Some(state), Some(bus)) = (state, bus) else { return html! {} };

    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let toggle_presenter = {
        let presenter = presenter.clone();
        Callback::from(move |_: MouseEvent| presenter.set(!*presenter))
    };
    let current = lesson_nav::open_id(&state);
    let entries = lessons::CATALOG.iter().map(|lesson| {
        let onclick = {
            let (state, bus, open, id) = (state.clone(), bus.dispatcher(), open.clone(), lesson.id);
            Callback::from(move |_: MouseEvent| {
                open.set(false);
                match open_lesson(&state, id, 0, lang) {
                    Ok(()) => bus.dispatch(BusAction::ShowTab("tab-items")),
                    Err(notice) => state.dispatch(Action::Notify(Some(notice))),
                }
            })
        };
        let selected = current.as_deref() == Some(lesson.id);
        html! {
            <li>
                <button type="button" class={classes!("lesson-entry", selected.then_some("selected"))}
                    data-lesson={lesson.id} {onclick}>
                    <span class="lesson-entry-title">{ lesson.title_in(lang) }</span>
                    if !lesson.seed.is_empty() {
                        <span class="lesson-entry-seed">{ lang.tr().seed(lesson.seed) }</span>
                    }
                </button>
            </li>
        }
    });
    html! {
        <nav class="lessons-menu" aria-label={lang.t(Msg::LessonsLabel)}>
            <button type="button" id="btn-lessons" class="topbar-button" onclick={toggle}
                aria-expanded={open.to_string()} aria-controls="lesson-list">{ lang.t(Msg::LessonsLabel) }</button>
            <button type="button" id="btn-presenter" class={classes!("topbar-button", presenter.then_some("on"))}
                onclick={toggle_presenter} aria-pressed={presenter.to_string()}
                title={lang.t(Msg::PresenterTitle)}>{ lang.t(Msg::Presenter) }</button>
            if *open {
                <ol class="lesson-list" id="lesson-list">{ for entries }</ol>
            }
        </nav>
    }
}
