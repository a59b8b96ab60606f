//! The page: the state at the top, shared with every component below.
//!
//! ```text
//!   App ── use_reducer(Playground) ── ContextProvider<PlaygroundContext>
//!    ├─ sidebar: TableList, CreateTable
//!    └─ main:    ItemEditor, TableView (→ ItemGrid), ActivityLog
//! ```

use yew::prelude::*;

use super::activity_log::ActivityLog;
use super::create_table::CreateTable;
use super::item_editor::ItemEditor;
use super::state::{Playground, PlaygroundContext};
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

#[component]
pub fn App() -> Html {
    let state = use_reducer(Playground::default);
    let has_table = state.selected.is_some();
    html! {
        <ContextProvider<PlaygroundContext> context={state}>
            <div class="app">
                <header class="topbar">
                    <h1><span class="brand-mark" aria-hidden="true"></span>{ "DynamoDB Playground" }</h1>
                    <p class="tagline">{ "a simulated DynamoDB, running in this page" }</p>
                </header>
                <div class="layout">
                    <aside class="sidebar">
                        <TableList />
                        <CreateTable />
                    </aside>
                    <main class="main">
                        if has_table {
                            <ItemEditor />
                            <TableView />
                        } else {
                            { welcome() }
                        }
                        <ActivityLog />
                    </main>
                </div>
            </div>
        </ContextProvider<PlaygroundContext>>
    }
}
