//! The DynamoDB Streams API's requests (`DynamoDBStreams_20120810.*`):
//! their shapes and member constraints, checked before any stream is looked
//! up, with the same `Violations` envelope as the DynamoDB API.

use super::members::{long, shape, string};
use super::Violations;
use crate::engine::error::Result;

#[derive(Debug, Default)]
pub(crate) struct ListStreamsInput {
    pub(crate) table_name: Option<String>,
    pub(crate) limit: Option<i64>,
    pub(crate) exclusive_start_stream_arn: Option<String>,
}

shape! { ListStreamsInput {
    "TableName" => table_name: string,
    "Limit" => limit: long,
    "ExclusiveStartStreamArn" => exclusive_start_stream_arn: string,
} }

#[derive(Debug, Default)]
pub(crate) struct DescribeStreamInput {
    pub(crate) stream_arn: Option<String>,
    pub(crate) limit: Option<i64>,
    pub(crate) exclusive_start_shard_id: Option<String>,
}

shape! { DescribeStreamInput {
    "StreamArn" => stream_arn: string,
    "Limit" => limit: long,
    "ExclusiveStartShardId" => exclusive_start_shard_id: string,
} }

#[derive(Debug, Default)]
pub(crate) struct GetShardIteratorInput {
    pub(crate) stream_arn: Option<String>,
    pub(crate) shard_id: Option<String>,
    pub(crate) shard_iterator_type: Option<String>,
    pub(crate) sequence_number: Option<String>,
}

shape! { GetShardIteratorInput {
    "StreamArn" => stream_arn: string,
    "ShardId" => shard_id: string,
    "ShardIteratorType" => shard_iterator_type: string,
    "SequenceNumber" => sequence_number: string,
} }

#[derive(Debug, Default)]
pub(crate) struct GetRecordsInput {
    pub(crate) shard_iterator: Option<String>,
    pub(crate) limit: Option<i64>,
}

shape! { GetRecordsInput {
    "ShardIterator" => shard_iterator: string,
    "Limit" => limit: long,
} }

const ITERATOR_TYPES: &[&str] = &["TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"];

fn check_length(v: &mut Violations, field: &str, value: Option<&str>, min: usize, max: usize) {
    if let Some(value) = value {
        let len = value.chars().count();
        if len < min {
            v.push(&format!("'{value}'"), field, &format!("have length greater than or equal to {min}"));
        } else if len > max {
            v.push(&format!("'{value}'"), field, &format!("have length less than or equal to {max}"));
        }
    }
}

impl ListStreamsInput {
    /// ListStreams's member constraints, all reported at once.
    pub(crate) fn validate(self) -> Result<Self> {
        let mut v = Violations::default();
        v.at_least("limit", self.limit, 1);
        v.at_most("limit", self.limit, 100);
        check_length(&mut v, "tableName", self.table_name.as_deref(), 3, 255);
        check_length(&mut v, "exclusiveStartStreamArn", self.exclusive_start_stream_arn.as_deref(), 37, 1024);
        v.finish()?;
        Ok(self)
    }
}

impl DescribeStreamInput {
    /// DescribeStream's member constraints, all reported at once.
    pub(crate) fn validate(self) -> Result<Self> {
        let mut v = Violations::default();
        v.not_null("streamArn", &self.stream_arn);
        check_length(&mut v, "streamArn", self.stream_arn.as_deref(), 37, 1024);
        v.at_least("limit", self.limit, 1);
        v.at_most("limit", self.limit, 100);
        check_length(&mut v, "exclusiveStartShardId", self.exclusive_start_shard_id.as_deref(), 28, 65);
        v.finish()?;
        Ok(self)
    }
}

impl GetShardIteratorInput {
    /// GetShardIterator's member constraints, all reported at once.
    pub(crate) fn validate(self) -> Result<Self> {
        let mut v = Violations::default();
        v.not_null("streamArn", &self.stream_arn);
        check_length(&mut v, "streamArn", self.stream_arn.as_deref(), 37, 1024);
        v.not_null("shardId", &self.shard_id);
        check_length(&mut v, "shardId", self.shard_id.as_deref(), 28, 65);
        v.not_null("shardIteratorType", &self.shard_iterator_type);
        v.one_of("shardIteratorType", self.shard_iterator_type.as_deref(), ITERATOR_TYPES);
        check_length(&mut v, "sequenceNumber", self.sequence_number.as_deref(), 21, 40);
        v.finish()?;
        Ok(self)
    }
}

impl GetRecordsInput {
    /// GetRecords's member constraints, all reported at once.
    pub(crate) fn validate(self) -> Result<Self> {
        let mut v = Violations::default();
        v.not_null("shardIterator", &self.shard_iterator);
        check_length(&mut v, "shardIterator", self.shard_iterator.as_deref(), 1, 2048);
        v.at_least("limit", self.limit, 1);
        v.at_most("limit", self.limit, 1000);
        v.finish()?;
        Ok(self)
    }
}
