//! The page's model: everything the playground's page computes that needs
//! no browser. Request drafts (`draft`), the index designer's drafts
//! (`index_draft`, `vector_draft`), the cost in words and dollars
//! (`cost`), how values and figures are written (`format`), the input
//! limits (`limits`), and each call's one-line summary and the running
//! totals of the activity log (`summary`), and the one-page design review
//! (`review_report`), and the class view's list of hand-ins (`class_list`).
//! It compiles on every target, so it is unit-tested
//! natively; the Yew components in `ui` draw what it computes.

pub mod class_list;
pub mod cost;
pub mod draft;
pub mod format;
pub mod index_draft;
pub mod limits;
pub mod review_report;
pub mod summary;
pub mod vector_draft;
pub mod vector_map;

#[cfg(test)]
mod tests;
