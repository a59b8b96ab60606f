//! The Console tab: building a request, its live cost, running it.
//!
//! [`console`] lays it out; its state is [`console_state`] (a second
//! reducer, so typing redraws only the console). [`operation_builder`]
//! builds a side's request with `operation_form`, [`key_picker`] and
//! [`expr_field`]; [`cost_panel`] words its live cost and [`statement_plan`]
//! a PartiQL statement's plan; [`footprint`] draws what a read reads on the
//! data; [`results_view`], [`code_view`], [`history_view`] with
//! [`history_entry`], and [`saved_operations`] show and keep what ran.

pub mod code_view;
pub mod console;
pub mod console_state;
pub mod cost_panel;
pub mod expr_field;
pub mod footprint;
pub mod history_entry;
pub mod history_view;
pub mod key_picker;
pub mod operation_builder;
pub(in crate::ui) mod operation_form;
pub mod results_view;
pub mod saved_operations;
pub mod statement_plan;
