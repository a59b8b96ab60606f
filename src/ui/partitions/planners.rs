//! The seeds' two planners, computed by the engine's own functions:
//!
//! * partition math ([`plan_partitions`]): `ceil(max(RCU/3000 + WCU/1000,
//!   size/10 GB))` partitions and each one's share, prefilled with the
//!   seed's 8 GB / 5,000 RCU / 500 WCU → 3 partitions of 1,666.67 RCU and
//!   166.67 WCU;
//! * write-sharding shard count ([`shard_count`]): how many shards a GSI
//!   key needs so one partition can read its share, prefilled with the
//!   seed's order example (3,000,000 orders, 20 % OPEN, 250 B) → 13.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::engine::capacity::items_per_read_block;
use crate::engine::partition::{plan_partitions, shard_count, PARTITION_SIZE_BYTES};
use crate::page_model::format::two_decimals;
use crate::ui::language::{use_lang, Msg};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn field(id: &'static str, label: &'static str, value: &UseStateHandle<String>) -> Html {
    let oninput = {
        let value = value.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                value.set(input.value());
            }
        })
    };
    html! {
        <label class="lab-field" for={id}>
            <span>{ label }</span>
            <input {id} type="number" min="0" step="any" inputmode="decimal" value={(**value).clone()} {oninput} />
        </label>
    }
}

fn number(text: &str) -> Option<f64> {
    text.trim().replace(',', "").parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0)
}

/// Both planners side by side.
#[component]
pub fn Planners() -> Html {
    let lang = use_lang();
    let tr = lang.tr();
    let size_gb = use_state(|| "8".to_string());
    let rcu = use_state(|| "5000".to_string());
    let wcu = use_state(|| "500".to_string());
    let items = use_state(|| "3000000".to_string());
    let percent = use_state(|| "20".to_string());
    let item_size = use_state(|| "250".to_string());

    let plan = match (number(&size_gb), number(&rcu), number(&wcu)) {
        (Some(size), Some(r), Some(w)) => {
            let plan = plan_partitions(r, w, size * GIB, PARTITION_SIZE_BYTES);
            html! {
                <div class="planner-out" id="planner-partitions-out">
                    <p class="planner-big">
                        <span id="planner-partitions">{ plan.partitions }</span>{ lang.t(Msg::PartitionsEach) }
                        <span id="planner-rcu">{ lang.figure(&two_decimals(plan.rcu_per_partition)) }</span>{ lang.t(Msg::RcuAnd) }
                        <span id="planner-wcu">{ lang.figure(&two_decimals(plan.wcu_per_partition)) }</span>{ " WCU" }
                    </p>
                    <p class="hint">
                        { tr.planner_math(
                            &lang.figure(&two_decimals(r)), &lang.figure(&two_decimals(w)),
                            &lang.figure(&two_decimals(plan.by_capacity)), &lang.figure(&two_decimals(size)),
                            &lang.figure(&two_decimals(plan.by_size)), plan.partitions
                        ) }
                    </p>
                </div>
            }
        }
        _ => html! { <p class="error-box" role="status">{ lang.t(Msg::PlannerNeedNumbers) }</p> },
    };
    let shards = match (number(&items), number(&percent), number(&item_size)) {
        (Some(n), Some(p), Some(size)) if size >= 1.0 => {
            let count = shard_count(n as u64, p / 100.0, size as u64);
            let per_block = items_per_read_block(size as u64);
            html! {
                <div class="planner-out">
                    <p class="planner-big"><span id="planner-shards">{ count }</span>{ lang.t(Msg::ShardsSuffix) }</p>
                    <p class="hint">
                        { tr.shard_math(
                            &lang.count(n as u64), &lang.figure(&two_decimals(p)), &lang.count((n * p / 100.0) as u64),
                            per_block, size as u64, count
                        ) }
                    </p>
                </div>
            }
        }
        _ => {
            html! { <p class="error-box" role="status">{ lang.t(Msg::PlannerNeedShardInputs) }</p> }
        }
    };
    html! {
        <section class="card planners" id="planners">
            <h2>{ lang.t(Msg::Planners) }</h2>
            <div class="planner-grid">
                <div class="planner">
                    <h3>{ lang.t(Msg::PartitionMath) }</h3>
                    <div class="lab-form">
                        { field("plan-size", lang.t(Msg::TableSizeGb), &size_gb) }
                        { field("plan-rcu", "RCU", &rcu) }
                        { field("plan-wcu", "WCU", &wcu) }
                    </div>
                    { plan }
                </div>
                <div class="planner">
                    <h3>{ lang.t(Msg::ShardCountTitle) }</h3>
                    <div class="lab-form">
                        { field("plan-items", lang.t(Msg::TabItems), &items) }
                        { field("plan-percent", lang.t(Msg::PercentSharing), &percent) }
                        { field("plan-item-size", lang.t(Msg::ItemSizeBytes), &item_size) }
                    </div>
                    { shards }
                </div>
            </div>
        </section>
    }
}
