//! The item generator on the Items tab: a table filled from a template, in
//! slices with progress and Cancel, and a share link that carries the
//! template and seed rather than the items (and the generated items
//! deleted since).

use crate::dom::*;
use ddb_playground::scenario::link;
use wasm_bindgen_test::*;

async fn orders_page() -> Page {
    let page = mount().await;
    page.create_table("Orders", ("PK", "S"), Some(("SK", "S"))).await;
    page
}

async fn generate(page: &Page, count: &str, seed: &str) {
    page.type_into("#generate-count", count).await;
    page.type_into("#generate-seed", seed).await;
    page.click("#generate-run").await;
    wait_until("the generation to end", || page.exists("#generate-run")).await;
    settle().await;
}

fn orders_in(fragment: &str) -> (usize, Vec<u64>) {
    let scenario = link::decode(fragment).expect("the link decodes");
    let items = scenario.engine.table("Orders").map_or(0, |t| t.item_count());
    (items, scenario.generated.iter().map(|g| g.count).collect())
}

#[wasm_bindgen_test]
async fn a_template_fills_the_table_and_a_link_carries_the_template() {
    let page = orders_page().await;
    assert!(page.value("#generate-template").contains("CUST#{n}"), "an example for the table's keys");
    generate(&page, "5000", "7").await;
    assert!(!page.exists(".generate-form .error-box"), "{}", page.text(".generate-form"));
    let result = page.text("#generate-result");
    assert!(result.starts_with("Made 5,000 items over ") && !result.contains("replaced"), "{result}");
    assert!(page.text(".table-view .facts").contains("5,000"), "{}", page.text(".table-view .facts"));
    page.click("#btn-share").await;
    let fragment = location_hash();
    assert!(fragment.len() < 3_000, "the link holds the template, not 5,000 items: {}", fragment.len());
    assert_eq!(orders_in(&fragment), (5_000, vec![5_000]));

    // A generated item deleted stays deleted in the link and when it is followed.
    let shared = link::decode(&fragment).expect("the link decodes");
    let first = shared.engine.table("Orders").and_then(|t| t.items().next());
    let first = first.expect("an item");
    let key = |name: &str| match first.get(name) {
        Some(ddb_playground::engine::value::AttributeValue::S(s)) => s.clone(),
        other => panic!("{name}: {other:?}"),
    };
    page.edit(&format!(r#"{{"PK": "{}", "SK": "{}"}}"#, key("PK"), key("SK"))).await;
    page.click("#btn-delete").await;
    assert!(page.text("#editor-outcome").contains("DeleteItem"), "{}", page.text("#editor-outcome"));
    page.click("#btn-share").await;
    let fragment = location_hash();
    assert_eq!(orders_in(&fragment), (4_999, vec![5_000]));
    ddb_playground::ui::persist::set_fragment("");
    visit_fragment(&fragment).await;
    assert!(page.text(".table-view .facts").contains("4,999"), "{}", page.text(".table-view .facts"));
    ddb_playground::ui::persist::set_fragment("");
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn bad_templates_are_refused_and_cancel_keeps_what_was_made() {
    let page = orders_page().await;
    generate(&page, "20000000", "1").await;
    let refused = page.text(".generate-form");
    assert!(refused.contains("Count must be from 1 to 10000000 items; got 20000000"), "{refused}");
    page.type_text("#generate-template", r#"{"Attributes": [{"Name": "PK", "Type": "String", "Length": 409600}]}"#)
        .await;
    generate(&page, "10", "1").await;
    assert!(page.text(".generate-form").contains("an item may be at most 409600 bytes (400 KB)"));
    assert_eq!(table_rows(&page), 0, "nothing was written");

    // A million items, cancelled after the first slice.
    page.type_text("#generate-template", r#"{"Attributes": [{"Name": "PK", "Type": "Template", "Template": "C{n}"}, {"Name": "SK", "Type": "Template", "Template": "S{i}"}]}"#).await;
    page.type_into("#generate-count", "1000000").await;
    page.click("#generate-run").await;
    wait_until("progress", || page.exists("#generate-progress-text")).await;
    page.click("#generate-cancel").await;
    wait_until("the cancel", || page.exists("#generate-run")).await;
    page.click("#btn-share").await;
    let (items, counts) = orders_in(&location_hash());
    assert!(items > 0 && items < 1_000_000, "{items}");
    assert_eq!(counts, vec![items as u64], "the link makes exactly the items made before Cancel");
    drop(page);
    forget_everything();
}

#[wasm_bindgen_test]
async fn without_a_sort_key_the_example_makes_one_item_per_key_and_replaced_items_are_said() {
    let page = mount().await;
    page.create_table("Votes", ("Candidate", "S"), None).await;
    // The example gives each partition key one item: more would only
    // replace each other.
    assert!(!page.value("#generate-template").contains("ItemsPerPartitionKey"), "{}", page.value("#generate-template"));
    generate(&page, "500", "1").await;
    assert_eq!(page.text("#generate-result"), "Made 500 items over 500 partition keys.");
    assert!(page.text(".table-view .facts").contains("500 items"), "{}", page.text(".table-view .facts"));
    // Five items per key: four of each five replace the one before.
    page.type_text(
        "#generate-template",
        r#"{"ItemsPerPartitionKey": {"Distribution": "Fixed", "Count": 5},
            "Attributes": [{"Name": "Candidate", "Type": "Template", "Template": "V#{n}"}]}"#,
    )
    .await;
    generate(&page, "500", "1").await;
    assert_eq!(
        page.text("#generate-result"),
        "Made 500 items over 100 partition keys. 400 of them replaced an item made before with the same key, as \
         PutItem does."
    );
    assert!(page.text(".table-view .facts").contains("600 items"), "{}", page.text(".table-view .facts"));
    // What was made is said under the table it was made in only.
    page.create_table("Other", ("PK", "S"), None).await;
    assert!(!page.exists("#generate-result"), "{}", page.text("#generate-result"));
    drop(page);
    forget_everything();
}
