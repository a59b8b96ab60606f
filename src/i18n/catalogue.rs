//! What a language must say: the fixed texts ([`Msg`]) and the texts with
//! values ([`Catalogue`]'s methods).
//!
//! Ids are grouped by the view that shows them, in the order the view
//! shows them; a text several views share (a key's name, "Request") has
//! one id under "Shared". An id names what the text is for, not what it
//! says, so a better wording never renames it.

pub use super::facts::{
    ExportStep, FetchFailure, FileFailure, FormProblem, LabProblem, LabTitle, RestoreFailure, StorageFailure,
};
pub use crate::engine::capacity::{Factor, Place, Rounding, Verb};
pub use crate::scenario::warning::{Lost, Unused, Warning};

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
    // ---- app ----
    WelcomeTitle,
    WelcomeText,
    Tagline,
    TabsLabel,
    TabItems,
    TabConsole,
    TabPartitions,
    LoadedFromLink,
    WelcomeHintStart,
    WelcomeHintPk,
    WelcomeHintSk,
    WelcomeHintEnd,

    // ---- console ----
    Refused,
    CostSame,
    LiveCostBoth,
    LiveCost,
    DryRun,
    ConsoleIntro,
    RunsIt,
    CompareTwo,
    ConsoleNoTable,
    // ---- operation builder ----
    HintJson,
    HintPlainOrDynamoJson,
    NotSet,
    DefaultOption,
    DefaultNone,
    KeyConditionHow,
    KeyPickerMode,
    ExpressionMode,
    KeyCondition,
    KeyConditionHint,
    ChooseTableForKeys,
    SortKeyCondition,
    SortKeyValue,
    UpperSortKeyValue,
    And,
    FromTheStart,
    NoLimit,
    AddKey,
    AddAction,
    PartiqlHint,
    FilterHint,
    EveryKeyHint,
    TransactHint,
    AlsoSent,
    SentenceEnd,
    LeaveOut,
    RawHint,
    Operation,
    NoTable,
    TableItself,
    EditorLabel,
    FormMode,
    RawJson,
    Action,
    AllPagesTitle,
    RunAllPages,
    Runs,
    WriteDryRun,
    // ---- live cost ----
    CostProjection,
    CostSelectCount,
    CostPageLimit,
    CostScanOrder,
    CostConditionChecked,
    CostNotRequest,
    CostEngineBusy,
    NothingCharged,
    RefusedHeadline,
    CostSub,
    CostArithmetic,
    // ---- lesson panel ----
    LessonLinkTitle,
    RestoreTitle,
    Restore,
    CloseLessonTitle,
    CloseLesson,
    Previous,
    Next,
    LoadIntoConsole,
    LoadBothIntoConsole,
    RunWorkload,
    ShowPartitions,
    ShowItems,

    // ---- lessons menu ----
    LessonsLabel,
    PresenterTitle,
    Presenter,

    // ---- lesson checklist ----
    VerdictKey,
    VerdictQuery,
    VerdictScan,
    VerdictUnservable,
    ChecklistLabel,
    ChecklistTitle,
    // ---- planners ----
    Planners,
    PartitionMath,
    ShardCountTitle,
    TableSizeGb,
    PercentSharing,
    ItemSizeBytes,
    PartitionsEach,
    RcuAnd,
    ShardsSuffix,
    PlannerNeedNumbers,
    PlannerNeedShardInputs,

    // ---- hot-key lab ----
    HotKeyLab,
    LabIntro,
    Workload,
    GetEventual,
    GetStrong,
    RequestsPerSecond,
    Seconds,
    DistinctKeys,
    ZipfSkew,
    Shards,
    TableRcu,
    TableWcu,
    ItemBytes,
    Seed,
    HeatAfter,
    RunControls,
    RunAgain,
    Pause,
    Resume,
    StepSecond,
    Speed,
    ToTheEnd,
    RealTime,
    AsFastAsPossible,
    // ---- table view ----
    TableOrIndex,
    TableViewHint,

    // ---- item grid (phase 2) ----
    ExpiredRowTitle,

    // ---- statement plan ----
    StatementScanHint,
    EquivalentRequest,
    EquivalentRequests,

    // ---- saved operations ----
    NameFirst,
    NotSavedIncomplete,
    LoadIntoBuilder,
    Load,
    ForgetSaved,
    Delete,
    Name,
    SaveNamePlaceholder,
    SaveRequest,
    SavedHint,
    // ---- ttl panel ----
    TtlFilterHint,
    TtlIntro,
    TtlAttribute,
    EnableTtl,
    DisableTtl,
    SweepDelay,
    MoveClock,

    // ---- stream panel ----
    StreamKeysOnly,
    StreamNewImage,
    StreamOldImage,
    StreamBothImages,
    TtlDeletion,
    ShardOfRecord,
    StreamDisabled,
    NoStream,
    StreamIntro,
    DisableStream,
    ViewType,
    EnableStream,
    // ---- scenario menu ----
    ExportScenarioTitle,
    ExportWorkbenchTitle,
    ExportWorkbench1Title,
    ExportCloudFormationTitle,
    ExportCliTitle,
    ScenarioLabel,
    CopyLinkTitle,
    CopyLink,
    ExportTitle,
    Export,
    ExportFormats,
    ImportTitle,
    Import,
    ConfirmReset,
    ResetAsk,
    YesReset,
    ResetTitle,
    Reset,
    DismissLabel,
    Dismiss,
    EngineBusy,
    PlaygroundReset,

    // ---- embed ----
    EmbedPartitionMap,
    EmbedPlanners,
    EmbedLinkTitle,
    EmbedLink,
    EmbedNoTable,
    EmbedOpenTitle,
    EmbedOpen,
    // ---- lab charts ----
    Consumed,
    Versus,
    ThrottledRequests,
    PerSecondTotals,
    TimelineLabel,
    BurstLabel,
    TopKeysWholeRun,
    ColKey,
    ColRequestsLower,
    ColThrottled,
    // ---- lab presets ----
    PresetVoting,
    PresetHotKey,
    PresetZipf,
    PresetUniform,
    PresetSharded,
    // ---- notices ----
    PlaygroundBack,

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

    // ---- named workspaces ----
    Workspaces,
    WorkspacesTitle,
    /// The name under which Open keeps the playground it replaces.
    WorkspaceKeptName,
    WorkspacesList,
    WorkspaceNameLabel,
    WorkspaceNamePlaceholder,
    WorkspaceSave,
    WorkspaceSaveTitle,
    WorkspacesNone,
    WorkspaceOpen,
    WorkspaceOpenTitle,
    WorkspaceDelete,
    WorkspaceDeleteTitle,
    /// The name field is empty or longer than 64 characters.
    WorkspaceNameInvalid,

    // ---- remaining texts (i18n2) ----
    /// Raw mode's editor, as a form error names it.
    FieldRequestJson,
    /// The hint of ExecuteStatement's `Parameters`.
    ParametersHint,
    /// A value's type on hover, after "S (": string …
    HoverString,
    HoverNumber,
    HoverBinary,
    HoverBoolean,
    HoverNull,
    HoverMap,
    HoverList,
    HoverStringSet,
    HoverNumberSet,
    HoverBinarySet,
    /// "Copy link" found no browser window.
    NoWindowForLink,
    /// The title of an embed link naming no known view.
    EmbedUnknown,
    /// What a write did to an index entry, in the live cost: put …
    EntryPut,
    EntryDelete,
    EntryUpdate,
}

/// A control of a numbered row in a builder's list, for
/// [`Catalogue::row_control`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowControl {
    /// The row's remove button.
    Remove,
    /// The picker of a write action's kind.
    Kind,
    /// A write action's item.
    Item,
}

/// What a call did, kept as facts so the log and history can word it in
/// whatever language the page speaks when they draw it.
#[derive(Clone, Debug, PartialEq)]
pub enum CallOutcome {
    /// The request could not be built: the exception's name.
    NotSent(&'static str),
    /// DynamoDB refused it: the exception's name.
    Failed(&'static str),
    Created,
    Deleted {
        items: u64,
    },
    /// A GetItem: found or not, its units ("0.5 RCU"), its consistency.
    Got {
        found: bool,
        units: String,
        strong: bool,
    },
    /// The units charged ("2 WCU", "1 RCU + 2 WCU"), `None` for nothing.
    Charged(Option<String>),
    /// A Query or Scan: items returned of items read, more pages or not.
    Read {
        count: u64,
        scanned: u64,
        more: bool,
        charged: Option<String>,
    },
    Ok,
}

/// One call's summary: the operation and table ("GetItem Music"), and
/// what happened.
#[derive(Clone, Debug, PartialEq)]
pub struct CallSummary {
    pub head: String,
    pub outcome: CallOutcome,
}

impl CallSummary {
    /// The summary in `lang`'s words.
    pub fn text(&self, lang: super::Lang) -> String {
        lang.tr().call_summary(self)
    }
}

/// A notice about the playground, kept as facts and worded when shown
/// ([`Catalogue::said`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// A fixed text.
    Fixed(Msg),
    /// The share link was copied: its length in characters.
    LinkCopied { length: usize },
    /// A file was exported: its name, and whether the format left things
    /// out (listed under the notice).
    Exported { name: String, partial: bool },
    /// A file was imported: its name, the NoSQL Workbench model (and its
    /// name) if it was one, and what it held.
    Imported { file: String, model: Option<Option<String>>, tables: usize, items: usize },
    /// A lesson was opened; `kept`: the playground before it is kept;
    /// `earlier`: the workspace that the playground kept before an earlier
    /// lesson became, so that it is not overwritten.
    LessonOpened { title: String, kept: bool, earlier: Option<String> },
    /// The playground was saved as the named workspace.
    WorkspaceSaved { name: String },
    /// A named workspace replaced the playground.
    WorkspaceOpened { name: String },
    /// A named workspace was deleted.
    WorkspaceDeleted { name: String },
    // ---- remaining texts (i18n2) ----
    /// The autosave failed.
    AutosaveFailed(StorageFailure),
    /// Saving a named workspace failed.
    WorkspaceNotSaved(StorageFailure),
    /// A named workspace could not be opened: missing (`None`), or its copy
    /// unreadable (the reader's message, passed on).
    WorkspaceNotOpened { name: String, reason: Option<String> },
    /// The share link in the address could not be read: the decoder's
    /// message, passed on.
    LinkUnreadable { reason: String },
    /// A chosen file was not imported.
    ImportFailed(FileFailure),
    /// An export's download could not be offered.
    ExportFailed(ExportStep),
    /// A lesson's document is being fetched.
    LessonLoading { title: String },
    /// A lesson's document did not arrive.
    LessonNotLoaded { title: String, reason: FetchFailure },
    /// A lesson was not opened because the current playground could not be
    /// kept: no storage at all, or the browser refused.
    LessonNotKept { no_storage: bool },
    /// "Restore" failed.
    NotRestored(RestoreFailure),
    /// An embed link for `view` (its title) was copied: its length.
    EmbedLinkCopied { view: Msg, length: usize },
    /// Several notices at once (a broken link and a broken autosave).
    Joined(Vec<Said>),
    /// The autosaved copy did not read at the start: why (DynamoDB's or
    /// the scenario reader's words, English), its size, the
    /// `localStorage` key it is kept under, whether that is the backup key
    /// (else it stayed where it was), whether the page started from the
    /// other copy (the saved one or the temporary one, else empty).
    SavedUnreadable { reason: String, bytes: usize, kept_under: String, backed_up: bool, started_from_copy: bool },
    /// Another tab autosaved over this tab's copy; `kept`: its copy is
    /// kept as the workspace `name`.
    OtherTabSaved { name: String, kept: bool },
    /// Text typed or pasted as a request was over DynamoDB's 16 MB request
    /// limit and was not read: its size ("50.0 MB").
    TextRefused { size: String },
}

/// Where the hot-key lab's run is, for [`Catalogue::lab_status`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabState {
    Finished,
    Running,
    Paused,
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

    /// "B costs 3× less than A" (`less`) or "… more than A".
    fn cost_ratio(&self, ratio: &str, less: bool) -> String;

    /// The single strip's label: "Live cost of this Query".
    fn live_cost_of(&self, operation: &str) -> String;

    /// A numbered row of a builder's list: "Key 2", "Action 1".
    fn numbered(&self, what: Msg, n: usize) -> String;

    /// A row's control: "Remove key 2", "Action 1 kind", "Action 1 item".
    fn row_control(&self, control: RowControl, what: Msg, n: usize) -> String;

    /// The raw editor's label: "Query request".
    fn operation_request(&self, operation: &str) -> String;

    /// Under the raw editor: where the form found the error.
    fn error_is_in(&self, member: &str) -> String;

    /// A table or index the builder names that no longer exists: "Music (missing)".
    fn missing(&self, name: &str) -> String;

    /// The run button: "Run Query".
    fn run_operation(&self, operation: &str) -> String;

    /// A size: "1,234 bytes".
    fn bytes(&self, n: usize) -> String;

    /// The live cost of a request DynamoDB would refuse.
    fn cost_refused(&self, error: &str) -> String;

    /// A request that fails after charged work.
    fn cost_failed(&self, error: &str, units: &str) -> String;

    /// A Query or Scan that read nothing still pays one block.
    fn cost_nothing_read(&self, query: bool, units: &str) -> String;

    /// "The filter removed 8 of 10 items, but all 10 were read: 1.5 RCU."
    fn cost_filter_removed(&self, removed: u64, scanned: u64, units: &str) -> String;

    /// A filter that removed nothing.
    fn cost_filter_kept(&self, scanned: u64, units: &str) -> String;

    /// "Read 10 items (10,000 bytes) and returned 10 items: 1.5 RCU."
    fn cost_read_returned(&self, scanned: u64, bytes: usize, returned: u64, units: &str) -> String;

    /// How a Query or Scan rounds: once per page.
    fn cost_summed(&self, scanned: u64, bytes: usize) -> String;

    /// A page cut short by Limit.
    fn cost_limit_stopped(&self, limit: u64) -> String;

    /// A GetItem: the item's size if found, and its consistency.
    fn cost_get(&self, found: Option<usize>, strong: bool, units: &str) -> String;

    /// A PutItem, UpdateItem or DeleteItem: what it pays for, in 1 KB blocks.
    fn cost_write(&self, operation: &str, bytes: usize, units: &str) -> String;

    /// A BatchGetItem rounds each item on its own.
    fn cost_batch_get(&self, bytes: usize, reads: usize, units: &str) -> String;

    /// A BatchWriteItem is billed like its single writes.
    fn cost_batch_write(&self, writes: usize, units: &str) -> String;

    /// A transaction costs double.
    fn cost_transaction(&self, actions: usize, units: &str) -> String;

    /// After a shortened list: "… and 3 more".
    fn and_more(&self, n: usize) -> String;

    /// What secondary indexes added in writes, per index, and in all.
    fn cost_index_writes(&self, parts: &str, total: &str) -> String;

    /// A read on an index is sized on its entries.
    fn cost_read_from_index(&self, index: &str) -> String;

    /// What fetching unprojected attributes from the table cost.
    fn cost_lsi_fetch(&self, units: &str) -> String;

    /// "Partitions touched: 1 (Music: partition 2 of 3)."
    fn touched_partitions(&self, total: usize, parts: &str) -> String;

    /// An index of a table: "Music index ByYear".
    fn table_index(&self, table: &str, index: &str) -> String;

    /// Which partitions (numbered from 1), of how many; all of them if `numbers` is empty.
    fn partitions_of(&self, numbers: &[usize], more: bool, of: usize) -> String;

    /// After an error's name: where the form found it.
    fn cost_not_request_in(&self, field: &str, message: &str) -> String;

    /// What following every page would cost.
    fn all_pages(&self, pages: usize, complete: bool, units: &str, returned: u64, scanned: u64, price: &str) -> String;

    /// A provisioned table: the share of one second's capacity.
    fn provisioned_share(&self, capacity: i64, unit: &str, percent: &str) -> String;

    /// "$0.188 per million such requests".
    fn per_million(&self, price: &str) -> String;

    /// The live cost's tooltip: how long the dry run took.
    fn dry_run_computed(&self, millis: &str) -> String;

    /// A lesson's seed (lecture), in its header and the lessons menu: "seed 003".
    fn seed(&self, seed: &str) -> String;

    /// "Step 2 of 6".
    fn step_of(&self, step: usize, steps: usize) -> String;

    /// A lesson's request in the checklist: how many were sent, how many
    /// items read and returned.
    fn checklist_read(&self, requests: u64, returned: u64, scanned: u64) -> String;

    /// The partition planner's arithmetic (figures already spelled).
    fn planner_math(
        &self,
        read: &str,
        write: &str,
        by_capacity: &str,
        size: &str,
        by_size: &str,
        partitions: u64,
    ) -> String;

    /// The shard planner's arithmetic: items, percent and how many share one
    /// key value (spelled), items per 4 KB block, item size, shards.
    fn shard_math(&self, items: &str, percent: &str, share: &str, per_block: u64, size: u64, shards: u64) -> String;

    /// A lab speed: engine seconds per real second (above one).
    fn seconds_per_second(&self, n: u32) -> String;

    /// The lab's status line: finished (`done == seconds`, `speed` unused),
    /// running at `speed`, or paused.
    fn lab_status(&self, state: LabState, speed: &str, done: u64, seconds: u64) -> String;

    /// The lab's second run: "Apply write sharding (4 shards) and rerun".
    fn apply_sharding(&self, shards: u64) -> String;

    /// The index view's first fact: "3 entries · 1,234 bytes".
    fn index_contents(&self, entries: u64, bytes: u64) -> String;

    /// "3 item collections".
    fn item_collections(&self, n: u64) -> String;

    /// "2 index partition keys": the distinct partition keys of an index.
    fn index_partition_keys(&self, n: u64) -> String;

    /// Index updates still to arrive: "2 updates on the way".
    fn updates_on_the_way(&self, n: u64) -> String;

    /// A backfilling index: "CREATING · backfilling, 1.2 s left · not queryable until ACTIVE".
    fn creating_backfilling(&self, wait: &str) -> String;

    /// The table view's title around the table's name: ("Items in ", "").
    fn items_in(&self) -> (&'static str, &'static str);

    /// Between an index's name and its table's: (" of ", "") for "GSI ByYear of Music".
    fn index_of_table(&self) -> (&'static str, &'static str);

    /// A PartiQL statement's access path: a Scan of `target`, or `reads`
    /// times `operation` on it ("a Query on Orders", "2 × GetItem on Orders").
    fn access_path(&self, scan: bool, operation: &str, reads: usize, target: &str) -> String;

    /// What a SELECT reads: all `read` items of the table (`of` is `None`),
    /// `read` of `of` on this page (`Some`), or, by key, `read` items; and
    /// what it returns. Follows the access path in [`Catalogue::statement_sentence`].
    fn statement_reads(&self, read: u64, of: Option<u64>, all: bool, returned: u64) -> String;

    /// "This SELECT is a Scan of Orders: it reads all 10,000 items, returns 12: 1,250 RCU".
    fn statement_sentence(&self, verb: &str, path: &str, reads: &str, cost: &str) -> String;

    /// The saved operations' heading: "Saved operations (3)".
    fn saved_operations(&self, n: usize) -> String;

    /// An expired item's timing: "expired 5 min ago · swept in 12 s".
    fn expired_ago(&self, ago: &str, swept_in: &str) -> String;

    /// "2 items expired but not yet deleted: GetItem, Query and Scan still return them."
    fn expired_items(&self, n: u64) -> String;

    /// The TTL panel's heading around the table's name: ("Time to Live of ", "").
    fn ttl_of(&self) -> (&'static str, &'static str);

    /// The TTL status: "ENABLED on expires".
    fn ttl_enabled_on(&self, attribute: &str) -> String;

    /// The engine clock's time in epoch seconds, and what it means for TTL.
    fn ttl_now(&self, now_seconds: u64) -> String;

    /// A stream shard's parent: "child of …a1b2c3d4".
    fn child_of(&self, parent: &str) -> String;

    /// "3 records".
    fn records(&self, n: u64) -> String;

    /// The stream's count: its label, its records, how many are shown if not all.
    fn stream_count(&self, label: &str, total: u64, shown: Option<usize>) -> String;

    /// The stream's shards: "2 shards: one per partition; …".
    fn stream_shards(&self, n: u64) -> String;

    /// The stream panel's heading around the table's name: ("Stream of ", "").
    fn stream_of(&self) -> (&'static str, &'static str);

    /// The one-line summary of a call: "GetItem Music → found, 0.5 RCU
    /// (eventually consistent)".
    fn call_summary(&self, summary: &CallSummary) -> String;

    /// The timeline's provisioned line: "provisioned (1,000 WCU)".
    fn provisioned_line(&self, capacity: u64, unit: &str) -> String;

    /// The burst bucket's caption: partition number and tokens left (spelled).
    fn burst_bucket(&self, partition: usize, tokens: &str) -> String;

    /// The heatmap's caption: seconds per column.
    fn heatmap_caption(&self, seconds_per_column: usize) -> String;

    /// The lab keyspace's caption: partitions, and how many splits for heat added.
    fn lab_keyspace(&self, partitions: usize, splits: usize) -> String;

    /// A run's summary line; `progress` is (second, of seconds) while it
    /// runs; `counts`: requests, throttled, throttled at the partition limit.
    fn lab_summary(
        &self,
        progress: Option<(u32, u32)>,
        counts: [u64; 3],
        percent: &str,
        consumed: &str,
        partitions: usize,
    ) -> String;

    /// The recent top keys' caption: "Top keys, last 10 s (like CloudWatch Contributor Insights)".
    fn top_keys_recent(&self, seconds: u64) -> String;

    /// A notice with values ([`Said`]), worded when shown.
    fn said(&self, said: &Said) -> String;
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

    // ---- remaining texts (i18n2) ----

    /// One rounding of the live cost's arithmetic: "read 10 items, 10000
    /// bytes: 3 × 4 KB blocks × 0.5 (eventually consistent) = 1.5 read units".
    fn rounding(&self, rounding: &Rounding) -> String;
    /// The console form's own parse error.
    fn form_problem(&self, problem: &FormProblem) -> String;
    /// Switching editors failed: "Stayed in raw mode: …" (`form`: stayed in the form).
    fn stayed_in(&self, form: bool, reason: &str) -> String;
    /// Why the hot-key lab cannot run.
    fn lab_problem(&self, problem: &LabProblem) -> String;
    /// A hot-key lab run's title.
    fn lab_title(&self, title: &LabTitle) -> String;
    /// A heatmap cell's hover text: partition, seconds from–to, units consumed (spelled), requests throttled.
    fn heat_cell(&self, partition: usize, from: usize, to: usize, consumed: &str, throttled: u64) -> String;
    /// The heatmap's accessible label.
    fn heatmap_label(&self, partitions: usize, done: u32, seconds: usize, throttled_cells: usize) -> String;
    /// The lab keyspace band's accessible label.
    fn lab_band_label(&self, partitions: usize) -> String;
    /// Splits for heat during a run: (second, partition number) each.
    fn heat_splits(&self, splits: &[(u64, usize)]) -> String;
    /// After a long string cut short in a cell: "(12,345 characters)".
    fn cut_note(&self, chars: u64) -> String;
    /// A long string's size on hover: "12,345 characters, 12,346 bytes".
    fn string_size(&self, chars: u64, bytes: u64) -> String;
    /// An embed link naming no known view; `known`: the views' ids.
    fn no_such_view(&self, unknown: &str, known: &str) -> String;
    /// A span of time in whole units: "12 s", "4 min 20 s", "1 h 5 min", "2 d 3 h".
    fn span(&self, seconds: u64) -> String;
    /// An import's or an export's warning (listed under its notice).
    fn warning(&self, warning: &Warning) -> String;
    // ---- long text (hardening) ----

    /// After the shown part of a long text: "… 1,048,612 more bytes not shown."
    fn text_cut(&self, bytes: &str) -> String;
    /// The code view's text for a request too long to draw: its size in bytes.
    fn code_deferred(&self, bytes: &str) -> String;
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
    const SAME_AS_ENGLISH: &[(Lang, Msg)] = &[
        (Lang::De, Msg::Optional),
        (Lang::De, Msg::TypeString),
        (Lang::De, Msg::TypeNumber),
        (Lang::De, Msg::TypeBinary),
        (Lang::De, Msg::CodeTitle),
        (Lang::Ja, Msg::KeyCtrl),
        (Lang::De, Msg::TabItems),
        (Lang::De, Msg::WelcomeHintEnd),
        (Lang::De, Msg::SentenceEnd),
        (Lang::De, Msg::Operation),
        (Lang::De, Msg::EditorLabel),
        (Lang::Ja, Msg::RawJson),
        (Lang::De, Msg::HintJson),
        (Lang::De, Msg::VerdictQuery),
        (Lang::De, Msg::Workload),
        (Lang::De, Msg::GetEventual),
        (Lang::De, Msg::Shards),
        (Lang::De, Msg::Seed),
        (Lang::De, Msg::Name),
        // JSON's null, as AWS Japan's documentation writes it.
        (Lang::Ja, Msg::HoverNull),
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
        // Kana, kanji, or Japanese punctuation (a closing "。").
        let kana_or_kanji = |c: char| matches!(c, '\u{3000}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}');
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
        assert_eq!(en.cost_ratio("3×", true), "B costs 3× less than A");
        assert_eq!(en.cost_ratio("1.5×", false), "B costs 1.5× more than A");
        assert_eq!(en.live_cost_of("Query"), "Live cost of this Query");
        assert_eq!(en.numbered(Msg::Key, 2), "Key 2");
        assert_eq!(en.numbered(Msg::Action, 1), "Action 1");
        assert_eq!(en.row_control(RowControl::Remove, Msg::Key, 2), "Remove key 2");
        assert_eq!(en.row_control(RowControl::Remove, Msg::Action, 1), "Remove action 1");
        assert_eq!(en.row_control(RowControl::Kind, Msg::Action, 1), "Action 1 kind");
        assert_eq!(en.row_control(RowControl::Item, Msg::Action, 3), "Action 3 item");
        assert_eq!(en.operation_request("Query"), "Query request");
        assert_eq!(en.error_is_in("Item"), "The error is in Item: switch to the form to see it underlined.");
        assert_eq!(en.missing("Music"), "Music (missing)");
        assert_eq!(en.run_operation("Query"), "Run Query");
        // The live cost, as cost.rs wrote it before.
        assert_eq!(en.bytes(1_234), "1,234 bytes");
        assert_eq!(
            en.cost_refused("ValidationException"),
            "This request would be refused (ValidationException), and a refused request costs nothing."
        );
        assert_eq!(
            en.cost_nothing_read(true, "0.5 RCU"),
            "Nothing matched the key condition, yet a read always costs at least one 4 KB block: 0.5 RCU."
        );
        assert_eq!(
            en.cost_nothing_read(false, "0.5 RCU"),
            "The table is empty, yet a read always costs at least one 4 KB block: 0.5 RCU."
        );
        // 10 read, 2 kept: 8 removed.
        assert_eq!(
            en.cost_filter_removed(8, 10, "1.5 RCU"),
            "The filter removed 8 of 10 items, but all 10 were read: 1.5 RCU."
        );
        assert_eq!(en.cost_filter_kept(1, "0.5 RCU"), "The filter kept all 1 item read: 0.5 RCU.");
        assert_eq!(
            en.cost_read_returned(1_000, 10_000, 1, "1.5 RCU"),
            "Read 1,000 items (10,000 bytes) and returned 1 item: 1.5 RCU."
        );
        assert_eq!(
            en.cost_summed(3, 300),
            "The 3 items read are summed (300 bytes) and rounded up to 4 KB once per page, not item by item."
        );
        assert_eq!(
            en.cost_get(Some(5_000), false, "1 RCU"),
            "Found an item of 5,000 bytes, rounded up to 4 KB blocks (eventually consistent: half price): 1 RCU."
        );
        assert_eq!(
            en.cost_get(None, true, "1 RCU"),
            "No item has this key, yet the read still costs one 4 KB block (strongly consistent: full price): 1 RCU."
        );
        assert_eq!(
            en.cost_write("UpdateItem", 90, "1 WCU"),
            "An update pays for the larger of the item before and after (90 bytes), in 1 KB blocks: 1 WCU."
        );
        assert_eq!(
            en.cost_transaction(2, "4 WCU"),
            "A transaction costs double: each item is rounded on its own, then × 2 (2 actions): 4 WCU."
        );
        assert_eq!(en.and_more(3), "… and 3 more");
        let parts = format!("{}; {}", en.table_index("Music", "ByYear"), en.partitions_of(&[1, 2], false, 3));
        assert_eq!(
            en.touched_partitions(3, &parts),
            "Partitions touched: 3 (Music index ByYear; partitions 1, 2 of 3)."
        );
        assert_eq!(en.partitions_of(&[2], false, 3), "partition 2 of 3");
        assert_eq!(en.partitions_of(&[], false, 4), "all 4 partitions");
        assert_eq!(en.partitions_of(&[1, 2, 3, 4, 5, 6, 7, 8], true, 9), "partitions 1, 2, 3, 4, 5, 6, 7, 8, … of 9");
        assert_eq!(
            en.all_pages(1_000, false, "6 RCU", 40, 1_200, "$0.00075"),
            "All pages: 1,000 pages (at least; the preview stops there), 6 RCU in total, 40 of 1,200 items returned · \
             $0.00075 on demand."
        );
        assert_eq!(
            en.provisioned_share(5, "RCU", "10 %"),
            "The table is provisioned with 5 RCU per second: this request uses 10 % of one second's capacity."
        );
        assert_eq!(en.per_million("$0.125"), "$0.125 per million such requests");
        assert_eq!(en.dry_run_computed("0.4"), "dry run computed in 0.4 ms");
        assert_eq!(en.cost_not_request_in("Limit", "oops"), " in Limit: oops");
        assert_eq!(en.seed("003"), "seed 003");
        assert_eq!(en.step_of(1, 6), "Step 1 of 6");
        assert_eq!(en.checklist_read(1, 1, 1), "1 item");
        assert_eq!(en.checklist_read(1, 3, 3), "3 items");
        assert_eq!(en.checklist_read(2, 2, 1_600), "2 requests, 2 of 1,600 items read");
        assert_eq!(
            en.planner_math("5000", "500", "2.17", "8", "0.8", 3),
            "by capacity 5000 / 3,000 + 500 / 1,000 = 2.17; by size 8 GB / 10 GB = 0.8; ceil(max) = 3"
        );
        assert_eq!(
            en.shard_math("3,000,000", "20", "600,000", 16, 250, 13),
            "3,000,000 items × 20 % = 600,000 share one key value; one partition reads 3,000 × 16 items of 250 B per \
             second → ceil = 13"
        );
        assert_eq!(en.seconds_per_second(10), "10 s per second");
        assert_eq!(en.lab_status(LabState::Finished, "", 60, 60), "Finished: 60 s simulated.");
        assert_eq!(
            en.lab_status(LabState::Running, "10 s per second", 3, 60),
            "Running at 10 s per second · second 3 of 60"
        );
        assert_eq!(en.lab_status(LabState::Paused, "", 3, 60), "Paused at second 3 of 60");
        assert_eq!(en.apply_sharding(4), "Apply write sharding (4 shards) and rerun");
        assert_eq!(en.index_contents(1, 1), "1 entry · 1 byte");
        assert_eq!(en.index_contents(3, 1_234), "3 entries · 1,234 bytes");
        assert_eq!(en.item_collections(1), "1 item collection");
        assert_eq!(en.item_collections(2), "2 item collections");
        assert_eq!(en.index_partition_keys(2), "2 index partition keys");
        assert_eq!(en.updates_on_the_way(1), "1 update on the way");
        assert_eq!(en.creating_backfilling("1.2 s"), "CREATING · backfilling, 1.2 s left · not queryable until ACTIVE");
        let (before, after) = en.items_in();
        assert_eq!(format!("{before}Music{after}"), "Items in Music");
        let (between, after) = en.index_of_table();
        assert_eq!(format!("GSI ByYear{between}Music{after}"), "GSI ByYear of Music");
        assert_eq!(en.access_path(true, "Scan", 1, "Orders"), "a Scan of Orders");
        assert_eq!(en.access_path(false, "Query", 1, "Orders.ByDate"), "a Query on Orders.ByDate");
        assert_eq!(en.access_path(false, "GetItem", 2, "Orders"), "2 × GetItem on Orders");
        assert_eq!(en.access_path(false, "UpdateItem", 1, "Orders"), "an UpdateItem on Orders");
        assert_eq!(en.access_path(false, "PutItem", 1, "Orders"), "a PutItem on Orders");
        // A Scan of all 10,000 items returning 12, at 1,250 RCU.
        let reads = en.statement_reads(10_000, None, true, 12);
        assert_eq!(
            en.statement_sentence("SELECT", "a Scan of Orders", &reads, "1,250 RCU"),
            "This SELECT is a Scan of Orders: it reads all 10,000 items, returns 12: 1,250 RCU"
        );
        assert_eq!(en.statement_reads(4, Some(10), false, 1), ": it reads 4 of 10 items on this page, returns 1");
        assert_eq!(en.statement_reads(1, None, false, 1), ": it reads 1 item, returns 1");
        assert_eq!(en.saved_operations(3), "Saved operations (3)");
        assert_eq!(en.expired_ago("5 min", "12 s"), "expired 5 min ago · swept in 12 s");
        assert_eq!(en.expired_items(1), "1 item expired but not yet deleted: GetItem, Query and Scan still return it.");
        assert_eq!(
            en.expired_items(2),
            "2 items expired but not yet deleted: GetItem, Query and Scan still return them."
        );
        let (before, after) = en.ttl_of();
        assert_eq!(format!("{before}Music{after}"), "Time to Live of Music");
        assert_eq!(en.ttl_enabled_on("expires"), "ENABLED on expires");
        assert_eq!(
            en.ttl_now(1_700_000_000),
            "Now: 1700000000 (the engine clock, epoch seconds): an item whose TTL attribute is at most this has expired."
        );
        assert_eq!(en.child_of("…a1b2c3d4"), "child of …a1b2c3d4");
        assert_eq!(en.records(1), "1 record");
        assert_eq!(en.records(3), "3 records");
        assert_eq!(en.stream_count("…abc", 1, None), "Stream …abc: 1 record, newest first.");
        assert_eq!(en.stream_count("…abc", 60, Some(50)), "Stream …abc: 60 records (the last 50 shown), newest first.");
        assert_eq!(
            en.stream_shards(1),
            "1 shard: one per partition; a partition that split closed its shard and opened one per half"
        );
        let (before, after) = en.stream_of();
        assert_eq!(format!("{before}Music{after}"), "Stream of Music");
        // The one-line summaries of calls, as state.rs wrote them.
        let said = |head: &str, outcome: CallOutcome| en.call_summary(&CallSummary { head: head.into(), outcome });
        assert_eq!(
            said("PutItem Music", CallOutcome::NotSent("ValidationException")),
            "PutItem Music → not sent: ValidationException"
        );
        assert_eq!(
            said("GetItem Music", CallOutcome::Failed("ResourceNotFoundException")),
            "GetItem Music → ResourceNotFoundException"
        );
        assert_eq!(said("CreateTable Music", CallOutcome::Created), "CreateTable Music → created");
        assert_eq!(
            said("DeleteTable Music", CallOutcome::Deleted { items: 1 }),
            "DeleteTable Music → deleted with 1 item"
        );
        let got = CallOutcome::Got { found: true, units: "0.5 RCU".into(), strong: false };
        assert_eq!(said("GetItem Music", got), "GetItem Music → found, 0.5 RCU (eventually consistent)");
        let got = CallOutcome::Got { found: false, units: "1 RCU".into(), strong: true };
        assert_eq!(said("GetItem Music", got), "GetItem Music → not found, 1 RCU (strongly consistent)");
        assert_eq!(said("PutItem Music", CallOutcome::Charged(Some("2 WCU".into()))), "PutItem Music → 2 WCU");
        assert_eq!(said("UpdateItem Music", CallOutcome::Charged(None)), "UpdateItem Music → nothing charged");
        let read = CallOutcome::Read { count: 1, scanned: 3, more: true, charged: Some("0.5 RCU".into()) };
        assert_eq!(said("Query Music", read), "Query Music → 1 of 3 items read, more pages, 0.5 RCU");
        let read = CallOutcome::Read { count: 0, scanned: 1, more: false, charged: None };
        assert_eq!(said("Scan Music", read), "Scan Music → 0 of 1 item read, nothing charged");
        assert_eq!(said("ListTables", CallOutcome::Ok), "ListTables → OK");
        // Notices, as persist.rs and lesson_nav.rs wrote them.
        assert_eq!(
            en.said(&Said::LinkCopied { length: 812 }),
            "Link copied to the clipboard: 812 characters (it is also in the address bar)."
        );
        assert!(en.said(&Said::LinkCopied { length: 9_000 }).ends_with("for big scenarios, Export a file instead."));
        assert_eq!(en.said(&Said::Exported { name: "a.json".into(), partial: false }), "Exported a.json.");
        assert_eq!(
            en.said(&Said::Exported { name: "a.yaml".into(), partial: true }),
            "Exported a.yaml. Not in the file:"
        );
        let imported = Said::Imported { file: "m.json".into(), model: Some(Some("Music".into())), tables: 2, items: 5 };
        assert_eq!(en.said(&imported), "Imported m.json (NoSQL Workbench model \"Music\"): 2 table(s), 5 item(s).");
        let imported = Said::Imported { file: "s.json".into(), model: None, tables: 1, items: 1 };
        assert_eq!(en.said(&imported), "Imported s.json: 1 table(s), 1 item(s).");
        assert_eq!(
            en.said(&Said::LessonOpened { title: "Voting".into(), kept: true, earlier: None }),
            "Opened the lesson “Voting”. Your previous playground is kept: “Restore my playground” in the lesson panel \
             brings it back."
        );
        assert_eq!(
            en.said(&Said::LessonOpened { title: "Voting".into(), kept: true, earlier: Some("Kurs A".into()) }),
            "Opened the lesson “Voting”. Your previous playground is kept: “Restore my playground” in the lesson panel \
             brings it back. The playground kept before an earlier lesson is now the workspace “Kurs A”."
        );
        assert_eq!(en.said(&Said::Fixed(Msg::PlaygroundBack)), "Your playground is back.");
        // The hot-key lab's charts.
        assert_eq!(en.provisioned_line(1_000, "WCU"), "provisioned (1,000 WCU)");
        assert_eq!(en.burst_bucket(2, "12.5"), "Burst bucket of P2 (the hottest partition): 12.5 tokens left");
        assert_eq!(en.heatmap_caption(2), "Partition × time (2 s per column) · blue: consumed, red: throttled");
        assert_eq!(en.lab_keyspace(1, 0), "Keyspace of the lab table: 1 partition");
        assert_eq!(en.lab_keyspace(3, 2), "Keyspace of the lab table: 3 partitions, 2 added by splits for heat");
        // 90,000 requests in 60 s, a third throttled: 33.3 %.
        assert_eq!(
            en.lab_summary(None, [90_000, 30_000, 0], "33.3", "60,000 WCU", 1),
            "90,000 requests, 30,000 throttled (33.3%), 0 of them at the 1,000 WCU / 3,000 RCU per-partition limit · \
             60,000 WCU consumed · 1 partitions"
        );
        assert!(en.lab_summary(Some((3, 60)), [1, 0, 0], "0", "1 WCU", 1).starts_with("second 3 of 60 · 1 requests"));
        assert_eq!(en.top_keys_recent(10), "Top keys, last 10 s (like CloudWatch Contributor Insights)");
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
            has(tr.cost_ratio("3×", true), "3×");
            has(tr.cost_ratio("3×", false), "3×");
            has(tr.live_cost_of("Query"), "Query");
            has(tr.numbered(Msg::Action, 7), lang.t(Msg::Action));
            for control in [RowControl::Remove, RowControl::Kind, RowControl::Item] {
                has(tr.row_control(control, Msg::Key, 7), "7");
            }
            has(tr.operation_request("Query"), "Query");
            has(tr.error_is_in("Item"), "Item");
            has(tr.missing("Music"), "Music");
            has(tr.run_operation("Query"), "Query");
            has(tr.bytes(1_234), &lang.count(1_234));
            has(tr.cost_refused("ValidationException"), "ValidationException");
            has(tr.cost_failed("TransactionCanceledException", "2 WCU"), "TransactionCanceledException");
            has(tr.cost_failed("TransactionCanceledException", "2 WCU"), "2 WCU");
            for query in [true, false] {
                has(tr.cost_nothing_read(query, "0,5 RCU"), "0,5 RCU");
            }
            has(tr.cost_filter_removed(8, 1_000, "1,5 RCU"), "8");
            has(tr.cost_filter_removed(8, 1_000, "1,5 RCU"), &lang.count(1_000));
            has(tr.cost_filter_kept(10, "1,5 RCU"), "1,5 RCU");
            has(tr.cost_read_returned(10, 10_000, 7, "1,5 RCU"), &lang.count(10_000));
            has(tr.cost_read_returned(10, 10_000, 7, "1,5 RCU"), "7");
            has(tr.cost_summed(10, 10_000), &lang.count(10_000));
            has(tr.cost_limit_stopped(5), "Limit 5");
            for strong in [true, false] {
                has(tr.cost_get(Some(5_000), strong, "1 RCU"), &lang.count(5_000));
                has(tr.cost_get(None, strong, "1 RCU"), "1 RCU");
            }
            for operation in ["PutItem", "UpdateItem", "DeleteItem"] {
                has(tr.cost_write(operation, 2_048, "3 WCU"), "3 WCU");
            }
            has(tr.cost_batch_get(9_000, 3, "1,5 RCU"), &lang.count(9_000));
            has(tr.cost_batch_write(4, "4 WCU"), "4 WCU");
            has(tr.cost_transaction(2, "4 WCU"), "4 WCU");
            has(tr.and_more(3), "3");
            has(tr.cost_index_writes("ByYear (GSI, put): 1 WCU", "1 WCU"), "ByYear (GSI, put): 1 WCU");
            has(tr.cost_read_from_index("ByYear"), "ByYear");
            has(tr.cost_lsi_fetch("0,5 RCU"), "0,5 RCU");
            has(tr.touched_partitions(3, "Music"), "Music");
            has(tr.table_index("Music", "ByYear"), "ByYear");
            has(tr.partitions_of(&[2, 3], true, 9), "2, 3");
            has(tr.partitions_of(&[], false, 9), "9");
            has(tr.cost_not_request_in("Limit", "oops"), "oops");
            has(tr.all_pages(1_000, false, "6 RCU", 40, 1_200, "0,5 $"), &lang.count(1_200));
            has(tr.all_pages(1_000, true, "6 RCU", 40, 1_200, "0,5 $"), "0,5 $");
            has(tr.provisioned_share(5, "RCU", "12,5 %"), "12,5 %");
            has(tr.per_million("0,125 $"), "0,125 $");
            has(tr.dry_run_computed("0,4"), "0,4");
            has(tr.seed("003"), "003");
            has(tr.step_of(2, 6), "2");
            has(tr.step_of(2, 6), "6");
            has(tr.checklist_read(2, 2, 1_600), &lang.count(1_600));
            has(tr.checklist_read(1, 3, 3), "3");
            has(tr.planner_math("5000", "500", "2,17", "8", "0,8", 3), "2,17");
            has(tr.planner_math("5000", "500", "2,17", "8", "0,8", 3), "= 3");
            has(tr.shard_math("3.000.000", "20", "600.000", 16, 250, 13), "600.000");
            has(tr.shard_math("3.000.000", "20", "600.000", 16, 250, 13), "= 13");
            has(tr.seconds_per_second(30), "30");
            for state in [LabState::Finished, LabState::Running, LabState::Paused] {
                has(tr.lab_status(state, "x", 3, 60), "60");
            }
            has(tr.lab_status(LabState::Running, "30 s", 3, 60), "30 s");
            has(tr.apply_sharding(4), "4");
            has(tr.index_contents(3, 1_234), &lang.count(1_234));
            has(tr.item_collections(2), "2");
            has(tr.index_partition_keys(2), "2");
            has(tr.updates_on_the_way(2), "2");
            has(tr.creating_backfilling("1,2 s"), "1,2 s");
            has(tr.access_path(true, "Scan", 1, "Orders"), "Orders");
            has(tr.access_path(false, "GetItem", 2, "Orders"), "2");
            has(tr.statement_reads(10_000, None, true, 12), &lang.count(10_000));
            has(tr.statement_reads(4, Some(10_000), false, 1), &lang.count(10_000));
            has(tr.statement_reads(4, None, false, 3), "3");
            has(tr.statement_sentence("SELECT", "Scan", "", "1 RCU"), "SELECT");
            has(tr.statement_sentence("SELECT", "Scan", "", "1 RCU"), "1 RCU");
            has(tr.saved_operations(3), "3");
            has(tr.expired_ago("5 min", "12 s"), "5 min");
            has(tr.expired_ago("5 min", "12 s"), "12 s");
            has(tr.expired_items(2), "2");
            has(tr.ttl_enabled_on("expires"), "expires");
            has(tr.ttl_now(1_700_000_000), "1700000000");
            has(tr.child_of("…a1b2"), "…a1b2");
            has(tr.records(3), "3");
            has(tr.stream_count("…abc", 60, Some(50)), "50");
            has(tr.stream_count("…abc", 60, Some(50)), "60");
            has(tr.stream_shards(2), "2");
            has(tr.provisioned_line(1_000, "WCU"), &lang.count(1_000));
            has(tr.burst_bucket(2, "12,5"), "12,5");
            has(tr.heatmap_caption(2), "2");
            has(tr.lab_keyspace(3, 2), "3");
            has(tr.lab_summary(Some((3, 60)), [90_000, 30_000, 7], "33,3", "1 WCU", 4), &lang.count(90_000));
            has(tr.lab_summary(Some((3, 60)), [90_000, 30_000, 7], "33,3", "1 WCU", 4), "33,3");
            has(tr.lab_summary(Some((3, 60)), [90_000, 30_000, 7], "33,3", "1 WCU", 4), "60");
            has(tr.top_keys_recent(10), "10");
            has(tr.said(&Said::LinkCopied { length: 812 }), "812");
            has(tr.said(&Said::Exported { name: "a.json".into(), partial: true }), "a.json");
            let imported =
                Said::Imported { file: "m.json".into(), model: Some(Some("Music".into())), tables: 2, items: 5 };
            has(tr.said(&imported), "Music");
            has(tr.said(&imported), "m.json");
            has(tr.said(&Said::LessonOpened { title: "Voting".into(), kept: true, earlier: None }), "Voting");
            let earlier = Said::LessonOpened { title: "Voting".into(), kept: true, earlier: Some("Kurs B".into()) };
            has(tr.said(&earlier), "Kurs B");
            has(tr.said(&Said::WorkspaceSaved { name: "Kurs A".into() }), "Kurs A");
            has(tr.said(&Said::WorkspaceOpened { name: "Kurs A".into() }), "Kurs A");
            has(tr.said(&Said::WorkspaceDeleted { name: "Kurs A".into() }), "Kurs A");
            let outcomes = [
                CallOutcome::NotSent("ValidationException"),
                CallOutcome::Failed("ResourceNotFoundException"),
                CallOutcome::Deleted { items: 12_345 },
                CallOutcome::Got { found: true, units: "0.5 RCU".into(), strong: true },
                CallOutcome::Charged(Some("1.5 WCU".into())),
                CallOutcome::Read { count: 2, scanned: 12_345, more: true, charged: Some("1.5 RCU".into()) },
            ];
            let parts = [
                "ValidationException",
                "ResourceNotFoundException",
                "12",
                &lang.figure("0.5 RCU"),
                &lang.figure("1.5 WCU"),
                &lang.figure("1.5 RCU"),
            ];
            for (outcome, part) in outcomes.into_iter().zip(parts) {
                let text = CallSummary { head: "Query Music".into(), outcome }.text(lang);
                assert!(text.starts_with("Query Music → "), "{lang:?}: {text}");
                has(text, part);
            }
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
            for (before, after) in
                [tr.indexes_of(), tr.marked_columns(), tr.editor_hint(), tr.items_in(), tr.ttl_of(), tr.stream_of()]
            {
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

    // ---- remaining texts (i18n2) ----

    use crate::engine::capacity::{Charge, Consistency, EntryAction, Scope};

    /// Charges covering every place, verb and factor of a rounding.
    fn charges() -> Vec<Charge> {
        vec![
            Charge::read("t", 10, 10_000, Consistency::Eventual),
            Charge::read("t", 1, 5_000, Consistency::Strong),
            Charge::write("t", Some(2_000), Some(100)),
            Charge::transactional_read("t", 0),
            Charge::transactional_write("t", 1_536),
            Charge::index_write("t", "g", true, EntryAction::Put, 120, false),
            Charge::index_write("t", "g", true, EntryAction::Delete, 1_517, false),
            Charge::index_write("t", "l", false, EntryAction::Update, 10, true),
            Charge::read("t", 4, 180, Consistency::Eventual).on(Scope::Index {
                name: "g".into(),
                global: true,
                action: None,
            }),
            Charge::read("t", 1, 300, Consistency::Eventual).on(Scope::Fetch { index: "l".into() }),
        ]
    }

    #[test]
    fn english_roundings_are_the_engines_words() {
        for charge in charges() {
            assert_eq!(Lang::En.tr().rounding(&charge.rounding()), charge.describe());
        }
        // 10,000 bytes: ceil(10000 / 4096) = 3 blocks × 0.5 = 1.5.
        assert_eq!(
            Lang::En.tr().rounding(&charges()[0].rounding()),
            "read 10 items, 10000 bytes: 3 × 4 KB blocks × 0.5 (eventually consistent) = 1.5 read units"
        );
    }

    #[test]
    fn roundings_in_german_and_japanese() {
        let all = charges();
        let de = Lang::De.tr();
        assert_eq!(
            de.rounding(&all[0].rounding()),
            "10 Items gelesen, 10000 Bytes: 3 × 4-KB-Blöcke × 0,5 (eventually consistent) = 1,5 Leseeinheiten"
        );
        // 1,536 bytes: ceil(1536 / 1024) = 2 blocks, × 2 in a transaction = 4.
        assert_eq!(
            de.rounding(&all[4].rounding()),
            "1 Item geschrieben, 1536 Bytes: 2 × 1-KB-Blöcke × 2 (Transaktion) = 4 Schreibeinheiten"
        );
        assert_eq!(
            de.rounding(&all[8].rounding()),
            "Index g (GSI): 4 Einträge gelesen, 180 Bytes: 1 × 4-KB-Blöcke × 0,5 (eventually consistent) = 0,5 Leseeinheiten"
        );
        let ja = Lang::Ja.tr();
        assert_eq!(
            ja.rounding(&all[0].rounding()),
            "項目 10 件を読み取り、10000 バイト: 3 × 4 KB ブロック × 0.5 (結果整合性のある読み込み) = 1.5 読み取りユニット"
        );
        assert_eq!(
            ja.rounding(&all[9].rounding()),
            "LSI l のためにテーブルから取得: 項目 1 件を読み取り、300 バイト: 1 × 4 KB ブロック × 0.5 (結果整合性のある読み込み) = 0.5 読み取りユニット"
        );
        // Every rounding differs from English and holds its figures.
        for lang in [Lang::De, Lang::Ja] {
            for charge in &all {
                let text = lang.tr().rounding(&charge.rounding());
                assert_ne!(text, charge.describe(), "{lang:?}");
                assert!(text.contains(&charge.bytes.to_string()), "{lang:?}: {text}");
                assert!(text.contains(&lang.figure(&charge.units.to_string())), "{lang:?}: {text}");
            }
        }
    }

    /// Every fact of this block, one of each kind.
    fn remaining_facts() -> Vec<Said> {
        let refused = StorageFailure::Refused { kb: 12, message: None };
        let browser = StorageFailure::Refused { kb: 12, message: Some("QuotaExceededError".into()) };
        vec![
            Said::AutosaveFailed(StorageFailure::NoStorage),
            Said::AutosaveFailed(refused.clone()),
            Said::AutosaveFailed(browser.clone()),
            Said::WorkspaceNotSaved(StorageFailure::NoStorage),
            Said::WorkspaceNotSaved(refused),
            Said::WorkspaceNotSaved(browser),
            Said::WorkspaceNotOpened { name: "Kurs A".into(), reason: None },
            Said::WorkspaceNotOpened { name: "Kurs A".into(), reason: Some("Invalid scenario: x".into()) },
            Said::LinkUnreadable { reason: "The share link is damaged.".into() },
            Said::SavedUnreadable {
                reason: "Invalid scenario: x".into(),
                bytes: 2_000,
                kept_under: "ddb-playground/backup".into(),
                backed_up: true,
                started_from_copy: false,
            },
            Said::ImportFailed(FileFailure::TooLarge { name: "big.json".into(), mb: 8 }),
            Said::ImportFailed(FileFailure::NoReader),
            Said::ImportFailed(FileFailure::Refused { name: "m.json".into(), message: "Invalid model".into() }),
            Said::ImportFailed(FileFailure::NotText { name: "m.json".into() }),
            Said::ImportFailed(FileFailure::Unreadable { name: "m.json".into() }),
            Said::ExportFailed(ExportStep::NoWindow),
            Said::ExportFailed(ExportStep::NoDocument),
            Said::ExportFailed(ExportStep::NoFile),
            Said::ExportFailed(ExportStep::NoObjectUrl),
            Said::ExportFailed(ExportStep::NoLinkElement),
            Said::LessonLoading { title: "Voting".into() },
            Said::LessonNotLoaded { title: "Voting".into(), reason: FetchFailure::NoWindow },
            Said::LessonNotLoaded { title: "Voting".into(), reason: FetchFailure::Network },
            Said::LessonNotLoaded { title: "Voting".into(), reason: FetchFailure::NoResponse },
            Said::LessonNotLoaded { title: "Voting".into(), reason: FetchFailure::Http(404) },
            Said::LessonNotLoaded { title: "Voting".into(), reason: FetchFailure::NoBody },
            Said::LessonNotLoaded { title: "Voting".into(), reason: FetchFailure::BodyLost },
            Said::LessonNotLoaded { title: "Voting".into(), reason: FetchFailure::NotText },
            Said::LessonNotKept { no_storage: true },
            Said::LessonNotKept { no_storage: false },
            Said::NotRestored(RestoreFailure::NoStorage),
            Said::NotRestored(RestoreFailure::NothingKept),
            Said::NotRestored(RestoreFailure::Unreadable {
                reason: "Invalid scenario: x".into(),
                kept_under: "ddb-playground/backup".into(),
            }),
            Said::EmbedLinkCopied { view: Msg::EmbedPartitionMap, length: 1_234 },
            Said::Joined(vec![Said::Fixed(Msg::EngineBusy), Said::LessonNotKept { no_storage: true }]),
        ]
    }

    #[test]
    fn english_notices_are_unchanged() {
        let en = Lang::En.tr();
        let words: Vec<String> = remaining_facts().iter().map(|said| en.said(said)).collect();
        let unchanged = "Nothing was changed: the playground is as it was.";
        let expected = [
            "Autosave failed: this browser offers no local storage.".to_string(),
            "Autosave failed: the scenario (12 KB) could not be saved: the browser refused. The copy saved before is \
             kept; export the playground to keep this version."
                .into(),
            "Autosave failed: the scenario (12 KB) could not be saved: QuotaExceededError. The copy saved before is \
             kept; export the playground to keep this version."
                .into(),
            "this browser offers no local storage".into(),
            "The workspace (12 KB) could not be saved: the browser refused.".into(),
            "The workspace (12 KB) could not be saved: QuotaExceededError.".into(),
            format!("There is no workspace \"Kurs A\". {unchanged}"),
            format!("The workspace \"Kurs A\" could not be read. Invalid scenario: x {unchanged}"),
            format!("The share link is damaged. {unchanged}"),
            "The autosaved playground (2,000 bytes) could not be read. The page started empty. It is kept in \
             localStorage under \"ddb-playground/backup\". Invalid scenario: x"
                .into(),
            format!("big.json is larger than 8 MB; it was not read. {unchanged}"),
            format!("This browser cannot read files. {unchanged}"),
            format!("m.json: Invalid model {unchanged}"),
            format!("m.json could not be read as text. {unchanged}"),
            format!("m.json could not be read. {unchanged}"),
            "Export failed: no browser window.".into(),
            "Export failed: no document.".into(),
            "Export failed: the browser could not build the file.".into(),
            "Export failed: no object URL.".into(),
            "Export failed: no link element.".into(),
            "Loading the lesson “Voting” …".into(),
            "The lesson “Voting” could not be loaded: no window.".into(),
            "The lesson “Voting” could not be loaded: the network request failed.".into(),
            "The lesson “Voting” could not be loaded: no response.".into(),
            "The lesson “Voting” could not be loaded: HTTP 404.".into(),
            "The lesson “Voting” could not be loaded: no body.".into(),
            "The lesson “Voting” could not be loaded: the body did not arrive.".into(),
            "The lesson “Voting” could not be loaded: the body is not text.".into(),
            "The lesson was not opened: this browser offers no local storage.".into(),
            "The lesson was not opened: the browser refused to keep a copy of the current playground.".into(),
            "Nothing was restored: this browser offers no local storage.".into(),
            "Nothing was restored: there is no kept playground.".into(),
            "Nothing was restored: Invalid scenario: x. The unreadable copy is kept in localStorage under \
             \"ddb-playground/backup\"."
                .into(),
            "Embed link for the partition map copied (1234 characters): use it as the src of an <iframe> on a slide. \
             It shows this playground as it is now; the embedded page never saves."
                .into(),
            "The engine is busy; try again. The lesson was not opened: this browser offers no local storage.".into(),
        ];
        assert_eq!(words, expected);
    }

    #[test]
    fn notices_are_translated_and_pass_reasons_on() {
        let facts = remaining_facts();
        for lang in [Lang::De, Lang::Ja] {
            for said in &facts {
                let text = lang.tr().said(said);
                assert_ne!(text, Lang::En.tr().said(said), "{lang:?}: {said:?}");
                // What came from elsewhere is passed on as it is.
                for passed in ["Kurs A", "Invalid scenario: x", "The share link is damaged.", "QuotaExceededError"] {
                    if Lang::En.tr().said(said).contains(passed) {
                        assert!(text.contains(passed), "{lang:?}: {text}");
                    }
                }
            }
        }
        assert_eq!(
            Lang::De.tr().said(&Said::EmbedLinkCopied { view: Msg::EmbedPartitionMap, length: 1_234 }),
            "Embed-Link für „Partitionskarte“ kopiert (1.234 Zeichen): Verwende ihn als src eines <iframe> auf einer \
             Folie. Er zeigt diesen Playground so, wie er jetzt ist; die eingebettete Seite speichert nie."
        );
        assert_eq!(
            Lang::Ja.tr().said(&Said::ImportFailed(FileFailure::TooLarge { name: "big.json".into(), mb: 8 })),
            "big.json は 8 MB を超えているため、読み込みませんでした。 何も変更していません。プレイグラウンドは元のままです。"
        );
    }

    #[test]
    fn lab_and_console_texts() {
        let problems = [
            LabProblem::Rate,
            LabProblem::Duration { max: 3_600 },
            LabProblem::TooManyRequests { requests: 3_000_000, max: 2_000_000 },
            LabProblem::Capacity { max: 40_000 },
            LabProblem::ZipfSkew,
            LabProblem::Engine("ValidationException: no".into()),
        ];
        let en = Lang::En.tr();
        let english: Vec<String> = problems.iter().map(|p| en.lab_problem(p)).collect();
        assert_eq!(
            english,
            [
                "The rate must be a positive number of requests per second.",
                "The duration must be 1 to 3,600 seconds.",
                "That is 3,000,000 requests; the lab runs at most 2,000,000 in the browser. Lower the rate or the \
                 duration.",
                "The lab table's RCU and WCU must be 1 to 40,000 (the default per-table quota).",
                "The Zipf skew s must be a number above 0 (1 to 2 is typical), at most 10.",
                "ValidationException: no",
            ]
        );
        assert_eq!(Lang::De.tr().lab_problem(&problems[1]), "Die Dauer muss 1 bis 3.600 Sekunden betragen.");
        assert_eq!(
            Lang::Ja.tr().lab_problem(&problems[3]),
            "ラボ用テーブルの RCU と WCU は 1〜40,000 で指定してください (テーブルごとのデフォルトのクォータ)。"
        );
        for lang in [Lang::De, Lang::Ja] {
            for problem in &problems[..5] {
                assert_ne!(lang.tr().lab_problem(problem), en.lab_problem(problem), "{lang:?}");
            }
            assert_eq!(lang.tr().lab_problem(&problems[5]), "ValidationException: no");
        }

        let before = LabTitle::Before(Msg::PresetVoting);
        let after = LabTitle::After { shards: 10, prefix: "CandidateA".into() };
        assert_eq!(en.lab_title(&before), "Before: Voting: 1,500 votes/s for CandidateA (seed 001)");
        assert_eq!(en.lab_title(&after), "After: the same traffic over 10 shards CandidateA_0 … CandidateA_9");
        assert_eq!(Lang::De.tr().lab_title(&before), "Vorher: Voting: 1.500 Stimmen/s für CandidateA (Seed 001)");
        assert_eq!(
            Lang::Ja.tr().lab_title(&after),
            "適用後: 同じトラフィックを 10 個のシャード CandidateA_0 … CandidateA_9 に分散"
        );
        assert_eq!(en.heat_cell(2, 10, 12, "1.50", 12_345), "P2 · s 10–12 · consumed 1.50 · throttled 12,345");
        assert_eq!(
            Lang::De.tr().heat_cell(2, 10, 12, "1,50", 12_345),
            "P2 · s 10–12 · verbraucht 1,50 · gedrosselt 12.345"
        );
        assert_eq!(en.heatmap_label(3, 20, 60, 4), "Heatmap: 3 partitions, 20 of 60 seconds, 4 cells with throttling");
        assert_eq!(en.lab_band_label(3), "The lab table's keyspace in 3 partitions");
        assert_eq!(
            en.heat_splits(&[(31, 2), (40, 3)]),
            "Split for heat: P2 at second 31, P3 at second 40. The engine isolated the hottest keys."
        );
        assert_eq!(
            Lang::Ja.tr().heat_splits(&[(31, 2)]),
            "高負荷による分割: 31 秒に P2。エンジンが最もホットなキーを分離しました。"
        );

        let forms =
            [FormProblem::LimitNotWhole("ten".into()), FormProblem::ParametersNotList, FormProblem::RequestNotObject];
        let english: Vec<String> = forms.iter().map(|p| en.form_problem(p)).collect();
        assert_eq!(
            english,
            [
                "Limit must be a whole number, not ten",
                "Parameters must be a JSON list",
                "The request must be a JSON object"
            ]
        );
        assert_eq!(
            en.stayed_in(false, "Request JSON: SerializationException: x"),
            "Stayed in raw mode: Request JSON: SerializationException: x"
        );
        assert_eq!(en.stayed_in(true, "x"), "Stayed in form mode: x");
        assert_eq!(Lang::De.tr().stayed_in(false, "x"), "Bei Roh-JSON geblieben: x");
        assert_eq!(Lang::Ja.tr().stayed_in(false, "x"), "Raw JSON のままです: x");
        for lang in [Lang::De, Lang::Ja] {
            let tr = lang.tr();
            for problem in &forms {
                assert_ne!(tr.form_problem(problem), en.form_problem(problem), "{lang:?}");
            }
            // DynamoDB's member names stay as the API spells them.
            assert!(tr.form_problem(&forms[0]).contains("Limit") && tr.form_problem(&forms[0]).contains("ten"));
            assert!(tr.form_problem(&forms[1]).contains("Parameters"));
            for stayed in [true, false] {
                assert_ne!(tr.stayed_in(stayed, "x"), en.stayed_in(stayed, "x"));
            }
        }

        // Hover texts and the embed error.
        assert_eq!(en.cut_note(12_345), "(12,345 characters)");
        assert_eq!(en.string_size(12_345, 12_346), "12,345 characters, 12,346 bytes");
        assert_eq!(Lang::De.tr().string_size(12_345, 12_346), "12.345 Zeichen, 12.346 Bytes");
        assert_eq!(Lang::Ja.tr().cut_note(12_345), "(12,345 文字)");
        assert_eq!(
            en.no_such_view("x", "partitions, lab"),
            "There is no view \"x\" to embed. Use embed= with one of: partitions, lab."
        );
        for lang in [Lang::De, Lang::Ja] {
            assert!(lang.tr().no_such_view("x", "partitions, lab").contains("partitions, lab"));
            assert!(lang.tr().heatmap_label(3, 20, 60, 4).contains("60"));
            assert!(lang.tr().lab_band_label(7).contains('7'));
        }
    }

    #[test]
    fn spans_of_time() {
        // 260 s = 4 min 20 s; 3,900 s = 1 h 5 min; 183,600 s = 2 d 3 h.
        let cases = [(12, "12 s"), (300, "5 min"), (260, "4 min 20 s"), (3_900, "1 h 5 min"), (183_600, "2 d 3 h")];
        for (seconds, english) in cases {
            assert_eq!(Lang::En.tr().span(seconds), english);
        }
        assert_eq!(Lang::De.tr().span(183_600), "2 Tage 3 h");
        assert_eq!(Lang::De.tr().span(90_000), "1 Tag 1 h");
        assert_eq!(Lang::De.tr().span(260), "4 min 20 s");
        assert_eq!(Lang::Ja.tr().span(260), "4 分 20 秒");
        assert_eq!(Lang::Ja.tr().span(183_600), "2 日 3 時間");
    }

    #[test]
    fn import_and_export_warnings() {
        use crate::scenario::warning::{Lost, Unused, Warning};
        let table = || "Music".to_string();
        let warnings = [
            Warning::VersionAssumed { stated: Some("2.0".into()) },
            Warning::VersionAssumed { stated: None },
            Warning::ModelMembersKept { members: "\"Comments\"".into() },
            Warning::TableKept {
                table: table(),
                unused: vec![
                    Unused::Facets(2),
                    Unused::Member("DataAccess".into()),
                    Unused::AutoScaling,
                    Unused::Unknown("\"Color\"".into()),
                    Unused::IndexMembers { members: "\"Note\"".into(), index: "ByYear".into() },
                ],
            },
            Warning::Renormalised { table: table(), changed: 3, items: 12_345 },
            Warning::Mistyped {
                table: table(),
                count: 2,
                place: "TableData[1].Year".into(),
                actual: "S".into(),
                declared: "N".into(),
            },
            Warning::OnDemandNow { table: table() },
            Warning::NoBillingMode { table: table(), version: "1.0".into() },
            Warning::SeveralTypes { table: table(), attribute: "Year".into(), types: vec!["N".into(), "S".into()] },
            Warning::CannotHold {
                table: table(),
                lost: vec![
                    Lost::Lsi("ByDay".into()),
                    Lost::Stream("NEW_AND_OLD_IMAGES".into()),
                    Lost::Ttl("ExpiresAt".into()),
                    Lost::TableClass("STANDARD_INFREQUENT_ACCESS".into()),
                    Lost::OwnCapacity("GameScore".into()),
                ],
            },
            Warning::ItemsNotInTemplate { table: table(), items: 30 },
            Warning::NoTables,
            Warning::BinaryNeedsCliV2,
        ];
        for warning in &warnings {
            // English is the scenario module's own wording (what ddb-local prints).
            assert_eq!(Lang::En.tr().warning(warning), warning.to_string());
            for lang in [Lang::De, Lang::Ja] {
                let text = lang.tr().warning(warning);
                assert_ne!(text, warning.to_string(), "{lang:?}");
                // Names from the data and DynamoDB's own words are passed on.
                for name in [
                    "Music",
                    "\"Comments\"",
                    "\"Note\"",
                    "ByYear",
                    "TableData[1].Year",
                    "NEW_AND_OLD_IMAGES",
                    "STANDARD_INFREQUENT_ACCESS",
                    "ExpiresAt",
                    "ProvisionedCapacitySettings",
                    "ModelMetadata.Version",
                    "AWS CLI v2",
                ] {
                    if warning.to_string().contains(name) {
                        assert!(text.contains(name), "{lang:?}: {text} lacks {name}");
                    }
                }
            }
        }
        assert_eq!(
            Lang::De.tr().warning(&warnings[4]),
            "Tabelle Music: 3 von 12.345 Items sind so gespeichert, wie DynamoDB sie speichert (Zahlen in ihrer \
             kürzesten Form, z. B. 0.50 als 0.5; Sets sortiert); ein Export schreibt diese Form."
        );
        assert_eq!(
            Lang::Ja.tr().warning(&warnings[10]),
            "テーブル Music: 項目 30 件はテンプレートに含まれません (CloudFormation は空のテーブルを作成します)。AWS CLI \
             スクリプトが書き込みます。"
        );
        assert_eq!(
            warnings[3].to_string(),
            "Table Music: kept for the export, not simulated: 2 facet(s), DataAccess, the auto scaling settings (the \
             playground does not scale capacity), \"Color\", \"Note\" of index ByYear."
        );
    }
}
