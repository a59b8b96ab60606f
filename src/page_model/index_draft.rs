//! One secondary index as the page's index designer holds it: its fields as
//! typed, and the JSON DynamoDB takes for it.
//!
//! The create-table form (any number of GSIs and LSIs, sent in the one
//! CreateTable) and the index panel ("Add GSI", sent as an UpdateTable with
//! a `Create` in `GlobalSecondaryIndexUpdates`) both hold their indexes as
//! [`IndexDraft`]s; the form's fields only gather text, the engine
//! validates.
//!
//! **Key attributes.** A GSI's key may have up to four HASH and four RANGE
//! attributes ([`MAX_INDEX_KEY_ATTRIBUTES`]; `docs/dynamodb-semantics.md`,
//! "Multi-attribute GSI keys"), so a draft keeps a list of each, in
//! key-schema order:
//!
//! ```text
//!   partition key  [Tenant  ] [S]          KeySchema: Tenant  HASH
//!                  [Region  ] [S]  ×                  Region  HASH
//!   sort key       [Status  ] [S]                     Status  RANGE
//!                  [Date    ] [S]  ×                  Date    RANGE
//! ```
//!
//! A blank first sort-key row means "no sort key" while it is the only one;
//! every other row is sent as typed, so a row left blank comes back as the
//! engine's own error. An LSI keeps one of each: its partition key is the
//! table's, and only its first sort-key row counts.

use serde_json::{json, Map, Value};

pub use crate::engine::schema::MAX_INDEX_KEY_ATTRIBUTES;

/// One key attribute as typed: its name and its type (`S`, `N` or `B`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyField {
    pub name: String,
    pub kind: String,
}

impl KeyField {
    /// A blank row of type `S`.
    pub fn blank() -> Self {
        Self { name: String::new(), kind: "S".into() }
    }
}

/// An index's fields, as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexDraft {
    /// A GSI (own partition key, own capacity) or an LSI (the table's
    /// partition key, an alternate sort key).
    pub global: bool,
    pub name: String,
    /// A GSI's HASH attributes in key-schema order, at least one row (an
    /// LSI's partition key is the table's: these are not sent).
    pub partition_keys: Vec<KeyField>,
    /// The RANGE attributes in key-schema order, at least one row: optional
    /// for a GSI (a single blank row), required for an LSI (first row only).
    pub sort_keys: Vec<KeyField>,
    /// `ALL`, `KEYS_ONLY` or `INCLUDE`.
    pub projection: String,
    /// `INCLUDE`'s `NonKeyAttributes`, comma separated.
    pub non_key: String,
    /// A GSI's own capacity on a provisioned table.
    pub read_units: String,
    pub write_units: String,
    /// A GSI's own `WarmThroughput`, as typed (blank: DynamoDB's default).
    pub warm_reads: String,
    pub warm_writes: String,
    /// A GSI's own `OnDemandThroughput` on an on-demand table (blank: none).
    pub max_reads: String,
    pub max_writes: String,
}

/// Which key list of a draft a row belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyRole {
    Partition,
    Sort,
}

impl IndexDraft {
    /// A blank GSI.
    pub fn global() -> Self {
        Self {
            global: true,
            name: String::new(),
            partition_keys: vec![KeyField::blank()],
            sort_keys: vec![KeyField::blank()],
            projection: "ALL".into(),
            non_key: String::new(),
            read_units: "5".into(),
            write_units: "5".into(),
            warm_reads: String::new(),
            warm_writes: String::new(),
            max_reads: String::new(),
            max_writes: String::new(),
        }
    }

    /// A blank LSI.
    pub fn local() -> Self {
        Self { global: false, ..Self::global() }
    }

    /// The rows of one key list.
    pub fn keys(&self, role: KeyRole) -> &[KeyField] {
        match role {
            KeyRole::Partition => &self.partition_keys,
            KeyRole::Sort => &self.sort_keys,
        }
    }

    fn keys_mut(&mut self, role: KeyRole) -> &mut Vec<KeyField> {
        match role {
            KeyRole::Partition => &mut self.partition_keys,
            KeyRole::Sort => &mut self.sort_keys,
        }
    }

    /// Whether another row may be added to a key list: GSIs only, up to
    /// [`MAX_INDEX_KEY_ATTRIBUTES`] rows.
    pub fn can_add_key(&self, role: KeyRole) -> bool {
        self.global && self.keys(role).len() < MAX_INDEX_KEY_ATTRIBUTES
    }

    /// Adds a blank row to a key list (nothing beyond the limit, nothing
    /// for an LSI).
    pub fn add_key(&mut self, role: KeyRole) {
        if self.can_add_key(role) {
            self.keys_mut(role).push(KeyField::blank());
        }
    }

    /// Removes row `position` of a key list; the first row stays.
    pub fn remove_key(&mut self, role: KeyRole, position: usize) {
        let keys = self.keys_mut(role);
        if position > 0 && position < keys.len() {
            keys.remove(position);
        }
    }

    /// Sets row `position` of a key list (its name or its type).
    pub fn set_key(&mut self, role: KeyRole, position: usize, apply: impl FnOnce(&mut KeyField)) {
        if let Some(field) = self.keys_mut(role).get_mut(position) {
            apply(field);
        }
    }

    /// `INCLUDE`'s attribute names, trimmed, blanks dropped.
    pub fn non_key_attributes(&self) -> Vec<String> {
        self.non_key.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
    }

    /// The HASH attributes sent: a GSI's rows (an LSI's is the table's).
    pub fn sent_partition_keys(&self) -> &[KeyField] {
        if self.global {
            &self.partition_keys
        } else {
            &[]
        }
    }

    /// The RANGE attributes sent: for a GSI none when its only row is
    /// blank, every row otherwise; for an LSI its first row.
    pub fn sent_sort_keys(&self) -> &[KeyField] {
        let rows = self.sort_keys.as_slice();
        if !self.global {
            return rows.get(..1).unwrap_or_default();
        }
        match rows {
            [only] if only.name.trim().is_empty() => &[],
            rows => rows,
        }
    }

    /// The index's own key attributes with their types, for
    /// `AttributeDefinitions` (an LSI's partition key is the table's, so
    /// only its sort key).
    pub fn key_definitions(&self) -> Vec<(String, String)> {
        self.sent_partition_keys()
            .iter()
            .chain(self.sent_sort_keys())
            .map(|field| (field.name.clone(), field.kind.clone()))
            .collect()
    }

    /// The `Projection` object.
    fn projection_json(&self) -> Value {
        let mut projection = Map::new();
        projection.insert("ProjectionType".into(), self.projection.clone().into());
        if self.projection == "INCLUDE" {
            projection.insert("NonKeyAttributes".into(), self.non_key_attributes().into());
        }
        Value::Object(projection)
    }

    /// The index as a member of `GlobalSecondaryIndexes` or
    /// `LocalSecondaryIndexes` (also the `Create` of an UpdateTable):
    /// `table_partition_key` is an LSI's partition key; `provisioned` adds a
    /// GSI's `ProvisionedThroughput`.
    pub fn spec(&self, table_partition_key: &str, provisioned: bool) -> Value {
        let mut key_schema: Vec<Value> = if self.global {
            self.partition_keys.iter().map(|k| json!({"AttributeName": k.name, "KeyType": "HASH"})).collect()
        } else {
            vec![json!({"AttributeName": table_partition_key, "KeyType": "HASH"})]
        };
        key_schema.extend(self.sent_sort_keys().iter().map(|k| json!({"AttributeName": k.name, "KeyType": "RANGE"})));
        let mut spec = Map::new();
        spec.insert("IndexName".into(), self.name.clone().into());
        spec.insert("KeySchema".into(), key_schema.into());
        spec.insert("Projection".into(), self.projection_json());
        if self.global && provisioned {
            let mut throughput = Map::new();
            for (member, text) in [("ReadCapacityUnits", &self.read_units), ("WriteCapacityUnits", &self.write_units)] {
                if let Some(value) = capacity_value(text) {
                    throughput.insert(member.into(), value);
                }
            }
            spec.insert("ProvisionedThroughput".into(), throughput.into());
        }
        if self.global {
            let warm =
                typed_members([("ReadUnitsPerSecond", &self.warm_reads), ("WriteUnitsPerSecond", &self.warm_writes)]);
            if let Some(warm) = warm {
                spec.insert("WarmThroughput".into(), warm);
            }
            let maximum =
                typed_members([("MaxReadRequestUnits", &self.max_reads), ("MaxWriteRequestUnits", &self.max_writes)]);
            if let Some(maximum) = maximum.filter(|_| !provisioned) {
                spec.insert("OnDemandThroughput".into(), maximum);
            }
        }
        Value::Object(spec)
    }
}

/// The members among `pairs` whose field has text, as a JSON object
/// (`WarmThroughput`, `OnDemandThroughput`), or `None` when every field is
/// blank.
pub fn typed_members(pairs: [(&str, &String); 2]) -> Option<Value> {
    let given: Map<String, Value> =
        pairs.into_iter().filter_map(|(member, text)| Some((member.to_string(), capacity_value(text)?))).collect();
    (!given.is_empty()).then_some(Value::Object(given))
}

/// A capacity field as JSON: a number when it reads as one, the text itself
/// otherwise (the engine then answers what DynamoDB would), nothing if blank.
pub fn capacity_value(text: &str) -> Option<Value> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    Some(serde_json::from_str::<serde_json::Number>(text).map_or_else(|_| Value::from(text), Value::Number))
}

/// Adds `(name, type)` to `AttributeDefinitions` unless it is there
/// already (a blank name is left for the engine to refuse). The same name
/// with another type is added all the same, for the engine to refuse as
/// DynamoDB does: keeping the first type would quietly build another key
/// than the form shows.
pub fn add_definition(definitions: &mut Vec<Value>, name: &str, kind: &str) {
    let member = |d: &Value, key: &str| d.get(key).and_then(Value::as_str).map(str::to_owned);
    let known = definitions.iter().any(|d| {
        member(d, "AttributeName").as_deref() == Some(name) && member(d, "AttributeType").as_deref() == Some(kind)
    });
    if !known {
        definitions.push(json!({"AttributeName": name, "AttributeType": kind}));
    }
}
