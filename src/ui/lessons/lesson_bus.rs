//! Requests a lesson step makes of other parts of the page: show a tab, run
//! a workload in the hot-key lab.
//!
//! The tabs belong to [`App`](crate::ui::app::App) and the lab's form to
//! [`HotKeyLab`](crate::ui::partitions::hotkey_lab::HotKeyLab); a step's button lives in the
//! lesson panel. Rather than lift that state, the panel posts a numbered
//! request here; the tab bar follows the newest tab request, and the lab
//! runs a workload request once and marks it done, so switching tabs away
//! and back does not run it again.

use std::rc::Rc;

use yew::prelude::*;

use crate::scenario::lessons::LessonWorkload;

/// The handle components get from the context.
pub type LessonBusContext = UseReducerHandle<LessonBus>;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct LessonBus {
    /// The tab to show (its element id), numbered so the same tab asked
    /// twice is two requests.
    pub tab: Option<(u64, &'static str)>,
    /// A workload for the lab to run, until the lab has run it.
    pub lab: Option<(u64, Rc<LessonWorkload>)>,
    next: u64,
}

pub enum BusAction {
    /// Show the tab with this element id (`tab-items`, `tab-console`,
    /// `tab-partitions`).
    ShowTab(&'static str),
    /// Run this workload in the lab (and show the Partitions tab).
    RunLab(LessonWorkload),
    /// The lab ran request `n`.
    LabDone(u64),
}

impl Reducible for LessonBus {
    type Action = BusAction;

    fn reduce(self: Rc<Self>, action: BusAction) -> Rc<Self> {
        let mut next = (*self).clone();
        next.next += 1;
        match action {
            BusAction::ShowTab(tab) => next.tab = Some((next.next, tab)),
            BusAction::RunLab(workload) => {
                next.lab = Some((next.next, Rc::new(workload)));
                next.tab = Some((next.next, "tab-partitions"));
            }
            BusAction::LabDone(n) => {
                if next.lab.as_ref().is_some_and(|(id, _)| *id == n) {
                    next.lab = None;
                }
            }
        }
        Rc::new(next)
    }
}
