//! The page model's tests, natively: request drafts built from forms and
//! read back from requests, units and prices spelled for people, JSON
//! printed the page's way, and the input limits at their exact boundaries.

mod cost;
mod draft;
mod format_limits;
mod multi_key;
