//! Where the bearer token comes from, and fetching it on demand (so the TUI
//! can pick up a renewed token without restarting).

use super::error::{CommandOutcome, ConfigError};
use crate::api::token::Token;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How long `token_command` may run before it is stopped.
pub const TOKEN_COMMAND_TIME_LIMIT: Duration = Duration::from_secs(10);

/// The longest piece of a command's stderr quoted in an error.
const STDERR_QUOTE_CHARS: usize = 200;

/// Where the token comes from. Precedence (see [`super::load`]): the
/// environment variable CRMDECK_TOKEN, then the token keys of the profile in
/// use, then the top-level token keys.
#[derive(Debug, Clone, PartialEq)]
pub enum TokenSource {
    /// Nothing configured.
    None,
    /// `token = "..."` in the config file `file`.
    Inline { file: PathBuf, token: Token },
    /// An environment variable (`token_env`, or CRMDECK_TOKEN).
    Env { var: String },
    /// `token_file`: read and trimmed (`~/` already expanded).
    File { path: PathBuf },
    /// `token_command`: run with `sh -c`, its stdout trimmed.
    Command { command: String },
    /// A token known in advance, e.g. the demo server's.
    Fixed(Token),
}

impl TokenSource {
    /// Where the token comes from, for people; never the token itself.
    pub fn describe(&self) -> String {
        match self {
            Self::None => "no token source".to_string(),
            Self::Inline { file, .. } => format!("config file {} (key token)", file.display()),
            Self::Env { var } => format!("environment variable {var}"),
            Self::File { path } => format!("file {}", path.display()),
            Self::Command { command } => format!("command `{command}`"),
            Self::Fixed(_) => "built-in token".to_string(),
        }
    }

    /// Reads the variable or file, or runs the command, now.
    pub fn load(&self, env: &dyn Fn(&str) -> Option<String>) -> Result<Token, ConfigError> {
        let token = match self {
            Self::None => return Err(ConfigError::NoToken),
            Self::Inline { token, .. } | Self::Fixed(token) => token.clone(),
            Self::Env { var } => {
                Token::new(env(var).ok_or_else(|| ConfigError::TokenEnvUnset { var: var.clone() })?)
            }
            Self::File { path } => Token::new(std::fs::read_to_string(path).map_err(|source| {
                ConfigError::TokenFileUnreadable {
                    path: path.display().to_string(),
                    source,
                }
            })?),
            Self::Command { command } => run_token_command(command, TOKEN_COMMAND_TIME_LIMIT)?,
        };
        check_token(token, || self.describe())
    }
}

/// Refuses a token that cannot be sent in a header: empty, or holding
/// line breaks or other control characters (e.g. a whole `pass` entry).
pub(crate) fn check_token(token: Token, from: impl Fn() -> String) -> Result<Token, ConfigError> {
    if token.is_empty() {
        return Err(ConfigError::EmptyToken { from: from() });
    }
    if token.expose().chars().any(char::is_control) {
        return Err(ConfigError::Invalid {
            at: from(),
            message: "the token holds line breaks or control characters: \
                      it must be the token alone, on one line"
                .to_string(),
        });
    }
    Ok(token)
}

/// Runs `sh -c command` with no stdin; stdout (trimmed) is the token.
fn run_token_command(command: &str, limit: Duration) -> Result<Token, ConfigError> {
    let deadline = Instant::now() + limit;
    let timed_out = || ConfigError::TokenCommand {
        command: command.to_string(),
        outcome: CommandOutcome::TimedOut(limit),
        stderr: None,
    };
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|source| ConfigError::TokenCommandSpawn {
            command: command.to_string(),
            source,
        })?;
    // Both pipes are drained at once, so a chatty command cannot block on a full pipe.
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let Some(status) = wait_until(&mut child, deadline) else {
        return Err(timed_out());
    };
    // A background grandchild may keep a pipe open: the deadline still holds.
    let remaining = || deadline.saturating_duration_since(Instant::now());
    let stdout = stdout.recv_timeout(remaining()).map_err(|_| timed_out())?;
    let stderr = stderr.recv_timeout(remaining()).unwrap_or_default();
    let token = Token::new(String::from_utf8_lossy(&stdout));
    if status.success() && !token.is_empty() {
        return Ok(token);
    }
    let outcome = if status.success() {
        CommandOutcome::PrintedNothing(status.to_string())
    } else {
        CommandOutcome::Failed(status.to_string())
    };
    Err(ConfigError::TokenCommand {
        command: command.to_string(),
        outcome,
        stderr: first_line(&stderr),
    })
}

/// Polls the child until it exits or the deadline passes (then kills it).
fn wait_until(child: &mut Child, deadline: Instant) -> Option<std::process::ExitStatus> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

/// Reads a pipe to its end on a thread; the bytes arrive on the channel.
fn drain(pipe: Option<impl Read + Send + 'static>) -> mpsc::Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        let _ = sender.send(bytes);
    });
    receiver
}

/// The first non-blank line, without control characters, cut to a sane length.
fn first_line(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let line = text.lines().map(str::trim).find(|line| !line.is_empty())?;
    let clean: String = line.chars().filter(|c| !c.is_control()).collect();
    if clean.chars().count() > STDERR_QUOTE_CHARS {
        let cut: String = clean.chars().take(STDERR_QUOTE_CHARS).collect();
        Some(format!("{cut}…"))
    } else {
        Some(clean)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_command_is_stopped_at_the_limit() {
        let started = Instant::now();
        let err = run_token_command("sleep 5; echo late", Duration::from_millis(300)).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(3));
        let message = err.to_string();
        assert!(message.contains("`sleep 5; echo late`"), "{message}");
        assert!(message.contains("did not finish within"), "{message}");
    }

    #[test]
    fn a_background_child_holding_stdout_does_not_hang_us() {
        let started = Instant::now();
        let err = run_token_command("(sleep 5 &) ; true", Duration::from_millis(300)).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(3));
        assert!(err.to_string().contains("did not finish"), "{err}");
    }

    #[test]
    fn quotes_only_the_first_stderr_line_cleaned() {
        assert_eq!(
            first_line(b"\n  gpg: no key \x1b[31m\nsecond").as_deref(),
            Some("gpg: no key [31m")
        );
        assert_eq!(first_line(b" \n"), None);
        let long = "x".repeat(500);
        assert_eq!(
            first_line(long.as_bytes()).map(|l| l.chars().count()),
            Some(STDERR_QUOTE_CHARS + 1)
        );
    }

    #[test]
    fn multi_line_tokens_are_refused_without_showing_them() {
        let err = check_token(Token::new("secret-line-1\nuser: me"), || "file /t".into())
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("file /t: "), "{err}");
        assert!(!err.contains("secret"), "{err}");
    }
}
