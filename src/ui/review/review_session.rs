//! The design review's run and whether it plays, kept by the playground so
//! that leaving the panel and coming back goes on where it was.
//!
//! The session, not the panel, decides what plays. [`ReviewSession::play`]
//! hands out a ticket, and only a frame holding the newest ticket advances
//! the run; [`ReviewSession::pause`], a new run, a dropped run and the
//! panel going away ([`ReviewSession::leave`]) make every older ticket
//! stale at once. A frame loop therefore stops at the second Pause showed,
//! however late the page gets round to anything else. An effect that starts
//! and stops the loop would not do: while frames keep re-rendering a slow
//! page, Yew puts off running effects until the frames stop.
//!
//! The run belongs to one design: the data's version and the access
//! patterns it was started on. [`ReviewSession::follow`] is told the design
//! the page shows at every render and drops a run of any other.

use std::rc::Rc;

use crate::engine::review::{AccessPattern, ReviewRun};

/// What a run was started on: the data's version and the patterns.
pub type Design = Option<(u64, Rc<Vec<AccessPattern>>)>;

#[derive(Default)]
pub struct ReviewSession {
    run: Option<ReviewRun>,
    design: Design,
    /// Whether the run plays (and plays on when the panel is back).
    playing: bool,
    /// The ticket of the frames that may advance the run; older ones are stale.
    ticket: u64,
    /// Counts every change, so the panel re-renders on each.
    pub frames: u64,
}

impl ReviewSession {
    pub fn run(&self) -> Option<&ReviewRun> {
        self.run.as_ref()
    }

    /// Whether the run plays.
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Takes `design` as the one the page shows: a run of another design is
    /// dropped (and stops playing). Returns whether one was dropped.
    pub fn follow(&mut self, design: Design) -> bool {
        if self.design == design {
            return false;
        }
        self.design = design;
        let dropped = self.run.take().is_some();
        self.pause();
        dropped
    }

    /// Keeps `run` instead of the one there was, paused.
    pub fn start(&mut self, run: ReviewRun) {
        self.run = Some(run);
        self.pause();
    }

    /// Plays the run, if there is one left to play. Returns the ticket the
    /// frames must bring; every ticket handed out before is stale from now on.
    pub fn play(&mut self) -> Option<u64> {
        if self.run.as_ref().is_none_or(ReviewRun::is_finished) {
            return None;
        }
        self.ticket += 1;
        self.playing = true;
        self.frames += 1;
        Some(self.ticket)
    }

    /// Stops playing: no frame advances the run until the next [`play`](Self::play).
    pub fn pause(&mut self) {
        self.playing = false;
        self.ticket += 1;
        self.frames += 1;
    }

    /// The panel went away: its frames stop, but a run that was playing
    /// still counts as playing, so the panel plays it on when it is back.
    pub fn leave(&mut self) {
        self.ticket += 1;
    }

    /// Pauses and simulates one more second (nothing once it is finished).
    pub fn step(&mut self) {
        self.pause();
        if let Some(run) = self.run.as_mut() {
            run.step();
        }
    }

    /// One frame of the play that handed out `ticket`: seconds simulated
    /// until `budget_millis` of real time (`now`, in milliseconds) are
    /// spent, at least one. A stale ticket advances nothing. Returns
    /// whether this play goes on: false once it was paused, replaced or
    /// dropped, or the run is over (which pauses it).
    pub fn tick(&mut self, ticket: u64, budget_millis: f64, now: impl Fn() -> f64) -> bool {
        if !self.playing || self.ticket != ticket {
            return false;
        }
        let Some(run) = self.run.as_mut() else {
            self.pause();
            return false;
        };
        let began = now();
        while run.step() && now() - began < budget_millis {}
        let finished = run.is_finished();
        self.frames += 1;
        if finished {
            self.pause();
        }
        !finished
    }
}
