//! The class view: the lecturer pastes or drops many hand-in links and sees
//! one row per hand-in — name, ✓/✗ per access pattern and goal, score —
//! sorted and filtered by name; a row's button opens that hand-in.
//!
//! The list and its order are `page_model::class_list`; this component
//! reads the text, checks the hand-ins and draws the rows. Each hand-in is
//! checked as the exercise panel checks (`engine::exercise::Checking`, a
//! slice of steps at a time, the browser free between slices), one after
//! the other, so forty hand-ins never freeze the tab and the progress
//! shows while they run. A built-in exercise's document is taken from what
//! the page was handed or fetched once from `exercises/<id>.json`, as the
//! exercise panel does. A new Check stops a run still going.
//!
//! It lives on the lecturer's page (`ui::lecturer`), where a row's Open
//! shows that hand-in in the playground page, in a new tab, so the rows
//! stay as they are.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::Duration;

use yew::prelude::*;

use crate::engine::exercise::Checking;
use crate::engine::ordered::Ordered;
use crate::engine::ApiError;
use crate::i18n::Said;
use crate::i18n::{FetchFailure, Lang};
use crate::page_model::class_list::{self, Row, RowState, Score, SortBy};
use crate::scenario::handin::{ExerciseRef, HandIn};
use crate::ui::browser::fetch_text;
use crate::ui::exercises::exercise_panel::run_in_slices;
use crate::ui::language::use_lang;
use crate::ui::persist;

#[derive(Properties, PartialEq)]
pub struct ClassViewProps {
    /// Opens a hand-in (the lecturer's view of it).
    pub on_open: Callback<HandIn>,
    /// Built-in exercises' documents already at hand, by id; the others
    /// are fetched from `exercises/<id>.json`.
    #[prop_or_default]
    pub documents: Rc<BTreeMap<String, String>>,
}

/// Built-in exercises' documents by id: fetched, or why not.
type Documents = Rc<RefCell<BTreeMap<String, Result<String, FetchFailure>>>>;

/// The document of built-in exercise `id`, fetched once.
async fn built_in(documents: &Documents, id: &str) -> Result<String, FetchFailure> {
    if let Some(known) = documents.borrow().get(id) {
        return known.clone();
    }
    let fetched = fetch_text(&format!("exercises/{id}.json")).await;
    documents.borrow_mut().insert(id.to_string(), fetched.clone());
    fetched
}

/// Checks one hand-in in slices: its row's new state, or `None` when
/// `current` says the run was replaced by a newer one meanwhile.
async fn checked(hand_in: &HandIn, documents: &Documents, lang: Lang, current: impl Fn() -> bool) -> Option<RowState> {
    let text = match &hand_in.exercise {
        ExerciseRef::BuiltIn(id) => match built_in(documents, id).await {
            Ok(text) => Some(text),
            Err(failure) => {
                let why = (lang.exercise().fetch_failure)(&failure);
                return Some(RowState::NotChecked((lang.lecturer().exercise_unavailable)(id, &why)));
            }
        },
        ExerciseRef::Document(_) => None,
    };
    let refused = |e: ApiError| Some(RowState::NotChecked(e.message().to_string()));
    let (exercise, solution) = match hand_in.read(|_| text) {
        Ok(read) => read,
        Err(e) => return refused(e),
    };
    let mut checking = match Checking::start(&exercise, &solution) {
        Ok(checking) => checking,
        Err(e) => return refused(e),
    };
    if !run_in_slices(&mut checking, |_| current()).await || !current() {
        return None;
    }
    match checking.report() {
        Some(Ok(report)) => Some(RowState::Checked(Score::of(exercise.title_in(lang.code()), &report))),
        Some(Err(e)) => refused(e),
        None => refused(ApiError::validation("the check gave no report")),
    }
}

/// A column's name with a line-break opportunity (a zero-width space)
/// inside each run of capitals, so a goal's name (`MaxGlobalSecondaryIndexes`)
/// wraps between its words rather than anywhere.
fn breakable(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    let mut previous_lower = false;
    for c in name.chars() {
        if c.is_uppercase() && previous_lower {
            out.push('\u{200B}');
        }
        previous_lower = c.is_lowercase();
        out.push(c);
    }
    out
}

#[component]
pub fn ClassView(props: &ClassViewProps) -> Html {
    let lang = use_lang();
    let words = lang.lecturer();
    let text = use_state(String::new);
    let rows = use_state(|| Rc::new(Vec::<Row>::new()));
    let progress = use_state(|| None::<(usize, usize)>);
    let filter = use_state(String::new);
    let sort = use_state(|| (SortBy::Line, false));
    let file_error = use_state(|| None::<String>);
    // The current run's number: a run that is no longer current stops.
    let run = use_mut_ref(|| 0u64);
    let documents: Documents = {
        let handed = Rc::clone(&props.documents);
        (*use_memo(handed, |handed| {
            Rc::new(RefCell::new(handed.iter().map(|(id, text)| (id.clone(), Ok(text.clone()))).ordered_map()))
        }))
        .clone()
    };

    let on_input = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                text.set(area.value());
            }
        })
    };
    // A file's links are added after what is there.
    let add_file = {
        let (text, file_error) = (text.clone(), file_error.clone());
        move |file: web_sys::File| {
            let (text, file_error) = (text.clone(), file_error.clone());
            persist::read_text(file, move |read| match read {
                Ok(read) => {
                    let joined = if text.trim().is_empty() { read } else { format!("{}\n{read}", text.trim_end()) };
                    text.set(joined);
                    file_error.set(None);
                }
                Err(failure) => file_error.set(Some(lang.tr().said(&Said::ImportFailed(failure)))),
            });
        }
    };
    let on_file = {
        let add_file = add_file.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else { return };
            let files = input.files();
            for i in 0..files.as_ref().map_or(0, |f| f.length()) {
                if let Some(file) = files.as_ref().and_then(|f| f.get(i)) {
                    add_file(file);
                }
            }
            input.set_value("");
        })
    };
    let file_input = use_node_ref();
    let on_choose = {
        let file_input = file_input.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(input) = file_input.cast::<web_sys::HtmlInputElement>() {
                input.click();
            }
        })
    };
    let on_drag_over = Callback::from(|e: DragEvent| e.prevent_default());
    let on_drop = {
        let text = text.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let Some(transfer) = e.data_transfer() else { return };
            let files = transfer.files();
            let count = files.as_ref().map_or(0, |f| f.length());
            if count == 0 {
                // Dropped text (a selection of links) rather than a file.
                if let Ok(dropped) = transfer.get_data("text/plain") {
                    if !dropped.trim().is_empty() {
                        let joined =
                            if text.trim().is_empty() { dropped } else { format!("{}\n{dropped}", text.trim_end()) };
                        text.set(joined);
                    }
                }
            }
            for i in 0..count {
                if let Some(file) = files.as_ref().and_then(|f| f.get(i)) {
                    add_file(file);
                }
            }
        })
    };

    let on_check = {
        let (text, rows, progress, run, documents) =
            (text.clone(), rows.clone(), progress.clone(), Rc::clone(&run), Rc::clone(&documents));
        Callback::from(move |_: MouseEvent| {
            let mut current = class_list::rows_of(&text);
            let generation = {
                let mut run = run.borrow_mut();
                *run += 1;
                *run
            };
            let total = current.iter().filter(|r| r.state == RowState::Waiting).count();
            rows.set(Rc::new(current.clone()));
            progress.set((total > 0).then_some((0, total)));
            let (rows, progress, run, documents) =
                (rows.clone(), progress.clone(), Rc::clone(&run), Rc::clone(&documents));
            yew::platform::spawn_local(async move {
                let mut done = 0;
                for i in 0..current.len() {
                    // Let the browser draw (and the lecturer click) between hand-ins.
                    yew::platform::time::sleep(Duration::ZERO).await;
                    if *run.borrow() != generation {
                        return;
                    }
                    let Some(row) = current.get_mut(i) else { break };
                    let Some(hand_in) = row.hand_in.clone() else { continue };
                    let still_current = || *run.borrow() == generation;
                    let Some(state) = checked(&hand_in, &documents, lang, still_current).await else { return };
                    if *run.borrow() != generation {
                        return;
                    }
                    row.state = state;
                    done += 1;
                    rows.set(Rc::new(current.clone()));
                    progress.set((done < total).then_some((done, total)));
                }
            });
        })
    };

    let on_filter = {
        let filter = filter.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                filter.set(input.value());
            }
        })
    };
    let sort_by = |by: SortBy| {
        let sort = sort.clone();
        Callback::from(move |_: MouseEvent| {
            let (now, descending) = *sort;
            // A new column starts with what a lecturer looks for first:
            // names A to Z, the best scores first.
            sort.set(if now == by { (by, !descending) } else { (by, by == SortBy::Score) });
        })
    };
    let sort_header = |by: SortBy, label: &str| {
        let (now, descending) = *sort;
        let arrow = match (now == by, descending) {
            (false, _) => "",
            (true, false) => " ▲",
            (true, true) => " ▼",
        };
        let state = (now == by).then_some(if descending { words.sort_descending } else { words.sort_ascending });
        html! {
            <button type="button" class="quiet class-sort" onclick={sort_by(by)} title={state}>
                { format!("{label}{arrow}") }
            </button>
        }
    };

    let columns = class_list::columns(&rows);
    let exercises: Vec<&str> = {
        let mut seen: Vec<&str> = Vec::new();
        for row in rows.iter() {
            if let RowState::Checked(score) = &row.state {
                if !seen.contains(&score.exercise.as_str()) {
                    seen.push(&score.exercise);
                }
            }
        }
        seen
    };
    let several = exercises.len() > 1;
    let width = 3 + columns.len() + usize::from(several);
    let (count, damaged) = class_list::counts(&rows);
    let shown = class_list::shown(&rows, &filter, sort.0, sort.1);

    let row_html = |row: &Row| {
        let name = if row.hand_in.is_none() {
            words.damaged.to_string()
        } else if row.name().is_empty() {
            words.no_name.to_string()
        } else {
            row.name().to_string()
        };
        let open = row.hand_in.clone().map(|hand_in| {
            let on_open = props.on_open.clone();
            let onclick = Callback::from(move |_: MouseEvent| on_open.emit(hand_in.clone()));
            html! { <button type="button" class="class-open" {onclick}>{ words.open }</button> }
        });
        let rest = match &row.state {
            RowState::Checked(score) => {
                let marks = columns.iter().map(|column| match score.mark(column) {
                    Some(met) => {
                        let (class, sign, said) =
                            if met { ("met", "✓", words.met) } else { ("not-met", "✗", words.not_met) };
                        html! { <td class={classes!("class-mark", class)} title={format!("{column}: {said}")}>{ sign }</td> }
                    }
                    None => html! { <td class="class-mark"></td> },
                });
                html! {
                    <>
                        if several { <td class="class-exercise">{ &score.exercise }</td> }
                        { for marks }
                        <td class="class-score">
                            { (words.score)(&lang.count(score.met as u64), &lang.count(score.of as u64)) }
                        </td>
                    </>
                }
            }
            RowState::Waiting => {
                html! { <td class="class-waiting" colspan={(width - 2).to_string()}>{ words.waiting }</td> }
            }
            RowState::Damaged(why) | RowState::NotChecked(why) => {
                let label = if row.hand_in.is_some() { format!("{}: ", words.not_checked) } else { String::new() };
                html! { <td class="class-reason" colspan={(width - 2).to_string()}>{ format!("{label}{why}") }</td> }
            }
        };
        let class = match row.state {
            RowState::Damaged(_) => "damaged",
            RowState::NotChecked(_) => "not-checked",
            _ => "",
        };
        html! {
            <tr class={classes!("class-row", class)} key={row.line} data-line={row.line.to_string()}>
                <td class="class-name">{ name }</td>
                { rest }
                <td class="class-actions">{ for open }</td>
            </tr>
        }
    };

    html! {
        <section id="class-view" class="class-view" aria-labelledby="class-view-title">
            <h2 id="class-view-title">{ words.class_title }</h2>
            <p class="class-intro">{ words.class_intro }</p>
            <div class="class-drop" ondragover={on_drag_over} ondrop={on_drop}>
                <label for="class-links">{ words.links_label }</label>
                <textarea id="class-links" rows="5" spellcheck="false" value={(*text).clone()} oninput={on_input}
                    placeholder="https://…/#handin1=…" />
                <div class="class-buttons">
                    <button type="button" id="class-check" onclick={on_check}>{ words.check }</button>
                    <button type="button" class="quiet" onclick={on_choose}>{ words.read_file }</button>
                    <input type="file" id="class-file" class="visually-hidden" multiple=true accept=".txt,text/plain"
                        tabindex="-1" aria-hidden="true" ref={file_input} onchange={on_file} />
                    if let Some((done, total)) = *progress {
                        <span id="class-progress" role="status">
                            <progress max={total.to_string()} value={done.to_string()}></progress>
                            { (words.progress)(&lang.count(done as u64), &lang.count(total as u64)) }
                        </span>
                    }
                </div>
                if let Some(error) = &*file_error {
                    <p class="error">{ error }</p>
                }
            </div>
            if rows.is_empty() {
                <p class="class-empty">{ words.no_links }</p>
            } else {
                <p id="class-summary">{ (words.summary)(&lang.count(count as u64), &lang.count(damaged as u64)) }</p>
                <label class="class-filter">
                    { words.filter_label }
                    <input id="class-filter" type="search" value={(*filter).clone()} oninput={on_filter} />
                </label>
                <div class="class-table-wrap">
                    <table id="class-table">
                        <thead>
                            <tr>
                                <th>{ sort_header(SortBy::Name, words.col_name) }</th>
                                if several { <th class="class-exercise">{ words.col_exercise }</th> }
                                { for columns.iter().map(|c| html! { <th class="class-column" title={c.clone()}>{ breakable(c) }</th> }) }
                                <th>{ sort_header(SortBy::Score, words.col_score) }</th>
                                <th></th>
                            </tr>
                        </thead>
                        <tbody>
                            { for shown.iter().filter_map(|&i| rows.get(i)).map(row_html) }
                        </tbody>
                    </table>
                </div>
            }
        </section>
    }
}
