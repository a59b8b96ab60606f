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
//! The Partitions tab's "Embed link" buttons copy a ready-made link; the
//! embedded page itself is [`super::embedded`].

use yew::prelude::*;

use crate::scenario::link;
use crate::ui::browser;
use crate::ui::language::{use_lang, Msg, Said};
use crate::ui::state::{use_playground, Action, Notice, PlaygroundContext};

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

    pub(super) fn title(self) -> Msg {
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
pub(super) fn base_url() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!("{}{}", location.origin().ok()?, location.pathname().ok()?))
}

/// A link that embeds `view` on the playground as it is now.
pub fn embed_link(state: &PlaygroundContext, view: EmbedView) -> Option<String> {
    let scenario = state.scenario()?;
    Some(format!("{}?embed={}#{}", base_url()?, view.id(), link::encode(&scenario)))
}

/// Copies the link that embeds `view` on the playground as it is now, and
/// says so (or why not) in the page's notice.
pub fn copy_embed_link(state: &PlaygroundContext, view: EmbedView) {
    let notice = match (embed_link(state, view), web_sys::window()) {
        (Some(url), Some(_)) => {
            browser::copy_text(&url, |_| {});
            Notice::worded(false, Said::EmbedLinkCopied { view: view.title(), length: url.chars().count() })
        }
        _ => Notice::said(true, Msg::EngineBusy),
    };
    state.dispatch(Action::Notify(Some(notice)));
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
        Callback::from(move |_: MouseEvent| copy_embed_link(&state, view))
    };
    html! {
        <button type="button" class="quiet small embed-button" id={format!("embed-{}", view.id())} {onclick}
            title={lang.t(Msg::EmbedLinkTitle)}>{ lang.t(Msg::EmbedLink) }</button>
    }
}
