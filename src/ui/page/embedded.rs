//! The whole page in embed mode ([`super::embed`]): the one view the
//! `embed` parameter names, under a bar with the playground's name and
//! "Open in the playground".

use yew::prelude::*;

use super::embed::{base_url, requested_table, EmbedView, Requested};
use super::later::{Later, Part};
use crate::scenario::link;
use crate::ui::language::{use_lang, Msg};
use crate::ui::panels::place::PanelPlace;
use crate::ui::partitions::lab_place::LabPlace;
use crate::ui::state::{use_playground, Action};
use crate::ui::tables::table_view::TableView;

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
                EmbedView::Partitions => html! { <Later part={Part::PartitionMap} /> },
                EmbedView::Lab => html! { <LabPlace /> },
                EmbedView::Planners => html! { <PanelPlace panel="planners" title={lang.t(Msg::Planners)} /> },
                EmbedView::Console => html! { <Later part={Part::Console} /> },
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
