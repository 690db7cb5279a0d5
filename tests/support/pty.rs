//! The real `crmdeck` binary in a pseudo-terminal, its output read by a
//! terminal emulator (vt100), keys typed as a person would. Every wait polls
//! the parsed screen against a deadline: no fixed sleeps.
//!
//! Each run gets a [`Home`] of its own (an empty temporary folder and the
//! clean environment), `TERM=xterm-256color` and 100x30 cells.
//!
//! A test reads like a person at the keyboard:
//!
//! ```text
//! let mut tty = Tty::spawn(&["--demo"], &[]);
//! tty.wait_for(" · row 1 of ");
//! tty.type_keys("G");
//! tty.wait_for(" · row 240 of ");
//! tty.quit();
//! ```
//!
//! Keys are the bytes a terminal sends (`"\x1b[B"` is Down, `"\x1b"` Esc).
//! OSC 52 copies and title changes land in [`Requests`]. To run against a
//! server the test controls (latency, faults, a hang), start a
//! `demo_server::Server` and take its `dashboard()`, or pass its address to
//! [`dashboard`].
//!
//! What does not need a real terminal (the app's screens, keys and
//! requests) is tested faster in-process, with `runner::Runner`.

use super::home::Home;
use super::screen::Watch;
use super::wait;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};
use std::io::{ErrorKind, Read, Write};
use std::num::NonZeroU16;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;

/// The size every run starts at.
pub const COLUMNS: u16 = 100;
pub const ROWS: u16 = 30;

/// Ctrl-C as the terminal sends it.
pub const CTRL_C: &str = "\x03";

/// What the program asked the terminal to do besides drawing.
#[derive(Debug, Default)]
pub struct Requests {
    /// OSC 52 clipboard writes: (selection, decoded text).
    pub clipboard: Vec<(String, String)>,
    /// Window titles set (OSC 0 and 2).
    pub titles: Vec<String>,
}

impl vt100::Callbacks for Requests {
    fn copy_to_clipboard(&mut self, _: &mut vt100::Screen, selection: &[u8], data: &[u8]) {
        let text = STANDARD
            .decode(data)
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_else(|_| format!("<not base64: {}>", String::from_utf8_lossy(data)));
        self.clipboard
            .push((String::from_utf8_lossy(selection).into_owned(), text));
    }

    fn set_window_title(&mut self, _: &mut vt100::Screen, title: &[u8]) {
        self.titles
            .push(String::from_utf8_lossy(title).into_owned());
    }
}

type Parser = vt100::Parser<Requests>;

/// One run of the binary in a pseudo-terminal.
pub struct Tty {
    child: Box<dyn Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
    /// Kept until the child has exited: dropping it sends a newline and Ctrl-D.
    writer: Option<Box<dyn Write + Send>>,
    parser: Arc<Mutex<Parser>>,
    /// Set by the reader thread at end of output (EOF or EIO).
    output_ended: Arc<AtomicBool>,
    /// Everything the program wrote to the terminal, as it was read.
    transcript: Arc<Mutex<Vec<Vec<u8>>>>,
    status: Option<ExitStatus>,
    home: Home,
}

impl Tty {
    /// Starts `crmdeck ARGS` with `env` added to the clean environment.
    pub fn spawn(args: &[&str], env: &[(&str, &str)]) -> Self {
        Self::spawn_program(env!("CARGO_BIN_EXE_crmdeck"), args, env)
    }

    /// Starts `PROGRAM ARGS` (a shell, say) the same way: own home, clean
    /// environment plus `env`, 100x30 cells.
    pub fn spawn_program(program: &str, args: &[&str], env: &[(&str, &str)]) -> Self {
        let home = Home::new();
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLUMNS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(program);
        command.args(args);
        command.cwd(home.path());
        command.env_clear();
        for (name, value) in home.env() {
            command.env(name, value);
        }
        command.env("TERM", "xterm-256color");
        command.env("RUST_BACKTRACE", "0");
        for (name, value) in env {
            command.env(name, value);
        }
        let child = pair.slave.spawn_command(command).expect("crmdeck starts");
        // Our copy of the slave would keep the output open after the child exits.
        drop(pair.slave);

        let parser = Arc::new(Mutex::new(Parser::new_with_callbacks(
            cells(ROWS),
            cells(COLUMNS),
            0,
            Requests::default(),
        )));
        let output_ended = Arc::new(AtomicBool::new(false));
        let transcript = Arc::new(Mutex::new(Vec::new()));
        let reader = pair.master.try_clone_reader().expect("pty reader");
        spawn_reader(
            reader,
            Arc::clone(&parser),
            Arc::clone(&output_ended),
            Arc::clone(&transcript),
        );
        let writer = pair.master.take_writer().expect("pty writer");
        Self {
            child,
            master: pair.master,
            writer: Some(writer),
            parser,
            output_ended,
            transcript,
            status: None,
            home,
        }
    }

    /// Sends bytes as typed keys (`"q"`, [`CTRL_C`], escape sequences).
    pub fn type_keys(&mut self, keys: &str) {
        let writer = self.writer.as_mut().expect("the writer lives until exit");
        writer.write_all(keys.as_bytes()).expect("keys written");
        writer.flush().expect("keys flushed");
    }

    /// Waits until `ready` holds for the screen (its modes, cells,
    /// attributes); fails the test, showing the screen, when it does not
    /// within the deadline. (For the text alone: [`Watch`].)
    pub fn wait_until(&self, what: &str, ready: impl Fn(&vt100::Screen) -> bool) {
        wait::until(
            what,
            || ready(self.lock().screen()),
            || format!("the screen:\n{}", self.screen_text()),
        );
    }

    /// Waits until `done` holds for what the program asked of the terminal
    /// (a clipboard write, a title); fails the test when it does not within
    /// the deadline.
    pub fn wait_for_requests(&self, what: &str, done: impl Fn(&Requests) -> bool) {
        wait::until(
            what,
            || done(self.lock().callbacks()),
            || format!("the requests: {:?}", self.lock().callbacks()),
        );
    }

    /// The visible text, rows joined by newlines.
    pub fn screen_text(&self) -> String {
        screen_text(&self.parser)
    }

    /// crmdeck's status message as on screen (see [`status_text_of`]).
    pub fn status_text(&self) -> String {
        self.screen(status_text_of)
    }

    /// Everything the program wrote to the terminal so far, as text.
    pub fn transcript(&self) -> String {
        let reads = self.transcript.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&reads.concat()).into_owned()
    }

    /// The screen's text after each read of the program's output so far,
    /// replayed on an emulator of the starting size: the frames drawn over
    /// before a test could read them too. (A frame redraws only the cells
    /// that change, so text can be on screen without being whole in the
    /// [`transcript`](Self::transcript).)
    pub fn screens_shown(&self) -> Vec<String> {
        let reads = self.transcript.lock().unwrap_or_else(|e| e.into_inner());
        let mut replay = vt100::Parser::new(cells(ROWS), cells(COLUMNS), 0);
        reads
            .iter()
            .map(|read| {
                replay.process(read);
                replay.screen().contents()
            })
            .collect()
    }

    /// The emulator's size: (columns, rows).
    pub fn size(&self) -> (u16, u16) {
        let (rows, columns) = self.lock().screen().size();
        (columns.get(), rows.get())
    }

    /// Reads something off the parsed screen (modes, cells, attributes).
    pub fn screen<T>(&self, read: impl FnOnce(&vt100::Screen) -> T) -> T {
        read(self.lock().screen())
    }

    /// What the program asked of the terminal so far (clipboard, titles).
    pub fn requests<T>(&self, read: impl FnOnce(&Requests) -> T) -> T {
        read(self.lock().callbacks())
    }

    /// Feeds bytes to our emulator only, as if something else had written
    /// to the terminal (a shell while crmdeck was stopped, a `wall` message).
    pub fn scribble(&self, bytes: &str) {
        self.lock().process(bytes.as_bytes());
    }

    /// Resizes the terminal; our emulator first, and wiped, so whatever is
    /// on screen afterwards was drawn after the resize.
    pub fn resize(&mut self, columns: u16, rows: u16) {
        {
            let mut parser = self.lock();
            parser.set_size(cells(rows), cells(columns));
            parser.process(b"\x1b[2J");
        }
        self.master
            .resize(PtySize {
                rows,
                cols: columns,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("pty resized");
    }

    /// Sends a signal to the child (`libc::SIGTERM`, ...).
    pub fn signal(&self, signal: libc::c_int) {
        let pid = self.pid();
        // SAFETY: kill(2) on the pid of our own child; no memory involved.
        let sent = unsafe { libc::kill(pid, signal) };
        assert_eq!(sent, 0, "kill({pid}, {signal}) failed");
    }

    /// Waits for the child to exit and for its last output to be parsed.
    pub fn wait_exit(&mut self) -> ExitStatus {
        let mut status = None;
        let child = &mut self.child;
        wait::until(
            "crmdeck to exit",
            || {
                status = child.try_wait().expect("child status");
                status.is_some()
            },
            || format!("the screen:\n{}", screen_text(&self.parser)),
        );
        let ended = &self.output_ended;
        wait::until(
            "the end of its output",
            || ended.load(Ordering::SeqCst),
            String::new,
        );
        let status = status.expect("waited for it");
        self.status = Some(status.clone());
        status
    }

    /// Quits with q and checks the terminal was given back.
    pub fn quit(&mut self) {
        self.quit_with("q");
    }

    /// Quits with `keys` (q, Ctrl-C) and checks the exit was a success and
    /// the terminal given back.
    pub fn quit_with(&mut self, keys: &str) {
        self.type_keys(keys);
        let status = self.wait_exit();
        assert!(status.success(), "{status:?}");
        self.assert_terminal_restored();
    }

    /// Sends `signal` and checks crmdeck leaves with the shell's code for it
    /// (128 + its number), the terminal given back.
    pub fn end_on(&mut self, signal: libc::c_int) {
        self.signal(signal);
        assert_eq!(self.wait_exit().exit_code(), 128 + signal.unsigned_abs());
        self.assert_terminal_restored();
    }

    /// The terminal's line discipline echoes typed keys (off in raw mode).
    pub fn echo_on(&self) -> bool {
        self.local_flags() & libc::ECHO != 0
    }

    /// The line discipline hands over whole edited lines (canonical mode;
    /// off in raw mode).
    pub fn canonical_on(&self) -> bool {
        self.local_flags() & libc::ICANON != 0
    }

    /// The local modes of the line discipline (`c_lflag`). The master's
    /// termios are the ones the slave side set: Linux shares them.
    fn local_flags(&self) -> libc::tcflag_t {
        let termios = self.master.get_termios().expect("termios of the pty");
        termios.local_flags.bits()
    }

    /// Fails unless the program has the terminal in the UI's modes: the
    /// alternate screen, the cursor hidden, raw mode (no echo, no line
    /// editing).
    pub fn assert_terminal_taken(&self) {
        self.screen(|screen| {
            assert!(screen.alternate_screen(), "not on the alternate screen");
            assert!(screen.hide_cursor(), "the cursor is visible");
        });
        assert!(!self.echo_on(), "echo is on: not in raw mode");
        assert!(
            !self.canonical_on(),
            "canonical mode is on: not in raw mode"
        );
    }

    /// The process id of the program started (a shell's, for instance).
    pub fn pid(&self) -> libc::pid_t {
        let pid = self.child.process_id().expect("the child's pid");
        libc::pid_t::try_from(pid).expect("pid fits")
    }

    /// The process group the terminal belongs to (its foreground job).
    pub fn foreground_group(&self) -> libc::pid_t {
        self.master
            .process_group_leader()
            .expect("the terminal's foreground process group")
    }

    /// Fails unless the terminal is as crmdeck found it: main screen,
    /// cursor shown, echo and canonical mode on, no mouse reporting.
    pub fn assert_terminal_restored(&self) {
        self.screen(|screen| {
            assert!(!screen.alternate_screen(), "still on the alternate screen");
            assert!(!screen.hide_cursor(), "the cursor is still hidden");
            assert_eq!(
                screen.mouse_protocol_mode(),
                vt100::MouseProtocolMode::None,
                "mouse reporting is still on"
            );
        });
        assert!(self.echo_on(), "echo is still off (raw mode)");
        assert!(
            self.canonical_on(),
            "canonical mode is still off (raw mode)"
        );
    }

    /// The run's log file (under its temporary home).
    pub fn log_path(&self) -> PathBuf {
        self.home.log_path()
    }

    fn lock(&self) -> MutexGuard<'_, Parser> {
        lock(&self.parser)
    }
}

impl Watch for Tty {
    fn text(&self) -> String {
        self.screen_text()
    }
}

/// `crmdeck ARGS` (the dashboard) against `base_url` with `token` and `env`
/// added, once its first frame is drawn.
pub fn dashboard(base_url: &str, token: &str, args: &[&str], env: &[(&str, &str)]) -> Tty {
    let mut with_server = vec![("CRMDECK_BASE_URL", base_url), ("CRMDECK_TOKEN", token)];
    with_server.extend_from_slice(env);
    let tty = Tty::spawn(args, &with_server);
    tty.wait_for("crmdeck");
    tty
}

/// The one line `crmdeck --demo` prints when the config file holding
/// `config` is refused: it exits 2 with nothing else on the terminal, and
/// the terminal as it was.
pub fn config_error_line(config: &str) -> String {
    let (_dir, path) = super::home::config_file(config);
    let mut tty = Tty::spawn(&["--demo", "--config", &path], &[]);
    assert_eq!(tty.wait_exit().exit_code(), 2);
    let screen = tty.screen_text();
    let lines: Vec<&str> = screen.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{screen}");
    assert!(lines[0].starts_with("crmdeck: "), "{screen}");
    tty.assert_terminal_restored();
    lines[0].to_string()
}

fn lock(parser: &Mutex<Parser>) -> MutexGuard<'_, Parser> {
    parser.lock().unwrap_or_else(|e| e.into_inner())
}

/// The visible text of `parser`'s screen, rows joined by newlines.
fn screen_text(parser: &Mutex<Parser>) -> String {
    lock(parser).screen().contents()
}

impl Drop for Tty {
    fn drop(&mut self) {
        if self.status.is_none() {
            // A failed test: do not leave the child running.
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        self.writer.take();
    }
}

/// crmdeck's status message as on screen, trailing blanks dropped (for
/// [`Tty::wait_until`]): the bottom row, or the two bottom rows joined when
/// an error or a warning too long for one row takes the hints row too.
pub fn status_text_of(screen: &vt100::Screen) -> String {
    let (_, columns) = screen.size();
    let rows: Vec<String> = screen.rows(0, columns.get()).collect();
    let row = |from_bottom: usize| {
        rows.len()
            .checked_sub(from_bottom)
            .map_or("", |index| rows[index].trim_end())
    };
    let (above, last) = (row(2), row(1));
    if above.starts_with(" error: ") || above.starts_with(" warning: ") {
        format!("{above} {}", last.trim_start())
    } else {
        last.to_string()
    }
}

/// A count of cells; a terminal has at least one of each.
fn cells(count: u16) -> NonZeroU16 {
    NonZeroU16::new(count).expect("a terminal at least one cell wide and high")
}

/// Reads the child's output into the parser (and the transcript) until it
/// ends; EIO is how Linux says the last slave end closed.
fn spawn_reader(
    mut reader: Box<dyn Read + Send>,
    parser: Arc<Mutex<Parser>>,
    ended: Arc<AtomicBool>,
    transcript: Arc<Mutex<Vec<Vec<u8>>>>,
) {
    thread::spawn(move || {
        let mut buffer = [0u8; 8192];
        loop {
            match reader.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    transcript
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(buffer[..n].to_vec());
                    lock(&parser).process(&buffer[..n]);
                }
                Err(error) if error.kind() == ErrorKind::Interrupted => {}
                // EIO, or anything else: the output is over either way.
                Err(_) => break,
            }
        }
        ended.store(true, Ordering::SeqCst);
    });
}
