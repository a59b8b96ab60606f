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
