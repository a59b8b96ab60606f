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

    // A vote: a MODIFY of shard 4 waits for the trigger, a second away.
    page.put(r#"{"Candidate": "CandidateA_4", "Votes": 10406}"#).await;
    assert!(page.text("#stream-triggers .trigger-stats").ends_with("1 waiting"), "{}", page.text("#stream-triggers"));
    page.click("#ttl-plus-minute").await;
    let stats = page.text("#stream-triggers .trigger-stats");
    assert_eq!(stats, "11 records · 11 writes · 11 WCU · 0 throttled · 0 failed · 0 waiting");
    let newest = page.text("#stream-triggers .trigger-run:first-child");
    assert!(newest.contains("MODIFY") && newest.contains(r#"wrote {"Candidate":"CandidateA"} (1 WCU)"#), "{newest}");
    forget_lessons();
}
