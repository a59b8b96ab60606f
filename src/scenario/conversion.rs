//! The conversions the page leaves to the panels' wasm: a scenario exported
//! to a NoSQL Workbench model, a CloudFormation template or an AWS CLI
//! script, and a Workbench model read into a scenario. Their code (31 KB of
//! the page's wasm, 14 KB gzipped) is needed only when someone exports or
//! imports one of these files, so the page's first download goes without it.
//!
//! ```text
//!   page                                            panels' wasm
//!   ask "export:workbench" + the scenario file ──►  exchange::export
//!   ask "import"           + the model's text  ──►  exchange::import
//!   Answer::Export / Imported / Refused        ◄──  answer(), as JSON
//! ```
//!
//! Both sides speak the scenario file ([`exchange::scenario_file`]), the
//! same text a link, the autosave and an export carry; warnings travel as
//! facts ([`warning::json`](super::warning::json)) and are worded by the page in its language.

use serde_json::{json, Value};

use super::exchange::{self, ExportFormat};
use super::format::Scenario;
use super::warning::{json as warnings, Warning};

/// What the page asks for a Workbench model's import.
pub const IMPORT: &str = "import";

/// What the page asks for an export to `format`.
pub fn export_ask(format: ExportFormat) -> String {
    format!("export:{}", format.name())
}

/// The panels' wasm's answer, as the page reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// An export's file and what its format could not hold.
    Export { text: String, warnings: Vec<Warning> },
    /// An import's scenario file and what the reader should know.
    Imported { scenario: String, warnings: Vec<Warning> },
    /// Not converted: why, in DynamoDB's words or the reader's.
    Refused(String),
}

impl Answer {
    pub fn to_json(&self) -> Value {
        match self {
            Answer::Export { text, warnings: w } => json!({"text": text, "warnings": warnings::to_json(w)}),
            Answer::Imported { scenario, warnings: w } => {
                json!({"scenario": scenario, "warnings": warnings::to_json(w)})
            }
            Answer::Refused(message) => json!({"error": message}),
        }
    }

    /// Reads an answer; anything else is refused with a message saying so.
    pub fn from_json(value: &Value) -> Answer {
        let text = |name: &str| value.get(name).and_then(Value::as_str).map(str::to_string);
        let found = || warnings::from_json(value.get("warnings").unwrap_or(&Value::Null));
        if let Some(text) = text("text") {
            return Answer::Export { text, warnings: found() };
        }
        if let Some(scenario) = text("scenario") {
            return Answer::Imported { scenario, warnings: found() };
        }
        Answer::Refused(text("error").unwrap_or_else(|| "The conversion gave no answer".to_string()))
    }
}

/// The answer to `ask` about `text` (the scenario file for an export, the
/// chosen file's text for an import).
pub fn answer(ask: &str, text: &str) -> Answer {
    if ask == IMPORT {
        return match exchange::import(text) {
            Ok(imported) => {
                Answer::Imported { scenario: exchange::scenario_file(&imported.scenario), warnings: imported.warnings }
            }
            Err(error) => Answer::Refused(error.message().to_string()),
        };
    }
    let Some(format) = ask.strip_prefix("export:").and_then(ExportFormat::parse) else {
        return Answer::Refused(format!("Unknown conversion \"{ask}\""));
    };
    let scenario = serde_json::from_str(text)
        .map_err(|e| format!("Invalid scenario: it is not a JSON document ({e})"))
        .and_then(|document| Scenario::from_json(document).map_err(|e| e.message().to_string()));
    match scenario {
        Ok(scenario) => {
            let export = exchange::export(&scenario, format);
            Answer::Export { text: export.text, warnings: export.warnings }
        }
        Err(message) => Answer::Refused(message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::workbench::ModelVersion;

    const MODEL: &str = include_str!("../../tests/fixtures/workbench/music-3.0.json");

    /// What the answer is after it has crossed to the page as JSON text.
    fn crossed(answer: Answer) -> Answer {
        Answer::from_json(&serde_json::from_str(&answer.to_json().to_string()).unwrap())
    }

    #[test]
    fn a_model_imported_across_is_the_model_imported_here() {
        let here = exchange::import(MODEL).unwrap();
        let Answer::Imported { scenario, warnings } = crossed(answer(IMPORT, MODEL)) else { panic!("imported") };
        assert_eq!(warnings, here.warnings);
        assert_eq!(scenario, exchange::scenario_file(&here.scenario));
        // The scenario file reads back to the same playground.
        let back = Scenario::from_json(serde_json::from_str(&scenario).unwrap()).unwrap();
        assert_eq!(exchange::scenario_file(&back), scenario);
    }

    #[test]
    fn an_export_made_across_is_the_export_made_here() {
        let scenario = exchange::import(MODEL).unwrap().scenario;
        let file = exchange::scenario_file(&scenario);
        for format in ExportFormat::ALL {
            let here = exchange::export(&scenario, format);
            let across = crossed(answer(&export_ask(format), &file));
            assert_eq!(across, Answer::Export { text: here.text, warnings: here.warnings }, "{}", format.name());
        }
        assert_eq!(export_ask(ExportFormat::Workbench(ModelVersion::V1)), "export:workbench-1.0");
    }

    #[test]
    fn what_cannot_be_converted_is_refused_with_the_reason() {
        let refused = |ask: &str, text: &str| match crossed(answer(ask, text)) {
            Answer::Refused(message) => message,
            other => panic!("{other:?}"),
        };
        assert!(refused(IMPORT, "{").starts_with("Invalid file: it is not a JSON document"));
        assert!(refused(IMPORT, r#"{"DataModel": [{"TableName": 3}]}"#).starts_with("Invalid NoSQL Workbench model"));
        assert!(refused("export:workbench", "[]").starts_with("Invalid scenario"));
        assert_eq!(refused("export:pdf", "{}"), "Unknown conversion \"export:pdf\"");
        assert_eq!(Answer::from_json(&json!(7)), Answer::Refused("The conversion gave no answer".to_string()));
    }
}
