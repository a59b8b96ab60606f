//! The hot-key lab: run a deterministic workload against a lab table and
//! watch which partitions throttle, then apply write sharding to the same
//! traffic and compare.
//!
//! ```text
//!   preset ▾  rate  seconds  keys  shards  table WCU  [Run]  [Apply write sharding]
//!   ┌ before ───────────────────────┐ ┌ after: 10 shards ─────────────┐
//!   │ heatmap partition × second    │ │ heatmap                       │
//!   │ consumed / provisioned / thr. │ │ …                             │
//!   │ burst level, top keys         │ │                               │
//!   └───────────────────────────────┘ └───────────────────────────────┘
//! ```
//!
//! Each run uses a fresh engine with one table (`Lab`, provisioned with the
//! lab's capacity), so the student's own tables, data and clock are never
//! touched and "before" and "after" start from identical buckets. Runs are
//! seeded ([`Engine::run_workload`] is deterministic) and bounded at
//! [`MAX_LAB_REQUESTS`] so the page stays responsive. Charts are plain SVG.
//!
//! A lesson step can ask the lab to run its workload (through the
//! [`LessonBus`](super::lesson_bus)): the form takes the workload's values,
//! the run starts, and with `compare` the sharded run follows.

use std::rc::Rc;

use serde_json::json;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::cost::units;
use super::format::group_digits;
use super::lesson_bus::{BusAction, LessonBusContext};
use super::partition_map::two_decimals;
use crate::engine::sim::{KeyDistribution, Operation, Stream, Workload, WorkloadReport};
use crate::engine::Engine;
use crate::scenario::lessons::LessonWorkload;

/// Most requests one lab run may simulate.
pub const MAX_LAB_REQUESTS: f64 = 2_000_000.0;
/// Longest lab run, in seconds of engine time.
pub const MAX_LAB_SECONDS: u32 = 3_600;
/// Most capacity the lab table may have: the default per-table quota.
pub const MAX_LAB_CAPACITY: u32 = 40_000;
/// Most heatmap columns: longer runs are binned.
const MAX_COLUMNS: usize = 120;

/// The workload presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// LESSONS.md, seed 001: every vote for one candidate goes to one key.
    Voting,
    HotKey,
    Zipf,
    Uniform,
    Sharded,
}

impl Preset {
    const ALL: [Preset; 5] = [Preset::Voting, Preset::HotKey, Preset::Zipf, Preset::Uniform, Preset::Sharded];

    fn id(self) -> &'static str {
        match self {
            Preset::Voting => "voting",
            Preset::HotKey => "hot",
            Preset::Zipf => "zipf",
            Preset::Uniform => "uniform",
            Preset::Sharded => "sharded",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Preset::Voting => "Voting: 1,500 votes/s for CandidateA (seed 001)",
            Preset::HotKey => "One hot key at N writes/s",
            Preset::Zipf => "Zipf: a few keys take most traffic",
            Preset::Uniform => "Uniform over many keys",
            Preset::Sharded => "Write sharding over N shards",
        }
    }

    fn from_id(id: &str) -> Preset {
        Preset::ALL.into_iter().find(|p| p.id() == id).unwrap_or(Preset::Voting)
    }

    fn form(self) -> LabForm {
        let base = LabForm::default();
        match self {
            Preset::Voting => base,
            Preset::HotKey => LabForm { rate: 1_200.0, prefix: "hot".into(), preset: self, ..base },
            Preset::Zipf => LabForm { rate: 3_000.0, keys: 1_000, prefix: "item".into(), preset: self, ..base },
            Preset::Uniform => LabForm { rate: 5_000.0, keys: 10_000, prefix: "item".into(), preset: self, ..base },
            Preset::Sharded => LabForm { preset: self, ..base },
        }
    }
}

/// What the lab runs.
#[derive(Clone, Debug, PartialEq)]
pub struct LabForm {
    pub preset: Preset,
    pub rate: f64,
    pub seconds: u32,
    pub keys: u32,
    pub zipf_s: f64,
    pub shards: u32,
    pub prefix: String,
    pub table_wcu: u32,
    pub table_rcu: u32,
    /// Writes, or reads (strongly consistent when true).
    pub reads: Option<bool>,
    pub item_bytes: u32,
    pub seed: u64,
}

impl Default for LabForm {
    fn default() -> Self {
        Self {
            preset: Preset::Voting,
            rate: 1_500.0,
            seconds: 60,
            keys: 1_000,
            zipf_s: 1.2,
            shards: 10,
            prefix: "CandidateA".into(),
            table_wcu: 10_000,
            table_rcu: 10_000,
            reads: None,
            item_bytes: 1_000,
            seed: 42,
        }
    }
}

impl LabForm {
    /// The form a lesson's workload fills in.
    pub fn from_lesson(w: &LessonWorkload) -> Self {
        Self {
            preset: Preset::from_id(&w.preset),
            rate: w.rate,
            seconds: w.seconds,
            keys: w.keys,
            zipf_s: w.zipf_s,
            shards: w.shards,
            prefix: w.prefix.clone(),
            table_wcu: w.table_wcu,
            table_rcu: w.table_rcu,
            reads: w.reads,
            item_bytes: w.item_bytes,
            seed: w.seed,
        }
    }

    fn distribution(&self) -> KeyDistribution {
        match self.preset {
            Preset::Voting | Preset::HotKey => KeyDistribution::HotKey,
            Preset::Zipf => KeyDistribution::Zipf { keys: self.keys.max(1), s: self.zipf_s },
            Preset::Uniform => KeyDistribution::Uniform { keys: self.keys.max(1) },
            Preset::Sharded => KeyDistribution::Shards { shards: self.shards.max(1) },
        }
    }

    fn operation(&self) -> Operation {
        match self.reads {
            None => Operation::Write,
            Some(consistent) => Operation::Read { consistent },
        }
    }

    /// "WCU" or "RCU": what the run consumes.
    fn unit(&self) -> &'static str {
        if self.reads.is_some() {
            "RCU"
        } else {
            "WCU"
        }
    }

    fn workload(&self, keys: KeyDistribution) -> Workload {
        Workload {
            table: "Lab".into(),
            index: None,
            streams: vec![Stream::constant(self.operation(), self.rate, keys, &self.prefix, self.item_bytes.max(1))],
            seconds: self.seconds,
            seed: self.seed,
            top_n: 8,
        }
    }

    /// Why the form cannot run, if it cannot.
    fn problem(&self) -> Option<String> {
        if !(self.rate.is_finite() && self.rate > 0.0) {
            return Some("The rate must be a positive number of requests per second.".into());
        }
        if self.seconds == 0 || self.seconds > MAX_LAB_SECONDS {
            return Some(format!("The duration must be 1 to {} seconds.", group_digits(MAX_LAB_SECONDS as usize)));
        }
        if self.rate * self.seconds as f64 > MAX_LAB_REQUESTS {
            return Some(format!(
                "That is {} requests; the lab runs at most {} in the browser. Lower the rate or the duration.",
                group_digits((self.rate * self.seconds as f64) as usize),
                group_digits(MAX_LAB_REQUESTS as usize)
            ));
        }
        let capacity = 1..=MAX_LAB_CAPACITY;
        if !capacity.contains(&self.table_wcu) || !capacity.contains(&self.table_rcu) {
            return Some(format!(
                "The lab table's RCU and WCU must be 1 to {} (the default per-table quota).",
                group_digits(MAX_LAB_CAPACITY as usize)
            ));
        }
        if self.preset == Preset::Zipf && !(self.zipf_s.is_finite() && self.zipf_s > 0.0 && self.zipf_s <= 10.0) {
            return Some("The Zipf skew s must be a number above 0 (1 to 2 is typical), at most 10.".into());
        }
        None
    }
}

/// One finished run.
#[derive(Debug, PartialEq)]
pub struct LabRun {
    pub title: String,
    /// "WCU" or "RCU".
    pub unit: &'static str,
    pub report: WorkloadReport,
    pub partitions: usize,
    pub provisioned: f64,
    pub share: f64,
}

/// Runs `keys` traffic from `form` on a fresh engine.
pub fn run_lab(form: &LabForm, keys: KeyDistribution, title: String) -> Result<LabRun, String> {
    if let Some(problem) = form.problem() {
        return Err(problem);
    }
    let mut engine = Engine::new();
    engine
        .execute(
            "CreateTable",
            &json!({
                "TableName": "Lab",
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "ProvisionedThroughput": {"ReadCapacityUnits": form.table_rcu, "WriteCapacityUnits": form.table_wcu}
            }),
        )
        .map_err(|e| e.message().to_string())?;
    let before = engine.describe_partitions("Lab", None).map(|p| p.len()).unwrap_or(1);
    let report = engine.run_workload(&form.workload(keys)).map_err(|e| format!("{}: {}", e.name(), e.message()))?;
    let after = engine.describe_partitions("Lab", None).map(|p| p.len()).unwrap_or(before);
    let seen = report.partitions.iter().map(|s| s.partition + 1).max().unwrap_or(0);
    let partitions = after.max(before).max(seen).max(1);
    let provisioned = if form.reads.is_some() { form.table_rcu } else { form.table_wcu } as f64;
    Ok(LabRun { title, unit: form.unit(), partitions, provisioned, share: provisioned / before.max(1) as f64, report })
}

/// Partition × time heatmap: blue for consumed, red for throttled.
fn heatmap(id: &str, run: &LabRun) -> Html {
    let seconds = run.report.per_second.len().max(1);
    let bin = seconds.div_ceil(MAX_COLUMNS).max(1);
    let columns = seconds.div_ceil(bin);
    let rows = run.partitions;
    // (consumed, throttled requests, requests) per cell.
    let mut cells = vec![(0.0f64, 0u64); rows * columns];
    for s in &run.report.partitions {
        let rel = s.second.saturating_sub(run.report.start_second) as usize;
        let (col, row) = (rel / bin, s.partition);
        if col < columns && row < rows {
            if let Some(cell) = cells.get_mut(row * columns + col) {
                cell.0 += s.consumed_read + s.consumed_write;
                cell.1 += s.throttled_reads + s.throttled_writes;
            }
        }
    }
    let max_consumed = cells.iter().map(|c| c.0).fold(0.0, f64::max).max(1e-9);
    let max_throttled = cells.iter().map(|c| c.1).max().unwrap_or(0).max(1) as f64;
    let (cw, rh) = (8.0, 16.0);
    let width = columns as f64 * cw;
    let height = rows as f64 * rh;
    let rects = cells.iter().enumerate().filter(|(_, c)| c.0 > 0.0 || c.1 > 0).map(|(i, (consumed, throttled))| {
        let (row, col) = (i / columns, i % columns);
        let throttled_cell = *throttled > 0;
        let class = if throttled_cell { "heat-cell throttled" } else { "heat-cell" };
        let opacity = if throttled_cell {
            0.45 + 0.55 * (*throttled as f64 / max_throttled)
        } else {
            0.15 + 0.85 * (consumed / max_consumed)
        };
        let from = col * bin;
        let to = (from + bin).min(seconds);
        html! {
            <rect {class} x={format!("{:.1}", col as f64 * cw)} y={format!("{:.1}", row as f64 * rh)}
                width={format!("{cw}")} height={format!("{rh}")} fill-opacity={format!("{opacity:.2}")}>
                <title>{ format!(
                    "P{} · s {}–{} · consumed {} · throttled {}",
                    row + 1, from, to, two_decimals(*consumed), group_digits(*throttled as usize)
                ) }</title>
            </rect>
        }
    });
    let row_labels = (0..rows).map(|r| {
        html! { <text class="heat-label" x="-4" y={format!("{:.1}", r as f64 * rh + rh * 0.75)} text-anchor="end">{ format!("P{}", r + 1) }</text> }
    });
    let throttled_cells = cells.iter().filter(|c| c.1 > 0).count();
    html! {
        <figure class="lab-figure">
            <figcaption>{ format!("Partition × time ({} s per column) · blue: consumed, red: throttled", bin) }</figcaption>
            <svg class="heatmap" id={id.to_string()} data-throttled-cells={throttled_cells.to_string()}
                viewBox={format!("-40 0 {} {}", width + 42.0, height.max(rh))} role="img"
                aria-label={format!("Heatmap: {rows} partitions over {seconds} seconds, {throttled_cells} cells with throttling")}>
                <rect class="heat-bg" x="0" y="0" width={format!("{width}")} height={format!("{height}")} />
                { for row_labels }
                { for rects }
            </svg>
        </figure>
    }
}

/// A polyline through `values` scaled into a `w` × `h` box with `max` on top.
fn polyline(values: &[f64], max: f64, w: f64, h: f64) -> String {
    let n = values.len().max(2) - 1;
    values
        .iter()
        .enumerate()
        .map(|(i, v)| format!("{:.1},{:.1}", i as f64 / n as f64 * w, h - (v / max).clamp(0.0, 1.0) * h))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Consumed vs provisioned vs throttled per second, and the hottest
/// partition's burst bucket.
fn timeline(run: &LabRun) -> Html {
    let (w, h) = (400.0, 120.0);
    let consumed: Vec<f64> = run.report.per_second.iter().map(|s| s.consumed_read + s.consumed_write).collect();
    let throttled: Vec<f64> = run.report.per_second.iter().map(|s| s.throttled as f64).collect();
    let max = consumed.iter().chain(throttled.iter()).copied().fold(run.provisioned, f64::max).max(1.0) * 1.05;
    let prov_y = format!("{:.1}", h - run.provisioned / max * h);
    // The partition that throttled most (or consumed most) and its bucket.
    let mut by_partition = vec![(0u64, 0.0f64); run.partitions];
    for s in &run.report.partitions {
        if let Some(p) = by_partition.get_mut(s.partition) {
            p.0 += s.throttled_reads + s.throttled_writes;
            p.1 += s.consumed_read + s.consumed_write;
        }
    }
    let hottest = by_partition
        .iter()
        .enumerate()
        .max_by(|a, b| (a.1 .0, a.1 .1).partial_cmp(&(b.1 .0, b.1 .1)).unwrap_or(std::cmp::Ordering::Equal))
        .map(|(i, _)| i)
        .unwrap_or(0);
    let mut burst = vec![0.0f64; run.report.per_second.len()];
    let mut last = run.share * 300.0;
    let mut samples: Vec<_> = run.report.partitions.iter().filter(|s| s.partition == hottest).collect();
    samples.sort_by_key(|s| s.second);
    let mut next = samples.iter().peekable();
    for (i, slot) in burst.iter_mut().enumerate() {
        let second = run.report.start_second + i as u64;
        while let Some(s) = next.peek() {
            if s.second <= second {
                last = s.write_tokens + s.read_tokens;
                next.next();
            } else {
                break;
            }
        }
        *slot = last;
    }
    let burst_max = burst.iter().copied().fold(1.0, f64::max) * 1.05;
    let burst_min = burst.iter().copied().fold(0.0, f64::min);
    let burst_shifted: Vec<f64> = burst.iter().map(|b| b - burst_min).collect();
    html! {
        <>
            <figure class="lab-figure">
                <figcaption>
                    <span class="key-consumed">{ "consumed" }</span>{ " vs " }
                    <span class="key-provisioned">{ format!("provisioned ({} {})", group_digits(run.provisioned as usize), run.unit) }</span>
                    { " vs " }<span class="key-throttled">{ "throttled requests" }</span>{ " per second (table totals)" }
                </figcaption>
                <svg class="timeline" viewBox={format!("0 0 {w} {h}")} role="img" aria-label="Consumed, provisioned and throttled per second">
                    <line class="line-provisioned" x1="0" x2={format!("{w}")} y1={prov_y.clone()} y2={prov_y} />
                    <text class="axis-label" x="4" y="11">{ units(max.round()) }</text>
                    <polyline class="line-consumed" points={polyline(&consumed, max, w, h)} />
                    <polyline class="line-throttled" points={polyline(&throttled, max, w, h)} />
                </svg>
            </figure>
            <figure class="lab-figure">
                <figcaption>{ format!("Burst bucket of P{} (the hottest partition): tokens left each second", hottest + 1) }</figcaption>
                <svg class="timeline burst" viewBox={format!("0 0 {w} 60")} role="img" aria-label="Burst bucket level">
                    <polyline class="line-burst" points={polyline(&burst_shifted, burst_max - burst_min, w, 60.0)} />
                </svg>
            </figure>
        </>
    }
}

fn run_view(class: &'static str, run: &LabRun) -> Html {
    let r = &run.report;
    let percent = if r.requests > 0 { r.throttled as f64 / r.requests as f64 * 100.0 } else { 0.0 };
    let top = r.top_keys.iter().map(|k| {
        html! { <tr><td><code>{ &k.key }</code></td><td>{ group_digits(k.accesses as usize) }</td><td>{ group_digits(k.throttles as usize) }</td></tr> }
    });
    let splits = (!r.heat_splits.is_empty()).then(|| {
        html! { <p class="hint">{ format!("Split for heat {} time(s): the engine isolated the hottest keys.", r.heat_splits.len()) }</p> }
    });
    html! {
        <section class={classes!("lab-run", class)} id={class.to_string()} aria-label={run.title.clone()}>
            <h3>{ &run.title }</h3>
            <p class={classes!("lab-summary", (r.throttled > 0).then_some("bad"))} id={format!("{class}-summary")}>
                { format!(
                    "{} requests, {} throttled ({}%), {} of them at the 1,000 WCU / 3,000 RCU per-partition limit · {} {} consumed · {} partitions",
                    group_digits(r.requests as usize),
                    group_digits(r.throttled as usize),
                    units((percent * 10.0).round() / 10.0),
                    group_digits(r.throttled_hard_limit as usize),
                    units(((r.consumed_write + r.consumed_read) * 10.0).round() / 10.0),
                    run.unit,
                    run.partitions,
                ) }
            </p>
            { heatmap(&format!("{class}-heatmap"), run) }
            { timeline(run) }
            { splits }
            <table class="lab-top">
                <caption>{ "Top keys (like CloudWatch Contributor Insights)" }</caption>
                <thead><tr><th>{ "key" }</th><th>{ "requests" }</th><th>{ "throttled" }</th></tr></thead>
                <tbody>{ for top }</tbody>
            </table>
        </section>
    }
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

/// The lab itself.
#[component]
pub fn HotKeyLab() -> Html {
    let form = use_state(LabForm::default);
    let before = use_state(|| None::<Rc<LabRun>>);
    let after = use_state(|| None::<Rc<LabRun>>);
    let error = use_state(|| None::<String>);

    // A lesson step's workload: fill the form, run it (and its sharded
    // twin), and mark the request done.
    let bus = use_context::<LessonBusContext>();
    {
        let (form, before, after, error) = (form.clone(), before.clone(), after.clone(), error.clone());
        let request = bus.as_ref().and_then(|b| b.lab.clone());
        let dispatcher = bus.as_ref().map(|b| b.dispatcher());
        use_effect_with(request.as_ref().map(|(id, _)| *id), move |_| {
            if let (Some((id, workload)), Some(dispatcher)) = (request, dispatcher) {
                let next = LabForm::from_lesson(&workload);
                let title = format!("Before: {}", next.preset.label());
                let first = run_lab(&next, next.distribution(), title);
                let shards = next.shards.max(1);
                let second = workload.compare.then(|| {
                    let title = format!("After: the same traffic over {shards} shards");
                    run_lab(&next, KeyDistribution::Shards { shards }, title)
                });
                match (first, second) {
                    (Err(message), _) | (_, Some(Err(message))) => error.set(Some(message)),
                    (Ok(run), second) => {
                        before.set(Some(Rc::new(run)));
                        after.set(second.and_then(Result::ok).map(Rc::new));
                        error.set(None);
                    }
                }
                form.set(next);
                dispatcher.dispatch(BusAction::LabDone(id));
            }
        });
    }

    let setter = |apply: fn(&mut LabForm, &str)| {
        let form = form.clone();
        Callback::from(move |text: String| {
            let mut next = (*form).clone();
            apply(&mut next, text.trim());
            form.set(next);
        })
    };
    let onpreset = {
        let form = form.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                form.set(Preset::from_id(&select.value()).form());
            }
        })
    };
    let run = {
        let (form, before, after, error) = (form.clone(), before.clone(), after.clone(), error.clone());
        Callback::from(move |_: MouseEvent| {
            let title = format!("Before: {}", Preset::label(form.preset));
            match run_lab(&form, form.distribution(), title) {
                Ok(run) => {
                    before.set(Some(Rc::new(run)));
                    after.set(None);
                    error.set(None);
                }
                Err(message) => error.set(Some(message)),
            }
        })
    };
    let shard = {
        let (form, after, error) = (form.clone(), after.clone(), error.clone());
        Callback::from(move |_: MouseEvent| {
            let shards = form.shards.max(1);
            let title = format!(
                "After: the same traffic over {shards} shards {}_0 … {}_{}",
                form.prefix,
                form.prefix,
                shards - 1
            );
            match run_lab(&form, KeyDistribution::Shards { shards }, title) {
                Ok(run) => {
                    after.set(Some(Rc::new(run)));
                    error.set(None);
                }
                Err(message) => error.set(Some(message)),
            }
        })
    };
    let f = &*form;
    let shows_keys = matches!(f.preset, Preset::Zipf | Preset::Uniform);
    let onoperation = {
        let form = form.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                let mut next = (*form).clone();
                next.reads = match select.value().as_str() {
                    "read" => Some(false),
                    "read-strong" => Some(true),
                    _ => None,
                };
                form.set(next);
            }
        })
    };
    html! {
        <section class="card hotkey-lab" id="hotkey-lab">
            <h2>{ "Hot-key lab" }</h2>
            <p class="hint">
                { "Simulate seconds of traffic on a fresh lab table (your tables are not touched). A partition serves at most \
                   1,000 WCU and 3,000 RCU per second however much the table has, so one hot key throttles even on a big \
                   table; spreading it over shards spreads it over partitions. Runs are seeded: the same inputs give the same picture." }
            </p>
            <div class="lab-form">
                <label class="lab-field" for="lab-preset">
                    <span>{ "Workload" }</span>
                    <select id="lab-preset" onchange={onpreset}>
                        { for Preset::ALL.iter().map(|p| html! {
                            <option value={p.id()} selected={*p == f.preset}>{ p.label() }</option>
                        }) }
                    </select>
                </label>
                <label class="lab-field" for="lab-operation">
                    <span>{ "Operation" }</span>
                    <select id="lab-operation" onchange={onoperation}>
                        <option value="write" selected={f.reads.is_none()}>{ "PutItem" }</option>
                        <option value="read" selected={f.reads == Some(false)}>{ "GetItem, eventually consistent" }</option>
                        <option value="read-strong" selected={f.reads == Some(true)}>{ "GetItem, strongly consistent" }</option>
                    </select>
                </label>
                { number_field("lab-rate", "Requests per second", f.rate.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.rate = v })) }
                { number_field("lab-seconds", "Seconds", f.seconds.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.seconds = v })) }
                if shows_keys {
                    { number_field("lab-keys", "Distinct keys", f.keys.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.keys = v })) }
                }
                if f.preset == Preset::Zipf {
                    { number_field("lab-zipf", "Zipf skew s", f.zipf_s.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.zipf_s = v })) }
                }
                { number_field("lab-shards", "Shards", f.shards.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.shards = v })) }
                { number_field("lab-rcu", "Table RCU", f.table_rcu.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.table_rcu = v })) }
                { number_field("lab-wcu", "Table WCU", f.table_wcu.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.table_wcu = v })) }
                { number_field("lab-size", "Item bytes", f.item_bytes.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.item_bytes = v })) }
                { number_field("lab-seed", "Seed", f.seed.to_string(), setter(|f, t| if let Ok(v) = t.parse() { f.seed = v })) }
            </div>
            <div class="lab-actions">
                <button type="button" id="lab-run" class="primary" onclick={run}>{ "Run workload" }</button>
                <button type="button" id="lab-shard" class="secondary" onclick={shard} disabled={before.is_none()}>
                    { format!("Apply write sharding ({} shards) and rerun", f.shards.max(1)) }
                </button>
            </div>
            if let Some(message) = &*error {
                <div class="error-box" role="alert" id="lab-error">{ message }</div>
            }
            <div class="lab-results">
                if let Some(run) = &*before { { run_view("lab-before", run) } }
                if let Some(run) = &*after { { run_view("lab-after", run) } }
            </div>
        </section>
    }
}
