//! The DynamoDB Streams API's operations: ListStreams, DescribeStream,
//! GetShardIterator and GetRecords, on requests `api::streams` has checked.
//! Reads only: nothing is charged, nothing is throttled.
//!
//! A shard iterator is an opaque string to the caller; here it is the
//! stream's ARN, the shard, the next sequence number to read and when it was
//! issued (iterators expire 15 minutes of engine time later).

use serde_json::{json, Map, Value};

use crate::engine::api::streams::{DescribeStreamInput, GetRecordsInput, GetShardIteratorInput, ListStreamsInput};
use crate::engine::error::{ApiError, Result};
use crate::engine::streams::{iso_millis, StreamRecord, TableStream, ITERATOR_LIFETIME_MILLIS};
use crate::engine::Engine;

fn stream_not_found(arn: &str) -> ApiError {
    ApiError::ResourceNotFound(format!("Requested resource not found: Stream: {arn} not found"))
}

fn invalid_iterator() -> ApiError {
    ApiError::validation("Invalid ShardIterator")
}

/// A decoded shard iterator: where to read from, and when it was issued.
struct ShardIterator {
    arn: String,
    shard_id: String,
    position: u128,
    issued_millis: u64,
}

impl ShardIterator {
    fn encode(&self) -> String {
        format!("{}|1|{}|{}|{}", self.arn, self.shard_id, self.position, self.issued_millis)
    }

    fn decode(text: &str) -> Option<Self> {
        let mut parts = text.split('|');
        let arn = parts.next()?.to_string();
        if parts.next()? != "1" {
            return None;
        }
        let shard_id = parts.next()?.to_string();
        let position = parts.next()?.parse().ok()?;
        let issued_millis = parts.next()?.parse().ok()?;
        if parts.next().is_some() {
            return None;
        }
        Some(Self { arn, shard_id, position, issued_millis })
    }
}

/// The stream a Streams API request reads: its `StreamArn`, or the one its
/// `ShardIterator` was issued for.
pub(crate) fn streams_request_arn(request: &Value) -> Option<String> {
    request.get("StreamArn").and_then(Value::as_str).map(str::to_string).or_else(|| {
        let iterator = request.get("ShardIterator").and_then(Value::as_str)?;
        ShardIterator::decode(iterator).map(|it| it.arn)
    })
}

impl Engine {
    /// Every readable stream: the tables' in table-name order, then those
    /// of deleted tables.
    pub fn all_streams(&self) -> impl Iterator<Item = &TableStream> {
        self.tables.values().flat_map(|t| t.streams.iter()).chain(self.retired_streams.iter())
    }

    fn find_stream(&self, arn: &str) -> Result<&TableStream> {
        self.all_streams().find(|s| s.arn == arn).ok_or_else(|| stream_not_found(arn))
    }

    pub(crate) fn list_streams(&self, input: ListStreamsInput) -> Result<Value> {
        let limit = input.limit.unwrap_or(100).clamp(1, 100) as usize;
        let mut streams: Vec<&TableStream> =
            self.all_streams().filter(|s| input.table_name.as_ref().is_none_or(|name| &s.table_name == name)).collect();
        if let Some(start) = &input.exclusive_start_stream_arn {
            if let Some(at) = streams.iter().position(|s| &s.arn == start) {
                streams.drain(..=at);
            }
        }
        let mut out = Map::new();
        let page: Vec<Value> = streams.iter().take(limit).map(|s| s.summary()).collect();
        out.insert("Streams".into(), page.into());
        if let (true, Some(last)) = (streams.len() > limit, limit.checked_sub(1).and_then(|i| streams.get(i))) {
            out.insert("LastEvaluatedStreamArn".into(), last.arn.clone().into());
        }
        Ok(Value::Object(out))
    }

    pub(crate) fn describe_stream(&self, input: DescribeStreamInput) -> Result<Value> {
        let stream = self.find_stream(input.stream_arn.as_deref().unwrap_or_default())?;
        // Shards in the order they opened, from after ExclusiveStartShardId.
        let limit = input.limit.unwrap_or(100).clamp(1, 100) as usize;
        let from = match input.exclusive_start_shard_id.as_deref() {
            None => 0,
            Some(id) => stream.shard(id).map_or(stream.shards.len(), |(i, _)| i + 1),
        };
        let rest = stream.shards.get(from..).unwrap_or_default();
        let shards: Vec<Value> = rest.iter().take(limit).map(TableStream::shard_to_wire).collect();
        let more = rest.len() > limit;
        let mut key_schema = vec![json!({"AttributeName": stream.key_schema.partition_key.name, "KeyType": "HASH"})];
        if let Some(sort) = &stream.key_schema.sort_key {
            key_schema.push(json!({"AttributeName": sort.name, "KeyType": "RANGE"}));
        }
        let mut description = json!({
            "CreationRequestDateTime": stream.created_millis as f64 / 1000.0,
            "KeySchema": key_schema,
            "Shards": shards,
            "StreamArn": stream.arn,
            "StreamLabel": stream.label,
            "StreamStatus": if stream.is_enabled() { "ENABLED" } else { "DISABLED" },
            "StreamViewType": stream.view_type.as_str(),
            "TableName": stream.table_name,
        });
        if more {
            let last = rest.get(limit - 1).map(|s| s.id.clone()).unwrap_or_default();
            if let Some(members) = description.as_object_mut() {
                members.insert("LastEvaluatedShardId".into(), last.into());
            }
        }
        Ok(json!({ "StreamDescription": description }))
    }

    pub(crate) fn get_shard_iterator(&self, input: GetShardIteratorInput) -> Result<Value> {
        let arn = input.stream_arn.unwrap_or_default();
        let stream = self.find_stream(&arn)?;
        let shard_id = input.shard_id.unwrap_or_default();
        let Some((_, shard)) = stream.shard(&shard_id) else {
            return Err(ApiError::ResourceNotFound(format!(
                "Requested resource not found: Shard does not exist: {shard_id}"
            )));
        };
        // The last sequence number the shard holds or may hold.
        let last = shard.ending_sequence.unwrap_or(stream.next_sequence.saturating_sub(1));
        let kind = input.shard_iterator_type.unwrap_or_default();
        let position = match kind.as_str() {
            "TRIM_HORIZON" => stream.trimmed_before.max(shard.starting_sequence),
            "LATEST" => shard.ending_sequence.map_or(stream.next_sequence, |end| end.saturating_add(1)),
            _ => {
                let Some(text) = input.sequence_number else {
                    return Err(ApiError::validation(format!(
                        "Must specify a sequence number for ShardIteratorType: {kind}"
                    )));
                };
                let sequence: u128 = text
                    .parse()
                    .ok()
                    .filter(|n| *n >= shard.starting_sequence && *n <= last && *n < stream.next_sequence)
                    .ok_or_else(|| ApiError::validation(format!("Invalid SequenceNumber: {text}")))?;
                if sequence < stream.trimmed_before {
                    return Err(ApiError::TrimmedDataAccess(format!(
                        "Sequence number {text} is beyond the trim horizon of shard {shard_id}"
                    )));
                }
                if kind == "AT_SEQUENCE_NUMBER" {
                    sequence
                } else {
                    sequence + 1
                }
            }
        };
        let iterator = ShardIterator { arn, shard_id, position, issued_millis: self.clock.now_millis() };
        Ok(json!({"ShardIterator": iterator.encode()}))
    }

    pub(crate) fn get_records(&self, input: GetRecordsInput) -> Result<Value> {
        let text = input.shard_iterator.unwrap_or_default();
        let iterator = ShardIterator::decode(&text).ok_or_else(invalid_iterator)?;
        let now = self.clock.now_millis();
        let stream = self.find_stream(&iterator.arn)?;
        let Some((index, shard)) = stream.shard(&iterator.shard_id) else { return Err(invalid_iterator()) };
        if iterator.issued_millis.saturating_add(ITERATOR_LIFETIME_MILLIS) < now {
            return Err(ApiError::ExpiredIterator(format!(
                "Iterator expired. The iterator was created at time {} while right now it is {} which is further in the future than the tolerated delay of {ITERATOR_LIFETIME_MILLIS} milliseconds.",
                iso_millis(iterator.issued_millis),
                iso_millis(now)
            )));
        }
        if iterator.position < stream.trimmed_before {
            return Err(ApiError::TrimmedDataAccess(
                "The operation attempted to read past the oldest stream record in a shard.".into(),
            ));
        }
        let limit = input.limit.unwrap_or(1000).clamp(1, 1000) as usize;
        let mine = |r: &&StreamRecord| r.shard == index;
        let records: Vec<&StreamRecord> =
            stream.records.iter().filter(mine).filter(|r| r.sequence >= iterator.position).take(limit).collect();
        let next_position = records.last().map_or(iterator.position, |r| r.sequence + 1);
        let mut out = Map::new();
        let wire: Vec<Value> = records.iter().map(|r| stream.record_to_wire(r)).collect();
        out.insert("Records".into(), wire.into());
        // A closed shard read to its end has no next iterator.
        let open = shard.ending_sequence.is_none();
        if open || stream.records.iter().filter(mine).any(|r| r.sequence >= next_position) {
            let next = ShardIterator { position: next_position, issued_millis: now, ..iterator };
            out.insert("NextShardIterator".into(), next.encode().into());
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterators_decode_only_what_they_encode() {
        let it = ShardIterator { arn: "arn:x".into(), shard_id: "s".into(), position: 7, issued_millis: 9 };
        let back = ShardIterator::decode(&it.encode()).expect("decodes");
        assert_eq!(
            (back.arn.as_str(), back.shard_id.as_str(), back.position, back.issued_millis),
            ("arn:x", "s", 7, 9)
        );
        for bad in ["", "a|2|s|1|1", "a|1|s|x|1", "a|1|s|1|1|1", "|||", "a|1|s|-1|0"] {
            assert!(ShardIterator::decode(bad).is_none(), "{bad}");
        }
    }
}
