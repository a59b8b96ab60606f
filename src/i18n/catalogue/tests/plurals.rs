//! Plurals and figures the language's way.

use super::*;

#[test]
fn plurals_follow_the_language() {
    let de = Lang::De.tr();
    assert_eq!(de.entries(1), "1 Eintrag");
    assert_eq!(de.entries(2), "2 Einträge");
    assert_eq!(de.index_count(1), "1 Index");
    assert_eq!(de.index_count(2), "2 Indizes");
    assert_eq!(de.items(1), "1 Item");
    assert_eq!(de.items(2), "2 Items");
    // German groups with a dot: 12.345 Items, 1.234 Bytes.
    assert_eq!(de.table_contents(12_345, 1_234), "12.345 Items · 1.234 Bytes");
    assert_eq!(de.table_contents(1, 1), "1 Item · 1 Byte");
    assert_eq!(de.duration(1_240), "1,2 s");
    // Japanese has no plural: the counter word stays.
    let ja = Lang::Ja.tr();
    assert_eq!(ja.entries(1), "エントリー 1 件");
    assert_eq!(ja.entries(2), "エントリー 2 件");
    assert_eq!(ja.table_contents(12_345, 1_234), "項目 12,345 件 · 1,234 バイト");
    assert_eq!(ja.duration(1_240), "1.2 秒");
}

#[test]
fn cost_lines_count_one_action_read_or_write_in_the_singular() {
    let en = Lang::En.tr();
    assert!(en.cost_transaction(1, "2 WCU").contains("(1 action)"));
    assert!(en.cost_transaction(2, "4 WCU").contains("(2 actions)"));
    assert!(en.cost_batch_get(100, 1, "0.5 RCU").contains(" in 1 read)"));
    assert!(en.cost_batch_get(100, 3, "1.5 RCU").contains(" in 3 reads)"));
    assert!(en.cost_batch_write(1, "1 WCU").contains("(1 write)"));
    assert!(en.cost_batch_write(2, "2 WCU").contains("(2 writes)"));
    let de = Lang::De.tr();
    assert!(de.cost_transaction(1, "2 WCU").contains("(1 Aktion)"));
    assert!(de.cost_transaction(2, "4 WCU").contains("(2 Aktionen)"));
    assert!(de.cost_batch_get(100, 1, "0,5 RCU").contains(" in 1 Lesevorgang)"));
    assert!(de.cost_batch_get(100, 3, "1,5 RCU").contains(" in 3 Lesevorgängen)"));
    assert!(de.cost_batch_write(1, "1 WCU").contains("(1 Schreibvorgang)"));
    assert!(de.cost_batch_write(2, "2 WCU").contains("(2 Schreibvorgänge)"));
    // One item read is not "summed".
    assert_eq!(en.cost_summed(1, 9_015), "The 1 item read (9,015 bytes) is rounded up to 4 KB once per page.");
    assert_eq!(de.cost_summed(1, 1), "Das eine gelesene Item (1 Byte) wird einmal pro Seite auf 4 KB aufgerundet.");
    assert!(en.cost_summed(2, 10).starts_with("The 2 items read are summed (10 bytes)"));
}
