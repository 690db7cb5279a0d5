//! The binary under measure in a pseudo-terminal, its output timed as it
//! arrives and parsed by a terminal emulator (vt100).
//!
//! Unlike the test harness (`tests/support/pty.rs`), which polls the screen
//! every 20 ms, every wait here blocks on the next chunk of output, so a
//! time is the moment the reader thread got the bytes that completed what
//! was waited for. Each chunk also counts toward the bytes written and the
//! frames ended.
//!
//! The end of a frame: ratatui hides the cursor after the diff of every
//! draw (`ESC [ ? 25 l`, the UI never shows the cursor), so each draw ends
//! with that sequence and nothing else sends it while the UI runs.

use crate::home::clean_env;
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use std::io::{ErrorKind, Read, Write};
use std::num::NonZeroU16;
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// What ends every frame the UI draws.
pub const FRAME_END: &[u8] = b"\x1b[?25l";

/// How long any wait may take before the run is given up.
const DEADLINE: Duration = Duration::from_secs(10);

/// One chunk of output and when the reader got it.
struct Chunk {
    at: Instant,
    bytes: Vec<u8>,
}

/// What the run of the binary is given.
pub struct Launch<'a> {
    pub binary: &'a Path,
    pub columns: u16,
    pub rows: u16,
    /// Added to a clean environment (PATH, HOME, XDG dirs, TERM).
    pub env: &'a [(&'a str, &'a str)],
    /// Written to `$XDG_CONFIG_HOME/crmdeck/config.toml` when given.
    pub config: Option<&'a str>,
    /// Bytes a second the terminal reads at, as over a slow link (none:
    /// as fast as they come). What is not read yet waits in the kernel's
    /// buffer of the pseudo-terminal, and then in the binary's write.
    pub read_rate: Option<u32>,
}

/// One run of the binary in a pseudo-terminal.
pub struct Pty {
    child: Box<dyn Child + Send + Sync>,
    /// Kept open for the run: dropping the master ends the session.
    _master: Box<dyn MasterPty + Send>,
    /// Kept until the child has exited: dropping it sends a newline and Ctrl-D.
    writer: Option<Box<dyn Write + Send>>,
    output: Receiver<Chunk>,
    parser: vt100::Parser,
    /// When the spawn was asked for.
    pub spawned_at: Instant,
    /// Bytes read from the terminal so far.
    pub bytes_read: u64,
    /// Frames whose end was read so far.
    pub frames_ended: u64,
    /// The last bytes read, so a frame end split across chunks is found.
    tail: Vec<u8>,
    _home: TempDir,
}

impl Pty {
    /// Starts the binary in a terminal of the launch's size, in an empty
    /// home of its own (no config but the launch's, its log kept apart).
    pub fn spawn(launch: &Launch<'_>) -> Result<Self, String> {
        let home = TempDir::new().map_err(|e| format!("a temporary home: {e}"))?;
        let config_home = home.path().join("config");
        if let Some(config) = launch.config {
            let dir = config_home.join("crmdeck");
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            std::fs::write(dir.join("config.toml"), config)
                .map_err(|e| format!("the config file: {e}"))?;
        }
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: launch.rows,
                cols: launch.columns,
                pixel_width: 0,
                pixel_height: 0,
            })
            .map_err(|e| format!("a pseudo-terminal: {e}"))?;
        let mut command = CommandBuilder::new(launch.binary);
        command.cwd(home.path());
        command.env_clear();
        for (name, value) in clean_env(home.path()) {
            command.env(name, value);
        }
        command.env("TERM", "xterm-256color");
        for (name, value) in launch.env {
            command.env(name, value);
        }
        let reader = pair
            .master
            .try_clone_reader()
            .map_err(|e| format!("the pty reader: {e}"))?;
        let writer = pair
            .master
            .take_writer()
            .map_err(|e| format!("the pty writer: {e}"))?;
        let output = spawn_reader(reader, launch.read_rate);
        let spawned_at = Instant::now();
        let child = pair
            .slave
            .spawn_command(command)
            .map_err(|e| format!("{} does not start: {e}", launch.binary.display()))?;
        // Our copy of the slave would keep the output open after the child exits.
        drop(pair.slave);
        Ok(Self {
            child,
            _master: pair.master,
            writer: Some(writer),
            output,
            parser: vt100::Parser::new(cells(launch.rows), cells(launch.columns), 0),
            spawned_at,
            bytes_read: 0,
            frames_ended: 0,
            tail: Vec::new(),
            _home: home,
        })
    }

    /// The child's process id, for /proc.
    pub fn pid(&self) -> Result<u32, String> {
        self.child
            .process_id()
            .ok_or_else(|| "the child has no pid".to_string())
    }

    /// Writes keys (the bytes a terminal sends); the moment just before.
    pub fn type_keys(&mut self, keys: &str) -> Result<Instant, String> {
        let writer = self
            .writer
            .as_mut()
            .ok_or_else(|| "the terminal is closed".to_string())?;
        // Before the write: once the keys are out, this thread may be
        // descheduled while the child answers and the reader stamps it.
        let at = Instant::now();
        writer
            .write_all(keys.as_bytes())
            .and_then(|()| writer.flush())
            .map_err(|e| format!("keys not written: {e}"))?;
        Ok(at)
    }

    /// Reads until a frame that ended after `frames_before` frames leaves
    /// the screen as `done` wants it; the time the last bytes of that frame
    /// were read. Fails, showing the screen, after the deadline.
    pub fn wait_frame(
        &mut self,
        what: &str,
        frames_before: u64,
        done: impl Fn(&vt100::Screen) -> bool,
    ) -> Result<Instant, String> {
        let deadline = Instant::now() + DEADLINE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let chunk = match self.output.recv_timeout(left) {
                Ok(chunk) => chunk,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "waited {DEADLINE:?} for {what}; the screen:\n{}",
                        self.screen_text()
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!(
                        "the output ended while waiting for {what}; the screen:\n{}",
                        self.screen_text()
                    ));
                }
            };
            self.take(&chunk);
            if self.frames_ended > frames_before && done(self.parser.screen()) {
                return Ok(chunk.at);
            }
        }
    }

    /// Reads whatever comes until nothing has come for `quiet`; the bytes read.
    pub fn drain(&mut self, quiet: Duration) -> u64 {
        let before = self.bytes_read;
        while let Ok(chunk) = self.output.recv_timeout(quiet) {
            self.take(&chunk);
        }
        self.bytes_read - before
    }

    /// Reads whatever comes for `span`, however often it comes; the bytes read.
    pub fn read_for(&mut self, span: Duration) -> u64 {
        let before = self.bytes_read;
        let end = Instant::now() + span;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(chunk) => self.take(&chunk),
                Err(_) => break,
            }
        }
        self.bytes_read - before
    }

    /// The screen as parsed so far.
    pub fn screen(&self) -> &vt100::Screen {
        self.parser.screen()
    }

    /// The visible text, rows joined by newlines.
    pub fn screen_text(&self) -> String {
        self.parser.screen().contents()
    }

    /// Types `q` and waits for a clean exit.
    pub fn quit(self) -> Result<(), String> {
        self.quit_timed().map(drop)
    }

    /// [`Self::quit`]; the time from the key to the exit seen (within the
    /// 5 ms this polls at).
    pub fn quit_timed(mut self) -> Result<Duration, String> {
        let typed = self.type_keys("q")?;
        let deadline = Instant::now() + DEADLINE;
        let status = loop {
            if let Some(status) = self
                .child
                .try_wait()
                .map_err(|e| format!("the child's status: {e}"))?
            {
                break status;
            }
            if Instant::now() > deadline {
                return Err(format!("no exit within {DEADLINE:?} after q"));
            }
            self.drain(Duration::from_millis(5));
        };
        let quit_after = typed.elapsed();
        if status.success() {
            Ok(quit_after)
        } else {
            Err(format!("exit after q: {status:?}"))
        }
    }

    fn take(&mut self, chunk: &Chunk) {
        self.parser.process(&chunk.bytes);
        self.bytes_read += chunk.bytes.len() as u64;
        self.tail.extend_from_slice(&chunk.bytes);
        let ends = self
            .tail
            .windows(FRAME_END.len())
            .filter(|window| *window == FRAME_END)
            .count();
        self.frames_ended += ends as u64;
        // Keep just enough to find a frame end that straddles two chunks
        // (never a whole one, which was counted already).
        let keep = FRAME_END.len() - 1;
        let cut = self.tail.len().saturating_sub(keep);
        self.tail.drain(..cut);
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        self.writer.take();
    }
}

/// A count of cells; a terminal has at least one of each.
fn cells(count: u16) -> NonZeroU16 {
    NonZeroU16::new(count).unwrap_or(NonZeroU16::MIN)
}

/// Reads the child's output into a channel, each chunk stamped with the
/// time it was read, until it ends (EOF, or EIO once the child has gone);
/// at `rate` bytes a second at most when given: 10 ms worth at a time,
/// each read waiting until the bytes before it would have been carried.
fn spawn_reader(mut reader: Box<dyn Read + Send>, rate: Option<u32>) -> Receiver<Chunk> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let size = rate.map_or(64 * 1024, |rate| (rate as usize / 100).max(1));
        let mut buffer = vec![0u8; size];
        let started = Instant::now();
        let mut carried = 0u64;
        loop {
            if let Some(rate) = rate {
                let due = started + Duration::from_secs_f64(carried as f64 / f64::from(rate));
                thread::sleep(due.saturating_duration_since(Instant::now()));
            }
            match reader.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    let at = Instant::now();
                    // Idle time is not credited: a burst after a pause
                    // goes at the rate too.
                    if let Some(rate) = rate {
                        let now = at.duration_since(started).as_secs_f64() * f64::from(rate);
                        carried = carried.max(now as u64);
                    }
                    carried += n as u64;
                    let chunk = Chunk {
                        at,
                        bytes: buffer[..n].to_vec(),
                    };
                    if sender.send(chunk).is_err() {
                        break;
                    }
                }
                Err(error) if error.kind() == ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
    });
    receiver
}
