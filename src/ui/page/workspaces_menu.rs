//! The header's Workspaces ▾ menu: named copies of the playground kept in
//! this browser ([`persist::save_workspace`] and its neighbours).
//!
//! "Save as" stores the playground under a name; each saved workspace is
//! listed with its stored size and can be opened or deleted. A save that
//! would replace a workspace of the same name, and a delete, ask first in
//! the menu (a copy replaced or deleted cannot be brought back). Opening replaces the playground through
//! [`Action::Load`], like an import: a copy that no longer reads gives a
//! message and changes nothing. The list is read from `localStorage` when
//! the component mounts, after each save and delete, and each time the menu
//! opens (the connect page's imports arrive as workspaces from another
//! tab), not on every render; it reads only each copy's length, which stays
//! in JavaScript (a stored copy can be a megabyte).
//!
//! Like the Export menu it is a `<details>` element, so it opens and closes
//! with the keyboard and needs no script.

use yew::prelude::*;

use crate::ui::language::{use_lang, Msg, Said};
use crate::ui::persist;
use crate::ui::state::Playground;
use crate::ui::state::{use_playground, Action, Notice};

/// What the menu asks before it does it.
#[derive(Clone, Debug, PartialEq)]
enum Asking {
    /// Saving would replace the workspace of this name.
    Replace(String),
    /// Deleting this workspace.
    Delete(String),
}

/// Saves the playground as workspace `kept`: the notice to show.
fn save(state: &Playground, kept: &str) -> Notice {
    match state.scenario() {
        None => Notice::said(true, Msg::EngineBusy),
        Some(scenario) => match persist::save_workspace(kept, &scenario) {
            Ok(()) => Notice::worded(false, Said::WorkspaceSaved { name: kept.to_string() }),
            Err(failure) => Notice::worded(true, Said::WorkspaceNotSaved(failure)),
        },
    }
}

#[component]
pub fn WorkspacesMenu() -> Html {
    let lang = use_lang();
    let Some(state) = use_playground() else { return html! {} };
    let name = use_state(String::new);
    let list = use_state(persist::list_workspaces);
    let asking = use_state(|| None::<Asking>);
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
        let (state, name, list, asking) = (state.clone(), name.clone(), list.clone(), asking.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let notice = match persist::workspace_name(&name) {
                None => Notice::said(true, Msg::WorkspaceNameInvalid),
                Some(kept) if list.iter().any(|(entry, _)| *entry == kept) => {
                    asking.set(Some(Asking::Replace(kept)));
                    return;
                }
                Some(kept) => {
                    name.set(String::new());
                    save(&state, &kept)
                }
            };
            list.set(persist::list_workspaces());
            state.dispatch(Action::Notify(Some(notice)));
        })
    };
    let on_confirm = {
        let (state, name, list, asking) = (state.clone(), name.clone(), list.clone(), asking.clone());
        Callback::from(move |_: MouseEvent| {
            let notice = match (*asking).clone() {
                Some(Asking::Replace(kept)) => {
                    name.set(String::new());
                    save(&state, &kept)
                }
                Some(Asking::Delete(entry)) => {
                    persist::delete_workspace(&entry);
                    Notice::worded(false, Said::WorkspaceDeleted { name: entry })
                }
                None => return,
            };
            asking.set(None);
            list.set(persist::list_workspaces());
            state.dispatch(Action::Notify(Some(notice)));
        })
    };
    let on_cancel = {
        let asking = asking.clone();
        Callback::from(move |_: MouseEvent| asking.set(None))
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
        let asking = asking.clone();
        Callback::from(move |_: MouseEvent| asking.set(Some(Asking::Delete(entry.clone()))))
    };
    let question = (*asking).clone().map(|asked| match asked {
        Asking::Replace(name) => (lang.tr().said(&Said::WorkspaceReplaceAsk { name }), Msg::WorkspaceYesReplace),
        Asking::Delete(name) => (lang.tr().said(&Said::WorkspaceDeleteAsk { name }), Msg::WorkspaceYesDelete),
    });

    let on_toggle = {
        let list = list.clone();
        Callback::from(move |_: Event| list.set(persist::list_workspaces()))
    };
    html! {
        <details id="workspaces-menu" class="export-menu" ontoggle={on_toggle}>
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
                if let Some((text, yes)) = question {
                    <p class="workspace-confirm" id="workspace-confirm" role="group" aria-label={text.clone()}>
                        <span>{ text }</span>
                        <button type="button" id="btn-workspace-confirm" class="export-menu-item danger"
                            onclick={on_confirm}>{ lang.t(yes) }</button>
                        <button type="button" id="btn-workspace-cancel" class="export-menu-item"
                            onclick={on_cancel}>{ lang.t(Msg::Cancel) }</button>
                    </p>
                }
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
