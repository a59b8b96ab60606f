//! The exercise check at scale (docs/exercises.md): an exercise of 10,000
//! generated orders and 12 access patterns (GetItem, two Queries and a
//! PutItem per customer, at 100 requests a second each, over 1,000
//! customers), checked against its model answer with the 60-second design
//! review — load, 24 cases, review, goals.
//!
//! Baseline: the review alone (`Engine::review_access_patterns`) of the
//! same 12 patterns on the same loaded tables, so the ratio is what the
//! check adds to the review it runs: the strict reading, the load of every
//! record through its mapping, the cases and the goals.
//!
//! ```text
//! cargo bench --bench exercise
//! ```

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
#[path = "common/exercise_10k.rs"]
mod exercise_10k;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::hint::black_box;
    use std::time::Duration;

    use criterion::Criterion;
    use ddb_playground::engine::exercise::{check, Exercise, Solution};

    use super::exercise_10k::{documents, review_baseline};

    pub fn main() {
        let mut c = Criterion::default()
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(10))
            .configure_from_args();
        let (exercise_json, solution_json) = documents();
        let exercise = Exercise::from_json(&exercise_json).expect("the exercise reads");
        let solution = Solution::from_json(&solution_json).expect("the solution reads");
        let report = check(&exercise, &solution).expect("checked");
        assert!(report.is_full(), "{:#}", report.to_json());
        assert_eq!(report.patterns.len(), 12);

        let (engine, patterns) = review_baseline(&exercise, &solution, &solution_json);

        let mut g = c.benchmark_group("exercise_10k_12_patterns");
        g.bench_function("check", |b| {
            b.iter(|| {
                let exercise = Exercise::from_json(black_box(&exercise_json)).expect("reads");
                let solution = Solution::from_json(black_box(&solution_json)).expect("reads");
                black_box(check(&exercise, &solution).expect("checked").met)
            })
        });
        g.bench_function("baseline_review", |b| {
            b.iter(|| black_box(engine.review_access_patterns(&patterns, 60).expect("review").total.on_demand))
        });
        g.finish();
        c.final_summary();
    }
}
