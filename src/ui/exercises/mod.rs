//! Exercises in the page: the learner designs tables for an exercise and
//! the engine checks them (`engine::exercise`, docs/exercises.md) and hands
//! in a link that opens the checked design for the lecturer.
//!
//! ```text
//!   header: ExercisesMenu ── asks ──► ExerciseHost (host: the root, the loading)
//!   main:   ExercisePlace  ── the exercise module, a wasm of its own (module):
//!           ExercisePanel  statement, entities, patterns (the exercise)
//!                          tables, mappings with a preview, requests (the draft)
//!                          Check ── engine::exercise::Checking, in slices
//!                          hints, the model answer and its report beside
//!   on the lecturer's page (ui::lecturer):
//!   ClassView      many hand-in links → one checked row each → open one
//!   MakeExercise   the playground's items and saved patterns → an exercise
//! ```
//!
//! The open exercise is a context of its own beside the playground's: an
//! exercise changes nothing in the playground's tables. That is what lets
//! the panel be a wasm of its own, loaded the first time an exercise is
//! opened ([`host`], [`module`]): the page a student opens first does not
//! carry it. The learner's
//! draft is kept as typed, per exercise, in the browser's storage
//! ([`draft`]), so a reload or a bad edit loses nothing.

pub mod class_view;
pub mod draft;
pub mod exercise_panel;
pub mod exercises_menu;
pub mod host;
pub mod make_exercise;
pub mod module;
pub mod open;
pub mod report_view;
