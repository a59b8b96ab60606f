//! `OnDemandThroughput` and `WarmThroughput` in CreateTable and UpdateTable,
//! for a table or a GSI: the members as sent and DynamoDB's checks of them
//! (semantics F; the messages as measured against DynamoDB in 2026).
//!
//! * A maximum is 1 or more request units per second; UpdateTable's `-1`
//!   removes one. Anything else is "outside of valid range". A provisioned
//!   table or GSI takes none.
//! * A warm throughput is at least what the table or GSI serves already (a
//!   new on-demand one: 12,000 / 4,000; a provisioned one: its capacity) and
//!   never decreases. A member left out keeps its figure.
//! * Both are bounded by the per-table quota (40,000 units per second).

use super::members::{long, shape};
use super::{ApiError, Result};
use crate::engine::table::scaling::{OnDemandMaximum, ON_DEMAND_WARM};

/// The per-table quota: the most units per second a maximum or a warm
/// throughput may name (semantics C).
pub const TABLE_QUOTA_UNITS: i64 = 40_000;

/// `OnDemandThroughput` as sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnDemandThroughputInput {
    pub max_read_request_units: Option<i64>,
    pub max_write_request_units: Option<i64>,
}

shape! { OnDemandThroughputInput {
    "MaxReadRequestUnits" => max_read_request_units: long,
    "MaxWriteRequestUnits" => max_write_request_units: long,
} }

/// `WarmThroughput` as sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WarmThroughputInput {
    pub read_units_per_second: Option<i64>,
    pub write_units_per_second: Option<i64>,
}

shape! { WarmThroughputInput {
    "ReadUnitsPerSecond" => read_units_per_second: long,
    "WriteUnitsPerSecond" => write_units_per_second: long,
} }

/// What the members belong to, as DynamoDB's messages name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource<'a> {
    Table,
    Index(&'a str),
}

impl Resource<'_> {
    /// "table", or the index as the on-demand messages print it
    /// ("index : ByGenre", with the space DynamoDB puts there).
    fn for_maximum(self) -> String {
        match self {
            Resource::Table => "table".into(),
            Resource::Index(name) => format!("index : {name}"),
        }
    }

    /// "table" or "index ByGenre", as the warm-throughput messages say.
    fn for_warm(self) -> String {
        match self {
            Resource::Table => "table".into(),
            Resource::Index(name) => format!("index {name}"),
        }
    }
}

fn members(input: &OnDemandThroughputInput) -> [(&'static str, Option<i64>); 2] {
    [("MaxReadRequestUnits", input.max_read_request_units), ("MaxWriteRequestUnits", input.max_write_request_units)]
}

fn out_of_range(member: &str, resource: Resource) -> ApiError {
    ApiError::invalid_parameter(format!(
        "Requested {member} for OnDemandThroughput for {} is outside of valid range",
        resource.for_maximum()
    ))
}

fn over_quota(member: &str, what: &str, resource: Resource, region: &str) -> ApiError {
    let quota = if member.contains("Read") { "TableMaxReadCapacityUnits" } else { "TableMaxWriteCapacityUnits" };
    let resource = match (what, resource) {
        ("OnDemandThroughput", r) => r.for_maximum(),
        (_, r) => r.for_warm(),
    };
    ApiError::LimitExceeded(format!(
        "Subscriber limit exceeded: Requested {member} for {what} for {resource} exceeds {quota} of the account in region {region}"
    ))
}

/// CreateTable's maximum: each member given is at least 1; only on demand.
pub fn create_maximum(
    input: Option<&OnDemandThroughputInput>,
    on_demand: bool,
    resource: Resource,
    region: &str,
) -> Result<OnDemandMaximum> {
    let Some(input) = input else { return Ok(OnDemandMaximum::default()) };
    for (member, value) in members(input) {
        let Some(value) = value else { continue };
        if !on_demand {
            let on = match resource {
                Resource::Table => "table".to_string(),
                Resource::Index(name) => format!("index: {name}"),
            };
            return Err(ApiError::invalid_parameter(format!(
                "{member} for OnDemandThroughput cannot be specified when {on} BillingMode is PROVISIONED."
            )));
        }
        if value < 1 {
            return Err(out_of_range(member, resource));
        }
        if value > TABLE_QUOTA_UNITS {
            return Err(over_quota(member, "OnDemandThroughput", resource, region));
        }
    }
    Ok(OnDemandMaximum { read: input.max_read_request_units, write: input.max_write_request_units })
}

/// UpdateTable's maximum, merged into `current` member by member: `-1`
/// removes one. Only on demand (`on_demand`: after this request).
pub fn update_maximum(
    current: OnDemandMaximum,
    input: &OnDemandThroughputInput,
    on_demand: bool,
    resource: Resource,
    region: &str,
) -> Result<OnDemandMaximum> {
    let mut merged = current;
    for (member, value) in members(input) {
        let Some(value) = value else { continue };
        if !on_demand {
            let on = match resource {
                Resource::Table => "the table".to_string(),
                Resource::Index(name) => format!("index : {name}"),
            };
            return Err(ApiError::invalid_parameter(format!(
                "{member} for OnDemandThroughput cannot be specified when {on} BillingMode is PROVISIONED"
            )));
        }
        if value != -1 && value < 1 {
            return Err(out_of_range(member, resource));
        }
        if value > TABLE_QUOTA_UNITS {
            return Err(over_quota(member, "OnDemandThroughput", resource, region));
        }
        let figure = (value != -1).then_some(value);
        if member == "MaxReadRequestUnits" {
            merged.read = figure;
        } else {
            merged.write = figure;
        }
    }
    Ok(merged)
}

fn warm_members(input: &WarmThroughputInput) -> [(&'static str, Option<i64>); 2] {
    [("ReadUnitsPerSecond", input.read_units_per_second), ("WriteUnitsPerSecond", input.write_units_per_second)]
}

/// CreateTable's warm throughput: at least 12,000 / 4,000 on demand, at
/// least the capacity when provisioned (`capacity`); a member left out
/// takes that figure.
pub fn create_warm(
    input: Option<&WarmThroughputInput>,
    capacity: Option<(i64, i64)>,
    resource: Resource,
    region: &str,
) -> Result<(i64, i64)> {
    let base = capacity.unwrap_or(ON_DEMAND_WARM);
    let Some(input) = input else { return Ok(base) };
    for ((member, value), floor) in warm_members(input).into_iter().zip([base.0, base.1]) {
        let Some(value) = value else { continue };
        if value < floor {
            let why = match capacity {
                None => "is lower than initial throughput for OnDemand. See: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html#on-demand-capacity-mode-initial".to_string(),
                Some(_) => format!(
                    "is lower than {} of ProvisionedThroughput",
                    if member.starts_with("Read") { "ReadCapacityUnits" } else { "WriteCapacityUnits" }
                ),
            };
            return Err(ApiError::invalid_parameter(format!(
                "Requested {member} for WarmThroughput for {} {why}",
                resource.for_warm()
            )));
        }
        if value > TABLE_QUOTA_UNITS {
            return Err(over_quota(member, "WarmThroughput", resource, region));
        }
    }
    Ok((input.read_units_per_second.unwrap_or(base.0), input.write_units_per_second.unwrap_or(base.1)))
}

/// UpdateTable's warm throughput: never lower than `current`; a member
/// left out keeps its figure. An empty one names nothing to do (our
/// message: DynamoDB answers an empty one with an internal error).
pub fn update_warm(
    current: (i64, i64),
    input: &WarmThroughputInput,
    resource: Resource,
    region: &str,
) -> Result<(i64, i64)> {
    if input.read_units_per_second.is_none() && input.write_units_per_second.is_none() {
        let of = match resource {
            Resource::Table => "table".to_string(),
            Resource::Index(name) => format!("index: {name}"),
        };
        return Err(ApiError::invalid_parameter(format!(
            "WarmThroughput must have at least one of ReadUnitsPerSecond or WriteUnitsPerSecond specified for {of}"
        )));
    }
    for ((member, value), now) in warm_members(input).into_iter().zip([current.0, current.1]) {
        let Some(value) = value else { continue };
        if value < now {
            return Err(ApiError::invalid_parameter(format!(
                "Requested {member} for WarmThroughput for {} is lower than current WarmThroughput, decreasing WarmThroughput is not supported",
                resource.for_warm()
            )));
        }
        if value > TABLE_QUOTA_UNITS {
            return Err(over_quota(member, "WarmThroughput", resource, region));
        }
    }
    Ok((input.read_units_per_second.unwrap_or(current.0), input.write_units_per_second.unwrap_or(current.1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn maximum(read: Option<i64>, write: Option<i64>) -> OnDemandThroughputInput {
        OnDemandThroughputInput { max_read_request_units: read, max_write_request_units: write }
    }

    #[test]
    fn maxima_are_checked_as_dynamodb_does() {
        let ok = create_maximum(Some(&maximum(Some(100), None)), true, Resource::Table, "us-east-1");
        assert_eq!(ok, Ok(OnDemandMaximum { read: Some(100), write: None }));
        for bad in [0, -1, -2] {
            let error = create_maximum(Some(&maximum(Some(bad), None)), true, Resource::Table, "us-east-1");
            assert_eq!(
                error.unwrap_err().message(),
                "One or more parameter values were invalid: Requested MaxReadRequestUnits for OnDemandThroughput for table is outside of valid range"
            );
        }
        let provisioned = create_maximum(Some(&maximum(None, Some(5))), false, Resource::Table, "us-east-1");
        assert_eq!(
            provisioned.unwrap_err().message(),
            "One or more parameter values were invalid: MaxWriteRequestUnits for OnDemandThroughput cannot be specified when table BillingMode is PROVISIONED."
        );
        let index = create_maximum(Some(&maximum(Some(0), None)), true, Resource::Index("g-a"), "us-east-1");
        assert!(index
            .unwrap_err()
            .message()
            .ends_with("for OnDemandThroughput for index : g-a is outside of valid range"));
        let quota = create_maximum(Some(&maximum(Some(40_001), None)), true, Resource::Table, "us-east-1");
        assert_eq!(quota.unwrap_err().name(), "LimitExceededException");
    }

    #[test]
    fn an_update_merges_and_minus_one_removes() {
        let current = OnDemandMaximum { read: Some(1_000), write: Some(500) };
        let merged = update_maximum(current, &maximum(Some(2_000), None), true, Resource::Table, "r");
        assert_eq!(merged, Ok(OnDemandMaximum { read: Some(2_000), write: Some(500) }));
        let cleared = update_maximum(current, &maximum(None, Some(-1)), true, Resource::Table, "r");
        assert_eq!(cleared, Ok(OnDemandMaximum { read: Some(1_000), write: None }));
        let zero = update_maximum(current, &maximum(None, Some(0)), true, Resource::Table, "r");
        assert!(zero
            .unwrap_err()
            .message()
            .contains("MaxWriteRequestUnits for OnDemandThroughput for table is outside"));
        let provisioned = update_maximum(current, &maximum(Some(5), None), false, Resource::Table, "r");
        assert!(provisioned
            .unwrap_err()
            .message()
            .ends_with("cannot be specified when the table BillingMode is PROVISIONED"));
    }

    #[test]
    fn warm_throughput_never_goes_down() {
        let warm = |r, w| WarmThroughputInput { read_units_per_second: r, write_units_per_second: w };
        assert_eq!(create_warm(None, None, Resource::Table, "r"), Ok(ON_DEMAND_WARM));
        assert_eq!(create_warm(Some(&warm(Some(12_001), None)), None, Resource::Table, "r"), Ok((12_001, 4_000)));
        assert!(create_warm(Some(&warm(Some(1), None)), None, Resource::Table, "r")
            .unwrap_err()
            .message()
            .contains("ReadUnitsPerSecond for WarmThroughput for table is lower than initial throughput for OnDemand"));
        assert!(create_warm(Some(&warm(Some(5), None)), Some((10, 10)), Resource::Table, "r")
            .unwrap_err()
            .message()
            .ends_with("is lower than ReadCapacityUnits of ProvisionedThroughput"));
        assert_eq!(update_warm((100, 100), &warm(None, Some(200)), Resource::Table, "r"), Ok((100, 200)));
        assert_eq!(
            update_warm((100, 100), &warm(Some(50), None), Resource::Index("gsi1"), "r").unwrap_err().message(),
            "One or more parameter values were invalid: Requested ReadUnitsPerSecond for WarmThroughput for index gsi1 is lower than current WarmThroughput, decreasing WarmThroughput is not supported"
        );
    }
}
