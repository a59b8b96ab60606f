//! Secondary indexes: backfill, index queries, propagation, the table designer and overloaded GSIs.

use crate::dom::*;
use wasm_bindgen_test::*;

/// The index grid's collections: each as (partition key, sort keys in order).
fn index_groups(page: &Page) -> Vec<(String, Vec<String>)> {
    page.find_all("table.index-items tbody.collection:not(.pending)")
        .iter()
        .map(|body| {
            let text = |selector: &str| {
                let list = body.query_selector_all(selector).unwrap();
                (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.text_content()).collect::<Vec<_>>()
            };
            (text("td.pk-cell .pk-value").concat(), text("td.sk-cell"))
        })
        .collect()
}

#[wasm_bindgen_test]
async fn gsi_on_a_filled_table_backfills_answers_queries_and_propagates() {
    let page = mount().await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    page.put(&genre_song("Acme", "A1", "Rock", 2001)).await;
    page.put(&genre_song("Acme", "A2", "Jazz", 1999)).await;
    page.put(&genre_song("Bea", "B1", "Rock", 1995)).await;
    page.put(&genre_song("Bea", "B2", "", 1990)).await;
    page.put(&genre_song("Cid", "C1", "Rock", 2010)).await;
    assert!(page.text(".index-panel").contains("No indexes yet"));
    assert!(!page.exists(".view-tabs"), "no selector without indexes");

    // Add a GSI on the filled table: Genre / Year (N), projecting Album.
    page.click("#ix-add").await;
    page.type_into("#ix-new-name", "GenreIndex").await;
    page.type_into("#ix-new-pk", "Genre").await;
    page.type_into("#ix-new-sk", "Year").await;
    page.choose("#ix-new-sk-type", "N").await;
    page.choose("#ix-new-projection", "INCLUDE").await;
    page.type_into("#ix-new-include", "Album").await;
    let diagram = page.text("#ix-new .copies");
    assert!(diagram.contains("PKGenre") && diagram.contains("SKYear"), "{diagram}");
    assert!(diagram.contains("table keyArtist") && diagram.contains("table keySongTitle"), "{diagram}");
    assert!(diagram.contains("Album"), "{diagram}");
    page.click("#ix-create").await;
    assert!(page.text("#ix-outcome").contains("UpdateTable Music → OK"), "{}", page.text("#ix-outcome"));
    assert!(!page.exists("#ix-new"), "the form closes once the GSI is created");

    // CREATING and backfilling, with the time left.
    let row = page.text(".index-row[data-index='GenreIndex']");
    assert!(row.contains("GenreIndex") && row.contains("GSI") && row.contains("CREATING"), "{row}");
    assert!(row.contains("backfilling") && row.contains("left"), "{row}");
    page.click(".view-tab[data-view='GenreIndex']").await;
    let status = page.text("#index-view-status");
    assert!(status.contains("CREATING") && status.contains("backfilling"), "{status}");

    // Skip the wait: ACTIVE.
    page.click("#ix-skip").await;
    assert_eq!(page.text("#index-view-status"), "ACTIVE");
    assert!(page.text(".index-row[data-index='GenreIndex']").contains("ACTIVE"));
    assert!(page.text(".index-row[data-index='GenreIndex']").contains("4 entries"), "B2 has no Genre: sparse");

    // The contents: grouped by Genre, Year order inside, projected only.
    let facts = page.text(".table-view .facts");
    assert!(facts.contains("4 entries") && facts.contains("2 index partition keys"), "{facts}");
    let headers: Vec<String> =
        page.find_all("table.index-items thead th").iter().filter_map(|th| th.text_content()).collect();
    assert_eq!(headers, ["PKGenre", "SKYear", "table keyArtist", "table keySongTitle", "Album"]);
    let mut groups = index_groups(&page);
    groups.sort();
    assert_eq!(
        groups,
        [
            ("Jazz".to_string(), vec!["1999".to_string()]),
            ("Rock".into(), vec!["1995".into(), "2001".into(), "2010".into()])
        ]
    );

    // Query the index from the console, then Scan it.
    page.click("#tab-console").await;
    page.choose("#c0-index", "GenreIndex").await;
    assert!(page.text("#c0-builder .key-part.pk").contains("Genre (S)"));
    page.type_text("#c0-pk-value", "Rock").await;
    let lines = page.text("#c0-cost-lines");
    assert!(lines.contains("Read from GenreIndex"), "{lines}");
    page.click("#c0-run").await;
    let facts = page.text("#results-facts");
    assert!(facts.contains("Count 3"), "{facts}");
    let request = page.text("#results-json");
    assert!(!request.contains("\"Label\""), "not projected: {request}");
    page.choose("#c0-op", "Scan").await;
    page.choose("#c0-index", "GenreIndex").await;
    page.click("#c0-run").await;
    let facts = page.text("#results-facts");
    assert!(facts.contains("Count 4"), "{facts}");

    // Slow propagation down; a new item is pending in the index, then arrives.
    page.click("#tab-items").await;
    page.type_into("#ix-delay", "60000").await;
    page.put(&genre_song("Dee", "D1", "Rock", 2005)).await;
    page.click(".view-tab[data-view='GenreIndex']").await;
    let pending = page.text("table.index-items tr.pending-entry");
    assert!(pending.contains("2005") && pending.contains("Dee") && pending.contains("arrives in"), "{pending}");
    assert!(pending.contains("s"), "{pending}");
    assert!(page.text(".index-view-status").contains("1 update on the way"));
    let rock = index_groups(&page).into_iter().find(|(pk, _)| pk == "Rock").unwrap();
    assert_eq!(rock.1, ["1995", "2001", "2010"], "not in the index yet");
    page.click("#ix-skip").await;
    assert!(!page.exists("tr.pending-entry"));
    let rock = index_groups(&page).into_iter().find(|(pk, _)| pk == "Rock").unwrap();
    assert_eq!(rock.1, ["1995", "2001", "2005", "2010"]);

    // Delete the GSI: DELETING, then gone.
    page.click(".index-row[data-index='GenreIndex'] button").await;
    assert!(page.text(".index-row[data-index='GenreIndex']").contains("DELETING"));
    page.click("#ix-skip").await;
    assert!(!page.exists(".index-row"));
    assert!(!page.exists(".view-tabs"));
    assert!(page.exists("table.items"), "back to the table's items");
}

/// A GSI keyed on the table's sort key under another type: the designer
/// sends both definitions and shows DynamoDB's refusal, rather than quietly
/// giving the GSI the table's type. With the same type, one definition.
#[wasm_bindgen_test]
async fn table_designer_refuses_one_attribute_with_two_types() {
    let page = mount().await;
    page.type_into("#ct-name", "Orders").await;
    page.type_into("#ct-pk", "id").await;
    page.type_into("#ct-sk", "ts").await;
    page.click("#ct-add-gsi").await;
    page.type_into("#ct-gsi-0-name", "ByTime").await;
    page.type_into("#ct-gsi-0-pk", "ts").await;
    page.choose("#ct-gsi-0-pk-type", "N").await;
    page.click("#ct-submit").await;
    assert_eq!(page.text("#ct-outcome"), "ValidationException: Attribute Name is duplicated: ts");
    assert!(!page.exists(".table-entry"), "nothing was created");

    page.choose("#ct-gsi-0-pk-type", "S").await;
    page.click("#ct-submit").await;
    assert!(page.text("#ct-outcome").contains("CreateTable Orders → created"), "{}", page.text("#ct-outcome"));
    assert!(page.text(".index-row[data-index='ByTime']").contains("ts"));
}

#[wasm_bindgen_test]
async fn table_designer_creates_gsis_and_lsis_and_overloading_is_labelled() {
    let page = mount().await;
    page.type_into("#ct-name", "App").await;
    page.type_into("#ct-pk", "PK").await;
    page.type_into("#ct-sk", "SK").await;
    page.click("#ct-add-gsi").await;
    page.type_into("#ct-gsi-0-name", "GSI1").await;
    page.type_into("#ct-gsi-0-pk", "GSI1PK").await;
    page.type_into("#ct-gsi-0-sk", "GSI1SK").await;
    page.choose("#ct-gsi-0-projection", "KEYS_ONLY").await;
    assert!(page.text("#ct-gsi-0 .copies").contains("nothing else"));
    page.click("#ct-add-lsi").await;
    page.type_into("#ct-lsi-0-name", "ByDate").await;
    page.type_into("#ct-lsi-0-sk", "Date").await;
    let lsi = page.text("#ct-lsi-0");
    assert!(lsi.contains("the table's (PK)") && lsi.contains("every other attribute"), "{lsi}");
    // A third one, removed again.
    page.click("#ct-add-gsi").await;
    assert!(page.exists("#ct-gsi-1"));
    page.click("#ct-gsi-1-remove").await;
    assert!(!page.exists("#ct-gsi-1"));
    page.click("#ct-submit").await;
    assert!(page.text("#ct-outcome").contains("CreateTable App → created"), "{}", page.text("#ct-outcome"));
    assert_eq!(page.find_all(".index-row").len(), 2);
    assert!(page.text(".index-row[data-index='GSI1']").contains("ACTIVE"));
    assert!(page.text(".index-row[data-index='ByDate']").contains("LSI"));
    assert!(!page.exists(".index-row[data-index='ByDate'] button"), "an LSI cannot be dropped");

    // An overloaded GSI: a customer and its orders share a GSI1 partition.
    page.type_into("#ix-delay", "0").await;
    page.put(r#"{"PK": "CUSTOMER#1", "SK": "CUSTOMER#1", "GSI1PK": "ann@example.com", "GSI1SK": "A", "Date": "2024"}"#)
        .await;
    page.put(r#"{"PK": "CUSTOMER#1", "SK": "ORDER#7", "GSI1PK": "ann@example.com", "GSI1SK": "B"}"#).await;
    page.put(r#"{"PK": "CUSTOMER#2", "SK": "CUSTOMER#2", "GSI1PK": "bob@example.com", "GSI1SK": "A"}"#).await;
    page.click(".view-tab[data-view='GSI1']").await;
    let labels: Vec<String> =
        page.find_all("table.index-items .type-label").iter().filter_map(|e| e.text_content()).collect();
    assert_eq!(labels, ["CUSTOMER", "ORDER"]);
    assert_eq!(page.find_all("table.index-items .overloaded").len(), 1);

    // The LSI: the table's partition key, sorted by Date; sparse.
    page.click(".view-tab[data-view='ByDate']").await;
    let groups = index_groups(&page);
    assert_eq!(groups, [("CUSTOMER#1".to_string(), vec!["2024".to_string()])]);
}

/// A put into a table with a GSI: the results say what the item cost and
/// what its index entry cost, so the lines add up to the units consumed.
#[wasm_bindgen_test]
async fn results_explain_the_index_writes_of_a_put() {
    let page = mount().await;
    page.type_into("#ct-name", "Orders").await;
    page.type_into("#ct-pk", "id").await;
    page.click("#ct-add-gsi").await;
    page.type_into("#ct-gsi-0-name", "ByCustomer").await;
    page.type_into("#ct-gsi-0-pk", "customer").await;
    page.click("#ct-submit").await;
    page.click("#tab-console").await;
    page.choose("#c0-op", "PutItem").await;
    // id (2) + "o1" (2) + customer (8) + "c1" (2) = 14 bytes.
    page.type_text("#c0-item", r#"{"id": "o1", "customer": "c1"}"#).await;
    page.click("#c0-run").await;
    assert!(page.text("#results-facts").contains("consumed 2 WCU"), "{}", page.text("#results-facts"));
    let why: Vec<String> = page.find_all("#results .results-why").iter().filter_map(|p| p.text_content()).collect();
    assert_eq!(
        why,
        [
            "A put pays for the larger of the old and the new item (14 bytes), in 1 KB blocks: 1 WCU.",
            "Secondary indexes cost extra writes, each entry rounded to 1 KB: ByCustomer (GSI, put): 1 WCU — 1 WCU in all.",
        ]
    );
}

/// A capacity of 0 or below is DynamoDB's to refuse: the form does not let
/// the browser stop it with a tooltip of its own.
#[wasm_bindgen_test]
async fn table_designer_shows_dynamodb_refusing_a_capacity_of_zero() {
    let page = mount().await;
    page.type_into("#ct-rcu", "0").await;
    page.create_table("Orders", ("id", "S"), None).await;
    let outcome = page.text("#ct-outcome");
    assert!(
        outcome.starts_with(
            "ValidationException: 1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits'"
        ),
        "{outcome}"
    );
    assert!(!page.exists(".table-entry"), "nothing was created");
}
