//! A check in slices, so a page can run it without freezing: each
//! [`Checking::step`] does one bounded unit of work and the page yields to
//! the browser between steps.
//!
//! ```text
//!   start    the solution checked against the exercise; the tables created
//!   step     a batch of records loaded (RECORDS_PER_STEP)   … until all are
//!            one case of one pattern                         … until all are
//!            the review started (every pattern's request dry run once)
//!            one second of the review (engine::review::ReviewRun::step)
//!            the goals evaluated and the report made
//!   report   the CheckReport, or the error that stopped the check
//! ```
//!
//! [`check`](super::check) is `start` and then `step` to the end: one code
//! path, so a report made in slices is the report `check` gives. A check
//! borrows its exercise and solution rather than copying them: the page
//! keeps both while it runs.

use super::cases;
use super::format::{Exercise, Kind, Solution};
use super::goals;
use super::load::{Loaded, Loading};
use super::report::{CaseReport, CheckReport, PatternReport};
use super::variation;
use crate::engine::error::Result;
use crate::engine::review::{AccessPath, AccessPattern, ReviewRun};
use crate::engine::settings::EngineSettings;

/// Records one step loads.
pub const RECORDS_PER_STEP: usize = 250;

/// A check under way.
pub struct Checking<'a> {
    exercise: &'a Exercise,
    solution: &'a Solution,
    stage: Stage,
    /// Cases run, per pattern.
    cases: Vec<Vec<CaseReport>>,
    /// The next case: (pattern, case) indexes.
    next_case: (usize, usize),
    /// Steps done.
    steps: u64,
    /// How many steps the whole check takes, roughly (for a progress bar).
    total: u64,
}

enum Stage {
    Loading(Box<Loading>),
    Cases(Box<Loaded>),
    Review(Box<Loaded>),
    Reviewing(Box<Loaded>, Box<ReviewRun>),
    Done(Result<CheckReport>),
    Taken,
}

impl<'a> Checking<'a> {
    /// Checks that `solution` fits `exercise` and creates its tables. `Err`
    /// for a solution that does not fit (a `ValidationException` naming the
    /// member), as [`check`](super::check) answers.
    pub fn start(exercise: &'a Exercise, solution: &'a Solution) -> Result<Self> {
        solution.check_against(exercise)?;
        let records: u64 = exercise.entities.values().map(|e| e.record_count()).sum();
        let cases: u64 = exercise.patterns.iter().map(|p| p.cases.len() as u64).sum();
        let total = records.div_ceil(RECORDS_PER_STEP as u64) + cases + u64::from(exercise.review_seconds) + 2;
        Ok(Checking {
            stage: Stage::Loading(Box::new(Loading::start(exercise, solution))),
            exercise,
            solution,
            cases: vec![Vec::new(); exercise.patterns.len()],
            next_case: (0, 0),
            steps: 0,
            total,
        })
    }

    /// Does the next unit of work; `false` once the report is made (by
    /// this step or an earlier one).
    pub fn step(&mut self) -> bool {
        let stage = std::mem::replace(&mut self.stage, Stage::Taken);
        self.stage = match stage {
            Stage::Loading(mut loading) => match loading.step(self.exercise, self.solution, RECORDS_PER_STEP) {
                Ok(true) => Stage::Loading(loading),
                Ok(false) => Stage::Cases(Box::new(loading.finish())),
                Err(e) => Stage::Done(Err(e)),
            },
            Stage::Cases(mut loaded) => {
                if self.run_case(&mut loaded) {
                    Stage::Cases(loaded)
                } else {
                    Stage::Review(loaded)
                }
            }
            Stage::Review(mut loaded) => match self.start_review(&mut loaded) {
                Ok(run) => Stage::Reviewing(loaded, Box::new(run)),
                Err(e) => Stage::Done(Err(e)),
            },
            Stage::Reviewing(loaded, mut run) => {
                if run.step() {
                    Stage::Reviewing(loaded, run)
                } else {
                    Stage::Done(Ok(self.make_report(*loaded, &run)))
                }
            }
            done @ (Stage::Done(_) | Stage::Taken) => {
                self.stage = done;
                return false;
            }
        };
        self.steps += 1;
        !matches!(self.stage, Stage::Done(_))
    }

    /// Steps done and the steps the whole check takes (an estimate
    /// until it is done: a step loads a batch of records, runs a case or
    /// simulates a second).
    pub fn progress(&self) -> (u64, u64) {
        match self.stage {
            Stage::Done(_) | Stage::Taken => (self.total, self.total),
            _ => (self.steps.min(self.total.saturating_sub(1)), self.total),
        }
    }

    /// The report, once [`step`](Self::step) has answered `false`; `None` before.
    pub fn report(&mut self) -> Option<Result<CheckReport>> {
        match std::mem::replace(&mut self.stage, Stage::Taken) {
            Stage::Done(result) => Some(result),
            other => {
                self.stage = other;
                None
            }
        }
    }

    /// Runs the next case; `false` when none is left.
    fn run_case(&mut self, loaded: &mut Loaded) -> bool {
        let (p, c) = self.next_case;
        let Some(pattern) = self.exercise.patterns.get(p) else { return false };
        let request = self.solution.requests.get(&pattern.name);
        let Some((request, case)) = request.zip(pattern.cases.get(c)) else {
            self.next_case = (p + 1, 0);
            return true;
        };
        let report = match pattern.kind {
            Kind::Read => cases::read_case(&mut loaded.engine, &loaded.owners, pattern, request, case),
            Kind::Write => cases::write_case(&loaded.engine, self.exercise, self.solution, request, case),
        };
        if let Some(reports) = self.cases.get_mut(p) {
            reports.push(report);
        }
        self.next_case = (p, c + 1);
        true
    }

    /// The review of every pattern that has a request, with DynamoDB's own
    /// timings and admission. The cases are done, so the review runs on the
    /// loaded engine itself, not a copy (`Engine::into_review`): a copy of
    /// 10,000 records is about a twentieth of the check's time, and of a
    /// large load a second copy of all of it in memory. The report reads the
    /// tables' definitions from the review's engine, which has the same.
    fn start_review(&self, loaded: &mut Loaded) -> Result<ReviewRun> {
        *loaded.engine.settings_mut() = EngineSettings::default();
        let mut review_patterns = Vec::with_capacity(self.exercise.patterns.len());
        for pattern in &self.exercise.patterns {
            let Some(request) = self.solution.requests.get(&pattern.name) else { continue };
            review_patterns.push(AccessPattern {
                name: pattern.name.clone(),
                operation: request.operation.clone(),
                request: cases::filled(request, pattern.cases.first())?,
                requests_per_second: pattern.requests_per_second,
                keys: variation::of(&loaded.engine, pattern, request),
            });
        }
        std::mem::take(&mut loaded.engine).into_review(&review_patterns, self.exercise.review_seconds)
    }

    fn make_report(&mut self, loaded: Loaded, run: &ReviewRun) -> CheckReport {
        let review = run.report();
        let case_reports = std::mem::take(&mut self.cases);
        let mut patterns = Vec::with_capacity(self.exercise.patterns.len());
        for ((pattern, reviewed), cases) in self.exercise.patterns.iter().zip(&review.patterns).zip(case_reports) {
            let served = reviewed.error.is_none() && reviewed.access_path != AccessPath::Unservable;
            patterns.push(PatternReport {
                name: pattern.name.clone(),
                correct: served && cases.iter().all(|c| c.correct),
                access_path: reviewed.access_path.clone(),
                read_units: reviewed.read_units,
                write_units: reviewed.write_units,
                requests: reviewed.requests,
                throttled: reviewed.throttled,
                throttling_reasons: reviewed.throttling_reasons.clone(),
                over_capacity: reviewed.over_capacity,
                error: reviewed.error.clone(),
                cases,
            });
        }
        let goals = goals::evaluate(self.exercise, run.engine(), &loaded.tables, &review, &patterns);
        let met = goals.iter().filter(|g| g.met).count() + patterns.iter().filter(|p| p.correct).count();
        CheckReport {
            met,
            of: goals.len() + patterns.len(),
            goals,
            patterns,
            monthly_on_demand: review.total.on_demand,
            monthly_provisioned: review.total.provisioned,
            review_seconds: review.seconds,
            problems: loaded.problems.listed,
            more_problems: loaded.problems.more,
        }
    }
}
