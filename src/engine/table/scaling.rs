//! What a table or GSI may serve beside its provisioned capacity: the most
//! an on-demand one may use (`OnDemandThroughput`) and what it can serve at
//! once (`WarmThroughput`). Semantics F.
//!
//! * **On-demand maximum**: request units per second of reads and of
//!   writes, each optional; over it a request is throttled with the reason
//!   `…MaxOnDemandThroughputExceeded`. DescribeTable shows the members that
//!   are set and nothing when none is.
//! * **Warm throughput**: never decreases. A provisioned table or GSI starts
//!   at its capacity and follows every raise of it; an on-demand one starts
//!   at 12,000 reads and 4,000 writes per second, and a switch to on demand
//!   lifts it there. A requested raise (pre-warming) runs in the background
//!   for [`WARMING_MILLIS`] of engine time: meanwhile DescribeTable shows the
//!   old figures with status `UPDATING`, then the new ones, `ACTIVE`. The
//!   capacity model adds the partitions the figures need
//!   ([`crate::engine::sim`]).

use serde_json::{json, Map, Value};

/// What a new on-demand table or GSI can serve at once: reads, writes.
pub const ON_DEMAND_WARM: (i64, i64) = (12_000, 4_000);

/// How long a requested raise of the warm throughput takes, in engine
/// milliseconds (DynamoDB took 4.5 to 8.5 minutes in 2026 measurements).
pub const WARMING_MILLIS: u64 = 5 * 60 * 1000;

/// `OnDemandThroughput`: the most request units per second, reads and
/// writes; `None`, no maximum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnDemandMaximum {
    pub read: Option<i64>,
    pub write: Option<i64>,
}

impl OnDemandMaximum {
    pub fn is_set(&self) -> bool {
        self.read.is_some() || self.write.is_some()
    }

    /// The `OnDemandThroughput` member of a description: the members set,
    /// `None` when neither is.
    pub fn describe(&self) -> Option<Value> {
        let mut out = Map::new();
        if let Some(read) = self.read {
            out.insert("MaxReadRequestUnits".into(), read.into());
        }
        if let Some(write) = self.write {
            out.insert("MaxWriteRequestUnits".into(), write.into());
        }
        (!out.is_empty()).then_some(Value::Object(out))
    }
}

/// `WarmThroughput`: reads and writes per second the table or GSI can
/// serve at once, and a raise under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarmThroughput {
    pub read: i64,
    pub write: i64,
    /// A requested raise: its figures and when it is done (engine millis).
    pub raising: Option<(i64, i64, u64)>,
}

impl WarmThroughput {
    pub fn new((read, write): (i64, i64)) -> Self {
        Self { read, write, raising: None }
    }

    /// The figures in force at `now`: a raise whose time has come is done.
    pub fn at(&self, now: u64) -> (i64, i64) {
        match self.raising {
            Some((read, write, done)) if now >= done => (read, write),
            _ => (self.read, self.write),
        }
    }

    /// Whether a raise is still under way at `now`.
    pub fn is_raising(&self, now: u64) -> bool {
        self.raising.is_some_and(|(_, _, done)| now < done)
    }

    /// Finishes a raise whose time has come.
    pub fn settle(&mut self, now: u64) {
        (self.read, self.write) = self.at(now);
        if !self.is_raising(now) {
            self.raising = None;
        }
    }

    /// Lifts the figures at once to at least `(read, write)` (a raise of
    /// provisioned capacity, a switch to on demand).
    pub fn lift(&mut self, now: u64, (read, write): (i64, i64)) {
        self.settle(now);
        self.read = self.read.max(read);
        self.write = self.write.max(write);
    }

    /// Starts a raise to `(read, write)` (each at least the current
    /// figure), done [`WARMING_MILLIS`] after `now`.
    pub fn raise(&mut self, now: u64, (read, write): (i64, i64)) {
        self.settle(now);
        self.raising = Some((read.max(self.read), write.max(self.write), now.saturating_add(WARMING_MILLIS)));
    }

    /// The warm throughput as a view shows it at `now`: the figures in
    /// force, and the raise still under way.
    pub fn state_at(&self, now: u64) -> WarmState {
        let raising = self.raising.filter(|_| self.is_raising(now)).map(|(read, write, _)| (read, write));
        WarmState { in_force: self.at(now), raising }
    }

    /// The `WarmThroughput` member of a description at `now`.
    pub fn describe(&self, now: u64) -> Value {
        let (read, write) = if self.is_raising(now) { (self.read, self.write) } else { self.at(now) };
        let status = if self.is_raising(now) { "UPDATING" } else { "ACTIVE" };
        json!({"ReadUnitsPerSecond": read, "WriteUnitsPerSecond": write, "Status": status})
    }
}

/// [`WarmThroughput::state_at`]: reads and writes per second in force,
/// and those a raise under way will reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarmState {
    pub in_force: (i64, i64),
    pub raising: Option<(i64, i64)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raise_shows_the_old_figures_until_it_is_done() {
        let mut warm = WarmThroughput::new(ON_DEMAND_WARM);
        warm.raise(1_000, (20_000, 4_000));
        assert_eq!(
            warm.describe(1_000),
            json!({"ReadUnitsPerSecond": 12_000, "WriteUnitsPerSecond": 4_000, "Status": "UPDATING"})
        );
        assert_eq!(warm.at(1_000 + WARMING_MILLIS - 1), (12_000, 4_000));
        assert_eq!(
            warm.describe(1_000 + WARMING_MILLIS),
            json!({"ReadUnitsPerSecond": 20_000, "WriteUnitsPerSecond": 4_000, "Status": "ACTIVE"})
        );
        assert_eq!(warm.state_at(1_000), WarmState { in_force: (12_000, 4_000), raising: Some((20_000, 4_000)) });
        assert_eq!(warm.state_at(1_000 + WARMING_MILLIS), WarmState { in_force: (20_000, 4_000), raising: None });
        warm.settle(1_000 + WARMING_MILLIS);
        assert_eq!((warm.read, warm.write, warm.raising), (20_000, 4_000, None));
    }

    #[test]
    fn the_figures_never_go_down() {
        let mut warm = WarmThroughput::new((5, 5));
        warm.lift(0, (3, 8));
        assert_eq!(warm.at(0), (5, 8));
        warm.lift(0, ON_DEMAND_WARM);
        assert_eq!(warm.at(0), ON_DEMAND_WARM);
    }

    #[test]
    fn a_maximum_shows_only_what_is_set() {
        assert_eq!(OnDemandMaximum::default().describe(), None);
        let maximum = OnDemandMaximum { read: None, write: Some(50) };
        assert_eq!(maximum.describe(), Some(json!({"MaxWriteRequestUnits": 50})));
    }
}
