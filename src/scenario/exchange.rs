//! The ways a scenario leaves the playground and comes back in.
//!
//! ```text
//!                      export                                import
//!   Scenario ──► scenario file (.json) ───────────────────► Scenario
//!            ──► NoSQL Workbench model 3.0 / 1.0 (.json) ──►
//!            ──► CloudFormation template (.json)             (export only)
//!            ──► AWS CLI script (.sh)                        (export only)
//! ```
//!
//! [`export`] writes any of the four from a [`Scenario`]; each comes with
//! warnings for whatever its format cannot hold (a template has no items, a
//! Workbench model no streams), so nothing is lost without a word. [`import`]
//! reads a file the user chose and tells by its content what it is: a
//! scenario document (`"format": "ddb-playground-scenario"`), a bare engine
//! snapshot (older `ddb-local --data` files), or a NoSQL Workbench model
//! (`"DataModel"`); a CloudFormation template is recognised and refused
//! with a message, since it holds no data. Everything read goes through the
//! engine's own requests, so an import that fails has changed nothing.

use serde_json::Value;

use super::cli_script;
use super::cloudformation;
use super::format::{document_of_snapshot, is_scenario, Scenario};
use super::warning::Warning;
use super::workbench::{self, ModelVersion};
use crate::engine::{ApiError, Result};

/// A file format a scenario can be exported to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// The scenario document itself (what `ddb-local --data` reads).
    Scenario,
    /// A NoSQL Workbench data model of the given version.
    Workbench(ModelVersion),
    /// An AWS CloudFormation template of the tables.
    CloudFormation,
    /// A bash script of AWS CLI commands: tables and items.
    AwsCliScript,
}

impl ExportFormat {
    /// Every format, in menu order.
    pub const ALL: [ExportFormat; 5] = [
        Self::Scenario,
        Self::Workbench(ModelVersion::V3),
        Self::Workbench(ModelVersion::V1),
        Self::CloudFormation,
        Self::AwsCliScript,
    ];

    /// The short name (`ddb-local --export NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Scenario => "scenario",
            Self::Workbench(ModelVersion::V3) => "workbench",
            Self::Workbench(ModelVersion::V1) => "workbench-1.0",
            Self::CloudFormation => "cloudformation",
            Self::AwsCliScript => "aws-cli",
        }
    }

    /// The format named `name` (see [`ExportFormat::name`]).
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|format| format.name() == name)
    }

    /// The end of the file name: `<stem><suffix>`.
    pub fn file_suffix(self) -> &'static str {
        match self {
            Self::Scenario => ".json",
            Self::Workbench(ModelVersion::V3) => "-workbench.json",
            Self::Workbench(ModelVersion::V1) => "-workbench-1.0.json",
            Self::CloudFormation => "-cloudformation.json",
            Self::AwsCliScript => ".sh",
        }
    }

    /// The media type of the file.
    pub fn media_type(self) -> &'static str {
        match self {
            Self::AwsCliScript => "text/x-shellscript",
            _ => "application/json",
        }
    }
}

/// An exported file's text, and what it could not hold.
#[derive(Clone, Debug)]
pub struct Export {
    pub text: String,
    pub warnings: Vec<Warning>,
}

/// A scenario read from a file, and what the reader should know about it.
#[derive(Clone, Debug)]
pub struct Imported {
    pub scenario: Scenario,
    pub warnings: Vec<Warning>,
}

/// Pretty-printed JSON with a final newline.
fn pretty(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

/// The scenario file's text: [`export`] to [`ExportFormat::Scenario`], for
/// a caller that has no use for the other formats' code.
pub fn scenario_file(scenario: &Scenario) -> String {
    pretty(&scenario.to_json())
}

/// The scenario in `format`.
pub fn export(scenario: &Scenario, format: ExportFormat) -> Export {
    match format {
        ExportFormat::Scenario => Export { text: scenario_file(scenario), warnings: Vec::new() },
        ExportFormat::Workbench(version) => {
            let exported = workbench::export(scenario, version);
            Export { text: pretty(&exported.model), warnings: exported.warnings }
        }
        ExportFormat::CloudFormation => {
            let template = cloudformation::template(scenario);
            Export { text: pretty(&template.template), warnings: template.warnings }
        }
        ExportFormat::AwsCliScript => {
            let script = cli_script::script(scenario);
            Export { text: script.text, warnings: script.warnings }
        }
    }
}

/// Reads a file's text, whichever readable format it is in.
pub fn import(text: &str) -> Result<Imported> {
    import_document(read_document(text)?)
}

/// A file's text as the JSON document every readable format is.
pub fn read_document(text: &str) -> Result<Value> {
    serde_json::from_str(text)
        .map_err(|e| ApiError::validation(format!("Invalid file: it is not a JSON document ({e})")))
}

/// Reads a JSON document, whichever readable format it is in.
pub fn import_document(document: Value) -> Result<Imported> {
    if workbench::is_model(&document) {
        return workbench::import(&document);
    }
    import_not_a_model(document)
}

/// Reads a JSON document that is not a NoSQL Workbench model
/// ([`workbench::is_model`]), for a caller that has no use for the model
/// reader's code.
pub fn import_not_a_model(document: Value) -> Result<Imported> {
    let plain = |scenario| Imported { scenario, warnings: Vec::new() };
    if is_scenario(&document) {
        return Scenario::from_json(document).map(plain);
    }
    if document.get("format").and_then(Value::as_str) == Some(crate::engine::snapshot::FORMAT) {
        return Scenario::from_json(document_of_snapshot(document)).map(plain);
    }
    if document.get("AWSTemplateFormatVersion").is_some() || document.get("Resources").is_some() {
        return Err(ApiError::validation(
            "Invalid file: this is a CloudFormation template, which holds no items; import reads ddb-playground \
             scenario files and NoSQL Workbench models",
        ));
    }
    if document.get("format").is_some() {
        // Says what is wrong with the format member.
        return Scenario::from_json(document).map(plain);
    }
    Err(ApiError::validation(
        "Invalid file: it is neither a ddb-playground scenario (\"format\": \"ddb-playground-scenario\") nor a \
         NoSQL Workbench model (\"DataModel\")",
    ))
}
