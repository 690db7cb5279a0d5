//! Where the bearer token comes from, and fetching it on demand (so the TUI
//! can pick up a renewed token without restarting).

use crate::error::{CommandOutcome, TokenError};
use crate::{Token, command_tree, echo, mask_token_like_words, strict};
use crmdeck_local_files as local_files;
use std::fmt;
use std::io::Read;
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How long `token_command` may run before it is stopped.
pub const TOKEN_COMMAND_TIME_LIMIT: Duration = Duration::from_secs(10);

/// The most a token file or a token command's output may hold: a JWT is
/// about a kilobyte; a whole `pass` entry or a mistake (`yes`) is not a token.
pub const TOKEN_SIZE_LIMIT: u64 = 64 << 10;

/// The longest piece of a command's stderr quoted in an error.
const STDERR_QUOTE_CHARS: usize = 200;

/// Words of a token command, or of what it printed on stdout, this long or
/// longer are masked where its stderr is quoted: long enough to be a
/// password or a token (8 is the usual least length of a password), short
/// words (`show`, `secret`) kept.
const SECRET_WORD_CHARS: usize = 8;

/// Where the token comes from. Precedence (crmdeck's config chooses): the
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
    pub fn load(&self, env: &dyn Fn(&str) -> Option<String>) -> Result<Token, TokenError> {
        forbid_core_dumps();
        let token = match self {
            Self::None => return Err(TokenError::NoToken),
            Self::Inline { token, .. } | Self::Fixed(token) => token.clone(),
            Self::Env { var } => {
                Token::new(env(var).ok_or_else(|| TokenError::TokenEnvUnset { var: var.clone() })?)
            }
            Self::File { path } => read_token_file(path, env)?,
            Self::Command { command } => run_token_command(command, TOKEN_COMMAND_TIME_LIMIT)?,
        };
        check_token(token, || self.describe())
    }
}

/// Makes sure no core dump of this process holds the token (a SIGABRT
/// core held 17 copies): the process is marked not dumpable
/// (`PR_SET_DUMPABLE` 0, which also keeps other processes of the user
/// from attaching to it) and its core size limit set to 0, for good. Done
/// first thing by `main` and again here, where a token is first held. Child
/// processes (a token command) are dumpable again once they `exec`.
pub fn forbid_core_dumps() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_DUMPABLE takes plain integers.
    unsafe {
        libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0);
    }
    let none = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `none` is a valid rlimit to read from.
    unsafe {
        libc::setrlimit(libc::RLIMIT_CORE, &none);
    }
}

/// The token file's text, unless it is larger than any token, or it (or a
/// folder holding it) is not safe ([`strict`]: others could change it).
fn read_token_file(path: &Path, env: &dyn Fn(&str) -> Option<String>) -> Result<Token, TokenError> {
    let unreadable = |source| TokenError::TokenFileUnreadable {
        path: path.display().to_string(),
        source,
    };
    let file = strict::open(path).map_err(unreadable)?;
    let metadata = file.metadata().map_err(unreadable)?;
    strict::check(&metadata, path, "token file", env)?;
    let text = local_files::read_text_at_most(file, TOKEN_SIZE_LIMIT)
        .map_err(unreadable)?
        .ok_or_else(|| TokenError::TokenFileTooLarge {
            path: path.display().to_string(),
            limit: local_files::size_label(TOKEN_SIZE_LIMIT),
        })?;
    Ok(Token::new(text))
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
pub fn command_label(command: &str) -> String {
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

/// What of a failing command's stderr is quoted: its first line, cleaned,
/// with every long word of the command and of its stdout masked as `…`
/// ([`mask_known_words`]), every piece of a long word of its stdout masked
/// however cut or dressed ([`echo`]), then every token-like word masked
/// ([`mask_token_like_words`]: `pass` or a gpg wrapper may print the token
/// there), and only then cut to length, so a cut cannot leave a piece of a
/// token too short to be recognised.
fn quoted_stderr(stderr: &[u8], command: &str, stdout: &[u8]) -> Option<String> {
    let line = first_line(stderr)?;
    let stdout = String::from_utf8_lossy(stdout);
    let line = mask_known_words(&line, command, &stdout);
    // Pieces of what it printed (its token, perhaps) masked however cut or dressed.
    let line = stdout
        .split_whitespace()
        .filter(|word| word.chars().count() >= echo::FRAGMENT)
        .fold(line, |line, word| Token::new(word).mask_in(&line));
    let masked = mask_token_like_words(&line);
    Some(cut(masked))
}

/// `line` with every long word of `command` (but its program), and of what
/// it printed on `stdout`, replaced by `…`: a failing command's stderr may
/// repeat its arguments, or the whole command (`sh: 1: <token>: not
/// found`), or the token it printed before failing.
fn mask_known_words(line: &str, command: &str, stdout: &str) -> String {
    let program = program_name(command);
    let mut words: Vec<&str> = command
        .split(|c: char| c.is_whitespace() || "'\"`;|&()<>$={}\\".contains(c))
        .filter(|word| Some(*word) != program)
        .chain(stdout.split_whitespace())
        .filter(|word| word.chars().count() >= SECRET_WORD_CHARS)
        .collect();
    // The longest first, so a word inside another is not masked half.
    words.sort_by_key(|word| std::cmp::Reverse(word.len()));
    words
        .into_iter()
        .fold(line.to_string(), |line, word| line.replace(word, "…"))
}

/// Refuses a token that cannot be sent in a header: empty, or holding
/// line breaks or other control characters (e.g. a whole `pass` entry).
pub fn check_token(token: Token, from: impl Fn() -> String) -> Result<Token, TokenError> {
    if token.is_empty() {
        return Err(TokenError::EmptyToken { from: from() });
    }
    if token.expose().chars().any(char::is_control) {
        return Err(TokenError::NotOneLine { from: from() });
    }
    Ok(token)
}

/// Runs `sh -c command` with no stdin; stdout (trimmed) is the token.
/// The command runs in a process group of its own, marked, and is listed
/// in [`command_tree::RUNNING`] while it runs (crmdeck ends it on quitting):
/// when it takes too long or prints more than a token can be, the whole
/// group is ended and everything that carries its mark ([`command_tree`]),
/// so nothing it started outlives it, a session of its own included.
fn run_token_command(command: &str, limit: Duration) -> Result<Token, TokenError> {
    run_listed(command, limit, &command_tree::RUNNING)
}

/// [`run_token_command`], listed in `running`.
fn run_listed(
    command: &str,
    limit: Duration,
    running: &command_tree::Running,
) -> Result<Token, TokenError> {
    let deadline = Instant::now() + limit;
    let label = command_label(command);
    let mark = command_tree::new_mark();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .env(command_tree::MARK, &mark)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|source| TokenError::TokenCommandSpawn {
            command: label.clone(),
            source,
        })?;
    let listed = running.add(child.id(), &mark);
    // stderr is drained on a thread, so a chatty command cannot block on a
    // full pipe; stdout is read as it comes, by `wait_for`.
    let stderr = drain(child.stderr.take());
    let stdout = child.stdout.take();
    let ended = wait_for(&child, stdout, deadline);
    if !matches!(ended, Ended::Done(_)) {
        command_tree::end_tree(child.id(), &mark);
    }
    // Unlisted, then reaped: until then its id, which is the group's,
    // cannot go to another process, so a group ended was ours.
    drop(listed);
    let status = child
        .wait()
        .map_err(|source| TokenError::TokenCommandSpawn {
            command: label.clone(),
            source,
        })?;
    let stopped = |outcome| TokenError::TokenCommand {
        command: label.clone(),
        outcome,
        stderr: None,
    };
    let stdout = match ended {
        Ended::Done(stdout) => stdout,
        Ended::TimedOut => return Err(stopped(CommandOutcome::TimedOut(limit))),
        Ended::PrintedTooMuch => {
            let limit = local_files::size_label(TOKEN_SIZE_LIMIT);
            return Err(stopped(CommandOutcome::PrintedTooMuch(limit)));
        }
    };
    let token = Token::new(String::from_utf8_lossy(&stdout));
    if status.success() && !token.is_empty() {
        return Ok(token);
    }
    let outcome = if status.success() {
        CommandOutcome::PrintedNothing(status.to_string())
    } else {
        CommandOutcome::Failed(status.to_string())
    };
    // A background grandchild may keep stderr open: the deadline still holds.
    let remaining = deadline.saturating_duration_since(Instant::now());
    let stderr = stderr.recv_timeout(remaining).ok().flatten();
    Err(TokenError::TokenCommand {
        command: label,
        outcome,
        stderr: stderr.and_then(|stderr| quoted_stderr(&stderr, command, &stdout)),
    })
}

/// How a token command's run ended.
enum Ended {
    /// The shell exited, and its stdout was read to its end or to the end
    /// of a line (held here).
    Done(Vec<u8>),
    /// The deadline passed first.
    TimedOut,
    /// Its stdout passed [`TOKEN_SIZE_LIMIT`].
    PrintedTooMuch,
}

/// Reads stdout as it comes until the shell has exited (not reaped: see
/// [`has_exited`]) and its stdout has ended, or holds a whole line: a
/// background child may keep stdout open long after the shell printed its
/// token and exited (the token is then what was printed, up to the moment
/// the shell had exited and all it wrote was read). Else until stdout grows
/// too long or the deadline passes.
fn wait_for(child: &Child, stdout: Option<ChildStdout>, deadline: Instant) -> Ended {
    let mut bytes = Vec::new();
    let mut pipe = stdout.filter(|pipe| set_nonblocking(pipe).is_ok());
    loop {
        // Looked at first: all the shell wrote before exiting is then in
        // the pipe, and read below.
        let exited = has_exited(child);
        let ended = match pipe.as_mut() {
            Some(pipe) => read_available(pipe, &mut bytes),
            None => true,
        };
        if ended {
            pipe = None;
        }
        let a_line = bytes
            .iter()
            .position(|b| *b == b'\n')
            .is_some_and(|end| bytes[..end].iter().any(|b| !b.is_ascii_whitespace()));
        if bytes.len() as u64 > TOKEN_SIZE_LIMIT {
            return Ended::PrintedTooMuch;
        }
        if exited && (pipe.is_none() || a_line) {
            return Ended::Done(bytes);
        }
        if Instant::now() >= deadline {
            return Ended::TimedOut;
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Makes reads of `pipe` return at once when it holds nothing.
fn set_nonblocking(pipe: &ChildStdout) -> std::io::Result<()> {
    let fd = pipe.as_raw_fd();
    // SAFETY: fcntl on a descriptor we own, with plain integer arguments.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    // SAFETY: as above.
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// Appends to `bytes` what `pipe` holds now, no more than a byte past
/// [`TOKEN_SIZE_LIMIT`]; true once it has ended (or fails: then it has
/// nothing more to give).
fn read_available(pipe: &mut ChildStdout, bytes: &mut Vec<u8>) -> bool {
    let mut buffer = [0u8; 8192];
    while bytes.len() as u64 <= TOKEN_SIZE_LIMIT {
        match pipe.read(&mut buffer) {
            Ok(0) => return true,
            Ok(n) => bytes.extend_from_slice(&buffer[..n]),
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => return false,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return true,
        }
    }
    false
}

/// True once the shell has exited, without reaping it (`WNOWAIT`). An error
/// (it cannot be waited for) counts as exited: `Child::wait` then says why.
fn has_exited(child: &Child) -> bool {
    // SAFETY: siginfo_t is plain data, for which all zeros is a valid value.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let options = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
    // SAFETY: `info` is a valid siginfo_t to write to; `child` is our child.
    let found = unsafe { libc::waitid(libc::P_PID, child.id(), &mut info, options) };
    // With WNOHANG and nothing to report, waitid leaves si_signo 0 (POSIX).
    found != 0 || info.si_signo != 0
}

/// Reads a pipe on a thread: its bytes arrive on the channel at its end, or
/// `None` as soon as it passes [`TOKEN_SIZE_LIMIT`]. Whatever follows is read
/// and dropped, so the command never blocks on a full pipe.
fn drain(pipe: Option<impl Read + Send + 'static>) -> mpsc::Receiver<Option<Vec<u8>>> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let Some(mut pipe) = pipe else {
            let _ = sender.send(Some(Vec::new()));
            return;
        };
        // A pipe that fails to read has nothing more to give.
        let read = local_files::read_at_most(&mut pipe, TOKEN_SIZE_LIMIT)
            .unwrap_or_else(|_| Some(Vec::new()));
        let _ = sender.send(read);
        let _ = std::io::copy(&mut pipe, &mut std::io::sink());
    });
    receiver
}

/// The first non-blank line, without control characters.
fn first_line(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let line = text.lines().map(str::trim).find(|line| !line.is_empty())?;
    Some(line.chars().filter(|c| !c.is_control()).collect())
}

/// `line` cut to a sane length for a message.
fn cut(line: String) -> String {
    if line.chars().count() > STDERR_QUOTE_CHARS {
        let kept: String = line.chars().take(STDERR_QUOTE_CHARS).collect();
        format!("{kept}…")
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn once_a_token_is_held_no_core_dump_can_hold_it() {
        let source = TokenSource::Env {
            var: "CRMDECK_TEST_TOKEN".to_string(),
        };
        let env = |name: &str| (name == "CRMDECK_TEST_TOKEN").then(|| "a-token".to_string());
        assert_eq!(source.load(&env).unwrap().expose(), "a-token");
        #[cfg(target_os = "linux")]
        // SAFETY: PR_GET_DUMPABLE takes no pointers.
        assert_eq!(unsafe { libc::prctl(libc::PR_GET_DUMPABLE, 0, 0, 0, 0) }, 0);
        let mut limit = libc::rlimit {
            rlim_cur: 1,
            rlim_max: 1,
        };
        // SAFETY: `limit` is a valid rlimit to write to.
        assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_CORE, &mut limit) }, 0);
        assert_eq!((limit.rlim_cur, limit.rlim_max), (0, 0));
    }

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
    fn a_token_line_is_taken_though_a_background_child_keeps_stdout_open() {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        let command = format!(
            "echo a-token-line; sleep 60 & echo $! > {}",
            pid_file.display()
        );
        let token = run_token_command(&command, Duration::from_secs(30));
        if let Ok(pid) = std::fs::read_to_string(&pid_file)
            && let Ok(pid) = pid.trim().parse::<libc::pid_t>()
        {
            // SAFETY: kill takes no pointers.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        assert_eq!(token.unwrap().expose(), "a-token-line");
        // Without a whole line, the time-out still holds.
        let error = run_token_command("printf part; sleep 5 &", Duration::from_millis(300));
        assert!(error.unwrap_err().to_string().contains("did not finish"));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn quitting_ends_a_running_command_with_what_it_started() {
        static RUNNING: command_tree::Running = command_tree::Running::new();
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        let command = format!("sleep 300 & echo $! > {}; sleep 300", pid_file.display());
        let run = thread::spawn(move || run_listed(&command, Duration::from_secs(120), &RUNNING));
        let waited = Instant::now();
        let pid = loop {
            let pid = std::fs::read_to_string(&pid_file).unwrap_or_default();
            if pid.ends_with('\n') || waited.elapsed() > Duration::from_secs(20) {
                break pid.trim().to_string();
            }
            thread::sleep(Duration::from_millis(10));
        };
        assert!(!pid.is_empty(), "the command started");
        RUNNING.end_all();
        let waited = Instant::now();
        while !gone(&pid) && waited.elapsed() < Duration::from_secs(10) {
            thread::sleep(Duration::from_millis(10));
        }
        assert!(gone(&pid), "the command's child {pid} still runs");
        let error = run.join().unwrap().unwrap_err();
        assert!(error.to_string().contains("failed"), "{error}");
    }

    #[test]
    fn a_background_child_holding_stdout_does_not_hang_us() {
        let started = Instant::now();
        let err = run_token_command("(sleep 5 &) ; true", Duration::from_millis(300)).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(3));
        assert!(err.to_string().contains("did not finish"), "{err}");
    }

    /// True once `pid` is no more (or only a zombie waiting for its parent).
    #[cfg(target_os = "linux")]
    fn gone(pid: &str) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
            stat.rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
        })
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_time_out_ends_what_the_command_started() {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        // A child that would outlive the shell by half a minute.
        let command = format!("sleep 30 & echo $! > {}; sleep 30", pid_file.display());
        let error = run_token_command(&command, Duration::from_millis(300)).unwrap_err();
        assert!(error.to_string().contains("did not finish"), "{error}");
        let pid = std::fs::read_to_string(&pid_file).unwrap();
        let pid = pid.trim();
        assert!(!pid.is_empty());
        // Killed at once; its new parent may take a moment to reap it.
        let waited = Instant::now();
        while !gone(pid) && waited.elapsed() < Duration::from_secs(5) {
            thread::sleep(Duration::from_millis(10));
        }
        assert!(gone(pid), "the command's child {pid} still runs");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_time_out_ends_what_left_the_group_too() {
        let dir = tempfile::tempdir().unwrap();
        for (i, escape) in [
            // A session of its own, its parent the command's shell.
            "setsid sh -c 'echo $$ > {pid}; exec sleep 333' &",
            // The same from a subshell that is gone at once: an orphan.
            "(setsid sh -c 'echo $$ > {pid}; exec sleep 333' &)",
        ]
        .iter()
        .enumerate()
        {
            let pid_file = dir.path().join(format!("pid{i}"));
            let started = escape.replace("{pid}", &pid_file.display().to_string());
            let command = format!("{started}\nsleep 30");
            let error = run_token_command(&command, Duration::from_millis(500)).unwrap_err();
            assert!(error.to_string().contains("did not finish"), "{error}");
            let pid = std::fs::read_to_string(&pid_file).unwrap();
            let pid = pid.trim();
            assert!(!pid.is_empty(), "{escape}");
            let waited = Instant::now();
            while !gone(pid) && waited.elapsed() < Duration::from_secs(5) {
                thread::sleep(Duration::from_millis(10));
            }
            assert!(gone(pid), "{escape}: {pid} still runs");
        }
    }

    #[test]
    fn a_command_that_never_stops_printing_is_stopped_past_64_kib() {
        let started = Instant::now();
        let error = run_token_command("yes", Duration::from_secs(5)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "token command `yes` printed more than 64 KiB and was stopped: \
             it must print the token alone"
        );
        assert!(
            started.elapsed() < Duration::from_secs(4),
            "stopped at once"
        );
        // 64 KiB is still a token.
        let just_fits = "head -c 65536 /dev/zero | tr '\\0' a";
        let token = run_token_command(just_fits, Duration::from_secs(5)).unwrap();
        assert_eq!(token.expose().len(), 65536);
    }

    #[test]
    fn quotes_only_the_first_stderr_line_cleaned() {
        assert_eq!(
            first_line(b"\n  gpg: no key \x1b[31m\nsecond").as_deref(),
            Some("gpg: no key [31m")
        );
        assert_eq!(first_line(b" \n"), None);
        let long = "x".repeat(500);
        assert_eq!(cut(long).chars().count(), STDERR_QUOTE_CHARS + 1);
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
    fn a_token_on_stderr_is_never_quoted() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("token");
        let file = file.display();
        let padding = "p ".repeat(95);
        for token in [
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3IiwiZXhwIjoyMDAwMDAwMDAwfQ.c2lnbmF0dXJl",
            "crm-Q7vX2mLp9RtZ4kWc8NbH3yJd6FsG1aE5",
            "17|jCr5abcdefghijklmnopqrstuvwxyz",
            "q83vEjRWeJA+/Hg2ZmV3Yj0=",
        ] {
            std::fs::write(dir.path().join("token"), token).unwrap();
            for command in [
                // A wrapper that fails after showing the entry on stderr.
                format!("echo \"entry: $(cat {file})\" >&2; exit 1"),
                // It prints nothing on stdout, the token on stderr.
                format!("cat {file} >&2"),
                // The token starts just before the cut of a long line.
                format!("echo \"{padding}$(cat {file})\" >&2; exit 1"),
            ] {
                let error = run_token_command(&command, Duration::from_secs(10)).unwrap_err();
                let shown = error.to_string();
                for piece in [token, &token[..10], &token[token.len() - 10..]] {
                    assert!(!shown.contains(piece), "{piece} in {shown}");
                }
            }
        }
        // A token of no telling shape, printed on stdout before failing.
        let plain = "onlylowercaseletters";
        std::fs::write(dir.path().join("token"), plain).unwrap();
        let command = format!("cat {file}; echo \"no access to $(cat {file})\" >&2; exit 1");
        let error = run_token_command(&command, Duration::from_secs(10)).unwrap_err();
        assert!(error.to_string().ends_with("no access to …"), "{error}");
    }

    #[test]
    fn pieces_of_the_token_are_never_quoted_however_dressed() {
        let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.owImVBjuPAlwI5470GidaSo7";
        let signature = "owImVBjuPAlwI5470GidaSo7";
        let spaced = |between: &str| {
            let pieces: String = signature.chars().map(|c| format!("{c}{between}")).collect();
            format!("entry {pieces}")
        };
        for stderr in [
            // In groups of 8, as gpg prints a key: the token need not be known.
            "gpg: entry locked: owImVBju PAlwI547 0GidaSo7".to_string(),
            // Its characters spaced out, or with zero-width spaces between,
            // once it printed the token (unknown otherwise).
            spaced(" "),
            spaced("\u{200B}"),
        ] {
            let grouped = stderr.starts_with("gpg");
            for stdout in [token].into_iter().chain(grouped.then_some("")) {
                let command = format!("printf '%s' '{stdout}'; printf '{stderr}\\n' >&2; exit 1");
                let error = run_token_command(&command, Duration::from_secs(10)).unwrap_err();
                let shown: String = error
                    .to_string()
                    .chars()
                    .filter(char::is_ascii_alphanumeric)
                    .collect();
                for run in signature.as_bytes().windows(10) {
                    let run = std::str::from_utf8(run).unwrap();
                    assert!(!shown.contains(run), "{run} in {error} ({stderr})");
                }
            }
        }
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
