//! Vector indexes in the page: the table designer makes one, the index panel
//! lists it and adds one to a live table through its phases, and the
//! console's SearchVectors ranks the items with their scores and prices the
//! search in bytes.

use crate::dom::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// Products with a vector index `ByLook` on `look` (2 dimensions, COSINE),
/// searched per `tenant`, made through the designer.
async fn products_from_the_designer() -> Page {
    let page = mount().await;
    page.type_into("#ct-name", "Products").await;
    page.type_into("#ct-pk", "sku").await;
    page.click("#ct-add-vector").await;
    // A vector index needs an on-demand table: adding one switches to it.
    let on_demand = page.find("#ct-on-demand").dyn_into::<web_sys::HtmlInputElement>().unwrap();
    assert!(on_demand.checked());
    page.type_into("#ct-vec-0-name", "ByLook").await;
    page.type_into("#ct-vec-0-attribute", "look").await;
    page.type_into("#ct-vec-0-dimensions", "2").await;
    page.type_into("#ct-vec-0-hash", "tenant").await;
    page.click("#ct-submit").await;
    assert!(page.text("#ct-outcome").contains("CreateTable Products → created"), "{}", page.text("#ct-outcome"));
    for (sku, tenant, look) in
        [("red", "A", "[1, 0]"), ("pink", "A", "[0.9, 0.2]"), ("blue", "A", "[0, 1]"), ("rose", "B", "[1, 0.1]")]
    {
        page.put(&format!(r#"{{"sku": "{sku}", "tenant": "{tenant}", "look": {look}}}"#)).await;
    }
    // No tenant: not in the index, as DynamoDB leaves it out.
    page.put(r#"{"sku": "grey", "look": [1, 0]}"#).await;
    page
}

#[wasm_bindgen_test]
async fn the_designer_makes_a_vector_index_and_the_panel_lists_it() {
    let page = products_from_the_designer().await;
    let row = page.text(".index-row[data-index='ByLook']");
    for part in ["Vector", "ACTIVE", "4 entries", "Vector attribute: look", "Dimensions: 2", "COSINE", "tenant HASH"] {
        assert!(row.contains(part), "{part} in {row}");
    }
}

#[wasm_bindgen_test]
async fn the_designer_shows_dynamodbs_refusals() {
    let page = mount().await;
    page.type_into("#ct-name", "Products").await;
    page.type_into("#ct-pk", "sku").await;
    page.click("#ct-add-vector").await;
    page.type_into("#ct-vec-0-name", "ByLook").await;
    page.type_into("#ct-vec-0-attribute", "sku").await;
    page.click("#ct-submit").await;
    assert_eq!(
        page.text("#ct-outcome"),
        "ValidationException: One or more parameter values were invalid: Conflicting attribute definition for \
         'sku'. An attribute cannot be defined in AttributeDefinitions when used as a VectorAttribute."
    );
    // Back to provisioned: DynamoDB keeps vector indexes to on-demand tables.
    page.type_into("#ct-vec-0-attribute", "look").await;
    page.click("#ct-provisioned").await;
    page.click("#ct-submit").await;
    assert!(page.text("#ct-outcome").contains("PAY_PER_REQUEST"), "{}", page.text("#ct-outcome"));
    assert!(!page.exists(".table-entry"), "nothing was created");
    // Removed, the table is made without it.
    page.click("#ct-vec-0-remove").await;
    assert!(!page.exists("#ct-vec-0"));
    page.click("#ct-submit").await;
    assert!(page.text("#ct-outcome").contains("created"), "{}", page.text("#ct-outcome"));
}

#[wasm_bindgen_test]
async fn the_console_searches_a_vector_index_with_scores_and_a_cost_in_bytes() {
    let page = products_from_the_designer().await;
    page.click("#tab-console").await;
    page.choose("#c0-op", "SearchVectors").await;
    page.choose("#c0-index", "ByLook").await;
    page.type_text("#c0-vector", "[1, 0]").await;
    page.type_text("#c0-search-condition", "tenant = :t").await;
    page.type_text("#c0-values", r#"{":t": "A"}"#).await;
    assert_eq!(figure(&page, 0), "1,024 bytes searched (estimate)");
    assert!(page.text("#c0-cost-lines").contains("no read units"), "{}", page.text("#c0-cost-lines"));
    assert!(page.text("#c0-cost-price").contains("on demand"), "{}", page.text("#c0-cost-price"));

    page.click("#c0-run").await;
    let facts = page.text("#results-facts");
    assert!(facts.contains("1,024 bytes searched (estimate)") && !facts.contains("RRU"), "{facts}");
    let skus: Vec<String> =
        page.find_all("#results table.results-items td.pk-col").iter().filter_map(|td| td.text_content()).collect();
    assert_eq!(skus, ["red", "pink", "blue"], "nearest first, tenant A only");
    let scores: Vec<String> =
        page.find_all("#results table.results-items td.score").iter().filter_map(|td| td.text_content()).collect();
    // COSINE: 1 − cos; pink is 1 − 0.9/√0.85 away, blue at a right angle.
    assert_eq!(scores, ["0.0", "0.023812941717527125", "1.0"]);

    // A bad vector is the form's own error, named by its member.
    page.type_text("#c0-vector", r#"{"x": 1}"#).await;
    assert!(page.text("#c0-cost").contains("SearchVector must be a JSON list"), "{}", page.text("#c0-cost"));
    // A vector of the wrong length is DynamoDB's refusal.
    page.type_text("#c0-vector", "[1, 0, 0]").await;
    assert!(page.text("#c0-cost").contains("ValidationException"), "{}", page.text("#c0-cost"));
}

/// The class of each drawn point, by key.
fn point_class(page: &Page, label: &str) -> String {
    page.find(&format!(".vector-point[data-label='{label}']")).get_attribute("class").unwrap_or_default()
}

fn ranking(page: &Page) -> Vec<String> {
    page.find_all("#vm-ranking .vector-rank-key").iter().filter_map(|e| e.text_content()).collect()
}

#[wasm_bindgen_test]
async fn the_vector_map_draws_the_items_the_query_and_the_top_k() {
    let page = products_from_the_designer().await;
    page.click(".view-tab[data-view='ByLook']").await;
    assert!(page.text("#items-title").contains("ByLook"), "{}", page.text("#items-title"));
    assert!(page.text("#vm-caption").contains("The vectors as they are"), "{}", page.text("#vm-caption"));
    assert!(
        page.text("#vm-caption").contains("4 of 4 entries drawn, and 1 item not in the index."),
        "{}",
        page.text("#vm-caption")
    );
    assert!(point_class(&page, "grey").contains("not-indexed"), "no tenant, not in the index");
    assert!(page.text("#vm-waiting").contains("Type a query vector"));

    page.type_into("#vm-vector", "[1, 0]").await;
    assert!(page.text("#vm-waiting").contains("HASH value"), "{}", page.text("#vm-waiting"));
    page.type_into("#vm-hash", "A").await;
    assert!(!page.exists("#vm-waiting"));
    assert_eq!(ranking(&page), ["red", "pink", "blue"]);
    assert!(point_class(&page, "red").contains("ranked"));
    assert!(point_class(&page, "rose").contains("other-group"), "tenant B is not searched");
    assert!(page.exists(".vector-query"), "the query point is drawn");
    let red = page.find(".vector-point[data-label='red']");
    assert_eq!(red.get_attribute("aria-label").as_deref(), Some("red: rank 1, score 0.0"));

    // Top 1, then another distance function: DOT_PRODUCT ranks by length too.
    page.type_into("#vm-top-k", "1").await;
    assert_eq!(ranking(&page), ["red"]);
    page.type_into("#vm-top-k", "3").await;
    page.click("#vm-dot_product").await;
    assert!(page.text("#vm-other-distance").contains("rank by COSINE"), "{}", page.text("#vm-other-distance"));
    assert_eq!(ranking(&page), ["red", "pink", "blue"]);
    page.type_into("#vm-vector", "[1, 1]").await;
    // pink 1.1; red and blue tie at 1 and keep their key order.
    assert_eq!(ranking(&page), ["pink", "blue", "red"]);
    page.click("#vm-cosine").await;
    assert!(!page.exists("#vm-other-distance"));

    // A click on a point searches from its vector.
    // An SVG mark is no HtmlElement: the click is dispatched to it.
    Page::fire(&page.find(".vector-point[data-label='blue']"), "click");
    settle().await;
    assert_eq!(page.value("#vm-vector"), "[0.0, 1.0]");
    assert_eq!(ranking(&page).first().map(String::as_str), Some("blue"));

    // A query of the wrong length says what SearchVectors would do.
    page.type_into("#vm-vector", "[1, 0, 0]").await;
    assert!(page.text("#vm-waiting").contains("SearchVectors would refuse it"), "{}", page.text("#vm-waiting"));
    assert!(!page.exists("#vm-ranking"));

    // A new item is drawn at once, the query as it was.
    page.put(r#"{"sku": "sky", "tenant": "A", "look": [0, 1]}"#).await;
    assert!(page.text("#vm-caption").contains("5 of 5 entries drawn"), "{}", page.text("#vm-caption"));
    assert!(point_class(&page, "sky").contains("searched"));
}

/// The vector search lesson: its steps load searches into the console with
/// their figures, its checklist is served by SearchVectors, the map shows
/// the lesson's products, and it speaks German and Japanese.
#[wasm_bindgen_test]
async fn the_vector_search_lesson_steps_through_searches_in_three_languages() {
    use ddb_playground::i18n::Lang;
    hand_lessons(|library| {
        assert!(library.provide_overlay(
            "vector-search",
            Lang::De,
            Some(include_str!("../../src/scenario/lessons/data/de/17-vector-search.json"))
        ));
        assert!(library.provide_overlay(
            "vector-search",
            Lang::Ja,
            Some(include_str!("../../src/scenario/lessons/data/ja/17-vector-search.json"))
        ));
    });
    let page = open_lesson_link("lesson=vector-search").await;
    assert_eq!(page.text("#lesson-title"), "Vector search: the nearest items, and what a search costs");
    assert!(!page.exists(".lesson-seed"), "no lecture seed");
    assert_eq!(page.text("#lesson-step-count"), "Step 1 of 7");
    assert!(page.text(".table-entry.selected").contains("Products"));
    let checklist = page.text("#lesson-checklist");
    assert_eq!(page.find_all("#lesson-checklist .pattern.servable").len(), 2, "{checklist}");
    assert!(checklist.contains("✓ by SearchVectors"), "{checklist}");
    assert!(checklist.contains("“Sporty in shop A” · 3 items, 1,024 bytes searched (estimate)"), "{checklist}");

    // The map of ByStyle: seven products in the index, the sample left out.
    page.click(".view-tab[data-view='ByStyle']").await;
    assert!(page.text("#vm-caption").contains("7 of 7 entries drawn, and 1 item not in the index."));

    // Step 3 puts COSINE and DOT_PRODUCT side by side.
    page.click("#lesson-next").await;
    page.click("#lesson-next").await;
    assert_eq!(page.text("#lesson-step-title"), "Length matters to DOT_PRODUCT");
    page.click("#lesson-step-action").await;
    assert_eq!(page.text("#strip-a"), "1,024 bytes searched (estimate)");
    assert_eq!(page.text("#strip-b"), "1,024 bytes searched (estimate)");
    page.click("#c1-run").await;
    let skus: Vec<String> =
        page.find_all("#results table.results-items td.pk-col").iter().filter_map(|td| td.text_content()).collect();
    assert_eq!(skus, ["red-sneaker", "windbreaker", "loafer"], "DOT_PRODUCT: the long vectors first");

    // German, then Japanese: the same step in the lesson's own words.
    page.choose("#lang-select", "de").await;
    assert_eq!(page.text("#lesson-step-title"), "Für DOT_PRODUCT zählt die Länge");
    assert_eq!(page.text("#strip-a"), "1.024 Bytes durchsucht (Schätzung)");
    page.choose("#lang-select", "ja").await;
    assert_eq!(page.text("#lesson-step-title"), "DOT_PRODUCT では長さが効く");
    assert!(page.text("#lesson-checklist").contains("✓ SearchVectors で検索"));
    page.choose("#lang-select", "en").await;
    drop(page);
    forget_everything();
    forget_lessons();
}

/// The lesson's last step on a 1280×720 projector in English and on a
/// 390×844 phone in German and Japanese: the step's search is refused, a
/// vector index added to the live table through the index panel shows its
/// allocation in the page's language, deleting it then is DynamoDB's
/// refusal, Skip the wait makes it searchable, and the search ranks by
/// EUCLIDEAN. The page never scrolls sideways: not on the index panel, the
/// console, the new index's vector map or the table designer.
#[wasm_bindgen_test]
async fn a_vector_index_added_to_a_live_table_shows_its_phases_on_a_projector_and_a_phone() {
    use ddb_playground::i18n::Lang;
    let cases = [
        (1280, 720, "en", "Step 7 of 7", "allocating ·"),
        (390, 844, "de", "Schritt 7 von 7", "Ressourcen werden zugeteilt ·"),
        (390, 844, "ja", "7 / 7", "リソース割り当て中 ·"),
    ];
    for (width, height, lang, step_count, allocating) in cases {
        hand_lessons(|library| {
            library.provide_overlay(
                "vector-search",
                Lang::De,
                Some(include_str!("../../src/scenario/lessons/data/de/17-vector-search.json")),
            );
            library.provide_overlay(
                "vector-search",
                Lang::Ja,
                Some(include_str!("../../src/scenario/lessons/data/ja/17-vector-search.json")),
            );
        });
        let framed = crate::layout::open_in_frame("lesson=vector-search", width, height).await;
        let page = &framed.page;
        page.choose("#lang-select", lang).await;
        let (inner_width, _) = framed.viewport();
        let no_sideways = |what: &str| {
            let scrolled = framed.scroll_size().0;
            assert!(scrolled <= inner_width, "{lang} {width}: {what} scrolls sideways ({scrolled} px)");
        };
        for _ in 0..6 {
            page.click("#lesson-next").await;
        }
        assert!(page.text("#lesson-step-count").contains(step_count), "{}", page.text("#lesson-step-count"));
        page.click("#lesson-step-action").await;
        page.click("#c0-run").await;
        let refused = page.text("#results");
        assert!(refused.contains("The table does not have the specified index: ByStyleEuclid"), "{refused}");

        page.click("#tab-items").await;
        page.click("#ix-add-vector").await;
        page.type_into("#ix-vec-name", "ByStyleEuclid").await;
        page.type_into("#ix-vec-attribute", "style").await;
        page.type_into("#ix-vec-dimensions", "2").await;
        page.choose("#ix-vec-distance", "EUCLIDEAN").await;
        page.type_into("#ix-vec-hash", "shop").await;
        page.click("#ix-vec-create").await;
        assert!(!page.exists("#ix-vec-create"), "the form closes once the index is added");
        let row = page.text(".index-row[data-index='ByStyleEuclid']");
        assert!(row.contains("CREATING") && row.contains(allocating), "{row}");
        assert!(page.exists(".index-row[data-index='ByStyleEuclid'] progress.backfill"));
        no_sideways("the index panel");
        // Deleting it while it allocates is refused, as DynamoDB does.
        page.click(".index-row[data-index='ByStyleEuclid'] button").await;
        let outcome = page.text("#ix-outcome");
        assert!(outcome.contains("Index creation is in resource allocation phase"), "{outcome}");
        // Its map says that searches are refused for now.
        page.click(".view-tab[data-view='ByStyleEuclid']").await;
        let notice = page.text("#vm-not-served");
        assert!(notice.contains("CREATING"), "{notice}");
        // Refused until it is served, through every phase left: the time
        // Skip the wait skips.
        let skip = page.text("#ix-skip");
        let wait = skip.split('(').nth(1).and_then(|rest| rest.split(')').next()).unwrap_or_default();
        assert!(!wait.is_empty() && notice.contains(wait), "{notice} / {skip}");

        page.click("#ix-skip").await;
        assert!(!page.exists("#vm-not-served"), "searchable now");
        let row = page.text(".index-row[data-index='ByStyleEuclid']");
        assert!(row.contains("ACTIVE") && !row.contains("CREATING"), "{row}");
        assert!(!page.exists(".index-row[data-index='ByStyleEuclid'] progress"));
        page.click("#tab-console").await;
        page.click("#c0-run").await;
        let skus: Vec<String> =
            page.find_all("#results table.results-items td.pk-col").iter().filter_map(|td| td.text_content()).collect();
        assert_eq!(skus, ["windbreaker", "track-shoe", "red-sneaker"], "{lang}: the straight-line distance");
        no_sideways("the console");

        // The new index's map, and the designer's vector fields, fit too.
        page.click("#tab-items").await;
        page.click(".view-tab[data-view='ByStyleEuclid']").await;
        assert!(page.text("#vm-caption").contains('7'), "{}", page.text("#vm-caption"));
        assert_eq!(page.find_all(".vector-point").len(), 8, "seven entries and the product with no shop");
        no_sideways("the vector map");
        page.click("#ct-add-vector").await;
        assert!(page.exists("#ct-vec-0-name"));
        no_sideways("the table designer");
        page.choose("#lang-select", "en").await;
        drop(framed);
        forget_everything();
        forget_lessons();
    }
}
