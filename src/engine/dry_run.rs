//! A dry run: a request run to see its answer and what it would cost,
//! without changing anything. The query console's live preview, the design
//! review's costing and the lessons' checks use it.
//!
//! What a dry run produced comes back as one value, [`DryRun`]: the answer,
//! the charges, and what the reads read ([`Footprint`]) and an
//! ExecuteStatement planned ([`StatementReport`]). Those last two are
//! recorded into a [`Trace`] that the run hands down the read path
//! (`Engine::dispatch` to the operations); a real request hands down none,
//! so it never pays for the record.
//!
//! How the request is kept from changing anything depends on the operation
//! (`Operation::dry_run`):
//!
//! ```text
//!   reads (GetItem, Query, DescribeTable, …)   run as they are
//!   item writes (PutItem, …, ExecuteStatement) run with every table journaled,
//!                                              then rolled back
//!   table operations (CreateTable, …)          run on a copy of the engine
//! ```
//!
//! What the clock has made due (GSI updates, finished backfills, stream
//! trimming) is applied first, as any request would; the TTL sweeper and
//! the stream triggers wait for a real request (`catch_up`), and no tokens
//! are taken, no metrics kept (`Engine::execute_charged` admits; a dry run
//! does not).

use serde_json::Value;

use super::capacity::Charge;
use super::error::Result;
use super::footprint::Footprint;
use super::operation::{DryRunMode, Operation};
use super::partiql::StatementReport;
use super::table::Table;
use super::Engine;

/// What a dry run records beside its answer, handed down the read path:
/// the footprint of every read, the plan of an ExecuteStatement, and what
/// a SearchVectors meters.
#[derive(Debug, Default)]
pub(crate) struct Trace {
    pub(crate) footprint: Footprint,
    pub(crate) statement: Option<StatementReport>,
    pub(crate) search_bytes: Option<u64>,
}

/// Everything a dry run produced.
#[derive(Clone, Debug)]
pub struct DryRun {
    /// The response body the request would get, or its error.
    pub result: Result<Value>,
    /// How its capacity was computed, one line per rounding (a write whose
    /// condition failed is charged too).
    pub charges: Vec<Charge>,
    /// What its reads read, item by item (empty for a write).
    pub footprint: Footprint,
    /// What an ExecuteStatement planned and read (`None` for any other
    /// operation, or a statement refused before it was planned).
    pub statement: Option<StatementReport>,
    /// A SearchVectors' `VectorSearchRequestBytes`, whatever its
    /// `ReturnConsumedCapacity` asked for: a search uses no units, so this
    /// is its cost (`None` for any other operation, or a refused search).
    pub search_bytes: Option<u64>,
}

/// An engine lent for previews: it answers dry runs and, through `Deref`,
/// every read-only question, and offers nothing that changes it. The page
/// lends its engine to its views only as this (`ui::state::with_dry_runs`),
/// so no view can change the playground behind the reducer's back; the
/// design review and the lessons' checks cost their patterns through it.
pub struct Previews<'a> {
    engine: &'a mut Engine,
}

impl<'a> Previews<'a> {
    pub fn new(engine: &'a mut Engine) -> Self {
        Self { engine }
    }

    /// [`Engine::dry_run`].
    pub fn dry_run(&mut self, operation: &str, request: &Value) -> DryRun {
        self.engine.dry_run(operation, request)
    }
}

impl std::ops::Deref for Previews<'_> {
    type Target = Engine;

    fn deref(&self) -> &Engine {
        self.engine
    }
}

impl Engine {
    /// Runs an operation to see its answer and what it would cost, without
    /// changing anything (see the module notes).
    pub fn dry_run(&mut self, operation: &str, request: &Value) -> DryRun {
        self.catch_up_for_dry_run();
        let mut trace = Trace::default();
        let outcome = match Operation::parse(operation).map(Operation::dry_run) {
            // An operation the engine does not know changes nothing: it is refused.
            Some(DryRunMode::AsIs) | None => self.run(operation, request, Some(&mut trace)),
            Some(DryRunMode::Journaled) => {
                let tokens = self.transaction_tokens.clone();
                self.tables.values_mut().for_each(Table::begin_journal);
                let outcome = self.run(operation, request, Some(&mut trace));
                self.tables.values_mut().for_each(Table::roll_back);
                self.transaction_tokens = tokens;
                outcome
            }
            Some(DryRunMode::OnACopy) => self.clone().run(operation, request, Some(&mut trace)),
        };
        DryRun {
            result: outcome.result,
            charges: outcome.charges,
            footprint: trace.footprint,
            statement: trace.statement,
            search_bytes: trace.search_bytes,
        }
    }
}
