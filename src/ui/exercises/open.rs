//! The open exercise: a context the header's menu sets and the panel
//! reads. Opening a built-in exercise takes its document from what the
//! page was handed (a browser test hands them in) or fetches
//! `exercises/<id>.json` next to the page (`index.html` copies them
//! there). The open exercise's id is remembered ([`OPEN_KEY`]), so a reload
//! opens it again with its draft.
//!
//! A hand-in link (`#handin1=…`, `scenario::handin`) opens the exercise it
//! answers with the learner's solution, read-only: the lecturer's view. An
//! exercise link (`#exercise1=…`, `scenario::handin::encode_exercise`) opens the
//! exercise it carries, as a built-in opens: its draft is kept under an id
//! made of the document ([`linked_id`]), and the link itself is what is
//! remembered, so a reload opens it again. A damaged link of either kind
//! says what is wrong and changes nothing.

use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::Value;
use yew::prelude::*;

use crate::engine::exercise::Exercise;
use crate::i18n::FetchFailure;
use crate::scenario::exercises;
use crate::scenario::handin::{self, ExerciseRef, HandIn, EXERCISE_PREFIX};
use crate::ui::browser::fetch_text;
use crate::ui::browser::local_storage;

/// Where the open exercise's id is remembered.
pub const OPEN_KEY: &str = "ddb-playground/exercise-open";

/// An exercise at hand: its id, its document and the exercise read from it.
#[derive(Debug)]
pub struct OpenExercise {
    pub id: String,
    pub document: Value,
    pub exercise: Exercise,
}

/// The same id and document are the same exercise (it is read from the
/// document): comparing them spares the wasm a deep comparison of every
/// part of an `Exercise`, which nothing else needs.
impl PartialEq for OpenExercise {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && self.document == other.document
    }
}

/// A hand-in opened from its link: the lecturer's view.
#[derive(Debug, PartialEq)]
pub struct HandInOpen {
    pub name: String,
    /// The solution document, as the link carries it.
    pub solution: Value,
    pub open: Rc<OpenExercise>,
}

/// What the panel shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    Nothing,
    Loading(String),
    /// The id (empty for a hand-in link) and why it could not be opened.
    Failed(String, NotOpened),
    Open(Rc<OpenExercise>),
    HandIn(Rc<HandInOpen>),
}

/// Why an exercise or hand-in could not be opened: a fetch that failed,
/// worded when drawn so that it follows the page's language, or what the
/// reader said of the document or link.
#[derive(Clone, Debug, PartialEq)]
pub enum NotOpened {
    Fetch(FetchFailure),
    Said(String),
}

impl From<String> for NotOpened {
    fn from(said: String) -> Self {
        NotOpened::Said(said)
    }
}

/// The open exercise and the documents the page was handed.
#[derive(Clone, PartialEq)]
pub struct ExerciseContext {
    pub shown: UseStateHandle<Shown>,
    pub documents: Rc<BTreeMap<String, String>>,
}

/// The id in an `#exercise=<id>` fragment.
pub fn link_id(fragment: &str) -> Option<String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    fragment.split('&').find_map(|part| part.strip_prefix("exercise=")).filter(|id| !id.is_empty()).map(str::to_string)
}

/// The exercise link in the URL, if there is one.
pub fn link_in_url() -> Option<String> {
    link_id(&web_sys::window()?.location().hash().ok()?)
}

/// The exercise remembered as open at the last visit.
pub fn remembered() -> Option<String> {
    local_storage()?.get_item(OPEN_KEY).ok().flatten()
}

fn read(id: &str, text: &str) -> Result<OpenExercise, NotOpened> {
    let document: Value = serde_json::from_str(text).map_err(|e| NotOpened::Said(e.to_string()))?;
    let exercise = exercises::read(text).map_err(|e| NotOpened::Said(format!("{}: {}", e.name(), e.message())))?;
    Ok(OpenExercise { id: id.to_string(), document, exercise })
}

/// Shows `result`, remembering `remember` (a built-in's id or an exercise
/// link) when it opened.
fn show(context: &ExerciseContext, id: &str, remember: &str, result: Result<OpenExercise, NotOpened>) {
    match result {
        Ok(open) => {
            if let Some(storage) = local_storage() {
                let _ = storage.set_item(OPEN_KEY, remember);
            }
            context.shown.set(Shown::Open(Rc::new(open)));
        }
        Err(reason) => context.shown.set(Shown::Failed(id.to_string(), reason)),
    }
}

/// The document of built-in `id`, from what the page was handed or fetched.
fn with_document(context: &ExerciseContext, id: &str, then: impl FnOnce(Result<String, NotOpened>) + 'static) {
    if !exercises::EXERCISE_IDS.contains(&id) {
        let known = exercises::EXERCISE_IDS.join(", ");
        return then(Err(format!("no built-in exercise is called {id} ({known})").into()));
    }
    if let Some(text) = context.documents.get(id) {
        return then(Ok(text.clone()));
    }
    context.shown.set(Shown::Loading(id.to_string()));
    let id = id.to_string();
    yew::platform::spawn_local(async move {
        then(fetch_text(&format!("exercises/{id}.json")).await.map_err(NotOpened::Fetch));
    });
}

/// Opens the built-in exercise `id` (fetching its document if need be), or
/// the exercise an `exercise1=` link carries (what [`remembered`] may give).
pub fn open(context: &ExerciseContext, id: &str) {
    if is_exercise_link(id) {
        return open_exercise_link(context, id);
    }
    let (handle, key) = (context.clone(), id.to_string());
    with_document(context, id, move |text| show(&handle, &key, &key, text.and_then(|text| read(&key, &text))));
}

/// Whether `fragment` (without `#`) is an exercise link, `exercise<version>=…`,
/// rather than a built-in's `exercise=<id>`.
fn is_exercise_link(fragment: &str) -> bool {
    fragment
        .strip_prefix("exercise")
        .and_then(|rest| rest.split_once('='))
        .is_some_and(|(version, _)| !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()))
}

/// The exercise link in the URL (`#exercise1=…`), if there is one.
pub fn exercise_link_in_url() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let fragment = hash.strip_prefix('#').unwrap_or(&hash);
    is_exercise_link(fragment).then(|| fragment.to_string())
}

/// The id a linked exercise's draft is kept under: `link-` and the MD5 of
/// its document, so each exercise keeps its own draft, and none is taken
/// for a built-in (whose hand-ins name it by id).
pub fn linked_id(document: &Value) -> String {
    use md5::{Digest, Md5};
    let digest = Md5::digest(document.to_string().as_bytes());
    let hex: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("link-{hex}")
}

/// Opens the exercise `link` carries (`#exercise1=…`, a whole URL or the
/// fragment); a damaged link says why and changes nothing else.
pub fn open_exercise_link(context: &ExerciseContext, link: &str) {
    let opened = handin::decode_exercise(link).map_err(|e| e.message().to_string()).and_then(|document| {
        let exercise = Exercise::from_json(&document).map_err(|e| format!("{}: {}", e.name(), e.message()))?;
        Ok(OpenExercise { id: linked_id(&document), document, exercise })
    });
    let remember = link.find(EXERCISE_PREFIX).map_or(link, |at| &link[at..]);
    show(context, "", remember, opened.map_err(NotOpened::Said));
}

/// Whether `open` is a built-in exercise (a hand-in names it by id) rather
/// than one whose document came with it.
pub fn is_built_in(open: &OpenExercise) -> bool {
    exercises::EXERCISE_IDS.contains(&open.id.as_str())
}

/// The hand-in link in the URL (`#handin…`), if there is one.
pub fn hand_in_in_url() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let fragment = hash.strip_prefix('#').unwrap_or(&hash);
    fragment.starts_with("handin").then(|| fragment.to_string())
}

/// Opens the hand-in `link` carries read-only; a damaged link says why
/// and changes nothing else.
pub fn open_hand_in(context: &ExerciseContext, link: &str) {
    match handin::decode(link) {
        Ok(hand_in) => show_hand_in(context, hand_in),
        Err(e) => context.shown.set(Shown::Failed(String::new(), e.message().to_string().into())),
    }
}

/// Opens `hand_in` read-only (the class view's Open, a hand-in link).
pub fn show_hand_in(context: &ExerciseContext, hand_in: HandIn) {
    let HandIn { name, exercise, solution } = hand_in;
    let handle = context.clone();
    let done = move |opened: Result<OpenExercise, NotOpened>| match opened {
        Ok(open) => handle.shown.set(Shown::HandIn(Rc::new(HandInOpen { name, solution, open: Rc::new(open) }))),
        Err(reason) => handle.shown.set(Shown::Failed(String::new(), reason)),
    };
    match exercise {
        ExerciseRef::BuiltIn(id) => {
            let key = id.clone();
            with_document(context, &id, move |text| done(text.and_then(|text| read(&key, &text))));
        }
        ExerciseRef::Document(document) => {
            let exercise = Exercise::from_json(&document).map_err(|e| format!("{}: {}", e.name(), e.message()).into());
            done(exercise.map(|exercise| OpenExercise { id: String::new(), document, exercise }));
        }
    }
}

/// Closes the panel; the draft stays kept.
pub fn close(context: &ExerciseContext) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(OPEN_KEY);
    }
    context.shown.set(Shown::Nothing);
}
