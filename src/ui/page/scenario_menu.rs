//! The header's scenario buttons (Copy link, Export ▸, Import, Workspaces ▸
//! ([`super::workspaces_menu`]), Reset). Their messages are shown by
//! [`super::notice_toast`].
//!
//! Export is a menu (a `<details>` element: it opens and closes with the
//! keyboard and needs no script) of the formats of
//! [`crate::scenario::exchange`]: the scenario file, a NoSQL Workbench
//! model (3.0 or 1.0), a CloudFormation template, an AWS CLI script. Import
//! takes any file it can read and tells the kind by its content. What an
//! import kept without simulating, and what an export's format could not
//! hold, is listed under the message.
//!
//! Reset asks first, in the page (a browser `confirm` would block the page
//! and cannot be styled for a projector). Import uses a hidden file input
//! behind a real button, so it is reachable with the keyboard.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::workspaces_menu::WorkspacesMenu;
use crate::scenario::exchange::ExportFormat;
use crate::scenario::workbench::ModelVersion;
use crate::ui::language::{use_lang, Msg, Said};
use crate::ui::panels::host::PanelsHost;
use crate::ui::persist;
use crate::ui::state::{use_playground, Action, Notice};

/// The export menu's entries: button id, format, tooltip.
/// The export menu: each entry's id, format, label and tooltip.
const EXPORTS: [(&str, ExportFormat, Msg, Msg); 5] = [
    ("btn-export", ExportFormat::Scenario, Msg::ExportScenarioLabel, Msg::ExportScenarioTitle),
    (
        "btn-export-workbench",
        ExportFormat::Workbench(ModelVersion::V3),
        Msg::ExportWorkbenchLabel,
        Msg::ExportWorkbenchTitle,
    ),
    (
        "btn-export-workbench-1",
        ExportFormat::Workbench(ModelVersion::V1),
        Msg::ExportWorkbench1Label,
        Msg::ExportWorkbench1Title,
    ),
    (
        "btn-export-cloudformation",
        ExportFormat::CloudFormation,
        Msg::ExportCloudFormationLabel,
        Msg::ExportCloudFormationTitle,
    ),
    ("btn-export-cli", ExportFormat::AwsCliScript, Msg::ExportCliLabel, Msg::ExportCliTitle),
];

#[component]
pub fn ScenarioMenu() -> Html {
    let lang = use_lang();
    let Some(state) = use_playground() else { return html! {} };
    let confirming = use_state(|| false);
    let file_input = use_node_ref();
    let host = use_context::<PanelsHost>();

    let on_share = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let notice = match state.scenario() {
                Some(scenario) => persist::share(&scenario),
                None => Notice::said(true, Msg::EngineBusy),
            };
            state.dispatch(Action::Notify(Some(notice)));
        })
    };
    let export_menu = use_node_ref();
    let on_export = |format: ExportFormat| {
        let state = state.clone();
        let export_menu = export_menu.clone();
        let host = host.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(menu) = export_menu.cast::<web_sys::Element>() {
                let _ = menu.remove_attribute("open");
            }
            let Some(scenario) = state.scenario() else {
                return state.dispatch(Action::Notify(Some(Notice::said(true, Msg::EngineBusy))));
            };
            let dispatcher = state.dispatcher();
            persist::export(host.as_ref(), &scenario, format, move |notice| {
                dispatcher.dispatch(Action::Notify(Some(notice)))
            });
        })
    };
    let on_import_click = {
        let file_input = file_input.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(input) = file_input.cast::<web_sys::HtmlInputElement>() {
                input.click();
            }
        })
    };
    let on_file = {
        let dispatcher = state.dispatcher();
        let host = host.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
            let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
            // Choosing the same file again must fire `change` again.
            input.set_value("");
            let dispatcher = dispatcher.clone();
            let name = file.name();
            let waiting = {
                let dispatcher = dispatcher.clone();
                let notice = Notice::worded(false, Said::ConverterLoading { import: true });
                move || dispatcher.dispatch(Action::Notify(Some(notice)))
            };
            persist::import(host.as_ref(), file, waiting, move |outcome| match outcome {
                Ok(imported) => {
                    let notice = persist::import_notice(&name, &imported);
                    dispatcher.dispatch(Action::Load(Box::new(imported.scenario), Some(notice)))
                }
                Err(failure) => {
                    dispatcher.dispatch(Action::Notify(Some(Notice::worded(true, Said::ImportFailed(failure)))))
                }
            });
        })
    };
    let on_reset = {
        let confirming = confirming.clone();
        Callback::from(move |_: MouseEvent| confirming.set(true))
    };
    let on_cancel = {
        let confirming = confirming.clone();
        Callback::from(move |_: MouseEvent| confirming.set(false))
    };
    let on_confirm = {
        let confirming = confirming.clone();
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            confirming.set(false);
            persist::forget_saved(state.pinned);
            persist::set_fragment("");
            state.dispatch(Action::Reset);
        })
    };
    html! {
        <>
            <nav class="scenario-menu" aria-label={lang.t(Msg::ScenarioLabel)}>
                <button type="button" id="btn-share" class="topbar-button" onclick={on_share}
                    title={lang.t(Msg::CopyLinkTitle)}>{ lang.t(Msg::CopyLink) }</button>
                <details class="export-menu" ref={export_menu.clone()}>
                    <summary id="btn-export-menu" class="topbar-button"
                        title={lang.t(Msg::ExportTitle)}>{ lang.t(Msg::Export) }</summary>
                    <div class="export-menu-list" role="group" aria-label={lang.t(Msg::ExportFormats)}>
                        { for EXPORTS.iter().map(|(id, format, label, title)| html! {
                            <button type="button" id={*id} class="export-menu-item" title={lang.t(*title)}
                                onclick={on_export(*format)}>{ lang.t(*label) }</button>
                        }) }
                        <a id="link-connect" class="export-menu-item" href="connect.html" target="_blank"
                            title={lang.t(Msg::ConnectEndpointTitle)}>{ lang.t(Msg::ConnectEndpointLabel) }</a>
                    </div>
                </details>
                <button type="button" id="btn-import" class="topbar-button" onclick={on_import_click}
                    title={lang.t(Msg::ImportTitle)}>{ lang.t(Msg::Import) }</button>
                <input type="file" id="import-file" class="visually-hidden" accept=".json,application/json"
                    tabindex="-1" aria-hidden="true" ref={file_input} onchange={on_file} />
                <WorkspacesMenu />
                if *confirming {
                    <span class="reset-confirm" role="group" aria-label={lang.t(Msg::ConfirmReset)}>
                        { lang.t(Msg::ResetAsk) }
                        <button type="button" id="btn-reset-confirm" class="topbar-button danger"
                            onclick={on_confirm}>{ lang.t(Msg::YesReset) }</button>
                        <button type="button" id="btn-reset-cancel" class="topbar-button"
                            onclick={on_cancel}>{ lang.t(Msg::Cancel) }</button>
                    </span>
                } else {
                    <button type="button" id="btn-reset" class="topbar-button" onclick={on_reset}
                        title={lang.t(Msg::ResetTitle)}>{ lang.t(Msg::Reset) }</button>
                }
            </nav>
        </>
    }
}
