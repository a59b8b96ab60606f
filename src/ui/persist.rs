//! Keeping and sharing the playground: the autosaved copy in
//! `localStorage`, share links in the URL fragment, and files: scenario
//! files and the other formats of [`crate::scenario::exchange`] (NoSQL
//! Workbench models both ways; CloudFormation templates and AWS CLI
//! scripts out).
//!
//! Every way in goes through the same checks ([`Scenario::from_json`], for
//! links [`link::decode`] with its size caps, for Workbench models the
//! engine's own requests), and only a scenario that passed them replaces
//! the playground: a bad link, file or saved copy gives a message and
//! leaves the current work as it was.
//!
//! ```text
//!   start ── #v1=… in the URL? ── valid ──► that scenario
//!              │ no / invalid (message)
//!              ▼
//!            autosaved copy? ── valid ──► that scenario
//!              │ no / invalid (message, bad copy kept under a backup key)
//!              ▼
//!            an empty playground
//! ```
//!
//! The autosave writes [`TEMP_KEY`] first, then [`SAVE_KEY`], then removes
//! the temporary copy ([`write_swapped`]), so at every moment one complete
//! copy exists: a failure half-way leaves the last good save in place, or
//! the new one under the temporary key. If the browser refuses the second
//! write for lack of room, the old copy is removed to make room and the
//! write tried again: the temporary copy holds the new version meanwhile.
//! A refused write is reported ("Autosave failed") and destroys nothing.
//!
//! Reading ([`load_saved`]) therefore tries the temporary copy first (it
//! exists only when a write was cut off, and is then the newest), then the
//! saved one. A copy that does not read (garbage, cut off, the wrong shape,
//! a newer version) is reported and moved to its backup key ([`BACKUP_KEY`],
//! [`TEMP_BACKUP_KEY`]), never deleted, and the page starts from the other
//! copy if that one reads, else empty. When even the backup cannot be
//! written (storage full), the unreadable copy stays where it is and the
//! autosave writes only the other key until the page is reloaded, so it is
//! not overwritten.
//!
//! Another tab of the playground autosaves to the same key. The `storage`
//! event tells this tab when that happens ([`keep_other_tab`]): the other
//! tab's copy is kept as the workspace "From another tab", this tab's
//! playground stays open and is saved at its next change, and a notice says so.
//! A scenario whose JSON is larger than [`COMPRESS_ABOVE_BYTES`] (the
//! messaging lesson's fifty 256 KB messages are 13 MB, more than
//! `localStorage` holds) is stored in its share-link form instead, which
//! compresses it to a few tens of kilobytes; reading accepts either.
//!
//! **Named workspaces** are more saved copies, under
//! [`WORKSPACE_PREFIX`]`<name>`, in the same stored form and written the
//! same way (a temporary key first, under [`WORKSPACE_TEMP_PREFIX`]). Opening
//! one reads it through the same checks: a broken copy gives a message and
//! the playground stays as it was.
//!
//! Failures come back as facts ([`StorageFailure`], [`FileFailure`],
//! [`ExportStep`], [`Said`]), not as text: the page words them in its
//! language when it shows them. What the readers say (a ValidationException-
//! style "Invalid share link: …", "Invalid scenario: …") is passed on as
//! it is, inside a translated sentence.

use std::rc::Rc;

use serde_json::Value;
use wasm_bindgen::JsCast;

use super::browser::{self, local_storage};
use super::language::{Msg, Said};
use super::page::converter;
use super::panels::host::PanelsHost;
use super::state::{Action, Notice, Pinned, Playground};
use crate::engine::ordered;
use crate::i18n::{ExportStep, FetchFailure, FileFailure, StorageFailure};
use crate::scenario::conversion::{self, Answer};
use crate::scenario::exchange::{self, ExportFormat, Imported};
use crate::scenario::warning::Warning;
use crate::scenario::{link, workbench, Scenario};

/// Where the autosaved scenario lives (versioned with the scenario format).
pub const SAVE_KEY: &str = "ddb-playground/autosave/v1";
/// Written before [`SAVE_KEY`], removed after it.
pub const TEMP_KEY: &str = "ddb-playground/autosave/v1.tmp";
/// An autosaved copy that could not be read is moved here, never deleted.
pub const BACKUP_KEY: &str = "ddb-playground/autosave/v1.unreadable";
/// A temporary copy that could not be read is moved here (its own key, so
/// that when both copies are damaged neither backup replaces the other).
pub const TEMP_BACKUP_KEY: &str = "ddb-playground/autosave/v1.tmp.unreadable";
/// Largest scenario file read (bytes): the share link's inflate cap.
pub const MAX_FILE_BYTES: f64 = link::MAX_DOCUMENT_BYTES as f64;
/// Scenarios larger than this (JSON bytes) are stored compressed.
pub const COMPRESS_ABOVE_BYTES: usize = 1024 * 1024;

/// Named workspaces live under this prefix followed by their name.
pub const WORKSPACE_PREFIX: &str = "ddb-playground/workspace/";
/// A workspace is written here first (then under [`WORKSPACE_PREFIX`]).
pub const WORKSPACE_TEMP_PREFIX: &str = "ddb-playground/workspace.tmp/";
/// Longest workspace name, in characters.
pub const MAX_WORKSPACE_NAME: usize = 64;
/// The workspace that keeps what another tab autosaved over this tab's copy.
pub const OTHER_TAB_WORKSPACE: &str = "From another tab";
/// The workspace a playground kept before one lesson becomes when another
/// lesson would overwrite it (`lesson_nav`), numbered when taken.
pub const EARLIER_LESSON_WORKSPACE: &str = "Kept before a lesson";

/// The text a scenario is stored under: its JSON, or for a large one its
/// share-link form (`v1=…`).
pub fn stored_text(scenario: &Scenario) -> String {
    let text = scenario.to_json().to_string();
    if text.len() > COMPRESS_ABOVE_BYTES {
        link::encode_json(&text)
    } else {
        text
    }
}

/// Reads a stored scenario: JSON, or the share-link form of a large one.
pub fn scenario_from_stored(text: &str) -> Result<Scenario, String> {
    if text.starts_with(link::PREFIX) {
        return link::decode(text).map_err(|e| e.message().to_string());
    }
    scenario_from_text(text)
}

/// Reads a scenario document from JSON text (a file or the saved copy).
pub fn scenario_from_text(text: &str) -> Result<Scenario, String> {
    let document: Value =
        serde_json::from_str(text).map_err(|e| format!("Invalid scenario: it is not a JSON document ({e})"))?;
    Scenario::from_json(document).map_err(|e| e.message().to_string())
}

/// The scenario as the pretty-printed JSON an export writes.
pub fn scenario_text(scenario: &Scenario) -> String {
    exchange::scenario_file(scenario)
}

/// True when the scenario holds nothing worth saving.
fn is_empty(scenario: &Scenario) -> bool {
    scenario.engine.tables().next().is_none() && scenario.operations.is_empty() && scenario.access_patterns.is_empty()
}

/// Writes the autosaved copy (or removes it when the playground is empty).
/// Normally through [`write_swapped`]; with one key pinned, straight to the
/// other (one `setItem`, which the browser applies whole or not at all);
/// with both pinned, not at all.
pub fn autosave(scenario: &Scenario, pinned: Pinned) -> Result<(), StorageFailure> {
    let Some(storage) = local_storage() else { return Err(StorageFailure::NoStorage) };
    if is_empty(scenario) {
        if !pinned.saved {
            let _ = storage.remove_item(SAVE_KEY);
        }
        if !pinned.temp {
            let _ = storage.remove_item(TEMP_KEY);
        }
        return Ok(());
    }
    let text = stored_text(scenario);
    let refused = |message| StorageFailure::Refused { kb: text.len() / 1024, message };
    match (pinned.saved, pinned.temp) {
        (false, false) => write_swapped(&storage, SAVE_KEY, TEMP_KEY, &text).map_err(refused),
        (true, false) => storage.set_item(TEMP_KEY, &text).map_err(|e| refused(refusal(e))),
        (false, true) => storage.set_item(SAVE_KEY, &text).map_err(|e| refused(refusal(e))),
        (true, true) => Err(refused(None)),
    }
}

/// Writes `text` under `key` so that a complete copy exists at every
/// moment: under `temp` first, then under `key`; if the browser refuses
/// that (storage full: two copies do not fit), the old copy under `key` is
/// removed to make room and the write tried again, `temp` holding the new
/// version meanwhile; finally `temp` is removed. When the first write is
/// refused, `key` is untouched; when the last, the new version stays under
/// `temp`, where [`load_saved`] looks first. The error is the browser's
/// words, if it gave any.
pub fn write_swapped(storage: &web_sys::Storage, key: &str, temp: &str, text: &str) -> Result<(), Option<String>> {
    if let Err(e) = storage.set_item(temp, text) {
        // A stale temporary copy would only take room.
        let _ = storage.remove_item(temp);
        return Err(refusal(e));
    }
    if storage.set_item(key, text).is_err() {
        let _ = storage.remove_item(key);
        storage.set_item(key, text).map_err(refusal)?;
    }
    let _ = storage.remove_item(temp);
    Ok(())
}

/// The browser's own words for why a storage call failed, if it gave any.
fn refusal(e: wasm_bindgen::JsValue) -> Option<String> {
    e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).or_else(|| e.as_string())
}

/// A workspace name as kept: trimmed, 1 to [`MAX_WORKSPACE_NAME`]
/// characters; `None` when it is empty or too long.
pub fn workspace_name(name: &str) -> Option<String> {
    let name = name.trim();
    let length = name.chars().count();
    (1..=MAX_WORKSPACE_NAME).contains(&length).then(|| name.to_string())
}

/// Saves the scenario as the workspace `name` (already checked by
/// [`workspace_name`]), replacing one of that name. Written like the
/// autosave: the temporary key first, so a failure half-way leaves the
/// previous copy of that name as it was.
pub fn save_workspace(name: &str, scenario: &Scenario) -> Result<(), StorageFailure> {
    let Some(storage) = local_storage() else { return Err(StorageFailure::NoStorage) };
    let text = stored_text(scenario);
    let temp = format!("{WORKSPACE_TEMP_PREFIX}{name}");
    let failed = |e| StorageFailure::Refused { kb: text.len() / 1024, message: refusal(e) };
    storage.set_item(&temp, &text).map_err(failed)?;
    storage.set_item(&format!("{WORKSPACE_PREFIX}{name}"), &text).map_err(failed)?;
    let _ = storage.remove_item(&temp);
    Ok(())
}

/// The saved workspaces: names in sorted order, each with the length of
/// its stored text as the browser's storage counts it (UTF-16 code units:
/// bytes for ASCII, which the compressed form always is).
pub fn list_workspaces() -> Vec<(String, usize)> {
    let Some(storage) = local_storage() else { return Vec::new() };
    let count = storage.length().unwrap_or(0);
    let mut names: Vec<(String, usize)> = (0..count)
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter_map(|key| {
            let name = key.strip_prefix(WORKSPACE_PREFIX)?.to_string();
            let size = stored_length(&storage, &key)?;
            Some((name, size))
        })
        .collect();
    ordered::sort(&mut names);
    names
}

/// The length of the text stored under `key`, read through `getItem` but
/// left a JavaScript string: a workspace can be a megabyte, and the
/// Workspaces menu lists them when the page starts and after every notice.
/// Copied into the wasm as a `String`, each would be converted to UTF-8
/// every time (BENCHMARKS.md, run M).
fn stored_length(storage: &web_sys::Storage, key: &str) -> Option<usize> {
    let get_item = js_sys::Reflect::get(storage, &"getItem".into()).ok()?.dyn_into::<js_sys::Function>().ok()?;
    let text = get_item.call1(storage, &key.into()).ok()?.dyn_into::<js_sys::JsString>().ok()?;
    usize::try_from(text.length()).ok()
}

/// Reads the workspace `name`. A missing (`Err(None)`) or broken copy
/// (`Err(Some(reason))`) is an error, and the stored copy is left as it is.
pub fn load_workspace(name: &str) -> Result<Scenario, Option<String>> {
    let stored = local_storage().and_then(|s| s.get_item(&format!("{WORKSPACE_PREFIX}{name}")).ok().flatten());
    let Some(text) = stored else { return Err(None) };
    scenario_from_stored(&text).map_err(Some)
}

/// `base`, else `base 2`, `base 3`, …: the first workspace name not taken,
/// so that keeping a copy never replaces another.
pub fn free_workspace_name(storage: &web_sys::Storage, base: &str) -> String {
    let taken = |name: &str| storage.get_item(&format!("{WORKSPACE_PREFIX}{name}")).ok().flatten().is_some();
    (1..)
        .map(|n: u32| if n == 1 { base.to_string() } else { format!("{base} {n}") })
        .find(|name| !taken(name))
        .unwrap_or_else(|| base.to_string())
}

/// Removes the workspace `name` (and a temporary copy, if one was left).
pub fn delete_workspace(name: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(&format!("{WORKSPACE_PREFIX}{name}"));
        let _ = storage.remove_item(&format!("{WORKSPACE_TEMP_PREFIX}{name}"));
    }
}

/// Removes the autosaved copy (the backup of an unreadable one stays, and
/// so does an unreadable copy that could not be moved to the backup).
pub fn forget_saved(pinned: Pinned) {
    if let Some(storage) = local_storage() {
        if !pinned.saved {
            let _ = storage.remove_item(SAVE_KEY);
        }
        if !pinned.temp {
            let _ = storage.remove_item(TEMP_KEY);
        }
    }
}

/// What [`load_saved`] found.
#[derive(Default)]
pub struct Restored {
    /// The playground to start from, if a good copy was found.
    pub scenario: Option<Scenario>,
    /// What went wrong with the saved copy, to report.
    pub problem: Option<Said>,
    /// The keys the autosave must leave alone.
    pub pinned: Pinned,
    /// The playground came from the saved copy and storage holds nothing
    /// else to tidy (no temporary copy, nothing unreadable): saving it
    /// again before it changes would write the same playground.
    pub unchanged: bool,
}

/// The autosaved scenario: the temporary copy if a write was cut off after
/// it (it is the newest), else the saved copy. A copy that does not read is
/// moved to its backup key ([`BACKUP_KEY`], [`TEMP_BACKUP_KEY`]; or, if the
/// browser refuses that, left in place and no longer overwritten) and
/// reported, and the page starts from the other copy if that one reads.
pub fn load_saved() -> Restored {
    let Some(storage) = local_storage() else { return Restored::default() };
    let read = |key: &str| storage.get_item(key).ok().flatten().map(|text| (scenario_from_stored(&text), text));
    let (temp, saved) = (read(TEMP_KEY), read(SAVE_KEY));
    let good = |copy: &Option<(Result<Scenario, String>, String)>| matches!(copy, Some((Ok(_), _)));
    let (temp_good, saved_good) = (good(&temp), good(&saved));
    let unchanged = temp.is_none() && saved_good;
    let mut pinned = Pinned::default();
    let mut problems = Vec::new();
    let mut scenario = None;
    for (copy, key, backup, other_good) in
        [(temp, TEMP_KEY, TEMP_BACKUP_KEY, saved_good), (saved, SAVE_KEY, BACKUP_KEY, temp_good)]
    {
        match copy {
            None => {}
            Some((Ok(found), _)) => {
                // The temporary copy comes first: it is the newer.
                scenario = scenario.or(Some(found));
            }
            Some((Err(reason), text)) => {
                let backed_up = storage.set_item(backup, &text).is_ok();
                if backed_up {
                    let _ = storage.remove_item(key);
                } else if key == TEMP_KEY {
                    pinned.temp = true;
                } else {
                    pinned.saved = true;
                }
                // The reason quotes at most the start of the text.
                let reason = match reason.char_indices().nth(300).and_then(|(end, _)| reason.get(..end)) {
                    Some(start) => format!("{start}…"),
                    None => reason,
                };
                let kept_under = if backed_up { backup } else { key }.to_string();
                problems.push(Said::SavedUnreadable {
                    reason,
                    bytes: text.len(),
                    kept_under,
                    backed_up,
                    started_from_copy: other_good,
                });
            }
        }
    }
    let problem = match problems.len() {
        0 => None,
        1 => problems.pop(),
        _ => Some(Said::Joined(problems)),
    };
    Restored { scenario, problem, pinned, unchanged }
}

/// Keeps the playground another tab just autosaved (`text`, the new value
/// of [`SAVE_KEY`]) as the workspace [`OTHER_TAB_WORKSPACE`], so this tab's
/// next autosave does not lose it. Returns the notice to show.
pub fn keep_other_tab(text: &str) -> Said {
    let name = OTHER_TAB_WORKSPACE.to_string();
    let Some(storage) = local_storage() else { return Said::OtherTabSaved { name, kept: false } };
    // One write: the previous copy of this workspace is an older state of
    // the same other tab, and a refused write leaves it as it was.
    let kept = storage.set_item(&format!("{WORKSPACE_PREFIX}{name}"), text).is_ok();
    Said::OtherTabSaved { name, kept }
}

/// The URL fragment without its `#`, if it looks like a share link
/// (`v<digits>=…`). Other fragments (page anchors) are not ours.
pub fn link_fragment() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let fragment = hash.strip_prefix('#').unwrap_or(&hash);
    let tag = fragment.split('=').next().unwrap_or_default();
    let ours =
        fragment.contains('=') && tag.len() > 1 && tag.starts_with('v') && tag[1..].chars().all(|c| c.is_ascii_digit());
    ours.then(|| fragment.to_string())
}

/// Decodes the link in the URL, if there is one.
pub fn load_link() -> Option<Result<Scenario, Said>> {
    let fragment = link_fragment()?;
    Some(link::decode(&fragment).map_err(|e| Said::LinkUnreadable { reason: e.message().to_string() }))
}

/// Replaces the URL's fragment without a new history entry and without a
/// `hashchange` event; an empty fragment removes it.
pub fn set_fragment(fragment: &str) {
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let base = format!("{}{}", location.pathname().unwrap_or_default(), location.search().unwrap_or_default());
    let url = if fragment.is_empty() { base } else { format!("{base}#{fragment}") };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Puts the scenario's share link in the URL and copies the full URL to
/// the clipboard. Returns the notice to show.
pub fn share(scenario: &Scenario) -> Notice {
    let fragment = link::encode(scenario);
    set_fragment(&fragment);
    let Some(window) = web_sys::window() else { return Notice::said(true, Msg::NoWindowForLink) };
    let url = window.location().href().unwrap_or_default();
    let length = url.chars().count();
    // Whether the copy was taken does not matter: the link is in the address bar either way.
    browser::copy_text(&url, |_| {});
    Notice::worded(false, Said::LinkCopied { length })
}

/// Today's date as `YYYY-MM-DD`, for file names.
fn today() -> String {
    let iso = String::from(js_sys::Date::new_0().to_iso_string());
    iso.get(..10).unwrap_or("scenario").to_string()
}

/// Offers `text` as a download named `name`.
pub fn download(name: &str, media_type: &str, text: &str) -> Result<(), ExportStep> {
    let window = web_sys::window().ok_or(ExportStep::NoWindow)?;
    let document = window.document().ok_or(ExportStep::NoDocument)?;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(media_type);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|_| ExportStep::NoFile)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| ExportStep::NoObjectUrl)?;
    let anchor: web_sys::HtmlAnchorElement =
        document.create_element("a").ok().and_then(|a| a.dyn_into().ok()).ok_or(ExportStep::NoLinkElement)?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Downloads the scenario in `format` as `ddb-playground-<date><suffix>`,
/// and has `notify` show the notice: the file's name, and whatever the
/// format could not hold. The scenario file is written here; the other
/// formats by the panels' wasm ([`converter`]), which `host` loads the
/// first time: while it is on its way, `notify` first says so.
pub fn export(host: Option<&PanelsHost>, scenario: &Scenario, format: ExportFormat, notify: impl Fn(Notice) + 'static) {
    let file = exchange::scenario_file(scenario);
    if format == ExportFormat::Scenario {
        return notify(offer(format, &file, Vec::new()));
    }
    let Some(host) = host else {
        return notify(Notice::worded(true, Said::ExportFailed(ExportStep::NotLoaded(FetchFailure::NoWindow))));
    };
    let notify = Rc::new(notify);
    let answered = converter::ask(host, &conversion::export_ask(format), file, {
        let notify = Rc::clone(&notify);
        move |answer| {
            notify(match answer {
                Ok(Answer::Export { text, warnings }) => offer(format, &text, warnings),
                Ok(Answer::Refused(message)) => Notice::worded(true, Said::ExportRefused { message }),
                // Only a module of another build answers an export with an import.
                Ok(Answer::Imported { .. }) => {
                    Notice::worded(true, Said::ExportFailed(ExportStep::NotLoaded(FetchFailure::NotText)))
                }
                Err(failure) => Notice::worded(true, Said::ExportFailed(ExportStep::NotLoaded(failure))),
            })
        }
    });
    if !answered {
        notify(Notice::worded(false, Said::ConverterLoading { import: false }));
    }
}

/// Downloads an export's `text`, and says so.
fn offer(format: ExportFormat, text: &str, warnings: Vec<Warning>) -> Notice {
    let name = format!("ddb-playground-{}{}", today(), format.file_suffix());
    match download(&name, format.media_type(), text) {
        Ok(()) if warnings.is_empty() => Notice::worded(false, Said::Exported { name, partial: false }),
        Ok(()) => Notice::worded(false, Said::Exported { name, partial: true }).with_details(warnings),
        Err(step) => Notice::worded(true, Said::ExportFailed(step)),
    }
}

/// The notice for a file read by [`import`]: what it was, and what the
/// reader should know.
pub fn import_notice(file_name: &str, imported: &Imported) -> Notice {
    let model = imported.scenario.workbench.as_ref();
    let model = model.map(|m| m.get("ModelName").and_then(Value::as_str).map(str::to_string));
    let tables = imported.scenario.engine.tables().count();
    let items: usize = imported.scenario.engine.tables().map(|t| t.item_count()).sum();
    Notice::worded(false, Said::Imported { file: file_name.to_string(), model, tables, items })
        .with_details(imported.warnings.clone())
}

/// What [`read_text`] calls once, with the outcome.
type Done = Box<dyn FnOnce(Result<String, FileFailure>)>;

/// Reads a chosen file as text, whichever format it is in (a scenario file,
/// an engine snapshot, a NoSQL Workbench model: [`exchange::import`]), and
/// hands the result (or the reason it could not be read) to `done`. A
/// model is read by the panels' wasm ([`converter`]), which `host` loads
/// the first time.
///
/// While that module is on its way, `waiting` is called once.
pub fn import(
    host: Option<&PanelsHost>,
    file: web_sys::File,
    waiting: impl FnOnce() + 'static,
    done: impl FnOnce(Result<Imported, FileFailure>) + 'static,
) {
    let name = file.name();
    let host = host.cloned();
    read_text(file, move |text| {
        let refused =
            |e: crate::engine::ApiError| FileFailure::Refused { name: name.clone(), message: e.message().into() };
        let text = match text {
            Ok(text) => text,
            Err(failure) => return done(Err(failure)),
        };
        let document = match exchange::read_document(&text) {
            Ok(document) => document,
            Err(error) => return done(Err(refused(error))),
        };
        if !workbench::is_model(&document) {
            return done(exchange::import_not_a_model(document).map_err(refused));
        }
        let Some(host) = host else {
            return done(Err(FileFailure::NotLoaded { name, reason: FetchFailure::NoWindow }));
        };
        let answered = converter::ask(&host, conversion::IMPORT, text, move |answer| {
            done(match answer {
                Ok(Answer::Imported { scenario, warnings }) => scenario_from_text(&scenario)
                    .map(|scenario| Imported { scenario, warnings })
                    .map_err(|message| FileFailure::Refused { name, message }),
                Ok(Answer::Refused(message)) => Err(FileFailure::Refused { name, message }),
                // Only a module of another build answers an import with an export.
                Ok(Answer::Export { .. }) => Err(FileFailure::NotLoaded { name, reason: FetchFailure::NotText }),
                Err(reason) => Err(FileFailure::NotLoaded { name, reason }),
            })
        });
        if !answered {
            waiting();
        }
    });
}

/// Reads a chosen or dropped file as text (at most [`MAX_FILE_BYTES`]) and
/// hands the text (or the reason it could not be read) to `done`.
pub fn read_text(file: web_sys::File, done: impl FnOnce(Result<String, FileFailure>) + 'static) {
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::closure::Closure;

    let name = file.name();
    if file.size() > MAX_FILE_BYTES {
        done(Err(FileFailure::TooLarge { name, mb: link::MAX_DOCUMENT_BYTES / (1024 * 1024) }));
        return;
    }
    let Ok(reader) = web_sys::FileReader::new() else {
        done(Err(FileFailure::NoReader));
        return;
    };
    // Whichever of load and error comes first takes `done`.
    let done: Rc<RefCell<Option<Done>>> = Rc::new(RefCell::new(Some(Box::new(done))));
    let finish = {
        let done = Rc::clone(&done);
        move |outcome: Result<String, FileFailure>| {
            let taken = done.try_borrow_mut().ok().and_then(|mut slot| slot.take());
            if let Some(done) = taken {
                done(outcome);
            }
        }
    };
    let on_load = {
        let reader = reader.clone();
        let finish = finish.clone();
        let name = name.clone();
        Closure::once_into_js(move || {
            let text = reader.result().ok().and_then(|v| v.as_string());
            finish(text.ok_or(FileFailure::NotText { name }));
        })
    };
    let on_error = {
        let name = name.clone();
        Closure::once_into_js(move || finish(Err(FileFailure::Unreadable { name })))
    };
    reader.set_onload(Some(on_load.unchecked_ref()));
    reader.set_onerror(Some(on_error.unchecked_ref()));
    if reader.read_as_text(&file).is_err() {
        if let Some(done) = done.try_borrow_mut().ok().and_then(|mut slot| slot.take()) {
            done(Err(FileFailure::Unreadable { name }));
        }
    }
}

/// The playground this browser autosaved last, or an empty one: what the
/// lecturer's and the connect page work on.
pub fn saved_playground() -> Playground {
    match load_saved().scenario {
        Some(scenario) => Playground::with_scenario(scenario, None),
        None => Playground::default(),
    }
}

/// The action that reads the autosaved playground again (their *Read the
/// playground again*): loads it, or empties the playground when there is none.
pub fn read_saved_again() -> Action {
    match load_saved().scenario {
        Some(scenario) => Action::Load(Box::new(scenario), None),
        None => Action::Reset,
    }
}
