//! crmdeck's secrets: the bearer token and every way it is kept out of
//! sight, and where it comes from.
//!
//! - `token`: the bearer [`Token`] (never printed: `Debug` masked, no
//!   `Display`), [`mask_secret`], [`redact_secrets`],
//!   [`mask_token_like_words`], [`describe_expiry`];
//! - [`echo`]: the token found in any text, whole or in pieces, to mask;
//! - `source`: [`TokenSource`], where the token comes from (a variable, a
//!   file, a command), loaded on demand, and [`forbid_core_dumps`];
//! - [`strict`]: whose config and token files are trusted (StrictModes);
//! - [`command_tree`]: the token commands running, ended with whatever
//!   they started ([`end_token_commands`] at quit);
//! - `error`: [`TokenError`] and [`Untrusted`], one line for people each,
//!   never the token.
//!
//! Of ours it imports `crmdeck-local-files` only (the token file read by
//! its rules, bounded): the config, the client, the demo server and
//! everything that shows text stand on it.

pub mod command_tree;
pub mod echo;
mod error;
mod source;
pub mod strict;
mod token;

pub use command_tree::end_all as end_token_commands;
pub use error::{CommandOutcome, TokenError, Untrusted};
pub use source::{
    TOKEN_COMMAND_TIME_LIMIT, TOKEN_SIZE_LIMIT, TokenSource, check_token, command_label,
    forbid_core_dumps,
};
pub use token::{
    Expiry, MaskedLine, Token, describe_expiry, expiry, mask_secret, mask_token_like_words,
    redact_secrets,
};
