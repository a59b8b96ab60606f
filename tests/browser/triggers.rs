//! The stream panel's triggers: the voting lesson's trigger, what it did,
//! and its next write when the clock moves.

use crate::dom::*;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn the_voting_lessons_trigger_shows_its_writes_apart_from_the_votes() {
    let page = open_lesson_link("lesson=voting&step=4").await;
    assert_eq!(page.text("#lesson-step-title"), "Aggregate through the stream");
    assert_eq!(page.text("#stream-status"), "ENABLED · NEW_AND_OLD_IMAGES");
    let trigger = page.text("#stream-triggers .stream-trigger[data-trigger='CountVotes']");
    assert!(
        trigger.contains("INSERT, MODIFY") && trigger.contains("UpdateItem VoteTotals: ADD TotalVotes :n"),
        "{trigger}"
    );
    // The ten shards' INSERTs, each one write of its own on VoteTotals.
    let stats = page.text("#stream-triggers .trigger-stats");
    assert_eq!(stats, "10 records · 10 writes · 10 WCU · 0 throttled · 0 failed · 0 waiting");
    assert_eq!(page.find_all("#stream-triggers .trigger-run.wrote").len(), 10);

    // A vote: a MODIFY of shard 4. The page's clock ticks while the
    // trigger has records waiting; a second later its write has landed.
    page.put(r#"{"Candidate": "CandidateA_4", "Votes": 10406}"#).await;
    let done = "11 records · 11 writes · 11 WCU · 0 throttled · 0 failed · 0 waiting";
    wait_until("the trigger's write", || page.text("#stream-triggers .trigger-stats") == done).await;
    let newest = page.text("#stream-triggers .trigger-run:first-child");
    assert!(newest.contains("MODIFY") && newest.contains(r#"wrote {"Candidate":"CandidateA"} (1 WCU)"#), "{newest}");
    // The activity log: the vote (the page's request, 1 WCU on Votes), and
    // after it the trigger's write, marked as the trigger's own.
    let entries = page.find_all("#activity-log > li.trigger-write");
    assert_eq!(entries.len(), 1, "the lesson's build is not logged");
    let logged = page.newest_log();
    assert!(logged.starts_with("UpdateItem") && logged.contains("VoteTotals") && logged.contains("1 WCU"), "{logged}");
    assert!(logged.contains("Written by the stream trigger CountVotes on the stream of Votes"), "{logged}");
    forget_lessons();
}
