//! The hot-key lab's place in the page: its root, which the panels' wasm
//! draws the lab in ([`lab_module`](super::lab_module) has the other side),
//! with a lesson step's workload handed over, and its "Embed link" answered.

use gloo_events::EventListener;
use web_sys::Element;
use yew::prelude::*;

use super::lab_module::{DONE_EVENT, EMBED_EVENT};
use crate::i18n::Msg;
use crate::ui::language::use_lang;
use crate::ui::lessons::lesson_bus::{BusAction, LessonBusContext};
use crate::ui::page::embed::{self, copy_embed_link, EmbedView};
use crate::ui::panels::module::{tell, REQUEST_EVENT};
use crate::ui::panels::place::PanelPlace;
use crate::ui::state::use_playground;

#[component]
pub fn LabPlace() -> Html {
    let state = use_playground();
    let bus = use_context::<LessonBusContext>();
    let root = use_node_ref();
    // A lesson step's workload: on the root, however soon the lab is there.
    {
        let root = root.clone();
        let request = bus.as_ref().and_then(|b| b.lab.clone());
        use_effect_with(request.as_ref().map(|(id, _)| *id), move |_| {
            if let (Some((id, workload)), Some(root)) = (request, root.cast::<Element>()) {
                let _ = root.set_attribute("data-request-value", &workload.to_spec().to_string());
                let _ = root.set_attribute("data-serial", &id.to_string());
                tell(&root, REQUEST_EVENT);
            }
        });
    }
    // The playground as it is now, for the embed link.
    let latest = use_mut_ref(|| None);
    *latest.borrow_mut() = state;
    {
        let root = root.clone();
        let dispatcher = bus.as_ref().map(|b| b.dispatcher());
        use_effect_with((), move |_| {
            let listeners = root.cast::<Element>().map(|root| {
                let said = root.clone();
                let done = EventListener::new(&root, DONE_EVENT, move |_| {
                    let n = said.get_attribute("data-done").and_then(|n| n.parse().ok());
                    if let (Some(dispatcher), Some(n)) = (&dispatcher, n) {
                        dispatcher.dispatch(BusAction::LabDone(n));
                    }
                });
                let embed = EventListener::new(&root, EMBED_EVENT, move |_| {
                    if let Some(state) = latest.borrow().as_ref() {
                        copy_embed_link(state, EmbedView::Lab);
                    }
                });
                [done, embed]
            });
            move || drop(listeners)
        });
    }
    let title = use_lang().t(Msg::HotKeyLab);
    html! { <PanelPlace panel="lab" {title} root={Some(root)} embed={embed::requested().is_none()} /> }
}
