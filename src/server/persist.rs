//! The data file: a scenario document (`scenario::format`) on disk, the
//! same format the browser exports and imports; a bare engine snapshot
//! (`engine::snapshot`, what older data files hold) is read too. A NoSQL
//! Workbench model is refused with a message rather than read: ddb-local
//! saves back into its data file, and would replace the model with a
//! scenario document.
//!
//! Saving is atomic: the snapshot is written to a temporary file next to the
//! target, flushed to disk, and renamed over the target. A crash (or
//! `kill -9`) at any moment leaves either the old file or the new one, never
//! half of one. Loading refuses a file it cannot restore instead of starting
//! empty, so a broken file is never silently overwritten by an empty engine.
//!
//! While ddb-local runs, the data file is the checkpoint of its journal
//! ([`super::journal`]): [`recover`] loads it and replays the journal's
//! changes made after it. The member `"ddbLocal"` (ignored by the browser)
//! names the journal and the last change the checkpoint holds.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::databases::Databases;
use super::endpoint::split_scenario;
use super::journal::{self, Mark};
use crate::engine::Engine;
use crate::scenario::format::is_scenario;
use crate::scenario::{workbench, Scenario};

/// The engine saved at `path` (with several databases, the first: the one
/// the page opens), `None` if there is no such file. A file that exists but
/// is not a valid snapshot is an `InvalidData` error naming the file and the
/// fault.
pub fn load(path: &Path) -> io::Result<Option<Engine>> {
    Ok(load_scenario(path)?.map(|scenario| scenario.engine))
}

/// The whole scenario saved at `path` (a bare snapshot becomes a scenario
/// with nothing else), `None` if there is no such file; errors as [`load`].
pub fn load_scenario(path: &Path) -> io::Result<Option<Scenario>> {
    Ok(load_checkpoint(path)?.map(|(scenario, _, _)| scenario))
}

/// The scenario at `path` with the journal changes made after it replayed
/// (see [`super::journal::recover`]), its engine the first database. `None`
/// if there is neither a data file nor a journal with changes.
pub fn recover(path: &Path) -> io::Result<Option<Scenario>> {
    Ok(recover_databases(path)?.map(|(mut scenario, databases)| {
        if let Some((_, engine)) = databases.iter().next() {
            scenario.engine = engine.clone();
        }
        scenario
    }))
}

/// What ddb-local serves after a crash: the scenario at `path` (its engine
/// left empty) and its databases ([`Databases::of_document`]), with the
/// journal changes made after it replayed. `None` if there is neither a
/// data file nor a journal with changes.
pub fn recover_databases(path: &Path) -> io::Result<Option<(Scenario, Databases)>> {
    let loaded = load_checkpoint(path)?;
    let exists = loaded.is_some();
    let (scenario, mut databases, mark) = match loaded {
        Some((scenario, per_credential, mark)) => {
            let (surroundings, first) = split_scenario(scenario);
            let databases = match per_credential {
                None => Databases::Shared(first),
                Some(document) => {
                    let clock = first.clock().mode();
                    Databases::of_document(&document, first, clock)
                        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("{}: {e}", path.display())))?
                }
            };
            (surroundings, databases, mark)
        }
        None => (Scenario::of_engine(Engine::new()), Databases::Shared(Engine::new()), None),
    };
    journal::recover(path, &mut databases, mark.as_ref(), exists)?;
    Ok(exists.then_some((scenario, databases)))
}

/// A data file as read: the scenario, what its databases are read from if
/// it keeps one per credential, and its place in the journal.
type Checkpoint = (Scenario, Option<Value>, Option<Mark>);

/// The scenario at `path` (its engine the document's), what its databases
/// are read from if it keeps one per credential (see
/// [`Databases::of_document`]), and the checkpoint's place in the journal,
/// if the file names one.
fn load_checkpoint(path: &Path) -> io::Result<Option<Checkpoint>> {
    let text = match fs::read(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io::Error::new(e.kind(), format!("cannot read {}: {e}", path.display()))),
    };
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidData, message);
    let snapshot: Value =
        serde_json::from_slice(&text).map_err(|e| invalid(format!("{} is not JSON: {e}", path.display())))?;
    if workbench::is_model(&snapshot) {
        return Err(invalid(format!(
            "{} is a NoSQL Workbench model; ddb-local would overwrite it with a scenario. Import it in the \
             playground and export a scenario file for --data",
            path.display()
        )));
    }
    let mark = Mark::from_document(&snapshot);
    // What the databases are read from, kept before the scenario takes the document.
    let per_credential = snapshot.get("ddbLocal").and_then(|member| member.get("databases")).map(
        |databases| json!({"engine": snapshot.get("engine").cloned(), "ddbLocal": {"databases": databases.clone()}}),
    );
    let restored = if is_scenario(&snapshot) {
        Scenario::from_json(snapshot)
    } else {
        Engine::restore(&snapshot).map(|engine| Scenario::of(&engine))
    };
    let scenario = restored.map_err(|e| invalid(format!("{}: {}", path.display(), e.message())))?;
    Ok(Some((scenario, per_credential, mark)))
}

/// Where a save writes before the rename: beside the target (a rename only
/// is atomic within one file system), named after it and this process.
fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_else(|| "ddb-local".into());
    name.push(format!(".tmp-{}", std::process::id()));
    path.with_file_name(name)
}

/// Writes `snapshot` to `path` atomically (temporary file, fsync, rename).
/// Pretty-printed, so the file can be read and diffed.
pub fn save_atomically(path: &Path, snapshot: &Value) -> io::Result<()> {
    let temporary = temporary_path(path);
    let write = || -> io::Result<()> {
        let mut file = File::create(&temporary)?;
        let mut writer = io::BufWriter::new(&mut file);
        serde_json::to_writer_pretty(&mut writer, snapshot)?;
        writer.write_all(b"\n")?;
        // Flush explicitly: a BufWriter dropped with data swallows the error.
        writer.flush()?;
        drop(writer);
        file.sync_all()?;
        fs::rename(&temporary, path)
    };
    if let Err(e) = write() {
        let _ = fs::remove_file(&temporary);
        return Err(io::Error::new(e.kind(), format!("cannot save {}: {e}", path.display())));
    }
    // Make the rename itself durable; not every platform lets a directory be
    // opened and synced, and the data is already safe in the file.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn scratch_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ddb-persist-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch dir");
        dir
    }

    #[test]
    fn save_then_load() {
        let dir = scratch_dir("roundtrip");
        let file = dir.join("data.json");
        assert!(load(&file).expect("missing is fine").is_none());
        let mut engine = Engine::new();
        let create = json!({"TableName": "tbl", "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]});
        engine.execute("CreateTable", &create).expect("created");
        save_atomically(&file, &engine.snapshot()).expect("saved");
        // Saving again replaces the file and leaves no temporary behind.
        save_atomically(&file, &engine.snapshot()).expect("saved");
        let names: Vec<_> = fs::read_dir(&dir).expect("dir").filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("data.json")]);
        let loaded = load(&file).expect("loads").expect("exists");
        assert_eq!(loaded.snapshot(), engine.snapshot());
        let _ = fs::remove_dir_all(&dir);
    }

    /// A file the browser exported loads here, and what ddb-local saves is a
    /// scenario the browser can import.
    #[test]
    fn data_files_are_scenario_documents() {
        let dir = scratch_dir("scenario");
        let file = dir.join("export.json");
        let mut engine = Engine::new();
        let create = serde_json::json!({"TableName": "tbl", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"});
        engine.execute("CreateTable", &create).expect("created");
        save_atomically(&file, &Scenario::of(&engine).to_json()).expect("saved");
        let loaded = load(&file).expect("read").expect("present");
        assert_eq!(loaded.snapshot(), engine.snapshot());
        let document = crate::scenario::format::document_of_snapshot(engine.snapshot());
        assert!(Scenario::from_json(document).is_ok());
        let _ = fs::remove_dir_all(dir);
    }

    #[test]
    fn broken_files_are_refused_with_the_file_named() {
        let dir = scratch_dir("broken");
        let file = dir.join("data.json");
        fs::write(&file, "{\"format\": ").expect("written");
        let error = load(&file).expect_err("not JSON");
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(error.to_string().contains("data.json is not JSON"), "{error}");
        fs::write(&file, r#"{"format": "ddb-playground", "version": 9}"#).expect("written");
        let error = load(&file).expect_err("too new");
        assert!(
            error.to_string().ends_with(
                "data.json: Invalid snapshot: version: version 9 is newer than this build of ddb-playground reads (1)"
            ),
            "{error}"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_workbench_model_is_refused_so_it_is_never_overwritten() {
        let dir = scratch_dir("workbench");
        let file = dir.join("model.json");
        let model = json!({"ModelName": "m", "DataModel": []});
        fs::write(&file, model.to_string()).expect("written");
        let error = load(&file).expect_err("a model");
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(error.to_string().ends_with("model.json is a NoSQL Workbench model; ddb-local would overwrite it with a scenario. Import it in the playground and export a scenario file for --data"), "{error}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_scenario_loads_whole() {
        let dir = scratch_dir("whole");
        let file = dir.join("scenario.json");
        let mut scenario = Scenario::of(&Engine::new());
        scenario.view = json!({"table": "x"});
        scenario.workbench = Some(json!({"ModelName": "m", "DataModel": []}));
        save_atomically(&file, &scenario.to_json()).expect("saved");
        let loaded = load_scenario(&file).expect("read").expect("present");
        assert_eq!(loaded.to_json(), scenario.to_json());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn saving_into_a_missing_directory_fails_cleanly() {
        let dir = scratch_dir("missing");
        let file = dir.join("no-such-dir").join("data.json");
        let error = save_atomically(&file, &json!({})).expect_err("no directory");
        assert!(error.to_string().starts_with("cannot save "), "{error}");
        let _ = fs::remove_dir_all(&dir);
    }
}
