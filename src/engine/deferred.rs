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
//!   [`Engine::dispatch_deferred`] directly;
//! - in the page's release build (`--cfg ddb_split`, set by build.rs), `run`
//!   calls the function given to [`install`], which the console's split
//!   module hands over when it is loaded (`ui::page::later`): only that
//!   module names it ([`dispatcher`]), so it and all that only it reaches
//!   are cut into that module. A console is drawn only
//!   once its module is in, so a request from it always finds them. Anything
//!   else that issued one before would get [`NOT_LOADED`]: the built-in
//!   lessons' setups and checklists use none of them (a test says so).

use serde_json::Value;

use super::answer::Answer;
use super::api::{self, partiql, table, tags, transact};
use super::dry_run::Trace;
use super::error::Result;
use super::operation::Operation;
use super::service::unknown_operation;
use super::Engine;

/// What a deferred operation answers in the page's release build before
/// the console's module is in: never seen through the console itself.
#[cfg_attr(not(ddb_split), allow(dead_code))]
pub const NOT_LOADED: &str = "This operation is loaded with the Console tab: open it, then try again.";

/// The deferred operations' entry point.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) type Dispatch = fn(&mut Engine, Operation, &Value, Option<&mut Trace>) -> Result<Answer>;

#[cfg(ddb_split)]
thread_local! {
    static INSTALLED: std::cell::Cell<Option<Dispatch>> = const { std::cell::Cell::new(None) };
}

/// The deferred operations' entry point, for the console's split module
/// to hand to the page: only what calls this reaches their code.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn dispatcher() -> Dispatch {
    Engine::dispatch_deferred
}

/// Makes the deferred operations answerable, with the entry point the
/// console's module gave (every other build has them from the start). The
/// page gets the function from the module's loader, which the optimiser
/// cannot see through: named here, it would be called directly, and every
/// deferred operation would stay in the page's wasm.
#[cfg(ddb_split)]
pub(crate) fn install(dispatch: Dispatch) {
    INSTALLED.with(|installed| installed.set(Some(dispatch)));
}

/// Runs a deferred operation.
pub(crate) fn run(
    engine: &mut Engine,
    operation: Operation,
    request: &Value,
    trace: Option<&mut Trace>,
) -> Result<Answer> {
    #[cfg(not(ddb_split))]
    {
        engine.dispatch_deferred(operation, request, trace)
    }
    #[cfg(ddb_split)]
    {
        match INSTALLED.with(std::cell::Cell::get) {
            Some(dispatch) => dispatch(engine, operation, request, trace),
            None => Err(super::error::ApiError::InternalServer(NOT_LOADED.into())),
        }
    }
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
    use crate::engine::error::ApiError;

    /// The list's `deferred` column and the arms here agree: a deferred
    /// operation is answered here (an empty request is refused for what it
    /// lacks), any other is not.
    #[test]
    fn the_deferred_arms_are_the_listed_ones() {
        for &operation in Operation::ALL {
            let answer = Engine::new().dispatch_deferred(operation, &json!({}), None);
            let unknown = matches!(answer, Err(ApiError::UnknownOperation(_)));
            assert_eq!(unknown, !operation.deferred(), "{operation}");
        }
    }
}
