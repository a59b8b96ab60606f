//! The page model's tests, natively: request drafts built from forms and
//! read back from requests, units and prices spelled for people, JSON
//! printed the page's way, the input limits at their exact boundaries, and
//! the design review worded in each language.

mod cost;
mod draft;
mod format_limits;
mod multi_key;
mod review_report;
