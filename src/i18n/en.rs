//! English: the page's first language. Every text here is the one the page
//! showed before it was translated, byte for byte (the browser tests find
//! elements by these words).

use super::catalogue::{Catalogue, Msg};
use super::lang::Lang;
use super::numbers::count;

/// The English catalogue.
pub struct English;

/// "s" unless there is exactly one.
fn s(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

impl Catalogue for English {
    fn text(&self, msg: Msg) -> &'static str {
        match msg {
            // shared
            Msg::PartitionKey => "Partition key",
            Msg::SortKey => "Sort key",
            Msg::KeyType => "Type",
            Msg::Optional => "optional",
            Msg::OnDemand => "On-demand",
            Msg::Provisioned => "Provisioned",
            Msg::Request => "Request",
            Msg::Response => "Response",
            Msg::ErrorResponse => "Error response (HTTP 400)",
            Msg::Cancel => "Cancel",
            Msg::LanguageLabel => "Language",
            // activity log
            Msg::ActivityTitle => "Activity",
            Msg::ActivityClear => "Clear",
            Msg::ActivityEmpty => "Every request appears here, newest first, with the capacity it consumed.",
            // log entry
            Msg::NotSent => "Not sent: the editor's text is not an item, so no request could be built.",
            Msg::RequestAndResponse => "Request and response",
            // table list
            Msg::TablesTitle => "Tables",
            Msg::NoTables => "No tables yet.",
            Msg::DeleteAsk => "Delete…",
            Msg::Keep => "Keep",
            // create table
            Msg::CreateTableTitle => "Create a table",
            Msg::TableName => "Table name",
            Msg::CapacityMode => "Capacity mode",
            Msg::ReadRcu => "Read (RCU)",
            Msg::WriteWcu => "Write (WCU)",
            Msg::SecondaryIndexes => "Secondary indexes",
            Msg::AddGsiTitle => "A global secondary index: its own partition key, its own capacity",
            Msg::AddLsiTitle => {
                "A local secondary index: the table's partition key, another sort key; only at CreateTable"
            }
            Msg::CreateTableSubmit => "Create table",
            // index form
            Msg::TypeString => "String",
            Msg::TypeNumber => "Number",
            Msg::TypeBinary => "Binary",
            Msg::ProjectionAll => "ALL · every attribute",
            Msg::ProjectionKeysOnly => "KEYS_ONLY · keys only",
            Msg::ProjectionInclude => "INCLUDE · keys + listed",
            Msg::Remove => "Remove",
            Msg::IndexName => "Index name",
            Msg::AlternateSortKey => "Alternate sort key",
            Msg::Projection => "Projection",
            Msg::NonKeyAttributes => "Non-key attributes",
            Msg::IndexRcu => "Index RCU",
            Msg::IndexWcu => "Index WCU",
            Msg::CopiesTitle => {
                "What each index entry holds: the index's keys, the table's keys, and the projected attributes"
            }
            Msg::CopiesLabel => "copies",
            Msg::ChipTableKey => "table key",
            Msg::ChipEveryOther => "every other attribute",
            Msg::ChipListToInclude => "(list attributes to include)",
            Msg::ChipNothingElse => "nothing else",
            // index panel
            Msg::AddGsi => "+ Add GSI",
            Msg::NoIndexes => {
                "No indexes yet. A GSI lets you query by another key; DynamoDB builds it from the items already in \
                 the table (backfilling)."
            }
            Msg::DeleteGsi => "Delete GSI",
            Msg::DeleteGsiTitle => "UpdateTable with a Delete in GlobalSecondaryIndexUpdates",
            Msg::CreateGsi => "Create GSI (UpdateTable)",
            Msg::PropagationDelay => "GSI propagation delay (ms)",
            Msg::PropagationDelayTitle => {
                "How long a write takes to reach a global secondary index. Raise it to catch a GSI serving stale \
                 results."
            }
            Msg::SkipTitle => "Move the clock ahead until every backfill and pending index update is done",
            Msg::NothingPending => "Nothing pending",
            // index grid
            Msg::ProjectedAll => "ALL: every attribute is copied",
            Msg::ProjectedKeysOnly => "KEYS_ONLY: only the keys are copied",
            Msg::IndexEmpty => "No entries: no item has the index's key attributes (an index is sparse).",
            Msg::IndexPartitionKeyTitle => "The index's partition key",
            Msg::IndexSortKeyTitle => "The index's sort key",
            Msg::EntityType => "entity type",
            Msg::EntityTypeTitle => "Entity type: a type attribute, else the table key's prefix before #",
            Msg::BaseKeyTitle => "A key attribute of the base table, copied into every entry",
            Msg::Pending => "pending",
            Msg::PendingEntryTitle => {
                "Written to the table, not yet propagated to this global secondary index: a Query on the index does \
                 not see it yet"
            }
            Msg::Overloaded => "overloaded",
            Msg::OverloadedTitle => {
                "Entries of different entity types share this index partition: the index is overloaded"
            }
            // item editor
            Msg::ItemEditorTitle => "Item editor",
            Msg::KeyCtrl => "Ctrl",
            Msg::ItemAsJson => "Item as JSON",
            Msg::ConsistentRead => "Consistent read",
            Msg::LoadIntoEditor => "Load into editor",
            Msg::SampleText => "some text",
            Msg::SampleAnyValue => "any value",
            Msg::SampleOtherAttributes => "other attributes",
            // item grid
            Msg::NoItems => "No items yet: write one in the item editor and press PutItem.",
            Msg::PartitionKeyHash => "Partition key (HASH)",
            Msg::SortKeyRange => "Sort key (RANGE)",
            Msg::KeyspaceTitle => {
                "Where this partition key's hash falls on the keyspace (first 24 bits). Item collections are listed \
                 in keyspace order, the order a Scan returns them."
            }
            Msg::LoadRowTitle => "Click to load this item into the editor",
            // key picker
            Msg::Key => "Key",
            Msg::ChooseTableForKey => "Choose an existing table to pick a key.",
            Msg::ExampleText => "text",
            Msg::ExampleNumber => "a number",
            Msg::ExampleBinary => "base64, e.g. 3q2+7w==",
            // results
            Msg::ResultsTitle => "Results",
            Msg::ResultsEmpty => "Run a request to see what comes back and what it cost.",
            Msg::NextPage => "Next page",
            Msg::AllRemainingPages => "All remaining pages",
            Msg::WriteDone => "Done. Nothing comes back unless ReturnValues asks for it.",
            Msg::SelectCountOnly => "Select COUNT: only the count comes back.",
            Msg::NoItemsBack => "No items came back.",
            Msg::RequestAndResponseJson => "Request and response (JSON)",
            Msg::LastPageJson => "Last page's request and response (JSON)",
            // code view
            Msg::CodeTitle => "Code",
            Msg::CodeTabsLabel => "Language",
            Msg::CodeCopy => "Copy",
            Msg::CodeCopied => "Copied",
            Msg::CodeCopyRefused => "The browser refused; select the text and copy it",
            // history
            Msg::HistoryTitle => "History",
            Msg::HistoryClear => "Clear history and totals",
            Msg::HistoryEmpty => {
                "Every request you run appears here with what it consumed; run it again with one click."
            }
            Msg::TotalsCaption => "Running totals per table",
            Msg::ColTable => "Table",
            Msg::ColRequests => "Requests",
            Msg::ColRead => "Read",
            Msg::ColWrite => "Write",
            Msg::ColOnDemand => "On demand",
            Msg::AllTables => "All tables",
            Msg::HistoryEdit => "Edit",
            Msg::HistoryEditTitle => "Load into the builder to change it",
            Msg::HistoryRerun => "Re-run",
            Msg::HistoryRerunTitle => "Send the same request again",
            Msg::PmTitle => "Partition map",
            Msg::PmNoTable => "Create or select a table to see its keyspace cut into partitions.",
            Msg::PmHint => {
                "Each partition owns a contiguous range of the partition key's hash. An item collection (all items \
                 with one partition key) lives at its hash, in exactly one partition; each partition gets an even \
                 share of the table's capacity and keeps up to 300 s of unused capacity as burst."
            }
            Msg::PmSizeLimit => "Partition size limit (KB)",
            Msg::PmRealLimit => "10 GB (real)",
            Msg::PmSetScale => "Set teaching scale",
            Msg::PmBackToReal => "Back to 10 GB",
            Msg::PmHashZero => "hash 0",
        }
    }

    fn example(&self, sample: &str) -> String {
        format!("e.g. {sample}")
    }

    fn keyspace(&self, position: &str) -> String {
        format!("keyspace {position}")
    }

    fn duration(&self, millis: u64) -> String {
        if millis >= 1000 {
            format!("{:.1} s", millis as f64 / 1000.0)
        } else {
            format!("{millis} ms")
        }
    }

    fn delete_table(&self, table: &str) -> String {
        format!("Delete {table}")
    }

    fn table_contents(&self, items: u64, bytes: u64) -> String {
        format!("{} item{} · {} byte{}", count(Lang::En, items), s(items), count(Lang::En, bytes), s(bytes))
    }

    fn provisioned_capacity(&self, read: i64, write: i64) -> String {
        format!("Provisioned · {read} RCU / {write} WCU")
    }

    fn lsi_partition_key(&self, table_partition: &str) -> String {
        format!("Partition key: the table's ({table_partition})")
    }

    fn indexes_of(&self) -> (&'static str, &'static str) {
        ("Secondary indexes of ", "")
    }

    fn backfilling_left(&self, wait: &str) -> String {
        format!("backfilling · {wait} left")
    }

    fn gone_in(&self, wait: &str) -> String {
        format!("gone in {wait}")
    }

    fn entries(&self, n: u64) -> String {
        format!("{n} entr{}", if n == 1 { "y" } else { "ies" })
    }

    fn skip_wait(&self, wait: &str) -> String {
        format!("Skip the wait ({wait})")
    }

    fn index_count(&self, n: u64) -> String {
        format!("{n} index{}", if n == 1 { "" } else { "es" })
    }

    fn projected_include(&self, attributes: &str) -> String {
        format!("INCLUDE: keys + {attributes}")
    }

    fn index_grid_hint(&self, projection: &str) -> String {
        format!("{projection}. Grouped by the index's partition key, in keyspace order; index sort-key order inside. ")
    }

    fn marked_columns(&self) -> (&'static str, &'static str) {
        ("Columns marked ", " point back to the table's item.")
    }

    fn leaves_in(&self, wait: &str) -> String {
        format!("This entry leaves the index in {wait}")
    }

    fn arrives_in(&self, wait: &str) -> String {
        format!("arrives in {wait}")
    }

    fn editor_hint(&self) -> (&'static str, &'static str) {
        ("Plain JSON or DynamoDB JSON · ", " puts the item")
    }

    fn reserved_words(&self, words: usize) -> (&'static str, &'static str) {
        if words == 1 {
            ("Reserved word: ", ". DynamoDB refuses it as an attribute name; a #name placeholder fixes that.")
        } else {
            ("Reserved words: ", ". DynamoDB refuses them as attribute names; #name placeholders fix that.")
        }
    }

    fn use_placeholders(&self, placeholders: &str) -> String {
        format!("Use {placeholders}")
    }

    fn pages(&self, n: u64) -> String {
        format!("{} page{}", count(Lang::En, n), s(n))
    }

    fn items(&self, n: u64) -> String {
        format!("{} item{}", count(Lang::En, n), s(n))
    }

    fn consumed(&self, units: &str) -> String {
        format!("consumed {units}")
    }

    fn on_demand_price(&self, price: &str) -> String {
        format!("{price} on demand")
    }

    fn unprocessed(&self, member: &str) -> String {
        format!("{member}: some requests were not processed; see the response.")
    }

    fn stopped_after(&self, pages: usize) -> String {
        format!("Stopped after {pages} pages; press Next page to go on.")
    }

    fn not_a_request(&self, reason: &str) -> String {
        format!("# Not a request yet: {reason}")
    }

    fn against_local(&self, endpoint: &str) -> String {
        format!("Against ddb-local ({endpoint})")
    }

    fn prices_note(&self, read: f64, write: f64, checked: &str) -> String {
        format!(
            "Prices: on demand in us-east-1 (Standard table class), ${read} per million read request units and \
             ${write} per million write request units, as published on {checked}. Provisioned tables are billed per \
             hour instead; the figure says what the same requests cost on demand."
        )
    }

    fn pm_keyspace(&self, gsi: bool, name: &str) -> String {
        format!("{} {name}", if gsi { "GSI" } else { "Table" })
    }

    fn pm_partitions(&self, n: u64) -> String {
        format!(" · {n} partition{}", s(n))
    }

    fn pm_partition_title(&self, number: u64, items: u64, size: &str) -> String {
        format!("Partition {number} · {} items · {size}", count(Lang::En, items))
    }

    fn pm_collection_title(&self, items: u64, size: &str) -> String {
        format!("{items} item{} · {size}", s(items))
    }

    fn pm_bucket_title(&self, collections: u64, items: u64, largest: &str) -> String {
        format!(
            "{} item collection{} · {} item{} · up to {largest}",
            count(Lang::En, collections),
            s(collections),
            count(Lang::En, items),
            s(items)
        )
    }

    fn pm_burst(&self, read: &str, write: &str) -> String {
        format!("burst: read {read} · write {write}")
    }

    fn pm_split(&self, names: &str, n: u64) -> String {
        format!("Split: {names} {} new.", if n == 1 { "is" } else { "are" })
    }

    fn pm_band_label(&self, title: &str, partitions: u64, collections: u64) -> String {
        format!("{title}: keyspace band with {partitions} partitions and {collections} item collections")
    }

    fn pm_teaching_scale(&self, size: &str) -> String {
        format!("Teaching scale: a partition splits when it holds more than {size} (DynamoDB: 10 GB).")
    }
}
