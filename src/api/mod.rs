//! The CRM's v2 API: tolerant models, the HTTP client, typed errors.

pub mod address;
pub mod client;
pub mod decode;
pub mod echo;
pub mod error;
pub mod model;
pub mod pages;
pub mod token;

mod tls;

pub use client::{
    Client, ClientOptions, GroupsPage, GroupsQuery, RetryPolicy, install_tls_provider,
};
pub use error::ApiError;
pub use model::*;
pub use token::Token;
