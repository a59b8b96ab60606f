//! How a pattern is served: its request dry run once on the data as it is
//! (every page of a Query or Scan without a `Limit`, which wants all its
//! results), the access path it takes, the charges one request makes, and
//! the partition key value those charges fall on.

use serde_json::Value;

use super::AccessPattern;
use crate::engine::capacity::{Charge, ChargeKind};
use crate::engine::error::ApiError;
use crate::engine::partiql::{parser, plan};
use crate::engine::schema::KeyValue;
use crate::engine::{Engine, Previews};

/// The way a pattern's request reaches its items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccessPath {
    /// By primary key: `GetItem`, `BatchGetItem`, `TransactGetItems`, or a
    /// write (`PutItem`, `UpdateItem`, …), by its operation.
    ByKey(&'static str),
    /// A Query on the table or an index.
    Query { index: Option<String> },
    /// Only by a Scan of the table or an index.
    Scan { index: Option<String> },
    /// A SearchVectors of a vector index: the items nearest a vector,
    /// metered in bytes rather than read units.
    Search { index: String },
    /// Not at all: the request is refused.
    Unservable,
}

impl AccessPath {
    /// The operation that serves the pattern (`Unservable` for none).
    pub fn name(&self) -> &'static str {
        match self {
            Self::ByKey(operation) => operation,
            Self::Query { .. } => "Query",
            Self::Scan { .. } => "Scan",
            Self::Search { .. } => "SearchVectors",
            Self::Unservable => "Unservable",
        }
    }

    /// The index a Query or Scan reads, if not the table.
    pub fn index(&self) -> Option<&str> {
        match self {
            Self::Query { index } | Self::Scan { index } => index.as_deref(),
            Self::Search { index } => Some(index),
            _ => None,
        }
    }
}

/// A pattern as its dry run served it.
#[derive(Clone)]
pub(super) struct Served {
    pub path: AccessPath,
    pub error: Option<ApiError>,
    pub charges: Vec<Charge>,
    /// The partition key value the request's charges fall on, which the
    /// traffic varies.
    pub key: Option<KeyValue>,
    /// Bytes one request meters apart from units: a search's
    /// `VectorSearchRequestBytes` and the `VectorWriteRequestBytes` of the
    /// vector index entries a write changes.
    pub search_bytes: f64,
    pub vector_write_bytes: f64,
}

/// How `pattern` is served on the data as it is: its access path,
/// DynamoDB's refusal if any, and the read and write units one request
/// consumes, from one dry run (nothing changes, no capacity is taken).
pub fn classify(engine: &mut Previews, pattern: &AccessPattern) -> (AccessPath, Option<ApiError>, f64, f64) {
    let served = serve(engine, pattern);
    let (read, write) = super::units(&served.charges);
    (served.path, served.error, read, write)
}

/// The bytes one search of `pattern` meters (`VectorSearchRequestBytes`),
/// 0 for any other pattern: it uses no units, which [`classify`] reports.
pub fn search_bytes(engine: &mut Previews, pattern: &AccessPattern) -> f64 {
    serve(engine, pattern).search_bytes
}

/// Dry runs the pattern's request once.
pub(super) fn serve(engine: &mut Previews, pattern: &AccessPattern) -> Served {
    let unservable = |error: ApiError| Served {
        path: AccessPath::Unservable,
        error: Some(error),
        charges: Vec::new(),
        key: None,
        search_bytes: 0.0,
        vector_write_bytes: 0.0,
    };
    let path = match path_of(engine, &pattern.operation, &pattern.request) {
        Ok(path) => path,
        Err(error) => return unservable(error),
    };
    let first = engine.dry_run(&pattern.operation, &pattern.request);
    let search_bytes = first.search_bytes.unwrap_or(0) as f64;
    let mut response = match first.result {
        Ok(response) => response,
        Err(error) => return unservable(error),
    };
    let mut charges = first.charges;
    // A Query or Scan without a Limit wants every result: all its pages
    // are one request's cost (a Limit reads one page at a time).
    let paged = matches!(pattern.operation.as_str(), "Query" | "Scan") && pattern.request.get("Limit").is_none();
    let mut pages = 1;
    while paged && pages < MAX_PAGES {
        let Some(last) = response.get("LastEvaluatedKey").cloned() else { break };
        let mut next = pattern.request.clone();
        if let Some(members) = next.as_object_mut() {
            members.insert("ExclusiveStartKey".into(), last);
        }
        let page = engine.dry_run(&pattern.operation, &next);
        match page.result {
            Ok(r) => response = r,
            Err(_) => break,
        }
        charges.extend(page.charges);
        pages += 1;
    }
    let key = charges.iter().find_map(|c| c.partition.clone());
    let vector_write_bytes = charges.iter().filter(|c| c.kind == ChargeKind::VectorWrite).map(|c| c.bytes as f64).sum();
    Served { path, error: None, charges, key, search_bytes, vector_write_bytes }
}

/// The most pages one request's dry run reads (a 1 GB table at 1 MB a page).
const MAX_PAGES: usize = 1_000;

fn index_of(request: &Value) -> Option<String> {
    request.get("IndexName").and_then(Value::as_str).map(str::to_string)
}

fn path_of(engine: &Engine, operation: &str, request: &Value) -> Result<AccessPath, ApiError> {
    Ok(match operation {
        "GetItem" => AccessPath::ByKey("GetItem"),
        "BatchGetItem" => AccessPath::ByKey("BatchGetItem"),
        "TransactGetItems" => AccessPath::ByKey("TransactGetItems"),
        "PutItem" => AccessPath::ByKey("PutItem"),
        "UpdateItem" => AccessPath::ByKey("UpdateItem"),
        "DeleteItem" => AccessPath::ByKey("DeleteItem"),
        "BatchWriteItem" => AccessPath::ByKey("BatchWriteItem"),
        "TransactWriteItems" => AccessPath::ByKey("TransactWriteItems"),
        "Query" => AccessPath::Query { index: index_of(request) },
        "Scan" => AccessPath::Scan { index: index_of(request) },
        "SearchVectors" => AccessPath::Search { index: index_of(request).unwrap_or_default() },
        "ExecuteStatement" => {
            let text = request.get("Statement").and_then(Value::as_str).unwrap_or_default();
            let statement = parser::parse(text)?;
            let params: Vec<Value> = request.get("Parameters").and_then(Value::as_array).cloned().unwrap_or_default();
            let consistent = request.get("ConsistentRead").and_then(Value::as_bool).unwrap_or(false);
            let index = statement.source().index.clone();
            match plan::plan(engine, &statement, &params, consistent)?.access() {
                plan::Access::Query => AccessPath::Query { index },
                plan::Access::Scan => AccessPath::Scan { index },
                other => AccessPath::ByKey(other.operation()),
            }
        }
        other => {
            return Err(ApiError::validation(format!(
                "An access pattern is served by an item operation, SearchVectors or ExecuteStatement, not {other}"
            )))
        }
    })
}
