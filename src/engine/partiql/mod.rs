//! PartiQL: DynamoDB's SQL-compatible statements, and what they really are.
//!
//! `SELECT * FROM "Orders" WHERE status = 'OPEN'` reads like SQL against an
//! indexed database. On DynamoDB it is a Scan of the whole table, paid for
//! by every item read, because `status` is not a key. Add
//! `customer = 'c1' AND` and the same statement becomes a Query of one item
//! collection. The syntax hides the difference; this module makes it
//! visible: every statement reports the access path it became and costs
//! exactly what that operation costs.
//!
//! ```text
//!   statement text ─▶ lexer ─▶ parser ─▶ Statement (AST with byte spans)
//!                                             │
//!                          plan (against the table's key schema)
//!                                             │
//!            ┌──────────────┬─────────────────┼───────────────┬──────────────┐
//!         GetItem     Query × n         Scan (+ filter)   Put/Update/      ConditionCheck
//!                                                          DeleteItem       (transactions)
//!                                             │
//!                 Engine::dispatch: the same code as those operations
//! ```
//!
//! * [`lexer`] and [`parser`]: a hand-written recursive-descent parser for
//!   DynamoDB's subset (`docs/performance.md` records why not the `partiql-parser`
//!   crate: it would more than double the playground's wasm).
//! * [`plan`]: the access path (the module's table is the lesson), and the
//!   equivalent requests.
//! * [`translate`]: values to DynamoDB JSON, conditions and SET/REMOVE to
//!   expression text with placeholders, which the engine's own expression
//!   parser then reads, so a condition means the same in both languages.
//! * `ops::partiql`: ExecuteStatement, BatchExecuteStatement and
//!   ExecuteTransaction on top of the plans.
//!
//! Simplifications, stated where they are made: a SELECT is split into
//! several reads only by `pk = v`, `pk IN [...]` or `pk = v1 OR pk = v2`
//! at the top level of its WHERE (DynamoDB also splits ORs of whole key
//! conjunctions; such a SELECT is a Scan here); `IS NULL` holds for a
//! missing attribute too (PartiQL's rule); arithmetic is `+` and `-` in
//! SET only.

pub mod ast;
pub mod error;
pub mod lexer;
pub mod parser;
pub mod plan;
pub mod translate;

#[cfg(test)]
mod tests;

use serde_json::Value;

use crate::engine::capacity::Charge;
use crate::engine::Engine;
use plan::{Access, Plan};

/// What an ExecuteStatement was and did (a dry run's `statement`): what the console shows
/// before a statement runs ("this SELECT is a Scan of 10,000 items").
#[derive(Clone, Debug, PartialEq)]
pub struct StatementReport {
    /// `SELECT`, `INSERT`, `UPDATE`, `DELETE`.
    pub verb: &'static str,
    pub table: String,
    pub index: Option<String>,
    /// The access path (the first read's, for a split SELECT).
    pub access: Access,
    /// The equivalent requests, as `(operation, request)`.
    pub equivalent: Vec<(&'static str, Value)>,
    /// Items (or index entries) the reads evaluated; 0 for a write.
    pub scanned: usize,
    /// Items returned.
    pub returned: usize,
    /// Items in the table or index read: all of them for a Scan.
    pub items_in_target: usize,
    /// Whether a NextToken was returned (more pages follow).
    pub more: bool,
    /// The statement's cost, one line per rounding.
    pub charges: Vec<Charge>,
}

impl StatementReport {
    /// The report of a plan, before it runs.
    pub(crate) fn of(engine: &Engine, plan: &Plan) -> Self {
        let items_in_target = engine.tables.get(&plan.table).map_or(0, |table| match &plan.index {
            Some(index) => table.index_collections(index).map_or(0, |c| c.map(|c| c.entries.len()).sum()),
            None => table.storage.item_count(),
        });
        StatementReport {
            verb: plan.verb,
            table: plan.table.clone(),
            index: plan.index.clone(),
            access: plan.access(),
            equivalent: plan.equivalent().into_iter().map(|(op, request)| (op, request.clone())).collect(),
            scanned: 0,
            returned: 0,
            items_in_target,
            more: false,
            charges: Vec::new(),
        }
    }

    /// The access path in words: "a Scan of Orders", "3 × Query on
    /// Orders.ByStatus", "an UpdateItem on Orders".
    pub fn access_path(&self) -> String {
        let target = match &self.index {
            Some(index) => format!("{}.{index}", self.table),
            None => self.table.clone(),
        };
        let reads = self.equivalent.len();
        let operation = self.access.operation();
        let article = if operation.starts_with(['U', 'I']) { "an" } else { "a" };
        match self.access {
            Access::Scan => format!("a Scan of {target}"),
            Access::GetItem | Access::Query if reads > 1 => format!("{reads} × {operation} on {target}"),
            _ => format!("{article} {operation} on {target}"),
        }
    }

    /// One line: the statement, its access path, and for a read what it
    /// read and returned: "SELECT → a Scan of Orders: read 4 of 4 items,
    /// returned 1".
    pub fn summary(&self) -> String {
        let mut text = format!("{} → {}", self.verb, self.access_path());
        if self.verb == "SELECT" {
            let noun = |n: usize| if n == 1 { "item" } else { "items" };
            match self.access {
                Access::Scan => text.push_str(&format!(
                    ": read {} of {} {}",
                    self.scanned,
                    self.items_in_target,
                    noun(self.items_in_target)
                )),
                _ => text.push_str(&format!(": read {} {}", self.scanned, noun(self.scanned))),
            }
            text.push_str(&format!(", returned {}", self.returned));
            if self.more {
                text.push_str(", more pages follow");
            }
        }
        text
    }
}
