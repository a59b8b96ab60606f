//! The header's Workspaces ▾ menu: named copies of the playground kept in
//! this browser ([`persist::save_workspace`] and its neighbours).
//!
//! "Save as" stores the playground under a name (the same name again
//! replaces that copy); each saved workspace is listed with its stored size
//! and can be opened or deleted. Opening replaces the playground through
//! [`Action::Load`], like an import: a copy that no longer reads gives a
//! message and changes nothing. The list is read from `localStorage` when
//! the component mounts and after each save and delete, not on every render
//! (a stored copy can be megabytes).
//!
//! Like the Export menu it is a `<details>` element, so it opens and closes
//! with the keyboard and needs no script.

use yew::prelude::*;

use super::language::{use_lang, Msg, Said};
use super::persist;
use super::state::{Action, Notice, PlaygroundContext};

#[component]
pub fn WorkspacesMenu() -> Html {
    let lang = use_lang();
    let Some(state) = use_context::<PlaygroundContext>() else { return html! {} };
    let name = use_state(String::new);
    let list = use_state(persist::list_workspaces);
    // Workspaces also change outside this menu (another tab's autosave is
    // kept as one, with a notice): every notice re-reads the list.
    {
        let list = list.clone();
        use_effect_with(state.notice.clone(), move |_| list.set(persist::list_workspaces()));
    }

    let on_name = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            name.set(input.value());
        })
    };
    let on_save = {
        let state = state.clone();
        let name = name.clone();
        let list = list.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let notice = match (persist::workspace_name(&name), state.scenario()) {
                (None, _) => Notice::said(true, Msg::WorkspaceNameInvalid),
                (Some(_), None) => Notice::said(true, Msg::EngineBusy),
                (Some(kept), Some(scenario)) => match persist::save_workspace(&kept, &scenario) {
                    Ok(()) => {
                        name.set(String::new());
                        Notice::worded(false, Said::WorkspaceSaved { name: kept })
                    }
                    Err(failure) => Notice::worded(true, Said::WorkspaceNotSaved(failure)),
                },
            };
            list.set(persist::list_workspaces());
            state.dispatch(Action::Notify(Some(notice)));
        })
    };
    let on_open = |entry: String| {
        let state = state.clone();
        let list = list.clone();
        Callback::from(move |_: MouseEvent| match persist::load_workspace(&entry) {
            Ok(scenario) => {
                // Nothing is lost: the playground being replaced is kept as a
                // workspace of its own (one slot, replaced by the next Open).
                let kept = lang.t(Msg::WorkspaceKeptName);
                if entry != kept {
                    if let Some(current) = state.scenario() {
                        let _ = persist::save_workspace(kept, &current);
                    }
                }
                list.set(persist::list_workspaces());
                let notice = Notice::worded(false, Said::WorkspaceOpened { name: entry.clone() });
                state.dispatch(Action::Load(Box::new(scenario), Some(notice)));
            }
            Err(reason) => {
                let said = Said::WorkspaceNotOpened { name: entry.clone(), reason };
                state.dispatch(Action::Notify(Some(Notice::worded(true, said))))
            }
        })
    };
    let on_delete = |entry: String| {
        let state = state.clone();
        let list = list.clone();
        Callback::from(move |_: MouseEvent| {
            persist::delete_workspace(&entry);
            list.set(persist::list_workspaces());
            state.dispatch(Action::Notify(Some(Notice::worded(false, Said::WorkspaceDeleted { name: entry.clone() }))));
        })
    };

    html! {
        <details id="workspaces-menu" class="export-menu">
            <summary id="btn-workspaces-menu" class="topbar-button"
                title={lang.t(Msg::WorkspacesTitle)}>{ lang.t(Msg::Workspaces) }</summary>
            <div class="export-menu-list workspaces-list">
                <form class="workspace-save" onsubmit={on_save}>
                    <input type="text" id="workspace-name" maxlength="64" value={(*name).clone()} oninput={on_name}
                        aria-label={lang.t(Msg::WorkspaceNameLabel)}
                        placeholder={lang.t(Msg::WorkspaceNamePlaceholder)} />
                    <button type="submit" id="btn-workspace-save" class="topbar-button"
                        title={lang.t(Msg::WorkspaceSaveTitle)}>{ lang.t(Msg::WorkspaceSave) }</button>
                </form>
                <ul class="workspace-entries" aria-label={lang.t(Msg::WorkspacesList)}>
                    if list.is_empty() {
                        <li class="workspace-none">{ lang.t(Msg::WorkspacesNone) }</li>
                    }
                    { for list.iter().map(|(entry, size)| html! {
                        <li class="workspace-entry" key={entry.clone()}>
                            <span class="workspace-name">{ entry }</span>
                            <span class="workspace-size">{ format!("{} KB", lang.count(size.div_ceil(1024) as u64)) }</span>
                            <button type="button" class="export-menu-item workspace-open"
                                title={lang.t(Msg::WorkspaceOpenTitle)}
                                onclick={on_open(entry.clone())}>{ lang.t(Msg::WorkspaceOpen) }</button>
                            <button type="button" class="export-menu-item workspace-delete"
                                title={lang.t(Msg::WorkspaceDeleteTitle)}
                                onclick={on_delete(entry.clone())}>{ lang.t(Msg::WorkspaceDelete) }</button>
                        </li>
                    }) }
                </ul>
            </div>
        </details>
    }
}
