//! Embed mode: one view of the playground, with almost no chrome, for an
//! `<iframe>` on a lecture slide.
//!
//! The view is named by the query parameter `embed` and combines with a
//! share link in the fragment, which holds the scenario to show:
//!
//! ```text
//!   https://…/index.html?embed=partitions#v1=…     the partition map of the link's table
//!   https://…/index.html?embed=lab                  the hot-key lab
//!   https://…/index.html?embed=items&table=Music#v1=…
//! ```
//!
//! Views: `partitions` (the partition map), `lab` (the hot-key lab),
//! `planners`, `items` (the selected table's items), `console` (the query
//! console). `table=` picks the table (otherwise the link's, or the first).
//! A query parameter, not a fragment one, because the fragment is the share
//! link's and is cleared once the link is loaded.
//!
//! An embedded page reads the link, else the autosaved playground of the
//! same site, but **never saves**: a slide's iframe must not overwrite the
//! playground a student or lecturer keeps in another tab. For the same
//! reason it keeps the link in its address, so a reload shows it again. "Open in the
//! playground" opens the full page on the embedded state (as a share link).
//! The Partitions tab's "Embed link" buttons copy a ready-made link.

use yew::prelude::*;

use super::browser;
use super::console::Console;
use super::hotkey_lab::HotKeyLab;
use super::language::{use_lang, Msg, Said};
use super::partition_map::PartitionMap;
use super::planners::Planners;
use super::state::{use_playground, Action, Notice, PlaygroundContext};
use super::table_view::TableView;
use crate::scenario::link;

/// A view that can be embedded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmbedView {
    Partitions,
    Lab,
    Planners,
    Items,
    Console,
}

impl EmbedView {
    pub const ALL: [EmbedView; 5] =
        [EmbedView::Partitions, EmbedView::Lab, EmbedView::Planners, EmbedView::Items, EmbedView::Console];

    /// The value of `embed=`.
    pub fn id(self) -> &'static str {
        match self {
            EmbedView::Partitions => "partitions",
            EmbedView::Lab => "lab",
            EmbedView::Planners => "planners",
            EmbedView::Items => "items",
            EmbedView::Console => "console",
        }
    }

    fn title(self) -> Msg {
        match self {
            EmbedView::Partitions => Msg::EmbedPartitionMap,
            EmbedView::Lab => Msg::HotKeyLab,
            EmbedView::Planners => Msg::EmbedPlanners,
            EmbedView::Items => Msg::TabItems,
            EmbedView::Console => Msg::TabConsole,
        }
    }

    pub fn parse(id: &str) -> Option<EmbedView> {
        EmbedView::ALL.into_iter().find(|v| v.id() == id)
    }
}

/// What the URL asks for: `Ok(view)`, or `Err(text)` for an `embed=` value
/// that names no view.
pub type Requested = Result<EmbedView, String>;

/// The parameters of the page's query string, decoded.
fn query_parameters() -> Vec<(String, String)> {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let decode = |text: &str| {
                js_sys::decode_uri_component(&text.replace('+', " ")).map(String::from).unwrap_or_else(|_| text.into())
            };
            (decode(name), decode(value))
        })
        .collect()
}

/// The embedded view the URL asks for, if it asks for one.
pub fn requested() -> Option<Requested> {
    let value = query_parameters().into_iter().find(|(name, _)| name == "embed")?.1;
    Some(EmbedView::parse(&value).ok_or(value))
}

/// The table the URL names with `table=`.
pub fn requested_table() -> Option<String> {
    query_parameters().into_iter().find(|(name, _)| name == "table").map(|(_, value)| value).filter(|v| !v.is_empty())
}

/// The page's address without query and fragment.
fn base_url() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!("{}{}", location.origin().ok()?, location.pathname().ok()?))
}

/// A link that embeds `view` on the playground as it is now.
pub fn embed_link(state: &PlaygroundContext, view: EmbedView) -> Option<String> {
    let scenario = state.scenario()?;
    Some(format!("{}?embed={}#{}", base_url()?, view.id(), link::encode(&scenario)))
}

#[derive(Properties, PartialEq)]
pub struct EmbedButtonProps {
    pub view: EmbedView,
}

/// "Embed link": copies a link that shows `view` alone, on the playground
/// as it is now, and says how to use it.
#[component]
pub fn EmbedButton(props: &EmbedButtonProps) -> Html {
    let lang = use_lang();
    let state = use_playground();
    // Already embedded: no button.
    let Some(state) = state.filter(|_| requested().is_none()) else { return html! {} };
    let view = props.view;
    let onclick = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let notice = match (embed_link(&state, view), web_sys::window()) {
                (Some(url), Some(_)) => {
                    browser::copy_text(&url, |_| {});
                    Notice::worded(false, Said::EmbedLinkCopied { view: view.title(), length: url.chars().count() })
                }
                _ => Notice::said(true, Msg::EngineBusy),
            };
            state.dispatch(Action::Notify(Some(notice)));
        })
    };
    html! {
        <button type="button" class="quiet small embed-button" id={format!("embed-{}", view.id())} {onclick}
            title={lang.t(Msg::EmbedLinkTitle)}>{ lang.t(Msg::EmbedLink) }</button>
    }
}

#[derive(Properties, PartialEq)]
pub struct EmbeddedProps {
    pub view: Requested,
}

/// The whole page in embed mode.
#[component]
pub fn Embedded(props: &EmbeddedProps) -> Html {
    let lang = use_lang();
    let state = use_playground();
    // `table=` picks the table once, at the start.
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            if let (Some(state), Some(table)) = (state, requested_table()) {
                let exists = state.engine.try_borrow().is_ok_and(|e| e.table(&table).is_some());
                if exists {
                    state.dispatch(Action::SelectTable(table));
                }
            }
        });
    }
    let Some(state) = state else { return html! {} };
    let open = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let url = state.scenario().zip(base_url()).map(|(s, base)| format!("{base}#{}", link::encode(&s)));
            if let (Some(url), Some(window)) = (url, web_sys::window()) {
                let _ = window.open_with_url_and_target(&url, "_blank");
            }
        })
    };
    let (id, title, body) = match props.view.clone() {
        Ok(view) => {
            let body = match view {
                EmbedView::Partitions => html! { <PartitionMap /> },
                EmbedView::Lab => html! { <HotKeyLab /> },
                EmbedView::Planners => html! { <Planners /> },
                EmbedView::Console => html! { <Console /> },
                EmbedView::Items if state.selected.is_some() => html! { <TableView /> },
                EmbedView::Items => html! { <p class="hint">{ lang.t(Msg::EmbedNoTable) }</p> },
            };
            (view.id(), lang.t(view.title()).to_string(), body)
        }
        Err(unknown) => {
            let known: Vec<&str> = EmbedView::ALL.iter().map(|v| v.id()).collect();
            let message = lang.tr().no_such_view(&unknown, &known.join(", "));
            (
                "unknown",
                lang.t(Msg::EmbedUnknown).to_string(),
                html! { <div class="error-box" role="alert" id="embed-error">{ message }</div> },
            )
        }
    };
    let table = state.selected.clone().map(|t| format!(" · {t}")).unwrap_or_default();
    html! {
        <div class="app embedded" data-embed={id}>
            <header class="embed-bar">
                <span class="brand-mark" aria-hidden="true"></span>
                <span class="embed-title">{ format!("DynamoDB Playground · {title}{table}") }</span>
                <button type="button" class="quiet small" id="embed-open" onclick={open}
                    title={lang.t(Msg::EmbedOpenTitle)}>{ lang.t(Msg::EmbedOpen) }</button>
            </header>
            if let Some(notice) = &state.notice {
                <p class={classes!("embed-notice", notice.error.then_some("error"))} id="embed-notice">{ notice.text_in(lang) }</p>
            }
            <main class="embed-main">{ body }</main>
        </div>
    }
}
