//! The hot-key lab's runs: a workload on a private lab engine, advanced in
//! slices of engine seconds so the page never freezes.
//!
//! ```text
//!   LabRun::start(form)  fresh Engine, table Lab, Engine::start_workload
//!   LabRun::advance(n)   Engine::step_workload × n    (Run, Step, each frame)
//!   LabRun::view()       WorkloadRun::report + partitions + top keys of the
//!                        last 10 s (Engine::metrics)   what the charts draw
//! ```
//!
//! A [`LabSession`] holds the "before" run and, once write sharding was
//! applied, the "after" run; both advance in lockstep, so the two charts
//! grow side by side. [`LabSession::tick`] is one animation frame: it
//! advances by the speed (engine seconds per real second) times the real
//! time since the last frame, but never works longer than
//! [`FRAME_BUDGET_MILLIS`]; a backlog it could not simulate in time is
//! dropped, so a slow machine runs slower instead of freezing.
//!
//! The session also decides whether the runs play. [`LabSession::play`]
//! hands out a ticket, and only a frame holding the newest ticket advances
//! anything; [`LabSession::pause`], a new start and a new `play` make every
//! older ticket stale at once. An animation loop therefore stops at the
//! second Pause showed, however late the page gets round to ending it.
//!
//! Every run uses its own engine with one table, so the student's tables,
//! data and clock are never touched, and "before" and "after" start from
//! identical buckets.

use serde_json::json;

use crate::engine::sim::{KeyDistribution, KeyStat, Traffic, TrafficKind, Workload, WorkloadReport, WorkloadRun};
use crate::engine::Engine;
use crate::i18n::{LabProblem, LabTitle};
use crate::page_model::cost::UnitNames;
use crate::scenario::lessons::LessonWorkload;
use crate::ui::language::Msg;

/// Most requests one lab run may simulate.
pub const MAX_LAB_REQUESTS: f64 = 2_000_000.0;
/// Longest lab run, in seconds of engine time.
pub const MAX_LAB_SECONDS: u32 = 3_600;
/// Most capacity the lab table may have: the default per-table quota.
pub const MAX_LAB_CAPACITY: u32 = 40_000;
/// Longest one frame may simulate for, in real milliseconds.
pub const FRAME_BUDGET_MILLIS: f64 = 40.0;
/// The window of the "top keys right now" list, in engine seconds.
pub const RECENT_SECONDS: u64 = 10;

/// The workload presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// `docs/lessons.md`, seed 001: every vote for one candidate goes to one key.
    Voting,
    HotKey,
    Zipf,
    Uniform,
    Sharded,
}

impl Preset {
    pub const ALL: [Preset; 5] = [Preset::Voting, Preset::HotKey, Preset::Zipf, Preset::Uniform, Preset::Sharded];

    pub fn id(self) -> &'static str {
        match self {
            Preset::Voting => "voting",
            Preset::HotKey => "hot",
            Preset::Zipf => "zipf",
            Preset::Uniform => "uniform",
            Preset::Sharded => "sharded",
        }
    }

    /// The preset's name in the workload picker.
    pub fn msg(self) -> Msg {
        match self {
            Preset::Voting => Msg::PresetVoting,
            Preset::HotKey => Msg::PresetHotKey,
            Preset::Zipf => Msg::PresetZipf,
            Preset::Uniform => Msg::PresetUniform,
            Preset::Sharded => Msg::PresetSharded,
        }
    }

    pub fn from_id(id: &str) -> Preset {
        Preset::ALL.into_iter().find(|p| p.id() == id).unwrap_or(Preset::Voting)
    }

    pub fn form(self) -> LabForm {
        let base = LabForm::default();
        match self {
            Preset::Voting => base,
            Preset::HotKey => LabForm { rate: 1_200.0, prefix: "hot".into(), preset: self, ..base },
            Preset::Zipf => LabForm { rate: 3_000.0, keys: 1_000, prefix: "item".into(), preset: self, ..base },
            Preset::Uniform => LabForm { rate: 5_000.0, keys: 10_000, prefix: "item".into(), preset: self, ..base },
            Preset::Sharded => LabForm { preset: self, ..base },
        }
    }
}

/// What the lab runs.
#[derive(Clone, Debug, PartialEq)]
pub struct LabForm {
    pub preset: Preset,
    pub rate: f64,
    pub seconds: u32,
    pub keys: u32,
    pub zipf_s: f64,
    pub shards: u32,
    pub prefix: String,
    pub table_wcu: u32,
    pub table_rcu: u32,
    /// Writes, or reads (strongly consistent when true).
    pub reads: Option<bool>,
    pub item_bytes: u32,
    pub seed: u64,
    /// Seconds of hard-limit throttling before a partition splits for heat
    /// (the engine's `heat_split_seconds`; 0: never).
    pub heat_after: u64,
}

impl Default for LabForm {
    fn default() -> Self {
        Self {
            preset: Preset::Voting,
            rate: 1_500.0,
            seconds: 60,
            keys: 1_000,
            zipf_s: 1.2,
            shards: 10,
            prefix: "CandidateA".into(),
            table_wcu: 10_000,
            table_rcu: 10_000,
            reads: None,
            item_bytes: 1_000,
            seed: 42,
            heat_after: 300,
        }
    }
}

impl LabForm {
    /// The form a lesson's workload fills in.
    pub fn from_lesson(w: &LessonWorkload) -> Self {
        Self {
            preset: Preset::from_id(&w.preset),
            rate: w.rate,
            seconds: w.seconds,
            keys: w.keys,
            zipf_s: w.zipf_s,
            shards: w.shards,
            prefix: w.prefix.clone(),
            table_wcu: w.table_wcu,
            table_rcu: w.table_rcu,
            reads: w.reads,
            item_bytes: w.item_bytes,
            seed: w.seed,
            ..Self::default()
        }
    }

    /// The key distribution of the chosen preset.
    pub fn distribution(&self) -> KeyDistribution {
        match self.preset {
            Preset::Voting | Preset::HotKey => KeyDistribution::HotKey,
            Preset::Zipf => KeyDistribution::Zipf { keys: self.keys.max(1), s: self.zipf_s },
            Preset::Uniform => KeyDistribution::Uniform { keys: self.keys.max(1) },
            Preset::Sharded => KeyDistribution::Shards { shards: self.shards.max(1) },
        }
    }

    fn operation(&self) -> TrafficKind {
        match self.reads {
            None => TrafficKind::Write,
            Some(consistent) => TrafficKind::Read { consistent },
        }
    }

    /// "WCU" or "RCU": what the run consumes.
    pub fn unit(&self) -> &'static str {
        let names = UnitNames::PROVISIONED;
        if self.reads.is_some() {
            names.read
        } else {
            names.write
        }
    }

    fn workload(&self, keys: KeyDistribution) -> Workload {
        Workload {
            table: "Lab".into(),
            index: None,
            traffic: vec![Traffic::constant(self.operation(), self.rate, keys, &self.prefix, self.item_bytes.max(1))],
            seconds: self.seconds,
            seed: self.seed,
            top_n: 8,
        }
    }

    /// Why the form cannot run, if it cannot (worded when shown).
    pub fn problem(&self) -> Option<LabProblem> {
        if !(self.rate.is_finite() && self.rate > 0.0) {
            return Some(LabProblem::Rate);
        }
        if self.seconds == 0 || self.seconds > MAX_LAB_SECONDS {
            return Some(LabProblem::Duration { max: u64::from(MAX_LAB_SECONDS) });
        }
        if self.rate * self.seconds as f64 > MAX_LAB_REQUESTS {
            return Some(LabProblem::TooManyRequests {
                requests: (self.rate * self.seconds as f64) as u64,
                max: MAX_LAB_REQUESTS as u64,
            });
        }
        let capacity = 1..=MAX_LAB_CAPACITY;
        if !capacity.contains(&self.table_wcu) || !capacity.contains(&self.table_rcu) {
            return Some(LabProblem::Capacity { max: u64::from(MAX_LAB_CAPACITY) });
        }
        if self.preset == Preset::Zipf && !(self.zipf_s.is_finite() && self.zipf_s > 0.0 && self.zipf_s <= 10.0) {
            return Some(LabProblem::ZipfSkew);
        }
        None
    }

    /// The run titles for the form's traffic and its write-sharded version.
    pub fn titles(&self) -> (LabTitle, LabTitle) {
        (
            LabTitle::Before(self.preset.msg()),
            LabTitle::After { shards: u64::from(self.shards.max(1)), prefix: self.prefix.clone() },
        )
    }
}

/// One run under way (or over) on its own engine.
pub struct LabRun {
    pub title: LabTitle,
    /// "WCU" or "RCU".
    pub unit: &'static str,
    engine: Engine,
    run: WorkloadRun,
    /// The table's provisioned units of the kind the run uses.
    pub provisioned: f64,
    /// One partition's share of them at the start.
    pub share: f64,
    /// Where the partitions started at the start of the run.
    initial: Vec<u64>,
}

/// What the charts draw of a run, at one moment.
#[derive(Debug, PartialEq)]
pub struct LabView {
    pub title: LabTitle,
    pub unit: &'static str,
    pub report: WorkloadReport,
    /// Seconds simulated, and of the whole run.
    pub done: u32,
    pub seconds: u32,
    /// Partitions now (splits for heat add some) and at the start.
    pub partitions: usize,
    /// Each partition's keyspace range, in keyspace order.
    pub ranges: Vec<(u64, u64)>,
    /// The partitions' first positions when the run started: a range
    /// starting elsewhere came from a split for heat.
    pub initial: Vec<u64>,
    pub provisioned: f64,
    pub share: f64,
    /// The busiest keys of the last [`RECENT_SECONDS`] (Contributor Insights).
    pub recent: Vec<KeyStat>,
}

impl LabRun {
    /// A new run of `keys` traffic from `form`, nothing simulated yet.
    pub fn start(form: &LabForm, keys: KeyDistribution, title: LabTitle) -> Result<LabRun, LabProblem> {
        if let Some(problem) = form.problem() {
            return Err(problem);
        }
        let mut engine = Engine::new();
        engine.settings_mut().heat_split_seconds = form.heat_after;
        engine
            .execute(
                "CreateTable",
                &json!({
                    "TableName": "Lab",
                    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                    "ProvisionedThroughput": {"ReadCapacityUnits": form.table_rcu, "WriteCapacityUnits": form.table_wcu}
                }),
            )
            .map_err(|e| LabProblem::Engine(e.message().to_string()))?;
        let initial: Vec<u64> =
            engine.describe_partitions("Lab", None).map(|p| p.iter().map(|p| p.start).collect()).unwrap_or_default();
        let partitions = initial.len();
        let run = engine
            .start_workload(&form.workload(keys))
            .map_err(|e| LabProblem::Engine(format!("{}: {}", e.name(), e.message())))?;
        let provisioned = if form.reads.is_some() { form.table_rcu } else { form.table_wcu } as f64;
        Ok(LabRun {
            title,
            unit: form.unit(),
            engine,
            run,
            provisioned,
            share: provisioned / partitions.max(1) as f64,
            initial,
        })
    }

    /// Simulates up to `seconds` more seconds; false once the run is over.
    pub fn advance(&mut self, seconds: u32) -> bool {
        for _ in 0..seconds {
            match self.engine.step_workload(&mut self.run) {
                Ok(true) => {}
                Ok(false) | Err(_) => return false,
            }
        }
        !self.run.is_finished()
    }

    pub fn is_finished(&self) -> bool {
        self.run.is_finished()
    }

    pub fn seconds_done(&self) -> u32 {
        self.run.seconds_done()
    }

    /// The run as it stands, for drawing.
    pub fn view(&self) -> LabView {
        let report = self.run.report();
        let now = self.engine.clock().now_millis() / 1000;
        let recent = self
            .engine
            .metrics("Lab", None, now.saturating_sub(RECENT_SECONDS), now, 5)
            .map(|m| m.top_keys)
            .unwrap_or_default();
        let ranges: Vec<(u64, u64)> = self
            .engine
            .describe_partitions("Lab", None)
            .map(|parts| parts.iter().map(|p| (p.start, p.end)).collect())
            .unwrap_or_default();
        let seen = report.partitions.iter().map(|s| s.partition + 1).max().unwrap_or(0);
        LabView {
            title: self.title.clone(),
            unit: self.unit,
            done: self.run.seconds_done(),
            seconds: self.run.workload().seconds,
            partitions: ranges.len().max(seen).max(1),
            ranges,
            initial: self.initial.clone(),
            provisioned: self.provisioned,
            share: self.share,
            recent,
            report,
        }
    }
}

/// The lab's runs and its animation clock.
#[derive(Default)]
pub struct LabSession {
    pub before: Option<LabRun>,
    pub after: Option<LabRun>,
    /// The ticket of the frames that play the runs; `None`: paused.
    playing: Option<u64>,
    /// The last ticket handed out (kept when the runs are forgotten, so a
    /// ticket is never handed out twice).
    tickets: u64,
    /// Engine seconds owed to the animation (fractions carry over).
    carry: f64,
    /// Real time of the last frame, in milliseconds.
    last_frame: Option<f64>,
    /// Bumped on every change: what the component re-renders on.
    pub frames: u64,
}

impl LabSession {
    /// Forgets both runs (the workload changed).
    pub fn clear(&mut self) {
        *self = LabSession { frames: self.frames + 1, tickets: self.tickets, ..LabSession::default() };
    }

    /// Starts `form`'s runs afresh: its traffic, and with `sharded` its
    /// write-sharded version beside it. On a refusal the session is left as
    /// it was and the problem returned.
    pub fn start(&mut self, form: &LabForm, sharded: bool) -> Result<(), LabProblem> {
        let (before_title, after_title) = form.titles();
        let before = LabRun::start(form, form.distribution(), before_title)?;
        let after = sharded
            .then(|| LabRun::start(form, KeyDistribution::Shards { shards: form.shards.max(1) }, after_title))
            .transpose()?;
        self.clear();
        self.before = Some(before);
        self.after = after;
        Ok(())
    }

    /// Whether there is a run with seconds left.
    pub fn has_work(&self) -> bool {
        self.runs().any(|r| !r.is_finished())
    }

    fn runs(&self) -> impl Iterator<Item = &LabRun> {
        self.before.iter().chain(self.after.iter())
    }

    /// Advances every run by one second (Step).
    pub fn step(&mut self) {
        self.advance(1);
        self.frames += 1;
    }

    fn advance(&mut self, seconds: u32) {
        for run in self.before.iter_mut().chain(self.after.iter_mut()) {
            run.advance(seconds);
        }
    }

    /// Plays the runs from real time `now` (milliseconds), the animation
    /// clock started afresh. Returns the ticket the frames must bring; every
    /// ticket handed out before is stale from now on.
    pub fn play(&mut self, now: f64) -> u64 {
        self.tickets += 1;
        self.playing = Some(self.tickets);
        self.last_frame = Some(now);
        self.carry = 0.0;
        self.frames += 1;
        self.tickets
    }

    /// Stops playing: no frame advances the runs until the next [`play`](Self::play).
    pub fn pause(&mut self) {
        self.playing = None;
        self.frames += 1;
    }

    /// Whether the runs are playing.
    pub fn is_playing(&self) -> bool {
        self.playing.is_some()
    }

    /// One animation frame of the play that handed out `ticket`, at `speed`
    /// engine seconds per real second (`None`: as fast as the frame budget
    /// allows), `now` being the real time in milliseconds. A stale ticket
    /// advances nothing. Returns whether this play goes on: false once it
    /// was paused or replaced, or the runs are over (which pauses them).
    pub fn tick(&mut self, ticket: u64, speed: Option<f64>, now: f64) -> bool {
        if self.playing != Some(ticket) {
            return false;
        }
        let elapsed = self.last_frame.map_or(0.0, |last| (now - last).clamp(0.0, 1_000.0));
        self.last_frame = Some(now);
        let mut owed = match speed {
            Some(speed) => self.carry + speed * elapsed / 1_000.0,
            None => f64::INFINITY,
        };
        while owed >= 1.0 && self.has_work() {
            self.advance(1);
            owed -= 1.0;
            if js_sys::Date::now() - now > FRAME_BUDGET_MILLIS {
                // Out of time: what is left is dropped, not owed.
                owed = 0.0;
            }
        }
        self.carry = if owed.is_finite() { owed.clamp(0.0, 1.0) } else { 0.0 };
        self.frames += 1;
        if !self.has_work() {
            self.playing = None;
        }
        self.is_playing()
    }
}
