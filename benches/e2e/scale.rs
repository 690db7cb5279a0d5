//! The scale stage (issue 23, section 6): centres of 10,000, 25,000,
//! 50,000 and 100,000 groups (pages of 100, no latency), each on a demo
//! server of its own. At each size:
//!
//! - the CLI's walk: `groups --all --format json`, its wall time and its
//!   peak RSS (its `VmHWM`, read while it runs: see `wait_with_peak`);
//! - the dashboard's walk on every branch at 200x50: launch → the whole
//!   list held, and `j` typed every 10 ms all through it, each key's time
//!   to the frame that shows the move (median, p99, max);
//! - after the walk: the peak RSS; a filter keystroke (each of two letters
//!   typed into the filter); three sort changes; the Week tab and the
//!   Today tab, each from its key to its first frame.
//!
//! Budgets at 100,000 groups, the issue's: the dashboard's walk at most
//! 1.5 times the CLI's of the same run; the time per page at most twice
//! the time per page at 10,000; key → frame during the walk p99 ≤ 50 ms,
//! max ≤ 100 ms; after it RSS ≤ 160 MB, a filter keystroke ≤ 16 ms, a sort
//! ≤ 100 ms, Week ≤ 300 ms, Today ≤ 200 ms; the CLI's peak RSS ≤ 64 MB.
//! The other sizes are shown for the curve.

use crate::home::clean_env;
use crate::report::{Report, Row, Spread, Unit, millis, percentile, sorted};
use crate::{Bench, key_to_frame, proc, selected_number, selected_row, sort_named};
use crmdeck::demo::DemoOptions;
use crmdeck::present::format::thousands;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The sizes of the curve; the budgets hold at the last.
const SIZES: [usize; 4] = [10_000, 25_000, 50_000, 100_000];
/// The groups a page of the demo holds at most (the walk asks for 100).
const PER_PAGE: usize = 100;
/// How often `j` is typed during the walk.
const KEY_EVERY: Duration = Duration::from_millis(10);
/// The longest a walk may take before the stage gives up.
const WALK_DEADLINE: Duration = Duration::from_secs(120);

const WALK_OVER_CLI: f64 = 1.5;
const PAGE_TIME_OVER_10K: f64 = 2.0;
const WALK_KEY_P99_MS: f64 = 50.0;
const WALK_KEY_MAX_MS: f64 = 100.0;
const RSS_AFTER_WALK_BYTES: f64 = 160e6;
const FILTER_KEY_MS: f64 = 16.0;
const SORT_MS: f64 = 100.0;
const WEEK_MS: f64 = 300.0;
const TODAY_MS: f64 = 200.0;
const CLI_PEAK_RSS_BYTES: f64 = 64e6;

/// The figures of one size.
struct Size {
    groups: usize,
    cli_walk: Duration,
    walk: Duration,
}

impl Size {
    fn pages(&self) -> f64 {
        self.groups.div_ceil(PER_PAGE) as f64
    }

    /// The dashboard's walk time per page, in milliseconds.
    fn per_page_ms(&self) -> f64 {
        millis(self.walk) / self.pages()
    }
}

pub fn scale(bench: &Bench, report: &mut Report) -> Result<(), String> {
    let mut sizes: Vec<Size> = Vec::new();
    for groups in SIZES {
        let last = groups == SIZES[SIZES.len() - 1];
        let server = bench.server_of(DemoOptions {
            groups,
            ..DemoOptions::default()
        })?;
        let cache = tempfile::TempDir::new().map_err(|e| format!("a cache folder: {e}"))?;
        let cache_home = cache.path().to_str().ok_or("a cache folder not UTF-8")?;
        let label = |what: &str| format!("{} groups: {what}", thousands(groups as i64));
        let budget = |figure: String, spread: Spread, unit: Unit, at_most: f64| {
            if last {
                Row::budget(figure, spread, unit, at_most)
            } else {
                Row::info(figure, spread, unit)
            }
        };

        let (cli_walk, cli_peak) = cli_walk(bench, &server, cache_home)?;
        report.add(Row::info(
            label("CLI groups --all --format json, wall time"),
            Spread::One(millis(cli_walk)),
            Unit::Milliseconds,
        ));
        report.add(budget(
            label("CLI groups --all --format json, peak RSS"),
            Spread::One(cli_peak as f64),
            Unit::Megabytes,
            CLI_PEAK_RSS_BYTES,
        ));

        // No snapshot: each size's dashboard walks from nothing.
        let env = [("XDG_CACHE_HOME", cache_home)];
        let mut pty = bench.spawn_with(&server, Some("cache = false\n"), None, &env)?;
        let pid = pty.pid()?;
        pty.wait_frame("the first rows", 0, |screen| selected_row(screen).is_some())?;
        let mut keys = Vec::new();
        let walked = loop {
            if !pty.screen().contents().contains("loading") {
                break Instant::now();
            }
            if pty.spawned_at.elapsed() > WALK_DEADLINE {
                return Err(format!("{groups} groups: the walk never ended"));
            }
            keys.push(millis(key_moves_selection(&mut pty)?));
            std::thread::sleep(KEY_EVERY);
        };
        let size = Size {
            groups,
            cli_walk,
            walk: walked.saturating_duration_since(pty.spawned_at),
        };
        report.add(Row::info(
            label("the dashboard's walk, launch → whole list"),
            Spread::One(millis(size.walk)),
            Unit::Milliseconds,
        ));
        report.add(budget(
            label("the dashboard's walk ÷ the CLI's"),
            Spread::One(millis(size.walk) / millis(size.cli_walk)),
            Unit::Ratio,
            WALK_OVER_CLI,
        ));
        report.add(Row::info(
            label("the dashboard's walk, per page"),
            Spread::One(size.per_page_ms()),
            Unit::Milliseconds,
        ));
        if let Some(first) = sizes.first().filter(|_| last) {
            report.add(Row::budget(
                label("time per page ÷ time per page at 10 000"),
                Spread::One(size.per_page_ms() / first.per_page_ms()),
                Unit::Ratio,
                PAGE_TIME_OVER_10K,
            ));
        }
        let latencies = sorted(&keys);
        report.add(Row::info(
            label(&format!(
                "key → frame during the walk ({} keys)",
                keys.len()
            )),
            Spread::of(&keys),
            Unit::Milliseconds,
        ));
        report.add(budget(
            label("key → frame during the walk, p99"),
            Spread::One(percentile(&latencies, 0.99)),
            Unit::Milliseconds,
            WALK_KEY_P99_MS,
        ));
        report.add(budget(
            label("key → frame during the walk, max"),
            Spread::One(latencies.last().copied().unwrap_or(0.0)),
            Unit::Milliseconds,
            WALK_KEY_MAX_MS,
        ));
        pty.drain(crate::QUIET);
        report.add(budget(
            label("peak RSS after the walk"),
            Spread::One(proc::peak_rss(pid)? as f64),
            Unit::Megabytes,
            RSS_AFTER_WALK_BYTES,
        ));

        // A filter of two letters, each keystroke over every row. While
        // the filter is typed the terminal's cursor shows in it, so a frame
        // does not end with the cursor hidden: the time is to the first
        // bytes that show the letter (a frame is written once the filter
        // has run over every row).
        key_to_text(&mut pty, "/", "filter / ")?;
        let mut typed = String::new();
        let mut filter_keys = Vec::new();
        for letter in ["i", "e"] {
            typed.push_str(letter);
            let shown = format!("filter / {typed}");
            filter_keys.push(millis(key_to_text(&mut pty, letter, &shown)?));
        }
        report.add(budget(
            label("filter keystroke, slowest of 2"),
            Spread::One(filter_keys.iter().copied().fold(0.0, f64::max)),
            Unit::Milliseconds,
            FILTER_KEY_MS,
        ));
        // Enter keeps the filter, Esc clears it: every row shows again.
        key_to_frame(&mut pty, "\r\x1b", "the filter cleared", |screen| {
            !screen.contents().contains("filter / ")
        })?;
        pty.drain(crate::QUIET);

        let mut sorts = Vec::new();
        for _ in 0..3 {
            let before = sort_named(pty.screen());
            let (latency, _) = key_to_frame(&mut pty, "s", "the next sort", |screen| {
                sort_named(screen) != before
            })?;
            sorts.push(millis(latency));
        }
        report.add(budget(
            label("sort change, slowest of 3"),
            Spread::One(sorts.iter().copied().fold(0.0, f64::max)),
            Unit::Milliseconds,
            SORT_MS,
        ));
        pty.drain(crate::QUIET);
        let (week, _) = key_to_frame(&mut pty, "3", "the week laid out", |screen| {
            screen.contents().contains("this week")
        })?;
        report.add(budget(
            label("Week tab, key → frame"),
            Spread::One(millis(week)),
            Unit::Milliseconds,
            WEEK_MS,
        ));
        pty.drain(crate::QUIET);
        let (today, _) = key_to_frame(&mut pty, "4", "the day laid out", |screen| {
            screen.contents().contains("Now · ")
        })?;
        report.add(budget(
            label("Today tab, key → frame"),
            Spread::One(millis(today)),
            Unit::Milliseconds,
            TODAY_MS,
        ));
        pty.quit()?;
        bench.runtime.block_on(server.shutdown());
        sizes.push(size);
    }
    Ok(())
}

/// Types `j` and waits for the frame that selects another group (by its
/// number: pages arriving redraw the selected row, with other widths, but
/// never select another group); output already waiting is read first, so
/// the frame is one the key caused.
fn key_moves_selection(pty: &mut crate::pty::Pty) -> Result<Duration, String> {
    pty.drain(Duration::ZERO);
    let before = selected_number(pty.screen());
    let (latency, _) = key_to_frame(pty, "j", "another group selected", |screen| {
        selected_number(screen) != before
    })?;
    Ok(latency)
}

/// Types `key` and waits for the screen to hold `text`, whether or not the
/// bytes that show it end a frame: the time from the key to those bytes.
fn key_to_text(pty: &mut crate::pty::Pty, key: &str, text: &str) -> Result<Duration, String> {
    let frames = pty.frames_ended.saturating_sub(1);
    let written = pty.type_keys(key)?;
    let shown = pty.wait_frame(text, frames, |screen| screen.contents().contains(text))?;
    Ok(shown.saturating_duration_since(written))
}

/// `groups --all --format json` of the server's centre, its output thrown
/// away: its wall time and its peak RSS in bytes.
fn cli_walk(
    bench: &Bench,
    server: &crmdeck::demo::DemoHandle,
    cache_home: &str,
) -> Result<(Duration, u64), String> {
    let home = tempfile::TempDir::new().map_err(|e| format!("a temporary home: {e}"))?;
    let started = Instant::now();
    let mut child = Command::new(&bench.binary)
        .args(["groups", "--all", "--format", "json"])
        .env_clear()
        .envs(clean_env(home.path()))
        .env("CRMDECK_BASE_URL", server.base_url())
        .env("CRMDECK_TOKEN", server.token())
        .env("XDG_CACHE_HOME", cache_home)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("groups --all does not start: {e}"))?;
    let (status, peak) = wait_with_peak(&mut child)?;
    let elapsed = started.elapsed();
    if !status.success() {
        return Err(format!("groups --all: {status}"));
    }
    Ok((elapsed, peak))
}

/// How often the CLI's peak RSS is read while it runs.
const PEAK_EVERY: Duration = Duration::from_millis(2);

/// Waits for `child`: its exit status and its peak RSS in bytes, the
/// largest `VmHWM` of `/proc/PID/status` read every [`PEAK_EVERY`] while
/// it runs (the high-water mark of its own memory since its exec; what it
/// grows in its last 2 ms is missed).
///
/// Not `wait4`'s `ru_maxrss`: Linux counts into it the memory of the
/// process the child was forked from, as it was when the child's exec
/// replaced it (`exec_mmap` keeps the old memory's high-water mark), and
/// this bench, holding a demo server of 100,000 groups, is that process:
/// `ru_maxrss` said 142.67 MB for a CLI whose `VmHWM` is 23.78 MB
/// (`/usr/bin/time -v` by hand: 23,024 KiB), and `/bin/true` spawned from a
/// process holding 200 MiB says 218,676 KiB.
fn wait_with_peak(child: &mut Child) -> Result<(ExitStatus, u64), String> {
    let mut peak = 0;
    loop {
        // Read before the status is asked: once it has exited there is
        // nothing left to read.
        if let Ok(now) = proc::peak_rss(child.id()) {
            peak = peak.max(now);
        }
        match child.try_wait() {
            Ok(Some(status)) => return Ok((status, peak)),
            Ok(None) => std::thread::sleep(PEAK_EVERY),
            Err(error) => return Err(format!("the CLI's status: {error}")),
        }
    }
}
