//! Time to Live and the table's stream as the panels show them.

use crate::dom::*;
use wasm_bindgen_test::*;

fn stream_events(page: &Page) -> Vec<String> {
    page.find_all("#stream-records .stream-record").iter().map(|r| r.get_attribute("data-event").unwrap()).collect()
}

#[wasm_bindgen_test]
async fn ttl_and_stream_panels_expired_items_are_read_until_the_sweep_records_it() {
    let page = mount().await;
    page.create_table("Sessions", ("id", "S"), None).await;

    // A stream with both images.
    assert_eq!(page.text("#stream-status"), "No stream");
    page.choose("#stream-view", "NEW_AND_OLD_IMAGES").await;
    page.click("#stream-enable").await;
    assert_eq!(page.text("#stream-status"), "ENABLED · NEW_AND_OLD_IMAGES");
    assert!(page.text("#stream-outcome").contains("UpdateTable Sessions"), "{}", page.text("#stream-outcome"));
    assert!(stream_events(&page).is_empty());

    // TTL on the attribute "expires".
    assert_eq!(page.text("#ttl-status"), "DISABLED");
    page.type_into("#ttl-attribute", "expires").await;
    page.click("#ttl-enable").await;
    assert_eq!(page.text("#ttl-status"), "ENABLED on expires");
    assert!(page.text("#ttl-panel").contains(r##"FilterExpression "#ttl > :now""##));

    // s1 expires in a minute, s2 never.
    let now = ttl_now(&page);
    page.put(&format!(r#"{{"id": "s1", "expires": {}}}"#, now + 60)).await;
    page.put(r#"{"id": "s2"}"#).await;
    assert!(page.find_all("table.items tr.expired").is_empty());
    assert!(!page.exists("#ttl-expired"));
    assert_eq!(stream_events(&page), ["INSERT", "INSERT"]);

    // A minute later s1 has expired, is marked, and is still read.
    page.click("#ttl-plus-minute").await;
    assert!(ttl_now(&page) >= now + 60);
    assert_eq!(page.grid_rows().len(), 2);
    let expired = page.find_all("table.items tr.expired");
    assert_eq!(expired.len(), 1);
    assert!(expired[0].text_content().unwrap().contains("s1"));
    assert_eq!(page.find_all("table.items tr.expired .expired-badge").len(), 1);
    let warning = page.text("#ttl-expired");
    assert!(warning.contains("1 item expired but not yet deleted") && warning.contains("id = s1"), "{warning}");
    // The default delay is 5 minutes after expiry, a moment ago.
    assert!(warning.contains("swept in 4 min") || warning.contains("swept in 5 min"), "{warning}");
    page.edit(r#"{"id": "s1"}"#).await;
    page.click("#btn-get").await;
    assert!(page.newest_log().contains("GetItem Sessions → found"), "{}", page.newest_log());

    // Ten minutes on, the sweeper has deleted it, and the stream says so.
    page.click("#ttl-plus-ten").await;
    assert_eq!(page.grid_rows().len(), 1);
    assert!(!page.exists("#ttl-expired"));
    assert_eq!(stream_events(&page), ["REMOVE", "INSERT", "INSERT"], "newest first");
    let removal = page.text("#stream-records .stream-record:first-child");
    assert!(removal.contains("TTL deletion (service)"), "{removal}");
    assert!(removal.contains(r#"Old{"expires":"#) && !removal.contains("New{"), "{removal}");
    assert!(page.text("#stream-count").contains("3 records"));

    // The sweep delay knob: at 0 an expired item goes at the next tick.
    page.type_into("#ttl-delay", "0").await;
    let now = ttl_now(&page);
    page.put(&format!(r#"{{"id": "s3", "expires": {}}}"#, now + 1)).await;
    wait_until("the sweep of s3", || page.grid_rows().len() == 1 && stream_events(&page).len() == 5).await;
    assert_eq!(stream_events(&page)[..2], ["REMOVE", "INSERT"]);
    // An item put with an expiry already past is due at once: it is swept
    // without a clock button (the put applied time before storing it, so
    // only the panel's timer can start the sweep).
    let now = ttl_now(&page);
    page.put(&format!(r#"{{"id": "s4", "expires": {}}}"#, now - 5)).await;
    wait_until("the sweep of s4", || page.grid_rows().len() == 1 && stream_events(&page).len() == 7).await;
    assert_eq!(stream_events(&page)[..2], ["REMOVE", "INSERT"]);

    // KEYS_ONLY: a new stream whose records carry the keys alone.
    page.click("#stream-disable").await;
    assert!(page.text("#stream-status").starts_with("DISABLED"));
    page.choose("#stream-view", "KEYS_ONLY").await;
    page.click("#stream-enable").await;
    assert_eq!(page.text("#stream-status"), "ENABLED · KEYS_ONLY");
    page.put(r#"{"id": "s2", "note": "changed"}"#).await;
    assert_eq!(stream_events(&page), ["MODIFY"]);
    let modify = page.text("#stream-records .stream-record");
    assert!(modify.contains(r#"Keys{"id":"s2"}"#) && !modify.contains("Old{") && !modify.contains("New{"), "{modify}");

    // One partition, one shard; a split (teaching scale: 1 KB) closes it
    // and opens a child shard per half.
    assert!(page.text("#stream-shards-summary").starts_with("1 shard:"), "{}", page.text("#stream-shards-summary"));
    assert_eq!(page.find_all("#stream-records .sr-shard").len(), 1);
    page.click("#tab-partitions").await;
    page.type_into("#pm-scale-kb", "1").await;
    page.click("#pm-scale button[type=submit]").await;
    page.click("#tab-items").await;
    let pad = "x".repeat(600);
    page.put(&format!(r#"{{"id": "big1", "pad": "{pad}"}}"#)).await;
    page.put(&format!(r#"{{"id": "big2", "pad": "{pad}"}}"#)).await;
    assert!(page.text("#stream-shards-summary").starts_with("3 shards:"), "{}", page.text("#stream-shards-summary"));
    let closed = page.find_all("#stream-shards .stream-shard.closed");
    assert_eq!(closed.len(), 1);
    assert!(closed[0].text_content().unwrap().contains("3 records"), "MODIFY s2, INSERT big1, INSERT big2");
    assert_eq!(
        page.find_all("#stream-shards .stream-shard")
            .iter()
            .filter(|s| s.text_content().unwrap().contains("child of"))
            .count(),
        2
    );

    // Disabled, nothing is marked expired any more.
    page.click("#ttl-disable").await;
    assert_eq!(page.text("#ttl-status"), "DISABLED");
    assert!(page.find_all("table.items tr.expired").is_empty());
}
