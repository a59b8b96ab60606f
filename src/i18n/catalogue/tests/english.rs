//! English texts with values, word for word.

use super::*;

#[test]
fn english_texts_with_values_are_unchanged() {
    let en = Lang::En.tr();
    assert_eq!(en.example("Music"), "e.g. Music");
    assert_eq!(en.keyspace("3fa2c1"), "keyspace 3fa2c1");
    assert_eq!(en.duration(350), "350 ms");
    assert_eq!(en.duration(1_000), "1.0 s");
    assert_eq!(en.duration(1_240), "1.2 s");
    assert_eq!(en.delete_table("Music"), "Delete Music");
    assert_eq!(en.table_contents(1, 1), "1 item · 1 byte");
    // 12345 items and 1234 bytes, grouped in threes.
    assert_eq!(en.table_contents(12_345, 1_234), "12,345 items · 1,234 bytes");
    assert_eq!(en.provisioned_capacity(5, 10), "Provisioned · 5 RCU / 10 WCU");
    assert_eq!(en.provisioned_capacity(10_000, 40_000), "Provisioned · 10,000 RCU / 40,000 WCU");
    assert_eq!(en.lsi_partition_key("Artist"), "Partition key: the table's (Artist)");
    let (before, after) = en.indexes_of();
    assert_eq!(format!("{before}Music{after}"), "Secondary indexes of Music");
    assert_eq!(en.backfilling_left("1.2 s"), "backfilling · 1.2 s left");
    assert_eq!(en.gone_in("1.2 s"), "gone in 1.2 s");
    assert_eq!(en.entries(1), "1 entry");
    assert_eq!(en.entries(0), "0 entries");
    assert_eq!(en.entries(1234), "1,234 entries");
    assert_eq!(en.skip_wait("1.2 s"), "Skip the wait (1.2 s)");
    assert_eq!(en.index_count(1), "1 index");
    assert_eq!(en.index_count(2), "2 indexes");
    assert_eq!(en.projected_include("Album, Plays"), "INCLUDE: keys + Album, Plays");
    assert_eq!(
        en.index_grid_hint("ALL: every attribute is copied"),
        "ALL: every attribute is copied. Grouped by the index's partition key, in keyspace order; index sort-key \
         order inside. "
    );
    let (before, after) = en.marked_columns();
    assert_eq!(format!("{before}table key{after}"), "Columns marked table key point back to the table's item.");
    assert_eq!(en.leaves_in("350 ms"), "This entry leaves the index in 350 ms");
    assert_eq!(en.arrives_in("350 ms"), "arrives in 350 ms");
    let (before, after) = en.editor_hint();
    assert_eq!(format!("{before}Ctrl+Enter{after}"), "Plain JSON or DynamoDB JSON · Ctrl+Enter puts the item");
    assert_eq!(
        en.reserved_words(1),
        ("Reserved word: ", ". DynamoDB refuses it as an attribute name; a #name placeholder fixes that.")
    );
    assert_eq!(
        en.reserved_words(2),
        ("Reserved words: ", ". DynamoDB refuses them as attribute names; #name placeholders fix that.")
    );
    assert_eq!(en.use_placeholders("#Year, #Name"), "Use #Year, #Name");
    assert_eq!(en.pages(3), "3 pages");
    assert_eq!(en.pages(1_000), "1,000 pages");
    assert_eq!(en.items(1), "1 item");
    assert_eq!(en.items(2), "2 items");
    assert_eq!(en.consumed("1.5 RCU"), "consumed 1.5 RCU");
    assert_eq!(en.on_demand_price("$0.000000188"), "$0.000000188 on demand");
    assert_eq!(
        en.unprocessed("UnprocessedKeys"),
        "UnprocessedKeys: some requests were not processed; see the response."
    );
    assert_eq!(en.stopped_after(1000), "Stopped after 1000 pages; press Next page to go on.");
    assert_eq!(en.not_a_request("Limit: oops"), "# Not a request yet: Limit: oops");
    assert_eq!(en.against_local("http://localhost:8000"), "Against ddb-local (http://localhost:8000)");
    assert_eq!(en.cost_ratio("3×", true), "B costs 3× less than A");
    assert_eq!(en.cost_ratio("1.5×", false), "B costs 1.5× more than A");
    assert_eq!(en.live_cost_of("Query"), "Live cost of this Query");
    assert_eq!(en.numbered(Msg::Key, 2), "Key 2");
    assert_eq!(en.numbered(Msg::Action, 1), "Action 1");
    assert_eq!(en.row_control(RowControl::Remove, Msg::Key, 2), "Remove key 2");
    assert_eq!(en.row_control(RowControl::Remove, Msg::Action, 1), "Remove action 1");
    assert_eq!(en.row_control(RowControl::Kind, Msg::Action, 1), "Action 1 kind");
    assert_eq!(en.row_control(RowControl::Item, Msg::Action, 3), "Action 3 item");
    assert_eq!(en.operation_request("Query"), "Query request");
    assert_eq!(en.error_is_in("Item"), "The error is in Item: switch to the form to see it underlined.");
    assert_eq!(en.missing("Music"), "Music (missing)");
    assert_eq!(en.run_operation("Query"), "Run Query");
    // The live cost, as cost.rs wrote it before.
    assert_eq!(en.bytes(1_234), "1,234 bytes");
    assert_eq!(
        en.cost_refused("ValidationException"),
        "DynamoDB refuses this request (ValidationException), and a refused request costs nothing."
    );
    assert_eq!(
        en.cost_nothing_read(true, "0.5 RCU"),
        "Nothing matched the key condition, yet a read always costs at least one 4 KB block: 0.5 RCU."
    );
    assert_eq!(
        en.cost_nothing_read(false, "0.5 RCU"),
        "The table is empty, yet a read always costs at least one 4 KB block: 0.5 RCU."
    );
    // 10 read, 2 kept: 8 removed.
    assert_eq!(
        en.cost_filter_removed(8, 10, "1.5 RCU"),
        "The filter removed 8 of 10 items, but all 10 were read: 1.5 RCU."
    );
    assert_eq!(en.cost_filter_kept(1, "0.5 RCU"), "The filter kept all 1 item read: 0.5 RCU.");
    assert_eq!(
        en.cost_read_returned(1_000, 10_000, 1, "1.5 RCU"),
        "Read 1,000 items (10,000 bytes) and returned 1 item: 1.5 RCU."
    );
    assert_eq!(
        en.cost_summed(3, 300),
        "The 3 items read are summed (300 bytes) and rounded up to 4 KB once per page, not item by item."
    );
    assert_eq!(
        en.cost_get(Some(5_000), false, "1 RCU"),
        "Found an item of 5,000 bytes, rounded up to 4 KB blocks (eventually consistent: half price): 1 RCU."
    );
    assert_eq!(
        en.cost_get(None, true, "1 RCU"),
        "No item has this key, yet the read still costs one 4 KB block (strongly consistent: full price): 1 RCU."
    );
    assert_eq!(
        en.cost_write("UpdateItem", 90, "1 WCU"),
        "An update pays for the larger of the item before and after (90 bytes), in 1 KB blocks: 1 WCU."
    );
    assert_eq!(
        en.cost_transaction(2, "4 WCU"),
        "A transaction costs double: each item is rounded on its own, then × 2 (2 actions): 4 WCU."
    );
    assert_eq!(en.and_more(3), "… and 3 more");
    let parts = format!("{}; {}", en.table_index("Music", "ByYear"), en.partitions_of(&[1, 2], false, 3));
    assert_eq!(en.touched_partitions(3, &parts), "Partitions touched: 3 (Music index ByYear; partitions 1, 2 of 3).");
    assert_eq!(en.partitions_of(&[2], false, 3), "partition 2 of 3");
    assert_eq!(en.partitions_of(&[], false, 4), "all 4 partitions");
    assert_eq!(en.partitions_of(&[1, 2, 3, 4, 5, 6, 7, 8], true, 9), "partitions 1, 2, 3, 4, 5, 6, 7, 8, … of 9");
    assert_eq!(
        en.all_pages(1_000, false, "6 RCU", 40, 1_200, "$0.00075"),
        "All pages: 1,000 pages (at least; the preview stops there), 6 RCU in total, 40 of 1,200 items returned · \
         $0.00075 on demand."
    );
    assert_eq!(
        en.provisioned_share(5, "RCU", "10 %"),
        "The table is provisioned with 5 RCU per second: this request uses 10 % of one second's capacity."
    );
    assert_eq!(en.per_million("$0.125"), "$0.125 per million such requests");
    assert_eq!(en.dry_run_computed("0.4"), "dry run computed in 0.4 ms");
    assert_eq!(en.cost_not_request_in("Limit", "oops"), " in Limit: oops");
    assert_eq!(en.seed("003"), "seed 003");
    assert_eq!(en.step_of(1, 6), "Step 1 of 6");
    assert_eq!(en.checklist_read(1, 1, 1), "1 item");
    assert_eq!(en.checklist_read(1, 3, 3), "3 items");
    assert_eq!(en.checklist_read(2, 2, 1_600), "2 requests, 2 of 1,600 items read");
    assert_eq!(
        en.planner_math("5000", "500", "2.17", "8", "0.8", 3),
        "by capacity 5000 / 3,000 + 500 / 1,000 = 2.17; by size 8 GB / 10 GB = 0.8; ceil(max) = 3"
    );
    assert_eq!(
        en.shard_math("3,000,000", "20", "600,000", 16, 250, 13),
        "3,000,000 items × 20 % = 600,000 share one key value; one partition reads 3,000 × 16 items of 250 B per \
         second → ceil = 13"
    );
    assert_eq!(en.seconds_per_second(10), "10 s per second");
    assert_eq!(en.lab_status(LabState::Finished, "", 60, 60), "Finished: 60 s simulated.");
    assert_eq!(
        en.lab_status(LabState::Running, "10 s per second", 3, 60),
        "Running at 10 s per second · second 3 of 60"
    );
    assert_eq!(en.lab_status(LabState::Paused, "", 3, 60), "Paused at second 3 of 60");
    assert_eq!(en.apply_sharding(4), "Apply write sharding (4 shards) and rerun");
    assert_eq!(en.index_contents(1, 1), "1 entry · 1 byte");
    assert_eq!(en.index_contents(3, 1_234), "3 entries · 1,234 bytes");
    assert_eq!(en.item_collections(1), "1 item collection");
    assert_eq!(en.item_collections(2), "2 item collections");
    assert_eq!(en.index_partition_keys(2), "2 index partition keys");
    assert_eq!(en.updates_on_the_way(1), "1 update on the way");
    assert_eq!(en.creating_backfilling("1.2 s"), "CREATING · backfilling, 1.2 s left · not queryable until ACTIVE");
    let (before, after) = en.items_in();
    assert_eq!(format!("{before}Music{after}"), "Items in Music");
    let (between, after) = en.index_of_table();
    assert_eq!(format!("GSI ByYear{between}Music{after}"), "GSI ByYear of Music");
    assert_eq!(en.access_path(true, "Scan", 1, "Orders"), "a Scan of Orders");
    assert_eq!(en.access_path(false, "Query", 1, "Orders.ByDate"), "a Query on Orders.ByDate");
    assert_eq!(en.access_path(false, "GetItem", 2, "Orders"), "2 × GetItem on Orders");
    assert_eq!(en.access_path(false, "UpdateItem", 1, "Orders"), "an UpdateItem on Orders");
    assert_eq!(en.access_path(false, "PutItem", 1, "Orders"), "a PutItem on Orders");
    // A Scan of all 10,000 items returning 12, at 1,250 RCU.
    let reads = en.statement_reads(10_000, None, true, 12);
    assert_eq!(
        en.statement_sentence("SELECT", "a Scan of Orders", &reads, "1,250 RCU"),
        "This SELECT is a Scan of Orders: it reads all 10,000 items, returns 12: 1,250 RCU"
    );
    assert_eq!(en.statement_reads(4, Some(10), false, 1), ": it reads 4 of 10 items on this page, returns 1");
    assert_eq!(en.statement_reads(1, None, false, 1), ": it reads 1 item, returns 1");
    assert_eq!(en.saved_operations(3), "Saved operations (3)");
    assert_eq!(en.expired_ago("5 min", "12 s"), "expired 5 min ago · swept in 12 s");
    assert_eq!(en.expired_items(1), "1 item expired but not yet deleted: GetItem, Query and Scan still return it.");
    assert_eq!(en.expired_items(2), "2 items expired but not yet deleted: GetItem, Query and Scan still return them.");
    let (before, after) = en.ttl_of();
    assert_eq!(format!("{before}Music{after}"), "Time to Live of Music");
    assert_eq!(en.ttl_enabled_on("expires"), "ENABLED on expires");
    assert_eq!(
        en.ttl_now(1_700_000_000),
        "Now: 1700000000 (the engine clock, epoch seconds): an item whose TTL attribute is at most this has expired."
    );
    assert_eq!(en.child_of("…a1b2c3d4"), "child of …a1b2c3d4");
    assert_eq!(en.records(1), "1 record");
    assert_eq!(en.records(3), "3 records");
    assert_eq!(en.stream_count("…abc", 1, None), "Stream …abc: 1 record, newest first.");
    assert_eq!(en.stream_count("…abc", 60, Some(50)), "Stream …abc: 60 records (the last 50 shown), newest first.");
    assert_eq!(
        en.stream_shards(1),
        "1 shard: one per partition; a partition that split closed its shard and opened one per half"
    );
    let (before, after) = en.stream_of();
    assert_eq!(format!("{before}Music{after}"), "Stream of Music");
    // The one-line summaries of calls, as state.rs wrote them.
    let said = |head: &str, outcome: CallOutcome| en.call_summary(&CallSummary { head: head.into(), outcome });
    assert_eq!(
        said("PutItem Music", CallOutcome::NotSent("ValidationException")),
        "PutItem Music → not sent: ValidationException"
    );
    assert_eq!(
        said("GetItem Music", CallOutcome::Failed("ResourceNotFoundException")),
        "GetItem Music → ResourceNotFoundException"
    );
    let throttled = CallOutcome::Throttled {
        exception: "ProvisionedThroughputExceededException",
        on_index: false,
        access: Access::Write,
        limit: LimitType::KeyRangeThroughputExceeded,
    };
    assert_eq!(
        said("PutItem Music", throttled),
        "PutItem Music → ProvisionedThroughputExceededException: writes on the table went past a partition's per-second limit (a hot key range)"
    );
    assert_eq!(
        en.throttling_reason(true, Access::Read, LimitType::MaxOnDemandThroughputExceeded),
        "reads on the index went past its on-demand maximum"
    );
    assert_eq!(en.throttled_for(12_000, "x"), "12,000 throttled: x");
    assert_eq!(
        en.pm_warm("12,000", "4,000", Some(("20,000", "4,000"))),
        "Warm throughput: 12,000 reads and 4,000 writes per second at once, pre-warming to 20,000 / 4,000"
    );
    assert_eq!(said("CreateTable Music", CallOutcome::Created), "CreateTable Music → created");
    assert_eq!(said("DeleteTable Music", CallOutcome::Deleted { items: 1 }), "DeleteTable Music → deleted with 1 item");
    let got = CallOutcome::Got { found: true, units: "0.5 RCU".into(), strong: false };
    assert_eq!(said("GetItem Music", got), "GetItem Music → found, 0.5 RCU (eventually consistent)");
    let got = CallOutcome::Got { found: false, units: "1 RCU".into(), strong: true };
    assert_eq!(said("GetItem Music", got), "GetItem Music → not found, 1 RCU (strongly consistent)");
    assert_eq!(said("PutItem Music", CallOutcome::Charged(Some("2 WCU".into()))), "PutItem Music → 2 WCU");
    assert_eq!(said("UpdateItem Music", CallOutcome::Charged(None)), "UpdateItem Music → nothing charged");
    let read = CallOutcome::Read { count: 1, scanned: 3, more: true, charged: Some("0.5 RCU".into()) };
    assert_eq!(said("Query Music", read), "Query Music → 1 of 3 items read, more pages, 0.5 RCU");
    let read = CallOutcome::Read { count: 0, scanned: 1, more: false, charged: None };
    assert_eq!(said("Scan Music", read), "Scan Music → 0 of 1 item read, nothing charged");
    assert_eq!(said("ListTables", CallOutcome::Ok), "ListTables → OK");
    // Notices, as persist.rs and lesson_nav.rs wrote them.
    assert_eq!(
        en.said(&Said::LinkCopied { length: 812 }),
        "Link copied to the clipboard: 812 characters (it is also in the address bar)."
    );
    assert!(en.said(&Said::LinkCopied { length: 9_000 }).ends_with("for big scenarios, Export a file instead."));
    assert_eq!(en.said(&Said::Exported { name: "a.json".into(), partial: false }), "Exported a.json.");
    assert_eq!(en.said(&Said::Exported { name: "a.yaml".into(), partial: true }), "Exported a.yaml. Not in the file:");
    let imported = Said::Imported { file: "m.json".into(), model: Some(Some("Music".into())), tables: 2, items: 5 };
    assert_eq!(en.said(&imported), "Imported m.json (NoSQL Workbench model \"Music\"): 2 table(s), 5 item(s).");
    let imported = Said::Imported { file: "s.json".into(), model: None, tables: 1, items: 1 };
    assert_eq!(en.said(&imported), "Imported s.json: 1 table(s), 1 item(s).");
    assert_eq!(
        en.said(&Said::LessonOpened { lesson: voting(), kept: true, earlier: None }),
        "Opened the lesson “Real-time voting: write sharding”. Your previous playground is kept: “Restore my playground” in the lesson panel \
         brings it back."
    );
    assert_eq!(
        en.said(&Said::LessonOpened { lesson: voting(), kept: true, earlier: Some("Kurs A".into()) }),
        "Opened the lesson “Real-time voting: write sharding”. Your previous playground is kept: “Restore my playground” in the lesson panel \
         brings it back. The playground kept before an earlier lesson is now the workspace “Kurs A”."
    );
    assert_eq!(en.said(&Said::Fixed(Msg::PlaygroundBack)), "Your playground is back.");
    assert_eq!(en.generated(1, 1, 0), "Made 1 item over 1 partition key.");
    assert_eq!(
        en.generated(2_000, 200, 1_800),
        "Made 2,000 items over 200 partition keys. 1,800 of them replaced an item made before with the same key, \
         as PutItem does."
    );
    // The hot-key lab's charts.
    assert_eq!(en.provisioned_line(1_000, "WCU"), "provisioned (1,000 WCU)");
    assert_eq!(en.burst_bucket(2, "12.5"), "Burst bucket of P2 (the hottest partition): 12.5 tokens left");
    assert_eq!(en.heatmap_caption(2), "Partition × time (2 s per column)");
    assert_eq!(
        en.heat_legend_consumed(Some("1,000"), "WCU"),
        "blue: consumed per second, from 0 to 1,000 WCU (one partition's limit)"
    );
    assert_eq!(en.heat_legend_consumed(None, "RCU"), "blue: consumed per second (RCU), darker is more");
    assert_eq!(en.heat_share("62.5"), "62.5% of the partition's limit");
    assert_eq!(en.chart_seconds(10, 12), "s 10–12");
    assert_eq!(en.per_second("WCU"), "WCU per second");
    assert_eq!(
        en.timeline_label(20, 60, "1,000", "WCU", 1),
        "Consumed, provisioned and throttled per second, 20 of 60 seconds: at most 1,000 WCU consumed in a second, 1 request throttled"
    );
    assert_eq!(en.lab_keyspace(1, 0), "Keyspace of the lab table: 1 partition");
    assert_eq!(en.lab_keyspace(3, 2), "Keyspace of the lab table: 3 partitions, 2 added by splits for heat");
    // 90,000 requests in 60 s, a third throttled: 33.3 %.
    assert_eq!(
        en.lab_summary(None, [90_000, 30_000, 0], "33.3", "60,000 WCU", 1),
        "90,000 requests, 30,000 throttled (33.3%), 0 of them at the 1,000 WCU / 3,000 RCU per-partition limit · \
         60,000 WCU consumed · 1 partitions"
    );
    assert!(en.lab_summary(Some((3, 60)), [1, 0, 0], "0", "1 WCU", 1).starts_with("second 3 of 60 · 1 requests"));
    assert_eq!(en.top_keys_recent(10), "Top keys, last 10 s (like CloudWatch Contributor Insights)");
    assert_eq!(
        en.prices_note(0.125, 0.625, "2026-11-22"),
        "Prices: on demand in us-east-1 (Standard table class), $0.125 per million read request units and \
         $0.625 per million write request units, as published on 2026-11-22. Provisioned tables are billed per \
         hour instead; the figure says what the same requests cost on demand."
    );
    assert_eq!(en.pm_keyspace(false, "Music"), "Table Music");
    assert_eq!(en.pm_keyspace(true, "GenreIndex"), "GSI GenreIndex");
    assert_eq!(en.pm_partitions(1), " · 1 partition");
    assert_eq!(en.pm_partitions(2), " · 2 partitions");
    assert_eq!(en.pm_partition_title(1, 4, "1.2 KB"), "Partition 1 · 4 items · 1.2 KB");
    assert_eq!(en.pm_collection_title(1, "310 B"), "1 item · 310 B");
    assert_eq!(en.pm_collection_title(2, "1 KB"), "2 items · 1 KB");
    // 1234 collections and 12345 items, grouped in threes.
    assert_eq!(en.pm_bucket_title(1_234, 12_345, "3 KB"), "1,234 item collections · 12,345 items · up to 3 KB");
    assert_eq!(en.pm_burst("500,000", "50,000"), "burst: read 500,000 · write 50,000");
    assert_eq!(en.pm_split("P2", 1), "Split: P2 is new.");
    assert_eq!(en.pm_split("P2, P3", 2), "Split: P2, P3 are new.");
    assert_eq!(
        en.pm_band_label("Table Music", 3, 7),
        "Table Music: keyspace band with 3 partitions and 7 item collections"
    );
    assert_eq!(
        en.pm_teaching_scale("4 KB"),
        "Teaching scale: a partition splits when it holds more than 4 KB (DynamoDB: 10 GB)."
    );
}
