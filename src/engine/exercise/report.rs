//! What a check found, and its JSON form (the answer of ddb-local's
//! `CheckExercise`; the page draws the same struct).
//!
//! Keys are `{attribute: plain value}`; figures are rounded to a millionth
//! so float noise does not show.

use serde_json::{json, Map, Value};

use super::format::RecordKey;
use crate::engine::error::ApiError;
use crate::engine::ordered::Ordered;
use crate::engine::review::AccessPath;

/// Something wrong with the solution that is not one pattern's: a table
/// DynamoDB refused, a record that made no item, two records on one key.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// `CreateTable`, `Mapping`, `Item`, `DuplicateKey`.
    pub kind: &'static str,
    pub table: Option<String>,
    pub records: Vec<RecordKey>,
    pub message: String,
}

/// One case of a pattern, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseReport {
    pub parameters: Map<String, Value>,
    pub correct: bool,
    pub missing: Vec<RecordKey>,
    pub extra: Vec<RecordKey>,
    /// The right records, in the wrong order (an ordered pattern only).
    pub out_of_order: bool,
    /// What a write case found in place of the record's items.
    pub differences: Vec<String>,
    /// DynamoDB's refusal of the request.
    pub error: Option<ApiError>,
    /// Units of every page (read plus write).
    pub consumed_capacity: f64,
    pub pages: u32,
}

/// One pattern, checked and reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternReport {
    pub name: String,
    pub correct: bool,
    pub access_path: AccessPath,
    pub read_units: f64,
    pub write_units: f64,
    pub requests: u64,
    pub throttled: u64,
    pub throttling_reasons: Vec<(String, u64)>,
    /// Asked more than its table or GSI is provisioned with (throttles once
    /// burst capacity is spent).
    pub over_capacity: bool,
    pub error: Option<ApiError>,
    pub cases: Vec<CaseReport>,
}

/// One goal, met or not, with the evidence in words.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalReport {
    /// `ServedWithoutScan`, `NoThrottling`, `MaxMonthlyCost`,
    /// `MaxGlobalSecondaryIndexes`, `MaxTables`, or
    /// `MaxCapacityPerRequest: <pattern>`.
    pub goal: String,
    pub met: bool,
    pub evidence: String,
}

/// A whole check.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckReport {
    /// Goals met plus patterns correct.
    pub met: usize,
    /// Goals plus patterns.
    pub of: usize,
    pub goals: Vec<GoalReport>,
    pub patterns: Vec<PatternReport>,
    pub monthly_on_demand: f64,
    pub monthly_provisioned: f64,
    pub review_seconds: u32,
    pub problems: Vec<Problem>,
    /// Problems past the ones listed (a load of many records can make
    /// thousands of the same).
    pub more_problems: usize,
}

fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

fn keys(keys: &[RecordKey]) -> Value {
    Value::Array(keys.iter().map(RecordKey::to_plain).collect())
}

fn error_json(error: &ApiError) -> Value {
    json!({"Code": error.name(), "Message": error.message()})
}

impl Problem {
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("Kind".into(), self.kind.into());
        if let Some(table) = &self.table {
            out.insert("TableName".into(), table.clone().into());
        }
        if !self.records.is_empty() {
            let records =
                self.records.iter().map(|r| json!({"Type": r.entity, "Key": r.to_plain()})).collect::<Vec<_>>();
            out.insert("Records".into(), records.into());
        }
        out.insert("Message".into(), self.message.clone().into());
        Value::Object(out)
    }
}

impl CaseReport {
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("Parameters".into(), Value::Object(self.parameters.clone()));
        out.insert("Correct".into(), self.correct.into());
        out.insert("Missing".into(), keys(&self.missing));
        out.insert("Extra".into(), keys(&self.extra));
        out.insert("OutOfOrder".into(), self.out_of_order.into());
        if !self.differences.is_empty() {
            out.insert("Differences".into(), self.differences.clone().into());
        }
        if let Some(error) = &self.error {
            out.insert("Error".into(), error_json(error));
        }
        out.insert("ConsumedCapacityUnits".into(), round(self.consumed_capacity).into());
        out.insert("Pages".into(), self.pages.into());
        Value::Object(out)
    }
}

impl PatternReport {
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("Name".into(), self.name.clone().into());
        out.insert("Correct".into(), self.correct.into());
        out.insert("AccessPath".into(), self.access_path.name().into());
        if let Some(index) = self.access_path.index() {
            out.insert("IndexName".into(), index.into());
        }
        out.insert(
            "ConsumedCapacityPerRequest".into(),
            json!({"ReadCapacityUnits": round(self.read_units), "WriteCapacityUnits": round(self.write_units)}),
        );
        out.insert("Requests".into(), self.requests.into());
        out.insert("Throttled".into(), self.throttled.into());
        let reasons: Map<String, Value> =
            self.throttling_reasons.iter().map(|(r, n)| (r.clone(), json!(n))).json_object();
        out.insert("ThrottlingReasons".into(), reasons.into());
        if self.over_capacity {
            out.insert("OverCapacity".into(), true.into());
        }
        if let Some(error) = &self.error {
            out.insert("Error".into(), error_json(error));
        }
        out.insert("Cases".into(), self.cases.iter().map(CaseReport::to_json).collect::<Vec<_>>().into());
        Value::Object(out)
    }
}

impl CheckReport {
    /// Whether every goal is met and every pattern correct.
    pub fn is_full(&self) -> bool {
        self.met == self.of
    }

    /// The goal named `goal`.
    pub fn goal(&self, goal: &str) -> Option<&GoalReport> {
        self.goals.iter().find(|g| g.goal == goal)
    }

    /// The pattern named `name`.
    pub fn pattern(&self, name: &str) -> Option<&PatternReport> {
        self.patterns.iter().find(|p| p.name == name)
    }

    /// The JSON form (docs/exercises.md).
    pub fn to_json(&self) -> Value {
        let goals: Vec<Value> =
            self.goals.iter().map(|g| json!({"Goal": g.goal, "Met": g.met, "Evidence": g.evidence})).collect();
        let mut out = json!({
            "Score": {"Met": self.met, "Of": self.of},
            "Goals": goals,
            "AccessPatterns": self.patterns.iter().map(PatternReport::to_json).collect::<Vec<_>>(),
            "MonthlyCost": {"OnDemand": round(self.monthly_on_demand), "Provisioned": round(self.monthly_provisioned)},
            "ReviewSeconds": self.review_seconds,
            "Problems": self.problems.iter().map(Problem::to_json).collect::<Vec<_>>(),
        });
        if self.more_problems > 0 {
            if let Some(fields) = out.as_object_mut() {
                fields.insert("MoreProblems".into(), self.more_problems.into());
            }
        }
        out
    }
}
