//! The parts of the page its release build loads when first shown: the
//! Console tab and the partition map.
//!
//! A first visit waits for every byte of the page's wasm before anything
//! can be used, and on a phone on a busy lecture hall's Wi-Fi the bytes
//! are the wait. The first screen is the header, the tables and the Items
//! tab; the Console and Partitions tabs are a click away. So the release
//! build cuts their code out of the page's wasm into wasms of their own
//! ("split modules": the console's parts in one, the partition map in
//! another), fetched the first time a part is shown and, once the page is
//! up, ahead of that click ([`fetch_ahead`]). A split module is not a
//! program of its own: it shares
//! the page's memory, engine and Yew, and its code runs exactly as if it had
//! been in the page's wasm (unlike the panels' wasm, which is
//! an app of its own and talks to the page through its roots).
//!
//! How: each part is a function marked as a split point
//! (`wasm_split_helpers`). In the release build (`--cfg ddb_split`, which
//! build.rs sets for the page when scripts/release-env says `DDB_SPLIT=1`)
//! the function becomes `async`, its first call fetching its module, and
//! scripts/split-page.mjs moves into that module every function and data
//! that only split points of that module reach. Every other build (tests,
//! `trunk serve`) calls the function directly, so a part is drawn at once.
//!
//! [`Later`] draws a part: a line saying it is on its way while its
//! module loads, the part once it is in, or what failed, with a button that
//! tries again (a module that could not be fetched is not remembered as
//! failed). A loaded part's view is kept, so showing the tab again draws it
//! at once.

use yew::prelude::*;

use crate::i18n::{FetchFailure, Said};
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::partitions::partition_map::PartitionMap;
use crate::ui::query::console::Console;
use crate::ui::review::access_patterns::AccessPatterns;
use crate::ui::review::jumps::ReviewJumps;
use crate::ui::review::review_place::ReviewPlace;

/// A part of the page loaded when first shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The Console tab: the jump links, the console, the access patterns
    /// and the design review's place.
    ConsoleTab,
    /// The console alone (`?embed=console`).
    Console,
    /// The partition map (the Partitions tab, `?embed=partitions`).
    PartitionMap,
}

impl Part {
    #[cfg_attr(not(ddb_split), allow(dead_code))]
    const ALL: [Part; 3] = [Part::ConsoleTab, Part::Console, Part::PartitionMap];

    #[cfg_attr(not(ddb_split), allow(dead_code))]
    fn index(self) -> usize {
        match self {
            Part::ConsoleTab => 0,
            Part::Console => 1,
            Part::PartitionMap => 2,
        }
    }

    /// What the part is called while it loads, or when it could not be.
    fn title(self, lang: Lang) -> String {
        let msg = match self {
            Part::ConsoleTab | Part::Console => Msg::TabConsole,
            Part::PartitionMap => Msg::TabPartitions,
        };
        lang.t(msg).to_string()
    }
}

/// The module of a part could not be fetched or instantiated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotLoaded;

#[cfg(ddb_split)]
impl From<wasm_split_helpers::SplitLoaderError> for NotLoaded {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        NotLoaded
    }
}

/// The split points. Each returns its part's view; built with `ddb_split`
/// the first call of a module's function loads the module.
mod split {
    use super::*;

    #[cfg_attr(ddb_split, wasm_split_helpers::wasm_split(console, fallible))]
    pub fn console_tab() -> Result<Html, NotLoaded> {
        Ok(html! {
            <>
                <ReviewJumps />
                <Console />
                <AccessPatterns />
                <ReviewPlace />
            </>
        })
    }

    #[cfg_attr(ddb_split, wasm_split_helpers::wasm_split(console, fallible))]
    pub fn console() -> Result<Html, NotLoaded> {
        Ok(html! { <Console /> })
    }

    #[cfg_attr(ddb_split, wasm_split_helpers::wasm_split(partitions, fallible))]
    pub fn partition_map() -> Result<Html, NotLoaded> {
        Ok(html! { <PartitionMap /> })
    }
}

/// A part's view, its module loaded first.
#[cfg(ddb_split)]
async fn view_of(part: Part) -> Result<Html, NotLoaded> {
    match part {
        Part::ConsoleTab => split::console_tab().await,
        Part::Console => split::console().await,
        Part::PartitionMap => split::partition_map().await,
    }
}

#[cfg(ddb_split)]
thread_local! {
    /// Each part's view once loaded (a view without properties: the same
    /// one is drawn every time the part is shown).
    static LOADED: std::cell::RefCell<[Option<Html>; 3]> = const { std::cell::RefCell::new([None, None, None]) };
}

/// A part's view if it can be drawn now: always in a build that is not
/// split, once its module is in otherwise.
fn loaded(part: Part) -> Option<Html> {
    #[cfg(not(ddb_split))]
    {
        let view = match part {
            Part::ConsoleTab => split::console_tab(),
            Part::Console => split::console(),
            Part::PartitionMap => split::partition_map(),
        };
        view.ok()
    }
    #[cfg(ddb_split)]
    {
        LOADED.with(|l| l.borrow().get(part.index()).cloned().flatten())
    }
}

#[cfg(ddb_split)]
fn keep(part: Part, view: &Html) {
    LOADED.with(|l| {
        if let Some(slot) = l.borrow_mut().get_mut(part.index()) {
            *slot = Some(view.clone());
        }
    });
}

/// Loads every part's module without drawing it, so that the first click on
/// a tab finds its code there. The page calls it once it is up.
pub fn fetch_ahead() {
    #[cfg(ddb_split)]
    for part in Part::ALL {
        if loaded(part).is_none() {
            yew::platform::spawn_local(async move {
                if let Ok(view) = view_of(part).await {
                    keep(part, &view);
                }
            });
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct LaterProps {
    pub part: Part,
}

/// Where a part stands in this component.
#[derive(Clone, PartialEq)]
#[cfg_attr(not(ddb_split), allow(dead_code))]
enum Shown {
    Loading,
    Failed,
    Ready(Html),
}

/// Draws a part, loading it first if it is not in yet.
#[component]
pub fn Later(props: &LaterProps) -> Html {
    let lang = use_lang();
    let part = props.part;
    let shown = use_state(|| loaded(part).map_or(Shown::Loading, Shown::Ready));
    let attempt = use_state(|| 0u32);
    {
        let shown = shown.clone();
        use_effect_with((part, *attempt), move |_| match loaded(part) {
            Some(view) if !matches!(*shown, Shown::Ready(_)) => shown.set(Shown::Ready(view)),
            Some(_) => {}
            #[cfg(ddb_split)]
            None => {
                shown.set(Shown::Loading);
                yew::platform::spawn_local(async move {
                    match view_of(part).await {
                        Ok(view) => {
                            keep(part, &view);
                            shown.set(Shown::Ready(view));
                        }
                        Err(NotLoaded) => shown.set(Shown::Failed),
                    }
                });
            }
            #[cfg(not(ddb_split))]
            None => {}
        });
    }
    let title = part.title(lang);
    match &*shown {
        Shown::Ready(view) => view.clone(),
        Shown::Loading => html! {
            <section class="card panel-status" id="part-loading" role="status">
                <p>{ lang.tr().said(&Said::PanelLoading { title }) }</p>
            </section>
        },
        Shown::Failed => {
            let again = Callback::from(move |_: MouseEvent| attempt.set(*attempt + 1));
            let reason = FetchFailure::Network;
            html! {
                <section class="card panel-status" id="part-failed" role="alert">
                    <p class="error-text">{ lang.tr().said(&Said::PanelNotLoaded { title, reason }) }</p>
                    <button type="button" class="quiet" id="part-again" onclick={again}>{ lang.t(Msg::TryAgain) }</button>
                </section>
            }
        }
    }
}
