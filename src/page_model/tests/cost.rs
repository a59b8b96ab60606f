//! Units and prices spelled for people, and tallies named by the billing
//! mode.

use crate::page_model::cost::{
    dollars, price, units, Tally, UnitNames, READ_PRICE_PER_MILLION, WRITE_PRICE_PER_MILLION,
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
