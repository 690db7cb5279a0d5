//! The CRM's v2 API: decoding into the model, the HTTP client, typed errors.

pub mod client;
pub mod decode;
pub mod error;
pub mod redirect;
pub mod retry_after;

mod tls;

pub use client::{Client, ClientOptions, RetryPolicy, install_tls_provider};
pub use error::ApiError;
