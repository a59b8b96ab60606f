//! A panel's place in the page: the root the panels' wasm draws it in, and
//! the page's word while the module loads or when it could not.

use web_sys::Element;
use yew::prelude::*;

use super::host::{PanelsHost, Status};
use super::module::{tell, GONE_EVENT, REQUEST_EVENT};
use crate::i18n::{Msg, Said};
use crate::ui::language::use_lang;

#[derive(Properties, PartialEq)]
pub struct PanelPlaceProps {
    /// The panel: `lab`, `planners` or `review` (the root's `data-panel`,
    /// [`PANEL_ATTRIBUTE`](super::module::PANEL_ATTRIBUTE)).
    pub panel: &'static str,
    /// Its heading in the page's language, for the page's word while it loads.
    pub title: &'static str,
    /// The root, for a place that sets more of its attributes; else the
    /// place keeps its own.
    #[prop_or_default]
    pub root: Option<NodeRef>,
    /// Whether the panel offers "Embed link" (`data-embed`): not in a page
    /// that is embedded already.
    #[prop_or_default]
    pub embed: bool,
}

/// The root (`#<panel>-root`), mounted on when it appears and given up when
/// it goes; "Loading …" while the module is on its way; why it is not
/// there, with *Try again*, when it did not arrive.
#[component]
pub fn PanelPlace(props: &PanelPlaceProps) -> Html {
    let lang = use_lang();
    let host = use_context::<PanelsHost>();
    let own = use_node_ref();
    let root = props.root.clone().unwrap_or(own);
    {
        let (root, host) = (root.clone(), host.clone());
        use_effect_with((), move |_| {
            let root = root.cast::<Element>();
            if let (Some(host), Some(root)) = (host, root.clone()) {
                host.ensure(root);
            }
            move || {
                if let Some(root) = root {
                    tell(&root, GONE_EVENT);
                }
            }
        });
    }
    {
        // The panel reads the language from the root after each render.
        let root = root.clone();
        use_effect_with(lang, move |_| {
            if let Some(root) = root.cast::<Element>() {
                tell(&root, REQUEST_EVENT);
            }
        });
    }
    let title = props.title.to_string();
    let status = match host.as_ref().map(PanelsHost::status) {
        Some(Status::Loading) => html! {
            <section class="card panel-status" id={format!("{}-loading", props.panel)}>
                <p>{ lang.tr().said(&Said::PanelLoading { title }) }</p>
            </section>
        },
        Some(Status::Failed(reason)) => {
            let again = {
                let (root, host) = (root.clone(), host.clone());
                Callback::from(move |_: MouseEvent| {
                    if let (Some(host), Some(root)) = (&host, root.cast::<Element>()) {
                        host.ensure(root);
                    }
                })
            };
            html! {
                <section class="card panel-status" id={format!("{}-loading", props.panel)}>
                    <p class="error-text">{ lang.tr().said(&Said::PanelNotLoaded { title, reason: *reason }) }</p>
                    <button type="button" class="quiet" id={format!("{}-again", props.panel)} onclick={again}>
                        { lang.t(Msg::TryAgain) }
                    </button>
                </section>
            }
        }
        _ => html! {},
    };
    html! {
        <>
            { status }
            <div id={format!("{}-root", props.panel)} class="panel-root" ref={root}
                data-panel={props.panel} data-lang={lang.code()} data-embed={props.embed.then_some("")}></div>
        </>
    }
}
