//! UpdateTimeToLive and DescribeTimeToLive: their request shapes and member
//! constraints, checked before the table is looked up.

use super::members::{boolean, shape, string, structure};
use super::{require_table_name, Violations};
use crate::engine::error::{ApiError, Result};

#[derive(Debug, Default)]
pub(crate) struct TimeToLiveSpecificationInput {
    pub(crate) attribute_name: Option<String>,
    pub(crate) enabled: Option<bool>,
}

shape! { TimeToLiveSpecificationInput {
    "AttributeName" => attribute_name: string,
    "Enabled" => enabled: boolean,
} }

#[derive(Debug, Default)]
pub(crate) struct UpdateTimeToLiveInput {
    pub(crate) table_name: Option<String>,
    pub(crate) time_to_live_specification: Option<TimeToLiveSpecificationInput>,
}

shape! { UpdateTimeToLiveInput {
    "TableName" => table_name: string,
    "TimeToLiveSpecification" => time_to_live_specification: structure::<TimeToLiveSpecificationInput>,
} }

#[derive(Debug, Default)]
pub(crate) struct DescribeTimeToLiveInput {
    pub(crate) table_name: Option<String>,
}

shape! { DescribeTimeToLiveInput {
    "TableName" => table_name: string,
} }

/// A checked UpdateTimeToLive: turn TTL on or off for `attribute_name`.
#[derive(Debug)]
pub(crate) struct UpdateTimeToLive {
    pub(crate) table_name: String,
    pub(crate) attribute_name: String,
    pub(crate) enabled: bool,
}

impl UpdateTimeToLiveInput {
    pub(crate) fn validate(self) -> Result<UpdateTimeToLive> {
        require_table_name(&self.table_name)?;
        let mut v = Violations::default();
        v.table_name("tableName", self.table_name.as_deref());
        v.not_null("timeToLiveSpecification", &self.time_to_live_specification);
        if let Some(spec) = &self.time_to_live_specification {
            v.not_null("timeToLiveSpecification.enabled", &spec.enabled);
            v.not_null("timeToLiveSpecification.attributeName", &spec.attribute_name);
        }
        v.finish()?;
        let spec = self.time_to_live_specification.unwrap_or_default();
        let attribute_name = spec.attribute_name.unwrap_or_default();
        if attribute_name.is_empty() {
            return Err(ApiError::validation("TimeToLiveSpecification.AttributeName must be non empty"));
        }
        Ok(UpdateTimeToLive {
            table_name: self.table_name.unwrap_or_default(),
            attribute_name,
            enabled: spec.enabled.unwrap_or_default(),
        })
    }
}

impl DescribeTimeToLiveInput {
    /// The table's name, once it passes the member constraints.
    pub(crate) fn validate(self) -> Result<String> {
        require_table_name(&self.table_name)?;
        let mut v = Violations::default();
        v.table_name("tableName", self.table_name.as_deref());
        v.finish()?;
        Ok(self.table_name.unwrap_or_default())
    }
}
