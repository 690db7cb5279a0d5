//! What can go wrong while reading the configuration or loading the token.
//! Every message is one or two lines for people and never holds a token.

use crate::secret::{TokenError, Untrusted};
use std::io;

/// A configuration or token problem, worded for the person at the keyboard.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// `--config PATH` names a file that does not exist.
    #[error("config file {path} (given with --config) does not exist")]
    ConfigNotFound { path: String },

    /// The config file exists but cannot be read.
    #[error("cannot read config file {path}: {source}")]
    ConfigUnreadable {
        path: String,
        #[source]
        source: io::Error,
    },

    /// A config file larger than any real one (`/dev/zero`).
    #[error("{what} is larger than {limit}: not read ({hint})")]
    TooLarge {
        /// `config file PATH`.
        what: String,
        /// The limit as people read it (`1 MiB`).
        limit: String,
        /// What the file should hold.
        hint: &'static str,
    },

    /// A wrong value; `at` is `file:line`, an environment variable or a flag.
    #[error("{at}: {message}")]
    Invalid { at: String, message: String },

    /// Several wrong values of one file, each an [`ConfigError::Invalid`]
    /// at its line, in the file's order: one a line.
    #[error("{}", mistakes_text(.0))]
    Mistakes(Vec<ConfigError>),

    /// The profile asked for is not in the config file.
    #[error(
        "unknown profile {name:?} (chosen by {chosen_by}): {}",
        profile_list(known)
    )]
    UnknownProfile {
        name: String,
        chosen_by: String,
        known: Vec<String>,
    },

    /// A command needs the API address and none is configured.
    #[error(
        "no API address configured: set base_url in the config file, CRMDECK_BASE_URL or --base-url\n\
         (or try the built-in demo server with --demo)"
    )]
    MissingBaseUrl,

    /// `http://` to another machine without `allow_insecure_http = true`.
    #[error(
        "{at}: refusing plain http:// to {url}: the token would travel in clear\n\
         use https://, or set allow_insecure_http = true to accept that"
    )]
    InsecureHttp { url: String, at: String },

    /// The token did not load (`crmdeck_secret`).
    #[error(transparent)]
    Token(#[from] TokenError),

    /// The config file, or a folder holding it, refused unread
    /// (`crmdeck_secret::strict`).
    #[error(transparent)]
    Untrusted(#[from] Untrusted),
}

impl ConfigError {
    /// The error of the `mistakes` found in one file: none, the one
    /// itself, or all of them ([`ConfigError::Mistakes`]).
    pub(crate) fn of_mistakes(mut mistakes: Vec<ConfigError>) -> Option<ConfigError> {
        match mistakes.len() {
            0 => None,
            1 => mistakes.pop(),
            _ => Some(Self::Mistakes(mistakes)),
        }
    }
}

fn mistakes_text(mistakes: &[ConfigError]) -> String {
    let lines: Vec<String> = mistakes.iter().map(ToString::to_string).collect();
    lines.join("\n")
}

fn profile_list(known: &[String]) -> String {
    if known.is_empty() {
        "the config file defines no profiles".to_string()
    } else {
        format!("known profiles: {}", known.join(", "))
    }
}
