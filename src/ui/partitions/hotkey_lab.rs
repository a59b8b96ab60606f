//! The hot-key lab: run a deterministic workload against a lab table and
//! watch which partitions throttle, then apply write sharding to the same
//! traffic and compare.
//!
//! ```text
//!   preset ▾  rate  seconds  keys  shards  table WCU …
//!   [Run] [Pause] [Step +1 s] speed ▾ [To the end]   [Apply write sharding and rerun]
//!   ┌ before ───────────────────────┐ ┌ after: 10 shards ─────────────┐
//!   │ heatmap partition × second    │ │ heatmap                       │
//!   │ consumed / provisioned / thr. │ │ …                             │
//!   │ burst level, keyspace, top keys│ │                               │
//!   └───────────────────────────────┘ └───────────────────────────────┘
//! ```
//!
//! The runs ([`LabSession`], in `lab_run`) advance in engine-second slices:
//! while playing, a frame every [`FRAME`] simulates `speed ×` the real time
//! gone by (engine seconds per real second), within a time budget, and the
//! charts ([`run_view`], in `lab_charts`) redraw from what was simulated so
//! far. Pause keeps the runs as they are; Step simulates one second; "To the
//! end" plays as fast as the budget allows. Changing the workload throws
//! the runs away. Applying write sharding starts both runs again from
//! second 0, the hot key and its shards side by side.
//!
//! Whether the runs play lives in the session, and the buttons change it
//! there at once: `play` below starts the frames under a new ticket,
//! `LabSession::pause` makes every ticket stale. An effect that starts and
//! stops the frames would not do: while frames keep re-rendering a slow
//! page, Yew puts off running effects until the frames stop, so a Pause
//! shown on the page would not stop them.
//!
//! A lesson step can ask the lab to run its workload (through the
//! [`LessonBus`](crate::ui::lessons::lesson_bus), then the lab's root in the
//! page, [`lab_module`](super::lab_module)): the form takes the workload's
//! values and the run plays at full speed, with `compare` beside its
//! sharded twin.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::lab_charts::run_view;
use super::lab_run::{LabForm, LabRun, LabSession, Preset};
use crate::i18n::LabProblem;
use crate::scenario::lessons::LessonWorkload;
use crate::ui::frames;
use crate::ui::language::{use_lang, LabState, Lang, Msg};

/// Time between two animation frames.
pub const FRAME: Duration = Duration::from_millis(100);

/// Engine seconds per real second; `None`: as fast as the page allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Speed(pub Option<u32>);

impl Speed {
    const CHOICES: [Speed; 6] =
        [Speed(Some(1)), Speed(Some(5)), Speed(Some(10)), Speed(Some(30)), Speed(Some(60)), Speed(None)];

    fn id(self) -> String {
        self.0.map_or_else(|| "max".to_string(), |n| n.to_string())
    }

    fn label(self, lang: Lang) -> String {
        match self.0 {
            Some(1) => lang.t(Msg::RealTime).into(),
            Some(n) => lang.tr().seconds_per_second(n),
            None => lang.t(Msg::AsFastAsPossible).into(),
        }
    }

    fn from_id(id: &str) -> Speed {
        Speed::CHOICES.into_iter().find(|s| s.id() == id).unwrap_or_default()
    }
}

impl Default for Speed {
    fn default() -> Self {
        Speed(Some(10))
    }
}

/// Plays `session`'s runs at `speed`: a frame every [`FRAME`] advances them
/// and re-renders the lab through `frame`, until they end, are paused, or
/// another play replaces this one.
fn play(session: &Rc<RefCell<LabSession>>, speed: Speed, frame: &UseStateSetter<u64>) {
    let Ok(mut s) = session.try_borrow_mut() else { return };
    let ticket = s.play(js_sys::Date::now());
    frame.set(s.frames);
    drop(s);
    let session = Rc::clone(session);
    frames::run(FRAME, frame.clone(), move || {
        let mut s = session.try_borrow_mut().ok()?;
        let more = s.tick(ticket, speed.0.map(f64::from), js_sys::Date::now());
        Some((s.frames, more))
    });
}

fn number_field(id: &'static str, label: &'static str, value: String, on: Callback<String>) -> Html {
    let oninput = Callback::from(move |e: InputEvent| {
        if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
            on.emit(input.value());
        }
    });
    html! {
        <label class="lab-field" for={id}>
            <span>{ label }</span>
            <input {id} type="number" min="0" step="any" inputmode="decimal" {value} {oninput} />
        </label>
    }
}

#[derive(Properties, PartialEq, Default)]
pub struct HotKeyLabProps {
    /// A lesson step's workload to run, with the request's number.
    #[prop_or_default]
    pub request: Option<(u64, Rc<LessonWorkload>)>,
    /// Hears the number of each request the lab has started.
    #[prop_or_default]
    pub on_done: Callback<u64>,
    /// "Embed link": copies a link to the lab alone (the page does, as the
    /// link carries its playground); `None` in an embedded lab.
    #[prop_or_default]
    pub embed: Option<Callback<MouseEvent>>,
}

/// The lab itself.
#[component]
pub fn HotKeyLab(props: &HotKeyLabProps) -> Html {
    let lang = use_lang();
    let form = use_state(LabForm::default);
    let session = use_mut_ref(LabSession::default);
    // Set (to the session's frame count) whenever the runs moved or started
    // or stopped playing: what re-renders the lab.
    let frame = use_state(|| 0u64);
    let speed = use_state(Speed::default);
    let error = use_state(|| None::<LabProblem>);

    // Leaving the page stops the frames.
    {
        let session = session.clone();
        use_effect_with((), move |_| {
            move || {
                if let Ok(mut s) = session.try_borrow_mut() {
                    s.pause();
                }
            }
        });
    }

    // Starts the runs afresh (the Run buttons and a lesson step) and plays
    // them at `speed`; a refusal is shown and nothing plays.
    let launch = {
        let (session, frame, error) = (session.clone(), frame.setter(), error.clone());
        Rc::new(move |form: &LabForm, sharded: bool, speed: Speed| {
            let Ok(mut s) = session.try_borrow_mut() else { return };
            let started = s.start(form, sharded);
            if started.is_err() {
                s.pause();
            }
            frame.set(s.frames);
            drop(s);
            match started {
                Ok(()) => {
                    error.set(None);
                    play(&session, speed, &frame);
                }
                Err(problem) => error.set(Some(problem)),
            }
        })
    };

    // A lesson step's workload: fill the form, start its runs at full speed,
    // and mark the request done.
    {
        let (form, speed, launch) = (form.clone(), speed.clone(), Rc::clone(&launch));
        let (request, done) = (props.request.clone(), props.on_done.clone());
        use_effect_with(request.as_ref().map(|(id, _)| *id), move |_| {
            if let Some((id, workload)) = request {
                let next = LabForm::from_lesson(&workload);
                speed.set(Speed(None));
                launch(&next, workload.compare, Speed(None));
                form.set(next);
                done.emit(id);
            }
        });
    }

    // Any change to the workload throws the runs away.
    let reset = {
        let (session, frame, error) = (session.clone(), frame.clone(), error.clone());
        move || {
            if let Ok(mut s) = session.try_borrow_mut() {
                s.clear();
                frame.set(s.frames);
            }
            error.set(None);
        }
    };
    let setter = |apply: fn(&mut LabForm, &str)| {
        let (form, reset) = (form.clone(), reset.clone());
        Callback::from(move |text: String| {
            let mut next = (*form).clone();
            apply(&mut next, text.trim());
            form.set(next);
            reset();
        })
    };
    let onpreset = {
        let (form, reset) = (form.clone(), reset.clone());
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                form.set(Preset::from_id(&select.value()).form());
                reset();
            }
        })
    };
    let onoperation = {
        let (form, reset) = (form.clone(), reset.clone());
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                let mut next = (*form).clone();
                next.reads = match select.value().as_str() {
                    "read" => Some(false),
                    "read-strong" => Some(true),
                    _ => None,
                };
                form.set(next);
                reset();
            }
        })
    };
    let start = |sharded: bool| {
        let (form, speed, launch) = (form.clone(), speed.clone(), Rc::clone(&launch));
        Callback::from(move |_: MouseEvent| launch(&form, sharded, *speed))
    };
    // Pause and Resume read the session, not this render's idea of it.
    let onpause = {
        let (session, speed, frame) = (session.clone(), speed.clone(), frame.setter());
        Callback::from(move |_: MouseEvent| {
            let Ok(mut s) = session.try_borrow_mut() else { return };
            if s.is_playing() {
                s.pause();
                frame.set(s.frames);
            } else {
                drop(s);
                play(&session, *speed, &frame);
            }
        })
    };
    let onstep = {
        let (session, frame) = (session.clone(), frame.clone());
        Callback::from(move |_: MouseEvent| {
            if let Ok(mut s) = session.try_borrow_mut() {
                s.pause();
                s.step();
                frame.set(s.frames);
            }
        })
    };
    // A new speed while playing plays on at it.
    let onspeed = {
        let (session, speed, frame) = (session.clone(), speed.clone(), frame.setter());
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                let chosen = Speed::from_id(&select.value());
                speed.set(chosen);
                if session.try_borrow().is_ok_and(|s| s.is_playing()) {
                    play(&session, chosen, &frame);
                }
            }
        })
    };
    let onfinish = {
        let (session, speed, frame) = (session.clone(), speed.clone(), frame.setter());
        Callback::from(move |_: MouseEvent| {
            speed.set(Speed(None));
            play(&session, Speed(None), &frame);
        })
    };

    // What to draw, read from the runs as they are now.
    let (views, has_run, has_work, playing, done, seconds) = match session.try_borrow() {
        Ok(s) => {
            let has_work = s.has_work();
            let done = s.before.as_ref().map_or(0, LabRun::seconds_done);
            let views = [
                s.before.as_ref().map(|r| ("lab-before", r.view())),
                s.after.as_ref().map(|r| ("lab-after", r.view())),
            ];
            (views, s.before.is_some(), has_work, s.is_playing(), done, form.seconds)
        }
        Err(_) => ([None, None], false, false, false, 0, form.seconds),
    };
    let status = if !has_run {
        None
    } else {
        let state = if !has_work {
            LabState::Finished
        } else if playing {
            LabState::Running
        } else {
            LabState::Paused
        };
        Some(lang.tr().lab_status(state, &speed.label(lang), u64::from(done), u64::from(seconds)))
    };

    let f = &*form;
    let shows_keys = matches!(f.preset, Preset::Zipf | Preset::Uniform);
    html! {
        <section class="card hotkey-lab" id="hotkey-lab">
            <div class="card-head">
                <h2>{ lang.t(Msg::HotKeyLab) }</h2>
                if let Some(onclick) = props.embed.clone() {
                    <button type="button" class="quiet small embed-button" id="embed-lab" {onclick}
                        title={lang.t(Msg::EmbedLinkTitle)}>{ lang.t(Msg::EmbedLink) }</button>
                }
            </div>
            <p class="hint">
                { lang.tr().lab_intro() }
            </p>
            <div class="lab-form">
                <label class="lab-field" for="lab-preset">
                    <span>{ lang.t(Msg::Workload) }</span>
                    <select id="lab-preset" onchange={onpreset}>
                        { for Preset::ALL.iter().map(|p| html! {
                            <option value={p.id()} selected={*p == f.preset}>{ lang.t(p.msg()) }</option>
                        }) }
                    </select>
                </label>
                <label class="lab-field" for="lab-operation">
                    <span>{ lang.t(Msg::Operation) }</span>
                    <select id="lab-operation" onchange={onoperation}>
                        <option value="write" selected={f.reads.is_none()}>{ "PutItem" }</option>
                        <option value="read" selected={f.reads == Some(false)}>{ lang.t(Msg::GetEventual) }</option>
                        <option value="read-strong" selected={f.reads == Some(true)}>{ lang.t(Msg::GetStrong) }</option>
                    </select>
                </label>
                { number_field("lab-rate", lang.t(Msg::RequestsPerSecond), f.rate.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.rate = v })) }
                { number_field("lab-seconds", lang.t(Msg::Seconds), f.seconds.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.seconds = v })) }
                if shows_keys {
                    { number_field("lab-keys", lang.t(Msg::DistinctKeys), f.keys.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.keys = v })) }
                }
                if f.preset == Preset::Zipf {
                    { number_field("lab-zipf", lang.t(Msg::ZipfSkew), f.zipf_s.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.zipf_s = v })) }
                }
                { number_field("lab-shards", lang.t(Msg::Shards), f.shards.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.shards = v })) }
                { number_field("lab-rcu", lang.t(Msg::TableRcu), f.table_rcu.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.table_rcu = v })) }
                { number_field("lab-wcu", lang.t(Msg::TableWcu), f.table_wcu.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.table_wcu = v })) }
                { number_field("lab-size", lang.t(Msg::ItemBytes), f.item_bytes.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.item_bytes = v })) }
                { number_field("lab-seed", lang.t(Msg::Seed), f.seed.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.seed = v })) }
                { number_field("lab-heat", lang.t(Msg::HeatAfter), f.heat_after.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.heat_after = v })) }
            </div>
            <div class="lab-actions" role="group" aria-label={lang.t(Msg::RunControls)}>
                <button type="button" id="lab-run" class="primary" onclick={start(false)}>
                    { lang.t(if has_run { Msg::RunAgain } else { Msg::RunWorkload }) }
                </button>
                <button type="button" id="lab-pause" class="secondary" onclick={onpause} disabled={!has_work}
                    aria-pressed={(!playing && has_work).to_string()}>
                    { lang.t(if playing { Msg::Pause } else { Msg::Resume }) }
                </button>
                <button type="button" id="lab-step" class="secondary" onclick={onstep} disabled={!has_work}>{ lang.t(Msg::StepSecond) }</button>
                <label class="lab-speed" for="lab-speed">
                    <span>{ lang.t(Msg::Speed) }</span>
                    <select id="lab-speed" onchange={onspeed}>
                        { for Speed::CHOICES.iter().map(|s| html! {
                            <option value={s.id()} selected={*s == *speed}>{ s.label(lang) }</option>
                        }) }
                    </select>
                </label>
                <button type="button" id="lab-finish" class="secondary" onclick={onfinish} disabled={!has_work}>{ lang.t(Msg::ToTheEnd) }</button>
                <button type="button" id="lab-shard" class="secondary" onclick={start(true)} disabled={!has_run}>
                    { lang.tr().apply_sharding(u64::from(f.shards.max(1))) }
                </button>
            </div>
            if let Some(status) = status {
                <p class="lab-status" id="lab-status">{ status }</p>
            }
            if let Some(message) = &*error {
                <div class="error-box" role="alert" id="lab-error">{ lang.tr().lab_problem(message) }</div>
            }
            <div class="lab-results">
                { for views.iter().flatten().map(|(class, view)| run_view(class, view, lang)) }
            </div>
        </section>
    }
}
