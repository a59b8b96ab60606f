//! English: the page's first language. Every text here is the one the page
//! showed before it was translated, byte for byte (the browser tests find
//! elements by these words).

use super::catalogue::Warning;
use super::catalogue::{Access, CallOutcome, CallSummary, Catalogue, LabState, LimitType, Msg, RowControl, Said};
use super::catalogue::{
    ExportStep, FetchFailure, FileFailure, FormProblem, LabProblem, LabTitle, RestoreFailure, Rounding, StorageFailure,
};
use super::lang::Lang;
use super::limits::PartitionLimits;
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
            Msg::WarmAndMaximum => "Warm throughput and on-demand maximum (optional)",
            Msg::WarmReads => "Warm: reads a second",
            Msg::WarmWrites => "Warm: writes a second",
            Msg::MaxReadUnits => "Most read request units a second",
            Msg::MaxWriteUnits => "Most write request units a second",
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
            Msg::AddPartitionKeyAttribute => "+ partition-key attribute",
            Msg::AddPartitionKeyAttributeTitle => {
                "A GSI's partition key may combine up to 4 attributes: an entry's partition is all their values \
                 together, and a Query names each with ="
            }
            Msg::AddSortKeyAttribute => "+ sort-key attribute",
            Msg::AddSortKeyAttributeTitle => {
                "A GSI's sort key may combine up to 4 attributes: entries sort by the first, then the next; a \
                 Query names them left to right"
            }
            Msg::RemoveKeyAttribute => "Remove this key attribute",
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
            // vector index form
            Msg::AddVectorIndex => "+ Vector index",
            Msg::AddVectorTitle => "A vector index: finds the items whose vector (a list of numbers) is nearest to a query vector. On-demand tables only",
            Msg::VectorBadge => "Vector",
            Msg::VectorAttribute => "Vector attribute",
            Msg::Dimensions => "Dimensions",
            Msg::DistanceFunction => "Distance function",
            Msg::VectorSearchedPer => "Searched per (HASH)",
            Msg::VectorFilterAttribute => "Filter attribute (INLINE_FILTER)",
            Msg::VectorHint => "An item is in the index when its vector attribute is a list of exactly this many numbers and, with a HASH attribute, it has that attribute. A search reads one HASH value's items and may test the filter attribute with =.",
            // vector map
            Msg::VectorMapTitle => "Vector map",
            Msg::VectorMapQuery => "Query vector",
            Msg::VectorMapIndexOwn => "the index's",
            Msg::VectorMapStart => "Type a query vector (a JSON list of numbers), or click a point to search from its vector.",
            Msg::VectorMapNotList => "The query vector must be a JSON list of numbers, such as [0.9, 0.1].",
            Msg::VectorMapNeedsHash => "Type the HASH value to search: a search reads the items of one HASH value only.",
            Msg::VectorMapPlain => "The vectors as they are: x is their first number, y their second.",
            Msg::VectorMapRanking => "Top K",
            Msg::VectorMapNoRanking => "Nothing ranked yet.",
            Msg::VectorMapHint => "Point at an item, or move with the arrow keys; a click or Enter searches from its vector.",
            Msg::VectorLegendRanked => "in the top K (its rank)",
            Msg::VectorPointSearched => "searched, not in the top K",
            Msg::VectorPointOtherGroup => "another HASH value: not searched",
            Msg::VectorPointFiltered => "left out by the filter",
            Msg::VectorPointNotIndexed => "no HASH attribute: not in the index",
            // index panel
            Msg::TableSettingsTitle => "Indexes, Time to Live and Stream",
            Msg::AddGsi => "+ Add GSI",
            Msg::NoIndexes => {
                "No indexes yet. A GSI lets you query by another key; DynamoDB builds it from the items already in \
                 the table (backfilling)."
            }
            Msg::DeleteGsi => "Delete GSI",
            Msg::DeleteGsiTitle => "UpdateTable with a Delete in GlobalSecondaryIndexUpdates",
            Msg::CreateGsi => "Create GSI (UpdateTable)",
            Msg::DeleteVector => "Delete index",
            Msg::DeleteVectorTitle => "UpdateTable with a Delete in VectorIndexUpdates",
            Msg::CreateVectorIndex => "Create vector index (UpdateTable)",
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
            Msg::FpReturned => "returned",
            Msg::FpFiltered => "read, filtered out",
            Msg::FpCounted => "read, only counted (Select: COUNT)",
            Msg::FpUnmarked => "Rows without a mark were not read.",
            Msg::FpColumn => "Footprint",
            Msg::FpTitle => "The request's footprint",
            Msg::FpTouched => "touched by the console's request",
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
            // app
            Msg::WelcomeTitle => "Start with a table",
            Msg::WelcomeText => "Everything here is a simulated DynamoDB running inside this page: no account, no network. Start from the sample table or a lesson, or design a table of your own; then put items into it and watch how DynamoDB groups them by partition key and what every request costs.",
            Msg::Tagline => "a simulated DynamoDB, running in this page",
            Msg::TabsLabel => "View",
            Msg::TabItems => "Items",
            Msg::TabConsole => "Query console",
            Msg::TabPartitions => "Partitions",
            Msg::LoadedFromLink => "Loaded the playground from the link.",
            Msg::WelcomeHintStart => "A classic first table: ",
            Msg::WelcomeHintPk => " with partition key ",
            Msg::WelcomeHintSk => " and sort key ",
            Msg::WelcomeHintEnd => ".",
            Msg::SampleTable => "Create the Music sample table",
            Msg::StartWithLesson => "Or start with a lesson:",
            Msg::DesignTable => "Design your own table",
            Msg::Menu => "Menu",
            Msg::HideTables => "Close",
            // console
            Msg::Refused => "refused",
            Msg::CostSame => "A and B cost the same",
            Msg::LiveCostBoth => "Live cost of both requests",
            Msg::LiveCost => "Live cost",
            Msg::DryRun => "dry run: nothing changes until you run it",
            Msg::ConsoleIntro => "Build a request and see its cost as you type. ",
            Msg::RunsIt => " runs it.",
            Msg::CompareTwo => "Compare two requests",
            Msg::ConsoleNoTable => "There is no table yet: create one on the left first.",
            // operation builder
            Msg::HintJson => "JSON",
            Msg::HintPlainOrDynamoJson => "plain or DynamoDB JSON",
            Msg::NotSet => "(not set)",
            Msg::DefaultOption => "(default)",
            Msg::DefaultNone => "(default: NONE)",
            Msg::KeyConditionHow => "How to write the key condition",
            Msg::KeyPickerMode => "Key picker",
            Msg::ExpressionMode => "Expression",
            Msg::KeyCondition => "Key condition",
            Msg::KeyConditionHint => "partition key =, then optionally one sort-key condition",
            Msg::ChooseTableForKeys => "Choose an existing table to pick its keys.",
            Msg::SortKeyCondition => "Sort key condition",
            Msg::SortAnyWholeCollection => "any (whole collection)",
            Msg::SortKeyValue => "Sort key value",
            Msg::UpperSortKeyValue => "Upper sort key value",
            Msg::And => "and",
            Msg::FromTheStart => "From the start",
            Msg::NoLimit => "none",
            Msg::AddKey => "+ Add a key",
            Msg::AddAction => "+ Add an action",
            Msg::PartiqlHint => "PartiQL: SELECT, INSERT, UPDATE, DELETE",
            Msg::FilterHint => "applied after the read: it never lowers the cost",
            Msg::HintSearchVector => "a list of numbers, as many as the index's dimensions",
            Msg::SearchConditionHint => "= on the HASH attribute and the filter attributes, joined by AND",
            Msg::ChooseVectorIndex => "(choose a vector index)",
            Msg::EveryKeyHint => "applied to every key",
            Msg::TransactHint => "Each action is sent with only the names and values its expressions use.",
            Msg::AlsoSent => "Also sent, as written in raw mode: ",
            Msg::SentenceEnd => ". ",
            Msg::LeaveOut => "Leave them out",
            Msg::RawHint => "the body an SDK sends, in DynamoDB JSON",
            Msg::Operation => "Operation",
            Msg::NoTable => "(no table)",
            Msg::TableItself => "(the table itself)",
            Msg::EditorLabel => "Editor",
            Msg::FormMode => "Form",
            Msg::RawJson => "Raw JSON",
            Msg::Action => "Action",
            Msg::AllPagesTitle => "Follow LastEvaluatedKey to the end",
            Msg::RunAllPages => "Run all pages",
            Msg::Runs => " runs",
            Msg::WriteDryRun => " · the cost below is a dry run: nothing is written until you run",
            // live cost
            Msg::CostProjection => "The projection trims what comes back, not what is read: whole items are paid for.",
            Msg::CostSelectCount => "Select COUNT returns only the count; the items are read (and paid for) all the same.",
            Msg::CostPageLimit => "The 1 MB page limit stopped the read; LastEvaluatedKey marks where the next page starts.",
            Msg::CostScanOrder => "A Scan reads the table in keyspace order; no condition makes it read less.",
            Msg::CostConditionChecked => "The condition is checked on the stored item; a failed check costs the same.",
            Msg::CostNotRequest => "Not a request yet: ",
            Msg::CostEngineBusy => "The engine is busy; the cost shows on the next change.",
            Msg::NothingCharged => "nothing is charged",
            Msg::RefusedHeadline => "Refused",
            Msg::CostSub => " · dry run, nothing changes",
            Msg::CostArithmetic => "How the engine rounded",
            // lesson panel
            Msg::LessonLinkTitle => "A link that opens this lesson",
            Msg::RestoreTitle => "Go back to the playground you had before the lesson",
            Msg::Restore => "Restore my playground",
            Msg::CloseLessonTitle => "Hide the lesson; the data stays",
            Msg::CloseLesson => "Close lesson",
            Msg::Previous => "← Previous",
            Msg::Next => "Next →",
            Msg::LoadIntoConsole => "Load into console",
            Msg::LoadBothIntoConsole => "Load both into the console",
            Msg::RunWorkload => "Run workload",
            Msg::ShowPartitions => "Show the partitions",
            Msg::ShowItems => "Show the items",
            // lessons menu
            Msg::LessonsLabel => "Lessons",
            Msg::PresenterTitle => "Large type and high contrast for a projector; ← and → step through the lesson",
            Msg::Presenter => "Presenter",
            // lesson checklist
            Msg::VerdictKey => "✓ by key",
            Msg::VerdictQuery => "✓ Query",
            Msg::VerdictScan => "✗ only by Scan",
            Msg::VerdictUnservable => "✗ not servable",
            Msg::ChecklistLabel => "Access-pattern checklist",
            Msg::ChecklistTitle => "Checklist: what serves each access pattern",
            // planners
            Msg::Planners => "Planners",
            Msg::PartitionMath => "Partition math",
            Msg::ShardCountTitle => "Write-sharding shard count",
            Msg::TableSizeGb => "Table size (GB)",
            Msg::PercentSharing => "% sharing one key value",
            Msg::ItemSizeBytes => "Item size (bytes)",
            Msg::PartitionsEach => " partitions, each with ",
            Msg::RcuAnd => " RCU and ",
            Msg::ShardsSuffix => " shards",
            Msg::PlannerNeedNumbers => "Enter a size, RCU and WCU (numbers, 0 or more).",
            Msg::PlannerNeedShardInputs => "Enter items, a percentage and an item size of at least 1 byte.",
            // hot-key lab
            Msg::HotKeyLab => "Hot-key lab",
            Msg::TryAgain => "Try again",
            Msg::Workload => "Workload",
            Msg::GetEventual => "GetItem, eventually consistent",
            Msg::GetStrong => "GetItem, strongly consistent",
            Msg::RequestsPerSecond => "Requests per second",
            Msg::Seconds => "Seconds",
            Msg::DistinctKeys => "Distinct keys",
            Msg::ZipfSkew => "Zipf skew s",
            Msg::Shards => "Shards",
            Msg::TableRcu => "Table RCU",
            Msg::TableWcu => "Table WCU",
            Msg::ItemBytes => "Item bytes",
            Msg::Seed => "Seed",
            Msg::HeatAfter => "Split for heat after (s)",
            Msg::RunControls => "Run controls",
            Msg::RunAgain => "Run again",
            Msg::Pause => "Pause",
            Msg::Resume => "Resume",
            Msg::StepSecond => "Step +1 s",
            Msg::Speed => "Speed",
            Msg::ToTheEnd => "To the end",
            Msg::RealTime => "1 s per second (real time)",
            Msg::AsFastAsPossible => "as fast as possible",
            // table view
            Msg::TableOrIndex => "Table or index",
            Msg::TableViewHint => "One block per item collection (items sharing a partition key), in keyspace order; sort-key order inside. Click a row to edit it.",
            // item grid, continued
            Msg::ExpiredRowTitle => "Expired (TTL), not yet deleted by the sweeper: reads still return it. Click to load it into the editor",
            // statement plan
            Msg::StatementScanHint => "No WHERE condition fixes the partition key, so every item is read and paid for, whatever the filter keeps.",
            Msg::EquivalentRequest => "The equivalent request",
            Msg::EquivalentRequests => "The equivalent requests",
            // saved operations
            Msg::NameFirst => "Give the request a name first.",
            Msg::NotSavedIncomplete => "Not saved: the request is not complete.",
            Msg::LoadIntoBuilder => "Load into the builder",
            Msg::Load => "Load",
            Msg::ForgetSaved => "Forget this saved operation",
            Msg::Delete => "Delete",
            Msg::Name => "Name",
            Msg::SaveNamePlaceholder => "Name for the request in the builder",
            Msg::SaveRequest => "Save request",
            Msg::SavedHint => "Requests saved here travel with the playground: in a link, an export and the autosave.",
            // access patterns panel
            Msg::AccessPatternsTitle => "Access patterns",
            Msg::AccessPatternsHint => "Each access pattern is the request that serves it, at a rate. Its verdict and cost per request come from a dry run on the data as it is now.",
            Msg::AccessPatternsEmpty => "No access patterns yet: build a request in the console and press “Save as access pattern”.",
            Msg::SaveAsAccessPattern => "Save as access pattern",
            Msg::PerRequest => "per request",
            Msg::PartitionKeyValues => "Partition key values",
            Msg::KeysSingle => "One value (the request's)",
            Msg::KeysUniform => "Uniform over N values",
            Msg::KeysZipf => "Zipf over N values",
            Msg::KeyValueCount => "N values (v_0 … v_N-1)",
            Msg::MoveUp => "Move up",
            Msg::MoveDown => "Move down",
            Msg::PatternNameNeeded => "An access pattern needs a name.",
            Msg::NotANumber => "That is not a number.",
            Msg::WholeNumberNeeded => "N must be a whole number.",
            Msg::AddAccessPattern => "Add pattern",
            Msg::RequestNotAnObject => "The request must be a JSON object, as the SDK sends it.",
            // ttl panel
            Msg::TtlFilterHint => "Leave them out of reads with a filter on the TTL attribute: ",
            Msg::TtlIntro => "An item expires when the Number in its TTL attribute (epoch seconds) has passed. DynamoDB deletes expired items in the background, typically within a few days, for free; until then they are still read. Here the sweeper deletes them after the delay below, on the engine clock.",
            Msg::TtlAttribute => "TTL attribute",
            Msg::EnableTtl => "Enable TTL",
            Msg::DisableTtl => "Disable TTL",
            Msg::SweepDelay => "Sweep delay after expiry (s)",
            Msg::MoveClock => "Move the clock:",
            Msg::ClockPlusMinute => "+1 min",
            Msg::ClockPlusTenMinutes => "+10 min",
            Msg::ClockPlusHour => "+1 h",
            // stream panel
            Msg::StreamKeysOnly => "only the key attributes of the item changed",
            Msg::StreamNewImage => "the whole item as it is after the change",
            Msg::StreamOldImage => "the whole item as it was before the change",
            Msg::StreamBothImages => "the item before and after the change",
            Msg::TtlDeletion => "TTL deletion (service)",
            Msg::ShardOfRecord => "The shard holding the record",
            Msg::StreamDisabled => "DISABLED · the last stream stays readable for 24 hours",
            Msg::NoStream => "No stream",
            Msg::StreamIntro => "A stream is a time-ordered log of item changes, kept for 24 hours: one record per PutItem, UpdateItem or DeleteItem that changed an item (INSERT, MODIFY, REMOVE), in the order they happened. The view type decides what a record carries.",
            Msg::DisableStream => "Disable stream",
            Msg::ViewType => "View type",
            Msg::EnableStream => "Enable stream",
            Msg::TriggersTitle => "Stream triggers",
            Msg::TriggersIntro => "A trigger runs an UpdateItem for each record of this stream (the lecture's \"DynamoDB Streams and AWS Lambda\"), one second after the record was written, in order. Its writes are its own: charged to the target table and admitted against its partitions (a throttled one is retried later), never part of your request's consumed capacity.",
            Msg::NoTriggers => "No trigger reads this stream. ddb-local defines one with the playground operation PutStreamTrigger; the voting lesson has one.",
            Msg::TriggerFiltered => "filtered out",
            Msg::TriggerSkipped => "skipped",
            Msg::TriggerFailed => "failed",
            Msg::TriggerThrottled => "throttled, retried later",


            // scenario menu
            Msg::ExportScenarioTitle => "The whole playground as a JSON file (Import and ddb-local --data read it)",
            Msg::ExportWorkbenchTitle => "A data model for NoSQL Workbench for DynamoDB (format 3.0)",
            Msg::ExportWorkbench1Title => "A data model in the older NoSQL Workbench format 1.0",
            Msg::ExportCloudFormationTitle => "An AWS CloudFormation template that creates the tables (without items)",
            Msg::ExportCliTitle => "A bash script of AWS CLI commands that creates the tables and writes the items",
            Msg::ExportScenarioLabel => "Scenario file",
            Msg::ExportWorkbenchLabel => "NoSQL Workbench model",
            Msg::ExportWorkbench1Label => "NoSQL Workbench model (1.0)",
            Msg::ExportCloudFormationLabel => "CloudFormation template",
            Msg::ExportCliLabel => "AWS CLI script",
            Msg::ScenarioLabel => "Scenario",
            Msg::CopyLinkTitle => "Put the whole playground in the page's link and copy it",
            Msg::CopyLink => "Copy link",
            Msg::ExportTitle => "Download the playground as a file",
            Msg::Export => "Export",
            Msg::ConnectEndpointLabel => "To a DynamoDB endpoint…",
            Msg::ConnectEndpointTitle => "Connect to DynamoDB, DynamoDB Local or ddb-local, and compare answers and capacity with the playground’s (a page of its own, in a new tab)",
            Msg::ExportFormats => "Export formats",
            Msg::ImportTitle => "Load a scenario file or a NoSQL Workbench model (JSON)",
            Msg::Import => "Import",
            Msg::ConfirmReset => "Confirm reset",
            Msg::ResetAsk => "Empty the playground and its saved copy?",
            Msg::YesReset => "Yes, reset",
            Msg::ResetTitle => "Empty the playground",
            Msg::Reset => "Reset",
            Msg::DismissLabel => "Dismiss message",
            Msg::Dismiss => "Dismiss",
            Msg::EngineBusy => "The engine is busy; try again.",
            Msg::PlaygroundReset => "The playground was reset.",
            Msg::UpdateReady => "A new version of the playground is ready. Reloading keeps your playground as it is.",
            Msg::UpdateReload => "Reload",
            Msg::UpdateLater => "Later",
            // embed
            Msg::EmbedPartitionMap => "Partition map",
            Msg::EmbedPlanners => "Partition planners",
            Msg::EmbedLinkTitle => "Copy a link that shows only this view, for an iframe in slides",
            Msg::EmbedLink => "Embed link",
            Msg::EmbedNoTable => "This playground has no table to show.",
            Msg::EmbedOpenTitle => "Open the whole playground on this state, in a new tab",
            Msg::EmbedOpen => "Open in the playground ↗",
            // lab charts
            Msg::Consumed => "consumed",
            Msg::Versus => " vs ",
            Msg::ThrottledRequests => "throttled requests",
            Msg::PerSecondTotals => " per second (table totals)",
            Msg::ChartTokens => "tokens",
            Msg::ChartHint => "Point at the chart, or Tab to it and use the arrow keys, to read its values here.",
            Msg::ChartTimeAxis => "time (s)",
            Msg::ChartPartitionAxis => "partition",
            Msg::HeatLegendThrottled => "red lower half: requests throttled",
            Msg::TopKeysWholeRun => "Top keys, whole run",
            Msg::ColKey => "key",
            Msg::ColRequestsLower => "requests",
            Msg::ColThrottled => "throttled",
            // lab presets
            Msg::PresetVoting => "Voting: 1,500 votes/s for CandidateA (seed 001)",
            Msg::PresetHotKey => "One hot key at N writes/s",
            Msg::PresetZipf => "Zipf: a few keys take most traffic",
            Msg::PresetUniform => "Uniform over many keys",
            Msg::PresetSharded => "Write sharding over N shards",
            Msg::GenerateTitle => "Generate items",
            Msg::GenerateHint => "Fill this table from a template: key templates such as CUST#{n}, values drawn from distributions; the same seed makes the same items, and a share link carries the template, not the items.",
            Msg::GenerateTemplate => "Template (JSON)",
            Msg::GenerateCount => "Number of items",
            Msg::GenerateRun => "Generate",
            // notices
            Msg::PlaygroundBack => "Your playground is back.",
            Msg::PmTitle => "Partition map",
            Msg::PmNoTable => "No table yet: create the sample table or open a lesson below, and its keyspace appears here, cut into partitions.",
            Msg::PmHint => {
                "Each partition owns a contiguous range of the partition key's hash. An item collection (all items \
                 with one partition key) lives at its hash, in exactly one partition; each partition gets an even \
                 share of the table's capacity and keeps up to 300 s of unused capacity as burst."
            }
            Msg::PmSizeLimit => "Partition size limit (KB)",
            Msg::PmSetScale => "Set teaching scale",
            Msg::PmHashZero => "hash 0",
            Msg::Workspaces => "Workspaces",
            Msg::WorkspacesTitle => "Keep named copies of the playground in this browser",
            Msg::WorkspaceKeptName => "Before opening",
            Msg::WorkspacesList => "Saved workspaces",
            Msg::WorkspaceNameLabel => "Workspace name",
            Msg::WorkspaceNamePlaceholder => "e.g. Lecture 3",
            Msg::WorkspaceSave => "Save as",
            Msg::WorkspaceSaveTitle => "Save the playground under this name (replaces a workspace of the same name)",
            Msg::WorkspacesNone => "No saved workspaces yet.",
            Msg::WorkspaceOpen => "Open",
            Msg::WorkspaceOpenTitle => "Replace the playground with this workspace",
            Msg::WorkspaceDelete => "Delete",
            Msg::WorkspaceDeleteTitle => "Delete this workspace from the browser",
            Msg::WorkspaceYesReplace => "Yes, replace",
            Msg::WorkspaceYesDelete => "Yes, delete",
            Msg::WorkspaceNameInvalid => "A workspace name needs 1 to 64 characters.",
            Msg::FieldRequestJson => "Request JSON",
            Msg::ParametersHint => "one value per ?, plain or DynamoDB JSON",
            Msg::HoverString => "string",
            Msg::HoverNumber => "number",
            Msg::HoverBinary => "binary",
            Msg::HoverBoolean => "boolean",
            Msg::HoverNull => "null",
            Msg::HoverMap => "map",
            Msg::HoverList => "list",
            Msg::HoverStringSet => "string set",
            Msg::HoverNumberSet => "number set",
            Msg::HoverBinarySet => "binary set",
            Msg::NoWindowForLink => "No browser window to put the link in.",
            Msg::EmbedUnknown => "Embed",
            Msg::EntryPut => "put",
            Msg::EntryDelete => "delete",
            Msg::EntryUpdate => "update",
        }
    }

    fn example(&self, sample: &str) -> String {
        format!("e.g. {sample}")
    }

    fn keyspace(&self, position: &str) -> String {
        format!("keyspace {position}")
    }

    fn fp_legend(&self, operation: &str, target: &str) -> String {
        format!("What the console's {operation} reads of {target}:")
    }

    fn fp_stop(&self, limit: Option<usize>, above: bool) -> String {
        let stop = match limit {
            Some(n) => format!("Limit {n} stops here"),
            None => "1 MB page ends here".to_string(),
        };
        format!("{stop}: LastEvaluatedKey is the item {}", if above { "above" } else { "below" })
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
        // Capacity is at least 1, so the unsigned value is the figure itself.
        let (read, write) = (count(Lang::En, read.unsigned_abs()), count(Lang::En, write.unsigned_abs()));
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

    fn allocating_left(&self, wait: &str) -> String {
        format!("allocating · {wait} left")
    }

    fn not_searchable_left(&self, wait: &str) -> String {
        format!("not searchable yet · {wait} left")
    }

    fn entries(&self, n: u64) -> String {
        format!("{} entr{}", count(Lang::En, n), if n == 1 { "y" } else { "ies" })
    }

    fn vector_point_ranked(&self, label: &str, rank: usize, score: &str) -> String {
        format!("{label}: rank {rank}, score {score}")
    }

    fn vector_map_summary(&self, points: u64, ranked: u64) -> String {
        format!("Vector map: {points} item{} drawn, {ranked} ranked", if points == 1 { "" } else { "s" })
    }

    fn vector_map_wrong_length(&self, got: u64, wanted: u64) -> String {
        let s = if got == 1 { "" } else { "s" };
        format!(
            "The query vector has {got} number{s}; this index's vectors have {wanted}: SearchVectors would refuse it."
        )
    }

    fn vector_map_projected(&self, dimensions: u64) -> String {
        format!(
            "A projection of the {dimensions}-dimensional vectors onto the two directions in which they differ most: \
             distances on the map are not the distances the search ranks by."
        )
    }

    fn vector_map_other_distance(&self, own: &str, other: &str) -> String {
        format!("This index's searches rank by {own}; the map shows how {other} would rank the same items.")
    }

    fn vector_map_not_served(&self, phase: &str, wait: &str) -> String {
        format!(
            "The index is {phase} and SearchVectors refuses it for {wait} more; the map ranks its entries as a search will then."
        )
    }

    fn vector_shape(&self, dimensions: u64, distance: &str) -> String {
        format!("{dimensions} dimension{} · {distance}", if dimensions == 1 { "" } else { "s" })
    }

    fn vector_map_drawn(&self, shown: u64, total: u64, left_out: u64) -> String {
        match left_out {
            0 => format!("{shown} of {} drawn.", self.entries(total)),
            1 => format!("{shown} of {} drawn, and 1 item not in the index.", self.entries(total)),
            n => format!("{shown} of {} drawn, and {n} items not in the index.", self.entries(total)),
        }
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

    fn generated(&self, items: u64, partition_keys: u64, replaced: u64) -> String {
        let keys = format!("{} partition key{}", count(Lang::En, partition_keys), s(partition_keys));
        let mut text = format!("Made {} over {keys}.", self.items(items));
        if replaced > 0 {
            text.push_str(&format!(
                " {} of them replaced an item made before with the same key, as PutItem does.",
                count(Lang::En, replaced)
            ));
        }
        text
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

    fn cost_ratio(&self, ratio: &str, less: bool) -> String {
        format!("B costs {ratio} {} than A", if less { "less" } else { "more" })
    }

    fn live_cost_of(&self, operation: &str) -> String {
        format!("Live cost of this {operation}")
    }

    fn numbered(&self, what: Msg, n: usize) -> String {
        format!("{} {n}", self.text(what))
    }

    fn row_control(&self, control: RowControl, what: Msg, n: usize) -> String {
        let what = self.text(what);
        match control {
            RowControl::Remove => format!("Remove {} {n}", what.to_ascii_lowercase()),
            RowControl::Kind => format!("{what} {n} kind"),
            RowControl::Item => format!("{what} {n} item"),
        }
    }

    fn operation_request(&self, operation: &str) -> String {
        format!("{operation} request")
    }

    fn error_is_in(&self, member: &str) -> String {
        format!("The error is in {member}: switch to the form to see it underlined.")
    }

    fn missing(&self, name: &str) -> String {
        format!("{name} (missing)")
    }

    fn run_operation(&self, operation: &str) -> String {
        format!("Run {operation}")
    }

    fn bytes(&self, n: usize) -> String {
        format!("{} byte{}", count(Lang::En, n as u64), s(n as u64))
    }

    fn vector_search_headline(&self, bytes: &str) -> String {
        format!("{bytes} bytes searched (estimate)")
    }

    fn cost_vector_search(&self, bytes: &str) -> String {
        format!(
            "A search uses no read units: it is metered in VectorSearchRequestBytes, here {bytes}. The figure is the \
             playground's estimate (DynamoDB publishes no formula): it grows with the dimensions, the items searched \
             and the data returned, never below 1,024, and not with the query vector."
        )
    }

    fn cost_refused(&self, error: &str) -> String {
        format!("DynamoDB refuses this request ({error}), and a refused request costs nothing.")
    }

    fn cost_failed(&self, error: &str, units: &str) -> String {
        format!("This request fails with {error}, but the work done before it failed is still charged: {units}.")
    }

    fn cost_nothing_read(&self, query: bool, units: &str) -> String {
        format!(
            "{}, yet a read always costs at least one 4 KB block: {units}.",
            if query { "Nothing matched the key condition" } else { "The table is empty" }
        )
    }

    fn cost_filter_removed(&self, removed: u64, scanned: u64, units: &str) -> String {
        format!(
            "The filter removed {} of {}, but all {} were read: {units}.",
            count(Lang::En, removed),
            self.items(scanned),
            count(Lang::En, scanned)
        )
    }

    fn cost_filter_kept(&self, scanned: u64, units: &str) -> String {
        format!("The filter kept all {} read: {units}.", self.items(scanned))
    }

    fn cost_read_returned(&self, scanned: u64, bytes: usize, returned: u64, units: &str) -> String {
        format!("Read {} ({}) and returned {}: {units}.", self.items(scanned), self.bytes(bytes), self.items(returned))
    }

    fn cost_summed(&self, scanned: u64, bytes: usize) -> String {
        if scanned == 1 {
            return format!("The 1 item read ({}) is rounded up to 4 KB once per page.", self.bytes(bytes));
        }
        format!(
            "The {} read are summed ({}) and rounded up to 4 KB once per page, not item by item.",
            self.items(scanned),
            self.bytes(bytes)
        )
    }

    fn cost_limit_stopped(&self, limit: u64) -> String {
        format!("Limit {limit} stopped the read (Limit counts items read, before the filter); LastEvaluatedKey marks where the next page starts.")
    }

    fn cost_get(&self, found: Option<usize>, strong: bool, units: &str) -> String {
        let consistency = if strong { "strongly consistent: full price" } else { "eventually consistent: half price" };
        match found {
            Some(bytes) => {
                format!("Found an item of {}, rounded up to 4 KB blocks ({consistency}): {units}.", self.bytes(bytes))
            }
            None => format!("No item has this key, yet the read still costs one 4 KB block ({consistency}): {units}."),
        }
    }

    fn cost_write(&self, operation: &str, bytes: usize, units: &str) -> String {
        let what = match operation {
            "PutItem" => "A put pays for the larger of the old and the new item",
            "UpdateItem" => "An update pays for the larger of the item before and after",
            _ => "A delete pays for the item it removes",
        };
        format!("{what} ({}), in 1 KB blocks: {units}.", self.bytes(bytes))
    }

    fn cost_batch_get(&self, bytes: usize, reads: usize, units: &str) -> String {
        let s = s(reads as u64);
        format!("A batch rounds each item up to 4 KB on its own ({} in {reads} read{s}): {units}.", self.bytes(bytes))
    }

    fn cost_batch_write(&self, writes: usize, units: &str) -> String {
        let s = s(writes as u64);
        format!("A batch is billed like its single writes: each item in 1 KB blocks ({writes} write{s}): {units}.")
    }

    fn cost_transaction(&self, actions: usize, units: &str) -> String {
        let s = s(actions as u64);
        format!("A transaction costs double: each item is rounded on its own, then × 2 ({actions} action{s}): {units}.")
    }

    fn and_more(&self, n: usize) -> String {
        format!("… and {n} more")
    }

    fn cost_index_writes(&self, parts: &str, total: &str) -> String {
        format!("Secondary indexes cost extra writes, each entry rounded to 1 KB: {parts} — {total} in all.")
    }

    fn cost_read_from_index(&self, index: &str) -> String {
        format!("Read from {index}: sized on the index's projected entries, not on the table's items.")
    }

    fn cost_lsi_fetch(&self, units: &str) -> String {
        format!("Attributes the local index does not project were fetched from the table: {units} of that is for the fetch.")
    }

    fn touched_partitions(&self, total: usize, parts: &str) -> String {
        format!("Partitions touched: {total} ({parts}).")
    }

    fn table_index(&self, table: &str, index: &str) -> String {
        format!("{table} index {index}")
    }

    fn partitions_of(&self, numbers: &[usize], more: bool, of: usize) -> String {
        let list: Vec<String> = numbers.iter().map(usize::to_string).collect();
        let more = if more { ", …" } else { "" };
        match numbers.len() {
            0 => format!("all {of} partitions"),
            1 => format!("partition {}{more} of {of}", list.join(", ")),
            _ => format!("partitions {}{more} of {of}", list.join(", ")),
        }
    }

    fn cost_not_request_in(&self, field: &str, message: &str) -> String {
        format!(" in {field}: {message}")
    }

    fn all_pages(&self, pages: usize, complete: bool, units: &str, returned: u64, scanned: u64, price: &str) -> String {
        format!(
            "All pages: {} pages{}, {units} in total, {} of {} items returned · {price} on demand.",
            count(Lang::En, pages as u64),
            if complete { "" } else { " (at least; the preview stops there)" },
            count(Lang::En, returned),
            count(Lang::En, scanned)
        )
    }

    fn provisioned_share(&self, capacity: i64, unit: &str, percent: &str) -> String {
        format!("The table is provisioned with {capacity} {unit} per second: this request uses {percent} of one second's capacity.")
    }

    fn per_million(&self, price: &str) -> String {
        format!("{price} per million such requests")
    }

    fn dry_run_computed(&self, millis: &str) -> String {
        format!("dry run computed in {millis} ms")
    }

    fn seed(&self, seed: &str) -> String {
        format!("seed {seed}")
    }

    fn step_of(&self, step: usize, steps: usize) -> String {
        format!("Step {step} of {steps}")
    }

    fn checklist_read(&self, requests: u64, returned: u64, scanned: u64) -> String {
        let times = if requests > 1 { format!("{requests} requests, ") } else { String::new() };
        if scanned != returned {
            format!("{times}{} of {} items read", count(Lang::En, returned), count(Lang::En, scanned))
        } else {
            format!("{times}{}", self.items(returned))
        }
    }

    fn planner_math(
        &self,
        read: &str,
        write: &str,
        by_capacity: &str,
        size: &str,
        by_size: &str,
        partitions: u64,
    ) -> String {
        let PartitionLimits { rcu: max_rcu, wcu: max_wcu, size: max_size } = PartitionLimits::in_lang(Lang::En);
        format!("by capacity {read} / {max_rcu} + {write} / {max_wcu} = {by_capacity}; by size {size} GB / {max_size} = {by_size}; ceil(max) = {partitions}")
    }

    fn shard_math(&self, items: &str, percent: &str, share: &str, per_block: u64, size: u64, shards: u64) -> String {
        let PartitionLimits { rcu: max_rcu, .. } = PartitionLimits::in_lang(Lang::En);
        format!("{items} items × {percent} % = {share} share one key value; one partition reads {max_rcu} × {per_block} items of {size} B per second → ceil = {shards}")
    }

    fn seconds_per_second(&self, n: u32) -> String {
        format!("{n} s per second")
    }

    fn lab_status(&self, state: LabState, speed: &str, done: u64, seconds: u64) -> String {
        match state {
            LabState::Finished => format!("Finished: {seconds} s simulated."),
            LabState::Running => format!("Running at {speed} · second {done} of {seconds}"),
            LabState::Paused => format!("Paused at second {done} of {seconds}"),
        }
    }

    fn apply_sharding(&self, shards: u64) -> String {
        format!("Apply write sharding ({shards} shards) and rerun")
    }

    fn index_contents(&self, entries: u64, bytes: u64) -> String {
        format!("{} · {} byte{}", self.entries(entries), count(Lang::En, bytes), s(bytes))
    }

    fn item_collections(&self, n: u64) -> String {
        format!("{} item collection{}", count(Lang::En, n), s(n))
    }

    fn index_partition_keys(&self, n: u64) -> String {
        format!("{n} index partition key{}", s(n))
    }

    fn updates_on_the_way(&self, n: u64) -> String {
        format!("{n} update{} on the way", s(n))
    }

    fn creating_backfilling(&self, wait: &str) -> String {
        format!("CREATING · backfilling, {wait} left · not queryable until ACTIVE")
    }

    fn items_in(&self) -> (&'static str, &'static str) {
        ("Items in ", "")
    }

    fn index_of_table(&self) -> (&'static str, &'static str) {
        (" of ", "")
    }

    fn access_path(&self, scan: bool, operation: &str, reads: usize, target: &str) -> String {
        let article = if operation.starts_with(['U', 'I']) { "an" } else { "a" };
        match (scan, reads) {
            (true, _) => format!("a Scan of {target}"),
            (false, 2..) if operation == "GetItem" || operation == "Query" => {
                format!("{reads} × {operation} on {target}")
            }
            _ => format!("{article} {operation} on {target}"),
        }
    }

    fn statement_reads(&self, read: u64, of: Option<u64>, all: bool, returned: u64) -> String {
        let (read_n, returned_n) = (count(Lang::En, read), count(Lang::En, returned));
        match (all, of) {
            (true, _) => format!(": it reads all {read_n} items, returns {returned_n}"),
            (false, Some(of)) => {
                format!(": it reads {read_n} of {} items on this page, returns {returned_n}", count(Lang::En, of))
            }
            (false, None) => format!(": it reads {read_n} item{}, returns {returned_n}", s(read)),
        }
    }

    fn statement_sentence(&self, verb: &str, path: &str, reads: &str, cost: &str) -> String {
        format!("This {verb} is {path}{reads}: {cost}")
    }

    fn saved_operations(&self, n: usize) -> String {
        format!("Saved operations ({n})")
    }

    fn expired_ago(&self, ago: &str, swept_in: &str) -> String {
        format!("expired {ago} ago · swept in {swept_in}")
    }

    fn expired_items(&self, n: u64) -> String {
        let them = if n == 1 { "it" } else { "them" };
        format!("{n} item{} expired but not yet deleted: GetItem, Query and Scan still return {them}.", s(n))
    }

    fn ttl_of(&self) -> (&'static str, &'static str) {
        ("Time to Live of ", "")
    }

    fn ttl_enabled_on(&self, attribute: &str) -> String {
        format!("ENABLED on {attribute}")
    }

    fn ttl_now(&self, now_seconds: u64) -> String {
        format!("Now: {now_seconds} (the engine clock, epoch seconds): an item whose TTL attribute is at most this has expired.")
    }

    fn child_of(&self, parent: &str) -> String {
        format!("child of {parent}")
    }

    fn records(&self, n: u64) -> String {
        format!("{n} record{}", s(n))
    }

    fn stream_count(&self, label: &str, total: u64, shown: Option<usize>) -> String {
        let shown = shown.map(|n| format!(" (the last {n} shown)")).unwrap_or_default();
        format!("Stream {label}: {}{shown}, newest first.", self.records(total))
    }

    fn stream_shards(&self, n: u64) -> String {
        format!("{n} shard{}: one per partition; a partition that split closed its shard and opened one per half", s(n))
    }

    fn trigger_stats(
        &self,
        records: u64,
        writes: u64,
        units: f64,
        throttles: u64,
        failures: u64,
        pending: u64,
    ) -> String {
        format!(
            "{} · {} write{} · {} WCU · {} throttled · {} failed · {} waiting",
            self.records(records),
            count(Lang::En, writes),
            s(writes),
            Lang::En.number(units),
            count(Lang::En, throttles),
            count(Lang::En, failures),
            count(Lang::En, pending)
        )
    }

    fn by_trigger(&self, trigger: &str, table: &str) -> String {
        format!("Written by the stream trigger {trigger} on the stream of {table}, as its own write: not a request of yours.")
    }

    fn trigger_wrote(&self, key: &str, units: f64) -> String {
        format!("wrote {key} ({} WCU)", Lang::En.number(units))
    }

    fn stream_of(&self) -> (&'static str, &'static str) {
        ("Stream of ", "")
    }

    fn call_summary(&self, summary: &CallSummary) -> String {
        let detail = match &summary.outcome {
            CallOutcome::NotSent(error) => format!("not sent: {error}"),
            CallOutcome::Failed(error) => error.to_string(),
            CallOutcome::Throttled { exception, on_index, access, limit } => {
                format!("{exception}: {}", self.throttling_reason(*on_index, *access, *limit))
            }
            CallOutcome::Created => "created".into(),
            CallOutcome::Deleted { items } => format!("deleted with {items} item{}", s(*items)),
            CallOutcome::Got { found, units, strong } => {
                let consistency = if *strong { "strongly consistent" } else { "eventually consistent" };
                format!("{}, {units} ({consistency})", if *found { "found" } else { "not found" })
            }
            CallOutcome::Charged(Some(units)) => units.clone(),
            CallOutcome::Charged(None) => "nothing charged".into(),
            CallOutcome::Read { count, scanned, more, charged } => format!(
                "{count} of {scanned} item{} read{}, {}",
                s(*scanned),
                if *more { ", more pages" } else { "" },
                charged.as_deref().unwrap_or("nothing charged")
            ),
            CallOutcome::Ok => "OK".into(),
        };
        format!("{} → {detail}", summary.head)
    }

    fn provisioned_line(&self, capacity: u64, unit: &str) -> String {
        format!("provisioned ({} {unit})", count(Lang::En, capacity))
    }

    fn burst_bucket(&self, partition: usize, tokens: &str) -> String {
        format!("Burst bucket of P{partition} (the hottest partition): {tokens} tokens left")
    }

    fn heatmap_caption(&self, seconds_per_column: usize) -> String {
        format!("Partition × time ({seconds_per_column} s per column)")
    }

    fn lab_keyspace(&self, partitions: usize, splits: usize) -> String {
        let splits = if splits > 0 { format!(", {splits} added by splits for heat") } else { String::new() };
        format!("Keyspace of the lab table: {partitions} partition{}{splits}", s(partitions as u64))
    }

    fn lab_summary(
        &self,
        progress: Option<(u32, u32)>,
        counts: [u64; 3],
        percent: &str,
        consumed: &str,
        partitions: usize,
    ) -> String {
        let PartitionLimits { rcu: max_rcu, wcu: max_wcu, .. } = PartitionLimits::in_lang(Lang::En);
        let progress = progress.map(|(done, of)| format!("second {done} of {of} · ")).unwrap_or_default();
        let [requests, throttled, at_limit] = counts;
        let c = |n| count(Lang::En, n);
        format!("{progress}{} requests, {} throttled ({percent}%), {} of them at the {max_wcu} WCU / {max_rcu} RCU per-partition limit · {consumed} consumed · {partitions} partitions", c(requests), c(throttled), c(at_limit))
    }

    fn top_keys_recent(&self, seconds: u64) -> String {
        format!("Top keys, last {seconds} s (like CloudWatch Contributor Insights)")
    }

    fn said(&self, said: &Said) -> String {
        match said {
            Said::Fixed(msg) => self.text(*msg).to_string(),
            Said::LinkCopied { length } => {
                let mut text =
                    format!("Link copied to the clipboard: {length} characters (it is also in the address bar).");
                if *length > 8000 {
                    text.push_str(" Long links may be cut by chat tools; for big scenarios, Export a file instead.");
                }
                text
            }
            Said::Exported { name, partial: false } => format!("Exported {name}."),
            Said::Exported { name, partial: true } => format!("Exported {name}. Not in the file:"),
            Said::Imported { file, model, tables, items } => {
                let what = match model {
                    Some(Some(name)) => format!(" (NoSQL Workbench model \"{name}\")"),
                    Some(None) => " (NoSQL Workbench model)".to_string(),
                    None => String::new(),
                };
                format!("Imported {file}{what}: {tables} table(s), {items} item(s).")
            }
            Said::LessonOpened { lesson, kept, earlier } => {
                let title = lesson.title_in(Lang::En);
                let mut text = format!("Opened the lesson “{title}”.");
                if *kept {
                    text.push_str(" Your previous playground is kept: “Restore my playground” in the lesson panel brings it back.");
                }
                if let Some(name) = earlier {
                    text.push_str(&format!(
                        " The playground kept before an earlier lesson is now the workspace “{name}”."
                    ));
                }
                text
            }
            Said::WorkspaceSaved { name } => format!("Saved the playground as the workspace “{name}”."),
            Said::WorkspaceOpened { name } => format!("Opened workspace {name}."),
            Said::WorkspaceDeleted { name } => format!("Deleted the workspace “{name}”."),
            Said::WorkspaceReplaceAsk { name } => format!("Replace the workspace “{name}” with the playground?"),
            Said::WorkspaceDeleteAsk { name } => format!("Delete the workspace “{name}”? It cannot be brought back."),
            Said::AutosaveFailed(failure @ StorageFailure::NoStorage) => {
                format!("Autosave failed: {}.", storage_failure(failure, "the scenario"))
            }
            Said::AutosaveFailed(failure) => format!(
                "Autosave failed: {}. The copy saved before is kept; export the playground to keep this version.",
                storage_failure(failure, "the scenario")
            ),
            Said::WorkspaceNotSaved(StorageFailure::NoStorage) => NO_STORAGE.to_string(),
            Said::WorkspaceNotSaved(failure) => {
                format!("{}.", capitalised(&storage_failure(failure, "the workspace")))
            }
            Said::WorkspaceNotOpened { name, reason: None } => {
                format!("There is no workspace \"{name}\". {UNCHANGED}")
            }
            Said::WorkspaceNotOpened { name, reason: Some(reason) } => {
                format!("The workspace \"{name}\" could not be read. {reason} {UNCHANGED}")
            }
            Said::LinkUnreadable { reason } => format!("{reason} {UNCHANGED}"),
            Said::ImportFailed(failure) => {
                let reason = match failure {
                    FileFailure::TooLarge { name, mb } => format!("{name} is larger than {mb} MB; it was not read."),
                    FileFailure::NoReader => "This browser cannot read files.".to_string(),
                    FileFailure::Refused { name, message } => format!("{name}: {message}"),
                    FileFailure::NotText { name } => format!("{name} could not be read as text."),
                    FileFailure::Unreadable { name } => format!("{name} could not be read."),
                    FileFailure::NotLoaded { name, reason } => format!(
                        "{name} could not be imported: the code that reads NoSQL Workbench models could not be \
                         loaded ({}).",
                        fetch_failure(reason)
                    ),
                };
                format!("{reason} {UNCHANGED}")
            }
            Said::ExportFailed(step) => {
                let what = match step {
                    ExportStep::NoWindow => "no browser window",
                    ExportStep::NoDocument => "no document",
                    ExportStep::NoFile => "the browser could not build the file",
                    ExportStep::NoObjectUrl => "no object URL",
                    ExportStep::NoLinkElement => "no link element",
                    ExportStep::NotLoaded(reason) => {
                        return format!(
                            "Export failed: the code that writes this format could not be loaded ({}).",
                            fetch_failure(reason)
                        )
                    }
                };
                format!("Export failed: {what}.")
            }
            Said::NoSuchLesson { id, known } => {
                format!("There is no lesson \"{id}\"; the lessons are: {known}. {UNCHANGED}")
            }
            Said::LessonLoading { lesson } => format!("Loading the lesson “{}” …", lesson.title_in(Lang::En)),
            Said::LessonNotLoaded { lesson, reason } => {
                let title = lesson.title_in(Lang::En);
                let reason = fetch_failure(reason);
                format!("The lesson “{title}” could not be loaded: {reason}.")
            }
            Said::PanelLoading { title } => format!("Loading “{title}” …"),
            Said::ExportRefused { message } => format!("Export failed: {message}"),
            Said::ConverterLoading { import: false } => {
                "Preparing the export: loading the code that writes it …".to_string()
            }
            Said::ConverterLoading { import: true } => {
                "Preparing the import: loading the code that reads NoSQL Workbench models …".to_string()
            }
            Said::PanelNotLoaded { title, reason } => {
                let reason = fetch_failure(reason);
                format!("“{title}” could not be loaded: {reason}.")
            }
            Said::WordsNotLoaded { lang, reason } => {
                let reason = match reason {
                    Some(reason) => fetch_failure(reason),
                    None => "the file is another version's; reload the page".to_string(),
                };
                format!("{} could not be loaded: {reason}. The page keeps its language.", lang.endonym())
            }
            Said::LessonNotKept { no_storage: true } => format!("The lesson was not opened: {NO_STORAGE}."),
            Said::LessonNotKept { no_storage: false } => {
                "The lesson was not opened: the browser refused to keep a copy of the current playground.".to_string()
            }
            Said::NotRestored(failure) => {
                let reason = match failure {
                    RestoreFailure::NoStorage => NO_STORAGE,
                    RestoreFailure::NothingKept => "there is no kept playground",
                    RestoreFailure::Unreadable { reason, kept_under } => {
                        return format!(
                            "Nothing was restored: {reason}. The unreadable copy is kept in localStorage under \
                             \"{kept_under}\"."
                        )
                    }
                };
                format!("Nothing was restored: {reason}.")
            }
            Said::EmbedLinkCopied { view, length } => format!(
                "Embed link for the {} copied ({length} characters): use it as the src of an <iframe> on a slide. It \
                 shows this playground as it is now; the embedded page never saves.",
                self.text(*view).to_ascii_lowercase()
            ),
            Said::Joined(all) => all.iter().map(|said| self.said(said)).collect::<Vec<_>>().join(" "),
            Said::SavedUnreadable { reason, bytes, kept_under, backed_up, started_from_copy } => {
                let size = count(Lang::En, *bytes as u64);
                let start = if *started_from_copy {
                    "The page started from the last good copy, saved just before it."
                } else {
                    "The page started empty."
                };
                let kept = if *backed_up {
                    format!("It is kept in localStorage under \"{kept_under}\".")
                } else {
                    format!(
                        "The browser's storage is too full to keep it aside: it stays under \"{kept_under}\" and is \
                         not overwritten until the page is reloaded; export or copy it now if you need it."
                    )
                };
                format!("The autosaved playground ({size} bytes) could not be read. {start} {kept} {reason}")
            }
            Said::OtherTabSaved { name, kept: true } => format!(
                "Another tab of the playground autosaved over this one's copy. Its playground is kept as the \
                 workspace “{name}”; this tab's stays open and is saved at its next change."
            ),
            Said::OtherTabSaved { kept: false, .. } => "Another tab of the playground autosaved over this one's \
                copy, and the browser's storage is too full to keep it as a workspace. This tab's playground \
                stays open and is saved at its next change, replacing it."
                .to_string(),
            Said::TextRefused { size } => format!(
                "The text is {size}; DynamoDB accepts requests of at most 16 MB (and items of at most 400 KB), so \
                 it was not read. The field keeps its previous text."
            ),
        }
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

    fn pm_warm(&self, read: &str, write: &str, raising: Option<(&str, &str)>) -> String {
        let base = format!("Warm throughput: {read} reads and {write} writes per second at once");
        match raising {
            Some((r, w)) => format!("{base}, pre-warming to {r} / {w}"),
            None => base,
        }
    }

    fn pm_teaching_scale(&self, size: &str) -> String {
        let PartitionLimits { size: max_size, .. } = PartitionLimits::in_lang(Lang::En);
        format!("Teaching scale: a partition splits when it holds more than {size} (DynamoDB: {max_size}).")
    }

    fn pm_real_limit(&self) -> String {
        let PartitionLimits { size: max_size, .. } = PartitionLimits::in_lang(Lang::En);
        format!("{max_size} (real)")
    }

    fn pm_back_to_real(&self) -> String {
        let PartitionLimits { size: max_size, .. } = PartitionLimits::in_lang(Lang::En);
        format!("Back to {max_size}")
    }

    fn lab_intro(&self) -> String {
        let PartitionLimits { rcu: max_rcu, wcu: max_wcu, .. } = PartitionLimits::in_lang(Lang::En);
        format!("Simulate seconds of traffic on a fresh lab table (your tables are not touched). A partition serves at most {max_wcu} WCU and {max_rcu} RCU per second however much the table has, so one hot key throttles even on a big table; spreading it over shards spreads it over partitions. Runs are seeded: the same inputs give the same picture.")
    }

    fn rounding(&self, rounding: &Rounding) -> String {
        // The engine's own words.
        rounding.to_string()
    }

    fn form_problem(&self, problem: &FormProblem) -> String {
        match problem {
            FormProblem::LimitNotWhole(text) => format!("Limit must be a whole number, not {text}"),
            FormProblem::ParametersNotList => "Parameters must be a JSON list".to_string(),
            FormProblem::TopKNotWhole => "TopK must be a whole number from 1 to 100".to_string(),
            FormProblem::VectorNotList => "SearchVector must be a JSON list of numbers, such as [0.1, 0.9]".to_string(),
            FormProblem::RequestNotObject => "The request must be a JSON object".to_string(),
        }
    }

    fn stayed_in(&self, form: bool, reason: &str) -> String {
        format!("Stayed in {} mode: {reason}", if form { "form" } else { "raw" })
    }

    fn lab_problem(&self, problem: &LabProblem) -> String {
        match problem {
            LabProblem::Rate => "The rate must be a positive number of requests per second.".to_string(),
            LabProblem::Duration { max } => format!("The duration must be 1 to {} seconds.", count(Lang::En, *max)),
            LabProblem::TooManyRequests { requests, max } => format!(
                "That is {} requests; the lab runs at most {} in the browser. Lower the rate or the duration.",
                count(Lang::En, *requests),
                count(Lang::En, *max)
            ),
            LabProblem::Capacity { max } => format!(
                "The lab table's RCU and WCU must be 1 to {} (the default per-table quota).",
                count(Lang::En, *max)
            ),
            LabProblem::ZipfSkew => {
                "The Zipf skew s must be a number above 0 (1 to 2 is typical), at most 10.".to_string()
            }
            LabProblem::Engine(message) => message.clone(),
        }
    }

    fn lab_title(&self, title: &LabTitle) -> String {
        match title {
            LabTitle::Before(preset) => format!("Before: {}", self.text(*preset)),
            LabTitle::After { shards, prefix } => format!(
                "After: the same traffic over {shards} shards {prefix}_0 … {prefix}_{}",
                shards.saturating_sub(1)
            ),
        }
    }

    fn heat_cell(&self, partition: usize, from: usize, to: usize, consumed: &str, throttled: u64) -> String {
        format!("P{partition} · s {from}–{to} · consumed {consumed} · throttled {}", count(Lang::En, throttled))
    }

    fn heat_legend_consumed(&self, limit: Option<&str>, unit: &str) -> String {
        match limit {
            Some(limit) => format!("blue: consumed per second, from 0 to {limit} {unit} (one partition's limit)"),
            None => format!("blue: consumed per second ({unit}), darker is more"),
        }
    }

    fn heat_share(&self, percent: &str) -> String {
        format!("{percent}% of the partition's limit")
    }

    fn chart_seconds(&self, from: usize, to: usize) -> String {
        format!("s {from}–{to}")
    }

    fn per_second(&self, unit: &str) -> String {
        format!("{unit} per second")
    }

    fn timeline_label(&self, done: u32, seconds: u32, peak: &str, unit: &str, throttled: u64) -> String {
        format!(
            "Consumed, provisioned and throttled per second, {done} of {seconds} seconds: at most {peak} {unit} consumed in a second, {} request{} throttled",
            count(Lang::En, throttled),
            s(throttled)
        )
    }

    fn burst_label(&self, partition: usize, start: &str, lowest: &str, end: &str) -> String {
        format!("Burst bucket of P{partition}: {start} tokens at the start, {lowest} at the lowest, {end} at the end")
    }

    fn heatmap_label(&self, partitions: usize, done: u32, seconds: usize, throttled_cells: usize) -> String {
        format!(
            "Heatmap: {partitions} partitions, {done} of {seconds} seconds, {throttled_cells} cells with throttling"
        )
    }

    fn lab_band_label(&self, partitions: usize) -> String {
        format!("The lab table's keyspace in {partitions} partitions")
    }

    fn heat_splits(&self, splits: &[(u64, usize)]) -> String {
        let each: Vec<String> = splits.iter().map(|(second, p)| format!("P{p} at second {second}")).collect();
        format!("Split for heat: {}. The engine isolated the hottest keys.", each.join(", "))
    }

    fn cut_note(&self, chars: u64) -> String {
        format!("({} characters)", count(Lang::En, chars))
    }

    fn string_size(&self, chars: u64, bytes: u64) -> String {
        format!("{} characters, {} bytes", count(Lang::En, chars), count(Lang::En, bytes))
    }

    fn no_such_view(&self, unknown: &str, known: &str) -> String {
        format!("There is no view \"{unknown}\" to embed. Use embed= with one of: {known}.")
    }

    fn span(&self, seconds: u64) -> String {
        let s = seconds;
        match s {
            0..=59 => format!("{s} s"),
            60..=3599 if s.is_multiple_of(60) => format!("{} min", s / 60),
            60..=3599 => format!("{} min {} s", s / 60, s % 60),
            3600..=86_399 => format!("{} h {} min", s / 3600, s % 3600 / 60),
            _ => format!("{} d {} h", s / 86_400, s % 86_400 / 3600),
        }
    }

    fn warning(&self, warning: &Warning) -> String {
        // The scenario module's own words (ddb-local prints them too).
        warning.to_string()
    }

    // ---- long text (hardening) ----

    fn text_cut(&self, bytes: &str) -> String {
        format!("… {bytes} more bytes not shown.")
    }

    fn code_deferred(&self, bytes: &str) -> String {
        format!("The request is {bytes} bytes of JSON, too long to show as code here. Copy copies its code.")
    }

    fn throttling_reason(&self, on_index: bool, access: Access, limit: LimitType) -> String {
        let what = match access {
            Access::Read => "reads",
            Access::Write => "writes",
        };
        let on = if on_index { "the index" } else { "the table" };
        let limit = match limit {
            LimitType::KeyRangeThroughputExceeded => "a partition's per-second limit (a hot key range)",
            LimitType::ProvisionedThroughputExceeded => "its provisioned capacity",
            LimitType::AccountLimitExceeded => "the per-table account quota",
            LimitType::MaxOnDemandThroughputExceeded => "its on-demand maximum",
        };
        format!("{what} on {on} went past {limit}")
    }

    fn throttled_for(&self, requests: u64, reason: &str) -> String {
        format!("{} throttled: {reason}", count(Lang::En, requests))
    }
}

/// Said when the browser has no `localStorage`.
const NO_STORAGE: &str = "this browser offers no local storage";

/// After a failure that left everything as it was.
const UNCHANGED: &str = "Nothing was changed: the playground is as it was.";

/// "the scenario (12 KB) could not be saved: <the browser's words>".
fn storage_failure(failure: &StorageFailure, what: &str) -> String {
    match failure {
        StorageFailure::NoStorage => NO_STORAGE.to_string(),
        StorageFailure::Refused { kb, message } => {
            format!("{what} ({kb} KB) could not be saved: {}", message.as_deref().unwrap_or("the browser refused"))
        }
    }
}

/// `text` with its first letter upper-case (the texts it is given begin
/// with an ASCII letter; clippy.toml keeps Unicode case tables out).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// Why a fetched file did not arrive.
pub(super) fn fetch_failure(reason: &FetchFailure) -> String {
    match reason {
        FetchFailure::NoWindow => "no window".to_string(),
        FetchFailure::Network => "the network request failed".to_string(),
        FetchFailure::NoResponse => "no response".to_string(),
        FetchFailure::Http(status) => format!("HTTP {status}"),
        FetchFailure::NoBody => "no body".to_string(),
        FetchFailure::BodyLost => "the body did not arrive".to_string(),
        FetchFailure::NotText => "the body is not text".to_string(),
        FetchFailure::TimedOut(seconds) => format!("the request was given up after {seconds} seconds"),
    }
}
