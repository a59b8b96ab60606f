//! The page: the state at the top, shared with every component below.
//!
//! ```text
//!   App ── use_reducer(boot) ── ContextProvider<PlaygroundContext>
//!       ── use_reducer(ConsoleState) ── ContextProvider<ConsoleContext>
//!    ├─ header: LessonsMenu, ExercisesMenu, LanguagePicker, ScenarioMenu (behind a menu
//!    │          button on narrow screens); NoticeToast, UpdateNotice
//!    ├─ sidebar: TableList, CreateTable (a drawer in presenter mode and on
//!    │           narrow screens, opened with the Tables button)
//!    └─ main: LessonPanel (when a lesson is open), ExercisePanel (when an
//!             exercise is open, ui::exercises), then three tabs:
//!         Items:      ItemEditor, TableView (→ GenerateForm, ItemGrid | IndexGrid | VectorMap),
//!                     IndexPanel, TtlPanel, StreamPanel, ActivityLog (without a table: Welcome)
//!         Console:    ReviewJumps, Console (builders, live cost, results, code, history), AccessPatterns,
//!                     ReviewPlace (the design review, drawn by the panels' wasm)
//!         Partitions: PartitionMap, then the hot-key lab and the planners
//!                     (LabPlace, PanelPlace: drawn by the panels' wasm, ui::panels)
//! ```
//!
//! The Console tab's parts, the partition map, the vector map, the table's
//! index, TimeToLive and stream panels, the item generator's form and the
//! lesson panel are drawn through [`Later`]: the release build loads their
//! code when first shown ([`later`]).
//!
//! The header holds the [`LessonsMenu`] (the built-in lessons, presenter
//! mode), the [`LanguagePicker`] and the [`ScenarioMenu`] (Copy link,
//! Export, Import, Reset); messages are a toast ([`NoticeToast`]) that
//! covers a corner rather than pushing the page down. The layout for a
//! projector and for phones is the stylesheet's (`www/style.css`, sections
//! "presenter mode" and "narrow screens"): in presenter mode the page is one
//! screen, the lesson's step in a column beside the view it talks about,
//! each scrolling on its own. An open lesson's [`LessonPanel`](crate::ui::lessons::lesson_panel::LessonPanel) sits above the
//! tabs, and its steps reach the tabs and the hot-key lab through the
//! [`LessonBus`](crate::ui::lessons::lesson_bus). The language is a context of its own,
//! `Lang` ([`language`]), outside the others: switching it changes no data.
//!
//! The playground starts from a share link in the URL, else from
//! the autosaved copy ([`persist`]). After every change it is saved again
//! once the page has been still for half a second, or when the page goes
//! away before that; a playground unchanged since it was read or saved is
//! not written again. A `hashchange` to a share link loads that link. A
//! `storage` event says another tab autosaved over this tab's copy: its
//! playground is kept as a workspace.
//!
//! Both states live here, above the tabs, so switching tabs loses nothing:
//! the console's drafts and the editor's text survive either way.
//!
//! With `?embed=<view>` in the URL the page is only that view, for an
//! iframe on a slide, and never saves ([`embed`]).
//!
//! A ticker lives here too: every 250 ms, if the engine has background work
//! waiting on its clock (a GSI update not yet propagated, a backfill or an
//! index deletion), it sends [`Action::Tick`] so that work is applied and its
//! progress redrawn live. With nothing pending it sends nothing.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::language::{self, Lang, Msg, Said};
use super::persist;
use super::state::{Action, Notice, Playground, PlaygroundContext};
use crate::scenario::lessons::{self, LessonLibrary};
use crate::ui::exercises::exercises_menu::ExercisesMenu;
use crate::ui::exercises::host::{use_exercise_host, ExerciseHost, ExercisePlace};
use crate::ui::lessons::lesson_bus::{LessonBus, LessonBusContext};
use crate::ui::lessons::lesson_nav;
use crate::ui::lessons::lessons_menu::LessonsMenu;
use crate::ui::lessons::welcome::Welcome;
use crate::ui::page::activity_log::ActivityLog;
use crate::ui::page::embed;
use crate::ui::page::embedded::Embedded;
use crate::ui::page::language_picker::LanguagePicker;
use crate::ui::page::later::{self, Later, Part};
use crate::ui::page::notice_toast::NoticeToast;
use crate::ui::page::scenario_menu::ScenarioMenu;
use crate::ui::page::update_notice::UpdateNotice;
use crate::ui::panels::host::{use_panels_host, Panels, PanelsHost};
use crate::ui::panels::place::PanelPlace;
use crate::ui::partitions::lab_place::LabPlace;
use crate::ui::query::console_state::{ConsoleContext, ConsoleState};
use crate::ui::tables::create_table::CreateTable;
use crate::ui::tables::item_editor::ItemEditor;
use crate::ui::tables::table_list::TableList;
use crate::ui::tables::table_view::TableView;

/// The main column's tabs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tab {
    Items,
    Console,
    Partitions,
}

impl Tab {
    const ALL: [Tab; 3] = [Tab::Items, Tab::Console, Tab::Partitions];

    fn id(self) -> &'static str {
        match self {
            Tab::Items => "tab-items",
            Tab::Console => "tab-console",
            Tab::Partitions => "tab-partitions",
        }
    }
}

/// The playground the page starts with: the share link in the URL if it
/// holds a valid scenario, else the autosaved copy, else an empty one.
/// Whatever could not be read is reported, never half-loaded. The flag says
/// the autosaved copy is this playground already.
fn boot() -> (Playground, bool) {
    let mut problems = Vec::new();
    match persist::load_link() {
        Some(Ok(scenario)) => {
            // Loaded: from now on the autosave keeps it, so a reload does
            // not throw later changes away for the link's version. An
            // embedded page never saves: it keeps the link for a reload.
            if embed::requested().is_none() {
                persist::set_fragment("");
            }
            return (Playground::with_scenario(scenario, Some(Notice::said(false, Msg::LoadedFromLink))), false);
        }
        Some(Err(reason)) => problems.push(reason),
        None => {}
    }
    let restored = persist::load_saved();
    let mut playground = match restored.scenario {
        Some(scenario) => Playground::with_scenario(scenario, None),
        None => Playground::default(),
    };
    problems.extend(restored.problem);
    playground.pinned = restored.pinned;
    let said = match problems.len() {
        0 => None,
        1 => problems.pop(),
        _ => Some(Said::Joined(problems)),
    };
    if let Some(said) = said {
        playground.notice = Some(Rc::new(Notice::worded(true, said)));
    }
    (playground, restored.unchanged)
}

/// How many tenths of a second a lesson's workload may take to show its
/// first results before the view gives up bringing them into view: the
/// lab's wasm may still be on its way over a slow link.
const LAB_RESULTS_WAIT: u32 = 200;

/// How long the playground must stay unchanged before it is autosaved.
const AUTOSAVE_DELAY: Duration = Duration::from_millis(500);

/// How long after the start the parts loaded when first shown are fetched
/// ahead of a click: what the first screen still fetches (a lesson's
/// document, a language's words) goes first.
const FETCH_AHEAD_DELAY: Duration = Duration::from_millis(500);

/// What the page is given when it is mounted.
#[derive(Properties, Clone, Default, PartialEq)]
pub struct AppProps {
    /// The lesson documents and overlays at hand from the start: none in a
    /// page (it fetches them), what a browser test hands in.
    #[prop_or_default]
    pub lessons: LessonLibrary,
    /// Where the panels (the exercise panel, the hot-key lab, the
    /// planners, the design review, the exports' and the Workbench import's
    /// conversions) come from: their own wasm in a page,
    /// this one in a browser test (which hands in the exercises' documents).
    #[prop_or_default]
    pub panels: Panels,
}

#[component]
pub fn App(props: &AppProps) -> Html {
    let lessons = props.lessons.clone();
    let panels = use_panels_host(props.panels.clone());
    let exercise = use_exercise_host(panels.clone());
    // Whether storage holds the playground as it is: the autosaved copy it
    // started from, before any change, or the last autosave. Then there is
    // nothing to write (a large playground takes a while to write), neither
    // when the page starts nor when it goes away.
    let stored = use_mut_ref(|| false);
    let state = {
        let stored = Rc::clone(&stored);
        use_reducer(move || {
            let (mut playground, unchanged) = boot();
            *stored.borrow_mut() = unchanged;
            playground.lessons = Rc::new(lessons);
            playground
        })
    };
    let console = use_reducer(ConsoleState::default);
    let bus = use_reducer(LessonBus::default);
    let tab = use_state(|| Tab::Items);
    // The header's controls behind the menu button (narrow screens), and
    // the tables drawer (presenter mode and narrow screens).
    let menu_open = use_state(|| false);
    let tables_open = use_state(|| false);
    let panel = use_node_ref();
    // A lesson step asked for a tab.
    {
        let tab = tab.clone();
        use_effect_with(bus.tab, move |request| {
            if let Some(which) = request.and_then(|(_, id)| Tab::ALL.into_iter().find(|t| t.id() == id)) {
                tab.set(which);
            }
        });
    }
    // A lesson step ran a workload: once the lab shows its first results,
    // bring them to the top of the view (the panel scrolls on its own in
    // presenter mode, the page elsewhere), so the class sees the charts.
    {
        let panel = panel.clone();
        // Not cancelled when the request changes: the lab marks it done as
        // soon as it starts. The wait ends by itself, and a page gone away
        // leaves no panel to scroll.
        use_effect_with(bus.lab.as_ref().map(|(n, _)| *n), move |request| {
            if request.is_some() {
                yew::platform::spawn_local(async move {
                    for _ in 0..LAB_RESULTS_WAIT {
                        yew::platform::time::sleep(Duration::from_millis(100)).await;
                        let results = panel
                            .cast::<web_sys::Element>()
                            .and_then(|p| p.query_selector("#hotkey-lab .lab-results").ok().flatten());
                        if let Some(results) = results.filter(|r| r.child_element_count() > 0) {
                            results.scroll_into_view();
                            return;
                        }
                    }
                });
            }
        });
    }
    // The parts loaded when first shown, fetched once the page is up, so
    // that a click on their tab finds them in.
    use_effect_with((), |_| {
        yew::platform::spawn_local(async {
            yew::platform::time::sleep(FETCH_AHEAD_DELAY).await;
            later::fetch_ahead();
        });
    });
    // Escape folds the header's menu and the tables drawer away.
    {
        let (menu_open, tables_open) = (menu_open.clone(), tables_open.clone());
        use_effect_with((), move |_| {
            let on_key = move |e: &web_sys::Event| {
                if e.dyn_ref::<web_sys::KeyboardEvent>().is_some_and(|e| e.key() == "Escape") {
                    menu_open.set(false);
                    tables_open.set(false);
                }
            };
            // Removed when dropped, with the effect.
            let listener = web_sys::window().map(|window| EventListener::new(&window, "keydown", on_key));
            move || drop(listener)
        });
    }
    // Choosing a table (or creating one) folds the drawer away.
    {
        let tables_open = tables_open.clone();
        use_effect_with(state.selected.clone(), move |_| tables_open.set(false));
    }
    // Embed mode (`?embed=`): one view, and nothing is ever saved.
    let embed = use_memo((), |_| embed::requested());
    let embedded = embed.is_some();
    let language = {
        let dispatcher = state.dispatcher();
        language::use_page_language(Callback::from(move |said| {
            dispatcher.dispatch(Action::Notify(Some(Notice::worded(true, said))));
        }))
    };
    let lang = language.lang;
    use_effect_with(lang, |lang| language::apply_to_document(*lang));
    {
        let dispatcher = state.dispatcher();
        let engine = Rc::clone(&state.engine);
        use_effect_with((), move |_| {
            let alive = Rc::new(Cell::new(true));
            let running = Rc::clone(&alive);
            yew::platform::spawn_local(async move {
                while running.get() {
                    yew::platform::time::sleep(Duration::from_millis(250)).await;
                    let busy = engine
                        .try_borrow()
                        .map(|e| e.has_background_work() || e.has_waiting_trigger_records())
                        .unwrap_or(false);
                    if running.get() && busy {
                        dispatcher.dispatch(Action::Tick);
                    }
                }
            });
            move || alive.set(false)
        });
    }
    // Autosave: each change restarts the wait; unmounting cancels it.
    {
        let state = state.clone();
        let stored = Rc::clone(&stored);
        let dispatcher = state.dispatcher();
        let saved = (Rc::clone(&state.operations), Rc::clone(&state.access_patterns), Rc::clone(&state.view));
        // The first run sees the playground the page started with.
        let first = use_mut_ref(|| true);
        use_effect_with((state.data_version, state.selected.clone(), saved), move |_| {
            let alive = Rc::new(Cell::new(true));
            let unchanged = first.replace(false) && *stored.borrow();
            *stored.borrow_mut() = unchanged;
            let waiting = Rc::clone(&alive);
            if !unchanged {
                yew::platform::spawn_local(async move {
                    yew::platform::time::sleep(AUTOSAVE_DELAY).await;
                    if !waiting.get() || embedded {
                        return;
                    }
                    match state.lend_scenario(|scenario| persist::autosave(scenario, state.pinned)) {
                        Some(Ok(())) => *stored.borrow_mut() = true,
                        Some(Err(reason)) => dispatcher
                            .dispatch(Action::Notify(Some(Notice::worded(true, Said::AutosaveFailed(reason))))),
                        None => {}
                    }
                });
            }
            move || alive.set(false)
        });
    }
    // The newest state, for a last save when the page goes away before the
    // autosave's wait is over.
    let latest = use_mut_ref(|| None::<PlaygroundContext>);
    *latest.borrow_mut() = Some(state.clone());
    // A share link pasted into the address bar of the open page, and a last
    // save when the page is closed or reloaded.
    {
        let dispatcher = state.dispatcher();
        let latest = Rc::clone(&latest);
        let stored = Rc::clone(&stored);
        use_effect_with((), move |_| {
            let stored_here = Rc::clone(&stored);
            let on_hide = move |_: &web_sys::Event| {
                if embedded || *stored.borrow() {
                    return;
                }
                if let Ok(latest) = latest.try_borrow() {
                    let _ =
                        latest.as_ref().and_then(|s| s.lend_scenario(|scenario| persist::autosave(scenario, s.pinned)));
                }
            };
            let storage_dispatcher = dispatcher.clone();
            let on_hash = move |_: &web_sys::Event| match persist::load_link() {
                Some(Ok(scenario)) => {
                    persist::set_fragment("");
                    dispatcher
                        .dispatch(Action::Load(Box::new(scenario), Some(Notice::said(false, Msg::LoadedFromLink))));
                }
                Some(Err(said)) => dispatcher.dispatch(Action::Notify(Some(Notice::worded(true, said)))),
                None => {}
            };
            // Another tab autosaved: keep its copy before this tab's next
            // autosave replaces it (a `storage` event never comes from this
            // tab's own writes). An embedded page saves nothing, so it has
            // nothing to defend.
            let on_storage = move |event: &web_sys::Event| {
                let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() else { return };
                if embedded || event.key().as_deref() != Some(persist::SAVE_KEY) {
                    return;
                }
                // Storage no longer holds this tab's playground.
                *stored_here.borrow_mut() = false;
                if let Some(text) = event.new_value() {
                    let said = persist::keep_other_tab(&text);
                    storage_dispatcher.dispatch(Action::Notify(Some(Notice::worded(false, said))));
                }
            };
            // Each listener is removed when it is dropped, with the effect.
            let listeners = web_sys::window().map(|window| {
                [
                    EventListener::new(&window, "storage", on_storage),
                    EventListener::new(&window, "hashchange", on_hash),
                    EventListener::new(&window, "pagehide", on_hide),
                ]
            });
            move || drop(listeners)
        });
    }
    let has_table = state.selected.is_some();
    // The open lesson's title, for the line its panel shows while it loads.
    let lesson_title = lesson_nav::open_id(&state)
        .map(|id| lessons::entry(&id).map_or(id.clone(), |entry| entry.title_in(lang).to_string()));
    // Compare mode needs the width: the sidebar steps aside (the builders
    // have their own table pickers).
    let wide = *tab == Tab::Console && console.compare;
    let tab_button = |which: Tab, id: &'static str, label: &'static str| {
        let selected = *tab == which;
        let onclick = {
            let tab = tab.clone();
            Callback::from(move |_: MouseEvent| tab.set(which))
        };
        // Left and right arrows move between the tabs.
        let onkeydown = {
            let tab = tab.clone();
            Callback::from(move |e: KeyboardEvent| {
                let step = match e.key().as_str() {
                    "ArrowRight" => 1,
                    "ArrowLeft" => Tab::ALL.len() - 1,
                    _ => 0,
                };
                if step > 0 {
                    e.prevent_default();
                    let at = Tab::ALL.iter().position(|t| *t == *tab).unwrap_or(0);
                    let Some(&next) = Tab::ALL.get((at + step) % Tab::ALL.len()) else { return };
                    tab.set(next);
                    let id = next.id();
                    if let Some(button) = web_sys::window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.get_element_by_id(id))
                        .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok())
                    {
                        let _ = button.focus();
                    }
                }
            })
        };
        html! {
            <button type="button" role="tab" {id} class={classes!("tab", selected.then_some("selected"))}
                aria-selected={selected.to_string()} tabindex={if selected { "0" } else { "-1" }}
                aria-controls="main-panel" {onclick} {onkeydown}>{ label }</button>
        }
    };
    let toggle_menu = {
        let menu_open = menu_open.clone();
        Callback::from(move |_: MouseEvent| menu_open.set(!*menu_open))
    };
    let toggle_tables = {
        let tables_open = tables_open.clone();
        Callback::from(move |_: MouseEvent| tables_open.set(!*tables_open))
    };
    let design_table = {
        let tables_open = tables_open.clone();
        Callback::from(move |_: MouseEvent| {
            tables_open.set(true);
            let field = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("ct-name"))
                .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(field) = field {
                let _ = field.focus();
            }
        })
    };
    if let Some(view) = (*embed).clone() {
        return html! {
            <ContextProvider<Lang> context={lang}>
            <ContextProvider<PlaygroundContext> context={state}>
            <ContextProvider<ConsoleContext> context={console}>
            <ContextProvider<PanelsHost> context={panels}>
                <Embedded {view} />
            </ContextProvider<PanelsHost>>
            </ContextProvider<ConsoleContext>>
            </ContextProvider<PlaygroundContext>>
            </ContextProvider<Lang>>
        };
    }
    html! {
        <ContextProvider<Lang> context={lang}>
        <ContextProvider<PlaygroundContext> context={state}>
        <ContextProvider<ConsoleContext> context={console}>
        <ContextProvider<LessonBusContext> context={bus}>
        <ContextProvider<PanelsHost> context={panels.clone()}>
        <ContextProvider<ExerciseHost> context={exercise}>
            <div class="app">
                <header class={classes!("topbar", menu_open.then_some("menu-open"))}>
                    <h1><span class="brand-mark" aria-hidden="true"></span>{ "DynamoDB Playground" }</h1>
                    <p class="tagline">{ lang.t(Msg::Tagline) }</p>
                    <button type="button" id="btn-menu" class="topbar-button menu-button" onclick={toggle_menu}
                        aria-expanded={menu_open.to_string()} aria-controls="topbar-controls">
                        <span aria-hidden="true">{ "☰ " }</span>{ lang.t(Msg::Menu) }
                    </button>
                    <div class="topbar-controls" id="topbar-controls">
                        <LessonsMenu />
                        <ExercisesMenu />
                        <LanguagePicker {lang} pending={language.pending} onchange={language.choose} />
                        <ScenarioMenu />
                    </div>
                </header>
                <NoticeToast />
                <UpdateNotice />
                <div class={classes!("layout", wide.then_some("wide"), tables_open.then_some("tables-open"))}>
                    <aside class="sidebar" id="sidebar">
                        <button type="button" id="btn-tables-close" class="quiet drawer-close"
                            onclick={toggle_tables.clone()}>{ lang.t(Msg::HideTables) }</button>
                        <TableList />
                        <CreateTable />
                    </aside>
                    <main class="main">
                        if let Some(title) = lesson_title {
                            <Later part={Part::LessonPanel { title: title.into() }} />
                        }
                        <ExercisePlace />
                        <div class="main-bar">
                            <div class="main-tabs" role="tablist" aria-label={lang.t(Msg::TabsLabel)}>
                                { tab_button(Tab::Items, "tab-items", lang.t(Msg::TabItems)) }
                                { tab_button(Tab::Console, "tab-console", lang.t(Msg::TabConsole)) }
                                { tab_button(Tab::Partitions, "tab-partitions", lang.t(Msg::TabPartitions)) }
                            </div>
                            <button type="button" id="btn-tables" class="quiet tables-toggle" onclick={toggle_tables}
                                aria-expanded={tables_open.to_string()} aria-controls="sidebar">
                                { lang.t(Msg::TablesTitle) }
                            </button>
                        </div>
                        <div id="main-panel" role="tabpanel" class="main-panel" ref={panel}>
                            if *tab == Tab::Console {
                                <Later part={Part::ConsoleTab} />
                            } else if *tab == Tab::Partitions {
                                <Later part={Part::PartitionMap} />
                                <LabPlace />
                                <PanelPlace panel="planners" title={lang.t(Msg::Planners)} />
                            } else {
                                if has_table {
                                    <ItemEditor />
                                    <TableView />
                                    <Later part={Part::TableSettings} />
                                } else {
                                    <Welcome on_design={design_table} />
                                }
                                <ActivityLog />
                            }
                        </div>
                    </main>
                </div>
            </div>
        </ContextProvider<ExerciseHost>>
        </ContextProvider<PanelsHost>>
        </ContextProvider<LessonBusContext>>
        </ContextProvider<ConsoleContext>>
        </ContextProvider<PlaygroundContext>>
        </ContextProvider<Lang>>
    }
}
