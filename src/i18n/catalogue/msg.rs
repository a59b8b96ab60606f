//! The page's fixed texts: one [`Msg`] id per text, grouped by the view
//! that shows it, in the order the view shows them.

/// Declares [`Msg`] and its list of every id, [`Msg::ALL`], from one list,
/// so the list cannot miss an id.
macro_rules! messages {
    ($( $(#[$attr:meta])* $id:ident, )*) => {
        /// A fixed text of the page. Its wording is English's
        /// [`Catalogue::text`](crate::i18n::catalogue::Catalogue::text) ([`English`](crate::i18n::en::English)),
        /// and a line of German's and Japanese's words files ([`words`](crate::i18n::words)).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Msg {
            $( $(#[$attr])* $id, )*
        }

        impl Msg {
            /// Every id, in declaration order: `msg as usize` is its place here.
            pub const ALL: &'static [Msg] = &[ $( Msg::$id, )* ];

            /// A hash of every id's name in declaration order, computed when
            /// compiling: a words file (`i18n::words`) is this build's if
            /// its ids hash to it.
            pub const FINGERPRINT: u64 = {
                let mut ids = crate::i18n::words::Fingerprint::new();
                $( ids.add(stringify!($id)); )*
                ids.0
            };
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
    WarmAndMaximum,
    WarmReads,
    WarmWrites,
    MaxReadUnits,
    MaxWriteUnits,
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
    /// Adds a GSI key row (up to four of each).
    AddPartitionKeyAttribute,
    AddPartitionKeyAttributeTitle,
    AddSortKeyAttribute,
    AddSortKeyAttributeTitle,
    /// The × of a further key row.
    RemoveKeyAttribute,
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

    // ---- vector index form ----
    AddVectorIndex,
    AddVectorTitle,
    VectorBadge,
    VectorAttribute,
    Dimensions,
    DistanceFunction,
    /// The search schema's HASH attribute.
    VectorSearchedPer,
    /// The search schema's INLINE_FILTER attribute.
    VectorFilterAttribute,
    VectorHint,

    // ---- vector map ----
    VectorMapTitle,
    VectorMapQuery,
    VectorMapIndexOwn,
    VectorMapStart,
    VectorMapNotList,
    VectorMapNeedsHash,
    VectorMapPlain,
    VectorMapRanking,
    VectorMapNoRanking,
    VectorMapHint,
    VectorLegendRanked,
    VectorPointSearched,
    VectorPointOtherGroup,
    VectorPointFiltered,
    VectorPointNotIndexed,

    // ---- index panel ----
    /// The index, TimeToLive and stream panels together, while they load.
    TableSettingsTitle,
    AddGsi,
    NoIndexes,
    DeleteGsi,
    DeleteGsiTitle,
    CreateGsi,
    DeleteVector,
    DeleteVectorTitle,
    CreateVectorIndex,
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

    // ---- the request's footprint (items grid, index contents, partition map) ----
    /// The marks of items a read returned, read and filtered out, or read
    /// and only counted (`Select: COUNT`).
    FpReturned,
    FpFiltered,
    FpCounted,
    /// After the legend: what a row without a mark means.
    FpUnmarked,
    /// The mark column's header, for screen readers.
    FpColumn,
    /// The console's footprint section.
    FpTitle,
    /// A partition the console's request touches.
    FpTouched,
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
    /// The welcome card's button that creates and fills the sample table.
    SampleTable,
    StartWithLesson,
    /// Shows the table designer where it is folded away.
    DesignTable,
    /// The header's menu button on narrow screens.
    Menu,
    /// Folds the tables drawer away again.
    HideTables,

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
    /// The sort-key condition that reads the whole item collection.
    SortAnyWholeCollection,
    SortKeyValue,
    UpperSortKeyValue,
    And,
    FromTheStart,
    NoLimit,
    AddKey,
    AddAction,
    PartiqlHint,
    FilterHint,
    /// SearchVectors' vector field.
    HintSearchVector,
    SearchConditionHint,
    /// The IndexName picker of SearchVectors before one is chosen.
    ChooseVectorIndex,
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
    /// The button that loads a panel again after its module did not arrive.
    TryAgain,
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

    // ---- item grid, continued ----
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
    // ---- access patterns panel ----
    AccessPatternsTitle,
    AccessPatternsHint,
    AccessPatternsEmpty,
    SaveAsAccessPattern,
    PerRequest,
    PartitionKeyValues,
    KeysSingle,
    KeysUniform,
    KeysZipf,
    KeyValueCount,
    MoveUp,
    MoveDown,
    PatternNameNeeded,
    NotANumber,
    WholeNumberNeeded,
    /// The panel's form for a pattern written there.
    AddAccessPattern,
    RequestNotAnObject,
    // ---- ttl panel ----
    TtlFilterHint,
    TtlIntro,
    TtlAttribute,
    EnableTtl,
    DisableTtl,
    SweepDelay,
    MoveClock,
    /// The buttons that move the clock on.
    ClockPlusMinute,
    ClockPlusTenMinutes,
    ClockPlusHour,

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
    TriggersTitle,
    TriggersIntro,
    NoTriggers,
    TriggerFiltered,
    TriggerSkipped,
    TriggerFailed,
    TriggerThrottled,
    // ---- scenario menu ----
    ExportScenarioTitle,
    ExportWorkbenchTitle,
    ExportWorkbench1Title,
    ExportCloudFormationTitle,
    ExportCliTitle,
    /// The export menu's entries, one per format.
    ExportScenarioLabel,
    ExportWorkbenchLabel,
    ExportWorkbench1Label,
    ExportCloudFormationLabel,
    ExportCliLabel,
    /// The export menu's link to the connect page (connect.html).
    ConnectEndpointLabel,
    ConnectEndpointTitle,
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
    /// A newer build of the playground has been downloaded and waits.
    UpdateReady,
    UpdateReload,
    UpdateLater,

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
    /// A chart's time axis title.
    ChartTimeAxis,
    /// A heatmap's row axis title.
    ChartPartitionAxis,
    /// The heatmap legend's throttling entry.
    HeatLegendThrottled,
    /// The burst bucket's y axis title.
    ChartTokens,
    /// Under a chart until a reader points at it.
    ChartHint,
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
    // ---- item generator (Items tab) ----
    GenerateTitle,
    GenerateHint,
    GenerateTemplate,
    /// How many items to generate.
    GenerateCount,
    GenerateRun,
    // ---- notices ----
    PlaygroundBack,

    // ---- partition map ----
    PmTitle,
    PmNoTable,
    PmHint,
    PmSizeLimit,
    PmSetScale,
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
    /// The confirming button when a save would replace a workspace.
    WorkspaceYesReplace,
    /// The confirming button of a delete.
    WorkspaceYesDelete,
    /// The name field is empty or longer than 64 characters.
    WorkspaceNameInvalid,

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
