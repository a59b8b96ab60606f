//! Fuzz target `partiql_structured`: valid-shaped PartiQL statements built
//! from the fixture's schema, each checked against the DynamoDB request it
//! stands for.
//!
//! The `partiql` target feeds the parser text, and most of its inputs die
//! there. This one asks its input questions (`bytes::Choices`) and writes
//! statements that get through: the fixture's tables and indexes, their
//! key attributes, attribute names, nested paths and values it holds,
//! literals or `?` with matching `Parameters`, `IN` lists, `BETWEEN`,
//! `begins_with`, `IS [NOT] MISSING`, INSERT / UPDATE SET, REMOVE /
//! DELETE with conditions and RETURNING, batches and transactions. Now
//! and then one token of a statement is replaced, so the near misses of
//! valid statements reach the planner's errors too.
//!
//! Every statement is written twice, in PartiQL and as the equivalent
//! request, and both run on copies of one engine:
//!
//! ```text
//!   SELECT … WHERE full key            ═ GetItem                 Items = [Item], ConsumedCapacity
//!   SELECT … WHERE pk = v [AND sk …]   ═ Query (KeyCondition)    items in order, ConsumedCapacity, pages
//!   SELECT … WHERE pk IN [v1, v2]      ═ one read per value      items concatenated, capacity summed
//!   SELECT … [WHERE no key]            ═ Scan (FilterExpression) items in order, ConsumedCapacity, pages
//!   INSERT                             ═ PutItem + attribute_not_exists(pk)   same outcome, same engine after
//!   UPDATE … WHERE key [AND c]         ═ UpdateItem + attribute_exists(pk) AND c
//!   DELETE … WHERE key [AND c]         ═ DeleteItem + attribute_not_exists(pk) OR c
//!   BatchExecuteStatement / ExecuteTransaction ═ the equivalents in order (a failed transaction: no change)
//! ```
//!
//! "Same engine after" compares snapshots. The generic checks (`check`)
//! hold for every answer, a dry run (one step in five) must change nothing
//! and, with throughput enforcement off, answer what the real run answers,
//! and one input in three ends with the whole-engine checks.

mod compare;
mod statements;
mod writer;

use serde_json::Value;

use crate::fuzzing::bytes::Choices;
use crate::fuzzing::fixture;
use crate::fuzzing::targets::{run, whole_engine, CLOCK_STEPS};

use compare::{compare_many, compare_reads, compare_write, statement_json};
use statements::{statement, Equivalent};

/// Sequences of PartiQL statements, each compared with its equivalent
/// request (see the module documentation), with clock moves in between.
pub fn partiql_structured(data: &[u8]) {
    let mut c = Choices::new(data);
    let mut engine = fixture::engine();
    if c.one_in(3) {
        engine.settings_mut().enforce_throughput = false;
    }
    if c.one_in(4) {
        engine.settings_mut().gsi_propagation_delay_millis = 0;
    }
    let steps = 1 + c.below(8);
    for _ in 0..steps {
        match c.below(12) {
            0 => engine.advance_clock(c.pick(CLOCK_STEPS).unwrap_or(0)),
            1 => compare_many(&mut engine, &mut c, false),
            2 => compare_many(&mut engine, &mut c, true),
            _ => {
                engine.advance_clock(0);
                let statement = statement(&mut c);
                match &statement.equivalent {
                    Equivalent::Reads(reads) => compare_reads(&mut engine, &mut c, &statement, reads),
                    Equivalent::Write(operation, equivalent, insert) => {
                        compare_write(&mut engine, &mut c, &statement, operation, equivalent, *insert)
                    }
                    Equivalent::Check | Equivalent::Nothing => {
                        let request = Value::Object(statement_json(&statement));
                        let _ = run(&mut engine, &mut c, "ExecuteStatement", &request);
                    }
                }
            }
        }
        if c.is_empty() {
            break;
        }
    }
    if data.iter().fold(0u8, |sum, b| sum.wrapping_add(*b)) % 3 == 0 {
        whole_engine(&mut engine);
    }
}
