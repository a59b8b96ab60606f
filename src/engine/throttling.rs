//! Why a request was throttled, in DynamoDB's words.
//!
//! Every throttling exception carries `ThrottlingReasons`: a list of
//! `{"reason", "resource"}`, the resource being the ARN of the table or
//! index that refused, the reason spelled `<Table|Index><Read|Write><Limit>`
//! (16 in all; semantics C and F). The limit is the one that actually refused
//! the request in the capacity model ([`crate::engine::throughput`]):
//!
//! | limit | when |
//! |---|---|
//! | `KeyRangeThroughputExceeded` | a partition at its 3,000 RCU / 1,000 WCU per second (a hot key), or an on-demand table past twice its previous peak (its partitions have not grown yet) |
//! | `ProvisionedThroughputExceeded` | a provisioned table or GSI out of burst and of unused table capacity |
//! | `AccountLimitExceeded` | an on-demand table or GSI at the per-table quota (40,000 units per second by default) |
//! | `MaxOnDemandThroughputExceeded` | an on-demand table or GSI at its `OnDemandThroughput` maximum |
//!
//! The exception follows the first refusal: `RequestLimitExceeded` for the
//! account quota, `ThrottlingException` for any other limit of an
//! on-demand table or GSI, `ProvisionedThroughputExceededException` for a
//! provisioned one. A write refused by the table and by a GSI lists both
//! reasons, the table's first.

use serde_json::{json, Value};

use super::throughput::{Access, Throttle};

/// The limit that refused a request: the last part of a reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LimitType {
    KeyRangeThroughputExceeded,
    ProvisionedThroughputExceeded,
    AccountLimitExceeded,
    MaxOnDemandThroughputExceeded,
}

impl LimitType {
    /// Every limit, in the order metrics list them.
    pub const ALL: [LimitType; 4] = [
        Self::KeyRangeThroughputExceeded,
        Self::ProvisionedThroughputExceeded,
        Self::AccountLimitExceeded,
        Self::MaxOnDemandThroughputExceeded,
    ];

    /// The name DynamoDB spells it with.
    pub fn name(self) -> &'static str {
        match self {
            Self::KeyRangeThroughputExceeded => "KeyRangeThroughputExceeded",
            Self::ProvisionedThroughputExceeded => "ProvisionedThroughputExceeded",
            Self::AccountLimitExceeded => "AccountLimitExceeded",
            Self::MaxOnDemandThroughputExceeded => "MaxOnDemandThroughputExceeded",
        }
    }

    fn slot(self) -> usize {
        match self {
            Self::KeyRangeThroughputExceeded => 0,
            Self::ProvisionedThroughputExceeded => 1,
            Self::AccountLimitExceeded => 2,
            Self::MaxOnDemandThroughputExceeded => 3,
        }
    }
}

impl Throttle {
    /// The limit DynamoDB names for this refusal.
    pub fn limit_type(self) -> LimitType {
        match self {
            Throttle::HardLimit | Throttle::OnDemand => LimitType::KeyRangeThroughputExceeded,
            Throttle::Provisioned => LimitType::ProvisionedThroughputExceeded,
            Throttle::AccountLimit => LimitType::AccountLimitExceeded,
            Throttle::MaxOnDemand => LimitType::MaxOnDemandThroughputExceeded,
        }
    }
}

/// One entry of an exception's `ThrottlingReasons`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrottlingReason {
    /// A GSI refused (`Index…`), not the table (`Table…`).
    pub on_index: bool,
    pub access: Access,
    pub limit: LimitType,
    /// The ARN of the table or index.
    pub resource: String,
}

impl ThrottlingReason {
    /// `TableWriteKeyRangeThroughputExceeded` and the like.
    pub fn reason(&self) -> String {
        reason_name(self.on_index, self.access, self.limit)
    }

    /// The wire form: `{"reason": …, "resource": …}`.
    pub fn to_wire(&self) -> Value {
        json!({ "reason": self.reason(), "resource": self.resource })
    }
}

/// `<Table|Index><Read|Write><Limit>`.
pub fn reason_name(on_index: bool, access: Access, limit: LimitType) -> String {
    let resource = if on_index { "Index" } else { "Table" };
    let operation = match access {
        Access::Read => "Read",
        Access::Write => "Write",
    };
    format!("{resource}{operation}{}", limit.name())
}

/// Throttled requests counted by access and limit: what the metrics of a
/// table or GSI report per reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThrottleCounts([[u64; 4]; 2]);

impl ThrottleCounts {
    fn cell(&mut self, access: Access, limit: LimitType) -> Option<&mut u64> {
        let row = match access {
            Access::Read => 0,
            Access::Write => 1,
        };
        self.0.get_mut(row)?.get_mut(limit.slot())
    }

    /// Counts `n` more requests refused for `limit`.
    pub fn add(&mut self, access: Access, limit: LimitType, n: u64) {
        if let Some(cell) = self.cell(access, limit) {
            *cell += n;
        }
    }

    /// Requests of `access` refused for `limit`.
    pub fn get(&self, access: Access, limit: LimitType) -> u64 {
        let row = match access {
            Access::Read => 0,
            Access::Write => 1,
        };
        self.0.get(row).and_then(|r| r.get(limit.slot())).copied().unwrap_or(0)
    }

    /// Adds another count to this one.
    pub fn merge(&mut self, other: &ThrottleCounts) {
        for access in [Access::Read, Access::Write] {
            for limit in LimitType::ALL {
                self.add(access, limit, other.get(access, limit));
            }
        }
    }

    /// Every non-zero count with its reason name (`on_index` says whether
    /// the counts are a GSI's), reads first.
    pub fn by_reason(&self, on_index: bool) -> Vec<(String, u64)> {
        let mut out = Vec::new();
        for access in [Access::Read, Access::Write] {
            for limit in LimitType::ALL {
                let n = self.get(access, limit);
                if n > 0 {
                    out.push((reason_name(on_index, access, limit), n));
                }
            }
        }
        out
    }

    /// All throttled requests.
    pub fn total(&self) -> u64 {
        self.0.iter().flatten().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_reasons_spelled_as_dynamodb_does() {
        let mut all = Vec::new();
        for on_index in [false, true] {
            for access in [Access::Read, Access::Write] {
                for limit in LimitType::ALL {
                    all.push(reason_name(on_index, access, limit));
                }
            }
        }
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 16);
        assert!(all.contains(&"TableWriteKeyRangeThroughputExceeded".to_string()));
        assert!(all.contains(&"IndexReadProvisionedThroughputExceeded".to_string()));
        assert!(all.contains(&"TableReadAccountLimitExceeded".to_string()));
        assert!(all.contains(&"IndexWriteMaxOnDemandThroughputExceeded".to_string()));
    }

    #[test]
    fn counts_by_reason() {
        let mut counts = ThrottleCounts::default();
        counts.add(Access::Write, LimitType::KeyRangeThroughputExceeded, 3);
        counts.add(Access::Read, LimitType::ProvisionedThroughputExceeded, 2);
        let mut other = ThrottleCounts::default();
        other.add(Access::Write, LimitType::KeyRangeThroughputExceeded, 1);
        counts.merge(&other);
        assert_eq!(counts.total(), 6);
        assert_eq!(
            counts.by_reason(true),
            vec![
                ("IndexReadProvisionedThroughputExceeded".to_string(), 2),
                ("IndexWriteKeyRangeThroughputExceeded".to_string(), 4)
            ]
        );
    }
}
