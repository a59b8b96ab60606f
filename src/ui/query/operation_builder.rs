//! The operation builder: one request, as a form or as raw DynamoDB JSON,
//! with its live cost underneath.
//!
//! ```text
//!   [Query ▾] on [Music ▾]                        (Form) (Raw JSON)
//!   Key condition  PK Artist (S) = [Acme      ]   SK SongTitle [BETWEEN ▾] [A] and [M]
//!                  #pk = :pk AND #sk BETWEEN :sk AND :sk2
//!   FilterExpression   [ Year > :y                  ]   ← colours, error underlined
//!   ExpressionAttributeNames [ … ]   ExpressionAttributeValues [ {":y": 2000} ]
//!   [x] ConsistentRead  Limit [  ]  [x] ScanIndexForward  Select [default ▾]
//!   [Run ▶  Ctrl+Enter]  [All pages]
//!   ┌ Live cost ───────────────────────────────────────────────────────────┐
//! ```
//!
//! Every keystroke updates the draft in the console state; the request is
//! rebuilt from it and dry-run through [`cost::preview`] (memoised on the
//! request and the data version, so only real changes run the engine). The
//! dry run's error, if it is an expression error, is underlined in the
//! field it names. "Run" sends the same request through the playground's
//! `Execute` action, like every other part of the page.

use std::rc::Rc;

use serde_json::Value;
use yew::prelude::*;

use super::console_state::{ConsoleAction, ConsoleContext, SideNotice, Stayed};
use super::cost_panel::CostPanel;
use super::operation_form::Ctx;
use crate::engine::schema::KeySchema;
use crate::engine::table::BillingMode;
use crate::engine::ApiError;
use crate::ui::cost::{self, Preview, UnitNames};
use crate::ui::draft::{Draft, FormError, ItemOperation, Mode};
use crate::ui::language::{use_lang, Msg};
use crate::ui::limits;
use crate::ui::state::{use_playground, with_dry_runs, Action, PlaygroundContext, Source};

#[derive(Properties, PartialEq)]
pub struct OperationBuilderProps {
    /// 0, or 1 for the right-hand side of compare mode.
    pub side: usize,
    /// The dry run of this side's request, computed by the console (which
    /// also shows it in its cost strip).
    pub preview: Rc<Option<Preview>>,
}

/// What the builder needs to know about a table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFacts {
    /// The key schema the request's keys follow: the table's, or the
    /// index's when a Query or Scan names one.
    pub schema: KeySchema,
    pub names: UnitNames,
    pub provisioned: Option<(i64, i64)>,
    /// The table's secondary indexes: name, "GSI" or "LSI".
    pub indexes: Vec<(String, &'static str)>,
    /// The table's vector indexes, by name.
    pub vector_indexes: Vec<String>,
}

/// A side's request as of now, with what it needs to know of its table.
pub struct SideRequest {
    pub table: String,
    pub facts: Option<TableFacts>,
    pub request: Result<Value, FormError>,
}

/// The request `draft` stands for, against the engine's tables.
pub fn side_request(state: &PlaygroundContext, draft: &Draft) -> SideRequest {
    let table = effective_table(draft, state.selected.as_deref());
    let facts = table_facts(state, &table, effective_index(draft).as_deref());
    let request = draft.request(state.selected.as_deref(), facts.as_ref().map(|f| &f.schema));
    SideRequest { table, facts, request }
}

/// Dry-runs a request and times it; `None` when the engine is busy.
pub fn run_preview(
    engine: &std::cell::RefCell<crate::engine::Engine>,
    operation: ItemOperation,
    request: &Value,
) -> Option<Preview> {
    with_dry_runs(engine, |engine| {
        let start = now_ms();
        let mut preview = cost::preview(engine, operation.name(), request);
        preview.elapsed_ms = Some(now_ms() - start);
        preview
    })
}

fn table_facts(state: &PlaygroundContext, table: &str, index: Option<&str>) -> Option<TableFacts> {
    let engine = state.engine.try_borrow().ok()?;
    let table = engine.table(table)?;
    let d = &table.definition;
    let on_demand = d.billing_mode == BillingMode::PayPerRequest;
    let index_schema = index.and_then(|name| d.indexes.iter().find(|i| i.name == name)).map(|i| i.key_schema.clone());
    Some(TableFacts {
        schema: index_schema.unwrap_or_else(|| d.key_schema.clone()),
        names: UnitNames::of(on_demand),
        provisioned: (!on_demand).then_some((d.throughput.read_capacity_units, d.throughput.write_capacity_units)),
        indexes: d.indexes.iter().map(|i| (i.name.clone(), i.kind.abbreviation())).collect(),
        vector_indexes: d.vector_indexes.iter().map(|v| v.name.clone()).collect(),
    })
}

/// The index a Query or Scan reads, from the raw JSON in raw mode.
fn effective_index(draft: &Draft) -> Option<String> {
    if !draft.operation.pages() {
        return None;
    }
    if draft.mode == Mode::Raw {
        let request = draft.parse_raw().ok()?;
        return request.get("IndexName").and_then(Value::as_str).map(str::to_string);
    }
    draft.index_name().map(str::to_string)
}

/// The table a draft's request goes to: the raw JSON's `TableName` in raw
/// mode (or the first table of `RequestItems`), the form's otherwise.
fn effective_table(draft: &Draft, selected: Option<&str>) -> String {
    if draft.operation == ItemOperation::ExecuteStatement {
        let text = match draft.mode {
            Mode::Form => Some(draft.statement.clone()),
            Mode::Raw => {
                draft.parse_raw().ok().and_then(|r| r.get("Statement").and_then(Value::as_str).map(str::to_string))
            }
        };
        if let Some(table) = text.and_then(|t| crate::engine::deferred::partiql_table(&t)) {
            return table;
        }
        return draft.table_name(selected).to_string();
    }
    if draft.mode == Mode::Raw {
        if let Ok(request) = draft.parse_raw() {
            if let Some(name) = request.get("TableName").and_then(Value::as_str) {
                return name.to_string();
            }
            if let Some(name) = request.get("RequestItems").and_then(Value::as_object).and_then(|m| m.keys().next()) {
                return name.clone();
            }
            let first_action = request.pointer("/TransactItems/0").and_then(Value::as_object);
            if let Some(name) = first_action
                .and_then(|a| a.values().next())
                .and_then(|body| body.get("TableName"))
                .and_then(Value::as_str)
            {
                return name.to_string();
            }
        }
    }
    draft.table_name(selected).to_string()
}

/// The request a side stands for right now, read from the newest state (a
/// keystroke just before Ctrl+Enter is never missed).
fn current_request(
    state: &PlaygroundContext,
    console: &ConsoleContext,
    side: usize,
) -> (ItemOperation, Result<Value, FormError>) {
    let draft = Rc::clone(console.draft(side));
    (draft.operation, side_request(state, &draft).request)
}

/// Sends a side's request: one page, or every page.
fn run(state: &PlaygroundContext, console: &ConsoleContext, side: usize, all_pages: bool) {
    console.dispatch(ConsoleAction::SetActive(side));
    let (operation, request) = current_request(state, console, side);
    match request {
        Ok(request) if all_pages && operation.pages() => {
            state.dispatch(Action::RunAllPages { operation: operation.name().into(), request })
        }
        Ok(request) => {
            state.dispatch(Action::Execute { source: Source::Console, operation: operation.name().into(), request })
        }
        Err(error) => {
            let table = console.draft(side).table_name(state.selected.as_deref()).to_string();
            state.dispatch(Action::Reject {
                source: Source::Console,
                operation: operation.name().into(),
                table,
                error: error.error,
            })
        }
    }
}

/// Milliseconds from the page's high-resolution clock (0 if unavailable).
fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or_default()
}

#[component]
pub fn OperationBuilder(props: &OperationBuilderProps) -> Html {
    let lang = use_lang();
    let side = props.side.min(1);

    let Some(state) = use_playground() else { return html! {} };
    let Some(console) = use_context::<ConsoleContext>() else { return html! {} };
    let preview = Rc::clone(&props.preview);
    let draft = Rc::clone(console.draft(side));
    let SideRequest { table, facts, request } = side_request(&state, &draft);
    let schema = facts.as_ref().map(|f| f.schema.clone());

    let expr_error = match preview.as_ref() {
        Some(Preview { outcome: Err(ApiError::InvalidExpression { message, member, span }), .. }) => {
            Some((*member, span.clone(), message.clone()))
        }
        _ => None,
    };
    let form_error = request.as_ref().err();
    let ctx = Ctx {
        side,
        draft: &draft,
        schema: schema.as_ref(),
        console: &console,
        expr_error,
        form_error,
        preview: Rc::clone(&preview),
        names: facts.as_ref().map_or(UnitNames::PROVISIONED, |f| f.names),
        lang,
    };

    // The header: operation, table, form or raw.
    let operations = ItemOperation::ALL.iter().map(|op| {
        html! { <option value={op.name()} selected={*op == draft.operation}>{ op.name() }</option> }
    });
    let tables: Vec<String> = state
        .engine
        .try_borrow()
        .map(|engine| engine.tables().map(|t| t.definition.name.clone()).collect())
        .unwrap_or_default();
    let table_known = tables.contains(&table);
    let table_options = tables.iter().map(|name| {
        html! { <option value={name.clone()} selected={*name == table}>{ name }</option> }
    });
    let set_mode = |mode: Mode| {
        let state = state.clone();
        let console = console.clone();
        Callback::from(move |_: MouseEvent| {
            let draft = Rc::clone(console.draft(side));
            if draft.mode == mode {
                return;
            }
            let table = effective_table(&draft, state.selected.as_deref());
            let facts = table_facts(&state, &table, effective_index(&draft).as_deref());
            let schema = facts.as_ref().map(|f| &f.schema);
            let switched = match mode {
                Mode::Raw => draft.to_raw(state.selected.as_deref(), schema),
                Mode::Form => draft.to_form(schema),
            };
            match switched {
                Ok(next) => console.dispatch(ConsoleAction::Replace(side, Box::new(next))),
                Err(error) => {
                    let stayed = if mode == Mode::Raw { Mode::Form } else { Mode::Raw };
                    console
                        .dispatch(ConsoleAction::Notice(side, Some(SideNotice::Stayed(Stayed { mode: stayed, error }))))
                }
            }
        })
    };
    let run_one = {
        let state = state.clone();
        let console = console.clone();
        Callback::from(move |_: MouseEvent| run(&state, &console, side, false))
    };
    let run_all = {
        let state = state.clone();
        let console = console.clone();
        Callback::from(move |_: MouseEvent| run(&state, &console, side, true))
    };
    let onkeydown = {
        let state = state.clone();
        let console = console.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                run(&state, &console, side, false);
            }
        })
    };
    let onfocusin = {
        let console = console.clone();
        Callback::from(move |_: FocusEvent| {
            if console.active != side {
                console.dispatch(ConsoleAction::SetActive(side));
            }
        })
    };

    // Raw JSON over DynamoDB's request limit is not read ([`limits::read_field`]).
    let on_raw_input = {
        let console = console.clone();
        let previous = draft.raw.clone();
        Callback::from(move |e: InputEvent| {
            let Some(field) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() else { return };
            match limits::read_field(&field, &previous) {
                Ok(text) => {
                    console.dispatch(ConsoleAction::Edit(side, Rc::new(move |d: &mut Draft| d.raw = text.clone())))
                }
                Err(said) => console.dispatch(ConsoleAction::Notice(side, Some(SideNotice::Said(said)))),
            }
        })
    };
    let raw_error = form_error.filter(|e| e.field == "raw").map(|e| {
        html! { <p class="expr-message" id={ctx.id("raw-error")}><span class="error-name">{ e.error.name() }</span>{ ": " }{ e.message_in(lang) }</p> }
    });
    let editor = match draft.mode {
        Mode::Form => ctx.form(),
        Mode::Raw => {
            let rows = draft.raw.lines().take(31).count().clamp(8, 30).to_string();
            html! {
                <div class="field json-field raw-field">
                    <label for={ctx.id("raw")} class="field-label">
                        <span class="member">{ lang.tr().operation_request(draft.operation.name()) }</span>
                        <span class="field-hint">{ lang.t(Msg::RawHint) }</span>
                    </label>
                    <textarea id={ctx.id("raw")} class="json-input code-input raw-input" {rows} spellcheck="false" autocomplete="off"
                        value={draft.raw.clone()} oninput={on_raw_input} />
                    { raw_error }
                    if let Some(Preview { outcome: Err(ApiError::InvalidExpression { member, .. }), .. }) = preview.as_ref() {
                        <p class="hint">{ lang.tr().error_is_in(member) }</p>
                    }
                </div>
            }
        }
    };
    let notice = console.notice(side).map(|notice| {
        let text = match notice {
            SideNotice::Stayed(stayed) => lang.tr().stayed_in(stayed.mode == Mode::Form, &stayed.error.describe(lang)),
            SideNotice::Said(said) => lang.tr().said(said),
        };
        html! { <p class="notice" role="status" id={ctx.id("notice")}>{ text }</p> }
    });
    let title = if console.compare {
        if side == 0 {
            "A"
        } else {
            "B"
        }
    } else {
        lang.t(Msg::Request)
    };
    let request_rc = request.clone().map(Rc::new);
    let names = facts.as_ref().map_or(UnitNames::PROVISIONED, |f| f.names);
    // SearchVectors names a vector index; Query and Scan a GSI or an LSI.
    let searches = draft.operation == ItemOperation::SearchVectors;
    let indexes: Vec<(String, &str)> = match (&facts, searches) {
        (Some(f), true) => f.vector_indexes.iter().map(|name| (name.clone(), "vector")).collect(),
        (Some(f), false) => f.indexes.clone(),
        (None, _) => Vec::new(),
    };
    let provisioned = facts.as_ref().and_then(|f| f.provisioned);

    html! {
        <section class={classes!("card", "builder", if console.compare { "paired" } else { "solo" }, (console.compare && console.active == side).then_some("active"))}
            id={ctx.id("builder")} aria-label={format!("{} {title}", lang.t(Msg::Request))} {onkeydown} {onfocusin}>
            <div class="builder-head">
                if console.compare { <span class="side-badge">{ title }</span> }
                <label class="field inline-field">
                    <span class="member">{ lang.t(Msg::Operation) }</span>
                    <select id={ctx.id("op")} class="op-select" onchange={ctx.on_event::<Event>(|d, v| {
                        if let Some(op) = ItemOperation::parse(&v) { d.operation = op; }
                    })}>{ for operations }</select>
                </label>
                if draft.operation != ItemOperation::ExecuteStatement {
                <label class="field inline-field">
                    <span class="member">{ "TableName" }</span>
                    <select id={ctx.id("table")} onchange={ctx.on_event::<Event>(|d, v| d.table = v)}>
                        if !table_known {
                            <option value="" selected=true>{ if table.is_empty() { lang.t(Msg::NoTable).to_string() } else { lang.tr().missing(&table) } }</option>
                        }
                        { for table_options }
                    </select>
                </label>
                }
                if draft.operation.reads_index() && draft.mode == Mode::Form && (searches || !indexes.is_empty() || !draft.index.is_empty()) {
                    <label class="field inline-field">
                        <span class="member">{ "IndexName" }</span>
                        <select id={ctx.id("index")} onchange={ctx.on_event::<Event>(|d, v| d.index = v)}>
                            <option value="" selected={draft.index.is_empty()}>{
                                lang.t(if searches { Msg::ChooseVectorIndex } else { Msg::TableItself })
                            }</option>
                            { for indexes.iter().map(|(name, kind)| html! {
                                <option value={name.clone()} selected={*name == draft.index}>{ format!("{name} ({kind})") }</option>
                            }) }
                            if !draft.index.is_empty() && !indexes.iter().any(|(n, _)| *n == draft.index) {
                                <option value={draft.index.clone()} selected=true>{ lang.tr().missing(&draft.index) }</option>
                            }
                        </select>
                    </label>
                }
                <span class="spacer"></span>
                <div class="segmented" role="group" aria-label={lang.t(Msg::EditorLabel)}>
                    <button type="button" id={ctx.id("mode-form")} aria-pressed={(draft.mode == Mode::Form).to_string()}
                        onclick={set_mode(Mode::Form)}>{ lang.t(Msg::FormMode) }</button>
                    <button type="button" id={ctx.id("mode-raw")} aria-pressed={(draft.mode == Mode::Raw).to_string()}
                        onclick={set_mode(Mode::Raw)}>{ lang.t(Msg::RawJson) }</button>
                </div>
            </div>
            { notice }
            <div class="builder-body">{ editor }</div>
            <div class="builder-actions">
                <button type="button" class="primary run" id={ctx.id("run")} onclick={run_one}>
                    { lang.tr().run_operation(draft.operation.name()) }
                </button>
                if draft.operation.pages() {
                    <button type="button" id={ctx.id("all-pages")} onclick={run_all} title={lang.t(Msg::AllPagesTitle)}>{ lang.t(Msg::RunAllPages) }</button>
                }
                <span class="hint"><kbd>{ lang.t(Msg::KeyCtrl) }</kbd>{ "/" }<kbd>{ "⌘" }</kbd>{ " + " }<kbd>{ "Enter" }</kbd>{ lang.t(Msg::Runs) }
                    if draft.operation.writes() { { lang.t(Msg::WriteDryRun) } }
                </span>
            </div>
            <CostPanel id={ctx.id("cost")} operation={draft.operation.name()} request={request_rc}
                preview={preview.clone()} {names} {provisioned} />
        </section>
    }
}
