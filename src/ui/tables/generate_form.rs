//! The item generator on the Items tab: fills the selected table from a
//! template (`engine::generate`), with a count and a seed.
//!
//! The form starts from an example template for the table's keys (one item
//! per partition key where there is no sort key: more would only replace
//! each other) and, once a generation is over, says what it made: how many
//! items over how many partition keys, and how many replaced an item with
//! the same key.
//!
//! A generation runs in slices, as the hot-key lab's runs do: each slice is
//! an `Action::GenerateSlice` that makes items for at most [`SLICE_MILLIS`]
//! of real time; the form shows the progress and hands the tab back to the
//! browser before the next one, so a million items
//! never freeze the page and Cancel works at any point. The items made so
//! far stay (a generation is a prefix of itself: the first k items of any
//! count are the same), and the playground records the generation with the
//! count actually made (`Action::Generated`), which is what the autosave
//! and a share link carry instead of the items.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use serde_json::{json, Value};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::engine::generate::GenerationReport;
use crate::engine::schema::{KeyAttribute, ScalarType};
use crate::engine::table::Table;
use crate::engine::ApiError;
use crate::scenario::generated::GeneratedData;
use crate::ui::language::{use_lang, Msg};
use crate::ui::page::error_box::ErrorBox;
use crate::ui::page::later::{Later, Part};
use crate::ui::state::{use_playground, Action, GeneratorRun, GeneratorSlice, Playground};

/// Longest one slice works before the browser gets the tab back.
pub const SLICE_MILLIS: f64 = 40.0;
/// Items made between two looks at the time.
const ITEMS_PER_LOOK: u64 = 2_000;

/// A template for the table's key schema, to start from.
fn example_template(table: &Table) -> String {
    let key = |attribute: &KeyAttribute, text: &str| match attribute.scalar_type {
        ScalarType::N => json!({"Name": attribute.name, "Type": "Template", "Template": "{n}", "AttributeType": "N"}),
        _ => json!({"Name": attribute.name, "Type": "Template", "Template": text}),
    };
    let schema = &table.definition.key_schema;
    let mut attributes = vec![key(&schema.partition_key, "CUST#{n}")];
    if let Some(sort) = &schema.sort_key {
        attributes.push(match sort.scalar_type {
            ScalarType::N => json!({"Name": sort.name, "Type": "Template", "Template": "{i}", "AttributeType": "N"}),
            _ => key(sort, "ORDER#{i}"),
        });
    }
    attributes.push(
        json!({"Name": "Status", "Type": "Choice", "Values": ["OPEN", "SHIPPED", "DELIVERED"], "Distribution": "Zipf"}),
    );
    attributes.push(json!({"Name": "Total", "Type": "Number", "Min": 1, "Max": 500, "Decimals": 2}));
    // Several items per partition key make item collections where there is
    // a sort key; without one they would only replace each other.
    let template = match schema.sort_key {
        Some(_) => {
            json!({"ItemsPerPartitionKey": {"Distribution": "Uniform", "Min": 1, "Max": 20}, "Attributes": attributes})
        }
        None => json!({"Attributes": attributes}),
    };
    serde_json::to_string_pretty(&template).unwrap_or_default()
}

/// A generation under way, with what the playground records at its end.
struct Running {
    run: Rc<RefCell<GeneratorRun>>,
    template: Value,
    seed: u64,
}

impl Running {
    fn record(&self) -> Option<GeneratedData> {
        let run = self.run.try_borrow().ok()?;
        let made = run.generation.report().items;
        (made > 0).then(|| GeneratedData {
            table: run.generation.table().to_string(),
            template: self.template.clone(),
            count: made,
            seed: self.seed,
            deleted: Vec::new(),
        })
    }

    /// Stops the generation at its next look at the clock.
    fn cancel(&self) {
        if let Ok(mut run) = self.run.try_borrow_mut() {
            run.alive = false;
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct GenerateFormProps {
    pub table: AttrValue,
}

/// The generator's `<details>`, closed until opened; its form is drawn
/// through [`Later`], so the release build loads its code with the table
/// panels' (`ui::page::later`).
#[component]
pub fn GenerateForm(props: &GenerateFormProps) -> Html {
    let lang = use_lang();
    html! {
        <details class="generate-form" id="generate-form">
            <summary>{ lang.t(Msg::GenerateTitle) }</summary>
            <Later part={Part::Generator { table: props.table.clone() }} />
        </details>
    }
}

/// The generator's form: the template, the count and seed, Run or Cancel,
/// the progress and the last error.
#[component]
pub fn GeneratorBody(props: &GenerateFormProps) -> Html {
    let lang = use_lang();
    let state = use_playground();
    // The template's text per table (a new table starts from its example).
    let template = use_state(|| None::<(AttrValue, String)>);
    let count = use_state(|| "10000".to_string());
    let seed = use_state(|| "1".to_string());
    let running = use_mut_ref(|| None::<Running>);
    let progress = use_state(|| None::<(u64, u64)>);
    // What the last generation made and in which table, said under that
    // table's form until the next generation starts.
    let made = use_state(|| None::<(String, GenerationReport)>);
    let error = use_state(|| None::<ApiError>);
    {
        let running = running.clone();
        use_effect_with((), move |_| {
            move || {
                if let Some(run) = running.borrow().as_ref() {
                    run.cancel();
                }
            }
        });
    }
    let Some(state) = state else { return html! {} };
    let Ok(engine) = state.engine.try_borrow() else { return html! {} };
    let Some(table) = engine.table(&props.table) else { return html! {} };
    let text = match &*template {
        Some((name, text)) if *name == props.table => text.clone(),
        _ => example_template(table),
    };
    drop(engine);

    let on_template = {
        let (template, name) = (template.clone(), props.table.clone());
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            template.set(Some((name.clone(), area.value())));
        })
    };
    let field = |handle: &UseStateHandle<String>| {
        let handle = handle.clone();
        Callback::from(move |e: InputEvent| handle.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let busy = progress.is_some();
    let on_run = {
        let (state, running, progress, error) = (state.clone(), running.clone(), progress.clone(), error.clone());
        let made = made.clone();
        let (text, count, seed, table) = (text.clone(), (*count).clone(), (*seed).clone(), props.table.to_string());
        Callback::from(move |_: MouseEvent| {
            let parsed = serde_json::from_str::<Value>(&text)
                .map_err(|e| ApiError::validation(format!("Invalid item template: it is not JSON ({e})")));
            let number = |text: &str, what: &str| {
                text.trim().parse::<u64>().map_err(|_| ApiError::validation(format!("{what} must be a whole number")))
            };
            let started = parsed.and_then(|template| {
                let (count, seed) = (number(&count, "Count")?, number(&seed, "Seed")?);
                let engine = state.engine.try_borrow().map_err(|_| ApiError::validation("The playground is busy"))?;
                let generation = engine.start_generation(&table, &template, count, seed)?;
                let run = GeneratorRun { generation, alive: true, over: false, failed: None };
                Ok(Running { run: Rc::new(RefCell::new(run)), template, seed })
            });
            match started {
                Err(e) => error.set(Some(e)),
                Ok(run) => {
                    error.set(None);
                    made.set(None);
                    let total = run.run.try_borrow().map_or(0, |r| r.generation.count());
                    progress.set(Some((0, total)));
                    let shared = Rc::clone(&run.run);
                    *running.borrow_mut() = Some(run);
                    let shown = Shown { progress: progress.clone(), made: made.clone(), error: error.clone() };
                    run_slices(state.dispatcher(), running.clone(), shared, shown);
                }
            }
        })
    };
    let on_cancel = {
        let running = running.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(run) = running.borrow().as_ref() {
                run.cancel();
            }
        })
    };
    let percent = progress.map(|(made, total)| made as f64 * 100.0 / total.max(1) as f64);
    html! {
        <>
            <p class="hint">{ lang.t(Msg::GenerateHint) }</p>
            <label for="generate-template">{ lang.t(Msg::GenerateTemplate) }</label>
            <textarea id="generate-template" rows="10" spellcheck="false" value={text} oninput={on_template} disabled={busy} />
            <div class="generate-row">
                <label for="generate-count">{ lang.t(Msg::GenerateCount) }</label>
                <input id="generate-count" type="number" min="1" max="10000000" value={(*count).clone()} oninput={field(&count)} disabled={busy} />
                <label for="generate-seed">{ lang.t(Msg::Seed) }</label>
                <input id="generate-seed" type="number" min="0" value={(*seed).clone()} oninput={field(&seed)} disabled={busy} />
                if busy {
                    <button type="button" id="generate-cancel" onclick={on_cancel}>{ lang.t(Msg::Cancel) }</button>
                } else {
                    <button type="button" id="generate-run" class="primary" onclick={on_run}>{ lang.t(Msg::GenerateRun) }</button>
                }
            </div>
            if let (Some((made, total)), Some(percent)) = (*progress, percent) {
                <p class="generate-progress">
                    <progress max="100" value={format!("{percent:.0}")}></progress>
                    <span id="generate-progress-text">{ format!(" {made} / {total}") }</span>
                </p>
            }
            if let Some((_, report)) = made.as_ref().filter(|(table, _)| !busy && *table == props.table.as_str()) {
                <p id="generate-result" class="hint" role="status">
                    { lang.tr().generated(report.items, report.partition_keys, report.replaced) }
                </p>
            }
            if let Some(e) = (*error).clone() {
                <ErrorBox error={e} />
            }
        </>
    }
}

/// What the form shows of a generation: its progress while it runs, then
/// what it made, and the error that stopped it if one did.
struct Shown {
    progress: UseStateHandle<Option<(u64, u64)>>,
    made: UseStateHandle<Option<(String, GenerationReport)>>,
    error: UseStateHandle<Option<ApiError>>,
}

/// Runs the generation in `run` a slice at a time, each slice through the
/// reducer, until it is over, then records it in the playground.
fn run_slices(
    dispatcher: UseReducerDispatcher<Playground>,
    running: Rc<RefCell<Option<Running>>>,
    run: Rc<RefCell<GeneratorRun>>,
    shown: Shown,
) {
    let Shown { progress, made, error } = shown;
    yew::platform::spawn_local(async move {
        let slice = GeneratorSlice { run: Rc::clone(&run), millis: SLICE_MILLIS, items_per_look: ITEMS_PER_LOOK };
        loop {
            dispatcher.dispatch(Action::GenerateSlice(slice.clone()));
            let Ok(over) = run.try_borrow().map(|now| {
                progress.set(Some((now.generation.report().items, now.generation.count())));
                now.over
            }) else {
                break;
            };
            if over {
                break;
            }
            yew::platform::time::sleep(Duration::from_millis(1)).await;
        }
        if let Some(running) = running.borrow_mut().take() {
            if let Some(record) = running.record() {
                dispatcher.dispatch(Action::Generated(record));
            }
        }
        progress.set(None);
        let report = run.try_borrow().ok().map(|r| (r.generation.table().to_string(), r.generation.report().clone()));
        made.set(report.filter(|(_, report)| report.items > 0));
        error.set(run.try_borrow_mut().ok().and_then(|mut r| r.failed.take()));
    });
}
