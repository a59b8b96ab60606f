//! The operation builder's form: one widget per request member (key
//! pickers, expression fields, checkboxes, the batch rows, the PartiQL
//! statement), each reading the draft and dispatching an edit of it.
//! [`OperationBuilder`](super::operation_builder::OperationBuilder) lays
//! them out for the chosen operation.

use std::rc::Rc;

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::console_state::{ConsoleAction, ConsoleContext, Edit};
use super::expr_field::{ExprError, ExprField};
use super::key_picker::KeyPicker;
use super::statement_plan::StatementPlan;
use crate::engine::schema::KeySchema;
use crate::i18n::RowControl;
use crate::ui::cost::{Preview, UnitNames};
use crate::ui::draft::{Draft, FormError, ItemOperation, KeyInput, SortOp, SortPart, WriteKind, WriteRow};
use crate::ui::language::{Lang, Msg};

/// The value of the `<input>`, `<textarea>` or `<select>` an event came from.
pub(in crate::ui) fn event_value(e: &Event) -> Option<String> {
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
pub(in crate::ui) struct Ctx<'a> {
    pub(in crate::ui) side: usize,
    pub(in crate::ui) draft: &'a Draft,
    pub(in crate::ui) schema: Option<&'a KeySchema>,
    pub(in crate::ui) console: &'a ConsoleContext,
    /// An expression error from the dry run: (member, span, message).
    pub(in crate::ui) expr_error: Option<(&'static str, std::ops::Range<usize>, String)>,
    pub(in crate::ui) form_error: Option<&'a FormError>,
    /// The dry run (a statement's plan is shown from it).
    pub(in crate::ui) preview: Rc<Option<Preview>>,
    pub(in crate::ui) names: UnitNames,
    pub(in crate::ui) lang: Lang,
}

impl Ctx<'_> {
    pub(in crate::ui) fn id(&self, name: &str) -> String {
        format!("c{}-{name}", self.side)
    }

    pub(in crate::ui) fn edit(&self, edit: impl Fn(&mut Draft) + 'static) -> Edit {
        Rc::new(edit)
    }

    /// A callback that applies `apply` with the event's value.
    pub(in crate::ui) fn on_event<E: AsRef<Event> + 'static>(&self, apply: fn(&mut Draft, String)) -> Callback<E> {
        let console = self.console.clone();
        let side = self.side;
        Callback::from(move |e: E| {
            if let Some(value) = event_value(e.as_ref()) {
                console.dispatch(ConsoleAction::Edit(side, Rc::new(move |d: &mut Draft| apply(d, value.clone()))));
            }
        })
    }

    /// A callback taking the new text directly.
    pub(in crate::ui) fn on_text(&self, apply: fn(&mut Draft, String)) -> Callback<String> {
        let console = self.console.clone();
        let side = self.side;
        Callback::from(move |value: String| {
            console.dispatch(ConsoleAction::Edit(side, Rc::new(move |d: &mut Draft| apply(d, value.clone()))))
        })
    }

    /// The reserved-word fix: new expression text and names text.
    pub(in crate::ui) fn on_fix(&self, apply: fn(&mut Draft, String)) -> Callback<(String, String)> {
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
    pub(in crate::ui) fn expr(
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
    pub(in crate::ui) fn json_area(
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
    pub(in crate::ui) fn placeholders(&self, with_values: bool) -> Html {
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

    pub(in crate::ui) fn checkbox(
        &self,
        name: &str,
        label: &'static str,
        checked: bool,
        apply: fn(&mut Draft, bool),
    ) -> Html {
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

    pub(in crate::ui) fn select(
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

    pub(in crate::ui) fn key_picker(
        &self,
        name: &str,
        value: &KeyInput,
        apply: fn(&mut Draft, KeyInput),
        label: Option<String>,
    ) -> Html {
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
    pub(in crate::ui) fn return_consumed(&self) -> Html {
        self.select(
            "rcc",
            "ReturnConsumedCapacity",
            &self.draft.return_consumed,
            &[("", self.lang.t(Msg::NotSet)), ("NONE", "NONE"), ("TOTAL", "TOTAL"), ("INDEXES", "INDEXES")],
            |d, v| d.return_consumed = v,
        )
    }

    pub(in crate::ui) fn return_values(&self, options: &[(&'static str, &'static str)]) -> Html {
        self.select("return-values", "ReturnValues", &self.draft.return_values, options, |d, v| d.return_values = v)
    }

    /// Query's key condition: the key picker, or an expression.
    pub(in crate::ui) fn key_condition(&self) -> Html {
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
        // Ids: the first attribute's `pk-value`, `sk-op`, `sk-value`,
        // `sk-value2`; a multi-attribute key's n-th (from 2) `pk{n}-value`,
        // `sk{n}-op` ….
        let code = |role: &str, position: usize| match position {
            0 => role.to_string(),
            n => format!("{role}{}", n + 1),
        };
        let partitions = schema.partition_attributes().enumerate().map(|(position, pk)| {
            let console = self.console.clone();
            let side = self.side;
            let oninput = Callback::from(move |e: InputEvent| {
                if let Some(value) = event_value(e.as_ref()) {
                    let edit = move |d: &mut Draft| d.set_partition_text(position, value.clone());
                    console.dispatch(ConsoleAction::Edit(side, Rc::new(edit)));
                }
            });
            html! {
                <label class="field key-part pk">
                    <span><span class="key-badge">{ "PK" }</span>{ format!("{} ({}) =", pk.name, pk.scalar_type.as_str()) }</span>
                    <input type="text" id={self.id(&format!("{}-value", code("pk", position)))} spellcheck="false" autocomplete="off"
                        value={draft.partition_text(position).to_string()} {oninput} />
                </label>
            }
        });
        let shown = draft.shown_sort_parts(schema);
        let sorts = schema.sort_attributes().take(shown).enumerate().map(|(position, sk)| {
            let part = draft.sort_part(position);
            let edit = |apply: fn(&mut SortPart, String)| {
                let console = self.console.clone();
                let side = self.side;
                move |value: String| {
                    let edit = move |d: &mut Draft| {
                        let mut next = d.sort_part(position);
                        apply(&mut next, value.clone());
                        d.set_sort_part(position, next);
                    };
                    console.dispatch(ConsoleAction::Edit(side, Rc::new(edit)));
                }
            };
            let on = |apply: fn(&mut SortPart, String)| {
                let edit = edit(apply);
                Callback::from(move |e: Event| {
                    if let Some(value) = event_value(&e) {
                        edit(value);
                    }
                })
            };
            let on_input = |apply: fn(&mut SortPart, String)| {
                let edit = edit(apply);
                Callback::from(move |e: InputEvent| {
                    if let Some(value) = event_value(e.as_ref()) {
                        edit(value);
                    }
                })
            };
            let ops = SortOp::ALL.iter().map(|op| {
                html! { <option value={op.code()} selected={*op == part.op}>{ op.label(self.lang) }</option> }
            });
            let id = |suffix: &str| self.id(&format!("{}-{suffix}", code("sk", position)));
            html! {
                <div class="key-part sk sort-condition">
                    <span class="field-label"><span class="key-badge">{ "SK" }</span>{ format!("{} ({})", sk.name, sk.scalar_type.as_str()) }</span>
                    <div class="sort-row">
                        <select id={id("op")} aria-label={self.lang.t(Msg::SortKeyCondition)}
                            onchange={on(|p, v| p.op = SortOp::parse(&v))}>
                            { for ops }
                        </select>
                        if part.op != SortOp::Any {
                            <input type="text" id={id("value")} aria-label={self.lang.t(Msg::SortKeyValue)} spellcheck="false"
                                value={part.value.clone()} oninput={on_input(|p, v| p.value = v)} />
                        }
                        if part.op == SortOp::Between {
                            <span class="and">{ self.lang.t(Msg::And) }</span>
                            <input type="text" id={id("value2")} aria-label={self.lang.t(Msg::UpperSortKeyValue)} spellcheck="false"
                                value={part.value2.clone()} oninput={on_input(|p, v| p.value2 = v)} />
                        }
                    </div>
                </div>
            }
        });
        html! {
            <div class="key-condition">
                <div class="section-head"><span class="section-title">{ self.lang.t(Msg::KeyCondition) }</span>{ switcher }</div>
                <div class={classes!("key-picker", schema.is_multi_attribute().then_some("multi-key"))}>
                    { for partitions }
                    { for sorts }
                </div>
                <p class="generated" id={self.id("kce-generated")}>
                    <span class="member">{ "KeyConditionExpression " }</span><code>{ picked.expression }</code>
                </p>
            </div>
        }
    }

    /// Limit, ConsistentRead, ScanIndexForward, Select, ExclusiveStartKey.
    pub(in crate::ui) fn read_options(&self, query: bool) -> Html {
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
    pub(in crate::ui) fn key_rows(&self) -> Html {
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

    pub(in crate::ui) fn row_button(&self, edit: impl Fn(&mut Draft) + 'static) -> Callback<MouseEvent> {
        let edit: Edit = Rc::new(edit);
        let console = self.console.clone();
        let side = self.side;
        Callback::from(move |_: MouseEvent| console.dispatch(ConsoleAction::Edit(side, Rc::clone(&edit))))
    }

    /// Rows of writes (BatchWriteItem: Put, Delete; TransactWriteItems: all four).
    pub(in crate::ui) fn write_rows(&self, transaction: bool) -> Html {
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
    pub(in crate::ui) fn statement(&self) -> Html {
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
    pub(in crate::ui) fn form(&self) -> Html {
        let d = self.draft;
        let rv_put = &[("", self.lang.t(Msg::DefaultNone)), ("NONE", "NONE"), ("ALL_OLD", "ALL_OLD")];
        let body = match d.operation {
            ItemOperation::Query | ItemOperation::Scan => {
                let query = d.operation == ItemOperation::Query;
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
            ItemOperation::SearchVectors => {
                let top_k_error = self.form_error.filter(|e| e.field == "top-k").map(|error| html! {
                    <p class="expr-message"><span class="error-name">{ error.error.name() }</span>{ ": " }{ error.message_in(self.lang) }</p>
                });
                html! {
                    <>
                        { self.json_area("vector", "SearchVector", &d.vector, |d, v| d.vector = v,
                            "[0.9, 0.1, 0.0]".into(), self.lang.t(Msg::HintSearchVector)) }
                        { self.expr("search-condition", "SearchConditionExpression", &d.search_condition,
                            |d, v| d.search_condition = v, "tenant = :t AND category = :c",
                            Some(self.lang.t(Msg::SearchConditionHint))) }
                        { self.expr("projection", "ProjectionExpression", &d.projection, |d, v| d.projection = v, "name, price", None) }
                        { self.placeholders(true) }
                        <div class="options">
                            <label class="field inline-field">
                                <span class="member">{ "TopK" }</span>
                                <input type="text" inputmode="numeric" id={self.id("top-k")} class="narrow"
                                    value={d.top_k.clone()} oninput={self.on_event::<InputEvent>(|d, v| d.top_k = v)} />
                            </label>
                            { self.return_consumed() }
                        </div>
                        { top_k_error }
                    </>
                }
            }
            ItemOperation::GetItem => html! {
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
            ItemOperation::PutItem => html! {
                <>
                    { self.json_area("item", "Item", &d.item, |d, v| d.item = v,
                        r#"{"Artist": "Acme", "SongTitle": "Happy Day", "Year": 2024}"#.into(), self.lang.t(Msg::HintPlainOrDynamoJson)) }
                    { self.expr("condition", "ConditionExpression", &d.condition, |d, v| d.condition = v, "attribute_not_exists(#pk)", None) }
                    { self.placeholders(true) }
                    <div class="options">{ self.return_values(rv_put) }{ self.return_consumed() }</div>
                </>
            },
            ItemOperation::UpdateItem => html! {
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
            ItemOperation::DeleteItem => html! {
                <>
                    { self.key_picker("key", &d.key, |d, k| d.key = k, Some(self.lang.t(Msg::Key).into())) }
                    { self.expr("condition", "ConditionExpression", &d.condition, |d, v| d.condition = v, "attribute_exists(#pk)", None) }
                    { self.placeholders(true) }
                    <div class="options">{ self.return_values(rv_put) }{ self.return_consumed() }</div>
                </>
            },
            ItemOperation::BatchGetItem | ItemOperation::TransactGetItems => html! {
                <>
                    { self.key_rows() }
                    { self.expr("projection", "ProjectionExpression", &d.projection, |d, v| d.projection = v, "Title, #n",
                        Some(self.lang.t(Msg::EveryKeyHint))) }
                    { self.placeholders(false) }
                    <div class="options">
                        if d.operation == ItemOperation::BatchGetItem {
                            { self.checkbox("consistent", "ConsistentRead", d.consistent, |d, on| d.consistent = on) }
                        }
                        { self.return_consumed() }
                    </div>
                </>
            },
            ItemOperation::BatchWriteItem => html! {
                <>
                    { self.write_rows(false) }
                    <div class="options">{ self.return_consumed() }</div>
                </>
            },
            ItemOperation::ExecuteStatement => self.statement(),
            ItemOperation::TransactWriteItems => html! {
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
