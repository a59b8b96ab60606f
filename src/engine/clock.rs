//! Simulated time: the one source of "now" for the engine.
//!
//! The engine never reads the system clock itself (there is none in a
//! deterministic simulation, and wasm has no `SystemTime`). The host sets the
//! time: the browser from `Date.now()`, the local endpoint from the wall clock,
//! tests by hand. Timestamps such as a table's `CreationDateTime` come from
//! here, so a replayed scenario gives the same answers.

/// Who moves the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ClockMode {
    /// Only explicit advances move it ([`Clock::advance`], the UI's
    /// simulation, tests, `AdvanceClock`): host wall-clock ticks
    /// ([`Clock::tick_wall`]) are ignored.
    #[default]
    Manual,
    /// The host's real time ([`Clock::tick_wall`] before each request): the
    /// endpoint's default, so provisioned throughput is enforced in real time.
    Wall,
}

impl ClockMode {
    /// `manual` or `wall`.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "manual" => Some(Self::Manual),
            "wall" => Some(Self::Wall),
            _ => None,
        }
    }
}

/// Engine time in milliseconds since the Unix epoch.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    now_millis: u64,
    mode: ClockMode,
}

impl Clock {
    /// 2026-01-01T00:00:00Z: the start of time for a fresh engine, so tests
    /// and golden scripts see fixed timestamps.
    pub const DEFAULT_START_MILLIS: u64 = 1_767_225_600_000;

    /// A clock at the given time.
    pub fn at(now_millis: u64) -> Self {
        Self { now_millis, mode: ClockMode::Manual }
    }

    /// Who moves the clock.
    pub fn mode(&self) -> ClockMode {
        self.mode
    }

    /// Chooses who moves the clock.
    pub fn set_mode(&mut self, mode: ClockMode) {
        self.mode = mode;
    }

    /// The host's wall time: moves the clock in [`ClockMode::Wall`] only.
    pub fn tick_wall(&mut self, now_millis: u64) {
        if self.mode == ClockMode::Wall {
            self.set(now_millis);
        }
    }

    /// The current engine time in milliseconds since the epoch.
    pub fn now_millis(&self) -> u64 {
        self.now_millis
    }

    /// The current engine time in seconds since the epoch, as DynamoDB's
    /// timestamps (`CreationDateTime`) are sent: a JSON number with a fraction.
    pub fn now_seconds(&self) -> f64 {
        self.now_millis as f64 / 1000.0
    }

    /// Moves the clock to `now_millis`. Time never runs backwards: an earlier
    /// value is ignored, so a host with a jumpy clock cannot confuse the engine.
    pub fn set(&mut self, now_millis: u64) {
        self.now_millis = self.now_millis.max(now_millis);
    }

    /// Advances the clock by `millis`.
    pub fn advance(&mut self, millis: u64) {
        self.now_millis = self.now_millis.saturating_add(millis);
    }
}

impl Default for Clock {
    fn default() -> Self {
        Self::at(Self::DEFAULT_START_MILLIS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_never_runs_backwards() {
        let mut clock = Clock::at(5_000);
        clock.set(4_000);
        assert_eq!(clock.now_millis(), 5_000);
        clock.advance(1_500);
        assert_eq!(clock.now_seconds(), 6.5);
        clock.tick_wall(9_000);
        assert_eq!(clock.now_millis(), 6_500);
        clock.set_mode(ClockMode::Wall);
        clock.tick_wall(9_000);
        assert_eq!(clock.now_millis(), 9_000);
        clock.advance(u64::MAX);
        assert_eq!(clock.now_millis(), u64::MAX);
    }
}
