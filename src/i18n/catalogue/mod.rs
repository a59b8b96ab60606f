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
pub use crate::engine::throttling::LimitType;
pub use crate::engine::throughput::Access;
pub use crate::scenario::warning::{Lost, Unused, Warning};
pub use msg::Msg;

use crate::scenario::lessons::Entry;

mod msg;

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
    /// A throttle: the exception's name and its first throttling reason.
    Throttled {
        exception: &'static str,
        on_index: bool,
        access: Access,
        limit: LimitType,
    },
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
    /// A lesson was opened (its title is said in the language the notice is
    /// read in, which may change while it shows); `kept`: the playground
    /// before it is kept;
    /// `earlier`: the workspace that the playground kept before an earlier
    /// lesson became, so that it is not overwritten.
    LessonOpened { lesson: Entry, kept: bool, earlier: Option<String> },
    /// The playground was saved as the named workspace.
    WorkspaceSaved { name: String },
    /// A named workspace replaced the playground.
    WorkspaceOpened { name: String },
    /// A named workspace was deleted.
    WorkspaceDeleted { name: String },
    /// Asks before a save replaces the workspace of that name.
    WorkspaceReplaceAsk { name: String },
    /// Asks before a workspace is deleted.
    WorkspaceDeleteAsk { name: String },
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
    /// An export's writer refused the playground: its message, passed on.
    ExportRefused { message: String },
    /// The code an export (`import: false`) or a Workbench model's import
    /// needs is on its way.
    ConverterLoading { import: bool },
    /// A lesson link names a lesson this build does not have; `known` lists
    /// the lessons' ids.
    NoSuchLesson { id: String, known: String },
    /// A lesson's document is being fetched.
    LessonLoading { lesson: Entry },
    /// A lesson's document did not arrive.
    LessonNotLoaded { lesson: Entry, reason: FetchFailure },
    /// A panel the page loads when it is first shown (the hot-key lab, the
    /// planners) is on its way; `title` is its heading.
    PanelLoading { title: String },
    /// A panel's module did not arrive.
    PanelNotLoaded { title: String, reason: FetchFailure },
    /// A language's words did not arrive (`reason`), or the file that
    /// arrived is not this build's (`None`): the page kept its language.
    WordsNotLoaded { lang: super::Lang, reason: Option<FetchFailure> },
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
    /// The footprint legend's lead: "What the console's Query reads of Music:".
    fn fp_legend(&self, operation: &str, target: &str) -> String;
    /// Where a page stopped: "Limit 5 stops here" (or "1 MB page ends
    /// here" for `None`), and which row its LastEvaluatedKey names.
    fn fp_stop(&self, limit: Option<usize>, above: bool) -> String;
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
    /// A vector index allocating its resources, with the time left.
    fn allocating_left(&self, wait: &str) -> String;
    /// A vector index `ACTIVE` but not yet searched, with the time left.
    fn not_searchable_left(&self, wait: &str) -> String;
    /// A deleting index: "gone in 1.2 s".
    fn gone_in(&self, wait: &str) -> String;
    /// An index's size: "1 entry", "3 entries".
    fn entries(&self, n: u64) -> String;
    /// "Skip the wait (1.2 s)".
    fn skip_wait(&self, wait: &str) -> String;
    /// "1 index", "2 indexes".
    fn index_count(&self, n: u64) -> String;

    // ---- vector map ----

    /// A ranked point: "red: rank 1, score 0.0".
    fn vector_point_ranked(&self, label: &str, rank: usize, score: &str) -> String;
    /// The map's accessible name: "Vector map: 12 items drawn, 3 ranked".
    fn vector_map_summary(&self, points: u64, ranked: u64) -> String;
    /// "The query vector has 3 numbers; this index's vectors have 2."
    fn vector_map_wrong_length(&self, got: u64, wanted: u64) -> String;
    /// The caption of a projected map.
    fn vector_map_projected(&self, dimensions: u64) -> String;
    /// The map ranks by another function than the index's.
    fn vector_map_other_distance(&self, own: &str, other: &str) -> String;
    /// The map of an index SearchVectors does not serve yet (`phase`:
    /// CREATING or ACTIVE), with the time left.
    fn vector_map_not_served(&self, phase: &str, wait: &str) -> String;
    /// A vector index's shape: "2 dimensions · COSINE".
    fn vector_shape(&self, dimensions: u64, distance: &str) -> String;
    /// "12 of 12 entries drawn, and 1 item not in the index."
    fn vector_map_drawn(&self, shown: u64, total: u64, left_out: u64) -> String;

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
    /// What the item generator made: "Made 2,000 items over 200 partition
    /// keys." and, where items had a key made before, how many of them
    /// replaced an item (as a put does).
    fn generated(&self, items: u64, partition_keys: u64, replaced: u64) -> String;
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

    /// A search's headline: "1,024 bytes searched (estimate)".
    fn vector_search_headline(&self, bytes: &str) -> String;

    /// How a search is metered: in bytes, estimated.
    fn cost_vector_search(&self, bytes: &str) -> String;

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

    /// What a stream trigger did: "11 records · 11 writes · 11 WCU · 0 throttled · 0 failed · 0 waiting".
    fn trigger_stats(
        &self,
        records: u64,
        writes: u64,
        units: f64,
        throttles: u64,
        failures: u64,
        pending: u64,
    ) -> String;

    /// One record a trigger wrote for: "wrote {key} (1 WCU)".
    fn trigger_wrote(&self, key: &str, units: f64) -> String;

    /// Whose a logged write is: "by the stream trigger CountVotes on Votes' stream, not a request of yours".
    fn by_trigger(&self, trigger: &str, table: &str) -> String;

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
    // Sizes and capacity figures arrive spelled (`page_model::format::size_text`
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
    /// A table's or GSI's warm throughput: "Warm throughput: 12,000 reads
    /// and 4,000 writes per second at once", and a raise under way to
    /// `raising` (reads, writes).
    fn pm_warm(&self, read: &str, write: &str, raising: Option<(&str, &str)>) -> String;
    /// "Teaching scale: a partition splits when it holds more than 4 KB (DynamoDB: 10 GB)."
    fn pm_teaching_scale(&self, size: &str) -> String;
    /// The size limit field's placeholder at DynamoDB's real limit: "10 GB (real)".
    fn pm_real_limit(&self) -> String;
    /// "Back to 10 GB".
    fn pm_back_to_real(&self) -> String;
    /// The hot-key lab's introduction, with a partition's limits.
    fn lab_intro(&self) -> String;

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
    /// The heatmap legend's consumption entry: one partition's limit per
    /// second (spelled) when known, and the unit.
    fn heat_legend_consumed(&self, limit: Option<&str>, unit: &str) -> String;
    /// After a heatmap cell's hover text: its consumption per second as a
    /// share of the partition's limit (spelled, "62.5").
    fn heat_share(&self, percent: &str) -> String;
    /// A line chart's column in its hover text: "s 10–12".
    fn chart_seconds(&self, from: usize, to: usize) -> String;
    /// A line chart's y axis title: "WCU per second".
    fn per_second(&self, unit: &str) -> String;
    /// The timeline's accessible summary: seconds done of the run, the
    /// most consumed in one second (spelled) and its unit, requests throttled.
    fn timeline_label(&self, done: u32, seconds: u32, peak: &str, unit: &str, throttled: u64) -> String;
    /// The burst bucket chart's accessible summary: the partition, and its
    /// tokens at the start, at the lowest and at the end (spelled).
    fn burst_label(&self, partition: usize, start: &str, lowest: &str, end: &str) -> String;
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

    // ---- throttling reasons ----

    /// A throttling reason in words: "writes to the index went past its
    /// provisioned capacity".
    fn throttling_reason(&self, on_index: bool, access: Access, limit: LimitType) -> String;
    /// Throttled requests of one reason: "12,000 throttled: …".
    fn throttled_for(&self, requests: u64, reason: &str) -> String;
}

#[cfg(test)]
mod tests;
