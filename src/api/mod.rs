//! The CRM's v2 API: decoding into the model, the HTTP client, typed errors.

pub mod address;
pub mod client;
pub mod decode;
pub mod echo;
pub mod error;
pub mod pages;

mod tls;

// compat: removed once issue 11 branches are merged
pub use crate::model;
// compat: removed once issue 11 branches are merged
pub mod token {
    pub use crate::model::{Token, describe_expiry, mask_secret, redact_secrets};
}

pub use client::{
    Client, ClientOptions, GroupsPage, GroupsQuery, RetryPolicy, install_tls_provider,
};
pub use error::ApiError;
// compat: removed once issue 11 branches are merged
pub use model::*;
// compat: removed once issue 11 branches are merged
pub use token::Token;
