//! What can go wrong while reading the configuration or loading the token.
//! Every message is one or two lines for people and never holds a token.

use std::fmt;
use std::io;
use std::time::Duration;

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

    /// A config or token file larger than any real one (`/dev/zero`).
    #[error("{what} is larger than {limit}: not read ({hint})")]
    TooLarge {
        /// `config file PATH` or `token file PATH`.
        what: String,
        /// The limit as people read it (`1 MiB`).
        limit: String,
        /// What the file should hold.
        hint: &'static str,
    },

    /// A config file, a token file or a folder holding one (`named`:
    /// `config file PATH`, `folder DIR (holding token file PATH)`) that
    /// another user owns or others may write (`strict.rs`): whoever can
    /// change it could send the token to their address or run a command
    /// as this user. `fix` is the `chmod`/`chown` that fixes it.
    #[error(
        "{named} {why}: refused, as whoever can change it could send the token elsewhere \
         or run a command as you; fix: {fix}"
    )]
    OthersCanChange {
        named: String,
        why: String,
        fix: String,
    },

    /// A config or token file that is not a regular file: a FIFO would
    /// keep crmdeck waiting for a writer forever.
    #[error(
        "{what} {path} is not a regular file (a FIFO, a socket or a device): not read, \
         as it could keep crmdeck waiting forever; give a regular file"
    )]
    NotRegular { what: String, path: String },

    /// A wrong value; `at` is `file:line`, an environment variable or a flag.
    #[error("{at}: {message}")]
    Invalid { at: String, message: String },

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

    /// No token key anywhere and no CRMDECK_TOKEN.
    #[error(
        "no token configured: set token_command, token_file, token_env or token in the config file, \
         or CRMDECK_TOKEN"
    )]
    NoToken,

    /// `token_env` (or CRMDECK_TOKEN) names a variable that is not set.
    #[error("environment variable {var} is not set (it should hold the API token)")]
    TokenEnvUnset { var: String },

    /// The token file cannot be read.
    #[error("cannot read token file {path}: {source}")]
    TokenFileUnreadable {
        path: String,
        #[source]
        source: io::Error,
    },

    /// The token command could not be started at all. `command` is the
    /// command as messages show it: its program, never its arguments (see
    /// `token_source::command_label`).
    #[error("cannot run token command `{command}`: {source}")]
    TokenCommandSpawn {
        command: String,
        #[source]
        source: io::Error,
    },

    /// The token command ran but gave no token. Its stdout is never shown;
    /// `command` is its program only, as above.
    #[error("token command `{command}` {outcome}{}", stderr_note(stderr))]
    TokenCommand {
        command: String,
        outcome: CommandOutcome,
        /// The first line of its stderr, cleaned of control characters, the
        /// long words of the command and of its stdout masked, and every
        /// token-like word masked (`token_source::quoted_stderr`).
        stderr: Option<String>,
    },

    /// A token source gave an empty token; `from` is its description.
    #[error("the token from {from} is empty")]
    EmptyToken { from: String },
}

/// Why a token command gave no token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandOutcome {
    /// It exited unsuccessfully; the status as the OS words it.
    Failed(String),
    /// It succeeded but printed nothing on stdout.
    PrintedNothing(String),
    /// It ran longer than allowed and was killed, with whatever it started.
    TimedOut(Duration),
    /// It printed more than a token can be (the limit as people read it,
    /// `64 KiB`) and was killed, with whatever it started.
    PrintedTooMuch(String),
}

impl fmt::Display for CommandOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Failed(status) => write!(f, "failed ({status})"),
            Self::PrintedNothing(status) => write!(f, "printed nothing ({status})"),
            Self::PrintedTooMuch(limit) => write!(
                f,
                "printed more than {limit} and was stopped: it must print the token alone"
            ),
            Self::TimedOut(limit) => {
                write!(
                    f,
                    "did not finish within {} s and was stopped",
                    limit.as_secs()
                )
            }
        }
    }
}

fn stderr_note(stderr: &Option<String>) -> String {
    stderr
        .as_deref()
        .map(|line| format!(": {line}"))
        .unwrap_or_default()
}

fn profile_list(known: &[String]) -> String {
    if known.is_empty() {
        "the config file defines no profiles".to_string()
    } else {
        format!("known profiles: {}", known.join(", "))
    }
}
