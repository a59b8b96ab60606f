//! The parts of the page its release build loads when first shown: the
//! Console tab, the partition map, the vector map, the table's index,
//! TimeToLive and stream panels with the item generator's form, and the
//! lesson panel; and German's and Japanese's catalogues, loaded when the
//! language is first chosen ([`load_catalogue`], `i18n::catalogues`).
//!
//! A first visit waits for every byte of the page's wasm before anything
//! can be used, and on a phone on a busy lecture hall's Wi-Fi the bytes
//! are the wait. The first screen is the header, the tables and the Items
//! tab's items; the Console and Partitions tabs, a vector index's map, the
//! panels below a table's items, the generator in its closed `<details>`
//! and a lesson are a click or a scroll away. So the release build cuts
//! their code out of the page's wasm into wasms of their own ("split
//! modules": the console's parts, with the engine's operations only the
//! console issues (`engine::deferred`), in one; the partition map, the
//! vector map, the table panels and the lessons each in another), fetched
//! the first time a part is shown and, once the page is up, ahead of that
//! click ([`fetch_ahead`]). Opening a lesson waits for its module as it
//! waits for the lesson's document ([`with_lesson_opener`]). A split module
//! is not a program of its own: it shares
//! the page's memory, engine and Yew, and its code runs exactly as if it had
//! been in the page's wasm (unlike the panels' wasm, which is
//! an app of its own and talks to the page through its roots).
//!
//! How: each part is a function marked as a split point
//! (`wasm_split_helpers`). In the release build (`--cfg ddb_split`, which
//! build.rs sets for the page when scripts/release-env says `DDB_SPLIT=1`)
//! the function becomes `async`, its first call fetching its module, and
//! scripts/split-page.mjs moves into that module every function and data
//! that only split points of that module reach. Every other build (tests,
//! `trunk serve`) calls the function directly, so a part is drawn at once.
//!
//! Each split point gives the function that draws its module's parts (a
//! function pointer into the module, valid once it is in). [`Later`] draws
//! a part: a line saying it is on its way while its module loads, the part
//! once it is in, or what failed, with a button that tries again (a module
//! that could not be fetched is not remembered as failed). What failed is
//! the split loader's note: a download given up after it stalled, or any
//! other failed request. A loaded module's function is kept, so showing the
//! part again draws it at once.

use yew::prelude::*;

use crate::engine::deferred::{self, Entries};
#[cfg(ddb_split)]
use crate::i18n::{catalogues, Catalogue};
use crate::i18n::{FetchFailure, Said};
use crate::scenario::lessons::LessonLibrary;
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::partitions::partition_map::PartitionMap;
use crate::ui::query::console::Console;
use crate::ui::review::access_patterns::AccessPatterns;
use crate::ui::review::jumps::ReviewJumps;
use crate::ui::review::review_place::ReviewPlace;
use crate::ui::state::{Notice, PlaygroundContext};

/// A part of the page loaded when first shown.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// The Console tab: the jump links, the console, the access patterns
    /// and the design review's place.
    ConsoleTab,
    /// The console alone (`?embed=console`).
    Console,
    /// The partition map (the Partitions tab, `?embed=partitions`).
    PartitionMap,
    /// A vector index's map, shown when its view is chosen on the Items tab.
    VectorMap { table: AttrValue, index: AttrValue },
    /// The selected table's indexes, TimeToLive and stream panels, below
    /// its items on the Items tab.
    TableSettings,
    /// The item generator's form, inside its closed `<details>` above a
    /// table's items.
    Generator { table: AttrValue },
    /// The open lesson's panel: its steps and checklist (`title` is the
    /// lesson's, for the line shown while it loads).
    LessonPanel { title: AttrValue },
}

/// The split modules: the parts drawn by the same function share one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Module {
    Console,
    Partitions,
    Vectors,
    Tables,
    Lessons,
}

impl Module {
    #[cfg_attr(not(ddb_split), allow(dead_code))]
    const ALL: [Module; 5] = [Module::Console, Module::Partitions, Module::Vectors, Module::Tables, Module::Lessons];

    /// The module's name in the split loader (scripts/split-page.mjs).
    #[cfg_attr(not(ddb_split), allow(dead_code))]
    fn name(self) -> &'static str {
        match self {
            Module::Console => "console",
            Module::Partitions => "partitions",
            Module::Vectors => "vectors",
            Module::Tables => "tables",
            Module::Lessons => "lessons",
        }
    }

    #[cfg_attr(not(ddb_split), allow(dead_code))]
    fn index(self) -> usize {
        match self {
            Module::Console => 0,
            Module::Partitions => 1,
            Module::Vectors => 2,
            Module::Tables => 3,
            Module::Lessons => 4,
        }
    }
}

impl Part {
    fn module(&self) -> Module {
        match self {
            Part::ConsoleTab | Part::Console => Module::Console,
            Part::PartitionMap => Module::Partitions,
            Part::VectorMap { .. } => Module::Vectors,
            Part::TableSettings | Part::Generator { .. } => Module::Tables,
            Part::LessonPanel { .. } => Module::Lessons,
        }
    }

    /// The part's name in the ids of its loading and failed lines: a page
    /// may show several parts of one module loading at once.
    fn slug(&self) -> &'static str {
        match self {
            Part::ConsoleTab => "console-tab",
            Part::Console => "console",
            Part::PartitionMap => "partition-map",
            Part::VectorMap { .. } => "vector-map",
            Part::TableSettings => "table-settings",
            Part::Generator { .. } => "generator",
            Part::LessonPanel { .. } => "lesson-panel",
        }
    }

    /// What the part is called while it loads, or when it could not be.
    fn title(&self, lang: Lang) -> String {
        let msg = match self {
            Part::LessonPanel { title } => return title.to_string(),
            Part::ConsoleTab | Part::Console => Msg::TabConsole,
            Part::PartitionMap => Msg::TabPartitions,
            Part::VectorMap { .. } => Msg::VectorMapTitle,
            Part::TableSettings => Msg::TableSettingsTitle,
            Part::Generator { .. } => Msg::GenerateTitle,
        };
        lang.t(msg).to_string()
    }
}

/// The module of a part could not be fetched or instantiated, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotLoaded(pub FetchFailure);

#[cfg(ddb_split)]
impl From<wasm_split_helpers::SplitLoaderError> for NotLoaded {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        NotLoaded(FetchFailure::Network)
    }
}

/// Why the module `name` did not load, as the split loader noted it: given
/// up after so many seconds when a download stalled, else a failed request.
#[cfg(ddb_split)]
fn failure(name: &str) -> FetchFailure {
    use wasm_bindgen::JsValue;
    let noted = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("__ddbSplitFailures"))
        .and_then(|failures| js_sys::Reflect::get(&failures, &JsValue::from_str(name)))
        .ok()
        .and_then(|seconds| seconds.as_f64());
    match noted {
        Some(seconds) if seconds >= 1.0 && seconds <= f64::from(u32::MAX) => FetchFailure::TimedOut(seconds as u32),
        _ => FetchFailure::Network,
    }
}

/// Draws the parts of one module (any other part: nothing).
type Draw = fn(&Part) -> Html;

/// Opens a lesson whose document is at hand (`lesson_nav`).
pub type OpenLesson = fn(&PlaygroundContext, &LessonLibrary, &str, usize) -> Result<(), Notice>;

/// What a split point gives: the function that draws its module's parts;
/// from the console's, the code only the console needs of the engine
/// (`engine::deferred`); from the lessons', what opens a lesson. They are
/// handed over through the loader so that the page's code cannot name them.
#[derive(Clone, Copy)]
struct Contents {
    draw: Draw,
    #[cfg_attr(not(ddb_split), allow(dead_code))]
    deferred: Option<Entries>,
    open_lesson: Option<OpenLesson>,
}

impl Contents {
    fn drawing(draw: Draw) -> Self {
        Contents { draw, deferred: None, open_lesson: None }
    }
}

/// The split points, one per module. Each gives the function that draws
/// its module's parts, which only it reaches; built with `ddb_split` its
/// first call loads the module.
mod split {
    use super::*;
    use crate::ui::lessons::lesson_nav;
    use crate::ui::lessons::lesson_panel::LessonPanel;
    use crate::ui::tables::generate_form::GeneratorBody;
    use crate::ui::tables::index_panel::IndexPanel;
    use crate::ui::tables::stream_panel::StreamPanel;
    use crate::ui::tables::ttl_panel::TtlPanel;
    use crate::ui::tables::vector_map::VectorMap;

    fn draw_console(part: &Part) -> Html {
        match part {
            Part::ConsoleTab => html! {
                <>
                    <ReviewJumps />
                    <Console />
                    <AccessPatterns />
                    <ReviewPlace />
                </>
            },
            Part::Console => html! { <Console /> },
            _ => html! {},
        }
    }

    fn draw_partitions(part: &Part) -> Html {
        match part {
            Part::PartitionMap => html! { <PartitionMap /> },
            _ => html! {},
        }
    }

    fn draw_tables(part: &Part) -> Html {
        match part {
            Part::TableSettings => html! {
                <>
                    <IndexPanel />
                    <TtlPanel />
                    <StreamPanel />
                </>
            },
            Part::Generator { table } => html! { <GeneratorBody table={table.clone()} /> },
            _ => html! {},
        }
    }

    fn draw_lessons(part: &Part) -> Html {
        match part {
            Part::LessonPanel { .. } => html! { <LessonPanel /> },
            _ => html! {},
        }
    }

    fn draw_vectors(part: &Part) -> Html {
        match part {
            Part::VectorMap { table, index } => html! { <VectorMap table={table.clone()} index={index.clone()} /> },
            _ => html! {},
        }
    }

    #[cfg_attr(ddb_split, wasm_split_helpers::wasm_split(console, fallible))]
    pub fn console() -> Result<Contents, NotLoaded> {
        Ok(Contents { deferred: Some(deferred::entries()), ..Contents::drawing(draw_console) })
    }

    #[cfg_attr(ddb_split, wasm_split_helpers::wasm_split(partitions, fallible))]
    pub fn partitions() -> Result<Contents, NotLoaded> {
        Ok(Contents::drawing(draw_partitions))
    }

    #[cfg_attr(ddb_split, wasm_split_helpers::wasm_split(vectors, fallible))]
    pub fn vectors() -> Result<Contents, NotLoaded> {
        Ok(Contents::drawing(draw_vectors))
    }

    #[cfg_attr(ddb_split, wasm_split_helpers::wasm_split(tables, fallible))]
    pub fn tables() -> Result<Contents, NotLoaded> {
        Ok(Contents::drawing(draw_tables))
    }

    #[cfg_attr(ddb_split, wasm_split_helpers::wasm_split(lessons, fallible))]
    pub fn lessons() -> Result<Contents, NotLoaded> {
        Ok(Contents { open_lesson: Some(lesson_nav::open_available), ..Contents::drawing(draw_lessons) })
    }

    #[cfg(ddb_split)]
    #[wasm_split_helpers::wasm_split(german, fallible)]
    pub fn german() -> Result<&'static dyn Catalogue, NotLoaded> {
        Ok(catalogues::german())
    }

    #[cfg(ddb_split)]
    #[wasm_split_helpers::wasm_split(japanese, fallible)]
    pub fn japanese() -> Result<&'static dyn Catalogue, NotLoaded> {
        Ok(catalogues::japanese())
    }
}

/// Makes German's or Japanese's catalogue (its texts with values) usable:
/// in the page's release build its module is loaded the first time the
/// language is chosen (`i18n::catalogues`); every other build has it
/// already.
pub async fn load_catalogue(lang: Lang) -> Result<(), FetchFailure> {
    #[cfg(ddb_split)]
    if catalogues::at_hand(lang).is_none() {
        let (catalogue, name) = match lang {
            Lang::En => return Ok(()),
            Lang::De => (split::german().await, "german"),
            Lang::Ja => (split::japanese().await, "japanese"),
        };
        catalogues::install(lang, catalogue.map_err(|_| failure(name))?);
    }
    #[cfg(not(ddb_split))]
    let _ = lang;
    Ok(())
}

/// A module's contents, the module loaded first.
#[cfg(ddb_split)]
async fn load(module: Module) -> Result<Contents, NotLoaded> {
    let contents = match module {
        Module::Console => split::console().await,
        Module::Partitions => split::partitions().await,
        Module::Vectors => split::vectors().await,
        Module::Tables => split::tables().await,
        Module::Lessons => split::lessons().await,
    }
    .map_err(|_| NotLoaded(failure(module.name())))?;
    if let Some(entries) = contents.deferred {
        deferred::install(entries);
    }
    LOADED.with(|l| {
        let mut all = l.get();
        if let Some(slot) = all.get_mut(module.index()) {
            *slot = Some(contents);
        }
        l.set(all);
    });
    Ok(contents)
}

#[cfg(ddb_split)]
thread_local! {
    /// Each module's contents once the module is in.
    static LOADED: std::cell::Cell<[Option<Contents>; 5]> = const { std::cell::Cell::new([None; 5]) };
}

/// A module's contents if they can be used now: always in a build that is
/// not split, once the module is in otherwise.
fn loaded(module: Module) -> Option<Contents> {
    #[cfg(not(ddb_split))]
    {
        let contents = match module {
            Module::Console => split::console(),
            Module::Partitions => split::partitions(),
            Module::Vectors => split::vectors(),
            Module::Tables => split::tables(),
            Module::Lessons => split::lessons(),
        };
        contents.ok()
    }
    #[cfg(ddb_split)]
    {
        LOADED.with(|l| l.get().get(module.index()).copied().flatten())
    }
}

/// Hands `then` what opens a lesson: at once when the lessons' module is
/// in (always, in a build that is not split), else once it has arrived, or
/// [`NotLoaded`] if it could not be fetched.
pub fn with_lesson_opener(then: impl FnOnce(Result<OpenLesson, NotLoaded>) + 'static) {
    let opener = |contents: Contents| contents.open_lesson.ok_or(NotLoaded(FetchFailure::Network));
    if let Some(contents) = loaded(Module::Lessons) {
        return then(opener(contents));
    }
    #[cfg(ddb_split)]
    yew::platform::spawn_local(async move { then(load(Module::Lessons).await.and_then(opener)) });
    #[cfg(not(ddb_split))]
    then(Err(NotLoaded(FetchFailure::Network)));
}

/// Loads every module without drawing it, so that the first click on a
/// tab finds its code there. The page calls it once it is up.
pub fn fetch_ahead() {
    #[cfg(ddb_split)]
    for module in Module::ALL {
        if loaded(module).is_none() {
            yew::platform::spawn_local(async move {
                let _ = load(module).await;
            });
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct LaterProps {
    pub part: Part,
}

/// Draws a part, loading its module first if it is not in yet.
#[component]
pub fn Later(props: &LaterProps) -> Html {
    let lang = use_lang();
    let module = props.part.module();
    // Whether the module is in is `loaded`'s to say; the component keeps
    // only why its last attempt failed, if it did (setting it draws again).
    let failed = use_state(|| None::<FetchFailure>);
    let attempt = use_state(|| 0u32);
    let contents = loaded(module);
    {
        let failed = failed.clone();
        // Decided by what this render drew, not by whether the module is in
        // when the effect runs: Yew may let the browser draw the page before
        // it runs effects, and a module that comes in meanwhile (fetched
        // ahead) would otherwise leave the line saying it is on its way.
        let drawn = contents.is_some();
        use_effect_with((module, *attempt), move |_| {
            #[cfg(ddb_split)]
            if !drawn {
                failed.set(None);
                yew::platform::spawn_local(async move {
                    failed.set(load(module).await.err().map(|NotLoaded(reason)| reason));
                });
            }
            #[cfg(not(ddb_split))]
            let _ = (module, failed, drawn);
        });
    }
    if let Some(contents) = contents {
        return (contents.draw)(&props.part);
    }
    let (title, slug) = (props.part.title(lang), props.part.slug());
    let Some(reason) = *failed else {
        return html! {
            <section class="card panel-status" id={format!("part-loading-{slug}")} role="status">
                <p>{ lang.tr().said(&Said::PanelLoading { title }) }</p>
            </section>
        };
    };
    let again = Callback::from(move |_: MouseEvent| attempt.set(*attempt + 1));
    html! {
        <section class="card panel-status" id={format!("part-failed-{slug}")} role="alert">
            <p class="error-text">{ lang.tr().said(&Said::PanelNotLoaded { title, reason }) }</p>
            <button type="button" class="quiet" id={format!("part-again-{slug}")} onclick={again}>
                { lang.t(Msg::TryAgain) }
            </button>
        </section>
    }
}
