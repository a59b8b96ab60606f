//! UpdateTimeToLive and DescribeTimeToLive on requests `api::ttl` has
//! checked. Turning TTL on makes the table count its items' expiry times
//! (`ttl`); the sweeper itself runs in the engine's catch-up.

use serde_json::{json, Value};

use crate::engine::api::ttl::UpdateTimeToLive;
use crate::engine::error::{ApiError, Result};
use crate::engine::Engine;

fn table_not_found(name: &str) -> ApiError {
    ApiError::ResourceNotFound(format!("Requested resource not found: Table: {name} not found"))
}

impl Engine {
    pub(crate) fn update_time_to_live(&mut self, request: UpdateTimeToLive) -> Result<Value> {
        let UpdateTimeToLive { table_name: name, attribute_name: attribute, enabled } = request;
        let table = self.tables.get_mut(&name).ok_or_else(|| table_not_found(&name))?;
        if let Some(current) = table.ttl_attribute.as_deref().filter(|current| *current != attribute) {
            return Err(ApiError::validation(format!(
                "TimeToLive is active on a different AttributeName: current AttributeName is {current}"
            )));
        }
        if enabled {
            if table.ttl_attribute.is_some() {
                return Err(ApiError::validation("TimeToLive is already enabled"));
            }
            table.set_ttl_attribute(Some(attribute.clone()));
            Ok(json!({"TimeToLiveSpecification": {"AttributeName": attribute, "Enabled": true}}))
        } else {
            if table.ttl_attribute.is_none() {
                return Err(ApiError::validation("TimeToLive is already disabled"));
            }
            table.set_ttl_attribute(None);
            Ok(json!({"TimeToLiveSpecification": {"Enabled": false}}))
        }
    }

    pub(crate) fn describe_time_to_live(&self, name: &str) -> Result<Value> {
        let table = self.tables.get(name).ok_or_else(|| table_not_found(name))?;
        Ok(match &table.ttl_attribute {
            Some(attribute) => {
                json!({"TimeToLiveDescription": {"AttributeName": attribute, "TimeToLiveStatus": "ENABLED"}})
            }
            None => json!({"TimeToLiveDescription": {"TimeToLiveStatus": "DISABLED"}}),
        })
    }
}
