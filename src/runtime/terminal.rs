//! The terminal's whole lifecycle, in one place: raw mode, the alternate
//! screen, the hidden cursor and (when asked) mouse capture on the way in;
//! the reverse on the way out, whichever way out it is: a normal exit, a
//! panic, a signal, or a suspend (Ctrl-Z). [`Tui`] is the event loop's
//! [`Console`] in production, and [`events`] its events.
//!
//! Never called here: `crossterm::cursor::position()` and
//! `supports_keyboard_enhancement()`. Both query the terminal and wait for an
//! answer that some emulators never send. `Terminal::clear` asks for the
//! cursor position too, so a full redraw goes through `Terminal::resize`.

use super::clipboard;
use super::event_loop::Console;
use super::signals::{Signal, Signals};
use crate::app::App;
use crate::app::protocol::CopyRefused;
use crate::ui;
use crossterm::event::{DisableMouseCapture, Event, EventStream};
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute};
use futures::{Stream, StreamExt};
use lean_backend::LeanBackend;
use ratatui::Terminal;
use ratatui::layout::Rect;
use std::fmt;
use std::future::Future;
use std::io::{self, IsTerminal, Stdout, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

/// True while the terminal is in the UI's modes. Global because the panic
/// hook, which may run on any thread, has to know whether to restore it.
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// True while mouse reporting is on.
static MOUSE_CAPTURED: AtomicBool = AtomicBool::new(false);

/// Test-only: with this variable set (to anything), the first key press
/// panics on the event loop's thread instead of reaching the app, so the
/// pseudo-terminal tests can prove that a panic gives the terminal back and
/// leaves its report readable. Not documented for users; nobody sets a
/// variable of this name by accident.
const TEST_PANIC_VAR: &str = "CRMDECK_TEST_PANIC";

/// Test-only, as [`TEST_PANIC_VAR`]: the first key press blocks the event
/// loop's thread for good (as a blocking call of ours once did: a FIFO
/// opened for reading), so the pseudo-terminal tests can prove that SIGTERM
/// gives the terminal back whatever the loop is waiting on.
const TEST_HANG_VAR: &str = "CRMDECK_TEST_HANG";

/// The terminal's events (read from `/dev/tty`); see [`TEST_PANIC_VAR`]
/// and [`TEST_HANG_VAR`].
pub fn events() -> impl Stream<Item = io::Result<Event>> + Unpin {
    let panic_on_key = std::env::var_os(TEST_PANIC_VAR).is_some();
    let hang_on_key = std::env::var_os(TEST_HANG_VAR).is_some();
    EventStream::new().inspect(move |event| {
        if panic_on_key && matches!(event, Ok(Event::Key(_))) {
            panic!("{TEST_PANIC_VAR} is set: a panic on the first key, as asked");
        }
        if hang_on_key && matches!(event, Ok(Event::Key(_))) {
            loop {
                std::thread::sleep(std::time::Duration::from_secs(3600));
            }
        }
    })
}

/// How long the event loop has to end after SIGTERM, SIGHUP or SIGINT
/// before the terminal is given back without it.
const SIGNAL_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// Gives the terminal back and ends the process when a signal that ends
/// the dashboard is not answered by the event loop in [`SIGNAL_GRACE`]:
/// whatever the loop is stuck on (a blocking call, a busy loop), the user
/// gets a working terminal and the shell's exit code (128 + signal). A
/// thread of its own with a runtime of its own, so nothing the loop does
/// can hold it.
fn watch_signals() {
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        let watch = || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build();
            let Ok(runtime) = runtime else { return };
            runtime.block_on(async {
                let Ok(mut signals) = Signals::listen() else {
                    return;
                };
                loop {
                    let Some(code) = signals.recv().await.exit_code() else {
                        continue;
                    };
                    tokio::time::sleep(SIGNAL_GRACE).await;
                    // Still here: the loop did not answer.
                    restore();
                    // A token command still running goes with us.
                    crate::secret::end_token_commands();
                    std::process::exit(i32::from(code));
                }
            });
        };
        let spawned = std::thread::Builder::new()
            .name("signal-watch".into())
            .spawn(watch);
        if let Err(error) = spawned {
            tracing::warn!(%error, "no signal watch: a stuck loop would keep the terminal");
        }
    });
}

/// The terminal while the UI owns it, and the signals that come to it from
/// outside. Dropping it restores the terminal.
pub struct Tui {
    terminal: Terminal<LeanBackend<Stdout>>,
    mouse: bool,
    signals: Signals,
}

impl Tui {
    /// Takes over the terminal (stdout must be one: check first).
    pub fn enter(mouse: bool) -> io::Result<Self> {
        // Listening first: a SIGTERM must never find the terminal in raw
        // mode with its default action still in place.
        let signals = Signals::listen()?;
        watch_signals();
        install_panic_hook();
        let terminal = Terminal::new(LeanBackend::new(io::stdout()))?;
        let mut tui = Self {
            terminal,
            mouse,
            signals,
        };
        tui.enter_modes()?;
        Ok(tui)
    }

    /// Enters (or re-asserts) every mode, then clears so the next draw
    /// repaints every cell. Safe to call while already in the modes.
    fn enter_modes(&mut self) -> io::Result<()> {
        // Set first: from here on, whatever fails, the way out restores.
        ACTIVE.store(true, Ordering::SeqCst);
        enable_raw_mode()?;
        execute!(io::stdout(), EnterAlternateScreen, cursor::Hide)?;
        if self.mouse {
            MOUSE_CAPTURED.store(true, Ordering::SeqCst);
            execute!(io::stdout(), EnableClicksAndWheel)?;
        }
        let area = Rect::from(self.terminal.size()?);
        self.terminal.resize(area)
    }
}

impl Console for Tui {
    fn size(&self) -> io::Result<(u16, u16)> {
        let size = self.terminal.size()?;
        Ok((size.width, size.height))
    }

    /// Draws the app; the diff against the last frame is all that is sent.
    /// Does nothing once the terminal was restored (by a panic on another
    /// thread), so the report is not drawn over.
    fn draw(&mut self, app: &App) -> io::Result<()> {
        if !ACTIVE.load(Ordering::SeqCst) {
            return Ok(());
        }
        self.terminal.draw(|frame| ui::render(app, frame))?;
        Ok(())
    }

    /// An OSC 52 write, through the backend so it goes out in order with
    /// the frames.
    fn copy(&mut self, text: &str) -> Result<(), CopyRefused> {
        clipboard::copy(
            text,
            self.terminal.backend_mut(),
            io::stdout().is_terminal(),
            &|name| std::env::var(name).ok(),
            &clipboard::TmuxOptions::read,
        )
    }

    /// Gives the terminal back and stops the process group, as the
    /// terminal itself would outside raw mode. Returns once we run again
    /// (`fg`), the terminal taken over anew and a full redraw due. When the
    /// stop is not possible (an orphaned process group: the kernel discards
    /// the signal) it returns at once, the same way.
    fn suspend(&mut self) -> io::Result<()> {
        restore();
        // SAFETY: kill(2) with pid 0 and a valid signal number touches no
        // memory of ours; at worst it fails, which we ignore.
        unsafe {
            libc::kill(0, libc::SIGTSTP);
        }
        self.enter_modes()
    }

    /// Someone stopped and continued us, or the shell may have reset the
    /// modes: the modes again and a full redraw due.
    fn reenter(&mut self) -> io::Result<()> {
        self.enter_modes()
    }

    fn signal(&mut self) -> impl Future<Output = Signal> + Send {
        self.signals.recv()
    }
}

impl Drop for Tui {
    fn drop(&mut self) {
        restore();
    }
}

/// Mouse reporting of clicks and the wheel, SGR-encoded. Not crossterm's
/// `EnableMouseCapture`, which also reports every move: over SSH each move
/// would cost bytes both ways for nothing. `DisableMouseCapture` turns off
/// every mode, these included.
struct EnableClicksAndWheel;

impl crossterm::Command for EnableClicksAndWheel {
    fn write_ansi(&self, f: &mut impl fmt::Write) -> fmt::Result {
        f.write_str("\x1b[?1000h\x1b[?1006h")
    }
}

/// Gives the terminal back as it was: mouse reporting off, the main screen,
/// a visible cursor, the original line discipline (echo, line editing).
/// Best effort (the terminal may be gone: SIGHUP) and only once, however
/// many ways out run.
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    let mut stdout = io::stdout();
    if MOUSE_CAPTURED.swap(false, Ordering::SeqCst) {
        let _ = execute!(stdout, DisableMouseCapture);
    }
    let _ = execute!(stdout, LeaveAlternateScreen, cursor::Show);
    let _ = disable_raw_mode();
    let _ = stdout.flush();
}

/// Restores the terminal before the panic report is printed. The hook that
/// was installed before (std's: the message and where, no colours; not
/// color-eyre, whose second copy of the backtrace reader cost the binary
/// its room) then prints the report on a sane screen.
fn install_panic_hook() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let report = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            report(info);
        }));
    });
}

#[cfg(test)]
mod tests {
    use lean_backend::measure::{bytes_in_place, lean_frames, ratatui_frames};
    use ratatui::buffer::Buffer;

    /// The dashboard's Groups tab at 200x50 (95 groups, the
    /// detail pane beside the list) after each of `moves` cursor moves
    /// down from the first row.
    fn groups_tab_moving_down(moves: usize) -> Vec<Buffer> {
        use crate::app::fixtures;
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;
        let mut app = fixtures::loaded_app(fixtures::settings(), (200, 50));
        let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
        let mut screens = Vec::new();
        for _ in 0..=moves {
            terminal
                .draw(|frame| crate::ui::render(&app, frame))
                .unwrap();
            screens.push(terminal.backend().buffer().clone());
            let effects = fixtures::press(&mut app, "j");
            fixtures::answer(&mut app, effects, &mut |request| {
                Some(fixtures::server_answer(request))
            });
        }
        screens
    }

    #[test]
    fn the_dashboard_list_scrolled_by_a_line_costs_less_than_half_of_drawing_in_place() {
        // 30 rows of the list fit above the detail pane: the moves after
        // the 30th scroll it.
        let screens = groups_tab_moving_down(70);
        let lean = lean_frames(&screens).unwrap();
        // (The backend's own property tests hold its screen to ratatui's.)
        let reference = ratatui_frames(&screens).unwrap();
        assert_eq!(lean.len(), reference.len());
        for step in 50..screens.len() {
            let in_place = bytes_in_place(&screens[step - 1], &screens[step]);
            // The first frame is the clear's.
            let bytes = lean[step + 1].len();
            assert!(
                bytes * 2 <= in_place,
                "move {step}: {bytes} B, {in_place} B in place"
            );
            // The pane below the list keeps its lines: only the list's
            // rows and the pane's values change (issue 16: 1.5 KB a move;
            // with the pane beside the list, each move cost about 2 KB).
            assert!(bytes <= 1536, "move {step}: {bytes} B");
        }
    }
}
