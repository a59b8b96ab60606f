//! Units and prices spelled for people, and tallies named by the billing
//! mode.

use serde_json::json;

use crate::engine::capacity::{Charge, EntryAction};
use crate::engine::ApiError;
use crate::i18n::Lang;
use crate::page_model::cost::{
    dollars, explain, price, units, Tally, UnitNames, READ_PRICE_PER_MILLION, WRITE_PRICE_PER_MILLION,
};

#[test]
fn units_and_dollars_are_spelled_for_people() {
    let units_cases: &[(f64, &str)] =
        &[(0.0, "0"), (0.5, "0.5"), (1.5, "1.5"), (1_600.0, "1,600"), (1_234.5, "1,234.5")];
    for (amount, text) in units_cases {
        assert_eq!(units(*amount), *text);
    }
    let dollar_cases: &[(f64, &str)] =
        &[(0.0, "$0"), (-1.0, "$0"), (12.5, "$12.50"), (0.000000125, "$0.000000125"), (0.5, "$0.5")];
    for (amount, text) in dollar_cases {
        assert_eq!(dollars(*amount), *text);
    }
    assert_eq!(price(1_000_000.0, 1_000_000.0), READ_PRICE_PER_MILLION + WRITE_PRICE_PER_MILLION);
}

#[test]
fn tallies_name_their_units_by_the_billing_mode() {
    let cases: &[(Tally, bool, &str)] = &[
        (Tally { read: 0.0, write: 0.0 }, false, "0 RCU"),
        (Tally { read: 1.5, write: 0.0 }, false, "1.5 RCU"),
        (Tally { read: 0.0, write: 2.0 }, true, "2 WRU"),
        (Tally { read: 4.0, write: 2.0 }, false, "4 RCU + 2 WCU"),
        (Tally { read: 4.0, write: 2.0 }, true, "4 RRU + 2 WRU"),
    ];
    for (tally, on_demand, text) in cases {
        assert_eq!(tally.text(UnitNames::of(*on_demand)), *text);
    }
    assert_eq!(Tally { read: 1.0, write: 2.0 }.plus(Tally { read: 0.5, write: 1.0 }), Tally { read: 1.5, write: 3.0 });
}

#[test]
fn a_transaction_doubles_its_items_and_not_its_index_entries() {
    // A small Put into a table with one GSI: table 2 + GSI 1 = 3 (A.3).
    let charges =
        [Charge::transactional_write("t", 14), Charge::index_write("t", "byStatus", true, EntryAction::Put, 14)];
    let request = json!({"TransactItems": [{"Put": {"TableName": "t"}}]});
    let explained =
        explain("TransactWriteItems", &request, &Ok(json!({})), &charges, None, UnitNames::of(false), Lang::En);
    assert_eq!(explained.headline, "3 WCU");
    assert_eq!(
        explained.lines,
        [
            "A transaction costs double: each item is rounded on its own, then × 2 (1 action): 2 WCU.",
            "Secondary indexes cost extra writes, each entry rounded to 1 KB: byStatus (GSI, put): 1 WCU — 1 WCU in all.",
        ]
    );
}

#[test]
fn a_failed_condition_is_still_charged() {
    let failed = Err(ApiError::ConditionalCheckFailed {
        message: "The conditional request failed".into(),
        item: None,
        charges: Box::default(),
    });
    let request = json!({"TableName": "t", "ConditionExpression": "attribute_not_exists(pk)"});
    let explained = explain(
        "PutItem",
        &request,
        &failed,
        &[Charge::write("t", None, Some(0))],
        None,
        UnitNames::of(false),
        Lang::En,
    );
    assert_eq!(
        explained.lines,
        ["This request fails with ConditionalCheckFailedException, but the work done before it failed is still charged: 1 WCU."]
    );
}

#[test]
fn a_summary_adds_the_index_writes_to_the_first_line() {
    // A small Put into a table with one GSI: the item's 1 WCU and the
    // entry's 1 WCU, so that the summary adds up to the 2 WCU consumed.
    let charges =
        [Charge::write("t", None, Some(14)), Charge::index_write("t", "byStatus", true, EntryAction::Put, 14)];
    let request = json!({"TableName": "t", "Item": {}});
    let explained = explain("PutItem", &request, &Ok(json!({})), &charges, None, UnitNames::of(false), Lang::En);
    assert_eq!(explained.headline, "2 WCU");
    assert_eq!(
        explained.summary(),
        [
            "A put pays for the larger of the old and the new item (14 bytes), in 1 KB blocks: 1 WCU.",
            "Secondary indexes cost extra writes, each entry rounded to 1 KB: byStatus (GSI, put): 1 WCU — 1 WCU in all.",
        ]
    );
    // Without index writes, the first line alone.
    let explained = explain("PutItem", &request, &Ok(json!({})), &charges[..1], None, UnitNames::of(false), Lang::En);
    assert_eq!(
        explained.summary(),
        ["A put pays for the larger of the old and the new item (14 bytes), in 1 KB blocks: 1 WCU."]
    );
}

/// A search uses no read units: its live cost is its
/// `VectorSearchRequestBytes` (asked for by the preview whatever the request
/// says), labelled an estimate, priced at $0.002 per GB.
#[test]
fn a_search_is_costed_in_bytes_not_units() {
    use crate::engine::{Engine, Previews};
    use crate::page_model::cost::preview;
    let mut engine = Engine::new();
    let created = engine.execute(
        "CreateTable",
        &json!({"TableName": "Products", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "VectorIndexes": [{"IndexName": "ByLook", "VectorAttribute": {"AttributeName": "v"}, "Dimensions": 2,
                "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "ALL"}}]}),
    );
    assert!(created.is_ok(), "{created:?}");
    let put = engine.execute(
        "PutItem",
        &json!({"TableName": "Products", "Item": {"pk": {"S": "a"},
        "v": {"L": [{"N": "1"}, {"N": "0"}]}}}),
    );
    assert!(put.is_ok(), "{put:?}");
    let request = json!({"TableName": "Products", "IndexName": "ByLook", "SearchVector": [{"N": "1"}, {"N": "0"}],
        "TopK": 1, "ReturnConsumedCapacity": "NONE"});
    let shown = preview(&mut Previews::new(&mut engine), "SearchVectors", &request);
    // The preview knows the bytes although the request asked for no ConsumedCapacity.
    assert!(shown.outcome.as_ref().is_ok_and(|r| r.get("ConsumedCapacity").is_none()), "{:?}", shown.outcome);
    assert_eq!(shown.search_bytes, Some(1024));
    let explained = explain(
        "SearchVectors",
        &request,
        &shown.outcome,
        &shown.charges,
        shown.search_bytes,
        UnitNames::of(true),
        Lang::En,
    );
    assert_eq!(explained.headline, "1,024 bytes searched (estimate)");
    assert!(explained.lines.iter().any(|line| line.contains("no read units")), "{:?}", explained.lines);
    assert_eq!(explained.tally, Tally::default());
    assert!((explained.vector_price - 1024.0 / 1e9 * 0.002).abs() < 1e-15);
}
