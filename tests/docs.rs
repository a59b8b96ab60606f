//! The docs name the code they describe, and this test keeps them honest: a
//! renamed file or function fails here instead of leaving a page that sends
//! a newcomer to something that is not there.
//!
//! Every inline code span (`` `…` ``) outside fenced blocks in `README.md`,
//! `BENCHMARKS.md`, `RELIABILITY.md` and `docs/*.md` is read as one of:
//!
//! * a **path** in the repository (`src/…`, `tests/…`, `benches/…`,
//!   `examples/…`, `fuzz/…`, `scripts/…`, `docs/…`, `www/…`): the file or
//!   folder must exist. A `*`, `<placeholder>` or `…` ends the checked part,
//!   so `src/engine/testscripts/*` checks the folder. A `::name` after a
//!   file (`tests/partitions.rs::a_million_requests`) must stand in it.
//! * a **qualified name** (`Engine::dry_run`, `review::classify`,
//!   `engine::sim::Rng`): every segment must be defined in the Rust sources
//!   (a module or file, a type, a trait, a function, a constant or an enum
//!   variant). Names whose first segment is another crate's (`serde_json::…`,
//!   `std::…`) are not ours to check.
//! * a **function** written with parentheses (`catch_up()`): a `fn` of that
//!   name must exist.
//! * a bare **snake_case identifier** (`execute_admitted`,
//!   `gsi_propagation_delay_millis`): it must occur as a word in the
//!   sources, tests or scripts (it may be a function, a field, a test).
//!
//! A span that is none of these (JSON members, commands, exception names)
//! is prose and not checked. A path of another project is written with its
//! repository in front (`dynalite/src/…`), so it is not read as ours.

#![cfg(not(target_arch = "wasm32"))]
// clippy.toml's rules keep weight out of the page's wasm; tests never reach it.
#![allow(clippy::disallowed_methods)]

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use regex::Regex;

/// The first segments of qualified names that belong to other crates or
/// formats (`serde_json::Value`, `BTreeMap::remove`, yew's `Html::…`, the
/// CloudFormation type `AWS::DynamoDB::Table`).
const FOREIGN_FIRST_SEGMENTS: &[&str] = &[
    "std",
    "core",
    "alloc",
    "serde",
    "serde_json",
    "yew",
    "web_sys",
    "js_sys",
    "gloo",
    "wasm_bindgen",
    "wasm_bindgen_futures",
    "tokio",
    "hyper",
    "hyper_util",
    "criterion",
    "goldenscript",
    "miniz_oxide",
    "md5",
    "base64",
    "mimalloc",
    "Html",
    "Renderer",
    "BTreeMap",
    "HashMap",
    "str",
    "String",
    "Vec",
    "Option",
    "Result",
    "Rc",
    "RefCell",
    "from_iter",
    "AWS",
];

/// Names of other programs that the pages quote on their own: kernel and
/// allocator symbols from profiles, std's methods, the DOM's members.
const FOREIGN_NAMES: &[&str] =
    &["epoll_wait", "clear_page_erms", "mi_free", "collect()", "select_nth_unstable", "inner_html"];

/// Other projects whose files and tests the pages cite as sources: a span
/// right after one of these names ("Alternator's tests, `test_long_get`",
/// "dynoxide `src/types.rs`") is theirs, not ours.
const OTHER_PROJECTS: &[&str] = &[
    "Alternator",
    "moto",
    "dynalite",
    "dynoxide",
    "Dynoxide",
    "conformance",
    "DynamoDB Local",
    "toydb",
    "rust-analyzer",
];

/// The top-level folders whose paths the docs cite.
const PATH_ROOTS: &[&str] = &["src/", "tests/", "benches/", "examples/", "fuzz/", "scripts/", "docs/", "www/"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The pages whose citations are checked.
fn pages() -> Vec<PathBuf> {
    let root = root();
    let mut pages: Vec<PathBuf> =
        ["README.md", "BENCHMARKS.md", "RELIABILITY.md"].iter().map(|name| root.join(name)).collect();
    let mut docs: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// One inline code span: where it stands and the text of its paragraph
/// before it.
struct Span {
    line: usize,
    text: String,
    before: String,
}

/// Inline code spans outside fenced blocks.
fn code_spans(text: &str) -> Vec<Span> {
    let span = Regex::new(r"`([^`\n]+)`").expect("valid regex");
    let mut fenced = false;
    let mut paragraph = String::new();
    let mut spans = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if line.trim().is_empty() {
            paragraph.clear();
        }
        spans.extend(span.captures_iter(line).filter_map(|c| {
            let whole = c.get(0)?;
            let before = format!("{paragraph}{}", &line[..whole.start()]);
            Some(Span { line: number + 1, text: c[1].trim().to_string(), before })
        }));
        paragraph.push_str(line);
        paragraph.push('\n');
    }
    spans
}

/// Every file below `dir` whose name ends in one of `endings`.
fn files_below(dir: &Path, endings: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            if !matches!(name.as_str(), "target" | "node_modules" | ".tools" | ".git" | "dist" | "corpus" | "kept") {
                files_below(&path, endings, out);
            }
        } else if endings.iter().any(|ending| name.ends_with(ending)) {
            out.push(path);
        }
    }
}

/// What the tree defines and mentions.
struct Tree {
    /// Names of modules, files, types, traits, functions, constants and
    /// enum variants in the Rust sources.
    defined: BTreeSet<String>,
    /// Names of `fn`s.
    functions: BTreeSet<String>,
    /// Every word of the sources, tests and scripts.
    words: BTreeSet<String>,
    /// Each Rust file: what owns its names, and the names it defines.
    files: Vec<SourceFile>,
}

/// One Rust file, for `Owner::name` citations: `name` must be defined in a
/// file that `Owner` owns.
struct SourceFile {
    /// Its module path's folders and stem, the types it implements, and the
    /// types and modules it defines (an enum owns its variants).
    owners: BTreeSet<String>,
    defines: BTreeSet<String>,
}

impl Tree {
    fn read() -> Self {
        let root = root();
        let mut rust = Vec::new();
        for dir in ["src", "tests", "benches", "examples", "fuzz"] {
            files_below(&root.join(dir), &[".rs"], &mut rust);
        }
        let mut other = Vec::new();
        for dir in ["scripts", ".ci"] {
            files_below(&root.join(dir), &[""], &mut other);
        }
        files_below(&root.join("tests"), &[".py"], &mut other);
        other.extend(["Cargo.toml", "Trunk.toml", "fuzz/Cargo.toml"].map(|name| root.join(name)));
        // Every file's and folder's name below src/ and tests/ counts as a
        // word: golden scripts are cited by their file names.
        let mut named = Vec::new();
        for dir in ["src", "tests"] {
            files_below(&root.join(dir), &[""], &mut named);
        }

        let item =
            Regex::new(r"\b(?:fn|struct|enum|trait|type|mod|const|static|macro_rules!)\s+([A-Za-z_][A-Za-z0-9_]*)")
                .expect("valid regex");
        let function = Regex::new(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)").expect("valid regex");
        // An enum variant (or a unit struct's use): a capitalised name that
        // opens a line and is followed by a payload, a comma, the line's end,
        // or a colon (a line of a macro's table, as `engine::operation`'s).
        let variant = Regex::new(r"(?m)^\s*([A-Z][A-Za-z0-9_]*)\s*(?:\(|\{|,|$|=\s*[0-9]|:[^:])").expect("valid regex");
        let word = Regex::new(r"[A-Za-z_][A-Za-z0-9_]*").expect("valid regex");

        let implemented =
            Regex::new(r"\bimpl(?:<[^>]*>)?\s+(?:[A-Za-z_:<>]+\s+for\s+)?([A-Z][A-Za-z0-9_]*)").expect("valid regex");
        let owner = Regex::new(r"\b(?:struct|enum|trait|mod)\s+([A-Za-z_][A-Za-z0-9_]*)").expect("valid regex");

        let mut tree =
            Tree { defined: BTreeSet::new(), functions: BTreeSet::new(), words: BTreeSet::new(), files: Vec::new() };
        // This file names renamed paths and functions on purpose.
        let this_test = root.join(file!());
        for path in rust.iter().filter(|path| **path != this_test) {
            let Ok(text) = fs::read_to_string(path) else { continue };
            let mut defines: BTreeSet<String> = item.captures_iter(&text).map(|c| c[1].to_string()).collect();
            defines.extend(variant.captures_iter(&text).map(|c| c[1].to_string()));
            // A file is a module, and so is each folder it is in.
            let mut owners: BTreeSet<String> = path
                .strip_prefix(&root)
                .into_iter()
                .flat_map(Path::components)
                .map(|c| c.as_os_str().to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            owners.extend(implemented.captures_iter(&text).map(|c| c[1].to_string()));
            owners.extend(owner.captures_iter(&text).map(|c| c[1].to_string()));
            tree.defined.extend(defines.iter().cloned());
            tree.defined.extend(owners.iter().filter(|o| o.as_str() != "mod").cloned());
            tree.functions.extend(function.captures_iter(&text).map(|c| c[1].to_string()));
            tree.words.extend(word.find_iter(&text).map(|m| m.as_str().to_string()));
            tree.files.push(SourceFile { owners, defines });
        }
        for path in &named {
            let names = path.strip_prefix(&root).into_iter().flat_map(Path::components);
            tree.words.extend(names.map(|c| {
                let name = c.as_os_str().to_string_lossy();
                name.split('.').next().unwrap_or_default().to_string()
            }));
        }
        for path in &other {
            let Ok(text) = fs::read_to_string(path) else { continue };
            tree.words.extend(word.find_iter(&text).map(|m| m.as_str().to_string()));
        }
        // The crate itself.
        tree.defined.insert("ddb_playground".into());
        tree.defined.insert("crate".into());
        tree
    }
}

/// The shapes a citation takes, compiled once.
struct Shapes {
    qualified: Regex,
    call: Regex,
    snake: Regex,
}

impl Shapes {
    fn new() -> Self {
        Shapes {
            qualified: Regex::new(r"^([A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+)(?:::<[^>]*>)?(?:\(.*\))?$")
                .expect("valid regex"),
            call: Regex::new(r"^([a-z_][a-z0-9_]*)\(\)$").expect("valid regex"),
            snake: Regex::new(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$").expect("valid regex"),
        }
    }
}

/// Whether a span is another project's: it stands inside a source
/// citation in square brackets that names another project ("[Alternator's
/// tests, `test_long_get`]"), or right after such a name ("dynoxide
/// `src/types.rs`").
fn cited_from_another_project(before: &str) -> bool {
    let open_citation = before.rfind('[').filter(|open| before.rfind(']').is_none_or(|close| close < *open));
    let near = before.char_indices().rev().nth(40).map_or(0, |(at, _)| at);
    let context = &before[open_citation.map_or(near, |open| open.min(near))..];
    OTHER_PROJECTS.iter().any(|project| context.contains(project))
}

/// Why a span does not match the tree, or `None` when it does or is prose.
fn fault(tree: &Tree, shapes: &Shapes, span: &str) -> Option<String> {
    if FOREIGN_NAMES.contains(&span) {
        return None;
    }
    if PATH_ROOTS.iter().any(|prefix| span.starts_with(prefix)) {
        return path_fault(span);
    }
    if let Some(captures) = shapes.qualified.captures(span) {
        let segments: Vec<&str> = captures[1].split("::").collect();
        if FOREIGN_FIRST_SEGMENTS.contains(&segments[0]) {
            return None;
        }
        let missing: Vec<&str> = segments.iter().copied().filter(|s| !tree.defined.contains(*s)).collect();
        if !missing.is_empty() {
            return Some(format!("no definition of {}", missing.join(", ")));
        }
        // The last name must be defined where its owner is: `Engine::dry_run`
        // in a file that implements `Engine`, `review::classify` in `review/`.
        let (owner, name) = (segments[segments.len() - 2], segments[segments.len() - 1]);
        let owned = tree.files.iter().any(|file| file.owners.contains(owner) && file.defines.contains(name));
        return (!owned).then(|| format!("{name} is not defined in or for {owner}"));
    }
    if let Some(captures) = shapes.call.captures(span) {
        return (!tree.functions.contains(&captures[1])).then(|| format!("no fn {}", &captures[1]));
    }
    if shapes.snake.is_match(span) {
        return (!tree.words.contains(span)).then(|| "no such name in the sources, tests or scripts".into());
    }
    None
}

/// A path segment in capitals (`TARGET`, `NN`) stands for any name.
fn is_placeholder(segment: &str) -> bool {
    let stem = segment.split(['.', '-']).next().unwrap_or(segment);
    stem.len() >= 2 && stem.chars().all(|c| c.is_ascii_uppercase())
}

fn path_fault(span: &str) -> Option<String> {
    // `tests/x.rs::name`: the file, then the name in it.
    let (path, inner) = match span.split_once("::") {
        Some((path, inner)) => (path, Some(inner)),
        None => (span, None),
    };
    // A line number (`src/x.rs:12`) or a placeholder ends the checked part.
    let path = path.split(':').next().unwrap_or(path);
    let mut checked = String::new();
    let mut whole = true;
    for segment in path.split_inclusive('/') {
        if segment.contains(['*', '<', '…', '{', ' ']) || is_placeholder(segment) {
            whole = false;
            break;
        }
        checked.push_str(segment);
    }
    let full = root().join(&checked);
    if !full.exists() {
        return Some(format!("no file or folder {checked}"));
    }
    if let (Some(inner), true) = (inner, whole) {
        let name = inner.trim_end_matches("()");
        let text = fs::read_to_string(&full).unwrap_or_default();
        let word = Regex::new(&format!(r"\b{}\b", regex::escape(name))).expect("valid regex");
        if !word.is_match(&text) {
            return Some(format!("{name} does not stand in {checked}"));
        }
    }
    None
}

#[test]
fn every_cited_path_and_name_exists() {
    let tree = Tree::read();
    let shapes = Shapes::new();
    let mut faults = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = fs::read_to_string(&page).expect("page readable");
        let name = page.strip_prefix(root()).unwrap_or(&page).display().to_string();
        for span in code_spans(&text) {
            if cited_from_another_project(&span.before) {
                continue;
            }
            checked += 1;
            if let Some(why) = fault(&tree, &shapes, &span.text) {
                faults.push(format!("{name}:{}: `{}`: {why}", span.line, span.text));
            }
        }
    }
    assert!(checked > 500, "the pages cite code: {checked} spans read");
    assert!(faults.is_empty(), "{} citation(s) name nothing in the tree:\n{}", faults.len(), faults.join("\n"));
}

#[test]
fn a_renamed_path_or_function_is_found() {
    let tree = Tree::read();
    let shapes = Shapes::new();
    let fault = |span: &str| fault(&tree, &shapes, span);
    // What the docs cite today passes…
    assert_eq!(fault("src/engine/service.rs"), None);
    assert_eq!(fault("Engine::execute"), None);
    assert_eq!(fault("catch_up()"), None);
    assert_eq!(fault("src/engine/testscripts/*"), None);
    assert_eq!(fault("fuzz/kept/TARGET.tar.gz"), None);
    assert_eq!(fault("tests/partitions.rs::a_million_requests"), None);
    assert_eq!(fault("gsi_propagation_delay_millis"), None);
    // …and the same citations after a rename fail.
    assert!(fault("src/engine/servicing.rs").is_some());
    assert!(fault("Engine::execute_renamed").is_some());
    assert!(fault("Engined::execute").is_some());
    // A method of that name elsewhere (the i18n catalogue's) is not the one cited.
    assert_eq!(fault("Engine::touched_partitions"), None);
    assert!(fault("Engine::language").is_some());
    assert!(fault("catch_up_renamed()").is_some());
    assert!(fault("tests/partitions.rs::no_such_test").is_some());
    assert!(fault("gsi_propagation_delay_renamed").is_some());
    // Prose and other crates are not read as citations.
    assert_eq!(fault("ConsumedCapacity"), None);
    assert_eq!(fault("serde_json::Value"), None);
    assert!(cited_from_another_project("dynoxide "));
    assert!(!cited_from_another_project("the engine's "));
}
