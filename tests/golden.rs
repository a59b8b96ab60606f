//! Golden scripts for the engine: each file in `src/engine/testscripts/`
//! reads like a lecture example and records the engine's exact answers.
//! Run with `UPDATE_GOLDENFILES=1 cargo test --test golden` to regenerate the
//! outputs after an intended change, then review the diff.
//!
//! Commands:
//!
//! * `<Operation> '<request JSON>'`: runs the operation through
//!   `Engine::execute` and prints the response body (keys sorted). Prefix the
//!   line with `!` when an error is expected: it prints `Error: <Exception>: <message>`,
//!   followed by the rest of the error body (`Item`, `CancellationReasons`) when there is one.
//! * `item-size '<item JSON>'`: the item's size in bytes and what reading and
//!   writing it costs (item in DynamoDB JSON or plain JSON, as the editor
//!   takes it).
//! * `dump <table>`: the table's item collections in keyspace order, each
//!   with its hash position and items in sort-key order.
//! * `dump-index <table> <index>`: a secondary index's contents
//!   (`Table::index_collections`): its item collections in keyspace order of
//!   the index partition key, each with its hash position, then its entries
//!   in index sort-key order with the projected attributes only. For a GSI,
//!   what has propagated so far.
//! * `pending <table>`: the GSI updates still on their way
//!   (`Engine::pending_index_updates`), each with the time left.
//! * `explain`: how the previous request's capacity was computed, one line
//!   per rounding (`Engine::last_charges`).
//! * `advance <milliseconds>`: moves the engine clock.
//! * `set <setting> <value>`: changes an engine setting (`EngineSettings`,
//!   e.g. `set gsi-propagation-delay 5000`, `set item-collection-limit 4096`).

#![cfg(not(target_arch = "wasm32"))]

use std::error::Error;
use std::fmt::Write as _;

use ddb_playground::engine::capacity::{read_units, write_units, Consistency};
use ddb_playground::engine::storage::keyspace_position;
use ddb_playground::engine::value::document::parse_item_json;
use ddb_playground::engine::value::size::item_size;
use ddb_playground::engine::value::wire::item_to_wire;
use ddb_playground::engine::Engine;
use test_each_file::test_each_path;

test_each_path! { in "src/engine/testscripts" as engine => test_goldenscript }

fn test_goldenscript(path: &std::path::Path) {
    goldenscript::run(&mut Runner { engine: Engine::new() }, path).expect("goldenscript failed")
}

struct Runner {
    engine: Engine,
}

impl goldenscript::Runner for Runner {
    type Command = goldenscript::Command;

    fn run(&mut self, command: &Self::Command, _: &goldenscript::Context) -> Result<String, Box<dyn Error>> {
        let mut args = command.consume_args();
        let mut out = String::new();
        match command.name.as_str() {
            "item-size" => {
                let text = args.next_pos().ok_or("item JSON expected")?.to_string();
                args.reject_next()?;
                let item = parse_item_json(&text)?;
                let size = item_size(&item);
                writeln!(
                    out,
                    "{size} bytes: read {} strong / {} eventual, write {}",
                    read_units(size, Consistency::Strong),
                    read_units(size, Consistency::Eventual),
                    write_units(size)
                )?;
            }
            "dump" => {
                let name = args.next_pos().ok_or("table name expected")?.to_string();
                args.reject_next()?;
                let table = self.engine.table(&name).ok_or("no such table")?;
                for collection in table.storage.collections() {
                    let position = keyspace_position(&collection.hash);
                    let key = serde_json::to_string(&collection.partition_key.to_attribute().to_wire())?;
                    writeln!(out, "{position} {key} ({} bytes)", collection.size)?;
                    for item in collection.items {
                        writeln!(out, "  {}", serde_json::to_string(&item_to_wire(item))?)?;
                    }
                }
            }
            "dump-index" => {
                let name = args.next_pos().ok_or("table name expected")?.to_string();
                let index = args.next_pos().ok_or("index name expected")?.to_string();
                args.reject_next()?;
                let table = self.engine.table(&name).ok_or("no such table")?;
                for collection in table.index_collections(&index).ok_or("no such index")? {
                    let position = keyspace_position(&collection.hash);
                    let key = serde_json::to_string(&collection.partition_key.to_attribute().to_wire())?;
                    writeln!(out, "{position} {key} ({} bytes)", collection.size)?;
                    for entry in collection.entries {
                        writeln!(
                            out,
                            "  {} ({} bytes)",
                            serde_json::to_string(&item_to_wire(entry.item))?,
                            entry.size
                        )?;
                    }
                }
            }
            "pending" => {
                let name = args.next_pos().ok_or("table name expected")?.to_string();
                args.reject_next()?;
                for update in self.engine.pending_index_updates(&name) {
                    let key = serde_json::to_string(&item_to_wire(&update.table_key))?;
                    let entry = match &update.entry {
                        Some(entry) => serde_json::to_string(&item_to_wire(entry))?,
                        None => "(leaves the index)".to_string(),
                    };
                    writeln!(out, "{} {key} → {entry} in {} ms", update.index_name, update.remaining_millis)?;
                }
            }
            "set" => {
                let setting = args.next_pos().ok_or("setting name expected")?.to_string();
                let value: u64 = args.next_pos().ok_or("value expected")?.parse()?;
                args.reject_next()?;
                if !self.engine.settings_mut().set(&setting, value) {
                    return Err(format!("unknown setting {setting}").into());
                }
            }
            "explain" => {
                args.reject_next()?;
                for charge in self.engine.last_charges() {
                    writeln!(out, "{}: {}", charge.table, charge.describe())?;
                }
            }
            "advance" => {
                let millis: u64 = args.next_pos().ok_or("milliseconds expected")?.parse()?;
                args.reject_next()?;
                self.engine.clock_mut().advance(millis);
            }
            operation => {
                let body = args.next_pos().map(|a| a.to_string()).unwrap_or_else(|| "{}".into());
                args.reject_next()?;
                let response = self.engine.execute_json(operation, &body).map_err(|e| {
                    let mut wire = e.to_wire();
                    if let Some(body) = wire.as_object_mut() {
                        body.retain(|k, _| k != "__type" && k != "message" && k != "Message");
                    }
                    match wire.as_object().is_some_and(|b| !b.is_empty()) {
                        true => format!("{e}\n{wire}"),
                        false => e.to_string(),
                    }
                })?;
                writeln!(out, "{}", serde_json::to_string(&response)?)?;
            }
        }
        Ok(out)
    }
}
