//! The read-only operations tools call around the tables: DescribeLimits,
//! DescribeEndpoints and DescribeContinuousBackups. Infrastructure tools
//! (Terraform's `aws_dynamodb_table` reads a table's continuous backups
//! after creating it; SDKs with endpoint discovery ask for the endpoints)
//! stop at an `UnknownOperationException`, so the engine answers them as
//! DynamoDB answers an account that changed none of their settings.
//!
//! - **DescribeLimits**: the default quotas, 40,000 read and write units per
//!   table and 80,000 per account (the per-table figure is the one the
//!   engine enforces).
//! - **DescribeEndpoints**: the region's endpoint, cached for 1,440 minutes.
//! - **DescribeContinuousBackups**: backups `ENABLED` (on-demand backups are
//!   always on) and point-in-time recovery `DISABLED`, which the engine does
//!   not model; a table that does not exist is a `TableNotFoundException`.
//!
//! Semantics: docs/dynamodb-semantics.md, section F ("Tool-facing reads").

use serde_json::{json, Value};

use crate::engine::api::scaling::TABLE_QUOTA_UNITS;
use crate::engine::error::{ApiError, Result};
use crate::engine::Engine;

/// The account-wide quota of read (and of write) units DynamoDB starts an
/// account with.
pub const ACCOUNT_QUOTA_UNITS: i64 = 80_000;

/// How long a client may keep DescribeEndpoints' answer (minutes).
const ENDPOINT_CACHE_MINUTES: i64 = 1_440;

impl Engine {
    pub(crate) fn describe_limits(&self) -> Value {
        json!({
            "AccountMaxReadCapacityUnits": ACCOUNT_QUOTA_UNITS,
            "AccountMaxWriteCapacityUnits": ACCOUNT_QUOTA_UNITS,
            "TableMaxReadCapacityUnits": TABLE_QUOTA_UNITS,
            "TableMaxWriteCapacityUnits": TABLE_QUOTA_UNITS,
        })
    }

    pub(crate) fn describe_endpoints(&self) -> Value {
        json!({"Endpoints": [{
            "Address": format!("dynamodb.{}.amazonaws.com", self.region),
            "CachePeriodInMinutes": ENDPOINT_CACHE_MINUTES,
        }]})
    }

    pub(crate) fn describe_continuous_backups(&self, name: &str) -> Result<Value> {
        if !self.tables.contains_key(name) {
            return Err(ApiError::TableNotFound(format!("Table not found: {name}")));
        }
        Ok(json!({"ContinuousBackupsDescription": {
            "ContinuousBackupsStatus": "ENABLED",
            "PointInTimeRecoveryDescription": {"PointInTimeRecoveryStatus": "DISABLED"},
        }}))
    }
}
