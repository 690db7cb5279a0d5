//! The browsing stage: one session with pages of 100, once its start-up
//! requests are answered: CPU used while idle for 10 s; 200 cursor moves
//! inside the list's window (down to its last row, back up to the first,
//! and again), each followed by a key that changes nothing (the yardstick
//! of the same run, see [`UNCHANGED_KEY`]); 50 moves that scroll the list;
//! 20 screenful moves (`PgDn` to the end of the demo's 240 groups, `PgUp`
//! back); then the peak RSS.

use crate::pty::{FRAME_END, Pty};
use crate::report::{Report, Row, Spread, Unit, mean, millis, percentile, sorted};
use crate::{
    BROWSING_CONFIG, Bench, QUIET, group_rows, key_to_frame, proc, selected_number, selected_row,
    settle,
};
use std::time::Duration;

const CURSOR_MOVES: usize = 200;
const SCROLLING_MOVES: usize = 50;
const SCREENFUL_MOVES: usize = 20;
/// The keys' escape sequences.
const PAGE_DOWN: &str = "\x1b[6~";
const PAGE_UP: &str = "\x1b[5~";
const IDLE: Duration = Duration::from_secs(10);
/// The page size of `BROWSING_CONFIG`, as the summary line shows it.
const BROWSING_PER_PAGE: u32 = 100;

/// A key the Groups list has no binding for, nor has any context above it
/// (`app::keymap::KEYMAP`: `x` is no key of `GroupsList` or `Global`, nor
/// the US key of another layout's letter). The event loop takes it all the
/// same (`Input::Key` through `App::update`, `Taken::Changed` in
/// `EventLoop::turn`) and draws a frame: the whole UI rendered again and
/// diffed against the last frame, with no cell to write, so all that goes
/// out is the cursor's hiding that ends every frame. That is the frame
/// "with nothing changed": every step of a cursor move's frame (the key
/// through the pseudo-terminal, crossterm's read, the update, the render,
/// the diff, the write, our read) but what the move itself changes. Each
/// such frame is checked to be exactly those bytes, or the stage fails.
///
/// Neither a resize to the same size (a SIGWINCH to crossterm's own
/// thread, not the path a key takes) nor Esc (a lone ESC byte, which
/// crossterm tells from a sequence's start by what else is waiting, and
/// which dismisses the status line) is so plain.
const UNCHANGED_KEY: &str = "x";

// Budgets. Key → frame against the frame with nothing changed of the same
// run (issue 23): the absolute figures, issue 4's median ≤ 1 ms and
// p99 ≤ 3 ms, depend on the machine and its load as much as on the code,
// and stay in the table for reading.
//
// The medians: a move's frame is the unchanged frame's work (the key's
// way in, the update, the whole render, the diff, the frame's end) and
// what the move changes (about 1 KB of cells found, written and carried).
// Four runs on the 2-core machine shared with another engineer's builds
// (2026-11-27, load average about 2) gave 1.50, 1.50, 1.55 and 1.56, the
// medians themselves 0.36–0.41 ms against 0.23–0.28 ms: the move's own
// part is half the rest. At most 2: the move's own part no more than all
// the rest of its frame, about a third above the ratios measured. A render
// grown slower weighs on both sides alike: the render micro bench
// (`benches/render.rs`, 1000 rows ÷ 20 rows) is its yardstick.
const KEY_TO_FRAME_OVER_UNCHANGED: f64 = 2.0;
// The p99s (the second slowest of 200 on each side): both tails are the
// shared machine's scheduling more than the code (5 ms stalls on both
// sides in a loaded run), and the same four runs gave 2.16, 1.16, 0.99 and
// 0.57. At most 3: a move with a slow tail of its own (one in fifty moves
// drawing much more) passes it, a machine's stall on one side only does
// not, most of the time. Noisier than the medians' budget; read it with
// the absolute p99s beside it.
const KEY_TO_FRAME_P99_OVER_UNCHANGED: f64 = 3.0;
const BYTES_PER_CURSOR_MOVE: f64 = 1_000.0;
const IDLE_CPU_MS: f64 = 20.0;
const PEAK_RSS_BYTES: f64 = 25e6;

/// One session with pages of 100: idle CPU, cursor moves, screenful
/// moves, RSS.
pub fn browsing(bench: &Bench, report: &mut Report) -> Result<(), String> {
    let mut pty = bench.spawn(Some(BROWSING_CONFIG))?;
    let summary = format!("× {BROWSING_PER_PAGE} · row 1 of");
    pty.wait_frame("the list in pages of 100", 0, |screen| {
        selected_row(screen).is_some() && screen.contents().contains(&summary)
    })?;
    settle(&mut pty, &bench.server)?;
    let pid = pty.pid()?;
    let first_page_rss = proc::peak_rss(pid)?;

    idle(&mut pty, pid, report)?;
    cursor_moves(&mut pty, report)?;
    screenful_moves(&mut pty, report)?;

    pty.drain(QUIET);
    report.add(Row::info(
        "peak RSS with the whole list held",
        Spread::One(first_page_rss as f64),
        Unit::Megabytes,
    ));
    report.add(Row::budget(
        format!("peak RSS after {SCREENFUL_MOVES} screenful moves through the list"),
        Spread::One(proc::peak_rss(pid)? as f64),
        Unit::Megabytes,
        PEAK_RSS_BYTES,
    ));
    pty.quit()
}

/// CPU time used, and bytes written, while nothing happens for 10 s.
fn idle(pty: &mut Pty, pid: u32, report: &mut Report) -> Result<(), String> {
    let before = proc::cpu_time(pid)?;
    let written = pty.read_for(IDLE);
    let used = proc::cpu_time(pid)?.since(&before);
    report.add(Row::budget(
        "CPU while idle 10 s (utime+stime)",
        Spread::One(millis(used.ticks)),
        Unit::Milliseconds,
        IDLE_CPU_MS,
    ));
    if let Some(scheduled) = used.scheduled {
        report.add(Row::info(
            "CPU while idle 10 s (schedstat, ns resolution)",
            Spread::One(millis(scheduled)),
            Unit::Milliseconds,
        ));
    }
    report.add(Row::info(
        "bytes written while idle 10 s",
        Spread::One(written as f64),
        Unit::Bytes,
    ));
    Ok(())
}

/// Key → frame and bytes per move: 200 moves inside the list's window,
/// then 50 that scroll it.
fn cursor_moves(pty: &mut Pty, report: &mut Report) -> Result<(), String> {
    let window = group_rows(pty.screen());
    if window < 2 {
        return Err(format!("{window} rows on screen: nothing to move through"));
    }
    // The first row is selected: sweep down to the window's last row and
    // back, so every row of the window (and its detail) is drawn selected.
    let mut position = 0;
    let mut down = true;
    let mut moves = Moves::default();
    let mut unchanged = Vec::new();
    for _ in 0..CURSOR_MOVES {
        if position == window - 1 {
            down = false;
        } else if position == 0 {
            down = true;
        }
        moves.push(move_selection(pty, if down { "j" } else { "k" })?);
        position = if down { position + 1 } else { position - 1 };
        // Move and yardstick in turn: a change of the machine's load
        // weighs on both alike.
        unchanged.push(millis(unchanged_frame(pty)?));
    }
    let latencies = sorted(&moves.latencies);
    let unchanged_sorted = sorted(&unchanged);
    let unchanged_median = percentile(&unchanged_sorted, 0.5);
    report.add(Row::info(
        format!("key → frame, {CURSOR_MOVES} cursor moves"),
        Spread::of(&moves.latencies),
        Unit::Milliseconds,
    ));
    report.add(Row::info(
        "key → frame, p99",
        Spread::One(percentile(&latencies, 0.99)),
        Unit::Milliseconds,
    ));
    report.add(Row::info(
        format!("key → frame with nothing changed ({UNCHANGED_KEY:?}, {CURSOR_MOVES} keys, one after each move)"),
        Spread::of(&unchanged),
        Unit::Milliseconds,
    ));
    report.add(Row::info(
        "key → frame with nothing changed, p99",
        Spread::One(percentile(&unchanged_sorted, 0.99)),
        Unit::Milliseconds,
    ));
    report.add(Row::budget(
        "key → frame ÷ key → frame with nothing changed, medians",
        Spread::One(percentile(&latencies, 0.5) / unchanged_median),
        Unit::Ratio,
        KEY_TO_FRAME_OVER_UNCHANGED,
    ));
    report.add(Row::budget(
        "key → frame ÷ key → frame with nothing changed, p99s",
        Spread::One(percentile(&latencies, 0.99) / percentile(&unchanged_sorted, 0.99)),
        Unit::Ratio,
        KEY_TO_FRAME_P99_OVER_UNCHANGED,
    ));
    report.add(Row::info(
        "bytes per cursor move",
        Spread::of(&moves.bytes),
        Unit::Bytes,
    ));
    report.add(Row::budget(
        "bytes per cursor move, mean",
        Spread::One(mean(&moves.bytes)),
        Unit::Bytes,
        BYTES_PER_CURSOR_MOVE,
    ));

    // To the window's last row, then each move scrolls the list by one.
    for _ in position..window - 1 {
        move_selection(pty, "j")?;
    }
    let mut scrolling = Moves::default();
    for _ in 0..SCROLLING_MOVES {
        scrolling.push(move_selection(pty, "j")?);
    }
    scrolling.report(
        report,
        format!("key → frame, {SCROLLING_MOVES} moves scrolling the list"),
        "bytes per cursor move scrolling the list",
    );
    Ok(())
}

/// 20 screenful moves: `PgDn` down the list to its last screen, `PgUp`
/// back up to its first, and again (the demo's 240 groups are about five
/// screens of the 200x50 list).
fn screenful_moves(pty: &mut Pty, report: &mut Report) -> Result<(), String> {
    let mut down = true;
    let mut moves = Moves::default();
    for _ in 0..SCREENFUL_MOVES {
        let before = selected_number(pty.screen());
        let key = if down { PAGE_DOWN } else { PAGE_UP };
        match move_selection(pty, key) {
            Ok(moved) => moves.push(moved),
            // At either end the selection stays: turn round.
            Err(_) if selected_number(pty.screen()) == before => {
                down = !down;
                let key = if down { PAGE_DOWN } else { PAGE_UP };
                moves.push(move_selection(pty, key)?);
            }
            Err(error) => return Err(error),
        }
    }
    moves.report(
        report,
        format!("key → frame, {SCREENFUL_MOVES} screenful moves (PgDn/PgUp)"),
        "bytes per screenful move",
    );
    Ok(())
}

/// Latencies (ms) and bytes of a series of keys.
#[derive(Default)]
struct Moves {
    latencies: Vec<f64>,
    bytes: Vec<f64>,
}

impl Moves {
    fn push(&mut self, (latency, bytes): (Duration, u64)) {
        self.latencies.push(millis(latency));
        self.bytes.push(bytes as f64);
    }

    /// Two rows without a budget: the spread of the times and of the bytes.
    fn report(&self, report: &mut Report, latency: String, bytes: &str) {
        report.add(Row::info(
            latency,
            Spread::of(&self.latencies),
            Unit::Milliseconds,
        ));
        report.add(Row::info(bytes, Spread::of(&self.bytes), Unit::Bytes));
    }
}

/// Types [`UNCHANGED_KEY`] and waits for the frame it causes: the time,
/// once that frame is found to have written nothing but its end.
fn unchanged_frame(pty: &mut Pty) -> Result<Duration, String> {
    let (latency, bytes) =
        key_to_frame(pty, UNCHANGED_KEY, "a frame with nothing changed", |_| true)?;
    if bytes != FRAME_END.len() as u64 {
        return Err(format!(
            "{UNCHANGED_KEY:?} was answered with {bytes} bytes, not a frame with nothing changed ({} bytes)",
            FRAME_END.len()
        ));
    }
    Ok(latency)
}

/// Types a cursor key and waits for the frame with the selection moved.
fn move_selection(pty: &mut Pty, key: &str) -> Result<(Duration, u64), String> {
    let before = selected_row(pty.screen());
    key_to_frame(pty, key, "the selection to move", |screen| {
        selected_row(screen) != before
    })
}
