//! The built-in lessons on the page.
//!
//! [`lessons_menu`] (the header's list and the presenter switch; lesson
//! links), [`lesson_panel`] (steps, Previous/Next, the arrow keys in
//! presenter mode) with [`lesson_checklist`] (access patterns and what
//! serves them), [`lesson_nav`] (opening a lesson while keeping the current
//! work, doing what a step says), [`lesson_bus`] (a step's requests to the
//! tabs and the hot-key lab), and [`welcome`] (the first minute: a sample
//! table, suggested lessons).

pub mod lesson_bus;
pub mod lesson_checklist;
pub mod lesson_nav;
pub mod lesson_panel;
pub mod lessons_menu;
pub mod welcome;
