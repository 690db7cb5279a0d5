//! Every helper of the integration tests, by purpose. A test file takes
//! them with `pub mod support;` (public, so that the helpers it does not
//! use are no dead code).
//!
//! - [`fixtures`]: hand-made records, settings and a scripted server for
//!   `App` (the lib's unit tests and the benches take the same file);
//! - [`home`]: a clean home and environment for each run of the binary,
//!   config files;
//! - [`cli`]: the binary's subcommands against a demo server;
//! - [`demo_server`]: a demo server the test controls, on a runtime of its
//!   own; [`scripted_server`]: answers the test writes; [`hostile_server`]:
//!   pages no honest server sends, counting what it serves; [`silent_listener`]:
//!   a host that never answers;
//! - [`console`]: a console in memory counting frames (the lib's unit
//!   tests and the benches take the same file); [`soak`]: hours of the
//!   dashboard on a paused clock, and what it left running;
//! - [`runner`]: the whole dashboard in-process (keys in, the drawn buffer
//!   out); [`pty`]: the binary in a pseudo-terminal, for what only a real
//!   terminal shows;
//! - [`screen`]: reading and waiting on what either of them drew;
//!   [`wait`]: polling against a deadline; [`text`]: checks on text;
//! - [`walk`]: every page of groups read through the store, as the CLI does.

pub mod cli;
pub mod console;
pub mod demo_server;
pub mod fixtures;
pub mod home;
pub mod hostile_server;
pub mod pty;
pub mod runner;
pub mod screen;
pub mod scripted_server;
pub mod silent_listener;
pub mod soak;
pub mod text;
pub mod wait;
pub mod walk;
