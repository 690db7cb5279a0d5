//! The real binary against every fault of the hardening matrix: each failing
//! command exits 1 with exactly one line on stderr that names the cause, no
//! panic text, nothing on stdout, and the user's token in none of stdout,
//! stderr and the log file (written at trace level, the most verbose, which
//! includes debug). An install is sent once, whatever happens to it.
//!
//! Timeouts come from a config file (`request_timeout_secs = 1`), so the
//! whole file runs in a few seconds with no fixed sleeps.
//!
//! `completion`, `secrets`, `escapes` and `local_files` (in `tests/it/cli_faults/`) share the
//! harness below.

mod completion;
mod escapes;
mod local_files;
mod secrets;

use crate::support;

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::StatusCode;
use futures::StreamExt;
use tokio::process::Command;

use crmdeck::demo::{self, DemoHandle, DemoOptions, Fault, Route};
use support::cli::names_in;
use support::home::{Home, set_mode};
use support::scripted_server::{self, Answer, scripted_server};
#[cfg(target_os = "linux")]
use support::silent_listener::silent_listener;

/// The user's token: long, and shaped like nothing a pattern-based redactor
/// would catch, so only exact masking keeps it out of sight. Its slash is
/// one that PHP's `json_encode` escapes (`\/`), and lies outside the middle
/// third that [`Run::assert_secret_kept`] also looks for.
const TOKEN: &str = "fault/matrix-token-Q7vX2mLp9RtZ4kWc8NbH3yJd6FsG1aE5";

/// The demo plugin that starts not installed.
const FRESH_PLUGIN: &str = "3";

/// Short timeouts, so that a silent server fails the command within a second.
const FAST_TIMEOUTS: &str = "request_timeout_secs = 1\nconnect_timeout_secs = 1\n";

/// Commands run at once at most (the machine may have two cores).
const PARALLEL_RUNS: usize = 6;

// ---- the harness ----

// `support::home::Home`, with what this harness does in it.
impl Home {
    /// The binary in this home, logging at trace level, talking to
    /// `base_url`; no token set.
    fn command(&self, base_url: &str, args: &[&str]) -> Command {
        let mut command = Command::from(self.crmdeck(args));
        command
            .env("CRMDECK_LOG", "trace")
            .env("CRMDECK_BASE_URL", base_url)
            .kill_on_drop(true);
        command
    }

    /// Runs the binary with [`TOKEN`] in `CRMDECK_TOKEN`.
    async fn run(&self, base_url: &str, args: &[&str]) -> Run {
        let mut command = self.command(base_url, args);
        command.env("CRMDECK_TOKEN", TOKEN);
        self.finish(command).await
    }

    /// Runs `command` to its end and collects what it left behind.
    async fn finish(&self, mut command: Command) -> Run {
        let output = command.output().await.expect("the binary runs");
        Run {
            code: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            log: std::fs::read_to_string(self.log_path()).unwrap_or_default(),
        }
    }
}

/// What one run of the binary left behind.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    log: String,
}

impl Run {
    /// Exit 1, nothing on stdout, one line on stderr holding every cause
    /// (`"a|b"`: either), no panic, and `TOKEN` nowhere.
    fn assert_failed(&self, what: &str, causes: &[&str]) {
        assert_eq!(
            self.code,
            Some(1),
            "{what}: exit code; stderr {:?}",
            self.stderr
        );
        assert_eq!(self.stdout, "", "{what}: stdout");
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(
            lines.len(),
            1,
            "{what}: one line on stderr: {:?}",
            self.stderr
        );
        let line = lines[0];
        assert!(line.starts_with("crmdeck: "), "{what}: {line}");
        for cause in causes {
            assert!(
                cause.split('|').any(|either| line.contains(either)),
                "{what}: {cause:?} in {line:?}"
            );
        }
        for text in [&self.stderr, &self.log] {
            assert!(
                !text.contains("panicked") && !text.contains("RUST_BACKTRACE"),
                "{what}: panic text in {text:?}"
            );
        }
        self.assert_secret_kept(what, TOKEN);
        // The request was logged, so the check above had something to read.
        assert!(self.log.contains("/v2/"), "{what}: log {:?}", self.log);
    }

    /// `secret`, or a telling piece of it, is in none of stdout, stderr and the log.
    fn assert_secret_kept(&self, what: &str, secret: &str) {
        let pieces = [secret, &secret[secret.len() / 3..secret.len() * 2 / 3]];
        for (name, text) in [
            ("stdout", &self.stdout),
            ("stderr", &self.stderr),
            ("log", &self.log),
        ] {
            for piece in pieces {
                assert!(
                    !text.contains(piece),
                    "{what}: the token shows in {name}: {text}"
                );
            }
        }
    }
}

/// A demo server that accepts only [`TOKEN`].
async fn demo_server(hostile_text: bool) -> DemoHandle {
    let options = DemoOptions {
        token: Some(TOKEN.to_string()),
        hostile_text,
        ..DemoOptions::default()
    };
    demo::start(SocketAddr::from(([127, 0, 0, 1], 0)), options)
        .await
        .expect("demo server starts")
}

// ---- the matrix ----

/// A subcommand and the route it fails on.
struct Subcommand {
    args: &'static [&'static str],
    route: Route,
}

const SUBCOMMANDS: [Subcommand; 4] = [
    Subcommand {
        args: &["groups"],
        route: Route::Groups,
    },
    Subcommand {
        args: &["branches"],
        route: Route::Branches,
    },
    Subcommand {
        args: &["plugins"],
        route: Route::Plugins,
    },
    Subcommand {
        args: &["install", FRESH_PLUGIN, "--yes"],
        route: Route::Install,
    },
];

/// A way for a reachable server to misbehave and what the one line names.
struct ServerFault {
    name: &'static str,
    fault: Fault,
    causes: &'static [&'static str],
}

// A table: one fault a line.
#[rustfmt::skip]
fn server_faults() -> Vec<ServerFault> {
    let fault = |name, fault, causes| ServerFault { name, fault, causes };
    const UNEXPECTED: &str = "unexpected answer (HTTP 200)";
    let drip = Fault::Drip { chunk: 16, every: Duration::from_millis(200) };
    let huge = Fault::Oversize(16 * 1024 * 1024 + 1);
    vec![
        fault("accepts and never answers", Fault::Hang, &["no answer", "within 1 s"]),
        fault("drips its body slowly", drip, &["no answer", "within 1 s"]),
        fault("401", Fault::Status(401), &["HTTP 401", "Unauthenticated."]),
        fault("403", Fault::Status(403), &["HTTP 403", "unauthorized"]),
        fault("404", Fault::Status(404), &["HTTP 404", "Not Found"]),
        fault("422", Fault::Status(422), &["HTTP 422", "plugin_id"]),
        fault("429, Retry-After 600", Fault::RetryAfter(600), &["HTTP 429", "retry in 600 s"]),
        fault("500 with JSON", Fault::Status(500), &["HTTP 500", "Server Error"]),
        fault("502 with an HTML page", Fault::Html(502), &["HTTP 502", "Bad Gateway"]),
        fault("an empty 200 body", Fault::Empty(200), &[UNEXPECTED, "not JSON"]),
        fault("truncated JSON", Fault::Truncated, &[UNEXPECTED, "not JSON"]),
        fault("JSON of the wrong shape", Fault::WrongShape, &[UNEXPECTED, "expected"]),
        fault("closes the connection without answering", Fault::Drop, &["connection lost before the answer"]),
        fault("a body over the size cap", huge, &["larger than 16 MiB"]),
    ]
}

/// One subcommand against a fresh demo server whose route answers with the
/// fault every time it is asked (retries included).
async fn check_server_fault(case: &ServerFault, subcommand: &Subcommand) {
    let server = demo_server(false).await;
    server
        .faults()
        .push(case.fault.clone(), 3, Some(subcommand.route));
    let home = Home::with_config(FAST_TIMEOUTS);
    let run = home.run(&server.base_url(), subcommand.args).await;
    let what = format!("{} on `crmdeck {}`", case.name, subcommand.args.join(" "));
    run.assert_failed(&what, case.causes);
    if subcommand.route == Route::Install {
        assert_eq!(
            server.hits(Route::Install),
            1,
            "{what}: one POST, never repeated"
        );
    }
}

// Several threads: the demo servers answer promptly while the binaries run.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_server_fault_fails_each_subcommand_with_one_line_naming_it() {
    let faults = server_faults();
    let runs = faults
        .iter()
        .flat_map(|case| SUBCOMMANDS.iter().map(move |subcommand| (case, subcommand)));
    futures::stream::iter(runs)
        .for_each_concurrent(PARALLEL_RUNS, |(case, subcommand)| {
            check_server_fault(case, subcommand)
        })
        .await;
}

/// Every subcommand against `base_url` with `config` fails naming `causes`.
async fn check_unreachable(name: &str, base_url: &str, config: &str, causes: &[&str]) {
    let runs = SUBCOMMANDS.iter().map(|subcommand| async move {
        let home = Home::with_config(config);
        let run = home.run(base_url, subcommand.args).await;
        run.assert_failed(
            &format!("{name} on `crmdeck {}`", subcommand.args.join(" ")),
            causes,
        );
    });
    futures::future::join_all(runs).await;
}

#[tokio::test]
async fn a_refused_connection_is_named() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let base_url = format!("http://{}", listener.local_addr().expect("address"));
    drop(listener);
    check_unreachable(
        "connection refused",
        &base_url,
        FAST_TIMEOUTS,
        &["cannot reach the server: 127.0.0.1", "refused"],
    )
    .await;
}

#[tokio::test]
async fn an_unresolvable_host_is_named() {
    // RFC 2606: `.invalid` never resolves. A resolver that cannot be reached
    // at all ends in the connect timeout instead; both are one clear line.
    check_unreachable(
        "unresolvable host",
        "https://crmdeck-fault-matrix.invalid",
        FAST_TIMEOUTS,
        &["cannot reach the server: crmdeck-fault-matrix.invalid|no answer from the server within 1 s"],
    )
    .await;
}

/// The connect timeout (1 s) differs from the request timeout (5 s), so the
/// line proves which limit was hit.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn a_connect_timeout_is_named_with_its_own_limit() {
    let (listener, _queued) = silent_listener(SocketAddr::from(([127, 0, 0, 1], 0))).await;
    let addr = listener.local_addr().expect("address");
    check_unreachable(
        "connect timeout",
        &format!("http://{addr}"),
        "request_timeout_secs = 5\nconnect_timeout_secs = 1\n",
        &["no answer from the server within 1 s"],
    )
    .await;
}

// ---- install safety ----

/// `install FRESH_PLUGIN --yes` on a demo server whose install POST meets
/// `fault`: the server, the home it ran in, and the run.
async fn install_meeting(fault: Fault) -> (DemoHandle, Home, Run) {
    let server = demo_server(false).await;
    server.faults().push(fault, 1, Some(Route::Install));
    let home = Home::with_config(FAST_TIMEOUTS);
    let run = home
        .run(&server.base_url(), &["install", FRESH_PLUGIN, "--yes"])
        .await;
    (server, home, run)
}

#[tokio::test]
async fn an_install_that_timed_out_is_not_repeated_and_a_rerun_shows_the_true_state() {
    // The install happens on the server, but its answer never arrives in time.
    let slow = Fault::Drip {
        chunk: 8,
        every: Duration::from_millis(300),
    };
    let (server, home, run) = install_meeting(slow).await;
    let base_url = server.base_url();
    run.assert_failed(
        "timed-out install",
        &[
            "within 1 s; outcome unknown",
            "the plugin list now shows Payme payments installed (installation",
        ],
    );
    assert_eq!(server.hits(Route::Install), 1);

    let listed = home.run(&base_url, &["plugins", "--format", "json"]).await;
    let plugins: serde_json::Value = serde_json::from_str(&listed.stdout).expect("JSON");
    let fresh = plugins
        .as_array()
        .expect("a list")
        .iter()
        .find(|p| p["id"] == FRESH_PLUGIN.parse::<i64>().expect("a number"))
        .expect("the plugin");
    assert_eq!(
        fresh["installed"], true,
        "the catalogue shows the true state"
    );

    rerun_sends_nothing(&home, &server).await;
}

#[tokio::test]
async fn an_install_refused_by_a_gateway_is_sent_once_and_installs_nothing() {
    // The gateway may have passed the POST on before giving up: the line
    // says the outcome is unknown and what the plugin list shows since.
    let (server, home, run) = install_meeting(Fault::Html(502)).await;
    let base_url = server.base_url();
    run.assert_failed(
        "502 on install",
        &[
            "HTTP 502 Bad Gateway; outcome unknown",
            "the plugin list shows Payme payments not installed (yet)",
            "check with `crmdeck plugins` before installing again",
        ],
    );
    assert_eq!(server.hits(Route::Install), 1, "a POST is never retried");
    let listed = home.run(&base_url, &["plugins", "--format", "csv"]).await;
    let row = listed
        .stdout
        .lines()
        .find(|line| line.starts_with(&format!("{FRESH_PLUGIN},")))
        .expect("the plugin's row");
    assert!(row.contains(",no,"), "still not installed: {row}");
}

/// A rerun of the install after one whose outcome was unknown finds the
/// plugin installed and sends no second POST.
async fn rerun_sends_nothing(home: &Home, server: &DemoHandle) {
    let again = home
        .run(&server.base_url(), &["install", FRESH_PLUGIN, "--yes"])
        .await;
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    assert!(
        again.stderr.contains("already installed: nothing sent"),
        "{}",
        again.stderr
    );
    assert_eq!(server.hits(Route::Install), 1, "no second POST");
}

/// The server installs, then closes the connection without answering:
/// one POST, the line says so and what the list shows, exit 1; a rerun
/// finds it installed and sends nothing.
#[tokio::test]
async fn an_install_whose_connection_drops_is_not_repeated() {
    let (server, home, run) = install_meeting(Fault::Drop).await;
    run.assert_failed(
        "dropped install",
        &[
            "connection lost before the answer: 127.0.0.1",
            "outcome unknown",
            "now shows Payme payments installed (installation",
        ],
    );
    assert_eq!(server.hits(Route::Install), 1, "a POST is never retried");
    rerun_sends_nothing(&home, &server).await;
}

#[tokio::test]
async fn a_silent_branches_endpoint_does_not_hold_up_the_groups_table() {
    let server = demo_server(false).await;
    server.faults().push(Fault::Hang, 1, Some(Route::Branches));
    // The request limit is long: the table must not wait it out.
    let home = Home::with_config("request_timeout_secs = 30\n");
    let started = std::time::Instant::now();
    let run = home
        .run(
            &server.base_url(),
            &["groups", "--format", "table", "--branch", "2"],
        )
        .await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let first_row = run.stdout.lines().nth(1).expect("a row");
    let cells: Vec<&str> = first_row
        .split("  ")
        .map(str::trim)
        .filter(|cell| !cell.is_empty())
        .collect();
    assert_eq!(
        cells[6], "2",
        "BRANCH shows the id, not a name: {first_row}"
    );
}

/// `crmdeck branches` against a server whose `/v2/branches` answers with
/// `fault` (each of its 3 attempts).
async fn branches_meeting(fault: Fault) -> Run {
    let server = demo_server(false).await;
    server.faults().push(fault, 3, Some(Route::Branches));
    Home::with_config(FAST_TIMEOUTS)
        .run(&server.base_url(), &["branches"])
        .await
}

#[tokio::test]
async fn a_server_without_a_branch_list_says_so_in_one_line() {
    let not_offered = [
        ("404", Fault::Status(404), "HTTP 404"),
        ("403", Fault::Status(403), "HTTP 403"),
        (
            "another shape",
            Fault::WrongShape,
            "expected a list in `data`",
        ),
    ];
    for (name, fault, cause) in not_offered {
        let run = branches_meeting(fault).await;
        run.assert_failed(
            name,
            &["crmdeck: the server offers no branch list (", cause],
        );
    }
    // A server that fails says so, not that it offers no list.
    let run = branches_meeting(Fault::Status(500)).await;
    run.assert_failed("500", &["crmdeck: HTTP 500"]);
}

// ---- bad data that is no fault of the transport ----

/// A groups page whose lesson times and dates sit at the ends of chrono's
/// calendar: once a crash of the table in any zone with an offset.
fn page_at_the_end_of_time(_token: &str) -> (StatusCode, String) {
    let group = serde_json::json!({
        "id": 1, "name": "Far future", "days": 1, "status": 2,
        "lesson_start_time": "+262142-12-31T23:59:59+0000",
        "lesson_end_time": "-262143-01-01T00:00:00+0000",
        "created_at": "+262142-12-31T23:59:59+0000",
        "group_start_date": "+262142-12-31"
    });
    let body = serde_json::json!({"status": 200, "success": true, "data": [group]});
    (StatusCode::OK, body.to_string())
}

#[tokio::test]
async fn dates_at_the_end_of_time_do_not_crash_the_table() {
    let base_url = scripted_server(page_at_the_end_of_time).await;
    for zone in ["Asia/Tashkent", "Pacific/Kiritimati", "America/St_Johns"] {
        let home = Home::with_config(&format!("{FAST_TIMEOUTS}timezone = \"{zone}\"\n"));
        for format in ["table", "csv", "json"] {
            let run = home.run(&base_url, &["groups", "--format", format]).await;
            assert_eq!(run.code, Some(0), "{zone} {format}: {}", run.stderr);
            assert!(
                run.stdout.contains("Far future"),
                "{zone} {format}: {}",
                run.stdout
            );
            assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        }
    }
}

/// About 1.1 million tiny groups in a body just under the 16 MiB cap: once
/// 7 GB of memory for `groups --format json`.
fn a_million_tiny_records(_token: &str) -> (StatusCode, String) {
    let records = vec![r#"{"id":1234567}"#; 1_100_000].join(",");
    let body = format!(r#"{{"status":200,"success":true,"data":[{records}]}}"#);
    assert!(body.len() < 16 * 1024 * 1024, "under the size cap");
    (StatusCode::OK, body)
}

/// `groups` and `plugins --format json`, each against a server answering
/// every request with `answer`: what each run did.
async fn each_list(answer: Answer) -> Vec<(&'static str, Run)> {
    let base_url = scripted_server(answer).await;
    // Bodies of megabytes, read and decoded by a debug build on a busy
    // machine: these tests are about what is decoded, not about time-outs.
    let home = Home::with_config("request_timeout_secs = 60\n");
    let mut runs = Vec::new();
    for subcommand in ["groups", "plugins"] {
        let run = home.run(&base_url, &[subcommand, "--format", "json"]).await;
        runs.push((subcommand, run));
    }
    runs
}

#[tokio::test]
async fn a_page_of_a_million_tiny_records_is_refused_naming_the_limit() {
    for (subcommand, run) in each_list(a_million_tiny_records).await {
        run.assert_failed(
            subcommand,
            &["`data` holds 1100000 records, more than the 5000 a page may hold: refused"],
        );
    }
}

/// Three records, the second with a lone surrogate escape in its name and
/// lists nested 100,000 deep in its `exact_days` and `abilities`.
fn one_bad_value_among_good_records(_token: &str) -> (StatusCode, String) {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let odd = format!(
        r#"{{"id":2,"name":"Odd \ud800 one","status":2,"exact_days":{deep},"abilities":{deep}}}"#
    );
    let body = format!(
        r#"{{"status":200,"success":true,"data":[{{"id":1,"name":"First","status":2}},{odd},{{"id":3,"name":"Third","status":2}}]}}"#
    );
    (StatusCode::OK, body)
}

#[tokio::test]
async fn one_bad_value_in_one_record_keeps_the_page() {
    for (subcommand, run) in each_list(one_bad_value_among_good_records).await {
        assert_eq!(run.code, Some(0), "{subcommand}: {}", run.stderr);
        assert_eq!(
            names_in(&run.stdout),
            ["First", "Odd \u{FFFD} one", "Third"],
            "{subcommand}"
        );
    }
}

fn data_nested_100_000_deep(_token: &str) -> (StatusCode, String) {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let body = format!(r#"{{"status":200,"success":true,"data":{deep}}}"#);
    (StatusCode::OK, body)
}

#[tokio::test]
async fn data_nested_100_000_deep_is_an_error_not_an_empty_list() {
    for (subcommand, run) in each_list(data_nested_100_000_deep).await {
        run.assert_failed(
            subcommand,
            &["expected a list of objects in `data`, found a list of lists"],
        );
    }
}
