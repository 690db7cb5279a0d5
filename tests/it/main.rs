//! Every integration test that needs no terminal, in one binary (a module
//! a former test file): the crate and its dependencies are linked once for
//! all of them, not once a file. The pseudo-terminal tests are `tests/e2e/`,
//! the soak `tests/soak.rs` (each says why it stands apart).
//!
//! A new test goes into a module here (or a new module), not into a new
//! file beside `tests/it/`: each binary links the whole crate again.
//! Nothing here may change what the process shares (the environment, the
//! working folder, signal dispositions, the umask): the tests run side by
//! side, on threads of one process.

#[path = "../support/mod.rs"]
pub mod support;

mod cache;
mod changes;
mod cli;
mod cli_faults;
mod cli_languages;
mod cli_scripts;
mod client;
mod config;
mod dashboard;
mod decoding;
mod demo_server;
mod fleet;
mod hostile;
mod install_across;
mod install_hangup;
mod languages;
mod layers;
mod own_files;
mod profile_switch;
mod properties;
mod readme;
mod redirects;
mod reliability;
mod render;
mod render_install_across;
mod render_languages;
mod render_languages_states;
mod suite;
mod timetable;
mod token_pieces;
mod walk;
mod walk_ends;
