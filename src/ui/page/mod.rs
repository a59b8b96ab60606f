//! What is around the tabs: the page's messages, menus and embed mode.
//!
//! [`activity_log`] with [`log_entry`], [`error_box`] and [`notice_toast`]
//! (the page's messages), [`update_notice`] (a newer build is ready);
//! [`scenario_menu`] (Copy link, Export, Import, Reset) and
//! [`workspaces_menu`] (named copies in this browser), [`converter`] (the
//! exports and the import whose code is in the panels' wasm);
//! [`language_picker`] (the header's switcher); [`later`] (the parts the
//! release build loads when first shown); [`embed`] (the `?embed=`
//! views and their "Embed link" buttons) and [`embedded`] (the page in
//! embed mode).

pub mod activity_log;
pub mod converter;
pub mod embed;
pub mod embedded;
pub mod error_box;
pub mod language_picker;
pub mod later;
pub mod log_entry;
pub mod notice_toast;
pub mod scenario_menu;
pub mod update_notice;
pub mod workspaces_menu;
