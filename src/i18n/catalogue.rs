//! What a language must say: the fixed texts ([`Msg`]) and the texts with
//! values ([`Catalogue`]'s methods).
//!
//! Ids are grouped by the view that shows them, in the order the view
//! shows them; a text several views share (a key's name, "Request") has
//! one id under "Shared". An id names what the text is for, not what it
//! says, so a better wording never renames it.

/// Declares [`Msg`] and its list of every id, [`Msg::ALL`], from one list,
/// so the list cannot miss an id.
macro_rules! messages {
    ($( $(#[$attr:meta])* $id:ident, )*) => {
        /// A fixed text of the page. Its wording in each language is in
        /// [`Catalogue::text`] of [`English`](super::en::English),
        /// [`German`](super::de::German) and [`Japanese`](super::ja::Japanese).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Msg {
            $( $(#[$attr])* $id, )*
        }

        impl Msg {
            /// Every id, in declaration order (for tests).
            pub const ALL: &'static [Msg] = &[ $( Msg::$id, )* ];
        }
    };
}

messages! {
    // ---- shared ----
    PartitionKey,
    SortKey,
    /// The label of a key type picker.
    KeyType,
    /// Placeholder of a field that may stay blank.
    Optional,
    OnDemand,
    Provisioned,
    Request,
    Response,
    ErrorResponse,
    Cancel,
    /// The switcher's label.
    LanguageLabel,

    // ---- activity log ----
    ActivityTitle,
    ActivityClear,
    ActivityEmpty,

    // ---- log entry ----
    NotSent,
    RequestAndResponse,

    // ---- table list ----
    TablesTitle,
    NoTables,
    DeleteAsk,
    Keep,

    // ---- create table ----
    CreateTableTitle,
    TableName,
    CapacityMode,
    ReadRcu,
    WriteWcu,
    SecondaryIndexes,
    AddGsiTitle,
    AddLsiTitle,
    CreateTableSubmit,

    // ---- index form ----
    /// After "S · ": DynamoDB's name of the type.
    TypeString,
    TypeNumber,
    TypeBinary,
    ProjectionAll,
    ProjectionKeysOnly,
    ProjectionInclude,
    Remove,
    IndexName,
    AlternateSortKey,
    Projection,
    NonKeyAttributes,
    IndexRcu,
    IndexWcu,
    CopiesTitle,
    CopiesLabel,
    ChipTableKey,
    ChipEveryOther,
    ChipListToInclude,
    ChipNothingElse,

    // ---- index panel ----
    AddGsi,
    NoIndexes,
    DeleteGsi,
    DeleteGsiTitle,
    CreateGsi,
    PropagationDelay,
    PropagationDelayTitle,
    SkipTitle,
    NothingPending,

    // ---- index grid ----
    ProjectedAll,
    ProjectedKeysOnly,
    IndexEmpty,
    IndexPartitionKeyTitle,
    IndexSortKeyTitle,
    EntityType,
    EntityTypeTitle,
    BaseKeyTitle,
    Pending,
    PendingEntryTitle,
    Overloaded,
    OverloadedTitle,

    // ---- item editor ----
    ItemEditorTitle,
    /// The Control key's label, as printed on the language's keyboards.
    KeyCtrl,
    ItemAsJson,
    ConsistentRead,
    LoadIntoEditor,
    /// The sample item shown while the editor is empty: a string value…
    SampleText,
    /// …any other value…
    SampleAnyValue,
    /// …and the name standing for the other attributes.
    SampleOtherAttributes,

    // ---- item grid ----
    NoItems,
    PartitionKeyHash,
    SortKeyRange,
    KeyspaceTitle,
    LoadRowTitle,

    // ---- key picker ----
    Key,
    ChooseTableForKey,
    ExampleText,
    ExampleNumber,
    ExampleBinary,

    // ---- results ----
    ResultsTitle,
    ResultsEmpty,
    NextPage,
    AllRemainingPages,
    WriteDone,
    SelectCountOnly,
    NoItemsBack,
    RequestAndResponseJson,
    LastPageJson,

    // ---- code view ----
    CodeTitle,
    /// The code tabs' label: a programming language.
    CodeTabsLabel,
    CodeCopy,
    CodeCopied,
    CodeCopyRefused,

    // ---- history ----
    HistoryTitle,
    HistoryClear,
    HistoryEmpty,
    TotalsCaption,
    ColTable,
    ColRequests,
    ColRead,
    ColWrite,
    ColOnDemand,
    AllTables,
    HistoryEdit,
    HistoryEditTitle,
    HistoryRerun,
    HistoryRerunTitle,

    // ---- partition map ----
    PmTitle,
    PmNoTable,
    PmHint,
    PmSizeLimit,
    /// The size limit field's placeholder at DynamoDB's real limit.
    PmRealLimit,
    PmSetScale,
    PmBackToReal,
    /// The left end of the keyspace band's axis.
    PmHashZero,
}

/// One language's wording. No method has a default body, so each language
/// must give every text. Figures arrive as numbers and are spelled here
/// (with [`numbers`](super::numbers)), so plurals and separators follow the
/// language; a value that is already text (a table name, a wait already
/// spelled by [`Catalogue::duration`]) is put in as it is.
pub trait Catalogue {
    /// A fixed text.
    fn text(&self, msg: Msg) -> &'static str;

    // ---- shared ----

    /// A placeholder's example: "e.g. Music".
    fn example(&self, sample: &str) -> String;
    /// Where a partition key's hash falls: "keyspace 3fa2c1".
    fn keyspace(&self, position: &str) -> String;
    /// A wait: "1.2 s", "350 ms".
    fn duration(&self, millis: u64) -> String;

    // ---- table list ----

    /// The confirming button: "Delete Music".
    fn delete_table(&self, table: &str) -> String;
    /// "3 items · 1,234 bytes".
    fn table_contents(&self, items: u64, bytes: u64) -> String;
    /// "Provisioned · 5 RCU / 5 WCU" (the figures as DynamoDB holds them).
    fn provisioned_capacity(&self, read: i64, write: i64) -> String;

    // ---- index form ----

    /// An LSI's partition key: "Partition key: the table's (Artist)".
    fn lsi_partition_key(&self, table_partition: &str) -> String;

    // ---- index panel ----

    /// The heading around the table's name: ("Secondary indexes of ", "").
    fn indexes_of(&self) -> (&'static str, &'static str);
    /// "backfilling · 1.2 s left".
    fn backfilling_left(&self, wait: &str) -> String;
    /// A deleting index: "gone in 1.2 s".
    fn gone_in(&self, wait: &str) -> String;
    /// An index's size: "1 entry", "3 entries".
    fn entries(&self, n: u64) -> String;
    /// "Skip the wait (1.2 s)".
    fn skip_wait(&self, wait: &str) -> String;
    /// "1 index", "2 indexes".
    fn index_count(&self, n: u64) -> String;

    // ---- index grid ----

    /// "INCLUDE: keys + Album, Plays".
    fn projected_include(&self, attributes: &str) -> String;
    /// The projection, then how entries are ordered.
    fn index_grid_hint(&self, projection: &str) -> String;
    /// The sentence around the "table key" chip: ("Columns marked ",
    /// " point back to the table's item.").
    fn marked_columns(&self) -> (&'static str, &'static str);
    /// "This entry leaves the index in 1.2 s".
    fn leaves_in(&self, wait: &str) -> String;
    /// "arrives in 1.2 s".
    fn arrives_in(&self, wait: &str) -> String;

    // ---- item editor ----

    /// The hint around the Ctrl+Enter keys: ("Plain JSON or DynamoDB JSON · ",
    /// " puts the item").
    fn editor_hint(&self) -> (&'static str, &'static str);

    // ---- expression field ----

    /// The reserved-word notice for `words` words: its label ("Reserved
    /// word: ") and what follows the words.
    fn reserved_words(&self, words: usize) -> (&'static str, &'static str);
    /// The fix's button: "Use #Year, #Name".
    fn use_placeholders(&self, placeholders: &str) -> String;

    // ---- results ----

    /// "3 pages".
    fn pages(&self, n: u64) -> String;
    /// "1 item", "2 items".
    fn items(&self, n: u64) -> String;
    /// "consumed 1.5 RCU".
    fn consumed(&self, units: &str) -> String;
    /// "$0.000000188 on demand".
    fn on_demand_price(&self, price: &str) -> String;
    /// "UnprocessedKeys: some requests were not processed; see the response."
    fn unprocessed(&self, member: &str) -> String;
    /// "Stopped after 1000 pages; press Next page to go on."
    fn stopped_after(&self, pages: usize) -> String;

    // ---- code view ----

    /// "# Not a request yet: Limit: ValidationException: …".
    fn not_a_request(&self, reason: &str) -> String;
    /// "Against ddb-local (http://localhost:8000)".
    fn against_local(&self, endpoint: &str) -> String;

    // ---- history ----

    /// Where the prices come from: per million read and write request
    /// units, in dollars, and the day they were checked (ISO date).
    fn prices_note(&self, read: f64, write: f64, checked: &str) -> String;

    // ---- partition map ----
    // Sizes and capacity figures arrive spelled (`partition_map::size_text`
    // through `Lang::figure`); counts as numbers.

    /// A keyspace's heading: "Table Music", "GSI GenreIndex".
    fn pm_keyspace(&self, gsi: bool, name: &str) -> String;
    /// After the heading: " · 3 partitions".
    fn pm_partitions(&self, n: u64) -> String;
    /// A partition's hover text: "Partition 1 · 4 items · 1.2 KB".
    fn pm_partition_title(&self, number: u64, items: u64, size: &str) -> String;
    /// An item collection's tick: "1 item · 310 B".
    fn pm_collection_title(&self, items: u64, size: &str) -> String;
    /// A tick standing for the collections in one stretch of the band:
    /// "12 item collections · 40 items · up to 1.2 KB".
    fn pm_bucket_title(&self, collections: u64, items: u64, largest: &str) -> String;
    /// "burst: read 500,000 · write 50,000".
    fn pm_burst(&self, read: &str, write: &str) -> String;
    /// The split notice: "Split: P2, P3 are new." for `n` new partitions.
    fn pm_split(&self, names: &str, n: u64) -> String;
    /// The band's accessible label.
    fn pm_band_label(&self, title: &str, partitions: u64, collections: u64) -> String;
    /// "Teaching scale: a partition splits when it holds more than 4 KB (DynamoDB: 10 GB)."
    fn pm_teaching_scale(&self, size: &str) -> String;
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn every_text_is_given_in_every_language() {
        for lang in Lang::ALL {
            for &msg in Msg::ALL {
                let text = lang.t(msg);
                assert!(!text.trim().is_empty(), "{msg:?} is empty in {lang:?}");
                assert_eq!(text, text.trim_end_matches('\n'), "{msg:?} in {lang:?} ends in a line break");
            }
        }
    }

    #[test]
    fn ids_are_listed_once() {
        let distinct: BTreeSet<String> = Msg::ALL.iter().map(|m| format!("{m:?}")).collect();
        assert_eq!(distinct.len(), Msg::ALL.len());
    }

    /// A German or Japanese text equal to the English one is usually a text
    /// not translated yet. These are the same on purpose: names of the API
    /// or words German borrows as they are.
    const SAME_AS_ENGLISH: [(Lang, Msg); 6] = [
        (Lang::De, Msg::Optional),
        (Lang::De, Msg::TypeString),
        (Lang::De, Msg::TypeNumber),
        (Lang::De, Msg::TypeBinary),
        (Lang::De, Msg::CodeTitle),
        (Lang::Ja, Msg::KeyCtrl),
    ];

    #[test]
    fn translations_differ_from_english_unless_listed() {
        for lang in [Lang::De, Lang::Ja] {
            for &msg in Msg::ALL {
                let same = lang.t(msg) == Lang::En.t(msg);
                let listed = SAME_AS_ENGLISH.contains(&(lang, msg));
                assert_eq!(same, listed, "{msg:?} in {lang:?}: {:?}", lang.t(msg));
            }
        }
    }

    #[test]
    fn japanese_texts_are_japanese() {
        let kana_or_kanji = |c: char| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}');
        for &msg in Msg::ALL {
            let text = Lang::Ja.t(msg);
            if !SAME_AS_ENGLISH.contains(&(Lang::Ja, msg)) {
                assert!(text.chars().any(kana_or_kanji), "{msg:?} in Japanese: {text:?}");
            }
        }
    }

    /// The English texts with values, exactly as the page spelled them
    /// before it was translated (the browser tests find elements by them).
    #[test]
    fn english_texts_with_values_are_unchanged() {
        let en = Lang::En.tr();
        assert_eq!(en.example("Music"), "e.g. Music");
        assert_eq!(en.keyspace("3fa2c1"), "keyspace 3fa2c1");
        assert_eq!(en.duration(350), "350 ms");
        assert_eq!(en.duration(1_000), "1.0 s");
        assert_eq!(en.duration(1_240), "1.2 s");
        assert_eq!(en.delete_table("Music"), "Delete Music");
        assert_eq!(en.table_contents(1, 1), "1 item · 1 byte");
        // 12345 items and 1234 bytes, grouped in threes.
        assert_eq!(en.table_contents(12_345, 1_234), "12,345 items · 1,234 bytes");
        assert_eq!(en.provisioned_capacity(5, 10), "Provisioned · 5 RCU / 10 WCU");
        assert_eq!(en.lsi_partition_key("Artist"), "Partition key: the table's (Artist)");
        let (before, after) = en.indexes_of();
        assert_eq!(format!("{before}Music{after}"), "Secondary indexes of Music");
        assert_eq!(en.backfilling_left("1.2 s"), "backfilling · 1.2 s left");
        assert_eq!(en.gone_in("1.2 s"), "gone in 1.2 s");
        assert_eq!(en.entries(1), "1 entry");
        assert_eq!(en.entries(0), "0 entries");
        assert_eq!(en.entries(1234), "1234 entries");
        assert_eq!(en.skip_wait("1.2 s"), "Skip the wait (1.2 s)");
        assert_eq!(en.index_count(1), "1 index");
        assert_eq!(en.index_count(2), "2 indexes");
        assert_eq!(en.projected_include("Album, Plays"), "INCLUDE: keys + Album, Plays");
        assert_eq!(
            en.index_grid_hint("ALL: every attribute is copied"),
            "ALL: every attribute is copied. Grouped by the index's partition key, in keyspace order; index sort-key \
             order inside. "
        );
        let (before, after) = en.marked_columns();
        assert_eq!(format!("{before}table key{after}"), "Columns marked table key point back to the table's item.");
        assert_eq!(en.leaves_in("350 ms"), "This entry leaves the index in 350 ms");
        assert_eq!(en.arrives_in("350 ms"), "arrives in 350 ms");
        let (before, after) = en.editor_hint();
        assert_eq!(format!("{before}Ctrl+Enter{after}"), "Plain JSON or DynamoDB JSON · Ctrl+Enter puts the item");
        assert_eq!(
            en.reserved_words(1),
            ("Reserved word: ", ". DynamoDB refuses it as an attribute name; a #name placeholder fixes that.")
        );
        assert_eq!(
            en.reserved_words(2),
            ("Reserved words: ", ". DynamoDB refuses them as attribute names; #name placeholders fix that.")
        );
        assert_eq!(en.use_placeholders("#Year, #Name"), "Use #Year, #Name");
        assert_eq!(en.pages(3), "3 pages");
        assert_eq!(en.pages(1_000), "1,000 pages");
        assert_eq!(en.items(1), "1 item");
        assert_eq!(en.items(2), "2 items");
        assert_eq!(en.consumed("1.5 RCU"), "consumed 1.5 RCU");
        assert_eq!(en.on_demand_price("$0.000000188"), "$0.000000188 on demand");
        assert_eq!(
            en.unprocessed("UnprocessedKeys"),
            "UnprocessedKeys: some requests were not processed; see the response."
        );
        assert_eq!(en.stopped_after(1000), "Stopped after 1000 pages; press Next page to go on.");
        assert_eq!(en.not_a_request("Limit: oops"), "# Not a request yet: Limit: oops");
        assert_eq!(en.against_local("http://localhost:8000"), "Against ddb-local (http://localhost:8000)");
        assert_eq!(
            en.prices_note(0.125, 0.625, "2026-11-22"),
            "Prices: on demand in us-east-1 (Standard table class), $0.125 per million read request units and \
             $0.625 per million write request units, as published on 2026-11-22. Provisioned tables are billed per \
             hour instead; the figure says what the same requests cost on demand."
        );
        assert_eq!(en.pm_keyspace(false, "Music"), "Table Music");
        assert_eq!(en.pm_keyspace(true, "GenreIndex"), "GSI GenreIndex");
        assert_eq!(en.pm_partitions(1), " · 1 partition");
        assert_eq!(en.pm_partitions(2), " · 2 partitions");
        assert_eq!(en.pm_partition_title(1, 4, "1.2 KB"), "Partition 1 · 4 items · 1.2 KB");
        assert_eq!(en.pm_collection_title(1, "310 B"), "1 item · 310 B");
        assert_eq!(en.pm_collection_title(2, "1 KB"), "2 items · 1 KB");
        // 1234 collections and 12345 items, grouped in threes.
        assert_eq!(en.pm_bucket_title(1_234, 12_345, "3 KB"), "1,234 item collections · 12,345 items · up to 3 KB");
        assert_eq!(en.pm_burst("500,000", "50,000"), "burst: read 500,000 · write 50,000");
        assert_eq!(en.pm_split("P2", 1), "Split: P2 is new.");
        assert_eq!(en.pm_split("P2, P3", 2), "Split: P2, P3 are new.");
        assert_eq!(
            en.pm_band_label("Table Music", 3, 7),
            "Table Music: keyspace band with 3 partitions and 7 item collections"
        );
        assert_eq!(
            en.pm_teaching_scale("4 KB"),
            "Teaching scale: a partition splits when it holds more than 4 KB (DynamoDB: 10 GB)."
        );
    }

    #[test]
    fn texts_with_values_render_in_every_language() {
        for lang in Lang::ALL {
            let tr = lang.tr();
            // Each value must appear in the text, spelled the language's way.
            let has = |text: String, part: &str| {
                assert!(text.contains(part), "{lang:?}: {text:?} lacks {part:?}");
                assert!(!text.contains('{'), "{lang:?}: {text:?} has an unfilled placeholder");
            };
            has(tr.example("Music"), "Music");
            has(tr.keyspace("3fa2c1"), "3fa2c1");
            has(tr.delete_table("Music"), "Music");
            has(tr.table_contents(12_345, 1_234), &lang.count(12_345));
            has(tr.table_contents(12_345, 1_234), &lang.count(1_234));
            has(tr.provisioned_capacity(5, 10), "10 WCU");
            has(tr.lsi_partition_key("Artist"), "Artist");
            has(tr.backfilling_left("1,2 s"), "1,2 s");
            has(tr.gone_in("1,2 s"), "1,2 s");
            has(tr.entries(3), "3");
            has(tr.skip_wait("1,2 s"), "1,2 s");
            has(tr.index_count(2), "2");
            has(tr.projected_include("Album, Plays"), "Album, Plays");
            has(tr.index_grid_hint("KEYS_ONLY"), "KEYS_ONLY");
            has(tr.leaves_in("350 ms"), "350 ms");
            has(tr.arrives_in("350 ms"), "350 ms");
            has(tr.use_placeholders("#Year"), "#Year");
            has(tr.pages(1_000), &lang.count(1_000));
            has(tr.items(2), "2");
            has(tr.consumed("1,5 RCU"), "1,5 RCU");
            has(tr.on_demand_price("0,125 $"), "0,125 $");
            has(tr.unprocessed("UnprocessedItems"), "UnprocessedItems");
            has(tr.stopped_after(1000), "1000");
            has(tr.not_a_request("Limit: oops"), "Limit: oops");
            has(tr.against_local("http://localhost:8000"), "http://localhost:8000");
            has(tr.prices_note(0.125, 0.625, "2026-11-22"), "2026-11-22");
            has(tr.prices_note(0.125, 0.625, "2026-11-22"), &lang.dollars("$0.125"));
            has(tr.prices_note(0.125, 0.625, "2026-11-22"), &lang.dollars("$0.625"));
            has(tr.duration(1_240), &lang.figure("1.2"));
            has(tr.duration(350), "350");
            has(tr.pm_keyspace(false, "Music"), "Music");
            has(tr.pm_keyspace(true, "GenreIndex"), "GSI GenreIndex");
            has(tr.pm_partitions(3), "3");
            has(tr.pm_partition_title(2, 12_345, "1,2 KB"), &lang.count(12_345));
            has(tr.pm_partition_title(2, 4, "1,2 KB"), "1,2 KB");
            has(tr.pm_collection_title(4, "1,2 KB"), "1,2 KB");
            has(tr.pm_bucket_title(1_234, 12_345, "3 KB"), &lang.count(1_234));
            has(tr.pm_bucket_title(1_234, 12_345, "3 KB"), &lang.count(12_345));
            has(tr.pm_burst("500.000", "50.000"), "50.000");
            has(tr.pm_split("P2, P3", 2), "P2, P3");
            has(tr.pm_band_label("Table Music", 3, 7), "Table Music");
            has(tr.pm_teaching_scale("4 KB"), "4 KB");
            for (before, after) in [tr.indexes_of(), tr.marked_columns(), tr.editor_hint()] {
                assert!(!format!("{before}{after}").trim().is_empty(), "{lang:?}: an empty frame");
            }
            for words in [1, 2] {
                let (label, rest) = tr.reserved_words(words);
                assert!(!label.trim().is_empty() && !rest.trim().is_empty(), "{lang:?}: reserved words");
            }
        }
    }

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
}
