//! The header's Exercises menu — the built-in exercises — and the listener
//! that opens exercise links (`#exercise=<id>` for a built-in, `#exercise1=…`
//! for one that carries its document) and hand-in links (`#handin1=…`), at
//! start and when the address changes. Without a link, the exercise open at
//! the last visit opens again.

use std::rc::Rc;

use gloo_events::EventListener;
use yew::prelude::*;

use super::host::ExerciseHost;
use super::module::Request;
use super::open;
use crate::scenario::exercises::CATALOG;
use crate::ui::language::{use_lang, Lang};
use crate::ui::persist;

/// The catalogue's title of `id` in `lang`.
pub fn title(id: &str, lang: Lang) -> &'static str {
    let index = match lang {
        Lang::En => 0,
        Lang::De => 1,
        Lang::Ja => 2,
    };
    CATALOG.iter().find(|e| e.id == id).and_then(|e| e.titles.get(index).copied()).unwrap_or_default()
}

#[component]
pub fn ExercisesMenu() -> Html {
    let lang = use_lang();
    let context = use_context::<ExerciseHost>();
    let open_list = use_state(|| false);
    let latest = use_mut_ref(|| None::<ExerciseHost>);
    *latest.borrow_mut() = context.clone();
    {
        let latest = Rc::clone(&latest);
        use_effect_with((), move |_| {
            let follow = move |at_start: bool| {
                let Some(context) = latest.try_borrow().ok().and_then(|c| c.clone()) else { return };
                if let Some(link) = open::hand_in_in_url() {
                    persist::set_fragment("");
                    return context.ask(Request::HandIn(link));
                }
                if let Some(link) = open::exercise_link_in_url() {
                    persist::set_fragment("");
                    return context.ask(Request::Link(link));
                }
                match open::link_in_url() {
                    Some(id) => {
                        persist::set_fragment("");
                        context.ask(Request::Open(id));
                    }
                    None if at_start => {
                        if let Some(id) = open::remembered() {
                            context.ask(Request::Remembered(id));
                        }
                    }
                    None => {}
                }
            };
            follow(true);
            let listener =
                web_sys::window().map(|window| EventListener::new(&window, "hashchange", move |_| follow(false)));
            move || drop(listener)
        });
    }
    let Some(context) = context else { return html! {} };
    let words = lang.exercise();
    let toggle = {
        let (open_list, context) = (open_list.clone(), context.clone());
        Callback::from(move |_: MouseEvent| {
            if !*open_list {
                context.prepare();
            }
            open_list.set(!*open_list)
        })
    };
    let current = Some((*context.shown).clone()).filter(|id| !id.is_empty());
    let entries = CATALOG.iter().map(|entry| {
        let onclick = {
            let (context, open_list, id) = (context.clone(), open_list.clone(), entry.id);
            Callback::from(move |_: MouseEvent| {
                open_list.set(false);
                context.ask(Request::Open(id.to_string()));
            })
        };
        let selected = current.as_deref() == Some(entry.id);
        html! {
            <li>
                <button type="button" class={classes!("lesson-entry", selected.then_some("selected"))}
                    data-exercise={entry.id} {onclick}>
                    <span class="lesson-entry-title">{ title(entry.id, lang) }</span>
                </button>
            </li>
        }
    });
    html! {
        <nav class="lessons-menu exercises-menu" aria-label={words.menu}>
            <button type="button" id="btn-exercises" class="topbar-button" onclick={toggle}
                aria-expanded={open_list.to_string()} aria-controls="exercise-list">{ words.menu }</button>
            if *open_list {
                <ol class="lesson-list" id="exercise-list">
                    { for entries }
                    <li class="exercise-list-tool">
                        <a class="lesson-entry" id="link-lecturer" href="lecturer.html" target="_blank">
                            <span class="lesson-entry-title">{ words.lecturer_tools }</span>
                        </a>
                    </li>
                </ol>
            }
        </nav>
    }
}
