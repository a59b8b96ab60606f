//! Snapshots: the whole engine as one JSON document, and back again.
//!
//! The local endpoint saves its data with [`Engine::snapshot`](crate::engine::Engine::snapshot) and loads it
//! with [`Engine::restore`](crate::engine::Engine::restore); the page's scenario files and share links carry
//! the same document. It is plain JSON that a person can read, diff and edit:
//!
//! ```text
//! {
//!   "format": "ddb-playground",            always this string
//!   "version": 1,                          this layout; bumped on any change readers must know about
//!   "clock": 1767225600000,                engine time, milliseconds since the Unix epoch
//!   "settings": {"gsi-propagation-delay": 5000},   optional: engine settings that differ
//!                                          from the defaults (names as in EngineSettings::NAMES)
//!   "partitions": [                        optional: partition layouts that history made
//!     {"table": "Music", "index": "…",     differ from a fresh table's (doubled, split);
//!      "ranges": [["0000000000000000",     "index" only for a GSI; each range: first and
//!                  "7fffffffffffffff",     last keyspace position (16 hex digits), RCU
//!                  2.5, 2.5], …]}          and WCU share (a number, or a decimal
//!                                          string where the number would not
//!                                          read back exactly: see `share`)
//!   ],
//!   "triggers": [                          optional: the stream triggers, each the
//!     {"TableName": "Votes",               PutStreamTrigger request that defined it
//!      "TriggerName": "CountVotes", …}     (see `triggers`), by table, in the order defined
//!   ],
//!   "tables": [                            in table-name order
//!     {
//!       "definition": {                    the CreateTable request that recreates the table
//!         "TableName": "Music",
//!         "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"}, …],
//!         "AttributeDefinitions": [{"AttributeName": "Artist", "AttributeType": "S"}, …],
//!         "BillingMode": "PROVISIONED",
//!         "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
//!         "TableClass": "STANDARD",        only when a request ever named the class
//!         "GlobalSecondaryIndexes": [ {"IndexName": …, "KeySchema": …, "Projection": …,
//!                                      "ProvisionedThroughput": …}, … ],   also those added
//!                                          by UpdateTable; not one being deleted
//!         "LocalSecondaryIndexes": [ … ],
//!         "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"},
//!         "Tags": [{"Key": "env", "Value": "test"}, …]   only when the table has tags, in key order
//!       },
//!       "state": {                         optional; each member optional
//!         "tableId": "…",                  TableId as DescribeTable shows it
//!         "createdMillis": …,              CreationDateTime
//!         "payPerRequestSinceMillis": …,   BillingModeSummary.LastUpdateToPayPerRequestDateTime
//!         "lastIncreaseMillis": …,         ProvisionedThroughput.LastIncreaseDateTime
//!         "lastDecreaseMillis": …,         ProvisionedThroughput.LastDecreaseDateTime
//!         "decreasesToday": 0,             ProvisionedThroughput.NumberOfDecreasesToday
//!         "streamCreatedMillis": …,        when the enabled stream was created (its label)
//!         "timeToLiveAttribute": "expires", the TTL attribute while TTL is enabled
//!         "indexes": {                     a GSI's state, when not simply ACTIVE
//!           "GenreIndex": {"status": "CREATING", "backfilling": true,
//!                          "statusSinceMillis": …,     when the backfill began
//!                          "statusUntilMillis": …,     when the backfill ends
//!                          "lastIncreaseMillis": …, "lastDecreaseMillis": …, "decreasesToday": 0}
//!         },
//!         "vectorIndexes": {               a vector index still on its way in or out
//!           "ByStyle": {"status": "CREATING", "sinceMillis": …, "allocatedMillis": …,
//!                       "backfilledMillis": …, "servedMillis": …}   (DELETING: sinceMillis, untilMillis)
//!         }
//!       },
//!       "items": [{"Artist": {"S": "Acme Band"}, …}, …]   DynamoDB JSON, in keyspace order
//!     }
//!   ]
//! }
//! ```
//!
//! **Restoring replays requests.** [`Engine::restore`](crate::engine::Engine::restore) does not build tables
//! and items by hand: it sends each `definition` through
//! `execute("CreateTable", …)` and each item through `execute("PutItem", …)`
//! on a fresh engine whose clock stands at `clock`. Every rule the engine
//! applies to a request (key schema, types, sizes, 38-digit numbers, nesting)
//! therefore applies to a snapshot too, and a hand-written scenario needs
//! nothing but `definition` and `items`. What no request can set (the table
//! id, timestamps, the throughput history) travels in `state` and is put back
//! after the CreateTable; a member left out keeps what the replay produced.
//!
//! **Indexes are rebuilt, not stored.** An index holds nothing but copies of
//! items, so the document lists only index *definitions*. A replay creates
//! the table with its local indexes, puts the items (which fills the LSIs),
//! then builds each global index from the items at once, as a backfill
//! would: an item whose GSI key has the wrong type (possible for a GSI added
//! later by UpdateTable) is simply left out of that index, never refused.
//! GSI updates still on their way when the snapshot was taken are thus
//! applied on restore, and an index being deleted is saved as already gone.
//!
//! **Round trip.** `restore(snapshot(e))` gives tables equal to `e`'s, field
//! for field (once `e`'s GSI updates have landed and no index is being
//! deleted), the same clock and settings; numbers come back in their
//! normalised spelling, sets in their sorted order, so `snapshot` of the
//! result is the same document.
//!
//! **Errors.** A document that is not a snapshot, or one whose content the
//! engine refuses, is a `ValidationException` whose message starts with
//! `Invalid snapshot:` and names the place, e.g.
//! `Invalid snapshot: tables[0].items[3]: ValidationException: One or more
//! parameter values were invalid: Missing the key pk in the item`. Unknown
//! members are refused rather than skipped, so a typo cannot silently drop
//! data. Nothing is returned but the error: the half-built engine is dropped,
//! so a caller never sees a partial one.
//!
//! **Streams and TTL.** The enabled stream's definition is saved (its view
//! type in `definition`, its creation time, hence its ARN and label, in
//! `state`), its records are not: a restored stream starts empty, and the
//! replayed PutItems write no records. Disabled streams and the streams of
//! deleted tables (readable for 24 hours) are not saved. TTL is saved as its
//! attribute name; the sweeper looks at the restored items at the next
//! request.
//!
//! **Triggers.** Each stream trigger is saved as the `PutStreamTrigger`
//! request that defined it and replayed after the tables, so it is checked
//! like any new definition; a restored trigger starts at the restored,
//! empty stream, with fresh statistics.
//!
//! A table feature the engine keeps must travel here too: in `definition`
//! (as a CreateTable member) or in `state`. A replay is never throttled.
//!
//! `write` makes the document, `read` checks and replays it.

mod read;
mod write;
pub use write::create_table_request;

#[cfg(test)]
mod tests;

/// The `format` member of every snapshot.
pub const FORMAT: &str = "ddb-playground";
/// The layout version this build writes and reads.
pub const VERSION: u64 = 1;

const TOP_MEMBERS: &[&str] = &["format", "version", "clock", "settings", "tables", "partitions", "triggers"];
const LAYOUT_MEMBERS: &[&str] = &["table", "index", "ranges"];
const TABLE_MEMBERS: &[&str] = &["definition", "state", "items"];
const STATE_MEMBERS: &[&str] = &[
    "tableId",
    "createdMillis",
    "payPerRequestSinceMillis",
    "lastIncreaseMillis",
    "lastDecreaseMillis",
    "decreasesToday",
    "indexes",
    "streamCreatedMillis",
    "timeToLiveAttribute",
    "warmThroughput",
    "vectorIndexes",
];
const INDEX_STATE_MEMBERS: &[&str] = &[
    "status",
    "backfilling",
    "statusUntilMillis",
    "statusSinceMillis",
    "lastIncreaseMillis",
    "lastDecreaseMillis",
    "decreasesToday",
    "warmThroughput",
];
