//! End-to-end benchmark (issue 4, sections 2 and 3): the release binary in
//! a 200x50 pseudo-terminal against the demo server, started here on
//! 127.0.0.1:0, and `curl` against the same server. One run prints a table
//! of figures with their budgets and exits non-zero when one is missed.
//!
//! ```text
//! cargo bench --bench e2e -- [--launches N] [PATH_TO_CRMDECK]
//! ```
//!
//! Without a path it measures the binary cargo built for the bench (the
//! release profile). `scripts/bench.sh` builds the release binary, runs the
//! micro benches and then this. Not part of `cargo test` (a bench target
//! with `harness = false` is only built for `cargo bench`).
//!
//! What is measured, in order:
//! 1. launch → first groups row on screen (the TUI opens on the Groups tab
//!    and asks for page 1 of 20 at once), against `curl` fetching that same
//!    request (`GET /v2/groups?page=1&per_page=20`, same headers); N pairs
//!    (20 unless `--launches` says otherwise) after one pair of warm-up,
//!    each pair a fresh process of each, which goes first alternating;
//! 2. one session with `per_page = 100` in its config file, once its
//!    start-up requests are answered: CPU used while idle for 10 s; 200
//!    cursor moves inside the list's window (down to its last row, back up
//!    to the first, and again), each against a frame with nothing changed
//!    drawn after it; 50 moves that scroll the list; 20 screenful moves
//!    (`PgDn` to the end of the demo's 240 groups, `PgUp` back); then the
//!    peak RSS (see `browsing.rs`);
//! 3. the size of the binary, which the release profile strips;
//! 4. a slow link (issue 16, sections 2 and 3): the terminal read at
//!    32 KB/s (about 256 kbit/s), then 128 KB/s, while `j` is held (60
//!    presses at 30 a second) through the Groups tab's list of 2,000
//!    groups; bytes written, frames drawn, and the time from the last key
//!    to the frame that shows its move.
//!
//! 5. the walk of a large centre (issue 13, section 6): 2,000 groups, the
//!    server cutting pages to 20 and answering after 150 ms: launch → the
//!    first rows (budget: one round trip, plus half of one for the process
//!    and the connection), and launch → the whole list held, against the
//!    floor of any walk of those pages at the default bound (see `walk.rs`).
//!
//! 6. a snapshot start (issue 13, sections 4 and 6): a 2,000-group branch
//!    (the demo's branch 1 of 5,635 groups, pages of 20) walked once by
//!    `groups --all`, which leaves its snapshot; then, with the API at
//!    800 ms a request, launch → the first groups row drawn from the
//!    snapshot, before any answer can arrive (N launches, as for 1).
//!
//! 7. the memory of a large centre (issue 13, section 6): 10,000 groups
//!    (pages of 100, no latency), the dashboard on every branch, again on
//!    every branch starting from the snapshot the first run left, and on
//!    branch 1: the peak RSS (VmHWM) once the whole list is held and its
//!    snapshot written, then after a filter and three sort changes, then
//!    after the Week tab and the Today tab were shown (budget: 40 MB each).
//!
//! 8. a start from a snapshot of 100,000 groups (issue 34 §3): see
//!    `snapshot100k.rs`.
//!
//! 9. centres of 10,000 to 100,000 groups (issue 23, section 6): see
//!    `scale.rs`.
//!
//! 10. twenty centres at once (issue 38 §6): see `centres.rs`.
//!
//! `--stage NAME` (repeatable) runs only the stages named: `launch`,
//! `browsing`, `size`, `slow-link`, `walk`, `snapshot`, `rss10k`,
//! `snapshot100k`, `scale`, `centres`.

// The tests' clean home and environment (`pub`: what this bench does not
// use is no dead code).
mod browsing;
mod centres;
#[path = "../../tests/support/home.rs"]
pub mod home;
mod proc;
mod pty;
mod report;
mod scale;
mod snapshot100k;
mod walk;

use crmdeck::config::DEFAULT_PER_PAGE;
use crmdeck::demo::{self, DemoHandle, DemoOptions, Route};
use pty::{Launch, Pty};
use report::{Report, Row, Spread, Unit, millis};
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant, SystemTime};

/// The terminal size of the issue's budgets.
const COLUMNS: u16 = 200;
const ROWS: u16 = 50;
/// Launches (each against one curl) unless `--launches` says otherwise.
const LAUNCHES: usize = 20;
/// No output for this long: whatever was under way has been drawn.
const QUIET: Duration = Duration::from_millis(300);
/// The config of the long session: the largest page the API gives.
const BROWSING_CONFIG: &str = "per_page = 100\n";
/// The slow links: bytes a second the terminal reads.
const SLOW_LINK_RATES: [u32; 2] = [32_000, 128_000];
/// The centre of the slow-link stage, and the held key.
const LONG_LIST_GROUPS: usize = 2_000;
const HELD_KEYS: u32 = 60;
const KEY_REPEAT: Duration = Duration::from_nanos(1_000_000_000 / 30);

// Budgets (issue 4, section 3); sizes in decimal units (1 KB = 1000 B).
// The browsing and walk stages' are in `browsing.rs` and `walk.rs`.
const FIRST_ROW_OVER_CURL: f64 = 1.5;
const BINARY_BYTES: f64 = 9e6;
// Issue 16, section 4: at 32 KB/s.
const LAST_KEY_TO_FINAL_FRAME_MS: f64 = 300.0;
// Issue 13, section 6: launch → first row from a snapshot, API at 800 ms.
const SNAPSHOT_FIRST_ROW_MS: f64 = 80.0;
const SNAPSHOT_API_LATENCY: Duration = Duration::from_millis(800);
/// The demo centre whose branch 1 holds 2,000 groups, and its page cap.
const SNAPSHOT_CENTRE_GROUPS: usize = 5_635;
const SNAPSHOT_BRANCH: i64 = 1;
// As the header counts them (`present::format::thousands`).
const SNAPSHOT_BRANCH_GROUPS: &str = "2 000 groups";
const SNAPSHOT_MAX_PER_PAGE: u64 = 20;
// Issue 13, section 6: the peak RSS with 10,000 groups held.
const LARGE_CENTRE_GROUPS: usize = 10_000;
const LARGE_CENTRE_PEAK_RSS_BYTES: f64 = 40e6;
/// The branch of the one-branch run (3,514 of the 10,000 groups).
const LARGE_CENTRE_BRANCH: i64 = 1;
/// How long the walk of the large centre and its snapshot may take.
const LARGE_CENTRE_DEADLINE: Duration = Duration::from_secs(60);

fn main() -> ExitCode {
    let options = match Options::from_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("e2e: {message}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("e2e: a runtime for the demo server: {error}");
            return ExitCode::from(2);
        }
    };
    let server = match runtime.block_on(demo::start(
        ([127, 0, 0, 1], 0).into(),
        DemoOptions::default(),
    )) {
        Ok(server) => server,
        Err(error) => {
            eprintln!("e2e: the demo server does not start: {error}");
            return ExitCode::from(2);
        }
    };
    let bench = Bench {
        binary: options.binary,
        server,
        runtime,
    };
    eprintln!(
        "e2e: {} against the demo server at {}",
        bench.binary.display(),
        bench.server.base_url()
    );
    let mut report = Report::default();
    let stages: [(&str, &str, Stage); 10] = [
        ("launch", "launch against curl", &|bench, report| {
            launch_against_curl(bench, report, options.launches)
        }),
        ("browsing", "browsing", &browsing::browsing),
        ("size", "binary size", &binary_size),
        ("slow-link", "slow link", &slow_link),
        ("walk", "the walk of a large centre", &walk::walk),
        ("snapshot", "snapshot start", &|bench, report| {
            snapshot_start(bench, report, options.launches)
        }),
        ("rss10k", "the memory of 10,000 groups", &large_centre_rss),
        (
            "snapshot100k",
            "a start from a snapshot of 100,000 groups",
            &|bench, report| snapshot100k::snapshot_100k(bench, report, options.launches),
        ),
        (
            "scale",
            "centres of 10,000 to 100,000 groups",
            &scale::scale,
        ),
        ("centres", "twenty centres at once", &centres::centres),
    ];
    for (key, name, stage) in stages {
        if !options.stages.is_empty() && !options.stages.iter().any(|s| s == key) {
            continue;
        }
        eprintln!("e2e: {name}…");
        if let Err(error) = stage(&bench, &mut report) {
            report.failures.push(format!("{name}: {error}"));
        }
    }
    println!("{}", report.table());
    if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The stages' names, for `--stage`.
const STAGES: [&str; 10] = [
    "launch",
    "browsing",
    "size",
    "slow-link",
    "walk",
    "snapshot",
    "rss10k",
    "snapshot100k",
    "scale",
    "centres",
];

type Stage<'a> = &'a dyn Fn(&Bench, &mut Report) -> Result<(), String>;

/// The command line: `[--bench] [--launches N] [--stage NAME]… [PATH]`.
struct Options {
    binary: PathBuf,
    launches: usize,
    /// The stages to run; none named: all.
    stages: Vec<String>,
}

impl Options {
    fn from_args() -> Result<Self, String> {
        let mut binary = None;
        let mut launches = LAUNCHES;
        let mut stages = Vec::new();
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            match arg.as_str() {
                // cargo bench passes --bench to every bench target.
                "--bench" => {}
                "--launches" => {
                    launches = args
                        .next()
                        .and_then(|n| n.parse().ok())
                        .filter(|n| *n > 0)
                        .ok_or("--launches takes a count of at least 1")?;
                }
                "--stage" => {
                    let stage = args.next().filter(|stage| STAGES.contains(&stage.as_str()));
                    stages
                        .push(stage.ok_or_else(|| {
                            format!("--stage takes one of {}", STAGES.join(", "))
                        })?);
                }
                flag if flag.starts_with('-') => {
                    return Err(format!(
                        "unknown option {flag}; usage: e2e [--launches N] [--stage NAME]… [PATH_TO_CRMDECK]"
                    ));
                }
                path => binary = Some(PathBuf::from(path)),
            }
        }
        let binary = binary.unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_crmdeck")));
        // Absolute: the binary runs in a home of its own.
        let binary =
            std::fs::canonicalize(&binary).map_err(|e| format!("{}: {e}", binary.display()))?;
        Ok(Self {
            binary,
            launches,
            stages,
        })
    }
}

/// The binary under measure and the server it talks to.
struct Bench {
    binary: PathBuf,
    server: DemoHandle,
    /// Where the servers run.
    runtime: tokio::runtime::Runtime,
}

impl Bench {
    /// The binary in a 200x50 terminal against the server; `config` is the
    /// run's config file, if any (none: every setting at its default).
    fn spawn(&self, config: Option<&str>) -> Result<Pty, String> {
        self.spawn_on(&self.server, config, None)
    }

    /// The same against `server`, its terminal read at `read_rate` bytes
    /// a second (none: as fast as they come).
    fn spawn_on(
        &self,
        server: &DemoHandle,
        config: Option<&str>,
        read_rate: Option<u32>,
    ) -> Result<Pty, String> {
        self.spawn_with(server, config, read_rate, &[])
    }

    /// [`Self::spawn_on`] with `env` added (a cache folder kept across runs).
    fn spawn_with(
        &self,
        server: &DemoHandle,
        config: Option<&str>,
        read_rate: Option<u32>,
        env: &[(&str, &str)],
    ) -> Result<Pty, String> {
        let base_url = server.base_url();
        let mut with_server = vec![
            ("CRMDECK_BASE_URL", base_url.as_str()),
            ("CRMDECK_TOKEN", server.token()),
        ];
        with_server.extend_from_slice(env);
        Pty::spawn(&Launch {
            binary: &self.binary,
            columns: COLUMNS,
            rows: ROWS,
            env: &with_server,
            config,
            read_rate,
        })
    }

    /// `groups --all` (with `args`) against `server`, which leaves its
    /// snapshot in `cache_home`'s `crmdeck` folder.
    fn walk_into(
        &self,
        server: &DemoHandle,
        cache_home: &str,
        args: &[&str],
    ) -> Result<(), String> {
        let home = tempfile::TempDir::new().map_err(|e| format!("a temporary home: {e}"))?;
        let walked = Command::new(&self.binary)
            .args(["groups", "--all", "--format", "csv"])
            .args(args)
            .env_clear()
            .envs(home::clean_env(home.path()))
            .env("CRMDECK_BASE_URL", server.base_url())
            .env("CRMDECK_TOKEN", server.token())
            .env("XDG_CACHE_HOME", cache_home)
            .stdout(std::process::Stdio::null())
            .output()
            .map_err(|e| format!("groups --all does not start: {e}"))?;
        if !walked.status.success() {
            return Err(format!(
                "groups --all: {}",
                String::from_utf8_lossy(&walked.stderr).trim()
            ));
        }
        Ok(())
    }

    /// A demo server of a stage's own, on the bench's runtime.
    fn server_of(&self, options: DemoOptions) -> Result<DemoHandle, String> {
        let groups = options.groups;
        self.runtime
            .block_on(demo::start(([127, 0, 0, 1], 0).into(), options))
            .map_err(|e| format!("the demo server of {groups} groups: {e}"))
    }

    /// `curl` fetching what the dashboard asks for first; its wall time
    /// from start to exit, the process's start included as the dashboard's is.
    fn curl_first_page(&self) -> Result<Duration, String> {
        let url = format!(
            "{}/v2/groups?page=1&per_page={DEFAULT_PER_PAGE}",
            self.server.base_url()
        );
        let authorization = format!("Authorization: Bearer {}", self.server.token());
        let started = Instant::now();
        let output = Command::new("curl")
            // -q first: no ~/.curlrc.
            .args(["-q", "--silent", "--show-error", "--fail"])
            .args(["--output", "/dev/null", "--write-out", "%{http_code}"])
            .args(["--header", "Accept: application/json"])
            .args(["--header", &authorization, &url])
            .output()
            .map_err(|e| format!("curl does not start: {e}"))?;
        let elapsed = started.elapsed();
        let code = String::from_utf8_lossy(&output.stdout);
        if !output.status.success() || code != "200" {
            return Err(format!(
                "curl: {} (HTTP {code}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        Ok(elapsed)
    }
}

/// Launch → first groups row, against curl; the ratio per pair.
fn launch_against_curl(bench: &Bench, report: &mut Report, launches: usize) -> Result<(), String> {
    // One of each first, not counted: the binary and curl into the page
    // cache, the server's first connection behind us.
    first_row(bench)?;
    bench.curl_first_page()?;
    let (mut dashboard, mut curl, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for launch in 0..launches {
        // Which goes first alternates, so a change in the machine's load
        // weighs on both alike.
        let (shown, fetched) = if launch % 2 == 0 {
            let shown = first_row(bench)?;
            (shown, bench.curl_first_page()?)
        } else {
            let fetched = bench.curl_first_page()?;
            (first_row(bench)?, fetched)
        };
        dashboard.push(millis(shown));
        curl.push(millis(fetched));
        ratios.push(shown.as_secs_f64() / fetched.as_secs_f64());
    }
    report.add(Row::info(
        format!("launch → first groups row ({launches} launches)"),
        Spread::of(&dashboard),
        Unit::Milliseconds,
    ));
    report.add(Row::info(
        format!("curl, the same request ({launches} runs)"),
        Spread::of(&curl),
        Unit::Milliseconds,
    ));
    report.add(Row::budget(
        "first row ÷ curl (per pair)",
        Spread::of(&ratios),
        Unit::Ratio,
        FIRST_ROW_OVER_CURL,
    ));
    Ok(())
}

/// From spawn to the end of the first frame with a groups row; then quits.
fn first_row(bench: &Bench) -> Result<Duration, String> {
    let mut pty = bench.spawn(None)?;
    let shown = pty.wait_frame("the first groups row", 0, |screen| {
        selected_row(screen).is_some()
    })?;
    let elapsed = shown.saturating_duration_since(pty.spawned_at);
    pty.quit()?;
    Ok(elapsed)
}

/// Launch → the first groups row drawn from a snapshot of a 2,000-group
/// branch, with the API at 800 ms a request (so no answer can be on
/// screen yet): `groups --all` leaves the snapshot, then `launches` runs
/// of the dashboard on that branch, each quit once the row is drawn.
fn snapshot_start(bench: &Bench, report: &mut Report, launches: usize) -> Result<(), String> {
    let options = DemoOptions {
        groups: SNAPSHOT_CENTRE_GROUPS,
        max_per_page: SNAPSHOT_MAX_PER_PAGE,
        ..DemoOptions::default()
    };
    let server = bench.server_of(options)?;
    let cache = tempfile::TempDir::new().map_err(|e| format!("a cache folder: {e}"))?;
    let cache_home = cache
        .path()
        .to_str()
        .ok_or("a cache folder that is not UTF-8")?;
    let branch = SNAPSHOT_BRANCH.to_string();
    bench.walk_into(&server, cache_home, &["--branch", &branch])?;
    server.faults().set_latency(SNAPSHOT_API_LATENCY);
    let config = format!("branch_id = {SNAPSHOT_BRANCH}\n");
    let env = [("XDG_CACHE_HOME", cache_home)];
    let first_row = || -> Result<Duration, String> {
        let mut pty = bench.spawn_with(&server, Some(&config), None, &env)?;
        let shown = pty.wait_frame("the first row from the snapshot", 0, |screen| {
            let text = screen.contents();
            selected_row(screen).is_some()
                && text.contains("as of ")
                && text.contains(SNAPSHOT_BRANCH_GROUPS)
        })?;
        let elapsed = shown.saturating_duration_since(pty.spawned_at);
        pty.quit()?;
        Ok(elapsed)
    };
    // One not counted: the binary and the snapshot into the page cache.
    first_row()?;
    let shown: Vec<f64> = (0..launches)
        .map(|_| first_row().map(millis))
        .collect::<Result<_, _>>()?;
    report.add(Row::budget(
        format!("launch → first row from a snapshot, API at 800 ms ({launches} launches)"),
        Spread::of(&shown),
        Unit::Milliseconds,
        SNAPSHOT_FIRST_ROW_MS,
    ));
    Ok(())
}

/// The peak RSS of the dashboard holding a centre of 10,000 groups: on
/// every branch with no snapshot, again from the snapshot that run left,
/// then on branch 1 alone (the snapshot written after each walk counts
/// toward the peak); each after a filter and 3 sorts, then again once the
/// Week and Today tabs were shown (each lays out the store's groups).
fn large_centre_rss(bench: &Bench, report: &mut Report) -> Result<(), String> {
    let options = DemoOptions {
        groups: LARGE_CENTRE_GROUPS,
        ..DemoOptions::default()
    };
    let server = bench.server_of(options)?;
    let one_branch = format!("branch_id = {LARGE_CENTRE_BRANCH}\n");
    let cache_folder = || tempfile::TempDir::new().map_err(|e| format!("a cache folder: {e}"));
    let (every_branch, branch) = (cache_folder()?, cache_folder()?);
    let runs = [
        ("every branch", None, &every_branch),
        ("every branch, from its snapshot", None, &every_branch),
        ("branch 1", Some(one_branch.as_str()), &branch),
    ];
    for (which, config, cache) in runs {
        let cache_home = cache
            .path()
            .to_str()
            .ok_or("a cache folder that is not UTF-8")?;
        let env = [("XDG_CACHE_HOME", cache_home)];
        let spawned = SystemTime::now();
        let mut pty = bench.spawn_with(&server, config, None, &env)?;
        let pid = pty.pid()?;
        let deadline = Instant::now() + LARGE_CENTRE_DEADLINE;
        // The whole list held (no snapshot's rows shown any more), and its
        // snapshot written (after the walk, off the event loop).
        while selected_row(pty.screen()).is_none()
            || ["loading", "refreshing", "as of "]
                .iter()
                .any(|busy| pty.screen().contents().contains(busy))
            || !snapshot_written(&cache.path().join("crmdeck"), spawned)
        {
            if Instant::now() > deadline {
                return Err(format!("{which}: the walk or its snapshot never ended"));
            }
            pty.drain(Duration::from_millis(50));
        }
        pty.drain(QUIET);
        report.add(Row::info(
            format!("peak RSS, 10,000 groups ({which}): walked, snapshot written"),
            Spread::One(proc::peak_rss(pid)? as f64),
            Unit::Megabytes,
        ));
        // A filter over every row, then three sort changes.
        key_to_frame(&mut pty, "/ie\r", "the filter applied", |screen| {
            screen.contents().contains("filter / ie")
        })?;
        for _ in 0..3 {
            let before = sort_named(pty.screen());
            key_to_frame(&mut pty, "s", "the next sort", |screen| {
                sort_named(screen) != before
            })?;
        }
        pty.drain(QUIET);
        let mut peak_within_budget = |after: &str| -> Result<(), String> {
            report.add(Row::budget(
                format!("peak RSS, 10,000 groups ({which}): then {after}"),
                Spread::One(proc::peak_rss(pid)? as f64),
                Unit::Megabytes,
                LARGE_CENTRE_PEAK_RSS_BYTES,
            ));
            Ok(())
        };
        peak_within_budget("a filter and 3 sorts")?;
        key_to_frame(&mut pty, "3", "the week laid out", |screen| {
            screen.contents().contains("this week")
        })?;
        key_to_frame(&mut pty, "4", "the day laid out", |screen| {
            screen.contents().contains("Now · ")
        })?;
        pty.drain(QUIET);
        peak_within_budget("the Week and Today tabs")?;
        pty.quit()?;
    }
    bench.runtime.block_on(server.shutdown());
    Ok(())
}

/// True when `dir` holds a snapshot file written since `since`, and no
/// write is under way (its temporary file).
fn snapshot_written(dir: &std::path::Path, since: SystemTime) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    let mut written = false;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(".snapshot-") {
            return false;
        }
        let modified = entry.metadata().and_then(|meta| meta.modified());
        written |= name.starts_with("snapshot-") && modified.is_ok_and(|at| at >= since);
    }
    written
}

/// The summary line's sort ("sort: name ↑"), if any.
fn sort_named(screen: &vt100::Screen) -> Option<String> {
    let text = screen.contents();
    let at = text.find("sort: ")?;
    text[at..].lines().next().map(str::to_string)
}

/// Waits until the start-up requests (every page of the list, the
/// branches and the plugins) were answered and drawn.
fn settle(pty: &mut Pty, server: &DemoHandle) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.hits(Route::Groups) < 1
        || server.hits(Route::Branches) < 1
        || server.hits(Route::Plugins) < 1
        || pty.screen().contents().contains("loading")
    {
        if Instant::now() > deadline {
            return Err("the start-up requests never all arrived".to_string());
        }
        pty.drain(Duration::from_millis(20));
    }
    pty.drain(QUIET);
    Ok(())
}

/// Types `key`, waits for the frame `done` wants; the time from writing
/// the key to reading that frame's end, and the bytes read meanwhile.
fn key_to_frame(
    pty: &mut Pty,
    key: &str,
    what: &str,
    done: impl Fn(&vt100::Screen) -> bool,
) -> Result<(Duration, u64), String> {
    let frames = pty.frames_ended;
    let bytes = pty.bytes_read;
    let written = pty.type_keys(key)?;
    let shown = pty.wait_frame(what, frames, done)?;
    Ok((
        shown.saturating_duration_since(written),
        pty.bytes_read - bytes,
    ))
}

/// `j` held through a long list over links of each rate: bytes written,
/// frames drawn, and the time from the last key to the frame showing the
/// selection where the keys took it, which at 32 KB/s has a budget.
fn slow_link(bench: &Bench, report: &mut Report) -> Result<(), String> {
    for rate in SLOW_LINK_RATES {
        let options = DemoOptions {
            groups: LONG_LIST_GROUPS,
            ..DemoOptions::default()
        };
        // A server of its own each time: `settle` counts its requests.
        let server = bench.server_of(options)?;
        let mut pty = bench.spawn_on(&server, Some(BROWSING_CONFIG), Some(rate))?;
        pty.wait_frame("the first rows of the list", 0, |screen| {
            selected_row(screen).is_some()
        })?;
        settle(&mut pty, &server)?;
        let first = selected_number(pty.screen()).ok_or("no row is selected")?;
        let target = first + u64::from(HELD_KEYS);
        let (frames, bytes) = (pty.frames_ended, pty.bytes_read);
        let started = Instant::now();
        let mut last_key = started;
        for press in 1..=HELD_KEYS {
            last_key = pty.type_keys("j")?;
            std::thread::sleep(
                (started + KEY_REPEAT * press).saturating_duration_since(Instant::now()),
            );
        }
        let shown = pty.wait_frame(&format!("row {target} selected"), frames, |screen| {
            selected_number(screen) == Some(target)
        })?;
        let frames_to_final = pty.frames_ended - frames;
        pty.drain(QUIET);
        let after = selected_number(pty.screen());
        if after != Some(target) {
            return Err(format!(
                "the selection went on to {after:?} after row {target}"
            ));
        }
        let kb = rate / 1000;
        report.add(Row::info(
            format!("{kb} KB/s link: bytes written, {HELD_KEYS} j at 30/s"),
            Spread::One((pty.bytes_read - bytes) as f64),
            Unit::Bytes,
        ));
        report.add(Row::info(
            format!("{kb} KB/s link: frames drawn up to the final one"),
            Spread::One(frames_to_final as f64),
            Unit::Count,
        ));
        report.add(Row::info(
            format!("{kb} KB/s link: frames drawn in all"),
            Spread::One((pty.frames_ended - frames) as f64),
            Unit::Count,
        ));
        let latency = millis(shown.saturating_duration_since(last_key));
        let figure = format!("{kb} KB/s link: last key → final frame");
        report.add(if rate == SLOW_LINK_RATES[0] {
            Row::budget(
                figure,
                Spread::One(latency),
                Unit::Milliseconds,
                LAST_KEY_TO_FINAL_FRAME_MS,
            )
        } else {
            Row::info(figure, Spread::One(latency), Unit::Milliseconds)
        });
        pty.quit()?;
        bench.runtime.block_on(server.shutdown());
    }
    Ok(())
}

/// The size of the binary, which must be stripped (the release profile
/// strips it; a stripped ELF has no `.symtab` section name left).
fn binary_size(bench: &Bench, report: &mut Report) -> Result<(), String> {
    let bytes =
        std::fs::read(&bench.binary).map_err(|e| format!("{}: {e}", bench.binary.display()))?;
    if bytes.windows(b".symtab".len()).any(|w| w == b".symtab") {
        return Err(format!(
            "{} is not stripped (strip = true in the release profile)",
            bench.binary.display()
        ));
    }
    report.add(Row::budget(
        "stripped release binary",
        Spread::One(bytes.len() as f64),
        Unit::Megabytes,
        BINARY_BYTES,
    ));
    Ok(())
}

/// The screen line of the selected group row: it starts with the
/// selection marker and then the group's number.
fn selected_row(screen: &vt100::Screen) -> Option<String> {
    screen.rows(0, COLUMNS).find(|line| {
        line.strip_prefix("> ")
            .and_then(|rest| rest.split_whitespace().next())
            .is_some_and(|word| word.parse::<u64>().is_ok())
    })
}

/// The number of the selected group row.
fn selected_number(screen: &vt100::Screen) -> Option<u64> {
    selected_row(screen)?
        .strip_prefix("> ")?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// How many group rows are on screen: lines whose first word, after the
/// selection marker, is a group number.
fn group_rows(screen: &vt100::Screen) -> usize {
    screen
        .rows(0, COLUMNS)
        .filter(|line| {
            line.trim_start_matches(['>', ' '])
                .split_whitespace()
                .next()
                .is_some_and(|word| word.parse::<u64>().is_ok())
        })
        .count()
}
