//! The query console's own state: the two request drafts (one, or two in
//! compare mode), which side ran last, and the code view's tab.
//!
//! It is a reducer of its own, next to the [`Playground`](crate::ui::state::Playground)
//! one, so typing in the console re-renders the console and not the table
//! list or the item grid. [`App`](crate::ui::app::App) holds it above the tabs,
//! so switching between "Items" and "Console" loses nothing typed.
//!
//! Edits are closures applied to the newest draft inside `reduce`, so two
//! quick keystrokes in different fields can never overwrite each other
//! with a stale copy.

use std::rc::Rc;

use serde_json::Value;
use yew::prelude::*;

use crate::engine::schema::KeySchema;
use crate::i18n::Said;
use crate::ui::draft::{Draft, FormError, ItemOperation, Mode};
use crate::ui::format::pretty;

/// The handle components get from the context.
pub type ConsoleContext = UseReducerHandle<ConsoleState>;

/// The languages of the code view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeTab {
    Cli,
    JavaScript,
    Python,
}

/// Everything the console shows besides the engine's data.
#[derive(Clone, Debug, PartialEq)]
pub struct ConsoleState {
    /// Side 0 is the console; side 1 exists in compare mode only (and
    /// keeps its text while compare mode is off).
    pub drafts: [Rc<Draft>; 2],
    pub compare: bool,
    /// The side that ran last (or was focused last): the code view and
    /// "Next page" work on it.
    pub active: usize,
    /// A note per side: why raw mode could not switch back to the form (or
    /// the form to raw mode), or why typed text was not read; worded when shown.
    pub notices: [Option<SideNotice>; 2],
    pub code_tab: CodeTab,
    /// Whether the code view points at the local endpoint (`ddb-local`).
    pub local_endpoint: bool,
}

impl ConsoleState {
    /// The draft of `side` (0 is the console, anything else the compared side).
    pub fn draft(&self, side: usize) -> &Rc<Draft> {
        let [first, second] = &self.drafts;
        if side == 0 {
            first
        } else {
            second
        }
    }

    /// [`ConsoleState::draft`], to change.
    fn draft_mut(&mut self, side: usize) -> &mut Rc<Draft> {
        let [first, second] = &mut self.drafts;
        if side == 0 {
            first
        } else {
            second
        }
    }

    /// The note of `side`, worded when shown (sides as in [`ConsoleState::draft`]).
    pub fn notice(&self, side: usize) -> Option<&SideNotice> {
        let [first, second] = &self.notices;
        if side == 0 {
            first.as_ref()
        } else {
            second.as_ref()
        }
    }
}

impl Default for ConsoleState {
    fn default() -> Self {
        Self {
            drafts: [Rc::new(Draft::default()), Rc::new(Draft::default())],
            compare: false,
            active: 0,
            notices: [None, None],
            code_tab: CodeTab::Cli,
            local_endpoint: false,
        }
    }
}

/// A change to one draft.
pub type Edit = Rc<dyn Fn(&mut Draft)>;

/// A switch between the form and raw mode that did not happen: the mode the
/// side stayed in, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Stayed {
    pub mode: Mode,
    pub error: FormError,
}

/// A side's note, kept as facts.
#[derive(Clone, Debug, PartialEq)]
pub enum SideNotice {
    /// A switch between the form and raw mode that did not happen.
    Stayed(Stayed),
    /// Anything else the side has to say (text too long to read).
    Said(Said),
}

pub enum ConsoleAction {
    /// Change a side's draft in place (see the module notes).
    Edit(usize, Edit),
    /// Replace a side's draft (form ↔ raw, loading a request from history).
    Replace(usize, Box<Draft>),
    Notice(usize, Option<SideNotice>),
    /// Set (or clear) the `ExclusiveStartKey` of the side used last: where
    /// "Next page" read from.
    SetStartKey(Option<Value>),
    /// Load a request (from the history) into the side used last, as a
    /// form; `schema` is its table's key schema, if the table exists.
    Load {
        operation: ItemOperation,
        request: Value,
        schema: Option<KeySchema>,
    },
    SetCompare(bool),
    SetActive(usize),
    SetCodeTab(CodeTab),
    SetLocalEndpoint(bool),
}

impl Reducible for ConsoleState {
    type Action = ConsoleAction;

    fn reduce(self: Rc<Self>, action: ConsoleAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            ConsoleAction::Edit(side, edit) => {
                if let Some(draft) = next.drafts.get_mut(side) {
                    edit(Rc::make_mut(draft));
                }
                if let Some(notice) = next.notices.get_mut(side) {
                    *notice = None;
                }
            }
            ConsoleAction::Replace(side, draft) => {
                if let Some(slot) = next.drafts.get_mut(side) {
                    *slot = Rc::new(*draft);
                }
                if let Some(notice) = next.notices.get_mut(side) {
                    *notice = None;
                }
            }
            ConsoleAction::Notice(side, text) => {
                if let Some(notice) = next.notices.get_mut(side) {
                    *notice = text;
                }
            }
            ConsoleAction::SetStartKey(key) => {
                let side = next.active;
                let draft = Rc::new(next.draft(side).with_start_key(key));
                *next.draft_mut(side) = draft;
            }
            ConsoleAction::Load { operation, request, schema } => {
                let side = next.active;
                let mut draft = Draft::from_request(next.draft(side), operation, &request, schema.as_ref());
                draft.mode = Mode::Form;
                draft.raw = pretty(&request);
                *next.draft_mut(side) = Rc::new(draft);
                if let Some(notice) = next.notices.get_mut(side.min(1)) {
                    *notice = None;
                }
            }
            ConsoleAction::SetCompare(on) => {
                next.compare = on;
                if on && **next.draft(1) == Draft::default() {
                    // Start the second side as a copy of the first: a
                    // comparison usually changes one thing.
                    next.drafts[1] = Rc::clone(&next.drafts[0]);
                }
                if !on {
                    next.active = 0;
                }
            }
            ConsoleAction::SetActive(side) => next.active = side.min(1),
            ConsoleAction::SetCodeTab(tab) => next.code_tab = tab,
            ConsoleAction::SetLocalEndpoint(on) => next.local_endpoint = on,
        }
        Rc::new(next)
    }
}
