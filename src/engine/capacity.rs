//! Capacity: what a request costs, as pure functions of byte sizes.
//!
//! The rules, from `docs/dynamodb-semantics.md` section A:
//!
//! * **Reads** are counted in 4 KB blocks (1 KB = 1024 B): `ceil(size / 4096)`
//!   read units for a strongly consistent read, half that for an eventually
//!   consistent one (the default). A read that finds nothing still costs one
//!   block: 1 (strong) or 0.5 (eventual). (A.1, A.2)
//! * **Writes** are counted in 1 KB blocks: `ceil(size / 1024)` write units,
//!   never less than 1. A put that replaces an item pays for the larger of the
//!   old and the new item; a delete pays for the deleted item; deleting a
//!   missing item costs 1. (A.3)
//! * On-demand tables use the same arithmetic for their request units, and
//!   `ConsumedCapacity` has the same shape in both modes. (A.1)
//!
//! Worked example (B.3): an item of exactly 4,096 bytes costs 1 RCU strongly
//! consistent and 0.5 eventually consistent; at 4,097 bytes it costs 2 and 1.
//!
//! * **Secondary indexes** (A.2, A.3): a read on an index is sized on the
//!   projected *entries* it reads; a write pays, for each index it changes,
//!   by the rules in [`crate::engine::index`]. Every [`Charge`] says whose
//!   capacity it draws on ([`Scope`]), and [`ConsumedCapacity::from_charges`]
//!   sums them into the `Table`, `GlobalSecondaryIndexes` and
//!   `LocalSecondaryIndexes` arms of an `INDEXES` response.
//!
//! Costs are `f64` because DynamoDB sends doubles; every figure is a multiple
//! of 0.5, which an `f64` holds exactly.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::schema::KeyValue;
use crate::engine::ordered::Ordered;

/// Bytes in one read block (one strongly consistent read unit).
pub const READ_BLOCK_BYTES: usize = 4096;

/// How many items of `item_size_bytes` one 4 KB read block holds (at least
/// one: a larger item takes several blocks).
pub fn items_per_read_block(item_size_bytes: u64) -> u64 {
    let block = READ_BLOCK_BYTES as u64;
    block / item_size_bytes.clamp(1, block)
}
/// Bytes in one write block (one write unit).
pub const WRITE_BLOCK_BYTES: usize = 1024;

/// How a read sees the data, and so what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Consistency {
    /// The default: may miss the latest write, costs half.
    #[default]
    Eventual,
    /// `ConsistentRead: true`: sees every acknowledged write, costs full.
    Strong,
}

impl Consistency {
    /// The consistency a request's `ConsistentRead` flag asks for.
    pub fn from_flag(consistent_read: Option<bool>) -> Self {
        if consistent_read == Some(true) {
            Self::Strong
        } else {
            Self::Eventual
        }
    }
}

/// Number of `block`-byte blocks needed for `size` bytes, at least one.
fn blocks(size: usize, block: usize) -> usize {
    size.div_ceil(block).max(1)
}

/// Read units for reading `size` bytes as one read (a GetItem, or the summed
/// items of one Query/Scan page): whole 4 KB blocks, at least one, halved for
/// an eventually consistent read.
pub fn read_units(size: usize, consistency: Consistency) -> f64 {
    let units = blocks(size, READ_BLOCK_BYTES) as f64;
    match consistency {
        Consistency::Strong => units,
        Consistency::Eventual => units / 2.0,
    }
}

/// Write units for writing an item of `size` bytes: whole 1 KB blocks, at
/// least one.
pub fn write_units(size: usize) -> f64 {
    blocks(size, WRITE_BLOCK_BYTES) as f64
}

/// Write units for a put or delete that may replace an existing item: the
/// larger of the old and the new image decides (A.3).
pub fn replace_write_units(old_size: Option<usize>, new_size: Option<usize>) -> f64 {
    let largest = old_size.unwrap_or(0).max(new_size.unwrap_or(0));
    write_units(largest)
}

/// What a charge paid for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChargeKind {
    /// A read, in 4 KB blocks, halved when eventually consistent.
    Read(Consistency),
    /// A write, in 1 KB blocks.
    Write,
    /// A read inside a transaction: 4 KB blocks, doubled.
    TransactionalRead,
    /// A write inside a transaction: 1 KB blocks, doubled.
    TransactionalWrite,
    /// A vector index entry written: metered in bytes, no units
    /// (`vector::metering`).
    VectorWrite,
}

/// What a write did to an index entry (for the cost breakdown's wording).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryAction {
    /// The item entered the index, or its entry moved to a new index key.
    Put,
    /// The item left the index, or its entry moved away from this key.
    Delete,
    /// The entry stayed under its key but its projected attributes changed.
    Update,
}

/// Whose capacity a charge draws on.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Scope {
    /// The table's own: an item read or written.
    #[default]
    Table,
    /// The table's: a base item fetched by a read on local secondary index
    /// `index` because the read wanted attributes the index does not project
    /// (A.2). Reported under `Table`.
    Fetch { index: String },
    /// Secondary index `name`: a GSI's own capacity, or (for an LSI) the
    /// table's, reported under `LocalSecondaryIndexes`. `action` is `None`
    /// for a read.
    Index { name: String, global: bool, action: Option<EntryAction> },
    /// Vector index `name`: bytes of its own meter, never capacity units.
    Vector { name: String },
}

/// One line of a cost breakdown: which bytes were rounded into how many
/// blocks and what that cost. Operations record one per rounding they do
/// (one per GetItem, one per Query page, one per item of a batch, one per
/// index entry written), so the playground can say *why* a request cost what
/// it did.
#[derive(Clone, Debug, PartialEq)]
pub struct Charge {
    pub table: String,
    /// Table or index, and what was done there.
    pub scope: Scope,
    pub kind: ChargeKind,
    /// Items covered: a Query or Scan page counts every item it read.
    pub items: usize,
    /// The bytes rounded: summed item sizes, or the larger image of a write.
    pub bytes: usize,
    /// Whole blocks (4 KB for reads, 1 KB for writes), at least one.
    pub blocks: usize,
    pub units: f64,
    /// The partition key whose partition pays (in the keyspace of the table,
    /// or of the GSI for a GSI charge); `None` when the charge spans
    /// partitions (a Scan page). Used by `throughput` to admit the request.
    pub partition: Option<KeyValue>,
}

impl Charge {
    /// A read of `items` items totalling `bytes`, rounded once.
    pub fn read(table: &str, items: usize, bytes: usize, consistency: Consistency) -> Self {
        let blocks = blocks(bytes, READ_BLOCK_BYTES);
        Self {
            table: table.into(),
            scope: Scope::Table,
            kind: ChargeKind::Read(consistency),
            items,
            bytes,
            blocks,
            units: read_units(bytes, consistency),
            partition: None,
        }
    }

    /// The same charge, paid by the partition of `partition_key`.
    pub fn keyed(self, partition_key: &KeyValue) -> Self {
        Self { partition: Some(partition_key.clone()), ..self }
    }

    /// The same charge, drawn on `scope` instead of the table.
    pub fn on(self, scope: Scope) -> Self {
        Self { scope, ..self }
    }

    /// A write of one index entry of `bytes` (A.3). Inside a transaction too
    /// it costs its ordinary units: only the table's write doubles (F).
    pub fn index_write(table: &str, index: &str, global: bool, action: EntryAction, bytes: usize) -> Self {
        Self::write(table, None, Some(bytes)).on(Scope::Index { name: index.to_string(), global, action: Some(action) })
    }

    /// A write of one vector index entry, metered at `bytes`
    /// (`VectorWriteRequestBytes`): no blocks, no units.
    pub fn vector_write(table: &str, index: &str, bytes: usize) -> Self {
        Self {
            table: table.into(),
            scope: Scope::Vector { name: index.to_string() },
            kind: ChargeKind::VectorWrite,
            items: 1,
            bytes,
            blocks: 0,
            units: 0.0,
            partition: None,
        }
    }

    /// A write that replaces `old` (if any) with `new` (if any): the larger decides.
    pub fn write(table: &str, old: Option<usize>, new: Option<usize>) -> Self {
        let bytes = old.unwrap_or(0).max(new.unwrap_or(0));
        let blocks = blocks(bytes, WRITE_BLOCK_BYTES);
        Self {
            table: table.into(),
            scope: Scope::Table,
            kind: ChargeKind::Write,
            items: 1,
            bytes,
            blocks,
            units: write_units(bytes),
            partition: None,
        }
    }

    /// A transactional read of one item of `bytes` (0 when missing).
    pub fn transactional_read(table: &str, bytes: usize) -> Self {
        let units = 2.0 * read_units(bytes, Consistency::Strong);
        let blocks = blocks(bytes, READ_BLOCK_BYTES);
        Self {
            table: table.into(),
            scope: Scope::Table,
            kind: ChargeKind::TransactionalRead,
            items: 1,
            bytes,
            blocks,
            units,
            partition: None,
        }
    }

    /// A transactional write of one item whose larger image is `bytes`.
    pub fn transactional_write(table: &str, bytes: usize) -> Self {
        let units = 2.0 * write_units(bytes);
        let blocks = blocks(bytes, WRITE_BLOCK_BYTES);
        Self {
            table: table.into(),
            scope: Scope::Table,
            kind: ChargeKind::TransactionalWrite,
            items: 1,
            bytes,
            blocks,
            units,
            partition: None,
        }
    }

    /// The arithmetic as facts, for the playground to word in its
    /// language (the engine's own wording is [`Charge::describe`]).
    pub fn rounding(&self) -> Rounding<'_> {
        let place = match &self.scope {
            Scope::Table => Place::Table,
            Scope::Fetch { index } => Place::Fetch { index },
            Scope::Index { name, global, .. } => Place::Index { name, global: *global },
            Scope::Vector { name } => Place::Vector { name },
        };
        let action = match &self.scope {
            Scope::Index { action: Some(action), .. } => Some(*action),
            _ => None,
        };
        let (verb, factor) = match self.kind {
            ChargeKind::Read(Consistency::Eventual) => (Verb::Read, Factor::Eventual),
            ChargeKind::Read(Consistency::Strong) => (Verb::Read, Factor::Strong),
            ChargeKind::Write => (Verb::Wrote, Factor::None),
            ChargeKind::TransactionalRead => (Verb::Read, Factor::Transaction),
            ChargeKind::TransactionalWrite => (Verb::Wrote, Factor::Transaction),
            ChargeKind::VectorWrite => (Verb::Wrote, Factor::None),
        };
        let verb = match action {
            None => verb,
            Some(EntryAction::Put) => Verb::Put,
            Some(EntryAction::Delete) => Verb::Deleted,
            Some(EntryAction::Update) => Verb::Rewrote,
        };
        let write = matches!(self.kind, ChargeKind::Write | ChargeKind::TransactionalWrite);
        Rounding {
            place,
            verb,
            count: self.items,
            bytes: self.bytes,
            blocks: self.blocks,
            block_kb: if write { WRITE_BLOCK_BYTES / 1024 } else { READ_BLOCK_BYTES / 1024 },
            factor,
            units: self.units,
            write,
        }
    }

    /// The arithmetic in words, e.g. "read 10 items, 10000 bytes: 3 × 4 KB
    /// blocks × 0.5 (eventually consistent) = 1.5 read units"; index work
    /// says which index, e.g. "index byStatus (GSI): put 1 entry, 120 bytes:
    /// 1 × 1 KB blocks = 1 write units". The engine's own English, for the
    /// golden scripts; the playground words [`Charge::rounding`] instead.
    pub fn describe(&self) -> String {
        self.rounding().to_string()
    }
}

/// One rounding of a [`Charge`] as facts: what was read or written where,
/// how many bytes became how many blocks, and the units that cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rounding<'a> {
    pub place: Place<'a>,
    pub verb: Verb,
    /// Items, or index entries when `place` is an index.
    pub count: usize,
    pub bytes: usize,
    pub blocks: usize,
    /// The block size in KB: 4 for reads, 1 for writes.
    pub block_kb: usize,
    pub factor: Factor,
    pub units: f64,
    /// Write units (else read units).
    pub write: bool,
}

/// Where a [`Rounding`] happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place<'a> {
    /// The table's own items.
    Table,
    /// Base items fetched for a read on this local secondary index.
    Fetch { index: &'a str },
    /// Entries of this secondary index.
    Index { name: &'a str, global: bool },
    /// An entry of this vector index: metered in bytes, not units.
    Vector { name: &'a str },
}

/// What a [`Rounding`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Read,
    Wrote,
    /// An index entry was put (the item entered the index or moved).
    Put,
    /// An index entry was deleted.
    Deleted,
    /// An index entry was rewritten under the same key.
    Rewrote,
}

/// What multiplies a [`Rounding`]'s blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Factor {
    /// A write: blocks as they are.
    None,
    /// × 0.5: an eventually consistent read.
    Eventual,
    /// A strongly consistent read: blocks as they are.
    Strong,
    /// × 2: inside a transaction.
    Transaction,
}

impl std::fmt::Display for Rounding<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Place::Vector { name } = self.place {
            return write!(f, "vector index {name}: wrote 1 entry, {} bytes metered (not write units)", self.bytes);
        }
        let entries = matches!(self.place, Place::Index { .. });
        let count = match (self.count, entries) {
            (1, true) => "1 entry".to_string(),
            (n, true) => format!("{n} entries"),
            (1, false) => "1 item".to_string(),
            (n, false) => format!("{n} items"),
        };
        match self.place {
            Place::Table => {}
            Place::Fetch { index } => write!(f, "fetched from the table for LSI {index}: ")?,
            Place::Index { name, global } => write!(f, "index {name} ({}): ", if global { "GSI" } else { "LSI" })?,
            Place::Vector { .. } => {}
        }
        let verb = match self.verb {
            Verb::Read => "read",
            Verb::Wrote => "wrote",
            Verb::Put => "put",
            Verb::Deleted => "deleted",
            Verb::Rewrote => "rewrote",
        };
        let factor = match self.factor {
            Factor::None => "",
            Factor::Eventual => " × 0.5 (eventually consistent)",
            Factor::Strong => " (strongly consistent)",
            Factor::Transaction => " × 2 (transaction)",
        };
        write!(
            f,
            "{verb} {count}, {} bytes: {} × {} KB blocks{factor} = {} {} units",
            self.bytes,
            self.blocks,
            self.block_kb,
            self.units,
            if self.write { "write" } else { "read" }
        )
    }
}

/// What the caller asked to see of the capacity a request consumed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReturnConsumedCapacity {
    /// The default: no `ConsumedCapacity` in the response.
    #[default]
    None,
    /// `TableName` and `CapacityUnits`.
    Total,
    /// Also the split into `Table` and each secondary index.
    Indexes,
}

/// Which kind of units a transactional operation reports next to the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    Read,
    Write,
}

/// The capacity one request consumed on one table and its indexes.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ConsumedCapacity {
    pub table_name: String,
    /// Units charged to the base table itself.
    pub table: f64,
    pub global_secondary_indexes: BTreeMap<String, f64>,
    pub local_secondary_indexes: BTreeMap<String, f64>,
    /// `VectorWriteRequestBytes` by vector index (G.6): reported under
    /// `INDEXES` only, never part of the units.
    pub vector_indexes: BTreeMap<String, f64>,
    /// Transactional operations also say whether the units were read or
    /// write units (`ReadCapacityUnits`/`WriteCapacityUnits`); the others
    /// do not (A.4).
    pub split: Option<Split>,
}

impl ConsumedCapacity {
    /// Capacity charged to the base table only.
    pub fn on_table(table_name: &str, units: f64) -> Self {
        Self { table_name: table_name.to_string(), table: units, ..Self::default() }
    }

    /// The capacity `charges` consumed on table `table_name`: table and
    /// fetch charges under `Table`, index charges under their index's arm
    /// (charges on other tables are ignored).
    pub fn from_charges<'a>(table_name: &str, charges: impl IntoIterator<Item = &'a Charge>) -> Self {
        let mut out = Self::on_table(table_name, 0.0);
        for charge in charges.into_iter().filter(|c| c.table == table_name) {
            match &charge.scope {
                Scope::Table | Scope::Fetch { .. } => out.table += charge.units,
                Scope::Index { name, global: true, .. } => {
                    *out.global_secondary_indexes.entry(name.clone()).or_default() += charge.units
                }
                Scope::Index { name, global: false, .. } => {
                    *out.local_secondary_indexes.entry(name.clone()).or_default() += charge.units
                }
                Scope::Vector { name } => *out.vector_indexes.entry(name.clone()).or_default() += charge.bytes as f64,
            }
        }
        out
    }

    /// Total = table + every GSI + every LSI (A.4).
    pub fn total(&self) -> f64 {
        self.table
            + self.global_secondary_indexes.values().sum::<f64>()
            + self.local_secondary_indexes.values().sum::<f64>()
    }

    /// A `Capacity` object: the units, plus the read/write split where the
    /// operation reports one.
    fn capacity(&self, units: f64) -> Value {
        let mut out = Map::new();
        out.insert("CapacityUnits".into(), units.into());
        match self.split {
            Some(Split::Read) => out.insert("ReadCapacityUnits".into(), units.into()),
            Some(Split::Write) => out.insert("WriteCapacityUnits".into(), units.into()),
            None => None,
        };
        Value::Object(out)
    }

    /// The `ConsumedCapacity` object of a response, or `None` when the caller
    /// did not ask for it. Single-item operations, Query, Scan and batches
    /// carry no Read/WriteCapacityUnits split; transactions do (A.4).
    pub fn to_wire(&self, mode: ReturnConsumedCapacity) -> Option<Value> {
        let mut out = match (mode, self.capacity(self.total())) {
            (ReturnConsumedCapacity::None, _) => return None,
            (_, Value::Object(total)) => total,
            _ => Map::new(),
        };
        if mode == ReturnConsumedCapacity::Indexes {
            out.insert("Table".into(), self.capacity(self.table));
            let arms = [
                ("GlobalSecondaryIndexes", &self.global_secondary_indexes),
                ("LocalSecondaryIndexes", &self.local_secondary_indexes),
            ];
            for (field, indexes) in arms {
                if !indexes.is_empty() {
                    let map: Map<String, Value> =
                        indexes.iter().map(|(name, units)| (name.clone(), self.capacity(*units))).json_object();
                    out.insert(field.into(), Value::Object(map));
                }
            }
            if !self.vector_indexes.is_empty() {
                let map: Map<String, Value> = self
                    .vector_indexes
                    .iter()
                    .map(|(name, bytes)| (name.clone(), serde_json::json!({"VectorWriteRequestBytes": bytes})))
                    .json_object();
                out.insert("VectorIndexes".into(), Value::Object(map));
            }
        }
        out.insert("TableName".into(), self.table_name.clone().into());
        Some(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use Consistency::{Eventual, Strong};

    #[test]
    fn a_read_block_holds_whole_items() {
        assert_eq!(items_per_read_block(0), 4096);
        assert_eq!(items_per_read_block(100), 40);
        assert_eq!(items_per_read_block(4096), 1);
        assert_eq!(items_per_read_block(400_000), 1);
    }

    /// (size in bytes, strong RCU, eventual RCU, WCU), from semantics A.2/A.3.
    const CASES: &[(usize, f64, f64, f64)] = &[
        (0, 1.0, 0.5, 1.0),
        (1, 1.0, 0.5, 1.0),
        (1024, 1.0, 0.5, 1.0),
        (1025, 1.0, 0.5, 2.0),
        (3584, 1.0, 0.5, 4.0),   // "a 3.5 KB item counts as 4 KB"
        (4096, 1.0, 0.5, 4.0),   // B.3: exactly 4 KB is one read unit
        (4097, 2.0, 1.0, 5.0),   // one byte more costs two
        (10240, 3.0, 1.5, 10.0), // "a 10 KB item as 12 KB"
        (409_600, 100.0, 50.0, 400.0),
    ];

    #[test]
    fn units_follow_the_block_rules() {
        for &(size, strong, eventual, write) in CASES {
            assert_eq!(read_units(size, Strong), strong, "strong read of {size} B");
            assert_eq!(read_units(size, Eventual), eventual, "eventual read of {size} B");
            assert_eq!(write_units(size), write, "write of {size} B");
        }
    }

    #[test]
    fn charges_explain_their_arithmetic() {
        let page = Charge::read("t", 10, 10_000, Eventual);
        assert_eq!((page.blocks, page.units), (3, 1.5));
        assert_eq!(
            page.describe(),
            "read 10 items, 10000 bytes: 3 × 4 KB blocks × 0.5 (eventually consistent) = 1.5 read units"
        );
        let write = Charge::write("t", Some(2000), Some(100));
        assert_eq!((write.bytes, write.blocks, write.units), (2000, 2, 2.0));
        let t = Charge::transactional_write("t", 1536);
        assert_eq!(t.describe(), "wrote 1 item, 1536 bytes: 2 × 1 KB blocks × 2 (transaction) = 4 write units");
        assert_eq!(Charge::transactional_read("t", 0).units, 2.0);
    }

    #[test]
    fn charges_sum_into_their_arms() {
        let gsi = |action| Scope::Index { name: "g".into(), global: true, action };
        let charges = [
            Charge::write("t", Some(100), Some(2000)),
            Charge::index_write("t", "g", true, EntryAction::Delete, 1517),
            Charge::index_write("t", "g", true, EntryAction::Put, 1517),
            Charge::index_write("t", "l", false, EntryAction::Update, 10),
            Charge::read("t", 4, 180, Eventual).on(gsi(None)),
            Charge::read("t", 1, 300, Eventual).on(Scope::Fetch { index: "l".into() }),
            Charge::write("other", None, Some(1)),
        ];
        let consumed = ConsumedCapacity::from_charges("t", &charges);
        assert_eq!(consumed.table, 2.0 + 0.5);
        assert_eq!(consumed.global_secondary_indexes.get("g"), Some(&(2.0 + 2.0 + 0.5)));
        assert_eq!(consumed.local_secondary_indexes.get("l"), Some(&1.0));
        assert_eq!(consumed.total(), 8.0);
        assert_eq!(
            charges[1].describe(),
            "index g (GSI): deleted 1 entry, 1517 bytes: 2 × 1 KB blocks = 2 write units"
        );
        assert_eq!(charges[3].describe(), "index l (LSI): rewrote 1 entry, 10 bytes: 1 × 1 KB blocks = 1 write units");
        assert_eq!(
            charges[4].describe(),
            "index g (GSI): read 4 entries, 180 bytes: 1 × 4 KB blocks × 0.5 (eventually consistent) = 0.5 read units"
        );
        assert_eq!(
            charges[5].describe(),
            "fetched from the table for LSI l: read 1 item, 300 bytes: 1 × 4 KB blocks × 0.5 (eventually consistent) = 0.5 read units"
        );
    }

    #[test]
    fn replacing_pays_for_the_larger_image() {
        assert_eq!(replace_write_units(Some(3000), Some(500)), 3.0);
        assert_eq!(replace_write_units(None, Some(500)), 1.0);
        assert_eq!(replace_write_units(None, None), 1.0);
    }

    #[test]
    fn wire_shapes() {
        let c = ConsumedCapacity::on_table("t", 0.5);
        assert_eq!(c.to_wire(ReturnConsumedCapacity::None), None);
        assert_eq!(c.to_wire(ReturnConsumedCapacity::Total), Some(json!({"CapacityUnits": 0.5, "TableName": "t"})));
        assert_eq!(
            c.to_wire(ReturnConsumedCapacity::Indexes),
            Some(json!({"CapacityUnits": 0.5, "Table": {"CapacityUnits": 0.5}, "TableName": "t"}))
        );
        let mut g = ConsumedCapacity::on_table("t", 3.0);
        g.global_secondary_indexes.insert("gsi1".into(), 1.0);
        assert_eq!(
            g.to_wire(ReturnConsumedCapacity::Indexes),
            Some(json!({"CapacityUnits": 4.0, "Table": {"CapacityUnits": 3.0},
                        "GlobalSecondaryIndexes": {"gsi1": {"CapacityUnits": 1.0}}, "TableName": "t"}))
        );
        // The shape of a real transactional response (rusoto issue #1919, A.4).
        let mut t = ConsumedCapacity::on_table("my-table", 6.0);
        t.global_secondary_indexes.insert("gsi1".into(), 2.0);
        t.split = Some(Split::Write);
        assert_eq!(
            t.to_wire(ReturnConsumedCapacity::Indexes),
            Some(
                json!({"CapacityUnits": 8.0, "GlobalSecondaryIndexes": {"gsi1": {"CapacityUnits": 2.0, "WriteCapacityUnits": 2.0}},
                        "Table": {"CapacityUnits": 6.0, "WriteCapacityUnits": 6.0}, "TableName": "my-table", "WriteCapacityUnits": 8.0})
            )
        );
    }
}
