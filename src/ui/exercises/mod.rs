//! Exercises in the page (`engine::exercise`, docs/exercises.md): the
//! lecturer's tools.
//!
//! ```text
//!   ClassView      many hand-in links → one checked row each → open one
//!   MakeExercise   the playground's items and saved patterns → an exercise
//! ```

pub mod class_view;
pub mod make_exercise;
