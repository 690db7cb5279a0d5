//! What can go wrong while loading the token, or with a file trusted to
//! say where it goes. Every message is one or two lines for people and
//! never holds a token.

use std::fmt;
use std::io;
use std::time::Duration;

/// A config or token file refused before it is read ([`crate::strict`]).
#[derive(Debug, thiserror::Error)]
pub enum Untrusted {
    /// A config file, a token file or a folder holding one (`named`:
    /// `config file PATH`, `folder DIR (holding token file PATH)`) that
    /// another user owns or others may write: whoever can change it could
    /// send the token to their address or run a command as this user.
    /// `fix` is the `chmod`/`chown` that fixes it.
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
}

/// Why no token was loaded, worded for the person at the keyboard.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
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

    /// A token file larger than any token (`/dev/zero`); `limit` as people
    /// read it (`64 KiB`).
    #[error(
        "token file {path} is larger than {limit}: not read (a token file holds the token alone)"
    )]
    TokenFileTooLarge { path: String, limit: String },

    /// The token file, or a folder holding it, refused unread.
    #[error(transparent)]
    Untrusted(#[from] Untrusted),

    /// The token command could not be started at all. `command` is the
    /// command as messages show it: its program, never its arguments (see
    /// [`crate::command_label`]).
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
        /// token-like word masked (`source::quoted_stderr`).
        stderr: Option<String>,
    },

    /// A token source gave an empty token; `from` is its description.
    #[error("the token from {from} is empty")]
    EmptyToken { from: String },

    /// A token that cannot be sent in a header (line breaks, control
    /// characters: a whole `pass` entry); `from` is its description.
    #[error(
        "{from}: the token holds line breaks or control characters: \
         it must be the token alone, on one line"
    )]
    NotOneLine { from: String },
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
