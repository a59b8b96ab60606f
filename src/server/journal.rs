//! The journal: what makes an acknowledged write survive `kill -9`.
//!
//! With `--data FILE`, every request that changed the engine is appended to
//! `FILE.journal` before its answer is sent, and the answer waits until the
//! record is on disk (`fdatasync`). The data file itself is the checkpoint:
//! a whole scenario document, rewritten atomically now and then (see
//! [`super::persist`]). Recovery loads the checkpoint and replays the
//! journal's records that came after it.
//!
//! ```text
//!   request thread (engine lock held)         writer thread
//!   execute ─ ok? ─ append record to buffer ─┐
//!   unlock; wait until seq is durable        │  take the whole buffer ─ write ─ fdatasync
//!        ▲                                   │  durable = last seq taken; wake waiters
//!        └───────────── answer sent ◄────────┘  (loop: what arrived meanwhile is the next batch)
//! ```
//!
//! **Group commit.** The writer takes everything appended while its previous
//! fsync was in flight and makes it durable with one fsync, so many
//! concurrent clients share each flush; a lone client pays one fsync per
//! write. Records are appended under the engine lock, so their order is the
//! order the engine ran them in.
//!
//! **A record** is the request, not its effect: `{"seq", "at", "db"?, "op",
//! "request"}`: a sequence number, the engine clock (ms) at which it ran, the
//! database's namespace (absent with one shared database; see
//! [`super::databases`]), the operation (`PutItem`, or
//! `Playground_20261121.AdvanceClock`) and the request JSON. The engine has no source of randomness and reads time only
//! from its clock, so running the same request on the same state at the same
//! clock gives the same result: items, index updates in flight, TTL, stream
//! records, table and index states. Only requests that succeeded are
//! written; a `BatchWriteItem` that left items unprocessed is written without
//! them. Throughput is not enforced while replaying DynamoDB operations
//! (token buckets are not part of a checkpoint, and every recorded request
//! was admitted when it ran).
//!
//! **Framing.** Each record is `length (u32 LE) · CRC32 of the payload ·
//! CRC32 of those 8 bytes · payload`. The first record is a header naming
//! the checkpoint the journal follows (`{"format": "ddb-local-journal",
//! "version": 1, "checkpoint": ID}`); the data file names the same ID and the
//! last sequence number it contains.
//!
//! **A damaged journal.** A crash can leave the last record half written:
//! recovery drops it with a message on stderr (its request was never
//! answered). A damaged record followed by a valid one is not a torn write
//! but corruption: recovery refuses to start, naming the file and the byte
//! offset, rather than silently dropping the records after it.
//!
//! **Compaction** ([`Journal::compact`]): once a new checkpoint is on disk,
//! the journal is rewritten (temporary file, fsync, rename) with only the
//! records after it. A crash at any point leaves a checkpoint and a journal
//! that agree: records the checkpoint already holds are skipped by their
//! sequence number.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use serde_json::{json, Value};
use tokio::sync::watch;

use super::databases::{Databases, Namespace};
use super::playground;
use super::protocol::Target;
use crate::engine::ApiError;

/// `length · payload CRC · header CRC`.
const HEADER_BYTES: usize = 12;

/// No record is larger: a request body is at most 17 MB.
const MAX_RECORD_BYTES: usize = 64 * 1024 * 1024;

/// The header record's `format`.
const FORMAT: &str = "ddb-local-journal";

/// Where the journal of `data_file` lives: beside it, `FILE.journal`.
pub fn journal_path(data_file: &Path) -> PathBuf {
    let mut name = data_file.file_name().map(|n| n.to_os_string()).unwrap_or_else(|| "ddb-local".into());
    name.push(".journal");
    data_file.with_file_name(name)
}

/// Appends one framed record holding `payload` to `out`.
fn frame(payload: &[u8], out: &mut Vec<u8>) {
    // Payloads are bounded by the request body limit, far below 4 GB.
    let length = u32::try_from(payload.len()).unwrap_or(u32::MAX).to_le_bytes();
    let mut head = [0u8; 8];
    head[..4].copy_from_slice(&length);
    head[4..].copy_from_slice(&crc32fast::hash(payload).to_le_bytes());
    out.extend_from_slice(&head);
    out.extend_from_slice(&crc32fast::hash(&head).to_le_bytes());
    out.extend_from_slice(payload);
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    bytes.get(at..at + 4).and_then(|b| b.try_into().ok()).map(u32::from_le_bytes)
}

/// The record at `at`, with the offset after it, if one is complete and
/// intact there.
fn record_at(bytes: &[u8], at: usize) -> Option<(Value, usize)> {
    let head = bytes.get(at..at + 8)?;
    if crc32fast::hash(head) != u32_at(bytes, at + 8)? {
        return None;
    }
    let length = u32_at(bytes, at)? as usize;
    if length > MAX_RECORD_BYTES {
        return None;
    }
    let start = at + HEADER_BYTES;
    let payload = bytes.get(start..start + length)?;
    if crc32fast::hash(payload) != u32_at(bytes, at + 4)? {
        return None;
    }
    let value = serde_json::from_slice(payload).ok()?;
    Some((value, start + length))
}

/// What reading a journal found.
#[derive(Debug)]
pub struct Records {
    /// The intact records, in order, each with its byte offset.
    pub records: Vec<(usize, Value)>,
    /// Where a torn last record starts, if the file ends in one.
    pub torn_at: Option<usize>,
}

/// Reads the records of a journal's bytes. A damaged record with an intact
/// record anywhere after it is corruption: an `InvalidData` error naming
/// `path` and the offset.
pub fn read_records(bytes: &[u8], path: &Path) -> io::Result<Records> {
    let mut records = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match record_at(bytes, at) {
            Some((value, next)) => {
                records.push((at, value));
                at = next;
            }
            None => {
                if let Some(found) = (at + 1..bytes.len()).find(|&p| record_at(bytes, p).is_some()) {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!(
                            "{}: the record at byte offset {at} is damaged, and intact records follow it (at byte \
                             offset {found}): the file is corrupt, not torn by a crash. Refusing to start rather \
                             than drop the records after it; move the journal away to start from the data file \
                             alone (losing the journal's changes)",
                            path.display()
                        ),
                    ));
                }
                return Ok(Records { records, torn_at: Some(at) });
            }
        }
    }
    Ok(Records { records, torn_at: None })
}

/// Where a checkpoint stands in the journal: the journal's id and the last
/// sequence number whose effect the checkpoint holds. Stored in the data
/// file as `"ddbLocal": {"journal": ID, "sequence": N}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub journal: String,
    pub sequence: u64,
}

impl Mark {
    /// The data file's member.
    pub fn to_json(&self) -> Value {
        json!({"journal": self.journal, "sequence": self.sequence})
    }

    /// Reads the data file's member, if present and well formed.
    pub fn from_document(document: &Value) -> Option<Self> {
        let member = document.get("ddbLocal")?;
        Some(Self {
            journal: member.get("journal")?.as_str()?.to_string(),
            sequence: member.get("sequence")?.as_u64()?,
        })
    }
}

/// The operation as a record names it (the X-Amz-Target without
/// DynamoDB's prefix), and back.
fn operation_name(target: Target<'_>) -> String {
    match target {
        Target::DynamoDb(operation) => operation.to_string(),
        Target::Playground(operation) => format!("{}{operation}", playground::TARGET_PREFIX),
        Target::Streams(operation) => format!("{}{operation}", super::protocol::STREAMS_PREFIX),
    }
}

fn target_of(name: &str) -> Target<'_> {
    if let Some(operation) = name.strip_prefix(playground::TARGET_PREFIX) {
        Target::Playground(operation)
    } else if let Some(operation) = name.strip_prefix(super::protocol::STREAMS_PREFIX) {
        Target::Streams(operation)
    } else {
        Target::DynamoDb(name)
    }
}

/// The request as it took effect: a `BatchWriteItem` that returned
/// unprocessed items is recorded without them (they were not written, and
/// the client will send them again). `None`: the request as sent.
fn as_applied(target: Target<'_>, request: &Value, response: &Value) -> Option<Value> {
    if target != Target::DynamoDb("BatchWriteItem") {
        return None;
    }
    let unprocessed = response.get("UnprocessedItems")?.as_object().filter(|u| !u.is_empty())?;
    let mut applied = request.clone();
    let tables = applied.get_mut("RequestItems")?.as_object_mut()?;
    for (table, left) in unprocessed {
        let left = left.as_array()?;
        if let Some(Value::Array(writes)) = tables.get_mut(table) {
            // Remove one occurrence per unprocessed entry.
            for entry in left {
                if let Some(position) = writes.iter().position(|w| w == entry) {
                    writes.remove(position);
                }
            }
        }
    }
    tables.retain(|_, writes| writes.as_array().is_none_or(|w| !w.is_empty()));
    Some(applied)
}

/// Runs one recorded request on its database (see the module docs).
fn replay(databases: &mut Databases, record: &Value) -> Result<(), String> {
    let (Some(at), Some(name), Some(request)) =
        (record.get("at").and_then(Value::as_u64), record.get("op").and_then(Value::as_str), record.get("request"))
    else {
        return Err("the record lacks \"at\", \"op\" or \"request\"".into());
    };
    // A record of a shared database names none.
    let namespace = match record.get("db") {
        None => Namespace::unsigned(),
        Some(db) => Namespace::from_json(db).ok_or("the record's \"db\" is not a namespace")?,
    };
    let engine = databases.get_or_make(&namespace).0;
    engine.clock_mut().set(at);
    let outcome = match target_of(name) {
        Target::DynamoDb(operation) => {
            let enforced = engine.settings().enforce_throughput;
            engine.settings_mut().enforce_throughput = false;
            let outcome = engine.execute(operation, request);
            engine.settings_mut().enforce_throughput = enforced;
            outcome
        }
        Target::Playground(operation) => playground::execute(engine, operation, request),
        Target::Streams(operation) => engine.execute_streams(operation, request),
    };
    outcome.map(|_| ()).map_err(|e: ApiError| format!("{name} was refused when replayed: {e}"))
}

/// Replays the journal beside `data_file` onto `engine`, the checkpoint
/// `mark` (from the data file; `None` if it has none). Messages on stderr:
/// the number of records replayed, a torn last record dropped, a journal
/// that belongs to another checkpoint. Errors: corruption (see
/// [`read_records`]), a gap in the sequence numbers.
pub fn recover(data_file: &Path, databases: &mut Databases, mark: Option<&Mark>, exists: bool) -> io::Result<()> {
    let path = journal_path(data_file);
    let bytes = match fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(io::Error::new(e.kind(), format!("cannot read {}: {e}", path.display()))),
    };
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidData, message);
    let Records { records, torn_at } = read_records(&bytes, &path)?;
    if let Some(at) = torn_at {
        eprintln!(
            "ddb-local: {}: dropped a torn last record at byte offset {at} ({} bytes): a write cut short by a \
             crash, never acknowledged",
            path.display(),
            bytes.len() - at
        );
    }
    let mut records = records.into_iter();
    let Some((_, header)) = records.next() else { return Ok(()) };
    let id = match (header.get("format").and_then(Value::as_str), header.get("checkpoint").and_then(Value::as_str)) {
        (Some(FORMAT), Some(id)) => id.to_string(),
        _ => return Err(invalid(format!("{}: not a ddb-local journal (no header record)", path.display()))),
    };
    let records: Vec<_> = records.collect();
    match mark {
        Some(mark) if mark.journal == id => {}
        _ if !exists && !records.is_empty() => {
            return Err(invalid(format!(
                "{} holds {} change(s) but its data file {} is missing: refusing to start without the checkpoint \
                 they apply to",
                path.display(),
                records.len(),
                data_file.display()
            )))
        }
        _ => {
            // Written before the checkpoint that replaced it: its changes are in the data file.
            eprintln!("ddb-local: {} follows an earlier checkpoint; its changes are in the data file", path.display());
            return Ok(());
        }
    }
    let mut last = mark.map_or(0, |m| m.sequence);
    let mut replayed = 0usize;
    for (offset, record) in records {
        let Some(sequence) = record.get("seq").and_then(Value::as_u64) else {
            return Err(invalid(format!("{}: the record at byte offset {offset} has no \"seq\"", path.display())));
        };
        if sequence <= last {
            // Already in the checkpoint (a crash came between a checkpoint and the journal's rewrite).
            continue;
        }
        if sequence != last + 1 {
            return Err(invalid(format!(
                "{}: record {sequence} at byte offset {offset} follows record {last}: records are missing",
                path.display()
            )));
        }
        if let Err(message) = replay(databases, &record) {
            eprintln!("ddb-local: {}: record {sequence}: {message}", path.display());
        }
        last = sequence;
        replayed += 1;
    }
    if replayed > 0 {
        eprintln!("ddb-local: replayed {replayed} change(s) from {}", path.display());
    }
    Ok(())
}

/// What waiters see: every record up to `upto` is durable, or writing
/// failed.
#[derive(Clone, Debug, Default)]
struct Durability {
    upto: u64,
    failed: Option<Arc<str>>,
}

/// What the request threads and the writer share.
#[derive(Debug)]
struct Pending {
    /// Records appended and not yet taken by the writer.
    buffer: Vec<u8>,
    /// The last sequence number given out.
    appended: u64,
    /// The logical length of the journal: the file plus what is on its way.
    end: u64,
    durable: Durability,
    /// A compaction asked for: keep the bytes from this offset on.
    compact: Option<u64>,
    /// Compactions finished (a waiter compares before and after).
    compactions: u64,
    stop: bool,
}

#[derive(Debug)]
struct Shared {
    pending: Mutex<Pending>,
    /// Wakes the writer.
    work: Condvar,
    /// Wakes threads waiting for durability or a compaction.
    done: Condvar,
    /// The same durability, for async waiters.
    durable: watch::Sender<Durability>,
    path: PathBuf,
    header: Vec<u8>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Pending> {
        self.pending.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// An open journal and its writer thread.
#[derive(Debug)]
pub struct Journal {
    shared: Arc<Shared>,
    writer: Mutex<Option<JoinHandle<()>>>,
    id: String,
}

/// Writes `bytes` to `path` atomically (temporary file, fsync, rename,
/// directory fsync) and opens it for appending.
fn replace_file(path: &Path, bytes: &[u8]) -> io::Result<File> {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".tmp-{}", std::process::id()));
    let temporary = path.with_file_name(name);
    let mut file = File::create(&temporary)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    fs::rename(&temporary, path)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    OpenOptions::new().append(true).open(path)
}

impl Journal {
    /// Starts a new, empty journal beside `data_file` (replacing any) for the
    /// checkpoint named `id`, and its writer thread.
    pub fn create(data_file: &Path, id: &str) -> io::Result<Self> {
        let path = journal_path(data_file);
        let mut header = Vec::new();
        frame(json!({"format": FORMAT, "version": 1, "checkpoint": id}).to_string().as_bytes(), &mut header);
        let file = replace_file(&path, &header)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot create {}: {e}", path.display())))?;
        let pending = Pending {
            buffer: Vec::new(),
            appended: 0,
            end: header.len() as u64,
            durable: Durability::default(),
            compact: None,
            compactions: 0,
            stop: false,
        };
        let shared = Arc::new(Shared {
            pending: Mutex::new(pending),
            work: Condvar::new(),
            done: Condvar::new(),
            durable: watch::Sender::new(Durability::default()),
            path,
            header,
        });
        let writer = {
            let shared = shared.clone();
            std::thread::Builder::new().name("ddb-local-journal".into()).spawn(move || write_loop(&shared, file))?
        };
        Ok(Self { shared, writer: Mutex::new(Some(writer)), id: id.to_string() })
    }

    /// Appends the record of a request that ran at engine time `at` and
    /// answered `response`; returns its sequence number. Call it while
    /// holding the engine lock, so records keep the engine's order.
    pub fn append(
        &self,
        at: u64,
        namespace: Option<&Namespace>,
        target: Target<'_>,
        request: &Value,
        response: &Value,
    ) -> u64 {
        let applied = as_applied(target, request, response);
        // The request is serialised as it is, not copied into a record value.
        let mut payload = Vec::with_capacity(256);
        let _ = serde_json::to_writer(&mut payload, applied.as_ref().unwrap_or(request));
        let name = Value::from(operation_name(target)).to_string();
        let mut pending = self.shared.lock();
        let sequence = pending.appended + 1;
        let db = namespace.map(|n| format!(",\"db\":{}", n.to_json())).unwrap_or_default();
        let mut record = format!("{{\"seq\":{sequence},\"at\":{at}{db},\"op\":{name},\"request\":").into_bytes();
        record.append(&mut payload);
        record.push(b'}');
        let before = pending.buffer.len();
        frame(&record, &mut pending.buffer);
        pending.end += (pending.buffer.len() - before) as u64;
        pending.appended = sequence;
        drop(pending);
        self.shared.work.notify_one();
        sequence
    }

    /// Where a checkpoint taken now stands (call it under the engine lock,
    /// with the snapshot): the last sequence number and the offset after it.
    pub fn mark(&self) -> (Mark, u64) {
        let pending = self.shared.lock();
        (Mark { journal: self.id.clone(), sequence: pending.appended }, pending.end)
    }

    /// The journal's length in bytes, what is on its way included.
    pub fn len(&self) -> u64 {
        self.shared.lock().end
    }

    /// Whether the journal holds nothing but its header.
    pub fn is_empty(&self) -> bool {
        self.len() <= self.shared.header.len() as u64
    }

    /// Blocks until record `sequence` is on disk.
    pub fn wait(&self, sequence: u64) -> Result<(), ApiError> {
        let mut pending = self.shared.lock();
        while pending.durable.upto < sequence && pending.durable.failed.is_none() {
            pending = self.shared.done.wait(pending).unwrap_or_else(PoisonError::into_inner);
        }
        check(&pending.durable, sequence)
    }

    /// [`Journal::wait`] for async callers.
    pub async fn durable(&self, sequence: u64) -> Result<(), ApiError> {
        let mut receiver = self.shared.durable.subscribe();
        let durability = receiver
            .wait_for(|d| d.upto >= sequence || d.failed.is_some())
            .await
            .map(|d| d.clone())
            .unwrap_or_else(|_| Durability { upto: 0, failed: Some("the journal writer stopped".into()) });
        check(&durability, sequence)
    }

    /// Drops the records before `offset` (from [`Journal::mark`], once the
    /// checkpoint holding them is on disk). Blocks until done.
    pub fn compact(&self, offset: u64) -> io::Result<()> {
        let mut pending = self.shared.lock();
        let target = pending.compactions + 1;
        pending.compact = Some(offset);
        self.shared.work.notify_one();
        while pending.compactions < target && pending.durable.failed.is_none() {
            pending = self.shared.done.wait(pending).unwrap_or_else(PoisonError::into_inner);
        }
        match &pending.durable.failed {
            Some(message) => Err(io::Error::other(message.to_string())),
            None => Ok(()),
        }
    }

    /// Writes what is pending and stops the writer thread.
    pub fn close(&self) {
        self.shared.lock().stop = true;
        self.shared.work.notify_one();
        let writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(writer) = writer {
            let _ = writer.join();
        }
    }
}

impl Drop for Journal {
    fn drop(&mut self) {
        self.close();
    }
}

fn check(durability: &Durability, sequence: u64) -> Result<(), ApiError> {
    if durability.upto >= sequence {
        return Ok(());
    }
    let message = durability.failed.as_deref().unwrap_or("the journal writer stopped");
    Err(ApiError::InternalServer(format!(
        "The change was applied but could not be made durable: {message}. It may be lost if ddb-local stops."
    )))
}

/// The writer thread: group commit and compaction (see the module docs).
fn write_loop(shared: &Shared, mut file: File) {
    // The file's length on disk (the logical end minus what is buffered).
    let mut written = shared.header.len() as u64;
    loop {
        let (batch, upto, compact) = {
            let mut pending = shared.lock();
            while pending.buffer.is_empty() && pending.compact.is_none() && !pending.stop {
                pending = shared.work.wait(pending).unwrap_or_else(PoisonError::into_inner);
            }
            if pending.buffer.is_empty() && pending.compact.is_none() {
                return;
            }
            (std::mem::take(&mut pending.buffer), pending.appended, pending.compact.take())
        };
        let mut outcome =
            if batch.is_empty() { Ok(()) } else { file.write_all(&batch).and_then(|()| file.sync_data()) };
        if outcome.is_ok() {
            written += batch.len() as u64;
        }
        let mut shift = 0;
        if let (Some(offset), true) = (compact, outcome.is_ok()) {
            outcome = rewrite(shared, offset, written).map(|(new_file, new_length)| {
                file = new_file;
                shift = written - new_length;
                written = new_length;
            });
        }
        let mut pending = shared.lock();
        match outcome {
            Ok(()) => {
                pending.durable.upto = pending.durable.upto.max(upto);
                pending.end -= shift;
                if compact.is_some() {
                    pending.compactions += 1;
                }
            }
            Err(e) => {
                let message = format!("cannot write {}: {e}", shared.path.display());
                eprintln!("ddb-local: {message}");
                pending.durable.failed = Some(message.into());
            }
        }
        let durability = pending.durable.clone();
        let failed = durability.failed.is_some();
        drop(pending);
        shared.done.notify_all();
        shared.durable.send_replace(durability);
        if failed {
            return;
        }
    }
}

/// Rewrites the journal as its header plus the bytes from `offset` to
/// `written`; returns the reopened file and its length.
fn rewrite(shared: &Shared, offset: u64, written: u64) -> io::Result<(File, u64)> {
    let bytes = fs::read(&shared.path)?;
    let from = usize::try_from(offset).unwrap_or(usize::MAX).max(shared.header.len());
    let to = usize::try_from(written).unwrap_or(usize::MAX).min(bytes.len());
    let mut kept = shared.header.clone();
    kept.extend_from_slice(bytes.get(from..to).unwrap_or_default());
    let file = replace_file(&shared.path, &kept)?;
    Ok((file, kept.len() as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(payloads: &[&str]) -> Vec<u8> {
        let mut out = Vec::new();
        for payload in payloads {
            frame(payload.as_bytes(), &mut out);
        }
        out
    }

    #[test]
    fn records_read_back_and_a_torn_tail_is_found() {
        let path = Path::new("x.journal");
        let bytes = framed(&[r#"{"a":1}"#, r#"{"b":2}"#]);
        let read = read_records(&bytes, path).expect("intact");
        assert_eq!(read.records.len(), 2);
        assert_eq!(read.torn_at, None);
        // Every cut inside the second record leaves the first and reports the cut.
        let first_end = HEADER_BYTES + 7;
        for cut in first_end + 1..bytes.len() {
            let read = read_records(&bytes[..cut], path).expect("torn, not corrupt");
            assert_eq!((read.records.len(), read.torn_at), (1, Some(first_end)), "cut at {cut}");
        }
        // A damaged last record is torn too.
        let mut damaged = bytes.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 0xff;
        assert_eq!(read_records(&damaged, path).expect("torn").torn_at, Some(first_end));
    }

    #[test]
    fn a_damaged_record_in_the_middle_is_refused() {
        let path = Path::new("x.journal");
        let mut bytes = framed(&[r#"{"a":1}"#, r#"{"b":2}"#, r#"{"c":3}"#]);
        bytes[HEADER_BYTES + 2] ^= 0x01;
        let error = read_records(&bytes, path).expect_err("corrupt");
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(error.to_string().starts_with("x.journal: the record at byte offset 0 is damaged"), "{error}");
        assert!(error.to_string().contains(&format!("(at byte offset {})", HEADER_BYTES + 7)), "{error}");
    }

    #[test]
    fn unprocessed_items_are_left_out_of_the_record() {
        let put = |k: &str| json!({"PutRequest": {"Item": {"pk": {"S": k}}}});
        let request = json!({"RequestItems": {"a": [put("1"), put("2")], "b": [put("3")]}});
        let response = json!({"UnprocessedItems": {"a": [put("2")], "b": [put("3")]}});
        let applied = as_applied(Target::DynamoDb("BatchWriteItem"), &request, &response).expect("changed");
        assert_eq!(applied, json!({"RequestItems": {"a": [put("1")]}}));
        let none = json!({"UnprocessedItems": {}});
        assert_eq!(as_applied(Target::DynamoDb("BatchWriteItem"), &request, &none), None);
        assert_eq!(as_applied(Target::DynamoDb("PutItem"), &request, &response), None);
    }

    #[test]
    fn appended_records_become_durable_and_compaction_keeps_the_rest() {
        let dir = std::env::temp_dir().join(format!("ddb-journal-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("dir");
        let data = dir.join("data.json");
        let journal = Journal::create(&data, "c1").expect("created");
        assert!(journal.is_empty());
        let request = json!({"TableName": "t"});
        let first = journal.append(5, None, Target::DynamoDb("PutItem"), &request, &json!({}));
        let (mark, offset) = journal.mark();
        assert_eq!(mark, Mark { journal: "c1".into(), sequence: 1 });
        let second = journal.append(6, None, Target::Playground("AdvanceClock"), &request, &json!({}));
        journal.wait(second).expect("durable");
        assert!(journal.wait(first).is_ok());
        journal.compact(offset).expect("compacted");
        let bytes = fs::read(journal_path(&data)).expect("read");
        let read = read_records(&bytes, &journal_path(&data)).expect("intact");
        assert_eq!(read.records.len(), 2, "the header and the record after the mark");
        assert_eq!(read.records[1].1["seq"], 2);
        assert_eq!(read.records[1].1["op"], format!("{}AdvanceClock", playground::TARGET_PREFIX));
        assert_eq!(journal.len(), bytes.len() as u64);
        journal.close();
        let _ = fs::remove_dir_all(&dir);
    }
}
