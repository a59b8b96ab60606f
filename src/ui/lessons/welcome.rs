//! The first minute: what an empty playground shows.
//!
//! ```text
//!   ┌ Start with a table ─────────────────────────────────────────────┐
//!   │ Everything here is a simulated DynamoDB …                        │
//!   │ [Create the Music sample table]  [Design your own table]         │
//!   │ Or start with a lesson:                                          │
//!   │ [GameScores and GameTitleIndex] [Partitioning math] [Voting …]   │
//!   └──────────────────────────────────────────────────────────────────┘
//! ```
//!
//! [`StartButtons`] is the row of buttons alone, for other empty views (the
//! Partitions tab without a table). The sample table is made the way a
//! student would make it: a CreateTable and a few PutItems sent to the
//! engine, so the activity log shows the requests and their cost. Its name
//! and keys are the AWS documentation's classic first table, `Music`
//! (`Artist`, `SongTitle`); when a table of that name exists, the button
//! selects it instead.

use serde_json::{json, Value};
use yew::prelude::*;

use super::lesson_bus::{BusAction, LessonBusContext};
use super::lesson_nav::open_lesson;
use crate::scenario::lessons;
use crate::ui::language::{use_lang, Msg};
use crate::ui::state::{use_playground, Action, PlaygroundContext, Source};

/// The sample table's name.
pub const SAMPLE_TABLE: &str = "Music";

/// Lessons a first visit can start from: keys and a GSI, partitions, a hot
/// key and its fix.
pub const SUGGESTED_LESSONS: [&str; 3] = ["game-scores", "partition-math", "voting"];

/// The sample songs: (artist, song, album, year).
const SONGS: [(&str, &str, &str, u32); 6] = [
    ("Acme Band", "Happy Day", "Songs About Life", 2019),
    ("Acme Band", "PartiQL Rocks", "Another Album Title", 2020),
    ("Acme Band", "Still in Love", "Songs About Life", 2018),
    ("No One You Know", "Call Me Today", "Somewhat Famous", 2015),
    ("No One You Know", "My Dog Spot", "Hey Now", 2014),
    ("The Partitions", "Hot Key Blues", "Throttled", 2023),
];

/// The sample table's CreateTable request.
fn create_request() -> Value {
    json!({
        "TableName": SAMPLE_TABLE,
        "AttributeDefinitions": [
            {"AttributeName": "Artist", "AttributeType": "S"},
            {"AttributeName": "SongTitle", "AttributeType": "S"}
        ],
        "KeySchema": [
            {"AttributeName": "Artist", "KeyType": "HASH"},
            {"AttributeName": "SongTitle", "KeyType": "RANGE"}
        ],
        "BillingMode": "PAY_PER_REQUEST"
    })
}

/// Creates the sample table and fills it, or selects it when it exists.
fn make_sample(state: &PlaygroundContext) {
    let exists = state.engine.try_borrow().is_ok_and(|engine| engine.table(SAMPLE_TABLE).is_some());
    if !exists {
        state.dispatch(Action::Execute {
            source: Source::CreateTable,
            operation: "CreateTable".into(),
            request: create_request(),
        });
        for (artist, song, album, year) in SONGS {
            let item = json!({
                "Artist": {"S": artist},
                "SongTitle": {"S": song},
                "AlbumTitle": {"S": album},
                "Year": {"N": year.to_string()}
            });
            state.dispatch(Action::Execute {
                source: Source::Editor,
                operation: "PutItem".into(),
                request: json!({"TableName": SAMPLE_TABLE, "Item": item}),
            });
        }
    }
    state.dispatch(Action::SelectTable(SAMPLE_TABLE.into()));
}

/// The sample-table button and the suggested lessons.
#[component]
pub fn StartButtons() -> Html {
    let lang = use_lang();
    let (Some(state), Some(bus)) = (use_playground(), use_context::<LessonBusContext>()) else {
        return html! {};
    };
    let sample = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| make_sample(&state))
    };
    let lesson_button = |id: &'static str| {
        let title = lessons::entry(id).map(|entry| entry.title_in(lang)).unwrap_or(id);
        let onclick = {
            let (state, bus) = (state.clone(), bus.dispatcher());
            Callback::from(move |_: MouseEvent| match open_lesson(&state, id, 0, lang) {
                Ok(()) => bus.dispatch(BusAction::ShowTab("tab-items")),
                Err(notice) => state.dispatch(Action::Notify(Some(notice))),
            })
        };
        html! {
            <li><button type="button" class="start-lesson" data-lesson={id} {onclick}>{ title }</button></li>
        }
    };
    html! {
        <div class="start-buttons">
            <button type="button" id="btn-sample-table" class="primary" onclick={sample}>
                { lang.t(Msg::SampleTable) }
            </button>
            <p class="start-lessons-label">{ lang.t(Msg::StartWithLesson) }</p>
            <ul class="start-lessons">{ for SUGGESTED_LESSONS.into_iter().map(lesson_button) }</ul>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct WelcomeProps {
    /// Shows the table designer (folded away in presenter mode and on
    /// narrow screens).
    pub on_design: Callback<MouseEvent>,
}

/// Shown in place of the editor and items until there is a table.
#[component]
pub fn Welcome(props: &WelcomeProps) -> Html {
    let lang = use_lang();
    html! {
        <section class="card welcome" id="welcome" aria-labelledby="welcome-title">
            <h2 id="welcome-title">{ lang.t(Msg::WelcomeTitle) }</h2>
            <p>{ lang.t(Msg::WelcomeText) }</p>
            <StartButtons />
            <p class="hint">
                { lang.t(Msg::WelcomeHintStart) }<strong>{ SAMPLE_TABLE }</strong>{ lang.t(Msg::WelcomeHintPk) }
                <code>{ "Artist" }</code>{ lang.t(Msg::WelcomeHintSk) }<code>{ "SongTitle" }</code>
                { lang.t(Msg::WelcomeHintEnd) }
            </p>
            <button type="button" id="btn-design-table" class="secondary" onclick={props.on_design.clone()}>
                { lang.t(Msg::DesignTable) }
            </button>
        </section>
    }
}
