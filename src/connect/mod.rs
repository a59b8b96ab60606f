//! Talking to a real DynamoDB endpoint (DynamoDB in a region, DynamoDB
//! Local, or ddb-local), without a browser: what the connect page
//! (`ui::connect`) sends and how it reads what comes back, so all of it is
//! tested natively.
//!
//! ```text
//!   endpoint   an address checked (https unless on this computer), a request signed and laid out
//!   sigv4      Signature Version 4, tested against AWS's suite and botocore
//!   answer     a body, DynamoDB's refusal, or a foreign answer; what to check
//!   compare    the playground's answer and the endpoint's: every difference
//!   deploy     the playground's tables and items as requests, and what the writes cost
//! ```

pub mod answer;
pub mod compare;
pub mod deploy;
pub mod endpoint;
pub mod import;
pub mod sigv4;
