//! The connect page (`connect.html`): the playground's requests sent to a
//! real DynamoDB endpoint, signed in the page, and compared with what the
//! playground answers.
//!
//! ```text
//!   connect.html ── ddb-connect.js / ddb-connect_bg.wasm (src/bin/connect.rs)
//!     ConnectApp ── use_reducer(the playground this browser saved) : the copy requests run on
//!       header: the page's title, the language, a link back to the playground
//!       ConnectionPanel   URL, region, credentials → ListTables on Connect   (connection_panel)
//!       ConnectedBar      the target, always shown while connected; Disconnect
//!       DeployView        the playground's tables created there, their items written (deploy_view)
//!       ImportView        a table of the endpoint brought in, up to a limit; saved as a workspace (import_view)
//!       CompareView       a request, or each access pattern, on both; differences flagged (compare_view)
//!   client::send ── Connection::prepare (SigV4) ── fetch ── answer::read
//! ```
//!
//! **Why a page of its own.** Like the lecturer's tools, connecting is for
//! the few: the students' page does not carry the signer, the client or
//! these views (each wasm holds only what its own page reaches). The
//! playground's header links here (the scenario menu's *Connect to an
//! endpoint*), in a new tab.
//!
//! **The playground it uses.** The playground page autosaves in this
//! browser (`persist::load_saved`); this page reads that copy when it
//! opens and on *Read the playground again*, runs requests on it, and never
//! saves it: nothing done here changes the playground page.
//!
//! **Credentials.** Typed into [`connection_panel`]'s state and held in a
//! [`Connection`](crate::connect::endpoint::Connection) in memory, never
//! written to storage, a link, an export or a log; a reload forgets them.

pub mod client;
pub mod compare_view;
pub mod connection_panel;
pub mod deploy_view;
pub mod failure_view;
pub mod import_view;

use std::rc::Rc;

use yew::prelude::*;

use super::language::{self, Lang};
use super::page::language_picker::LanguagePicker;
use super::persist;
use compare_view::CompareView;
use connection_panel::{Connected, ConnectedBar, ConnectionPanel};
use deploy_view::DeployView;
use import_view::ImportView;

/// What the connect page is given when it is mounted.
#[derive(Properties, Clone, Default, PartialEq)]
pub struct ConnectProps {
    /// The endpoint URL the form starts with (a browser test's ddb-local).
    #[prop_or_default]
    pub endpoint: AttrValue,
}

/// The URL the form offers first: DynamoDB Local's and ddb-local's usual port.
const DEFAULT_ENDPOINT: &str = "http://localhost:8000";

#[component]
pub fn ConnectApp(props: &ConnectProps) -> Html {
    let state = use_reducer(persist::saved_playground);
    let language = language::use_page_language(Callback::noop());
    let lang = language.lang;
    use_effect_with(lang, |lang| language::apply_to_document(*lang));
    let words = lang.connect();
    let connected = use_state(|| None::<Rc<Connected>>);
    // The last URL connected to, offered again after Disconnect (a URL is
    // not a secret; the credentials go with the form).
    let endpoint = use_state(|| {
        Some(props.endpoint.to_string()).filter(|e| !e.is_empty()).unwrap_or_else(|| DEFAULT_ENDPOINT.into())
    });
    let on_change = {
        let (connected, endpoint) = (connected.clone(), endpoint.clone());
        Callback::from(move |next: Option<Rc<Connected>>| {
            if let Some(next) = &next {
                endpoint.set(next.connection.endpoint.url().trim_end_matches('/').to_string());
            }
            connected.set(next);
        })
    };
    // Deploy and Import list the endpoint's tables again: the bar shows the new list.
    let on_tables = {
        let connected = connected.clone();
        Callback::from(move |tables: Vec<String>| {
            if let Some(now) = &*connected {
                connected.set(Some(Rc::new(Connected { connection: now.connection.clone(), tables })));
            }
        })
    };
    let on_disconnect = {
        let connected = connected.clone();
        Callback::from(move |()| connected.set(None))
    };
    let reread = {
        let dispatcher = state.dispatcher();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(persist::read_saved_again()))
    };
    let tables = state.engine.try_borrow().map(|e| e.tables().count()).unwrap_or_default();
    html! {
        <ContextProvider<Lang> context={lang}>
            <div class="app connect-page">
                <header class="topbar">
                    <h1><span class="brand-mark" aria-hidden="true"></span>{ words.page_title }</h1>
                    <div class="lecturer-controls">
                        <a class="topbar-button" id="connect-back" href="./">{ words.back }</a>
                        <LanguagePicker {lang} pending={language.pending} onchange={language.choose} />
                    </div>
                </header>
                if let Some(now) = &*connected {
                    <ConnectedBar connected={now.clone()} {on_disconnect} />
                }
                <main class="lecturer-main">
                    <p class="hint" id="connect-intro">{ words.page_intro }</p>
                    <p id="connect-playground">
                        { (words.playground_read)(&lang.count(tables as u64)) }
                        { " " }
                        <button type="button" class="quiet" id="connect-reread" onclick={reread}>{ words.reread }</button>
                    </p>
                    if let Some(now) = &*connected {
                        <DeployView connected={now.clone()} state={state.clone()} on_tables={on_tables.clone()} />
                        <ImportView connected={now.clone()} state={state.clone()} {on_tables} />
                        <CompareView connected={now.clone()} state={state.clone()} />
                    } else {
                        <ConnectionPanel endpoint={(*endpoint).clone()} {on_change} />
                        <p class="hint" id="conn-none">{ words.not_connected }</p>
                    }
                </main>
            </div>
        </ContextProvider<Lang>>
    }
}

/// Mounts the connect page (its binary's `main`).
pub fn start() {
    super::mount::<ConnectApp>();
}
