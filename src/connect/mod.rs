//! Talking to a real DynamoDB endpoint (DynamoDB in a region, DynamoDB
//! Local, or ddb-local): how its requests are signed ([`sigv4`]).

pub mod sigv4;
