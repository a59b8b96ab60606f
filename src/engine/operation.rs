//! The operations of the DynamoDB API this engine answers, in one list:
//! each one's name (the part after `DynamoDB_20120810.` in `X-Amz-Target`)
//! and its kind.
//!
//! Whatever treats operations differently asks this list instead of
//! keeping its own: the service admits only data-plane operations against
//! the token buckets and turns a throttled transaction into a cancellation
//! (`service`); a dry run keeps each kind from changing anything in its
//! own way (`dry_run`); the endpoint saves nothing after a read-only one
//! (`server::endpoint`); the console draws a footprint for the ones that
//! read items; the page's release build loads the code of the ones only
//! the console issues with the console's (`deferred`). Adding an operation
//! is one line here, its request shapes (`api`), its code (`ops`) and its
//! arm of `Engine::dispatch`, or of `deferred`'s for one marked deferred (a
//! test checks that every operation has its arm where the list says).
//!
//! The DynamoDB Streams API and the playground's own operations have
//! entry points of their own (`Engine::execute_streams`,
//! `Engine::execute_triggers`) and are not in this list.

use std::fmt;

/// Which plane of DynamoDB an operation belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plane {
    /// Tables and their settings: never charged, never throttled.
    Control,
    /// Item reads and writes: charged, and admitted against the
    /// partitions' token buckets (`throughput`).
    Data,
}

/// How a dry run keeps an operation from changing anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DryRunMode {
    /// It changes nothing: it runs as it is.
    AsIs,
    /// It writes items: it runs with every table journaled (items, index
    /// entries, the GSI queue), and the journals are rolled back.
    Journaled,
    /// It changes tables, or touches what no journal keeps: it runs on a
    /// copy of the engine.
    OnACopy,
}

/// What kind of operation one is (see the list).
#[derive(Clone, Copy, Debug)]
struct Kind {
    plane: Plane,
    read_only: bool,
    transactional: bool,
    reads_items: bool,
    dry_run: DryRunMode,
    brief: bool,
    deferred: bool,
}

/// The list: one line per operation, in the order the docs list them.
macro_rules! operations {
    ($($name:ident: $plane:ident, $read_only:literal, $transactional:literal, $reads_items:literal, $dry_run:ident, $brief:literal, $deferred:literal;)*) => {
        /// An operation of the DynamoDB API this engine answers.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Operation {
            $($name,)*
        }

        impl Operation {
            /// Every operation, in the order the docs list them.
            pub const ALL: &'static [Operation] = &[$(Operation::$name,)*];

            /// Its name in `X-Amz-Target`.
            pub fn name(self) -> &'static str {
                match self {
                    $(Operation::$name => stringify!($name),)*
                }
            }

            fn kind(self) -> Kind {
                match self {
                    $(Operation::$name => Kind {
                        plane: Plane::$plane,
                        read_only: $read_only,
                        transactional: $transactional,
                        reads_items: $reads_items,
                        dry_run: DryRunMode::$dry_run,
                        brief: $brief,
                        deferred: $deferred,
                    },)*
                }
            }
        }
    };
}

operations! {
    // name                   plane    read-only  transactional  reads items  dry run    brief    deferred
    CreateTable:              Control, false,     false,         false,       OnACopy,   false,   false;
    DescribeTable:            Control, true,      false,         false,       AsIs,      false,   false;
    ListTables:               Control, true,      false,         false,       AsIs,      false,   false;
    UpdateTable:              Control, false,     false,         false,       OnACopy,   false,   false;
    DeleteTable:              Control, false,     false,         false,       OnACopy,   false,   false;
    PutItem:                  Data,    false,     false,         false,       Journaled, true,    false;
    GetItem:                  Data,    true,      false,         true,        AsIs,      true,    false;
    UpdateItem:               Data,    false,     false,         false,       Journaled, true,    false;
    DeleteItem:               Data,    false,     false,         false,       Journaled, true,    false;
    Query:                    Data,    true,      false,         true,        AsIs,      true,    false;
    Scan:                     Data,    true,      false,         true,        AsIs,      false,   false;
    BatchGetItem:             Data,    true,      false,         true,        AsIs,      false,   false;
    BatchWriteItem:           Data,    false,     false,         false,       Journaled, false,   false;
    TransactGetItems:         Data,    true,      true,          true,        AsIs,      false,   true;
    TransactWriteItems:       Data,    false,     true,          false,       Journaled, false,   true;
    UpdateTimeToLive:         Control, false,     false,         false,       OnACopy,   false,   false;
    DescribeTimeToLive:       Control, true,      false,         false,       AsIs,      false,   false;
    ExecuteStatement:         Data,    false,     false,         true,        Journaled, false,   true;
    BatchExecuteStatement:    Data,    false,     false,         true,        Journaled, false,   true;
    ExecuteTransaction:       Data,    false,     true,          true,        Journaled, false,   true;
    TagResource:              Control, false,     false,         false,       OnACopy,   false,   true;
    UntagResource:            Control, false,     false,         false,       OnACopy,   false,   true;
    ListTagsOfResource:       Control, true,      false,         false,       OnACopy,   false,   true;
    DescribeLimits:           Control, true,      false,         false,       OnACopy,   false,   true;
    DescribeEndpoints:        Control, true,      false,         false,       OnACopy,   false,   true;
    DescribeContinuousBackups: Control, true,     false,         false,       OnACopy,   false,   true;
    SearchVectors:            Data,    true,      false,         false,       AsIs,      false,   false;
}

impl Operation {
    /// The operation of that name, if the engine answers it.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|operation| operation.name() == name)
    }

    /// The plane it belongs to: a data-plane operation is charged and
    /// admitted against the token buckets.
    pub fn plane(self) -> Plane {
        self.kind().plane
    }

    /// Whether it never changes the engine's data, so that a successful
    /// one needs no save. A PartiQL statement counts as a change: it may be
    /// a write.
    pub fn read_only(self) -> bool {
        self.kind().read_only
    }

    /// Whether it is all or nothing: a throttled one is cancelled, with
    /// the throttle as the reason of every action, and its
    /// `ClientRequestToken` is forgotten.
    pub fn transactional(self) -> bool {
        self.kind().transactional
    }

    /// Whether it may read items, so that a dry run of it records which it
    /// read (`footprint`).
    pub fn reads_items(self) -> bool {
        self.kind().reads_items
    }

    /// Whether it holds the engine only briefly, whatever the data: one
    /// item (at most 400 KB), or one Query page (at most 1 MB, inside one
    /// item collection). ddb-local runs these on the thread that read them
    /// (`server::http`); a Scan, a batch or a table operation may take long.
    pub fn brief(self) -> bool {
        self.kind().brief
    }

    /// How a dry run keeps it from changing anything.
    pub fn dry_run(self) -> DryRunMode {
        self.kind().dry_run
    }

    /// Whether only the console issues it in the page, so that the page's
    /// release build loads its code with the console's (`deferred`).
    pub fn deferred(self) -> bool {
        self.kind().deferred
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_parses_from_its_name_and_nothing_else_does() {
        for operation in Operation::ALL {
            assert_eq!(Operation::parse(operation.name()), Some(*operation));
        }
        assert_eq!(Operation::ALL.len(), 27);
        for name in ["", "getitem", "ListStreams", "PutStreamTrigger", "AdvanceClock", "ConditionCheck"] {
            assert_eq!(Operation::parse(name), None, "{name}");
        }
    }

    #[test]
    fn read_only_operations_are_the_ones_named_to_read() {
        // DynamoDB's naming: what only reads describes, lists or gets,
        // besides the item reads Query, Scan, SearchVectors and the batch
        // and transactional gets.
        for operation in Operation::ALL {
            let name = operation.name();
            let named_to_read = ["Describe", "List", "Get"].iter().any(|verb| name.starts_with(verb))
                || matches!(name, "Query" | "Scan" | "SearchVectors" | "BatchGetItem" | "TransactGetItems");
            assert_eq!(operation.read_only(), named_to_read, "{name}");
        }
    }

    #[test]
    fn a_read_only_operation_is_never_journaled_and_a_control_one_never_reads_items() {
        for operation in Operation::ALL {
            if operation.read_only() {
                assert_ne!(operation.dry_run(), DryRunMode::Journaled, "{operation}");
            }
            if operation.plane() == Plane::Control {
                assert!(!operation.reads_items() && !operation.transactional(), "{operation}");
            } else {
                assert_ne!(operation.dry_run(), DryRunMode::OnACopy, "{operation}");
            }
        }
    }
}
