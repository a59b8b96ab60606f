//! The page: the state at the top, shared with every component below.
//!
//! ```text
//!   App ── use_reducer(Playground) ── ContextProvider<PlaygroundContext>
//!       ── use_reducer(ConsoleState) ── ContextProvider<ConsoleContext>
//!    ├─ sidebar: TableList, CreateTable
//!    └─ main, three tabs:
//!         Items:      ItemEditor, TableView (→ ItemGrid | IndexGrid), IndexPanel, ActivityLog
//!         Console:    Console (builders, live cost, results, code, history)
//!         Partitions: PartitionMap, HotKeyLab, Planners
//! ```
//!
//! Both states live here, above the tabs, so switching tabs loses nothing:
//! the console's drafts and the editor's text survive either way.
//!
//! A ticker lives here too: every 250 ms, if the engine has background work
//! waiting on its clock (a GSI update not yet propagated, a backfill or an
//! index deletion), it sends [`Action::Tick`] so that work is applied and its
//! progress redrawn live. With nothing pending it sends nothing.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use yew::prelude::*;

use super::activity_log::ActivityLog;
use super::console::Console;
use super::console_state::{ConsoleContext, ConsoleState};
use super::create_table::CreateTable;
use super::hotkey_lab::HotKeyLab;
use super::index_panel::IndexPanel;
use super::item_editor::ItemEditor;
use super::partition_map::PartitionMap;
use super::planners::Planners;
use super::state::{has_background_work, Action, Playground, PlaygroundContext};
use super::table_list::TableList;
use super::table_view::TableView;

/// Shown in place of the editor and items until there is a table.
fn welcome() -> Html {
    html! {
        <section class="card welcome">
            <h2>{ "Start with a table" }</h2>
            <p>
                { "Everything here is a simulated DynamoDB running inside this page: no account, no network. \
                   Create a table on the left, then put items into it and watch how DynamoDB groups them \
                   by partition key and what every request costs." }
            </p>
            <p class="hint">
                { "A classic first table: " }<strong>{ "Music" }</strong>{ " with partition key " }
                <code>{ "Artist" }</code>{ " and sort key " }<code>{ "SongTitle" }</code>{ "." }
            </p>
        </section>
    }
}

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

#[component]
pub fn App() -> Html {
    let state = use_reducer(Playground::default);
    let console = use_reducer(ConsoleState::default);
    let tab = use_state(|| Tab::Items);
    {
        let dispatcher = state.dispatcher();
        let engine = Rc::clone(&state.engine);
        use_effect_with((), move |_| {
            let alive = Rc::new(Cell::new(true));
            let running = Rc::clone(&alive);
            yew::platform::spawn_local(async move {
                while running.get() {
                    yew::platform::time::sleep(Duration::from_millis(250)).await;
                    let busy = engine.try_borrow().map(|e| has_background_work(&e)).unwrap_or(false);
                    if running.get() && busy {
                        dispatcher.dispatch(Action::Tick);
                    }
                }
            });
            move || alive.set(false)
        });
    }
    let has_table = state.selected.is_some();
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
                    let next = Tab::ALL[(at + step) % Tab::ALL.len()];
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
    html! {
        <ContextProvider<PlaygroundContext> context={state}>
        <ContextProvider<ConsoleContext> context={console}>
            <div class="app">
                <header class="topbar">
                    <h1><span class="brand-mark" aria-hidden="true"></span>{ "DynamoDB Playground" }</h1>
                    <p class="tagline">{ "a simulated DynamoDB, running in this page" }</p>
                </header>
                <div class={classes!("layout", wide.then_some("wide"))}>
                    <aside class="sidebar">
                        <TableList />
                        <CreateTable />
                    </aside>
                    <main class="main">
                        <div class="main-tabs" role="tablist" aria-label="View">
                            { tab_button(Tab::Items, "tab-items", "Items") }
                            { tab_button(Tab::Console, "tab-console", "Query console") }
                            { tab_button(Tab::Partitions, "tab-partitions", "Partitions") }
                        </div>
                        <div id="main-panel" role="tabpanel" class="main-panel">
                            if *tab == Tab::Console {
                                <Console />
                            } else if *tab == Tab::Partitions {
                                <PartitionMap />
                                <HotKeyLab />
                                <Planners />
                            } else {
                                if has_table {
                                    <ItemEditor />
                                    <TableView />
                                    <IndexPanel />
                                } else {
                                    { welcome() }
                                }
                                <ActivityLog />
                            }
                        </div>
                    </main>
                </div>
            </div>
        </ContextProvider<ConsoleContext>>
        </ContextProvider<PlaygroundContext>>
    }
}
