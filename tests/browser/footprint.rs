//! The request's footprint: the rows a console request reads, returns or
//! filters out, marked on the console's grid and the Items tab's, the line
//! where Limit stops the page, and the partitions it touches on the map;
//! updated as the request is edited, and gone for a write.

use crate::dom::*;
use wasm_bindgen_test::*;

/// The sort keys of the rows of `grid` marked `mark`, in order.
fn marked(page: &Page, grid: &str, mark: &str) -> Vec<String> {
    page.find_all(&format!("{grid} tr[data-footprint=\"{mark}\"] td.sk-cell"))
        .iter()
        .filter_map(|td| td.text_content())
        .collect()
}

#[wasm_bindgen_test]
async fn a_filtered_query_marks_what_it_reads_returns_and_throws_away() {
    let page = console_with_music().await;
    let grid = "#footprint-view";
    assert!(!page.exists(grid), "no request yet, no footprint");

    // The whole collection is read and returned; Zed's song is not read.
    page.type_text("#c0-pk-value", "Acme").await;
    assert_eq!(marked(&page, grid, "returned"), ["A1", "A2", "A3", "A4", "A5", "A6"]);
    let unmarked: Vec<String> = page
        .find_all(&format!("{grid} tr:not([data-footprint]) td.sk-cell"))
        .iter()
        .filter_map(|td| td.text_content())
        .collect();
    assert_eq!(unmarked, ["Z1"]);

    // A filter reads everything, then throws most away.
    page.type_text("#c0-filter", "Plays > :p").await;
    page.type_text("#c0-values", r#"{":p": 45}"#).await;
    assert_eq!(marked(&page, grid, "returned"), ["A5", "A6"]);
    assert_eq!(marked(&page, grid, "filtered"), ["A1", "A2", "A3", "A4"]);
    let legend = page.text(&format!("{grid} .fp-legend"));
    assert!(legend.contains("returned 2") && legend.contains("read, filtered out 4"), "{legend}");
    // The mark is a glyph and a word, not only a colour.
    let mark = page.text(&format!("{grid} tr[data-footprint=\"filtered\"] td.fp-mark"));
    assert!(mark.contains('✗') && mark.contains("read, filtered out"), "{mark}");

    // Limit 3: three items evaluated, and a line where the page stops.
    page.type_text("#c0-limit", "3").await;
    assert_eq!(marked(&page, grid, "filtered"), ["A1", "A2", "A3"]);
    assert!(marked(&page, grid, "returned").is_empty());
    let stop = page.text(&format!("{grid} tr.fp-stop[data-stop=\"limit\"]"));
    assert!(stop.contains("Limit 3 stops here"), "{stop}");

    // Editing the request moves the marks and the line.
    page.type_text("#c0-limit", "5").await;
    assert_eq!(marked(&page, grid, "returned"), ["A5"]);
    assert!(page.text(&format!("{grid} tr.fp-stop")).contains("Limit 5 stops here"));

    // The Items tab marks the same rows, with the legend.
    page.click("#tab-items").await;
    assert_eq!(marked(&page, ".table-view", "filtered"), ["A1", "A2", "A3", "A4"]);
    assert_eq!(marked(&page, ".table-view", "returned"), ["A5"]);
    assert!(page.exists(".table-view .fp-legend"));
    assert!(page.exists(".table-view tr.fp-stop[data-stop=\"limit\"]"));

    // The partition map marks the partition the Query touches.
    page.click("#tab-partitions").await;
    assert_eq!(page.find_all("#pm-space-0 rect[data-touched=\"true\"]").len(), 1);
    assert!(page.text("#pm-space-0 li[data-touched=\"true\"]").contains("P1"));

    // A write marks nothing.
    page.click("#tab-console").await;
    page.choose("#c0-op", "PutItem").await;
    assert!(!page.exists(grid));
    page.click("#tab-items").await;
    assert!(!page.exists(".table-view tr[data-footprint]"));
    assert!(!page.exists(".table-view .fp-legend"));
    page.click("#tab-partitions").await;
    assert!(!page.exists("#pm-space-0 [data-touched]"));
}

#[wasm_bindgen_test]
async fn a_scan_count_reads_every_row_and_returns_none() {
    let page = console_with_music().await;
    page.choose("#c0-op", "Scan").await;
    assert_eq!(page.find_all("#footprint-view tr[data-footprint=\"returned\"]").len(), 7);
    page.choose("#c0-select", "COUNT").await;
    assert_eq!(page.find_all("#footprint-view tr[data-footprint=\"read\"]").len(), 7);
    assert!(page.text("#footprint-view .fp-legend").contains("read, only counted"));
}

#[wasm_bindgen_test]
async fn a_large_table_marks_only_the_rows_it_draws() {
    let page = mount().await;
    page.create_table("Orders", ("PK", "S"), Some(("SK", "S"))).await;
    page.type_into("#generate-count", "100000").await;
    page.type_into("#generate-seed", "1").await;
    page.click("#generate-run").await;
    wait_until("the generation to end", || page.exists("#generate-run")).await;
    settle().await;
    assert!(page.text(".table-view .facts").contains("100,000"), "{}", page.text(".table-view .facts"));

    // A Scan with a filter that keeps nothing: one 1 MB page, every item
    // on it read and thrown away; the grids draw their window only.
    page.click("#tab-console").await;
    page.choose("#c0-op", "Scan").await;
    let performance = web_sys::window().unwrap().performance().unwrap();
    let start = performance.now();
    page.type_text("#c0-filter", "attribute_exists(nothing)").await;
    let edit = performance.now() - start;
    let legend = page.text("#footprint-view .fp-legend");
    let filtered: String = legend
        .split("filtered out ")
        .nth(1)
        .unwrap_or_default()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .collect();
    let filtered: usize = filtered.replace(',', "").parse().unwrap_or_else(|_| panic!("{legend}"));
    assert!(filtered > 1_000, "a 1 MB page of small items: {legend}");
    let marked = page.find_all("#footprint-view tr[data-footprint=\"filtered\"]").len();
    assert!((1..=150).contains(&marked), "the window's rows only: {marked}");
    page.click("#tab-items").await;
    let marked = page.find_all(".table-view tr[data-footprint=\"filtered\"]").len();
    assert!((1..=150).contains(&marked), "{marked}");
    console_log!(
        "footprint on 100,000 items: {filtered} read and filtered out; an edit took {edit:.0} ms (debug build)"
    );
}
