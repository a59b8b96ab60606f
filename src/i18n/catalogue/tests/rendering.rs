//! Texts with values rendered in every language.

use super::*;

#[test]
fn texts_with_values_render_in_every_language() {
    for lang in Lang::ALL {
        let tr = lang.tr();
        // Each value must appear in the text, spelled the language's way.
        let has = |text: String, part: &str| {
            assert!(text.contains(part), "{lang:?}: {text:?} lacks {part:?}");
            assert!(!text.contains('{'), "{lang:?}: {text:?} has an unfilled placeholder");
        };
        has(tr.example("Music"), "Music");
        has(tr.keyspace("3fa2c1"), "3fa2c1");
        has(tr.delete_table("Music"), "Music");
        has(tr.table_contents(12_345, 1_234), &lang.count(12_345));
        has(tr.table_contents(12_345, 1_234), &lang.count(1_234));
        has(tr.provisioned_capacity(5, 10), "10 WCU");
        has(tr.lsi_partition_key("Artist"), "Artist");
        has(tr.backfilling_left("1,2 s"), "1,2 s");
        has(tr.gone_in("1,2 s"), "1,2 s");
        has(tr.entries(3), "3");
        has(tr.entries(2_010), &lang.count(2_010));
        has(tr.item_collections(2_010), &lang.count(2_010));
        has(tr.skip_wait("1,2 s"), "1,2 s");
        has(tr.index_count(2), "2");
        has(tr.projected_include("Album, Plays"), "Album, Plays");
        has(tr.index_grid_hint("KEYS_ONLY"), "KEYS_ONLY");
        has(tr.leaves_in("350 ms"), "350 ms");
        has(tr.arrives_in("350 ms"), "350 ms");
        has(tr.use_placeholders("#Year"), "#Year");
        has(tr.pages(1_000), &lang.count(1_000));
        has(tr.items(2), "2");
        has(tr.generated(2_000, 200, 1_800), &lang.count(2_000));
        has(tr.generated(2_000, 200, 1_800), &lang.count(1_800));
        has(tr.generated(2_000, 200, 0), "200");
        assert!(tr.generated(5, 5, 0).len() < tr.generated(5, 1, 4).len(), "{lang:?}: replaced items are said");
        has(tr.consumed("1,5 RCU"), "1,5 RCU");
        has(tr.on_demand_price("0,125 $"), "0,125 $");
        has(tr.unprocessed("UnprocessedItems"), "UnprocessedItems");
        has(tr.stopped_after(1000), "1000");
        has(tr.not_a_request("Limit: oops"), "Limit: oops");
        has(tr.against_local("http://localhost:8000"), "http://localhost:8000");
        has(tr.cost_ratio("3×", true), "3×");
        has(tr.cost_ratio("3×", false), "3×");
        has(tr.live_cost_of("Query"), "Query");
        has(tr.numbered(Msg::Action, 7), lang.t(Msg::Action));
        for control in [RowControl::Remove, RowControl::Kind, RowControl::Item] {
            has(tr.row_control(control, Msg::Key, 7), "7");
        }
        has(tr.operation_request("Query"), "Query");
        has(tr.error_is_in("Item"), "Item");
        has(tr.missing("Music"), "Music");
        has(tr.run_operation("Query"), "Query");
        has(tr.bytes(1_234), &lang.count(1_234));
        has(tr.cost_refused("ValidationException"), "ValidationException");
        has(tr.cost_failed("TransactionCanceledException", "2 WCU"), "TransactionCanceledException");
        has(tr.cost_failed("TransactionCanceledException", "2 WCU"), "2 WCU");
        for query in [true, false] {
            has(tr.cost_nothing_read(query, "0,5 RCU"), "0,5 RCU");
        }
        has(tr.cost_filter_removed(8, 1_000, "1,5 RCU"), "8");
        has(tr.cost_filter_removed(8, 1_000, "1,5 RCU"), &lang.count(1_000));
        has(tr.cost_filter_kept(10, "1,5 RCU"), "1,5 RCU");
        has(tr.cost_read_returned(10, 10_000, 7, "1,5 RCU"), &lang.count(10_000));
        has(tr.cost_read_returned(10, 10_000, 7, "1,5 RCU"), "7");
        has(tr.cost_summed(10, 10_000), &lang.count(10_000));
        has(tr.cost_limit_stopped(5), "Limit 5");
        for strong in [true, false] {
            has(tr.cost_get(Some(5_000), strong, "1 RCU"), &lang.count(5_000));
            has(tr.cost_get(None, strong, "1 RCU"), "1 RCU");
        }
        for operation in ["PutItem", "UpdateItem", "DeleteItem"] {
            has(tr.cost_write(operation, 2_048, "3 WCU"), "3 WCU");
        }
        has(tr.cost_batch_get(9_000, 3, "1,5 RCU"), &lang.count(9_000));
        has(tr.cost_batch_write(4, "4 WCU"), "4 WCU");
        has(tr.cost_transaction(2, "4 WCU"), "4 WCU");
        has(tr.and_more(3), "3");
        has(tr.cost_index_writes("ByYear (GSI, put): 1 WCU", "1 WCU"), "ByYear (GSI, put): 1 WCU");
        has(tr.cost_read_from_index("ByYear"), "ByYear");
        has(tr.cost_lsi_fetch("0,5 RCU"), "0,5 RCU");
        has(tr.touched_partitions(3, "Music"), "Music");
        has(tr.table_index("Music", "ByYear"), "ByYear");
        has(tr.partitions_of(&[2, 3], true, 9), "2, 3");
        has(tr.partitions_of(&[], false, 9), "9");
        has(tr.cost_not_request_in("Limit", "oops"), "oops");
        has(tr.all_pages(1_000, false, "6 RCU", 40, 1_200, "0,5 $"), &lang.count(1_200));
        has(tr.all_pages(1_000, true, "6 RCU", 40, 1_200, "0,5 $"), "0,5 $");
        has(tr.provisioned_share(5, "RCU", "12,5 %"), "12,5 %");
        has(tr.per_million("0,125 $"), "0,125 $");
        has(tr.dry_run_computed("0,4"), "0,4");
        has(tr.seed("003"), "003");
        has(tr.step_of(2, 6), "2");
        has(tr.step_of(2, 6), "6");
        has(tr.checklist_read(2, 2, 1_600), &lang.count(1_600));
        has(tr.checklist_read(1, 3, 3), "3");
        has(tr.planner_math("5000", "500", "2,17", "8", "0,8", 3), "2,17");
        has(tr.planner_math("5000", "500", "2,17", "8", "0,8", 3), "= 3");
        has(tr.shard_math("3.000.000", "20", "600.000", 16, 250, 13), "600.000");
        has(tr.shard_math("3.000.000", "20", "600.000", 16, 250, 13), "= 13");
        has(tr.seconds_per_second(30), "30");
        for state in [LabState::Finished, LabState::Running, LabState::Paused] {
            has(tr.lab_status(state, "x", 3, 60), "60");
        }
        has(tr.lab_status(LabState::Running, "30 s", 3, 60), "30 s");
        has(tr.apply_sharding(4), "4");
        has(tr.index_contents(3, 1_234), &lang.count(1_234));
        has(tr.item_collections(2), "2");
        has(tr.index_partition_keys(2), "2");
        has(tr.updates_on_the_way(2), "2");
        has(tr.creating_backfilling("1,2 s"), "1,2 s");
        has(tr.access_path(true, "Scan", 1, "Orders"), "Orders");
        has(tr.access_path(false, "GetItem", 2, "Orders"), "2");
        has(tr.statement_reads(10_000, None, true, 12), &lang.count(10_000));
        has(tr.statement_reads(4, Some(10_000), false, 1), &lang.count(10_000));
        has(tr.statement_reads(4, None, false, 3), "3");
        has(tr.statement_sentence("SELECT", "Scan", "", "1 RCU"), "SELECT");
        has(tr.statement_sentence("SELECT", "Scan", "", "1 RCU"), "1 RCU");
        has(tr.saved_operations(3), "3");
        has(tr.expired_ago("5 min", "12 s"), "5 min");
        has(tr.expired_ago("5 min", "12 s"), "12 s");
        has(tr.expired_items(2), "2");
        has(tr.ttl_enabled_on("expires"), "expires");
        has(tr.ttl_now(1_700_000_000), "1700000000");
        has(tr.child_of("…a1b2"), "…a1b2");
        has(tr.records(3), "3");
        has(tr.stream_count("…abc", 60, Some(50)), "50");
        has(tr.stream_count("…abc", 60, Some(50)), "60");
        has(tr.stream_shards(2), "2");
        has(tr.provisioned_line(1_000, "WCU"), &lang.count(1_000));
        has(tr.burst_bucket(2, "12,5"), "12,5");
        has(tr.heatmap_caption(2), "2");
        has(tr.heat_legend_consumed(Some("1,000"), "WCU"), "1,000 WCU");
        has(tr.heat_legend_consumed(None, "RCU"), "RCU");
        has(tr.heat_share("62,5"), "62,5");
        has(tr.chart_seconds(10, 12), "10");
        has(tr.per_second("WCU"), "WCU");
        has(tr.timeline_label(20, 60, "1.000", "WCU", 30_000), &lang.count(30_000));
        has(tr.timeline_label(20, 60, "1.000", "WCU", 30_000), "1.000 WCU");
        has(tr.burst_label(9, "300.000", "12", "410.714,29"), "410.714,29");
        has(tr.lab_keyspace(3, 2), "3");
        has(tr.lab_summary(Some((3, 60)), [90_000, 30_000, 7], "33,3", "1 WCU", 4), &lang.count(90_000));
        has(tr.lab_summary(Some((3, 60)), [90_000, 30_000, 7], "33,3", "1 WCU", 4), "33,3");
        has(tr.lab_summary(Some((3, 60)), [90_000, 30_000, 7], "33,3", "1 WCU", 4), "60");
        has(tr.top_keys_recent(10), "10");
        has(tr.said(&Said::LinkCopied { length: 812 }), "812");
        has(tr.said(&Said::Exported { name: "a.json".into(), partial: true }), "a.json");
        let imported = Said::Imported { file: "m.json".into(), model: Some(Some("Music".into())), tables: 2, items: 5 };
        has(tr.said(&imported), "Music");
        has(tr.said(&imported), "m.json");
        // A lesson's title is said in the language the notice is read in,
        // which may have changed since the lesson was opened.
        let title = voting().title_in(lang);
        assert!(lang == Lang::En || title != voting().title, "{lang:?}: the voting lesson has no title of its own");
        has(tr.said(&Said::LessonOpened { lesson: voting(), kept: true, earlier: None }), title);
        has(tr.said(&Said::LessonLoading { lesson: voting() }), title);
        has(tr.said(&Said::LessonNotLoaded { lesson: voting(), reason: FetchFailure::Network }), title);
        let earlier = Said::LessonOpened { lesson: voting(), kept: true, earlier: Some("Kurs B".into()) };
        has(tr.said(&earlier), "Kurs B");
        has(tr.said(&Said::WorkspaceSaved { name: "Kurs A".into() }), "Kurs A");
        has(tr.said(&Said::WorkspaceOpened { name: "Kurs A".into() }), "Kurs A");
        has(tr.said(&Said::WorkspaceDeleted { name: "Kurs A".into() }), "Kurs A");
        let outcomes = [
            CallOutcome::NotSent("ValidationException"),
            CallOutcome::Failed("ResourceNotFoundException"),
            CallOutcome::Throttled {
                exception: "ThrottlingException",
                on_index: true,
                access: Access::Read,
                limit: LimitType::AccountLimitExceeded,
            },
            CallOutcome::Deleted { items: 12_345 },
            CallOutcome::Got { found: true, units: "0.5 RCU".into(), strong: true },
            CallOutcome::Charged(Some("1.5 WCU".into())),
            CallOutcome::Read { count: 2, scanned: 12_345, more: true, charged: Some("1.5 RCU".into()) },
        ];
        let parts = [
            "ValidationException",
            "ResourceNotFoundException",
            "ThrottlingException",
            "12",
            &lang.figure("0.5 RCU"),
            &lang.figure("1.5 WCU"),
            &lang.figure("1.5 RCU"),
        ];
        for (outcome, part) in outcomes.into_iter().zip(parts) {
            let text = CallSummary { head: "Query Music".into(), outcome }.text(lang);
            assert!(text.starts_with("Query Music → "), "{lang:?}: {text}");
            has(text, part);
        }
        has(tr.prices_note(0.125, 0.625, "2026-11-22"), "2026-11-22");
        has(tr.prices_note(0.125, 0.625, "2026-11-22"), &lang.dollars("$0.125"));
        has(tr.prices_note(0.125, 0.625, "2026-11-22"), &lang.dollars("$0.625"));
        has(tr.duration(1_240), &lang.figure("1.2"));
        has(tr.duration(350), "350");
        has(tr.pm_keyspace(false, "Music"), "Music");
        has(tr.pm_keyspace(true, "GenreIndex"), "GSI GenreIndex");
        has(tr.pm_partitions(3), "3");
        has(tr.pm_partition_title(2, 12_345, "1,2 KB"), &lang.count(12_345));
        has(tr.pm_partition_title(2, 4, "1,2 KB"), "1,2 KB");
        has(tr.pm_collection_title(4, "1,2 KB"), "1,2 KB");
        has(tr.pm_bucket_title(1_234, 12_345, "3 KB"), &lang.count(1_234));
        has(tr.pm_bucket_title(1_234, 12_345, "3 KB"), &lang.count(12_345));
        has(tr.pm_burst("500.000", "50.000"), "50.000");
        has(tr.pm_split("P2, P3", 2), "P2, P3");
        has(tr.pm_band_label("Table Music", 3, 7), "Table Music");
        has(tr.pm_teaching_scale("4 KB"), "4 KB");
        for (before, after) in
            [tr.indexes_of(), tr.marked_columns(), tr.editor_hint(), tr.items_in(), tr.ttl_of(), tr.stream_of()]
        {
            assert!(!format!("{before}{after}").trim().is_empty(), "{lang:?}: an empty frame");
        }
        for words in [1, 2] {
            let (label, rest) = tr.reserved_words(words);
            assert!(!label.trim().is_empty() && !rest.trim().is_empty(), "{lang:?}: reserved words");
        }
    }
}
