//! A read's footprint: which items it read, which it returned, which its
//! filter threw away, and where its page stopped.
//!
//! The console draws it over the items grid and the index contents while a
//! GetItem, Query, Scan, BatchGetItem, TransactGetItems or PartiQL SELECT is
//! being typed, so "a filter reads everything, then throws most away"
//! (semantics A.2) is something to see, not only a sentence:
//!
//! ```text
//!   Query  Artist = "Acme"  FilterExpression Year > 2020  Limit 4
//!
//!   Acme  │ a  │ 2019 │  read, filtered out   ┐
//!         │ b  │ 2023 │  read, returned       │ Limit 4 items evaluated:
//!         │ c  │ 2018 │  read, filtered out   │ ScannedCount 4, Count 2
//!         │ d  │ 2024 │  read, returned       ┘
//!   ───── Limit 4 stops here (LastEvaluatedKey = d) ─────
//!         │ e  │ 2025 │  not read
//! ```
//!
//! Every item or index entry read gets one [`Kept`]: **returned** (in
//! `Items`), **filtered out** (read and paid for, dropped by the
//! `FilterExpression`, a legacy `QueryFilter`/`ScanFilter` or a PartiQL
//! `WHERE` on non-key attributes), or only **counted** (matched, but the
//! request asked for `Select: COUNT`, so no item comes back). An item is
//! named by its *table* key, also for an index read: an index's entries are
//! told apart by the table key of the item they stand for, and that is how
//! the index contents draw them. A read of a local secondary index that
//! fetches base items (`ops::read`) reads the table as well: the fetched
//! items are marked on the table with their entries' fate.
//!
//! A Query or Scan page that stopped early says where ([`Stop`]): after
//! `Limit` items evaluated, or when 1 MB had been read; the item it stopped
//! at is the one its `LastEvaluatedKey` names. A GetItem of a key that is not
//! there reads nothing (it still pays the minimum block, see `capacity`), so
//! its footprint has no items.
//!
//! **Recorded only for a dry run.** Real requests and workloads never pay
//! for it: the operations record into the trace a dry run hands them
//! (`dry_run::Trace`), and `Engine::dry_run` returns it, which is how the
//! console previews a request. Which *partitions* a request touches is a
//! question about its charges instead (`sim::footprint`).

use std::collections::HashMap;

use crate::engine::schema::PrimaryKey;

/// What became of one item (or index entry) a read read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kept {
    /// Read and returned in `Items` (or as `Item`).
    Returned,
    /// Read, matched, and only counted: `Select: COUNT` returns no items.
    Counted,
    /// Read (and paid for), then dropped by the filter.
    FilteredOut,
}

/// Why a Query or Scan page stopped before the end of what it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// `Limit` items were evaluated.
    Limit(usize),
    /// 1 MB was read (semantics A.2).
    PageSize,
}

/// Where a page stopped: the last item it read, which its
/// `LastEvaluatedKey` names.
#[derive(Clone, Debug, PartialEq)]
pub struct Stop {
    pub reason: StopReason,
    /// The table key of the last item (or entry) read.
    pub at: PrimaryKey,
}

/// What a request read of one table or one of its indexes.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadFootprint {
    pub table: String,
    /// The secondary index read, or `None` for the table itself.
    pub index: Option<String>,
    /// Each item read, by table key, in the order read.
    pub items: Vec<(PrimaryKey, Kept)>,
    /// Where a Query or Scan page stopped early, if it did.
    pub stop: Option<Stop>,
    /// Whether the read went in key order (`false`: a Query with
    /// `ScanIndexForward: false`, which reads backwards from the end).
    pub forward: bool,
}

/// What one request read, per table and index, in the order read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Footprint {
    pub reads: Vec<ReadFootprint>,
}

impl Footprint {
    /// Whether the request read anything at all (a write, or a read that
    /// found nothing, reads nothing).
    pub fn is_empty(&self) -> bool {
        self.reads.iter().all(|r| r.items.is_empty())
    }

    /// Adds what a read of `table` (or its `index`) read to the record of
    /// that table or index, made on first use.
    pub(crate) fn record(
        &mut self,
        table: &str,
        index: Option<&str>,
        forward: bool,
        items: impl IntoIterator<Item = (PrimaryKey, Kept)>,
        stop: Option<Stop>,
    ) {
        let at = self.reads.iter().position(|r| r.table == table && r.index.as_deref() == index);
        let read = match at {
            Some(at) => self.reads.get_mut(at),
            None => {
                self.reads.push(ReadFootprint {
                    table: table.to_string(),
                    index: index.map(str::to_string),
                    items: Vec::new(),
                    stop: None,
                    forward,
                });
                self.reads.last_mut()
            }
        };
        if let Some(read) = read {
            read.items.extend(items);
            if stop.is_some() {
                read.stop = stop;
            }
        }
    }

    /// Marks an item of `table` (read through the table or any of its
    /// indexes) as dropped after the read: a PartiQL `WHERE` clause on
    /// non-key attributes filters what its Query or Scan returned.
    pub(crate) fn filtered_out(&mut self, table: &str, key: &PrimaryKey) {
        for read in self.reads.iter_mut().filter(|r| r.table == table) {
            for (_, kept) in read.items.iter_mut().filter(|(k, _)| k == key) {
                *kept = Kept::FilteredOut;
            }
        }
    }

    /// What became of each item read of `table` (or its `index`), by table
    /// key: a view's lookup for the rows it draws. An item read twice (two
    /// pages of a PartiQL statement cannot, a batch cannot) keeps the
    /// fate it got last.
    pub fn marks(&self, table: &str, index: Option<&str>) -> HashMap<PrimaryKey, Kept> {
        self.reads
            .iter()
            .filter(|r| r.table == table && r.index.as_deref() == index)
            .flat_map(|r| r.items.iter().cloned())
            .collect()
    }

    /// Where the reads of `table` (or its `index`) stopped early, with the
    /// direction each read went.
    pub fn stops(&self, table: &str, index: Option<&str>) -> Vec<(&Stop, bool)> {
        self.reads
            .iter()
            .filter(|r| r.table == table && r.index.as_deref() == index)
            .filter_map(|r| r.stop.as_ref().map(|s| (s, r.forward)))
            .collect()
    }

    /// How many items read of `table` (or its `index`) met each fate:
    /// (returned, counted, filtered out).
    pub fn tally(&self, table: &str, index: Option<&str>) -> (usize, usize, usize) {
        let mut tally = (0, 0, 0);
        for (_, kept) in
            self.reads.iter().filter(|r| r.table == table && r.index.as_deref() == index).flat_map(|r| &r.items)
        {
            match kept {
                Kept::Returned => tally.0 += 1,
                Kept::Counted => tally.1 += 1,
                Kept::FilteredOut => tally.2 += 1,
            }
        }
        tally
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::engine::schema::KeyValue;
    use crate::engine::Engine;

    fn run(engine: &mut Engine, operation: &str, request: Value) -> Value {
        engine.execute(operation, &request).unwrap_or_else(|e| panic!("{operation}: {e}"))
    }

    fn dry(engine: &mut Engine, operation: &str, request: Value) -> Footprint {
        let dry = engine.dry_run(operation, &request);
        dry.result.unwrap_or_else(|e| panic!("{operation}: {e}"));
        dry.footprint
    }

    fn key(artist: &str, song: &str) -> PrimaryKey {
        PrimaryKey { partition: KeyValue::S(artist.into()), sort: Some(KeyValue::S(song.into())) }
    }

    /// Songs of one read, as "a" for the song "a" of Acme.
    fn songs(read: &ReadFootprint) -> Vec<(String, Kept)> {
        read.items
            .iter()
            .map(|(k, kept)| match &k.sort {
                Some(KeyValue::S(song)) => (song.clone(), *kept),
                other => panic!("{other:?}"),
            })
            .collect()
    }

    use Kept::{FilteredOut as F, Returned as R};

    fn marks(list: &[(&str, Kept)]) -> Vec<(String, Kept)> {
        list.iter().map(|(s, k)| (s.to_string(), *k)).collect()
    }

    /// Music: Acme's songs a–f (Year 2019, 2023, 2018, 2024, 2025, 2020;
    /// Album X, Y alternating), one song of Zed; an LSI by Year projecting
    /// keys only, a GSI by Album projecting everything.
    fn music() -> Engine {
        let mut engine = Engine::new();
        run(
            &mut engine,
            "CreateTable",
            json!({
                "TableName": "Music",
                "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"}, {"AttributeName": "SongTitle", "KeyType": "RANGE"}],
                "AttributeDefinitions": [
                    {"AttributeName": "Artist", "AttributeType": "S"}, {"AttributeName": "SongTitle", "AttributeType": "S"},
                    {"AttributeName": "Year", "AttributeType": "N"}, {"AttributeName": "Album", "AttributeType": "S"}],
                "LocalSecondaryIndexes": [{"IndexName": "ByYear",
                    "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"}, {"AttributeName": "Year", "KeyType": "RANGE"}],
                    "Projection": {"ProjectionType": "KEYS_ONLY"}}],
                "GlobalSecondaryIndexes": [{"IndexName": "ByAlbum",
                    "KeySchema": [{"AttributeName": "Album", "KeyType": "HASH"}],
                    "Projection": {"ProjectionType": "ALL"}}],
                "BillingMode": "PAY_PER_REQUEST"
            }),
        );
        let years = [("a", 2019), ("b", 2023), ("c", 2018), ("d", 2024), ("e", 2025), ("f", 2020)];
        for (i, (song, year)) in years.into_iter().enumerate() {
            let album = if i % 2 == 0 { "X" } else { "Y" };
            run(
                &mut engine,
                "PutItem",
                json!({"TableName": "Music", "Item": {"Artist": {"S": "Acme"}, "SongTitle": {"S": song},
                       "Year": {"N": year.to_string()}, "Album": {"S": album}}}),
            );
        }
        run(
            &mut engine,
            "PutItem",
            json!({"TableName": "Music", "Item": {"Artist": {"S": "Zed"}, "SongTitle": {"S": "z"}, "Year": {"N": "2000"}}}),
        );
        engine
    }

    fn acme_query() -> Value {
        json!({"TableName": "Music", "KeyConditionExpression": "Artist = :a",
               "ExpressionAttributeValues": {":a": {"S": "Acme"}, ":y": {"N": "2020"}},
               "FilterExpression": "#y > :y", "ExpressionAttributeNames": {"#y": "Year"}})
    }

    #[test]
    fn a_filtered_query_reads_its_collection_and_returns_what_matched() {
        let mut engine = music();
        let footprint = dry(&mut engine, "Query", acme_query());
        let [read] = &footprint.reads[..] else { panic!("{footprint:?}") };
        assert_eq!((read.table.as_str(), read.index.as_deref(), read.stop.as_ref()), ("Music", None, None));
        assert_eq!(songs(read), marks(&[("a", F), ("b", R), ("c", F), ("d", R), ("e", R), ("f", F)]));
        assert_eq!(footprint.tally("Music", None), (3, 0, 3));
        assert_eq!(footprint.marks("Music", None).get(&key("Acme", "c")), Some(&F));
        // The same read again finds the same: the dry run changed nothing.
        assert_eq!(dry(&mut engine, "Query", acme_query()), footprint);
    }

    #[test]
    fn limit_and_the_1_mb_page_say_where_they_stop() {
        let mut engine = music();
        let mut request = acme_query();
        request["Limit"] = json!(4);
        let footprint = dry(&mut engine, "Query", request.clone());
        let [read] = &footprint.reads[..] else { panic!("{footprint:?}") };
        assert_eq!(songs(read), marks(&[("a", F), ("b", R), ("c", F), ("d", R)]));
        assert_eq!(read.stop, Some(Stop { reason: StopReason::Limit(4), at: key("Acme", "d") }));

        // Backwards: from the end of the collection.
        request["Limit"] = json!(2);
        request["ScanIndexForward"] = json!(false);
        let footprint = dry(&mut engine, "Query", request);
        let [read] = &footprint.reads[..] else { panic!("{footprint:?}") };
        assert_eq!((songs(read), read.forward), (marks(&[("f", F), ("e", R)]), false));
        assert_eq!(read.stop.as_ref().map(|s| &s.at), Some(&key("Acme", "e")));

        // Items of 300 KB: the fourth takes the page past 1 MB.
        engine.settings_mut().enforce_throughput = false;
        let big = "x".repeat(300_000);
        for song in ["p", "q", "r", "s", "t"] {
            run(
                &mut engine,
                "PutItem",
                json!({"TableName": "Music", "Item": {"Artist": {"S": "Big"}, "SongTitle": {"S": song}, "Blob": {"S": big}}}),
            );
        }
        let request = json!({"TableName": "Music", "KeyConditionExpression": "Artist = :a",
                             "ExpressionAttributeValues": {":a": {"S": "Big"}}});
        let footprint = dry(&mut engine, "Query", request);
        let [read] = &footprint.reads[..] else { panic!("{footprint:?}") };
        assert_eq!(songs(read), marks(&[("p", R), ("q", R), ("r", R), ("s", R)]));
        assert_eq!(read.stop, Some(Stop { reason: StopReason::PageSize, at: key("Big", "s") }));
    }

    #[test]
    fn a_scan_reads_every_item_and_a_count_returns_none() {
        let mut engine = music();
        let request = json!({"TableName": "Music", "FilterExpression": "Album = :x",
                             "ExpressionAttributeValues": {":x": {"S": "X"}}});
        let footprint = dry(&mut engine, "Scan", request.clone());
        assert_eq!(footprint.tally("Music", None), (3, 0, 4));
        let mut count = request;
        count["Select"] = json!("COUNT");
        let footprint = dry(&mut engine, "Scan", count);
        assert_eq!(footprint.tally("Music", None), (0, 3, 4));
        assert_eq!(footprint.marks("Music", None).values().filter(|k| **k == Kept::Counted).count(), 3);
    }

    #[test]
    fn single_and_batch_gets_mark_what_they_found() {
        let mut engine = music();
        let get =
            |song: &str| json!({"TableName": "Music", "Key": {"Artist": {"S": "Acme"}, "SongTitle": {"S": song}}});
        let footprint = dry(&mut engine, "GetItem", get("nothing"));
        assert!(footprint.is_empty());
        assert_eq!(footprint.reads.len(), 1, "the table was read, and nothing found");
        let footprint = dry(&mut engine, "GetItem", get("b"));
        assert_eq!(footprint.marks("Music", None).into_iter().collect::<Vec<_>>(), vec![(key("Acme", "b"), R)]);

        let keys = json!([get("a")["Key"], get("missing")["Key"], get("e")["Key"]]);
        let footprint = dry(&mut engine, "BatchGetItem", json!({"RequestItems": {"Music": {"Keys": keys}}}));
        assert_eq!(songs(&footprint.reads[0]), marks(&[("a", R), ("e", R)]));

        let items = json!([{"Get": get("c")}, {"Get": get("missing")}]);
        let footprint = dry(&mut engine, "TransactGetItems", json!({"TransactItems": items}));
        assert_eq!(songs(&footprint.reads[0]), marks(&[("c", R)]));

        // A write reads nothing.
        let put = json!({"TableName": "Music", "Item": {"Artist": {"S": "New"}, "SongTitle": {"S": "n"}}});
        assert!(dry(&mut engine, "PutItem", put).reads.is_empty());
    }

    #[test]
    fn index_reads_mark_entries_and_the_base_items_an_lsi_fetches() {
        let mut engine = music();
        // The GSI's entries arrive after its propagation delay.
        engine.advance_clock(60_000);
        let request = json!({"TableName": "Music", "IndexName": "ByAlbum", "KeyConditionExpression": "Album = :x",
                             "ExpressionAttributeValues": {":x": {"S": "Y"}, ":y": {"N": "2023"}},
                             "FilterExpression": "#y > :y", "ExpressionAttributeNames": {"#y": "Year"}});
        let footprint = dry(&mut engine, "Query", request);
        let [read] = &footprint.reads[..] else { panic!("{footprint:?}") };
        assert_eq!(read.index.as_deref(), Some("ByAlbum"));
        let mut got = songs(read);
        got.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(got, marks(&[("b", F), ("d", R), ("f", F)]));

        // Keys only: the whole item must be fetched from the table.
        let request = json!({"TableName": "Music", "IndexName": "ByYear", "KeyConditionExpression": "Artist = :a AND #y >= :y",
                             "ExpressionAttributeValues": {":a": {"S": "Acme"}, ":y": {"N": "2023"}, ":x": {"S": "X"}},
                             "ExpressionAttributeNames": {"#y": "Year"}, "FilterExpression": "Album = :x"});
        let footprint = dry(&mut engine, "Query", request);
        let entries = footprint.marks("Music", Some("ByYear"));
        let fetched = footprint.marks("Music", None);
        assert_eq!(entries.len(), 3, "{footprint:?}");
        assert_eq!(entries, fetched);
        assert_eq!(entries.get(&key("Acme", "e")), Some(&R));
        assert_eq!(entries.get(&key("Acme", "b")), Some(&F));

        // Projected attributes only: nothing is fetched.
        let request = json!({"TableName": "Music", "IndexName": "ByYear", "KeyConditionExpression": "Artist = :a",
                             "ExpressionAttributeValues": {":a": {"S": "Acme"}}});
        let footprint = dry(&mut engine, "Query", request);
        assert_eq!((footprint.reads.len(), footprint.tally("Music", Some("ByYear"))), (1, (6, 0, 0)));
    }

    #[test]
    fn a_partiql_select_marks_what_its_where_clause_dropped() {
        let mut engine = music();
        let statement = "SELECT * FROM Music WHERE Artist = 'Acme' AND \"Year\" > 2020";
        let footprint = dry(&mut engine, "ExecuteStatement", json!({"Statement": statement}));
        assert_eq!(footprint.tally("Music", None), (3, 0, 3), "{footprint:?}");
    }
}
