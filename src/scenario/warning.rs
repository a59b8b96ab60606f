//! What an import or an export wants the reader to know: the NoSQL
//! Workbench model's parts kept but not simulated, what a format cannot
//! hold, how to run the AWS CLI script.
//!
//! Warnings are facts, not text: the playground words them in the page's
//! language (`i18n`), and `ddb-local --export` prints the English of
//! [`Warning`]'s `Display`. Names from the data (tables, attributes,
//! indexes, a model's members) are carried as they are.

use std::fmt;

/// One warning of an import or an export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    // ---- reading a NoSQL Workbench model ----
    /// `ModelMetadata.Version` is not 1.0 or 3.0 (this version), or missing
    /// (`None`): the model was read as version 3.0.
    VersionAssumed { stated: Option<String> },
    /// The model's own members (quoted, e.g. `"Comments"`) were kept for
    /// the export and not used.
    ModelMembersKept { members: String },
    /// A table's parts kept for the export but not simulated.
    TableKept { table: String, unused: Vec<Unused> },
    /// `changed` of the table's `items` were stored in DynamoDB's form
    /// (numbers in their shortest form, sets sorted).
    Renormalised { table: String, changed: usize, items: usize },
    /// `count` values have another type than `NonKeyAttributes` declares;
    /// the first was at `place` (`TableData[2].Year`).
    Mistyped { table: String, count: usize, place: String, actual: String, declared: String },

    // ---- writing a NoSQL Workbench model ----
    /// The table is on demand now, so the kept `ProvisionedCapacitySettings`
    /// were left out.
    OnDemandNow { table: String },
    /// A model of `version` has no billing mode, so the table's provisioned
    /// capacity is not in it.
    NoBillingMode { table: String, version: String },
    /// An attribute holds values of several types (DynamoDB's type tags).
    SeveralTypes { table: String, attribute: String, types: Vec<String> },
    /// What the table has and a model cannot hold.
    CannotHold { table: String, lost: Vec<Lost> },

    // ---- writing a CloudFormation template ----
    /// The table's items are not part of the template.
    ItemsNotInTemplate { table: String, items: usize },
    /// No tables: CloudFormation refuses a template without resources.
    NoTables,

    // ---- writing an AWS CLI script ----
    /// Binary values need AWS CLI v2.
    BinaryNeedsCliV2,
}

/// A part of a Workbench table kept for the export but not simulated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unused {
    /// This many `TableFacets`.
    Facets(usize),
    /// A member the playground does not use (`DataAccess`, `SampleDataFormats`).
    Member(String),
    /// The auto scaling settings.
    AutoScaling,
    /// Unknown members of the table (quoted, comma-separated).
    Unknown(String),
    /// Unknown members of one of its indexes.
    IndexMembers { members: String, index: String },
}

/// Something a Workbench model cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lost {
    /// A local secondary index (its name).
    Lsi(String),
    /// The table's stream (its view type).
    Stream(String),
    /// Time to live (its attribute).
    Ttl(String),
    /// The table class.
    TableClass(String),
    /// A GSI's own capacity (the index's name): a model gives GSIs the table's.
    OwnCapacity(String),
    /// The table's tags (how many).
    Tags(usize),
    /// Deletion protection (a model has no place for it).
    DeletionProtection,
    /// A vector index (its name): a model has no place for one.
    VectorIndex(String),
    /// A GSI's key attributes after its first HASH and its first RANGE
    /// attribute (a multi-attribute key): a model's GSI key has one of each.
    MoreKeyAttributes { index: String, attributes: Vec<String> },
}

impl fmt::Display for Unused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unused::Facets(n) => write!(f, "{n} facet(s)"),
            Unused::Member(member) => f.write_str(member),
            Unused::AutoScaling => f.write_str("the auto scaling settings (the playground does not scale capacity)"),
            Unused::Unknown(members) => f.write_str(members),
            Unused::IndexMembers { members, index } => write!(f, "{members} of index {index}"),
        }
    }
}

impl fmt::Display for Lost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lost::Lsi(name) => write!(f, "local secondary index {name}"),
            Lost::Stream(view) => write!(f, "its stream ({view})"),
            Lost::Ttl(attribute) => write!(f, "time to live on {attribute}"),
            Lost::TableClass(class) => write!(f, "table class {class}"),
            Lost::OwnCapacity(index) => write!(f, "the own capacity of index {index} (a model gives GSIs the table's)"),
            Lost::Tags(n) => write!(f, "its {n} tag(s)"),
            Lost::DeletionProtection => f.write_str("its deletion protection"),
            Lost::VectorIndex(name) => write!(f, "vector index {name}"),
            Lost::MoreKeyAttributes { index, attributes } => write!(
                f,
                "the key attributes {} of index {index} (a model's GSI key has one partition-key and one sort-key \
                 attribute; the first of each is exported)",
                attributes.join(", ")
            ),
        }
    }
}

/// `parts` joined with ", ".
fn joined<T: fmt::Display>(parts: &[T]) -> String {
    parts.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for Warning {
    /// The English wording, as `ddb-local --export` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::VersionAssumed { stated: Some(version) } => {
                write!(f, "The model says it is version {version}; it was read as version 3.0.")
            }
            Warning::VersionAssumed { stated: None } => {
                f.write_str("The model names no ModelMetadata.Version; it was read as version 3.0.")
            }
            Warning::ModelMembersKept { members } => write!(f, "Kept for the export, not used: the model's {members}."),
            Warning::TableKept { table, unused } => {
                write!(f, "Table {table}: kept for the export, not simulated: {}.", joined(unused))
            }
            Warning::Renormalised { table, changed, items } => write!(
                f,
                "Table {table}: {changed} of {items} items are stored as DynamoDB stores them (numbers in their \
                 shortest form, e.g. 0.50 as 0.5; sets in sorted order); an export writes that form."
            ),
            Warning::Mistyped { table, count, place, actual, declared } => write!(
                f,
                "Table {table}: {count} attribute value(s) have another type than NonKeyAttributes declares \
                 ({place} is {actual}, declared {declared}); DynamoDB stores each value with its own type."
            ),
            Warning::OnDemandNow { table } => write!(
                f,
                "Table {table} is on demand now, so its ProvisionedCapacitySettings (and auto scaling) are not in \
                 the model."
            ),
            Warning::NoBillingMode { table, version } => write!(
                f,
                "Table {table}: a version {version} model has no billing mode, so its provisioned capacity is not \
                 in the model (importing it makes the table on demand)."
            ),
            Warning::SeveralTypes { table, attribute, types } => write!(
                f,
                "Table {table}: attribute {attribute} holds values of several types ({}); a Workbench model \
                 declares one.",
                types.join(", ")
            ),
            Warning::CannotHold { table, lost } => {
                write!(f, "Table {table}: a Workbench model cannot hold {}; not exported.", joined(lost))
            }
            Warning::ItemsNotInTemplate { table, items } => write!(
                f,
                "Table {table}: its {items} item(s) are not part of the template (CloudFormation creates empty \
                 tables); the AWS CLI script writes them."
            ),
            Warning::NoTables => {
                f.write_str("The scenario has no tables, and CloudFormation refuses a template without resources.")
            }
            Warning::BinaryNeedsCliV2 => {
                f.write_str("The data has binary values: run the script with AWS CLI v2 (it stops under v1).")
            }
        }
    }
}

/// Warnings as JSON, for the page to word what the panels' wasm found
/// (`scenario::conversion`, `ui::page::converter`): each a list, its kind's name first, then
/// its fields in order.
pub mod json {
    use serde_json::{json, Value};

    use super::{Lost, Unused, Warning};

    /// The JSON of `warnings`.
    pub fn to_json(warnings: &[Warning]) -> Value {
        Value::Array(warnings.iter().map(warning).collect())
    }

    /// The warnings `value` holds; what is not a warning is left out.
    pub fn from_json(value: &Value) -> Vec<Warning> {
        value.as_array().map(|list| list.iter().filter_map(read_warning).collect()).unwrap_or_default()
    }

    fn warning(w: &Warning) -> Value {
        match w {
            Warning::VersionAssumed { stated } => json!(["VersionAssumed", stated]),
            Warning::ModelMembersKept { members } => json!(["ModelMembersKept", members]),
            Warning::TableKept { table, unused } => {
                json!(["TableKept", table, unused.iter().map(unused_json).collect::<Vec<_>>()])
            }
            Warning::Renormalised { table, changed, items } => json!(["Renormalised", table, changed, items]),
            Warning::Mistyped { table, count, place, actual, declared } => {
                json!(["Mistyped", table, count, place, actual, declared])
            }
            Warning::OnDemandNow { table } => json!(["OnDemandNow", table]),
            Warning::NoBillingMode { table, version } => json!(["NoBillingMode", table, version]),
            Warning::SeveralTypes { table, attribute, types } => json!(["SeveralTypes", table, attribute, types]),
            Warning::CannotHold { table, lost } => {
                json!(["CannotHold", table, lost.iter().map(lost_json).collect::<Vec<_>>()])
            }
            Warning::ItemsNotInTemplate { table, items } => json!(["ItemsNotInTemplate", table, items]),
            Warning::NoTables => json!(["NoTables"]),
            Warning::BinaryNeedsCliV2 => json!(["BinaryNeedsCliV2"]),
        }
    }

    fn unused_json(u: &Unused) -> Value {
        match u {
            Unused::Facets(n) => json!(["Facets", n]),
            Unused::Member(member) => json!(["Member", member]),
            Unused::AutoScaling => json!(["AutoScaling"]),
            Unused::Unknown(members) => json!(["Unknown", members]),
            Unused::IndexMembers { members, index } => json!(["IndexMembers", members, index]),
        }
    }

    fn lost_json(l: &Lost) -> Value {
        match l {
            Lost::Lsi(name) => json!(["Lsi", name]),
            Lost::Stream(view) => json!(["Stream", view]),
            Lost::Ttl(attribute) => json!(["Ttl", attribute]),
            Lost::TableClass(class) => json!(["TableClass", class]),
            Lost::OwnCapacity(index) => json!(["OwnCapacity", index]),
            Lost::Tags(n) => json!(["Tags", n]),
            Lost::DeletionProtection => json!(["DeletionProtection"]),
            Lost::VectorIndex(name) => json!(["VectorIndex", name]),
            Lost::MoreKeyAttributes { index, attributes } => json!(["MoreKeyAttributes", index, attributes]),
        }
    }

    /// A list's fields after its kind's name, read by position.
    struct Fields<'a>(&'a [Value]);

    impl Fields<'_> {
        fn text(&self, at: usize) -> Option<String> {
            self.0.get(at)?.as_str().map(str::to_string)
        }
        fn count(&self, at: usize) -> Option<usize> {
            self.0.get(at)?.as_u64().and_then(|n| usize::try_from(n).ok())
        }
        fn texts(&self, at: usize) -> Option<Vec<String>> {
            self.0.get(at)?.as_array()?.iter().map(|v| v.as_str().map(str::to_string)).collect()
        }
        fn list<T>(&self, at: usize, read: fn(&Value) -> Option<T>) -> Option<Vec<T>> {
            self.0.get(at)?.as_array()?.iter().map(read).collect()
        }
    }

    /// The kind's name and the fields of a warning's list.
    fn parts(value: &Value) -> Option<(&str, Fields<'_>)> {
        let (kind, fields) = value.as_array()?.split_first()?;
        Some((kind.as_str()?, Fields(fields)))
    }

    fn read_warning(value: &Value) -> Option<Warning> {
        let (kind, f) = parts(value)?;
        Some(match kind {
            "VersionAssumed" => Warning::VersionAssumed { stated: f.text(0) },
            "ModelMembersKept" => Warning::ModelMembersKept { members: f.text(0)? },
            "TableKept" => Warning::TableKept { table: f.text(0)?, unused: f.list(1, read_unused)? },
            "Renormalised" => Warning::Renormalised { table: f.text(0)?, changed: f.count(1)?, items: f.count(2)? },
            "Mistyped" => Warning::Mistyped {
                table: f.text(0)?,
                count: f.count(1)?,
                place: f.text(2)?,
                actual: f.text(3)?,
                declared: f.text(4)?,
            },
            "OnDemandNow" => Warning::OnDemandNow { table: f.text(0)? },
            "NoBillingMode" => Warning::NoBillingMode { table: f.text(0)?, version: f.text(1)? },
            "SeveralTypes" => Warning::SeveralTypes { table: f.text(0)?, attribute: f.text(1)?, types: f.texts(2)? },
            "CannotHold" => Warning::CannotHold { table: f.text(0)?, lost: f.list(1, read_lost)? },
            "ItemsNotInTemplate" => Warning::ItemsNotInTemplate { table: f.text(0)?, items: f.count(1)? },
            "NoTables" => Warning::NoTables,
            "BinaryNeedsCliV2" => Warning::BinaryNeedsCliV2,
            _ => return None,
        })
    }

    fn read_unused(value: &Value) -> Option<Unused> {
        let (kind, f) = parts(value)?;
        Some(match kind {
            "Facets" => Unused::Facets(f.count(0)?),
            "Member" => Unused::Member(f.text(0)?),
            "AutoScaling" => Unused::AutoScaling,
            "Unknown" => Unused::Unknown(f.text(0)?),
            "IndexMembers" => Unused::IndexMembers { members: f.text(0)?, index: f.text(1)? },
            _ => return None,
        })
    }

    fn read_lost(value: &Value) -> Option<Lost> {
        let (kind, f) = parts(value)?;
        Some(match kind {
            "Lsi" => Lost::Lsi(f.text(0)?),
            "Stream" => Lost::Stream(f.text(0)?),
            "Ttl" => Lost::Ttl(f.text(0)?),
            "TableClass" => Lost::TableClass(f.text(0)?),
            "OwnCapacity" => Lost::OwnCapacity(f.text(0)?),
            "Tags" => Lost::Tags(f.count(0)?),
            "DeletionProtection" => Lost::DeletionProtection,
            "VectorIndex" => Lost::VectorIndex(f.text(0)?),
            "MoreKeyAttributes" => Lost::MoreKeyAttributes { index: f.text(0)?, attributes: f.texts(1)? },
            _ => return None,
        })
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn every_warning_reads_back_as_itself() {
            let text = |s: &str| s.to_string();
            let warnings = vec![
                Warning::VersionAssumed { stated: Some(text("2.0")) },
                Warning::VersionAssumed { stated: None },
                Warning::ModelMembersKept { members: text("\"Comments\"") },
                Warning::TableKept {
                    table: text("Music"),
                    unused: vec![
                        Unused::Facets(2),
                        Unused::Member(text("DataAccess")),
                        Unused::AutoScaling,
                        Unused::Unknown(text("\"X\"")),
                        Unused::IndexMembers { members: text("\"Y\""), index: text("GSI1") },
                    ],
                },
                Warning::Renormalised { table: text("T"), changed: 3, items: 9 },
                Warning::Mistyped {
                    table: text("T"),
                    count: 1,
                    place: text("TableData[2].Year"),
                    actual: text("S"),
                    declared: text("N"),
                },
                Warning::OnDemandNow { table: text("T") },
                Warning::NoBillingMode { table: text("T"), version: text("1.0") },
                Warning::SeveralTypes { table: text("T"), attribute: text("a"), types: vec![text("S"), text("N")] },
                Warning::CannotHold {
                    table: text("T"),
                    lost: vec![
                        Lost::Lsi(text("L")),
                        Lost::Stream(text("NEW_IMAGE")),
                        Lost::Ttl(text("expires")),
                        Lost::TableClass(text("STANDARD_INFREQUENT_ACCESS")),
                        Lost::OwnCapacity(text("G")),
                        Lost::Tags(2),
                        Lost::DeletionProtection,
                        Lost::VectorIndex(text("V")),
                        Lost::MoreKeyAttributes { index: text("G"), attributes: vec![text("b"), text("c")] },
                    ],
                },
                Warning::ItemsNotInTemplate { table: text("T"), items: 4 },
                Warning::NoTables,
                Warning::BinaryNeedsCliV2,
            ];
            assert_eq!(from_json(&to_json(&warnings)), warnings);
        }

        #[test]
        fn what_is_not_a_warning_is_left_out() {
            let value = json!([["NoTables"], ["Nonsense"], 7, ["Renormalised", "T", "x", 1], [], ["BinaryNeedsCliV2"]]);
            assert_eq!(from_json(&value), vec![Warning::NoTables, Warning::BinaryNeedsCliV2]);
            assert!(from_json(&json!({"a": 1})).is_empty());
        }
    }
}
