//! The life of a vector index added to a live table (semantics G.2).
//!
//! A vector index made with its table is searchable as soon as the table
//! is. One added by UpdateTable's `VectorIndexUpdates` goes through four
//! phases before a search finds it, each with its own face in DescribeTable
//! and its own refusal in SearchVectors:
//!
//! ```text
//!   phase                 TableStatus  IndexStatus  Backfilling  SearchVectors                    DELETE
//!   allocating            UPDATING     CREATING     false        "does not have the … index"      refused
//!   backfilling           ACTIVE       CREATING     true         "Cannot search backfilling …"    accepted
//!   active, not served    ACTIVE       ACTIVE       (absent)     "Cannot search backfilling …"    accepted
//!   searchable            ACTIVE       ACTIVE       (absent)     served                           accepted
//! ```
//!
//! The phases' ends are fixed when UpdateTable starts them (the settings
//! `vector-allocation`, `vector-backfill` and `vector-serve-delay`), so the
//! phase at any moment follows from the engine clock alone and a snapshot
//! replays it exactly. DynamoDB's allocation took about 30 s in the
//! captures, the default here; its backfill and the gap after `ACTIVE`
//! took minutes ("index construction drives backfill duration, not the
//! number of items"), which the defaults shorten for a class.
//!
//! The index's entries are built from the table's items when UpdateTable
//! accepts it, and writes keep them current from then on, as DynamoDB's
//! "new writes to the base table are replicated to the index during this
//! phase". An item whose vector a live write would refuse is left out of
//! the build silently (G.1's backfill asymmetry).
//!
//! A deleted vector index is `DELETING` for the `gsi-delete` setting's
//! time, then gone.

use serde_json::{Map, Value};

use crate::engine::settings::EngineSettings;

/// Where a vector index is in its life at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VectorPhase {
    /// Resources are being allocated: the table is `UPDATING`.
    Allocating,
    /// The table's items are being copied in.
    Backfilling,
    /// `ACTIVE`, but searches are still refused.
    ActiveNotServed,
    /// Searches are served.
    Searchable,
    /// Being removed.
    Deleting,
}

impl VectorPhase {
    /// The `IndexStatus` DescribeTable shows.
    pub fn index_status(self) -> &'static str {
        match self {
            Self::Allocating | Self::Backfilling => "CREATING",
            Self::ActiveNotServed | Self::Searchable => "ACTIVE",
            Self::Deleting => "DELETING",
        }
    }

    /// The `Backfilling` member, when DescribeTable shows one.
    pub fn backfilling(self) -> Option<bool> {
        match self {
            Self::Allocating => Some(false),
            Self::Backfilling => Some(true),
            _ => None,
        }
    }

    /// The phase's name (what tells the phases apart in the page's
    /// background fingerprint).
    pub fn name(self) -> &'static str {
        match self {
            Self::Allocating => "ALLOCATING",
            Self::Backfilling => "BACKFILLING",
            Self::ActiveNotServed => "ACTIVE_NOT_SERVED",
            Self::Searchable => "SEARCHABLE",
            Self::Deleting => "DELETING",
        }
    }

    /// Whether an index in this phase counts as an online index operation
    /// under way (the one-at-a-time limit shared with GSIs).
    pub fn in_progress(self) -> bool {
        matches!(self, Self::Allocating | Self::Backfilling | Self::Deleting)
    }
}

/// A phase change still ahead of a vector index, on the engine clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VectorLifecycle {
    /// Added by UpdateTable at `since`: allocated at `allocated`, backfilled
    /// (and `ACTIVE`) at `backfilled`, searchable at `served`.
    Creating { since: u64, allocated: u64, backfilled: u64, served: u64 },
    /// Deleted at `since`, gone at `until`.
    Deleting { since: u64, until: u64 },
}

impl VectorLifecycle {
    /// The schedule of an index UpdateTable adds at `now`.
    pub fn creating(now: u64, settings: &EngineSettings) -> Self {
        let allocated = now.saturating_add(settings.vector_allocation_millis);
        let backfilled = allocated.saturating_add(settings.vector_backfill_millis);
        let served = backfilled.saturating_add(settings.vector_serve_delay_millis);
        Self::Creating { since: now, allocated, backfilled, served }
    }

    /// The phase at `now`.
    pub fn phase(&self, now: u64) -> VectorPhase {
        match *self {
            Self::Creating { allocated, .. } if now < allocated => VectorPhase::Allocating,
            Self::Creating { backfilled, .. } if now < backfilled => VectorPhase::Backfilling,
            Self::Creating { served, .. } if now < served => VectorPhase::ActiveNotServed,
            Self::Creating { .. } => VectorPhase::Searchable,
            Self::Deleting { .. } => VectorPhase::Deleting,
        }
    }

    /// When the lifecycle is over: searchable, or gone.
    pub fn ends(&self) -> u64 {
        match *self {
            Self::Creating { served, .. } => served,
            Self::Deleting { until, .. } => until,
        }
    }

    /// The current phase's start and end at `now` (for a progress bar).
    pub fn phase_span(&self, now: u64) -> (u64, u64) {
        match *self {
            Self::Creating { since, allocated, backfilled, served } => match self.phase(now) {
                VectorPhase::Allocating => (since, allocated),
                VectorPhase::Backfilling => (allocated, backfilled),
                _ => (backfilled, served),
            },
            Self::Deleting { since, until } => (since, until),
        }
    }

    /// As a snapshot keeps it.
    pub fn to_state(&self) -> Value {
        let mut out = Map::new();
        let members: &[(&str, u64)] = match self {
            Self::Creating { since, allocated, backfilled, served } => &[
                ("sinceMillis", *since),
                ("allocatedMillis", *allocated),
                ("backfilledMillis", *backfilled),
                ("servedMillis", *served),
            ],
            Self::Deleting { since, until } => &[("sinceMillis", *since), ("untilMillis", *until)],
        };
        let status = if matches!(self, Self::Creating { .. }) { "CREATING" } else { "DELETING" };
        out.insert("status".into(), status.into());
        for (name, millis) in members {
            out.insert((*name).into(), (*millis).into());
        }
        Value::Object(out)
    }

    /// The snapshot members [`VectorLifecycle::to_state`] writes.
    pub const STATE_MEMBERS: &'static [&'static str] =
        &["status", "sinceMillis", "allocatedMillis", "backfilledMillis", "servedMillis", "untilMillis"];

    /// Reads [`VectorLifecycle::to_state`]'s form back, or says what is wrong.
    pub fn from_state(members: &Map<String, Value>) -> Result<Self, String> {
        let millis = |name: &str| -> Result<u64, String> {
            members.get(name).and_then(Value::as_u64).ok_or_else(|| format!("\"{name}\": expected a whole number"))
        };
        match members.get("status").and_then(Value::as_str) {
            Some("CREATING") => {
                let (since, allocated) = (millis("sinceMillis")?, millis("allocatedMillis")?);
                let (backfilled, served) = (millis("backfilledMillis")?, millis("servedMillis")?);
                if !(since <= allocated && allocated <= backfilled && backfilled <= served) {
                    return Err("the phases' times must not go back".into());
                }
                Ok(Self::Creating { since, allocated, backfilled, served })
            }
            Some("DELETING") => {
                let (since, until) = (millis("sinceMillis")?, millis("untilMillis")?);
                if since > until {
                    return Err("the phases' times must not go back".into());
                }
                Ok(Self::Deleting { since, until })
            }
            _ => Err("\"status\": expected CREATING or DELETING".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_phases_follow_the_clock() {
        let settings = EngineSettings::default();
        let life = VectorLifecycle::creating(1_000, &settings);
        let VectorLifecycle::Creating { allocated, backfilled, served, .. } = life else { panic!("creating") };
        assert_eq!(allocated, 1_000 + settings.vector_allocation_millis);
        let phases: Vec<VectorPhase> = [1_000, allocated - 1, allocated, backfilled, served - 1, served]
            .into_iter()
            .map(|t| life.phase(t))
            .collect();
        use VectorPhase::*;
        assert_eq!(phases, [Allocating, Allocating, Backfilling, ActiveNotServed, ActiveNotServed, Searchable]);
        assert_eq!(life.phase_span(allocated), (allocated, backfilled));
        assert_eq!(life.ends(), served);
    }

    #[test]
    fn a_lifecycle_survives_its_snapshot_form() {
        let settings = EngineSettings::default();
        for life in [VectorLifecycle::creating(5, &settings), VectorLifecycle::Deleting { since: 3, until: 9 }] {
            let Value::Object(members) = life.to_state() else { panic!("object") };
            assert_eq!(VectorLifecycle::from_state(&members), Ok(life));
        }
        let mut members = Map::new();
        members.insert("status".into(), "DELETING".into());
        members.insert("sinceMillis".into(), 9.into());
        members.insert("untilMillis".into(), 3.into());
        assert!(VectorLifecycle::from_state(&members).is_err());
    }
}
