//! The end-to-end tests: the real binary in a pseudo-terminal, read by a
//! terminal emulator, for what only a real terminal shows. One binary for
//! all of them (a module a former `tests/e2e*.rs` file).
//!
//! Apart from `tests/it/`, as they were before the fold: each test waits
//! for a real terminal to show something, against a deadline, so they run
//! beside one another only (two at a time on two cores), not beside the
//! CPU-bound tests of `it` (properties, render snapshots, the walks of
//! thousands of groups). They are also the slowest: `cargo test --test it`,
//! the run a change is tried against first, goes without them.

#[path = "../support/mod.rs"]
pub mod support;

mod command_line;
mod faults;
mod identity;
mod runtime;
mod snapshot;
mod terminal;
