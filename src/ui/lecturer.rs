//! The lecturer's page (`lecturer.html`): the class view of many hand-ins
//! and Make an exercise, on a page of their own.
//!
//! ```text
//!   lecturer.html ── ddb-lecturer.js / ddb-lecturer_bg.wasm (src/bin/lecturer.rs)
//!     LecturerApp ── use_reducer(the playground this browser saved) ── PlaygroundContext
//!       header: the page's title, the language, a link back to the playground
//!       ClassView      hand-in links → one checked row each; Open → the playground, in a new tab
//!       MakeExercise   the saved playground's items and patterns → an exercise link
//! ```
//!
//! **Why a page of its own.** Everyone who opens the playground downloads
//! its wasm, on a phone in a lecture hall too; the lecturer's tools are for
//! one person in the room. Built as a second binary, they cost the
//! students' page nothing: each wasm holds only the code its own page
//! reaches, and both are built from this one library.
//!
//! **The playground it reads.** Make an exercise works on the playground
//! the playground page autosaved in this browser (`persist::load_saved`),
//! read when the page opens and again on *Read the playground again*; the
//! lecturer's page itself never saves it, so it can change nothing there.
//! A hand-in's Open shows it in the playground page, in a new tab, as its
//! hand-in link would.

use std::collections::BTreeMap;
use std::rc::Rc;

use yew::prelude::*;

use super::exercises::class_view::ClassView;
use super::exercises::make_exercise::MakeExercise;
use super::language::{self, Lang};
use super::page::language_picker::LanguagePicker;
use super::persist;
use super::state::PlaygroundContext;
use crate::scenario::handin::{self, HandIn};

/// What the lecturer's page is given when it is mounted.
#[derive(Properties, Clone, Default, PartialEq)]
pub struct LecturerProps {
    /// The built-in exercises' documents at hand from the start, by id:
    /// none in a page (it fetches them), what a browser test hands in.
    #[prop_or_default]
    pub exercises: Rc<BTreeMap<String, String>>,
    /// Where a hand-in's Open goes: `None` opens the playground page in a
    /// new tab; a browser test takes the hand-in here instead.
    #[prop_or_default]
    pub on_open: Option<Callback<HandIn>>,
}

/// Opens `hand_in` in the playground page (beside this one), in a new tab.
fn open_in_playground(hand_in: &HandIn) {
    let url = format!("./#{}", handin::encode(hand_in));
    if let Some(window) = web_sys::window() {
        let _ = window.open_with_url_and_target(&url, "_blank");
    }
}

#[component]
pub fn LecturerApp(props: &LecturerProps) -> Html {
    let state = use_reducer(persist::saved_playground);
    let language = language::use_page_language(Callback::noop());
    let lang = language.lang;
    use_effect_with(lang, |lang| language::apply_to_document(*lang));
    let words = lang.lecturer();
    let on_open =
        props.on_open.clone().unwrap_or_else(|| Callback::from(|hand_in: HandIn| open_in_playground(&hand_in)));
    let reread = {
        let dispatcher = state.dispatcher();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(persist::read_saved_again()))
    };
    let tables = state.engine.borrow().tables().count();
    html! {
        <ContextProvider<Lang> context={lang}>
        <ContextProvider<PlaygroundContext> context={state}>
            <div class="app lecturer-page">
                <header class="topbar">
                    <h1><span class="brand-mark" aria-hidden="true"></span>{ words.page_title }</h1>
                    <div class="lecturer-controls">
                        <a class="topbar-button" id="lecturer-back" href="./">{ words.back }</a>
                        <LanguagePicker {lang} pending={language.pending} onchange={language.choose} />
                    </div>
                </header>
                <main class="lecturer-main">
                    <p class="hint" id="lecturer-intro">{ words.page_intro }</p>
                    <section class="card class-panel" id="class-panel">
                        <ClassView {on_open} documents={Rc::clone(&props.exercises)} />
                    </section>
                    <section class="lecturer-make">
                        <p id="lecturer-playground">
                            { (words.playground_read)(&lang.count(tables as u64)) }
                            { " " }
                            <button type="button" class="quiet" id="lecturer-reread" onclick={reread}>
                                { words.reread }
                            </button>
                        </p>
                        <MakeExercise />
                    </section>
                </main>
            </div>
        </ContextProvider<PlaygroundContext>>
        </ContextProvider<Lang>>
    }
}

/// Mounts the lecturer's page (its binary's `main`).
pub fn start() {
    super::mount::<LecturerApp>();
}
