//! The operations only the console issues, which a build may load after
//! the engine has started.
//!
//! The page's first screen (the tables, the Items tab, a lesson's setup
//! and checklist) issues the table operations, the single-item ones,
//! Query, Scan, the batches, TimeToLive and SearchVectors. The PartiQL
//! operations, the transactions, tagging and the account's descriptions
//! come only from the console (or a connection's endpoint, or a script on
//! ddb-local), and their code is a large share of the engine: the PartiQL
//! parser and planner above all. The list of operations marks them
//! ([`Operation::deferred`]), and [`Engine::dispatch`] runs them through
//! [`run`]:
//!
//! - in every build but the page's release build, `run` calls
//!   `Engine::dispatch_deferred` directly;
//! - in the page's release build (`--cfg ddb_split`, set by build.rs), `run`
//!   calls the entry point given to [`install`], which the console's split
//!   module hands over when it is loaded (`ui::page::later`): only that
//!   module names the entry points ([`entries`]), so they and all that only
//!   they reach are cut into that module. A console is drawn only once its
//!   module is in, so a request from it always finds them. Anything else
//!   that issued one before would get [`NOT_LOADED`]: the built-in lessons'
//!   setups and checklists use none of them (a test says so).
//!
//! The PartiQL parser has one more caller outside the console: the Items
//! tab marks what the console's draft would read, and for a statement it
//! needs the table the statement names ([`partiql_table`]). It goes the
//! same way; before the console's module is in, a statement's dry run
//! could not run either, so there is nothing to mark.

use serde_json::Value;

use super::answer::Answer;
use super::api::{self, partiql, table, tags, transact};
use super::dry_run::Trace;
use super::error::{ApiError, Result};
use super::operation::Operation;
use super::partiql::parser;
use super::service::unknown_operation;
use super::Engine;

/// What a deferred operation answers in the page's release build before
/// the console's module is in: never seen through the console itself.
pub const NOT_LOADED: &str = "This operation is loaded with the Console tab: open it, then try again.";

/// The deferred code's entry points, which the console's split module
/// hands to the page.
#[derive(Clone, Copy)]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) struct Entries {
    dispatch: fn(&mut Engine, Operation, &Value, Option<&mut Trace>) -> Result<Answer>,
    statement_table: fn(&str) -> Option<String>,
}

#[cfg(ddb_split)]
thread_local! {
    static INSTALLED: std::cell::Cell<Option<Entries>> = const { std::cell::Cell::new(None) };
}

/// The entry points, for the console's split module to hand to the page:
/// only what calls this reaches their code.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn entries() -> Entries {
    Entries { dispatch: Engine::dispatch_deferred, statement_table }
}

/// Makes the deferred code callable, with the entry points the console's
/// module gave (every other build has it from the start). The page gets
/// them from the module's loader, which the optimiser cannot see through:
/// named here, they would be called directly, and all their code would
/// stay in the page's wasm.
#[cfg(ddb_split)]
pub(crate) fn install(entries: Entries) {
    INSTALLED.with(|installed| installed.set(Some(entries)));
}

/// The entry points: at hand in every build but the page's release build,
/// there once the console's module has given them.
fn installed() -> Option<Entries> {
    #[cfg(not(ddb_split))]
    {
        Some(entries())
    }
    #[cfg(ddb_split)]
    {
        INSTALLED.with(std::cell::Cell::get)
    }
}

/// Runs a deferred operation.
pub(crate) fn run(
    engine: &mut Engine,
    operation: Operation,
    request: &Value,
    trace: Option<&mut Trace>,
) -> Result<Answer> {
    match installed() {
        Some(entries) => (entries.dispatch)(engine, operation, request, trace),
        None => Err(ApiError::InternalServer(NOT_LOADED.into())),
    }
}

/// The table a PartiQL statement reads or writes, if it parses; `None`
/// also before the console's module is in (in the page's release build),
/// when the console cannot have run it either. The Items tab asks, to mark
/// what the console's draft would read.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn partiql_table(statement: &str) -> Option<String> {
    installed().and_then(|entries| (entries.statement_table)(statement))
}

fn statement_table(statement: &str) -> Option<String> {
    parser::parse(statement).ok().map(|parsed| parsed.source().table.clone())
}

impl Engine {
    /// [`Engine::dispatch`]'s arms for the deferred operations.
    fn dispatch_deferred(
        &mut self,
        operation: Operation,
        request: &Value,
        trace: Option<&mut Trace>,
    ) -> Result<Answer> {
        let free = Answer::free;
        match operation {
            Operation::TransactGetItems => {
                self.transact_get_items(api::parse::<transact::TransactGetItemsInput>(request)?.validate()?, trace)
            }
            Operation::TransactWriteItems => {
                let input = api::parse::<transact::TransactWriteItemsInput>(request)?;
                self.transact_write_items(input.validate(request.get("TransactItems"))?)
            }
            Operation::ExecuteStatement => {
                self.execute_statement(api::parse::<partiql::ExecuteStatementInput>(request)?.validate()?, trace)
            }
            Operation::BatchExecuteStatement => self.batch_execute_statement(
                api::parse::<partiql::BatchExecuteStatementInput>(request)?.validate()?,
                trace,
            ),
            Operation::ExecuteTransaction => {
                self.execute_transaction(api::parse::<partiql::ExecuteTransactionInput>(request)?.validate()?, trace)
            }
            Operation::TagResource => {
                self.tag_resource(api::parse::<tags::TagResourceInput>(request)?.validate()?).map(free)
            }
            Operation::UntagResource => {
                self.untag_resource(api::parse::<tags::UntagResourceInput>(request)?.validate()?).map(free)
            }
            Operation::ListTagsOfResource => {
                self.list_tags_of_resource(api::parse::<tags::ListTagsOfResourceInput>(request)?.validate()?).map(free)
            }
            Operation::DescribeLimits => Ok(free(self.describe_limits())),
            Operation::DescribeEndpoints => Ok(free(self.describe_endpoints())),
            Operation::DescribeContinuousBackups => {
                self.describe_continuous_backups(&api::parse::<table::TableNameInput>(request)?.validate()?).map(free)
            }
            other => Err(unknown_operation(other.name())),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// The list's `deferred` column and the arms agree: a deferred
    /// operation is answered here (an empty request is refused for what it
    /// lacks), any other is not, and `Engine::dispatch` answers every one
    /// (an operation without its arm there would come here, unknown).
    #[test]
    fn every_operation_has_its_arm_where_the_list_says() {
        let unknown = |answer: &Result<Answer>| matches!(answer, Err(ApiError::UnknownOperation(_)));
        for &operation in Operation::ALL {
            let here = Engine::new().dispatch_deferred(operation, &json!({}), None);
            assert_eq!(unknown(&here), !operation.deferred(), "{operation}");
            assert!(!unknown(&Engine::new().dispatch(operation, &json!({}), None)), "{operation}");
        }
    }
}
