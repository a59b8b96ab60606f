//! The operations, one file per family. Each is an `impl Engine` block whose
//! methods take a request that already passed the request-level checks of
//! [`super::api`] and return the response body.

mod account;
mod batch;
pub(crate) mod item;
pub(crate) mod partiql;
pub(crate) mod read;
mod scaling;
pub(crate) mod streams;
mod table;
mod tags;
pub(crate) mod transact;
mod ttl;
mod vector;
mod vector_updates;
