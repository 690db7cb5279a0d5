//! Scripting subcommands.
