//! DynamoDB's per-partition limits as the words quote them: 3,000 RCU,
//! 1,000 WCU, 10 GB. The figures are the engine's own constants
//! ([`PARTITION_MAX_RCU`], [`PARTITION_MAX_WCU`], [`PARTITION_SIZE_BYTES`]),
//! spelled the language's way, so the explanations on the page say what
//! the simulation does.

use super::lang::Lang;
use super::numbers::count;
use crate::engine::partition::{PARTITION_MAX_RCU, PARTITION_MAX_WCU, PARTITION_SIZE_BYTES};

/// The limits of one partition, spelled in one language.
pub struct PartitionLimits {
    /// Read capacity units per second: "3,000" (German "3.000").
    pub rcu: String,
    /// Write capacity units per second: "1,000".
    pub wcu: String,
    /// The size at which a partition splits: "10 GB".
    pub size: String,
}

impl PartitionLimits {
    pub fn in_lang(lang: Lang) -> Self {
        Self {
            rcu: count(lang, PARTITION_MAX_RCU as u64),
            wcu: count(lang, PARTITION_MAX_WCU as u64),
            size: format!("{} GB", count(lang, PARTITION_SIZE_BYTES >> 30)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_are_spelled_the_languages_way() {
        let en = PartitionLimits::in_lang(Lang::En);
        assert_eq!((en.rcu.as_str(), en.wcu.as_str(), en.size.as_str()), ("3,000", "1,000", "10 GB"));
        let de = PartitionLimits::in_lang(Lang::De);
        assert_eq!((de.rcu.as_str(), de.wcu.as_str(), de.size.as_str()), ("3.000", "1.000", "10 GB"));
    }
}
