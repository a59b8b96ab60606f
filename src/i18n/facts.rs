//! Facts that other parts of the playground hand to the catalogue to word:
//! why the hot-key lab cannot run, a lab run's title, the console form's
//! own parse errors, and why a file, a link, a lesson or the browser's
//! storage failed.
//!
//! The code that finds the problem keeps it as one of these values, never
//! as English text, so the page words it in whatever language it speaks
//! when it draws it (and a switch rewords a notice already on screen).
//! Text that comes from elsewhere is carried as it is (`String` fields
//! documented as *passed on*): DynamoDB-style error messages of the engine
//! and the scenario reader, a file's name, the browser's own words.
//!
//! The capacity arithmetic's facts are the engine's own
//! ([`crate::engine::capacity::Rounding`]): the engine knows nothing of
//! languages, and the catalogue words its facts.

use super::catalogue::Msg;

/// Why the hot-key lab's form cannot run ([`Catalogue::lab_problem`](super::Catalogue::lab_problem)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabProblem {
    /// The rate is not a positive number of requests per second.
    Rate,
    /// The duration is not 1 to `max` seconds.
    Duration { max: u64 },
    /// Rate × duration is `requests`, above the `max` the browser runs.
    TooManyRequests { requests: u64, max: u64 },
    /// The lab table's RCU or WCU is not 1 to `max`.
    Capacity { max: u64 },
    /// The Zipf skew is not above 0 and at most 10.
    ZipfSkew,
    /// The engine refused the run: "Exception: message", passed on.
    Engine(String),
}

/// A hot-key lab run's title ([`Catalogue::lab_title`](super::Catalogue::lab_title)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabTitle {
    /// The form's traffic: the preset's name ([`Msg::PresetVoting`] …).
    Before(Msg),
    /// The same traffic spread over `shards` keys `prefix_0` … `prefix_{shards-1}`.
    After { shards: u64, prefix: String },
}

/// The console form's own parse errors ([`Catalogue::form_problem`](super::Catalogue::form_problem)).
/// Errors of the JSON parser and the engine are passed on as they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormProblem {
    /// `Limit` holds this text, which is not a whole number.
    LimitNotWhole(String),
    /// `Parameters` is JSON but not a list.
    ParametersNotList,
    /// `TopK` is not a whole number.
    TopKNotWhole,
    /// `SearchVector` is JSON but not a list.
    VectorNotList,
    /// Raw mode's text is JSON but not an object.
    RequestNotObject,
}

/// Why the browser's storage did not keep a copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageFailure {
    /// The browser offers no `localStorage`.
    NoStorage,
    /// The browser refused to store `kb` KB; its own words, if it gave any
    /// (passed on).
    Refused { kb: usize, message: Option<String> },
}

/// Why a chosen file was not imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileFailure {
    /// Larger than `mb` MB: not read at all.
    TooLarge { name: String, mb: usize },
    /// The browser has no `FileReader`.
    NoReader,
    /// Read, but not a document the playground takes: the reader's
    /// message, passed on.
    Refused { name: String, message: String },
    /// Read, but not as text.
    NotText { name: String },
    /// The browser could not read it.
    Unreadable { name: String },
    /// A NoSQL Workbench model, whose reader (in the panels' wasm) did not
    /// arrive.
    NotLoaded { name: String, reason: FetchFailure },
}

/// The step at which an export's download could not be offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportStep {
    NoWindow,
    NoDocument,
    /// The browser could not build the file (a `Blob`).
    NoFile,
    NoObjectUrl,
    NoLinkElement,
    /// The format's writer (in the panels' wasm) did not arrive.
    NotLoaded(FetchFailure),
}

/// Why a lesson's document did not arrive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FetchFailure {
    NoWindow,
    /// The request itself failed (offline, blocked).
    Network,
    NoResponse,
    /// The server answered with this HTTP status.
    Http(u16),
    NoBody,
    BodyLost,
    NotText,
    /// Nothing arrived within this many seconds: the request was given up
    /// (a network that stopped answering would keep it open for minutes).
    TimedOut(u32),
}

/// Why "Restore" did not bring the kept playground back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreFailure {
    NoStorage,
    NothingKept,
    /// The kept copy could not be read: the reader's message, passed on,
    /// and the `localStorage` key the copy is kept under (moved aside to a
    /// backup key, or left where it was when the browser refused).
    Unreadable {
        reason: String,
        kept_under: String,
    },
}
