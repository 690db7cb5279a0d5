//! crmdeck: a terminal dashboard for an education-centre CRM (v2 HTTP API).
//!
//! Layers, each never reaching into the one above it:
//! - [`domain`]: weekdays, times of day in a zone, formatting, sanitising (chrono only);
//! - [`api`]: tolerant models, the HTTP client, typed errors, the page walker;
//! - [`config`]: file, environment, flags, profiles, token sources;
//! - [`demo`]: the embedded demo API server (axum) with fault injection;
//! - [`cli`]: the scripting subcommands that print to stdout.

// The test fixtures (tests/support/fixtures.rs) are shared with the
// integration tests and name this crate `crmdeck`, as those do.
#[cfg(test)]
extern crate self as crmdeck;

pub mod api;
pub mod app;
pub mod cli;
pub mod config;
pub mod demo;
pub mod domain;
pub mod logging;
pub mod runtime;
pub mod session;
pub mod ui;
