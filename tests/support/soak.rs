//! Hours of the dashboard, auto-refreshing every 10 s against the demo
//! server with a fault now and then, in seconds: the whole runtime (its
//! event loop, request tasks, client, and the server) runs on a tokio
//! runtime whose clock is paused, so time jumps to the next timer whenever
//! nothing is left to do, and the app reads the time from that same clock.
//! What was left running is counted an hour in and at the end, each time
//! between two refreshes: the tasks alive on the runtime (a request, a
//! retry's pause or any timer of ours lives in one), the requests the
//! server is answering, and the process's resident memory.
//!
//! The test (`tests/soak.rs`) holds the counts; the bench
//! (`benches/soak.rs`, which takes this file and `console.rs` through
//! `#[path]`) reports the memory: `crmdeck::` paths only.

use super::console::Counting;
use chrono::{DateTime, TimeZone, Utc};
use crmdeck::config::Config;
use crmdeck::demo::{self, DemoOptions, Fault, Route};
use crmdeck::runtime::settings::app_settings;
use crmdeck::runtime::{self, Exit, Profiles};
use crmdeck::session;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use std::cell::Cell;
use std::path::PathBuf;
use std::time::Duration;
use tokio::time::Instant;

/// How often the dashboard refreshes what it shows.
pub const REFRESH: Duration = Duration::from_secs(10);
const HOUR: Duration = Duration::from_secs(3600);
/// A fault every this long, in turn: each kind the demo has but the
/// oversized body (its megabytes would only measure the allocator).
const FAULT_EVERY: Duration = Duration::from_secs(17 * 60);
/// Counted this long after a refresh, before the next one.
const BETWEEN_REFRESHES: Duration = Duration::from_secs(5);

/// What was running at one moment.
#[derive(Debug, Clone, Copy)]
pub struct Snapshot {
    /// Simulated time since the start.
    pub at: Duration,
    /// Tasks alive on the runtime (the counting itself is none).
    pub tasks: usize,
    /// Requests the server was answering, over every route.
    pub requests_in_flight: u64,
    /// Requests the server was asked for groups so far.
    pub groups_requests: u64,
    /// Resident memory of the process (VmRSS), when /proc tells.
    pub rss_bytes: Option<u64>,
}

/// A soak's counts an hour in and at its end.
#[derive(Debug)]
pub struct Report {
    pub first_hour: Snapshot,
    pub end: Snapshot,
    pub exit: Exit,
    /// Real time the whole soak took.
    pub took: std::time::Duration,
}

thread_local! {
    /// When the soak started, on the paused clock (one soak a thread: the
    /// runtime is a current-thread one, so this is its thread).
    static STARTED: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// The app's clock: a fixed Monday morning plus the time elapsed on the
/// paused clock.
fn now() -> DateTime<Utc> {
    let start = Utc.with_ymd_and_hms(2026, 1, 5, 4, 0, 0).unwrap();
    let elapsed = STARTED.with(|started| started.get().map(|at| at.elapsed()));
    start + chrono::Duration::from_std(elapsed.unwrap_or_default()).unwrap_or_default()
}

/// Runs the dashboard for `hours` simulated hours (at least 2); see the
/// module.
pub fn soak(hours: u32) -> Report {
    assert!(
        hours >= 2,
        "a soak counts after its first hour and at its end"
    );
    let took = std::time::Instant::now();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .start_paused(true)
        .build()
        .expect("a paused runtime");
    let (first_hour, end, exit) = runtime.block_on(run(hours));
    Report {
        first_hour,
        end,
        exit,
        took: took.elapsed(),
    }
}

async fn run(hours: u32) -> (Snapshot, Snapshot, Exit) {
    let started = Instant::now();
    STARTED.with(|at| at.set(Some(started)));
    let server = demo::start(([127, 0, 0, 1], 0).into(), DemoOptions::default())
        .await
        .expect("the demo server starts");
    // No snapshot written into the caller's cache folder, a walk every 10 s.
    let config = Config {
        cache: false,
        ..Config::default()
    };
    let session = session::for_demo(config, &server).expect("a session on the demo");
    let mut settings = app_settings(&session, PathBuf::from("soak.log"));
    settings.auto_refresh = Some(REFRESH);
    let (keys, events) = futures::channel::mpsc::unbounded();
    let end = started + HOUR * hours;

    let faults = server.faults().clone();
    let kinds = [
        Fault::Status(500),
        Fault::Status(503),
        Fault::RetryAfter(1),
        Fault::Html(502),
        Fault::Empty(504),
        Fault::Truncated,
        Fault::WrongShape,
        Fault::Hang,
        Fault::Drip {
            chunk: 64,
            every: Duration::from_millis(200),
        },
        Fault::Drop,
    ];
    let injector = tokio::spawn(async move {
        // None in the last hour: what they leave must be gone by the end.
        let mut at = started + FAULT_EVERY;
        for fault in kinds.into_iter().cycle() {
            if at > end - HOUR {
                break;
            }
            tokio::time::sleep_until(at).await;
            faults.push(fault, 1, Some(Route::Groups));
            at += FAULT_EVERY;
        }
    });

    let snapshot = || Snapshot {
        at: started.elapsed(),
        tasks: tokio::runtime::Handle::current()
            .metrics()
            .num_alive_tasks(),
        requests_in_flight: Route::ALL
            .iter()
            .map(|&route| server.in_flight(route))
            .sum(),
        groups_requests: server.hits(Route::Groups),
        rss_bytes: rss_bytes(),
    };
    let driver = async {
        tokio::time::sleep_until(started + HOUR + BETWEEN_REFRESHES).await;
        let first_hour = snapshot();
        tokio::time::sleep_until(end + BETWEEN_REFRESHES).await;
        let last = snapshot();
        let quit = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
        keys.unbounded_send(Ok(Event::Key(quit)))
            .expect("the dashboard takes keys");
        (first_hour, last)
    };
    let screen = Counting::new((100, 30));
    let (exit, (first_hour, last)) = tokio::join!(
        runtime::run_on(
            session,
            Profiles::none(),
            settings,
            screen,
            events,
            now,
            None
        ),
        driver
    );
    injector.await.expect("the fault injector ended");
    server.shutdown().await;
    (first_hour, last, exit.expect("the event loop did not fail"))
}

/// VmRSS of this process, in bytes.
fn rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
