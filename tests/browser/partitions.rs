//! The Partitions tab: the partition map, the hot-key lab (runs, pauses, steps, splits for heat) and the planners.

use crate::dom::*;
use std::time::Duration;
use wasm_bindgen_test::*;

fn throttled_cells(page: &Page, selector: &str) -> usize {
    page.find(selector).get_attribute("data-throttled-cells").unwrap_or_default().parse().unwrap()
}

#[wasm_bindgen_test]
async fn partitions_tab_map_hot_key_lab_sharding_and_planners() {
    let page = console_with_music().await;

    // The console's live cost names the partitions a request touches.
    page.type_text("#c0-pk-value", "Acme").await;
    let lines = page.text("#c0-cost-lines");
    assert!(lines.contains("Partitions touched: 1 (Music: partition 1 of 1)."), "{lines}");

    // The partition map: one partition, two item collections on the band.
    page.click("#tab-partitions").await;
    assert_eq!(page.find("#tab-partitions").get_attribute("aria-selected").as_deref(), Some("true"));
    let head = page.text("#pm-space-0 h3");
    assert_eq!(head, "Table Music · 1 partition");
    assert_eq!(page.find_all("#pm-space-0 .pm-tick").len(), 2);
    assert!(page.text("#pm-space-0 .pm-labels").contains("7 items"));
    assert!(page.text("#pm-space-0 .pm-labels").contains("5 RCU / 5 WCU"));
    // A provisioned table's warm throughput is its capacity.
    assert_eq!(page.text("#pm-space-0-warm"), "Warm throughput: 5 reads and 5 writes per second at once");

    // The teaching scale: shown once it is not 10 GB, and the partition splits.
    assert!(!page.exists("#pm-scale-note"));
    page.type_into("#pm-scale-kb", "4").await;
    page.click("#pm-scale button[type=submit]").await;
    assert!(page.text("#pm-scale-note").contains("more than 4 KB"), "{}", page.text("#pm-scale-note"));
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 2 partitions");
    assert_eq!(page.find_all("#pm-space-0 .pm-label").len(), 2);
    assert!(page.text("#pm-space-0 .pm-labels").contains("2.5 RCU / 2.5 WCU"));
    page.click("#pm-scale-reset").await;
    assert!(!page.exists("#pm-scale-note"));
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 2 partitions", "partitions never merge");

    // The hot-key lab: the voting workload throttles one partition...
    assert_eq!(page.value("#lab-preset"), "voting");
    page.choose("#lab-speed", "max").await;
    page.click("#lab-run").await;
    lab_finished(&page).await;
    let before = page.text("#lab-before-summary");
    assert!(before.contains("90,000 requests, 30,000 throttled"), "{before}");
    // Every throttle names its reason: one key past its partition's limit.
    let reasons = page.text("#lab-before-reasons");
    assert!(reasons.contains("TableWriteKeyRangeThroughputExceeded 30,000 throttled: writes on the table went past a partition's per-second limit"), "{reasons}");
    assert!(throttled_cells(&page, "#lab-before-heatmap") > 0);
    assert!(page.text("#lab-before-top").contains("CandidateA"));
    assert!(!page.exists("#lab-after"));

    // ...and the same traffic over 10 shards does not throttle at all.
    page.click("#lab-shard").await;
    lab_finished(&page).await;
    let after = page.text("#lab-after-summary");
    assert!(after.contains("90,000 requests, 0 throttled"), "{after}");
    assert_eq!(throttled_cells(&page, "#lab-after-heatmap"), 0);
    assert!(!page.exists("#lab-after-reasons"), "no throttles, no reasons");
    assert!(page.text("#lab-after-top").contains("CandidateA_"));
    assert!(page.text("#lab-before-summary").contains("90,000 requests, 30,000 throttled"), "before, rerun beside it");

    // Too big a run is refused with a message, nothing panics.
    page.type_into("#lab-seconds", "3000").await;
    page.click("#lab-run").await;
    assert!(page.text("#lab-error").contains("at most 2,000,000"));

    // Other presets and reads run too; a new run clears the old "after".
    page.choose("#lab-preset", "zipf").await;
    assert!(page.exists("#lab-keys") && page.exists("#lab-zipf"));
    page.choose("#lab-operation", "read").await;
    page.click("#lab-run").await;
    lab_finished(&page).await;
    assert!(!page.exists("#lab-error"));
    let zipf = page.text("#lab-before-summary");
    assert!(zipf.contains("180,000 requests") && zipf.contains("RCU consumed"), "{zipf}");
    assert!(!page.exists("#lab-after"));
    page.type_into("#lab-zipf", "-1").await;
    page.click("#lab-run").await;
    assert!(page.text("#lab-error").contains("Zipf skew"));

    // The planners, prefilled with the seeds' examples.
    assert_eq!(page.text("#planner-partitions"), "3");
    assert_eq!(page.text("#planner-rcu"), "1,666.67");
    assert_eq!(page.text("#planner-wcu"), "166.67");
    assert_eq!(page.text("#planner-shards"), "13");
    page.type_into("#plan-rcu", "12000").await;
    assert_eq!(page.text("#planner-partitions"), "5");
}

#[wasm_bindgen_test]
async fn partition_map_shows_gsis_and_the_cost_names_their_partitions() {
    let page = mount().await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    page.put(&genre_song("Acme", "A1", "Rock", 2001)).await;
    page.put(&genre_song("Bea", "B1", "Rock", 1995)).await;
    page.put(&genre_song("Cid", "C1", "Jazz", 2010)).await;
    page.click("#ix-add").await;
    page.type_into("#ix-new-name", "GenreIndex").await;
    page.type_into("#ix-new-pk", "Genre").await;
    page.click("#ix-create").await;
    page.click("#ix-skip").await;

    page.click("#tab-partitions").await;
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 1 partition");
    assert_eq!(page.find_all("#pm-space-0 .pm-tick").len(), 3);
    assert_eq!(page.text("#pm-space-1 h3"), "GSI GenreIndex · 1 partition");
    assert_eq!(page.find_all("#pm-space-1 .pm-tick").len(), 2, "Rock and Jazz");
    assert!(page.text("#pm-space-1 .pm-labels").contains("3 items"));

    // A put with a Genre writes the table and the GSI: both partitions count.
    page.click("#tab-console").await;
    page.choose("#c0-op", "PutItem").await;
    page.type_text("#c0-item", r#"{"Artist": "Dee", "SongTitle": "D1", "Genre": "Pop"}"#).await;
    let lines = page.text("#c0-cost-lines");
    assert!(
        lines.contains("Partitions touched: 2 (Music: partition 1 of 1; Music index GenreIndex: partition 1 of 1)."),
        "{lines}"
    );
}

// ---- partitions, TTL, streams, embed ----

/// Seconds a lab run's heatmap has drawn.
fn lab_seconds(page: &Page, side: &str) -> u32 {
    page.find(&format!("#lab-{side}-heatmap")).get_attribute("data-seconds").unwrap().parse().unwrap()
}

#[wasm_bindgen_test]
async fn hot_key_lab_runs_pauses_steps_and_changes_speed() {
    let page = mount().await;
    page.click("#tab-partitions").await;
    assert!(!page.exists("#lab-status"));
    assert!(page.find("#lab-pause").has_attribute("disabled"));

    // 30 engine seconds per real second: the 60 s voting run takes about 2 s
    // and the charts fill as it goes.
    page.choose("#lab-speed", "30").await;
    page.click("#lab-run").await;
    yew::platform::time::sleep(Duration::from_millis(600)).await;
    let running = lab_seconds(&page, "before");
    assert!(running > 0 && running < 60, "part of the run after 0.6 s: {running}");
    assert!(page.text("#lab-status").starts_with("Running at 30 s per second"), "{}", page.text("#lab-status"));
    assert!(page.text("#lab-before-summary").starts_with("second "), "{}", page.text("#lab-before-summary"));

    // Pause keeps the run where it is.
    page.click("#lab-pause").await;
    let paused = lab_seconds(&page, "before");
    yew::platform::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(lab_seconds(&page, "before"), paused);
    assert_eq!(page.text("#lab-status"), format!("Paused at second {paused} of 60"));
    assert_eq!(page.text("#lab-pause"), "Resume");

    // Step: exactly one more second, 1,500 more votes.
    let requests = |page: &Page| page.text("#lab-before-summary");
    let before_step = requests(&page);
    page.click("#lab-step").await;
    assert_eq!(lab_seconds(&page, "before"), paused + 1);
    let expected = format!("{} requests", ddb_playground::i18n::numbers::grouped(1_500 * (paused as u64 + 1)));
    assert!(requests(&page).contains(&expected), "{before_step} → {}", requests(&page));

    // To the end: as fast as the page allows, then the full figures.
    page.click("#lab-finish").await;
    lab_finished(&page).await;
    assert_eq!(lab_seconds(&page, "before"), 60);
    assert_eq!(page.value("#lab-speed"), "max");
    assert!(page.text("#lab-before-summary").starts_with("90,000 requests, 30,000 throttled"));
    assert!(page.find("#lab-step").has_attribute("disabled"));
    // The top keys of the last 10 s: 10 × 1,500 votes, 10 × 500 throttled.
    assert!(page.text("#lab-before-recent").contains("CandidateA15,0005,000"), "{}", page.text("#lab-before-recent"));

    // Changing the workload throws the runs away.
    page.type_into("#lab-rate", "1000").await;
    assert!(!page.exists("#lab-before") && !page.exists("#lab-status"));
}

/// The lab's session decides what plays: only the newest play's frames
/// advance the runs, Pause stops them at once, and a frame simulates the
/// speed times the real time since the last one.
#[wasm_bindgen_test]
fn lab_session_plays_only_the_newest_ticket_at_its_speed() {
    use ddb_playground::ui::partitions::lab_run::{LabForm, LabSession};
    let done = |s: &LabSession| s.before.as_ref().map_or(0, |r| r.seconds_done());
    let mut session = LabSession::default();
    session.start(&LabForm::default(), false).unwrap();
    assert!(!session.is_playing());
    // Real times a little ahead of the clock, so no frame runs out of budget.
    let t0 = js_sys::Date::now();

    let first = session.play(t0);
    assert!(session.tick(first, Some(30.0), t0 + 500.0));
    assert_eq!(done(&session), 15, "30 s per second for half a second");
    assert!(session.tick(first, Some(30.0), t0 + 600.0));
    assert_eq!(done(&session), 18);

    // A new play makes the old frames stale: they advance nothing.
    let second = session.play(t0 + 600.0);
    assert!(!session.tick(first, Some(30.0), t0 + 1_600.0));
    assert_eq!(done(&session), 18);
    assert!(session.tick(second, Some(30.0), t0 + 700.0));
    assert_eq!(done(&session), 21);

    // Pause stops every play at the second it shows.
    session.pause();
    assert!(!session.is_playing());
    assert!(!session.tick(second, Some(30.0), t0 + 800.0));
    assert_eq!(done(&session), 21);

    // Resuming owes nothing for the time spent paused.
    let third = session.play(t0 + 5_000.0);
    assert!(session.tick(third, Some(30.0), t0 + 5_100.0));
    assert_eq!(done(&session), 24);

    // As fast as possible to the end, where the play stops by itself.
    while session.tick(third, None, js_sys::Date::now()) {}
    assert_eq!(done(&session), 60);
    assert!(!session.is_playing());

    // Forgetting the runs never hands out an old ticket again.
    session.clear();
    session.start(&LabForm::default(), false).unwrap();
    let fourth = session.play(js_sys::Date::now());
    assert!(fourth > third);
    assert!(!session.tick(third, None, js_sys::Date::now()));
    assert_eq!(done(&session), 0);
}

#[wasm_bindgen_test]
async fn hot_key_lab_splits_for_heat_and_the_keyspace_shows_it() {
    let page = mount().await;
    page.click("#tab-partitions").await;
    // Two keys at 700 writes/s each on a one-partition table (1 RCU + 999
    // WCU): 1,400 WCU/s, 400 over the partition's hard limit every second,
    // until it has been hot for 10 s and splits between the two keys.
    page.choose("#lab-preset", "uniform").await;
    page.type_into("#lab-keys", "2").await;
    page.type_into("#lab-rate", "1400").await;
    page.type_into("#lab-seconds", "30").await;
    page.type_into("#lab-rcu", "1").await;
    page.type_into("#lab-wcu", "999").await;
    page.type_into("#lab-heat", "10").await;
    page.choose("#lab-speed", "max").await;
    page.click("#lab-run").await;
    lab_finished(&page).await;
    assert_eq!(page.find("#lab-before-keyspace").get_attribute("data-partitions").as_deref(), Some("2"));
    assert_eq!(page.find_all("#lab-before-keyspace .pm-boundary.pm-new").len(), 1, "the new boundary is marked");
    assert!(
        page.text("#lab-before .lab-splits").contains("P1 at second 10"),
        "{}",
        page.text("#lab-before .lab-splits")
    );
    // 400 refused in each of the first 10 seconds, none after the split.
    assert!(page.text("#lab-before-summary").starts_with("42,000 requests, 4,000 throttled"));
}

#[wasm_bindgen_test]
async fn partition_map_marks_a_split_while_it_animates() {
    let page = console_with_music().await;
    page.click("#tab-partitions").await;
    assert_eq!(page.find("#pm-space-0").get_attribute("data-new-partitions").as_deref(), Some("0"));
    assert!(!page.exists("#pm-space-0 .pm-new"), "nothing is new when the map first shows");

    // The teaching scale splits the one partition: its lower half keeps its
    // start, the upper half (P2) and the boundary between them are new.
    page.type_into("#pm-scale-kb", "4").await;
    page.click("#pm-scale button[type=submit]").await;
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 2 partitions");
    assert_eq!(page.find("#pm-space-0").get_attribute("data-new-partitions").as_deref(), Some("1"));
    assert_eq!(page.find_all("#pm-space-0 .pm-boundary.pm-new").len(), 1);
    assert_eq!(page.find_all("#pm-space-0 .pm-part.pm-new").len(), 1);
    assert_eq!(page.find_all("#pm-space-0 .pm-label.pm-new").len(), 1);
    assert_eq!(page.text("#pm-space-0 .pm-news"), "Split: P2 is new.");

    // A redraw during the animation keeps the marks; after it, they go.
    page.click("#pm-scale-reset").await;
    assert_eq!(page.find_all("#pm-space-0 .pm-boundary.pm-new").len(), 1);
    yew::platform::time::sleep(Duration::from_millis(2_100)).await;
    page.type_into("#pm-scale-kb", "1000").await;
    page.click("#pm-scale button[type=submit]").await;
    assert_eq!(page.text("#pm-space-0 h3"), "Table Music · 2 partitions");
    assert!(!page.exists("#pm-space-0 .pm-new"));
    assert!(!page.exists("#pm-space-0 .pm-news"));
}

#[wasm_bindgen_test]
async fn a_lab_module_that_does_not_arrive_is_named_and_the_map_is_kept() {
    // Handed no inline panels, the page loads the panels' script, which the
    // test server does not have: the script fails to load.
    forget_everything();
    let page = mount_with(ddb_playground::ui::AppProps { panels: Default::default(), ..app_props() }).await;
    page.create_table("Kept", ("Id", "S"), None).await;
    page.click("#tab-partitions").await;
    // The partition map is the page's own: there at once.
    assert_eq!(page.text("#pm-space-0 h3"), "Table Kept · 1 partition");
    wait_until("the failure", || page.exists("#lab-loading .error-text")).await;
    assert_eq!(page.text("#lab-loading .error-text"), "“Hot-key lab” could not be loaded: the network request failed.");
    assert_eq!(
        page.text("#planners-loading .error-text"),
        "“Planners” could not be loaded: the network request failed."
    );
    assert!(!page.exists("#hotkey-lab") && page.exists("#lab-root[data-panel='lab']"));
    page.choose("#lang-select", "de").await;
    assert_eq!(
        page.text("#lab-loading .error-text"),
        "„Hot-Key-Labor“ konnte nicht geladen werden: die Netzwerkanfrage ist fehlgeschlagen."
    );
    assert_eq!(page.text("#lab-again"), "Erneut versuchen");
    page.choose("#lang-select", "en").await;
    // Try again loads it again (and fails again here).
    page.click("#lab-again").await;
    wait_until("the second failure", || page.exists("#lab-loading .error-text")).await;
    // Nothing of the playground was lost.
    page.click("#tab-items").await;
    assert!(page.text(".table-list").contains("Kept"));
}
