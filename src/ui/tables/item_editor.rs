//! The item editor: one JSON text, three single-item operations.
//!
//! The text may be plain JSON (`{"Artist": "Acme", "Year": 2024}`) or
//! DynamoDB JSON (`{"Artist": {"S": "Acme"}}`); `parse_item_json` tells them
//! apart. Whatever was typed, the request always carries DynamoDB JSON, as an
//! SDK's would, so the activity log teaches the wire format:
//!
//! * **PutItem** sends the whole item (`Ctrl`/`⌘` + `Enter` does the same);
//! * **GetItem** and **DeleteItem** send only the table's key attributes
//!   picked out of the item. A missing key attribute is simply left out, so
//!   the engine answers with DynamoDB's own error instead of ours.
//!
//! Text that is not an item never reaches the engine: it is logged as a
//! rejected call with the parser's `SerializationException` or
//! `ValidationException`, and text over DynamoDB's 16 MB request limit is
//! refused by its size before it is parsed ([`limits`]). The text stays in
//! the editor whatever happens.

use serde_json::{json, Value};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::engine::ordered::Ordered;
use crate::engine::schema::{KeyAttribute, ScalarType};
use crate::engine::value::document::{item_to_plain, parse_item_json};
use crate::engine::value::wire::{item_from_wire, item_to_wire};
use crate::engine::value::Item;
use crate::ui::format::{editor_text_for, pretty};
use crate::ui::language::{use_lang, Lang, Msg};
use crate::ui::limits;
use crate::ui::page::error_box::ErrorBox;
use crate::ui::state::{use_playground, Action, LogEntry, Notice, PlaygroundContext, Source};

/// The operations the editor offers.
#[derive(Clone, Copy, PartialEq)]
enum EditorOperation {
    Put,
    Get,
    Delete,
}

impl EditorOperation {
    fn name(self) -> &'static str {
        match self {
            Self::Put => "PutItem",
            Self::Get => "GetItem",
            Self::Delete => "DeleteItem",
        }
    }
}

/// The selected table's key attributes, copied out of the engine.
fn key_attributes(state: &PlaygroundContext, table: &str) -> Vec<KeyAttribute> {
    let Ok(engine) = state.engine.try_borrow() else { return Vec::new() };
    engine.table(table).map(|t| t.definition.key_schema.attributes().cloned().collect()).unwrap_or_default()
}

/// Builds the request for `operation` from the editor's current text and
/// dispatches it (or the parse error, if the text is not an item).
fn send(state: &PlaygroundContext, operation: EditorOperation, consistent_read: bool) {
    // Read at click time: the handle always sees the newest state, so a
    // keystroke just before the click is never missed.
    let Some(table) = state.selected.clone() else { return };
    // Measured before it is parsed: 50 MB of JSON would hold the tab for
    // seconds, and no item that large can be sent anyway.
    if let Some(error) = limits::oversize(&state.editor_text) {
        state.dispatch(Action::Reject { source: Source::Editor, operation: operation.name().into(), table, error });
        return;
    }
    let item = match parse_item_json(&state.editor_text) {
        Ok(item) => item,
        Err(error) => {
            state.dispatch(Action::Reject { source: Source::Editor, operation: operation.name().into(), table, error });
            return;
        }
    };
    let key = || -> Item {
        key_attributes(state, &table)
            .iter()
            .filter_map(|attribute| item.get_key_value(&attribute.name))
            .map(|(name, value)| (name.clone(), value.clone()))
            .ordered_map()
    };
    let request = match operation {
        EditorOperation::Put => json!({
            "TableName": table,
            "Item": item_to_wire(&item),
            "ReturnConsumedCapacity": "TOTAL",
        }),
        EditorOperation::Get => json!({
            "TableName": table,
            "Key": item_to_wire(&key()),
            "ConsistentRead": consistent_read,
            "ReturnConsumedCapacity": "TOTAL",
        }),
        EditorOperation::Delete => json!({
            "TableName": table,
            "Key": item_to_wire(&key()),
            "ReturnConsumedCapacity": "TOTAL",
        }),
    };
    state.dispatch(Action::Execute { source: Source::Editor, operation: operation.name().into(), request });
}

/// A sample item naming the table's keys, shown while the editor is empty.
/// Binary keys have no plain-JSON spelling, so then the sample is typed.
/// The table's attribute names stay as they are; the sample's words are in
/// the page's language.
fn placeholder(lang: Lang, keys: &[KeyAttribute]) -> String {
    let typed = keys.iter().any(|k| k.scalar_type == ScalarType::B);
    let text = lang.t(Msg::SampleText);
    let mut sample = serde_json::Map::new();
    for key in keys {
        let value = match (key.scalar_type, typed) {
            (ScalarType::S, false) => json!(text),
            (ScalarType::N, false) => json!(1),
            (ScalarType::S, true) => json!({"S": text}),
            (ScalarType::N, true) => json!({"N": "1"}),
            (ScalarType::B, _) => json!({"B": "3q2+7w=="}),
        };
        sample.insert(key.name.clone(), value);
    }
    let any = lang.t(Msg::SampleAnyValue);
    let other = if typed { json!({"S": any}) } else { json!(any) };
    sample.insert(lang.t(Msg::SampleOtherAttributes).into(), other);
    pretty(&Value::Object(sample))
}

/// What the editor shows under its buttons: the outcome of its last call,
/// and for a GetItem that found something, the item.
fn outcome_view(lang: Lang, entry: &LogEntry, state: &PlaygroundContext) -> Html {
    match &entry.outcome {
        Err(error) => html! { <ErrorBox error={error.clone()} /> },
        Ok(response) => {
            let found = response.get("Item").and_then(|item| item_from_wire(item).ok());
            let found = found.map(|item| {
                // One compact line, so the grid below stays on screen.
                let line = item_to_plain(&item).to_string();
                let open = {
                    let state = state.clone();
                    Callback::from(move |_: MouseEvent| state.dispatch(Action::SetEditorText(editor_text_for(&item))))
                };
                html! {
                    <div class="found-item">
                        <code class="found-json">{ line }</code>
                        <button class="quiet" onclick={open}>{ lang.t(Msg::LoadIntoEditor) }</button>
                    </div>
                }
            });
            html! {
                <>
                    <p class="ok-line">{ entry.summary.text(lang) }</p>
                    { found }
                </>
            }
        }
    }
}

#[component]
pub fn ItemEditor() -> Html {
    let state = use_playground();
    let consistent_read = use_state(|| false);
    let lang = use_lang();
    let Some(state) = state else { return html! {} };
    let Some(table) = state.selected.clone() else { return html! {} };
    let keys = key_attributes(&state, &table);

    let run = |operation: EditorOperation| {
        let state = state.clone();
        let consistent_read = consistent_read.clone();
        Callback::from(move |_: MouseEvent| send(&state, operation, *consistent_read))
    };
    let oninput = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
                match limits::read_field(&area, &state.editor_text) {
                    Ok(text) => state.dispatch(Action::SetEditorText(text)),
                    Err(said) => state.dispatch(Action::Notify(Some(Notice::worded(true, said)))),
                }
            }
        })
    };
    let onkeydown = {
        let state = state.clone();
        let consistent_read = consistent_read.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                send(&state, EditorOperation::Put, *consistent_read);
            }
        })
    };
    let toggle_consistent = {
        let consistent_read = consistent_read.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                consistent_read.set(input.checked());
            }
        })
    };

    let outcome = state.last_from(Source::Editor).map(|entry| outcome_view(lang, entry, &state));
    let (hint_before, hint_after) = lang.tr().editor_hint();

    html! {
        <section class="card item-editor" aria-labelledby="editor-title">
            <div class="card-head">
                <h2 id="editor-title">{ lang.t(Msg::ItemEditorTitle) }<span class="on-table">{ format!(" · {table}") }</span></h2>
                <p class="hint">{ hint_before }<kbd>{ lang.t(Msg::KeyCtrl) }</kbd>{ "+" }<kbd>{ "Enter" }</kbd>{ hint_after }</p>
            </div>
            <textarea id="item-json" class="json-input" rows="5" spellcheck="false"
                aria-label={lang.t(Msg::ItemAsJson)}
                placeholder={placeholder(lang, &keys)}
                value={state.editor_text.clone()} {oninput} {onkeydown} />
            <div class="editor-actions">
                <button id="btn-put" class="primary" onclick={run(EditorOperation::Put)}>{ "PutItem" }</button>
                <button id="btn-get" onclick={run(EditorOperation::Get)}>{ "GetItem" }</button>
                <label class="check">
                    <input id="consistent-read" type="checkbox" checked={*consistent_read} onchange={toggle_consistent} />
                    { lang.t(Msg::ConsistentRead) }
                </label>
                <span class="spacer"></span>
                <button id="btn-delete" class="danger-outline" onclick={run(EditorOperation::Delete)}>{ "DeleteItem" }</button>
            </div>
            <div class="inline-outcome" id="editor-outcome">{ outcome }</div>
        </section>
    }
}
