//! crmdeck: a terminal dashboard for an education-centre CRM (v2 HTTP API).
//!
//! Floors, bottom first; a module imports only from floors below its own
//! (`tests/it/layers.rs` holds the table and fails on a circle or a step up;
//! a floor that is a crate has its floor in its Cargo.toml's dependencies):
//! 1. [`model`] (the crate `crmdeck-model`): the records and how they are
//!    read from JSON, the page facts, the API's address (`ApiUrl`);
//!    nothing of ours; [`local_files`] (the crate `crmdeck-local-files`):
//!    private files and folders (0600 in 0700, no link followed) and
//!    bounded reads; [`sanitize`] (the crate `crmdeck-sanitize`): server
//!    text made safe for a terminal (the client's errors and every text
//!    shown);
//! 2. [`domain`] (the crate `crmdeck-domain`, on the model only):
//!    weekdays, the week's layout, today's parts, the timetable check,
//!    times of day in a zone, digests and what changed, the query
//!    language; computes on the model, no text for people; [`secret`] (the
//!    crate `crmdeck-secret`, on local_files): the token and its masking,
//!    the token sources, whose config and token files are trusted, the
//!    token commands ended;
//! 3. [`demo`] (the crate `crmdeck-demo`, on the model and secret): the
//!    embedded demo API server (axum) with fault injection; [`present`]:
//!    text for people from the model and the computation (formatting, day
//!    names, the column tables, the week's and the check's words); [`api`]
//!    (the crate `crmdeck-api`, on the model, sanitize and secret): the
//!    answers' envelopes and error bodies, the HTTP client, typed errors;
//!    [`logging`]: the log file;
//! 4. [`config`]: file, environment, flags, profiles, which token source;
//!    [`store`] (the crate `crmdeck-store`, on the model and the domain):
//!    every group by id per branch, the branches, the plugins, the plan of
//!    a walk over the pages, the history's and the snapshot's formats
//!    (pure data);
//! 5. [`cache`]: the snapshot and history files (private, atomic, one per
//!    profile, base URL, account and branch);
//! 6. [`session`]: the config read and the client opened (with the demo
//!    server for `--demo`); [`app`]: screens, state and the pure update (of
//!    `api` only its error, of `config` only the theme); it reads the store
//!    and drives its walks;
//! 7. [`ui`]: drawing the app; [`fleet`]: several centres at once (the
//!    profiles covered, a centre probed, the bounded runner);
//! 8. [`cli`]: the scripting subcommands that print to stdout (the store's
//!    walks run over the client); [`runtime`]: the terminal, the event loop
//!    and the effects (not the CLI);
//! 9. `main.rs`: the log file, then a subcommand or the dashboard.

// The test fixtures (tests/support/fixtures.rs) are shared with the
// integration tests and name this crate `crmdeck`, as those do.
#[cfg(test)]
extern crate self as crmdeck;

pub mod app;
pub mod cache;
pub mod cli;
pub mod config;
pub mod fleet;
pub mod logging;
pub mod present;
pub mod runtime;
pub mod session;
pub mod ui;

// The floors that are crates of their own, under their old names, so that
// `crate::model::…`, `crate::api::…` and the others read as before.
pub use crmdeck_api as api;
pub use crmdeck_demo as demo;
pub use crmdeck_domain as domain;
pub use crmdeck_i18n as i18n;
pub use crmdeck_local_files as local_files;
pub use crmdeck_model as model;
pub use crmdeck_sanitize as sanitize;
pub use crmdeck_secret as secret;
pub use crmdeck_store as store;
