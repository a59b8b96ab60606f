//! Opening lessons and doing what their steps say; presenter mode's switch.
//!
//! ```text
//!   #lesson=voting&step=2&presenter=1   (a lecturer's link)  ┐
//!   Lessons ▾ → "Real-time voting"      (the header's menu)  ┴─► open_lesson
//!        the current playground, if it holds anything, is kept under STASH_KEY
//!        (unless it is itself a lesson and older work is kept already;
//!        a copy kept before an earlier lesson becomes a workspace first),
//!        then the lesson's scenario is loaded: tables, items, saved
//!        operations, and the view {"lesson": "voting", "step": 0}
//! ```
//!
//! The open lesson and its step live in the playground's view state, so the
//! autosave, a share link and an export all reopen it where it was. Its
//! texts are in the page's language ([`LessonLibrary::lesson_in`], fetched
//! with the document into the playground's library: [`fetch_lesson`]); the
//! scenario is built from the English document, so a language switch
//! changes the words and nothing else.
//! Presenter mode is a class on the document's root element, remembered in
//! `localStorage` under [`PRESENTER_KEY`].

use std::rc::Rc;

use serde_json::Value;
use yew::prelude::*;

use super::lesson_bus::{BusAction, LessonBus};
use crate::i18n::RestoreFailure;
use crate::scenario::lessons::{self, setup, Lesson, LessonLibrary, Step, StepAction};
use crate::scenario::Scenario;
use crate::ui::browser::{fetch_text, local_storage};
use crate::ui::draft::ItemOperation;
use crate::ui::language::{Lang, Msg, Said};
use crate::ui::page::later::{self, NotLoaded};
use crate::ui::persist;
use crate::ui::query::console_state::{ConsoleAction, ConsoleState};
use crate::ui::state::{Action, Notice, Playground, PlaygroundContext};

/// Where the playground a lesson replaced is kept.
pub const STASH_KEY: &str = "ddb-playground/before-lesson/v1";
/// Where "Restore" moves a kept playground that no longer reads, never
/// deleting it (as the autosave does with [`persist::BACKUP_KEY`]).
pub const STASH_BACKUP_KEY: &str = "ddb-playground/before-lesson/v1.unreadable";
/// "1" while presenter mode is on.
pub const PRESENTER_KEY: &str = "ddb-playground/presenter";
/// The class presenter mode puts on `<html>`.
pub const PRESENTER_CLASS: &str = "presenter";

/// What a lesson link asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonLink {
    pub id: String,
    pub step: usize,
    pub presenter: bool,
}

/// Reads `lesson=<id>[&step=<n>][&presenter=1]` (without the `#`).
pub fn parse_link(fragment: &str) -> Option<LessonLink> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut link = LessonLink { id: String::new(), step: 0, presenter: false };
    for part in fragment.split('&') {
        match part.split_once('=') {
            Some(("lesson", id)) => link.id = id.to_string(),
            Some(("step", n)) => link.step = n.parse::<usize>().map_or(0, |n| n.saturating_sub(1)),
            Some(("presenter", on)) => link.presenter = on == "1",
            _ => {}
        }
    }
    (!link.id.is_empty()).then_some(link)
}

/// The lesson link in the URL, if there is one.
pub fn link_in_url() -> Option<LessonLink> {
    parse_link(&web_sys::window()?.location().hash().ok()?)
}

/// The lesson the playground has open, from its view state.
pub fn open_id(state: &Playground) -> Option<String> {
    state.view.get("lesson").and_then(Value::as_str).map(str::to_string)
}

/// The open lesson's step (0-based).
pub fn step_of(state: &Playground) -> usize {
    state.view.get("step").and_then(Value::as_u64).and_then(|n| usize::try_from(n).ok()).unwrap_or(0)
}

/// Whether a playground kept from before a lesson can be restored.
pub fn has_stash() -> bool {
    local_storage().and_then(|s| s.get_item(STASH_KEY).ok().flatten()).is_some()
}

/// Keeps `current` so a lesson does not lose it: whether it was kept, and
/// the workspace an older kept copy was moved to. Own work is never
/// overwritten by a lesson's playground, nor by other own work: a copy kept
/// before an earlier lesson (when the playground since came from a file, a
/// link or a workspace) becomes a workspace first.
fn stash(current: &Scenario) -> Result<(bool, Option<String>), Said> {
    let empty = current.engine.tables().next().is_none() && current.operations.is_empty();
    let is_lesson = current.view.get("lesson").is_some();
    if empty || (is_lesson && has_stash()) {
        return Ok((false, None));
    }
    let storage = local_storage().ok_or(Said::LessonNotKept { no_storage: true })?;
    let refused = |_| Said::LessonNotKept { no_storage: false };
    let earlier = match storage.get_item(STASH_KEY).ok().flatten() {
        Some(text) => {
            let name = persist::free_workspace_name(&storage, persist::EARLIER_LESSON_WORKSPACE);
            storage.set_item(&format!("{}{name}", persist::WORKSPACE_PREFIX), &text).map_err(refused)?;
            Some(name)
        }
        None => None,
    };
    // Refused here, the older copy is still under STASH_KEY (and now also a
    // workspace): nothing is lost, and the lesson is not opened.
    storage.set_item(STASH_KEY, &persist::stored_text(current)).map_err(refused)?;
    Ok((true, earlier))
}

/// Fetches what lesson `id` needs in `lang` and hands it to the
/// playground's [`LessonLibrary`] through the reducer: its document
/// (`lessons/<file>` next to the page, copied there by `index.html`) and the
/// overlay of its texts in `lang` (`lessons/de/<file>`). `done` hears how it
/// went: the library with what arrived (the handle's own copy is the one
/// of its render, older), or the notice to show if the document failed.
/// What is at hand already is not fetched again. An overlay that cannot be
/// fetched is not an error: the lesson shows in English, and is not asked
/// for again until the page reloads.
pub fn fetch_lesson(
    state: &PlaygroundContext,
    id: &str,
    lang: Lang,
    done: impl FnOnce(Result<Rc<LessonLibrary>, Notice>) + 'static,
) {
    let Some(entry) = lessons::entry(id) else { return done(Err(no_such_lesson(id))) };
    let mut library = Rc::clone(&state.lessons);
    let document = !library.is_available(id);
    let overlay = entry.overlay_file(lang).filter(|_| !library.has_overlay_answer(id, lang));
    if !document && overlay.is_none() {
        return done(Ok(library));
    }
    let state = state.clone();
    yew::platform::spawn_local(async move {
        if let Some(file) = overlay {
            let text = fetch_text(&format!("lessons/{file}")).await.ok();
            Rc::make_mut(&mut library).provide_overlay(entry.id, lang, text.as_deref());
            state.dispatch(Action::OverlayFetched { id: entry.id.to_string(), lang, text });
        }
        let mut result = Ok(());
        if document {
            result = fetch_text(&format!("lessons/{}", entry.file)).await.map(|text| {
                Rc::make_mut(&mut library).provide(entry.id, &text);
                state.dispatch(Action::LessonFetched { id: entry.id.to_string(), text });
            });
        }
        done(
            result
                .map(|()| library)
                .map_err(|reason| Notice::worded(true, Said::LessonNotLoaded { lesson: entry, reason })),
        );
    });
}

/// The notice for a lesson link whose lesson this build does not have.
fn no_such_lesson(id: &str) -> Notice {
    Notice::worded(true, Said::NoSuchLesson { id: id.to_string(), known: lessons::LESSON_IDS.join(", ") })
}

/// Opens lesson `id` at `step`, keeping the current playground (see the
/// module notes). Nothing changes if the lesson cannot be built or the
/// current work cannot be kept. A lesson whose document (or texts in
/// `lang`) is not at hand yet is fetched first ("Loading the lesson …"),
/// then opened; a failure then shows as an error notice. `Err`: the notice
/// to show.
pub fn open_lesson(state: &PlaygroundContext, id: &str, step: usize, lang: Lang) -> Result<(), Notice> {
    let library = &state.lessons;
    match lessons::entry(id) {
        Some(entry) if !library.is_available(id) || !library.has_overlay_answer(id, lang) => {
            let loading = Said::LessonLoading { lesson: entry };
            state.dispatch(Action::Notify(Some(Notice::worded(false, loading))));
            let handle = state.clone();
            fetch_lesson(state, id, lang, move |result| match result {
                Ok(library) => open_with_code(&handle, library, entry.id, step),
                Err(notice) => handle.dispatch(Action::Notify(Some(notice))),
            });
            Ok(())
        }
        _ => {
            open_with_code(state, Rc::clone(library), id, step);
            Ok(())
        }
    }
}

/// [`open_available`] once the code that opens lessons is in: the page's
/// release build loads it with the lesson panel's (`ui::page::later`). A
/// failure is a notice.
fn open_with_code(state: &PlaygroundContext, library: Rc<LessonLibrary>, id: &str, step: usize) {
    let (handle, id) = (state.clone(), id.to_string());
    later::with_lesson_opener(move |opener| {
        let opened = opener
            .map_err(|NotLoaded(reason)| match lessons::entry(&id) {
                Some(lesson) => Notice::worded(true, Said::LessonNotLoaded { lesson, reason }),
                None => no_such_lesson(&id),
            })
            .and_then(|open| open(&handle, &library, &id, step));
        if let Err(notice) = opened {
            handle.dispatch(Action::Notify(Some(notice)));
        }
    });
}

/// [`open_lesson`] once the document is at hand in `library`. The scenario
/// is built from the English lesson: its access patterns keep their English
/// names.
pub(crate) fn open_available(
    state: &PlaygroundContext,
    library: &LessonLibrary,
    id: &str,
    step: usize,
) -> Result<(), Notice> {
    let Some(entry) = lessons::entry(id) else {
        return Err(no_such_lesson(id));
    };
    let lesson = library.lesson(id).map_err(|e| Notice::error(e.message()))?;
    let mut scenario = setup::scenario(&lesson).map_err(|e| Notice::error(e.message()))?;
    let (kept, earlier) = match state.scenario() {
        Some(current) => stash(&current).map_err(|said| Notice::worded(true, said))?,
        None => return Err(Notice::said(true, Msg::EngineBusy)),
    };
    if let Value::Object(view) = &mut scenario.view {
        view.insert("step".into(), step.min(lesson.steps.len().saturating_sub(1)).into());
    }
    let said = Said::LessonOpened { lesson: entry, kept, earlier };
    state.dispatch(Action::Load(Box::new(scenario), Some(Notice::worded(false, said))));
    Ok(())
}

/// Loads the playground kept before the lesson, and forgets the copy. A
/// copy that no longer reads is moved to [`STASH_BACKUP_KEY`] (so "Restore"
/// is no longer offered for it), or left where it was if the browser
/// refuses; the playground stays as it is.
pub fn restore(state: &PlaygroundContext) -> Result<(), RestoreFailure> {
    let storage = local_storage().ok_or(RestoreFailure::NoStorage)?;
    let text = storage.get_item(STASH_KEY).ok().flatten().ok_or(RestoreFailure::NothingKept)?;
    let scenario = match persist::scenario_from_stored(&text) {
        Ok(scenario) => scenario,
        Err(reason) => {
            let moved = storage.set_item(STASH_BACKUP_KEY, &text).is_ok() && storage.remove_item(STASH_KEY).is_ok();
            let kept_under = if moved { STASH_BACKUP_KEY } else { STASH_KEY }.to_string();
            return Err(RestoreFailure::Unreadable { reason, kept_under });
        }
    };
    let _ = storage.remove_item(STASH_KEY);
    state.dispatch(Action::Load(Box::new(scenario), Some(Notice::said(false, Msg::PlaygroundBack))));
    Ok(())
}

/// Closes the lesson panel; the data stays.
pub fn close(state: &PlaygroundContext) {
    state.dispatch(Action::SetView("lesson".into(), Value::Null));
    state.dispatch(Action::SetView("step".into(), Value::Null));
}

/// Goes to step `n` of the open lesson, selecting the step's table.
pub fn go_to(state: &PlaygroundContext, lesson: &Lesson, n: usize) {
    let Some(step) = lesson.steps.get(n) else { return };
    clear_news(state);
    state.dispatch(Action::SetView("step".into(), n.into()));
    if let Some(table) = &step.table {
        state.dispatch(Action::SelectTable(table.clone()));
    }
}

/// Takes news (such as "Opened the lesson …") off the screen: once the
/// lecturer moves to a step or does what it says, the class looks at the
/// view the step talks about, which a toast in the corner would cover (in
/// presenter mode, the lab's chart). Errors and lists stay until dismissed.
fn clear_news(state: &PlaygroundContext) {
    if state.notice.as_ref().is_some_and(|n| !n.error && n.details.is_empty()) {
        state.dispatch(Action::Notify(None));
    }
}

/// Loads saved operation `name` into console side `side`.
fn load_into(state: &PlaygroundContext, console: &UseReducerDispatcher<ConsoleState>, name: &str, side: usize) {
    let Some(saved) = state.operations.iter().find(|o| o.name == name).cloned() else { return };
    let Some(operation) = ItemOperation::parse(&saved.operation) else { return };
    let schema = saved.request.get("TableName").and_then(Value::as_str).and_then(|table| {
        let engine = state.engine.try_borrow().ok()?;
        engine.table(table).map(|t| t.definition.key_schema.clone())
    });
    console.dispatch(ConsoleAction::SetActive(side));
    console.dispatch(ConsoleAction::Load { operation, request: saved.request, schema });
}

/// Does what a step's button says.
pub fn perform(
    state: &PlaygroundContext,
    console: &UseReducerDispatcher<ConsoleState>,
    bus: &UseReducerDispatcher<LessonBus>,
    step: &Step,
) {
    clear_news(state);
    if let Some(table) = &step.table {
        state.dispatch(Action::SelectTable(table.clone()));
    }
    match &step.action {
        Some(StepAction::Operation(name)) => {
            console.dispatch(ConsoleAction::SetCompare(false));
            load_into(state, console, name, 0);
            bus.dispatch(BusAction::ShowTab("tab-console"));
        }
        Some(StepAction::Compare(a, b)) => {
            console.dispatch(ConsoleAction::SetCompare(true));
            load_into(state, console, a, 0);
            load_into(state, console, b, 1);
            console.dispatch(ConsoleAction::SetActive(0));
            bus.dispatch(BusAction::ShowTab("tab-console"));
        }
        Some(StepAction::Workload(workload)) => bus.dispatch(BusAction::RunLab(workload.clone())),
        Some(StepAction::Show(view)) => {
            bus.dispatch(BusAction::ShowTab(if view == "partitions" { "tab-partitions" } else { "tab-items" }))
        }
        None => {}
    }
}

/// The label of a step's button, if it has one.
pub fn action_label(step: &Step) -> Option<Msg> {
    match &step.action {
        Some(StepAction::Operation(_)) => Some(Msg::LoadIntoConsole),
        Some(StepAction::Compare(..)) => Some(Msg::LoadBothIntoConsole),
        Some(StepAction::Workload(_)) => Some(Msg::RunWorkload),
        Some(StepAction::Show(view)) if view == "partitions" => Some(Msg::ShowPartitions),
        Some(StepAction::Show(_)) => Some(Msg::ShowItems),
        None => None,
    }
}

/// Whether presenter mode was on when the page was last used.
pub fn presenter_saved() -> bool {
    local_storage().and_then(|s| s.get_item(PRESENTER_KEY).ok().flatten()).as_deref() == Some("1")
}

/// Turns presenter mode on or off, and remembers it.
pub fn set_presenter(on: bool) {
    if let Some(storage) = local_storage() {
        let _ = if on { storage.set_item(PRESENTER_KEY, "1") } else { storage.remove_item(PRESENTER_KEY) };
    }
    if let Some(root) = root_element() {
        let others: Vec<String> =
            root.class_name().split_whitespace().filter(|c| *c != PRESENTER_CLASS).map(str::to_string).collect();
        let mut classes = others.join(" ");
        if on {
            classes = format!("{classes} {PRESENTER_CLASS}").trim().to_string();
        }
        root.set_class_name(&classes);
    }
}

fn root_element() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.document_element()
}

/// Whether presenter mode is on now.
pub fn presenter_on() -> bool {
    root_element().is_some_and(|root| root.class_name().split_whitespace().any(|c| c == PRESENTER_CLASS))
}
