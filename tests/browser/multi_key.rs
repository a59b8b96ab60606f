//! Multi-attribute GSI keys on the page: the index designer's key rows (up to four partition-key and four sort-key
//! attributes), the index contents with a column per key attribute, the console's key picker on such an index, and
//! what the exports keep of it.

use crate::dom::*;
use wasm_bindgen_test::*;

/// The text of each `th` of the index contents.
fn index_headers(page: &Page) -> Vec<String> {
    page.find_all("table.index-items thead th").iter().filter_map(|th| th.text_content()).collect()
}

/// An order of tenant W in region NA.
fn order(id: &str, tenant: &str, region: &str, status: &str, day: u32) -> String {
    format!(r#"{{"PK": "{id}", "Tenant": "{tenant}", "Region": "{region}", "Status": "{status}", "Day": {day}}}"#)
}

/// Table `Orders` (PK) with GSI `ByTenant`: Tenant + Region, then Status + Day (N), made in the designer.
async fn orders_by_tenant() -> Page {
    let page = mount().await;
    page.type_into("#ct-name", "Orders").await;
    page.type_into("#ct-pk", "PK").await;
    page.click("#ct-add-gsi").await;
    page.type_into("#ct-gsi-0-name", "ByTenant").await;
    assert!(!page.exists("#ct-gsi-0-add-sk"), "a second sort-key attribute once the first is named");
    page.type_into("#ct-gsi-0-pk", "Tenant").await;
    page.click("#ct-gsi-0-add-pk").await;
    page.type_into("#ct-gsi-0-pk-2", "Region").await;
    page.type_into("#ct-gsi-0-sk", "Status").await;
    page.click("#ct-gsi-0-add-sk").await;
    page.type_into("#ct-gsi-0-sk-2", "Day").await;
    page.choose("#ct-gsi-0-sk-2-type", "N").await;
    page
}

#[wasm_bindgen_test]
async fn the_designer_makes_a_gsi_of_several_key_attributes_and_shows_each_as_a_column() {
    let page = orders_by_tenant().await;
    let labels = page.text("#ct-gsi-0 .key-rows.pk");
    assert!(labels.contains("Partition key 1") && labels.contains("Partition key 2"), "{labels}");
    let diagram = page.text("#ct-gsi-0 .copies");
    assert!(
        diagram.contains("PKTenantPKRegionSKStatusSKDay") && diagram.contains("table keyPK"),
        "key-schema order: {diagram}"
    );
    // Up to four of each: the add button goes at four; a row comes and goes.
    page.click("#ct-gsi-0-add-pk").await;
    page.click("#ct-gsi-0-add-pk").await;
    assert!(page.exists("#ct-gsi-0-pk-4") && !page.exists("#ct-gsi-0-add-pk"));
    page.click("#ct-gsi-0-pk-4-remove").await;
    page.click("#ct-gsi-0-pk-3-remove").await;
    assert!(!page.exists("#ct-gsi-0-pk-3") && page.exists("#ct-gsi-0-add-pk"));
    assert_eq!(page.value("#ct-gsi-0-pk-2"), "Region");

    // The engine's own errors, as they are: one attribute twice in the key.
    page.type_into("#ct-gsi-0-sk", "Region").await;
    page.click("#ct-submit").await;
    let outcome = page.text("#ct-outcome .error-box");
    assert!(
        outcome.contains("ValidationException")
            && outcome.contains("The KeySchema contains multiple key attributes with the same name"),
        "{outcome}"
    );
    page.type_into("#ct-gsi-0-sk", "Status").await;
    page.click("#ct-submit").await;
    assert!(page.text("#ct-outcome").contains("CreateTable Orders → created"), "{}", page.text("#ct-outcome"));
    let row = page.text(".index-row[data-index='ByTenant']");
    assert!(row.contains("PKTenantPKRegionSKStatusSKDay"), "{row}");

    // The contents: a column per key attribute; one collection per Tenant + Region.
    page.type_into("#ix-delay", "0").await;
    page.put(&order("o1", "W", "NA", "open", 12)).await;
    page.put(&order("o2", "W", "NA", "open", 3)).await;
    page.put(&order("o3", "W", "EU", "paid", 7)).await;
    page.put(r#"{"PK": "o4", "Tenant": "W", "Status": "open", "Day": 1}"#).await;
    page.click(".view-tab[data-view='ByTenant']").await;
    assert_eq!(index_headers(&page), ["PKTenant", "PKRegion", "SKStatus", "SKDay", "table keyPK"]);
    let collections = page.find_all("table.index-items tbody.collection");
    let mut keys: Vec<String> = collections.iter().filter_map(|body| body.get_attribute("data-key")).collect();
    keys.sort();
    assert_eq!(keys, ["W + EU", "W + NA"], "o4 has no Region: not in the index");
    let na = page.find("table.index-items tbody.collection[data-key='W + NA']");
    let list = na.query_selector_all("td.sk-cell").unwrap();
    let cells: Vec<String> =
        (0..list.length()).filter_map(|i| list.item(i)).filter_map(|cell| cell.text_content()).collect();
    assert_eq!(cells, ["open", "3", "open", "12"], "ordered by Status, then Day");
    let title = na.query_selector("td.pk-cell").unwrap().unwrap().get_attribute("title").unwrap_or_default();
    assert_eq!(title, "Tenant + Region = W + NA");
}

#[wasm_bindgen_test]
async fn add_gsi_sends_several_key_attributes_and_the_exports_keep_or_name_them() {
    let page = mount().await;
    page.create_table("Tasks", ("pk", "S"), None).await;
    page.type_into("#ix-delay", "0").await;
    page.put(r#"{"pk": "t1", "owner": "o1", "state": "live", "team": "T"}"#).await;
    page.click("#ix-add").await;
    page.type_into("#ix-new-name", "ByOwnerState").await;
    page.type_into("#ix-new-pk", "owner").await;
    page.click("#ix-new-add-pk").await;
    page.type_into("#ix-new-pk-2", "state").await;
    page.type_into("#ix-new-sk", "team").await;
    page.click("#ix-create").await;
    assert!(page.text("#ix-outcome").contains("UpdateTable Tasks → OK"), "{}", page.text("#ix-outcome"));
    page.click("#ix-skip").await;
    page.click(".view-tab[data-view='ByOwnerState']").await;
    assert_eq!(index_headers(&page), ["PKowner", "PKstate", "SKteam", "table keypk"]);
    assert_eq!(page.find("table.index-items tbody.collection").get_attribute("data-key").unwrap(), "o1 + live");

    // The exports: the template holds the whole key; a Workbench model says, in the page's language, what it cannot.
    let (text, _) = export_as(&page, "#btn-export-cloudformation").await;
    let template: serde_json::Value = serde_json::from_str(&text).unwrap();
    let key = &template["Resources"]["TasksTable"]["Properties"]["GlobalSecondaryIndexes"][0]["KeySchema"];
    assert_eq!(key.as_array().map(Vec::len), Some(3), "{key}");
    page.choose("#lang-select", "de").await;
    let (text, _) = export_as(&page, "#btn-export-workbench").await;
    let model: serde_json::Value = serde_json::from_str(&text).unwrap();
    let attributes = &model["DataModel"][0]["GlobalSecondaryIndexes"][0]["KeyAttributes"];
    assert_eq!(attributes["PartitionKey"]["AttributeName"], "owner");
    assert_eq!(
        notice_details(&page),
        ["Tabelle Tasks: Ein Workbench-Modell kann die Schlüsselattribute state von Index ByOwnerState (der \
          GSI-Schlüssel eines Modells hat ein Partition-Key- und ein Sort-Key-Attribut; exportiert wird jeweils das \
          erste) nicht aufnehmen; nicht exportiert."]
    );
    page.choose("#lang-select", "en").await;
}

#[wasm_bindgen_test]
async fn the_console_asks_for_every_partition_key_attribute_and_a_prefix_of_the_sort_key() {
    let page = orders_by_tenant().await;
    page.click("#ct-submit").await;
    page.type_into("#ix-delay", "0").await;
    page.put(&order("o1", "W", "NA", "open", 12)).await;
    page.put(&order("o2", "W", "NA", "open", 25)).await;
    page.put(&order("o3", "W", "NA", "paid", 12)).await;
    page.put(&order("o4", "W", "EU", "open", 12)).await;
    page.click("#tab-console").await;
    page.choose("#c0-index", "ByTenant").await;
    let picker = page.text("#c0-builder .key-picker");
    assert!(picker.contains("Tenant (S) =") && picker.contains("Region (S) ="), "{picker}");
    assert!(!page.exists("#c0-sk2-op"), "Day only after an equality on Status");
    page.type_text("#c0-pk-value", "W").await;
    page.type_text("#c0-pk2-value", "NA").await;
    page.click("#c0-run").await;
    assert!(page.text("#results-facts").contains("Count 3"), "{}", page.text("#results-facts"));

    page.choose("#c0-sk-op", "=").await;
    page.type_text("#c0-sk-value", "open").await;
    page.choose("#c0-sk2-op", "between").await;
    page.type_text("#c0-sk2-value", "10").await;
    page.type_text("#c0-sk2-value2", "20").await;
    assert_eq!(
        page.text("#c0-kce-generated code"),
        "#pk = :pk AND #pk2 = :pk2 AND #sk = :sk AND #sk2 BETWEEN :sk2 AND :sk2hi"
    );
    page.click("#c0-run").await;
    assert!(page.text("#results-facts").contains("Count 1"), "{}", page.text("#results-facts"));

    // To raw mode and back: the same picker.
    page.click("#c0-mode-raw").await;
    let raw: serde_json::Value = serde_json::from_str(&page.value("#c0-raw")).unwrap();
    assert_eq!(raw["ExpressionAttributeNames"]["#sk2"], "Day");
    assert_eq!(raw["ExpressionAttributeValues"][":sk2hi"], serde_json::json!({"N": "20"}));
    page.click("#c0-mode-form").await;
    assert_eq!(page.value("#c0-pk2-value"), "NA");
    assert_eq!(page.value("#c0-sk2-op"), "between");
    assert_eq!(page.value("#c0-sk2-value2"), "20");

    // A range condition on Status ends the key condition: Day's row goes.
    page.choose("#c0-sk-op", "begins_with").await;
    page.type_text("#c0-sk-value", "o").await;
    assert!(!page.exists("#c0-sk2-op"));
    page.click("#c0-run").await;
    assert!(page.text("#results-facts").contains("Count 2"), "{}", page.text("#results-facts"));
}
