//! Where the bearer token comes from, and fetching it on demand (so the TUI
//! can pick up a renewed token without restarting).

use super::error::{CommandOutcome, ConfigError};
use crate::model::Token;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How long `token_command` may run before it is stopped.
pub const TOKEN_COMMAND_TIME_LIMIT: Duration = Duration::from_secs(10);

/// The longest piece of a command's stderr quoted in an error.
const STDERR_QUOTE_CHARS: usize = 200;

/// Words of a token command this long or longer are masked where its stderr
/// is quoted: long enough to be a password or a token (8 is the usual
/// least length of a password), short words (`show`, `secret`) kept.
const SECRET_WORD_CHARS: usize = 8;

/// Where the token comes from. Precedence (see [`super::load`]): the
/// environment variable CRMDECK_TOKEN, then the token keys of the profile in
/// use, then the top-level token keys.
#[derive(Clone, PartialEq)]
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
            Self::Command { command } => format!("command `{}`", command_label(command)),
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

/// Like the derived one, but a token command shows as [`command_label`]
/// (tokens already debug-print masked).
impl fmt::Debug for TokenSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::None => f.write_str("None"),
            Self::Inline { file, token } => f
                .debug_struct("Inline")
                .field("file", file)
                .field("token", token)
                .finish(),
            Self::Env { var } => f.debug_struct("Env").field("var", var).finish(),
            Self::File { path } => f.debug_struct("File").field("path", path).finish(),
            Self::Command { command } => f
                .debug_struct("Command")
                .field("command", &command_label(command))
                .finish(),
            Self::Fixed(token) => f.debug_tuple("Fixed").field(token).finish(),
        }
    }
}

/// A token command as people are shown it: the name of its program and `…`
/// for the rest (`pass …`), never its arguments, which may hold the token
/// itself (`echo <token>`) or a password. The program is named only when it
/// is one (found at the path given or on PATH): a token pasted where the
/// command should be is `…` too.
pub(crate) fn command_label(command: &str) -> String {
    let Some(program) = program_name(command) else {
        return "…".to_string();
    };
    if command.trim() == program {
        short_name(program).to_string()
    } else {
        format!("{} …", short_name(program))
    }
}

/// The command's program as written (after `NAME=value` assignments), if
/// it is a program that exists.
fn program_name(command: &str) -> Option<&str> {
    let word = command
        .split_whitespace()
        .find(|word| !is_assignment(word))?;
    let found = if word.contains('/') {
        Path::new(word).is_file()
    } else {
        std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|folder| folder.join(word).is_file())
        })
    };
    found.then_some(word)
}

/// `NAME=value`, a variable set for the command.
fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty() && name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
    })
}

/// A program's file name without its folder (`/usr/bin/pass` is `pass`).
fn short_name(program: &str) -> &str {
    program.rsplit('/').next().unwrap_or(program)
}

/// `line` with every long word of `command` (but its program) replaced by
/// `…`: a failing command's stderr may repeat its arguments, or the whole
/// command (`sh: 1: <token>: not found`).
fn mask_command_words(line: &str, command: &str) -> String {
    let program = program_name(command);
    let mut words: Vec<&str> = command
        .split(|c: char| c.is_whitespace() || "'\"`;|&()<>$={}\\".contains(c))
        .filter(|word| word.chars().count() >= SECRET_WORD_CHARS && Some(*word) != program)
        .collect();
    // The longest first, so a word inside another is not masked half.
    words.sort_by_key(|word| std::cmp::Reverse(word.len()));
    words
        .into_iter()
        .fold(line.to_string(), |line, word| line.replace(word, "…"))
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
    let label = command_label(command);
    let timed_out = || ConfigError::TokenCommand {
        command: label.clone(),
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
            command: label.clone(),
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
        command: label,
        outcome,
        stderr: first_line(&stderr).map(|line| mask_command_words(&line, command)),
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
        assert!(message.contains("`sleep …`"), "{message}");
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

    const SECRET: &str = "s3cr3t-in-the-command";

    #[test]
    fn a_command_is_shown_by_its_program_only() {
        assert_eq!(command_label("cat ~/crm-token"), "cat …");
        assert_eq!(command_label("  /bin/sh -c 'pass show crm'"), "sh …");
        assert_eq!(command_label("true"), "true");
        assert_eq!(command_label(&format!("API_KEY={SECRET} cat x")), "cat …");
        // No such program: perhaps the token itself, pasted as the command.
        assert_eq!(command_label(SECRET), "…");
        assert_eq!(command_label(&format!("{SECRET} --flag")), "…");
        assert_eq!(command_label("   "), "…");
    }

    #[test]
    fn a_failing_command_never_shows_a_secret_among_its_arguments() {
        for command in [
            // It fails, repeating its argument on stderr.
            format!("echo 'no such entry: {SECRET}' >&2; exit 3"),
            // A token pasted as the command: `sh: 1: <token>: not found`.
            SECRET.to_string(),
            // It prints nothing on stdout.
            format!("test -n {SECRET}"),
            // It hangs.
            format!("sleep 5 || echo {SECRET}"),
        ] {
            let error = run_token_command(&command, Duration::from_millis(300)).unwrap_err();
            for shown in [error.to_string(), format!("{error:?}")] {
                assert!(!shown.contains(SECRET), "{command}: {shown}");
                assert!(!shown.contains("s3cr3t"), "{command}: {shown}");
            }
        }
        let source = TokenSource::Command {
            command: format!("echo {SECRET}"),
        };
        assert_eq!(source.describe(), "command `echo …`");
        assert!(!format!("{source:?}").contains(SECRET), "{source:?}");
    }

    #[test]
    fn stderr_keeps_what_says_why_and_masks_the_long_words_of_the_command() {
        let error = run_token_command(
            &format!("echo \"gpg: no secret key for {SECRET}\" >&2; false"),
            Duration::from_secs(10),
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "token command `echo …` failed (exit status: 1): gpg: no secret key for …"
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
