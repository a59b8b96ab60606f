//! Exercises in the page (`engine::exercise`, docs/exercises.md): the
//! lecturer's tools.
//!
//! ```text
//!   ClassView      many hand-in links → one checked row each → open one
//! ```

pub mod class_view;
