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
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::console_state::{ConsoleAction, ConsoleContext, Edit, SideNotice, Stayed};
use super::cost::{self, Preview, UnitNames};
use super::cost_panel::CostPanel;
use super::draft::{Draft, FormError, KeyInput, Mode, Operation, SortOp, WriteKind, WriteRow};
use super::expr_field::{ExprError, ExprField};
use super::key_picker::KeyPicker;
use super::language::{use_lang, Lang, Msg};
use super::limits;
use super::state::{Action, PlaygroundContext, Source};
use super::statement_plan::StatementPlan;
use crate::engine::schema::KeySchema;
use crate::engine::table::BillingMode;
use crate::engine::ApiError;
use crate::i18n::RowControl;

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
    operation: Operation,
    request: &Value,
) -> Option<Preview> {
    let mut engine = engine.try_borrow_mut().ok()?;
    let start = now_ms();
    let mut preview = cost::preview(&mut engine, operation.name(), request);
    preview.elapsed_ms = Some(now_ms() - start);
    Some(preview)
}

fn table_facts(state: &PlaygroundContext, table: &str, index: Option<&str>) -> Option<TableFacts> {
    let engine = state.engine.try_borrow().ok()?;
    let table = engine.table(table)?;
    let d = &table.definition;
    let on_demand = d.billing_mode == BillingMode::PayPerRequest;
    let index_schema = index.and_then(|name| d.indexes.iter().find(|i| i.name == name)).map(|i| i.key_schema.clone());
    Some(TableFacts {
        schema: index_schema.unwrap_or_else(|| d.key_schema.clone()),
        names: if on_demand { UnitNames::ON_DEMAND } else { UnitNames::PROVISIONED },
        provisioned: (!on_demand).then_some((d.throughput.read_capacity_units, d.throughput.write_capacity_units)),
        indexes: d.indexes.iter().map(|i| (i.name.clone(), i.kind.abbreviation())).collect(),
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
    if draft.operation == Operation::ExecuteStatement {
        let text = match draft.mode {
            Mode::Form => Some(draft.statement.clone()),
            Mode::Raw => {
                draft.parse_raw().ok().and_then(|r| r.get("Statement").and_then(Value::as_str).map(str::to_string))
            }
        };
        if let Some(statement) = text.and_then(|t| crate::engine::partiql::parser::parse(&t).ok()) {
            return statement.source().table.clone();
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
) -> (Operation, Result<Value, FormError>) {
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

/// The value of the `<input>`, `<textarea>` or `<select>` an event came from.
fn event_value(e: &Event) -> Option<String> {
    let target = e.target()?;
    use wasm_bindgen::JsCast;
    if let Some(input) = target.dyn_ref::<HtmlInputElement>() {
        return Some(if input.type_() == "checkbox" { input.checked().to_string() } else { input.value() });
    }
    if let Some(area) = target.dyn_ref::<HtmlTextAreaElement>() {
        return Some(area.value());
    }
    target.dyn_ref::<HtmlSelectElement>().map(HtmlSelectElement::value)
}

/// What the form's helpers share: the draft, its side, the table's key
/// schema and the errors to show.
struct Ctx<'a> {
    side: usize,
    draft: &'a Draft,
    schema: Option<&'a KeySchema>,
    console: &'a ConsoleContext,
    /// An expression error from the dry run: (member, span, message).
    expr_error: Option<(&'static str, std::ops::Range<usize>, String)>,
    form_error: Option<&'a FormError>,
    /// The dry run (a statement's plan is shown from it).
    preview: Rc<Option<Preview>>,
    names: UnitNames,
    lang: Lang,
}

impl Ctx<'_> {
    fn id(&self, name: &str) -> String {
        format!("c{}-{name}", self.side)
    }

    fn edit(&self, edit: impl Fn(&mut Draft) + 'static) -> Edit {
        Rc::new(edit)
    }

    /// A callback that applies `apply` with the event's value.
    fn on_event<E: AsRef<Event> + 'static>(&self, apply: fn(&mut Draft, String)) -> Callback<E> {
        let console = self.console.clone();
        let side = self.side;
        Callback::from(move |e: E| {
            if let Some(value) = event_value(e.as_ref()) {
                console.dispatch(ConsoleAction::Edit(side, Rc::new(move |d: &mut Draft| apply(d, value.clone()))));
            }
        })
    }

    /// A callback taking the new text directly.
    fn on_text(&self, apply: fn(&mut Draft, String)) -> Callback<String> {
        let console = self.console.clone();
        let side = self.side;
        Callback::from(move |value: String| {
            console.dispatch(ConsoleAction::Edit(side, Rc::new(move |d: &mut Draft| apply(d, value.clone()))))
        })
    }

    /// The reserved-word fix: new expression text and names text.
    fn on_fix(&self, apply: fn(&mut Draft, String)) -> Callback<(String, String)> {
        let console = self.console.clone();
        let side = self.side;
        Callback::from(move |(text, names): (String, String)| {
            console.dispatch(ConsoleAction::Edit(
                side,
                Rc::new(move |d: &mut Draft| {
                    apply(d, text.clone());
                    d.names = names.clone();
                }),
            ))
        })
    }

    /// An expression field for `member`.
    fn expr(
        &self,
        name: &str,
        member: &'static str,
        value: &str,
        apply: fn(&mut Draft, String),
        placeholder: &'static str,
        hint: Option<&'static str>,
    ) -> Html {
        let error = self
            .expr_error
            .as_ref()
            .filter(|(m, _, _)| *m == member)
            .map(|(_, span, message)| ExprError { span: span.clone(), message: message.clone() });
        html! {
            <ExprField id={self.id(name)} label={member} value={value.to_string()} oninput={self.on_text(apply)}
                {error} placeholder={placeholder} hint={hint.map(AttrValue::from)}
                names={self.draft.names.clone()} onfix={Some(self.on_fix(apply))} />
        }
    }

    /// A JSON textarea (names, values, an item), with its parse error.
    fn json_area(
        &self,
        name: &str,
        label: &'static str,
        value: &str,
        apply: fn(&mut Draft, String),
        placeholder: String,
        hint: &'static str,
    ) -> Html {
        let error = self.form_error.filter(|e| e.field == name).map(|e| {
            html! {
                <p class="expr-message" id={self.id(&format!("{name}-error"))}>
                    <span class="error-name">{ e.error.name() }</span>{ ": " }{ e.message_in(self.lang) }
                </p>
            }
        });
        let rows = value.lines().count().clamp(1, 12).to_string();
        html! {
            <div class={classes!("field", "json-field", error.is_some().then_some("has-error"))}>
                <label for={self.id(name)} class="field-label">
                    <span class="member">{ label }</span><span class="field-hint">{ hint }</span>
                </label>
                <textarea id={self.id(name)} class="json-input code-input" {rows} spellcheck="false" autocomplete="off"
                    placeholder={placeholder} value={value.to_string()} oninput={self.on_event::<InputEvent>(apply)} />
                { error }
            </div>
        }
    }

    /// The names and values editors side by side.
    fn placeholders(&self, with_values: bool) -> Html {
        let draft = self.draft;
        html! {
            <div class="pair">
                { self.json_area("names", "ExpressionAttributeNames", &draft.names, |d, v| d.names = v,
                    r##"{"#n": "Name"}"##.into(), self.lang.t(Msg::HintJson)) }
                if with_values {
                    { self.json_area("values", "ExpressionAttributeValues", &draft.values, |d, v| d.values = v,
                        r#"{":v": "text", ":n": 42}"#.into(), self.lang.t(Msg::HintPlainOrDynamoJson)) }
                }
            </div>
        }
    }

    fn checkbox(&self, name: &str, label: &'static str, checked: bool, apply: fn(&mut Draft, bool)) -> Html {
        let console = self.console.clone();
        let side = self.side;
        let onchange = Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let on = input.checked();
                console.dispatch(ConsoleAction::Edit(side, Rc::new(move |d: &mut Draft| apply(d, on))));
            }
        });
        html! {
            <label class="check">
                <input type="checkbox" id={self.id(name)} {checked} {onchange} />
                <span class="member">{ label }</span>
            </label>
        }
    }

    fn select(
        &self,
        name: &str,
        label: &'static str,
        value: &str,
        options: &[(&'static str, &'static str)],
        apply: fn(&mut Draft, String),
    ) -> Html {
        html! {
            <label class="field inline-field">
                <span class="member">{ label }</span>
                <select id={self.id(name)} onchange={self.on_event::<Event>(apply)}>
                    { for options.iter().map(|(code, text)| html! { <option value={*code} selected={*code == value}>{ *text }</option> }) }
                </select>
            </label>
        }
    }

    fn key_picker(&self, name: &str, value: &KeyInput, apply: fn(&mut Draft, KeyInput), label: Option<String>) -> Html {
        let console = self.console.clone();
        let side = self.side;
        let onchange = Callback::from(move |key: KeyInput| {
            console.dispatch(ConsoleAction::Edit(side, Rc::new(move |d: &mut Draft| apply(d, key.clone()))))
        });
        html! {
            <KeyPicker id={self.id(name)} schema={self.schema.cloned()} value={value.clone()} {onchange}
                label={label.map(AttrValue::from)} />
        }
    }

    /// The options every operation shares.
    fn return_consumed(&self) -> Html {
        self.select(
            "rcc",
            "ReturnConsumedCapacity",
            &self.draft.return_consumed,
            &[("", self.lang.t(Msg::NotSet)), ("NONE", "NONE"), ("TOTAL", "TOTAL"), ("INDEXES", "INDEXES")],
            |d, v| d.return_consumed = v,
        )
    }

    fn return_values(&self, options: &[(&'static str, &'static str)]) -> Html {
        self.select("return-values", "ReturnValues", &self.draft.return_values, options, |d, v| d.return_values = v)
    }

    /// Query's key condition: the key picker, or an expression.
    fn key_condition(&self) -> Html {
        let draft = self.draft;
        let toggle = |expression: bool| {
            let edit = self.edit(move |d: &mut Draft| d.key_expression_mode = expression);
            let console = self.console.clone();
            let side = self.side;
            Callback::from(move |_: MouseEvent| console.dispatch(ConsoleAction::Edit(side, Rc::clone(&edit))))
        };
        let switcher = html! {
            <div class="segmented small" role="group" aria-label={self.lang.t(Msg::KeyConditionHow)}>
                <button type="button" id={self.id("kc-picker")} aria-pressed={(!draft.key_expression_mode).to_string()}
                    onclick={toggle(false)}>{ self.lang.t(Msg::KeyPickerMode) }</button>
                <button type="button" id={self.id("kc-expression")} aria-pressed={draft.key_expression_mode.to_string()}
                    onclick={toggle(true)}>{ self.lang.t(Msg::ExpressionMode) }</button>
            </div>
        };
        if draft.key_expression_mode {
            return html! {
                <div class="key-condition">
                    <div class="section-head"><span class="section-title">{ self.lang.t(Msg::KeyCondition) }</span>{ switcher }</div>
                    { self.expr("kce", "KeyConditionExpression", &draft.key_condition, |d, v| d.key_condition = v,
                        "#pk = :pk AND begins_with(#sk, :prefix)", Some(self.lang.t(Msg::KeyConditionHint))) }
                </div>
            };
        }
        let Some(schema) = self.schema else {
            return html! {
                <div class="key-condition">
                    <div class="section-head"><span class="section-title">{ self.lang.t(Msg::KeyCondition) }</span>{ switcher }</div>
                    <p class="hint">{ self.lang.t(Msg::ChooseTableForKeys) }</p>
                </div>
            };
        };
        let picked = draft.picked_condition(Some(schema));
        let pk = &schema.partition_key;
        let sort = schema.sort_key.as_ref().map(|sk| {
            let ops = SortOp::ALL.iter().map(|op| {
                html! { <option value={op.code()} selected={*op == draft.sort_op}>{ op.label() }</option> }
            });
            html! {
                <div class="key-part sk sort-condition">
                    <span class="field-label"><span class="key-badge">{ "SK" }</span>{ format!("{} ({})", sk.name, sk.scalar_type.as_str()) }</span>
                    <div class="sort-row">
                        <select id={self.id("sk-op")} aria-label={self.lang.t(Msg::SortKeyCondition)}
                            onchange={self.on_event::<Event>(|d, v| d.sort_op = SortOp::parse(&v))}>
                            { for ops }
                        </select>
                        if draft.sort_op != SortOp::Any {
                            <input type="text" id={self.id("sk-value")} aria-label={self.lang.t(Msg::SortKeyValue)} spellcheck="false"
                                value={draft.sort_value.clone()} oninput={self.on_event::<InputEvent>(|d, v| d.sort_value = v)} />
                        }
                        if draft.sort_op == SortOp::Between {
                            <span class="and">{ self.lang.t(Msg::And) }</span>
                            <input type="text" id={self.id("sk-value2")} aria-label={self.lang.t(Msg::UpperSortKeyValue)} spellcheck="false"
                                value={draft.sort_value2.clone()} oninput={self.on_event::<InputEvent>(|d, v| d.sort_value2 = v)} />
                        }
                    </div>
                </div>
            }
        });
        html! {
            <div class="key-condition">
                <div class="section-head"><span class="section-title">{ self.lang.t(Msg::KeyCondition) }</span>{ switcher }</div>
                <div class="key-picker">
                    <label class="field key-part pk">
                        <span><span class="key-badge">{ "PK" }</span>{ format!("{} ({}) =", pk.name, pk.scalar_type.as_str()) }</span>
                        <input type="text" id={self.id("pk-value")} spellcheck="false" autocomplete="off"
                            value={draft.partition_value.clone()} oninput={self.on_event::<InputEvent>(|d, v| d.partition_value = v)} />
                    </label>
                    { sort }
                </div>
                <p class="generated" id={self.id("kce-generated")}>
                    <span class="member">{ "KeyConditionExpression " }</span><code>{ picked.expression }</code>
                </p>
            </div>
        }
    }

    /// Limit, ConsistentRead, ScanIndexForward, Select, ExclusiveStartKey.
    fn read_options(&self, query: bool) -> Html {
        let draft = self.draft;
        let start = draft.start_key.as_ref().map(|key| {
            let clear = {
                let edit = self.edit(|d: &mut Draft| d.start_key = None);
                let console = self.console.clone();
                let side = self.side;
                Callback::from(move |_: MouseEvent| console.dispatch(ConsoleAction::Edit(side, Rc::clone(&edit))))
            };
            html! {
                <p class="start-key" id={self.id("start-key")}>
                    <span class="member">{ "ExclusiveStartKey " }</span><code>{ key.to_string() }</code>
                    <button type="button" class="quiet" id={self.id("start-key-clear")} onclick={clear}>{ self.lang.t(Msg::FromTheStart) }</button>
                </p>
            }
        });
        html! {
            <>
                <div class="options">
                    { self.checkbox("consistent", "ConsistentRead", draft.consistent, |d, on| d.consistent = on) }
                    if query {
                        { self.checkbox("forward", "ScanIndexForward", draft.forward, |d, on| d.forward = on) }
                    }
                    <label class="field inline-field">
                        <span class="member">{ "Limit" }</span>
                        <input type="text" inputmode="numeric" id={self.id("limit")} class="narrow" placeholder={self.lang.t(Msg::NoLimit)}
                            value={draft.limit.clone()} oninput={self.on_event::<InputEvent>(|d, v| d.limit = v)} />
                    </label>
                    { self.select("select", "Select", &draft.select, &[
                        ("", self.lang.t(Msg::DefaultOption)), ("ALL_ATTRIBUTES", "ALL_ATTRIBUTES"), ("SPECIFIC_ATTRIBUTES", "SPECIFIC_ATTRIBUTES"),
                        ("COUNT", "COUNT"), ("ALL_PROJECTED_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"),
                    ], |d, v| d.select = v) }
                    { self.return_consumed() }
                </div>
                if let Some(error) = self.form_error.filter(|e| e.field == "limit") {
                    <p class="expr-message"><span class="error-name">{ error.error.name() }</span>{ ": " }{ error.message_in(self.lang) }</p>
                }
                { start }
            </>
        }
    }

    /// Rows of keys (BatchGetItem, TransactGetItems).
    fn key_rows(&self) -> Html {
        let draft = self.draft;
        let rows = draft.keys.iter().enumerate().map(|(i, key)| {
            let console = self.console.clone();
            let side = self.side;
            let onchange = Callback::from(move |key: KeyInput| {
                console.dispatch(ConsoleAction::Edit(
                    side,
                    Rc::new(move |d: &mut Draft| {
                        if let Some(slot) = d.keys.get_mut(i) {
                            *slot = key.clone();
                        }
                    }),
                ))
            });
            let remove = self.row_button(move |d: &mut Draft| {
                if d.keys.len() > 1 && i < d.keys.len() {
                    d.keys.remove(i);
                }
            });
            html! {
                <li class="row" key={i}>
                    <KeyPicker id={self.id(&format!("key{i}"))} schema={self.schema.cloned()} value={key.clone()} {onchange}
                        label={Some(AttrValue::from(self.lang.tr().numbered(Msg::Key, i + 1)))} />
                    <button type="button" class="quiet remove" aria-label={self.lang.tr().row_control(RowControl::Remove, Msg::Key, i + 1)}
                        disabled={draft.keys.len() < 2} onclick={remove}>{ self.lang.t(Msg::Remove) }</button>
                </li>
            }
        });
        let add = self.row_button(|d: &mut Draft| d.keys.push(KeyInput::default()));
        html! {
            <div class="rows">
                <ol class="row-list">{ for rows }</ol>
                <button type="button" class="quiet" id={self.id("add-key")} onclick={add}>{ self.lang.t(Msg::AddKey) }</button>
            </div>
        }
    }

    fn row_button(&self, edit: impl Fn(&mut Draft) + 'static) -> Callback<MouseEvent> {
        let edit: Edit = Rc::new(edit);
        let console = self.console.clone();
        let side = self.side;
        Callback::from(move |_: MouseEvent| console.dispatch(ConsoleAction::Edit(side, Rc::clone(&edit))))
    }

    /// Rows of writes (BatchWriteItem: Put, Delete; TransactWriteItems: all four).
    fn write_rows(&self, transaction: bool) -> Html {
        let draft = self.draft;
        let kinds: &[WriteKind] = if transaction { &WriteKind::ALL } else { &[WriteKind::Put, WriteKind::Delete] };
        let rows = draft.writes.iter().enumerate().map(|(i, row)| {
            let set = |apply: fn(&mut WriteRow, String)| {
                let console = self.console.clone();
                let side = self.side;
                move |value: String| {
                    console.dispatch(ConsoleAction::Edit(
                        side,
                        Rc::new(move |d: &mut Draft| {
                            if let Some(slot) = d.writes.get_mut(i) {
                                apply(slot, value.clone());
                            }
                        }),
                    ))
                }
            };
            let on_kind = {
                let set = set(|r, v| r.kind = WriteKind::parse(&v));
                Callback::from(move |e: Event| {
                    if let Some(v) = event_value(&e) {
                        set(v)
                    }
                })
            };
            let on_item = {
                let set = set(|r, v| r.item = v);
                Callback::from(move |e: InputEvent| {
                    if let Some(v) = event_value(e.as_ref()) {
                        set(v)
                    }
                })
            };
            let on_key = {
                let console = self.console.clone();
                let side = self.side;
                Callback::from(move |key: KeyInput| {
                    console.dispatch(ConsoleAction::Edit(
                        side,
                        Rc::new(move |d: &mut Draft| {
                            if let Some(slot) = d.writes.get_mut(i) {
                                slot.key = key.clone();
                            }
                        }),
                    ))
                })
            };
            let remove = self.row_button(move |d: &mut Draft| {
                if d.writes.len() > 1 && i < d.writes.len() {
                    d.writes.remove(i);
                }
            });
            let kind = if kinds.contains(&row.kind) { row.kind } else { WriteKind::Put };
            let item_error = self.form_error.filter(|e| e.field == format!("write-{i}")).map(|e| {
                html! { <p class="expr-message"><span class="error-name">{ e.error.name() }</span>{ ": " }{ e.message_in(self.lang) }</p> }
            });
            let row_id = self.id(&format!("w{i}"));
            let expr_field = |suffix: &str, member: &'static str, value: &str, apply: fn(&mut WriteRow, String), placeholder: &'static str| {
                let set = set(apply);
                html! {
                    <ExprField id={format!("{row_id}-{suffix}")} label={member} value={value.to_string()}
                        oninput={Callback::from(move |v: String| set(v))} placeholder={placeholder} />
                }
            };
            html! {
                <li class="row write-row" key={i}>
                    <div class="row-head">
                        <span class="key-picker-label">{ self.lang.tr().numbered(Msg::Action, i + 1) }</span>
                        <select id={format!("{row_id}-kind")} aria-label={self.lang.tr().row_control(RowControl::Kind, Msg::Action, i + 1)} onchange={on_kind}>
                            { for kinds.iter().map(|k| {
                                let label = if transaction { k.name().to_string() } else { format!("{}Request", k.name()) };
                                html! { <option value={k.name()} selected={*k == kind}>{ label }</option> }
                            }) }
                        </select>
                        <span class="spacer"></span>
                        <button type="button" class="quiet remove" aria-label={self.lang.tr().row_control(RowControl::Remove, Msg::Action, i + 1)}
                            disabled={draft.writes.len() < 2} onclick={remove}>{ self.lang.t(Msg::Remove) }</button>
                    </div>
                    if kind == WriteKind::Put {
                        <textarea id={format!("{row_id}-item")} class="json-input code-input" rows="2" spellcheck="false"
                            aria-label={self.lang.tr().row_control(RowControl::Item, Msg::Action, i + 1)} placeholder={r#"{"pk": "a", "sk": "1", "more": "…"}"#}
                            value={row.item.clone()} oninput={on_item} />
                        { item_error }
                    } else {
                        <KeyPicker id={format!("{row_id}-key")} schema={self.schema.cloned()} value={row.key.clone()} onchange={on_key} />
                    }
                    if transaction && kind == WriteKind::Update {
                        { expr_field("update", "UpdateExpression", &row.update, |r, v| r.update = v, "SET #n = :v") }
                    }
                    if transaction {
                        { expr_field("condition", "ConditionExpression", &row.condition, |r, v| r.condition = v, "attribute_not_exists(pk)") }
                    }
                </li>
            }
        });
        let add = self.row_button(|d: &mut Draft| d.writes.push(WriteRow::default()));
        html! {
            <div class="rows">
                <ol class="row-list">{ for rows }</ol>
                <button type="button" class="quiet" id={self.id("add-write")} onclick={add}>{ self.lang.t(Msg::AddAction) }</button>
            </div>
        }
    }

    /// ExecuteStatement: the statement (coloured, its fault underlined),
    /// its parameters, what it becomes, and the read options.
    fn statement(&self) -> Html {
        let d = self.draft;
        let error = self
            .expr_error
            .as_ref()
            .filter(|(member, _, _)| *member == crate::engine::partiql::error::MEMBER)
            .map(|(_, span, message)| ExprError { span: span.clone(), message: message.clone() });
        html! {
            <>
                <ExprField id={self.id("statement")} label="Statement" value={d.statement.clone()} partiql=true
                    oninput={self.on_text(|d, v| { d.statement = v; d.next_token = None; })} {error}
                    placeholder={"SELECT * FROM \"Music\" WHERE Artist = 'Acme'"}
                    hint={Some(AttrValue::from(self.lang.t(Msg::PartiqlHint)))} />
                { self.json_area("parameters", "Parameters", &d.parameters, |d, v| { d.parameters = v; d.next_token = None; },
                    r#"["Acme", {"N": "2024"}]"#.into(), self.lang.t(Msg::ParametersHint)) }
                <StatementPlan id={self.id("plan")} preview={Rc::clone(&self.preview)} names={self.names} />
                <div class="options">
                    { self.checkbox("consistent", "ConsistentRead", d.consistent, |d, on| d.consistent = on) }
                    <label class="field inline-field">
                        <span class="member">{ "Limit" }</span>
                        <input id={self.id("limit")} class="small-input" inputmode="numeric" value={d.limit.clone()}
                            oninput={self.on_event::<InputEvent>(|d, v| d.limit = v)} />
                    </label>
                    { self.return_consumed() }
                </div>
            </>
        }
    }

    /// The fields of the draft's operation.
    fn form(&self) -> Html {
        let d = self.draft;
        let rv_put = &[("", self.lang.t(Msg::DefaultNone)), ("NONE", "NONE"), ("ALL_OLD", "ALL_OLD")];
        let body = match d.operation {
            Operation::Query | Operation::Scan => {
                let query = d.operation == Operation::Query;
                html! {
                    <>
                        if query { { self.key_condition() } }
                        { self.expr("filter", "FilterExpression", &d.filter, |d, v| d.filter = v, "Plays > :min",
                            Some(self.lang.t(Msg::FilterHint))) }
                        { self.expr("projection", "ProjectionExpression", &d.projection, |d, v| d.projection = v, "Title, #n, Tags[0]", None) }
                        { self.placeholders(true) }
                        { self.read_options(query) }
                    </>
                }
            }
            Operation::GetItem => html! {
                <>
                    { self.key_picker("key", &d.key, |d, k| d.key = k, Some(self.lang.t(Msg::Key).into())) }
                    { self.expr("projection", "ProjectionExpression", &d.projection, |d, v| d.projection = v, "Title, #n", None) }
                    { self.placeholders(false) }
                    <div class="options">
                        { self.checkbox("consistent", "ConsistentRead", d.consistent, |d, on| d.consistent = on) }
                        { self.return_consumed() }
                    </div>
                </>
            },
            Operation::PutItem => html! {
                <>
                    { self.json_area("item", "Item", &d.item, |d, v| d.item = v,
                        r#"{"Artist": "Acme", "SongTitle": "Happy Day", "Year": 2024}"#.into(), self.lang.t(Msg::HintPlainOrDynamoJson)) }
                    { self.expr("condition", "ConditionExpression", &d.condition, |d, v| d.condition = v, "attribute_not_exists(#pk)", None) }
                    { self.placeholders(true) }
                    <div class="options">{ self.return_values(rv_put) }{ self.return_consumed() }</div>
                </>
            },
            Operation::UpdateItem => html! {
                <>
                    { self.key_picker("key", &d.key, |d, k| d.key = k, Some(self.lang.t(Msg::Key).into())) }
                    { self.expr("update", "UpdateExpression", &d.update, |d, v| d.update = v, "SET #n = :v ADD Plays :one REMOVE Old", None) }
                    { self.expr("condition", "ConditionExpression", &d.condition, |d, v| d.condition = v, "attribute_exists(#pk)", None) }
                    { self.placeholders(true) }
                    <div class="options">
                        { self.return_values(&[("", self.lang.t(Msg::DefaultNone)), ("NONE", "NONE"), ("ALL_OLD", "ALL_OLD"), ("UPDATED_OLD", "UPDATED_OLD"), ("ALL_NEW", "ALL_NEW"), ("UPDATED_NEW", "UPDATED_NEW")]) }
                        { self.return_consumed() }
                    </div>
                </>
            },
            Operation::DeleteItem => html! {
                <>
                    { self.key_picker("key", &d.key, |d, k| d.key = k, Some(self.lang.t(Msg::Key).into())) }
                    { self.expr("condition", "ConditionExpression", &d.condition, |d, v| d.condition = v, "attribute_exists(#pk)", None) }
                    { self.placeholders(true) }
                    <div class="options">{ self.return_values(rv_put) }{ self.return_consumed() }</div>
                </>
            },
            Operation::BatchGetItem | Operation::TransactGetItems => html! {
                <>
                    { self.key_rows() }
                    { self.expr("projection", "ProjectionExpression", &d.projection, |d, v| d.projection = v, "Title, #n",
                        Some(self.lang.t(Msg::EveryKeyHint))) }
                    { self.placeholders(false) }
                    <div class="options">
                        if d.operation == Operation::BatchGetItem {
                            { self.checkbox("consistent", "ConsistentRead", d.consistent, |d, on| d.consistent = on) }
                        }
                        { self.return_consumed() }
                    </div>
                </>
            },
            Operation::BatchWriteItem => html! {
                <>
                    { self.write_rows(false) }
                    <div class="options">{ self.return_consumed() }</div>
                </>
            },
            Operation::ExecuteStatement => self.statement(),
            Operation::TransactWriteItems => html! {
                <>
                    { self.write_rows(true) }
                    { self.placeholders(true) }
                    <p class="hint">{ self.lang.t(Msg::TransactHint) }</p>
                    <div class="options">{ self.return_consumed() }</div>
                </>
            },
        };
        let extra = (d.extra_for == Some(d.operation) && !d.extra.is_empty()).then(|| {
            let members: Vec<&str> = d.extra.keys().map(String::as_str).collect();
            let drop = self.row_button(|d: &mut Draft| {
                d.extra.clear();
                d.extra_for = None;
            });
            html! {
                <p class="extra-members" id={self.id("extra")}>
                    { self.lang.t(Msg::AlsoSent) }<code>{ members.join(", ") }</code>{ self.lang.t(Msg::SentenceEnd) }
                    <button type="button" class="quiet" onclick={drop}>{ self.lang.t(Msg::LeaveOut) }</button>
                </p>
            }
        });
        html! { <>{ body }{ extra }</> }
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

    let Some(state) = use_context::<PlaygroundContext>() else { return html! {} };
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
    let operations = Operation::ALL.iter().map(|op| {
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
    let indexes = facts.as_ref().map(|f| f.indexes.clone()).unwrap_or_default();
    let provisioned = facts.as_ref().and_then(|f| f.provisioned);

    html! {
        <section class={classes!("card", "builder", if console.compare { "paired" } else { "solo" }, (console.compare && console.active == side).then_some("active"))}
            id={ctx.id("builder")} aria-label={format!("{} {title}", lang.t(Msg::Request))} {onkeydown} {onfocusin}>
            <div class="builder-head">
                if console.compare { <span class="side-badge">{ title }</span> }
                <label class="field inline-field">
                    <span class="member">{ lang.t(Msg::Operation) }</span>
                    <select id={ctx.id("op")} class="op-select" onchange={ctx.on_event::<Event>(|d, v| {
                        if let Some(op) = Operation::parse(&v) { d.operation = op; }
                    })}>{ for operations }</select>
                </label>
                if draft.operation != Operation::ExecuteStatement {
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
                if draft.operation.pages() && draft.mode == Mode::Form && (!indexes.is_empty() || !draft.index.is_empty()) {
                    <label class="field inline-field">
                        <span class="member">{ "IndexName" }</span>
                        <select id={ctx.id("index")} onchange={ctx.on_event::<Event>(|d, v| d.index = v)}>
                            <option value="" selected={draft.index.is_empty()}>{ lang.t(Msg::TableItself) }</option>
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
