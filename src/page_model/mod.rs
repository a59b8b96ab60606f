//! The page's model: everything the playground's page computes that needs
//! no browser. Request drafts (`draft`), the cost in words and dollars
//! (`cost`), how values and figures are written (`format`), and the input
//! limits (`limits`). It compiles on every target, so it is unit-tested
//! natively; the Yew components in `ui` draw what it computes.

pub mod cost;
pub mod draft;
pub mod format;
pub mod limits;

#[cfg(test)]
mod tests;
